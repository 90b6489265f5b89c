"""One store for reputation (issue 23): rep cards only; a number at joining deals cards; old logs upcast."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from capeworks.engine.golden import replay_document
from capeworks.systems.weaverdice.campaign.reputation import (
    JOINED_SOURCE,
    held,
    lift_joining,
    lift_reputation,
    mark_old_spend,
)
from capeworks.systems.weaverdice.state import Combatant
from tests.systems.weaverdice.campaign_support import seen_by
from tests.systems.weaverdice.helpers import add, sheet, table

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "weaverdice" / "reputation.log.json"


def sources(d: object, ident: str) -> list[str]:
    return [c.source for c in d.state.campaign.ledger(ident).rep]  # type: ignore[attr-defined]


@pytest.mark.rules("WD-REP-002", "WD-COMBAT-030")
def test_reputation_at_joining_deals_that_many_cards_and_leverage_spends_one() -> None:
    d = table()
    add(d, "gm", sheet("vic", "Vic"), owner="ann", reputation=2)  # the GM deals rep (src 416)
    assert "reputation" not in Combatant.model_fields  # the number is gone from the combatant
    assert sources(d, "vic") == [JOINED_SOURCE, JOINED_SOURCE] and held(d.state.campaign, "vic") == 2
    d.do("gm", "award", character="vic", rep="stopped a bus")
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    # spent with no card named: the first general card goes, the awarded one stays
    d.do("ann", "leverage", character="vic", spent=True)
    assert sources(d, "vic") == [JOINED_SOURCE, "stopped a bus"]
    assert "Vic's rep card reputation is spent." in d.words()
    d.do("ann", "leverage", character="vic", spent=True, card="stopped a bus")
    assert sources(d, "vic") == [JOINED_SOURCE]
    # the cards are what the sheet and the view show: no number anywhere on the combatant
    view = d.table.view(d.table.viewer_for("ann"))["state"]
    assert "reputation" not in view["people"]["vic"]
    assert [c["source"] for c in view["campaign"]["ledgers"]["vic"]["rep"]] == [JOINED_SOURCE]


@pytest.mark.rules("WD-REP-002", "WD-COMBAT-030")
def test_leverage_cannot_play_a_card_for_other_players_only() -> None:
    """src 426-427: 'A & B did that cool aerial bombardment combo. (For players Astronaught and Bomber
    only)': a card Vic holds for other players is not Vic's to lever."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    d.do("gm", "award", character="vic", rep="bombardment combo", owners=["Astronaught", "Bomber"])
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    d.refuse(
        "ann",
        "leverage",
        character="vic",
        spent=True,
        card="bombardment combo",
        rule="WD-REP-002",
        match="for Astronaught and Bomber only",
    )
    d.refuse("ann", "leverage", character="vic", rule="WD-COMBAT-030")  # none of Vic's own to pick
    assert sources(d, "vic") == ["bombardment combo"]
    d.do("gm", "award", character="vic", rep="stopped a bus", owners=["Vic"])
    d.do("ann", "leverage", character="vic", spent=True)  # unnamed: the card Vic may play goes
    assert sources(d, "vic") == ["bombardment combo"]


@pytest.mark.rules("WD-COMBAT-004", "WD-COMBAT-005")
def test_initiative_ties_break_on_the_rep_cards_held() -> None:
    d = table()
    add(d, "gm", sheet("ada", "Ada"), owner="ann", reputation=1)
    add(d, "bob", sheet("bo", "Bo"))
    d.do("gm", "award", character="bo", rep="saved a cat")
    d.do("gm", "award", character="bo", rep="stopped a bus")
    # same score (3 + 3), tier and morale: Bo's two awarded cards beat Ada's one from joining
    d.do("gm", "start_combat", dice=[3, 3])
    assert tuple(d.state.fight.order.order) == ("bo", "ada")  # type: ignore[union-attr]


@pytest.mark.rules("WD-NPC-003", "WD-REP-002")
def test_a_hidden_npcs_joining_cards_are_the_gms_alone() -> None:
    d = table()
    add(d, "ann", sheet("ada", "Ada"))
    add(d, "gm", {**sheet("boss", "Boss"), "tier": "notable"}, hidden=True, reputation=3)
    assert held(d.state.campaign, "boss") == 3
    gm_view = d.table.view(d.table.viewer_for("gm"))["state"]
    assert len(gm_view["campaign"]["ledgers"]["boss"]["rep"]) == 3
    for seat in ("ann", "bob"):
        view = d.table.view(d.table.viewer_for(seat))["state"]
        assert "campaign" not in view  # nothing of the campaign shows, not even an empty ledger list
        assert '"boss": {"box_credit"' not in seen_by(d, seat)


def test_the_upcasters_take_the_number_out_of_every_copy_and_keep_the_joining_and_the_spends() -> None:
    old = {"people": [{"id": "vic", "name": "Vic", "reputation": 3}, {"id": "thug", "reputation": 0}]}
    assert lift_reputation(old) == {"people": [{"id": "vic", "name": "Vic"}, {"id": "thug"}]}
    joined = lift_joining({"sheet": {}, **old})
    assert joined["reputation"] == {"vic": 3} and joined["people"][0] == {"id": "vic", "name": "Vic"}
    assert lift_reputation({"sheet": {}}) == {"sheet": {}}  # nothing to lift, nothing added
    assert mark_old_spend({"spent": True})["spends_joined"] is True
    assert "spends_joined" not in mark_old_spend({"spent": False})


@pytest.mark.rules("WD-REP-002", "WD-COMBAT-030")
def test_golden_log_with_numeric_reputation_replays_to_rep_cards() -> None:
    """weaverdice/reputation was written while reputation was a number (its events at version 1):
    Vic joined with 3 and spent one with Leverage (an npc_updated carrying 2) beside an awarded
    card; the hidden Boss joined with 1. Replayed today, the number is cards."""
    document = json.loads(GOLDEN.read_text(encoding="utf-8"))
    written = [e for e in document["log"] if e["type"] == "weaverdice.character_added"]
    assert written[0]["data"]["people"][0]["reputation"] == 3 and "version" not in written[0]
    t = replay_document(document)
    camp = t.state.campaign
    assert sorted(c.source for c in camp.ledger("vic").rep) == [JOINED_SOURCE, JOINED_SOURCE, "stopped a bus"]
    assert [c.source for c in camp.ledger("boss").rep] == [JOINED_SOURCE]
    assert all("reputation" not in p.model_dump() for p in t.state.people.values())
    player = t.view(t.viewer_for("ann"))["state"]
    ledgers = player["campaign"]["ledgers"]
    assert "boss" not in ledgers and len(ledgers["vic"]["rep"]) == 3


@pytest.mark.rules("WD-NPC-003", "WD-MORALE-008")
def test_a_hidden_npcs_morale_reset_at_a_downtimes_end_goes_to_the_gm_alone() -> None:
    """A campaign event carries what changed of each combatant; a hidden NPC's part (its morale reset
    when the phase ends) leaves the public event for a GM-only ``npc_updated``, as in a fight."""
    d = table()
    add(d, "ann", sheet("ada", "Ada"))
    add(d, "gm", {**sheet("boss", "Boss"), "tier": "notable"}, hidden=True, morale=3)
    d.do("gm", "start_downtime", characters=["ada", "boss"], dice=[1, 1, 1, 1, 1])
    d.do("gm", "end_downtime")
    assert d.state.people["boss"].morale == 0  # reset to its baseline
    ended = [e for e in d.table.log_view(d.table.viewer_for("ann")) if e.type == "weaverdice.downtime_ended"]
    assert ended and all(p["id"] != "boss" for p in ended[0].event.data["changed"])  # type: ignore[union-attr]
    for seat in ("ann", "bob"):
        assert '{"id": "boss", "name": "Boss", "morale"' not in seen_by(d, seat)
        assert "night_morale" not in seen_by(d, seat)
        assert "npc_updated" not in seen_by(d, seat)
    # the GM's copies: the morale the day ended at, kept as downtime opened for the Boss's night, then
    # the reset (one day cycle, src 487-491)
    assert '{"id": "boss", "name": "Boss", "night_morale": 3}' in seen_by(d, "gm")
    assert '{"id": "boss", "name": "Boss", "morale": 0}' in seen_by(d, "gm")
