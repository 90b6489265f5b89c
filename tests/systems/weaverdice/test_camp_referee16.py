"""A referee's campaign situations (pass 16), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: a named detail as a player reads it (src 2027), a mission the GM set up for a player's
character (src 1439), and a target moving base whose halved DCs fall to the rolls already made
(src 1797, 1949), with what each seat sees of it.
"""

from __future__ import annotations

import re

import pytest

from capeworks.engine.event import Event
from capeworks.engine.table import Table
from capeworks.errors import NotPermitted
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import add, sheet, table
from tests.systems.weaverdice.test_camp_referee13 import TIDBITS
from tests.systems.weaverdice.test_camp_referee15 import spies

SEATS = ("gm", "ann", "bob")
#: Bea's tier-2 detail about the Tower's thread, as today's words write it
NEW = "names “Hates dogs”: relevant details about The Tower, to narrow the thread."


def kind(e: Event) -> str:
    return e.type.split(".")[1]


def unversioned(seen: str) -> str:
    """What a seat sees, but the table's version (the GM's own events move it)."""
    return re.sub(r'"version": \d+', '"version": _', seen)


# --- a named detail reads as prose (src 2022-2027) -----------------------------------------------------


@pytest.mark.rules("WD-INTEL-040", "WD-INTEL-004")
def test_r16_01_a_named_detail_reads_in_prose_quotes_at_every_seat() -> None:
    """src 2027: 'naming unique details about the target to reduce the target number'. Bea names
    "Won't touch kids" about the Tower (tier 1, the find) and "Hates dogs" (tier 2, the thread). The
    lines read "names \\"Won't touch kids\\"" and "names 'Hates dogs'": Python's quoting, a different
    quote for each. They read as prose, the detail as the GM wrote it, the same at every seat."""
    d = spies()
    lead = "Won't touch kids"
    d.do("gm", "give_information", character="bea", target="tow", tier=1, on="find", detail=lead)
    d.do("gm", "give_information", character="bea", target="tow", tier=2, on="thread", detail="Hates dogs")
    given = [e for e in d.table.log if kind(e) == "information_given"]
    assert [e.data["informed"]["detail"] for e in given] == ["Won't touch kids", "Hates dogs"]
    for seat in SEATS:
        assert d.words(seat)[-1] == (
            "Bea: names “Hates dogs”: relevant details about The Tower, to narrow the thread."
        )
        assert "Bea: names “Won't touch kids”: minor details about The Tower, to narrow the find." in d.words(
            seat
        )


@pytest.mark.rules("WD-INTEL-040", "WD-INTEL-004")
def test_r16_02_an_old_logs_python_quoted_line_stays_as_written_and_the_log_replays() -> None:
    """Logs survive upgrades: the same information written by the release that stored lines (version 3,
    "names 'Hates dogs': ...") replays to the same state and reads as it was written, at every seat;
    today's facts of it read in prose."""
    d = spies()
    d.do("gm", "give_information", character="bea", target="tow", tier=2, on="thread", detail="Hates dogs")
    old = "names 'Hates dogs': relevant details about The Tower, to narrow the thread."
    log = []
    for e in d.table.log:
        if kind(e) == "information_given":
            data = {k: v for k, v in e.data.items() if k not in ("informed", "target_name")}
            e = e.model_copy(update={"data": {**data, "text": old}, "version": 3})
        log.append(e)
    replayed = Table.replay(log)
    assert replayed.state == d.table.state
    for seat in SEATS:
        words = [x.description.text for x in replayed.log_view(replayed.viewer_for(seat))]
        assert words[-1] == f"Bea: {old}"
        assert d.words(seat)[-1] == f"Bea: {NEW}"


# --- a mission the GM set up (src 1439) ----------------------------------------------------------------


@pytest.mark.rules("WD-PLAN-001", "WD-DT-003")
def test_r16_03_a_mission_the_gm_set_up_says_so_and_takes_no_slot() -> None:
    """src 1439: 'Missions may be GM initiated, but when they aren't, the first plan a mission option
    can be the organization and declaration of an upcoming mission'. The GM sets up a bank job for Bea:
    it takes none of her slots, and every seat read "Bea: declares bank robbery for Friday." as if she
    had spent one. It says the GM did; Ada's own declaration takes her slot and reads "declares"."""
    d = spies()
    d.do("gm", "declare_mission", character="bea", mission="bank", kind="bank robbery", date="Friday")
    assert camp(d).phase.slots["bea"].used == 0
    set_up = next(e for e in d.table.log if kind(e) == "mission_planned")
    planned = {"step": "declare", "kind": "bank robbery", "date": "Friday", "by_gm": True}
    assert set_up.data["planned"] == planned
    d.do("ann", "declare_mission", character="ada", mission="raid", kind="raid", date="Sunday")
    assert camp(d).phase.slots["ada"].used == 1
    for seat in SEATS:
        assert d.words(seat)[-2:] == [
            "Bea: the GM sets up bank robbery for Friday.",
            "Ada: declares raid for Sunday.",
        ]
    d.refuse("bob", "declare_mission", character="ada", mission="heist", kind="heist", error=NotPermitted)


@pytest.mark.rules("WD-PLAN-001")
def test_r16_04_an_older_log_of_a_gm_set_mission_reads_as_written_and_an_npcs_own_declares() -> None:
    """A log from before the set-up was told apart (no ``by_gm``) replays to the same state and reads
    "declares" as it did. A mission the GM declares for a hidden NPC of their own is that NPC's Plan a
    Mission (its slot), reads "declares", and reaches the GM alone."""
    d = spies()
    d.do("gm", "declare_mission", character="bea", mission="bank", kind="bank robbery", date="Friday")
    log = []
    for e in d.table.log:
        if kind(e) == "mission_planned":
            planned = {k: v for k, v in e.data["planned"].items() if k != "by_gm"}
            e = e.model_copy(update={"data": {**e.data, "planned": planned}})
        log.append(e)
    replayed = Table.replay(log)
    assert replayed.state == d.table.state
    assert replayed.log_view(replayed.viewer_for("bob"))[-1].description.text == (
        "Bea: declares bank robbery for Friday."
    )
    add(d, "gm", {**sheet("boss", "Boss"), "tier": "notable"}, hidden=True)
    d.do("gm", "end_downtime")
    d.do("gm", "start_downtime", characters=["ada", "bea", "boss"], slots=2)
    d.do("gm", "declare_mission", character="boss", mission="heist", kind="heist")
    assert camp(d).phase.slots["boss"].used == 1
    assert d.words("gm")[-1] == "Boss: declares heist."
    for seat in ("ann", "bob"):
        assert "heist" not in seen_by(d, seat)


# --- a target moving base, its halved DCs against the rolls made (src 1797, 1949) ----------------------


@pytest.mark.rules("WD-INTEL-034", "WD-INTEL-006", "WD-INTEL-008")
def test_r16_05_a_move_that_halves_the_find_below_the_rolls_made_finds_the_target_at_once() -> None:
    """src 1797: the player rolls 'until they reach the target number'; src 1949: a target changing
    locations is 'doubly vulnerable to being tracked in the interim' (PROPOSED: its DCs halved). Ada's
    Athletics 3 is 3 of Gus's 5; the GM moves Gus's base (5 -> 3). The rolls made reach it: Gus was
    not found until her next finding roll. Found now, every seat reads that the rolls so far were
    enough, and her next surveillance is on the grid (src 1829). No player learns of the move."""
    d = spies()
    d.do("ann", "surveil", character="ada", target="gus", dice=[3])
    d.do("gm", "relocate_target", target="gus", downtimes=1)
    gus = camp(d).targets["gus"]
    assert gus.found and (gus.find_dc, gus.moving) == (3, 1)
    assert d.words("gm")[-2:] == [
        "Gus moves base: 1 downtime left; finding DC 3, thread DC 2.",
        "The rolls so far are enough: Gus is found.",
    ]
    for seat in ("ann", "bob"):
        assert d.words(seat)[-1] == "The rolls so far are enough: Gus is found."
        seen = seen_by(d, seat)
        assert "moves base" not in seen and "target_moved" not in seen and "unmoved" not in seen
        assert d.table.view(d.table.viewer_for(seat))["state"]["campaign"]["targets"]["gus"]["found"]
    d.do("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[5])
    assert camp(d).targets["gus"].cells[0].unlocked
    assert Table.replay(d.table.log).state == d.table.state


@pytest.mark.rules("WD-INTEL-034", "WD-INTEL-006", "WD-INTEL-007")
def test_r16_06_the_find_and_the_thread_both_reached_are_found_together_and_stay_found() -> None:
    """Bea's Athletics 6 toward the Tower (DC 10) and Knowledge 5 toward its thread (DC 10); the move
    halves both to 5: both found at once, one line. When the move is done (the day's end) the DCs are
    10 again, and what was found stays found."""
    d = spies()
    d.do("bob", "surveil", character="bea", target="tow", dice=[6])
    d.do("bob", "research", character="bea", target="tow", dice=[5])
    d.do("gm", "relocate_target", target="tow", downtimes=1)
    for seat in SEATS:
        assert d.words(seat)[-1] == "The rolls so far are enough: The Tower and its thread are found."
    d.do("gm", "end_downtime")
    tow = camp(d).targets["tow"]
    assert (tow.find_dc, tow.thread_dc, tow.found, tow.thread_found) == (10, 10, True, True)


@pytest.mark.rules("WD-INTEL-034", "WD-INTEL-006")
def test_r16_07_a_move_the_rolls_do_not_reach_tells_the_players_nothing() -> None:
    """Bea's Athletics 3 is 3 of the Tower's 10; halved to 5 it is still short: nothing is found and
    no player reads a line of it. Her Wits 2 next (src 1797: Athletics and Wits alternate) makes 5 of
    the halved 5: found. The thread's research, with nothing rolled, stays unfound."""
    d = spies()
    d.do("bob", "surveil", character="bea", target="tow", dice=[3])
    before = {seat: d.words(seat) for seat in ("ann", "bob")}
    d.do("gm", "relocate_target", target="tow", downtimes=2)
    tow = camp(d).targets["tow"]
    assert not tow.found and not tow.thread_found
    assert not any(kind(e) == "target_found" for e in d.table.log)
    for seat in ("ann", "bob"):
        assert d.words(seat) == before[seat]
    d.do("bob", "surveil", character="bea", target="tow", dice=[2])
    assert camp(d).targets["tow"].found
    assert d.words("bob")[-1] == "Bea: Wits 2 toward finding The Tower: 5 so far; found!"


@pytest.mark.rules("WD-INTEL-034")
def test_r16_08_a_target_already_found_moving_says_nothing_new_and_the_thread_alone_can_fall() -> None:
    """Gus found by Ada's 5 (DC 5); her Knowledge 1 toward the thread is 1 of 4. The move halves the
    thread to 2: still short, and Gus, found already, is not found again; nothing reaches a player.
    Ada's Knowledge 1 again makes 2: the thread is found. A player cannot move a target (the GM's)."""
    d = spies()
    d.do("ann", "surveil", character="ada", target="gus", dice=[5])
    d.do("ann", "research", character="ada", target="gus", dice=[1])
    d.refuse("ann", "relocate_target", target="gus", downtimes=1, error=NotPermitted)
    d.do("gm", "relocate_target", target="gus", downtimes=1)
    assert not any(kind(e) == "target_found" for e in d.table.log)
    assert d.words("bob")[-1] == "Ada: Knowledge 1 toward finding the thread: 1 so far."
    d.do("ann", "research", character="ada", target="gus", dice=[1])
    assert camp(d).targets["gus"].thread_found


@pytest.mark.rules("WD-INTEL-034", "WD-NPC-003", "WD-INTEL-006")
def test_r16_09_a_hidden_npcs_rolls_reaching_the_halved_dc_find_on_its_own_track_for_the_gm_alone() -> None:
    """WD-NPC-003: a hidden NPC's intel work is its own track, the GM's. Boss's Athletics 3 is 3 of
    Gus's 5; the move halves it to 3: Boss's track finds Gus, the GM reads it, and no player sees a
    thing; the players' own search (nothing rolled) is untouched."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    add(d, "gm", {**sheet("boss", "Boss"), "tier": "notable"}, hidden=True)
    d.do("gm", "start_downtime", characters=["ada", "boss"], slots=3)
    d.do("gm", "add_target", target="gus", name="Gus", size=3, dispositions=["violent"], tns=[4] * 9,
         find_dc=5, thread_dc=4, tidbits=TIDBITS)  # fmt: skip
    d.do("gm", "surveil", character="boss", target="gus", dice=[3])
    before = {seat: unversioned(seen_by(d, seat)) for seat in ("ann", "bob")}
    d.do("gm", "relocate_target", target="gus", downtimes=1)
    gus = camp(d).targets["gus"]
    assert gus.gm_track.found and not gus.found
    assert d.words("gm")[-1] == "Behind the screen, the hidden NPCs' rolls so far are enough: Gus is found."
    for seat in ("ann", "bob"):
        assert unversioned(seen_by(d, seat)) == before[seat]
    assert Table.replay(d.table.log).state == d.table.state


# --- a mission's details as the GM gives them (src 1432-1447) -------------------------------------------


@pytest.mark.rules("WD-PLAN-001", "WD-PLAN-002")
def test_r16_10_a_mission_of_no_kind_or_a_detail_standing_off_its_range_is_refused() -> None:
    """src 1432: the player knows they are doing a mission, 'a robbery, raid, assassination, or
    arrest'; src 1445: each detail 'gets a range of possible values', and the player chooses 'between
    the last decided (or default) result' and the GM's roll. A kind of blanks was set up ("Bea: the GM
    sets up   ."); a detail standing at a value not in its range was kept, one for a detail not given
    was dropped without a word, and a blank value offered. Each is refused in a sentence, the table
    untouched; a value in range stands."""
    d = spies()
    before = d.table.version
    d.refuse("gm", "declare_mission", character="bea", mission="m", kind="   ", rule="WD-PLAN-001")
    guards = {"security": ["2 guards", "1 Protectorate"]}
    err = d.refuse("gm", "declare_mission", character="bea", mission="m", kind="raid", details=guards,
                   current={"security": "4 guards"}, rule="WD-PLAN-002")  # fmt: skip
    assert err.message == "The security detail must stand at one of its values: 2 guards, 1 Protectorate."
    err = d.refuse("gm", "declare_mission", character="bea", mission="m", kind="raid", details=guards,
                   current={"traffic": "jam"}, rule="WD-PLAN-002")  # fmt: skip
    assert err.message == "The traffic detail is not among those given here: give its values with it."
    d.refuse("gm", "declare_mission", character="bea", mission="m", kind="raid",
             details={"security": ["2 guards", " "]}, rule="WD-PLAN-002")  # fmt: skip
    assert d.table.version == before and camp(d).missions == {}
    d.do("gm", "declare_mission", character="bea", mission="m", kind="raid", details=guards,
         current={"security": "1 Protectorate"})  # fmt: skip
    d.refuse("gm", "set_mission_details", mission="m", details={"traffic": ["clear", "jam"]},
             current={"traffic": "gridlock"}, rule="WD-PLAN-002")  # fmt: skip
    assert camp(d).missions["m"].defaults == {"security": "1 Protectorate"}
