"""Follow-ups (49) to campaign referee pass 12 on what a person reads
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N"): the downtime odds and campaign
sheet panels name characters and targets (their ids stay as keys, in columns of their own), the
day's end says whose morale moves from where to where, a candidate's line and an intel upgrade
read as sentences."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.campaign.board import ODDS_TITLE
from capeworks.systems.weaverdice.campaign.sheets import SHEET_TITLE
from tests.systems.weaverdice.campaign_support import pc
from tests.systems.weaverdice.helpers import add, sheet, table


def panel_rows(d: Driver, seat: str, title: str) -> list[dict[str, str]]:
    """A panel's rows for a seat, by column name."""
    (panel,) = [p for p in d.table.seen_panels(d.table.viewer_for(seat)) if p.title == title]
    return [dict(zip(panel.columns, row, strict=True)) for row in panel.rows]


@pytest.mark.rules("WD-INTEL-014", "WD-CRAFT-002")
def test_the_odds_panel_names_the_character_and_the_target_and_keeps_their_ids_as_keys() -> None:
    """src 1795ff: Ada watches Crossbones' top-left cell, 5+ (Wits 4: +1, needs a 4: 50%); her
    kevlar vest project is on the board too. A person reads "Ada" and "Crossbones", not "ada" and
    "xb"; the ids stay, in their own columns, for the forms and the page to match rows by."""
    d = table()
    craft = {"name": "Craft", "stats": ["dexterity"], "tree": "craft"}
    pc(d, "ann", "ada", "Ada", wits=4, dexterity=3, skills=[craft], money=400)
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent", "sponsored"])
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "start_craft", character="ada", project="vest", item="kevlar vest", tier="standard", price=300)
    rows = panel_rows(d, "ann", ODDS_TITLE)
    (watch,) = [r for r in rows if r["action"] == "surveil"]
    assert (watch["character"], watch["target"], watch["cell"], watch["chance"]) == (
        "Ada",
        "Crossbones",
        "0,0",
        "50%",
    )
    assert (watch["character id"], watch["target id"]) == ("ada", "xb")
    (make,) = [r for r in rows if r["action"] == "craft"]
    assert (make["character"], make["target"], make["character id"], make["target id"]) == (
        "Ada",
        "kevlar vest",
        "ada",
        "vest",
    )


@pytest.mark.rules("WD-REP-002", "WD-PROG-003")
def test_the_campaign_sheet_names_the_character_and_a_shared_cards_owners() -> None:
    """src 426-427: a card 'For players Astronaught and Bomber only'. The GM names its owners by id
    (ada, bo); Ada's sheet reads her name and 'shared by Ada, Bo', her id kept as the row's key."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "award", character="ada", rep="rooftop rescue", owners=["ada", "bo"])
    rows = panel_rows(d, "bob", SHEET_TITLE)
    assert {(r["character"], r["character id"]) for r in rows} == {("Ada", "ada"), ("Bo", "bo")}
    rows = [r for r in rows if r["character id"] == "ada"]
    (card,) = [r for r in rows if r["what"].endswith("rooftop rescue")]
    assert card["detail"] == "general; shared by Ada, Bo"


@pytest.mark.rules("WD-MORALE-008", "WD-NPC-003")
def test_the_days_end_says_whose_morale_moves_from_where_to_where() -> None:
    """src 491 (WD-MORALE-008): after downtime morale goes back to its day-start baseline (Neutral here).
    Ada ends the day at Poor (-2), Bo at Superb (+3), Cal at Neutral already; the hidden Mole at Low
    (-1). Every seat reads who moves from where to where (Cal does not move); the Mole's move is in
    the GM's log alone."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=-2)
    pc(d, "bob", "bo", "Bo", morale=3)
    pc(d, "bob", "cal", "Cal")
    add(d, "gm", {**sheet("mole", "The Mole"), "tier": "notable"}, hidden=True, morale=-1)
    d.do("gm", "start_downtime", characters=["ada", "bo", "cal", "mole"])
    d.do("gm", "end_downtime")
    line = (
        "Downtime phase 1 ends; morale heads back to its baseline: "
        "Ada from Poor (-2) to Neutral (+0), Bo from Superb (+3) to Neutral (+0)."
    )
    for seat in ("ann", "bob", "gm"):
        assert line in d.words(seat)
    assert "The Mole's morale heads back from Low (-1) to Neutral (+0)" in " ".join(d.words("gm"))
    assert "The Mole's morale" not in " ".join(d.words("ann"))  # he shows, veiled; his morale is the GM's
    assert [d.state.people[i].morale for i in ("ada", "bo", "cal", "mole")] == [0, 0, 0, 0]


@pytest.mark.rules("WD-RECRUIT-011", "WD-INTEL-029", "WD-INTEL-030")
def test_a_candidates_line_and_an_intel_upgrade_read_as_sentences() -> None:
    """src 1712: the GM presents Rook with what the recruiter may learn; the GM's line ends with a full
    stop. src 1909-1915: Cal turns 3 tier-1 villain intel into 1 tier-2, and 1 tier-2 Crossbones
    intel (the target's own, named by its id) into 2 tier-1: the line says so in words, no arrow,
    and names the target."""
    d = table()
    pc(d, "ann", "cal", "Cal", milestones=1)
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent", "sponsored"])
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="cal", recruitment="r1", seek=["one_mission"], dice=[4, 4, 4])
    d.do(
        "gm",
        "present_candidate",
        recruitment="r1",
        candidate="rook",
        name="Rook",
        details={"loyalty": "informs for the PRT", "temper": "steady"},
    )
    assert "Candidate Rook: loyalty informs for the PRT, temper steady." in d.words("gm")
    d.do("gm", "award", character="cal", intel="villain:1", intel_count=3)
    d.do("gm", "award", character="cal", intel="xb:2")
    d.do("ann", "utilize_intel", character="cal", ops=["upgrade villain:1", "downgrade xb:2"])
    assert d.words("ann")[-1] == (
        "Cal: 3 tier-1 villain intel become 1 tier-2 villain intel; "
        "1 tier-2 Crossbones intel becomes 2 tier-1 Crossbones intel."
    )


@pytest.mark.rules("WD-CRAFT-002", "WD-RECRUIT-011")
def test_the_projects_and_candidates_panels_name_the_crafter_and_the_recruiter() -> None:
    """The same for the Projects and Candidates panels: Cal's kevlar vest reads crafter "Cal" (the
    project keeps its id, which the craft form takes), Rook's recruiter reads "Cal", not "cal"."""
    d = table()
    craft = {"name": "Craft", "stats": ["dexterity"], "tree": "craft"}
    pc(d, "ann", "cal", "Cal", dexterity=3, skills=[craft], money=400, milestones=1)
    d.do("gm", "start_downtime")
    d.do("gm", "start_craft", character="cal", project="vest", item="kevlar vest", tier="standard", price=300)
    d.do("ann", "recruit", character="cal", recruitment="r1", seek=["one_mission"], dice=[4, 4, 4])
    d.do(
        "gm",
        "present_candidate",
        recruitment="r1",
        candidate="rook",
        name="Rook",
        details={"temper": "steady"},
    )
    (project,) = panel_rows(d, "ann", "Projects")
    assert (project["project"], project["crafter"], project["item"]) == ("vest", "Cal", "kevlar vest")
    (rook,) = panel_rows(d, "ann", "Candidates")
    assert (rook["candidate"], rook["recruiter"]) == ("Rook", "Cal")
