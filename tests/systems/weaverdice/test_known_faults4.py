"""Weaverdice faults left by stop 40, each played at the table with given dice."""

from __future__ import annotations

import pytest

from tests.systems.weaverdice.test_groups import squad


@pytest.mark.rules("WD-COMBAT-015", "WD-COMBAT-027", "WD-NPC-005")
def test_a_grouped_generic_cannot_wait__so_no_group_waits_for_an_event_with_it() -> None:
    """src 994: a Wait is bought with Focus; src 586: 'these actions require Focus(); if you can't
    expend the focus, you're not alert enough'; src 304: generics have no effort (WD-EFFORT-001);
    src 306 and WD-NPC-005: only generics and bystanders act as groups. So nobody in a group can wait
    for an event, and fire_wait only ever moves a lone PC or notable: SWAT one, first of its group's
    slot, is offered no Wait and is refused one, and the GM has no wait to fire."""
    d = squad()
    d.do("gm", "start_combat", groups="swat1+swat2+swat3, mom+dad", dice=[6])
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.order.current == "swat1"
    assert "wait" not in {c.command for c in d.legal("gm")}
    d.refuse("gm", "wait", character="swat1", event="the van arrives", rule="WD-EFFORT-001")
    d.refuse("gm", "fire_wait", character="swat1", rule="WD-COMBAT-027")
    assert d.state.fight.order.order == ("vic", "thug", "swat1", "swat2", "swat3", "mom", "dad", "kid")
