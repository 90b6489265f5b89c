"""A fifth referee pass over Roll When You Need: buying back and XP, harm and recovery, help between
characters, GM-only moves refused to players, and what each seat reads.

Situations written from the seed alone (``src N`` = line N of seeds/001_dcffe7bdc60b80e1.txt),
played through the table with given dice; they stay off what test_referee.py .. test_referee4.py pin.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.rwyn.sheet import Consequence, Standing, Track
from tests.systems.rwyn.helpers import do, state, table

ADA = {"ada": {"abilities": "Science:3, Stealth:2, Devices:4, Wealth:4, Reputation:2, Endurance:3, Poise:2"}}
TWO = {**ADA, "rook": {"abilities": "Brawling:3, Endurance:2, Poise:3, Wealth:2", "owner": "bo"}}


def _lose_a_wealth_point(t: Driver) -> None:
    # src 27: Wealth 4, cost 5 -> 4 dice + 1 disaster die; [5, 2, 2, 2] then [6] -> bought, Wealth 4 - 1
    do(t, "ann", "buy", character="ada", cost=5, item="a plane", dice=[5, 2, 2, 2, 6])


# --- buying back with experience (src 27, 29) ---


@pytest.mark.rules("RWYN-ABIL-009")
def test_buy_back__every_seat_reads_the_new_wealth() -> None:
    # src 27: "until bought back up with XP": Wealth 4 -> 3, 2 XP, buy back 1 -> Wealth 4 again; the
    # line Ann and Bo read says so (the known gap: it named the points and XP but not the rating)
    t = table(characters=TWO)
    _lose_a_wealth_point(t)
    do(t, "gm", "award_xp", character="ada", amount=2)
    do(t, "ann", "buy_back", character="ada", resource="Wealth", points=1)
    for seat in ("ann", "bo", "gm"):
        assert t.words(seat)[-1] == "Ada buys back 1 Wealth for 2 XP: Wealth is now 4.", t.words(seat)[-1]


@pytest.mark.rules("RWYN-ABIL-007")
def test_wealth__the_loss_line_gives_the_wealth_left() -> None:
    # src 27: "each disaster die success reduces their Wealth by one, permanently": Wealth 4, cost 6
    # -> 4 dice + 2 disaster dice; [5, 2, 2, 2], keep all, [6, 5] -> 2 lost, Wealth 4 - 2 = 2; the
    # line every seat reads says what is left, as the buy back's line does
    t = table(characters=TWO)
    do(t, "ann", "buy", character="ada", cost=6, item="a yacht", dice=[5, 2, 2, 2])
    do(t, "ann", "sacrifice", check=max(state(t).checks), count=0, dice=[6, 5])
    for seat in ("ann", "bo"):
        assert "Ada loses 2 Wealth for good: Wealth is now 2." in t.words(seat)


@pytest.mark.rules("RWYN-ABIL-009", "RWYN-ABIL-010")
def test_buy_back__the_words_give_the_new_reputation() -> None:
    # src 29 ("much the same"): Reputation 2, favour 3 -> 2 dice + 1 disaster die; [5, 2] then [5]
    # -> Reputation 1; 2 XP buys 1 back -> "Reputation is now 2"
    t = table(characters=ADA)
    do(t, "ann", "favour", character="ada", cost=3, item="a club pass", dice=[5, 2, 5])
    assert state(t).characters["ada"].rating("Reputation") == 1
    do(t, "gm", "award_xp", character="ada", amount=2)
    do(t, "ann", "buy_back", character="ada", resource="Reputation", points=1)
    assert t.words("ann")[-1] == "Ada buys back 1 Reputation for 2 XP: Reputation is now 2."


@pytest.mark.rules("RWYN-ABIL-009")
def test_buy_back__a_point_lost_again_is_bought_back_again_but_no_more() -> None:
    # src 27: lose 1 (4 -> 3), buy back (4), lose 1 again (3), buy back again (4): 4 XP spent, 0 left;
    # nothing is lost now, so a third buy back (with 2 more XP) is refused
    t = table(characters=ADA)
    do(t, "gm", "award_xp", character="ada", amount=6)
    for _ in range(2):
        _lose_a_wealth_point(t)
        do(t, "ann", "buy_back", character="ada", resource="Wealth", points=1)
    ada = state(t).characters["ada"]
    assert (ada.rating("Wealth"), ada.xp) == (4, 2)
    t.refuse("ann", "buy_back", rule="RWYN-ABIL-009", character="ada", resource="Wealth", points=1)


@pytest.mark.rules("RWYN-ABIL-009", "RWYN-POOL-001")
def test_buy_back__never_above_the_top_rating() -> None:
    # src 7: abilities run one to five. Wealth 5 loses 1 (cost 6: 5 dice + 1 disaster die, [5, 2, 2,
    # 2, 2] then [6]) -> 4; the GM raises it to 5 as advancement; buying the lost point back would
    # make it 6: refused, Wealth stays 5 and no XP is spent
    t = table(characters={"ada": {"abilities": "Wealth:5, Endurance:3"}})
    do(t, "ann", "buy", character="ada", cost=6, item="a jet", dice=[5, 2, 2, 2, 2, 6])
    assert state(t).characters["ada"].rating("Wealth") == 4
    do(t, "gm", "set_ability", character="ada", ability="Wealth", rating=5)
    do(t, "gm", "award_xp", character="ada", amount=2)
    t.refuse("ann", "buy_back", rule="RWYN-ABIL-009", character="ada", resource="Wealth", points=1)
    ada = state(t).characters["ada"]
    assert (ada.rating("Wealth"), ada.xp) == (5, 2)
    # and Ann's menu does not offer the buy back it would refuse
    assert not any(c.command == "buy_back" for c in t.legal("ann"))


@pytest.mark.rules("RWYN-ABIL-009")
def test_buy_back__the_sheet_each_seat_sees_shows_the_xp_left() -> None:
    # src 27: 3 XP, buy back 1 point at 2 XP -> 1 XP left, Wealth 4: the characters panel says so to Bo
    t = table(characters=TWO)
    _lose_a_wealth_point(t)
    do(t, "gm", "award_xp", character="ada", amount=3)
    do(t, "ann", "buy_back", character="ada", resource="Wealth", points=1)
    assert "Wealth 4, Reputation 2, 1 XP" in str(t.view("bo")["panels"])


# --- harm and recovery (src 19, 21) ---


@pytest.mark.rules("RWYN-STRESS-002")
def test_recover__a_consequence_she_does_not_have_is_refused() -> None:
    # src 21 + PROPOSED (STRESS-002): the GM heals a consequence; Ada has only a minor, so healing a
    # moderate is refused with a sentence and the minor stays
    t = table(characters=ADA)
    do(t, "gm", "stress", character="ada", track="physical", amount=4)
    do(t, "ann", "consequence", character="ada", text="bruised ribs")
    e = t.refuse("gm", "recover", character="ada", severity="moderate")
    assert "moderate" in e.message, e.message
    assert set(state(t).characters["ada"].consequences) == {Consequence.MINOR}


@pytest.mark.rules("RWYN-STRESS-002")
def test_recovery__every_seat_reads_which_consequence_heals_at_the_end_of_the_scene() -> None:
    # PROPOSED (STRESS-002): a minor heals after a scene, a moderate after a session. Ada takes a
    # minor then a moderate (Endurance 3: 4 stress twice); the scene ends: Ann and Bo read that the
    # minor healed and not the moderate; the session ends: now the moderate
    t = table(characters=TWO)
    for text in ("twisted knee", "cracked rib"):
        do(t, "gm", "stress", character="ada", track="physical", amount=4)
        do(t, "ann", "consequence", character="ada", text=text)
    do(t, "gm", "end_scene")
    for seat in ("ann", "bo"):
        words = t.words(seat)
        # referee8: the line names the consequence that heals, in the player's words
        assert "Ada's minor consequence heals: twisted knee." in words
        assert not [w for w in words if w.startswith("Ada's moderate consequence heals")]
    do(t, "gm", "end_session")
    assert t.words("bo")[-2:] == [
        "Ada's moderate consequence heals: cracked rib.",
        "The session ends: stress and scene and session consequences clear.",
    ]
    assert not state(t).characters["ada"].consequences


@pytest.mark.rules("RWYN-STRESS-002")
def test_stress__one_huge_hit_is_one_consequence() -> None:
    # src 21: "When a character's stress is filled they take consequences. The first is a minor": 9
    # stress on Endurance 3 fills the track once -> one minor, the track clears, no second overflow
    t = table(characters=ADA)
    do(t, "gm", "stress", character="ada", track="physical", amount=9)
    do(t, "ann", "consequence", character="ada")
    ada = state(t).characters["ada"]
    assert set(ada.consequences) == {Consequence.MINOR}
    assert ada.stress[Track.PHYSICAL] == 0 and ada.overflow is None


@pytest.mark.rules("RWYN-STRESS-003", "RWYN-GEN-003")
def test_taken_out__by_choice_no_enemy_move_or_call_reaches_her_until_the_scene_ends() -> None:
    # src 21: taken out is "removing themselves from the conflict": no enemy move or call for a roll
    # targets Ada for the rest of the scene (she could never answer it); the next scene she is back
    t = table(characters=ADA, gm_sets_difficulty=True)
    do(t, "gm", "stress", character="ada", track="mental", amount=3)
    do(t, "ann", "consequence", character="ada", choice="taken_out", text="storms out")
    out = "RWYN-STRESS-003"
    t.refuse("gm", "enemy_move", rule=out, character="ada", ability="Poise", difficulty=2, harm=1)
    t.refuse("gm", "call_check", rule=out, character="ada", ability="Stealth", difficulty=2)
    assert not state(t).calls
    do(t, "gm", "end_scene")
    do(t, "gm", "enemy_move", character="ada", ability="Poise", difficulty=2, harm=1)
    assert state(t).characters["ada"].standing is Standing.IN


@pytest.mark.rules("RWYN-STRESS-002", "RWYN-STRESS-003")
def test_overflow__only_ada_s_player_is_asked_and_everyone_reads_the_consequence() -> None:
    # src 21: the character takes the consequence or is taken out: Ann is asked, Bo is not; the
    # consequence Ann names is read by every seat
    t = table(characters=TWO)
    do(t, "gm", "stress", character="ada", track="physical", amount=4)
    assert [p.kind for p in t.prompts("ann")] == ["consequence"]
    assert not t.prompts("bo")
    do(t, "ann", "consequence", character="ada", text="twisted knee")
    for seat in ("ann", "bo"):
        assert "Ada takes a minor consequence: twisted knee." in t.words(seat)


# --- help between characters (src 17: players roll their own dice) ---


@pytest.mark.rules("RWYN-ABIL-010")
def test_help__bo_cannot_call_in_a_favour_on_ada_s_reputation() -> None:
    # src 29: Reputation is spent by the character who has it: Bo's Rook cannot use Ada's
    t = table(characters=TWO)
    t.refuse("bo", "favour", error=NotPermitted, character="ada", cost=1, item="a meeting")
    assert state(t).characters["ada"].rating("Reputation") == 2


@pytest.mark.rules("RWYN-GEN-001", "RWYN-GEN-003")
def test_help__bo_cannot_ask_the_gm_for_a_roll_of_ada_s() -> None:
    # src 3/17: Bo asks for rolls of his own character, not of Ann's
    t = table(characters=TWO, gm_sets_difficulty=True)
    t.refuse("bo", "ask_check", error=NotPermitted, character="ada", ability="Stealth", task="sneak past")
    assert not state(t).calls


@pytest.mark.rules("RWYN-CRIT-001")
def test_help__bo_cannot_choose_what_ada_s_critical_turns() -> None:
    # src 5: "Crit ... has PC choose place, person, or circumstance": the rolling PC's player. Science 3
    # vs 2, [6, 5, 5] -> every die a success (all-dice critical): Ann chooses, Bo cannot
    t = table(characters=TWO)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=2, dice=[6, 5, 5])
    check_id = max(state(t).checks)
    t.refuse("bo", "critical", error=NotPermitted, check=check_id, target="place", text="the lab")
    do(t, "ann", "critical", check=check_id, target="place", text="the lab")
    assert t.words("bo")[-1] == "Critical success: the place goes well — the lab."


# --- GM-only settings refused to players ---


@pytest.mark.rules("RWYN-STRESS-002")
def test_gm_only__a_player_cannot_end_the_scene_to_clear_her_stress() -> None:
    # PROPOSED (STRESS-002): stress clears at the end of the scene, which the GM calls: Ann cannot end
    # it (nor the session) to wipe Ada's 2 stress
    t = table(characters=ADA)
    do(t, "gm", "stress", character="ada", track="physical", amount=2)
    t.refuse("ann", "end_scene", error=NotPermitted)
    t.refuse("ann", "end_session", error=NotPermitted)
    assert state(t).characters["ada"].stress[Track.PHYSICAL] == 2


@pytest.mark.rules("RWYN-CRIT-002")
def test_gm_only__a_player_cannot_grant_her_own_quality_dice() -> None:
    # PROPOSED (CRIT-002): the GM grants quality dice; Ann naming a benefit on her own check is refused
    t = table({"quality_die_bonus": 1}, characters=ADA)
    t.refuse(
        "ann", "check", error=NotPermitted, character="ada", ability="Science", difficulty=3, benefit="astute"
    )


@pytest.mark.rules("RWYN-GEN-004")
def test_gm_only__a_player_cannot_write_a_gm_note() -> None:
    # GM secrets are the GM's: Ann cannot write one (it would hide a note from the other players)
    t = table(characters=ADA)
    t.refuse("ann", "gm_note", error=NotPermitted, text="Ada secretly owns the docks")
