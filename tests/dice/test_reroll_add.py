"""d20's ``ra`` (reroll and add), issue 20.

Source: d20's README (avrae/d20), Dice Syntax, Operators table: "ra | reroll
and add | Rerolls up to one matched value once, keeping the original roll.
(Dice only)". So ``3d6ra1`` rolls three dice and, when at least one shows 1,
one more d6 that is added to the pool (the 1 stays); never more than one
extra die for the whole term, and the added die is not rolled again. d20
appends the new die after the others, so it is given and shown last.
Roll20, rpg-dice-roller and Foundry VTT have no such operation.

Exact odds are checked against a brute force written from that sentence
(icepool has no such rule).
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.dice import GivenDice, distribution, parse, roll, roll_many
from capeworks.dice.expr import CmpOp, Dice, Point, Reroll
from capeworks.dice.roller import RollResult
from capeworks.errors import DiceSyntaxError, DiceValueError


def _d20_brute(count: int, sides: int, picks: Callable[[int], bool], counts: Callable[[int], int]) -> dict:
    """Every way ``count`` dice fall; when any die is picked out, every way one more die falls, added."""
    tally: Counter[int] = Counter()
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        base = sum(counts(f) for f in faces)
        if any(picks(f) for f in faces):
            for extra in range(1, sides + 1):
                tally[base + counts(extra)] += 1
        else:
            tally[base] += sides  # over sides**(count+1), as the branch above
    whole = sum(tally.values())
    return {k: Fraction(v, whole) for k, v in sorted(tally.items()) if v}


def test_parse__reads_and_prints_back() -> None:
    term = parse("3d6ra1")
    assert isinstance(term, Dice)
    assert term.reroll == Reroll(CmpOp.EQ, 1, False, (), True)
    assert term.adds_one
    for text in ("3d6ra1", "2d20ra20", "4d6ra<=2", "4d6ra1ra6t4", "5d10ra>=9t8f1", "(1d4)d6ra6", "8d6ra1sd"):
        assert str(parse(text)) == text and parse(str(parse(text))) == parse(text)


@pytest.mark.parametrize(
    ("text", "position", "expected"),
    [
        # the added die changes how many dice there are: a keep/drop would read differently for each
        ("4d6ra1kh3", 6, "no keep or drop after 'ra'"),
        ("4d6ra1k>3", 6, "no keep or drop by value after 'ra'"),
        # 'ra' and 'r' mixed on one term
        ("2d6ra1r2", 6, "not both 'r' and 'ra'"),
        ("1d6ra7", 5, "a face from 1 to 6"),
        # d20's '<' is "less than", Roll20's "or less": refused as after 'r'
        ("2d6ra<3", 5, "'<='"),
    ],
)
def test_parse__refusals_say_where_and_why(text: str, position: int, expected: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.position == position and expected in caught.value.expected


@pytest.mark.parametrize(
    ("text", "faces", "total", "breakdown"),
    [
        # a 1 among three dice: one more d6 (3), added; the 1 stays
        ("3d6ra1", [1, 4, 6, 3], 14, "3d6ra1: [1, 4, 6, +3] = 14"),
        # no 1: nothing added
        ("3d6ra1", [2, 4, 6], 12, "3d6ra1: [2, 4, 6] = 12"),
        # two 1s: still only one die added ("up to one matched value")
        ("3d6ra1", [1, 1, 5, 1], 8, "3d6ra1: [1, 1, 5, +1] = 8"),
        # a crit-fishing 2d20ra20: the added 20 is not rolled again
        ("2d20ra20", [20, 7, 20], 47, "2d20ra20: [20, 7, +20] = 47"),
        # counting successes: the added die counts as a die of its own
        ("4d10ra10t8", [10, 3, 8, 2, 9], 3, "4d10ra10t8: [10, 3, 8, 2, +9]t8 = 3"),
        ("4d6ra1ra6", [3, 6, 2, 2, 5], 18, "4d6ra1ra6: [3, 6, 2, 2, +5] = 18"),
        ("3d6ra1sd", [1, 4, 6, 3], 14, "3d6ra1sd: [6, 4, +3, 1] = 14"),
    ],
)
def test_roll__given_dice_and_breakdown(text: str, faces: list[int], total: int, breakdown: str) -> None:
    result = roll(text, source=GivenDice(faces))
    assert result.total == total
    assert result.breakdown == breakdown
    assert result.dice == [faces]
    assert RollResult.from_faces(text, [faces]) == result


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        ([1, 4, 6], "needs one more d6 after its 3 dice (the 1 adds a die)"),
        ([2, 4, 6, 3], "used 3 dice but 4 were given"),
        ([2, 4], "needs more dice than the 2 given"),
    ],
)
def test_roll__given_dice_that_do_not_fit_are_refused(faces: list[int], message: str) -> None:
    with pytest.raises(DiceValueError):
        roll("3d6ra1", source=GivenDice(faces))
    with pytest.raises(DiceValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        RollResult.from_faces("3d6ra1", [faces])


def test_roll__computed_count_then_the_dice_and_the_one_added() -> None:
    result = roll("(1d3)d6ra6", source=GivenDice([2, 6, 1, 4]))
    assert result.total == 11
    assert result.dice == [[2], [6, 1, 4]]
    assert result.breakdown == "(1d3)d6ra6: ([2])d6[6, 1, +4] = 11"


@pytest.mark.parametrize(
    ("text", "count", "sides", "picks", "counts"),
    [
        ("3d6ra1", 3, 6, lambda f: f == 1, lambda f: f),
        ("2d20ra20", 2, 20, lambda f: f == 20, lambda f: f),
        ("2d4ra<=2", 2, 4, lambda f: f <= 2, lambda f: f),
        ("4d6ra>=5", 4, 6, lambda f: f >= 5, lambda f: f),
        ("3d6ra1ra6", 3, 6, lambda f: f in (1, 6), lambda f: f),
        ("4d10ra10t8", 4, 10, lambda f: f == 10, lambda f: int(f >= 8)),
        ("3d6ra6t5f1", 3, 6, lambda f: f == 6, lambda f: int(f >= 5) - int(f <= 1)),
        ("1d6ra>=1", 1, 6, lambda f: True, lambda f: f),  # every face picks: always two dice
    ],
)
def test_odds__exact_against_brute_force_from_d20s_text(
    text: str, count: int, sides: int, picks: Callable[[int], bool], counts: Callable[[int], int]
) -> None:
    exact = distribution(text)
    assert exact.remainder == 0
    assert exact.probabilities == _d20_brute(count, sides, picks, counts)


def test_odds__computed_count_is_the_mixture() -> None:
    mixed: Counter[int] = Counter()
    for n in (1, 2, 3):
        for value, p in _d20_brute(n, 6, lambda f: f == 1, lambda f: f).items():
            mixed[value] += p / 3  # type: ignore[assignment]
    assert distribution("(1d3)d6ra1").probabilities == dict(sorted(mixed.items()))


@pytest.mark.parametrize("text", ["3d6ra1", "4d10ra>=9t8f1", "(1d3)d6ra6"])
def test_roll_many__matches_exact_odds(text: str) -> None:
    n = 40_000
    seen = Counter(roll_many(text, n, rng=np.random.default_rng(7)).tolist())
    exact = distribution(text)
    chi2 = sum((seen.get(x, 0) - n * float(p)) ** 2 / (n * float(p)) for x, p in exact if n * p >= 5)
    assert chi2 < 80  # far above the 99.9% point for the ~30 degrees of freedom these have
    assert not set(seen) - set(exact.probabilities)


def test_cli__roll_and_odds_take_it() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["roll", "3d6ra1", "--dice", "1,4,6,3", "--json"])
    assert out.exit_code == 0
    assert json.loads(out.stdout)["breakdown"] == "3d6ra1: [1, 4, 6, +3] = 14"
    out = runner.invoke(app, ["odds", "1d6ra>=1", "--json"])
    assert out.exit_code == 0
    assert json.loads(out.stdout)["distribution"]["12"] == "1/36"


def test_reroll_with_several_conditions_still_reads_as_before() -> None:
    # the brief's check: 'r1r3' rerolls 1s and 3s until neither shows
    assert parse("2d6r1r3") == Dice(2, 6, reroll=Reroll(CmpOp.EQ, 1, False, (Point(CmpOp.EQ, 3),)))
    assert roll("2d6r1r3", source=GivenDice([1, 3, 5, 6])).breakdown == "2d6r1r3: [1→3→5, 6] = 11"
