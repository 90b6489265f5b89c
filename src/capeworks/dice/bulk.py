"""Many rolls at once for the lab: totals of n rolls as a NumPy array.

Vectorised with NumPy (imported when first used): each dice term is one
``(n, count)`` array of faces from the caller's generator, reduced by
``sum``, a sort/partition for keep/drop, or a comparison for successes.
Large requests are worked through in chunks to bound memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from capeworks.dice.expr import BinOp, Call, CmpOp, Compare, Const, Dice, Expr, Fn, Neg, Op
from capeworks.dice.notation import parse
from capeworks.errors import LimitExceeded

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["MAX_BULK_ROLLS", "roll_many"]

#: most rolls one call may ask for
MAX_BULK_ROLLS = 100_000_000
# faces held in memory at once (per chunk)
_CHUNK_FACES = 4_000_000


def roll_many(expression: str | Expr, n: int, *, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """Totals of ``n`` independent rolls of ``expression``, drawn from ``rng``."""
    import numpy as np

    expr = parse(expression) if isinstance(expression, str) else expression
    if not 0 <= n <= MAX_BULK_ROLLS:
        raise LimitExceeded(f"Ask for between 0 and {MAX_BULK_ROLLS:,} rolls at once, not {n:,}.")
    widest = _widest(expr)
    if widest > _INT64_MAX:
        raise LimitExceeded(
            f"Working out {expr} can pass {_INT64_MAX:,} either way, more than bulk rolling holds; "
            "roll it one at a time instead."
        )
    per_roll = max(1, sum(t.count for t in _terms(expr)))
    chunk = max(1, _CHUNK_FACES // per_roll)
    if n <= chunk:
        totals: npt.NDArray[np.int64] = _eval(np, expr, n, rng)
    else:
        totals = np.concatenate([_eval(np, expr, min(chunk, n - at), rng) for at in range(0, n, chunk)])
    return totals


_INT64_MAX = 2**63 - 1


def _widest(e: Expr) -> int:
    """The largest magnitude ``e`` or any part of it can reach (exact Python integers).

    Every intermediate value lies within its node's bounds, so if this fits in
    int64 (one below, for the negative end) NumPy's int64 arithmetic cannot wrap.
    """
    return _walk_bounds(e)[2]


def _walk_bounds(e: Expr) -> tuple[int, int, int]:
    if isinstance(e, Const):
        return e.value, e.value, abs(e.value)
    if isinstance(e, Dice):
        k = e.kept_count
        if e.target is None:
            lo, hi = (k, k * e.sides) if k else (0, 0)
        else:
            lo, hi = (-k if e.target.fail_at_most is not None else 0), k
        return lo, hi, max(abs(lo), abs(hi))
    if isinstance(e, Neg):
        lo, hi, w = _walk_bounds(e.operand)
        return -hi, -lo, w
    alo, ahi, aw = _walk_bounds(e.left)
    blo, bhi, bw = _walk_bounds(e.right)
    if isinstance(e, Compare):
        lo, hi = 0, 1
    elif isinstance(e, Call):
        lo, hi = (min(alo, blo), min(ahi, bhi)) if e.fn is Fn.MIN else (max(alo, blo), max(ahi, bhi))
    elif e.op is Op.ADD:
        lo, hi = alo + blo, ahi + bhi
    elif e.op is Op.SUB:
        lo, hi = alo - bhi, ahi - blo
    else:
        ends = [x * y for x in (alo, ahi) for y in (blo, bhi)]
        lo, hi = min(ends), max(ends)
    return lo, hi, max(aw, bw, abs(lo), abs(hi))


def _terms(e: Expr) -> list[Dice]:
    from capeworks.dice.expr import dice_terms

    return list(dice_terms(e))


def _eval(np: Any, e: Expr, n: int, rng: Any) -> Any:
    if isinstance(e, Const):
        return np.full(n, e.value, dtype=np.int64)
    if isinstance(e, Dice):
        return _dice(np, e, n, rng)
    if isinstance(e, Neg):
        return -_eval(np, e.operand, n, rng)
    a = _eval(np, e.left, n, rng)
    b = _eval(np, e.right, n, rng)
    if isinstance(e, BinOp):
        if e.op is Op.ADD:
            return a + b
        if e.op is Op.SUB:
            return a - b
        return a * b
    if isinstance(e, Call):
        return np.minimum(a, b) if e.fn is Fn.MIN else np.maximum(a, b)
    return _compare(np, e, a, b)


def _compare(np: Any, e: Compare, a: Any, b: Any) -> Any:
    ops = {
        CmpOp.GE: np.greater_equal,
        CmpOp.LE: np.less_equal,
        CmpOp.GT: np.greater,
        CmpOp.LT: np.less,
        CmpOp.EQ: np.equal,
        CmpOp.NE: np.not_equal,
    }
    return ops[e.op](a, b).astype(np.int64)


def _dice(np: Any, term: Dice, n: int, rng: Any) -> Any:
    count, sides = term.count, term.sides
    k = term.kept_count
    if k == 0:
        return np.zeros(n, dtype=np.int64)
    if count == 1 and term.target is None:
        return rng.integers(1, sides + 1, size=n, dtype=np.int64)
    faces = rng.integers(1, sides + 1, size=(n, count), dtype=np.int64)
    if k < count:
        assert term.keep is not None
        if term.keep.keeps_high:
            faces = np.partition(faces, count - k, axis=1)[:, count - k :]
        else:
            faces = np.partition(faces, k - 1, axis=1)[:, :k]
    if term.target is None:
        return faces.sum(axis=1)
    score = (faces >= term.target.at_least).sum(axis=1)
    if term.target.fail_at_most is not None:
        score = score - (faces <= term.target.fail_at_most).sum(axis=1)
    return score.astype(np.int64)
