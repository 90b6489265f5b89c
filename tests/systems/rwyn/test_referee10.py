"""A tenth referee pass over Roll When You Need: a scene of three characters and the GM's calls.

Three players (Ann, Bo, Cy), one character each (Ada, Rook, Vesper), at a table where the GM sets the
difficulties and calls for the rolls (src 17: "Players roll all the dice. An enemy's moves have
difficulties instead"): calls to the whole crew answered in any order and only by each character's
player, a call the GM takes back, a call the GM answers for a player gone quiet, what a player may
not change in a call, three enemy moves each on its own character's track and consequence ladder,
each player asked only their own questions, and the words every seat reads. Situations from the
seed (seeds/001_dcffe7bdc60b80e1.txt, "src N" = line N) and the inventory's PROPOSED decisions,
played through the table with given dice; they stay off what test_referee.py .. test_referee9.py pin.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.model import Role, Seat
from capeworks.engine.testing import Driver
from capeworks.systems.rwyn.sheet import Consequence, Track
from tests.systems.rwyn.helpers import RULESET, do, last, state

SEATS = (
    Seat(id="gm", name="Game master", role=Role.GM),
    Seat(id="ann", name="Ann"),
    Seat(id="bo", name="Bo"),
    Seat(id="cy", name="Cy"),
)
CREW: dict[str, dict[str, Any]] = {
    "ada": {"owner": "ann", "abilities": "Science:3, Stealth:2, Athletics:1, Endurance:2, Poise:2"},
    "rook": {
        "name": "Rook Marlowe",
        "owner": "bo",
        "abilities": "Brawling:3, Athletics:2, Endurance:2, Poise:3",
    },
    "vesper": {
        "name": "Vesper Vane",
        "owner": "cy",
        "abilities": "Guns:2, Gymnastics:3, Endurance:1, Poise:1",
    },
}


def _crew() -> Driver:
    """Ada (Ann), Rook (Bo) and Vesper (Cy) at a table where the GM sets the difficulties."""
    d = Driver(RULESET, config={}, seats=SEATS, seed=10)
    for cid, payload in CREW.items():
        d.do("gm", "add_character", payload={"id": cid, "talents": "Knack", **payload})
    return d


def _check(events):  # type: ignore[no-untyped-def]
    return last(events, "check_resolved")["check"]


def _kinds(d: Driver, seat: str) -> list[str]:
    return sorted(p.kind for p in d.prompts(seat))


# --- the GM's calls to three characters (src 7, 9, 17) ---


@pytest.mark.rules("RWYN-GEN-003", "RWYN-POOL-003", "RWYN-POOL-004", "RWYN-POOL-002")
def test_a_call_to_the_whole_crew__answered_in_any_order_each_only_by_its_player() -> None:
    # The GM calls Athletics vs 2 for all three (jump the gap). The seed gives no order for rolls, so
    # Cy rolls Vesper's (call 3) first; Cy may not roll Ada's (call 1), nor Ann Rook's.
    # Vesper: Athletics 0 vs 2 -> no ability die, 2 disaster dice (src 9; PROPOSED POOL-002):
    #   [1 5] = a failure with 1 problem.
    # Ada: Athletics 1 vs 2 -> 1 die + 1 disaster die (src 9): [5] = 1 success, disaster [6] = 1 problem;
    #   she succeeds anyway ("tho you may succeed anyway", src 9); every die a success: a critical.
    # Rook: Athletics 2 vs 2 -> 2 dice, no disaster dice (src 7): [2 3] = 0 successes, a failure.
    d = _crew()
    for who in CREW:
        do(d, "gm", "call_check", character=who, ability="Athletics", difficulty=2, task="jump the gap")
    d.refuse("cy", "check", call=1, dice=[5, 6], match="only act for your own characters; Ada is played")
    d.refuse("ann", "check", call=2, dice=[5, 6], match="only act for your own characters; Rook Marlowe")
    vesper = _check(do(d, "cy", "check", call=3, dice=[1, 5]))
    ada = _check(do(d, "ann", "check", call=1, dice=[5, 6]))
    rook = _check(do(d, "bo", "check", call=2, dice=[2, 3]))
    got = [(c["success"], c["successes"], c["disaster_successes"]) for c in (vesper, ada, rook)]
    assert got == [(False, 0, 1), (True, 1, 1), (False, 0, 0)]
    # only Ann is asked what Ada's critical turns (src 5); the GM words the two problems (src 11)
    assert (_kinds(d, "ann"), _kinds(d, "bo"), _kinds(d, "cy")) == (["critical"], [], [])
    assert [p.kind for p in d.prompts() if p.seat is None] == ["complications", "complications"]


@pytest.mark.rules("RWYN-GEN-003", "RWYN-ABIL-001")
def test_a_call_for_someone_not_at_the_table_or_an_ability_off_the_list__a_sentence_and_nothing_changed() -> (
    None
):
    # A typo in the GM's call names no one at the table, or no ability of the campaign's list
    # (src 23): each is refused in a sentence naming what is known, and nothing changes.
    d = _crew()
    err = d.refuse("gm", "call_check", character="vespr", ability="Guns", difficulty=2)
    assert err.message == "There is no character 'vespr' at this table. Known: ada, rook, vesper.", (
        err.message
    )
    err = d.refuse("gm", "call_check", character="vesper", ability="Gunz", difficulty=2)
    assert err.message.startswith("There is no ability called 'Gunz' at this table. Known: Academics, Art,")


@pytest.mark.rules("RWYN-GEN-003", "RWYN-POOL-001")
def test_a_called_check__its_player_may_not_change_the_ability_or_the_difficulty() -> None:
    # The GM called Vesper's Guns vs 3 (src 17: an enemy's or a task's difficulty is the GM's):
    # Cy may not roll Gymnastics instead, nor name an easier difficulty, in answer to the call.
    d = _crew()
    do(d, "gm", "call_check", character="vesper", ability="Guns", difficulty=3, task="shoot the lock")
    d.refuse("cy", "check", call=1, ability="Gymnastics", dice=[5, 5, 5], match="drop ability=")
    d.refuse("cy", "check", call=1, difficulty=2, dice=[5, 5], match="drop difficulty=")
    d.refuse("cy", "check", call=1, character="ada", dice=[5, 5], match="Ada is played by another seat")
    assert list(state(d).calls) == [1]


@pytest.mark.rules("RWYN-GEN-003", "RWYN-POOL-004", "RWYN-POOL-005")
def test_a_player_gone_quiet__the_gm_rolls_the_call_and_every_seat_reads_it_as_vesper_s() -> None:
    # Cy has stepped away; the GM rolls Vesper's called Guns 2 vs 3 for him (the GM disposes): 2 dice
    # + 1 disaster die (src 9): [6 2] = 1 success, disaster [4] = none: a success with no problem,
    # one success so only "I accomplish the task" (src 11): nothing left to ask, the check settles.
    d = _crew()
    do(d, "gm", "call_check", character="vesper", ability="Guns", difficulty=3, task="shoot the lock")
    do(d, "gm", "check", call=1, dice=[6, 2, 4])
    lines = [
        "Vesper Vane rolls Guns 2 vs difficulty 3 (Moderate) to shoot the lock: [6 2] = 1 success; 1 "
        "disaster die.",
        "Disaster dice [4]: 0 disaster successes.",
        "Vesper Vane: success.",
        "Vesper Vane's check 1 is settled.",
    ]
    for seat in ("gm", "ann", "bo", "cy"):
        assert d.words(seat)[-4:] == lines, seat
    assert d.prompts() == []


@pytest.mark.rules("RWYN-GEN-001")
def test_the_gm_takes_back_one_of_three_calls__nobody_rolls_it_and_the_others_still_stand() -> None:
    # The GM calls Rook's Brawling vs 2 and Ada's Science vs 4, then the guard walks away: the GM
    # (only the GM: Bo may not) takes back Rook's call; nobody rolls it, every seat reads why, and
    # Ada's call still stands: Science 3 vs 4 -> 3 dice + 1 disaster die (src 9): [5 6 1] = 2
    # successes, disaster [2] = none (the last disaster die is never sacrificed, src 13: no question).
    d = _crew()
    do(d, "gm", "call_check", character="rook", ability="Brawling", difficulty=2)
    do(d, "gm", "call_check", character="ada", ability="Science", difficulty=4)
    d.refuse("bo", "withdraw_call", call=1, match="only the GM can withdraw it")
    do(d, "gm", "withdraw_call", call=1, why="the guard walks away")
    for seat in ("gm", "ann", "bo", "cy"):
        assert (
            d.words(seat)[-1] == "Call 1 for Rook Marlowe's Brawling is withdrawn: the guard walks away."
        ), seat
    d.refuse("bo", "check", call=1, dice=[5, 5, 5], match="There is no open call 1")
    assert [p.kind for p in d.prompts("ann")] == ["roll"]
    ada = _check(do(d, "ann", "check", call=2, dice=[5, 6, 1, 2]))
    assert (ada["success"], ada["successes"], ada["disaster_successes"]) == (True, 2, 0)


# --- enemy moves against three characters, each on its own ladder (src 17, 19, 21) ---


def _three_moves(d: Driver) -> None:
    """A sniper at Vesper (Gymnastics vs 4, 2 physical), a bouncer at Rook (Brawling vs 2, 2
    physical), a cutting remark at Ada (Poise vs 3, 1 mental): calls 1, 2, 3."""
    do(
        d,
        "gm",
        "enemy_move",
        character="vesper",
        ability="Gymnastics",
        difficulty=4,
        harm=2,
        move="a sniper's shot",
    )
    do(
        d,
        "gm",
        "enemy_move",
        character="rook",
        ability="Brawling",
        difficulty=2,
        harm=2,
        move="a bouncer's punch",
    )
    do(
        d,
        "gm",
        "enemy_move",
        character="ada",
        ability="Poise",
        difficulty=3,
        track="mental",
        move="a cutting remark",
    )


@pytest.mark.rules("RWYN-GEN-003", "RWYN-STRESS-001", "RWYN-STRESS-002")
def test_three_enemy_moves__each_defended_only_by_its_player_each_on_its_own_track() -> None:
    # Each player is asked to defend only their own character (src 17: players roll all the dice).
    # Rook: Brawling 3 vs 2, [2 3 4] = 0 successes: fails, takes the move's 2 physical stress, which
    #   fills Endurance 2 exactly: no consequence (src 19, 21).
    # Ada: Poise 2 vs 3 -> 2 dice + 1 disaster die: [1 1] = 0 successes, disaster [5] = 1: fails,
    #   1 harm + 1 per disaster success = 2 mental stress (PROPOSED GEN-003), Poise 2 full exactly.
    # Vesper: Gymnastics 3 vs 4 -> 3 dice + 1 disaster die: [5 2 1] = 1 success, disaster [6] = 1:
    #   the defence holds, but the disaster success is 1 physical stress (PROPOSED GEN-003), which
    #   fills Endurance 1 exactly.
    d = _crew()
    _three_moves(d)
    assert [(p.seat, p.kind) for p in d.prompts()] == [("cy", "roll"), ("bo", "roll"), ("ann", "roll")]
    d.refuse("ann", "defend", call=1, dice=[5, 5, 5, 1], match="Vesper Vane is played by another seat")
    do(d, "bo", "defend", call=2, dice=[2, 3, 4])
    do(d, "ann", "defend", call=3, dice=[1, 1, 5])
    do(d, "cy", "defend", call=1, dice=[5, 2, 1, 6])
    people = state(d).characters
    got = {cid: (c.stress[Track.PHYSICAL], c.stress[Track.MENTAL], c.overflow) for cid, c in people.items()}
    assert got == {"ada": (0, 2, None), "rook": (2, 0, None), "vesper": (1, 0, None)}
    assert d.words("bo")[-3:-1] == [
        "Vesper Vane: success, 1 disaster success.",
        "Vesper Vane takes 1 physical stress.",
    ]


@pytest.mark.rules("RWYN-STRESS-002", "RWYN-STRESS-003")
def test_the_consequence_ladder__each_character_s_own_and_each_player_asked_only_theirs() -> None:
    # After the three moves, two more land: 1 physical on Vesper (Endurance 1, full) and 1 on Rook
    # (Endurance 2, full). Each overflows into the FIRST rung of their own ladder (src 21; PROPOSED
    # STRESS-002: one ladder per character): Vesper's minor is not Rook's, so Rook's is a minor too.
    # Only Cy is asked about Vesper, only Bo about Rook (Bo may not answer Vesper's), Ann about neither.
    d = _crew()
    _three_moves(d)
    do(d, "bo", "defend", call=2, dice=[2, 3, 4])
    do(d, "ann", "defend", call=3, dice=[1, 1, 5])
    do(d, "cy", "defend", call=1, dice=[5, 2, 1, 6])
    do(d, "gm", "stress", character="vesper", track="physical", amount=1)
    do(d, "gm", "stress", character="rook", track="physical", amount=1)
    # (Ann's one question is what Ada's critical failure, [1 1], turns: src 5)
    assert (_kinds(d, "ann"), _kinds(d, "bo"), _kinds(d, "cy")) == (
        ["critical"],
        ["consequence"],
        ["consequence"],
    )
    d.refuse(
        "bo", "consequence", character="vesper", text="a graze", match="Vesper Vane is played by another"
    )
    do(d, "cy", "consequence", character="vesper", text="a grazed shoulder")
    do(d, "bo", "consequence", character="rook", text="a split lip")
    people = state(d).characters
    assert dict(people["vesper"].consequences) == {Consequence.MINOR: "a grazed shoulder"}
    assert dict(people["rook"].consequences) == {Consequence.MINOR: "a split lip"}
    assert dict(people["ada"].consequences) == {}
    # the consequence clears the track it overflowed (PROPOSED STRESS-002); Ada's stress is hers
    assert (people["vesper"].stress[Track.PHYSICAL], people["rook"].stress[Track.PHYSICAL]) == (0, 0)
    assert people["ada"].stress[Track.MENTAL] == 2


@pytest.mark.rules("RWYN-SAC-001", "RWYN-SAC-004")
def test_three_checks_waiting_for_their_sacrifices__each_player_sees_and_answers_only_their_own() -> None:
    # Three calls against 5 (Hard): Ada Science 3 -> 3 dice + 2 disaster dice, [6 5 2] = 2 successes;
    # Rook Brawling 3 -> [5 5 1] = 2 successes, 2 disaster dice; Vesper Guns 2 -> 2 dice + 3 disaster
    # dice, [6 6] = 2 successes. Each may now sacrifice successes before the disaster dice (src 13);
    # each question goes to its own player alone, and Cy may not spend Rook's.
    d = _crew()
    do(d, "gm", "call_check", character="ada", ability="Science", difficulty=5)
    do(d, "gm", "call_check", character="rook", ability="Brawling", difficulty=5)
    do(d, "gm", "call_check", character="vesper", ability="Guns", difficulty=5)
    do(d, "ann", "check", call=1, dice=[6, 5, 2])
    do(d, "bo", "check", call=2, dice=[5, 5, 1])
    do(d, "cy", "check", call=3, dice=[6, 6])
    asked = {
        seat: [(p.kind, p.context.get("check")) for p in d.prompts(seat)] for seat in ("ann", "bo", "cy")
    }
    assert asked == {"ann": [("sacrifice", 1)], "bo": [("sacrifice", 2)], "cy": [("sacrifice", 3)]}
    # the refusal says whose check it is (it said "Only the character's player or the GM can answer
    # that.", naming none of the three)
    err = d.refuse("cy", "sacrifice", check=2, count=1)
    assert err.message == "Only Rook Marlowe's player or the GM can answer check 2.", err.message
    # Cy spends one of Vesper's: 3 disaster dice -> 2 rolled, [2 3] = none; 1 success kept: success
    vesper = _check(do(d, "cy", "sacrifice", check=3, count=1, dice=[2, 3]))
    assert (vesper["success"], vesper["kept"], vesper["sacrificed"], vesper["disaster_successes"]) == (
        True,
        1,
        1,
        0,
    )
    assert [p.kind for p in d.prompts("ann")] == ["sacrifice"] and [p.kind for p in d.prompts("bo")] == [
        "sacrifice"
    ]


@pytest.mark.rules("RWYN-GEN-003", "RWYN-EFFECT-003")
def test_a_call_round__every_seat_reads_the_same_lines_and_no_player_the_gm_s_questions() -> None:
    # The round of the first situation, read in every seat: the calls and rolls name each person,
    # carry the dice and the numbers, and end as sentences; the GM's questions (the two problems to
    # word, src 11) are the GM's alone, and Ann's question about her critical (src 5) is hers alone.
    d = _crew()
    for who in CREW:
        do(d, "gm", "call_check", character=who, ability="Athletics", difficulty=2, task="jump the gap")
    do(d, "cy", "check", call=3, dice=[1, 5])
    do(d, "ann", "check", call=1, dice=[5, 6])
    do(d, "bo", "check", call=2, dice=[2, 3])
    lines = [
        "The GM calls for Ada's Athletics vs difficulty 2 (Easy) to jump the gap.",
        "The GM calls for Rook Marlowe's Athletics vs difficulty 2 (Easy) to jump the gap.",
        "The GM calls for Vesper Vane's Athletics vs difficulty 2 (Easy) to jump the gap.",
        "Vesper Vane rolls Athletics 0 vs difficulty 2 (Easy) to jump the gap: no dice (ability 0), "
        "0 successes; 2 disaster dice.",
        "Disaster dice [1 5]: 1 disaster success.",
        "Vesper Vane: failure, 1 disaster success.",
        "Ada rolls Athletics 1 vs difficulty 2 (Easy) to jump the gap: [5] = 1 success; 1 disaster die.",
        "Disaster dice [6]: 1 disaster success.",
        "Ada: success, 1 disaster success, critical success.",
        "Rook Marlowe rolls Athletics 2 vs difficulty 2 (Easy) to jump the gap: [2 3] = 0 successes.",
        "Rook Marlowe: failure.",
        "Rook Marlowe's check 2 is settled.",
    ]
    for seat in ("gm", "ann", "bo", "cy"):
        assert d.words(seat)[-len(lines) :] == lines, seat
    for seat in ("bo", "cy"):
        assert d.prompts(seat) == [], seat
    assert [p.question for p in d.prompts("ann")] == [
        "Critical success on Ada's check 1: choose a place, person or circumstance that goes well."
    ]


@pytest.mark.rules("RWYN-STRESS-003", "RWYN-GEN-003", "RWYN-STRESS-001")
def test_vesper_taken_out_by_a_mental_blow__her_call_lapses_rook_s_still_stands() -> None:
    # The GM calls Vesper's Gymnastics (call 1) and Rook's Brawling (call 2), then a taunt at Vesper:
    # Poise vs 3, harm 2, mental. Poise 1 -> 1 die + 2 disaster dice (src 9): [3] = 0 successes,
    # disaster [5 2] = 1: 2 + 1 = 3 mental stress (PROPOSED GEN-003) on a Poise-1 track (src 19):
    # full, a consequence or taken out (src 21). Cy chooses taken out: she leaves the conflict, so her
    # call lapses (nobody rolls it) while Rook's still stands, and every seat reads why.
    d = _crew()
    do(
        d,
        "gm",
        "call_check",
        character="vesper",
        ability="Gymnastics",
        difficulty=2,
        task="leap to the crane",
    )
    do(d, "gm", "call_check", character="rook", ability="Brawling", difficulty=2, task="hold the door")
    do(
        d,
        "gm",
        "enemy_move",
        character="vesper",
        ability="Poise",
        difficulty=3,
        harm=2,
        track="mental",
        move="a taunt",
    )
    do(d, "cy", "defend", call=3, dice=[3, 5, 2])
    assert state(d).characters["vesper"].overflow is Track.MENTAL
    assert [p.kind for p in d.prompts("cy")] == ["consequence"]
    do(d, "cy", "consequence", character="vesper", choice="taken_out", text="she storms off")
    for seat in ("gm", "ann", "bo", "cy"):
        assert d.words(seat)[-2:] == [
            "Vesper Vane is taken out by choice: she storms off.",
            "Call 1 for Vesper Vane's Gymnastics is withdrawn: Vesper Vane is out of the conflict.",
        ], seat
    d.refuse("cy", "check", call=1, dice=[5, 5, 5], match="There is no open call 1")
    assert list(state(d).calls) == [2] and [p.kind for p in d.prompts("bo")] == ["roll"]
    rook = _check(do(d, "bo", "check", call=2, dice=[5, 1, 2]))
    assert (rook["success"], rook["successes"]) == (True, 1)
