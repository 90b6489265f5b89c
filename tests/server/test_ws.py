"""The table's WebSocket: backlog, live updates, resume without gaps or duplicates, commands, refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import SECRET, Seated, ok, play_rwyn_opening


def url(table: Seated, since: int | None = None) -> str:
    return f"/api/tables/{table.id}/ws" + (f"?since={since}" if since is not None else "")


def update(ws: WebSocketTestSession) -> tuple[dict[str, Any], dict[str, Any]]:
    """One change as the socket sends it: the entries message, then the state message."""
    entries = ws.receive_json()
    state = ws.receive_json()
    assert entries["type"] == "entries" and state["type"] == "state"
    assert state["version"] == entries["version"]
    return entries, state


def rest_log(client: TestClient, table: Seated, seat: str) -> list[dict[str, Any]]:
    return list(client.get(f"/api/tables/{table.id}/log", headers=table.auth(seat)).json()["entries"])


def test_backlog__the_seats_entries_then_its_projection(client: TestClient, rwyn: Seated) -> None:
    play_rwyn_opening(client, rwyn)
    with client.websocket_connect(url(rwyn), headers=rwyn.auth("ann")) as ws:
        entries, state = update(ws)
    assert entries["entries"] == rest_log(client, rwyn, "ann")
    rest = client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth("ann")).json()
    assert {k: v for k, v in state.items() if k != "type"} == rest
    assert SECRET not in json.dumps([entries, state])


def test_live__every_seat_sees_each_change_once_and_in_order(client: TestClient, rwyn: Seated) -> None:
    with (
        client.websocket_connect(url(rwyn), headers=rwyn.auth("ann")) as ann,
        client.websocket_connect(url(rwyn), headers=rwyn.auth("gm")) as gm,
    ):
        seen: dict[str, list[int]] = {"ann": [], "gm": []}
        for name, ws in (("ann", ann), ("gm", gm)):
            backlog, _ = update(ws)
            seen[name] += [e["seq"] for e in backlog["entries"]]
        ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
        ok(client, rwyn, "gm", "gm_note", text=SECRET)
        ok(client, rwyn, "bo", "add_character", id="rook", sample="rook")
        texts: dict[str, str] = {"ann": "", "gm": ""}
        for name, ws in (("ann", ann), ("gm", gm)):
            version = 0
            while version < 7:  # 4 at creation (created, 3 seats) + 3 commands
                entries, state = update(ws)
                version = entries["version"]
                seen[name] += [e["seq"] for e in entries["entries"]]
                texts[name] += json.dumps([entries, state])
    # the GM sees all 7 events; Ann all but the GM's note (#6)
    assert seen["gm"] == [1, 2, 3, 4, 5, 6, 7]
    assert seen["ann"] == [1, 2, 3, 4, 5, 7]
    assert SECRET in texts["gm"] and SECRET not in texts["ann"]


def test_resume__since_gives_exactly_what_was_missed(client: TestClient, rwyn: Seated) -> None:
    got: list[int] = []
    with client.websocket_connect(url(rwyn, 0), headers=rwyn.auth("ann")) as ws:
        entries, _ = update(ws)
        got += [e["seq"] for e in entries["entries"]]
        last = entries["version"]
    play_rwyn_opening(client, rwyn)
    with client.websocket_connect(url(rwyn, last), headers=rwyn.auth("ann")) as ws:
        entries, _ = update(ws)
        got += [e["seq"] for e in entries["entries"]]
        last = entries["version"]
    ok(client, rwyn, "gm", "complications", check=1, texts="the alarm trips")
    with client.websocket_connect(url(rwyn, last), headers=rwyn.auth("ann")) as ws:
        entries, _ = update(ws)
        got += [e["seq"] for e in entries["entries"]]
    assert got == [e["seq"] for e in rest_log(client, rwyn, "ann")]
    assert len(got) == len(set(got))


def test_commands__over_the_socket_with_ack_and_error(client: TestClient, rwyn: Seated) -> None:
    with client.websocket_connect(url(rwyn), headers=rwyn.auth("gm")) as ws:
        update(ws)
        ws.send_json(
            {
                "type": "command",
                "ref": "c1",
                "command": {
                    "type": "add_character",
                    "payload": {"id": "ada", "sample": "ada", "owner": "ann"},
                },
            }
        )
        messages = [ws.receive_json() for _ in range(3)]
        ack = next(m for m in messages if m["type"] == "ack")
        assert ack == {"type": "ack", "ref": "c1", "version": 5}
        entries = next(m for m in messages if m["type"] == "entries")
        assert [e["seq"] for e in entries["entries"]] == [5]
        ws.send_json({"type": "command", "ref": 2, "command": {"type": "fly", "payload": {}}})
        error = ws.receive_json()
        assert error["type"] == "error" and error["ref"] == 2 and error["error"] == "invalid_command"
        ws.send_text("{not json")
        assert ws.receive_json()["error"] == "invalid_command"
        ws.send_json({"type": "command", "command": {"type": "x", "seat": "ann"}})
        assert "seat" in ws.receive_json()["message"]
        ws.send_json({"type": "ping", "ref": "p"})
        assert ws.receive_json() == {"type": "pong", "ref": "p"}


def refused(client: TestClient, path: str, **kwargs: Any) -> tuple[dict[str, Any], int]:
    with client.websocket_connect(path, **kwargs) as ws:
        message = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    return message, closed.value.code


def test_handshake__refusals(client: TestClient, rwyn: Seated) -> None:
    message, code = refused(client, url(rwyn))
    assert code == 4401 and message["error"] == "unauthorized"
    stranger, code = refused(client, "/api/tables/nosuchtable/ws", headers=rwyn.auth("ann"))
    bad_token, _ = refused(client, url(rwyn), headers={"X-Seat-Token": "guess"})
    # no such table and a wrong token read the same
    assert code == 4401 and stranger == bad_token
    # past the table's version: the GM is refused; a player resumes from it (test_seen_version.py)
    message, code = refused(client, url(rwyn, 99), headers=rwyn.auth("gm"))
    assert code == 4400 and message["field"] == "since"
    message, code = refused(client, f"/api/tables/{rwyn.id}/ws?since=-1", headers=rwyn.auth("ann"))
    assert code == 4400 and message["field"] == "since"
    message, code = refused(client, url(rwyn), headers={**rwyn.auth("ann"), "origin": "https://evil.example"})
    assert code == 4403


def test_token__by_query_or_cookie(client: TestClient, rwyn: Seated) -> None:
    with client.websocket_connect(url(rwyn) + f"?token={rwyn.tokens['bo']}") as ws:
        assert update(ws)[1]["me"]["id"] == "bo"
    client.cookies.set(f"cw_{rwyn.id}", rwyn.tokens["ann"])
    with client.websocket_connect(url(rwyn)) as ws:
        assert update(ws)[1]["me"]["id"] == "ann"


def test_revoke__closes_the_seats_open_socket(client: TestClient, rwyn: Seated) -> None:
    with client.websocket_connect(url(rwyn), headers=rwyn.auth("bo")) as ws:
        update(ws)
        response = client.post(f"/api/tables/{rwyn.id}/seats/bo/revoke", headers=rwyn.auth("gm"))
        assert response.status_code == 200
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 4401
    _message, code = refused(client, url(rwyn), headers=rwyn.auth("bo"))
    assert code == 4401


def test_binary_and_oversized_messages(make_client: Any, rwyn: Seated) -> None:
    client = make_client(max_body_bytes=2000)
    with client.websocket_connect(url(rwyn), headers=rwyn.auth("gm")) as ws:
        update(ws)
        ws.send_bytes(b'{"type": "ping"}')
        assert ws.receive_json() == {"type": "pong", "ref": None}
        ws.send_text('{"type": "ping", "pad": "' + "x" * 3000 + '"}')
        assert ws.receive_json()["error"] == "too_large"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009
