"""The fold: one event applied to the state of a Capes table, then the flow settled.

Each topic module (roster, scenes, pages, actions, conflicts, abilities, debt, resolving) owns the
appliers of its events; this module maps the event types to them and does what follows every event:
a veto or objection window closes with any other event (not the declarer's end of Action, nor the
staker's own stakes and splits) and with the Actions of its Page, and so
does a Deadlock's joint narration; a claimer's say after their claim lapses; an And Then hand-off
ends with its Conflict; and :func:`.flow.settle` takes the automatic steps. The ruleset's ``apply``
is this, and so is a handler's look ahead (the Starter's Action beginning the Actions, CAPES-PAGE-011).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capeworks.engine import Event, Role, Seat
from capeworks.engine.table_events import SeatJoined
from capeworks.systems.capes import abilities, actions, conflicts, debt, pages, resolving, roster, scenes
from capeworks.systems.capes.events import (
    PREFIX,
    ActionStarted,
    ConflictCreated,
    Deadlocked,
    Inspired,
    Split,
    SplitOff,
    Staked,
)
from capeworks.systems.capes.flow import settle
from capeworks.systems.capes.state import CapesState, Inspiration, PagePhase, StakeCheck

__all__ = ["apply_event"]

#: an applier takes its own payload type; the table maps each type to its applier
_Applier = Callable[[CapesState, Any], CapesState]

_APPLIERS: dict[str, _Applier] = {
    PREFIX + kind: applier
    for kind, applier in {
        "character_added": roster.apply_character_added,
        **scenes.APPLIERS,
        **pages.APPLIERS,
        **actions.APPLIERS,
        **conflicts.APPLIERS,
        **abilities.APPLIERS,
        **debt.APPLIERS,
        **resolving.APPLIERS,
    }.items()
}


def _seat_joined(state: CapesState, seat: Seat) -> CapesState:
    """A player takes a seat: Story Tokens and Inspirations as the config starts them (CAPES-RSRC-003)."""
    if seat.role is not Role.PLAYER or seat.id in state.players:
        return state
    cfg = state.config
    return state.model_copy(
        update={
            "players": (*state.players, seat.id),
            "names": {**state.names, seat.id: seat.name},
            "tokens": {**state.tokens, seat.id: cfg.start_story_tokens},
            "inspirations": {
                **state.inspirations,
                seat.id: tuple(Inspiration(value=v, source="start") for v in cfg.start_inspirations),
            },
        }
    )


# The veto / objection window is the other players' (src 118, 152): the declarer ending their own Action
# does not close it; the next thing anyone else does (or the declarer's next move on the card) does.
# An objection or a veto is an answer, not a move: the other windows still open stay open.
_ANSWERS = frozenset({PREFIX + "stake_objected", PREFIX + "conflict_vetoed"})
_KEEP_VETO = frozenset({PREFIX + "conflict_created", PREFIX + "action_ended", *_ANSWERS})
_KEEP_OBJECTION = frozenset({PREFIX + "action_ended", *_ANSWERS})
# ... nor do the staker's own stakes and splits: the stake is what lets them split (src 175, 177), and the
# others' chance to object would otherwise never come (PROPOSED STAKE-003); the objection undoes such a
# split. A stake on a second card does not take the first one's window away: each stays open; nor does
# the Conflict the staker creates (src 100: the stake may come before it) or an Inspiration or a
# split-off elsewhere.
# ... nor do the declarer's own moves on other cards after declaring, in the same Action (src 100):
# an Inspiration, a stake or a split elsewhere; one on the new card itself is a move on it and closes it
_DECLARERS_MOVES = (Inspired, Staked, Split, SplitOff)


def _keeps_veto(before: CapesState, event: Event) -> bool:
    """Does ``event`` leave the veto window of the Conflict just declared open? (CAPES-EG-002)"""
    if event.type in _KEEP_VETO:
        return True
    page = before.scene.page if before.scene is not None else None
    action = page.action if page is not None else None
    move = event.payload
    return (
        isinstance(move, _DECLARERS_MOVES)
        and move.conflict != before.vetoable
        and action is not None
        and action.created == before.vetoable
    )


def _keeps_objection(check: StakeCheck, event: Event) -> bool:
    """Does ``event`` leave the objection window of the stake ``check`` open? (CAPES-STAKE-003)

    The staker's end of Action, their own further stakes and splits (on any card), the Conflict they
    create and their Inspiration or split-off on another card, and the answers to other moves (an objection to
    another stake, a veto) leave it open; anything else closes it. The staker starting the Action of
    another of their characters (src 92: their turn holds both) is no move yet: what that character
    does in it decides, so a second character's stake on the card leaves the first one's open.
    """
    if event.type in _KEEP_OBJECTION:
        return True
    move = event.payload
    if isinstance(move, ActionStarted):
        return move.player == check.player
    if (
        not isinstance(move, Staked | Split | ConflictCreated | Inspired | SplitOff)
        or move.player != check.player
    ):
        return False
    # an Inspiration on the staked card changes the dice an objection would put back, and a split-off
    # from it moves the stake to a side an objection does not take apart: each closes it
    return not isinstance(move, Inspired | SplitOff) or move.conflict != check.conflict


def _actions_over(before: CapesState, after: CapesState) -> bool:
    """Did the Actions of the Page end with this event? A veto or an objection answers a move made in
    them (src 104, 118): the window does not outlive them into the Page's resolving or the next Page."""
    old = before.scene.page if before.scene is not None else None
    if old is None or old.phase is not PagePhase.ACTIONS:
        return False
    new = after.scene.page if after.scene is not None else None
    return new is None or new.number != old.number or new.phase is not PagePhase.ACTIONS


def apply_event(state: CapesState, event: Event) -> CapesState:
    """Fold one event: its typed payload through the topic module's applier, then settle the flow."""
    payload = event.payload
    if isinstance(payload, SeatJoined):
        return _seat_joined(state, payload.seat)
    applier = _APPLIERS.get(event.type)
    if applier is None:
        return state
    new = applier(state, payload)
    if new.vetoable and not _keeps_veto(state, event):
        new = new.model_copy(update={"vetoable": ""})
    if new.objectable:
        # the stake just made is the staker's own move: it stays open with the rest it keeps open
        kept = tuple(c for c in new.objectable if c not in state.objectable or _keeps_objection(c, event))
        if kept != new.objectable:
            new = new.model_copy(update={"objectable": kept})
    if isinstance(payload, Deadlocked):
        new = new.model_copy(update={"collaborating": payload.conflict})
    elif event.type != PREFIX + "narrated" and new.collaborating:
        new = new.model_copy(update={"collaborating": ""})
    new = pages.after_claim_lapses(new, event)
    new = pages.and_then_lapses(new)
    settled = settle(new)
    if (settled.vetoable or settled.objectable) and _actions_over(state, settled):
        settled = settled.model_copy(update={"vetoable": "", "objectable": ()})
    return settled
