"""Tables kept folded in memory between commands, written with the store's optimistic append.

Loading a table reads and validates its whole log; doing that for every
command would make a busy table slower with every move. The cache keeps the
folded :class:`~capeworks.engine.Table` of recently used tables and decides
commands against it, then writes with ``Store.append(expected_version=...)``:
if anyone else wrote first (another server process, the CLI), the append is
refused, the cache reads just the new events (``events_since``) and decides
again. So a command is only ever written on top of the latest log, exactly as
``Store.execute`` promises, without re-reading the log each time.

One lock per table serialises its commands in this process (they would
conflict anyway); different tables run in parallel.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import TypeVar

from capeworks.engine import Command, Event, Table
from capeworks.errors import CapeworksError, ConcurrencyConflict, NotFound
from capeworks.store import Store

__all__ = ["TableCache"]

T = TypeVar("T")

#: how many times a command is decided again after someone else wrote first
RETRIES = 5


@dataclass
class _Entry:
    lock: threading.Lock = field(default_factory=threading.Lock)
    table: Table | None = None


class TableCache:
    """Recently used tables, folded, up to ``size`` of them."""

    def __init__(self, store: Store, *, size: int = 256) -> None:
        self.store = store
        self.size = size
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._lock = threading.Lock()
        # SQLite has one writer at a time and makes the others sleep and retry: queue this
        # process's writers here instead, in order (PostgreSQL writes different tables at once)
        self._writer: AbstractContextManager[object] = (
            threading.Lock() if store.engine.dialect.name == "sqlite" else nullcontext()
        )

    def _entry(self, table_id: str) -> _Entry:
        with self._lock:
            entry = self._entries.get(table_id)
            if entry is None:
                entry = self._entries[table_id] = _Entry()
                while len(self._entries) > self.size:
                    self._entries.popitem(last=False)
            else:
                self._entries.move_to_end(table_id)
            return entry

    def forget(self, table_id: str) -> None:
        """Drop a table (it was deleted, or something went wrong with it)."""
        with self._lock:
            self._entries.pop(table_id, None)

    def _fresh(self, table_id: str, entry: _Entry) -> Table:
        if entry.table is None:
            entry.table = self.store.load(table_id)
        else:
            self._catch_up(table_id, entry.table)
        return entry.table

    def _catch_up(self, table_id: str, table: Table) -> bool:
        new = self.store.events_since(table_id, table.version)
        if new:
            table.commit(new)
        return bool(new)

    def read(self, table_id: str, fn: Callable[[Table], T]) -> T:
        """``fn`` of the table as the log stands now."""
        entry = self._entry(table_id)
        with entry.lock:
            try:
                return fn(self._fresh(table_id, entry))
            except NotFound:
                self.forget(table_id)
                raise

    def execute(
        self,
        table_id: str,
        command: Command,
        *,
        dice: Sequence[int] | None,
        then: Callable[[Table, list[Event]], T],
    ) -> T:
        """Decide, write and fold one command; ``then(table, events)`` runs before anyone else acts."""
        entry = self._entry(table_id)
        with entry.lock:
            try:
                table = entry.table if entry.table is not None else self._fresh(table_id, entry)
                for attempt in range(RETRIES + 1):
                    before = table.version
                    try:
                        events = table.prepare(command, dice=dice)
                    except CapeworksError:
                        # refused: but perhaps only by a state someone has since moved on from
                        if self._catch_up(table_id, table):
                            events = table.prepare(command, dice=dice)
                        else:
                            raise
                        before = table.version
                    try:
                        with self._writer:
                            self.store.append(table_id, events, expected_version=before)
                    except ConcurrencyConflict:
                        if attempt == RETRIES:
                            raise
                        self._catch_up(table_id, table)
                        continue
                    table.commit(events)
                    every = self.store.snapshot_every
                    if every and table.version // every > before // every:
                        with self._writer:
                            self.store.save_snapshot(table_id, table)
                    return then(table, events)
                raise AssertionError("unreachable")  # pragma: no cover
            except CapeworksError:
                raise
            except BaseException:
                # a half-folded table must not serve the next command: reload it then
                entry.table = None
                raise
