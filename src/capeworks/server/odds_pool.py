"""Odds off the event loop and off the server's GIL: a small pool of worker processes.

Exact odds of a wide distribution are seconds of pure Python; in a thread they
hold the GIL the commands need (issue 19: four ``300d100`` pushed a GM's
command to a second). Here they run in a bounded
:class:`~concurrent.futures.ProcessPoolExecutor`, started on the first odds
request and shut down with the application. Its workers run at a lower CPU
priority (``nice``), so on a busy machine commands come first.

Bounds, each answered in one sentence:

* per client address, ``per_client_running`` jobs at once and
  ``per_client_waiting`` more queued (429);
* per client address, a budget of worker CPU: each job's CPU seconds are
  charged after it ends, refilled at ``cpu_per_second``; a client in debt is
  refused until it is paid back (429 with ``Retry-After``);
* at most ``workers`` jobs are handed to the workers at once, so a job's
  ``timeout`` counts its own work, not its wait; at most ``queue`` wait (503);
* a job past ``timeout`` seconds is answered 503 and its worker killed and
  replaced; a worker that dies mid-job (killed, out of memory) is answered 503
  and replaced. Jobs in the same pool at that moment are answered the same.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final

from capeworks.errors import CapeworksError, InvalidCommand
from capeworks.server.errors import Busy, RateLimited
from capeworks.server.odds_jobs import Outcome, in_worker, warm

__all__ = ["OddsPool", "default_workers"]

#: seconds of work one odds job may take before it is stopped (its worker replaced)
TIMEOUT: Final = 5.0
#: jobs waiting for a worker, all clients together, before more are refused with 503
QUEUE: Final = 16
#: odds jobs of one client address at once, and waiting their turn (429 past both)
PER_CLIENT_RUNNING: Final = 2
PER_CLIENT_WAITING: Final = 6
#: worker CPU seconds a client address may spend a second, sustained, and in one go
CPU_PER_SECOND: Final = 0.25
CPU_BURST: Final = 2.0
#: how much lower the workers' CPU priority is than the server's
NICENESS: Final = 10
#: seconds new workers may take to start and import what previews need (not counted in a job's time)
STARTUP_TIMEOUT: Final = 60.0

_log = logging.getLogger(__name__)


def default_workers() -> int:
    """Half the machine's cores (at least one, at most four): the rest serve commands."""
    return max(1, min(4, (os.cpu_count() or 2) // 2))


def _context() -> multiprocessing.context.BaseContext:
    """A fork server that has imported the job module (fast, clean restarts), else spawn."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["capeworks.server.odds_jobs"])
        return ctx
    return multiprocessing.get_context("spawn")


class OddsPool:
    """The worker processes odds run in, and the per-client bounds on them (see the module)."""

    def __init__(
        self,
        *,
        workers: int | None = None,
        timeout: float = TIMEOUT,
        queue: int = QUEUE,
        per_client_running: int = PER_CLIENT_RUNNING,
        per_client_waiting: int = PER_CLIENT_WAITING,
        cpu_per_second: float = CPU_PER_SECOND,
        cpu_burst: float = CPU_BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.workers = workers or default_workers()
        self.timeout = timeout
        self.queue = queue
        self.per_client_running = per_client_running
        self.per_client_waiting = per_client_waiting
        self.cpu_per_second = cpu_per_second
        self.cpu_burst = cpu_burst
        self._clock = clock
        self._executor: ProcessPoolExecutor | None = None
        self._warm: asyncio.Future[list[int]] | None = None
        # only the event loop touches what follows
        self._slots: asyncio.Semaphore | None = None
        self._waiting = 0
        self._clients: dict[str, tuple[asyncio.Semaphore, int]] = {}
        self._cpu: dict[str, tuple[float, float]] = {}  # client -> (balance, when)
        self.recycled = 0

    # -- the workers -----------------------------------------------------------------------------

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=_context(),
                initializer=in_worker,
                initargs=(NICENESS,),
            )
            self._warm = None
        return self._executor

    async def _started(self) -> ProcessPoolExecutor:
        """The pool, its workers started and warm (once per pool; every job waits for it)."""
        executor = self._pool()
        if self._warm is None:
            loop = asyncio.get_running_loop()
            self._warm = asyncio.gather(*[loop.run_in_executor(executor, warm) for _ in range(self.workers)])
        try:
            await asyncio.wait_for(asyncio.shield(self._warm), STARTUP_TIMEOUT)
        except (TimeoutError, BrokenProcessPool):
            self._recycle(executor)
            raise Busy("The odds workers could not start; try again later.") from None
        return executor

    def worker_pids(self) -> list[int]:
        """The worker processes' ids now (none before the first job)."""
        found = getattr(self._executor, "_processes", None) or {}
        return sorted(p.pid for p in found.values() if p.pid is not None)

    def _recycle(self, executor: ProcessPoolExecutor | None = None, *, wait: bool = False) -> None:
        """Kill the pool's workers (a job past its time cannot be cancelled otherwise); the next job
        starts a new pool. With ``executor``, only if that is still the pool (not already replaced);
        with ``wait``, until the pool's manager thread has let its queues go."""
        if executor is not None and executor is not self._executor:
            return
        executor, self._executor, self._warm = self._executor, None, None
        if executor is None:
            return
        self.recycled += 1
        processes = list((getattr(executor, "_processes", None) or {}).values())
        for process in processes:
            process.kill()
        executor.shutdown(wait=wait, cancel_futures=True)
        for process in processes:
            process.join(1)

    def close(self) -> None:
        """Stop the workers (the application is stopping): any job still running is cut short.

        Waits for the pool's manager thread, which holds its queues, so that they are let go now.
        Stopped by SIGTERM, uvicorn raises the signal again once the lifespan ends and the process
        dies without multiprocessing's exit finalizers: queues still held then leave their
        semaphores to the resource tracker ("leaked semaphore objects"). The workers are killed
        first, so the wait is short.
        """
        self._recycle(wait=True)

    # -- the budget --------------------------------------------------------------------------------

    def _balance(self, client: str) -> float:
        balance, when = self._cpu.get(client, (self.cpu_burst, self._clock()))
        return min(self.cpu_burst, balance + (self._clock() - when) * self.cpu_per_second)

    def _charge(self, client: str, seconds: float) -> None:
        self._cpu[client] = (self._balance(client) - seconds, self._clock())
        if len(self._cpu) > 10_000:  # forget clients whose budget is whole again
            for key in [k for k in self._cpu if self._balance(k) >= self.cpu_burst]:
                del self._cpu[key]

    def _admit(self, client: str) -> tuple[asyncio.Semaphore, int]:
        balance = self._balance(client)
        if balance <= 0:
            raise RateLimited(
                "You have used this server's time for odds for now; try again in a moment.",
                retry_after=-balance / self.cpu_per_second,
            )
        gate, holding = self._clients.get(client) or (asyncio.Semaphore(self.per_client_running), 0)
        if holding >= self.per_client_running + self.per_client_waiting:
            raise RateLimited("Too many odds at once from you; wait for the ones under way.", retry_after=1)
        if self._waiting >= self.queue:
            raise Busy("The server is busy working out other odds; try again in a moment.")
        return gate, holding

    # -- a job -------------------------------------------------------------------------------------

    async def run(self, client: str, job: Callable[..., Outcome], *args: Any) -> Any:
        """``job(*args)`` in a worker for ``client``: its answer, or its error raised here."""
        gate, holding = self._admit(client)
        self._clients[client] = (gate, holding + 1)
        self._waiting += 1
        try:
            async with gate:
                if self._slots is None:
                    self._slots = asyncio.Semaphore(self.workers)
                async with self._slots:
                    self._waiting -= 1
                    try:
                        outcome = await self._submit(job, args)
                    finally:
                        self._waiting += 1
        finally:
            self._waiting -= 1
            gate, holding = self._clients[client]
            if holding <= 1:
                del self._clients[client]
            else:
                self._clients[client] = (gate, holding - 1)
        kind, answer, cpu = outcome
        self._charge(client, cpu)
        if kind == "ok":
            return answer
        if kind == "error":
            raise _rebuilt(*answer)
        _log.error("odds job %s failed: %s", getattr(job, "__name__", job), answer)
        raise Busy("Those odds could not be worked out here; try a smaller question.")

    async def _submit(self, job: Callable[..., Outcome], args: tuple[Any, ...]) -> Outcome:
        loop = asyncio.get_running_loop()
        executor = await self._started()
        try:
            future = loop.run_in_executor(executor, job, *args)
        except (BrokenProcessPool, RuntimeError):  # a pool broken or shut down meanwhile: a new one
            self._recycle(executor)
            executor = await self._started()
            future = loop.run_in_executor(executor, job, *args)
        try:
            result: Outcome = await asyncio.wait_for(future, self.timeout)
            return result
        except TimeoutError:
            _log.warning("an odds job ran past %.1f s; its worker is replaced", self.timeout)
            self._recycle(executor)
            raise Busy(
                f"Those odds took longer than {self.timeout:g} s to work out here; "
                "ask for fewer dice or try again later."
            ) from None
        except BrokenProcessPool:
            _log.warning("an odds worker stopped mid-job; it is replaced")
            self._recycle(executor)
            raise Busy("The worker doing those odds stopped before it finished; try again.") from None


def _rebuilt(kind: str, body: dict[str, Any]) -> CapeworksError:
    """The worker's refusal as the same error class here (so the same status and words)."""
    module, _, name = kind.rpartition(".")
    try:
        cls = getattr(importlib.import_module(module), name, None)
    except ImportError:
        cls = None
    message = str(body.get("message", "That cannot be worked out."))
    if isinstance(cls, type) and issubclass(cls, CapeworksError):
        try:
            return cls(message, field=body.get("field"))
        except TypeError:
            pass
    return InvalidCommand(message, field=body.get("field"))
