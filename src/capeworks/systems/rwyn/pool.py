"""Building and reading a pool: ability vs difficulty, disaster dice, the cap, sacrifice, mixed and critical.

Implements RWYN-GEN-002 (successes on high faces), RWYN-POOL-001..008,
RWYN-SAC-002..004 (how many successes may be sacrificed), RWYN-MIX-001,
RWYN-CRIT-001 (the critical predicate), RWYN-CRIT-002 (quality dice) and the
pool-side variants RWYN-DESIGN-002/004/005/007. Pure functions on counts and
faces, shared by live rolls and by :mod:`capeworks.systems.rwyn.odds`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from capeworks.errors import RuleViolation
from capeworks.systems.rwyn.config import CritPreset, ResolutionMode, RwynConfig
from capeworks.systems.rwyn.tables import ladder_top

__all__ = [
    "Capped",
    "CritKind",
    "PoolPlan",
    "apply_cap",
    "build_pool",
    "check_difficulty",
    "check_time",
    "count_ones",
    "count_successes",
    "critical",
    "disaster_dice_for",
    "disaster_pool",
    "effect_count",
    "is_mixed",
    "is_success_face",
    "max_sacrifice",
    "succeeded",
]


@dataclass(frozen=True, slots=True)
class Capped:
    """A pool after the cap: dice actually rolled and automatic successes."""

    dice: int
    auto: int


def apply_cap(nominal: int, *, cap: int = 10, per: int = 2) -> Capped:
    """RWYN-POOL-007: roll at most ``cap`` dice; each ``per`` dice past it is one automatic success.

    An odd leftover die is lost: 19 -> 10 dice + 4, 11 -> 10 dice + 0.
    """
    if nominal < 0:
        raise ValueError("a pool cannot have fewer than 0 dice")
    if nominal <= cap:
        return Capped(nominal, 0)
    return Capped(cap, (nominal - cap) // per)


class CritKind(StrEnum):
    """A critical result (RWYN-CRIT-001)."""

    SUCCESS = "success"
    FAILURE = "failure"


class PoolPlan(BaseModel):
    """What a check rolls before any dice hit the table."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rating: int
    difficulty: int
    bonus_dice: int = 0
    drawback_dice: int = 0
    time_auto: int = 0
    ability_nominal: int
    ability_dice: int
    cap_auto: int
    disaster_nominal: int
    #: the table's highest ordinary difficulty when it runs past the ladder (big pools), for the words
    #: (tables.ladder_top); 0, left out of the payload: the ladder as written, as in older logs
    ladder_top: int = Field(default=0, exclude_if=lambda v: not v)

    @property
    def auto_successes(self) -> int:
        """Automatic successes of the ability pool: the cap's plus taking your time (RWYN-POOL-008)."""
        return self.cap_auto + self.time_auto


def disaster_dice_for(rating: int, difficulty: int, config: RwynConfig) -> int:
    """RWYN-POOL-003/004: difficulty - ability when ability is lower, else none.

    In ``success_threshold`` mode (RWYN-DESIGN-002) disaster dice are off unless
    ``threshold_disaster_dice`` turns them back on.
    """
    if config.resolution_mode is ResolutionMode.SUCCESS_THRESHOLD and not config.threshold_disaster_dice:
        return 0
    return max(0, difficulty - rating)


def check_difficulty(difficulty: int, ceiling: int | None = None) -> None:
    """RWYN-POOL-001: difficulties start at 1 (Simple) and, when ``ceiling`` is given, stop there."""
    if difficulty < 1:
        raise RuleViolation(
            "RWYN-POOL-001",
            f"Difficulty {difficulty} is not on the scale: difficulties start at 1 (Simple).",
        )
    if ceiling is not None and difficulty > ceiling:
        raise RuleViolation("RWYN-POOL-001", f"Difficulty {difficulty} is beyond even Impossible here.")


def check_time(time: int, rating: int, config: RwynConfig) -> None:
    """RWYN-DESIGN-005 (src 53): taking your time buys 1 automatic success, a lot of time 2, only at a
    table that plays the variant and with an ability of at least twice the successes sought. Checked
    when the check is rolled, and already when it is asked for or called: a call the roll must refuse
    would wait on its player for good."""
    if not time:
        return
    if not config.time_auto_successes:
        raise RuleViolation(
            "RWYN-DESIGN-005", "Taking your time for automatic successes is not a rule at this table."
        )
    if time not in (1, 2):
        raise RuleViolation(
            "RWYN-DESIGN-005", "Take your time for 1 automatic success, or a lot of time for 2."
        )
    if rating < 2 * time:
        raise RuleViolation(
            "RWYN-DESIGN-005",
            f"Seeking {time} automatic success{'es' if time > 1 else ''} needs an ability of at least "
            f"{2 * time}; this one is {rating}.",
        )


def build_pool(
    rating: int,
    difficulty: int,
    config: RwynConfig,
    *,
    bonus_dice: int = 0,
    drawback_dice: int = 0,
    time: int = 0,
) -> PoolPlan:
    """Plan a check: pool = rating (+ quality dice), disaster dice from the gap, then the cap.

    Raises RuleViolation for a difficulty below 1 or a negative rating
    (RWYN-POOL-001), negative quality dice (RWYN-CRIT-002) and a
    take-your-time request the rules do not allow (RWYN-DESIGN-005).
    """
    check_difficulty(difficulty)
    if rating < 0:
        raise RuleViolation("RWYN-POOL-001", "An ability cannot be rated below 0.")
    if bonus_dice < 0 or drawback_dice < 0:
        raise RuleViolation("RWYN-CRIT-002", "A quality adds dice or nothing; it cannot take dice away.")
    check_time(time, rating, config)
    nominal = rating + bonus_dice
    capped = apply_cap(nominal, cap=config.pool_cap, per=config.dice_per_auto_success)
    return PoolPlan(
        rating=rating,
        difficulty=difficulty,
        bonus_dice=bonus_dice,
        drawback_dice=drawback_dice,
        time_auto=time,
        ability_nominal=nominal,
        ability_dice=capped.dice,
        cap_auto=capped.auto,
        disaster_nominal=disaster_dice_for(rating, difficulty, config) + drawback_dice,
        ladder_top=ladder_top(config.difficulty_max),
    )


def max_sacrifice(successes: int, disaster_dice: int) -> int:
    """RWYN-SAC-003/004: at most min(successes, disaster dice - 1); the last disaster die stays."""
    return max(0, min(successes, disaster_dice - 1))


def disaster_pool(plan: PoolPlan, sacrificed: int, config: RwynConfig) -> Capped:
    """Disaster dice left after ``sacrificed`` successes, capped like any pool (RWYN-POOL-007 PROPOSED)."""
    left = plan.disaster_nominal - sacrificed
    if plan.disaster_nominal and left < 1:
        raise RuleViolation("RWYN-SAC-003", "The last disaster die can never be eliminated.")
    return apply_cap(left, cap=config.pool_cap, per=config.dice_per_auto_success)


def is_success_face(face: int, config: RwynConfig) -> bool:
    """RWYN-GEN-002: a face at or above ``success_min`` (5-6 core) is a success."""
    return face >= config.success_min


def count_successes(faces: Sequence[int], config: RwynConfig) -> int:
    """Successes shown by ``faces``."""
    return sum(1 for f in faces if is_success_face(f, config))


def count_ones(faces: Sequence[int]) -> int:
    """Dice showing 1 (RWYN-MIX-001)."""
    return sum(1 for f in faces if f == 1)


def succeeded(kept: int, difficulty: int, config: RwynConfig) -> bool:
    """RWYN-POOL-006: one kept success suffices; in success_threshold mode, kept >= difficulty."""
    if config.resolution_mode is ResolutionMode.SUCCESS_THRESHOLD:
        return kept >= difficulty
    return kept >= 1


def effect_count(kept: int, difficulty: int, config: RwynConfig) -> int:
    """RWYN-EFFECT-001: one effect per kept success; none on a failure.

    In success_threshold mode the successes spent reaching the difficulty buy
    the first effect only: kept - difficulty + 1 (a capeworks decision; the
    text is silent).
    """
    if not succeeded(kept, difficulty, config):
        return 0
    if config.resolution_mode is ResolutionMode.SUCCESS_THRESHOLD:
        return kept - difficulty + 1
    return kept


def is_mixed(*, ability_ones: int, disaster_ones: int, successes: int, kept: int, config: RwynConfig) -> bool:
    """RWYN-MIX-001: more 1s than successes.

    PROPOSED default: 1s on the ability dice only, against the successes
    before sacrifice including automatic ones; the two config flags switch to
    counting disaster 1s and to comparing with kept successes.
    """
    ones = ability_ones + (disaster_ones if config.mixed_counts_disaster_ones else 0)
    against = kept if config.mixed_uses_kept_successes else successes
    return ones > against


def critical(
    *,
    ability_dice: int,
    ability_ones: int,
    rolled_successes: int,
    kept: int,
    disaster_successes: int,
    success: bool,
    config: RwynConfig,
) -> CritKind | None:
    """RWYN-CRIT-001's predicate (OPEN in the text, PROPOSED presets).

    ``all_dice``: every ability die rolled (at least one) a success, or every one a 1.
    ``threshold``: kept successes >= crit_threshold, or no kept success and a disaster success.
    A critical success is a success and a critical failure a failure: a roll
    whose successes were sacrificed away until the task fails is no critical success.
    """
    if config.crit_preset is CritPreset.ALL_DICE:
        if ability_dice >= 1 and rolled_successes == ability_dice and success:
            return CritKind.SUCCESS
        if ability_dice >= 1 and ability_ones == ability_dice and not success:
            return CritKind.FAILURE
        return None
    if kept >= config.crit_threshold and success:
        return CritKind.SUCCESS
    if kept == 0 and disaster_successes >= 1 and not success:
        return CritKind.FAILURE
    return None
