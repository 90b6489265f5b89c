"""What each seat may do now at a Capes table, with the fields already decided.

Capes is played in turns (CAPES-PRIN-003): the seat whose turn it is gets the
moves of the phase (claim a side, use an ability with one of their
characters, resolve a claimed Conflict ...), everyone gets the windows they
may act in (veto, object, And Then, narration, voting to end the Scene) and
the roster commands the table takes (new characters at any time, src 58). The web table draws its buttons from
these; the lab's policies choose among them.
"""

from __future__ import annotations

from capeworks.engine import LegalCommand
from capeworks.engine.ruleset import prompt_commands
from capeworks.systems.capes.abilities import can_inspire, can_react, can_use, require_reaction_window
from capeworks.systems.capes.actions import open_action
from capeworks.systems.capes.common import takes
from capeworks.systems.capes.conflicts import can_add_at_page_start
from capeworks.systems.capes.debt import can_split, can_split_off, can_stake
from capeworks.systems.capes.flow import whose_turn
from capeworks.systems.capes.fold import apply_event
from capeworks.systems.capes.pages import require_claimable, starts_the_actions
from capeworks.systems.capes.prompts import open_prompts
from capeworks.systems.capes.queries import (
    adds_after_claim,
    cast_of,
    deadlock_possible,
    resolvable_claims,
)
from capeworks.systems.capes.roster import can_add_exemplar, can_add_sample, can_create
from capeworks.systems.capes.scenes import can_choose
from capeworks.systems.capes.state import CapesState, Conflict, Page, PagePhase, Scene

__all__ = ["legal_moves"]


def _move(command: str, label: str = "", **fixed: object) -> LegalCommand:
    return LegalCommand(command=command, fixed=fixed, label=label or command.replace("_", " "))


def _claimable(state: CapesState, seat: str, conflict: Conflict, side: str) -> bool:
    """Would the table take ``seat``'s claim of ``side`` now (the handler's own check)?"""
    return takes(
        require_claimable, state, seat, conflict, side, uninvolved_may_claim=state.config.uninvolved_may_claim
    )


def _around_core(state: CapesState, seat: str, character: str, *, core: bool) -> list[LegalCommand]:
    """The Action moves ``character`` has some way to make now, each offered only where the handler's
    own checks take some fill of the fields the player chooses (CAPES-ABIL-002, CAPES-ACT-003,
    CAPES-STAKE-001/002/005, CAPES-SPLIT-001..005)."""
    offers: dict[str, bool] = {
        "stake": can_stake(state, character),
        "split": can_split(state, character),
        "split_off": can_split_off(state, character),
        "inspire": can_inspire(state, seat, character),
    }
    if core:
        offers = {"use_ability": can_use(state, seat, character), **offers}
    return [_move(c, character=character) for c, ok in offers.items() if ok]


def _roster_moves(state: CapesState) -> list[LegalCommand]:
    """The roster commands the table takes now: new characters at any time, mid-Scene too
    (CAPES-SCENE-006, src 58), Exemplars and remade sheets only between Scenes (CAPES-CHAR-002/011)."""
    offers = {
        "add_sample": can_add_sample(state),
        "create_character": can_create(state),
        "create_click_and_lock": can_create(state),
        "add_exemplar": can_add_exemplar(state),
    }
    return [_move(c) for c, ok in offers.items() if ok]


def legal_moves(state: CapesState, seat: str) -> list[LegalCommand]:
    """The commands ``seat`` may issue now: the prompts' answers, then (between Scenes) the roster
    before declaring, or (in a Scene) the moves of the Page before the roster."""
    out: list[LegalCommand] = []
    for prompt in open_prompts(state):
        if prompt.seat == seat:
            out.extend(prompt_commands(prompt))
    roster = _roster_moves(state)
    if state.scene is None:
        if whose_turn(state)[0] is None:
            # nobody's turn yet (the first Scene): any volunteer may declare it (CAPES-SCENE-001)
            roster.append(_move("declare_scene", "declare the next Scene"))
        return out + roster
    return out + _scene_moves(state, seat, state.scene) + roster


def _scene_moves(state: CapesState, seat: str, scene: Scene) -> list[LegalCommand]:
    """The moves of the running Scene open to ``seat``: its windows, and its turn's moves."""
    out: list[LegalCommand] = []
    if seat not in scene.end_votes:
        out.append(_move("end_scene", "vote to end the Scene"))
    player, _ = whose_turn(state)
    page = scene.page
    if page is not None and page.phase is PagePhase.NARRATION and player != seat:
        out.append(_move("narrate"))
    elif state.collaborating:  # a Deadlock's resolution, narrated together (src 143)
        out.append(_move("narrate", "narrate the Deadlock's resolution"))
    # right after a claim (src 85); in free narration the Starter's turn is to act, so hers too
    if (
        page is not None
        and (player != seat or page.phase is PagePhase.NARRATION)
        and adds_after_claim(state, seat)
    ):
        if can_add_at_page_start(state, seat):
            out.append(_move("create_conflict", "add a Conflict after your claim"))
        if can_choose(state, seat):
            out.append(_move("choose", "add a character after your claim"))
    if player != seat or page is None:
        return out
    mine = cast_of(state, seat)
    if page.phase is PagePhase.CLAIMS:
        for conflict in state.conflicts:
            out += [
                _move(
                    "claim",
                    f"claim {state.card(conflict.id)} side {side.id}",
                    conflict=conflict.id,
                    side=side.id,
                )
                for side in conflict.sides
                if _claimable(state, seat, conflict, side.id)
            ]
        if can_add_at_page_start(state, seat):
            out.append(_move("create_conflict"))
    elif page.phase is PagePhase.NARRATION:
        out += _starters_action(state, seat)
    elif page.phase is PagePhase.ACTIONS:
        out += _action_moves(state, seat, page, mine)
    elif page.phase is PagePhase.RESOLVING:
        for claim in resolvable_claims(state, seat):
            out.append(_move("gloat", f"gloat on {state.card(claim.conflict)}", conflict=claim.conflict))
        # a Deadlock: the turn's prompt offers it to its declarer (CAPES-RES-009); a Scene of an older
        # log took one from anybody at any time
        if not scene.deadlocks_in_turn:
            due = [c for c in state.conflicts if deadlock_possible(state, c)]
            out += [_move("deadlock", f"declare {state.card(c.id)} Deadlocked", conflict=c.id) for c in due]
    return out


def _action_moves(state: CapesState, seat: str, page: Page, mine: list[str]) -> list[LegalCommand]:
    """``seat``'s moves on their turn in the Action phase: an Action's, or a Reaction."""
    out: list[LegalCommand] = []
    action = page.action
    if action is None or (action.roll is None and action.reactions is None):
        # a new Action opens with a character who still may act (CAPES-PAGE-012/013)
        characters = (
            [action.character]
            if action is not None
            else [c for c in mine if takes(open_action, state, seat, c, doing="act")]
        )
        core = action is None or not action.core_done
        for character in characters:
            out += _around_core(state, seat, character, core=core)
        if core and characters:
            out.append(_move("create_conflict"))
    elif action.reactions is not None and takes(require_reaction_window, state, seat):
        out += [_move("react", character=c) for c in mine if can_react(state, c, action.reactions)]
    return out


def _starters_action(state: CapesState, seat: str) -> list[LegalCommand]:
    """The Starter's Action moves in free narration, which begin the Actions (CAPES-PAGE-011, src 91):
    those the Action phase would offer her, on the state her move's ``actions_begun`` leads to. Right
    after her claim, a Conflict she creates is an addition at Page start instead (src 85), offered as one."""
    ahead = state
    for event in starts_the_actions(state, seat):
        ahead = apply_event(ahead, event)
    page = ahead.scene.page if ahead.scene is not None else None
    if page is None or page.phase is not PagePhase.ACTIONS or whose_turn(ahead)[0] != seat:
        return []
    out = _action_moves(ahead, seat, page, cast_of(ahead, seat))
    if adds_after_claim(state, seat):
        out = [m for m in out if m.command != "create_conflict"]
    return out
