"""Effort (WD-EFFORT): spending, draining, resting, exhaustion across encounters, sleep."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.effort import USE_POOL, Effort, EffortUse, edge, push_distance
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.vocab import Pool, Stat, Tier

ADA = Character(id="ada", name="Ada", stats={Stat.ATHLETICS: 3, Stat.WITS: 4, Stat.GUTS: 2})


@pytest.mark.rules("WD-EFFORT-001", "WD-EFFORT-007")
def test_spend_until_empty_then_refused() -> None:
    e = Effort()
    assert e.available(ADA, Pool.RECOVERY) == 2
    e = e.spend(ADA, Pool.RECOVERY).spend(ADA, Pool.RECOVERY)
    assert e.available(ADA, Pool.RECOVERY) == 0
    with pytest.raises(RuleViolation) as err:
        e.spend(ADA, Pool.RECOVERY)
    assert err.value.rule_id == "WD-EFFORT-007" and "0 Recovery left" in str(err.value)
    thug = ADA.model_copy(update={"tier": Tier.GENERIC})
    with pytest.raises(RuleViolation) as err:
        Effort().spend(thug, Pool.FOCUS)
    assert err.value.rule_id == "WD-EFFORT-001"


@pytest.mark.rules("WD-EFFORT-003", "WD-EFFORT-004", "WD-EFFORT-005")
def test_each_use_names_its_pool() -> None:
    stamina = {u for u, p in USE_POOL.items() if p is Pool.STAMINA}
    focus = {u for u, p in USE_POOL.items() if p is Pool.FOCUS}
    recovery = {u for u, p in USE_POOL.items() if p is Pool.RECOVERY}
    assert stamina == {EffortUse.REROLL, EffortUse.PUSH_MOVE, EffortUse.POWER}
    assert focus == {
        EffortUse.REACTION,
        EffortUse.OPPORTUNITY,
        EffortUse.WAIT,  # src 994
        EffortUse.EDGE,
        EffortUse.LEARNING_SKILL,
        EffortUse.FOCUSED_SHOT,  # src 334
    }
    assert recovery == {EffortUse.IGNORE_EFFECT, EffortUse.REST_ROLL, EffortUse.GET_UP}


@pytest.mark.rules("WD-EFFORT-003", "WD-MOVE-006", "WD-EFFORT-015")
@pytest.mark.parametrize(
    ("d3", "double", "feet"), [(1, False, 5), (3, False, 15), (2, True, 20), (3, True, 30)]
)
def test_push_is_d3_times_5_doubled_on_a_double_move(d3: int, double: bool, feet: int) -> None:
    assert push_distance(d3, double=double) == feet


@pytest.mark.rules("WD-EFFORT-006")
def test_any_effort_mixes_pools() -> None:
    e = Effort().spend_any(ADA, {Pool.STAMINA: 1, Pool.FOCUS: 2})
    assert (e.available(ADA, Pool.STAMINA), e.available(ADA, Pool.FOCUS)) == (2, 2)
    with pytest.raises(RuleViolation):
        e.spend_any(ADA, {Pool.FOCUS: 3})


@pytest.mark.rules("WD-EFFORT-007", "WD-EFFORT-004")
def test_drain_takes_what_is_left_and_counts_as_used() -> None:
    e, lost = Effort().spend(ADA, Pool.FOCUS, 3).drain(ADA, Pool.FOCUS, 2)
    assert lost == 1 and e.available(ADA, Pool.FOCUS) == 0
    e, lost = Effort().drain(ADA, Pool.STAMINA, 1)
    assert lost == 1 and e.used


@pytest.mark.rules("WD-EFFORT-008")
def test_rest_restores_spent_dots_only() -> None:
    e = Effort().spend(ADA, Pool.FOCUS, 2).spend(ADA, Pool.STAMINA)
    rested = e.rest(ADA, {Pool.FOCUS: 1})
    assert rested.available(ADA, Pool.FOCUS) == 3
    full = e.rest(ADA, {Pool.FOCUS: 2})  # two dots to one pool
    assert full.available(ADA, Pool.FOCUS) == 4
    each = e.rest(ADA, {p: 1 for p in Pool})  # one to each
    assert each.available(ADA, Pool.STAMINA) == 3 and each.available(ADA, Pool.RECOVERY) == 2


@pytest.mark.rules("WD-EFFORT-009", "WD-EFFORT-010", "WD-EFFORT-011")
def test_exhaustion_accumulates_over_a_day__wx10() -> None:
    e = Effort()
    for n, pool in enumerate((Pool.FOCUS, Pool.STAMINA, Pool.FOCUS), start=1):
        # the exhausted dot is one of those spent (src 409)
        e = e.spend(ADA, pool).end_encounter(ADA, lull=True, exhaust=pool)
        assert sum(e.exhausted.values()) == n  # 1, then 2, then 3
        assert e.spent == {}  # every spent dot came back
    assert e.maximum(ADA, Pool.FOCUS) == 2  # Wits 4 - two exhausted
    assert e.sleep().exhausted == {}
    # low morale kept one Focus dot exhausted overnight
    assert e.sleep(kept={Pool.FOCUS: 1}).exhausted == {Pool.FOCUS: 1}


@pytest.mark.rules("WD-EFFORT-009")
def test_no_lull_no_restore__nothing_spent_nothing_exhausted() -> None:
    spent = Effort().spend(ADA, Pool.FOCUS)
    assert spent.end_encounter(ADA, lull=False, exhaust=Pool.FOCUS) == spent
    assert Effort().end_encounter(ADA, lull=True, exhaust=None).exhausted == {}
    with pytest.raises(RuleViolation) as err:
        spent.end_encounter(ADA, lull=True, exhaust=None)
    assert err.value.rule_id == "WD-EFFORT-009"


@pytest.mark.rules("WD-EFFORT-012", "WD-COMBAT-006")
def test_focus_edge_adds_a_d3() -> None:
    assert [edge(8, d) for d in (1, 2, 3)] == [9, 10, 11]
    with pytest.raises(ValueError):
        edge(8, 4)


@pytest.mark.rules("WD-EFFORT-014")
def test_bonus_dots_vanish_before_exhaustion_is_counted() -> None:
    e = Effort().with_bonus(Pool.STAMINA)
    assert e.available(ADA, Pool.STAMINA) == 4
    e = e.spend(ADA, Pool.STAMINA, 4)
    after = e.end_encounter(ADA, lull=True, exhaust=Pool.STAMINA)
    assert after.bonus == {} and after.available(ADA, Pool.STAMINA) == 2


@pytest.mark.rules("WD-EFFORT-002")
@given(st.integers(-2, 3), st.integers(0, 6))
def test_available_never_exceeds_the_modified_maximum(bonus: int, spend: int) -> None:
    c = ADA.model_copy(update={"effort_bonus": {Pool.FOCUS: bonus}})
    e = Effort()
    top = c.effort_max(Pool.FOCUS)
    assert e.available(c, Pool.FOCUS) == top == max(0, 4 + bonus)
    if spend <= top and spend:
        assert e.spend(c, Pool.FOCUS, spend).available(c, Pool.FOCUS) == top - spend


def _fresh_available(e: Effort, c: Character, pool: Pool) -> int:
    """WD-EFFORT-002/007 worked out from scratch, without the kept maxima or availability."""
    if c.tier not in (Tier.PC, Tier.NOTABLE):
        top = 0
    else:
        stat = {Pool.STAMINA: Stat.ATHLETICS, Pool.FOCUS: Stat.WITS, Pool.RECOVERY: Stat.GUTS}[pool]
        extra = c.effort_bonus.get(pool, 0) + sum(p.effort_max.get(pool, 0) for p in c.powers)
        top = max(0, c.lasting(stat) + extra)
    most = max(0, top - e.exhausted.get(pool, 0))
    return max(0, most + e.bonus.get(pool, 0) + e.day.get(pool, 0) - e.spent.get(pool, 0))


@pytest.mark.rules("WD-EFFORT-002", "WD-EFFORT-007", "WD-EFFORT-014")
@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 2), st.integers(0, 2), st.integers(0, 4)), max_size=6
    )
)
def test_kept_availability_matches_a_fresh_reckoning(steps: list[tuple[int, int, int, int]]) -> None:
    """Maxima and availability are kept per sheet and effort value: each new sheet or effort, made by
    evolving the last one, reads its own (never the value kept for the one before it)."""
    c, e = ADA, Effort()
    for loss, bonus, spend, wits_loss in steps:
        c = c.model_copy(update={"lasting_loss": {Stat.WITS: wits_loss, Stat.GUTS: loss % 3}})
        e = e.with_bonus(Pool.FOCUS, bonus) if bonus else e
        for pool in Pool:
            assert e.available(c, pool) == _fresh_available(e, c, pool)
            assert c.effort_max(pool) == c.effort_maxima()[pool]
        if spend and e.available(c, Pool.FOCUS) >= spend:
            e = e.spend(c, Pool.FOCUS, spend)
            assert e.available(c, Pool.FOCUS) == _fresh_available(e, c, Pool.FOCUS)
    thug = c.model_copy(update={"tier": Tier.GENERIC})
    assert all(e.available(thug, p) == _fresh_available(e, thug, p) for p in Pool)
