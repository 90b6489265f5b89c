"""An eighth outside referee's pass over the Workshop table: whole exchanges and the words each seat reads.

Situations written from the seed alone (``/work/shared/seeds/003_591d797dc594aa73.txt``, cited "src N",
first copy): the lines a player reads after a hit, a Stun, a Shock roll, a Dark Times roll and a speed-bump
attack (do they say what happened, with the right numbers?); which seat is asked what and sees what; what
a player may not do for another's character or in the GM's place; and exchanges where rules meet (a split
against two defenders, a Massive hit under every damage option, a crash that finishes a hit's work).

Each case: the situation, the dice in order (a positive then a negative d10, a face of 10 reads 0, then
any extra positive d10s), the outcome the seed demands and the seed line. The hero ``h`` (Agility 5 +
Guns 4 = 9) shoots at Defense 12; dice 9 and 1 make 17, a hit; PV = weapon Damage - Soak.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import all_of, attack, end_turn, last, sheet, state, table, who
from tests.systems.workshop.test_referee import HIT, MISS, QUIET, SLOW, TOUGH, duel, gun, pool


def said(d: Driver, seat: str, since: int) -> list[str]:
    """The lines ``seat`` reads from log entry ``since`` on."""
    return d.words(seat, since=since)


def mark(d: Driver) -> int:
    """Where the log stands now (for ``said``)."""
    return d.table.version


def rolls(events: list[Any], what: str) -> list[tuple[int, bool]]:
    """(difficulty, success) of each roll of ``what``."""
    return [(r["difficulty"], r["success"]) for r in all_of(events, "rolled") if r["what"] == what]


# -- the words a player reads after a hit (src 54, 120, 124, 150) -------------------------------------------


@pytest.mark.rules("WS-DMG-001", "WS-DMG-002")
def test_e01__one_wound_reads_one_wound() -> None:
    # src 54: "1 Wound at Wound Treshold (WT) PV": gun 6 - Soak 0 = 6 Damage, 6 Shock and 1 Wound. The line
    # a player reads says "1 Wound", not "1 Wounds".
    d = duel(damage=6)
    at = mark(d)
    attack(d, "h", ["v"], HIT)
    assert "V takes 6 Damage: 6 Shock, 1 Wound." in said(d, "ann", at)


@pytest.mark.rules("WS-SHOCK-003")
@pytest.mark.parametrize(("count", "words", "left"), [(3, "2 Shots lost", 1), (1, "1 Shot lost", 0)])
def test_e02__the_stun_words_count_the_shots_really_lost(count: int, words: str, left: int) -> None:
    # src 124: "For every Wound you lose in a single attack, you lose 1 Shot": 10 Damage is 2 Wounds. v with
    # 3 Shots loses 2 (1 left); v with 1 Shot loses that one (the pool stops at 0): the words say so.
    d = duel({"stun": True}, damage=10, traits=pool(count))
    at = mark(d)
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").shots == left
    assert f"V takes 10 Damage: 10 Shock, 2 Wounds (Stunned: {words})." in said(d, "ann", at)


@pytest.mark.rules("WS-SHOCK-001", "WS-SHOCK-002")
def test_e03__a_failed_shock_roll_says_the_victim_is_out_and_for_how_long() -> None:
    # src 120: 10 Damage is 2 Wounds: Shock roll vs 5 + 5 x 2 = 15; Willpower 5 + Focus 5 + 5 - 5 = 10 fails
    # by 5: "you fall down unconscious. The negative margin indicates Sequences until you wake up and the
    # Difficulty of any Physician+Wits roll to wake you prematurely": 5 Sequences, Physician + Wits vs 5.
    # Every seat reads that V is unconscious, and for 5 Sequences. Missed by 5, the roll is no Action: the
    # margin is all the seed makes of it, not "a Total Failure: the action turns Hazardous" (this test
    # pinned that until the follow-up of pass 12).
    d = duel({"shock_roll": True}, damage=10)
    at = mark(d)
    events = attack(d, "h", ["v"], [*HIT, 5, 5])
    assert rolls(events, "shock") == [(15, False)]
    assert who(d, "v").standing == Standing.DOWN
    for seat in ("gm", "ann", "bo"):
        lines = [w for w in said(d, seat, at) if "unconscious" in w]
        assert lines == [
            "V rolls for Shock (Willpower+Focus 10, dice 5/5) = 10 vs 15: fails. V falls unconscious for "
            "5 Sequences (Physician + Wits vs 5 wakes V sooner)."
        ], seat


@pytest.mark.rules("WS-DARK-001")
def test_e04__a_failed_dark_times_roll_says_the_victim_is_dying() -> None:
    # src 150: "After every hit, roll Willpower+Focus against the inflicted Shock points in this attack. If
    # you fail this roll, you fall down dying": 12 Shock; 5 + 5 + 1 - 9 = 2 vs 12 fails: V is dying, and the
    # players read it (no Action's "Total Failure: the action turns Hazardous": the roll is no Action).
    d = duel({"dark_times": True}, damage=12)
    at = mark(d)
    events = attack(d, "h", ["v"], [*HIT, 1, 9])
    assert rolls(events, "dark times") == [(12, False)]
    assert who(d, "v").standing == Standing.DYING
    assert [w for w in said(d, "ann", at) if "dying" in w] == [
        "V rolls for Dark Times (Willpower+Focus 10, dice 1/9) = 2 vs 12: fails. V is dying."
    ]


@pytest.mark.rules("WS-MOOK-004")
def test_e05__the_speed_bump_attack_reads_skill_plus_damage_against_skill_plus_soak() -> None:
    # src 175: "Compare the Skill+Damage of a player character with a group of Mooks Skill+Soak. For every
    # [Mook Wound Threshold] PV a Mook goes down. No roll": h's 9 + gun Damage 7 = 16 vs Skill 4 + Soak 0 = 4:
    # PV 12, 2 of the 3 mooks down. The line says those numbers (no dice, and the sum adds up: it read
    # "9 + dice none +0 = AV 16"), and the attack comes before the mooks it downs.
    goons = {"named": False, "count": 3, "traits": {"Skill": 4, **SLOW}, "engaging": "h",
             "weapons": [{"name": "clubs", "damage": 10, "skill": "Skill"}]}  # fmt: skip
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(weapons=[gun(7)])},
              villains={"goons": goons})  # fmt: skip
    at = mark(d)
    attack(d, "h", ["goons"], [])
    assert who(d, "goons").count == 1
    assert said(d, "ann", at)[-2:] == [
        "H attacks Goons with gun: 9 + Damage 7 = 16 vs Skill + Soak 4: PV 12.",
        "2 of Goons go down (1 left).",
    ]


@pytest.mark.rules("WS-SHOT-003", "WS-SHOT-005")
def test_e39__one_shot_spent_reads_one_shot() -> None:
    # src 21: 1 Shot raises Initiative by 5 (h: 5 + 5 = 10, bought while v is up); src 27: k bids 1 Shot to
    # interrupt v. The words say "1 Shot", not "1 Shots".
    d = table(QUIET, heroes={"h": sheet(), "k": sheet(traits=pool(4))},
              villains={"v": sheet(traits=pool(6), **TOUGH)})  # fmt: skip
    at = mark(d)
    d.do("ann", "raise_initiative", character="h", shots=1)
    d.do("ann", "interrupt", character="k", shots=1)
    lines = said(d, "bo", at)
    assert "H spends 1 Shot: Initiative 10." in lines
    assert "K bids 1 Shot to interrupt V (Initiative 9)." in lines


@pytest.mark.rules("WS-SEQ-002", "WS-SHOCK-003")
def test_e06__the_next_sequence_reads_the_stunned_pool_as_initiative() -> None:
    # src 12: "At the beginning of each Sequence, your Initiative is set to the number of Shots in your Shot
    # pool"; src 124: v's 3 Shots lose 2 to a 2-Wound hit. Both roll an Action (no Shot back, src 16): v
    # shoots back and misses (3 + 4 + 0 - 0 = 7 vs 12). Sequence 2 reads H 5, V 1.
    d = duel({"stun": True}, damage=10, traits=pool(3))
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    attack(d, "v", ["h"], MISS)
    at = mark(d)
    end_turn(d, "v")
    assert "Sequence 2 begins: H 5, V 1." in said(d, "bo", at)


@pytest.mark.rules("WS-KNOCK-002", "WS-KNOCK-003")
def test_e07__the_knockback_words_give_the_metres_and_the_crash() -> None:
    # src 107: Damage 12 over Mass 0: 12 / 5 = 2 m back; a wall 1 m behind leaves 1 m: 1 Damage to V and to
    # the wall; then the Knockdown. The crash is Damage (1 Shock, no Wound at WT 5).
    d = duel({"knockback": True}, damage=12, mass=0)
    at = mark(d)
    attack(d, "h", ["v"], HIT, wall_at=1)
    lines = said(d, "ann", at)
    assert "V is knocked back 2 m and down, hitting something for 1." in lines
    assert "V takes 1 Damage: 1 Shock, 0 Wounds." in lines
    assert (who(d, "v").shock, who(d, "v").has("knocked_down")) == (13, True)


@pytest.mark.rules("WS-SHOCK-001", "WS-DARK-001", "WS-WPEN-003", "WS-SHOCK-003", "WS-CINE-001")
def test_e08__a_massive_hit_under_every_damage_option_reads_every_consequence() -> None:
    # src 54: 20 Damage, 4 Wounds; src 124: 4 Shots lost (5 -> 1); src 128, 133: 20 = 4 x WT, Massive: a
    # Cinematic Wound; src 146: 4 simultaneous Wounds, a Deadly Wound (-8), not death (that is "more than
    # 4"); src 120: Shock roll vs 5 + 5 x 4 = 25: Willpower 15 + Focus 15 + 9 - 1 - 8 = 30 holds; src 150:
    # Dark Times vs 20 Shock: 30 holds. V stays up; its own attack next is at -8 (5 + 4 + 9 - 1 - 8 = 9).
    cfg = {"wound_penalty": "seriousness", "stun": True, "shock_roll": True, "cinematic_wounds": "fixed",
           "dark_times": True}  # fmt: skip
    d = duel(cfg, damage=20, traits={**pool(5), "Willpower": 15, "Focus": 15})
    events = attack(d, "h", ["v"], [*HIT, *HIT, *HIT])
    assert rolls(events, "shock") == [(25, True)]
    assert rolls(events, "dark times") == [(20, True)]
    v = who(d, "v")
    assert (v.wounds, v.worst_wound, v.shots, len(v.cinematic), v.standing) == (4, 4, 1, 1, Standing.UP)
    end_turn(d, "h")
    r = last(attack(d, "v", ["h"], HIT, defend={"h": False}), "attack_rolled")
    assert (r["modifier"], r["av"]) == (-8, 9)


# -- who is asked what, who sees what (src 20, 27; the GM's secrets) ----------------------------------------


@pytest.mark.rules("WS-SHOT-003", "WS-CORE-003")
def test_e09__the_villains_active_defense_is_the_gms_question_alone() -> None:
    # src 20: "1 Shot allows you to ... Make an Active Defense": the one who plays v decides, the GM. The
    # question goes to the GM; neither player is asked, and Ann cannot answer it for v.
    d = duel(traits=pool(3))
    d.do("ann", "attack", character="h", targets=["v"])
    asked = [p.id for p in d.prompts("gm") if p.kind == "active_defense"]
    assert len(asked) == 1
    assert [p for p in d.prompts("ann") if p.kind == "active_defense"] == []
    assert [p for p in d.prompts("bo") if p.kind == "active_defense"] == []
    d.refuse("ann", "answer", prompt=asked[0], option="yes")
    d.refuse("ann", "defend", error=NotPermitted, character="v", use=True)


@pytest.mark.rules("WS-SHOT-003", "WS-CORE-002")
def test_e10__the_heros_player_is_asked_with_the_odds_and_the_other_player_is_not() -> None:
    # src 20: v (Shot Count 6, acts first) shoots at h: Ann is asked whether h spends a Shot. v's AV 6 + 4 =
    # 10 vs Defense 12 needs pos - neg >= 2 (36 of 100 pairs): 36.0%; with the Active Defense (+5) vs 17,
    # >= 7 (6 of 100): 6.0%. Bo plays no one here: no question, and cannot answer Ann's.
    d = table(QUIET, heroes={"h": sheet(**TOUGH)}, villains={"v": sheet(traits=pool(6))})
    d.do("gm", "attack", character="v", targets=["h"])
    asked = d.prompt("ann", "active_defense")
    assert (asked.context["hit_if_passive"], asked.context["hit_if_active"]) == ("36.0%", "6.0%")
    assert [p for p in d.prompts("bo") if p.kind == "active_defense"] == []
    d.refuse("bo", "answer", prompt=asked.id, option="yes")


@pytest.mark.rules("WS-SHOT-003", "WS-WPEN-001")
def test_e11__the_active_defense_odds_count_the_attackers_wound() -> None:
    # src 111: h's untreated Wound is 1 point of impairment: AV 9 - 1 = 8 vs Defense 12 needs pos - neg >= 4
    # (21 of 100): 21.0%; vs 17 (Active Defense) >= 9 (1 of 100): 1.0%. The GM reads those for v.
    d = table({**QUIET, "wound_penalty": "per_wound"}, heroes={"h": sheet(**TOUGH)},
              villains={"v": sheet(traits=pool(3), **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=5, dice=[1, 9])  # Stunt 3 + Agility 5 + 1 - 9 = 0: 1 Wound
    d.do("gm", "start_sequence")
    d.do("ann", "attack", character="h", targets=["v"])
    asked = d.prompt("gm", "active_defense")
    assert (asked.context["hit_if_passive"], asked.context["hit_if_active"]) == ("21.0%", "1.0%")


@pytest.mark.rules("WS-CORE-001")
def test_e12__the_gms_note_and_a_fumbles_narration_stay_with_the_gm() -> None:
    # A GM's note and the narration a Fumble asks for (the dice 10/10, a double-0 that fails) are the GM's:
    # neither player reads them in the log, finds them in the table's view or is asked to narrate.
    d = duel()
    d.do("gm", "gm_note", text="the boss hides a knife")
    attack(d, "h", ["v"], MISS)
    gm = json.dumps(d.view("gm"), default=str)
    assert "knife" in gm and any(p.kind == "narrate" for p in d.prompts("gm"))
    for seat in ("ann", "bo"):
        seen = json.dumps(d.view(seat), default=str) + "\n".join(d.words(seat))
        assert "knife" not in seen and "For the GM" not in seen, seat
        assert [p for p in d.prompts(seat) if p.kind == "narrate"] == [], seat
    due = next(p for p in d.prompts("gm") if p.kind == "narrate")
    d.refuse("ann", "narrated", error=NotPermitted, id=due.options[0].payload["id"])


@pytest.mark.rules("WS-MOOK-005")
def test_e13__whether_ignored_mooks_strike_is_the_gms_and_no_player_answers_it() -> None:
    # src 175: "Every Action taken where the Mooks are ignored, allow the Mooks to make an Attack": whether
    # they do is the GM's (who plays them). h rests (an Action ignoring them): the GM is asked, Ann is not,
    # and Ann's attempt to answer (or to wave the strike off) is refused.
    goons = {"named": False, "count": 3, "traits": {"Skill": 4, **SLOW}, "engaging": "h",
             "weapons": [{"name": "clubs", "damage": 10, "skill": "Skill"}]}  # fmt: skip
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(**TOUGH)}, villains={"goons": goons})
    d.do("ann", "rest", character="h")
    asked = [p for p in d.prompts("gm") if p.kind != "turn"]
    assert [p.question for p in asked] == [
        "H ignored Goons: do they strike? (Skill + Damage 14 vs Defense + Soak 12: PV 2)"
    ]
    assert [p for p in d.prompts("ann") if p.kind != "turn"] == []
    d.refuse("ann", "answer", prompt=asked[0].id, option="hold")
    d.refuse("ann", "mook_strike", error=NotPermitted, group="goons", strike=False)


@pytest.mark.rules("WS-CORE-001")
def test_e14__only_the_gm_calls_a_roll_and_sets_its_difficulty() -> None:
    # The GM sets difficulties (src 60, 106, 120 name them; a player does not choose its own): Ann may not
    # call a check for h, even an easy one.
    d = duel()
    d.refuse("ann", "call_check", error=NotPermitted, character="h", traits=["Agility", "Wits"], difficulty=0)


@pytest.mark.rules("WS-CORE-001")
def test_e15__a_called_roll_is_rolled_by_the_called_characters_player_only() -> None:
    # The GM calls Agility + Wits vs 10 for h: Ann rolls it; Bo may not roll it for her hero, nor Ann one
    # called for the GM's v.
    d = duel()
    d.do("gm", "call_check", character="h", traits=["Agility", "Wits"], difficulty=10)
    d.do("gm", "call_check", character="v", traits=["Agility", "Wits"], difficulty=10)
    calls = sorted(state(d).calls)
    d.refuse("bo", "roll_check", error=NotPermitted, call=calls[0], dice=HIT)
    d.refuse("ann", "roll_check", error=NotPermitted, call=calls[1], dice=HIT)
    d.do("ann", "roll_check", call=calls[0], dice=HIT)


@pytest.mark.rules("WS-SHOT-001")
def test_e16__a_player_may_not_hand_a_character_to_another_seat() -> None:
    # The GM seats the characters: Ann may add her own hero, not one owned by Bo.
    d = table(QUIET, start=False)
    d.refuse("ann", "add_character", error=NotPermitted, payload={"id": "z", "owner": "bo", **sheet()})
    d.do("ann", "add_character", payload={"id": "z", **sheet()})
    assert who(d, "z").owner == "ann"


@pytest.mark.rules("WS-CINE-005")
def test_e17__a_player_may_not_welcome_a_cinematic_wound_for_the_gms_villain() -> None:
    # src 138: "She may voluntarily fail this roll": she, the one hit; v is the GM's.
    d = duel({"cinematic_wounds": "variable"})
    d.refuse("ann", "welcome_cinematic", error=NotPermitted, character="v")
    assert not who(d, "v").has("welcomes_cinematic")
    d.do("gm", "welcome_cinematic", character="v")
    assert who(d, "v").has("welcomes_cinematic")


@pytest.mark.rules("WS-KNOCK-001")
def test_e18__a_player_may_not_get_up_anothers_hero() -> None:
    # src 106: the knocked-down one gets up "requiring a Move": Bo's k, knocked down, is up first; Ann may
    # not spend k's Move for Bo, Bo may.
    d = table({**QUIET, "knockback": True}, heroes={"h": sheet(traits=pool(2))},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "add_character", payload={"id": "k", "owner": "bo", **sheet(traits=pool(6))})
    d.do("gm", "set_status", character="k", status="knocked_down")
    d.do("gm", "start_sequence")
    assert state(d).turn.current == "k"
    d.refuse("ann", "get_up", error=NotPermitted, character="k")
    d.do("bo", "get_up", character="k")
    assert not who(d, "k").has("knocked_down")


# -- refusals on one's own turn (src 16, 21, 58) ------------------------------------------------------------


@pytest.mark.rules("WS-DMG-006")
def test_e19__no_rest_after_shooting_in_the_same_turn() -> None:
    # src 58: "If you do nothing but rest during a Sequence": h has shot (missed, 10/10) this turn; resting
    # now is refused and changes nothing.
    d = duel()
    attack(d, "h", ["v"], MISS)
    d.refuse("ann", "rest", character="h")


@pytest.mark.rules("WS-SHOT-003")
def test_e20__no_more_shots_spent_than_the_pool_holds() -> None:
    # src 21: "You may spend any amount of Shots this way", of those in the pool: h holds 5; 6 is refused.
    d = table(QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits=pool(6), **TOUGH)})
    d.refuse("ann", "raise_initiative", character="h", shots=6)
    d.do("ann", "raise_initiative", character="h", shots=5)
    assert (who(d, "h").shots, state(d).turn.initiative["h"]) == (0, 30)


@pytest.mark.rules("WS-WPEN-003")
def test_e21__no_attack_on_the_dead() -> None:
    # src 146: 25 Damage is 5 Wounds in one attack: v "fall[s] down, dead". k, up next, may not shoot it.
    d = table({**QUIET, "wound_penalty": "seriousness"}, heroes={"h": sheet(weapons=[gun(25)]),
              "k": sheet(traits=pool(4))}, villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").standing == Standing.DEAD
    end_turn(d, "h")
    d.refuse("ann", "attack", character="k", targets=["v"])


# -- exchanges where rules meet (src 20, 31, 54, 107, 111, 120, 124, 146, 150) -------------------------------


@pytest.mark.rules("WS-SNAP-001", "WS-SHOT-003", "WS-CORE-003")
def test_e22__a_split_at_two_foes_meets_each_ones_own_defense() -> None:
    # src 31: two snapshots at -3: AV 9 - 3 + 8 = 14 each. src 20: v spends a Shot (Defense 17: miss by 3),
    # w keeps its passive 12 (hit). Each pays for itself: v 3 -> 2, w stays 2.
    foes = {"v": sheet(traits=pool(3), **TOUGH), "w": sheet(traits=pool(2), **TOUGH)}
    d = table(QUIET, heroes={"h": sheet()}, villains=foes)
    events = attack(d, "h", ["v", "w"], [*HIT, *HIT], defend={"v": True})
    got = [(r["av"], r["defense"], r["hit"]) for r in all_of(events, "attack_rolled")]
    assert got == [(14, 17, False), (14, 12, True)]
    assert (who(d, "v").shots, who(d, "w").shots, who(d, "w").shock) == (2, 2, 6)


@pytest.mark.rules("WS-DMG-004", "WS-KNOCK-003")
def test_e23__the_crash_that_tops_shock_up_to_health_drops_the_victim() -> None:
    # src 54: "If at any time you receive Shock Points equal to your Health, you fall down": v (Health 13)
    # takes 12 from the hit, then src 107 flings it 2 m into a wall 1 m behind: 1 more. 13 = Health: down.
    d = duel({"knockback": True}, damage=12, mass=0, health=13)
    attack(d, "h", ["v"], HIT, wall_at=1)
    assert (who(d, "v").shock, who(d, "v").standing) == (13, Standing.DOWN)


@pytest.mark.rules("WS-DMG-005", "WS-KNOCK-003")
def test_e24__the_crash_whose_wound_reaches_toughness_leaves_the_victim_dying() -> None:
    # src 54: "If you have Wounds equal to your Toughness, you're dying": v (WT 2, Toughness 7) takes 12: 6
    # Wounds; src 107: 2 m back into a wall right behind: 2 Damage, 1 Wound more: 7, dying.
    d = duel({"knockback": True}, damage=12, mass=0, wt=2, toughness=7)
    attack(d, "h", ["v"], HIT, wall_at=0)
    assert (who(d, "v").wounds, who(d, "v").standing) == (7, Standing.DYING)


@pytest.mark.rules("WS-SHOCK-001", "WS-DARK-001")
def test_e25__one_hit_calls_both_the_shock_and_the_dark_times_roll() -> None:
    # src 120: 10 Damage, 2 Wounds: Shock vs 15; src 150: Dark Times vs the 10 Shock inflicted. Willpower 5 +
    # Focus 5 + 9 - 1 = 18 makes both: v stays up.
    d = duel({"shock_roll": True, "dark_times": True}, damage=10)
    events = attack(d, "h", ["v"], [*HIT, *HIT, *HIT])
    assert (rolls(events, "shock"), rolls(events, "dark times")) == ([(15, True)], [(10, True)])
    assert who(d, "v").standing == Standing.UP


@pytest.mark.rules("WS-SHOCK-003", "WS-SHOT-003")
def test_e26__stunned_to_an_empty_pool_no_active_defense_against_the_next_shooter() -> None:
    # src 124: 15 Damage, 3 Wounds: v's 3 Shots are gone; src 20: an Active Defense costs 1 Shot, so when k
    # shoots next nobody is asked and the shot is rolled at once (9 + 8 = 17 vs 12).
    d = table({**QUIET, "stun": True}, heroes={"h": sheet(weapons=[gun(15)]), "k": sheet(traits=pool(4))},
              villains={"v": sheet(traits=pool(3), **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").shots == 0
    end_turn(d, "h")
    events = d.do("ann", "attack", character="k", targets=["v"], dice=HIT)
    assert state(d).pending is None
    assert last(events, "attack_rolled")["hit"] is True


@pytest.mark.rules("WS-SHOCK-001", "WS-WPEN-001")
def test_e27__the_shock_roll_is_impaired_by_the_wounds_just_taken() -> None:
    # src 111: "For each untreated Wound received, you get 1 point of impairment"; src 120: the Shock roll
    # follows the Wounds. 10 Damage, 2 Wounds: 5 + 5 + 7 - 1 - 2 = 14 vs 15 fails by 1: one Sequence out.
    d = duel({"shock_roll": True, "wound_penalty": "per_wound"}, damage=10)
    events = attack(d, "h", ["v"], [*HIT, 7, 1])
    assert rolls(events, "shock") == [(15, False)]
    assert (who(d, "v").standing, who(d, "v").revive_difficulty) == (Standing.DOWN, 1)


@pytest.mark.rules("WS-SHAKEN-001", "WS-SHAKEN-002", "WS-SNAP-001")
def test_e28__shaken_by_the_first_snapshot_no_active_defense_for_the_second() -> None:
    # src 80-81: "When a target takes 1 or more Shock points it becomes Shaken. You may not perform Active
    # Defenses": h splits at v then w; v (not yet hurt) is asked, keeps passive, is hit; the second
    # snapshot at v is met passively, v being Shaken now. One answer only.
    d = table({**QUIET, "shaken": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=pool(3), **TOUGH)})  # fmt: skip
    events = attack(d, "h", ["v", "v"], [*HIT, *HIT])
    got = [(r["defense"], r["hit"]) for r in all_of(events, "attack_rolled")]
    assert got == [(12, True), (12, True)]
    assert (who(d, "v").shots, who(d, "v").shock) == (3, 12)


@pytest.mark.rules("WS-WPEN-003", "WS-SHOCK-003")
def test_e29__a_later_lighter_wound_does_not_lift_the_worst_wounds_impairment() -> None:
    # src 146: "Only the worst wound causes Impairment": a 3-Wound hit (15: -4), then a 1-Wound hit (5):
    # still -4, not -1. v's shot afterwards: Agility 3 + Guns 4 + 9 - 1 - 4 = 11.
    heroes = {"h": sheet(weapons=[gun(15)]), "k": sheet(traits=pool(4), weapons=[gun(5)])}
    d = table({**QUIET, "wound_penalty": "seriousness"}, heroes=heroes,
              villains={"v": sheet(traits=pool(3), **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    attack(d, "k", ["v"], HIT)
    end_turn(d, "k")
    r = last(attack(d, "v", ["h"], HIT), "attack_rolled")
    assert (who(d, "v").wounds, r["modifier"], r["av"]) == (4, -4, 11)


@pytest.mark.rules("WS-DMG-004", "WS-SHOCK-001")
def test_e30__down_on_shock_makes_no_shock_roll_for_its_wound() -> None:
    # src 54: v (Health 10) takes 10: Shock = Health, it falls down unable to act; src 120 then has nothing
    # to knock out: the Shock roll is not made (the player is not asked to roll for a body on the floor).
    d = duel({"shock_roll": True}, damage=10, health=10)
    events = attack(d, "h", ["v"], HIT)
    assert rolls(events, "shock") == []
    assert who(d, "v").standing == Standing.DOWN


@pytest.mark.rules("WS-SHOT-002", "WS-DMG-006")
def test_e31__a_rested_sequence_with_no_shock_still_regains_a_shot() -> None:
    # src 16, 58: h at 4 of 5 Shots (1 spent raising Initiative while v acts) rests: nothing to regain in
    # Shock, the pool rises to 5 at the Sequence's end.
    d = table(QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits=pool(6), **TOUGH)})
    d.do("ann", "raise_initiative", character="h", shots=1)
    end_turn(d, "v")
    d.do("ann", "rest", character="h")
    end_turn(d, "h")
    assert (who(d, "h").shock, who(d, "h").shots) == (0, 5)


@pytest.mark.rules("WS-SNAP-001", "WS-SHOCK-001")
def test_e32__each_snapshot_that_wounds_rolls_shock_on_its_own_wounds() -> None:
    # src 31: each snapshot is an Action (an attack) of its own; src 120: "5+5 times Wounds inflicted in this
    # Attack": two hits of 10 (2 Wounds each) call two rolls vs 15, not one vs 25.
    d = duel({"shock_roll": True}, damage=10)
    events = attack(d, "h", ["v", "v"], [*HIT, *HIT, *HIT, *HIT])
    assert rolls(events, "shock") == [(15, True), (15, True)]


@pytest.mark.rules("WS-CINE-001", "WS-SHOCK-004")
def test_e33__two_massive_snapshots_in_one_action_are_two_cinematic_wounds() -> None:
    # src 133: "A Character who takes a hit with Massive Damage ... takes a Cinematic Wound": two snapshot
    # hits of 20 are two hits.
    d = duel({"cinematic_wounds": "fixed"}, damage=20)
    attack(d, "h", ["v", "v"], [*HIT, *HIT])
    assert len(who(d, "v").cinematic) == 2


@pytest.mark.rules("WS-GRIT-001", "WS-WPEN-003")
def test_e34__sand_in_your_teeth_makes_a_four_wound_hit_five_and_deadly() -> None:
    # src 142: "Every hit causes at least 1 Wound, +1 Wound per Wound Threshold Shockpoints" (PROPOSED
    # additive: 1 + floor(20 / 5) = 5); src 146: "More than 4 wounds in one attack ... dead".
    d = duel({"sand_in_your_teeth": "additive", "wound_penalty": "seriousness"}, damage=20)
    attack(d, "h", ["v"], HIT)
    assert (who(d, "v").wounds, who(d, "v").standing) == (5, Standing.DEAD)


@pytest.mark.rules("WS-MOOK-002", "WS-KNOCK-002")
def test_e35__a_glass_jaw_mook_hit_for_seven_is_shaken_and_flung_into_a_knockdown() -> None:
    # src 160-162: 7 is "5-9: Shaken"; src 107: 7 over Mass 5 is 2 over: 0 m, yet more Damage than Mass:
    # knocked down (PROPOSED WS-KNOCK-002).
    d = table({**QUIET, "knockback": True}, heroes={"h": sheet(weapons=[gun(7)])},
              villains={"m": sheet(named=False, traits=SLOW)})  # fmt: skip
    attack(d, "h", ["m"], HIT)
    assert (who(d, "m").standing, who(d, "m").has("shaken"), who(d, "m").has("knocked_down")) == (
        Standing.UP, True, True)  # fmt: skip


@pytest.mark.rules("WS-SHOT-004", "WS-SHOCK-003")
def test_e36__an_action_bought_out_of_sequence_is_paid_before_the_stun() -> None:
    # src 25: h (5 Shots) has had its turn and buys an Action out of Sequence while v acts: 5 -> 2. src 124:
    # v's 2-Wound hit (10) takes the other 2: 0 left, and h's Initiative next Sequence is 0.
    d = table({**QUIET, "stun": True}, heroes={"h": sheet(**TOUGH)},
              villains={"v": sheet(traits=pool(4), weapons=[gun(10)], **TOUGH)})  # fmt: skip
    end_turn(d, "h")
    attack(d, "v", ["h"], HIT, defend={"h": False})
    assert who(d, "h").shots == 3
    d.do("ann", "extra_action", character="h")
    assert who(d, "h").shots == 0
    attack(d, "h", ["v"], MISS)
    end_turn(d, "v")
    assert state(d).turn.initiative["h"] == 0


@pytest.mark.rules("WS-CORE-002")
def test_e37__a_miss_hurts_nobody_and_reads_the_shortfall() -> None:
    # A miss: AV 9 + 2 - 5 = 6 vs 12, short by 6 (5 or more: a Total Failure). No Damage line.
    d = duel()
    at = mark(d)
    events = attack(d, "h", ["v"], [2, 5])
    assert all_of(events, "damaged") == []
    assert (
        "H attacks V with gun: 9 + dice 2/5 = AV 6 vs Defense 12: miss by 6 (Total Failure: the action "
        "turns Hazardous)." in said(d, "bo", at)
    )


@pytest.mark.rules("WS-DMG-004", "WS-DMG-006")
def test_e38__one_down_on_shock_is_passed_over_and_does_not_rest_back_up() -> None:
    # src 54: down on Shock, "unable to act": v's turn is skipped. src 58 regains Shock only for one who
    # rests; lying there is not resting (the table's reading, r144 too): the next Sequence starts with v
    # still at 12 Shock.
    d = table(QUIET, heroes={"h": sheet(weapons=[gun(12)])}, villains={"v": sheet(traits=pool(3))})
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").standing == Standing.DOWN
    end_turn(d, "h")
    assert state(d).turn.sequence == 2
    assert who(d, "v").shock == 12


# -- a hit and the crash its knockback ends in are one attack (src 107, 138, 150) ----------------------------


@pytest.mark.rules("WS-DARK-001", "WS-KNOCK-003")
def test_e40__dark_times_counts_the_shock_of_the_crash_the_hit_flung_one_into() -> None:
    # src 150: "After every hit, roll Willpower+Focus against the inflicted Shock points in this attack";
    # src 107: Damage 12 over Mass 0 flings v 2 m into the wall right behind: 2 Damage, 2 Shock more, the
    # attack's (as for its Shock roll and Stun, src 120, 124). One roll after the crash vs 12 + 2 = 14:
    # Willpower 5 + Focus 5 + 3 - 1 = 12 fails: dying. (It rolled vs the hit's 12 alone, before the crash.)
    d = duel({"dark_times": True, "knockback": True}, damage=12, mass=0)
    events = attack(d, "h", ["v"], [*HIT, 3, 1], wall_at=0)
    assert rolls(events, "dark times") == [(14, False)]
    assert (who(d, "v").shock, who(d, "v").standing) == (14, Standing.DYING)


@pytest.mark.rules("WS-CINE-005", "WS-KNOCK-003")
def test_e41__one_cinematic_wound_at_most_for_a_hit_and_its_crash() -> None:
    # src 138: "Normally, you cannot receive more than one Cinematic Wound per attack". v (WT 3, Luck 0)
    # takes 15: 5 Wounds, Luck vs 5, 10, 15, 20, 25; the first (0 + 1 - 9) fails: a Cinematic Wound. src 107:
    # 15 over Mass 0 is 3 m into the wall right behind: 3 Damage, 1 Wound more, of the same attack: no
    # second Luck roll, no second Cinematic Wound.
    d = duel({"cinematic_wounds": "variable", "knockback": True}, damage=15, mass=0, wt=3)
    events = attack(d, "h", ["v"], [*HIT, 1, 9, 5, 5, 5, 5, 5, 5, 5, 5], wall_at=0)
    assert rolls(events, "cinematic luck") == [(5, False), (10, False), (15, False), (20, False), (25, False)]
    assert (who(d, "v").wounds, len(who(d, "v").cinematic)) == (6, 1)


@pytest.mark.rules("WS-CINE-005", "WS-KNOCK-003")
def test_e42__the_crashs_wound_is_the_attacks_next_for_the_cinematic_luck_roll() -> None:
    # src 138: "The Difficulty is 5 per Wound rolled for in this instance": v (WT 3, Luck 30) makes the hit's
    # five (30 + 5 - 5 = 30 vs 5 ... 25); the crash's Wound is the attack's sixth: Luck vs 30, and 30 + 1 - 9
    # = 22 fails: one Cinematic Wound. (It rolled the crash's Wound as a first, vs 5, and 22 held.)
    d = duel({"cinematic_wounds": "variable", "knockback": True}, damage=15, mass=0, wt=3,
             traits={"Luck": 30})  # fmt: skip
    end_turn(d, "v")  # v's Shot Count (1 + 1 + 30) / 3 = 10 puts it first
    events = attack(d, "h", ["v"], [*HIT, *([5, 5] * 5), 1, 9], wall_at=0)
    assert [dc for dc, _ in rolls(events, "cinematic luck")] == [5, 10, 15, 20, 25, 30]
    assert len(who(d, "v").cinematic) == 1


@pytest.mark.rules("WS-SHOT-003", "WS-SNAP-001")
def test_e43__two_snapshots_at_one_target_ask_with_the_chance_of_being_hit_at_all() -> None:
    # src 31: an Action split into two snapshots, "-3 on both Actions", each rolled apart; src 20: h is asked
    # once whether to spend a Shot. v's AV 6 + 4 - 3 = 7 vs Defense 12 needs pos - neg >= 5 (15 of 100) on
    # each snapshot: hit at least once 1 - 0.85 x 0.85 = 27.75%; with the Active Defense (+5) vs 17, >= 10
    # (none of 100): 0%. Before, the prompt read one snapshot's 15.0% as if it were the whole attack.
    d = table(QUIET, heroes={"h": sheet(**TOUGH)}, villains={"v": sheet(traits=pool(6))})
    d.do("gm", "attack", character="v", targets=["h", "h"])
    asked = d.prompt("ann", "active_defense")
    assert (asked.context["hit_if_passive"], asked.context["hit_if_active"]) == ("27.8%", "0.0%")
    assert asked.context["snapshots"] == 2
    assert [o.label for o in asked.options] == [
        "Active Defense (1 Shot): hit 0.0% by at least one of 2 snapshots",
        "passive Defense 12: hit 27.8% by at least one of 2 snapshots",
    ]
