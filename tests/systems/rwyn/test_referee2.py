"""A second referee pass over Roll When You Need: abilities, effects, traits, mixed results, variants.

Situations written from the seed alone (``src N`` = line N of seeds/001_dcffe7bdc60b80e1.txt),
played through the table with given dice; they avoid what test_referee.py already pins.
"""

from __future__ import annotations

import pytest

from capeworks.errors import CapeworksError
from tests.systems.rwyn.helpers import do, last, state, table, types

ADA = {"ada": {"abilities": "Science:3, Stealth:2, Devices:4, Wealth:4, Reputation:3, Endurance:3, Poise:2"}}


def _check(events):  # type: ignore[no-untyped-def]
    return last(events, "check_resolved")["check"]


@pytest.mark.rules("RWYN-ABIL-005")
def test_wealth__two_below_is_bought_without_a_roll_or_a_quantity_limit() -> None:
    # src 27: "two or more below their Wealth score" -> "more or less without restriction":
    # Wealth 4, cost 2 -> bought, no dice, no quantity question for the GM
    t = table(characters=ADA)
    events = do(t, "ann", "buy", character="ada", cost=2, item="ten crates of rope")
    assert "purchased" in types(events)
    assert not [p for p in t.prompts("gm") if "quantity" in str(p)]
    assert state(t).characters["ada"].rating("Wealth") == 4


@pytest.mark.rules("RWYN-ABIL-004", "RWYN-ABIL-008")
def test_wealth__one_below_asks_the_gm_for_the_quantity() -> None:
    # src 27: cost < Wealth "without trouble ... (in limited quantities)": Wealth 4, cost 3 ->
    # bought without a roll; the GM (not the player) sets how many
    t = table(characters=ADA)
    events = do(t, "ann", "buy", character="ada", cost=3, item="cars")
    assert "purchased" in types(events)
    cid = max(state(t).checks) if state(t).checks else None
    with pytest.raises(CapeworksError):
        do(t, "ann", "quantity", check=cid or 1, limit="4,000")


@pytest.mark.rules("RWYN-ABIL-007")
def test_wealth__two_above_rolls_two_disaster_dice_and_each_success_costs_one() -> None:
    # src 27: Wealth 4, cost 6 -> 4 Wealth dice + 2 disaster dice; [5, 2, 2, 2] = 1 success, keep
    # it (sacrifice 0), disaster [5, 6] -> bought, Wealth 4 - 2 = 2
    t = table(characters=ADA)
    do(t, "ann", "buy", character="ada", cost=6, item="a yacht", dice=[5, 2, 2, 2])
    events = do(t, "ann", "sacrifice", check=max(state(t).checks), count=0, dice=[5, 6])
    assert "purchased" in types(events)
    assert state(t).characters["ada"].rating("Wealth") == 2


@pytest.mark.rules("RWYN-ABIL-007")
def test_wealth__the_words_say_how_much_wealth_was_lost() -> None:
    # src 27: the player reads the loss: Wealth 4 -> 2 after [5, 6] on the disaster dice
    t = table(characters=ADA)
    do(t, "ann", "buy", character="ada", cost=6, item="a yacht", dice=[5, 2, 2, 2])
    do(t, "ann", "sacrifice", check=max(state(t).checks), count=0, dice=[5, 6])
    text = " ".join(t.words("ann")[-4:])
    assert "Wealth" in text and "2" in text, text


@pytest.mark.rules("RWYN-ABIL-009")
def test_buy_back__costs_xp_per_point_and_only_what_was_lost() -> None:
    # src 27: "until bought back up with XP": lose 2 Wealth (4 -> 2), GM awards 4 XP, buy back 2
    # at 2 XP each -> Wealth 4; a third point was never lost: refused
    t = table(characters=ADA)
    do(t, "ann", "buy", character="ada", cost=6, item="a yacht", dice=[5, 2, 2, 2])
    do(t, "ann", "sacrifice", check=max(state(t).checks), count=0, dice=[5, 6])
    do(t, "gm", "award_xp", character="ada", amount=6)
    do(t, "ann", "buy_back", character="ada", resource="Wealth", points=2)
    assert state(t).characters["ada"].rating("Wealth") == 4
    t.refuse("ann", "buy_back", character="ada", resource="Wealth", points=1)


@pytest.mark.rules("RWYN-ABIL-009")
def test_buy_back__without_enough_xp_is_refused() -> None:
    # src 27: buying back costs XP: Wealth 4, cost 5 -> 1 disaster die (the last, never
    # sacrificed); [5, 2, 2, 2] then [6] -> Wealth 3; 1 XP (2 needed per point) -> refused
    t = table(characters=ADA)
    do(t, "ann", "buy", character="ada", cost=5, item="a car", dice=[5, 2, 2, 2, 6])
    assert state(t).characters["ada"].rating("Wealth") == 3
    do(t, "gm", "award_xp", character="ada", amount=1)
    t.refuse("ann", "buy_back", character="ada", resource="Wealth", points=1)


@pytest.mark.rules("RWYN-ABIL-009")
def test_buy_back__reputation_lost_is_bought_back_as_reputation() -> None:
    # src 27 + 29: Reputation 3, favour 4 -> 1 disaster die; [5, 2, 2], keep, [6] -> Rep 2;
    # 2 XP buys it back -> Rep 3, Wealth untouched
    t = table(characters=ADA)
    do(t, "ann", "favour", character="ada", cost=4, item="a meeting", dice=[5, 2, 2, 6])
    assert state(t).characters["ada"].rating("Reputation") == 2
    do(t, "gm", "award_xp", character="ada", amount=2)
    do(t, "ann", "buy_back", character="ada", resource="Reputation", points=1)
    ada = state(t).characters["ada"]
    assert (ada.rating("Reputation"), ada.rating("Wealth")) == (3, 4)


@pytest.mark.rules("RWYN-ABIL-004")
def test_wealth__another_players_character_cannot_spend_ada_s_money() -> None:
    # src 27 + house rule: Bo may not buy with Ada's Wealth; nothing changes
    t = table(characters=ADA)
    t.refuse("bo", "buy", character="ada", cost=2, item="rope")


@pytest.mark.rules("RWYN-ABIL-003")
def test_wealth__only_the_gm_rates_a_picked_up_ability() -> None:
    # src 25 (PCs pick up Wealth) + GM disposes: Ann may not set her own Wealth to 5
    t = table(characters=ADA)
    t.refuse("ann", "set_ability", character="ada", ability="Wealth", rating=5)
    do(t, "gm", "set_ability", character="ada", ability="Wealth", rating=5)
    assert state(t).characters["ada"].rating("Wealth") == 5


@pytest.mark.rules("RWYN-EFFECT-001")
def test_effects__a_failure_has_no_effects_to_pick() -> None:
    # src 11: effects equal to successes: Science 3 vs 3, [2, 3, 4] -> 0 successes, nothing to pick
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=3, dice=[2, 3, 4]))
    assert c["effects_needed"] == 0
    t.refuse("ann", "effects", check=1, picks=["quickly"])


@pytest.mark.rules("RWYN-EFFECT-001")
def test_effects__another_player_does_not_pick_ada_s_effects() -> None:
    # src 11: "You get to pick": the roller's player (or the GM), not Bo
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Devices", difficulty=2, dice=[5, 6, 2, 2])
    t.refuse("bo", "effects", check=1, picks=["quickly"])


@pytest.mark.rules("RWYN-EFFECT-003")
def test_complications__one_per_disaster_success_set_by_the_gm() -> None:
    # src 11: disaster successes add problems: Stealth 2 vs 4 -> 2 disaster dice; [5, 2] keep 1,
    # disaster [5, 6] -> 2 complications; the player may not word them; the GM gives 2, not 1
    # (the refusal was not a sentence: it began with the digit "2")
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Stealth", difficulty=4, dice=[5, 2])
    c = _check(do(t, "ann", "sacrifice", check=1, count=0, dice=[5, 6]))
    assert c["disaster_successes"] == 2
    t.refuse("ann", "complications", check=1, texts=["spotted", "messy"])
    t.refuse("gm", "complications", check=1, texts=["spotted"], match="2 disaster success")
    do(t, "gm", "complications", check=1, texts=["spotted", "messy"])


@pytest.mark.rules("RWYN-EFFECT-001", "RWYN-POOL-007")
def test_effects__automatic_successes_count_as_effects() -> None:
    # src 11 + 43: 13 dice -> 10 + 1 auto; [5] + [2]*9 = 1 + 1 auto = 2 successes -> 2 effects
    t = table({"ability_max": 20}, characters={"x": {"abilities": "Melee:13"}})
    c = _check(do(t, "gm", "check", character="x", ability="Melee", difficulty=3, dice=[5] + [2] * 9))
    assert (c["successes"], c["effects_needed"]) == (2, 2)


@pytest.mark.rules("RWYN-MIX-003", "RWYN-MIX-001")
def test_mixed__a_mixed_success_is_tainted_by_the_gm_only() -> None:
    # src 15: [5, 1, 1] Science 3 vs 3 -> success with two 1s: mixed; the taint is the GM's word
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=3, dice=[5, 1, 1]))
    assert (c["success"], c["mixed"]) == (True, True)
    t.refuse("ann", "mixed", check=1, text="it's fine")
    do(t, "gm", "mixed", check=1, text="the sample is contaminated")


@pytest.mark.rules("RWYN-MIX-001")
def test_mixed__no_mixed_text_for_a_clean_roll() -> None:
    # src 15: [5, 5, 1] -> 2 successes vs one 1: not mixed; the GM has nothing to taint
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=3, dice=[5, 5, 1]))
    assert c["mixed"] is False
    t.refuse("gm", "mixed", check=1, text="tainted anyway")


@pytest.mark.rules("RWYN-TRAIT-001", "RWYN-TRAIT-002")
def test_quality__needs_both_sides_and_only_the_gm_adds_one_in_play() -> None:
    # src 35: "Every quality has a benefit and a drawback"; added in play (GM disposes)
    t = table(characters=ADA)
    t.refuse("gm", "add_quality", character="ada", benefit="assertive", drawback="")
    t.refuse("ann", "add_quality", character="ada", benefit="assertive", drawback="hot-tempered")
    do(t, "gm", "add_quality", character="ada", benefit="assertive", drawback="hot-tempered")


@pytest.mark.rules("RWYN-TRAIT-003")
def test_talent__a_character_is_made_with_at_least_one_talent() -> None:
    # src 39: "A character gains one or more talents at character creation"
    t = table()
    t.refuse(
        "gm", "add_character", payload={"id": "z", "owner": "ann", "abilities": "Science:2", "talents": []}
    )


@pytest.mark.rules("RWYN-TRAIT-004")
def test_talent__quick_devices_not_noted_on_a_failure() -> None:
    # src 39: halve the time "if the character gets at least one success": Devices 4 vs 4,
    # [2, 2, 3, 4] -> failure, no halving noted
    t = table(characters=ADA)
    do(t, "gm", "add_talent", character="ada", name="Tinker", hook="quick_devices")
    events = do(t, "ann", "check", character="ada", ability="Devices", difficulty=4, dice=[2, 2, 3, 4])
    assert "talent_used" not in types(events), types(events)
    assert not any("half" in w.lower() for w in t.words("ann")[-3:])


@pytest.mark.rules("RWYN-DESIGN-004")
def test_variant_a__fours_succeed() -> None:
    # src 53: "expand successes to 4-6": Science 3 vs 3, [4, 2, 2] -> a success
    t = table({"success_min": 4}, characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=3, dice=[4, 2, 2]))
    assert (c["successes"], c["success"]) == (1, True)


@pytest.mark.rules("RWYN-DESIGN-006")
def test_variant_c__big_pools_rate_up_to_ten() -> None:
    # src 53: abilities "start at 5 & rated from 1 to 10": Science 10 vs 5 rolls 10 dice, no
    # disaster; 11 is refused
    t = table(
        {"ability_max": 10, "ability_start": 5, "ability_min": 1},
        characters={"x": {"abilities": "Science:10"}},
    )
    c = _check(do(t, "gm", "check", character="x", ability="Science", difficulty=5, dice=[2] * 10))
    assert (len(c["ability_faces"]), c["plan"]["disaster_nominal"]) == (10, 0)
    t.refuse("gm", "set_ability", character="x", ability="Science", rating=11)


@pytest.mark.rules("RWYN-GEN-002")
def test_words__the_player_reads_the_dice_and_the_successes() -> None:
    # src 3: Devices 4 vs 2, [6, 5, 1, 3] -> 2 successes; Ann reads "2 successes"
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Devices", difficulty=2, dice=[6, 5, 1, 3])
    text = " ".join(t.words("ann")[-3:])
    assert "2 success" in text, text


@pytest.mark.rules("RWYN-ABIL-009")
def test_buy_back__only_the_owner_or_gm_and_xp_only_from_the_gm() -> None:
    # src 27 + GM disposes: Bo may not buy back Ada's Wealth, Ann may not award herself XP,
    # and a buy back of 0 points is refused; after losing 1 (Wealth 4, cost 5, [5 2 2 2] + [6])
    t = table(characters=ADA)
    do(t, "ann", "buy", character="ada", cost=5, item="a car", dice=[5, 2, 2, 2, 6])
    t.refuse("ann", "award_xp", character="ada", amount=2)
    do(t, "gm", "award_xp", character="ada", amount=2)
    t.refuse("bo", "buy_back", character="ada", resource="Wealth", points=1)
    t.refuse("ann", "buy_back", character="ada", resource="Wealth", points=0)
    do(t, "ann", "buy_back", character="ada", resource="Wealth", points=1)
    assert t.words("ann")[-1] == "Ada buys back 1 Wealth for 2 XP: Wealth is now 4."


@pytest.mark.rules("RWYN-ABIL-007", "RWYN-MIX-001")
def test_wealth__the_words_of_an_over_reach_carry_the_right_numbers() -> None:
    # src 27 + 15: Wealth 4, cost 6: [5 1 1 2] = 1 success (two 1s: mixed), 2 disaster dice,
    # keep it, [5 6] -> 2 disaster successes, Wealth 4 - 2 = 2; the GM words the taint
    t = table(characters=ADA)
    do(t, "ann", "buy", character="ada", cost=6, item="a yacht", dice=[5, 1, 1, 2])
    assert t.words("ann")[-1].startswith("Ada rolls Wealth 4 vs cost 6 for a yacht: [5 1 1 2] = 1 success")
    do(t, "ann", "sacrifice", check=1, count=0, dice=[5, 6])
    words = t.words("ann")
    assert "Ada: success, 2 disaster successes, mixed result." in words
    assert "Ada loses 2 Wealth for good: Wealth is now 2." in words
    assert [p.id for p in t.prompts("gm")] == ["check-1:mixed"]


@pytest.mark.rules("RWYN-TRAIT-004")
def test_talent__leverage_debt_asks_before_any_wealth_is_lost() -> None:
    # src 39: "leverage their debt to maybe avoid losing Wealth ... (i.e., a re-roll)": Wealth 4,
    # cost 5, [5 2 2 2] + [6] -> Wealth still 4 while the re-roll is asked; re-rolled [2] -> 4 kept
    t = table(characters=ADA)
    do(t, "gm", "add_talent", character="ada", name="Debt", hook="leverage_debt")
    do(t, "ann", "buy", character="ada", cost=5, item="a plane", dice=[5, 2, 2, 2, 6])
    assert [p.id for p in t.prompts("ann")] == ["check-1:reroll"]
    assert state(t).characters["ada"].rating("Wealth") == 4
    t.refuse("bo", "reroll", check=1, use=True, dice=[2])
    do(t, "ann", "reroll", check=1, use=True, dice=[2])
    assert state(t).characters["ada"].rating("Wealth") == 4


@pytest.mark.rules("RWYN-TRAIT-004")
def test_talent__strike_and_move_noted_on_a_successful_strike() -> None:
    # src 39: "move again after striking an enemy": Brawling 3 vs 3, [5 2 2] -> success, noted
    t = table(characters={"ada": {"abilities": "Brawling:3"}})
    do(t, "gm", "add_talent", character="ada", name="Follow through", hook="strike_and_move")
    do(t, "ann", "check", character="ada", ability="Brawling", difficulty=3, dice=[5, 2, 2])
    assert "Ada: success, talent Follow through: strike and move." in t.words("ann")


@pytest.mark.rules("RWYN-GEN-004")
def test_secrecy__a_gm_note_is_seen_by_no_player() -> None:
    # GM disposes and keeps secrets: the note is in no player's words or view
    t = table(characters=ADA)
    do(t, "gm", "gm_note", text="the boss is a robot")
    for seat in ("ann", "bo"):
        assert "robot" not in str(t.words(seat)) + str(t.view(seat))


@pytest.mark.rules("RWYN-GEN-003")
def test_acting_for_another__bo_cannot_roll_ada_s_check() -> None:
    # src 17 + house rule: Bo rolls for no character of Ann's
    t = table(characters=ADA)
    t.refuse("bo", "check", character="ada", ability="Science", difficulty=3, dice=[2, 2, 2])


@pytest.mark.rules("RWYN-EFFECT-001")
@pytest.mark.parametrize("picks", [["quickly", "Quickly"], ["quickly", "I accomplish the task"]])
def test_effects__each_kept_success_buys_a_different_effect(picks: list[str]) -> None:
    # src 11: "a number of effects equal to your successes", the first "I accomplish the task",
    # others "quickly", "smoothly"...: Devices 4 vs 2, [5 5 5 2] = 3 kept -> 3 different effects;
    # "quickly" twice (or the task twice) is 2 effects for 3 successes: refused (the table took it)
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Devices", difficulty=2, dice=[5, 5, 5, 2])
    t.refuse("ann", "effects", check=1, picks=picks, match="different effect")
    do(t, "ann", "effects", check=1, picks=["quickly", "silently"])
    assert "Ada: I accomplish the task, quickly, silently." in t.words("ann")


@pytest.mark.rules("RWYN-ABIL-008")
def test_wealth__the_quantity_is_the_gm_s_word_and_the_player_reads_it() -> None:
    # src 27: "in limited quantities; no buying 4,000 cars": Wealth 4, cost 3 -> bought, the GM
    # says how many (an empty answer is refused), Ann reads it
    t = table(characters=ADA)
    do(t, "ann", "buy", character="ada", cost=3, item="cars")
    assert [p.id for p in t.prompts("gm")] == ["check-1:quantity"]
    t.refuse("ann", "quantity", check=1, limit="4,000")
    t.refuse("gm", "quantity", check=1, limit="")
    do(t, "gm", "quantity", check=1, limit="two")
    # referee8: the line names whose purchase and of what ("The GM allows two." named neither)
    assert "The GM limits Ada's purchase, cars, to two." in t.words("ann")


@pytest.mark.rules("RWYN-ABIL-003", "RWYN-ABIL-010")
def test_reputation__none_picked_up_means_no_favours() -> None:
    # src 25: Wealth and Reputation are picked up; without Reputation there is nothing to spend
    t = table(characters={"x": {"abilities": "Science:2"}})
    t.refuse("ann", "favour", character="x", cost=1, match="no Reputation")


@pytest.mark.rules("RWYN-DESIGN-004", "RWYN-ABIL-007")
def test_variant_a__fours_count_on_the_disaster_dice_too() -> None:
    # src 53 + 27: successes on 4-6; Wealth 2, cost 3 -> 2 dice + 1 disaster die; [4 2] = 1
    # success, disaster [4] = 1 disaster success -> bought, Wealth 2 - 1 = 1
    t = table({"success_min": 4}, characters={"x": {"abilities": "Wealth:2"}})
    events = do(t, "ann", "buy", character="x", cost=3, item="a car", dice=[4, 2, 4])
    assert "purchased" in types(events)
    assert state(t).characters["x"].rating("Wealth") == 1
