"""Referee pass 15 over Weaverdice part 1 (``/work/shared/seeds/000_*.txt``, cited "src N"; the
combat layer is src 500-1010): interactions a table meets in one fight: a wound's stat loss and low
morale on one roll; gear dropped mid-fight; a dot exhausted last fight missing in this one; allies
adding to one lengthy check (Medical, a car to lift); a Delay that costs a place, not a round; a
pained failure bought back by a Stamina reroll or a morale step (no price owed, and who reads it);
the dice behind a pushed sprint; whose seat answers an effect. Each situation is written from the
seed and played through the table with given dice.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import DiceValueError, RuleViolation
from capeworks.systems.weaverdice.vocab import Pool, Stat
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.helpers import add, sheet, table


def _refused(d: Driver, seat: str, command: str, /, **fields: Any) -> RuleViolation:
    """``d.refuse`` (nothing changes) by the rules, not by a dice mismatch."""
    err = d.refuse(seat, command, **fields)
    assert not isinstance(err, DiceValueError), err.message
    assert isinstance(err, RuleViolation), err.message
    return err


def _hood_first(vic: dict[str, Any] | None = None, **more: Any) -> Driver:
    """Hood (a notable, the GM's) acts first on 6 + 6 = 12 against Vic (Ann's PC) on 1 + 6 = 7."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic"), **more)
    add(d, "gm", sheet("hood", "Hood", "notable"))
    d.do("gm", "start_combat", dice=[1, 6])
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "hood"
    return d


# -- wounds, stat loss, morale and conditions on one roll ---------------------------------------------


@pytest.mark.rules("WD-WFX-015", "WD-STAT-021", "WD-MORALE-002", "WD-CORE-001")
def test_a_bash_wounds_brawn_and_low_morale_caps_what_is_left_of_the_swing() -> None:
    # src 686: Moderate Bash 4-5 "Inflict Pain and -1 to Brawn, Athletics, or Guts, whichever is
    # highest": Vic's Brawn 5 is highest, so 4 (+1). src 455: low morale caps results "after
    # modifiers are added from stats": at -2 the cap is 5. Vic's swing 6 + 1 = 7, capped at 5 vs
    # Hood's DS 4: a hit all the same.
    d = _hood_first(sheet("vic", "Vic", brawn=5))
    d.do("gm", "attack", character="hood", target="vic", damage="bash", tier="moderate", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[4])
    d.answer("ann", "effect-vic-w1-negate", "none")
    assert d.state.sheet("vic").stat(Stat.BRAWN) == 4
    d.do("gm", "end_turn", character="hood")
    d.do("gm", "ruling", character="vic", text="Gloom", morale=-2)
    d.do("ann", "attack", character="vic", target="hood", dice=[6])
    assert d.words("ann")[-1] == (
        "Vic attacks Hood (lesser bash) vs defense 4: [6] +1 = 7, capped at 5 by low morale; "
        "5 vs 4+: success; it hits; Hood may dodge or block."
    )


# -- allies helping: one lengthy check, two hands -----------------------------------------------------


def _vic_out_cold() -> Driver:
    """Vic (Ann), Max (Bob), Doc (the GM's ally) and Hood in that order (12, 11, 10, 7); Vic is out
    cold from the start (the GM's ruling) and his empty turn passes."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("doc", "Doc", "notable"))
    add(d, "gm", sheet("hood", "Hood", "notable"))
    d.do("gm", "start_combat", dice=[6, 5, 4, 1])
    d.do("gm", "ruling", character="vic", text="Out cold", standing="unconscious")
    d.do("ann", "end_turn", character="vic")
    return d


@pytest.mark.rules("WD-WOUND-008", "WD-COMBAT-013", "WD-WOUND-010")
def test_two_allies_add_their_medical_rolls_to_one_total_and_rouse_vic_at_8() -> None:
    # src 569: lengthy actions "Often ... can be group efforts", rolls "all contribute to the total,
    # with multiple people potentially adding to this"; src 796: rousing is a lengthy Medical check to
    # 8. Max 4 + 0 + 0 = 4 (4 of 8), Doc 4 + 0 + 0 = 4: 8 of 8, Vic is up. Each roll of a lengthy
    # check is judged at the table's 4+ (as every other lengthy roll's words say), so a 4 reads as the
    # success it is, never "4 vs 8+: failure" beside "Vic is back up".
    d = _vic_out_cold()
    d.do("bob", "medical", character="max", patient="vic", dice=[4])
    assert d.words("bob")[-1] == "Max tends Vic (Medical): [4] = 4; 4 vs 4+: success; 4 of 8 so far."
    d.do("bob", "end_turn", character="max")
    d.do("gm", "medical", character="doc", patient="vic", dice=[4])
    assert d.words("ann")[-1] == "Doc tends Vic (Medical): [4] = 4; 4 vs 4+: success; Vic is back up."
    assert d.state.people["vic"].track.standing is Standing.UP


# -- gear in the fight: a dropped weight is no longer carried -----------------------------------------

_SLEDGE = {"name": "Sledge", "damage": "bash", "size": "large", "encumbrance": 3}


@pytest.mark.rules("WD-EQUIP-006", "WD-WFX-011", "WD-STATUS-016", "WD-STAT-008")
def test_knocked_loose_of_his_heavy_sledge_vic_moves_his_full_30_ft_again() -> None:
    # src 1021: encumbrance capacity = Brawn; over it "-1 to Ath, -1 to Dex, and a further -5' to
    # total movement": Vic (Brawn 2) with the 3-encumbrance sledge moves 30 - 5 - 5 = 20 ft. src 658:
    # Lesser Bash 5 "Target drops held item/weapon": the sledge lies on the ground, carried no more:
    # Athletics and Dexterity 3 again, 30 ft a move. Picking it back up (a standard action) loads him
    # again: Dexterity 2.
    d = _hood_first({**sheet("vic", "Vic", brawn=2), "held": [_SLEDGE]})
    assert d.state.sheet("vic").movement == 20
    d.do("gm", "attack", character="hood", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])
    d.answer("ann", "effect-vic-w1-negate", "none")
    assert d.words("bob")[-1] == "Vic drops the Sledge."
    d.do("gm", "end_turn", character="hood")
    d.do("ann", "move", character="vic", feet=30)
    assert d.state.sheet("vic").stat(Stat.DEXTERITY) == 3
    d.do("ann", "pick_up", character="vic", item="Sledge")
    assert d.state.sheet("vic").stat(Stat.DEXTERITY) == 2
    assert d.state.sheet("vic").movement == 20


# -- effort: a dot exhausted last fight is missing in this one ----------------------------------------


@pytest.mark.rules("WD-EFFORT-009", "WD-EFFORT-010", "WD-COMBAT-019", "WD-COMBAT-034")
def test_a_focus_dot_exhausted_after_the_first_fight_leaves_two_dodges_in_the_second() -> None:
    # src 398: after an encounter "players recover all spent dots of effort except one of their
    # choice, which becomes exhausted ... lowers the maximum number of dots in that category by one
    # until their next full night of sleep". Vic (Wits 3: 3 Focus) dodges once and exhausts Focus at
    # the lull: 2 Focus in the next fight. Hood's full attack (two swings): Vic dodges both (6 vs 5);
    # a rest gives back 1 Focus (src 1004), and no more than the 2 the day has left: Focus is
    # spent 2, then 1; Hood's next hit offers one more dodge.
    d = _hood_first()
    d.do("gm", "attack", character="hood", target="vic", dice=[5])
    d.answer("ann", "react-vic", "dodge", dice=[6])
    d.do("gm", "end_combat")
    d.do("ann", "exhaust", character="vic", pool="focus")
    d.do("gm", "start_combat", dice=[1, 6])
    d.do("gm", "attack", character="hood", target="vic", full=True, dice=[5])
    d.answer("ann", "react-vic", "dodge", dice=[6])
    d.do("gm", "attack", character="hood", target="vic", dice=[5])
    d.answer("ann", "react-vic", "dodge", dice=[6])
    effort = d.state.people["vic"].effort
    assert (effort.spent[Pool.FOCUS], effort.exhausted[Pool.FOCUS]) == (2, 1)
    d.do("gm", "end_turn", character="hood")
    d.do("ann", "rest", character="vic", restore=["focus"], dice=[1])
    assert d.state.people["vic"].effort.spent[Pool.FOCUS] == 1
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "attack", character="hood", target="vic", dice=[5])
    d.answer("ann", "react-vic", "dodge", dice=[6])
    assert d.state.people["vic"].effort.spent[Pool.FOCUS] == 2
    assert d.state.people["vic"].track.wounds == ()


@pytest.mark.rules("WD-EFFORT-009", "WD-COMBAT-019", "WD-EFFORT-004")
def test_with_both_day_focus_dots_spent_the_third_hit_lands_with_no_dodge_offered() -> None:
    # as above: after the exhausted dot, Vic's 2 Focus go on two dodges; the third hit (5 vs DS 4)
    # lands at once with its effect die (1: knocked back 5 ft): no reaction prompt, a dodge refused
    d = _hood_first()
    d.do("gm", "attack", character="hood", target="vic", dice=[5])
    d.answer("ann", "react-vic", "dodge", dice=[6])
    d.do("gm", "end_combat")
    d.do("ann", "exhaust", character="vic", pool="focus")
    d.do("gm", "start_combat", dice=[1, 6])
    d.do("gm", "attack", character="hood", target="vic", full=True, dice=[5])
    d.answer("ann", "react-vic", "dodge", dice=[6])
    d.do("gm", "attack", character="hood", target="vic", dice=[5])
    d.answer("ann", "react-vic", "dodge", dice=[6])
    d.do("gm", "end_turn", character="hood")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "attack", character="hood", target="vic", dice=[5, 1])
    assert not any(p.kind == "reaction" for p in d.prompts("ann"))
    assert len(d.state.people["vic"].track.wounds) == 1


# -- whose seat answers ------------------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-005", "WD-WFX-004")
def test_bob_cannot_answer_the_effect_decision_that_is_vics() -> None:
    # src 616/690: the target decides whether a Recovery dot ignores an effect: the prompt is Ann's
    # alone; Bob's answer for Vic is refused, nothing changed, and Bob has no prompt to answer. Bob
    # reads the outcome once Ann decides (Lesser Bash 5: Vic drops the sledge).
    d = _hood_first({**sheet("vic", "Vic", brawn=2), "held": [_SLEDGE]})
    d.do("gm", "attack", character="hood", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])
    d.refuse("bob", "effect_choice", character="vic", key="negate", picks=["recovery"])
    assert d.prompts("bob") == []
    d.answer("ann", "effect-vic-w1-negate", "none")
    assert d.words("bob")[-2:] == ["Lesser bash effect on Vic (rolled 5): disarmed.", "Vic drops the Sledge."]


# -- conditions ending: a Delay costs a place, not a round --------------------------------------------


@pytest.mark.rules("WD-STATUS-010", "WD-WFX-011", "WD-COMBAT-007")
def test_delayed_by_the_first_foe_vic_acts_after_the_last_foe_of_the_same_round() -> None:
    # src 854: Delayed puts "the delayed individual after the enemy or group of enemies who would
    # otherwise act next". Order Hood 12, Vic 11, Max 10 (Bob's), the thug 9. Hood's fist (6 vs DS 4)
    # rolls Lesser Bash 6 (src 660: "Inflict Delay, 1 focus loss"): the enemy next after Vic is the
    # thug, last in round 1, so Vic acts after the thug, still in round 1. Hood, first in round 2, is
    # not of the thug's group (the round's list ends between them): Vic's round-1 turn is not lost.
    d = table()
    add(d, "gm", sheet("hood", "Hood", "notable"))
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6, 5, 4])
    d.do("gm", "attack", character="hood", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[6])
    d.answer("ann", "effect-vic-w1-negate", "none")
    d.do("gm", "end_turn", character="hood")
    d.do("bob", "end_turn", character="max")
    d.do("gm", "end_turn", character="thug")
    fight = d.state.fight
    assert fight is not None and fight.turn is not None
    assert (fight.turn.actor, fight.order.round) == ("vic", 1)
    assert fight.order.order == ("hood", "max", "thug", "vic")
    d.do("ann", "end_turn", character="vic")
    assert (d.state.fight.turn.actor, d.state.fight.order.round) == ("hood", 2)


# -- stress: a failure bought back owes pain no price -------------------------------------------------


def _vic_in_pain(morale: int = 0) -> Driver:
    """Hood's club (Moderate Bash 4: pain, -1 to Vic's highest stat, Brawn 5) leaves Vic in physical
    pain on his own turn (src 686); ``morale``: Vic's, as the GM rules it then."""
    d = _hood_first(sheet("vic", "Vic", brawn=5))
    d.do("gm", "attack", character="hood", target="vic", damage="bash", tier="moderate", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[4])
    d.answer("ann", "effect-vic-w1-negate", "none")
    d.do("gm", "end_turn", character="hood")
    if morale:
        d.do("gm", "ruling", character="vic", text="Riding high", morale=morale)
    return d


@pytest.mark.rules("WD-STATUS-002", "WD-STATUS-003", "WD-CORE-009", "WD-EFFORT-003")
def test_a_pained_climb_rerolled_with_stamina_into_a_success_owes_no_price() -> None:
    # src 822: pain's price is owed "on a failure"; src 376: Stamina "Make[s] a reroll for a physical
    # action" and the new roll stands. Vic in physical pain climbs (Athletics 4+): 2 + 0 = 2 fails,
    # the price is owed; he rerolls with Stamina: 5 = 5, a success: the failure no longer stands, so
    # neither does its price, and his turn goes on (a move is taken at once).
    d = _vic_in_pain()
    d.do("gm", "call_check", character="vic", stat=["athletics"], tn=4, task="climb the fence")
    d.do("ann", "check", character="vic", call=1, dice=[2])
    assert "vic" in d.state.pain_owed
    d.do("ann", "reroll", character="vic", dice=[5])
    assert d.state.pain_owed == {}
    assert d.words("bob")[-1] == "Vic's roll holds after all: no price is owed for the pain."
    d.do("ann", "move", character="vic", feet=10)
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-STATUS-002", "WD-CORE-009")
def test_a_pained_climb_rerolled_into_another_failure_still_owes_one_price() -> None:
    # the same climb rerolled into 3 + 0 = 3: still a failure, one price (src 822), as Ann chooses it
    d = _vic_in_pain()
    d.do("gm", "call_check", character="vic", stat=["athletics"], tn=4, task="climb the fence")
    d.do("ann", "check", character="vic", call=1, dice=[2])
    d.do("ann", "reroll", character="vic", dice=[3])
    assert "vic" in d.state.pain_owed
    d.do("ann", "pain_choice", character="vic", choice="morale")
    assert d.state.pain_owed == {} and d.state.people["vic"].morale == -1


@pytest.mark.rules("WD-STATUS-002", "WD-MORALE-003")
def test_a_pained_miss_bought_up_with_great_morale_hits_and_owes_no_price() -> None:
    # src 459-463 (Tankspanker "fails, and decides he doesn't want to live with those consequences, so
    # he draws on morale ... instead takes an automatic 4"): at morale +2 a step counts the roll as 4.
    # Vic's swing in pain: 1 + 1 = 2 misses Hood's DS 4 and owes pain's price; the step makes it a 4,
    # a hit Hood may dodge: the consequence of the failure, the price, is gone with it.
    d = _vic_in_pain(morale=2)
    d.do("ann", "attack", character="vic", target="hood", dice=[1])
    assert "vic" in d.state.pain_owed
    d.do("ann", "spend_morale", character="vic")
    assert d.state.pain_owed == {}
    assert any(p.kind == "reaction" for p in d.prompts("gm"))
    assert d.state.people["vic"].morale == 1


@pytest.mark.rules("WD-STATUS-002", "WD-MORALE-003", "WD-CORE-001")
def test_a_pained_check_set_to_4_by_a_morale_step_owes_no_price() -> None:
    # the same for a called check: Athletics 4+, 2 + 0 = 2 fails in pain; a step of great morale
    # (src 463) counts it as 4, a success: no price owed, morale one step lower (+1)
    d = _vic_in_pain(morale=2)
    d.do("gm", "call_check", character="vic", stat=["athletics"], tn=4, task="climb the fence")
    d.do("ann", "check", character="vic", call=1, dice=[2])
    d.do("ann", "spend_morale", character="vic")
    assert d.state.pain_owed == {}
    assert d.state.people["vic"].morale == 1


@pytest.mark.rules("WD-STATUS-002", "WD-MORALE-003", "WD-COMBAT-032")
def test_a_pained_rest_bought_up_with_morale_sheds_the_pain_and_owes_no_price() -> None:
    # src 1004: a rest rolls Guts to heal a simple condition (the table's 4+); src 822: a failed roll
    # in pain owes a price. Vic rests to shed his physical pain: Guts 3, [1] = 1 fails, a price owed;
    # a step of great morale (src 463) counts it as 4: the rest holds, the pain is shed, no price.
    d = _vic_in_pain(morale=2)
    d.do("ann", "rest", character="vic", remove=["pained_physical"], dice=[1])
    assert "vic" in d.state.pain_owed
    d.do("ann", "spend_morale", character="vic")
    assert d.state.pain_owed == {}
    assert "pained_physical" not in [c.name for c in d.state.people["vic"].conditions]


@pytest.mark.rules("WD-STATUS-002", "WD-CORE-009", "WD-CORE-003")
def test_a_secret_pained_checks_price_spared_by_a_reroll_is_told_to_the_gm_and_ann_only() -> None:
    # src 822 with a check the GM calls in secret: the price owed was told to the GM and Ann (who must
    # choose it), never Bob, who saw only that the GM made a roll; the reroll's success (src 376) that
    # spares it is as secret: Ann reads that no price is owed, Bob reads nothing of it.
    d = _vic_in_pain()
    d.do("gm", "call_check", character="vic", stat=["athletics"], tn=4, task="climb", hidden=True)
    d.do("ann", "check", character="vic", call=1, dice=[2])
    d.do("ann", "reroll", character="vic", dice=[5])
    spared = "Vic's roll holds after all: no price is owed for the pain."
    assert spared in d.words("ann") and spared in d.words("gm")
    assert not any("price" in w for w in d.words("bob"))
    assert d.state.pain_owed == {} and d.state.pain_veiled == ()


@pytest.mark.rules("WD-STATUS-002", "WD-MORALE-003", "WD-NPC-003")
def test_a_hidden_npcs_pained_miss_bought_up_keeps_its_spared_price_behind_the_screen() -> None:
    # src 302 (the GM handwaves a notable's inner workings) with src 822 and 463: Hood, hidden, in
    # physical pain from Vic's club (the GM sets Moderate Bash for Vic's attack: effect 4, -1 to
    # Hood's highest, Brawn 5), misses Vic on 1 + 1 = 2; the GM spends a step of Hood's great morale
    # (4: a hit). The players read the hit, never that a price was owed or spared.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("hood", "Hood", "notable", brawn=5), hidden=True, morale=2)
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("gm", "attack", character="vic", target="hood", damage="bash", tier="moderate", dice=[6])
    d.answer("gm", "react-hood", "take", dice=[4])
    d.do("gm", "effect_choice", character="hood", key="negate", picks=[])
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "attack", character="hood", target="vic", dice=[1])
    assert "hood" in d.state.pain_owed
    d.do("gm", "spend_morale", character="hood")
    assert d.state.pain_owed == {}
    assert "Hood's roll holds after all: no price is owed for the pain." in d.words("gm")
    for seat in ("ann", "bob"):
        assert not any("price" in w for w in d.words(seat))


@pytest.mark.rules("WD-CORE-006", "WD-COMBAT-013")
def test_max_and_vic_lift_the_car_together_on_one_lengthy_total() -> None:
    # src 569: "Lifting up the end of a car" is a group effort: rolls "all contribute to the total,
    # with multiple people potentially adding to this". The GM calls Vic's Brawn to a total of 12;
    # Max joins: 5 + 0 = 5 (5 of 12), Vic 5 + 1 = 6 (11 of 12), Vic 2 + 1 = 3 (14: done, the call
    # closed). A plain 4+ call for Vic is his alone: Max's roll on it is refused.
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=4))
    add(d, "bob", sheet("max", "Max"))
    d.do("gm", "call_check", character="vic", stat=["brawn"], dc=12, task="lift the car")
    d.do("bob", "check", character="max", call=1, dice=[5])
    d.do("ann", "check", character="vic", call=1, dice=[5])
    assert d.words("bob")[-1].endswith("[5] +1 = 6; 6 vs 4+: success; 11 of 12 so far.")
    d.do("ann", "check", character="vic", call=1, dice=[2])
    assert d.words("bob")[-1].endswith("[2] +1 = 3; 3 vs 4+: failure; 14 of 12: done.")
    assert d.state.calls == {} and d.state.lengthy == {}
    d.do("gm", "call_check", character="vic", stat=["brawn"], tn=5, task="bend the bars")
    _refused(d, "bob", "check", character="max", call=2, dice=[6])


# -- movement: what a player reads of a sprint --------------------------------------------------------


@pytest.mark.rules("WD-MOVE-005", "WD-MOVE-006", "WD-MOVE-007", "WD-EQUIP-006")
def test_an_over_encumbered_sprint_pushed_with_stamina_says_its_dice_and_stops_at_the_cap() -> None:
    # src 890: a sprint rolls Athletics, +5 ft on 4+, +10 on 6+, never past 2.5x the baseline; src 378:
    # a Stamina push adds 1d3 x 5 ft, doubled when sprinting; src 1021: over-encumbered, -1 Athletics
    # and a further -5 ft. Vic (Brawn 2) with the 3-encumbrance sledge: 20 ft a move, a cap of 50.
    # Asking 55 is refused before any die; 50: [6] - 1 = 5 (+5: 45), push d3 3 (+30): 75, held to
    # 50. The words say the dice behind the feet, as a player at the table hears them called out.
    d = _hood_first({**sheet("vic", "Vic", brawn=2), "held": [_SLEDGE]})
    d.do("gm", "end_turn", character="hood")
    _refused(d, "ann", "move", character="vic", feet=55, sprint=True, push=True, dice=[6, 3])
    d.do("ann", "move", character="vic", feet=50, sprint=True, push=True, dice=[6, 3])
    assert (
        d.words("bob")[-1]
        == "Vic sprints 50 ft (Athletics [6] -1 = 5; 5 vs 4+: success; Stamina push d3: 3)."
    )
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.moved == 50


@pytest.mark.rules("WD-STATUS-002", "WD-MORALE-003", "WD-MOVE-005")
def test_a_pained_sprint_roll_bought_up_with_morale_carries_further_and_owes_no_price() -> None:
    # src 890 with src 822 and 463: Vic in pain sprints, asking 65 ft: [2] = 2 misses 4+, the dice
    # carry 60 and a price is owed; a step of great morale counts it as 4: +5 ft, 65 in all, the roll
    # a success after all, so no price is owed.
    d = _vic_in_pain(morale=2)
    d.do("ann", "move", character="vic", feet=65, sprint=True, dice=[2])
    assert "vic" in d.state.pain_owed
    d.do("ann", "spend_morale", character="vic")
    assert d.state.pain_owed == {}
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.moved == 65
