"""Passive powers at the table: a mover's movement on top of the turn's, past the 2.5x ceiling
(WD-MOVE-007, src 890: "powers can exceed it")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.systems.weaverdice.helpers import add, sheet, table

SKATE = {"name": "Skate", "classifications": ["mover"], "action": "passive", "movement_ft": 30}


def skater() -> Any:
    """Sk8 (Athletics 3: 30 ft a move, 75 ft a turn by the ceiling) skates 30 ft more a turn."""
    d = table()
    add(d, "ann", {**sheet("sk8", "Sk8", athletics=3), "powers": [SKATE]})
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight.turn.actor == "sk8"
    return d


@pytest.mark.rules("WD-MOVE-007", "WD-MOVE-001")
def test_a_movers_passive_power_adds_its_feet_to_a_move() -> None:
    d = skater()
    d.refuse("ann", "move", character="sk8", feet=65, rule="WD-MOVE-001", match="60 feet")
    d.do("ann", "move", character="sk8", feet=60)
    assert d.state.fight.turn.moved == 60


@pytest.mark.rules("WD-MOVE-007", "WD-MOVE-005", "WD-MOVE-006")
def test_a_movers_power_breaks_the_ceiling_of_a_pushed_sprint() -> None:
    d = skater()
    # sprint 60 + 10 (a 6) + push 2 x 15 = 100, held to the 75 ft ceiling; then the power's 30: 105
    d.refuse(
        "ann", "move", character="sk8", feet=110, sprint=True, push=True, dice=[6, 3], rule="WD-MOVE-001"
    )
    d.do("ann", "move", character="sk8", feet=105, sprint=True, push=True, dice=[6, 3])
    assert d.state.fight.turn.moved == 105


@pytest.mark.rules("WD-MOVE-007", "WD-COMBAT-008")
def test_the_powers_feet_raise_the_turns_ceiling_once() -> None:
    d = skater()
    d.do("ann", "move", character="sk8", feet=60)  # 30 + the power's 30
    # the second move could carry 60 again, but the turn holds 75 + 30 = 105: 45 ft are left
    d.refuse("ann", "move", character="sk8", feet=50, rule="WD-MOVE-001", match="45 feet")
    d.do("ann", "move", character="sk8", feet=45)
    assert d.state.fight.turn.moved == 105
