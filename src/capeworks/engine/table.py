"""A table: one game's log of events and the state folded from it.

State changes only through commands: the ruleset turns a command into events,
the table stamps them (sequence number, command id, acting seat) and folds
them in. ``Table.replay(log)`` rebuilds the same state from the same log, byte
for byte. Undo appends a ``table.reverted`` event naming the command it takes
back; the fold skips that command's events. Nothing is ever deleted.

Two-step use for stores with optimistic concurrency::

    events = table.prepare(command)              # decide, nothing changes yet
    store.append(table_id, events, expected_version=table.version)
    table.commit(events)                         # fold them in
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from capeworks.engine.dice_service import DiceService
from capeworks.engine.model import Audience, Command, Event, Prompt, Role, Seat, Viewer
from capeworks.engine.registry import get_ruleset
from capeworks.engine.ruleset import Context, Ruleset
from capeworks.errors import InvalidCommand, LimitExceeded, NotFound, NotPermitted, RuleViolation

__all__ = [
    "CREATED",
    "MAX_PAYLOAD_BYTES",
    "REVERTED",
    "SEAT_JOINED",
    "SEEDED",
    "Table",
    "describe_validation_error",
]

CREATED = "table.created"
SEEDED = "table.seeded"
SEAT_JOINED = "table.seat_joined"
REVERTED = "table.reverted"

#: engine command types, handled by the table itself rather than the ruleset
ENGINE_COMMANDS = ("join", "undo")

#: the largest command payload accepted, as JSON bytes; stops oversized requests early
MAX_PAYLOAD_BYTES = 16_384


def describe_validation_error(what: str, error: ValidationError) -> str:
    """Turn pydantic's report into one sentence a player can read."""
    parts = []
    for item in error.errors()[:3]:
        where = ".".join(str(p) for p in item["loc"]) or "value"
        parts.append(f"{where}: {item['msg']}")
    more = "" if error.error_count() <= 3 else f" (and {error.error_count() - 3} more)"
    return f"Cannot read {what}: " + "; ".join(parts) + more + "."


class Table:
    """One game in progress: ruleset, config, seats, log and folded state."""

    def __init__(self, ruleset: Ruleset[Any, Any], log: Sequence[Event] = ()) -> None:
        self.ruleset = ruleset
        self._log: list[Event] = list(log)
        self._refold()

    # -- construction ---------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        ruleset: str | Ruleset[Any, Any],
        *,
        config: Mapping[str, Any] | None = None,
        seats: Iterable[Seat] = (),
        seed: int | str | None = None,
        title: str = "",
    ) -> Table:
        """A fresh table; ``seed`` fixes the dice (a random one is drawn if None)."""
        rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        try:
            parsed = rs.parse_config(config)
        except ValidationError as e:
            raise InvalidCommand(describe_validation_error(f"the {rs.title} rules config", e)) from None
        seed_value = seed if seed is not None else secrets.randbits(63)
        table = cls(rs)
        table.commit(
            table._stamp(
                [
                    Event(
                        type=CREATED,
                        data={
                            "ruleset": rs.name,
                            "config": parsed.model_dump(mode="json"),
                            "title": title,
                        },
                    ),
                    Event(type=SEEDED, data={"seed": seed_value}, audience=Audience.gm_only()),
                ],
                seat=None,
            )
        )
        for seat in seats:
            table.commit(table.prepare_join(seat))
        return table

    @classmethod
    def replay(cls, log: Sequence[Event]) -> Table:
        """Rebuild a table from its log; the first event names the ruleset."""
        if not log or log[0].type != CREATED:
            raise InvalidCommand("A table log must start with a table.created event.")
        return cls(get_ruleset(str(log[0].data["ruleset"])), log)

    # -- reading --------------------------------------------------------------------------------

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event, in order, including reverted ones."""
        return tuple(self._log)

    @property
    def version(self) -> int:
        """Number of events in the log; the store's optimistic-concurrency version."""
        return len(self._log)

    @property
    def state(self) -> BaseModel:
        """The ruleset's folded game state."""
        assert self._state is not None, "table has no table.created event"
        return self._state

    @property
    def config(self) -> BaseModel:
        """The table's validated rules config."""
        assert self._config is not None
        return self._config

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Seats in the order they joined."""
        return tuple(self._seats.values())

    @property
    def title(self) -> str:
        """The table's name."""
        return self._title

    def seat(self, seat_id: str) -> Seat:
        """The seat with this id, or NotFound."""
        try:
            return self._seats[seat_id]
        except KeyError:
            raise NotFound(f"Nobody sits at seat {seat_id!r} at this table.") from None

    def prompts(self, viewer: Viewer | None = None) -> list[Prompt]:
        """Open prompts, all of them or only those ``viewer`` answers (the GM sees all)."""
        prompts = self.ruleset.prompts(self.state)
        if viewer is None or viewer.is_gm:
            return prompts
        return [p for p in prompts if p.seat == viewer.seat]

    def visible_log(self, viewer: Viewer) -> list[Event]:
        """The events ``viewer`` may see."""
        return [e for e in self._log if e.audience.admits(viewer)]

    def view(self, viewer: Viewer) -> dict[str, Any]:
        """Everything ``viewer`` may see, JSON-ready: the projection sent to a seat."""
        return {
            "ruleset": self.ruleset.name,
            "title": self._title,
            "version": self.version,
            "config": self.config.model_dump(mode="json"),
            "seats": [s.model_dump(mode="json") for s in self.seats],
            "state": self.ruleset.view(self.state, viewer),
            "prompts": [p.model_dump(mode="json") for p in self.prompts(viewer)],
        }

    def viewer_for(self, seat_id: str) -> Viewer:
        """The viewer for a seat (GM seats see everything)."""
        seat = self.seat(seat_id)
        return Viewer(seat=seat.id, is_gm=seat.role == Role.GM)

    def fold_fields(self) -> dict[str, Any]:
        """What the fold holds besides the log, JSON-ready; a store snapshot saves this."""
        return {
            "version": self.version,
            "state": self.state.model_dump(mode="json"),
            "config": self.config.model_dump(mode="json"),
            "seats": [s.model_dump(mode="json") for s in self.seats],
            "seed": self._seed,
            "title": self._title,
            "next_command": self._next_command,
        }

    @classmethod
    def resume(cls, ruleset: Ruleset[Any, Any], log: Sequence[Event], fields: Mapping[str, Any]) -> Table:
        """The table as :meth:`fold_fields` saw it, then the rest of ``log`` folded in.

        Raises ValueError, KeyError or pydantic's ValidationError when ``fields``
        do not fit this ruleset; callers then replay the whole log instead.
        """
        version = int(fields["version"])
        if not 0 < version <= len(log):
            raise ValueError(f"snapshot version {version} is outside the log (1..{len(log)})")
        table = cls(ruleset)
        table._state = ruleset.state_model.model_validate(fields["state"])
        table._config = ruleset.parse_config(fields["config"])
        seats = [Seat.model_validate(s) for s in fields["seats"]]
        table._seats = {s.id: s for s in seats}
        table._seed = fields["seed"]
        table._title = str(fields["title"])
        table._next_command = int(fields["next_command"])
        table._log = list(log[:version])
        later = list(log[version:])
        if later:
            # folds one by one, or re-folds the whole log when an undo is among them
            table.commit(later)
        return table

    # -- changing -------------------------------------------------------------------------------

    def prepare(self, command: Command, *, dice: Sequence[int] | None = None) -> list[Event]:
        """Decide a command into stamped events without changing the table.

        ``dice`` are physical results to use instead of the seeded generator.
        """
        if command.type == "join":
            raise InvalidCommand("Join a table with prepare_join, not as a game command.")
        if command.type == "undo":
            return self.prepare_undo(command.seat)
        actor = self.seat(command.seat)
        size = len(json.dumps(command.payload, default=str).encode())
        if size > MAX_PAYLOAD_BYTES:
            raise LimitExceeded(
                f"That command is too large ({size} bytes); the limit is {MAX_PAYLOAD_BYTES} bytes."
            )
        model = self.ruleset.commands.get(command.type)
        if model is None:
            known = ", ".join(sorted([*self.ruleset.commands, "undo"]))
            raise InvalidCommand(f"{self.ruleset.title} has no command {command.type!r}. Known: {known}.")
        try:
            parsed = model.model_validate(command.payload)
        except ValidationError as e:
            raise InvalidCommand(describe_validation_error(f"the {command.type} command", e)) from None
        service = (
            DiceService.given(list(dice))
            if dice is not None
            else DiceService.seeded(f"{self._seed}:{self.version}")
        )
        events = self.ruleset.decide(self.state, Context(actor=actor, seats=self.seats), parsed, service)
        service.finish()
        rolled = [r for e in events for r in e.rolls]
        if len(rolled) != len(service.records):
            raise AssertionError(
                f"{self.ruleset.name}: a roll for {command.type!r} is missing from its events"
            )
        return self._stamp(events, seat=actor.id)

    def prepare_join(self, seat: Seat) -> list[Event]:
        """Events seating a new person."""
        if seat.id in self._seats:
            raise RuleViolation("TABLE-SEAT", f"Seat {seat.id!r} is already taken.")
        if seat.role == Role.GM and not self.ruleset.has_gm:
            raise RuleViolation("TABLE-SEAT", f"{self.ruleset.title} is played without a GM.")
        return self._stamp([Event(type=SEAT_JOINED, data={"seat": seat.model_dump(mode="json")})], seat=None)

    def prepare_undo(self, seat_id: str) -> list[Event]:
        """Events taking back the latest command still in effect.

        The GM may undo anything; a player only their own latest command.
        """
        actor = self.seat(seat_id)
        target = self._latest_effective_command()
        if target is None:
            raise RuleViolation("TABLE-UNDO", "There is nothing to undo.")
        command_id, by_seat = target
        if actor.role != Role.GM and by_seat != actor.id:
            raise NotPermitted("You can only undo your own latest action; ask the GM to undo others'.")
        return self._stamp([Event(type=REVERTED, data={"command_id": command_id})], seat=actor.id)

    def commit(self, events: Sequence[Event]) -> None:
        """Fold prepared events in and append them to the log."""
        if events and events[0].seq != self.version + 1:
            raise InvalidCommand("These events were prepared for another version of the table.")
        if any(e.type == REVERTED for e in events):
            self._log.extend(events)
            self._refold()
            return
        for event in events:
            self._fold_one(event)
            self._log.append(event)

    def execute(self, command: Command, *, dice: Sequence[int] | None = None) -> list[Event]:
        """Prepare and commit a command in one step; returns the new events."""
        events = self.prepare(command, dice=dice)
        self.commit(events)
        return events

    def join(self, seat: Seat) -> list[Event]:
        """Seat a new person."""
        events = self.prepare_join(seat)
        self.commit(events)
        return events

    def undo(self, seat_id: str) -> list[Event]:
        """Take back the latest command still in effect."""
        events = self.prepare_undo(seat_id)
        self.commit(events)
        return events

    # -- folding --------------------------------------------------------------------------------

    def _reset(self) -> None:
        self._state: BaseModel | None = None
        self._config: BaseModel | None = None
        self._seats: dict[str, Seat] = {}
        self._seed: int | str = 0
        self._title = ""
        self._next_command = 1

    def _stamp(self, events: Sequence[Event], *, seat: str | None) -> list[Event]:
        command_id = self._next_command
        first = self.version + 1
        return [
            e.model_copy(update={"seq": first + i, "command_id": command_id, "seat": seat})
            for i, e in enumerate(events)
        ]

    def _fold_one(self, event: Event) -> None:
        self._next_command = max(self._next_command, event.command_id + 1)
        if event.type == CREATED:
            self._config = self.ruleset.parse_config(event.data["config"])
            self._title = str(event.data.get("title", ""))
            self._state = self.ruleset.initial_state(self._config)
            return
        if event.type == SEEDED:
            self._seed = event.data["seed"]
            return
        if event.type == REVERTED:
            return
        if event.type == SEAT_JOINED:
            seat = Seat.model_validate(event.data["seat"])
            self._seats[seat.id] = seat
        self._state = self.ruleset.apply(self.state, event)

    def _refold(self) -> None:
        reverted = {int(e.data["command_id"]) for e in self._log if e.type == REVERTED}
        log = self._log
        self._reset()
        for event in log:
            if event.command_id in reverted:
                self._next_command = max(self._next_command, event.command_id + 1)
                continue
            self._fold_one(event)
        self._log = log

    def _latest_effective_command(self) -> tuple[int, str] | None:
        reverted = {int(e.data["command_id"]) for e in self._log if e.type == REVERTED}
        for event in reversed(self._log):
            if event.type.startswith("table."):
                continue
            if event.command_id not in reverted and event.seat is not None:
                return event.command_id, event.seat
        return None
