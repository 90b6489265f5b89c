"""Folds and where they stand in their log: loading, catching a kept fold up, and checking its chain.

A fold is a :class:`~capeworks.engine.Table` a caller keeps between commands
(the server keeps one per table). :class:`Heads` remembers, for each fold this
store loaded or wrote, the stored hash of the event it stands at, so a running
process notices tampering instead of writing onto it (issue 21, defect 8):

- catching a fold up (before every command, and a server's reads) reads the
  event it stands at with the one before it, in the same query as the new
  ones, and checks that event still links and still carries the hash this
  process saw (:func:`capeworks.store.chain.check_head`): an edit, a rehash or
  a deleted row there is named;
- the whole chain under a fold is walked, links only, before its first command
  and every ``recheck`` seconds after (:func:`capeworks.store.rows.walk`): an
  edit anywhere behind the part a load reads is named too;
- a snapshot carries the hash of the event it stands at and a digest of
  itself; loading passes over one that does not match (it is disposable) and
  reads on from an older one or the whole log, whose chain names any damage.
"""

from __future__ import annotations

import logging
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from capeworks.engine import Event, Ruleset, Table
from capeworks.errors import UnreadableEvent
from capeworks.store import chain, rows
from capeworks.store import snapshot as snapshots
from capeworks.store.connection import Connection, Database
from capeworks.store.records import row

__all__ = ["Head", "Heads", "StoreHistory"]

log = logging.getLogger("capeworks.store")

_PASSED_OVER = "passed over the snapshot at version %d of table %s: it does not match its log or itself"


@dataclass(frozen=True, slots=True)
class Head:
    """Where a fold stands in its log, as this process last read or wrote it.

    ``hash`` is the stored hash of event ``seq``; ``walked`` the monotonic time the
    whole chain under it was last checked (None: only the part a load reads).
    """

    seq: int
    hash: str
    walked: float | None = None


class Heads:
    """The :class:`Head` of every fold a store loaded or wrote (held weakly: a dropped fold is forgotten)."""

    def __init__(self, database: Database, *, recheck: Callable[[], float]) -> None:
        self._database = database
        self._recheck = recheck
        self._heads: weakref.WeakKeyDictionary[Table, Head] = weakref.WeakKeyDictionary()

    def get(self, table: Table) -> Head | None:
        """Where ``table`` stands, if this store loaded or wrote it."""
        return self._heads.get(table)

    def moved(self, table: Table, head: Head) -> None:
        """``table`` now stands at ``head``."""
        self._heads[table] = head

    def load(
        self, connection: Connection, table_id: str, ruleset: Ruleset[Any, Any], *, snapshot_every: int
    ) -> Table:
        """The table from the latest intact, usable snapshot and the events after it (0: the whole log).

        An event this release cannot read is named (UnreadableEvent), never reported as damage.
        """
        try:
            return self._load(connection, table_id, ruleset, snapshot_every=snapshot_every)
        except UnreadableEvent as e:
            raise e.of_log(f"table {table_id!r}") from None

    def _load(
        self, connection: Connection, table_id: str, ruleset: Ruleset[Any, Any], *, snapshot_every: int
    ) -> Table:
        version_now = row(connection, table_id).version
        if snapshot_every:
            history = StoreHistory(self._database, table_id, ruleset, step=snapshot_every)
            below = version_now + 1
            while True:
                version, state = rows.latest_snapshot(connection, table_id, ruleset, below=below)
                if state is None:
                    break
                tail = rows.chained(connection, table_id, after=version, last=version_now)
                if not snapshots.intact(state, tail.base):
                    # disposable: read on from an older one (or the whole log, whose chain names damage)
                    log.warning(_PASSED_OVER, version, table_id)
                    below = version
                    continue
                table = snapshots.resume(ruleset, state, tail.events, history)
                if table is not None:
                    self._heads[table] = Head(table.version, tail.head)
                    return table
                break
        whole = rows.chained(connection, table_id, last=version_now)
        table = Table(ruleset, whole.events)
        # the whole chain was just checked
        self._heads[table] = Head(table.version, whole.head, time.monotonic())
        return table

    def catch_up(self, connection: Connection, table_id: str, table: Table) -> list[Event]:
        """Fold into ``table`` the events after it, first checking the event it stands at (its hash as
        this store last saw it, when it did)."""
        head = self._heads.get(table)
        known = head.hash if head is not None and head.seq == table.version else None
        read = rows.chained(connection, table_id, after=table.version, known=known)
        if read.events:
            table.commit(read.events)
        self._heads[table] = Head(table.version, read.head, head.walked if head is not None else None)
        return read.events

    def due(self, table: Table) -> bool:
        """Would :meth:`walked` read anything for ``table`` now (a fold it never saw, or a walk due)?"""
        head = self._heads.get(table)
        return (
            head is None
            or head.seq != table.version
            or head.walked is None
            or time.monotonic() - head.walked >= self._recheck()
        )

    def walked(self, connection: Connection, table_id: str, table: Table) -> Head:
        """Where ``table`` stands, after walking the whole chain under it if that is due (``recheck``)."""
        head = self._heads.get(table)
        if head is None or head.seq != table.version:  # a fold this store never saw (a caller's own)
            head = Head(table.version, rows.hash_before(connection, table_id, table.version + 1))
        now = time.monotonic()
        if head.walked is None or now - head.walked >= self._recheck():
            top = rows.walk(connection, table_id, upto=table.version)
            if top != head.hash:
                raise chain.ChainBroken(
                    f"Event {table.version} of table {table_id!r} changed while it was read "
                    f"({chain.DAMAGED}).",
                    seq=table.version,
                )
            head = replace(head, walked=now)
        self._heads[table] = head
        return head


class StoreHistory:
    """A table's older events and snapshots, read on demand from the store (one connection each).

    ``step`` is the snapshot interval: a base is sought at least that far
    back, so the run of snapshots written after a chain of undos is crossed
    in one step rather than one snapshot at a time.
    """

    def __init__(self, database: Database, table_id: str, ruleset: Ruleset[Any, Any], *, step: int) -> None:
        self._database = database
        self.table_id = table_id
        self.ruleset = ruleset
        self.step = max(step, 1)

    def base(self, before: int) -> tuple[int, Mapping[str, Any] | None]:
        """The latest usable snapshot at least ``step`` below version ``before`` that stands at its event
        and is as written (:func:`capeworks.store.snapshot.intact`), or ``(0, None)``."""
        below = before - self.step + 1
        with self._database.read() as connection:
            while True:
                version, state = rows.latest_snapshot(connection, self.table_id, self.ruleset, below=below)
                if state is None or snapshots.intact(
                    state, rows.hash_before(connection, self.table_id, version + 1)
                ):
                    return version, state
                log.warning(_PASSED_OVER, version, self.table_id)
                below = version

    def events(self, after: int, upto: int) -> Sequence[Event]:
        """The events numbered ``after + 1`` to ``upto``."""
        with self._database.read() as connection:
            return rows.chained_events(connection, self.table_id, after=after, upto=upto)
