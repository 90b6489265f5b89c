"""Write transactions that take the table's lock first, and database errors as one sentence.

SQLite: ``BEGIN IMMEDIATE`` (one writer per database). PostgreSQL: the table's
row ``FOR UPDATE`` (one writer per table). A wait that runs past its deadline
(the lock timeout, or less when a server queued the command a while) ends in
the store's busy sentence, with nothing written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from capeworks.errors import StoreUnavailable
from capeworks.store import rows
from capeworks.store.database import WRITE

__all__ = ["first_line", "reason", "write"]


@contextmanager
def write(
    engine: Engine,
    *,
    wait: float,
    lock_timeout: float,
    busy: Callable[[], StoreUnavailable],
    lock: str | None = None,
) -> Iterator[Connection]:
    """A transaction that takes the write lock first, committed on exit.

    ``wait`` is how long this one may wait for the lock (``lock_timeout`` is the
    connection's usual wait, put back after); with ``lock``, on PostgreSQL, that
    table's row is locked. Waiting too long raises ``busy()``.
    """
    if wait <= 0:
        raise busy()
    shortened = wait < lock_timeout
    with engine.connect() as connection:
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
                raise busy() from None
            raise
        finally:
            if shortened and sqlite:
                _busy_timeout(connection, lock_timeout)


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


def first_line(error: BaseException) -> str:
    """The first line of a database error (or any error), for a log line."""
    text = str(getattr(error, "orig", None) or error).strip()
    return text.splitlines()[0] if text else ""


def reason(error: SQLAlchemyError) -> str:
    """A database error's first line as the end of a sentence."""
    detail = getattr(error, "orig", None) or error
    first = str(detail).strip().splitlines()[0] if str(detail).strip() else type(detail).__name__
    return first.rstrip(".") + "."
