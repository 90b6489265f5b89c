"""Crit and fumble marks ``cs`` / ``cf`` (issue 20; the lead's decision).

Roll20 (Dice Reference, Critical Success and Fumble Points) and rpg-dice-roller
(notation guide, Modifiers, "Critical Success (cs{cp})": "This is purely
aesthetic and makes no functional difference to the rolls or their values")
read ``cs``/``cf`` as marks in the breakdown; Foundry VTT counts successes and
failures with the same letters (its Die class: ``cs: countSuccess``). The
majority reading is taken: marks, total and odds unchanged; to count, write
``t5`` / ``f<=1``. Roll20's ``cs>19`` is "19 or more", rpg-dice-roller's "more
than 19", so ``>``/``<`` are refused there (write ``>=``).
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.dice import GivenDice, distribution, parse, roll, roll_many
from capeworks.dice.expr import CmpOp, Dice, Point
from capeworks.dice.roller import RollResult
from capeworks.errors import DiceSyntaxError


def _unmarked(text: str) -> str:
    return re.sub(r"c[sf](>=|<=)?[0-9]+", "", text)


def test_parse__reads_and_prints_back() -> None:
    assert parse("1d20cs>=19cf1") == Dice(1, 20, crit=Point(CmpOp.GE, 19), fumble=Point(CmpOp.EQ, 1))
    for text in ("1d20cs>=19cf1", "5d20cs>=16", "4d10cf<=2", "2d20kh1cs20", "(1d4)d6cs6", "6d10cs10t8"):
        assert str(parse(text)) == text and parse(str(parse(text))) == parse(text)
    assert str(parse("4d10cs=10")) == "4d10cs10"  # rpg-dice-roller's '=' is "equal to"


@pytest.mark.parametrize(
    ("text", "position", "expected"),
    [
        ("1d20cs>19cf<2", 6, "'>=' for 'cs'"),
        ("1d20cs", 6, "a face after 'cs'"),
        ("1d20cs21", 6, "a face from 1 to 20"),
        ("1d20cs20cs19", 8, "one 'cs' per dice term"),
    ],
)
def test_parse__refusals_say_where_and_why(text: str, position: int, expected: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.position == position and expected in caught.value.expected


@pytest.mark.parametrize(
    ("text", "faces", "total", "breakdown"),
    [
        # rpg-dice-roller's guide: "5d20cs>=16: [3, 20**, 18**, 15, 6] = 62"
        ("5d20cs>=16", [3, 20, 18, 15, 6], 62, "5d20cs>=16: [3, 20**, 18**, 15, 6] = 62"),
        # Roll20's '1d20cs>19cf<2' as capeworks writes it: a 1 is marked a fumble, the total is the die
        ("1d20cs>=19cf<=2", [1], 1, "1d20cs>=19cf<=2: [1__] = 1"),
        ("2d20kh1cs20cf1", [20, 1], 20, "2d20kh1cs20cf1: [20**, (1__)] = 20"),
        ("6d10cs10t8", [10, 8, 3, 1, 9, 2], 3, "6d10cs10t8: [10**, 8, 3, 1, 9, 2]t8 = 3"),
    ],
)
def test_roll__marks_in_the_breakdown_never_in_the_total(
    text: str, faces: list[int], total: int, breakdown: str
) -> None:
    result = roll(text, source=GivenDice(faces))
    assert (result.total, result.breakdown) == (total, breakdown)
    assert RollResult.from_faces(text, [faces]) == result
    unmarked = (
        text.replace("cs>=19cf<=2", "").replace("cs>=16", "").replace("cs20cf1", "").replace("cs10", "")
    )
    assert roll(unmarked, source=GivenDice(faces)).total == total


@pytest.mark.parametrize("text", ["5d20cs>=16", "2d20kh1cs20cf1", "6d10cs10t8", "3d6!cs6"])
def test_odds_and_bulk__unchanged_by_marks(text: str) -> None:
    plain = _unmarked(text)
    assert distribution(text) == distribution(plain)
    rng_a, rng_b = np.random.default_rng(4), np.random.default_rng(4)
    assert (roll_many(text, 1000, rng=rng_a) == roll_many(plain, 1000, rng=rng_b)).all()


def test_cli__json_breakdown_carries_the_marks() -> None:
    out = CliRunner().invoke(app, ["roll", "1d20cs>=19cf1", "--dice", "20", "--json"])
    assert out.exit_code == 0
    assert json.loads(out.stdout) == {
        "expression": "1d20cs>=19cf1",
        "total": 20,
        "dice": [[20]],
        "breakdown": "1d20cs>=19cf1: [20**] = 20",
    }
