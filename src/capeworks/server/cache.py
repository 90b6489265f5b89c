"""The one folded table per table this process keeps: commands, reads and the live feed share it.

Loading a table reads and validates its log; doing that for every command
would make a busy table slower with every move, and folding each change once
for the commands and again for the feed doubled the work. The cache keeps the
folded :class:`~capeworks.engine.Table` of recently used tables; a command
goes through the store's one command path (:meth:`Store.execute` with
``table=``), which brings the fold up to the log under the table's write
lock, decides, appends and folds the events in. Reads catch the fold up with
``events_since`` first (another process or the CLI may have written).

One lock per table serialises everything that touches its fold in this
process (commands, reads, the feed's rounds); different tables run in
parallel. A table someone watches is never evicted (its feed holds it).

No wait is unbounded (issue 21, defect 3): a writer waits for the fold and
this process's SQLite queue only until its deadline (:meth:`Store.deadline`,
the lock timeout end to end) and is then refused in one sentence; a reader
whose fold is held longer than :data:`READ_WAIT` (a writer waiting for the
database) reads a private copy from the store instead, since WAL and
PostgreSQL readers need no write lock.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from capeworks.engine import Command, Seat, Table
from capeworks.errors import CapeworksError, ConcurrencyConflict, NotFound
from capeworks.store import Joined, Played, Store

__all__ = ["BUSY", "Busy", "Fold", "TableCache"]

T = TypeVar("T")

#: seconds a read waits for a fold another thread holds before it reads its own copy from the store
READ_WAIT = 0.2
P = TypeVar("P", Played, Joined)


class Busy:
    """What :meth:`TableCache.read_if_free` gives when reading would wait."""

    __slots__ = ()


#: the one :class:`Busy`
BUSY = Busy()


@dataclass
class Fold:
    """One table's fold in this process, and the lock every use of it takes."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    table: Table | None = None
    #: feeds holding it (a watched fold is not evicted)
    watchers: int = 0


class TableCache:
    """Recently used tables, folded, up to ``size`` unwatched ones."""

    def __init__(self, store: Store, *, size: int = 256) -> None:
        self.store = store
        self.size = size
        self._folds: OrderedDict[str, Fold] = OrderedDict()
        self._lock = threading.Lock()
        # SQLite has one writer at a time and makes the others sleep and retry: queue this
        # process's writers here instead, in order (PostgreSQL writes different tables at once)
        self._writer: threading.Lock | None = threading.Lock() if store.dialect == "sqlite" else None

    def fold(self, table_id: str) -> Fold:
        """The table's fold (made empty if new); touching it makes it the most recently used."""
        with self._lock:
            fold = self._folds.get(table_id)
            if fold is None:
                fold = self._folds[table_id] = Fold()
                self._evict()
            else:
                self._folds.move_to_end(table_id)
            return fold

    def watch(self, table_id: str) -> Fold:
        """The fold a feed keeps for as long as it runs (call :meth:`unwatch` when it stops)."""
        with self._lock:
            fold = self._folds.get(table_id)
            if fold is None:
                fold = self._folds[table_id] = Fold()
            fold.watchers += 1
            self._evict()
            return fold

    def unwatch(self, table_id: str) -> None:
        """A feed stopped."""
        with self._lock:
            fold = self._folds.get(table_id)
            if fold is not None and fold.watchers:
                fold.watchers -= 1
            self._evict()

    def _evict(self) -> None:
        # the least recently used unwatched folds go first (callers hold self._lock)
        spare = len(self._folds) - self.size
        for table_id in [k for k, f in self._folds.items() if not f.watchers][: max(spare, 0)]:
            del self._folds[table_id]

    def forget(self, table_id: str) -> None:
        """Drop a table's fold (it was deleted, or something went wrong with it); it is loaded again."""
        with self._lock:
            fold = self._folds.get(table_id)
            if fold is not None:
                fold.table = None
                if not fold.watchers:
                    del self._folds[table_id]

    def fresh(self, table_id: str, fold: Fold) -> Table:
        """The fold as the log stands now (the caller holds ``fold.lock``)."""
        if fold.table is None:
            fold.table = self.store.load(table_id)
        else:
            # checks first that the event the fold stands at is still the one it read (issue 21, defect 8)
            self.store.catch_up(table_id, fold.table)
        return fold.table

    def peek(self, table_id: str) -> Fold | None:
        """The table's fold if this process keeps one (not touched: for a glance from another thread)."""
        return self._folds.get(table_id)

    def read(
        self,
        table_id: str,
        fn: Callable[[Table], T],
        *,
        catch_up: bool = True,
        wait: float | None = READ_WAIT,
    ) -> T:
        """``fn`` of the table as the log stands now (``catch_up=False``: as this process last wrote
        or read it, loading it only if it is not kept).

        If the fold stays busy for ``wait`` seconds, ``fn`` gets a copy loaded from the store
        (``wait=None``: wait for the fold, up to the lock timeout; the feed's rounds do).
        """

        def work(fold: Fold) -> T:
            table = fold.table if fold.table is not None and not catch_up else self.fresh(table_id, fold)
            return fn(table)

        def own_copy() -> T:
            return fn(self.store.load(table_id))

        return self._using(table_id, work, wait=wait, otherwise=own_copy if wait is not None else None)

    def read_if_free(self, table_id: str, fn: Callable[..., T], *args: Any) -> T | Busy:
        """``fn(table, *args)`` of the fold as this process last wrote or read it, at once, or
        :data:`BUSY` when that would wait: the fold is not loaded, or another thread holds it (a
        writer waiting for the database). Never blocks, so the event loop may call it (the feed's
        rounds do)."""
        fold = self.fold(table_id)
        if fold.table is None or not fold.lock.acquire(blocking=False):
            return BUSY
        with _held(fold.lock):
            table = fold.table
            if table is None:
                return BUSY
            try:
                return fn(table, *args)
            except BaseException:
                # as _using: a half-worked table is loaded again by the next use
                fold.table = None
                raise

    def execute(
        self,
        table_id: str,
        command: Command,
        *,
        dice: Sequence[int] | None,
        then: Callable[[Played], T],
        request_id: str | None = None,
    ) -> T:
        """Run one command through the store's path; ``then(played)`` runs before anyone else acts."""

        def run(fold: Fold) -> T:
            played = self._write(
                fold,
                lambda t: self.store.execute(table_id, command, dice=dice, table=t, request_id=request_id),
            )
            return then(played)

        return self._using(table_id, run)

    def join(self, table_id: str, seat: Seat, *, by: str | None) -> Joined:
        """Seat someone through the store's path, on this process's fold."""

        def run(fold: Fold) -> Joined:
            return self._write(fold, lambda t: self.store.join(table_id, seat, by=by, table=t))

        return self._using(table_id, run)

    def _write(self, fold: Fold, go: Callable[[Table | None], P]) -> P:
        """Write through the store (queued behind this process's other SQLite writers); keep its fold."""
        if self._writer is None:
            done = go(fold.table)
        else:
            if not self._writer.acquire(timeout=self.store.remaining()):
                raise self.store.busy()
            try:
                done = go(fold.table)
            finally:
                self._writer.release()
        fold.table = done.table
        return done

    def _using(
        self,
        table_id: str,
        work: Callable[[Fold], T],
        *,
        wait: float | None = None,
        otherwise: Callable[[], T] | None = None,
    ) -> T:
        """``work`` on the table's fold under its lock, waiting ``wait`` seconds (None: until the
        thread's deadline); then ``otherwise()``, or the store's busy refusal."""
        fold = self.fold(table_id)
        if not fold.lock.acquire(timeout=self.store.remaining() if wait is None else wait):
            if otherwise is not None:
                return otherwise()
            raise self.store.busy()
        with _held(fold.lock):
            try:
                return work(fold)
            except NotFound:
                self.forget(table_id)
                raise
            except ConcurrencyConflict:
                # only a writer that bypassed the lock (or an edited database) gets here: load afresh
                fold.table = None
                raise
            except CapeworksError:
                # refused or busy: the store's path leaves the fold as the log stands
                raise
            except BaseException:
                # a half-folded table must not serve the next command: load it again then
                fold.table = None
                raise


@contextmanager
def _held(lock: threading.Lock) -> Iterator[None]:
    """Release a lock acquired (with a timeout) before the block."""
    try:
        yield
    finally:
        lock.release()
