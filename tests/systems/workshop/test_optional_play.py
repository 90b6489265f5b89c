"""Optional rules of play, each switched on and off: knockdown and knockback (S10), mooks (S19),
covering fire (S9), status effects (T10) and the dramatic card draw (T4, T5)."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.systems.workshop.cards import FULL_DECK, TABLE_DECK, Favored, effect_of
from capeworks.systems.workshop.rules import knockback_metres
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import all_of, attack, end_turn, last, sheet, state, table, types, who
from tests.systems.workshop.test_optional_damage import HIT, QUIET, SLOW, TOUGH, gun, shot

# -- knockdown and knockback -----------------------------------------------------------------------


@pytest.mark.rules("WS-KNOCK-002", "WS-KNOCK-003", "WS-KNOCK-004")
@pytest.mark.parametrize(("damage", "wall", "metres", "collision", "shock"), [
    (17, None, 2, 0, 17), (17, 1, 2, 1, 18), (9, None, 0, 0, 9),
])  # fmt: skip
def test_s10__knockback_over_mass_value(
    damage: int, wall: int | None, metres: int, collision: int, shock: int
) -> None:
    # src 107: every 5 Damage over Mass 6 flings 1 m back, then Knockdown; a wall left 1 m -> 1 Damage each
    d = table({**QUIET, "knockback": True}, heroes={"h": sheet(weapons=[gun(damage)])},
              villains={"v": sheet(traits=SLOW, mass=6, **TOUGH)})  # fmt: skip
    events = attack(d, "h", ["v"], HIT, **({"wall_at": wall} if wall is not None else {}))
    k = last(events, "knocked_back")
    assert (k["metres"], k["collision"]) == (metres, collision) and knockback_metres(damage, 6) == metres
    assert who(d, "v").has("knocked_down") and who(d, "v").shock == shock


@pytest.mark.rules("WS-KNOCK-002")
def test_no_knockback_when_the_rule_is_off_or_damage_is_within_mass() -> None:
    d, events = shot({}, 17, mass=6)
    assert "knocked_back" not in types(events) and not who(d, "v").has("knocked_down")
    d, events = shot({"knockback": True}, 6, mass=6)
    assert "knocked_back" not in types(events)


@pytest.mark.rules("WS-KNOCK-001")
@pytest.mark.parametrize(
    ("roll", "dice", "move_left"), [(False, None, False), (True, [9, 1], True), (True, [1, 9], False)]
)
def test_getting_up_costs_a_move_or_a_stunt_roll(roll: bool, dice: list[int] | None, move_left: bool) -> None:
    # src 106: a Move, or Stunt + Agility vs 15 (PROPOSED: a free try; failing, the Move is spent)
    d = table({**QUIET, "knockback": True}, heroes={"h": sheet(traits={"Stunt": 5, "Agility": 5})},
              villains={"v": sheet(traits=SLOW)})  # fmt: skip
    d.do("gm", "set_status", character="h", status="knocked_down")
    d.refuse("ann", "move", rule="WS-KNOCK-001", character="h")
    d.do("ann", "get_up", character="h", roll=roll, dice=dice)  # 10 + 8 = 18, or 10 - 8 = 2, vs 15
    assert not who(d, "h").has("knocked_down")
    assert state(d).turn.move_used is not move_left


@pytest.mark.rules("WS-KNOCK-001")
def test_knockdown_is_refused_when_the_rule_is_off() -> None:
    d = table(QUIET, heroes={"h": sheet()})
    d.refuse("gm", "set_status", rule="WS-KNOCK-001", character="h", status="knocked_down")


# -- mooks ---------------------------------------------------------------------------------------


@pytest.mark.rules("WS-MOOK-002", "WS-MOOK-006")
@pytest.mark.parametrize(("damage", "shaken", "standing"), [
    (4, False, Standing.UP), (7, True, Standing.UP), (10, False, Standing.OUT),
])  # fmt: skip
def test_s19__glass_jaw_mooks(damage: int, shaken: bool, standing: Standing) -> None:
    d, _events = shot({"mooks": "glass_jaw"}, damage, named=False)
    m = who(d, "v")
    assert (m.has("shaken"), m.standing, m.shock, m.wounds) == (shaken, standing, 0, 0)


@pytest.mark.rules("WS-MOOK-001")
def test_a_glass_jaw_mook_that_dodges_loses_its_next_action() -> None:
    d = table(QUIET, heroes={"h": sheet(weapons=[gun(3)])},
              villains={"m": sheet(named=False, traits={"Agility": 4, "Wits": 4, "Luck": 4})})  # fmt: skip
    attack(d, "h", ["m"], [10, 10], defend={"m": True})
    assert who(d, "m").shots == 3
    end_turn(d, "h")
    d.refuse("gm", "attack", rule="WS-MOOK-001", character="m", targets=["h"])
    end_turn(d, "m")
    end_turn(d, "h")
    assert state(d).turn.current == "m" and not who(d, "m").has("loses_action")


@pytest.mark.rules("WS-MOOK-003", "WS-MOOK-006")
@pytest.mark.parametrize(("damage", "shaken", "standing", "free_d10"), [
    (3, True, Standing.UP, False), (6, True, Standing.UP, True), (12, False, Standing.DOWN, False),
    (18, False, Standing.OUT, False), (25, False, Standing.OUT, False),
])  # fmt: skip
def test_s19__advanced_mooks(damage: int, shaken: bool, standing: Standing, free_d10: bool) -> None:
    d, _ = shot({"mooks": "advanced"}, damage, named=False)
    assert (who(d, "v").has("shaken"), who(d, "v").standing) == (shaken, standing)
    assert who(d, "h").has("free_d10") is free_d10


@pytest.mark.rules("WS-MOOK-003")
def test_the_attackers_free_d10_is_rolled_and_added_on_the_next_action() -> None:
    d, _ = shot({"mooks": "advanced"}, 6, named=False)
    end_turn(d, "h")
    end_turn(d, "v")
    r = last(attack(d, "h", ["v"], [1, 1, 7]), "attack_rolled")  # 9 + 0 + 7 = 16
    assert (r["dice"], r["av"]) == ([1, 1, 7], 16)


@pytest.mark.rules("WS-MOOK-004", "WS-MOOK-006")
def test_s19__speed_bump_mooks_go_down_by_static_pv() -> None:
    # src 175: PC Skill 8 + Damage 6 = 14 vs Skill 4 + Soak 0 = 4 -> PV 10 -> 2 mooks at WT 5; no roll
    goons = {"name": "Goons", "named": False, "count": 6, "traits": {"Skill": 4, **SLOW}, "soak": 0,
             "weapons": [{"name": "clubs", "damage": 10, "skill": "Skill"}]}  # fmt: skip
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(traits={"Agility": 4, "Guns": 4})},
              villains={"goons": goons})  # fmt: skip
    events = d.do("ann", "attack", character="h", targets=["goons"])
    assert (last(events, "mooks_downed")["downed"], who(d, "goons").count) == (2, 4)
    assert not [e for e in events if e.rolls]


@pytest.mark.rules("WS-MOOK-005")
def test_speed_bump_mooks_may_strike_when_ignored_and_act_last() -> None:
    goons = {"named": False, "count": 3, "traits": {"Skill": 4, "Agility": 9, "Wits": 9, "Luck": 9},
             "engaging": "h", "weapons": [{"name": "clubs", "damage": 10, "skill": "Skill"}]}  # fmt: skip
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet()},
              villains={"goons": goons, "v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    assert state(d).turn.order.order == ("h", "v", "goons")  # last, though their pool is 9
    attack(d, "h", ["v"], [10, 10])  # h ignores the goons: Skill 4 + 10 vs Defense 12 + 0 -> PV 2
    # src 175 "allow the Mooks to make an Attack": the GM, who plays them, decides (a GM prompt)
    (prompt,) = [p for p in d.prompts("gm") if p.kind == "mook_strike"]
    assert prompt.role is not None and prompt.context["pv"] == 2
    assert "14 vs Defense + Soak 12" in prompt.question
    d.refuse("ann", "end_turn", rule="WS-MOOK-005", character="h")  # play waits for the GM
    d.answer("gm", prompt.id, "strike")
    events = d.do("ann", "defend", character="h", use=False)  # h may answer with an Active Defense (src 20)
    strike = last(events, "attack_rolled")
    assert (strike["attacker"], strike["pv"]) == ("goons", 2) and who(d, "h").shock == 2
    end_turn(d, "h")
    d2 = table({**QUIET, "mooks": "glass_jaw"}, heroes={"h": sheet()},
               villains={"goons": goons, "v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    assert state(d2).turn.order.order[0] == "goons"


@pytest.mark.rules("WS-MOOK-005")
def test_ignored_mooks_may_hold_off_and_are_not_asked_when_attacked() -> None:
    goons = {"named": False, "count": 3, "traits": {"Skill": 4, **SLOW}, "engaging": "h",
             "weapons": [{"name": "clubs", "damage": 10, "skill": "Skill"}]}  # fmt: skip
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet()},
              villains={"goons": goons, "v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    d.do("ann", "rollless", character="h", what="reloads")  # no roll, and the goons are ignored
    d.refuse("ann", "mook_strike", group="goons")  # the GM's decision
    events = d.do("gm", "mook_strike", group="goons", strike=False)
    assert "attack_rolled" not in types(events) and who(d, "h").shock == 0 and not state(d).offers
    d.refuse("gm", "mook_strike", group="goons")  # nothing waits now
    end_turn(d, "h")
    d2 = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(traits={"Agility": 4, "Guns": 4})},
               villains={"goons": goons})  # fmt: skip
    d2.do("ann", "attack", character="h", targets=["goons"])  # not ignored: no offer
    assert not [p for p in d2.prompts("gm") if p.kind == "mook_strike"]


# -- covering fire -------------------------------------------------------------------------------


@pytest.mark.rules("WS-COVER-001", "WS-COVER-002", "WS-COVER-003")
def test_s9__covering_fire_adds_cover_to_allies_defense() -> None:
    # src 70-72: Ranged Weapons + Perception 22 vs 10 -> PV 12 -> Cover 2; a second shooter's 1: Cover 3
    # for a, an ally "moving in the same line of fire"
    shooter = {"traits": {"Ranged Weapons": 9, "Perception": 5, "Agility": 9, "Wits": 9, "Luck": 9}}
    d = table({**QUIET, "covering_fire": True},
              heroes={"s1": sheet(**shooter), "s2": sheet(**shooter), "a": sheet()},
              villains={"v": sheet(traits={"Agility": 4, "Wits": 4, "Luck": 4})})  # fmt: skip
    assert last(d.do("ann", "cover", character="s1", dice=[9, 1]), "cover_laid")["cover"] == 2
    end_turn(d, "s1")
    assert last(d.do("ann", "cover", character="s2", dice=[6, 1]), "cover_laid")["cover"] == 1  # 19: PV 9
    end_turn(d, "s2")
    d.do("ann", "move", character="a")
    end_turn(d, "a")
    r = last(attack(d, "v", ["a"], [10, 10]), "attack_rolled")
    assert r["defense"] == 15  # 12 + 2 + 1


@pytest.mark.rules("WS-COVER-003")
def test_covering_fire_needs_the_rule_and_a_weapon_that_can() -> None:
    d = table(QUIET, heroes={"h": sheet()})
    d.refuse("ann", "cover", rule="WS-COVER-003", character="h")
    d2 = table({**QUIET, "covering_fire": True}, heroes={"h": sheet(weapons=[gun(5)])})
    err = d2.refuse("ann", "cover", rule="WS-COVER-003", character="h")
    assert "lay covering fire" in err.message  # unnamed: "None of H's weapons can lay covering fire."


@pytest.mark.rules("WS-COVER-004")
def test_s9__aggressive_covering_fire_attacks_whoever_moves() -> None:
    # src 74-76: Cover 2 -> a static attack of AV 12 on everyone moving in the line of fire
    shooter = {"traits": {"Ranged Weapons": 9, "Perception": 5, "Agility": 9, "Wits": 9, "Luck": 9}}
    d = table({**QUIET, "covering_fire": True}, heroes={"s": sheet(**shooter)},
              villains={"v": sheet(traits={"Agility": 4, "Wits": 4, "Luck": 4}, **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="s", aggressive=True, dice=[9, 1])
    end_turn(d, "s")
    d.do("gm", "move", character="v")
    events = d.do("gm", "defend", character="v", use=False)  # v may answer with an Active Defense (src 20)
    r = last(events, "attack_rolled")
    assert (r["av"], r["defense"], r["hit"], r["pv"]) == (12, 12, True, 6)
    assert who(d, "v").shock == 6


@pytest.mark.rules("WS-COVER-002")
def test_covering_fire_guards_only_allies_in_its_line_of_fire() -> None:
    # src 72: "Defense to any allies moving in the same line of fire": s covers a only; a and b move, and b,
    # off the line, keeps its Defense; an enemy is not an ally to cover (refused, nothing changes)
    shooter = {"traits": {"Ranged Weapons": 9, "Perception": 5, "Agility": 9, "Wits": 9, "Luck": 9}}
    d = table({**QUIET, "covering_fire": True}, heroes={"s": sheet(**shooter), "a": sheet(), "b": sheet()},
              villains={"v": sheet(traits={"Agility": 4, "Wits": 4, "Luck": 4})})  # fmt: skip
    d.refuse("ann", "cover", rule="WS-COVER-002", character="s", line=["v"])
    d.refuse("ann", "cover", rule="WS-COVER-002", character="s", line=["s"])
    d.do("ann", "cover", character="s", line=["a"], dice=[9, 1])  # Cover 2
    end_turn(d, "s")
    for cid in ("a", "b"):
        d.do("ann", "move", character=cid)
        end_turn(d, cid)
    rolled = all_of(attack(d, "v", ["a", "b"], [10, 10, 10, 10]), "attack_rolled")
    assert [(r["target"], r["defense"]) for r in rolled] == [("a", 14), ("b", 12)]  # b is off the line


@pytest.mark.rules("WS-COVER-004")
def test_aggressive_covering_fire_strikes_only_movers_in_its_line() -> None:
    # src 76: "a static Attack on all moving in the line of fire": v1 in the line is struck, v2 is not; the
    # shooter fires along the line, not in it (refused, nothing changes)
    shooter = {"traits": {"Ranged Weapons": 9, "Perception": 5, "Agility": 9, "Wits": 9, "Luck": 9}}
    slow = {"traits": {"Agility": 4, "Wits": 4, "Luck": 4}, **TOUGH}
    d = table({**QUIET, "covering_fire": True}, heroes={"s": sheet(**shooter), "a": sheet()},
              villains={"v1": sheet(**slow), "v2": sheet(**slow)})  # fmt: skip
    d.refuse("ann", "cover", rule="WS-COVER-004", character="s", aggressive=True, line=["s"])
    d.do("ann", "cover", character="s", aggressive=True, line=["v1"], dice=[9, 1])
    end_turn(d, "s")
    end_turn(d, "a")
    d.do("gm", "move", character="v1")
    struck = [
        e for e in d.do("gm", "defend", character="v1", use=False) if e.type == "workshop.attack_rolled"
    ]
    assert len(struck) == 1 and who(d, "v1").shock == 6
    end_turn(d, "v1")
    assert not [e for e in d.do("gm", "move", character="v2") if e.type == "workshop.attack_rolled"]
    assert who(d, "v2").shock == 0


# -- status effects ------------------------------------------------------------------------------


@pytest.mark.rules("WS-STATUS-001")
def test_bruised_impairs_the_next_action_by_five() -> None:
    d = table({**QUIET, "status_effects": True}, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW)})
    d.do("gm", "set_status", character="h", status="bruised")
    assert last(attack(d, "h", ["v"], [10, 10]), "attack_rolled")["modifier"] == -5
    assert not who(d, "h").has("bruised")


@pytest.mark.rules("WS-STATUS-001")
def test_bruised_impairs_the_next_defense_by_five() -> None:
    d = table({**QUIET, "status_effects": True}, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW)})
    d.do("gm", "set_status", character="v", status="bruised")
    assert last(attack(d, "h", ["v"], [10, 10]), "attack_rolled")["defense"] == 7
    assert not who(d, "v").has("bruised")


@pytest.mark.rules("WS-STATUS-002")
def test_battered_has_no_free_move() -> None:
    d = table({**QUIET, "status_effects": True}, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW)})
    d.do("gm", "set_status", character="h", status="battered")
    assert last(d.do("ann", "move", character="h"), "moved")["full"] is True  # the Action spent as the Move
    d.refuse("ann", "move", rule="WS-SEQ-003", character="h")


@pytest.mark.rules("WS-STATUS-003")
def test_broken_needs_four_thresholds_and_the_next_hit_incapacitates() -> None:
    d = table({**QUIET, "status_effects": True}, heroes={"h": sheet(weapons=[gun(20)])},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    d.refuse("gm", "set_status", rule="WS-STATUS-003", character="v", status="broken")
    attack(d, "h", ["v"], HIT)
    d.do("gm", "set_status", character="v", status="broken")
    end_turn(d, "h")
    end_turn(d, "v")
    events = attack(d, "h", ["v"], HIT)
    assert who(d, "v").standing is Standing.DOWN and last(events, "damaged")["broken"]


@pytest.mark.rules("WS-STATUS-001", "WS-STATUS-002", "WS-STATUS-003")
@pytest.mark.parametrize("status", ["bruised", "battered", "broken"])
def test_statuses_are_refused_when_the_rule_is_off(status: str) -> None:
    d = table(QUIET, heroes={"h": sheet()})
    d.refuse("gm", "set_status", rule="WS-STATUS-001", character="h", status=status)


# -- dramatic card draw ----------------------------------------------------------------------------


def _cards(config: dict[str, Any], dice: list[int], **hero: Any) -> Any:
    d = table({**QUIET, **config}, heroes={"h": sheet(**hero)}, villains={"v": sheet(traits=SLOW, **TOUGH)},
              start=False)  # fmt: skip
    return d, d.do("gm", "start_sequence", dice=dice or None)


@pytest.mark.rules("WS-CARD-001")
def test_a_card_per_faction_each_sequence_from_a_real_deck() -> None:
    # src 85-100: "draw a card for each Faction from a normal Deck": one deck; heroes draw the 1st card
    # (AS), villains the 4th of the 53 left (5S)
    d, events = _cards({"card_draw": True}, [1, 4])
    assert [(c["faction"], c["card"]) for c in all_of(events, "card_drawn")] == [
        ("heroes", "AS"),
        ("villains", "5S"),
    ]
    deck = state(d).decks[TABLE_DECK]
    assert len(deck) == 52 and "AS" not in deck and "5S" not in deck
    assert who(d, "h").has("inspired_all")  # Ace: all Actions Favored and Inspired
    end_turn(d, "h")
    events = end_turn(d, "v", dice=[51, 51])  # the next Sequence deals from 52 cards: the jokers sit last
    assert [c["card"] for c in all_of(events, "card_drawn")] == ["JK1", "JK2"]
    assert len(set(FULL_DECK)) == 54 and sum(c.startswith("JK") for c in FULL_DECK) == 2


@pytest.mark.rules("WS-CARD-001")
def test_no_cards_when_the_rule_is_off() -> None:
    _, events = _cards({}, [])
    assert "card_drawn" not in types(events)


@pytest.mark.rules("WS-CARD-001", "WS-CARD-003")
@pytest.mark.parametrize(("card", "favored", "inspired", "flags"), [
    ("AS", None, True, {"all_favored"}), ("KH", Favored.INTERACTION, True, set()),
    ("7C", Favored.OTHER, False, set()), ("10D", Favored.DECEIT, False, set()),
    ("4S", None, False, {"stymie"}), ("3H", None, False, {"confused"}), ("2C", None, False, {"setback"}),
    ("JK1", None, True, {"all_favored", "joker"}),
])  # fmt: skip
def test_t4_t5__card_meanings(card: str, favored: Favored | None, inspired: bool, flags: set[str]) -> None:
    e = effect_of(card)
    got = {n for n in ("all_favored", "stymie", "confused", "setback", "joker") if getattr(e, n)}
    assert (e.favored if card != "AS" else None, e.inspired, got) == (favored, inspired, flags)


@pytest.mark.rules("WS-CARD-002", "WS-CARD-003")
def test_a_successful_favored_action_earns_a_pool_point() -> None:
    # 5S: Combat is Favored for the heroes; a hit gives back a Shot (PROPOSED pool point = a Shot)
    d, _ = _cards({"card_draw": True}, [5, 1])
    h = who(d, "h")
    assert h.shots == 5
    events = attack(d, "h", ["v"], HIT)
    assert "pool point" in [s["status"] for s in all_of(events, "status_set")]
    assert who(d, "h").shots == 5  # already full: never above the Shot Count


@pytest.mark.rules("WS-CARD-002")
def test_the_pool_point_refills_a_spent_shot() -> None:
    d = table({**QUIET, "card_draw": True}, heroes={"h": sheet(traits={"Agility": 4, "Wits": 4, "Luck": 4})},
              villains={"v": sheet(**TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "start_sequence", dice=[5, 1])  # heroes 5S (Combat Favored); v acts first
    d.do("ann", "raise_initiative", character="h", shots=1)
    end_turn(d, "v")
    attack(d, "h", ["v"], HIT)
    assert who(d, "h").shots == 4


@pytest.mark.rules("WS-CARD-003")
def test_confused_factions_may_spend_no_shots() -> None:
    d = table({**QUIET, "card_draw": True}, heroes={"h": sheet(traits={"Agility": 4, "Wits": 4, "Luck": 4})},
              villains={"v": sheet(**TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "start_sequence", dice=[3, 1])  # heroes draw 3S: Confused
    err = d.refuse("ann", "raise_initiative", rule="WS-CARD-003", character="h", shots=1)
    assert "Confused" in err.message


@pytest.mark.rules("WS-CARD-004")
def test_the_joker_clears_shock_and_bandages_wounds() -> None:
    d = table({**QUIET, "card_draw": True, "wound_penalty": "per_wound"}, heroes={"h": sheet(**TOUGH)},
              villains={"v": sheet(traits=SLOW)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=10, dice=[1, 9])
    d.do("gm", "start_sequence", dice=[53, 1])
    h = who(d, "h")
    assert (h.shock, h.wounds, h.bandaged, h.has("inspired")) == (0, 2, 2, True)
    assert last(attack(d, "h", ["v"], [10, 10, 10]), "attack_rolled")["modifier"] == 0  # bandaged: no penalty
