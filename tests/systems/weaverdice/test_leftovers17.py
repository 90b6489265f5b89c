"""Part-1 leftovers a referee found (stop 42), each written from the seed
(``/work/shared/seeds/000_*.txt``, cited "src N") and played at the table with given dice: a power's
pool= where its cost has no choice, a second swing's swings=, a non-equipment repair, the GM's effort
ruling over a pick owed in secret, a gun fired on a secret roll, and high morale bought on a get-up
or a sprint roll."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Pool
from tests.systems.weaverdice.helpers import add, sheet, table

# -- use_power's pool= (WD-EFFORT-003, src 376-380) ----------------------------------------------

#: Arc Lash costs one Stamina dot: its cost names its pool, so there is nothing for pool= to choose
ARC_LASH = {
    "name": "Arc Lash",
    "classifications": ["blaster"],
    "targeting": "ranged",
    "range_ft": 60,
    "attack_stat": "dexterity",
    "damage": "shock",
    "tier": 1,
    "cost": [{"pool": "stamina", "dots": 1}],
}
#: Surge costs one Stamina dot and one dot of any effort: pool= pays the second
SURGE = {**ARC_LASH, "name": "Surge", "cost": [{"pool": "stamina", "dots": 1}, {"pool": None, "dots": 1}]}


def _spark() -> Driver:
    d = table()
    add(d, "ann", {**sheet("spark", "Spark", dexterity=4), "powers": [ARC_LASH, SURGE]})
    add(d, "gm", sheet("thug", "Thug", "generic", guts=3))
    d.do("gm", "start_combat", dice=[6])
    return d


@pytest.mark.rules("WD-EFFORT-003", "WD-COMBAT-009")
def test_pool_on_a_power_whose_cost_names_its_pool_is_refused_and_changes_nothing() -> None:
    # src 376-380: Stamina is "spent on physically draining powers"; Arc Lash's dot is Stamina's by
    # its design. pool=focus was dropped unread and the Stamina paid: now it is refused, saying why.
    d = _spark()
    d.refuse(
        "ann",
        "use_power",
        character="spark",
        power="arc lash",
        targets="thug",
        pool="focus",
        dice=[3, 1],
        rule="WD-EFFORT-003",
        match="Arc Lash is paid in Stamina: no any-effort cost for pool= to pay",
    )
    # Surge's second dot is any effort's: pool=focus pays it (Dex 4: 3 + 1 = 4 vs DS 3 hits; effect 1)
    d.do("ann", "use_power", character="spark", power="surge", targets="thug", pool="focus", dice=[3, 1])
    spark = d.state.people["spark"]
    assert spark.effort.spent == {Pool.STAMINA: 1, Pool.FOCUS: 1}


# -- a full attack's swings (WD-COMBAT-010, src 527-529, 565-567) --------------------------------


@pytest.mark.rules("WD-COMBAT-010")
def test_swings_on_a_later_swing_of_a_full_attack_is_refused__the_count_is_the_first_swings() -> None:
    # src 529 "Full Attack (Attack x2)"; src 567 "A full attack may have more to it than two individual
    # weapon swings, depending on the weapon": the count is the full attack's, set as it begins. Vic's
    # full attack of three swings: a second swing saying swings=4 was taken as the second of three, its
    # count dropped unread. Now refused, nothing changed; the swings go on as counted.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=2))
    d.do("gm", "start_combat", dice=[6])  # Vic first
    d.do("ann", "attack", character="vic", target="thug", full=True, swings=3, dice=[1])  # 1: a miss
    d.refuse(
        "ann",
        "attack",
        character="vic",
        target="thug",
        full=True,
        swings=4,
        dice=[1],
        rule="WD-COMBAT-010",
        match="full attack is under way, its swings counted when it began (2 left): drop swings=",
    )
    d.do("ann", "attack", character="vic", target="thug", dice=[1])
    d.do("ann", "attack", character="vic", target="thug", dice=[1])
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.swings == 0
    d.refuse("ann", "attack", character="vic", target="thug", dice=[1], rule="WD-COMBAT-008")


# -- a repair of something that is no equipment (WD-CRAFT-013, WD-CRAFT-007; src 1032, 1506-1519) --

CRAFT = {"name": "Craft", "stats": ["knowledge"], "tree": "craft", "dice": 1}


@pytest.mark.rules("WD-CRAFT-013", "WD-CRAFT-007")
def test_a_player_cannot_open_a_repair_of_no_equipment__the_gm_can() -> None:
    # src 1032: "Repairing wounded armor has the same rules as repairing other broken gear": a repair
    # mends broken gear, which the table checks on the sheet. A base or a program (equipment=false,
    # src 1506-1519) is off the sheet: Ann opened a repair of the team's base with nothing to check,
    # and rolled on it. Now refused to her, nothing changed; the GM, whose word it is, opens it.
    d = table()
    add(d, "ann", {**sheet("ada", "Ada"), "skills": [CRAFT]}, owner="ann")
    d.do("gm", "award", character="ada", money=100)
    d.do("gm", "start_downtime")
    base = {"character": "ada", "project": "fix", "item": "base", "repair": True, "equipment": False}
    d.refuse("ann", "start_craft", **base, rule="WD-CRAFT-013", match="the GM starts this project")
    d.do("gm", "start_craft", **base)
    d.do("ann", "craft", character="ada", project="fix", rolls=2, dice=[6, 1, 6, 1])  # 6 + 6 = 12: DC 12
    d.do("ann", "craft", character="ada", project="fix", rolls=0, finish=True)
    assert d.state.campaign.projects["fix"].result == "repaired"
