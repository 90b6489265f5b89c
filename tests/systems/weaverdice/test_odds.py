"""Exact odds before a roll (WD-CORE-004/005, WD-MORALE-002/003), checked against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.dice import icepool_distribution
from capeworks.systems.weaverdice.checks import check
from capeworks.systems.weaverdice.odds import check_odds, p_lengthy, p_opposed, p_reach, total_distribution


def brute(dice: int, modifier: int, tn: int, morale: int) -> Fraction:
    rolls = list(itertools.product(range(1, 7), repeat=dice))
    wins = sum(check(r, modifier=modifier, tn=tn, morale=morale).success for r in rolls)
    return Fraction(wins, len(rolls))


@pytest.mark.rules("WD-CORE-001", "WD-CORE-004", "WD-CORE-005", "WD-MORALE-002")
@given(st.integers(1, 4), st.integers(-2, 3), st.integers(2, 8), st.integers(-4, 4))
def test_odds_match_brute_force(dice: int, modifier: int, tn: int, morale: int) -> None:
    assert p_reach(dice, modifier, tn, morale) == brute(dice, modifier, tn, morale)


@pytest.mark.rules("WD-CORE-004")
def test_keep_highest_agrees_with_icepool() -> None:
    assert total_distribution(3, 1) == icepool_distribution("3d6kh1 + 1")


@pytest.mark.rules("WD-CORE-001", "WD-CORE-004")
def test_known_figures() -> None:
    # 1d6 at 4+: 3/6; 2h6 at 4+: 1 - (3/6)^2 = 3/4; +1 at 4+: 4/6
    assert p_reach(1, 0, 4) == Fraction(1, 2)
    assert p_reach(2, 0, 4) == Fraction(3, 4)
    assert p_reach(1, 1, 4) == Fraction(2, 3)


@pytest.mark.rules("WD-MORALE-002", "WD-MORALE-003")
def test_morale_in_the_odds() -> None:
    # WX-15: at -2 the cap is 5, so a 6+ cannot be reached even with +1
    assert check_odds(dice=1, modifier=1, tn=6, morale=-2).success == 0
    # at -1 (cap 6) with +1: d >= 5 -> 2/6
    assert check_odds(dice=1, modifier=1, tn=6, morale=-1).success == Fraction(1, 3)
    # WX-14: at +2 a failed 4+ can be bought to a 4: certain with the spend
    great = check_odds(dice=1, modifier=0, tn=4, morale=2)
    assert (great.success, great.with_morale_spend) == (Fraction(1, 2), Fraction(1))
    # at +1 the spend gives 3: no help at 4+
    assert check_odds(dice=1, modifier=0, tn=4, morale=1).with_morale_spend == Fraction(1, 2)


@pytest.mark.rules("WD-CORE-008")
def test_opposed_ties_hold() -> None:
    # 1d6 vs 1d6, attacker must beat: 15 of 36 pairs
    assert p_opposed((1, 0, 0), (1, 0, 0)) == Fraction(15, 36)
    assert p_opposed((1, 0, 0), (1, 0, 0), defender_wins_ties=False) == Fraction(21, 36)


@pytest.mark.rules("WD-CORE-006", "WD-WOUND-009")
def test_lengthy_odds_brute_force() -> None:
    # Medical DC 12 in three rolls with +0: count triples summing to >= 12
    ways = sum(1 for t in itertools.product(range(1, 7), repeat=3) if sum(t) >= 12)
    assert p_lengthy(dc=12, rolls=3) == Fraction(ways, 216)
    # with Dex +1 and Know +1 each roll gains 2
    ways = sum(1 for t in itertools.product(range(1, 7), repeat=2) if sum(t) + 4 >= 8)
    assert p_lengthy(dc=8, rolls=2, modifier=2) == Fraction(ways, 36)


@pytest.mark.rules("WD-CORE-005", "WD-COMBAT-020")
def test_kept_odds_are_the_odds_worked_out_afresh() -> None:
    # p_reach and a prompt's percentage are kept per numbers (a reaction prompt asks them at every
    # version): asked twice, in any order, they are what a fresh computation gives
    from capeworks.systems.weaverdice.prompts import _chance
    from capeworks.systems.weaverdice.render import percent

    cases = list(itertools.product((1, 2, 3), (-2, 0, 1, 3), (2, 4, 7, 9), (-3, 0, 2)))
    for _ in range(2):
        for dice, modifier, tn, morale in reversed(cases):
            fresh = p_reach.__wrapped__(dice, modifier, tn, morale)
            assert fresh == brute(dice, modifier, tn, morale)
            assert p_reach(dice, modifier, tn, morale) == fresh
            assert _chance(dice, modifier, tn, morale) == percent(fresh)
