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
