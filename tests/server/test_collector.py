"""The serving process spaces out its garbage collections and freezes what start-up made."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from capeworks.server.collector import THRESHOLDS, settle


@pytest.fixture
def restored() -> Iterator[None]:
    before = gc.get_threshold()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


@pytest.mark.usefixtures("restored")
def test_settle__freezes_start_up_objects_and_raises_the_thresholds() -> None:
    made_at_start_up = [{"kept": i} for i in range(1000)]
    settle()
    assert gc.get_threshold() == THRESHOLDS
    assert gc.get_freeze_count() >= len(made_at_start_up)
    assert THRESHOLDS[0] > 700  # the default, which meant a young collection every 700 new objects
