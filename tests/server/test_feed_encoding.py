"""The feed's shared work (views once per view key, JSON spliced from shared parts) sends the same bytes."""

from __future__ import annotations

import pytest
from pydantic_core import to_json

from capeworks.engine import Panel, Table, get_ruleset
from capeworks.errors import CapeworksError
from capeworks.server.feed import encode_update
from capeworks.server.jsoncache import SWEEP, JsonCache
from capeworks.server.projection import Shared, entries, projection


@pytest.mark.parametrize("name", ["rwyn", "capes", "weaverdice"])
def test_feed__every_seats_messages_equal_ones_worked_out_alone_at_every_step(name: str) -> None:
    ruleset = get_ruleset(name)
    session = ruleset.sample_session()
    assert session is not None
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=1)
    kept = JsonCache()  # as a feed keeps it, from one version to the next
    sent = 0
    for step in session.steps:
        prev = table.version
        try:
            table.execute(step.command, dice=step.dice)
        except CapeworksError:
            continue
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
    assert sent >= 10


def test_encode_update__keys_and_text_are_escaped_when_spliced() -> None:
    shared = Shared(version=1, prompts=[], undone=set(), waiting=[])
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
