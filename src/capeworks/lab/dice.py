"""Sampled odds of dice notation: where exact odds are out of reach, many rolls with error bars.

Exact odds (:func:`capeworks.dice.distribution`) refuse a question past their budget (``100d6!``,
hundreds of exploding dice). Here the same notation is rolled ``n`` times as NumPy arrays
(:func:`capeworks.dice.roll_many`, the dice library's own evaluation) and each outcome's share,
the chance of at least it and the mean are reported with 95% intervals (Wilson for shares, Student's
t for the mean). The same seed gives the same answer: rolls are drawn in fixed chunks from one
``numpy.random.Generator``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from capeworks.dice.expr import Expr
from capeworks.dice.notation import parse
from capeworks.errors import InvalidCommand
from capeworks.lab.stats import Interval, mean_interval, wilson

__all__ = ["CHUNK", "MAX_SAMPLES", "SampledOdds", "checked", "sample_odds"]

#: rolls drawn per step (the progress bar's unit of work; part of what a seed reproduces)
CHUNK = 100_000
#: most rolls one question may ask for
MAX_SAMPLES = 100_000_000


@dataclass(frozen=True)
class SampledOdds:
    """``n`` rolls of one expression: how often each total came up."""

    expression: str
    n: int
    seed: int
    counts: dict[int, int]
    total: float
    squares: float

    def share(self, outcome: int) -> Interval:
        """The share of rolls that came to ``outcome``, with its Wilson interval."""
        return wilson(self.counts.get(outcome, 0), self.n)

    def at_least(self, outcome: int) -> Interval:
        """The share of rolls that came to ``outcome`` or more, with its Wilson interval."""
        return wilson(sum(c for k, c in self.counts.items() if k >= outcome), self.n)

    @property
    def mean(self) -> Interval:
        return mean_interval(self.total, self.squares, self.n)

    @property
    def stdev(self) -> float:
        if self.n < 2:
            return 0.0
        return float(max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1)) ** 0.5)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: each outcome's count, share and at-least share, each share with its interval."""
        at_least, outcomes = self.n, []
        for k in sorted(self.counts):
            outcomes.append(
                {
                    "outcome": k,
                    "count": self.counts[k],
                    "share": self.share(k).to_dict(),
                    "at_least": wilson(at_least, self.n).to_dict(),
                }
            )
            at_least -= self.counts[k]
        return {
            "expression": self.expression,
            "n": self.n,
            "seed": self.seed,
            "mean": self.mean.to_dict(),
            "stdev": self.stdev,
            "outcomes": outcomes,
        }


def checked(expression: str | Expr, n: int) -> Expr:
    """The parsed expression, after checking ``n``: one sentence for bad notation or a bad count."""
    if not 1 <= n <= MAX_SAMPLES:
        raise InvalidCommand(f"Ask for between 1 and {MAX_SAMPLES:,} rolls, not {n:,}.")
    return parse(expression) if isinstance(expression, str) else expression


def sample_odds(
    expression: str | Expr, n: int, *, seed: int = 1, progress: Callable[[int], None] | None = None
) -> SampledOdds:
    """Roll ``expression`` ``n`` times with a generator seeded ``seed``; ``progress(k)`` after each chunk."""
    import numpy as np

    from capeworks.dice.bulk import roll_many

    expr = checked(expression, n)
    rng = np.random.default_rng(seed)
    counts: dict[int, int] = {}
    total = squares = 0.0
    for start in range(0, n, CHUNK):
        rolls = roll_many(expr, min(CHUNK, n - start), rng=rng)
        values, seen = np.unique(rolls, return_counts=True)
        for v, c in zip(values.tolist(), seen.tolist(), strict=True):
            counts[v] = counts.get(v, 0) + c
        as_float = rolls.astype(np.float64)
        total += float(as_float.sum())
        squares += float((as_float * as_float).sum())
        if progress is not None:
            progress(len(rolls))
    return SampledOdds(
        expression=str(expr),
        n=n,
        seed=seed,
        counts=dict(sorted(counts.items())),
        total=total,
        squares=squares,
    )
