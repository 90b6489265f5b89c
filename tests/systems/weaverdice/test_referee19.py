"""Referee pass 19 of Weaverdice part 1 (seed /work/shared/seeds/000_6595eaca0229e06e.txt, inventory
/work/shared/rules/weaverdice.md), with four faults noticed at the last stop: the words of a rest's
morale, Utilize Intel's line as facts, and attacks of opportunity on someone rising from Knocked Down.

Every situation is played through the table (:class:`~capeworks.engine.testing.Driver`) with given
dice, and read from the seats that see it.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import pc
from tests.systems.weaverdice.test_camp_referee12 import four


def said(d: Driver, seat: str) -> str:
    return " ".join(d.words(seat))


# -- 1. a rest's morale reads as words, not an arrow (src 2003) ----------------------------------------


@pytest.mark.rules("WD-REST-001", "WD-MORALE-001")
def test_a_rest_reads_that_morale_rises_from_poor_to_neutral_in_words() -> None:
    # src 2003: R&R "Bumps morale up two steps if negative, to a maximum of neutral": Cal at Poor (-2)
    # rests to Neutral (+0); every seat reads it as a sentence, no "-2 -> +0"
    d = four()
    pc(d, "cat", "cal", "Cal", morale=-2)
    d.do("gm", "start_downtime")
    d.do("cat", "rest_recuperate", character="cal", uses=[])
    for seat in ("ann", "cat", "gm"):
        assert d.words(seat)[-1] == "Cal: mends no wounds; morale rises from Poor (-2) to Neutral (+0)."
