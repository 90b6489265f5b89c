"""Weaverdice one-on-one duels per second on one core: the full rules through ``Table``, no store, no text.

Each duel is a fresh seeded table: Ramjet (PC) against Steeltoe (a notable
with effort), initiative, then turn after turn of attacks until one side is
out or twenty rounds pass. Every prompt is answered by a fixed policy (block
while Focus lasts, spend no Recovery on effects, the first option otherwise),
as the lab's simplest player would. The anchor, in the same process, is the
raw dice rate: single d6 faces from the seeded source the table rolls with.
The duels are timed on Python's default heap and, turn about, as the lab's
workers play them (start-up's objects frozen out of garbage collection).

With ``--before REF`` it also plays the same duels with the code of a git
revision (say, the commit before issue 17), each side in its own process,
turn about, three times, and gives the ratio of their CPU time per duel
(``time.process_time``: on a shared machine it moves less than wall time).

    python bench/bench_wd_duel.py
    python bench/bench_wd_duel.py --before f39d14d
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from _timing import table
from capeworks.dice.source import SeededDice
from capeworks.engine import Command, Table
from capeworks.engine.model import Role, Seat
from capeworks.systems.weaverdice.ruleset import WeaverdiceRuleset
from capeworks.systems.weaverdice.samples import SAMPLES

RS = WeaverdiceRuleset()
SEATS = (Seat(id="gm", name="GM", role=Role.GM), Seat(id="ann", name="Ann"))
OWNER = {"ramjet": "ann", "steeltoe": "gm"}
FOE = {"ramjet": "steeltoe", "steeltoe": "ramjet"}


def _answer(t: Table, prompt: Any) -> list[Any]:
    seat = prompt.seat or "gm"
    if prompt.options:
        value = prompt.options[0].value
        if prompt.kind == "reaction":
            value = "block"
        elif prompt.kind == "effect" and prompt.option("none") is not None:
            value = "none"
        return t.execute(Command(type="answer", seat=seat, payload={"prompt": prompt.id, "option": value}))
    free = prompt.free
    picks = list(free.suggestions[: prompt.min_choices])
    return t.execute(Command(type=free.command, seat=seat, payload={**free.payload, free.field: picks}))


def duel(seed: int) -> tuple[int, int]:
    """One duel; returns (commands, dice rolled)."""
    t = Table.new(RS, config={}, seats=SEATS, seed=seed)
    t.execute(Command(type="add_character", seat="ann", payload={"sheet": SAMPLES["ramjet"]}))
    t.execute(Command(type="add_character", seat="gm", payload={"sheet": SAMPLES["steeltoe"]}))
    t.execute(Command(type="start_combat", seat="gm"))
    commands = 3
    while True:
        state = t.state
        if any(p.track.standing.value != "up" for p in state.people.values()) or state.fight.order.round > 20:
            break
        waiting = [p for p in t.prompts() if p.kind != "turn"]
        if waiting:
            _answer(t, waiting[0])
        else:
            actor = state.fight.turn.actor
            attack = state.fight.turn.actions > 0
            kind, payload = ("attack", {"target": FOE[actor]}) if attack else ("end_turn", {})
            t.execute(Command(type=kind, seat=OWNER[actor], payload={"character": actor, **payload}))
        commands += 1
    dice = sum(len(r.faces) for e in t.log for r in e.rolls)
    return commands, dice


def _cpu_per_duel(duels: int) -> dict[str, float]:
    """CPU seconds per duel over ``duels`` seeded duels (best of three), and commands per duel."""
    best, commands = float("inf"), 0
    for _ in range(3):
        start, commands = time.process_time(), 0
        for i in range(duels):
            commands += duel(seed=i)[0]
        best = min(best, time.process_time() - start)
    return {"cpu_per_duel": best / duels, "commands": commands / duels}


def _worker(src: str | None, duels: int) -> dict[str, float]:
    """Run :func:`_cpu_per_duel` in a fresh process, importing capeworks from ``src`` when given."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([src, env.get("PYTHONPATH", "")])
    out = subprocess.run(
        [sys.executable, __file__, "--worker", str(duels)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def before(ref: str, duels: int = 40, rounds: int = 3) -> None:
    """This code against the code of git revision ``ref``, turn about in fresh processes."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(root), "archive", ref, "src"], capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        now, old = [], []
        for _ in range(rounds):
            now.append(_worker(None, duels))
            old.append(_worker(str(Path(tmp) / "src"), duels))
    cpu_now = statistics.median(r["cpu_per_duel"] for r in now)
    cpu_old = statistics.median(r["cpu_per_duel"] for r in old)
    per_command = now[0]["commands"]
    rows = [
        [ref, f"{1 / cpu_old:,.0f}", f"{cpu_old / per_command * 1e6:,.0f}", "1.00"],
        [
            "this code",
            f"{1 / cpu_now:,.0f}",
            f"{cpu_now / per_command * 1e6:,.0f}",
            f"{cpu_old / cpu_now:.2f}",
        ],
    ]
    print(table(["code", "duels per CPU-s", "CPU µs/command", "x faster"], rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--before", metavar="REF", help="also time the code of this git revision")
    parser.add_argument("--worker", type=int, metavar="DUELS", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(_cpu_per_duel(args.worker)))
        return
    rates()
    if args.before:
        before(args.before)


def rates() -> None:
    """Duels per second through ``Table`` beside the raw seeded d6 rate, in this process.

    Each run is played twice, turn about: on Python's default heap, and as the
    lab's workers play (``runner.settled_heap``: what start-up made frozen out of
    the cycle collector's passes).
    """
    # imported here: the --before workers run this file against older code that lacks it
    from capeworks.lab.runner import settled_heap

    runs, per_run = 5, 60
    heaps = {"default": nullcontext, "settled, as the lab plays": settled_heap}
    rates: dict[str, list[float]] = {name: [] for name in heaps}
    dice_total, commands_total = 0, 0
    for run in range(runs):
        for name, heap in heaps.items():
            gc.collect()
            with heap():
                start = time.perf_counter()
                for i in range(per_run):
                    c, d = duel(seed=run * 1000 + i)
                    if name == "default":
                        commands_total += c
                        dice_total += d
                rates[name].append(per_run / (time.perf_counter() - start))
    source = SeededDice(1)
    n = 200_000
    dice_rates = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(n):
            source.faces(1, 6)
        dice_rates.append(n / (time.perf_counter() - start))
    d6_per_s = statistics.median(dice_rates)
    duels = runs * per_run
    rows = []
    for name in heaps:
        duels_per_s = statistics.median(rates[name])
        rows.append(
            [
                name,
                f"{duels_per_s:,.0f}",
                f"{1e6 / (duels_per_s * commands_total / duels):,.0f}",
                f"{commands_total / duels:.1f}",
                f"{dice_total / duels:.1f}",
                f"{d6_per_s:,.0f}",
                f"{d6_per_s / duels_per_s:,.0f}",
            ]
        )
    print(
        table(
            [
                "heap",
                "duels/s",
                "µs/command",
                "commands/duel",
                "dice/duel",
                "raw d6/s (anchor)",
                "d6 per duel-time",
            ],
            rows,
        )
    )


if __name__ == "__main__":
    main()
