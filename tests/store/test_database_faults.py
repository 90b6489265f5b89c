"""Damaged, foreign and unsupported databases: one sentence and exit 2, never a traceback (issue 8, item 7).

Each case was reproduced on main first: raw tracebacks (dropped table, corrupt
pages, a row that is not JSON, ``--db mysql://x``), a 0-byte file silently
becoming an empty database, and someone else's SQLite file gaining capeworks
tables and WAL mode.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text
from typer.testing import CliRunner, Result

from capeworks.cli.app import app
from capeworks.engine import Command, registry
from capeworks.errors import StoreUnavailable
from capeworks.store import Store
from tests.engine.toy import Toy
from tests.store.conftest import SEATS, PostgresServer, _free_port

runner = CliRunner()


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    registry.register(Toy())
    yield
    registry.unregister("toy")


def _one_line_failure(result: Result) -> str:
    """Exit 2, one 'Error:' sentence on stderr, no traceback; returns the sentence."""
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert result.stderr.count("Error:") == 1
    return " ".join(result.stderr.split())


def _table(url: str, *, events: int = 0) -> str:
    with Store(url) as store:
        table_id = store.create_table("toy", seats=SEATS, seed=1).id
        for _ in range(events):
            store.execute(table_id, Command(type="note", seat="gm", payload={"text": "x" * 200}))
    return table_id


# -- addresses ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("mysql://x", "SQLite or PostgreSQL, not mysql"),
        ("oracle+cx_oracle://u@h/db", "SQLite or PostgreSQL, not oracle"),
        ("sqlite+aiosqlite:///x.db", "leave the driver out"),
        ("not a url at all", "not one capeworks can read"),
    ],
)
def test_url__unsupported_database_is_one_sentence(url: str, message: str) -> None:
    with pytest.raises(StoreUnavailable, match=message):
        Store(url)
    sentence = _one_line_failure(runner.invoke(app, ["table", "list", "--db", url]))
    assert message in sentence


@pytest.mark.postgres
def test_url__unreachable_postgres_is_one_sentence() -> None:
    url = f"postgresql://nobody@127.0.0.1:{_free_port()}/nothing"
    with pytest.raises(StoreUnavailable, match="Cannot reach the database"):
        Store(url)
    assert "Cannot reach the database" in _one_line_failure(
        runner.invoke(app, ["table", "list", "--db", url])
    )


# -- files that are not ours ----------------------------------------------------------------------


def test_zero_byte_file__is_refused_not_adopted(tmp_path: Path) -> None:
    path = tmp_path / "truncated.sqlite3"
    path.write_bytes(b"")
    with pytest.raises(StoreUnavailable, match=r"is empty \(0 bytes\)"):
        Store(f"sqlite:///{path}")
    sentence = _one_line_failure(runner.invoke(app, ["table", "list", "--db", f"sqlite:///{path}"]))
    assert "empty (0 bytes)" in sentence
    assert path.stat().st_size == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["truncated.sqlite3"]


def test_truncated_store__is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    _table(url)
    (tmp_path / "store.sqlite3").write_bytes(b"")
    assert "empty (0 bytes)" in _one_line_failure(runner.invoke(app, ["table", "list", "--db", url]))


def test_someone_elses_sqlite_file__is_not_written_to_or_switched_to_wal(tmp_path: Path) -> None:
    path = tmp_path / "accounts.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        conn.execute("INSERT INTO customers (name) VALUES ('Ada')")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreUnavailable, match="holds other tables and no capeworks marker"):
        Store(f"sqlite:///{path}")
    sentence = _one_line_failure(runner.invoke(app, ["table", "new", "toy", "--db", f"sqlite:///{path}"]))
    assert "belongs to something else" in sentence
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["accounts.db"]
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")] == [
            "customers"
        ]
    conn.close()


def test_a_file_that_is_not_sqlite__is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("shopping list: milk, eggs\n" * 200)
    before = path.read_bytes()
    sentence = _one_line_failure(runner.invoke(app, ["table", "list", "--db", f"sqlite:///{path}"]))
    assert "cannot be read as a SQLite database" in sentence
    assert path.read_bytes() == before


@pytest.mark.postgres
def test_someone_elses_postgres_database__is_not_written_to(postgres_server: PostgresServer) -> None:
    url = postgres_server.new_database()
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE customers (id serial PRIMARY KEY, name text)"))
    with pytest.raises(StoreUnavailable, match="holds other tables and no capeworks marker"):
        Store(url)
    assert "belongs to something else" in _one_line_failure(
        runner.invoke(app, ["table", "list", "--db", url])
    )
    assert inspect(engine).get_table_names() == ["customers"]
    engine.dispose()


def test_our_own_store__is_opened_again(db_url: str) -> None:
    table_id = _table(db_url)
    with Store(db_url) as store:
        assert [r.id for r in store.list_tables()] == [table_id]


# -- damage met after opening ---------------------------------------------------------------------


def test_dropped_events_table__is_one_sentence(db_url: str) -> None:
    table_id = _table(db_url)
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE events"))
    engine.dispose()
    for args in (["log", table_id, "--gm"], ["do", table_id, "gm", "note", "text=hi"], ["verify", table_id]):
        sentence = _one_line_failure(runner.invoke(app, ["table", *args, "--db", db_url]))
        assert "The database is damaged or incomplete" in sentence and "events" in sentence


def test_event_row_that_is_not_json__is_named(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    table_id = _table(url, events=2)
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text('UPDATE events SET payload = \'{"type": "toy.noted", \' WHERE seq = 5'))
    engine.dispose()
    sentence = _one_line_failure(runner.invoke(app, ["table", "show", table_id, "--gm", "--db", url]))
    assert f"Event 5 of table '{table_id}' is not valid JSON" in sentence


def test_deleted_event_row__is_named_as_a_gap_through_the_cli(db_url: str) -> None:
    table_id = _table(db_url, events=3)
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM events WHERE seq = 5"))
    engine.dispose()
    for args in (["log", table_id, "--gm"], ["do", table_id, "gm", "note", "text=hi"], ["verify", table_id]):
        sentence = _one_line_failure(runner.invoke(app, ["table", *args, "--db", db_url]))
        assert "has a gap: event 5 is missing" in sentence
        assert "try again" not in sentence


@pytest.mark.parametrize(
    ("first_page", "message"),
    [
        # the schema's own pages are damaged: refused on opening, before anything is written
        (3, "cannot be read as a SQLite database (database disk image is malformed)"),
        # only the last page of the log: met while reading the events
        (-1, "The database is damaged or incomplete (database disk image is malformed)"),
    ],
    ids=["from-page-3", "last-page"],
)
def test_corrupt_pages__are_one_sentence(tmp_path: Path, first_page: int, message: str) -> None:
    path = tmp_path / "store.sqlite3"
    table_id = _table(f"sqlite:///{path}", events=60)  # 60 notes of 200+ bytes: many 4 KiB pages
    size = path.stat().st_size
    assert size > 16 * 4096 and not (tmp_path / "store.sqlite3-wal").exists()
    start = (first_page - 1) * 4096 if first_page > 0 else size - 4096
    with path.open("r+b") as f:
        for offset in range(start, size, 4096):
            f.seek(offset)
            f.write(b"\xa5" * 512)
    result = runner.invoke(app, ["table", "log", table_id, "--gm", "--db", f"sqlite:///{path}"])
    assert message in _one_line_failure(result)


def test_another_projects_migrated_database__is_refused(db_url: str) -> None:
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)"))
        conn.execute(text("INSERT INTO alembic_version VALUES ('9f2c1d0e')"))
        conn.execute(text("CREATE TABLE events (id INTEGER PRIMARY KEY, what TEXT)"))
    engine.dispose()
    with pytest.raises(StoreUnavailable, match="holds other tables and no capeworks marker"):
        Store(db_url)
    engine = create_engine(db_url)
    assert sorted(inspect(engine).get_table_names()) == ["alembic_version", "events"]
    engine.dispose()
