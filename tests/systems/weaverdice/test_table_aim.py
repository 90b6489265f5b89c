"""Aim at the table (WD-SKILL-010, src 313-318): +1h6 "on long-range attacks"; a melee swing gets
nothing from the Aim tree. Whether a foe is within 15 ft stays the player's claim and the GM's call."""

from __future__ import annotations

from typing import Any

import pytest

from tests.systems.weaverdice.helpers import add, sheet, table

AIM = {"name": "Aim", "stats": ["dexterity"], "tree": "aim"}


def sniper() -> Any:
    d = table()
    add(d, "ann", {**sheet("eye", "Eye", dexterity=4), "skills": [AIM]})
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight.turn.actor == "eye"
    return d


@pytest.mark.rules("WD-SKILL-010", "WD-SKILL-001")
def test_aim_adds_a_die_to_a_ranged_attack() -> None:
    d = sniper()
    d.do(
        "ann",
        "attack",
        character="eye",
        target="thug",
        stat="dexterity",
        melee=False,
        skills=["Aim"],
        dice=[1, 5, 1],
    )
    # Dexterity 4 (+1), the better of two dice: 5 + 1 = 6
    swing = "Eye attacks Thug (lesser bash) vs defense 3: [1 5] keep 5 +1 = 6;"
    assert any(w.startswith(swing) for w in d.words())
    assert len(d.state.people["thug"].track.wounds) == 1


@pytest.mark.rules("WD-SKILL-010")
def test_aim_is_refused_on_a_melee_attack() -> None:
    d = sniper()
    d.refuse(
        "ann",
        "attack",
        character="eye",
        target="thug",
        stat="dexterity",
        skills=["Aim"],
        dice=[1, 5],
        rule="WD-SKILL-010",
    )
