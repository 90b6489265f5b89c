"""The server on a full disk (issue 21, defects 1 and 2), on SQLite and PostgreSQL.

A snapshot that cannot be written never turns a written command into a 503 (a
client retrying it would apply it twice): the command answers 200, once. A
command that cannot be written answers 503 saying the disk is full and
nothing was written, and the live sockets see nothing of it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from capeworks.engine import Table, get_ruleset
from capeworks.server import create_app
from capeworks.store import Store, rows
from capeworks.store.connection import Connection
from capeworks.store.database import DISK_FULL
from tests.server.conftest import RWYN_SEATS, Seated, act, create, ok
from tests.store.conftest import PostgresServer
from tests.store.test_disk_full import driver_disk_full, fill_the_disk, snapshot_versions


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[TestClient, Store]]:
    """An app on its own store (snapshots every 5 events), SQLite or PostgreSQL."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    else:
        server: PostgresServer = request.getfixturevalue("postgres_server")
        url = server.new_database()
    with Store(url, snapshot_every=5) as store:
        client = TestClient(
            create_app(store=store, front_end=False, commands_per_second=1000.0, command_burst=1000)
        )
        with client:
            yield client, store


def test_a_snapshot_the_disk_cannot_take__leaves_every_command_answered_once(
    served: tuple[TestClient, Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, store = served
    asked: list[int] = []

    def full(connection: Connection, table_id: str, version: int, state: dict[str, Any]) -> None:
        asked.append(version)
        raise driver_disk_full(connection.dialect)

    table = create(client, "rwyn", RWYN_SEATS)
    monkeypatch.setattr(rows, "insert_snapshot", full)
    with client.websocket_connect(f"/api/tables/{table.id}/ws", headers=table.auth("gm")) as ws:
        ws.receive_json(), ws.receive_json()
        versions = [
            ok(client, table, "gm", "add_character", id=f"c{n}", sample="rook", owner="bo")["version"]
            for n in range(6)
        ]
        # four events at creation, then one a command: 5 and 10 were crossed, each snapshot refused
        assert versions == list(range(5, 11)) and asked == [5, 10]
        seen = 4
        while seen < 10:
            entries, state = ws.receive_json(), ws.receive_json()
            assert [e["seq"] for e in entries["entries"]] == list(range(seen + 1, state["version"] + 1))
            seen = state["version"]
    assert snapshot_versions(store, table.id) == []
    log = store.log(table.id)
    assert [e.seq for e in log] == list(range(1, 11))
    assert store.load(table.id).state == Table(get_ruleset("rwyn"), log).state


def test_a_command_on_a_full_disk__is_a_503_that_says_so_and_writes_nothing(
    served: tuple[TestClient, Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, store = served
    table: Seated = create(client, "rwyn", RWYN_SEATS)
    ok(client, table, "gm", "add_character", id="ada", sample="ada", owner="ann")
    free = fill_the_disk(store)
    # SQLite fills the pages it has first; PostgreSQL refuses the first event
    for n in range(2000):
        refused = act(client, table, "gm", "gm_note", text=f"a long note to fill the page {n} " * 8)
        if refused.status_code != 200:
            break
    assert refused.status_code == 503, refused.text
    assert refused.json()["message"] == DISK_FULL
    version = store.record(table.id).version
    assert [e.seq for e in store.log(table.id)] == list(range(1, version + 1))
    free()
    # space freed: the retry is written once
    assert ok(client, table, "gm", "gm_note", text="written after")["version"] == version + 1
    assert [e.seq for e in store.log(table.id)] == list(range(1, version + 2))
