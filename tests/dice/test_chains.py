"""Exploding (!, !!, !p) and rerolled (r, ro) dice: physical dice, breakdowns, exact odds to a depth."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from capeworks.dice import GivenDice, distribution, icepool_distribution, parse, roll, roll_many
from capeworks.dice.chain_odds import odds_depth, remainder
from capeworks.dice.chains import split
from capeworks.dice.expr import Dice
from capeworks.dice.roller import RollResult
from capeworks.errors import DiceSyntaxError, DiceValueError


def _term(text: str) -> Dice:
    term = parse(text)
    assert isinstance(term, Dice)
    return term


@pytest.mark.parametrize(
    ("text", "faces", "total", "breakdown"),
    [
        # 6 explodes into 6, which explodes into 3: three dice of their own; 6 + 6 + 3 + 2 + 5
        ("3d6!", [6, 6, 3, 2, 5], 22, "3d6!: [6!, 6!, 3, 2, 5] = 22"),
        # compounding: the first die is worth 6 + 6 + 3 = 15; keep 15 and 5
        ("3d6!!kh2", [6, 6, 3, 2, 5], 20, "3d6!!kh2: [6!+6!+3, (2), 5] = 20"),
        # penetrating: each extra roll less one: 6 + (6-1) + (3-1) = 13, plus 2
        # v3: '!p' penetrates as '!' explodes (each roll a die of its own); '!!p' adds them in
        ("2d6!p", [6, 6, 3, 2], 15, "2d6!p: [6!, 5!, 2, 2] = 15"),
        ("2d6!!p", [6, 6, 3, 2], 15, "2d6!!p: [6!+5!+2, 2] = 15"),
        # rerolled on 1s until it is not: 1, 1, 4 counts 4; 4 + 2 + 3 + 5
        ("4d6r", [1, 1, 4, 2, 3, 5], 14, "4d6r1: [1→1→4, 2, 3, 5] = 14"),
        # rerolled once on 2 or less: the second 1 stands; 1 + 3 + 5 + 4
        ("4d6ro<=2", [1, 1, 2, 3, 5, 4], 13, "4d6ro<=2: [1→1, 2→3, 5, 4] = 13"),
        # World of Darkness 10-again: 10 and the 8 it adds both succeed, and the 9: 3
        # v3: a comparison right after '!' is its threshold (as Roll20 reads it); 't' counts
        ("5d10!t8", [10, 8, 3, 2, 7, 9], 3, "5d10!t8: [10!, 8, 3, 2, 7, 9]t8 = 3"),
        ("2d10!>=8", [10, 8, 3, 2], 23, "2d10!>=8: [10!, 8!, 3, 2] = 23"),
        # a compounded die of 6 + 3 = 9 is 8 or more: 1
        ("2d6!!t8", [6, 3, 5], 1, "2d6!!t8: [6!+3, 5]t8 = 1"),
    ],
)
def test_roll__chains_from_physical_dice(text: str, faces: list[int], total: int, breakdown: str) -> None:
    result = roll(text, source=GivenDice(faces))
    assert result.total == total == result.tree.value
    assert result.breakdown == breakdown
    assert result.dice == [faces]  # the physical faces, in the order they were rolled
    assert RollResult.from_faces(text, [faces]) == result


@pytest.mark.parametrize(
    ("text", "faces", "message"),
    [
        ("2d6!", [6], "needs another d6 after the 6"),
        ("2d6!", [6, 6], "needs another d6 after the 6"),
        ("2d6!", [3, 4, 5], "used 2 dice but 3 were given"),
        ("2d6r", [1], "needs another d6 after the 1"),
    ],
)
def test_from_faces__chains_must_fit(text: str, faces: list[int], message: str) -> None:
    with pytest.raises(DiceValueError, match=message):
        RollResult.from_faces(text, [faces])


def test_roll__given_dice_running_out_mid_chain_is_clear() -> None:
    with pytest.raises(DiceValueError, match="needs 1 d6 but only 0"):
        roll("2d6!", source=GivenDice([6, 6]))


@pytest.mark.parametrize(
    ("text", "position", "expected"),
    [
        ("4d6!kh3", 4, "no keep or drop after '!'"),
        ("d1!", 2, "at least 2 sides"),
        ("4d6r<2", 4, "'<='"),
        ("4d6r<=6", 6, "rerolls every face"),
        ("4d6r!", 4, "not both"),
        ("4d6r7", 4, "a face from 1 to 6"),
    ],
)
def test_parse__chain_refusals_say_where_and_why(text: str, position: int, expected: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.position == position and expected in caught.value.expected


@pytest.mark.parametrize(
    "text",
    [
        "3d6!",
        "2d10!!",
        "3d6!!kh2",
        "4d6!!dl1",
        "d2!",
        "4d6r",
        "4d6ro<=2",
        "4d6r<=2kh3",
        "3d10r>=9t8",
        "2d6!!t8",
        "3d6!>=5",
        "2d10!!>=9kh1",
        "2d6!!<=2",
        "3d8!3",
    ],
)
def test_distribution__chains_agree_with_icepool(text: str) -> None:
    assert distribution(text) == icepool_distribution(text)


def test_distribution__exploding_d6_mean_and_stated_remainder() -> None:
    # Savage Worlds ace: an endlessly exploding d6 has mean 3.5 / (1 - 1/6) = 4.2
    d = distribution("d6!")
    depth = odds_depth(_term("d6!"))  # 15: 6**-16 is below 2**-40
    assert d.remainder == Fraction(1, 6 ** (depth + 1)) <= Fraction(1, 2**40)
    assert abs(d.mean - Fraction(21, 5)) < 50 * d.remainder  # only the unfollowed tail is missing


def test_distribution__world_of_darkness_ten_again() -> None:
    # each die: a success with 3/10 and one more roll with 1/10, so 0.3 / 0.9 = 1/3 success per die
    d = distribution("10d10!t8")
    assert abs(d.mean - Fraction(10, 3)) < 100 * d.remainder
    # no success at all: every die shows 1 to 7 (no 10, so no extra roll): 0.7**10
    assert d.probability(0) == Fraction(7, 10) ** 10


@pytest.mark.parametrize(
    ("text", "exact"),
    [
        # rerolling 1s until they go: uniform on 2..6
        ("d6r", {f: Fraction(1, 5) for f in range(2, 7)}),
        # rerolling a 1 once: a 1 needs two 1s (1/36); any other face 1/6 + 1/36 = 7/36
        ("d6ro1", {1: Fraction(1, 36), **{f: Fraction(7, 36) for f in range(2, 7)}}),
    ],
)
def test_distribution__reroll_worked_examples(text: str, exact: dict[int, Fraction]) -> None:
    assert distribution(text).probabilities == exact


def test_remainder__none_without_explosions() -> None:
    assert distribution("4d6r").remainder == 0 == remainder(_term("4d6ro1"))


@pytest.mark.parametrize(
    "text",
    ["3d6!", "3d6!!kh2", "2d6!p", "4d6r", "4d6ro<=2", "5d10!>=8", "4d6r<=2kh3", "4d6!pt4", "3d10!!p>=9kh2"],
)
def test_roll_many__chains_match_exact_odds_by_chi_square(text: str) -> None:
    n = 60_000
    totals = roll_many(text, n, rng=np.random.default_rng(5))
    exact = distribution(text)
    seen = Counter(totals.tolist())
    cells = [(seen.get(x, 0), n * float(p)) for x, p in exact.probabilities.items() if n * p >= 5]
    rare = n - sum(o for o, _ in cells)  # outcomes too rare for a cell of their own, pooled
    rare_expected = n - sum(e for _, e in cells)
    chi2 = sum((o - e) ** 2 / e for o, e in cells) + (rare - rare_expected) ** 2 / max(rare_expected, 1)
    # 99.9% critical value for up to 80 degrees of freedom is below 125
    assert chi2 < 125, (text, chi2)


def test_roll__seeded_chains_are_single_rolls_in_a_row() -> None:
    # a seeded roll of 3d6! draws faces one at a time, so the chains split back exactly
    result = roll("3d6!", seed=9)
    assert len(split(_term("3d6!"), result.dice[0])) == 3


@pytest.mark.parametrize(
    "text",
    [
        "3d6!",
        "3d6!!kh2",
        "4d6r<=2kh3",
        "{d8,d6,d10}kh2kl1",
        "4dF",
        "6d10>=8",
        "ceil(3d6/2)",
        "4d6kh3dl1",
        "4d6!p<=2t3",
        "round(1+3d6/4)",
    ],
)
def test_roll_many__agrees_with_single_rolls_by_chi_square(text: str) -> None:
    # two samples, one from the vectorised bulk roller and one from the single roller:
    # a chi-square test of homogeneity over outcomes seen at least 10 times in all
    bulk = Counter(roll_many(text, 20_000, rng=np.random.default_rng(2)).tolist())
    single = Counter(roll(text, seed=i).total for i in range(6_000))
    n_b, n_s = sum(bulk.values()), sum(single.values())
    cells = [x for x in set(bulk) | set(single) if bulk[x] + single[x] >= 10]
    rest_b = n_b - sum(bulk[x] for x in cells)
    rest_s = n_s - sum(single[x] for x in cells)
    chi2 = 0.0
    for b, s_ in [*((bulk[x], single[x]) for x in cells), (rest_b, rest_s)]:
        if b + s_ == 0:
            continue
        expected_b = (b + s_) * n_b / (n_b + n_s)
        expected_s = (b + s_) * n_s / (n_b + n_s)
        chi2 += (b - expected_b) ** 2 / expected_b + (s_ - expected_s) ** 2 / expected_s
    # 99.9% critical value for up to 60 degrees of freedom is below 100
    assert chi2 < 100, (text, chi2, len(cells))
