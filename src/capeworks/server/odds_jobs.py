"""The work an odds worker process does: exact odds reports and rulesets' previews.

Imported by the worker processes of :mod:`capeworks.server.odds_pool`, so it
imports only the dice library, the odds report and (for a preview, when asked)
the ruleset: never the web framework. Each job answers a plain tuple the
parent rebuilds, ``("ok", answer, cpu)`` or ``("error", (error class, body),
cpu)``, so no exception object has to cross the process boundary, and reports
the CPU seconds it took so the parent can charge its client.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import Callable
from typing import Any, Final

from capeworks.dice import distribution, parse
from capeworks.errors import CapeworksError, InvalidCommand, LimitExceeded
from capeworks.odds_report import listing_bytes, odds_report

__all__ = ["MAX_ODDS_BYTES", "Outcome", "in_worker", "odds_job", "preview_job", "report", "warm"]

#: outcomes past which a distribution is not kept in the dice library's caches after its answer
KEEP_OUTCOMES: Final = 2_000

#: largest odds listing (exact fractions and floats) one answer may carry, in bytes of JSON
MAX_ODDS_BYTES: Final = 2_000_000

#: ("ok" | "error" | "crash", the answer or the error, CPU seconds the job took)
Outcome = tuple[str, Any, float]

_log = logging.getLogger(__name__)


def in_worker(niceness: int) -> None:
    """A worker process's start: a lower CPU priority than the server, so odds yield to commands."""
    with contextlib.suppress(OSError):  # not permitted here: the pool's bounds still hold
        os.nice(niceness)


def warm() -> int:
    """A new worker's first job, before any request's clock runs: import what previews need (the web
    front-end packages and their rulesets). Answers the worker's process id."""
    from capeworks.engine.registry import get_ruleset
    from capeworks.server.fronts import fronts

    for name, front in fronts().items():
        if front.preview is not None:
            get_ruleset(name)
    return os.getpid()


def _forget_wide(outcomes: int) -> None:
    """A worker lives as long as the server: wide distributions (megabytes of exact counts each) are
    not kept in the dice library's caches, so its memory stays that of the questions at hand."""
    if outcomes <= KEEP_OUTCOMES:
        return
    from capeworks.dice import odds

    for name in ("_dist_cached", "_term_cached"):
        cached = getattr(odds, name, None)
        clear = getattr(cached, "cache_clear", None)
        if callable(clear):
            clear()


def report(expr: str, outcomes: int, full: bool, bins: int = 0) -> dict[str, Any]:
    """The odds report of ``expr``, or LimitExceeded when its listing would be past MAX_ODDS_BYTES."""
    parsed = parse(expr)
    dist = distribution(parsed)
    _forget_wide(len(dist.counts))
    listed = len(dist.counts) if full else min(outcomes, len(dist.counts))
    size = listing_bytes(dist, listed)
    if size > MAX_ODDS_BYTES:
        most = max(1, MAX_ODDS_BYTES // max(1, listing_bytes(dist, 1)))
        raise LimitExceeded(
            f"Listing {listed} outcomes of those odds is too large (about {size // 1000} kB); "
            f"ask for at most {most} outcomes."
        )
    return odds_report(str(parsed), dist, outcomes=None if full else outcomes, bins=bins)


def _timed(work: Callable[[], Any]) -> Outcome:
    start = time.process_time()
    try:
        answer = work()
    except CapeworksError as e:
        kind = type(e)
        return "error", (f"{kind.__module__}.{kind.__qualname__}", e.to_dict()), time.process_time() - start
    except Exception as e:  # a bug or MemoryError: the parent answers in a sentence and logs it
        _log.exception("an odds job failed")
        return "crash", f"{type(e).__name__}: {e}", time.process_time() - start
    return "ok", answer, time.process_time() - start


def odds_job(expr: str, outcomes: int, full: bool, bins: int) -> Outcome:
    """``/api/dice/odds`` in a worker: the report of ``expr`` (already checked against the budget)."""
    return _timed(lambda: report(expr, outcomes, full, bins))


def preview_job(name: str, body: dict[str, Any]) -> Outcome:
    """``POST /rulesets/<name>/preview`` in a worker: the ruleset's own preview of ``body``."""
    return _timed(lambda: _preview(name, body))


def _preview(name: str, body: dict[str, Any]) -> dict[str, Any]:
    from capeworks.engine.registry import get_ruleset
    from capeworks.server.fronts import fronts

    front = fronts().get(name)
    if front is None or front.preview is None:
        raise InvalidCommand(f"The ruleset {name!r} has no previews.")
    ruleset = get_ruleset(name)
    kind = body.get("kind")
    if not isinstance(kind, str):
        raise InvalidCommand("A preview needs its kind, as text.")
    raw = body.get("config", {})
    if not isinstance(raw, dict):
        raise InvalidCommand("A preview's config must be an object.")
    try:
        config = ruleset.parse_config(raw)
    except ValueError:
        raise InvalidCommand(f"That is not a {ruleset.title} config.") from None
    args = {k: v for k, v in body.items() if k not in ("kind", "config")}
    return front.preview(config, kind, args)
