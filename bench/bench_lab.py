"""The playtest lab's speed: Weaverdice duels per second beside the raw NumPy d6 rate, odds-table times.

What `capeworks lab fight` runs, measured as the user runs it: Ramjet against
Steeltoe under the lab's ``sensible`` policy, every move through ``Table``
(full rules, no store, no text), on one core (in-process) and on all cores
(the local process runner). The anchor, in the same process, is the raw NumPy
d6 rate (``Generator.integers(1, 7, size=...)``): the report gives duels per
second, dice consumed per second and both as a share of the raw rate, and the
projected time for 1,000,000 duels against the issue's 60 s target. The lab
fast path (``--fast``) plays the duels the NumPy duel kernel covers
(:mod:`capeworks.lab.kernel`: Ramjet vs Steeltoe included) as arrays, and
draws other fights small enough to enumerate from the exact chain.

Also: the time to build each system's full default odds table, and the exact
chain of a thug duel. The machine's load average is printed first: other
work on the machine slows every figure alike, so read the ratios.

    python bench/bench_lab.py
    python bench/bench_lab.py --quick          # fewer duels
    python bench/bench_lab.py --profile        # where a duel's time goes, by module
    python bench/bench_lab.py --kernel         # the duel kernel's rates only
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import time
from collections import defaultdict

import numpy as np

from _timing import table
from capeworks.lab.odds import odds_table
from capeworks.lab.runner import fight_of, run_fights
from capeworks.lab.spec import FightSpec, load_side

SIDES = ["sample:ramjet", "sample:steeltoe"]


def spec(n: int, seed: int = 1, sides: list[str] = SIDES, max_rounds: int = 20) -> FightSpec:
    """The benchmark duel."""
    return FightSpec.model_validate(
        {"sides": [load_side(s).model_dump() for s in sides], "n": n, "seed": seed, "max_rounds": max_rounds}
    )


def raw_d6_rate(size: int = 10_000_000, runs: int = 5) -> float:
    """d6 faces per second from NumPy's default generator on one core (median of ``runs``)."""
    rng = np.random.default_rng(1)
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        rng.integers(1, 7, size=size, dtype=np.int8)
        rates.append(size / (time.perf_counter() - start))
    return statistics.median(rates)


def duel_rates(duels_one: int, duels_all: int) -> list[list[str]]:
    """Duels/s and dice/s on one core and on all cores, beside the raw d6 rate measured between them."""
    fight_of(spec(1))  # warm the caches the runs share (samples, policies, config)
    raw_before = raw_d6_rate()
    one = run_fights(spec(duels_one), workers=1)
    cores = os.cpu_count() or 1
    every = run_fights(spec(duels_all, seed=2), workers=cores)
    raw_after = raw_d6_rate()
    raw = (raw_before + raw_after) / 2
    rows = []
    for label, run in (("plain, 1 core (in-process)", one), (f"plain, {cores} cores (processes)", every)):
        duels_s = run.summary.n / run.seconds
        dice_s = run.summary.dice / run.seconds
        rows.append(
            [
                label,
                f"{run.summary.n:,}",
                f"{duels_s:,.0f}",
                f"{run.summary.dice / run.summary.n:.1f}",
                f"{dice_s:,.0f}",
                f"{raw:,.0f}",
                f"{dice_s / raw:.2e}",
                f"{1_000_000 / duels_s:,.0f} s",
            ]
        )
    return rows


def odds_times() -> list[list[str]]:
    """Seconds to build each system's full default odds table (cold: fresh caches in a fresh process are
    not guaranteed, so the first build here is reported, then the median of three rebuilds)."""
    from capeworks.systems.weaverdice.odds import total_distribution

    rows = []
    for system in ("weaverdice", "rwyn", "capes", "bpb", "workshop"):
        total_distribution.cache_clear()
        start = time.perf_counter()
        t = odds_table(system, **({"morale": tuple(range(-4, 5))} if system == "weaverdice" else {}))
        first = time.perf_counter() - start
        again = []
        for _ in range(3):
            start = time.perf_counter()
            odds_table(system, **({"morale": tuple(range(-4, 5))} if system == "weaverdice" else {}))
            again.append(time.perf_counter() - start)
        rows.append(
            [system, f"{len(t.rows):,}", f"{first * 1000:,.0f}", f"{statistics.median(again) * 1000:,.0f}"]
        )
    return rows


def fast_path() -> list[list[str]]:
    """A thug duel (two rounds): 1,000,000 duels on the fast path (the exact chain built, then one
    multinomial draw) beside the plain path's rate on the same fight, and the raw d6 rate."""
    from capeworks.lab.fast import _CHAINS, chain_size, run_fast

    thugs = ["sample:thug", "sample:thug"]
    _CHAINS.clear()
    start = time.perf_counter()
    run = run_fast(spec(1_000_000, sides=thugs, max_rounds=2))
    total = time.perf_counter() - start
    again = run_fast(spec(1_000_000, seed=2, sides=thugs, max_rounds=2))
    size = chain_size(spec(1, sides=thugs, max_rounds=2))
    plain = run_fights(spec(300, sides=thugs, max_rounds=2), workers=1)
    plain_rate = plain.summary.n / plain.seconds
    raw = raw_d6_rate()
    return [
        [
            "fast, chain built + 1M drawn",
            f"{size['states']:,} states / {size['endings']} endings",
            f"{total:.1f} s",
            f"{1_000_000 / total:,.0f}",
            f"{run.summary.dice / total:,.0f}",
            f"{run.summary.dice / total / raw:.2e}",
        ],
        [
            "fast, chain cached, 1M drawn",
            "",
            f"{again.seconds:.3f} s",
            f"{1_000_000 / again.seconds:,.0f}",
            f"{again.summary.dice / again.seconds:,.0f}",
            f"{again.summary.dice / again.seconds / raw:.2e}",
        ],
        [
            "plain, 1 core (same fight)",
            "",
            f"{1_000_000 / plain_rate:,.0f} s (projected)",
            f"{plain_rate:,.0f}",
            f"{plain.summary.dice / plain.seconds:,.0f}",
            f"{plain.summary.dice / plain.seconds / raw:.2e}",
        ],
    ]


def kernel_rates(n: int) -> list[list[str]]:
    """The duel kernel (``--fast`` on a duel it covers): ``n`` duels of Ramjet vs Steeltoe and of a
    thug duel on one core, plan included (the real sheets read, the table opened once), beside the
    raw NumPy d6 rate measured before and after in this process."""
    from capeworks.lab.kernel import run_kernel

    run_kernel(spec(1_000))  # warm: imports, the rules' caches
    raw_before = raw_d6_rate()
    runs = []
    for label, sides in (
        ("Ramjet vs Steeltoe", SIDES),
        ("thug vs thug", ["sample:thug", "sample:thug"]),
    ):
        start = time.perf_counter()
        run = run_kernel(spec(n, seed=3, sides=sides))
        runs.append((label, run, time.perf_counter() - start))
    raw = (raw_before + raw_d6_rate()) / 2
    rows = []
    for label, run, seconds in runs:
        s = run.summary
        rows.append(
            [
                f"kernel, 1 core: {label}",
                f"{s.n:,}",
                f"{seconds:.1f} s",
                f"{s.n / seconds:,.0f}",
                f"{s.dice / s.n:.1f}",
                f"{s.dice / seconds:,.0f}",
                f"{raw:,.0f}",
                f"{s.dice / seconds / raw:.3f}",
                f"{1_000_000 / (s.n / seconds):,.1f} s",
            ]
        )
    return rows


def profile(duels: int = 60) -> None:
    """Where a duel's time goes: own time by module, top functions by own time."""
    from capeworks.lab.play import play

    fight = fight_of(spec(1))
    play(fight, 1, 0)
    prof = cProfile.Profile()
    prof.enable()
    for i in range(duels):
        play(fight, 1, i)
    prof.disable()
    stats = pstats.Stats(prof)
    by_module: dict[str, float] = defaultdict(float)
    total = 0.0
    for (file, _, _), (_, _, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        total += tottime
        key = file.split("/src/")[-1] if "/src/" in file else file.split("site-packages/")[-1].split("/")[0]
        by_module[key] += tottime
    rows = [
        [module, f"{t / duels * 1000:.2f}", f"{t / total:.1%}"]
        for module, t in sorted(by_module.items(), key=lambda kv: -kv[1])[:20]
    ]
    print(f"\nOwn time by module ({duels} duels, ms per duel under the profiler)")
    print(table(["module", "ms/duel", "share"], rows))
    stats.sort_stats("tottime").print_stats(15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer duels")
    parser.add_argument("--profile", action="store_true", help="profile a duel instead")
    parser.add_argument("--kernel", action="store_true", help="the duel kernel's rates only")
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"machine: {os.cpu_count()} cores, load average {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}")
    if args.profile:
        profile()
        return
    print("\nDuel kernel (lab fight --fast on a duel it covers), 1 core, beside the raw NumPy d6 rate")
    print(
        table(
            [
                "path",
                "duels",
                "time",
                "duels/s",
                "dice/duel",
                "dice consumed/s",
                "raw NumPy d6/s (anchor)",
                "dice/s vs raw",
                "1M duels take",
            ],
            kernel_rates(200_000 if args.quick else 1_000_000),
        )
    )
    if args.kernel:
        return
    one, every = (100, 200) if args.quick else (400, 1200)
    print("\nWeaverdice duels (Ramjet vs Steeltoe, sensible policy, full rules through Table)")
    print(
        table(
            [
                "path",
                "duels",
                "duels/s",
                "dice/duel",
                "dice consumed/s",
                "raw NumPy d6/s (anchor)",
                "dice/s vs raw",
                "1M duels would take",
            ],
            duel_rates(one, every),
        )
    )
    print("\nOdds tables (full default grids; WD with every morale step)")
    print(table(["system", "rows", "first build ms", "rebuild ms (median of 3)"], odds_times()))
    print(
        "\nFast path (thug vs thug, 2 rounds: a fight the exact chain accepts; it refuses Ramjet vs Steeltoe)"
    )
    print(
        table(
            ["path", "chain", "1M duels take", "duels/s", "dice (represented)/s", "vs raw d6/s"], fast_path()
        )
    )


if __name__ == "__main__":
    main()
