"""rpg-dice-roller's Fudge variant ``dF.1`` (issue 20).

Source: rpg-dice-roller's notation guide, Dice, "Fudge / Fate dice (dF / dF.2 /
dF.1)": "The default is one third of each, known as dF.2, or just dF. A
variant is dF.1 which has 4 blanks, 1 plus, and 1 minus." So a ``dF.1`` is a
six-sided die showing -1 once, 0 four times and +1 once; given dice are typed
as the values (-1, 0, 1), as for ``dF``. Roll20, d20 and Foundry VTT have no
such variant. Exact odds are checked against icepool and a brute force.
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
from capeworks.errors import DiceSyntaxError, DiceValueError

#: the guide's dF.1 as six faces
SIX = (-1, 0, 0, 0, 0, 1)


def _brute(n: int, keep_highest: int | None = None) -> dict[int, Fraction]:
    tally: Counter[int] = Counter()
    for faces in itertools.product(SIX, repeat=n):
        kept = sorted(faces)[-keep_highest:] if keep_highest else faces
        tally[sum(kept)] += 1
    return {k: Fraction(v, 6**n) for k, v in sorted(tally.items())}


def test_parse__reads_and_prints_back() -> None:
    assert parse("4dF.1") == Dice(4, 3, fate=True, fate_one=True)
    assert parse("4dF.2") == parse("4dF")  # the guide: dF.2 is dF
    for text in ("4dF.1", "1dF.1+1", "4dF.1kh2", "(1d3)dF.1"):
        assert str(parse(text)) == text and parse(str(parse(text))) == parse(text)


@pytest.mark.parametrize("text", ["4dF.3", "4dF.", "4dF.1!", "4dF.1t1"])
def test_parse__other_variants_and_modifiers_are_refused(text: str) -> None:
    with pytest.raises(DiceSyntaxError):
        parse(text)


def test_roll__given_dice_and_breakdown() -> None:
    result = roll("4dF.1+1", source=GivenDice([-1, 0, 0, 1]))
    assert (result.total, result.breakdown) == (1, "4dF.1+1: [-1, 0, 0, 1]+1 = 1")
    assert RollResult.from_faces("4dF.1+1", [[-1, 0, 0, 1]]) == result
    with pytest.raises(DiceValueError):
        roll("2dF.1", source=GivenDice([2, 0]))


def test_roll__seeded_faces_fall_as_the_guide_says() -> None:
    seen = Counter(f for seed in range(3000) for f in roll("1dF.1", seed=seed).dice[0])
    assert set(seen) == {-1, 0, 1}
    assert seen[0] > 3 * max(seen[-1], seen[1])  # four blanks of six


@pytest.mark.parametrize(("text", "n", "keep"), [("4dF.1", 4, None), ("5dF.1kh2", 5, 2), ("1dF.1", 1, None)])
def test_odds__exact_against_brute_force_and_icepool(text: str, n: int, keep: int | None) -> None:
    exact = distribution(text)
    assert exact.probabilities == _brute(n, keep)
    assert exact == icepool_distribution(text)


def test_odds__computed_count_is_the_mixture() -> None:
    mixed: Counter[int] = Counter()
    for n in (1, 2, 3):
        for v, p in _brute(n).items():
            mixed[v] += p / 3  # type: ignore[assignment]
    assert distribution("(1d3)dF.1").probabilities == dict(sorted(mixed.items()))


def test_roll_many__matches_exact_odds() -> None:
    n = 40_000
    seen = Counter(roll_many("4dF.1", n, rng=np.random.default_rng(9)).tolist())
    exact = distribution("4dF.1")
    chi2 = sum((seen.get(x, 0) - n * float(p)) ** 2 / (n * float(p)) for x, p in exact if n * p >= 5)
    assert chi2 < 40
    assert not set(seen) - set(exact.probabilities)
