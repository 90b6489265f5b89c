"""A new PC checked as it joins (WD-STAT-003, WD-SKILL-004, WD-DN-013): asked for with ``new``, since
the table also seats experienced characters whose sheets have grown past the starting rules."""

from __future__ import annotations

from typing import Any

import pytest

from tests.systems.weaverdice.helpers import add, table


def _skill(name: str, *stats: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "stats": list(stats), **more}


def rookie(**stats: int) -> dict[str, Any]:
    """Two stats at +1 (Brawn, Wits), one at -1 (Social); a skill for each +1, one free, one learning."""
    return {
        "id": "roo",
        "name": "Rookie",
        "tier": "pc",
        "stats": {"brawn": 4, "wits": 4, "social": 2, **stats},
        "skills": [
            _skill("Brawl", "brawn"),
            _skill("Notice", "wits"),
            _skill("Run", "athletics"),
            _skill("Medical", "dexterity", "knowledge", learning=True, training=[5, 4]),
        ],
    }


@pytest.mark.rules("WD-STAT-003", "WD-SKILL-004")
def test_a_new_pc_made_by_the_book_joins() -> None:
    d = table()
    add(d, "ann", rookie(), new=True)
    assert "roo" in d.state.people


@pytest.mark.rules("WD-STAT-003")
def test_a_new_pc_with_another_statline_is_refused__an_old_hand_is_not() -> None:
    d = table()
    # src 240: "two stats at +1 and one at -1"; a third +1 is not a starting statline
    d.refuse("ann", "add_character", sheet=rookie(guts=4), new=True, rule="WD-STAT-003", match="2 stats at 4")
    d.refuse("ann", "add_character", sheet=rookie(guts=5), new=True, rule="WD-STAT-003")
    add(d, "ann", rookie(guts=5))  # not new: a sheet that has grown joins as it is
    assert "roo" in d.state.people


@pytest.mark.rules("WD-STAT-003", "WD-DN-013")
def test_a_new_pc_takes_one_of_the_gms_fixed_statlines_when_offered() -> None:
    line = {"plus": ["brawn", "knowledge"], "minus": ["dexterity"]}
    d = table(config={"fixed_statlines": [line]})
    d.refuse("ann", "add_character", sheet=rookie(), new=True, rule="WD-STAT-003", match="GM offered")


@pytest.mark.rules("WD-SKILL-004")
def test_a_new_pc_needs_a_skill_for_each_plus_one_and_a_learning_skill() -> None:
    d = table()
    no_wits = rookie()
    no_wits["skills"] = [s for s in no_wits["skills"] if s["name"] != "Notice"]
    d.refuse("ann", "add_character", sheet=no_wits, new=True, rule="WD-SKILL-004", match="wits skill")
    untrained = rookie()
    untrained["skills"][-1] = _skill("Medical", "dexterity", "knowledge", learning=True, training=[5])
    d.refuse("ann", "add_character", sheet=untrained, new=True, rule="WD-SKILL-004", match="training rolls")


@pytest.mark.rules("WD-STAT-003")
def test_only_a_player_character_is_new_by_the_starting_rules() -> None:
    d = table()
    thug = {**rookie(), "id": "thug", "name": "Thug", "tier": "generic"}
    d.refuse("gm", "add_character", sheet=thug, new=True, rule="WD-STAT-003", match="player character")
