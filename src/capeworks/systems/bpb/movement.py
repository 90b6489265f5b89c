"""Natural movement (BPB-MOVE): ground, water and jump tables by formula, and sprint fatigue.

The seed's tables T1-T3 are these formulas row by row (tests check each row);
the mph column is the sprint speed rounded to the nearest mile per hour.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from capeworks.engine.kit import Frozen

__all__ = [
    "MODE_DIFFICULTY",
    "SPRINT_LIMIT_ROUNDS",
    "Mode",
    "MoveRow",
    "ground",
    "jump_ft",
    "mph",
    "rest_after_sprint",
    "water",
]


class Mode(StrEnum):
    """How far a movement action goes: base, double or all-out (BPB-MOVE-002)."""

    WALK = "walk"
    RUN = "run"
    SPRINT = "sprint"


#: BPB-MOVE-007: difficulty added to the mover's own task rolls that turn
MODE_DIFFICULTY: dict[Mode, int] = {Mode.WALK: 0, Mode.RUN: 3, Mode.SPRINT: 6}
#: BPB-MOVE-009: one minute of sprinting at most
SPRINT_LIMIT_ROUNDS = 10
_MULTIPLE: dict[Mode, int] = {Mode.WALK: 1, Mode.RUN: 2, Mode.SPRINT: 6}


class MoveRow(Frozen):
    """One row of a movement table."""

    rank: int
    walk: int
    run: int
    sprint: int
    mph: int


def mph(feet_per_round: int) -> int:
    """Feet per six-second round in miles per hour, rounded to the nearest (T1/T2's mph columns)."""
    exact = Fraction(feet_per_round * 600, 5280)  # 10 rounds a minute, 60 minutes
    return int(exact + Fraction(1, 2))


def speed(base: int, mode: Mode) -> int:
    """A move of ``mode`` from a base speed: double is x2, all-out is x6 (BPB-MOVE-002)."""
    return base * _MULTIPLE[mode]


def ground(agility: int) -> MoveRow:
    """BPB-MOVE-001/002: walk 10 x Agility, run x2, sprint x6 ft/round (T1)."""
    walk = 10 * agility
    return MoveRow(rank=agility, walk=walk, run=2 * walk, sprint=6 * walk, mph=mph(6 * walk))


def water(agility: int) -> MoveRow:
    """BPB-MOVE-004: swim 2 x Agility, fast x2, sprint x6 ft/round (T2)."""
    swim = 2 * agility
    return MoveRow(rank=agility, walk=swim, run=2 * swim, sprint=6 * swim, mph=mph(6 * swim))


def jump_ft(brawn: int, ground_moved: int = 0) -> int:
    """BPB-MOVE-005/006: standing long jump 3 x Brawn, plus the ground moved this turn for a running jump."""
    return 3 * brawn + max(0, ground_moved)


def rest_after_sprint(rounds: int) -> int:
    """BPB-MOVE-009: rounds at base speed at most after sprinting ``rounds`` (10 x the sprint)."""
    return 10 * rounds
