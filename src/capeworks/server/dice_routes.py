"""Dice over HTTP: roll notation, or its exact odds, with the dice library's own limits.

Odds come back twice: as reduced fractions (``"p/q"``, exact) and as floats
(for drawing a bar chart). Work is capped by ``capeworks.dice.limits``, and
each client address gets its own rate limit, so hostile notation cannot
stall the server.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from capeworks.dice import distribution, parse, roll
from capeworks.dice.limits import MAX_EXPRESSION_LENGTH
from capeworks.server.limits import RateLimiter
from capeworks.server.schemas import DiceRollOut, ErrorOut, OddsOut

__all__ = ["dice_router"]

Expression = Annotated[
    str, Query(min_length=1, max_length=MAX_EXPRESSION_LENGTH, description="Dice notation")
]


def dice_router(limiter: RateLimiter) -> APIRouter:
    """Routes for ``/api/dice/roll`` and ``/api/dice/odds``; ``limiter`` is per client address."""
    api = APIRouter(prefix="/api/dice", tags=["dice"], responses={c: {"model": ErrorOut} for c in (422, 429)})

    def _client(request: Request) -> str:
        return request.client.host if request.client is not None else "?"

    @api.get("/roll", response_model=DiceRollOut)
    def roll_dice(expr: Expression, request: Request) -> dict[str, Any]:
        """Roll dice notation once with the server's randomness; every die shown."""
        limiter.take(("dice", _client(request)))
        result = roll(expr)
        return {
            "expression": str(result.expression),
            "total": result.total,
            "dice": result.dice,
            "breakdown": result.breakdown,
        }

    @api.get("/odds", response_model=OddsOut)
    def odds(expr: Expression, request: Request) -> dict[str, Any]:
        """The exact odds of every outcome of dice notation."""
        limiter.take(("dice", _client(request)))
        parsed = parse(expr)
        dist = distribution(parsed)
        probabilities = dist.probabilities
        return {
            "expression": str(parsed),
            "distribution": {str(k): f"{p.numerator}/{p.denominator}" for k, p in probabilities.items()},
            "probabilities": {str(k): float(p) for k, p in probabilities.items()},
            "mean": float(dist.mean),
            "stdev": float(dist.stdev),
        }

    return api
