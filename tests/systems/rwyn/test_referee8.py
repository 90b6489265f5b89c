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


def _seen(t: Driver) -> dict[str, int]:
    """How many lines each seat has read so far (seats read different numbers: the GM more)."""
    return {seat: len(t.words(seat)) for seat in SEATS}


def _new_lines(t: Driver, seat: str, before: dict[str, int]) -> list[str]:
    return t.words(seat)[before[seat] :]


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


# --- what a purchase's roll means for the purchase (src 27, 29) ---


@pytest.mark.rules("RWYN-ABIL-006", "RWYN-POOL-006")
def test_a_failed_purchase_at_wealth__every_seat_reads_that_it_is_not_bought() -> None:
    # Wealth 2, cost 2: a check as per normal, one success needed (src 27). [2 2] = 0 successes:
    # failure, nothing bought, nothing lost (PROPOSED ABIL-007c). Then [5 2] = 1 success: bought.
    t = table(characters={**ADA, **ROOK})
    do(t, "ann", "buy", character="ada", cost=2, item="a crowbar", dice=[2, 2])
    do(t, "ann", "buy", character="ada", cost=2, item="a crowbar", dice=[5, 2])
    for seat in SEATS:
        assert t.words(seat)[-7:] == [
            "Ada rolls Wealth 2 vs cost 2 for a crowbar: [2 2] = 0 successes.",
            "Ada does not buy a crowbar: failure.",
            "Ada's check 1 is settled.",
            "Ada rolls Wealth 2 vs cost 2 for a crowbar: [5 2] = 1 success.",
            "Ada: success.",
            "Ada buys a crowbar (cost 2, at Wealth 2).",
            "Ada's check 2 is settled.",
        ], seat
    assert state(t).characters["ada"].rating("Wealth") == 2


@pytest.mark.rules("RWYN-ABIL-007", "RWYN-ABIL-010", "RWYN-POOL-005")
def test_a_failed_over_reach__reads_not_bought_and_the_wealth_lost_a_failed_favour_not_called_in() -> None:
    # Wealth 2, cost 3: 2 dice + 1 disaster die (src 27). [2 2] = 0 successes, nothing to
    # sacrifice; disaster [5] = 1 success: Wealth 2 -> 1 for good, and the car is not bought.
    # Reputation 3, cost 3, no item named: [2 2 2] = 0 successes: no favour (src 29).
    t = table(characters={**ADA, **ROOK})
    do(t, "ann", "buy", character="ada", cost=3, item="a car", dice=[2, 2, 5])
    do(t, "bo", "favour", character="rook", cost=3, dice=[2, 2, 2])
    for seat in SEATS:
        words = t.words(seat)
        assert "Ada does not buy a car: failure, 1 disaster success." in words, seat
        assert "Ada loses 1 Wealth for good: Wealth is now 1." in words, seat
        assert "Rook Marlowe calls in no favour: failure." in words, seat
        assert not [w for w in words if " buys " in w or "calls in a" in w], seat
    assert state(t).characters["ada"].rating("Wealth") == 1


@pytest.mark.rules("RWYN-ABIL-005", "RWYN-ABIL-006", "RWYN-ABIL-010")
def test_a_purchase_or_favour_with_no_item_named__reads_something_and_a_favour_not_it() -> None:
    # Wealth 2, cost 0: well below, bought (src 27); cost 2 with [2 6] = 1 success: bought; [2 2]
    # fails: nothing bought. Reputation 3, cost 1: well below, a favour had (src 29).
    t = table(characters={**ADA, **ROOK})
    do(t, "ann", "buy", character="ada", cost=0)
    do(t, "ann", "buy", character="ada", cost=2, dice=[2, 6])
    do(t, "ann", "buy", character="ada", cost=2, dice=[2, 2])
    do(t, "bo", "favour", character="rook", cost=1)
    words = t.words("bo")
    for line in (
        "Ada buys something (cost 0, well below Wealth 2).",
        "Ada buys something (cost 2, at Wealth 2).",
        "Ada buys nothing: failure.",
        "Rook Marlowe calls in a favour (cost 1, well below Reputation 3).",
    ):
        assert line in words, (line, words)
    assert not [w for w in words if " it (" in w], words


# --- every line of a purchase, a recovery and a scene end, in every seat (src 21, 27) ---


@pytest.mark.rules("RWYN-ABIL-004", "RWYN-ABIL-007", "RWYN-ABIL-008", "RWYN-SAC-002", "RWYN-TRAIT-004")
def test_every_line_of_a_wealth_purchase__a_sentence_with_names_in_every_seat() -> None:
    # Ada: Wealth 4 with the leverage-debt talent (src 39, PROPOSED TRAIT-004).
    # cost 3, one below: bought without a roll, the GM says how many (src 27) -> "two".
    # cost 6: 4 dice + 2 disaster dice; [5 6 2 2] = 2 successes, sacrifice 1 -> 1 disaster die (src
    # 13); [5] = 1 success would cost 1 Wealth: the talent re-rolls it, [3]: nothing lost, bought.
    t = table(
        characters={
            "ada": {"abilities": "Wealth:4, Endurance:3, Poise:2", "talents": "Old money:leverage_debt"}
        },
    )
    before = _seen(t)
    do(t, "ann", "buy", character="ada", cost=3, item="cars")
    do(t, "gm", "quantity", check=1, limit="two")
    do(t, "ann", "buy", character="ada", cost=6, item="a yacht", dice=[5, 6, 2, 2])
    do(t, "ann", "sacrifice", check=2, count=1, dice=[5])
    do(t, "ann", "reroll", check=2, use=True, dice=[3])
    expected = [
        "Ada buys cars (cost 3, one below Wealth 4).",
        "The GM sets how many Ada may buy.",
        "The GM limits Ada's purchase, cars, to two.",
        "Ada's check 1 is settled.",
        "Ada rolls Wealth 4 vs cost 6 for a yacht: [5 6 2 2] = 2 successes; 2 disaster dice;"
        " sacrifice successes before they roll?",
        "Ada sacrifices 1 success; 1 disaster die left to roll.",
        "Disaster dice [5]: 1 disaster success.",
        "Ada may leverage their debt to re-roll the disaster dice.",
        "Ada re-rolls the disaster dice: [3], 0 disaster successes.",
        "Ada: success, 1 success kept.",
        "Ada buys a yacht (cost 6, above Wealth 4).",
        "Ada's check 2 is settled.",
    ]
    for seat in SEATS:
        lines = _new_lines(t, seat, before)
        assert lines == expected, (seat, lines)
        assert not _sentences(lines), seat
    assert state(t).characters["ada"].rating("Wealth") == 4


@pytest.mark.rules("RWYN-STRESS-002", "RWYN-STRESS-003")
def test_every_line_of_recovery_and_scene_ends__a_sentence_naming_the_consequence_in_every_seat() -> None:
    # Rook Marlowe: Endurance 2, Poise 3. 3 physical stress > 2 boxes: a minor consequence Bo names
    # "bruised ribs" (src 21); 4 mental > 3: a moderate one, unnamed. The GM clears the minor by hand;
    # the scene ends (stress clears, the moderate stays: PROPOSED STRESS-002), the session ends (the
    # moderate heals). A call left open lapses with the scene, in words.
    t = table(characters={**ADA, **ROOK}, gm_sets_difficulty=True)
    before = _seen(t)
    do(t, "gm", "stress", character="rook", track="physical", amount=3)
    do(t, "bo", "consequence", character="rook", text="bruised ribs")
    do(t, "gm", "stress", character="rook", track="mental", amount=4)
    do(t, "bo", "consequence", character="rook")
    do(t, "gm", "recover", character="rook", severity="minor")
    do(t, "gm", "call_check", character="ada", ability="Stealth", difficulty=2, task="slip away")
    do(t, "gm", "end_scene")
    do(t, "gm", "end_session")
    expected = [
        "Rook Marlowe takes 3 physical stress: the track is full — a consequence or being taken out.",
        "Rook Marlowe takes a minor consequence: bruised ribs.",
        "Rook Marlowe takes 4 mental stress: the track is full — a consequence or being taken out.",
        "Rook Marlowe takes a moderate consequence.",
        "Rook Marlowe's minor consequence heals: bruised ribs.",
        "The GM calls for Ada's Stealth vs difficulty 2 (Easy) to slip away.",
        "Call 1 for Ada's Stealth is withdrawn: the scene ended.",
        "The scene ends: stress clears.",
        "Rook Marlowe's moderate consequence heals.",
        "The session ends: stress and scene and session consequences clear.",
    ]
    for seat in SEATS:
        lines = _new_lines(t, seat, before)
        assert lines == expected, (seat, lines)
        assert not _sentences(lines), seat
    assert not state(t).characters["rook"].consequences


@pytest.mark.rules("RWYN-ABIL-008", "RWYN-TRAIT-004")
def test_ending_the_scene_while_a_quantity_or_a_re_roll_waits__is_refused_naming_each() -> None:
    # Wealth 4 with leverage-debt: cost 3 is one below, bought, the GM owes how many (src 27);
    # cost 5: 4 dice + 1 disaster die, [2 2 2 2] = 0 successes (nothing to sacrifice), disaster [6]:
    # a Wealth point at stake, the talent's re-roll is on offer (src 39): Ann owes that answer.
    t = table(
        characters={
            "ada": {"abilities": "Wealth:4, Endurance:3, Poise:2", "talents": "Old money:leverage_debt"}
        },
    )
    do(t, "ann", "buy", character="ada", cost=3, item="cars")
    do(t, "ann", "buy", character="ada", cost=5, item="a van", dice=[2, 2, 2, 2, 6])
    t.refuse(
        "gm",
        "end_session",
        rule="RWYN-ABIL-008",
        match="The session cannot end yet: Ada's check 1 waits for the GM to say how many may be bought; "
        "Ada's check 2 waits for Ann to say whether to re-roll its disaster dice.",
    )
    do(t, "gm", "quantity", check=1, limit="two")
    do(t, "ann", "reroll", check=2, use=False)
    do(t, "gm", "end_session")
    assert "Ada does not buy a van: failure, 1 disaster success." in t.words("ann")
