"""A tenth outside referee's pass over the Workshop table: knockback and walls, turns, who may do what.

Situations written from the seed alone (``/work/shared/seeds/003_591d797dc594aa73.txt``, cited "src N",
first copy), skipping what the earlier passes pin: knockback reckoned on the Damage after Soak and a
crash that Soak does not lessen; walls out of reach or just reached; a villain's split at two players'
heroes (who is asked, who sees what); a Shaken healer; out-of-turn and other-seat refusals; the GM's
commands refused to players; what rest heals; an interrupter that acts once; a Stun on an empty pool.

Each case: the situation, the dice in order (a positive then a negative d10, a face of 10 reads 0, then
any extra positive d10s), the outcome the seed demands and the seed line. The hero ``h`` (Agility 5 +
Guns 4 = 9) shoots at Defense 12; dice 9 and 1 make 17, a hit; PV = weapon Damage - Soak.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import all_of, attack, end_turn, sheet, state, table, who
from tests.systems.workshop.test_referee import HIT, MISS, QUIET, SLOW, TOUGH, duel, gun, pool


def said(d: Driver, seat: str, since: int) -> list[str]:
    """The lines ``seat`` reads from log entry ``since`` on."""
    return d.words(seat, since=since)


def mark(d: Driver) -> int:
    """Where the log stands now (for ``said``)."""
    return d.table.version


# -- knockback and walls (src 54, 107) ----------------------------------------------------------------------


@pytest.mark.rules("WS-KNOCK-002", "WS-DMG-001")
def test_t01__knockback_reckons_the_damage_left_after_soak() -> None:
    # src 54: "you take Damage equal to the PV": gun 12 - Soak 4 = 8. src 107: "For every 5 points of Damage
    # more than your Mass Value, you are flung 1 meter backwards": (8 - 0) / 5 = 1 m, not the 2 m the gun's
    # 12 would make.
    d = duel({"knockback": True}, damage=12, mass=0, soak=4)
    at = mark(d)
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").shock == 8
    assert "V is knocked back 1 m and down." in said(d, "ann", at)


@pytest.mark.rules("WS-KNOCK-003")
def test_t02__a_wall_beyond_the_flight_is_never_reached() -> None:
    # src 107: 12 Damage over Mass 0 flings V 2 m; the wall stands 3 m behind: V lands short of it, no crash
    # ("Knockback into a solid object" needs the object). Shock stays the hit's 12.
    d = duel({"knockback": True}, damage=12, mass=0)
    at = mark(d)
    events = attack(d, "h", ["v"], HIT, wall_at=3)
    assert [e["damage"] for e in all_of(events, "damaged")] == [12]
    assert (who(d, "v").shock, who(d, "v").has("knocked_down")) == (12, True)
    assert "V is knocked back 2 m and down." in said(d, "ann", at)


@pytest.mark.rules("WS-KNOCK-003")
def test_t03__a_wall_reached_at_the_end_of_the_flight_leaves_no_distance_to_hurt() -> None:
    # src 107: "Knockback into a solid object causes Damage equal to the distance left": flung 2 m into a wall
    # 2 m behind, 0 m is left: no crash Damage to V (Shock 12, the hit's alone).
    d = duel({"knockback": True}, damage=12, mass=0)
    events = attack(d, "h", ["v"], HIT, wall_at=2)
    assert [e["damage"] for e in all_of(events, "damaged")] == [12]
    assert who(d, "v").shock == 12


@pytest.mark.rules("WS-KNOCK-003", "WS-DMG-001")
def test_t04__soak_does_not_lessen_the_crash() -> None:
    # src 107: the crash "causes Damage equal to the distance left" - Damage itself, not an attack's PV: gun
    # 16 - Soak 4 = 12, 2 m back into a wall right behind: 2 more Damage (not 2 - 4 = 0). Shock 12 + 2 = 14.
    d = duel({"knockback": True}, damage=16, mass=0, soak=4)
    events = attack(d, "h", ["v"], HIT, wall_at=0)
    assert [e["damage"] for e in all_of(events, "damaged")] == [12, 2]
    assert who(d, "v").shock == 14


# -- a villain's split at two players' heroes (src 20, 31) --------------------------------------------------


def two_heroes() -> Driver:
    """Ann's h (5 Shots) and Bo's k (4 Shots) against v (6 Shots, acts first)."""
    d = table(QUIET, heroes={"h": sheet(**TOUGH)}, villains={"v": sheet(traits=pool(6), **TOUGH)},
              start=False)  # fmt: skip
    d.do("gm", "add_character", id="k", owner="bo", **sheet(traits=pool(4), **TOUGH))
    d.do("gm", "start_sequence")
    assert state(d).turn.current == "v"
    return d


@pytest.mark.rules("WS-SHOT-003", "WS-CORE-003", "WS-SNAP-001")
def test_t05__a_split_at_two_heroes_asks_each_player_for_their_own_hero_only() -> None:
    # src 31: v splits its Action at h and k (-3 each); src 20: each target's player decides the Shot for an
    # Active Defense. Ann is asked (and sees) only h's question, Bo only k's; the GM sees both. Bo may not
    # answer for h. Ann spends (h 5 -> 4, Defense 17), Bo keeps k's Shots: AV 6 + 4 - 3 + 8 = 15 misses h
    # (17) and hits k (12).
    d = two_heroes()
    d.do("gm", "attack", character="v", targets=["h", "k"])
    asked = {s: [p.id for p in d.prompts(s) if p.kind == "active_defense"] for s in ("gm", "ann", "bo")}
    assert (len(asked["gm"]), len(asked["ann"]), len(asked["bo"])) == (2, 1, 1)
    assert asked["ann"] != asked["bo"]
    for seat in ("ann", "bo"):
        shown = [p["id"] for p in d.view(seat)["prompts"] if p.get("kind") == "active_defense"]
        assert shown == asked[seat], seat
    d.refuse("bo", "answer", prompt=asked["ann"][0], option="yes")
    d.refuse("bo", "defend", error=NotPermitted, character="h", use=True)
    d.do("ann", "defend", character="h", use=True)
    events = d.do("bo", "defend", character="k", use=False, dice=[9, 1, 9, 1])
    got = [(r["target"], r["av"], r["defense"], r["hit"]) for r in all_of(events, "attack_rolled")]
    assert got == [("h", 15, 17, False), ("k", 15, 12, True)]
    assert (who(d, "h").shots, who(d, "k").shots) == (4, 4)


# -- refusals: out of turn, for another's character, in the GM's place (src 12, 25) -------------------------


@pytest.mark.rules("WS-SEQ-003")
@pytest.mark.parametrize(
    ("command", "fields"),
    [
        ("move", {}),
        ("rest", {}),
        ("rollless", {"what": "reloads"}),
        ("cover", {}),
        ("treat", {"patient": "h"}),
    ],
)
def test_t06__own_turn_moves_are_refused_while_another_is_up(command: str, fields: dict[str, Any]) -> None:
    # src 12: "Each time your Initiative comes up, you may take an Action ... and a Move"; out of turn only
    # what the Shots buy (src 18-25). v (6) is up: h's Move, rest, reload, covering fire or treatment now is
    # refused in one sentence, and nothing changes.
    d = table({**QUIET, "covering_fire": True}, heroes={"h": sheet(**TOUGH)},
              villains={"v": sheet(traits=pool(6), **TOUGH)})  # fmt: skip
    d.do("gm", "fall", character="h", metres=5, dice=[1, 9])  # Stunt 3 + Agility 5 + 1 - 9 = 0: 1 Wound
    assert state(d).turn.current == "v"
    err = d.refuse("ann", command, character="h", **fields)
    assert "\n" not in err.message


@pytest.mark.rules("WS-SEQ-003", "WS-SHOT-004", "WS-SHOT-005")
@pytest.mark.parametrize(
    ("command", "fields"),
    [("move", {}), ("end_turn", {}), ("extra_action", {}), ("interrupt", {"shots": 1}), ("rest", {})],
)
def test_t07__bo_may_not_spend_anns_heros_turn_or_shots(command: str, fields: dict[str, Any]) -> None:
    # The hero's player acts for it: Bo may not move h, end h's turn, rest it, or spend h's Shots on an
    # Action out of Sequence (src 25) or an interrupt (src 27).
    d = two_heroes()
    if command in {"move", "end_turn", "rest"}:
        end_turn(d, "v")
        assert state(d).turn.current == "h"
    elif command == "extra_action":
        end_turn(d, "v")
        end_turn(d, "h")
    d.refuse("bo", command, error=NotPermitted, character="h", **fields)


@pytest.mark.rules("WS-STATUS-001", "WS-DMG-007", "WS-DMG-010")
@pytest.mark.parametrize(
    ("command", "fields"),
    [
        ("set_status", {"character": "h", "status": "bruised", "on": False}),
        ("set_status", {"character": "v", "status": "bruised"}),
        ("pass_time", {"minutes": 10}),
        ("fall", {"character": "v", "metres": 20}),
        ("gm_note", {"text": "v is bluffing"}),
    ],
)
def test_t08__a_player_may_not_do_the_gms_work(command: str, fields: dict[str, Any]) -> None:
    # The GM disposes: statuses (src 179-189 give no way in but the GM's), time passing (src 60's ten
    # minutes), falls (src 64). Ann may not lift her own hero's Bruise, bruise the villain, let ten minutes
    # pass, drop the villain 20 m or write the GM's notes.
    d = duel({"status_effects": True})
    d.do("gm", "set_status", character="h", status="bruised")
    d.refuse("ann", command, error=NotPermitted, **fields)


# -- healing limits (src 58, 111, 120, 150) -----------------------------------------------------------------


@pytest.mark.rules("WS-DMG-006")
def test_t09__rest_regains_a_shock_point_and_heals_no_wound() -> None:
    # src 58: "If you do nothing but rest during a Sequence, you regain 1 Shock point": a 7 m fall (Stunt 3 +
    # Agility 5 + 1 - 9 = 0 saves nothing) is 7 Shock, 1 Wound; a Sequence of rest leaves 6 Shock and the
    # Wound. The line says so.
    d = table(QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits=pool(6), **TOUGH)}, start=False)
    d.do("gm", "fall", character="h", metres=7, dice=[1, 9])
    d.do("gm", "start_sequence")
    end_turn(d, "v")
    at = mark(d)
    d.do("ann", "rest", character="h")
    end_turn(d, "h")
    assert (who(d, "h").shock, who(d, "h").wounds) == (6, 1)
    assert "Sequence 1 ends: H's Shock goes from 7 to 6 (a Sequence of rest)." in said(d, "bo", at)


@pytest.mark.rules("WS-SHOCK-002", "WS-WPEN-004")
@pytest.mark.parametrize("command", ["revive", "treat"])
def test_t10__no_healing_roll_on_a_patient_with_nothing_to_heal(command: str) -> None:
    # src 120: Physician + Wits wakes one knocked out "prematurely": k is awake; PROPOSED WS-WPEN-004:
    # treatment bandages Wounds: k has none. The roll is refused, h's Action unspent (h still shoots).
    d = table(QUIET, heroes={"h": sheet(), "k": sheet(traits=pool(4))},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    err = d.refuse("ann", command, character="h", patient="k", dice=HIT)
    assert "\n" not in err.message
    assert all_of(attack(d, "h", ["v"], MISS), "attack_rolled")


@pytest.mark.rules("WS-SHAKEN-003", "WS-SHAKEN-001")
@pytest.mark.parametrize(
    ("command", "fields"),
    [("treat", {"patient": "k"}), ("rollless", {"what": "reloads"})],
)
def test_t11__a_shaken_healer_steadies_before_any_action(command: str, fields: dict[str, Any]) -> None:
    # src 81: Shaken, "At the beginning of an Action, you roll Willpower+Focus Difficulty 10+10 as an Action.
    # If you succeed, you are no longer Shaken and may perform Actions normally": h, shaken by a 3 m fall
    # (3 Shock), may not bandage k's Wound or reload before steadying.
    d = table({**QUIET, "shaken": True}, heroes={"h": sheet(**TOUGH), "k": sheet(traits=pool(4), **TOUGH)},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=3, dice=[1, 9])  # 8 + 1 - 9 = 0: 3 Damage
    d.do("gm", "fall", character="k", metres=5, dice=[1, 9])  # 5 Damage: 1 Wound
    d.do("gm", "start_sequence")
    assert who(d, "h").has("shaken") and state(d).turn.current == "h"
    d.refuse("ann", command, rule="WS-SHAKEN-003", character="h", dice=HIT, **fields)


# -- acting in order (src 12, 25, 27) -----------------------------------------------------------------------


@pytest.mark.rules("WS-SHOT-005", "WS-SHOT-004")
def test_t12__no_interrupt_once_ones_initiative_has_passed() -> None:
    # src 27: an interrupt raises one's Initiative to act sooner; src 25: after one's normal Initiative,
    # acting again costs 3 Shots. h (5) has had its turn; while v (4) acts, h's 1-Shot bid is refused, its
    # Shots kept.
    d = table(QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits=pool(4), **TOUGH)})
    end_turn(d, "h")
    assert state(d).turn.current == "v"
    d.refuse("ann", "interrupt", character="h", shots=1)
    assert who(d, "h").shots == 5


@pytest.mark.rules("WS-SHOT-005", "WS-SEQ-002")
def test_t13__an_interrupter_acts_once_and_the_order_goes_on_without_it() -> None:
    # src 12, 27: v 6, b 5, c 4. c bids 1 Shot (4 + 5 = 9 > 6), v lets it be: c acts, then v, then b; c's
    # Initiative has been used, so the Sequence ends with b and c is not up again.
    d = table(QUIET, heroes={"b": sheet(traits=pool(5)), "c": sheet(traits=pool(4))},
              villains={"v": sheet(traits=pool(6), **TOUGH)})  # fmt: skip
    d.do("ann", "interrupt", character="c", shots=1)
    d.do("gm", "counter", character="v", shots=0)
    up = []
    while state(d).turn.sequence == 1:
        up.append(state(d).turn.current)
        end_turn(d, state(d).turn.current)
    assert up == ["c", "v", "b"]


# -- Shots and Stun (src 20, 124) ---------------------------------------------------------------------------


@pytest.mark.rules("WS-SHOCK-003", "WS-SHOT-003")
def test_t14__the_last_shot_spent_on_defense_leaves_the_stun_nothing_to_take() -> None:
    # src 20: v spends its only Shot on an Active Defense (Defense 17); AV 17 still hits (Outcome 0): 10
    # Damage, 2 Wounds. src 124: a Shot per Wound, but the pool is empty: it stays 0, never below.
    d = duel({"stun": True}, damage=10, traits=pool(1))
    at = mark(d)
    attack(d, "h", ["v"], HIT, defend={"v": True})
    assert who(d, "v").shots == 0
    assert "V takes 10 Damage: 10 Shock, 2 Wounds (Stunned: no Shot left to lose)." in said(d, "ann", at)


@pytest.mark.rules("WS-SHOCK-003", "WS-SHOT-004")
def test_t15__stunned_below_three_shots_buys_no_action_out_of_sequence() -> None:
    # src 124: h (4 Shots, has acted) takes v's 10 (2 Wounds): 4 -> 2; src 25: 3 Shots buy an Action out of
    # Sequence, and 2 do not: refused, nothing spent.
    d = table({**QUIET, "stun": True}, heroes={"h": sheet(traits=pool(4), **TOUGH)},
              villains={"v": sheet(traits=pool(3), weapons=[gun(10)], **TOUGH)})  # fmt: skip
    end_turn(d, "h")
    attack(d, "v", ["h"], HIT, defend={"h": False})
    assert who(d, "h").shots == 2
    d.refuse("ann", "extra_action", rule="WS-SHOT-004", character="h")
    assert who(d, "h").shots == 2


@pytest.mark.rules("WS-DMG-004", "WS-SNAP-001")
def test_t16__down_on_the_first_snapshot_no_active_defense_is_asked_for_the_second() -> None:
    # src 31: two snapshots at -3 (AV 9 - 3 + 8 = 14 vs 12): the first's 12 Damage meets v's Health 12: src
    # 54 "you fall down, unable to act", so v (who still has its 3 Shots) makes no Active Defense against
    # the second. One question (before the first), both snapshots rolled.
    d = duel(damage=12, traits=pool(3), health=12)
    events = attack(d, "h", ["v", "v"], [*HIT, *HIT])
    assert len(all_of(events, "attack_rolled")) == 2
    assert who(d, "v").standing == Standing.DOWN
    assert who(d, "v").shots == 3


# -- what the table says of the bids (src 21, 27) --------------------------------------------------------


@pytest.mark.rules("WS-SHOT-005")
@pytest.mark.parametrize(("bid", "first"), [(1, "V"), (2, "C")])
def test_t17__a_counter_bid_reads_the_shots_it_spends_and_its_initiative(bid: int, first: str) -> None:
    # src 27: "they may spend more Shots to act quicker (in essence they are raising their own Initiative)": c
    # (4) bids against v (6); v answers with 1 Shot: 6 + 5 = 11. Against c's 1 Shot (9) v keeps the turn,
    # against 2 (14) c goes first. Every seat reads what v spent and the Initiative it made (before: only
    # "The interrupt is settled: V acts first.", the Shot spent and the 11 unsaid).
    d = table(QUIET, heroes={"c": sheet(traits=pool(4))}, villains={"v": sheet(traits=pool(6), **TOUGH)})
    d.do("ann", "interrupt", character="c", shots=bid)
    at = mark(d)
    d.do("gm", "counter", character="v", shots=1)
    assert (who(d, "v").shots, state(d).turn.current) == (5, first.lower())
    line = f"The interrupt is settled: V counters with 1 Shot (Initiative 11); {first} acts first."
    for seat in ("gm", "ann", "bo"):
        assert line in said(d, seat, at), seat


@pytest.mark.rules("WS-SHOT-004", "WS-SHOT-005")
def test_t18__no_action_out_of_sequence_while_an_interrupt_waits_and_the_refusal_says_so() -> None:
    # src 25, 27: h (8, has acted) wants 3 Shots' Action while k's bid against v waits for v's answer. Nobody
    # is acting out of Sequence: the refusal names the bid waiting (before: "Someone else is acting out of
    # Sequence now"), and h keeps its Shots. Once v answers, h may buy the Action.
    d = table(QUIET, heroes={"h": sheet(traits=pool(8)), "k": sheet(traits=pool(4))},
              villains={"v": sheet(traits=pool(6), **TOUGH)})  # fmt: skip
    end_turn(d, "h")
    d.do("ann", "interrupt", character="k", shots=1)
    err = d.refuse("ann", "extra_action", rule="WS-SHOT-004", character="h")
    assert err.message == "An interrupt is waiting for its answer."
    d.do("gm", "counter", character="v", shots=0)
    d.do("ann", "extra_action", character="h")
    assert (who(d, "h").shots, state(d).turn.extra) == (5, "h")


@pytest.mark.rules("WS-SHOT-004", "WS-CORE-003")
def test_t19__no_action_out_of_sequence_while_an_attack_waits_for_its_answer() -> None:
    # src 20, 25: v shoots at k, who is asked for an Active Defense; h (acted) may not slip a bought Action in
    # before the answer: the refusal says the attack waits (before: "Someone else is acting out of Sequence").
    d = table(QUIET, heroes={"h": sheet(traits=pool(8)), "k": sheet(traits=pool(4))},
              villains={"v": sheet(traits=pool(6), **TOUGH)})  # fmt: skip
    end_turn(d, "h")
    d.do("gm", "attack", character="v", targets=["k"])
    err = d.refuse("ann", "extra_action", rule="WS-SHOT-004", character="h")
    assert err.message == "An attack is waiting for its defenders' answers."
    assert who(d, "h").shots == 8


# -- healing by the cards (src 87) ---------------------------------------------------------------------------


@pytest.mark.rules("WS-CARD-004")
def test_t20__the_joker_heals_its_own_faction_and_leaves_the_other_hurt() -> None:
    # src 87: "Joker: All Shock points are regained, Wounds are bandaged" (PROPOSED WS-CARD-004: that Faction
    # only). h and v each fall 7 m: h's Stunt 3 + Agility 5 + 1 - 9 = 0 and v's 3 + 1 + 1 - 9 = -4 save
    # nothing: 7 Shock, 1 Wound each. The heroes draw a Joker (the 53rd card): h's Shock is 0 and its Wound
    # bandaged; v, of the villains, keeps its 7 Shock and an untreated Wound.
    d = table({**QUIET, "card_draw": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=7, dice=[1, 9])
    d.do("gm", "fall", character="v", metres=7, dice=[1, 9])
    d.do("gm", "start_sequence", dice=[53, 1])
    assert state(d).turn.cards["heroes"].startswith("JK")
    assert (who(d, "h").shock, who(d, "h").wounds, who(d, "h").bandaged) == (0, 1, 1)
    assert (who(d, "v").shock, who(d, "v").wounds, who(d, "v").bandaged) == (7, 1, 0)
