"""A power striking several targets (WD-COMBAT-019): each named target with Focus gets its own
Dodge/Block prompt, answered in any order and resolved for that target alone."""

from __future__ import annotations

import pytest

from capeworks.systems.weaverdice.vocab import Pool, WoundTier
from tests.systems.weaverdice.helpers import add, sheet, table

CHAIN = {
    "name": "Chain Lightning",
    "classifications": ["blaster"],
    "targeting": "ranged",
    "targets": 3,
    "range_ft": 60,
    "attack_stat": "dexterity",
    "damage": "shock",
    "tier": 1,  # lesser
    "cost": [{"pool": "stamina", "dots": 1}],
}


def storm_table():  # type: ignore[no-untyped-def]
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("ray", "Ray"))
    add(d, "gm", {**sheet("storm", "Storm", "notable", dexterity=5), "powers": [CHAIN]})
    add(d, "gm", sheet("thug", "Thug", "generic", guts=3))
    # Vic 6 + 2 = 8, Ray 6 + 1 = 7, Storm 8 + 6 = 14, Thug 6 + 3 = 9
    d.do("gm", "start_combat", characters="vic, ray, storm, thug", dice=[2, 1, 6])
    assert d.state.fight.order.order == ("storm", "thug", "vic", "ray")
    return d


@pytest.mark.rules("WD-COMBAT-019", "WD-COMBAT-020", "WD-COMBAT-017")
def test_each_named_target_of_one_power_reacts_on_its_own() -> None:
    d = storm_table()
    # Dex 5 (+2) per target: Vic 3 + 2 = 5 vs DS 4 hit; Ray 4 + 2 = 6 hit; Thug 1 + 2 = 3 vs DS 3
    # hit, and a generic cannot react: its lesser wound lands now, effect d6 = 1
    d.do(
        "gm",
        "use_power",
        character="storm",
        power="chain lightning",
        targets="vic, ray, thug",
        dice=[3, 4, 1, 1],
    )
    assert [w.tier for w in d.state.people["thug"].track.wounds] == [WoundTier.LESSER]
    assert d.prompt("ann", "reaction").context["attack_total"] == 5
    assert d.prompt("bob", "reaction").context["attack_total"] == 6
    assert all(p.kind != "turn" for p in d.prompts("gm"))  # Storm's turn waits on both answers
    # Ray answers first: Athletics 3 (+0), 6 >= 6 holds (ties to the defender)
    d.answer("bob", "react-ray", "dodge", dice=[6])
    ray = d.state.people["ray"]
    assert ray.track.wounds == () and ray.effort.available(d.state.sheet("ray"), Pool.FOCUS) == 2
    assert d.prompt("ann", "reaction").id == "react-vic"  # Vic's hit still waits for Vic
    d.refuse("bob", "react", character="ray", reaction="block", rule="WD-COMBAT-019")  # one per attack
    # Vic blocks: Brawn 3 (+0), 4 < 5 fails; the lesser shock wound lands, effect d6 = 1
    d.answer("ann", "react-vic", "block", dice=[4, 1])
    vic = d.state.people["vic"]
    assert [w.tier for w in vic.track.wounds] == [WoundTier.LESSER]
    assert vic.effort.available(d.state.sheet("vic"), Pool.FOCUS) == 2
    assert d.state.attack is None and d.state.queued == ()
    d.answer("ann", d.prompt("ann", "effect").id, "none")  # Vic keeps his Recovery
    d.do("gm", "end_turn", character="storm")  # the turn goes on once every reaction is in


@pytest.mark.rules("WD-COMBAT-019")
def test_a_target_named_twice_is_refused() -> None:
    d = storm_table()
    d.refuse(
        "gm",
        "use_power",
        character="storm",
        power="chain lightning",
        targets="vic, vic",
        rule="WD-COMBAT-009",
    )
    assert d.state.people["storm"].effort.available(d.state.sheet("storm"), Pool.STAMINA) == 3
