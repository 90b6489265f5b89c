"""Referee pass 25 of Weaverdice part 1 (seed /work/shared/seeds/000_6595eaca0229e06e.txt, "src N";
inventory /work/shared/rules/weaverdice.md): the two refusals pass 24 left in the old words. A dropped
generic "simply drops to the ground and stays there" (src 800): dropped on his own turn (a blow out of
turn, as a bleed would), the GM acting for him was told "Thug is in no state to act: only ending the
turn is left."; and an attack of opportunity for him "Thug is in no state to attack.". Both now say
he is down and out of the fight, in :func:`~capeworks.systems.weaverdice.flow.out_of_fight`'s words.

Every situation is played through the table (:class:`~capeworks.engine.testing.Driver`) with given
dice.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.test_referee23 import _brawl
from tests.systems.weaverdice.test_referee24 import THUG_DOWN, _thug_dropped


def _thug_dropped_on_his_turn() -> Driver:
    """:func:`_brawl` with the Thug at Guts 1; the order passes to him, and on his turn Vic strikes him
    as an attack of opportunity, [6] + 1 = 7 vs DS 3: one wound equals his Guts, he is down on his
    own turn (src 304, 800)."""
    d = _brawl(guts=1)
    fight = d.state.fight
    assert fight is not None
    while fight.turn is not None and fight.turn.actor != "thug":
        actor = fight.turn.actor
        d.do({"vic": "ann", "bea": "bob"}.get(actor, "gm"), "end_turn", character=actor)
        fight = d.state.fight
        assert fight is not None
    d.do("ann", "attack", character="vic", target="thug", opportunity=True, dice=[6])
    assert d.state.people["thug"].track.standing is Standing.DOWN
    fight = d.state.fight
    assert fight is not None and fight.turn is not None and fight.turn.actor == "thug"
    return d


@pytest.mark.rules("WD-NPC-004", "WD-COMBAT-002", "WD-COMBAT-015")
def test_r25_01_a_generic_dropped_on_his_own_turn_is_told_he_is_down_and_may_only_end_it() -> None:
    # src 800, 563: the Thug, dropped on his own turn, stays on the ground. The GM has him attack Vic:
    # refused, saying he is down and out of the fight (before: "Thug is in no state to act"); the
    # table is untouched, and ending the turn is still his: the order moves on.
    d = _thug_dropped_on_his_turn()
    before = d.state
    err = d.refuse("gm", "attack", character="thug", target="vic", dice=[6], rule="WD-COMBAT-002")
    assert str(err) == f"{THUG_DOWN}; only ending the turn is left."
    assert d.state == before
    d.do("gm", "end_turn", character="thug")
    fight = d.state.fight
    assert fight is not None and fight.turn is not None and fight.turn.actor != "thug"


@pytest.mark.rules("WD-NPC-004", "WD-COMBAT-002", "WD-CORE-003")
def test_r25_02_a_generic_the_fate_roll_killed_on_his_own_turn_is_told_he_is_dead() -> None:
    # src 800: the GM's fate roll for the Thug dropped on his own turn, Guts 4+: [1] - 2 = -1 fails, he
    # is dead; the GM acting for him is told so.
    d = _thug_dropped_on_his_turn()
    d.do("gm", "fate", character="thug", dice=[1])
    assert d.state.people["thug"].track.standing is Standing.DEAD
    err = d.refuse("gm", "attack", character="thug", target="vic", dice=[6], rule="WD-COMBAT-002")
    assert str(err) == "Thug is dead; only ending the turn is left."


@pytest.mark.rules("WD-NPC-004", "WD-COMBAT-002", "WD-COMBAT-015")
def test_r25_03_an_attack_of_opportunity_for_a_dropped_generic_says_he_is_down() -> None:
    # src 800, 888: the Thug, dropped on Vic's turn, is given an attack of opportunity on Vic by the GM:
    # refused, saying he is down and out of the fight (before: "Thug is in no state to attack."); the
    # table is untouched.
    d = _thug_dropped()
    before = d.state
    err = d.refuse(
        "gm", "attack", character="thug", target="vic", opportunity=True, dice=[6], rule="WD-COMBAT-002"
    )
    assert str(err) == f"{THUG_DOWN} and makes no attacks."
    assert d.state == before


@pytest.mark.rules("WD-NPC-005", "WD-COMBAT-002", "WD-COMBAT-015")
def test_r25_04_an_attack_of_opportunity_for_a_bystander_who_was_hit_says_he_is_down() -> None:
    # src 306: Vic hits Joe ([6] + 1 = 7 vs DS 2), who goes down and is ignored thereafter; the GM gives
    # Joe an attack of opportunity on Vic: refused in those words.
    d = _brawl(guts=2)
    d.do("ann", "attack", character="vic", target="joe", dice=[6])
    err = d.refuse(
        "gm", "attack", character="joe", target="vic", opportunity=True, dice=[6], rule="WD-COMBAT-002"
    )
    assert str(err) == (
        "Joe is down and out of the fight: a bystander who is hit stays down and makes no attacks."
    )
