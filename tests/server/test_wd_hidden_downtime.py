"""A hidden NPC's downtime through the real server: the player's REST view, log and socket frames never
carry its slots or bonus-slot dice; the GM's do (WD-NPC-003)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tests.server.conftest import Seated, create, ok
from tests.server.test_ws import update, url

SEATS = [{"id": "gm", "name": "Gail", "role": "gm"}, {"id": "ann", "name": "Ann", "role": "player"}]


def _frames(client: TestClient, table: Seated, seat: str, ws: WebSocketTestSession, since: int) -> str:
    """Every socket message a seat was sent after version ``since``, up to the table's version now."""
    final = client.get(f"/api/tables/{table.id}", headers=table.auth(seat)).json()["version"]
    out: list[dict[str, Any]] = []
    while since < final:
        entries, state = update(ws)
        since = entries["version"]
        out += [entries, state]
    return json.dumps(out)


@pytest.mark.rules("WD-NPC-003", "WD-DT-002", "WD-MORALE-007")
def test_a_hidden_npcs_downtime_reaches_the_gms_socket_and_rest_alone(client: TestClient) -> None:
    table = create(client, "weaverdice", SEATS, title="Quiet week")
    ada = {"id": "ada", "name": "Ada", "tier": "pc"}
    boss = {"id": "boss", "name": "Boss", "tier": "notable"}
    ok(client, table, "gm", "add_character", sheet=ada, owner="ann")
    ok(client, table, "gm", "add_character", sheet=boss, hidden=True, morale=3)
    with (
        client.websocket_connect(url(table), headers=table.auth("ann")) as ann_ws,
        client.websocket_connect(url(table), headers=table.auth("gm")) as gm_ws,
    ):
        since = {"ann": update(ann_ws)[0]["version"], "gm": update(gm_ws)[0]["version"]}
        ok(client, table, "gm", "start_downtime", [6, 2, 2, 2, 2], characters=["ada", "boss"], slots=2)
        ok(client, table, "gm", "downtime_action", character="boss", action="work_or_school")
        ann = _frames(client, table, "ann", ann_ws, since["ann"])
        gm = _frames(client, table, "gm", gm_ws, since["gm"])
    assert "Ada: 2 slots" in ann and "Ada: 2 slots" in gm
    for secret in ('"boss": {"total"', "bonus slot boss", "[6, 2, 2, 2, 2]", "work or school", "3/3 +bonus"):
        assert secret not in ann, secret
        assert secret in gm or secret == "[6, 2, 2, 2, 2]", secret
    for seat, shown in (("ann", False), ("gm", True)):
        rest = client.get(f"/api/tables/{table.id}", headers=table.auth(seat)).json()
        assert ("boss" in rest["view"]["campaign"]["phase"]["slots"]) is shown
        log = client.get(f"/api/tables/{table.id}/log", headers=table.auth(seat)).json()["entries"]
        assert any("Boss rolls 6, 2, 2, 2, 2" in e["text"] for e in log) is shown
