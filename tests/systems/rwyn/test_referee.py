"""A referee's pass over Roll When You Need: situations written from the seed, played through the table.

Each test is one situation with given dice and the outcome the seed requires,
citing the seed line ("src N" = line N of seeds/001_dcffe7bdc60b80e1.txt);
where the seed is silent the inventory's PROPOSED decision is followed and cited.
"""

from __future__ import annotations

import pytest

from capeworks.errors import CapeworksError
from capeworks.systems.rwyn.sheet import Consequence, Standing, Track
from capeworks.systems.rwyn.tables import ACCOMPLISH
from tests.systems.rwyn.helpers import do, last, state, table, types

ADA = {"ada": {"abilities": "Science:3, Stealth:2, Devices:4, Wealth:4, Reputation:2, Endurance:3, Poise:2"}}


def _check(events):  # type: ignore[no-untyped-def]
    return last(events, "check_resolved")["check"]


@pytest.mark.rules("RWYN-POOL-003", "RWYN-POOL-006")
def test_check__ability_equal_to_difficulty_rolls_no_disaster_dice() -> None:
    # src 7: "equal to or greater than the difficulty you roll normally": Science 3 vs 3, [4, 4, 4]
    # -> no success, a failure, and no disaster die rolled
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=3, dice=[4, 4, 4]))
    assert (c["success"], c["plan"]["disaster_nominal"], c["disaster_faces"] or []) == (False, 0, [])


@pytest.mark.rules("RWYN-POOL-004", "RWYN-POOL-005")
def test_check__disaster_successes_do_not_stop_the_success() -> None:
    # src 9: "Successes on the disaster dice cause problems, tho you may succeed anyway":
    # Stealth 2 vs 3 -> one disaster die; [5, 2] then disaster [6] -> success with 1 complication
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Stealth", difficulty=3, dice=[5, 2, 6]))
    assert (c["success"], c["disaster_successes"]) == (True, 1)


@pytest.mark.rules("RWYN-POOL-004")
def test_check__disaster_dice_equal_the_difference() -> None:
    # src 9: "disaster dice equal to the difference": Stealth 2 vs 5 -> 3 disaster dice (no success
    # to sacrifice, so they are rolled at once)
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Stealth", difficulty=5, dice=[2, 2, 1, 3, 4]))
    assert (c["plan"]["disaster_nominal"], c["disaster_faces"]) == (3, [1, 3, 4])


@pytest.mark.rules("RWYN-POOL-002", "RWYN-POOL-004")
def test_check__an_ability_of_zero_rolls_only_disaster_dice() -> None:
    # PROPOSED (POOL-002 OPEN): Ada has no Athletics (0) vs 2 -> 0 ability dice, 2 disaster dice,
    # a failure
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Athletics", difficulty=2, dice=[5, 1]))
    assert (c["success"], c["successes"], len(c["disaster_faces"])) == (False, 0, 2)


@pytest.mark.rules("RWYN-SAC-004", "RWYN-SAC-002", "RWYN-POOL-006")
def test_sacrifice__all_successes_may_go_and_the_task_fails() -> None:
    # src 13 + PROPOSED (SAC-004 OPEN): Stealth 2 vs 4 -> 2 disaster dice; [5, 2] = 1 success;
    # sacrificing it leaves 1 disaster die and no success: a failure
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Stealth", difficulty=4, dice=[5, 2])
    c = _check(do(t, "ann", "sacrifice", check=1, count=1, dice=[3]))
    assert (c["kept"], c["success"], c["disaster_faces"]) == (0, False, [3])


@pytest.mark.rules("RWYN-SAC-003", "RWYN-SAC-004")
def test_sacrifice__never_the_last_disaster_die() -> None:
    # src 13: "You cannot eliminate the last disaster die": Devices 4 vs 5 -> 1 disaster die;
    # [5, 5, 6, 2] = 3 successes, nothing may be sacrificed; the disaster die comes with the roll
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Devices", difficulty=5, dice=[5, 5, 6, 2, 1]))
    assert (c["max_sacrifice"], c["disaster_faces"], c["kept"]) == (0, [1], 3)


@pytest.mark.rules("RWYN-EFFECT-001", "RWYN-SAC-002")
def test_effects__one_per_kept_success_first_accomplish() -> None:
    # src 11 + 13: Science 3 vs 5: [6, 5, 5] = 3; sacrifice 1 -> 2 kept -> 2 effects, the first
    # "I accomplish the task"; the player picks one more
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 5])
    c = _check(do(t, "ann", "sacrifice", check=1, count=1, dice=[2]))
    assert (c["kept"], c["effects_needed"]) == (2, 2)
    with pytest.raises(CapeworksError):
        do(t, "ann", "effects", check=1, picks=["quickly", "quietly"])  # one too many
    events = do(t, "ann", "effects", check=1, picks=["quickly"])
    assert last(events, "effects_chosen")["check"]["effects"] == [ACCOMPLISH, "quickly"]


@pytest.mark.rules("RWYN-MIX-001")
@pytest.mark.parametrize(
    ("dice", "mixed"), [([5, 1, 2], False), ([5, 1, 1], True), ([2, 3, 1], True), ([2, 3, 4], False)]
)
def test_mixed__more_ones_than_successes(dice: list[int], mixed: bool) -> None:
    # src 15: "more 1s than successes": one 1 vs one success is not; two is; a failure with a 1 is
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=3, dice=dice))
    assert c["mixed"] is mixed


@pytest.mark.rules("RWYN-MIX-001")
def test_mixed__successes_before_sacrifice_count() -> None:
    # PROPOSED (MIX-001 OPEN b): Science 3 vs 5: [5, 5, 1] -> 2 successes vs one 1: not mixed, even
    # after sacrificing one (kept 1 vs one 1 would not be mixed either); [5, 1, 1] -> mixed
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[5, 5, 1])
    c = _check(do(t, "ann", "sacrifice", check=1, count=1, dice=[2]))
    assert c["mixed"] is False


@pytest.mark.rules("RWYN-POOL-007", "RWYN-POOL-008", "RWYN-MIX-001")
def test_cap__thirteen_dice_roll_ten_with_one_automatic_success() -> None:
    # src 43: 13 dice -> 10 and one automatic success (the odd die is lost); [1]*2 + [2]*8: the auto
    # success makes it a success and, 2 ones > 1 success, a mixed one (PROPOSED: autos count)
    t = table({"ability_max": 20}, characters={"x": {"abilities": "Melee:13"}})
    c = _check(do(t, "gm", "check", character="x", ability="Melee", difficulty=3, dice=[1, 1] + [2] * 8))
    assert (c["successes"], c["success"], c["mixed"]) == (1, True, True)


@pytest.mark.rules("RWYN-ABIL-007")
def test_wealth__over_reach_cannot_go_below_zero() -> None:
    # src 27: "each disaster die success reduces their Wealth by one"; PROPOSED floor 0:
    # Wealth 1 (after set), cost 4 -> 3 disaster dice; [5] then no sacrifice, [6, 6, 6] -> Wealth 0
    t = table(characters={"x": {"abilities": "Wealth:1"}})
    do(t, "ann", "buy", character="x", cost=4, dice=[5])
    events = do(t, "ann", "sacrifice", check=max(state(t).checks), count=0, dice=[6, 6, 6])
    assert state(t).characters["x"].rating("Wealth") == 0
    assert "purchased" in types(events)


@pytest.mark.rules("RWYN-ABIL-010", "RWYN-ABIL-007")
def test_reputation__over_reach_loses_reputation_not_wealth() -> None:
    # src 29: Reputation is treated "much the same": Reputation 2, favour 3 -> 1 disaster die;
    # [5, 2] then [5] -> Reputation 1, Wealth untouched
    t = table(characters=ADA)
    do(t, "ann", "favour", character="ada", cost=3, dice=[5, 2, 5])
    ada = state(t).characters["ada"]
    assert (ada.rating("Reputation"), ada.rating("Wealth")) == (1, 4)


@pytest.mark.rules("RWYN-ABIL-006")
def test_wealth__at_wealth_rolls_no_disaster_dice_even_on_a_failure() -> None:
    # src 27: at Wealth "make a check ... as per normal": Wealth 4, cost 4, [1, 2, 3, 4] -> no
    # purchase, and no Wealth lost (there are no disaster dice)
    t = table(characters=ADA)
    events = do(t, "ann", "buy", character="ada", cost=4, dice=[1, 2, 3, 4])
    assert "purchased" not in types(events)
    assert state(t).characters["ada"].rating("Wealth") == 4


@pytest.mark.rules("RWYN-STRESS-002", "RWYN-STRESS-001")
def test_stress__filling_the_track_exactly_is_no_consequence() -> None:
    # src 21: consequences come when "stress is filled" and more arrives (PROPOSED): Endurance 3,
    # 3 stress -> absorbed; one more -> the first (minor) consequence is asked
    t = table(characters=ADA)
    assert (
        last(do(t, "gm", "stress", character="ada", track="physical", amount=3), "stress_taken")["result"]
        == "absorbed"
    )
    events = do(t, "gm", "stress", character="ada", track="physical", amount=1)
    assert last(events, "stress_taken")["result"] == "overflow"
    do(t, "ann", "consequence", character="ada")
    assert set(state(t).characters["ada"].consequences) == {Consequence.MINOR}


@pytest.mark.rules("RWYN-STRESS-002")
def test_stress__the_ladder_is_shared_by_both_tracks() -> None:
    # PROPOSED (STRESS-002 OPEN): one ladder per character: a physical overflow takes the minor,
    # the next (mental) overflow the moderate
    t = table(characters=ADA)
    do(t, "gm", "stress", character="ada", track="physical", amount=4)
    do(t, "ann", "consequence", character="ada")
    do(t, "gm", "stress", character="ada", track="mental", amount=3)
    events = do(t, "ann", "consequence", character="ada")
    assert last(events, "consequence_taken")["severity"] == "moderate"
    assert state(t).characters["ada"].stress[Track.PHYSICAL] == 0  # the overflowing track cleared


@pytest.mark.rules("RWYN-STRESS-003")
def test_stress__taken_out_instead_of_a_consequence() -> None:
    # src 21: "A character can avoid a consequence by being 'taken out'"
    t = table(characters=ADA)
    do(t, "gm", "stress", character="ada", track="mental", amount=3)
    do(t, "ann", "consequence", character="ada", choice="taken_out")
    ada = state(t).characters["ada"]
    assert not ada.consequences
    assert ada.standing is Standing.OUT_BY_CHOICE


@pytest.mark.rules("RWYN-GEN-003")
def test_only_players_roll__the_gm_rolls_for_no_character_of_their_own() -> None:
    # src 17: "Players roll all the dice. An enemy's 'moves' have difficulties instead." An NPC the
    # GM keeps does not roll a check.
    t = table(characters={"thug": {"abilities": "Brawling:3", "owner": "gm"}})
    with pytest.raises(CapeworksError):
        do(t, "gm", "check", character="thug", ability="Brawling", difficulty=2, dice=[5, 5, 5])


@pytest.mark.rules("RWYN-ABIL-007")
def test_wealth__a_failed_over_reach_still_costs_wealth() -> None:
    # src 27: on an attempt above Wealth "each disaster die success reduces their Wealth by one,
    # permanently" -- success or not. Wealth 2 (set), cost 3 -> 1 disaster die; [2, 3] fails (no
    # success to sacrifice, the die is rolled at once): [6] -> Wealth 1, nothing bought
    t = table(characters={"x": {"abilities": "Wealth:2"}})
    events = do(t, "ann", "buy", character="x", cost=3, dice=[2, 3, 6])
    assert "purchased" not in types(events)
    assert state(t).characters["x"].rating("Wealth") == 1


@pytest.mark.rules("RWYN-POOL-001", "RWYN-GEN-003")
def test_difficulty__impossible_six_only_by_the_gm() -> None:
    # src 47 "Impossible 6+" beyond the 1-5 of src 7; PROPOSED (POOL-001 OPEN): only the GM sets it
    t = table(characters=ADA)
    with pytest.raises(CapeworksError):
        do(t, "ann", "check", character="ada", ability="Science", difficulty=6, dice=[5, 5, 5])
    do(t, "gm", "call_check", character="ada", ability="Science", difficulty=6)
    c = _check(do(t, "ann", "check", call=1, dice=[2, 2, 2, 1, 1, 1]))  # no success: rolled at once
    assert c["plan"]["disaster_nominal"] == 3


@pytest.mark.rules("RWYN-CRIT-001")
def test_critical__the_player_not_the_gm_chooses_what_turns() -> None:
    # src 5: "Crit fail & sux has PC choose place, person, or circumstance": every die a success
    # (PROPOSED preset) -> the prompt is the player's
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Stealth", difficulty=2, dice=[5, 6])
    prompts = [p for p in t.table.prompts() if p.kind == "critical"]
    assert [p.seat for p in prompts] == ["ann"]


# -- refwork pass: the lines earlier passes cited least ---------------------------------------------------


@pytest.mark.rules("RWYN-GEN-002")
def test_dice__fives_and_sixes_succeed_fours_do_not() -> None:
    # src 3: "Roll d6s. 5s & 6s are counted as successes": Science 3 vs 3, [4, 5, 6] -> 2 successes.
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=3, dice=[4, 5, 6]))
    assert (c["successes"], c["success"]) == (2, True)


@pytest.mark.rules("RWYN-POOL-007")
def test_cap__nineteen_dice_roll_ten_and_four_automatic_successes() -> None:
    # src 43: "if you'd roll 19 dice you instead roll 10 and pick up 4 extra successes": [5, 2 x 9] -> 1 + 4.
    t = table({"ability_max": 20}, characters={"x": {"abilities": "Melee:19"}})
    c = _check(do(t, "gm", "check", character="x", ability="Melee", difficulty=3, dice=[5] + [2] * 9))
    assert c["successes"] == 5


@pytest.mark.rules("RWYN-POOL-003")
def test_check__ability_above_difficulty_needs_only_one_success() -> None:
    # src 7: "equal to or greater than the difficulty you roll normally, looking for one success at least":
    # Devices 4 vs 2, [5, 1, 2, 3] -> one success is enough, no disaster dice.
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Devices", difficulty=2, dice=[5, 1, 2, 3]))
    assert (c["success"], c["plan"]["disaster_nominal"]) == (True, 0)


@pytest.mark.rules("RWYN-SAC-001", "RWYN-SAC-002")
def test_sacrifice__the_seeds_own_example() -> None:
    # src 13: "you have 3 in an ability, the difficulty is 5. You roll 2 successes on 3 dice, and spend one
    # to eliminate a disaster die, leaving only one to be rolled against you": Science 3 vs 5, [5, 6, 2];
    # sacrifice 1 -> one disaster die [6]: 1 kept success (a success) and 1 disaster success.
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[5, 6, 2])
    c = _check(do(t, "ann", "sacrifice", check=1, count=1, dice=[6]))
    assert (c["kept"], c["success"], c["disaster_faces"], c["disaster_successes"]) == (1, True, [6], 1)


@pytest.mark.rules("RWYN-STRESS-001")
def test_stress__the_mental_track_is_poise_long() -> None:
    # src 19: "their mental stress is equal to their Poise": Poise 2 absorbs 2; a third point overflows.
    t = table(characters=ADA)
    r = last(do(t, "gm", "stress", character="ada", track="mental", amount=2), "stress_taken")
    assert r["result"] == "absorbed"
    assert last(do(t, "gm", "stress", character="ada", track="mental", amount=1), "stress_taken")[
        "result"
    ] == ("overflow")


@pytest.mark.rules("RWYN-STRESS-002", "RWYN-STRESS-004")
def test_stress__minor_moderate_major_then_taken_out() -> None:
    # src 21: "The first is a minor consequence. The second is a moderate consequence. The third is a major
    # consequence ... If a character takes a fourth consequence they are automatically taken out".
    t = table(characters=ADA)
    seen = []
    for _ in range(3):
        do(t, "gm", "stress", character="ada", track="physical", amount=4)  # Endurance 3: overflow
        seen.append(last(do(t, "ann", "consequence", character="ada"), "consequence_taken")["severity"])
    assert seen == ["minor", "moderate", "major"]
    # the fourth overflow still asks (taken out by choice avoids it, referee6); accepted: out for good
    do(t, "gm", "stress", character="ada", track="physical", amount=4)
    events = do(t, "ann", "consequence", character="ada")
    assert last(events, "taken_out")["by_choice"] is False
    assert state(t).characters["ada"].standing is Standing.OUT_FOR_GOOD


@pytest.mark.rules("RWYN-ABIL-004", "RWYN-ABIL-005")
@pytest.mark.parametrize("cost", [0, 2, 3])
def test_wealth__below_wealth_is_bought_without_a_roll(cost: int) -> None:
    # src 27: "can buy, without trouble, anything that has a cost less than their Wealth": Wealth 4, cost 3
    # (limited quantities) or 2 and less (without restriction): bought, nothing rolled.
    t = table(characters=ADA)
    events = do(t, "ann", "buy", character="ada", cost=cost)
    assert "purchased" in types(events) and "check_resolved" not in types(events)
    assert state(t).characters["ada"].rating("Wealth") == 4


@pytest.mark.rules("RWYN-MIX-001", "RWYN-MIX-002")
def test_mixed__a_mixed_failure_asks_for_its_silver_lining() -> None:
    # src 15: "If it's a failure (no successes) then there's some silver lining": Science 3 vs 3, [1, 1, 2]:
    # no success, two 1s -> mixed; the table asks for the silver lining.
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=3, dice=[1, 1, 2]))
    assert (c["success"], c["mixed"]) == (False, True)
    assert "mixed" in [p.kind for p in t.table.prompts()]


@pytest.mark.rules("RWYN-CRIT-001")
def test_critical__a_critical_failure_is_the_players_choice_too() -> None:
    # src 5: "Crit fail & sux has PC choose place, person, or circumstance: that thing goes good or bad";
    # PROPOSED: every ability die a 1 is a critical failure: [1, 1, 1] -> the player's prompt.
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=3, dice=[1, 1, 1])
    assert [p.seat for p in t.table.prompts() if p.kind == "critical"] == ["ann"]


@pytest.mark.rules("RWYN-DESIGN-005")
@pytest.mark.parametrize(
    ("ability", "time", "ok"), [("Science", 1, True), ("Science", 2, False), ("Devices", 2, True)]
)
def test_time__automatic_successes_need_twice_the_ability(ability: str, time: int, ok: bool) -> None:
    # src 53: "if you take your time you can pick up one auto-success, if you take a lot of time you can get
    # two; you must have an ability of 2x the # of auto-sux you're seeking": Science 3 may seek 1 (not 2),
    # Devices 4 may seek 2; no die a success, so the successes are the automatic ones.
    t = table({"time_auto_successes": True}, characters=ADA)
    dice = [2] * (3 if ability == "Science" else 4)
    if not ok:
        with pytest.raises(CapeworksError):
            do(t, "ann", "check", character="ada", ability=ability, difficulty=3, time=time, dice=dice)
        return
    c = _check(do(t, "ann", "check", character="ada", ability=ability, difficulty=3, time=time, dice=dice))
    assert (c["successes"], c["success"]) == (time, True)


@pytest.mark.rules("RWYN-GEN-003")
def test_enemy_move__a_failed_defence_takes_the_harm_and_a_point_per_disaster_success() -> None:
    # src 17: "An enemy's 'moves' have difficulties instead": the GM sets Stealth vs 4 with harm 2; the
    # player rolls [2, 2] (no success: the 2 disaster dice come at once) and [5, 6]: PROPOSED (GEN-003) 2 +
    # 2 stress on Endurance 3 -> overflow.
    t = table(characters=ADA, gm_sets_difficulty=True)
    do(t, "gm", "enemy_move", character="ada", ability="Stealth", difficulty=4, harm=2)
    events = do(t, "ann", "defend", call=1, dice=[2, 2, 5, 6])
    s = last(events, "stress_taken")
    assert (s["amount"], s["result"]) == (4, "overflow")


@pytest.mark.rules("RWYN-ABIL-007", "RWYN-SAC-001")
def test_wealth__an_over_reach_may_sacrifice_to_risk_less_wealth() -> None:
    # src 27 + 13 (PROPOSED ABIL-007 b: sacrifice applies): Wealth 2, cost 5 -> 3 disaster dice; [5, 5] =
    # 2 successes, 1 sacrificed -> 2 disaster dice [5, 6]: bought (1 kept success), Wealth 2 - 2 = 0.
    t = table(characters={"x": {"abilities": "Wealth:2"}})
    do(t, "ann", "buy", character="x", cost=5, dice=[5, 5])
    events = do(t, "ann", "sacrifice", check=1, count=1, dice=[5, 6])
    assert "purchased" in types(events)
    assert state(t).characters["x"].rating("Wealth") == 0


@pytest.mark.rules("RWYN-TRAIT-004", "RWYN-ABIL-007")
def test_talent__leverage_debt_rerolls_the_purchases_disaster_dice_once() -> None:
    # src 39: a talent that lets one "leverage their debt to maybe avoid losing Wealth when attempting a
    # purchase above their Wealth level (i.e., a re-roll or something)"; PROPOSED: once per purchase, re-roll
    # the disaster dice. Wealth 2, cost 3: [5, 2] then disaster [6]; re-rolled [2]: bought, Wealth kept.
    t = table(characters={"x": {"abilities": "Wealth:2"}})
    do(t, "gm", "add_talent", character="x", name="Leverage", hook="leverage_debt")
    do(t, "ann", "buy", character="x", cost=3, dice=[5, 2, 6])
    events = do(t, "ann", "reroll", check=1, use=True, dice=[2])
    assert "purchased" in types(events)
    assert state(t).characters["x"].rating("Wealth") == 2
    with pytest.raises(CapeworksError):
        do(t, "ann", "reroll", check=1, use=True, dice=[2])


@pytest.mark.rules("RWYN-DESIGN-002")
@pytest.mark.parametrize(("dice", "success"), [([5, 5, 2], False), ([5, 5, 6], True)])
def test_threshold__moderate_needs_three_successes(dice: list[int], success: bool) -> None:
    # src 45-47: the designer's ladder where difficulty counts successes, "Moderate 3" (PROPOSED
    # success_threshold mode): Science 3 vs 3 needs 3 successes, and rolls no disaster dice.
    t = table({"resolution_mode": "success_threshold"}, characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=3, dice=dice))
    assert (c["success"], c["plan"]["disaster_nominal"]) == (success, 0)


@pytest.mark.rules("RWYN-DESIGN-005", "RWYN-MIX-001", "RWYN-POOL-008")
def test_time__an_automatic_success_counts_against_the_ones() -> None:
    # src 53 + 15 (PROPOSED POOL-008: autos count for every purpose): Science 3 takes its time: 1 automatic
    # success; [1, 1, 2]: a success, and two 1s against one success: mixed.
    t = table({"time_auto_successes": True}, characters=ADA)
    c = _check(
        do(t, "ann", "check", character="ada", ability="Science", difficulty=3, time=1, dice=[1, 1, 2])
    )
    assert (c["successes"], c["success"], c["mixed"]) == (1, True, True)


@pytest.mark.rules("RWYN-DESIGN-007")
def test_d10__half_the_faces_succeed_on_six_or_more() -> None:
    # src 55: "a difficulty of 4 on a d6, or 6 on a d10": d10s succeed on 6+: [6, 5, 10] -> 2 successes.
    t = table({"die_size": 10, "success_min": 6}, characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=3, dice=[6, 5, 10]))
    assert (c["successes"], c["success"]) == (2, True)


# -- refwork3 pass -----------------------------------------------------------------------------------------


@pytest.mark.rules("RWYN-TRAIT-004", "RWYN-SAC-002")
def test_talent__quick_devices_needs_a_success_kept_not_one_sacrificed() -> None:
    # src 39: halving a device's time "if the character gets at least one success"; src 13: a sacrificed
    # success is spent. Devices 2 vs 4: [5, 2] = 1 success, sacrificed -> 1 disaster die [3]: a failure,
    # no time halved.
    t = table(characters={"x": {"abilities": "Devices:2", "talents": "Wizard:quick_devices"}})
    do(t, "ann", "check", character="x", ability="Devices", difficulty=4, dice=[5, 2])
    c = _check(do(t, "ann", "sacrifice", check=1, count=1, dice=[3]))
    assert (c["kept"], c["success"], c["talent_notes"]) == (0, False, [])


@pytest.mark.rules("RWYN-STRESS-001", "RWYN-STRESS-002")
def test_stress__a_track_of_no_boxes_overflows_at_the_first_point() -> None:
    # src 19: "physical stress is equal to their Resilience" (Endurance, PROPOSED): Endurance 0 -> no box;
    # src 21: the first point fills past it: the minor consequence is asked.
    t = table(characters={"x": {"abilities": "Endurance:0, Poise:2"}})
    events = do(t, "gm", "stress", character="x", track="physical", amount=1)
    assert last(events, "stress_taken")["result"] == "overflow"


@pytest.mark.rules("RWYN-SAC-001", "RWYN-POOL-003")
def test_sacrifice__nothing_to_sacrifice_without_disaster_dice() -> None:
    # src 13: successes are sacrificed "to reduce the number of disaster dice"; src 7: Science 3 vs 2 rolls
    # none: [5, 5, 2] is judged at once and a sacrifice is refused, the two successes kept.
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=2, dice=[5, 5, 2]))
    assert (c["kept"], c["plan"]["disaster_nominal"]) == (2, 0)
    with pytest.raises(CapeworksError):
        do(t, "ann", "sacrifice", check=1, count=1)
    assert state(t).checks[1].kept == 2


@pytest.mark.rules("RWYN-STRESS-004", "RWYN-STRESS-005")
def test_stress__one_taken_out_by_a_fourth_consequence_rolls_no_more() -> None:
    # src 21: "If a character takes a fourth consequence they are automatically taken out": out of the
    # conflict, so a later check or stress is refused and changes nothing.
    t = table(characters={"ada": {**ADA["ada"], "name": "Ada"}})
    for _ in range(3):
        do(t, "gm", "stress", character="ada", track="physical", amount=4)
        do(t, "ann", "consequence", character="ada")
    do(t, "gm", "stress", character="ada", track="physical", amount=4)
    do(t, "ann", "consequence", character="ada")  # the fourth, accepted
    assert state(t).characters["ada"].standing is Standing.OUT_FOR_GOOD
    t.refuse("ann", "check", rule="RWYN-STRESS-003", character="ada", ability="Science", difficulty=2,
             dice=[5, 5, 5])  # fmt: skip
    t.refuse("gm", "stress", rule="RWYN-STRESS-003", character="ada", track="mental", amount=1)


@pytest.mark.rules("RWYN-ABIL-007")
def test_wealth__one_above_wealth_rolls_one_disaster_die_and_a_blank_costs_nothing() -> None:
    # src 27: above Wealth "each disaster die success reduces their Wealth by one": Wealth 4, cost 5 -> 4
    # dice and 1 disaster die (the last, never sacrificed); [5, 2, 2, 2] then [2]: bought, Wealth 4.
    t = table(characters=ADA)
    events = do(t, "ann", "buy", character="ada", cost=5, dice=[5, 2, 2, 2, 2])
    assert "purchased" in types(events)
    c = _check(events)
    assert (c["plan"]["disaster_nominal"], c["disaster_faces"]) == (1, [2])
    assert state(t).characters["ada"].rating("Wealth") == 4


@pytest.mark.rules("RWYN-STRESS-004", "RWYN-STRESS-005")
def test_stress__one_added_without_a_name_is_named_as_words_begin_it() -> None:
    # src 21: "taken out": the refusal names the character. Ada was added with no name, only the id
    # "ada": the table calls her "Ada" (as the Workshop does), so the refusal reads as a sentence.
    t = table(characters=ADA)
    assert state(t).characters["ada"].name == "Ada"
    for _ in range(3):
        do(t, "gm", "stress", character="ada", track="physical", amount=4)
        do(t, "ann", "consequence", character="ada")
    do(t, "gm", "stress", character="ada", track="physical", amount=4)
    do(t, "ann", "consequence", character="ada")  # the fourth, accepted
    e = t.refuse("gm", "stress", rule="RWYN-STRESS-003", character="ada", track="mental", amount=1)
    assert e.message == "Ada is taken out for good (a fourth consequence)."
