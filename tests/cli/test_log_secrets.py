"""The CLI's ``--json`` log for a player carries no GM secret that a public event's data records."""

from __future__ import annotations

import json

import pytest

from capeworks.cli.table_play import entry_payload
from tests.systems.weaverdice.test_referee_effort import ada, climb


@pytest.mark.rules("WD-CORE-003", "WD-CORE-009")
def test_a_players_json_log_carries_no_secret_of_a_public_event() -> None:
    """Ada rerolls a climb the GM called in secret with a Stamina dot; the fight ends with five quiet
    minutes (src 376, 409). The public end of the fight records her effort, the veiled dot among it:
    Bob's ``table log --json`` shows him its words and no raw data; the GM's shows the data."""
    d = ada()
    d.do("gm", "start_combat", characters=["ada", "bo"], dice=[6, 1])
    climb(d, "the ledge", hidden=True)
    d.do("gm", "end_combat", lull=True)
    ended = next(e for e in d.table.log if e.type == "weaverdice.combat_ended")
    assert ended.audience.everyone and "veiled" in json.dumps(ended.model_dump(mode="json"))
    bob, gm = d.table.viewer_for("bob"), d.table.viewer_for("gm")
    bobs = json.dumps([entry_payload(e, bob) for e in d.table.log_view(bob)])
    assert "weaverdice.combat_ended" in bobs and "veiled" not in bobs and "stamina" not in bobs.lower()
    assert "veiled" in json.dumps([entry_payload(e, gm) for e in d.table.log_view(gm)])
