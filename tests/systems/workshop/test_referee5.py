"""A fifth outside referee's pass over the Workshop table: situations written from the seed alone on the
lines the earlier passes cite least (statuses with snapshots, percentile penalties, mooks' tables on falls,
the card stack's padding, covering fire by speed-bump mooks and by movers).

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
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import all_of, attack, end_turn, last, sheet, state, table, types, who
from tests.systems.workshop.test_referee import HIT, MISS, QUIET, SLOW, TOUGH, gun, pool

GUN_CF = {**gun(6), "covering_fire": True}
AIM = {"Ranged Weapons": 9, "Perception": 9}
#: a speed-bump group whose rifles lay covering fire (Damage 3), Skill 16
SNIPERS = {"named": False, "count": 3, "traits": {"Skill": 16, **SLOW},
           "weapons": [{"name": "rifles", "damage": 3, "skill": "Skill", "covering_fire": True}]}  # fmt: skip


def put(d: Driver, cid: str, **update: Any) -> None:
    """Set-up: a combatant as the situation finds it (Wounds taken, Shots spent...)."""
    chars = state(d).characters
    d.patch(characters={**chars, cid: chars[cid].model_copy(update=update)})


def order(d: Driver) -> tuple[str, ...]:
    """The acting order (under card initiative: the stack, padding cards included)."""
    return state(d).turn.order.order


# -- Bruised and snapshots (src 181, 31) ---------------------------------------------------------------------


@pytest.mark.rules("WS-STATUS-001", "WS-SNAP-001")
def test_z01__a_bruised_attackers_split_takes_the_five_on_its_first_snapshot_only() -> None:
    # src 181: Bruised is "5 point Impairment on next Action or Defense"; src 31: a split makes "two ...
    # Actions", each at -3. h's first snapshot: 9 + 9 - 1 - 3 - 5 = 9 vs 12, a miss; the second is the Action
    # after it: 9 + 8 - 3 = 14, a hit.
    d = table({**QUIET, "status_effects": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    d.do("gm", "set_status", character="h", status="bruised")
    rolled = all_of(attack(d, "h", ["v", "v"], HIT * 2), "attack_rolled")
    assert [(r["modifier"], r["av"], r["hit"]) for r in rolled] == [(-8, 9, False), (-3, 14, True)]
    assert not who(d, "h").has("bruised")


@pytest.mark.rules("WS-STATUS-001", "WS-SNAP-001")
def test_z02__a_bruised_target_of_a_split_meets_only_the_first_snapshot_impaired() -> None:
    # src 181: "5 point Impairment on next Action or Defense": v's next Defense is the first snapshot's (12 -
    # 5 = 7); the second snapshot meets its whole Defense 12.
    d = table({**QUIET, "status_effects": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    d.do("gm", "set_status", character="v", status="bruised")
    rolled = all_of(attack(d, "h", ["v", "v"], MISS * 2), "attack_rolled")
    assert [r["defense"] for r in rolled] == [7, 12]


# -- Percentile Wound Penalty (src 113-116) ------------------------------------------------------------------


@pytest.mark.rules("WS-WPEN-002")
@pytest.mark.parametrize(
    ("toughness", "wounds", "penalty"),
    [(7, 5, -3), (3, 1, -2), (3, 2, -3), (10, 1, -1), (20, 1, 0), (10, 9, -5)],
)
def test_z03__the_percentile_penalty_is_the_row_the_share_of_wounds_reaches(
    toughness: int, wounds: int, penalty: int
) -> None:
    # src 115-116: "Percentage of Wounds taken 0 10 25 50 75 90 / Wound penalty 0 -1 -2 -3 -4 -5"
    # (PROPOSED: of Toughness, the row at or below): 5 of 7 is 71% (-3), 1 of 3 33% (-2), 2 of 3 67% (-3),
    # 1 of 10 10% (-1), 1 of 20 5% (0), 9 of 10 90% (-5). h's shot carries it.
    d = table({**QUIET, "wound_penalty": "percentile"}, heroes={"h": sheet(toughness=toughness, health=100)},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    put(d, "h", wounds=wounds)
    d.do("gm", "start_sequence")
    assert last(attack(d, "h", ["v"], MISS), "attack_rolled")["modifier"] == penalty


# -- the mook tables on a fall (src 66, 160-171) -------------------------------------------------------------


@pytest.mark.rules("WS-MOOK-002", "WS-DMG-010")
def test_z04__a_glass_jaw_mook_that_falls_twelve_metres_is_out() -> None:
    # src 66: a fall is "the falling distance in meters in Damage" (Stunt 0 + Agility 1 + 1 - 9 < 0: nothing
    # off); src 162: "10+ Out".
    d = table(QUIET, heroes={"h": sheet()}, villains={"m": sheet(named=False, traits=SLOW)}, start=False)
    d.do("gm", "fall", character="m", metres=12, dice=[1, 9])
    assert who(d, "m").standing is Standing.OUT


@pytest.mark.rules("WS-MOOK-003", "WS-DMG-010")
def test_z05__an_advanced_mook_that_falls_seven_metres_gives_nobody_a_free_d10() -> None:
    # src 169: "Damage 5-9: Attacker gains Free d10 next Action": a fall has no attacker, so nobody gains
    # one; the mook is Shaken (PROPOSED: 5-9 also Shaken). 7 m, nothing off (1 + 1 - 9 < 0).
    d = table({**QUIET, "mooks": "advanced"}, heroes={"h": sheet()},
              villains={"m": sheet(named=False, traits=SLOW)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="m", metres=7, dice=[1, 9])
    assert who(d, "m").has("shaken") and who(d, "m").standing is Standing.UP
    assert all(not c.has("free_d10") for c in state(d).characters.values())


@pytest.mark.rules("WS-MOOK-003", "WS-DMG-010")
def test_z06__an_advanced_mook_that_falls_twelve_metres_is_unconscious_not_out() -> None:
    # src 170-171: "Damage10-15: Mook is unconscious", not "permanently out of Action" (16-20).
    d = table({**QUIET, "mooks": "advanced"}, heroes={"h": sheet()},
              villains={"m": sheet(named=False, traits=SLOW)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="m", metres=12, dice=[1, 9])
    assert who(d, "m").standing is Standing.DOWN


# -- covering fire by speed-bump mooks (src 72-76, 175) ------------------------------------------------------


@pytest.mark.rules("WS-COVER-004", "WS-MOOK-004")
def test_z07__speed_bump_mooks_aggressive_fire_attacks_the_mover_at_ten_plus_their_cover() -> None:
    # src 175: the mooks are "handled by Static PV" (the table's reading for their covering fire: Skill vs
    # 10, no dice): Skill 22, PV 12, Cover 2; src 76: "a static Attack on all moving in the line of fire. It
    # has AV 10+1 point per Cover": AV 12 vs h's Defense 12, a hit, PV = rifles 3 - Soak 0.
    snipers = {**SNIPERS, "traits": {"Skill": 22, **SLOW}}
    d = table({**QUIET, "mooks": "speed_bump", "covering_fire": True}, heroes={"h": sheet(**TOUGH)},
              villains={"snipers": snipers})  # fmt: skip
    end_turn(d, "h")
    assert last(d.do("gm", "cover", character="snipers", aggressive=True), "cover_laid")["cover"] == 2
    end_turn(d, "snipers")
    d.do("ann", "move", character="h")
    r = last(d.do("ann", "defend", character="h", use=False), "attack_rolled")
    assert (r["attacker"], r["av"], r["defense"], r["hit"], r["pv"]) == ("snipers", 12, 12, True, 3)
    assert who(d, "h").shock == 3


@pytest.mark.rules("WS-DMG-007", "WS-MOOK-004", "WS-COVER-001")
def test_z08__speed_bump_mooks_covering_fire_rolls_nothing_so_stirs_no_sleeper() -> None:
    # src 60: the unconscious roll to wake "every time someone else rolls an Action"; src 175: the mooks'
    # "No roll": their covering fire (Skill 16 vs 10, Cover 1) gives the sleeping k no wake roll.
    d = table({**QUIET, "mooks": "speed_bump", "covering_fire": True, "wake_rolls": True},
              heroes={"h": sheet(), "k": sheet()}, villains={"snipers": SNIPERS}, start=False)  # fmt: skip
    put(d, "k", standing=Standing.DOWN, shock=12, down_at=0, wake_at=100)
    d.do("gm", "start_sequence")
    end_turn(d, "h")
    events = d.do("gm", "cover", character="snipers")
    assert [r["what"] for r in all_of(events, "rolled")] == ["covering fire"]
    assert who(d, "k").standing is Standing.DOWN


@pytest.mark.rules("WS-SHOT-002", "WS-MOOK-004", "WS-COVER-001")
def test_z09__speed_bump_mooks_covering_fire_keeps_their_sequence_rollless() -> None:
    # src 16: "By only using Actions that don't require a roll during a Sequence ... you may raise your Shot
    # pool by 1"; src 175: the mooks' covering fire is no roll. The snipers (Shot Count 3, 2 left) lay it
    # and end: next Sequence they have 3.
    snipers = {**SNIPERS, "traits": {"Skill": 16, **pool(3)}}
    d = table({**QUIET, "mooks": "speed_bump", "covering_fire": True}, heroes={"h": sheet()},
              villains={"snipers": snipers}, start=False)  # fmt: skip
    put(d, "snipers", shots=2)
    d.do("gm", "start_sequence")
    end_turn(d, "h")
    d.do("gm", "cover", character="snipers")
    end_turn(d, "snipers")
    assert state(d).turn.sequence == 2 and who(d, "snipers").shots == 3


# -- Cover and those who move (src 12, 72) ------------------------------------------------------------------


@pytest.mark.rules("WS-COVER-002", "WS-SEQ-003")
def test_z10__the_action_spent_as_a_move_is_moving_in_the_line_too() -> None:
    # src 12: "an Action (which may be a Move)"; src 72: Cover "provides Defense to any allies moving in the
    # same line of fire". a, Battered (src 185: "No Free Moves"), moves with its Action in h's Cover 2 (9 +
    # 9 + 9 - 5 = 22 vs 10): v's shot meets 12 + 2.
    d = table({**QUIET, "covering_fire": True, "status_effects": True},
              heroes={"h": sheet(traits={**pool(9), **AIM}, weapons=[GUN_CF]), "a": sheet(traits=pool(5))},
              villains={"v": sheet(traits=pool(3), **TOUGH)})  # fmt: skip
    d.do("gm", "set_status", character="a", status="battered")
    d.do("ann", "cover", character="h", dice=[9, 5])
    end_turn(d, "h")
    assert last(d.do("ann", "move", character="a"), "moved")["full"] is True
    end_turn(d, "a")
    assert last(attack(d, "v", ["a"], MISS), "attack_rolled")["defense"] == 14


@pytest.mark.rules("WS-COVER-002")
def test_z11__cover_laid_anew_guards_only_those_who_move_in_the_new_fire() -> None:
    # src 72 (PROPOSED: Cover lasts until the shooter's next Initiative): a moved in h's first Cover 2 and is
    # guarded through the Sequence; h lays it anew next Sequence; a, not moving again, is not "moving in the
    # same line of fire" of that new fire: v's shot meets a's plain 12.
    d = table({**QUIET, "covering_fire": True},
              heroes={"h": sheet(traits={**pool(9), **AIM}, weapons=[GUN_CF]), "a": sheet(traits=pool(5))},
              villains={"v": sheet(traits=pool(3), **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", dice=[9, 5])
    end_turn(d, "h")
    d.do("ann", "move", character="a")
    end_turn(d, "a")
    assert last(attack(d, "v", ["a"], MISS), "attack_rolled")["defense"] == 14
    end_turn(d, "v")
    d.do("ann", "cover", character="h", dice=[9, 5])
    end_turn(d, "h")
    end_turn(d, "a")
    assert last(attack(d, "v", ["a"], MISS), "attack_rolled")["defense"] == 12


# -- Wound Seriousness on a fall (src 146, 66) ---------------------------------------------------------------


@pytest.mark.rules("WS-WPEN-003", "WS-DMG-010")
def test_z12__a_falls_three_simultaneous_wounds_are_a_serious_wound() -> None:
    # src 66: 15 m is 15 Damage (3 + 5 + 1 - 9 = 0: nothing off), 3 Wounds at once; src 146: "3 simultaneous
    # Wounds (Serious Wound) cause -4": h's next shot carries -4.
    d = table({**QUIET, "wound_penalty": "seriousness"}, heroes={"h": sheet(**TOUGH)},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=15, dice=[1, 9])
    d.do("gm", "start_sequence")
    assert last(attack(d, "h", ["v"], MISS), "attack_rolled")["modifier"] == -4


# -- the card stack and its padding (src 379) ---------------------------------------------------------------

CARDS = {**QUIET, "initiative": "cards"}


@pytest.mark.rules("WS-ALT-002", "WS-ALT-005")
def test_z13__damage_moves_a_card_forward_past_padding_cards_as_places() -> None:
    # src 379: "Damage equal to Health/5 moves a card forwards in the initiative order"; the padding cards
    # are cards of that order ("Padding cards are removed when they are reached, which makes a scene more
    # and more dangerous"). h has acted and gone to the rear, behind the three standard padding cards (d10,
    # setback, random); Health 12, a place per 2 Damage: v's hit for 4 moves it past the random and the
    # setback cards.
    d = table(
        CARDS, heroes={"h": sheet(traits=pool(9))}, villains={"v": sheet(traits=pool(6), weapons=[gun(4)])}
    )
    end_turn(d, "h")
    assert order(d) == ("v", "pad-1:d10", "pad-2:setback", "pad-3:random", "h")
    attack(d, "v", ["h"], HIT)
    assert order(d) == ("v", "pad-1:d10", "h", "pad-2:setback", "pad-3:random")


@pytest.mark.rules("WS-ALT-002", "WS-ALT-005")
@pytest.mark.parametrize(("damage", "out"), [(6, False), (8, True)])
def test_z14__pushed_past_the_padding_at_the_front_is_out_of_action(damage: int, out: bool) -> None:
    # src 379: "if the character is moved one place forward from first place, she is out of action": h,
    # last of four (three padding cards ahead, v acting and bound for the rear), Health 12: 2 Damage a
    # place. 6 Damage: 3 places, first place; 8: 4 places, one past it: out of action.
    d = table(CARDS, heroes={"h": sheet(traits=pool(9))},
              villains={"v": sheet(traits=pool(6), weapons=[gun(damage)])})  # fmt: skip
    end_turn(d, "h")
    attack(d, "v", ["h"], HIT)
    assert (who(d, "h").standing is not Standing.UP) is out
    if not out:
        assert order(d) == ("v", "h", "pad-1:d10", "pad-2:setback", "pad-3:random")


@pytest.mark.rules("WS-ALT-002", "WS-DMG-010")
def test_z15__a_falls_damage_moves_the_card_forward_too() -> None:
    # src 379: "Damage equal to Health/5 moves a card forwards"; src 66: a fall is Damage. h (Health 12, 2 a
    # place), last, falls 4 m (3 + 5 + 1 - 9 = 0: nothing off): 2 places forward, ahead of two padding cards.
    d = table(CARDS, heroes={"h": sheet(traits=pool(9))}, villains={"v": sheet(traits=pool(6))})
    end_turn(d, "h")
    d.do("gm", "fall", character="h", metres=4, dice=[1, 9])
    assert order(d) == ("v", "pad-1:d10", "h", "pad-2:setback", "pad-3:random")


@pytest.mark.rules("WS-COVER-001", "WS-MOOK-004", "WS-CORE-001")
def test_z16__speed_bump_mooks_failing_their_static_covering_fire_bring_no_hazard_to_narrate() -> None:
    # src 175: the mooks' "No roll": their Skill 4 vs 10 fails (no Cover), but as with their static strikes
    # there is no rolled AV to be a Total Failure (the degrees read a roll, the inventory's secondary
    # evidence): the GM is handed nothing to narrate.
    snipers = {**SNIPERS, "traits": {"Skill": 4, **SLOW}}
    d = table({**QUIET, "mooks": "speed_bump", "covering_fire": True}, heroes={"h": sheet()},
              villains={"snipers": snipers})  # fmt: skip
    end_turn(d, "h")
    events = d.do("gm", "cover", character="snipers")
    assert (last(events, "rolled")["degree"], last(events, "cover_laid")["cover"]) == ("", 0)
    assert not [p for p in d.prompts("gm") if p.kind == "narrate"]


# -- Cover: moving out of Sequence, getting up, under card initiative (src 25, 72, 106, 379) -----------------


def _covered(config: dict[str, Any] | None = None) -> Driver:
    """h (Shot Count 9) has laid Cover 2 (Ranged Weapons 9 + Perception 9 + 9 - 5 = 22 vs 10) and ended; a
    (5 Shots) is up; v (3) shoots last."""
    d = table({**QUIET, "covering_fire": True, **(config or {})},
              heroes={"h": sheet(traits={**pool(9), **AIM}, weapons=[GUN_CF]), "a": sheet(traits=pool(5))},
              villains={"v": sheet(traits=pool(3), **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", dice=[9, 5])
    end_turn(d, "h")
    return d


@pytest.mark.rules("WS-COVER-002", "WS-SHOT-004")
def test_z17__a_move_in_an_action_out_of_sequence_is_moving_in_the_line() -> None:
    # src 25: 3 Shots buy "an Action out of Sequence after your normal Initiative"; src 12: the Action "may be
    # a Move"; src 72: Cover guards "allies moving in the same line of fire". a ends its turn unmoved, then
    # buys an Action and moves with it in h's line: v's shot meets 12 + 2.
    d = _covered()
    end_turn(d, "a")
    d.do("ann", "extra_action", character="a")
    assert last(d.do("ann", "move", character="a"), "moved")["full"] is True  # the bought Action is over
    assert last(attack(d, "v", ["a"], MISS), "attack_rolled")["defense"] == 14


@pytest.mark.rules("WS-COVER-002", "WS-KNOCK-001")
def test_z18__getting_up_with_the_move_is_not_moving_in_the_line() -> None:
    # src 106: Knockdown requires "a Move or a Stunt+Agility Diff 15 to get up": a, knocked down, spends its
    # Move standing up where it lies, not moving in the line of fire (src 72): v's shot meets its plain 12.
    # (The table's reading: the seed's Cover follows movers, and getting up moves nobody along the line.)
    d = _covered({"knockback": True})
    d.do("gm", "set_status", character="a", status="knocked_down")
    d.do("ann", "get_up", character="a")
    end_turn(d, "a")
    assert last(attack(d, "v", ["a"], MISS), "attack_rolled")["defense"] == 12


@pytest.mark.rules("WS-COVER-002", "WS-ALT-001")
def test_z19__under_card_initiative_cover_guards_the_mover_until_the_shooters_next_card() -> None:
    # src 379: the stack instead of Sequences; src 72 (PROPOSED: Cover lasts until the shooter's next
    # Initiative): a moves in h's Cover 2; v's shot meets 12 + 2; when h's card comes round again the Cover is
    # gone.
    d = _covered({"initiative": "cards", "padding": []})
    d.do("ann", "move", character="a")
    end_turn(d, "a")
    assert last(attack(d, "v", ["a"], MISS), "attack_rolled")["defense"] == 14
    end_turn(d, "v")
    assert state(d).turn.current == "h" and state(d).effects == ()


# -- Shots regained (src 16, 20) -----------------------------------------------------------------------------


@pytest.mark.rules("WS-SHOT-002", "WS-SHOT-003")
def test_z20__an_active_defense_rolls_nothing_so_a_sequence_of_moving_and_defending_regains_a_shot() -> None:
    # src 16: "By only using Actions that don't require a roll during a Sequence ... raise your Shot pool by
    # 1"; src 20: an Active Defense costs a Shot and (the inventory's secondary evidence) is Defense + 5, no
    # roll. a moves, defends against v's shot (5 -> 4 Shots) and rolls nothing: next Sequence, 5 again.
    d = table(QUIET, heroes={"a": sheet(traits=pool(5), **TOUGH)}, villains={"v": sheet(traits=pool(3))})
    d.do("ann", "move", character="a")
    end_turn(d, "a")
    attack(d, "v", ["a"], MISS, defend={"a": True})
    assert who(d, "a").shots == 4
    end_turn(d, "v")
    assert state(d).turn.sequence == 2 and who(d, "a").shots == 5


# -- what follows a fall, which is no hit (src 66, 138, 142, 150) --------------------------------------------


@pytest.mark.rules("WS-CINE-005", "WS-DMG-010")
def test_z21__a_wounding_fall_rolls_luck_per_wound_under_variable_cinematic_wounds() -> None:
    # src 138: "Whenever the character takes one or more Wounds, roll Luck ... The Difficulty is 5 per Wound"
    # (not only on a hit, as the fixed rule's "takes a hit", src 133): 10 m (3 + 5 + 1 - 9 = 0) is 2 Wounds:
    # Luck 5 + 5 - 1 = 9 vs 5 holds, 5 + 1 - 9 = -3 vs 10 fails: one Cinematic Wound.
    d = table({**QUIET, "cinematic_wounds": "variable"}, heroes={"h": sheet(**TOUGH)}, start=False)
    events = d.do("gm", "fall", character="h", metres=10, dice=[1, 9, 5, 1, 1, 9])
    luck = [
        (r["difficulty"], r["success"]) for r in all_of(events, "rolled") if r["what"] == "cinematic luck"
    ]
    assert luck == [(5, True), (10, False)]
    assert len(who(d, "h").cinematic) == 1


@pytest.mark.rules("WS-GRIT-001", "WS-DARK-001", "WS-DMG-010")
def test_z22__a_short_fall_is_no_hit_for_sand_in_your_teeth_or_dark_times() -> None:
    # src 142: "Every hit causes at least 1 Wound"; src 150: "After every hit, roll Willpower+Focus": a 3 m
    # fall (3 + 5 + 1 - 9 = 0: nothing off) is 3 Damage, no hit: 3 Shock, no Wound, no Dark Times roll.
    d = table({**QUIET, "sand_in_your_teeth": "additive", "dark_times": True}, heroes={"h": sheet(**TOUGH)},
              start=False)  # fmt: skip
    events = d.do("gm", "fall", character="h", metres=3, dice=[1, 9])
    assert [r["what"] for r in all_of(events, "rolled")] == ["fall"]
    assert (who(d, "h").shock, who(d, "h").wounds) == (3, 0)


# -- an Active Defense asked of one who can no longer act (src 20, 54) ---------------------------------------


@pytest.mark.rules("WS-SHOT-003", "WS-DMG-004", "WS-DMG-005")
@pytest.mark.parametrize(("metres", "standing"), [(12, Standing.DOWN), (20, Standing.DYING)])
def test_z23__one_who_falls_unable_to_act_while_asked_for_an_active_defense_makes_none(
    metres: int, standing: Standing
) -> None:
    # src 20: a Shot buys "an Active Defense at any time"; src 54: Shock equal to Health, "you fall down,
    # unable to act", and Wounds equal to Toughness, "you're dying". v shoots at h; while h is asked, the
    # floor gives way: h falls (3 + 5 + 1 - 9 = 0: nothing off) 12 m (Shock 12 = Health: down) or 20 m (4
    # Wounds = Toughness: dying). h can no longer spend its Shot on an Active Defense: refused, nothing
    # changes, and only the passive Defense is offered; the shot then meets Defense 12.
    d = table(QUIET, heroes={"h": sheet(traits=pool(5))}, villains={"v": sheet(traits=pool(6), **TOUGH)})
    d.do("gm", "attack", character="v", targets=["h"])
    d.do("gm", "fall", character="h", metres=metres, dice=[1, 9])
    assert who(d, "h").standing is standing
    d.refuse("ann", "defend", rule="WS-DMG-004", character="h", use=True, dice=HIT)
    assert who(d, "h").shots == 5
    (prompt,) = [p for p in d.prompts("ann") if p.kind == "active_defense"]
    assert [o.value for o in prompt.options] == ["no"]
    r = last(d.do("ann", "defend", character="h", use=False, dice=MISS), "attack_rolled")
    assert (r["defense"], r["hit"]) == (12, False)


# -- an attack waiting on its answer when someone falls (src 20, 54, 76, 175) ------------------------------


def _fire(more: dict[str, Any] | None = None) -> Driver:
    """h lays aggressive fire (9 + 9 + 9 - 5 = 22 vs 10: Cover 2, AV 12); v moves into it and is asked."""
    d = table({**QUIET, "covering_fire": True, **(more or {})},
              heroes={"h": sheet(traits={**pool(9), **AIM}, weapons=[GUN_CF])},
              villains={"v": sheet(traits=pool(4), **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    d.do("gm", "move", character="v")
    assert state(d).pending is not None
    return d


@pytest.mark.rules("WS-COVER-004", "WS-DMG-004")
def test_z24__aggressive_fire_whose_shooter_falls_before_the_answer_makes_no_attack_and_play_goes_on() -> (
    None
):
    # src 76: the fire "sets up a static Attack on all moving in the line of fire"; src 54: its shooter h,
    # falling 12 m (3 + 5 + 1 - 9 = 0: Shock 12 = Health), is "unable to act": nobody fires it. v keeps its
    # passive Defense: no attack is made, nothing waits any more, and v's turn goes on and ends.
    d = _fire()
    d.do("gm", "fall", character="h", metres=12, dice=[1, 9])
    events = d.do("gm", "defend", character="v", use=False)
    assert "attack_rolled" not in types(events) and state(d).pending is None
    assert who(d, "v").shock == 0
    end_turn(d, "v")
    assert state(d).turn.sequence == 2


@pytest.mark.rules("WS-COVER-004", "WS-DMG-004")
def test_z25__a_mover_who_falls_unconscious_before_answering_meets_no_fire_and_play_goes_on() -> None:
    # src 76: the Attack is "on all moving in the line of fire"; src 54: v, felled by a 100 m fall (1 + 4 + 1
    # - 9 < 0: nothing off; Shock 100 = Health) before answering, moves no more: no attack; nothing waits.
    d = _fire()
    d.do("gm", "fall", character="v", metres=100, dice=[1, 9])
    assert who(d, "v").standing is Standing.DOWN
    events = d.do("gm", "defend", character="v", use=False)
    assert "attack_rolled" not in types(events) and state(d).pending is None
    end_turn(d, "v")
    assert state(d).turn.sequence == 2


@pytest.mark.rules("WS-SHOT-003", "WS-DMG-004")
def test_z26__an_attacker_who_falls_unable_to_act_before_the_answer_makes_no_attack() -> None:
    # src 54: "you fall down, unable to act": v's shot waits on h's Active Defense answer; v falls 12 m (6 + 4
    # + 1 - 9 = 2 vs 0: nothing off; Shock 12 = Health): the shot is not made; h keeps its Shots.
    d = table(QUIET, heroes={"h": sheet(traits=pool(5))}, villains={"v": sheet(traits=pool(6))})
    d.do("gm", "attack", character="v", targets=["h"])
    d.do("gm", "fall", character="v", metres=12, dice=[1, 9])
    assert who(d, "v").standing is Standing.DOWN
    events = d.do("ann", "defend", character="h", use=False)  # no dice: nothing is rolled
    assert "attack_rolled" not in types(events) and state(d).pending is None
    assert who(d, "h").shock == 0


@pytest.mark.rules("WS-MOOK-005", "WS-MOOK-004")
def test_z27__ignored_mooks_all_down_before_the_answer_strike_no_one() -> None:
    # src 175: the ignored mooks "make an Attack against the player character"; the GM has them strike and h
    # is asked for an Active Defense; meanwhile the goons fall 20 m (Damage 20: a mook per 5, all 3 down):
    # nobody is left to strike. h keeps its Shock at 0.
    goons = {"named": False, "count": 3, "traits": {"Skill": 4, **SLOW}, "engaging": "h",
             "weapons": [{"name": "clubs", "damage": 10, "skill": "Skill"}]}  # fmt: skip
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(**TOUGH)}, villains={"goons": goons})
    d.do("ann", "rollless", character="h", what="talks")
    d.do("gm", "mook_strike", group="goons")
    assert state(d).pending is not None
    d.do("gm", "fall", character="goons", metres=20)  # Skill 4 vs 0: nothing off
    assert who(d, "goons").standing is Standing.OUT
    events = d.do("ann", "defend", character="h", use=False)
    assert "attack_rolled" not in types(events) and state(d).pending is None
    assert who(d, "h").shock == 0


# -- an interrupt waiting on its answer when someone falls (src 27, 54) --------------------------------------


@pytest.mark.rules("WS-SHOT-005", "WS-DMG-004")
def test_z28__the_one_acting_felled_before_answering_an_interrupt_spends_no_shots_to_keep_it() -> None:
    # src 27: "they may spend more Shots to act quicker"; src 54: v, felled by a 12 m fall (3 + 6 + 1 - 9 =
    # 1 vs 0: nothing off; Shock 12 = Health) while h's bid (1 Shot: Initiative 10) waits, is "unable to act":
    # its counter of 2 Shots is refused, nothing changes, only 0 is offered; answering 0, h acts first.
    d = table(QUIET, heroes={"h": sheet(traits=pool(5))}, villains={"v": sheet(traits=pool(6))})
    d.do("ann", "interrupt", character="h", shots=1)
    d.do("gm", "fall", character="v", metres=12, dice=[1, 9])
    d.refuse("gm", "counter", rule="WS-DMG-004", character="v", shots=2)
    assert who(d, "v").shots == 6
    (prompt,) = [p for p in d.prompts("gm") if p.kind == "interrupt"]
    assert [o.value for o in prompt.options] == ["0"]
    d.do("gm", "counter", character="v", shots=0)
    assert state(d).turn.current == "h"


@pytest.mark.rules("WS-SHOT-005", "WS-DMG-004")
def test_z29__an_interrupter_felled_before_the_answer_does_not_act_first() -> None:
    # src 27 and src 54: h bids 1 Shot (Initiative 10 against v's 6) and then falls 12 m (3 + 5 + 1 - 9 = 0:
    # Shock 12 = Health): "unable to act", it cannot act quicker; v keeps its turn, h's Shot stays spent.
    d = table(QUIET, heroes={"h": sheet(traits=pool(5))}, villains={"v": sheet(traits=pool(6))})
    d.do("ann", "interrupt", character="h", shots=1)
    d.do("gm", "fall", character="h", metres=12, dice=[1, 9])
    d.do("gm", "counter", character="v", shots=0)
    assert state(d).turn.current == "v" and who(d, "h").shots == 4
    d.do("gm", "move", character="v")


@pytest.mark.rules("WS-MOOK-005", "WS-MOOK-004")
def test_z30__ignored_mooks_all_down_before_the_gm_answers_strike_no_one() -> None:
    # src 175: ignoring the goons "allow[s] the Mooks to make an Attack"; before the GM says whether they
    # take it, the goons fall 20 m (a mook per 5 Damage: all 3 down): told to strike, nobody is left to.
    goons = {"named": False, "count": 3, "traits": {"Skill": 4, **SLOW}, "engaging": "h",
             "weapons": [{"name": "clubs", "damage": 10, "skill": "Skill"}]}  # fmt: skip
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(**TOUGH)}, villains={"goons": goons})
    d.do("ann", "rollless", character="h", what="talks")
    d.do("gm", "fall", character="goons", metres=20)  # Skill 4 vs 0: nothing off
    events = d.do("gm", "mook_strike", group="goons")
    assert types(events) == ["mook_strike_answered"] and state(d).pending is None
    assert who(d, "h").shock == 0
    end_turn(d, "h")


# -- the extra positive dice of an attack on speed-bump mooks (src 16, 60, 175) ------------------------------


@pytest.mark.rules("WS-MOOK-004", "WS-DMG-007", "WS-SHOT-002")
def test_z31__an_inspired_attack_on_speed_bump_mooks_rolls_its_extra_die_so_it_is_a_rolled_action() -> None:
    # src 175: against speed-bump mooks, "No roll, except for extra positive dice": Inspired h rolls its one
    # (7): it rolls an Action, so the unconscious k rolls to wake (src 60: 5 + 5 + 1 - 9 = 2 vs 15, still
    # down), and h's Sequence is not one "only using Actions that don't require a roll" (src 16): h's 4 Shots
    # stay 4. (9 + 6 + 7 = 22 vs Skill 4 + Soak 0: PV 18, all 3 goons down.)
    goons = {"named": False, "count": 3, "traits": {"Skill": 4, **SLOW},
             "weapons": [{"name": "clubs", "damage": 10, "skill": "Skill"}]}  # fmt: skip
    d = table({**QUIET, "mooks": "speed_bump", "wake_rolls": True}, heroes={"h": sheet(), "k": sheet()},
              villains={"goons": goons}, start=False)  # fmt: skip
    put(d, "h", shots=4, statuses=("inspired",))
    put(d, "k", standing=Standing.DOWN, shock=12, down_at=0, wake_at=100)
    d.do("gm", "start_sequence")
    events = attack(d, "h", ["goons"], [7, 1, 9])
    assert last(events, "mooks_downed")["downed"] == 3
    assert [(r["what"], r["who"]) for r in all_of(events, "rolled")] == [("wake", "k")]
    end_turn(d, "h")
    assert state(d).turn.sequence == 2 and who(d, "h").shots == 4


# -- getting up by a roll (src 16, 58, 106) -----------------------------------------------------------------


@pytest.mark.rules("WS-KNOCK-001", "WS-SHOT-002")
def test_z32__getting_up_by_a_stunt_roll_is_a_roll_so_the_sequence_regains_no_shot() -> None:
    # src 106: up with "a Move or a Stunt+Agility Diff 15"; src 16: only a Sequence "only using Actions that
    # don't require a roll" raises the pool. h (4 Shots of 5), knocked down, gets up by the roll (3 + 5 + 9 -
    # 1 = 16 vs 15) and reloads: it rolled to get up, as surely as a called check off its turn (test_k28b):
    # next Sequence h still has 4.
    d = table({**QUIET, "knockback": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    put(d, "h", shots=4, statuses=("knocked_down",))
    d.do("gm", "start_sequence")
    assert last(d.do("ann", "get_up", character="h", roll=True, dice=HIT), "rolled")["success"] is True
    d.do("ann", "rollless", character="h", what="reloads")
    end_turn(d, "h")
    end_turn(d, "v")
    assert state(d).turn.sequence == 2 and who(d, "h").shots == 4


@pytest.mark.rules("WS-KNOCK-001", "WS-DMG-006")
def test_z33__one_who_got_up_by_a_roll_has_done_more_than_rest() -> None:
    # src 58: "If you do nothing but rest during a Sequence, you regain 1 Shock point"; src 106: h (Shock 4)
    # gets up by the Stunt roll (16 vs 15), keeping its Move: getting up is doing something, so a rest after
    # it is refused and h's Shock stays 4.
    d = table({**QUIET, "knockback": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    put(d, "h", shock=4, statuses=("knocked_down",))
    d.do("gm", "start_sequence")
    d.do("ann", "get_up", character="h", roll=True, dice=HIT)
    d.refuse("ann", "rest", rule="WS-DMG-006", character="h")
    end_turn(d, "h")
    end_turn(d, "v")
    assert who(d, "h").shock == 4


@pytest.mark.rules("WS-KNOCK-001", "WS-SHOT-002")
def test_z34__getting_up_with_the_move_is_a_rollless_move_so_the_sequence_regains_a_shot() -> None:
    # src 106: up with "a Move"; src 16: "By only using Actions that don't require a roll during a Sequence
    # ... you may raise your Shot pool by 1", as a Sequence of only moving does (test_r02). h (4 Shots of 5),
    # knocked down, gets up with its Move and does nothing more: next Sequence it has 5.
    d = table({**QUIET, "knockback": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    put(d, "h", shots=4, statuses=("knocked_down",))
    d.do("gm", "start_sequence")
    d.do("ann", "get_up", character="h")
    end_turn(d, "h")
    end_turn(d, "v")
    assert state(d).turn.sequence == 2 and who(d, "h").shots == 5


# -- a speed-bump group's fall (src 66, 175) -----------------------------------------------------------------


@pytest.mark.rules("WS-DMG-010", "WS-MOOK-004")
def test_z35__a_speed_bump_group_lessens_its_fall_with_its_skill_and_no_roll() -> None:
    # src 66: a fall "may be lowered by a Stunt+Agility/0. Every 5 PV lowers the distance by 1": the goons
    # have no Stunt, only a Skill, and are "handled by Static PV ... No roll" (src 175; as for their covering
    # fire, test_k30): Skill 12 vs 0, PV 12, 2 m off; 10 m is 8 Damage: one mook down at WT 5, no dice.
    goons = {"named": False, "count": 3, "traits": {"Skill": 12, **SLOW},
             "weapons": [{"name": "clubs", "damage": 10, "skill": "Skill"}]}  # fmt: skip
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(**TOUGH)}, villains={"goons": goons})
    events = d.do("gm", "fall", character="goons", metres=10)
    r = last(events, "rolled")
    assert (r["traits"], r["dice"], r["total"]) == (["Skill"], [], 12)
    assert (last(events, "fell")["damage"], last(events, "mooks_downed")["downed"]) == (8, 1)


# -- extra dice on covering fire (src 72, 88, 169, 175) ------------------------------------------------------


@pytest.mark.rules("WS-MOOK-003", "WS-COVER-001")
def test_z36__an_advanced_mooks_free_d10_goes_on_the_attackers_covering_fire_roll() -> None:
    # src 169: "Damage 5-9: Attacker gains Free d10 next Action": h's gun (Damage 6) hits m (6 + 4 + 9 - 1 =
    # 18 vs Defense 12); h's next Action is covering fire, a roll: Ranged Weapons 4 + Perception 4 + 5 - 5 +
    # 9 (the Free d10) = 17 vs 10, PV 7: Cover 1 (without the die, 8 vs 10: none); the die is spent.
    d = table({**QUIET, "mooks": "advanced", "covering_fire": True},
              heroes={"h": sheet(traits=pool(6), weapons=[GUN_CF])},
              villains={"m": sheet(named=False, traits=SLOW, **TOUGH)})  # fmt: skip
    attack(d, "h", ["m"], HIT)
    assert who(d, "h").has("free_d10")
    end_turn(d, "h")
    end_turn(d, "m")
    events = d.do("ann", "cover", character="h", dice=[5, 5, 9])
    assert (last(events, "rolled")["total"], last(events, "cover_laid")["cover"]) == (17, 1)
    assert not who(d, "h").has("free_d10")


@pytest.mark.rules("WS-CARD-003", "WS-MOOK-004", "WS-COVER-001")
def test_z37__inspired_speed_bump_mooks_lay_their_static_covering_fire_with_no_extra_die() -> None:
    # src 88: an Ace: "All Actions are Favored and Inspired"; src 175: the mooks are "handled by Static PV":
    # their covering fire is their Skill (13 vs 10, PV 3: no Cover), no dice, as their static strikes roll
    # none; the Ace's extra die is not rolled for it. Heroes draw 5H (die 18), villains AS (die 1).
    snipers = {**SNIPERS, "traits": {"Skill": 13, **SLOW}}
    d = table({**QUIET, "mooks": "speed_bump", "covering_fire": True, "card_draw": True},
              heroes={"h": sheet()}, villains={"snipers": snipers}, start=False)  # fmt: skip
    d.do("gm", "start_sequence", dice=[18, 1])
    assert state(d).turn.cards == {"heroes": "5H", "villains": "AS"}
    end_turn(d, "h")
    events = d.do("gm", "cover", character="snipers")
    assert (last(events, "rolled")["dice"], last(events, "cover_laid")["cover"]) == ([], 0)


@pytest.mark.rules("WS-SHOT-002", "WS-MOOK-005")
def test_z38__speed_bump_mooks_own_static_attack_keeps_their_sequence_rollless() -> None:
    # src 16: a Sequence "only using Actions that don't require a roll" raises the pool by 1; src 175: the
    # mooks "take an Action, last in the Sequence", static (PROPOSED WS-MOOK-005: no dice). The goons (Shot
    # Count 3, 2 left) attack h (Skill 4 + clubs 10 = 14 vs 12: PV 2) and end: next Sequence they have 3.
    goons = {"named": False, "count": 3, "traits": {"Skill": 4, **pool(3)},
             "weapons": [{"name": "clubs", "damage": 10, "skill": "Skill"}]}  # fmt: skip
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(**TOUGH)}, villains={"goons": goons},
              start=False)  # fmt: skip
    put(d, "goons", shots=2)
    d.do("gm", "start_sequence")
    end_turn(d, "h")
    d.do("gm", "attack", character="goons", targets=["h"])
    d.do("ann", "defend", character="h", use=False)
    assert who(d, "h").shock == 2
    end_turn(d, "goons")
    assert state(d).turn.sequence == 2 and who(d, "goons").shots == 3


# -- time passed in the middle of a Sequence (src 12, 60) ----------------------------------------------------


@pytest.mark.rules("WS-DMG-007", "WS-SEQ-002")
def test_z39__one_the_gms_minutes_wake_before_its_initiative_acts_this_sequence() -> None:
    # src 60: the unconscious "wake up in 10 minutes"; src 12: "At the beginning of each Sequence, your
    # Initiative is set to the number of Shots in your Shot pool ... Each time your Initiative comes up, you
    # may take an Action": k (4 Shots), down before the Sequence began, wakes when the GM passes 10 minutes
    # while h (5) acts: its Initiative has not come up yet, so it takes its place and acts after h, as one
    # woken by a roll or revived does (test_k09, k09c).
    d = table(QUIET, heroes={"h": sheet(), "k": sheet(traits=pool(4))}, villains={"v": sheet(traits=SLOW)},
              start=False)  # fmt: skip
    put(d, "k", standing=Standing.DOWN, shock=12, down_at=0, wake_at=100)
    d.do("gm", "start_sequence")
    d.do("gm", "pass_time", minutes=10)
    assert who(d, "k").standing is Standing.UP
    end_turn(d, "h")
    assert state(d).turn.current == "k"
