"""Referee pass 3 over Weaverdice part 1 and combat: the sections the earlier referee files cited
least (grapple options, wound-effect rows, dying, equipment, reputation and morale), each situation
written from the seed (``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before
reading the table's code, then played through the table with given dice.

Where the seed is silent the expected outcome is the inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Pool, WoundTier
from tests.systems.weaverdice.helpers import add, sheet, table

KNIFE = {"name": "Knife", "damage": "cut", "attack_stat": "dexterity"}
AXE = {"name": "Fire axe", "damage": "cut", "tier": 2, "size": "large"}


def _avail(d: Driver, ident: str, pool: Pool) -> int:
    return int(d.state.people[ident].effort.available(d.state.sheet(ident), pool))


def _wounds(d: Driver, ident: str) -> list[WoundTier]:
    return [w.tier for w in d.state.people[ident].track.wounds]


def _names(d: Driver, ident: str) -> list[str]:
    return [c.name for c in d.state.people[ident].conditions]


_SEATS = {"vic": "ann", "max": "bob"}


def _to(d: Driver, actor: str) -> None:
    """End turns until it is ``actor``'s."""
    while d.state.fight.turn.actor != actor:
        who = d.state.fight.turn.actor
        d.do(_SEATS.get(who, "gm"), "end_turn", character=who)


# -- grappling options (WD-GRAPPLE, src 930-990) -------------------------------------------------


def _wrestle(thug: dict[str, Any] | None = None) -> Driver:
    """Vic (Ann's, Brawn 5) grabs the thug; Max (Bob's) stands by; order Vic, Max, thug, goon."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", thug or sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic"))
    d.do("gm", "start_combat", dice=[6, 5, 4, 1])  # Vic 12, Max 11; the generics' 9s: thug, goon
    assert d.state.fight.order.order == ("vic", "max", "thug", "goon")
    d.do("ann", "grab", character="vic", target="thug", dice=[3])  # 3 + 2 = 5 >= DS 3
    return d


@pytest.mark.rules("WD-GRAPPLE-008")
def test_a_restrained_thug_swings_a_knife_at_minus_2__his_fist_at_full() -> None:
    # src 944: Restrain (1 point): "can't attack with 2h weapons and has -2 to hit with non-fist 1h
    # weapons". Vic 6 + 2 = 8 against the thug's 2: margin 6, Restrain bought. The thug's knife at Max
    # (DS 4): Dexterity 3, a 5 - 2 = 3 misses; his fist: a 4 hits.
    d = _wrestle({**sheet("thug", "Thug", "generic"), "held": [KNIFE]})
    d.do("ann", "grapple", character="vic", target="thug", option="restrain", points=1, dice=[6, 2])
    _to(d, "thug")
    d.do("gm", "attack", character="thug", target="max", weapon="Knife", stat="dexterity", dice=[5])
    assert _wounds(d, "max") == []
    d.do("gm", "attack", character="thug", target="max", dice=[4])
    d.answer("bob", "react-max", "take", dice=[3])
    assert _wounds(d, "max") == [WoundTier.LESSER]


@pytest.mark.rules("WD-GRAPPLE-008")
def test_a_restrained_thug_cannot_swing_a_two_handed_axe() -> None:
    # src 944: Restrain: the target "can't attack with 2h weapons"
    d = _wrestle({**sheet("thug", "Thug", "generic"), "held": [AXE]})
    d.do("ann", "grapple", character="vic", target="thug", option="restrain", points=1, dice=[6, 2])
    _to(d, "thug")
    d.refuse(
        "gm", "attack", character="thug", target="max", weapon="Fire axe", dice=[6], rule="WD-GRAPPLE-008"
    )


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-006")
def test_a_meatshield_takes_the_goons_blow_that_misses_vic() -> None:
    # src 986: Meatshield (2): "Regain DS, use the target as half cover. Incoming attacks that don't
    # pass DS hit them." Vic's DS 4 + 1 half cover (PROPOSED, WD-GRAPPLE-008) = 5: the goon's 4 does
    # not pass it and lands on the thug, Vic unhurt.
    d = _wrestle()
    d.do("ann", "grapple", character="vic", target="thug", option="meatshield", points=2, dice=[6, 2])
    _to(d, "goon")
    d.do("gm", "attack", character="goon", target="vic", dice=[4, 3])
    assert _wounds(d, "vic") == []
    assert len(_wounds(d, "thug")) == 1


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-006")
def test_behind_a_meatshield_a_blow_that_passes_the_ds_still_hits_vic() -> None:
    # src 986: only attacks that "don't pass DS" hit the shield: the goon's 6 + 0 = 6 >= 5 hits Vic
    d = _wrestle()
    d.do("ann", "grapple", character="vic", target="thug", option="meatshield", points=2, dice=[6, 2])
    _to(d, "goon")
    d.do("gm", "attack", character="goon", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[1])
    assert _wounds(d, "vic") == [WoundTier.LESSER]
    assert _wounds(d, "thug") == []


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-006")
def test_a_push_breaks_the_grapple_and_vic_has_his_ds_back() -> None:
    # src 956: Push (2-4) "Breaks the grapple"; src 932: the grappler's DS returns when it breaks.
    # The goon's 3 then misses Vic's DS 4.
    d = _wrestle()
    d.do("ann", "grapple", character="vic", target="thug", option="push", points=2, feet=5, dice=[6, 2])
    assert "vic>thug" not in d.state.grapples
    _to(d, "goon")
    d.do("gm", "attack", character="goon", target="vic", dice=[3])
    assert _wounds(d, "vic") == []


@pytest.mark.rules("WD-GRAPPLE-008")
def test_wrest_takes_the_knife_into_vics_hand() -> None:
    # src 972-974: Wrest (3): "As Disarm, but you keep it."
    d = _wrestle({**sheet("thug", "Thug", "generic"), "held": [KNIFE]})
    d.do("ann", "grapple", character="vic", target="thug", option="wrest", points=3, dice=[6, 2])
    assert [i.name for i in d.state.sheet("vic").held] == ["Knife"]
    assert d.state.sheet("thug").held == ()


@pytest.mark.rules("WD-GRAPPLE-008")
def test_disarm_drops_the_knife_beside_the_thug__nobody_holds_it() -> None:
    # src 966-968: Disarm (2): "The target drops what they're holding into an adjacent space."
    d = _wrestle({**sheet("thug", "Thug", "generic"), "held": [KNIFE]})
    d.do("ann", "grapple", character="vic", target="thug", option="disarm", points=2, dice=[6, 2])
    assert d.state.sheet("vic").held == ()
    assert d.state.sheet("thug").held == ()


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-003")
def test_wrest_costs_3__a_margin_of_2_cannot_buy_it() -> None:
    # src 974: Wrest costs 3; Vic 2 + 2 = 4 against the thug's 2: a margin of 2
    d = _wrestle({**sheet("thug", "Thug", "generic"), "held": [KNIFE]})
    d.refuse(
        "ann",
        "grapple",
        character="vic",
        target="thug",
        option="wrest",
        points=3,
        dice=[2, 2],
        rule="WD-GRAPPLE-008",
    )


@pytest.mark.rules("WD-GRAPPLE-008", "WD-MOVE-009")
def test_a_throw_of_15_ft_in_round_two_is_a_lesser_wound_and_a_lesser_bash_effect() -> None:
    # src 962: Throw (1-3), round 2+, breaks the grapple; PROPOSED 1 point per 5 ft: 3 points, 15 ft.
    # src 908-910: thrown 11-20 ft: "Both lesser wound & lesser bash effect". The thug is a generic
    # (Guts 3): one lesser wound on his track.
    d = _wrestle()
    d.do("ann", "grapple", character="vic", target="thug", dice=[6, 2])  # round 1: hold
    d.do("ann", "end_turn", character="vic")
    _to(d, "vic")
    d.do("ann", "grapple", character="vic", target="thug", option="throw", points=3, feet=15, dice=[6, 2, 3])
    assert "vic>thug" not in d.state.grapples
    assert _wounds(d, "thug") == [WoundTier.LESSER]


@pytest.mark.rules("WD-GRAPPLE-008", "WD-EQUIP-002")
def test_a_wrest_with_both_hands_full_leaves_the_knife_beside_the_thug() -> None:
    # src 974 "As Disarm, but you keep it"; src 1015: two hands, "two small items or one large one".
    # Vic holds a fire axe (both hands): he cannot keep the knife, which falls as a Disarm's would.
    d = table()
    add(d, "ann", {**sheet("vic", "Vic", brawn=5), "held": [AXE]})
    add(d, "gm", {**sheet("thug", "Thug", "generic"), "held": [KNIFE]})
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "grab", character="vic", target="thug", dice=[3])
    d.do("ann", "grapple", character="vic", target="thug", option="wrest", points=3, dice=[6, 2])
    assert [i.name for i in d.state.sheet("vic").held] == ["Fire axe"]
    assert d.state.sheet("thug").held == ()
    assert [i.name for i in d.state.sheet("thug").dropped] == ["Knife"]
