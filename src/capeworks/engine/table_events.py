"""The engine's own events (``table.*``): a table made, seeded, a seat taken, undo asked, refused, done.

Typed payloads like a ruleset's, so a ruleset's ``apply`` reads ``table.seat_joined``
as a :class:`SeatJoined` and the fold never reads raw dictionaries. Their JSON is
the same as contract v2 wrote; fields later releases added have defaults, so old
logs still read. Unknown fields are ignored here (the engine's events are read
by every release).
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, Field

from capeworks.engine.event import EventData
from capeworks.engine.model import Seat

__all__ = [
    "CREATED",
    "ENGINE_EVENTS",
    "REVERTED",
    "SEAT_JOINED",
    "SEEDED",
    "UNDO_REFUSED",
    "UNDO_REQUESTED",
    "Reverted",
    "SeatJoined",
    "Seeded",
    "TableCreated",
    "TableEvent",
    "UndoRefused",
    "UndoRequested",
]


class TableEvent(EventData, ruleset="table"):
    """Base of the engine's own events."""

    model_config = ConfigDict(frozen=True, extra="ignore")


class TableCreated(TableEvent, name="created"):
    """A new table: its ruleset, rules config, title and settings (raw: parsed by the ruleset)."""

    ruleset: str
    config: dict[str, Any] = Field(default_factory=dict)
    title: str = ""
    settings: dict[str, Any] = Field(default_factory=dict)


class Seeded(TableEvent):
    """The dice come from this seed (tests, reproductions; the GM alone sees it)."""

    seed: int | str


class SeatJoined(TableEvent):
    """Someone sits down."""

    seat: Seat


class Reverted(TableEvent):
    """Undo: command ``command_id`` (first logged at ``first_seq``) is taken back."""

    command_id: int
    first_seq: int | None = None


class UndoRequested(TableEvent):
    """A player asks the GM to take back command ``command_id``."""

    command_id: int


class UndoRefused(TableEvent):
    """The GM lets ``seat``'s command stand."""

    seat: str
    command_id: int


CREATED = TableCreated.TYPE
SEEDED = Seeded.TYPE
SEAT_JOINED = SeatJoined.TYPE
REVERTED = Reverted.TYPE
UNDO_REQUESTED = UndoRequested.TYPE
UNDO_REFUSED = UndoRefused.TYPE

#: event type -> payload model, for the engine's own events
ENGINE_EVENTS: dict[str, type[EventData]] = {
    m.TYPE: m for m in (TableCreated, Seeded, SeatJoined, Reverted, UndoRequested, UndoRefused)
}
