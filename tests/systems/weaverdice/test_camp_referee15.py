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
from capeworks.systems.weaverdice.campaign.events import CAMPAIGN_EVENTS
from tests.systems.weaverdice.campaign_support import pc
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
    "Bea: names 'Drives a red van': relevant details about The Tower, to narrow the find.",
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
    5 toward finding ...", "banks an advance wits roll of 4. the GM rolls ...") read as written."""
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
