"""A long-lived table's per-version memos (what the feed asks once per version) equal a fresh replay."""

from __future__ import annotations

import contextlib

import pytest

from capeworks.engine import Table, get_ruleset
from capeworks.errors import CapeworksError


@pytest.mark.parametrize("name", ["rwyn", "capes", "weaverdice"])
def test_live_table__answers_every_seat_as_a_fresh_replay_does_at_every_step(name: str) -> None:
    ruleset = get_ruleset(name)
    session = ruleset.sample_session()
    assert session is not None
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=1)
    checked = 0
    for i, step in enumerate(session.steps):
        try:
            table.execute(step.command, dice=step.dice)
        except CapeworksError:
            continue  # a step an earlier undo made impossible
        if i % 4 == 3:
            # a player's undo (a request to the GM, or their own take-back) changes prompts and legal moves
            player = next((s for s in table.seats if not s.is_gm), None)
            if player is not None:
                with contextlib.suppress(CapeworksError):
                    table.undo(player.id)
        # ask every seat first (filling the memos), then compare with a table that never memoised
        live = {
            s.id: (table.legal_commands(s.id), table.prompts(table.viewer_for(s.id))) for s in table.seats
        }
        fresh = Table.replay(table.log)
        for seat in table.seats:
            viewer = table.viewer_for(seat.id)
            assert live[seat.id] == (fresh.legal_commands(seat.id), fresh.prompts(viewer))
            assert table.log_view(viewer) == fresh.log_view(viewer)
            checked += 1
        assert table.undone_commands() == fresh.undone_commands()
    assert checked >= 10
