"""A referee's campaign situations (pass 14), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice. The night a character skips: the next night's sleep reads that night's day's end, not the
one skipped (src 487-491, WD-MORALE-008's day cycle); and the campaign events' words, now built from
the facts the events record, read as before (Rest & Recuperate, paid care, a follower tapped, a
negotiation's rolls, intel spent on a DC or a cell)."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.test_camp_referee13 import crew


def said(d: Driver, seat: str) -> str:
    return " ".join(d.words(seat))


def push_and_exhaust(d: Driver) -> None:
    """Ada pushes a climb with a reroll and exhausts a Stamina dot at the lull."""
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4, task="climb the fence")
    d.do("ann", "check", character="ada", call=max(d.state.calls), dice=[2])
    d.do("ann", "reroll", character="ada", dice=[5])
    d.do("gm", "lull")
    d.do("ann", "exhaust", character="ada", pool="stamina")


@pytest.mark.rules("WD-MORALE-006", "WD-MORALE-008", "WD-EFFORT-011")
def test_r14_01_a_night_skipped_is_not_read_by_the_next_nights_sleep() -> None:
    """src 487: 'When the day ends, the character's current morale impacts recovery'. Day one ends for
    Ada at -2 (downtime opens for the crew); she does not sleep that night. Day two she is back at her
    baseline 0 and exhausts a Stamina dot; the day ends with downtime for Bea alone (Ada takes no slots:
    nothing moves her morale). Her sleep that night reads the morale her day two ended at, 0: no roll,
    the dot clears. Before, it read day one's -2 (recorded as that downtime opened and never slept) and
    rolled the dot."""
    d = crew()
    d.do("gm", "change_morale", character="ada", steps=-2, reason="bad news")
    d.do("gm", "start_downtime")  # day one ends at -2 for Ada
    d.do("gm", "end_downtime")  # morale to the day start (0); Ada does not sleep
    assert d.state.people["ada"].morale == 0
    push_and_exhaust(d)
    d.do("gm", "start_downtime", characters=["bea"])  # day two ends; Ada at 0
    d.do("gm", "end_downtime")
    d.do("ann", "sleep", character="ada", dice=[])  # slept at 0: no dice
    assert d.state.people["ada"].effort.exhausted == {}
    assert "Ada sleeps the night; exhaustion clears." in d.words("bob")
    assert d.state.people["ada"].night_morale is None
