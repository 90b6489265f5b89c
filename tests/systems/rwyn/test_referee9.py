"""A ninth referee pass over Roll When You Need: a whole scene with several characters, and its end.

First what the last stop noticed: stress past a track still waiting on its player's choice at the
end of a scene (src 21: the choice of a consequence or being taken out is the character's), a
character taken out by choice coming back when the scene ends (src 21: taken out of "the
conflict"), what the GM's menu offers while the end of a scene would be refused, and whose purchase
the GM's quantity question is about (src 27). Then situations of a scene with several characters,
and the words each seat reads. Situations from the seed (seeds/001_dcffe7bdc60b80e1.txt, "src N" =
line N) and the inventory's PROPOSED decisions, played through the table with given dice.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.rwyn.sheet import Standing, Track
from tests.systems.rwyn.helpers import do, state, table

ADA = {"ada": {"abilities": "Science:3, Stealth:2, Wealth:4, Endurance:2, Poise:2"}}
ROOK = {
    "rook": {
        "name": "Rook Marlowe",
        "abilities": "Brawling:3, Athletics:2, Endurance:2, Poise:3, Reputation:3",
        "owner": "bo",
    }
}
SEATS = ("gm", "ann", "bo")


def _menu(t: Driver, seat: str) -> set[str]:
    """The commands on ``seat``'s own menu (not the answers to its prompts)."""
    return {legal.command for legal in t.legal(seat) if legal.prompt is None}


# --- a full track still waiting when the scene ends (src 21) ---


@pytest.mark.rules("RWYN-STRESS-002", "RWYN-STRESS-003")
def test_a_full_track_waiting_on_its_player__the_scene_cannot_end_until_it_is_answered() -> None:
    # Rook's physical track is Endurance 2 (src 19, PROPOSED ABIL-002): 3 stress fills it and more
    # arrives, so a consequence is due, and the choice of a minor one or being taken out is Bo's
    # (src 21). The GM ending the scene used to wipe the stress and the waiting choice with it, not a
    # word said. Now it is refused, naming Rook, the track and Bo (a person, not a seat), nothing
    # changes, and "end the scene" is not on the GM's menu meanwhile.
    t = table(characters={**ADA, **ROOK})
    do(t, "gm", "stress", character="rook", track="physical", amount=3)
    assert state(t).characters["rook"].overflow is Track.PHYSICAL
    assert "end_scene" not in _menu(t, "gm") and "end_session" not in _menu(t, "gm")
    err = t.refuse("gm", "end_scene", rule="RWYN-STRESS-002")
    assert err.message == (
        "The scene cannot end yet: Rook Marlowe's physical stress track is full and waits for Bo to "
        "choose a consequence or being taken out. Settle it first (the GM may answer for a player)."
    ), err.message
    t.refuse("gm", "end_session", match="cannot end yet: Rook Marlowe's physical stress track is full")
    assert [p.kind for p in t.prompts("bo")] == ["consequence"]
    # Bo takes the minor consequence; then the scene ends and its stress clears
    do(t, "bo", "consequence", character="rook", text="a split lip")
    assert "end_scene" in _menu(t, "gm")
    do(t, "gm", "end_scene")
    rook = state(t).characters["rook"]
    assert rook.stress[Track.PHYSICAL] == 0 and rook.overflow is None


# --- taken out by choice, back when the scene ends (src 21) ---


@pytest.mark.rules("RWYN-STRESS-003", "RWYN-STRESS-002")
def test_taken_out_by_choice__every_seat_reads_the_character_is_back_when_the_scene_ends() -> None:
    # src 21: being taken out removes the character "from the conflict" (runs away, knocked out):
    # the scene is the conflict, so Rook is back when it ends (Standing: back next scene). The table
    # put him back without a word; now the scene's last line says so, in every seat.
    t = table(characters={**ADA, **ROOK})
    do(t, "gm", "stress", character="rook", track="physical", amount=3)
    do(t, "bo", "consequence", character="rook", choice="taken_out", text="he bolts down the alley")
    assert state(t).characters["rook"].standing is Standing.OUT_BY_CHOICE
    do(t, "gm", "end_scene")
    for seat in SEATS:
        assert t.words(seat)[-1] == "The scene ends: stress clears; Rook Marlowe is back in play.", seat
    assert state(t).characters["rook"].standing is Standing.IN
    # two at once, and at the end of a session
    t = table(characters={**ADA, **ROOK})
    for who, seat in (("ada", "ann"), ("rook", "bo")):
        do(t, "gm", "stress", character=who, track="mental", amount=4)
        do(t, seat, "consequence", character=who, choice="taken_out")
    do(t, "gm", "end_session")
    assert t.words("ann")[-1] == (
        "The session ends: stress and scene and session consequences clear; Ada and Rook Marlowe are "
        "back in play."
    )


# --- the GM's menu offers only what the table takes (src 11, 13, 21, 27) ---


@pytest.mark.rules("RWYN-SAC-001", "RWYN-EFFECT-003", "RWYN-STRESS-005")
def test_the_gm_menu__offers_no_command_the_table_would_refuse_as_it_stands() -> None:
    # Science 3 vs 5: 3 dice + 2 disaster dice (src 9); [5 6 2] = 2 successes, Ann may sacrifice one
    # before the disaster dice roll (src 13). While it waits, "end the scene" was on the GM's menu and
    # clicking it was refused; so were, at an empty table, words for a check nobody rolled, an outcome
    # nobody waits for, a consequence nobody has and a call nobody made.
    t = table()
    gm_menu = _menu(t, "gm")
    assert not gm_menu & {"complications", "mixed", "quantity", "outcome", "recover", "withdraw_call"}
    assert not gm_menu & {"set_ability", "call_check", "enemy_move", "stress", "award_xp"}  # nobody yet
    assert "end_scene" in gm_menu
    t = table(characters={**ADA, **ROOK})
    assert {"call_check", "enemy_move", "stress", "set_ability"} <= _menu(t, "gm")
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[5, 6, 2])
    assert "end_scene" not in _menu(t, "gm") and "end_session" not in _menu(t, "gm")
    # Ann sacrifices one; the last disaster die [5] = 1 problem: the GM owes a complication, which
    # the prompt offers (not a menu entry of its own), and the end is still not offered
    do(t, "ann", "sacrifice", check=1, count=1, dice=[5])
    assert [p.kind for p in t.prompts("gm")] == ["complications"]
    assert "end_scene" not in _menu(t, "gm")
    assert any(legal.command == "complications" for legal in t.legal("gm"))
    do(t, "gm", "complications", check=1, texts=["the alarm trips"])
    assert {"end_scene", "end_session"} <= _menu(t, "gm")


# --- whose purchase the GM limits (src 27) ---


@pytest.mark.rules("RWYN-ABIL-008", "RWYN-ABIL-004")
def test_the_quantity_question__names_whose_purchase_it_is() -> None:
    # Wealth 4, cost 3: one below Wealth, bought without trouble in limited quantities (src 27); the
    # GM says how many. With two characters shopping, the question named neither.
    t = table(characters={**ADA, **ROOK})
    do(t, "ann", "buy", character="ada", cost=3, item="a motorbike")
    question = t.prompt("gm", "quantity").question
    assert question == "'a motorbike' costs one below Ada's Wealth: how many may Ada buy?", question


# --- a scene with several characters: the GM's questions, moves that lapse (src 11, 15, 21) ---


@pytest.mark.rules("RWYN-EFFECT-003", "RWYN-MIX-002", "RWYN-MIX-003")
def test_two_characters_rolls__each_question_the_gm_reads_names_whose_check() -> None:
    # Ada: Stealth 2 vs 3, [5 1] = 1 success (one 1: not mixed), 1 disaster die [6] = 1 problem.
    # Rook: Brawling 3 vs 4, [5 1 1] = 1 success with two 1s: a mixed success (src 15), 1 disaster
    # die [6] = 1 problem. Then he defends Athletics 2 vs 2, [1 2]: a failure with two 1s, mixed:
    # a silver lining (src 15). Four questions wait for the GM at once; they read alike, so the GM
    # could not tell whose complication or whose taint each asks for. Each now names the check.
    t = table(characters={**ADA, **ROOK})
    do(t, "ann", "check", character="ada", ability="Stealth", difficulty=3, dice=[5, 1, 6])
    do(t, "bo", "check", character="rook", ability="Brawling", difficulty=4, dice=[5, 1, 1, 6])
    do(t, "gm", "enemy_move", character="rook", ability="Athletics", difficulty=2, move="a thrown chair")
    do(t, "bo", "defend", call=3, dice=[1, 2])
    assert [p.question for p in t.prompts("gm")] == [
        "1 disaster success on Ada's check 1: name that many complications.",
        "1 disaster success on Rook Marlowe's check 2: name that many complications.",
        "Mixed success on Rook Marlowe's check 2: how is the success tainted (less than a disaster)?",
        "Mixed failure on Rook Marlowe's check 3: what is the silver lining?",
    ]
    assert t.words("ann")[-1] == "Rook Marlowe takes 1 physical stress."


@pytest.mark.rules("RWYN-STRESS-003", "RWYN-GEN-003")
def test_taken_out_by_choice__a_move_still_declared_against_him_lapses_and_every_seat_reads_why() -> None:
    # The GM declares two moves against Rook (calls 1 and 2). Bo defends the first, Athletics 2 vs
    # 2: [2 3] = 0 successes, 1 stress; the GM deals 2 more: Endurance 2 is full, a consequence is
    # due. Bo chooses to be taken out (src 21: he leaves the conflict). The second move used to stay
    # open with nobody asked to roll it, on the Waiting panel until the scene ended; now it is
    # withdrawn at once, and every seat reads why.
    t = table(characters={**ADA, **ROOK})
    do(t, "gm", "enemy_move", character="rook", ability="Athletics", difficulty=2, move="a thrown chair")
    do(t, "gm", "enemy_move", character="rook", ability="Athletics", difficulty=2, move="a second chair")
    do(t, "bo", "defend", call=1, dice=[2, 3])
    do(t, "gm", "stress", character="rook", track="physical", amount=2)
    do(t, "bo", "consequence", character="rook", choice="taken_out", text="he dives out of the window")
    assert state(t).calls == {}
    for seat in SEATS:
        assert t.words(seat)[-2:] == [
            "Rook Marlowe is taken out by choice: he dives out of the window.",
            "Call 2 for Rook Marlowe's Athletics is withdrawn: Rook Marlowe is out of the conflict.",
        ], seat
    t.refuse("bo", "defend", match="no open call 2", call=2)
    assert not any(row[0] == "call 2" for p in t.view("gm")["panels"] for row in p["rows"])


@pytest.mark.rules("RWYN-STRESS-004", "RWYN-STRESS-005")
def test_a_fourth_consequence__out_for_good_is_not_back_when_the_scene_ends() -> None:
    # Rook has minor, moderate and major; a fourth overflow, accepted, takes him out for good (src 21:
    # "usually death"); a move still declared against him lapses. The scene may end before the GM
    # words how he is out (the GM's own words, asked for as long as they are owed), and its last line
    # brings back only Ada, taken out by choice, not Rook.
    t = table(characters={**ADA, **ROOK})
    for text in ("bruised", "cracked rib", "broken arm"):
        do(t, "gm", "stress", character="rook", track="physical", amount=3)
        do(t, "bo", "consequence", character="rook", text=text)
    do(t, "gm", "enemy_move", character="rook", ability="Athletics", difficulty=2, move="a last blow")
    do(t, "gm", "stress", character="ada", track="mental", amount=3)
    do(t, "ann", "consequence", character="ada", choice="taken_out", text="she walks out")
    do(t, "gm", "stress", character="rook", track="physical", amount=3)
    do(t, "bo", "consequence", character="rook")
    assert state(t).characters["rook"].standing is Standing.OUT_FOR_GOOD and state(t).calls == {}
    assert t.words("bo")[-1] == (
        "Call 1 for Rook Marlowe's Athletics is withdrawn: Rook Marlowe is out of the conflict."
    )
    do(t, "gm", "end_scene")
    assert t.words("bo")[-1] == "The scene ends: stress clears; Ada is back in play."
    assert state(t).characters["rook"].standing is Standing.OUT_FOR_GOOD
    assert [p.kind for p in t.prompts("gm")] == ["outcome"]
    do(t, "gm", "outcome", character="rook", text="he does not get up")
    assert t.words("ann")[-1] == "Rook Marlowe is out: he does not get up."


@pytest.mark.rules("RWYN-SAC-001", "RWYN-STRESS-002")
def test_ending_the_scene_over_a_check_and_a_full_track__the_refusal_names_both_and_who_answers() -> None:
    # Ada: Science 3 vs 5, [6 5 2] = 2 successes, 2 disaster dice: Ann may sacrifice one (src 13).
    # Rook's mental track (Poise 3) overflows at 4: Bo's choice (src 21). One refusal names both.
    t = table(characters={**ADA, **ROOK})
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    do(t, "gm", "stress", character="rook", track="mental", amount=4)
    err = t.refuse("gm", "end_scene")
    assert err.message == (
        "The scene cannot end yet: Ada's check 1 waits for Ann to say how many successes to sacrifice "
        "before its disaster dice roll; Rook Marlowe's mental stress track is full and waits for Bo to "
        "choose a consequence or being taken out. Settle them first (the GM may answer for a player)."
    ), err.message
    # the GM answers both for quiet players: no sacrifice, disaster [3 4] = nothing; 2 successes
    # kept, one more effect owed (src 11); Rook takes the minor consequence
    do(t, "gm", "sacrifice", check=1, count=0, dice=[3, 4])
    do(t, "gm", "effects", check=1, picks=["quietly"])
    do(t, "gm", "consequence", character="rook", text="rattled")
    do(t, "gm", "end_scene")
    assert t.words("ann")[-1] == "The scene ends: stress clears."


@pytest.mark.rules("RWYN-SAC-004", "RWYN-EFFECT-001", "RWYN-CRIT-001")
def test_one_player_with_two_characters__each_of_her_questions_names_which_character() -> None:
    # Ann plays Ada and Cass. Both roll Science 3 vs 5 (3 dice, 2 disaster dice, src 9): Ada [6 5 2]
    # and Cass [6 6 5], each may sacrifice one success (src 13). Her two questions read "You rolled
    # ..." alike; now each names the character and the check. Cass's [6 6 5] is every die a success:
    # a critical success (PROPOSED CRIT-001), Ann's choice; its question names Cass too.
    cass = {"cass": {"name": "Cass", "abilities": "Science:3, Endurance:2, Poise:2"}}
    t = table(characters={**ADA, **cass})
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    do(t, "ann", "check", character="cass", ability="Science", difficulty=5, dice=[6, 6, 5])
    assert [p.question for p in t.prompts("ann")] == [
        "Ada rolled 2 successes against 2 disaster dice (check 1). "
        "Sacrifice how many successes to remove disaster dice (0-1)?",
        "Cass rolled 3 successes against 2 disaster dice (check 2). "
        "Sacrifice how many successes to remove disaster dice (0-1)?",
    ]
    # Cass sacrifices one: 1 disaster die [3], nothing; 2 kept, 1 more effect (src 11)
    do(t, "ann", "sacrifice", check=2, count=1, dice=[3])
    assert [p.question for p in t.prompts("ann")][1:] == [
        "2 successes kept on Cass's check 2: 'I accomplish the task' plus 1 more effect.",
        "Critical success on Cass's check 2: choose a place, person or circumstance that goes well.",
    ]


@pytest.mark.rules("RWYN-GEN-001", "RWYN-EFFECT-001")
def test_a_gm_table_scene__an_ask_a_call_a_roll_and_only_the_roller_is_asked_for_effects() -> None:
    # At a table where the GM sets difficulties (src 17), Bo asks to knock out the bouncer with
    # Rook's Brawling; the GM rules it Easy (2); only Bo rolls it (Ann is refused); Brawling 3 vs 2:
    # [5 6 2] = 2 successes, no disaster dice (src 7): 'I accomplish the task' plus one (src 11),
    # asked of Bo alone. Each seat reads the same four lines, naming Rook, with the numbers.
    t = table(characters={**ADA, **ROOK}, gm_sets_difficulty=True)
    do(t, "bo", "ask_check", character="rook", ability="Brawling", task="knock out the bouncer")
    t.refuse("bo", "call_check", ask=1, difficulty=1)
    do(t, "gm", "call_check", ask=1, difficulty=2)
    t.refuse("ann", "check", call=1)
    do(t, "bo", "check", call=1, dice=[5, 6, 2])
    assert t.prompts("ann") == [] and [p.kind for p in t.prompts("bo")] == ["effects"]
    lines = [
        "Rook Marlowe asks to roll Brawling to knock out the bouncer.",
        "The GM calls for Rook Marlowe's Brawling vs difficulty 2 (Easy) to knock out the bouncer.",
        "Rook Marlowe rolls Brawling 3 vs difficulty 2 (Easy) to knock out the bouncer: [5 6 2] = 2 "
        "successes.",
        "Rook Marlowe: success.",
    ]
    for seat in SEATS:
        assert t.words(seat)[-4:] == lines, seat
    t.refuse("ann", "effects", check=1, picks=["quietly"])
    do(t, "bo", "effects", check=1, picks=["quietly"])
    assert t.words("ann")[-2:] == [
        "Rook Marlowe: I accomplish the task, quietly.",
        "Rook Marlowe's check 1 is settled.",
    ]


@pytest.mark.rules("RWYN-STRESS-002", "RWYN-STRESS-003")
def test_the_end_of_a_scene__every_seat_reads_what_heals_then_who_is_back_in_that_order() -> None:
    # Rook takes a minor consequence (a split lip), then overflows again and chooses to be taken out
    # rather than take the moderate (src 21). Ada holds 1 mental stress. The scene ends: stress
    # clears (PROPOSED STRESS-002), the minor heals (default: after the scene), and Rook is back.
    t = table(characters={**ADA, **ROOK})
    do(t, "gm", "stress", character="rook", track="physical", amount=3)
    do(t, "bo", "consequence", character="rook", text="a split lip")
    do(t, "gm", "stress", character="rook", track="physical", amount=3)
    do(t, "bo", "consequence", character="rook", choice="taken_out", text="he limps off")
    do(t, "gm", "stress", character="ada", track="mental", amount=1)
    do(t, "gm", "end_scene")
    for seat in SEATS:
        assert t.words(seat)[-2:] == [
            "Rook Marlowe's minor consequence heals: a split lip.",
            "The scene ends: stress clears; Rook Marlowe is back in play.",
        ], seat
    ada, rook = state(t).characters["ada"], state(t).characters["rook"]
    assert ada.stress[Track.MENTAL] == 0 and rook.standing is Standing.IN and not rook.consequences
    (sheet,) = [p for p in t.view("ann")["panels"] if p["title"] == "Characters"]
    assert [row[5] for row in sheet["rows"]] == ["in", "in"]


@pytest.mark.rules("RWYN-STRESS-002", "RWYN-STRESS-003")
def test_two_full_tracks_at_once__the_end_waits_for_both_players_and_the_gm_menu_follows() -> None:
    # One blast fills both: Ada's Endurance 2 and Rook's Endurance 2 each take 3 (src 19). Each
    # player is asked about their own character only (src 21). The end is off the GM's menu until
    # both have answered, and the refusal names both players.
    t = table(characters={**ADA, **ROOK})
    do(t, "gm", "stress", character="ada", track="physical", amount=3)
    do(t, "gm", "stress", character="rook", track="physical", amount=3)
    assert [p.question for p in t.prompts("ann")] == [
        "Ada's physical stress is full: take a minor consequence, or be taken out of the conflict?"
    ]
    assert [p.context["character"] for p in t.prompts("bo")] == ["rook"]
    t.refuse(
        "gm",
        "end_scene",
        match="Ada's physical stress track is full and waits for Ann to choose a consequence or being "
        "taken out; Rook Marlowe's physical stress track is full and waits for Bo",
    )
    t.refuse("ann", "consequence", character="rook")
    do(t, "ann", "consequence", character="ada", text="singed")
    assert "end_scene" not in _menu(t, "gm")
    do(t, "bo", "consequence", character="rook", choice="taken_out")
    assert "end_scene" in _menu(t, "gm")
    do(t, "gm", "end_scene")
    assert t.words("gm")[-2:] == [
        "Ada's minor consequence heals: singed.",
        "The scene ends: stress clears; Rook Marlowe is back in play.",
    ]


@pytest.mark.rules("RWYN-STRESS-003", "RWYN-GEN-003")
def test_back_in_play__the_next_scenes_move_reaches_him_and_bo_is_asked_to_roll() -> None:
    # Taken out by choice, Rook is refused a move against him and Bo's ask for him until the scene
    # ends (src 21); back in the next scene, a move reaches him: Athletics 2 vs 3, 2 dice + 1
    # disaster die (src 9); [5 2] = 1 success, disaster [6] = 1 problem: the defence holds, and the
    # problem is 1 stress (PROPOSED GEN-003).
    t = table(characters={**ADA, **ROOK})
    do(t, "gm", "stress", character="rook", track="physical", amount=3)
    do(t, "bo", "consequence", character="rook", choice="taken_out")
    t.refuse("gm", "enemy_move", character="rook", ability="Athletics", difficulty=3, match="taken out")
    t.refuse("bo", "ask_check", character="rook", ability="Brawling", match="taken out")
    do(t, "gm", "end_scene")
    do(t, "gm", "enemy_move", character="rook", ability="Athletics", difficulty=3, move="a bottle")
    assert [p.kind for p in t.prompts("bo")] == ["roll"]
    do(t, "bo", "defend", call=1, dice=[5, 2, 6])
    assert t.words("ann")[-3:] == [
        "Rook Marlowe: success, 1 disaster success.",
        "Rook Marlowe takes 1 physical stress.",
        "Rook Marlowe's check 1 is settled.",
    ]


@pytest.mark.rules("RWYN-EFFECT-003", "RWYN-MIX-003")
def test_waiting_panel__an_open_check_says_who_it_waits_for_and_what_not_its_stage() -> None:
    # the same two rolls as above: the GM's Waiting panel ended each check's row in "— answers"
    # (the stage's name); it now says whose answer is due and which
    t = table(characters={**ADA, **ROOK})
    do(t, "ann", "check", character="ada", ability="Stealth", difficulty=3, dice=[5, 1, 6])
    do(t, "bo", "check", character="rook", ability="Brawling", difficulty=4, dice=[5, 1, 1, 6])
    (waiting,) = [p for p in t.view("gm")["panels"] if p["title"] == "Waiting"]
    assert waiting["rows"] == [
        [
            "check 1",
            "Ada: Stealth vs difficulty 3 (Moderate) — rolled; waits for the GM to name its complications",
        ],
        [
            "check 2",
            "Rook Marlowe: Brawling vs difficulty 4 (Tough) — rolled; waits for the GM to name its "
            "complications and say its taint",
        ],
    ]
