"""A sixth outside referee's pass over the Workshop table: glass-jaw mooks in a group, Wound Seriousness on a
fall, a speed-bump group's get-up and healing rolls, and the Wound card initiative leaves to the GM.

Each case: the situation, the dice in order (a positive then a negative d10, a face of 10 reads 0, then
any extra positive d10s), the outcome the seed demands and the seed line (src N, first copy). Where the
seed is silent the inventory's PROPOSED decision is followed and named; where neither speaks, the
reading taken is the table's and is said so (docs/systems/workshop.md). The hero ``h`` (Agility 5 +
Guns 4 = 9) shoots at Defense 12; dice 9 and 1 make 17, a hit; the default effect-values model makes
PV = weapon Damage - Soak.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import CapeworksError
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import attack, last, sheet, state, table, who
from tests.systems.workshop.test_referee import HIT, QUIET, SLOW, TOUGH, gun


def put(d: Driver, cid: str, **update: Any) -> None:
    """Set-up: a combatant as the situation finds it (Wounds taken, statuses...)."""
    chars = state(d).characters
    d.patch(characters={**chars, cid: chars[cid].model_copy(update=update)})


# -- glass-jaw mooks in a group (src 156-162, 175) -----------------------------------------------------------


@pytest.mark.rules("WS-MOOK-002", "WS-MOOK-001")
def test_y01__a_glass_jaw_hit_on_a_group_of_six_puts_one_mook_out() -> None:
    # src 158: "Characters that have no name go down on a single Wound"; src 162: "10+ Out": the one hit,
    # not the five beside it. Only Speed Bump mooks are handled as "a group" whose mooks go down by PV
    # (src 175). h's gun (Damage 10) hits the goons sample (6 of them, Defense 8): 9 + 9 - 1 = 17, PV 10.
    d = table(QUIET, heroes={"h": sheet(weapons=[gun(10)])}, start=False)
    d.do("gm", "add_character", id="goons", sample="goons")
    d.do("gm", "start_sequence")
    events = attack(d, "h", ["goons"], HIT)
    assert last(events, "damaged")["damage"] == 10
    assert (who(d, "goons").count, who(d, "goons").standing) == (5, Standing.UP)


@pytest.mark.rules("WS-MOOK-002", "WS-SNAP-001")
def test_y02__a_split_at_a_glass_jaw_pair_puts_one_out_per_hit_then_the_group() -> None:
    # src 31: a split makes two Actions, each a hit of its own (9 + 9 - 1 - 3 = 14 vs 8, PV 10); src 162:
    # "10+ Out" for each mook hit: the first leaves one standing, the second puts that last one, and so the
    # group, out.
    d = table(QUIET, heroes={"h": sheet(weapons=[gun(10)])}, start=False)
    d.do("gm", "add_character", id="goons", sample="goons", count=2)
    d.do("gm", "start_sequence")
    events = attack(d, "h", ["goons", "goons"], HIT * 2)
    outs = [(e.data["character"]["count"], e.data["character"]["standing"]) for e in events
            if e.type == "workshop.damaged"]  # fmt: skip
    assert outs == [(1, "up"), (1, "out")]


# -- Wound Seriousness on a fall (src 66, 124, 146) ----------------------------------------------------------


@pytest.mark.rules("WS-WPEN-003", "WS-DMG-010")
def test_y03__a_fall_of_five_wounds_is_a_deadly_wound_not_death() -> None:
    # src 146: "More than 4 wounds in one attack makes the character fall down, dead"; src 66: a fall is
    # "the falling distance in meters in Damage", no attack (as Stun, src 124, reads it). 25 m, Stunt 3 +
    # Agility 5 + 1 - 9 = 0 vs 0: nothing off; 25 Damage, 5 simultaneous Wounds: the worst row, Deadly, -8.
    d = table({**QUIET, "wound_penalty": "seriousness"}, heroes={"h": sheet(**TOUGH)}, start=False)
    d.do("gm", "fall", character="h", metres=25, dice=[1, 9])
    h = who(d, "h")
    assert (h.standing, h.wounds, h.worst_wound) == (Standing.UP, 5, 5)


@pytest.mark.rules("WS-WPEN-003")
def test_y04__a_hit_of_five_wounds_still_kills() -> None:
    # src 146: the same 5 Wounds from one attack: dead. h's gun of Damage 25 hits v (Defense 12): PV 25.
    d = table({**QUIET, "wound_penalty": "seriousness"}, heroes={"h": sheet(weapons=[gun(25)])},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").standing is Standing.DEAD


# -- a speed-bump group's get-up and healing rolls (src 106, 120, 150, 175) ----------------------------------

#: a speed-bump group of three with Skill 16 (Shot Count 0: it acts last, src 175)
GANG = {"named": False, "count": 3, "traits": {"Skill": 16, **SLOW}}


def gang_up(config: dict[str, Any] | None = None, **gang: Any) -> Driver:
    """h (Toughness 50) and a wounded ally ``v`` of the gang (Health 10, Toughness 4, 2 Wounds untreated),
    the gang's turn up (h has ended its own)."""
    villains = {"v": sheet(traits=SLOW, health=10), "gang": {**GANG, **gang}}
    d = table({**QUIET, "mooks": "speed_bump", **(config or {})}, heroes={"h": sheet(**TOUGH)},
              villains=villains, start=False)  # fmt: skip
    put(d, "v", wounds=2)
    d.do("gm", "start_sequence")
    d.do("ann", "end_turn", character="h")
    d.do("gm", "end_turn", character="v")
    assert state(d).turn.current == "gang"
    return d


@pytest.mark.rules("WS-KNOCK-001", "WS-MOOK-004")
def test_y05__a_knocked_down_speed_bump_group_gets_up_on_its_skill_not_stunt() -> None:
    # src 106: "a Move or a Stunt+Agility Diff 15 to get up"; src 175: the mooks are "handled by Static PV
    # ... No roll": the group has no Stunt or Agility, so its Skill stands for the roll (as for its covering
    # fire and falls): 16 vs 15, no dice, a success: up, the Move kept.
    d = gang_up({"knockback": True})
    d.do("gm", "set_status", character="gang", status="knocked_down")
    r = last(d.do("gm", "get_up", character="gang", roll=True), "rolled")
    assert (r["traits"], r["dice"], r["total"], r["success"]) == (["Skill"], [], 16, True)
    assert not who(d, "gang").has("knocked_down") and not state(d).turn.move_used


@pytest.mark.rules("WS-KNOCK-001", "WS-MOOK-004")
def test_y06__a_speed_bump_group_of_skill_twelve_fails_to_get_up_and_spends_its_move() -> None:
    # src 106: Skill 12 vs 15 fails: the Move gets it up (PROPOSED WS-KNOCK-001: failure means the Move).
    d = gang_up({"knockback": True}, traits={"Skill": 12, **SLOW})
    d.do("gm", "set_status", character="gang", status="knocked_down")
    r = last(d.do("gm", "get_up", character="gang", roll=True), "rolled")
    assert (r["traits"], r["total"], r["success"]) == (["Skill"], 12, False)
    assert state(d).turn.move_used


@pytest.mark.rules("WS-WPEN-004", "WS-MOOK-004")
def test_y07__a_speed_bump_group_treats_on_its_skill() -> None:
    # src 111 "untreated Wound" (PROPOSED WS-WPEN-004: Physician + Wits vs 15 bandages); the group has no
    # Physician or Wits: Skill 16 vs 15, no dice: v's 2 Wounds are bandaged.
    d = gang_up()
    r = last(d.do("gm", "treat", character="gang", patient="v"), "rolled")
    assert (r["traits"], r["dice"], r["total"], r["success"]) == (["Skill"], [], 16, True)
    assert who(d, "v").bandaged == 2


@pytest.mark.rules("WS-WPEN-004", "WS-MOOK-004", "WS-STATUS-001")
def test_y08__a_bruised_speed_bump_group_treats_five_short() -> None:
    # src 181: Bruised is "5 point Impairment on next Action": treating is the Action: 16 - 5 = 11 vs 15.
    d = gang_up({"status_effects": True})
    d.do("gm", "set_status", character="gang", status="bruised")
    r = last(d.do("gm", "treat", character="gang", patient="v"), "rolled")
    assert (r["total"], r["success"]) == (11, False)
    assert who(d, "v").bandaged == 0 and not who(d, "gang").has("bruised")


@pytest.mark.rules("WS-DARK-002", "WS-MOOK-004")
def test_y09__a_speed_bump_group_stabilises_the_dying_on_its_skill() -> None:
    # src 150: "Medicine/Physician Diff 25-Health+Woundsx5": v (Health 10, 2 Wounds) 25 - 10 + 10 = 25;
    # the group's Skill 26 stands for the roll: stabilised.
    d = gang_up(traits={"Skill": 26, **SLOW})
    put(d, "v", standing=Standing.DYING, dying_at=0)
    r = last(d.do("gm", "stabilise", character="gang", patient="v"), "rolled")
    assert (r["traits"], r["dice"], r["total"], r["difficulty"], r["success"]) == (
        ["Skill"],
        [],
        26,
        25,
        True,
    )
    assert who(d, "v").stabilised


@pytest.mark.rules("WS-SHOCK-002", "WS-MOOK-004")
def test_y10__a_speed_bump_group_revives_on_its_skill() -> None:
    # src 120: the failed Shock roll's negative margin is "the Difficulty of any Physician+Wits roll to wake
    # you prematurely": v knocked out at margin -7; the group's Skill 16 vs 7 wakes v.
    d = gang_up()
    put(d, "v", standing=Standing.DOWN, revive_difficulty=7, wake_at=7)
    r = last(d.do("gm", "revive", character="gang", patient="v"), "rolled")
    assert (r["traits"], r["dice"], r["total"], r["success"]) == (["Skill"], [], 16, True)
    assert who(d, "v").standing is Standing.UP


# -- card initiative: the Wound a push out of action "possibly" brings (src 379) -----------------------------


def pushed_out(config: dict[str, Any] | None = None, **victim: Any) -> Driver:
    """Card initiative: h (9 Shots) acts first, then x (8) and v (7, Health 10); h's gun (Damage 5) hits v:
    a place per 2 Damage (PROPOSED max(1, floor(Health / 5))), 2 places from second (h is on its way to the
    rear): moved forward from first place, out of action."""
    heroes = {"h": sheet(traits={"Agility": 9, "Wits": 9, "Luck": 9}, weapons=[gun(5)])}
    v = sheet(traits={"Agility": 7, "Wits": 7, "Luck": 7}, **{"health": 10, "toughness": 50, **victim})
    villains = {"x": sheet(traits={"Agility": 8, "Wits": 8, "Luck": 8}, **TOUGH), "v": v}
    d = table(
        {**QUIET, "initiative": "cards", "padding": [], **(config or {})}, heroes=heroes, villains=villains
    )
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").standing is Standing.DOWN
    return d


@pytest.mark.rules("WS-ALT-002")
def test_y11__the_gm_gives_the_wound_a_push_out_of_action_possibly_brings() -> None:
    # src 379: "she is out of action( and possibly receives a Wound)" (PROPOSED: the Wound is the GM's
    # choice): the GM is asked (a prompt that holds nothing up), and the answer gives v one Wound more than
    # the hit's (Damage 5 at WT 5: 1), 2 in all; asked again, the table refuses: the Wound is given once.
    d = pushed_out()
    prompt = next(p for p in d.prompts("gm") if p.kind == "card_wound")
    assert (prompt.context, prompt.waits) == ({"character": "v"}, False)
    assert who(d, "v").wounds == 1
    d.do("gm", "card_wound", character="v")
    assert (who(d, "v").wounds, who(d, "v").standing) == (2, Standing.DOWN)
    assert not [p for p in d.prompts("gm") if p.kind == "card_wound"]
    with pytest.raises(CapeworksError, match="not out of action"):
        d.do("gm", "card_wound", character="v")


@pytest.mark.rules("WS-ALT-002", "WS-DMG-005")
def test_y12__the_wound_a_push_brings_at_toughness_leaves_the_character_dying() -> None:
    # src 54: "If you have Wounds equal to your Toughness, you're dying": v (Toughness 2) has the hit's 1
    # Wound; the GM's Wound for the push makes 2: dying.
    d = pushed_out(toughness=2)
    d.do("gm", "card_wound", character="v")
    assert (who(d, "v").wounds, who(d, "v").standing) == (2, Standing.DYING)


@pytest.mark.rules("WS-ALT-002")
def test_y13__the_gm_may_give_no_wound_and_the_question_closes() -> None:
    # src 379: "possibly": the GM answers no: no Wound, and nothing is asked any more.
    d = pushed_out()
    d.do("gm", "card_wound", character="v", wound=False)
    assert who(d, "v").wounds == 1 and not who(d, "v").has("pushed_out")
    assert not [p for p in d.prompts("gm") if p.kind == "card_wound"]


@pytest.mark.rules("WS-ALT-002")
def test_y14__a_player_cannot_give_the_wound() -> None:
    # the Wound is the GM's choice (PROPOSED WS-ALT-002): a player's seat is refused and nothing changes.
    d = pushed_out()
    with pytest.raises(CapeworksError):
        d.do("ann", "card_wound", character="v")
    assert who(d, "v").wounds == 1 and who(d, "v").has("pushed_out")


# -- the referee's pass: the card draw's suits and ranks (src 85-102) ----------------------------------------
# A card is drawn by a die with as many sides as cards left in the one deck (AS..KS 1-13, AH..KH 14-26, AC..KC
# 27-39, AD..KD 40-52, JK1 53, JK2 54), the heroes first; the villains' die indexes what is left.


def drawn(heroes_die: int, villains_die: int, *, shots: int | None = None, **config: Any) -> Driver:
    """h (Shot Count 5, ``shots`` left) against a slow, tough v, the card draw on, the Sequence begun with
    the heroes' and villains' dice."""
    d = table({**QUIET, "card_draw": True, **config}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    if shots is not None:
        put(d, "h", shots=shots)
    d.do("gm", "start_sequence", dice=[heroes_die, villains_die])
    return d


@pytest.mark.rules("WS-CARD-001", "WS-CARD-003")
def test_y15__a_confused_faction_may_buy_no_action_out_of_sequence() -> None:
    # src 93: "3: Confused (no pool points may be used)": the heroes drew 3S (die 3); an Action out of
    # Sequence spends 3 Shots (src 25): refused, and h keeps its 5 Shots.
    d = drawn(3, 30)
    assert state(d).turn.cards["heroes"] == "3S"
    d.do("ann", "end_turn", character="h")
    with pytest.raises(CapeworksError, match="Confused"):
        d.do("ann", "extra_action", character="h")
    assert who(d, "h").shots == 5


@pytest.mark.rules("WS-CARD-001", "WS-CARD-003", "WS-SHOT-003")
def test_y16__a_confused_target_is_not_asked_for_an_active_defense() -> None:
    # src 93 and src 20: an Active Defense costs a Shot, a pool point the Confused may not use: v's attack on
    # h waits for no answer; it is rolled at once (v: Agility 1 + Guns 4 + 9 - 1 = 13 vs 12: a hit).
    d = drawn(3, 30)
    d.do("ann", "end_turn", character="h")
    events = d.do("gm", "attack", character="v", targets=["h"], dice=HIT)
    assert state(d).pending is None and last(events, "attack_rolled")["hit"]
    assert who(d, "h").shots == 5


@pytest.mark.rules("WS-CARD-001", "WS-CARD-003")
def test_y17__a_face_card_inspires_the_factions_next_roll_with_an_extra_die() -> None:
    # src 89: "Face Cards: Faction is Inspired" (PROPOSED: one extra positive d10 on one roll): the heroes
    # drew KS (die 13); h's attack rolls three dice: 9 + 9 - 1 + 5 = 22 vs 12.
    d = drawn(13, 20)
    assert state(d).turn.cards["heroes"] == "KS"
    r = last(attack(d, "h", ["v"], [9, 1, 5]), "attack_rolled")
    assert (len(r["dice"]), r["av"]) == (3, 22)
    assert not who(d, "h").has("inspired")


@pytest.mark.rules("WS-CARD-001", "WS-CARD-002")
@pytest.mark.parametrize(("die", "card", "gained"), [(9, "9S", 1), (20, "7H", 0), (46, "7D", 0)])
def test_y18__only_a_spade_makes_a_hit_a_favored_action_worth_a_shot(
    die: int, card: str, gained: int
) -> None:
    # src 97-100: Spades favour "Combat (Attacks and Defenses)", Hearts Interaction, Diamonds Deceit; src 102:
    # "Successful Favored Actions provide a pool point of choice" (PROPOSED: a Shot). h (3 of 5 Shots) hits
    # v: under 9S it gains a Shot; under 7H or 7D the hit is no Favored Action.
    d = drawn(die, 1, shots=3)
    assert state(d).turn.cards["heroes"] == card
    attack(d, "h", ["v"], HIT)
    assert who(d, "h").shots == 3 + gained


@pytest.mark.rules("WS-CARD-001", "WS-CARD-002")
def test_y19__a_spade_gives_no_shot_for_a_missed_attack() -> None:
    # src 102: only a "Successful" Favored Action gives the pool point: h misses (9 + 0 - 0 = 9 vs 12).
    d = drawn(9, 1, shots=3)
    attack(d, "h", ["v"], [10, 10])
    assert who(d, "h").shots == 3


@pytest.mark.rules("WS-CARD-001", "WS-CARD-002")
@pytest.mark.parametrize(("kind", "gained"), [("interaction", 1), ("deceit", 0)])
def test_y20__a_heart_favours_an_interaction_check_not_deceit(kind: str, gained: int) -> None:
    # src 98: "Hearts: Interaction"; src 100: "Diamonds: Deceit". The heroes drew 7H (die 20); on h's turn the
    # GM calls Wits + Luck vs 10, rolled 9 + 1: 10 + 8 = 18, a success; a pool point only for interaction.
    d = drawn(20, 1, shots=3)
    d.do("gm", "call_check", character="h", traits=["Wits", "Luck"], difficulty=10, kind=kind)
    d.do("ann", "roll_check", call=1, dice=HIT)
    assert who(d, "h").shots == 3 + gained


# -- the referee's pass: the normal optional rules, Massive Damage (src 56, 62, 111, 120, 128, 133) ----------


@pytest.mark.rules("WS-DMG-008", "WS-SHOCK-001", "WS-WPEN-001")
def test_y21__a_table_with_no_options_set_plays_shock_and_wound_penalty() -> None:
    # src 62: "Normal optional rules are Wound Penalty and Shock": h's hit on v (gun 6 - Soak 0 = 6 PV: 1
    # Wound at WT 5, src 56) makes v roll for Shock vs 5 + 5 = 10 (src 120): Willpower 5 + Focus 5 + 9 - 1 -
    # 1 (its Wound, src 111) = 17, it stays up; its Wound impairs its next roll by 1.
    d = table({}, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW, **TOUGH)})
    events = attack(d, "h", ["v"], HIT + HIT)
    shock = last(events, "rolled")
    assert (shock["what"], shock["difficulty"], shock["modifier"], shock["success"]) == (
        "shock",
        10,
        -1,
        True,
    )
    assert who(d, "v").wounds == 1


@pytest.mark.rules("WS-SHOCK-004", "WS-CINE-001")
@pytest.mark.parametrize(("wt", "pv", "cinematic"), [(5, 19, 0), (5, 20, 1), (6, 23, 0), (6, 24, 1)])
def test_y22__massive_damage_at_four_wound_thresholds_brings_a_cinematic_wound(
    wt: int, pv: int, cinematic: int
) -> None:
    # src 128: "Damage equal to 4 times the Wound Threshold"; src 133: "Damage [Wound Threshold x 4] or more
    # takes a Cinematic Wound": 20 at WT 5, 24 at WT 6 (v's own WT, src 56 "Normal" is 5).
    d = table({**QUIET, "cinematic_wounds": "fixed"}, heroes={"h": sheet(weapons=[gun(pv)])},
              villains={"v": sheet(traits=SLOW, wt=wt, **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], HIT)
    assert len(who(d, "v").cinematic) == cinematic


# -- the referee's pass: around the fixes (src 60, 146, 158-162) ---------------------------------------------


@pytest.mark.rules("WS-MOOK-002")
def test_y23__a_glass_jaw_group_hit_for_seven_has_the_one_goon_shaken_and_all_still_stand() -> None:
    # src 161: "5-9: Shaken": h's gun of Damage 7 hits the goons (6): none goes out. Shaken is the one goon
    # hit's, not the entry's (stop 52, test_referee15 x01): src 158 "Characters that have no name go down on
    # a single Wound", each of them, as src 80 "When a target takes 1 or more Shock points it becomes Shaken"
    # and src 107's knockback fling the one mook hit (test_referee14 w01), and "10+ Out" puts one out (y01).
    d = table(QUIET, heroes={"h": sheet(weapons=[gun(7)])}, start=False)
    d.do("gm", "add_character", id="goons", sample="goons")
    d.do("gm", "start_sequence")
    attack(d, "h", ["goons"], HIT)
    goons = who(d, "goons")
    assert (goons.count, goons.standing, goons.has("shaken")) == (6, Standing.UP, False)


@pytest.mark.rules("WS-WPEN-003", "WS-DMG-010")
def test_y24__a_fall_of_three_wounds_is_a_serious_wound_of_minus_four() -> None:
    # src 146: "3 simultaneous Wounds (Serious Wound) cause -4": a 15 m fall (Stunt 3 + Agility 5 + 1 - 9 = 0:
    # nothing off) gives 15 Damage, 3 Wounds at once; h's next attack carries -4.
    d = table({**QUIET, "wound_penalty": "seriousness"}, heroes={"h": sheet(**TOUGH)},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=15, dice=[1, 9])
    d.do("gm", "start_sequence")
    assert last(attack(d, "h", ["v"], HIT), "attack_rolled")["modifier"] == -4


@pytest.mark.rules("WS-DMG-007", "WS-MOOK-004")
def test_y25__a_speed_bump_groups_static_treatment_stirs_no_sleeper() -> None:
    # src 60: the unconscious roll to wake "every time someone else rolls an Action"; src 175: the group's
    # treatment is Static PV, "No roll": h, knocked out, rolls nothing to wake.
    d = gang_up({"wake_rolls": True})
    put(d, "h", standing=Standing.DOWN, wake_at=100)
    events = d.do("gm", "treat", character="gang", patient="v")
    assert [e.data["what"] for e in events if e.type == "workshop.rolled"] == ["treat"]
    assert who(d, "h").standing is Standing.DOWN


# -- advanced mooks in a group (src 164-171) -----------------------------------------------------------------


@pytest.mark.rules("WS-MOOK-003")
@pytest.mark.parametrize("damage", [12, 18])
def test_y26__an_advanced_hit_of_ten_or_more_on_a_group_takes_one_mook_out_of_the_fight(damage: int) -> None:
    # src 170-171: "Damage10-15: Mook is unconscious", "16-20: Mook is permanently out of Action": the Mook
    # hit, one, not the group of six beside it (only Speed Bump mooks go down by PV as "a group", src 175).
    d = table({**QUIET, "mooks": "advanced"}, heroes={"h": sheet(weapons=[gun(damage)])}, start=False)
    d.do("gm", "add_character", id="goons", sample="goons")
    d.do("gm", "start_sequence")
    attack(d, "h", ["goons"], HIT)
    assert (who(d, "goons").count, who(d, "goons").standing) == (5, Standing.UP)


@pytest.mark.rules("WS-ALT-002", "WS-DMG-007")
def test_y27__one_pushed_out_who_wakes_is_no_longer_asked_about_the_wound() -> None:
    # src 379: the Wound comes with being put "out of action"; src 60: after 10 minutes v wakes: the moment
    # has passed, the GM is asked no more and the command is refused.
    d = pushed_out()
    d.do("gm", "pass_time", minutes=10)
    assert who(d, "v").standing is Standing.UP
    assert not [p for p in d.prompts("gm") if p.kind == "card_wound"]
    with pytest.raises(CapeworksError, match="not out of action"):
        d.do("gm", "card_wound", character="v")


@pytest.mark.rules("WS-ALT-002", "WS-MOOK-002")
def test_y28__a_mook_pushed_out_of_the_stack_is_out_with_no_wound_to_ask() -> None:
    # src 379 with src 158: a nameless mook goes down on a single Wound and is out of the fight already: the
    # GM is asked nothing. h's gun (Damage 5, "5-9: Shaken" on its table) moves the mook m's card (Health 10:
    # a place per 2 Damage) 2 places from second: out of action, out of the fight.
    heroes = {"h": sheet(traits={"Agility": 9, "Wits": 9, "Luck": 9}, weapons=[gun(5)])}
    villains = {"x": sheet(traits={"Agility": 8, "Wits": 8, "Luck": 8}, **TOUGH),
                "m": sheet(named=False, traits={"Agility": 7, "Wits": 7, "Luck": 7}, health=10)}  # fmt: skip
    d = table({**QUIET, "initiative": "cards", "padding": []}, heroes=heroes, villains=villains)
    attack(d, "h", ["m"], HIT)
    assert who(d, "m").standing is Standing.OUT
    assert not [p for p in d.prompts("gm") if p.kind == "card_wound"]


@pytest.mark.rules("WS-SHOT-002", "WS-KNOCK-001", "WS-MOOK-004")
def test_y29__a_speed_bump_group_that_gets_up_on_its_skill_keeps_a_rollless_sequence() -> None:
    # src 16: "By only using Actions that don't require a roll during a Sequence ... raise your Shot pool by
    # 1"; src 175: the group's get-up is Static PV, "No roll": knocked down, it gets up on Skill 16 vs 15,
    # takes a roll-less Action and ends: the next Sequence finds 3 of its 3 Shots (2 before).
    d = gang_up({"knockback": True}, traits={"Skill": 16, "Agility": 3, "Wits": 3, "Luck": 3})
    put(d, "gang", shots=2)
    d.do("gm", "set_status", character="gang", status="knocked_down")
    d.do("gm", "get_up", character="gang", roll=True)
    d.do("gm", "rollless", character="gang", what="regroup")
    d.do("gm", "end_turn", character="gang")
    assert (state(d).turn.sequence, who(d, "gang").shots) == (2, 3)
