"""Plain path against the duel kernel at 100,000 duels per variant: the table bench/README.md records.

The plain path is slow (~20-80 duels/s per core), so its duels are played as
the runner's chunks (``capeworks.lab.runner.run_chunk`` over ``chunks(n)``),
each chunk's Summary pickled to ``DIR/<start>.pkl`` as it finishes: a run can
be stopped and resumed, or split over processes (``--worker K --workers W``),
and this script merges whatever is in ``DIR``. ``DIR/label.txt`` holds the
variant's label and spec JSON (line 1, line 2), written by ``--variant``;
``DIR/code.txt`` the commit the chunks were played at (the rules change:
chunks of two versions are never merged, and the kernel compared is this
checkout's, so compare at the commit the chunks were played at). The
kernel then plays the same spec, ``n`` and seed, and the script prints every
measure both ways with its p-value and Holm's verdict at ``--alpha`` (the
tests of ``capeworks.lab.agreement``, which ``tests/lab/test_kernel.py`` uses
too), plus moves and dice per duel (the test's 5% tolerance).

    python bench/kernel_agreement.py DIR --variant 1 --run         # play the missing plain chunks
    python bench/kernel_agreement.py DIR                            # merge DIR and compare
    python bench/kernel_agreement.py DIR --variant 5 --run --worker 0 --workers 2

Variants 0-4 are ``capeworks.lab.agreement.variants()``; 5 is variant 1 (Ramjet vs Steeltoe) at the
lab's default of 20 rounds, the benchmark duel.
"""

from __future__ import annotations

import argparse
import os
import pickle
import sys
import time
from pathlib import Path

from capeworks.lab.agreement import measures, p_values, variants
from capeworks.lab.kernel import run_kernel
from capeworks.lab.runner import chunks, run_chunk
from capeworks.lab.spec import FightSpec
from capeworks.lab.stats import holm
from capeworks.lab.summary import Summary

N, SEED = 100_000, 100


def variant(index: int, n: int, seed: int) -> tuple[str, FightSpec]:
    """The label and spec of variant ``index`` at ``n`` duels and ``seed``."""
    every = variants()
    if index == len(every):
        label, spec = "Ramjet vs Steeltoe, 20 rounds", every[1][1].model_copy(update={"max_rounds": 20})
    elif 0 <= index < len(every):
        label, spec = every[index]
    else:
        raise SystemExit(f"--variant is 0..{len(every)}.")
    return label, spec.model_copy(update={"n": n, "seed": seed})


def load_label(folder: Path) -> tuple[str, FightSpec]:
    path = folder / "label.txt"
    if not path.exists():
        raise SystemExit(f"{path} does not exist: give --variant to say which variant {folder} holds.")
    label, text = path.read_text().split("\n", 1)
    return label, FightSpec.model_validate_json(text)


def code_version() -> str:
    """The commit the rules are played at (chunks of two versions must not be merged)."""
    import subprocess

    try:
        out = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=Path(__file__).parent,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


def play_missing(folder: Path, spec: FightSpec, worker: int, workers: int) -> None:
    """Play this worker's share of the chunks not yet in ``folder`` (each written whole, then renamed),
    refusing a folder whose chunks another version of the code played (``DIR/code.txt``)."""
    here, mark = code_version(), folder / "code.txt"
    if mark.exists() and mark.read_text().strip() != here:
        raise SystemExit(f"{folder}'s chunks were played at {mark.read_text().strip()}, not {here}.")
    if not mark.exists() and any(folder.glob("*.pkl")):
        raise SystemExit(f"{folder} holds chunks of an unknown code version; use another directory.")
    mark.write_text(here + "\n")
    text = spec.model_dump_json()
    todo = [(k, a, b) for k, (a, b) in enumerate(chunks(spec.n)) if not (folder / f"{a}.pkl").exists()]
    mine = [(a, b) for k, a, b in todo if k % workers == worker]
    start = time.perf_counter()
    for done, (a, b) in enumerate(mine, 1):
        tmp = folder / f"{a}.tmp{os.getpid()}"
        tmp.write_bytes(pickle.dumps(run_chunk(text, a, b)))
        tmp.rename(folder / f"{a}.pkl")
        print(f"\r{done}/{len(mine)} chunks, {time.perf_counter() - start:.0f} s", end="", file=sys.stderr)
    print(file=sys.stderr)


def merged(folder: Path, spec: FightSpec) -> tuple[Summary, int, int, float]:
    """The plain chunks in ``folder`` merged in order: the Summary, chunks found, chunks in the run,
    and the seconds from the first chunk written to the last (a rough wall time)."""
    parts = chunks(spec.n)
    total = Summary(sides=len(spec.sides))
    found, times = 0, []
    for a, _ in parts:
        path = folder / f"{a}.pkl"
        if path.exists():
            part = pickle.loads(path.read_bytes())
            total.merge(part)
            found += 1
            times.append(path.stat().st_mtime)
    span = max(times) - min(times) if len(times) > 1 else 0.0
    return total, found, len(parts), span


def report(
    label: str, spec: FightSpec, plain: Summary, found: int, of: int, span: float, alpha: float, version: str
) -> str:
    """The Markdown table comparing the plain duels with the kernel's (this code's) at the same seed."""
    start = time.perf_counter()
    fast = run_kernel(spec).summary
    kernel_s = time.perf_counter() - start
    names = (spec.sides[0].name, spec.sides[1].name)
    raw = p_values(plain, fast)
    rows = zip(measures(plain, names), measures(fast, names), raw, holm(raw, alpha=alpha), strict=True)
    partial = "" if found == of else f" (PARTIAL: {found} of {of} chunks)"
    lines = [
        f"{label}: plain {plain.n:,} duels{partial} (played at {version}), "
        f"chunks written over {span:,.0f} s; "
        f"kernel {fast.n:,} in {kernel_s:.1f} s; seed {spec.seed}, max_rounds {spec.max_rounds}",
        "",
        f"| measure | plain | kernel | p | Holm {alpha:g} |",
        "|---|---|---|---|---|",
    ]
    for (name, a), (_, b), p, (_, rejected) in rows:
        lines.append(f"| {name} | {a:.4f} | {b:.4f} | {p:.3f} | {'DISAGREES' if rejected else 'agrees'} |")
    for what, x, y in (("moves/duel", plain.moves, fast.moves), ("dice/duel", plain.dice, fast.dice)):
        a, b = x / plain.n, y / fast.n
        lines.append(f"| {what} | {a:.4f} | {b:.4f} | | {100 * (a - b) / b:+.2f}% (test: within 5%) |")
    outcomes = sorted(k for k, v in plain.outcomes.items() if v >= 3 and k not in fast.outcomes)
    if outcomes:
        lines.append(f"\nOutcomes the plain path shows (3+ times) and the kernel never produced: {outcomes}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dir", type=Path, help="where the plain chunks' pickles are (or go)")
    parser.add_argument("--variant", type=int, help="which variant (writes DIR/label.txt); else read it")
    parser.add_argument("--n", type=int, default=N)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--run", action="store_true", help="play the plain chunks missing from DIR first")
    parser.add_argument("--worker", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--alpha", type=float, default=0.01)
    args = parser.parse_args()
    folder: Path = args.dir
    if args.variant is not None:
        label, spec = variant(args.variant, args.n, args.seed)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "label.txt"
        text = label + "\n" + spec.model_dump_json()
        if path.exists() and path.read_text().strip() != text:
            raise SystemExit(f"{path} holds another variant or n or seed; use another directory.")
        path.write_text(text + "\n")
    else:
        label, spec = load_label(folder)
    if args.run:
        play_missing(folder, spec, args.worker, args.workers)
    plain, found, of, span = merged(folder, spec)
    if not found:
        raise SystemExit(f"No plain chunks in {folder}: run with --run first.")
    mark = folder / "code.txt"
    version = mark.read_text().strip()[:12] if mark.exists() else "an unrecorded version"
    print(report(label, spec, plain, found, of, span, args.alpha, version))
    print(f"\nkernel: this code, {code_version()[:12]}")


if __name__ == "__main__":
    main()
