"""A finished repair gives the item its stripped features back (WD-EQUIP-019, WD-CRAFT-013; src 1032,
1486): the project names a held item of the crafter's, and the sheet shows it whole again."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.systems.weaverdice.vocab import WoundTier
from capeworks.systems.weaverdice.wounds import Wound
from tests.systems.weaverdice.helpers import add, sheet, table

CRAFT = {"name": "Craft", "stats": ["knowledge"], "tree": "craft", "dice": 1}
#: a knife an effect has already stripped of its bottom feature (WD-WFX-007)
KNIFE = {
    "name": "knife",
    "damage": "cut",
    "attack_stat": "dexterity",
    "keywords": ["light"],
    "stripped": ["keen"],
}


def mender() -> Any:
    d = table()
    add(d, "ann", {**sheet("ada", "Ada"), "skills": [CRAFT], "held": [KNIFE]}, owner="ann")
    d.do("gm", "award", character="ada", money=100)
    d.do("gm", "start_downtime")
    return d


@pytest.mark.rules("WD-EQUIP-019", "WD-CRAFT-013")
def test_a_repaired_item_gets_its_stripped_features_back() -> None:
    d = mender()
    d.do("ann", "start_craft", character="ada", project="r", item="knife", repair=True)
    d.do("ann", "craft", character="ada", project="r", rolls=2, dice=[6, 1, 6, 1])  # 6 + 6 = 12: DC 12
    assert d.state.campaign.projects["r"].result == "repaired"
    (knife,) = d.state.sheet("ada").held
    assert (knife.keywords, knife.stripped) == (("light", "keen"), ())
    assert "Ada's gear: the knife is repaired (keen back)." in d.words()


@pytest.mark.rules("WD-EQUIP-019", "WD-CRAFT-013")
def test_a_failed_repair_leaves_the_item_stripped() -> None:
    d = mender()
    d.do("ann", "start_craft", character="ada", project="r", item="knife", repair=True)
    d.do("ann", "craft", character="ada", project="r", rolls=2, dice=[1, 1, 1, 1])
    d.do("ann", "craft", character="ada", project="r", rolls=1, dice=[1, 1])
    assert d.state.campaign.projects["r"].result == "failed"
    assert d.state.sheet("ada").held[0].stripped == ("keen",)


def _armored(damaged: bool) -> Any:
    """Ada in a costume with one armor piece (cell 0,1); ``damaged``: an effect has struck it."""
    d = table()
    costume = {"pieces": [{"key": "armor", "cell": [0, 1], "damaged": damaged}]}
    add(d, "ann", {**sheet("ada", "Ada", guts=3), "skills": [CRAFT], "costume": costume}, owner="ann")
    d.do("gm", "award", character="ada", money=100)
    d.do("gm", "start_downtime")
    return d


@pytest.mark.rules("WD-EQUIP-011", "WD-CRAFT-013", "WD-WOUND-016", "WD-WOUND-002")
def test_a_repaired_armor_piece_is_a_wound_slot_again() -> None:
    # src 1032: armor "acts as an additional wound slot"; "Repairing wounded armor has the same rules
    # as repairing other broken gear ... [Long DC of 12]". The struck piece gave no slot; mended, it
    # gives its slot back: Guts 3 + 1 armor.
    d = _armored(damaged=True)
    assert (d.state.people["ada"].track.slots, d.state.people["ada"].track.armor) == (3, 0)
    d.do("ann", "start_craft", character="ada", project="r", item="armor-01", repair=True)
    d.do("ann", "craft", character="ada", project="r", rolls=2, dice=[6, 1, 6, 1])  # 6 + 6 = 12: DC 12
    assert d.state.campaign.projects["r"].result == "repaired"
    (piece,) = d.state.sheet("ada").costume.pieces
    assert not piece.damaged
    assert d.state.people["ada"].track.armor == 1
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-EQUIP-011", "WD-CRAFT-013", "WD-WOUND-016")
def test_repairing_wounded_armor_mends_the_hit_it_took() -> None:
    # src 1032: the armor slot took one hit ("taking one hit"); "Repairing wounded armor" mends it:
    # the hit leaves the track, the body's wound stays.
    d = _armored(damaged=False)
    ada = d.state.people["ada"]
    hits = (
        Wound(tier=WoundTier.LESSER, id="w1", armor=True),
        Wound(tier=WoundTier.LESSER, id="w2"),
    )
    d.patch(
        people={
            **d.state.people,
            "ada": ada.model_copy(update={"track": ada.track.model_copy(update={"wounds": hits})}),
        }
    )
    d.do("ann", "start_craft", character="ada", project="r", item="armor", repair=True)
    d.do("ann", "craft", character="ada", project="r", rolls=2, dice=[6, 1, 6, 1])  # made at 12 (src 580)
    assert [(w.id, w.armor) for w in d.state.people["ada"].track.wounds] == [("w2", False)]
    assert d.state.people["ada"].track.armor == 1
