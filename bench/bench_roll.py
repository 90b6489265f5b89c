"""One roll per call: capeworks vs d20 (the anchor) and a bare Python loop with `random`.

Targets: at least 10x d20's rolls per second; within 2x of the bare loop.
d20 has no success counting; for ``10d6t5`` it runs ``10d6k>4`` (keep dice
showing 5+ and sum them), the nearest thing it has, which does the same dice work.

Run: ``python bench/bench_roll.py``
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _timing import per_call, table
from capeworks.dice import roll

CALLS = 20_000

_rr = random.Random(1).randrange
_bits = random.Random(1).getrandbits


def _fast_d6() -> int:
    r = _bits(3)
    while r >= 6:
        r = _bits(3)
    return r + 1


CASES = {
    "4d6kh3": (
        "4d6kh3",
        lambda: sum(sorted([_rr(1, 7) for _ in range(4)])[1:]),
        lambda: sum(sorted([_fast_d6() for _ in range(4)])[1:]),
    ),
    "10d6": (
        "10d6",
        lambda: sum([_rr(1, 7) for _ in range(10)]),
        lambda: sum([_fast_d6() for _ in range(10)]),
    ),
    "2d6+5": ("2d6+5", lambda: _rr(1, 7) + _rr(1, 7) + 5, lambda: _fast_d6() + _fast_d6() + 5),
    "10d6t5": (
        "10d6k>4",
        lambda: sum([_rr(1, 7) >= 5 for _ in range(10)]),
        lambda: sum([_fast_d6() >= 5 for _ in range(10)]),
    ),
}


def main() -> None:
    try:
        import d20
    except ImportError:  # `make bench` installs it; without it the d20 columns say so
        d20 = None

    rows = []
    for text, (d20_text, bare, bare_fast) in CASES.items():
        ours = per_call(lambda t=text: roll(t).total, calls=CALLS)
        theirs = (
            float("nan") if d20 is None else per_call(lambda t=d20_text: d20.roll(t).total, calls=CALLS // 10)
        )
        loop = per_call(bare, calls=CALLS)
        loop_fast = per_call(bare_fast, calls=CALLS)
        rows.append(
            [
                text,
                f"{ours * 1e6:.2f}",
                f"{theirs * 1e6:.1f}",
                f"{theirs / ours:.1f}x",
                f"{loop * 1e6:.2f}",
                f"{ours / loop:.2f}",
                f"{loop_fast * 1e6:.2f}",
                f"{ours / loop_fast:.2f}",
            ]
        )
    print("One roll per call (microseconds per roll, median of 5 runs)")
    print(
        table(
            [
                "expression",
                "capeworks µs",
                "d20 µs",
                "speed vs d20 (target ≥10x)",
                "bare randrange µs",
                "capeworks / bare (target ≤2)",
                "bare getrandbits µs",
                "capeworks / fastest bare",
            ],
            rows,
        )
    )


if __name__ == "__main__":
    main()
