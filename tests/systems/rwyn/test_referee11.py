"""An eleventh referee pass over Roll When You Need: time taken, big disaster pools, tracks that shrink,
a character out for good, what a player may spend, words typed as spaces, and qualities of the scene.

Taking your time (src 53, the designer's variant: "you must have an ability of 2x the # of auto-sux
you're seeking") asked for or called where the roll would refuse it; a disaster pool past the cap
(src 43, PROPOSED POOL-007) and the words that show it; a stress track made smaller by the GM while
stress is marked on it (src 19: "physical stress is equal to their Resilience ability"), and its
other name, "social"; a character out for good after a fourth consequence (src 21), refused in a
later session; purchases offered to a character with no Wealth (src 25, 27); narration typed as
spaces alone; two complications the same (src 11); a place's quality bringing dice (src 5).
Situations from the seed (seeds/001_dcffe7bdc60b80e1.txt, "src N" = line N) and the inventory's
PROPOSED decisions, played through the table with given dice; they stay off what test_referee.py ..
test_referee10.py pin.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from capeworks.engine.testing import Driver
from capeworks.systems.rwyn.sheet import Consequence, Standing, Track
from tests.systems.rwyn.helpers import do, last, state, table

ADA = {"ada": {"abilities": "Science:4, Stealth:3, Endurance:3, Poise:2"}}
SEATS = ("gm", "ann", "bo")


def _time_table() -> Driver:
    """A table that plays take-your-time, where the GM sets the difficulties (and answers asks)."""
    return table({"time_auto_successes": True}, characters=ADA, gm_sets_difficulty=True)


# --- taking your time, asked for and called (src 53) ---


@pytest.mark.rules("RWYN-DESIGN-005", "RWYN-GEN-001")
def test_an_ask_for_more_time_than_the_ability_allows__refused_at_the_ask_not_left_waiting() -> None:
    # Ann asks to pick the lock with Ada's Stealth 3, taking a lot of time (2 automatic successes):
    # that needs Stealth 4 (src 53: "an ability of 2x the # of auto-sux"). The ask was taken, the GM
    # set its difficulty, and then every roll Ann made of it was refused: a call nobody could answer,
    # Ann's prompt asking for it for good. The ask is now refused in the roll's own words, and
    # nothing changes; taking some time (1 automatic success, Stealth 3 >= 2) is asked and rolled:
    # vs 3 (Moderate), [2 3 4] + 1 automatic = 1 success: "I accomplish the task".
    t = _time_table()
    err = t.refuse("ann", "ask_check", rule="RWYN-DESIGN-005", character="ada", ability="Stealth", time=2)
    assert err.message == "Seeking 2 automatic successes needs an ability of at least 4; this one is 3."
    assert state(t).calls == {} and t.prompts() == []
    do(t, "ann", "ask_check", character="ada", ability="Stealth", task="pick the lock", time=1)
    do(t, "gm", "call_check", ask=1, difficulty=3)
    check = last(do(t, "ann", "check", call=1, dice=[2, 3, 4]), "check_resolved")["check"]
    assert (check["success"], check["successes"], check["plan"]["time_auto"]) == (True, 1, 1)
    assert t.words("bo")[-5:-1] == [
        "Ada asks to roll Stealth to pick the lock, taking time (1 automatic success).",
        "The GM calls for Ada's Stealth vs difficulty 3 (Moderate) to pick the lock, taking time (1 "
        "automatic success).",
        "Ada rolls Stealth 3 vs difficulty 3 (Moderate) to pick the lock: [2 3 4] + 1 automatic = 1 success.",
        "Ada: success.",
    ]


@pytest.mark.rules("RWYN-DESIGN-005", "RWYN-GEN-001")
def test_a_gm_call_with_time_its_roll_would_refuse__refused_when_called() -> None:
    # The GM's call carried the time unread: at a core table (no take-your-time), for 3 automatic
    # successes, for -1, or for 2 on Stealth 3, each call was made and its roll then refused. Each
    # is now refused when called, in one sentence, and no call is left open.
    core = table(characters=ADA, gm_sets_difficulty=True)
    err = core.refuse(
        "gm", "call_check", rule="RWYN-DESIGN-005", character="ada", ability="Science", difficulty=3, time=1
    )
    assert err.message == "Taking your time for automatic successes is not a rule at this table."
    t = _time_table()
    for time in (3, -1):
        err = t.refuse("gm", "call_check", character="ada", ability="Science", difficulty=3, time=time)
        assert err.message == "Take your time for 1 automatic success, or a lot of time for 2.", time
    t.refuse(
        "gm",
        "call_check",
        character="ada",
        ability="Stealth",
        difficulty=3,
        time=2,
        match="needs an ability of at least 4; this one is 3",
    )
    assert state(t).calls == {}


@pytest.mark.rules("RWYN-DESIGN-005", "RWYN-POOL-008", "RWYN-MIX-001", "RWYN-EFFECT-001")
def test_a_lot_of_time_called__its_automatic_successes_count_and_weigh_against_the_ones() -> None:
    # The GM calls Ada's Science 4 vs 3, taking a lot of time: 2 automatic successes (4 >= 2 x 2,
    # src 53). Ann rolls [1 1 1 2] + 2 automatic = 2 successes: a success whatever the dice
    # (POOL-008: automatic successes count for every purpose), two effects (src 11), and four 1s
    # against 2 successes: a mixed success (src 15; PROPOSED MIX-001 counts automatic successes).
    t = _time_table()
    do(t, "gm", "call_check", character="ada", ability="Science", difficulty=3, time=2, task="decode")
    check = last(do(t, "ann", "check", call=1, dice=[1, 1, 1, 2]), "check_resolved")["check"]
    assert (check["success"], check["successes"], check["mixed"]) == (True, 2, True)
    assert sorted(p.kind for p in t.prompts()) == ["effects", "mixed"]
    assert t.prompt("ann", "effects").question == (
        "2 successes kept on Ada's check 1: 'I accomplish the task' plus 1 more effect."
    )


# --- a disaster pool past the cap (src 43, PROPOSED POOL-007) ---


@pytest.mark.rules("RWYN-POOL-007", "RWYN-SAC-001", "RWYN-SAC-002", "RWYN-EFFECT-003")
def test_a_disaster_pool_past_the_cap__every_seat_reads_its_automatic_disaster_successes() -> None:
    # An Impossible 25 (the GM allows up to 30) against Ada's Science 4... made with Stealth 1:
    # 1 die + 24 disaster dice (src 9). [5] = 1 success; Ann sacrifices it (src 13): 23 disaster dice,
    # capped at 10 rolled + floor(13 / 2) = 6 automatic (src 43, PROPOSED: each pool capped). Ten 1s
    # rolled: 6 disaster successes. The line read "Disaster dice [1 1 1 1 1 1 1 1 1 1]: 6 disaster
    # successes.", ten blanks and six problems with nothing to say where they came from.
    t = table(
        {"impossible_max": 30},
        characters={"ada": {"abilities": "Stealth:1, Endurance:3, Poise:2"}},
        gm_sets_difficulty=True,
    )
    do(t, "gm", "call_check", character="ada", ability="Stealth", difficulty=25, task="cross the vault")
    do(t, "ann", "check", call=1, dice=[5])
    check = last(do(t, "ann", "sacrifice", check=1, count=1, dice=[1] * 10), "check_resolved")["check"]
    assert (check["success"], check["disaster_auto"], check["disaster_successes"]) == (False, 6, 6)
    for seat in SEATS:
        assert t.words(seat)[-3:] == [
            "Ada sacrifices 1 success; 23 disaster dice left to roll.",
            "Disaster dice [1 1 1 1 1 1 1 1 1 1] + 6 automatic: 6 disaster successes.",
            "Ada: failure, 0 successes kept, 6 disaster successes.",
        ], seat
    assert t.prompt("gm", "complications").question == (
        "6 disaster successes on Ada's check 1: name that many complications."
    )


@pytest.mark.rules("RWYN-POOL-007")
def test_rwyn_roll__a_disaster_pool_past_the_cap_shows_its_automatic_successes_too() -> None:
    # `capeworks rwyn roll`: ability 1 vs 20 -> 19 disaster dice; 1 sacrificed -> 18 -> 10 rolled +
    # 4 automatic (src 43). It printed "Disaster dice [1 1 ...]: 4 disaster successes".
    from capeworks.cli.app import app

    args = ["rwyn", "roll", "-a", "1", "-d", "20", "--set", "impossible_max=30", "--sacrifice", "1"]
    args += ["--dice", ",".join(["5", *["1"] * 10])]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    assert "Disaster dice [1 1 1 1 1 1 1 1 1 1] + 4 automatic: 4 disaster successes" in out.output
    data = json.loads(CliRunner().invoke(app, [*args, "--json"]).stdout)
    assert (data["disaster_auto"], data["disaster_successes"]) == (4, 4)


# --- a stress track that shrinks under stress (src 19, 21) ---


@pytest.mark.rules("RWYN-STRESS-001", "RWYN-STRESS-002", "RWYN-ABIL-002")
def test_a_track_lowered_below_its_stress__holds_its_new_boxes_full_and_the_next_hit_overflows() -> None:
    # Ada's physical track is Endurance 3 (src 19; PROPOSED ABIL-002): 3 stress fills it. The GM then
    # lowers Endurance to 1 (a lasting injury): the track has 1 box, so it holds 1 stress, full. It
    # held 3 on a 1-box track, and the table went on as if 3 of 1 were not full. Marked stress is not
    # new stress: no consequence yet (PROPOSED STRESS-002: stress arriving at a full track). The next
    # point overflows: a minor consequence or taken out (src 21), Ann's to choose.
    t = table(characters=ADA)
    do(t, "gm", "stress", character="ada", track="physical", amount=3)
    do(t, "gm", "set_ability", character="ada", ability="Endurance", rating=1)
    ada = state(t).characters["ada"]
    assert (ada.stress[Track.PHYSICAL], ada.overflow) == (1, None) and t.prompts() == []
    assert t.replayed().state == t.state  # the log folds to the same sheet
    do(t, "gm", "stress", character="ada", track="physical", amount=1)
    assert state(t).characters["ada"].overflow is Track.PHYSICAL
    assert t.prompt("ann", "consequence").question == (
        "Ada's physical stress is full: take a minor consequence, or be taken out of the conflict?"
    )
    # the mental track too: 2 stress on Poise 2, Poise lowered to 1 -> 1 of 1; raised back to 2, the
    # track grows a box and keeps the 1 stress marked
    do(t, "ann", "consequence", character="ada", text="a torn shoulder")
    do(t, "gm", "stress", character="ada", track="mental", amount=2)
    do(t, "gm", "set_ability", character="ada", ability="Poise", rating=1)
    do(t, "gm", "set_ability", character="ada", ability="Poise", rating=2)
    ada = state(t).characters["ada"]
    assert ada.stress == {Track.PHYSICAL: 0, Track.MENTAL: 1}
    assert dict(ada.consequences) == {Consequence.MINOR: "a torn shoulder"}


# --- out for good (src 21) ---


@pytest.mark.rules("RWYN-STRESS-004", "RWYN-STRESS-005")
def test_a_character_out_for_good__a_later_sessions_call_says_so_not_this_conflict() -> None:
    # Ada (Endurance 1, Poise 1) takes a minor, a moderate and a major consequence, then a fourth:
    # automatically taken out "per the GM's desires - usually death" (src 21); the GM says she dies
    # in the fire. A session later the GM calls for her by mistake: the refusal read "Ada has been
    # taken out of this conflict.", as if the next scene would bring her back. It says she is taken
    # out for good, and how; nothing changes.
    t = table(characters={"ada": {"abilities": "Science:2, Endurance:1, Poise:1"}}, gm_sets_difficulty=True)
    for text in ("a black eye", "a cracked rib", "a broken arm", ""):
        do(t, "gm", "stress", character="ada", track="physical", amount=2)
        do(t, "ann", "consequence", character="ada", text=text)
    do(t, "gm", "outcome", character="ada", text="she dies in the fire")
    do(t, "gm", "end_session")
    assert state(t).characters["ada"].standing is Standing.OUT_FOR_GOOD
    err = t.refuse(
        "gm", "call_check", rule="RWYN-STRESS-003", character="ada", ability="Science", difficulty=2
    )
    assert err.message == "Ada is taken out for good (a fourth consequence): she dies in the fire.", (
        err.message
    )
    t.refuse("gm", "stress", character="ada", track="mental", amount=1, match="Ada is taken out for good")


# --- what a player is offered to spend (src 25, 27, 29) ---


def _menu(t: Driver, seat: str) -> set[str]:
    """The commands on ``seat``'s own menu (not the answers to its prompts)."""
    return {legal.command for legal in t.legal(seat) if legal.prompt is None}


@pytest.mark.rules("RWYN-ABIL-003", "RWYN-ABIL-010", "RWYN-ABIL-005")
def test_a_character_without_wealth_or_reputation__is_not_offered_a_purchase_it_would_be_refused() -> None:
    # Wealth and Reputation are abilities PCs "can pick up" (src 25): Ada has neither yet, so every
    # purchase and favour of hers is refused ("Ada has no Wealth to spend ..."), yet Ann's menu
    # offered both, a click that could only fail. Bo's Rook has Wealth 3: Bo is offered a purchase,
    # not a favour. When the GM rates Ada's Reputation 2 (she picks it up), Ann is offered a favour,
    # and one of cost 0 (two or more below, src 27 and 29: "much the same") is simply granted.
    t = table(
        characters={
            "ada": {"abilities": "Science:3, Endurance:2, Poise:2"},
            "rook": {"name": "Rook Marlowe", "owner": "bo", "abilities": "Brawling:3, Wealth:3"},
        }
    )
    assert not _menu(t, "ann") & {"buy", "favour"}
    t.refuse("ann", "buy", rule="RWYN-ABIL-003", character="ada", cost=0, item="a coffee")
    assert "buy" in _menu(t, "bo") and "favour" not in _menu(t, "bo")
    do(t, "gm", "set_ability", character="ada", ability="Reputation", rating=2)
    assert "favour" in _menu(t, "ann") and "buy" not in _menu(t, "ann")
    do(t, "ann", "favour", character="ada", cost=0, item="a nod from the doorman")
    assert t.words("bo")[-1] == "Ada calls in a nod from the doorman (cost 0, well below Reputation 2)."


# --- the words every seat reads (src 11, 17, 21, 27) ---


@pytest.mark.rules("RWYN-GEN-001", "RWYN-GEN-003", "RWYN-STRESS-002", "RWYN-ABIL-005")
def test_words_typed_as_spaces_alone__every_seat_reads_them_as_no_words() -> None:
    # A form sends what was typed: the GM's task, reason and move, Ann's consequence and item, each
    # left as a few spaces. The lines read "to    .", "withdrawn:    .", "against    :", "takes a
    # minor consequence:    ." and "Ada buys     (cost 1 ...)". Spaces alone are no words now: each
    # line reads as if the field were left empty. Science 2 vs 2, [2 3]: the defence fails and the
    # move's 3 physical stress overflows Endurance 2 (src 19, 21).
    t = table(
        characters={"ada": {"abilities": "Science:2, Wealth:3, Endurance:2, Poise:2"}},
        gm_sets_difficulty=True,
    )
    seen = {seat: len(t.words(seat)) for seat in SEATS}
    do(t, "gm", "call_check", character="ada", ability="Science", difficulty=2, task="   ")
    do(t, "gm", "withdraw_call", call=1, why="  ")
    do(t, "gm", "enemy_move", character="ada", ability="Science", difficulty=2, harm=3, move="   ")
    do(t, "ann", "defend", call=2, dice=[2, 3])
    do(t, "ann", "consequence", character="ada", text="   ")
    do(t, "ann", "buy", character="ada", cost=1, item="  ")
    for seat in SEATS:
        assert t.words(seat)[seen[seat] :] == [
            "The GM calls for Ada's Science vs difficulty 2 (Easy).",
            "Call 1 for Ada's Science is withdrawn.",
            "Ada must defend with Science against an enemy move: difficulty 2 (Easy), 3 physical stress on a "
            "failure.",
            "Ada rolls Science 2 vs difficulty 2 (Easy): [2 3] = 0 successes.",
            "Ada: failure.",
            "Ada takes 3 physical stress: the track is full — a consequence or being taken out.",
            "Ada's check 2 is settled.",
            "Ada takes a minor consequence.",
            "Ada buys something (cost 1, well below Wealth 3).",
        ], seat
    assert dict(state(t).characters["ada"].consequences) == {Consequence.MINOR: "minor"}


@pytest.mark.rules("RWYN-EFFECT-003", "RWYN-POOL-005")
def test_two_disaster_successes__two_different_complications_not_one_said_twice() -> None:
    # Ada sneaks past the guards: Stealth 3 vs 5 -> 3 dice + 2 disaster dice (src 9). [5 2 2] = 1
    # success, which Ann could sacrifice for a disaster die (src 13) but keeps. Disaster [5 6]: 2
    # problems (src 9), "things like messiness, being spotted" (src 11), one per disaster success.
    # The GM's "being spotted, being spotted" was taken as two; it is one complication said twice,
    # as two effects the same are refused (RWYN-EFFECT-001). Refused in a sentence, nothing changes;
    # two different ones settle the check.
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Stealth", difficulty=5, task="slip past", dice=[5, 2, 2])
    do(t, "ann", "sacrifice", check=1, count=0, dice=[5, 6])
    err = t.refuse(
        "gm", "complications", rule="RWYN-EFFECT-003", check=1, texts=["being spotted", "Being spotted"]
    )
    assert err.message == (
        "Each disaster success adds a different complication: 'Being spotted' is already among them."
    ), err.message
    do(t, "gm", "complications", check=1, texts=["being spotted", "messiness"])
    assert t.words("ann")[-2:] == ["Complications: being spotted, messiness.", "Ada's check 1 is settled."]


@pytest.mark.rules("RWYN-STRESS-001", "RWYN-GEN-003")
def test_social_stress__the_seeds_other_name_for_the_mental_track_is_understood() -> None:
    # src 19: "stress tracks for both physical and social stress ... their mental stress is equal to
    # their Poise": one track with two names (PROPOSED STRESS-001). A GM declaring a snub as "social"
    # was refused ("track: Input should be 'physical' or 'mental'"). "social" now names the Poise
    # track. Poise 2 vs 3 -> 2 dice + 1 disaster die (src 9): [5 3] = 1 success, the defence holds;
    # disaster [6] = 1 stress (PROPOSED GEN-003); then 1 more "Social" from the GM: 2 of Poise 2.
    t = table(characters=ADA, gm_sets_difficulty=True)
    do(
        t,
        "gm",
        "enemy_move",
        character="ada",
        ability="Poise",
        difficulty=3,
        harm=2,
        track="social",
        move="a snub",
    )
    assert t.words("ann")[-1] == (
        "Ada must defend with Poise against a snub: difficulty 3 (Moderate), 2 mental stress on a failure."
    )
    do(t, "ann", "defend", call=1, dice=[5, 3, 6])
    do(t, "gm", "stress", character="ada", track="Social", amount=1)
    ada = state(t).characters["ada"]
    assert ada.stress == {Track.PHYSICAL: 0, Track.MENTAL: 2} and ada.overflow is None
    t.refuse("gm", "stress", character="ada", track="emotional", amount=1, match="'physical' or 'mental'")


# --- qualities of the scene (src 5) ---


@pytest.mark.rules("RWYN-GEN-004", "RWYN-CRIT-002", "RWYN-POOL-005")
def test_a_quality_of_the_scene__its_sides_bring_dice_as_a_characters_do() -> None:
    # src 5: "Places, situations, and characters all have qualities. Every quality pos & neg." At a
    # table where a quality's side is worth a die (PROPOSED CRIT-002, quality_die_bonus 1), the GM
    # notes the docks in play: crowded but noisy. The GM's call for Ada's Stealth bringing in the
    # crowd (to hide in) and the noise was refused: "Ada has no quality with the benefit 'Crowded'";
    # only a character's own qualities counted. Now the call carries +1 quality die and 1 disaster
    # die (a drawback's, though Stealth 3 meets difficulty 3, src 7).
    # Ann rolls [5 2 2 2] = 1 success; the one disaster die is the last, never sacrificed (src 13):
    # [6] = 1 problem, and she succeeds anyway (src 9).
    t = table({"quality_die_bonus": 1}, characters=ADA, gm_sets_difficulty=True)
    do(t, "gm", "scene_quality", subject="the docks", benefit="crowded", drawback="noisy")
    do(
        t,
        "gm",
        "call_check",
        character="ada",
        ability="Stealth",
        difficulty=3,
        task="slip through",
        benefit="Crowded",
        drawback="noisy",
    )
    assert t.words("ann")[-1] == (
        "The GM calls for Ada's Stealth vs difficulty 3 (Moderate) to slip through (+1 quality die from "
        "'Crowded'; 1 disaster die from a drawback, 'noisy')."
    )
    check = last(do(t, "ann", "check", call=1, dice=[5, 2, 2, 2, 6]), "check_resolved")["check"]
    assert (check["success"], check["plan"]["ability_dice"], check["disaster_successes"]) == (True, 4, 1)
    err = t.refuse("gm", "call_check", character="ada", ability="Stealth", difficulty=2, benefit="quiet")
    assert err.message == "Neither Ada nor anything in play has a quality with the benefit 'quiet'."
