"""Referee pass 19 of Weaverdice part 1 (seed /work/shared/seeds/000_6595eaca0229e06e.txt, inventory
/work/shared/rules/weaverdice.md), with four faults noticed at the last stop: the words of a rest's
morale, Utilize Intel's line as facts, and attacks of opportunity on someone rising from Knocked Down.

Every situation is played through the table (:class:`~capeworks.engine.testing.Driver`) with given
dice, and read from the seats that see it.
"""

from __future__ import annotations

import pytest

from capeworks.engine import Event, Table, Viewer
from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import pc
from tests.systems.weaverdice.helpers import RS
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


# -- 2. Utilize Intel's line: facts in the event, words from the renderer (src 1909-1915, 1970-1978) ---


@pytest.mark.rules("WD-INTEL-029", "WD-INTEL-030", "WD-INTEL-031", "WD-INTEL-035")
def test_a_utilize_intel_slot_records_its_steps_as_facts_and_reads_the_same_words() -> None:
    # src 1909-1915: 3 tier-1 villain intel become 1 tier-2; 1 tier-2 Crossbones intel (the target's own)
    # becomes 2 tier-1; a shuffle of tier-2 violent intel rolls a d5 among the dispositions but "city"
    # (a 1: hero); then a write-up of Crossbones's 1 unlocked cell for Bea wraps up the slot (src 1978)
    d = four()
    pc(d, "ann", "cal", "Cal")
    pc(d, "bob", "bea", "Bea")
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent", "sponsored"])
    d.do("gm", "start_downtime")
    d.do("gm", "award", character="cal", intel="villain:1", intel_count=3)
    d.do("gm", "award", character="cal", intel="xb:2", intel_count=2)
    d.do("gm", "award", character="cal", intel="violent:2")
    d.do("ann", "spend_intel", character="cal", target="xb", intel="xb:2", on="0,0")
    d.do(
        "ann", "utilize_intel", character="cal",
        ops=["upgrade villain:1", "downgrade xb:2", "shuffle violent:2", "spell xb for bea"], dice=[1],
    )  # fmt: skip
    line = (
        "Cal: 3 tier-1 villain intel become 1 tier-2 villain intel; 1 tier-2 Crossbones intel becomes 2"
        " tier-1 Crossbones intel; 1 tier-2 violent intel becomes 1 tier-1 hero intel; writes up 1"
        " unlocks on Crossbones for Bea."
    )
    for seat in ("ann", "bob", "gm"):
        assert d.words(seat)[-1] == line
    stored = d.table.log[-1].data
    assert "text" not in stored  # facts, not words
    assert [s["verb"] for s in stored["steps"]] == ["upgrade", "downgrade", "shuffle", "write_up"]
    assert stored["steps"][1] == {"verb": "downgrade", "tier": 2, "kind": "xb"}
    assert stored["steps"][3] == {"verb": "write_up", "unlocks": 1, "target": "xb", "readers": ["bea"]}
    assert stored["names"] == {"xb": "Crossbones", "bea": "Bea"}


def _as_version_3(d: Driver) -> Table:
    """``d``'s log with its last event (a Utilize Intel slot) written as version 3 wrote it: the line's
    words as ``text``, no steps, replayed."""
    log = list(d.table.log)
    raw = log[-1].model_dump()
    text = d.words("gm")[-1].removeprefix("Cal: ")
    data = {k: v for k, v in raw["data"].items() if k not in ("steps", "names")}
    log[-1] = Event.model_validate({**raw, "data": {**data, "text": text}, "version": 3})
    return Table(RS, log)


def _lines(t: Table, viewer: Viewer) -> list[str]:
    return [e.description.text for e in t.log_view(viewer)]


@pytest.mark.rules("WD-INTEL-029", "WD-INTEL-030", "WD-INTEL-031", "WD-INTEL-033", "WD-INTEL-034")
@pytest.mark.parametrize(
    ("ops", "dice"),
    [
        (["upgrade villain:1", "downgrade xb:2", "shuffle violent:2"], [3]),
        (["downgrade violent:2", "relocate 2"], []),
        (["rebrand"], []),
        (["spell xb for bea"], []),
        (["present to bea"], []),
    ],
)
def test_an_old_utilize_intel_line_replays_to_the_same_words_for_every_seat(
    ops: list[str], dice: list[int]
) -> None:
    # a log written at version 3 stored the slot's line; the upcaster reads it back into steps, and
    # every seat reads the line as it was written (and the table folds to the same state)
    d = four()
    pc(d, "ann", "cal", "Cal")
    pc(d, "bob", "bea", "Bea")
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent", "sponsored"])
    d.do("gm", "start_downtime")
    d.do("gm", "award", character="cal", intel="villain:1", intel_count=3)
    d.do("gm", "award", character="cal", intel="xb:2", intel_count=2)
    d.do("gm", "award", character="cal", intel="violent:2")
    d.do("ann", "spend_intel", character="cal", target="xb", intel="xb:2", on="0,0")
    d.do("ann", "utilize_intel", character="cal", ops=ops, dice=dice)
    again = _as_version_3(d)
    assert again.log[-1].version == 3
    for viewer in (Viewer.gm(), Viewer(seat="ann"), Viewer(seat="bob")):
        assert _lines(again, viewer) == _lines(d.table, viewer)
    assert again.state == d.table.state
