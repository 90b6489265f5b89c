"""A seat's version is the version of what it sees (``Table.seen_version``): an event kept from it, the
GM's alone, moves neither its REST view, its log's version, its command answers nor its socket, so a
player cannot tell when the GM did something hidden; the GM's version counts everything."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import SECRET, Seated, ok
from tests.server.test_ws import refused, update, url


def _view(client: TestClient, table: Seated, seat: str) -> dict[str, object]:
    return dict(client.get(f"/api/tables/{table.id}", headers=table.auth(seat)).json())


def test_a_gm_only_event_moves_no_players_version_and_sends_their_socket_nothing(
    client: TestClient, rwyn: Seated
) -> None:
    ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
    with (
        client.websocket_connect(url(rwyn), headers=rwyn.auth("ann")) as ann_ws,
        client.websocket_connect(url(rwyn), headers=rwyn.auth("gm")) as gm_ws,
    ):
        ann_at, gm_at = update(ann_ws)[0]["version"], update(gm_ws)[0]["version"]
        before = _view(client, rwyn, "ann")
        # the GM's secret note: an event for the GM alone
        note = ok(client, rwyn, "gm", "gm_note", text=SECRET)
        assert update(gm_ws)[0]["version"] == note["version"] > gm_at
        assert _view(client, rwyn, "ann") == before  # version and all: nothing Ann sees moved
        log = client.get(f"/api/tables/{rwyn.id}/log?since={ann_at}", headers=rwyn.auth("ann")).json()
        assert (log["version"], log["entries"]) == (ann_at, [])
        # then something Ann sees: it is the next message her socket gets (none came for the note)
        rook = ok(client, rwyn, "bo", "add_character", id="rook", sample="rook")
        entries, state = update(ann_ws)
        assert [e["seq"] for e in entries["entries"]] == [e["seq"] for e in rook["entries"]]
        assert entries["version"] == state["version"] == _view(client, rwyn, "ann")["version"]
        # a player's command answers with the version as that player knows it, which the socket reaches
        assert rook["version"] == _view(client, rwyn, "bo")["version"]


def test_a_players_resume_past_her_version_is_her_backlog_and_no_refusal_names_the_tables_version(
    client: TestClient, rwyn: Seated
) -> None:
    ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
    ann_at = _view(client, rwyn, "ann")["version"]
    ok(client, rwyn, "gm", "gm_note", text=SECRET)
    table_at = ok(client, rwyn, "gm", "gm_note", text=SECRET)["version"]
    assert isinstance(ann_at, int) and table_at == ann_at + 2
    # every since past what Ann knows reads alike (a refusal above the table's version would tell it)
    for since in (ann_at + 1, table_at, table_at + 1, 10**9):
        with client.websocket_connect(url(rwyn, since), headers=rwyn.auth("ann")) as ws:
            entries, state = update(ws)
        assert (entries["entries"], state["version"]) == ([], ann_at)
    message, code = refused(client, f"/api/tables/{rwyn.id}/ws?since=x", headers=rwyn.auth("ann"))
    assert code == 4400 and str(table_at) not in message["message"]
    # the GM knows the table's version: past it is refused, and the refusal says it
    message, code = refused(client, url(rwyn, table_at + 1), headers=rwyn.auth("gm"))
    assert code == 4400 and f"between 0 and {table_at}" in message["message"]
