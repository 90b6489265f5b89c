"""A referee's campaign situations (pass 17), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: a target moving base (src 1949, "doubly vulnerable to being tracked in the interim";
WD-INTEL-034 PROPOSED: its DCs halved) halves a hidden NPC's own DC too, one his own spent intel had
already cut (WD-NPC-003, WD-INTEL-003); before, that DC stayed whole while the players' was halved.
The move and the hidden NPC's DCs stay the GM's.
"""

from __future__ import annotations

import pytest

from capeworks.engine.table import Table
from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import add, sheet, table
from tests.systems.weaverdice.test_camp_referee13 import TIDBITS
from tests.systems.weaverdice.test_camp_referee16 import kind, unversioned


def _boss_cut_the_find() -> Driver:
    """Ada (Ann's) and Boss (the GM's hidden notable) in a downtime; Gus (finding DC 10, thread 8). Boss
    spends tier-1 violent intel on the finding: 20% off, his own DC 8 (the players' stays 10); his
    Athletics 4 is 4 of it."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    add(d, "gm", {**sheet("boss", "Boss"), "tier": "notable"}, hidden=True)
    d.do("gm", "start_downtime", characters=["ada", "boss"], slots=3)
    d.do("gm", "add_target", target="gus", name="Gus", size=3, dispositions=["violent"], tns=[4] * 9,
         find_dc=10, thread_dc=8, tidbits=TIDBITS)  # fmt: skip
    d.do("gm", "award", character="boss", intel="violent:1")
    d.do("gm", "spend_intel", character="boss", target="gus", intel="violent:1", on="find")
    d.do("gm", "surveil", character="boss", target="gus", dice=[4])
    gus = camp(d).targets["gus"]
    assert (gus.find_dc, gus.gm_track.find_dc, gus.gm_track.find_progress) == (10, 8, 4)
    assert not gus.gm_track.found
    return d


@pytest.mark.rules("WD-INTEL-034", "WD-NPC-003", "WD-INTEL-003", "WD-INTEL-006")
def test_r17_01_a_move_halves_the_dc_a_hidden_npcs_intel_cut_and_his_rolls_reach_it_for_the_gm_alone() -> (
    None
):
    """The GM moves Gus's base over a downtime: the players' finding DC 10 -> 5, thread 8 -> 4, and
    Boss's own 8 -> 4 (before: it stayed 8, his 4 short of it). His 4 reaches it: his track finds Gus,
    the GM reads it; Ann and Bob see nothing new (no move, no DC, no find); the players' search is
    untouched; the log replays to the same state."""
    d = _boss_cut_the_find()
    before = {seat: unversioned(seen_by(d, seat)) for seat in ("ann", "bob")}
    d.do("gm", "relocate_target", target="gus", downtimes=1)
    gus = camp(d).targets["gus"]
    assert (gus.find_dc, gus.thread_dc, gus.gm_track.find_dc, gus.gm_track.thread_dc) == (5, 4, 4, None)
    assert gus.worked_hidden().find_dc == 4 and gus.worked_hidden().thread_dc == 4
    assert gus.gm_track.found and not gus.found
    assert d.words("gm")[-1] == "Behind the screen, the hidden NPCs' rolls so far are enough: Gus is found."
    for seat in ("ann", "bob"):
        assert unversioned(seen_by(d, seat)) == before[seat]
    assert Table.replay(d.table.log).state == d.table.state


@pytest.mark.rules("WD-INTEL-034", "WD-NPC-003", "WD-INTEL-003")
def test_r17_02_the_move_done_brings_the_hidden_npcs_own_dc_back_to_his_cut_not_the_players() -> None:
    """As above, but Boss's surveillance short (his 4 made a 3): the move halves his own 8 to 4, not
    reached. The day's end finishes the one-downtime move: the players' DCs are 10 and 8 again and
    Boss's own 8 again (the DC his intel cut, not the players' 10); nothing of it reaches a player."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    add(d, "gm", {**sheet("boss", "Boss"), "tier": "notable"}, hidden=True)
    d.do("gm", "start_downtime", characters=["ada", "boss"], slots=3)
    d.do("gm", "add_target", target="gus", name="Gus", size=3, dispositions=["violent"], tns=[4] * 9,
         find_dc=10, thread_dc=8, tidbits=TIDBITS)  # fmt: skip
    d.do("gm", "award", character="boss", intel="violent:1")
    d.do("gm", "spend_intel", character="boss", target="gus", intel="violent:1", on="find")
    d.do("gm", "surveil", character="boss", target="gus", dice=[3])
    d.do("gm", "relocate_target", target="gus", downtimes=1)
    gus = camp(d).targets["gus"]
    assert (gus.gm_track.find_dc, gus.gm_track.unmoved, gus.gm_track.found) == (4, (8, 8), False)
    d.do("gm", "end_downtime")
    gus = camp(d).targets["gus"]
    assert (gus.find_dc, gus.thread_dc, gus.moving) == (10, 8, 0)
    assert (gus.gm_track.find_dc, gus.gm_track.thread_dc, gus.gm_track.unmoved) == (8, None, None)
    for seat in ("ann", "bob"):
        seen = seen_by(d, seat)
        assert "target_moved" not in seen and "gm_dcs" not in seen and "gm_track" not in seen
    assert Table.replay(d.table.log).state == d.table.state


@pytest.mark.rules("WD-INTEL-034", "WD-NPC-003")
def test_r17_03_a_move_written_before_the_hidden_npcs_dcs_moved_replays_as_it_was() -> None:
    """Logs survive upgrades: the move as the release before wrote it (``target_moved`` version 1,
    without the hidden NPCs' DCs) reads and replays: Boss's own DC stays the 8 his intel cut, as that
    release folded it, and the players' DCs are halved."""
    d = _boss_cut_the_find()
    d.do("gm", "relocate_target", target="gus", downtimes=1)
    moved = [e for e in d.table.log if kind(e) == "target_moved"]
    assert [e.version for e in moved] == [2] and "gm_dcs" in moved[0].data
    log = []
    for e in d.table.log:
        if kind(e) == "target_moved":
            data = {k: v for k, v in e.data.items() if k not in ("gm_dcs", "gm_unmoved")}
            e = e.model_copy(update={"data": data, "version": 1})
        if kind(e) != "target_found":  # that release did not find Boss's track on the move
            log.append(e)
    gus = Table.replay(log).state.campaign.targets["gus"]
    assert (gus.find_dc, gus.gm_track.find_dc, gus.gm_track.found) == (5, 8, False)
