"""A referee's campaign situations (pass 7), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: repairs of gear that is not there or not broken, crafted costume pieces that must reach the
costume, the Eager and Trusted Follower boxes' choice, and conditions a player declares that the table
can check."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import add, sheet, table

CRAFT = {"name": "Craft", "stats": ["dexterity"], "tree": "craft"}
KNIFE = {"name": "knife", "damage": "cut", "attack_stat": "dexterity", "keywords": ["light", "keen"]}


def ledger(d: Driver, ident: str = "ada") -> Any:
    return camp(d).ledger(ident)


def mender(**more: Any) -> Driver:
    """Ada with Craft, $1000, Dexterity 3 and Knowledge 3, in a downtime phase."""
    d = table()
    pc(d, "ann", "ada", "Ada", skills=[CRAFT], money=1000, dexterity=3, knowledge=3, **more)
    d.do("gm", "start_downtime", slots=3)
    return d


# --- repairs (src 1032, 1486) ---------------------------------------------------------------------


@pytest.mark.rules("WD-CRAFT-013", "WD-EQUIP-019")
def test_r7_01_repairing_armor_nobody_damaged_is_refused_and_costs_nothing() -> None:
    """src 1032: 'Repairing wounded armor has the same rules as repairing other broken gear, but at a set
    cost of $20 per roll'. Ada's one armor piece is whole and no hit sits in an armor slot: there is no
    broken gear, so the project is refused before a roll is bought ($20 a roll for nothing)."""
    whole = {"pieces": [{"key": "armor", "cell": [0, 1]}]}
    d = mender(costume=whole)
    d.refuse("ann", "start_craft", character="ada", project="fix", item="armor", repair=True,
             rule="WD-CRAFT-013", match="not damaged")  # fmt: skip
    assert "fix" not in camp(d).projects
    assert ledger(d).money == 1000


@pytest.mark.rules("WD-CRAFT-013", "WD-EQUIP-019")
def test_r7_02_repairing_an_item_not_held_is_refused() -> None:
    """src 1486 and 1032: a repair mends 'broken gear' of one's own. Ada holds no knife."""
    d = mender()
    d.refuse("ann", "start_craft", character="ada", project="fix", item="knife", repair=True,
             rule="WD-CRAFT-013", match="has no knife")  # fmt: skip
    assert ledger(d).money == 1000


@pytest.mark.rules("WD-CRAFT-013", "WD-EQUIP-019")
def test_r7_03_repairing_a_whole_knife_is_refused() -> None:
    """A knife with its features all there (no effect stripped one, WD-WFX-007) has nothing to mend."""
    d = table()
    add(d, "ann", {**sheet("ada", "Ada"), "skills": [CRAFT], "held": [KNIFE]}, owner="ann")
    d.do("gm", "award", character="ada", money=1000)
    d.do("gm", "start_downtime")
    d.refuse("ann", "start_craft", character="ada", project="fix", item="knife", repair=True,
             rule="WD-CRAFT-013", match="not damaged")  # fmt: skip


@pytest.mark.rules("WD-CRAFT-013", "WD-EQUIP-019")
def test_r7_04_a_repair_whose_gear_was_mended_meanwhile_takes_no_more_money() -> None:
    """Two repair projects on the one struck armor piece: the first mends it (6 + 6 = 12, DC 12); the
    second's next roll (Craft: two dice, keep one) would pay $20 for armor already whole, so it is
    refused and nothing is paid."""
    struck = {"pieces": [{"key": "armor", "cell": [0, 1], "damaged": True}]}
    d = mender(costume=struck)
    d.do("ann", "start_craft", character="ada", project="a", item="armor", repair=True)
    d.do("ann", "start_craft", character="ada", project="b", item="armor", repair=True)
    d.do("ann", "craft", character="ada", project="a", rolls=2, dice=[6, 1, 6, 1])
    d.do("ann", "craft", character="ada", project="a", rolls=0, finish=True)
    assert camp(d).projects["a"].result == "repaired"
    money = ledger(d).money
    d.refuse("ann", "craft", character="ada", project="b", rolls=1, rule="WD-CRAFT-013", match="not damaged")
    assert ledger(d).money == money == 1000 - 40


# --- crafted costume pieces (src 1032-1050, 1486-1504) ------------------------------------------------


@pytest.mark.rules("WD-CRAFT-004", "WD-CRAFT-006", "WD-EQUIP-011", "WD-WOUND-002", "WD-EQUIP-005")
def test_r7_05_crafted_armor_goes_into_the_costume_as_bought_armor_does() -> None:
    """src 1032: armor 'acts as an additional wound slot'; src 1042: Armor, $330, a standard piece;
    src 1496-1498: standard tier is DC 15, materials 1/3 ($110). Three rolls of 6 (Craft: two dice, keep
    the best) make 18, +1 for Craft = 19: the armor is made, and it lands in the cell Ada named, a wound
    slot at once, as Go Shopping's armor is (test_camp_referee2 s151b)."""
    d = mender(guts=3)
    d.do("ann", "start_craft", character="ada", project="a", item="armor", cell="0,0")
    assert ledger(d).money == 1000 - 110
    d.do("ann", "craft", character="ada", project="a", rolls=3, dice=[6, 1, 6, 1, 6, 1])
    assert camp(d).projects["a"].result == "standard"
    pieces = d.state.sheets["ada"].costume.pieces
    assert [(p.key, p.cell) for p in pieces] == [("armor", (0, 0))]
    assert d.state.people["ada"].track.armor == 1
    assert "Ada's gear: the armor made goes into the costume at 0,0." in d.words()
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-CRAFT-005", "WD-EQUIP-011", "WD-EQUIP-005")
def test_r7_06_high_armor_that_defaults_down_lands_as_standard_armor() -> None:
    """src 1486: 'If a higher tier item is attempted and the result isn't sufficient, but is sufficient for
    a lower tier, then it can default down to the lower tier result.' High Tier Armor (DC 20, src 1046)
    totalling 5 + 5 + 5 + 1 = 16 meets standard's DC 15: the costume gets standard Armor (src 1042)."""
    d = mender()
    d.do("ann", "start_craft", character="ada", project="a", item="high armor", cell="1,1")
    d.do("ann", "craft", character="ada", project="a", rolls=3, dice=[5, 1, 5, 1, 5, 1])
    assert camp(d).projects["a"].result == "standard"
    assert [(p.key, p.cell) for p in d.state.sheets["ada"].costume.pieces] == [("armor", (1, 1))]


@pytest.mark.rules("WD-CRAFT-004", "WD-EQUIP-005", "WD-EQUIP-010")
def test_r7_07_the_roll_that_finishes_a_costume_piece_needs_a_free_cell_first() -> None:
    """A made piece needs a cell of the grid (src 1019, WD-EQUIP-005) as a bought one does. With no cell
    named, the roll that would finish the armor is refused before any die is rolled (so no roll can be
    taken back and rolled again); a taken cell is refused the same way; a free one is taken."""
    icon = {"pieces": [{"key": "icon", "cell": [0, 0]}]}
    d = mender(costume=icon)
    d.refuse(
        "ann", "start_craft", character="ada", project="a", item="armor", cell="0,0", rule="WD-EQUIP-010"
    )
    d.do("ann", "start_craft", character="ada", project="a", item="armor")
    d.do("ann", "craft", character="ada", project="a", rolls=2, dice=[6, 1, 6, 1])  # not the last roll
    d.refuse("ann", "craft", character="ada", project="a", rolls=1, rule="WD-EQUIP-005", match="cell")
    d.refuse("ann", "craft", character="ada", project="a", rolls=1, cell="0,0", rule="WD-EQUIP-010")
    d.do("ann", "craft", character="ada", project="a", rolls=1, cell="0,2", dice=[6, 1])
    assert [(p.key, p.cell) for p in d.state.sheets["ada"].costume.pieces] == [
        ("icon", (0, 0)),
        ("armor", (0, 2)),
    ]
