"""Pools: successes on high faces, ability vs difficulty, disaster dice, the cap and variants."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.errors import RuleViolation
from capeworks.systems.rwyn.config import RwynConfig, preset
from capeworks.systems.rwyn.pool import (
    apply_cap,
    build_pool,
    count_successes,
    disaster_dice_for,
    effect_count,
    is_success_face,
    succeeded,
)

CORE = RwynConfig()


@pytest.mark.rules("RWYN-GEN-002")
@pytest.mark.parametrize(
    ("face", "success"), [(1, False), (2, False), (3, False), (4, False), (5, True), (6, True)]
)
def test_faces__five_and_six_are_successes(face: int, success: bool) -> None:
    assert is_success_face(face, CORE) is success


@pytest.mark.rules("RWYN-GEN-002", "RWYN-DESIGN-004")
def test_faces__variant_a_counts_fours() -> None:
    # successes on 4-6: [4 5 6 3] = 3 successes (core would say 2)
    assert count_successes([4, 5, 6, 3], preset("success_on_4")) == 3
    assert count_successes([4, 5, 6, 3], CORE) == 2


@pytest.mark.rules("RWYN-DESIGN-007")
def test_faces__d10_half_faces_succeed_on_six_up() -> None:
    cfg = preset("d10_half_faces")
    assert [is_success_face(f, cfg) for f in range(1, 11)] == [False] * 5 + [True] * 5


@pytest.mark.rules("RWYN-POOL-002")
@pytest.mark.parametrize("rating", [0, 1, 3, 5])
def test_pool__dice_equal_the_rating(rating: int) -> None:
    plan = build_pool(rating, 1, CORE)
    assert plan.ability_dice == rating


@pytest.mark.rules("RWYN-POOL-002")
def test_pool__ability_zero_rolls_nothing_but_still_gets_disaster_dice() -> None:
    # ability 0 vs difficulty 2: 0 dice, 2 disaster dice (PROPOSED)
    plan = build_pool(0, 2, CORE)
    assert (plan.ability_dice, plan.auto_successes, plan.disaster_nominal) == (0, 0, 2)


@pytest.mark.rules("RWYN-POOL-003")
@pytest.mark.parametrize(("rating", "difficulty"), [(3, 2), (3, 3), (5, 1)])
def test_pool__ability_at_or_above_difficulty_has_no_disaster_dice(rating: int, difficulty: int) -> None:
    assert build_pool(rating, difficulty, CORE).disaster_nominal == 0


@pytest.mark.rules("RWYN-POOL-004")
@pytest.mark.parametrize(("rating", "difficulty", "disaster"), [(3, 5, 2), (3, 4, 1), (1, 5, 4), (0, 5, 5)])
def test_pool__disaster_dice_equal_the_gap(rating: int, difficulty: int, disaster: int) -> None:
    assert build_pool(rating, difficulty, CORE).disaster_nominal == disaster


@pytest.mark.rules("RWYN-POOL-001")
@pytest.mark.parametrize("difficulty", [0, -1])
def test_pool__difficulty_below_one_is_refused(difficulty: int) -> None:
    with pytest.raises(RuleViolation) as e:
        build_pool(3, difficulty, CORE)
    assert e.value.rule_id == "RWYN-POOL-001"
    assert "start at 1" in e.value.message


@pytest.mark.rules("RWYN-POOL-006", "RWYN-POOL-003")
@pytest.mark.parametrize(("kept", "ok"), [(0, False), (1, True), (4, True)])
def test_success__one_kept_success_is_enough(kept: int, ok: bool) -> None:
    assert succeeded(kept, 5, CORE) is ok


@pytest.mark.rules("RWYN-EFFECT-001")
@pytest.mark.parametrize(("kept", "effects"), [(0, 0), (1, 1), (3, 3)])
def test_effects__one_per_kept_success(kept: int, effects: int) -> None:
    assert effect_count(kept, 2, CORE) == effects


@pytest.mark.rules("RWYN-DESIGN-002")
def test_success_threshold__needs_successes_equal_to_difficulty_and_rolls_no_disaster_dice() -> None:
    cfg = preset("success_threshold")
    # Moderate 3: 2 successes fail, 3 succeed with 1 effect, 4 with 2
    assert not succeeded(2, 3, cfg)
    assert (effect_count(3, 3, cfg), effect_count(4, 3, cfg)) == (1, 2)
    assert disaster_dice_for(1, 5, cfg) == 0
    assert disaster_dice_for(1, 5, cfg.model_copy(update={"threshold_disaster_dice": True})) == 4


@pytest.mark.rules("RWYN-POOL-007")
@pytest.mark.parametrize(
    ("nominal", "dice", "auto"),
    # W7: 19 -> 10 + floor(9/2) = 4; 10 -> 10 + 0; 11 -> 10 + 0 (odd die lost); 12 -> 10 + 1; 20 -> 10 + 5
    [(19, 10, 4), (10, 10, 0), (11, 10, 0), (12, 10, 1), (20, 10, 5), (3, 3, 0), (0, 0, 0)],
)
def test_cap__roll_ten_and_convert_two_dice_to_one_success(nominal: int, dice: int, auto: int) -> None:
    capped = apply_cap(nominal)
    assert (capped.dice, capped.auto) == (dice, auto)


@pytest.mark.rules("RWYN-POOL-007", "RWYN-POOL-008")
@given(st.integers(min_value=0, max_value=500))
def test_cap__property_auto_successes_from_the_cap(nominal: int) -> None:
    capped = apply_cap(nominal)
    assert capped.dice == min(nominal, 10)
    assert capped.auto == max(0, nominal - 10) // 2
    # never more than one die lost to the conversion
    assert 0 <= nominal - capped.dice - 2 * capped.auto <= 1


@pytest.mark.rules("RWYN-POOL-007")
def test_cap__applies_to_the_disaster_pool_separately() -> None:
    # PROPOSED: ability 0 vs Impossible 14 -> 14 disaster dice -> 10 dice + 2 automatic disaster successes
    from capeworks.systems.rwyn.pool import disaster_pool

    plan = build_pool(0, 14, CORE)
    left = disaster_pool(plan, 0, CORE)
    assert (left.dice, left.auto) == (10, 2)


@pytest.mark.rules("RWYN-POOL-008", "RWYN-POOL-007")
def test_cap__pool_of_fourteen_is_ten_dice_and_two_automatic_successes() -> None:
    # W8: quality dice push Melee 5 to 14 nominal dice (5 + 9); 10 dice + floor(4/2) = 2 automatic
    cfg = RwynConfig(quality_die_bonus=9)
    plan = build_pool(5, 3, cfg, bonus_dice=9)
    assert (plan.ability_nominal, plan.ability_dice, plan.auto_successes, plan.disaster_nominal) == (
        14,
        10,
        2,
        0,
    )


@pytest.mark.rules("RWYN-CRIT-002")
def test_quality_dice__benefit_adds_pool_dice_and_drawback_adds_disaster_dice() -> None:
    cfg = RwynConfig(quality_die_bonus=1)
    plan = build_pool(3, 3, cfg, bonus_dice=1, drawback_dice=1)
    assert (plan.ability_dice, plan.disaster_nominal) == (4, 1)


@pytest.mark.rules("RWYN-DESIGN-005")
@pytest.mark.parametrize(
    ("rating", "time", "allowed"),
    # W16: ability 4 may seek 2 (4 >= 2x2); ability 3 only 1 (3 < 4); 1 cannot seek any (1 < 2)
    [(4, 2, True), (3, 2, False), (3, 1, True), (1, 1, False)],
)
def test_take_your_time__needs_twice_the_auto_successes(rating: int, time: int, allowed: bool) -> None:
    cfg = preset("take_your_time")
    if allowed:
        assert build_pool(rating, 3, cfg, time=time).auto_successes == time
    else:
        with pytest.raises(RuleViolation, match="at least"):
            build_pool(rating, 3, cfg, time=time)


@pytest.mark.rules("RWYN-DESIGN-005")
def test_take_your_time__off_by_default() -> None:
    with pytest.raises(RuleViolation, match="not a rule"):
        build_pool(4, 3, CORE, time=1)


@pytest.mark.rules("RWYN-DESIGN-006")
def test_big_pools__abilities_rated_one_to_ten_starting_at_five() -> None:
    cfg = preset("big_pools")
    assert (cfg.ability_min, cfg.ability_max, cfg.ability_start) == (1, 10, 5)
