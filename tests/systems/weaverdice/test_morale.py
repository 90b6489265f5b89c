"""Morale (WD-MORALE): the nine steps, caps, spends, defiance, end-of-day rolls and the reset."""

from __future__ import annotations

import pytest

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import morale as m
from capeworks.systems.weaverdice.config import MoraleReset, WeaverdiceConfig

CFG = WeaverdiceConfig()


@pytest.mark.rules("WD-MORALE-001")
def test_scale_runs_dismal_to_excellent() -> None:
    assert [m.MORALE_NAMES[s] for s in range(-4, 5)] == [
        "Dismal", "Miserable", "Poor", "Low", "Neutral", "Good", "Great", "Superb", "Excellent",
    ]  # fmt: skip
    assert m.shift(-3, -5, config=CFG) == -4  # floor
    assert m.shift(3, 4, config=CFG) == 4  # ceiling
    assert m.shift(-4, -1, config=WeaverdiceConfig(morale_floor=-5)) == -5  # the cap-2 variant
    assert m.is_good(1) and not m.is_good(0)


@pytest.mark.rules("WD-MORALE-002")
@pytest.mark.parametrize(("step", "cap"), [(-1, 6), (-2, 5), (-3, 4), (-4, 3), (-5, 2), (0, None), (3, None)])
def test_low_morale_caps(step: int, cap: int | None) -> None:
    assert m.cap(step) == cap
    assert m.capped(9, step) == (9 if cap is None else cap)


@pytest.mark.rules("WD-MORALE-003")
@pytest.mark.parametrize(("step", "value"), [(1, 3), (2, 4), (3, 5), (4, 6)])
def test_high_morale_sets_two_plus_k(step: int, value: int) -> None:
    assert m.spend_value(step) == value


@pytest.mark.rules("WD-MORALE-003")
def test_no_spend_at_neutral_or_below() -> None:
    with pytest.raises(RuleViolation) as err:
        m.spend_value(0)
    assert err.value.rule_id == "WD-MORALE-003"


@pytest.mark.rules("WD-MORALE-004")
def test_charm_defiance_costs_two_then_one() -> None:
    assert [m.defiance_cost(n, config=CFG) for n in range(3)] == [2, 1, 1]
    harsh = WeaverdiceConfig(charm_defiance_first=3, charm_defiance_later=2)
    assert m.defiance_cost(0, config=harsh) == 3


@pytest.mark.rules("WD-MORALE-006")
def test_end_of_day_low_morale_blocks_recovery() -> None:
    # WX-16: one step below neutral -> not recovered only on a 6
    assert [m.not_recovered(-1, f) for f in range(1, 7)] == [False] * 5 + [True]
    # -3 -> 4+ blocks
    assert [m.not_recovered(-3, f) for f in range(1, 7)] == [False, False, False, True, True, True]
    assert not m.not_recovered(0, 6)


@pytest.mark.rules("WD-MORALE-007")
def test_end_of_day_high_morale_bonus_slot() -> None:
    # WX-16: two steps above -> four dice; any 6 -> exactly one slot
    assert m.bonus_slot_dice(2) == 4
    assert m.bonus_slot_dice(0) == 0 and m.bonus_slot_dice(-2) == 0
    assert m.bonus_slot([6, 6, 1, 2]) is True  # one slot, even with two 6s
    assert m.bonus_slot([5, 5, 1, 2]) is False
    assert "rest_and_recuperate" in CFG.morale_bonus_slot_actions


@pytest.mark.rules("WD-MORALE-008", "WD-MORALE-005")
def test_day_reset_snaps_or_settles_to_the_baseline() -> None:
    assert m.day_reset(-3, 1, config=CFG) == 1
    settle = WeaverdiceConfig(morale_reset_mode=MoraleReset.SETTLE)
    assert m.day_reset(-3, 1, config=settle) == -2
    assert m.day_reset(3, 1, config=settle) == 2
    assert m.day_reset(1, 1, config=settle) == 1


def test_morale_as_effort_variant() -> None:
    assert m.effort_bonus_dots(2, config=CFG) == 0
    assert m.effort_bonus_dots(2, config=WeaverdiceConfig(morale_as_effort=True)) == 2
