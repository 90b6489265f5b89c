"""The GM reworks an intel grid in play (issue 18's [GM] intel rules), played through the table.

Referee cases, from the seed before the code (the sample grid: rows Movements,
Status, Patterns, History; columns Capabilities, Relationships, Secrets, Data;
TNs 5 4 4 5 / 4 7 6 4 / 4 6 7 4 / 5 4 4 5; surveillance enters at 0,0,
research at 3,3; Ada's Wits 3 adds nothing):

- WD-INTEL-037 (seed 1954-1956): Pearl's Movements x Relationships is blocked:
  "the player has to actually visit the area and probably fight people to
  unlock those spaces... or take other routes past them". Ada, with 0,0
  open, cannot watch 0,1 (refused, nothing changes) but can go round by 1,0
  (d6 4 vs 4+); once the team has fought through Flint the GM opens 0,1 and a
  5 vs 4+ unlocks it.
- WD-INTEL-018 (seed 1868): "A thinker who never leaves his tower may have no
  real movements": the Movements row is skipped, so surveillance has no way in
  at 0,0 while research still starts at 3,3.
- WD-INTEL-036 (seed 1968-1975): Note the Facts: Ada names what she saw in
  play: she gains intel (the GM's award) and unlocks a relevant space (0,1,
  whose tidbit she now reads), or makes relevant spaces cheaper (1,1: TN 7
  by 2 to 5, so a 5 that would have failed unlocks it).
- WD-INTEL-027 (seed 1900): research blocked or confounded, "generally,
  there's some warning": the GM blocks 3,3 with a warning the players read;
  research there is refused.
- WD-INTEL-032 (seed 1921-1941): Scrub History / Obfuscate: a false record
  fools those who come later, and does not re-hide what was found: rewriting a
  locked cell's tidbit shows the lie to the next finder; an unlocked one is
  refused.
- WD-INTEL-039 (seed 1990-1992): Criterion's grid "loses the Heroic part to
  insert 'Sponsored'... with some progress lost": dispositions rewritten, a
  found cell locked again and its tidbit gone from the players' view.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.weaverdice.campaign.model import Cell
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import table

TIDBITS = ["moves at night", "answers to no one", "", "", "limps on the left", "owes the Teeth"]


def _grid(**more: object) -> Driver:
    d = table()
    pc(d, "ann", "ada", "Ada", wits=3, knowledge=3)
    d.do("gm", "start_downtime", slots=9)
    d.do("gm", "add_target", target="pearl", name="Pearl", dispositions=["violent"], tidbits=TIDBITS, **more)
    return d


def _cell(d: Driver, r: int, c: int) -> Cell:
    return camp(d).targets["pearl"].cell(r, c)


@pytest.mark.rules("WD-INTEL-037", "WD-INTEL-014")
def test_a_blocked_cell_waits_for_an_action_in_play_and_can_be_routed_around() -> None:
    d = _grid()
    d.do("gm", "rework_target", target="pearl", block=["0,1", "2,1"], warning="Flint is quarantined.")
    assert "Flint is quarantined." in d.words("ann")[-1]
    assert "blocked: Movements x Relationships, Patterns x Relationships" in d.words("ann")[-1]
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[5])  # 5 vs 5+
    before = d.state
    d.refuse(
        "ann",
        "surveil",
        character="ada",
        target="pearl",
        cell="0,1",
        dice=[6],
        rule="WD-INTEL-014",
        match="blocked",
    )
    assert d.state == before
    d.do("ann", "surveil", character="ada", target="pearl", cell="1,0", dice=[4])  # round it: 4 vs 4+
    assert _cell(d, 1, 0).unlocked
    # the team visits Flint and fights its way in: the GM opens the cell
    d.do("gm", "rework_target", target="pearl", unblock=["0,1"])
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,1", dice=[5])  # 5 vs 4+
    assert _cell(d, 0, 1).unlocked
    assert "answers to no one" in seen_by(d, "ann")
    assert _cell(d, 2, 1).blocked


@pytest.mark.rules("WD-INTEL-018", "WD-INTEL-013")
def test_a_tower_bound_thinker_has_no_movements_row_to_watch() -> None:
    d = _grid()
    d.do("gm", "rework_target", target="pearl", skip=["movements"])
    assert all(_cell(d, 0, c).blocked for c in range(4))
    d.refuse("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[6], rule="WD-INTEL-014")
    d.do("ann", "research", character="ada", target="pearl", cell="3,3", dice=[5])  # 5 vs 5+
    assert _cell(d, 3, 3).unlocked
    d.refuse("gm", "rework_target", target="pearl", skip=["weather"], rule="WD-INTEL-018", match="no row")


@pytest.mark.rules("WD-INTEL-036", "WD-INTEL-004")
def test_note_the_facts__intel_gained_a_cell_unlocked_and_another_made_cheaper() -> None:
    d = _grid()
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[5])
    # Ada names what she saw Pearl do in the session: intel, 0,1 unlocked, 1,1 cheaper by 2
    d.do("gm", "award", character="ada", intel="violent:1")
    d.do("gm", "rework_target", target="pearl", unlock=["0,1"], cheaper=["1,1"], by=2)
    assert sum(camp(d).ledgers["ada"].intel.values()) >= 1
    assert _cell(d, 0, 1).unlocked and "answers to no one" in seen_by(d, "ann")
    assert _cell(d, 1, 1).tn == 5
    d.do("ann", "surveil", character="ada", target="pearl", cell="1,1", dice=[5])  # 5 vs 5+ (was 7+)
    assert _cell(d, 1, 1).unlocked
    d.refuse("gm", "rework_target", target="pearl", unlock=["0,1"], rule="WD-INTEL-036", match="already")


@pytest.mark.rules("WD-INTEL-027", "WD-INTEL-025")
def test_research_blocked_with_a_warning_the_players_read() -> None:
    d = _grid()
    d.do(
        "gm", "rework_target", target="pearl", block=["3,3"], warning="The records are flagged: confidential."
    )
    assert d.words("ann")[-1].endswith("The records are flagged: confidential.")
    d.refuse("ann", "research", character="ada", target="pearl", cell="3,3", dice=[6], rule="WD-INTEL-014")
    assert not _cell(d, 3, 3).unlocked


@pytest.mark.rules("WD-INTEL-032", "WD-INTEL-027", "WD-INTEL-016")
def test_a_false_record_fools_the_next_finder_but_does_not_re_hide_what_was_found() -> None:
    d = _grid()
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[5])
    before = d.state
    d.refuse(
        "gm",
        "rework_target",
        target="pearl",
        tidbits=["0,0=moves at noon"],
        rule="WD-INTEL-032",
        match="found",
    )
    assert d.state == before
    d.do("gm", "rework_target", target="pearl", tidbits=["0,1=answers to the Merchants"])
    assert "answers to the Merchants" not in seen_by(d, "ann")  # locked: the GM's alone
    assert "answers to the Merchants" in seen_by(d, "gm")
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,1", dice=[4])  # 4 vs 4+
    assert "answers to the Merchants" in seen_by(d, "ann")
    assert "answers to no one" not in seen_by(d, "ann")


@pytest.mark.rules("WD-INTEL-039", "WD-INTEL-017")
def test_a_revelation_rewrites_the_dispositions_and_loses_some_progress() -> None:
    d = _grid()
    for cell, face in (("0,0", 5), ("0,1", 4)):
        d.do("ann", "surveil", character="ada", target="pearl", cell=cell, dice=[face])
    assert "moves at night" in seen_by(d, "ann")
    d.do("gm", "rework_target", target="pearl", dispositions=["sponsored"], relock=["0,0"])
    t = camp(d).targets["pearl"]
    assert t.dispositions == ("sponsored",)
    assert not t.cell(0, 0).unlocked and t.cell(0, 1).unlocked
    assert "moves at night" not in seen_by(d, "ann")
    said = d.words("ann")[-1]
    assert "progress lost: Movements x Capabilities" in said and "now sponsored" in said
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-INTEL-037", "WD-CORE-011")
def test_only_the_gm_reworks_a_grid_and_bad_input_changes_nothing() -> None:
    d = _grid()
    before = d.state
    d.refuse("ann", "rework_target", target="pearl", block=["0,1"], error=NotPermitted)
    d.refuse("gm", "rework_target", target="nope", block=["0,1"], rule="WD-INTEL-005")
    d.refuse("gm", "rework_target", target="pearl", block=["9,9"], rule="WD-INTEL-014")
    d.refuse("gm", "rework_target", target="pearl", block=["x"], rule="WD-INTEL-014")
    d.refuse("gm", "rework_target", target="pearl", unblock=["0,1"], rule="WD-INTEL-037", match="not blocked")
    d.refuse("gm", "rework_target", target="pearl", relock=["0,1"], rule="WD-INTEL-039")
    d.refuse("gm", "rework_target", target="pearl", dispositions=["grumpy"], rule="WD-INTEL-039")
    d.refuse("gm", "rework_target", target="pearl", tidbits=["0,1 lies"], rule="WD-INTEL-032")
    d.refuse("gm", "rework_target", target="pearl", rule="WD-INTEL-037", match="Name something")
    d.refuse("gm", "rework_target", target="pearl", block=["0,1"], unlock=["0,1"], rule="WD-INTEL-037")
    assert d.state == before
