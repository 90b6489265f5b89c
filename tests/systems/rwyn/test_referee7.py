"""A seventh referee pass over Roll When You Need: a scene of two characters, read by every seat.

Where the earlier passes name few table-played tests: problems on the disaster dice that come with a
mixed result (src 9, 15), complications counted one per disaster success (src 11), effects set by
the successes kept after a sacrifice (src 11, 13), qualities and talents gained in play (src 35,
39), an over-reach that ruins a purchase and the Wealth after it (src 27), a defence that succeeds
and still takes stress from its disaster dice (src 9, 17, 21). And the words each seat reads: every
line a sentence (a roll line too), the right numbers, a person's name (never a seat or character
id), free text not stopped twice, the GM's note never in a player's words or view; refusals out of
turn, for another's character, or of what only the GM may word: a sentence, and nothing changed.
Situations written from the seed (seeds/001_dcffe7bdc60b80e1.txt, "src N" = line N) and the
inventory's PROPOSED decisions, played through the table with given dice; they stay off what
test_referee.py .. test_referee6.py pin.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.rwyn.sheet import Consequence, Track
from tests.systems.rwyn.helpers import do, last, state, table

ADA = {
    "ada": {
        "abilities": "Science:3, Stealth:2, Devices:4, Wealth:2, Reputation:2, Endurance:3, Poise:2",
        "qualities": "astute/easily distracted",
    }
}
ROOK = {
    "rook": {
        "name": "Rook Marlowe",
        "abilities": "Brawling:3, Endurance:2, Poise:3, Reputation:3",
        "owner": "bo",
    }
}
SECRET = "the foreman is the thief"


def _check(events):  # type: ignore[no-untyped-def]
    return last(events, "check_resolved")["check"]


def _kinds(t: Driver, seat: str) -> list[str]:
    """The kinds of the open prompts addressed to ``seat`` ("gm": those for the GM's role)."""
    return sorted(p.kind for p in t.prompts() if (p.seat or "gm") == seat)


def _evening() -> Driver:
    """A GM's table, one scene: every kind of roll line a seat reads (src 7-29)."""
    t = table(
        {"quality_die_bonus": 1, "time_auto_successes": True},
        characters={**ADA, **ROOK},
        gm_sets_difficulty=True,
    )
    do(t, "gm", "gm_note", text=SECRET)
    do(t, "gm", "scene_quality", subject="the docks", benefit="crowded", drawback="slippery")
    # Ada asks, the GM sets 4: Stealth 2 vs 4 -> 2 dice + 2 disaster dice; [5 2] = 1 success, no
    # sacrifice (she would keep the task); [6 2]: 1 complication
    do(t, "ann", "ask_check", character="ada", ability="Stealth", task="pick the lock")
    do(t, "gm", "call_check", ask=1, difficulty=4)
    do(t, "ann", "check", call=1, dice=[5, 2])
    do(t, "ann", "sacrifice", check=1, count=0, dice=[6, 2])
    do(t, "gm", "complications", check=1, texts=["the lock squeals"])
    # the GM's benefit: Science 3 + 1 quality die vs 2, [5 6 2 2] = 2 successes, 1 more effect
    do(t, "gm", "call_check", character="ada", ability="Science", difficulty=2, benefit="astute")
    do(t, "ann", "check", call=2, dice=[5, 6, 2, 2])
    do(t, "ann", "effects", check=2, picks=["quickly"])
    # an enemy move: Brawling 3 vs 2, harm 2; [2 2 3] = 0 successes -> 2 physical stress
    do(t, "gm", "enemy_move", character="rook", ability="Brawling", difficulty=2, harm=2, move="a shove")
    do(t, "bo", "defend", call=3, dice=[2, 2, 3])
    # taking her time: Devices 4 vs 2 + 1 automatic success (src 53), [2 2 2 2] -> 1 success
    do(t, "ann", "ask_check", character="ada", ability="Devices", task="rig the crane", time=1)
    do(t, "gm", "call_check", ask=4, difficulty=2)
    do(t, "ann", "check", call=4, dice=[2, 2, 2, 2])
    # Wealth 2, cost 2: a check as per normal (src 27), [5 2] -> bought
    do(t, "ann", "buy", character="ada", cost=2, item="a crowbar", dice=[5, 2])
    # Reputation 3, cost 4: 3 dice + 1 disaster die (src 29), [5 2 2] + [3] -> granted, no loss
    do(t, "bo", "favour", character="rook", cost=4, item="a word with the harbourmaster", dice=[5, 2, 2, 3])
    return t


# --- every line a sentence (the words each seat reads) ---


@pytest.mark.rules("RWYN-GEN-002", "RWYN-POOL-004", "RWYN-ABIL-006", "RWYN-ABIL-010", "RWYN-DESIGN-005")
def test_an_evening__every_line_each_seat_reads_ends_as_a_sentence() -> None:
    # checks, a defence, a purchase, a favour, quality and automatic successes: each roll line (and
    # every other line) is a sentence, for the GM and both players
    t = _evening()
    for seat in ("gm", "ann", "bo"):
        unstopped = [w for w in t.words(seat) if w.rstrip()[-1:] not in (".", "?", "!")]
        assert not unstopped, (seat, unstopped)


@pytest.mark.rules("RWYN-GEN-002", "RWYN-POOL-004", "RWYN-CRIT-002", "RWYN-DESIGN-005")
def test_an_evening__the_roll_lines_carry_their_numbers_and_a_full_stop() -> None:
    # the numbers of each roll above, as Bo (who rolled only one of them) reads them
    t = _evening()
    words = t.words("bo")
    for line in (
        "Ada rolls Stealth 2 vs difficulty 4 (Tough) to pick the lock: [5 2] = 1 success; 2 disaster dice;"
        " sacrifice successes before they roll?",
        "Ada rolls Science 3 + 1 quality die vs difficulty 2 (Easy): [5 6 2 2] = 2 successes.",
        "Rook Marlowe rolls Brawling 3 vs difficulty 2 (Easy) against a shove: [2 2 3] = 0 successes.",
        "Ada rolls Devices 4 vs difficulty 2 (Easy) to rig the crane: [2 2 2 2] + 1 automatic = 1 success.",
        "Ada rolls Wealth 2 vs cost 2 for a crowbar: [5 2] = 1 success.",
        "Rook Marlowe rolls Reputation 3 vs cost 4 for a word with the harbourmaster: [5 2 2] = 1 success;"
        " 1 disaster die.",
        "Rook Marlowe takes 2 physical stress.",
        "Ada: I accomplish the task, quickly.",
        "Complications: the lock squeals.",
    ):
        assert line in words, (line, words)


@pytest.mark.rules("RWYN-GEN-004")
def test_an_evening__the_gm_s_note_is_in_no_player_s_words_or_view() -> None:
    t = _evening()
    for seat in ("ann", "bo"):
        assert SECRET not in " ".join(t.words(seat)) and SECRET not in str(t.view(seat)), seat
    assert f"GM note: {SECRET}." in t.words("gm")


@pytest.mark.rules("RWYN-MIX-002", "RWYN-EFFECT-003")
def test_free_text_that_ends_in_a_full_stop__is_not_stopped_twice() -> None:
    # Stealth 2 vs 4: [1 3] = 0 successes, one 1 > 0 -> a mixed failure (src 15); disaster [5 2]:
    # 1 complication (src 9). The GM types both with a full stop: the lines read one.
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Stealth", difficulty=4, dice=[1, 3, 5, 2])
    do(t, "gm", "mixed", check=1, text="she hears the password.")
    do(t, "gm", "complications", check=1, texts=["a dog barks."])
    words = t.words("ann")
    assert "Silver lining: she hears the password." in words, words
    assert "Complications: a dog barks." in words, words
    assert not [w for w in words if w.endswith("..")], words


@pytest.mark.rules("RWYN-STRESS-002")
def test_a_consequence_taken_without_words__does_not_repeat_its_rung() -> None:
    # Endurance 2, 3 physical stress: 3 > 2 boxes -> a minor consequence (src 21); Bo names none:
    # every seat reads "takes a minor consequence.", not "... consequence: minor."
    t = table(characters=ROOK)
    do(t, "gm", "stress", character="rook", track="physical", amount=3)
    do(t, "bo", "consequence", character="rook", choice="consequence")
    assert Consequence.MINOR in state(t).characters["rook"].consequences
    assert "Rook Marlowe takes a minor consequence." in t.words("ann"), t.words("ann")


@pytest.mark.rules("RWYN-STRESS-001")
def test_the_characters_panel__names_each_player_not_their_seat_id() -> None:
    # the Player column is read by people: "Ann" and "Bo" (the seats' names), never "ann"/"bo"
    t = table(characters={**ADA, **ROOK})
    for seat in ("gm", "ann", "bo"):
        panel = next(p for p in t.view(seat)["panels"] if p["title"] == "Characters")
        players = {row[0]: row[1] for row in panel["rows"]}
        assert players == {"Ada": "Ann", "Rook Marlowe": "Bo"}, (seat, players)


# --- mixed results and disaster dice together (src 9, 11, 15) ---


@pytest.mark.rules("RWYN-POOL-005", "RWYN-MIX-002", "RWYN-EFFECT-003", "RWYN-POOL-006")
def test_mixed_failure_with_a_disaster_success__the_gm_words_both_the_player_is_asked_nothing() -> None:
    # Stealth 2 vs 4: 2 dice + 2 disaster dice (src 9). [1 3] = 0 successes: nothing to sacrifice,
    # the task fails (src 7); one 1 > 0 successes: mixed, a silver lining (src 15). Disaster [5 2]:
    # 1 problem even on a failure (src 9). The GM is asked both; Ann has no effect to pick.
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Stealth", difficulty=4, dice=[1, 3, 5, 2]))
    assert (c["success"], c["kept"], c["mixed"], c["disaster_successes"]) == (False, 0, True, 1)
    assert _kinds(t, "gm") == ["complications", "mixed"]
    assert _kinds(t, "ann") == [] and _kinds(t, "bo") == []
    # (referee9: the question names whose check)
    assert "Mixed failure on Ada's check 1: what is the silver lining?" in [p.question for p in t.prompts()]
    do(t, "gm", "mixed", check=1, text="she learns the guard's name")
    do(t, "gm", "complications", check=1, texts=["the alarm trips"])
    assert 1 not in state(t).checks
    words = t.words("bo")
    assert "Ada: failure, 1 disaster success, mixed result." in words, words
    assert "Silver lining: she learns the guard's name." in words, words


@pytest.mark.rules("RWYN-MIX-003", "RWYN-EFFECT-003", "RWYN-POOL-005", "RWYN-SAC-004")
def test_mixed_success_with_two_disaster_successes__exactly_two_complications() -> None:
    # Science 3 vs 5: 3 dice + 2 disaster dice; [5 1 1] = 1 success, two 1s > 1: a mixed success,
    # tainted (src 15). Ann keeps her success (sacrifice 0); disaster [5 6] = 2 problems (src 9, 11):
    # the GM names two complications, not one, and one taint.
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[5, 1, 1])
    c = _check(do(t, "ann", "sacrifice", check=1, count=0, dice=[5, 6]))
    assert (c["success"], c["kept"], c["mixed"], c["disaster_successes"]) == (True, 1, True, 2)
    assert "Mixed success on Ada's check 1: how is the success tainted (less than a disaster)?" in [
        p.question for p in t.prompts()
    ]
    t.refuse("gm", "complications", check=1, texts=["the lights go on"], match="exactly")
    do(t, "gm", "complications", check=1, texts=["the lights go on", "a smear of oil"])
    do(t, "gm", "mixed", check=1, text="the safe door squeals")
    words = t.words("ann")
    assert "Complications: the lights go on, a smear of oil." in words, words
    assert "Taint: the safe door squeals." in words, words


@pytest.mark.rules("RWYN-MIX-002", "RWYN-MIX-003", "RWYN-EFFECT-003")
def test_a_player_may_not_word_the_taint_or_the_complications_of_her_own_roll() -> None:
    # src 11 ("Disaster successes add things like messiness ...") and src 15: the GM's words
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[5, 1, 1])
    do(t, "ann", "sacrifice", check=1, count=0, dice=[5, 2])
    t.refuse("ann", "mixed", check=1, text="only a scratch", error=NotPermitted)
    t.refuse("ann", "complications", check=1, texts=["nothing much"], error=NotPermitted)
    assert _kinds(t, "gm") == ["complications", "mixed"]


# --- effects after a sacrifice (src 11, 13) ---


@pytest.mark.rules("RWYN-EFFECT-001", "RWYN-EFFECT-002", "RWYN-SAC-002", "RWYN-POOL-006")
def test_effects_after_a_sacrifice__the_kept_successes_set_the_count() -> None:
    # Science 3 vs 5: [5 5 6] = 3 successes; sacrifice 1 (2 disaster dice -> 1, the last stays):
    # 2 kept -> the task plus exactly 1 effect (src 11, 13); disaster [2]: no problem
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[5, 5, 6])
    c = _check(do(t, "ann", "sacrifice", check=1, count=1, dice=[2]))
    assert (c["success"], c["kept"], c["disaster_successes"]) == (True, 2, 0)
    t.refuse("ann", "effects", check=1, picks=["quickly", "silently"], match="exactly 1 effect")
    # "I accomplish the task" is already the first: picked again, the refusal says it is given (not
    # a bare "you gave 0", which reads as if her pick went missing)
    err = t.refuse("ann", "effects", check=1, picks=["I accomplish the task"])
    assert "always the first" in err.message, err.message
    do(t, "ann", "effects", check=1, picks=["silently"])
    assert "Ada: I accomplish the task, silently." in t.words("bo")


# --- qualities and talents gained in play (src 35, 39) ---


@pytest.mark.rules("RWYN-TRAIT-002", "RWYN-CRIT-002", "RWYN-TRAIT-001")
def test_a_quality_gained_in_play__its_benefit_brings_a_die_at_once() -> None:
    # src 35: "more may be acquired through gameplay": the GM gives Rook hulking / clumsy; with
    # quality_die_bonus 1 (PROPOSED CRIT-002) the GM grants its benefit: Brawling 3 + 1 = 4 dice,
    # [5 2 2 2] = 1 success vs 2. Ada's quality is not Rook's to draw on.
    t = table({"quality_die_bonus": 1}, characters={**ADA, **ROOK})
    do(t, "gm", "add_quality", character="rook", benefit="hulking", drawback="clumsy")
    assert "Rook Marlowe gains the quality hulking / clumsy." in t.words("ann")
    err = t.refuse(
        "gm", "check", character="rook", ability="Brawling", difficulty=2, benefit="astute", dice=[2] * 4
    )
    assert "Rook Marlowe" in err.message and "rook " not in err.message, err.message
    c = _check(
        do(
            t,
            "gm",
            "check",
            character="rook",
            ability="Brawling",
            difficulty=2,
            benefit="hulking",
            dice=[5, 2, 2, 2],
        )
    )
    assert (c["plan"]["ability_dice"], c["success"]) == (4, True)
    sheet = next(p for p in t.view("bo")["panels"] if p["title"] == "Rook Marlowe's sheet")
    assert ["Quality", "hulking / clumsy"] in sheet["rows"]


@pytest.mark.rules("RWYN-TRAIT-003", "RWYN-TRAIT-004")
def test_a_talent_learned_in_play__a_strike_notes_it_by_its_name() -> None:
    # src 39: talents are gained "through character advancement"; "allowing a character to move
    # again after striking an enemy": Rook learns Follow-through; Brawling 3 vs 2, [5 2 2] = 1
    # success -> the line names the talent Bo's sheet shows, not the rule's hook
    t = table(characters=ROOK)
    do(t, "gm", "add_talent", character="rook", name="Follow-through", hook="strike_and_move")
    c = _check(do(t, "bo", "check", character="rook", ability="Brawling", difficulty=2, dice=[5, 2, 2]))
    assert c["success"] and c["talent_notes"]
    assert "Rook Marlowe: success, talent Follow-through: strike and move." in t.words("ann")


# --- Wealth ruined by an over-reach (src 27) ---


@pytest.mark.rules("RWYN-ABIL-007", "RWYN-CRIT-001", "RWYN-MIX-002", "RWYN-ABIL-003")
def test_an_over_reach_critical_failure__wealth_falls_to_zero_and_nothing_more_is_bought() -> None:
    # Wealth 2, cost 4: 2 dice + 2 disaster dice; [1 1] = 0 successes (nothing to sacrifice), every
    # die a 1: a critical failure (PROPOSED CRIT-001) and mixed (src 15); disaster [5 5]: Wealth
    # 2 - 2 = 0 (src 27), not bought. Then even a cost-1 purchase is refused: no Wealth to spend.
    t = table(characters=ADA)
    c = _check(do(t, "ann", "buy", character="ada", cost=4, item="a boat", dice=[1, 1, 5, 5]))
    assert (c["success"], c["mixed"], c["crit"], c["disaster_successes"]) == (False, True, "failure", 2)
    assert state(t).characters["ada"].rating("Wealth") == 0
    assert _kinds(t, "ann") == ["critical"] and _kinds(t, "gm") == ["mixed"]
    assert "Ada loses 2 Wealth for good: Wealth is now 0." in t.words("bo")
    assert not [w for w in t.words("bo") if w.startswith("Ada buys")]
    t.refuse("ann", "buy", character="ada", cost=1, item="bread", match="no Wealth")


# --- defences (src 9, 17, 19, 21; PROPOSED GEN-003) ---


@pytest.mark.rules("RWYN-GEN-003", "RWYN-POOL-005", "RWYN-STRESS-002", "RWYN-SAC-004")
def test_a_successful_defence__its_disaster_successes_still_overflow_the_track() -> None:
    # Rook, Endurance 2, already 2 stress (full). Brawling 3 vs 5, harm 2: 3 dice + 2 disaster;
    # [5 2 2] = 1 success, kept (sacrifice 0): defended; disaster [5 6] = 2 problems -> +2 stress
    # (PROPOSED GEN-003, "you may succeed anyway", src 9): 2 + 2 > 2 boxes -> Bo is asked for a
    # minor consequence (src 21); Ann is asked nothing
    t = table(characters={**ADA, **ROOK}, gm_sets_difficulty=True)
    do(t, "gm", "stress", character="rook", track="physical", amount=2)
    do(
        t,
        "gm",
        "enemy_move",
        character="rook",
        ability="Brawling",
        difficulty=5,
        harm=2,
        move="a wrench swing",
    )
    do(t, "bo", "defend", call=1, dice=[5, 2, 2])
    events = do(t, "bo", "sacrifice", check=1, count=0, dice=[5, 6])
    assert _check(events)["success"] is True
    assert (last(events, "stress_taken")["amount"], last(events, "stress_taken")["result"]) == (2, "overflow")
    assert _kinds(t, "bo") == ["consequence"] and _kinds(t, "ann") == []
    words = t.words("ann")
    assert "Rook Marlowe: success, 2 disaster successes." in words, words
    assert (
        "Rook Marlowe takes 2 physical stress: the track is full — a consequence or being taken out." in words
    )


@pytest.mark.rules("RWYN-GEN-003", "RWYN-CRIT-001", "RWYN-MIX-002", "RWYN-STRESS-001")
def test_a_defence_of_all_ones__the_harm_lands_and_bo_chooses_what_goes_badly() -> None:
    # Brawling 3 vs 3, harm 1 on the mental track: [1 1 1] = 0 successes -> 1 mental stress of 3
    # boxes (Poise 3, src 19); three 1s: mixed failure (GM, src 15) and a critical failure the
    # player turns (src 5); nobody else is asked the critical
    t = table(characters={**ADA, **ROOK}, gm_sets_difficulty=True)
    do(
        t,
        "gm",
        "enemy_move",
        character="rook",
        ability="Brawling",
        difficulty=3,
        harm=1,
        track="mental",
        move="a sneer",
    )
    events = do(t, "bo", "defend", call=1, dice=[1, 1, 1])
    assert state(t).characters["rook"].stress[Track.MENTAL] == 1
    assert last(events, "stress_taken")["result"] == "absorbed"
    assert _kinds(t, "bo") == ["critical"] and _kinds(t, "gm") == ["mixed"] and _kinds(t, "ann") == []
    t.refuse("ann", "critical", check=1, target="person", text="the dockmaster laughs", error=NotPermitted)
    do(t, "bo", "critical", check=1, target="person", text="the dockmaster laughs")
    assert "Critical failure: the person goes badly — the dockmaster laughs." in t.words("ann")


@pytest.mark.rules("RWYN-GEN-003", "RWYN-SAC-001", "RWYN-SAC-003")
def test_two_enemy_moves__each_player_answers_only_their_own_and_only_once() -> None:
    # the GM moves against both; Ann cannot roll Rook's defence nor Bo Ada's; Bo's Brawling 3 vs 5
    # [5 5 2] waits for his sacrifice, which Ann cannot answer; 2 is more than he may (the last
    # disaster die stays, src 13); his 1 is taken, and then nothing of check 1 is open any more
    t = table(characters={**ADA, **ROOK}, gm_sets_difficulty=True)
    do(
        t,
        "gm",
        "enemy_move",
        character="rook",
        ability="Brawling",
        difficulty=5,
        harm=2,
        move="a wrench swing",
    )
    do(t, "gm", "enemy_move", character="ada", ability="Stealth", difficulty=3, harm=1, move="a searchlight")
    err = t.refuse("ann", "defend", call=1, dice=[5, 5, 2], error=NotPermitted)
    assert "Rook Marlowe" in err.message, err.message
    t.refuse("bo", "defend", call=2, dice=[5, 5], error=NotPermitted)
    do(t, "bo", "defend", call=1, dice=[5, 5, 2])
    t.refuse("bo", "defend", call=1, dice=[5, 5, 2])
    t.refuse("ann", "sacrifice", check=1, count=1, dice=[2], error=NotPermitted)
    t.refuse("bo", "sacrifice", check=1, count=2, dice=[2], rule="RWYN-SAC-003")
    do(t, "bo", "sacrifice", check=1, count=1, dice=[2])
    t.refuse("bo", "sacrifice", check=1, count=1, dice=[2])
    assert "Rook Marlowe: success, 1 success kept." in t.words("ann")
    do(t, "ann", "defend", call=2, dice=[5, 2, 3])
    assert state(t).calls == {} and state(t).checks == {}


# --- taking time, asked and called (src 53) ---


@pytest.mark.rules("RWYN-DESIGN-005", "RWYN-GEN-001")
def test_take_your_time__the_gm_reads_it_before_setting_the_difficulty_and_everyone_after() -> None:
    # src 53: "if you take your time you can pick up one auto-success, if you take a lot of time you
    # can get two". Ann asks to rig the crane taking time (Devices 4 >= 2 x 1): the GM, asked for a
    # difficulty, reads that she takes time (it is part of what the GM rules on), and so does every
    # seat in the ask and in the GM's call; Devices 4 vs 4, [2 2 2 2] + 1 automatic = 1 success
    t = table({"time_auto_successes": True}, characters=ADA, gm_sets_difficulty=True)
    do(t, "ann", "ask_check", character="ada", ability="Devices", task="rig the crane", time=1)
    (question,) = [p.question for p in t.prompts() if p.kind == "difficulty"]
    assert "taking time (1 automatic success)" in question, question
    do(t, "gm", "call_check", ask=1, difficulty=4)
    for seat in ("ann", "bo"):
        words = t.words(seat)
        assert "Ada asks to roll Devices to rig the crane, taking time (1 automatic success)." in words, words
        assert (
            "The GM calls for Ada's Devices vs difficulty 4 (Tough) to rig the crane, taking time"
            " (1 automatic success)." in words
        ), words
    c = _check(do(t, "ann", "check", call=1, dice=[2, 2, 2, 2]))
    assert (c["plan"]["time_auto"], c["success"]) == (1, True)


@pytest.mark.rules("RWYN-STRESS-003", "RWYN-STRESS-002")
def test_the_overflow_question__its_options_read_as_words_not_rule_ids() -> None:
    # src 21: "A character can avoid a consequence by being 'taken out,' removing themselves from the
    # conflict". Rook (Endurance 2) takes 3 physical stress: Bo is asked, and what he reads is the
    # choice in words; the rule's ID rides on the prompt for the screen, not in his option's label
    # (the free-text hint keeps naming the option value "taken_out" to type: test_stress pins it)
    t = table(characters=ROOK)
    do(t, "gm", "stress", character="rook", track="physical", amount=3)
    prompt = t.prompt("bo", "consequence")
    assert [o.label for o in prompt.options] == [
        "take a minor consequence",
        "be taken out of the conflict instead",
    ]
    assert prompt.rule == "RWYN-STRESS-002" and "RWYN-" not in prompt.question
