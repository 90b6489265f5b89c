"""Capes' settle names the events of a command for the log without folding them a second time."""

from __future__ import annotations

from typing import Any

from capeworks.engine import Event, Table
from capeworks.engine.testing import Driver
from capeworks.systems.capes.ruleset import CapesRuleset
from capeworks.systems.capes.samples import SEATS, sample_session


class _Counting(CapesRuleset):
    """Capes, counting the events it folds."""

    def __init__(self) -> None:
        super().__init__()
        self.folded = 0

    def apply(self, state: Any, event: Event) -> Any:
        self.folded += 1
        return super().apply(state, event)


def test_settle__folds_each_event_once_and_live_state_is_the_replays_at_every_step() -> None:
    ruleset = _Counting()
    driver = Driver(ruleset, seats=SEATS, seed=3)
    named = 0
    for step in sample_session().steps:
        before, folded = driver.table.version, ruleset.folded
        driver.do(step.command.seat, step.command.type, dice=step.dice, payload=step.command.payload)
        new = driver.table.log[before:]
        assert ruleset.folded - folded == len(new)
        named += sum(bool(e.data.get("names")) for e in new)
        replayed = Table.replay(driver.table.log)
        assert replayed.state.model_dump_json() == driver.table.state.model_dump_json()
    assert named > 0  # the session's events do carry display names
