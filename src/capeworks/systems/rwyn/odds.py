"""Exact odds of a check before it is rolled, computed with icepool (fractions, no sampling).

For a planned pool under a table's config: the chance of success, the
expected number of effects, the distribution of disaster successes, the
chance of a mixed result and of critical results — the numbers a player sees
before rolling. Also the designer's claims of RWYN-DESIGN-001/003/008/009
(:func:`p_at_least`). The sacrifice a player will make is not known in
advance, so the odds take a :class:`SacrificePolicy`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import Any

import icepool

from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.pool import (
    CritKind,
    PoolPlan,
    critical,
    disaster_pool,
    effect_count,
    is_mixed,
    max_sacrifice,
    succeeded,
)

__all__ = ["Odds", "SacrificePolicy", "joint_counts", "odds", "p_at_least", "sacrifice_for", "successes_die"]


class SacrificePolicy(StrEnum):
    """How many successes the player is assumed to sacrifice (RWYN-SAC-004)."""

    NONE = "none"
    #: as many as allowed while keeping one success
    KEEP_ONE = "keep_one"
    #: as many as allowed, even if the task then fails
    ALL = "all"


def sacrifice_for(policy: SacrificePolicy, successes: int, disaster_dice: int) -> int:
    """The sacrifice ``policy`` makes with ``successes`` against ``disaster_dice``."""
    most = max_sacrifice(successes, disaster_dice)
    if policy is SacrificePolicy.NONE:
        return 0
    if policy is SacrificePolicy.KEEP_ONE:
        return min(most, max(0, successes - 1))
    return most


@cache
def successes_die(dice: int, sides: int, success_min: int) -> icepool.Die:
    """Number of successes on ``dice`` dice: a binomial as an exact icepool Die."""
    one = icepool.d(sides).map(lambda f: 1 if f >= success_min else 0)
    return dice @ one if dice else icepool.Die([0])


@cache
def joint_counts(dice: int, sides: int, success_min: int) -> tuple[tuple[int, int, int], ...]:
    """(ones, successes, ways) for ``dice`` dice, out of ``sides ** dice`` ways, via an icepool vector sum."""
    if dice == 0:
        return ((0, 0, 1),)
    category = icepool.d(sides).map(lambda f: icepool.Vector((int(f == 1), int(f >= success_min))))
    total = dice @ category
    return tuple((int(o[0]), int(o[1]), int(q)) for o, q in total.items())


def p_at_least(dice: int, successes: int, config: RwynConfig | None = None) -> Fraction:
    """P(at least ``successes`` successes on ``dice`` dice), exactly (RWYN-DESIGN-001/003/008)."""
    cfg = config or RwynConfig()
    if successes <= 0:
        return Fraction(1)
    die = successes_die(dice, cfg.die_size, cfg.success_min)
    return Fraction(die.probability(">=", successes))


def _frac_dict(d: dict[int, Fraction]) -> dict[str, Any]:
    return {str(k): {"fraction": str(v), "p": float(v)} for k, v in sorted(d.items())}


@dataclass(frozen=True)
class Odds:
    """The exact odds of one planned check."""

    plan: PoolPlan
    sacrifice: SacrificePolicy
    p_success: Fraction
    expected_effects: Fraction
    kept_successes: dict[int, Fraction]
    disaster_successes: dict[int, Fraction]
    p_mixed: Fraction
    p_mixed_success: Fraction
    p_mixed_failure: Fraction
    p_crit: dict[CritKind, Fraction] = field(default_factory=dict)

    @property
    def p_any_disaster(self) -> Fraction:
        """Chance of at least one disaster success (one complication or more)."""
        return 1 - self.disaster_successes.get(0, Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, each probability as an exact fraction string and a float."""

        def f(x: Fraction) -> dict[str, Any]:
            return {"fraction": str(x), "p": float(x)}

        return {
            "plan": self.plan.model_dump(mode="json"),
            "sacrifice": self.sacrifice.value,
            "success": f(self.p_success),
            "expected_effects": f(self.expected_effects),
            "kept_successes": _frac_dict(self.kept_successes),
            "disaster_successes": _frac_dict(self.disaster_successes),
            "any_disaster": f(self.p_any_disaster),
            "mixed": f(self.p_mixed),
            "mixed_success": f(self.p_mixed_success),
            "mixed_failure": f(self.p_mixed_failure),
            "critical": {k.value: f(v) for k, v in self.p_crit.items()},
        }


def odds(plan: PoolPlan, config: RwynConfig, *, sacrifice: SacrificePolicy = SacrificePolicy.NONE) -> Odds:
    """Every number a player sees before rolling ``plan`` at a table with ``config``, exactly."""
    sides, smin = config.die_size, config.success_min
    ability = joint_counts(plan.ability_dice, sides, smin)
    ability_total = sides**plan.ability_dice
    p_success = expected = p_mixed = mixed_s = mixed_f = Fraction(0)
    kept_d: dict[int, Fraction] = {}
    dis_d: dict[int, Fraction] = {}
    crit_d: dict[CritKind, Fraction] = {CritKind.SUCCESS: Fraction(0), CritKind.FAILURE: Fraction(0)}
    for ones, rolled, ways in ability:
        successes = rolled + plan.auto_successes
        k = sacrifice_for(sacrifice, successes, plan.disaster_nominal)
        kept = successes - k
        left = disaster_pool(plan, k, config)
        p_ability = Fraction(ways, ability_total)
        ok = succeeded(kept, plan.difficulty, config)
        kept_d[kept] = kept_d.get(kept, Fraction(0)) + p_ability
        if ok:
            p_success += p_ability
            expected += p_ability * effect_count(kept, plan.difficulty, config)
        disaster_total = sides**left.dice
        for d_ones, d_rolled, d_ways in joint_counts(left.dice, sides, smin):
            p = p_ability * Fraction(d_ways, disaster_total)
            d_succ = d_rolled + left.auto
            dis_d[d_succ] = dis_d.get(d_succ, Fraction(0)) + p
            if is_mixed(
                ability_ones=ones, disaster_ones=d_ones, successes=successes, kept=kept, config=config
            ):
                p_mixed += p
                if ok:
                    mixed_s += p
                else:
                    mixed_f += p
            crit = critical(
                ability_dice=plan.ability_dice,
                ability_ones=ones,
                rolled_successes=rolled,
                kept=kept,
                disaster_successes=d_succ,
                success=ok,
                config=config,
            )
            if crit is not None:
                crit_d[crit] += p
    return Odds(
        plan=plan,
        sacrifice=sacrifice,
        p_success=p_success,
        expected_effects=expected,
        kept_successes=dict(sorted(kept_d.items())),
        disaster_successes=dict(sorted(dis_d.items())),
        p_mixed=p_mixed,
        p_mixed_success=mixed_s,
        p_mixed_failure=mixed_f,
        p_crit=crit_d,
    )
