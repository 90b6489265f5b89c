"""`capeworks lab economy wd-craft`: Craft & Repair projects played at real Weaverdice tables."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.errors import InvalidCommand
from capeworks.lab.wd_craft import crafting

runner = CliRunner()


@pytest.mark.rules("WD-CRAFT-002", "WD-CRAFT-003", "WD-CRAFT-004", "WD-CRAFT-005", "WD-CRAFT-006")
def test_knowledge_caps_the_rolls_and_the_tier_follows_the_total() -> None:
    r = crafting(40, dexterity=(3,), knowledge=(1, 5), seed=3)
    one, five = r["rows"]
    # Knowledge 1 allows one roll: 2 dice keep best + 1 (the Craft skill) is at most 7, short of DC 10
    assert one["rolls"]["value"] == 1.0 and one["p_failed"]["value"] == 1.0
    assert one["total"]["high"] <= 7
    # Knowledge 5: up to five rolls of 2 dice keep best (mean ~4.5 each), finishing early once the total
    # meets DC 15; a standard item is the usual outcome, and never more than 5 rolls
    assert five["p_standard"]["value"] > 0.9 and five["rolls"]["value"] <= 5
    # materials: a third of the $300 price, paid once at the start
    assert one["materials"]["value"] == five["materials"]["value"] == 100.0
    assert r["dice"] > 0
    # the same seed plays the same tables
    assert crafting(40, dexterity=(3,), knowledge=(1, 5), seed=3) == r


@pytest.mark.rules("WD-CRAFT-001")
def test_dexterity_one_needs_more_downtime_phases_than_dexterity_five() -> None:
    r = crafting(30, dexterity=(1, 5), knowledge=(5,), seed=2)
    slow, fast = r["rows"]
    # one action a slot: five rolls spill past a phase's slots; five actions a slot never do
    assert slow["phases"]["value"] > 1.0 and fast["phases"]["value"] == 1.0


def test_bad_skill_tier_and_runs_are_one_sentence() -> None:
    with pytest.raises(InvalidCommand, match="no Craft-tree skill 'nope'"):
        crafting(1, skills=("nope",))
    out = runner.invoke(app, ["lab", "economy", "wd-craft", "-n", "2", "--tier", "mythic"])
    assert out.exit_code != 0 and "There is no mythic tier" in out.output and "Traceback" not in out.output
    out = runner.invoke(app, ["lab", "economy", "wd-craft", "-n", "0"])
    assert out.exit_code != 0 and "--runs is 1..100000" in out.output
    out = runner.invoke(
        app, ["lab", "economy", "wd-craft", "-n", "3", "--dexterity", "2", "--knowledge", "3", "--json"]
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["kind"] == "crafting" and data["rows"][0]["rolls"]["value"] <= 3


@pytest.mark.rules("WD-SKILL-002", "WD-CRAFT-019", "WD-CRAFT-022")
def test_a_skill_asked_for_brings_its_prerequisites__so_the_table_seats_the_crafter() -> None:
    """The table refuses a sheet holding a skill without its prerequisites (src 1549-1601): the lab's
    crafter gets them, and says so (Master Craft: four other Craft skills, Craft among them;
    Resourceful: a Social skill)."""
    master = crafting(2, dexterity=(3,), knowledge=(3,), skills=("master craft",), seed=1)
    assert (master["skills"], master["with"]) == (["master craft"], ["handy", "diligence", "multitasker"])
    rich = crafting(2, dexterity=(3,), knowledge=(3,), skills=("resourceful",), seed=1)
    assert rich["with"] == ["Social Skill"]
    # Resourceful takes 10% or $10 off the $100 of materials (src 1578)
    assert rich["rows"][0]["materials"]["value"] == 90.0
    plain = crafting(2, dexterity=(3,), knowledge=(3,), skills=("handy",), seed=1)
    assert plain["with"] == []
    out = runner.invoke(
        app,
        [
            "lab",
            "economy",
            "wd-craft",
            "-n",
            "2",
            "--dexterity",
            "3",
            "--knowledge",
            "3",
            "--skill",
            "master craft",
        ],
    )
    # the title wraps at the terminal's width: read it as words
    assert out.exit_code == 0 and "for their prerequisites" in " ".join(out.output.split()), out.output


def test_the_text_shows_the_intervals_its_title_promises() -> None:
    # the title said "shares with Wilson 95% intervals, means with t intervals"; the cells had none
    args = ["lab", "economy", "wd-craft", "-n", "20", "--dexterity", "3", "--knowledge", "3", "--seed", "5"]
    row = json.loads(runner.invoke(app, [*args, "--json"]).stdout)["rows"][0]
    text = " ".join(runner.invoke(app, args, env={"COLUMNS": "200"}).stdout.split())
    share = row["p_standard"]
    assert f"{share['value']:.1%} [{share['low']:.1%}, {share['high']:.1%}]" in text
    rolls = row["rolls"]
    assert f"{rolls['value']:.2f} [{rolls['low']:.2f}, {rolls['high']:.2f}]" in text
