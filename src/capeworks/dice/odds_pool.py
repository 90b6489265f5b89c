"""Exact odds of dice whose rule looks at the whole pool at once: d20's ``ra``, unique dice ``u``/``uo``.

``NdSra1`` rolls N dice and, when any of them is picked out, one more die,
added as a die of its own. With M(x) the ways one die that is not picked out
counts (its face, or its part of a success count) and A(x) the ways of any
die, the N dice come to A**N, of which M**N pick nothing out; so over
S**(N+1) the term comes to ``S * M**N + (A**N - M**N) * A``.

Unique dice (rpg-dice-roller's ``u``): a die showing a face the compare point
picks (every face without one) that an earlier die came to is rolled until it
does not, so each die falls evenly on the faces not yet taken among those
picked. Which picked faces come up is then an even choice of a set, and how
many of the N dice land on picked faces is a short Markov chain (from p taken,
the next die takes one more in (m - p) of (S - p) ways); the term is the sum
over j of P(j) * (the sum of an even j-set of picked faces) * (N - j dice on
the other faces). ``uo`` rolls a duplicate once, so a die shows a taken face
only after a second roll: followed exactly over the sets of picked faces taken
(2**m states at most), charged to the budget like everything else.
"""

from __future__ import annotations

import math
from fractions import Fraction

from capeworks.dice.expr import Dice
from capeworks.dice.odds_poly import _charge, _check_support, _poly_mul, _poly_pow

__all__ = ["added_counts", "unique_counts"]


def added_counts(term: Dice) -> tuple[int, list[int]]:
    """``(lowest, ways)`` of an ``ra`` term: the ways of each total from the lowest up, over S**(N+1)."""
    reroll, target, n, sides = term.reroll, term.target, term.count, term.sides
    assert reroll is not None and reroll.add
    counted = [f if target is None else target.score(f) for f in range(1, sides + 1)]
    lo = min(counted)
    width = max(counted) - lo + 1
    _charge(sides + 4 * width * n, "dice rerolled and added")
    every = [0] * width
    missed = [0] * width
    for f, c in zip(range(1, sides + 1), counted, strict=True):
        every[c - lo] += 1
        if not reroll.hits(f):
            missed[c - lo] += 1
    all_n = _poly_pow(every, n)
    miss_n = _poly_pow(missed, n) if any(missed) else [0]
    miss_n = (miss_n + [0] * len(all_n))[: len(all_n)]
    picked = [a - m for a, m in zip(all_n, miss_n, strict=True)]
    added = _poly_mul(picked, every) if any(picked) else [0]
    # miss_n starts at n*lo; added at (n+1)*lo: lay both out from the lower start
    base = n * lo + min(0, lo)
    out = [0] * (max(n * lo + len(miss_n), (n + 1) * lo + len(added)) - base)
    for i, w in enumerate(miss_n):
        out[n * lo - base + i] += sides * w
    for i, w in enumerate(added):
        out[(n + 1) * lo - base + i] += w
    return base, out


def _counted(term: Dice) -> list[int]:
    target = term.target
    return [f if target is None else target.score(f) for f in range(1, term.sides + 1)]


def unique_counts(term: Dice) -> dict[int, int]:
    """``{total: ways}`` of a unique-dice term (``u``, ``uo``), over a common denominator."""
    unique, n, sides = term.unique, term.count, term.sides
    assert unique is not None
    counted = _counted(term)
    picked = [f for f in range(1, sides + 1) if unique.picks(f)]
    width = (max(counted) - min(counted) + 1) * n
    _check_support(width)
    if unique.once:
        return _unique_once(term, counted, picked)
    m = len(picked)
    _charge(m * n * width + n * m + n * width, "unique dice")
    # chance that exactly j of the n dice land on picked faces
    chain = [Fraction(1)] + [Fraction(0)] * n
    for _ in range(n):
        nxt = [Fraction(0)] * (n + 1)
        for p, w in enumerate(chain):
            if not w:
                continue
            if m - p > 0:
                nxt[p + 1] += w * Fraction(m - p, sides - p)
            if sides - m > 0:
                nxt[p] += w * Fraction(sides - m, sides - p)
        chain = nxt
    # sums of j distinct picked faces: sets[j][total] = how many sets
    sets: list[dict[int, int]] = [{0: 1}] + [{} for _ in range(n)]
    for f in picked:
        c = counted[f - 1]
        for j in range(min(n, m), 0, -1):
            for v, ways in sets[j - 1].items():
                sets[j][v + c] = sets[j].get(v + c, 0) + ways
    others = [counted[f - 1] for f in range(1, sides + 1) if not unique.picks(f)]
    out: dict[int, Fraction] = {}
    rest: dict[int, int] = {0: 1}  # (n - j) dice on the other faces, j from n down
    for j in range(n, -1, -1):
        if j < n:
            rest = _times(rest, others)
        if chain[j] and j <= m:
            scale = chain[j] / math.comb(m, j) / Fraction(len(others)) ** (n - j)
            for a, wa in sets[j].items():
                for b, wb in rest.items():
                    out[a + b] = out.get(a + b, Fraction(0)) + scale * wa * wb
    common = math.lcm(*(x.denominator for x in out.values()))
    return {v: int(x * common) for v, x in out.items() if x}


def _times(ways: dict[int, int], faces: list[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for v, w in ways.items():
        for c in faces:
            out[v + c] = out.get(v + c, 0) + w
    return out


def _unique_once(term: Dice, counted: list[int], picked: list[int]) -> dict[int, int]:
    """``uo``: followed over the set of picked faces taken so far, each die in S**2 ways."""
    n, sides = term.count, term.sides
    index = {f: i for i, f in enumerate(picked)}
    states: dict[tuple[int, int], int] = {(0, 0): 1}  # (taken picked faces as bits, total) -> ways
    for _ in range(n):
        _charge(len(states) * sides, "unique dice rolled again once")
        nxt: dict[tuple[int, int], int] = {}
        for (taken, total), ways in states.items():
            p = taken.bit_count()
            for f in range(1, sides + 1):
                i = index.get(f)
                bit = 0 if i is None else 1 << i
                # a taken face stands only after a second roll (p of S*S); another face, first or second
                w = p if taken & bit else sides + p
                key = (taken | bit, total + counted[f - 1])
                nxt[key] = nxt.get(key, 0) + ways * w
        states = nxt
    out: dict[int, int] = {}
    for (_, total), ways in states.items():
        out[total] = out.get(total, 0) + ways
    return out
