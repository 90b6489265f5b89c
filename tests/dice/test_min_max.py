"""Per-die minimum and maximum (issue 20): rpg-dice-roller's ``min``/``max``, d20's ``mi``/``ma``.

Each die counts as at least ``min`` and at most ``max`` of its face; the die is
rolled once (no extra dice), keep/drop and targets see the counted value. The
canonical spelling is rpg-dice-roller's (``min2``); d20's ``mi2`` reads the same.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from capeworks.dice import GivenDice, distribution, icepool_distribution, parse, roll, roll_many
from capeworks.dice.expr import Dice
from capeworks.dice.roller import RollResult
from capeworks.errors import DiceSyntaxError


def _brute(count: int, sides: int, least: int, most: int, keep_high: int | None) -> dict[int, Fraction]:
    """Every roll of ``count`` dice, each face clamped into least..most, summed (the highest few if asked)."""
    out: Counter[int] = Counter()
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        values = sorted(min(max(f, least), most) for f in faces)
        out[sum(values if keep_high is None else values[-keep_high:])] += 1
    n = sides**count
    return {k: Fraction(v, n) for k, v in sorted(out.items())}


def test_parse__both_spellings_read_the_same_and_print_back() -> None:
    assert parse("8d6mi2") == parse("8d6min2")
    assert parse("4d6ma5mi2") == parse("4d6min2max5")
    term = parse("4d6min2max5kh3")
    assert isinstance(term, Dice) and (term.least, term.most) == (2, 5)
    for text in ("8d6min2", "4d6min2max5kh3", "2d6max5t5", "1d20min10"):
        assert str(parse(text)) == text and parse(str(parse(text))) == parse(text)


@pytest.mark.parametrize(
    ("text", "position", "expected"),
    [
        ("4d6min7", 6, "a face from 1 to 6"),
        ("4d6min5max3", 10, "at least the 'min' (5)"),
        ("4d6min2min3", 7, "one per-die 'min'"),
        ("4d6min2r1", 7, "no reroll or explosion after"),
        ("4d6r1min2", 5, "not both"),
        ("4d6!min2", 4, "not both"),
    ],
)
def test_parse__refusals_say_where_and_why(text: str, position: int, expected: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.position == position and expected in caught.value.expected


@pytest.mark.parametrize(
    ("text", "faces", "total", "breakdown"),
    [
        # d20's README: '8d6mi2' on 1, 6, 4, 2, 6, 2, 5, 6 is 33, the 1 counting as 2
        ("8d6mi2", [1, 6, 4, 2, 6, 2, 5, 6], 33, "8d6min2: [1↑2, 6, 4, 2, 6, 2, 5, 6] = 33"),
        # keep/drop see the counted values: 6 counts 5, 1 counts 2; the highest three of 5, 2, 3, 4
        ("4d6min2max5kh3", [6, 1, 3, 4], 12, "4d6min2max5kh3: [6↓5, (1↑2), 3, 4] = 12"),
        # so does a target: the 6 counted as 5 still reaches 5
        ("2d6max5t5", [6, 4], 1, "2d6max5t5: [6↓5, 4]t5 = 1"),
    ],
)
def test_roll__given_dice_and_breakdown(text: str, faces: list[int], total: int, breakdown: str) -> None:
    result = roll(text, source=GivenDice(faces))
    assert result.total == total
    assert result.breakdown == breakdown
    assert result.dice == [faces]
    assert RollResult.from_faces(text, [faces]) == result


@pytest.mark.parametrize(
    ("text", "count", "sides", "least", "most", "keep_high"),
    [
        ("3d6min2", 3, 6, 2, 6, None),
        ("3d8max6", 3, 8, 1, 6, None),
        ("4d6min2max5kh3", 4, 6, 2, 5, 3),
        ("2d20mi10", 2, 20, 10, 20, None),
    ],
)
def test_odds__exact_against_brute_force_and_icepool(
    text: str, count: int, sides: int, least: int, most: int, keep_high: int | None
) -> None:
    exact = distribution(text)
    assert exact.remainder == 0
    assert exact.probabilities == _brute(count, sides, least, most, keep_high)
    assert exact == icepool_distribution(text)


def test_roll_many__matches_exact_odds() -> None:
    n = 40_000
    seen = Counter(roll_many("4d6min2max5kh3", n, rng=np.random.default_rng(7)).tolist())
    exact = distribution("4d6min2max5kh3")
    chi2 = sum((seen.get(x, 0) - n * float(p)) ** 2 / (n * float(p)) for x, p in exact if n * p >= 5)
    assert chi2 < 60  # 99.9% critical value for ~10 degrees of freedom is about 29.6
    assert not set(seen) - set(exact.probabilities)
