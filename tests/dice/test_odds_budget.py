"""Exact odds of any expression the parser accepts finish within the work budget or are refused first.

The budget charges big-integer products as CPython does them (Karatsuba,
``large * small**0.585``), and a power raised by squaring is charged whole
before its first product: before, ``100d1000r1`` ran 8 s and ``1000d2kl738t1``
23 s inside a budget meant for a fraction of a second (a denial of service
through the web table's odds route).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeworks.dice import distribution, odds, odds_poly, parse
from capeworks.dice.evaluate import ValuesAlgebra, bounds, evaluate
from capeworks.errors import DiceSyntaxError, LimitExceeded


@st.composite
def wide_term(draw: st.DrawFn) -> str:
    """One dice term with many dice or many sides, and any modifier the parser takes."""
    n = draw(st.sampled_from([1, 2, 10, 100, 500, 1000]))
    s = draw(st.sampled_from([2, 6, 20, 100, 999, 1000]))
    text = f"{n}d{s}"
    kind = draw(st.integers(0, 3))
    if kind == 0:  # one or two reroll conditions
        for _ in range(draw(st.integers(1, 2))):
            text += draw(st.sampled_from(["r", "ro", "ra"])) + draw(st.sampled_from(["", "<=", ">="]))
            text += str(draw(st.integers(1, s)))
    elif kind == 1:
        text += draw(st.sampled_from(["!", "!!", "!p", "!!p", "xo"]))
        text += draw(st.sampled_from(["", "<=", ">="])) + str(draw(st.integers(1, s)))
    elif kind == 2:
        least = draw(st.integers(1, s))
        text += f"min{least}max{draw(st.integers(least, s))}"
    if draw(st.booleans()):
        text += draw(st.sampled_from(["kh", "kl", "dh", "dl"])) + str(draw(st.integers(0, n)))
    if draw(st.booleans()):
        text += f"t{draw(st.integers(1, s))}"
    return text


wide = st.one_of(
    wide_term(),
    st.tuples(wide_term(), st.sampled_from(["+", "*", "/", "-", ">=", ","]), wide_term()).map(
        lambda t: "{" + f"{t[0]}, {t[2]}" + "}kh1" if t[1] == "," else f"({t[0]}){t[1]}({t[2]})"
    ),
)


@settings(max_examples=150, deadline=None)
@given(wide)
def test_distribution__finishes_or_is_refused_under_a_small_budget(text: str) -> None:
    try:
        expr = parse(text)
    except (DiceSyntaxError, LimitExceeded):
        return  # refused as notation (a reroll of every face, too many dice): nothing to work out
    odds._term_cached.cache_clear()
    odds._dist_cached.cache_clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(odds_poly, "MAX_EXACT_WORK", 20_000)
        try:
            d = distribution(expr)
        except LimitExceeded as refused:
            assert "\n" not in str(refused)
            return
        except ValueError as divided:  # a divisor that can be 0, refused by the algebra
            assert "divide" in str(divided)
            return
    low, high, _ = bounds(expr)
    assert sum(d.probabilities.values()) == 1
    assert low <= d.min <= d.max <= high


def _packed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the big-integer products started (each packs its two factors first)."""
    calls: list[int] = []
    real = odds_poly._pack

    def counting(coefs: list[int], width: int) -> int:
        calls.append(len(coefs))
        return real(coefs, width)

    monkeypatch.setattr(odds_poly, "_pack", counting)
    return calls


@pytest.mark.parametrize(
    "text",
    [
        "100d1000r1",  # took 8 s, then refused: 99,901 outcomes squared up from one die's 999
        "100d999ro1",  # 2.3 s
        "500d2!1",  # 5 s: an exploding d2 followed deep, raised to 500
        "100d1000!!1",  # 12 s
        "500d999min819max938",  # 3.8 s
    ],
)
def test_distribution__a_power_too_costly_is_refused_before_its_first_product(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    odds._term_cached.cache_clear()
    odds._dist_cached.cache_clear()
    packed = _packed(monkeypatch)
    with pytest.raises(LimitExceeded, match="would take too long"):
        distribution(text)
    assert packed == []


@pytest.mark.parametrize(
    "text",
    [
        "1000d2kl738t1",  # 23 s: 272,691 binomials each worked out afresh, charged as one step each
        "(10d1000)+(10d1000)",  # 2 s: one product of two 31,000-word integers, charged as linear
        "500d6min5max6/500d6min5max6",  # 3.4 s: 251,001 products of 1,300-bit counts
    ],
)
def test_distribution__big_integer_work_is_charged_as_it_costs(text: str) -> None:
    odds._term_cached.cache_clear()
    odds._dist_cached.cache_clear()
    with pytest.raises(LimitExceeded, match="would take too long"):
        distribution(text)


def test_binomials__each_from_the_one_before() -> None:
    assert odds._binomials(1000, 739) == [math.comb(1000, j) for j in range(739)]
    assert odds._binomials(5, 1) == [1]


def test_possible_values__widen_to_the_range_before_costing_much() -> None:
    # reading '1/(64d1000r500)' checks whether the divisor can be 0 through the sums 64 dice can show:
    # 999 faces, so listing them pair by pair took 5 s before the count of pairs was capped
    wide = evaluate(parse("64d1000r500"), ValuesAlgebra())
    assert wide == (64, 64_000)
    assert parse("1/(64d1000r500)") is not None
    # few values are still listed exactly: two d6 rerolling all but 3 and 4 total 6, 7 or 8
    assert evaluate(parse("2d6r<=2r>=5"), ValuesAlgebra()) == frozenset({6, 7, 8})


@pytest.mark.parametrize("text", ["10^(1000d6)", "3^(1000d1000)", "1000^(1000d1000!)"])
def test_power__far_past_the_limit_is_refused_without_working_it_out(text: str) -> None:
    # the bound was worked out in full (3**1,000,000) and then printed with str(), which Python
    # refuses past 4,300 digits: a ValueError, not a sentence
    with pytest.raises(LimitExceeded, match=r"reaches more than 1233 digits; the limit is 2\*\*63"):
        parse(text)
