"""A referee's campaign situations (second campaign pass), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: the Craft tree's skills, money rewards, progression boxes and milestones, followers,
intel conversions and write-ups, recruiting, and rest between sessions."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import add, sheet, table


def ledger(d: Driver, ident: str = "ada") -> Any:
    return camp(d).ledger(ident)


def craft_skill(name: str, stat: str = "dexterity", dice: int = 0) -> dict[str, Any]:
    return {"name": name, "stats": [stat], "tree": "craft", "dice": dice}


CRAFT = craft_skill("Craft", dice=1)
GRIT = {"name": "Tough", "stats": ["guts"], "dice": 0}
TALK = {"name": "Negotiator", "stats": ["social"], "dice": 0}
KNOW = {"name": "Research", "stats": ["knowledge"], "dice": 0}


def crafter(skills: list[dict[str, Any]] | None = None, **stats: Any) -> Driver:
    """Ada with $1000 and the given skills, in a three-slot downtime phase."""
    d = table()
    pc(d, "ann", "ada", "Ada", skills=skills, money=1000, **stats)
    d.do("gm", "start_downtime", slots=3)
    return d


# --- the Craft tree (src 1539-1603) ---------------------------------------------------------------


@pytest.mark.rules("WD-CRAFT-014", "WD-CRAFT-003", "WD-CRAFT-004")
def test_c01_the_worked_example_5_3_2_with_craft_makes_a_low_tier_item() -> None:
    """src 1526-1528: 'A player with 3 Dexterity could do three craft checks ... with 3 Knowledge they
    would get three tries ... keeping the best of two rolls in each set, for a total of 5+3+2 = 10';
    src 1544: '+1 to the final total of a crafting attempt per Craft skill known'. A low-tier item
    (DC 10, src 1490): 10 + 1 = 11, made, in one slot of three actions."""
    d = crafter([CRAFT], dexterity=3, knowledge=3)
    d.do("gm", "start_craft", character="ada", project="bat", item="nail bat", tier="low", price=40)
    d.do("ann", "craft", character="ada", project="bat", rolls=3, dice=[5, 2, 3, 1, 2, 1])
    p = camp(d).projects["bat"]
    assert p.rolls == (5, 3, 2) and p.total == 11 and p.result == "low"
    assert camp(d).phase.slots["ada"].used == 1


@pytest.mark.rules("WD-CRAFT-003", "WD-CRAFT-004")
def test_c02_three_plain_rolls_short_of_the_low_dc_fail() -> None:
    """src 1486: 'the attempt is done, and is a success or a failure depending on whether the die results
    add up to the DC or not.' No Craft: one die a roll, 4 + 3 + 2 = 9 < 10: failed, materials gone."""
    d = crafter(dexterity=3, knowledge=3)
    d.do("gm", "start_craft", character="ada", project="bat", item="nail bat", tier="low", price=40)
    assert ledger(d).money == 990  # src 1492: 1/4 of $40
    d.do("ann", "craft", character="ada", project="bat", rolls=3, dice=[4, 3, 2])
    assert camp(d).projects["bat"].result == "failed"
    assert ledger(d).money == 990


@pytest.mark.rules("WD-CRAFT-003")
def test_c03_knowledge_caps_the_rolls_an_item_allows() -> None:
    """src 1486: 'crafts allow a total number of rolls equal to [Knowledge]'. Knowledge 2: two rolls and
    the item is decided; three asked at once are refused."""
    d = crafter(dexterity=3, knowledge=2)
    d.do("gm", "start_craft", character="ada", project="bat", item="nail bat", tier="low", price=40)
    d.refuse("ann", "craft", character="ada", project="bat", rolls=3, rule="WD-CRAFT-003")
    d.do("ann", "craft", character="ada", project="bat", rolls=2, dice=[6, 5])
    assert camp(d).projects["bat"].result == "low"
    d.refuse("ann", "craft", character="ada", project="bat", rolls=1, rule="WD-CRAFT-003")


@pytest.mark.rules("WD-CRAFT-001")
def test_c04_dexterity_2_gives_two_actions_a_slot_and_a_third_roll_takes_a_second_slot() -> None:
    """src 1482: 'each period of downtime spent allows the character to take [Dexterity] actions'."""
    d = crafter(dexterity=2, knowledge=3)
    d.do("gm", "start_craft", character="ada", project="bat", item="nail bat", tier="low", price=40)
    d.do("ann", "craft", character="ada", project="bat", rolls=2, dice=[3, 3])
    assert camp(d).phase.slots["ada"].used == 1
    d.do("ann", "craft", character="ada", project="bat", rolls=1, dice=[3])
    assert camp(d).phase.slots["ada"].used == 2


@pytest.mark.rules("WD-CRAFT-016")
def test_c05_diligence_gives_dexterity_plus_one_actions() -> None:
    """src 1558: Diligence: 'a baseline [Dexterity +1] crafting/costuming/repair actions per block of
    time'. Dexterity 2: three rolls in one slot."""
    d = crafter([CRAFT, craft_skill("Diligence")], dexterity=2, knowledge=3)
    d.do("gm", "start_craft", character="ada", project="bat", item="nail bat", tier="low", price=40)
    d.do("ann", "craft", character="ada", project="bat", rolls=3, dice=[3, 1, 3, 1, 3, 1])
    assert camp(d).phase.slots["ada"].used == 1


@pytest.mark.rules("WD-CRAFT-004", "WD-CRAFT-006")
def test_c06_standard_tier_costs_a_third_of_the_price_and_needs_15() -> None:
    """src 1494-1498: 'Mid/Standard tier ... Lengthy DC of 15, Materials cost 1/3rd item's price'. A
    $300 item: $100; 6 + 5 + 3 = 14 misses 15 but meets low's 10: a low-tier item (src 1486)."""
    d = crafter(dexterity=3, knowledge=3)
    d.do("gm", "start_craft", character="ada", project="rig", item="rig", tier="standard", price=300)
    assert camp(d).projects["rig"].dc == 15 and ledger(d).money == 900
    d.do("ann", "craft", character="ada", project="rig", rolls=3, dice=[6, 5, 3])
    assert camp(d).projects["rig"].result == "low"


@pytest.mark.rules("WD-CRAFT-004", "WD-CRAFT-006")
def test_c07_high_tier_costs_half_the_price_and_needs_20() -> None:
    """src 1500-1504: 'High tier ... Lengthy DC of 20, Materials cost 1/2 item's price.'"""
    d = crafter(dexterity=3, knowledge=4)
    d.do("gm", "start_craft", character="ada", project="rig", item="rig", tier="high", price=300)
    assert camp(d).projects["rig"].dc == 20 and ledger(d).money == 850
    d.do("ann", "craft", character="ada", project="rig", rolls=3, dice=[6, 6, 6])
    d.do("ann", "craft", character="ada", project="rig", rolls=1, dice=[2])
    assert camp(d).projects["rig"].result == "high"


@pytest.mark.rules("WD-CRAFT-008")
def test_c08_a_mechanical_item_adds_5_to_the_dc() -> None:
    """src 1516: 'If it's mechanical, add 5 to the DC.' A standard mechanical item: DC 20."""
    d = crafter(dexterity=3, knowledge=3)
    d.do("gm", "start_craft", character="ada", project="trap", item="spring trap", tier="standard",
         price=90, mechanical=True)  # fmt: skip
    assert camp(d).projects["trap"].dc == 20


@pytest.mark.rules("WD-CRAFT-022", "WD-CRAFT-014")
def test_c09_master_craft_rolls_three_dice_not_four() -> None:
    """src 1603: Master Craft: 'roll two extra die, and take the roll of your choice'; src 1551 (Handy)
    says it outright: 'instead of rolling two (or three, with master Craft) picking one'. Ada knows
    Craft and Master Craft: a craft roll is three dice, keep one; faces 1, 2, 3 keep 3 (no fourth die
    is rolled)."""
    skills = [CRAFT, *(craft_skill(n) for n in ("Handy", "Diligence", "Multitasker", "Maintenance"))]
    d = crafter([*skills, craft_skill("Master Craft", dice=2), GRIT], dexterity=3, knowledge=4)
    d.do("gm", "start_craft", character="ada", project="v", item="vest", tier="high", price=30)
    d.do("ann", "craft", character="ada", project="v", rolls=1, dice=[1, 2, 3])
    assert camp(d).projects["v"].rolls == (3,)


@pytest.mark.rules("WD-CRAFT-021", "WD-CRAFT-013")
def test_c10_maintenance_lowers_a_repair_dc_to_10_and_6_4_mends() -> None:
    """src 1594: Maintenance: 'DC for repairing gear is lowered by 2'; armor repair DC 12 (src 1032).
    Two rolls: 6 and 4 = 10, mended; $20 a roll (src 1032)."""
    struck = {"pieces": [{"key": "armor", "cell": [0, 1], "damaged": True}]}
    d = crafter([CRAFT, craft_skill("Maintenance"), GRIT], dexterity=3, knowledge=3, costume=struck)
    d.do("ann", "start_craft", character="ada", project="fix", item="armor", repair=True)
    assert camp(d).projects["fix"].dc == 10
    d.do("ann", "craft", character="ada", project="fix", rolls=2, dice=[6, 1, 4, 1])
    d.do("ann", "craft", character="ada", project="fix", rolls=0, finish=True)
    assert camp(d).projects["fix"].result == "repaired"
    assert ledger(d).money == 960


@pytest.mark.rules("WD-CRAFT-018")
def test_c11_specialist_adds_one_per_craft_and_knowledge_skill_in_the_field() -> None:
    """src 1573: Specialist: 'Gain a further +1 to the final total of crafting attempts in that field for
    every Craft and every knowledge skill known.' Craft + Specialist (programming) are two Craft skills
    and Research one Knowledge skill: +3, on top of +2 for the two Craft skills (src 1544): +5 on a
    programming project, and only the +2 off the field."""
    spec = craft_skill("Specialist (programming)")
    d = table()
    data = {**sheet("ada", "Ada", dexterity=3, knowledge=3), "skills": [CRAFT, spec, KNOW]}
    add(d, "ann", {**data, "backgrounds": ["Programming"]}, owner="ann")
    d.do("gm", "award", character="ada", money=1000)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "start_craft", character="ada", project="app", item="app", tier="standard", price=300,
         equipment=False, field="programming")  # fmt: skip
    d.do("gm", "start_craft", character="ada", project="hat", item="hat", tier="standard", price=30)
    assert camp(d).projects["app"].bonus == 5
    assert camp(d).projects["hat"].bonus == 2


@pytest.mark.rules("WD-CRAFT-019")
def test_c12_resourceful_takes_ten_dollars_off_a_cheap_item() -> None:
    """src 1580: Resourceful: 'Material costs ... reduced by 10% or $10, whichever is more.' A low $120
    item: materials $30; 10% is $3, so $10 off: $20."""
    d = crafter([CRAFT, craft_skill("Resourceful"), TALK], dexterity=3, knowledge=3)
    d.do("gm", "start_craft", character="ada", project="bat", item="bat", tier="low", price=120)
    assert camp(d).projects["bat"].paid == 20 and ledger(d).money == 980


@pytest.mark.rules("WD-CRAFT-019")
def test_c13_resourceful_takes_ten_percent_off_a_dear_item() -> None:
    """src 1580: as above; a high $1000 item's materials $500: 10% ($50) is more than $10: $450."""
    d = crafter([CRAFT, craft_skill("Resourceful"), TALK], dexterity=3, knowledge=3)
    d.do("gm", "start_craft", character="ada", project="suit", item="suit", tier="high", price=1000)
    assert camp(d).projects["suit"].paid == 450


@pytest.mark.rules("WD-CRAFT-010")
def test_c14_a_second_crafter_adds_a_die_to_each_roll() -> None:
    """src 1530: 'When another player devotes time, they can add their own roll to the pool of dice
    available to pick from.' Bo helps Ada's project: each of Ada's rolls is two dice, keep one."""
    d = table()
    pc(d, "ann", "ada", "Ada", money=1000, dexterity=3, knowledge=3)
    pc(d, "bob", "bo", "Bo", dexterity=2, knowledge=2)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "start_craft", character="ada", project="bat", item="nail bat", tier="low", price=40)
    d.do("bob", "help_craft", character="bo", project="bat")
    d.do("ann", "craft", character="ada", project="bat", rolls=2, dice=[1, 6, 2, 5])
    assert camp(d).projects["bat"].rolls == (6, 5)


@pytest.mark.rules("WD-CRAFT-011", "WD-FOLLOW-011")
def test_c15_a_craftsman_tapped_gives_a_single_4() -> None:
    """src 1530: 'The Craftsman may be tapped to offer a single 4 at any stage'."""
    d = crafter(dexterity=3, knowledge=3)
    d.do("gm", "award", character="ada", eligible="craftsman")
    d.do("ann", "gain_follower", character="ada", kind="craftsman", dice=[6])
    d.do("gm", "start_craft", character="ada", project="bat", item="nail bat", tier="low", price=40)
    d.do("ann", "craft", character="ada", project="bat", rolls=1, dice=[1])
    d.do("ann", "tap_follower", character="ada", kind="craftsman", use="four", project="bat")
    assert 4 in camp(d).projects["bat"].rolls


# --- money and general rewards (src 1233-1264) ------------------------------------------------------


@pytest.mark.rules("WD-PROG-013")
def test_m01_a_bit_of_money_is_1d6_times_20() -> None:
    """src 1235-1239: A Bit of Money: 'Gives [1d6 x $20]'. A 4: $80."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", money_tier="bit", dice=[4])
    assert ledger(d).money == 80


@pytest.mark.rules("WD-PROG-013")
def test_m02_cold_hard_cash_is_2d6_times_100() -> None:
    """src 1241-1245: Cold Hard Cash: 'Gives [2d6 x $100]'. 3 and 5: $800, on top of $50 held."""
    d = table()
    pc(d, "ann", "ada", "Ada", money=50)
    d.do("gm", "award", character="ada", money_tier="cash", dice=[3, 5])
    assert ledger(d).money == 850


@pytest.mark.rules("WD-PROG-013")
def test_m03_a_bounty_is_4d6_times_1000() -> None:
    """src 1247-1250: A Bounty: 'Gives [4d6 x $1000]'. 1, 2, 3, 4: $10,000."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", money_tier="bounty", dice=[1, 2, 3, 4])
    assert ledger(d).money == 10_000


@pytest.mark.rules("WD-PROG-012", "WD-PROG-004")
def test_m04_general_rewards_check_no_progression_box() -> None:
    """src 1233: 'General rewards don't count toward the milestones'. Money and a rep card give Ada no
    box to check."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", money=100, rep="saved the mayor")
    assert ledger(d).box_credit == 0
    d.refuse("ann", "check_box", character="ada", box="room_to_recruit", rule="WD-PROG-002")


# --- progression boxes and milestones (src 1187-1231, 1304-1325) ---------------------------------------


def boxes(d: Driver, *names: str) -> None:
    for name in names:
        d.do("gm", "award", character="ada", boxes=1)
        more: dict[str, Any] = {}
        if name == "learning_a_skill":
            more = {"skill": f"Study{len(d.state.sheets['ada'].skills)}", "stat": "knowledge"}
        if name == "extra_effort":
            more = {"pool": "focus"}
        d.do("ann", "check_box", character="ada", box=name, **more)


@pytest.mark.rules("WD-PROG-004")
def test_p01_three_boxes_and_a_cleared_goal_are_not_yet_a_milestone() -> None:
    """src 1187: 'Players need at least four of these progression boxes checked off to take a milestone'."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=4)
    boxes(d, "room_to_recruit", "room_to_recruit", "equipment_slot")
    d.do("gm", "award", character="ada", goal_cleared=True)
    d.refuse("ann", "take_milestone", character="ada", option="power_perk", rule="WD-PROG-004")
    boxes(d, "learning_a_skill")
    d.do("ann", "take_milestone", character="ada", option="power_perk", dice=[3])
    assert d.state.sheets["ada"].milestones == 1


@pytest.mark.rules("WD-PROG-004")
def test_p02_four_boxes_without_the_goal_are_not_a_milestone() -> None:
    """src 1306: 'On completing the milestone and picking up the four progression rewards'."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=4)
    boxes(d, "room_to_recruit", "room_to_recruit", "equipment_slot", "extra_effort")
    d.refuse("ann", "take_milestone", character="ada", option="power_perk", rule="WD-PROG-004")


@pytest.mark.rules("WD-PROG-003", "WD-PROG-005", "WD-PROG-008")
def test_p03_room_to_recruit_twice_a_list_and_again_once_the_list_refreshes() -> None:
    """src 1200-1208: two Room to Recruit boxes (+1 underling cap each); src 1187: 'duplicate options
    twice'; src 1231: 'Once a milestone is achieved, the list is finished, refreshed and options may be
    taken again.'"""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=4)
    boxes(d, "room_to_recruit", "room_to_recruit")
    assert d.state.sheets["ada"].underling_bonus == 2
    d.do("gm", "award", character="ada", boxes=1)
    d.refuse("ann", "check_box", character="ada", box="room_to_recruit", rule="WD-PROG-003")
    boxes(d, "equipment_slot", "extra_effort")
    d.do("gm", "award", character="ada", goal_cleared=True)
    d.do("ann", "take_milestone", character="ada", option="power_perk", dice=[3])
    d.do("ann", "keep_perk", character="ada", face=3)
    d.do("ann", "check_box", character="ada", box="room_to_recruit")
    assert d.state.sheets["ada"].underling_bonus == 3


@pytest.mark.rules("WD-PROG-019")
def test_p04_the_same_milestone_option_twice_running_is_refused() -> None:
    """src 1306: 'Players cannot select the same option two milestones in a row.' Power Perk, then
    Power Perk again: refused; Expand Power is taken; then Power Perk again is fine."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=4)

    def due() -> None:
        boxes(d, "room_to_recruit", "room_to_recruit", "learning_a_skill", "learning_a_skill")
        d.do("gm", "award", character="ada", goal_cleared=True)

    due()
    d.do("ann", "take_milestone", character="ada", option="power_perk", dice=[2])
    d.do("ann", "keep_perk", character="ada", face=2)
    due()
    d.refuse("ann", "take_milestone", character="ada", option="power_perk", rule="WD-PROG-019")
    d.do("ann", "take_milestone", character="ada", option="expand_power", dice=[5])
    d.do("ann", "keep_perk", character="ada", face=5)
    due()
    d.do("ann", "take_milestone", character="ada", option="power_perk", dice=[1])
    assert d.state.sheets["ada"].milestones == 3


@pytest.mark.rules("WD-PROG-021")
def test_p05_a_life_perk_raises_the_underling_and_follower_caps_by_one() -> None:
    """src 1317: Life Perk: 'Also comes with added capacity for one underling and one follower.'"""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=4)
    boxes(d, "equipment_slot", "extra_effort", "learning_a_skill", "learning_a_skill")
    d.do("gm", "award", character="ada", goal_cleared=True)
    before = d.state.sheets["ada"]
    d.do("ann", "take_milestone", character="ada", option="life_perk", dice=[4])
    after = d.state.sheets["ada"]
    assert after.underling_bonus == before.underling_bonus + 1
    assert after.follower_bonus == before.follower_bonus + 1


@pytest.mark.rules("WD-PROG-021")
def test_p06_a_life_perk_with_a_secure_identity_and_friends_rolls_three_and_adds_two_each() -> None:
    """src 1319: 'If the player maintains a secure secret identity, roll one additional time and gain
    +1 underling. If they maintain any non-cape friends/family, roll one additional time and gain +1
    follower.' Three rolls; +2 underlings and +2 followers of capacity."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=4)
    boxes(d, "equipment_slot", "extra_effort", "learning_a_skill", "learning_a_skill")
    d.do("gm", "award", character="ada", goal_cleared=True)
    d.do("gm", "take_milestone", character="ada", option="life_perk", secure_identity=True, friends=True,
         dice=[1, 2, 3])  # fmt: skip
    assert ledger(d).perk_faces == (1, 2, 3)
    assert d.state.sheets["ada"].underling_bonus == 2 and d.state.sheets["ada"].follower_bonus == 2


@pytest.mark.rules("WD-PROG-007")
def test_p07_the_first_equipment_slot_is_a_belt_slot() -> None:
    """src 1198: 'Equipment slots alternate from belt slots (odd #) to extra costume slots (even #).'"""
    d = table()
    pc(d, "ann", "ada", "Ada")
    boxes(d, "equipment_slot")
    assert d.state.sheets["ada"].extra_belt_slots == 1


@pytest.mark.rules("WD-PROG-011")
def test_p08_learning_a_skill_starts_the_skill_learning_and_raises_the_cap() -> None:
    """src 1223: 'Each instance also raises the total number of allowed skills by 1, and to immediately
    start learning a new skill.'"""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=3)
    d.do("gm", "award", character="ada", boxes=1)
    d.do("ann", "check_box", character="ada", box="learning_a_skill", skill="Lockpicking", stat="dexterity")
    s = d.state.sheets["ada"]
    assert s.learning_boxes == 1
    assert [(k.name, k.learning) for k in s.skills] == [("Lockpicking", True)]
