"""Stunts' rules through capeworks' test driver, and its conformance through the pytest plug-in."""

from __future__ import annotations

import pytest

from capeworks.engine import Seat, Viewer
from capeworks.engine.testing import Driver
from capeworks_stunts.ruleset import StuntsRuleset

SEATS = [Seat(id="ann", name="Ann"), Seat(id="bo", name="Bo")]


def driver(goal: int = 12) -> Driver:
    return Driver(StuntsRuleset(), seats=SEATS, config={"goal": goal})


# The capeworks pytest plug-in (entry point pytest11) runs this once per conformance check.
@pytest.mark.capeworks_ruleset("stunts")
def test_conformance(capeworks_check: object) -> None:
    capeworks_check()  # type: ignore[operator]


def test_a_roll_builds_heat_and_the_rules_ask_to_bank_or_push() -> None:
    d = driver()
    d.do("ann", "roll", dice=[4])
    d.do("ann", "roll", dice=[5])
    (prompt,) = d.table.prompts()
    assert prompt.seat == "ann" and "9 heat" in prompt.question
    assert [o.command for o in prompt.options] == ["bank", "roll"]


def test_a_flop_loses_the_heat_and_passes_the_turn() -> None:
    d = driver()
    d.do("ann", "roll", dice=[6])
    d.do("ann", "roll", dice=[1])
    assert d.last.type == "stunts.flopped" and d.table.state.scores["ann"] == 0
    d.refuse("ann", "roll", rule="STUNTS-TURN", dice=[3])
    d.do("bo", "roll", dice=[2])


def test_banking_needs_heat_and_the_first_to_the_goal_wins() -> None:
    d = driver(goal=8)
    d.refuse("ann", "bank", rule="STUNTS-BANK")
    d.do("ann", "roll", dice=[5])
    d.do("ann", "roll", dice=[4])
    d.do("ann", "bank")
    assert d.last.type == "stunts.won" and d.table.state.winner == "ann"
    d.refuse("bo", "roll", rule="STUNTS-WIN", dice=[3])


def test_bank_is_never_on_a_menu_only_in_the_prompt() -> None:
    d = driver()
    assert [c.command for c in d.table.legal_commands("ann")] == ["roll"]
    d.do("ann", "roll", dice=[3])
    offered = d.table.legal_commands("ann")
    assert "bank" not in [c.command for c in offered if c.prompt is None]
    assert {c.command for c in offered if c.prompt is not None} == {"bank", "roll"}


def test_the_tracker_and_refusals_name_the_seats_as_they_sat_down_not_their_ids() -> None:
    # the tracker read "Goal 8; ann is up." over a row "ann", and the refusal "It is ann's turn"
    d = driver(goal=8)
    (panel,) = StuntsRuleset().panels(d.table.state, Viewer(seat="bo"))
    assert [row[0] for row in panel.rows] == ["Ann", "Bo"] and panel.note == "Goal 8; Ann is up."
    d.refuse("bo", "roll", rule="STUNTS-TURN", match="It is Ann's turn, not yours.", dice=[3])
    d.do("ann", "roll", dice=[5])
    d.do("ann", "roll", dice=[4])
    d.do("ann", "bank")
    (panel,) = StuntsRuleset().panels(d.table.state, Viewer(seat="bo"))
    assert panel.note == "Ann won." and panel.rows[0] == ("Ann", "9", "")
    d.refuse("bo", "roll", rule="STUNTS-WIN", match="The show is over: Ann won.", dice=[3])
