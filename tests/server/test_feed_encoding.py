"""The feed's shared work (views once per view key, JSON spliced from shared parts) sends the same bytes."""

from __future__ import annotations

import pytest

from capeworks.engine import Table, get_ruleset
from capeworks.errors import CapeworksError
from capeworks.server.feed import encode_update
from capeworks.server.projection import Shared, entries, projection


@pytest.mark.parametrize("name", ["rwyn", "capes", "weaverdice"])
def test_feed__every_seats_messages_equal_ones_worked_out_alone_at_every_step(name: str) -> None:
    ruleset = get_ruleset(name)
    session = ruleset.sample_session()
    assert session is not None
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=1)
    sent = 0
    for step in session.steps:
        prev = table.version
        try:
            table.execute(step.command, dice=step.dice)
        except CapeworksError:
            continue
        shared = Shared.of(table)
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
