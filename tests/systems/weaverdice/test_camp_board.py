"""The downtime board's odds panel: the exact chance of each roll open now, and what a player sees of it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.campaign.board import ODDS_COLUMNS, ODDS_TITLE
from tests.systems.weaverdice.campaign_support import pc, seen_by
from tests.systems.weaverdice.helpers import add, sheet, table

#: the hidden NPC's tidbit and DCs: no player may see them, in the odds panel or anywhere
TIDBIT = "keeps the ledger in a boathouse"


def brute(modifier: int, tn: int, morale: int = 0) -> Fraction:
    """P(one d6 + modifier, capped at 7 + morale below zero, meets tn), by counting faces."""
    cap = 7 + morale if morale < 0 else 99
    return Fraction(sum(1 for f in range(1, 7) if min(f + modifier, cap) >= tn), 6)


def odds(d: Driver, seat: str) -> list[dict[str, str]]:
    """The odds panel's rows for a seat, by column name."""
    found = [p for p in d.table.seen_panels(d.table.viewer_for(seat)) if p.title == ODDS_TITLE]
    if not found:
        return []
    assert found[0].columns == ODDS_COLUMNS
    return [dict(zip(ODDS_COLUMNS, row, strict=True)) for row in found[0].rows]


def pick(rows: list[dict[str, str]], **want: str) -> list[dict[str, str]]:
    return [r for r in rows if all(r[k] == v for k, v in want.items())]


def board(**more: Any) -> Driver:
    """Ada (Wits 4, Knowledge 3) and Bo (Wits 2, Knowledge 5, morale -2) in downtime, Crossbones found."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=4, knowledge=3, dexterity=3)
    pc(d, "bob", "bo", "Bo", wits=2, knowledge=5, morale=-2)
    add(d, "gm", {**sheet("mole", "The Mole", wits=5), "tier": "notable"}, hidden=True)
    d.do(
        "gm",
        "add_target",
        target="xb",
        name="Crossbones",
        dispositions=["violent", "sponsored"],
        tidbits=[TIDBIT],
        **more,
    )
    d.do("gm", "start_downtime", slots=3, characters=["ada", "bo", "mole"])
    return d


@pytest.mark.rules("WD-INTEL-014", "WD-INTEL-019", "WD-INTEL-025", "WD-MORALE-002")
def test_each_open_cell_shows_the_exact_chance_of_each_method_for_each_character() -> None:
    d = board()
    rows = odds(d, "ann")
    # the sample grid: top-left 5+ for surveillance, bottom-right 5+ for research (WD-INTEL-011/013)
    ada = pick(rows, character="Ada", target="Crossbones")
    assert {(r["action"], r["cell"]) for r in ada} == {("surveil", "0,0"), ("research", "3,3")}
    (watch,) = pick(ada, action="surveil")
    assert (watch["needs"], watch["where"], watch["roll"]) == ("5+", "Movements x Capabilities", "wits 1d6+1")
    assert Fraction(watch["exact"]) == brute(1, 5) == Fraction(1, 2) and watch["chance"] == "50%"
    (dig,) = pick(ada, action="research")
    assert Fraction(dig["exact"]) == brute(0, 5) == Fraction(1, 3)
    # Bo at morale -2: results capped at 5; Knowledge 5 (+2) against 5+ still 4/6
    (bo_dig,) = pick(rows, character="Bo", action="research")
    assert bo_dig["roll"] == "knowledge 1d6+2, capped at 5"
    assert Fraction(bo_dig["exact"]) == brute(2, 5, -2) == Fraction(2, 3)
    # the odds match what the table then rolls: a 4 with Wits +1 meets 5+ and opens two neighbours
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[4])
    ada = pick(odds(d, "ann"), character="Ada", action="surveil")
    assert [r["cell"] for r in ada] == ["0,1", "1,0"]
    # 0,1 is TN 4; 1,0 is TN 4: Wits +1 needs a 3 -> 4/6
    assert all(Fraction(r["exact"]) == brute(1, 4) for r in ada)
    # Bo's row for 1,0 (Wits 2, -1, capped at 5) against 4+: needs a 5 -> 2/6
    (bo_watch,) = pick(odds(d, "bob"), character="Bo", action="surveil", cell="1,0")
    assert Fraction(bo_watch["exact"]) == brute(-1, 4, -2) == Fraction(1, 3)


@pytest.mark.rules("WD-INTEL-005", "WD-INTEL-014")
def test_players_see_no_hidden_character_no_dc_and_no_locked_tidbit_in_the_odds() -> None:
    d = board(find_dc=40, thread_dc=33)
    # not found: no grid odds (the finding DC is the GM's), and the GM's DCs are in no player's panel
    assert odds(d, "ann") == [] and odds(d, "gm") == []
    d.do("gm", "award", character="ada", intel="violent:3")
    d.do("ann", "spend_intel", character="ada", target="xb", intel="violent:3", on="find")
    rows = odds(d, "ann")
    assert {r["action"] for r in rows} == {"surveil"}  # the thread is still unfound: no research
    assert {r["character"] for r in rows} == {"Ada", "Bo"}  # the hidden NPC's rows are the GM's
    assert "The Mole" in {r["character"] for r in odds(d, "gm")}
    # players all see alike (the view key), and nothing secret is in what a player sees
    assert odds(d, "ann") == odds(d, "bob")
    for seat in ("ann", "bob"):
        seen = seen_by(d, seat)
        assert TIDBIT not in seen and "of 33" not in seen and "The Mole's" not in seen
    assert "of 33" in seen_by(d, "gm")


@pytest.mark.rules("WD-INTEL-021", "WD-INTEL-038")
def test_a_pending_strike_choice_hides_surveillance_odds_and_an_open_node_is_priced_at_7() -> None:
    d = board(quartet=["0,0", "0,1", "1,0", "1,1"])
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[1])
    assert pick(odds(d, "ann"), character="Ada", action="surveil") == []  # the strike is asked first
    d.answer("ann", d.prompt("ann", "strike_choice").id, "strike")  # a miss is never let go (src 1874)
    for cell, face in (("0,0", 6), ("0,1", 6), ("1,0", 5), ("1,1", 6)):
        d.do("ann", "surveil", character="ada", target="xb", cell=cell, dice=[face])
    node = pick(odds(d, "ann"), character="Ada", cell="node")
    assert {r["action"]: r["needs"] for r in node} == {"surveil": "7+", "research": "7+"}
    (watch,) = pick(node, action="surveil")
    (dig,) = pick(node, action="research")
    assert Fraction(watch["exact"]) == brute(1, 7) == Fraction(1, 6)  # Wits +1 needs a 6
    assert Fraction(dig["exact"]) == brute(0, 7) == 0 and dig["chance"] == "0%"  # Knowledge 3 cannot


@pytest.mark.rules("WD-CRAFT-002", "WD-CRAFT-003")
def test_a_craft_project_shows_the_chance_to_finish_within_its_rolls_left() -> None:
    d = table()
    craft = {"name": "Craft", "stats": ["dexterity"], "tree": "craft"}
    pc(d, "ann", "ada", "Ada", knowledge=3, dexterity=3, skills=[craft], money=400)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "start_craft", character="ada", project="vest", item="kevlar vest", tier="standard", price=300)
    (row,) = odds(d, "ann")
    project = d.state.campaign.projects["vest"]
    assert (row["action"], row["target"], row["target id"]) == ("craft", "kevlar vest", "vest")
    assert row["roll"] == "2d6 keep the best, each roll"
    # brute force: every sequence of `cap` rolls of the best of two d6 summing to the DC or more
    best = {k: Fraction(2 * k - 1, 36) for k in range(1, 7)}
    ways = {0: Fraction(1)}
    for _ in range(project.cap):
        step: dict[int, Fraction] = {}
        for total, p in ways.items():
            for k, q in best.items():
                step[total + k] = step.get(total + k, Fraction(0)) + p * q
        ways = step
    # the project's standing bonus (here +1) counts toward the DC before any roll
    expected = sum((p for total, p in ways.items() if total + project.bonus >= project.dc), Fraction(0))
    assert Fraction(row["exact"]) == expected
    d.do("ann", "craft", character="ada", project="vest", rolls=1, dice=[6, 6])
    (row,) = odds(d, "ann")
    assert row["needs"] == f"{project.dc - project.bonus - 6} more"


@pytest.mark.rules("WD-INTEL-041", "WD-INTEL-019", "WD-INTEL-022")
def test_a_runaway_after_a_success_shows_its_odds_at_minus_one_a_success_and_takes_no_roll() -> None:
    """Src 2028: a success may roll again at a cumulative -1; the board prices that roll, not a plain one."""
    d = table(config={"campaign": {"surveillance_runaway": True}})
    pc(d, "ann", "ada", "Ada", wits=4)  # Wits +1, four rolls in a slot
    pc(d, "bob", "bo", "Bo", wits=1)  # Wits -2, one roll
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent", "sponsored"])
    d.do("gm", "add_target", target="lot", name="Lot", size=2, dispositions=["city"], tns=[3, 3, 3, 3])
    d.do("gm", "start_downtime", slots=1)
    assert pick(odds(d, "ann"), action="runaway") == []  # no success yet: nothing to run on
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[4])  # 4 + 1 meets 5+
    rows = odds(d, "ann")
    run = pick(rows, character="Ada", action="runaway", target="Crossbones")
    # the sample grid's 0,1 and 1,0 are 4+: a plain roll at +1 needs a 3, the runaway at +0 a 4
    assert [(r["cell"], r["roll"], r["needs"]) for r in run] == [
        ("0,1", "wits 1d6+0", "4+"),
        ("1,0", "wits 1d6+0", "4+"),
    ]
    assert all(Fraction(r["exact"]) == brute(0, 4) == Fraction(1, 2) and r["chance"] == "50%" for r in run)
    plain = pick(rows, character="Ada", action="surveil", target="Crossbones")
    assert all(Fraction(r["exact"]) == brute(1, 4) for r in plain)
    assert pick(rows, character="Bo", action="runaway") == []  # Ada's run is not Bo's
    d.do("ann", "surveil", character="ada", target="xb", cell="0,1", runaway=True, dice=[5])  # 5 + 0 meets 4+
    assert d.state.campaign.phase is not None
    assert d.state.campaign.phase.slots["ada"].session.left == 3  # the runaway took none of the four rolls
    run = {r["cell"]: r for r in pick(odds(d, "ann"), character="Ada", action="runaway")}
    # two successes in the run: -2 from Wits +1 -> 1d6-1; 0,2 and 1,0 are 4+ (needs a 5), 1,1 is 7+ (none)
    assert {c: (r["roll"], Fraction(r["exact"])) for c, r in run.items()} == {
        "0,2": ("wits 1d6-1", brute(-1, 4)),
        "1,0": ("wits 1d6-1", brute(-1, 4)),
        "1,1": ("wits 1d6-1", brute(-1, 7)),
    }
    assert brute(-1, 4) == Fraction(1, 3) and brute(-1, 7) == 0 and run["1,1"]["chance"] == "0%"
    d.do("ann", "surveil", character="ada", target="xb", cell="1,0", runaway=True, dice=[4])  # 4 - 1 misses
    assert pick(odds(d, "ann"), character="Ada", action="surveil") == []  # the strike is asked first
    d.answer("ann", d.prompt("ann", "strike_choice").id, "strike")  # a miss is never let go (src 1874)
    rows = pick(odds(d, "ann"), character="Ada", target="Crossbones")
    assert pick(rows, action="runaway") == []
    assert {r["cell"] for r in pick(rows, action="surveil")} == {"0,2", "1,0", "1,1"}
    # Bo's one roll in his one slot succeeds: with no roll left he is offered the runaway alone
    d.do("bob", "surveil", character="bo", target="lot", cell="0,0", dice=[6])  # 6 - 2 meets 3+
    rows = pick(odds(d, "bob"), character="Bo")
    assert {(r["action"], r["cell"], r["roll"]) for r in rows} == {
        ("runaway", "0,1", "wits 1d6-3"),
        ("runaway", "1,0", "wits 1d6-3"),
    }
    assert all(Fraction(r["exact"]) == brute(-3, 3) == Fraction(1, 6) for r in rows)
    d.do("bob", "surveil", character="bo", target="lot", cell="1,0", runaway=True, dice=[6])  # 6 - 3 meets 3+
    assert d.state.campaign.targets["lot"].cells[2].unlocked
    d.refuse(
        "ann",
        "surveil",
        character="ada",
        target="lot",
        cell="0,1",
        runaway=True,
        dice=[6],
        rule="WD-INTEL-041",
    )
