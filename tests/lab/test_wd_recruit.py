"""`capeworks lab economy wd-recruit`: Recruit slots played at real Weaverdice tables."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.errors import InvalidCommand
from capeworks.lab.wd_recruit import recruiting

runner = CliRunner()


@pytest.mark.rules("WD-RECRUIT-001", "WD-RECRUIT-002", "WD-RECRUIT-004")
def test_social_dice_at_four_plus_and_the_modifier_shift_the_yield() -> None:
    r = recruiting(300, social=(1, 4), seed=5)
    one, four = r["rows"]
    # Social 1: one die, an applicant on 4+ (a half); never more than one
    assert set(one["distribution"]) <= {"0", "1"}
    assert one["applicants"]["low"] < 0.5 < one["applicants"]["high"]
    # Social 4: four dice, two applicants on average
    assert four["applicants"]["low"] < 2.0 < four["applicants"]["high"]
    assert max(int(k) for k in four["distribution"]) <= 4
    # a cape search seeking villains with two capes on the team: -1 -2, a die needs 7: nobody comes
    hard = recruiting(30, social=(4,), seek=("villainous",), capes=True, team_capes=2, seed=5)
    assert hard["rows"][0]["p_none"]["value"] == 1.0
    # +2 one mission, +2 big payday: a 1 + 4 reaches 4, so every die opens a place
    easy = recruiting(300, social=(4,), seek=("one_mission", "big_payday"), seed=5)
    assert easy["rows"][0]["applicants"]["low"] > 3.0
    assert recruiting(300, social=(1, 4), seed=5) == r


def test_bad_preferences_and_options_are_one_sentence() -> None:
    with pytest.raises(InvalidCommand, match="no preference nope"):
        recruiting(1, seek=("nope",))
    out = runner.invoke(app, ["lab", "economy", "wd-recruit", "-n", "2", "--team-capes", "99"])
    assert out.exit_code != 0 and "--team-capes is 0..20, not 99." in out.output
    assert "Traceback" not in out.output
    out = runner.invoke(app, ["lab", "economy", "wd-recruit", "-n", "5", "--social", "2", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["kind"] == "recruiting" and data["rows"][0]["social"] == 2
    out = runner.invoke(app, ["lab", "economy", "nope"])
    assert out.exit_code != 0 and "capes, wd-craft, wd-recruit and wd-intel" in out.output


def test_the_text_shows_the_interval_of_none_its_title_promises() -> None:
    # the title said "none with a Wilson interval"; the cell had none
    args = ["lab", "economy", "wd-recruit", "-n", "30", "--social", "2", "--seed", "5"]
    row = json.loads(runner.invoke(app, [*args, "--json"]).stdout)["rows"][0]
    text = " ".join(runner.invoke(app, args, env={"COLUMNS": "200"}).stdout.split())
    none = row["p_none"]
    assert f"{none['value']:.1%} [{none['low']:.1%}, {none['high']:.1%}]" in text
