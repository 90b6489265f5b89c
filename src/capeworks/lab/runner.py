"""Running many fights: chunks of duel indices, on local processes or a Dask cluster, merged in order.

A run of ``n`` fights is cut into chunks of consecutive duel indices; the size
depends on ``n`` alone. Duel ``i`` is seeded from the run's seed and ``i``
(:func:`~capeworks.lab.play.duel_seed`), so what a chunk returns does not
depend on who played it, and the merged integer tallies are the same on one
process, all cores or a cluster. A Ctrl-C stops handing out chunks and
returns what finished, marked partial.
"""

from __future__ import annotations

import gc
import os
import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from capeworks.lab.play import Fight, play, sides_for
from capeworks.lab.spec import FightSpec
from capeworks.lab.summary import Summary

__all__ = ["Run", "chunks", "fight_of", "run_chunk", "run_fights", "settled_heap"]

#: a chunk plays at most this many fights (a progress step, and what a Ctrl-C may lose per worker)
CHUNK = 200


def chunks(n: int) -> list[tuple[int, int]]:
    """Consecutive ``[start, stop)`` index ranges covering ``n`` fights; the cut depends on ``n`` only."""
    size = max(1, min(CHUNK, n // 50 or 1))
    return [(start, min(n, start + size)) for start in range(0, n, size)]


@cache
def _fight(spec_json: str) -> tuple[Fight, int]:
    from capeworks.lab.systems import fight_kit

    spec = FightSpec.model_validate_json(spec_json)
    kit = fight_kit(spec.system)
    sides = sides_for(kit.arena, spec.side_objects(kit.arena.samples))
    policies = tuple(
        kit.policy(spec.policies[i] if i < len(spec.policies) else None) for i in range(len(sides))
    )
    fight = Fight(
        arena=kit.arena,
        ruleset=kit.ruleset,
        sides=sides,
        policies=policies,
        config=spec.config,
        max_rounds=spec.max_rounds,
    )
    return fight, spec.seed


def fight_of(spec: FightSpec) -> Fight:
    """The :class:`Fight` a spec describes, checked before anything runs: policies and samples
    resolved, the rules config validated by the ruleset's model, and a table opened with the sides
    (so a sheet the rules refuse is one sentence here, not an error in a worker)."""
    from pydantic import ValidationError

    from capeworks.engine import Table
    from capeworks.errors import CapeworksError, InvalidCommand
    from capeworks.lab.play import seats

    if spec.policies and len(spec.policies) != len(spec.sides):
        raise InvalidCommand("policies: give one policy for every side, or none for the defaults.")
    fight = _fight(spec.model_dump_json())[0]
    model = fight.ruleset.config_model
    unknown = sorted(k for k in spec.config if k not in model.model_fields)
    if unknown:
        raise InvalidCommand(f"config: the {spec.system} rules have no setting {unknown[0]!r}.")
    try:
        model.model_validate(spec.config)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        msg = str(err["msg"]).removeprefix("Value error, ").rstrip(".")
        raise InvalidCommand(f"config{'.' + where if where else ''}: {msg}.") from e
    table = Table.new(fight.ruleset, config=spec.config, seats=seats(len(fight.sides)), seed="lab:check")
    try:
        for command in fight.arena.open(fight.sides, spec.config):
            table.execute(command)
    except CapeworksError as e:
        raise InvalidCommand(f"sides: the table refused to seat them: {e.message}") from e
    return fight


@contextmanager
def settled_heap() -> Iterator[None]:
    """Play with what is alive now (modules, schemas, the cached fight) frozen out of collection.

    Python's cycle collector otherwise walks those tens of thousands of objects on
    each of its full passes while fights are played: 6-10% of a Weaverdice duel's
    CPU, measured by bench/bench_wd_duel.py and by an instruction count. Fights
    make no cyclic garbage that outlives them (what they leave is freed by
    reference counting), and everything is unfrozen when the block ends.
    """
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def run_chunk(spec_json: str, start: int, stop: int) -> Summary:
    """Play duels ``start``..``stop - 1`` of the run ``spec_json`` describes (a worker's task)."""
    fight, seed = _fight(spec_json)
    summary = Summary(sides=len(fight.sides))
    with settled_heap():
        for i in range(start, stop):
            summary.add(play(fight, seed, i))
    return summary


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the parent, which stops the run and reports what finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass
class Run:
    """What came back: the merged tallies, how long, whether it was cut short, and where it ran."""

    summary: Summary
    seconds: float
    partial: bool
    runner: str
    workers: int
    chunks_done: int
    chunks_total: int


Progress = Callable[[int], None]


def run_fights(
    spec: FightSpec,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> Run:
    """Play ``spec.n`` fights; ``workers`` local processes (default: all cores; 1: in this process) or the
    Dask cluster at ``scheduler``. ``progress`` is told how many fights each finished chunk played."""
    fight_of(spec)  # resolve policies and samples here: a bad spec is one sentence before anything runs
    parts = chunks(spec.n)
    text = spec.model_dump_json()
    done: dict[int, Summary] = {}
    start = time.perf_counter()
    partial = False
    if scheduler is not None:
        runner, count = "dask", 0
        try:
            for index, summary, seen in _dask(text, parts, scheduler):
                done[index], count = summary, seen
                if progress:
                    progress(summary.n)
        except KeyboardInterrupt:
            partial = True
    else:
        count = workers or os.cpu_count() or 1
        runner = "local" if count > 1 else "in-process"
        try:
            iterator = _in_process(text, parts) if count == 1 else _local(text, parts, count)
            for index, summary in iterator:
                done[index] = summary
                if progress:
                    progress(summary.n)
        except KeyboardInterrupt:
            partial = True
    total = Summary(sides=len(spec.sides))
    for index in sorted(done):
        total.merge(done[index])
    return Run(
        summary=total,
        seconds=time.perf_counter() - start,
        partial=partial or len(done) < len(parts),
        runner=runner,
        workers=count,
        chunks_done=len(done),
        chunks_total=len(parts),
    )


def _in_process(text: str, parts: list[tuple[int, int]]) -> Iterator[tuple[int, Summary]]:
    for index, (a, b) in enumerate(parts):
        yield index, run_chunk(text, a, b)


def _local(text: str, parts: list[tuple[int, int]], workers: int) -> Iterator[tuple[int, Summary]]:
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_quiet_worker)
    pending: dict[Future[Summary], int] = {}
    queue = iter(enumerate(parts))
    try:
        # keep two chunks per worker in flight: the rest wait, so a Ctrl-C has little to cancel
        for index, (a, b) in queue:
            pending[pool.submit(run_chunk, text, a, b)] = index
            if len(pending) >= 2 * workers:
                break
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                yield pending.pop(future), future.result()
                nxt = next(queue, None)
                if nxt is not None:
                    index, (a, b) = nxt
                    pending[pool.submit(run_chunk, text, a, b)] = index
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _dask(text: str, parts: list[tuple[int, int]], address: str) -> Iterator[tuple[int, Summary, int]]:
    from distributed import Client, as_completed

    from capeworks.errors import InvalidCommand

    try:
        client = Client(address, timeout="10s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as e:
        raise InvalidCommand(f"No Dask scheduler answered at {address}.") from e
    try:
        workers = len(client.scheduler_info().get("workers", {}))
        futures = client.map(
            run_chunk,
            [text] * len(parts),
            [a for a, _ in parts],
            [b for _, b in parts],
            key=[f"capeworks-lab-{abs(hash(text))}-{i}" for i in range(len(parts))],
            pure=False,
        )
        index_of = {f.key: i for i, f in enumerate(futures)}
        try:
            for future in as_completed(futures):  # type: ignore[no-untyped-call]
                yield index_of[future.key], future.result(), workers
        finally:
            client.cancel(futures)  # type: ignore[no-untyped-call]
    finally:
        client.close()  # type: ignore[no-untyped-call]


def describe(run: Run) -> dict[str, Any]:
    """Where and how long the run went, JSON-ready."""
    return {
        "runner": run.runner,
        "workers": run.workers,
        "seconds": round(run.seconds, 3),
        "partial": run.partial,
        "chunks": {"done": run.chunks_done, "total": run.chunks_total},
        "fights_per_second": run.summary.n / run.seconds if run.seconds > 0 else None,
    }
