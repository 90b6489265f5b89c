"""Movement: move costs, sprint and push under the 2.5x ceiling, attacks of opportunity, falls."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.dice import distribution
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.data_equipment import FallOption, GrappleOption
from capeworks.systems.weaverdice.grapple import Purchase, resolve_round
from capeworks.systems.weaverdice.movement import (
    DODGE_STEP_FT,
    Enemy,
    FallCause,
    Ground,
    Leg,
    aoo_chances,
    check_aoo_attack,
    counts_as_fall,
    fall,
    fall_after_check,
    move_cost,
    movement_cap,
    movement_ft,
    round_up_ft,
    sprint_bonus,
    turn_movement,
)
from capeworks.systems.weaverdice.vocab import Pool, Tier, WoundTier

L, M, C = WoundTier.LESSER, WoundTier.MODERATE, WoundTier.CRITICAL


def _opt(wound: WoundTier | None, bash: WoundTier | None) -> FallOption:
    return FallOption(wound=wound, bash_effect=bash)


# -- movement per action and the ceiling ---------------------------------------------------------


@pytest.mark.rules("WD-STAT-008", "WD-MOVE-001")
@pytest.mark.parametrize(
    ("athletics", "feet"), [(0, 15), (1, 20), (2, 25), (3, 30), (4, 35), (5, 40), (7, 50)]
)
def test_movement__30_ft_plus_5_per_athletics_point_from_3(athletics: int, feet: int) -> None:
    assert movement_ft(athletics=athletics) == feet  # 30 + 5 x (athletics - 3)


@pytest.mark.rules("WD-EQUIP-006", "WD-MOVE-011")
def test_movement__over_encumbered_loses_ten_feet() -> None:
    # Athletics 3 -> 2 costs 5 ft, and a further 5 ft: 30 - 10 = 20
    assert movement_ft(athletics=3, over_encumbered=True) == 20
    assert movement_ft(athletics=-5) == 0


@pytest.mark.rules("WD-MOVE-007")
@pytest.mark.parametrize(("base", "cap"), [(30, 75), (35, 90), (40, 100), (25, 65), (20, 50)])
def test_cap__two_and_a_half_moves_rounded_up_to_5_ft(base: int, cap: int) -> None:
    # 35 x 2.5 = 87.5 -> 90; 25 x 2.5 = 62.5 -> 65
    assert movement_cap(base) == cap


@pytest.mark.rules("WD-MOVE-007")
@pytest.mark.parametrize(("feet", "rounded"), [(0, 0), (1, 5), (5, 5), (6, 10), (87.5, 90), (30, 30)])
def test_round_up__to_the_next_5_ft(feet: float, rounded: int) -> None:
    assert round_up_ft(feet) == rounded


# -- move costs (WX-25) --------------------------------------------------------------------------


@pytest.mark.rules("WD-MOVE-002")
@pytest.mark.parametrize(
    ("legs", "cost"),
    [
        ([Leg(ground=Ground.UNEVEN, feet=5)], 10),  # rubble: 5 ft crossed costs 10
        ([Leg(ground=Ground.CLIMB, feet=5)], 15),  # fence: 5 ft scaled costs 15
        ([Leg(ground=Ground.OPEN, feet=10), Leg(ground=Ground.JUMP, feet=5)], 20),  # run-up 10 + jump 10
        ([Leg(ground=Ground.JUMP, feet=5, vertical=True)], 10),  # up onto a ledge: no run-up needed
        ([Leg(ground=Ground.OPEN, feet=3)], 5),  # distances round up to 5 ft
    ],
)
def test_move_cost__terrain_multiplies_and_jumps_cost_ten(legs: list[Leg], cost: int) -> None:
    out = move_cost(legs, budget_ft=30)
    assert out.cost_ft == cost
    assert out.left_ft == 30 - cost


@pytest.mark.rules("WD-MOVE-002", "WD-MOVE-001")
def test_move_cost__refusals() -> None:
    with pytest.raises(RuleViolation, match="10 feet of run-up") as err:
        move_cost([Leg(ground=Ground.OPEN, feet=5), Leg(ground=Ground.JUMP, feet=5)], budget_ft=30)
    assert err.value.rule_id == "WD-MOVE-002"
    with pytest.raises(RuleViolation, match="Athletics check the GM sets"):
        move_cost([Leg(ground=Ground.OPEN, feet=10), Leg(ground=Ground.JUMP, feet=10)], budget_ft=60)
    # climbing 10 ft costs 30; 5 ft more of rubble (10) overshoots a 35 ft move
    with pytest.raises(RuleViolation, match="costs 40 feet of movement and you have 35 left"):
        move_cost([Leg(ground=Ground.CLIMB, feet=10), Leg(ground=Ground.UNEVEN, feet=5)], budget_ft=35)
    # a climb between run-up and jump resets the run-up
    with pytest.raises(RuleViolation, match="run-up"):
        move_cost(
            [
                Leg(ground=Ground.OPEN, feet=10),
                Leg(ground=Ground.CLIMB, feet=5),
                Leg(ground=Ground.JUMP, feet=5),
            ],
            budget_ft=60,
        )


# -- sprint, push and the ceiling (WX-26) --------------------------------------------------------


@pytest.mark.rules("WD-MOVE-005")
@pytest.mark.parametrize(
    ("total", "bonus"), [(1, 0), (2, 0), (3, 0), (4, 5), (5, 5), (6, 10), (7, 10), (9, 10)]
)
def test_sprint_bonus__row_by_row(total: int, bonus: int) -> None:
    assert sprint_bonus(total) == bonus


@pytest.mark.rules("WD-MOVE-005", "WD-MOVE-006", "WD-MOVE-007", "WD-EFFORT-003")
def test_wx26__sprint_and_push_under_the_ceiling() -> None:
    assert turn_movement(base_ft=30, moves=2).total_ft == 60
    assert turn_movement(base_ft=30, moves=2, sprint_total=4).total_ft == 65
    assert turn_movement(base_ft=30, moves=2, sprint_total=5).total_ft == 65
    assert turn_movement(base_ft=30, moves=2, sprint_total=6).total_ft == 70
    # push d3 = 2, doubled for a double move: 2 x (2 x 5) = 20; 60 + 10 + 20 = 90 -> capped at 75
    out = turn_movement(base_ft=30, moves=2, sprint_total=6, push_d3=2)
    assert (out.push_ft, out.cap_ft, out.capped, out.total_ft, out.stamina) == (20, 75, True, 75, 1)


@pytest.mark.rules("WD-MOVE-006", "WD-EFFORT-003")
@pytest.mark.parametrize(("d3", "single", "double"), [(1, 5, 10), (2, 10, 20), (3, 15, 30)])
def test_push__d3_times_5_doubled_when_double_moving(d3: int, single: int, double: int) -> None:
    assert turn_movement(base_ft=30, moves=1, push_d3=d3).push_ft == single
    assert turn_movement(base_ft=30, moves=2, push_d3=d3).push_ft == double


@pytest.mark.rules("WD-MOVE-007")
def test_powers__break_the_ceiling() -> None:
    # 60 + 20 push = 80 -> 75 by the ceiling, then a power's 30 ft on top: 105
    out = turn_movement(base_ft=30, moves=2, push_d3=2, power_ft=30)
    assert out.total_ft == 105


@pytest.mark.rules("WD-MOVE-005", "WD-EFFORT-003", "WD-COMBAT-008")
def test_turn_movement__refusals() -> None:
    with pytest.raises(RuleViolation, match="whole turn"):
        turn_movement(base_ft=30, moves=1, sprint_total=6)
    with pytest.raises(RuleViolation, match="1 to 3"):
        turn_movement(base_ft=30, push_d3=4)
    with pytest.raises(RuleViolation, match="one or two moves"):
        turn_movement(base_ft=30, moves=3)


@pytest.mark.rules("WD-MOVE-007", "WD-MOVE-005", "WD-MOVE-006")
@given(
    athletics=st.integers(min_value=1, max_value=6),
    moves=st.sampled_from([1, 2]),
    die=st.integers(min_value=1, max_value=6),
    push=st.none() | st.integers(min_value=1, max_value=3),
    power=st.integers(min_value=0, max_value=100),
)
def test_property__skills_stamina_and_sprint_never_pass_2_5x(
    athletics: int, moves: int, die: int, push: int | None, power: int
) -> None:
    base = movement_ft(athletics=athletics)
    sprint = die + athletics - 3 if moves == 2 else None
    out = turn_movement(base_ft=base, moves=moves, sprint_total=sprint, push_d3=push, power_ft=power)
    assert out.total_ft - power <= movement_cap(base)
    assert out.total_ft - power == min(out.moves_ft + out.sprint_ft + out.push_ft, out.cap_ft)
    assert out.total_ft % 5 == 0 or power % 5


@pytest.mark.rules("WD-MOVE-005")
@pytest.mark.parametrize("athletics", [1, 2, 3, 4, 5])
def test_sprint_odds__match_the_dice_engine(athletics: int) -> None:
    # brute force over the d6 against exact odds of 1d6 + mod: P(+10) = P(>= 6), P(+5) = P(4..5)
    mod = athletics - 3
    brute = {b: Fraction(sum(1 for d in range(1, 7) if sprint_bonus(d + mod) == b), 6) for b in (0, 5, 10)}
    dist = distribution(f"1d6+{mod}" if mod >= 0 else f"1d6-{-mod}")
    assert brute[10] == dist.at_least(6)
    assert brute[5] == dist.at_least(4) - dist.at_least(6)
    # Athletics 3: 1/6 for +10, 2/6 for +5
    if athletics == 3:
        assert (brute[10], brute[5]) == (Fraction(1, 6), Fraction(1, 3))


# -- dodge step -----------------------------------------------------------------------------------


@pytest.mark.rules("WD-MOVE-011", "WD-COMBAT-020")
def test_dodge__a_successful_dodge_moves_five_feet() -> None:
    assert DODGE_STEP_FT == 5
    assert move_cost([Leg(ground=Ground.OPEN, feet=DODGE_STEP_FT)], budget_ft=DODGE_STEP_FT).left_ft == 0


# -- attacks of opportunity ----------------------------------------------------------------------


def _e(ident: str, tier: Tier, feet: int, focus: int = 0) -> Enemy:
    return Enemy(id=ident, tier=tier, feet_in_reach=feet, focus=focus)


@pytest.mark.rules("WD-MOVE-003", "WD-COMBAT-015")
@pytest.mark.parametrize(
    ("enemies", "expected"),
    [
        ([_e("thug", Tier.GENERIC, 10)], {}),  # a lone generic cannot
        ([_e("lung", Tier.NOTABLE, 10, focus=2)], {"lung": {Pool.FOCUS: 1}}),  # a lone notable pays Focus
        ([_e("lung", Tier.NOTABLE, 5, focus=2)], {}),  # only 5 ft within reach: no provocation
        ([_e("lung", Tier.NOTABLE, 10, focus=0)], {}),  # no Focus, no opportunity
        ([_e("a", Tier.GENERIC, 10), _e("b", Tier.GENERIC, 15)], {"a": {}, "b": {}}),  # between two: free
        ([_e("a", Tier.GENERIC, 10), _e("b", Tier.GENERIC, 5)], {}),  # the second never saw 10 ft
        (
            [_e("a", Tier.GENERIC, 10), _e("ann", Tier.PC, 10, focus=1)],
            {"a": {}, "ann": {Pool.FOCUS: 1}},
        ),  # named enemies always pay
    ],
)
def test_aoo__who_may_strike_and_at_what_cost(
    enemies: list[Enemy], expected: dict[str, dict[Pool, int]]
) -> None:
    assert {c.id: c.cost for c in aoo_chances(enemies)} == expected


@pytest.mark.rules("WD-MOVE-003")
def test_aoo__generic_free_aoo_off_leaves_generics_out() -> None:
    two = [_e("a", Tier.GENERIC, 10), _e("b", Tier.GENERIC, 10)]
    assert aoo_chances(two, generic_free_aoo=False) == ()


@pytest.mark.rules("WD-MOVE-004")
def test_aoo_attack__single_target_no_skills_no_options() -> None:
    check_aoo_attack()
    with pytest.raises(RuleViolation, match="one target only") as err:
        check_aoo_attack(targets=3)  # the scythe cannot sweep
    assert err.value.rule_id == "WD-MOVE-004"
    with pytest.raises(RuleViolation, match="Skills"):
        check_aoo_attack(skill_dice=1)
    with pytest.raises(RuleViolation, match="Special attack options"):
        check_aoo_attack(special_option=True)  # no headbutt


# -- falling (WX-56) -----------------------------------------------------------------------------

_ROW = {
    1: (_opt(L, None), _opt(None, L)),
    2: (_opt(L, L),),
    3: (_opt(L, M), _opt(M, L)),
    4: (_opt(M, M),),
}


@pytest.mark.rules("WD-MOVE-009")
@pytest.mark.parametrize(
    ("fell", "thrown", "row"),
    [(1, 1, 1), (5, 10, 1), (6, 11, 2), (10, 20, 2), (11, 21, 3), (15, 30, 3), (16, 31, 4), (20, 40, 4)],
)
def test_fall_table__row_by_row_both_columns(fell: int, thrown: int, row: int) -> None:
    for out in (fall(fell), fall(thrown, thrown=True)):
        assert out.row == row
        assert out.options == _ROW[row]
        assert out.check is None


@pytest.mark.rules("WD-MOVE-009")
@pytest.mark.parametrize(
    ("feet", "thrown", "tn"),
    [
        (21, False, 4),
        (25, False, 4),
        (26, False, 5),
        (30, False, 5),
        (31, False, 6),
        (41, True, 4),
        (50, True, 4),
        (51, True, 5),
        (60, True, 5),
        (61, True, 6),
    ],
)
def test_fall_table__last_row_asks_athletics_harder_past_it(feet: int, thrown: bool, tn: int) -> None:
    # TN 4 + ceil((fell - 25) / 5) or 4 + ceil((thrown - 50) / 10)
    out = fall(feet, thrown=thrown)
    assert out.row == 5 and out.options == ()
    assert out.check is not None and out.check.tn == tn
    assert out.check.on_failure == (_opt(C, C),)
    assert out.check.on_success == _ROW[4]


@pytest.mark.rules("WD-MOVE-009", "WD-MOVE-008")
def test_wx56__falling_examples() -> None:
    assert fall(18).options == (_opt(M, M),)  # 16-20 ft: moderate wound and moderate bash
    assert fall(25, thrown=True).options == (_opt(L, M), _opt(M, L))  # thrown 21-30: choose
    fell_23 = fall(23)
    assert fell_23.check is not None and fell_23.check.tn == 4
    assert fall_after_check(fell_23, athletics_total=4).options == (_opt(M, M),)
    assert fall_after_check(fell_23, athletics_total=3).options == (_opt(C, C),)
    assert fall(28).check.tn == 5  # type: ignore[union-attr]
    with pytest.raises(RuleViolation, match="needs no Athletics roll"):
        fall_after_check(fall(18), athletics_total=6)
    with pytest.raises(RuleViolation, match="some distance"):
        fall(0)


@pytest.mark.rules("WD-MOVE-010")
@pytest.mark.parametrize(("feet", "drain"), [(5, 0), (10, 0), (15, 1), (20, 1), (25, 1)])
def test_bad_falls__drain_stamina_from_row_three_unless_the_gm_says(feet: int, drain: int) -> None:
    assert fall(feet).stamina_lost == drain
    assert fall(feet, drains_stamina=True).stamina_lost == 1
    assert fall(feet, drains_stamina=False).stamina_lost == 0


@pytest.mark.rules("WD-MOVE-008")
@pytest.mark.parametrize(
    ("cause", "kw", "falls"),
    [
        (FallCause.THROWN, {}, True),
        (FallCause.FAILED_JUMP, {"stamina_pushed": True}, True),
        (FallCause.FAILED_CLIMB, {"stamina_pushed": True}, True),
        (FallCause.FAILED_JUMP, {}, False),  # an ordinary failed hop stays on the ground
        (FallCause.KNOCKBACK, {}, False),  # a bash's 5-10 ft shove is not a fall
        (FallCause.KNOCKBACK, {"off_edge": True}, True),  # ... unless it carries them off a roof
    ],
)
def test_falls__what_counts(cause: FallCause, kw: dict[str, bool], falls: bool) -> None:
    assert counts_as_fall(cause, **kw) is falls


@pytest.mark.rules("WD-MOVE-009", "WD-GRAPPLE-008", "WD-MOVE-011")
def test_grapple_throw__lands_on_the_thrown_column() -> None:
    out = resolve_round(
        attacker_total=6, defender_total=3, round=2, buys=[Purchase(option=GrappleOption.THROW, points=3)]
    )
    thrown = out.bought[0].thrown_ft  # 3 points: 15 ft
    landed = fall(thrown, thrown=True)
    assert (thrown, landed.row) == (15, 2)  # thrown 11-20 ft: lesser wound and lesser bash
    assert landed.options == (_opt(L, L),)
