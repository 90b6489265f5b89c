"""The scripted four-round fight: it plays, replays from its log to the same state, and ends where
the rules say (golden log: tests/golden/bpb/fight)."""

from __future__ import annotations

import pytest

from capeworks.engine import Table
from capeworks.engine.testing import Driver
from capeworks.systems.bpb.model import Status
from capeworks.systems.bpb.samples import scripted_fight
from tests.systems.bpb.helpers import RULESET


def _play() -> Driver:
    fight = scripted_fight()
    d = Driver(RULESET, seats=fight.seats, config=fight.config)
    for step in fight.steps:
        c = step.command
        if c.type == "answer":
            d.answer(c.seat, c.payload["prompt"], c.payload["option"], dice=step.dice)
        else:
            d.do(c.seat, c.type, dice=step.dice, payload=c.payload)
    return d


@pytest.mark.rules("BPB-TIME-002", "BPB-DEF-003", "BPB-XS-008", "BPB-TURN-004", "BPB-DMG-004")
def test_scripted_fight_replays_to_the_same_state() -> None:
    d = _play()
    again = Table.replay(d.table.log)
    assert again.state == d.table.state
    s = d.state
    assert s.fight is None and s.session == 1
    # Widow: grenade 2, pistol 1, pistol 1 = 4 lost; half back after the rest (rounded up)
    assert (s.condition("widow").lost, s.condition("widow").plot_points) == (2, 2)
    assert s.condition("widow").on == ("Force Field",)  # kept on through the stagger
    brandt = s.condition("brandt")
    assert brandt.lost == 2 and Status.UNCONSCIOUS not in brandt.statuses  # awake after the rest
    assert s.condition("ganyeka").plot_points == 0  # spent on the retcon
