"""`capeworks roll` and `capeworks odds`: JSON contracts, text output, errors exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def test_roll__json_shape_is_exact() -> None:
    out = runner.invoke(app, ["roll", "4d6kh3", "--dice", "6,4,3,1", "--json"])
    assert out.exit_code == 0
    assert json.loads(out.stdout) == {
        "expression": "4d6kh3",
        "total": 13,  # 6 + 4 + 3
        "dice": [[6, 4, 3, 1]],
        "breakdown": "4d6kh3: [6, 4, 3, (1)] = 13",
    }


def test_roll__seed_reproduces() -> None:
    first = runner.invoke(app, ["roll", "10d6", "--seed", "5", "--json"]).stdout
    assert first == runner.invoke(app, ["roll", "10d6", "--seed", "5", "--json"]).stdout


def test_roll__text_mode_shows_breakdown() -> None:
    out = runner.invoke(app, ["roll", "2d6+1", "--dice", "3,4"])
    assert out.exit_code == 0
    assert "2d6+1: [3, 4]+1 = 8" in out.stdout


def test_odds__json_shape_is_exact() -> None:
    out = runner.invoke(app, ["odds", "2d6+4>=12", "--json"])
    assert out.exit_code == 0
    payload = json.loads(out.stdout)
    assert list(payload) == ["expression", "distribution", "mean", "stdev"]
    # 12+ on 2d6+4 means 8+ on 2d6: 5+4+3+2+1 = 15 of 36 = 5/12
    assert payload["expression"] == "2d6+4 >= 12"
    assert payload["distribution"] == {"0": "7/12", "1": "5/12"}
    assert payload["mean"] == pytest.approx(5 / 12)
    assert isinstance(payload["stdev"], float)


def test_odds__certainty_is_one_over_one() -> None:
    out = runner.invoke(app, ["odds", "d1+2", "--json"])
    assert json.loads(out.stdout)["distribution"] == {"3": "1/1"}


def test_odds__text_table() -> None:
    out = runner.invoke(app, ["odds", "3d6"])
    assert out.exit_code == 0
    assert "Odds for 3d6" in out.stdout and "12.50%" in out.stdout and "█" in out.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["roll", "4d6x"],
        ["roll", "2d6", "--dice", "7,1"],  # a 7 on a d6
        ["roll", "2d6", "--dice", "1"],  # too few
        ["roll", "2d6", "--dice", "1,2,3"],  # left over
        ["roll", "6d10>8"],
        ["odds", "4d6kh5"],
        ["odds", "1000d1000"],  # past the exact-odds limit
        ["odds", "9" * 300],  # too long
    ],
)
def test_errors__exit_2_with_one_line(args: list[str]) -> None:
    out = runner.invoke(app, args)
    assert out.exit_code == 2
    assert "Traceback" not in out.output


def test_errors__json_mode_reports_error_document() -> None:
    out = runner.invoke(app, ["roll", "4d6x", "--json"])
    assert out.exit_code == 2
    assert json.loads(out.stdout)["error"] == "dice_syntax"


@pytest.mark.parametrize("command", ["roll", "odds"])
def test_help__on_every_command(command: str) -> None:
    out = runner.invoke(app, [command, "--help"])
    assert out.exit_code == 0 and "--json" in out.stdout


def test_roll__as_a_subprocess() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-m", "capeworks", "roll", "2d6", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=60,
    )
    payload = json.loads(done.stdout)
    assert set(payload) == {"expression", "total", "dice", "breakdown"}
    assert payload["total"] == sum(payload["dice"][0])


@pytest.mark.parametrize(
    ("args", "total"),
    [
        (["roll", "-1d6", "--dice", "4"], -4),  # a leading minus is the expression, not an option
        (["roll", "--dice", "4", "-1d6", "--json"], -4),
        (["roll", "-(2d6)", "--dice", "3,4"], -7),
        (["roll", "-5"], -5),
    ],
)
def test_roll__negative_expression_needs_no_double_dash(args: list[str], total: int) -> None:
    out = runner.invoke(app, [*args, "--json"] if "--json" not in args else args)
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["total"] == total


def test_odds__negative_constant() -> None:
    out = runner.invoke(app, ["odds", "-5", "--json"])
    assert out.exit_code == 0
    assert json.loads(out.stdout)["distribution"] == {"-5": "1/1"}


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["roll", "1d6[/]x"], "'1d6[/]x'"),  # Rich markup in the expression is shown as typed
        (["roll", "2d6", "--dice", "[/],4"], "'[/]'"),
        (["roll", "2d6", "--dice", "[bold]x"], "'[bold]x'"),
        (["roll", "2d6", "--dice", "²,3"], "'²'"),  # int() would take a superscript two
        (["roll", "2d6", "--dice=--5,3"], "'--5'"),
        (["roll", "2d6", "--dice", "3,,4"], "one place is empty"),  # not silently 3,4
        (["roll", "2d6", "--seed", "1", "--dice", "3,4"], "not both"),
    ],
)
def test_errors__bad_input_is_one_plain_line(args: list[str], shown: str) -> None:
    out = runner.invoke(app, args)
    assert out.exit_code == 2
    assert "Traceback" not in out.output and "Usage" not in out.output
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and shown in lines[0], out.output


def test_odds__exploding_dice_state_the_remainder() -> None:
    out = runner.invoke(app, ["odds", "d6!", "--json"])
    payload = json.loads(out.stdout)
    # followed to 15 extra rolls: 6**-16 is left out
    assert payload["remainder"] == f"1/{6**16}"
    assert "remainder" not in json.loads(runner.invoke(app, ["odds", "4d6r", "--json"]).stdout)
    text = runner.invoke(app, ["odds", "d6!"]).stdout
    assert "leave out" in text


@pytest.mark.parametrize(
    ("expression", "dice", "breakdown"),
    [
        ("{d8,d6,d10}kh2", "5,2,7", "{1d8, 1d6, 1d10}kh2: {[5], ([2]), [7]} = 12"),
        ("3d6!", "6,6,3,2,5", "3d6!: [6!, 6!, 3, 2, 5] = 22"),
        ("4dF", "-1,0,1,1", "4dF: [-1, 0, 1, 1] = 1"),
        ("6d10>=8", "8,9,1,2,10,7", "6d10t8: [8, 9, 1, 2, 10, 7]t8 = 3"),
    ],
)
def test_roll__v2_notation_with_physical_dice(expression: str, dice: str, breakdown: str) -> None:
    out = runner.invoke(app, ["roll", expression, "--dice", dice, "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["breakdown"] == breakdown


def test_odds__a_wide_distribution_lists_its_likeliest_200_unless_all() -> None:
    out = runner.invoke(app, ["odds", "200d200", "--json"])
    assert out.exit_code == 0 and len(out.stdout) < 400_000  # every outcome would be ~34 MB
    payload = json.loads(out.stdout)
    assert len(payload["distribution"]) == 200 and payload["outcomes"] == 39_801
    low, high = payload["shown"]
    assert low <= 20_100 <= high and payload["mean"] == 20_100.0
    every = json.loads(runner.invoke(app, ["odds", "20d20", "--json", "--all"]).stdout)
    assert len(every["distribution"]) == 381 and "shown" not in every


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["roll", "1d6", "--seed", "abc"], "'--seed'"),
        (["roll"], "Missing argument 'expression'"),
        (["roll", "1d6", "2d6"], "(2d6)"),
        (["roll", "1d6", "--seed"], "requires an argument"),
        (["odds"], "Missing argument 'expression'"),
        (["odds", "1d6", "2d6"], "(2d6)"),
    ],
)
def test_errors__usage_errors_are_one_line_too(args: list[str], shown: str) -> None:
    # issue 20: these printed a boxed block of 5-6 lines
    out = runner.invoke(app, args)
    assert out.exit_code == 2
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and shown in lines[0], out.output
    assert "capeworks " + args[0] + " EXPR" in lines[0]


@pytest.mark.parametrize("args", [["roll", "1d6", "--seed", "abc"], ["roll"], ["odds", "1d6", "2d6"]])
def test_errors__usage_errors_under_json_are_one_document(args: list[str]) -> None:
    out = runner.invoke(app, [*args, "--json"])
    assert out.exit_code == 2
    doc = json.loads(out.stdout)
    assert doc["error"] == "invalid_command" and doc["message"]
    assert out.stdout.strip().count("\n") == 0
