"""`capeworks table verify`, export and import through the real CLI, on SQLite and PostgreSQL (issue 8)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, select, update
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.engine import registry
from capeworks.store.models import EVENTS
from tests.engine.toy import Toy

runner = CliRunner()


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    registry.register(Toy())
    yield
    registry.unregister("toy")


def cli(db: str, *args: str, code: int = 0) -> Any:
    result = runner.invoke(app, ["table", *args, "--db", db])
    assert result.exit_code == code, result.output
    return result


def _played(db: str) -> str:
    """created, seeded, 2 seats, add (dice 1,1), note: 6 events."""
    created = json.loads(
        cli(db, "new", "toy", "--seat", "gm:GM:gm", "--seat", "ann:Ann", "--seed", "2", "--json").stdout
    )
    cli(db, "do", created["id"], "ann", "add", "dice=2", "--dice", "1,1")
    cli(db, "do", created["id"], "gm", "note", "text=the vault code")
    table_id: str = created["id"]
    return table_id


def test_verify__an_intact_table(db_url: str) -> None:
    table_id = _played(db_url)
    report = json.loads(cli(db_url, "verify", table_id, "--json").stdout)
    assert report["id"] == table_id and report["events"] == 6
    assert len(report["head"]) == 64 and report["snapshots"] == report["stale_snapshots"] == 0
    text = " ".join(cli(db_url, "verify", table_id).stdout.split())
    assert (
        f"Table {table_id} is intact: 6 events, each matching its hash (chain head {report['head'][:16]}…)"
        in text
    )


def test_verify__a_success_edited_into_the_log_is_named(db_url: str) -> None:
    # issue 8: "a failed check made a success" was accepted; the log and the snapshot then disagreed
    table_id = _played(db_url)
    engine = create_engine(db_url)
    with engine.begin() as conn:
        payload = dict(
            conn.scalar(select(EVENTS.c.payload).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == 5))
        )
        payload["rolls"][0]["faces"] = [6, 6]
        payload["data"]["amount"] = 12
        conn.execute(
            update(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == 5).values(payload=payload)
        )
    engine.dispose()
    for args in (["verify", table_id], ["show", table_id, "--gm"], ["export", table_id]):
        result = cli(db_url, *args, code=2)
        assert "Traceback" not in result.output and result.stderr.count("Error:") == 1
        assert f"Event 5 of table '{table_id}' does not match its hash" in " ".join(result.stderr.split())
    error = json.loads(cli(db_url, "verify", table_id, "--json", code=2).stdout)
    assert error["error"] == "store_unavailable" and "Event 5" in error["message"]


def test_export_import__the_chain_travels_and_a_tampered_file_is_refused(db_url: str, tmp_path: Path) -> None:
    table_id = _played(db_url)
    path = tmp_path / "table.json"
    cli(db_url, "export", table_id, "-o", str(path))
    doc = json.loads(path.read_text())
    assert doc["version"] == 2 and len(doc["chain"]) == len(doc["log"]) == 6
    other = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    copy = json.loads(cli(other, "import", str(path), "--json").stdout)["id"]
    assert json.loads(cli(other, "verify", copy, "--json").stdout)["head"] == doc["chain"][-1]
    doc["log"][4]["rolls"][0]["faces"] = [6, 6]
    path.write_text(json.dumps(doc))
    result = cli(other, "import", str(path), code=2)
    assert "Event 5 of the export does not match its hash" in " ".join(result.stderr.split())
    assert [t["id"] for t in json.loads(cli(other, "list", "--json").stdout)] == [copy]
