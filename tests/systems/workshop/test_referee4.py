"""A fourth outside referee's pass over the Workshop table: aggressive covering fire's two open questions
(src 72-76), then situations written from the seed alone on the lines the earlier passes cite least.

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

from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import all_of, attack, end_turn, last, sheet, state, table, types, who
from tests.systems.workshop.test_referee import GOONS, HIT, QUIET, SLOW, TOUGH, duel, gun, pool

GUN_CF = {**gun(6), "covering_fire": True}
AIM = {"Ranged Weapons": 9, "Perception": 9}


def shooter(n: int) -> dict[str, Any]:
    """A shooter with a Shot Count of ``n``, Ranged Weapons 9 + Perception 9 and a gun that lays fire."""
    return sheet(traits={**pool(n), **AIM}, weapons=[GUN_CF])


# -- aggressive covering fire: one mover, one fire (src 72-76) ----------------------------------------------


@pytest.mark.rules("WS-COVER-004", "WS-SEQ-003")
def test_y01__a_mover_who_moves_twice_in_one_fire_is_shot_at_once() -> None:
    # src 76: the fire "sets up a static Attack on all moving in the line of fire": one Attack, whose
    # targets are those who move; src 12: a turn is an Action (which may be a Move) and a Move. v takes its
    # Move (AV 12 vs Defense 12: a hit, 6 Shock), then its Action as a second Move: it is still one of
    # "all moving", already attacked; the fire has no second Attack to make. (Neither the seed nor the
    # inventory settles it: the table's reading.)
    d = table({**QUIET, "covering_fire": True}, heroes={"h": shooter(5)},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])  # 18 + 4 = 22: Cover 2, AV 12
    end_turn(d, "h")
    first = d.do("gm", "move", character="v")
    assert [(r["av"], r["defense"], r["hit"]) for r in all_of(first, "attack_rolled")] == [(12, 12, True)]
    second = d.do("gm", "move", character="v")
    assert "attack_rolled" not in types(second)
    assert (state(d).turn.action_used, who(d, "v").shock) == (True, 6)


@pytest.mark.rules("WS-COVER-004", "WS-COVER-002")
def test_y02__fire_laid_anew_attacks_the_same_mover_again() -> None:
    # src 76 with WS-COVER-002 (PROPOSED: the fire lasts until the shooter's next Initiative): in Sequence 2
    # h lays its fire again, a new static Attack, so v moving again is attacked again: 6 + 6 = 12 Shock.
    d = table({**QUIET, "covering_fire": True}, heroes={"h": shooter(5)},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    d.do("gm", "move", character="v")
    end_turn(d, "v")
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    events = d.do("gm", "move", character="v")
    assert [r["attacker"] for r in all_of(events, "attack_rolled")] == ["h"]
    assert who(d, "v").shock == 12


@pytest.mark.rules("WS-COVER-004", "WS-SEQ-002")
def test_y03__two_aggressive_fires_each_shoot_in_initiative_order() -> None:
    # src 76: each shooter's fire sets up its own static Attack, so each gets a shot; src 12: "Your
    # Initiative regulates the acting order during combat", so the higher Initiative fires first, whoever
    # laid the fire first. k (Initiative 3) lays its fire in Sequence 1; in Sequence 2 h (Initiative 6)
    # lays its own, then v (Initiative 4, before k's turn ends k's fire) moves: h shoots, then k.
    d = table({**QUIET, "covering_fire": True}, heroes={"h": shooter(6), "k": shooter(3)},
              villains={"v": sheet(traits=pool(4), **TOUGH)})  # fmt: skip
    end_turn(d, "h")
    end_turn(d, "v")
    d.do("ann", "cover", character="k", aggressive=True, dice=[9, 5])  # Cover 2, AV 12
    end_turn(d, "k")
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 10])  # 18 + 9 - 0 = 27: Cover 3, AV 13
    end_turn(d, "h")
    assert [e.target for e in state(d).effects] == ["k", "h"]
    d.do("gm", "move", character="v")
    events = d.do("gm", "defend", character="v", use=False)
    rolls = all_of(events, "attack_rolled")
    assert [(r["attacker"], r["av"], r["hit"]) for r in rolls] == [("h", 13, True), ("k", 12, True)]
    assert who(d, "v").shock == 12


@pytest.mark.rules("WS-COVER-004", "WS-DMG-004")
def test_y04__the_first_fire_that_drops_the_mover_leaves_the_second_nothing_to_shoot() -> None:
    # src 12 (Initiative orders the acting) and src 54 (Shock equal to Health: "you fall down, unable to
    # act"): h (Initiative 6) fires first, 6 Shock on v's Health 6: v falls and moves no more, so k's fire
    # (laid first, Initiative 3) makes no Attack.
    d = table({**QUIET, "covering_fire": True}, heroes={"h": shooter(6), "k": shooter(3)},
              villains={"v": sheet(traits=pool(4), health=6, toughness=50)})  # fmt: skip
    end_turn(d, "h")
    end_turn(d, "v")
    d.do("ann", "cover", character="k", aggressive=True, dice=[9, 5])
    end_turn(d, "k")
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    d.do("gm", "move", character="v")
    events = d.do("gm", "defend", character="v", use=False)
    assert [r["attacker"] for r in all_of(events, "attack_rolled")] == ["h"]
    assert who(d, "v").shock == 6 and not who(d, "v").can_act


@pytest.mark.rules("WS-COVER-004", "WS-COVER-002", "WS-SHOT-003")
def test_y05__the_fire_still_up_next_sequence_does_not_shoot_its_mover_again() -> None:
    # src 76: one static Attack per fire, on each mover; WS-COVER-002 (PROPOSED): it lasts until k's next
    # Initiative. k (Initiative 3) lays it and v (2) moves into it: shot at (AV 12 vs 12, 6 Shock). In
    # Sequence 2 v buys +5 Initiative (src 21) while g is up and moves before k's turn: the fire is still
    # up but has made its Attack on v already.
    d = table({**QUIET, "covering_fire": True}, heroes={"g": sheet(traits=pool(6)), "k": shooter(3)},
              villains={"v": sheet(traits=pool(2), **TOUGH)})  # fmt: skip
    end_turn(d, "g")
    d.do("ann", "cover", character="k", aggressive=True, dice=[9, 5])
    end_turn(d, "k")
    d.do("gm", "move", character="v")
    d.do("gm", "defend", character="v", use=False)
    end_turn(d, "v")
    d.do("gm", "raise_initiative", character="v", shots=1)
    end_turn(d, "g")
    assert state(d).turn.current == "v" and [e.target for e in state(d).effects] == ["k"]
    events = d.do("gm", "move", character="v")
    assert "attack_rolled" not in types(events) and state(d).pending is None
    assert who(d, "v").shock == 6


# -- Stun, Shock and Sand in Your Teeth together (src 120-124, 142) ------------------------------------------


@pytest.mark.rules("WS-SHOCK-003", "WS-GRIT-001")
def test_y06__stun_counts_the_wound_sand_in_your_teeth_adds() -> None:
    # src 142: "Every hit causes at least 1 Wound" (PROPOSED additive: 1 + floor(3 / 5) = 1); src 124: "For
    # every Wound you lose in a single attack, you lose 1 Shot": v's pool 3 -> 2 on a 3-Damage hit.
    d = duel({"stun": True, "sand_in_your_teeth": "additive"}, damage=3, traits=pool(3))
    attack(d, "h", ["v"], HIT)
    assert (who(d, "v").shock, who(d, "v").wounds, who(d, "v").shots) == (3, 1, 2)


@pytest.mark.rules("WS-SHOCK-001", "WS-SHOCK-002", "WS-GRIT-001")
def test_y08__a_sand_wound_from_a_light_hit_calls_for_the_shock_roll() -> None:
    # src 142: the 3-Damage hit causes 1 Wound; src 120: "If you are hurt and take a Wound, roll for Shock
    # ... Difficulty equal to 5+5 times Wounds inflicted": vs 10. Willpower 5 + Focus 5 + 1 - 9 = 2 fails
    # by 8: unconscious, 8 Sequences, and a Physician + Wits roll vs 8 wakes v early.
    d = duel({"shock_roll": True, "sand_in_your_teeth": "additive"}, damage=3)
    attack(d, "h", ["v"], [*HIT, 1, 9])
    v = who(d, "v")
    assert (v.standing, v.revive_difficulty) == (Standing.DOWN, 8)
    assert v.wake_at == state(d).clock + 8


@pytest.mark.rules("WS-SHOCK-001")
def test_y09__a_hit_with_no_wound_calls_for_no_shock_roll() -> None:
    # src 120: the Shock roll comes with a Wound; Damage 4 at WT 5 makes none: no roll, v stands.
    d = duel({"shock_roll": True}, damage=4)
    events = attack(d, "h", ["v"], HIT)
    assert "rolled" not in types(events)
    assert (who(d, "v").shock, who(d, "v").standing) == (4, Standing.UP)


# -- Massive Damage and Cinematic Wounds (src 126-138) -------------------------------------------------------


@pytest.mark.rules("WS-SHOCK-004", "WS-CINE-001", "WS-DMG-003")
def test_y10__massive_damage_is_four_times_the_victims_own_threshold() -> None:
    # src 128: "Damage equal to 4 times the Wound Threshold"; v's WT is 6 (src 56: 5 is the normal one),
    # so 20 Damage is not Massive (3 Wounds, no Cinematic Wound), 24 is.
    d = duel({"cinematic_wounds": "fixed"}, damage=20, wt=6)
    attack(d, "h", ["v"], HIT)
    assert (who(d, "v").wounds, who(d, "v").cinematic) == (3, ())
    d = duel({"cinematic_wounds": "fixed"}, damage=24, wt=6)
    attack(d, "h", ["v"], HIT)
    assert (who(d, "v").wounds, len(who(d, "v").cinematic)) == (4, 1)


@pytest.mark.rules("WS-CINE-005")
def test_y11__variable_cinematic_wounds_roll_luck_per_wound_and_give_one_at_most() -> None:
    # src 138: 2 Wounds (Damage 10): Luck rolls vs 5 and 10; Luck 5 + 1 - 9 = -3 fails both, yet
    # "you cannot receive more than one Cinematic Wound per attack".
    d = duel({"cinematic_wounds": "variable"}, damage=10, traits={"Luck": 5})
    events = attack(d, "h", ["v"], [*HIT, 1, 9, 1, 9])
    assert [r["difficulty"] for r in all_of(events, "rolled")] == [5, 10]
    assert len(who(d, "v").cinematic) == 1


@pytest.mark.rules("WS-CINE-005", "WS-CINE-001")
def test_y12__under_variable_rules_massive_damage_brings_no_wound_of_its_own() -> None:
    # src 137-138: "Instead of taking a Cinematic Wound each time you take Massive Damage": the 20-Damage
    # hit (4 Wounds) rolls Luck vs 5, 10, 15, 20; Luck 5 + 9 - 1 = 13 passes 5 and 10, fails 15: one Wound.
    d = duel({"cinematic_wounds": "variable"}, damage=20, traits={"Luck": 5})
    events = attack(d, "h", ["v"], [*HIT, 9, 1, 9, 1, 9, 1, 9, 1])
    rolls = all_of(events, "rolled")
    assert [(r["difficulty"], r["success"]) for r in rolls][:3] == [(5, True), (10, True), (15, False)]
    assert len(who(d, "v").cinematic) == 1


@pytest.mark.rules("WS-CINE-005")
def test_y13__variable_cinematic_wounds_need_a_wound() -> None:
    # src 138: "Whenever the character takes one or more Wounds": a 4-Damage hit rolls no Luck.
    d = duel({"cinematic_wounds": "variable"}, damage=4)
    events = attack(d, "h", ["v"], HIT)
    assert "rolled" not in types(events) and who(d, "v").cinematic == ()


# -- Percentile Wound Penalty (src 113-116) ------------------------------------------------------------------


@pytest.mark.rules("WS-WPEN-002")
@pytest.mark.parametrize(
    ("toughness", "wounds", "penalty"), [(20, 1, 0), (4, 1, -2), (10, 9, -5), (8, 2, -2)]
)
def test_y14__percentile_wound_penalty_reads_the_share_of_toughness(
    toughness: int, wounds: int, penalty: int
) -> None:
    # src 115-116: 0 10 25 50 75 90 % -> 0 -1 -2 -3 -4 -5 (PROPOSED: the share of Toughness, the largest
    # threshold reached): 1 of 20 = 5 % -> 0; 1 of 4 = 25 % -> -2; 9 of 10 = 90 % -> -5; 2 of 8 -> -2. The
    # wounded v shoots back: Agility 5 + Guns 4 + 9 - 1 = 17, plus the penalty.
    d = table({**QUIET, "wound_penalty": "percentile"}, heroes={"h": sheet(**TOUGH)},
              villains={"v": sheet(traits=SLOW, health=100, toughness=toughness)})  # fmt: skip
    d.do("gm", "fall", character="v", metres=5 * wounds, dice=[1, 9])  # Stunt 3 + Agility 1 - 8: no PV
    assert who(d, "v").wounds == wounds
    end_turn(d, "h")
    r = last(attack(d, "v", ["h"], HIT), "attack_rolled")
    assert r["av"] == 1 + 4 + 8 + penalty


# -- Knockdown and Knockback (src 104-107) -------------------------------------------------------------------


@pytest.mark.rules("WS-KNOCK-002")
def test_y15__damage_equal_to_mass_knocks_nobody_back_or_down() -> None:
    # src 107: "Knockback is caused when you take more Damage than your Mass Value": 6 Damage on Mass 6 is
    # not more: v stays on its feet.
    d = duel({"knockback": True}, damage=6, mass=6)
    events = attack(d, "h", ["v"], HIT)
    assert "knocked_back" not in types(events) and not who(d, "v").has("knocked_down")


@pytest.mark.rules("WS-KNOCK-002")
def test_y16__four_over_mass_flings_no_metre_but_knocks_down() -> None:
    # src 107: "For every 5 points of Damage more than your Mass Value, you are flung 1 meter": 10 on Mass 6
    # is 4 over: 0 m (PROPOSED: Knockdown only).
    d = duel({"knockback": True}, damage=10, mass=6)
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").has("knocked_down")


@pytest.mark.rules("WS-KNOCK-002", "WS-KNOCK-003")
def test_y17__knockback_into_a_wall_hurts_by_the_distance_left() -> None:
    # src 107: 17 Damage on Mass 6: 11 over, flung 2 m; a wall 1 m behind: "Damage equal to the distance
    # left" to v (and the wall): 1 more, 18 Shock; v lands knocked down.
    d = duel({"knockback": True}, damage=17, mass=6)
    attack(d, "h", ["v"], HIT, wall_at=1)
    assert (who(d, "v").shock, who(d, "v").has("knocked_down")) == (18, True)


@pytest.mark.rules("WS-KNOCK-001", "WS-SEQ-003")
def test_y18__getting_up_with_the_move_leaves_the_action() -> None:
    # src 106: getting up requires "a Move"; src 12: the turn still has its Action: v (knocked down) gets up
    # and shoots.
    d = duel({"knockback": True}, damage=10, mass=6)
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    d.do("gm", "get_up", character="v")
    assert not who(d, "v").has("knocked_down")
    r = last(attack(d, "v", ["h"], HIT), "attack_rolled")
    assert r["av"] == 1 + 4 + 8


@pytest.mark.rules("WS-KNOCK-001")
def test_y19__a_knocked_down_fighter_cannot_walk_off() -> None:
    # src 106: knocked down, one needs a Move (or the roll) to get up: no Move while lying down.
    d = duel({"knockback": True}, damage=10, mass=6)
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    d.refuse("gm", "move", rule="WS-KNOCK-001", character="v")


@pytest.mark.rules("WS-KNOCK-001")
def test_y20__the_stunt_roll_to_get_up_keeps_the_move() -> None:
    # src 106: "a Move or a Stunt+Agility Diff 15": v (Stunt 3 + Agility 5) rolls 9 - 1: 16 vs 15, up, and
    # still has its Move.
    d = duel({"knockback": True}, damage=10, mass=6, traits={"Agility": 5})
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    r = last(d.do("gm", "get_up", character="v", roll=True, dice=HIT), "rolled")
    assert (r["total"], r["success"]) == (16, True)
    assert not who(d, "v").has("knocked_down") and not state(d).turn.move_used
    d.do("gm", "move", character="v")
    assert state(d).turn.move_used and not state(d).turn.action_used


# -- Falling (src 64-66) -------------------------------------------------------------------------------------


@pytest.mark.rules("WS-DMG-010")
def test_y21__a_good_roll_takes_a_short_fall_to_nothing() -> None:
    # src 66: "Every 5 PV lowers the distance by 1": Stunt 3 + Agility 5 + 9 - 1 = 16 vs 0, PV 16 -> 3 m off
    # a 2 m fall: no Damage, not below nothing.
    d = table(QUIET, heroes={"h": sheet(**TOUGH)}, villains={"v": sheet(traits=SLOW, **TOUGH)})
    d.do("gm", "fall", character="h", metres=2, dice=HIT)
    assert (who(d, "h").shock, who(d, "h").wounds) == (0, 0)


@pytest.mark.rules("WS-DMG-010", "WS-DMG-002")
def test_y22__a_ten_metre_fall_eased_by_three_does_seven() -> None:
    # src 66: PV 16 lowers 10 m by 3: 7 Damage; src 54: 7 Shock, 1 Wound at WT 5.
    d = table(QUIET, heroes={"h": sheet(**TOUGH)}, villains={"v": sheet(traits=SLOW, **TOUGH)})
    d.do("gm", "fall", character="h", metres=10, dice=HIT)
    assert (who(d, "h").shock, who(d, "h").wounds) == (7, 1)


# -- aggressive fire is an Attack like any other (src 76 with src 107, 150, 189) -----------------------------


def fire_on_v(config: dict[str, Any], **victim: Any) -> Any:
    """h lays aggressive fire (Cover 2, AV 12, the gun's Damage 6) and ends its turn; v, slow, is up."""
    d = table({**QUIET, "covering_fire": True, **config}, heroes={"h": shooter(5)},
              villains={"v": sheet(traits=SLOW, **{**TOUGH, **victim})})  # fmt: skip
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    return d


@pytest.mark.rules("WS-COVER-004", "WS-KNOCK-002")
def test_y23__aggressive_fire_knocks_back_a_light_mover() -> None:
    # src 76: a static Attack; src 107: its 6 Damage is more than v's Mass 1: 5 over, flung 1 m, knocked down.
    d = fire_on_v({"knockback": True}, mass=1)
    events = d.do("gm", "move", character="v")
    assert "knocked_back" in types(events) and who(d, "v").has("knocked_down")


@pytest.mark.rules("WS-COVER-004", "WS-DARK-001")
def test_y24__aggressive_fire_that_hits_calls_for_the_dark_times_roll() -> None:
    # src 150: "After every hit, roll Willpower+Focus against the inflicted Shock points": the fire's hit
    # inflicts 6; v's Willpower 5 + Focus 5 + 1 - 9 = 2 fails: v falls dying.
    d = fire_on_v({"dark_times": True})
    d.do("gm", "move", character="v", dice=[1, 9])
    assert who(d, "v").standing is Standing.DYING


@pytest.mark.rules("WS-COVER-004", "WS-STATUS-003")
def test_y25__a_broken_mover_is_incapacitated_by_the_fires_hit() -> None:
    # src 189: Broken: "Next Hit Incapacitates. Requires Threshold x 4 PV" (PROPOSED: set after a hit of PV
    # 20 or more): k's 20-PV shot, then Broken; the aggressive fire's static Attack hits v (AV 12 vs 12).
    d = table({**QUIET, "covering_fire": True, "status_effects": True},
              heroes={"k": sheet(traits=pool(6), weapons=[gun(20)]), "h": shooter(5)},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    attack(d, "k", ["v"], HIT)
    d.do("gm", "set_status", character="v", status="broken")
    end_turn(d, "k")
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    d.do("gm", "move", character="v")
    assert not who(d, "v").can_act


@pytest.mark.rules("WS-COVER-001", "WS-COVER-004")
def test_y26__aggressive_fire_whose_roll_fails_sets_up_no_attack() -> None:
    # src 72: "Roll [Ranged Weapons+Perception] vs 10": k's 4 + 4 + 1 - 9 = 0 fails; no fire is set up, so
    # v moves unharmed.
    d = table({**QUIET, "covering_fire": True}, heroes={"k": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="k", aggressive=True, dice=[1, 9])
    end_turn(d, "k")
    events = d.do("gm", "move", character="v")
    assert "attack_rolled" not in types(events) and who(d, "v").shock == 0


@pytest.mark.rules("WS-COVER-002")
def test_y27__two_shooters_cover_adds_up() -> None:
    # src 72: "Any number of persons using Covering Fire provide additive Cover": h's Cover 2 (22 vs 10) and
    # k's Cover 1 (4 + 4 + 9 - 1 = 16 vs 10: PV 6) give g, moving in their line (src 72), Defense 12 + 3 = 15.
    d = table({**QUIET, "covering_fire": True},
              heroes={"h": shooter(6), "k": sheet(traits=pool(5)), "g": sheet(traits=pool(4), **TOUGH)},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", dice=[9, 5])
    end_turn(d, "h")
    d.do("ann", "cover", character="k", dice=HIT)
    end_turn(d, "k")
    d.do("ann", "move", character="g")
    end_turn(d, "g")
    assert last(attack(d, "v", ["g"], HIT), "attack_rolled")["defense"] == 15


# -- resting (src 58) ----------------------------------------------------------------------------------------


@pytest.mark.rules("WS-DMG-006", "WS-SHOT-003")
def test_y28__a_rester_who_defends_later_in_the_sequence_regains_no_shock() -> None:
    # src 58: "If you do nothing but rest during a Sequence, you regain 1 Shock point"; src 20: an Active
    # Defense is something done: h rests (Shock 3), v shoots, h pays a Shot to defend: Shock stays 3.
    d = table(QUIET, heroes={"h": sheet(**TOUGH)}, villains={"v": sheet(traits=pool(4), **TOUGH)},
              start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=3, dice=[1, 9])
    d.do("gm", "start_sequence")
    d.do("ann", "rest", character="h")
    end_turn(d, "h")
    attack(d, "v", ["h"], [10, 10], defend={"h": True})
    end_turn(d, "v")
    assert who(d, "h").shock == 3


@pytest.mark.rules("WS-DMG-006")
def test_y29__a_rester_shot_at_without_defending_still_regains_a_point() -> None:
    # src 58: being shot at is nothing h does: h rests at Shock 3, v misses, h does not defend: 2 at the
    # Sequence's end.
    d = table(QUIET, heroes={"h": sheet(**TOUGH)}, villains={"v": sheet(traits=pool(4), **TOUGH)},
              start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=3, dice=[1, 9])
    d.do("gm", "start_sequence")
    d.do("ann", "rest", character="h")
    end_turn(d, "h")
    attack(d, "v", ["h"], [10, 10])
    end_turn(d, "v")
    assert who(d, "h").shock == 2


# -- Battered (src 183-185) ----------------------------------------------------------------------------------


@pytest.mark.rules("WS-STATUS-002", "WS-SEQ-003")
def test_y30__a_battered_fighter_moves_once_and_it_costs_the_action() -> None:
    # src 185: "No Free Moves. Full Move now provides a single Move": v's one Move spends its Action; a
    # second is refused, and so is a shot.
    d = duel({"status_effects": True})
    d.do("gm", "set_status", character="v", status="battered")
    end_turn(d, "h")
    d.do("gm", "move", character="v")
    assert state(d).turn.action_used
    d.refuse("gm", "move", rule="WS-SEQ-003", character="v")


@pytest.mark.rules("WS-STATUS-002", "WS-KNOCK-001")
def test_y31__a_battered_fighter_gets_up_with_the_action() -> None:
    # src 185 with src 106: getting up "requiring a Move", and Battered has no free one: it is the Action.
    d = duel({"status_effects": True, "knockback": True}, damage=10, mass=6)
    d.do("gm", "set_status", character="v", status="battered")
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    d.do("gm", "get_up", character="v")
    assert not who(d, "v").has("knocked_down") and state(d).turn.action_used


# -- unnamed characters (src 156-171) ------------------------------------------------------------------------


def mook(**over: Any) -> dict[str, Any]:
    """An unnamed villain with no Shots (so it is asked no Active Defense unless given some)."""
    return sheet(named=False, **{"traits": SLOW, **over})


@pytest.mark.rules("WS-MOOK-002")
@pytest.mark.parametrize(("damage", "shaken", "standing"), [
    (4, False, Standing.UP), (7, True, Standing.UP), (10, False, Standing.OUT),
])  # fmt: skip
def test_y32__glass_jaw_mooks_follow_their_table(damage: int, shaken: bool, standing: Any) -> None:
    # src 160-162: "0-4: Nothing Happens. 5-9: Shaken. 10+ Out." (the table governs, PROPOSED).
    d = table(QUIET, heroes={"h": sheet(weapons=[gun(damage)])}, villains={"m": mook()})
    attack(d, "h", ["m"], HIT)
    m = who(d, "m")
    assert (m.has("shaken"), m.standing) == (shaken, standing)


@pytest.mark.rules("WS-MOOK-001", "WS-SHOT-003")
def test_y33__a_glass_jaw_mook_that_dodges_loses_its_next_action_not_its_move() -> None:
    # src 158: "If they perform an Active Dodge they also lose their next Action"; src 12: the turn's Move is
    # no Action: m (2 Shots) dodges h's shot, then on its turn may move but not shoot.
    d = table(QUIET, heroes={"h": sheet()}, villains={"m": mook(traits=pool(2))})
    attack(d, "h", ["m"], [10, 10], defend={"m": True})
    end_turn(d, "h")
    d.refuse("gm", "attack", character="m", targets=["h"], dice=HIT)
    d.do("gm", "move", character="m")
    assert state(d).turn.move_used


@pytest.mark.rules("WS-MOOK-003")
@pytest.mark.parametrize(("damage", "standing"), [(3, Standing.UP), (12, Standing.DOWN), (18, Standing.OUT),
                                                  (25, Standing.OUT)])  # fmt: skip
def test_y34__advanced_mooks_follow_their_table(damage: int, standing: Any) -> None:
    # src 168-171: 0-4 Shaken, 10-15 unconscious, 16-20 permanently out (PROPOSED: more is out too).
    d = table({**QUIET, "mooks": "advanced"}, heroes={"h": sheet(weapons=[gun(damage)])},
              villains={"m": mook()})  # fmt: skip
    attack(d, "h", ["m"], HIT)
    assert who(d, "m").standing is standing
    if damage == 3:
        assert who(d, "m").has("shaken")


@pytest.mark.rules("WS-MOOK-003")
def test_y35__an_advanced_mook_hit_for_seven_gives_the_next_action_a_free_d10() -> None:
    # src 169: "Damage 5-9: Attacker gains Free d10 next Action": h's next shot (Sequence 2) rolls a third
    # die: 9 - 1 + 4 on 9 = 21.
    d = table({**QUIET, "mooks": "advanced"}, heroes={"h": sheet(weapons=[gun(7)])},
              villains={"m": mook(**TOUGH), "v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    attack(d, "h", ["m"], HIT)
    end_turn(d, "h")
    end_turn(d, "m")
    end_turn(d, "v")
    r = last(attack(d, "h", ["v"], [9, 1, 4]), "attack_rolled")
    assert (list(r["dice"]), r["av"]) == ([9, 1, 4], 21)


# -- more on the fires' order and on waking (src 12, 60, 120, 132, 138, 379) ---------------------------------


@pytest.mark.rules("WS-COVER-004", "WS-ALT-001", "WS-ALT-002")
def test_y36__under_card_initiative_the_card_nearer_the_front_fires_first() -> None:
    # src 379: the stack orders the acting. h (Cover 3, AV 13) then k (Cover 2, AV 12) lay fire and go to
    # the rear: v, h, k. v shoots k for 10: k's Health 50 steps at 10, so k moves one place up: v, k, h.
    # v then takes its Move into both fires: k's card is nearer the front, so k shoots first.
    d = table({**QUIET, "covering_fire": True, "initiative": "cards", "padding": []},
              heroes={"h": shooter(6), "k": sheet(traits={**pool(5), **AIM}, weapons=[GUN_CF], health=50)},
              villains={"v": sheet(traits=pool(4), weapons=[gun(10)], **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 10])
    end_turn(d, "h")
    d.do("ann", "cover", character="k", aggressive=True, dice=[9, 5])
    end_turn(d, "k")
    attack(d, "v", ["k"], HIT)
    assert state(d).turn.order.order == ("v", "k", "h")
    events = d.do("gm", "move", character="v")
    if state(d).pending is not None:
        events += d.do("gm", "defend", character="v", use=False)
    assert [(r["attacker"], r["av"]) for r in all_of(events, "attack_rolled")] == [("k", 12), ("h", 13)]


@pytest.mark.rules("WS-SHOCK-002")
def test_y37__physician_and_wits_against_the_margin_wake_the_shocked_early() -> None:
    # src 120: the failed Shock roll's negative margin (8: 2 vs 10) is "the Difficulty of any Physician+Wits
    # roll to wake you prematurely": k's Physician 4 + Wits 4 + 1 - 9 = 0 fails; next turn 9 - 1: 16 wakes v.
    d = table({"wake_rolls": False, "wound_penalty": "none"},
              heroes={"h": sheet(weapons=[gun(5)]), "k": sheet(traits=pool(4))},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], [*HIT, 1, 9])
    assert who(d, "v").revive_difficulty == 8
    end_turn(d, "h")
    r = last(d.do("ann", "revive", character="k", patient="v", dice=[1, 9]), "rolled")
    assert (r["total"], r["difficulty"], r["success"]) == (0, 8, False)
    assert who(d, "v").standing is Standing.DOWN
    end_turn(d, "k")
    end_turn(d, "h")
    d.do("ann", "revive", character="k", patient="v", dice=HIT)
    assert who(d, "v").standing is Standing.UP


@pytest.mark.rules("WS-SHOCK-002", "WS-DMG-007")
def test_y38__the_shocked_wake_when_the_margins_sequences_are_up() -> None:
    # src 120: "The negative margin indicates Sequences until you wake up": failing by 2 (8 vs 10: 5 + 5 + 3
    # - 5), v is down for 2 Sequences and is up as the third begins after.
    d = table({"wake_rolls": False, "wound_penalty": "none"}, heroes={"h": sheet(weapons=[gun(5)])},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], [*HIT, 3, 5])
    assert who(d, "v").wake_at == state(d).clock + 2
    end_turn(d, "h")  # Sequence 2
    assert who(d, "v").standing is Standing.DOWN
    end_turn(d, "h")  # Sequence 3
    assert who(d, "v").standing is Standing.UP


@pytest.mark.rules("WS-DMG-007")
def test_y39__ten_minutes_wake_the_unconscious_whatever_the_margin() -> None:
    # src 60: "or they wake up in 10 minutes, whichever comes first": v, 2 Wounds, fails the Shock roll
    # (5 + 5 + 0 - 9 = 1 vs 15) by 14, so would sleep 14 Sequences (src 120); 10 minutes pass: awake.
    d = table({"wake_rolls": False, "wound_penalty": "none"}, heroes={"h": sheet(weapons=[gun(10)])},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], [*HIT, 10, 9])
    assert who(d, "v").standing is Standing.DOWN
    d.do("gm", "pass_time", minutes=10)
    assert who(d, "v").standing is Standing.UP


@pytest.mark.rules("WS-CINE-003", "WS-CINE-004")
def test_y40__the_sessions_end_heals_every_cinematic_wound_for_a_point_each() -> None:
    # src 132: "All cinematic wounds heal at end of session ... (Optional: Cinematic Wounds provide 1xp to
    # the party when healed)": two 20-Damage hits (Massive: src 133), two Cinematic Wounds, 2 XP.
    d = duel({"cinematic_wounds": "fixed", "cine_wound_xp": 1}, damage=20, health=100, toughness=50)
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    end_turn(d, "v")
    attack(d, "h", ["v"], HIT)
    assert len(who(d, "v").cinematic) == 2
    d.do("gm", "end_session")
    assert (who(d, "v").cinematic, state(d).party_xp) == ((), 2)


@pytest.mark.rules("WS-CINE-005")
def test_y41__a_player_may_fail_the_cinematic_luck_roll_on_purpose() -> None:
    # src 138: "She may voluntarily fail this roll": v (Luck 5, a sure pass against 5 on most dice) welcomes
    # it; a 1-Wound hit brings one Cinematic Wound and no die is rolled for it.
    d = duel({"cinematic_wounds": "variable"}, damage=5, traits={"Luck": 5})
    d.do("gm", "welcome_cinematic", character="v")
    attack(d, "h", ["v"], HIT)
    assert len(who(d, "v").cinematic) == 1


# -- an Action out of Sequence, and the heroic table's rows (src 25, 37-49) ----------------------------------


@pytest.mark.rules("WS-COVER-004", "WS-SHOT-004")
def test_y42__a_move_bought_out_of_sequence_meets_the_fire() -> None:
    # src 25: 3 Shots buy "an Action out of Sequence after your normal Initiative"; src 12: an Action "may be
    # a Move"; src 76: the fire attacks "all moving in the line of fire". v (5 Shots) passes its turn, then
    # on g's turn buys an Action (2 Shots left) and moves: shot at, AV 12 vs 12, 6 Shock.
    d = table({**QUIET, "covering_fire": True}, heroes={"h": shooter(6), "g": sheet(traits=pool(3))},
              villains={"v": sheet(traits=pool(5), **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    end_turn(d, "v")
    d.do("gm", "extra_action", character="v")
    d.do("gm", "move", character="v")
    events = d.do("gm", "defend", character="v", use=False)
    assert [(r["attacker"], r["hit"]) for r in all_of(events, "attack_rolled")] == [("h", True)]
    assert (who(d, "v").shock, who(d, "v").shots) == (6, 2)


@pytest.mark.rules("WS-SNAP-002")
@pytest.mark.parametrize(
    ("n", "modifier"), [(4, -8), (5, -12), (6, -17), (7, -23), (8, -30), (9, -38), (10, -47)]
)
def test_y43__the_heroic_table_row_for_each_count_of_targets(n: int, modifier: int) -> None:
    # src 37-47: Targets 4..10 -> -8, -12, -17, -23, -30, -38, -47 on every snapshot.
    foes = {f"v{i}": sheet(traits=SLOW, **TOUGH) for i in range(n)}
    d = table({**QUIET, "heroic_multi_action": True}, heroes={"h": sheet()}, villains=foes)
    events = attack(d, "h", list(foes), [10, 10] * n)
    assert {r["modifier"] for r in all_of(events, "attack_rolled")} == {modifier}


@pytest.mark.rules("WS-SNAP-002", "WS-SNAP-003")
def test_y44__a_single_shot_under_heroic_initiative_takes_no_penalty() -> None:
    # src 38, 49: the "1* -2" row is there because the table "is also used, reversed, as multi-action
    # penalties versus unnamed characters": an Action at one named foe is no split: 9 + 9 - 1 = 17.
    d = duel({"heroic_multi_action": True})
    r = last(attack(d, "h", ["v"], HIT), "attack_rolled")
    assert (r["modifier"], r["av"]) == (0, 17)


# -- the normal optional rules and treated Wounds (src 54, 62, 111) ------------------------------------------


@pytest.mark.rules("WS-DMG-008", "WS-WPEN-001", "WS-SHOCK-001")
def test_y45__a_default_table_plays_wound_penalty_and_shock() -> None:
    # src 62: "Normal optional rules are Wound Penalty and Shock": with no switches set, v's 5-Damage shot
    # wounds h once: the Shock roll vs 10 (5 + 5 + 9 - 1 = 18 holds), then h shoots at -1: 4 + 4 + 8 - 1 = 15
    # (and v, wounded in turn, rolls its own Shock).
    d = table({}, heroes={"h": sheet(traits=pool(4), **TOUGH)},
              villains={"v": sheet(traits=pool(6), weapons=[gun(5)], **TOUGH)})  # fmt: skip
    events = attack(d, "v", ["h"], [*HIT, *HIT])
    assert [(r["what"], r["difficulty"], r["success"]) for r in all_of(events, "rolled")] == [
        ("shock", 10, True)
    ]
    end_turn(d, "v")
    r = last(attack(d, "h", ["v"], [*HIT, *HIT]), "attack_rolled")
    assert r["av"] == 4 + 4 + 8 - 1


@pytest.mark.rules("WS-WPEN-001", "WS-WPEN-004")
def test_y46__treated_wounds_no_longer_impair() -> None:
    # src 111: "For each untreated Wound": h's 2 Wounds (a 10 m fall) are -2 until k treats them (PROPOSED:
    # Physician 4 + Wits 6 + 9 - 1 = 18 vs 15); then h shoots unimpaired: 5 + 4 + 8 = 17.
    d = table({**QUIET, "wound_penalty": "per_wound"},
              heroes={"k": sheet(traits={**pool(6), "Physician": 4}), "h": sheet(**TOUGH)},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=10, dice=[1, 9])
    assert who(d, "h").wounds == 2
    d.do("gm", "start_sequence")
    d.do("ann", "treat", character="k", patient="h", dice=HIT)
    end_turn(d, "k")
    r = last(attack(d, "h", ["v"], HIT), "attack_rolled")
    assert r["av"] == 17


@pytest.mark.rules("WS-WPEN-004", "WS-DMG-005")
def test_y47__bandaged_wounds_still_count_toward_toughness() -> None:
    # src 54: "If you have Wounds equal to your Toughness, you're dying" (PROPOSED: bandaged ones count): h
    # (Toughness 4) has 3 treated Wounds; one more from v's 5-Damage shot: 4, dying.
    d = table({**QUIET, "wound_penalty": "per_wound"},
              heroes={"k": sheet(traits={**pool(6), "Physician": 4}), "h": sheet(traits=pool(4), health=100)},
              villains={"v": sheet(traits=pool(5), weapons=[gun(5)], **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=15, dice=[1, 9])
    d.do("gm", "start_sequence")
    d.do("ann", "treat", character="k", patient="h", dice=HIT)
    end_turn(d, "k")
    attack(d, "v", ["h"], HIT)
    assert (who(d, "h").wounds, who(d, "h").standing) == (4, Standing.DYING)


@pytest.mark.rules("WS-SEQ-001", "WS-SHOCK-002")
def test_y48__a_minute_is_ten_sequences_for_the_sleepers_clock() -> None:
    # src 8: "Each Sequence is about 6 seconds", so a minute is 10; src 120: v fails its Shock roll by 14
    # (5 + 5 + 0 - 9 = 1 vs 15), down 14 Sequences: after 1 minute still down, after 2 up.
    d = table({"wake_rolls": False, "wound_penalty": "none"}, heroes={"h": sheet(weapons=[gun(10)])},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], [*HIT, 10, 9])
    d.do("gm", "pass_time", minutes=1)
    assert who(d, "v").standing is Standing.DOWN
    d.do("gm", "pass_time", minutes=1)
    assert who(d, "v").standing is Standing.UP


@pytest.mark.rules("WS-COVER-004", "WS-SHAKEN-002")
def test_y49__a_shaken_mover_meets_the_fire_with_no_active_defense() -> None:
    # src 81: the Shaken "may not perform Active Defenses": v (4 Shots, Shaken by a 3 m fall) moves into h's
    # fire and is asked nothing: AV 12 vs 12 hits at once.
    d = table({**QUIET, "covering_fire": True, "shaken": True}, heroes={"h": shooter(5)},
              villains={"v": sheet(traits=pool(4), **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="v", metres=3, dice=[1, 9])
    d.do("gm", "start_sequence")
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    events = d.do("gm", "move", character="v")
    assert state(d).pending is None
    assert [(r["av"], r["hit"]) for r in all_of(events, "attack_rolled")] == [(12, True)]


@pytest.mark.rules("WS-COVER-004", "WS-CARD-001", "WS-CARD-003")
def test_y50__a_confused_mover_meets_the_fire_with_no_active_defense() -> None:
    # src 92: "3: Confused (no pool points may be used)": the villains drew the 3 of spades, so v's Shots buy
    # no Active Defense (src 20) against the fire it moves into.
    d = table({**QUIET, "covering_fire": True, "card_draw": True}, heroes={"h": shooter(5)},
              villains={"v": sheet(traits=pool(4), **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "start_sequence", dice=[20, 3])  # heroes 7H, villains 3S
    assert state(d).turn.cards["villains"] == "3S"
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    events = d.do("gm", "move", character="v")
    assert state(d).pending is None and who(d, "v").shots == 4
    assert [(r["av"], r["hit"]) for r in all_of(events, "attack_rolled")] == [(12, True)]


@pytest.mark.rules("WS-COVER-004", "WS-SEQ-002")
def test_y51__fires_of_equal_initiative_shoot_in_the_tie_breaks_order() -> None:
    # src 12 with WS-SEQ-002's PROPOSED tie-break (higher Shot Count, then Agility): h and k both stand at
    # Initiative 5 (Shot Count 5 each); h's Agility 6 beats k's 4, so h's fire shoots first though k laid
    # its fire a Sequence earlier. v (Agility 5) acts between them.
    sure = {"Ranged Weapons": 9, "Perception": 9}
    d = table({**QUIET, "covering_fire": True},
              heroes={"h": sheet(traits={"Agility": 6, "Wits": 5, "Luck": 4, **sure}, weapons=[GUN_CF]),
                      "k": sheet(traits={"Agility": 4, "Wits": 5, "Luck": 6, **sure}, weapons=[GUN_CF])},
              villains={"v": sheet(traits=pool(5), **TOUGH)})  # fmt: skip
    assert state(d).turn.order.order == ("h", "v", "k")
    end_turn(d, "h")
    end_turn(d, "v")
    d.do("ann", "cover", character="k", aggressive=True, dice=[9, 5])
    end_turn(d, "k")
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 10])  # Cover 3, AV 13
    end_turn(d, "h")
    d.do("gm", "move", character="v")
    events = d.do("gm", "defend", character="v", use=False)
    assert [(r["attacker"], r["av"]) for r in all_of(events, "attack_rolled")] == [("h", 13), ("k", 12)]


@pytest.mark.rules("WS-COVER-004", "WS-ALT-001", "WS-ALT-002")
def test_y52__under_cards_the_fires_damage_moves_the_movers_own_card_up_from_the_rear() -> None:
    # src 379: "When a character acts, she is placed at the rear of the stack. Damage equal to Health/5
    # moves a card forwards". Stack h, v, g, x; h lays fire (Cover 2) and goes to the rear: v, g, x, h. v
    # (Health 10: a place per 2) moves into it: 6 Damage, 3 places up from the rear, so when v's turn ends
    # it stands first again: v, g, x, h. (4 places would have put it out of action.)
    d = table({**QUIET, "covering_fire": True, "initiative": "cards", "padding": []},
              heroes={"h": shooter(6), "g": sheet(traits=pool(3)), "x": sheet(traits=pool(2))},
              villains={"v": sheet(traits=pool(4), health=10, toughness=50)})  # fmt: skip
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    assert state(d).turn.order.order == ("v", "g", "x", "h")
    d.do("gm", "move", character="v")
    if state(d).pending is not None:
        d.do("gm", "defend", character="v", use=False)
    assert who(d, "v").shock == 6
    end_turn(d, "v")
    assert state(d).turn.order.order == ("v", "g", "x", "h")
    assert who(d, "v").can_act


# -- Shots (src 18-25) ---------------------------------------------------------------------------------------


@pytest.mark.rules("WS-SHOT-004")
def test_y53__six_shots_buy_two_actions_out_of_sequence() -> None:
    # src 23-25: "3 Shots allows you to ... Take an Action out of Sequence after your normal Initiative"; the
    # seed sets no limit: h (Shot Count 7) acts, then on v's turn buys one Action (4 left) and on g's
    # another (1 left), each a shot at v.
    d = table(QUIET, heroes={"h": sheet(traits=pool(7)), "g": sheet(traits=pool(3))},
              villains={"v": sheet(traits=pool(5), **TOUGH)})  # fmt: skip
    end_turn(d, "h")
    d.do("ann", "extra_action", character="h")
    attack(d, "h", ["v"], [10, 10])
    end_turn(d, "v")
    d.do("ann", "extra_action", character="h")
    attack(d, "h", ["v"], [10, 10])
    assert who(d, "h").shots == 1


@pytest.mark.rules("WS-SHOT-003", "WS-SEQ-002")
def test_y54__shots_spent_on_initiative_come_off_the_next_sequences_initiative() -> None:
    # src 12, 21: v spends 2 Shots while h acts (Initiative 4 + 10 = 14 this Sequence); next Sequence its
    # Initiative is its pool, 2, plus the Shot its roll-less passed turn regains (src 16, pass 9): 3, and h
    # (5) goes first again.
    d = table(QUIET, heroes={"h": sheet(traits=pool(5))}, villains={"v": sheet(traits=pool(4), **TOUGH)})
    d.do("gm", "raise_initiative", character="v", shots=2)
    assert state(d).turn.initiative["v"] == 14
    end_turn(d, "h")
    end_turn(d, "v")
    assert state(d).turn.initiative == {"h": 5, "v": 3} and state(d).turn.current == "h"


@pytest.mark.rules("WS-COVER-004", "WS-MOOK-004")
def test_y55__speed_bump_mooks_moving_twice_in_one_fire_lose_mooks_once() -> None:
    # src 76: one static Attack on each mover; src 175: the goons are "handled by Static PV": AV 11 + Damage 6
    # = 17 vs Skill 4 + Soak 0: PV 13, 2 of 3 down on their first Move; their Action as a second Move meets
    # no second Attack from the same fire.
    config = {**QUIET, "mooks": "speed_bump", "covering_fire": True}
    d = table(config, heroes={"h": sheet(**TOUGH)}, villains={"goons": GOONS})
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 1])
    d.do("gm", "mook_strike", group="goons", strike=False)
    end_turn(d, "h")
    d.do("gm", "move", character="goons")
    events = d.do("gm", "move", character="goons")
    assert "mooks_downed" not in types(events) and who(d, "goons").count == 1


@pytest.mark.rules("WS-CARD-004", "WS-WPEN-001")
def test_y56__the_joker_bandages_wounds_so_they_stop_impairing_yet_stay() -> None:
    # src 87: "Joker: All Shock points are regained, Wounds are bandaged"; src 111: only "untreated" Wounds
    # impair. h has 2 Wounds from a 10 m fall (-2); the heroes draw a Joker: Shock 0, Wounds 2, and h shoots
    # unimpaired, Inspired ("everyone is Inspired": a third die): 5 + 4 + 9 - 1 + 4 = 21.
    d = table({**QUIET, "wound_penalty": "per_wound", "card_draw": True}, heroes={"h": sheet(**TOUGH)},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=10, dice=[1, 9])
    d.do("gm", "start_sequence", dice=[53, 1])  # heroes JK1, villains AS
    assert state(d).turn.cards["heroes"] == "JK1"
    assert (who(d, "h").shock, who(d, "h").wounds) == (0, 2)
    r = last(attack(d, "h", ["v"], [9, 1, 4]), "attack_rolled")  # Inspired: a third die
    assert r["av"] == 5 + 4 + 9 - 1 + 4
