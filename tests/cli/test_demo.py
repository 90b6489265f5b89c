"""`capeworks demo`: the newcomer's first command works, in text and JSON, and is reproducible."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.engine import available

runner = CliRunner()


def test_demo__json_tour_rolls_odds_and_plays_every_ruleset() -> None:
    result = runner.invoke(app, ["demo", "--json", "--seed", "3"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [r["expression"] for r in data["rolls"]] == ["4d6kh3", "10d6t5", "2d6+4 >= 12"]
    # 2d6 >= 8: 15 of 36 outcomes = 5/12
    assert data["odds"]["p_success"] == "5/12"
    played = {t["ruleset"] for t in data["tables"]}
    assert played == {name for name, rs in available().items() if rs.sample_session() is not None}
    for t in data["tables"]:
        # with a GM, the GM takes the last action back; without one, dice once seen stand
        assert t["log"] and (t["undo"].startswith("Undo:") or "Dice once seen stand" in t["undo"])
        if t["secret"]:
            assert t["secret"]["in_gm_view"] and not t["secret"]["in_player_view"]


def test_demo__same_seed_same_tour() -> None:
    first = runner.invoke(app, ["demo", "--json", "--seed", "11"]).stdout
    assert first == runner.invoke(app, ["demo", "--json", "--seed", "11"]).stdout


def test_demo__text_mode_shows_the_three_parts() -> None:
    result = runner.invoke(app, ["demo"])
    assert result.exit_code == 0, result.output
    for heading in ("1. Dice.", "2. Odds.", "3. Tables."):
        assert heading in result.stdout
