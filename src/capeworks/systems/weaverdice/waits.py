"""A Wait still pending: the marks a Wait leaves on the waiter until its slot comes, and the waiter's
slot following its trigger when a Delayed moves the trigger's turn.

Implements, with :mod:`.fight`'s turn handling, WD-COMBAT-027/028 (src 994: the waiter's place is
"just before the target individual", and they act "When the expected action happens"). A mark's
``source`` names the trigger (the waiter itself for an event, which the GM fires: "Expected actions
need not be from individuals"). :data:`WAITING` lasts until the order reaches the waiter's slot;
under ``wait_expiry = act_end_of_round`` a wait whose trigger does not act then becomes
:data:`LATE`, the turn owed at the end of the round.
"""

from __future__ import annotations

from collections.abc import Mapping

from capeworks.engine.kit import TurnOrder
from capeworks.systems.weaverdice import statuses as st
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.state import Combatant

__all__ = [
    "LATE",
    "WAITING",
    "follow_delay",
    "late_for",
    "marked",
    "unmarked",
    "waits_for",
    "waits_for_event",
]

#: a Wait not yet reached: the waiter acts just before ``source`` (WD-COMBAT-028)
WAITING = "waiting"
#: a Wait whose trigger did not act when the waiter's slot came: the turn comes at the round's end
#: (WD-COMBAT-028, wait_expiry = act_end_of_round)
LATE = "waiting_late"


def _mark(c: Combatant, name: str) -> str | None:
    for x in c.conditions:  # a loop, not next() over a generator: every turn's hand-on reads it
        if x.name == name and x.target == c.id:
            return x.source
    return None


def waits_for(c: Combatant) -> str | None:
    """Whom ``c`` waits for, its slot not yet reached, if anyone."""
    return _mark(c, WAITING)


def waits_for_event(c: Combatant) -> bool:
    """``c`` waits for an event, not a person (src 994 "Expected actions need not be from
    individuals"): its mark names ``c`` itself, as no person is the trigger; the GM fires it."""
    return waits_for(c) == c.id


def late_for(c: Combatant) -> str | None:
    """Whom ``c`` waited for in vain, its turn owed at the round's end, if anyone."""
    return _mark(c, LATE)


def marked(c: Combatant, name: str, trigger: str) -> Combatant:
    """``c`` carrying the mark ``name`` for ``trigger`` (gone with the encounter), and no other."""
    mark = st.Condition(name=name, target=c.id, source=trigger, endings=frozenset({st.Ending.ENCOUNTER_END}))
    return evolve(unmarked(c), {"conditions": (*unmarked(c).conditions, mark)})


def unmarked(c: Combatant) -> Combatant:
    """``c`` without a pending Wait's marks."""
    kept = tuple(x for x in c.conditions if x.name not in (WAITING, LATE))
    return c if len(kept) == len(c.conditions) else evolve(c, {"conditions": kept})


def follow_delay(order: TurnOrder, people: Mapping[str, Combatant], trigger: str) -> TurnOrder:
    """After a Delayed moved ``trigger``'s turn, whoever still waits for it moves to just before its
    new slot (src 994: the waiter acts "just before the target individual"; src 854 moves the
    target's next turn). The one acting keeps its place."""
    for ident in order.order:
        c = people.get(ident)
        if c is not None and ident != order.current and waits_for(c) == trigger:
            order = order.moved(ident, before=trigger)
    return order
