"""Roll When You Need's front-end pieces: its touch (``touch.js``) and the previews the touch shows.

The web table serves this folder's files (entry point ``capeworks.web``) and
answers the touch's preview requests with :func:`preview`, so the pool a check
would roll (RWYN-POOL-003/004/007) and the odds of each sacrifice (RWYN-SAC-004)
are worked out here, by the rules, and never again in JavaScript.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from capeworks.errors import InvalidCommand
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.odds import p_at_least
from capeworks.systems.rwyn.pool import apply_cap, build_pool, check_difficulty, max_sacrifice, succeeded

__all__ = ["preview"]

#: the largest rating, difficulty or count a preview is asked about (a pool past the cap turns to successes)
_MOST = 100


def _count(args: Mapping[str, Any], name: str, *, least: int = 0, default: int | None = None) -> int:
    value = args.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= _MOST:
        raise InvalidCommand(f"The preview needs {name} as a whole number from {least} to {_MOST}.")
    return value


def _successes(dice: int, config: RwynConfig) -> str:
    """Dice notation counting the successes of ``dice`` dice (RWYN-GEN-002), for the odds chart."""
    return f"{dice}d{config.die_size}t{config.success_min}" if dice else ""


def _pool(config: RwynConfig, args: Mapping[str, Any]) -> dict[str, Any]:
    """What a check of ``rating`` against ``difficulty`` rolls, what it needs, and its chance; with the
    GM's quality dice (``bonus`` ability dice, ``drawback`` disaster dice, RWYN-CRIT-002) and the
    automatic successes of taking the ``time``, when a call carries them."""
    rating, difficulty = _count(args, "rating"), _count(args, "difficulty", least=1)
    check_difficulty(difficulty)
    plan = build_pool(
        rating,
        difficulty,
        config,
        bonus_dice=_count(args, "bonus", default=0),
        drawback_dice=_count(args, "drawback", default=0),
        time=_count(args, "time", default=0),
    )
    auto = plan.auto_successes
    need = next(k for k in range(difficulty + 1) if succeeded(k, difficulty, config))
    chance = p_at_least(plan.ability_dice, need - auto, config)
    return {
        "dice": plan.ability_dice,
        "auto": auto,
        "disaster": plan.disaster_nominal,
        "need": need,
        "sides": config.die_size,
        "expression": _successes(plan.ability_dice, config),
        "success": {"fraction": str(chance), "p": float(chance)},
    }


def _sacrifice(config: RwynConfig, args: Mapping[str, Any]) -> dict[str, Any]:
    """Each answer to a sacrifice: the successes kept, the disaster dice left and the chance none hits."""
    successes, disaster = _count(args, "successes"), _count(args, "disaster")
    rows = []
    for n in range(max_sacrifice(successes, disaster) + 1):
        left = apply_cap(disaster - n, cap=config.pool_cap, per=config.dice_per_auto_success)
        clean = Fraction(0) if left.auto else 1 - p_at_least(left.dice, 1, config)
        rows.append(
            {
                "sacrifice": n,
                "kept": successes - n,
                "disaster": disaster - n,
                "clean": {"fraction": str(clean), "p": float(clean)},
            }
        )
    return {"answers": rows}


_KINDS = {"pool": _pool, "sacrifice": _sacrifice}


def preview(config: RwynConfig, kind: str, args: Mapping[str, Any]) -> dict[str, Any]:
    """The preview ``kind`` (``pool`` or ``sacrifice``) for a table with ``config``."""
    work = _KINDS.get(kind)
    if work is None:
        raise InvalidCommand(f"Roll When You Need has no preview {kind!r}. Known: {', '.join(_KINDS)}.")
    return work(config, args)
