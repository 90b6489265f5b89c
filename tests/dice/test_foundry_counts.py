"""Foundry VTT's ``even``, ``odd``, ``df``, ``sf`` and ``ms`` (issue 20).

Sources: Foundry VTT's ``Die`` class (its doc comments for the modifiers
``even: countEven``, ``odd: countOdd``, ``df: deductFailures``,
``sf: subtractFailures``, ``ms: marginSuccess``) and its 0.7.0 release notes:

* ``6d6even`` "Count the number of even numbers rolled": each even die 1, odd 0;
  ``6d6odd`` the reverse.
* ``df``: "Deduct the number of failures from the dice result, counting each
  failure as -1" (0.7.0: ``/roll 4d4df<3`` "subtract the number of die which
  roll less than 3 from the total"); the other dice count their faces.
* ``sf``: "Subtract the value of failed dice from the non-failed total, where
  each failure counts as its negative value" (0.7.0: ``/roll 4d4sf<3``).
* ``6d6ms>12`` "Roll 6d6 and subtract 12 from the resulting total"; with
  ``<``/``<=`` Foundry's ``marginFailure``: the target less the total.

Only Foundry has these spellings, so its strict ``df<3`` reads as there. A bare
``df``/``sf`` is refused: the doc comment says "6d6df Subtract the number of
dice which rolled a 1", but the code flags failures only with a compare point
or after a count (the dice a count missed). After a count capeworks writes
``f<=1`` (Foundry's ``df`` there turns a success that also fails into -1).
Exact odds are checked against a brute force over every way the dice fall.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest

from capeworks.dice import GivenDice, distribution, icepool_distribution, parse, roll, roll_many
from capeworks.dice.expr import BinOp, CmpOp, Const, Dice, Op, Target
from capeworks.dice.roller import RollResult
from capeworks.errors import DiceSyntaxError


def _brute(
    n: int, sides: int, counts: Callable[[int], int], then: Callable[[int], int] = lambda t: t
) -> dict:
    tally: Counter[int] = Counter()
    for faces in itertools.product(range(1, sides + 1), repeat=n):
        tally[then(sum(counts(f) for f in faces))] += 1
    whole = sum(tally.values())
    return {k: Fraction(v, whole) for k, v in sorted(tally.items())}


def test_parse__reads_and_prints_back() -> None:
    assert parse("6d6even") == Dice(6, 6, target=Target(0, mode="even"))
    assert parse("4d4df<3") == Dice(4, 4, target=Target(0, 3, CmpOp.GE, CmpOp.LT, mode="df"))
    assert parse("6d6ms>12") == BinOp(Op.SUB, Dice(6, 6), Const(12))
    assert parse("6d6ms<12") == BinOp(Op.SUB, Const(12), Dice(6, 6))
    for text in ("6d6even", "6d6odd", "4d4df<3", "4d4sf<3", "6d6df1", "4d6kh3even", "8d6r1sf<=2"):
        assert str(parse(text)) == text and parse(str(parse(text))) == parse(text)
    # '=' is Foundry's "equal to"; 'ms' prints as the subtraction it is
    assert str(parse("6d6sf=1")) == "6d6sf1"
    assert str(parse("6d6ms>12")) == "6d6-12"
    assert str(parse("2*6d6ms>=12")) == "2*(6d6-12)"
    assert str(parse("(1d4)d6ms<=3")) == "3-(1d4)d6"


@pytest.mark.parametrize(
    ("text", "position", "expected"),
    [
        ("6d6df", 5, "a compare point after 'df'"),
        ("6d6sf", 5, "a compare point after 'sf'"),
        ("6d6df7", 5, "a face from 1 to 6"),
        ("4d6t5df<2", 5, "'f<2' to count failures after a count"),
        ("6d6!even", 4, "no 'even' after exploding dice"),
        ("6d6ms", 5, "a number after 'ms'"),
    ],
)
def test_parse__refusals_say_where_and_why(text: str, position: int, expected: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.position == position and expected in caught.value.expected


@pytest.mark.parametrize(
    ("text", "faces", "total", "breakdown"),
    [
        ("6d6even", [1, 2, 3, 4, 5, 6], 3, "6d6even: [1, 2, 3, 4, 5, 6]even = 3"),
        ("6d6odd", [1, 1, 3, 4, 5, 6], 4, "6d6odd: [1, 1, 3, 4, 5, 6]odd = 4"),
        # the release notes' 4d4df<3: the 1 and the 2 count -1 each, the 3 and 4 their faces
        ("4d4df<3", [1, 2, 3, 4], 5, "4d4df<3: [1, 2, 3, 4]df<3 = 5"),
        # 4d4sf<3: the 1 and the 2 count minus their faces
        ("4d4sf<3", [1, 2, 3, 4], 4, "4d4sf<3: [1, 2, 3, 4]sf<3 = 4"),
        ("6d6ms>12", [6, 5, 4, 3, 2, 1], 9, "6d6-12: [6, 5, 4, 3, 2, 1]-12 = 9"),
        ("6d6ms<12", [6, 5, 4, 3, 2, 1], -9, "12-6d6: 12-[6, 5, 4, 3, 2, 1] = -9"),
        ("4d6kh3even", [2, 5, 6, 1], 2, "4d6kh3even: [2, 5, 6, (1)]even = 2"),
    ],
)
def test_roll__given_dice_and_breakdown(text: str, faces: list[int], total: int, breakdown: str) -> None:
    result = roll(text, source=GivenDice(faces))
    assert result.total == total
    assert result.breakdown == breakdown
    assert result.dice == [faces]
    assert RollResult.from_faces(text, [faces]) == result


@pytest.mark.parametrize(
    ("text", "n", "sides", "counts", "then"),
    [
        ("6d6even", 6, 6, lambda f: int(f % 2 == 0), lambda t: t),
        ("5d8odd", 5, 8, lambda f: f % 2, lambda t: t),
        ("4d4df<3", 4, 4, lambda f: -1 if f < 3 else f, lambda t: t),
        ("4d4sf<3", 4, 4, lambda f: -f if f < 3 else f, lambda t: t),
        ("3d6df1", 3, 6, lambda f: -1 if f == 1 else f, lambda t: t),
        ("3d10sf>=9", 3, 10, lambda f: -f if f >= 9 else f, lambda t: t),
        ("4d6ms>12", 4, 6, lambda f: f, lambda t: t - 12),
        ("4d6ms<=12", 4, 6, lambda f: f, lambda t: 12 - t),
    ],
)
def test_odds__exact_against_brute_force_from_foundrys_text(
    text: str, n: int, sides: int, counts: Callable[[int], int], then: Callable[[int], int]
) -> None:
    assert distribution(text).probabilities == _brute(n, sides, counts, then)


@pytest.mark.parametrize("text", ["6d6kh3odd", "5d6dl1df<=2", "4d8r1sf<3", "6d6ms>12", "(1d3)d6even"])
def test_odds__agree_with_icepool(text: str) -> None:
    assert distribution(text) == icepool_distribution(text)


def test_odds__unique_dice_counted_even() -> None:
    # '3d6u': three different faces, every set of three alike; 'even' counts the even ones among them
    sets = list(itertools.combinations(range(1, 7), 3))
    tally = Counter(sum(1 for f in s if f % 2 == 0) for s in sets)
    assert distribution("3d6ueven").probabilities == {k: Fraction(v, len(sets)) for k, v in tally.items()}


@pytest.mark.parametrize("text", ["6d6even", "4d4df<3", "5d6sf<=2", "4d6kh3odd", "6d6ms<12"])
def test_roll_many__matches_exact_odds(text: str) -> None:
    n = 40_000
    seen = Counter(roll_many(text, n, rng=np.random.default_rng(3)).tolist())
    exact = distribution(text)
    chi2 = sum((seen.get(x, 0) - n * float(p)) ** 2 / (n * float(p)) for x, p in exact if n * p >= 5)
    assert chi2 < 80
    assert not set(seen) - set(exact.probabilities)
