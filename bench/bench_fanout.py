"""One fan-out round's legal commands: ``Table.legal_commands`` for every seat of a table at one version.

The web table sends every change to each seat, and for each seat asks the table what that
seat may do now (issue 10: ~11% of the server's busy CPU under load). This plays three
sessions through a ``Table`` and, after every command, asks every seat (timed), as the feed
does after it has found the version's prompts (``Table.prompts``, untimed). Then the same
with each command dumped to JSON the way the feed dumps it (``Shared.dump``, once per object).

Sessions (tests/engine/fanout_sessions.py): a long Roll When You Need evening (a GM and nine
players, ~270 events, checks and calls left open), the Weaverdice scripted fight, a Capes page.

Anchor, in the same process, right after each round: building the same lists again with plain
pydantic (``LegalCommand(command=..., fixed=..., label=..., prompt=...)`` for every command every
seat got). Ratios are round time / anchor time. Each session runs with the garbage collector on
(as the server runs; building many models costs collections too) and off (as ``timeit`` times).
Times are this process's CPU time (``time.process_time``): the shared machine's other work then
slows each side alike rather than whichever ran when it peaked.

``--before REV`` also runs this script on the engine as it was at git revision REV (its
``src`` extracted to a temporary directory, same interpreter and sessions) and prints both.

    python bench/bench_fanout.py [--runs 5] [--before REV]
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SESSIONS = ("rwyn evening", "weaverdice fight", "capes page")


def _measure(runs: int) -> dict[str, dict[str, float]]:
    """Per session and garbage-collector setting: median µs per round (legal, with JSON, anchor)."""
    from tests.engine.fanout_sessions import sessions

    made = sessions()
    out: dict[str, dict[str, float]] = {}
    for name in SESSIONS:
        session = made[name]()
        for collect in (True, False):
            legal_t: list[float] = []
            json_t: list[float] = []
            anchor_t: list[float] = []
            rounds = commands = 0
            for _ in range(runs):
                gc.collect()
                if not collect:
                    gc.disable()
                try:
                    rounds, commands, legal, dumped, anchor = _run(session)
                finally:
                    gc.enable()
                legal_t.append(legal)
                json_t.append(legal + dumped)
                anchor_t.append(anchor)
            out[f"{name}, gc {'on' if collect else 'off'}"] = {
                "rounds": rounds,
                "seats": len(session.seats),
                "commands": commands / rounds,
                "legal": statistics.median(legal_t) / rounds * 1e6,
                "json": statistics.median(json_t) / rounds * 1e6,
                "anchor": statistics.median(anchor_t) / rounds * 1e6,
            }
    return out


def _run(session: Any) -> tuple[int, int, float, float, float]:
    """One pass over a session: rounds, commands, and the seconds in legal, JSON and the anchor."""
    from capeworks.engine import LegalCommand
    from capeworks.server.projection import Shared

    rounds = commands = 0
    legal = dumped = anchor = 0.0
    for table in session.play(session.new()):
        table.prompts()  # the feed's Shared.of finds them first
        start = time.process_time()
        got = [table.legal_commands(seat.id) for seat in table.seats]
        legal += time.process_time() - start
        rounds += 1
        commands += sum(map(len, got))
        # the anchor: the same lists built again with plain pydantic, beside it
        start = time.process_time()
        for seat_commands in got:
            [
                LegalCommand(command=c.command, fixed=c.fixed, label=c.label, prompt=c.prompt)
                for c in seat_commands
            ]
        anchor += time.process_time() - start
        # the feed: a Shared per version, each seat's legal commands dumped through it
        shared = Shared.of(table)
        start = time.process_time()
        for seat_commands in got:
            [shared.dump(c) for c in seat_commands]
        dumped += time.process_time() - start
    return rounds, commands, legal, dumped, anchor


def _before(rev: str, runs: int) -> dict[str, dict[str, float]]:
    """:func:`_measure` in a child process importing ``src`` as it was at ``rev``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "src"], check=True, capture_output=True
    ).stdout
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        child = subprocess.run(
            [sys.executable, __file__, "--runs", str(runs), "--src", str(Path(tmp) / "src"), "--json"],
            check=True,
            capture_output=True,
            text=True,
        )
    return json.loads(child.stdout)  # type: ignore[no-any-return]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--before", help="a git revision to measure beside this checkout")
    parser.add_argument("--src", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sys.path[:0] = [args.src or str(ROOT / "src"), str(ROOT), str(ROOT / "bench")]
    after = _measure(args.runs)
    if args.json:
        print(json.dumps(after))
        return 0
    from _timing import table

    before = _before(args.before, args.runs) if args.before else None
    headers = ["session", "seats", "rounds", "commands/round", "anchor µs"]
    headers += ["legal µs", "legal / anchor", "with JSON µs", "with JSON / anchor"]
    if before:
        headers += ["before legal µs", "before legal / anchor", "before with JSON / anchor"]
        headers += ["legal: before / after"]
    rows = []
    for name, m in after.items():
        row = [name, str(int(m["seats"])), str(int(m["rounds"])), f"{m['commands']:.0f}"]
        row += [f"{m['anchor']:.0f}"]
        row += [f"{m['legal']:.0f}", f"{m['legal'] / m['anchor']:.2f}"]
        row += [f"{m['json']:.0f}", f"{m['json'] / m['anchor']:.2f}"]
        if before:
            b = before[name]
            row += [f"{b['legal']:.0f}", f"{b['legal'] / b['anchor']:.2f}", f"{b['json'] / b['anchor']:.2f}"]
            row += [f"{(b['legal'] / b['anchor']) / (m['legal'] / m['anchor']):.1f}x"]
        rows.append(row)
    print(table(headers, rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
