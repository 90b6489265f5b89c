"""A scripted downtime of two characters: every step lands, it replays from its log to the same state,
and the engine's conformance checks hold for it (secrets, prompts, words, undo, view keys)."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine import Table
from capeworks.engine.ruleset import SampleSession
from capeworks.systems.weaverdice.campaign.samples import SECRET, downtime_session
from capeworks.systems.weaverdice.ruleset import WeaverdiceRuleset
from capeworks.systems.weaverdice.state import WdState


class DowntimeSample(WeaverdiceRuleset):
    """Weaverdice with the downtime phase as its sample: the conformance checks play it."""

    def sample_session(self) -> SampleSession:
        return downtime_session()


def played() -> Table:
    s = downtime_session()
    t = Table.new(WeaverdiceRuleset(), config=dict(s.config), seats=s.seats, seed=1)
    for step in s.steps:
        t.execute(step.command, dice=step.dice)
    return t


@pytest.mark.rules("WD-DT-002", "WD-DT-003", "WD-CRAFT-010", "WD-RECRUIT-011", "WD-INTEL-013")
def test_the_scripted_downtime_lands_every_step_and_replays_to_the_same_state() -> None:
    t = played()
    state = t.state
    assert isinstance(state, WdState)
    camp = state.campaign
    assert camp.phase is None and camp.phases == 1
    assert camp.projects["vest"].result == "standard"
    assert camp.ledgers["bo"].underlings == ("Wren",)
    assert camp.candidates["rook"].revealed == ("temper",)
    assert camp.targets["xb"].cells[0].unlocked and camp.targets["xb"].cells[15].unlocked
    assert camp.targets["xb"].strikes == 1
    assert state.people["bo"].morale == 0  # R&R lifted -2 to 0, and the day reset it to the baseline
    assert camp.ledgers["bo"].conditions[0].days == 3  # 4 - 1 off the cracked rib
    again = Table.replay(t.log)
    assert again.state == t.state
    for seat in ("gm", "ann", "bob"):
        viewer = t.viewer_for(seat)
        assert again.view(viewer) == t.view(viewer)
        shown: Any = [e.description.text for e in t.log_view(viewer)]
        assert (SECRET in str(t.view(viewer)) or SECRET in str(shown)) == (seat == "gm")


@pytest.mark.capeworks_ruleset(DowntimeSample())
def test_conformance_over_the_downtime(capeworks_check: Any) -> None:
    capeworks_check()
