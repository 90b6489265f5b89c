"""The feed's round encodes each different ``update`` once per audience, and every cache it keeps
(the JSON cache, the shared view and panels, the comparisons, the texts shared between seats) gives
what a fresh replay of the log, encoded for each seat alone with no cache at all, gives."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine import Table
from capeworks.server.delta import changes
from capeworks.server.feed import Feed, Hub, _audience, encode_delta
from capeworks.server.projection import entries, projection
from tests.engine.fanout_sessions import sessions


def _feed() -> Feed:
    feed = Feed.__new__(Feed)  # the round's own state only: no event loop, no store
    Feed.__init__(feed, Hub.__new__(Hub), "t")
    return feed


@pytest.mark.parametrize("name", ["rwyn evening", "weaverdice fight", "capes page"])
def test_every_seats_update_equals_one_made_alone_from_a_fresh_replay(name: str) -> None:
    session = sessions()[name]()
    table = session.new()
    feed = _feed()
    seats = {s.id: s for s in table.seats}
    feed._share(table, seats, {s: (False, True) for s in seats})
    # the feed's start worked out each seat's projection there (the sockets had it from their backlog):
    # its first change is sent as changes to it
    before: dict[str, dict[str, Any]] = {s.id: projection("t", table, s) for s in table.seats}
    base_is_fresh = True
    prev = table.version
    shared_texts = rounds = checked = 0
    # (a fresh replay of every round of the long evening is slow: it is checked in pairs of rounds,
    # the first giving the fresh base the second's changes are worked out from)
    every = 7 if name == "rwyn evening" else 1
    for played in session.play(table):
        update = feed._share(played, seats, {s: (False, True) for s in seats})
        assert update is not None
        texts = {s: share.texts[-1] for s, share in update.seats.items() if not share.quiet}
        shared_texts += len(texts) - len({id(t) for t in texts.values()})
        rounds += 1
        if rounds > 3 and rounds % every not in (0, every - 1):
            base_is_fresh = False
            prev = played.version
            continue
        fresh = Table.replay(played.log)
        for seat_id, seat in seats.items():
            state = projection("t", fresh, seat)
            if update.seats[seat_id].quiet:  # sent nothing: nothing it sees changed, its version neither
                assert not base_is_fresh or before[seat_id] == state
                before[seat_id] = state
                continue
            if base_is_fresh:
                alone = encode_delta(
                    state["version"],
                    entries(fresh, seat, since=prev),
                    changes(before[seat_id], state) if seat_id in before else [((), state)],
                    shared=_no_sharing(fresh),
                )
                assert texts[seat_id] == alone, (name, seat_id, fresh.version)
                assert update.seats[seat_id].state == state
                checked += 1
            before[seat_id] = state
        base_is_fresh = True
        prev = played.version
    assert rounds > 10 and checked >= 3 * len(seats)
    if name == "rwyn evening":
        assert shared_texts > rounds  # players not involved in a change share one text


def _no_sharing(table: Table) -> Any:
    from capeworks.server.projection import Shared

    return Shared.of(table)


def test_audience_keys__scalars_by_type_and_value_everything_else_by_identity() -> None:
    one: list[Any] = [(("version",), 1)]
    assert _audience([], one) == _audience([], [(("version",), 1)])
    assert _audience([], [(("x",), True)]) != _audience([], [(("x",), 1)])
    assert _audience([], [(("x",), 1.0)]) != _audience([], [(("x",), 1)])
    a, b = {"k": 1}, {"k": 1}
    assert _audience([], [(("x",), a)]) != _audience([], [(("x",), b)])  # equal, not the same object
    assert _audience([a], []) != _audience([b], [])
    assert _audience([], [(("x",),)]) != _audience([], [(("x",), None)])
