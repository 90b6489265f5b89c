"""A hidden NPC's Dodge through the real server (issue 19): REST and WebSocket, both seats.

The player's projection, log and socket messages carry the NPC's total and
whether the dodge held, never its die or modifier; the GM's carry the whole
roll. Played over the REST API as the browser plays it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Seated, create, ok
from tests.server.test_ws import update, url

SEATS = [{"id": "gm", "name": "Gail", "role": "gm"}, {"id": "ann", "name": "Ann", "role": "player"}]


def _texts(client: TestClient, table: Seated, seat: str) -> list[str]:
    log = client.get(f"/api/tables/{table.id}/log", headers=table.auth(seat)).json()["entries"]
    return [e["text"] for e in log]


@pytest.mark.rules("WD-NPC-003", "WD-COMBAT-019", "WD-COMBAT-020")
def test_hidden_npcs_dodge__the_players_rest_and_socket_carry_its_total_the_gms_its_roll(
    client: TestClient,
) -> None:
    table = create(client, "weaverdice", SEATS, title="Dock fight")
    vic = {"id": "vic", "name": "Vic", "tier": "pc", "stats": {"athletics": 3}}
    brute = {"id": "brute", "name": "Brute", "tier": "notable", "stats": {"athletics": 5}}
    ok(client, table, "gm", "add_character", sheet=vic, owner="ann")
    ok(client, table, "gm", "add_character", sheet=brute, hidden=True)
    ok(client, table, "gm", "start_combat", [6, 1])
    with (
        client.websocket_connect(url(table), headers=table.auth("ann")) as ann_ws,
        client.websocket_connect(url(table), headers=table.auth("gm")) as gm_ws,
    ):
        backlog = {"ann": update(ann_ws)[0]["version"], "gm": update(gm_ws)[0]["version"]}
        ok(client, table, "ann", "attack", [4], character="vic", target="brute")
        ok(client, table, "gm", "answer", [1, 1], prompt="react-brute", option="dodge")
        pushed: dict[str, list[dict[str, Any]]] = {"ann": [], "gm": []}
        for name, ws in (("ann", ann_ws), ("gm", gm_ws)):
            version = backlog[name]
            final = client.get(f"/api/tables/{table.id}", headers=table.auth(name)).json()["version"]
            while version < final:
                entries, state = update(ws)
                version = entries["version"]
                pushed[name] += [entries, state]
    ann_texts, gm_texts = _texts(client, table, "ann"), _texts(client, table, "gm")
    assert "Brute tries to dodge: 3; Brute fails to dodge." in ann_texts
    assert "Brute tries to dodge: [1] +2 = 3; 3 vs 4+: failure; Brute fails to dodge." in gm_texts
    ann_pushed = json.dumps(pushed["ann"])
    assert "Brute tries to dodge: 3; Brute fails to dodge." in ann_pushed
    assert "[1] +2" not in ann_pushed and '"purpose": "dodge"' not in ann_pushed
    assert '"modifier": 2' not in ann_pushed
    assert "[1] +2 = 3" in json.dumps(pushed["gm"]) and '"purpose": "dodge"' in json.dumps(pushed["gm"])
    rest = client.get(f"/api/tables/{table.id}", headers=table.auth("ann")).json()
    assert "brute" not in rest["view"]["sheets"] and "brute" not in rest["view"]["last_check"]
