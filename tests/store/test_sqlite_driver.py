"""The SQLite file path on the standard library reads and extends what SQLAlchemy wrote, and vice versa.

``data/main_0003.sqlite3`` was written by the store as it was before (every
statement through SQLAlchemy Core, schema 0003): a toy table with snapshots,
request ids, a seat that joined later and an undo. The store now reads and
writes plain SQLite files with ``sqlite3``; any other SQLite URL (here: one
with a query string) still runs through SQLAlchemy, which lets both write to
one file in turns. Each turn is checked by ``verify`` (the whole hash chain,
the seats, every snapshot against a replay) and the raw columns keep the
encodings SQLAlchemy's types used.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from capeworks.engine import Command, Seat, Table
from capeworks.store import Store
from capeworks.store.database import AlchemyDatabase
from capeworks.store.sqlite import SqliteDatabase
from tests.engine.toy import Toy
from tests.store.conftest import SEATS

MAIN_FILE = Path(__file__).parent / "data" / "main_0003.sqlite3"
MAIN_TABLE = "OfU3rJt1RZPv"
MAIN_HEAD = "17b17182bf874c23aa9366d792455c04d40e5e1d9e4dea4445fcf014e31dd8b2"
#: SQLAlchemy's text form of DateTime on SQLite
TIME = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}$")


def stdlib(path: Path, toy: Toy) -> Store:
    store = Store(f"sqlite:///{path}", resolve_ruleset=lambda name: toy, snapshot_every=4)
    assert isinstance(store.database, SqliteDatabase)
    return store


def alchemy(path: Path, toy: Toy) -> Store:
    # a SQLite URL that is not a plain file (it carries an option) runs through SQLAlchemy
    store = Store(f"sqlite:///{path}?timeout=30", resolve_ruleset=lambda name: toy, snapshot_every=4)
    assert isinstance(store.database, AlchemyDatabase)
    return store


def play(store: Store, table_id: str, tag: str) -> None:
    """Commands of every kind a store writes: events, a request id, a snapshot, a join, an undo."""
    for n in range(3):
        store.execute(table_id, Command(type="add", seat="ann", payload={"dice": 2}), request_id=f"{tag}-{n}")
        store.execute(table_id, Command(type="note", seat="gm", payload={"text": f"{tag} {n} ✓ ü"}))
    store.join(table_id, Seat(id=f"seat-{tag}", name=f"Seat {tag}"), by="gm")
    store.undo(table_id, "gm")


def check(store: Store, toy: Toy, table_id: str, *, events: int) -> None:
    verified = store.verify(table_id)
    assert verified.events == events and verified.stale_snapshots == 0 and verified.snapshots >= 1
    assert store.load(table_id).state == Table(toy, store.log(table_id)).state
    assert store.load(table_id).state == store.load(table_id, use_snapshot=False).state


def raw_encodings_as_sqlalchemy_wrote_them(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        for table in ("tables", "seats", "events", "snapshots", "requests"):
            for (stamp,) in connection.execute(f"SELECT created_at FROM {table}"):
                assert isinstance(stamp, str) and TIME.match(stamp), (table, stamp)
        for column, table in (("payload", "events"), ("state", "snapshots")):
            for (text,) in connection.execute(f"SELECT {column} FROM {table}"):
                assert isinstance(text, str) and text == json.dumps(json.loads(text))


@pytest.fixture
def main_file(tmp_path: Path) -> Path:
    path = tmp_path / "main.sqlite3"
    shutil.copyfile(MAIN_FILE, path)
    return path


def test_a_file_sqlalchemy_wrote__is_read_as_it_was_written(main_file: Path, toy: Toy) -> None:
    with stdlib(main_file, toy) as store:
        [record] = store.list_tables()
        assert (record.id, record.title, record.version) == (MAIN_TABLE, "Written by main", 18)
        assert record.created_at.tzinfo is UTC
        assert record.created_at == datetime(2026, 11, 27, 5, 25, 29, 925156, tzinfo=UTC)
        verified = store.verify(MAIN_TABLE)
        assert (verified.events, verified.head, verified.snapshots) == (18, MAIN_HEAD, 5)
        landed = store.landed(MAIN_TABLE, "ann", "req-5")
        assert landed is not None and landed.version == landed.before + 1
        table = store.load(MAIN_TABLE)
        assert table.state == Table(toy, store.log(MAIN_TABLE)).state
        assert [s.id for s in table.seats] == ["gm", "ann", "bo"]
        # a retried request is answered from the record SQLAlchemy wrote
        again = store.execute(
            MAIN_TABLE, Command(type="add", seat="ann", payload={"dice": 2}), request_id="req-0"
        )
        assert again.replayed and store.record(MAIN_TABLE).version == 18


def test_a_file_sqlalchemy_wrote__is_extended_and_read_back_in_turns(main_file: Path, toy: Toy) -> None:
    with stdlib(main_file, toy) as store:
        play(store, MAIN_TABLE, "stdlib")
        check(store, toy, MAIN_TABLE, events=18 + 8)
    with alchemy(main_file, toy) as store:
        check(store, toy, MAIN_TABLE, events=26)
        play(store, MAIN_TABLE, "alchemy")
        check(store, toy, MAIN_TABLE, events=34)
    with stdlib(main_file, toy) as store:
        check(store, toy, MAIN_TABLE, events=34)
        assert store.landed(MAIN_TABLE, "ann", "alchemy-2") is not None
    raw_encodings_as_sqlalchemy_wrote_them(main_file)


def test_a_file_the_stdlib_path_made__is_read_and_extended_through_sqlalchemy(
    tmp_path: Path, toy: Toy
) -> None:
    path = tmp_path / "new.sqlite3"
    with stdlib(path, toy) as store:
        created = store.create_table(toy, title="Made by sqlite3", seats=SEATS, seed=2)
        play(store, created.id, "stdlib")
        token = created.tokens["ann"]
    with alchemy(path, toy) as store:
        check(store, toy, created.id, events=4 + 8)
        assert store.authenticate(created.id, token).id == "ann"
        play(store, created.id, "alchemy")
    with stdlib(path, toy) as store:
        check(store, toy, created.id, events=20)
        [record] = store.list_tables()
        assert record.title == "Made by sqlite3" and record.created_at.tzinfo is UTC
    raw_encodings_as_sqlalchemy_wrote_them(path)


def test_a_file_at_the_newest_revision__opens_without_alembic_or_sqlalchemy(
    main_file: Path, toy: Toy
) -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from capeworks.store import Store\n"
        f"with Store({f'sqlite:///{main_file}'!r}) as store:\n"
        "    assert [r.id for r in store.list_tables()] == [" + repr(MAIN_TABLE) + "]\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'alembic')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]"
