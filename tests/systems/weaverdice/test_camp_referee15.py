"""A referee's campaign situations (pass 15), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice. First the four campaign events that stored lines of words now store facts (an intel roll,
information given, a mission planned, a mission launched): the words come from the facts and read
the same at every seat, and an old log that stored the lines replays to the same state and words.
Then the words of the intel grid and of mission planning as a GM and a new player read them (a
hidden DC named by its target, a stat rolled named as a stat), and what the table does with
surveillance's repeated numbers (src 1874), information given (src 1817-1823) and a mission's day
(src 1445-1451).
"""

from __future__ import annotations

import pytest

from capeworks.engine import Viewer
from capeworks.engine.event import Event
from capeworks.engine.table import Table
from capeworks.engine.testing import Driver
from capeworks.engine.upcast import upcast
from capeworks.errors import NotPermitted
from capeworks.systems.weaverdice.campaign.events import CAMPAIGN_EVENTS
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import table
from tests.systems.weaverdice.test_camp_referee13 import TIDBITS

SEATS = ("gm", "ann", "bob")
FACT_TYPES = ("intel_rolled", "information_given", "mission_planned", "mission_launched")
#: where each event keeps its facts, and the names it keeps for the log
FACTS = {
    "intel_rolled": ("searched", "target_name"),
    "information_given": ("informed", "target_name"),
    "mission_planned": ("planned",),
    "mission_launched": ("rolled",),
}


def spies() -> Driver:
    """Ada (all stats 3) and Bea (all 3) in a downtime of five slots; the GM's two targets: Gus (a 3x3
    grid of 4+ cells, finding DC 5, thread DC 4) and the Tower (DCs 10)."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bea", "Bea")
    d.do("gm", "start_downtime", slots=5)
    d.do("gm", "add_target", target="gus", name="Gus", size=3, dispositions=["violent"], tns=[4] * 9,
         find_dc=5, thread_dc=4, tidbits=TIDBITS)  # fmt: skip
    d.do("gm", "add_target", target="tow", name="The Tower", size=3, dispositions=["villain"],
         tidbits=TIDBITS, find_dc=10, thread_dc=10)  # fmt: skip
    return d


def facts_day() -> Driver:
    """Every shape of the four events once: Ada finds Gus and the thread, watches three cells (a 5, a
    5 again, a 1), takes the strike, rolls the research table and misses a cell; the GM rates Bea's
    detail about the Tower as tier-2 information; Bea declares and plans a bank job, keeps a value,
    and the day comes."""
    d = spies()
    d.do("ann", "surveil", character="ada", target="gus", dice=[5])
    d.do("ann", "research", character="ada", target="gus", dice=[4])
    for cell, face in (("0,0", 5), ("0,1", 5), ("0,2", 1)):
        d.do("ann", "surveil", character="ada", target="gus", cell=cell, dice=[face])
    d.do("ann", "strike_choice", character="ada", strike=True)
    d.do("ann", "research", character="ada", target="gus", table=True, dice=[6])
    d.do("ann", "research", character="ada", target="gus", cell="2,2", dice=[2])
    d.do(
        "gm",
        "give_information",
        character="bea",
        target="tow",
        tier=2,
        on="find",
        detail=" Drives a red van ",
    )
    d.do("bob", "declare_mission", character="bea", mission="bank", kind="bank robbery", date="Friday")
    d.do("gm", "set_mission_details", mission="bank",
         details={"security": ["2 guards", "1 Protectorate"], "traffic": ["clear", "jam"]})  # fmt: skip
    d.do(
        "bob",
        "plan_mission",
        character="bea",
        mission="bank",
        details=["security"],
        advance="wits",
        dice=[4, 2],
    )
    d.do("bob", "keep_detail", character="bea", mission="bank", detail="security", take=True)
    d.do("gm", "launch_mission", mission="bank", dice=[1, 2])
    return d


#: the lines every seat reads, in order (src 1797: Athletics first; src 1874: a repeated 5 is a strike
#: on a success too, and a miss takes a strike for tier-one intel; src 1878: the d6 table's 6 is tier-2
#: intel of the second disposition, Gus's only one here; src 1817: tier-2 information halves a DC;
#: src 1445-1449: the GM's die picks the value, the worse of two on the day)
LINES = [
    "Ada: Athletics 5 toward finding Gus: 5 so far; found!",
    "Ada: Knowledge 4 toward finding the thread: 4 so far; found!",
    "Ada: Wits 5 against 4+ on Movements x Capabilities: unlocked, with tier-1 violent intel.",
    "Ada: Wits 5 against 4+ on Movements x Relationships: unlocked, with tier-1 violent intel; a 5 again: "
    "a strike.",
    "Ada: Wits 1 against 4+ on Movements x Data: missed.",
    "Ada: takes a strike for tier-1 violent intel.",
    "Ada: the research table rolls 6: tier-2 violent intel.",
    "Ada: Knowledge 2 against 4+ on History x Data: nothing found.",
    "Bea: names “Drives a red van”: relevant details about The Tower, to narrow the find.",
    "Bea: declares bank robbery for Friday.",
    "Bea: the GM sets the details: security: 2 guards / 1 Protectorate; traffic: clear / jam.",
    "Bea: banks an advance Wits roll of 4; the GM rolls security: 1 Protectorate.",
    "Bea: locks security: 1 Protectorate.",
    "Mission bank robbery launches: traffic: jam.",
]


def kind(e: Event) -> str:
    return e.type.split(".")[1]


@pytest.mark.rules("WD-INTEL-006", "WD-INTEL-019", "WD-INTEL-021", "WD-INTEL-022", "WD-INTEL-026",
                   "WD-INTEL-004", "WD-PLAN-001", "WD-PLAN-003", "WD-PLAN-004", "WD-PLAN-006")  # fmt: skip
def test_r15_01_the_intel_and_mission_events_store_facts_and_every_seat_reads_the_same_lines() -> None:
    """Events record facts, never a line of words: the roll's stat, total and TN, the cell by its
    labels, the intel gained, a repeat; the information's tier and detail; the planning step's values.
    A later release can reword them; today's words read as every seat expects."""
    d = facts_day()
    stored = [e for e in d.table.log if kind(e) in FACT_TYPES]
    assert {kind(e) for e in stored} == set(FACT_TYPES)
    for e in stored:
        assert "text" not in e.data and FACTS[kind(e)][0] in e.data, kind(e)
    repeat = next(e for e in stored if e.data.get("searched", {}).get("again"))
    assert repeat.data["searched"] == {
        "on": "cell", "stat": "wits", "total": 5, "tn": 4, "done": True,
        "cell": ["Movements", "Relationships"], "tier": 1, "kind": "violent", "again": 5,
    }  # fmt: skip
    launched = next(e for e in stored if kind(e) == "mission_launched")
    assert launched.data["rolled"] == {"traffic": "jam"}
    for seat in SEATS:
        words = d.words(seat)
        assert [w for w in words if w in LINES] == LINES, seat


def as_written_before(e: Event, line: str) -> Event:
    """``e`` as the release before facts wrote it: version 3, its line as ``text``, no facts."""
    data = {k: v for k, v in e.data.items() if k not in FACTS[kind(e)]}
    if kind(e) == "mission_launched":
        data["text"] = line.split("launches: ", 1)[1].removesuffix(".")
    else:
        data["text"] = line.split(": ", 1)[1]
    return e.model_copy(update={"data": data, "version": 3})


@pytest.mark.rules("WD-INTEL-006", "WD-INTEL-019", "WD-INTEL-004", "WD-PLAN-003", "WD-PLAN-004")
def test_r15_02_an_old_log_that_stored_the_lines_replays_to_the_same_state_and_words() -> None:
    """Logs survive upgrades: the same day written as the release before wrote it (each event at
    version 3 with its line) replays to the same state and the same words at every seat, the
    upcasters reading each line back into its facts. The lines it wrote in the older wording ("athletics
    5 toward finding ...", "banks an advance wits roll of 4. the GM rolls ...", a detail in Python's
    quotes: "names 'Drives a red van'") read as written."""
    d = facts_day()
    lines = iter(LINES)
    log = [as_written_before(e, next(lines)) if kind(e) in FACT_TYPES else e for e in d.table.log]
    replayed = Table.replay(log)
    assert replayed.state == d.table.state
    for seat in SEATS:
        viewer = replayed.viewer_for(seat)
        assert [x.description.text for x in replayed.log_view(viewer)] == d.words(seat)
    # each old line is read back into the very facts the new event stores (a name only where the
    # line says it: the thread's finding and a cell's roll never named the target)
    ruleset = d.table.ruleset
    for old, new in zip(log, d.table.log, strict=True):
        if kind(new) in FACT_TYPES:
            model, facts = CAMPAIGN_EVENTS[new.type], FACTS[kind(new)][0]
            read = model.model_validate(upcast(ruleset, old).data)
            assert getattr(read, facts) == getattr(model.model_validate(new.data), facts), kind(new)
    # the older wording is no line the facts make: it stays, and reads as it was written
    older = {
        LINES[0]: "athletics 5 toward finding Gus: 5 so far; found!",
        LINES[8]: "names 'Drives a red van': relevant details about The Tower, to narrow the find.",
        LINES[11]: "banks an advance wits roll of 4. the GM rolls security: 1 Protectorate.",
    }
    lines = iter(LINES)
    written: list[Event] = []
    for e in d.table.log:
        if kind(e) in FACT_TYPES:
            line = next(lines)
            e = as_written_before(e, line)
            if line in older:
                e = e.model_copy(update={"data": {**e.data, "text": older[line]}})
        written.append(e)
    words = [x.description.text for x in Table.replay(written).log_view(Viewer.gm())]
    assert "Ada: athletics 5 toward finding Gus: 5 so far; found!" in words
    assert "Bea: banks an advance wits roll of 4. the GM rolls security: 1 Protectorate." in words
    assert "Bea: names 'Drives a red van': relevant details about The Tower, to narrow the find." in words


# --- the intel grid as the GM and a new player read it (src 1797-1823, 1874-1878) ------------------------


@pytest.mark.rules("WD-INTEL-003", "WD-INTEL-004", "WD-INTEL-005")
def test_r15_03_the_gms_hidden_dc_line_names_its_target() -> None:
    """src 1797: the finding DC is 'sometimes unknown' to the player, the GM's to keep; src 1817-1821:
    information rated tier 2 halves it. With Gus and the Tower both on the table, the GM's line read
    "The target's hidden DCs: find 5, thread 10." - whose? It names the Tower; no player reads it."""
    d = spies()
    d.do("gm", "give_information", character="bea", target="tow", tier=2, on="find")
    assert d.words("gm")[-2:] == [
        "The Tower's hidden DCs: find 5, thread 10.",
        "Bea: learns relevant details about The Tower, to narrow the find.",
    ]
    for seat in ("ann", "bob"):
        assert not any("hidden DCs" in w for w in d.words(seat))


@pytest.mark.rules("WD-INTEL-021", "WD-INTEL-022", "WD-INTEL-023")
def test_r15_04_a_miss_on_a_number_rolled_before_is_a_strike_and_the_choice_still_comes() -> None:
    """src 1874: a miss lets the player 'get a strike and tier one intel, or spend intel'; a number
    'already rolled this session, that's a guaranteed strike, and the effects listed above, succeed or
    fail'; 'At three strikes, usually, the target is alerted'. Ada misses Gus's corner with a 3 and takes
    the strike (1); a 3 again misses: the repeat's strike (2), and the choice still hers: the strike
    again (3) alerts Gus, the count starts over (PROPOSED, WD-INTEL-023), and she holds two tier-1
    violent intel."""
    d = spies()
    d.do("ann", "surveil", character="ada", target="gus", dice=[6])
    d.do("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[3])
    d.do("ann", "strike_choice", character="ada", strike=True)
    d.do("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[3])
    assert camp(d).targets["gus"].strikes == 2 and "ada" in camp(d).strike_choice
    d.do("ann", "strike_choice", character="ada", strike=True)
    gus = camp(d).targets["gus"]
    assert (gus.strikes, gus.alerts) == (0, 1)
    assert camp(d).ledger("ada").intel == {"violent:1": 2}
    for seat in SEATS:
        assert d.words(seat)[-2:] == [
            "Ada: Wits 3 against 4+ on Movements x Capabilities: missed; a 3 again: a strike.",
            "Ada: takes a strike for tier-1 violent intel; Gus is alerted.",
        ]


@pytest.mark.rules("WD-INTEL-021", "WD-INTEL-015", "WD-INTEL-002")
def test_r15_05_a_targets_own_intel_spent_in_place_of_a_strike_reads_by_the_targets_name() -> None:
    """src 1874: after a miss, 'spend intel to unlock a space available to them'; src 1813: intel on the
    target itself serves any of its spaces. Ada spends her tier-1 Gus intel on the corner she missed: it
    opens, no strike. The line read "spends tier-1 gus intel" (the target's key); it reads its name."""
    d = spies()
    d.do("gm", "award", character="ada", intel="gus:1")
    d.do("ann", "surveil", character="ada", target="gus", dice=[6])
    d.do("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[3])
    d.do("ann", "strike_choice", character="ada", strike=False, intel="gus:1", on="0,0")
    gus = camp(d).targets["gus"]
    assert gus.cells[0].unlocked and gus.strikes == 0 and camp(d).ledger("ada").intel == {}
    line = "Ada: spends tier-1 Gus intel to unlock Movements x Capabilities instead of a strike."
    for seat in SEATS:
        assert d.words(seat)[-1] == line


@pytest.mark.rules("WD-INTEL-025", "WD-INTEL-022")
def test_r15_06_research_rolling_a_number_again_is_no_strike() -> None:
    """src 1878: 'Research is safer, and is similar': the strikes are surveillance's (src 1874). Ada
    researches Gus's bottom-right 4+ cell twice with a 2: two misses, no strike, no choice to make."""
    d = spies()
    d.do("ann", "research", character="ada", target="gus", dice=[6])
    for _ in range(2):
        d.do("ann", "research", character="ada", target="gus", cell="2,2", dice=[2])
    assert camp(d).targets["gus"].strikes == 0 and camp(d).strike_choice == {}
    assert d.words("bob")[-1] == "Ada: Knowledge 2 against 4+ on History x Data: nothing found."


@pytest.mark.rules("WD-INTEL-004", "WD-INTEL-006", "WD-INTEL-008")
def test_r15_07_information_that_cuts_the_dc_below_the_progress_finds_the_target() -> None:
    """src 1797: finding rolls add up 'until they reach the target number'; src 1821: the GM rates a
    lead as tier-2 information, 'DC 50 -> 25'. Bea's Athletics 6 is 6 of the Tower's 10; the GM's
    tier-2 information halves it to 5: found, and her next surveillance is on the grid (src 1829)."""
    d = spies()
    d.do("bob", "surveil", character="bea", target="tow", dice=[6])
    assert not camp(d).targets["tow"].found
    d.do("gm", "give_information", character="bea", target="tow", tier=2, on="find")
    assert camp(d).targets["tow"].found
    assert d.words("bob")[-1] == "Bea: learns relevant details about The Tower, to narrow the find: found!"
    d.do("bob", "surveil", character="bea", target="tow", cell="0,0", dice=[6])
    assert camp(d).targets["tow"].cells[0].unlocked


@pytest.mark.rules("WD-INTEL-003", "WD-INTEL-004", "WD-INTEL-040")
def test_r15_08_a_serious_write_up_finds_the_thread_and_opens_its_corner_and_a_detail_counts_once() -> None:
    """src 1813: tier four is '100% & unlock 1-2'; src 2027: a named detail 'can't be used for that
    cape again'. Bea names "Hates dogs", rated a serious write-up (tier 4), on the Tower's thread: found,
    and research's bottom-right corner opens. The same detail in other case and spacing is refused, the
    table untouched; a player cannot give information (the GM rates it)."""
    d = spies()
    d.do("gm", "give_information", character="bea", target="tow", tier=4, on="thread", detail="Hates dogs")
    tow = camp(d).targets["tow"]
    assert tow.thread_found and tow.cells[8].unlocked
    assert d.words("ann")[-1] == (
        "Bea: names “Hates dogs”: a serious write-up about The Tower, to narrow the thread: found; "
        "History x Data unlocks."
    )
    err = d.refuse("gm", "give_information", character="bea", target="tow", tier=1, on="find",
                   detail="hates  DOGS", rule="WD-INTEL-040")  # fmt: skip
    assert err.message == "That detail was named for The Tower already: it counts once."
    d.refuse("bob", "give_information", character="bea", target="tow", tier=1, on="find", error=NotPermitted)


@pytest.mark.rules("WD-MORALE-007", "WD-DT-003")
def test_r15_09_the_bonus_slots_refusal_names_the_actions_as_the_menu_does() -> None:
    """src 489 (WD-MORALE-007 PROPOSED allow-list): high morale's bonus slot is for some actions only.
    Ada (morale +1) rolls a 6 for it; after three slots of other actions her last one refuses Train,
    and says which it takes by the seed's menu names (src 1378-1415), not "rest_and_recuperate,
    hang_out, ..."; Self-Promote takes it."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=1)
    d.do("gm", "start_downtime", dice=[2, 6, 1])
    for action in ("explore", "go_shopping", "work_or_school"):
        d.do("ann", "downtime_action", character="ada", action=action)
    err = d.refuse("ann", "downtime_action", character="ada", action="train", rule="WD-MORALE-007")
    assert err.message == (
        "Ada's last slot is the high-morale bonus slot, for Relax & Heal (Rest & Recuperate), Hang Out, "
        "Cape Business, Surveil a Target, Research, Utilize Intel or Self-Promote only."
    )
    d.do("ann", "downtime_action", character="ada", action="self_promote")
    assert d.words("ann")[-1] == "Ada spends a slot on self-promotion."


@pytest.mark.rules("WD-INTEL-034", "WD-INTEL-003")
def test_r15_10_a_target_done_moving_gets_back_the_dcs_it_began_with() -> None:
    """src 1947-1949: the mover is 'doubly vulnerable to being tracked in the interim' (PROPOSED: its
    DCs halved while it moves). Crossbones (finding DC 11, thread 50) moves over one downtime: 6 and 25;
    Ada's tier-1 intel cuts the thread 20%, to 20. When the move is done the finding DC is 11 again -
    not 12, the halved 6 doubled - and the thread keeps its cut (40, 20% off 50). The GM reads it; no
    player does."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do(
        "gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=11, thread_dc=50
    )
    d.do("gm", "award", character="ada", intel="violent:1")
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "relocate_target", target="xb", downtimes=1)
    xb = camp(d).targets["xb"]
    assert (xb.find_dc, xb.thread_dc) == (6, 25)
    d.do("ann", "spend_intel", character="ada", target="xb", intel="violent:1", on="thread")
    d.do("gm", "end_downtime")
    xb = camp(d).targets["xb"]
    assert (xb.find_dc, xb.thread_dc, xb.moving) == (11, 40, 0)
    done = "Crossbones has moved base: its DCs are no longer halved (finding DC 11, thread DC 40)."
    assert d.words("gm")[-1] == done
    assert done not in d.words("ann")
    assert "unmoved" not in d.table.view(d.table.viewer_for("ann"))["state"]["campaign"]["targets"]["xb"]


# --- a mission's day (src 1445-1451) ---------------------------------------------------------------------


@pytest.mark.rules("WD-PLAN-003", "WD-PLAN-004")
def test_r15_11_a_mission_planned_in_full_launches_with_nothing_left_to_roll() -> None:
    """src 1449: details 'never refined' are rolled twice on the day, the worse kept; refined and kept,
    none is. Bea refines both of the bank job's details (d2: 1, 2) and keeps what the GM rolled and
    what she had; the day rolls nothing, and every seat reads that. A player cannot launch it: the day
    is the GM's to call."""
    d = spies()
    d.do("bob", "declare_mission", character="bea", mission="bank", kind="bank robbery", date="Friday")
    d.do("gm", "set_mission_details", mission="bank", current={"traffic": "jam"},
         details={"security": ["2 guards", "1 Protectorate"], "traffic": ["clear", "jam"]})  # fmt: skip
    d.do("bob", "plan_mission", character="bea", mission="bank", details=["security", "traffic"], dice=[1, 1])
    d.do("bob", "keep_detail", character="bea", mission="bank", detail="security", take=True)
    d.do("bob", "keep_detail", character="bea", mission="bank", detail="traffic", take=False)
    assert d.words("bob")[-1] == "Bea: locks traffic: jam."
    d.refuse("bob", "launch_mission", mission="bank", error=NotPermitted)
    d.do("gm", "launch_mission", mission="bank", dice=[])
    assert camp(d).missions["bank"].locked == {"security": "2 guards", "traffic": "jam"}
    for seat in SEATS:
        assert d.words(seat)[-1] == "Mission bank robbery launches: everything was planned."
