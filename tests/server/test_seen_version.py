"""A seat's version is the version of what it sees (``Table.seen_version``): an event kept from it, the
GM's alone, moves neither its REST view, its log's version, its command answers nor its socket, so a
player cannot tell when the GM did something hidden; the GM's version counts everything. Nor does a
catch-up: a socket behind (or a feed started again) is caught up only on a change its seat sees."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from capeworks.engine import Seat, Table
from capeworks.errors import StoreUnavailable
from capeworks.server.feed import QUEUE_SIZE, Feed, SeatUpdate, Subscription, Update
from capeworks.server.ws import _Connection
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


class _Recorder:
    """A socket that keeps what it is sent."""

    def __init__(self) -> None:
        self.scope: dict[str, Any] = {}
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))


def test_a_player_socket_behind_is_not_caught_up_by_a_gm_only_event_but_by_the_next_it_sees(
    client: TestClient, rwyn: Seated
) -> None:
    tables = client.app.state.tables  # type: ignore[attr-defined]
    ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
    behind = _view(client, rwyn, "gm")["version"]
    # Ann's socket missed Rook's arrival (it fell behind, e.g. its queue was dropped)
    rook = ok(client, rwyn, "bo", "add_character", id="rook", sample="rook")
    assert isinstance(behind, int)
    conn = _Connection(_Recorder(), tables, rwyn.id, Seat(id="ann", name="Ann"), behind)  # type: ignore[arg-type]
    sent: list[dict[str, Any]] = conn.ws.sent  # type: ignore[attr-defined]
    # then the GM's secret note: the feed's share for Ann is quiet, and it reaches her socket behind
    note = ok(client, rwyn, "gm", "gm_note", text=SECRET)["version"]
    asyncio.run(conn.apply(Update(note - 1, note, {"ann": SeatUpdate([], {}, (), quiet=True)})))
    assert sent == []  # no catch-up at the moment the GM did something hidden
    # the next change she sees catches her up, Rook's arrival with it
    seen = ok(client, rwyn, "gm", "add_character", id="twin", sample="ada", owner="bo")["version"]
    asyncio.run(conn.apply(Update(note, seen, {"ann": SeatUpdate([], {}, ("x", "y"))})))
    assert [m["type"] for m in sent] == ["entries", "state"]
    assert {e["seq"] for e in rook["entries"]} <= {e["seq"] for e in sent[0]["entries"]}
    assert SECRET not in json.dumps(sent)


def test_a_change_a_player_sees_nothing_of_never_overflows_her_queue_into_a_catch_up() -> None:
    sub = Subscription("t", Seat(id="ann", name="Ann"))
    for v in range(1, QUEUE_SIZE + 1):
        sub.push(Update(v - 1, v, {"ann": SeatUpdate([], {}, ("e", "s"))}))
    # a full queue, then a GM-only event: it stretches the last update, no 'catch up' marker
    sub.push(Update(QUEUE_SIZE, QUEUE_SIZE + 1, {"ann": SeatUpdate([], {}, (), quiet=True)}))
    assert len(sub.pending) == QUEUE_SIZE
    last = sub.pending[-1]
    assert last is not None and (last.prev, last.version) == (QUEUE_SIZE - 1, QUEUE_SIZE + 1)
    assert last.seats["ann"].texts == ("e", "s")


def test_a_feed_that_starts_again_after_a_gm_only_event_sends_the_players_socket_nothing(
    client: TestClient, rwyn: Seated, monkeypatch: pytest.MonkeyPatch
) -> None:
    ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
    share = Feed._share
    failing = {"armed": False}

    def flaky(feed: Feed, table: Table, *args: Any, **kwargs: Any) -> Update | None:
        # the round that would send the note fails (the database went away): the feed starts again
        if failing["armed"] and feed.version is not None and table.version > feed.version:
            failing["armed"] = False
            raise StoreUnavailable("The database is not answering.")
        return share(feed, table, *args, **kwargs)

    monkeypatch.setattr(Feed, "_share", flaky)
    with (
        client.websocket_connect(url(rwyn), headers=rwyn.auth("ann")) as ann_ws,
        client.websocket_connect(url(rwyn), headers=rwyn.auth("gm")) as gm_ws,
    ):
        update(ann_ws), update(gm_ws)
        failing["armed"] = True
        note = ok(client, rwyn, "gm", "gm_note", text=SECRET)
        # the GM's socket catches up once the feed is back
        assert update(gm_ws)[0]["version"] == note["version"]
        assert not failing["armed"]
        rook = ok(client, rwyn, "bo", "add_character", id="rook", sample="rook")
        # Ann's next message is Rook's arrival: the feed's new start sent her nothing for the note
        entries, _ = update(ann_ws)
        assert [e["seq"] for e in entries["entries"]] == [e["seq"] for e in rook["entries"]]
