"""Referee pass 8 over Weaverdice part 1: the starting skills, stat damage and the values it feeds,
effort's limits on effects, statuses, and gear, each situation written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before reading the table's code,
then played through the table with given dice.

Where the seed is silent the expected outcome is the inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.systems.weaverdice.helpers import add, table


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
