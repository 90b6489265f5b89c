"""Failures with a compare point after a count (issue 20): ``4d6>=4f1``, ``f<=2``, ``f==2``, ``t5f>=6``.

Sources: Roll20 Dice Reference, "Failure Checks": ``3d6>3f1`` counts successes and subtracts a
failure for each 1 (Roll20's ``>3`` is "3 or more", refused here: capeworks writes ``3d6>=3f1``);
a bare ``fN`` there, as in rpg-dice-roller (``f<=1``, ``f=2``), is a compare point, *exactly* N.
capeworks' own ``t5f2`` has meant "2 or less" since v1, so after a comparison only ``f1`` (where
both readings agree) is read bare; anything else needs its compare point. The brute force below
restates the rule on its own: successes minus failures over every way the dice fall.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from capeworks.dice import GivenDice, distribution, icepool_distribution, parse, roll, roll_many
from capeworks.dice.expr import CmpOp, Dice, Target
from capeworks.dice.roller import RollResult
from capeworks.errors import DiceSyntaxError


@pytest.mark.parametrize(
    ("text", "faces", "total", "breakdown"),
    [
        # Roll20's example, in capeworks' spelling: two dice of 3 or more, one 1
        ("3d6>=3f1", [1, 4, 6], 1, "3d6t3f==1: [1, 4, 6]t3f==1 = 1"),
        ("4d6>=4f1", [1, 1, 5, 6], 0, "4d6t4f==1: [1, 1, 5, 6]t4f==1 = 0"),
        ("4d6>=4f<=2", [1, 2, 5, 3], -1, "4d6t4f2: [1, 2, 5, 3]t4f2 = -1"),
        ("4d6>=4f==2", [1, 2, 5, 3], 0, "4d6t4f==2: [1, 2, 5, 3]t4f==2 = 0"),
        # a failure on a high face, and a die both a success and a failure (+1 -1)
        ("5d10t5f>=10", [10, 7, 2, 5, 10], 2, "5d10t5f>=10: [10, 7, 2, 5, 10]t5f>=10 = 2"),
        ("2d6>=1f1", [1, 3], 1, "2d6t1f==1: [1, 3]t1f==1 = 1"),
        ("(1d4)d6>=5f1", [2, 1, 6], 0, "(1d4)d6t5f==1: ([2])d6[1, 6]t5f==1 = 0"),
    ],
)
def test_failures__given_dice_and_breakdown(text: str, faces: list[int], total: int, breakdown: str) -> None:
    result = roll(text, source=GivenDice(faces))
    assert result.breakdown == breakdown
    assert result.total == total
    assert RollResult.from_faces(text, result.dice) == result
    assert parse(str(result.expression)) == result.expression


def test_failures__trees() -> None:
    term = parse("4d6>=4f1")
    assert isinstance(term, Dice)
    assert term.target == Target(4, 1, CmpOp.GE, CmpOp.EQ)
    assert parse("10d6t5f1") == Dice(10, 6, target=Target(5, 1))  # v1's meaning kept: 1 or less


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4d6>=4f2", "'f<=2' for 2 or less, or 'f==2' for exactly 2"),
        ("4d6>=4f<2", "'<=' for failures"),
        ("3d6>3f1", "'>=' to count dice"),
        ("4d6>=4f==7", "a face from 1 to 6 for failures"),
        ("(2d6)>=4f1", "the end of the expression"),
    ],
)
def test_failures__refusals_say_why(text: str, expected: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert expected in str(caught.value)


def _brute(text: str, success: object, failure: object) -> dict[int, Fraction]:
    term = parse(text)
    assert isinstance(term, Dice) and callable(success) and callable(failure)
    tally: Counter[int] = Counter()
    for seq in itertools.product(range(1, term.sides + 1), repeat=term.count):
        tally[sum(int(success(f)) - int(failure(f)) for f in seq)] += 1
    total = sum(tally.values())
    return {k: Fraction(v, total) for k, v in sorted(tally.items())}


@pytest.mark.parametrize(
    ("text", "success", "failure"),
    [
        ("3d6>=3f1", lambda f: f >= 3, lambda f: f == 1),
        ("4d6>=4f<=2", lambda f: f >= 4, lambda f: f <= 2),
        ("4d6>=4f==2", lambda f: f >= 4, lambda f: f == 2),
        ("4d10t5f>=10", lambda f: f >= 5, lambda f: f >= 10),
        ("4d6<=2f>=6", lambda f: f <= 2, lambda f: f >= 6),
        ("3d6t>=0f==3", lambda f: True, lambda f: f == 3),
    ],
)
def test_failures__exact_odds_match_the_documented_rule(text: str, success: object, failure: object) -> None:
    exact = distribution(text)
    assert exact.probabilities == _brute(text, success, failure)
    assert exact == icepool_distribution(text)


@pytest.mark.parametrize("text", ["4d6kh3>=4f1", "3d6r1>=4f==2", "2d6!!t5f==1", "(1d4)d6>=5f1"])
def test_failures__with_keeps_chains_and_computed_dice_agree_with_icepool(text: str) -> None:
    assert distribution(text) == icepool_distribution(text)


@pytest.mark.parametrize("text", ["6d10>=8f1", "4d6>=4f<=2", "5d10t5f>=10"])
def test_failures__bulk_rolls_match_exact_odds(text: str) -> None:
    n = 200_000
    totals = roll_many(text, n, rng=np.random.default_rng(20))
    exact = distribution(text)
    assert abs(totals.mean() - float(exact.mean)) < 5 * exact.stdev / n**0.5
    assert set(totals.tolist()) <= set(exact.support)
