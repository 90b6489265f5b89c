"""Pages: claiming, free narration, the Starter's call to act, and the Not Yet / And Then rules.

Rule IDs: CAPES-PAGE-003 (phases in order), CAPES-PAGE-004 (one free claim
each, clockwise from the Starter), CAPES-PAGE-005 (more claims for a token,
PROPOSED clockwise, one per pass), CAPES-PAGE-006 (a claimed side is taken),
CAPES-PAGE-007 (only an allied side; option ``uninvolved_may_claim``),
CAPES-PAGE-008 (not a Conflict added this Page), CAPES-PAGE-010 (free
narration recorded), CAPES-PAGE-011 (the Starter begins the Actions),
CAPES-PRIN-002 / CAPES-CONF-005 (Not Yet), CAPES-CONF-006 (And Then prompt).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capeworks.engine import DiceService, Event
from capeworks.engine.kit import order_from
from capeworks.errors import RuleViolation
from capeworks.systems.capes import events as ev
from capeworks.systems.capes.commands import BeginActions, ClaimSide, Narrate
from capeworks.systems.capes.common import (
    Ctx,
    event,
    find_conflict,
    find_side,
    need_page,
    need_scene,
    pay,
    with_page,
)
from capeworks.systems.capes.events import PREFIX
from capeworks.systems.capes.flow import advance, can_buy, require_turn, whose_turn
from capeworks.systems.capes.queries import (
    adds_after_claim,
    and_then_finishers,
    player_sides,
)
from capeworks.systems.capes.state import AndThen, CapesState, Claim, Conflict, PagePhase, Round, Said

__all__ = [
    "APPLIERS",
    "after_claim_lapses",
    "and_then_lapses",
    "begin_actions",
    "claim_side",
    "decide_claims_pass",
    "narrate",
    "require_claimable",
    "starts_the_actions",
]


def claim_side(state: CapesState, ctx: Ctx, cmd: ClaimSide, dice: DiceService) -> list[Event]:
    actor = ctx.actor.id
    page = need_page(state)
    if page.phase is not PagePhase.CLAIMS:
        raise RuleViolation(
            "CAPES-PAGE-003", f"Claims are made at the start of a Page; this is the {page.phase} phase."
        )
    require_turn(state, actor, doing="claim")
    conflict = find_conflict(state, cmd.conflict)
    side = find_side(conflict, cmd.side)
    paid = require_claimable(
        state, actor, conflict, side.id, uninvolved_may_claim=ctx.config.uninvolved_may_claim
    )
    return [event("claimed", player=actor, conflict=conflict.id, side=side.id, paid=paid, adds_after=True)]


def require_claimable(
    state: CapesState, actor: str, conflict: Conflict, side: str, *, uninvolved_may_claim: bool
) -> int:
    """Refuse ``actor``'s claim of ``side`` of ``conflict`` at the claims of the current Page unless
    the rules allow it: rolled on already (CAPES-PAGE-008), not taken (CAPES-PAGE-006), allied
    (CAPES-PAGE-007, or uninvolved under the option), paid for in the bought go-around
    (CAPES-PAGE-005). Returns the price. The claim's handler and the claim's menu both ask it."""
    page = need_page(state)
    if conflict.created_page == page.number or find_side(conflict, side).created_page == page.number:
        raise RuleViolation(
            "CAPES-PAGE-008",
            f"Conflict {conflict.card} was added this Page; nobody has rolled on it, so it cannot be claimed "
            "yet.",
        )
    holder = next((c for c in page.claims if c.conflict == conflict.id and c.side == side), None)
    if holder is not None:
        raise RuleViolation(
            "CAPES-PAGE-006",
            f"Side {side} of {conflict.card} is already claimed by {state.name(holder.player)}.",
        )
    # a character who staked under the option without rolling has taken its stake's side: its player is
    # no longer uninvolved, and may claim that side (and no other) as one who rolled for it would
    taken = player_sides(state, conflict, actor)
    if side not in taken and not (uninvolved_may_claim and not taken):
        raise RuleViolation(
            "CAPES-PAGE-007",
            f"You may only claim a side you are allied with; none of your characters last rolled to help "
            f"side {side} of {conflict.card}" + (", or staked on it." if uninvolved_may_claim else "."),
        )
    return pay(state, actor, "An extra claim") if page.round is Round.BOUGHT else 0


def after_claim_lapses(state: CapesState, event: Event) -> CapesState:
    """The claimer's say after a claim ends with any event but that claim and their own additions
    (Conflicts and characters, src 85-88)."""
    page = state.scene.page if state.scene else None
    if page is None or not page.after_claim:
        return state
    if event.type == PREFIX + "claimed":
        return state
    payload = event.payload
    # making a character for the table (add_sample, create_character) is part of adding one
    if (
        isinstance(payload, (ev.ConflictCreated, ev.CharacterChosen, ev.CharacterAdded))
        and payload.player == page.after_claim
    ):
        return state
    return with_page(state, after_claim="")


def and_then_lapses(state: CapesState) -> CapesState:
    """An And Then hand-off (CAPES-CONF-006) ends with its Conflict: once resolved, Deadlocked, vetoed or
    discarded there is nothing left to finish (and a narration about it would be refused)."""
    pending = state.and_then
    if pending is None or not pending.lapses or state.conflict(pending.conflict) is not None:
        return state
    return state.model_copy(update={"and_then": None})


def decide_claims_pass(state: CapesState, actor: str) -> list[Event]:
    """Ending your claiming turn without (another) claim."""
    require_turn(state, actor, doing="pass")
    return [event("claims_passed", player=actor)]


def _require_narrators_turn(state: CapesState, actor: str, conflict: str) -> None:
    """Refuse narration out of turn (CAPES-PRIN-003, src 25-26: "When it's your turn you get to narrate.
    On other people's turns you listen"), but in free narration, where anybody narrates (src 90,
    CAPES-PAGE-010), for a player handed an And Then about that Conflict, who finishes another's
    narration on their turn (src 113, CAPES-CONF-006), and right after a Deadlock, whose resolution
    the players "collaboratively narrate" (src 143, CAPES-RES-009)."""
    page = state.scene.page if state.scene is not None else None
    if page is not None and page.phase is PagePhase.NARRATION:
        return
    if state.collaborating and not conflict:  # a Deadlock's resolution, narrated together (src 143)
        return
    pending = state.and_then
    if pending is not None and conflict == pending.conflict and actor in pending.finishers:
        return
    player, what = whose_turn(state)
    if player is not None and player != actor:
        raise RuleViolation(
            "CAPES-PRIN-003",
            f"On another player's turn you listen: it is {state.name(player)}'s turn to {what}. Anybody "
            "narrates in free narration, after the claims.",
        )


def narrate(state: CapesState, ctx: Ctx, cmd: Narrate, dice: DiceService) -> list[Event]:
    actor = ctx.actor.id
    need_scene(state)
    if not cmd.conflict:
        _require_narrators_turn(state, actor, "")
        return [event("narrated", player=actor, text=cmd.text, conflict="", finishers=[])]
    conflict = find_conflict(state, cmd.conflict)
    if cmd.outcome:
        raise RuleViolation(
            "CAPES-CONF-005",
            f"Not yet: only the Resolver narrates how {conflict.card} turns out, when resolving it.",
        )
    _require_narrators_turn(state, actor, conflict.id)
    finishers = and_then_finishers(state, conflict, actor)
    return [
        event(
            "narrated",
            player=actor,
            text=cmd.text,
            conflict=conflict.id,
            finishers=finishers,
            lapses=bool(finishers),
        )
    ]


def begin_actions(state: CapesState, ctx: Ctx, cmd: BeginActions, dice: DiceService) -> list[Event]:
    """The Starter ends free narration and begins the Action phase (CAPES-PAGE-011)."""
    actor = ctx.actor.id
    page = need_page(state)
    if page.phase is not PagePhase.NARRATION:
        raise RuleViolation(
            "CAPES-PAGE-003", f"The Action phase follows free narration; this is the {page.phase} phase."
        )
    require_turn(state, actor, doing="begin the Actions")
    return [event("actions_begun", player=actor)]


def starts_the_actions(state: CapesState, actor: str, *, adding: bool = False) -> list[Event]:
    """The ``actions_begun`` that ``actor``'s move opens, if any: the Starter "ends free play whenever
    they want by taking Actions for their characters" (CAPES-PAGE-011, src 91), so the Starter's move
    of an Action in free narration begins the Actions with it; ``begin_actions`` does it on its own.

    ``adding``: the move creates a Conflict. A claimer may still add Conflicts right after their claim
    (src 85, CAPES-PAGE-009): the Starter's Conflict then is that addition, not an Action.
    """
    page = state.scene.page if state.scene is not None else None
    if page is None or page.phase is not PagePhase.NARRATION or actor != page.starter:
        return []
    if adding and adds_after_claim(state, actor):
        return []
    return [event("actions_begun", player=actor)]


def _next_claimer(state: CapesState, *, bought: bool) -> CapesState:
    assert state.scene is not None and state.scene.page is not None
    page = state.scene.page
    order = order_from(state.players, page.starter)
    nxt, rnd, flag = advance(order, page.turn, page.round, page.bought_this_pass or bought, can_buy(state))
    return with_page(state, turn=nxt or "", round=rnd, bought_this_pass=flag)


def _claimed(state: CapesState, data: ev.Claimed) -> CapesState:
    assert state.scene is not None and state.scene.page is not None
    player, paid = str(data.player), int(data.paid)
    claim = Claim(player=player, conflict=data.conflict, side=data.side)
    claims = (*state.scene.page.claims, claim)
    state = state.model_copy(update={"tokens": {**state.tokens, player: state.tokens.get(player, 0) - paid}})
    state = with_page(state, claims=claims, after_claim=player if data.adds_after else "")
    return _next_claimer(state, bought=paid > 0)


def _claims_passed(state: CapesState, data: ev.ClaimsPassed) -> CapesState:
    return _next_claimer(state, bought=False)


def _narrated(state: CapesState, data: ev.Narrated) -> CapesState:
    said = Said(player=str(data.player), about="narration", text=str(data.text), conflict=str(data.conflict))
    update: dict[str, Any] = {"narration": (*state.narration, said)}
    pending = state.and_then
    if data.finishers:
        update["and_then"] = AndThen(
            conflict=data.conflict, by=data.player, finishers=tuple(data.finishers), lapses=data.lapses
        )
    elif pending is not None and data.conflict == pending.conflict and data.player in pending.finishers:
        update["and_then"] = None
    return state.model_copy(update=update)


def _actions_begun(state: CapesState, data: ev.ActionsBegun) -> CapesState:
    assert state.scene is not None and state.scene.page is not None
    page = state.scene.page
    return with_page(
        state, phase=PagePhase.ACTIONS, turn=page.starter, round=Round.FREE, bought_this_pass=False
    )


APPLIERS: dict[str, Callable[[CapesState, Any], CapesState]] = {
    "claimed": _claimed,
    "claims_passed": _claims_passed,
    "narrated": _narrated,
    "actions_begun": _actions_begun,
}
