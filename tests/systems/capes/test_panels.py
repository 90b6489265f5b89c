"""The Capes table drawn for a player: where and whose turn, conflict cards, tokens, Drives."""

from __future__ import annotations

import pytest

from capeworks.engine import Viewer, get_ruleset
from capeworks.engine.conformance import play_sample


@pytest.mark.rules("CAPES-DEBT-002", "CAPES-PRIN-003")
def test_panels__the_sample_page_in_tables() -> None:
    table = play_sample(get_ruleset("capes"))
    panels = {p.title: p for p in table.ruleset.panels(table.state, Viewer(seat="ann"))}
    now = dict(panels["Now"].rows)
    assert now["Turn"].startswith("Cal to claim")
    assert "Skitter" in now["Cast"]
    cards = panels["Conflicts"].rows
    assert all(len(row) == 7 for row in cards) and any(row[3] == "2" for row in cards)
    # Skitter carries 4 Debt on Truth, whose Strength is 3: Overdrawn, and flagged
    skitter = next(row for row in panels["Characters"].rows if row[0] == "Skitter")
    assert "truth 4/3 OVERDRAWN" in skitter[2]


@pytest.mark.rules("CAPES-PAGE-002")
def test_log__a_page_change_is_a_line_of_its_own() -> None:
    table = play_sample(get_ruleset("capes"))
    lines = [e.description.text for e in table.log_view(Viewer(seat="ann"))]
    assert [line for line in lines if "Page" in line] == [
        "Scene 1, Page 1: Ann starts",
        "Scene 1, Page 2: Bea starts",
        "Scene 1, Page 3: Cal starts",
    ]
