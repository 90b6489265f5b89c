"""Counting inside groups (issue 20): ``{4d6, 3d8}>=5`` counts the rolls whose total meets it, as Roll20.

Roll20's dice reference, Grouped Rolls: with several sub-rolls a group applies keep/drop and success
checks to each sub-roll's total (``{4d6, 3d8}>=5`` is 0, 1 or 2), where the same group without a
comparison is worth the sum of its (kept) totals. A group of one sub-roll (``{4d6+3d8}>=5``) counts its
dice there: capeworks reads it as ``4d6t5+3d8t5``, for a roll of dice terms added up. The brute
force below rolls every die of every sub-roll, takes each sub-roll's total, keeps the kept run of the
sorted totals and counts those that meet the comparison, as that page says.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest

from capeworks.dice import RollResult, SeededDice, distribution, icepool_distribution, parse, roll, roll_many
from capeworks.dice.expr import Group
from capeworks.errors import DiceSyntaxError

Item = tuple[int, int, int]  # count, sides, number added: '2d4+1' is (2, 4, 1)
_OPS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    "<=": operator.le,
    "==": operator.eq,
    "!=": operator.ne,
}


def _brute(items: list[Item], keep: slice, op: str, at: int) -> dict[int, Fraction]:
    dice = [(sides, i) for i, (count, sides, _) in enumerate(items) for _ in range(count)]
    each = Fraction(1, np.prod([s for s, _ in dice], dtype=object))
    out: dict[int, Fraction] = {}
    for faces in itertools.product(*(range(1, s + 1) for s, _ in dice)):
        totals = [add for _, _, add in items]
        for f, (_, i) in zip(faces, dice, strict=True):
            totals[i] += f
        hits = sum(1 for t in sorted(totals)[keep] if _OPS[op](t, at))
        out[hits] = out.get(hits, Fraction(0)) + each
    return out


CASES: list[tuple[str, list[Item], slice, str, int]] = [
    ("{2d6, 1d8}>=5", [(2, 6, 0), (1, 8, 0)], slice(None), ">=", 5),
    ("{2d4+1, 1d6, 1d10}>=6", [(2, 4, 1), (1, 6, 0), (1, 10, 0)], slice(None), ">=", 6),
    ("{1d6, 1d8, 1d10}kh2>=7", [(1, 6, 0), (1, 8, 0), (1, 10, 0)], slice(1, None), ">=", 7),
    ("{1d6, 1d8, 1d10}kl1<=2", [(1, 6, 0), (1, 8, 0), (1, 10, 0)], slice(0, 1), "<=", 2),
    ("{1d20+5, 1d20+3}kh1>=15", [(1, 20, 5), (1, 20, 3)], slice(1, None), ">=", 15),
    ("{2d4, 1d6, 1d4}dl1dh1==5", [(2, 4, 0), (1, 6, 0), (1, 4, 0)], slice(1, 2), "==", 5),
    ("{1d6, 1d6, 1d6}!=3", [(1, 6, 0)] * 3, slice(None), "!=", 3),
]


@pytest.mark.parametrize(("text", "items", "keep", "op", "at"), CASES)
def test_group_count__exact_odds_match_roll20s_rule(
    text: str, items: list[Item], keep: slice, op: str, at: int
) -> None:
    d = distribution(text)
    assert d.probabilities == _brute(items, keep, op, at)
    assert d == icepool_distribution(text)


def test_group_count__differs_from_the_groups_total() -> None:
    """Roll20's own example: '{4d6, 3d8}>=5' is 0, 1 or 2, '({4d6, 3d8}) >= 5' is 1 or 0 on the sum."""
    counted, compared = distribution("{4d6, 3d8}>=5"), distribution("({4d6, 3d8}) >= 5")
    assert set(counted.probabilities) == {0, 1, 2}
    assert set(compared.probabilities) == {1}
    assert distribution("{4d6, 3d8}").probabilities != counted.probabilities


@pytest.mark.parametrize(
    "text", ["{4d6, 3d8}>=5", "{1d20+5, 1d20+3}kh1>=15", "{2d6, 1d8}<=4[low]", "{1d6, 2d4}dl1==3"]
)
def test_group_count__canonical_text_reads_back(text: str) -> None:
    expr = parse(text)
    inner = expr.operand if not isinstance(expr, Group) else expr
    assert isinstance(inner, Group) and inner.count_op is not None
    assert parse(str(expr)) == expr


def test_group_count__given_dice_and_the_breakdown() -> None:
    result = RollResult.from_faces("{4d6, 3d8}>=15", [[6, 5, 4, 1], [2, 3, 1]])
    assert result.total == 1  # 16 meets it, 6 does not
    assert result.breakdown.endswith("}>=15 = 1")
    kept = RollResult.from_faces("{1d20+5, 1d20+3}kh1>=15", [[9], [12]])
    assert kept.total == 1  # 14 dropped, 15 kept and counted
    assert RollResult.from_faces("{1d20+5, 1d20+3}kh1>=16", [[9], [12]]).total == 0


def test_group_count__rolls_and_bulk_rolls_follow_the_exact_odds() -> None:
    text = "{2d6, 1d8, 1d10}kh2>=7"
    d = distribution(text)
    for seed in range(30):
        assert roll(text, source=SeededDice(seed)).total in d.probabilities
    n = 40_000
    totals = roll_many(text, n, rng=np.random.default_rng(3))
    for value, p in d.probabilities.items():
        seen = int((totals == value).sum()) / n
        assert abs(seen - float(p)) < 5 * (float(p) * (1 - float(p)) / n) ** 0.5 + 1e-3


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{4d6+3}>=5", "4d6t5\\+3d8t5"),  # one roll: only dice terms added up count each die
        ("{4dF}>=1", "4d6t5\\+3d8t5"),
        ("{4d6t3}>=5", "4d6t5\\+3d8t5"),
        ("{4d6, 3d8}>5", "'>=' to count the rolls of a group"),
        ("{4d6, 3d8}>=5+1", "brackets round the group"),
        ("1+{4d6, 3d8}>=5", "brackets round the group"),
    ],
)
def test_group_count__refused_with_a_sentence(text: str, words: str) -> None:
    with pytest.raises(DiceSyntaxError, match=words):
        parse(text)


@pytest.mark.parametrize(
    ("text", "same"),
    [("{4d6+3d8}>=5", "4d6t5+3d8t5"), ("{5d6!!}>=8", "5d6!!t8"), ("{2d6+1d8}<=2", "2d6t<=2+1d8t<=2")],
)
def test_group_count__one_roll_counts_each_die(text: str, same: str) -> None:
    """Roll20: a group of ONE sub-roll applies the check to each die of it ('{5d6!!}>8', Shadowrun)."""
    assert parse(text) == parse(same)
    assert parse(str(parse(text))) == parse(text)


def test_group_count__one_roll_against_a_brute_force() -> None:
    out: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, 5), range(1, 5), range(1, 7)):
        hits = sum(1 for f in faces if f >= 3)
        out[hits] = out.get(hits, Fraction(0)) + Fraction(1, 96)
    assert distribution("{2d4+1d6}>=3").probabilities == out
