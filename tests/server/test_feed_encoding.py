"""The feed's shared work (views once per view key, JSON spliced from shared parts) sends the same bytes."""

from __future__ import annotations

import pytest
from pydantic_core import to_json

from capeworks.engine import Panel, Table
from capeworks.server.feed import encode_update
from capeworks.server.jsoncache import SWEEP, JsonCache
from capeworks.server.projection import Shared, entries, projection
from tests.engine.fanout_sessions import sessions


@pytest.mark.parametrize("name", sorted(sessions()))
def test_feed__every_seats_messages_equal_ones_worked_out_alone_at_every_step(name: str) -> None:
    session = sessions()[name]()
    live = session.new()
    kept = JsonCache()  # as a feed keeps it, from one version to the next
    prev, sent = live.version, 0
    for table in session.play(live):
        kept.next_round()
        shared = Shared.of(table, json=kept)
        texts = {
            seat.id: encode_update(
                table.version,
                entries(table, seat, since=prev, shared=shared),
                projection("t", table, seat, shared=shared),
                shared=shared,
            )
            for seat in table.seats
        }
        alone = Table.replay(table.log)  # nothing memoised, nothing shared
        for seat in table.seats:
            expected = encode_update(
                alone.version, entries(alone, seat, since=prev), projection("t", alone, seat)
            )
            assert texts[seat.id] == expected
            sent += 1
        prev = table.version
    assert sent >= 10


def test_encode_update__keys_and_text_are_escaped_when_spliced() -> None:
    shared = Shared(version=1, prompts=[], waiting=[])
    state = {'we"ird\n': ["</script>", {"é": None}], "view": {"x": 1.5}}
    spliced = encode_update(1, [], state, shared=shared)
    assert spliced == encode_update(1, [], state)


def test_json_cache__equal_panels_share_json_across_versions_and_unused_ones_are_forgotten() -> None:
    kept = JsonCache()
    first = kept.dump_panel(Panel(title="Sheet", columns=("", ""), rows=(("Might", "3"),)))
    again = kept.dump_panel(Panel(title="Sheet", columns=("", ""), rows=(("Might", "3"),)))
    changed = kept.dump_panel(Panel(title="Sheet", columns=("", ""), rows=(("Might", "4"),)))
    assert first is again and changed is not first and changed["rows"] == [["Might", "4"]]
    for _ in range(2 * SWEEP):
        kept.next_round()
        kept.dump_panel(Panel(title="Sheet", columns=("", ""), rows=(("Might", "4"),)))
    assert kept.dump_panel(Panel(title="Sheet", columns=("", ""), rows=(("Might", "3"),))) is not first
    assert kept.dump_panel(Panel(title="Sheet", columns=("", ""), rows=(("Might", "4"),))) is changed


def test_json_cache__a_list_is_spliced_from_its_items_texts() -> None:
    kept = JsonCache()
    value = [{"a": [1, None, "é\n"]}, "x", 2.5, [], {}]
    assert kept.text(value) == to_json(value).decode()
