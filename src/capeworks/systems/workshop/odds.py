"""Exact odds before a roll, from the table's dice model through capeworks.dice (WS-CORE-001).

The pos - neg d10 model is a triangle on -9..+9 (P(dice >= 0) = 55/100); each extra positive d10
adds 0-9. Odds of a hit are P(base + modifier + dice >= Defense).
"""

from __future__ import annotations

from fractions import Fraction

from capeworks.systems.workshop.config import DiceModelName
from capeworks.systems.workshop.dice_models import model_for

__all__ = ["dice_distribution", "p_success", "percent"]


def p_success(total_without_dice: int, difficulty: int, *, dice: DiceModelName, extra: int = 0) -> Fraction:
    """P(``total_without_dice`` + dice >= ``difficulty``), exactly."""
    return model_for(dice).p_at_least(difficulty - total_without_dice, extra=extra)


def dice_distribution(dice: DiceModelName, extra: int = 0) -> dict[int, Fraction]:
    """The dice part's exact distribution: value -> probability."""
    from capeworks.dice import distribution

    return distribution(model_for(dice).expression(extra)).probabilities


def percent(p: Fraction) -> str:
    """A probability as a short percentage ("55.0%")."""
    return f"{float(p) * 100:.1f}%"
