"""Exact odds of a task roll before it is made: P(success) and P(extreme success) as fractions.

From the dice package's exact distribution of 2d6 (no sampling).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from capeworks.dice import distribution
from capeworks.engine.kit import Frozen
from capeworks.systems.bpb.tasks import Task

__all__ = ["TaskOdds", "at_least", "task_odds"]


@cache
def _two_d6() -> dict[int, Fraction]:
    return dict(distribution("2d6").probabilities)


def at_least(need: int) -> Fraction:
    """P(2d6 >= need), exactly."""
    return sum((p for total, p in _two_d6().items() if total >= need), Fraction(0))


class TaskOdds(Frozen):
    """The odds a player sees before rolling (as exact fractions in text and as floats)."""

    success: str
    extreme: str
    p_success: float
    p_extreme: float

    @classmethod
    def of(cls, success: Fraction, extreme: Fraction) -> TaskOdds:
        return cls(
            success=str(success), extreme=str(extreme), p_success=float(success), p_extreme=float(extreme)
        )


def task_odds(task: Task) -> TaskOdds:
    """P(success) and P(extreme success) of ``task`` (0 extreme without expertise or when it cannot be)."""
    success = at_least(task.need)
    extreme = at_least(task.extreme_need) if task.extreme_need is not None else Fraction(0)
    return TaskOdds.of(success, extreme)
