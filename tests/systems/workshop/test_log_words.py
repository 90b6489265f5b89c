"""Whose line a log entry is: the seat the web table names beside words that do not say it.

An attack waits on its targets' Active Defense answers (WS-SHOT-003, src 20), so the roll is the
event of whichever seat answered last; the log named that seat ("Gail: Jade Tiger attacks..."),
as if the GM had made Jade attack. The roll is the attacker's line.
"""

from __future__ import annotations

import pytest

from capeworks.engine import Event
from capeworks.engine.render import describe
from tests.systems.workshop.helpers import RULESET, attack, sheet, table

QUIET = {"shock_roll": False, "wake_rolls": False}


def _roll_line(events: list[Event]) -> tuple[str | None, str | None, str]:
    """The attack roll's seat, the seat its log line names, and its words."""
    rolled = next(e for e in events if e.type == "workshop.attack_rolled")
    described = describe(RULESET, rolled)
    return rolled.seat, described.actor, described.text


@pytest.mark.rules("WS-SHOT-003")
def test_attack_roll__set_off_by_the_gms_defense_answer_is_the_attacking_players_line() -> None:
    d = table(QUIET, heroes={"h": sheet(name="Jade")}, villains={"v": sheet(name="Viper")})
    events = attack(d, "h", ["v"], [6, 1], defend={"v": True})  # the GM answers for Viper: yes
    seat, actor, words = _roll_line(events)
    assert seat == "gm" and words.startswith("Jade attacks Viper")
    assert actor == "ann"  # Ann's Jade attacked; the GM only answered


@pytest.mark.rules("WS-SHOT-003")
def test_attack_roll__set_off_by_a_players_defense_answer_names_no_seat_for_the_gms_attacker() -> None:
    quick = {"Agility": 7, "Wits": 7, "Luck": 7}  # Shot Count 7 against Jade's 5: Viper acts first
    d = table(QUIET, heroes={"h": sheet(name="Jade")}, villains={"v": sheet(name="Viper", traits=quick)})
    events = attack(d, "v", ["h"], [6, 1], defend={"h": True})  # Ann answers for Jade: yes
    seat, actor, words = _roll_line(events)
    assert seat == "ann" and words.startswith("Viper attacks Jade")
    assert actor == ""  # the GM's Viper: no seat beside the words, never "Ann: Viper attacks"
