"""Computed dice (issue 20): ``(1+2)d6`` and ``(1d4)d6``, the number of dice itself an expression.

Source: Foundry VTT, "Advanced Dice", Parentheses: "the number, faces, or modifiers of a dice roll
are themselves dynamic ... roll a variable number of dice based on ... an inner dice roll"; Roll20
reads the same with an inline roll as the count. The brute force below restates that rule on its own:
roll the count, then that many dice, each way weighted by its chance.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from capeworks.dice import GivenDice, distribution, icepool_distribution, parse, roll, roll_many
from capeworks.dice.expr import ComputedDice, Dice
from capeworks.dice.roller import RollResult
from capeworks.errors import CapeworksError, DiceValueError


@pytest.mark.parametrize(
    ("text", "faces", "total", "breakdown"),
    [
        ("(1d4)d6", [3, 4, 2, 6], 12, "(1d4)d6: ([3])d6[4, 2, 6] = 12"),
        ("(1d4)d6kh1+2", [2, 4, 5], 7, "(1d4)d6kh1+2: ([2])d6[(4), 5]+2 = 7"),
        # a comparison right after them counts them, as after any pool (Roll20, rpg-dice-roller)
        ("(1d4)d6>=5", [3, 5, 6, 1], 2, "(1d4)d6t5: ([3])d6[5, 6, 1]t5 = 2"),
        ("(1d2)d6!", [2, 6, 3, 4], 13, "(1d2)d6!: ([2])d6[6!, 3, 4] = 13"),
        ("(1d4)dF", [2, -1, 1], 0, "(1d4)dF: ([2])dF[-1, 1] = 0"),
        ("(1d3-1)d6", [1], 0, "(1d3-1)d6: ([1]-1)d6[] = 0"),
        # a count without dice is a number
        ("(1+2)d6", [1, 2, 3], 6, "3d6: [1, 2, 3] = 6"),
    ],
)
def test_computed__rolls_given_dice_with_a_breakdown(
    text: str, faces: list[int], total: int, breakdown: str
) -> None:
    result = roll(text, source=GivenDice(faces))
    assert result.total == total
    assert result.breakdown == breakdown
    assert RollResult.from_faces(text, result.dice) == result  # recorded faces replay
    assert parse(str(result.expression)) == result.expression


def test_computed__a_count_without_dice_is_folded() -> None:
    assert parse("(1+2)d6") == parse("3d6")
    assert isinstance(parse("(1d4)d6"), ComputedDice)


def test_computed__recorded_faces_must_fit_the_counts() -> None:
    with pytest.raises(DiceValueError, match="do not fit"):
        RollResult.from_faces("(1d4)d6", [[3, 1], [2, 4]])
    with pytest.raises(DiceValueError, match="needs 3 d6 but only 2"):
        RollResult.from_faces("(1d4)d6", [[3], [1, 2]])
    with pytest.raises(DiceValueError):
        roll("(1d4)d6", source=GivenDice([3, 1, 2]))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("(1d4-2)d6", "never be negative"),
        ("(1d4)d6kh2", "at most 1 (the number of dice the count can come to, at fewest)"),
        ("(2)3d6", "the end of the expression"),
    ],
)
def test_computed__refusals_say_why(text: str, expected: str) -> None:
    with pytest.raises(CapeworksError, match=expected.replace("(", r"\(").replace(")", r"\)")):
        parse(text)


def test_computed__past_the_dice_limit_is_refused() -> None:
    with pytest.raises(CapeworksError, match="At most 1000 dice"):
        parse("(1d1000+1)d6")


def _brute(text: str, count_of: dict[int, int]) -> dict[int, Fraction]:
    """Roll the count's d4 (face -> count as ``count_of`` says), then every way that many dice fall."""
    expr = parse(text)
    assert isinstance(expr, ComputedDice)
    out: dict[int, Fraction] = {}
    for n in count_of.values():
        term = expr.with_count(n)
        faces = [-1, 0, 1] if term.fate else list(range(1, term.sides + 1))
        seqs = list(itertools.product(faces, repeat=n))
        for seq in seqs:
            kept = [f for f, k in zip(seq, _kept(term, seq), strict=True) if k]
            value = sum(kept) if term.target is None else sum(term.target.score(f) for f in kept)
            out[value] = out.get(value, Fraction(0)) + Fraction(1, len(count_of)) / len(seqs)
    return dict(sorted(out.items()))


_D4 = {f: f for f in range(1, 5)}


@pytest.mark.parametrize(
    ("text", "count_of"),
    [
        ("(1d4)d6", _D4),
        ("(1d4)d6kh1", _D4),
        ("(1d4)d4dl1", _D4),
        ("(1d4)d6t5f1", _D4),
        ("(1d4)dF", _D4),
        ("(1d4-1)d6", {f: f - 1 for f in range(1, 5)}),
        ("(1d4-1)d8>=7", {f: f - 1 for f in range(1, 5)}),
    ],
)
def test_computed__exact_odds_are_the_mixture(text: str, count_of: dict[int, int]) -> None:
    exact = distribution(text)
    assert exact.probabilities == _brute(text, count_of)
    assert exact == icepool_distribution(text)


def test_computed__odds_of_computed_dice_that_explode_or_reroll_agree_with_icepool() -> None:
    for text in ("(1d3)d6r1", "(1d2)d6!", "(1d3)d8!!kh1", "(2d2-2)d4min2"):
        assert distribution(text) == icepool_distribution(text), text


@pytest.mark.parametrize("text", ["(1d4)d6", "(1d4)d6kh1", "(1d4-1)d8>=7", "(1d2)d6!", "(1d4)dF+1"])
def test_computed__bulk_rolls_match_exact_odds(text: str) -> None:
    n = 200_000
    totals = roll_many(text, n, rng=np.random.default_rng(20))
    exact = distribution(text)
    mean, sd = float(exact.mean), exact.stdev
    assert abs(totals.mean() - mean) < 5 * sd / n**0.5
    seen = Counter(totals.tolist())
    assert set(seen) <= set(exact.support)
    for value, p in exact.probabilities.items():
        if p > 0.02:  # every common outcome within 5 standard errors of its chance
            q = float(p)
            assert abs(seen[value] / n - q) < 5 * (q * (1 - q) / n) ** 0.5, value


def _kept(term: Dice, seq: tuple[int, ...]) -> list[bool]:
    """Keep/drop as the peers document it: the highest (lowest) dice, ties to the later die."""
    low, high = term.kept_range
    order = sorted(range(len(seq)), key=lambda i: (seq[i], i))
    flags = [False] * len(seq)
    for i in order[low:high]:
        flags[i] = True
    return flags
