"""The store on a SQLite file through the standard library's ``sqlite3``: no SQLAlchemy on this path.

Durable as before: every connection runs in WAL mode with ``synchronous=FULL``
and foreign keys on; a write transaction begins ``BEGIN IMMEDIATE`` (writers
queue for the lock, up to the busy timeout), a read one ``BEGIN`` (one
consistent view), and sqlite3's own transaction handling is off. Connections
are kept for reuse (a server runs many calls). Creating or migrating the
schema is Alembic's work (:mod:`capeworks.store.database`), done only when the
file's revision is not the newest.

A file is adopted only if it is new or already a capeworks store
(:func:`refuse_foreign`), checked read-only before the first connection
switches it to WAL mode.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from capeworks.errors import StoreUnavailable
from capeworks.store.connection import Integrity, LockWait, Params, is_lock_wait, translate
from capeworks.store.schema import MARKER, foreign

__all__ = ["SqliteConnection", "SqliteDatabase", "file_of", "make_room", "read_revision", "refuse_foreign"]

# how long a 0-byte SQLite file may stay empty while another process creates it
_EMPTY_GRACE = 0.5


def file_of(url: str) -> Path | None:
    """The file a plain ``sqlite:///path`` URL names, else None (memory, URI options, other databases).

    Only those plain file URLs run on the standard library; anything else goes through SQLAlchemy.
    """
    for prefix in ("sqlite:///", "sqlite+pysqlite:///"):
        if url.startswith(prefix):
            database = unquote(url[len(prefix) :])
            if not database or "?" in database or database == ":memory:" or database.startswith("file:"):
                return None
            return Path(database).expanduser()
    return None


def make_room(path: Path, *, create: bool = True, make_folders: bool = False) -> None:
    """StoreUnavailable unless a SQLite file may be opened at ``path``; nothing is created by a refusal.

    A file that does not exist is refused unless ``create`` (a reading command on a mistyped path
    would otherwise leave an empty database behind); a missing folder is made only when
    ``make_folders`` (the user data directory of the default database), else named in the refusal:
    a typo in a path must not create a tree of folders.
    """
    if path.exists():
        return
    if not create:
        raise StoreUnavailable(
            f"There is no database at {path.absolute()}: the file does not exist (nothing was created)."
        )
    if path.parent.is_dir():
        return
    if make_folders:
        path.parent.mkdir(parents=True, exist_ok=True)
        return
    raise StoreUnavailable(
        f"Cannot create the database {path.absolute()}: the folder {path.absolute().parent} does not exist "
        "(capeworks creates the database file, not its folders)."
    )


class SqliteConnection:
    """One stdlib connection inside one transaction (see :class:`capeworks.store.connection.Connection`)."""

    __slots__ = ("_connection", "_watchers")

    dialect = "sqlite"

    def __init__(self, connection: sqlite3.Connection, watchers: list[Callable[[str], None]]) -> None:
        self._connection = connection
        self._watchers = watchers

    def _execute(self, sql: str, params: Params | None) -> sqlite3.Cursor:
        for seen in self._watchers:
            seen(sql)
        try:
            return self._connection.execute(sql, params or {})
        except sqlite3.Error as e:
            raise _translated(e) from e

    def rows(self, sql: str, params: Params | None = None) -> list[tuple[Any, ...]]:
        """Every row the statement returns."""
        try:
            return self._execute(sql, params).fetchall()
        except sqlite3.Error as e:
            raise _translated(e) from e

    def first(self, sql: str, params: Params | None = None) -> tuple[Any, ...] | None:
        """The first row, or None."""
        try:
            found: tuple[Any, ...] | None = self._execute(sql, params).fetchone()
        except sqlite3.Error as e:
            raise _translated(e) from e
        return found

    def scalar(self, sql: str, params: Params | None = None) -> Any:
        """The first column of the first row, or None."""
        found = self.first(sql, params)
        return None if found is None else found[0]

    def run(self, sql: str, params: Params | None = None) -> int:
        """Run a statement that returns no rows; the number of rows it changed."""
        return self._execute(sql, params).rowcount

    def run_many(self, sql: str, params: Sequence[Params]) -> None:
        """Run one statement once for each set of parameters."""
        for seen in self._watchers:
            seen(sql)
        try:
            self._connection.executemany(sql, params)
        except sqlite3.Error as e:
            raise _translated(e) from e


def _translated(error: sqlite3.Error) -> Exception:
    """The store's form of a driver error: Integrity, LockWait, or one StoreUnavailable sentence."""
    if isinstance(error, sqlite3.IntegrityError):
        return Integrity(str(error))
    if is_lock_wait(error):
        return LockWait(str(error))
    return translate(error) or LockWait(str(error))


class SqliteDatabase:
    """A SQLite file through ``sqlite3``, with the store's durability settings on every connection.

    ``hooks`` are called with each new connection (tests pin a full disk with them).
    """

    dialect = "sqlite"

    def __init__(self, path: Path, *, lock_timeout: float) -> None:
        self.path = path
        self.lock_timeout = lock_timeout
        self.hooks: list[Callable[[sqlite3.Connection], None]] = []
        self._watchers: list[Callable[[str], None]] = []
        self._idle: list[sqlite3.Connection] = []
        self._guard = threading.Lock()

    @property
    def url(self) -> str:
        """The database URL (a file has no password)."""
        return f"sqlite:///{self.path}"

    def _connect(self) -> sqlite3.Connection:
        try:
            connection = sqlite3.connect(
                self.path, timeout=self.lock_timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as e:
            raise translate(e, unreachable=True) or StoreUnavailable(f"Cannot open the database: {e}.") from e
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=FULL")
            connection.execute("PRAGMA foreign_keys=ON")
            for hook in self.hooks:
                hook(connection)
        except sqlite3.Error as e:
            connection.close()
            if is_lock_wait(e):
                raise LockWait(str(e)) from e
            raise translate(e) or StoreUnavailable(f"Cannot open the database: {e}.") from e
        return connection

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        with self._guard:
            connection = self._idle.pop() if self._idle else None
        if connection is None:
            connection = self._connect()
        try:
            yield connection
        finally:
            self._give_back(connection)

    def _give_back(self, connection: sqlite3.Connection) -> None:
        """Keep the connection for the next call, unless it could not leave its transaction."""
        try:
            if connection.in_transaction:
                connection.rollback()
        except sqlite3.Error:
            connection.close()
            return
        with self._guard:
            self._idle.append(connection)

    @contextmanager
    def read(self) -> Iterator[SqliteConnection]:
        """A read transaction: ``BEGIN`` (deferred), rolled back at the end."""
        with self._connection() as connection:
            _begin(connection, "BEGIN")
            try:
                yield SqliteConnection(connection, self._watchers)
            finally:
                connection.rollback()

    @contextmanager
    def write(self, *, wait: float | None = None, lock: str | None = None) -> Iterator[SqliteConnection]:
        """A write transaction: ``BEGIN IMMEDIATE`` (waiting ``wait`` seconds at most), then committed.

        ``lock`` (a table) is covered: SQLite's write lock is the whole database's.
        """
        with self._connection() as connection:
            if wait is not None:
                _busy_timeout(connection, wait)
            try:
                _begin(connection, "BEGIN IMMEDIATE")
                try:
                    yield SqliteConnection(connection, self._watchers)
                except BaseException:
                    connection.rollback()
                    raise
                try:
                    connection.execute("COMMIT")
                except sqlite3.Error as e:
                    connection.rollback()
                    raise _translated(e) from e
            finally:
                if wait is not None:
                    _busy_timeout(connection, self.lock_timeout)

    def watch(self, seen: Callable[[str], None]) -> Callable[[], None]:
        """Call ``seen(sql)`` before every statement; returns the undoing."""
        self._watchers.append(seen)
        return lambda: self._watchers.remove(seen) if seen in self._watchers else None

    def dispose(self) -> None:
        """Close the idle connections (WAL is checkpointed when the last one closes)."""
        with self._guard:
            idle, self._idle = self._idle, []
        for connection in idle:
            connection.close()


def _begin(connection: sqlite3.Connection, statement: str) -> None:
    try:
        connection.execute(statement)
    except sqlite3.Error as e:
        raise _translated(e) from e


def _busy_timeout(connection: sqlite3.Connection, seconds: float) -> None:
    """Set SQLite's busy timeout on this connection (outside any transaction; a pragma begins none)."""
    connection.execute(f"PRAGMA busy_timeout = {max(1, round(seconds * 1000))}")


def read_revision(path: Path) -> tuple[set[str], bool, str | None]:
    """The file's tables, whether it carries the capeworks marker, and its Alembic revision (read-only).

    A file that is not there reads as a new, empty database.
    """
    if not path.exists():
        return set(), False, None
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as e:
        raise StoreUnavailable(f"Cannot open the database file {path}: {e}.") from None
    try:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        marked = "capeworks_schema" in tables and bool(
            connection.execute(
                "SELECT count(*) FROM capeworks_schema WHERE marker = ?", (MARKER,)
            ).fetchone()[0]
        )
        revision = None
        if "alembic_version" in tables:
            row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
            revision = row[0] if row else None
    except sqlite3.DatabaseError as e:
        raise StoreUnavailable(
            f"The file {path} cannot be read as a SQLite database ({e}): it is damaged or not a "
            "database, so capeworks will not write to it."
        ) from None
    finally:
        connection.close()
    return tables, marked, revision


def refuse_foreign(path: Path) -> str | None:
    """StoreUnavailable unless the file is new, empty or a capeworks store; returns its revision.

    An empty (0-byte) file is refused (after a moment's grace, as another
    process may be creating it), as are files that are not SQLite and files
    holding other tables and no marker.
    """
    if path.exists():
        deadline = time.monotonic() + _EMPTY_GRACE
        while path.stat().st_size == 0:
            if time.monotonic() > deadline:
                raise StoreUnavailable(
                    f"The database file {path} is empty (0 bytes), as if it had been truncated; capeworks "
                    "will not start a new database in its place (restore it from a backup, or remove it)."
                )
            time.sleep(0.05)
    tables, marked, revision = read_revision(path)
    reason = foreign(tables, revision, marked=marked)
    if reason:
        raise StoreUnavailable(f"The database file {path} {reason}")
    return revision
