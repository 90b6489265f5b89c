"""`capeworks serve` as a real process: demo tables with working links, then the API over uvicorn."""

from __future__ import annotations

import json
import signal
import socket
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
    assert invite.startswith(f"{served.base}/t/{rwyn['id']}#join=")
    token = invite.split("#join=")[1]
    with httpx.Client() as client:
        me = client.get(f"{served.base}/api/tables/{rwyn['id']}", headers={"X-Seat-Token": token}).json()
    # the sample's opening ends with the GM's called check: Ann's roll is waiting
    assert me["me"]["id"] == "ann"
    assert [p["seat"] for p in me["prompts"]] == ["ann"]
    with connect(f"{served.ws_base}/api/tables/{rwyn['id']}/ws?token={token}") as ws:
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "entries" and first["version"] == me["version"]


def test_serve__openapi_is_published(served: ServerProcess) -> None:
    schema = httpx.get(f"{served.base}/openapi.json").json()
    assert "/api/tables/{table_id}/commands" in schema["paths"]


def test_serve__a_half_sent_request_head_is_cut_off(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'slow.sqlite3'}", log=log, extra=("--header-timeout", "2")
    ).start()
    try:
        with socket.create_connection(("127.0.0.1", server.port)) as slow:
            slow.sendall(b"GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1")
            slow.settimeout(60)  # a bound on the test, not a speed claim: the server closes after ~2 s
            assert slow.recv(1024) == b""
        # a whole request on the same server is answered as ever
        assert httpx.get(f"{server.base}/api/rulesets", timeout=60).status_code == 200
    finally:
        server.stop()
    lines = [line for line in log.read_text().splitlines() if "no complete request head" in line]
    assert len(lines) == 1 and "Traceback" not in log.read_text()


def test_serve__sigterm_closes_the_store_and_stops_the_collector(tmp_path: Path) -> None:
    """uvicorn ends the process with SIGTERM once the app has stopped, past the CLI's ``finally``:
    the store must be closed by the app's own shutdown. SQLite folds its write-ahead log back into
    the file and deletes it only when the last connection closes, so a left ``-wal`` file means the
    store was never closed."""
    db = tmp_path / "term.sqlite3"
    log = tmp_path / "serve.log"
    server = ServerProcess(f"sqlite:///{db}", log=log).start()
    try:
        made = httpx.post(
            f"{server.base}/api/tables",
            json={"ruleset": "rwyn", "seats": [{"id": "gm", "name": "Gail", "role": "gm"}]},
        )
        assert made.status_code == 201, made.text
        assert Path(f"{db}-wal").exists()  # the server holds the database open, in WAL mode
    finally:
        server.stop()
    assert server.proc is not None and server.proc.returncode == -signal.SIGTERM
    assert not Path(f"{db}-wal").exists()
    assert log.read_text().splitlines()[-1] == "capeworks serve stopped; the database is closed."
