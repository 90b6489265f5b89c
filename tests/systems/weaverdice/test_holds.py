"""Grapples at the table (the gear engineer's WD-GRAPPLE rules wired in): the grab, rounds, breaking free."""

from __future__ import annotations

import pytest

from capeworks.errors import NotPermitted
from capeworks.systems.weaverdice.vocab import Pool, WoundTier
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.helpers import add, sheet, table


def wrestle():  # type: ignore[no-untyped-def]
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5, athletics=4))  # speed 7
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=3, guts=3))  # speed 6 + 3 = 9
    d.do("gm", "start_combat", dice=[6])  # Vic 7 + 6 = 13
    return d


@pytest.mark.rules("WD-GRAPPLE-001", "WD-GRAPPLE-003", "WD-GRAPPLE-006", "WD-GRAPPLE-009")
def test_grab_then_a_round_that_banks_hold_and_drops_both_ds() -> None:
    d = wrestle()
    d.do("ann", "grab", character="vic", target="thug", dice=[2])  # 2 + 2 = 4 vs DS 3
    assert "vic>thug" in d.state.grapples
    assert "Vic grabs Thug: the grapple begins." in d.words()
    # round 1: Vic 4 + 2 = 6 against the thug's 2 + 0 = 2: margin 4, held
    d.do("ann", "grapple", character="vic", target="thug", dice=[4, 2])
    hold = d.state.grapples["vic>thug"]
    assert (hold.round, hold.banked) == (2, 4)
    d.do("ann", "end_turn", character="vic")
    # the thug attacks Vic, whose DS is 0 while grappling: 1 + 0 = 1 >= 0 hits
    d.do("gm", "attack", character="thug", target="vic", dice=[1])
    assert "vs defense 0" in " ".join(d.words())


@pytest.mark.rules("WD-GRAPPLE-004", "WD-GRAPPLE-008", "WD-GRAPPLE-010")
def test_a_winning_defender_breaks_free__a_wound_between_them_breaks_it_too() -> None:
    d = wrestle()
    d.do("ann", "grab", character="vic", target="thug", dice=[2])
    # Vic 1 + 2 = 3 against 6 + 0 = 6: the thug breaks free
    d.do("ann", "grapple", character="vic", target="thug", dice=[1, 6])
    assert d.state.grapples == {}
    assert "breaks free" in d.words()[-1]
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "grab", character="vic", target="thug", dice=[3])
    # a throw before round 2 is refused; a disarm costs 2 of the margin
    d.refuse(
        "ann", "grapple", character="vic", target="thug", option="throw", dice=[6, 1], rule="WD-GRAPPLE-008"
    )
    d.do("ann", "grapple", character="vic", target="thug", option="disarm", dice=[6, 1])
    assert "disarmed" in [c.name for c in d.state.people["thug"].conditions]
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    # Vic punches the thug he holds: the wound breaks the grapple (effect d6 = 1)
    d.do("ann", "attack", character="vic", target="thug", dice=[6, 1])
    assert d.state.grapples == {} and d.state.people["thug"].track.standing is Standing.UP


@pytest.mark.rules("WD-GRAPPLE-001")
def test_a_grab_may_be_dodged_but_not_blocked() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("boss", "Boss", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])  # Boss 6 + 6 first
    d.do("gm", "grab", character="boss", target="vic", dice=[5])  # 5 + 2 = 7 vs DS 4
    prompt = d.prompt("ann", "reaction")
    assert [o.value for o in prompt.options] == ["dodge", "take"]
    d.refuse("ann", "react", character="vic", reaction="block", dice=[6], rule="WD-GRAPPLE-001")
    d.answer("ann", prompt.id, "dodge", dice=[6])  # 6 + 0 = 6 < 7: caught
    assert "boss>vic" in d.state.grapples


@pytest.mark.rules("WD-MOVE-009", "WD-MOVE-010", "WD-MOVE-008")
def test_falls_at_the_table__wx56() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=4))
    # 18 ft: a moderate wound and a Moderate Bash effect (d6 = 1: knocked back and down); row 4 drains Stamina
    d.do("gm", "fall", character="vic", feet=18, dice=[1])
    d.answer("ann", d.prompt("ann", "effect").id, "none")
    vic = d.state.people["vic"]
    assert [w.tier for w in vic.track.wounds] == [WoundTier.MODERATE]
    assert vic.effort.available(d.state.sheet("vic"), Pool.STAMINA) == 2
    assert (
        "Vic falls 18 ft: a moderate wound and a roll on the moderate Bash effect table; "
        "Vic loses 1 Stamina (a bad fall)." in d.words()
    )
    # thrown 25 ft: the faller chooses L wound + Moderate Bash effect, or M wound + Lesser Bash effect
    d.do("gm", "fall", character="vic", feet=25, thrown=True, drains_stamina=False)
    prompt = d.prompt("ann", "fall")
    assert [o.label for o in prompt.options] == [
        "a lesser wound and a roll on the moderate Bash effect table",
        "a moderate wound and a roll on the lesser Bash effect table",
    ]
    d.answer("ann", prompt.id, "2", dice=[5])  # Lesser Bash 5: drops what it holds
    assert [w.tier for w in d.state.people["vic"].track.wounds] == [WoundTier.MODERATE, WoundTier.MODERATE]
    # 23 ft: Athletics 4+ or a critical Bash wound; d=4 + 0 holds: as the 16-20 ft row
    d.do("gm", "fall", character="vic", feet=23, drains_stamina=False, dice=[4, 6])
    d.answer("ann", d.prompt("ann", "effect").id, "none")
    assert d.state.people["vic"].track.count(WoundTier.CRITICAL) == 0
    d.refuse("ann", "fall", character="vic", feet=10, error=NotPermitted)


@pytest.mark.rules("WD-GRAPPLE-008", "WD-MOVE-009")
def test_a_throw_lands_on_the_thrown_column_at_once() -> None:
    d = wrestle()
    d.do("ann", "grab", character="vic", target="thug", dice=[2])
    d.do("ann", "grapple", character="vic", target="thug", dice=[4, 2])  # margin 4 banked
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    # round 2: 6 + 2 = 8 against 1 + 0 = 1, margin 7 + 4 banked = 11; a throw of 3 points is 15 ft;
    # thrown 11-20 ft: a lesser wound and a roll on the lesser Bash table (d6 = 2: knocked back)
    d.do("ann", "grapple", character="vic", target="thug", option="throw", points=3, dice=[6, 1, 2])
    thug = d.state.people["thug"]
    assert d.state.grapples == {} and [w.tier for w in thug.track.wounds] == [WoundTier.LESSER]
    assert "Thug is thrown 15 ft: a lesser wound and a roll on the lesser Bash effect table." in d.words()
