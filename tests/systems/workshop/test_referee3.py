"""A third outside referee's pass over the Workshop table: situations written from the seed alone, on the
seed lines the earlier passes cite least (src 16-25 Shots, 80 Shaken, 85-102 the card draw, 120-124 Shock
and Stun, 146 Wound Seriousness, 160-171 the mook tables, 185-189 Battered and Broken).

Each case: the situation, the dice in order (a positive then a negative d10, a face of 10 reads 0, then
any extra positive d10s), the outcome the seed demands and the seed line (src N, first copy). Where the
seed is silent the inventory's PROPOSED decision is followed and named. The hero ``h`` (Agility 5 +
Guns 4 = 9) shoots at Defense 12; dice 9 and 1 make 17, a hit; the default effect-values model makes
PV = weapon Damage - Soak.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.workshop.cards import TABLE_DECK
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import all_of, attack, end_turn, last, sheet, state, table, types, who
from tests.systems.workshop.test_referee import GOONS, HIT, QUIET, SLOW, TOUGH, duel, gun, pool

# -- Shaken (src 80-81) -----------------------------------------------------------------------------------


@pytest.mark.rules("WS-SHAKEN-001", "WS-DMG-010")
def test_x01__a_fall_that_deals_shock_shakes_a_named_hero() -> None:
    # src 80: "When a target takes 1 or more Shock points it becomes Shaken" -- any Shock, a fall's too
    # (src 66: the metres are Damage, src 54: Damage is Shock). Stunt 3 + Agility 5 + 1 - 9 = 0 vs 0:
    # PV 0 takes no metre off, so 3 Damage: 3 Shock, Shaken.
    d = table({**QUIET, "shaken": True}, heroes={"h": sheet(**TOUGH)}, villains={"v": sheet(**TOUGH)},
              start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=3, dice=[1, 9])
    assert (who(d, "h").shock, who(d, "h").has("shaken")) == (3, True)


@pytest.mark.rules("WS-SHAKEN-002", "WS-SEQ-003")
def test_x02__a_shaken_hero_still_takes_the_turns_move_without_steadying() -> None:
    # src 12: a turn is "an Action (which may be a Move), and a Move"; src 81: the steadying roll comes
    # "At the beginning of an Action". The turn's own Move is no Action, so it needs no steadying; the
    # Action as a second Move does.
    d = table({**QUIET, "shaken": True}, heroes={"h": sheet(**TOUGH)},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=3, dice=[1, 9])
    d.do("gm", "start_sequence")
    d.do("ann", "move", character="h")
    assert state(d).turn.move_used and who(d, "h").has("shaken")
    d.refuse("ann", "move", rule="WS-SHAKEN-003", character="h")


@pytest.mark.rules("WS-SHAKEN-003", "WS-STATUS-001")
def test_x03__bruised_impairs_the_steadying_roll_and_is_spent_by_it() -> None:
    # src 81: the steadying roll is made "as an Action"; src 181: Bruised is "5 point Impairment on next
    # Action or Defense". Willpower 5 + Focus 5 + 9 - 1 - 5 = 13 vs 20 fails; the Bruise is used up.
    d = table({**QUIET, "shaken": True, "status_effects": True}, heroes={"h": sheet(**TOUGH)},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=3, dice=[1, 9])
    d.do("gm", "set_status", character="h", status="bruised")
    d.do("gm", "start_sequence")
    r = last(d.do("ann", "steady", character="h", dice=HIT), "rolled")
    assert (r["total"], r["success"]) == (13, False)
    assert (who(d, "h").has("bruised"), who(d, "h").has("shaken")) == (False, True)


# -- Shots (src 16-25) --------------------------------------------------------------------------------------


@pytest.mark.rules("WS-SHOT-001")
def test_x04__a_newcomer_mid_fight_starts_with_a_full_pool() -> None:
    # src 16: "Your Shot Count (and Shots pool) always starts at your [ Agility+Wits+Luck ] divided by 3,
    # rounded down": 7 + 4 + 2 = 13 -> 4 Shots, also for one who joins in the second Sequence.
    d = table(QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW, **TOUGH)})
    end_turn(d, "h")
    end_turn(d, "v")
    assert state(d).turn.sequence == 2
    d.do("gm", "add_character", payload={"id": "n", "owner": "ann", **sheet(traits={"Agility": 7, "Wits": 4,
                                                                                    "Luck": 2})})  # fmt: skip
    assert (who(d, "n").shot_count, who(d, "n").shots) == (4, 4)


@pytest.mark.rules("WS-SHOT-003", "WS-CORE-003")
def test_x05__one_shot_of_active_defense_stands_against_a_second_attacker() -> None:
    # src 20: 1 Shot buys an Active Defense "at any time"; PROPOSED (secondary evidence): Defense + 5 until
    # the defender's next action. h (6 Shots) and g (5) both shoot at v (4 Shots, last): v pays one Shot
    # against h, and g's shot meets 12 + 5 = 17 too, without a second Shot.
    d = table(QUIET, heroes={"h": sheet(traits=pool(6)), "g": sheet()},
              villains={"v": sheet(traits=pool(4), **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], HIT, defend={"v": True})
    end_turn(d, "h")
    r = last(attack(d, "g", ["v"], HIT, defend={"v": True}), "attack_rolled")
    assert (r["defense"], r["hit"], who(d, "v").shots) == (17, True, 3)


# -- The card draw (src 85-102) ---------------------------------------------------------------------------


@pytest.mark.rules("WS-CARD-001")
def test_x06__every_sequence_deals_each_faction_a_new_card_from_the_one_deck() -> None:
    # src 85: "Every Sequence draw a card for each Faction from a normal Deck": two Factions, two
    # Sequences: four cards dealt, 54 - 4 = 50 left; the second Sequence's cards replace the first's.
    d = table({**QUIET, "card_draw": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "start_sequence", dice=[1, 1])  # heroes AS (the first of 54), villains 2S (first of 53)
    assert state(d).turn.cards == {"heroes": "AS", "villains": "2S"}
    end_turn(d, "h")
    end_turn(d, "v", dice=[1, 1])  # heroes 3S, villains 4S
    assert state(d).turn.cards == {"heroes": "3S", "villains": "4S"}
    assert len(state(d).decks[TABLE_DECK]) == 50


@pytest.mark.rules("WS-CARD-001", "WS-CARD-003", "WS-SHOT-002")
def test_x07__a_confused_faction_still_regains_its_rollless_shot() -> None:
    # src 93: Confused is "no pool points may be used"; src 16: a Sequence of Actions needing no roll
    # raises the pool by 1. Regaining is no using: h spends a Shot in Sequence 1 (5 -> 4) and, under a 3
    # in Sequence 2, only reloads: the Sequence's end brings the pool back to 5.
    d = table({**QUIET, "card_draw": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=pool(6), **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "start_sequence", dice=[14, 14])  # heroes AH, villains 2H
    d.do("ann", "raise_initiative", character="h", shots=1)
    end_turn(d, "v")
    d.do("ann", "attack", character="h", targets=["v"])  # a roll: no Shot back (pass 9)
    d.do("gm", "defend", character="v", use=False, dice=[10, 10, 10])
    end_turn(d, "h", dice=[3, 30])  # Sequence 2: heroes 3S (third of 52), villains the 30th of 51
    assert state(d).turn.cards["heroes"] == "3S" and who(d, "h").shots == 4
    end_turn(d, "v")
    d.do("ann", "rollless", character="h")
    end_turn(d, "h", dice=[1, 1])
    assert who(d, "h").shots == 5


# -- Shock roll and Stun (src 120-124) -----------------------------------------------------------------------


@pytest.mark.rules("WS-SHOCK-003", "WS-SNAP-001")
def test_x08__stun_counts_each_snapshot_as_its_own_attack() -> None:
    # src 124: "For every Wound you lose in a single attack, you lose 1 Shot"; src 31: a split makes two
    # Actions. h splits at v twice (-3): 9 + 8 - 3 = 14 vs 12, two hits of 5: a Wound each, 2 Shots lost
    # (v 4 -> 2).
    d = duel({"stun": True}, damage=5, traits=pool(4))
    attack(d, "h", ["v", "v"], [9, 1, 9, 1])
    assert (who(d, "v").wounds, who(d, "v").shots) == (2, 2)


@pytest.mark.rules("WS-SHOCK-001", "WS-SNAP-001")
def test_x09__each_wounding_snapshot_calls_its_own_shock_roll_of_ten() -> None:
    # src 120: Difficulty "5+5 times Wounds inflicted in this Attack"; each snapshot is an attack of its
    # own (src 31): two rolls vs 10, not one vs 15. Willpower 5 + Focus 5 + 5 - 5 = 10 holds each time.
    d = duel({"shock_roll": True}, damage=5)
    events = attack(d, "h", ["v", "v"], [9, 1, 5, 5, 9, 1, 5, 5])
    shocks = [r for r in all_of(events, "rolled") if r["what"] == "shock"]
    assert [(r["difficulty"], r["success"]) for r in shocks] == [(10, True), (10, True)]
    assert who(d, "v").standing is Standing.UP


# -- Wound Seriousness (src 146) -----------------------------------------------------------------------------


@pytest.mark.rules("WS-WPEN-003")
def test_x10__four_wounds_in_one_attack_is_a_deadly_wound_not_death() -> None:
    # src 146: "4 Wounds (Deadly Wound) -8 ... More than 4 wounds in one attack makes the character fall
    # down, dead": Damage 20 = 4 Wounds (Toughness 50) leaves v up at -8; v shoots back at -8.
    d = duel({"wound_penalty": "seriousness"}, damage=20)
    attack(d, "h", ["v"], HIT)
    assert (who(d, "v").wounds, who(d, "v").standing) == (4, Standing.UP)
    end_turn(d, "h")
    assert last(attack(d, "v", ["h"], HIT), "attack_rolled")["modifier"] == -8


# -- The mook tables (src 158-171) ---------------------------------------------------------------------------


@pytest.mark.rules("WS-MOOK-002")
@pytest.mark.parametrize(("damage", "shaken", "standing"), [(5, True, Standing.UP), (9, True, Standing.UP)])
def test_x11__a_glass_jaw_mook_is_only_shaken_from_five_to_nine(
    damage: int, shaken: bool, standing: Standing
) -> None:
    # src 160-162: "5-9: Shaken. 10+ Out." (the table governs over "a single Wound", PROPOSED).
    d = table({**QUIET, "mooks": "glass_jaw"}, heroes={"h": sheet(weapons=[gun(damage)])},
              villains={"m": sheet(named=False, traits=SLOW, **TOUGH)})  # fmt: skip
    attack(d, "h", ["m"], HIT)
    assert (who(d, "m").has("shaken"), who(d, "m").standing) == (shaken, standing)


@pytest.mark.rules("WS-MOOK-003")
@pytest.mark.parametrize(
    ("damage", "standing"),
    [(10, Standing.DOWN), (15, Standing.DOWN), (16, Standing.OUT), (20, Standing.OUT)],
)
def test_x12__an_advanced_mook_table_rows_at_their_edges(damage: int, standing: Standing) -> None:
    # src 170-171: "Damage10-15: Mook is unconscious. Damage 16-20: Mook is permanently out of Action".
    d = table({**QUIET, "mooks": "advanced"}, heroes={"h": sheet(weapons=[gun(damage)])},
              villains={"m": sheet(named=False, traits=SLOW, **TOUGH)})  # fmt: skip
    attack(d, "h", ["m"], HIT)
    assert who(d, "m").standing is standing


# -- Battered and Broken (src 185-189) -----------------------------------------------------------------------


@pytest.mark.rules("WS-STATUS-003")
@pytest.mark.parametrize(("damage", "allowed"), [(23, False), (24, True)])
def test_x13__broken_needs_four_of_the_victims_own_thresholds(damage: int, allowed: bool) -> None:
    # src 189: "Requires Threshold x 4 PV" (PROPOSED: Broken is set only after a hit of that PV); v's
    # own Wound Threshold is 6 (src 175 lets mooks differ; WS-DMG-003 per character): 24, not 20.
    d = duel({"status_effects": True}, damage=damage, wt=6)
    attack(d, "h", ["v"], HIT)
    if allowed:
        d.do("gm", "set_status", character="v", status="broken")
        assert who(d, "v").has("broken")
    else:
        d.refuse("gm", "set_status", rule="WS-STATUS-003", character="v", status="broken")


# -- Unconscious (src 60) ------------------------------------------------------------------------------------


@pytest.mark.rules("WS-DMG-007", "WS-COVER-001")
def test_x14__a_covering_fire_roll_is_a_rolled_action_that_stirs_the_sleeper() -> None:
    # src 60: the unconscious roll to wake "every time someone else rolls an Action"; src 72: covering
    # fire is rolled, Ranged Weapons + Perception vs 10. v fell 12 m (Health 12: down); h lays cover:
    # v rolls Willpower 5 + Focus 5 + 9 - 1 = 18 vs 15 and is up.
    d = table({"shock_roll": False, "wound_penalty": "none", "covering_fire": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, toughness=50)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="v", metres=12, dice=[1, 9])  # Stunt 3 + Agility 1 - 8 < 0: 12 Damage
    assert who(d, "v").standing is Standing.DOWN
    d.do("gm", "start_sequence")
    events = d.do("ann", "cover", character="h", dice=[5, 5, 9, 1])
    wake = [r for r in all_of(events, "rolled") if r["what"] == "wake"]
    assert [(r["total"], r["success"]) for r in wake] == [(18, True)]
    assert who(d, "v").standing is Standing.UP


# -- Bruised and Broken outside an attack (src 181, 189) -----------------------------------------------------


@pytest.mark.rules("WS-STATUS-001", "WS-DMG-010")
def test_x15__a_fall_roll_is_no_action_so_the_bruise_neither_impairs_it_nor_is_spent() -> None:
    # src 181: Bruised impairs the "next Action or Defense"; the fall's Stunt + Agility roll (src 66) is
    # neither. 7 m; 3 + 5 + 9 - 1 = 16 vs 0: 3 m off, 4 Damage (a Bruise would make it 11: 2 m off, 5);
    # the Bruise waits for h's next Action.
    d = table({**QUIET, "status_effects": True}, heroes={"h": sheet(**TOUGH)},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "set_status", character="h", status="bruised")
    d.do("gm", "fall", character="h", metres=7, dice=HIT)
    assert (who(d, "h").shock, who(d, "h").has("bruised")) == (4, True)


@pytest.mark.rules("WS-STATUS-003", "WS-DMG-010")
def test_x16__a_fall_is_no_hit_so_broken_waits_for_the_next_hit() -> None:
    # src 189: "Next Hit Incapacitates"; a fall (src 66) is Damage but no hit. v, Broken after a hit of
    # 20, falls 3 m (3 Shock) and stays up and Broken; h's next hit then incapacitates.
    d = duel({"status_effects": True}, damage=20)
    attack(d, "h", ["v"], HIT)
    d.do("gm", "set_status", character="v", status="broken")
    d.do("gm", "fall", character="v", metres=3, dice=[1, 9])
    assert (who(d, "v").standing, who(d, "v").has("broken")) == (Standing.UP, True)
    end_turn(d, "h")
    end_turn(d, "v")
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").standing is Standing.DOWN


# -- Aces and Jokers (src 87-88) -----------------------------------------------------------------------------


@pytest.mark.rules("WS-CARD-001", "WS-CARD-003", "WS-SNAP-001")
def test_x17__under_an_ace_each_snapshot_is_an_inspired_action() -> None:
    # src 88: "Ace: All Actions are Favored and Inspired"; src 31: a split is two Actions. The heroes draw
    # AS: both of h's snapshots roll a third, positive d10: 9 + 9 - 1 + 4 - 3 = 18 each.
    d = table({**QUIET, "card_draw": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "start_sequence", dice=[1, 1])
    assert state(d).turn.cards["heroes"] == "AS"
    rolls = all_of(attack(d, "h", ["v", "v"], [9, 1, 4, 9, 1, 4]), "attack_rolled")
    assert [(list(r["dice"]), r["av"]) for r in rolls] == [([9, 1, 4], 18), ([9, 1, 4], 18)]


@pytest.mark.rules("WS-CARD-004")
def test_x18__a_joker_inspires_everyone_of_the_faction() -> None:
    # src 87: "Joker: ... everyone is Inspired" (PROPOSED: that Faction). h and g both roll an extra d10
    # on their next roll; the villains' v does not.
    d = table({**QUIET, "card_draw": True}, heroes={"h": sheet(), "g": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "start_sequence", dice=[53, 1])  # heroes a Joker (53rd of 54), villains AS... of 53: 1st
    assert state(d).turn.cards["heroes"].startswith("JK")
    assert [who(d, c).extra_d10s for c in ("h", "g")] == [1, 1]
    r = last(attack(d, "h", ["v"], [9, 1, 4]), "attack_rolled")
    assert (list(r["dice"]), r["av"]) == ([9, 1, 4], 21)


# -- The other dice and PV readings (WS-CORE-001/002, PROPOSED alternatives) ---------------------------------


@pytest.mark.rules("WS-CORE-001", "WS-CORE-002")
@pytest.mark.parametrize(("face", "hit"), [(2, False), (3, True), (10, True)])
def test_x19__one_d10_reads_one_to_ten_and_adds_it(face: int, hit: bool) -> None:
    # WS-CORE-001 (the inventory's alternative preset, "1d10", mean 5.5): 9 + 3 = 12 vs 12 hits; 9 + 2
    # misses; a face of 10 reads 10 here, not 0.
    d = duel({"dice": "one_d10"})
    r = last(attack(d, "h", ["v"], [face]), "attack_rolled")
    assert (r["av"], r["hit"]) == (9 + face, hit)


@pytest.mark.rules("WS-CORE-002")
def test_x20__the_margin_model_adds_the_outcome_to_the_damage_worked_example_s22() -> None:
    # Inventory S22: Agility 5 + Ranged Weapons 4 = 9; +9 -2 -> 16 vs Defense 12: Outcome 4; weapon
    # Damage 6, Soak 4 -> PV 4 + 6 - 4 = 6: 6 Shock, 1 Wound.
    rifle = {"name": "rifle", "attribute": "Agility", "skill": "Ranged Weapons", "damage": 6}
    d = table({**QUIET, "pv_model": "margin"}, heroes={"h": sheet(weapons=[rifle])},
              villains={"v": sheet(traits=SLOW, soak=4, **TOUGH)})  # fmt: skip
    r = last(attack(d, "h", ["v"], [9, 2]), "attack_rolled")
    assert (r["av"], r["outcome"], r["pv"]) == (16, 4, 6)
    assert (who(d, "v").shock, who(d, "v").wounds) == (6, 1)


@pytest.mark.rules("WS-COVER-004", "WS-CORE-002")
def test_x21__aggressive_fire_under_the_margin_model_adds_its_outcome() -> None:
    # src 76: AV 10 + Cover; under the margin model PV = Outcome + Damage - Soak. h's covering fire:
    # Ranged Weapons 4 + Perception 4 + 9 - 1 = 16 vs 10: PV 6, Cover 1, AV 11. v (Defense 8) moves: Outcome
    # 3, PV 3 + 6 - 0 = 9.
    d = table({**QUIET, "covering_fire": True, "pv_model": "margin"}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, defense=8, **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", aggressive=True, dice=HIT)
    end_turn(d, "h")
    r = last(d.do("gm", "move", character="v"), "attack_rolled")
    assert (r["av"], r["outcome"], r["pv"]) == (11, 3, 9)
    assert who(d, "v").shock == 9


# -- The alternate combat system (src 379) -------------------------------------------------------------------


def _stack(heroes: dict[str, int], villains: dict[str, int], damage: int = 5) -> Driver:
    """Card initiative, no padding: each combatant's Shot Count orders the first stack (Health 10 each, so
    a place per 2 Damage); the heroes carry a gun of ``damage``."""
    hardy = {"health": 10, "toughness": 50}
    armed = {c: sheet(traits=pool(n), weapons=[gun(damage)], **hardy) for c, n in heroes.items()}
    others = {c: sheet(traits=pool(n), **hardy) for c, n in villains.items()}
    return table({**QUIET, "initiative": "cards", "padding": []}, heroes=armed, villains=others)


@pytest.mark.rules("WS-ALT-001", "WS-ALT-003")
def test_x22__the_card_behind_the_actor_is_first_place_and_may_not_actively_defend() -> None:
    # src 379: "When a character acts, she is placed at the rear of the stack"; "An active Defense is only
    # available if the character is not in first place". Stack h, x, v, w: while h acts, h is bound for
    # the rear and x is first: h's shot at x gets no Active Defense (x, pushed 2 places from first, is
    # out); v, second, may defend and moves one place back.
    d = _stack({"h": 9}, {"x": 8, "v": 7, "w": 6})
    assert state(d).turn.order.order == ("h", "x", "v", "w")
    events = attack(d, "h", ["x"], HIT, defend={"x": True})
    assert "active_defended" not in types(events)
    assert who(d, "x").standing is Standing.DOWN
    d2 = _stack({"h": 9}, {"x": 8, "v": 7, "w": 6}, damage=1)
    events = attack(d2, "h", ["v"], HIT, defend={"v": True})
    assert "active_defended" in types(events)
    assert state(d2).turn.order.order == ("h", "x", "w", "v")


@pytest.mark.rules("WS-ALT-001", "WS-ALT-003", "WS-COVER-004")
def test_x23__the_actor_struck_on_its_own_move_is_bound_for_the_rear_and_may_defend() -> None:
    # src 379: the acting card "is placed at the rear", so it is not in first place: struck by aggressive
    # covering fire on its own Move (src 76), h may make an Active Defense; it is last already, so it moves
    # no place back and acts on. k: 4 + 4 + 9 - 1 = 16 vs 10, Cover 1, AV 11 against 12 + 5 = 17: a miss.
    d = table({**QUIET, "initiative": "cards", "padding": [], "covering_fire": True},
              heroes={"h": sheet(traits=pool(8), **TOUGH)},
              villains={"k": sheet(traits=pool(9), **TOUGH)})  # fmt: skip
    d.do("gm", "cover", character="k", aggressive=True, dice=HIT)
    end_turn(d, "k")
    assert state(d).turn.order.order == ("h", "k")
    d.do("ann", "move", character="h")
    assert [p.kind for p in d.table.prompts() if p.kind == "active_defense"] == ["active_defense"]
    events = d.do("ann", "defend", payload={"character": "h", "use": True})
    r = last(events, "attack_rolled")
    assert (r["av"], r["defense"], r["hit"]) == (11, 17, False)
    assert state(d).turn.current == "h" and state(d).turn.order.order == ("h", "k")
    end_turn(d, "h")
    assert state(d).turn.order.order == ("k", "h")


@pytest.mark.rules("WS-ALT-003", "WS-MOOK-001")
def test_x24__under_cards_a_glass_jaw_mook_that_dodges_moves_back_and_loses_its_next_action() -> None:
    # src 379: an Active Defense (not from first place: y, behind the acting h, holds it) moves the
    # defender one step back; src 158: a nameless one that dodges "also lose[s] their next Action". m
    # dodges h's miss: the stack h, y, w, m; when m's card comes up it may not attack, and the loss is spent.
    d = table({**QUIET, "initiative": "cards", "padding": [], "mooks": "glass_jaw"},
              heroes={"h": sheet(traits=pool(9))},
              villains={"y": sheet(traits=pool(8), **TOUGH), "m": sheet(named=False, traits=pool(7), **TOUGH),
                        "w": sheet(traits=pool(6), **TOUGH)})  # fmt: skip
    events = attack(d, "h", ["m"], [10, 10], defend={"m": True})
    assert "active_defended" in types(events)
    assert state(d).turn.order.order == ("h", "y", "w", "m")
    for cid in ("h", "y", "w"):
        end_turn(d, cid)
    assert state(d).turn.current == "m"
    d.refuse("gm", "attack", rule="WS-MOOK-001", character="m", targets=["h"])
    end_turn(d, "m")
    assert not who(d, "m").has("loses_action")


# -- Active Defense on one's own Move (src 20) ---------------------------------------------------------------


@pytest.mark.rules("WS-CORE-003", "WS-SHOT-003", "WS-COVER-004")
def test_x25__an_active_defense_made_on_the_move_ends_with_the_action_that_follows() -> None:
    # src 20: 1 Shot buys an Active Defense "at any time"; the inventory's secondary evidence: Defense + 5
    # "until the defender's next action". v moves into h's aggressive fire (AV 12) and defends (17: a
    # miss); then v takes its Action, a shot at h: that is v's next action, so g's later shot meets 12.
    gun_cf = {**gun(6), "covering_fire": True}
    d = table({**QUIET, "covering_fire": True},
              heroes={"h": sheet(traits={**pool(6), "Ranged Weapons": 9, "Perception": 9}, weapons=[gun_cf]),
                      "g": sheet(traits=pool(3))},
              villains={"v": sheet(traits=pool(4), **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])  # 18 + 4 = 22: Cover 2, AV 12
    end_turn(d, "h")
    d.do("gm", "move", character="v")
    r = last(d.do("gm", "defend", character="v", use=True), "attack_rolled")
    assert (r["av"], r["defense"], r["hit"]) == (12, 17, False)
    events = attack(d, "v", ["h"], [10, 10])
    assert last(events, "active_defense_ended")["acted"] is True
    assert not [e for e in state(d).effects if e.name == "active_defense"]
    end_turn(d, "v")
    r = last(attack(d, "g", ["v"], HIT), "attack_rolled")
    assert r["defense"] == 12


@pytest.mark.rules("WS-CORE-003", "WS-MOOK-005")
def test_x26__an_active_defense_made_after_the_action_runs_on_past_the_turns_end() -> None:
    # src 20, 175 and the secondary evidence's "until the defender's next action": h talks (its Action,
    # ignoring the goons), the GM has them strike, h pays a Shot (Defense 17). Its next action is next
    # Sequence's: v's shot later in this Sequence still meets 17; the Move h takes after it ends nothing.
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(**TOUGH)},
              villains={"goons": GOONS, "v": sheet(traits=pool(4), **TOUGH)})  # fmt: skip
    d.do("ann", "rollless", character="h", what="talks")
    d.do("gm", "mook_strike", group="goons")
    d.do("ann", "defend", character="h", use=True)
    d.do("ann", "move", character="h")
    end_turn(d, "h")
    r = last(attack(d, "v", ["h"], HIT), "attack_rolled")
    assert (r["defense"], r["hit"]) == (17, False)
