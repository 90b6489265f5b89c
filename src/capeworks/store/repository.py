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

import hashlib
import hmac
import json
import logging
import secrets
import string
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy import Connection, CursorResult, Engine, Result, delete, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError

from capeworks.engine import Command, Event, Role, Ruleset, Seat, Table, get_ruleset
from capeworks.errors import (
    CapeworksError,
    ConcurrencyConflict,
    InvalidCommand,
    NotFound,
    NotPermitted,
    StoreUnavailable,
    UnreadableEvent,
)
from capeworks.store import chain, rows
from capeworks.store import snapshot as snapshots
from capeworks.store.database import SQLITE_BUSY_TIMEOUT, WRITE, open_engine, refuse_foreign, upgrade
from capeworks.store.document import FORMAT_NAME, FORMAT_VERSION, check_document, parse_document
from capeworks.store.models import utcnow

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

#: the PostgreSQL channel every command is announced on, ``{"table": id}``, when it commits
NOTIFY_CHANNEL = "capeworks_events"

#: default number of events between snapshots
SNAPSHOT_EVERY = 100
#: default seconds a command waits for another writer's lock on its table
LOCK_TIMEOUT = SQLITE_BUSY_TIMEOUT


def new_token() -> str:
    """A fresh secret seat token (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """The sha256 hex digest the store keeps instead of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


_ID_ALPHABET = string.ascii_letters + string.digits


def _new_table_id() -> str:
    # 12 letters and digits (~71 bits): URL-safe, and never starting with "-",
    # which a command line would take for an option
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(12))


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table as listed: its row, without the log."""

    id: str
    title: str
    ruleset: str
    created_at: datetime
    version: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (used by the export and ``--json``)."""
        return {
            "id": self.id,
            "title": self.title,
            "ruleset": self.ruleset,
            "created_at": self.created_at.isoformat(),
            "version": self.version,
        }


@dataclass(frozen=True, slots=True)
class CreatedTable:
    """A new (or imported) table: its id and each seat's token, shown this once."""

    id: str
    version: int
    tokens: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Landed:
    """A command sent with a request id that was written: the versions before and after it."""

    request_id: str
    seat: str
    before: int
    version: int


@dataclass(frozen=True, slots=True)
class Played:
    """A command written to the log: its events, and the table as it now stands (no reload needed).

    With a request id, ``landed`` is its record; ``replayed`` says the id had landed
    before, so nothing was applied this time (``events`` is empty).
    """

    table: Table
    events: list[Event]
    landed: Landed | None = None
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class Verified:
    """What :meth:`Store.verify` checked: every event's hash, the head of the chain, the snapshots."""

    id: str
    events: int
    head: str
    snapshots: int
    stale_snapshots: int = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``table verify --json``)."""
        return {
            "id": self.id,
            "events": self.events,
            "head": self.head,
            "snapshots": self.snapshots,
            "stale_snapshots": self.stale_snapshots,
        }


@dataclass(frozen=True, slots=True)
class Joined:
    """A seat that joined: the events written, its token (shown this once) and the table as it now stands."""

    events: list[Event]
    token: str
    table: Table


class Store:
    """Tables and their event logs in one database.

    ``url`` is any SQLAlchemy URL (default: ``$CAPEWORKS_DATABASE_URL`` or a
    SQLite file in the user data directory). Opening migrates the database to
    the newest schema. ``resolve_ruleset`` finds a ruleset by name (tests
    inject their own); ``snapshot_every`` is the number of events between
    snapshots (0 turns them off); ``lock_timeout`` is how many seconds a
    command waits for another writer before giving up.
    """

    def __init__(
        self,
        url: str | None = None,
        *,
        resolve_ruleset: RulesetResolver = get_ruleset,
        snapshot_every: int = SNAPSHOT_EVERY,
        lock_timeout: float = LOCK_TIMEOUT,
        migrate: bool = True,
    ) -> None:
        self.lock_timeout = lock_timeout
        try:
            self.engine: Engine = open_engine(url, lock_timeout=lock_timeout)
            refuse_foreign(self.engine)
            if migrate:
                upgrade(self.engine)
        except SQLAlchemyError as e:
            raise StoreUnavailable(f"Cannot open the database: {_reason(e)}") from e
        except OSError as e:
            raise StoreUnavailable(f"Cannot open the database: {e.strerror} ({e.filename}).") from e
        self._resolve = resolve_ruleset
        self.snapshot_every = snapshot_every
        self._listeners: list[Listener] = []
        # this thread's deadline for lock waits (see :meth:`deadline`)
        self._deadlines = threading.local()

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

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
        return self.engine.url.render_as_string(hide_password=True)

    # -- reading --------------------------------------------------------------------------------

    def list_tables(self) -> list[TableRecord]:
        """Every table, newest first."""
        with self.engine.connect() as connection:
            found = connection.execute(rows.ROW.order_by(rows.TABLES.c.created_at.desc(), rows.TABLES.c.id))
            return [_record(row) for row in found]

    def record(self, table_id: str) -> TableRecord:
        """One table's row, or NotFound."""
        with self.engine.connect() as connection:
            return _row(connection, table_id)

    def events_since(self, table_id: str, version: int, *, limit: int | None = None) -> list[Event]:
        """The events after ``version`` (at most ``limit``), in order: what a live client streams.

        Reads only those rows, however long the log.
        """
        with self.engine.connect() as connection:
            return rows.chained_events(connection, table_id, after=version, limit=limit)

    def log(self, table_id: str) -> list[Event]:
        """The table's whole log, in order (every event, secrets included)."""
        with self.engine.connect() as connection:
            row = _row(connection, table_id)
            return rows.chained_events(connection, table_id, last=row.version)

    def load(self, table_id: str, *, use_snapshot: bool = True) -> Table:
        """The table as its log makes it: the latest snapshot plus the events after it.

        The result answers exactly as ``Table(ruleset, log)`` (a full replay)
        does, reading older events only when asked for them; pass
        ``use_snapshot=False`` to force the full replay.
        """
        with self.engine.connect() as connection:
            return self._load(connection, table_id, use_snapshot=use_snapshot)

    def authenticate(self, table_id: str, token: str) -> Seat:
        """The seat whose token this is, or NotPermitted.

        One query whether or not the table exists (a missing table has no seats), so a
        stranger cannot tell a missing table from a wrong token by the work done.
        """
        digest = hash_token(token)
        with self.engine.connect() as connection:
            seats = connection.execute(
                select(
                    rows.SEATS.c.seat_id, rows.SEATS.c.name, rows.SEATS.c.role, rows.SEATS.c.token_hash
                ).where(rows.SEATS.c.table_id == table_id)
            ).all()
        found = None
        for row in seats:
            if row.token_hash is not None and hmac.compare_digest(row.token_hash, digest):
                found = Seat(id=row.seat_id, name=row.name, role=Role(row.role))
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
                return rows.advance(
                    connection,
                    table_id,
                    events,
                    expected_version=expected_version,
                    token_hashes=_hashed(tokens or {}),
                )
        except IntegrityError:
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
        with self.engine.connect() as connection:
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
        try:
            with self._write(lock=table_id) as connection:
                if table is None:
                    table = self._load(connection, table_id)
                else:
                    # the caller's fold may be behind another process (or the CLI): catch up first
                    newer = rows.chained_events(connection, table_id, after=table.version)
                    if newer:
                        table.commit(newer)
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
                rows.advance(
                    connection, table_id, events, expected_version=before, token_hashes=_hashed(tokens or {})
                )
                if request is not None:
                    version = before + len(events)
                    rows.record_request(connection, table_id, *request, before=before, version=version)
                    landed = Landed(request[1], request[0], before, version)
                if connection.dialect.name == "postgresql" and events:
                    connection.execute(rows.NOTIFY, {"channel": NOTIFY_CHANNEL, "payload": _notice(table_id)})
        except IntegrityError:
            # only a writer that bypassed the lock could have taken these numbers, or an edited row
            self._refuse_damage(table_id)
            raise rows.conflict(table_id, None, None) from None
        except ConcurrencyConflict:
            # under the lock the version cannot move: unless the row was edited, a writer bypassed it
            self._refuse_damage(table_id)
            raise
        table.commit(events)
        if snapshots.due(self.snapshot_every, before, table.version, events):
            self._snapshot_quietly(table_id, table)
        for listener in list(self._listeners):
            try:
                listener(table_id, table, events)
            except Exception:
                log.exception("a listener failed after a command on table %s (the command stands)", table_id)
        return Played(table=table, events=events, landed=landed)

    def _refuse_damage(self, table_id: str) -> None:
        """StoreUnavailable naming the damage when the table's row and its log disagree on its version.

        A ``tables.version`` edited below its log would otherwise refuse every command as a
        race ("reload and try again") forever (issue 21, defect 8).
        """
        with self.engine.connect() as connection:
            row = _row(connection, table_id)
            last = connection.scalar(
                select(sa.func.max(rows.EVENTS.c.seq)).where(rows.EVENTS.c.table_id == table_id)
            )
        if (last or 0) != row.version:
            raise StoreUnavailable(
                f"The row of table {table_id!r} says version {row.version} but its log reaches event "
                f"{last or 0} ({chain.DAMAGED})."
            )

    def reissue_token(self, table_id: str, seat_id: str) -> str:
        """A new token for a seat (the old one stops working); shown only this once."""
        token = new_token()
        with self._write() as connection:
            _row(connection, table_id)
            moved = _rowcount(
                connection.execute(
                    update(rows.SEATS)
                    .where(rows.SEATS.c.table_id == table_id, rows.SEATS.c.seat_id == seat_id)
                    .values(token_hash=hash_token(token))
                )
            )
            if moved != 1:
                raise NotFound(f"Nobody sits at seat {seat_id!r} at this table.")
        return token

    def save_snapshot(self, table_id: str, table: Table) -> bool:
        """Store ``table``'s folded state at its version; False if one is already there."""
        state = snapshots.capture(table)
        try:
            with self._write() as connection:
                rows.insert_snapshot(connection, table_id, table.version, state)
        except IntegrityError:
            return False
        return True

    def _snapshot_quietly(self, table_id: str, table: Table) -> None:
        """Save a snapshot if the database lets us: snapshots are disposable, the command stands."""
        try:
            self.save_snapshot(table_id, table)
        except Exception as e:
            message = e.message if isinstance(e, CapeworksError) else f"{type(e).__name__}: {_first_line(e)}"
            log.warning("skipped the snapshot of table %s at %d: %s", table_id, table.version, message)

    def delete_table(self, table_id: str) -> None:
        """Remove a table with its seats, log and snapshots."""
        with self._write() as connection:
            _row(connection, table_id)
            for kept in (rows.REQUESTS, rows.SNAPSHOTS, rows.EVENTS, rows.SEATS):
                connection.execute(delete(kept).where(kept.c.table_id == table_id))
            connection.execute(delete(rows.TABLES).where(rows.TABLES.c.id == table_id))

    # -- export and import ----------------------------------------------------------------------

    def export(self, table_id: str) -> dict[str, Any]:
        """The whole table as a versioned JSON-ready document with its hash chain (see store.document)."""
        record = self.record(table_id)
        table = self.load(table_id)
        with self.engine.connect() as connection:
            hashes = list(
                connection.scalars(
                    select(rows.EVENTS.c.hash)
                    .where(rows.EVENTS.c.table_id == table_id, rows.EVENTS.c.seq <= table.version)
                    .order_by(rows.EVENTS.c.seq)
                )
            )
        return {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "table": record.to_dict() | {"version": table.version},
            "config": table.config.model_dump(mode="json"),
            "seats": [s.model_dump(mode="json") for s in table.seats],
            "log": [e.model_dump(mode="json") for e in table.log],
            "chain": hashes,
        }

    def import_(self, document: Mapping[str, Any], *, keep_id: bool = False) -> CreatedTable:
        """Store an exported table under a new id (or its own with ``keep_id``).

        The document is validated (limits, hash chain) and its log replayed
        before anything is written; seats get fresh tokens, returned this once.
        """
        parsed = parse_document(document)
        table = check_document(parsed, self._resolve)
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
        where = f"table {table_id!r}"
        with self.engine.connect() as connection:
            row = _row(connection, table_id)
            ruleset = self._resolve(row.ruleset)
            log = rows.chained_events(connection, table_id, last=row.version)
            head = rows.hash_before(connection, table_id, len(log) + 1)
            seat_rows = [
                (seat_id, name, role)
                for seat_id, name, role in connection.execute(
                    select(rows.SEATS.c.seat_id, rows.SEATS.c.name, rows.SEATS.c.role).where(
                        rows.SEATS.c.table_id == table_id
                    )
                )
            ]
            stored = [
                (version, state)
                for version, state in connection.execute(
                    select(rows.SNAPSHOTS.c.version, rows.SNAPSHOTS.c.state)
                    .where(rows.SNAPSHOTS.c.table_id == table_id)
                    .order_by(rows.SNAPSHOTS.c.version)
                )
            ]
        if len(log) != row.version:
            raise StoreUnavailable(
                f"The row of {where} says version {row.version} but its log has {len(log)} events "
                f"({chain.DAMAGED})."
            )
        if not log:
            raise StoreUnavailable(f"The log of {where} is empty ({chain.DAMAGED}).")
        table = _replayed(ruleset, log, where)
        if sorted(seat_rows) != sorted((s.id, s.name, s.role.value) for s in table.seats):
            raise StoreUnavailable(
                f"The seats of {where} differ from the seats its log creates ({chain.DAMAGED})."
            )
        stale = _check_snapshots(ruleset, log, stored, where)
        return Verified(id=table_id, events=len(log), head=head, snapshots=len(stored), stale_snapshots=stale)

    # -- internals ------------------------------------------------------------------------------

    @contextmanager
    def _write(self, *, lock: str | None = None) -> Iterator[Connection]:
        """A transaction that takes the write lock first, committed on exit.

        SQLite: ``BEGIN IMMEDIATE`` (one writer per database). PostgreSQL: with
        ``lock``, the row of that table ``FOR UPDATE`` (one writer per table).
        Waiting longer than the lock timeout raises StoreUnavailable.
        """
        wait = self.remaining()
        if wait <= 0:
            raise self.busy()
        shortened = wait < self.lock_timeout
        with self.engine.connect() as connection:
            sqlite = connection.dialect.name == "sqlite"
            if shortened and sqlite:
                _busy_timeout(connection, wait)
            try:
                with connection.execution_options(**WRITE).begin():
                    if not sqlite and shortened:
                        connection.execute(rows.LOCK_TIMEOUT, {"ms": f"{max(1, round(wait * 1000))}ms"})
                    if lock is not None and not sqlite:
                        connection.execute(rows.LOCK_ROW, {"table_id": lock})
                    yield connection
            except DBAPIError as e:
                if _lock_timed_out(e):
                    raise self.busy() from None
                raise
            finally:
                if shortened and sqlite:
                    _busy_timeout(connection, self.lock_timeout)

    def _load(self, connection: Connection, table_id: str, *, use_snapshot: bool = True) -> Table:
        """The table from the latest usable snapshot and the events after it, read on ``connection``.

        An event this release cannot read is named (UnreadableEvent), never reported as damage.
        """
        try:
            return self._load_table(connection, table_id, use_snapshot=use_snapshot)
        except UnreadableEvent as e:
            raise e.of_log(f"table {table_id!r}") from None

    def _load_table(self, connection: Connection, table_id: str, *, use_snapshot: bool) -> Table:
        row = _row(connection, table_id)
        ruleset = self._resolve(row.ruleset)
        if use_snapshot and self.snapshot_every:
            history = StoreHistory(self.engine, table_id, ruleset, step=self.snapshot_every)
            version, state = rows.latest_snapshot(connection, table_id, ruleset, below=row.version + 1)
            if state is not None:
                tail = rows.chained_events(connection, table_id, after=version, last=row.version)
                table = snapshots.resume(ruleset, state, tail, history)
                if table is not None:
                    return table
        return Table(ruleset, rows.chained_events(connection, table_id, last=row.version))

    def _insert_table(
        self, table: Table, *, table_id: str | None, created_at: datetime | None = None
    ) -> CreatedTable:
        tokens = {seat.id: new_token() for seat in table.seats}
        for _attempt in range(5):
            candidate = table_id or _new_table_id()
            try:
                with self._write() as connection:
                    connection.execute(
                        rows.INSERT_TABLE,
                        {
                            "id": candidate,
                            "title": table.title,
                            "ruleset": table.ruleset.name,
                            "created_at": created_at or utcnow(),
                            "version": table.version,
                        },
                    )
                    rows.add_events(
                        connection, candidate, table.log, previous=chain.GENESIS, token_hashes=_hashed(tokens)
                    )
            except IntegrityError:
                if table_id is not None:
                    raise ConcurrencyConflict(f"There is already a table {table_id!r}.") from None
                continue
            if self.snapshot_every and table.version >= self.snapshot_every:
                self._snapshot_quietly(candidate, table)
            return CreatedTable(id=candidate, version=table.version, tokens=tokens)
        raise AssertionError("could not draw an unused table id")  # pragma: no cover


class StoreHistory:
    """A table's older events and snapshots, read on demand from the store (one connection each).

    ``step`` is the snapshot interval: a base is sought at least that far
    back, so the run of snapshots written after a chain of undos is crossed
    in one step rather than one snapshot at a time.
    """

    def __init__(self, engine: Engine, table_id: str, ruleset: Ruleset[Any, Any], *, step: int) -> None:
        self._engine = engine
        self.table_id = table_id
        self.ruleset = ruleset
        self.step = max(step, 1)

    def base(self, before: int) -> tuple[int, Mapping[str, Any] | None]:
        """The latest usable snapshot at least ``step`` below version ``before``, or ``(0, None)``."""
        with self._engine.connect() as connection:
            return rows.latest_snapshot(connection, self.table_id, self.ruleset, below=before - self.step + 1)

    def events(self, after: int, upto: int) -> Sequence[Event]:
        """The events numbered ``after + 1`` to ``upto``."""
        with self._engine.connect() as connection:
            return rows.chained_events(connection, self.table_id, after=after, upto=upto)


def _row(connection: Connection, table_id: str) -> TableRecord:
    """The table's row, or NotFound."""
    row = connection.execute(rows.TABLE_ROW, {"table_id": table_id}).first()
    if row is None:
        raise rows.not_found(table_id)
    return _record(row)


def _busy_timeout(connection: Connection, seconds: float) -> None:
    """Set SQLite's busy timeout on this connection (outside any transaction; a pragma begins none)."""
    driver = connection.connection.driver_connection
    if driver is not None:
        driver.execute(f"PRAGMA busy_timeout = {max(1, round(seconds * 1000))}")


def _lock_timed_out(error: DBAPIError) -> bool:
    """True for SQLite's busy timeout and PostgreSQL's lock_timeout running out."""
    orig = error.orig
    if getattr(orig, "sqlstate", None) == "55P03":  # lock_not_available
        return True
    return getattr(orig, "sqlite_errorname", "") in ("SQLITE_BUSY", "SQLITE_LOCKED") or (
        "database is locked" in str(orig)
    )


def _replayed(ruleset: Ruleset[Any, Any], log: Sequence[Event], where: str) -> Table:
    try:
        return Table(ruleset, log)
    except UnreadableEvent as e:  # written by another release: readable with an upcaster, not damaged
        raise e.of_log(where) from None
    except CapeworksError as e:
        raise StoreUnavailable(
            f"The log of {where} does not replay: {e.message.rstrip('.')} ({chain.DAMAGED})."
        ) from e
    except Exception as e:  # a chained log that does not fold: written by other code, or a bug
        raise StoreUnavailable(
            f"The log of {where} does not replay ({type(e).__name__}; {chain.DAMAGED})."
        ) from e


def _check_snapshots(
    ruleset: Ruleset[Any, Any], log: Sequence[Event], stored: Sequence[tuple[int, dict[str, Any]]], where: str
) -> int:
    """Compare each snapshot with the replay at its version; returns how many are stale (older ruleset)."""
    stale = 0
    table: Table | None = None
    for version, state in stored:
        if not 1 <= version <= len(log):
            raise StoreUnavailable(
                f"{where.capitalize()} has a snapshot at version {version}, past its log ({chain.DAMAGED})."
            )
        if table is None or table.version > version:
            table = _replayed(ruleset, log[:version], where)
        elif table.version < version:
            table.commit(log[table.version : version])
        if (
            state.get("fingerprint") != snapshots.fingerprint(ruleset)
            or state.get("format") != snapshots.FORMAT
        ):
            stale += 1
            continue
        expected = json.loads(json.dumps(snapshots.capture(table)))
        if json.loads(json.dumps(state)) != expected:
            raise StoreUnavailable(
                f"The snapshot of {where} at version {version} disagrees with a replay of its log "
                f"({chain.DAMAGED})."
            )
    return stale


def _notice(table_id: str) -> str:
    """The NOTIFY payload that tells the other processes a table changed."""
    return json.dumps({"table": table_id})


def _first_line(error: BaseException) -> str:
    text = str(getattr(error, "orig", None) or error).strip()
    return text.splitlines()[0] if text else ""


def _reason(error: SQLAlchemyError) -> str:
    detail = getattr(error, "orig", None) or error
    first = str(detail).strip().splitlines()[0] if str(detail).strip() else type(detail).__name__
    return first.rstrip(".") + "."


def _hashed(tokens: Mapping[str, str]) -> dict[str, str]:
    """Seat id -> the sha256 of its token: what the seat rows keep."""
    return {seat_id: hash_token(token) for seat_id, token in tokens.items() if token}


def _rowcount(result: Result[Any]) -> int:
    return cast("CursorResult[Any]", result).rowcount


def _record(row: sa.Row[str, str, str, datetime, int]) -> TableRecord:
    """A ``tables`` row read with the columns of :data:`capeworks.store.rows.ROW`, as a record."""
    table_id, title, ruleset, created, version = row
    # SQLite hands back naive datetimes; the store only ever writes UTC
    created = created if created.tzinfo else created.replace(tzinfo=UTC)
    return TableRecord(id=table_id, title=title, ruleset=ruleset, created_at=created, version=version)
