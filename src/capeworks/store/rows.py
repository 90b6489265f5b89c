"""The SQL of the store: a table's rows read and written on one connection.

Every statement is plain SQL text with ``:name`` parameters, one set for both
backends (a statement that differs says so by name, e.g. :data:`LOCK_ROW` runs
on PostgreSQL only), run through :class:`capeworks.store.connection.Connection`
by the standard library on SQLite files and by SQLAlchemy on PostgreSQL. The
columns are those of :mod:`capeworks.store.models`; times and JSON are bound
as SQLAlchemy's column types stored them (:func:`~capeworks.store.connection.stored_time`).
:func:`advance` is an append inside the caller's transaction: the version's
compare-and-set returns, in the same round trip, the hash of the event the
new ones chain from; on PostgreSQL, when the caller read that hash under the
table's lock (a command), the compare-and-set, the events, the request and the
NOTIFY are one statement (a data-modifying ``WITH``). :func:`chained_events` reads a run of events with the
event before it and the table's row in one query and checks their hash chain
(:mod:`capeworks.store.chain`). Transactions and locks are the caller's
(:class:`capeworks.store.repository.Store`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NoReturn

from capeworks.engine import Event, Ruleset, Seat
from capeworks.engine.table import SEAT_JOINED
from capeworks.errors import ConcurrencyConflict, NotFound
from capeworks.store import chain
from capeworks.store import snapshot as snapshots
from capeworks.store.connection import Connection, stored_json, stored_time
from capeworks.store.schema import utcnow

__all__ = [
    "ALL_ROWS",
    "DELETE_TABLE",
    "EVENT_HASHES",
    "INSERT_TABLE",
    "LAST_SEQ",
    "LOCK_ROW",
    "LOCK_ROW_WITHIN",
    "NOTIFY",
    "SEAT_ROWS",
    "SET_TOKEN",
    "SNAPSHOT_ROWS",
    "TABLE_ROW",
    "TOKENS",
    "Chained",
    "add_events",
    "advance",
    "chained",
    "chained_events",
    "conflict",
    "hash_before",
    "insert_snapshot",
    "landed",
    "latest_snapshot",
    "missing",
    "not_found",
    "record_request",
    "walk",
]

_ROW = "SELECT tables.id, tables.title, tables.ruleset, tables.created_at, tables.version FROM tables"
#: every table, newest first
ALL_ROWS = f"{_ROW} ORDER BY tables.created_at DESC, tables.id"
#: one table's row
TABLE_ROW = f"{_ROW} WHERE tables.id = :table_id"
_VERSION = "SELECT tables.version FROM tables WHERE tables.id = :table_id"
#: PostgreSQL: the table's row locked for this transaction (one writer per table)
LOCK_ROW = f"{_VERSION} FOR UPDATE"
#: PostgreSQL: this transaction's lock wait shortened to ``:ms``, then the table's row locked, in one round
#: trip (the wait is set first: the row is locked above the join, once both sides gave their row)
LOCK_ROW_WITHIN = (
    "SELECT tables.version FROM tables, set_config('lock_timeout', :ms, true) AS wait "
    "WHERE tables.id = :table_id FOR UPDATE OF tables"
)
#: PostgreSQL: tell the other processes, delivered when the transaction commits
NOTIFY = "SELECT pg_notify(:channel, :payload)"
# the compare-and-set of an append, returning the hash of the event before the new ones (NULL if none)
_ADVANCE = (
    "UPDATE tables SET version = :new_version WHERE tables.id = :table_id AND tables.version = :expected "
    "RETURNING (SELECT events.hash FROM events WHERE events.table_id = :table_id AND events.seq = :expected)"
)
_HASH_AT = "SELECT events.hash FROM events WHERE events.table_id = :table_id AND events.seq = :seq"
#: a new table's row
INSERT_TABLE = (
    "INSERT INTO tables (id, title, ruleset, created_at, version) "
    "VALUES (:id, :title, :ruleset, :created_at, :version)"
)
_LANDED = (
    'SELECT requests."before", requests.version FROM requests WHERE requests.table_id = :table_id '
    "AND requests.seat_id = :seat_id AND requests.request_id = :request_id"
)
_INSERT_REQUEST = (
    'INSERT INTO requests (table_id, seat_id, request_id, "before", version, created_at) '
    "VALUES (:table_id, :seat_id, :request_id, :before, :version, :created_at)"
)
_INSERT_EVENTS = (
    "INSERT INTO events (table_id, seq, command_id, type, seat, payload, created_at, hash) "
    "VALUES (:table_id, :seq, :command_id, :type, :seat, :payload, :created_at, :hash)"
)
_INSERT_SEATS = (
    "INSERT INTO seats (table_id, seat_id, name, role, token_hash, created_at) "
    "VALUES (:table_id, :seat_id, :name, :role, :token_hash, :created_at)"
)
_INSERT_SNAPSHOT = (
    "INSERT INTO snapshots (table_id, version, state, created_at) "
    "VALUES (:table_id, :version, :state, :created_at)"
)
_LATEST_SNAPSHOT = (
    "SELECT snapshots.version, CAST(snapshots.state AS TEXT) FROM snapshots "
    "WHERE snapshots.table_id = :table_id AND snapshots.version < :below "
    "ORDER BY snapshots.version DESC LIMIT 1"
)
#: every snapshot of a table, oldest first (version, state as JSON text)
SNAPSHOT_ROWS = (
    "SELECT snapshots.version, CAST(snapshots.state AS TEXT) FROM snapshots "
    "WHERE snapshots.table_id = :table_id ORDER BY snapshots.version"
)
#: a table's seats (seat id, name, role)
SEAT_ROWS = "SELECT seats.seat_id, seats.name, seats.role FROM seats WHERE seats.table_id = :table_id"
#: a table's seats with their token hashes (one query whether or not the table exists)
TOKENS = (
    "SELECT seats.seat_id, seats.name, seats.role, seats.token_hash FROM seats "
    "WHERE seats.table_id = :table_id"
)
#: a seat's new token hash
SET_TOKEN = (
    "UPDATE seats SET token_hash = :token_hash WHERE seats.table_id = :table_id AND seats.seat_id = :seat_id"
)
#: the stored hashes of a table's events up to ``upto``, in order
EVENT_HASHES = (
    "SELECT events.hash FROM events WHERE events.table_id = :table_id AND events.seq <= :upto "
    "ORDER BY events.seq"
)
#: the last sequence number in a table's log (NULL when it has none)
LAST_SEQ = "SELECT max(events.seq) FROM events WHERE events.table_id = :table_id"
#: a table's rows, its dependants first
DELETE_TABLE = (
    "DELETE FROM requests WHERE table_id = :table_id",
    "DELETE FROM snapshots WHERE table_id = :table_id",
    "DELETE FROM events WHERE table_id = :table_id",
    "DELETE FROM seats WHERE table_id = :table_id",
    "DELETE FROM tables WHERE id = :table_id",
)


def _event_rows(*, upto: bool) -> str:
    """Events from ``start`` on (to ``upto``) of a table that exists: one all-NULL row when there are none.

    The table joins first, so a missing table reads as no rows at all, and an
    empty range as one row of NULLs. ``start`` is the event before the ones
    wanted (its hash is where their chain begins), or 1 for a read from the start.
    """
    upto_clause = " AND events.seq <= :upto" if upto else ""
    return (
        "SELECT events.seq, CAST(events.payload AS TEXT), events.hash FROM tables "
        "LEFT OUTER JOIN events ON events.table_id = tables.id AND events.seq >= :start"
        f"{upto_clause} WHERE tables.id = :table_id ORDER BY events.seq"
    )


_EVENTS_FROM = _event_rows(upto=False)
_EVENTS_BETWEEN = _event_rows(upto=True)
_LINKS = (
    "SELECT events.seq, CAST(events.payload AS TEXT), events.hash FROM events "
    "WHERE events.table_id = :table_id AND events.seq <= :upto ORDER BY events.seq"
)


@dataclass(frozen=True, slots=True)
class Chained:
    """Events read chain-checked: ``base`` is the stored hash of the event before them (where they
    chain from), ``head`` the hash of the last one (``base`` when none were read)."""

    events: list[Event]
    base: str
    head: str


def latest_snapshot(
    connection: Connection, table_id: str, ruleset: Ruleset[Any, Any], *, below: int
) -> tuple[int, dict[str, Any] | None]:
    """The newest snapshot under version ``below`` written for this ruleset's models, or ``(0, None)``."""
    while True:
        found = connection.first(_LATEST_SNAPSHOT, {"table_id": table_id, "below": below})
        if found is None:
            return 0, None
        version, text = found
        state = json.loads(text)
        if snapshots.usable(ruleset, state):
            return int(version), dict(state)
        below = version


def advance(
    connection: Connection,
    table_id: str,
    events: Sequence[Event],
    *,
    expected_version: int,
    token_hashes: Mapping[str, str],
    previous: str | None = None,
    request: tuple[str, str] | None = None,
    notice: tuple[str, str] | None = None,
) -> tuple[int, str]:
    """Move the table on from ``expected_version`` and insert ``events``; returns the new version and
    the hash of its last event.

    The compare-and-set hands back the hash the new events chain from, in the
    same round trip. ``token_hashes`` (seat id -> sha256 of its token) go on
    the rows of seats joining in ``events``. ``request`` (seat, request id) is
    recorded as moving the table (:func:`record_request`); ``notice`` (channel,
    payload) is a PostgreSQL NOTIFY, sent at the commit. A stale version raises
    ConcurrencyConflict, a missing table NotFound, a missing previous event
    ChainBroken; the caller's transaction then writes nothing.

    ``previous`` is the stored hash of event ``expected_version`` when the caller
    read it in this transaction, under the table's lock (a command's catch-up):
    on PostgreSQL everything then goes in one statement (:func:`_written`).
    """
    new_version = expected_version + len(events)
    if previous is not None and connection.dialect == "postgresql":
        return new_version, _written(
            connection,
            table_id,
            events,
            expected_version=expected_version,
            previous=previous,
            token_hashes=token_hashes,
            request=request,
            notice=notice,
        )
    moved = connection.first(
        _ADVANCE, {"table_id": table_id, "expected": expected_version, "new_version": new_version}
    )
    if moved is None:
        _refused(connection, table_id, expected_version)
    previous = chain.GENESIS if expected_version < 1 else moved[0]
    if previous is None:
        raise missing(table_id, expected_version)
    head = add_events(connection, table_id, events, previous=previous, token_hashes=token_hashes)
    if request is not None:
        record_request(connection, table_id, *request, before=expected_version, version=new_version)
    if notice is not None:
        connection.scalar(NOTIFY, {"channel": notice[0], "payload": notice[1]})
    return new_version, head


def _refused(connection: Connection, table_id: str, expected_version: int) -> NoReturn:
    """Why a compare-and-set moved nothing: the table is missing, or it moved on."""
    current = connection.scalar(_VERSION, {"table_id": table_id})
    if current is None:
        raise not_found(table_id)
    raise conflict(table_id, expected_version, current)


def _written(
    connection: Connection,
    table_id: str,
    events: Sequence[Event],
    *,
    expected_version: int,
    previous: str,
    token_hashes: Mapping[str, str],
    request: tuple[str, str] | None,
    notice: tuple[str, str] | None,
) -> str:
    """PostgreSQL: the compare-and-set, the events, the request and the NOTIFY in one statement; the last
    event's hash. Seats joining (a join, rare) go in after it, in a second."""
    events_rows, seats = _rows_of(connection, table_id, events, previous=previous, token_hashes=token_hashes)
    now = stored_time(connection.dialect, utcnow())
    params: dict[str, Any] = {
        "table_id": table_id,
        "expected": expected_version,
        "new_version": expected_version + len(events),
        "created_at": now,
    }
    # one text parameter: psycopg dumps a list parameter element by element in Python (its escaping
    # showed in a profile of the web bench), a string as it is
    params["events"] = json.dumps([{column: row[column] for column in _EVENT_COLUMNS} for row in events_rows])
    if request is not None:
        params["seat_id"], params["request_id"] = request
    if notice is not None:
        params["channel"], params["payload"] = notice
    statement = _write_statement(request=request is not None, notice=notice is not None)
    if connection.first(statement, params) is None:
        _refused(connection, table_id, expected_version)
    if seats:
        connection.run_many(_INSERT_SEATS, seats)
    return str(events_rows[-1]["hash"]) if events_rows else previous


# the columns of an event row that differ between the events of one append, with their SQL types (the
# payload is its JSON text, a string in the parameter's JSON, cast back: stored as the other path stores it)
_EVENT_COLUMNS = {
    "seq": "INTEGER",
    "command_id": "INTEGER",
    "type": "TEXT",
    "seat": "TEXT",
    "payload": "TEXT",
    "hash": "TEXT",
}


@lru_cache(maxsize=4)
def _write_statement(*, request: bool, notice: bool) -> str:
    """The one statement of :func:`_written`: a row (the NOTIFY's empty result) when the table moved, none
    when it did not (the compare-and-set matched no row, so nothing was inserted)."""
    columns = ", ".join(f"{column} {kind}" for column, kind in _EVENT_COLUMNS.items())
    parts = [
        "WITH moved AS (UPDATE tables SET version = :new_version "
        "WHERE tables.id = :table_id AND tables.version = :expected RETURNING tables.id), "
        "added AS (INSERT INTO events (table_id, seq, command_id, type, seat, payload, created_at, hash) "
        "SELECT moved.id, e.seq, e.command_id, e.type, e.seat, CAST(e.payload AS JSON), :created_at, e.hash "
        f"FROM moved, json_to_recordset(CAST(:events AS JSON)) AS e({columns}))"
    ]
    if request:
        parts.append(
            ", landed AS (INSERT INTO requests "
            '(table_id, seat_id, request_id, "before", version, created_at) '
            "SELECT moved.id, :seat_id, :request_id, :expected, :new_version, :created_at FROM moved)"
        )
    said = "CAST(pg_notify(:channel, :payload) AS TEXT)" if notice else "moved.id"
    parts.append(f" SELECT {said} FROM moved")
    return "".join(parts)


def insert_snapshot(connection: Connection, table_id: str, version: int, state: dict[str, Any]) -> None:
    """Write a snapshot row (:class:`~capeworks.store.connection.Integrity` if one is there)."""
    connection.run(
        _INSERT_SNAPSHOT,
        {
            "table_id": table_id,
            "version": version,
            "state": stored_json(state),
            "created_at": stored_time(connection.dialect, utcnow()),
        },
    )


def chained_events(
    connection: Connection,
    table_id: str,
    *,
    after: int = 0,
    last: int | None = None,
    limit: int | None = None,
    upto: int | None = None,
) -> list[Event]:
    """Read events after ``after`` (up to ``upto``) as text and check their chain back to event ``after``.

    One query reads the event ``after`` too, for the hash the rest chain from,
    and the table's row: a missing table is NotFound, a missing event ``after``
    a gap.
    """
    return chained(connection, table_id, after=after, last=last, limit=limit, upto=upto).events


def chained(
    connection: Connection,
    table_id: str,
    *,
    after: int = 0,
    last: int | None = None,
    limit: int | None = None,
    upto: int | None = None,
    known: str | None = None,
) -> Chained:
    """:func:`chained_events` with the hashes they chain from and end on.

    ``known`` is the hash this process last saw for event ``after`` (the event a
    fold stands at): the same query then reads the event before it too, and
    event ``after`` must still link to it and still carry ``known``
    (:func:`capeworks.store.chain.check_head`).
    """
    check = known is not None and after >= 1
    query = _EVENTS_FROM if upto is None else _EVENTS_BETWEEN
    start = max(after - 1 if check else after, 1)
    params: dict[str, Any] = {"table_id": table_id, "start": start}
    if upto is not None:
        last = upto if last is None else min(last, upto)
        params["upto"] = upto
    if limit is not None:
        limit = max(limit, 0)
        # a row more: the event before, or (reading from the start) what tells an empty page from no table;
        # two more when the event before that is read as well
        query += " LIMIT :limit"
        params["limit"] = limit + (2 if check and after >= 2 else 1)
        last = None if last is None else min(last, after + limit)
    rows = connection.rows(query, params)
    if not rows:
        raise not_found(table_id)
    stored = [chain.StoredEvent(seq, payload, digest) for seq, payload, digest in rows if seq is not None]
    where = f"table {table_id!r}"
    previous = chain.GENESIS
    if check and after >= 2:
        if not stored or stored[0].seq != after - 1 or stored[0].hash is None:
            raise missing(table_id, after - 1)
        previous = stored.pop(0).hash or ""
    if after >= 1:
        if not stored or stored[0].seq != after or stored[0].hash is None:
            raise missing(table_id, after)
        if known is not None:
            chain.check_head(stored[0], previous=previous, known=known, where=where)
        previous = stored.pop(0).hash or ""
    if limit is not None:
        del stored[limit:]
    events = chain.check(stored, where=where, previous=previous, first=after + 1, last=last)
    # every row read is an event now (check raised otherwise), and its hash was checked
    head = stored[-1].hash if events and stored[-1].hash else previous
    return Chained(events, base=previous, head=head)


def walk(connection: Connection, table_id: str, *, upto: int) -> str:
    """Check the links of the table's whole log up to event ``upto`` (no event parsed); the last hash."""
    found = connection.rows(_LINKS, {"table_id": table_id, "upto": upto})
    stored = (chain.StoredEvent(seq, payload, digest) for seq, payload, digest in found)
    return chain.walk(stored, where=f"table {table_id!r}", last=upto)


def hash_before(connection: Connection, table_id: str, seq: int) -> str:
    """The stored hash of the event before ``seq`` (GENESIS before the first); a missing one is a gap."""
    if seq <= 1:
        return chain.GENESIS
    digest = connection.scalar(_HASH_AT, {"table_id": table_id, "seq": seq - 1})
    if digest is None:
        raise missing(table_id, seq - 1)
    return str(digest)


def missing(table_id: str, seq: int) -> chain.ChainBroken:
    """The gap where event ``seq`` should be."""
    return chain.ChainBroken(
        f"The log of table {table_id!r} has a gap: event {seq} is missing ({chain.DAMAGED}).", seq=seq
    )


def add_events(
    connection: Connection,
    table_id: str,
    events: Sequence[Event],
    *,
    previous: str,
    token_hashes: Mapping[str, str],
) -> str:
    """Insert ``events`` chained on from ``previous``, and a seat row for each seat that joins; returns
    the last event's hash."""
    if not events:
        return previous
    rows, seats = _rows_of(connection, table_id, events, previous=previous, token_hashes=token_hashes)
    connection.run_many(_INSERT_EVENTS, rows)
    if seats:
        # in the order the seats joined
        connection.run_many(_INSERT_SEATS, seats)
    return str(rows[-1]["hash"])


def _rows_of(
    connection: Connection,
    table_id: str,
    events: Sequence[Event],
    *,
    previous: str,
    token_hashes: Mapping[str, str],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The event rows of ``events``, chained on from ``previous``, and the rows of the seats joining in them
    (in the order they joined)."""
    now = stored_time(connection.dialect, utcnow())
    rows: list[dict[str, Any]] = []
    seats: list[dict[str, Any]] = []
    for event in events:
        payload = event.model_dump(mode="json")
        previous = chain.link(previous, payload)
        rows.append(
            {
                "table_id": table_id,
                "seq": event.seq,
                "command_id": event.command_id,
                "type": event.type,
                "seat": event.seat,
                "payload": stored_json(payload),
                "created_at": now,
                "hash": previous,
            }
        )
        if event.type == SEAT_JOINED:
            seat = Seat.model_validate(event.data["seat"])
            seats.append(
                {
                    "table_id": table_id,
                    "seat_id": seat.id,
                    "name": seat.name,
                    "role": seat.role.value,
                    "token_hash": token_hashes.get(seat.id),
                    "created_at": now,
                }
            )
    return rows, seats


def not_found(table_id: str) -> NotFound:
    """A table this database does not hold."""
    return NotFound(f"There is no table {table_id!r} in this database.")


def conflict(table_id: str, expected: int | None, current: int | None) -> ConcurrencyConflict:
    """A write refused because the table moved on (``current``; None when only the key said so)."""
    now = f"it is at version {current}" if current is not None else "someone else wrote first"
    had = f"you had version {expected}; " if expected is not None else ""
    return ConcurrencyConflict(
        f"Table {table_id!r} changed while you were acting ({had}{now}). "
        "Nothing was written; reload and try again."
    )


def landed(connection: Connection, table_id: str, seat_id: str, request_id: str) -> tuple[int, int] | None:
    """``(before, version)`` of the command this seat sent with ``request_id``, or None if none landed."""
    row = connection.first(_LANDED, {"table_id": table_id, "seat_id": seat_id, "request_id": request_id})
    return None if row is None else (int(row[0]), int(row[1]))


def record_request(
    connection: Connection, table_id: str, seat_id: str, request_id: str, *, before: int, version: int
) -> None:
    """Record, in the command's transaction, that ``request_id`` moved the table ``before`` -> ``version``."""
    connection.run(
        _INSERT_REQUEST,
        {
            "table_id": table_id,
            "seat_id": seat_id,
            "request_id": request_id,
            "before": before,
            "version": version,
            "created_at": stored_time(connection.dialect, utcnow()),
        },
    )
