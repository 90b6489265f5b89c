"""One evaluator for every use of an expression: a fold over the tree with a pluggable algebra.

Rolling, bulk rolling, exact odds and bounds all walk the same tree the same
way; only what a value *is* differs: Python code for the roller's compiled
plan, a NumPy array of n totals for the lab, a
:class:`~capeworks.dice.odds.Distribution` for exact odds, and a
``(low, high, widest)`` interval for checking ranges before any work. Each is
an *algebra* (the ``Algebra`` protocol, defined for type checkers only so
that a cold start does not import :mod:`typing`); :func:`evaluate` is the only place that knows the shape of
the tree, so a new operator is added here once and each algebra says what it
means.
"""

from __future__ import annotations

from collections.abc import Callable

from capeworks.dice.expr import (
    Abs,
    BinOp,
    Call,
    CmpOp,
    Compare,
    ComputedDice,
    Const,
    Dice,
    Expr,
    Fn,
    Group,
    Neg,
    Note,
    Op,
)
from capeworks.dice.limits import MAX_EXTRA_ROLLS

__all__ = ["Bounds", "BoundsAlgebra", "Values", "ValuesAlgebra", "bounds", "can_be_zero", "evaluate"]

TYPE_CHECKING = False  # as typing.TYPE_CHECKING: importing typing costs every cold start a few ms
if TYPE_CHECKING:
    from typing import Protocol, TypeVar

    V = TypeVar("V")

    class Algebra(Protocol[V]):
        """What each node means for one kind of value."""

        def const(self, value: int) -> V:
            """A whole number."""
            ...

        def dice(self, term: Dice) -> V:
            """One dice term, with its keep/drop and counting."""
            ...

        def computed(self, node: ComputedDice, count: V, size: V | None = None) -> V:
            """Dice whose count is ``count`` (``(1d4)d6``) and size ``size`` (``d(1d6)``): after them."""
            ...

        def neg(self, a: V) -> V:
            """Unary minus."""
            ...

        def abs_(self, a: V) -> V:
            """``abs()``."""
            ...

        def binop(self, op: Op, a: V, b: V) -> V:
            """``+ - *``."""
            ...

        def call(self, fn: Fn, a: V, b: V) -> V:
            """``min`` / ``max``."""
            ...

        def compare(self, op: CmpOp, a: V, b: V) -> V:
            """1 where the comparison holds, else 0."""
            ...

        def group(self, group: Group, items: list[V]) -> V:
            """The sum of the kept items of a group."""
            ...


def evaluate(expr: Expr, algebra: Algebra[V]) -> V:
    """Fold ``expr`` bottom-up with ``algebra``; dice terms are met left to right (the rolling order)."""
    if isinstance(expr, Const):
        return algebra.const(expr.value)
    if isinstance(expr, Dice):
        return algebra.dice(expr)
    if isinstance(expr, ComputedDice):
        count = evaluate(expr.count, algebra)
        return algebra.computed(expr, count, None if expr.size is None else evaluate(expr.size, algebra))
    if isinstance(expr, Neg):
        return algebra.neg(evaluate(expr.operand, algebra))
    if isinstance(expr, Abs):
        return algebra.abs_(evaluate(expr.operand, algebra))
    if isinstance(expr, Note):  # words count for nothing
        return evaluate(expr.operand, algebra)
    if isinstance(expr, Group):
        return algebra.group(expr, [evaluate(item, algebra) for item in expr.items])
    a = evaluate(expr.left, algebra)
    b = evaluate(expr.right, algebra)
    if isinstance(expr, BinOp):
        return algebra.binop(expr.op, a, b)
    if isinstance(expr, Call):
        return algebra.call(expr.fn, a, b)
    assert isinstance(expr, Compare)
    return algebra.compare(expr.op, a, b)


# ---------------------------------------------------------------- bounds

#: lowest value, highest value, and the largest magnitude any part of the expression reaches
Bounds = tuple[int, int, int]


def _bounds(lo: int, hi: int, *parts: Bounds) -> Bounds:
    return lo, hi, max(abs(lo), abs(hi), *(p[2] for p in parts))


#: a power's bound stands in as this past it: the reader refuses anything past 2**63 anyway
_HUGE = 2**4096


def _pow_bound(x: int, y: int) -> int:
    """``x ** y``, or ``±2**4096`` when that is larger: ``3^(1000d1000)`` need not be worked out."""
    if abs(x) >= 2 and y * abs(x).bit_length() > 4096:
        return -_HUGE if x < 0 and y % 2 else _HUGE
    return int(x**y)


class BoundsAlgebra:
    """Exact lowest and highest values (Python integers, so nothing overflows)."""

    def const(self, value: int) -> Bounds:
        return _bounds(value, value)

    def dice(self, term: Dice) -> Bounds:
        k = term.kept_count
        # an exploding die is worth up to its highest face on every roll, and
        # with '!' each roll may count as a success of its own
        rolls = 1 if term.explode is None else 2 if term.explode.once else 1 + MAX_EXTRA_ROLLS
        if term.adds_one and k:  # 'ra': the dice, and perhaps one more (no keep/drop there)
            fails = term.target is not None and term.target.fail_at_most is not None
            one = (term.low, term.sides) if term.target is None else (-1 if fails else 0, 1)
            return _bounds(min(k * one[0], (k + 1) * one[0]), max(k * one[1], (k + 1) * one[1]))
        if term.target is None:
            low, high = term.clamp(term.low), term.clamp(term.low + term.sides - 1)
            if term.selects:  # a die kept by position may still be dropped by value: worth 0
                low, high = min(low, 0), max(high, 0)
            return _bounds(min(k * low, k * low * rolls), k * high * rolls)
        if term.target.mode != "count":  # Foundry's counts: never after explosions, so one value a die
            scores = [term.target.score(term.clamp(f)) for f in range(term.low, term.low + term.sides)]
            low, high = min(scores), max(scores)
            if term.selects:
                low, high = min(low, 0), max(high, 0)
            return _bounds(k * low, k * high)
        per_die = rolls if term.explode is not None and term.explode.separate else 1
        return _bounds(-k * per_die if term.target.fail_at_most is not None else 0, k * per_die)

    def computed(self, node: ComputedDice, count: Bounds, size: Bounds | None = None) -> Bounds:
        # a term's bounds are linear in its count (a keep names a fixed number) and, when only kept dice
        # follow a computed size, monotone in it: the ends are at the count's and the size's
        sizes = [None] if size is None else list({size[0], size[1]})
        ends = [self.dice(node.with_count(c, s)) for c in {count[0], count[1]} for s in sizes]
        extra = () if size is None else (size,)
        return _bounds(min(e[0] for e in ends), max(e[1] for e in ends), count, *extra, *ends)

    def neg(self, a: Bounds) -> Bounds:
        return _bounds(-a[1], -a[0], a)

    def abs_(self, a: Bounds) -> Bounds:
        low = 0 if a[0] <= 0 <= a[1] else min(abs(a[0]), abs(a[1]))
        return _bounds(low, max(abs(a[0]), abs(a[1])), a)

    def binop(self, op: Op, a: Bounds, b: Bounds) -> Bounds:
        if op is Op.ADD:
            return _bounds(a[0] + b[0], a[1] + b[1], a, b)
        if op is Op.SUB:
            return _bounds(a[0] - b[1], a[1] - b[0], a, b)
        if op is Op.MUL:
            ends = [x * y for x in a[:2] for y in b[:2]]
        elif op is Op.MOD:  # below the divisor's largest magnitude, with the dividend's sign
            top = max(abs(b[0]), abs(b[1])) - 1
            ends = [-min(top, abs(a[0])) if a[0] < 0 else 0, min(top, abs(a[1])) if a[1] > 0 else 0]
        elif op is Op.POW:  # extremes at the ends, at -1, 0 and 1, and at both parities of the exponent
            xs = {a[0], a[1], *(v for v in (-1, 0, 1) if a[0] <= v <= a[1])}
            ys = {y for y in (b[0], b[0] + 1, b[1] - 1, b[1]) if b[0] <= y <= b[1]}
            ends = [_pow_bound(x, y) for x in xs for y in ys]
        else:  # a quotient is largest at the divisor's smallest magnitudes: ±1 when it spans 0
            divisors = [y for y in (b[0], b[1], -1, 1) if y and b[0] <= y <= b[1]]
            ends = [op.divide(x, y) for x in a[:2] for y in divisors]
        return _bounds(min(ends), max(ends), a, b)

    def call(self, fn: Fn, a: Bounds, b: Bounds) -> Bounds:
        pick = min if fn is Fn.MIN else max
        return _bounds(pick(a[0], b[0]), pick(a[1], b[1]), a, b)

    def compare(self, op: CmpOp, a: Bounds, b: Bounds) -> Bounds:
        return _bounds(0, 1, a, b)

    def group(self, group: Group, items: list[Bounds]) -> Bounds:
        # order statistics grow with every item, so the kept run of the sorted lows
        # (highs) is the lowest (highest) the kept sum can be
        start, end = group.kept_range
        if group.count_op is not None:  # '{4d6, 3d8}>=5': a count of the kept rolls
            return _bounds(0, end - start, *items)
        lows = sorted(b[0] for b in items)[start:end]
        highs = sorted(b[1] for b in items)[start:end]
        return _bounds(sum(lows), sum(highs), *items)


def bounds(expr: Expr) -> Bounds:
    """``(lowest, highest, widest)``: the range of the total, and the largest magnitude of any part."""
    return evaluate(expr, BoundsAlgebra())


# ---------------------------------------------------------------- possible values

#: most values a set of possible values holds before it is widened to its range
_MAX_VALUES = 4096

#: most sums of pairs one set of possible values may cost to work out (past it: its range)
_MAX_PAIRS = 16 * _MAX_VALUES

#: the values a part can show: a set, or ``(low, high)`` when any value between may occur
Values = frozenset[int] | tuple[int, int]


def _span(v: Values) -> tuple[int, int]:
    return (min(v), max(v)) if isinstance(v, frozenset) else v


def _capped(values: set[int]) -> Values:
    return frozenset(values) if len(values) <= _MAX_VALUES else (min(values), max(values))


def _sumset(one: frozenset[int], k: int) -> Values:
    """Every sum of ``k`` values each from ``one`` (its range, when that is all that can be said cheaply)."""
    lo, hi = min(one), max(one)
    if len(one) == hi - lo + 1:  # a run of whole numbers: the sums are a run too
        return frozenset(range(k * lo, k * hi + 1)) if k * (hi - lo) < _MAX_VALUES else (k * lo, k * hi)
    if k > 64:
        return (k * lo, k * hi)
    out: set[int] = {0}
    pairs = 0
    for _ in range(k):
        pairs += len(out) * len(one)
        if pairs > _MAX_PAIRS:  # '1/(64d1000r500)' once took 5 s to read
            return (k * lo, k * hi)
        out = {a + b for a in out for b in one}
        if len(out) > _MAX_VALUES:
            return (k * lo, k * hi)
    return frozenset(out)


class ValuesAlgebra:
    """The values each part can show, exactly while they are few: so a divisor of ±1 is not "maybe 0"."""

    def const(self, value: int) -> Values:
        return frozenset((value,))

    def dice(self, term: Dice) -> Values:
        k = term.kept_count
        faces = range(term.low, term.low + term.sides)
        if term.explode is not None or term.adds_one:  # chains, or a die that may be added: the range
            lo, hi, _ = BoundsAlgebra().dice(term)
            return (lo, hi)
        if term.reroll is not None and not term.reroll.once:
            shown = frozenset(f for f in faces if not term.reroll.hits(f))
        else:
            shown = frozenset(term.clamp(f) for f in faces)
        target = term.target
        one = shown if target is None else frozenset(target.score(f) for f in shown)
        if term.selects:
            one = frozenset(term.counted(f) for f in shown)
        return _sumset(one, k)

    def computed(self, node: ComputedDice, count: Values, size: Values | None = None) -> Values:
        sizes: Values = frozenset({0}) if size is None else size
        if isinstance(count, frozenset) and isinstance(sizes, frozenset) and len(count) * len(sizes) <= 64:
            out: set[int] = set()
            for c, s in ((c, s) for c in count for s in sizes):
                each = self.dice(node.with_count(c, None if size is None else s))
                if not isinstance(each, frozenset):
                    break
                out |= each
            else:
                return _capped(out)
        spans = None if size is None else (*_span(size), 0)
        lo, hi, _ = BoundsAlgebra().computed(node, (*_span(count), 0), spans)
        return (lo, hi)

    def neg(self, a: Values) -> Values:
        return frozenset(-x for x in a) if isinstance(a, frozenset) else (-a[1], -a[0])

    def abs_(self, a: Values) -> Values:
        if isinstance(a, frozenset):
            return frozenset(abs(x) for x in a)
        return (0 if a[0] <= 0 <= a[1] else min(abs(a[0]), abs(a[1])), max(abs(a[0]), abs(a[1])))

    def _pairs(self, a: Values, b: Values, fn: Callable[[int, int], int]) -> Values | None:
        if isinstance(a, frozenset) and isinstance(b, frozenset) and len(a) * len(b) <= 16 * _MAX_VALUES:
            return _capped({fn(x, y) for x in a for y in b})
        return None

    def binop(self, op: Op, a: Values, b: Values) -> Values:
        if op is Op.ADD:
            fn: Callable[[int, int], int] = int.__add__
        elif op is Op.SUB:
            fn = int.__sub__
        elif op in (Op.MUL, Op.POW):
            fn = op.compute
        else:
            fn = op.divide
            if isinstance(a, frozenset) and isinstance(b, frozenset) and len(a) * len(b) <= 16 * _MAX_VALUES:
                return _capped({fn(x, y) for x in a for y in b if y})
        out = self._pairs(a, b, fn)
        if out is not None:
            return out
        la, ha = _span(a)
        lb, hb = _span(b)
        lo, hi, _ = BoundsAlgebra().binop(op, (la, ha, 0), (lb, hb, 0))
        return (lo, hi)

    def call(self, fn: Fn, a: Values, b: Values) -> Values:
        pick = min if fn is Fn.MIN else max
        out = self._pairs(a, b, pick)
        if out is not None:
            return out
        (la, ha), (lb, hb) = _span(a), _span(b)
        return (pick(la, lb), pick(ha, hb))

    def compare(self, op: CmpOp, a: Values, b: Values) -> Values:
        return frozenset((0, 1))

    def group(self, group: Group, items: list[Values]) -> Values:
        if group.count_op is not None:
            start, end = group.kept_range
            return frozenset(range(end - start + 1))
        spans = [(*_span(v), 0) for v in items]
        lo, hi, _ = BoundsAlgebra().group(group, spans)
        return (lo, hi)


def can_be_zero(expr: Expr) -> bool:
    """Whether ``expr`` can come out 0 (checked on its possible values while they are few, else its range)."""
    values = evaluate(expr, ValuesAlgebra())
    if isinstance(values, frozenset):
        return 0 in values
    return values[0] <= 0 <= values[1]
