"""`capeworks rwyn odds|roll|characters`: JSON contracts, text output, refusals exit 2."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app

runner = CliRunner()


@pytest.mark.rules("RWYN-POOL-004", "RWYN-SAC-004")
def test_odds__json_is_exact_for_the_source_example() -> None:
    out = runner.invoke(app, ["rwyn", "odds", "-a", "3", "-d", "5", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    # 3 dice: 1 - (2/3)^3 = 19/27; 2 disaster dice: P(0) = 4/9
    assert data["success"]["fraction"] == "19/27"
    assert data["disaster_successes"]["0"]["fraction"] == "4/9"
    assert data["plan"]["disaster_nominal"] == 2
    assert set(data) >= {"expected_effects", "mixed", "critical", "config"}


@pytest.mark.rules("RWYN-DESIGN-008", "RWYN-DESIGN-007")
def test_odds__variants_and_settings_apply() -> None:
    variants = ["--variant", "d10_half_faces", "--variant", "success_threshold"]
    out = runner.invoke(app, ["rwyn", "odds", "-a", "5", "-d", "3", *variants, "--json"])
    assert json.loads(out.stdout)["success"]["fraction"] == "1/2"
    out = runner.invoke(app, ["rwyn", "odds", "-a", "2", "-d", "2", "--set", "success_min=4", "--json"])
    assert json.loads(out.stdout)["success"]["fraction"] == "3/4"  # 1 - (1/2)^2


def test_odds__text_mode_shows_the_table() -> None:
    out = runner.invoke(app, ["rwyn", "odds", "-a", "3", "-d", "5"])
    assert out.exit_code == 0
    assert "19/27" in out.stdout and "mixed" in out.stdout


@pytest.mark.rules("RWYN-SAC-001", "RWYN-SAC-002")
def test_roll__physical_dice_with_a_sacrifice() -> None:
    out = runner.invoke(
        app, ["rwyn", "roll", "-a", "3", "-d", "5", "--dice", "6,5,2,5", "--sacrifice", "1", "--json"]
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout) == {
        "plan": {
            "rating": 3, "difficulty": 5, "bonus_dice": 0, "drawback_dice": 0, "time_auto": 0,
            "ability_nominal": 3, "ability_dice": 3, "cap_auto": 0, "disaster_nominal": 2,
        },
        "ability_faces": [6, 5, 2], "auto_successes": 0, "successes": 2, "sacrificed": 1, "kept": 1,
        "disaster_faces": [5], "disaster_auto": 0, "disaster_successes": 1, "success": True, "effects": 1,
        "mixed": False, "critical": None,
    }  # fmt: skip


def test_roll__seed_reproduces_and_text_shows_the_breakdown() -> None:
    args = ["rwyn", "roll", "-a", "19", "-d", "3", "--seed", "4"]
    first = runner.invoke(app, [*args, "--json"]).stdout
    assert first == runner.invoke(app, [*args, "--json"]).stdout
    assert json.loads(first)["auto_successes"] == 4  # W7: 19 -> 10 dice + 4
    text = runner.invoke(app, args).stdout
    assert "+ 4 automatic" in text


@pytest.mark.rules("RWYN-POOL-001", "RWYN-SAC-003")
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["-a", "3", "-d", "0"], "start at 1"),
        (["-a", "3", "-d", "5", "--dice", "6,5,2", "--sacrifice", "2"], "last disaster die"),
        (["-a", "3", "-d", "2", "--dice", "6,5"], "only 2 given"),
        (["-a", "3", "-d", "2", "--variant", "nope"], "no variant"),
        (["-a", "3", "-d", "100000"], "beyond even Impossible"),
        (["-a", "3", "-d", "2", "--dice", "7,1,1"], "cannot show 7"),
        (["-a", "3", "-d", "2", "--dice", "6,5,2", "--sacrifice", "1"], "Nothing can be sacrificed"),
        (["-a", "3", "-d", "5", "--dice", "6,5,2", "--sacrifice", "-1"], "negative number"),
    ],
)
def test_roll__bad_input_is_refused_with_exit_two(args: list[str], words: str) -> None:
    out = runner.invoke(app, ["rwyn", "roll", *args, "--json"])
    assert out.exit_code == 2
    assert words in json.loads(out.stdout)["message"]


@pytest.mark.rules("RWYN-CRIT-002")
@pytest.mark.parametrize("command", ["odds", "roll"])
@pytest.mark.parametrize("option", ["--bonus", "--drawback"])
def test_quality_dice__negative_counts_are_refused_without_a_traceback(command: str, option: str) -> None:
    out = runner.invoke(app, ["rwyn", command, "-a", "3", "-d", "5", option, "-5", "--json"])
    assert out.exit_code == 2, out.output
    assert "cannot take dice away" in json.loads(out.stdout)["message"]


def test_characters__list_and_show() -> None:
    data = json.loads(runner.invoke(app, ["rwyn", "characters", "--json"]).stdout)
    assert [c["key"] for c in data["characters"]] == ["ada", "rook", "vesper"]
    out = runner.invoke(app, ["rwyn", "characters", "rook"])
    assert "Brawling 4" in out.stdout
    assert runner.invoke(app, ["rwyn", "characters", "zed"]).exit_code == 2


@pytest.mark.parametrize("command", ["odds", "roll", "characters"])
def test_help__every_command_has_help_and_json(command: str) -> None:
    out = runner.invoke(app, ["rwyn", command, "--help"])
    assert out.exit_code == 0 and "--json" in out.stdout


def test_table_show__draws_the_sheet_not_raw_state(tmp_path: object) -> None:
    db = f"sqlite:///{tmp_path}/t.db"
    made = runner.invoke(
        app, ["table", "new", "rwyn", "--seat", "gm:Gail:gm", "--seat", "ann:Ann", "--db", db, "--json"]
    )
    table = json.loads(made.stdout)["id"]
    args = [
        "table",
        "do",
        table,
        "gm",
        "add_character",
        "id=ada",
        "sample=ada",
        "owner=ann",
        "name=[bold]Ada[/]",
    ]
    assert runner.invoke(app, [*args, "--db", db]).exit_code == 0
    out = runner.invoke(app, ["table", "show", table, "--as", "ann", "--db", db], terminal_width=200)
    assert out.exit_code == 0, out.output
    # a readable sheet: stress boxes (Endurance 2 -> 2 boxes), the name shown as typed, no raw JSON
    assert "[bold]Ada[/]" in out.stdout and "□□" in out.stdout
    assert '"characters"' not in out.stdout
