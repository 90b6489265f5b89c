"""`capeworks lab odds`: exact tables from the rulesets' own odds modules."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.errors import InvalidCommand
from capeworks.lab.odds import (
    bpb_table,
    capes_table,
    odds_table,
    parse_range,
    rwyn_table,
    wd_table,
    workshop_table,
)

runner = CliRunner()


def _row(table, **where):  # type: ignore[no-untyped-def]
    [row] = [r for r in table.rows if all(r[k] == v for k, v in where.items())]
    return row


@pytest.mark.rules("WD-CORE-005", "WD-MORALE-002", "WD-MORALE-003")
def test_weaverdice_cells_are_the_exact_keep_highest_odds_under_the_morale_cap() -> None:
    t = wd_table(stats=(4,), skill_dice=(0, 1), targets=(5, 6), morale=(-2, 0, 2))
    # 2d6 keep highest + 1 >= 5: the highest die shows 4+, 1 - (1/2)^2
    assert Fraction(_row(t, morale=0, skill_dice=1, tn=5)["success_fraction"]) == Fraction(3, 4)
    # morale -2 caps every result at 5: a TN of 6 cannot be reached
    assert _row(t, morale=-2, skill_dice=1, tn=6)["success"] == 0.0
    # morale +2 in reserve sets a failure to 2 + 2 = 4: a TN of 5 still needs the dice
    assert (
        _row(t, morale=2, skill_dice=0, tn=5)["with_morale_spend"]
        == _row(t, morale=2, skill_dice=0, tn=5)["success"]
    )
    assert len(t.rows) == 1 * 2 * 2 * 3


@pytest.mark.rules("RWYN-POOL-003", "RWYN-POOL-004")
def test_rwyn_cells_count_disaster_dice_from_the_gap_and_follow_the_config() -> None:
    t = rwyn_table(abilities=(1, 3), difficulties=(1, 3))
    assert _row(t, ability=1, difficulty=3)["disaster_dice"] == 2
    assert _row(t, ability=3, difficulty=1)["disaster_dice"] == 0
    assert Fraction(_row(t, ability=1, difficulty=1)["success_fraction"]) == Fraction(1, 3)
    wide = rwyn_table(abilities=(1,), difficulties=(1,), config={"success_min": 4})
    assert Fraction(wide.rows[0]["success_fraction"]) == Fraction(1, 2)


@pytest.mark.rules("CAPES-ABIL-002", "CAPES-SPLIT-001")
def test_capes_rows_give_the_improve_chance_and_the_even_split() -> None:
    t = capes_table(dice=(4,), abilities=(3, 5))
    assert Fraction(_row(t, ability=5, parts=1)["improve_own_fraction"]) == Fraction(1, 3)
    assert _row(t, ability=3, parts=1)["improve_own"] == 0.0  # an ability below the die cannot roll it
    assert _row(t, ability=5, parts=3)["split"] == "2+1+1"
    # 4 into 2+2, each rolled once and kept only if higher: E[max(2, d6)] = (2 + 2 + 3 + 4 + 5 + 6) / 6
    assert Fraction(_row(t, ability=5, parts=2)["expected_after_roll_fraction"]) == 2 * Fraction(22, 6)


@pytest.mark.rules("BPB-ROLL-001", "BPB-ROLL-005", "BPB-XS-001")
def test_bpb_cells_are_2d6_at_least_the_need_with_extreme_at_three_more() -> None:
    t = bpb_table(attributes=(3,), difficulties=(12, 16), bonuses=(0, 2))
    # 2d6 >= 12 - 3 = 9: 10 of 36; extreme needs 12: 1 of 36
    row = _row(t, bonus=0, attribute=3, difficulty=12)
    assert Fraction(row["success_fraction"]) == Fraction(10, 36)
    assert Fraction(row["extreme_with_expertise_fraction"]) == Fraction(1, 36)
    # a bonus of 2 lowers the need to 7: 21 of 36; extreme at 10: 6 of 36
    row = _row(t, bonus=2, attribute=3, difficulty=12)
    assert Fraction(row["success_fraction"]) == Fraction(21, 36) and row["need"] == 7
    assert Fraction(row["extreme_with_expertise_fraction"]) == Fraction(6, 36)
    # 16 - 3 = 13 > 12: the task cannot be attempted
    row = _row(t, bonus=0, attribute=3, difficulty=16)
    assert row["possible"] is False and row["success"] == 0.0
    assert odds_table("bulletproof-blues", attributes=(3,)).system == "bpb"


@pytest.mark.rules("WS-CORE-001")
def test_workshop_cells_follow_the_tables_dice_model() -> None:
    t = workshop_table(totals=(2,), difficulties=(0, 10), extra=(0, 1))
    # pos - neg d10 read 0-9 >= -2: 1 - 28/100
    assert Fraction(_row(t, extra_d10=0, total=2, difficulty=0)["success_fraction"]) == Fraction(18, 25)
    # an extra positive d10 (0-9) only helps
    assert (
        _row(t, extra_d10=1, total=2, difficulty=10)["success"]
        > _row(t, extra_d10=0, total=2, difficulty=10)["success"]
    )
    one = workshop_table(totals=(5,), difficulties=(10,), config={"dice": "one_d10"})
    # one d10 read 1-10 >= 5: 6 of 10; a success's mean margin is (0 + 1 + ... + 5) / 6
    assert Fraction(one.rows[0]["success_fraction"]) == Fraction(3, 5)
    assert Fraction(one.rows[0]["expected_pv_on_success_fraction"]) == Fraction(5, 2)
    assert "one d10" in one.title
    with pytest.raises(InvalidCommand, match="'dice' is not valid"):
        workshop_table(config={"dice": "d20"})


def test_bad_ranges_systems_and_config_are_one_sentence() -> None:
    assert parse_range("1..3,5", name="stat", low=0, high=9) == (1, 2, 3, 5)
    with pytest.raises(InvalidCommand, match=r"--stat must lie within 0\.\.9"):
        parse_range("12", name="stat", low=0, high=9)
    with pytest.raises(InvalidCommand, match="not 'bpq'"):
        odds_table("bpq")
    with pytest.raises(InvalidCommand, match="no setting 'nonsense'"):
        rwyn_table(config={"nonsense": 1})


def test_cli_prints_writes_json_csv_and_a_plot(tmp_path: Path) -> None:
    out = runner.invoke(app, ["lab", "odds", "wd", "--stat", "3", "--dice", "0", "--tn", "4", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["rows"][0]["success_fraction"] == "1/2"
    out = runner.invoke(app, ["lab", "odds", "rwyn", "--ability", "2", "--difficulty", "1", "--csv"])
    assert out.exit_code == 0
    header, row = out.stdout.strip().splitlines()
    assert header.startswith("ability,difficulty") and row.startswith("2,1,2,0,0,")
    plot = tmp_path / "capes.svg"
    out = runner.invoke(app, ["lab", "odds", "capes", "--plot", str(plot)])
    assert out.exit_code == 0 and plot.read_text().lstrip().startswith("<?xml")
    assert "expected_after_roll" in out.stdout


def test_cli_refuses_bad_input_with_a_sentence_and_no_plot(tmp_path: Path) -> None:
    plot = tmp_path / "x.png"
    out = runner.invoke(app, ["lab", "odds", "rwyn", "--config", "success_min=9", "--plot", str(plot)])
    assert out.exit_code == 2 and "cannot exceed the die size" in out.output
    assert not plot.exists()
    out = runner.invoke(app, ["lab", "odds", "wd", "--plot", str(tmp_path / "x.gif")])
    assert out.exit_code == 2 and ".png or .svg" in out.output
    assert odds_table("wd").rows  # the default table builds
    out = runner.invoke(app, ["lab", "odds", "bpb", "--attribute", "3", "--difficulty", "12", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["rows"][0]["success_fraction"] == "5/18"
    out = runner.invoke(app, ["lab", "odds", "ws", "--total", "5", "--difficulty", "10", "--csv"])
    assert out.exit_code == 0 and out.stdout.splitlines()[1].startswith("0,5,10,")
    out = runner.invoke(app, ["lab", "odds", "bpb", "--config", "dice=one_d10"])
    assert out.exit_code != 0 and "take no rules config" in out.output


def test_cli_shows_any_computed_column_and_names_the_others(tmp_path: Path) -> None:
    # the grid showed success only: a spent morale step, a disaster, an extreme success were in the
    # CSV alone, and the text named a column it never printed
    args = ["lab", "odds", "wd", "--stat", "3", "--dice", "0", "--tn", "4", "--morale", "2"]
    plain = runner.invoke(app, args)
    assert plain.exit_code == 0 and "50.0%" in plain.stdout
    assert "also computed (--show NAME for its grid, or --csv/--json): with_morale_spend" in plain.stdout
    spent = runner.invoke(app, [*args, "--show", "with_morale_spend"])
    # 1d6 + 0 at TN 4 is 1/2; at Great morale a failure is set to 4 by the spend (WD-MORALE-003): 1
    assert spent.exit_code == 0 and "with_morale_spend" in spent.stdout and "100.0%" in spent.stdout
    plot = tmp_path / "disaster.png"
    rwyn = ["lab", "odds", "rwyn", "--ability", "1", "--difficulty", "3", "--show", "any_disaster"]
    out = runner.invoke(app, [*rwyn, "--plot", str(plot)])
    assert out.exit_code == 0 and "55.6%" in out.stdout and plot.stat().st_size > 0  # 1 - (2/3)^2
    bad = runner.invoke(app, ["lab", "odds", "bpb", "--show", "nope", "--plot", str(tmp_path / "x.png")])
    assert bad.exit_code == 2 and "--show is one of the table's columns (success, extreme" in bad.output
    assert not (tmp_path / "x.png").exists()


@pytest.mark.rules("RWYN-SAC-001", "RWYN-SAC-003", "RWYN-SAC-004")
def test_the_sacrifice_option_says_what_each_policy_does() -> None:
    # "sacrifice policy (none, keep_one, all)": a designer could not tell keep_one from all
    out = runner.invoke(app, ["lab", "odds", "--help"], env={"COLUMNS": "200"})
    text = " ".join(out.stdout.replace("│", " ").split())
    assert "keep_one (all but one success); all (even the last, failing the task)" in text
    # src 001 "you have 3 in an ability, the difficulty is 5": 3 dice, 2 disaster dice; keeping one
    # success, 2+ successes roll one disaster die: 20/27 * 5/9 + 7/27 * 1/3
    rows = json.loads(
        runner.invoke(
            app,
            [
                "lab",
                "odds",
                "rwyn",
                "--ability",
                "3",
                "--difficulty",
                "5",
                "--sacrifice",
                "keep_one",
                "--json",
            ],
        ).stdout
    )["rows"]
    assert rows[0]["any_disaster_fraction"] == "121/243" and rows[0]["success_fraction"] == "19/27"
