"""What an attack that sticks leaves at the table (WD-STATUS-011..013, WD-WFX-012): a weapon from
melee or a projectile from range, and a projectile that pins where the line of fire and the
surroundings allow (src 856-871). Played through the table with given dice."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.systems.weaverdice import statuses as st
from capeworks.systems.weaverdice.vocab import Status, WoundTier
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


# -- getting it out (WD-STATUS-011, src 858; WD-STATUS-012, src 865) -------------------------------

PIERCING_KNIFE = {"name": "Knife", "damage": "pierce", "attack_stat": "dexterity"}


def _pass_to(d: Any, ident: str) -> None:
    """End turns until ``ident``'s comes."""
    seats = {"vic": "ann", "doc": "bob", "thug": "gm"}
    while d.state.fight.turn.actor != ident:
        actor = d.state.fight.turn.actor
        d.do(seats[actor], "end_turn", character=actor)


def knife_in_vic() -> Any:
    """The thug (a knife in hand) sticks it in Vic: Lesser Pierce 5, "Inflicts stuck" (src 666)."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5, athletics=3, guts=4))
    add(d, "bob", sheet("doc", "Doc", dexterity=5))
    thug = sheet("thug", "Thug", "generic", brawn=4, dexterity=4, athletics=1)
    add(d, "gm", {**thug, "held": [PIERCING_KNIFE]})
    d.do("gm", "start_combat", dice=[6, 1])
    _pass_to(d, "thug")
    d.do("gm", "attack", character="thug", target="vic", weapon="knife", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])
    d.answer("ann", "effect-vic-w1-negate", "none")
    assert _stuck(d, "vic").item == "Knife"
    # out of the thug's hand: it waits, stuck, until it comes out
    assert [h.name for h in d.state.sheets["thug"].held] == []
    assert [h.name for h in d.state.sheets["thug"].dropped] == ["Knife"]
    return d


@pytest.mark.rules("WD-STATUS-012")
def test_a_knife_stuck_in_someone_cannot_be_swung_by_its_owner() -> None:
    d = knife_in_vic()
    # "The weapon or piercing object is caught inside the target" (src 865): not in the thug's hand
    d.refuse(
        "gm", "attack", character="thug", target="vic", weapon="knife", rule="WD-STATUS-012", match="stuck"
    )
    d.refuse("gm", "pick_up", character="thug", item="knife", rule="WD-STATUS-012", match="stuck in Vic")
    assert [c.fixed for c in d.legal("gm") if c.command == "pick_up"] == []  # nothing on the ground
    # pulling it out is an action of Vic's own turn (the table refuses it on the thug's): offered then
    assert [c.fixed for c in d.legal("ann") if c.command == "extract"] == []
    _pass_to(d, "vic")
    assert [c.fixed for c in d.legal("ann") if c.command == "extract"] == [{"character": "vic"}]


@pytest.mark.rules("WD-STATUS-011")
def test_pulling_a_stuck_knife_out_by_force_is_a_moderate_wound_and_bleeding() -> None:
    d = knife_in_vic()
    _pass_to(d, "vic")
    # "If it is removed forcefully or carelessly ... a moderate wound and bleeding" (src 858)
    d.do("ann", "extract", character="vic")
    vic = d.state.people["vic"]
    assert [w.tier for w in vic.track.wounds] == [WoundTier.LESSER, WoundTier.MODERATE]
    assert [c.name for c in vic.conditions].count(Status.STUCK) == 0
    assert Status.BLEEDING in [c.name for c in vic.conditions]
    # out of Vic it lies on the ground: the thug picks it up (a standard action) and may swing it
    _pass_to(d, "thug")
    d.refuse("gm", "attack", character="thug", target="vic", weapon="knife", rule="WD-STATUS-016")
    assert [c.fixed for c in d.legal("gm") if c.command == "pick_up"] == [{"character": "thug"}]
    d.do("gm", "pick_up", character="thug", item="knife")
    d.do("gm", "attack", character="thug", target="vic", weapon="knife", dice=[1])
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-STATUS-011", "WD-CORE-006")
def test_a_neighbour_working_it_out_with_care_leaves_only_a_lesser_wound() -> None:
    d = knife_in_vic()
    d.do("gm", "end_combat")
    # "A lengthy (Dexterity) check of 12 reduces this to lesser" (src 858): Doc, Dexterity 5 (+2)
    d.do("bob", "extract", character="doc", target="vic", careful=True, dice=[4])  # 6 of 12
    assert _stuck(d, "vic").item == "Knife"  # not out yet: nothing more happens to Vic
    assert len(d.state.people["vic"].track.wounds) == 1
    d.do("bob", "extract", character="doc", target="vic", careful=True, dice=[5])  # 6 + 7 = 13
    vic = d.state.people["vic"]
    assert [w.tier for w in vic.track.wounds] == [WoundTier.LESSER, WoundTier.LESSER]
    assert Status.STUCK not in [c.name for c in vic.conditions]
    assert Status.BLEEDING in [c.name for c in vic.conditions]
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-STATUS-011")
def test_extracting_when_nothing_is_stuck_is_refused() -> None:
    d = knife_in_vic()
    d.do("gm", "end_combat")
    d.refuse("bob", "extract", character="doc", rule="WD-STATUS-011", match="Nothing is stuck in Doc")
    d.refuse(
        "bob", "extract", character="doc", target="vic", source="doc", rule="WD-STATUS-011", match="Doc's"
    )


@pytest.mark.rules("WD-STATUS-012", "WD-GRAPPLE-011")
def test_a_knife_wrested_free_in_a_grapple_is_stuck_no_longer() -> None:
    d = knife_in_vic()
    # "segue straight into a grapple" (src 865): the knife in Vic is the contact, no roll to make it
    d.do("gm", "grab", character="thug", target="vic")
    assert "thug>vic" in d.state.grapples
    _pass_to(d, "vic")
    _pass_to(d, "thug")
    # "The attacker can wrest it free as well" (src 865): 6 + 1 + 1 (stuck) = 8 against Vic's 1 + 2 = 3
    d.do("gm", "grapple", character="thug", target="vic", option="wrest", dice=[6, 1])
    vic = d.state.people["vic"]
    assert Status.STUCK not in [c.name for c in vic.conditions]
    assert [w.tier for w in vic.track.wounds] == [WoundTier.LESSER, WoundTier.MODERATE]
    # "As Disarm, but you keep it" (src 974): the knife is back in the thug's hand
    assert [h.name for h in d.state.sheets["thug"].held] == ["Knife"]
    assert d.state.sheets["thug"].dropped == ()
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-STATUS-012")
def test_wresting_a_stuck_knife_free_earns_a_free_attack_on_the_target() -> None:
    d = knife_in_vic()
    d.do("gm", "grab", character="thug", target="vic")  # the knife in Vic: no contact roll (src 865)
    _pass_to(d, "vic")
    _pass_to(d, "thug")
    # the grapple round is one of the thug's two actions; the wrest (8 against 3, src 974) frees
    # the knife: "in which case they get a free attack on the target" (src 865)
    d.do("gm", "grapple", character="thug", target="vic", option="wrest", dice=[6, 1])
    assert d.state.fight.turn.actions == 1
    # the free attack: 1 + 1 = 2 hits Vic, held (DS 0 in a grapple); Lesser Pierce 3-4, no effect
    d.do("gm", "attack", character="thug", target="vic", weapon="knife", dice=[1])
    d.answer("ann", "react-vic", "take", dice=[3])
    assert d.state.fight.turn.actions == 1  # no action spent on it
    assert d.replayed().state == d.state
    # one free attack only: the next attack on Vic is the action left
    d.do("gm", "attack", character="thug", target="vic", weapon="knife", dice=[1])
    assert d.state.fight.turn.actions == 0


#: a ranged power that fires a bone spike (Dexterity, a lesser pierce wound)
SPIKE = {
    "name": "Bone Spike",
    "classifications": ["blaster"],
    "targeting": "ranged",
    "range_ft": 60,
    "attack_stat": "dexterity",
    "damage": "pierce",
    "tier": 1,
}


@pytest.mark.rules("WD-STATUS-013", "WD-WFX-012", "WD-COMBAT-009")
def test_a_ranged_powers_projectile_that_sticks_may_pin_the_target() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5, athletics=3))
    add(d, "gm", {**sheet("thug", "Thug", "generic", dexterity=4, athletics=1), "powers": [SPIKE]})
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "end_turn", character="vic")
    # "(From Ranged) The projectile is caught inside the target. If the line of fire and surroundings
    # are appropriate, the target is pinned to the wall" (src 867-871): a power's projectile as any.
    # 6 + 1 hits Vic's DS 4; Vic takes it; Lesser Pierce 5: "Inflicts stuck, if possible" (src 666)
    d.do("gm", "use_power", character="thug", power="bone spike", targets=["vic"], pins=True, dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])
    d.answer("ann", "effect-vic-w1-negate", "none")
    (stuck,) = [c for c in d.state.people["vic"].conditions if c.name == Status.STUCK]
    assert (stuck.reach, stuck.pinned) == (st.Reach.RANGED, True)
    d.do("gm", "end_turn", character="thug")
    d.refuse("ann", "move", character="vic", feet=5, rule="WD-STATUS-013", match="pinned")
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-STATUS-013", "WD-COMBAT-009")
def test_a_melee_power_pins_nobody() -> None:
    d = table()
    claw = {k: v for k, v in SPIKE.items() if k != "range_ft"} | {"name": "Claw", "targeting": "melee"}
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", {**sheet("thug", "Thug", "generic"), "powers": [claw]})
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "end_turn", character="vic")
    d.refuse(
        "gm", "use_power", character="thug", power="claw", targets=["vic"], pins=True, rule="WD-STATUS-013"
    )
