"""What makes a database a capeworks store, without SQLAlchemy: the marker, the revisions, UTC time.

The schema itself is :mod:`capeworks.store.models` (SQLAlchemy Core, for
Alembic); this is what opening a database needs to decide whether it is ours
and whether a migration is due, cheaply enough for a command line.
"""

from __future__ import annotations

from datetime import UTC, datetime

__all__ = ["MARKER", "OWN_TABLES", "REVISIONS", "foreign", "head_revision", "utcnow"]

#: the one row of ``capeworks_schema``: this database is a capeworks store
MARKER = "capeworks.store"

#: every migration shipped, oldest first; a test checks these against Alembic's own script
#: directory, so an open that finds the database at the head need not import Alembic (~200 ms)
REVISIONS = ("0001", "0002", "0003")

#: the tables a capeworks store consists of (an older store has no marker yet)
OWN_TABLES = frozenset(
    {"tables", "seats", "events", "snapshots", "requests", "alembic_version", "capeworks_schema"}
)


def utcnow() -> datetime:
    """Now, in UTC (the only time zone the store writes)."""
    return datetime.now(UTC)


def head_revision() -> str:
    """The newest migration shipped in this package."""
    return REVISIONS[-1]


def foreign(tables: set[str], revision: str | None, *, marked: bool) -> str | None:
    """Why a database is not ours to write to, or None when it is new or ours."""
    if marked or (not (tables - {"alembic_version"}) and revision is None):
        return None
    if tables <= OWN_TABLES and revision in REVISIONS:
        return None  # a capeworks store from before the marker
    return (
        "holds other tables and no capeworks marker: it belongs to something else, "
        "so capeworks will not write to it (give another --db)."
    )
