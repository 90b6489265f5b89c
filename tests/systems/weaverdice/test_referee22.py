"""Referee pass 22 of Weaverdice part 1 (seed /work/shared/seeds/000_6595eaca0229e06e.txt, "src N";
inventory /work/shared/rules/weaverdice.md), with two faults noticed at the last stop first: a check
the GM called stays open on one who has since fallen out of the fight, and one who fell is still asked
to spend Recovery on the wound's effect ("the unconscious and dying doing nothing except perhaps
rolling to get back up", src 563). Then the referee pass: one's own self as a target, two of one
condition at once, the morale floor under a pained failure, the melee strike the ground provokes, and
half the actions spent on rising.

Every situation is played through the table (:class:`~capeworks.engine.testing.Driver`) with given
dice, and read from the seats that see it.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Pool, Status, WoundTier
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.helpers import add, sheet
from tests.systems.weaverdice.test_camp_referee12 import four
from tests.systems.weaverdice.test_referee21 import _vic_down, _with
from tests.systems.weaverdice.test_referee_pass10 import CLAWS


def _calls(d: Driver, seat: str) -> list[str]:
    return [p.id for p in d.prompts(seat) if p.kind == "check"]


def _recovery(d: Driver, ident: str) -> int:
    return int(d.state.people[ident].effort.available(d.state.sheet(ident), Pool.RECOVERY))


def _focus(d: Driver, ident: str) -> int:
    return int(d.state.people[ident].effort.available(d.state.sheet(ident), Pool.FOCUS))


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


# -- 3. refusals: one's own self is no target for an attack (src 588, 596) ---------------------------------


def _duel(**vic: Any) -> Driver:
    """Vic (Ann's; the Claws power) against the Brute (the GM's notable, Brawn 5) and the Thug (a
    generic, Brawn 4, Guts 1), with Bea (Bob's); initiative [6], [1], [3]: Vic, Brute, Thug, Bea."""
    d = four()
    add(d, "ann", {**sheet("vic", "Vic"), "powers": [CLAWS], **vic})
    add(d, "bob", sheet("bea", "Bea"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=1))
    d.do("gm", "start_combat", dice=[6, 1, 3])
    assert d.state.fight is not None and d.state.fight.order.order == ("vic", "brute", "thug", "bea")
    return d


@pytest.mark.rules("WD-COMBAT-017", "WD-COMBAT-009")
def test_r22_06_vic_may_not_attack_himself_with_a_swing_or_a_power() -> None:
    # src 588: an attack roll is made against the target's DS (src 596), someone else's. Ann naming Vic
    # as his own target (a slip of the form) is refused in a sentence, his actions untouched; the
    # Claws power likewise. Before, the swing was rolled against his own DS 4 and took an action.
    d = _duel()
    err = d.refuse("ann", "attack", character="vic", target="vic", dice=[3], rule="WD-COMBAT-017")
    assert str(err) == "Vic cannot attack Vic: name another target."
    err = d.refuse(
        "ann", "use_power", character="vic", power="Claws", targets=["vic"], dice=[3], rule="WD-COMBAT-017"
    )
    assert str(err) == "Vic cannot aim Claws at Vic: name another target."
    assert d.prompt("ann", "turn").question == "Round 1: Vic's turn, 2 actions left."


# -- 4. two of one condition: one status, shed at once (src 814, 818-822) ----------------------------------


def _names(d: Driver, ident: str) -> list[str]:
    return [str(c.name) for c in d.state.people[ident].conditions]


@pytest.mark.rules("WD-STATUS-001", "WD-COMBAT-032")
def test_r22_07_two_wounds_bleeding_bleed_as_one_and_one_rest_stops_both() -> None:
    # src 814: "Suffer a lesser wound when expending effort": Vic bleeds from two wounds; his Wait's
    # Focus (src 994) costs one lesser wound, not two (the table had this right). Then a rest, Guts [6]
    # vs 4+: "sheds bleeding", and he no longer bleeds (before, one of the two stayed: the log said
    # he had shed it while the tracker still showed him bleeding).
    d = _duel()
    _with(d, "vic", Status.BLEEDING, Status.BLEEDING)
    d.do("ann", "rest", character="vic", dice=[6])
    assert d.words("bob")[-1] == "Vic rests; Guts [6] = 6; 6 vs 4+: success; sheds bleeding."
    assert _names(d, "vic") == []
    d.do("ann", "wait", character="vic", trigger="bea")
    assert d.state.people["vic"].track.wounds == ()


@pytest.mark.rules("WD-STATUS-001", "WD-COMBAT-034")
def test_r22_08_a_full_rest_says_it_sheds_bleeding_once() -> None:
    # src 814: "Full rests remove bleed without needing a roll": both instances go; the words name it
    # once ("sheds bleeding, bleeding" before).
    d = _duel()
    _with(d, "vic", Status.BLEEDING, Status.BLEEDING)
    d.do("ann", "rest", character="vic", full=True, dice=[6])
    assert d.words("ann")[-1] == "Vic rests the whole turn; Guts [6] = 6; 6 vs 4+: success; sheds bleeding."
    assert _names(d, "vic") == []


@pytest.mark.rules("WD-STATUS-002", "WD-STATUS-003", "WD-COMBAT-032")
def test_r22_09_two_physical_pains_owe_one_price_said_once_and_one_rest_sheds_both() -> None:
    # src 822: pained, a failed roll owes a price: Vic in physical pain from two wounds misses the
    # Brute ([1] vs 4): one price, the pain named once; he ends his turn on it. Next turn a rest (Guts
    # [6]) sheds the pain: both go.
    d = _duel()
    _with(d, "vic", Status.PAINED_PHYSICAL, Status.PAINED_PHYSICAL)
    d.do("ann", "attack", character="vic", target="brute", dice=[1])
    assert d.words("bob")[-1] == "Vic fails in pain (pained physical): a price is owed."
    assert [p.id for p in d.prompts("ann") if p.kind == "pain"] == ["pain-vic"]
    d.answer("ann", "pain-vic", "end_turn")
    for who in ("brute", "thug", "bea"):
        d.do("gm" if who != "bea" else "bob", "end_turn", character=who)
    d.do("ann", "rest", character="vic", dice=[6])
    assert d.words("ann")[-1] == "Vic rests; Guts [6] = 6; 6 vs 4+: success; sheds pained physical."
    assert _names(d, "vic") == []


# -- 5. morale in a fight: the floor (src 455-475, 822) -----------------------------------------------------


@pytest.mark.rules("WD-STATUS-002", "WD-MORALE-001")
def test_r22_10_at_dismal_a_pained_failure_cannot_be_paid_with_morale() -> None:
    # src 822: the price is "a decline in morale, a lesser wound, or end their turn prematurely (this
    # option is available only if their turn is available to lose)"; at Dismal (-4, the floor, the
    # inventory's PROPOSED scale) morale can decline no further, so that price is no price: it is not
    # offered, and choosing it is refused. Before, Vic "paid" a step of morale and kept -4.
    d = _duel()
    d.do("gm", "ruling", character="vic", text="his partner is taken", morale=-4)
    _with(d, "vic", Status.PAINED_PHYSICAL)
    d.do("ann", "attack", character="vic", target="brute", dice=[1])
    ask = d.prompt("ann", "pain")
    assert ask.question == (
        "Vic failed in pain: take a lesser wound or end the turn now (morale is as low as it goes)?"
    )
    assert [o.value for o in ask.options] == ["lesser_wound", "end_turn"]
    err = d.refuse("ann", "pain_choice", character="vic", choice="morale", rule="WD-STATUS-002")
    assert str(err) == "Vic's morale is as low as it goes: pay with a lesser wound or the rest of the turn."
    d.answer("ann", "pain-vic", "lesser_wound")
    assert [w.tier for w in d.state.people["vic"].track.wounds] == [WoundTier.LESSER]


@pytest.mark.rules("WD-STATUS-002", "WD-MORALE-001")
def test_r22_11_one_step_above_the_floor_the_three_prices_are_offered_in_plain_words() -> None:
    # src 822: at Dire (-3) a step is still there to lose: all three prices, said as a list.
    d = _duel()
    d.do("gm", "ruling", character="vic", text="bad news", morale=-3)
    _with(d, "vic", Status.PAINED_PHYSICAL)
    d.do("ann", "attack", character="vic", target="brute", dice=[1])
    ask = d.prompt("ann", "pain")
    assert (
        ask.question == "Vic failed in pain: lose a step of morale, take a lesser wound, or end the turn now?"
    )
    d.answer("ann", "pain-vic", "morale")
    assert d.state.people["vic"].morale == -4


# -- 6. ranged and melee: the ground provokes melee attacks (src 850) ---------------------------------------


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-015")
def test_r22_12_vic_rising_provokes_a_melee_strike_not_a_shot() -> None:
    # src 850: "Rising ... provokes melee attacks". Vic stands up: the Brute and the Thug are offered
    # the strike. The GM's shot for the Brute (Dexterity, not in melee) is refused in a sentence that
    # says why, his Focus untouched; the Brute's swing is taken: [5] + 2 = 7 vs DS 4, a hit.
    d = _vic_down()
    d.do("ann", "move", character="vic", feet=0, stand=True)
    focus = _focus(d, "brute")
    err = d.refuse(
        "gm",
        "attack",
        character="brute",
        target="vic",
        opportunity=True,
        melee=False,
        stat="dexterity",
        dice=[5],
        rule="WD-STATUS-009",
    )
    assert str(err) == (
        "Vic rising or acting from the ground provokes melee attacks: Brute strikes in melee, or lets it"
        " pass."
    )
    assert _focus(d, "brute") == focus
    d.answer("gm", "opportunity-brute", "strike", dice=[5])
    assert _focus(d, "brute") == focus - 1
    assert d.words("bob")[-1] == (
        "Brute attacks Vic (lesser bash) vs defense 4: [5] +2 = 7; 7 vs 4+: success; it hits; Vic may dodge"
        " or block."
    )


# -- 7. conditions together over turns: half the actions and the ground (src 766, 850) ------------------


@pytest.mark.rules("WD-COMBAT-016", "WD-STATUS-009", "WD-WFX-021")
def test_r22_13_knocked_down_on_half_actions_vic_spends_his_one_action_rising() -> None:
    # src 766 (Moderate Shock: "half the actions") with src 850 (rising takes a movement action): Vic
    # comes to round 2 on the ground with half his actions: one action, which standing up uses; a swing
    # after it is refused in words that say why (before: "Each turn has 2 actions and you have used
    # them", which a player on one action cannot make sense of).
    d = _duel()
    d.do("ann", "end_turn", character="vic")
    _with(d, "vic", Status.HALF_ACTIONS, Status.KNOCKED_DOWN)
    d.do("gm", "end_turn", character="brute")
    d.do("gm", "end_turn", character="thug")
    d.do("bob", "end_turn", character="bea")
    assert d.prompt("ann", "turn").question == "Round 2: Vic's turn, 1 action left."
    d.do("ann", "move", character="vic", feet=0, stand=True)
    d.do("gm", "let_pass", character="brute")
    d.do("gm", "let_pass", character="thug")
    err = d.refuse("ann", "attack", character="vic", target="brute", dice=[3], rule="WD-COMBAT-008")
    assert str(err) == "With half the actions this turn has one action, and it is used."
