"""The SQL of the store: a table's rows read and written on one connection, statements built once.

Every statement here is SQLAlchemy Core on the schema of
:mod:`capeworks.store.models`, built at import and bound by name when run, so
the web table's per-command calls pay for the SQL and little else (an ORM
session, its unit of work and per-row objects cost several times the SQL).
:func:`advance` is an append inside the caller's transaction: the version's
compare-and-set returns, in the same round trip, the hash of the event the
new ones chain from. :func:`chained_events` reads a run of events with the
event before it and the table's row in one query and checks their hash chain
(:mod:`capeworks.store.chain`). Transactions and locks are the caller's
(:class:`capeworks.store.repository.Store`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Connection, bindparam, insert, select, text, update

from capeworks.engine import Event, Ruleset, Seat
from capeworks.engine.table import SEAT_JOINED
from capeworks.errors import ConcurrencyConflict, NotFound
from capeworks.store import chain
from capeworks.store import snapshot as snapshots
from capeworks.store.models import EVENTS, REQUESTS, SEATS, SNAPSHOTS, TABLES, utcnow

__all__ = [
    "EVENTS",
    "INSERT_TABLE",
    "LOCK_ROW",
    "LOCK_TIMEOUT",
    "NOTIFY",
    "REQUESTS",
    "ROW",
    "SEATS",
    "SNAPSHOTS",
    "TABLES",
    "TABLE_ROW",
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

# statements built once (bound by name when run), so a call pays for no construction or cache key
ROW = select(TABLES.c.id, TABLES.c.title, TABLES.c.ruleset, TABLES.c.created_at, TABLES.c.version)
TABLE_ROW = ROW.where(TABLES.c.id == bindparam("table_id"))
_VERSION = select(TABLES.c.version).where(TABLES.c.id == bindparam("table_id"))
LOCK_ROW = _VERSION.with_for_update()
#: PostgreSQL: a shorter lock wait for this transaction only (a server's command already queued a while)
LOCK_TIMEOUT = text("SELECT set_config('lock_timeout', :ms, true)")
#: PostgreSQL: tell the other processes, delivered when the transaction commits
NOTIFY = text("SELECT pg_notify(:channel, :payload)")
# the compare-and-set of an append, returning the hash of the event before the new ones (NULL if none)
_ADVANCE = (
    update(TABLES)
    .where(TABLES.c.id == bindparam("table_id"), TABLES.c.version == bindparam("expected"))
    .values(version=bindparam("new_version"))
    .returning(
        select(EVENTS.c.hash)
        .where(EVENTS.c.table_id == bindparam("table_id"), EVENTS.c.seq == bindparam("expected"))
        .scalar_subquery()
    )
)
_HASH_AT = select(EVENTS.c.hash).where(
    EVENTS.c.table_id == bindparam("table_id"), EVENTS.c.seq == bindparam("seq")
)
INSERT_TABLE = insert(TABLES)
_LANDED = select(REQUESTS.c.before, REQUESTS.c.version).where(
    REQUESTS.c.table_id == bindparam("table_id"),
    REQUESTS.c.seat_id == bindparam("seat_id"),
    REQUESTS.c.request_id == bindparam("request_id"),
)
_INSERT_REQUEST = insert(REQUESTS)
_INSERT_EVENTS = insert(EVENTS)
_INSERT_SEATS = insert(SEATS)
_INSERT_SNAPSHOT = insert(SNAPSHOTS)
_LATEST_SNAPSHOT = (
    select(SNAPSHOTS.c.version, SNAPSHOTS.c.state)
    .where(SNAPSHOTS.c.table_id == bindparam("table_id"), SNAPSHOTS.c.version < bindparam("below"))
    .order_by(SNAPSHOTS.c.version.desc())
    .limit(1)
)


def _event_rows(*, upto: bool) -> sa.Select[Any]:
    """Events from ``start`` on (to ``upto``) of a table that exists: one all-NULL row when there are none.

    The table joins first, so a missing table reads as no rows at all, and an
    empty range as one row of NULLs. ``start`` is the event before the ones
    wanted (its hash is where their chain begins), or 1 for a read from the start.
    """
    joined = sa.and_(EVENTS.c.table_id == TABLES.c.id, EVENTS.c.seq >= bindparam("start"))
    if upto:
        joined = sa.and_(joined, EVENTS.c.seq <= bindparam("upto"))
    return (
        select(EVENTS.c.seq, sa.cast(EVENTS.c.payload, sa.Text), EVENTS.c.hash)
        .select_from(TABLES.outerjoin(EVENTS, joined))
        .where(TABLES.c.id == bindparam("table_id"))
        .order_by(EVENTS.c.seq)
    )


_EVENTS_FROM = _event_rows(upto=False)
_EVENTS_BETWEEN = _event_rows(upto=True)
_LINKS = (
    select(EVENTS.c.seq, sa.cast(EVENTS.c.payload, sa.Text), EVENTS.c.hash)
    .where(EVENTS.c.table_id == bindparam("table_id"), EVENTS.c.seq <= bindparam("upto"))
    .order_by(EVENTS.c.seq)
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
        found = connection.execute(_LATEST_SNAPSHOT, {"table_id": table_id, "below": below}).first()
        if found is None:
            return 0, None
        version, state = found
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
) -> tuple[int, str]:
    """Move the table on from ``expected_version`` and insert ``events``; returns the new version and
    the hash of its last event.

    The compare-and-set hands back the hash the new events chain from, in the
    same round trip. ``token_hashes`` (seat id -> sha256 of its token) go on
    the rows of seats joining in ``events``. A stale version raises
    ConcurrencyConflict, a missing table NotFound, a missing previous event
    ChainBroken; the caller's transaction then writes nothing.
    """
    new_version = expected_version + len(events)
    moved = connection.execute(
        _ADVANCE, {"table_id": table_id, "expected": expected_version, "new_version": new_version}
    ).first()
    if moved is None:
        current = connection.scalar(_VERSION, {"table_id": table_id})
        if current is None:
            raise not_found(table_id)
        raise conflict(table_id, expected_version, current)
    previous = chain.GENESIS if expected_version < 1 else moved[0]
    if previous is None:
        raise missing(table_id, expected_version)
    head = add_events(connection, table_id, events, previous=previous, token_hashes=token_hashes)
    return new_version, head


def insert_snapshot(connection: Connection, table_id: str, version: int, state: dict[str, Any]) -> None:
    """Write a snapshot row (IntegrityError if one is there)."""
    connection.execute(
        _INSERT_SNAPSHOT, {"table_id": table_id, "version": version, "state": state, "created_at": utcnow()}
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
    if upto is not None:
        last = upto if last is None else min(last, upto)
    if limit is not None:
        limit = max(limit, 0)
        # a row more: the event before, or (reading from the start) what tells an empty page from no table
        query = query.limit(limit + 1)
        last = None if last is None else min(last, after + limit)
    start = max(after - 1 if check else after, 1)
    if check and limit is not None and after >= 2:
        query = query.limit(limit + 2)
    params: dict[str, Any] = {"table_id": table_id, "start": start}
    if upto is not None:
        params["upto"] = upto
    rows = connection.execute(query, params).all()
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
    found = connection.execute(_LINKS, {"table_id": table_id, "upto": upto})
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
    now = utcnow()
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
                "payload": payload,
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
    connection.execute(_INSERT_EVENTS, rows)
    if seats:
        # in the order the seats joined
        connection.execute(_INSERT_SEATS, seats)
    return previous


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
    row = connection.execute(
        _LANDED, {"table_id": table_id, "seat_id": seat_id, "request_id": request_id}
    ).first()
    return None if row is None else (int(row.before), int(row.version))


def record_request(
    connection: Connection, table_id: str, seat_id: str, request_id: str, *, before: int, version: int
) -> None:
    """Record, in the command's transaction, that ``request_id`` moved the table ``before`` -> ``version``."""
    connection.execute(
        _INSERT_REQUEST,
        {
            "table_id": table_id,
            "seat_id": seat_id,
            "request_id": request_id,
            "before": before,
            "version": version,
            "created_at": utcnow(),
        },
    )
