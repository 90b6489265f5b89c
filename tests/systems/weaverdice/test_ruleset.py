"""The Weaverdice ruleset on engine contract v2: conformance, authority, refusals, hidden NPCs and rolls."""

from __future__ import annotations

import json

import pytest

from capeworks.engine import Viewer
from capeworks.engine.conformance import CHECKS
from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.weaverdice.ruleset import WeaverdiceRuleset
from capeworks.systems.weaverdice.samples import SAMPLES, sample_session

RS = WeaverdiceRuleset()


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_conformance(check: object) -> None:
    assert callable(check)
    check(RS)


def played(steps: int | None = None) -> Driver:
    session = sample_session()
    d = Driver(RS, seats=session.seats, config=session.config)
    for step in session.steps[:steps]:
        d.do(step.command.seat, step.command.type, dice=step.dice, payload=step.command.payload)
    return d


@pytest.mark.rules("WD-NPC-003", "WD-CORE-011")
def test_hidden_npc_sheet_never_reaches_a_player() -> None:
    d = played()
    ann = d.table.viewer_for("ann")
    seen = json.dumps(d.view("ann")) + json.dumps(
        [e.model_dump(mode="json") for e in d.table.visible_log(ann)]
    )
    assert "Steel-capped boots" not in seen  # the sheet's special rule
    assert '"brawn": 5' not in seen and '"brawn":5' not in seen
    gm = json.dumps(d.view()) + json.dumps([e.model_dump(mode="json") for e in d.table.log])
    assert "Steel-capped boots" in gm
    # the initiative line shows players the order but not Steeltoe's score or die
    assert "Steeltoe ?" in " ".join(d.words("ann"))
    assert not any("Steeltoe 8" in w for w in d.words("ann"))
    # the GM reads one initiative line for Steeltoe, not also the players' veiled copy
    gm_lines = [w for w in d.words() if "Steeltoe" in w and "nitiative" in w]
    assert [w for w in gm_lines if "Steeltoe 8 (rolled 1)" in w] == gm_lines[:1]
    assert len([w for w in d.words() if "Steeltoe 8" in w]) == 1
    assert not any("Steeltoe ?" in w for w in d.words())


def test_hidden_gm_roll__the_public_half_says_only_that_a_roll_was_made() -> None:
    d = played()
    d.do("gm", "check", character="thug", stat="wits", tn=4, hidden=True, dice=[6])
    assert d.words("ann")[-1] == "The GM makes a roll."
    assert "wits" not in json.dumps(
        [e.model_dump(mode="json") for e in d.table.visible_log(d.table.viewer_for("ann"))][-1:]
    )
    assert any("Thug rolls wits" in w for w in d.words()[-2:])
    d.refuse("ann", "check", character="ramjet", stat="wits", tn=4, hidden=True, dice=[6], error=NotPermitted)


@pytest.mark.rules("WD-COMBAT-001", "WD-COMBAT-008", "WD-COMBAT-019")
def test_bad_input_is_refused_and_changes_nothing() -> None:
    d = played()
    # out of turn: it is the thug's turn, with Stave's reaction pending
    d.refuse("ann", "attack", character="ramjet", target="thug", dice=[5], rule="WD-COMBAT-001")
    # a block by someone no attack waits on
    d.refuse("gm", "react", character="steeltoe", reaction="block", dice=[4], rule="WD-COMBAT-019")
    # Stave takes the hit: his armor slot holds it, and armor stops a conventional effect (WD-WOUND-004)
    d.answer("bob", "react-stave", "take")
    assert "armor takes it" in d.words("bob")[-1]
    d.do("gm", "act", character="thug", action="shout")  # the thug's second action
    d.refuse("gm", "act", character="thug", action="shout again", rule="WD-COMBAT-008")


@pytest.mark.rules("WD-EFFORT-007", "WD-EFFORT-003")
def test_an_effort_spend_you_cannot_afford_is_refused() -> None:
    d = Driver(RS, seats=sample_session().seats)
    slow = {**SAMPLES["ramjet"], "stats": {"athletics": 1, "brawn": 4, "knowledge": 4}}
    d.do("ann", "add_character", sheet=slow)
    d.do("gm", "start_combat", dice=[3])
    d.do("ann", "move", character="ramjet", feet=25, push=True, dice=[1])  # 20 ft + 1d3 x 5 = 25
    assert d.state.people["ramjet"].effort.available(d.state.sheet("ramjet"), "stamina") == 0
    d.refuse("ann", "move", character="ramjet", feet=5, push=True, dice=[1], rule="WD-EFFORT-007")


def test_players_cannot_add_npcs_or_act_for_others() -> None:
    d = played()
    d.refuse("ann", "add_character", sheet=SAMPLES["thug"], error=NotPermitted)
    d.refuse("ann", "react", character="stave", reaction="dodge", error=NotPermitted)


def test_panels_show_players_no_hidden_numbers() -> None:
    d = played()
    [tracker] = RS.panels(d.state, d.table.viewer_for("ann"))
    steeltoe = next(r for r in tracker.rows if r[1] == "Steeltoe")
    assert steeltoe[5:7] == ("?", "?") and steeltoe[8] == "?"
    # the GM also sees Steeltoe's two rep cards (reputation=2 deals cards now, issue 23); a player does not
    gm, campaign, pieces = RS.panels(d.state, Viewer.gm())
    assert pieces.title == "Campaign sheet" and pieces.rows[0] == (
        "Steeltoe",
        "rep",
        "held",
        "2 of 3 at day's end",
        "",
        "",
        "steeltoe",
    )
    assert campaign.title == "Campaign" and campaign.rows[0][:3] == (
        "Steeltoe",
        "$0",
        "reputation, reputation",
    )
    row = next(r for r in gm.rows if r[1] == "Steeltoe")
    # Steeltoe: one lesser wound of Guts 4 slots; Athletics 4, Wits 3 less the block's dot
    assert row[5] == "1/4" and row[6].startswith("S 4/4 F 2/3")


@pytest.mark.rules("WD-CORE-011")
def test_a_gm_ruling_overrides_an_outcome_and_undo_takes_it_back() -> None:
    d = played()
    before = d.state.people["thug"].model_dump_json()
    d.do("gm", "ruling", character="thug", text="the pipe glances off; no wound", clear_wound=1)
    assert d.state.people["thug"].track.wounds == ()
    assert "The GM rules on Thug: the pipe glances off; no wound" in d.words("ann")[-1]
    d.undo("gm")
    assert d.state.people["thug"].model_dump_json() == before
    d.refuse("ann", "ruling", character="ramjet", text="I win", error=NotPermitted)
