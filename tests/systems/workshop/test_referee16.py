"""A sixteenth outside referee's pass over the Workshop table: who may do what at the table (the GM disposes),
and mooks waking back into their group. First the two points left open at the last stop:

1. a player could add a combatant to the villains' side (``add_character`` with ``faction="villains"``, a
   villain or mook sample, or a group of unnamed mooks). As in the other rulesets (weaverdice: "Only the GM
   adds NPCs"; bulletproof blues and RWYN: a player adds characters for their own seat), a player adds only
   their own hero: the faction, the count, the mooks' engagement and the villains' and mooks' samples are the
   GM's (the player's form over the web no longer offers them; the handler refuses them in one sentence).
2. an advanced group's last mook Shaken or knocked down, and a fellow asleep in the group wakes (src 60, 170):
   the entry kept that status, so the whole group of two was Shaken (or down). src 158 "Characters that have
   no name", src 161 "5-9: Shaken", src 166 "A Mook now follows the following rules: Damage 0-4: Shaken":
   the status is the one mook's. The one who wakes is neither, and a group of more than one keeps its calm
   and its feet as the entry does after a hit on one of several (test_referee15 x01).

Then the refusals each player seat meets (y08-y10): the GM's commands, another's character, the GM's; a check
the GM called for the GM's combatant is the GM's to roll ("Only the GM rolls for Viper.", before "Only Viper's
player rolls that."). And a goon asleep in its group that rolls to wake is one of the goons ("One of Goons
rolls to wake up", before "Goons roll to wake up", y11).

Seed: ``/work/shared/seeds/003_591d797dc594aa73.txt`` ("src N", first copy). Dice in order: a positive then
a negative d10 (a face of 10 reads 0), then any extra positive d10s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from capeworks.engine import form_schema
from capeworks.errors import NotPermitted
from capeworks.systems.workshop import commands as cmd
from capeworks.systems.workshop.combat import may_defend
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import attack, end_turn, sheet, state, who
from tests.systems.workshop.test_referee import HIT
from tests.systems.workshop.test_referee13 import fight as gang_fight
from tests.systems.workshop.test_referee14 import fight, mark, put

PLAYERS = ("ann", "bo")
NOT_YOURS = "A player adds only their own hero: villains and mooks are the GM's to add."


# -- 1. the GM disposes: a player adds only their own hero ------------------------------------------------


@pytest.mark.rules("WS-SHOT-001", "WS-MOOK-006")
@pytest.mark.parametrize("seat", PLAYERS)
def test_y01__a_player_may_not_put_a_combatant_on_the_villains_side(seat: str) -> None:
    # Before: Ann's "add_character" with faction="villains" (or Viper's sample) sat a foe at the villains'
    # side, played by Ann. Each player is refused in one sentence, the table untouched.
    d = fight()
    d.refuse(seat, "add_character", id="mole", faction="villains", error=NotPermitted, match=NOT_YOURS,
             **sheet())  # fmt: skip
    d.refuse(seat, "add_character", id="viper2", sample="viper", error=NotPermitted, match=NOT_YOURS)


@pytest.mark.rules("WS-MOOK-001", "WS-MOOK-006")
@pytest.mark.parametrize("seat", PLAYERS)
def test_y02__a_player_may_not_add_mooks_even_to_the_heroes(seat: str) -> None:
    # src 154-158: mooks, "Characters that have no name", are the GM's extras: a group of unnamed thugs, the
    # thug and goons samples, are refused to each player, though they would fight on the heroes' side.
    d = fight()
    d.refuse(seat, "add_character", id="crew", named=False, count=3, error=NotPermitted, match=NOT_YOURS,
             **sheet())  # fmt: skip
    d.refuse(seat, "add_character", id="thug2", sample="thug", error=NotPermitted, match=NOT_YOURS)
    d.refuse(seat, "add_character", id="goons2", sample="goons", faction="heroes", error=NotPermitted,
             match=NOT_YOURS)  # fmt: skip
    d.refuse(seat, "add_character", id="x", owner="gm" if seat == "bo" else "bo", error=NotPermitted,
             match="A player adds only their own characters.")  # fmt: skip


@pytest.mark.rules("WS-SHOT-001")
@pytest.mark.parametrize("seat", PLAYERS)
def test_y03__a_player_adds_their_own_hero_to_the_heroes_and_the_gm_adds_a_villain(seat: str) -> None:
    # What a player may do is unchanged: their own named character joins the heroes, played by them, its
    # Shot pool full (src 16: Shot Count = (Agility + Wits + Luck) / 3 = 5). The GM adds a villain as ever.
    d = fight()
    at = mark(d)
    d.do(seat, "add_character", id="nova", name="Nova", **sheet())
    nova = who(d, "nova")
    assert (nova.owner, nova.faction, nova.named, nova.shots) == (seat, "heroes", True, 5)
    d.do("gm", "add_character", id="viper2", sample="viper")
    assert (who(d, "viper2").owner, who(d, "viper2").faction) == ("", "villains")
    for s in ("gm", "ann", "bo"):
        assert d.words(s, since=at) == [
            "Nova joins the fight (heroes), Shot Count 5.",
            "Madame Viper joins the fight (villains), Shot Count 5.",
        ]


@pytest.mark.rules("WS-SHOT-001")
def test_y04__a_players_form_offers_no_faction_nor_the_gms_samples() -> None:
    # The web table's form for a player (capeworks.server: the command's schema "as this seat's form asks for
    # it") leaves out what only the GM may give: the faction, the mooks' fields, the villains' samples.
    player = form_schema(cmd.AddCharacter, gm=False)
    assert {"faction", "named", "count", "engaging", "owner"}.isdisjoint(player["properties"])
    assert player["properties"]["sample"]["examples"] == ["jade", "rook"]
    gm = form_schema(cmd.AddCharacter, gm=True)
    assert {"faction", "named", "count", "engaging", "owner"} <= set(gm["properties"])
    assert gm["properties"]["sample"]["examples"] == ["jade", "rook", "viper", "thug", "goons"]


@pytest.mark.rules("WS-SHOT-001")
def test_y05__over_the_web_a_player_adding_a_villain_is_refused_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    # The same command sent over the REST API by Ann's seat: refused in the same sentence, no event written.
    from fastapi.testclient import TestClient

    from capeworks.server import create_app
    from capeworks.store import Store
    from tests.server.conftest import RWYN_SEATS, act, create

    db = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    with TestClient(
        create_app(db, front_end=False, commands_per_second=1000.0, command_burst=1000)
    ) as client:
        table = create(client, "workshop", RWYN_SEATS, title="Harbour")
        with Store(db) as store:
            before = store.load(table.id).version
            refused = act(client, table, "ann", "add_character", id="viper", sample="viper")
            assert refused.status_code == 403, refused.text
            assert refused.json()["message"] == NOT_YOURS
            assert store.load(table.id).version == before
            form = client.get(
                f"/api/tables/{table.id}/commands/add_character/schema", headers=table.auth("ann")
            )
            assert "faction" not in form.json()["properties"]
            assert act(client, table, "ann", "add_character", id="jade", sample="jade").status_code == 200


# -- 2. a mook's Shaken and knockdown are its own, not the group's it wakes back into -------------------


@pytest.mark.rules("WS-MOOK-003", "WS-DMG-007", "WS-SHAKEN-003")
def test_y06__a_goon_waking_beside_the_last_shaken_one_rejoins_a_group_that_is_not_shaken() -> None:
    # The last goon standing is Shaken (src 166 "Damage 0-4: Shaken"), knocked down too (src 107); its fellow,
    # knocked unconscious (src 170), sleeps in the group until the clock of Sequence 2 (src 60: "in any case
    # they wake"). Sequence 2 begins: the group is two again, and the entry is neither Shaken nor down (the
    # one who wakes is fresh; a group keeps its calm as after a hit on one of several). Before: both were.
    d = gang_fight(count=1)
    put(d, "goons", sleepers=(1,), statuses=("shaken", "knocked_down"))
    for cid in ("rook", "jade", "viper", "goons"):
        end_turn(d, cid)
    goons = who(d, "goons")
    assert state(d).turn.sequence == 2
    assert (goons.count, goons.sleepers, goons.standing) == (2, (), Standing.UP)
    assert (goons.has("shaken"), goons.has("knocked_down")) == (False, False)
    assert may_defend(state(d), state(d).config, goons)


@pytest.mark.rules("WS-MOOK-003", "WS-DMG-007")
def test_y07__a_goon_waking_after_the_last_one_went_down_stands_fresh() -> None:
    # The last goon up was Shaken and knocked down, then knocked unconscious too (src 170): the entry is down,
    # its fellow asleep until Sequence 2's clock. That one wakes (src 60) and stands as the group, the fallen
    # one asleep in it: its own Shaken and knockdown did not pass to the one who woke.
    d = gang_fight(count=1)
    put(d, "goons", sleepers=(1,), statuses=("shaken", "knocked_down"), standing=Standing.DOWN, down_at=0,
        wake_at=100)  # fmt: skip
    for cid in ("rook", "jade", "viper"):
        end_turn(d, cid)
    goons = who(d, "goons")
    assert state(d).turn.sequence == 2
    assert (goons.count, goons.sleepers, goons.standing) == (1, (100,), Standing.UP)
    assert (goons.has("shaken"), goons.has("knocked_down")) == (False, False)


# -- 3. what each player seat may not do: the GM's commands, another's character, the GM's ---------------

#: the GM's commands, each with a payload that would be whole, and the words of its refusal
GM_COMMANDS = {
    "start_sequence": ({}, "start the fight"),
    "fall": ({"character": "h", "metres": 3}, "make someone fall"),
    "set_status": ({"character": "v", "status": "bruised"}, "set statuses"),
    "place_wall": ({"character": "v", "metres": 2}, "say where the walls stand"),
    "pass_time": ({"minutes": 10}, "let time pass"),
    "call_check": (
        {"character": "h", "traits": ["Agility", "Stunt"], "difficulty": 10},
        "call for rolls and set difficulties",
    ),
    "heal_cinematic": ({"character": "h"}, "heal Cinematic Wounds"),
    "rouse": ({"character": "h"}, "end a knock-out the rules give no end"),
    "end_session": ({}, "end the session"),
    "gm_note": ({"text": "Viper's second gun is in her boot."}, "write private notes"),
    "card_wound": ({"character": "v"}, "give Wounds"),
    "mook_strike": ({"group": "goons"}, "play the mooks"),
    "narrated": ({"id": 1}, "narrate"),
}
#: a combatant's commands, with what else each needs
OWN_COMMANDS: dict[str, dict[str, Any]] = {
    "end_turn": {},
    "raise_initiative": {},
    "extra_action": {},
    "interrupt": {},
    "attack": {"targets": ["goons"]},
    "move": {},
    "rest": {},
    "rollless": {},
    "cover": {},
    "steady": {},
    "get_up": {},
    "revive": {"patient": "h"},
    "stabilise": {"patient": "h"},
    "treat": {"patient": "h"},
    "welcome_cinematic": {},
    "defend": {},
    "counter": {},
}


@pytest.mark.rules("WS-SEQ-003", "WS-SHOT-003", "WS-SHOT-004")
@pytest.mark.parametrize("seat", PLAYERS)
def test_y08__each_player_is_refused_the_gms_commands_in_one_sentence_naming_what_is_the_gms(
    seat: str,
) -> None:
    # The GM disposes: the fight's start, falls, statuses, walls, time, called rolls, healing Cinematic Wounds
    # (src 137 "or earlier when appropriate (GM)"), rousing, the session's end, private notes, the card
    # stack's Wound ("possibly"), the mooks' strikes and narration are the GM's. Each player, on Hana's turn,
    # is refused each in one sentence saying what only the GM can do; nothing changes.
    d = fight()
    for command, (payload, what) in GM_COMMANDS.items():
        refused = d.refuse(seat, command, payload=payload, error=NotPermitted)
        assert refused.message == f"Only the GM can {what}.", command


@pytest.mark.rules("WS-SEQ-003", "WS-SHOT-003", "WS-SHOT-004", "WS-SHOT-005")
@pytest.mark.parametrize("seat", PLAYERS)
def test_y09__each_player_acts_for_no_one_but_their_own_character(seat: str) -> None:
    # src 12: "When your Initiative comes up, you may take an Action": each acts for their own character.
    # Ann may not act for Kit (Bo's), Bo not for Hana (Ann's), and neither for Viper or the goons (the GM's):
    # every command of a combatant, refused in one sentence naming whose it is; nothing changes.
    d = fight()
    other = "k" if seat == "ann" else "h"
    name = {"k": "Kit", "h": "Hana"}[other]
    said = {other: f"You can only act for your own characters; {name} is played by another seat.",
            "v": "Only the GM acts for Viper.", "goons": "Only the GM acts for Goons."}  # fmt: skip
    for command, more in OWN_COMMANDS.items():
        for cid, words in said.items():
            refused = d.refuse(seat, command, payload={"character": cid, **more}, error=NotPermitted)
            assert refused.message == words, (command, cid)


@pytest.mark.rules("WS-CORE-001")
@pytest.mark.parametrize("seat", PLAYERS)
def test_y10__a_check_called_for_the_gms_combatant_is_the_gms_to_roll_and_says_so(seat: str) -> None:
    # The GM calls rolls (src 12's Actions, WS-CORE-001: attribute + skill vs a difficulty): Viper's and the
    # goons' checks are asked of the GM alone, Kit's of Bo. A player rolling the GM's is refused in words that
    # say whose it is (before: "Only Viper's player rolls that.", "Only Goons's player rolls that.": they
    # have no player), another player's in words naming its player; nothing changes.
    d = fight()
    d.do("gm", "call_check", character="v", traits=["Agility", "Stunt"], difficulty=10)
    d.do("gm", "call_check", character="goons", traits=["Agility", "Wits"], difficulty=10)
    d.do("gm", "call_check", character="k", traits=["Agility", "Stunt"], difficulty=10)
    checks = {s: [p.question for p in d.prompts(s) if p.kind == "check"] for s in ("gm", "ann", "bo")}
    assert checks["ann"] == [] and checks["bo"] == ["Roll Kit's Agility+Stunt vs 10 (28.0%)."]
    assert "Roll Viper's Agility+Stunt vs 10 (21.0%)." in checks["gm"]
    for call, words in ((1, "Only the GM rolls for Viper."), (2, "Only the GM rolls for Goons.")):
        refused = d.refuse(seat, "roll_check", call=call, dice=[5, 5], error=NotPermitted)
        assert refused.message == words
    if seat == "ann":
        d.refuse(
            "ann",
            "roll_check",
            call=3,
            dice=[5, 5],
            error=NotPermitted,
            match="Only Kit's player rolls that.",
        )
    else:
        d.do("bo", "roll_check", call=3, dice=[5, 5])
        assert 3 not in state(d).calls


@pytest.mark.rules("WS-MOOK-003", "WS-DMG-007", "WS-SHAKEN-003", "WS-KNOCK-001")
def test_y11__a_goon_woken_by_its_roll_mid_sequence_rejoins_a_group_that_attacks_without_steadying() -> None:
    # The same set-up, with wake rolls (src 60: "each time someone else rolls an Action"): Rook shoots Viper
    # (9 + 9 - 1 = 17 vs 10), the sleeping goon rolls Willpower 6 + Focus 6 + 9 - 1 = 20 vs 15 and wakes back
    # into its group (src 170). On the goons' turn the GM attacks at once: no roll to steady first (src 81
    # binds the Shaken one), no getting up (WS-KNOCK-001 binds the one knocked down). Before: "Goons are
    # Shaken: roll to steady" and the whole group of two lay knocked down. Each seat reads that one of the
    # goons rolled (before: "Goons roll to wake up", as if the group lay asleep).
    traits = {"Agility": 2, "Wits": 4, "Luck": 3, "Guns": 2, "Willpower": 6, "Focus": 6}
    d = gang_fight({"wake_rolls": True}, count=1, traits=traits)
    put(d, "goons", sleepers=(100,), statuses=("shaken", "knocked_down"))
    at = mark(d)
    attack(d, "rook", ["viper"], HIT * 2, defend={"viper": False})
    goons = who(d, "goons")
    assert (goons.count, goons.sleepers, goons.has("shaken"), goons.has("knocked_down")) == (
        2,
        (),
        False,
        False,
    )
    for cid in ("rook", "jade", "viper"):
        end_turn(d, cid)
    assert state(d).turn.current == "goons"
    attack(d, "goons", ["jade"], [1, 9])
    for seat in ("gm", "ann", "bo"):
        woke = "One of Goons rolls to wake up (Willpower+Focus 12, dice 9/1) = 20 vs 15: succeeds."
        assert woke in d.words(seat, since=at), seat
