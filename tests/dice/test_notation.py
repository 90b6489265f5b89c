"""Parsing dice notation: the tree it builds, the errors it raises, the limits."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeworks.dice import parse
from capeworks.dice.expr import BinOp, CmpOp, Compare, Const, Dice, Keep, KeepKind, Neg, Op, Target
from capeworks.errors import CapeworksError, DiceSyntaxError, LimitExceeded


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("3", Const(3)),
        ("d4", Dice(1, 4)),
        ("4d6kh3", Dice(4, 6, Keep(KeepKind.KEEP_HIGHEST, 3))),
        ("4 d 6 dl 1", Dice(4, 6, Keep(KeepKind.DROP_LOWEST, 1))),
        ("10d6t5f1", Dice(10, 6, None, Target(5, 1))),
        ("-2d6", Neg(Dice(2, 6))),
        ("1-2-3", BinOp(Op.SUB, BinOp(Op.SUB, Const(1), Const(2)), Const(3))),
        ("2d6+4 >= 12", Compare(CmpOp.GE, BinOp(Op.ADD, Dice(2, 6), Const(4)), Const(12))),
    ],
)
def test_parse__builds_the_tree(text: str, tree: object) -> None:
    assert parse(text) == tree


@pytest.mark.parametrize(
    "text", ["4d6kh3", "2d6+4 >= 12", "min(1d4, 2)*-(3d6-2)", "1-(2-3)", "---3", "max(1d20, 1d20)+5"]
)
def test_str__is_canonical_notation_that_reads_back(text: str) -> None:
    assert parse(str(parse(text))) == parse(text)


@pytest.mark.parametrize(
    ("text", "position", "expected_word"),
    [
        ("", 0, "a number"),
        ("4d", 2, "a number"),
        ("4d6x", 3, "'+'"),
        ("4d6kh3dl4", 8, "at most 3 (the number of dice still kept)"),
        ("1d6/(1d2-1)", 4, "never be 0"),  # 1d2-1 can be 0
        ("6d10>8", 4, "'>='"),  # Roll20 reads >8 as 8 or more, others as 9 or more: refused
        ("4dF>=1", 3, "no comparison right after Fate dice"),
        ("4dFt1", 3, "the end"),
        ("d0", 1, "at least 1 side"),
        ("4d6kh5", 5, "at most 4"),  # keep 5 of a pool of 4
        ("10d6t7", 5, "a target from 1 to 6"),
        ("10d6t5f5", 7, "below the target 5"),
        ("(1", 2, "')'"),
        ("min(1)", 5, "','"),
        ("1>2>3", 3, "the end"),
    ],
)
def test_parse__bad_notation_names_position_and_expectation(
    text: str, position: int, expected_word: str
) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.position == position
    assert expected_word in caught.value.expected
    assert f"position {position + 1}" in caught.value.message  # shown 1-based


@pytest.mark.parametrize("text", ["1001d6", "d1001", "600d6+600d6", "1+" * 101 + "1"])
def test_parse__limits_raise_limit_exceeded(text: str) -> None:
    with pytest.raises(LimitExceeded):
        parse(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40) | st.text(alphabet="0123456789dkhltf+-*()<>=!, minax", max_size=30))
def test_parse__arbitrary_text_raises_only_capeworks_errors(text: str) -> None:
    with contextlib.suppress(CapeworksError):  # anything else fails the test
        parse(text)
