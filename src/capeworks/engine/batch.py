"""The one fold-as-you-go builder: the events of one command, folded as they are made.

A handler that must see its own earlier events (a roll, then its outcome) makes
a :class:`Batch` with ``ctx.batch(state)``, ``emit``\\ s typed payloads and
returns the batch. The events come out already stamped (sequence number,
command id, acting seat) and ``batch.state`` is the state they fold to, so the
table commits that state instead of folding the same events again. ``apply``
sees exactly what a replay of the log will give it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic

from typing_extensions import TypeVar

from capeworks.engine.audience import Audience, RollRecord
from capeworks.engine.event import Event, EventData, Later

__all__ = ["Batch"]

S = TypeVar("S", default=Any)

_EVERYONE = Audience()
_new = object.__new__


class Batch(Generic[S]):
    """The events of one command so far, and the state they have made."""

    __slots__ = ("_command_id", "_fold", "_seat", "_seq", "events", "state")

    #: fold every event given with ``folds_to`` as well, and raise when the states differ (tests)
    check_folds: bool = False

    def __init__(
        self,
        state: S,
        fold: Callable[[S, Event], S],
        *,
        first_seq: int = 1,
        command_id: int = 0,
        seat: str | None = None,
    ) -> None:
        self.state = state
        self.events: list[Event] = []
        self._fold = fold
        self._seq = first_seq
        self._command_id = command_id
        self._seat = seat

    def emit(
        self,
        payload: EventData,
        *,
        rolls: tuple[RollRecord, ...] = (),
        audience: Audience | None = None,
        folds_to: S | None = None,
    ) -> Event:
        """Record one event carrying ``payload`` and fold it in; returns the event.

        ``folds_to``: the state the event folds to, already worked out by the emitter (what the
        fold would make of the batch's state and this event); taken as it is unless
        :attr:`check_folds` is on."""
        event = self._event(type(payload), payload, rolls, audience)
        if folds_to is None:
            self.state = self._fold(self.state, event)
            self.events.append(event)
            return event
        return self._take(event, folds_to)

    def emit_later(
        self,
        cls: type[EventData],
        make: Callable[[], EventData],
        *,
        folds_to: S,
        rolls: tuple[RollRecord, ...] = (),
        audience: Audience | None = None,
    ) -> Event:
        """Record one event of payload class ``cls`` that folds to ``folds_to``, its payload made by
        ``make`` only when first read (:class:`~capeworks.engine.event.Later`): stored, sent, put
        into words or folded again. With :attr:`check_folds` on it is made and folded at once."""
        event = self._event(cls, Later(make), rolls, audience)
        if self.check_folds and type(event.payload) is not cls:
            raise AssertionError(f"{event.type}: the payload made later is a {type(event.payload).__name__}")
        return self._take(event, folds_to)

    def _take(self, event: Event, folds_to: S) -> Event:
        """Record ``event`` with the state the emitter says it folds to (folded too, and compared,
        when :attr:`check_folds` is on)."""
        if self.check_folds and self._fold(self.state, event) != folds_to:
            raise AssertionError(
                f"{event.type}: the state given with the event is not what the event folds to"
            )
        self.state = folds_to
        self.events.append(event)
        return event

    def _event(
        self,
        cls: type[EventData],
        payload: EventData | Later,
        rolls: tuple[RollRecord, ...],
        audience: Audience | None,
    ) -> Event:
        # what ``Event(cls.TYPE, payload=payload, ...)`` makes, its slots set directly (once per event)
        event = _new(Event)
        event.type = cls.TYPE
        event._payload = payload
        event._data = None
        event.audience = audience if audience is not None else _EVERYONE
        event.rolls = rolls if type(rolls) is tuple else tuple(rolls)
        event.seat = self._seat
        event.seq = self._seq + len(self.events)
        event.command_id = self._command_id
        event.version = cls.VERSION
        return event

    def add(self, event: Event) -> Event:
        """Record an event made elsewhere (``Event.of``): stamped here, then folded in."""
        stamped = event.stamped(self._seq + len(self.events), self._command_id, self._seat)
        self.state = self._fold(self.state, stamped)
        self.events.append(stamped)
        return stamped

    def stamped_in_order(self) -> bool:
        """True when every event carries the stamp this batch gives it (none made by another batch)."""
        seq, command_id, seat = self._seq, self._command_id, self._seat
        # a loop, not all() over a generator: every command's batch is checked
        for i, e in enumerate(self.events):
            if e.seq != seq + i or e.command_id != command_id or e.seat != seat:
                return False
        return True
