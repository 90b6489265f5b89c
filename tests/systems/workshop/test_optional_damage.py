"""Optional rules that follow a hit, each switched on and off (worked examples S1, S11-S17, S20).

The hero ``h`` (Agility 5 + Guns 4 = 9) shoots ``v`` (Defense 12) with dice 9 and 1: 17, a hit. Under
the default effect-values model PV = weapon Damage - Soak, so each case sets the PV by the gun.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine import Event
from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import attack, end_turn, last, sheet, state, table, types, who

QUIET = {"shock_roll": False, "wake_rolls": False, "wound_penalty": "none"}
TOUGH = {"health": 100, "toughness": 50}
SLOW = {"Agility": 1, "Wits": 1, "Luck": 0}
HIT = [9, 1]


def gun(damage: int) -> dict[str, Any]:
    return {"name": "gun", "attribute": "Agility", "skill": "Guns", "damage": damage}


def shot(
    config: dict[str, Any], damage: int, dice: list[int] | None = None, **victim: Any
) -> tuple[Driver, list[Event]]:
    """``h`` hits ``v`` for ``damage`` PV with ``config`` over QUIET; more dice after the attack's."""
    traits = {**SLOW, **victim.pop("traits", {})}
    d = table({**QUIET, **config}, heroes={"h": sheet(weapons=[gun(damage)])},
              villains={"v": sheet(traits=traits, **{**TOUGH, **victim})})  # fmt: skip
    return d, attack(d, "h", ["v"], [*HIT, *(dice or [])])


# -- Shaken ----------------------------------------------------------------------------------------


@pytest.mark.rules("WS-SHAKEN-001")
@pytest.mark.parametrize(("on", "damage", "shaken"), [(True, 1, True), (True, 0, False), (False, 3, False)])
def test_s18__a_shock_point_shakes(on: bool, damage: int, shaken: bool) -> None:
    d, _ = shot({"shaken": on}, damage)
    assert who(d, "v").has("shaken") is shaken


@pytest.mark.rules("WS-SHAKEN-002", "WS-SHAKEN-003")
def test_a_shaken_character_makes_no_active_defense_and_must_steady_first() -> None:
    d, _ = shot({"shaken": True}, 3, traits={"Agility": 5, "Wits": 5, "Luck": 5, "Willpower": 7})
    assert who(d, "v").shots == 5
    end_turn(d, "h")
    d.refuse("gm", "attack", rule="WS-SHAKEN-003", character="v", targets=["h"])
    events = d.do("gm", "steady", character="v", dice=[9, 1])  # 7 + 5 + 8 = 20 vs 20 (PROPOSED "10+10")
    r = last(events, "rolled")
    assert (r["what"], r["difficulty"], r["success"]) == ("steady", 20, True)
    assert not who(d, "v").has("shaken")
    d.refuse("gm", "attack", rule="WS-SEQ-003", character="v", targets=["h"])  # steadying was the Action
    d2, _ = shot({"shaken": True}, 3, traits={"Agility": 5, "Wits": 5, "Luck": 5})
    end_turn(d2, "h")
    end_turn(d2, "v")  # Sequence 2: h attacks the Shaken v again: no Active Defense prompt
    d2.do("ann", "attack", character="h", targets=["v"], dice=[10, 10])
    assert not [p for p in d2.table.prompts() if p.kind == "active_defense"]


# -- wound penalties -------------------------------------------------------------------------------


def _penalised(config: dict[str, Any], falls: list[int], **victim: Any) -> int:
    """v takes ``falls`` (no reduction), then attacks h on its turn: the modifier of its roll."""
    traits = {**SLOW, **victim.pop("traits", {})}
    d = table(
        {**QUIET, **config},
        heroes={"h": sheet()},
        villains={"v": sheet(traits=traits, **{**TOUGH, **victim})},
    )
    for metres in falls:
        d.do("gm", "fall", character="v", metres=metres, dice=[1, 9])
    end_turn(d, "h")
    events = attack(d, "v", ["h"], [10, 10])
    return int(last(events, "attack_rolled")["modifier"])


@pytest.mark.rules("WS-WPEN-001", "WS-WPEN-004")
@pytest.mark.parametrize(("model", "penalty"), [("per_wound", -2), ("none", 0)])
def test_each_untreated_wound_is_a_point_of_impairment(model: str, penalty: int) -> None:
    assert _penalised({"wound_penalty": model}, [5, 5]) == penalty


@pytest.mark.rules("WS-WPEN-004")
def test_treated_wounds_give_no_penalty() -> None:
    d = table({**QUIET, "wound_penalty": "per_wound"}, heroes={"h": sheet(traits={"Physician": 6})},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    d.do("gm", "fall", character="h", metres=10, dice=[1, 9])
    events = d.do("ann", "treat", character="h", patient="h", dice=[5, 1])  # 6 + 5 + 4 - 2 = 13 vs 15
    assert last(events, "rolled")["success"] is False
    assert who(d, "h").bandaged == 0
    end_turn(d, "h")
    end_turn(d, "v")
    d.do("ann", "treat", character="h", patient="h", dice=[8, 1])  # 6 + 5 + 7 - 2 = 16 vs 15
    assert who(d, "h").bandaged == 2
    d.refuse("ann", "treat", rule="WS-WPEN-004", character="h", patient="h")


@pytest.mark.rules("WS-WPEN-002")
@pytest.mark.parametrize(
    ("toughness", "wounds", "penalty"), [(8, 2, -2), (8, 1, -1), (10, 9, -5), (4, 1, -2)]
)
def test_s13__percentile_wound_penalty(toughness: int, wounds: int, penalty: int) -> None:
    # src 113-116, T6 (PROPOSED: percentage of Toughness)
    assert (
        _penalised({"wound_penalty": "percentile"}, [5] * wounds, toughness=toughness, health=100) == penalty
    )


@pytest.mark.rules("WS-WPEN-003")
def test_s14__wound_seriousness_only_the_worst_impairs() -> None:
    # src 144-146: one attack of 3 Wounds -> -4; an earlier 1-Wound hit (-1) is superseded
    assert _penalised({"wound_penalty": "seriousness"}, [5]) == -1
    assert _penalised({"wound_penalty": "seriousness"}, [5, 15]) == -4
    assert _penalised({"wound_penalty": "seriousness"}, [10]) == -2
    assert _penalised({"wound_penalty": "seriousness"}, [20]) == -8


@pytest.mark.rules("WS-WPEN-003")
@pytest.mark.parametrize(("model", "standing"), [("seriousness", Standing.DEAD), ("per_wound", Standing.UP)])
def test_more_than_four_wounds_in_one_attack_is_death(model: str, standing: Standing) -> None:
    d, _events = shot({"wound_penalty": model}, 25)
    assert who(d, "v").standing is standing


# -- Shock roll, Stun, Massive Damage, cinematic wounds -----------------------------------------------


@pytest.mark.rules("WS-SHOCK-001", "WS-SHOCK-002")
def test_s11__a_failed_shock_roll_knocks_out_for_the_margin() -> None:
    # src 118-120: 2 Wounds -> Willpower + Focus vs 15; 11 fails by 4 -> 4 Sequences; Physician + Wits vs 4
    d, events = shot({"shock_roll": True, "wound_penalty": "per_wound"}, 10, dice=[4, 1],
                     traits={"Willpower": 5, "Focus": 5})  # fmt: skip
    r = last(events, "rolled")
    assert (r["what"], r["difficulty"], r["total"], r["success"]) == ("shock", 15, 11, False)
    v = who(d, "v")
    assert (v.standing, v.wake_at, v.revive_difficulty) == (Standing.DOWN, state(d).clock + 4, 4)
    d.do("ann", "move", character="h")
    end_turn(d, "h")  # Sequence 2 (v cannot act)
    events = d.do("ann", "revive", character="h", patient="v", dice=[1, 10])  # 4 + 5 + 1 = 10 vs 4
    assert last(events, "rolled")["difficulty"] == 4
    assert who(d, "v").standing is Standing.UP


@pytest.mark.rules("WS-SHOCK-002")
def test_the_shock_knockout_ends_after_its_sequences() -> None:
    d, _ = shot({"shock_roll": True, "wound_penalty": "per_wound"}, 10, dice=[4, 1],
                traits={"Willpower": 5, "Focus": 5})  # fmt: skip
    for _ in range(3):
        end_turn(d, "h")
        assert who(d, "v").standing is Standing.DOWN
    end_turn(d, "h")  # the fourth Sequence after the knockout starts: awake
    assert who(d, "v").standing is Standing.UP


@pytest.mark.rules("WS-SHOCK-001")
@pytest.mark.parametrize(("on", "damage", "rolls"), [(True, 5, 1), (True, 4, 0), (False, 10, 0)])
def test_the_shock_roll_is_a_switch_and_needs_a_wound(on: bool, damage: int, rolls: int) -> None:
    _d, events = shot({"shock_roll": on}, damage, dice=[9, 1] * rolls, traits={"Willpower": 5, "Focus": 5})
    assert types(events).count("rolled") == rolls


@pytest.mark.rules("WS-SHOCK-003")
@pytest.mark.parametrize(("on", "shots"), [(True, 0), (False, 2)])
def test_s12__stun_loses_a_shot_per_wound(on: bool, shots: int) -> None:
    # src 122-124: 3 Wounds in one attack -> 3 Shots lost (pool 2 -> 0)
    d, _ = shot({"stun": on}, 15, traits={"Agility": 2, "Wits": 2, "Luck": 2})
    assert who(d, "v").shots == shots


@pytest.mark.rules("WS-SHOCK-004", "WS-CINE-001", "WS-CINE-002")
@pytest.mark.parametrize(
    ("wt", "damage", "massive"), [(5, 19, False), (5, 20, True), (6, 23, False), (6, 24, True)]
)
def test_s20__massive_damage_gives_a_cinematic_wound(wt: int, damage: int, massive: bool) -> None:
    d, events = shot({"cinematic_wounds": "fixed", "wound_threshold": wt}, damage)
    assert last(events, "damaged")["massive"] is massive
    assert len(who(d, "v").cinematic) == int(massive)


@pytest.mark.rules("WS-CINE-001")
def test_no_cinematic_wounds_when_the_rule_is_off() -> None:
    d, events = shot({}, 20)
    assert last(events, "damaged")["massive"] is True
    assert who(d, "v").cinematic == ()


@pytest.mark.rules("WS-CINE-005")
@pytest.mark.parametrize(("luck_dice", "wounds"), [
    ([6, 1, 6, 1, 1, 1], 1),   # Luck 5: 10 vs 5, 10 vs 10, 5 vs 15: one failure
    ([1, 9, 1, 9, 1, 9], 1),   # every roll fails: still only one per attack
    ([6, 1, 6, 1, 9, 1], 0),   # 10, 10, 13... 13 vs 15 fails
])  # fmt: skip
def test_s15__variable_cinematic_wounds(luck_dice: list[int], wounds: int) -> None:
    # src 135-138: 3 Wounds -> Luck vs 5, 10, 15; any failure -> one Cinematic Wound
    d, events = shot({"cinematic_wounds": "variable"}, 15, dice=luck_dice,
                     traits={"Luck": 5})  # fmt: skip
    rolls = [e.data for e in events if e.type == "workshop.rolled"]
    assert [r["difficulty"] for r in rolls] == [5, 10, 15]
    assert len(who(d, "v").cinematic) == max(wounds, int(not all(r["success"] for r in rolls)))


@pytest.mark.rules("WS-CINE-005")
@pytest.mark.parametrize("by_choice", [True, False])
def test_s15__a_player_may_fail_the_cinematic_luck_roll_by_choice(by_choice: bool) -> None:
    # src 138: "She may voluntarily fail this roll": Luck 9 would pass vs 5, 10, 15 with these dice; by
    # choice, nothing is rolled and the one Cinematic Wound of the attack is hers
    config = {**QUIET, "cinematic_wounds": "variable"}
    d = table(config, heroes={"h": sheet(weapons=[gun(15)])},
              villains={"v": sheet(traits={**SLOW, "Luck": 9}, **TOUGH)})  # fmt: skip
    d.refuse("ann", "welcome_cinematic", error=NotPermitted, character="v")  # the GM's to choose
    if by_choice:
        d.do("gm", "welcome_cinematic", character="v")
        d.refuse("gm", "welcome_cinematic", character="v")  # already chosen: nothing changes
    events = attack(d, "h", ["v"], [*HIT, *([] if by_choice else [9, 1, 9, 1, 9, 1])])
    rolls = [e.data for e in events if e.type == "workshop.rolled"]
    assert [r["by_choice"] for r in rolls] == ([True] if by_choice else [False] * 3)
    assert len(who(d, "v").cinematic) == int(by_choice)
    if by_choice:
        assert "V fails the Luck roll by choice: a Cinematic Wound." in d.words()
        d.do("gm", "welcome_cinematic", character="v", on=False)
        assert not who(d, "v").has("welcomes_cinematic")


@pytest.mark.rules("WS-CINE-005")
def test_choosing_to_fail_needs_variable_cinematic_wounds() -> None:
    d = table({**QUIET, "cinematic_wounds": "fixed"}, heroes={"h": sheet()})
    d.refuse("ann", "welcome_cinematic", rule="WS-CINE-005", character="h")


@pytest.mark.rules("WS-CINE-003", "WS-CINE-004")
@pytest.mark.parametrize(("xp", "party_xp"), [(0, 0), (1, 1)])
def test_cinematic_wounds_heal_at_the_end_of_the_session(xp: int, party_xp: int) -> None:
    d, _ = shot({"cinematic_wounds": "fixed", "cine_wound_xp": xp}, 20)
    assert len(who(d, "v").cinematic) == 1
    events = d.do("gm", "end_session")
    assert last(events, "session_ended")["healed"] == 1
    assert (who(d, "v").cinematic, state(d).party_xp) == ((), party_xp)
    d.refuse("ann", "end_session", error=NotPermitted)


# -- Sand in Your Teeth, Dark Times -------------------------------------------------------------------


@pytest.mark.rules("WS-GRIT-001")
@pytest.mark.parametrize(("mode", "damage", "wounds"), [
    ("additive", 3, 1), ("minimum_one", 3, 1), ("off", 3, 0),
    ("additive", 5, 2), ("minimum_one", 5, 1), ("off", 5, 1),
    ("additive", 12, 3), ("minimum_one", 12, 2), ("off", 12, 2),
])  # fmt: skip
def test_s16__sand_in_your_teeth(mode: str, damage: int, wounds: int) -> None:
    d, _ = shot({"sand_in_your_teeth": mode}, damage)
    assert who(d, "v").wounds == wounds


@pytest.mark.rules("WS-DARK-001")
@pytest.mark.parametrize(("on", "dice", "standing"), [
    (True, [1, 5], Standing.DYING), (True, [5, 1], Standing.UP), (False, [], Standing.UP),
])  # fmt: skip
def test_s17__dark_times_roll_against_the_shock_inflicted(
    on: bool, dice: list[int], standing: Standing
) -> None:
    # src 148-150: a hit of 8 Shock -> Willpower + Focus vs 8; failure -> dying
    d, events = shot({"dark_times": on}, 8, dice=dice, traits={"Willpower": 5, "Focus": 5})
    if on:
        assert last(events, "rolled")["difficulty"] == 8
    assert who(d, "v").standing is standing
