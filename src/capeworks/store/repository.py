"""The store: tables, their seats and event logs in a SQL database, commands queued per table.

A table's version is the number of events in its log. ``append`` writes new
events only if the table is still at the version the caller read: it advances
``tables.version`` with a compare-and-set and inserts the events under the
``(table_id, seq)`` primary key, so a stale writer is refused twice over (the
version check, then the key), and refused writes leave nothing behind.

``execute``, ``join`` and ``undo`` are the one command path every edge uses
(the CLI, the server, the lab; see :meth:`Store.run`): they take the
table's write lock first (SQLite ``BEGIN IMMEDIATE``; PostgreSQL ``SELECT ...
FOR UPDATE`` on the table's row), then load (or bring the caller's fold up
to the log), decide, append and commit under it, so writers to one table
queue instead of being refused. A wait longer than the lock timeout ends in
one sentence, with nothing written.

Loading reads the latest usable snapshot and only the events after it; a
snapshot is written after the command's commit, in a transaction of its own,
whenever a command carries the log past a multiple of ``snapshot_every`` and
after every undo. Snapshots are disposable: one that cannot be written is
skipped, and the command stands. The table reads older events and
snapshots through :class:`StoreHistory` only when an undo or a log page
reaches behind its snapshot (see :class:`capeworks.engine.table.History`).

Seat tokens are secrets for later web authentication: the store hands each
one out once and keeps only its sha256.

Every event row carries its link in the table's hash chain
(:mod:`capeworks.store.chain`); reading events checks the chain of the rows
read, and :meth:`Store.verify` checks all of it and every snapshot against a
replay.

Each call runs on one connection and (when it writes) in one transaction of
its own; the statements, built once, are in :mod:`capeworks.store.rows`.
"""

from __future__ import annotations

import hmac
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from capeworks.engine import Command, Event, Role, Ruleset, Seat, Table, get_ruleset
from capeworks.errors import (
    CapeworksError,
    ConcurrencyConflict,
    InvalidCommand,
    NotFound,
    NotPermitted,
    StoreUnavailable,
)
from capeworks.store import chain, rows, transactions
from capeworks.store import snapshot as snapshots
from capeworks.store.connection import Connection, Database, Integrity, stored_time
from capeworks.store.document import FORMAT_NAME, FORMAT_VERSION, check_document, parse_document
from capeworks.store.folds import Head, Heads, StoreHistory
from capeworks.store.opening import SQLITE_BUSY_TIMEOUT, open_database
from capeworks.store.records import (
    CreatedTable,
    Joined,
    Landed,
    Played,
    TableRecord,
    Verified,
    hash_token,
    hashed,
    new_table_id,
    new_token,
    record,
)
from capeworks.store.records import row as _row
from capeworks.store.schema import utcnow
from capeworks.store.verify import verify as verify_table
from capeworks.store.verify import version_damage

if TYPE_CHECKING:
    from sqlalchemy import Engine

__all__ = [
    "NOTIFY_CHANNEL",
    "CreatedTable",
    "Joined",
    "Landed",
    "Listener",
    "Played",
    "RulesetResolver",
    "Store",
    "StoreHistory",
    "TableRecord",
    "Verified",
    "hash_token",
    "new_token",
]

RulesetResolver = Callable[[str], Ruleset[Any, Any]]
#: told of every command written: ``(table_id, table as it now stands, the events written)``
Listener = Callable[[str, Table, Sequence[Event]], None]

log = logging.getLogger("capeworks.store")

#: the PostgreSQL channel every command is announced on, ``{"table": id, "from": origin}``, when it commits
NOTIFY_CHANNEL = "capeworks_events"

#: default number of events between snapshots
SNAPSHOT_EVERY = 100
#: default seconds a command waits for another writer's lock on its table
LOCK_TIMEOUT = SQLITE_BUSY_TIMEOUT
#: default seconds between two walks of a kept fold's whole chain before a command (0: before every one)
RECHECK = 60.0


class Store:
    """Tables and their event logs in one database.

    ``url`` is any SQLAlchemy URL (default: ``$CAPEWORKS_DATABASE_URL`` or a
    SQLite file in the user data directory). Opening migrates the database to
    the newest schema. ``resolve_ruleset`` finds a ruleset by name (tests
    inject their own); ``snapshot_every`` is the number of events between
    snapshots (0 turns them off); ``lock_timeout`` is how many seconds a
    command waits for another writer before giving up; ``recheck`` is how many
    seconds a fold kept between commands (a server's) goes before the whole
    chain under it is walked again (0: before every command); ``create`` is whether a SQLite file
    that does not exist may be created (a command that only reads, or needs a table already made,
    passes False: a mistyped path is refused and nothing is left behind).

    A running store notices tampering (issue 21, defect 8): see :mod:`capeworks.store.folds`.
    """

    def __init__(
        self,
        url: str | None = None,
        *,
        resolve_ruleset: RulesetResolver = get_ruleset,
        snapshot_every: int = SNAPSHOT_EVERY,
        lock_timeout: float = LOCK_TIMEOUT,
        migrate: bool = True,
        recheck: float = RECHECK,
        create: bool = True,
    ) -> None:
        self.lock_timeout = lock_timeout
        self.recheck = recheck
        #: where the store's SQL runs: stdlib sqlite3 on a SQLite file, SQLAlchemy elsewhere
        self.database: Database = open_database(
            url, lock_timeout=lock_timeout, migrate=migrate, create=create
        )
        self._engine: Engine | None = None
        self._resolve = resolve_ruleset
        self.snapshot_every = snapshot_every
        self._listeners: list[Listener] = []
        # where each fold this store loaded or wrote stands in its chain (issue 21, defect 8)
        self._heads = Heads(self.database, recheck=lambda: self.recheck)
        # this thread's deadline for lock waits (see :meth:`deadline`)
        self._deadlines = threading.local()
        #: names this store in its NOTIFY payloads: a listener on the same store hears of its own
        #: writes from :meth:`listen` already, with the table folded, and need not read them back
        self.origin = secrets.token_hex(8)

    def close(self) -> None:
        """Release the database connections."""
        self.database.dispose()
        if self._engine is not None and self._engine is not getattr(self.database, "engine", None):
            self._engine.dispose()

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.database.dialect

    @property
    def engine(self) -> Engine:
        """A SQLAlchemy Engine on this database, for tools and tests that speak SQLAlchemy.

        Through SQLAlchemy it is the store's own; on a SQLite file (which the
        store reads and writes with the standard library) one made on first use,
        with the same durability settings.
        """
        own: Engine | None = getattr(self.database, "engine", None)
        if own is not None:
            return own
        if self._engine is None:
            from capeworks.store.database import open_engine  # SQLAlchemy only when asked for

            self._engine = open_engine(self.database.url, lock_timeout=self.lock_timeout)
        return self._engine

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextmanager
    def deadline(self, at: float) -> Iterator[None]:
        """Lock waits in this thread end at ``at`` (a ``time.monotonic()`` instant), not a full timeout later.

        A server queues a command before it reaches the database; this keeps the
        whole wait within the lock timeout (issue 21, defect 3).
        """
        before = getattr(self._deadlines, "at", None)
        self._deadlines.at = at
        try:
            yield
        finally:
            self._deadlines.at = before

    def remaining(self) -> float:
        """Seconds a lock wait in this thread may still take: up to its deadline, else the lock timeout."""
        at: float | None = getattr(self._deadlines, "at", None)
        return self.lock_timeout if at is None else max(0.0, at - time.monotonic())

    def busy(self) -> StoreUnavailable:
        """The one sentence for a command that waited the lock timeout out (nothing was written)."""
        return StoreUnavailable(
            f"Another command kept the table busy for over {self.lock_timeout:g} seconds, "
            "so nothing was written; try again."
        )

    @property
    def url(self) -> str:
        """The database URL, password hidden."""
        return self.database.url

    # -- reading --------------------------------------------------------------------------------

    def list_tables(self) -> list[TableRecord]:
        """Every table, newest first."""
        with self.database.read() as connection:
            return [record(row) for row in connection.rows(rows.ALL_ROWS)]

    def record(self, table_id: str) -> TableRecord:
        """One table's row, or NotFound."""
        with self.database.read() as connection:
            return _row(connection, table_id)

    def events_since(self, table_id: str, version: int, *, limit: int | None = None) -> list[Event]:
        """The events after ``version`` (at most ``limit``), in order: what a live client streams.

        Reads only those rows, however long the log.
        """
        with self.database.read() as connection:
            return rows.chained_events(connection, table_id, after=version, limit=limit)

    def catch_up(self, table_id: str, table: Table) -> list[Event]:
        """Fold into ``table`` (a fold of this table the caller keeps) the events written since; returns them.

        Checks first that the event the fold stands at is still the one it read or wrote.
        """
        with self.database.read() as connection:
            return self._heads.catch_up(connection, table_id, table)

    def log(self, table_id: str) -> list[Event]:
        """The table's whole log, in order (every event, secrets included)."""
        with self.database.read() as connection:
            row = _row(connection, table_id)
            return rows.chained_events(connection, table_id, last=row.version)

    def load(self, table_id: str, *, use_snapshot: bool = True) -> Table:
        """The table as its log makes it: the latest snapshot plus the events after it.

        The result answers exactly as ``Table(ruleset, log)`` (a full replay)
        does, reading older events only when asked for them; pass
        ``use_snapshot=False`` to force the full replay.
        """
        with self.database.read() as connection:
            return self._load(connection, table_id, use_snapshot=use_snapshot)

    def authenticate(self, table_id: str, token: str) -> Seat:
        """The seat whose token this is, or NotPermitted.

        One query whether or not the table exists (a missing table has no seats), so a
        stranger cannot tell a missing table from a wrong token by the work done.
        """
        digest = hash_token(token)
        with self.database.read() as connection:
            seats = connection.rows(rows.TOKENS, {"table_id": table_id})
        found = None
        for seat_id, name, role, token_hash in seats:
            if token_hash is not None and hmac.compare_digest(token_hash, digest):
                found = Seat(id=seat_id, name=name, role=Role(role))
        if found is None:
            raise NotPermitted("That seat token is not valid for this table.")
        return found

    # -- writing --------------------------------------------------------------------------------

    def create_table(
        self,
        ruleset: str | Ruleset[Any, Any],
        *,
        title: str = "",
        config: Mapping[str, Any] | None = None,
        seats: Iterable[Seat] = (),
        seed: int | str | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> CreatedTable:
        """Start a table; returns its id and each seat's token (shown only this once).

        ``seed`` is for tests and reproductions; without it the dice come from
        the operating system. ``settings`` are the table settings (who may
        type in physical dice).
        """
        rs = self._resolve(ruleset) if isinstance(ruleset, str) else ruleset
        table = Table.new(rs, config=config, seats=seats, seed=seed, title=title, settings=settings)
        return self._insert_table(table, table_id=None)

    def add_table(self, table: Table) -> CreatedTable:
        """Store a table made with :meth:`Table.new <capeworks.engine.table.Table.new>` under a new id.

        For a front end that builds the table before it opens the store, so that a refused rule set,
        config or seat leaves nothing behind (not even a new database file). Returns the id and each
        seat's token, as :meth:`create_table` does.
        """
        return self._insert_table(table, table_id=None)

    def append(
        self,
        table_id: str,
        events: Sequence[Event],
        *,
        expected_version: int,
        tokens: Mapping[str, str] | None = None,
    ) -> int:
        """Append stamped events if the table is still at ``expected_version``; returns the new version.

        A stale version raises ConcurrencyConflict and writes nothing. Seats
        joining in ``events`` are recorded, with the hash of their token from
        ``tokens`` (seat id -> token) when given.
        """
        if not events:
            return expected_version
        for offset, event in enumerate(events, start=1):
            if event.seq != expected_version + offset:
                raise InvalidCommand(
                    f"Events to append at version {expected_version} must be numbered from "
                    f"{expected_version + 1}; got seq {event.seq}."
                )
        try:
            with self._write() as connection:
                version, _ = rows.advance(
                    connection,
                    table_id,
                    events,
                    expected_version=expected_version,
                    token_hashes=hashed(tokens or {}),
                )
                return version
        except Integrity:
            # a racing writer took these sequence numbers first
            raise rows.conflict(table_id, expected_version, None) from None

    def execute(
        self,
        table_id: str,
        command: Command,
        *,
        dice: Sequence[int] | None = None,
        table: Table | None = None,
        request_id: str | None = None,
    ) -> Played:
        """Run a command at the latest version, after any writer ahead of it; returns events and table.

        ``table`` is a fold of this table the caller keeps (the server's): it is
        brought up to the log under the lock instead of loading, and is the
        table returned. ``request_id`` (the client's) makes a retry safe: sent
        again by the same seat, nothing is applied. See :meth:`run` for the whole path.
        """
        request = (command.seat, request_id) if request_id else None
        return self.run(table_id, lambda t: t.prepare(command, dice=dice), table=table, request=request)

    def undo(
        self, table_id: str, seat_id: str, *, table: Table | None = None, request_id: str | None = None
    ) -> Played:
        """Take back the latest command still in effect, or ask the GM to (see Table.prepare_undo)."""
        request = (seat_id, request_id) if request_id else None
        return self.run(table_id, lambda t: t.prepare_undo(seat_id), table=table, request=request)

    def landed(self, table_id: str, seat_id: str, request_id: str) -> Landed | None:
        """Whether the command ``seat_id`` sent with ``request_id`` was written (and where), or None."""
        with self.database.read() as connection:
            _row(connection, table_id)
            found = rows.landed(connection, table_id, seat_id, request_id)
        return None if found is None else Landed(request_id, seat_id, *found)

    def join(self, table_id: str, seat: Seat, *, by: str | None = None, table: Table | None = None) -> Joined:
        """Seat a new person; returns the events and the seat's token (shown only this once).

        ``by`` is the seat asking (see Table.prepare_join: at a GM's table, only the GM).
        """
        token = new_token()
        played = self.run(
            table_id, lambda t: t.prepare_join(seat, by=by), table=table, tokens={seat.id: token}
        )
        return Joined(events=played.events, token=token, table=played.table)

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(table_id, table, events)`` after every command this store writes.

        Returns the call that stops it. A listener that fails is logged; the
        write stands (listeners are how a server wakes its live feeds).
        """
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def run(
        self,
        table_id: str,
        prepare: Callable[[Table], list[Event]],
        *,
        table: Table | None = None,
        tokens: Mapping[str, str] | None = None,
        request: tuple[str, str] | None = None,
    ) -> Played:
        """The one command path, for the CLI, the server and the lab alike.

        Under the table's write lock: load the table (or bring the caller's
        fold ``table`` up to the log), decide with ``prepare``, append, and on
        PostgreSQL NOTIFY other processes in the same transaction; then fold the
        events in. After the commit, a snapshot when the policy asks for one
        (best effort: a snapshot that cannot be written is skipped, never a
        failed command), then the listeners. A refusal writes nothing and
        leaves ``table`` as the log stands. ``request`` (seat, request id): if that
        seat's request already landed, nothing is decided or written and the
        first landing is returned (``replayed``); otherwise it is recorded with
        the events, in their transaction.
        """
        landed: Landed | None = None
        if table is not None and self._heads.due(table):
            # a walk of a kept fold's whole chain, when due, reads outside the write lock (WAL and
            # PostgreSQL readers need none), so other writers do not wait behind it
            with self.database.read() as connection:
                self._heads.walked(connection, table_id, table)
        try:
            with self._write(lock=table_id) as connection:
                if table is None:
                    table = self._load(connection, table_id)
                else:
                    # the caller's fold may be behind another process (or the CLI): catch up first
                    self._heads.catch_up(connection, table_id, table)
                head = self._heads.walked(connection, table_id, table)
                if request is not None:
                    found = rows.landed(connection, table_id, *request)
                    if found is not None:
                        return Played(
                            table=table,
                            events=[],
                            landed=Landed(request[1], request[0], *found),
                            replayed=True,
                        )
                before = table.version
                events = prepare(table)
                said = connection.dialect == "postgresql" and bool(events)
                version, top = rows.advance(
                    connection,
                    table_id,
                    events,
                    expected_version=before,
                    token_hashes=hashed(tokens or {}),
                    # read under the lock just now: on PostgreSQL the whole write is one statement
                    previous=head.hash,
                    request=request,
                    notice=(NOTIFY_CHANNEL, _notice(table_id, self.origin)) if said else None,
                )
                if request is not None:
                    landed = Landed(request[1], request[0], before, version)
        except Integrity:
            # only a writer that bypassed the lock could have taken these numbers, or an edited row
            self._refuse_damage(table_id)
            raise rows.conflict(table_id, None, None) from None
        except ConcurrencyConflict:
            # under the lock the version cannot move: unless the row was edited, a writer bypassed it
            self._refuse_damage(table_id)
            raise
        table.commit(events)
        self._heads.moved(table, replace(head, seq=table.version, hash=top))
        if snapshots.due(self.snapshot_every, before, table.version, events):
            self._snapshot_quietly(table_id, table)
        for listener in list(self._listeners):
            try:
                listener(table_id, table, events)
            except Exception:
                log.exception("a listener failed after a command on table %s (the command stands)", table_id)
        return Played(table=table, events=events, landed=landed)

    def _refuse_damage(self, table_id: str) -> None:
        """Name the damage when the table's row and its log disagree on its version (not a race)."""
        with self.database.read() as connection:
            version_damage(connection, table_id)

    def reissue_token(self, table_id: str, seat_id: str) -> str:
        """A new token for a seat (the old one stops working); shown only this once."""
        token = new_token()
        with self._write() as connection:
            _row(connection, table_id)
            moved = connection.run(
                rows.SET_TOKEN, {"table_id": table_id, "seat_id": seat_id, "token_hash": hash_token(token)}
            )
            if moved != 1:
                raise NotFound(f"Nobody sits at seat {seat_id!r} at this table.")
        return token

    def save_snapshot(self, table_id: str, table: Table) -> bool:
        """Store ``table``'s folded state at its version; False if one is already there.

        The snapshot carries the hash of the event it stands at: the one this store
        last read or wrote there for ``table``, else as stored now.
        """
        head = self._heads.get(table)
        if head is None or head.seq != table.version:
            with self.database.read() as connection:
                state = snapshots.capture(table, rows.hash_before(connection, table_id, table.version + 1))
        else:
            state = snapshots.capture(table, head.hash)
        try:
            with self._write() as connection:
                rows.insert_snapshot(connection, table_id, table.version, state)
        except Integrity:
            return False
        return True

    def _snapshot_quietly(self, table_id: str, table: Table) -> None:
        """Save a snapshot if the database lets us: snapshots are disposable, the command stands."""
        try:
            self.save_snapshot(table_id, table)
        except Exception as e:
            first = transactions.first_line(e)
            message = e.message if isinstance(e, CapeworksError) else f"{type(e).__name__}: {first}"
            log.warning("skipped the snapshot of table %s at %d: %s", table_id, table.version, message)

    def delete_table(self, table_id: str) -> None:
        """Remove a table with its seats, log and snapshots."""
        with self._write() as connection:
            _row(connection, table_id)
            for statement in rows.DELETE_TABLE:
                connection.run(statement, {"table_id": table_id})

    # -- export and import ----------------------------------------------------------------------

    def export(self, table_id: str) -> dict[str, Any]:
        """The whole table as a versioned JSON-ready document with its hash chain (see store.document)."""
        record = self.record(table_id)
        table = self.load(table_id)
        with self.database.read() as connection:
            found = connection.rows(rows.EVENT_HASHES, {"table_id": table_id, "upto": table.version})
        hashes = [digest for (digest,) in found]
        return {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "table": record.to_dict() | {"version": table.version},
            "config": table.config.model_dump(mode="json"),
            "seats": [s.model_dump(mode="json") for s in table.seats],
            "log": [e.model_dump(mode="json") for e in table.log],
            "chain": hashes,
        }

    def import_(
        self,
        document: Mapping[str, Any],
        *,
        keep_id: bool = False,
        check: Callable[[Table], None] | None = None,
    ) -> CreatedTable:
        """Store an exported table under a new id (or its own with ``keep_id``).

        The document is validated (limits, hash chain) and its log replayed
        before anything is written; ``check``, a front end's own condition on the
        replayed table, may then refuse it. Seats get fresh tokens, returned this once.
        """
        parsed = parse_document(document)
        table = check_document(parsed, self._resolve)
        if check is not None:
            check(table)
        return self._insert_table(
            table,
            table_id=parsed.table.id if keep_id else None,
            created_at=parsed.table.created_at,
        )

    def verify(self, table_id: str) -> Verified:
        """Check a table's whole hash chain, its seats, and every snapshot against a replay of the log.

        Raises StoreUnavailable (a :class:`~capeworks.store.chain.ChainBroken`
        for the log) naming the first thing that does not hold. A snapshot
        written by an older version of the ruleset is counted as stale, not
        wrong: loading ignores it.
        """
        with self.database.read() as connection:
            return verify_table(connection, table_id, self._resolve)

    # -- internals ------------------------------------------------------------------------------

    @contextmanager
    def _write(self, *, lock: str | None = None) -> Iterator[Connection]:
        """A transaction that takes the write lock first (see :func:`capeworks.store.transactions.write`)."""
        with transactions.write(
            self.database, wait=self.remaining(), lock_timeout=self.lock_timeout, busy=self.busy, lock=lock
        ) as connection:
            yield connection

    def _load(self, connection: Connection, table_id: str, *, use_snapshot: bool = True) -> Table:
        """The table from the latest usable snapshot and the events after it, read on ``connection``."""
        ruleset = self._resolve(_row(connection, table_id).ruleset)
        every = self.snapshot_every if use_snapshot else 0
        return self._heads.load(connection, table_id, ruleset, snapshot_every=every)

    def _insert_table(
        self, table: Table, *, table_id: str | None, created_at: datetime | None = None
    ) -> CreatedTable:
        tokens = {seat.id: new_token() for seat in table.seats}
        for _attempt in range(5):
            candidate = table_id or new_table_id()
            try:
                with self._write() as connection:
                    connection.run(
                        rows.INSERT_TABLE,
                        {
                            "id": candidate,
                            "title": table.title,
                            "ruleset": table.ruleset.name,
                            "created_at": stored_time(connection.dialect, created_at or utcnow()),
                            "version": table.version,
                        },
                    )
                    top = rows.add_events(
                        connection, candidate, table.log, previous=chain.GENESIS, token_hashes=hashed(tokens)
                    )
            except Integrity:
                if table_id is not None:
                    raise ConcurrencyConflict(f"There is already a table {table_id!r}.") from None
                continue
            self._heads.moved(table, Head(table.version, top, time.monotonic()))
            if self.snapshot_every and table.version >= self.snapshot_every:
                self._snapshot_quietly(candidate, table)
            return CreatedTable(id=candidate, version=table.version, tokens=tokens)
        raise AssertionError("could not draw an unused table id")  # pragma: no cover


def _notice(table_id: str, origin: str) -> str:
    """The NOTIFY payload that tells the other processes a table changed, and which store wrote it."""
    return json.dumps({"table": table_id, "from": origin})
