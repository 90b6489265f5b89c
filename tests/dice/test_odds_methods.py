"""The exact-odds building blocks on their own, and the odds' notation reader against the real parser."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeworks.dice import distribution, icepool_distribution, parse
from capeworks.dice._odds_reader import read
from capeworks.dice.odds import _keep, _node, _poly_pow, _uniform_power
from capeworks.errors import CapeworksError
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
    for k in range(1, n):
        assert _keep(lo, face_counts, n, k, high=high).counts == brute_keep(lo, face_counts, n, k, high=high)


@pytest.mark.parametrize(
    "text", ["30d6kl7", "15d12dh3", "8d10kh7t6f2", "40d6kh1", "25d4dl20", "9d20kl3t11", "60d6", "7d6t4f1"]
)
def test_distribution__larger_pools_agree_with_icepool(text: str) -> None:
    assert distribution(text) == icepool_distribution(text)


# ---------------------------------------------------------------- the reader


def parsed_node(text: str) -> object:
    try:
        return _node(parse(text))
    except CapeworksError:
        return None


@pytest.mark.parametrize(
    "text",
    [
        "2 d 6",
        " d6 ",
        "\t3d6\n+ 1",
        "4d6 kh 3",
        "4d6dl1",
        "4d6kh0",
        "12d8dl4t5f2",
        "d20t20",
        "--3",
        "2*-3",
        "-(2d4)+3",
        "1-2-3",
        "2+3*4",
        "(2+3)*4",
        "min(1d20, max(1d4,2))",
        "min (1, 2)",
        "2d6+4>=12",
        "2d6 > 7",
        "1 != 2",
        "007d06",
        "1000d6",
        "500d6 + 500d6",
    ],
)
def test_reader__reads_valid_notation_as_the_parser_does(text: str) -> None:
    node = read(text)
    assert node is not None
    assert node == _node(parse(text))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "0d6",
        "d0",
        "4d6kh5",
        "10d6t7",
        "10d6t5f5",
        "10d6t0",
        "1001d6",
        "1d1001",
        "600d6+600d6",
        "2d6 >= 3 >= 4",
        "(2d6 >= 3)",
        "2d6 = 3",
        "2d6 => 3",
        "2d6 > = 3",
        "2d6t5kh1",
        "2d6d6",
        "2 3",
        "1 0d6",
        "4d6k h3",
        "m in(1, 2)",
        "max(1)",
        "(1",
        "1)",
        "2d",
        "d",
        "-",
        "3x",
        "2d6\f",
        "２d6",
        "1" * 201,
        "(" * 99 + "1" + ")" * 99 + "+1",
    ],
)
def test_reader__leaves_everything_doubtful_to_the_parser(text: str) -> None:
    assert read(text) is None
    assert parsed_node(text) is None  # and the parser does refuse it


@settings(max_examples=300, deadline=None)
@given(expression, st.data())
def test_reader__agrees_with_the_parser_on_generated_notation(text: str, data: st.DataObject) -> None:
    assert read(text) == parsed_node(text)  # valid notation is read, and read the same
    # whitespace anywhere: sometimes still valid, sometimes splitting a token
    spaced = "".join(c + data.draw(st.sampled_from(["", "", "", " ", "\t"])) for c in text)
    node = read(spaced)
    assert node is None or node == parsed_node(spaced)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="0123456789dd+-*()<>=!,khlt fmaxin", max_size=20))
def test_reader__never_accepts_what_the_parser_refuses(text: str) -> None:
    node = read(text)
    if node is not None:
        assert node == parsed_node(text)


@settings(max_examples=40, deadline=None)
@given(expression)
def test_distribution__same_for_text_and_for_its_tree(text: str) -> None:
    assert distribution(text) == distribution(parse(text))
