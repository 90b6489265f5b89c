"""Actions: whose Action it is, opening one (free per character, then bought), ending it.

Rule IDs: CAPES-PAGE-001 (at least one Action per character: free Actions
cannot be skipped), CAPES-PAGE-012 (clockwise from the Starter, one free
Action per character), CAPES-PAGE-013 (then one bought Action per player per
pass), CAPES-ACT-001 (at most one core step: src 98 "One time in their Action
they may either use an Ability or create a Conflict", so an Action of stakes,
splits or Inspirations alone is whole), CAPES-ACT-002 (stake, split and inspire
only around the core step, never during a roll or Reactions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capeworks.engine import Event
from capeworks.engine.kit import order_from
from capeworks.errors import NotPermitted, RuleViolation
from capeworks.systems.capes import events as ev
from capeworks.systems.capes.common import event, need_page, own_character, pay, with_page
from capeworks.systems.capes.flow import advance, can_buy, require_turn
from capeworks.systems.capes.queries import cast_of
from capeworks.systems.capes.state import ActionState, CapesState, PagePhase, Round

__all__ = [
    "APPLIERS",
    "decide_actions_pass",
    "decide_end_action",
    "narration_goes_on",
    "open_action",
    "require_window",
]


def open_action(state: CapesState, actor: str, character: str, *, doing: str) -> tuple[list[Event], str]:
    """The acting character, with an ``action_started`` event if the Action is new."""
    page = need_page(state)
    if page.phase is PagePhase.NARRATION:
        raise narration_goes_on(state, doing)
    if page.phase is not PagePhase.ACTIONS:
        raise RuleViolation(
            "CAPES-PAGE-003", f"You can {doing} only in the Action phase; this is the {page.phase} phase."
        )
    require_turn(state, actor, doing=doing)
    action = page.action
    if action is not None:
        if character and own_character(state, actor, character) != action.character:
            name = state.roster[action.character].sheet.name
            raise RuleViolation(
                "CAPES-ACT-001", f"This Action is {name}'s; end it before acting with another character."
            )
        return [], action.character
    mine = cast_of(state, actor)
    if page.round is Round.FREE:
        left = [c for c in mine if c not in page.free_actions_used]
        if character:
            key = own_character(state, actor, character)
            if key not in left:
                raise RuleViolation(
                    "CAPES-PAGE-012", f"{state.roster[key].sheet.name} has had their free Action this Page."
                )
        elif len(left) == 1:
            key = left[0]
        else:
            raise RuleViolation(
                "CAPES-PAGE-012", f"Say which character acts: {state.characters_named(left)}."
            )
        return [event("action_started", player=actor, character=key, bought=False, paid=0)], key
    key = own_character(state, actor, character)
    paid = pay(state, actor, "An extra Action")
    return [event("action_started", player=actor, character=key, bought=True, paid=paid)], key


def narration_goes_on(state: CapesState, doing: str) -> RuleViolation:
    """The refusal of an Action's move in free narration by anyone but the Starter, whose own Action
    ends it (CAPES-PAGE-011, src 91)."""
    starter = state.name(need_page(state).starter)
    return RuleViolation(
        "CAPES-PAGE-011",
        f"Free narration goes on until {starter}, the Starter, ends it by taking an Action; you cannot "
        f"{doing} yet.",
    )


def require_window(state: CapesState, actor: str, *, doing: str) -> ActionState | None:
    """Refuse ``doing`` between a roll and its decision or during Reactions (CAPES-ACT-002)."""
    page = need_page(state)
    action = page.action
    if action is not None and (action.roll is not None or action.reactions is not None):
        raise RuleViolation(
            "CAPES-ACT-002", f"You cannot {doing} during a roll or its Reactions; wait until they are over."
        )
    return action


def decide_end_action(state: CapesState, actor: str) -> list[Event]:
    """Finish the Action once something was done in it: the core step is optional (CAPES-ACT-001,
    src 98 "may"); not over a roll still to keep or turn back (src 188), nor while others may still
    react (src 200: the Reactions go round until nobody wants one)."""
    page = need_page(state)
    action = page.action
    if action is None:
        raise RuleViolation("CAPES-ACT-001", "No Action is under way.")
    require_turn(state, actor, doing="end the Action")
    if action.player != actor:
        raise NotPermitted(f"This is {state.name(action.player)}'s Action.")
    require_window(state, actor, doing="end the Action")
    return [event("action_ended", player=actor, character=action.character)]


def decide_actions_pass(state: CapesState, actor: str) -> list[Event]:
    """Declining to buy an Action this pass; free Actions cannot be skipped (CAPES-PAGE-001)."""
    page = need_page(state)
    require_turn(state, actor, doing="pass")
    if page.action is not None:
        raise RuleViolation("CAPES-ACT-001", "Finish your Action (end_action) first.")
    if page.round is Round.FREE:
        raise RuleViolation(
            "CAPES-PAGE-001",
            "Every character present takes at least one Action each Page; take your free Action.",
        )
    return [event("actions_passed", player=actor)]


def _next_actor(state: CapesState, *, bought: bool) -> CapesState:
    assert state.scene is not None and state.scene.page is not None
    page = state.scene.page
    if page.round is Round.FREE:
        return state
    order = order_from(state.players, page.starter)
    nxt, rnd, flag = advance(order, page.turn, page.round, page.bought_this_pass or bought, can_buy(state))
    if nxt is None:
        return with_page(state, phase=PagePhase.RESOLVING, turn="", round=Round.FREE, bought_this_pass=False)
    return with_page(state, turn=nxt, round=rnd, bought_this_pass=flag)


def _started(state: CapesState, data: ev.ActionStarted) -> CapesState:
    assert state.scene is not None and state.scene.page is not None
    page = state.scene.page
    player, paid = str(data.player), int(data.paid)
    action = ActionState(player=player, character=data.character, bought=bool(data.bought))
    used = page.free_actions_used if data.bought else (*page.free_actions_used, data.character)
    state = state.model_copy(update={"tokens": {**state.tokens, player: state.tokens.get(player, 0) - paid}})
    return with_page(state, action=action, free_actions_used=used)


def _ended(state: CapesState, data: ev.ActionEnded) -> CapesState:
    assert state.scene is not None and state.scene.page is not None
    bought = state.scene.page.action is not None and state.scene.page.action.bought
    state = with_page(state, action=None)
    return _next_actor(state, bought=bought)


def _passed(state: CapesState, data: ev.ActionsPassed) -> CapesState:
    return _next_actor(state, bought=False)


APPLIERS: dict[str, Callable[[CapesState, Any], CapesState]] = {
    "action_started": _started,
    "action_ended": _ended,
    "actions_passed": _passed,
}
