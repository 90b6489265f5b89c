"""Opening a database: which URL, durable SQLite settings, and migrations on open.

The default database is a SQLite file in the user's data directory; the
``CAPEWORKS_DATABASE_URL`` environment variable or an explicit URL overrides
it. PostgreSQL URLs are served by psycopg 3 (``postgresql://`` and
``postgres://`` are read as ``postgresql+psycopg://``).

SQLite runs in WAL mode with ``synchronous=FULL``: when an append returns, its
commit is on disk. Every write transaction starts with ``BEGIN IMMEDIATE`` so
two writers queue for the lock instead of failing half-way; a writer waits up
to the lock timeout (SQLite's busy timeout) for its turn. On PostgreSQL every
connection carries the same ``lock_timeout``, so a command queued behind a
held table lock waits that long at most and never hangs.

Migrations are Alembic revisions shipped in the package; :func:`upgrade` runs
them to head with a configuration built in code (no ``alembic.ini``).

A database is adopted only if it is new or already a capeworks store: the
schema carries a marker (the ``capeworks_schema`` table). An empty (0-byte)
SQLite file, a file that is not SQLite, and a database holding other tables
and no marker are refused before anything is written — for SQLite before the
switch to WAL mode. Database faults met later (a dropped table, corrupt pages,
an unreachable server) become one-sentence :class:`StoreUnavailable` errors;
integrity errors and lock waits are left to the callers that handle them.
"""

from __future__ import annotations

import os
import sqlite3
import time
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL, ExceptionContext, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError

from capeworks.errors import StoreUnavailable
from capeworks.store.models import MARKER

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = [
    "DISK_FULL",
    "ENV_VAR",
    "WRITE",
    "alembic_config",
    "current_revision",
    "default_url",
    "head_revision",
    "normalize_url",
    "open_engine",
    "refuse_foreign",
    "upgrade",
]

#: environment variable naming the database URL
ENV_VAR = "CAPEWORKS_DATABASE_URL"

#: execution options for a write transaction (``BEGIN IMMEDIATE`` on SQLite)
WRITE = {"capeworks_begin": "IMMEDIATE"}

#: seconds a writer waits for another writer's lock (SQLite busy timeout, PostgreSQL lock_timeout)
SQLITE_BUSY_TIMEOUT = 30.0

# an arbitrary constant: the PostgreSQL advisory lock held while migrating
_MIGRATION_LOCK = 0x43415045

#: the tables a capeworks store consists of (an older store has no marker yet)
OWN_TABLES = frozenset(
    {"tables", "seats", "events", "snapshots", "requests", "alembic_version", "capeworks_schema"}
)

_BACKENDS = ("sqlite", "postgresql")
_URL_HELP = "write it like sqlite:///path/to/file.sqlite3 or postgresql://user@host/dbname"
# how long a 0-byte SQLite file may stay empty while another process creates it
_EMPTY_GRACE = 0.5


def default_url() -> str:
    """``$CAPEWORKS_DATABASE_URL``, else a SQLite file in the user data directory."""
    from_env = os.environ.get(ENV_VAR, "").strip()
    if from_env:
        return from_env
    import platformdirs  # only when no database is named

    path = Path(platformdirs.user_data_dir("capeworks")) / "capeworks.sqlite3"
    return f"sqlite:///{path}"


def normalize_url(url: str) -> str:
    """Pick the drivers we ship: psycopg 3 for PostgreSQL, pysqlite for SQLite.

    Anything else (a URL that does not parse, MySQL, another driver) is
    refused with StoreUnavailable before a connection is tried.
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreUnavailable(
            f"Cannot open the database: its address is not one capeworks can read; {_URL_HELP}."
        ) from None
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    backend = parsed.get_backend_name()
    if backend not in _BACKENDS:
        raise StoreUnavailable(
            "Cannot open the database: capeworks keeps its tables in SQLite or PostgreSQL, "
            f"not {backend}; {_URL_HELP}."
        )
    if parsed.drivername not in ("sqlite", "sqlite+pysqlite", "postgresql+psycopg"):
        raise StoreUnavailable(
            f"Cannot open the database: capeworks talks to {backend} through its own driver; "
            f"leave the driver out of the address ({_URL_HELP})."
        )
    return parsed.render_as_string(hide_password=False)


def open_engine(url: str | None = None, *, lock_timeout: float = SQLITE_BUSY_TIMEOUT) -> Engine:
    """An Engine for ``url`` (or the default), with the durability settings applied.

    ``lock_timeout`` is how many seconds a writer waits for another's lock.
    Creates the directory of a SQLite file if needed; refuses an empty,
    non-SQLite or foreign SQLite file before connecting. Does not migrate.
    """
    url = normalize_url(url or default_url())
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        # keep any options the URL gives; ours is one more
        given = parsed.query.get("options", ())
        options = [given] if isinstance(given, str) else list(given)
        options.append(f"-c lock_timeout={max(1, round(lock_timeout * 1000))}")
        engine = create_engine(url, pool_pre_ping=True, connect_args={"options": " ".join(options)})
        event.listen(engine, "handle_error", _translate_error)
        return engine
    if parsed.get_backend_name() != "sqlite":
        engine = create_engine(url, pool_pre_ping=True)
        event.listen(engine, "handle_error", _translate_error)
        return engine
    database = parsed.database or ""
    if database and database != ":memory:" and not database.startswith("file:"):
        path = Path(database).expanduser()
        path.parent.mkdir(parents=True, exist_ok=True)
        _refuse_foreign_sqlite(path)
    engine = create_engine(url, connect_args={"timeout": lock_timeout})
    event.listen(engine, "handle_error", _translate_error)
    _make_sqlite_durable(engine)
    return engine


def refuse_foreign(engine: Engine) -> None:
    """StoreUnavailable unless the database is new or a capeworks store (checked before migrating).

    SQLite files are checked earlier, in :func:`open_engine`, before the
    first connection switches them to WAL mode.
    """
    if engine.dialect.name == "sqlite":
        return
    with engine.connect() as connection:
        names = connection.scalars(
            text("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
        )
        tables = set(names)
        marked = "capeworks_schema" in tables and bool(
            connection.scalar(text("SELECT count(*) FROM capeworks_schema WHERE marker = :m"), {"m": MARKER})
        )
        revision = _revision(connection, tables)
    reason = _foreign(tables, revision, marked=marked)
    if reason:
        raise StoreUnavailable(f"The database {_shown(engine.url)} {reason}")


def _refuse_foreign_sqlite(path: Path) -> None:
    if not path.exists():
        return
    deadline = time.monotonic() + _EMPTY_GRACE
    while path.stat().st_size == 0:
        if time.monotonic() > deadline:
            raise StoreUnavailable(
                f"The database file {path} is empty (0 bytes), as if it had been truncated; capeworks will "
                "not start a new database in its place (restore it from a backup, or remove it)."
            )
        time.sleep(0.05)
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
    reason = _foreign(tables, revision, marked=marked)
    if reason:
        raise StoreUnavailable(f"The database file {path} {reason}")


def _revision(connection: Connection, tables: set[str]) -> str | None:
    if "alembic_version" not in tables:
        return None
    value = connection.scalar(text("SELECT version_num FROM alembic_version"))
    return str(value) if value is not None else None


def _foreign(tables: set[str], revision: str | None, *, marked: bool) -> str | None:
    """Why a database is not ours to write to, or None when it is new or ours."""
    if marked or (not (tables - {"alembic_version"}) and revision is None):
        return None
    if tables <= OWN_TABLES and revision in _known_revisions():
        return None  # a capeworks store from before the marker
    return (
        "holds other tables and no capeworks marker: it belongs to something else, "
        "so capeworks will not write to it (give another --db)."
    )


#: every migration shipped, oldest first; a test checks these against Alembic's own script
#: directory, so an open that finds the database at the head need not import Alembic (~200 ms)
REVISIONS = ("0001", "0002", "0003")


def _known_revisions() -> set[str]:
    return set(REVISIONS)


def _shown(url: URL) -> str:
    return url.render_as_string(hide_password=True)


# SQLSTATEs and SQLite messages of lock waits and races, which callers handle themselves
_LOCK_STATES = frozenset({"55P03", "57014", "40001", "40P01"})
_LOCK_WORDS = ("database is locked", "database table is locked", "database is busy")


#: what a write that ran out of disk space says (the transaction is rolled back: nothing was written)
DISK_FULL = "The database's disk is full, so nothing was written; free some space and try again."


def _disk_full(original: BaseException, detail: str) -> bool:
    """SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100), or the OS's ENOSPC."""
    if (
        getattr(original, "sqlite_errorname", "") == "SQLITE_FULL"
        or getattr(original, "sqlstate", None) == "53100"
    ):
        return True
    lowered = detail.lower()
    return "database or disk is full" in lowered or "no space left on device" in lowered


def _translate_error(context: ExceptionContext) -> None:
    """Turn a database fault into one StoreUnavailable sentence (SQLAlchemy's handle_error hook)."""
    error = context.sqlalchemy_exception
    original = context.original_exception
    if isinstance(error, IntegrityError) or getattr(context, "is_pre_ping", False):
        return
    detail = str(original).strip().splitlines()[0] if str(original).strip() else type(original).__name__
    if getattr(original, "sqlstate", None) in _LOCK_STATES or any(w in detail.lower() for w in _LOCK_WORDS):
        return
    if context.is_disconnect or context.connection is None:
        raise StoreUnavailable(f"Cannot reach the database: {detail.rstrip('.')}.") from error
    if _disk_full(original, detail):
        raise StoreUnavailable(DISK_FULL) from error
    raise StoreUnavailable(
        f"The database is damaged or incomplete ({detail.rstrip('.')}); restore it from a backup."
    ) from error


def _make_sqlite_durable(engine: Engine) -> None:
    # pysqlite's own transaction handling delays BEGIN and cannot do BEGIN
    # IMMEDIATE; take it over (the recipe from SQLAlchemy's SQLite docs).
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        mode = connection.get_execution_options().get("capeworks_begin", "")
        connection.exec_driver_sql(f"BEGIN {mode}".strip())


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic Config pointing at the packaged migrations, built in code."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(files("capeworks.store") / "migrations"))
    config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """The newest migration shipped in this package."""
    return REVISIONS[-1]


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None for an empty database), read without Alembic."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        value = connection.scalar(text("SELECT version_num FROM alembic_version"))
        return str(value) if value is not None else None


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database to ``revision``; a no-op when it is already there.

    Safe when several processes open the same new database at once: SQLite
    migrates under ``BEGIN IMMEDIATE``, PostgreSQL under an advisory lock.
    """
    if revision == "head" and current_revision(engine) == head_revision():
        return
    from alembic import command

    with engine.connect().execution_options(**WRITE) as connection, connection.begin():
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
        command.upgrade(alembic_config(connection), revision)
