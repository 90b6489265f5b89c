"""Capes as a capeworks ruleset: the command table, the fold, prompts, legal moves and words.

Rule IDs: CAPES-PRIN-001 (no GM: ``has_gm = False``, every player equal),
CAPES-PRIN-003 (the rules say whose turn it is; out-of-turn commands are
refused with the name of the player whose turn it is). Registration only: the
handlers live in the topic modules (roster, scenes, pages, conflicts,
abilities, actions, debt, resolving), the fold in their ``APPLIERS``, prompts
in :mod:`.prompts`, legal moves in :mod:`.moves` and words in :mod:`.render`.
Registered under the ``capeworks.rulesets`` entry point as ``capes``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel

from capeworks.engine import (
    Batch,
    CommandOf,
    CommandSpec,
    Context,
    DiceService,
    Event,
    LegalCommand,
    Offers,
    Panel,
    Prompt,
    Ruleset,
    Seat,
    Viewer,
    command_table,
)
from capeworks.engine.ruleset import SampleSession
from capeworks.errors import RuleViolation
from capeworks.systems.capes import abilities, actions, conflicts, debt, pages, resolving, roster, scenes
from capeworks.systems.capes import commands as cmd
from capeworks.systems.capes import events as ev
from capeworks.systems.capes.common import Ctx
from capeworks.systems.capes.config import CapesConfig
from capeworks.systems.capes.events import EVENTS, UPCASTERS
from capeworks.systems.capes.flow import require_turn
from capeworks.systems.capes.fold import apply_event
from capeworks.systems.capes.moves import legal_moves
from capeworks.systems.capes.prompts import open_prompts
from capeworks.systems.capes.render import COMMAND_WORDS, WORDS, panels, turn_words
from capeworks.systems.capes.state import CapesState, PagePhase

__all__ = ["COMMANDS", "CapesRuleset"]


def _page_key(state: CapesState) -> tuple[int, int]:
    """Which Scene and Page the table is on (0 for none)."""
    scene = state.scene
    if scene is None or scene.page is None:
        return (scene.number if scene else 0, 0)
    return (scene.number, scene.page.number)


def _pass(state: CapesState, ctx: Ctx, command: cmd.Pass, dice: DiceService) -> list[Event]:
    """Pass: what passing means depends on where the table is (a state dispatch, not a command one)."""
    actor = ctx.actor.id
    scene = state.scene
    if scene is None:
        return scenes.decide_scene_pass(state, actor)
    if scene.closing:
        return scenes.decide_closing_pass(state, actor)
    if scene.casting or scene.page is None:
        return scenes.decide_casting_pass(state, actor)
    page = scene.page
    if page.phase is PagePhase.CLAIMS:
        return pages.decide_claims_pass(state, actor)
    if page.phase is PagePhase.ACTIONS:
        if page.action is not None and page.action.reactions is not None and page.action.roll is None:
            return abilities.decide_reaction_pass(state, actor)
        if page.action is not None and page.action.roll is not None:
            require_turn(state, actor, doing="pass")
            raise RuleViolation("CAPES-ABIL-003", "Accept the roll or turn the die back (accept / revert).")
        return actions.decide_actions_pass(state, actor)
    # nothing else can be passed: say whose turn it is first, then what they must do
    require_turn(state, actor, doing="pass")
    if page.phase is PagePhase.OVERDRAWN:
        raise RuleViolation("CAPES-DEBT-003", "An Overdrawn Drive must be rolled for (overdrawn_roll).")
    if page.phase is PagePhase.NARRATION:
        raise RuleViolation("CAPES-PAGE-011", "The Starter ends free narration with begin_actions.")
    raise RuleViolation("CAPES-RES-001", "A claimant whose side controls must resolve (or gloat).")


def _with_names(state: CapesState, event: Event) -> Event:
    """The event with display names for the seats, characters and Conflict card its payload mentions
    (for render.py): a card by what it is about, so nobody reads a bare "c1"."""
    p = event.payload
    tokens = getattr(p, "tokens", ())  # the players given tokens (a count, on a gloat)
    players = [getattr(p, k, None) for k in ("player", "by", "to")]
    players += [*(tokens if isinstance(tokens, tuple) else ())]
    players += [g.player for g in getattr(p, "inspirations", ())]
    characters = [getattr(p, "character", None), *(r.character for r in getattr(p, "returned", ()))]
    characters += [str(f).split("/")[0] for f in getattr(p, "failed", ())]
    free_key = getattr(p, "free_key", "")  # "exemplar:a+b" / "non_person:a": the Free Conflict's characters
    characters += str(free_key).partition(":")[2].split("+") if free_key else []
    names = {x: state.names[x] for x in players if isinstance(x, str) and x in state.names}
    names |= {c: state.roster[c].sheet.name for c in characters if isinstance(c, str) and c in state.roster}
    card = state.conflict(conflict) if isinstance(conflict := getattr(p, "conflict", None), str) else None
    if card is not None:
        names[ev.CARD + card.id] = card.text
    if not names:
        return event
    return event.model_copy(update={"payload": p.model_copy(update={"names": names})})


P = TypeVar("P", bound=BaseModel)


def _an_action(
    handler: Callable[[CapesState, Ctx, P, DiceService], list[Event]],
) -> Callable[[CapesState, Ctx, P, DiceService], Batch[CapesState] | list[Event]]:
    """An Action's move, which the Starter may make in free narration: it begins the Actions first
    (CAPES-PAGE-011, src 91: the Starter ends free play "by taking Actions"), and the handler decides
    on the state that follows, so its checks are the Action phase's."""

    def run(state: CapesState, ctx: Ctx, command: P, dice: DiceService) -> Batch[CapesState] | list[Event]:
        begun = pages.starts_the_actions(state, ctx.actor.id, adding=isinstance(command, cmd.CreateConflict))
        if not begun:
            return handler(state, ctx, command, dice)
        batch = ctx.batch(state)
        for event in begun:
            batch.add(event)
        for event in handler(batch.state, ctx, command, dice):
            batch.add(event)
        return batch

    run.__doc__ = handler.__doc__
    return run


def _end_action(state: CapesState, ctx: Ctx, command: cmd.EndAction, dice: DiceService) -> list[Event]:
    """End the Action (CAPES-ACT)."""
    return actions.decide_end_action(state, ctx.actor.id)


#: every command: Capes has no GM and no owners, so any seat may issue any; the rules check turn order
_SPECS: dict[str, CommandOf[CapesState, CapesConfig]] = {
    "declare_scene": CommandSpec(cmd.DeclareScene, scenes.declare_scene),
    "pass": CommandSpec(cmd.Pass, _pass),
    "create_character": CommandSpec(cmd.CreateFreeform, roster.create_freeform),
    "create_click_and_lock": CommandSpec(cmd.CreateClickAndLock, roster.create_click_and_lock),
    "add_sample": CommandSpec(cmd.AddSample, roster.add_sample),
    "add_exemplar": CommandSpec(cmd.AddExemplar, roster.add_exemplar),
    "choose": CommandSpec(cmd.Choose, scenes.choose),
    "claim": CommandSpec(cmd.ClaimSide, pages.claim_side),
    "create_conflict": CommandSpec(cmd.CreateConflict, _an_action(conflicts.create_conflict)),
    "veto": CommandSpec(cmd.Veto, conflicts.veto),
    "narrate": CommandSpec(cmd.Narrate, pages.narrate),
    "begin_actions": CommandSpec(cmd.BeginActions, pages.begin_actions),
    "use_ability": CommandSpec(cmd.UseAbility, _an_action(abilities.use_ability)),
    "accept": CommandSpec(cmd.Accept, abilities.accept),
    "revert": CommandSpec(cmd.Revert, abilities.revert),
    "react": CommandSpec(cmd.React, abilities.react),
    "stake": CommandSpec(cmd.StakeDebt, _an_action(debt.stake_debt)),
    "object": CommandSpec(cmd.ObjectStake, debt.object_stake),
    "split": CommandSpec(cmd.Split, _an_action(debt.split_die)),
    "split_off": CommandSpec(cmd.SplitOff, _an_action(debt.split_off)),
    "inspire": CommandSpec(cmd.Inspire, _an_action(abilities.inspire)),
    "end_action": CommandSpec(cmd.EndAction, _end_action),
    "overdrawn_roll": CommandSpec(cmd.OverdrawnRoll, debt.overdrawn_roll),
    "resolve": CommandSpec(cmd.Resolve, resolving.resolve),
    "gloat": CommandSpec(cmd.Gloat, resolving.gloat),
    "deadlock": CommandSpec(cmd.Deadlock, resolving.deadlock),
    "end_scene": CommandSpec(cmd.EndScene, scenes.vote_end_scene),
    "continue_scene": CommandSpec(cmd.ContinueScene, scenes.continue_scene),
}
COMMANDS = command_table(_SPECS)


class CapesRuleset(Ruleset[CapesState, CapesConfig]):
    """Capes: GM-less, competitive-cooperative superhero storytelling."""

    name = "capes"
    title = "Capes"
    config_model = CapesConfig
    state_model = CapesState
    commands: ClassVar[Mapping[str, CommandSpec[Any, Any, Any]]] = COMMANDS
    events = EVENTS
    upcasters = UPCASTERS
    words = WORDS
    command_words = COMMAND_WORDS
    has_gm = False
    #: every seat sees the whole table (view_key is the same for every player): any seat may export it
    has_secrets = False

    def initial_state(self, config: CapesConfig) -> CapesState:
        return CapesState(config=config)

    def settle(
        self, before: CapesState, batch: Batch[CapesState], context: Context[CapesConfig]
    ) -> Batch[CapesState]:
        """The command's events with display names for the ids they mention (as the state was
        before it), then a ``page_begun`` marker if they turned the Page (for the log).

        The names are for the log's words only (no applier reads them), so the state the handler's
        batch folded to is the one the named events fold to: they replace the events in place,
        keeping their stamps, and nothing is folded twice.
        """
        batch.events[:] = [_with_names(before, event) for event in batch.events]
        named = batch
        after = named.state
        page = after.scene.page if after.scene is not None else None
        if page is not None and _page_key(after) != _page_key(before):
            named.emit(
                ev.PageBegun(
                    scene=after.scene.number if after.scene else 0,
                    number=page.number,
                    starter=page.starter,
                    names={page.starter: after.name(page.starter)},
                )
            )
        return named

    def apply(self, state: CapesState, event: Event) -> CapesState:
        """Fold one event (:func:`.fold.apply_event`)."""
        return apply_event(state, event)

    def view_key(self, state: CapesState, viewer: Viewer) -> Hashable:
        """Capes has no secrets: every seat sees the same table."""
        return viewer.is_gm

    def view(self, state: CapesState, viewer: Viewer) -> dict[str, Any]:
        data = state.model_dump(mode="json")
        player, what = turn_words(state)
        data["turn"] = {"player": player, "doing": what}
        return data

    def prompts(self, state: CapesState) -> list[Prompt]:
        return open_prompts(state)

    def panels(self, state: CapesState, viewer: Viewer) -> list[Panel]:
        return panels(state, viewer)

    def legal_commands(
        self, state: CapesState, seat: Seat, offers: Offers | None = None
    ) -> list[LegalCommand]:
        """Whose turn it is decides (CAPES-PRIN-003); the shared offers are not needed."""
        return legal_moves(state, seat.id)

    def sample_session(self) -> SampleSession:
        from capeworks.systems.capes.samples import sample_session

        return sample_session()
