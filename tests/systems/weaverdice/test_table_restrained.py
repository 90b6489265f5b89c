"""A restrained target's own attacks at the table (WD-GRAPPLE-008, src 946-948): "can't attack with
two-handed weapons, -2 to hit with one-handed non-fist weapons"."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.systems.weaverdice import statuses as st
from tests.systems.weaverdice.helpers import add, sheet, table

KNIFE = {"name": "knife", "damage": "cut", "attack_stat": "dexterity"}
AXE = {"name": "fire axe", "damage": "cut", "size": "large"}


def restrained_vic(*, restrained: bool = True, held: dict[str, Any] = KNIFE) -> Any:
    """Thug holds Vic (Brawn 5, +2; a knife, or the fire axe, in hand), restrained; Vic's turn."""
    d = table()
    add(d, "ann", {**sheet("vic", "Vic", brawn=5, athletics=1, dexterity=1), "held": [held]})
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, athletics=4))
    d.do("gm", "start_combat", dice=[1])
    d.do("gm", "grab", character="thug", target="vic", dice=[3])
    d.answer("ann", "react-vic", "take")
    if restrained:  # as the Restrain option (1 point) leaves it
        hold = d.state.grapples["thug>vic"]
        vic = d.state.people["vic"]
        d.patch(
            grapples={"thug>vic": hold.model_copy(update={"restrained": True})},
            people={
                **d.state.people,
                "vic": vic.model_copy(
                    update={"conditions": (st.Condition(name="restrained", target="vic"),)}
                ),
            },
        )
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.turn.actor == "vic"
    return d


@pytest.mark.rules("WD-GRAPPLE-008")
def test_restrained__a_one_handed_weapon_is_minus_2() -> None:
    d = restrained_vic()
    d.do("ann", "attack", character="vic", target="thug", weapon="knife", dice=[3])
    # the knife is swung with its own stat and damage (src 588, 1013): 3 - 2 (Dexterity 1) - 2
    # (restrained, a one-handed knife) = -1, a miss even against the held one's DS 0
    assert any(w.startswith("Vic attacks Thug (lesser cut) vs defense 0: [3] -4 = -1;") for w in d.words())


@pytest.mark.rules("WD-GRAPPLE-008")
def test_restrained__a_two_handed_weapon_cannot_be_swung() -> None:
    d = restrained_vic(held=AXE)
    d.refuse(
        "ann", "attack", character="vic", target="thug", weapon="fire axe", dice=[3], rule="WD-GRAPPLE-008"
    )


@pytest.mark.rules("WD-GRAPPLE-008")
def test_restrained__fists_and_a_free_hand_are_spared() -> None:
    d = restrained_vic()
    d.do("ann", "attack", character="vic", target="thug", dice=[3, 1])  # no weapon named: bare hands
    swing = "Vic attacks Thug (lesser bash) vs defense 0: [3] +2 = 5;"
    assert any(w.startswith(swing) for w in d.words())
    free = restrained_vic(restrained=False, held=AXE)  # held but not restrained: any weapon, no penalty
    free.do("ann", "attack", character="vic", target="thug", weapon="fire axe", dice=[3, 1])
    axe = "Vic attacks Thug (lesser cut) vs defense 0: [3] +2 = 5;"  # the axe's own damage type
    assert any(w.startswith(axe) for w in free.words())


@pytest.mark.rules("WD-EQUIP-002")
def test_a_weapon_not_in_hand_is_refused() -> None:
    d = restrained_vic(restrained=False)
    d.refuse("ann", "attack", character="vic", target="thug", weapon="chainsaw", dice=[3], match="chainsaw")
