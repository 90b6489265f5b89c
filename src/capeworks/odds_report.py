"""A bounded report of exact odds: summary, quantiles and the likeliest outcomes, not every one.

Listing every outcome of a wide distribution is the expensive part of exact odds
(``300d100``: 29,701 outcomes, each a fraction of ~600-digit numbers, 34 MB of
JSON and seconds of reducing fractions), while a person or a chart needs the
shape: the mean, the spread, a few quantiles and the likeliest contiguous run of
outcomes. The CLI (``capeworks odds``) and the server (``/api/dice/odds``) both
answer with this report; the whole table is listed only on request.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Final

from capeworks.dice import Distribution

__all__ = ["QUANTILES", "listing_bytes", "odds_report"]

#: the quantiles reported, in percent: the smallest outcome at which at least that share is reached
QUANTILES: Final = (1, 5, 25, 50, 75, 95, 99)


def listing_bytes(dist: Distribution, outcomes: int) -> int:
    """About how many bytes of JSON listing ``outcomes`` outcomes costs (exact fractions and floats)."""
    digits = int(dist.denominator.bit_length() * math.log10(2)) + 1
    return outcomes * (2 * digits + 48)


def _window(counts: list[int], size: int) -> int:
    """The start of the ``size`` consecutive outcomes holding the most probability."""
    if size >= len(counts):
        return 0
    run = sum(counts[:size])
    best, start = run, 0
    for i in range(size, len(counts)):
        run += counts[i] - counts[i - size]
        if run > best:
            best, start = run, i - size + 1
    return start


def _binned(
    keys: list[int], small: list[int], whole: int, low: int, high: int, count: int
) -> list[list[float]]:
    """``count`` equal runs of outcomes from ``low`` to ``high`` and the chance of each: [first, last, p]."""
    width = max(1, -(-(high - low + 1) // count))
    out: list[list[float]] = []
    totals: dict[int, int] = {}
    for k, c in zip(keys, small, strict=True):
        if low <= k <= high:
            totals[(k - low) // width] = totals.get((k - low) // width, 0) + c
    for i in range(-(-(high - low + 1) // width)):
        first = low + i * width
        out.append([first, min(high, first + width - 1), totals.get(i, 0) / whole])
    return out


def odds_report(
    expression: str, dist: Distribution, *, outcomes: int | None = None, bins: int = 0
) -> dict[str, Any]:
    """The report: ``expression``, ``distribution`` (exact ``"p/q"``) and ``probabilities`` (floats)
    for the listed outcomes, ``mean``, ``stdev``; then ``outcomes`` (how many are possible), ``min``,
    ``max``, ``quantiles`` and, when not all are listed, ``shown`` (the first and last listed).
    ``outcomes=None`` lists every outcome. ``bins`` (when not all are listed) adds ``bins``: the
    middle 98% (1st to 99th percentile) in that many equal runs, each [first, last, chance], so a
    chart can draw the whole shape of a wide distribution in its width."""
    table = dist.counts
    keys = list(table)
    d = dist.denominator
    # the shape (window, mean, spread, quantiles) from counts cut to 62 bits: exact big-integer sums
    # over tens of thousands of outcomes cost more than the listing itself
    shift = max(0, d.bit_length() - 62)
    small = [table[k] >> shift for k in keys]
    whole = sum(small)
    size = len(keys) if outcomes is None else max(1, min(outcomes, len(keys)))
    start = _window(small, size)
    listed = keys[start : start + size]
    exact = {k: Fraction(table[k], d) for k in listed}
    mean = sum(k * c for k, c in zip(keys, small, strict=True)) / whole
    spread = sum((k - mean) ** 2 * c for k, c in zip(keys, small, strict=True)) / whole
    report: dict[str, Any] = {
        "expression": expression,
        "distribution": {str(k): f"{p.numerator}/{p.denominator}" for k, p in exact.items()},
        "probabilities": {str(k): table[k] / d for k in listed},
        "mean": mean,
        "stdev": math.sqrt(spread),
    }
    if dist.remainder:
        report["remainder"] = f"{dist.remainder.numerator}/{dist.remainder.denominator}"
    report["outcomes"] = len(keys)
    report["min"], report["max"] = dist.min, dist.max
    quantiles: dict[str, int] = {}
    running, wanted = 0, list(QUANTILES)
    for k, c in zip(keys, small, strict=True):
        running += c
        while wanted and running * 100 >= wanted[0] * whole:
            quantiles[str(wanted.pop(0))] = k
    report["quantiles"] = quantiles
    if size < len(keys):
        report["shown"] = [listed[0], listed[-1]]
        if bins > 0 and all(isinstance(k, int) for k in keys):
            report["bins"] = _binned(keys, small, whole, quantiles["1"], quantiles["99"], bins)
    return report
