"""The server process's garbage-collector settings: few, short pauses instead of many long ones.

Python's cycle collector scans every tracked object in a generation. A live
server keeps its tables folded in memory (every event, state and memo of
every open table: about a million objects at 20 busy tables), so each full
collection walked all of them. With the default thresholds, the load bench
(200 clients over 20 tables, bench/bench_web.py) saw 16 full collections in
45 seconds, each pausing the whole process for 95-350 ms, and collection
took about 30% of the server's CPU; its p99 latency was 330 ms. Our objects
rarely form cycles (frozen models, plain dicts), so:

* what exists once the server has started (modules, classes, the demo
  tables) is frozen: collections never scan it again;
* the youngest generation is collected every 10,000 new objects instead of
  700, so the middle and oldest come less often too: a full collection every
  few million allocations instead of every few seconds.

Measured in the same bench: 2 full collections of 35-39 ms in a run instead
of 16 of 95-350 ms; server CPU 7.8 -> 4.8-5.6 ms a command; p99 327 ->
56-80 ms (five runs of thresholds between 10,000 and 50,000 were within the
run-to-run noise of each other); resident memory 240-340 MiB as before.
Middle-generation collections still take up to ~100 ms now and then, while
tables are being loaded and grow: a source of the remaining tail.
"""

from __future__ import annotations

import gc

__all__ = ["THRESHOLDS", "settle"]

#: (youngest, middle, oldest) collection thresholds for a serving process
THRESHOLDS = (10_000, 20, 20)


def settle() -> None:
    """Freeze what start-up made and space out collections (call once, just before serving)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
