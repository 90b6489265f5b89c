"""Exact odds: capeworks beside icepool (the anchor), cold and warm, reported as ratios.

Every question is asked of both libraries in its own words (icepool's spelling
written by hand, or generated beside ours for the random ones), and both
answers are checked to agree before anything is timed.

Cold: a fresh Python process per question and library; the time is measured
inside it, from before the library's import to after the answer's mean is
known (interpreter start-up itself is the same for both and not counted).
Byte-code caches are allowed, as after a normal install; a warm-up process
writes them first. Warm: the same process then answers again, median of three;
capeworks' caches are cleared before each call, icepool's own caches are left
alone (which can only favour it). Each process has a time limit; a library
past it is reported as timed out. Both libraries' exact means must agree.

Target (issue 11): no slower than icepool on any question, cold and warm;
the ratio column is icepool's time over ours (above 1 means capeworks is faster).
Run: ``python bench/bench_odds.py [--quick] [EXPRESSION ...]`` (expressions: only those rows)
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from _timing import table  # noqa: E402

# capeworks notation -> icepool expression (icepool imported as `icepool`)
LISTED = {
    # issue 11: refused before, answered by icepool in milliseconds
    "11d20dl1": "icepool.d20.highest(11, 10)",
    "12d20dl2": "icepool.d20.highest(12, 10)",
    "20d20kh10": "icepool.d20.highest(20, 10)",
    "50d6dl1": "icepool.d6.highest(50, 49)",
    "100d2dl1": "icepool.d2.highest(100, 99)",
    "8d100dl2": "icepool.d100.highest(8, 6)",
    "1000d12": "1000 @ icepool.d12",
    "200d200": "200 @ icepool.d(200)",
    "1000d300kh1": "icepool.d(300).highest(1000, 1)",
    "max(1d6, 300000)": "icepool.highest(icepool.d6, icepool.Die([300000]))",
    "min(2d6, 999999)": "icepool.lowest(2 @ icepool.d6, icepool.Die([999999]))",
    "max(max(8d10*8d10, 8d10*8d10), 8d10*8d10)": (
        "icepool.highest(icepool.highest((8 @ icepool.d10) * (8 @ icepool.d10),"
        " (8 @ icepool.d10) * (8 @ icepool.d10)), (8 @ icepool.d10) * (8 @ icepool.d10))"
    ),
    # the earlier benchmark's questions
    "10d6": "10 @ icepool.d6",
    "100d6": "100 @ icepool.d6",
    "10d6t5": "10 @ (icepool.d6 >= 5)",
    "200d6t5": "200 @ (icepool.d6 >= 5)",
    "2d6+4>=12": "(2 @ icepool.d6 + 4 >= 12)",
    "10d6kh3": "icepool.d6.highest(10, 3)",
    "20d10kh5": "icepool.d10.highest(20, 5)",
    # notation v2
    "{d8,d6,d10}kh2": "icepool.Pool([icepool.d8, icepool.d6, icepool.d10]).highest(2).sum()",
    "{d12,d10,d8,d8,d6}kh3kl1": (
        "icepool.Pool([icepool.d12, icepool.d10, icepool.d8, icepool.d8, icepool.d6])[2:3].sum()"
    ),
    "5d10kh3kl2": "icepool.d10.pool(5)[2:4].sum()",
    "6d10>=8": "6 @ (icepool.d10 >= 8)",
    "4dF": "4 @ (icepool.d3 - 2)",
    "3d6!": "3 @ icepool.d6.explode(depth=15)",
    "10d10!!kh3": "icepool.d10.explode(depth=12).highest(10, 3)",
    "4d6r": "4 @ icepool.d6.reroll([1], depth='inf')",
    "2d10r1r2": "2 @ icepool.d10.reroll([1, 2], depth='inf')",
    "4d6min2max5kh3": "icepool.d6.map(lambda f: min(max(f, 2), 5)).highest(4, 3)",
    "3d6/2": "(3 @ icepool.d6) // 2",
    # notation v3 (issue 20): one question per new form; icepool's depth is capeworks' odds_depth
    "5d10!>=8": "5 @ icepool.d10.explode([8, 9, 10], depth=23)",
    "4d6!!>=5kh3": "icepool.d6.explode([5, 6], depth=25).highest(4, 3)",
    "2d12!!<=2": "2 @ icepool.d12.explode([1, 2], depth=15)",
    "3d6xo": "3 @ icepool.d6.explode(depth=1)",
    "ceil(1+3d6/2)": "icepool.map(lambda x: -(-(2 + x) // 2), 3 @ icepool.d6)",
    "round(4d6/3)": "icepool.map(lambda x: (2 * x + 3) // 6, 4 @ icepool.d6)",
    "2d20kh": "icepool.d20.highest(2, 1)",
    "10d6/(1d2*2-3)": "(10 @ icepool.d6) // (icepool.d2 * 2 - 3)",
    "4d6%5": "icepool.map(lambda x: x % 5, 4 @ icepool.d6)",
    "1d6**1d3": "icepool.map(lambda x, y: x**y, icepool.d6, icepool.d3)",
    # notation v3, the peers' remaining spellings: computed dice, d20's keep/drop by value, failures
    "(1d4)d6": "icepool.d4.map(lambda c: c @ icepool.d6)",
    "(2d4)d10kh2": "(2 @ icepool.d4).map(lambda c: icepool.d10.highest(c, 2))",
    "4d6k>3": "4 @ icepool.d6.map(lambda f: f if f > 3 else 0)",
    "8d6kh3p<3": "icepool.d6.map(lambda f: f if f >= 3 else 0).highest(8, 3)",
    "6d10>=8f1": "6 @ icepool.d10.map(lambda f: int(f >= 8) - int(f == 1))",
    # d20's reroll and add: one more die when any die shows 1
    "4d6ra1": "icepool.d6.pool(4).expand().map(lambda fs: sum(fs) + (icepool.d6 if 1 in fs else 0))",
    # rpg-dice-roller's unique dice: four different faces of a d6, as icepool deals cards
    "4d6u": "icepool.Deck(range(1, 7)).deal(4).sum()",
    # Foundry VTT's counts and margin of success
    "6d6even": "6 @ icepool.d6.map(lambda f: int(f % 2 == 0))",
    "8d4df<3": "8 @ icepool.d4.map(lambda f: -1 if f < 3 else f)",
    "8d4sf<3": "8 @ icepool.d4.map(lambda f: -f if f < 3 else f)",
    "6d6ms>12": "6 @ icepool.d6 - 12",
    # rpg-dice-roller's Fudge variant
    "8dF.1": "8 @ icepool.Die({-1: 1, 0: 4, 1: 1})",
    # Foundry's computed die sizes: the size rolled first, then the dice
    "1d(1d20)": "icepool.d20.map(lambda s: icepool.d(s))",
    "(1d20*2)d(1d10)": "(icepool.d20 * 2).map(lambda n: icepool.d10.map(lambda s: n @ icepool.d(s)))",
    # Roll20's count inside a group: how many roll totals are 12+, then of the two highest
    "{4d6, 3d8, 2d10}>=12": "(4 @ icepool.d6 >= 12) + (3 @ icepool.d8 >= 12) + (2 @ icepool.d10 >= 12)",
    "{4d6, 3d8, 2d10}kh2>=12": (
        "icepool.Pool([4 @ icepool.d6, 3 @ icepool.d8, 2 @ icepool.d10]).expand()"
        ".map(lambda t: sum(x >= 12 for x in t[1:]))"
    ),
}

RANDOM_COUNT = 20


def _random_term(rng: random.Random) -> tuple[str, str]:
    n, s = rng.randint(1, 30), rng.choice([4, 6, 8, 10, 12, 20])
    kind = rng.choice(["sum", "sum", "kh", "kl", "dl", "t"])
    if kind == "sum" or n == 1:
        return f"{n}d{s}", f"({n} @ icepool.d{s})"
    if kind == "t":
        t = rng.randint(2, s)
        return f"{n}d{s}t{t}", f"({n} @ (icepool.d{s} >= {t}))"
    k = rng.randint(1, n - 1)
    if kind == "kh":
        return f"{n}d{s}kh{k}", f"icepool.d{s}.highest({n}, {k})"
    if kind == "kl":
        return f"{n}d{s}kl{k}", f"icepool.d{s}.lowest({n}, {k})"
    return f"{n}d{s}dl{k}", f"icepool.d{s}.highest({n}, {n - k})"


def random_questions(count: int, *, seed: int = 11) -> dict[str, str]:
    """``count`` random expressions of one to three terms, in both spellings."""
    rng = random.Random(seed)
    out: dict[str, str] = {}
    while len(out) < count:
        ours, theirs = _random_term(rng)
        for _ in range(rng.randint(0, 2)):
            op = rng.choice(["+", "-", "max", "min"])
            a, b = _random_term(rng)
            if op in ("+", "-"):
                ours, theirs = f"{ours}{op}{a}", f"({theirs} {op} {b})"
            else:
                fn = "highest" if op == "max" else "lowest"
                ours, theirs = f"{op}({ours}, {a})", f"icepool.{fn}({theirs}, {b})"
        out[ours] = theirs
    return out


COLD_RUNS = 3
TIMEOUT = 60

#: what each library answers first in the warm process, so imports and start-up caches are done
_WARM_UP = {
    "capeworks": "distribution('3d6kh2+1d4').mean",
    "icepool": "(icepool.d6.highest(3, 2) + icepool.d4).mean()",
}


def _code(lib: str, ours: str, theirs: str) -> tuple[str, str]:
    if lib == "capeworks":
        return "from capeworks.dice import distribution", f"distribution({ours!r}).mean"
    return "import icepool", f"({theirs}).mean()"


def _run(code: str, env: dict[str, str]) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=TIMEOUT, check=True
    )
    return done.stdout.strip().splitlines()[-1].split(" ", 1)


def _once(lib: str, ours: str, theirs: str, env: dict[str, str]) -> tuple[float, float, str]:
    """(cold seconds incl. import, warm seconds, the exact mean), each from a fresh process.

    Warm is the first answer to this question in a process that has already
    imported the library and answered another question: no answer is cached.
    """
    imports, expr = _code(lib, ours, theirs)
    head = "import sys, time\nsys.setrecursionlimit(100000)  # icepool recurses deeply on large sums\n"
    answer = f"_m = {expr}\nprint(time.perf_counter() - _t, repr(_m))\n"
    cold_s, mean = _run(head + f"_t = time.perf_counter()\n{imports}\n" + answer, env)
    warm_s, _ = _run(head + f"{imports}\n{_WARM_UP[lib]}\n_t = time.perf_counter()\n" + answer, env)
    return float(cold_s), float(warm_s), mean


def measure(lib: str, ours: str, theirs: str, runs: int) -> tuple[float | None, float | None, str | None]:
    """Median cold and warm times over ``runs`` fresh processes (after one that writes byte-code caches)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT / "src")
    try:
        _once(lib, ours, theirs, env)  # writes byte-code caches
        got = [_once(lib, ours, theirs, env) for _ in range(runs)]
    except subprocess.TimeoutExpired:
        return None, None, None
    return statistics.median(g[0] for g in got), statistics.median(g[1] for g in got), got[0][2]


def _ms(t: float | None) -> str:
    return "timeout" if t is None else f"{t * 1e3:.2f}"


def _ratio(anchor: float | None, ours: float | None) -> str:
    if ours is None:
        return "timeout"
    if anchor is None:
        return "anchor timed out"
    return f"{anchor / ours:.1f}x"


def main() -> None:
    quick = "--quick" in sys.argv
    questions = {**LISTED, **random_questions(RANDOM_COUNT)}
    only = [a for a in sys.argv[1:] if not a.startswith("--")]
    if only:  # re-measure a few questions: python bench/bench_odds.py 4dF 10d6t5
        questions = {q: questions[q] for q in only}
    rows = []
    slower = []
    for ours, theirs in questions.items():
        runs = 1 if quick else COLD_RUNS
        got = {lib: measure(lib, ours, theirs, runs) for lib in ("capeworks", "icepool")}
        c = {lib: t[0] for lib, t in got.items()}
        w = {lib: t[1] for lib, t in got.items()}
        means = {lib: t[2] for lib, t in got.items()}
        if None not in means.values():  # both answered: the exact means must agree
            assert Fraction(eval(means["capeworks"], {"Fraction": Fraction})) == Fraction(
                eval(means["icepool"], {"Fraction": Fraction})
            ), (ours, means)
        cold_ratio, warm_ratio = _ratio(c["icepool"], c["capeworks"]), _ratio(w["icepool"], w["capeworks"])
        pairs = (("cold", c["icepool"], c["capeworks"]), ("warm", w["icepool"], w["capeworks"]))
        for kind, anchor, mine in pairs:
            if mine is None or (anchor is not None and mine > anchor):
                slower.append(f"{ours} ({kind})")
        rows.append(
            [
                f"`{ours}`",
                _ms(c["capeworks"]),
                _ms(c["icepool"]),
                cold_ratio,
                _ms(w["capeworks"]),
                _ms(w["icepool"]),
                warm_ratio,
            ]
        )
        print(" | ".join(rows[-1]), file=sys.stderr, flush=True)  # progress
    runs = 1 if quick else COLD_RUNS
    print(f"Exact odds (ms; cold: fresh process incl. import; median of {runs}; ratio = icepool / capeworks)")
    headers = ["expression", "cold capeworks", "cold icepool", "cold ratio", "warm capeworks", "warm icepool"]
    print(table([*headers, "warm ratio"], rows))
    print(f"\nSlower than icepool: {', '.join(slower) if slower else 'none'}")


if __name__ == "__main__":
    main()
