"""The serving process collects garbage on a schedule; the folded tables it keeps hold no cycles."""

from __future__ import annotations

import gc
import time
import weakref

import pytest

from capeworks.engine import get_ruleset
from capeworks.engine.conformance import play_sample
from capeworks.server.collector import Collector


def test_collector__freezes_start_up_turns_automatic_collection_off_and_gives_it_back() -> None:
    collector = Collector(young_every=0.01, whole_every=0.05).start()
    try:
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0
        deadline = time.monotonic() + 10
        while (collector.whole_passes < 1 or collector.passes < 2) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert collector.passes >= 2 and collector.whole_passes >= 1
    finally:
        collector.stop()
    assert gc.isenabled() and gc.get_freeze_count() == 0


class _Node:
    """An object that can sit in a reference cycle and be watched by a weak reference."""

    def __init__(self) -> None:
        self.me: _Node | None = None


def test_collector__a_cycle_made_while_serving_is_freed_by_the_next_pass() -> None:
    collector = Collector(young_every=0.01).start()
    try:
        node = _Node()
        node.me = node  # only the cycle collector can free it
        watched = weakref.ref(node)
        del node  # automatic collection is off: only the collector's next pass can free it
        deadline = time.monotonic() + 10
        while watched() is not None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert watched() is None
    finally:
        collector.stop()


@pytest.mark.parametrize("name", ["rwyn", "capes", "weaverdice"])
def test_a_played_table_holds_no_cycles_so_reference_counting_frees_it(name: str) -> None:
    table = play_sample(get_ruleset(name))
    for seat in table.seats:
        table.legal_commands(seat.id)
        table.seen_state(table.viewer_for(seat.id))
    gc.collect()
    gc.disable()
    try:
        del table
        assert gc.collect() == 0  # nothing was left for the cycle collector
    finally:
        gc.enable()
