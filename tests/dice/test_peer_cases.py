"""Cases ported from other dice libraries' own test suites, restated in capeworks notation.

Sources (read for their expected values; no code copied):

* d20 (avrae/d20): ``tests/test_dice.py``
* rpg-dice-roller (dice-roller/rpg-dice-roller): ``tests/Feature/rolling.test.ts``
* python-dice (markbrockettrobson/python_dice):
  ``python_dice/test/python_dice_expression/test_drop_keep_expression.py``
  (there ``k`` keeps the highest and ``d`` drops the highest)
* icepool (HighDiceRoller/icepool): ``tests/reroll_test.py``, ``tests/explode_test.py``

Where a peer reads the same text differently, the test says so and checks
capeworks' documented reading (see docs/dice.md).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from capeworks.dice import GivenDice, distribution, parse, roll
from capeworks.dice.chain_odds import odds_depth
from capeworks.dice.expr import Dice
from capeworks.errors import DiceSyntaxError, LimitExceeded


def total(text: str, faces: list[int] | None = None) -> int:
    return roll(text, source=GivenDice(faces or [])).total


def counts(text: str) -> dict[int, int]:
    """Ways per outcome over the natural denominator (sides ** dice)."""
    d = distribution(text)
    return d.counts


# ---------------------------------------------------------------- d20


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1 + 3 * 6", 19),  # d20 test_pemdas
        ("1 + (3 * 6)", 19),
        ("(1 + 3) * 6", 24),
        ("1 + 2 + 3", 6),
        ("1 + 2 == 2", 0),  # a comparison of totals: 3 == 2 is false
        ("2 - 2", 0),  # d20 test_binop
        ("2 * 5", 10),
        ("15 / 2", 7),  # d20 rounds 7.5 down, as capeworks does
        ("--1", 1),  # d20 test_unop
        ("0d6", 0),  # d20 test_dice
        ("{1, 2, 3, 4, 5}kl2", 3),  # d20 test_selectors: (1, 2, 3, 4, 5)kl2
        ("{1, 2, 3, 4, 5}kh2", 9),
        ("{1, 2, 3, 4, 5}dh1dl1", 9),  # d20 test_p_op: (1, 2, 3, 4, 5)ph1pl1
        ("{1, 1}", 2),  # d20 test_set: (1, 1)
    ],
)
def test_d20__arithmetic_and_sets(text: str, value: int) -> None:
    assert total(text) == value


@pytest.mark.parametrize(
    ("text", "faces", "value"),
    [
        # d20 1d20rr<20 is always 20: capeworks rerolls 19 or less until it is not
        ("1d20r<=19", [3, 19, 20], 20),
        ("1d20r>=2", [20, 7, 1], 1),  # d20 1d20rr>1
        ("1d1ro1", [1, 1], 1),  # d20 test_ro_op: rerolled once, the second 1 stands
    ],
)
def test_d20__rerolls(text: str, faces: list[int], value: int) -> None:
    assert total(text, faces) == value
    assert distribution(text).probabilities == {value: 1}


def test_d20__exploding_d2_is_always_odd() -> None:
    # d20 test_e_op: 1d2e2 % 2 == 1, a chain of 2s ends in a 1; only the chain cut off at
    # the odds' depth (all 2s) is even, and its chance is exactly the stated remainder
    d = distribution("1d2!")
    assert sum(p for k, p in d.probabilities.items() if k % 2 == 0) == d.remainder > 0


@pytest.mark.parametrize("text", ["1d20r<=20", "1d1r1", "d1!", "10 / 0", "6d0"])
def test_d20__refused_like_d20(text: str) -> None:
    # d20 refuses these with TooManyRolls or RollValueError: rerolling or exploding for ever,
    # dividing by zero, a die of no sides
    with pytest.raises(DiceSyntaxError):
        parse(text)


def test_d20__too_many_dice() -> None:
    with pytest.raises(LimitExceeded):
        parse("1001d6")


def test_d20__chained_keep_reads_differently() -> None:
    # d20 reads (1, 2, 3, 4, 5)kh1kl1 as the union of both selections (6); capeworks applies
    # the second suffix to what the first kept, as Roll20 and rpg-dice-roller chain them: 5
    assert total("{1, 2, 3, 4, 5}kh1kl1") == 5


# ---------------------------------------------------------------- rpg-dice-roller


@pytest.mark.parametrize(
    ("text", "faces", "value"),
    [
        ("2d7 + (5d4 * 2)", [5, 2, 4, 2, 1, 3, 3], 33),  # 7 + 13 * 2
        ("2d6r<=4", [4, 6, 5], 11),  # the 4 is rerolled into a 6
        ("1d20+-5", [20], 15),
        ("1d20--6", [20], 26),
        # rpg-dice-roller's 6d10>=8 with an explosion, written 6d10!t8 here (a comparison right
        # after '!' is the explosion's threshold, as rpg-dice-roller reads '1d6!>2'): 10 and 8
        # succeed, the 6 the 10 added does not (capeworks records it right after the 10)
        ("6d10!t8", [4, 5, 6, 3, 10, 6, 8], 2),
    ],
)
def test_rpg_dice_roller__rolls(text: str, faces: list[int], value: int) -> None:
    assert total(text, faces) == value


def test_rpg_dice_roller__division_is_whole_numbers_here() -> None:
    # rpg-dice-roller: max(2 * (d7/2), 1d7) with 5 and 2 is max(2 * 2.5, 2) = 5; capeworks
    # divides whole numbers, rounding down: max(2 * 2, 2) = 4
    assert total("max(2 * (d7/2), 1d7)", [5, 2]) == 4


# ---------------------------------------------------------------- python-dice


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("6d4dh4", {2: 1909, 3: 1266, 4: 659, 5: 192, 6: 63, 7: 6, 8: 1}),  # python-dice 6d4d4
        ("6d4kh2", {2: 1, 3: 6, 4: 63, 5: 192, 6: 659, 7: 1266, 8: 1909}),  # 6d4k2
        (
            "6d8kh2",
            {
                2: 1,
                3: 6,
                4: 63,
                5: 192,
                6: 665,
                7: 1458,
                8: 3367,
                9: 6144,
                10: 11523,
                11: 18558,
                12: 29573,
                13: 40512,
                14: 52243,
                15: 54186,
                16: 43653,
            },
        ),
        (
            "20d3kh4",
            {
                4: 1,
                5: 20,
                6: 210,
                7: 1520,
                8: 1050835,
                9: 10485360,
                10: 49804890,
                11: 149420940,
                12: 3276020625,
            },
        ),
        (
            "20d3dh16",
            {
                4: 3276020625,
                5: 149420940,
                6: 49804890,
                7: 10485360,
                8: 1050835,
                9: 1520,
                10: 210,
                11: 20,
                12: 1,
            },
        ),
        ("2d%kh1", {i: 1 + 2 * (i - 1) for i in range(1, 101)}),  # 2d%k1
        ("2d%dh1", {i: 1 + 2 * (100 - i) for i in range(1, 101)}),  # 2d%d1
        ("3dFkh2", {-2: 1, -1: 3, 0: 7, 1: 9, 2: 7}),  # 3dFk2
        ("3dFdh1", {-2: 7, -1: 9, 0: 7, 1: 3, 2: 1}),  # 3dFd1
        ("2d3kh0", {0: 9}),  # 2d3k0: nothing kept, all 9 rolls give 0
        ("2d3dh0", {2: 1, 3: 2, 4: 3, 5: 2, 6: 1}),  # 2d3d0
    ],
)
def test_python_dice__keep_drop_distributions(text: str, expected: dict[int, int]) -> None:
    got = counts(text)
    scale = Fraction(sum(got.values()), sum(expected.values()))  # python-dice reduces {0: 9} to {0: 1}
    assert {k: Fraction(v) for k, v in got.items()} == {k: v * scale for k, v in expected.items()}


# ---------------------------------------------------------------- icepool


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        ("d6r", "d5+1"),  # icepool test_reroll_1: d6.reroll([1]) == d5 + 1
        ("d6r<=2", "d4+2"),  # test_reroll_2: d6.reroll([1, 2]) == d4 + 2
    ],
)
def test_icepool__reroll_until(text: str, same_as: str) -> None:
    assert distribution(text) == distribution(same_as)


def test_icepool__reroll_once() -> None:
    # icepool test_reroll_limit: d4.reroll([1], depth=1) has weights 1, 5, 5, 5 on 1..4
    assert distribution("d4ro1").probabilities == {
        1: Fraction(1, 16),
        **{f: Fraction(5, 16) for f in (2, 3, 4)},
    }


def test_icepool__explode_matches_brute_force_to_the_same_depth() -> None:
    # icepool test_explode_d6: add rolls while each shows 6, for depth + 1 rolls at most
    term = parse("d6!")
    assert isinstance(term, Dice)
    depth = min(odds_depth(term), 4)  # brute force over 6**5 sequences; deeper rolls carry on below
    tally: dict[int, Fraction] = {}
    for rolls in itertools.product(range(1, 7), repeat=depth + 1):
        value = 0
        for r in rolls:
            value += r
            if r < 6:
                break
        tally[value] = tally.get(value, Fraction(0)) + Fraction(1, 6 ** (depth + 1))
    got = distribution("d6!").probabilities
    # below the brute force's depth every chain ended, so the chances agree exactly
    for value, p in tally.items():
        if value < 6 * depth:
            assert got[value] == p, value
    # and the chance of reaching 6 * depth or more is the chance of depth sixes in a row
    assert sum(p for v, p in got.items() if v > 6 * depth) == Fraction(1, 6**depth)


def test_icepool__rerolling_every_face_is_refused() -> None:
    # icepool test_infinite_reroll: d4.reroll([1, 2, 3, 4]) is empty; capeworks refuses it
    with pytest.raises(DiceSyntaxError, match="rerolls every face"):
        parse("d4r<=4")
