"""Opening a database: migrations, URLs, SQLite durability settings, the public surface."""

from __future__ import annotations

import inspect as inspect_module
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command as alembic_command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text

import capeworks.store
from capeworks.engine import Command, Table
from capeworks.errors import StoreUnavailable
from capeworks.store import Store, default_url
from capeworks.store.chain import links
from capeworks.store.database import (
    REVISIONS,
    WRITE,
    alembic_config,
    current_revision,
    head_revision,
    normalize_url,
    open_engine,
    upgrade,
)
from capeworks.store.models import metadata
from tests.engine.toy import Toy
from tests.store.conftest import SEATS

EXPECTED_COLUMNS = {
    "tables": ["id", "title", "ruleset", "created_at", "version"],
    "seats": ["table_id", "seat_id", "name", "role", "token_hash", "created_at"],
    "events": ["table_id", "seq", "command_id", "type", "seat", "payload", "created_at", "hash"],
    "snapshots": ["table_id", "version", "state", "created_at"],
    "capeworks_schema": ["marker"],
    # 0003 (issue 21, defect 7): the request ids commands were sent with
    "requests": ["table_id", "seat_id", "request_id", "before", "version", "created_at"],
}
EXPECTED_KEYS = {
    "tables": ["id"],
    "seats": ["table_id", "seat_id"],
    "events": ["table_id", "seq"],
    "snapshots": ["table_id", "version"],
    "capeworks_schema": ["marker"],
    "requests": ["table_id", "seat_id", "request_id"],
}


def test_migrations__create_the_schema_on_an_empty_database(db_url: str) -> None:
    engine = open_engine(db_url)
    assert current_revision(engine) is None
    upgrade(engine)
    assert current_revision(engine) == head_revision()
    inspector = inspect(engine)
    assert set(inspector.get_table_names()) == {*EXPECTED_COLUMNS, "alembic_version"}
    for table, columns in EXPECTED_COLUMNS.items():
        assert [c["name"] for c in inspector.get_columns(table)] == columns
        assert inspector.get_pk_constraint(table)["constrained_columns"] == EXPECTED_KEYS[table]
    engine.dispose()


def test_migrations__agree_with_the_models(db_url: str) -> None:
    engine = open_engine(db_url)
    upgrade(engine)
    with engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), metadata)
    assert diffs == []
    engine.dispose()


def test_migrations__run_on_open_and_are_idempotent(db_url: str) -> None:
    Store(db_url).close()
    with Store(db_url) as store:
        assert current_revision(store.engine) == head_revision()
        assert store.list_tables() == []
    engine = open_engine(db_url)
    upgrade(engine)  # already at head: nothing to do
    with engine.connect() as conn:
        assert conn.scalar(text("SELECT count(*) FROM alembic_version")) == 1
    engine.dispose()


def test_migrations__downgrade_to_base_and_back(db_url: str) -> None:
    engine = open_engine(db_url)
    upgrade(engine)
    with engine.connect().execution_options(**WRITE) as conn, conn.begin():
        alembic_command.downgrade(alembic_config(conn), "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    upgrade(engine)
    assert "events" in inspect(engine).get_table_names()
    engine.dispose()


def test_sqlite__is_opened_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    (tmp_path / "deep" / "dir").mkdir(parents=True)
    engine = open_engine(f"sqlite:///{tmp_path / 'deep' / 'dir' / 'db.sqlite3'}")
    with engine.connect() as conn:
        assert conn.scalar(text("PRAGMA journal_mode")) == "wal"
        # 2 is FULL: the WAL is synced at every commit
        assert conn.scalar(text("PRAGMA synchronous")) == 2
        assert conn.scalar(text("PRAGMA foreign_keys")) == 1
    assert (tmp_path / "deep" / "dir" / "db.sqlite3").exists()
    engine.dispose()


def test_a_named_sqlite_file__its_missing_folder_is_named_not_made(tmp_path: Path) -> None:
    # `--db sqlite:////typo/dir/x.db` made the folders and an empty database
    missing = tmp_path / "typo" / "dir" / "x.db"
    said = f"the folder {missing.parent} does not exist"
    for url in (f"sqlite:///{missing}", f"sqlite:///{missing}?timeout=5"):
        with pytest.raises(StoreUnavailable, match=re.escape(said)):
            Store(url)
        with pytest.raises(StoreUnavailable, match=re.escape(said)):
            open_engine(url)
    assert list(tmp_path.iterdir()) == []


def test_a_sqlite_file_that_is_not_there__is_refused_unless_it_may_be_created(tmp_path: Path) -> None:
    missing = tmp_path / "x.db"
    said = f"There is no database at {missing}: the file does not exist (nothing was created)."
    for url in (f"sqlite:///{missing}", f"sqlite:///{missing}?timeout=5"):
        with pytest.raises(StoreUnavailable, match=re.escape(said)):
            Store(url, create=False)
    assert list(tmp_path.iterdir()) == []
    Store(f"sqlite:///{missing}").close()
    with Store(f"sqlite:///{missing}", create=False) as store:
        assert store.list_tables() == []


def test_the_default_database__its_folder_in_the_user_data_dir_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CAPEWORKS_DATABASE_URL", raising=False)
    monkeypatch.setattr("platformdirs.user_data_dir", lambda *_a, **_k: str(tmp_path / "data" / "capeworks"))
    Store().close()
    assert (tmp_path / "data" / "capeworks" / "capeworks.sqlite3").is_file()
    # the same file named by the environment is a person's typing: its folder is not made
    monkeypatch.setenv("CAPEWORKS_DATABASE_URL", f"sqlite:///{tmp_path / 'other' / 'x.db'}")
    with pytest.raises(StoreUnavailable, match="does not exist"):
        Store()
    assert not (tmp_path / "other").exists()


def test_default_url__env_var_overrides_the_user_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CAPEWORKS_DATABASE_URL", raising=False)
    assert default_url().startswith("sqlite:///") and default_url().endswith("capeworks/capeworks.sqlite3")
    monkeypatch.setenv("CAPEWORKS_DATABASE_URL", "postgresql+psycopg://u@h/db")
    assert default_url() == "postgresql+psycopg://u@h/db"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("postgresql://u:p@h:5433/db", "postgresql+psycopg://u:p@h:5433/db"),
        ("postgres://u@h/db", "postgresql+psycopg://u@h/db"),
        ("postgresql+psycopg://u@h/db", "postgresql+psycopg://u@h/db"),
        ("sqlite:///x.sqlite3", "sqlite:///x.sqlite3"),
    ],
)
def test_normalize_url__picks_psycopg_for_postgresql(given: str, expected: str) -> None:
    assert normalize_url(given) == expected


def test_public_api__all_names_exist_and_are_documented() -> None:
    for name in capeworks.store.__all__:
        obj = getattr(capeworks.store, name)
        if inspect_module.isclass(obj) or inspect_module.isfunction(obj):
            assert obj.__doc__, f"{name} has no docstring"
    assert sorted(capeworks.store.__all__) == sorted(set(capeworks.store.__all__))


def test_migration_0002__chains_existing_logs_and_marks_an_older_store(db_url: str) -> None:
    toy = Toy()
    table = Table.new(toy, seats=SEATS, seed=3, title="Before the chain")
    table.execute(Command(type="add", seat="ann", payload={"dice": 2}), dice=[4, 1])
    table.execute(Command(type="note", seat="gm", payload={"text": "älter"}))
    engine = open_engine(db_url)
    upgrade(engine, "0001")
    tables = sa.table(
        "tables", *(sa.column(c) for c in ("id", "title", "ruleset", "version")), sa.column("created_at")
    )
    events = sa.table(
        "events",
        *(sa.column(c) for c in ("table_id", "seq", "command_id", "type", "seat", "created_at")),
        sa.column("payload", sa.JSON),
    )
    now = datetime.now(UTC)
    with engine.begin() as conn:
        conn.execute(
            sa.insert(tables).values(
                id="old1", title=table.title, ruleset="toy", version=table.version, created_at=now
            )
        )
        seats = sa.table(
            "seats", *(sa.column(c) for c in ("table_id", "seat_id", "name", "role", "created_at"))
        )
        for seat in table.seats:
            conn.execute(
                sa.insert(seats).values(
                    table_id="old1", seat_id=seat.id, name=seat.name, role=seat.role.value, created_at=now
                )
            )
        for e in table.log:
            conn.execute(
                sa.insert(events).values(
                    table_id="old1", seq=e.seq, command_id=e.command_id, type=e.type, seat=e.seat,
                    payload=e.model_dump(mode="json"), created_at=now,
                )
            )  # fmt: skip
    engine.dispose()
    # an unmarked store at a capeworks revision is ours: opened, migrated, chained, marked
    with Store(db_url, resolve_ruleset=lambda name: toy) as store:
        assert current_revision(store.engine) == head_revision()
        assert store.verify("old1").events == table.version == 6  # created, seeded, 2 seats, add, note
        with store.engine.connect() as conn:
            stored = list(conn.scalars(text("SELECT hash FROM events ORDER BY seq")))
            assert conn.scalar(text("SELECT marker FROM capeworks_schema")) == "capeworks.store"
        assert stored == list(links(e.model_dump(mode="json") for e in table.log))
        assert store.load("old1").state == table.state


def test_revisions__the_shipped_list_is_alembics_own_oldest_first() -> None:
    # an open at the head reads the version with plain SQL and never imports Alembic,
    # so the list the store keeps must be exactly the migrations shipped
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    assert tuple(rev.revision for rev in reversed(list(script.walk_revisions()))) == REVISIONS
    assert script.get_current_head() == head_revision()


def test_open__a_database_at_the_head_opens_without_importing_alembic(tmp_path: Path) -> None:
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'fast.sqlite3'}"
    Store(url).close()  # created and migrated
    code = (
        "import sys; from capeworks.store import Store; "
        f"Store({url!r}).close(); print('alembic' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert out.stdout.strip() == "False"
