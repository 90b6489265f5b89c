"""The Benchmarks table (BPB-BENCH-001): rank -> what it lifts, how far it throws, what it affects.

Read from ``benchmarks.json`` beside this module (its ``source`` says which
values come from the chapter and which are ours). Range bands (BPB-RANGE),
throws (BPB-GRAB-008) and slams (BPB-XS-005) look up here.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from capeworks.engine.kit import Frozen

__all__ = ["Bench", "affects_ft", "band_of", "benchmarks", "extra_bands", "lifts_rank", "throws_ft"]


class Bench(Frozen):
    """One row of the Benchmarks table."""

    rank: int
    lifts_lb: int
    throws_ft: int
    affects_ft: int


@cache
def benchmarks() -> tuple[Bench, ...]:
    """Every row, rank 0 upwards."""
    text = resources.files("capeworks.systems.bpb").joinpath("benchmarks.json").read_text(encoding="utf-8")
    return tuple(Bench.model_validate(r) for r in json.loads(text)["ranks"])


def _row(rank: int) -> Bench:
    rows = benchmarks()
    return rows[max(0, min(rank, len(rows) - 1))]


def affects_ft(rank: int) -> int:
    """BPB-RANGE-001: the effective range of a rank (ranks past the table read its last row)."""
    return _row(rank).affects_ft


def throws_ft(rank: int) -> int:
    """The "Throws" distance of a rank."""
    return _row(rank).throws_ft


def lifts_rank(weight_lb: int) -> int:
    """BPB-GRAB-008: the rank whose "Lifts" weight is nearest (an exact midpoint takes the lower rank)."""
    return min(benchmarks(), key=lambda b: (abs(b.lifts_lb - weight_lb), b.rank)).rank


def band_of(distance_ft: int) -> int:
    """BPB-RANGE-003 (PROPOSED): the smallest rank whose Affects distance reaches ``distance_ft``."""
    for b in benchmarks():
        if b.affects_ft >= distance_ft:
            return b.rank
    return benchmarks()[-1].rank + 1


def extra_bands(weapon_band: int, distance_ft: int) -> int:
    """Bands beyond the weapon's own (each +3 to the defender, BPB-RANGE-003)."""
    return max(0, band_of(distance_ft) - weapon_band)
