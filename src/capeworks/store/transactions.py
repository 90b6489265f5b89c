"""Write transactions that take the table's lock first, and database errors as one sentence.

SQLite: ``BEGIN IMMEDIATE`` (one writer per database). PostgreSQL: the table's
row ``FOR UPDATE`` (one writer per table). A wait that runs past its deadline
(the lock timeout, or less when a server queued the command a while) ends in
the store's busy sentence, with nothing written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from capeworks.errors import StoreUnavailable
from capeworks.store import connection as driver
from capeworks.store.connection import Connection, Database, LockWait

__all__ = ["first_line", "reason", "write"]


@contextmanager
def write(
    database: Database,
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
    try:
        with database.write(wait=wait if wait < lock_timeout else None, lock=lock) as connection:
            yield connection
    except LockWait:
        raise busy() from None


def first_line(error: BaseException) -> str:
    """The first line of a database error (the driver's own, when wrapped), for a log line."""
    return driver.first_line(getattr(error, "orig", None) or error)


def reason(error: BaseException) -> str:
    """A database error's first line as the end of a sentence."""
    return first_line(error).rstrip(".") + "."
