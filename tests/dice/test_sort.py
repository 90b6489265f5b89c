"""Sorting (issue 20): ``s``, ``sa``, ``sd`` order the breakdown and change nothing else.

Sources: rpg-dice-roller's notation guide, "Sorting": ``4d6s`` / ``4d6sa`` ascending, ``4d6sd``
descending; Roll20's Dice Reference, "Sorting Dice": ``8d6s`` ascending, ``8d6sd`` descending.
The total, the faces recorded (in rolling order, as the players call them), the exact odds and
bulk rolls are those of the same dice unsorted.
"""

from __future__ import annotations

import numpy as np
import pytest

from capeworks.dice import GivenDice, distribution, parse, roll, roll_many
from capeworks.dice.expr import Dice
from capeworks.dice.roller import RollResult


@pytest.mark.parametrize(
    ("text", "faces", "breakdown"),
    [
        ("8d6s", [3, 1, 6, 2, 2, 5, 4, 6], "8d6sa: [1, 2, 2, 3, 4, 5, 6, 6] = 29"),
        ("8d6sd", [3, 1, 6, 2, 2, 5, 4, 6], "8d6sd: [6, 6, 5, 4, 3, 2, 2, 1] = 29"),
        ("4d6kh3sd", [2, 5, 1, 3], "4d6kh3sd: [5, 3, 2, (1)] = 10"),
        ("3d6!!sa", [6, 2, 1, 4], "3d6!!sa: [1, 4, 6!+2] = 13"),
        ("10d10sdt8", [1, 10, 8, 3, 9, 2, 7, 7, 4, 5], "10d10sdt8: [10, 9, 8, 7, 7, 5, 4, 3, 2, 1]t8 = 3"),
        ("4d6p<3s", [2, 5, 1, 3], "4d6p<3sa: [(1), (2), 3, 5] = 8"),
    ],
)
def test_sort__orders_the_breakdown_only(text: str, faces: list[int], breakdown: str) -> None:
    result = roll(text, source=GivenDice(faces))
    assert result.breakdown == breakdown
    unsorted = parse(text)
    assert isinstance(unsorted, Dice)
    plain = roll(
        Dice(**{f: getattr(unsorted, f) for f in unsorted.__slots__ if f != "sort"}), source=GivenDice(faces)
    )
    assert result.total == plain.total
    assert result.dice == [faces]  # recorded as rolled
    assert RollResult.from_faces(text, result.dice) == result
    assert parse(str(result.expression)) == result.expression


@pytest.mark.parametrize(
    ("text", "same"), [("4d6kh3s", "4d6kh3"), ("10d10sdt8", "10d10t8"), ("3d6!!sa", "3d6!!")]
)
def test_sort__odds_and_bulk_are_the_unsorted_ones(text: str, same: str) -> None:
    assert distribution(text) == distribution(same)
    a = roll_many(text, 10_000, rng=np.random.default_rng(5))
    b = roll_many(same, 10_000, rng=np.random.default_rng(5))
    assert (a == b).all()
