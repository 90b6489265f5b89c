"""Situations earlier referees flagged and left, written from the seed alone and played at the table.

Each case: the situation, the dice in order (a positive then a negative d10, a face of 10 reads 0, then
any extra positive d10s), the outcome the seed demands and the seed line (src N, first copy). Those the
table got wrong were fixed with them; the others pin what the seed supports. The hero ``h`` (Agility 5 +
Guns 4 = 9) shoots at Defense 12; dice 9 and 1 make 17, a hit; 10 and 10 read 0 - 0, a miss.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.workshop.sheet import Standing, Weapon
from tests.systems.workshop.helpers import all_of, attack, end_turn, last, sheet, state, table, who

# the referee file's quiet table, dice and traits: these situations read against the same hero
from tests.systems.workshop.test_referee import HIT, MISS, QUIET, SLOW, TOUGH, duel, gun, pool


def put(d: Driver, cid: str, **update: Any) -> None:
    """Set-up: a combatant as the situation finds it (Shock taken, down, Shaken...)."""
    chars = state(d).characters
    d.patch(characters={**chars, cid: chars[cid].model_copy(update=update)})


def knocked_out(d: Driver, cid: str) -> None:
    """Set-up: ``cid`` fell when its Shock reached its Health (src 54), before this Sequence."""
    c = who(d, cid)
    put(d, cid, standing=Standing.DOWN, shock=c.health, down_at=0, wake_at=100)


# -- 1. resting, and an Active Defense in the same Sequence --------------------------------------------


@pytest.mark.rules("WS-DMG-006", "WS-SHOT-003", "WS-CORE-003")
def test_k01__an_active_defense_spoils_the_rest() -> None:
    # src 58: "If you do nothing but rest during a Sequence, you regain 1 Shock point"; src 20: 1 Shot
    # makes "an Active Defense at any time". v (Shock 4) rests on its turn, then spends a Shot defending
    # against h's shot: it did more than rest, so Shock stays 4 at the Sequence's end.
    d = table(QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits=pool(6), **TOUGH)}, start=False)
    put(d, "v", shock=4)
    d.do("gm", "start_sequence")
    d.do("gm", "rest", character="v")
    end_turn(d, "v")
    attack(d, "h", ["v"], MISS, defend={"v": True})
    assert who(d, "v").shots == 5
    end_turn(d, "h")
    assert state(d).turn.sequence == 2
    assert who(d, "v").shock == 4


@pytest.mark.rules("WS-DMG-006", "WS-SHOT-003")
def test_k01b__after_an_active_defense_a_turn_of_rest_is_refused() -> None:
    # src 58 the other way round: v (Initiative 4) defends against h's shot first, then would rest on its
    # turn: the Sequence is no longer one of "nothing but rest".
    d = table(QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits=pool(4), **TOUGH)})
    attack(d, "h", ["v"], MISS, defend={"v": True})
    end_turn(d, "h")
    d.refuse("gm", "rest", rule="WS-DMG-006", character="v")


# -- 2. the wake roll: every Action someone else rolls -------------------------------------------------


@pytest.mark.rules("WS-DMG-007", "WS-SNAP-001")
def test_k02__each_snapshot_rolled_gives_the_sleeper_a_wake_roll() -> None:
    # src 60: the unconscious "may roll to wake up ... every time someone else rolls an Action"; src 31: a
    # split makes "two or three Actions". v splits two shots at h: s rolls to wake twice. Every die reads
    # 0 (10s): both shots miss (9 - 3 = 6 vs 12), both wake rolls fail (5 + 5 = 10 vs 15).
    d = table({**QUIET, "wake_rolls": True}, heroes={"h": sheet(**TOUGH), "s": sheet()},
              villains={"v": sheet(traits=pool(6), **TOUGH)}, start=False)  # fmt: skip
    knocked_out(d, "s")
    d.do("gm", "start_sequence")
    events = attack(d, "v", ["h", "h"], MISS * 4)
    wakes = [r for r in all_of(events, "rolled") if r["what"] == "wake"]
    assert [(r["who"], r["success"]) for r in wakes] == [("s", False), ("s", False)]


@pytest.mark.rules("WS-DMG-007")
def test_k02b__a_single_shot_gives_one_wake_roll_not_more() -> None:
    # src 60 once per Action: one shot, one wake roll; h's own Shock roll on the hit (src 120, no Action)
    # stirs nobody. h is hit for 5 (1 Wound): Shock roll 5 + 5 + 9 - 1 = 18 vs 10 holds; s fails 10 vs 15.
    d = table({**QUIET, "wake_rolls": True, "shock_roll": True},
              heroes={"h": sheet(**TOUGH), "s": sheet()},
              villains={"v": sheet(traits=pool(6), weapons=[gun(5)], **TOUGH)}, start=False)  # fmt: skip
    knocked_out(d, "s")
    d.do("gm", "start_sequence")
    events = attack(d, "v", ["h"], [*HIT, *HIT, *MISS])
    assert [r["what"] for r in all_of(events, "rolled")] == ["shock", "wake"]


# -- 3. knockback on mooks -------------------------------------------------------------------------------


@pytest.mark.rules("WS-KNOCK-002", "WS-MOOK-002")
def test_k03__a_glass_jaw_mook_is_knocked_back_too() -> None:
    # src 107: "Knockback is caused when you take more Damage than your Mass Value ... 1 meter" per 5 over,
    # then a Knockdown; nothing exempts the nameless. m (Mass 2) takes 9: Shaken on the glass-jaw table
    # (src 161), 9 - 2 = 7 over -> flung 1 m and knocked down.
    d = table({**QUIET, "knockback": True}, heroes={"h": sheet(weapons=[gun(9)])},
              villains={"m": sheet(named=False, traits=SLOW, mass=2)})  # fmt: skip
    events = attack(d, "h", ["m"], HIT)
    assert last(events, "knocked_back")["metres"] == 1
    assert who(d, "m").has("knocked_down") and who(d, "m").has("shaken")


@pytest.mark.rules("WS-KNOCK-003", "WS-MOOK-003")
def test_k03b__an_advanced_mook_flung_into_a_wall_takes_the_crash() -> None:
    # src 107: into a solid object, "Damage equal to the distance left"; m (Mass 0) takes 12: unconscious
    # (src 170); 12 over -> 2 m with the wall right behind: 2 Damage more to m (0-4 on src 168: Shaken).
    d = table({**QUIET, "knockback": True, "mooks": "advanced"}, heroes={"h": sheet(weapons=[gun(12)])},
              villains={"m": sheet(named=False, traits=SLOW, mass=0)})  # fmt: skip
    events = attack(d, "h", ["m"], HIT, wall_at=0)
    flung = all_of(events, "knocked_back")[0]  # (the crash's 2 Damage is over Mass 0 too: 0 m more)
    assert (flung["metres"], flung["collision"]) == (2, 2)
    assert [e["damage"] for e in all_of(events, "damaged")] == [12, 2]
    assert who(d, "m").standing is Standing.DOWN


# -- 4. Free d10s ------------------------------------------------------------------------------------------


@pytest.mark.rules("WS-MOOK-003", "WS-COVER-004")
def test_k04__two_free_d10s_earned_before_the_next_action_both_roll() -> None:
    # src 169: "Damage 5-9: Attacker gains Free d10 next Action", each time. h lays aggressive covering
    # fire (4 + 4 + 9 - 1 = 16 vs 10: Cover 1, AV 11, src 72-76); both advanced mooks (Defense 5) move
    # into it and take 6 each: two Free d10s. Next Sequence h's shot adds both: 9 + 9 - 1 + 4 + 3 = 24.
    gun_cf = {**gun(6), "covering_fire": True}
    mook = sheet(named=False, traits=SLOW, defense=5, **TOUGH)
    d = table({**QUIET, "mooks": "advanced", "covering_fire": True},
              heroes={"h": sheet(weapons=[gun_cf])},
              villains={"m1": mook, "m2": mook, "v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", aggressive=True, dice=HIT)
    end_turn(d, "h")
    for m in ("m1", "m2"):
        d.do("gm", "move", character=m)
        end_turn(d, m)
    end_turn(d, "v")
    assert state(d).turn.current == "h"
    assert who(d, "h").extra_d10s == 2
    r = last(attack(d, "h", ["v"], [*HIT, 4, 3]), "attack_rolled")
    assert (list(r["dice"]), r["av"]) == ([9, 1, 4, 3], 24)
    assert who(d, "h").extra_d10s == 0


@pytest.mark.rules("WS-MOOK-003", "WS-SHOCK-001")
def test_k04b__a_free_d10_waits_past_rolls_that_are_no_action() -> None:
    # src 169: the Free d10 is for the "next Action"; h's Shock roll when hit (src 120) is no Action of
    # h's, so it rolls two dice only and the Free d10 is still there for h's next shot.
    villains = {"m": sheet(named=False, traits=SLOW, **TOUGH), "v": sheet(traits=pool(4), weapons=[gun(5)])}
    d = table({**QUIET, "mooks": "advanced", "shock_roll": True}, heroes={"h": sheet(weapons=[gun(6)])},
              villains=villains)  # fmt: skip
    attack(d, "h", ["m"], HIT)
    end_turn(d, "h")
    events = attack(d, "v", ["h"], [*HIT, *HIT])  # 17 vs 12: 5 Damage, 1 Wound; Shock 18 vs 10
    assert [list(r["dice"]) for r in all_of(events, "rolled")] == [[9, 1]]
    assert who(d, "h").extra_d10s == 1


# -- 5. the Joker and Shaken -------------------------------------------------------------------------------


@pytest.mark.rules("WS-CARD-004", "WS-SHAKEN-003")
def test_k05__a_joker_regains_the_shock_but_the_shaken_still_steady_first() -> None:
    # src 87: "Joker: All Shock points are regained"; src 81: Shaken ends only by the roll "At the
    # beginning of an Action ... If you succeed, you are no longer Shaken". h (Shock 3, Shaken) draws a
    # Joker (card 53 of the fresh deck; the villains a 5 of Spades): Shock 0, still Shaken.
    d = table({**QUIET, "shaken": True, "card_draw": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    put(d, "h", shock=3, statuses=("shaken",))
    d.do("gm", "start_sequence", dice=[53, 5])
    assert state(d).turn.cards == {"heroes": "JK1", "villains": "5S"}
    assert who(d, "h").shock == 0 and who(d, "h").has("shaken")
    d.refuse("ann", "attack", rule="WS-SHAKEN-003", character="h", targets=["v"])


# -- 6. dying, and the hour running out at a Sequence's start ----------------------------------------------


@pytest.mark.rules("WS-DARK-002", "WS-DMG-005")
def test_k06__the_dying_die_when_the_sequence_that_ends_the_hour_begins() -> None:
    # src 54: Wounds equal to Toughness: dying; src 150: "stabilized ... within 1 hour, or die". v falls
    # dying in Sequence 1 (clock 0); 59 minutes pass (clock 590); the Sequences that follow count 6 s each:
    # still dying when the Sequence at clock 599 ends, dead as the one at clock 600 (the hour) begins.
    d = table(QUIET, heroes={"h": sheet(weapons=[gun(20)])},
              villains={"v": sheet(traits=SLOW, health=100, toughness=4)})  # fmt: skip
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").standing is Standing.DYING
    d.do("gm", "pass_time", minutes=59)
    while state(d).clock < 599:
        end_turn(d, "h")
    assert who(d, "v").standing is Standing.DYING
    end_turn(d, "h")
    assert (state(d).clock, who(d, "v").standing) == (600, Standing.DEAD)


# -- 7. crash damage and the Shock roll --------------------------------------------------------------------


@pytest.mark.rules("WS-KNOCK-003", "WS-SHOCK-001")
def test_k07__a_wounding_crash_is_damage_of_its_own_its_wounds_the_attacks_shock_roll() -> None:
    # src 107: the crash "causes Damage equal to the distance left", Damage of its own as a fall's is
    # (src 66); src 120: the Shock roll's Difficulty is "5+5 times Wounds inflicted in this Attack", and the
    # crash is the attack's (as it is for Stun, src 124): v (Mass 5) takes 30 from h's gun: 6 Wounds; 25
    # over -> 5 m into the wall behind: 5 Damage, 1 Wound; one Shock roll after both vs 5 + 5 x 7 = 40
    # (16 + 16 + 9 - 1 = 40 holds). (Before refws2 the crash rolled on its own, vs 10, the hit vs 35.)
    d = table({**QUIET, "knockback": True, "shock_roll": True}, heroes={"h": sheet(weapons=[gun(30)])},
              villains={"v": sheet(traits={**SLOW, "Willpower": 16, "Focus": 16}, **TOUGH)})  # fmt: skip
    events = attack(d, "h", ["v"], [*HIT, *HIT], wall_at=0)
    assert [e["damage"] for e in all_of(events, "damaged")] == [30, 5]
    rolled = [(r["what"], r["difficulty"], r["success"]) for r in all_of(events, "rolled")]
    assert rolled == [("shock", 40, True)]
    assert (who(d, "v").wounds, who(d, "v").standing) == (7, Standing.UP)


# -- 8. the Wound penalty on a Speed Bump attack -----------------------------------------------------------


@pytest.mark.rules("WS-WPEN-001", "WS-MOOK-004")
def test_k08__the_wound_penalty_impairs_the_no_dice_speed_bump_attack() -> None:
    # src 111: each untreated Wound is "1 point of impairment"; src 181 shows impairment falls on an
    # "Action or Defense", a static value too, and the Speed Bump attack (src 175) is h's Action. h with 2
    # Wounds: 9 - 2 + Damage 11 = 18 vs the goons' Skill 4 + Soak 0 -> 14 -> 2 mooks at WT 5 (3 unhurt).
    goons = {"named": False, "count": 5, "traits": {"Skill": 4, **SLOW}}
    d = table({**QUIET, "mooks": "speed_bump", "wound_penalty": "per_wound"},
              heroes={"h": sheet(weapons=[gun(11)])}, villains={"goons": goons}, start=False)  # fmt: skip
    put(d, "h", wounds=2)
    d.do("gm", "start_sequence")
    events = d.do("ann", "attack", character="h", targets=["goons"])
    assert (last(events, "mooks_downed")["downed"], last(events, "mooks_downed")["pv"]) == (2, 14)


# -- 9. waking mid-Sequence ---------------------------------------------------------------------------------


@pytest.mark.rules("WS-DMG-007", "WS-SEQ-002")
def test_k09__one_who_wakes_before_their_initiative_acts_this_sequence() -> None:
    # src 12: "At the beginning of each Sequence, your Initiative is set to the number of Shots in your Shot
    # pool ... Each time your Initiative comes up, you may take an Action"; src 60: the wake roll. s (3
    # Shots) lies unconscious; v (6) shoots at h (5) and misses; s wakes (5 + 5 + 9 - 1 = 18 vs 15): its
    # Initiative 3 has not come up yet, so s acts after h this Sequence.
    d = table({**QUIET, "wake_rolls": True}, heroes={"h": sheet(**TOUGH), "s": sheet(traits=pool(3))},
              villains={"v": sheet(traits=pool(6), **TOUGH)}, start=False)  # fmt: skip
    knocked_out(d, "s")
    d.do("gm", "start_sequence")
    attack(d, "v", ["h"], [*MISS, *HIT])
    assert who(d, "s").standing is Standing.UP
    end_turn(d, "v")
    end_turn(d, "h")
    assert (state(d).turn.sequence, state(d).turn.current) == (1, "s")


@pytest.mark.rules("WS-DMG-007", "WS-SEQ-002")
def test_k09b__one_who_wakes_after_their_initiative_waits_for_the_next_sequence() -> None:
    # src 12 the other way: s (6 Shots) would have acted first; it wakes when v (5) shoots, after its
    # Initiative came: it acts in the next Sequence.
    d = table({**QUIET, "wake_rolls": True}, heroes={"h": sheet(traits=pool(4), **TOUGH),
              "s": sheet(traits=pool(6))}, villains={"v": sheet(**TOUGH)}, start=False)  # fmt: skip
    knocked_out(d, "s")
    d.do("gm", "start_sequence")
    attack(d, "v", ["h"], [*MISS, *HIT])
    assert who(d, "s").standing is Standing.UP
    end_turn(d, "v")
    assert state(d).turn.current == "h"
    end_turn(d, "h")
    assert (state(d).turn.sequence, state(d).turn.current) == (2, "s")


@pytest.mark.rules("WS-SHOCK-002", "WS-SEQ-002")
def test_k09c__one_revived_before_their_initiative_acts_this_sequence() -> None:
    # src 120: a Physician + Wits roll wakes one a failed Shock roll put down; src 12 as above. p (3
    # Shots) is down by 4; h (5) revives it, 4 + 5 + 5 - 1 = 13 vs 4: p acts before v (1) this Sequence.
    d = table(QUIET, heroes={"h": sheet(), "p": sheet(traits=pool(3))},
              villains={"v": sheet(traits=pool(1), **TOUGH)}, start=False)  # fmt: skip
    put(d, "p", standing=Standing.DOWN, down_at=0, wake_at=4, revive_difficulty=4)
    d.do("gm", "start_sequence")
    d.do("ann", "revive", character="h", patient="p", dice=[5, 1])
    end_turn(d, "h")
    assert (state(d).turn.sequence, state(d).turn.current) == (1, "p")
    end_turn(d, "p")
    assert state(d).turn.current == "v"


# -- 10. a check on a trait the sheet lacks -----------------------------------------------------------------


@pytest.mark.rules("WS-CORE-001")
def test_k10__a_check_on_a_missing_trait_counts_it_zero_and_still_rolls_the_dice() -> None:
    # src 60, 66, 72: every roll is two traits + the dice vs a Difficulty; the seed never gives a trait a
    # default, so a trait the sheet lacks adds nothing (sheet.py: "A missing trait counts 0"), and the dice
    # are rolled as for any check: Stealth 0 + Agility 5 + 9 - 1 = 13 vs 10.
    d = table(QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW, **TOUGH)})
    d.do("gm", "call_check", character="h", traits=["Stealth", "Agility"], difficulty=10)
    r = last(d.do("ann", "roll_check", call=1, dice=HIT), "check_rolled")
    assert (list(r["dice"]), r["total"], r["success"]) == ([9, 1], 13, True)


# -- 11. a called check rolled outside the character's turn ------------------------------------------------


@pytest.mark.rules("WS-DMG-007", "WS-MOOK-003", "WS-CARD-003")
def test_k11__a_check_rolled_off_turn_is_no_action() -> None:
    # src 12: "Each time your Initiative comes up, you may take an Action": a check the GM calls on h
    # while v is acting is no Action of h's. So the unconscious s does not roll to wake (src 60: "every
    # time someone else rolls an Action"), and h's Free d10 (src 169: "Free d10 next Action") and
    # Inspired wait for h's next Action: the check rolls two dice, Perception 4 + Wits 4 + 9 - 1 = 16 vs 10.
    d = table({**QUIET, "wake_rolls": True}, heroes={"h": sheet(traits=pool(4)), "s": sheet()},
              villains={"v": sheet(traits=pool(6), **TOUGH)}, start=False)  # fmt: skip
    knocked_out(d, "s")
    put(d, "h", statuses=("free_d10", "inspired"))
    d.do("gm", "start_sequence")
    assert state(d).turn.current == "v"
    d.do("gm", "call_check", character="h", traits=["Perception", "Wits"], difficulty=10)
    events = d.do("ann", "roll_check", call=1, dice=HIT)
    r = last(events, "check_rolled")
    assert (list(r["dice"]), r["total"], r["success"]) == ([9, 1], 16, True)
    assert all_of(events, "rolled") == []
    assert who(d, "h").extra_d10s == 2 and who(d, "s").standing is Standing.DOWN


@pytest.mark.rules("WS-CARD-002")
def test_k11b__a_favored_check_rolled_off_turn_earns_no_pool_point() -> None:
    # src 102: "Successful Favored Actions provide a pool point": the heroes drew the 7 of Hearts
    # (Interaction Favored, src 98); h's Interaction check, made while v acts, is no Action: h keeps 3 Shots.
    d = table({**QUIET, "card_draw": True}, heroes={"h": sheet(traits=pool(4))},
              villains={"v": sheet(traits=pool(6), **TOUGH)}, start=False)  # fmt: skip
    put(d, "h", shots=3)
    d.do("gm", "start_sequence", dice=[20, 20])
    assert state(d).turn.current == "v"
    d.do("gm", "call_check", character="h", traits=["Willpower", "Focus"], difficulty=10, kind="interaction")
    r = last(d.do("ann", "roll_check", call=1, dice=HIT), "check_rolled")
    assert (r["success"], r["favored"], who(d, "h").shots) == (True, False, 3)


# -- 12. covering fire whose shooter was knocked out ------------------------------------------------------


@pytest.mark.rules("WS-COVER-002", "WS-DMG-004", "WS-DMG-007")
def test_k12__cover_ends_when_its_shooter_falls_and_waking_does_not_bring_it_back() -> None:
    # src 72: covering fire "provides Defense to any allies moving in the same line of fire" (PROPOSED:
    # until the shooter's next Initiative); src 54: at Shock = Health the shooter falls "unable to act",
    # and the fire stops. h (6 Shots) lays it: 4 + 4 + 9 - 1 = 16 vs 10, Cover 1 for a (Defense 12 -> 13).
    # A 12 m fall drops h (Health 12); v's shot at a meets 12, and h wakes (5 + 5 + 9 - 1 = 18 vs 15, src
    # 60) before its next turn, but it has fired no more: w's shot at a meets Defense 12 too.
    heroes = {"h": sheet(traits=pool(6)), "a": sheet(traits=pool(3), **TOUGH)}
    villains = {"v": sheet(traits=pool(5), **TOUGH), "w": sheet(traits=pool(4), **TOUGH)}
    d = table({**QUIET, "wake_rolls": True, "covering_fire": True}, heroes=heroes, villains=villains)
    d.do("ann", "cover", character="h", dice=HIT)
    end_turn(d, "h")
    d.do("gm", "fall", character="h", metres=12, dice=[1, 9])  # 3 + 5 + 1 - 9 = 0 vs 0: no metre off
    assert who(d, "h").standing is Standing.DOWN
    shot = attack(d, "v", ["a"], [*MISS, *HIT])
    assert last(shot, "attack_rolled")["defense"] == 12 and who(d, "h").standing is Standing.UP
    end_turn(d, "v")
    assert last(attack(d, "w", ["a"], MISS), "attack_rolled")["defense"] == 12


# -- 13. card initiative: the card of one who cannot act -----------------------------------------------------


@pytest.mark.rules("WS-ALT-001", "WS-ALT-002")
def test_k13__the_log_says_a_card_that_cannot_act_is_passed_not_that_it_ended_a_turn() -> None:
    # src 379: "When a character acts, she is placed at the rear of the stack"; one pushed "forward from
    # first place ... is out of action" and takes no turn. h (9) shoots v (Health 10, 7) for 5: 2 places,
    # out. x (8) acts; v's card comes up and is passed to the rear: the log must not say v ended a turn.
    def traits(n: int) -> dict[str, Any]:
        return {"traits": pool(n)}

    villains = {"x": sheet(**traits(8), **TOUGH), "v": sheet(**traits(7), health=10, toughness=50),
                "w": sheet(**traits(6), **TOUGH)}  # fmt: skip
    hero = {"h": sheet(**traits(9), weapons=[gun(5)])}
    d = table({**QUIET, "initiative": "cards", "padding": []}, heroes=hero, villains=villains)
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").standing is Standing.DOWN
    end_turn(d, "h")
    events = end_turn(d, "x")
    assert state(d).turn.current == "w"
    lines = [
        e.description.text
        for e in d.table.log_view(d.table.viewer_for("ann"))
        if e.type == "workshop.turn_ended"
    ]
    assert lines[-2:] == ["X ends the turn; V is up.", "V cannot act: the card goes to the rear; W is up."]
    assert [e.type for e in events].count("workshop.turn_ended") == 2


# -- 14. the Wound penalty and Defense ---------------------------------------------------------------------


@pytest.mark.rules("WS-WPEN-001", "WS-STATUS-001")
def test_k14__the_wound_penalty_impairs_defense_as_bruised_does() -> None:
    # src 111: "For each untreated Wound received, you get 1 point of impairment"; src 181 says where
    # impairment falls: "5 point Impairment on next Action or Defense". v (Defense 12) has 2 untreated
    # Wounds: every attack meets Defense 10. h's 9 + 3 - 2 = 10 hits (it missed unwounded v by 2).
    d = table({**QUIET, "wound_penalty": "per_wound"}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    put(d, "v", wounds=2)
    d.do("gm", "start_sequence")
    r = last(attack(d, "h", ["v"], [3, 2]), "attack_rolled")
    assert (r["defense"], r["hit"]) == (10, True)


# -- 15. card initiative and the clock (pinned: the seed gives the card stack no Sequences) -----------------


@pytest.mark.rules("WS-ALT-001", "WS-SHOCK-002", "WS-DMG-007")
def test_k15__under_card_initiative_a_turn_of_the_stack_is_a_sequence_of_the_clock() -> None:
    # src 379 orders everyone on a stack of cards that turns ("placed at the rear of the stack") and never
    # says how long a turn of it lasts; src 8: "During combat, time is measured in Sequences", src 120
    # counts a failed Shock roll's sleep in Sequences. This pass pinned the clock as the GM's alone (clock
    # 0 however often the stack turned); referee pass 11 reads a Sequence as every card coming up once, as
    # every Initiative does under the Shots (so rest heals and the card draw deals again, src 58, 85). v
    # fails its Shock roll by 2 (5 + 5 + 4 - 1 = 13 vs 15: asleep 2 Sequences); h is the only one able to
    # act, so each end of its turn ends a Sequence: after two, v wakes.
    d = table({**QUIET, "initiative": "cards", "padding": [], "shock_roll": True},
              heroes={"h": sheet(traits=pool(9), weapons=[gun(10)])},
              villains={"v": sheet(**TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], [*HIT, 4, 1])
    assert (who(d, "v").standing, who(d, "v").wake_at) == (Standing.DOWN, 2)
    end_turn(d, "h")
    assert (state(d).clock, state(d).turn.sequence, who(d, "v").standing) == (1, 2, Standing.DOWN)
    end_turn(d, "h")
    assert (state(d).clock, state(d).turn.sequence, who(d, "v").standing) == (2, 3, Standing.UP)


@pytest.mark.rules("WS-COVER-004", "WS-DMG-004", "WS-DMG-007")
def test_k12b__aggressive_fire_ends_when_its_shooter_falls_and_waking_does_not_restart_it() -> None:
    # src 76: aggressive covering fire "sets up a static Attack on all moving in the line of fire"; src 54:
    # its shooter falls "unable to act". h lays it (16 vs 10: Cover 1, AV 11), falls, wakes on v's shot
    # (src 60) before its next turn: w moves and nothing attacks it.
    gun_cf = {**gun(6), "covering_fire": True}
    heroes = {"h": sheet(traits=pool(6), weapons=[gun_cf]), "a": sheet(traits=pool(3), **TOUGH)}
    villains = {"v": sheet(traits=pool(5), **TOUGH), "w": sheet(traits=pool(4), **TOUGH)}
    d = table({**QUIET, "wake_rolls": True, "covering_fire": True}, heroes=heroes, villains=villains)
    d.do("ann", "cover", character="h", aggressive=True, dice=HIT)
    end_turn(d, "h")
    d.do("gm", "fall", character="h", metres=12, dice=[1, 9])
    attack(d, "v", ["a"], [*MISS, *HIT])
    assert who(d, "h").standing is Standing.UP
    end_turn(d, "v")
    events = d.do("gm", "move", character="w")
    assert all_of(events, "attack_rolled") == [] and all_of(events, "attack_declared") == []


# -- 16. an Active Defense and a knock-out ------------------------------------------------------------------


@pytest.mark.rules("WS-SHOT-003", "WS-CORE-003", "WS-DMG-004", "WS-DMG-007")
def test_k16__an_active_defense_ends_when_its_defender_falls_and_waking_does_not_bring_it_back() -> None:
    # src 20: a Shot buys "an Active Defense" (Defense + 5 until the defender's next action, the
    # inventory's secondary evidence); src 54: at Shock = Health the defender falls "unable to act", and
    # one who cannot act defends nothing. v (4 Shots) defends against h's shot (Defense 17); a 12 m fall
    # drops v (Health 12); w's shot at v meets Defense 12. v wakes on that roll (5 + 5 + 9 - 1 = 18 vs
    # 15, src 60) before its turn, and x's shot still meets 12: the defence ended with the fall.
    heroes = {"h": sheet(traits=pool(6)), "w": sheet(traits=pool(5)), "x": sheet(traits=pool(5))}
    d = table({**QUIET, "wake_rolls": True}, heroes=heroes, villains={"v": sheet(traits=pool(4))})
    r = last(attack(d, "h", ["v"], MISS, defend={"v": True}), "attack_rolled")
    assert r["defense"] == 17
    end_turn(d, "h")
    d.do("gm", "fall", character="v", metres=12, dice=[1, 9])  # 3 + 4 + 1 - 9 = -1 vs 0: no metre off
    assert who(d, "v").standing is Standing.DOWN
    assert last(attack(d, "w", ["v"], [*MISS, *HIT]), "attack_rolled")["defense"] == 12
    assert who(d, "v").standing is Standing.UP
    end_turn(d, "w")
    assert state(d).turn.current == "x"
    assert last(attack(d, "x", ["v"], MISS), "attack_rolled")["defense"] == 12


# -- 17. card initiative: the acting card when its owner is hurt or drops ----------------------------------


def five_cards() -> Driver:
    """Card initiative, no padding: h (9, Health 12: a place per 2 Damage) acts; v, w, x, y wait."""
    villains = {cid: sheet(traits=pool(n), **TOUGH) for cid, n in (("v", 8), ("w", 7), ("x", 6), ("y", 5))}
    return table({**QUIET, "initiative": "cards", "padding": []}, heroes={"h": sheet(traits=pool(9))},
                 villains=villains)  # fmt: skip


@pytest.mark.rules("WS-ALT-001", "WS-ALT-002", "WS-DMG-010")
def test_k17__damage_on_ones_own_turn_moves_the_card_up_from_the_rear() -> None:
    # src 379: "When a character acts, she is placed at the rear of the stack. Damage equal to Health/5
    # moves a card forwards". h falls 4 m on its own turn (3 + 9 + 1 - 9 = 4 vs 0: no metre off, src 66):
    # 4 Damage, 2 places. Acting, h's card is at the rear, behind v w x y: it moves up past y and x. h is
    # not out of action (that takes a push forward "from first place"), acts on, and ends its turn third.
    d = five_cards()
    events = d.do("gm", "fall", character="h", metres=4, dice=[1, 9])
    assert (last(events, "card_pushed")["places"], last(events, "card_pushed")["out"]) == (2, False)
    assert who(d, "h").standing is Standing.UP and state(d).turn.current == "h"
    assert last(attack(d, "h", ["v"], HIT), "attack_rolled")["hit"]
    end_turn(d, "h")
    assert state(d).turn.order.order == ("v", "w", "h", "x", "y")


@pytest.mark.rules("WS-ALT-001", "WS-ALT-002", "WS-DMG-010")
def test_k17b__pushed_past_first_place_on_ones_own_turn_is_out_and_the_card_goes_to_the_rear() -> None:
    # src 379: moved "one place forward from first place, she is out of action". Two falls on h's own
    # turn: 4 m (2 places up from the rear, third), then 6 m (3 places: past v and w and one more) -> out.
    # The turn is still closed by end_turn (nobody else may act meanwhile), and the card of one out of
    # action goes to the rear, where it is passed when it comes up.
    d = five_cards()
    d.do("gm", "fall", character="h", metres=4, dice=[1, 9])
    events = d.do("gm", "fall", character="h", metres=6, dice=[1, 9])
    assert (last(events, "card_pushed")["places"], last(events, "card_pushed")["out"]) == (3, True)
    assert who(d, "h").standing is Standing.DOWN and state(d).turn.current == "h"
    end_turn(d, "h")
    assert state(d).turn.order.order == ("v", "w", "x", "y", "h")


# -- 18. fixed cinematic wounds: a hit, not a fall -----------------------------------------------------------


@pytest.mark.rules("WS-CINE-001", "WS-SHOCK-004", "WS-DMG-010")
def test_k18__a_massive_fall_is_massive_damage_but_no_hit_so_no_fixed_cinematic_wound() -> None:
    # src 133: "A Character who takes a hit with Massive Damage, that is Damage [Wound Threshold x 4] or
    # more takes a Cinematic Wound"; src 128 calls any Damage of 4 x WT Massive Damage; src 66: a fall is
    # Damage, not a hit. v falls 20 m (3 + 1 + 1 - 9 = -4 vs 0: no metre off): 20 Damage, Massive, no
    # Cinematic Wound. h's gun (Damage 20) then hits v: 20 Damage in a hit, one Cinematic Wound.
    d = table({**QUIET, "cinematic_wounds": "fixed"}, heroes={"h": sheet(weapons=[gun(20)])},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    fell = last(d.do("gm", "fall", character="v", metres=20, dice=[1, 9]), "damaged")
    assert (fell["damage"], fell["massive"]) == (20, True)
    assert who(d, "v").cinematic == ()
    shot = last(attack(d, "h", ["v"], HIT), "damaged")
    assert (shot["damage"], shot["massive"]) == (20, True)
    assert who(d, "v").cinematic == ("a cinematic wound",)


# -- 19. a check called before the fight -----------------------------------------------------------------


@pytest.mark.rules("WS-DMG-007", "WS-CORE-001")
def test_k19__a_check_rolled_before_the_fight_gives_the_unconscious_their_wake_roll() -> None:
    # src 60: "Unconscious characters may roll to wake up (Willpower+Focus Difficulty 15) every time someone
    # else rolls an Action"; before the first Sequence a called check is what h does, an Action (src 12 gives
    # no turns yet). s fell before the fight (Shock 12 of Health 12). h's check: Perception 4 + Wits 5 + 9 - 1
    # = 17 vs 10; then s rolls Willpower 5 + Focus 5 + 9 - 1 = 18 vs 15: awake, Shock 11 (WS-DMG-004).
    d = table({**QUIET, "wake_rolls": True}, heroes={"h": sheet(), "s": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    knocked_out(d, "s")
    d.do("gm", "call_check", character="h", traits=["Perception", "Wits"], difficulty=10)
    events = d.do("ann", "roll_check", call=1, dice=[*HIT, *HIT])
    assert last(events, "check_rolled")["total"] == 17
    wake = last(events, "rolled")
    assert (wake["who"], wake["what"], wake["total"], wake["difficulty"]) == ("s", "wake", 18, 15)
    assert who(d, "s").standing is Standing.UP and who(d, "s").shock == 11


@pytest.mark.rules("WS-DMG-004", "WS-CORE-001")
def test_k19b__one_unconscious_before_the_fight_cannot_roll_a_called_check() -> None:
    # src 54: Shock equal to Health: "you fall down, unable to act"; before the first Sequence a called
    # check is the character's Action (src 12), so the unconscious s cannot roll it: refused, nothing
    # changes, and the call stays open for when s can act.
    d = table({**QUIET, "wake_rolls": True}, heroes={"h": sheet(), "s": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    knocked_out(d, "s")
    d.do("gm", "call_check", character="s", traits=["Perception", "Wits"], difficulty=10)
    d.refuse("ann", "roll_check", rule="WS-DMG-004", call=1, dice=HIT)
    assert list(state(d).calls) == [1] and who(d, "s").standing is Standing.DOWN


# -- 20. resting beside speed-bump mooks ---------------------------------------------------------------------


@pytest.mark.rules("WS-DMG-006", "WS-MOOK-005")
def test_k20__resting_beside_engaging_speed_bump_mooks_lets_them_strike() -> None:
    # src 175: "Every Action taken where the Mooks are ignored, allow the Mooks to make an Attack against the
    # player character"; src 58: a turn of "nothing but rest" is spent, Action and Move (src 12), with the
    # goons ignored. h (Shock 3) rests: the GM is asked; they strike, Skill 4 + Damage 10 = 14 vs Defense 12
    # + Soak 0: PV 2, Shock 5. Struck, h still did nothing but rest: 1 Shock back at the Sequence's end, 4.
    goons = {"named": False, "count": 3, "traits": {"Skill": 4, **SLOW}, "engaging": "h",
             "weapons": [{"name": "clubs", "damage": 10, "skill": "Skill"}]}  # fmt: skip
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(**TOUGH)}, villains={"goons": goons},
              start=False)  # fmt: skip
    put(d, "h", shock=3)
    d.do("gm", "start_sequence")
    d.do("ann", "rest", character="h")
    assert [(o.group, o.pc) for o in state(d).offers] == [("goons", "h")]
    d.refuse("ann", "end_turn", rule="WS-MOOK-005", character="h")
    d.do("gm", "mook_strike", group="goons")
    d.do("ann", "defend", character="h", use=False)
    assert who(d, "h").shock == 5
    end_turn(d, "h")
    end_turn(d, "goons")
    assert state(d).turn.sequence == 2 and who(d, "h").shock == 4


# -- 21. aggressive covering fire and allies in its line -----------------------------------------------------


@pytest.mark.rules("WS-COVER-004")
def test_k21__aggressive_covering_fire_strikes_an_ally_moving_in_its_line() -> None:
    # src 76: "Instead of providing Defense, the Covering Fire sets up a static Attack on all moving in the
    # line of fire. It has AV 10+1 point per Cover": all, not the enemies only. s's roll: Ranged Weapons 9 +
    # Perception 5 + 9 - 1 = 22 vs 10, PV 12: Cover 2, AV 12. The line runs past v and s's ally a; a moves
    # in it: AV 12 vs Defense 12, a hit, PV = gun Damage 6 - Soak 0; b, an ally off the line, moves freely.
    shooter = {
        "traits": {"Ranged Weapons": 9, "Perception": 5, **pool(9)},
        "weapons": [{**gun(6), "covering_fire": True}],
    }
    d = table({**QUIET, "covering_fire": True}, heroes={"s": sheet(**shooter), "a": sheet(), "b": sheet()},
              villains={"v": sheet(traits=pool(4), **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="s", aggressive=True, line=["v", "a"], dice=HIT)
    end_turn(d, "s")
    d.do("ann", "move", character="a")
    struck = last(d.do("ann", "defend", character="a", use=False), "attack_rolled")
    assert (struck["attacker"], struck["target"], struck["av"], struck["hit"], struck["pv"]) == (
        "s",
        "a",
        12,
        True,
        6,
    )
    assert who(d, "a").shock == 6
    end_turn(d, "a")
    assert "attack_rolled" not in [
        e.type.removeprefix("workshop.") for e in d.do("ann", "move", character="b")
    ]
    assert who(d, "b").shock == 0


# -- 22. Broken's incapacitation has no length ---------------------------------------------------------------


@pytest.mark.rules("WS-STATUS-003", "WS-DMG-007")
def test_k22__a_broken_hits_incapacitation_lasts_until_the_gm_ends_it() -> None:
    # src 189: Broken: "Next Hit Incapacitates. Requires Threshold x 4 PV" and gives it no length; the
    # inventory proposes none, so it is not the unconscious's 10 minutes (src 60): it lasts until the GM
    # ends it (rouse). h's gun hits v for 20 (4 x WT): the GM breaks v; the next hit (20 more) incapacitates.
    # Twenty minutes later v is still down; the GM gets v up (Shock 40 stays under Health 100).
    d = duel({"status_effects": True}, damage=20)
    attack(d, "h", ["v"], HIT)
    d.do("gm", "set_status", character="v", status="broken")
    end_turn(d, "h")
    end_turn(d, "v")
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").standing is Standing.DOWN and who(d, "v").has("broken_out")
    d.do("gm", "pass_time", minutes=20)
    assert who(d, "v").standing is Standing.DOWN
    d.refuse("gm", "rouse", rule="WS-STATUS-003", character="h")
    d.refuse("ann", "rouse", character="v")
    d.do("gm", "rouse", character="v")
    v = who(d, "v")
    assert (v.standing, v.has("broken_out"), v.shock) == (Standing.UP, False, 40)


# -- 23. the stabilised with Wounds at Toughness ------------------------------------------------------------


@pytest.mark.rules("WS-DMG-005", "WS-DARK-002", "WS-DMG-007")
def test_k23__the_stabilised_with_wounds_at_toughness_stay_down_until_the_gm_gets_them_up() -> None:
    # src 54: "If you have Wounds equal to your Toughness, you're dying"; src 150: the dying "must be
    # stabilized ... or die from their wounds": stabilising spares the death, not the Wounds. h (Toughness 3)
    # falls 15 m (Stunt 3 + Agility 5 + 1 - 9 = 0: nothing off): 3 Wounds, dying; doc stabilises (Physician
    # 16 + Wits 5 + 9 - 0 = 30 vs 25 - 10 + 15 = 30). doc's called check (an Action, 16 + 5 + 9 - 1 = 29)
    # gives h no wake roll, and two hours later h still lies down, alive; then the GM gets h up.
    d = table({**QUIET, "wake_rolls": True}, heroes={"h": sheet(health=10, toughness=3)},
              villains={"doc": sheet(traits={"Physician": 16, "Wits": 5})}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=15, dice=[1, 9])
    assert who(d, "h").standing is Standing.DYING
    assert last(d.do("gm", "stabilise", character="doc", patient="h", dice=[9, 10]), "rolled")["success"]
    d.do("gm", "call_check", character="doc", traits=["Physician", "Wits"], difficulty=10)
    assert all_of(d.do("gm", "roll_check", call=1, dice=HIT), "rolled") == []
    d.do("gm", "pass_time", minutes=120)
    h = who(d, "h")
    assert (h.standing, h.stabilised, h.wounds) == (Standing.DOWN, True, 3)
    d.do("gm", "rouse", character="h")
    assert who(d, "h").standing is Standing.UP


# -- 24. knockback from a fall -------------------------------------------------------------------------------


@pytest.mark.rules("WS-KNOCK-002", "WS-KNOCK-003", "WS-DMG-010")
@pytest.mark.parametrize(("wall_at", "collision", "shock"), [(None, 0, 20), (1, 2, 22)])
def test_k24__a_fall_over_mass_value_flings_and_may_crash_into_a_wall(
    wall_at: int | None, collision: int, shock: int
) -> None:
    # src 66: "A character takes the falling distance in meters in Damage"; src 107: "Knockback is caused
    # when you take more Damage than your Mass Value ... You receive a Knockdown when you land. Knockback
    # into a solid object causes Damage equal to the distance left". h (Mass 5) falls 20 m (Stunt 3 +
    # Agility 5 + 1 - 9 = 0: nothing off): 20 Damage, 15 over -> 3 m and a Knockdown; with a wall the GM
    # puts 1 m behind, 2 m are left: 2 Damage more (Shock 22; its 2 are not over Mass 5: no more flinging).
    d = table({**QUIET, "knockback": True}, heroes={"h": sheet(**TOUGH)}, villains={"v": sheet(traits=SLOW)})
    more = {} if wall_at is None else {"wall_at": wall_at}
    events = d.do("gm", "fall", character="h", metres=20, dice=[1, 9], **more)
    kb = all_of(events, "knocked_back")
    assert [(k["metres"], k["collision"]) for k in kb] == [(3, collision)]
    assert who(d, "h").shock == shock and who(d, "h").has("knocked_down")


# -- 25. healing before the fight ----------------------------------------------------------------------------


@pytest.mark.rules("WS-DMG-004", "WS-WPEN-004", "WS-DARK-002")
@pytest.mark.parametrize("command", ["treat", "stabilise"])
def test_k25__one_unconscious_before_the_fight_heals_nobody(command: str) -> None:
    # src 54: Shock equal to Health: "you fall down, unable to act"; src 150: stabilising is a Medicine/
    # Physician roll, treating (PROPOSED WS-WPEN-004) a Physician + Wits one: the healer's Action, in a
    # Sequence or before it. p falls 5 m (Stunt 3 + Agility 5 + 1 - 9 = 0): 1 Wound, dying at Toughness 1
    # (alive at 50). The unconscious s may neither bandage nor stabilise p: refused, nothing changes.
    toughness = 1 if command == "stabilise" else 50
    d = table(QUIET, heroes={"p": sheet(toughness=toughness), "s": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="p", metres=5, dice=[1, 9])
    knocked_out(d, "s")
    d.refuse("ann", command, rule="WS-DMG-004", character="s", patient="p", dice=HIT)
    p = who(d, "p")
    assert (p.bandaged, p.stabilised, p.stabilise_tried) == (0, False, None)


# -- 26. the weapon covering fire is laid with --------------------------------------------------------------

KNIFE = {"name": "knife", "attribute": "Agility", "skill": "Martial Arts", "damage": 2}
COVERING_GUN = {**gun(6), "covering_fire": True}


@pytest.mark.rules("WS-COVER-001", "WS-COVER-003")
def test_k26__unnamed_the_covering_weapon_is_one_that_can_lay_it() -> None:
    # src 72: "A weapon capable of Covering Fire may be used to provide Covering Fire". h carries a knife
    # (first) and a gun that lays covering fire, and names none: the gun lays it. Ranged Weapons 4 +
    # Perception 4 + 9 - 1 = 16 vs 10, PV 6: Cover 1.
    d = table({**QUIET, "covering_fire": True}, heroes={"h": sheet(weapons=[KNIFE, COVERING_GUN])},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    assert last(d.do("ann", "cover", character="h", dice=HIT), "cover_laid")["cover"] == 1


@pytest.mark.rules("WS-COVER-003")
def test_k26b__with_no_weapon_that_can_lay_it_covering_fire_is_refused_in_words() -> None:
    # src 72: only "A weapon capable of Covering Fire" provides it: h's knife and plain gun cannot, so the
    # unnamed covering fire is refused, saying so, and nothing changes (the Action stays unspent).
    d = table({**QUIET, "covering_fire": True}, heroes={"h": sheet(weapons=[KNIFE, gun(6)])},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    d.refuse("ann", "cover", rule="WS-COVER-003", match="None of H's weapons can lay covering fire",
             character="h", dice=HIT)  # fmt: skip


@pytest.mark.rules("WS-COVER-004", "WS-COVER-003")
def test_k26c__aggressive_fire_strikes_with_the_weapon_that_lays_it() -> None:
    # src 72, 76: "A weapon capable of Covering Fire may be used to provide Covering Fire"; aggressive, it
    # "sets up a static Attack on all moving in the line of fire": the attack is that weapon's. h lays it
    # with the gun (Damage 6), though the knife (Damage 2) comes first on the sheet: Ranged Weapons 9 +
    # Perception 9 + 9 - 5 = 22 vs 10, PV 12, Cover 2, AV 12 vs v's Defense 12: a hit, PV = 6 - Soak 0.
    shooter = sheet(traits={"Ranged Weapons": 9, "Perception": 9}, weapons=[KNIFE, COVERING_GUN])
    d = table({**QUIET, "covering_fire": True}, heroes={"h": shooter},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", weapon="gun", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    r = last(d.do("gm", "move", character="v"), "attack_rolled")
    assert (r["weapon"], r["av"], r["hit"], r["pv"]) == ("gun", 12, True, 6)
    assert who(d, "v").shock == 6


# -- 27. the Shaken and rest ------------------------------------------------------------------------------


@pytest.mark.rules("WS-SHAKEN-003", "WS-DMG-006")
def test_k27__the_shaken_may_rest_without_steadying_and_stay_shaken() -> None:
    # Flagged last stop as "a Shaken character may rest without steadying first (src 81)"; read again from
    # the seed, the table is right. src 81 lays the steadying roll on Actions only: "At the beginning of an
    # Action, you roll Willpower+Focus Difficulty 10+10 as an Action", and bars only "Active Defenses or Free
    # Actions"; src 58's rest is doing nothing: "If you do nothing but rest during a Sequence, you regain 1
    # Shock point". Steadying first would be a rolled Action, so no Shaken character could ever rest. h's gun
    # (Damage 3) Shakes v (3 Shock); v rests, rolling nothing: Shock 2 in Sequence 2, still Shaken, so v's
    # next Action waits for the steadying roll.
    d = duel({"shaken": True}, damage=3, traits=pool(4))
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    assert all_of(d.do("gm", "rest", character="v"), "rolled") == []
    end_turn(d, "v")
    assert state(d).turn.sequence == 2
    assert who(d, "v").shock == 2 and who(d, "v").has("shaken")
    end_turn(d, "h")
    d.refuse("gm", "attack", rule="WS-SHAKEN-003", character="v", targets=["h"])


# -- 28. a called check rolled off-turn ----------------------------------------------------------------------


@pytest.mark.rules("WS-DMG-004", "WS-CORE-001")
def test_k28__one_unconscious_cannot_roll_a_check_called_off_their_turn() -> None:
    # src 54: Shock equal to Health: "you fall down, unable to act"; as before the fight (test_k19b), so in
    # it: the GM calls a check on the unconscious s while v acts; s's roll is refused, nothing changes, and
    # the call stays open for when s can act (src 60: s wakes by its own roll, not by a called one).
    d = table({**QUIET, "wake_rolls": True}, heroes={"h": sheet(), "s": sheet()},
              villains={"v": sheet(traits=pool(6), **TOUGH)}, start=False)  # fmt: skip
    knocked_out(d, "s")
    d.do("gm", "start_sequence")
    assert state(d).turn.current == "v"
    d.do("gm", "call_check", character="s", traits=["Perception", "Wits"], difficulty=10)
    d.refuse("ann", "roll_check", rule="WS-DMG-004", call=1, dice=HIT)
    assert list(state(d).calls) == [1] and who(d, "s").standing is Standing.DOWN
    assert "check" not in [p.kind for p in d.table.prompts()]  # nobody is asked to roll what is refused


@pytest.mark.rules("WS-DMG-006", "WS-SHOT-002")
def test_k28b__a_check_rolled_off_turn_spoils_the_sequences_rest_and_its_shot() -> None:
    # src 58: "If you do nothing but rest during a Sequence, you regain 1 Shock point"; src 16: "By only
    # using Actions that don't require a roll during a Sequence ... you may raise your Shot pool by 1". h
    # (Shock 4, 3 Shots of 5) rests on its turn; while v acts the GM calls a Perception + Wits check on h,
    # and h rolls it (4 + 5 + 9 - 1 = 17 vs 10). That check is no Action of h's (test_k11), but h rolled
    # during the Sequence and did more than rest: in Sequence 2 Shock is still 4 and Shots still 3.
    d = table(QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)
    put(d, "h", shock=4, shots=3)
    d.do("gm", "start_sequence")
    d.do("ann", "rest", character="h")
    end_turn(d, "h")
    assert state(d).turn.current == "v"
    d.do("gm", "call_check", character="h", traits=["Perception", "Wits"], difficulty=10)
    assert last(d.do("ann", "roll_check", call=1, dice=HIT), "check_rolled")["total"] == 17
    end_turn(d, "v")
    assert state(d).turn.sequence == 2
    assert (who(d, "h").shock, who(d, "h").shots) == (4, 3)


# -- 29. a sheet's lengths ---------------------------------------------------------------------------------


@pytest.mark.rules("WS-CORE-002", "WS-COVER-003")
@pytest.mark.parametrize(
    ("over", "match"),
    [
        ({"weapons": [{**gun(6), "name": f"gun{i}"} for i in range(21)]}, "give at most 20 (21 given)"),
        ({"weapons": [{**gun(6), "skill": "G" * 41}]}, "at most 40 characters"),
        ({"weapons": [{**gun(6), "attribute": ""}]}, "at least 1 character"),
        ({"owner": "x" * 65}, "at most 64 characters"),
        ({"engaging": "x" * 65}, "at most 64 characters"),
        ({"sample": "x" * 41}, "at most 40 characters"),
    ],
)
def test_k29__an_oversized_sheet_is_refused_in_a_sentence_and_adds_nobody(
    over: dict[str, Any], match: str
) -> None:
    # A sheet names each weapon's attribute and skill (WS-CORE-002: a roll names two traits) and whether
    # it lays covering fire (WS-COVER-003); a typed sheet carries no page-long trait, weapon list or seat:
    # refused as a sentence before any rule runs, and nothing changes.
    d = table(QUIET, heroes={"h": sheet()})
    err = d.refuse("gm", "add_character", match=match, payload={"id": "x", **sheet(**over)})
    assert "\n" not in err.message and "x" not in state(d).characters


@pytest.mark.rules("WS-CORE-002", "WS-COVER-003")
@pytest.mark.parametrize("command", ["attack", "cover"])
def test_k29b__a_weapon_named_past_a_sheets_length_is_refused_without_echoing_it(command: str) -> None:
    # A weapon's name is at most 40 characters on the sheet; an attack or covering fire naming a longer one
    # is refused in a sentence that does not repeat it, and h's Action stays unspent.
    d = table({**QUIET, "covering_fire": True}, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW)})
    aim = {"targets": ["v"]} if command == "attack" else {}
    err = d.refuse("ann", command, match="at most 40 characters", character="h", weapon="w" * 41, **aim)
    assert "w" * 41 not in err.message and not state(d).turn.action_used


@pytest.mark.rules("WS-CORE-002")
def test_k29c__a_sheet_saved_before_the_caps_still_loads_and_plays_its_weapon() -> None:
    # The caps guard what a new sheet brings to the table; a combatant stored in an older log with a
    # weapon naming a longer trait still loads as it was played, and a new sheet's weapons are stored as
    # plain weapons, so a replay folds to an equal state.
    long = "Very Long Attribute Name Of An Old House Rule"
    assert Weapon.model_validate({"name": "old gun", "attribute": long}).attribute == long
    d = table(QUIET, heroes={"h": sheet()})
    stored = state(d).characters["h"].weapons
    assert stored and all(type(w) is Weapon for w in stored.values())


# -- 30. speed-bump mooks laying covering fire ---------------------------------------------------------------

SNIPERS = {"named": False, "count": 3, "traits": {"Skill": 16, **SLOW},
           "weapons": [{"name": "rifles", "damage": 3, "skill": "Skill", "covering_fire": True}]}  # fmt: skip


@pytest.mark.rules("WS-COVER-001", "WS-MOOK-004", "WS-COVER-002")
def test_k30__speed_bump_mooks_lay_covering_fire_with_their_skill_and_no_roll() -> None:
    # src 72: covering fire is "[Ranged Weapons+Perception] vs 10", traits a speed-bump group has not: it has
    # one Skill, and "Characters that have no name are handled by Static PV ... No roll" (src 175); the
    # inventory has no PROPOSED decision for mooks' covering fire, and WS-MOOK-005 makes their attacks
    # static too. So the snipers' Skill stands for the roll, with no dice: 16 vs 10, PV 6, Cover 1. They act
    # last in the Sequence (src 175); next Sequence v moves in their line and h's shot meets Defense 12 + 1.
    d = table({**QUIET, "mooks": "speed_bump", "covering_fire": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=pool(6), **TOUGH), "snipers": SNIPERS})  # fmt: skip
    end_turn(d, "v")
    end_turn(d, "h")
    events = d.do("gm", "cover", character="snipers", line=["v"])
    r = last(events, "rolled")
    assert (r["traits"], r["dice"], r["total"], r["success"]) == (["Skill"], [], 16, True)
    assert last(events, "cover_laid")["cover"] == 1
    assert not who(d, "snipers").rolled  # no roll: the Sequence may still regain a Shot (src 16)
    end_turn(d, "snipers")
    d.do("gm", "move", character="v")
    end_turn(d, "v")
    assert last(attack(d, "h", ["v"], HIT), "attack_rolled")["defense"] == 13


@pytest.mark.rules("WS-COVER-001", "WS-MOOK-004", "WS-STATUS-001")
def test_k30b__a_bruised_speed_bump_group_lays_its_covering_fire_five_down() -> None:
    # src 181: Bruised is "5 point Impairment on next Action": the group's static Skill 12 - 5 = 7 vs 10
    # fails: no Cover; the Bruise is spent on that Action.
    weak = {**SNIPERS, "traits": {"Skill": 12, **SLOW}}
    d = table({**QUIET, "mooks": "speed_bump", "covering_fire": True, "status_effects": True},
              heroes={"h": sheet()}, villains={"snipers": weak})  # fmt: skip
    d.do("gm", "set_status", character="snipers", status="bruised")
    end_turn(d, "h")
    events = d.do("gm", "cover", character="snipers")
    assert (last(events, "rolled")["total"], last(events, "cover_laid")["cover"]) == (7, 0)
    assert not who(d, "snipers").has("bruised")


# -- 31. Cover guards the allies who move -------------------------------------------------------------------

COVERER = {"traits": {"Ranged Weapons": 9, "Perception": 9, **pool(9)}, "weapons": [COVERING_GUN]}


@pytest.mark.rules("WS-COVER-002")
def test_k31__cover_guards_the_ally_who_moves_in_its_line_not_the_one_who_stays_put() -> None:
    # src 72: covering fire "provides Defense to any allies moving in the same line of fire". s lays Cover 2
    # over a and b (Ranged Weapons 9 + Perception 9 + 9 - 5 = 22 vs 10, PV 12); a moves, b stays put. v's
    # split shot (10/10: misses) meets a's Defense 12 + 2 = 14 and b's plain 12.
    d = table({**QUIET, "covering_fire": True},
              heroes={"s": sheet(**COVERER), "a": sheet(traits=pool(5)), "b": sheet(traits=pool(4))},
              villains={"v": sheet(traits=pool(3), **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="s", line=["a", "b"], dice=[9, 5])
    end_turn(d, "s")
    d.do("ann", "move", character="a")
    end_turn(d, "a")
    end_turn(d, "b")
    rolled = all_of(attack(d, "v", ["a", "b"], MISS * 2), "attack_rolled")
    assert [(r["target"], r["defense"]) for r in rolled] == [("a", 14), ("b", 12)]


@pytest.mark.rules("WS-COVER-002")
def test_k31b__a_move_made_before_the_fire_was_laid_is_not_covered() -> None:
    # src 72: the Defense goes to allies "moving in the same line of fire": a moved on its turn, before s laid
    # the fire, so was not moving in it; v's shot meets a's plain Defense 12.
    slower = {**COVERER, "traits": {**COVERER["traits"], **pool(5)}}
    d = table({**QUIET, "covering_fire": True}, heroes={"a": sheet(traits=pool(6)), "s": sheet(**slower)},
              villains={"v": sheet(traits=pool(3), **TOUGH)})  # fmt: skip
    d.do("ann", "move", character="a")
    end_turn(d, "a")
    d.do("ann", "cover", character="s", dice=[9, 5])
    end_turn(d, "s")
    assert last(attack(d, "v", ["a"], MISS), "attack_rolled")["defense"] == 12


@pytest.mark.rules("WS-COVER-002", "WS-COVER-004")
def test_k31c__the_cover_guards_the_mover_against_fire_met_on_that_very_move() -> None:
    # src 72, 76: a moves in s's Cover 2 and, on that Move, into v's aggressive fire (v: Ranged Weapons 9 +
    # Perception 9 + 9 - 5 = 22, Cover 2, AV 12): moving in the line, a has Defense 12 + 2 = 14: a miss.
    d = table({**QUIET, "covering_fire": True},
              heroes={"s": sheet(**COVERER), "a": sheet(traits=pool(4), **TOUGH)},
              villains={"v": sheet(**{**COVERER, "traits": {**COVERER["traits"], **pool(6)}})})  # fmt: skip
    d.do("ann", "cover", character="s", dice=[9, 5])
    end_turn(d, "s")
    d.do("gm", "cover", character="v", aggressive=True, dice=[9, 5])
    end_turn(d, "v")
    d.do("ann", "move", character="a")
    r = last(d.do("ann", "defend", character="a", use=False), "attack_rolled")
    assert (r["av"], r["defense"], r["hit"]) == (12, 14, False)


# -- 32. Stun: Wounds lost in a single attack ----------------------------------------------------------------


@pytest.mark.rules("WS-SHOCK-003", "WS-DMG-010")
def test_k32__a_fall_is_no_attack_and_stuns_nobody() -> None:
    # src 124: Stun: "For every Wound you lose in a single attack, you lose 1 Shot"; src 66: a fall is
    # "the falling distance in meters in Damage", no attack (as a fall is no hit for Dark Times, src 150, or
    # a fixed Cinematic Wound, src 133). h falls 10 m (Stunt 3 + Agility 5 + 1 - 9 = 0: nothing off): 10
    # Damage, 2 Wounds, and h keeps its 5 Shots; v's hit for 10 (2 Wounds) then takes 2 of them.
    d = table({**QUIET, "stun": True}, heroes={"h": sheet(**TOUGH)},
              villains={"v": sheet(traits=pool(6), weapons=[gun(10)])}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=10, dice=[1, 9])
    assert (who(d, "h").wounds, who(d, "h").shots) == (2, 5)
    d.do("gm", "start_sequence")
    attack(d, "v", ["h"], HIT)
    assert (who(d, "h").wounds, who(d, "h").shots) == (4, 3)


@pytest.mark.rules("WS-SHOCK-003", "WS-KNOCK-003", "WS-DMG-010")
@pytest.mark.parametrize(("how", "shots"), [("fall", 9), ("hit", 2)])
def test_k32b__a_crash_stuns_as_part_of_the_attack_that_flung_one_not_of_a_fall(how: str, shots: int) -> None:
    # src 107: Damage 30 over Mass 5 flings h (25 / 5 =) 5 m, into a wall right behind (wall_at 0): 5 Damage
    # more, 1 Wound. src 124: Wounds lost "in a single attack" stun: v's hit (30: 6 Wounds) and its crash
    # (1) cost 7 of h's 9 Shots; a 30 m fall (Stunt 3 + Agility 5 + 1 - 9 = 0) and its crash cost none.
    d = table({**QUIET, "stun": True, "knockback": True}, heroes={"h": sheet(traits=pool(9), **TOUGH)},
              villains={"v": sheet(traits=pool(10), weapons=[gun(30)])}, start=False)  # fmt: skip
    if how == "fall":
        d.do("gm", "fall", character="h", metres=30, wall_at=0, dice=[1, 9])
    else:
        d.do("gm", "start_sequence")
        attack(d, "v", ["h"], HIT, wall_at=0)
    assert (who(d, "h").shock, who(d, "h").wounds, who(d, "h").shots) == (35, 7, shots)
