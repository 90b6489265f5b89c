"""Security: what a player, a stranger or an old link can reach, over REST and WebSocket.

Every refusal is a 4xx with a sentence and changes nothing; no player ever
receives an event addressed to the GM alone, or the GM's secret text.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from capeworks.engine import Viewer, get_ruleset
from capeworks.store import Store
from tests.server.conftest import RWYN_SEATS, SECRET, Seated, act, create, ok


def play_sample(client: TestClient, table: Seated) -> None:
    """The whole RWYN sample session, each step by its own seat's token."""
    session = get_ruleset("rwyn").sample_session()
    assert session is not None
    for step in session.steps:
        ok(
            client,
            table,
            step.command.seat,
            step.command.type,
            list(step.dice) if step.dice else None,
            **step.command.payload,
        )


def gm_only_seqs(store: Store, table: Seated, seat: str) -> set[int]:
    """The events this seat may not see, by the engine's own audience rule."""
    viewer = Viewer(seat=seat, is_gm=False)
    return {e.seq for e in store.log(table.id) if not e.audience.admits(viewer)}


def everything_over_rest(client: TestClient, table: Seated, seat: str) -> str:
    base = f"/api/tables/{table.id}"
    answers = [
        client.get(base, headers=table.auth(seat)),
        client.get(f"{base}/log", headers=table.auth(seat)),
        client.get(f"{base}/log?since=3&limit=5", headers=table.auth(seat)),
        client.get(f"{base}/export", headers=table.auth(seat)),
        client.get(f"{base}/commands/gm_note/schema", headers=table.auth(seat)),
    ]
    return json.dumps([a.json() for a in answers])


def test_player_reading_gm_events__rest(client: TestClient, rwyn: Seated, store: Store) -> None:
    play_sample(client, rwyn)
    assert SECRET in everything_over_rest(client, rwyn, "gm")
    for seat in ("ann", "bo"):
        hidden = gm_only_seqs(store, rwyn, seat)
        assert hidden  # the seed-free table still has the GM's note
        seen = everything_over_rest(client, rwyn, seat)
        assert SECRET not in seen
        log = client.get(f"/api/tables/{rwyn.id}/log", headers=rwyn.auth(seat)).json()["entries"]
        assert not hidden & {e["seq"] for e in log}
        assert not any(e["parts"]["hidden"] for e in log if e["seq"] in hidden)


def test_player_reading_gm_events__websocket(client: TestClient, rwyn: Seated, store: Store) -> None:
    with client.websocket_connect(f"/api/tables/{rwyn.id}/ws", headers=rwyn.auth("ann")) as ws:
        ws.receive_json(), ws.receive_json()
        play_sample(client, rwyn)
        # the version as Ann knows it (Table.seen_version): a GM note at the end would not move it
        final = client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth("ann")).json()["version"]
        messages: list[dict[str, Any]] = []
        while not messages or messages[-1].get("version") != final or messages[-1]["type"] != "state":
            messages.append(ws.receive_json())
    text = json.dumps(messages)
    assert SECRET not in text
    seqs = [e["seq"] for m in messages if m["type"] == "entries" for e in m["entries"]]
    assert not gm_only_seqs(store, rwyn, "ann") & set(seqs)
    assert len(seqs) == len(set(seqs)) and seqs == sorted(seqs)


def test_player_reading_gm_events__websocket_updates(client: TestClient, rwyn: Seated, store: Store) -> None:
    """The same over a socket that takes ``update`` messages (``?delta=1``, the page's): its changes
    carry no GM event and no secret, and they end at the player's own projection."""
    from capeworks.server.delta import apply_changes

    with client.websocket_connect(f"/api/tables/{rwyn.id}/ws?delta=1", headers=rwyn.auth("ann")) as ws:
        ws.receive_json()
        state = {k: v for k, v in ws.receive_json().items() if k != "type"}
        play_sample(client, rwyn)
        # the version as Ann knows it (Table.seen_version): a GM note at the end would not move it
        final = client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth("ann")).json()["version"]
        messages: list[dict[str, Any]] = []
        while state["version"] != final:
            messages.append(ws.receive_json())
            assert messages[-1]["type"] == "update"
            state = apply_changes(state, messages[-1]["changes"])
    assert SECRET not in json.dumps(messages)
    seqs = [e["seq"] for m in messages for e in m["entries"]]
    assert not gm_only_seqs(store, rwyn, "ann") & set(seqs)
    assert len(seqs) == len(set(seqs)) and seqs == sorted(seqs)
    assert state == client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth("ann")).json()


def test_acting_for_another_seats_character__refused_and_nothing_written(
    client: TestClient, rwyn: Seated, store: Store
) -> None:
    ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
    ok(
        client,
        rwyn,
        "gm",
        "call_check",
        character="ada",
        ability="Science",
        difficulty=5,
        task="crack the vault",
    )
    version = store.record(rwyn.id).version
    # Bo rolls the check the GM called for Ann's Ada
    stolen = act(client, rwyn, "bo", "check", [6, 6, 6], call=1)
    assert stolen.status_code == 403 and stolen.json()["error"] == "not_permitted"
    # a body cannot name another seat: the acting seat is always the token's
    posing = client.post(
        f"/api/tables/{rwyn.id}/commands",
        json={"type": "check", "seat": "ann", "payload": {"call": 1}},
        headers=rwyn.auth("bo"),
    )
    assert posing.status_code == 422 and posing.json()["field"] == "seat"
    assert store.record(rwyn.id).version == version


def test_reaching_another_table__reads_like_no_table(client: TestClient, rwyn: Seated) -> None:
    other = create(client, "rwyn", RWYN_SEATS)
    mine = rwyn.auth("gm")
    paths = [f"/api/tables/{other.id}", f"/api/tables/{other.id}/log", f"/api/tables/{other.id}/export"]
    answers = [client.get(p, headers=mine) for p in paths]
    answers.append(client.post(f"/api/tables/{other.id}/commands", json={"type": "undo"}, headers=mine))
    answers.append(client.post(f"/api/tables/{other.id}/seats/ann/revoke", headers=mine))
    nowhere = client.get("/api/tables/nosuchtable0", headers=mine)
    assert {a.status_code for a in answers} == {401}
    assert all(a.json() == nowhere.json() for a in answers)
    # the invite cookie of one table opens only that table
    cookie = {f"cw_{rwyn.id}": rwyn.tokens["gm"]}
    assert client.get(f"/api/tables/{other.id}", cookies=cookie).status_code == 401
    with client.websocket_connect(f"/api/tables/{other.id}/ws", headers=mine) as ws:
        assert ws.receive_json()["error"] == "unauthorized"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_seated_probe__not_seated_is_a_200_that_reads_alike_for_every_stranger_and_spends_nothing(
    client: TestClient, rwyn: Seated
) -> None:
    # the table page asks whether this browser already sits here before it spends an invite link: it
    # asked GET /api/tables/{id}, whose 401 put an error in every newcomer's console
    client.cookies.clear()
    probe = f"/api/tables/{rwyn.id}/session"
    answers = [
        client.get(probe),  # no cookie
        client.get(probe, cookies={f"cw_{rwyn.id}": "x" * 43}),  # a cookie that opens nothing
        client.get(probe, cookies={f"cw_{rwyn.id}": "x" * 300}),  # an oversized one
        client.get(probe, cookies={f"cw_{rwyn.id}": rwyn.tokens["ann"]}, headers={"Accept": "*/*"}),
        client.get("/api/tables/nosuchtable0/session", cookies={"cw_nosuchtable0": rwyn.tokens["ann"]}),
        client.get(probe, headers=rwyn.auth("ann")),  # a seat token in a header is no browser's seat
    ]
    strangers, seated = answers[:3] + answers[4:], answers[3]
    assert {a.status_code for a in answers} == {200}
    assert all(a.json() == {"seated": False, "seat": None} for a in strangers)
    assert all(a.headers["cache-control"] == "no-store" for a in answers)
    assert seated.json() == {"seated": True, "seat": {"id": "ann", "name": "Ann", "role": "player"}}
    # asking spent nothing: Ann's link still seats a browser, which the probe then finds
    client.cookies.clear()
    assert client.post(probe, json={"token": rwyn.tokens["ann"]}).status_code == 200
    assert client.get(probe).json()["seat"]["id"] == "ann"
    client.cookies.clear()


def test_revoked_token__replayed_over_rest_and_websocket(
    client: TestClient, rwyn: Seated, store: Store
) -> None:
    old = rwyn.tokens["bo"]
    new = client.post(f"/api/tables/{rwyn.id}/seats/bo/revoke", headers=rwyn.auth("gm")).json()["token"]
    assert new != old
    version = store.record(rwyn.id).version
    replay = client.post(
        f"/api/tables/{rwyn.id}/commands",
        json={"type": "add_character", "payload": {"id": "rook", "sample": "rook"}},
        headers={"X-Seat-Token": old},
    )
    assert replay.status_code == 401
    assert client.post(f"/api/tables/{rwyn.id}/session", json={"token": old}).status_code == 401
    with client.websocket_connect(f"/api/tables/{rwyn.id}/ws?token={old}") as ws:
        assert ws.receive_json()["error"] == "unauthorized"
    assert store.record(rwyn.id).version == version


def test_oversized_command_payload__refused(client: TestClient, rwyn: Seated, store: Store) -> None:
    version = store.record(rwyn.id).version
    # 20 000 bytes of note: under the 64 KiB body limit, over the engine's 16 KiB command limit
    big = act(client, rwyn, "gm", "gm_note", text="x" * 20_000)
    assert big.status_code == 422 and big.json()["error"] == "limit"
    assert store.record(rwyn.id).version == version


@pytest.mark.parametrize(
    ("path", "expr", "error"),
    [
        (path, expr, error)
        for path in ("/api/dice/roll", "/api/dice/odds")
        for expr, error in [
            ("1000000d6", "limit"),
            ("10d1000000", "limit"),
            ("2d6" + "+1" * 150, "invalid_request"),
            ("d", "dice_syntax"),
            ("2d6 + )", "dice_syntax"),
        ]
    ]
    + [("/api/dice/odds", "1000d1000", "limit")],
)
def test_absurd_dice__a_sentence_not_a_hang(client: TestClient, path: str, expr: str, error: str) -> None:
    response = client.get(path, params={"expr": expr})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["error"] == error and body["message"].endswith(".")


def test_absurd_physical_dice__refused(client: TestClient, rwyn: Seated, store: Store) -> None:
    ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
    ok(
        client,
        rwyn,
        "gm",
        "call_check",
        character="ada",
        ability="Science",
        difficulty=5,
        task="crack the vault",
    )
    version = store.record(rwyn.id).version
    for dice in ([10**30, 1, 1], [7, 1, 1], [1] * 201, [-1, 2, 3]):
        response = act(client, rwyn, "ann", "check", dice, call=1)
        assert response.status_code == 422, (dice, response.text)
    assert store.record(rwyn.id).version == version
