"""Capes as a capeworks ruleset: registration, command dispatch, the fold, prompts.

Rule IDs: CAPES-PRIN-001 (no GM: ``has_gm = False``, every player equal),
CAPES-PRIN-003 (the rules say whose turn it is; out-of-turn commands are
refused with the name of the player whose turn it is). Registered under the
``capeworks.rulesets`` entry point as ``capes``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from pydantic import BaseModel

from capeworks.engine import Context, DiceService, Event, Prompt, PromptOption, Ruleset, Viewer
from capeworks.engine.ruleset import SampleSession
from capeworks.errors import RuleViolation
from capeworks.systems.capes import abilities, actions, conflicts, debt, pages, resolving, roster, scenes
from capeworks.systems.capes.commands import (
    COMMANDS,
    Accept,
    AddExemplar,
    AddSample,
    BeginActions,
    Choose,
    ClaimSide,
    CreateClickAndLock,
    CreateConflict,
    CreateFreeform,
    Deadlock,
    DeclareScene,
    EndAction,
    EndScene,
    Gloat,
    Inspire,
    Narrate,
    ObjectStake,
    OverdrawnRoll,
    Pass,
    React,
    Resolve,
    Revert,
    Split,
    SplitOff,
    StakeDebt,
    UseAbility,
    Veto,
)
from capeworks.systems.capes.config import CapesConfig
from capeworks.systems.capes.flow import require_turn, settle, whose_turn
from capeworks.systems.capes.render import describe
from capeworks.systems.capes.state import CapesState, Inspiration, PagePhase

__all__ = ["CapesRuleset"]

_Applier = Callable[[CapesState, dict[str, Any]], CapesState]

_APPLIERS: dict[str, _Applier] = {
    "character_added": roster.apply_character_added,
    **scenes.APPLIERS,
    **pages.APPLIERS,
    **actions.APPLIERS,
    **conflicts.APPLIERS,
    **abilities.APPLIERS,
    **debt.APPLIERS,
    **resolving.APPLIERS,
}


def _pass(state: CapesState, actor: str) -> list[Event]:
    scene = state.scene
    if scene is None:
        return scenes.decide_scene_pass(state, actor)
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
    """The event with display names for the seats and characters it mentions (for render.py)."""
    d = event.data

    def listed(key: str) -> list[Any]:
        value = d.get(key)
        return list(value) if isinstance(value, list | tuple) else []

    players = [d.get(k) for k in ("player", "by", "to")]
    players += [*listed("tokens"), *(i.get("player") for i in listed("inspirations"))]
    characters = [d.get("character"), *(r.get("character") for r in listed("returned"))]
    characters += [str(f).split("/")[0] for f in listed("failed")]
    names = {p: state.names[p] for p in players if isinstance(p, str) and p in state.names}
    names |= {c: state.roster[c].sheet.name for c in characters if isinstance(c, str) and c in state.roster}
    if not names:
        return event
    return event.model_copy(update={"data": {**d, "names": names}})


def _seat_joined(state: CapesState, data: dict[str, Any]) -> CapesState:
    seat = data["seat"]
    if seat.get("role", "player") != "player" or seat["id"] in state.players:
        return state
    cfg = state.config
    return state.model_copy(
        update={
            "players": (*state.players, seat["id"]),
            "names": {**state.names, seat["id"]: seat["name"]},
            "tokens": {**state.tokens, seat["id"]: cfg.start_story_tokens},
            "inspirations": {
                **state.inspirations,
                seat["id"]: tuple(Inspiration(value=v, source="start") for v in cfg.start_inspirations),
            },
        }
    )


class CapesRuleset(Ruleset[CapesState, CapesConfig]):
    """Capes: GM-less, competitive-cooperative superhero storytelling."""

    name = "capes"
    title = "Capes"
    config_model = CapesConfig
    state_model = CapesState
    commands: ClassVar[dict[str, type[BaseModel]]] = COMMANDS
    has_gm = False

    def initial_state(self, config: CapesConfig) -> CapesState:
        return CapesState(config=config)

    def decide(
        self, state: CapesState, context: Context, command: BaseModel, dice: DiceService
    ) -> list[Event]:
        return [_with_names(state, e) for e in self._decide(state, context, command, dice)]

    def _decide(
        self, state: CapesState, context: Context, command: BaseModel, dice: DiceService
    ) -> list[Event]:
        actor = context.actor.id
        cmd: Any = command
        if isinstance(cmd, Pass):
            return _pass(state, actor)
        if isinstance(cmd, AddSample | CreateFreeform | CreateClickAndLock | AddExemplar):
            return roster.decide_character(state, actor, cmd)
        if isinstance(cmd, DeclareScene | Choose | EndScene):
            return scenes.decide_scene(state, actor, cmd)
        if isinstance(cmd, ClaimSide | Narrate | BeginActions):
            return pages.decide_page(state, actor, cmd)
        if isinstance(cmd, CreateConflict | Veto):
            return conflicts.decide_conflict(state, actor, cmd)
        if isinstance(cmd, UseAbility | React | Inspire | Accept | Revert):
            return abilities.decide_ability(state, actor, cmd, dice)
        if isinstance(cmd, StakeDebt | ObjectStake | Split | SplitOff | OverdrawnRoll):
            return debt.decide_debt(state, actor, cmd, dice)
        if isinstance(cmd, EndAction):
            return actions.decide_end_action(state, actor)
        assert isinstance(cmd, Resolve | Gloat | Deadlock)
        return resolving.decide_resolution(state, actor, cmd)

    def apply(self, state: CapesState, event: Event) -> CapesState:
        if event.type == "table.seat_joined":
            return _seat_joined(state, event.data)
        applier = _APPLIERS.get(event.type)
        if applier is None:
            return state
        new = applier(state, event.data)
        if event.type != "conflict_created" and new.vetoable:
            new = new.model_copy(update={"vetoable": ""})
        if event.type != "staked" and new.objectable is not None:
            new = new.model_copy(update={"objectable": None})
        return settle(new)

    def view(self, state: CapesState, viewer: Viewer) -> dict[str, Any]:
        data = state.model_dump(mode="json")
        player, what = whose_turn(state)
        data["turn"] = {"player": player, "doing": what}
        return data

    def prompts(self, state: CapesState) -> list[Prompt]:
        return _prompts(state)

    def describe(self, event: Event) -> str:
        return describe(event)

    def sample_session(self) -> SampleSession:
        from capeworks.systems.capes.samples import sample_session

        return sample_session()


def _options(*values: str) -> tuple[PromptOption, ...]:
    return tuple(PromptOption(value=v) for v in values)


def _prompts(state: CapesState) -> list[Prompt]:
    out: list[Prompt] = []
    player, what = whose_turn(state)
    scene = state.scene
    page = scene.page if scene else None
    if player is not None:
        kind, rule, options = "turn", "CAPES-PRIN-003", _options("pass")
        default: str | None = "pass"
        if scene is None:
            kind, rule, options = "declare_scene", "CAPES-SCENE-002", _options("declare_scene", "pass")
        elif scene.casting:
            kind, rule, options = "choose", "CAPES-SCENE-004", _options("choose", "pass")
        elif page is not None and page.phase is PagePhase.OVERDRAWN:
            kind, rule, options, default = (
                "overdrawn_roll",
                "CAPES-DEBT-003",
                _options("overdrawn_roll"),
                "overdrawn_roll",
            )
        elif page is not None and page.phase is PagePhase.CLAIMS:
            kind, rule, options = (
                "claim",
                "CAPES-PAGE-004",
                _options("claim", "create_conflict", "choose", "pass"),
            )
        elif page is not None and page.phase is PagePhase.NARRATION:
            kind, rule, options, default = (
                "begin_actions",
                "CAPES-PAGE-011",
                _options("begin_actions", "narrate"),
                "begin_actions",
            )
        elif page is not None and page.phase is PagePhase.ACTIONS:
            action = page.action
            if action is not None and action.roll is not None:
                kind, rule, options, default = (
                    "accept_or_revert",
                    "CAPES-ABIL-003",
                    _options("accept", "revert"),
                    None,
                )
            elif action is not None and action.reactions is not None:
                kind, rule, options = "react", "CAPES-REACT-003", _options("react", "pass")
            elif action is not None:
                kind, rule = "action", "CAPES-ACT-002"
                options, default = (
                    _options(
                        "stake",
                        "split",
                        "split_off",
                        "inspire",
                        "use_ability",
                        "create_conflict",
                        "end_action",
                    ),
                    None,
                )
            else:
                kind, rule, default = "action", "CAPES-PAGE-012", None
                options = _options("use_ability", "create_conflict", "stake", "split", "inspire", "pass")
        elif page is not None and page.phase is PagePhase.RESOLVING:
            # CAPES-GLOAT-001: the table judges the Code; the claimant gloats instead if it would be broken
            kind, rule, options, default = (
                "resolve_or_gloat",
                "CAPES-GLOAT-001",
                _options("resolve", "gloat"),
                "resolve",
            )
        out.append(
            Prompt(
                id=f"turn-{kind}-{player}",
                seat=player,
                kind=kind,
                rule=rule,
                question=f"{state.name(player)}: {what}.",
                options=options,
                default=default,
            )
        )
    if state.vetoable:
        conflict = state.conflict(state.vetoable)
        if conflict is not None:
            rule = "CAPES-EG-007" if conflict.kind == "goal" else "CAPES-EG-002"
            for seat in state.players:
                if seat != conflict.creator_player:
                    out.append(
                        Prompt(
                            id=f"veto-{conflict.id}-{seat}",
                            seat=seat,
                            kind="veto",
                            rule=rule,
                            question=f"Veto {conflict.kind} {conflict.text!r}? (only now, as it is declared)",
                            options=_options("veto", "allow"),
                            default="allow",
                        )
                    )
    if state.objectable is not None:
        check = state.objectable
        for seat in state.players:
            if seat != check.player:
                out.append(
                    Prompt(
                        id=f"object-{check.conflict}-{seat}",
                        seat=seat,
                        kind="object_stake",
                        rule="CAPES-STAKE-003",
                        question=(
                            f"Object to {state.name(check.player)}'s stake of {check.amount} {check.pool} on "
                            f"{check.conflict}? (only if it is not morally charged for that Drive)"
                        ),
                        options=_options("object", "allow"),
                        default="allow",
                    )
                )
    if state.and_then is not None:
        for seat in state.and_then.finishers:
            out.append(
                Prompt(
                    id=f"and-then-{state.and_then.conflict}-{seat}",
                    seat=seat,
                    kind="and_then",
                    rule="CAPES-CONF-006",
                    question=f"And then: you control {state.and_then.conflict}; finish the narration.",
                    free_text=True,
                )
            )
    return out
