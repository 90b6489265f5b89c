"""A table's window on its log: a base, the events after it, and the history it reads the rest from.

A table resumed from a snapshot holds only a window of the log: a base (the
fold fields saved at some version, :class:`~capeworks.engine.fold.FoldBase`) and
the events after it. What came before the base it reads on demand from a
:class:`History` (a store gives one): to read older log pages, to find the
command an undo takes back, and to move its base behind any command reverted
after the base. Answers worked out from the window are kept until it changes
(:meth:`Window.memo`). Every answer equals that of the table replayed from the
whole log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from pydantic import ValidationError

from capeworks.engine.event import Event
from capeworks.engine.fold import FoldBase
from capeworks.engine.ruleset import Ruleset
from capeworks.engine.table_events import REVERTED
from capeworks.errors import CapeworksError

__all__ = ["History", "LogPrefix", "Window"]

T = TypeVar("T")


class History(Protocol):
    """Where a table resumed from a snapshot reads what lies before its window (a store gives one)."""

    def base(self, before: int) -> tuple[int, Mapping[str, Any] | None]:
        """The latest saved fold fields at a version below ``before``, or ``(0, None)`` for the start."""
        ...

    def events(self, after: int, upto: int) -> Sequence[Event]:
        """The events numbered ``after + 1`` to ``upto``, in order."""
        ...


@dataclass(frozen=True, slots=True)
class LogPrefix:
    """The History of a table resumed with its whole log at hand."""

    prefix: Sequence[Event]

    def base(self, before: int) -> tuple[int, Mapping[str, Any] | None]:
        return 0, None

    def events(self, after: int, upto: int) -> Sequence[Event]:
        return self.prefix[after:upto]


def reverted_from(event: Event) -> int:
    """The first seq of the command a ``table.reverted`` event takes back (1 when not recorded)."""
    return int(event.data.get("first_seq") or 1)


class Window:
    """The base, the events after it, the history before it, and answers kept while it is unchanged."""

    __slots__ = (
        "_memo_key",
        "_memo_values",
        "_on_change",
        "_undone",
        "_undone_at",
        "base",
        "base_version",
        "history",
        "log",
        "ruleset",
    )

    def __init__(
        self, ruleset: Ruleset[Any, Any], log: Sequence[Event], *, on_change: Callable[[], None]
    ) -> None:
        self.ruleset = ruleset
        self.history: History | None = None
        self.base: FoldBase | None = None
        self.base_version = 0
        self.log: list[Event] = list(log)
        self._memo_key = (-1, -1)
        self._memo_values: dict[object, Any] = {}
        self._on_change = on_change
        # the commands reverted among the first _undone_at[1] events of the window based at _undone_at[0]
        self._undone: frozenset[int] = frozenset()
        self._undone_at = (0, 0)

    def memo(self, key: object, work: Callable[[], T]) -> T:
        """``work()``, kept while the window is unchanged: every answer kept here is a function of the log.

        The window only grows (events appended, or older ones read in front), so
        its base version and length name its contents. Callers must not change
        what they get back.
        """
        window = (self.base_version, len(self.log))
        if window != self._memo_key:
            self._memo_key = window
            self._memo_values = {}
            self._on_change()
        try:
            return self._memo_values[key]  # type: ignore[no-any-return]
        except KeyError:
            value = self._memo_values[key] = work()
            return value

    def extend(self, *, before: int) -> None:
        """Move the base to a saved fold below version ``before``, reading the events in between.

        The current state is unchanged; only where a re-fold would start moves.
        """
        assert self.history is not None, "a table replayed from its whole log has no history"
        version, fields = self.history.base(before)
        while True:
            if not 0 <= version < before:
                raise ValueError(f"history gave a base at version {version}, not below {before}")
            try:
                base = None if fields is None else FoldBase.parse(self.ruleset, fields)
                break
            except (KeyError, TypeError, ValueError, ValidationError):
                before = version
                version, fields = self.history.base(before)
        older = list(self.history.events(version, self.base_version))
        if [e.seq for e in older] != list(range(version + 1, self.base_version + 1)):
            raise CapeworksError(
                f"The log of this table is damaged: events {version + 1} to {self.base_version} "
                "cannot all be read."
            )
        self.base, self.base_version, self.log = base, version, older + self.log

    def reach(self, since: int) -> None:
        """Make the window hold every event after version ``since``."""
        if since < self.base_version:
            self.extend(before=since + 1)

    def reach_reverted(self) -> None:
        """Move the base before every command reverted inside the window: its fold still holds them."""
        while self.base_version:
            reach = min((reverted_from(e) for e in self.log if e.type == REVERTED), default=None)
            if reach is None or reach > self.base_version:
                break
            self.extend(before=reach)

    def undone(self) -> frozenset[int]:
        """The commands reverted in the window (not to be changed by the caller).

        Kept as the log grows: only events appended since the last call are read
        (a set already handed out is never changed: a new revert makes a new set).
        """
        log = self.log
        if self._undone_at[0] != self.base_version or self._undone_at[1] > len(log):
            self._undone, self._undone_at = frozenset(), (self.base_version, 0)
        start = self._undone_at[1]
        if start < len(log):
            found = {int(e.data["command_id"]) for e in log[start:] if e.type == REVERTED}
            if found:
                self._undone = self._undone | found
            self._undone_at = (self.base_version, len(log))
        return self._undone

    def backwards(self) -> Iterator[tuple[Event, frozenset[int]]]:
        """Events newest first with the commands reverted so far, reaching into the history as needed."""
        end = len(self.log)
        while True:
            reverted = self.undone()
            for i in range(end - 1, -1, -1):
                yield self.log[i], reverted
            if not self.base_version:
                return
            held = len(self.log)
            self.extend(before=self.base_version)
            end = len(self.log) - held

    def events_of(self, command_id: int) -> list[Event]:
        """The events of one command (command ids never decrease: older ones may lie before the window)."""
        while self.base_version and (not self.log or self.log[0].command_id >= command_id):
            self.extend(before=self.base_version)
        return [e for e in self.log if e.command_id == command_id]

    def latest_effective_command(self) -> tuple[int, str] | None:
        """The latest command still in effect and its seat (the engine's own events aside)."""
        return self.memo("latest", self._find_latest_effective_command)

    def _find_latest_effective_command(self) -> tuple[int, str] | None:
        for event, reverted in self.backwards():
            if event.type.startswith("table."):
                continue
            if event.command_id not in reverted and event.seat is not None:
                return event.command_id, event.seat
        return None

    def latest_command_of(self, seat_id: str) -> int | None:
        """The seat's latest command in effect, read backwards through the log (and its history)."""
        return self.memo(("latest_of", seat_id), lambda: self._find_latest_command_of(seat_id))

    def _find_latest_command_of(self, seat_id: str) -> int | None:
        for event, reverted in self.backwards():
            if event.type.startswith("table.") or event.command_id in reverted:
                continue
            if event.seat == seat_id:
                return event.command_id
        return None
