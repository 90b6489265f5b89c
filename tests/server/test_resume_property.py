"""Property: however commands and reconnects interleave, a seat's socket streams its log once, in order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.conftest import RWYN_SEATS, create, ok

STEPS = st.lists(
    st.sampled_from(["public", "secret", "reconnect", "undo"]),
    min_size=1,
    max_size=12,
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_resume__no_gaps_no_duplicates(make_client: Callable[..., TestClient], steps: list[str]) -> None:
    client = make_client(commands_per_second=1000.0, command_burst=1000)
    table = create(client, "rwyn", RWYN_SEATS)
    got: list[dict[str, Any]] = []
    version = 0
    n = 0

    def follow(ws: Any, until: int) -> int:
        seen = -1
        while seen < until:
            message = ws.receive_json()
            if message["type"] == "entries":
                got.extend(message["entries"])
                seen = message["version"]
        ws.receive_json()  # the state after it
        return seen

    ws_cm = client.websocket_connect(f"/api/tables/{table.id}/ws?since=0", headers=table.auth("ann"))
    ws = ws_cm.__enter__()
    version = follow(ws, 4)
    try:
        for step in steps:
            if step == "reconnect":
                ws_cm.__exit__(None, None, None)
                ws_cm = client.websocket_connect(
                    f"/api/tables/{table.id}/ws?since={version}", headers=table.auth("ann")
                )
                ws = ws_cm.__enter__()
                version = follow(ws, version)
                continue
            n += 1
            if step == "public":
                ok(client, table, "gm", "add_character", id=f"c{n}", sample="rook", owner="bo")
            elif step == "secret":
                ok(client, table, "gm", "gm_note", text=f"secret {n}")
            else:
                response = client.post(
                    f"/api/tables/{table.id}/commands", json={"type": "undo"}, headers=table.auth("gm")
                )
                if response.status_code != 200:
                    continue  # nothing to undo yet
            # Ann's socket goes as far as the version she knows (Table.seen_version): a GM note moves it
            # not at all and sends her nothing, so she is followed only when it moved
            known = client.get(f"/api/tables/{table.id}", headers=table.auth("ann")).json()["version"]
            if known > version:
                version = follow(ws, known)
    finally:
        ws_cm.__exit__(None, None, None)
    log = client.get(f"/api/tables/{table.id}/log", headers=table.auth("ann")).json()["entries"]
    # entries are streamed as they were when sent; the log reports 'undone' as of now
    assert [e["seq"] for e in got] == [e["seq"] for e in log]
    assert [{**e, "undone": None} for e in got] == [{**e, "undone": None} for e in log]
    assert not any("secret" in e["text"] for e in got)
