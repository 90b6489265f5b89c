"""Skill prerequisites enforced where a sheet gains skills (WD-SKILL-002, src 325, 332, 1549-1601).

A sheet joining the table and a skill started through the mini-progression are refused when a skill
lacks what it requires; the refusal names the missing prerequisite and changes nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp
from tests.systems.weaverdice.helpers import add, sheet, table

CRAFT = {"name": "Craft", "stats": ["dexterity"], "tree": "craft"}
AIM = {"name": "Aim", "stats": ["dexterity"], "tree": "aim"}


def craft_skill(name: str, stat: str = "dexterity") -> dict[str, Any]:
    return {"name": name, "stats": [stat], "tree": "craft", "dice": 2 if name == "Master Craft" else 0}


def plain(name: str, stat: str) -> dict[str, Any]:
    return {"name": name, "stats": [stat]}


def joins(d: Driver, *skills: dict[str, Any], **stats: int) -> None:
    data = sheet("ada", "Ada", knowledge=stats.pop("knowledge", 4), **stats)
    data["skills"] = list(skills)
    add(d, "ann", data, owner="ann")


def refused(*skills: dict[str, Any], match: str) -> None:
    d = table()
    data = sheet("ada", "Ada", knowledge=4)
    data["skills"] = list(skills)
    d.refuse("ann", "add_character", sheet=data, owner="ann", rule="WD-SKILL-002", match=match)
    assert "ada" not in d.state.sheets


@pytest.mark.rules("WD-SKILL-002", "WD-CRAFT-019", "WD-CRAFT-020", "WD-CRAFT-021")
def test_craft_pool_skills_need_craft_and_a_skill_of_their_stat() -> None:
    """src 1578: Resourceful 'Requires the Basic Craft skill and at least one Social-based skill';
    src 1585 Contrive: a Knowledge-based skill; src 1592 Maintenance: a Guts-based skill."""
    refused(craft_skill("Resourceful"), plain("Haggle", "social"), match="requires Craft")
    refused(CRAFT, craft_skill("Resourceful"), match="a Social skill")
    # the skill itself does not count as its own Knowledge-based prerequisite
    refused(CRAFT, craft_skill("Contrive", "knowledge"), match="a Knowledge skill")
    refused(CRAFT, craft_skill("Maintenance"), plain("Haggle", "social"), match="a Guts skill")
    # a learning skill is no prerequisite: Grit must be known
    refused(CRAFT, craft_skill("Maintenance"), {**plain("Grit", "guts"), "learning": True}, match="Guts")
    d = table()
    joins(
        d,
        CRAFT,
        craft_skill("Resourceful"),
        plain("Haggle", "social"),
        craft_skill("Contrive"),
        plain("Computers", "knowledge"),
        craft_skill("Maintenance"),
        plain("Grit", "guts"),
    )
    assert len(d.state.sheets["ada"].skills) == 7


@pytest.mark.rules("WD-SKILL-002", "WD-CRAFT-015", "WD-CRAFT-016", "WD-CRAFT-017", "WD-CRAFT-022")
def test_master_craft_needs_four_other_craft_skills_and_the_pool_needs_craft() -> None:
    """src 1601: Master Craft 'Requires four other Craft skills'; src 1549, 1556, 1563: Handy, Diligence,
    Multitasker require the Basic Craft skill."""
    for name in ("Handy", "Diligence", "Multitasker"):
        refused(craft_skill(name), match=f"{name} requires Craft")
    # Craft, Handy, Diligence: three others, one short
    three = (CRAFT, craft_skill("Handy"), craft_skill("Diligence"))
    refused(*three, craft_skill("Master Craft"), match="4 other Craft skills (has 3)")
    d = table()
    joins(d, *three, craft_skill("Multitasker"), craft_skill("Master Craft"))
    assert d.state.sheets["ada"].skills[-1].name == "Master Craft"


@pytest.mark.rules("WD-SKILL-002", "WD-SKILL-011", "WD-SKILL-012")
def test_aim_options_need_aim_and_an_npc_is_held_to_them_too() -> None:
    """src 325, 332: Align Sights and Focused Shot each 'Requires the Aim skill'."""
    refused({"name": "Align Sights", "stats": ["dexterity"], "tree": "aim"}, match="requires Aim")
    d = table()
    thug = {**sheet("thug", "Thug", "notable"), "skills": [{"name": "Focused Shot", "stats": ["dexterity"]}]}
    d.refuse("gm", "add_character", sheet=thug, rule="WD-SKILL-002", match="Focused Shot requires Aim")
    thug["skills"] = [AIM, *thug["skills"]]
    d.do("gm", "add_character", sheet=thug)


@pytest.mark.rules("WD-SKILL-002", "WD-DN-017")
def test_a_mini_pick_cannot_start_learning_a_skill_without_its_prerequisites() -> None:
    """src 1592: Maintenance needs Craft and a Guts skill; starting to learn it needs them known."""
    d = table(config={"campaign": {"progression": "mini"}})
    joins(d, CRAFT, dexterity=4)
    d.do("gm", "award", character="ada", boxes=1)
    d.refuse(
        "ann",
        "pick_mini",
        character="ada",
        option=1,
        skill="Maintenance",
        stat="dexterity",
        rule="WD-SKILL-002",
        match="a Guts skill",
    )
    assert [s.name for s in d.state.sheets["ada"].skills] == ["Craft"]
    assert camp(d).ledger("ada").box_credit == 1
    d.do("ann", "pick_mini", character="ada", option=1, skill="Diligence", stat="dexterity")
    assert d.state.sheets["ada"].skills[-1].learning


@pytest.mark.rules("WD-SKILL-005", "WD-DN-017")
def test_a_mini_pick_cannot_start_a_skill_past_the_cap() -> None:
    """src 336: 'a player may have a total equal to 2x their Knowledge' skills, known or learning."""
    d = table(config={"campaign": {"progression": "mini"}})
    four = [plain(n, "dexterity") for n in ("Aim", "Sleight", "Drive", "Pick Locks")]
    joins(d, *four, knowledge=2, dexterity=4)  # cap 2 x 2 = 4, all taken
    d.do("gm", "award", character="ada", boxes=1)
    d.refuse(
        "ann", "pick_mini", character="ada", option=1, skill="Parkour", stat="dexterity", rule="WD-SKILL-005"
    )
    assert len(d.state.sheets["ada"].skills) == 4


@pytest.mark.rules("WD-SKILL-006", "WD-SKILL-002", "WD-SKILL-005", "WD-DT-003")
def test_a_downtime_slot_of_train_starts_learning_a_new_skill() -> None:
    """src 342: 'Using a block of time to train in a skill allows the character to start learning a new
    skill or to make a roll for one they are learning'. Starting takes the slot and rolls nothing; the
    next slot rolls for it: Knowledge 4 (+1), Dexterity 3 (0), a 5 saves 6."""
    d = table()
    joins(d, CRAFT)
    d.do("gm", "start_downtime")
    d.refuse("ann", "downtime_action", character="ada", action="train", skill="Parkour", rule="WD-SKILL-006")
    d.refuse(  # src 1592: Maintenance needs a Guts skill
        "ann",
        "downtime_action",
        character="ada",
        action="train",
        skill="Maintenance",
        stat="dexterity",
        rule="WD-SKILL-002",
    )
    assert camp(d).phase.slots["ada"].used == 0
    d.do("ann", "downtime_action", character="ada", action="train", skill="Parkour", stat="athletics")
    parkour = d.state.sheets["ada"].skills[-1]
    assert (parkour.name, parkour.learning, parkour.training) == ("Parkour", True, ())
    assert camp(d).phase.slots["ada"].used == 1 and "Ada starts learning Parkour." in d.words()
    d.do("ann", "downtime_action", character="ada", action="train", skill="Parkour", dice=[5])
    assert d.state.sheets["ada"].skills[-1].training == (6,)


@pytest.mark.rules("WD-SKILL-002", "WD-PROG-011")
def test_the_learning_a_skill_box_starts_only_a_skill_whose_prerequisites_are_known() -> None:
    """src 1223 starts a new skill with the box; src 325: Focused Shot 'Requires the Aim skill'."""
    d = table()
    joins(d, CRAFT)
    d.do("gm", "award", character="ada", boxes=1)
    d.refuse(
        "ann",
        "check_box",
        character="ada",
        box="learning_a_skill",
        skill="Focused Shot",
        stat="dexterity",
        rule="WD-SKILL-002",
        match="requires Aim",
    )
    assert [s.name for s in d.state.sheets["ada"].skills] == ["Craft"]
    d.do("ann", "check_box", character="ada", box="learning_a_skill", skill="Handy", stat="dexterity")
    assert d.state.sheets["ada"].skills[-1].learning
