"""The socket's ``update`` messages (``?delta=1``): applied in order, they give each seat's projection.

Through the feed's own round (``Feed._share``) over whole sessions of every
kind of ruleset, with a GM and players, every version: the changes applied
to the state a seat was last sent equal the projection it would be sent in
full, as JSON text; a player's changes never carry what the GM's view alone
holds. Over a real socket: the backlog, then one ``update`` a change, with a
resume in between, ends at the server's projection and log; a GM's secret
never reaches a player's socket.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic_core import to_json

from capeworks.server.delta import apply_changes, changes
from capeworks.server.feed import Feed, Hub
from capeworks.server.projection import projection, viewer_of
from tests.engine.fanout_sessions import sessions
from tests.server.conftest import SECRET, Seated, ok, play_rwyn_opening
from tests.server.test_ws import rest_log, update, url


def _text(value: Any) -> bytes:
    return to_json(value)


@pytest.mark.parametrize("name", ["rwyn evening", "weaverdice fight", "capes page"])
def test_feed_round__every_seats_changes_give_its_full_projection_every_version(name: str) -> None:
    session = sessions()[name]()
    table = session.new()
    feed = Feed.__new__(Feed)  # the round's own state only: no event loop, no store
    Feed.__init__(feed, Hub.__new__(Hub), "t")
    seats = {s.id: s for s in table.seats}
    both = {s: (True, True) for s in seats}
    feed._share(table, seats, both)  # starts at the table as made
    # what each socket holds from its backlog, which the feed's first change is worked out against
    held = {s.id: json.loads(to_json(projection("t", table, s))) for s in table.seats}
    rounds = 0
    for played in session.play(table):
        update_ = feed._share(played, seats, both)
        assert update_ is not None
        for seat_id, share in update_.seats.items():
            seen = played.seen_version(viewer_of(seats[seat_id]))
            if share.quiet:  # nothing this seat sees changed: it is sent nothing, its version stays
                assert share.texts == () and held[seat_id]["version"] == seen
                continue
            entries_text, state_text, delta_text = share.texts
            full = json.loads(state_text)
            del full["type"]
            message = json.loads(delta_text)
            assert message["type"] == "update" and message["version"] == full["version"] == seen
            assert message["entries"] == json.loads(entries_text)["entries"]
            base = held.get(seat_id)
            got = apply_changes(base if base is not None else {}, message["changes"])
            assert _text(got) == _text(full), (name, seat_id, played.version)
            held[seat_id] = got
        rounds += 1
    assert rounds > 10


def test_feed_round__a_seat_first_seen_at_a_change_gets_its_whole_projection_a_primed_one_changes() -> None:
    session = sessions()["rwyn evening"]()
    table = session.new()
    feed = Feed.__new__(Feed)
    Feed.__init__(feed, Hub.__new__(Hub), "t")
    seats = {s.id: s for s in table.seats}
    late = next(s for s in seats if s != "gm")
    early = {s: seat for s, seat in seats.items() if s != late}
    feed._share(table, early, {s: (False, True) for s in early})  # the feed starts: the early seats primed
    assert set(feed.sent) == set(early)
    played = next(iter(session.play(table)))
    update_ = feed._share(played, seats, {s: (False, True) for s in seats})
    assert update_ is not None
    whole = json.loads(update_.seats[late].texts[-1])["changes"]
    assert whole == [[[], json.loads(to_json(projection("t", played, seats[late])))]]
    for seat_id in early:
        made = json.loads(update_.seats[seat_id].texts[-1])["changes"]
        assert made and all(path for path, *_ in made)  # changes to what it held, not the whole


def test_changes__keys_removed_lists_regrown_types_changed_and_nothing_when_equal() -> None:
    old = {"a": {"x": 1, "gone": 2}, "b": [1, 2, 3], "c": [1, {"d": True}], "e": 1, "same": {"k": [1]}}
    new = {"a": {"x": 1, "new": None}, "b": [1, 2], "c": [1, {"d": False}], "e": True, "same": {"k": [1]}}
    made = changes(old, new)
    assert apply_changes(old, made) == new and type(apply_changes(old, made)["e"]) is bool
    assert (("a", "gone"),) in made and (("b",), [1, 2]) in made and (("c", 1, "d"), False) in made
    assert not any(c[0][:1] == ("same",) for c in made)
    assert changes(new, json.loads(json.dumps(new))) == []
    assert old["a"] == {"x": 1, "gone": 2}  # applying copies; the old state is left as it was


def _deltas(ws: Any, base: dict[str, Any], until: int) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    """Read ``update`` messages up to version ``until``: the state they make, the entries, the texts."""
    got: list[dict[str, Any]] = []
    seen = ""
    version = base["version"]
    while version < until:
        raw = ws.receive_text()
        seen += raw
        message = json.loads(raw)
        assert message["type"] == "update", message["type"]
        base = apply_changes(base, message["changes"])
        got += message["entries"]
        version = message["version"]
        assert base["version"] == version
    return base, got, seen


def test_socket__updates_after_the_backlog_resume_and_keep_the_gms_secret(
    client: TestClient, rwyn: Seated
) -> None:
    def rest_state(seat: str) -> dict[str, Any]:
        body: dict[str, Any] = client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth(seat)).json()
        return body

    with (
        client.websocket_connect(url(rwyn) + "?delta=1", headers=rwyn.auth("ann")) as ann,
        client.websocket_connect(url(rwyn) + "?delta=1", headers=rwyn.auth("gm")) as gm,
    ):
        backlog = {}
        for name, ws in (("ann", ann), ("gm", gm)):
            entries, state = update(ws)  # the backlog: entries and a whole state, as before
            backlog[name] = ({k: v for k, v in state.items() if k != "type"}, entries["entries"])
        play_rwyn_opening(client, rwyn)
        last = rest_state("gm")["version"]
        ann_state, ann_new, ann_text = _deltas(ann, backlog["ann"][0], last)
        gm_state, _, gm_text = _deltas(gm, backlog["gm"][0], last)
    assert ann_state == rest_state("ann") and gm_state == rest_state("gm")
    assert backlog["ann"][1] + ann_new == rest_log(client, rwyn, "ann")
    assert SECRET in gm_text and SECRET not in ann_text
    # a resume from that version: the backlog again (whole), then updates on top of it
    ok(client, rwyn, "gm", "gm_note", text=SECRET + " again")
    with client.websocket_connect(url(rwyn, last) + "&delta=1", headers=rwyn.auth("ann")) as ann:
        entries, state = update(ws=ann)
        assert [e["seq"] for e in entries["entries"]] == []  # the note is the GM's alone
        base = {k: v for k, v in state.items() if k != "type"}
        ok(client, rwyn, "gm", "complications", check=1, texts="the alarm trips")
        now = rest_state("ann")["version"]
        ann_state, more, text = _deltas(ann, base, now)
    assert ann_state == rest_state("ann")
    assert [e["seq"] for e in backlog["ann"][1] + ann_new + more] == [
        e["seq"] for e in rest_log(client, rwyn, "ann")
    ]
    assert SECRET not in text


def test_hub__a_delta_and_a_full_socket_of_one_seat_each_get_their_own_messages() -> None:
    hub = Hub.__new__(Hub)
    hub.feeds = {}
    loop = asyncio.new_event_loop()
    try:
        session = sessions()["weaverdice fight"]()
        table = session.new()
        feed = Feed.__new__(Feed)
        Feed.__init__(feed, hub, "t")
        seats = {s.id: s for s in table.seats}
        feed._share(table, seats, {s: (True, True) for s in seats})
        played = next(iter(session.play(table)))
        made = feed._share(played, seats, {s: (True, True) for s in seats})
        assert made is not None
        from capeworks.server.feed import Subscription

        seat = next(iter(seats.values()))
        whole, delta = Subscription("t", seat), Subscription("t", seat, delta=True)
        whole.push(made)
        delta.push(made)
        first = loop.run_until_complete(whole.get())
        second = loop.run_until_complete(delta.get())
        assert first is not None and second is not None
        assert [json.loads(t)["type"] for t in first.seats[seat.id].texts] == ["entries", "state"]
        assert [json.loads(t)["type"] for t in second.seats[seat.id].texts] == ["update"]
    finally:
        loop.close()
