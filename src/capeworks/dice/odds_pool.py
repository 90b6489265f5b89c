"""Exact odds of dice whose rule looks at the whole pool at once: d20's ``ra`` (reroll and add).

``NdSra1`` rolls N dice and, when any of them is picked out, one more die,
added as a die of its own. With M(x) the ways one die that is not picked out
counts (its face, or its part of a success count) and A(x) the ways of any
die, the N dice come to A**N, of which M**N pick nothing out; so over
S**(N+1) the term comes to ``S * M**N + (A**N - M**N) * A``.
"""

from __future__ import annotations

from capeworks.dice.expr import Dice
from capeworks.dice.odds_poly import _charge, _poly_mul, _poly_pow

__all__ = ["added_counts"]


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
