"""Exact odds: brute force for small pools, icepool for agreement, pinned designer claims."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, reject, settings

from capeworks.dice import distribution, icepool_distribution, parse, roll
from capeworks.dice.expr import Dice, dice_terms
from capeworks.dice.roller import RollResult
from capeworks.errors import LimitExceeded
from tests.dice.strategies import expression


def brute_force(text: str) -> dict[int, Fraction]:
    """Every combination of faces, rolled through the roller: the reference."""
    terms: list[Dice] = list(dice_terms(parse(text)))
    ranges = [range(t.low, t.low + t.sides) for t in terms for _ in range(t.count)]
    tally: Counter[int] = Counter()
    for faces in itertools.product(*ranges):
        split, at = [], 0
        for t in terms:
            split.append(list(faces[at : at + t.count]))
            at += t.count
        tally[RollResult.from_faces(text, split).total] += 1
    n = sum(tally.values())
    return {k: Fraction(v, n) for k, v in sorted(tally.items())}


SMALL = [
    "3d6",
    "4d6kh3",
    "5d4kl2",
    "4d6dh1",
    "5d6t4",
    "5d6t5f1",
    "4d8kh2t6f2",
    "2d6+4>=12",
    "min(1d20, 1d20)",
    "max(2d4, 1d8)-1d3",
    "1d6*1d6",
    "-(2d4)+3",
    "2d6 != 1d12",
    "d3",
]


@pytest.mark.parametrize("text", SMALL)
def test_distribution__matches_brute_force(text: str) -> None:
    assert distribution(text).probabilities == brute_force(text)


@pytest.mark.parametrize(
    "text",
    [*SMALL, "10d6", "100d6", "10d6t5", "50d6t5", "200d6t5", "10d6kh3", "20d10kh5", "12d8dl4", "10d6t5f1"],
)
def test_distribution__direct_methods_agree_with_icepool(text: str) -> None:
    assert distribution(text) == icepool_distribution(text)


@pytest.mark.rules("RWYN-DESIGN-008")
@pytest.mark.parametrize(
    ("dice", "need", "p"),
    [
        (5, 3, Fraction(1, 2)),  # 16/32: 5 dice at 4+ give 50/50 for 3 successes
        (7, 4, Fraction(1, 2)),  # 64/128
        (9, 5, Fraction(1, 2)),  # 256/512
        (4, 3, Fraction(5, 16)),  # neighbour: 0.3125
        (6, 3, Fraction(21, 32)),  # neighbour: 0.65625
    ],
)
def test_successes_on_4_plus__designer_claim_is_exact(dice: int, need: int, p: Fraction) -> None:
    assert distribution(f"{dice}d6t4").at_least(need) == p


def test_successes__brute_force_of_the_designer_claim() -> None:
    # P(at least 3 successes on 4+ in 5d6), counting all 6**5 = 7776 rolls
    table = brute_force("5d6t4")
    assert sum(p for k, p in table.items() if k >= 3) == Fraction(1, 2)


def test_distribution__summary_numbers() -> None:
    d = distribution("2d6")
    assert d.mean == 7
    assert d.variance == Fraction(35, 6)
    assert d.at_least(12) == Fraction(1, 36)
    assert d.at_most(3) == Fraction(3, 36)
    assert d.at_least(2) == 1 and d.at_least(13) == 0
    assert d.at_least_table()[7] == Fraction(21, 36)  # 6+5+4+3+2+1 ways of 7 or more


@pytest.mark.parametrize(
    "text",
    [
        "1000d1000",
        "100d100kh50",
        "(1000*1000)*(20d1000*20d1000)",
        "max(max(20d20*20d20, 20d20*20d20), max(20d20*20d20, 20d20*20d20))",
    ],
)
def test_distribution__too_much_work_is_refused_quickly(text: str) -> None:
    with pytest.raises(LimitExceeded):
        distribution(text)


@settings(max_examples=40, deadline=None)
@given(expression)
def test_distribution__probabilities_sum_to_one(text: str) -> None:
    try:
        d = distribution(text)
    except LimitExceeded:
        # a rare draw (a group of wide sums kept by total) passes the exact-odds work limit and is
        # refused, as test_distribution__too_much_work_is_refused_quickly pins; nothing to sum
        reject()
    assert sum(d.probabilities.values()) == 1
    assert 0 not in d.probabilities.values()
    assert d.probability(roll(text, seed=1).total) > 0
