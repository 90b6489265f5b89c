"""Referee cases for the core: Sequences, Shots, attacks, Shock and Wounds (worked examples S1-S8, S21, S22).

Each case: the situation, the dice in order, the outcome the seed demands, the seed line (src N).
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.workshop.rules import shot_count, wounds_for
from capeworks.systems.workshop.samples import SEATS
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import RULESET, attack, end_turn, last, sheet, state, table, types, who

QUIET = {"shock_roll": False, "wake_rolls": False}
TOUGH = {"health": 100, "toughness": 50}


def _fall(d, cid: str, metres: int):  # type: ignore[no-untyped-def]
    """A fall whose Stunt + Agility roll (3 + 5) totals exactly 0: PV 0, no metres taken off."""
    return d.do("gm", "fall", character=cid, metres=metres, dice=[1, 9])


@pytest.mark.rules("WS-SHOT-001")
@pytest.mark.parametrize(("agility", "wits", "luck", "count"), [(4, 5, 3, 4), (5, 5, 4, 4), (5, 5, 5, 5)])
def test_s4__shot_count_fills_the_pool(agility: int, wits: int, luck: int, count: int) -> None:
    # src 16: Shot Count (and pool) starts at floor((Agility + Wits + Luck) / 3)
    d = table(heroes={"h": sheet(traits={"Agility": agility, "Wits": wits, "Luck": luck})}, start=False)
    assert (
        (who(d, "h").shot_count, who(d, "h").shots)
        == (count, count)
        == (shot_count(agility, wits, luck),) * 2
    )


@pytest.mark.rules("WS-SEQ-001", "WS-SEQ-002")
def test_initiative_is_the_shot_pool_in_descending_order_with_tie_breaks() -> None:
    # src 8, 12: Sequences; Initiative = Shots in the pool; ties (PROPOSED): Shot Count, then Agility
    d = table(
        heroes={"low": sheet(traits={"Agility": 2, "Wits": 2, "Luck": 2}), "even": sheet()},
        villains={
            "fast": sheet(traits={"Agility": 8, "Wits": 8, "Luck": 8}),
            "agile": sheet(traits={"Agility": 7, "Wits": 4, "Luck": 4}),
        },
    )
    t = state(d).turn
    assert t.sequence == 1
    assert t.initiative == {"low": 2, "even": 5, "fast": 8, "agile": 5}
    assert t.order.order == ("fast", "agile", "even", "low")  # agile beats even on Agility
    assert t.current == "fast"


@pytest.mark.rules("WS-SEQ-003")
def test_each_turn_gives_an_action_and_a_move() -> None:
    # src 12: an Action (which may be a Move) and a Move
    d = table(
        QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits={"Agility": 1, "Wits": 1, "Luck": 1})}
    )
    attack(d, "h", ["v"], [10, 10])  # 9 + 0 vs 12: a miss
    d.refuse("ann", "attack", rule="WS-SEQ-003", character="h", targets=["v"])
    assert last(d.do("ann", "move", character="h"), "moved")["full"] is False
    d.refuse("ann", "move", rule="WS-SEQ-003", character="h")
    d2 = table(
        QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits={"Agility": 1, "Wits": 1, "Luck": 1})}
    )
    d2.do("ann", "move", character="h")
    assert last(d2.do("ann", "move", character="h"), "moved")["full"] is True  # the Action as a second Move
    d2.refuse("ann", "attack", rule="WS-SEQ-003", character="h", targets=["v"])


@pytest.mark.rules("WS-SEQ-003")
def test_out_of_turn_actions_are_refused() -> None:
    d = table(
        QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits={"Agility": 8, "Wits": 8, "Luck": 8})}
    )
    err = d.refuse("ann", "attack", rule="WS-SEQ-003", character="h", targets=["v"])
    assert "3 Shots" in err.message


@pytest.mark.rules("WS-SHOT-003", "WS-SHOT-006", "WS-SHOT-002")
@pytest.mark.parametrize(("roll", "next_initiative"), [(True, 2), (False, 3)])
def test_s5__spending_shots_on_initiative(roll: bool, next_initiative: int) -> None:
    # src 18-21, 12, 16: pool 4 -> Initiative 4; 2 Shots -> 14 this Sequence, pool 2 -> next Initiative 2,
    # or 3 when the Sequence used only Actions needing no roll
    d = table(
        QUIET,
        heroes={"h": sheet(traits={"Agility": 4, "Wits": 4, "Luck": 4})},
        villains={"v": sheet(traits={"Agility": 6, "Wits": 6, "Luck": 6})},
    )
    assert state(d).turn.initiative["h"] == 4
    events = d.do("ann", "raise_initiative", character="h", shots=2)
    assert last(events, "initiative_raised")["initiative"] == 14
    assert (state(d).turn.initiative["h"], who(d, "h").shots) == (14, 2)
    end_turn(d, "v")
    if roll:
        attack(d, "h", ["v"], [10, 10])
    else:
        d.do("ann", "rollless", character="h", what="reloads")
    events = end_turn(d, "h")
    assert types(events)[-2:] == ["sequence_ended", "sequence_started"]
    assert state(d).turn.initiative["h"] == next_initiative
    assert who(d, "h").shots == next_initiative


@pytest.mark.rules("WS-SHOT-002")
def test_a_rollless_sequence_never_raises_the_pool_above_the_shot_count() -> None:
    d = table(
        QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits={"Agility": 1, "Wits": 1, "Luck": 1})}
    )
    d.do("ann", "rollless", character="h", what="talks")
    end_turn(d, "h")
    end_turn(d, "v")
    assert who(d, "h").shots == who(d, "h").shot_count == 5


@pytest.mark.rules("WS-SHOT-003")
def test_raising_initiative_beyond_the_pool_is_refused() -> None:
    d = table(
        QUIET,
        heroes={"h": sheet(traits={"Agility": 4, "Wits": 4, "Luck": 4})},
        villains={"v": sheet(traits={"Agility": 6, "Wits": 6, "Luck": 6})},
    )
    err = d.refuse("ann", "raise_initiative", rule="WS-SHOT-003", character="h", shots=5)
    assert "4 Shots" in err.message


@pytest.mark.rules("WS-SHOT-004")
def test_s6__an_action_out_of_sequence_costs_three_shots_after_your_initiative() -> None:
    # src 23-25: pool 4, spend 3 for an Action out of Sequence -> pool 1
    d = table(
        QUIET,
        heroes={"h": sheet(traits={"Agility": 4, "Wits": 4, "Luck": 4})},
        villains={"v": sheet(traits={"Agility": 3, "Wits": 3, "Luck": 3})},
    )
    d.refuse("gm", "extra_action", rule="WS-SHOT-004", character="v")  # v's Initiative has not come up
    end_turn(d, "h")
    d.do("ann", "extra_action", character="h")
    assert (who(d, "h").shots, state(d).turn.extra) == (1, "h")
    events = attack(d, "h", ["v"], [9, 1])  # 9 + 8 = 17 vs 12: a hit, out of Sequence
    assert last(events, "attack_rolled")["hit"] is True
    assert state(d).turn.extra == "" and state(d).turn.current == "v"
    err = d.refuse("ann", "extra_action", rule="WS-SHOT-004", character="h")
    assert "H has 1 Shot;" in err.message


@pytest.mark.rules("WS-SHOT-005")
@pytest.mark.parametrize(("counter", "first"), [(0, "h"), (1, "v")])
def test_bidding_shots_to_interrupt(counter: int, first: str) -> None:
    # src 27: both may spend more Shots (raising Initiative) to act first
    d = table(
        QUIET, heroes={"h": sheet(traits={"Agility": 4, "Wits": 4, "Luck": 4})}, villains={"v": sheet()}
    )
    assert state(d).turn.current == "v"
    d.do("ann", "interrupt", character="h", shots=1)  # Initiative 4 + 5 = 9 against v's 5
    prompt = next(p for p in d.table.prompts() if p.kind == "interrupt")
    assert prompt.role == "gm" and [o.value for o in prompt.options] == ["0", "1", "2", "3", "4", "5"]
    d.refuse("gm", "attack", rule="WS-SHOT-005", character="v", targets=["h"])
    d.answer("gm", prompt.id, str(counter))  # 1 Shot: v's 10 beats h's 9
    assert state(d).turn.current == first
    assert (who(d, "h").shots, who(d, "v").shots) == (3, 5 - counter)
    assert state(d).bid is None


@pytest.mark.rules("WS-CORE-001", "WS-CORE-002")
@pytest.mark.parametrize(
    ("model", "pv", "shock", "wounds"), [("margin", 6, 6, 1), ("effect_values", 2, 2, 0)]
)
def test_s22__outcome_against_defense_and_pv(model: str, pv: int, shock: int, wounds: int) -> None:
    # Agility 5 + Ranged Weapons 4 = 9; dice 9 and 2 -> 16 vs Defense 12: a hit, Outcome 4;
    # margin model PV = 16 - 12 + 6 - 4 = 6; effect values PV = 6 - 4 = 2
    rifle = {"name": "rifle", "attribute": "Agility", "skill": "Ranged Weapons", "damage": 6}
    d = table(
        {**QUIET, "pv_model": model}, heroes={"h": sheet(weapons=[rifle])}, villains={"v": sheet(soak=4)}
    )
    r = last(attack(d, "h", ["v"], [9, 2]), "attack_rolled")
    assert (r["base"], r["dice"], r["av"], r["defense"], r["outcome"], r["hit"], r["pv"]) == (
        9,
        [9, 2],
        16,
        12,
        4,
        True,
        pv,
    )
    assert (who(d, "v").shock, who(d, "v").wounds) == (shock, wounds)


@pytest.mark.rules("WS-CORE-001")
def test_a_d10_face_of_10_reads_zero_and_a_miss_deals_nothing() -> None:
    d = table(QUIET, heroes={"h": sheet()}, villains={"v": sheet()})
    r = last(attack(d, "h", ["v"], [10, 1]), "attack_rolled")  # 9 + 0 - 1 = 8 vs 12
    assert (r["dice"], r["av"], r["hit"], r["pv"]) == ([0, 1], 8, False, 0)
    assert who(d, "v").shock == 0


@pytest.mark.rules("WS-CORE-001")
def test_the_one_d10_dice_model_is_a_config_choice() -> None:
    d = table({**QUIET, "dice": "one_d10"}, heroes={"h": sheet()}, villains={"v": sheet()})
    r = last(attack(d, "h", ["v"], [10]), "attack_rolled")  # 9 + 10 = 19 vs 12
    assert (r["dice"], r["av"], r["hit"]) == ([10], 19, True)


@pytest.mark.rules("WS-CORE-003", "WS-SHOT-003")
def test_active_defense_costs_a_shot_and_adds_five_until_the_defenders_next_action() -> None:
    d = table(
        QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits={"Agility": 4, "Wits": 4, "Luck": 4})}
    )
    prompt = None
    d.do("ann", "attack", character="h", targets=["v"])
    prompt = next(p for p in d.table.prompts() if p.kind == "active_defense")
    assert prompt.role == "gm" and {o.value for o in prompt.options} == {"yes", "no"}
    events = d.answer("gm", prompt.id, "yes", dice=[6, 1])  # 9 + 5 = 14: hits 12, misses 17
    r = last(events, "attack_rolled")
    assert (r["defense"], r["hit"]) == (17, False)
    assert who(d, "v").shots == 3
    assert [e.name for e in state(d).effects] == ["active_defense"]
    end_turn(d, "h")  # v's turn begins: the Active Defense ends
    assert state(d).effects == ()


@pytest.mark.rules("WS-SHOT-003")
def test_no_active_defense_without_shots() -> None:
    d = table(
        QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits={"Agility": 1, "Wits": 1, "Luck": 0})}
    )
    assert who(d, "v").shots == 0
    events = d.do("ann", "attack", character="h", targets=["v"], dice=[6, 1])
    assert "attack_rolled" in types(events)
    assert not [p for p in d.table.prompts() if p.kind == "active_defense"]
    d.refuse("gm", "defend", rule="WS-SHOT-003", character="v")


@pytest.mark.rules("WS-DMG-001", "WS-DMG-002", "WS-DMG-003")
@pytest.mark.parametrize(
    ("damage", "wounds"),
    [(0, 0), (4, 0), (5, 1), (9, 1), (10, 2), (14, 2), (15, 3), (19, 3), (20, 4), (23, 4)],
)
def test_s1__damage_becomes_shock_and_a_wound_per_threshold(damage: int, wounds: int) -> None:
    # src 54, 56: Damage = PV Shock points; 1 Wound at WT, X at X x WT; WT 5
    d = table(QUIET, heroes={"h": sheet(**TOUGH)})
    _fall(d, "h", damage)
    assert (who(d, "h").shock, who(d, "h").wounds) == (damage, wounds) == (damage, wounds_for(damage, 5))


@pytest.mark.rules("WS-DMG-003")
@pytest.mark.parametrize(
    ("table_wt", "own_wt", "wounds"), [(5, 4, 3), (5, 10, 1), (4, None, 3), (10, None, 1)]
)
def test_s2__wound_threshold_per_character_or_table(table_wt: int, own_wt: int | None, wounds: int) -> None:
    d = table({**QUIET, "wound_threshold": table_wt}, heroes={"h": sheet(wt=own_wt, **TOUGH)})
    _fall(d, "h", 13)
    assert who(d, "h").wounds == wounds


@pytest.mark.rules("WS-DMG-004")
def test_s3__shock_reaching_health_falls_down_unable_to_act() -> None:
    d = table(QUIET, heroes={"h": sheet(health=12), "k": sheet()})
    _fall(d, "h", 7)
    assert who(d, "h").standing is Standing.UP
    events = _fall(d, "h", 5)
    assert (who(d, "h").shock, who(d, "h").standing) == (12, Standing.DOWN)
    assert last(events, "standing_changed")["why"] == "Shock points reached Health"
    d.refuse("ann", "move", rule="WS-DMG-004", character="h")


@pytest.mark.rules("WS-DMG-005")
def test_s3__wounds_reaching_toughness_is_dying() -> None:
    d = table(QUIET, heroes={"h": sheet(health=100, toughness=4)})
    _fall(d, "h", 10)
    assert who(d, "h").standing is Standing.UP
    _fall(d, "h", 10)
    assert (who(d, "h").wounds, who(d, "h").standing) == (4, Standing.DYING)


@pytest.mark.rules("WS-DMG-005", "WS-DARK-002")
def test_the_dying_die_unless_stabilised_within_an_hour() -> None:
    # PROPOSED (WS-DMG-005): dying uses Dark Times' procedure: Medicine/Physician vs 25 - Health + 5 x Wounds
    d = table(
        QUIET,
        heroes={"h": sheet(health=10, toughness=3)},
        villains={"doc": sheet(traits={"Physician": 9})},
        start=False,
    )
    _fall(d, "h", 15)
    assert who(d, "h").standing is Standing.DYING
    err = d.refuse("gm", "stabilise", rule="WS-DARK-002", character="doc", patient="doc")
    assert "not dying" in err.message
    events = d.do("gm", "stabilise", character="doc", patient="h", dice=[9, 10])  # 9 + 5 + 9 = 23 vs 30
    r = last(events, "rolled")
    assert (r["difficulty"], r["total"], r["success"]) == (30, 23, False)
    d.do("gm", "pass_time", minutes=59)
    assert who(d, "h").standing is Standing.DYING
    d.do("gm", "pass_time", minutes=1)
    assert who(d, "h").standing is Standing.DEAD


@pytest.mark.rules("WS-DARK-002")
def test_a_stabilised_character_does_not_die() -> None:
    d = table(
        QUIET,
        heroes={"h": sheet(health=10, toughness=3)},
        villains={"doc": sheet(traits={"Physician": 16, "Wits": 5})},
        start=False,
    )
    _fall(d, "h", 15)
    events = d.do("gm", "stabilise", character="doc", patient="h", dice=[9, 10])  # 16 + 5 + 9 = 30 vs 30
    assert last(events, "rolled")["success"] is True
    assert (who(d, "h").standing, who(d, "h").stabilised) == (Standing.DOWN, True)
    d.do("gm", "pass_time", minutes=120)
    # never died; Wounds 3 of Toughness 3 (src 54) keep h down until the GM gets h up
    assert who(d, "h").standing is Standing.DOWN
    d.do("gm", "rouse", character="h")
    assert who(d, "h").standing is Standing.UP


@pytest.mark.rules("WS-DMG-006")
def test_s21__each_sequence_of_rest_regains_a_shock_point() -> None:
    # src 58: Shock 6, rests 3 Sequences -> Shock 3
    d = table(
        QUIET,
        heroes={"h": sheet()},
        villains={"v": sheet(traits={"Agility": 1, "Wits": 1, "Luck": 1})},
        start=False,
    )
    _fall(d, "h", 6)
    d.do("gm", "start_sequence")
    for _ in range(3):
        d.do("ann", "rest", character="h")
        end_turn(d, "h")
        end_turn(d, "v")
    assert who(d, "h").shock == 3
    d.do("ann", "move", character="h")
    d.refuse("ann", "rest", rule="WS-DMG-006", character="h")


@pytest.mark.rules("WS-DMG-007")
@pytest.mark.parametrize("wake_dice", [[9, 1], [1, 9]])
def test_the_unconscious_roll_to_wake_when_someone_else_rolls_an_action(wake_dice: list[int]) -> None:
    # src 60: Willpower + Focus vs 15 every time someone else rolls an Action
    d = table(
        {"shock_roll": False},
        heroes={"h": sheet(health=6), "k": sheet()},
        villains={"v": sheet()},
        start=False,
    )
    _fall(d, "h", 6)
    assert who(d, "h").standing is Standing.DOWN
    d.do("gm", "start_sequence")
    events = attack(d, "k", ["v"], [10, 10, *wake_dice])
    wake = last(events, "rolled")
    assert (wake["what"], wake["who"], wake["difficulty"]) == ("wake", "h", 15)
    woke = wake["total"] >= 15
    assert who(d, "h").standing is (Standing.UP if woke else Standing.DOWN)
    if woke:
        assert who(d, "h").shock == 5  # PROPOSED: wakes at Health - 1


@pytest.mark.rules("WS-DMG-007")
def test_the_unconscious_wake_after_ten_minutes() -> None:
    d = table({"shock_roll": False}, heroes={"h": sheet(health=6)}, start=False)
    _fall(d, "h", 6)
    d.do("gm", "pass_time", minutes=9)
    assert who(d, "h").standing is Standing.DOWN
    d.do("gm", "pass_time", minutes=1)
    assert who(d, "h").standing is Standing.UP


@pytest.mark.rules("WS-DMG-010")
def test_s8__falling_damage_less_a_metre_per_five_pv() -> None:
    # src 64-66: 7 m; Stunt + Agility 8 + dice 5 - 1 = 12 vs 0 -> PV 12 -> -2 m -> 5 Damage
    d = table(QUIET, heroes={"h": sheet()}, start=False)
    events = d.do("gm", "fall", character="h", metres=7, dice=[5, 1])
    assert last(events, "fell")["damage"] == 5
    assert (who(d, "h").shock, who(d, "h").wounds) == (5, 1)


@pytest.mark.rules("WS-DMG-008")
def test_normal_optional_rules_are_wound_penalty_shock_and_unnamed_characters() -> None:
    # src 62: the defaults: per-Wound penalty, Shock roll, glass-jaw mooks
    d = table(
        heroes={"h": sheet()},
        villains={
            "v": sheet(traits={"Agility": 1, "Wits": 1, "Luck": 0}),
            "m": sheet(named=False, traits={"Agility": 1, "Wits": 1, "Luck": 0}),
        },
    )
    cfg = state(d).config
    assert (cfg.wound_penalty.value, cfg.shock_roll, cfg.mooks.value) == ("per_wound", True, "glass_jaw")
    events = d.do("ann", "attack", character="h", targets=["v"], dice=[9, 1, 1, 9])  # PV 6 -> 1 Wound
    assert [r["what"] for r in [last(events, "rolled")]] == ["shock"]
    assert who(d, "v").standing is Standing.DOWN  # 10 + 1 - 9 - 1 = 1 vs 10: knocked out by Shock


@pytest.mark.rules("WS-SEQ-002")
def test_the_log_reads_names_not_ids() -> None:
    d = Driver(RULESET, config={}, seats=SEATS, seed=1)
    d.do("gm", "add_character", id="jade", sample="jade", owner="ann")
    d.do("gm", "add_character", id="viper", sample="viper")
    d.do("gm", "start_sequence")
    d.do("ann", "end_turn", character="jade")
    words = d.words()
    assert "Sequence 1 begins: Jade Tiger 5, Madame Viper 5." in words
    assert "Jade Tiger ends the turn; Madame Viper is up." in words


# -- degrees of failure (the inventory's secondary evidence) -------------------------------------------


@pytest.mark.rules("WS-CORE-001", "WS-CORE-002")
@pytest.mark.parametrize(("agility", "dice", "degree", "words"), [
    (5, [9, 1], "", "hit, Outcome 5"),                                    # 9 + 8 = 17 vs 12
    (5, [3, 1], "failure", "miss by 1."),                                 # 9 + 2 = 11
    (5, [1, 5], "total_failure", "miss by 7 (Total Failure: the action turns Hazardous)."),  # 5 <= 12 - 5
    (5, [10, 10], "fumble", "miss by 3 (a Fumble)."),                     # a double-0 that fails
    (0, [1, 9], "fumble", "miss by 16 (a Fumble)."),                      # AV 4 - 8 = -4, below 0
])  # fmt: skip
def test_degrees_of_failure_on_an_attack(agility: int, dice: list[int], degree: str, words: str) -> None:
    # secondary evidence: Fumble (AV below 0, or a double-0 then a Failure or worse), Total Failure
    # (AV <= Defense - 5: the action becomes Hazardous), Failure (Defense - 5 < AV < Defense)
    slow = {"Agility": 1, "Wits": 1, "Luck": 0}
    d = table({"shock_roll": False}, heroes={"h": sheet(traits={"Agility": agility})},
              villains={"v": sheet(traits=slow)})  # fmt: skip
    events = attack(d, "h", ["v"], dice)
    assert last(events, "attack_rolled")["degree"] == degree
    assert any(words in w for w in d.words())


@pytest.mark.rules("WS-CORE-001")
@pytest.mark.parametrize(("dice", "degree"), [([10, 10], "fumble"), ([1, 9], "total_failure"), ([9, 1], "")])
def test_degrees_of_failure_on_a_called_roll(dice: list[int], degree: str) -> None:
    d = table({}, heroes={"h": sheet()})  # Willpower 5 + Focus 5 = 10
    d.do("gm", "call_check", character="h", traits=["Willpower", "Focus"], difficulty=12)
    events = d.answer("ann", "call-1", "roll", dice=dice)
    assert last(events, "check_rolled")["degree"] == degree
