"""Bulk rolls: capeworks.dice.roll_many vs raw NumPy generating and reducing the same dice.

Target: within 2x of raw NumPy. Run: ``python bench/bench_bulk.py``
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _timing import per_call, table
from capeworks.dice import roll_many

N = 1_000_000
rng = np.random.default_rng(1)


def _raw_4d6kh3() -> object:
    return np.sort(rng.integers(1, 7, size=(N, 4)), axis=1)[:, 1:].sum(axis=1)


CASES = {
    "4d6kh3": _raw_4d6kh3,
    "10d6": lambda: rng.integers(1, 7, size=(N, 10)).sum(axis=1),
    "2d6+5": lambda: rng.integers(1, 7, size=(N, 2)).sum(axis=1) + 5,
    "10d6t5": lambda: (rng.integers(1, 7, size=(N, 10)) >= 5).sum(axis=1),
}


def main() -> None:
    rows = []
    for text, raw in CASES.items():
        ours = per_call(lambda t=text: roll_many(t, N, rng=rng), calls=1, runs=7)
        base = per_call(raw, calls=1, runs=7)
        rows.append([text, f"{ours * 1e3:.1f}", f"{base * 1e3:.1f}", f"{ours / base:.2f}"])
    print(f"{N:,} rolls per call (milliseconds, median of 7 runs)")
    print(table(["expression", "roll_many ms", "raw NumPy ms", "ratio (target ≤2)"], rows))


if __name__ == "__main__":
    main()
