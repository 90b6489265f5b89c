"""Exact odds: checked against brute-force enumeration and the designer's probability claims."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeworks.systems.rwyn.config import RwynConfig, preset
from capeworks.systems.rwyn.odds import Odds, SacrificePolicy, odds, p_at_least, sacrifice_for
from capeworks.systems.rwyn.pool import (
    CritKind,
    PoolPlan,
    build_pool,
    count_ones,
    count_successes,
    critical,
    disaster_pool,
    effect_count,
    is_mixed,
    succeeded,
)

CORE = RwynConfig()


def brute(plan: PoolPlan, cfg: RwynConfig, policy: SacrificePolicy) -> dict[str, object]:
    """Every face combination, one at a time (the slow, obviously right reference)."""
    sides = cfg.die_size
    out: dict[str, object] = {}
    p_success = effects = mixed = Fraction(0)
    dis: dict[int, Fraction] = {}
    crit: dict[CritKind, Fraction] = {CritKind.SUCCESS: Fraction(0), CritKind.FAILURE: Fraction(0)}
    for faces in itertools.product(range(1, sides + 1), repeat=plan.ability_dice):
        pa = Fraction(1, sides**plan.ability_dice)
        rolled = count_successes(faces, cfg)
        succ = rolled + plan.auto_successes
        k = sacrifice_for(policy, succ, plan.disaster_nominal)
        kept = succ - k
        left = disaster_pool(plan, k, cfg)
        ok = succeeded(kept, plan.difficulty, cfg)
        if ok:
            p_success += pa
            effects += pa * effect_count(kept, plan.difficulty, cfg)
        for dfaces in itertools.product(range(1, sides + 1), repeat=left.dice):
            p = pa * Fraction(1, sides**left.dice)
            ds = count_successes(dfaces, cfg) + left.auto
            dis[ds] = dis.get(ds, Fraction(0)) + p
            if is_mixed(
                ability_ones=count_ones(faces),
                disaster_ones=count_ones(dfaces),
                successes=succ,
                kept=kept,
                config=cfg,
            ):
                mixed += p
            c = critical(
                ability_dice=len(faces),
                ability_ones=count_ones(faces),
                rolled_successes=rolled,
                kept=kept,
                disaster_successes=ds,
                success=ok,
                config=cfg,
            )
            if c is not None:
                crit[c] += p
    out.update(
        p_success=p_success, effects=effects, mixed=mixed, disaster=dict(sorted(dis.items())), crit=crit
    )
    return out


def _same(o: Odds, b: dict[str, object]) -> None:
    assert o.p_success == b["p_success"]
    assert o.expected_effects == b["effects"]
    assert o.p_mixed == b["mixed"]
    assert o.disaster_successes == b["disaster"]
    assert o.p_crit == b["crit"]


@pytest.mark.rules("RWYN-POOL-004", "RWYN-POOL-005", "RWYN-POOL-006", "RWYN-MIX-001", "RWYN-SAC-004")
@pytest.mark.parametrize("policy", list(SacrificePolicy))
@pytest.mark.parametrize(("rating", "difficulty"), [(0, 2), (1, 1), (2, 4), (3, 5), (3, 2), (4, 5), (1, 4)])
def test_odds__match_brute_force_enumeration(rating: int, difficulty: int, policy: SacrificePolicy) -> None:
    plan = build_pool(rating, difficulty, CORE)
    _same(odds(plan, CORE, sacrifice=policy), brute(plan, CORE, policy))


@pytest.mark.rules("RWYN-MIX-001", "RWYN-DESIGN-002", "RWYN-DESIGN-004", "RWYN-DESIGN-007")
@pytest.mark.parametrize(
    "cfg",
    [
        RwynConfig(mixed_counts_disaster_ones=True),
        RwynConfig(mixed_uses_kept_successes=True),
        RwynConfig(crit_preset="threshold", crit_threshold=2),
        preset("success_on_4"),
        preset("success_threshold", threshold_disaster_dice=True),
        preset("d10_half_faces"),
    ],
    ids=["disaster-ones", "kept", "crit-threshold", "success-on-4", "threshold", "d10"],
)
def test_odds__match_brute_force_under_variants(cfg: RwynConfig) -> None:
    plan = build_pool(2, 4, cfg)  # 2 dice + 2 disaster dice: 10**4 at most for the d10
    _same(odds(plan, cfg, sacrifice=SacrificePolicy.KEEP_ONE), brute(plan, cfg, SacrificePolicy.KEEP_ONE))


@pytest.mark.rules("RWYN-POOL-007", "RWYN-POOL-008")
def test_odds__automatic_successes_count_for_success_and_effects() -> None:
    # W8: 14 nominal dice vs 3 -> 10 dice + 2 automatic: success is certain, >= 2 effects always
    cfg = RwynConfig(quality_die_bonus=9)
    o = odds(build_pool(5, 3, cfg, bonus_dice=9), cfg)
    assert o.p_success == 1
    assert min(o.kept_successes) == 2
    # 2 automatic + 10 dice x 1/3 = 2 + 10/3 = 16/3 expected effects
    assert o.expected_effects == Fraction(16, 3)


@pytest.mark.rules("RWYN-POOL-006", "RWYN-MIX-001")
@settings(max_examples=40)
@given(
    rating=st.integers(0, 12),
    difficulty=st.integers(1, 8),
    policy=st.sampled_from(list(SacrificePolicy)),
    variant=st.sampled_from(["core", "success_on_4", "d10_half_faces", "success_threshold"]),
)
def test_odds__property_distributions_sum_to_one(
    rating: int, difficulty: int, policy: SacrificePolicy, variant: str
) -> None:
    cfg = preset(variant)
    o = odds(build_pool(rating, difficulty, cfg), cfg, sacrifice=policy)
    assert sum(o.disaster_successes.values()) == 1
    assert sum(o.kept_successes.values()) == 1
    assert 0 <= o.p_success <= 1
    assert o.p_mixed == o.p_mixed_success + o.p_mixed_failure
    assert o.p_crit[CritKind.SUCCESS] + o.p_crit[CritKind.FAILURE] <= 1
    # success probability is exactly the kept-success mass that succeeds
    assert o.p_success == sum(p for k, p in o.kept_successes.items() if succeeded(k, difficulty, cfg))


@pytest.mark.rules("RWYN-GEN-002")
@pytest.mark.parametrize(
    ("dice", "p"),
    # W14: 1 - (2/3)^n
    [
        (1, Fraction(1, 3)),
        (2, Fraction(5, 9)),
        (3, Fraction(19, 27)),
        (4, Fraction(65, 81)),
        (5, Fraction(211, 243)),
    ],
)
def test_odds__core_chance_of_at_least_one_success(dice: int, p: Fraction) -> None:
    assert p_at_least(dice, 1) == p
    assert odds(build_pool(dice, 1, CORE), CORE).p_success == p


T3 = {  # table T3 of the inventory, P(>= k) for n dice at p = 1/3, to 4 places
    5: (0.8683, 0.5391, 0.2099, 0.0453, 0.0041),
    8: (0.9610, 0.8049, 0.5318, 0.2586, 0.0879),
    10: (0.9827, 0.8960, 0.7009, 0.4407, 0.2131),
}


@pytest.mark.rules("RWYN-GEN-002", "RWYN-DESIGN-001")
@pytest.mark.parametrize("n", sorted(T3))
def test_odds__reference_table_t3(n: int) -> None:
    for k, expected in enumerate(T3[n], start=1):
        assert round(float(p_at_least(n, k)), 4) == expected


@pytest.mark.rules("RWYN-DESIGN-001")
def test_design__fifty_percent_point_at_ten_dice_lies_between_three_and_four() -> None:
    assert p_at_least(10, 3) > Fraction(1, 2) > p_at_least(10, 4)


@pytest.mark.rules("RWYN-DESIGN-003")
@pytest.mark.parametrize(
    ("dice", "p"),
    # W13: P(>= 3) at p = 1/3
    [(8, Fraction(1163, 2187)), (9, Fraction(12259, 19683)), (10, Fraction(13795, 19683))],
)
def test_design__average_adventurer_rolls_eight_to_ten_dice(dice: int, p: Fraction) -> None:
    assert p_at_least(dice, 3) == p
    assert p_at_least(7, 3) < Fraction(1, 2) < p_at_least(8, 3)


@pytest.mark.rules("RWYN-DESIGN-008", "RWYN-DESIGN-004", "RWYN-DESIGN-007")
@pytest.mark.parametrize("variant", ["success_on_4", "d10_half_faces"])
@pytest.mark.parametrize("d", [1, 2, 3, 4, 5, 6, 7])
def test_design__half_faces_fifty_fifty_with_two_dice_per_difficulty_step(variant: str, d: int) -> None:
    # W12: P(>= d | 2d - 1 dice) = 1/2 exactly (Bin(n, 1/2) is symmetric)
    cfg = preset(variant)
    assert p_at_least(2 * d - 1, d, cfg) == Fraction(1, 2)


@pytest.mark.rules("RWYN-DESIGN-008")
def test_design__fifty_fifty_at_difficulty_three_with_five_dice_on_the_d10() -> None:
    # the claim as stated: 5 dice, difficulty 3 (success-count model), half the d10's faces succeed
    cfg = preset("d10_half_faces", "success_threshold")
    assert odds(build_pool(5, 3, cfg), cfg).p_success == Fraction(1, 2)
    # W12 neighbours: 4 dice 5/16 = 0.3125; 6 dice 21/32 = 0.65625
    assert p_at_least(4, 3, cfg) == Fraction(5, 16)
    assert p_at_least(6, 3, cfg) == Fraction(21, 32)


@pytest.mark.rules("RWYN-DESIGN-009", "RWYN-POOL-007")
def test_design__cap_breaks_the_half_faces_ladder_at_six() -> None:
    # W15: need 6 at p = 1/2: 11 dice -> 10 + 0 auto -> P(>= 6 | 10) = 386/1024 = 0.377
    #                          12 dice -> 10 + 1 auto -> P(>= 5 | 10) = 638/1024 = 0.623
    cfg = preset("success_on_4", "success_threshold", quality_die_bonus=8, difficulty_max=10)
    eleven = odds(build_pool(3, 6, cfg, bonus_dice=8), cfg).p_success
    twelve = odds(build_pool(4, 6, cfg, bonus_dice=8), cfg).p_success
    assert eleven == Fraction(386, 1024)
    assert twelve == Fraction(638, 1024)
    assert round(float(eleven), 3) == 0.377 and round(float(twelve), 3) == 0.623


@pytest.mark.rules("RWYN-SAC-004")
def test_odds__sacrificing_lowers_disaster_successes_and_success_chance() -> None:
    # W2's pool: 3 dice vs 5. Keeping one success and sacrificing the rest never raises disaster
    plan = build_pool(3, 5, CORE)
    none, keep_one, every = (odds(plan, CORE, sacrifice=p) for p in SacrificePolicy)
    assert keep_one.p_any_disaster < none.p_any_disaster
    assert keep_one.p_success == none.p_success  # one success is always kept
    assert every.p_success < none.p_success  # sacrificing the last success fails the task
    # with no sacrifice, 2 disaster dice: P(none) = (2/3)^2 = 4/9
    assert none.disaster_successes[0] == Fraction(4, 9)


@pytest.mark.rules("RWYN-MIX-001")
def test_odds__mixed_is_split_by_success_and_failure() -> None:
    # 1 die vs 1: mixed only on a 1 (1 one > 0 successes), which fails -> 1/6 mixed failure
    o = odds(build_pool(1, 1, CORE), CORE)
    assert (o.p_mixed, o.p_mixed_failure, o.p_mixed_success) == (Fraction(1, 6), Fraction(1, 6), 0)


def test_odds__to_dict_is_json_ready() -> None:
    import json

    data = odds(build_pool(3, 5, CORE), CORE).to_dict()
    assert json.loads(json.dumps(data))["success"]["fraction"] == "19/27"
