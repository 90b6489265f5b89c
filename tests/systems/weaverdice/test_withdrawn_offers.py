"""Offers that outlive what made them (Weaverdice part 1, seed /work/shared/seeds/000_6595eaca0229e06e.txt,
inventory /work/shared/rules/weaverdice.md): an attack of opportunity offered at someone acting from
the ground (src 850) is withdrawn when that someone falls out of the fight before it is taken (the
unconscious and dying do nothing, src 563; a dropped generic is ignored thereafter, src 306, 800),
and every seat that had one reads why.

Every situation is played through the table (:class:`~capeworks.engine.testing.Driver`) with given
dice, and read from the seats that see it.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Status
from tests.systems.weaverdice.helpers import add, sheet, table
from tests.systems.weaverdice.test_camp_referee12 import four
from tests.systems.weaverdice.test_referee21 import KNIFE, _offers, _vic_down, _with


def _withdrawn(d: Driver, seat: str) -> list[str]:
    return [w for w in d.words(seat) if "withdrawn" in w]


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-002", "WD-WOUND-006")
def test_the_thugs_offer_is_withdrawn_when_the_brutes_strike_knocks_vic_out() -> None:
    # src 850 with src 563 and 794: Vic (Guts 2: two wound slots) on the ground with one lesser wound
    # draws his Knife: both of the GM's are offered. The Brute strikes ([5] + 2 = 7 vs 4, a hit); the
    # second lesser wound fills the track: Guts to stay up, [1] - 1 = 0 vs 3+, fails: Vic is out cold.
    # Nothing is left to strike at: the Thug's offer is withdrawn, and the GM (the seat that had it)
    # reads why; letting it pass is refused, as there is nothing on offer.
    d = _vic_down(stats={"guts": 2})
    d.do("ann", "draw_item", character="vic", item="knife")
    d.answer("gm", "opportunity-brute", "strike", dice=[5])
    d.answer("ann", "react-vic", "take", dice=[1, 1])
    assert d.state.people["vic"].track.standing.value == "unconscious"
    # effect [1]: knocked back 5 ft (src 656); out cold, Vic is not asked to spend Recovery (src 563)
    assert _offers(d, "gm") == []
    line = "The chance for Thug to strike at Vic is withdrawn: Vic is unconscious."
    assert _withdrawn(d, "gm") == _withdrawn(d, "ann") == _withdrawn(d, "bob") == [line]
    d.refuse("gm", "let_pass", character="thug")


def _thug_down() -> Driver:
    """Vic (Ann's) and Bea (Bob's) against the Thug (the GM's generic, Guts 1: one wound drops him,
    src 304), knocked down, on the Thug's turn (initiative [6], [3]; the generic goes last)."""
    d = four()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("bea", "Bea"))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=1))
    d.do("gm", "start_combat", dice=[6, 3])
    assert d.state.fight is not None and d.state.fight.order.order == ("vic", "bea", "thug")
    _with(d, "thug", Status.KNOCKED_DOWN)
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "end_turn", character="bea")
    return d


@pytest.mark.rules("WD-STATUS-009", "WD-NPC-004", "WD-WOUND-012")
def test_a_generic_dropped_by_one_strike_is_no_longer_offered_to_the_other() -> None:
    # src 850: the Thug, on the ground, crawls for a pipe (a plain action): Vic and Bea are offered
    # the strike. Vic takes it for 1 Focus: [6] + 0 = 6 vs DS 3, a hit; a lesser wound fills the
    # Thug's one slot: he drops (src 304, 800) and is ignored thereafter (src 306). Bea's offer is
    # withdrawn, and Bob (whose it was) reads why; a strike at the dropped Thug is refused.
    d = _thug_down()
    d.do("gm", "act", character="thug", action="crawl for the pipe")
    assert _offers(d, "ann") == ["opportunity-vic"]
    assert _offers(d, "bob") == ["opportunity-bea"]
    d.answer("ann", "opportunity-vic", "strike", dice=[6])
    assert d.state.people["thug"].track.standing.value == "down"
    assert _offers(d, "bob") == []
    line = "The chance for Bea to strike at Thug is withdrawn: Thug is down."
    assert _withdrawn(d, "bob") == _withdrawn(d, "ann") == _withdrawn(d, "gm") == [line]
    d.refuse("bob", "attack", character="bea", target="thug", opportunity=True, dice=[6])


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-002", "WD-CORE-011")
def test_the_gm_ruling_vic_out_cold_withdraws_both_offers() -> None:
    # src 850 with src 563: Vic, on the ground, draws his Knife: the Brute and the Thug are offered.
    # The GM rules the gas has put him out cold (WD-CORE-011): the unconscious do nothing, so both
    # offers are withdrawn, and the GM reads why for each.
    d = _vic_down()
    d.do("ann", "draw_item", character="vic", item="knife")
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]
    d.do("gm", "ruling", character="vic", text="The gas puts Vic out cold.", standing="unconscious")
    assert _offers(d, "gm") == []
    assert _withdrawn(d, "gm") == [
        "The chance for Brute to strike at Vic is withdrawn: Vic is unconscious.",
        "The chance for Thug to strike at Vic is withdrawn: Vic is unconscious.",
    ]


def _thug_breaks_free(guts: int = 1) -> Driver:
    """Vic grabs the Thug (Guts 1 unless given) on his turn ([6] + 0 = 6 vs DS 3) and wrestles him at
    once: [1] against [6] + 1 = 7: the Thug breaks free, and may reverse the hold with 6 points
    banked (WD-GRAPPLE-004 PROPOSED)."""
    d = four()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("bea", "Bea"))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=guts))
    d.do("gm", "start_combat", dice=[6, 3])
    d.do("ann", "grab", character="vic", target="thug", dice=[6])
    d.do("ann", "grapple", character="vic", target="thug", dice=[1, 6])
    assert [p.id for p in d.prompts("gm") if p.kind == "reversal"] == ["reverse-thug"]
    return d


@pytest.mark.rules("WD-GRAPPLE-004", "WD-NPC-004", "WD-WOUND-012")
def test_a_thug_dropped_before_he_answers_cannot_reverse_the_hold() -> None:
    # src 306, 563, 800: before the GM answers the Thug's reversal, Bea spends Focus on an attack of
    # opportunity at him: [6] + 0 = 6 vs DS 3, a hit; the lesser wound fills his one slot: he drops.
    # A dropped generic takes no hold: the offer is withdrawn (it stood before, and the fallen Thug
    # took the hold on Vic), every seat reads why, and a reversal is refused.
    d = _thug_breaks_free()
    d.do("bob", "attack", character="bea", target="thug", opportunity=True, dice=[6])
    assert d.state.people["thug"].track.standing.value == "down"
    assert [p.id for p in d.prompts("gm") if p.kind == "reversal"] == []
    line = "The chance for Thug to reverse the hold on Vic is withdrawn: Thug is down."
    assert _withdrawn(d, "gm") == _withdrawn(d, "ann") == _withdrawn(d, "bob") == [line]
    d.refuse("gm", "reverse", character="thug", rule="WD-GRAPPLE-004")
    assert d.state.grapples == {}


@pytest.mark.rules("WD-GRAPPLE-004", "WD-GRAPPLE-010", "WD-WFX-001")
def test_a_blow_that_knocks_the_thug_back_withdraws_his_reversal() -> None:
    # src 652-654, 956: the Thug (Guts 2) breaks free; before the GM answers his reversal, Bea's
    # attack of opportunity hits ([6] + 0 = 6 vs DS 3; one lesser wound of two slots: he stays up)
    # and its effect [1] knocks him back 5 ft: as it would break a hold, it leaves none to go straight
    # to. The offer is withdrawn, every seat reads why, and a reversal is refused.
    d = _thug_breaks_free(guts=2)
    d.do("bob", "attack", character="bea", target="thug", opportunity=True, dice=[6, 1])
    assert d.state.people["thug"].track.standing.value == "up"
    assert [p.id for p in d.prompts("gm") if p.kind == "reversal"] == []
    line = "The blow knocks Thug and Vic apart: the chance for Thug to reverse the hold is withdrawn."
    assert _withdrawn(d, "gm") == _withdrawn(d, "ann") == _withdrawn(d, "bob") == [line]
    d.refuse("gm", "reverse", character="thug", rule="WD-GRAPPLE-004")


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-002", "WD-WOUND-006")
def test_a_wait_for_an_event_is_not_offered_to_fire_once_the_waiter_is_out_cold() -> None:
    # src 994 with src 563: Vic (Guts 1: one slot) waits for the next car; the Thug's swing hits
    # ([6] + 0 = 6 vs DS 4), the lesser wound fills his slot, Guts to stay up [1] - 2 = -1 vs 3+ fails:
    # out cold. The unconscious do nothing: the GM is no longer offered to fire his wait (it was
    # offered, then refused as "in no state to act on it"), and firing it is still refused.
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=1))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6, 5])
    d.do("ann", "wait", character="vic", event="the next car to come round the corner", response="leap on it")
    assert [c.fixed for c in d.legal("gm") if c.command == "fire_wait"] == [{"character": "vic"}]
    d.do("bob", "end_turn", character="max")
    d.do("gm", "attack", character="thug", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[1, 1])
    # out of the fight, Vic is not asked to spend Recovery on the effect (src 563)
    assert d.state.people["vic"].track.standing.value == "unconscious"
    assert [c.fixed for c in d.legal("gm") if c.command == "fire_wait"] == []
    d.refuse("gm", "fire_wait", character="vic", rule="WD-COMBAT-027")


@pytest.mark.rules("WD-COMBAT-001", "WD-COMBAT-002")
def test_a_turn_whose_actor_falls_mid_turn_says_only_ending_it_is_left() -> None:
    # src 563: Vic (Guts 2) is knocked out on his own turn by the Brute's strike ([5] + 2 = 7 vs 4;
    # Guts [1] - 1 = 0 vs 3+ fails). His turn prompt no longer says "1 action left", which every
    # action would refuse ("in no state to act"): it says only ending the turn is left.
    d = _vic_down(stats={"guts": 2})
    d.do("ann", "draw_item", character="vic", item="knife")
    d.answer("gm", "opportunity-brute", "strike", dice=[5])
    d.answer("ann", "react-vic", "take", dice=[1, 1])
    # out of the fight, Vic is not asked to spend Recovery on the effect (src 563)
    assert d.prompt("ann", "turn").question == (
        "Round 1: Vic's turn; Vic is unconscious: only ending the turn is left."
    )
    d.refuse("ann", "move", character="vic", feet=5, rule="WD-COMBAT-002")
    d.do("ann", "end_turn", character="vic")


@pytest.mark.rules("WD-STATUS-009", "WD-NPC-003")
def test_a_hidden_foes_withdrawn_offer_is_told_to_the_gm_alone() -> None:
    # src 850, 563: as the first test, but the second foe is the Lurker, a hidden notable: his offer
    # (the GM's alone to see) is withdrawn when Vic passes out, and only the GM reads it.
    d = four()
    add(d, "ann", {**sheet("vic", "Vic", guts=2), "belt": [KNIFE]})
    add(d, "bob", sheet("bea", "Bea"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    add(d, "gm", sheet("lurk", "Lurker", "notable", brawn=4), hidden=True)
    d.do("gm", "start_combat", dice=[3, 1, 6, 2])
    assert d.state.fight is not None and d.state.fight.order.order == ("brute", "vic", "lurk", "bea")
    d.do("gm", "attack", character="brute", target="vic", dice=[6])  # 6 + 2 = 8 vs 4: a hit
    d.answer("ann", "react-vic", "take", dice=[3])  # effect 3: knocked down (src 656)
    d.answer("ann", "effect-vic-w1-negate", "none")
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "draw_item", character="vic", item="knife")
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-lurk"]
    d.answer("gm", "opportunity-brute", "strike", dice=[5])  # 5 + 2 = 7 vs 4: a hit
    d.answer("ann", "react-vic", "take", dice=[1, 1])  # Guts [1] - 1 = 0 vs 3+: out cold
    # out of the fight, Vic is not asked to spend Recovery on the effect (src 563)
    assert _offers(d, "gm") == []
    assert _withdrawn(d, "gm") == ["The chance for Lurker to strike at Vic is withdrawn: Vic is unconscious."]
    assert _withdrawn(d, "ann") == _withdrawn(d, "bob") == []
