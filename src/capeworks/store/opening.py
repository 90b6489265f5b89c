"""Opening the store's database: which URL, which driver, and a migration only when one is due.

The default database is a SQLite file in the user's data directory; the
``CAPEWORKS_DATABASE_URL`` environment variable or an explicit URL overrides
it. A plain SQLite file (``sqlite:///path``) runs on the standard library's
``sqlite3`` (:mod:`capeworks.store.sqlite`): its revision is read with plain
SQL, and SQLAlchemy and Alembic are imported only when the file is new or
behind the newest migration. Every other URL (PostgreSQL, in-memory or
URI-option SQLite) runs through SQLAlchemy (:mod:`capeworks.store.database`).

SQLite runs in WAL mode with ``synchronous=FULL``: when an append returns, its
commit is on disk. Every write transaction starts with ``BEGIN IMMEDIATE`` so
two writers queue for the lock instead of failing half-way; a writer waits up
to the lock timeout (SQLite's busy timeout) for its turn. On PostgreSQL every
connection carries the same ``lock_timeout``.
"""

from __future__ import annotations

from capeworks.errors import StoreUnavailable
from capeworks.store import sqlite
from capeworks.store.connection import Database
from capeworks.store.schema import head_revision
from capeworks.store.settings import ENV_VAR, SQLITE_BUSY_TIMEOUT, default_url, is_own_default

__all__ = ["ENV_VAR", "SQLITE_BUSY_TIMEOUT", "default_url", "open_database"]


def open_database(
    url: str | None = None,
    *,
    lock_timeout: float = SQLITE_BUSY_TIMEOUT,
    migrate: bool = True,
    create: bool = True,
) -> Database:
    """The database at ``url`` (or the default), refused if foreign, migrated first when asked and due.

    A SQLite file that does not exist is created only when ``create`` (else refused, and nothing
    is made), and only in a folder that exists: the default database's user data directory is the
    one folder made for it. Faults become one-sentence StoreUnavailable errors.
    """
    make_folders = is_own_default(url)
    url = url or default_url()
    path = sqlite.file_of(url)
    try:
        if path is None:
            from capeworks.store.database import AlchemyDatabase  # SQLAlchemy only off the SQLite-file path

            return AlchemyDatabase.open(url, lock_timeout=lock_timeout, migrate=migrate, create=create)
        sqlite.make_room(path, create=create, make_folders=make_folders)
        revision = sqlite.refuse_foreign(path)
        if migrate and revision != head_revision():
            from capeworks.store.database import open_migrated  # Alembic only when a migration is due

            open_migrated(url, lock_timeout=lock_timeout, create=create).dispose()
    except OSError as e:
        raise StoreUnavailable(f"Cannot open the database: {e.strerror} ({e.filename}).") from e
    return sqlite.SqliteDatabase(path, lock_timeout=lock_timeout)
