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
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url

__all__ = [
    "ENV_VAR",
    "WRITE",
    "alembic_config",
    "current_revision",
    "default_url",
    "head_revision",
    "normalize_url",
    "open_engine",
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


def default_url() -> str:
    """``$CAPEWORKS_DATABASE_URL``, else a SQLite file in the user data directory."""
    from_env = os.environ.get(ENV_VAR, "").strip()
    if from_env:
        return from_env
    path = Path(platformdirs.user_data_dir("capeworks")) / "capeworks.sqlite3"
    return f"sqlite:///{path}"


def normalize_url(url: str) -> str:
    """Pick the drivers we ship: psycopg 3 for PostgreSQL, pysqlite for SQLite."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


def open_engine(url: str | None = None, *, lock_timeout: float = SQLITE_BUSY_TIMEOUT) -> Engine:
    """An Engine for ``url`` (or the default), with the durability settings applied.

    ``lock_timeout`` is how many seconds a writer waits for another's lock.
    Creates the directory of a SQLite file if needed. Does not migrate.
    """
    url = normalize_url(url or default_url())
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        # keep any options the URL gives; ours is one more
        given = parsed.query.get("options", ())
        options = [given] if isinstance(given, str) else list(given)
        options.append(f"-c lock_timeout={max(1, round(lock_timeout * 1000))}")
        return create_engine(url, pool_pre_ping=True, connect_args={"options": " ".join(options)})
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    database = parsed.database or ""
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": lock_timeout})
    _make_sqlite_durable(engine)
    return engine


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
    config = Config()
    config.set_main_option("script_location", str(files("capeworks.store") / "migrations"))
    config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """The newest migration shipped in this package."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None for an empty database)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database to ``revision``; a no-op when it is already there.

    Safe when several processes open the same new database at once: SQLite
    migrates under ``BEGIN IMMEDIATE``, PostgreSQL under an advisory lock.
    """
    if revision == "head" and current_revision(engine) == head_revision():
        return
    with engine.connect().execution_options(**WRITE) as connection, connection.begin():
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
        command.upgrade(alembic_config(connection), revision)
