"""Exact odds: capeworks vs icepool and dyce (the anchors), cold and warm.

Cold: a fresh Python process per question and library; the time is measured
inside it, from before the library's import to after the answer's mean is
known (interpreter start-up itself, about 15 ms, is the same for all and not
counted). Byte-code caches are allowed, as after a normal install; a warm-up
process writes them first. Warm: in one process, caches cleared each run.

Targets: under 50 ms cold for every question; no slower than the faster anchor.
Run: ``python bench/bench_odds.py``
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from _timing import per_call, table  # noqa: E402

_DYCE_KEEP = "H.from_counts((sum(r), c) for r, c in ({n} @ P({s})).rolls_with_counts(slice(-{k}, None)))"

# question -> (capeworks notation, icepool expression, dyce expression)
QUESTIONS = {
    "sum of 10d6": ("10d6", "10 @ icepool.d6", "10 @ H(6)"),
    "sum of 100d6": ("100d6", "100 @ icepool.d6", "100 @ H(6)"),
    "5+ successes in 10d6": ("10d6t5", "10 @ (icepool.d6 >= 5)", "10 @ H(6).ge(5)"),
    "5+ successes in 50d6": ("50d6t5", "50 @ (icepool.d6 >= 5)", "50 @ H(6).ge(5)"),
    "5+ successes in 200d6": ("200d6t5", "200 @ (icepool.d6 >= 5)", "200 @ H(6).ge(5)"),
    "2d6+4>=12": ("2d6+4>=12", "(2 @ icepool.d6 + 4 >= 12)", "(2 @ H(6) + 4).ge(12)"),
    "10d6 keep highest 3": ("10d6kh3", "icepool.d6.highest(10, 3)", _DYCE_KEEP.format(n=10, s=6, k=3)),
    "20d10 keep highest 5": ("20d10kh5", "icepool.d10.highest(20, 5)", _DYCE_KEEP.format(n=20, s=10, k=5)),
}

IMPORTS = {
    "capeworks": "from capeworks.dice import distribution",
    "icepool": "import icepool",
    "dyce": "from dyce import H, P",
}

COLD_RUNS = 5
TIMEOUT = 120


def _expr(lib: str, q: tuple[str, str, str]) -> str:
    if lib == "capeworks":
        return f"distribution({q[0]!r}).mean"
    if lib == "icepool":
        return f"({q[1]}).mean()"
    return f"({q[2]}).mean()"


def _cold_once(lib: str, q: tuple[str, str, str], env: dict[str, str]) -> float:
    code = (
        "import time; _t = time.perf_counter()\n"
        f"{IMPORTS[lib]}\n"
        f"_m = {_expr(lib, q)}\n"
        "print(time.perf_counter() - _t)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=TIMEOUT, check=True
    )
    return float(done.stdout.strip().splitlines()[-1])


def cold(lib: str, q: tuple[str, str, str]) -> float | None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT / "src")
    try:
        _cold_once(lib, q, env)  # warm-up: writes byte-code caches
        return statistics.median(_cold_once(lib, q, env) for _ in range(COLD_RUNS))
    except subprocess.TimeoutExpired:
        return None


def warm(lib: str, q: tuple[str, str, str]) -> float:
    import icepool
    from dyce import H, P

    from capeworks.dice import distribution, odds

    def clear() -> None:
        odds._dist_cached.cache_clear()
        odds._term_cached.cache_clear()

    namespace = {"icepool": icepool, "H": H, "P": P, "distribution": distribution}
    code = compile(_expr(lib, q), "<bench>", "eval")
    if lib == "capeworks":
        return per_call(lambda: (clear(), eval(code, namespace)), calls=3, runs=5)
    return per_call(lambda: eval(code, namespace), calls=1, runs=3)


def _ms(t: float | None) -> str:
    return "timeout" if t is None else f"{t * 1e3:.1f}"


def main() -> None:
    rows = []
    for name, q in QUESTIONS.items():
        c = {lib: cold(lib, q) for lib in IMPORTS}
        w = {lib: warm(lib, q) for lib in IMPORTS}
        best_cold = min(t for lib, t in c.items() if lib != "capeworks" and t is not None)
        best_warm = min(t for lib, t in w.items() if lib != "capeworks")
        ours_cold = c["capeworks"]
        assert ours_cold is not None
        rows.append(
            [
                name,
                _ms(ours_cold),
                _ms(c["icepool"]),
                _ms(c["dyce"]),
                f"{best_cold / ours_cold:.1f}x",
                _ms(w["capeworks"]),
                _ms(w["icepool"]),
                _ms(w["dyce"]),
                f"{best_warm / w['capeworks']:.1f}x",
            ]
        )
    print("Exact odds (milliseconds; cold = fresh process incl. import, median of 5)")
    print(
        table(
            [
                "question",
                "cold capeworks",
                "cold icepool",
                "cold dyce",
                "cold speed-up vs best anchor",
                "warm capeworks",
                "warm icepool",
                "warm dyce",
                "warm speed-up vs best anchor",
            ],
            rows,
        )
    )


if __name__ == "__main__":
    main()
