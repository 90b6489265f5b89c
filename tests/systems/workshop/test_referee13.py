"""A thirteenth outside referee's pass over the Workshop table: a whole fight of several Sequences with
player characters, a named foe and a group of mooks; the Shots counted as they are spent and regained, and
the words each seat reads. First three points noticed at the last stop:

1. a mook group's verbs agree with its plural name wherever the words put a verb after it ("goons join the
   fight" for a group the GM named by its id; "Goons joins" in a log written before events marked groups);
2. a roll's line drops its empty parts (no "dice none", no "+0");
3. a check the GM calls off the character's turn is no Action: it has no failure degrees (no Total
   Failure that turns "the action" Hazardous, no Fumble), as every other roll that is no Action.

Then the fight (v05-v20): Shot order, an advanced goon's 5-9 (Shaken and the Free d10, said as such), an
Active Defense's Shot, Stun and a Shock roll (the waking told as the next Sequence begins), the dying hour,
snapshots, a Wound's penalty, 3 Shots for an Action out of Sequence, the goons' Active Defense, a reload's
regained Shot, a wake roll on the goons' rolled attack, an interrupt and its counter-bid, a Shaken group's
refusal in plural words, and the cards each Faction draws read as cards.

Seed: ``/work/shared/seeds/003_591d797dc594aa73.txt`` ("src N", first copy). Dice in order: a positive then
a negative d10 (a face of 10 reads 0), then any extra positive d10s. The hero ``h`` (Agility 5 + Guns 4 = 9)
shoots at Defense 12: dice 9 and 1 make 9 + 9 - 1 = 17, a hit; PV = weapon Damage - Soak (the
effect-values model).
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import attack, end_turn, last, sheet, state, table, who
from tests.systems.workshop.test_referee import GOONS, HIT, QUIET, SLOW, TOUGH, gun, pool


def mark(d: Driver) -> int:
    """Where the log stands now (for ``d.words(seat, since=...)``)."""
    return d.table.version


# -- the three points noticed at the last stop -----------------------------------------------------------


@pytest.mark.rules("WS-MOOK-004", "WS-MOOK-005")
def test_v01__a_group_the_gm_names_by_its_id_reads_with_plural_verbs() -> None:
    # src 154, 175: "Unnamed characters ... commonly known as Mooks", a group of them. The GM adds three thugs
    # with the id "thugs" as their name too: the words say "thugs join the fight", never "thugs joins".
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(**TOUGH)},
              villains={"thugs": {**GOONS, "name": "thugs"}})  # fmt: skip
    for seat in ("gm", "ann", "bo"):
        assert "thugs join the fight (villains), Shot Count 0." in d.words(seat), seat


@pytest.mark.rules("WS-COVER-004", "WS-SHOT-003")
def test_v02__a_static_attack_with_nothing_added_reads_as_its_av_alone() -> None:
    # src 76: aggressive covering fire "sets up a static Attack ... It has AV 10+1 point per Cover": Ranged
    # Weapons 9 + Perception 9 + 9 - 5 = 22 vs 10, PV 12, Cover 2: AV 12. V moves into it and spends a Shot on
    # an Active Defense (src 20): Defense 12 + 5 = 17; 12 vs 17 misses by 5. No dice were rolled and nothing
    # was added: the line reads "AV 12", not "12 + dice none +0 = AV 12".
    gun_cf = {**gun(6), "covering_fire": True}
    d = table({**QUIET, "covering_fire": True},
              heroes={"h": sheet(traits={"Ranged Weapons": 9, "Perception": 9}, weapons=[gun_cf])},
              villains={"v": sheet(name="V", traits=pool(4), **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    d.do("gm", "move", character="v")
    at = mark(d)
    d.do("gm", "defend", character="v", use=True)
    for seat in ("gm", "ann", "bo"):
        assert "H attacks V with gun: AV 12 vs Defense 17: miss by 5." in d.words(seat, since=at), seat


@pytest.mark.rules("WS-DMG-007", "WS-MOOK-004")
def test_v03__a_roll_with_no_modifier_reads_without_a_plus_zero() -> None:
    # src 60: "Unconscious characters may roll to wake up (Willpower+Focus Difficulty 15) every time someone
    # else rolls an Action": s is down; h shoots v, s rolls Willpower 5 + Focus 5 + 9 - 1 = 18 vs 15, wakes.
    # Nothing modifies it: "(Willpower+Focus 10, dice 9/1)", no ", +0". src 175: h's shot at the speed-bump
    # goons, Guns 9 + Damage 7 = 16 vs Skill + Soak 4: the line has no "+0" either.
    d = table({**QUIET, "wake_rolls": True}, heroes={"h": sheet(), "s": sheet()},
              villains={"v": sheet(name="V", traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    chars = state(d).characters
    s = chars["s"].model_copy(update={"standing": Standing.DOWN, "shock": 12, "down_at": 0, "wake_at": 100})
    d.patch(characters={**chars, "s": s})
    d.do("gm", "start_sequence")
    at = mark(d)
    attack(d, "h", ["v"], [*HIT, 9, 1])
    woke = "S rolls to wake up (Willpower+Focus 10, dice 9/1) = 18 vs 15: succeeds."
    assert woke in d.words("bo", since=at)
    goons = {**GOONS, "name": "Goons", "count": 5}
    d2 = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(weapons=[gun(7)])},
               villains={"goons": goons})  # fmt: skip
    at = mark(d2)
    attack(d2, "h", ["goons"], [])
    shot = "H attacks Goons with gun: 9 + Damage 7 = 16 vs Skill + Soak 4: PV 12."
    assert d2.words("bo", since=at)[1] == shot


@pytest.mark.rules("WS-CORE-001")
def test_v04__a_check_called_off_turn_and_missed_by_five_has_no_total_failure() -> None:
    # src 12: an Action is taken when "your Initiative comes up"; the GM calls h's Perception + Wits while v
    # acts: no Action (stop 49's rule for rolls that are no Action: the wiki's degrees read off an Action
    # Value). Perception 4 + Wits 4 + 1 - 9 = 0 vs 10, short by 10: a failure, not "a Total Failure: the
    # action turns Hazardous", and the GM is asked to narrate nothing. On h's own turn the same miss is an
    # Action's: a Total Failure, as before.
    d = table(QUIET, heroes={"h": sheet(traits=pool(4))}, villains={"v": sheet(traits=pool(6), **TOUGH)})
    assert state(d).turn.current == "v"
    d.do("gm", "call_check", character="h", traits=["Perception", "Wits"], difficulty=10)
    at = mark(d)
    r = last(d.do("ann", "roll_check", call=1, dice=[1, 9]), "check_rolled")
    assert (r["total"], r["success"], r.get("degree", "")) == (0, False, "")
    for seat in ("gm", "ann", "bo"):
        assert d.words(seat, since=at) == ["H rolls 0 (dice 1/9) vs 10: failure."], seat
    assert [p for p in d.prompts("gm") if p.kind == "narrate"] == []
    end_turn(d, "v")
    assert state(d).turn.current == "h"
    d.do("gm", "call_check", character="h", traits=["Perception", "Wits"], difficulty=10)
    r = last(d.do("ann", "roll_check", call=2, dice=[1, 9]), "check_rolled")
    assert (r["total"], r["degree"]) == (0, "total_failure")
    assert who(d, "h").shots == 4


# -- a whole fight: Jade and Rook against Madame Viper and four goons ----------------------------------------

# Jade (Ann): Agility 4, Wits 5, Luck 3: Shot Count 4 (src 16: 12 / 3); Guns 4: she shoots at 8 + dice.
# Rook (Bo): Agility 5, Wits 5, Luck 4: Shot Count 4 (14 / 3 = 4.67, rounded down); shoots at 9 + dice.
# Viper (the GM's, named): Agility/Wits/Luck 3: Shot Count 3; Guns 4: shoots at 7 + dice.
# Goons (the GM's): four unnamed mooks, Agility 2, Wits 4, Luck 3: Shot Count 3; clubs at Agility 2 + Guns 2.
# All Defense 12 but the goons' 10; guns of Damage 6, no Soak: a hit's PV is 6 (the effect-values model).
GANG = {"name": "Goons", "named": False, "count": 4, "defense": 10,
        "traits": {"Agility": 2, "Wits": 4, "Luck": 3, "Guns": 2, "Willpower": 2, "Focus": 2},
        "weapons": [{"name": "clubs", "attribute": "Agility", "skill": "Guns", "damage": 5}]}  # fmt: skip
SEATS = ("gm", "ann", "bo")


def fight(config: dict[str, object] | None = None, *, start: bool = True, **goons: object) -> Driver:
    """The scene above; the first Sequence started: Rook 4, Jade 4 (the tie to Rook's Agility 5, PROPOSED
    WS-SEQ-002), Viper 3, Goons 3 (the tie to Viper's Agility 3 over their 2)."""
    d = table({**QUIET, "mooks": "advanced", **(config or {})}, start=False)
    d.do(
        "ann",
        "add_character",
        payload={"id": "jade", **sheet(name="Jade", traits={"Agility": 4, "Wits": 5, "Luck": 3}, **TOUGH)},
    )
    d.do(
        "bo",
        "add_character",
        payload={"id": "rook", **sheet(name="Rook", traits={"Agility": 5, "Wits": 5, "Luck": 4}, **TOUGH)},
    )
    d.do("gm", "add_character", payload={"id": "viper", **sheet(name="Viper", traits=pool(3), **TOUGH)})
    d.do("gm", "add_character", payload={"id": "goons", **{**GANG, **goons}})
    if start:
        d.do("gm", "start_sequence")
    return d


def panel_row(d: Driver, seat: str, name: str) -> dict[str, str]:
    """A combatant's row of the tracker as ``seat`` sees it, by column."""
    p = next(p for p in d.view(seat)["panels"] if p["title"] == "Workshop fight")
    r = next(r for r in p["rows"] if r[1] == name)
    return dict(zip(p["columns"], r, strict=True))


@pytest.mark.rules("WS-SHOT-001", "WS-SEQ-002", "WS-MOOK-003")
def test_v05__the_fight_opens_in_shot_order_and_every_seat_reads_the_group_as_plural() -> None:
    # src 16: Shot Counts 4, 4, 3, 3; src 12: Initiative = the Shots in the pool. Every seat reads the order
    # and the group joining with a plural verb; the tracker shows each pool full.
    d = fight()
    assert state(d).turn.order.order == ("rook", "jade", "viper", "goons")
    for seat in SEATS:
        words = d.words(seat)
        assert "Goons join the fight (villains), Shot Count 3." in words, seat
        assert "Sequence 1 begins: Rook 4, Jade 4, Viper 3, Goons 3." in words, seat
        assert [panel_row(d, seat, n)["shots"] for n in ("Rook", "Jade", "Viper", "Goons")] == [
            "4/4", "4/4", "3/3", "3/3"
        ], seat  # fmt: skip


@pytest.mark.rules("WS-MOOK-003", "WS-SHAKEN-001")
def test_v06__a_six_on_an_advanced_goon_reads_shaken_and_the_free_d10_the_attacker_gains() -> None:
    # src 169: "Damage 5-9: Attacker gains Free d10 next Action"; PROPOSED (WS-MOOK-003) 5-9 also Shakes the
    # mook. Rook: 9 + 9 - 4 = 14 vs Defense 10: a hit, PV 6. The words said neither that the goon is Shaken
    # nor the Free d10 as a person says it ("Rook is free d10"). Since stop 52 (test_referee15 x02) the Shaken
    # is the one goon hit's, not the group's: src 166 "A Mook now follows the following rules".
    d = fight()
    at = mark(d)
    attack(d, "rook", ["goons"], [9, 4])
    assert not who(d, "goons").has("shaken") and who(d, "rook").extra_d10s == 1
    for seat in SEATS:
        words = d.words(seat, since=at)
        assert "Goons take 6 Damage (one of them Shaken, advanced mook: free d10, 4 left)." in words
        assert "Rook gains a Free d10 on the next Action." in words, seat


@pytest.mark.rules("WS-MOOK-003", "WS-CORE-001")
def test_v07__the_free_d10_rolls_with_rooks_next_action_in_the_next_sequence_and_is_spent() -> None:
    # src 169: the Free d10 comes with Rook's "next Action": in Sequence 2 his shot at Viper rolls three dice,
    # 9 + 2 - 6 + 4 = 9 vs 12: a miss by 3; the third die counted, then gone.
    d = fight()
    attack(d, "rook", ["goons"], [9, 4])
    for cid in ("rook", "jade", "viper"):
        end_turn(d, cid)
    end_turn(d, "goons")  # the goon hit is Shaken, not the group (src 166): nothing to steady
    assert state(d).turn.sequence == 2 and state(d).turn.current == "rook"
    at = mark(d)
    r = last(attack(d, "rook", ["viper"], [2, 6, 4]), "attack_rolled")
    assert (list(r["dice"]), r["av"], r["hit"]) == ([2, 6, 4], 9, False)
    assert who(d, "rook").extra_d10s == 0
    shot = "Rook attacks Viper with gun: 9 + dice 2/6/4 = AV 9 vs Defense 12: miss by 3."
    assert shot in d.words("ann", since=at)


@pytest.mark.rules("WS-SHOT-003", "WS-SEQ-002", "WS-SHOT-006")
def test_v08__vipers_active_defense_costs_a_shot_that_lowers_her_next_initiative() -> None:
    # src 20: "1 Shot allows you to ... Make an Active Defense at any time": Jade shoots Viper, who spends a
    # Shot: Defense 12 + 5 = 17; 8 + 9 - 1 = 16 misses by 1. src 12: Initiative at the next Sequence is the
    # pool: Viper 2. Viper rolled in Sequence 1 (her own shot), so no Shot comes back (src 16).
    d = fight()
    end_turn(d, "rook")
    at = mark(d)
    attack(d, "jade", ["viper"], HIT, defend={"viper": True})
    for seat in SEATS:
        words = d.words(seat, since=at)
        assert "Viper spends a Shot on an Active Defense (+5)." in words, seat
        assert "Jade attacks Viper with gun: 8 + dice 9/1 = AV 16 vs Defense 17: miss by 1." in words, seat
    end_turn(d, "jade")
    attack(d, "viper", ["jade"], [1, 9])  # 7 + 1 - 9 = -1: a miss (a Fumble: AV below 0)
    end_turn(d, "viper")
    end_turn(d, "goons")
    assert state(d).turn.initiative["viper"] == 2
    for seat in SEATS:
        assert panel_row(d, seat, "Viper")["shots"] == "2/3", seat
        assert [w for w in d.words(seat) if w.startswith("Sequence 2 begins")] == [
            "Sequence 2 begins: Rook 4, Jade 4, Goons 3, Viper 2."
        ], seat  # fmt: skip


@pytest.mark.rules("WS-SHOCK-003", "WS-SHOCK-001", "WS-SHOCK-002", "WS-SEQ-002")
def test_v09__stunned_and_knocked_out_for_a_sequence_rook_is_told_waking_and_acts_on_a_smaller_pool() -> None:
    # Rook stands aside (ends his turn), Jade too; Viper shoots Rook: 7 + 9 - 1 = 15 vs 12, PV 6: 6 Shock,
    # 1 Wound (src 54). src 124 Stun: 1 Shot lost (4 -> 3). src 120: Shock roll Willpower 5 + Focus 5 + 5 - 5
    # - 1 (his Wound's penalty, src 111) = 9 vs 5 + 5 = 10: fails by 1, "Sequences until you wake up": 1.
    # As Sequence 2 begins his time is up: every seat reads that Rook wakes up (before, he stood in the
    # order with no word of it), with his Initiative the 3 Shots left (src 12).
    d = fight({"stun": True, "shock_roll": True, "wound_penalty": "per_wound"})
    end_turn(d, "rook")
    end_turn(d, "jade")
    attack(d, "viper", ["rook"], [9, 1, 5, 5])
    assert (who(d, "rook").standing, who(d, "rook").shots) == (Standing.DOWN, 3)
    at = mark(d)
    end_turn(d, "viper")
    end_turn(d, "goons")
    assert who(d, "rook").can_act and state(d).turn.initiative["rook"] == 3
    for seat in SEATS:
        begins = [w for w in d.words(seat, since=at) if w.startswith("Sequence 2 begins")]
        assert begins == ["Sequence 2 begins: Jade 4, Rook 3, Viper 3, Goons 3. Rook wakes up."], seat


@pytest.mark.rules("WS-DARK-002", "WS-DMG-005")
def test_v10__one_dying_past_the_hour_dies_as_the_sequence_begins_and_the_words_say_so() -> None:
    # src 150: "Dying characters must be stabilized ... within 1 hour, or die from their wounds" (the table's
    # hour here 1 Sequence: dying_sequences=1). Viper lies dying from before; nobody stabilises her; when
    # Sequence 2 begins she is dead, and every seat reads it (before: she dropped out of the order unsaid).
    d = fight({"dying_sequences": 1}, start=False)
    chars = state(d).characters
    dying = chars["viper"].model_copy(update={"standing": Standing.DYING, "wounds": 50, "dying_at": 0})
    d.patch(characters={**chars, "viper": dying})
    d.do("gm", "start_sequence")
    at = mark(d)
    for cid in ("rook", "jade", "goons"):
        end_turn(d, cid)
    assert who(d, "viper").standing is Standing.DEAD
    for seat in SEATS:
        begins = [w for w in d.words(seat, since=at) if w.startswith("Sequence 2 begins")]
        assert begins == ["Sequence 2 begins: Rook 4, Jade 4, Goons 3. Viper dies, not stabilised in time."]


@pytest.mark.rules("WS-DMG-007")
def test_v11__ten_minutes_passing_wake_the_unconscious_and_the_words_say_who() -> None:
    # src 60: the unconscious "wake up in 10 minutes": Viper lies down (Shock at Health) before the fight; the
    # GM lets 10 minutes pass: every seat reads that she wakes up, not only that the minutes passed.
    d = fight(start=False)
    chars = state(d).characters
    down = chars["viper"].model_copy(update={"standing": Standing.DOWN, "shock": 100, "down_at": 0})
    d.patch(characters={**chars, "viper": down})
    at = mark(d)
    d.do("gm", "pass_time", minutes=10)
    assert who(d, "viper").standing is Standing.UP
    for seat in SEATS:
        assert d.words(seat, since=at)[0] == "10 minutes pass. Viper wakes up.", seat


@pytest.mark.rules("WS-SNAP-001", "WS-MOOK-003")
def test_v12__jade_splits_her_shot_between_viper_and_the_goons_at_minus_three_each() -> None:
    # src 31: "If you split your Action into 2 Actions you get -3 on both Actions". Rook stands aside; Jade
    # shoots Viper and the goons: 8 + 9 - 1 - 3 = 13 vs Viper's 12, a hit (PV 6); 8 + 9 - 4 - 3 = 10 vs the
    # goons' 10, a hit (PV 6: 5-9 on the advanced table, src 169). Every seat reads the split and each roll's
    # -3, and Jade's Free d10.
    d = fight()
    end_turn(d, "rook")
    at = mark(d)
    attack(d, "jade", ["viper", "goons"], [9, 1, 9, 4])
    assert who(d, "viper").shock == 6 and who(d, "jade").extra_d10s == 1
    for seat in SEATS:
        words = d.words(seat, since=at)
        assert words[0] == "Jade attacks Viper, Goons (snapshots -3 each).", seat
        at_viper = "Jade attacks Viper with gun: 8 + dice 9/1 -3 = AV 13 vs Defense 12: hit, Outcome 1, PV 6."
        at_goons = "Jade attacks Goons with gun: 8 + dice 9/4 -3 = AV 10 vs Defense 10: hit, Outcome 0, PV 6."
        assert at_viper in words and at_goons in words, seat
        assert "Jade gains a Free d10 on the next Action." in words, seat


@pytest.mark.rules("WS-WPEN-001", "WS-DMG-002")
def test_v13__a_wounded_rook_shoots_at_minus_one_and_every_seat_reads_it() -> None:
    # src 54: Viper's 6 Damage at WT 5 is 1 Wound; src 111: "For each untreated Wound received, you get 1
    # point of impairment". In Sequence 2 Rook shoots Viper: 9 + 9 - 1 - 1 = 16 vs 12: a hit, PV 6. The
    # roll's line shows the -1 and the tracker's penalty column reads -1.
    d = fight({"wound_penalty": "per_wound"})
    end_turn(d, "rook")
    end_turn(d, "jade")
    attack(d, "viper", ["rook"], HIT)
    end_turn(d, "viper")
    end_turn(d, "goons")
    at = mark(d)
    attack(d, "rook", ["viper"], HIT)
    for seat in SEATS:
        shot = "Rook attacks Viper with gun: 9 + dice 9/1 -1 = AV 16 vs Defense 12: hit, Outcome 4, PV 6."
        assert shot in d.words(seat, since=at), seat
        assert panel_row(d, seat, "Rook")["penalty"] == "-1", seat


@pytest.mark.rules("WS-SHOT-004", "WS-SEQ-002", "WS-SHOT-002")
def test_v14__three_shots_buy_rook_a_second_action_after_his_turn_and_a_smaller_next_initiative() -> None:
    # src 25: "3 Shots allows you to ... Take an Action out of Sequence after your normal Initiative". Before
    # his turn has come up, Rook may not (refused, nothing changed); after it, on Viper's turn, he spends 3
    # of his 4 Shots and shoots her: 9 + 9 - 1 = 17 vs 12. src 12: Sequence 2's Initiative is the 1 Shot
    # left (he rolled, so none comes back, src 16); the goons, who rolled nothing, are at their full 3.
    d = fight()
    d.refuse("ann", "extra_action", character="jade", match="after your normal Initiative")
    end_turn(d, "rook")
    end_turn(d, "jade")
    at = mark(d)
    d.do("bo", "extra_action", character="rook")
    attack(d, "rook", ["viper"], HIT)
    assert who(d, "rook").shots == 1
    for seat in SEATS:
        assert d.words(seat, since=at)[0] == "Rook spends 3 Shots to act out of Sequence.", seat
    assert state(d).turn.current == "viper"
    end_turn(d, "viper")
    end_turn(d, "goons")
    assert state(d).turn.initiative["rook"] == 1
    assert [w for w in d.words("bo") if w.startswith("Sequence 2 begins")] == [
        "Sequence 2 begins: Jade 4, Viper 3, Goons 3, Rook 1."
    ]  # fmt: skip


@pytest.mark.rules("WS-SHOT-003", "WS-CORE-003")
def test_v15__the_goons_defend_as_a_group_the_gm_alone_is_asked_and_every_seat_reads_plural_words() -> None:
    # src 20: an Active Defense for 1 Shot "at any time": the goons (3 Shots) are asked, the GM alone (a
    # player sees no question of the GM's); they spend one: Defense 10 + 5 = 15; Rook's 9 + 9 - 4 = 14 misses
    # by 1; their pool is 2 of 3.
    d = fight()
    d.do("bo", "attack", character="rook", targets=["goons"])
    asked = "Rook attacks Goons. Spend 1 of 3 Shots on Active Defense?"
    assert [p.question for p in d.prompts("gm")] == [asked]
    assert d.prompts("ann") == [] and [p.kind for p in d.prompts("bo")] == []
    at = mark(d)
    d.do("gm", "defend", character="goons", use=True, dice=[9, 4])
    assert who(d, "goons").shots == 2
    for seat in SEATS:
        assert d.words(seat, since=at) == [
            "Goons spend a Shot on an Active Defense (+5).",
            "Rook attacks Goons with gun: 9 + dice 9/4 = AV 14 vs Defense 15: miss by 1.",
        ], seat
        assert panel_row(d, seat, "Goons")["shots"] == "2/3", seat


@pytest.mark.rules("WS-SHOT-002", "WS-SHOT-003")
def test_v16__jade_who_only_reloads_gets_back_the_shot_her_active_defense_cost() -> None:
    # src 16: "By only using Actions that don't require a roll during a Sequence, like reloading or talking,
    # you may raise your Shot pool by 1, up to your Shot Count". Jade reloads (no roll); Viper shoots her and
    # she spends a Shot on an Active Defense (the secondary evidence: skill + 5, no roll): 4 -> 3. 7 + 9 - 1 =
    # 15 vs 17 misses. At the Sequence's end her pool is back to 4, and every seat reads why.
    d = fight()
    end_turn(d, "rook")
    d.do("ann", "rollless", character="jade", what="reloads")
    end_turn(d, "jade")
    attack(d, "viper", ["jade"], HIT, defend={"jade": True})
    assert who(d, "jade").shots == 3
    end_turn(d, "viper")
    at = mark(d)
    end_turn(d, "goons")
    assert who(d, "jade").shots == 4 and state(d).turn.initiative["jade"] == 4
    for seat in SEATS:
        ends = [w for w in d.words(seat, since=at) if w.startswith("Sequence 1 ends")]
        assert ends == ["Sequence 1 ends: Jade's Shots go from 3 to 4 (no roll this Sequence)."], seat


@pytest.mark.rules("WS-DMG-007", "WS-MOOK-003")
def test_v17__the_goons_rolled_attack_is_an_action_that_gives_the_unconscious_rook_his_wake_roll() -> None:
    # src 60: the unconscious "may roll to wake up (Willpower+Focus Difficulty 15) every time someone else
    # rolls an Action". Rook lies unconscious (Shock at Health) from before; the advanced goons roll their
    # attack on Jade (Agility 2 + Guns 2 + 9 - 1 = 12 vs 12: a hit, PV 5): Rook rolls Willpower 5 + Focus 5 +
    # 9 - 4 = 15 vs 15: he wakes, and every seat reads both.
    d = fight({"wake_rolls": True}, start=False)
    chars = state(d).characters
    down = chars["rook"].model_copy(update={"standing": Standing.DOWN, "shock": 100, "down_at": 0})
    d.patch(characters={**chars, "rook": down})
    d.do("gm", "start_sequence")
    end_turn(d, "jade")
    end_turn(d, "viper")
    assert state(d).turn.current == "goons"
    at = mark(d)
    attack(d, "goons", ["jade"], [9, 1, 9, 4])
    assert who(d, "rook").can_act and who(d, "jade").shock == 5
    for seat in SEATS:
        words = d.words(seat, since=at)
        clubs = "Goons attack Jade with clubs: 4 + dice 9/1 = AV 12 vs Defense 12: hit, Outcome 0, PV 5."
        assert clubs in words, seat
        assert "Rook rolls to wake up (Willpower+Focus 10, dice 9/4) = 15 vs 15: succeeds." in words, seat


@pytest.mark.rules("WS-SHOT-005", "WS-SHOT-003", "WS-SHOT-006")
def test_v18__viper_bids_to_interrupt_rook_who_outbids_her_and_both_pay_into_the_next_sequence() -> None:
    # src 27: "If two persons want to interrupt eachother, they may spend more Shots to act quicker (in
    # essence they are raising their own Initiative)", +5 a Shot (src 21). Viper bids 1 Shot: 3 + 5 = 8 over
    # Rook's 4; Bo alone answers for Rook (Ann is refused), 1 Shot: 4 + 5 = 9, and Rook acts first; Viper's 8
    # still puts her before Jade's 4. Both Shots stay spent (src 12): Sequence 2 opens with Rook 3, Viper 2
    # (each rolled an attack, so nothing comes back, src 16).
    d = fight()
    at = mark(d)
    d.do("gm", "interrupt", character="viper", shots=1)
    asked = "Viper interrupts at Initiative 8: spend Shots to go first?"
    assert [p.question for p in d.prompts("bo")] == [asked]
    assert d.prompts("ann") == []
    d.refuse("ann", "counter", character="rook", shots=1, match="played by another seat")
    d.do("bo", "counter", character="rook", shots=1)
    for seat in SEATS:
        assert d.words(seat, since=at) == [
            "Viper bids 1 Shot to interrupt Rook (Initiative 8).",
            "The interrupt is settled: Rook counters with 1 Shot (Initiative 9); Rook acts first.",
        ], seat
    assert state(d).turn.order.order == ("rook", "viper", "jade", "goons")
    attack(d, "rook", ["viper"], HIT)
    end_turn(d, "rook")
    attack(d, "viper", ["rook"], [1, 9])
    end_turn(d, "viper")
    end_turn(d, "jade")
    end_turn(d, "goons")
    assert {k: state(d).turn.initiative[k] for k in ("rook", "viper")} == {"rook": 3, "viper": 2}


@pytest.mark.rules("WS-SHAKEN-003", "WS-MOOK-003")
def test_v19__the_shaken_goons_are_refused_an_attack_in_plural_words_and_steady_first() -> None:
    # src 81: a Shaken character, "At the beginning of an Action, you roll Willpower+Focus Difficulty 10+10
    # as an Action". Rook's 6 leaves the last goon standing Shaken (src 166: a group's hit shakes only the
    # one mook hit, stop 52; the last of a group is that mook), its fellow asleep in the group (src 170), so
    # the entry still reads as the group. On their turn the GM's attack is refused, nothing
    # changed, in words that agree with the group ("Goons are Shaken", not "Goons is"); they roll Willpower 2
    # + Focus 2 + 9 - 1 = 12 vs 20: still Shaken, and every seat reads the roll in plural words. Rolled as an
    # Action and short by 8, it is a Total Failure (test_referee12_followup f06): the GM alone is asked to
    # narrate it.
    d = fight(count=1)
    chars = state(d).characters  # set-up: the other goon knocked unconscious earlier (src 170), asleep in it
    d.patch(characters={**chars, "goons": chars["goons"].model_copy(update={"sleepers": (100,)})})
    attack(d, "rook", ["goons"], [9, 4])
    for cid in ("rook", "jade", "viper"):
        end_turn(d, cid)
    d.refuse("gm", "attack", character="goons", targets=["jade"], match="Goons are Shaken: roll to steady")
    at = mark(d)
    d.do("gm", "steady", character="goons", dice=HIT)
    assert who(d, "goons").has("shaken")
    rolled = (
        "Goons roll to shake off being Shaken (Willpower+Focus 4, dice 9/1) = 12 vs 20: fails (Total Failure:"
        " the action turns Hazardous)."
    )
    told = (
        "For the GM: Goons' roll to shake off being Shaken is a Total Failure: the action turns Hazardous."
        " The rules give it no effect: narrate what goes wrong."
    )
    assert d.words("gm", since=at) == [rolled, told]
    assert d.words("ann", since=at) == d.words("bo", since=at) == [rolled]


@pytest.mark.rules("WS-CARD-001", "WS-CARD-003")
def test_v20__the_cards_each_faction_draws_read_as_cards_with_what_they_do() -> None:
    # src 85-100: "Every Sequence draw a card for each Faction from a normal Deck": the heroes' die picks the
    # 13th card of the fresh deck (Ace to King of Spades first): the King of Spades, "Face Cards: Faction is
    # Inspired", Spades "Combat"; the villains' die the 40th of the 53 left: the 2 of Diamonds, "2: Setback".
    # Every seat reads the cards as a person names them and what they do (before: "draw KS", "drew 2D"); the
    # GM is asked to narrate the Setback, in the same words.
    d = fight({"card_draw": True}, start=False)
    d.do("gm", "start_sequence", dice=[13, 40])
    assert state(d).turn.cards == {"heroes": "KS", "villains": "2D"}
    for seat in SEATS:
        words = d.words(seat)
        assert "The heroes draw the King of Spades for this Sequence: Inspired, Combat Favored." in words
        assert "The villains draw the 2 of Diamonds for this Sequence: Setback." in words, seat
    [told] = [p.question for p in d.prompts("gm") if p.kind == "narrate"]
    assert told.startswith("For the GM: The villains drew the 2 of Diamonds (Setback) for this Sequence.")
