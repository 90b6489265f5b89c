"""A hidden NPC's downtime is the GM's alone (WD-NPC-003: the GM handwaves a notable's downtime): its
slots, bonus-slot dice and actions never reach a player, not in the view, the panels, the log's words or
data, nor the prompts; the NPC itself was seen entering the scene, so its name may show elsewhere."""

from __future__ import annotations

import json
from typing import Any

import pytest

from capeworks.engine import Table
from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import pc, seen_by
from tests.systems.weaverdice.helpers import add, sheet, table

PLAYERS = ("ann", "bob")
DICE = [6, 2, 2, 2, 2]  # Boss's morale 3 rolls 2 + 3 dice for the bonus slot: a 6 gives one


def with_hidden_boss(*, morale: int = 3) -> Driver:
    """Ada (Ann's) and the GM's hidden Boss, with good morale for a bonus-slot roll."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    add(d, "gm", {**sheet("boss", "Boss"), "tier": "notable"}, hidden=True, morale=morale)
    return d


def downtime_seen(d: Driver, seat: str) -> str:
    """What a seat sees of the downtime: the view's campaign part, the downtime events (words, data,
    rolls), the panels and the prompts."""
    t = d.table
    viewer = t.viewer_for(seat)
    parts: list[Any] = [t.view(viewer)["state"].get("campaign")]
    parts += [e.model_dump(mode="json") for e in t.log_view(viewer) if e.seq > 8]  # after Boss joined
    parts += [p.model_dump(mode="json") for p in t.seen_panels(viewer) if p.title.startswith("Downtime")]
    parts += [p.model_dump(mode="json") for p in t.prompts(viewer)]
    return json.dumps(parts, default=str)


@pytest.mark.rules("WD-NPC-003", "WD-DT-002", "WD-MORALE-007", "WD-DT-006")
def test_a_hidden_npcs_slots_and_bonus_dice_reach_the_gm_alone() -> None:
    d = with_hidden_boss()
    d.do("gm", "start_downtime", characters=["ada", "boss"], slots=2, dice=DICE)
    slots = d.state.campaign.phase.slots  # type: ignore[union-attr]
    assert slots["boss"].total == 3 and slots["boss"].bonus and slots["ada"].total == 2
    gm = downtime_seen(d, "gm")
    assert '"boss"' in gm and "bonus slot boss" in gm and "3/3 +bonus" in gm
    assert "Boss rolls 6, 2, 2, 2, 2 for a bonus slot" in "\n".join(d.words())
    gm_view = d.table.view(d.table.viewer_for("gm"))["state"]
    assert set(gm_view["campaign"]["phase"]["slots"]) == {"ada", "boss"}
    for seat in PLAYERS:
        seen = downtime_seen(d, seat)
        assert "boss" not in seen.lower(), seat  # no slot, no dice, no words, no panel row
        assert "[6, 2, 2, 2, 2]" not in seen and "+bonus" not in seen
        assert "Ada: 2 slots" in seen  # Ada's own phase still shows
        view = d.table.view(d.table.viewer_for(seat))["state"]
        assert set(view["campaign"]["phase"]["slots"]) == {"ada"}
    # the hidden NPC's slot, then a player's: the phase each public event carries still lacks Boss
    d.do("gm", "downtime_action", character="boss", action="work_or_school")
    d.do("ann", "downtime_action", character="ada", action="explore")
    phase = d.state.campaign.phase
    assert phase is not None and phase.slots["boss"].used == 1 and phase.slots["ada"].used == 1
    assert "Boss spends a slot on work or school." in "\n".join(d.words())
    for seat in PLAYERS:
        seen = downtime_seen(d, seat)
        assert "boss" not in seen.lower() and "work or school" not in seen and "work_or_school" not in seen
        assert "Ada spends a slot on exploring." in seen
    d.do("gm", "end_downtime")
    assert d.state.campaign.phase is None
    for seat in PLAYERS:
        assert "boss" not in downtime_seen(d, seat).lower()
    assert seen_by(d, "ann").count("3/3 +bonus") == 0


@pytest.mark.rules("WD-NPC-003", "WD-REP-007")
def test_a_hidden_npcs_rep_to_discard_is_the_gms() -> None:
    """Boss ends the day over its rep cap: the discard it owes shows to the GM alone."""
    d = with_hidden_boss(morale=0)
    for n in range(6):
        d.do("gm", "award", character="boss", rep=f"deed {n}")
    d.do("gm", "start_downtime", characters=["ada", "boss"], slots=1)
    d.do("gm", "end_downtime")
    assert d.state.campaign.discards.get("boss", 0) > 0
    assert "Boss must discard" in "\n".join(d.words())
    for seat in PLAYERS:
        seen = downtime_seen(d, seat)
        assert "boss" not in seen.lower() and "must discard" not in seen
        assert d.table.view(d.table.viewer_for(seat))["state"]["campaign"]["discards"] == {}


@pytest.mark.rules("WD-NPC-003", "WD-DT-002")
def test_replaying_the_screened_log_folds_the_hidden_npcs_downtime_back() -> None:
    """The public events lack Boss's part; the GM-only one beside each restores it on replay."""
    d = with_hidden_boss()
    d.do("gm", "start_downtime", characters=["ada", "boss"], slots=2, dice=DICE)
    d.do("gm", "downtime_action", character="boss", action="work_or_school")
    d.do("ann", "downtime_action", character="ada", action="explore")
    replayed = Table.replay(d.table.log)
    assert replayed.state.campaign == d.state.campaign
    assert replayed.state.campaign.phase.slots["boss"].used == 1  # type: ignore[union-attr]


def gm_only(d: Driver, *secrets: str) -> None:
    """Each secret shows in what the GM sees and in nothing a player sees."""
    for secret in secrets:
        assert secret in seen_by(d, "gm"), secret
        for seat in PLAYERS:
            assert secret not in seen_by(d, seat), (seat, secret)


@pytest.mark.rules("WD-NPC-003", "WD-CRAFT-002", "WD-CRAFT-010")
def test_a_hidden_npcs_crafting_project_is_the_gms_even_when_a_public_event_carries_it() -> None:
    d = with_hidden_boss(morale=0)
    add(d, "gm", {**sheet("goon", "Goon"), "tier": "notable"}, hidden=True)
    d.do("gm", "award", character="boss", money=900)
    d.do("gm", "start_downtime", characters=["ada", "boss", "goon"])
    d.do("gm", "start_craft", character="boss", project="drone", item="spy drone", tier="standard", price=300)
    d.do("gm", "help_craft", character="goon", project="drone")
    d.do("gm", "craft", character="boss", project="drone", rolls=1, dice=[5, 1])
    assert d.state.campaign.projects["drone"].helpers == ("goon",)
    # the day's end resets every project's helpers, carried in its public event: not Boss's project
    d.do("gm", "end_downtime")
    assert d.state.campaign.projects["drone"].helpers == ()
    gm_only(d, "spy drone", '"drone"')
    for seat in PLAYERS:
        assert d.table.view(d.table.viewer_for(seat))["state"]["campaign"]["projects"] == {}
    assert Table.replay(d.table.log).state.campaign == d.state.campaign


@pytest.mark.rules("WD-NPC-003", "WD-RECRUIT-011", "WD-REP-009", "WD-PLAN-001")
def test_a_hidden_npcs_recruiting_mission_and_negative_rep_are_the_gms() -> None:
    d = with_hidden_boss(morale=0)
    d.do("gm", "start_downtime", characters=["ada", "boss"])
    d.do("gm", "recruit", character="boss", recruitment="goons", dice=[6, 6, 6])
    d.do(
        "gm",
        "present_candidate",
        recruitment="goons",
        candidate="knuckles",
        name="Knuckles",
        details={"temper": "volatile"},
    )
    d.do("gm", "vet_candidates", recruitment="goons", dice=[6])
    assert d.state.campaign.candidates["knuckles"].revealed == ("temper",)
    d.do("gm", "declare_mission", character="boss", mission="heist", kind="bank robbery")
    d.do("gm", "launch_mission", mission="heist")
    assert d.state.campaign.missions["heist"].launched
    d.do("gm", "give_negative", character="boss", source="shot a guard")  # witnessed, but Boss's
    gm_only(d, "Knuckles", "knuckles", "volatile", "goons", "bank robbery", "shot a guard")
    view = d.table.view(d.table.viewer_for("ann"))["state"]["campaign"]
    assert view["recruitments"] == {} and view["candidates"] == {} and view["missions"] == {}
    assert Table.replay(d.table.log).state.campaign == d.state.campaign


@pytest.mark.rules("WD-NPC-003", "WD-INTEL-021")
def test_a_hidden_npcs_pending_strike_choice_stays_off_a_players_surveillance_event() -> None:
    """Boss's missed surveillance waits on the GM's strike-or-not choice; Ada's own roll after it is
    public and carries the pending choices, which must not name Boss's."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=3)
    add(d, "gm", {**sheet("boss", "Boss", wits=3), "tier": "notable"}, hidden=True)
    d.do("gm", "start_downtime", characters=["ada", "boss"], slots=3)
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent", "sponsored"])
    d.do("gm", "surveil", character="boss", target="xb", cell="0,0", dice=[4])  # missed: a choice waits
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[6])
    assert d.state.campaign.strike_choice == {"boss": "xb:0"}
    for seat in PLAYERS:
        assert "xb:0" not in seen_by(d, seat)
        assert d.table.view(d.table.viewer_for(seat))["state"]["campaign"]["strike_choice"] == {}
    assert "xb:0" in seen_by(d, "gm")
    assert Table.replay(d.table.log).state.campaign == d.state.campaign


@pytest.mark.rules("WD-NPC-003", "WD-INTEL-011", "WD-INTEL-019")
def test_a_cell_a_hidden_npc_unlocks_keeps_its_tidbit_the_gms() -> None:
    """What Boss learned is his: the cell he unlocks is unlocked on his own track, the GM's, not on the
    players' grid (it once showed unlocked there, tidbit withheld: that told them Boss was at work;
    see test_camp_hidden_intel)."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=3)
    add(d, "gm", {**sheet("boss", "Boss", wits=3), "tier": "notable"}, hidden=True)
    d.do("gm", "start_downtime", characters=["ada", "boss"], slots=3)
    tidbits = [f"tidbit {i}" for i in range(16)]
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], tidbits=tidbits)
    d.do("gm", "surveil", character="boss", target="xb", cell="0,0", dice=[6])
    d.do("ann", "research", character="ada", target="xb", cell="3,3", dice=[6])
    xb = d.state.campaign.targets["xb"]
    assert not xb.cells[0].unlocked and xb.cells[15].unlocked and not xb.cells[15].secret
    assert xb.gm_track is not None and xb.gm_track.unlocked == (0,)
    for seat in PLAYERS:
        seen = seen_by(d, seat)
        assert "tidbit 0" not in seen and "tidbit 15" in seen, seat
    assert "tidbit 0" in seen_by(d, "gm")
    assert Table.replay(d.table.log).state.campaign == d.state.campaign


@pytest.mark.rules("WD-NPC-003", "WD-FOLLOW-008")
def test_a_hidden_npcs_group_membership_is_the_gms() -> None:
    """The GM puts hidden Boss in Ada's gang: players see the gang, its followers and its cap (Boss is
    counted in it, unnamed), never that Boss is a member: not in the Groups panel, the view, the
    group's events (data or words); the GM sees Boss listed, and the log replays to the whole group."""
    d = with_hidden_boss()
    d.do("gm", "form_group", group="gang", name="The Gang", members=["ada", "boss"])
    d.do("gm", "award", character="ada", eligible="fan")
    d.do("ann", "gain_follower", character="ada", kind="fan", group="gang", dice=[6])
    assert d.state.campaign.groups["gang"].members == ("ada", "boss")
    gm_only(d, "Ada, Boss")  # the members by name (a hidden NPC's the GM's alone)
    t = d.table
    gm_groups = [p for p in t.seen_panels(t.viewer_for("gm")) if p.title == "Groups"]
    assert gm_groups[0].rows == (("The Gang", "Ada, Boss", "fan 1", "2"),)
    for seat in PLAYERS:
        viewer = t.viewer_for(seat)
        panels = [p for p in t.seen_panels(viewer) if p.title == "Groups"]
        assert panels[0].rows == (("The Gang", "Ada", "fan 1", "2"),), seat
        group = t.view(viewer)["state"]["campaign"]["groups"]["gang"]
        assert group["members"] == ["ada"] and group["extra"] == 1
        events = json.dumps([e.model_dump(mode="json") for e in t.log_view(viewer) if e.seq > 8])
        assert "boss" not in events.lower(), seat
        assert "The Gang forms: Ada shares up to 2 followers." in seen_by(d, seat)
    assert Table.replay(t.log).state.campaign == d.state.campaign
