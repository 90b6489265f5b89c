"""What a seat's menu offers the acting combatant: only what the rules would take now.

Played in the browser, a Workshop turn's menu kept every Action (attack, rest, an Action with no
roll, covering fire, healing...) after the Action was spent, and all of them while Shaken, so a
player clicked through refusals ("has taken this turn's Action already", "is Shaken: roll to steady
yourself first") to find the one move left; healing was offered with nobody to heal, covering fire
without a weapon that lays it, and starting the fight to the players. Each test checks the table still
refuses what is no longer offered, and every menu a test looks at is checked to hold only what the
table takes (:mod:`..offers_taken`).
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from tests.systems.offers_taken import refused_offers, refused_offers_in_sample
from tests.systems.workshop.helpers import RULESET, attack, end_turn, sheet, table, who
from tests.systems.workshop.test_referee import HIT, MISS, QUIET, SLOW, TOUGH, duel, gun, pool

#: the commands that are (or need) the turn's Action
ACTIONS = {"attack", "rollless", "rest", "cover", "steady", "revive", "stabilise", "treat"}
#: the Actions used on a patient
HEALING = {"revive", "stabilise", "treat"}


def offered(d: Driver, seat: str) -> set[str]:
    """The commands on ``seat``'s menu, each time checking every menu of the table holds only what the
    table takes when issued as offered (:func:`refused_offers`)."""
    assert refused_offers(d.table) == []
    return {c.command for c in d.table.legal_commands(seat)}


@pytest.mark.rules("WS-SEQ-003")
def test_once_the_action_is_spent_only_the_move_and_ending_the_turn_are_offered() -> None:
    # src 12: one Action and one Move a turn. h shoots v (no Shots: no defence), then may only move.
    d = duel()
    assert {"attack", "rollless", "rest", "move", "end_turn"} <= offered(d, "ann")
    attack(d, "h", ["v"], HIT)
    assert offered(d, "ann") & ACTIONS == set()
    assert {"move", "end_turn"} <= offered(d, "ann")
    d.refuse("ann", "attack", rule="WS-SEQ-003", character="h", targets=["v"])
    d.refuse("ann", "rollless", rule="WS-SEQ-003", character="h")
    d.do("ann", "move", character="h")
    assert "move" not in offered(d, "ann")  # the Move is gone too (the Action already was)
    d.refuse("ann", "move", rule="WS-SEQ-003", character="h")


@pytest.mark.rules("WS-SHAKEN-003")
def test_a_shaken_combatant_is_offered_steadying_before_any_action() -> None:
    # src 81: "At the beginning of an Action, you roll Willpower+Focus ... as an Action"; the free Move stays.
    d = duel({"shaken": True}, damage=3, traits=pool(4))
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    assert who(d, "v").has("shaken")
    # resting is doing nothing (src 58), which the table takes from a Shaken combatant too
    assert offered(d, "gm") & ACTIONS == {"steady", "rest"}
    assert "move" in offered(d, "gm")
    d.refuse("gm", "attack", rule="WS-SHAKEN-003", character="v", targets=["h"])
    d.do("gm", "steady", character="v", dice=MISS)  # 10 + 0 vs 20 fails: still Shaken, the Action spent
    assert offered(d, "gm") & ACTIONS == set()
    assert "move" in offered(d, "gm")


@pytest.mark.rules("WS-KNOCK-001")
def test_knocked_down_getting_up_is_offered_and_moving_is_not() -> None:
    # src 106: "getting up costs a Move"
    d = duel({"knockback": True})
    assert "get_up" not in offered(d, "ann")
    d.do("gm", "set_status", character="h", status="knocked_down")
    assert "get_up" in offered(d, "ann") and "move" not in offered(d, "ann")
    d.refuse("ann", "move", rule="WS-KNOCK-001", character="h")
    d.do("ann", "get_up", character="h")
    assert "get_up" not in offered(d, "ann")


@pytest.mark.rules("WS-DMG-006")
def test_rest_is_offered_only_to_a_turn_of_nothing_else() -> None:
    # src 58: "a Sequence spent doing nothing but resting": not once the Move is taken
    d = duel()
    assert "rest" in offered(d, "ann")
    d.do("ann", "move", character="h")
    assert "rest" not in offered(d, "ann")
    d.refuse("ann", "rest", rule="WS-DMG-006", character="h")


@pytest.mark.rules("WS-COVER-003", "WS-COVER-001")
def test_covering_fire_is_offered_only_at_a_table_that_uses_it_with_a_weapon_that_lays_it() -> None:
    # src 72: "A weapon capable of Covering Fire may be used to provide Covering Fire"
    assert "cover" not in offered(duel(), "ann")
    d = duel({"covering_fire": True})  # h's gun is not such a weapon
    assert "cover" not in offered(d, "ann")
    d.refuse("ann", "cover", rule="WS-COVER-003", character="h")
    pistol = {**gun(6), "name": "pistol", "covering_fire": True}
    d = table({**QUIET, "covering_fire": True}, heroes={"h": sheet(weapons=[pistol])},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    assert "cover" in offered(d, "ann")
    d.do("ann", "cover", character="h", dice=HIT)


@pytest.mark.rules("WS-SHOCK-002", "WS-DARK-002", "WS-WPEN-004")
@pytest.mark.parametrize(
    ("command", "rule", "patient", "shock_dice"),
    [
        ("treat", "WS-WPEN-004", {"toughness": 50, "metres": 5}, []),  # 1 Wound, still up
        ("stabilise", "WS-DARK-002", {"toughness": 1, "metres": 5}, []),  # 1 Wound on Toughness 1: dying
        ("revive", "WS-SHOCK-002", {"toughness": 50, "metres": 10}, [1, 9]),  # Shock 10 - 8 = 2 vs 15: out
    ],
)
def test_a_healing_action_is_offered_only_with_someone_to_use_it_on(
    command: str, rule: str, patient: dict[str, int], shock_dice: list[int]
) -> None:
    # src 118-120 (revive the knocked out), src 150 (stabilise the dying), WS-WPEN-004 (treat Wounds):
    # with everyone up and unhurt, there is no one to use the Action on
    d = duel({"shock_roll": bool(shock_dice)})
    assert offered(d, "ann") & HEALING == set()
    assert "rollless" in offered(d, "ann")  # the Action itself is free
    d.refuse("ann", command, rule=rule, character="h", patient="v")  # v is up and unhurt
    metres = patient.pop("metres")
    d.do("gm", "add_character", id="p", **sheet(traits=SLOW, health=100, **patient))
    d.do("gm", "fall", character="p", metres=metres, dice=[1, 9, *shock_dice])  # 4 - 8: nothing off
    assert command in offered(d, "ann")
    d.do("ann", command, character="h", patient="p", dice=HIT)


@pytest.mark.rules("WS-SEQ-001")
def test_starting_the_fight_is_offered_to_the_gm_alone() -> None:
    # the GM starts the fight (its authority); a player's menu showed it, refused when chosen
    d = table(heroes={"h": sheet()}, villains={"v": sheet()}, start=False)
    assert "start_sequence" in offered(d, "gm")
    assert "start_sequence" not in offered(d, "ann")
    d.refuse("ann", "start_sequence", error=NotPermitted)


def test_the_sample_sessions_menus_hold_only_what_the_table_takes() -> None:
    assert refused_offers_in_sample(RULESET) == []


@pytest.mark.rules("WS-SHOT-005", "WS-SHOT-004")
def test_no_interrupt_is_offered_while_someone_acts_out_of_sequence() -> None:
    # src 25, 27: h buys an Action out of Sequence on v's turn; while it runs, g (Initiative still to come)
    # is offered no interrupt, which the table refuses ("H is acting out of Sequence now"); the raise is
    # still offered and taken.
    d = table(QUIET, heroes={"h": sheet(traits=pool(6)), "g": sheet(traits=pool(3))},
              villains={"v": sheet(traits=pool(5), **TOUGH)})  # fmt: skip
    end_turn(d, "h")
    d.do("ann", "extra_action", character="h")
    menu = offered(d, "ann")
    assert "interrupt" not in menu and "raise_initiative" in menu
    d.refuse("ann", "interrupt", rule="WS-SHOT-004", character="g")
