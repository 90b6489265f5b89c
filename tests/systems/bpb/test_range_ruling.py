"""BPB-RANGE-002: a player's attack beyond its power's range waits for the GM's ruling, as a prompt.

src 111: "Attacking targets at more distant ranges is more difficult or impossible (at the GM's
discretion). If the GM declares that the attack is possible, the defender gains a +3 defense bonus for
each additional range band." The inventory's PROPOSED decision: ``max_extra_bands`` unset (the default),
the GM is asked. Shot's pistol reaches 400 ft (band 3); Foe 1,600 ft away is band 4, one band beyond;
6,400 ft is band 5, two beyond. Shot's Accuracy and Foe's Agility are 2: 8 + 2 = 10 in range.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotFound, NotPermitted
from tests.systems.bpb.helpers import decisions, fight, of, one, state, table
from tests.systems.bpb.test_combat import hero
from tests.systems.bpb.test_known_faults import PISTOL

FAR = {"attacker": "shot", "target": "foe", "power": "Pistol", "distance_ft": 1600}


def _shootout(**shot: int) -> Driver:
    """Shot (Ann's, a pistol) and Foe (the GM's), added by commands so the log replays from the start."""
    d = table(cast=())
    d.do("gm", "add_character", sheet=hero("shot", powers=(PISTOL,), **shot).model_dump(), owner="ann")
    d.do("gm", "add_character", sheet=hero("foe").model_dump())
    fight(d, "shot", "foe")
    return d


def _asked() -> Driver:
    d = _shootout()
    d.do("ann", "attack", **FAR)
    return d


@pytest.mark.rules("BPB-RANGE-002", "BPB-RANGE-003")
def test_the_gm_is_asked_with_the_odds_and_every_seat_reads_the_ask() -> None:
    # one band beyond: Foe +3, 8 + 2 + 3 = 13; 2d6 + 2 >= 13 needs 11+: 3/36 = 8%
    d = _asked()
    [ask] = decisions(d, "gm")
    assert (ask.kind, ask.rule) == ("rule_range", "BPB-RANGE-002")
    assert ask.question == (
        "Shot attacks Foe with Pistol, 1 range band beyond its range: is the attack possible?"
        " (Foe +3 defence)"
    )
    assert [o.label for o in ask.options] == [
        "possible: roll it (2 vs 13, 8%)",
        "not possible (Shot keeps the task action)",
    ]
    assert decisions(d, "ann") == []  # the ruling is the GM's: Ann waits
    line = (
        "Shot attacks Foe with Pistol, 1 range band beyond its range: the GM decides whether the attack"
        " is possible."
    )
    assert d.words("ann")[-1] == line and d.words("gm")[-1] == line


@pytest.mark.rules("BPB-RANGE-002", "BPB-RANGE-003")
def test_declared_possible_the_attack_asked_is_rolled_with_the_band_bonus() -> None:
    d = _asked()
    events = d.answer("gm", "range-1-shot", "possible", dice=(6, 5))  # 11 + 2 = 13 vs 13: a hit
    roll = one(events, "attack_rolled").roll
    assert (roll.task.difficulty, roll.verdict.success) == (13, True)
    assert state(d).fight.turn.task is True and state(d).fight.turn.asked is None
    assert "The GM declares Shot's attack on Foe possible (Foe +3 defence)." in d.words("ann")
    assert d.replayed().state == d.state


@pytest.mark.rules("BPB-RANGE-002")
def test_ruled_out_nothing_is_rolled_and_the_task_action_is_kept_for_a_shot_in_range() -> None:
    d = _asked()
    events = d.answer("gm", "range-1-shot", "impossible")
    assert not of(events, "attack_rolled") and state(d).fight.turn.task is False
    assert d.words("ann")[-1] == "The GM rules Shot's attack on Foe with Pistol out of range: nothing rolled."
    events = d.do("ann", "attack", **{**FAR, "distance_ft": 400}, dice=(1, 1))
    assert one(events, "attack_rolled").roll.task.difficulty == 10


@pytest.mark.rules("BPB-RANGE-002", "BPB-ACT-001")
def test_while_the_ruling_waits_the_task_action_waits_and_only_the_gm_rules() -> None:
    # the asked attack is the turn's task action: another attack waits too; a player cannot rule
    d = _asked()
    d.refuse("ann", "attack", rule="BPB-RANGE-002", **{**FAR, "distance_ft": 400}, dice=(1, 1))
    d.refuse("ann", "rule_range", error=NotPermitted, character="shot", possible=True)
    # the same band count from the GM's own seat: the GM declares it by issuing it (the ask answered first)
    d.refuse("gm", "attack", rule="BPB-RANGE-002", **FAR, dice=(1, 1))


@pytest.mark.rules("BPB-RANGE-002", "BPB-TIME-002")
def test_ending_the_turn_drops_the_ask() -> None:
    d = _asked()
    d.do("ann", "end_turn", character="shot")
    assert decisions(d, "gm") == []
    d.refuse("gm", "rule_range", error=NotFound, character="shot", possible=True)


@pytest.mark.rules("BPB-RANGE-002", "BPB-RANGE-003", "BPB-ROLL-005")
def test_two_bands_beyond_asks_at_plus_six_and_out_of_reach_asks_nothing() -> None:
    # 6,400 ft: band 5, two beyond band 3: Foe +6, 8 + 2 + 6 = 16 (Shot's Accuracy 5 here: 2d6 + 5 >= 16,
    # 11+: 3/36 = 8%). At Accuracy 2, 16 is more than 12 above 2 (src 153): no roll reaches it, so Ann is
    # told at once, and the GM is asked nothing
    d = _shootout(Accuracy=5)
    d.do("ann", "attack", **{**FAR, "distance_ft": 6400})
    [ask] = decisions(d, "gm")
    assert "2 range bands beyond" in ask.question and "(Foe +6 defence)" in ask.question
    assert ask.options[0].label == "possible: roll it (5 vs 16, 8%)"
    events = d.answer("gm", "range-1-shot", "possible", dice=(6, 6))
    assert one(events, "attack_rolled").roll.task.difficulty == 16
    weak = _shootout()
    weak.refuse("ann", "attack", rule="BPB-ROLL-005", **{**FAR, "distance_ft": 6400})
    assert decisions(weak, "gm") == []


@pytest.mark.rules("BPB-RANGE-002", "BPB-PP-005")
def test_an_attack_asked_with_a_plot_point_needs_one_at_the_ask() -> None:
    # nothing held: refused at once, not after the GM's ruling
    d = _shootout()
    d.refuse("ann", "attack", **FAR, plot_point=True)
    assert decisions(d, "gm") == []
