"""Exact odds: the full distribution of an expression, with Fraction probabilities.

Worked out directly from the expression tree with exact Python integers:

* a sum of NdS is the S-sided die's counting polynomial to the Nth power,
  computed as one big-integer power (Kronecker substitution: pack the
  coefficients into one integer, let CPython's multiplication do the
  convolution, unpack);
* success counting ``NdSt5`` is the binomial closed form
  ``C(N, k) * s**k * (S - s)**(N - k)``; with a fail number it is a
  three-term polynomial power;
* keep/drop (``10d6kh3``) is a dynamic programme over faces from the kept end
  down, finishing a state as soon as enough dice are kept;
* ``+ - * min max`` and comparisons combine independent sub-distributions.

:func:`icepool_distribution` computes the same thing through icepool (imported
only when called: it is slow to import); the tests check the two agree and
check both against brute-force enumeration. Work past
:data:`~capeworks.dice.limits.MAX_EXACT_WORK` or
:data:`~capeworks.dice.limits.MAX_SUPPORT` raises LimitExceeded rather than
running for minutes.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

from capeworks.dice.expr import BinOp, Call, CmpOp, Const, Dice, Expr, Fn, Neg, Op
from capeworks.dice.limits import MAX_EXACT_WORK, MAX_SUPPORT
from capeworks.dice.notation import parse
from capeworks.errors import LimitExceeded

__all__ = ["Distribution", "distribution", "icepool_distribution"]


class Distribution:
    """An exact probability distribution over whole numbers.

    Immutable. Stored as whole-number counts over a range of outcomes with a
    common denominator, so every probability is an exact Fraction.
    """

    __slots__ = ("_counts", "_denominator", "_lo")

    def __init__(self, lo: int, counts: list[int]) -> None:
        # trim zero ends so lo/hi are the real support bounds
        start, end = 0, len(counts)
        while start < end and counts[start] == 0:
            start += 1
        while end > start and counts[end - 1] == 0:
            end -= 1
        if start == end:
            raise ValueError("A distribution needs at least one possible outcome.")
        self._lo = lo + start
        self._counts = tuple(counts[start:end])
        self._denominator = sum(self._counts)

    @classmethod
    def from_counts(cls, counts: Mapping[int, int]) -> Distribution:
        """Build from ``{outcome: number of ways}`` (ways are non-negative integers)."""
        if any(c < 0 for c in counts.values()):
            raise ValueError("Counts must not be negative.")
        keys = [k for k, c in counts.items() if c]
        if not keys:
            raise ValueError("A distribution needs at least one possible outcome.")
        lo, hi = min(keys), max(keys)
        _check_support(hi - lo + 1)
        dense = [0] * (hi - lo + 1)
        for k in keys:
            dense[k - lo] = counts[k]
        return cls(lo, dense)

    @classmethod
    def point(cls, value: int) -> Distribution:
        """Certainty: ``value`` with probability 1."""
        return cls(value, [1])

    # -- reading

    @property
    def denominator(self) -> int:
        """Total number of equally likely ways (not reduced)."""
        return self._denominator

    @property
    def counts(self) -> dict[int, int]:
        """``{outcome: ways}`` for every possible outcome, ascending."""
        lo = self._lo
        return {lo + i: c for i, c in enumerate(self._counts) if c}

    @property
    def probabilities(self) -> dict[int, Fraction]:
        """``{outcome: exact probability}`` for every possible outcome, ascending."""
        d = self._denominator
        lo = self._lo
        return {lo + i: Fraction(c, d) for i, c in enumerate(self._counts) if c}

    @property
    def support(self) -> tuple[int, ...]:
        """Every outcome with a non-zero probability, ascending."""
        lo = self._lo
        return tuple(lo + i for i, c in enumerate(self._counts) if c)

    @property
    def min(self) -> int:
        """Lowest possible outcome."""
        return self._lo

    @property
    def max(self) -> int:
        """Highest possible outcome."""
        return self._lo + len(self._counts) - 1

    def probability(self, outcome: int) -> Fraction:
        """P(exactly ``outcome``)."""
        i = outcome - self._lo
        if 0 <= i < len(self._counts):
            return Fraction(self._counts[i], self._denominator)
        return Fraction(0)

    def at_least(self, x: int) -> Fraction:
        """P(outcome >= x)."""
        i = max(0, x - self._lo)
        return Fraction(sum(self._counts[i:]), self._denominator)

    def at_most(self, x: int) -> Fraction:
        """P(outcome <= x)."""
        i = x - self._lo + 1
        if i <= 0:
            return Fraction(0)
        return Fraction(sum(self._counts[:i]), self._denominator)

    def at_least_table(self) -> dict[int, Fraction]:
        """``{x: P(outcome >= x)}`` for every possible outcome x, ascending."""
        out: dict[int, Fraction] = {}
        rest = self._denominator
        d = self._denominator
        lo = self._lo
        for i, c in enumerate(self._counts):
            if c:
                out[lo + i] = Fraction(rest, d)
            rest -= c
        return out

    @property
    def mean(self) -> Fraction:
        """The exact expected value."""
        lo = self._lo
        return Fraction(sum((lo + i) * c for i, c in enumerate(self._counts)), self._denominator)

    @property
    def variance(self) -> Fraction:
        """The exact variance."""
        lo, d = self._lo, self._denominator
        s1 = sum((lo + i) * c for i, c in enumerate(self._counts))
        s2 = sum((lo + i) ** 2 * c for i, c in enumerate(self._counts))
        return Fraction(s2 * d - s1 * s1, d * d)

    @property
    def stdev(self) -> float:
        """The standard deviation (a float: square roots are rarely exact)."""
        return math.sqrt(float(self.variance))

    def __iter__(self) -> Iterator[tuple[int, Fraction]]:
        return iter(self.probabilities.items())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        if self._lo != other._lo or len(self._counts) != len(other._counts):
            return False
        a, b = self._denominator, other._denominator
        return all(x * b == y * a for x, y in zip(self._counts, other._counts, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self.probabilities.items()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}: {v}" for k, v in list(self.probabilities.items())[:8])
        more = ", ..." if len(self.support) > 8 else ""
        return f"Distribution({{{shown}{more}}})"

    # -- combining (independent outcomes)

    def __add__(self, other: Distribution) -> Distribution:
        return Distribution(self._lo + other._lo, _poly_mul(list(self._counts), list(other._counts)))

    def __neg__(self) -> Distribution:
        return Distribution(-self.max, list(reversed(self._counts)))

    def __sub__(self, other: Distribution) -> Distribution:
        return self + (-other)

    def __mul__(self, other: Distribution) -> Distribution:
        a, b = self.counts, other.counts
        _charge(len(a) * len(b), "multiplying two rolls")
        ends = [x * y for x in (self.min, self.max) for y in (other.min, other.max)]
        _check_support(max(ends) - min(ends) + 1)
        out: dict[int, int] = {}
        for x, cx in a.items():
            for y, cy in b.items():
                out[x * y] = out.get(x * y, 0) + cx * cy
        return Distribution.from_counts(out)

    def map_pair(self, other: Distribution, fn: Fn) -> Distribution:
        """``min`` or ``max`` of two independent outcomes, through their cumulative counts."""
        lo = min(self.min, other.min)
        hi = max(self.max, other.max)
        _check_support(hi - lo + 1)
        ca, cb = self._cumulative(lo, hi), other._cumulative(lo, hi)
        da, db = self._denominator, other._denominator
        if fn is Fn.MAX:  # P(max <= x) = Fa(x) Fb(x)
            cum = [x * y for x, y in zip(ca, cb, strict=True)]
        else:  # P(min <= x) = 1 - (1 - Fa(x))(1 - Fb(x))
            cum = [da * db - (da - x) * (db - y) for x, y in zip(ca, cb, strict=True)]
        return Distribution(lo, [cum[0]] + [cum[i] - cum[i - 1] for i in range(1, len(cum))])

    def compare(self, other: Distribution, op: CmpOp) -> Distribution:
        """1 where ``self <op> other`` holds, else 0."""
        if len(other._counts) == 1:
            diff, zero = self, other._lo
        else:
            diff, zero = self - other, 0
        yes = sum(c for i, c in enumerate(diff._counts) if op.holds(diff._lo + i, zero))
        return Distribution(0, [diff._denominator - yes, yes])

    def _cumulative(self, lo: int, hi: int) -> list[int]:
        out: list[int] = []
        run = 0
        for x in range(lo, hi + 1):
            i = x - self._lo
            if 0 <= i < len(self._counts):
                run += self._counts[i]
            out.append(run)
        return out


# ---------------------------------------------------------------- limits


def _check_support(width: int) -> None:
    if width > MAX_SUPPORT:
        raise LimitExceeded(
            f"These odds would span {width} possible outcomes; the limit is {MAX_SUPPORT}. "
            "Ask about fewer dice or smaller numbers."
        )


def _charge(work: int, what: str) -> None:
    if work > MAX_EXACT_WORK:
        raise LimitExceeded(
            f"Exact odds for {what} would take too long (about {work:,} steps; the limit is "
            f"{MAX_EXACT_WORK:,}). Ask about fewer dice, or use the lab to sample instead."
        )


# ---------------------------------------------------------------- polynomial arithmetic


def _pack(coefs: list[int], width: int) -> int:
    return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in coefs), "little")


def _unpack(x: int, width: int, n: int) -> list[int]:
    raw = x.to_bytes(width * n, "little")
    return [int.from_bytes(raw[i : i + width], "little") for i in range(0, width * n, width)]


def _poly_mul(a: list[int], b: list[int]) -> list[int]:
    """Product of two count polynomials, exactly, in one big-integer multiplication."""
    if len(a) == 1:
        return [a[0] * c for c in b]
    if len(b) == 1:
        return [b[0] * c for c in a]
    n = len(a) + len(b) - 1
    _check_support(n)
    width = (sum(a) * sum(b)).bit_length() // 8 + 1
    _charge(n * width // 8, "combining rolls")
    return _unpack(_pack(a, width) * _pack(b, width), width, n)


def _poly_pow(base: list[int], n: int) -> list[int]:
    """``base`` to the ``n``th power, exactly, as one big-integer power."""
    if n == 1 or len(base) == 1:
        return [c**n for c in base] if len(base) == 1 else list(base)
    length = (len(base) - 1) * n + 1
    _check_support(length)
    width = (sum(base) ** n).bit_length() // 8 + 1
    _charge(length * width // 8, f"{n} dice")
    return _unpack(pow(_pack(base, width), n), width, length)


# ---------------------------------------------------------------- dice terms


def _uniform(sides: int) -> list[int]:
    return [1] * sides


def _term(term: Dice) -> Distribution:
    n, sides = term.count, term.sides
    target = term.target
    k = term.kept_count
    # the single die's outcome as (value -> ways), ascending
    if target is None:
        face_lo, face_counts = 1, _uniform(sides)
    else:
        hits = sides - target.at_least + 1
        misses = target.fail_at_most or 0
        face_lo, face_counts = -1, [misses, sides - hits - misses, hits]
    if k == 0:
        return Distribution(0, [sides**n])
    if k == n:
        if target is not None and target.fail_at_most is None:
            return _binomial(n, sides - target.at_least + 1, sides)
        return Distribution(face_lo * n, _poly_pow(face_counts, n))
    assert term.keep is not None
    return _keep(face_lo, face_counts, n, k, high=term.keep.keeps_high)


def _binomial(n: int, hits: int, sides: int) -> Distribution:
    """Successes in n dice, each a hit in ``hits`` of ``sides`` ways: C(n,k) h^k m^(n-k)."""
    misses = sides - hits
    _charge(n * n.bit_length() // 4, f"counting successes on {n} dice")
    hp = [1] * (n + 1)
    mp = [1] * (n + 1)
    for i in range(1, n + 1):
        hp[i] = hp[i - 1] * hits
        mp[i] = mp[i - 1] * misses
    return Distribution(0, [math.comb(n, k) * hp[k] * mp[n - k] for k in range(n + 1)])


def _keep(lo: int, face_counts: list[int], n: int, k: int, *, high: bool) -> Distribution:
    """Sum of the k highest (or lowest) of n dice, each with ``face_counts`` ways per value.

    Goes through values from the kept end. A state is (dice placed so far,
    sum of them); placing j dice on value v multiplies by C(rest, j) * w**j.
    Once k dice are placed the sum is final: the remaining dice all show
    values further along, in (weight of those values) ** rest ways.
    """
    values = [(lo + i, w) for i, w in enumerate(face_counts) if w]
    if high:
        values.reverse()
    span = values[-1][0] - values[0][0] if len(values) > 1 else 0
    _charge(len(values) * k * k * (k * abs(span) + 1), f"keeping {k} of {n} dice")
    comb = [[math.comb(r, j) for j in range(r + 1)] for r in range(n + 1)]
    result: dict[int, int] = {}
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    later = sum(w for _, w in values)
    steps = 0
    for v, w in values:
        later -= w
        wp = [1]
        for _ in range(n):
            wp.append(wp[-1] * w)
        lp = [1]
        for _ in range(n):
            lp.append(lp[-1] * later)
        nxt: dict[tuple[int, int], int] = {}
        for (used, s), ways in states.items():
            rest = n - used
            need = k - used
            row = comb[rest]
            # the ways to place this value on fewer than `need` dice (state continues)
            short = 0
            for j in range(min(need, rest + 1)):
                pick = row[j] * wp[j]
                key = (used + j, s + j * v)
                nxt[key] = nxt.get(key, 0) + ways * pick
                short += pick * lp[rest - j]
            steps += need
            # `need` or more dice on this value: done, the sum gains need * v
            done = (w + later) ** rest - short
            if done:
                fin = s + need * v
                result[fin] = result.get(fin, 0) + ways * done
        if steps > MAX_EXACT_WORK:
            _charge(steps, f"keeping {k} of {n} dice")
        states = nxt
    return Distribution.from_counts(result)


# ---------------------------------------------------------------- the tree


def _dist(e: Expr) -> Distribution:
    if isinstance(e, Const):
        return Distribution.point(e.value)
    if isinstance(e, Dice):
        return _term_cached(e)
    if isinstance(e, Neg):
        return -_dist(e.operand)
    a, b = _dist(e.left), _dist(e.right)
    if isinstance(e, BinOp):
        if e.op is Op.ADD:
            return a + b
        if e.op is Op.SUB:
            return a - b
        return a * b
    if isinstance(e, Call):
        return a.map_pair(b, e.fn)
    return a.compare(b, e.op)


@lru_cache(maxsize=256)
def _term_cached(term: Dice) -> Distribution:
    return _term(term)


@lru_cache(maxsize=256)
def _dist_cached(e: Expr) -> Distribution:
    return _dist(e)


def distribution(expression: str | Expr) -> Distribution:
    """The exact distribution of an expression's total.

    Raises LimitExceeded when the exact answer would be too large or too slow
    to work out (see :mod:`capeworks.dice.limits`).
    """
    expr = parse(expression) if isinstance(expression, str) else expression
    return _dist_cached(expr)


# ---------------------------------------------------------------- icepool


def icepool_distribution(expression: str | Expr) -> Distribution:
    """The same distribution worked out by icepool; a reference, imported lazily."""
    import icepool

    expr = parse(expression) if isinstance(expression, str) else expression
    die = _to_icepool(icepool, expr)
    return Distribution.from_counts({int(k): int(v) for k, v in die.items()})


def _to_icepool(icepool: Any, e: Expr) -> Any:
    if isinstance(e, Const):
        return icepool.Die([e.value])
    if isinstance(e, Dice):
        die = icepool.d(e.sides)
        if e.target is not None:
            die = die.map(e.target.score)
        k = e.kept_count
        if e.keep is None or k == e.count:
            return e.count @ die
        if k == 0:
            return icepool.Die([0])
        return die.highest(e.count, k) if e.keep.keeps_high else die.lowest(e.count, k)
    if isinstance(e, Neg):
        return -_to_icepool(icepool, e.operand)
    a, b = _to_icepool(icepool, e.left), _to_icepool(icepool, e.right)
    if isinstance(e, BinOp):
        if e.op is Op.ADD:
            return a + b
        if e.op is Op.SUB:
            return a - b
        return a * b
    if isinstance(e, Call):
        return icepool.lowest(a, b) if e.fn is Fn.MIN else icepool.highest(a, b)
    op = e.op
    return icepool.map(lambda x, y: int(op.holds(x, y)), a, b)
