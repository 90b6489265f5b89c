"""A referee's campaign situations (pass 10), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: planning a mission (src 1445-1451) with a hurt planner, a detail named twice and a choice
left open on the day; the stat counts of Surveil and Research (src 1874, 1878) as the table applies
them; the dispositions as the seed writes them (src 207, 1821, 1954) on the intel grid; and the
milestone's counts (src 435, 1359)."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Stat
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import table

SECURITY = ["2 guards", "4 rent-a-cops", "1 Protectorate"]


def ledger(d: Driver, ident: str = "ada") -> Any:
    return camp(d).ledger(ident)


def hurt(d: Driver, stat: Stat, points: int, ident: str = "ada") -> None:
    """A temporary stat loss ("-X", src 730) carried into downtime."""
    p = d.state.people[ident]
    d.patch(people={ident: p.model_copy(update={"temporary_loss": {stat: points}})})


def bank_job(d: Driver, **stats: int) -> None:
    """Ada declares a bank robbery for Friday; the GM gives it security, traffic and access."""
    pc(d, "ann", "ada", "Ada", **stats)
    d.do("gm", "start_downtime", slots=5)
    d.do("ann", "declare_mission", character="ada", mission="bank", kind="bank robbery", date="Friday")
    d.do(
        "gm",
        "set_mission_details",
        mission="bank",
        details={"security": SECURITY, "traffic": ["clear", "jam"], "access": ["open", "locked"]},
    )


# --- planning a mission (src 1445-1451) -----------------------------------------------------------------


@pytest.mark.rules("WD-PLAN-003", "WD-STAT-018", "WD-STAT-021")
def test_r10_01_a_planner_with_knowledge_down_refines_fewer_details() -> None:
    """src 1445: the GM rolls 'for [Knowledge] details'; src 730: a temporary loss lowers the stat
    until restored. Knowledge 3 - 1 = 2: three details are refused, two are rolled (d3 2, d2 2)."""
    d = table()
    bank_job(d, knowledge=3)
    hurt(d, Stat.KNOWLEDGE, 1)
    three = ["security", "traffic", "access"]
    d.refuse("ann", "plan_mission", character="ada", mission="bank", details=three)
    d.do("ann", "plan_mission", character="ada", mission="bank", details=["security", "traffic"], dice=[2, 2])
    assert camp(d).missions["bank"].offered == {"security": "4 rent-a-cops", "traffic": "jam"}


@pytest.mark.rules("WD-PLAN-003")
def test_r10_02_a_detail_named_twice_in_one_plan_is_refused() -> None:
    """src 1445: 'GMs roll a result for [Knowledge] details the player nominates, and the player
    chooses between the last decided (or default) result and that one' - one result per detail. Naming
    security twice would be two rolls at one detail (and a Knowledge slot lost to the overwrite): it is
    refused, nothing is rolled and no slot is used."""
    d = table()
    bank_job(d, knowledge=3)
    used = camp(d).phase.slots["ada"].used
    d.refuse("ann", "plan_mission", character="ada", mission="bank", details=["security", "security"])
    assert camp(d).missions["bank"].offered == {}
    assert camp(d).phase.slots["ada"].used == used


@pytest.mark.rules("WD-PLAN-003", "WD-PLAN-004")
def test_r10_03_a_refined_detail_still_waiting_on_its_choice_is_not_rolled_worst_on_the_day() -> None:
    """src 1445-1449: the planner 'chooses between the last decided (or default) result and that one';
    only 'details [that] aren't refined or decided by players' are rolled twice for the worse. Ada
    refined security (d3: 1 -> 2 guards) and has not yet said keep or pass; the mission day cannot
    take that choice from her with a worst-of-two roll: launching waits for her, and changes nothing."""
    d = table()
    bank_job(d, knowledge=3)
    d.do("ann", "plan_mission", character="ada", mission="bank", details=["security"], dice=[1])
    d.refuse("gm", "launch_mission", mission="bank")
    d.do("ann", "keep_detail", character="ada", mission="bank", detail="security", take=True)
    # traffic and access were never refined: two dice each, the worse kept (2,1 -> jam; 1,1 -> open)
    d.do("gm", "launch_mission", mission="bank", dice=[2, 1, 1, 1])
    assert camp(d).missions["bank"].locked == {"security": "2 guards", "traffic": "jam", "access": "open"}


@pytest.mark.rules("WD-PLAN-006", "WD-STAT-018")
def test_r10_04_knowledge_one_may_bank_an_advance_roll_but_not_with_a_detail() -> None:
    """src 1451: one advance roll per planning action, 'taking the place of one of the knowledge-based
    slots'. Knowledge 1 has one slot: the advance Wits roll alone goes (a 4, banked for the day and
    read out to the table); an advance roll and a detail are two and are refused."""
    d = table()
    bank_job(d, knowledge=1)
    d.refuse("ann", "plan_mission", character="ada", mission="bank", details=["security"], advance="wits")
    d.do("ann", "plan_mission", character="ada", mission="bank", advance="wits", dice=[4])
    m = camp(d).missions["bank"]
    assert (m.banked, m.offered) == (("wits 4",), {})
    assert d.words("ann")[-1] == "Ada: banks an advance Wits roll of 4."


@pytest.mark.rules("WD-PLAN-003")
def test_r10_05_a_player_cannot_plan_with_anothers_character() -> None:
    """src 1445: the planner nominates details with their own Knowledge. Bob refining Ann's Ada's
    mission with Ada's action is refused and uses none of her slots."""
    d = table()
    bank_job(d, knowledge=3)
    pc(d, "bob", "bo", "Bo")
    used = camp(d).phase.slots["ada"].used
    d.refuse("bob", "plan_mission", character="ada", mission="bank", details=["security"])
    assert camp(d).phase.slots["ada"].used == used and camp(d).missions["bank"].offered == {}


# --- the stat counts of information work (src 1874, 1878) ------------------------------------------------


def spy(d: Driver, **stats: int) -> None:
    pc(d, "ann", "ada", "Ada", **stats)
    d.do("gm", "start_downtime", slots=5)
    d.do("gm", "add_target", target="gus", name="Gus", size=3, dispositions=["violent"], tns=[4] * 9)


@pytest.mark.rules("WD-INTEL-019", "WD-STAT-019", "WD-STAT-021")
def test_r10_06_a_surveil_slot_gives_wits_rolls_as_wits_stands_today() -> None:
    """src 1874: 'a number of d6 rolls equal to their Wits score'; src 730: a temporary loss lowers it.
    Wits 4 - 1 = 3: three rolls (faces 1, 2, 3, all misses, each a strike taken) fill one slot and the
    fourth roll takes a second slot."""
    d = table()
    spy(d, wits=4)
    hurt(d, Stat.WITS, 1)
    for face in (1, 2, 3):
        d.do("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[face])
        d.do("ann", "strike_choice", character="ada", strike=True)
    assert camp(d).phase.slots["ada"].used == 1
    d.do("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[6])
    assert camp(d).phase.slots["ada"].used == 2


@pytest.mark.rules("WD-INTEL-025", "WD-STAT-019")
def test_r10_07_a_research_slot_gives_knowledge_actions() -> None:
    """src 1878: 'a number of actions equal to Knowledge'. Knowledge 2: two table rolls (d6 1, 2 ->
    tier-1 violent each) fill one slot, the third starts a second."""
    d = table()
    spy(d, knowledge=2)
    d.do("ann", "research", character="ada", target="gus", table=True, dice=[1])
    d.do("ann", "research", character="ada", target="gus", table=True, dice=[2])
    assert camp(d).phase.slots["ada"].used == 1 and ledger(d).intel == {"violent:1": 2}
    d.do("ann", "research", character="ada", target="gus", table=True, dice=[5])
    assert camp(d).phase.slots["ada"].used == 2


@pytest.mark.rules("WD-INTEL-019", "WD-INTEL-020")
def test_r10_08_an_unlocked_cell_is_not_watched_again_for_more_intel() -> None:
    """src 1874: a success 'unlock[s] the space and get[s] intel'; a space already unlocked has nothing
    left to unlock. Ada's 5 opens the corner (tier-1 violent: TN 4 is tier 1, one below is still 1);
    watching the same corner again is refused and her intel stays."""
    d = table()
    spy(d, wits=3)
    d.do("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[5])
    assert ledger(d).intel == {"violent:1": 1}
    d.refuse("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[6])
    assert ledger(d).intel == {"violent:1": 1}


# --- the dispositions as the seed writes them (src 207, 1821, 1954, 1990) --------------------------------


@pytest.mark.rules("WD-LORE-004", "WD-INTEL-002", "WD-INTEL-010")
def test_r10_09_pearl_is_an_f_lister_and_violent() -> None:
    """src 1954: 'Pearl, classified F-lister and Violent'. The GM writes the dispositions as the seed
    does; the grid's tags are those two, and F-lister intel unlocks an F-lister cell."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime", slots=5)
    d.do("gm", "add_target", target="pearl", name="Pearl", size=2, dispositions=["F-lister", "Violent"],
         tns=[4, 4, 4, 4])  # fmt: skip
    t = camp(d).targets["pearl"]
    assert set(t.dispositions) == {"f-lister", "violent"} and t.cells[0].tag == "f-lister"
    d.do("gm", "award", character="ada", intel="f-lister:1")
    d.do("ann", "spend_intel", character="ada", target="pearl", intel="f-lister:1", on="0,0")
    assert camp(d).targets["pearl"].cells[0].unlocked


@pytest.mark.rules("WD-LORE-004", "WD-INTEL-002")
def test_r10_10_the_seeds_own_words_for_a_disposition_name_it() -> None:
    """src 207: 'the ultra-violent' is a disposition; src 1821 calls its intel 'violence intel'; src
    1990 calls the hero disposition 'Heroic'. A GM who types the seed's word gets that disposition, the
    same one the short name gives: Crossbones, ultra-violent and heroic, is violent and hero."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime", slots=5)
    d.do("gm", "add_target", target="xb", name="Crossbones", size=2, dispositions=["ultra-violent", "heroic"],
         tns=[4, 4, 4, 4])  # fmt: skip
    assert camp(d).targets["xb"].dispositions == ("violent", "hero")
    d.do("gm", "award", character="ada", intel="violence:1")
    assert ledger(d).intel == {"violent:1": 1}


@pytest.mark.rules("WD-LORE-004", "WD-INTEL-002")
def test_r10_11_a_word_that_is_no_disposition_is_refused_with_the_list() -> None:
    """src 207 lists the dispositions; 'pirate' is none of them. The GM's award of pirate intel is
    refused with the types named, and Ada's intel is untouched."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    err = d.refuse("gm", "award", character="ada", intel="pirate:1")
    assert "violent" in str(err) and ledger(d).intel == {}


# --- intel conversions (src 1909-1919) ------------------------------------------------------------------


@pytest.mark.rules("WD-INTEL-029", "WD-INTEL-002")
def test_r10_12_three_of_a_targets_own_intel_upgrade_to_one_of_its_own() -> None:
    """src 1831: target-specific intel 'acts as a wild card'; src 1911: 'Turn 3 intel of tier 1-3 into
    one of a higher tier, same type'. Three tier-1 Gus intel become one tier-2 Gus intel, still the
    wildcard, which then opens a TN-5 (tier-2) violent cell."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime", slots=5)
    d.do("gm", "add_target", target="gus", name="Gus", size=2, dispositions=["violent"], tns=[5, 4, 4, 4])
    for _ in range(3):
        d.do("gm", "award", character="ada", intel="gus:1")
    d.do("ann", "utilize_intel", character="ada", ops=["upgrade gus:1"])
    assert ledger(d).intel == {"gus:2": 1}
    d.do("ann", "spend_intel", character="ada", target="gus", intel="gus:2", on="0,0")
    assert camp(d).targets["gus"].cells[0].unlocked and ledger(d).intel == {}


@pytest.mark.rules("WD-INTEL-029")
def test_r10_13_three_intel_of_mixed_tiers_do_not_upgrade() -> None:
    """src 1911: three intel 'of tier 1-3' of the 'same type' - and of one tier: two tier-1 and one
    tier-2 violent are not three tier-1. Refused; Ada keeps all three and her slot."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime", slots=3)
    for intel in ("violent:1", "violent:1", "violent:2"):
        d.do("gm", "award", character="ada", intel=intel)
    d.refuse("ann", "utilize_intel", character="ada", ops=["upgrade violent:1"])
    assert ledger(d).intel == {"violent:1": 2, "violent:2": 1}
    assert camp(d).phase.slots["ada"].used == 0


# --- the milestone's counts (src 435, 1359) --------------------------------------------------------------


@pytest.mark.rules("WD-STAT-013", "WD-PROG-025", "WD-FOLLOW-006")
def test_r10_14_follower_cap_is_twice_social_and_three_a_milestone() -> None:
    """src 1359: 'followers equal to 2x their social score + 3x the number of milestones'. Social 4
    with two milestones: 8 + 6 = 14."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=4, milestones=2)
    assert d.state.sheets["ada"].follower_cap == 14


@pytest.mark.rules("WD-PLAN-003")
def test_r10_15_the_player_whose_plan_rolled_a_value_is_the_one_who_keeps_or_passes() -> None:
    """src 1445: 'GMs roll a result for [Knowledge] details the player nominates, and the player
    chooses between the last decided (or default) result and that one'. Bob's Bo plans Ada's bank job
    (d3 3 -> 1 Protectorate); Ann cannot take Bo's choice with Ada, and her own plan waits on Bo's
    choice, which is named in the refusal. Bo takes his roll; then Ada plans traffic (d2 1 -> clear)."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=3)
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "start_downtime", slots=5)
    d.do("ann", "declare_mission", character="ada", mission="bank", kind="bank robbery", date="Friday")
    d.do(
        "gm",
        "set_mission_details",
        mission="bank",
        details={"security": SECURITY, "traffic": ["clear", "jam"]},
    )
    d.do("bob", "plan_mission", character="bo", mission="bank", details=["security"], dice=[3])
    d.refuse("ann", "keep_detail", character="ada", mission="bank", detail="security", take=True)
    err = d.refuse("ann", "plan_mission", character="ada", mission="bank", details=["traffic"])
    assert "Bo must first keep or pass" in str(err)
    d.do("bob", "keep_detail", character="bo", mission="bank", detail="security", take=True)
    m = camp(d).missions["bank"]
    assert (m.locked, m.offered) == ({"security": "1 Protectorate"}, {})
    d.do("ann", "plan_mission", character="ada", mission="bank", details=["traffic"], dice=[1])
    d.do("ann", "keep_detail", character="ada", mission="bank", detail="traffic", take=True)
    assert camp(d).missions["bank"].locked == {"security": "1 Protectorate", "traffic": "clear"}
