"""The server process's garbage collection: one short pass a second instead of long ones at random.

Python's cycle collector scans every tracked object of a generation. A live
server keeps its tables folded in memory (every event, state and memo of
every open table: about a million objects at 20 busy tables), so its
collections walked them again and again. Measured with the load bench (200
clients over 20 tables, bench/bench_web.py, one process on SQLite):

* default thresholds: 16 full collections in 45 s of 95-350 ms each, ~30% of
  the server's CPU; p99 327 ms;
* start-up frozen and the youngest generation every 10,000 objects: no full
  collection, but middle-generation passes of 65-130 ms now and then; p99
  46-121 ms over ten runs (two over 100 ms);
* no collection at all: p99 42-47 ms over three runs, and the same memory
  (~250 MiB): the server makes next to no cyclic garbage (a folded table
  holds no cycles; tests/server/test_collector.py).

So :class:`Collector` turns automatic collection off and, from a thread of
its own, once a second collects what the last second made (everything older
is frozen, so that pass is short) and freezes what survived. Frozen objects
are still freed by reference counting when dropped; only a cycle through
them would outlive them, so every ten minutes one full pass over everything
(unfrozen first) frees any such cycle.
"""

from __future__ import annotations

import gc
import threading
import time

__all__ = ["Collector"]


class Collector:
    """Collects on a schedule instead of on allocation counts (a serving process has one)."""

    def __init__(self, *, young_every: float = 1.0, whole_every: float = 600.0) -> None:
        self.young_every = young_every
        self.whole_every = whole_every
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.passes = 0
        self.whole_passes = 0

    def start(self) -> Collector:
        """Freeze what start-up made, stop automatic collection, and start the schedule."""
        gc.collect()
        gc.freeze()
        gc.disable()
        self._thread = threading.Thread(target=self._run, name="capeworks collector", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """End the schedule and give collection back to Python, nothing frozen."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        gc.unfreeze()
        gc.enable()

    def _run(self) -> None:
        last_whole = time.monotonic()
        while not self._stop.wait(self.young_every):
            if time.monotonic() - last_whole >= self.whole_every:
                gc.unfreeze()
                last_whole = time.monotonic()
                self.whole_passes += 1
            gc.collect()
            gc.freeze()
            self.passes += 1
