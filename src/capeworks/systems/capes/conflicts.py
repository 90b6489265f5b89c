"""Conflicts: creating Events and Goals (in an Action or at Page start), vetoes, failed Goals.

Rule IDs: CAPES-CONF-001 (two dice at 1), CAPES-CONF-002 (dice sides A and B;
the first roller may name the side it helps), CAPES-CONF-008, CAPES-EG-001/002
(Events; anyone may veto at declaration), CAPES-EG-004/006/007 (Goals: the aim
side, no retry after failure in the Scene, veto only for reasons a or b),
CAPES-ACT-005 (creating as an Action is free; the creator is recorded),
CAPES-PAGE-009 (adding at Page start: exemplar or non-person Free Conflict,
else a Story Token), CAPES-CHAR-012 / CAPES-CHAR-017 (once per Scene).

A veto takes the declaration back entirely: a token paid is refunded, a Free
Conflict may be used again, and an Action's core step is open again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capeworks.engine import DiceService, Event
from capeworks.errors import RuleViolation
from capeworks.systems.capes import events as ev
from capeworks.systems.capes.actions import narration_goes_on, open_action, require_window
from capeworks.systems.capes.building import parse_list
from capeworks.systems.capes.commands import CreateConflict, Veto
from capeworks.systems.capes.common import (
    Ctx,
    event,
    find_character,
    find_conflict,
    need_page,
    own_character,
    pay,
    takes,
    with_page,
    with_scene,
)
from capeworks.systems.capes.flow import require_turn
from capeworks.systems.capes.queries import adds_after_claim, cast_of
from capeworks.systems.capes.sheet import ConflictKind, slug
from capeworks.systems.capes.state import CapesState, Conflict, PagePhase, Round, Side

__all__ = ["APPLIERS", "can_add_at_page_start", "check_page_start_add", "create_conflict", "goal_key", "veto"]


def goal_key(character: str, text: str) -> str:
    """How a failed Goal is remembered for a character (CAPES-EG-006)."""
    return f"{character}/{slug(text)}"


def _exemplar_pair(state: CapesState, one: str, other: str) -> bool:
    """Is one of these two characters an Exemplar of the other? (CAPES-CHAR-011/012)"""
    a, b = state.roster[one].sheet, state.roster[other].sheet
    return any(slug(e.character) == other for e in a.exemplars) or any(
        slug(e.character) == one for e in b.exemplars
    )


def _free_key(state: CapesState, actor: str, cmd: CreateConflict, creator: str) -> str:
    scene = state.scene
    assert scene is not None
    if cmd.free == "non_person":
        sheet = state.roster[creator].sheet
        if not sheet.non_person:
            raise RuleViolation("CAPES-CHAR-017", f"{sheet.name} is not a non-person character.")
        key = f"non_person:{creator}"
    else:
        other = find_character(state, cmd.exemplar) if cmd.exemplar else ""
        if other and other == creator:
            # src 253: "Either the player of the character or the Exemplar may play it": the Exemplar's
            # player naming the Exemplar (their own character) means the pair it is in, if just one
            partners = [c for c in scene.cast if c != creator and _exemplar_pair(state, creator, c)]
            if len(partners) != 1:
                named = state.characters_named(partners) or "none in this Scene"
                raise RuleViolation(
                    "CAPES-CHAR-012",
                    f"Name the other character of the pair in exemplar= ({named}), not "
                    f"{state.roster[creator].sheet.name} itself.",
                )
            other = partners[0]
        if not other or other not in scene.cast:
            raise RuleViolation(
                "CAPES-CHAR-012",
                "The Exemplar Free Conflict needs the character and its Exemplar both in the Scene.",
            )
        a, b = state.roster[creator].sheet, state.roster[other].sheet
        if not _exemplar_pair(state, creator, other):
            raise RuleViolation(
                "CAPES-CHAR-012", f"{b.name} is not an Exemplar of {a.name} (nor the other way)."
            )
        key = "exemplar:" + "+".join(sorted((creator, other)))
    if key in scene.free_used:
        raise RuleViolation("CAPES-CHAR-012", "That Free Conflict has already been played this Scene.")
    return key


def check_page_start_add(state: CapesState, actor: str, cmd: CreateConflict) -> tuple[str, str, int]:
    """The creator, Free Conflict played (or "") and Story Tokens paid of a Conflict added at Page start.

    The create_conflict handler's checks of the fields a player fills in there (CAPES-PAGE-009,
    CAPES-RSRC-001, CAPES-CHAR-012/017); the menu asks them too (:func:`can_add_at_page_start`).
    """
    creator = own_character(state, actor, cmd.character)
    if cmd.free:
        return creator, _free_key(state, actor, cmd, creator), 0
    return creator, "", pay(state, actor, "Adding a Conflict at Page start")


def can_add_at_page_start(state: CapesState, actor: str) -> bool:
    """Would the table take some Conflict ``actor`` adds at Page start: paid, or a Free Conflict?"""
    assert state.scene is not None
    fills = [
        CreateConflict(text="a Conflict", character=c, free=free, exemplar=e)
        for c in cast_of(state, actor)
        for free, exemplars in (("", [""]), ("non_person", [""]), ("exemplar", list(state.scene.cast)))
        for e in exemplars
    ]
    return any(takes(check_page_start_add, state, actor, f) for f in fills)


def create_conflict(state: CapesState, ctx: Ctx, cmd: CreateConflict, dice: DiceService) -> list[Event]:
    actor = ctx.actor.id
    page = need_page(state)
    scene = state.scene
    assert scene is not None
    events: list[Event] = []
    paid, free_key, as_action = 0, "", False
    if page.phase is PagePhase.ACTIONS:
        if cmd.free:
            raise RuleViolation(
                "CAPES-PAGE-009", "Free Conflicts are added at the start of a Page, not in an Action."
            )
        events, creator = open_action(state, actor, cmd.character, doing="create a Conflict")
        action = page.action
        require_window(state, actor, doing="create a Conflict")
        if action is not None and action.core_done:
            raise RuleViolation(
                "CAPES-ACT-001", "This Action has had its one ability use or Conflict already."
            )
        as_action = True
    elif page.phase is PagePhase.CLAIMS or adds_after_claim(state, actor):
        if not adds_after_claim(state, actor):
            require_turn(state, actor, doing="add a Conflict")
        creator, free_key, paid = check_page_start_add(state, actor, cmd)
    elif page.phase is PagePhase.NARRATION:
        raise narration_goes_on(state, "create a Conflict")
    else:
        raise RuleViolation(
            "CAPES-PAGE-009",
            f"Conflicts are created in an Action or added at Page start, not in the {page.phase} phase.",
        )
    goal_for: tuple[str, ...] = ()
    if cmd.goal_for and cmd.kind is not ConflictKind.GOAL:
        raise RuleViolation(
            "CAPES-EG-004",
            "Only a Goal is declared for characters (goal_for=); an Event says what will happen.",
            field="goal_for",
        )
    if cmd.both_want and cmd.kind is not ConflictKind.GOAL:
        raise RuleViolation(
            "CAPES-EG-005",
            "Only a Goal has sides that both want it (both_want=); an Event happens whoever resolves it.",
            field="both_want",
        )
    if cmd.kind is ConflictKind.GOAL:
        goal_for = tuple(find_character(state, n) for n in parse_list(cmd.goal_for)) or (creator,)
        for character in goal_for:
            if character not in scene.cast:  # src 122: characters trying something, here (src 32)
                raise RuleViolation(
                    "CAPES-EG-004",
                    f"{state.roster[character].sheet.name} is not in this Scene; a Goal is for characters "
                    "who are here to try it.",
                )
            if goal_key(character, cmd.text) in scene.failed_goals:
                raise RuleViolation(
                    "CAPES-EG-006",
                    f"{state.roster[character].sheet.name} failed the Goal “{cmd.text}” this Scene "
                    "and may not attempt it again.",
                )
    side_a = cmd.side_a or (cmd.text if cmd.kind is ConflictKind.GOAL else "")
    return [
        *events,
        Event.of(
            ev.ConflictCreated(
                id=f"c{state.next_conflict}",
                kind=cmd.kind,
                text=cmd.text,
                creator=creator,
                side_a=side_a,
                side_b=cmd.side_b,
                goal_for=goal_for,
                both_want=cmd.both_want,
                free_key=free_key,
                player=actor,
                paid=paid,
                as_action=as_action,
            )
        ),
    ]


def veto(state: CapesState, ctx: Ctx, cmd: Veto, dice: DiceService) -> list[Event]:
    actor = ctx.actor.id
    conflict = find_conflict(state, cmd.conflict)
    if state.vetoable != conflict.id:
        raise RuleViolation(
            "CAPES-EG-002",
            f"A Conflict can be vetoed only at the moment it is declared; {conflict.card} is in play.",
        )
    reason = cmd.reason.strip().lower()
    if conflict.kind is ConflictKind.GOAL:
        if reason == "a":
            mine = set(cast_of(state, actor))
            if not mine & set(conflict.goal_for):
                raise RuleViolation(
                    "CAPES-EG-007", "Reason a is for the player of a character the Goal is declared for."
                )
        elif reason != "b":
            raise RuleViolation(
                "CAPES-EG-007",
                "A Goal can be vetoed only for reason a (it is declared for your character) or b "
                "(Gloat-prone while that side has an unresolved Gloat-worthy Conflict, by the table's "
                "judgement).",
            )
    return [event("conflict_vetoed", conflict=conflict.id, player=actor, reason=reason)]


def _card(state: CapesState, data: ev.ConflictCreated) -> Conflict:
    """The Conflict card a ``conflict_created`` makes, on the Page it is made on (CAPES-CONF-001)."""
    page = state.scene.page if state.scene is not None else None
    return Conflict(
        id=data.id,
        kind=data.kind,
        text=data.text,
        creator=data.creator,
        creator_player=data.player,
        created_page=page.number if page is not None else 0,
        sides=(Side(id="A", label=data.side_a), Side(id="B", label=data.side_b)),
        aim_side="A" if data.kind is ConflictKind.GOAL else "",
        goal_for=data.goal_for,
        both_want=data.both_want,
        paid_token=data.paid > 0,
        free_key=data.free_key,
    )


def _created(state: CapesState, data: ev.ConflictCreated) -> CapesState:
    conflict = _card(state, data)
    player, paid = str(data.player), int(data.paid)
    state = state.model_copy(
        update={
            "conflicts": (*state.conflicts, conflict),
            "next_conflict": state.next_conflict + 1,
            "tokens": {**state.tokens, player: state.tokens.get(player, 0) - paid},
        }
    )
    assert state.scene is not None and state.scene.page is not None
    if conflict.free_key:
        state = with_scene(state, free_used=(*state.scene.free_used, conflict.free_key))
    assert state.scene is not None
    page = state.scene.page
    assert page is not None
    if data.as_action and page.action is not None:
        state = with_page(
            state, action=page.action.model_copy(update={"core_done": True, "created": conflict.id})
        )
    elif paid and page.round is Round.BOUGHT:
        state = with_page(state, bought_this_pass=True)
    return state.model_copy(update={"vetoable": conflict.id})


def _vetoed(state: CapesState, data: ev.ConflictVetoed) -> CapesState:
    conflict = state.conflict(str(data.conflict))
    assert conflict is not None and state.scene is not None
    refund = state.config.token_price if conflict.paid_token else 0
    state = state.model_copy(
        update={
            "conflicts": tuple(c for c in state.conflicts if c.id != conflict.id),
            "tokens": {
                **state.tokens,
                conflict.creator_player: state.tokens.get(conflict.creator_player, 0) + refund,
            },
            "vetoable": "",
        }
    )
    assert state.scene is not None
    state = with_scene(state, free_used=tuple(k for k in state.scene.free_used if k != conflict.free_key))
    page = state.scene.page if state.scene else None
    if page is not None and page.action is not None and page.action.created == conflict.id:
        state = with_page(state, action=page.action.model_copy(update={"core_done": False, "created": ""}))
    return state


APPLIERS: dict[str, Callable[[CapesState, Any], CapesState]] = {
    "conflict_created": _created,
    "conflict_vetoed": _vetoed,
}
