"""A fourth referee pass over Roll When You Need: stress, enemy moves, Wealth and XP, caps, variants, words.

Situations written from the seed alone (``src N`` = line N of seeds/001_dcffe7bdc60b80e1.txt),
played through the table with given dice; they stay off what test_referee.py, test_referee2.py and
test_referee3.py pin (abilities, effects, mixed results, traits, who may set what, menus).
"""

from __future__ import annotations

import pytest

from capeworks.systems.rwyn.sheet import Consequence, Standing, Track
from tests.systems.rwyn.helpers import do, last, state, table, types

ADA = {"ada": {"abilities": "Science:3, Stealth:2, Devices:4, Wealth:4, Reputation:2, Endurance:3, Poise:2"}}
TWO = {**ADA, "rook": {"abilities": "Brawling:3, Endurance:2, Poise:3", "owner": "bo"}}


@pytest.mark.rules("RWYN-STRESS-001")
def test_stress__adds_up_across_hits_until_the_track_is_full() -> None:
    # src 19: stress tracks "absorb hits": Endurance 3: 1 then 2 -> 3 of 3 boxes, absorbed both times
    t = table(characters=ADA)
    do(t, "gm", "stress", character="ada", track="physical", amount=1)
    events = do(t, "gm", "stress", character="ada", track="physical", amount=2)
    assert last(events, "stress_taken")["result"] == "absorbed"
    assert state(t).characters["ada"].stress[Track.PHYSICAL] == 3


@pytest.mark.rules("RWYN-STRESS-002")
def test_stress__a_consequence_clears_only_the_overflowing_track() -> None:
    # PROPOSED (STRESS-002): the consequence clears the overflowing track; the other keeps its stress:
    # mental 1 of 2, physical 3 + 2 = 5 > 3 -> minor, physical 0, mental still 1
    t = table(characters=ADA)
    do(t, "gm", "stress", character="ada", track="mental", amount=1)
    do(t, "gm", "stress", character="ada", track="physical", amount=3)
    do(t, "gm", "stress", character="ada", track="physical", amount=2)
    do(t, "ann", "consequence", character="ada", text="twisted knee")
    ada = state(t).characters["ada"]
    assert ada.stress[Track.PHYSICAL] == 0 and ada.stress[Track.MENTAL] == 1
    assert set(ada.consequences) == {Consequence.MINOR}


@pytest.mark.rules("RWYN-STRESS-002")
def test_stress__end_of_scene_clears_both_tracks_and_heals_a_minor_only() -> None:
    # PROPOSED (STRESS-002): tracks clear at the end of the scene; a minor heals after a scene, a
    # moderate after a session, a major by the GM
    t = table(characters=ADA)
    for _ in range(3):
        do(t, "gm", "stress", character="ada", track="physical", amount=4)
        do(t, "ann", "consequence", character="ada")
    do(t, "gm", "stress", character="ada", track="mental", amount=2)
    do(t, "gm", "end_scene")
    ada = state(t).characters["ada"]
    assert ada.stress[Track.PHYSICAL] == 0 and ada.stress[Track.MENTAL] == 0
    assert set(ada.consequences) == {Consequence.MODERATE, Consequence.MAJOR}
    do(t, "gm", "end_session")
    assert set(state(t).characters["ada"].consequences) == {Consequence.MAJOR}
    do(t, "gm", "recover", character="ada", severity="major")
    assert not state(t).characters["ada"].consequences


@pytest.mark.rules("RWYN-STRESS-002")
def test_stress__only_the_gm_marks_stress_and_clears_consequences() -> None:
    # src 17/21: harm comes from the GM's side of the table; a player neither marks stress nor heals
    t = table(characters=ADA)
    t.refuse("ann", "stress", payload={"character": "ada", "track": "physical", "amount": 1})
    do(t, "gm", "stress", character="ada", track="physical", amount=4)
    do(t, "ann", "consequence", character="ada")
    t.refuse("ann", "recover", payload={"character": "ada", "severity": "minor"})


@pytest.mark.rules("RWYN-STRESS-003")
def test_stress__bo_cannot_choose_ada_s_consequence() -> None:
    # src 21: "A character can avoid a consequence by being taken out": the character's player chooses,
    # not another player
    t = table(characters=TWO)
    do(t, "gm", "stress", character="ada", track="physical", amount=4)
    t.refuse("bo", "consequence", payload={"character": "ada", "choice": "taken_out"})
    assert state(t).characters["ada"].standing is not Standing.OUT_BY_CHOICE


@pytest.mark.rules("RWYN-STRESS-002")
def test_stress__no_consequence_without_an_overflow() -> None:
    # src 21: consequences come "when a character's stress is filled": none to take at 1 of 3
    t = table(characters=ADA)
    do(t, "gm", "stress", character="ada", track="physical", amount=1)
    t.refuse("ann", "consequence", payload={"character": "ada"})
    assert not state(t).characters["ada"].consequences


@pytest.mark.rules("RWYN-STRESS-004", "RWYN-STRESS-005")
def test_stress__the_gm_not_the_player_words_a_fourth_consequence() -> None:
    # src 21: "automatically taken out per the GM's desires": the GM words it, the player cannot
    t = table(characters=ADA)
    for _ in range(3):
        do(t, "gm", "stress", character="ada", track="physical", amount=4)
        do(t, "ann", "consequence", character="ada")
    do(t, "gm", "stress", character="ada", track="physical", amount=4)
    do(t, "ann", "consequence", character="ada")  # the fourth, accepted (taking out by choice: referee6)
    t.refuse("ann", "outcome", payload={"character": "ada", "text": "she escapes to Paris"})
    do(t, "gm", "outcome", character="ada", text="lost beneath the docks")
    assert any("lost beneath the docks" in w for w in t.words("ann")), t.words("ann")


@pytest.mark.rules("RWYN-STRESS-004")
def test_stress__none_marked_on_a_character_out_for_good() -> None:
    # src 21: a fourth consequence takes the character out: no more stress lands on them
    t = table(characters=ADA)
    for _ in range(4):
        do(t, "gm", "stress", character="ada", track="physical", amount=4)
        do(t, "ann", "consequence", character="ada")  # the fourth too: accepted, out for good
    assert state(t).characters["ada"].standing is Standing.OUT_FOR_GOOD
    t.refuse("gm", "stress", payload={"character": "ada", "track": "mental", "amount": 1})


@pytest.mark.rules("RWYN-STRESS-001")
def test_stress__the_words_name_the_track_and_the_numbers() -> None:
    # src 19: the player reads what happened: 2 mental stress on Poise 2 -> "2" and "mental" and the
    # track's size
    t = table(characters=ADA)
    do(t, "gm", "stress", character="ada", track="mental", amount=2)
    text = " ".join(t.words("ann")[-2:])
    assert "2" in text and ("mental" in text.lower() or "social" in text.lower()), text


@pytest.mark.rules("RWYN-GEN-003", "RWYN-STRESS-001")
def test_enemy_move__a_mental_move_lands_on_the_poise_track() -> None:
    # src 19: mental stress = Poise: Poise 2, a sneer at difficulty 2 with harm 3, Poise dice [2, 3]
    # -> fails -> 3 mental stress > 2 boxes -> overflow on the mental track
    t = table(characters=ADA, gm_sets_difficulty=True)
    do(t, "gm", "enemy_move", character="ada", ability="Poise", difficulty=2, harm=3, track="mental")
    events = do(t, "ann", "defend", call=1, dice=[2, 3])
    s = last(events, "stress_taken")
    assert (s["amount"], s["result"]) == (3, "overflow")
    assert state(t).characters["ada"].stress[Track.PHYSICAL] == 0


@pytest.mark.rules("RWYN-GEN-003")
def test_enemy_move__a_successful_defence_takes_no_harm() -> None:
    # src 17 + PROPOSED (GEN-003): harm lands only when the defence fails: Science 3 vs 2, [5, 1, 2]
    # = 1 success -> no stress
    t = table(characters=ADA, gm_sets_difficulty=True)
    do(t, "gm", "enemy_move", character="ada", ability="Science", difficulty=2, harm=2)
    events = do(t, "ann", "defend", call=1, dice=[5, 1, 2])
    assert "stress_taken" not in types(events)
    assert state(t).characters["ada"].stress[Track.PHYSICAL] == 0


@pytest.mark.rules("RWYN-GEN-003")
def test_enemy_move__only_the_target_s_player_answers_it() -> None:
    # src 17: players roll their own characters' dice: bo does not roll ada's defence -> refused
    t = table(characters=TWO, gm_sets_difficulty=True)
    do(t, "gm", "enemy_move", character="ada", ability="Stealth", difficulty=2, harm=1)
    t.refuse("bo", "defend", dice=[5, 5], payload={"call": 1})


@pytest.mark.rules("RWYN-GEN-003")
def test_enemy_move__a_player_cannot_launch_one() -> None:
    # src 17: an enemy's moves have difficulties: the GM sets them, not a player
    t = table(characters=TWO, gm_sets_difficulty=True)
    t.refuse(
        "bo", "enemy_move", payload={"character": "ada", "ability": "Stealth", "difficulty": 5, "harm": 5}
    )


@pytest.mark.rules("RWYN-GEN-003", "RWYN-SAC-001")
def test_enemy_move__the_defender_may_sacrifice_against_the_disaster_dice() -> None:
    # src 13 applies to defences too: Stealth 2 vs 5 -> 3 disaster dice; [5, 6] = 2 successes, give 1
    # -> 2 disaster dice [5, 2] -> 1 success kept: defended, no stress
    t = table(characters=ADA, gm_sets_difficulty=True)
    do(t, "gm", "enemy_move", character="ada", ability="Stealth", difficulty=5, harm=2)
    do(t, "ann", "defend", call=1, dice=[5, 6])
    events = do(t, "ann", "sacrifice", check=1, count=1, dice=[2, 2])
    assert "stress_taken" not in types(events)


@pytest.mark.rules("RWYN-ABIL-006")
def test_wealth__a_failed_roll_at_wealth_is_not_bought_and_the_words_say_so() -> None:
    # src 27: at cost = Wealth "make a check ... looking for at least one success": Wealth 4, cost 4,
    # [1, 2, 3, 4] -> no success -> not bought, Wealth stays 4, the player reads it was not bought
    t = table(characters=ADA)
    events = do(t, "ann", "buy", character="ada", cost=4, item="a racehorse", dice=[1, 2, 3, 4])
    assert "purchased" not in types(events)
    assert state(t).characters["ada"].rating("Wealth") == 4
    text = " ".join(t.words("ann")[-3:]).lower()
    assert "racehorse" in text and ("not" in text or "fail" in text), text


@pytest.mark.rules("RWYN-ABIL-007", "RWYN-SAC-003")
def test_wealth__three_above_with_one_sacrifice_rolls_two_disaster_dice() -> None:
    # src 27 + src 13: Wealth 4, cost 7 -> 3 disaster dice; [5, 5, 1, 2] = 2 successes, sacrifice 1
    # -> 2 disaster dice [6, 3] -> bought, Wealth 4 - 1 = 3
    t = table(characters=ADA)
    do(t, "ann", "buy", character="ada", cost=7, item="an island", dice=[5, 5, 1, 2])
    events = do(t, "ann", "sacrifice", check=max(state(t).checks), count=1, dice=[6, 3])
    assert "purchased" in types(events)
    assert state(t).characters["ada"].rating("Wealth") == 3


@pytest.mark.rules("RWYN-ABIL-007")
def test_wealth__bo_cannot_answer_ada_s_purchase_sacrifice() -> None:
    # src 13: "You can sacrifice successes": the roller, not another player
    t = table(characters=TWO)
    do(t, "ann", "buy", character="ada", cost=6, item="a yacht", dice=[5, 5, 1, 2])
    t.refuse("bo", "sacrifice", dice=[2], payload={"check": max(state(t).checks), "count": 1})


@pytest.mark.rules("RWYN-ABIL-009")
@pytest.mark.parametrize("points", [0, -1])
def test_buy_back__nothing_or_less_is_refused(points: int) -> None:
    # src 27: Wealth is "bought back up with XP": a buy-back of 0 or fewer points is no purchase
    t = table(characters=ADA)
    do(t, "ann", "buy", character="ada", cost=5, item="a plane", dice=[5, 2, 2, 2, 6])
    do(t, "gm", "award_xp", character="ada", amount=4)
    t.refuse("ann", "buy_back", payload={"character": "ada", "resource": "Wealth", "points": points})


@pytest.mark.rules("RWYN-ABIL-009")
def test_buy_back__the_words_say_what_was_bought_and_what_it_cost() -> None:
    # src 27: lose 1 Wealth (4 -> 3), award 2 XP, buy back 1 point at 2 XP -> Wealth 4, XP 0
    t = table(characters=ADA)
    do(t, "ann", "buy", character="ada", cost=5, item="a plane", dice=[5, 2, 2, 2, 6])
    assert state(t).characters["ada"].rating("Wealth") == 3
    do(t, "gm", "award_xp", character="ada", amount=2)
    do(t, "ann", "buy_back", character="ada", resource="Wealth", points=1)
    assert state(t).characters["ada"].rating("Wealth") == 4
    text = " ".join(t.words("ann")[-2:])
    assert "Wealth" in text and "1" in text and "2 XP" in text, text


@pytest.mark.rules("RWYN-POOL-007")
def test_cap__a_disaster_pool_over_ten_converts_too() -> None:
    # PROPOSED (POOL-007): the cap applies to the disaster pool: Stealth 2 vs Impossible 15 (the GM)
    # -> 13 disaster dice -> 10 dice + 1 automatic disaster success; [5, 2] then all-blank disaster
    # dice -> 1 disaster success (the automatic one)
    t = table(characters=ADA, gm_sets_difficulty=True)
    do(t, "gm", "call_check", character="ada", ability="Stealth", difficulty=15)
    events = do(t, "ann", "check", call=1, dice=[2, 2, *[2] * 10])
    r = last(events, "check_resolved")["check"]
    assert r["disaster_successes"] == 1, r


@pytest.mark.rules("RWYN-DESIGN-002")
def test_threshold__no_disaster_dice_unless_enabled() -> None:
    # PROPOSED (DESIGN-002): in success_threshold mode disaster dice are off: Stealth 2 vs 3 -> 2 dice
    # only; [5, 6] = 2 < 3 -> fails, nothing else rolled
    t = table({"resolution_mode": "success_threshold"}, characters=ADA)
    events = do(t, "ann", "check", character="ada", ability="Stealth", difficulty=3, dice=[5, 6])
    r = last(events, "check_resolved")["check"]
    assert r["success"] is False and r["disaster_successes"] == 0, r


@pytest.mark.rules("RWYN-DESIGN-007", "RWYN-POOL-004")
def test_d10__disaster_dice_succeed_on_six_too() -> None:
    # src 55 variant D on the disaster dice: Stealth 2 vs 3 -> 1 disaster d10; [6, 2] then [6]
    # -> 1 success kept, 1 disaster success
    t = table({"die_size": 10, "success_min": 6}, characters=ADA)
    events = do(t, "ann", "check", character="ada", ability="Stealth", difficulty=3, dice=[6, 2, 6])
    r = last(events, "check_resolved")["check"]
    assert r["success"] is True and r["disaster_successes"] == 1, r


@pytest.mark.rules("RWYN-ABIL-003")
def test_advancement__xp_awards_add_up() -> None:
    # src 27 (XP buys lost points back): 1 + 2 XP from the GM -> 3 XP on the sheet
    t = table(characters=ADA)
    do(t, "gm", "award_xp", character="ada", amount=1)
    do(t, "gm", "award_xp", character="ada", amount=2)
    assert state(t).characters["ada"].xp == 3
