"""The fast path: the duel kernel where it covers a duel, else many fights drawn at once from the exact chain.

For a fight the exact chain can enumerate (:mod:`capeworks.lab.exact`: small
fights, deterministic policies), every way it can end is known with its exact
probability, each with its full outcome (winner, rounds, every tally), moves
and dice. ``n`` duels are then one vectorised NumPy multinomial draw over those
endings: the same distribution as playing them through the table one by one,
by construction, since the chain was built by the table. It refuses what the
chain refuses (a policy that draws at random, a chain past ``max_states`` states or
``max_branches`` dice branches: counted as it grows, so a fight too big is refused
in seconds, not after minutes of building).
The chain is kept per fight in this process, so a sweep or a second run pays
for it once. ``tests/lab/test_exact.py`` checks it against the plain path.
:func:`run_fastest` (``lab fight --fast``) tries :mod:`capeworks.lab.kernel` first.
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

import numpy as np

from capeworks.lab.exact import Exact, Record, exact_records
from capeworks.lab.limits import MAX_BRANCHES, MAX_STATES
from capeworks.lab.play import Result
from capeworks.lab.runner import Run, fight_of
from capeworks.lab.spec import FightSpec
from capeworks.lab.summary import Summary

__all__ = ["run_fast", "run_fastest"]

_CHAINS: dict[str, tuple[dict[Record, Fraction], Exact]] = {}


def _chain(
    spec: FightSpec, max_states: int, max_branches: int | None = MAX_BRANCHES
) -> tuple[dict[Record, Fraction], Exact]:
    key = spec.model_copy(update={"n": 1, "seed": 0}).model_dump_json()
    found = _CHAINS.get(key)
    if found is None:
        found = _CHAINS[key] = exact_records(fight_of(spec), max_states=max_states, max_branches=max_branches)
    return found


def run_fast(
    spec: FightSpec, *, max_states: int = MAX_STATES, max_branches: int | None = MAX_BRANCHES
) -> Run:
    """``spec.n`` duels drawn from the exact chain with the run's seed; a :class:`Run` like the runners'."""
    start = time.perf_counter()
    records, chain = _chain(spec, max_states, max_branches)
    keys = list(records)
    p = np.array([float(records[k]) for k in keys], dtype=np.float64)
    p /= p.sum()
    counts = np.random.Generator(np.random.PCG64(spec.seed)).multinomial(spec.n, p)
    summary = Summary(sides=len(spec.sides))
    for (sig, moves, dice), count in zip(keys, counts.tolist(), strict=True):
        if count:
            summary.add(Result(outcome=chain.outcomes[sig], moves=moves, dice=dice), times=count)
    return Run(
        summary=summary,
        seconds=time.perf_counter() - start,
        partial=False,
        runner="fast (exact chain)",
        workers=1,
        chunks_done=1,
        chunks_total=1,
    )


def chain_size(spec: FightSpec, max_states: int = MAX_STATES) -> dict[str, Any]:
    """How big the fight's chain is: distinct states and distinct endings."""
    records, chain = _chain(spec, max_states)
    return {"states": len(chain.memo), "endings": len(records)}


def run_fastest(
    spec: FightSpec, *, max_states: int = MAX_STATES, max_branches: int | None = MAX_BRANCHES
) -> Run:
    """The duel kernel (:mod:`capeworks.lab.kernel`) when it covers the fight, else the exact chain;
    one sentence saying why neither does otherwise."""
    from capeworks.errors import InvalidCommand
    from capeworks.lab.kernel import run_kernel

    try:
        return run_kernel(spec)
    except InvalidCommand as kernel_no:
        try:
            return run_fast(spec, max_states=max_states, max_branches=max_branches)
        except InvalidCommand as chain_no:
            raise InvalidCommand(
                f"{kernel_no.message.rstrip('.')}; and {chain_no.message[0].lower()}{chain_no.message[1:]}"
            ) from chain_no
