"""Computed die sizes (issue 20): ``d(1d6)``, ``2d(1+3)``, ``(1d4)d(1d6)``: the size is worked out first.

Exact odds are the mixture over counts and sizes (the machinery of ``(1d4)d6``), checked here against
a brute force that rolls the count, then the size, then that many dice of that size.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np
import pytest

from capeworks.dice import RollResult, SeededDice, distribution, icepool_distribution, parse, roll, roll_many
from capeworks.dice.expr import ComputedDice, Dice
from capeworks.errors import DiceSyntaxError, DiceValueError, LimitExceeded

Pick = Callable[[Sequence[int]], int]


def _brute(counts: dict[int, Fraction], sizes: dict[int, Fraction], pick: Pick) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for c, pc in counts.items():
        for s, ps in sizes.items():
            each = pc * ps / s**c
            for faces in itertools.product(range(1, s + 1), repeat=c):
                out[pick(faces)] = out.get(pick(faces), Fraction(0)) + each
    return out


def _die(n: int) -> dict[int, Fraction]:
    return {f: Fraction(1, n) for f in range(1, n + 1)}


def _shift(d: dict[int, Fraction], by: int) -> dict[int, Fraction]:
    return {k + by: p for k, p in d.items()}


def _2d3() -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for a, b in itertools.product(range(1, 4), repeat=2):
        out[a + b] = out.get(a + b, Fraction(0)) + Fraction(1, 9)
    return out


CASES: list[tuple[str, dict[int, Fraction], dict[int, Fraction], Pick]] = [
    ("d(1d6)", {1: Fraction(1)}, _die(6), sum),
    ("2d(1d4)", {2: Fraction(1)}, _die(4), sum),
    ("(1d4)d(1d6)", _die(4), _die(6), sum),
    ("(1d3)d(2d3)", _die(3), _2d3(), sum),
    ("3d(1d6)kh1", {3: Fraction(1)}, _die(6), max),
    ("(1d3+1)d(1d4+2)kl1", _shift(_die(3), 1), _shift(_die(4), 2), min),
]


@pytest.mark.parametrize(("text", "counts", "sizes", "pick"), CASES)
def test_sized__exact_odds_are_the_mixture_over_sizes(
    text: str, counts: dict[int, Fraction], sizes: dict[int, Fraction], pick: Pick
) -> None:
    d = distribution(text)
    assert d.probabilities == _brute(counts, sizes, pick)
    assert d == icepool_distribution(text)


@pytest.mark.parametrize("text", ["1d(1d20)", "(1d20*2)d(1d10)", "(2d4)d8"])
def test_sized__foundrys_own_examples_agree_with_icepool(text: str) -> None:
    """Foundry's Advanced Dice article, parenthetical expressions: its three dice examples."""
    assert distribution(text) == icepool_distribution(text)
    assert parse(str(parse(text))) == parse(text)


def test_sized__a_size_without_dice_is_that_number() -> None:
    assert parse("2d(1+3)") == parse("2d4")
    assert parse("(1d4)d(2+4)") == parse("(1d4)d6")
    assert distribution("2d(1+3)") == distribution("2d4")


@pytest.mark.parametrize("text", ["d(1d6)", "2d(1+3)", "(1d4)d(1d6)", "3d(2d3)kh1", "(1d3)d(1d4+1)dl1"])
def test_sized__canonical_text_reads_back(text: str) -> None:
    expr = parse(text)
    assert parse(str(expr)) == expr


def test_sized__given_dice_roll_the_count_then_the_size_then_the_dice() -> None:
    result = RollResult.from_faces("(1d4)d(1d6)", [[2], [5], [5, 2]])
    assert result.total == 7
    assert result.breakdown == "(1d4)d(1d6): ([2])d([5])[5, 2] = 7"
    assert RollResult.from_faces("d(1d6)", [[2], [1]]).breakdown == "1d(1d6): 1d([2])[1] = 1"
    kept = RollResult.from_faces("3d(1d6)kh1", [[4], [1, 4, 2]])
    assert kept.total == 4
    with pytest.raises(DiceValueError, match="left over"):
        RollResult.from_faces("(1d4)d(1d6)", [[2], [5], [5, 2, 1]])
    with pytest.raises(DiceValueError, match="A d6 cannot show 7"):
        RollResult.from_faces("d(1d6)", [[6], [7]])
    with pytest.raises(DiceValueError, match="A d5 cannot show 6"):  # the size rolled 5
        RollResult.from_faces("(1d4)d(1d6)", [[2], [5], [5, 6]])


def test_sized__rolls_stay_inside_the_rolled_size() -> None:
    for seed in range(40):
        result = roll("(1d4)d(1d6)", source=SeededDice(seed))
        count, size, faces = result.dice
        assert len(faces) == count[0] and all(1 <= f <= size[0] for f in faces)


def test_sized__bulk_rolls_follow_the_exact_odds() -> None:
    n = 40_000
    totals = roll_many("(1d4)d(1d6)", n, rng=np.random.default_rng(7))
    d = distribution("(1d4)d(1d6)")
    for value, p in d.probabilities.items():
        seen = int((totals == value).sum()) / n
        assert abs(seen - float(p)) < 5 * (float(p) * (1 - float(p)) / n) ** 0.5 + 1e-3


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("d(1d6-1)", "never below 1"),
        ("d(0)", "never below 1"),
        ("2d(1d3-3)", "never below 1"),
        ("d(1d6)!", "only keep or drop"),
        ("d(1d6)t3", "only keep or drop"),
        ("d(1d6)>=3", "brackets round dice of a computed size"),
    ],
)
def test_sized__refused_with_a_sentence(text: str, words: str) -> None:
    with pytest.raises(DiceSyntaxError, match=words):
        parse(text)


def test_sized__above_the_size_limit_is_refused() -> None:
    with pytest.raises(LimitExceeded, match="at most 1000 sides"):
        parse("d(1d6*1000)")
    with pytest.raises(LimitExceeded, match="at most 1000 sides"):
        parse("2d(1001)")


def test_sized__a_rolled_size_is_a_computed_node() -> None:
    expr = parse("(1d4)d(1d6)kh1")
    assert isinstance(expr, ComputedDice) and expr.size is not None
    assert isinstance(expr.dice, Dice) and expr.dice.sides == 6
    assert str(parse("(d(1d6)) >= 3")) == "(1d(1d6)) >= 3"
