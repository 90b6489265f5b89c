"""The store through SQLAlchemy: PostgreSQL, SQLite URLs other than a plain file, and migrations.

A plain SQLite file runs on the standard library (:mod:`capeworks.store.sqlite`);
:func:`capeworks.store.opening.open_database` picks. Everything here imports
SQLAlchemy (and Alembic, when a migration is due), so only those paths pay for it.

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

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Connection, Engine, TextClause, create_engine, event, inspect, text
from sqlalchemy.engine import URL, ExceptionContext, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, SQLAlchemyError

from capeworks.errors import StoreUnavailable
from capeworks.store import rows, sqlite
from capeworks.store.connection import DISK_FULL, Integrity, LockWait, Params, is_lock_wait, translate
from capeworks.store.schema import MARKER, REVISIONS, foreign, head_revision
from capeworks.store.settings import ENV_VAR, SQLITE_BUSY_TIMEOUT, default_url, is_own_default

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = [
    "DISK_FULL",
    "ENV_VAR",
    "REVISIONS",
    "SQLITE_BUSY_TIMEOUT",
    "WRITE",
    "AlchemyConnection",
    "AlchemyDatabase",
    "alembic_config",
    "current_revision",
    "default_url",
    "head_revision",
    "normalize_url",
    "open_engine",
    "refuse_foreign",
    "upgrade",
]

#: execution options for a write transaction (``BEGIN IMMEDIATE`` on SQLite)
WRITE = {"capeworks_begin": "IMMEDIATE"}

# an arbitrary constant: the PostgreSQL advisory lock held while migrating
_MIGRATION_LOCK = 0x43415045

_BACKENDS = ("sqlite", "postgresql")
_URL_HELP = "write it like sqlite:///path/to/file.sqlite3 or postgresql://user@host/dbname"


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


def open_engine(
    url: str | None = None, *, lock_timeout: float = SQLITE_BUSY_TIMEOUT, create: bool = True
) -> Engine:
    """An Engine for ``url`` (or the default), with the durability settings applied.

    ``lock_timeout`` is how many seconds a writer waits for another's lock. A
    SQLite file that does not exist is refused unless ``create``, and is made
    only in a folder that exists (the default database's folder is made); an
    empty, non-SQLite or foreign SQLite file is refused before connecting. Does
    not migrate.
    """
    make_folders = is_own_default(url)
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
        sqlite.make_room(path, create=create, make_folders=make_folders)
        sqlite.refuse_foreign(path)
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
    reason = foreign(tables, revision, marked=marked)
    if reason:
        raise StoreUnavailable(f"The database {_shown(engine.url)} {reason}")


def _revision(connection: Connection, tables: set[str]) -> str | None:
    if "alembic_version" not in tables:
        return None
    value = connection.scalar(text("SELECT version_num FROM alembic_version"))
    return str(value) if value is not None else None


def _shown(url: URL) -> str:
    return url.render_as_string(hide_password=True)


def _translate_error(context: ExceptionContext) -> None:
    """Turn a database fault into one StoreUnavailable sentence (SQLAlchemy's handle_error hook)."""
    error = context.sqlalchemy_exception
    if isinstance(error, IntegrityError) or getattr(context, "is_pre_ping", False):
        return
    sentence = translate(
        context.original_exception, unreachable=context.is_disconnect or context.connection is None
    )
    if sentence is not None:
        raise sentence from error


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


@lru_cache(maxsize=256)
def _text(sql: str) -> TextClause:
    """The store's SQL text as a statement, built once per text."""
    return text(sql)


class AlchemyConnection:
    """One SQLAlchemy connection in one transaction (see :class:`capeworks.store.connection.Connection`)."""

    __slots__ = ("_connection", "_watchers", "dialect")

    def __init__(self, connection: Connection, watchers: list[Callable[[str], None]]) -> None:
        self._connection = connection
        self._watchers = watchers
        self.dialect: str = connection.dialect.name

    def _execute(self, sql: str, params: Params | Sequence[Params] | None) -> Any:
        for seen in self._watchers:
            seen(sql)
        try:
            return self._connection.execute(_text(sql), params or {})
        except DBAPIError as e:
            raise _translated(e) from e

    def rows(self, sql: str, params: Params | None = None) -> list[tuple[Any, ...]]:
        """Every row the statement returns."""
        return cast("list[tuple[Any, ...]]", self._execute(sql, params).all())

    def first(self, sql: str, params: Params | None = None) -> tuple[Any, ...] | None:
        """The first row, or None."""
        return cast("tuple[Any, ...] | None", self._execute(sql, params).first())

    def scalar(self, sql: str, params: Params | None = None) -> Any:
        """The first column of the first row, or None."""
        return self._execute(sql, params).scalar()

    def run(self, sql: str, params: Params | None = None) -> int:
        """Run a statement that returns no rows; the number of rows it changed."""
        return int(self._execute(sql, params).rowcount)

    def run_many(self, sql: str, params: Sequence[Params]) -> None:
        """Run one statement once for each set of parameters (one set: a plain execute, which on
        psycopg skips the pipeline an executemany sets up)."""
        self._execute(sql, params[0] if len(params) == 1 else list(params))


def _translated(error: DBAPIError) -> Exception:
    """Integrity and lock waits in the store's terms (other faults were made sentences by the hook)."""
    if isinstance(error, IntegrityError):
        return Integrity(str(error.orig))
    if error.orig is not None and is_lock_wait(error.orig):
        return LockWait(str(error.orig))
    return error


class AlchemyDatabase:
    """The store's database through a SQLAlchemy Engine (see :class:`capeworks.store.connection.Database`)."""

    def __init__(self, engine: Engine, *, lock_timeout: float = SQLITE_BUSY_TIMEOUT) -> None:
        self.engine = engine
        self.lock_timeout = lock_timeout
        self.dialect: str = engine.dialect.name
        self._watchers: list[Callable[[str], None]] = []

    @classmethod
    def open(cls, url: str, *, lock_timeout: float, migrate: bool, create: bool = True) -> AlchemyDatabase:
        """Open ``url`` with the durability settings, refuse a foreign database, migrate if asked.

        A SQLite file that does not exist is refused unless ``create``.
        """
        engine = open_migrated(url, lock_timeout=lock_timeout, migrate=migrate, create=create)
        return cls(engine, lock_timeout=lock_timeout)

    @property
    def url(self) -> str:
        """The database URL, password hidden."""
        return _shown(self.engine.url)

    @contextmanager
    def read(self) -> Iterator[AlchemyConnection]:
        """A read transaction (begun at the first statement), rolled back at the end."""
        with self.engine.connect() as connection:
            yield AlchemyConnection(connection, self._watchers)

    @contextmanager
    def write(self, *, wait: float | None = None, lock: str | None = None) -> Iterator[AlchemyConnection]:
        """A write transaction, committed at the end unless it raises: ``BEGIN IMMEDIATE`` on SQLite;
        on PostgreSQL table ``lock``'s row ``FOR UPDATE``, with a shorter ``wait`` in the same statement."""
        with self.engine.connect() as connection:
            sqlite_ = self.dialect == "sqlite"
            if wait is not None and sqlite_:
                _busy_timeout(connection, wait)
            try:
                with connection.execution_options(**WRITE).begin():
                    written = AlchemyConnection(connection, self._watchers)
                    if not sqlite_:
                        _lock(written, wait=wait, table_id=lock)
                    yield written
            except DBAPIError as e:
                raise _translated(e) from e
            finally:
                if wait is not None and sqlite_:
                    _busy_timeout(connection, self.lock_timeout)

    def watch(self, seen: Callable[[str], None]) -> Callable[[], None]:
        """Call ``seen(sql)`` before every statement the store runs; returns the undoing."""
        self._watchers.append(seen)
        return lambda: self._watchers.remove(seen) if seen in self._watchers else None

    def dispose(self) -> None:
        """Close the pooled connections."""
        self.engine.dispose()


#: PostgreSQL: a shorter lock wait for this transaction only (a server's command already queued a while)
_LOCK_TIMEOUT = "SELECT set_config('lock_timeout', :ms, true)"


def _lock(connection: AlchemyConnection, *, wait: float | None, table_id: str | None) -> None:
    """PostgreSQL: this transaction's shorter lock wait and table ``table_id``'s row lock, one statement."""
    ms = None if wait is None else f"{max(1, round(wait * 1000))}ms"
    if table_id is None:
        if ms is not None:
            connection.scalar(_LOCK_TIMEOUT, {"ms": ms})
    elif ms is None:
        connection.scalar(rows.LOCK_ROW, {"table_id": table_id})
    else:
        connection.scalar(rows.LOCK_ROW_WITHIN, {"table_id": table_id, "ms": ms})


def _busy_timeout(connection: Connection, seconds: float) -> None:
    """Set SQLite's busy timeout on this connection (outside any transaction; a pragma begins none)."""
    driver = connection.connection.driver_connection
    if driver is not None:
        driver.execute(f"PRAGMA busy_timeout = {max(1, round(seconds * 1000))}")


def open_migrated(
    url: str, *, lock_timeout: float = SQLITE_BUSY_TIMEOUT, migrate: bool = True, create: bool = True
) -> Engine:
    """An Engine on ``url``: a foreign database refused, migrated to the newest schema when asked.

    A SQLite file that does not exist is refused unless ``create``. Faults on the way become one
    ``Cannot open the database`` sentence.
    """
    try:
        engine = open_engine(url, lock_timeout=lock_timeout, create=create)
        refuse_foreign(engine)
        if migrate:
            upgrade(engine)
    except SQLAlchemyError as e:
        detail = getattr(e, "orig", None) or e
        first = str(detail).strip().splitlines()[0] if str(detail).strip() else type(detail).__name__
        raise StoreUnavailable(f"Cannot open the database: {first.rstrip('.')}.") from e
    return engine
