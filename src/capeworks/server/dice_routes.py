"""Dice over HTTP: roll notation, or its exact odds, bounded for anonymous callers.

Odds answer with a report (``capeworks.odds_report``): summary, quantiles and
the likeliest ``outcomes`` outcomes (200 by default), every one only with
``full=true``, and only when the listing stays under ``MAX_ODDS_BYTES``.
Before any work the expression's cost is estimated from its terms and refused
past the budget below (422 ``limit``); the dice library then meters the real
work (``capeworks.dice.limits``). Odds run in worker processes
(:class:`~capeworks.server.odds_pool.OddsPool`), never on the event loop nor
under the GIL commands need; the pool bounds each client address's jobs at
once, its worker CPU and each job's time. Each client address may also ask
for ``ODDS_FACES_PER_SECOND`` die faces of odds a second (weighted by the
estimate, so one wide distribution costs as much as hundreds of small ones),
on top of each address's dice request rate.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Final

from fastapi import APIRouter, Query, Request

from capeworks.dice import parse, roll
from capeworks.dice.expr import Abs, BinOp, Call, Compare, Const, Dice, Expr, Group, Neg, Note, Op
from capeworks.dice.limits import MAX_EXPRESSION_LENGTH
from capeworks.errors import LimitExceeded
from capeworks.server.errors import RateLimited
from capeworks.server.limits import RateLimiter
from capeworks.server.odds_jobs import MAX_ODDS_BYTES, odds_job
from capeworks.server.odds_pool import OddsPool
from capeworks.server.schemas import DiceRollOut, ErrorOut, OddsOut

__all__ = ["MAX_ODDS_BYTES", "MAX_ODDS_FACES", "MAX_ODDS_WIDTH", "dice_router", "estimate_odds"]

#: most die faces (count x sides, summed over terms; x4 for exploding or rerolled dice) one odds request
#: may ask for: 200d200 and 300d100 fit, 1000d100 does not
MAX_ODDS_FACES: Final = 40_000
#: widest range of outcomes (estimated from the terms) one odds request may span
MAX_ODDS_WIDTH: Final = 50_000
#: most outcome pairs a product, quotient, min/max or comparison of two rolls may combine
MAX_ODDS_PAIRS: Final = 1_000_000
#: outcomes listed by default, and at most when asked for a number
DEFAULT_OUTCOMES: Final = 200
MAX_OUTCOMES: Final = 2000
#: most runs a chart may ask a wide distribution's shape in
MAX_BINS: Final = 200
#: die faces (as estimated above) of odds each client address may ask for a second, and at once:
#: one 300d100 (30,000 faces, ~0.1 s of work) every 6 s at most, sustained
ODDS_FACES_PER_SECOND: Final = 5_000.0
ODDS_FACES_BURST: Final = 2 * MAX_ODDS_FACES
#: most seconds a refused odds request is held before its 429 (its Retry-After, when shorter)
REFUSAL_DELAY: Final = 1.0
#: the least an odds request costs, in faces
ODDS_MIN_COST: Final = 100.0

Expression = Annotated[
    str, Query(min_length=1, max_length=MAX_EXPRESSION_LENGTH, description="Dice notation")
]


def _estimate(expr: Expr) -> tuple[int, int, int]:
    """(range width, die faces, outcome pairs) an expression's exact odds may take, from its terms."""
    if isinstance(expr, Const):
        return 1, 0, 0
    if isinstance(expr, Dice):
        sides = 3 if expr.fate else expr.sides
        faces = expr.count * sides * (1 if expr.plain else 4)
        width = expr.count if expr.target is not None else expr.count * (sides - 1) + 1
        return (width if expr.plain else width * 4), faces, 0
    if isinstance(expr, Neg | Abs | Note):
        return _estimate(expr.operand)
    if isinstance(expr, Group):
        parts = [_estimate(item) for item in expr.items]
        return (
            sum(w for w, _, _ in parts),
            sum(f for _, f, _ in parts),
            sum(p for _, _, p in parts),
        )
    if isinstance(expr, BinOp | Call | Compare):
        wl, fl, pl = _estimate(expr.left)
        wr, fr, pr = _estimate(expr.right)
        if isinstance(expr, BinOp) and expr.op in (Op.ADD, Op.SUB):
            return wl + wr - 1, fl + fr, pl + pr
        width = 2 if isinstance(expr, Compare) else (max(wl, wr) if isinstance(expr, Call) else wl * wr)
        return width, fl + fr, pl + pr + wl * wr
    return 1, 0, 0


def estimate_odds(expr: Expr) -> int:
    """The die faces exact odds of ``expr`` take, or LimitExceeded when the estimated cost is past
    the server's budget."""
    width, faces, pairs = _estimate(expr)
    if faces > MAX_ODDS_FACES:
        raise LimitExceeded(
            f"That is too many dice for exact odds here ({faces} die faces; the limit is {MAX_ODDS_FACES})."
        )
    if width > MAX_ODDS_WIDTH:
        raise LimitExceeded(
            f"Those odds span too many outcomes here (about {width}; the limit is {MAX_ODDS_WIDTH})."
        )
    if pairs > MAX_ODDS_PAIRS:
        raise LimitExceeded(f"Combining those rolls is too much work for exact odds here ({pairs} pairs).")
    return faces


def dice_router(limiter: RateLimiter, pool: OddsPool) -> APIRouter:
    """Routes for ``/api/dice/roll`` and ``/api/dice/odds``; ``limiter`` is per client address,
    ``pool`` the worker processes odds run in."""
    api = APIRouter(
        prefix="/api/dice", tags=["dice"], responses={c: {"model": ErrorOut} for c in (422, 429, 503)}
    )
    work = RateLimiter(rate=ODDS_FACES_PER_SECOND, burst=int(ODDS_FACES_BURST))

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

    @api.get("/odds", response_model=OddsOut, response_model_exclude_none=True)
    async def odds(
        expr: Expression,
        request: Request,
        outcomes: Annotated[
            int, Query(ge=1, le=MAX_OUTCOMES, description="How many of the likeliest outcomes to list")
        ] = DEFAULT_OUTCOMES,
        full: Annotated[bool, Query(description="List every outcome (refused past the size limit)")] = False,
        bins: Annotated[
            int,
            Query(ge=0, le=MAX_BINS, description="Also the middle 98% in this many runs (a chart's shape)"),
        ] = 0,
    ) -> dict[str, Any]:
        """Exact odds of dice notation: summary, quantiles and the likeliest outcomes (all on request)."""
        client = _client(request)
        try:
            limiter.take(("dice", client))
            _, faces = _checked(expr)
            try:
                work.take(("odds", client), cost=max(ODDS_MIN_COST, float(faces)))
            except RateLimited as e:
                raise RateLimited(
                    "Slow down: that is a lot of exact odds from one address; try again in a moment.",
                    retry_after=e.retry_after,
                ) from None
            answer: dict[str, Any] = await pool.run(client, odds_job, expr, outcomes, full, bins)
        except RateLimited as e:
            # a client that ignores Retry-After waits for its refusal (asleep: it costs nothing), so
            # one asking again at once costs the event loop a request a second per connection
            await asyncio.sleep(min(REFUSAL_DELAY, e.retry_after))
            raise
        return answer

    return api


def _checked(expr: str) -> tuple[Expr, int]:
    """The parsed expression and its estimated die faces, or LimitExceeded past the budget."""
    parsed = parse(expr)
    return parsed, estimate_odds(parsed)
