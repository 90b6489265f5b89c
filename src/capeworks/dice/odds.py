"""Exact odds: the full distribution of an expression, with Fraction probabilities.

Worked out directly from the expression tree with exact Python integers
(whole-number counts over a common denominator; Fractions only on reading):

* a sum of NdS comes from the coefficient recurrence of
  ``((1 - x**S) / (1 - x)) ** N``: each count from three earlier ones, one
  exact division, and the second half by symmetry; other per-die polynomials
  (success counting with a fail number) use J. C. P. Miller's recurrence for a
  polynomial's power;
* success counting ``NdSt5`` is the binomial closed form
  ``C(N, k) * s**k * (S - s)**(N - k)``;
* keep/drop (``10d6kh3``) is a dynamic programme over faces from the kept end,
  with one state per number of dice placed so far holding every running sum
  at once as a packed big integer (Kronecker substitution), finishing a state
  as soon as enough dice are kept;
* ``+ - * min max`` and comparisons combine independent sub-distributions.

The tree is walked by the shared :func:`capeworks.dice.evaluate.evaluate`
with a :class:`Distribution` algebra, exactly as the roller and the bulk
roller walk it.

:func:`~capeworks.dice.odds_icepool.icepool_distribution` computes the same thing through icepool (imported
only when called: it is slow to import); the tests check the two agree and
check both against brute-force enumeration. Work past
:data:`~capeworks.dice.limits.MAX_EXACT_WORK` or
:data:`~capeworks.dice.limits.MAX_SUPPORT` raises LimitExceeded rather than
running for minutes.
"""

from __future__ import annotations

import math
import operator
from bisect import bisect_left, bisect_right, insort
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from functools import lru_cache

from capeworks.dice.chain_odds import outcome_work, outcomes, remainder
from capeworks.dice.evaluate import evaluate
from capeworks.dice.expr import (
    CmpOp,
    ComputedDice,
    Dice,
    Expr,
    Fn,
    Group,
    Op,
    dice_terms,
)
from capeworks.dice.notation import parse
from capeworks.dice.odds_poly import (
    _SPENT,
    _charge,
    _check_support,
    _mul_steps,
    _poly_mul,
    _poly_pow,
    _uniform_power,
    _unpack,
)
from capeworks.dice.odds_pool import added_counts, unique_counts

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:
    pass

__all__ = ["Distribution", "distribution"]


class Distribution:
    """An exact probability distribution over whole numbers.

    Immutable. Stored as whole-number counts over a range of outcomes with a
    common denominator, so every probability is an exact Fraction.
    """

    __slots__ = ("_counts", "_denominator", "_lo", "_remainder")

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
        self._remainder = Fraction(0)

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

    def with_remainder(self, remainder: Fraction) -> Distribution:
        """The same odds, stating the chance left out by following exploding dice only so far."""
        out = Distribution(self._lo, list(self._counts))
        out._remainder = remainder
        return out

    # -- reading

    @property
    def remainder(self) -> Fraction:
        """Chance that some die explodes more often than these odds follow it (0 without exploding dice).

        The odds are exact for dice that stop exploding at that depth (the
        last roll counts as it falls, as in icepool); this is how much
        probability would move to higher totals if they went on.
        """
        return self._remainder

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

    def __abs__(self) -> Distribution:
        out: dict[int, int] = {}
        for x, c in self.counts.items():
            out[abs(x)] = out.get(abs(x), 0) + c
        return Distribution.from_counts(out)

    def __mul__(self, other: Distribution) -> Distribution:
        return self._pairwise(other, operator.mul, "multiplying")

    def _pairwise(self, other: Distribution, fn: Callable[[int, int], int], what: str) -> Distribution:
        a, b = self.counts, other.counts
        each = 1 + _mul_steps(self._denominator.bit_length(), other._denominator.bit_length())
        _charge(len(a) * len(b) * each, f"{what} two rolls")
        ends = [fn(x, y) for x in (self.min, self.max) for y in (other.min, other.max)]
        _check_support(max(ends) - min(ends) + 1)
        out: dict[int, int] = {}
        for x, cx in a.items():
            for y, cy in b.items():
                z = fn(x, y)
                out[z] = out.get(z, 0) + cx * cy
        return Distribution.from_counts(out)

    def divide(self, other: Distribution, op: Op = Op.DIV) -> Distribution:
        """``self / other`` rounded as the division ``op`` rounds; ``other`` must not be able to be 0."""
        if other.probability(0):
            raise ValueError("Cannot divide by a roll that can be 0.")
        return self._pairwise(other, op.divide, "dividing")

    def map_pair(self, other: Distribution, fn: Fn) -> Distribution:
        """``min`` or ``max`` of two independent outcomes, through their cumulative counts."""
        return self._extreme(other, high=fn.value == "max")

    def compare(self, other: Distribution, op: CmpOp) -> Distribution:
        """1 where ``self <op> other`` holds, else 0."""
        return self._compare(other, op.holds)

    def _extreme(self, other: Distribution, *, high: bool) -> Distribution:
        """Through cumulative counts at the outcomes either side can show (not the whole range between)."""
        a, b = self.counts, other.counts
        points = sorted(a.keys() | b.keys())
        each = 1 + 2 * _mul_steps(self._denominator.bit_length(), other._denominator.bit_length())
        _charge(len(points) * each, "comparing two rolls")
        da, db = self._denominator, other._denominator
        out: dict[int, int] = {}
        run_a = run_b = before = 0
        for x in points:
            run_a += a.get(x, 0)
            run_b += b.get(x, 0)
            # P(max <= x) = Fa(x) Fb(x); P(min <= x) = 1 - (1 - Fa(x))(1 - Fb(x))
            cum = run_a * run_b if high else da * db - (da - run_a) * (db - run_b)
            if cum != before:
                out[x] = cum - before
            before = cum
        return Distribution.from_counts(out)

    def _compare(self, other: Distribution, holds: Callable[[int, int], bool]) -> Distribution:
        if len(other._counts) == 1:
            diff, zero = self, other._lo
        else:
            diff, zero = self - other, 0
        yes = sum(c for i, c in enumerate(diff._counts) if holds(diff._lo + i, zero))
        return Distribution(0, [diff._denominator - yes, yes])


# ---------------------------------------------------------------- dice terms


def _term(term: Dice) -> Distribution:
    n, sides, low = term.count, term.sides, term.low
    start, end = term.kept_range
    k = end - start
    if k == 0:
        return Distribution(0, [term.ways**n])
    if term.adds_one:
        return Distribution(*added_counts(term))
    if term.unique is not None:
        return Distribution.from_counts(unique_counts(term))
    if not term.plain:
        return _chained_term(term, n, start, end)
    if term.fate_one:  # dF.1: faces -1, 0, +1 in 1, 4 and 1 ways of 6
        counted = [term.counted(low + i) for i in range(sides)]
        ranked = list(zip(counted, term.face_ways, strict=True))
        if k == n:
            least = min(counted)
            base = [0] * (max(counted) - least + 1)
            for v, w in ranked:
                base[v - least] += w
            return Distribution(n * least, _poly_pow(base, n))
        return _keep(ranked, n, start, end)
    if term.selects:  # each die kept by position adds its value (or score) if it passes, else 0
        counted = [term.counted(low + i) for i in range(sides)]
        if k == n:
            least = min(counted)
            base = [0] * (max(counted) - least + 1)
            for v in counted:
                base[v - least] += 1
            return Distribution(n * least, _poly_pow(base, n))
        return _keep([(v, 1) for v in counted], n, start, end)
    target = term.target
    if target is None:
        if k == n:
            return Distribution(n * low, _uniform_power(sides, n))
        if k == 1 and (start == 0 or end == n):
            return _extreme_of(low, sides, n, high=end == n)
        return _keep([(low + i, 1) for i in range(sides)], n, start, end)
    scores = [target.score(low + i) for i in range(sides)]
    if k == n and target.mode != "count":  # Foundry's counts: one die's polynomial to the n
        least = min(scores)
        base = [0] * (max(scores) - least + 1)
        for v in scores:
            base[v - least] += 1
        return Distribution(n * least, _poly_pow(base, n))
    if k == n:
        if target.fail_at_most is None:
            return _binomial(n, sum(scores), sides)
        return Distribution(-n, _poly_pow([scores.count(v) for v in (-1, 0, 1)], n))
    return _keep([(v, 1) for v in scores], n, start, end)


def _chained_term(term: Dice, n: int, start: int, end: int) -> Distribution:
    """Dice that explode or are rerolled: one die's outcomes (with ways) raised to n, or kept/dropped."""
    _charge(outcome_work(term), "following exploding or rerolled dice")
    rows, _ = outcomes(term)
    if term.selects:  # a die dropped by value adds nothing
        rows = [(v, c if term.lets(v) else 0, w) for v, c, w in rows]
    ranked = sorted(rows)
    if (start, end) == (0, n):
        lo = min(v for _, v, _ in ranked)
        base = [0] * (max(v for _, v, _ in ranked) - lo + 1)
        for _, v, w in ranked:
            base[v - lo] += w
        return Distribution(n * lo, _poly_pow(base, n))
    return _keep([(v, w) for _, v, w in ranked], n, start, end)


def _binomial(n: int, hits: int, sides: int) -> Distribution:
    """Successes in n dice, each a hit in ``hits`` of ``sides`` ways: C(n,k) h^k m^(n-k)."""
    misses = sides - hits
    bits = n * sides.bit_length()
    _charge(n * (1 + 2 * _mul_steps(bits, bits)), f"counting successes on {n} dice")
    hp = [1] * (n + 1)
    mp = [1] * (n + 1)
    for i in range(1, n + 1):
        hp[i] = hp[i - 1] * hits
        mp[i] = mp[i - 1] * misses
    return Distribution(0, [math.comb(n, k) * hp[k] * mp[n - k] for k in range(n + 1)])


def _extreme_of(low: int, sides: int, n: int, *, high: bool) -> Distribution:
    """The highest (or lowest) of n dice: ways(max <= v) = v**n, so ways(max = v) = v**n - (v-1)**n."""
    bits = n * sides.bit_length()
    _charge(sides * (1 + 2 * _mul_steps(bits, bits)), f"the {'highest' if high else 'lowest'} of {n} dice")
    below = _powers(sides, n)
    counts = [below[i] - below[i - 1] for i in range(1, sides + 1)]
    return Distribution(low, counts if high else counts[::-1])


def _powers(top: int, n: int) -> list[int]:
    """``[i**n for i in range(top + 1)]``, raising only primes: a composite's power is a product of two."""
    out = [0**n, 1] + [0] * (top - 1) if top >= 1 else [0**n]
    for i in range(2, top + 1):
        p = next((q for q in range(2, math.isqrt(i) + 1) if i % q == 0), i)
        out[i] = p**n if p == i else out[p] * out[i // p]
    return out


def _binomials(m: int, count: int) -> list[int]:
    """``[C(m, 0), ..., C(m, count - 1)]``, each from the one before (``math.comb`` each afresh is
    quadratic: 272,691 of them took 23 s for ``1000d2kl738t1``)."""
    out = [1]
    for j in range(count - 1):
        out.append(out[-1] * (m - j) // (j + 1))
    return out


def _keep(ranked: list[tuple[int, int]], n: int, start: int, end: int) -> Distribution:
    """The sum of the dice at sorted positions ``start..end-1`` of n dice (a keep/drop chain).

    ``ranked`` lists what one die can show, lowest rank first, as ``(value,
    ways)``; a value need not grow with rank (success scores), and neighbours
    with equal values are merged. The dynamic programme goes through the
    ranks from whichever end reaches the kept run sooner. State ``u`` (u dice
    placed so far, fewer than the run's far edge) holds a polynomial in x:
    the ways to reach each partial kept sum, packed into one big integer with
    ``bits`` bits per sum (sums measured up from ``k * lowest value``). Placing
    j more dice on a value multiplies by C(n - u, j) * w**j and shifts by the
    kept ones among them. Once the far edge is passed the sum is final: the
    other dice all show values further along, so every way to place enough
    dice at once is counted together (all ways less those placing too few).
    """
    k = end - start
    if n - end + k < start + k:  # from the top: skip the dice above the run
        order, skip = list(reversed(ranked)), n - end
    else:
        order, skip = list(ranked), start
    values: list[tuple[int, int]] = []
    for v, w in order:
        if w and values and values[-1][0] == v:
            values[-1] = (v, values[-1][1] + w)
        elif w:
            values.append((v, w))
    edge = skip + k
    low = min(v for v, _ in values)
    span = max(v for v, _ in values) - low
    total = sum(w for _, w in values)
    # no count (result, or partial placement of some dice) reaches (2 * total) ** n
    width = ((2 * total) ** n).bit_length() // 8 + 1
    bits = 8 * width
    words = (k * span + 1) * width // 8 + 1
    # a step multiplies a binomial by a power of ways and that by a power of the ways left (both
    # counts of up to ``bits``), then a state's polynomial by a count: linear in its words
    each = 1 + words // 64 + 2 * _mul_steps(bits, bits)
    _charge(len(values) * edge * (edge + 1) // 2 * each, f"keeping {k} of {n} dice")
    comb = {n - u: _binomials(n - u, edge - u) for u in range(edge)}
    states = [0] * edge
    states[0] = 1
    result = 0
    later = total
    last = len(values) - 1
    first_rest = n - edge + 1  # fewest dice left to place in a state
    for index, (v, w) in enumerate(values):
        later -= w
        step = (v - low) * bits
        wp = [1]
        for _ in range(edge):
            wp.append(wp[-1] * w)
        lp = [later**first_rest]  # later ** (first_rest + i)
        ep = [(w + later) ** first_rest]
        for _ in range(edge):
            lp.append(lp[-1] * later)
            ep.append(ep[-1] * (w + later))
        nxt = [0] * edge
        for u in range(edge):
            poly = states[u]
            if not poly:
                continue
            rest, need = n - u, edge - u
            row = comb[rest]
            first_kept = max(u, skip)
            short = 0  # ways to put fewer than `need` dice on v, the rest further along
            for j in range(need):
                pick = row[j] * wp[j]
                short += pick * lp[rest - j - first_rest]
                if index != last:
                    kept = max(0, u + j - first_kept)
                    nxt[u + j] += (poly * pick) << (kept * step)
            done = ep[rest - first_rest] - short
            if done:
                result += (poly * done) << ((edge - first_kept) * step)
        states = nxt
    return Distribution(k * low, _unpack(result, width, k * span + 1))


# ---------------------------------------------------------------- the tree


class _Odds:
    """The exact-odds algebra: every value is a Distribution of independent outcomes."""

    def const(self, value: int) -> Distribution:
        return Distribution.point(value)

    def dice(self, term: Dice) -> Distribution:
        return _term_cached(term)

    def computed(
        self, node: ComputedDice, count: Distribution, size: Distribution | None = None
    ) -> Distribution:
        return _mixture(count, node, size)

    def neg(self, a: Distribution) -> Distribution:
        return -a

    def abs_(self, a: Distribution) -> Distribution:
        return abs(a)

    def binop(self, op: Op, a: Distribution, b: Distribution) -> Distribution:
        if op is Op.ADD:
            return a + b
        if op is Op.SUB:
            return a - b
        if op is Op.MUL:
            return a * b
        if op in (Op.MOD, Op.POW):
            return a._pairwise(b, op.compute, "a remainder" if op is Op.MOD else "a power")
        return a.divide(b, op)

    def call(self, fn: Fn, a: Distribution, b: Distribution) -> Distribution:
        return a.map_pair(b, fn)

    def compare(self, op: CmpOp, a: Distribution, b: Distribution) -> Distribution:
        return a.compare(b, op)

    def group(self, group: Group, items: list[Distribution]) -> Distribution:
        start, end = group.kept_range
        if group.count_op is None:
            return _group(items, start, end)
        return _group_count(group, items, start, end)


def _group_count(group: Group, items: list[Distribution], start: int, end: int) -> Distribution:
    """``{4d6, 3d8}>=5``: how many kept rolls have a total that meets the comparison.

    All kept: the rolls are independent, so the count is the sum of one 0/1
    chance per roll. With keep/drop each total ``x`` is carried as
    ``x*k + (1 if it meets it)``, ``k`` past the most that can count: that sorts
    as ``x`` does, so :func:`_group` keeps the same rolls, and its sum modulo
    ``k`` is the count.
    """
    hit = group.score
    if (start, end) == (0, len(items)):
        return _group([_relabel(i, hit) for i in items], start, end)
    k = end - start + 1
    coded = _group([_relabel(i, lambda x: x * k + hit(x)) for i in items], start, end)
    return _relabel(coded, lambda z: z % k)


def _relabel(d: Distribution, fn: Callable[[int], int]) -> Distribution:
    """``d`` with each outcome ``x`` read as ``fn(x)`` (ways of outcomes that meet added up)."""
    out: dict[int, int] = {}
    for x, c in d.counts.items():
        y = fn(x)
        out[y] = out.get(y, 0) + c
    return Distribution.from_counts(out)


def _mixture(count: Distribution, node: ComputedDice, size: Distribution | None = None) -> Distribution:
    """``(1d4)d6``: each count's odds weighted by the chance of that count, over one common denominator.

    With a computed size (``(1d4)d(1d6)``) over each pair of count and size: they are rolled apart, so a
    pair's ways are the product of theirs.
    """
    sizes: dict[int | None, int] = {None: 1} if size is None else {s: w for s, w in size.counts.items()}
    parts = [
        (ways * s_ways, _term_cached(node.with_count(c, s)))
        for c, ways in count.counts.items()
        for s, s_ways in sizes.items()
    ]
    common = math.lcm(*(d.denominator for _, d in parts))
    _charge(
        sum(len(d.support) for _, d in parts) * (1 + _mul_steps(common.bit_length(), 64)), "mixing counts"
    )
    out: dict[int, int] = {}
    for ways, d in parts:
        scale = ways * (common // d.denominator)
        for x, c in d.counts.items():
            out[x] = out.get(x, 0) + c * scale
    return Distribution.from_counts(out)


def _group(items: list[Distribution], start: int, end: int) -> Distribution:
    """The sum of the items at sorted positions ``start..end-1`` of independent, unlike rolls.

    Goes through the items one at a time; a state is the sorted run of the
    totals that can still be kept (the ``len - start`` highest so far, or the
    ``end`` lowest, whichever run is shorter) with its number of ways. Unlike
    dice cannot share one multiset count per face as :func:`_keep` does, so
    the work is the number of such runs times each item's outcomes, charged
    as it grows.
    """
    m = len(items)
    if (start, end) == (0, m):
        out = items[0]
        for item in items[1:]:
            out = out + item
        return out
    if start == end:
        return Distribution(0, [math.prod(i.denominator for i in items)])
    top = m - start <= end
    size = m - start if top else end
    states: dict[tuple[int, ...], int] = {(): 1}
    ways_bits = 1  # bits of the ways a state holds so far
    for item in items:
        outcomes = sorted(item.counts.items())
        xs = [x for x, _ in outcomes]
        below = [0]  # below[i]: ways of the i lowest outcomes
        for _, c in outcomes:
            below.append(below[-1] + c)
        each = 1 + size // 8 + _mul_steps(ways_bits, item.denominator.bit_length())
        _charge(len(states) * len(outcomes) * each, "keeping rolls of a group")
        ways_bits += item.denominator.bit_length()
        nxt: dict[tuple[int, ...], int] = {}
        for run, ways in states.items():
            lo, hi = 0, len(outcomes)
            if len(run) == size:  # a full run: outcomes beyond its far end leave it as it is
                if top:
                    lo = bisect_right(xs, run[0])
                    stay = below[lo]
                else:
                    hi = bisect_left(xs, run[-1])
                    stay = below[-1] - below[hi]
                if stay:
                    nxt[run] = nxt.get(run, 0) + ways * stay
            for x, c in outcomes[lo:hi]:
                grown = list(run)
                insort(grown, x)
                key = tuple(grown[-size:] if top else grown[:size])
                nxt[key] = nxt.get(key, 0) + ways * c
        states = nxt
    kept = slice(0, end - start) if top else slice(start, end)
    totals: dict[int, int] = {}
    for run, ways in states.items():
        v = sum(run[kept])
        totals[v] = totals.get(v, 0) + ways
    return Distribution.from_counts(totals)


@lru_cache(maxsize=256)
def _term_cached(term: Dice) -> Distribution:
    return _term(term)


@lru_cache(maxsize=256)
def _dist_cached(expr: Expr) -> Distribution:
    return evaluate(expr, _Odds())


def distribution(expression: str | Expr) -> Distribution:
    """The exact distribution of an expression's total.

    Raises LimitExceeded when the exact answer would be too large or too slow
    to work out (see :mod:`capeworks.dice.limits`); the work of every part
    counts towards one budget per question.
    """
    expr = parse(expression) if isinstance(expression, str) else expression
    token = _SPENT.set(0)
    try:
        dist = _dist_cached(expr)
    finally:
        _SPENT.reset(token)
    terms = [t for t in dice_terms(expr) if t.explode is not None]
    if not terms:
        return dist
    within = Fraction(1)
    for t in terms:
        within *= 1 - remainder(t)
    return dist.with_remainder(1 - within)
