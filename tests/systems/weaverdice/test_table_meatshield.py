"""A meat shield at the table (WD-GRAPPLE-008, src 986): "Regain DS, use the target as half cover.
Incoming attacks that don't pass DS hit them." An attack that misses the holder strikes the one held."""

from __future__ import annotations

from typing import Any

import pytest

from tests.systems.weaverdice.helpers import add, sheet, table

#: Ace's ranged power: Dexterity 3 (+0) against the DS, a lesser shock wound
ARC = {
    "name": "Arc Lash",
    "classifications": ["blaster"],
    "targeting": "ranged",
    "range_ft": 60,
    "attack_stat": "dexterity",
    "damage": "shock",
    "tier": 1,
    "statuses": [{"custom": "crackling"}],
}


def shielded_thug() -> Any:
    """Thug (generic, DS 3) holds Vic as a meat shield; it is Ace's turn (Brawn 3, +0; Arc Lash)."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5, athletics=1, dexterity=1))
    add(d, "bob", {**sheet("ace", "Ace"), "powers": [ARC]})
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, athletics=4))
    d.do("gm", "start_combat", dice=[1, 1])
    assert d.state.fight.order.order == ("thug", "ace", "vic")
    d.do("gm", "grab", character="thug", target="vic", dice=[3])
    d.answer("ann", "react-vic", "take")
    hold = d.state.grapples["thug>vic"]
    # as the Meatshield option (2 points) leaves it; bought through the table in test_grapple's rounds
    d.patch(grapples={"thug>vic": hold.model_copy(update={"meatshield": True})})
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.turn.actor == "ace"
    return d


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-006", "WD-COMBAT-017")
def test_an_attack_that_misses_the_shielding_holder_strikes_the_one_held() -> None:
    d = shielded_thug()
    # 3 + 0 = 3 against the thug's DS 3 + 1 (half cover): a miss; Vic, held, has DS 0: it hits him
    d.do("bob", "attack", character="ace", target="thug", dice=[3])
    assert "Ace attacks Thug (lesser bash) vs defense 4" in d.words()[-2]
    assert "Ace attacks Vic (lesser bash) vs defense 0" in d.words()[-1]
    assert "Vic may dodge or block" in d.words()[-1]
    d.answer("ann", "react-vic", "take", dice=[3])
    assert len(d.state.people["vic"].track.wounds) == 1
    assert d.state.people["thug"].track.wounds == ()


@pytest.mark.rules("WD-GRAPPLE-008", "WD-COMBAT-017")
def test_an_attack_that_passes_the_holders_ds_hits_the_holder() -> None:
    d = shielded_thug()
    d.do("bob", "attack", character="ace", target="thug", dice=[4, 3])  # 4 meets DS 4; effect 3
    assert len(d.state.people["thug"].track.wounds) == 1
    assert d.state.people["vic"].track.wounds == ()


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-006")
def test_a_holder_without_a_meat_shield_has_no_ds_and_a_miss_is_a_miss() -> None:
    d = shielded_thug()
    hold = d.state.grapples["thug>vic"]
    d.patch(grapples={"thug>vic": hold.model_copy(update={"meatshield": False})})
    d.do("bob", "attack", character="ace", target="thug", dice=[1, 3])  # DS 0: even a 1 hits the thug
    assert len(d.state.people["thug"].track.wounds) == 1
    assert d.state.people["vic"].track.wounds == ()


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-006", "WD-COMBAT-009", "WD-COMBAT-017")
def test_a_power_that_misses_the_shielding_holder_strikes_the_one_held() -> None:
    d = shielded_thug()
    # src 986: "use the target as half cover. Incoming attacks that don't pass DS hit them": a
    # power's attack is an incoming attack too. 2 + 0 against the thug's DS 3 + 1: a miss; Vic,
    # held, has DS 0: it hits him, and its status lands with the hit once he takes it (a dodge
    # would leave none, src 590)
    d.do("bob", "use_power", character="ace", power="arc lash", targets="thug", dice=[2])
    assert "Ace attacks Thug (lesser shock) vs defense 4" in d.words()[-2]
    assert "Ace attacks Vic (lesser shock) vs defense 0" in d.words()[-1]
    assert "Vic may dodge or block" in d.words()[-1]
    assert d.state.people["vic"].conditions == ()
    d.answer("ann", "react-vic", "take", dice=[1])
    assert "Arc Lash leaves Vic crackling." in d.words()
    assert [c.name for c in d.state.people["vic"].conditions] == ["crackling"]
    assert d.state.people["thug"].conditions == ()
    assert len(d.state.people["vic"].track.wounds) == 1
    assert d.state.people["thug"].track.wounds == ()


@pytest.mark.rules("WD-GRAPPLE-008", "WD-COMBAT-009")
def test_a_power_that_passes_the_holders_ds_hits_the_holder() -> None:
    d = shielded_thug()
    d.do("bob", "use_power", character="ace", power="arc lash", targets="thug", dice=[4, 1])  # 4 meets DS 4
    assert len(d.state.people["thug"].track.wounds) == 1
    assert d.state.people["vic"].track.wounds == ()
