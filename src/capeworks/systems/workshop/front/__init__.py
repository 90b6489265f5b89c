"""The Workshop's front-end pieces: its touch (``touch.js``) and the odds preview it shows.

The web table serves this folder (entry point ``capeworks.web``) and answers the touch's
``POST /rulesets/workshop/preview`` with :func:`preview`, so the chance of a roll is worked out
here by the rules' dice model and never again in JavaScript.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from capeworks.errors import InvalidCommand
from capeworks.systems.workshop.config import WorkshopConfig
from capeworks.systems.workshop.odds import p_success

__all__ = ["preview"]


def _int(args: Mapping[str, Any], name: str, lo: int, hi: int) -> int:
    value = args.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidCommand(f"The preview needs {name} as a whole number from {lo} to {hi}.")
    return value


def preview(config: Mapping[str, Any], kind: str, args: Mapping[str, Any]) -> dict[str, Any]:
    """``odds``: the exact chance that base + dice reaches difficulty at this table's dice model."""
    if kind != "odds":
        raise InvalidCommand(f"The Workshop previews only odds, not {kind!r}.")
    cfg = WorkshopConfig.model_validate(dict(config))
    base, difficulty = _int(args, "base", -100, 200), _int(args, "difficulty", -100, 200)
    p = p_success(base, difficulty, dice=cfg.dice, extra=_int(args, "extra", 0, 10))
    return {"success": {"fraction": str(p), "p": float(p)}}
