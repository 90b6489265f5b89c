"""Who may do what in a GM-run game: the GM calls checks, sets difficulties, owns enemies and rulings.

"Players roll all the dice. An enemy's 'moves' have difficulties instead."
(RWYN-GEN-003); a roll happens when the fiction calls for one (RWYN-GEN-001).
"""

from __future__ import annotations

import pytest

from capeworks.errors import InvalidCommand, NotFound, NotPermitted, RuleViolation
from capeworks.systems.rwyn.pool import CritKind
from capeworks.systems.rwyn.sheet import Track
from tests.systems.rwyn.helpers import state, table

ADA = {"ada": {"abilities": "Science:3, Brawling:2"}}


def gm_table() -> object:
    return table(characters=ADA, gm_sets_difficulty=True)


@pytest.mark.rules("RWYN-GEN-003")
def test_players__cannot_set_their_own_difficulty_or_harm() -> None:
    d = table(characters=ADA, gm_sets_difficulty=True)
    d.refuse(
        "ann",
        "check",
        error=NotPermitted,
        match="The GM sets difficulties",
        character="ada",
        ability="Science",
        difficulty=1,
    )
    d.refuse(
        "ann",
        "defend",
        error=NotPermitted,
        match="The GM sets difficulties",
        character="ada",
        ability="Brawling",
        difficulty=1,
        harm=0,
    )
    d.refuse(
        "ann",
        "enemy_move",
        error=NotPermitted,
        match="Only the GM can declare enemy moves",
        character="ada",
        ability="Brawling",
        difficulty=1,
    )


@pytest.mark.rules("RWYN-GEN-001", "RWYN-GEN-003")
def test_gm_call__the_player_rolls_by_answering_it() -> None:
    d = table(characters=ADA, gm_sets_difficulty=True)
    d.do("gm", "call_check", character="ada", ability="Science", difficulty=2, task="pick the lock")
    prompt = d.prompt("ann", "roll")
    (option,) = prompt.options
    assert (option.command, option.payload) == ("check", {"call": 1})
    assert prompt.context["difficulty"] == 2
    # Science 3 vs 2: 3 dice, no disaster dice; [6 5 1] = 2 successes
    d.answer("ann", prompt.id, "roll", dice=[6, 5, 1])
    check = state(d).checks.get(1) or None
    assert state(d).calls == {}  # the call is answered
    assert d.events[0].data["from_call"] == 1
    assert check is None or check.success  # closed or waiting only for words
    # a call is answered once
    d.refuse("ann", "check", error=NotFound, match="no open call 1", call=1)


@pytest.mark.rules("RWYN-GEN-001")
def test_ask__the_gm_sets_the_difficulty_then_the_player_rolls() -> None:
    d = table(characters=ADA, gm_sets_difficulty=True)
    d.do("ann", "ask_check", character="ada", ability="Science", task="fix the radio")
    ask = d.prompt("gm", "difficulty")
    assert ask.role is not None and ask.seat is None
    assert [o.value for o in ask.options] == ["1", "2", "3", "4", "5"]
    d.refuse("ann", "check", error=RuleViolation, match="waits for the GM", call=1)
    d.answer("gm", ask.id, "3")
    assert state(d).calls[1].difficulty == 3 and state(d).calls[1].task == "fix the radio"
    d.answer("ann", "call-1:roll", "roll", dice=[6, 6, 6])
    assert d.events[0].data["check"]["plan"]["difficulty"] == 3


@pytest.mark.rules("RWYN-GEN-003")
def test_enemy_move__is_the_gms_and_the_player_defends() -> None:
    d = table(characters=ADA, gm_sets_difficulty=True)
    d.do("gm", "enemy_move", character="ada", ability="Brawling", difficulty=2, harm=3, move="a haymaker")
    prompt = d.prompt("ann", "roll")
    assert prompt.options[0].command == "defend"
    d.refuse("ann", "defend", error=InvalidCommand, match="rolls what the GM declared", call=1, harm=0)
    # Brawling 2 vs 2: 2 dice; [1 2] fails -> 3 physical stress
    d.answer("ann", prompt.id, "roll", dice=[1, 2])
    taken = next(e for e in d.events if e.type == "rwyn.stress_taken")
    assert (taken.data["amount"], taken.data["track"]) == (3, "physical")


@pytest.mark.rules("RWYN-GEN-003")
def test_gm_characters__never_roll() -> None:
    d = table(characters={"boss": {"owner": "gm", "abilities": "Brawling:4"}}, gm_sets_difficulty=True)
    d.refuse("gm", "check", rule="RWYN-GEN-003", character="boss", ability="Brawling", difficulty=2)
    d.refuse("gm", "call_check", rule="RWYN-GEN-003", character="boss", ability="Brawling", difficulty=2)
    d.refuse("gm", "buy", rule="RWYN-GEN-003", character="boss", cost=5)


def test_players_set_difficulty__a_table_may_let_them() -> None:
    d = table(characters=ADA)  # players_set_difficulty on
    d.do("ann", "check", character="ada", ability="Science", difficulty=2, dice=[5, 5, 1])
    assert d.events[0].type == "rwyn.check_rolled"


@pytest.mark.rules("RWYN-GEN-003")
def test_legal_commands__players_ask_and_answer_the_gm_calls() -> None:
    d = table(characters=ADA, gm_sets_difficulty=True)
    ann = {(c.command, tuple(sorted(c.fixed.items()))) for c in d.legal("ann")}
    assert ("ask_check", (("character", "ada"),)) in ann
    assert not any(c == "check" for c, _ in ann) and not any(c == "call_check" for c, _ in ann)
    assert not any(c == "buy" for c, _ in {(c.command, 0) for c in d.legal("bo")})  # Bo plays nobody
    gm = {c.command for c in d.legal("gm")}
    assert {"call_check", "enemy_move", "stress", "end_scene"} <= gm
    assert "ask_check" not in gm  # the GM calls checks; asking the GM is a player's move
    # the players roll their own dice: the GM's menu offers no roll with a player's character
    assert not gm & {"check", "defend", "buy", "favour"}
    d.do("gm", "call_check", character="ada", ability="Science", difficulty=2)
    assert ("check", (("call", 1),)) in {(c.command, tuple(sorted(c.fixed.items()))) for c in d.legal("ann")}


@pytest.mark.rules("RWYN-CRIT-001", "RWYN-SAC-002")
def test_critical__successes_sacrificed_until_failure_are_no_critical_success() -> None:
    d = table(characters={"ada": {"abilities": "Science:1"}})
    # Science 1 vs 3: 1 die + 2 disaster dice; [6]: every die a success (the all-dice critical)...
    d.do("ann", "check", character="ada", ability="Science", difficulty=3, dice=[6])
    # ...but sacrificing that one success leaves none kept: a failure, so no critical success
    d.do("ann", "sacrifice", check=1, count=1, dice=[1])
    resolved = next(e for e in d.events if e.type == "rwyn.check_resolved")
    assert resolved.data["check"]["success"] is False
    assert resolved.data["check"]["crit"] != CritKind.SUCCESS


@pytest.mark.rules("RWYN-STRESS-002", "RWYN-STRESS-003")
def test_end_scene__waits_for_an_overflow_answer_then_clears_the_stress() -> None:
    # referee9: a full track's answer is the player's choice (src 21); the scene no longer wipes it
    # unanswered: the end is refused until it is answered (the GM may answer for the player)
    d = table(characters={"ada": {"abilities": "Endurance:0"}})
    d.do("gm", "stress", character="ada", track="physical", amount=9)
    assert state(d).characters["ada"].overflow is Track.PHYSICAL
    d.refuse("gm", "end_scene", rule="RWYN-STRESS-002", match="Ada's physical stress track is full")
    d.do("gm", "consequence", character="ada", text="winded")
    d.do("gm", "end_scene")
    ada = state(d).characters["ada"]
    assert ada.overflow is None and ada.stress[Track.PHYSICAL] == 0
    assert d.prompts("ann") == []
    d.do("ann", "check", character="ada", ability="Science", difficulty=1, dice=[6])


@pytest.mark.rules("RWYN-GEN-001")
def test_withdraw_call__the_gm_takes_back_a_call_and_nobody_waits_on_it() -> None:
    d = table(characters=ADA, gm_sets_difficulty=True)
    d.do("gm", "call_check", character="ada", ability="Science", difficulty=2, task="pick the lock")
    assert [p.seat for p in d.table.prompts()] == ["ann"]
    d.refuse("ann", "withdraw_call", error=NotPermitted, call=1)
    d.refuse("gm", "withdraw_call", error=NotFound, match="no open call 7", call=7)
    events = d.do("gm", "withdraw_call", call=1, why="the door was open all along")
    assert [e.type for e in events] == ["rwyn.call_withdrawn"]
    assert state(d).calls == {} and d.table.prompts() == []
    d.refuse("ann", "check", error=NotFound, match="no open call 1", call=1)


@pytest.mark.rules("RWYN-GEN-001", "RWYN-GEN-003")
def test_end_scene__lapses_every_open_call_and_ask() -> None:
    d = table(characters=ADA, gm_sets_difficulty=True)
    d.do("gm", "call_check", character="ada", ability="Science", difficulty=2)
    d.do("gm", "enemy_move", character="ada", ability="Brawling", difficulty=3, harm=2)
    d.do("ann", "ask_check", character="ada", ability="Science", task="hack the door")
    assert set(state(d).calls) == {1, 2, 3}
    events = d.do("gm", "end_scene")
    assert [e.type for e in events] == ["rwyn.call_withdrawn"] * 3 + ["rwyn.scene_ended"]
    assert all(e.data["why"] == "the scene ended" for e in events[:3])
    assert state(d).calls == {} and d.table.prompts() == []


@pytest.mark.rules("RWYN-GEN-001")
def test_one_number_from_call_to_check__a_call_rolls_as_the_check_of_its_own_number() -> None:
    d = table(characters={"ada": {"abilities": "Science:3, Brawling:2, Wealth:2"}}, gm_sets_difficulty=True)
    # call 1 rolls as check 1
    d.do("gm", "call_check", character="ada", ability="Science", difficulty=2, task="pick the lock")
    d.answer("ann", d.prompt("ann", "roll").id, "roll", dice=[6, 5, 1])
    # a purchase is a check no call made: it takes the next number, 2
    d.do("ann", "buy", character="ada", cost=3, item="a used van", dice=[6, 5, 1])
    assert d.events[0].data["check"]["id"] == 2
    # so the next call is 3, and it rolls as check 3 (two counters once made call 3 roll as check 4)
    d.do("gm", "call_check", character="ada", ability="Brawling", difficulty=4, task="hold the door")
    call = d.prompt("ann", "roll")
    assert call.id.startswith("call-3:")
    d.answer("ann", call.id, "roll", dice=[6, 2])
    assert d.events[0].data["check"]["id"] == 3
    assert [p.id for p in d.prompts("ann") if p.context.get("check") == 3] == ["check-3:sacrifice"]
