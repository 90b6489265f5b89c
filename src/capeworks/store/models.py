"""The store's schema as SQLAlchemy Core tables: tables, seats, events, snapshots.

The event log is the truth: ``events`` is append-only, keyed by
``(table_id, seq)`` so two writers racing for the same sequence number cannot
both succeed. ``tables.version`` mirrors the number of events and is advanced
with a compare-and-set on every append. ``seats`` keeps what the log cannot:
the sha256 of each seat's secret token. ``snapshots`` are a cache of folded
state; deleting them loses nothing. Each event row carries ``hash``, its link
in the table's hash chain (see :mod:`capeworks.store.chain`). The
``capeworks_schema`` table holds one row, :data:`MARKER`: a database with
other tables and no marker is someone else's, and is never written to.

Plain Core tables, no ORM, used by Alembic and tests: the store's own
statements are SQL text (:mod:`capeworks.store.rows`), so a command line on a
SQLite file never imports SQLAlchemy. The Alembic revisions in ``capeworks/store/migrations``
create exactly this schema (a test compares the two).
"""

from __future__ import annotations

from sqlalchemy import JSON, Column, DateTime, ForeignKey, Integer, MetaData, String, Table

from capeworks.store.schema import MARKER, utcnow

__all__ = [
    "EVENTS",
    "MARKER",
    "MARKER_TABLE",
    "REQUESTS",
    "SEATS",
    "SNAPSHOTS",
    "TABLES",
    "metadata",
    "utcnow",
]

#: constraint names that are the same on every backend, so migrations can refer to them
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


#: every table of the store (Alembic's ``target_metadata``)
metadata = MetaData(naming_convention=NAMING_CONVENTION)

#: one game table; ``version`` is the number of events in its log
TABLES = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("title", String(200), nullable=False, default=""),
    Column("ruleset", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, default=utcnow),
    Column("version", Integer, nullable=False, default=0),
)

#: a seat at a table and the sha256 of its secret token (never the token itself)
SEATS = Table(
    "seats",
    metadata,
    Column("table_id", ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat_id", String(64), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("role", String(16), nullable=False),
    Column("token_hash", String(64), nullable=True, default=None),
    Column("created_at", DateTime(timezone=True), nullable=False, default=utcnow),
)

#: one event of a table's log: the whole Event as JSON plus indexable columns;
#: ``hash`` is the sha256 hex of the previous event's hash and this payload's canonical JSON
EVENTS = Table(
    "events",
    metadata,
    Column("table_id", ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("command_id", Integer, nullable=False),
    Column("type", String(64), nullable=False),
    Column("seat", String(64), nullable=True, default=None),
    Column("payload", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, default=utcnow),
    Column("hash", String(64), nullable=False),
)

#: folded state of a table after its first ``version`` events (a cache)
SNAPSHOTS = Table(
    "snapshots",
    metadata,
    Column("table_id", ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("state", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, default=utcnow),
)

#: a command that carried a client-chosen request id: a retry with the same id is answered from here
REQUESTS = Table(
    "requests",
    metadata,
    Column("table_id", ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat_id", String(64), primary_key=True),
    Column("request_id", String(64), primary_key=True),
    Column("before", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, default=utcnow),
)

#: the schema marker: one row saying this database is a capeworks store
MARKER_TABLE = Table(
    "capeworks_schema",
    metadata,
    Column("marker", String(64), primary_key=True),
)
