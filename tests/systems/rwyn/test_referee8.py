"""An eighth referee pass over Roll When You Need (a short follow-up): the end of a scene, and purchases.

A scene ended by the GM while a check waits for its sacrifice or another answer (src 13: the
disaster dice left after a sacrifice are rolled; src 11, 15: the effects and the GM's words of a
judged roll), the words of a failed Wealth purchase (src 27: a purchase at or above Wealth is a
check, and a failure buys nothing), and every line of a purchase, a recovery and a scene end read
in every seat: a sentence, with a person's or character's name. Situations from the seed
(seeds/001_dcffe7bdc60b80e1.txt, "src N" = line N) and the inventory's PROPOSED decisions, played
through the table with given dice.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from tests.systems.rwyn.helpers import do, state, table

ADA = {"ada": {"abilities": "Science:3, Stealth:2, Wealth:2, Endurance:3, Poise:2"}}
ROOK = {
    "rook": {
        "name": "Rook Marlowe",
        "abilities": "Brawling:3, Endurance:2, Poise:3, Reputation:3",
        "owner": "bo",
    }
}
SEATS = ("gm", "ann", "bo")


def _new_lines(t: Driver, seat: str, before: int) -> list[str]:
    return t.words(seat)[before:]


def _sentences(lines: list[str]) -> list[str]:
    """The lines that do not read as a sentence: a capital first, a stop last, no seat id or '..'."""
    return [
        w
        for w in lines
        if not w[:1].isupper()
        or w.rstrip()[-1:] not in (".", "?", "!")
        or ".." in w
        or any(f" {seat} " in f" {w} " or f"{seat}'s" in w for seat in SEATS)
    ]


# --- a scene ended while a check waits (src 11, 13, 15) ---


@pytest.mark.rules("RWYN-SAC-001", "RWYN-SAC-004")
def test_ending_the_scene_while_a_sacrifice_waits__is_refused_naming_the_check_and_who_answers() -> None:
    # Science 3 vs 5: 3 dice + 2 disaster dice; [5 6 2] = 2 successes, Ann may sacrifice 1 (src 13).
    # Her disaster dice are still owed: the GM ending the scene is refused, in words naming Ada's
    # check, Ann (a person, not her seat) and what she must say; nothing changes, the prompt stays.
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[5, 6, 2])
    for command in ("end_scene", "end_session"):
        t.refuse(
            "gm",
            command,
            rule="RWYN-SAC-004",
            match="cannot end yet: Ada's check 1 waits for Ann to say how many successes to sacrifice "
            "before its disaster dice roll",
        )
    assert [p.kind for p in t.prompts()] == ["sacrifice"]
    # Ann answers: 1 sacrificed, 1 disaster die left, [2] = no problem; 1 success kept, its one
    # effect is "I accomplish the task" (src 11): the check closes, the scene ends
    do(t, "ann", "sacrifice", check=1, count=1, dice=[2])
    assert not state(t).checks
    do(t, "gm", "end_scene")
    assert "The scene ends: stress clears." in t.words("bo")


@pytest.mark.rules("RWYN-SAC-001")
def test_a_player_gone_quiet__the_gm_answers_the_sacrifice_then_ends_the_scene() -> None:
    # the refusal says the GM may answer for a player: the GM sacrifices none for Ada, disaster
    # [4 3] = 0 problems, 2 successes kept: one more effect is owed (src 11), named next, and the
    # GM picks it too; then the scene ends
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[5, 6, 2])
    t.refuse("gm", "end_scene", match="the GM may answer for a player")
    do(t, "gm", "sacrifice", check=1, count=0, dice=[4, 3])
    t.refuse("gm", "end_scene", match="Ada's check 1 waits for Ann to choose its effects")
    do(t, "gm", "effects", check=1, picks=["quietly"])
    assert not state(t).checks
    do(t, "gm", "end_scene")


@pytest.mark.rules("RWYN-EFFECT-001", "RWYN-EFFECT-003", "RWYN-MIX-003")
def test_ending_the_scene_while_words_wait__names_each_answer_and_whose_it_is() -> None:
    # Brawling 3 vs 4 (Bo's table sets its own): 3 dice + 1 disaster die (the last, never
    # sacrificed, src 13). [5 6 2] = 2 successes, no 1s; disaster [5] = 1 problem (src 9). Bo owes
    # one more effect (src 11), the GM one complication: the refusal names both, Bo by name.
    t = table(characters={**ADA, **ROOK})
    do(t, "bo", "check", character="rook", ability="Brawling", difficulty=4, dice=[5, 6, 2, 5])
    err = t.refuse("gm", "end_scene", rule="RWYN-EFFECT-001")
    assert err.message == (
        "The scene cannot end yet: Rook Marlowe's check 1 waits for Bo to choose its effects; Rook "
        "Marlowe's check 1 waits for the GM to name its complications. Settle them first (the GM may "
        "answer for a player)."
    ), err.message
    do(t, "bo", "effects", check=1, picks=["quickly"])
    do(t, "gm", "complications", check=1, texts=["the bouncer's friend sees it"])
    do(t, "gm", "end_scene")
