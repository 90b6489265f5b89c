"""Weaverdice faults left by stop 40, each played at the table with given dice."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.helpers import add, sheet, table
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


def _wrestler() -> Driver:
    """Vic (Ann's, Brawn 4: +1) is learning Wrestle (a Brawn skill, 5 of 12 trained); a generic thug
    (DS 3) stands by; no fight yet."""
    d = table()
    learner = {
        **sheet("vic", "Vic", brawn=4),
        "skills": [{"name": "Wrestle", "stats": ["brawn"], "learning": True, "training": [5]}],
    }
    add(d, "ann", learner)
    add(d, "gm", sheet("thug", "Thug", "generic"))
    return d


@pytest.mark.rules("WD-SKILL-009", "WD-EFFORT-004")
def test_a_skill_opened_just_before_a_fight_lasts_through_that_fight() -> None:
    """src 342: Focus opens a learning skill, 'gaining it until the encounter ends'; src 388 'Access a
    trained skill for the encounter'; src 409: a situation ends with 'at least five minutes without
    immediate crisis'; src 538: combat starts 'When the GM decides combat ... is appropriate', within
    the scene already playing. Vic opens Wrestle (1 Focus) as the thug squares up, and the GM starts the
    fight: no quiet minutes came between, so the encounter he bought it for goes on. His attack names
    Wrestle and keeps the better of [1 5], + 1 = 6 vs DS 3. The fight's end closes it. Before, the
    fight's start closed Wrestle: the attack was refused and the Focus lost."""
    d = _wrestler()
    d.do("ann", "open_skill", character="vic", skill="Wrestle")
    d.do("gm", "start_combat", dice=[6])
    assert d.state.people["vic"].opened == ("wrestle",)
    d.do("ann", "attack", character="vic", target="thug", skills="Wrestle", dice=[1, 5, 1])
    assert d.state.people["thug"].track.wounds
    d.refuse("ann", "open_skill", character="vic", skill="Wrestle", rule="WD-SKILL-009")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_combat")
    assert d.state.people["vic"].opened == ()
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-SKILL-009")
def test_a_skill_opened_before_a_lull_is_closed_when_a_later_fight_starts() -> None:
    """src 409: the five quiet minutes end the situation Vic opened Wrestle for; a fight after them is a
    new encounter, and Wrestle must be opened again (the lull closed it; the fight finds it closed)."""
    d = _wrestler()
    d.do("ann", "open_skill", character="vic", skill="Wrestle")
    d.do("gm", "lull")
    d.do("gm", "start_combat", dice=[6])
    assert d.state.people["vic"].opened == ()
    d.refuse(
        "ann", "attack", character="vic", target="thug", skills="Wrestle", dice=[6, 6], rule="WD-SKILL-009"
    )
