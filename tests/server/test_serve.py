"""`capeworks serve` as a real process: demo tables with working links, then the API over uvicorn."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.processes import ServerProcess


@pytest.fixture
def served(tmp_path: Path) -> Iterator[ServerProcess]:
    server = ServerProcess(f"sqlite:///{tmp_path / 'serve.sqlite3'}", demo=True).start()
    try:
        yield server
    finally:
        server.stop()


def test_serve__demo_tables_with_gm_and_player_links(served: ServerProcess) -> None:
    tables = {t["ruleset"]: t for t in served.started["tables"]}
    assert {"rwyn", "capes"} <= set(tables)
    rwyn = tables["rwyn"]
    assert rwyn["seats"][0]["role"] == "gm"
    ann = next(s for s in rwyn["seats"] if s["id"] == "ann")
    invite = ann["invite"].replace("localhost", "127.0.0.1")
    with httpx.Client() as client:
        opened = client.get(invite, follow_redirects=False)
        assert opened.status_code == 303 and opened.headers["location"] == f"/t/{rwyn['id']}"
        me = client.get(f"{served.base}/api/tables/{rwyn['id']}", cookies=opened.cookies).json()
    # the sample's opening ends with the GM's called check: Ann's roll is waiting
    assert me["me"]["id"] == "ann"
    assert [p["seat"] for p in me["prompts"]] == ["ann"]
    token = invite.split("token=")[1]
    with connect(f"{served.ws_base}/api/tables/{rwyn['id']}/ws?token={token}") as ws:
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "entries" and first["version"] == me["version"]


def test_serve__openapi_is_published(served: ServerProcess) -> None:
    schema = httpx.get(f"{served.base}/openapi.json").json()
    assert "/api/tables/{table_id}/commands" in schema["paths"]
