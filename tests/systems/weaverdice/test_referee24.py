"""Referee pass 24 of Weaverdice part 1 (seed /work/shared/seeds/000_6595eaca0229e06e.txt, "src N";
inventory /work/shared/rules/weaverdice.md): what the GM is told when he reaches for one who is out of
the fight for good. A dropped generic "simply drops to the ground and stays there" (src 800), a
bystander hit is "pretty much ignored thereafter" (src 306), the dead do nothing: the GM acting for
one, or calling a check of one, is refused in a sentence that says so (before: "It is not Thug's
turn.", and "the unconscious and dying do nothing but try to get back up" for a generic, who does
not try).

Every situation is played through the table (:class:`~capeworks.engine.testing.Driver`) with given
dice.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.test_referee23 import _brawl

THUG_DOWN = "Thug is down and out of the fight: a dropped generic NPC stays on the ground"


def _thug_dropped() -> Driver:
    """:func:`_brawl` with the Thug at Guts 1; on his turn Vic hits him, [6] + 1 = 7 vs DS 3: one
    wound equals his Guts and he is down (src 304, 800)."""
    d = _brawl(guts=1)
    d.do("ann", "attack", character="vic", target="thug", dice=[6])
    assert d.state.people["thug"].track.standing is Standing.DOWN
    return d


@pytest.mark.rules("WD-NPC-004", "WD-WOUND-012", "WD-COMBAT-002", "WD-COMBAT-001")
def test_r24_01_the_gm_acting_for_a_dropped_generic_is_told_he_is_down_not_that_it_is_not_his_turn() -> None:
    # src 800: the Thug, dropped on Vic's turn, stays on the ground. The GM has him attack Vic, or end
    # his turn: refused, saying he is down and out of the fight, on Vic's turn and again once the order
    # has passed over him to Bea's; the table is untouched.
    d = _thug_dropped()
    for command, fields in (("attack", {"target": "vic", "dice": [6]}), ("end_turn", {})):
        err = d.refuse("gm", command, character="thug", rule="WD-COMBAT-002", **fields)
        assert str(err) == f"{THUG_DOWN} and takes no more turns."
    d.do("ann", "end_turn", character="vic")
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "bea"
    err = d.refuse("gm", "attack", character="thug", target="vic", dice=[6], rule="WD-COMBAT-002")
    assert str(err) == f"{THUG_DOWN} and takes no more turns."


@pytest.mark.rules("WD-COMBAT-001")
def test_r24_02_a_generic_still_up_out_of_turn_is_still_told_it_is_not_his_turn() -> None:
    # The fix reaches only those out of the fight: the Thug up (Guts 2) on Vic's turn is told whose
    # turn it is not.
    d = _brawl(guts=2)
    err = d.refuse("gm", "attack", character="thug", target="vic", dice=[6], rule="WD-COMBAT-001")
    assert str(err) == "It is not Thug's turn."


@pytest.mark.rules("WD-NPC-005", "WD-WOUND-012", "WD-COMBAT-002")
def test_r24_03_the_gm_acting_for_a_bystander_who_was_hit_is_told_he_is_down() -> None:
    # src 306: bystanders, "if they're hit, they go down and we pretty much ignore them thereafter".
    # Vic hits Joe ([6] + 1 = 7 vs DS 2); the GM has Joe attack Vic: refused in those words.
    d = _brawl(guts=2)
    d.do("ann", "attack", character="vic", target="joe", dice=[6])
    err = d.refuse("gm", "attack", character="joe", target="vic", dice=[6], rule="WD-COMBAT-002")
    assert str(err) == (
        "Joe is down and out of the fight: a bystander who is hit stays down and takes no more turns."
    )


@pytest.mark.rules("WD-NPC-004", "WD-CORE-003", "WD-COMBAT-002")
def test_r24_04_no_check_is_called_for_a_dropped_generic_in_words_that_fit_a_generic() -> None:
    # src 800 (not src 563's "rolling to get back up": a generic does not get back up): the GM calls
    # the dropped Thug's Wits; refused, saying he is down and stays there; the GM's own fate roll
    # (Guts 4+, src 800) is still his to make: [6] - 2 = 4, he lives, still down.
    d = _thug_dropped()
    err = d.refuse("gm", "call_check", character="thug", stat="wits", rule="WD-COMBAT-002")
    assert str(err) == f"{THUG_DOWN}, so no check can be called for them."
    assert "try to get back up" not in str(err)
    d.do("gm", "fate", character="thug", dice=[6])
    assert d.state.people["thug"].track.standing is Standing.DOWN


@pytest.mark.rules("WD-NPC-004", "WD-COMBAT-002", "WD-CORE-003")
def test_r24_05_a_generic_the_fate_roll_killed_is_dead_to_a_call_and_to_a_turn() -> None:
    # src 800: the fate roll, Guts 4+: [1] - 2 = -1, a failure: the Thug is dead. A check called for
    # him, or the GM acting for him, is refused saying he is dead (before: "the unconscious and dying
    # do nothing but try to get back up", and "It is not Thug's turn.").
    d = _thug_dropped()
    d.do("gm", "fate", character="thug", dice=[1])
    assert d.state.people["thug"].track.standing is Standing.DEAD
    err = d.refuse("gm", "call_check", character="thug", stat="wits", rule="WD-COMBAT-002")
    assert str(err) == "Thug is dead, so no check can be called for them."
    err = d.refuse("gm", "attack", character="thug", target="vic", dice=[6], rule="WD-COMBAT-002")
    assert str(err) == "Thug is dead and takes no more turns."
