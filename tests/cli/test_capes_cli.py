"""`capeworks capes odds` and `capeworks capes characters`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app

runner = CliRunner()


@pytest.mark.rules("CAPES-ABIL-002")
def test_odds__roll_chance_as_json() -> None:
    result = runner.invoke(app, ["capes", "odds", "--die", "3", "--ability", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["roll"]["chance"] == "1/2"  # 4, 5, 6 of six faces beat a 3
    assert data["roll"]["expected"] == "4"  # (3+3+3+4+5+6)/6


@pytest.mark.rules("CAPES-RES-006", "CAPES-RES-007")
def test_odds__resolver_inspirations_golden_c7() -> None:
    result = runner.invoke(app, ["capes", "odds", "--winning", "6,2", "--losing", "4", "--json"])
    data = json.loads(result.stdout)
    assert data["resolve"]["best"] == {"pairs": [[2, 4]], "resolver": [6], "losers": [2], "resolver_total": 6}
    text = runner.invoke(app, ["capes", "odds", "--winning", "6,2", "--losing", "4"])
    assert text.exit_code == 0 and "Resolver" in text.stdout


def test_odds__bad_input_is_one_clear_line() -> None:
    result = runner.invoke(app, ["capes", "odds", "--die", "9", "--ability", "1"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["capes", "odds", "--json"])
    assert result.exit_code == 2 and json.loads(result.stdout)["error"] == "invalid_command"


@pytest.mark.rules("CAPES-CHAR-015", "CAPES-CHAR-011")
def test_characters__samples_and_click_and_lock_modules() -> None:
    result = runner.invoke(app, ["capes", "characters", "--json"])
    data = json.loads(result.stdout)
    names = [c["name"] for c in data["characters"]]
    assert "Skitter" in names and "Aunt Sylvie" in names
    assert {m["kind"] for m in data["modules"]} == {"power_set", "skill_set", "persona"}
    one = runner.invoke(app, ["capes", "characters", "skitter"])
    assert one.exit_code == 0 and "Aunt Sylvie" in one.stdout
    missing = runner.invoke(app, ["capes", "characters", "nobody"])
    assert missing.exit_code == 2


@pytest.mark.parametrize("command", [["capes", "odds"], ["capes", "characters"]])
def test_every_capes_command_has_help(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"])
    assert result.exit_code == 0 and "--json" in result.stdout
