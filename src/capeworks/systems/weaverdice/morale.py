"""Morale: the nine-step scale that caps results when low and can be spent when high.

Implements WD-MORALE-001 (the scale, its names and floor), -002 (low-morale
caps on final results), -003 (spending a high step to set a result), -004
(charm defiance costs), -005 (the day-start baseline lives on the sheet),
-006/-007 (end-of-day rolls), -008 (the day reset) and the design-note
variant WD-DN-011(b) (morale as extra effort). Pure functions over integers:
the step is an int from the floor (-4, or -5 in the variant) to +4.
"""

from __future__ import annotations

from collections.abc import Sequence

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.config import MoraleReset, WeaverdiceConfig

__all__ = [
    "MORALE_MAX",
    "MORALE_NAMES",
    "bonus_slot",
    "bonus_slot_dice",
    "cap",
    "capped",
    "day_reset",
    "defiance_cost",
    "is_good",
    "not_recovered",
    "recovery_tn",
    "shift",
    "spend_value",
    "step_words",
]

MORALE_MAX = 4

#: names of the steps (WD-MORALE-001: the source names the ends, "good" and "great"; the rest PROPOSED)
MORALE_NAMES: dict[int, str] = {
    -5: "Broken",
    -4: "Dismal",
    -3: "Miserable",
    -2: "Poor",
    -1: "Low",
    0: "Neutral",
    1: "Good",
    2: "Great",
    3: "Superb",
    4: "Excellent",
}


def step_words(step: int) -> str:
    """A morale step as a player reads it, its name and number: ``Poor (-2)``."""
    return f"{MORALE_NAMES.get(step, 'morale')} ({step:+d})"


def cap(step: int) -> int | None:
    """The highest result allowed at ``step``: 7 - k at -k (6, 5, 4, 3; 2 at -5); None at 0 or above."""
    return 7 + step if step < 0 else None


def capped(total: int, step: int) -> int:
    """``total`` after the low-morale cap (WD-MORALE-002, applied after stat modifiers)."""
    limit = cap(step)
    return total if limit is None else min(total, limit)


def spend_value(step: int) -> int:
    """What a spent high step sets a result to: 2 + k (3, 4, 5, 6) (WD-MORALE-003)."""
    if step <= 0:
        raise RuleViolation("WD-MORALE-003", "Only good morale or better can be spent on a roll.")
    return 2 + step


def is_good(step: int) -> bool:
    """ "Good or better" (WD-MORALE-001, -010)."""
    return step >= 1


def shift(step: int, delta: int, *, config: WeaverdiceConfig) -> int:
    """Morale moved by ``delta`` steps, held between the floor and +4 (WD-MORALE-004)."""
    return max(config.morale_floor, min(MORALE_MAX, step + delta))


def defiance_cost(earlier_defiances: int, *, config: WeaverdiceConfig) -> int:
    """Steps lost for defying a charm: 2 the first time, 1 each later time (WD-MORALE-004)."""
    return config.charm_defiance_first if earlier_defiances == 0 else config.charm_defiance_later


def recovery_tn(step: int) -> int | None:
    """At low morale -k an exhausted dot or injury fails to mend on d6 >= 7 - k (WD-MORALE-006)."""
    return cap(step)


def not_recovered(step: int, face: int) -> bool:
    """Does this end-of-day die keep the dot or injury from mending tonight (WD-MORALE-006)?"""
    tn = recovery_tn(step)
    return tn is not None and face >= tn


def bonus_slot_dice(step: int) -> int:
    """Dice rolled at day's end for a bonus downtime slot: 2 + k at +k, none otherwise (WD-MORALE-007)."""
    return 2 + step if step > 0 else 0


def bonus_slot(faces: Sequence[int]) -> bool:
    """One extra downtime slot if any die shows 6, never more than one a night (WD-MORALE-007)."""
    return any(f == 6 for f in faces)


def day_reset(current: int, baseline: int, *, config: WeaverdiceConfig) -> int:
    """Morale after downtime: the baseline (snap), or one step toward it (settle) (WD-MORALE-008)."""
    if config.morale_reset_mode is MoraleReset.SNAP or current == baseline:
        return baseline
    return current + (1 if baseline > current else -1)


def effort_bonus_dots(step: int, *, config: WeaverdiceConfig) -> int:
    """Variant WD-DN-011(b): one bonus effort dot per step above neutral at day start."""
    return max(0, step) if config.morale_as_effort else 0
