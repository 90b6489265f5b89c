"""A referee's campaign situations (pass 6), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: the edges of Resourceful and the roll cap, machining and drudge work, a hand at the
workshop, strikes that pile up, intel conversions of one type, the research table's far rows, refreshed
progression lists, Guts rolls below zero, followers answering a recruitment call, capes already on the
team, and one roll each in a negotiation."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp, follower_box, pc
from tests.systems.weaverdice.helpers import table

TALK = {"name": "Negotiator", "stats": ["social"], "dice": 0}
GRIT = {"name": "Tough", "stats": ["guts"], "dice": 0}
KNOW = {"name": "Research", "stats": ["knowledge"], "dice": 0}


def ledger(d: Driver, ident: str = "ada") -> Any:
    return camp(d).ledger(ident)


def tree(*names: str) -> list[dict[str, Any]]:
    """The Craft entry skill and the named Craft-tree skills."""
    out: list[dict[str, Any]] = [{"name": "Craft", "stats": ["dexterity"], "tree": "craft"}]
    out += [{"name": n, "stats": ["dexterity"], "tree": "craft", "dice": 0} for n in names]
    return out


def crafter(d: Driver, *, skills: list[dict[str, Any]] | None = None, **stats: int) -> None:
    pc(d, "ann", "ada", "Ada", skills=skills, money=1000, **stats)
    d.do("gm", "start_downtime", slots=3)


def spy(d: Driver, **stats: Any) -> None:
    pc(d, "ann", "ada", "Ada", **stats)
    d.do("gm", "start_downtime", slots=5)
    d.do("gm", "add_target", target="pearl", name="Pearl", dispositions=["violent", "villain"])


# --- crafting (src 1486, 1578, 1592) -------------------------------------------------------------


@pytest.mark.rules("WD-CRAFT-019", "WD-CRAFT-004", "WD-CRAFT-006")
def test_r6_01_resourceful_takes_half_the_materials_at_most() -> None:
    """src 1578: 'reduced by 10% or $10 ... Increase this by 10% and $10 respectively, for each Craft
    skill known, to a max of 50% and $50'. Seven Craft-tree skills would reach 60%; the cut stops at
    50%. A high-tier $1000 item needs $500 of materials (src 1502-1504): $250 after the cut."""
    d = table()
    seven = tree("Resourceful", "Diligence", "Handy", "Multitasker", "Maintenance", "Contrive")
    skills = [*seven, TALK, GRIT, KNOW]
    crafter(d, skills=skills, dexterity=3, knowledge=5)
    d.do("gm", "start_craft", character="ada", project="suit", item="suit", tier="high", price=1000)
    assert ledger(d).money == 1000 - 250


@pytest.mark.rules("WD-CRAFT-019", "WD-CRAFT-004")
def test_r6_02_resourceful_never_pays_the_crafter_for_a_cheap_item() -> None:
    """src 1578: '10% or $10, whichever is more'. A low-tier $20 item needs $5 of materials (src 1492);
    the $10 cut leaves nothing to pay, not $5 back."""
    d = table()
    crafter(d, skills=[*tree("Resourceful"), TALK], dexterity=3, knowledge=3)
    d.do("gm", "start_craft", character="ada", project="bat", item="bat", tier="low", price=20)
    assert ledger(d).money == 1000


@pytest.mark.rules("WD-CRAFT-003", "WD-CRAFT-004")
def test_r6_03_the_knowledge_cap_counts_rolls_across_downtime_phases() -> None:
    """src 1486: 'crafts allow a total number of rolls equal to [Knowledge]'; 'has made three craft
    attempts in total'. Knowledge 3, Dexterity 1: a roll of 6 in one phase, 5 and 4 in the next make 15,
    a standard item; a fourth roll is refused."""
    d = table()
    crafter(d, dexterity=1, knowledge=3)
    d.do("gm", "start_craft", character="ada", project="vest", item="vest", tier="standard", price=30)
    d.do("ann", "craft", character="ada", project="vest", dice=[6])
    d.do("gm", "end_downtime")
    d.do("gm", "start_downtime", slots=3)
    d.do("ann", "craft", character="ada", project="vest", dice=[5])
    assert not camp(d).projects["vest"].result
    d.do("ann", "craft", character="ada", project="vest", dice=[4])
    assert (camp(d).projects["vest"].rolls, camp(d).projects["vest"].result) == ((6, 5, 4), "standard")
    d.refuse("ann", "craft", character="ada", project="vest", dice=[6], rule="WD-CRAFT-003")


@pytest.mark.rules("WD-CRAFT-021", "WD-CRAFT-004")
def test_r6_04_maintenance_lowers_a_repair_dc_not_a_crafting_dc() -> None:
    """src 1592: Maintenance: 'DC for repairing gear is lowered by 2' - repairing only. A standard item
    Ada crafts is still DC 15 (src 1496)."""
    d = table()
    crafter(d, skills=[*tree("Maintenance"), GRIT], dexterity=3, knowledge=3)
    d.do("gm", "start_craft", character="ada", project="vest", item="vest", tier="standard", price=30)
    assert camp(d).projects["vest"].dc == 15


# --- surveillance strikes and intel (src 1874, 1880-1919) ------------------------------------------------


@pytest.mark.rules("WD-INTEL-021", "WD-INTEL-022", "WD-INTEL-023")
def test_r6_05_a_repeated_miss_taken_as_a_strike_is_two_strikes() -> None:
    """src 1874: a repeated number is 'a guaranteed strike, and the effects listed above, succeed or
    fail'; a miss may take 'a strike and tier one intel'. Top-left 5+, Wits 3: a 2 missed (strike 1), a
    2 again missed and a strike taken (strikes 2 and 3): three strikes alert Pearl."""
    d = table()
    spy(d, wits=3)
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[2])
    d.answer("ann", d.prompt("ann", "strike_choice").id, "strike")
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[2])
    d.answer("ann", d.prompt("ann", "strike_choice").id, "strike")
    assert camp(d).targets["pearl"].alerts == 1


@pytest.mark.rules("WD-INTEL-029")
def test_r6_06_an_upgrade_takes_three_of_one_type_and_tier() -> None:
    """src 1911: 'Turn 3 intel of tier 1-3 into one of a higher tier, same type'. Two violent and one
    villain tier-1 intel make nothing; the refusal changes nothing."""
    d = table()
    spy(d)
    d.do("gm", "award", character="ada", intel="violent:1", intel_count=2)
    d.do("gm", "award", character="ada", intel="villain:1")
    d.refuse("ann", "utilize_intel", character="ada", ops=["upgrade violent:1"])
    assert ledger(d).intel == {"violent:1": 2, "villain:1": 1}


@pytest.mark.rules("WD-INTEL-026")
@pytest.mark.parametrize(
    ("face", "got"), [(1, "violent:1"), (2, "violent:1"), (4, "villain:1"), (6, "villain:2")]
)
def test_r6_07_the_research_table_row_by_row(face: int, got: str) -> None:
    """src 1880-1898: 1-2 tier one of the first disposition, 3-4 tier one of the second, 5 tier two of
    the first, 6 tier two of the second. Pearl is violent, then villain."""
    d = table()
    spy(d, knowledge=3)
    d.do("ann", "research", character="ada", target="pearl", table=True, dice=[face])
    assert ledger(d).intel == {got: 1}


# --- progression (src 1187-1231) ----------------------------------------------------------------------------


def box(d: Driver, name: str, **more: Any) -> None:
    d.do("gm", "award", character="ada", mission=True)
    if name == "learning_a_skill":
        more = {"skill": f"Study {len(d.state.sheets['ada'].skills) + 1}", "stat": "knowledge", **more}
    d.do("ann", "check_box", character="ada", box=name, **more)


@pytest.mark.rules("WD-PROG-005", "WD-PROG-008", "WD-PROG-003")
def test_r6_08_after_a_milestone_room_to_recruit_may_be_checked_twice_again() -> None:
    """src 1231: 'Once a milestone is achieved, the list is finished, refreshed and options may be taken
    again'; src 1200-1208: Room to Recruit twice a list, +1 underling room each. Two lists: +4."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=4)
    for name in ("room_to_recruit", "room_to_recruit", "learning_a_skill", "learning_a_skill"):
        box(d, name)
    d.do("gm", "award", character="ada", goal_cleared=True)
    d.do("ann", "take_milestone", character="ada", option="life_perk", dice=[1])
    d.answer("ann", d.prompt("ann", "keep_perk").id, "1")
    box(d, "room_to_recruit")
    box(d, "room_to_recruit")
    # two boxes a list, and Life Perk's own +1 (src 1317)
    assert d.state.sheets["ada"].underling_bonus == 5
    d.do("gm", "award", character="ada", mission=True)
    d.refuse("ann", "check_box", character="ada", box="room_to_recruit", rule="WD-PROG-003")


@pytest.mark.rules("WD-PROG-009", "WD-FOLLOW-006")
def test_r6_09_an_eager_follower_joins_a_full_roster_because_the_box_raises_the_cap() -> None:
    """src 1213: 'Raise the character's follower cap by 1'; src 1359: the cap is 2 x Social. Social 1
    holding two Journalists is full; the box's Fan makes three, at a cap of three."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=1, morale=1)
    c = camp(d)
    held = c.ledger("ada").model_copy(update={"followers": {"journalist": 2}})
    d.patch(campaign=c.model_copy(update={"ledgers": {**c.ledgers, "ada": held}}))
    d.do("gm", "award", character="ada", mission=True)
    follower_box(d, "eager_follower", "fan", choice="start")
    assert ledger(d).followers == {"journalist": 2, "fan": 1}
    assert ledger(d).active("fan", 1) == 1  # Good morale: it starts at once


# --- negotiation (src 291) --------------------------------------------------------------------------------


@pytest.mark.rules("WD-SOCIAL-005", "WD-SOCIAL-002")
def test_r6_10_two_catastrophic_rolls_burden_the_third_negotiator_by_two() -> None:
    """src 291: 'a catastrophic roll (e.g. needing 4+ and rolling 2) penalizes all later rolls'
    (PROPOSED: missing by 2 or more, -1 each, cumulative). Ada rolls 2, Bo rolls 2 - 1 = 1; Cy's 5 is
    5 - 2 = 3: a miss."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bo", "Bo")
    pc(d, "ann", "cy", "Cy")
    d.do("gm", "open_negotiation", negotiation="n", party="Mayor", tn=4)
    d.do("ann", "negotiate", character="ada", negotiation="n", dice=[2])
    d.do("bob", "negotiate", character="bo", negotiation="n", dice=[2])
    assert camp(d).negotiations["n"].penalty == 2
    d.do("ann", "negotiate", character="cy", negotiation="n", dice=[5])
    assert camp(d).negotiations["n"].outcome != "success"


# --- skills and training (src 338-342, 1223) -----------------------------------------------------------


@pytest.mark.rules("WD-PROG-011", "WD-SKILL-005", "WD-SKILL-006")
def test_r6_11_a_learning_box_makes_room_for_its_own_skill_only() -> None:
    """src 1223: Learning a Skill 'raises the total number of allowed skills by 1'; src 338: at most
    2 x Knowledge skills. Knowledge 1 holding two skills is full; the box's Lockpicking fits, but
    training to start a third new skill does not."""
    d = table()
    two = [{"name": "Brawl", "stats": ["brawn"]}, {"name": "Haggle", "stats": ["social"]}]
    pc(d, "ann", "ada", "Ada", knowledge=1, skills=two)
    d.do("gm", "award", character="ada", boxes=1)
    d.do("ann", "check_box", character="ada", box="learning_a_skill", skill="Lockpicking", stat="dexterity")
    assert len(d.state.sheets["ada"].skills) == 3
    d.do("gm", "start_downtime")
    d.refuse(
        "ann",
        "downtime_action",
        character="ada",
        action="train",
        skill="Juggling",
        stat="dexterity",
        rule="WD-SKILL-005",
    )
    assert len(d.state.sheets["ada"].skills) == 3


@pytest.mark.rules("WD-SKILL-006", "WD-SKILL-008")
def test_r6_12_saved_training_rolls_reaching_12_learn_the_skill() -> None:
    """src 342: training rolls add Knowledge's and the skill's stat modifiers and are saved; 'once the
    saved rolls total 12 or more' the skill is learned. Knowledge 4 (+1), Dexterity 3 (+0): 6 + 1 = 7,
    then 4 + 1 = 5: 12, learned."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=4)
    d.do("gm", "award", character="ada", boxes=1)
    d.do("ann", "check_box", character="ada", box="learning_a_skill", skill="Lockpicking", stat="dexterity")
    d.do("gm", "start_downtime")
    d.do("ann", "downtime_action", character="ada", action="train", skill="Lockpicking", dice=[6])
    d.do("ann", "downtime_action", character="ada", action="train", skill="Lockpicking", dice=[4])
    lock = next(s for s in d.state.sheets["ada"].skills if s.name == "Lockpicking")
    assert not lock.learning


# --- the intel grid (src 1874, 1902) -----------------------------------------------------------------------


@pytest.mark.rules("WD-INTEL-020", "WD-INTEL-019")
def test_r6_13_a_surveillance_success_on_a_6_cell_gives_tier_2_half_the_listed_tier_3() -> None:
    """src 1874: on a success 'they unlock the space and get intel - usually half what's listed'
    (PROPOSED: the cell lists tier TN - 3, a success gives one tier lower). A 2x2 grid whose top-left is
    6+: Wits 5 (+2) rolls 4, 6 in all: one tier-2 violent intel."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=5)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_target", target="gus", name="Gus", size=2, dispositions=["violent"], tns=[6, 4, 4, 4])
    d.do("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[4])
    assert camp(d).targets["gus"].cells[0].unlocked
    assert ledger(d).intel == {"violent:2": 1}


@pytest.mark.rules("WD-INTEL-015")
def test_r6_14_a_7_cell_opens_to_tier_4_intel_not_tier_3() -> None:
    """src 1795, 1902: intel may be spent to unlock a space (PROPOSED tier TN - 3: 7+ takes tier 4). A
    tier-3 intel is refused and kept; a tier-4 opens it, with no action used."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_target", target="gus", name="Gus", size=2, dispositions=["violent"], tns=[7, 4, 4, 4])
    d.do("gm", "award", character="ada", intel="violent:3")
    d.do("gm", "award", character="ada", intel="violent:4")
    d.refuse("ann", "spend_intel", character="ada", target="gus", intel="violent:3", on="0,0")
    assert ledger(d).intel == {"violent:3": 1, "violent:4": 1}
    d.do("ann", "spend_intel", character="ada", target="gus", intel="violent:4", on="0,0")
    assert camp(d).targets["gus"].cells[0].unlocked and ledger(d).intel == {"violent:3": 1}
    assert camp(d).phase.slots["ada"].used == 0


# --- planning (src 1445, 1451) ------------------------------------------------------------------------------


@pytest.mark.rules("WD-PLAN-006", "WD-PLAN-003")
def test_r6_15_an_advance_roll_takes_one_of_the_knowledge_details() -> None:
    """src 1445: '[Knowledge] details'; src 1451: an advance skill roll in place of one of them.
    Knowledge 2: two details and an advance roll are three - refused, and nothing is rolled."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=2)
    d.do("gm", "start_downtime")
    d.do("ann", "declare_mission", character="ada", mission="bank", kind="bank robbery", date="Friday")
    d.do(
        "gm",
        "set_mission_details",
        mission="bank",
        details={"security": ["2 guards", "4 rent-a-cops"], "traffic": ["clear", "jam"]},
    )
    d.refuse(
        "ann",
        "plan_mission",
        character="ada",
        mission="bank",
        details=["security", "traffic"],
        advance="wits",
        rule="WD-PLAN-003",
    )
    m = camp(d).missions["bank"]
    assert (m.banked, m.offered) == ((), {})


# --- followers (src 1355) ----------------------------------------------------------------------------------


@pytest.mark.rules("WD-FOLLOW-004", "WD-FOLLOW-005")
def test_r6_16_a_seventh_journalist_needs_a_7_and_is_surplus() -> None:
    """src 1355: 'a roll requiring a result in excess of the number of that follower one already has';
    'benefit passively from up to six ... may have more as a surplus'. Six Journalists, Social 5 (+2):
    a 5 makes 7, the seventh joins."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=5)
    c = camp(d)
    held = c.ledger("ada").model_copy(update={"followers": {"journalist": 6}, "eligible": ("journalist",)})
    d.patch(campaign=c.model_copy(update={"ledgers": {**c.ledgers, "ada": held}}))
    d.do("gm", "start_downtime")
    d.do("ann", "gain_follower", character="ada", kind="journalist", dice=[5])
    assert ledger(d).followers == {"journalist": 7}
    assert ledger(d).active("journalist", 6) == 6


# --- rest and recuperate (src 2005-2009) --------------------------------------------------------------------


@pytest.mark.rules("WD-REST-002")
def test_r6_17_a_guts_roll_below_zero_takes_no_days_off_and_adds_none() -> None:
    """src 2009: 'reduce the duration of a long-term condition by a number of days equal to the result'.
    Guts 1 (-2) rolls 1: a result of -1 reduces nothing, and surely lengthens nothing: 20 days stay 20."""
    d = table()
    pc(d, "ann", "ada", "Ada", guts=1)
    d.do("gm", "award", character="ada", condition="fractured leg", days=20)
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="ada", uses=["fractured leg"], dice=[1])
    leg = next(c for c in ledger(d).conditions if c.name == "fractured leg")
    assert leg.days == 20


@pytest.mark.rules("WD-REST-002")
def test_r6_18_a_guts_roll_past_the_days_left_ends_the_condition() -> None:
    """src 2009: a 5 takes 5 days off; a sprain with 3 days left is over, not at -2 days."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", condition="sprain", days=3)
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="ada", uses=["sprain"], dice=[5])
    assert all(c.name != "sprain" or c.days == 0 for c in ledger(d).conditions)
    assert all(c.days >= 0 for c in ledger(d).conditions)


# --- half dots, slots and fans (src 1192, 1198, 1368) ----------------------------------------------------


def refresh(d: Driver, option: str) -> None:
    """Fill the list to four boxes with the duplicated ones, clear the goal and take a milestone."""
    for name in ("room_to_recruit", "room_to_recruit", "learning_a_skill", "learning_a_skill"):
        if sum(ledger(d).boxes.values()) < 4:
            box(d, name)
    d.do("gm", "award", character="ada", goal_cleared=True)
    d.do("ann", "take_milestone", character="ada", option=option, dice=[1])
    d.answer("ann", d.prompt("ann", "keep_perk").id, "1")


@pytest.mark.rules("WD-PROG-006", "WD-EFFORT-014")
def test_r6_19_half_dots_in_two_pools_stay_two_halves() -> None:
    """src 1192: 'Two half dots become a whole' (PROPOSED: two in the same pool). A half Focus dot, then
    on the next list a half Stamina dot: still two halves, no whole dot in either pool."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=4)
    box(d, "extra_effort", pool="focus")
    refresh(d, "expand_power")
    box(d, "extra_effort", pool="stamina")
    assert sum(ledger(d).half_dots.values()) == 2
    assert not any(d.state.sheets["ada"].effort_bonus.values())


@pytest.mark.rules("WD-PROG-007")
def test_r6_20_the_third_equipment_slot_is_a_belt_slot_again() -> None:
    """src 1198: 'Equipment slots alternate from belt slots (odd #) to extra costume slots (even #)'.
    One a list over three lists: belt, costume, belt."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=4, costume={"pieces": []})
    box(d, "equipment_slot")
    refresh(d, "expand_power")
    box(d, "equipment_slot")
    refresh(d, "life_perk")
    box(d, "equipment_slot")
    s = d.state.sheets["ada"]
    assert (s.extra_belt_slots, s.costume.extra_slots) == (2, 1)


# --- strikes across phases and targets (src 1874) ----------------------------------------------------------


@pytest.mark.rules("WD-INTEL-022")
def test_r6_21_a_number_rolled_on_one_target_is_no_strike_on_another() -> None:
    """src 1874: 'If they roll a number they've already rolled this session' (PROPOSED: this phase's
    surveillance of this target). A 5 on Pearl, then a 5 on Gus: no strike on Gus."""
    d = table()
    spy(d, wits=3)
    d.do("gm", "add_target", target="gus", name="Gus", size=2, dispositions=["violent"], tns=[4, 4, 4, 4])
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[5])
    d.do("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[5])
    assert camp(d).targets["gus"].strikes == 0 and camp(d).targets["gus"].cells[0].unlocked


@pytest.mark.rules("WD-INTEL-023")
def test_r6_22_strikes_carry_into_the_next_phase_and_the_third_alerts() -> None:
    """src 1874: 'At three strikes, usually, the target is alerted' (PROPOSED: strikes accumulate per
    target across phases and reset after an alert). Two misses taken as strikes, a new phase, a third:
    alerted, and the count starts again."""
    d = table()
    spy(d, wits=4)
    for face in (1, 2):
        d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[face])
        d.answer("ann", d.prompt("ann", "strike_choice").id, "strike")
    d.do("gm", "end_downtime")
    d.do("gm", "start_downtime", slots=3)
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[3])
    d.answer("ann", d.prompt("ann", "strike_choice").id, "strike")
    t = camp(d).targets["pearl"]
    assert (t.alerts, t.strikes) == (1, 0)


# --- recruiting followers (src 1606-1610) ------------------------------------------------------------------


def informant_call(d: Driver, **ada: Any) -> None:
    """Ada puts the word out; one die at 4+ turns up one applicant, an informant."""
    pc(d, "ann", "ada", "Ada", social=1, **ada)
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r", dice=[6])
    d.do("gm", "present_candidate", recruitment="r", candidate="ear", name="Earwig", follower="informant")


@pytest.mark.rules("WD-RECRUIT-001", "WD-FOLLOW-006")
def test_r6_23_a_follower_answering_a_call_joins_as_a_follower_not_an_underling() -> None:
    """src 1608: 'When hiring, can seek out capes, regular on-the-ground troops, and followers'. Ada
    (Social 1: one underling, two followers at most) already leads one underling; the informant she
    hires is a follower, so the full underling roster does not stop him and he is no underling."""
    d = table()
    informant_call(d)
    c = camp(d)
    held = c.ledger("ada").model_copy(update={"underlings": ("Thug",)})
    d.patch(campaign=c.model_copy(update={"ledgers": {**c.ledgers, "ada": held}}))
    d.do("ann", "hire", character="ada", candidate="ear")
    assert ledger(d).followers == {"informant": 1}
    assert ledger(d).underlings == ("Thug",)
    assert "Earwig joins Ada as a follower (Informant)." in d.words()


@pytest.mark.rules("WD-RECRUIT-001", "WD-FOLLOW-006")
def test_r6_24_a_follower_hire_past_the_follower_cap_is_refused() -> None:
    """src 1359: the follower cap is 2 x Social. Ada (Social 1) holds two Fans: the informant cannot
    join, and the refusal changes nothing."""
    d = table()
    informant_call(d)
    c = camp(d)
    held = c.ledger("ada").model_copy(update={"followers": {"fan": 2}})
    d.patch(campaign=c.model_copy(update={"ledgers": {**c.ledgers, "ada": held}}))
    d.refuse("ann", "hire", character="ada", candidate="ear", rule="WD-FOLLOW-006")
    assert ledger(d).followers == {"fan": 2} and not camp(d).candidates["ear"].hired


# --- machining (src 1532) -----------------------------------------------------------------------------------


@pytest.mark.rules("WD-CRAFT-012", "WD-CRAFT-007")
def test_r6_25_machining_adds_no_roll_to_a_pot_of_chili() -> None:
    """src 1532: machining equipment 'could raise the cap for the number of tries to [Knowledge +1] when
    crafting armor or metal weapons'. A batch of chili (not equipment, src 1508) is neither: claiming the
    machine's roll is refused and no project starts; the chili itself is Knowledge 3 rolls."""
    d = table()
    crafter(d, skills=tree(), dexterity=3, knowledge=3)
    chili = {"character": "ada", "project": "chili", "item": "chili", "tier": "standard", "price": 30}
    d.refuse("gm", "start_craft", **chili, equipment=False, machined=True, rule="WD-CRAFT-012")
    assert "chili" not in camp(d).projects and ledger(d).money == 1000
    d.do("gm", "start_craft", **chili, equipment=False)
    assert camp(d).projects["chili"].cap == 3


@pytest.mark.rules("WD-CRAFT-012")
def test_r6_26_machining_adds_no_roll_to_a_utility_belt() -> None:
    """src 1532: armor or metal weapons only. A listed belt (src 1076-1100) is a costume piece but no
    armor: the machine's roll is refused; listed armor takes it (Knowledge 3 + 1 = 4 rolls)."""
    d = table()
    crafter(d, skills=tree(), dexterity=3, knowledge=3)
    d.do("gm", "award", character="ada", money=1000)  # the machines, '$1000 upfront', are Ada's
    d.do("ann", "downtime_action", character="ada", action="go_shopping", tool="machining")
    d.refuse(
        "ann", "start_craft", character="ada", project="b", item="belt", machined=True, rule="WD-CRAFT-012"
    )
    d.do("ann", "start_craft", character="ada", project="a", item="armor", machined=True)
    assert camp(d).projects["a"].cap == 4


@pytest.mark.rules("WD-CRAFT-008", "WD-CRAFT-003")
def test_r6_27_armor_is_no_drudge_work_to_iterate() -> None:
    """src 1517 (crafting other things): 'Drudge work and things that can be iterated or worked on
    endlessly (programs, math problems, construction) may have 2x+ the knowledge cap, with raised DC'.
    A suit of armor is equipment, not drudge work: doubling its rolls is refused and nothing is paid;
    a program is, Knowledge 3 doubled to 6 rolls at DC 15 + 5."""
    d = table()
    crafter(d, skills=tree(), dexterity=3, knowledge=3)
    d.refuse(
        "ann", "start_craft", character="ada", project="a", item="armor", iterable=True, rule="WD-CRAFT-008"
    )
    assert "a" not in camp(d).projects and ledger(d).money == 1000
    program = {"project": "p", "item": "program", "tier": "standard", "price": 30, "equipment": False}
    d.do("gm", "start_craft", character="ada", **program, iterable=True)
    assert (camp(d).projects["p"].cap, camp(d).projects["p"].dc) == (6, 20)


# --- capes on the team (src 1665) ------------------------------------------------------------------------


@pytest.mark.rules("WD-RECRUIT-004")
def test_r6_28_a_cape_hired_from_a_cape_call_counts_on_the_next_one() -> None:
    """src 1665: 'for capes, a -1 penalty applied for every cape already on the team, including any cape
    that is handling the hiring'. Ada (Social 3) calls for capes: -1 for herself, a 6 is 5, one
    applicant; she hires Troglodyte. Her next cape call is -2 whatever she says: 5, 5, 5 are 3s, nobody
    (the table knows it hired him)."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r1", capes=True, team_capes=1, dice=[6, 1, 1])
    assert camp(d).recruitments["r1"].openings == 1
    d.do("gm", "present_candidate", recruitment="r1", candidate="trog", name="Troglodyte")
    d.do("ann", "hire", character="ada", candidate="trog")
    d.do("ann", "recruit", character="ada", recruitment="r2", capes=True, team_capes=1, dice=[5, 5, 5])
    assert camp(d).recruitments["r2"].openings == 0


@pytest.mark.rules("WD-RECRUIT-004")
def test_r6_29_a_hire_from_a_call_for_troops_is_no_cape_on_the_team() -> None:
    """src 1665 counts capes only: a thug hired from a call for rank-and-file troops leaves Ada's next
    cape call at -1, so 5, 5, 5 are three applicants."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r1", dice=[6, 1, 1])
    d.do("gm", "present_candidate", recruitment="r1", candidate="thug", name="Thug")
    d.do("ann", "hire", character="ada", candidate="thug")
    d.do("ann", "recruit", character="ada", recruitment="r2", capes=True, team_capes=1, dice=[5, 5, 5])
    assert camp(d).recruitments["r2"].openings == 3


# --- a hand at the workshop (src 1530) -------------------------------------------------------------------


@pytest.mark.rules("WD-CRAFT-010", "WD-CRAFT-003")
def test_r6_30_the_crafter_lends_no_hand_to_her_own_project() -> None:
    """src 1530: 'Someone who is hanging out at the workshop or headquarters (doing the recuperation or
    hanging out option) can add one roll to one craft attempt' - someone else; src 1486: the crafter's
    own rolls stop at Knowledge. Ada hanging out or resting at her own armor is refused, no slot used;
    Bo hanging out there adds the roll."""
    d = table()
    crafter(d, skills=tree(), dexterity=3, knowledge=3)
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "end_downtime")
    d.do("gm", "start_downtime", slots=3)
    d.do("ann", "start_craft", character="ada", project="a", item="armor")
    d.refuse("ann", "downtime_action", character="ada", action="hang_out", project="a", rule="WD-CRAFT-010")
    d.refuse("ann", "rest_recuperate", character="ada", project="a", rule="WD-CRAFT-010")
    assert camp(d).projects["a"].extra == 0 and camp(d).phase.slots["ada"].used == 0
    d.do("bob", "downtime_action", character="bo", action="hang_out", project="a")
    assert camp(d).projects["a"].extra == 1


# --- one roll each in a negotiation (src 291, 431) ---------------------------------------------------------


@pytest.mark.rules("WD-SOCIAL-005", "WD-REP-004")
def test_r6_31_a_failed_negotiator_tries_again_only_with_rep() -> None:
    """src 291: 'each roll Social as they join'; src 431: 'In the event the players fail a roll and
    negotiations look like they'd end, players could use rep to make another try'. Ada (Social 3) rolls
    3 against 4+: no deal. A second plain roll is refused; a rep card played after the failure adds a
    die (5): agreed. Bo, joining, rolls his own."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "award", character="ada", rep="the docks rescue")
    d.do("gm", "open_negotiation", negotiation="n", party="Mayor", tn=4)
    d.do("ann", "negotiate", character="ada", negotiation="n", dice=[3])
    d.refuse("ann", "negotiate", character="ada", negotiation="n", dice=[6], rule="WD-SOCIAL-005")
    assert camp(d).negotiations["n"].outcome == ""
    offered = [c.fixed for c in d.legal("ann") if c.command == "negotiate"]
    assert {"character": "ada", "negotiation": "n"} not in offered
    d.do("ann", "rep_after", character="ada", negotiation="n", cards=[1], dice=[5])
    assert camp(d).negotiations["n"].outcome == "agreed"
    d.do("bob", "negotiate", character="bo", negotiation="n", dice=[4])
    assert camp(d).negotiations["n"].rolls == 2
