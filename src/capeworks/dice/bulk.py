"""Many rolls at once for the lab: totals of n rolls as a NumPy array.

Vectorised with NumPy (imported when first used): each dice term is one
``(n, count)`` array of faces from the caller's generator, reduced by
``sum``, a sort/partition for keep/drop, or a comparison for successes.
Large requests are worked through in chunks to bound memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from capeworks.dice.evaluate import bounds, evaluate
from capeworks.dice.expr import CmpOp, ComputedDice, Dice, Expr, Fn, Group, Op, Reroll, dice_terms
from capeworks.dice.limits import MAX_EXTRA_ROLLS
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
    widest = bounds(expr)[2]
    if widest > _INT64_MAX:
        raise LimitExceeded(
            f"Working out {expr} can pass {_INT64_MAX:,} either way, more than bulk rolling holds; "
            "roll it one at a time instead."
        )
    per_roll = max(1, sum(t.count for t in dice_terms(expr)))
    chunk = max(1, _CHUNK_FACES // per_roll)
    if n <= chunk:
        totals: npt.NDArray[np.int64] = _eval(np, expr, n, rng)
    else:
        totals = np.concatenate([_eval(np, expr, min(chunk, n - at), rng) for at in range(0, n, chunk)])
    return totals


_INT64_MAX = 2**63 - 1


class _Arrays:
    """The bulk algebra: every value is an int64 array of ``n`` totals."""

    def __init__(self, np: Any, n: int, rng: Any) -> None:
        self.np, self.n, self.rng = np, n, rng

    def const(self, value: int) -> Any:
        return self.np.full(self.n, value, dtype=self.np.int64)

    def dice(self, term: Dice) -> Any:
        return _dice(self.np, term, self.n, self.rng)

    def computed(self, node: ComputedDice, count: Any, size: Any = None) -> Any:
        """Rows grouped by the count (and size) they rolled; each group rolls its own dice."""
        np = self.np
        out = np.zeros(self.n, dtype=np.int64)
        sizes = np.zeros(self.n, dtype=np.int64) if size is None else size
        for c, s in np.unique(np.stack([count, sizes]), axis=1).T:
            rows = (count == c) & (sizes == s)
            term = node.with_count(int(c), None if size is None else int(s))
            out[rows] = _dice(np, term, int(rows.sum()), self.rng)
        return out

    def neg(self, a: Any) -> Any:
        return -a

    def abs_(self, a: Any) -> Any:
        return self.np.abs(a)

    def binop(self, op: Op, a: Any, b: Any) -> Any:
        if op is Op.ADD:
            return a + b
        if op is Op.SUB:
            return a - b
        if op is Op.MUL:
            return a * b
        if op is Op.CEIL_DIV:
            return -(-a // b)
        if op is Op.ROUND_DIV:
            return (2 * a + b) // (2 * b)
        if op is Op.MOD:
            return self.np.fmod(a, b)  # the sign of the dividend, as JavaScript's %
        if op is Op.POW:
            return self.np.power(a, b)  # whole and within int64: checked before rolling
        return a // b

    def call(self, fn: Fn, a: Any, b: Any) -> Any:
        return self.np.minimum(a, b) if fn is Fn.MIN else self.np.maximum(a, b)

    def compare(self, op: CmpOp, a: Any, b: Any) -> Any:
        return _holds(self.np, op, a, b).astype(self.np.int64)

    def group(self, group: Group, items: list[Any]) -> Any:
        start, end = group.kept_range
        table = self.np.stack(items, axis=1)
        if (start, end) != (0, len(items)):
            table = self.np.sort(table, axis=1)[:, start:end]
        if group.count_op is not None:  # '{4d6, 3d8}>=5': how many kept totals meet it
            return _holds(self.np, group.count_op, table, group.count_at).sum(axis=1).astype(self.np.int64)
        return table.sum(axis=1)


def _eval(np: Any, e: Expr, n: int, rng: Any) -> Any:
    return evaluate(e, _Arrays(np, n, rng))


def _dice(np: Any, term: Dice, n: int, rng: Any) -> Any:
    count, sides, low = term.count, term.sides, term.low
    start, end = term.kept_range
    k = end - start
    if k == 0:
        return np.zeros(n, dtype=np.int64)
    if term.fate_one:  # a d6 read as -1, 0, 0, 0, 0, +1
        faces = np.array([0, -1, 0, 0, 0, 0, 1], dtype=np.int64)[rng.integers(1, 7, size=(n, count))]
    elif count == 1 and term.target is None and term.plain and not term.selects:
        return rng.integers(low, low + sides, size=n, dtype=np.int64)
    else:
        faces = rng.integers(low, low + sides, size=(n, count), dtype=np.int64)
    if term.adds_one:  # no keep/drop: every die counts, and the one added
        return _added(np, term, faces, rng)
    if term.explode is not None and term.explode.separate:  # every roll a die of its own; no keep/drop
        return _exploded_separately(np, term, faces, rng)
    if term.explode is not None:
        faces = _compounded(np, term, faces, rng)
    elif term.reroll is not None:
        faces = _rerolled(np, term, faces, rng)
    elif term.unique is not None:
        faces = _made_unique(np, term, faces, rng)
    if term.least is not None or term.most is not None:
        faces = np.clip(faces, term.least, term.most)
    if k < count:
        if start == 0:
            faces = np.partition(faces, k - 1, axis=1)[:, :k]
        elif end == count:
            faces = np.partition(faces, start, axis=1)[:, start:]
        else:  # a middle run: everything between the two pivots is in between in value
            faces = np.partition(faces, [start, end - 1], axis=1)[:, start:end]
    counted = faces if term.target is None else _score(np, term, faces)
    for select in term.selects:  # a die dropped by value adds nothing
        counted = counted * (_holds(np, select.op, faces, select.value) == select.keep)
    return counted.sum(axis=1).astype(np.int64)


def _score(np: Any, term: Dice, values: Any) -> Any:
    """Each die's (or roll's) part of a success count, elementwise."""
    target = term.target
    assert target is not None
    if target.mode in ("even", "odd"):
        return (values % 2 == (0 if target.mode == "even" else 1)).astype(np.int64)
    if target.mode != "count":  # Foundry's df / sf: a failure counts -1, or minus its face
        fails = _holds(np, target.fail_op, values, target.fail_at_most)
        return np.where(fails, -1 if target.mode == "df" else -values, values).astype(np.int64)
    score = _holds(np, target.op, values, target.at_least).astype(np.int64)
    if target.fail_at_most is not None:
        score = score - _holds(np, target.fail_op, values, target.fail_at_most)
    return score


def _more_rolls(np: Any, term: Dice, live: Any, rng: Any) -> Any:
    return rng.integers(1, term.sides + 1, size=int(live.sum()), dtype=np.int64)


def _explodes(np: Any, term: Dice, faces: Any) -> Any:
    """Which faces explode, elementwise."""
    point = term.explode_on
    if point is None:
        return faces == term.sides
    return _holds(np, point.op, faces, point.value)


def _exploded_separately(np: Any, term: Dice, faces: Any, rng: Any) -> Any:
    """``!`` / ``!p`` / ``xo``: the sum (or success count) of every roll, exploding faces rolling again."""
    assert term.explode is not None
    less = term.explode.less
    total = (faces if term.target is None else _score(np, term, faces)).sum(axis=1)
    live = _explodes(np, term, faces)
    for _ in range(1 if term.explode.once else MAX_EXTRA_ROLLS):
        if not live.any():
            break
        rows = np.nonzero(live)[0]
        new = _more_rolls(np, term, live, rng)
        part = new - less if term.target is None else _score(np, term, new - less)
        np.add.at(total, rows, part)
        grown = np.zeros_like(live)
        grown[live] = _explodes(np, term, new)
        live = grown
    return total


def _added(np: Any, term: Dice, faces: Any, rng: Any) -> Any:
    """d20's ``ra``: every die, plus one more die on the rows where some die is picked out."""
    assert term.reroll is not None
    total = (faces if term.target is None else _score(np, term, faces)).sum(axis=1)
    hit = _hits_reroll(np, term.reroll, faces).any(axis=1)
    new = _more_rolls(np, term, hit, rng)
    total[hit] += new if term.target is None else _score(np, term, new)
    return total


def _compounded(np: Any, term: Dice, faces: Any, rng: Any) -> Any:
    """``!!`` / ``!!p``: each die's value with its extra rolls added in (less one each when penetrating)."""
    assert term.explode is not None
    values = faces.copy()
    live = _explodes(np, term, faces)
    less = term.explode.less
    for _ in range(MAX_EXTRA_ROLLS):
        if not live.any():
            break
        new = _more_rolls(np, term, live, rng)
        values[live] += new - less
        grown = np.zeros_like(live)
        grown[live] = _explodes(np, term, new)
        live = grown
    return values


def _rerolled(np: Any, term: Dice, faces: Any, rng: Any) -> Any:
    """``r`` / ``ro``: faces that hit the reroll rule replaced by a new roll (once, or until they miss)."""
    reroll = term.reroll
    assert reroll is not None
    faces = faces.copy()
    live = _hits_reroll(np, reroll, faces)
    for _ in range(1 if reroll.once else MAX_EXTRA_ROLLS):
        if not live.any():
            break
        new = _more_rolls(np, term, live, rng)
        faces[live] = new
        grown = np.zeros_like(live)
        grown[live] = _hits_reroll(np, reroll, new)
        live = grown
    return faces


def _made_unique(np: Any, term: Dice, faces: Any, rng: Any) -> Any:
    """``u`` / ``uo``: die by die, a face an earlier die shows (and the compare point picks) rolled again."""
    unique = term.unique
    assert unique is not None
    faces = faces.copy()
    for i in range(1, faces.shape[1]):
        column = faces[:, i].copy()
        rows = np.arange(len(column))
        live = _duplicate(np, term, faces[:, :i], column)
        for _ in range(1 if unique.once else MAX_EXTRA_ROLLS):
            if not live.any():
                break
            rows = rows[live]
            column[rows] = _more_rolls(np, term, live, rng)
            live = _duplicate(np, term, faces[rows, :i], column[rows])
        faces[:, i] = column
    return faces


def _duplicate(np: Any, term: Dice, earlier: Any, values: Any) -> Any:
    """Which ``values`` an earlier die of their row shows, among those the compare point picks."""
    assert term.unique is not None
    hit = (earlier == values[:, None]).any(axis=1)
    point = term.unique.point
    return hit if point is None else hit & _holds(np, point.op, values, point.value)


def _hits_reroll(np: Any, reroll: Reroll, faces: Any) -> Any:
    """Which ``faces`` any of the reroll's conditions picks out (``r1r3``), as booleans."""
    hit = _holds(np, reroll.op, faces, reroll.value)
    for point in reroll.more:
        hit = hit | _holds(np, point.op, faces, point.value)
    return hit


def _holds(np: Any, op: CmpOp, a: Any, b: Any) -> Any:
    """``a <op> b`` elementwise, as booleans."""
    return {
        CmpOp.GE: np.greater_equal,
        CmpOp.LE: np.less_equal,
        CmpOp.GT: np.greater,
        CmpOp.LT: np.less,
        CmpOp.EQ: np.equal,
        CmpOp.NE: np.not_equal,
    }[op](a, b)
