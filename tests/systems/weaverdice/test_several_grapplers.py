"""Several grapplers on one target (WD-GRAPPLE-010) and the winning defender's reversal
(WD-GRAPPLE-004 PROPOSED) at the table."""

from __future__ import annotations

import pytest

from tests.systems.weaverdice.helpers import add, sheet, table


def dogpile():  # type: ignore[no-untyped-def]
    """Two thugs grab Vic (Brawn 5) in round 1; the second also wrestles at once."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5, athletics=1, dexterity=1))  # speed 2 + 1 = 3
    add(d, "gm", sheet("thug1", "Thug one", "generic", brawn=4))  # 6 + 3 = 9
    add(d, "gm", sheet("thug2", "Thug two", "generic", brawn=4, athletics=4))  # 7 + 3 = 10
    d.do("gm", "start_combat", dice=[1])
    assert d.state.fight.order.order == ("thug2", "thug1", "vic")
    # each grab: Brawn 4 (+1), 3 + 1 = 4 vs Vic's DS 4 hits; Vic keeps his Focus and is caught
    d.do("gm", "grab", character="thug2", target="vic", dice=[3])
    d.answer("ann", "react-vic", "take")
    d.do("gm", "end_turn", character="thug2")
    d.do("gm", "grab", character="thug1", target="vic", dice=[3])
    d.answer("ann", "react-vic", "take")
    assert set(d.state.grapples) == {"thug1>vic", "thug2>vic"}
    # thug one's round: 1 + 1 = 2 against Vic's 6 + 2 = 8; Vic wins it but thug two still holds him
    d.do("gm", "grapple", character="thug1", target="vic", dice=[1, 6])
    assert set(d.state.grapples) == {"thug1>vic", "thug2>vic"}
    assert d.state.grapples["thug1>vic"].beaten and d.state.grapples["thug1>vic"].banked == 0
    assert "still held by another" in d.words()[-1]
    assert d.state.reversals == {}
    d.do("gm", "end_turn", character="thug1")
    d.do("ann", "end_turn", character="vic")
    return d


@pytest.mark.rules("WD-GRAPPLE-010", "WD-GRAPPLE-004", "WD-GRAPPLE-009")
def test_free_only_by_beating_every_hold__then_reverse_with_the_margin_banked() -> None:
    d = dogpile()
    # round 2, thug two's round: 2 + 1 = 3 against 5 + 2 = 7; Vic has now beaten both holds: free
    d.do("gm", "grapple", character="thug2", target="vic", dice=[2, 5])
    assert d.state.grapples == {}
    prompt = d.prompt("ann", "reversal")
    assert "4 points held" in prompt.question  # the margin 7 - 3 = 4
    d.answer("ann", prompt.id, "reverse")
    hold = d.state.grapples["vic>thug2"]
    assert (hold.holder, hold.target, hold.banked, hold.round) == ("vic", "thug2", 4, 1)
    assert d.state.reversals == {}
    assert "Vic reverses the hold on Thug two, 4 points held." in d.words()


@pytest.mark.rules("WD-GRAPPLE-010")
def test_a_grappler_who_wins_again_keeps_the_defender_held() -> None:
    d = dogpile()
    # round 2: thug one wins its own hold back (6 + 1 = 7 against 1 + 2 = 3), margin 4 banked
    d.do("gm", "end_turn", character="thug2")
    d.do("gm", "grapple", character="thug1", target="vic", dice=[6, 1])
    assert not d.state.grapples["thug1>vic"].beaten and d.state.grapples["thug1>vic"].banked == 4
    d.do("gm", "end_turn", character="thug1")
    d.do("ann", "end_turn", character="vic")
    # round 3: Vic beats thug two (3 against 8), but thug one's hold stands: still held by both
    d.do("gm", "grapple", character="thug2", target="vic", dice=[2, 6])
    assert set(d.state.grapples) == {"thug1>vic", "thug2>vic"} and d.state.reversals == {}


@pytest.mark.rules("WD-GRAPPLE-004")
def test_an_attack_of_opportunity_instead_of_the_reversal_and_offers_lapse() -> None:
    d = dogpile()
    d.do("gm", "grapple", character="thug2", target="vic", dice=[2, 5])
    assert "vic" in d.state.reversals
    # Vic spends Focus on an attack of opportunity instead (Athletics 1: 1 - 2 = -1 against DS 3,
    # a miss): the reversal is gone
    d.do("ann", "attack", character="vic", target="thug2", stat="athletics", opportunity=True, dice=[1])
    assert d.state.reversals == {}
    d.refuse("ann", "reverse", character="vic", rule="WD-GRAPPLE-004")
    # an offer nobody answers lapses when the next turn starts
    d2 = dogpile()
    d2.do("gm", "grapple", character="thug2", target="vic", dice=[2, 5])
    d2.do("gm", "end_turn", character="thug2")
    assert d2.state.reversals == {}
