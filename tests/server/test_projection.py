"""Projections worked out once per version for every seat equal the engine's own per-seat filters."""

from __future__ import annotations

import pytest

from capeworks.engine import Table, get_ruleset
from capeworks.server.projection import Shared, entries, entry, projection, viewer_of


@pytest.mark.parametrize("name", ["rwyn", "capes"])
def test_shared_projection__equals_the_engines_per_seat_view_at_every_step(name: str) -> None:
    ruleset = get_ruleset(name)
    session = ruleset.sample_session()
    assert session is not None
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=1)
    for step in session.steps:
        before = table.version
        table.execute(step.command, dice=step.dice)
        shared = Shared.of(table)
        for seat in table.seats:
            viewer = viewer_of(seat)
            fast = projection("t", table, seat, shared=shared)
            assert fast == projection("t", table, seat)
            assert fast["prompts"] == [p.model_dump(mode="json") for p in table.prompts(viewer)]
            assert fast["view"] == table.ruleset.view(table.state, viewer)
            assert entries(table, seat, since=before, shared=shared) == [
                entry(e) for e in table.log_view(viewer, since=before)
            ]
