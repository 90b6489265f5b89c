"""Several reroll conditions on one term (issue 20): Roll20's ``2d10r1r2``, ``ro`` likewise.

A face is rolled again when any condition picks it out; ``r`` rolls again until
none does, ``ro`` once. Exact odds are checked against icepool and against a
brute force written from Roll20's documented meaning.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from capeworks.dice import GivenDice, distribution, icepool_distribution, parse, roll, roll_many
from capeworks.dice.expr import CmpOp, Dice, Point, Reroll
from capeworks.dice.roller import RollResult
from capeworks.errors import DiceSyntaxError


def _one_die(sides: int, hit: set[int], once: bool) -> dict[int, Fraction]:
    """One die rerolled on ``hit``: until it misses (uniform over the rest), or once (then it stands)."""
    if not once:
        rest = [f for f in range(1, sides + 1) if f not in hit]
        return {f: Fraction(1, len(rest)) for f in rest}
    out: Counter[int] = Counter()
    for first, second in itertools.product(range(1, sides + 1), repeat=2):
        out[second if first in hit else first] += 1
    return {f: Fraction(c, sides * sides) for f, c in out.items()}


def _brute(count: int, sides: int, hit: set[int], once: bool) -> dict[int, Fraction]:
    die = _one_die(sides, hit, once)
    out: Counter[int] = Counter()
    for faces in itertools.product(die, repeat=count):
        p = Fraction(1)
        for f in faces:
            p *= die[f]
        out[sum(faces)] += p  # type: ignore[assignment]
    return dict(sorted(out.items()))


def test_parse__conditions_are_kept_in_order_and_read_back() -> None:
    term = parse("2d10r1r2")
    assert isinstance(term, Dice)
    assert term.reroll == Reroll(CmpOp.EQ, 1, False, (Point(CmpOp.EQ, 2),))
    for text in ("2d10r1r2", "4d6ro1ro>=6", "3d8r<=2r8", "1d20r1r2r3"):
        assert str(parse(text)) == text and parse(str(parse(text))) == parse(text)


@pytest.mark.parametrize(
    ("text", "position", "expected"),
    [
        # 'r' and 'ro' mixed on one term: which of them would the later condition follow?
        ("2d10r1ro2", 6, "not both 'r' and 'ro'"),
        ("2d10ro1r2", 7, "not both 'r' and 'ro'"),
        # together the conditions pick every face: it would roll for ever
        ("1d4r<=2r>=3", 10, "rerolls every face for ever"),
        ("1d6r1r7", 6, "a face from 1 to 6"),
        ("1d6r1r>5", 6, "'>='"),
    ],
)
def test_parse__refusals_say_where_and_why(text: str, position: int, expected: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.position == position and expected in caught.value.expected


@pytest.mark.parametrize(
    ("text", "faces", "total", "breakdown"),
    [
        # Roll20's example of rerolling 1s and 2s on d10s: 1 then 2 then 7 stands; 9 stands
        ("2d10r1r2", [1, 2, 7, 9], 16, "2d10r1r2: [1→2→7, 9] = 16"),
        # once: the 6 that a reroll of 1 gave would be rerolled again by '>=6', but 'ro' rolls once
        ("2d6ro1ro>=6", [1, 6, 6, 3], 9, "2d6ro1ro>=6: [1→6, 6→3] = 9"),
        ("3d8r<=2r8kh2", [8, 5, 2, 1, 4, 6], 11, "3d8r<=2r8kh2: [8→5, (2→1→4), 6] = 11"),
        # d20's README: '2d6ro<3' (its '<' is "less than") rerolls a 1 once into 3, beside a 6: 9
        ("2d6ro<=2", [1, 3, 6], 9, "2d6ro<=2: [1→3, 6] = 9"),
        # the same with two conditions, as d20 spells it ('2d6ro1ro2')
        ("2d6ro1ro2", [1, 3, 6], 9, "2d6ro1ro2: [1→3, 6] = 9"),
    ],
)
def test_roll__given_dice_and_breakdown(text: str, faces: list[int], total: int, breakdown: str) -> None:
    result = roll(text, source=GivenDice(faces))
    assert result.total == total
    assert result.breakdown == breakdown
    assert result.dice == [faces]
    assert RollResult.from_faces(text, [faces]) == result


@pytest.mark.parametrize(
    ("text", "count", "sides", "hit", "once"),
    [
        ("2d10r1r2", 2, 10, {1, 2}, False),
        ("3d6r1r6", 3, 6, {1, 6}, False),
        ("2d6ro1ro>=5", 2, 6, {1, 5, 6}, True),
        ("2d8r<=2r>=7", 2, 8, {1, 2, 7, 8}, False),
    ],
)
def test_odds__exact_against_brute_force_and_icepool(
    text: str, count: int, sides: int, hit: set[int], once: bool
) -> None:
    exact = distribution(text)
    assert exact.remainder == 0
    assert exact.probabilities == _brute(count, sides, hit, once)
    assert exact == icepool_distribution(text)


def test_roll_many__matches_exact_odds() -> None:
    n = 40_000
    seen = Counter(roll_many("2d10r1r2", n, rng=np.random.default_rng(5)).tolist())
    exact = distribution("2d10r1r2")
    chi2 = sum((seen.get(x, 0) - n * float(p)) ** 2 / (n * float(p)) for x, p in exact if n * p >= 5)
    assert chi2 < 60  # 99.9% critical value for ~15 degrees of freedom is about 37.7
    assert not set(seen) - set(exact.probabilities)  # no total the exact odds call impossible
