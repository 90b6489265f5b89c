"""Weaverdice faults left by stop 40, each played at the table with given dice."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp, pc
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


def _lifted_pair() -> Driver:
    """A mini-progression table: Ada (Ann's, Social 2) takes option 12, secure (two encounters
    lifted); Bo (Bob's) climbs beside her."""
    d = table(config={"campaign": {"progression": "mini"}})
    pc(d, "ann", "ada", "Ada", social=2)
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "award", character="ada", boxes=1)
    d.do("gm", "pick_mini", character="ada", option=12, secure=True)
    return d


def _bo_pushes_the_climb(d: Driver) -> None:
    """Bo's climb (4+), [2] rerolled with a Stamina dot to [5]; Ada climbs with him and spends nothing."""
    d.do("gm", "call_check", character="bo", stat="athletics", tn=4, task="climb the fence")
    d.do("bob", "check", character="bo", call=max(d.state.calls), dice=[2])
    d.do("bob", "reroll", character="bo", dice=[5])


@pytest.mark.rules("WD-DN-017", "WD-EFFORT-009")
def test_option_12_counts_a_situation_for_one_in_it_who_spent_nothing() -> None:
    """src 178: option 12, 'your morale baseline rises for [Social] encounters': every encounter Ada is
    in counts, as every fight she is in does, whether she spends or not (test_r5_11). src 409: 'At the
    end of any encounter or situation where effort was expended ... five minutes without immediate
    crisis'. Bo pushes a climb with Stamina and Ada climbs with him, spending nothing; the GM's lull
    names her among those present: her lift has one encounter left (2 - 1). Before, the lull counted
    only those whose effort it settled (Bo), and Ada's lift still had 2. A lull that does not name her
    (she was elsewhere) leaves her lift as it was."""
    d = _lifted_pair()
    _bo_pushes_the_climb(d)
    d.do("gm", "lull", present=["ada"])
    assert camp(d).ledger("ada").morale_lift == 1
    assert d.state.exhaust_owed == ("bo",)  # Ada spent nothing: nothing for her to exhaust
    assert d.replayed().state == d.state
    d = _lifted_pair()
    _bo_pushes_the_climb(d)
    d.do("gm", "lull")
    assert camp(d).ledger("ada").morale_lift == 2


@pytest.mark.rules("WD-EFFORT-009")
def test_a_lull_naming_someone_not_at_the_table_is_refused_and_changes_nothing() -> None:
    d = _lifted_pair()
    _bo_pushes_the_climb(d)
    before = d.state
    d.refuse("gm", "lull", present=["zed"])
    assert d.state == before
