"""Run every benchmark in turn (``make bench`` calls this): dice, then the store.

Each benchmark is a plain script run in its own process; the output is the
tables to paste into bench/README.md.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = [
    "bench_roll.py",
    "bench_bulk.py",
    "bench_odds.py",
    "bench_cli.py",
    "bench_store.py",
    "bench_wd_duel.py",
    "bench_lab.py",
    "bench_fanout.py",
    "bench_web.py",
    "bench_crash_web.py",
]


def main() -> int:
    failed = 0
    for name in SCRIPTS:
        print(f"\n## {name}\n", flush=True)
        failed += subprocess.run([sys.executable, str(HERE / name)], check=False).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
