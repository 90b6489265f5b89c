"""The store's schema as typed SQLAlchemy models: tables, seats, events, snapshots.

The event log is the truth: ``events`` is append-only, keyed by
``(table_id, seq)`` so two writers racing for the same sequence number cannot
both succeed. ``tables.version`` mirrors the number of events and is advanced
with a compare-and-set on every append. ``seats`` keeps what the log cannot:
the sha256 of each seat's secret token. ``snapshots`` are a cache of folded
state; deleting them loses nothing. Each event row carries ``hash``, its link
in the table's hash chain (see :mod:`capeworks.store.chain`). The
``capeworks_schema`` table holds one row, :data:`MARKER`: a database with
other tables and no marker is someone else's, and is never written to.

The Alembic revisions in ``capeworks/store/migrations`` create exactly this
schema (a test compares the two).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, MetaData, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["MARKER", "Base", "EventRow", "MarkerRow", "SeatRow", "SnapshotRow", "TableRow"]

#: the one row of ``capeworks_schema``: this database is a capeworks store
MARKER = "capeworks.store"

#: constraint names that are the same on every backend, so migrations can refer to them
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    """Now, in UTC (the only time zone the store writes)."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base of every store model."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON}


class TableRow(Base):
    """One game table; ``version`` is the number of events in its log."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    title: Mapped[str] = mapped_column(String(200), default="")
    ruleset: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    version: Mapped[int] = mapped_column(Integer, default=0)


class SeatRow(Base):
    """A seat at a table and the sha256 of its secret token (never the token itself)."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    role: Mapped[str] = mapped_column(String(16))
    token_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class EventRow(Base):
    """One event of a table's log: the whole Event as JSON plus indexable columns."""

    __tablename__ = "events"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    command_id: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(64))
    seat: Mapped[str | None] = mapped_column(String(64), default=None)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: sha256 hex of the previous event's hash and this payload's canonical JSON
    hash: Mapped[str] = mapped_column(String(64))


class SnapshotRow(Base):
    """Folded state of a table after its first ``version`` events (a cache)."""

    __tablename__ = "snapshots"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class MarkerRow(Base):
    """The schema marker: one row saying this database is a capeworks store."""

    __tablename__ = "capeworks_schema"

    marker: Mapped[str] = mapped_column(String(64), primary_key=True)
