"""Projections worked out once per version for every seat equal the engine's own per-seat filters."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from capeworks.engine import Table, get_ruleset
from capeworks.engine.event import Event
from capeworks.engine.golden import replay_document
from capeworks.engine.render import log_entries
from capeworks.engine.testing import Driver
from capeworks.server.projection import Shared, entries, entry, projection, viewer_of
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.combat import Reaction
from tests.systems.weaverdice.helpers import add
from tests.systems.weaverdice.helpers import sheet as wd_sheet
from tests.systems.weaverdice.helpers import table as weaverdice_table
from tests.systems.weaverdice.test_camp_hidden_downtime import DICE, with_hidden_boss
from tests.systems.workshop.helpers import attack, sheet
from tests.systems.workshop.helpers import table as workshop_table
from tests.systems.workshop.test_optional_damage import SLOW

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


@pytest.mark.parametrize("name", ["rwyn", "capes"])
def test_shared_projection__equals_the_engines_per_seat_view_at_every_step(name: str) -> None:
    ruleset = get_ruleset(name)
    session = ruleset.sample_session()
    assert session is not None
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=1)
    for step in session.steps:
        before = table.version
        table.execute(step.command, dice=step.dice)
        shared = Shared.of(table)
        for seat in table.seats:
            viewer = viewer_of(seat)
            fast = projection("t", table, seat, shared=shared)
            assert fast == projection("t", table, seat)
            assert fast["prompts"] == [p.model_dump(mode="json") for p in table.prompts(viewer)]
            assert fast["view"] == table.ruleset.view(table.state, viewer)
            assert entries(table, seat, since=before, shared=shared) == [
                entry(e) for e in table.log_view(viewer, since=before)
            ]


@pytest.mark.rules("WS-CORE-001")
def test_workshop_narration_due__the_gms_log_reads_it_as_the_rules_note_not_the_players_line() -> None:
    # Ann's Jade-like hero fumbles (a double 10 that fails, WS-CORE-001): the GM is told to narrate it
    d = workshop_table({"shock_roll": False}, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW)})
    attack(d, "h", ["v"], [10, 10])
    seats = {s.id: s for s in d.table.seats}
    gm_log = entries(d.table, seats["gm"])
    (due,) = [e for e in gm_log if e["type"] == "workshop.narration_due"]
    assert due["text"].startswith("For the GM: H's attack on V is a Fumble")
    assert due["parts"]["hidden"] is True
    # no seat is named: the web log (log.js) puts "Ann:" before a line whose actor is Ann, so the GM read
    # "Ann: For the GM: ... narrate what goes wrong." as if Ann had said it (its event's seat is hers)
    assert due["seat"] == "ann" and due["parts"]["actor"] == ""
    # the attack that brought it up stays Ann's line
    (rolled,) = [e for e in gm_log if e["type"] == "workshop.attack_rolled"]
    assert rolled["parts"]["actor"] in (None, "ann")
    # and a player never sees the note, in words or as an entry
    for seat in ("ann", "bo"):
        assert all(e["type"] != "workshop.narration_due" for e in entries(d.table, seats[seat]))
        assert "For the GM" not in str(projection("t", d.table, seats[seat]))


@pytest.mark.rules("WD-NPC-003", "WD-DT-002")
def test_weaverdice_behind_the_screen__the_gms_copy_after_a_players_action_is_no_line_of_hers() -> None:
    # Ann spends Ada's downtime slot; the hidden Boss's slots left go to the GM alone, kept beside it
    d = with_hidden_boss()
    d.do("gm", "start_downtime", characters=["ada", "boss"], slots=2, dice=DICE)
    d.do("ann", "downtime_action", character="ada", action="explore")
    seats = {s.id: s for s in d.table.seats}
    gm_log = entries(d.table, seats["gm"])
    kept = [e for e in gm_log if e["type"] == "weaverdice.downtime_kept" and e["seat"] == "ann"]
    said = "Behind the screen: Ada: 1 of 2 slots left; Boss: 3 of 3 slots left."
    assert [e["text"] for e in kept] == [said]
    # it was credited to Ann ("Ann: Behind the screen: ..."); the GM's own copy names no seat
    assert kept[0]["parts"] == {"actor": "", "characters": [], "rolls": [], "hidden": True}
    (spent,) = [e for e in gm_log if e["type"] == "weaverdice.slot_used" and e["seat"] == "ann"]
    assert spent["parts"]["actor"] == "ann"  # her own slot is still her line
    assert all(e["type"] != "weaverdice.downtime_kept" for e in entries(d.table, seats["ann"]))


def test_weaverdice_npc_notes__the_gms_notes_set_off_by_a_players_action_name_no_seat() -> None:
    # in the brawl Bob's attacks change the hidden Steeltoe: the GM's notes on him read "Bob: The GM's notes
    # on Steeltoe are updated." in the GM's log, as if Bob had written them
    log = GOLDEN / "weaverdice" / "brawl.log.json"
    table = replay_document(json.loads(log.read_text(encoding="utf-8")))
    gm = next(s for s in table.seats if s.is_gm)
    notes = [e for e in entries(table, gm) if e["type"] == "weaverdice.npc_updated" and e["seat"] == "bob"]
    assert notes and {e["text"] for e in notes} == {"The GM's notes on Steeltoe are updated."}
    assert {e["parts"]["actor"] for e in notes} == {""}


@pytest.mark.rules("WD-NPC-003", "WD-WOUND-005")
def test_weaverdice_hidden_npcs_stay_up__the_gms_line_names_no_seat_not_the_player_whose_hit_caused_it() -> (
    None
):
    # in the brawl Ann's and Bob's hits make the hidden Steeltoe roll Guts to stay up, GM-only: the GM's
    # log read "Bob: Steeltoe rolls Guts to stay up: [6] +1 = 7 ..." as if Bob had rolled the GM's die
    log = GOLDEN / "weaverdice" / "brawl.log.json"
    table = replay_document(json.loads(log.read_text(encoding="utf-8")))
    gm = next(s for s in table.seats if s.is_gm)
    stays = [
        e for e in entries(table, gm) if e["type"] == "weaverdice.stayed_up" and e["seat"] in ("ann", "bob")
    ]
    assert {e["seat"] for e in stays} == {"ann", "bob"}
    assert all(e["text"].startswith("Steeltoe rolls Guts to stay up") for e in stays)
    assert {e["parts"]["actor"] for e in stays} == {""} and all(e["parts"]["hidden"] for e in stays)
    # a line its player sees stays theirs
    (attack, *_) = [
        e for e in entries(table, gm) if e["type"] == "weaverdice.attack_rolled" and e["seat"] == "bob"
    ]
    assert attack["parts"]["actor"] in (None, "bob")


@pytest.mark.rules("WD-NPC-003", "WD-COMBAT-019")
def test_weaverdice_hidden_npcs_dodge__the_gms_own_answer_keeps_the_gm_as_its_actor() -> None:
    d = weaverdice_table()
    add(d, "ann", wd_sheet("vic", "Vic", athletics=3), owner="ann")
    add(d, "gm", wd_sheet("brute", "Brute", "notable", athletics=5), hidden=True)
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("ann", "attack", character="vic", target="brute", dice=[4])
    d.do("gm", "answer", prompt="react-brute", option="dodge", dice=[1, 1])
    seats = {s.id: s for s in d.table.seats}
    (dodge,) = [e for e in entries(d.table, seats["gm"]) if e["type"] == "weaverdice.reacted"]
    assert dodge["text"].startswith("Brute tries to dodge: [1] +2 = 3")
    assert dodge["seat"] == "gm" and dodge["parts"]["actor"] == "gm"  # the GM chose to dodge: the GM's line


def _thug_falls_to_anns_hits(*, hidden: bool) -> Driver:
    """Ann's Vic hits a Thug three rounds running: the GM's dodge holds the first (its one Focus), the
    second lands, and the third, with no Focus left to answer it, fills the track in Ann's own command:
    the Thug rolls Guts to stay up (d=3 at -1: 2 vs 3+, unconscious) with Ann's seat on the event."""
    d = weaverdice_table()
    add(d, "ann", wd_sheet("vic", "Vic", brawn=5), owner="ann")
    add(d, "gm", wd_sheet("thug", "Thug", "notable", guts=2, athletics=5, dexterity=1, wits=1), hidden=hidden)
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("ann", "attack", character="vic", target="thug", dice=[6])
    d.answer("gm", "react-thug", "dodge", dice=[6])  # 8 vs 8: the dodge holds
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "attack", character="vic", target="thug", dice=[6, 3])
    d.answer("gm", "effect-thug-w1-negate", "none")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "attack", character="vic", target="thug", dice=[6, 3, 1])
    assert d.state.people["thug"].track.standing.value == "unconscious"
    return d


@pytest.mark.rules("WD-NPC-003", "WD-WOUND-005", "WD-COMBAT-019")
@pytest.mark.parametrize("hidden", [False, True])
def test_weaverdice_npc_stays_up__a_roll_the_rules_make_for_the_npc_is_not_credited_to_the_hitter(
    hidden: bool,
) -> None:
    # the web log puts "Ann:" before a line whose actor is Ann: every seat read "Ann: Thug rolls Guts to
    # stay up: [3] -1 = 2 ..." (a visible Thug) or "Ann: Thug tries to stay up: Thug is unconscious."
    # (the players' half of a hidden one), as if Ann had rolled for the GM's character
    d = _thug_falls_to_anns_hits(hidden=hidden)
    seats = {s.id: s for s in d.table.seats}
    stay = "weaverdice.standing_seen" if hidden else "weaverdice.stayed_up"
    for seat in ("gm", "ann", "bob"):
        log = entries(d.table, seats[seat])
        (stood,) = [e for e in log if e["type"] == stay]
        assert stood["seat"] == "ann" and stood["parts"]["actor"] == "", seat
        if seat != "gm":
            assert stood["text"] == (
                "Thug tries to stay up: Thug is unconscious."
                if hidden
                else "Thug rolls Guts to stay up: [3] -1 = 2; 2 vs 3+: failure; Thug is unconscious."
            )
        # the wound it took, and the word of the GM's secret roll, are the rules' lines too
        assert {e["parts"]["actor"] for e in log if e["type"] == "weaverdice.wound_taken"} == {""}
        assert {e["parts"]["actor"] for e in log if e["type"] == "weaverdice.rolled_in_secret"} <= {""}
        # Ann's attacks stay her lines, and the GM's own dodge the GM's
        attacks = [e for e in log if e["type"] == "weaverdice.attack_rolled"]
        assert len(attacks) == 3 and {e["parts"]["actor"] for e in attacks} == {"ann"}
        dodge = "weaverdice.reaction_seen" if hidden and seat != "gm" else "weaverdice.reacted"
        (dodged,) = [e for e in log if e["type"] == dodge]
        assert dodged["parts"]["actor"] == "gm"


@pytest.mark.rules("WD-NPC-003", "WD-COMBAT-020")
def test_weaverdice_hidden_npcs_dodge_in_a_players_command__names_no_seat() -> None:
    # the players' half of a hidden NPC's dodge (ReactionSeen) is about the NPC: a player's command that
    # carries it does not make it that player's line, while a line about the player's own hero stays theirs
    d = _thug_falls_to_anns_hits(hidden=True)
    seen = ev.ReactionSeen(character="thug", name="Thug", reaction=Reaction.DODGE, total=8, held=True)
    own = ev.ReactionSeen(character="vic", name="Vic", reaction=Reaction.DODGE, total=8, held=True)
    events = [
        Event.of(p).stamped(seq=1000 + i, command_id=999, seat="ann") for i, p in enumerate((seen, own))
    ]
    table = d.table

    def plays(seat: str, character: str) -> bool:
        return table.ruleset.controller(table.state, character).seat == seat

    viewer, gms = table.viewer_for("bob"), frozenset({"gm"})
    lines = log_entries(table.ruleset, events, viewer, undone=set(), gms=gms, plays=plays)
    assert [e.description.text for e in lines] == [
        "Thug tries to dodge: 8; Thug dodges and may step 5 ft.",
        "Vic tries to dodge: 8; Vic dodges and may step 5 ft.",
    ]
    assert [e.description.actor for e in lines] == ["", "ann"]


@pytest.mark.rules("CAPES-PAGE-002", "CAPES-SCENE-004")
def test_capes_page_start__the_rules_line_names_no_seat_not_the_last_player_to_pick() -> None:
    # the sample's casting: Cal picks last, and his pick starts Page 1 with Ann as its Starter
    ruleset = get_ruleset("capes")
    session = ruleset.sample_session()
    assert session is not None
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=1)
    for step in session.steps:
        table.execute(step.command, dice=step.dice)
        if any(e.type == "capes.page_begun" for e in table.log):
            break
    cal = next(s for s in table.seats if s.id == "cal")
    (begun,) = [e for e in entries(table, cal) if e["type"] == "capes.page_begun"]
    assert begun["text"] == "Scene 1, Page 1: Ann starts." and begun["seat"] == "cal"
    # log.js wrote "Cal: Scene 1, Page 1: Ann starts.", as if Cal had said who starts
    assert begun["parts"]["actor"] == ""
    log = entries(table, cal)
    (picked,) = [e for e in log if e["type"] == "capes.character_chosen" and e["seat"] == "cal"]
    assert picked["parts"]["actor"] in (None, "cal")  # his own pick is still his line


@pytest.mark.rules("WD-COMBAT-001", "WD-COMBAT-004")
def test_weaverdice_turn_start__the_rules_line_names_no_seat_not_the_one_who_ended_the_turn_before() -> None:
    d = weaverdice_table()
    add(d, "ann", wd_sheet("vic", "Vic"))
    add(d, "gm", wd_sheet("brute", "Brute", "notable"))
    d.do("gm", "start_combat", dice=[6, 1])  # Vic acts first, then Brute
    d.do("ann", "end_turn", character="vic")
    for seat in d.table.seats:
        started = [e for e in entries(d.table, seat) if e["type"] == "weaverdice.turn_started"]
        assert [e["text"] for e in started] == ["Round 1: Vic's turn.", "Round 1: Brute's turn."]
        # Brute's turn begins with Ann's end of Vic's: the web log read "Ann: Round 1: Brute's turn."
        assert started[1]["seat"] == "ann" and started[1]["parts"]["actor"] == ""
