"""Unique dice ``u`` / ``uo`` (rpg-dice-roller), issue 20.

Source: rpg-dice-roller's notation guide, Modifiers, "Unique (u / uo / u{cp} /
uo{cp})": "re-roll any dice where the value is not unique. It will keep
rolling until a unique value is rolled"; ``uo`` re-rolls a duplicate once
("This could end up with duplicates"); a compare point limits it to the
duplicates it picks (``4d6u=5``: "Only re-roll duplicates that roll a 5",
``10d4u<=2``). Its UniqueModifier takes the dice in rolling order and never
re-rolls the first; a die is a duplicate when an earlier die shows its value.
capeworks writes the compare point as elsewhere (``4d6u5``, not ``u=5``), and
refuses ``u`` with more dice than the faces it picks from (the guide's own
``5d3u`` "could result in an infinite re-roll loop"). Roll20, d20 and Foundry
VTT have no unique dice.

Exact odds are checked against a brute force written from those sentences:
every die in order, every first roll, and a duplicate's further rolls.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.dice import GivenDice, distribution, parse, roll, roll_many
from capeworks.dice.expr import CmpOp, Dice, Point, Unique
from capeworks.dice.results import RolledDice
from capeworks.dice.roller import RollResult
from capeworks.errors import DiceSyntaxError, DiceValueError, LimitExceeded


def _peer_brute(
    n: int, sides: int, picks: Callable[[int], bool], once: bool, counts: Callable[[int], int] = lambda f: f
) -> dict[int, Fraction]:
    """Each die in order: a first roll; a duplicate of an earlier die that ``picks`` takes is rolled again.

    ``uo``: one more roll, whatever it shows. ``u``: rolls go on while they
    land on a picked face an earlier die shows (t of S faces), so the die ends
    on each other face with chance sum over k of (t/S)**k * 1/S.
    """
    out: Counter[int] = Counter()

    def go(i: int, finals: list[int], p: Fraction) -> None:
        if i == n:
            out[sum(counts(f) for f in finals)] += p  # type: ignore[assignment]
            return
        for first in range(1, sides + 1):
            q = p / sides
            if first in finals and picks(first):
                taken = {f for f in finals if picks(f)}
                for second in range(1, sides + 1):
                    if once:
                        go(i + 1, [*finals, second], q / sides)
                    elif second not in taken:
                        go(i + 1, [*finals, second], q / (1 - Fraction(len(taken), sides)) / sides)
            else:
                go(i + 1, [*finals, first], q)

    go(0, [], Fraction(1))
    return {k: v for k, v in sorted(out.items()) if v}


def test_parse__reads_and_prints_back() -> None:
    term = parse("4d6u5")
    assert isinstance(term, Dice)
    assert term.unique == Unique(False, Point(CmpOp.EQ, 5))
    for text in ("2d10u", "2d10uo", "4d6u5", "10d4u<=2", "3d8uo>=7", "6d6u", "5d6ut5", "(1d4)d6u", "4d6usd"):
        assert str(parse(text)) == text and parse(str(parse(text))) == parse(text)


@pytest.mark.parametrize(
    ("text", "position", "expected"),
    [
        # the guide's own warning: more dice than faces cannot all differ
        ("5d3u", 3, "at most 3 dice for 'u' on a d3"),
        ("4d6u=5", 4, "'u5': rpg-dice-roller's 'u=5'"),
        ("4d6u>5", 4, "'>='"),
        ("4d6ukh3", 4, "no keep or drop after unique dice"),
        ("4d6u7", 4, "a face from 1 to 6"),
        ("4d6ur1", 4, "one of exploding, rerolling or unique dice"),
        ("1d1u", 3, "at least 2 sides"),
    ],
)
def test_parse__refusals_say_where_and_why(text: str, position: int, expected: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.position == position and expected in caught.value.expected


def test_parse__uo_and_a_compare_point_may_take_more_dice_than_faces() -> None:
    assert parse("5d3uo") == Dice(5, 3, unique=Unique(True))
    assert parse("7d6u5") == Dice(7, 6, unique=Unique(False, Point(CmpOp.EQ, 5)))


@pytest.mark.parametrize(
    ("text", "faces", "total", "breakdown"),
    [
        # the guide's 2d10u: a second 7 is rolled again until it is not 7
        ("2d10u", [7, 7, 7, 3], 10, "2d10u: [7, 7→7→3] = 10"),
        # 2d10uo: once, even if the re-roll is a duplicate again
        ("2d10uo", [7, 7, 7], 14, "2d10uo: [7, 7→7] = 14"),
        # 4d6u=5 (written 4d6u5): only duplicate 5s roll again; the two 2s stand
        ("4d6u5", [5, 2, 5, 1, 2], 10, "4d6u5: [5, 2, 5→1, 2] = 10"),
        # 10d4u<=2 in little: duplicates of 1 or 2 roll again, a duplicate 4 stands
        ("4d4u<=2", [2, 4, 4, 2, 2, 1], 11, "4d4u<=2: [2, 4, 4, 2→2→1] = 11"),
        ("3d6ut5", [6, 6, 5, 6, 2], 2, "3d6ut5: [6, 6→5, 6→2]t5 = 2"),
        ("3d6usd", [1, 6, 1, 3], 10, "3d6usd: [6, 1→3, 1] = 10"),
    ],
)
def test_roll__given_dice_and_breakdown(text: str, faces: list[int], total: int, breakdown: str) -> None:
    result = roll(text, source=GivenDice(faces))
    assert result.total == total
    assert result.breakdown == breakdown
    assert result.dice == [faces]
    assert RollResult.from_faces(text, [faces]) == result


def test_roll__given_dice_that_do_not_fit_are_refused() -> None:
    with pytest.raises(DiceValueError, match="needs another d10 after the 7"):
        RollResult.from_faces("2d10u", [[7, 7]])
    with pytest.raises(DiceValueError, match="used 2 dice but 3 were given"):
        RollResult.from_faces("2d10u", [[7, 3, 3]])


def test_roll__seeded_u_dice_all_differ() -> None:
    for seed in range(200):
        tree = roll("6d6u", seed=seed).tree
        assert isinstance(tree, RolledDice)
        assert sorted(d.face for d in tree.dice) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    ("text", "n", "sides", "picks", "once", "counts"),
    [
        ("3d6u", 3, 6, lambda f: True, False, lambda f: f),
        ("2d10u", 2, 10, lambda f: True, False, lambda f: f),
        ("3d6uo", 3, 6, lambda f: True, True, lambda f: f),
        ("4d6u5", 4, 6, lambda f: f == 5, False, lambda f: f),
        ("4d4u<=2", 4, 4, lambda f: f <= 2, False, lambda f: f),
        ("3d8uo>=7", 3, 8, lambda f: f >= 7, True, lambda f: f),
        ("4d6ut5", 4, 6, lambda f: True, False, lambda f: int(f >= 5)),
        ("4d6uot5f1", 4, 6, lambda f: True, True, lambda f: int(f >= 5) - int(f <= 1)),
        ("5d3uo", 5, 3, lambda f: True, True, lambda f: f),
        ("4d4u", 4, 4, lambda f: True, False, lambda f: f),  # every face once: always 10
    ],
)
def test_odds__exact_against_brute_force_from_the_peers_text(
    text: str,
    n: int,
    sides: int,
    picks: Callable[[int], bool],
    once: bool,
    counts: Callable[[int], int],
) -> None:
    exact = distribution(text)
    assert exact.remainder == 0
    assert exact.probabilities == _peer_brute(n, sides, picks, once, counts)


def test_odds__computed_count_is_the_mixture() -> None:
    mixed: Counter[int] = Counter()
    for n in (1, 2, 3, 4):
        for value, p in _peer_brute(n, 6, lambda f: True, False).items():
            mixed[value] += p / 4  # type: ignore[assignment]
    assert distribution("(1d4)d6u").probabilities == dict(sorted(mixed.items()))


def test_odds__uo_over_many_picked_faces_is_refused_with_a_sentence() -> None:
    with pytest.raises(LimitExceeded, match="sample it instead: capeworks lab dice"):
        distribution("40d100uo")


@pytest.mark.parametrize("text", ["3d6u", "4d6uo", "5d6u<=2t3", "(1d3)d4u"])
def test_roll_many__matches_exact_odds(text: str) -> None:
    n = 40_000
    seen = Counter(roll_many(text, n, rng=np.random.default_rng(11)).tolist())
    exact = distribution(text)
    chi2 = sum((seen.get(x, 0) - n * float(p)) ** 2 / (n * float(p)) for x, p in exact if n * p >= 5)
    assert chi2 < 80  # far above the 99.9% point for the ~20 degrees of freedom these have
    assert not set(seen) - set(exact.probabilities)


def test_cli__roll_and_odds_take_it() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["roll", "2d10u", "--dice", "7,7,7,3", "--json"])
    assert out.exit_code == 0
    assert json.loads(out.stdout)["breakdown"] == "2d10u: [7, 7→7→3] = 10"
    out = runner.invoke(app, ["odds", "2d3u", "--json"])
    assert out.exit_code == 0  # two different faces of 1..3: 3, 4 or 5, each 1/3
    assert json.loads(out.stdout)["distribution"] == {"3": "1/3", "4": "1/3", "5": "1/3"}
