"""Exact odds against brute force (CAPES-ABIL-002/003, CAPES-RES-006/007)."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from capeworks.systems.capes.odds import expected_after_roll, improve_chance, resolver_outcomes
from capeworks.systems.capes.resolving import match_dice


@pytest.mark.rules("CAPES-ABIL-002", "CAPES-ABIL-003")
@pytest.mark.parametrize("die", range(1, 7))
@pytest.mark.parametrize("ability", range(1, 6))
@pytest.mark.parametrize("own", [True, False])
def test_improve_chance__matches_brute_force(die: int, ability: int, own: bool) -> None:
    faces = range(1, 7)
    if ability < die:
        # C4: an ability below the die cannot roll it
        assert improve_chance(die, ability, own_side=own) == 0
        assert expected_after_roll(die, ability, own_side=own) == die
        return
    better = sum(1 for f in faces if (f > die if own else f < die))
    assert improve_chance(die, ability, own_side=own) == Fraction(better, 6)
    kept = [max(f, die) if own else min(f, die) for f in faces]  # accept if better, else turn back
    assert expected_after_roll(die, ability, own_side=own) == Fraction(sum(kept), 6)


@pytest.mark.rules("CAPES-RES-006", "CAPES-RES-007")
def test_resolver_outcomes__golden_c7_best_first() -> None:
    outcomes = resolver_outcomes([6, 2], [4])
    # 2-4 gives the Resolver 6 (leftover 6), 6-4 gives 2 + 2 = 4
    assert [(o.pairs, o.resolver, o.losers) for o in outcomes] == [
        (((2, 4),), (6,), (2,)),
        (((6, 4),), (2, 2), ()),
    ]


@pytest.mark.rules("CAPES-RES-006")
@pytest.mark.parametrize(("w", "lose"), [([4, 3], [4, 2]), ([6, 5, 1], [3, 3]), ([2], [6, 5, 4])])
def test_resolver_outcomes__best_is_the_brute_force_maximum(w: list[int], lose: list[int]) -> None:
    best = 0
    short = min(len(w), len(lose))
    for ws in permutations(w, short):
        for ls in permutations(lose, short):
            mine, _ = match_dice(w, lose, list(zip(ws, ls, strict=True)))
            best = max(best, sum(mine))
    assert resolver_outcomes(w, lose)[0].resolver_total == best
