"""A twelfth referee pass over Roll When You Need: the dead do not heal, the ladder's words at a
big-pools table, purchases by a character who cannot act, a player taking back their own ask, and the
GM calling an ask without the time it asked for.

A character taken out for good by a fourth consequence (src 21: "usually death") at the end of a
scene and of a session; the difficulty ladder (src 47: "Simple 1 ... Hard 5, Impossible 6+") at a
table whose abilities and difficulties run 1-10 (src 53: "rated from 1 to 10"); buying and calling
in favours (src 27, 29) with a full stress track or after being taken out (src 21); an ask withdrawn
by its own player, refused to another's seat (RWYN-GEN-001, -003); an ask for time answered without
it (src 53); an ask answered for another character; sacrificing no successes (src 13); the odds
command at a big-pools table. Situations from the seed (seeds/001_dcffe7bdc60b80e1.txt, "src N" =
line N) and the inventory's PROPOSED decisions, played through the table with given dice; they stay
off what test_referee.py .. test_referee11.py pin.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.rwyn.sheet import Consequence, Standing
from capeworks.systems.rwyn.tables import difficulty_label
from tests.systems.rwyn.helpers import do, last, state, table

SEATS = ("gm", "ann", "bo")
#: Ada (Ann's) and Rook (Bo's), each with one box on each track, so two stress overflow it
FRAIL = {
    "ada": {"abilities": "Science:3, Stealth:3, Endurance:1, Poise:1, Wealth:3, Reputation:2"},
    "rook": {"abilities": "Brawling:3, Endurance:1, Poise:1, Wealth:2", "owner": "bo"},
}


def _menu(t: Driver, seat: str) -> list[tuple[str, dict[str, object]]]:
    """The commands on ``seat``'s menu (not prompt answers), with their fixed fields."""
    return [(legal.command, legal.fixed) for legal in t.legal(seat) if legal.prompt is None]


# --- the dead heal nothing (src 21) ---


@pytest.mark.rules("RWYN-STRESS-004", "RWYN-STRESS-005", "RWYN-STRESS-002")
def test_a_character_out_for_good__heals_nothing_when_the_scene_or_the_session_ends() -> None:
    # Ada takes a minor, a moderate and a major consequence, then a fourth: taken out for good, "per
    # the GM's desires - usually death" (src 21); the GM says she dies in the fire. Rook took a minor
    # one. The scene ends: Rook's minor heals (PROPOSED STRESS-002: minor after the scene), and the
    # log also read "Ada's minor consequence heals: a black eye." -- of a dead woman; at the session's
    # end her moderate "healed" too. The dead now keep what they took, and no seat reads them healing.
    t = table(characters=FRAIL, gm_sets_difficulty=True)
    for text in ("a black eye", "a cracked rib", "a broken arm", ""):
        do(t, "gm", "stress", character="ada", track="physical", amount=2)
        do(t, "ann", "consequence", character="ada", text=text)
    do(t, "gm", "outcome", character="ada", text="she dies in the fire")
    do(t, "gm", "stress", character="rook", track="mental", amount=2)
    do(t, "bo", "consequence", character="rook", text="shaken")
    since = t.table.version
    do(t, "gm", "end_scene")
    do(t, "gm", "end_session")
    for seat in SEATS:
        healing = [line for line in t.words(seat, since=since) if "heals" in line]
        assert healing == ["Rook's minor consequence heals: shaken."], seat
    ada = state(t).characters["ada"]
    assert ada.standing is Standing.OUT_FOR_GOOD and ada.out_how == "she dies in the fire"
    assert dict(ada.consequences) == {
        Consequence.MINOR: "a black eye",
        Consequence.MODERATE: "a cracked rib",
        Consequence.MAJOR: "a broken arm",
    }
    assert state(t).characters["rook"].consequences == {}
    assert t.replayed().state == t.state


# --- the ladder's words at a big-pools table (src 47, 53) ---

#: the big-pools variant (src 53: "abilities & attributes start at 5 & rated from 1 to 10")
BIG = {"ability_min": 1, "ability_max": 10, "ability_start": 5, "difficulty_max": 10, "impossible_max": 12}


@pytest.mark.rules("RWYN-DESIGN-002", "RWYN-POOL-003", "RWYN-GEN-001")
def test_big_pools__difficulties_6_to_10_are_ordinary_and_only_past_10_impossible() -> None:
    # At a big-pools table the GM calls Ada's Science 8 vs 7. The words read "difficulty 7
    # (Impossible)", and the GM's menu for an ask offered "6 (Impossible)" .. "10 (Impossible)": half
    # the table's ordinary range named Impossible. The ladder's five rungs now spread over 1-10 (two
    # steps each) and only what lies past the table's top, 11 and 12 (the GM's alone), is Impossible.
    # Science 8 vs 7: no disaster dice (src 7); [5 2 2 2 2 2 2 2] = 1 success.
    t = table(
        BIG, characters={"ada": {"abilities": "Science:8, Endurance:5, Poise:5"}}, gm_sets_difficulty=True
    )
    do(t, "gm", "call_check", character="ada", ability="Science", difficulty=7, task="crack the code")
    do(t, "ann", "check", call=1, dice=[5, 2, 2, 2, 2, 2, 2, 2])
    assert t.words("bo")[-4:-1] == [
        "The GM calls for Ada's Science vs difficulty 7 (Tough) to crack the code.",
        "Ada rolls Science 8 vs difficulty 7 (Tough) to crack the code: [5 2 2 2 2 2 2 2] = 1 success.",
        "Ada: success.",
    ]
    do(t, "ann", "ask_check", character="ada", ability="Science", task="read the cipher")
    labels = [o.label for o in t.prompt("gm", "difficulty").options]
    assert labels[:10] == [
        "1 (Simple)",
        "2 (Simple)",
        "3 (Easy)",
        "4 (Easy)",
        "5 (Moderate)",
        "6 (Moderate)",
        "7 (Tough)",
        "8 (Tough)",
        "9 (Hard)",
        "10 (Hard)",
    ]
    do(t, "gm", "enemy_move", character="ada", ability="Science", difficulty=11, move="the lock resets")
    assert t.words("ann")[-1] == (
        "Ada must defend with Science against the lock resets: difficulty 11 (Impossible), 1 physical "
        "stress on a failure."
    )
    # the ladder as written at a core table (and 1-6 where successes must reach the difficulty)
    assert [difficulty_label(d) for d in (1, 5, 6, 9)] == ["Simple", "Hard", "Impossible", "Impossible"]


# --- purchases by a character who cannot act (src 21, 27, 29) ---


@pytest.mark.rules("RWYN-ABIL-004", "RWYN-ABIL-010", "RWYN-STRESS-002", "RWYN-STRESS-003")
def test_a_purchase_with_a_full_track_or_taken_out__refused_as_the_menu_already_says() -> None:
    # Ada's physical track fills: "when a character's stress is filled they take consequences" (src
    # 21), so Ann answers it before Ada does anything else. Her menu had no buy or favour, yet Ann
    # could buy (a purchase is a check, src 27) and call in a favour, the track still waiting. Both are
    # now refused, naming what waits. Then Ann chooses to be taken out (src 21: "removing themselves
    # from the conflict"): no check of hers is made until the scene ends, a purchase neither. Back at
    # the scene's end, she buys: Wealth 3, cost 3 -> a check (src 27), [5 2 1] = 1 success, bought.
    t = table(characters=FRAIL, gm_sets_difficulty=True)
    do(t, "gm", "stress", character="ada", track="physical", amount=2)
    for command in ("buy", "favour"):
        assert command not in [c for c, _ in _menu(t, "ann")]
        err = t.refuse("ann", command, rule="RWYN-STRESS-002", character="ada", cost=1, item="a taxi")
        assert err.message == (
            "Ada's physical stress track is full: a consequence or being taken out must be chosen first."
        )
    do(t, "ann", "consequence", character="ada", choice="taken_out", text="she runs")
    for command in ("buy", "favour"):
        assert command not in [c for c, _ in _menu(t, "ann")]
        t.refuse("ann", command, rule="RWYN-STRESS-003", character="ada", cost=1, item="a taxi")
        t.refuse("gm", command, rule="RWYN-STRESS-003", character="ada", cost=1, item="a taxi")
    assert state(t).checks == {}
    do(t, "gm", "end_scene")
    assert ("buy", {"character": "ada"}) in _menu(t, "ann")
    bought = last(
        do(t, "ann", "buy", character="ada", cost=3, item="a car", dice=[5, 2, 1]), "check_resolved"
    )
    assert bought["check"]["success"] is True


@pytest.mark.rules("RWYN-STRESS-004", "RWYN-ABIL-004")
def test_a_character_out_for_good__buys_nothing() -> None:
    # Dead (a fourth consequence, src 21), Ada still bought without trouble (cost 1 < Wealth 3,
    # src 27): "Ada buys a wreath." The purchase is refused, saying she is out for good.
    t = table(characters=FRAIL, gm_sets_difficulty=True)
    for _ in range(4):
        do(t, "gm", "stress", character="ada", track="physical", amount=2)
        do(t, "ann", "consequence", character="ada")
    err = t.refuse("ann", "buy", rule="RWYN-STRESS-003", character="ada", cost=1, item="a wreath")
    assert err.message == "Ada is taken out for good (a fourth consequence)."
    assert "buy" not in [c for c, _ in _menu(t, "ann")]


# --- a player takes back their own ask (RWYN-GEN-001) ---


@pytest.mark.rules("RWYN-GEN-001", "RWYN-GEN-003")
def test_a_player_takes_back_their_own_ask__not_another_seats_nor_the_gms_call() -> None:
    # Ann asks to roll Ada's Stealth to slip past the guard; before the GM answers, the guard leaves.
    # Only the GM could withdraw it: Ann had to ask the GM to take back her own question. An ask is
    # the player's until the GM gives it a difficulty (src 17: the GM's difficulties; the rest of the
    # ask is the player's), so Ann may take it back; Bo may not (it is not his), nor may Ann take back
    # the GM's call for Rook, nor her own ask once the GM has answered it (it is then the GM's call).
    t = table(characters=FRAIL, gm_sets_difficulty=True)
    do(t, "ann", "ask_check", character="ada", ability="Stealth", task="slip past the guard")
    do(t, "gm", "call_check", character="rook", ability="Brawling", difficulty=2)
    assert ("withdraw_call", {"call": 1}) in _menu(t, "ann")
    assert "withdraw_call" not in [c for c, _ in _menu(t, "bo")]  # his is the GM's call, not an ask
    err = t.refuse("bo", "withdraw_call", call=1)
    assert (
        err.message == "Call 1 is Ada's ask, from another seat: only its player or the GM can take it back."
    )
    err = t.refuse("ann", "withdraw_call", call=2)
    assert err.message == (
        "Call 2 is the GM's call for Rook: only the GM can withdraw it (ask the GM, or roll it)."
    )
    do(t, "ann", "withdraw_call", call=1, why="the guard left")
    for seat in SEATS:
        assert t.words(seat)[-1] == "Call 1 for Ada's Stealth is withdrawn: the guard left.", seat
    assert list(state(t).calls) == [2] and [p.kind for p in t.prompts()] == ["roll"]
    # asked again and answered: now the GM's call, which Ann rolls or the GM withdraws
    do(t, "ann", "ask_check", character="ada", ability="Stealth", task="slip past the guard")
    do(t, "gm", "call_check", ask=3, difficulty=2)
    t.refuse("ann", "withdraw_call", call=3, match="only the GM can withdraw it")
    assert "withdraw_call" not in [c for c, _ in _menu(t, "ann")]
    do(t, "gm", "withdraw_call", call=3)
    assert list(state(t).calls) == [2]


# --- an ask for time, answered without it (src 53) ---


@pytest.mark.rules("RWYN-DESIGN-005", "RWYN-GEN-001")
def test_the_gm_answers_an_ask_for_time_without_it__time_0_means_none() -> None:
    # Ann asks to search the archive with Ada's Science 3, taking time (1 automatic success; src 53:
    # ability 3 >= 2). The alarm is ringing: the GM answers with difficulty 2 and no time. time=0
    # meant "keep the ask's", so the call still carried the automatic success: no way to say "none".
    # Left out, the ask's time is kept; 0 now says none. [2 3 4] = no success: a failure.
    t = table({"time_auto_successes": True}, characters=FRAIL, gm_sets_difficulty=True)
    do(t, "ann", "ask_check", character="ada", ability="Science", task="search the archive", time=1)
    called = last(do(t, "gm", "call_check", ask=1, difficulty=2, time=0), "check_called")["call"]
    assert called["time"] == 0
    assert (
        t.words("ann")[-1] == "The GM calls for Ada's Science vs difficulty 2 (Easy) to search the archive."
    )
    check = last(do(t, "ann", "check", call=1, dice=[2, 3, 4]), "check_resolved")["check"]
    assert (check["success"], check["plan"]["time_auto"]) == (False, 0)
    # left out, the ask's time stands: [2 3 4] + 1 automatic = 1 success
    do(t, "ann", "ask_check", character="ada", ability="Science", task="search the archive", time=1)
    assert last(do(t, "gm", "call_check", ask=2, difficulty=2), "check_called")["call"]["time"] == 1
    check = last(do(t, "ann", "check", call=2, dice=[2, 3, 4]), "check_resolved")["check"]
    assert (check["success"], check["successes"]) == (True, 1)


@pytest.mark.rules("RWYN-GEN-001", "RWYN-GEN-003")
def test_the_gm_answers_an_ask_for_another_character__refused_the_ask_stays_its_players() -> None:
    # Ann asks to sneak past with Ada's Stealth. The GM answered it naming Rook: the ask became "The GM
    # calls for Rook's Brawling vs difficulty 2 (Easy) to sneak.", Bo's call under Ann's number, and
    # Ann's ask was gone with nobody told. A player asks for their own character (src 17: the GM sets
    # difficulties; the character acting is the player's): the answer names no other. Refused in one
    # sentence, nothing changes; the GM may still rule another ability for Ada (a ruling of the GM's).
    t = table(characters=FRAIL, gm_sets_difficulty=True)
    do(t, "ann", "ask_check", character="ada", ability="Stealth", task="sneak past")
    err = t.refuse("gm", "call_check", ask=1, character="rook", ability="Brawling", difficulty=2)
    assert err.message == (
        "Call 1 is Ada's ask: answer it for Ada (drop character=), or withdraw it and call the other "
        "character's check."
    )
    assert state(t).calls[1].asked and state(t).calls[1].character == "ada"
    called = last(
        do(t, "gm", "call_check", ask=1, character="ada", ability="Science", difficulty=2), "check_called"
    )
    assert (called["call"]["character"], called["call"]["ability"]) == ("ada", "Science")
    assert t.words("bo")[-1] == "The GM calls for Ada's Science vs difficulty 2 (Easy) to sneak past."


@pytest.mark.rules("RWYN-SAC-001", "RWYN-ABIL-007")
def test_sacrificing_no_successes__the_log_says_every_success_is_kept() -> None:
    # Ada buys a yacht, cost 4 over Wealth 2: 2 dice + 2 disaster dice (src 27). [5 2] = 1 success;
    # Ann keeps it (src 13: sacrificing is her choice). The log read "Ada sacrifices 0 successes; 2
    # disaster dice left to roll." It says she keeps every success. Disaster [5 6] = 2 disaster
    # successes: Wealth 2 -> 0 for good (src 27), and she has the yacht (one success).
    t = table(characters={"ada": {"abilities": "Endurance:1, Poise:1, Wealth:2"}}, gm_sets_difficulty=True)
    do(t, "ann", "buy", character="ada", cost=4, item="a yacht", dice=[5, 2])
    do(t, "ann", "sacrifice", check=1, count=0, dice=[5, 6])
    for seat in SEATS:
        assert t.words(seat)[-6:-3] == [
            "Ada keeps every success; 2 disaster dice left to roll.",
            "Disaster dice [5 6]: 2 disaster successes.",
            "Ada: success, 2 disaster successes.",
        ], seat
    assert t.words("bo")[-3:-1] == [
        "Ada loses 2 Wealth for good: Wealth is now 0.",
        "Ada buys a yacht (cost 4, above Wealth 2).",
    ]
    assert state(t).characters["ada"].rating("Wealth") == 0


@pytest.mark.rules("RWYN-DESIGN-002")
def test_rwyn_odds__a_big_pools_difficulty_reads_the_tables_ladder() -> None:
    # `capeworks rwyn odds` at the big-pools variant printed "vs difficulty 7 (Impossible)".
    from typer.testing import CliRunner

    from capeworks.cli.app import app

    big = CliRunner().invoke(app, ["rwyn", "odds", "-a", "8", "-d", "7", "--variant", "big_pools"])
    assert big.exit_code == 0, big.output
    assert big.output.startswith("Ability 8 vs difficulty 7 (Tough): 8 dice, no disaster dice")
    core = CliRunner().invoke(app, ["rwyn", "odds", "-a", "3", "-d", "6", "--set", "impossible_max=8"])
    assert core.exit_code == 0, core.output
    assert core.output.startswith("Ability 3 vs difficulty 6 (Impossible): 3 dice, 3 disaster dice")
