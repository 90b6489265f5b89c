"""d20's keep/drop by value (issue 20): ``4d6k>3``, ``k<3``, ``p<3``, ``p>4``.

Source: d20 (Avrae) README, "Set Operations": ``k`` keeps all matched values, ``p`` drops all
matched values; the selector ``>X`` matches values greater than X, ``<X`` values less than X; and
"selectors select from the remaining kept values in a set". No other peer has these spellings
(Roll20 reads ``>`` as "or more" elsewhere), so capeworks takes d20's strict meaning. The brute
force below restates that rule on its own, over every way the dice fall.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from capeworks.dice import GivenDice, distribution, icepool_distribution, parse, roll, roll_many
from capeworks.dice.expr import CmpOp, Dice, Select
from capeworks.dice.roller import RollResult
from capeworks.errors import DiceSyntaxError


@pytest.mark.parametrize(
    ("text", "faces", "total", "breakdown"),
    [
        ("4d6k>3", [2, 5, 1, 3], 5, "4d6k>3: [(2), 5, (1), (3)] = 5"),  # more than 3: the 3 goes
        ("4d6k<3", [2, 5, 1, 3], 3, "4d6k<3: [2, (5), 1, (3)] = 3"),
        ("4d6p<3", [2, 5, 1, 3], 8, "4d6p<3: [(2), 5, (1), 3] = 8"),
        ("4d6p>4", [2, 5, 1, 6], 3, "4d6p>4: [2, (5), 1, (6)] = 3"),
        # from the dice still kept: the highest three, then those below 3 dropped
        ("4d6kh3p<3", [2, 5, 1, 3], 8, "4d6kh3p<3: [(2), 5, (1), 3] = 8"),
        ("4d6p>4p<2", [2, 5, 1, 3], 5, "4d6p>4p<2: [2, (5), (1), 3] = 5"),
        ("5d10k>6t8", [7, 9, 10, 2, 8], 3, "5d10k>6t8: [7, 9, 10, (2), 8]t8 = 3"),
        ("4d6!! p<3", [6, 2, 1, 4, 3], 15, "4d6!! p<3: [6!+2, (1), 4, 3] = 15"),
    ],
)
def test_select__given_dice_total_and_breakdown(
    text: str, faces: list[int], total: int, breakdown: str
) -> None:
    result = roll(text, source=GivenDice(faces))
    assert result.breakdown == breakdown
    assert result.total == int(breakdown.rsplit("= ", 1)[1])
    assert RollResult.from_faces(text, result.dice) == result
    assert parse(str(result.expression)) == result.expression


def test_select__tree_and_canonical_text() -> None:
    term = parse("4d6kh3p<3")
    assert isinstance(term, Dice)
    assert term.selects == (Select(False, CmpOp.LT, 3),)
    assert str(parse("3d6!! p<4")) == "3d6!! p<4"  # '3d6!!p<4' would be '!!p' exploding below 4: refused
    assert str(parse("4d6k>=3")) == "4d6kh1t3"  # 'k>=' stays a keep and a count, as before


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4d6k>3kh2", "keep or drop by position ('kh3') before keep or drop by value"),
        ("4d6!k>3", "no keep or drop after '!'"),
        ("3d6!!p<4", "'<=' to explode on a threshold"),
        ("4d6k >3", "'>=' to count dice"),
    ],
)
def test_select__refusals_say_why(text: str, expected: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert expected in str(caught.value)


def _brute(text: str) -> dict[int, Fraction]:
    """Every way the dice fall: keep by position (ties to rolling order), then d20's selectors in turn."""
    term = parse(text)
    assert isinstance(term, Dice) and term.plain
    faces = [-1, 0, 1] if term.fate else range(1, term.sides + 1)
    tally: Counter[int] = Counter()
    for seq in itertools.product(faces, repeat=term.count):
        order = sorted(range(term.count), key=lambda i: (seq[i], i))
        low, high = term.kept_range
        kept = [seq[i] for i in order[low:high]]
        for sel in term.selects:
            if sel.op is CmpOp.GT:
                kept = [v for v in kept if (v > sel.value) == sel.keep]
            else:
                kept = [v for v in kept if (v < sel.value) == sel.keep]
        target = term.target
        tally[sum(kept) if target is None else sum(target.score(v) for v in kept)] += 1
    total = sum(tally.values())
    return {k: Fraction(v, total) for k, v in sorted(tally.items())}


@pytest.mark.parametrize(
    "text",
    [
        "4d6k>3",
        "4d6k<3",
        "4d6p<3",
        "4d6p>4",
        "4d6kh3p<3",
        "5d4dl1dh1k>2",
        "4d6p>4p<2",
        "5d6k>3t5",
        "4d6kl3p<2t4f1",
        "4dFk>0",
        "4dFp<0",
    ],
)
def test_select__exact_odds_match_the_documented_rule(text: str) -> None:
    exact = distribution(text)
    assert exact.probabilities == _brute(text)
    assert exact == icepool_distribution(text)


@pytest.mark.parametrize("text", ["3d6r1k>4", "4d6ro1k<3t2", "3d8min3kh2p>5", "3d6!!>=5 p<4t7", "(1d4)d6k>3"])
def test_select__chains_and_computed_dice_agree_with_icepool(text: str) -> None:
    assert distribution(text) == icepool_distribution(text)


@pytest.mark.parametrize("text", ["4d6k>3", "4d6kh3p<3", "5d6k>3t5", "3d6r1k>4", "3d6!! p<4"])
def test_select__bulk_rolls_match_exact_odds(text: str) -> None:
    n = 200_000
    totals = roll_many(text, n, rng=np.random.default_rng(20))
    exact = distribution(text)
    assert abs(totals.mean() - float(exact.mean)) < 5 * exact.stdev / n**0.5
    assert set(totals.tolist()) <= set(exact.support)
