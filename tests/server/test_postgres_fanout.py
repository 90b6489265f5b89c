"""Several server processes behind one PostgreSQL: LISTEN/NOTIFY carries every change to every socket.

Two real ``capeworks serve`` processes share a throwaway PostgreSQL; a
WebSocket client on each sees every change made through either, in order,
once. The periodic re-read is set to an hour, so only a notification can
carry a change from one process to the other within the test.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.server.conftest import RWYN_SEATS, SECRET
from tests.server.processes import ServerProcess
from tests.store.conftest import PostgresServer

pytestmark = pytest.mark.postgres

HOUR = 3600.0


@pytest.fixture
def two_servers(
    postgres_server: PostgresServer, tmp_path: Path
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    url = postgres_server.new_database()
    first = ServerProcess(url, poll_seconds=HOUR, log=tmp_path / "a.log").start()
    second = ServerProcess(url, poll_seconds=HOUR, log=tmp_path / "b.log")
    try:
        second.start()
        yield first, second
    finally:
        second.stop()
        first.stop()


def until_version(ws: ClientConnection, version: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Read entries and state messages until the socket has reached ``version``."""
    got: list[dict[str, Any]] = []
    state: dict[str, Any] = {}
    while state.get("version", -1) < version:
        message = json.loads(ws.recv(timeout=30))
        if message["type"] == "entries":
            got += message["entries"]
        elif message["type"] == "state":
            state = message
    return got, state


def test_two_processes__a_socket_on_each_sees_every_change(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_servers
    created = httpx.post(f"{a.base}/api/tables", json={"ruleset": "rwyn", "seats": RWYN_SEATS}).json()
    table = created["id"]
    token = {s["id"]: s["token"] for s in created["seats"]}

    def act(
        server: ServerProcess, seat: str, type: str, dice: list[int] | None = None, **payload: Any
    ) -> int:
        body: dict[str, Any] = {"type": type, "payload": payload} | ({"dice": dice} if dice else {})
        response = httpx.post(
            f"{server.base}/api/tables/{table}/commands", json=body, headers={"X-Seat-Token": token[seat]}
        )
        assert response.status_code == 200, response.text
        return int(response.json()["version"])

    with (
        connect(f"{a.ws_base}/api/tables/{table}/ws?token={token['ann']}") as ann_on_a,
        connect(f"{b.ws_base}/api/tables/{table}/ws?token={token['gm']}") as gm_on_b,
    ):
        until_version(ann_on_a, 4)
        until_version(gm_on_b, 4)
        act(a, "gm", "add_character", id="ada", sample="ada", owner="ann")
        act(b, "bo", "add_character", id="rook", sample="rook")
        act(a, "gm", "gm_note", text=SECRET)
        act(b, "gm", "call_check", character="ada", ability="Science", difficulty=5, task="crack the vault")
        last = act(a, "ann", "check", [6, 5, 2], call=1)
        ann_seen, ann_state = until_version(ann_on_a, last)
        gm_seen, gm_state = until_version(gm_on_b, last)
        revoked = httpx.post(
            f"{a.base}/api/tables/{table}/seats/gm/revoke", headers={"X-Seat-Token": token["gm"]}
        )
        assert revoked.status_code == 200
        # the GM's socket lives on the other process: the notification closes it there too
        with pytest.raises(Exception) as closed:
            while True:
                gm_on_b.recv(timeout=30)
        assert getattr(closed.value, "rcvd", None) is not None and closed.value.rcvd.code == 4401  # type: ignore[attr-defined]

    gm_log = httpx.get(
        f"{b.base}/api/tables/{table}/log", headers={"X-Seat-Token": revoked.json()["token"]}
    ).json()
    ann_log = httpx.get(f"{a.base}/api/tables/{table}/log", headers={"X-Seat-Token": token["ann"]}).json()
    # the first socket saw 5..9 live; everything the seat may see, once, in order
    assert [e["seq"] for e in gm_seen] == [5, 6, 7, 8, 9]
    assert gm_seen == gm_log["entries"][4:]
    assert [e["seq"] for e in ann_seen] == [5, 6, 8, 9]  # not the GM's note (#7)
    assert ann_seen == ann_log["entries"][4:]
    assert SECRET in json.dumps(gm_seen) and SECRET not in json.dumps([ann_seen, ann_state])
    assert ann_state["version"] == gm_state["version"] == last
