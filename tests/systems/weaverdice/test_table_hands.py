"""Hands at the table (WD-EQUIP-002, src 1015): "two small items or one large" in hand; a sheet that
holds more is refused as it joins (a sheet already in a log replays as it was)."""

from __future__ import annotations

import pytest

from tests.systems.weaverdice.helpers import add, sheet, table

KNIFE = {"name": "knife", "damage": "cut", "attack_stat": "dexterity"}
TASER = {"name": "taser", "damage": "shock", "attack_stat": "dexterity"}
AXE = {"name": "fire axe", "damage": "cut", "size": "large"}


@pytest.mark.rules("WD-EQUIP-002", "WD-EQUIP-001")
def test_a_large_item_fills_both_hands() -> None:
    d = table()
    vic = {**sheet("vic", "Vic"), "held": [AXE, KNIFE]}
    d.refuse("ann", "add_character", sheet=vic, rule="WD-EQUIP-002", match="two small items or one large")
    add(d, "ann", {**sheet("vic", "Vic"), "held": [AXE]})
    add(d, "bob", {**sheet("bo", "Bo"), "held": [KNIFE, TASER]})
    assert [len(d.state.sheet(i).held) for i in ("vic", "bo")] == [1, 2]


@pytest.mark.rules("WD-EQUIP-002")
def test_three_small_items_do_not_fit_two_hands() -> None:
    d = table()
    thug = {**sheet("thug", "Thug", "generic"), "held": [KNIFE, TASER, KNIFE]}
    d.refuse("gm", "add_character", sheet=thug, rule="WD-EQUIP-002")
