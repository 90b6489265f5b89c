"""The exact-odds building blocks on their own, against naive references."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeworks.dice import distribution, icepool_distribution, parse
from capeworks.dice.odds import _keep, _poly_pow, _powers, _uniform_power
from capeworks.errors import LimitExceeded
from tests.dice.strategies import expression


def naive_power(base: list[int], n: int) -> list[int]:
    out = [1]
    for _ in range(n):
        nxt = [0] * (len(out) + len(base) - 1)
        for i, a in enumerate(out):
            for j, b in enumerate(base):
                nxt[i + j] += a * b
        out = nxt
    return out


def brute_keep(lo: int, face_counts: list[int], n: int, k: int, *, high: bool) -> dict[int, int]:
    values = [(lo + i, w) for i, w in enumerate(face_counts) if w]
    tally: Counter[int] = Counter()
    for faces in itertools.product(values, repeat=n):
        ways = 1
        for _, w in faces:
            ways *= w
        kept = sorted((v for v, _ in faces), reverse=high)[:k]
        tally[sum(kept)] += ways
    return dict(tally)


@pytest.mark.parametrize("sides", [1, 2, 3, 6, 7, 10, 13])
@pytest.mark.parametrize("n", [1, 2, 3, 4, 9, 25])
def test_uniform_power__matches_repeated_convolution(sides: int, n: int) -> None:
    assert _uniform_power(sides, n) == naive_power([1] * sides, n)


@given(st.lists(st.integers(0, 5), min_size=1, max_size=5).filter(any), st.integers(1, 12))
def test_poly_pow__matches_repeated_convolution(base: list[int], n: int) -> None:
    got = _poly_pow(base, n)
    want = naive_power(base, n)
    assert got == want[: len(got)] and not any(want[len(got) :])


@pytest.mark.parametrize(
    ("lo", "face_counts"),
    [
        (1, [1] * 6),
        (1, [1] * 4),
        (-1, [2, 1, 3]),
        (-1, [1, 0, 5]),
        (1, [1]),
        (-1, [0, 0, 2]),
        (3, [2, 0, 1, 4]),
    ],
)
@pytest.mark.parametrize("n", [2, 3, 5])
@pytest.mark.parametrize("high", [True, False])
def test_keep__matches_brute_force(lo: int, face_counts: list[int], n: int, high: bool) -> None:
    ranked = [(lo + i, w) for i, w in enumerate(face_counts)]
    for k in range(1, n):
        start, end = (n - k, n) if high else (0, k)
        assert _keep(ranked, n, start, end).counts == brute_keep(lo, face_counts, n, k, high=high)


@pytest.mark.parametrize(
    "text", ["30d6kl7", "15d12dh3", "8d10kh7t6f2", "40d6kh1", "25d4dl20", "9d20kl3t11", "60d6", "7d6t4f1"]
)
def test_distribution__larger_pools_agree_with_icepool(text: str) -> None:
    assert distribution(text) == icepool_distribution(text)


@settings(max_examples=40, deadline=None)
@given(expression)
def test_distribution__same_for_text_and_for_its_tree(text: str) -> None:
    try:
        expected = distribution(parse(text))
    except LimitExceeded:  # too wide to enumerate: refused the same way from text
        with pytest.raises(LimitExceeded):
            distribution(text)
        return
    assert distribution(text) == expected


@pytest.mark.parametrize(("top", "n"), [(0, 0), (1, 5), (2, 0), (12, 7), (300, 40)])
def test_powers__match_plain_powers(top: int, n: int) -> None:
    assert _powers(top, n) == [i**n for i in range(top + 1)]
