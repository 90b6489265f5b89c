"""The Capes table drawn for a player: where and whose turn, conflict cards, tokens, Drives."""

from __future__ import annotations

import pytest

from capeworks.engine import Command, Seat, Table, Viewer, get_ruleset
from capeworks.engine.conformance import play_sample
from capeworks.errors import RuleViolation


@pytest.mark.rules("CAPES-DEBT-002", "CAPES-PRIN-003")
def test_panels__the_sample_page_in_tables() -> None:
    table = play_sample(get_ruleset("capes"))
    panels = {p.title: p for p in table.ruleset.panels(table.state, Viewer(seat="ann"))}
    now = dict(panels["Now"].rows)
    assert now["Turn"].startswith("Cal to claim")
    assert "Skitter" in now["Cast"]
    cards = panels["Conflicts"].rows
    assert all(len(row) == 8 for row in cards) and any(row[3] == "2" for row in cards)
    # Skitter carries 4 Debt on Truth, whose Strength is 3: Overdrawn, and flagged
    skitter = next(row for row in panels["Characters"].rows if row[0] == "Skitter")
    assert "truth 4/3 OVERDRAWN" in skitter[2]


@pytest.mark.rules("CAPES-PAGE-002")
def test_log__a_page_change_is_a_line_of_its_own() -> None:
    table = play_sample(get_ruleset("capes"))
    lines = [e.description.text for e in table.log_view(Viewer(seat="ann"))]
    assert [line for line in lines if "Page" in line] == [
        "Scene 1, Page 1: Ann starts.",
        "Scene 1, Page 2: Bea starts.",
        "Scene 1, Page 3: Cal starts.",
    ]


@pytest.mark.rules("CAPES-SCENE-001", "CAPES-SCENE-002")
def test_panels__before_the_first_scene_nobody_is_told_to_pass() -> None:
    # a new table's "Now" said "anyone may declare the next Scene (or pass)", but the first Scene is
    # any volunteer's (src 62) and passing it is refused ("there is nothing to pass"): no pass
    # button was offered, and the words sent a new player looking for one
    table = Table.new("capes", seats=[Seat(id="ann", name="Ann"), Seat(id="bea", name="Bea")])
    now = dict({p.title: p for p in table.ruleset.panels(table.state, Viewer(seat="bea"))}["Now"].rows)
    assert now["Turn"] == "anyone may declare the first Scene"
    with pytest.raises(RuleViolation, match="there is nothing to pass"):
        table.execute(Command(type="pass", seat="bea", payload={}))
