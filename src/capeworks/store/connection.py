"""The store's one way to talk to a database: SQL text with ``:name`` parameters on a small connection.

Every statement the store runs is plain SQL text (:mod:`capeworks.store.rows`),
bound by name, which both the standard library's ``sqlite3`` and SQLAlchemy's
``text()`` accept. Two implementations run it: :mod:`capeworks.store.sqlite`
(stdlib, for SQLite files: a command line never imports SQLAlchemy, ~300 ms)
and :mod:`capeworks.store.database` (SQLAlchemy, for PostgreSQL and for
creating or migrating a schema with Alembic). Both store values the way
SQLAlchemy's column types did (see :func:`stored_time` and :func:`stored_json`),
so a file written by one is read and extended by the other.

Driver errors come out of either as one of three things: :class:`Integrity`
(a key or constraint refused a write: a racing writer), :class:`LockWait` (a
lock wait ran out), or a one-sentence :class:`~capeworks.errors.StoreUnavailable`
(:func:`translate`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any, Protocol

from capeworks.errors import StoreUnavailable

__all__ = [
    "DISK_FULL",
    "Connection",
    "Database",
    "Integrity",
    "LockWait",
    "Params",
    "first_line",
    "is_lock_wait",
    "read_time",
    "stored_json",
    "stored_time",
    "translate",
]

Params = Mapping[str, Any]

#: what a write that ran out of disk space says (the transaction is rolled back: nothing was written)
DISK_FULL = "The database's disk is full, so nothing was written; free some space and try again."

# SQLSTATEs and SQLite messages of lock waits and races, which callers handle themselves
_LOCK_STATES = frozenset({"55P03", "57014", "40001", "40P01"})
_LOCK_WORDS = ("database is locked", "database table is locked", "database is busy")
# SQLAlchemy's storage format for DateTime on SQLite (naive, microseconds always written)
_SQLITE_TIME = "%Y-%m-%d %H:%M:%S.%f"


class Integrity(Exception):
    """A key or constraint refused a write (a racing writer took the key first); nothing was written."""


class LockWait(Exception):
    """A wait for another writer's lock ran out (SQLite's busy timeout, PostgreSQL's lock_timeout)."""


class Connection(Protocol):
    """One connection inside one transaction (a read's or a write's), as the store's SQL uses it."""

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``: which variant of a statement to run."""

    def rows(self, sql: str, params: Params | None = None) -> list[tuple[Any, ...]]:
        """Every row the statement returns."""

    def first(self, sql: str, params: Params | None = None) -> tuple[Any, ...] | None:
        """The first row, or None."""

    def scalar(self, sql: str, params: Params | None = None) -> Any:
        """The first column of the first row, or None."""

    def run(self, sql: str, params: Params | None = None) -> int:
        """Run a statement that returns no rows; the number of rows it changed."""

    def run_many(self, sql: str, params: Sequence[Params]) -> None:
        """Run one statement once for each set of parameters."""


class Database(Protocol):
    """A database the store opened: read and write transactions on pooled connections."""

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""

    @property
    def url(self) -> str:
        """The database URL, password hidden."""

    def read(self) -> AbstractContextManager[Connection]:
        """A read transaction (one consistent view of the database), rolled back at the end."""

    def write(
        self, *, wait: float | None = None, lock: str | None = None
    ) -> AbstractContextManager[Connection]:
        """A write transaction, committed at the end unless it raises.

        SQLite takes the database's write lock first (``BEGIN IMMEDIATE``), PostgreSQL
        the row of table ``lock`` when given (``FOR UPDATE``); ``wait`` shortens this
        transaction's lock wait (seconds) below the usual timeout.
        """

    def watch(self, seen: Callable[[str], None]) -> Callable[[], None]:
        """Call ``seen(sql)`` before every statement the store runs (for tests); returns the undoing."""

    def dispose(self) -> None:
        """Close the idle connections."""


def stored_time(dialect: str, value: datetime) -> Any:
    """A time as its column keeps it: on SQLite SQLAlchemy's text form in UTC, elsewhere the datetime."""
    if dialect != "sqlite":
        return value
    if value.tzinfo is not None:
        value = value.astimezone(UTC)
    return value.strftime(_SQLITE_TIME)


def read_time(value: Any) -> datetime:
    """A stored time as an aware UTC datetime (SQLite keeps naive UTC text)."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if not isinstance(value, datetime):
        raise TypeError(f"not a stored time: {value!r}")
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def stored_json(value: Any) -> str:
    """A JSON column's text, as SQLAlchemy's JSON type wrote it (``json.dumps`` with its defaults)."""
    return json.dumps(value)


def is_lock_wait(original: BaseException) -> bool:
    """True for SQLite's busy timeout and PostgreSQL's lock_timeout running out."""
    if getattr(original, "sqlstate", None) == "55P03":  # lock_not_available
        return True
    return getattr(original, "sqlite_errorname", "") in ("SQLITE_BUSY", "SQLITE_LOCKED") or (
        "database is locked" in str(original)
    )


def _left_to_callers(original: BaseException, detail: str) -> bool:
    """Lock waits and races: the caller turns them into its own sentence (or retries)."""
    return getattr(original, "sqlstate", None) in _LOCK_STATES or any(
        w in detail.lower() for w in _LOCK_WORDS
    )


def _disk_full(original: BaseException, detail: str) -> bool:
    """SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100), or the OS's ENOSPC."""
    if (
        getattr(original, "sqlite_errorname", "") == "SQLITE_FULL"
        or getattr(original, "sqlstate", None) == "53100"
    ):
        return True
    lowered = detail.lower()
    return "database or disk is full" in lowered or "no space left on device" in lowered


def first_line(error: BaseException) -> str:
    """The first line of a driver's error, or its class name."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def translate(original: BaseException, *, unreachable: bool = False) -> StoreUnavailable | None:
    """The one sentence for a database fault, or None for a lock wait or race (the caller's to handle).

    ``unreachable``: the fault came while connecting (or the connection dropped).
    """
    detail = first_line(original)
    if _left_to_callers(original, detail):
        return None
    if unreachable:
        return StoreUnavailable(f"Cannot reach the database: {detail.rstrip('.')}.")
    if _disk_full(original, detail):
        return StoreUnavailable(DISK_FULL)
    return StoreUnavailable(
        f"The database is damaged or incomplete ({detail.rstrip('.')}); restore it from a backup."
    )
