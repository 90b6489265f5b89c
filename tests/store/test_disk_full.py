"""A full disk: a snapshot that cannot be written never fails a written command; a command that
cannot be written says so plainly (SQLite and PostgreSQL).

Snapshots are disposable (rebuilt from the log), so the one command path writes
them after the command's commit and skips one the database refuses. A command
whose own write hits a full disk is refused with nothing written, and the
message says what happened instead of calling the database damaged.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest
import sqlalchemy as sa
from sqlalchemy import select

from capeworks.engine import Command, Table
from capeworks.errors import StoreUnavailable
from capeworks.store import Store, models, rows
from capeworks.store.connection import DISK_FULL, Connection
from capeworks.store.sqlite import SqliteDatabase
from tests.engine.toy import Toy
from tests.store.conftest import SEATS


def note(text: str) -> Command:
    return Command(type="note", seat="gm", payload={"text": text})


def driver_disk_full(dialect: str) -> Exception:
    """What each driver raises when the disk fills, as it reaches the store: sqlite3's own error on a
    SQLite file (no SQLAlchemy there), wrapped as SQLAlchemy hands it on for PostgreSQL."""
    if dialect == "sqlite":
        full = sqlite3.OperationalError("database or disk is full")
        full.sqlite_errorname = "SQLITE_FULL"  # type: ignore[attr-defined]
        return full
    orig = psycopg.errors.DiskFull('could not extend file "base/16384/16421": No space left on device')
    return sa.exc.OperationalError("INSERT INTO snapshots ...", {}, orig)


@pytest.fixture(params=["driver", "translated"])
def failing_snapshots(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, store: Store
) -> list[int]:
    """Every snapshot write raises as on a full disk (the driver's error, or the store's sentence for it);
    returns the versions it was asked to write."""
    asked: list[int] = []

    def full(connection: Connection, table_id: str, version: int, state: dict[str, Any]) -> None:
        asked.append(version)
        if request.param == "driver":
            raise driver_disk_full(connection.dialect)
        raise StoreUnavailable(DISK_FULL)

    monkeypatch.setattr(rows, "insert_snapshot", full)
    return asked


def snapshot_versions(store: Store, table_id: str) -> list[int]:
    with store.engine.connect() as connection:
        found = connection.scalars(
            select(models.SNAPSHOTS.c.version).where(models.SNAPSHOTS.c.table_id == table_id)
        )
        return sorted(found)


def test_a_snapshot_that_cannot_be_written__never_fails_the_command(
    store: Store, toy: Toy, failing_snapshots: list[int]
) -> None:
    # snapshots every 4 events: the new table stands at 4 (one asked for), notes 4 and 8 cross 8 and 12
    created = store.create_table(toy, seats=SEATS, seed=1)
    assert created.version == 4
    for n in range(10):
        played = store.execute(created.id, note(f"n{n}"))
        assert played.table.version == created.version + n + 1
    assert failing_snapshots == [4, 8, 12]
    assert snapshot_versions(store, created.id) == []
    # every command was written once, and the table loads (from the log alone) as a replay makes it
    log = store.log(created.id)
    assert [e.seq for e in log] == list(range(1, 15))
    assert store.load(created.id).state == Table(toy, log).state
    assert store.load(created.id).state.notes == tuple(f"n{n}" for n in range(10))  # type: ignore[attr-defined]


def test_an_undo_whose_snapshot_cannot_be_written__stands(
    store: Store, toy: Toy, failing_snapshots: list[int]
) -> None:
    created = store.create_table(toy, seats=SEATS, seed=1)
    store.execute(created.id, note("kept"))
    store.execute(created.id, note("taken back"))
    asked = len(failing_snapshots)
    undone = store.undo(created.id, "gm")
    assert len(failing_snapshots) == asked + 1  # an undo asks for a snapshot, which fails quietly
    assert undone.table.state == store.load(created.id, use_snapshot=False).state
    assert undone.table.state.notes == ("kept",)  # type: ignore[attr-defined]


def test_a_failing_snapshot__leaves_the_callers_fold_as_the_log(
    store: Store, toy: Toy, failing_snapshots: list[int]
) -> None:
    # the server's path: its own fold, brought up to the log under the lock
    created = store.create_table(toy, seats=SEATS, seed=1)
    fold = store.load(created.id)
    store.execute(created.id, note("from the CLI"))  # someone else writes first
    played = store.execute(created.id, note("from the server"), table=fold)
    assert played.table is fold and fold.version == store.record(created.id).version == 6
    assert fold.log == Table(toy, store.log(created.id)).log


def fill_the_disk(store: Store) -> Callable[[], None]:
    """From now on every write that needs more room fails as on a full disk; returns the undoing.

    SQLite: ``max_page_count`` pinned to the file's size on every connection (SQLite's own
    SQLITE_FULL). PostgreSQL: a trigger raising ``disk_full`` (SQLSTATE 53100) on every event row.
    """
    if isinstance(store.database, SqliteDatabase):
        database = store.database

        def pin(connection: sqlite3.Connection) -> None:
            pages = connection.execute("PRAGMA page_count").fetchone()[0]
            connection.execute(f"PRAGMA max_page_count = {pages}")

        def free() -> None:
            database.hooks.remove(pin)
            database.dispose()

        database.hooks.append(pin)
        database.dispose()
        return free
    with store.engine.begin() as connection:
        connection.exec_driver_sql(
            "CREATE FUNCTION disk_is_full() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION "
            "'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$ "
            "LANGUAGE plpgsql"
        )
        connection.exec_driver_sql(
            "CREATE TRIGGER disk_is_full BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION disk_is_full()"
        )

    def drop() -> None:
        with store.engine.begin() as connection:
            connection.exec_driver_sql("DROP TRIGGER disk_is_full ON events")

    return drop


@pytest.fixture
def full_disk(store: Store) -> Iterator[Callable[[], None]]:
    """Arm it to fill the disk (see :func:`fill_the_disk`); freed again at the end."""
    freeing: list[Callable[[], None]] = []
    yield lambda: freeing.append(fill_the_disk(store))
    for free in freeing:
        free()


def test_a_command_on_a_full_disk__says_so_and_writes_nothing(
    store: Store, toy: Toy, full_disk: Callable[[], None]
) -> None:
    created = store.create_table(toy, seats=SEATS, seed=1)
    full_disk()
    # SQLite fills the pages it has first; PostgreSQL refuses the first event
    with pytest.raises(StoreUnavailable) as refused:
        for n in range(2000):
            store.execute(created.id, note(f"a long note to fill the page {n} " * 8))
    assert refused.value.message == DISK_FULL
    assert "damaged" not in refused.value.message and "backup" not in refused.value.message
    version = store.record(created.id).version
    log = store.log(created.id)
    assert len(log) == version  # nothing half-written: the row and the log agree
    assert store.load(created.id).state == Table(toy, log).state


def test_the_cli__answers_a_command_whose_snapshot_cannot_be_written(
    tmp_path: Any, toy: Toy, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``capeworks table do`` and ``undo`` through the command line, every snapshot refused (an undo
    always asks for one)."""
    from typer.testing import CliRunner

    from capeworks.cli.app import app
    from capeworks.engine import registry

    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    with Store(url, resolve_ruleset=lambda name: toy) as store:
        created = store.create_table(toy, seats=SEATS, seed=1)
    refused: list[int] = []

    def full(connection: Connection, table_id: str, version: int, state: dict[str, Any]) -> None:
        refused.append(version)
        raise driver_disk_full(connection.dialect)

    monkeypatch.setattr(rows, "insert_snapshot", full)
    registry.register(toy)
    try:
        runner = CliRunner()
        for args in (
            ["do", created.id, "gm", "note", "text=kept"],
            ["do", created.id, "gm", "note", "text=taken back"],
            ["undo", created.id, "--seat", "gm"],
        ):
            result = runner.invoke(app, ["table", *args, "--db", url])
            assert result.exit_code == 0, result.output
    finally:
        registry.unregister("toy")
    assert refused  # the CLI's store asked for snapshots, and went on without them
    with Store(url, resolve_ruleset=lambda name: toy) as store:
        assert snapshot_versions(store, created.id) == []
        assert store.record(created.id).version == 7
        assert store.load(created.id).state.notes == ("kept",)  # type: ignore[attr-defined]
