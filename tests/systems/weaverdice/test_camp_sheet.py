"""The campaign part of each character's sheet (the "Campaign sheet" panel the web table draws on the
sheets): rep cards, negative rep, followers and progression boxes, and what a player does not see."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.campaign.sheets import SHEET_COLUMNS, SHEET_TITLE
from tests.systems.weaverdice.campaign_support import pc, seen_by
from tests.systems.weaverdice.helpers import add, sheet, table

MOLE_REP = "a favour the harbour owes"
FAN = "+1 rep usable in downtime per Fan; every two Fans raise the rep cap by 1."


def pieces(d: Driver, seat: str, ident: str) -> list[tuple[str, ...]]:
    """The sheet panel's rows of one character (by its id, the last column), without its name and the
    keys (what id, character id), as a seat sees them."""
    found = [p for p in d.table.seen_panels(d.table.viewer_for(seat)) if p.title == SHEET_TITLE]
    if not found:
        return []
    assert found[0].columns == SHEET_COLUMNS
    return [tuple(r[1:-2]) for r in found[0].rows if r[-1] == ident]


def ada_played() -> Driver:
    """Ada (Social 4) with rep of every kind, two Fans (one tapped), negative rep and two boxes."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=4)
    pc(d, "bob", "bo", "Bo")
    add(d, "gm", {**sheet("mole", "The Mole"), "tier": "notable"}, hidden=True, reputation=2)
    d.do("gm", "award", character="mole", rep=MOLE_REP, money=900)
    d.do("gm", "give_negative", character="ada", source="shot at a cop")
    d.do("gm", "give_negative", character="ada", source="an unseen theft", witnessed=False)
    for _ in range(2):
        d.do("gm", "award", character="ada", eligible="fan")
        d.do("ann", "gain_follower", character="ada", kind="fan", dice=[6])
    # the unseen theft is numbered apart (1000): the players' numbers run on with no gap (WD-REP-010)
    d.do("ann", "tap_follower", character="ada", kind="fan", use="rep")  # card 2, used up when played
    d.do("gm", "start_downtime", characters=["ada", "bo"])  # the untapped Fan's card 3, this downtime
    d.do("gm", "award", character="ada", rep="the docks rescue")  # 4
    d.do("gm", "award", character="ada", rep="PRT thanks", exclusive="PRT")  # 5
    d.do("gm", "award", character="ada", rep="a quiet word")  # 6
    d.do("gm", "open_negotiation", negotiation="n", party="PRT")
    # card 5 exclusive to PRT: two dice (5, 1), the keep roll 4: kept and marked (WD-REP-005)
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=[5], dice=[5, 1, 4])
    d.do("gm", "open_negotiation", negotiation="m", party="Mayor")  # one roll each in a negotiation
    d.do("ann", "negotiate", character="ada", negotiation="m", cards=[4], dice=[1, 1])  # general: spent
    d.do("gm", "award", character="ada", boxes=2)
    d.do("ann", "check_box", character="ada", box="room_to_recruit")
    d.do("ann", "check_box", character="ada", box="extra_effort", pool="stamina")
    return d


@pytest.mark.rules(
    "WD-REP-002",
    "WD-REP-004",
    "WD-REP-005",
    "WD-REP-009",
    "WD-REP-010",
    "WD-FOLLOW-003",
    "WD-FOLLOW-010",
    "WD-PROG-003",
    "WD-PROG-004",
    "WD-PROG-006",
)
def test_a_sheet_lists_its_rep_cards_negative_rep_followers_and_boxes_as_the_rules_left_them() -> None:
    d = ada_played()
    player = pieces(d, "ann", "ada")
    assert player == [
        # Social 4 + one per two Fans, but one Fan is tapped, its passive out this phase (src 1348): 4
        ("rep", "held", "4 of 4 at day's end", ""),
        ("rep", "#2 a fan", "general", "unspent, used up when played"),
        ("rep", "#3 fans", "general", "this downtime only"),
        ("rep", "#5 PRT thanks", "exclusive to PRT", "unspent, marked: kept again on 6+"),
        ("rep", "#6 a quiet word", "general", "unspent"),
        ("rep", "#4 the docks rescue", "general", "spent today"),
        ("negative", "held", "1 card", "no escalation yet"),
        ("negative", "#1 shot at a cop", "cited 0 times", "known"),
        ("follower", "2 Fans", FAN, "1 active, 1 tapped"),
        ("progression", "boxes", "2 of 4 for a milestone", "0 to check; goal open"),
        ("box", "extra effort", "1 of 1", "full"),
        ("box", "equipment slot", "0 of 1", "open"),
        ("box", "room to recruit", "1 of 2 (may be checked twice)", "open"),
        ("box", "eager follower", "0 of 1", "open"),
        ("box", "trusted follower", "0 of 1", "open"),
        ("box", "learning a skill", "0 of 2 (may be checked twice)", "open"),
        ("progression", "half dot: stamina", "one more makes a whole dot", "waiting"),
    ]
    # the follower row keys its type apart from its words, for the page to draw it by
    [panel] = [p for p in d.table.seen_panels(d.table.viewer_for("ann")) if p.title == SHEET_TITLE]
    follower = ("2 Fans", FAN, "1 active, 1 tapped", "fan", "ada")
    assert [r[2:] for r in panel.rows if r[1] == "follower"] == [follower]
    # the GM's sheet adds the card nobody witnessed (WD-REP-010), counted in the negative rep held
    gm = pieces(d, "gm", "ada")
    assert ("negative", "#1000 an unseen theft", "cited 0 times", "secret: the GM's") in gm
    assert ("negative", "held", "2 cards", "no escalation yet") in gm
    assert [r for r in gm if r[1] != "#1000 an unseen theft" and r[:2] != ("negative", "held")] == [
        r for r in player if r[:2] != ("negative", "held")
    ]
    # the cited card counts its citations; a second box of a kind is the duplicate the list allows
    d.do("gm", "cite_negative", character="ada", card=1)
    d.do("gm", "award", character="ada", boxes=1)
    d.do("ann", "check_box", character="ada", box="room_to_recruit")
    now = pieces(d, "bob", "ada")
    assert ("negative", "#1 shot at a cop", "cited 1 time", "known") in now
    assert ("rep", "held", "4 of 4 at day's end", "-1 on the next Social roll") in now
    assert ("box", "room to recruit", "2 of 2 (may be checked twice)", "full") in now
    assert ("progression", "boxes", "3 of 4 for a milestone", "0 to check; goal open") in now


@pytest.mark.rules("WD-REP-010", "WD-DN-017", "WD-PROG-002")
def test_a_hidden_npcs_sheet_and_a_secret_card_reach_no_player_and_mini_shows_its_picks() -> None:
    d = ada_played()
    for seat in ("ann", "bob"):
        assert pieces(d, seat, "mole") == []
        seen = seen_by(d, seat)
        # not in a view, a panel, nor the log's event data (a public event's ledgers are screened)
        assert "an unseen theft" not in seen and "secret: the GM's" not in seen and MOLE_REP not in seen
    assert pieces(d, "gm", "mole")[0] == ("rep", "held", "3 of 3 at day's end", "")
    assert MOLE_REP in seen_by(d, "gm") and "an unseen theft" in seen_by(d, "gm")
    assert pieces(d, "ann", "bo") == []  # no ledger yet: nothing to draw
    mini = table(config={"campaign": {"progression": "mini"}})
    pc(mini, "ann", "ada", "Ada")
    mini.do("gm", "award", character="ada", boxes=2)
    mini.do("ann", "pick_mini", character="ada", option=8)
    rows = pieces(mini, "ann", "ada")
    assert ("progression", "mini-progression", "options taken: 8", "1 to pick") in rows
    assert not [r for r in rows if r[0] == "box"]


@pytest.mark.rules("WD-REP-010", "WD-COMBAT-030")
def test_a_rep_spend_in_a_fight_carries_no_secret_card_to_a_player() -> None:
    """Leverage's spend sends the ledger after it; the unwitnessed card stays the GM's."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", rep="stopped a bus")
    d.do("gm", "give_negative", character="ada", source="an unseen theft", witnessed=False)
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "leverage", character="ada", spent=True, card="stopped a bus")
    assert [c.source for c in d.state.campaign.ledger("ada").rep] == ["an unseen theft"]  # the fold keeps it
    assert "an unseen theft" not in seen_by(d, "ann") and "an unseen theft" in seen_by(d, "gm")
