"""What an attack that sticks leaves at the table (WD-STATUS-011..013, WD-WFX-012): a weapon from
melee or a projectile from range, and a projectile that pins where the line of fire and the
surroundings allow (src 856-871). Played through the table with given dice."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.systems.weaverdice import statuses as st
from capeworks.systems.weaverdice.vocab import Status
from tests.systems.weaverdice.helpers import add, sheet, table


def thugs_turn() -> Any:
    """Vic (Ann's) and a thug (generic, Dexterity 4, Brawn 4); Vic's turn passes, the thug's comes."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5, athletics=3))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, dexterity=4, athletics=1))
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "end_turn", character="vic")
    assert d.state.fight.turn.actor == "thug"
    return d


def _stuck(d: Any, ident: str) -> st.Condition:
    (stuck,) = [c for c in d.state.people[ident].conditions if c.name == Status.STUCK]
    return stuck


@pytest.mark.rules("WD-STATUS-011", "WD-STATUS-013", "WD-WFX-012")
def test_a_thrown_knife_that_sticks_is_stuck_from_range_and_does_not_pin_by_itself() -> None:
    d = thugs_turn()
    # 6 + 1 (Dex 4) beats Vic's DS; Vic takes it; Lesser Pierce 5: "Inflicts stuck, if possible" (src 666)
    d.do(
        "gm",
        "attack",
        character="thug",
        target="vic",
        stat="dexterity",
        damage="pierce",
        melee=False,
        dice=[6],
    )
    d.answer("ann", "react-vic", "take", dice=[5])
    d.answer("ann", "effect-vic-w1-negate", "none")  # keeps the Recovery: the effect stands
    stuck = _stuck(d, "vic")
    # "(From Ranged) The projectile is caught inside the target" (src 867-871): not a melee weapon
    assert (stuck.reach, stuck.source, stuck.pinned) == (st.Reach.RANGED, "thug", False)
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "move", character="vic", feet=5)  # nothing to pin him to: he moves


@pytest.mark.rules("WD-STATUS-013", "WD-WFX-012", "WD-MOVE-001")
def test_a_bolt_that_sticks_where_the_surroundings_allow_pins_the_target_in_place() -> None:
    d = thugs_turn()
    # "If the line of fire and surroundings are appropriate, the target is pinned to the wall and
    # cannot move from the spot" (src 871): the attacker says so with the attack
    d.do(
        "gm",
        "attack",
        character="thug",
        target="vic",
        stat="dexterity",
        damage="pierce",
        melee=False,
        pins=True,
        dice=[6],
    )
    d.answer("ann", "react-vic", "take", dice=[5])
    d.answer("ann", "effect-vic-w1-negate", "none")  # keeps the Recovery: the effect stands
    stuck = _stuck(d, "vic")
    assert (stuck.reach, stuck.pinned) == (st.Reach.RANGED, True)
    d.do("gm", "end_turn", character="thug")
    d.refuse("ann", "move", character="vic", feet=5, rule="WD-STATUS-013", match="pinned")
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-STATUS-012", "WD-WFX-012")
def test_a_knife_that_sticks_in_melee_is_stuck_from_melee_and_never_pins() -> None:
    d = thugs_turn()
    d.do("gm", "attack", character="thug", target="vic", damage="pierce", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])
    d.answer("ann", "effect-vic-w1-negate", "none")  # keeps the Recovery: the effect stands
    stuck = _stuck(d, "vic")
    assert (stuck.reach, stuck.pinned) == (st.Reach.MELEE, False)


@pytest.mark.rules("WD-STATUS-013")
def test_only_a_ranged_attack_pins() -> None:
    d = thugs_turn()
    # "(From Ranged) The projectile ... pinned to the wall" (src 867-871): a knife in the hand cannot
    d.refuse(
        "gm",
        "attack",
        character="thug",
        target="vic",
        damage="pierce",
        pins=True,
        dice=[6],
        rule="WD-STATUS-013",
        match="ranged",
    )
