"""`capeworks workshop ...` (odds, samples, tracker), a fight played with `capeworks table do`, the
odds preview of the front package, and the odds every Active Defense prompt carries."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from capeworks.cli.app import app
from capeworks.errors import InvalidCommand
from capeworks.systems.workshop.config import DiceModelName
from capeworks.systems.workshop.front import preview
from capeworks.systems.workshop.odds import dice_distribution, p_success
from tests.systems.workshop.helpers import sheet, table

runner = CliRunner()


@pytest.mark.rules("WS-CORE-001")
def test_the_pos_neg_model_is_a_triangle_on_minus_nine_to_nine() -> None:
    dist = dice_distribution(DiceModelName.POS_NEG)
    assert list(dist) == list(range(-9, 10))
    assert dist[0] == Fraction(10, 100) and dist[9] == dist[-9] == Fraction(1, 100)
    assert p_success(9, 12, dice=DiceModelName.POS_NEG) == Fraction(28, 100)
    assert p_success(9, 12, dice=DiceModelName.ONE_D10) == Fraction(8, 10)
    assert p_success(9, 20, dice=DiceModelName.POS_NEG, extra=1) == Fraction(
        sum(1 for p in range(10) for n in range(10) for x in range(10) if p - n + x >= 11), 1000
    )


@pytest.mark.rules("WS-CORE-001")
def test_cli_odds_are_exact() -> None:
    result = runner.invoke(app, ["workshop", "odds", "--base", "9", "--vs", "12", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["success"]["fraction"] == "7/25" and data["distribution"]["0"] == "1/10"
    result = runner.invoke(app, ["workshop", "odds", "-b", "9", "-v", "12"])
    assert "28.0% (7/25)" in result.stdout


def test_cli_odds_refuse_an_unknown_dice_model_in_one_line() -> None:
    result = runner.invoke(app, ["workshop", "odds", "-b", "9", "-v", "12", "--dice", "d6"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "Error: There is no dice model 'd6'. Known: pos_neg_d10, one_d10."
    ]


@pytest.mark.rules("WS-SHOT-001", "WS-MOOK-004")
def test_cli_samples_list_characters_and_mook_groups() -> None:
    data = json.loads(runner.invoke(app, ["workshop", "samples", "--json"]).stdout)
    by = {s["key"]: s for s in data["samples"]}
    assert by["jade"]["shot_count"] == 5 and by["goons"]["count"] == 6 and by["goons"]["named"] is False
    assert runner.invoke(app, ["workshop", "samples", "nobody"]).exit_code == 2


def test_cli_tracker_shows_the_order_and_the_rules_on() -> None:
    result = runner.invoke(app, ["workshop", "tracker", "--set", "card_draw=true", "--json"])
    assert result.exit_code == 0, result.output
    panels = {p["title"]: p for p in json.loads(result.stdout)["panels"]}
    fight = panels["Workshop fight"]
    assert fight["rows"][0][0] == ">" and "card draw" in fight["note"] and "Cards" in panels
    bad = runner.invoke(app, ["workshop", "tracker", "--set", "bogus=1"])
    assert bad.exit_code == 2 and "Traceback" not in bad.output


@pytest.mark.rules("WS-SHOT-004")
def test_a_fight_through_table_do_refuses_shots_you_lack_in_one_line(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    seats = ["--seat", "gm:Gail:gm", "--seat", "ann:Ann", "--config-json", '{"shaken": true}']
    made = runner.invoke(app, ["table", "new", "workshop", "--seed", "1", "--json", "--db", db, *seats])
    assert made.exit_code == 0, made.output
    tid = json.loads(made.stdout)["id"]

    def do(seat: str, *args: str) -> Result:
        return runner.invoke(app, ["table", "do", tid, seat, *args, "--db", db])

    assert do("ann", "add_character", "id=jade", "sample=jade").exit_code == 0
    assert do("gm", "add_character", "id=thug", "sample=thug").exit_code == 0
    assert do("gm", "start_sequence").exit_code == 0
    r = do("ann", "extra_action", "character=jade")
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1 and "WS-SHOT-004" in r.output
    r = do("ann", "attack", "character=jade", "targets=thug")
    assert r.exit_code == 0, r.output


def test_front_preview_gives_the_exact_odds() -> None:
    got = preview({"dice": "pos_neg_d10"}, "odds", {"base": 9, "difficulty": 12})
    assert got["success"]["fraction"] == "7/25"
    with pytest.raises(InvalidCommand):
        preview({}, "odds", {"base": "nine", "difficulty": 12})
    with pytest.raises(InvalidCommand):
        preview({}, "pool", {})


@pytest.mark.rules("WS-CORE-003")
def test_the_active_defense_prompt_carries_the_odds_of_being_hit() -> None:
    d = table({"shock_roll": False}, heroes={"h": sheet()}, villains={"v": sheet(traits={"Agility": 4})})
    d.do("ann", "attack", character="h", targets=["v"])
    prompt = d.table.prompts()[0]
    assert (prompt.context["hit_if_passive"], prompt.context["hit_if_active"]) == ("28.0%", "3.0%")


@pytest.mark.rules("WS-CORE-001", "WS-CORE-003")
def test_the_tracker_shows_the_chance_to_hit_each_foe_before_the_roll() -> None:
    from capeworks.engine import Viewer

    d = table({"shock_roll": False}, heroes={"h": sheet()}, villains={"v": sheet(traits={"Agility": 4})})
    chances = next(p for p in d.table.seen_panels(Viewer.gm()) if p.title == "Chances")
    assert chances.rows == (("V", "9", "12", "28.0%"),)
    d.do("ann", "attack", character="h", targets=["v"])
    d.answer("gm", d.table.prompts()[0].id, "yes", dice=[10, 10])
    d.do("ann", "end_turn", character="h")  # v acts: its Active Defense has ended; h's Defense 12
    chances = next(p for p in d.table.seen_panels(Viewer.gm()) if p.title == "Chances")
    assert chances.rows == (("H", "8", "12", "21.0%"),)  # v: Agility 4 + Guns 4
