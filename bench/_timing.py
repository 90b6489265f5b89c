"""Shared timing helpers for the benchmarks: median of several runs, perf_counter."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def per_call(fn: Callable[[], object], *, calls: int, runs: int = 5) -> float:
    """Median seconds per call of ``fn`` over ``runs`` runs of ``calls`` calls."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - start) / calls)
    return statistics.median(times)


def table(headers: list[str], rows: list[list[str]]) -> str:
    """A plain fixed-width text table (also valid Markdown)."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"  # noqa: E731
    sep = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(headers), sep, *(line(r) for r in rows)])
