"""What many fights add up to: integer tallies that merge in any order, and the figures drawn from them.

A :class:`Summary` holds only counts and integer sums (and sums of squares), so
the totals of a run are the same whichever runner played it, in whatever
chunks, on however many workers. :func:`figures` turns one into the reported
numbers, each with its 95% interval (:mod:`capeworks.lab.stats`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from capeworks.lab.play import Result
from capeworks.lab.stats import mean_interval, wilson

__all__ = ["Summary", "figures"]


@dataclass
class Summary:
    """Tallies over fights between ``sides`` sides."""

    sides: int
    n: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    timeouts: int = 0
    rounds: Counter[int] = field(default_factory=Counter)
    #: per side: fights in which every one of its characters ended out of the fight
    out: list[int] = field(default_factory=list)
    #: per side: fights in which at least one of its characters died
    deaths: list[int] = field(default_factory=list)
    #: (side, number) -> [sum, sum of squares] over fights of the side's characters' totals
    numbers: dict[tuple[int, str], list[int]] = field(default_factory=dict)
    #: (side, number) -> histogram of the side's per-fight total
    histograms: dict[tuple[int, str], Counter[int]] = field(default_factory=dict)
    #: "winner:rounds" -> fights (winner ``None`` for a draw): the joint distribution
    outcomes: Counter[str] = field(default_factory=Counter)
    moves: int = 0
    dice: int = 0

    def __post_init__(self) -> None:
        for name in ("wins", "out", "deaths"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.sides)

    def add(self, result: Result, times: int = 1) -> None:
        """Count one fight (or ``times`` fights that ended alike)."""
        o = result.outcome
        self.n += times
        self.moves += result.moves * times
        self.dice += result.dice * times
        self.rounds[o.rounds] += times
        self.outcomes[f"{o.winner}:{o.rounds}"] += times
        if o.winner is None:
            self.draws += times
        else:
            self.wins[o.winner] += times
        if o.timed_out:
            self.timeouts += times
        for side in range(self.sides):
            mine = [t for t in o.tallies.values() if t.side == side]
            if mine and all(t.out for t in mine):
                self.out[side] += times
            if any(t.dead for t in mine):
                self.deaths[side] += times
            names = sorted({k for t in mine for k in t.numbers})
            for name in names:
                total = int(sum(t.numbers.get(name, 0) for t in mine))
                acc = self.numbers.setdefault((side, name), [0, 0])
                acc[0] += total * times
                acc[1] += total * total * times
                self.histograms.setdefault((side, name), Counter())[total] += times

    def merge(self, other: Summary) -> None:
        """Add another summary's tallies to this one."""
        self.n += other.n
        self.moves += other.moves
        self.dice += other.dice
        self.draws += other.draws
        self.timeouts += other.timeouts
        self.rounds.update(other.rounds)
        self.outcomes.update(other.outcomes)
        for i in range(self.sides):
            self.wins[i] += other.wins[i]
            self.out[i] += other.out[i]
            self.deaths[i] += other.deaths[i]
        for key, (s, q) in other.numbers.items():
            acc = self.numbers.setdefault(key, [0, 0])
            acc[0] += s
            acc[1] += q
        for key, hist in other.histograms.items():
            self.histograms.setdefault(key, Counter()).update(hist)

    def to_dict(self) -> dict[str, Any]:
        """The raw tallies, JSON-ready (keys as strings)."""
        return {
            "n": self.n,
            "wins": self.wins,
            "draws": self.draws,
            "timeouts": self.timeouts,
            "rounds": {str(k): v for k, v in sorted(self.rounds.items())},
            "outcomes": dict(sorted(self.outcomes.items())),
            "out": self.out,
            "deaths": self.deaths,
            "numbers": {f"{s}:{k}": v for (s, k), v in sorted(self.numbers.items())},
            "histograms": {
                f"{s}:{k}": {str(x): c for x, c in sorted(h.items())}
                for (s, k), h in sorted(self.histograms.items())
            },
            "moves": self.moves,
            "dice": self.dice,
        }


def figures(summary: Summary, names: list[str]) -> dict[str, Any]:
    """The reported numbers: win, draw, out and death rates (Wilson), means (t), the rounds distribution."""
    n = summary.n
    rounds_total = sum(r * c for r, c in summary.rounds.items())
    rounds_sq = sum(r * r * c for r, c in summary.rounds.items())
    sides = []
    for i, name in enumerate(names):
        means = {
            key: mean_interval(s, q, n).to_dict()
            for (side, key), (s, q) in sorted(summary.numbers.items())
            if side == i
        }
        sides.append(
            {
                "side": i,
                "name": name,
                "win": wilson(summary.wins[i], n).to_dict(),
                "out": wilson(summary.out[i], n).to_dict(),
                "death": wilson(summary.deaths[i], n).to_dict(),
                "means": means,
            }
        )
    return {
        "fights": n,
        "sides": sides,
        "draw": wilson(summary.draws, n).to_dict(),
        "timeout": wilson(summary.timeouts, n).to_dict(),
        "rounds": {
            "mean": mean_interval(rounds_total, rounds_sq, n).to_dict(),
            "distribution": {str(r): wilson(c, n).to_dict() for r, c in sorted(summary.rounds.items())},
        },
        "moves_per_fight": summary.moves / n if n else 0.0,
        "dice_per_fight": summary.dice / n if n else 0.0,
    }
