"""What a table folds from its log: the ruleset's state and the table's own fields beside it.

:class:`Fold` holds the folded state, the rules config, the settings, the seats,
the seed, the title, the next command id, the open undo requests and each
seat's latest command. It folds one event at a time (the engine's ``table.*``
events itself, the rest through the ruleset's ``apply``, with the payload
parsed first when the event was read from JSON, and upcast to its current
schema version when it was written at an older one), or starts from a
:class:`FoldBase`, the fields a snapshot saved (:meth:`Fold.fields`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from capeworks.engine.batch import Batch
from capeworks.engine.event import Event, Later
from capeworks.engine.model import Seat
from capeworks.engine.own_commands import TableSettings
from capeworks.engine.ruleset import Ruleset
from capeworks.engine.table_events import (
    Reverted,
    SeatJoined,
    Seeded,
    TableCreated,
    UndoRefused,
    UndoRequested,
)
from capeworks.engine.upcast import unreadable, upcast

__all__ = ["Fold", "FoldBase"]


@dataclass(frozen=True, slots=True)
class FoldBase:
    """Fold fields parsed for one ruleset: where a window's fold starts."""

    state: BaseModel
    config: BaseModel
    settings: TableSettings
    seats: tuple[Seat, ...]
    seed: int | str | None
    title: str
    next_command: int
    undo_requests: tuple[tuple[str, int], ...]

    @classmethod
    def parse(cls, ruleset: Ruleset[Any, Any], fields: Mapping[str, Any]) -> FoldBase:
        """Raises KeyError, TypeError, ValueError or ValidationError when ``fields`` do not fit."""
        return cls(
            state=ruleset.state_model.model_validate(fields["state"]),
            config=ruleset.parse_config(fields["config"]),
            settings=TableSettings.model_validate(fields.get("settings", {})),
            seats=tuple(Seat.model_validate(s) for s in fields["seats"]),
            seed=fields["seed"],
            title=str(fields["title"]),
            next_command=int(fields["next_command"]),
            undo_requests=tuple((str(k), int(v)) for k, v in dict(fields.get("undo_requests", {})).items()),
        )


class Fold:
    """The fields a table folds from its log, changed one event at a time."""

    __slots__ = (
        "config",
        "given_config",
        "latest_from",
        "latest_of",
        "next_command",
        "ruleset",
        "seats",
        "seats_in_order",
        "seed",
        "settings",
        "state",
        "title",
        "undo_requests",
    )

    def __init__(self, ruleset: Ruleset[Any, Any]) -> None:
        self.ruleset = ruleset
        # a table.created config dump and the config it was dumped from (:meth:`given`)
        self.given_config: tuple[dict[str, Any], BaseModel] | None = None
        self.start(None, 0)

    def given(self, dump: dict[str, Any], config: BaseModel) -> None:
        """``dump`` (a table.created event's config, about to be folded) is ``config``'s: the fold
        takes ``config`` rather than parse the dump again (``Table.new`` has just parsed it)."""
        self.given_config = (dump, config)

    def start(self, base: FoldBase | None, version: int) -> None:
        """Start again from ``base`` (saved at ``version``), or from nothing."""
        self.state: BaseModel | None = base.state if base else None
        self.config: BaseModel | None = base.config if base else None
        self.settings = base.settings if base else TableSettings()
        self.seats: dict[str, Seat] = {s.id: s for s in base.seats} if base else {}
        self.seats_in_order: tuple[Seat, ...] = tuple(self.seats.values())
        self.seed: int | str | None = base.seed if base else None
        self.title = base.title if base else ""
        self.next_command = base.next_command if base else 1
        self.undo_requests: dict[str, int] = dict(base.undo_requests) if base else {}
        # each seat's latest command in effect among the events folded since version latest_from
        self.latest_of: dict[str, int] = {}
        self.latest_from = version if base else 0

    def note(self, event: Event) -> None:
        """What the table keeps of every event beside the ruleset's state: command ids, whose latest."""
        if event.command_id >= self.next_command:
            self.next_command = event.command_id + 1
        if event.seat is not None and not event.type.startswith("table."):
            self.latest_of[event.seat] = event.command_id

    def skip(self, event: Event) -> None:
        """An event of a reverted command: only its command id counts."""
        if event.command_id >= self.next_command:
            self.next_command = event.command_id + 1

    def apply(self, state: Any, event: Event) -> Any:
        """The ruleset's fold of one event, its payload parsed first when it was read from JSON.

        An event read at an older schema version reaches the rules as at its current one.
        """
        payload = event._payload  # the engine's own event class: what ``parsed``/``payload`` read
        if payload is None:
            self.ruleset.payload(event)
            payload = event.payload
        elif isinstance(payload, Later):
            payload = event.payload
        if event.version != payload.VERSION:
            event = upcast(self.ruleset, event)
            event.attach(payload)
        return self.ruleset.apply(state, event)

    def fold(self, event: Event) -> None:
        """Fold one event in; one this release cannot read raises UnreadableEvent, naming it."""
        try:
            self._fold(event)
        except (LookupError, TypeError, ValueError, AttributeError) as e:  # ValidationError is a ValueError
            raise unreadable(event, e) from None

    def _fold(self, event: Event) -> None:
        self.note(event)
        if not event.type.startswith("table."):
            self.state = self.apply(self.state, event)
            return
        ruleset = self.ruleset
        payload = ruleset.payload(event)
        if isinstance(payload, TableCreated):
            given, self.given_config = self.given_config, None
            if given is not None and given[0] is payload.config:
                self.config = given[1]
                if Batch.check_folds and ruleset.parse_config(payload.config) != self.config:
                    raise AssertionError("the config given with table.created is not what its dump reads as")
            else:
                self.config = ruleset.parse_config(payload.config)
            self.settings = TableSettings.model_validate(payload.settings)
            self.title = payload.title
            self.state = ruleset.initial_state(self.config)
        elif isinstance(payload, Seeded):
            self.seed = payload.seed
        elif isinstance(payload, UndoRequested):
            assert event.seat is not None
            self.undo_requests[event.seat] = payload.command_id
        elif isinstance(payload, Reverted | UndoRefused):
            seat = payload.seat if isinstance(payload, UndoRefused) else None
            self.undo_requests = {
                s: c for s, c in self.undo_requests.items() if s != seat and c != payload.command_id
            }
        elif isinstance(payload, SeatJoined):
            self.seats[payload.seat.id] = payload.seat
            self.seats_in_order = tuple(self.seats.values())
            self.state = ruleset.apply(self.state, event)

    def fields(self, version: int) -> dict[str, Any]:
        """What the fold holds besides the log, JSON-ready; a store snapshot saves this."""
        assert self.state is not None and self.config is not None
        return {
            "version": version,
            "state": self.state.model_dump(mode="json"),
            "config": self.config.model_dump(mode="json"),
            "settings": self.settings.model_dump(mode="json"),
            "seats": [s.model_dump(mode="json") for s in self.seats_in_order],
            "seed": self.seed,
            "title": self.title,
            "next_command": self.next_command,
            "undo_requests": dict(self.undo_requests),
        }
