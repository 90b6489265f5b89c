"""`capeworks weaverdice odds|characters|tracker` (the ruleset's own CLI group): JSON and text, refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from capeworks.systems.weaverdice.cli import wd_app

runner = CliRunner()


@pytest.mark.rules("WD-CORE-004", "WD-MORALE-002", "WD-MORALE-003")
def test_odds__exact_with_keep_one_and_morale() -> None:
    out = runner.invoke(wd_app, ["odds", "-m", "1", "-t", "4", "-x", "1", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    # 2d6 keep 1 + 1 >= 4: the highest die >= 3: 1 - (2/6)^2 = 8/9
    assert data["success"]["fraction"] == "8/9"
    capped = json.loads(
        runner.invoke(wd_app, ["odds", "-m", "1", "-t", "6", "--morale", "-2", "--json"]).stdout
    )
    assert capped["success"]["fraction"] == "0/1" and capped["cap"] == 5
    spend = json.loads(runner.invoke(wd_app, ["odds", "-t", "4", "--morale", "2", "--json"]).stdout)
    assert spend["with_morale_spend"]["fraction"] == "1/1"
    text = runner.invoke(wd_app, ["odds", "-m", "1", "-t", "4", "-x", "1"])
    assert "88.9%" in text.stdout


def test_odds__bad_input_exits_two_with_a_sentence() -> None:
    out = runner.invoke(wd_app, ["odds", "-t", "40"])
    assert out.exit_code == 2 and "TN of 1 to 14" in out.output
    for args, words in (
        (["--afford", "2"], "add --vs"),
        (["--vs", "12"], "opposed roll a modifier"),
        (["--vs", "0", "--afford", "2", "-x", "1"], "leave out extra dice"),
        (["--vs", "0", "--afford", "0"], "grapple cost of 1 to 20"),
    ):
        out = runner.invoke(wd_app, ["odds", *args, "--json"])
        assert out.exit_code == 2 and words in out.output, (args, out.output)


@pytest.mark.rules("WD-CORE-008", "WD-GRAPPLE-003")
def test_odds__opposed_and_grapple_before_the_roll() -> None:
    # 1d6 against 1d6, ties to the defender: 15 of 36 pairs; even Brawn affords a 2-point disarm on
    # margins 2..5: 10 of 36 (src: opposed rolls, grapple margins)
    data = json.loads(runner.invoke(wd_app, ["odds", "--vs", "0", "--afford", "2", "--json"]).stdout)
    assert data["opposed"]["beats"]["fraction"] == "5/12"
    assert data["grapple"]["affords"]["fraction"] == "5/18"
    # a banked Hold of 1 lets a 1-point win pay a 2-point option too: 15 of 36
    banked = json.loads(
        runner.invoke(wd_app, ["odds", "--vs", "0", "--afford", "2", "--banked", "1", "--json"]).stdout
    )
    assert banked["grapple"]["affords"]["fraction"] == "5/12"
    text = runner.invoke(wd_app, ["odds", "-m", "2", "--vs", "1", "--vs-extra", "1"]).stdout
    assert "against 2d6 keep 1, +1 (ties hold)" in text


def test_characters__samples_and_files(tmp_path: Path) -> None:
    data = json.loads(runner.invoke(wd_app, ["characters", "--json"]).stdout)
    ids = {c["id"] for c in data["characters"]}
    assert {"ramjet", "tankspanker", "dandelion", "thug", "prt_officer", "bystander"} <= ids
    ramjet = json.loads(runner.invoke(wd_app, ["characters", "ramjet", "--json"]).stdout)["characters"][0]
    assert ramjet["derived"]["movement_ft"] == 35 and ramjet["derived"]["effort"]["stamina"] == 4
    yaml_file = tmp_path / "kid.yaml"
    yaml_file.write_text("id: kid\nname: Kid Flash-in-the-pan\nstats:\n  athletics: 5\n  wits: 2\n")
    kid = json.loads(runner.invoke(wd_app, ["characters", "-f", str(yaml_file), "--json"]).stdout)[
        "characters"
    ][0]
    assert kid["derived"]["speed"] == 8 and kid["derived"]["effort"]["focus"] == 2
    json_file = tmp_path / "kid.json"
    json_file.write_text(json.dumps({"id": "kid", "name": "Kid", "stats": {"guts": 4}}))
    kid = json.loads(runner.invoke(wd_app, ["characters", "-f", str(json_file), "--json"]).stdout)[
        "characters"
    ][0]
    assert kid["derived"]["wound_slots"] == 4
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: [\n")
    out = runner.invoke(wd_app, ["characters", "-f", str(bad)])
    assert out.exit_code == 2 and "not readable" in out.output
    assert runner.invoke(wd_app, ["characters", "nobody"]).exit_code == 2


def test_tracker__sample_fight_as_gm_and_as_a_player(tmp_path: Path) -> None:
    gm = json.loads(runner.invoke(wd_app, ["tracker", "--json"]).stdout)
    assert gm["columns"][:4] == ["#", "name", "tier", "standing"]
    steeltoe = next(r for r in gm["rows"] if r[1] == "Steeltoe")
    assert steeltoe[5] == "1/4"
    ann = json.loads(runner.invoke(wd_app, ["tracker", "--as", "ann", "--json"]).stdout)
    assert next(r for r in ann["rows"] if r[1] == "Steeltoe")[5] == "?"
    text = runner.invoke(wd_app, ["tracker"])
    assert "Weaverdice tracker" in text.stdout and "Ramjet" in text.stdout


def test_the_group_is_reached_one_way_by_the_rulesets_name() -> None:
    """One entry point, one name: ``capeworks weaverdice`` (the short ``wd`` is gone with the second way)."""
    from capeworks.cli.app import app

    full = runner.invoke(app, ["weaverdice", "odds", "-t", "4", "--json"])
    assert full.exit_code == 0
    assert json.loads(full.stdout)["success"]["fraction"] == "1/2"
    listed = runner.invoke(app, ["--help"]).stdout
    assert listed.count("weaverdice") == 1 and " wd " not in listed
    assert runner.invoke(app, ["wd", "odds"]).exit_code == 2


def test_sheet__an_add_character_payload_from_a_sample_or_a_file(tmp_path: Path) -> None:
    out = runner.invoke(wd_app, ["sheet", "thug", "--hidden"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["hidden"] is True and data["sheet"]["tier"] == "generic"
    f = tmp_path / "kid.yml"
    f.write_text("id: kid\nname: Kid\nstats: {brawn: 4}\n")
    kid = json.loads(runner.invoke(wd_app, ["sheet", str(f), "--owner", "ann"]).stdout)
    assert kid == {"sheet": {"id": "kid", "name": "Kid", "stats": {"brawn": 4}}, "owner": "ann"}
    assert runner.invoke(wd_app, ["sheet", "nobody"]).exit_code == 2


@pytest.mark.rules("WD-MORALE-002")
def test_odds__the_morale_range_the_help_gives_is_the_one_accepted() -> None:
    # the help said -4 to +4 while -5 was accepted and -6 refused (found by a new GM, stop 38)
    help_text = runner.invoke(wd_app, ["odds", "--help"], env={"COLUMNS": "200"}).stdout
    assert "-5 to +4" in help_text
    assert runner.invoke(wd_app, ["odds", "-t", "4", "--morale", "-5", "--json"]).exit_code == 0
    assert runner.invoke(wd_app, ["odds", "-t", "4", "--morale", "-6"]).exit_code == 2
