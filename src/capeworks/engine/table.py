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
the log (:mod:`capeworks.engine.window`). The parts, one concept a module: the
fold (:mod:`~capeworks.engine.fold`), the window and its history
(:mod:`~capeworks.engine.window`), the undo policy and its words
(:mod:`~capeworks.engine.undo`), the engine's own commands and settings
(:mod:`~capeworks.engine.own_commands`); this module puts them together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from capeworks.engine.audience import Audience, Viewer
from capeworks.engine.batch import Batch
from capeworks.engine.dice_service import DiceService
from capeworks.engine.event import Event
from capeworks.engine.fold import Fold, FoldBase
from capeworks.engine.model import Command, LegalCommand, LegalPool, LogEntry, Panel, Prompt, Role, Seat
from capeworks.engine.offers import Answers, OfferMenu, Offers
from capeworks.engine.own_commands import (
    ENGINE_COMMANDS,
    MAX_PAYLOAD_BYTES,
    AnswerCommand,
    PhysicalDice,
    RefuseUndoCommand,
    TableSettings,
    UndoCommand,
    answering,
    check_size,
    describe_validation_error,
    dice_for,
    parse_payload,
    tables_dice,
)
from capeworks.engine.registry import get_ruleset
from capeworks.engine.render import log_entries
from capeworks.engine.ruleset import Ruleset
from capeworks.engine.spec import Context
from capeworks.engine.table_events import (
    CREATED,
    REVERTED,
    SEAT_JOINED,
    SEEDED,
    UNDO_REFUSED,
    UNDO_REQUESTED,
    SeatJoined,
    Seeded,
    TableCreated,
)
from capeworks.engine.undo import (
    ASK_UNDO,
    UNDO,
    Refusal,
    refusal_event,
    request_event,
    requested,
    revert_event,
    undo_prompts,
    undo_target,
)
from capeworks.engine.window import History, LogPrefix, Window
from capeworks.errors import DiceValueError, InvalidCommand, NotFound, NotPermitted, RuleViolation

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


T = TypeVar("T")

#: how many times a player's action with typed dice is decided again, giving the table's dice the rolls
#: found kept from the player (each pass finds at least one more; actions roll a handful)
_PLAYERS_DICE_PASSES = 16


class _Once(Generic[T]):
    """A function's result, worked out on the first call; holds only the function (kept in memos,
    so it must not hold the table: a played table holds no reference cycles)."""

    __slots__ = ("_value", "_work")

    def __init__(self, work: Callable[[], T]) -> None:
        self._work: Callable[[], T] | None = work
        self._value: T | None = None

    def __call__(self) -> T:
        work = self._work
        if work is not None:
            self._value, self._work = work(), None
        return self._value  # type: ignore[return-value]


@dataclass(slots=True)
class _Prepared:
    """The events :meth:`Table.prepare` made last, at which version, and the state they fold to.

    Never changed once made, but not a frozen dataclass: one is made per command, and a frozen
    ``__init__`` sets each field through ``object.__setattr__`` (stop 52)."""

    version: int
    events: list[Event]
    state: BaseModel


class Table:
    """One game in progress: ruleset, config, seats, log and folded state."""

    def __init__(self, ruleset: Ruleset[Any, Any], log: Sequence[Event] = ()) -> None:
        self.ruleset = ruleset
        # legal commands kept from the last version to the next (most stay the same)
        self._pool = LegalPool()
        # the window on the log (a base and the events after it) and the fold of it
        self._w = Window(ruleset, log, on_change=self._pool.age)
        self._f = Fold(ruleset)
        # the ruleset's offer menu: a function of the rules config, so kept while the config is
        self._menu: tuple[BaseModel | None, OfferMenu] | None = None
        # the events prepare made last and the state they fold to (commit reuses it)
        self._prepared: _Prepared | None = None
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
            else parse_payload(TableSettings, settings or {}, "the table settings")
        )
        table = cls(rs)
        payload = TableCreated(
            ruleset=rs.name,
            config=parsed.model_dump(mode="json"),
            title=title,
            settings=table_settings.model_dump(mode="json"),
        )
        table._f.given(payload.config, parsed)
        created = Event.of(payload)
        first = [created]
        if seed is not None:
            first.append(Event.of(Seeded(seed=seed), audience=Audience.gm_only()))
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
        self._w.reach(0)
        return tuple(self._w.log)

    @property
    def version(self) -> int:
        """Number of events in the log; the store's optimistic-concurrency version."""
        return self._w.base_version + len(self._w.log)

    @property
    def state(self) -> BaseModel:
        """The ruleset's folded game state."""
        assert self._f.state is not None, "table has no table.created event"
        return self._f.state

    @property
    def config(self) -> BaseModel:
        """The table's validated rules config."""
        assert self._f.config is not None
        return self._f.config

    @property
    def settings(self) -> TableSettings:
        """How the table is run (who may enter physical dice)."""
        return self._f.settings

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Seats in the order they joined."""
        return self._f.seats_in_order

    @property
    def title(self) -> str:
        """The table's name."""
        return self._f.title

    @property
    def seeded(self) -> bool:
        """True when the dice come from a seed (tests, reproductions), not the OS."""
        return self._f.seed is not None

    def seat(self, seat_id: str) -> Seat:
        """The seat with this id, or NotFound."""
        try:
            return self._f.seats[seat_id]
        except KeyError:
            raise NotFound(f"Nobody sits at seat {seat_id!r} at this table.") from None

    def gm_seat(self) -> Seat | None:
        """The GM's seat, if the table has one."""
        return self._w.memo(
            "gm", lambda: next((s for s in self._f.seats.values() if s.role is Role.GM), None)
        )

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
        out = list(self.ruleset.legal_commands(self.state, seat, self._w.memo("offers", self._offers)))
        out.extend(self._w.memo("undo_answers", self._undo_answers).of_seat(seat))
        undo = self._undo_target(seat, None)
        if not isinstance(undo, Refusal):
            # a player's undo at a GM's table (no target of its own) is a request to the GM
            out.append(self._pool.get("undo", ASK_UNDO if undo is None else UNDO))
        return out

    def _offers(self) -> Offers:
        """What every seat's legal commands share at this version (the prompts' answers found when
        first asked). Holds nothing that holds the table: it is kept in the table's memo."""
        return Offers(self._prompts_once(), self._offer_menu(), self._pool)

    def _offer_menu(self) -> OfferMenu:
        """The ruleset's menu, worked out once per rules config (authority is a function of it)."""
        kept = self._menu
        if kept is None or kept[0] is not self._f.config:
            kept = self._menu = (self._f.config, OfferMenu.of(self.ruleset, self._f.config, pool=self._pool))
        return kept[1]

    def _undo_answers(self) -> Answers:
        return Answers.of_prompts(self._undo_prompts(), self._pool)

    def _ruleset_prompts(self) -> list[Prompt]:
        """The ruleset's open prompts at this version (not to be changed by the caller)."""
        return self._prompts_once()()

    def _prompts_once(self) -> _Once[list[Prompt]]:
        """The ruleset's prompts at this version, worked out on the first call."""
        ruleset, state = self.ruleset, self.state
        return self._w.memo("prompts", lambda: _Once(lambda: ruleset.prompts(state)))

    def visible_log(self, viewer: Viewer) -> list[Event]:
        """The events ``viewer`` may see."""
        return [e for e in self.log if e.audience.admits(viewer)]

    def log_view(self, viewer: Viewer, *, since: int = 0, limit: int | None = None) -> list[LogEntry]:
        """The viewer's log after version ``since``, in words: what a live client streams.

        Each event is worded once per version and :meth:`Ruleset.view_key` (viewers sharing a key
        read every event alike: a conformance check); the entries are frozen, so they are shared.
        """
        since = max(since, 0)
        self._w.reach(since)
        # every revert of a command after ``since`` comes later still, so lies in the window
        events = [e for e in self._w.log[since - self._w.base_version :] if e.audience.admits(viewer)]
        if limit is not None:
            events = events[:limit]
        worded: dict[int, LogEntry] = self._w.memo(("log", self.ruleset.view_key(self.state, viewer)), dict)
        missing = [e for e in events if e.seq not in worded]
        if missing:  # most viewers of a version: a viewer with the same key worded them already
            names = self.ruleset.log_names(self.state)
            gms = frozenset(s.id for s in self.seats if s.is_gm)
            undone = self._w.undone()
            plays = self._player_of()
            entries = log_entries(
                self.ruleset, missing, viewer, undone=undone, names=names, gms=gms, plays=plays
            )
            for item in entries:
                worded[item.seq] = item
        return [worded[e.seq] for e in events]

    def _player_of(self) -> Callable[[str, str], bool | None]:
        """Whether a seat plays a character, by the ruleset's :meth:`Ruleset.controller` now (None: it
        knows no such character, or no one plays characters): the log's test for a line about a
        character the acting seat does not play (:func:`capeworks.engine.render.unseen_by_its_seat`)."""
        known: dict[str, str | None] = {}
        unknown: set[str] = set()

        def plays(seat: str, character: str) -> bool | None:
            if character in unknown:
                return None
            if character not in known:
                try:
                    known[character] = self.ruleset.controller(self.state, character).seat
                except (NotFound, NotImplementedError, LookupError):
                    unknown.add(character)
                    return None
            return known[character] == seat

        return plays

    def seen_version(self, viewer: Viewer, *, at: int | None = None) -> int:
        """The version of the table as ``viewer`` knows it: the seq of the newest event it may see, at or
        before version ``at`` (now, by default). A seat's view changes only with an event it sees, so
        its version does too: an event kept from it (the GM's alone) moves neither, and a player can
        not tell when one happened. Entries after it are what the seat missed (``log_view(since=...)``).
        """
        top = self.version if at is None else min(at, self.version)
        if viewer.is_gm:
            return top
        key = ("seen", viewer, top)
        return self._w.memo(key, lambda: self._newest_seen(viewer, top))

    def _newest_seen(self, viewer: Viewer, top: int) -> int:
        while True:
            base = self._w.base_version
            for event in reversed(self._w.log[: top - base]):
                if event.audience.admits(viewer):
                    return event.seq
            if base == 0:
                return 0
            self._w.reach(max(base - 256, 0))  # an earlier stretch of the log, read in from the history

    def undone_commands(self) -> set[int]:
        """The command ids taken back by undo."""
        self._w.reach(0)
        return set(self._w.undone())

    def view(self, viewer: Viewer) -> dict[str, Any]:
        """Everything ``viewer`` may see, JSON-ready: the projection sent to a seat."""
        return {
            "ruleset": self.ruleset.name,
            "title": self._f.title,
            "version": self.version,
            "config": self.config.model_dump(mode="json"),
            "settings": self._f.settings.model_dump(mode="json"),
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
        return self._w.memo(key, lambda: self.ruleset.view(self.state, viewer))

    def seen_panels(self, viewer: Viewer) -> list[Panel]:
        """The ruleset's panels for ``viewer``, once per version and view key (not to be changed)."""
        key = ("panels", self.ruleset.view_key(self.state, viewer))
        return self._w.memo(key, lambda: self.ruleset.panels(self.state, viewer))

    def viewer_for(self, seat_id: str) -> Viewer:
        """The viewer for a seat (GM seats see everything)."""
        seat = self.seat(seat_id)
        return Viewer(seat=seat.id, is_gm=seat.role == Role.GM)

    def fold_fields(self) -> dict[str, Any]:
        """What the fold holds besides the log, JSON-ready; a store snapshot saves this."""
        return self._f.fields(self.version)

    @classmethod
    def resume(cls, ruleset: Ruleset[Any, Any], log: Sequence[Event], fields: Mapping[str, Any]) -> Table:
        """The table as :meth:`fold_fields` saw it, then the rest of the whole ``log`` folded in.

        Raises ValueError, KeyError or pydantic's ValidationError when ``fields``
        do not fit this ruleset; callers then replay the whole log instead.
        """
        version = int(fields["version"])
        if not 0 < version <= len(log):
            raise ValueError(f"snapshot version {version} is outside the log (1..{len(log)})")
        return cls.resume_tail(ruleset, fields, log[version:], history=LogPrefix(log[:version]))

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
        window = table._w
        window.history = history
        window.base = FoldBase.parse(ruleset, fields)
        window.base_version = version
        window.log = list(tail)
        table._refold()
        return table

    # -- changing -------------------------------------------------------------------------------

    def prepare(
        self, command: Command, *, dice: Sequence[int] | None = None, every_roll: bool = False
    ) -> list[Event]:
        """Decide a command into stamped events without changing the table.

        ``dice`` are physical results to use instead of the table's own dice,
        if the table's ``physical_dice`` setting lets this seat give them. A player's
        dice that fit not every roll go to the rolls the player sees alone
        (:meth:`_with_players_dice`); ``every_roll`` keeps them for every roll, the
        GM's secret ones too, refused when they do not fit (the lab's exact chain,
        which enumerates every roll's faces).
        """
        actor = self.seat(command.seat)
        check_size(command.payload)
        if command.type == "join":
            raise InvalidCommand("Join a table with prepare_join, not as a game command.")
        if command.type == "undo":
            undo = parse_payload(UndoCommand, command.payload, "the undo command")
            return self.prepare_undo(actor.id, undo.command_id)
        if command.type == "refuse_undo":
            refuse = parse_payload(RefuseUndoCommand, command.payload, "refuse_undo")
            return self._stamp([refusal_event(actor, refuse.seat, self._f.undo_requests)], seat=actor.id)
        if command.type == "answer":
            command = self._answering(actor, parse_payload(AnswerCommand, command.payload, "the answer"))
            if command.type in ENGINE_COMMANDS:
                return self.prepare(command, dice=dice, every_roll=every_roll)
        spec = self.ruleset.commands.get(command.type)
        if spec is None:
            known = ", ".join(sorted([*self.ruleset.commands, *ENGINE_COMMANDS]))
            raise InvalidCommand(f"{self.ruleset.title} has no command {command.type!r}. Known: {known}.")
        # named by the words its menu shows ("add a combatant"), never its id ("add_character")
        parsed = parse_payload(spec.model, command.payload, f"'{self.ruleset.command_label(command.type)}'")
        fold = self._f
        version = self.version
        service = dice_for(fold.settings, fold.seed, version, actor, dice)
        context = Context.at(
            actor, fold.seats_in_order, fold.config, fold.apply, version + 1, fold.next_command
        )
        try:
            batch = self.ruleset.run(self.state, context, command.type, parsed, service)
            service.finish()
        except DiceValueError:
            if dice is None or every_roll or actor.role is Role.GM or not self.ruleset.has_secrets:
                raise
            # a player's dice too few or too many: some may belong to the GM's secret rolls
            batch, service = self._with_players_dice(
                actor, lambda s: self.ruleset.run(self.state, context, command.type, parsed, s), dice
            )
        events = batch.events
        rolled = 0
        for e in events:  # a loop, not sum() over a generator: every command comes here
            rolled += len(e.rolls)
        if rolled != service.rolled:
            raise AssertionError(
                f"{self.ruleset.name}: a roll for {command.type!r} is missing from its events"
            )
        self._prepared = _Prepared(version, events, batch.state)
        return events

    def _with_players_dice(
        self, actor: Seat, run: Callable[[DiceService], Batch[Any]], dice: Sequence[int]
    ) -> tuple[Batch[Any], DiceService]:
        """A player's action whose typed-in dice did not fit every roll it makes, decided again with
        them going only to the rolls the player sees.

        A roll the player's action sets off but keeps from them (a hidden NPC's Guts roll when their
        attack wounds it) is the GM's, behind the screen: here the table rolls it with its own dice.
        Which rolls those are shows only in the events they land in, so the action is decided again
        with them given to the table's dice until no typed die lands in an event the player may not
        see. A refusal then counts and names only the rolls the player sees: "ran out at the roll for
        'stay_up'" told a player typing in his attack die that his hit would make the hidden NPC roll
        to stay up, and a die more or less told him whether it would. (Dice that fit every roll, the
        secret ones too, are taken as typed: a player rolling a check the GM called in secret.)"""
        viewer = Viewer(seat=actor.id)
        fold = self._f
        tables_rolls: frozenset[int] = frozenset()
        for _ in range(_PLAYERS_DICE_PASSES):
            service = DiceService.players(list(dice), tables_dice(fold.seed, self.version), tables_rolls)
            batch = run(service)
            number = {id(r): i for i, r in enumerate(service.records)}
            seen: set[int] = set()
            kept: set[int] = set()
            for event in batch.events:
                into = seen if event.audience.admits(viewer) else kept
                for roll in event.rolls:
                    i = number.get(id(roll))
                    if i is not None:
                        into.add(i)
            kept -= seen
            theirs = {i for i in kept if service.records[i].given}
            if theirs:
                tables_rolls |= theirs
                continue
            for i in sorted(service.short):
                if i not in kept:
                    raise DiceValueError(service.short[i])
            service.finish()
            return batch, service
        raise DiceValueError(
            "These dice cannot be matched to the rolls you see: leave them out, the table rolls."
        )

    def prepare_join(self, seat: Seat, *, by: str | None = None) -> list[Event]:
        """Events seating a new person; ``by`` is the seat asking, when one is known.

        At a table with a GM only the GM seats people; without one, anyone seated, but never a GM:
        a GM-run table left without one (made by the CLI, or imported so) gets its GM from its owner
        alone, or a player would make themselves GM. (Without ``by`` the caller is the table's
        owner, e.g. the CLI on its own file.)
        """
        if by is not None:
            actor = self.seat(by)
            if self.gm_seat() is not None and actor.role is not Role.GM:
                raise NotPermitted("Only the GM seats new people at this table.")
        if seat.id in self._f.seats:
            raise RuleViolation("TABLE-SEAT", f"Seat {seat.id!r} is already taken.")
        if seat.role == Role.GM and not self.ruleset.has_gm:
            raise RuleViolation("TABLE-SEAT", f"{self.ruleset.title} is played without a GM.")
        if seat.role == Role.GM and self.gm_seat() is not None:
            raise RuleViolation("TABLE-SEAT", "This table already has a GM.")
        if seat.role == Role.GM and by is not None:
            raise NotPermitted(
                "Only the table's owner can seat its GM, never a seat at the table: the GM runs the "
                "game, so no player makes anyone GM. Seat the new person as a player."
            )
        return self._stamp([Event.of(SeatJoined(seat=seat))], seat=None)

    def prepare_undo(self, seat_id: str, command_id: int | None = None) -> list[Event]:
        """Events taking back the latest command still in effect (or asking the GM to).

        ``command_id``, when given, must name that latest command (the GM
        allowing a player's request names the one asked about).
        """
        actor = self.seat(seat_id)
        target = self._undo_target(actor, command_id)
        if isinstance(target, Refusal):
            raise target.error()
        if target is None:
            own = self._requested(actor)
            if isinstance(own, Refusal):
                raise own.error()
            return self._stamp([request_event(own, actor.id)], seat=actor.id)
        return self._stamp([revert_event(target, self._w.events_of(target))], seat=actor.id)

    def commit(self, events: Sequence[Event]) -> None:
        """Fold prepared events in and append them to the log."""
        version = self.version
        if events and events[0].seq != version + 1:
            raise InvalidCommand("These events were prepared for another version of the table.")
        prepared, self._prepared = self._prepared, None
        fold, log = self._f, self._w.log
        if (
            prepared is not None
            and prepared.version == version
            and (
                prepared.events is events
                or (
                    len(prepared.events) == len(events)
                    and all(a is b for a, b in zip(prepared.events, events, strict=True))
                )
            )
        ):
            # the events prepare just made at this version: their state is already folded
            for event in events:
                fold.note(event)
            fold.state = prepared.state
            log.extend(events)
            return
        if any(e.type == REVERTED for e in events):
            log.extend(events)
            self._refold()
            return
        for event in events:
            fold.fold(event)
            log.append(event)

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

    # -- the engine's commands and undo ---------------------------------------------------------

    def _answering(self, actor: Seat, answer: AnswerCommand) -> Command:
        """The command that answers an open prompt, as the prompt itself says."""
        # the prompts ``prompts(Viewer(...))`` gives this seat, without building the viewer model
        gm, wanted = actor.role is Role.GM, answer.prompt
        prompt = None
        for p in (*self._ruleset_prompts(), *self._undo_prompts()):  # a loop: no generator per answer
            if p.id == wanted and (gm or p.seat == actor.id):
                prompt = p
                break
        if prompt is None:
            raise NotFound(f"There is no open prompt {answer.prompt!r} for you to answer.")
        return answering(prompt, actor.id, answer)

    def _undo_target(self, actor: Seat, command_id: int | None) -> int | Refusal | None:
        """The command ``actor``'s undo takes back now, None when it asks the GM to, or why it is refused."""
        return undo_target(
            actor,
            command_id,
            gm_seated=self.gm_seat() is not None,
            request=lambda: self._requested(actor),
            latest=self._w.latest_effective_command(),
            rolled=lambda c: any(e.rolls for e in self._w.events_of(c)),
            issued=self._f.next_command - 1,
        )

    def _requested(self, actor: Seat) -> int | Refusal:
        """The command a player's undo request names (their latest in effect), or why there is none."""
        return requested(self._latest_command_of(actor.id), self._f.undo_requests.get(actor.id))

    def _latest_command_of(self, seat_id: str) -> int | None:
        """The seat's latest command in effect: kept by the fold, else read from the history before it."""
        found = self._f.latest_of.get(seat_id)
        if found is not None or not self._f.latest_from:
            return found
        return self._w.latest_command_of(seat_id)

    def _undo_prompts(self) -> list[Prompt]:
        if not self._f.undo_requests:
            # nobody asks to undo (nearly always): no prompts, and no walk back for the latest command
            return []
        return self._w.memo(
            "undo_prompts",
            lambda: undo_prompts(
                self._f.undo_requests,
                self._w.undone(),
                self._f.seats,
                latest=(self._w.latest_effective_command() or (None, ""))[0],
                logged_at=lambda c: min((e.seq for e in self._w.events_of(c)), default=None),
            ),
        )

    # -- folding --------------------------------------------------------------------------------

    def _stamp(self, events: Sequence[Event], *, seat: str | None) -> list[Event]:
        command_id = self._f.next_command
        first = self.version + 1
        return [e.stamped(first + i, command_id, seat) for i, e in enumerate(events)]

    def _refold(self) -> None:
        window = self._w
        window.reach_reverted()
        reverted = window.undone()
        fold = self._f
        fold.start(window.base, window.base_version)
        for event in window.log:
            if event.command_id in reverted:
                fold.skip(event)
            else:
                fold.fold(event)
