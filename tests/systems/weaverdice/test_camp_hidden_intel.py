"""A hidden NPC's intel work is the GM's alone (WD-NPC-003), even on a target the players work too.

The decision, where a hidden NPC's work would matter to the players' rolls: a hidden NPC works a
target on its own track, kept by the GM beside the players' shared one. Its finding and thread
progress, its strikes and alerts, the faces it rolled, its run and the cells it unlocked (with the
lines and node they complete) live on that track; the players' track does not move. So:

- its faces are not the players' duplicates (WD-INTEL-022): the seed's strike is for "a number
  they've already rolled this session", the surveillant's own session, and a hidden NPC's
  surveillance is not the players' session;
- its strikes do not count toward the players' alert (WD-INTEL-023): an alert tells the target about
  the one who was careless ("they learn about the player"); what the target does about a hidden
  NPC's alert is the GM's to play;
- its unlocks open no cell for the players (WD-INTEL-014 shares unlocks among those who share what
  they found; a hidden NPC shares nothing with them), and give them no line bonus (WD-INTEL-017);
- its run is not theirs (WD-INTEL-041), and intel it spends cuts a DC for its own track alone
  (WD-INTEL-003/015).

The only trace a player gets is the table's usual note that the GM made a roll, the same line any
roll behind the screen gives. The GM sees both tracks: the view's target carries ``gm_track``,
and the board shows the hidden NPCs' grid beside the players'.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from capeworks.engine import Table
from capeworks.engine.testing import Driver
from capeworks.server.projection import projection
from tests.systems.weaverdice.campaign_support import pc, seen_by
from tests.systems.weaverdice.helpers import add, sheet, table

PLAYERS = ("ann", "bob")
SECRET_ROLL = ("weaverdice.rolled_in_secret", "The GM makes a roll.")


def _table(*, config: dict[str, Any] | None = None, **target: Any) -> Driver:
    """Ada (Ann's) and the GM's hidden Boss, a downtime of three slots, and Crossbones to dig into."""
    d = table(config=config)
    pc(d, "ann", "ada", "Ada", wits=3, knowledge=3)
    add(d, "gm", {**sheet("boss", "Boss", wits=3, knowledge=3), "tier": "notable"}, hidden=True)
    d.do("gm", "start_downtime", characters=["ada", "boss"], slots=3)
    tidbits = [f"tidbit {i}" for i in range(16)]
    d.do(
        "gm",
        "add_target",
        target="xb",
        name="Crossbones",
        dispositions=["violent", "sponsored"],
        tidbits=tidbits,
        **target,
    )
    return d


def player_sees(d: Driver, seat: str) -> str:
    """What a seat sees now, but the log and the version: the REST/websocket projection (the seat's
    view of the state, its panels with the intel grid and the downtime odds, prompts, legal moves)."""
    seen = projection("t", d.table, d.table.seat(seat))
    return json.dumps({k: v for k, v in seen.items() if k != "version"}, default=str, sort_keys=True)


def log_after(d: Driver, seat: str, seq: int) -> list[tuple[str, str]]:
    """The seat's log entries after ``seq``: each one's event type and words."""
    t = d.table
    return [(e.type, e.description.text) for e in t.log_view(t.viewer_for(seat)) if e.seq > seq]


def snapshot(d: Driver) -> tuple[int, dict[str, str]]:
    return d.table.version, {seat: player_sees(d, seat) for seat in PLAYERS}


def unchanged_for_players(d: Driver, before: tuple[int, dict[str, str]]) -> None:
    """Each player sees what they saw before, and their log gained only the GM's secret-roll notes."""
    seq, seen = before
    for seat in PLAYERS:
        assert player_sees(d, seat) == seen[seat], seat
        assert set(log_after(d, seat, seq)) <= {SECRET_ROLL}, seat  # no event but the note, no words


def gm_target(d: Driver) -> dict[str, Any]:
    return d.table.view(d.table.viewer_for("gm"))["state"]["campaign"]["targets"]["xb"]  # type: ignore[no-any-return]


@pytest.mark.rules("WD-NPC-003", "WD-INTEL-019", "WD-INTEL-021", "WD-INTEL-022", "WD-INTEL-023")
def test_a_hidden_npcs_surveillance_moves_no_track_a_player_sees() -> None:
    d = _table(strike_limit=2)
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[4])  # 4 vs 5+: missed
    d.do("ann", "strike_choice", character="ada", strike=True)  # Ada's strike is on the players' track
    before = snapshot(d)
    gm_grid = [p for p in d.table.seen_panels(d.table.viewer_for("gm")) if p.title == "Intel: Crossbones"]
    # Boss's 4 is not a duplicate of Ada's; he takes the strike, his next 4 is his own duplicate:
    # two strikes, his limit, alert Crossbones to Boss; then a 6 unlocks 0,0 on his track
    d.do("gm", "surveil", character="boss", target="xb", cell="0,0", dice=[4])
    d.do("gm", "strike_choice", character="boss", strike=True)
    d.do("gm", "surveil", character="boss", target="xb", cell="0,0", dice=[4])
    d.do("gm", "strike_choice", character="boss", strike=True)  # a strike after the alert
    d.do("gm", "surveil", character="boss", target="xb", cell="0,0", dice=[6])
    assert "Crossbones is alerted" in "\n".join(d.words())
    unchanged_for_players(d, before)
    t = d.state.campaign.targets["xb"]
    assert (t.strikes, t.alerts, t.seen_faces, t.run) == (1, 0, (4,), 0)  # Ada's strike alone
    assert not any(c.unlocked for c in t.cells)
    track = gm_target(d)["gm_track"]
    # Boss: a strike, then his duplicate 4 (the second, his limit: alerted, reset), then that miss's strike
    assert (track["strikes"], track["alerts"], track["seen_faces"], track["unlocked"]) == (
        1,
        1,
        [4, 4, 6],
        [0],
    )
    gm_panels = d.table.seen_panels(d.table.viewer_for("gm"))
    assert [p for p in gm_panels if p.title == "Intel: Crossbones"] == gm_grid  # the players' grid
    hidden = [p for p in gm_panels if p.title == "Intel: Crossbones (hidden NPCs)"]
    assert hidden and "unlocked: tidbit 0" in hidden[0].rows[0][1] and "alerts 1" in (hidden[0].note or "")
    odds = next(p for p in gm_panels if p.title == "Downtime odds").rows  # Boss's rolls on his own track
    assert {r[3] for r in odds if r[-2] == "boss"} == {"0,1", "1,0", "3,3"}  # by the character id
    assert {r[3] for r in odds if r[-2] == "ada"} == {"0,0", "3,3"}
    # Ada's 6 is no duplicate of Boss's 6, and 0,0 is still hers to unlock
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[6])
    t = d.state.campaign.targets["xb"]
    assert t.cells[0].unlocked and not t.cells[0].secret and t.strikes == 1  # Ada's one strike, no more
    assert "tidbit 0" in seen_by(d, "ann")
    assert Table.replay(d.table.log).state.campaign == d.state.campaign


@pytest.mark.rules("WD-NPC-003", "WD-INTEL-007", "WD-INTEL-025", "WD-INTEL-017")
def test_a_hidden_npcs_research_finds_the_thread_and_cells_for_itself_alone() -> None:
    d = _table(thread_dc=10, find_dc=10)
    before = snapshot(d)
    d.do("gm", "research", character="boss", target="xb", dice=[6])  # 6 of 10 toward the thread
    d.do("gm", "research", character="boss", target="xb", dice=[6])  # 12: found, for Boss
    d.do("gm", "research", character="boss", target="xb", cell="3,3", dice=[6])  # 6 vs 5+: unlocked
    unchanged_for_players(d, before)
    t = d.state.campaign.targets["xb"]
    assert (t.thread_progress, t.thread_found, t.found) == (0, False, False)
    track = gm_target(d)["gm_track"]
    assert (track["thread_progress"], track["thread_found"], track["unlocked"]) == (12, True, [15])
    assert "thread: 0 of 10" in json.dumps([p.note for p in d.table.seen_panels(d.table.viewer_for("gm"))])
    # Ada's thread is not found (Boss's 12 is not hers): her grid waits; her thread roll starts from 0
    d.refuse("ann", "research", character="ada", target="xb", cell="3,3", rule="WD-INTEL-008")
    d.do("ann", "research", character="ada", target="xb", dice=[3])
    t = d.state.campaign.targets["xb"]
    assert (t.thread_progress, t.thread_found, t.cells[15].unlocked) == (3, False, False)
    assert Table.replay(d.table.log).state.campaign == d.state.campaign


@pytest.mark.rules("WD-NPC-003", "WD-INTEL-003", "WD-INTEL-015", "WD-INTEL-006")
def test_intel_a_hidden_npc_spends_cuts_its_own_dc_and_unlocks_its_own_cell() -> None:
    d = _table(find_dc=10)
    d.do("gm", "award", character="boss", intel="violent:3")
    d.do("gm", "award", character="boss", intel="violent:2")
    before = snapshot(d)
    d.do("gm", "spend_intel", character="boss", target="xb", intel="violent:3", on="find")  # DC 10 -> 0
    d.do("gm", "spend_intel", character="boss", target="xb", intel="violent:2", on="0,0")
    unchanged_for_players(d, before)
    t = d.state.campaign.targets["xb"]
    assert (t.find_dc, t.found) == (10, False) and not t.cells[0].unlocked
    track = gm_target(d)["gm_track"]
    assert (track["find_dc"], track["found"], track["unlocked"]) == (0, True, [0])
    assert gm_target(d)["find_dc"] == 10
    # a write-up by Boss holds what his own track found (WD-INTEL-035): the cell he unlocked
    d.do("gm", "utilize_intel", character="boss", ops=["spell xb"])
    assert d.state.campaign.ledgers["boss"].writeups == {"xb": (0,)}
    unchanged_for_players(d, before)
    assert Table.replay(d.table.log).state.campaign == d.state.campaign


@pytest.mark.rules("WD-NPC-003", "WD-INTEL-041", "WD-INTEL-022")
def test_a_hidden_npcs_run_is_not_a_players_runaway() -> None:
    """Boss's success opens a run on his track only: Ada, watching the same target, has no run to roll
    on, and Boss's runaway rolls on his own run."""
    d = _table(config={"campaign": {"surveillance_runaway": True}})
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[3])  # 3 vs 5+: missed
    d.do("ann", "strike_choice", character="ada", strike=True)
    before = snapshot(d)
    d.do("gm", "surveil", character="boss", target="xb", cell="0,0", dice=[5])  # unlocked: a run of 1
    d.do("gm", "surveil", character="boss", target="xb", cell="0,1", runaway=True, dice=[5])  # 5-1 vs 4+
    unchanged_for_players(d, before)
    track = gm_target(d)["gm_track"]
    assert (track["run"], track["unlocked"]) == (2, [0, 1])
    assert d.state.campaign.targets["xb"].run == 0
    d.refuse(
        "ann",
        "surveil",
        character="ada",
        target="xb",
        cell="0,0",
        runaway=True,
        dice=[6],
        rule="WD-INTEL-041",
    )
    assert Table.replay(d.table.log).state.campaign == d.state.campaign
