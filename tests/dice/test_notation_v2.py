"""Notation v2 (0d6, d%, Fate dice, chained keep, counting after a pool, division): each form rolled
with a breakdown, given physical dice, rolled in bulk and answered exactly, against brute force."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from capeworks.dice import (
    GivenDice,
    chain_odds,
    chains,
    distribution,
    icepool_distribution,
    odds,
    parse,
    roll,
    roll_many,
)
from capeworks.dice import evaluate as evaluate_module
from capeworks.dice.expr import Dice, dice_terms
from capeworks.dice.roller import RollResult
from capeworks.errors import DiceValueError, LimitExceeded
from tests.dice.strategies import counting, dice_term


def _chains(term: Dice, cap: int) -> list[tuple[list[int], Fraction]]:
    """Every chain of physical faces one die of ``term`` can show, with its chance (the rules restated)."""

    def chain(extra: int) -> list[tuple[list[int], Fraction]]:
        out: list[tuple[list[int], Fraction]] = []
        for f in range(1, term.sides + 1):
            p = Fraction(1, term.sides)
            if term.explode is not None:
                point = term.explode_on
                goes_on = f == term.sides if point is None else point.op.holds(f, point.value)
                goes_on = goes_on and not (term.explode.value == "xo" and extra >= 1)  # explodes once
            elif term.reroll is None:  # per-die min/max: one roll per die
                goes_on = False
            else:
                assert term.reroll.once
                goes_on = extra == 0 and term.reroll.hits(f)
            if goes_on and extra < cap:
                out.extend(([f, *rest], p * q) for rest, q in chain(extra + 1))
            else:
                out.append(([f], p))
        return out

    if term.plain:  # dF.1 (rpg-dice-roller): -1, 0, +1 in 1, 4 and 1 ways of 6
        faces = range(term.low, term.low + term.sides)
        return [([f], Fraction(w, term.ways)) for f, w in zip(faces, term.face_ways, strict=True)]
    return chain(0)


def _sequence_count(term: Dice, cap: int) -> int:
    """How many flat lists :func:`_sequences` would list, without listing them.

    Counted first: ``4d8ro<=3ro>=6`` alone has 50**4 = 6,250,000 of them, and
    listing those is what once ate 12 GB in CI.
    """
    return len(_chains(term, cap)) ** term.count


#: most ways to fall brute force lists; past it a test fails rather than eats the machine
_MOST_SEQUENCES = 200_000


def _sequences(term: Dice, cap: int) -> list[tuple[list[int], Fraction]]:
    """Every flat list of physical faces one term can show, with its chance."""
    count = _sequence_count(term, cap)
    assert count <= _MOST_SEQUENCES, f"{term} falls {count:,} ways: too many to list"
    out = []
    for combo in itertools.product(_chains(term, cap), repeat=term.count):
        flat = [f for fs, _ in combo for f in fs]
        p = Fraction(1)
        for _, q in combo:
            p *= q
        out.append((flat, p))
    return out


def brute_force(text: str, *, cap: int = 2) -> dict[int, Fraction]:
    """Every way the dice can fall (chains of at most ``cap`` extra rolls), each rolled through the roller."""
    terms = list(dice_terms(parse(text)))
    ways = 1
    for t in terms:
        ways *= _sequence_count(t, cap)
    assert ways <= _MOST_SEQUENCES, f"{text} falls {ways:,} ways: too many to list"
    tally: Counter[int] = Counter()
    for combo in itertools.product(*(_sequences(t, cap) for t in terms)):
        p = Fraction(1)
        for _, q in combo:
            p *= q
        tally[RollResult.from_faces(text, [fs for fs, _ in combo]).total] += p
    return {k: v for k, v in sorted(tally.items()) if v}


@pytest.fixture(autouse=True)
def _two_extra_rolls(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dice explode at most twice, in rolls and odds alike, so brute force can list every chain."""
    monkeypatch.setattr(chains, "MAX_EXTRA_ROLLS", 2)
    monkeypatch.setattr(chain_odds, "MAX_EXTRA_ROLLS", 2)
    monkeypatch.setattr(evaluate_module, "MAX_EXTRA_ROLLS", 2)
    odds._term_cached.cache_clear()
    odds._dist_cached.cache_clear()


@pytest.mark.parametrize(
    ("text", "faces", "total", "breakdown"),
    [
        # keep the highest 3 (6, 4, 3), then drop the lowest of those (3): 6 + 4
        ("4d6kh3dl1", [6, 4, 3, 1], 10, "4d6kh3dl1: [6, 4, (3), (1)] = 10"),
        # kl1 of 3, 3, 5, 5: the first 3 is kept, the later 3 dropped
        ("4d6kl1", [3, 3, 5, 5], 3, "4d6kl1: [3, (3), (5), (5)] = 3"),
        # dh1: of the two 5s the later is dropped; 3 + 5 + 2
        ("4d6dh1", [3, 5, 5, 2], 10, "4d6dh1: [3, 5, (5), 2] = 10"),
        # -1 + 0 + 1 + 1 = 1, plus 1
        ("4dF+1", [-1, 0, 1, 1], 2, "4dF+1: [-1, 0, 1, 1]+1 = 2"),
        # 8, 9 and 10 show 8 or more: 3 dice
        ("6d10>=8", [8, 9, 1, 2, 10, 7], 3, "6d10t8: [8, 9, 1, 2, 10, 7]t8 = 3"),
        # 1 and 2 are 2 or less
        # (v3 prints the count as 't<=2', which reads back: '<=2' after '!' would be a threshold)
        ("6d10<=2", [8, 9, 1, 2, 10, 7], 2, "6d10t<=2: [8, 9, 1, 2, 10, 7]t<=2 = 2"),
        # 8 + 9 + 1 + 2 + 10 + 7 = 37 >= 8 holds
        ("(6d10)>=8", [8, 9, 1, 2, 10, 7], 1, "(6d10) >= 8: [8, 9, 1, 2, 10, 7] >= 8 = 1"),
        ("0d6+1", [], 1, "0d6+1: []+1 = 1"),
        ("d%", [57], 57, "1d100: [57] = 57"),
        # 7 / 2 = 3.5 rounds down to 3; -7 / 2 = -3.5 down to -4; ceil(5 / 2) = 3
        ("2d6/2", [3, 4], 3, "2d6/2: [3, 4]/2 = 3"),
        ("-2d6/2", [3, 4], -4, "-2d6/2: -[3, 4]/2 = -4"),
        ("ceil(1d6/2)", [5], 3, "ceil(1d6/2): ceil([5]/2) = 3"),
        # (v3 keeps the floor() written: inside it a division is exact, outside it rounds down)
        ("floor(1d6/2)", [5], 2, "floor(1d6/2): floor([5]/2) = 2"),
        # Cortex: keep the two highest of d8, d6, d10 showing 5, 2, 7: 5 + 7
        ("{d8,d6,d10}kh2", [5, 2, 7], 12, "{1d8, 1d6, 1d10}kh2: {[5], ([2]), [7]} = 12"),
        # Sentinel Comics: the middle die of 5, 2, 7 is the 5
        ("{d8,d6,d10}kh2kl1", [5, 2, 7], 5, "{1d8, 1d6, 1d10}kh2kl1: {[5], ([2]), ([7])} = 5"),
        # totals 6 and 20+1: keep the higher, then add 2
        ("{3d6, 2d10+1}kh1+2", [1, 2, 3, 10, 10], 23, "{3d6, 2d10+1}kh1+2: {([1, 2, 3]), [10, 10]+1}+2 = 23"),
    ],
)
def test_roll__v2_forms_with_physical_dice(text: str, faces: list[int], total: int, breakdown: str) -> None:
    result = roll(text, source=GivenDice(faces))
    assert result.total == total == result.tree.value
    assert result.breakdown == breakdown
    assert distribution(text).probability(total) > 0


@pytest.mark.parametrize(
    ("faces", "message"), [([2, 0, 0, 0], "cannot show 2"), ([1, 0], "needs 4 Fate dice")]
)
def test_roll__fate_dice_given_are_checked(faces: list[int], message: str) -> None:
    with pytest.raises(DiceValueError, match=message):
        roll("4dF", source=GivenDice(faces))


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        ("6d10>=8", "6d10t8"),  # Roll20's counting reads as a target number
        ("d%", "d100"),
        ("4d6kh3dl1", "4d6kh2"),  # of the top three, drop the lowest: the top two
        ("4d6kh3kl2", "4d6dl1dh1"),  # the two middle dice either way
        ("5d6dl1dh1", "5d6kh4kl3"),
        ("floor(7/2)", "7/2"),
    ],
)
def test_parse__spellings_that_mean_the_same(text: str, same_as: str) -> None:
    assert distribution(text) == distribution(same_as)


@pytest.mark.parametrize(
    ("text", "exact"),
    [
        ("0d6", {0: Fraction(1)}),  # no dice: 0, as d20 answers
        # four Fate dice: 81 rolls; a total of 0 in 19 ways (1 + 12 + 6 by how many blanks)
        ("4dF", {-4: 1, -3: 4, -2: 10, -1: 16, 0: 19, 1: 16, 2: 10, 3: 4, 4: 1}),
        # 6d10>=8: each die a hit with chance 3/10; P(0 hits) = (7/10)**6
        ("6d10>=8", None),
    ],
)
def test_distribution__v2_worked_examples(text: str, exact: dict[int, int] | None) -> None:
    d = distribution(text)
    if text == "6d10>=8":
        assert d.probability(0) == Fraction(7, 10) ** 6 and d.mean == Fraction(18, 10)  # 6 * 3/10
        return
    assert exact is not None
    total = sum(exact.values())
    assert d.probabilities == {k: Fraction(v, total) for k, v in exact.items()}


@pytest.mark.parametrize(
    ("text", "per_die"),
    [
        # CI drew terms like these and listed every way they fall before asking how many (12 GB, then killed)
        ("4d8ro<=3ro>=6", 6 * 8 + 2),  # 6 faces rerolled once: 8 ways each, and 2 kept
        ("4d10ro<=8ro>=9", 10 * 10),
        ("4d10!!<=4", 4 * (4 * (10) + 6) + 6),  # 4 faces explode twice over, the third roll stands
    ],
)
def test_brute_force__counts_before_it_lists(text: str, per_die: int) -> None:
    term = next(dice_terms(parse(text)))
    assert _sequence_count(term, 2) == per_die**4
    with pytest.raises(AssertionError, match="too many to list"):
        _sequences(term, 2)
    # the library answers them, exactly and quickly: odds follow a die as a whole, not every way it falls
    assert sum(distribution(text).probabilities.values()) == 1


@settings(max_examples=90, deadline=None)
@given(st.one_of(dice_term(), counting()))
def test_distribution__each_v2_term_matches_brute_force(text: str) -> None:
    term = next(dice_terms(parse(text)))
    # rerolling until a face misses has no last roll to list; icepool checks it below
    assume(term.reroll is None or term.reroll.once)
    assume(term.unique is None)  # each die depends on the dice before it: test_unique.py lists those
    assume(_sequence_count(term, 2) <= 3000)  # small enough to list (counted, not listed)
    odds._term_cached.cache_clear()
    odds._dist_cached.cache_clear()
    assert distribution(text).probabilities == brute_force(text)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(["d4", "d6", "2d3", "d2+1", "-d3", "2"]), min_size=2, max_size=4),
    st.sampled_from(["", "kh1", "kl2", "dh1", "dl1dh1", "kh2kl1"]),
)
def test_distribution__groups_match_brute_force(items: list[str], keeps: str) -> None:
    text = "{" + ", ".join(items) + "}" + keeps
    assert distribution(text).probabilities == brute_force(text)


@settings(max_examples=60, deadline=None)
@given(dice_term(), st.sampled_from(["/2", "/-3", "/d3"]), st.booleans())
def test_distribution__division_matches_brute_force(term: str, divisor: str, up: bool) -> None:
    dice = next(dice_terms(parse(term)))
    assume(dice.reroll is None or dice.reroll.once)
    assume(dice.unique is None)  # each die depends on the dice before it: test_unique.py lists those
    assume(_sequence_count(dice, 2) <= 3000)
    text = f"ceil(({term}){divisor})" if up else f"({term}){divisor}"
    assert distribution(text).probabilities == brute_force(text)


@pytest.mark.parametrize(
    "text",
    [
        "4d6kh3dl1",
        "7d8kl4dh1",
        "6d10>=8",
        "5d6<=2",
        "4dF",
        "4dFkh2",
        "d%",
        "3d10/2",
        "ceil(3d10/4)",
        "0d6",
        "{d8,d6,d10}kh2",
        "{d12,d12,d8,d6,d4}kh3dl1",
        "{2d6, 1d12+1, 3}dl1",
    ],
)
def test_distribution__v2_agrees_with_icepool(text: str) -> None:
    assert distribution(text) == icepool_distribution(text)


@pytest.mark.parametrize(
    "text",
    [
        # refused before notation v2, answered by icepool in milliseconds
        "11d20dl1",
        "12d20dl2",
        "20d20kh10",
        "50d6dl1",
        "100d2dl1",
        "8d100dl2",
        "1000d300kh1",
        "max(1d6, 300000)",
        "min(2d6, 999999)",
    ],
)
def test_distribution__keep_drop_and_wide_operands_icepool_answers(text: str) -> None:
    assert distribution(text) == icepool_distribution(text)


@pytest.mark.parametrize("text", ["1000d12", "200d200"])
def test_distribution__large_sums_are_answered(text: str) -> None:
    n, sides = (int(x) for x in text.split("d"))
    d = distribution(text)
    assert d.mean == Fraction(n * (sides + 1), 2)  # n times the mean of one die
    assert d.variance == Fraction(n * (sides * sides - 1), 12)
    assert sum(d.counts.values()) == sides**n


def test_distribution__budget_is_shared_by_every_part() -> None:
    one = "20d20*20d20"  # about 145 000 steps: 381 outcomes times 381
    distribution(one)
    with pytest.raises(LimitExceeded, match="in all"):
        distribution(f"max({one}, {one}+1) + {one}")


@pytest.mark.parametrize(
    "text", ["4d6kh3dl1", "6d10>=8", "4dF", "3d6/2", "ceil(2d6/3)", "5d10kl3dl1", "0d6+2"]
)
def test_roll_many__v2_forms_match_exact_odds_by_chi_square(text: str) -> None:
    n = 60_000
    totals = roll_many(text, n, rng=np.random.default_rng(11))
    exact = distribution(text)
    seen = Counter(totals.tolist())
    assert set(seen) <= set(exact.support)
    # chi-square over outcomes expected at least 5 times; 99.9% critical value
    # for up to 40 degrees of freedom is below 74
    cells = [(seen.get(x, 0), n * float(p)) for x, p in exact.probabilities.items() if n * p >= 5]
    chi2 = sum((o - e) ** 2 / e for o, e in cells)
    assert chi2 < 74, (text, chi2)
