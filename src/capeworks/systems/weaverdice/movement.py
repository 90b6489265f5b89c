"""Movement: what a move costs, how far a turn carries, who may strike at a mover, and falls.

Implements WD-MOVE-001..011 (with WD-STAT-008 and the Stamina push of
WD-EFFORT-003): terrain costs within a move, sprinting, the Stamina push, the
2.5x ceiling, attacks of opportunity as pure predicates, and the
falling/thrown table. Every answer is a frozen outcome; dice are given.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum

from pydantic import Field

from capeworks.engine.kit import Frozen
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.data_equipment import (
    BASE_MOVE_FT,
    CLIMB_FACTOR,
    FALL_ROWS,
    JUMP_COST_FT,
    JUMP_FT,
    JUMP_RUN_UP_FT,
    MOVE_CAP_FACTOR,
    MOVE_FT_PER_ATHLETICS,
    SPRINT_BONUSES,
    STEP_FT,
    UNEVEN_FACTOR,
    FallOption,
    FallRow,
)
from capeworks.systems.weaverdice.effort import push_distance
from capeworks.systems.weaverdice.vocab import Pool, Stat, Tier

__all__ = [
    "BEST_PUSH_D3",
    "BEST_SPRINT_TOTAL",
    "DODGE_STEP_FT",
    "AooChance",
    "Enemy",
    "Fall",
    "FallCause",
    "FallCheck",
    "Ground",
    "Leg",
    "MoveCost",
    "TurnMovement",
    "aoo_chances",
    "check_aoo_attack",
    "counts_as_fall",
    "fall",
    "fall_after_check",
    "move_cost",
    "movement_cap",
    "movement_ft",
    "round_up_ft",
    "sprint_bonus",
    "turn_movement",
]

#: the sprint roll's total that carries furthest, and a push's top d3 face: what a move may ask for
#: before its dice are rolled (WD-MOVE-005/006)
BEST_SPRINT_TOTAL = max(tn for tn, _ in SPRINT_BONUSES)
BEST_PUSH_D3 = 3

#: a successful Dodge lets the defender move 5 ft (WD-COMBAT-020, WD-MOVE-011)
DODGE_STEP_FT = 5
#: an enemy must watch a mover cover at least this much of one movement to strike (src 886)
AOO_MIN_FT = 10


def round_up_ft(feet: float) -> int:
    """Distances come in 5 ft steps, rounding up (WD-MOVE-007)."""
    return STEP_FT * math.ceil(feet / STEP_FT - 1e-9)


def movement_ft(*, athletics: int, over_encumbered: bool = False) -> int:
    """Feet per move action: 30 + 5 per Athletics point from 3 (WD-STAT-008), never below 0.

    ``athletics`` is the effective score; over-encumbrance takes its -1 from
    Athletics and a further 5 ft here (WD-EQUIP-006).
    """
    athletics -= 1 if over_encumbered else 0
    feet = BASE_MOVE_FT + MOVE_FT_PER_ATHLETICS * (athletics - 3) - (5 if over_encumbered else 0)
    return max(0, feet)


def movement_cap(base_ft: int) -> int:
    """2.5 x one move, rounded up to 5 ft: 30 -> 75, 35 -> 87.5 -> 90 (OPEN WD-MOVE-007)."""
    return round_up_ft(base_ft * MOVE_CAP_FACTOR)


# -- the cost of one move (WD-MOVE-001/002) -----------------------------------------------------


class Ground(StrEnum):
    """What a stretch of a move crosses (src 882-884)."""

    OPEN = "open"
    UNEVEN = "uneven"
    CLIMB = "climb"
    JUMP = "jump"


class Leg(Frozen):
    """One stretch of a move: ``feet`` over ``ground`` (a jump is 5 ft; vertical ones need no run-up)."""

    ground: Ground
    feet: int = Field(ge=1, le=10_000)
    vertical: bool = False


class MoveCost(Frozen):
    """Movement spent on a route and what is left of the move; ``crossed`` is the route's length."""

    cost_ft: int
    crossed_ft: int
    budget_ft: int
    left_ft: int


_FACTOR = {Ground.OPEN: 1, Ground.UNEVEN: UNEVEN_FACTOR, Ground.CLIMB: CLIMB_FACTOR}


def move_cost(legs: Sequence[Leg], *, budget_ft: int) -> MoveCost:
    """Cost a route within one movement: rubble x2, climbing x3, a 5 ft jump for 10 ft (WD-MOVE-002).

    A horizontal jump needs 10 ft of run-up on the legs just before it; longer
    jumps are the GM's Athletics check (OPEN), not a move cost.
    """
    cost = crossed = 0
    run_up = 0
    for leg in legs:
        feet = round_up_ft(leg.feet)
        if leg.ground == Ground.JUMP:
            if feet > JUMP_FT:
                raise RuleViolation(
                    "WD-MOVE-002",
                    "A move covers jumps of 5 feet; a longer leap is an Athletics check the GM sets.",
                )
            if not leg.vertical and run_up < JUMP_RUN_UP_FT:
                raise RuleViolation("WD-MOVE-002", "A horizontal jump needs 10 feet of run-up first.")
            cost += JUMP_COST_FT
            run_up = 0
        else:
            cost += feet * _FACTOR[leg.ground]
            run_up = run_up + feet if leg.ground in (Ground.OPEN, Ground.UNEVEN) else 0
        crossed += feet
    if cost > budget_ft:
        raise RuleViolation(
            "WD-MOVE-001",
            f"That route costs {cost} feet of movement and you have {budget_ft} left.",
            field="route",
        )
    return MoveCost(cost_ft=cost, crossed_ft=crossed, budget_ft=budget_ft, left_ft=budget_ft - cost)


# -- a turn's movement (WD-MOVE-005..007, WD-EFFORT-003) ----------------------------------------


def sprint_bonus(athletics_total: int) -> int:
    """Sprinting's Athletics roll: +10 ft on 6+, +5 ft on 4+, else nothing (WD-MOVE-005)."""
    return next((ft for tn, ft in SPRINT_BONUSES if athletics_total >= tn), 0)


class TurnMovement(Frozen):
    """How far a turn's moves carry, piece by piece, and whether the ceiling bit.

    ``stamina`` is the dots a push costs (1 or 0). ``power_ft`` is movement from
    powers, which may break the ceiling (WD-MOVE-007).
    """

    base_ft: int
    moves: int
    moves_ft: int
    sprint_ft: int
    push_ft: int
    cap_ft: int
    capped: bool
    power_ft: int
    total_ft: int
    stamina: int


def turn_movement(
    *,
    base_ft: int,
    moves: int = 1,
    sprint_total: int | None = None,
    push_d3: int | None = None,
    power_ft: int = 0,
    double_moving: bool = False,
) -> TurnMovement:
    """Total movement this turn: moves, the sprint roll, a Stamina push, capped at 2.5x (WD-MOVE-005..007).

    ``sprint_total`` is the Athletics roll's total when the whole turn is spent
    moving (two moves). ``push_d3`` is the d3 face of a Stamina push: +d3 x 5 ft,
    doubled when double-moving or sprinting (WD-EFFORT-003): ``double_moving`` says a single move is
    the turn's second move after a first one.
    """
    if moves not in (1, 2):
        raise RuleViolation("WD-COMBAT-008", "A turn holds one or two moves.", field="moves")
    if sprint_total is not None and moves != 2:
        raise RuleViolation("WD-MOVE-005", "Sprinting takes the whole turn: two moves and nothing else.")
    if push_d3 is not None and not 1 <= push_d3 <= 3:
        raise RuleViolation("WD-EFFORT-003", "A d3 shows 1 to 3.", field="push")
    moves_ft = base_ft * moves
    sprint_ft = sprint_bonus(sprint_total) if sprint_total is not None else 0
    push_ft = push_distance(push_d3, double=moves == 2 or double_moving) if push_d3 is not None else 0
    cap = movement_cap(base_ft)
    raw = moves_ft + sprint_ft + push_ft
    walked = min(raw, cap)
    return TurnMovement(
        base_ft=base_ft,
        moves=moves,
        moves_ft=moves_ft,
        sprint_ft=sprint_ft,
        push_ft=push_ft,
        cap_ft=cap,
        capped=raw > cap,
        power_ft=power_ft,
        total_ft=walked + power_ft,
        stamina=1 if push_d3 is not None else 0,
    )


# -- attacks of opportunity (WD-MOVE-003/004, WD-COMBAT-015) ------------------------------------


class Enemy(Frozen):
    """An enemy the mover passes: how far of one movement was spent in its reach, and its Focus."""

    id: str
    tier: Tier
    feet_in_reach: int = Field(ge=0)
    focus: int = Field(default=0, ge=0)


class AooChance(Frozen):
    """An enemy who may take an attack of opportunity, and the Focus it costs them."""

    id: str
    cost: dict[Pool, int]


_NAMED = frozenset({Tier.PC, Tier.NOTABLE})


def aoo_chances(enemies: Sequence[Enemy], *, generic_free_aoo: bool = True) -> tuple[AooChance, ...]:
    """Who may strike at a mover, one movement at a time (WD-MOVE-003, OPEN as PROPOSED).

    An enemy is provoked only by 10 ft or more of the movement within its
    reach. Passing by or between two or more such enemies lets generics strike
    free (``generic_free_aoo``); PCs and notables always pay 1 Focus, and one
    who cannot pay cannot strike (WD-COMBAT-015). A lone enemy must be named.
    """
    provoked = [e for e in enemies if e.feet_in_reach >= AOO_MIN_FT]
    crowd = len(provoked) >= 2
    out: list[AooChance] = []
    for e in provoked:
        if e.tier in _NAMED:
            if e.focus >= 1:
                out.append(AooChance(id=e.id, cost={Pool.FOCUS: 1}))
        elif crowd and generic_free_aoo:
            out.append(AooChance(id=e.id, cost={}))
    return tuple(out)


def check_aoo_attack(*, targets: int = 1, skill_dice: int = 0, special_option: bool = False) -> None:
    """An attack of opportunity is one plain single-target attack, no skills or options (WD-MOVE-004).

    Powers may still apply; a scythe that sweeps three cannot sweep here.
    """
    if targets != 1:
        raise RuleViolation("WD-MOVE-004", "An attack of opportunity strikes one target only.")
    if skill_dice:
        raise RuleViolation("WD-MOVE-004", "Skills do not add dice to an attack of opportunity.")
    if special_option:
        raise RuleViolation(
            "WD-MOVE-004", "Special attack options cannot be used for an attack of opportunity."
        )


# -- falling and thrown (WD-MOVE-008..010) ------------------------------------------------------


class FallCause(StrEnum):
    """What sent someone through the air (WD-MOVE-008)."""

    THROWN = "thrown"
    FAILED_JUMP = "failed_jump"
    FAILED_CLIMB = "failed_climb"
    KNOCKBACK = "knockback"


def counts_as_fall(cause: FallCause, *, stamina_pushed: bool = False, off_edge: bool = False) -> bool:
    """Does this use the falling table? Throws do; a failed jump or climb does when Stamina pushed it;
    knockback only when it carries the target off something (WD-MOVE-008)."""
    if cause == FallCause.THROWN:
        return True
    if cause == FallCause.KNOCKBACK:
        return off_edge
    return stamina_pushed or off_edge


class FallCheck(Frozen):
    """The Athletics roll a long fall demands: at or above ``tn`` lands as ``on_success``."""

    stat: Stat = Stat.ATHLETICS
    tn: int
    on_success: tuple[FallOption, ...]
    on_failure: tuple[FallOption, ...]


class Fall(Frozen):
    """What a fall or throw does: options to choose from (the faller chooses), or a check first.

    Each option is a wound tier and/or a Bash effect roll of a tier, for the
    wound track and the effect tables to apply. ``stamina_lost`` is the drain
    of a bad fall (OPEN WD-MOVE-010: rows 3 and up drain 1 by default).
    """

    feet: int
    thrown: bool
    row: int
    options: tuple[FallOption, ...] = ()
    check: FallCheck | None = None
    stamina_lost: int = 0


def _row(n: int) -> FallRow:
    return FALL_ROWS[n - 1]


def fall(feet: int, *, thrown: bool = False, drains_stamina: bool | None = None) -> Fall:
    """Look a fall (or a throw, its own column) up on the table (WD-MOVE-009).

    Past the last row the Athletics TN rises by 1 per extra 5 ft fallen or
    10 ft thrown (OPEN: 26-30 ft fallen -> 5+). ``drains_stamina`` is the GM's
    call (None: rows 3 and up drain one dot).
    """
    if feet <= 0:
        raise RuleViolation("WD-MOVE-008", "A fall covers some distance.", field="feet")
    bound = "thrown_max_ft" if thrown else "fell_max_ft"
    row = next((r for r in FALL_ROWS if feet <= getattr(r, bound)), FALL_ROWS[-1])
    drain = (row.row >= 3) if drains_stamina is None else drains_stamina
    check: FallCheck | None = None
    options = row.options
    if row.check_tn is not None and row.on_success_row is not None:
        top = getattr(row, bound)
        extra = 10 if thrown else 5
        tn = row.check_tn + max(0, math.ceil((feet - top) / extra))
        check = FallCheck(tn=tn, on_success=_row(row.on_success_row).options, on_failure=row.options)
        options = ()
    return Fall(feet=feet, thrown=thrown, row=row.row, options=options, check=check, stamina_lost=int(drain))


def fall_after_check(result: Fall, *, athletics_total: int) -> Fall:
    """Settle a long fall's Athletics roll: success lands as the 16-20 ft row, failure is critical."""
    if result.check is None:
        raise RuleViolation("WD-MOVE-009", "This fall needs no Athletics roll.")
    passed = athletics_total >= result.check.tn
    options = result.check.on_success if passed else result.check.on_failure
    return evolve(result, {"options": options, "check": None})
