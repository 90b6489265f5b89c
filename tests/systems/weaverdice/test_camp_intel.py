"""Intel at the table (WD-INTEL): finding, the grid from two corners, strikes, research, intel spent."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import table


def spy(d: Driver, **stats: Any) -> None:
    pc(d, "ann", "ada", "Ada", **stats)
    d.do("gm", "start_downtime", slots=9)


def target(d: Driver, **more: Any) -> None:
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent", "sponsored"], **more)


def choose(d: Driver, option: str) -> None:
    d.answer("ann", d.prompt("ann", "strike_choice").id, option)


def cell(d: Driver, index: int) -> Any:
    return camp(d).targets["xb"].cells[index]


@pytest.mark.rules("WD-INTEL-005", "WD-INTEL-006", "WD-INTEL-001", "WD-INTEL-007", "WD-INTEL-008")
def test_finding_crossbones_alternates_athletics_and_wits_toward_a_hidden_dc() -> None:
    """WX-39 (src 1799): 20 + 35 + 10 - 15 = DC 50, GM-only; one roll a Surveil slot."""
    d = table()
    spy(d, athletics=4, wits=2)
    target(d, find_dc=20 + 5 * 7 + 10 - 15, thread_dc=30)
    assert camp(d).targets["xb"].find_dc == 50
    assert '"find_dc": 50' not in seen_by(d, "ann") and "50" not in seen_by(d, "ann").split("Crossbones")[0]
    d.do("ann", "surveil", character="ada", target="xb", dice=[3])  # Athletics +1: 4
    d.do("ann", "surveil", character="ada", target="xb", dice=[3])  # Wits -1: 2
    t = camp(d).targets["xb"]
    assert (t.find_progress, t.find_rolls, t.found) == (6, 2, False)
    assert camp(d).phase.slots["ada"].used == 2
    # research first finds the thread with Knowledge (WD-INTEL-007 PROPOSED)
    d.do("ann", "research", character="ada", target="xb", dice=[5])
    assert camp(d).targets["xb"].thread_progress == 5
    # surveillance on the grid waits until the target is found (a cell asked is refused, WD-INTEL-008);
    # the panel shows no DC to the player
    d.refuse("ann", "surveil", character="ada", target="xb", cell="0,0", rule="WD-INTEL-008")
    d.do("ann", "surveil", character="ada", target="xb", dice=[6])
    assert camp(d).targets["xb"].cells[0].unlocked is False  # a finding roll, not a grid roll
    assert "of 50" not in seen_by(d, "ann") and "of 50" in seen_by(d, "gm")


@pytest.mark.rules("WD-INTEL-003", "WD-INTEL-002", "WD-INTEL-004")
def test_intel_cuts_the_finding_dc_by_tier_rounded_up_and_the_crossbones_lead() -> None:
    """WX-41/42 (src 1803-1825): on DC 50 a tier-2 lead gives 25; T1 cuts 20%; T3 finds outright."""
    d = table()
    spy(d)
    target(d, find_dc=50)
    d.do("gm", "award", character="ada", intel="violent:2")
    d.do("gm", "award", character="ada", intel="violent:1")
    d.do("gm", "award", character="ada", intel="sponsored:1")
    d.do("ann", "spend_intel", character="ada", target="xb", intel="violent:2", on="find")
    assert camp(d).targets["xb"].find_dc == 25
    d.do("ann", "spend_intel", character="ada", target="xb", intel="violent:1", on="find")
    assert camp(d).targets["xb"].find_dc == 20
    d.refuse(
        "ann", "spend_intel", character="ada", target="xb", intel="violent:1", on="find", rule="WD-INTEL-002"
    )
    d.refuse(
        "ann", "spend_intel", character="ada", target="xb", intel="hero:1", on="find", rule="WD-INTEL-003"
    )
    assert camp(d).phase.slots["ada"].used == 0  # spending intel takes no action
    d.do("gm", "award", character="ada", intel="sponsored:3")
    d.do("ann", "spend_intel", character="ada", target="xb", intel="sponsored:3", on="find")
    assert camp(d).targets["xb"].found  # tier 3: the whole DC
    assert 'find_dc": 0' not in seen_by(d, "ann")


@pytest.mark.rules(
    "WD-INTEL-009",
    "WD-INTEL-010",
    "WD-INTEL-011",
    "WD-INTEL-013",
    "WD-INTEL-014",
    "WD-INTEL-019",
    "WD-INTEL-020",
    "WD-INTEL-025",
    "WD-LORE-004",
)
def test_the_sample_grid_opens_from_two_corners() -> None:
    """WX-43 (src 1742-1795, 1833): surveillance enters at Movements x Capabilities (5+), research at
    History x Data (5+); unlocking the first opens Movements x Relationships and Status x Capabilities."""
    d = table()
    spy(d, wits=3, knowledge=3)
    target(d)
    t = camp(d).targets["xb"]
    assert (t.size, t.rows, t.cols) == (
        4,
        ("Movements", "Status", "Patterns", "History"),
        ("Capabilities", "Relationships", "Secrets", "Data"),
    )
    assert [c.tn for c in t.cells] == [5, 4, 4, 5, 4, 7, 6, 4, 4, 6, 7, 4, 5, 4, 4, 5]
    assert t.available("surveil") == (0,) and t.available("research") == (15,)
    d.refuse("ann", "surveil", character="ada", target="xb", cell="1,1", rule="WD-INTEL-014")
    d.refuse("ann", "surveil", character="ada", target="xb", cell="3,3", rule="WD-INTEL-014")
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[5])  # 5 vs 5+
    assert cell(d, 0).unlocked
    # success: one intel of the cell's tag a tier below its unlock tier (5+ -> T2 -> T1)
    assert camp(d).ledgers["ada"].intel == {"violent:1": 1}
    assert set(camp(d).targets["xb"].available("surveil")) == {1, 4}
    assert camp(d).phase.slots["ada"].session.left == 2  # Wits 3: three rolls a slot
    d.do("ann", "research", character="ada", target="xb", cell="3,3", dice=[6])
    assert cell(d, 15).unlocked
    # unlocks are shared: research may now also work next to the surveillance corner
    assert 1 in camp(d).targets["xb"].available("research")
    d.do("gm", "add_target", target="lot", name="Parking lot", size=2, dispositions=["city"])
    assert camp(d).targets["lot"].rows == ("Movements", "History")


@pytest.mark.rules("WD-INTEL-021", "WD-INTEL-022", "WD-INTEL-023", "WD-INTEL-024")
def test_surveillance_duplicates_and_misses_strike_and_three_strikes_alert() -> None:
    """WX-44 (src 1874): Wits 3, natural 4, 2, 4: the third is a strike whatever its outcome; a miss
    is a strike for tier-1 intel unless intel is spent on a space instead (none of Ada's tier-1 violent
    intel opens a 5+ cell, which takes tier 2), so it is not let go; three strikes alert the target."""
    d = table()
    spy(d, wits=3)
    target(d)
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[4])  # 4 < 5: missed
    d.refuse("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[5], rule="WD-INTEL-021")
    assert [p.kind for p in d.prompts("ann")] == ["strike_choice"]
    choose(d, "strike")
    assert (camp(d).targets["xb"].strikes, camp(d).ledgers["ada"].intel) == (1, {"violent:1": 1})
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[2])
    assert [o.value for o in d.prompt("ann", "strike_choice").options] == ["strike"]
    d.refuse("ann", "strike_choice", character="ada", strike=False, rule="WD-INTEL-021")
    choose(d, "strike")
    assert camp(d).targets["xb"].strikes == 2
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[4])  # a 4 again: the third
    t = camp(d).targets["xb"]
    assert (t.strikes, t.alerts) == (0, 1)  # the third strike alerts and resets
    choose(d, "strike")  # the miss's own strike counts afresh
    assert camp(d).targets["xb"].strikes == 1
    # guards lower the strike limit
    d.do("gm", "add_target", target="vault", name="Vault", size=2, dispositions=["city"], strike_limit=1)
    d.do("ann", "surveil", character="ada", target="vault", cell="0,0", dice=[1])
    choose(d, "strike")
    assert camp(d).targets["vault"].alerts == 1


@pytest.mark.rules("WD-INTEL-022", "WD-CORE-010")
@pytest.mark.parametrize(("natural", "strikes"), [(True, 0), (False, 1)])
def test_a_number_already_rolled_is_the_total_when_totals_are_read(natural: bool, strikes: int) -> None:
    """src 1874 "a number they've already rolled", read as the total under parity_uses_natural_die=False:
    at morale -3 every result caps at 4 (src 453), so natural 5 and natural 6 (Wits 5: +2) both total 4."""
    d = table(config={"parity_uses_natural_die": natural})
    pc(d, "ann", "ada", "Ada", wits=5, morale=-3)
    d.do("gm", "start_downtime", slots=9)
    target(d)
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[5])  # 4 (capped): missed
    choose(d, "strike")  # the miss's strike: 1
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[6])  # 4 again, or a new 6
    if strikes:
        assert "a 4 again: a strike" in " ".join(d.words())
    assert camp(d).targets["xb"].strikes == 1 + strikes


@pytest.mark.rules("WD-INTEL-025", "WD-INTEL-026")
def test_research_rolls_the_intel_table_and_never_strikes() -> None:
    """WX-45 (src 1880-1898): 1-2 T1 first disposition, 3-4 T1 second, 5 T2 first, 6 T2 second."""
    d = table()
    spy(d, knowledge=4)
    target(d)
    for face in (1, 3, 5, 6):
        d.do("ann", "research", character="ada", target="xb", table=True, dice=[face])
    assert camp(d).ledgers["ada"].intel == {
        "violent:1": 1,
        "sponsored:1": 1,
        "violent:2": 1,
        "sponsored:2": 1,
    }
    assert camp(d).phase.slots["ada"].used == 1  # Knowledge 4: four actions in one slot
    d.do("ann", "research", character="ada", target="xb", cell="3,3", dice=[1])  # missed: no strike
    assert camp(d).targets["xb"].strikes == 0 and not camp(d).strike_choice


@pytest.mark.rules("WD-INTEL-028", "WD-INTEL-029", "WD-INTEL-030", "WD-INTEL-031", "WD-INTEL-015")
def test_utilize_intel_converts_in_one_slot_and_intel_unlocks_a_cell_at_tn_minus_3() -> None:
    """WX-46 (src 1909-1919): 3 x T1 violent -> 1 T2; 1 T3 sponsored -> 2 T2; T2 -> T1 of a random type."""
    d = table()
    spy(d)
    target(d)
    d.do("gm", "award", character="ada", intel="violent:1", intel_count=3)
    d.do("gm", "award", character="ada", intel="sponsored:3")
    d.do(
        "ann",
        "utilize_intel",
        character="ada",
        ops=["upgrade violent:1", "downgrade sponsored:3", "shuffle sponsored:2"],
        dice=[1],
    )
    assert camp(d).ledgers["ada"].intel == {"violent:2": 1, "sponsored:2": 1, "hero:1": 1}
    assert camp(d).phase.slots["ada"].used == 1
    d.refuse("ann", "utilize_intel", character="ada", ops=["shuffle hero:1"], rule="WD-INTEL-031")
    d.refuse("ann", "utilize_intel", character="ada", ops=["downgrade hero:1"], rule="WD-INTEL-030")
    # the 5+ corner takes tier-2 intel of its tag (violent), no action
    d.refuse(
        "ann", "spend_intel", character="ada", target="xb", intel="sponsored:2", on="0,0", rule="WD-INTEL-015"
    )
    d.do("ann", "spend_intel", character="ada", target="xb", intel="violent:2", on="0,0")
    assert cell(d, 0).unlocked and camp(d).phase.slots["ada"].used == 1


@pytest.mark.rules("WD-INTEL-017", "WD-INTEL-040")
def test_a_completed_movements_row_helps_and_the_no_intel_variant_gives_none() -> None:
    d = table(config={"campaign": {"no_intel": True}})
    spy(d, wits=3)
    d.do("gm", "add_target", target="lot", name="Lot", size=2, dispositions=["city"], tns=[4, 4, 4, 4])
    d.do("ann", "surveil", character="ada", target="lot", cell="0,0", dice=[4])
    d.do("ann", "surveil", character="ada", target="lot", cell="0,1", dice=[5])
    t = camp(d).targets["lot"]
    assert t.lines == ("Movements",)
    assert camp(d).ledgers["ada"].intel == {}  # no intel in this variant
    d.do("ann", "surveil", character="ada", target="lot", cell="1,0", dice=[3])  # 3 + 1 = 4: unlocked
    assert camp(d).targets["lot"].cells[2].unlocked
    d.refuse("ann", "research", character="ada", target="lot", table=True, rule="WD-INTEL-040")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    size=st.integers(2, 4),
    steps=st.lists(st.tuples(st.booleans(), st.integers(0, 15), st.integers(1, 6)), min_size=1, max_size=14),
)
@pytest.mark.rules("WD-INTEL-014", "WD-INTEL-013")
def test_only_orthogonal_neighbours_of_unlocked_cells_or_the_corners_are_ever_available(
    size: int, steps: list[tuple[bool, int, int]]
) -> None:
    """Property: whatever is tried, only cells that were available unlock, and availability is always
    exactly the corners' and the locked orthogonal neighbours of unlocked cells."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=5, knowledge=5)
    d.do("gm", "start_downtime", slots=9)
    d.do("gm", "add_target", target="t", name="T", size=size, dispositions=["violent"])
    n = size
    for surveil, pick, face in steps:
        if camp(d).strike_choice:
            choose(d, "strike")
        t = camp(d).targets["t"]
        method = "surveil" if surveil else "research"
        before = {i for i, c in enumerate(t.cells) if c.unlocked}
        index = pick % (n * n)
        r, c = divmod(index, n)
        slots = camp(d).phase.slots["ada"]
        if slots.left == 0 and (slots.session is None or slots.session.left == 0):
            break
        if index in t.available(method):
            d.do("ann", method, character="ada", target="t", cell=f"{r},{c}", dice=[face])
        elif index not in before:
            d.refuse(
                "ann", method, character="ada", target="t", cell=f"{r},{c}", dice=[face], rule="WD-INTEL-014"
            )
        after = {i for i, x in enumerate(camp(d).targets["t"].cells) if x.unlocked}
        assert after - before <= {index}
        for m, corner in (("surveil", 0), ("research", n * n - 1)):
            expected = {
                i
                for i in range(n * n)
                if i not in after
                and (
                    i == corner
                    or any(
                        j in after
                        for j in (i - n, i + n, i - 1 if i % n else -1, i + 1 if (i + 1) % n else -1)
                        if 0 <= j < n * n
                    )
                )
            }
            assert set(camp(d).targets["t"].available(m)) == expected


@pytest.mark.rules("WD-INTEL-035")
def test_codify_spells_unlocks_out_for_others_and_a_presentation_gives_them_all() -> None:
    d = table()
    pc(d, "bob", "bo", "Bo")
    pc(d, "bob", "cy", "Cy")
    spy(d, wits=3)
    d.do("gm", "add_target", target="lot", name="Lot", size=2, dispositions=["city"], tns=[4, 4, 4, 4])
    d.do("gm", "add_target", target="den", name="Den", size=2, dispositions=["city"], tns=[4, 4, 4, 4])
    d.do("ann", "surveil", character="ada", target="lot", cell="0,0", dice=[4])
    d.do("ann", "surveil", character="ada", target="lot", cell="0,1", dice=[5])
    # codifying wraps up the slot: it must come last, and needs a target, unlocks and a real reader
    d.refuse(
        "ann",
        "utilize_intel",
        character="ada",
        ops=["spell lot for bo", "upgrade city:1"],
        rule="WD-INTEL-035",
    )
    d.refuse("ann", "utilize_intel", character="ada", ops=["spell nowhere"], rule="WD-INTEL-035")
    d.refuse("ann", "utilize_intel", character="ada", ops=["spell den"], rule="WD-INTEL-035")
    d.refuse("ann", "utilize_intel", character="ada", ops=["spell lot for zed"], rule="WD-INTEL-035")
    d.refuse("ann", "utilize_intel", character="ada", ops=["present to"], rule="WD-INTEL-035")
    assert camp(d).ledgers.get("bo") is None or camp(d).ledgers["bo"].writeups == {}
    # Spell it Out: a write-up of Lot's two unlocks, kept and handed to Bo, who spent no slot
    d.do("ann", "utilize_intel", character="ada", ops=["spell lot for bo"])
    assert camp(d).ledgers["ada"].writeups == {"lot": (0, 1)}
    assert camp(d).ledgers["bo"].writeups == {"lot": (0, 1)}
    assert camp(d).phase.slots["bo"].used == 0 and "writes up 2 unlocks on Lot for Bo" in d.words("ann")[-1]
    # Presentation: a meeting gives every grid's unlocks to all present
    d.do("ann", "surveil", character="ada", target="den", cell="0,0", dice=[6])
    d.do("ann", "utilize_intel", character="ada", ops=["present to bo, cy"])
    for who in ("ada", "bo", "cy"):
        assert camp(d).ledgers[who].writeups == {"lot": (0, 1), "den": (0,)}
    assert "presents 3 unlocks for Bo, Cy" in d.words("ann")[-1]
