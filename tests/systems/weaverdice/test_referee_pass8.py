"""Referee pass 8 over Weaverdice part 1: the starting skills, stat damage and the values it feeds,
effort's limits on effects, statuses, and gear, each situation written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before reading the table's code,
then played through the table with given dice.

Where the seed is silent the expected outcome is the inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Pool
from tests.systems.weaverdice.helpers import add, sheet, table


def _skill(name: str, *stats: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "stats": list(stats), **more}


# -- the starting skills (src 338) -----------------------------------------------------------------


def _rookie(*skills: dict[str, Any]) -> dict[str, Any]:
    """A new PC at +1 Dexterity and +1 Knowledge, -1 Social, with these known skills and a learning
    one with its two starting training rolls."""
    return {
        "id": "roo",
        "name": "Rookie",
        "tier": "pc",
        "stats": {"dexterity": 4, "knowledge": 4, "social": 2},
        "skills": [*skills, _skill("Aim", "dexterity", learning=True, training=[5, 4])],
    }


@pytest.mark.rules("WD-SKILL-004")
def test_a_two_stat_skill_may_stand_for_the_second_plus_one_when_the_first_has_its_own() -> None:
    # src 338: "one different skill per attribute they have a native ... +1 in, and that skill must
    # be of that attribute's type", then "an additional skill as they see fit". Medical (Dexterity and
    # Knowledge) stands for the +1 Knowledge, Lockpicking (Dexterity) for the +1 Dexterity, Run is the
    # free pick: a book character, whichever order the sheet lists them in.
    d = table()
    add(
        d,
        "ann",
        _rookie(
            _skill("Medical", "dexterity", "knowledge"),
            _skill("Lockpicking", "dexterity"),
            _skill("Run", "athletics"),
        ),
        new=True,
    )
    assert "roo" in d.state.people


@pytest.mark.rules("WD-SKILL-004")
def test_two_skills_for_two_plus_ones_must_be_different_skills() -> None:
    # src 338: "one different skill per attribute": Medical alone cannot stand for both +1s, so with
    # Run and Climb (neither Dexterity nor Knowledge) the rookie lacks a skill for one of them
    d = table()
    d.refuse(
        "ann",
        "add_character",
        sheet=_rookie(_skill("Medical", "dexterity", "knowledge"), _skill("Run", "athletics")),
        new=True,
        rule="WD-SKILL-004",
    )


# -- a learning skill opened with Focus is had for the encounter (src 342, 388) --------------------

AIM = {"name": "Aim", "stats": ["dexterity"], "tree": "aim"}
ALIGN = {"name": "Align Sights", "stats": ["dexterity"], "tree": "aim"}
FOCUSED = {"name": "Focused Shot", "stats": ["dexterity"], "tree": "aim"}


def _learning(skill: dict[str, Any]) -> dict[str, Any]:
    return {**skill, "learning": True, "training": [5]}


def _sniper(*skills: dict[str, Any]) -> Driver:
    """Eye (Ann's, Dexterity 4) with these skills against a generic thug (DS 3); Eye acts first."""
    d = table()
    add(d, "ann", {**sheet("eye", "Eye", dexterity=4), "skills": list(skills)})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "eye"
    return d


def _round(d: Driver) -> None:
    """Eye ends the turn, the thug his: Eye's turn again."""
    d.do("ann", "end_turn", character="eye")
    d.do("gm", "end_turn", character="thug")


def _shot(d: Driver, dice: list[int], **more: Any) -> int:
    """Eye shoots the thug; the attack's total."""
    d.do("ann", "attack", character="eye", target="thug", stat="dexterity", melee=False, dice=dice, **more)
    rolled = next(e for e in reversed(d.events) if e.type == "weaverdice.attack_rolled")
    return int(rolled.payload.check.total)


@pytest.mark.rules("WD-SKILL-009", "WD-SKILL-011", "WD-EFFORT-004")
def test_align_sights_opened_with_focus_takes_the_round_and_counts_itself() -> None:
    # src 342: a skill being learned can be used by spending Focus, "gaining it until the encounter
    # ends"; src 388: Focus may "Access a trained skill for the encounter". src 327: Align Sights, the
    # next shot "+1 to hit for every Aim skill you have". Eye knows Aim and opens Align Sights: two Aim
    # skills for this encounter, so [1] + 1 (Dexterity 4) + 2 = 4.
    d = _sniper(AIM, _learning(ALIGN))
    d.do("ann", "open_skill", character="eye", skill="Align Sights")
    d.do("ann", "align_sights", character="eye", target="thug")
    _round(d)
    assert _shot(d, [1, 1]) == 4


@pytest.mark.rules("WD-SKILL-009", "WD-SKILL-011")
def test_align_sights_still_being_learned_and_not_opened_is_refused() -> None:
    # src 342: until learned, a skill is had only by spending Focus on it
    d = _sniper(AIM, _learning(ALIGN))
    d.refuse("ann", "align_sights", character="eye", target="thug", rule="WD-SKILL-011")


@pytest.mark.rules("WD-SKILL-009", "WD-SKILL-012")
def test_focused_shot_opened_with_focus_can_be_fired() -> None:
    # src 342/388 as above; src 334: Focused Shot spends Focus to apply Aim skills whatever the foes'
    # nearness. Eye opens Focused Shot (1 Focus) and fires one (1 more): Wits 3, one Focus left.
    d = _sniper(AIM, _learning(FOCUSED))
    d.do("ann", "open_skill", character="eye", skill="Focused Shot")
    _shot(d, [1, 1], skills=["Aim"], focused=True)
    assert d.state.people["eye"].effort.available(d.state.sheet("eye"), Pool.FOCUS) == 1


@pytest.mark.rules("WD-SKILL-009", "WD-SKILL-010")
def test_aim_opened_with_focus_adds_its_die_to_a_shot() -> None:
    # src 342/388 as above; src 318: Aim, "Roll an extra die on an attack, take the roll of your
    # choice". Eye learns Aim and opens it: the shot rolls [1, 2], keeps the 2: 2 + 1 = 3 hits DS 3.
    d = _sniper(_learning(AIM))
    d.do("ann", "open_skill", character="eye", skill="Aim")
    assert _shot(d, [1, 2, 1], skills=["Aim"]) == 3
