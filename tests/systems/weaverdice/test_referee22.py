"""Referee pass 22 of Weaverdice part 1 (seed /work/shared/seeds/000_6595eaca0229e06e.txt, "src N";
inventory /work/shared/rules/weaverdice.md), with two faults noticed at the last stop first: a check
the GM called stays open on one who has since fallen out of the fight, and one who fell is still asked
to spend Recovery on the wound's effect ("the unconscious and dying doing nothing except perhaps
rolling to get back up", src 563).

Every situation is played through the table (:class:`~capeworks.engine.testing.Driver`) with given
dice, and read from the seats that see it.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Pool
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.helpers import add, sheet
from tests.systems.weaverdice.test_camp_referee12 import four
from tests.systems.weaverdice.test_referee21 import _vic_down


def _calls(d: Driver, seat: str) -> list[str]:
    return [p.id for p in d.prompts(seat) if p.kind == "check"]


def _recovery(d: Driver, ident: str) -> int:
    return int(d.state.people[ident].effort.available(d.state.sheet(ident), Pool.RECOVERY))


def _standing(d: Driver, ident: str) -> Standing:
    return d.state.people[ident].track.standing


def _knocked_out(d: Driver) -> None:
    """On Vic's turn (Guts 2, on the ground with one lesser wound): he draws his Knife, the Brute takes
    the strike it provokes ([5] + 2 = 7 vs DS 4, a hit), Vic takes it: the second lesser fills the
    track, Guts to stay up [1] - 1 = 0 vs 3+ fails with a lesser among the slots: out cold (src 794);
    the effect die [1]: knocked back 5 ft (src 656)."""
    d.do("ann", "draw_item", character="vic", item="knife")
    d.answer("gm", "opportunity-brute", "strike", dice=[5])
    d.answer("ann", "react-vic", "take", dice=[1, 1])
    assert _standing(d, "vic") is Standing.UNCONSCIOUS


# -- 1. a called check is withdrawn from one who falls out of the fight (src 563) -------------------------

WITS = "The GM's call for Vic's wits at 4+ to spot the sniper is withdrawn: Vic is unconscious."
NERVE = "The GM's call for Vic's guts at 4+ to keep his nerve is withdrawn: Vic is unconscious."


@pytest.mark.rules("WD-CORE-003", "WD-COMBAT-002", "WD-WOUND-006")
def test_r22_01_a_called_check_on_vic_is_withdrawn_when_the_brutes_strike_knocks_him_out() -> None:
    # src 563: the unconscious do nothing but try to get back up. The GM called Wits 4+ (spot the
    # sniper) and, in secret, Guts 4+ (keep his nerve) for Vic; before he rolls either, the Brute's
    # strike puts him out cold. Both calls are withdrawn, saying why: every seat reads the open one's,
    # the GM alone the secret one's; Ann is asked to roll neither; nothing is left open.
    d = _vic_down(stats={"guts": 2})
    d.do("gm", "call_check", character="vic", stat="wits", task="spot the sniper")
    d.do("gm", "call_check", character="vic", stat="guts", task="keep his nerve", hidden=True)
    assert "call-1" in _calls(d, "ann")
    _knocked_out(d)
    assert _calls(d, "ann") == _calls(d, "gm") == []
    assert d.state.calls == {}
    for seat in ("ann", "bob"):
        assert [w for w in d.words(seat) if "call for" in w] == [WITS]
    assert [w for w in d.words("gm") if "call for" in w] == [WITS, NERVE]
    d.refuse("ann", "check", character="vic", call=1, rule="WD-CORE-003")


@pytest.mark.rules("WD-CORE-003", "WD-COMBAT-002")
def test_r22_02_no_check_is_called_for_one_out_cold_and_a_ruling_out_cold_withdraws_the_open_one() -> None:
    # src 563 again: the GM rules Vic out cold (the gas, WD-CORE-011): the Wits call is withdrawn as a
    # fall would withdraw it; calling a new one for him is refused in a sentence that says why, and
    # the GM may still roll a check of his own for Vic (a ruling's roll, src 800's kind).
    d = _vic_down()
    d.do("gm", "call_check", character="vic", stat="wits", task="spot the sniper")
    d.do("gm", "ruling", character="vic", text="The gas puts Vic out cold.", standing="unconscious")
    assert d.words("bob")[-1] == WITS
    err = d.refuse("gm", "call_check", character="vic", stat="wits", rule="WD-COMBAT-002")
    assert str(err) == (
        "Vic is unconscious: the unconscious and dying do nothing but try to get back up, so no check can"
        " be called for them."
    )
    d.do("gm", "check", character="vic", stat=["guts"], tn=4, dice=[4])
    assert d.words("ann")[-1].startswith("Vic rolls guts: [4]")


@pytest.mark.rules("WD-CORE-006", "WD-COMBAT-013", "WD-COMBAT-002")
def test_r22_03_a_lengthy_call_waits_with_its_total_while_its_roller_is_out_cold() -> None:
    # src 578-580: a lengthy Knowledge check to 12 (jam the lock), Vic 4 of 12 so far; out cold, he is
    # not asked to roll it on his turns and may not; the call and its running total stay for him, or
    # for another who may add to it (WD-CORE-006).
    d = _vic_down(stats={"guts": 2})
    d.do("gm", "call_check", character="vic", stat="knowledge", dc=12, task="jam the lock")
    d.answer("ann", "call-1", "roll", dice=[4])
    d.answer("gm", "opportunity-brute", "let_pass")
    d.answer("gm", "opportunity-thug", "let_pass")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "attack", character="thug", target="vic", dice=[6])  # Brawn 4: [6] + 1 = 7 vs 4
    d.answer("ann", "react-vic", "take", dice=[1, 1])  # out cold; effect [1]
    assert _standing(d, "vic") is Standing.UNCONSCIOUS
    assert d.state.lengthy["call:1"].total == 4 and 1 in d.state.calls
    d.do("gm", "end_turn", character="thug")
    d.do("bob", "end_turn", character="bea")
    d.do("gm", "end_turn", character="brute")
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor in ("vic", "thug")
    assert _calls(d, "ann") == []
    d.refuse("ann", "check", character="vic", call=1, rule="WD-COMBAT-002")


# -- 2. one out of the fight is not asked to spend Recovery on the wound's effect (src 563, 616) -----------


@pytest.mark.rules("WD-WFX-004", "WD-EFFORT-005", "WD-WOUND-006")
def test_r22_04_knocked_out_by_the_wound_vic_is_not_asked_to_spend_recovery_on_its_effect() -> None:
    # src 616: "Effects may be avoided using recovery pips"; src 563: the unconscious do nothing but try
    # to get back up. The strike's stay-up check puts Vic out before its effect (knocked back 5 ft,
    # src 656) is read: the effect lands without asking Ann anything; his Recovery is untouched, kept
    # for rousing (src 794).
    d = _vic_down(stats={"guts": 2})
    recovery = _recovery(d, "vic")
    assert recovery > 0
    _knocked_out(d)
    assert [p.kind for p in d.prompts("ann")] == ["turn"]
    assert _recovery(d, "vic") == recovery
    assert d.words("ann")[-1] == "Lesser bash effect on Vic (rolled 1): knocked back 5 ft."


@pytest.mark.rules("WD-WFX-018", "WD-WOUND-007", "WD-WOUND-009")
def test_r22_05_a_headshot_on_one_already_dying_asks_no_recovery_and_he_stays_dying() -> None:
    # src 698: Headshot "Puts target in dying state. If prevented with helmet or Recovery pip, inflict
    # Knocked Down instead". Vic (Guts 1: one slot) takes the Brute's moderate pierce ([6] + 2 = 8 vs 4):
    # the slot full of a moderate, stay-up [1] - 2 fails: dying (src 796); the effect die [6], the
    # headshot: dying as he is, nobody asks him to spend Recovery, which he keeps for the Guts roll to
    # get back up (src 796).
    d = four()
    add(d, "ann", sheet("vic", "Vic", guts=1))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])
    assert d.state.fight is not None and d.state.fight.order.order == ("brute", "vic")
    recovery = _recovery(d, "vic")
    d.do("gm", "attack", character="brute", target="vic", tier="moderate", damage="pierce", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[1, 6])
    assert _standing(d, "vic") is Standing.DYING
    assert [p.kind for p in d.prompts("ann")] == []
    assert _recovery(d, "vic") == recovery == 1
    for seat in ("ann", "bob", "gm"):
        assert d.words(seat)[-1] == "Moderate pierce effect on Vic (rolled 6): dying."
