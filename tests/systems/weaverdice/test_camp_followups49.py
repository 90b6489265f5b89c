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
from tests.systems.weaverdice.helpers import table


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
