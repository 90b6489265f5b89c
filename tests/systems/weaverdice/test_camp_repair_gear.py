"""A finished repair gives the item its stripped features back (WD-EQUIP-019, WD-CRAFT-013; src 1032,
1486): the project names a held item of the crafter's, and the sheet shows it whole again."""

from __future__ import annotations

from typing import Any

import pytest

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
    d.do("ann", "craft", character="ada", project="r", rolls=0, finish=True)
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
