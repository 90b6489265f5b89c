"""Drawing an item at the table (WD-EQUIP-002/003, src 177, 1013-1017): belt items are "quickly
drawable/usable as a belt-item action"; "Characters have belt item slots equal to their Dexterity,
by default. Any more items than that ... stop being as quick to access, draw, or dig in a pocket
for" (PROPOSED: a full action, WD-EQUIP-003's OPEN note); two hands hold two small items or one
large. Played through the table with given dice."""

from __future__ import annotations

from typing import Any

import pytest

from tests.systems.weaverdice.helpers import add, sheet, table

KNIFE = {"name": "Knife", "damage": "cut"}
BAT = {"name": "Bat", "damage": "bash", "size": "large"}
FLARE = {"name": "Flare", "damage": "burn"}


def vics_turn(*belt: dict[str, Any], held: tuple[dict[str, Any], ...] = ()) -> Any:
    """Vic (Ann's, Dexterity 2: two belt slots) with ``belt`` in order; Vic's turn in a fight."""
    d = table()
    add(d, "ann", {**sheet("vic", "Vic", dexterity=2), "belt": list(belt), "held": list(held)})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight.turn.actor == "vic"
    return d


@pytest.mark.rules("WD-EQUIP-003", "WD-COMBAT-008")
def test_a_belt_item_in_its_slots_is_drawn_as_a_standard_action() -> None:
    d = vics_turn(KNIFE, FLARE)
    assert {"character": "vic"} in [x.fixed for x in d.legal("ann") if x.command == "draw_item"]
    d.do("ann", "draw_item", character="vic", item="knife")
    vic = d.state.sheet("vic")
    assert [h.name for h in vic.held] == ["Knife"] and [b.name for b in vic.belt] == ["Flare"]
    assert d.state.fight.turn.actions == 1  # one of the turn's two actions
    assert d.words()[-1] == "Vic draws the Knife from the belt (a standard action)."
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-EQUIP-003", "WD-COMBAT-008")
def test_an_item_past_the_belt_slots_takes_a_full_action() -> None:
    # Dexterity 2: the knife and the flare fill the slots; the third is slow to reach
    d = vics_turn(KNIFE, FLARE, {"name": "Wrench", "damage": "bash"})
    d.do("ann", "draw_item", character="vic", item="wrench")
    assert [h.name for h in d.state.sheet("vic").held] == ["Wrench"]
    assert d.state.fight.turn.actions == 0 and d.state.fight.turn.full_used
    assert d.words()[-1] == (
        "Vic digs the Wrench out, past the belt's quick slots (it fills 1 belt slot, 0 of 2 were left;"
        " a full action)."
    )


@pytest.mark.rules("WD-EQUIP-002", "WD-EQUIP-003")
def test_drawing_is_refused_with_full_hands_or_no_such_item() -> None:
    d = vics_turn(KNIFE, held=(BAT,))  # a large bat fills both hands
    d.refuse("ann", "draw_item", character="vic", item="knife", rule="WD-EQUIP-002", match="two hands")
    d.refuse("ann", "draw_item", character="vic", item="rocket", rule="WD-EQUIP-003", match="no Rocket")
    assert [b.name for b in d.state.sheet("vic").belt] == ["Knife"]
    assert d.state.fight.turn.actions == 2
    d.do("ann", "end_turn", character="vic")  # not on one's turn: the turn's actions are not there
    d.refuse("ann", "draw_item", character="vic", item="knife", rule="WD-COMBAT-001")
    assert "draw_item" not in [x.command for x in d.legal("ann")]


@pytest.mark.rules("WD-EQUIP-003")
def test_out_of_a_fight_drawing_costs_no_action() -> None:
    d = table()
    add(d, "ann", {**sheet("vic", "Vic", dexterity=2), "belt": [KNIFE]})
    d.do("ann", "draw_item", character="vic", item="Knife")
    assert [h.name for h in d.state.sheet("vic").held] == ["Knife"]
    assert d.words()[-1] == "Vic draws the Knife from the belt."


@pytest.mark.rules("WD-EQUIP-003")
def test_a_hidden_npcs_draw_names_no_item_to_the_players() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", {**sheet("thug", "Thug", "generic"), "belt": [KNIFE]}, hidden=True)
    d.do("gm", "start_combat", dice=[1])
    assert d.state.fight.turn.actor == "thug"
    d.do("gm", "draw_item", character="thug", item="knife")
    assert "Knife" not in " ".join(d.words("ann"))
    assert d.words()[-1] == "Thug draws the Knife from the belt (a standard action)."
