"""A table: one game's log of events and the state folded from it.

State changes only through commands: the ruleset turns a command into events,
the table stamps them (sequence number, command id, acting seat) and folds
them in. ``Table.replay(log)`` rebuilds the same state from the same log, byte
for byte. Undo appends a ``table.reverted`` event naming the command it takes
back; the fold skips that command's events. Nothing is ever deleted.

The engine's own commands, beside the ruleset's:

* ``answer`` (``prompt=ID option=VALUE`` or ``value=TEXT``) answers any open
  prompt by issuing the command its option or free answer carries;
* ``undo`` takes back the latest command still in effect. At a table with a
  GM only the GM undoes; a player's ``undo`` becomes a request the GM allows
  or refuses (``refuse_undo``), so dice once seen stand unless the GM says
  otherwise. Without a GM a player may undo only their own latest command,
  and only if it rolled no dice.

Table settings (not rules): ``physical_dice`` says who may type in their own
dice (``nobody``, ``gm`` or ``everyone``). A table made without a seed rolls
with the operating system's randomness; a seed is for tests and reproductions.

Two-step use for stores with optimistic concurrency::

    events = table.prepare(command)              # decide, nothing changes yet
    store.append(table_id, events, expected_version=table.version)
    table.commit(events)                         # fold them in

A table resumed from a snapshot (``Table.resume_tail``) holds only a window of
the log: a base (the fold fields saved at some version) and the events after
it. What came before the base it reads on demand from a :class:`History`: to
read older log pages, to find the command an undo takes back, and to move its
base behind any command reverted after the base (the fold of a snapshot still
contains that command, so the table re-folds from an earlier base instead).
Every answer equals that of the table replayed from the whole log.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from capeworks.engine.dice_service import DiceService
from capeworks.engine.model import (
    Audience,
    Command,
    Event,
    LegalCommand,
    LegalPool,
    LogEntry,
    Panel,
    Prompt,
    PromptOption,
    Role,
    Seat,
    Viewer,
)
from capeworks.engine.registry import get_ruleset
from capeworks.engine.ruleset import Context, OfferMenu, Ruleset, prompt_commands
from capeworks.errors import (
    CapeworksError,
    InvalidCommand,
    LimitExceeded,
    NotFound,
    NotPermitted,
    RuleViolation,
)

__all__ = [
    "CREATED",
    "ENGINE_COMMANDS",
    "MAX_PAYLOAD_BYTES",
    "REVERTED",
    "SEAT_JOINED",
    "SEEDED",
    "UNDO_REFUSED",
    "UNDO_REQUESTED",
    "History",
    "PhysicalDice",
    "Table",
    "TableSettings",
    "describe_validation_error",
]

CREATED = "table.created"
SEEDED = "table.seeded"
SEAT_JOINED = "table.seat_joined"
REVERTED = "table.reverted"
UNDO_REQUESTED = "table.undo_requested"
UNDO_REFUSED = "table.undo_refused"

#: engine command types, handled by the table itself rather than the ruleset
ENGINE_COMMANDS = ("answer", "join", "refuse_undo", "undo")

#: the largest command payload accepted, as JSON bytes; stops oversized requests early
MAX_PAYLOAD_BYTES = 16_384


class PhysicalDice(StrEnum):
    """Who may type in the faces of their own (physical) dice."""

    NOBODY = "nobody"
    GM = "gm"
    EVERYONE = "everyone"


class TableSettings(BaseModel):
    """How this table is run, beside the rules: set when it is made."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    physical_dice: PhysicalDice = PhysicalDice.EVERYONE


class _Answer(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    prompt: str = Field(min_length=1, max_length=128)
    option: str | list[str] | None = None
    value: Any = None


class _Undo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    command_id: int | None = None


class _RefuseUndo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    seat: str = Field(min_length=1, max_length=64)


def describe_validation_error(what: str, error: ValidationError) -> str:
    """Turn pydantic's report into one sentence a player can read."""
    parts = []
    for item in error.errors()[:3]:
        where = ".".join(str(p) for p in item["loc"]) or "value"
        parts.append(f"{where}: {item['msg']}")
    more = "" if error.error_count() <= 3 else f" (and {error.error_count() - 3} more)"
    return f"Cannot read {what}: " + "; ".join(parts) + more + "."


def _either(words: Iterable[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b or c"``."""
    items = list(words)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1] if items else ""


def _parse(model: type[BaseModel], payload: Mapping[str, Any], what: str) -> Any:
    try:
        return model.model_validate(dict(payload))
    except ValidationError as e:
        raise InvalidCommand(describe_validation_error(what, e)) from None


class History(Protocol):
    """Where a table resumed from a snapshot reads what lies before its window (a store gives one)."""

    def base(self, before: int) -> tuple[int, Mapping[str, Any] | None]:
        """The latest saved fold fields at a version below ``before``, or ``(0, None)`` for the start."""
        ...

    def events(self, after: int, upto: int) -> Sequence[Event]:
        """The events numbered ``after + 1`` to ``upto``, in order."""
        ...


@dataclass(frozen=True, slots=True)
class _Base:
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
    def parse(cls, ruleset: Ruleset[Any, Any], fields: Mapping[str, Any]) -> _Base:
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


@dataclass(frozen=True, slots=True)
class _LogPrefix:
    """The History of a table resumed with its whole log at hand."""

    prefix: Sequence[Event]

    def base(self, before: int) -> tuple[int, Mapping[str, Any] | None]:
        return 0, None

    def events(self, after: int, upto: int) -> Sequence[Event]:
        return self.prefix[after:upto]


@dataclass(frozen=True, slots=True)
class _Refusal:
    """Why an undo is refused (TABLE-UNDO), made into an error only when it is raised."""

    message: str
    #: the seat may not (NotPermitted) rather than the rules forbid it now (RuleViolation)
    not_permitted: bool = False

    def error(self) -> CapeworksError:
        """The error to raise, with the same sentence."""
        return NotPermitted(self.message) if self.not_permitted else RuleViolation("TABLE-UNDO", self.message)


#: the undo command's words: at a GM's table a player asks; otherwise the undo takes back
_ASK_UNDO = "ask the GM to take back your latest action"
_UNDO = "take back the latest action"
_NOTHING_TO_UNDO = _Refusal("There is nothing to undo.")
_NOT_YOURS = _Refusal("You can only undo your own latest action.", not_permitted=True)
_NO_ACTION = _Refusal("You have no action to take back.")
_ASKED = _Refusal("You have already asked the GM to undo that action.")
_ROLLED = _Refusal("Dice once seen stand: that action rolled dice, so it cannot be undone.")


@dataclass(frozen=True, slots=True)
class _Answers:
    """The commands answering some prompts, by who answers (a seat's id, or a role), in the prompts' order.

    Each addressee's commands are kept flat, and beside them each prompt's place,
    for the one who is both addressed by name and by role.
    """

    by_seat: Mapping[str, list[LegalCommand]]
    by_role: Mapping[str, list[LegalCommand]]
    placed: Mapping[tuple[bool, str], list[tuple[int, Sequence[LegalCommand]]]]

    @classmethod
    def of(cls, answers: Iterable[tuple[Prompt, Sequence[LegalCommand]]]) -> _Answers:
        placed: dict[tuple[bool, str], list[tuple[int, Sequence[LegalCommand]]]] = {}
        for i, (prompt, commands) in enumerate(answers):
            # as Prompt.addressed_to: a prompt names a seat, or else a role
            to_role = prompt.seat is None
            addressee = prompt.role if to_role else prompt.seat
            if addressee is not None:
                placed.setdefault((to_role, addressee), []).append((i, commands))
        flat = {key: [c for _, cs in items for c in cs] for key, items in placed.items()}
        by_seat = {name: commands for (to_role, name), commands in flat.items() if not to_role}
        by_role = {name: commands for (to_role, name), commands in flat.items() if to_role}
        return cls(by_seat, by_role, placed)

    def of_seat(self, seat: Seat) -> list[LegalCommand]:
        """The answers to the prompts ``seat`` answers (``Prompt.addressed_to``), in order, as a new list."""
        own = self.by_seat.get(seat.id)
        role = self.by_role.get(seat.role)
        if own is None or role is None:
            return list(own or role or ())
        both = [*self.placed[False, seat.id], *self.placed[True, seat.role]]
        return [c for _, cs in sorted(both, key=lambda item: item[0]) for c in cs]


@dataclass(frozen=True, slots=True)
class _SharedOffers:
    """What every seat's legal commands at one version share, found once for the table's fan-out.

    The answers to the ruleset's prompts (when its default ``legal_commands`` is used) and
    to the undo requests, and the ruleset's :class:`OfferMenu` (when its default
    ``offered_commands`` is used, else None).
    """

    answers: _Answers
    undo_answers: _Answers
    menu: OfferMenu | None


T = TypeVar("T")


def _reverted_from(event: Event) -> int:
    """The first seq of the command a ``table.reverted`` event takes back (1 when not recorded)."""
    return int(event.data.get("first_seq", 1))


class Table:
    """One game in progress: ruleset, config, seats, log and folded state."""

    def __init__(self, ruleset: Ruleset[Any, Any], log: Sequence[Event] = ()) -> None:
        self.ruleset = ruleset
        # the window: fold fields at version _base_version (None: the start) and the events after it
        self._history: History | None = None
        self._base: _Base | None = None
        self._base_version = 0
        self._log: list[Event] = list(log)
        # answers worked out from the log, kept until the window changes (see _memo)
        self._memo_key = (-1, -1)
        self._memo_values: dict[object, Any] = {}
        # legal commands kept from the last version to the next (most stay the same)
        self._pool = LegalPool()
        # the ruleset's offer menu, when it is the same at every version
        self._lasting_menu: OfferMenu | None = None
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
        settings: TableSettings | Mapping[str, Any] | None = None,
    ) -> Table:
        """A fresh table.

        ``seed`` makes the dice reproducible (tests, bug reports); without it
        the table rolls with the operating system's randomness.
        """
        rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        try:
            parsed = rs.parse_config(config)
        except ValidationError as e:
            raise InvalidCommand(describe_validation_error(f"the {rs.title} rules config", e)) from None
        table_settings = (
            settings
            if isinstance(settings, TableSettings)
            else _parse(TableSettings, settings or {}, "the table settings")
        )
        table = cls(rs)
        created = Event(
            type=CREATED,
            data={
                "ruleset": rs.name,
                "config": parsed.model_dump(mode="json"),
                "title": title,
                "settings": table_settings.model_dump(mode="json"),
            },
        )
        first = [created]
        if seed is not None:
            first.append(Event(type=SEEDED, data={"seed": seed}, audience=Audience.gm_only()))
        table.commit(table._stamp(first, seat=None))
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
        """Every event, in order, including reverted ones (read from the history if need be)."""
        self._reach(0)
        return tuple(self._log)

    @property
    def version(self) -> int:
        """Number of events in the log; the store's optimistic-concurrency version."""
        return self._base_version + len(self._log)

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
    def settings(self) -> TableSettings:
        """How the table is run (who may enter physical dice)."""
        return self._settings

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Seats in the order they joined."""
        return tuple(self._seats.values())

    @property
    def title(self) -> str:
        """The table's name."""
        return self._title

    @property
    def seeded(self) -> bool:
        """True when the dice come from a seed (tests, reproductions), not the OS."""
        return self._seed is not None

    def seat(self, seat_id: str) -> Seat:
        """The seat with this id, or NotFound."""
        try:
            return self._seats[seat_id]
        except KeyError:
            raise NotFound(f"Nobody sits at seat {seat_id!r} at this table.") from None

    def gm_seat(self) -> Seat | None:
        """The GM's seat, if the table has one."""
        return self._memo("gm", lambda: next((s for s in self._seats.values() if s.role is Role.GM), None))

    def prompts(self, viewer: Viewer | None = None) -> list[Prompt]:
        """Open prompts: all of them (no viewer, or the GM), or those a player's seat answers."""
        prompts = [*self._ruleset_prompts(), *self._undo_prompts()]
        if viewer is None or viewer.is_gm:
            return prompts
        return [p for p in prompts if p.seat is not None and p.seat == viewer.seat]

    def legal_commands(self, seat_id: str) -> list[LegalCommand]:
        """What this seat may do now: the ruleset's commands and the engine's (undo, answers).

        The commands are shared with other seats and later versions (callers must not change them).
        """
        seat = self.seat(seat_id)
        shared = self._memo("legal", self._shared_offers)
        if shared.menu is not None:
            # the default, from what this version offers every seat found once
            answers = shared.answers.of_seat(seat)
            out = self.ruleset.offered_commands(self.state, seat, answers, menu=shared.menu)
        elif type(self.ruleset).legal_commands is Ruleset.legal_commands:
            out = self.ruleset.offered_commands(self.state, seat, shared.answers.of_seat(seat))
        else:
            out = list(self.ruleset.legal_commands(self.state, seat))
        out.extend(shared.undo_answers.of_seat(seat))
        undo = self._undo_target(seat, None)
        if not isinstance(undo, _Refusal):
            # a player's undo at a GM's table (no target of its own) is a request to the GM
            out.append(self._pool.get("undo", _ASK_UNDO if undo is None else _UNDO))
        return out

    def _shared_offers(self) -> _SharedOffers:
        """What every seat's legal commands share at this version (see :class:`_SharedOffers`)."""
        ruleset = type(self.ruleset)
        default = ruleset.legal_commands is Ruleset.legal_commands
        menu = None
        if default and ruleset.offered_commands is Ruleset.offered_commands:
            # the menu depends on the state only through authority (and on words, through command_label)
            lasting = (ruleset.authority, ruleset.command_label) == (Ruleset.authority, Ruleset.command_label)
            menu = self._lasting_menu if lasting else None
            if menu is None:
                menu = OfferMenu.of(self.ruleset, self.state, pool=self._pool)
                self._lasting_menu = menu if lasting else None
        prompts = self._ruleset_prompts() if default else []
        answers = [(p, prompt_commands(p, pool=self._pool)) for p in prompts]
        undo = [(p, prompt_commands(p, pool=self._pool)) for p in self._undo_prompts()]
        return _SharedOffers(_Answers.of(answers), _Answers.of(undo), menu)

    def _memo(self, key: object, work: Callable[[], T]) -> T:
        """``work()``, kept while the window is unchanged: every answer kept here is a function of the log.

        The window only grows (events appended, or older ones read in front), so
        its base version and length name its contents. Callers must not change
        what they get back.
        """
        window = (self._base_version, len(self._log))
        if window != self._memo_key:
            self._memo_key = window
            self._memo_values = {}
            self._pool.age()
        try:
            return self._memo_values[key]  # type: ignore[no-any-return]
        except KeyError:
            value = self._memo_values[key] = work()
            return value

    def _ruleset_prompts(self) -> list[Prompt]:
        """The ruleset's open prompts at this version (not to be changed by the caller)."""
        return self._memo("prompts", lambda: self.ruleset.prompts(self.state))

    def visible_log(self, viewer: Viewer) -> list[Event]:
        """The events ``viewer`` may see."""
        return [e for e in self.log if e.audience.admits(viewer)]

    def log_view(self, viewer: Viewer, *, since: int = 0, limit: int | None = None) -> list[LogEntry]:
        """The viewer's log after version ``since``, in words: what a live client streams.

        Each event is worded once per version and :meth:`Ruleset.view_key` (viewers sharing a key
        read every event alike: a conformance check); the entries are frozen, so they are shared.
        """
        from capeworks.engine.render import log_entries

        since = max(since, 0)
        self._reach(since)
        # every revert of a command after ``since`` comes later still, so lies in the window
        events = [e for e in self._log[since - self._base_version :] if e.audience.admits(viewer)]
        if limit is not None:
            events = events[:limit]
        undone = self._undone_in_window()
        worded: dict[int, LogEntry] = self._memo(("log", self.ruleset.view_key(self.state, viewer)), dict)
        missing = [e for e in events if e.seq not in worded]
        for item in log_entries(self.ruleset, missing, viewer, undone=undone):
            worded[item.seq] = item
        return [worded[e.seq] for e in events]

    def undone_commands(self) -> set[int]:
        """The command ids taken back by undo."""
        self._reach(0)
        return set(self._undone_in_window())

    def view(self, viewer: Viewer) -> dict[str, Any]:
        """Everything ``viewer`` may see, JSON-ready: the projection sent to a seat."""
        return {
            "ruleset": self.ruleset.name,
            "title": self._title,
            "version": self.version,
            "config": self.config.model_dump(mode="json"),
            "settings": self._settings.model_dump(mode="json"),
            "seats": [s.model_dump(mode="json") for s in self.seats],
            "state": self.seen_state(viewer),
            "prompts": [p.model_dump(mode="json") for p in self.prompts(viewer)],
            "panels": [p.model_dump(mode="json") for p in self.seen_panels(viewer)],
        }

    def seen_state(self, viewer: Viewer) -> dict[str, Any]:
        """The ruleset's view of the state for ``viewer``, worked out once per version and view key.

        Shared by every viewer with the same :meth:`Ruleset.view_key`; callers must not change it.
        """
        key = ("view", self.ruleset.view_key(self.state, viewer))
        return self._memo(key, lambda: self.ruleset.view(self.state, viewer))

    def seen_panels(self, viewer: Viewer) -> list[Panel]:
        """The ruleset's panels for ``viewer``, once per version and view key (not to be changed)."""
        key = ("panels", self.ruleset.view_key(self.state, viewer))
        return self._memo(key, lambda: self.ruleset.panels(self.state, viewer))

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
            "settings": self._settings.model_dump(mode="json"),
            "seats": [s.model_dump(mode="json") for s in self.seats],
            "seed": self._seed,
            "title": self._title,
            "next_command": self._next_command,
            "undo_requests": dict(self._undo_requests),
        }

    @classmethod
    def resume(cls, ruleset: Ruleset[Any, Any], log: Sequence[Event], fields: Mapping[str, Any]) -> Table:
        """The table as :meth:`fold_fields` saw it, then the rest of the whole ``log`` folded in.

        Raises ValueError, KeyError or pydantic's ValidationError when ``fields``
        do not fit this ruleset; callers then replay the whole log instead.
        """
        version = int(fields["version"])
        if not 0 < version <= len(log):
            raise ValueError(f"snapshot version {version} is outside the log (1..{len(log)})")
        return cls.resume_tail(ruleset, fields, log[version:], history=_LogPrefix(log[:version]))

    @classmethod
    def resume_tail(
        cls,
        ruleset: Ruleset[Any, Any],
        fields: Mapping[str, Any],
        tail: Sequence[Event],
        *,
        history: History,
    ) -> Table:
        """The table from :meth:`fold_fields` and the events after them, reading older ones from ``history``.

        Costs the tail, not the log: a store loads a long table this way.
        Raises like :meth:`resume` when ``fields`` do not fit.
        """
        version = int(fields["version"])
        if version <= 0 or (tail and tail[0].seq != version + 1):
            raise ValueError(f"the events after a snapshot at version {version} must start at {version + 1}")
        table = cls(ruleset)
        table._history = history
        table._base = _Base.parse(ruleset, fields)
        table._base_version = version
        table._log = list(tail)
        table._refold()
        return table

    # -- changing -------------------------------------------------------------------------------

    def prepare(self, command: Command, *, dice: Sequence[int] | None = None) -> list[Event]:
        """Decide a command into stamped events without changing the table.

        ``dice`` are physical results to use instead of the table's own dice,
        if the table's ``physical_dice`` setting lets this seat give them.
        """
        actor = self.seat(command.seat)
        size = len(json.dumps(command.payload, default=str).encode())
        if size > MAX_PAYLOAD_BYTES:
            raise LimitExceeded(
                f"That command is too large ({size} bytes); the limit is {MAX_PAYLOAD_BYTES} bytes."
            )
        if command.type == "join":
            raise InvalidCommand("Join a table with prepare_join, not as a game command.")
        if command.type == "undo":
            return self.prepare_undo(actor.id, _parse(_Undo, command.payload, "the undo command").command_id)
        if command.type == "refuse_undo":
            return self._prepare_refuse_undo(actor, _parse(_RefuseUndo, command.payload, "refuse_undo").seat)
        if command.type == "answer":
            command = self._answering(actor, _parse(_Answer, command.payload, "the answer"))
            if command.type in ENGINE_COMMANDS:
                return self.prepare(command, dice=dice)
        spec = self.ruleset.commands.get(command.type)
        if spec is None:
            known = ", ".join(sorted([*self.ruleset.commands, *ENGINE_COMMANDS]))
            raise InvalidCommand(f"{self.ruleset.title} has no command {command.type!r}. Known: {known}.")
        parsed = _parse(spec.model, command.payload, f"the {command.type} command")
        service = self._dice_for(actor, dice)
        context = Context(actor=actor, seats=self.seats)
        events = self.ruleset.decide(self.state, context, command.type, parsed, service)
        service.finish()
        rolled = [r for e in events for r in e.rolls]
        if len(rolled) != len(service.records):
            raise AssertionError(
                f"{self.ruleset.name}: a roll for {command.type!r} is missing from its events"
            )
        return self._stamp(events, seat=actor.id)

    def prepare_join(self, seat: Seat, *, by: str | None = None) -> list[Event]:
        """Events seating a new person; ``by`` is the seat asking, when one is known.

        At a table with a GM only the GM seats people; without one, anyone seated.
        (Without ``by`` the caller is the table's owner, e.g. the CLI on its own file.)
        """
        if by is not None:
            actor = self.seat(by)
            if self.gm_seat() is not None and actor.role is not Role.GM:
                raise NotPermitted("Only the GM seats new people at this table.")
        if seat.id in self._seats:
            raise RuleViolation("TABLE-SEAT", f"Seat {seat.id!r} is already taken.")
        if seat.role == Role.GM and not self.ruleset.has_gm:
            raise RuleViolation("TABLE-SEAT", f"{self.ruleset.title} is played without a GM.")
        if seat.role == Role.GM and self.gm_seat() is not None:
            raise RuleViolation("TABLE-SEAT", "This table already has a GM.")
        return self._stamp([Event(type=SEAT_JOINED, data={"seat": seat.model_dump(mode="json")})], seat=None)

    def prepare_undo(self, seat_id: str, command_id: int | None = None) -> list[Event]:
        """Events taking back the latest command still in effect (or asking the GM to).

        ``command_id``, when given, must name that latest command (the GM
        allowing a player's request names the one asked about).
        """
        actor = self.seat(seat_id)
        target = self._undo_target(actor, command_id)
        if isinstance(target, _Refusal):
            raise target.error()
        return self._request_undo(actor) if target is None else self._revert(actor, target)

    def _undo_target(self, actor: Seat, command_id: int | None) -> int | _Refusal | None:
        """The command ``actor``'s undo takes back now, None when it asks the GM to, or why it is refused.

        Builds no events and no error, so every seat can be asked whether it may undo at little cost.
        """
        if actor.role is not Role.GM and self.gm_seat() is not None:
            own = self._requested(actor)
            return own if isinstance(own, _Refusal) else None
        target = self._latest_effective_command()
        if actor.role is Role.GM:
            if target is None:
                return _NOTHING_TO_UNDO
            if command_id is not None and command_id != target[0]:
                return _Refusal(f"Action #{command_id} is no longer the latest; undo the later ones first.")
            return target[0]
        # no GM: a player takes back only their own latest action, and only if no dice were seen
        if target is None or target[1] != actor.id:
            return _NOT_YOURS
        if command_id is not None and command_id != target[0]:
            return _Refusal(f"Action #{command_id} is no longer the latest.")
        if any(e.rolls for e in self._events_of(target[0])):
            return _ROLLED
        return target[0]

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

    def join(self, seat: Seat, *, by: str | None = None) -> list[Event]:
        """Seat a new person (see prepare_join for who may)."""
        events = self.prepare_join(seat, by=by)
        self.commit(events)
        return events

    def undo(self, seat_id: str, command_id: int | None = None) -> list[Event]:
        """Take back the latest command still in effect (a player at a GM's table asks instead)."""
        events = self.prepare_undo(seat_id, command_id)
        self.commit(events)
        return events

    # -- the engine's commands -------------------------------------------------------------------

    def _dice_for(self, actor: Seat, dice: Sequence[int] | None) -> DiceService:
        if dice is not None:
            allowed = self._settings.physical_dice
            if allowed is PhysicalDice.NOBODY:
                raise NotPermitted("This table rolls its own dice; typing in physical dice is turned off.")
            if allowed is PhysicalDice.GM and actor.role is not Role.GM:
                raise NotPermitted("At this table only the GM may type in physical dice.")
            return DiceService.given(list(dice))
        if self._seed is None:
            return DiceService.system()
        return DiceService.seeded(f"{self._seed}:{self.version}")

    def _answering(self, actor: Seat, answer: _Answer) -> Command:
        """The command that answers an open prompt, as the prompt itself says."""
        viewer = Viewer(seat=actor.id, is_gm=actor.role is Role.GM)
        prompt = next((p for p in self.prompts(viewer) if p.id == answer.prompt), None)
        if prompt is None:
            raise NotFound(f"There is no open prompt {answer.prompt!r} for you to answer.")
        choices = self._choices(answer.option)
        if choices and answer.value is not None:
            raise InvalidCommand("Give either a choice or your own words, not both.")
        if len(choices) == 1 and (option := prompt.option(choices[0])) is not None:
            return Command(type=option.command, seat=actor.id, payload=dict(option.payload))
        free = prompt.free
        if choices and free is not None and free.many:
            known = {w.lower(): w for w in free.suggestions}
            picked = [known.get(c.lower(), c) for c in choices]
            return Command(type=free.command, seat=actor.id, payload={**free.payload, free.field: picked})
        if len(choices) == 1 and free is not None:
            # one written answer given where a choice was expected: it is the free answer
            return Command(type=free.command, seat=actor.id, payload={**free.payload, free.field: choices[0]})
        if answer.value is not None and free is not None:
            return Command(
                type=free.command, seat=actor.id, payload={**free.payload, free.field: answer.value}
            )
        offered = _either(o.value for o in prompt.options)
        own = "in your own words" if free is not None else ""
        choose = ", or ".join(x for x in (offered, own) if x)
        if choices:
            raise InvalidCommand(f"That prompt has no answer {choices[0]!r}; answer {choose}.")
        raise InvalidCommand(f"Say which answer you give: {choose}.")

    @staticmethod
    def _choices(option: str | list[str] | None) -> list[str]:
        if option is None:
            return []
        items = option.split(",") if isinstance(option, str) else option
        return [str(i).strip() for i in items if str(i).strip()]

    def _revert(self, actor: Seat, command_id: int) -> list[Event]:
        audience = Audience.gm_only()
        for event in self._events_of(command_id):
            audience = audience.union(event.audience)
        first_seq = min(e.seq for e in self._events_of(command_id))
        return self._stamp(
            [
                Event(
                    type=REVERTED, data={"command_id": command_id, "first_seq": first_seq}, audience=audience
                )
            ],
            seat=actor.id,
        )

    def _requested(self, actor: Seat) -> int | _Refusal:
        """The command a player's undo request names (their latest in effect), or why there is none."""
        own = self._latest_command_of(actor.id)
        if own is None:
            return _NO_ACTION
        if self._undo_requests.get(actor.id) == own:
            return _ASKED
        return own

    def _request_undo(self, actor: Seat) -> list[Event]:
        own = self._requested(actor)
        if isinstance(own, _Refusal):
            raise own.error()
        return self._stamp(
            [Event(type=UNDO_REQUESTED, data={"command_id": own}, audience=Audience.only(actor.id))],
            seat=actor.id,
        )

    def _prepare_refuse_undo(self, actor: Seat, seat_id: str) -> list[Event]:
        if actor.role is not Role.GM:
            raise NotPermitted("Only the GM can refuse an undo.")
        command_id = self._undo_requests.get(seat_id)
        if command_id is None:
            raise NotFound(f"{seat_id!r} has not asked to undo anything.")
        return self._stamp(
            [
                Event(
                    type=UNDO_REFUSED,
                    data={"seat": seat_id, "command_id": command_id},
                    audience=Audience.only(seat_id),
                )
            ],
            seat=actor.id,
        )

    def _undo_prompts(self) -> list[Prompt]:
        return self._memo("undo_prompts", self._find_undo_prompts)

    def _find_undo_prompts(self) -> list[Prompt]:
        undone = self._undone_in_window()
        out = []
        for seat_id, command_id in self._undo_requests.items():
            # a request names a command in effect, and its revert (later still) clears it
            if command_id in undone:
                continue
            name = self._seats[seat_id].name if seat_id in self._seats else seat_id
            out.append(
                Prompt(
                    id=f"undo-{seat_id}",
                    role=Role.GM,
                    kind="undo_request",
                    rule="TABLE-UNDO",
                    question=f"{name} asks to take back action #{command_id}.",
                    options=(
                        PromptOption(
                            value="allow",
                            label="take it back",
                            command="undo",
                            payload={"command_id": command_id},
                        ),
                        PromptOption(
                            value="refuse",
                            label="it stands",
                            command="refuse_undo",
                            payload={"seat": seat_id},
                        ),
                    ),
                    context={"seat": seat_id, "command_id": command_id},
                )
            )
        return out

    # -- folding --------------------------------------------------------------------------------

    def _reset(self) -> None:
        self._state: BaseModel | None = None
        self._config: BaseModel | None = None
        self._settings = TableSettings()
        self._seats: dict[str, Seat] = {}
        self._seed: int | str | None = None
        self._title = ""
        self._next_command = 1
        self._undo_requests: dict[str, int] = {}
        # each seat's latest command in effect among the events folded since version _latest_from
        self._latest_of: dict[str, int] = {}
        self._latest_from = 0

    def _stamp(self, events: Sequence[Event], *, seat: str | None) -> list[Event]:
        command_id = self._next_command
        first = self.version + 1
        return [
            e.model_copy(update={"seq": first + i, "command_id": command_id, "seat": seat})
            for i, e in enumerate(events)
        ]

    def _fold_one(self, event: Event) -> None:
        self._next_command = max(self._next_command, event.command_id + 1)
        if event.seat is not None and not event.type.startswith("table."):
            self._latest_of[event.seat] = event.command_id
        if event.type == CREATED:
            self._config = self.ruleset.parse_config(event.data["config"])
            self._settings = TableSettings.model_validate(event.data.get("settings", {}))
            self._title = str(event.data.get("title", ""))
            self._state = self.ruleset.initial_state(self._config)
            return
        if event.type == SEEDED:
            self._seed = event.data["seed"]
            return
        if event.type == UNDO_REQUESTED:
            assert event.seat is not None
            self._undo_requests[event.seat] = int(event.data["command_id"])
            return
        if event.type in (REVERTED, UNDO_REFUSED):
            seat = event.data.get("seat")
            self._undo_requests = {
                s: c
                for s, c in self._undo_requests.items()
                if s != seat and c != event.data.get("command_id")
            }
            return
        if event.type == SEAT_JOINED:
            seat = Seat.model_validate(event.data["seat"])
            self._seats[seat.id] = seat
        self._state = self.ruleset.apply(self.state, event)

    def _apply_base(self) -> None:
        base = self._base
        if base is None:
            self._reset()
            return
        self._latest_of = {}
        self._latest_from = self._base_version
        self._state = base.state
        self._config = base.config
        self._settings = base.settings
        self._seats = {s.id: s for s in base.seats}
        self._seed = base.seed
        self._title = base.title
        self._next_command = base.next_command
        self._undo_requests = dict(base.undo_requests)

    def _refold(self) -> None:
        # the base must precede every command reverted inside the window: its fold still holds them
        while self._base_version:
            reach = min((_reverted_from(e) for e in self._log if e.type == REVERTED), default=None)
            if reach is None or reach > self._base_version:
                break
            self._extend(before=reach)
        reverted = self._undone_in_window()
        log = self._log
        self._apply_base()
        for event in log:
            if event.command_id in reverted:
                self._next_command = max(self._next_command, event.command_id + 1)
                continue
            self._fold_one(event)
        self._log = log

    # -- the window ------------------------------------------------------------------------------

    def _extend(self, *, before: int) -> None:
        """Move the base to a saved fold below version ``before``, reading the events in between.

        The current state is unchanged; only where a re-fold would start moves.
        """
        assert self._history is not None, "a table replayed from its whole log has no history"
        version, fields = self._history.base(before)
        while True:
            if not 0 <= version < before:
                raise ValueError(f"history gave a base at version {version}, not below {before}")
            try:
                base = None if fields is None else _Base.parse(self.ruleset, fields)
                break
            except (KeyError, TypeError, ValueError, ValidationError):
                before = version
                version, fields = self._history.base(before)
        older = list(self._history.events(version, self._base_version))
        if [e.seq for e in older] != list(range(version + 1, self._base_version + 1)):
            raise CapeworksError(
                f"The log of this table is damaged: events {version + 1} to {self._base_version} "
                "cannot all be read."
            )
        self._base, self._base_version, self._log = base, version, older + self._log

    def _reach(self, since: int) -> None:
        """Make the window hold every event after version ``since``."""
        if since < self._base_version:
            self._extend(before=since + 1)

    def _undone_in_window(self) -> set[int]:
        """The commands reverted in the window (not to be changed by the caller)."""
        return self._memo(
            "undone", lambda: {int(e.data["command_id"]) for e in self._log if e.type == REVERTED}
        )

    def _backwards(self) -> Iterator[tuple[Event, set[int]]]:
        """Events newest first with the commands reverted so far, reaching into the history as needed."""
        end = len(self._log)
        while True:
            reverted = self._undone_in_window()
            for i in range(end - 1, -1, -1):
                yield self._log[i], reverted
            if not self._base_version:
                return
            held = len(self._log)
            self._extend(before=self._base_version)
            end = len(self._log) - held

    def _events_of(self, command_id: int) -> list[Event]:
        # command ids never decrease along the log: older events of this one may lie before the window
        while self._base_version and (not self._log or self._log[0].command_id >= command_id):
            self._extend(before=self._base_version)
        return [e for e in self._log if e.command_id == command_id]

    def _latest_effective_command(self) -> tuple[int, str] | None:
        return self._memo("latest", self._find_latest_effective_command)

    def _find_latest_effective_command(self) -> tuple[int, str] | None:
        for event, reverted in self._backwards():
            if event.type.startswith("table."):
                continue
            if event.command_id not in reverted and event.seat is not None:
                return event.command_id, event.seat
        return None

    def _latest_command_of(self, seat_id: str) -> int | None:
        """The seat's latest command in effect: kept by the fold, else read from the history before it."""
        found = self._latest_of.get(seat_id)
        if found is not None or not self._latest_from:
            return found
        return self._memo(("latest_of", seat_id), lambda: self._find_latest_command_of(seat_id))

    def _find_latest_command_of(self, seat_id: str) -> int | None:
        for event, reverted in self._backwards():
            if event.type.startswith("table.") or event.command_id in reverted:
                continue
            if event.seat == seat_id:
                return event.command_id
        return None
