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


# --- the Craft tree (src 1539-1603) -------------------------------------------------------------------


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
    d.do("ann", "craft", character="ada", project="fix", rolls=2, dice=[6, 1, 4, 1])  # made at 10 (src 580)
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


# --- money and general rewards (src 1233-1264) --------------------------------------------------------


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


# --- progression boxes and milestones (src 1187-1231, 1304-1325) --------------------------------------


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


# --- followers and reputation (src 435, 1336-1372) ----------------------------------------------------


def followers(d: Driver, ident: str = "ada", **kinds: int) -> None:
    """Followers already held, as a campaign in progress would have them, beside the Fans the sheet
    joined the ledger with."""
    c = camp(d)
    old = c.ledger(ident).followers
    held = c.ledger(ident).model_copy(
        update={"followers": {**old, **{k: old.get(k, 0) + n for k, n in kinds.items()}}}
    )
    d.patch(campaign=c.model_copy(update={"ledgers": {**c.ledgers, ident: held}}))


def live_cards(d: Driver, ident: str = "ada") -> list[Any]:
    return [c for c in ledger(d, ident).rep if not c.negative]


@pytest.mark.rules("WD-FOLLOW-004")
def test_f01_a_first_follower_of_a_type_needs_any_social_result_above_0() -> None:
    """src 1355: 'a roll requiring a result in excess of the number of that follower one already has'.
    None held: Social 3 (+0) rolling a 1 is in excess of 0."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    d.do("gm", "award", character="ada", eligible="fan")
    d.do("ann", "gain_follower", character="ada", kind="fan", dice=[1])
    assert ledger(d).followers == {"fan": 1}


@pytest.mark.rules("WD-FOLLOW-004")
def test_f02_a_third_fan_needs_more_than_2_and_a_2_is_not_enough() -> None:
    """src 1355: two Fans held: a 2 is not in excess of 2; the criteria met is used up by the try."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    followers(d, fan=2)
    d.do("gm", "award", character="ada", eligible="fan")
    d.do("ann", "gain_follower", character="ada", kind="fan", dice=[2])
    assert ledger(d).followers == {"fan": 2}
    d.refuse("ann", "gain_follower", character="ada", kind="fan", rule="WD-FOLLOW-002")


@pytest.mark.rules("WD-FOLLOW-002")
def test_f03_no_follower_without_its_criteria_met() -> None:
    """src 1338: Journalist 'Criteria: Very high profile actions.' Ada has done nothing of the kind."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    d.refuse("ann", "gain_follower", character="ada", kind="journalist", rule="WD-FOLLOW-002")


@pytest.mark.rules("WD-FOLLOW-006")
def test_f04_social_3_without_milestones_holds_six_followers() -> None:
    """src 1359: 'capped at a number of followers equal to 2x their Social, plus three per milestone'.
    Social 3: six; a seventh is refused."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    followers(d, fan=3, journalist=3)
    d.do("gm", "award", character="ada", eligible="craftsman")
    d.refuse("ann", "gain_follower", character="ada", kind="craftsman", rule="WD-FOLLOW-006")


@pytest.mark.rules("WD-FOLLOW-010")
def test_f05_each_fan_gives_a_rep_card_for_the_downtime_phase_only() -> None:
    """src 1370: Fan passive: 'Grants 1 reputation for downtime phase only.' Two Fans: two cards in the
    phase, gone at its end."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    followers(d, fan=2)
    d.do("gm", "start_downtime")
    assert len(live_cards(d)) == 2
    d.do("gm", "end_downtime")
    assert live_cards(d) == []


@pytest.mark.rules("WD-FOLLOW-010", "WD-REP-007")
def test_f06_two_fans_raise_the_rep_cap_by_one() -> None:
    """src 1370: 'Every two fans raise reputation cap by 1'; src 435: the cap is Social + milestones.
    Social 3, two Fans: four cards kept at the day's end, none to discard."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    followers(d, fan=2)
    for n in range(4):
        d.do("gm", "award", character="ada", rep=f"deed {n}")
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")
    assert len(live_cards(d)) == 4
    assert camp(d).discards.get("ada", 0) == 0


@pytest.mark.rules("WD-REP-007")
def test_f07_rep_over_social_plus_milestones_is_discarded_at_the_days_end() -> None:
    """src 435: 'reputation that is in excess of the character's maximum (their social score + their
    number of milestones) is discarded ... Players may choose what to discard.' Social 2, no
    milestones: five cards owe three discards."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=2)
    for n in range(5):
        d.do("gm", "award", character="ada", rep=f"deed {n}")
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")
    assert camp(d).discards["ada"] == 3
    ids = [c.id for c in live_cards(d)]
    d.refuse("ann", "discard_rep", character="ada", cards=ids[:2], rule="WD-REP-007")
    d.do("ann", "discard_rep", character="ada", cards=ids[2:])
    assert [c.source for c in live_cards(d)] == ["deed 0", "deed 1"]


@pytest.mark.rules("WD-REP-008", "WD-EQUIP-016")
def test_f08_a_standard_icon_gives_a_rep_card_a_day() -> None:
    """src 1119: Standard Icon: 'Grants +1 reputation/day, usable when out & active in costume.' At the
    day's end Ada's icon gives her a card for the next day."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3, costume={"pieces": [{"key": "icon", "cell": [0, 0]}]})
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")
    assert [c.source for c in live_cards(d)] == ["costume"]


@pytest.mark.rules("WD-FOLLOW-003")
def test_f09_a_tapped_fan_gives_no_card_in_the_next_phase() -> None:
    """src 1348: 'Tapping ... means losing the passive benefit for the rest of the downtime phase, and
    all of the next one'. One Fan tapped for bystanders in phase 1: its card goes; none in phase 2; back
    in phase 3."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    followers(d, fan=1)
    d.do("gm", "start_downtime")
    d.do("ann", "tap_follower", character="ada", kind="fan", use="bystanders")
    assert live_cards(d) == []
    d.do("gm", "end_downtime")
    d.do("gm", "start_downtime")
    assert live_cards(d) == []
    d.do("gm", "end_downtime")
    d.do("gm", "start_downtime")
    assert len(live_cards(d)) == 1


# --- intel conversions (src 1905-1978) ----------------------------------------------------------------


def intel(d: Driver, ident: str = "ada") -> dict[str, int]:
    return {k: v for k, v in ledger(d, ident).intel.items() if v}


def analyst(**more: Any) -> Driver:
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=3, wits=3, **more)
    d.do("gm", "start_downtime", slots=3)
    return d


@pytest.mark.rules("WD-INTEL-029")
def test_i01_three_tier_one_violent_make_one_tier_two() -> None:
    """src 1911: Upgrade: 'Turn 3 intel of tier 1-3 into one of a higher tier, same type.'"""
    d = analyst()
    d.do("gm", "award", character="ada", intel="violent:1", intel_count=4)
    d.do("ann", "utilize_intel", character="ada", ops=["upgrade violent:1"])
    assert intel(d) == {"violent:1": 1, "violent:2": 1}


@pytest.mark.rules("WD-INTEL-029")
def test_i02_two_of_a_type_and_one_of_another_do_not_upgrade() -> None:
    """src 1911: 'same type': two violent and one sponsored are not three of a type."""
    d = analyst()
    d.do("gm", "award", character="ada", intel="violent:1", intel_count=2)
    d.do("gm", "award", character="ada", intel="sponsored:1")
    d.refuse("ann", "utilize_intel", character="ada", ops=["upgrade violent:1"])
    assert intel(d) == {"violent:1": 2, "sponsored:1": 1}


@pytest.mark.rules("WD-INTEL-030")
def test_i03_one_tier_three_downgrades_to_two_tier_two() -> None:
    """src 1915: Downgrade: 'Turn one intel of tier 2-4 into two of a lower tier, same type.'"""
    d = analyst()
    d.do("gm", "award", character="ada", intel="sponsored:3")
    d.do("ann", "utilize_intel", character="ada", ops=["downgrade sponsored:3"])
    assert intel(d) == {"sponsored:2": 2}


@pytest.mark.rules("WD-INTEL-028", "WD-INTEL-029", "WD-INTEL-030")
def test_i04_upgrades_and_downgrades_chain_in_one_slot() -> None:
    """src 1978: 'Any action that isn't upgrade/downgrade/shuffle will generally wrap up the Utilize
    Intel downtime': nine tier-one violent go up three at a time to three tier-two, and those three up to
    one tier-three, all in one slot."""
    d = analyst()
    d.do("gm", "award", character="ada", intel="violent:1", intel_count=9)
    ops = ["upgrade violent:1"] * 3 + ["upgrade violent:2"]
    d.do("ann", "utilize_intel", character="ada", ops=ops)
    assert intel(d) == {"violent:3": 1}
    assert camp(d).phase.slots["ada"].used == 1


@pytest.mark.rules("WD-INTEL-031")
def test_i05_a_shuffle_gives_one_tier_lower_of_a_random_type() -> None:
    """src 1919: Shuffle: 'Turn one intel into one of a lower tier, random type.' A tier-3 violent: one
    tier-2 of whatever type the die gives; the violent is gone."""
    d = analyst()
    d.do("gm", "award", character="ada", intel="violent:3")
    d.do("ann", "utilize_intel", character="ada", ops=["shuffle violent:3"], dice=[2])
    got = intel(d)
    assert sum(got.values()) == 1 and next(iter(got)).endswith(":2")


@pytest.mark.rules("WD-INTEL-033", "WD-REP-014")
def test_i06_a_rebrand_loses_every_rep_card() -> None:
    """src 1945: Rebrand: 'Change your identity, cape name, to re-hide and guard most things, lose all
    rep.'"""
    d = analyst()
    d.do("gm", "award", character="ada", rep="saved the ferry")
    d.do("gm", "award", character="ada", rep="beat Lung", exclusive="ABB")
    d.do("ann", "utilize_intel", character="ada", ops=["rebrand"])
    assert live_cards(d) == []


@pytest.mark.rules("WD-INTEL-028")
def test_i07_a_rebrand_ends_the_slot_so_it_goes_last() -> None:
    """src 1978: anything but upgrade/downgrade/shuffle wraps up the action: an upgrade after a
    rebrand in the same slot is refused."""
    d = analyst()
    d.do("gm", "award", character="ada", intel="violent:1", intel_count=3)
    d.refuse(
        "ann", "utilize_intel", character="ada", ops=["rebrand", "upgrade violent:1"], rule="WD-INTEL-028"
    )


# --- finding and the grid (src 1797-1902) -------------------------------------------------------------


@pytest.mark.rules("WD-INTEL-003")
def test_i08_tier_two_intel_halves_crossbones_50_to_25() -> None:
    """src 1813, 1823: tier two is 50%: 'reduces the target DC from 50 to 25'."""
    d = analyst()
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50)
    d.do("gm", "award", character="ada", intel="violent:2")
    d.do("ann", "spend_intel", character="ada", target="xb", intel="violent:2", on="find")
    assert camp(d).targets["xb"].find_dc == 25


@pytest.mark.rules("WD-INTEL-003")
def test_i09_tier_three_intel_finds_the_target_outright() -> None:
    """src 1815: tier three is 100%: the DC is gone: Crossbones is found."""
    d = analyst()
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50)
    d.do("gm", "award", character="ada", intel="violent:3")
    d.do("ann", "spend_intel", character="ada", target="xb", intel="violent:3", on="find")
    assert camp(d).targets["xb"].found


@pytest.mark.rules("WD-INTEL-026")
def test_i10_the_research_table_on_a_5_gives_tier_two_of_the_first_disposition() -> None:
    """src 1890-1894: d6 5: 'Tier two, first disposition'."""
    d = analyst()
    d.do("gm", "add_target", target="ar", name="Arsonist", size=2, dispositions=["villain", "violent"],
         tns=[4, 4, 4, 4])  # fmt: skip
    d.do("ann", "research", character="ada", target="ar", table=True, dice=[5])
    assert intel(d) == {"villain:2": 1}


@pytest.mark.rules("WD-INTEL-026")
def test_i11_the_research_table_on_a_3_gives_tier_one_of_the_second_disposition() -> None:
    """src 1886-1888: d6 3: 'Tier one, second disposition'."""
    d = analyst()
    d.do("gm", "add_target", target="ar", name="Arsonist", size=2, dispositions=["villain", "violent"],
         tns=[4, 4, 4, 4])  # fmt: skip
    d.do("ann", "research", character="ada", target="ar", table=True, dice=[3])
    assert intel(d) == {"violent:1": 1}


@pytest.mark.rules("WD-INTEL-025")
def test_i12_research_gives_knowledge_actions_a_slot() -> None:
    """src 1878: Research: 'a number of actions equal to Knowledge'. Knowledge 3: three table rolls in
    one slot, a fourth opens a second."""
    d = analyst()
    d.do("gm", "add_target", target="ar", name="Arsonist", size=2, dispositions=["villain"], tns=[4] * 4)
    for face in (1, 2, 3):
        d.do("ann", "research", character="ada", target="ar", table=True, dice=[face])
    assert camp(d).phase.slots["ada"].used == 1
    d.do("ann", "research", character="ada", target="ar", table=True, dice=[4])
    assert camp(d).phase.slots["ada"].used == 2


@pytest.mark.rules("WD-INTEL-013", "WD-INTEL-014")
def test_i13_research_starts_at_the_bottom_right_not_the_top_left() -> None:
    """src 1833: 'Surveillance can start from the top left, while Research can start from the bottom
    right.'"""
    d = analyst()
    d.do("gm", "add_target", target="ar", name="Arsonist", size=2, dispositions=["villain"], tns=[4] * 4)
    d.refuse("ann", "research", character="ada", target="ar", cell="0,0")
    d.do("ann", "research", character="ada", target="ar", cell="1,1", dice=[4])
    assert camp(d).targets["ar"].cells[3].unlocked


@pytest.mark.rules("WD-INTEL-019", "WD-INTEL-022")
def test_i14_a_repeated_number_in_surveillance_is_a_strike_even_on_a_success() -> None:
    """src 1874: 'If they roll a number they've already rolled this session, that's a guaranteed strike,
    and the effects listed above, succeed or fail.' Wits 3 (+0): a 5 unlocks 0,0; a 5 again unlocks
    0,1 and strikes."""
    d = analyst()
    d.do("gm", "add_target", target="gus", name="Gus", size=2, dispositions=["violent"], tns=[4] * 4)
    d.do("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[5])
    assert camp(d).targets["gus"].strikes == 0
    d.do("ann", "surveil", character="ada", target="gus", cell="0,1", dice=[5])
    t = camp(d).targets["gus"]
    assert t.cells[1].unlocked and t.strikes == 1


@pytest.mark.rules("WD-INTEL-021")
def test_i15_a_missed_surveillance_roll_may_take_a_strike_for_tier_one_intel() -> None:
    """src 1874: 'If they fail, they can choose to either get a strike and tier one intel'."""
    d = analyst()
    d.do("gm", "add_target", target="gus", name="Gus", size=2, dispositions=["violent"], tns=[6] * 4)
    d.do("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[2])
    d.do("ann", "strike_choice", character="ada", strike=True)
    assert camp(d).targets["gus"].strikes == 1
    assert intel(d) == {"violent:1": 1}


@pytest.mark.rules("WD-INTEL-023")
def test_i16_three_strikes_alert_the_target() -> None:
    """src 1874: 'At three strikes, usually, the target is alerted'."""
    d = analyst()
    d.do("gm", "add_target", target="gus", name="Gus", size=2, dispositions=["violent"], tns=[6] * 4)
    for face in (1, 2, 3):
        d.do("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[face])
        d.do("ann", "strike_choice", character="ada", strike=True)
    assert camp(d).targets["gus"].alerts == 1


@pytest.mark.rules("WD-CRAFT-022", "WD-SKILL-001")
def test_c16_master_craft_in_the_field_is_three_dice_with_craft_named_too() -> None:
    """src 1551: '... instead of rolling two (or three, with master Craft) picking one'; src 1603:
    Master Craft 'When making ... lengthy skill checks that involve tools or systems, roll two extra
    die, and take the roll of your choice.' Ada hot-wires a car (a quick Dexterity check the GM calls,
    TN 6) citing both Craft and Master Craft: three dice, keep one: 2, 3, 6 keeps the 6."""
    d = table()
    skills = [CRAFT, *(craft_skill(n) for n in ("Diligence", "Multitasker", "Maintenance"))]
    ada = {**sheet("ada", "Ada"), "skills": [*skills, craft_skill("Master Craft", dice=2), GRIT]}
    add(d, "ann", ada, owner="ann")
    d.do("gm", "call_check", character="ada", stat="dexterity", tn=6, task="hot-wire the car")
    d.do("ann", "check", character="ada", call=1, skills=["Craft", "Master Craft"], dice=[2, 3, 6])
    roll = d.last.payload.check
    assert (roll.kept, roll.total) == (6, 6)


# --- progression: the second equipment slot, an Eager Follower's cap (src 1194-1215) ------------------


@pytest.mark.rules("WD-PROG-007", "WD-PROG-005")
def test_p09_the_second_equipment_slot_is_a_costume_slot() -> None:
    """src 1198: 'Equipment slots alternate from belt slots (odd #) to extra costume slots (even #).'
    The box again after a milestone refreshed the list (src 1231): Ada's second gain is a costume
    slot, a tenth cell in her grid."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=4, costume={"pieces": [{"key": "icon", "cell": [0, 0]}]})
    boxes(d, "equipment_slot", "room_to_recruit", "room_to_recruit", "extra_effort")
    d.do("gm", "award", character="ada", goal_cleared=True)
    d.do("ann", "take_milestone", character="ada", option="power_perk", dice=[3])
    d.do("ann", "keep_perk", character="ada", face=3)
    boxes(d, "equipment_slot")
    s = d.state.sheets["ada"]
    assert s.extra_belt_slots == 1
    assert s.costume is not None and s.costume.capacity == 10


@pytest.mark.rules("WD-PROG-009", "WD-FOLLOW-006")
def test_p10_an_eager_follower_comes_with_room_for_it_at_the_cap() -> None:
    """src 1213: Eager Follower: 'Raise the character's follower cap by 1.' Social 2 holds four
    followers; with four held, the box's follower still joins: the cap is five."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=2)
    followers(d, journalist=4)
    d.do("gm", "award", character="ada", boxes=1)
    d.do("ann", "check_box", character="ada", box="eager_follower")
    d.do("gm", "offer_follower", character="ada", kinds=["fan"])
    assert ledger(d).followers == {"journalist": 4, "fan": 1}
    assert d.state.sheets["ada"].follower_cap == 5


# --- downtime slots and morale (src 487-491, 1417) ----------------------------------------------------


@pytest.mark.rules("WD-DT-002")
def test_d01_three_slots_and_a_fourth_action_is_refused() -> None:
    """src 1417: 'a variable number of time slots (typically 3...)'. Three Explore slots; a fourth is
    refused."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime")
    for _ in range(3):
        d.do("ann", "downtime_action", character="ada", action="explore")
    d.refuse("ann", "downtime_action", character="ada", action="explore")


@pytest.mark.rules("WD-MORALE-007", "WD-DT-006")
def test_d02_two_steps_of_high_morale_roll_four_dice_and_a_six_gives_a_fourth_slot() -> None:
    """src 489: 'if morale is two steps above neutral, roll four die ... If any turn up 6, gain an extra
    time slot'."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=2)
    d.do("gm", "start_downtime", dice=[1, 2, 3, 6])
    assert camp(d).phase.slots["ada"].total == 4


@pytest.mark.rules("WD-MORALE-007")
def test_d03_two_sixes_still_give_one_slot() -> None:
    """src 489: 'Only one time slot is gained in a given night, using positive morale.'"""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=1)
    d.do("gm", "start_downtime", dice=[6, 6, 1])
    assert camp(d).phase.slots["ada"].total == 4


@pytest.mark.rules("WD-MORALE-007")
def test_d04_high_morale_without_a_six_gives_no_slot() -> None:
    """src 489: no 6 among the three dice of one step up: three slots."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=1)
    d.do("gm", "start_downtime", dice=[5, 5, 5])
    assert camp(d).phase.slots["ada"].total == 3


@pytest.mark.rules("WD-MORALE-005")
def test_d05_after_downtime_morale_returns_to_the_day_start_value() -> None:
    """src 491: 'After downtime is resolved, morale changes to the day start value.' Ada at +2 with a
    neutral baseline is at neutral after the phase."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=2)
    d.do("gm", "start_downtime", dice=[1, 1, 1, 1])
    d.do("gm", "end_downtime")
    assert d.state.people["ada"].morale == 0


# --- Plan a Mission and Cape Business (src 1430-1468) -------------------------------------------------


def heist(d: Driver) -> None:
    d.do("gm", "declare_mission", character="ada", mission="bank", kind="bank robbery",
         details={"security": ["4 rent-a-cops", "1 protectorate, 4 police"], "traffic": ["clear", "jammed"],
                  "reward": ["$40k", "$20k"]})  # fmt: skip


@pytest.mark.rules("WD-PLAN-003")
def test_pm1_a_plan_action_refines_knowledge_many_details() -> None:
    """src 1445: 'GMs roll a result for [Knowledge] details the player nominates'. Knowledge 2: two
    details, not three."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=2)
    heist(d)
    d.do("gm", "start_downtime")
    d.refuse("ann", "plan_mission", character="ada", mission="bank",
             details=["security", "traffic", "reward"], rule="WD-PLAN-003")  # fmt: skip
    d.do("ann", "plan_mission", character="ada", mission="bank", details=["security", "traffic"], dice=[2, 1])
    assert camp(d).missions["bank"].offered == {"security": "1 protectorate, 4 police", "traffic": "clear"}


@pytest.mark.rules("WD-PLAN-003")
def test_pm2_the_planner_keeps_the_earlier_value_over_a_worse_roll() -> None:
    """src 1445: 'the player chooses between the last decided (or default) result and that one, then
    locks it in.' First roll: 4 rent-a-cops, taken; the next roll's Protectorate hero is turned down."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=2)
    heist(d)
    d.do("gm", "start_downtime")
    d.do("ann", "plan_mission", character="ada", mission="bank", details=["security"], dice=[1])
    d.do("ann", "keep_detail", character="ada", mission="bank", detail="security", take=True)
    d.do("ann", "plan_mission", character="ada", mission="bank", details=["security"], dice=[2])
    d.do("ann", "keep_detail", character="ada", mission="bank", detail="security", take=False)
    assert camp(d).missions["bank"].locked["security"] == "4 rent-a-cops"


@pytest.mark.rules("WD-PLAN-004")
def test_pm3_details_never_refined_are_rolled_twice_and_the_worse_kept() -> None:
    """src 1449: 'If details aren't refined or decided by players, GMs should roll twice and take the
    worst result'. Security was locked; traffic rolls 1 and 2: jammed; reward rolls 1 and 1: $40k."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=2)
    heist(d)
    d.do("gm", "start_downtime")
    d.do("ann", "plan_mission", character="ada", mission="bank", details=["security"], dice=[1])
    d.do("ann", "keep_detail", character="ada", mission="bank", detail="security", take=True)
    d.do("gm", "launch_mission", mission="bank", dice=[1, 2, 1, 1])
    locked = camp(d).missions["bank"].locked
    assert locked == {"security": "4 rent-a-cops", "traffic": "jammed", "reward": "$40k"}


@pytest.mark.rules("WD-PLAN-006")
def test_pm4_an_advance_roll_takes_one_detail_slot() -> None:
    """src 1451: 'One such roll can be made in advance per mission planning action, taking the place of
    one of the knowledge-based slots'. Knowledge 2: an advance roll and one detail; not two details."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=2)
    heist(d)
    d.do("gm", "start_downtime")
    err = d.refuse("ann", "plan_mission", character="ada", mission="bank", details=["security", "traffic"],
                   advance="wits", rule="WD-PLAN-003")  # fmt: skip
    assert err.message == "Ada can refine 1 detail with this action."
    d.do("ann", "plan_mission", character="ada", mission="bank", details=["security"], advance="wits",
         dice=[5, 1])  # fmt: skip
    assert len(camp(d).missions["bank"].banked) == 1


@pytest.mark.rules("WD-BIZ-002")
def test_cb1_cape_business_checks_in_on_three_at_most() -> None:
    """src 1464: 'Up to three people or things can be checked in with across a single Cape Business
    downtime session.'"""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime")
    d.refuse("ann", "cape_business", character="ada", checkins=["gang", "lab", "trog", "den"],
             rule="WD-BIZ-002")  # fmt: skip
    d.do("ann", "cape_business", character="ada", checkins=["gang", "lab", "trog"], dice=[1, 2, 3])
    assert camp(d).phase.slots["ada"].used == 1


@pytest.mark.rules("WD-BIZ-004", "WD-FOLLOW-009")
def test_cb2_a_journalist_trades_rep_for_intel_one_for_one() -> None:
    """src 1344: 'Tap a Journalist when doing Cape Business to exchange rep for intel (1 for 1 ...)'.
    Two cards: two intel on the target; the Journalist is tapped."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    followers(d, journalist=1)
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50)
    d.do("gm", "award", character="ada", rep="deed 1")
    d.do("gm", "award", character="ada", rep="deed 2")
    d.do("gm", "start_downtime")
    ids = [c.id for c in live_cards(d)]
    d.do("ann", "cape_business", character="ada", journalist_rep=ids, target="xb")
    assert live_cards(d) == []
    assert sum(intel(d).values()) == 2
    assert ledger(d).tapped.get("journalist")


# --- recruiting (src 1606-1730) -----------------------------------------------------------------------


@pytest.mark.rules("WD-RECRUIT-001")
def test_r01_social_3_rolls_three_dice_and_each_4_plus_is_a_candidate() -> None:
    """src 1615: 'roll a number of separate dice equal to their Social score. By default, for each 4+,
    they get one prospective candidate.' Rank-and-file: 4, 6, 3: two."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r", dice=[4, 6, 3])
    assert camp(d).recruitments["r"].openings == 2


@pytest.mark.rules("WD-RECRUIT-002", "WD-RECRUIT-004")
def test_r02_a_lone_cape_seeking_a_tinker_takes_minus_4() -> None:
    """src 1625-1629: 'Looking for Tinkers ... -3'; src 1665: '-1 penalty applied for every cape already
    on the team, including any cape that is handling the hiring'. Alone: -4 on each die; three 6s are
    2s: none."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r", capes=True, seek=["tinkers"], dice=[6, 6, 6])
    assert camp(d).recruitments["r"].openings == 0


@pytest.mark.rules("WD-RECRUIT-002", "WD-RECRUIT-004", "WD-RECRUIT-007")
def test_r03_felinous_balances_his_modifiers_to_zero_and_taps_rep_for_a_fourth_die() -> None:
    """src 1687-1712: two capes on the team -2, 'dish out hurt' -1, villainous -1, one mission +2, a
    20k payday +2: 'he'll roll a number of dice equal to his social (3) and aim for a 4+ ... taps
    reputation from one prior successful job, and rolls one extra die, four in all. He gets two
    applicants.' Faces 5, 4, 2, 1; the tapped card's keep roll a 6."""
    d = table()
    pc(d, "ann", "ada", "Felinous", social=3)
    d.do("gm", "award", character="ada", rep="the museum job")
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r", capes=True, team_capes=2,
         seek=["dish_out_hurt", "villainous", "one_mission", "big_payday"], rep_dice=1,
         dice=[5, 4, 2, 1, 6])  # fmt: skip
    assert camp(d).recruitments["r"].openings == 2
    assert len(live_cards(d)) == 1


@pytest.mark.rules("WD-RECRUIT-007")
def test_r04_three_rep_buy_plus_two_on_every_die() -> None:
    """src 1671: 'One reputation must be tapped for a +1, two for a subsequent +1 ... 6 in total to get a
    +3.' Three cards: +2; faces 2, 2, 1 become 4, 4, 3: two candidates."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    for n in range(3):
        d.do("gm", "award", character="ada", rep=f"deed {n}")
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r", rep_bonus=3, dice=[2, 2, 1, 6, 6, 6])
    assert camp(d).recruitments["r"].openings == 2


@pytest.mark.rules("WD-RECRUIT-007")
def test_r05_two_rep_toward_the_bonus_is_refused() -> None:
    """src 1671: the bonus is bought at 1, 3 or 6 rep; two buys nothing beyond +1."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    for n in range(2):
        d.do("gm", "award", character="ada", rep=f"deed {n}")
    d.do("gm", "start_downtime")
    d.refuse("ann", "recruit", character="ada", recruitment="r", rep_bonus=2, rule="WD-RECRUIT-007")


@pytest.mark.rules("WD-RECRUIT-008")
def test_r06_a_milestone_tapped_for_a_die_is_never_lost() -> None:
    """src 1673: milestones 'can be used for a recruitment effort in the same way rep can, but doesn't
    disappear.' One milestone: a fourth die, and still one milestone."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3, milestones=1)
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r", milestone_dice=1, dice=[4, 4, 4, 4])
    assert camp(d).recruitments["r"].openings == 4
    assert d.state.sheets["ada"].milestones == 1


@pytest.mark.rules("WD-RECRUIT-013")
def test_r07_the_recruiter_asks_social_many_questions() -> None:
    """src 1718: 'a number of questions can be asked equal to the recruiter's Social score'. Social 2:
    two questions; a third is refused."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=2)
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r", dice=[6, 6])
    d.do("gm", "present_candidate", recruitment="r", candidate="a", name="Ash",
         details={"power": "fire", "history": "army", "temper": "short"})  # fmt: skip
    d.do("ann", "ask", character="ada", candidate="a", detail="power")
    d.do("ann", "ask", character="ada", candidate="a", detail="history")
    d.refuse("ann", "ask", character="ada", candidate="a", detail="temper", rule="WD-RECRUIT-013")


# --- Specialist, a Craft skill named with its field (src 1568-1573) -----------------------------------

SPECIALIST = {"name": "Specialist (programming)", "stats": ["dexterity"]}


@pytest.mark.rules("WD-CRAFT-018", "WD-SKILL-002")
def test_c17_a_specialist_without_craft_is_refused() -> None:
    """src 1571: Specialist: 'Requires the Basic Craft skill and a background in the field in
    question.' Ada, a programmer, has no Craft: her sheet with Specialist (programming) is refused;
    with Craft it joins."""
    d = table()
    ada = {**sheet("ada", "Ada"), "backgrounds": ["Programming"]}
    d.refuse("ann", "add_character", sheet={**ada, "skills": [SPECIALIST]}, owner="ann", rule="WD-SKILL-002")
    add(d, "ann", {**ada, "skills": [{"name": "Craft", "stats": ["dexterity"]}, SPECIALIST]}, owner="ann")


@pytest.mark.rules("WD-CRAFT-018", "WD-CRAFT-014")
def test_c18_a_specialist_named_with_its_field_is_a_craft_skill_for_the_plus_one() -> None:
    """src 1544: Craft: '+1 to the final total of a crafting attempt per Craft skill known'; Specialist
    is a Craft skill (src 1569: '(Craft)'), whatever field it names. Craft and Specialist (programming):
    +2 on a coat (off the field); on a program, +2 and Specialist's +1 per Craft skill (2) and per
    Knowledge skill (Research): +5."""
    d = table()
    ada = {**sheet("ada", "Ada", knowledge=3), "backgrounds": ["Programming"]}
    skills = [{"name": "Craft", "stats": ["dexterity"]}, SPECIALIST, KNOW]
    add(d, "ann", {**ada, "skills": skills}, owner="ann")
    d.do("gm", "award", character="ada", money=1000)
    d.do("gm", "start_downtime")
    d.do("gm", "start_craft", character="ada", project="coat", item="coat", tier="low", price=40)
    d.do("gm", "start_craft", character="ada", project="app", item="app", tier="standard", price=30,
         equipment=False, field="programming")  # fmt: skip
    assert camp(d).projects["coat"].bonus == 2
    assert camp(d).projects["app"].bonus == 5


# --- defaulting down keeps the item's DC modifiers (src 1486, 1516) -----------------------------------


def mechanic(d: Driver) -> None:
    d.do("gm", "start_craft", character="ada", project="arm", item="grapple arm", tier="high", price=600,
         mechanical=True)  # fmt: skip
    assert camp(d).projects["arm"].dc == 25


@pytest.mark.rules("WD-CRAFT-005", "WD-CRAFT-008")
def test_c19_a_high_mechanical_item_at_21_is_no_high_item_but_a_standard_one() -> None:
    """src 1502: high tier 'Lengthy DC of 20'; src 1516: 'If it's mechanical, add 5 to the DC': a high
    mechanical grapple arm is DC 25. Knowledge 4, no Craft: 6 + 6 + 6 + 3 = 21 misses 25. src 1486: it
    'can default down to the lower tier result': a standard mechanical arm is DC 15 + 5 = 20, met: a
    standard arm, not a high one at the unmodified 20."""
    d = crafter(dexterity=4, knowledge=4)
    mechanic(d)
    d.do("ann", "craft", character="ada", project="arm", rolls=4, dice=[6, 6, 6, 3])
    assert camp(d).projects["arm"].result == "standard"


@pytest.mark.rules("WD-CRAFT-005", "WD-CRAFT-008")
def test_c20_a_high_mechanical_item_at_18_defaults_to_low_not_standard() -> None:
    """As above: 6 + 6 + 5 + 1 = 18 misses the standard mechanical 20 and meets the low mechanical
    10 + 5 = 15: a low-tier arm."""
    d = crafter(dexterity=4, knowledge=4)
    mechanic(d)
    d.do("ann", "craft", character="ada", project="arm", rolls=4, dice=[6, 6, 5, 1])
    assert camp(d).projects["arm"].result == "low"


@pytest.mark.rules("WD-CRAFT-005", "WD-CRAFT-008")
def test_c21_a_standard_mechanical_item_at_14_fails() -> None:
    """src 1516: a standard mechanical item is DC 20, its low default DC 15: 5 + 5 + 4 = 14 meets
    neither (the plain low DC 10 is not the mechanical item's)."""
    d = crafter(dexterity=3, knowledge=3)
    d.do("gm", "start_craft", character="ada", project="trap", item="spring trap", tier="standard",
         price=90, mechanical=True)  # fmt: skip
    d.do("ann", "craft", character="ada", project="trap", rolls=3, dice=[5, 5, 4])
    assert camp(d).projects["trap"].result == "failed"


# --- Go Shopping (src 1028-1143; WD-DT-007 PROPOSED: buy at list price) -------------------------------


@pytest.mark.rules("WD-DT-007", "WD-EQUIP-013")
def test_s01_a_standard_belt_costs_150_and_gives_two_belt_slots() -> None:
    """src 1081-1085: Standard Belt: 'Grants two additional belt slots' at $150; src 1017: belt slots
    equal Dexterity by default. Dexterity 3: five slots after the buy."""
    d = table()
    pc(d, "ann", "ada", "Ada", money=200, dexterity=3)
    d.do("gm", "start_downtime")
    assert d.state.sheet("ada").belt_slots == 3
    d.do("ann", "downtime_action", character="ada", action="go_shopping", piece="belt", cell="1,1")
    assert ledger(d).money == 50
    assert d.state.sheet("ada").belt_slots == 5


@pytest.mark.rules("WD-DT-007")
def test_s02_a_high_tier_belt_out_of_reach_is_refused_and_costs_no_slot() -> None:
    """src 1101-1105: High Tier Belt, $500. Ada has $400: refused; her slot is still free."""
    d = table()
    pc(d, "ann", "ada", "Ada", money=400)
    d.do("gm", "start_downtime")
    d.refuse("ann", "downtime_action", character="ada", action="go_shopping", piece="high_belt", cell="0,0",
             rule="WD-DT-007")  # fmt: skip
    assert camp(d).phase.slots["ada"].used == 0 and ledger(d).money == 400


@pytest.mark.rules("WD-DT-007", "WD-EQUIP-011", "WD-EQUIP-010")
def test_s03_low_tier_armor_costs_100_and_a_second_costume_slot() -> None:
    """src 1034-1038: Low Tier Armor: '1 Armor, but has double the encumbrance. -1 costume slot', $100.
    The nine-slot grid (src 1019) holds it in two slots' worth, and one more armor point."""
    d = table()
    pc(d, "ann", "ada", "Ada", money=100)
    d.do("gm", "start_downtime")
    d.do("ann", "downtime_action", character="ada", action="go_shopping", piece="low_armor", cell="0,0")
    costume = d.state.sheet("ada").costume
    assert costume is not None and costume.used_cells == 2 and costume.armor == 1
    assert ledger(d).money == 0


@pytest.mark.rules("WD-CRAFT-004", "WD-CRAFT-006")
def test_s04_crafting_a_standard_icon_costs_a_third_of_25_rounded_up() -> None:
    """src 1117-1121: Standard Icon, $25; src 1498: standard materials 1/3: $9 (a third of $25, the
    cents rounded up)."""
    d = crafter(dexterity=3, knowledge=3)
    d.do("ann", "start_craft", character="ada", project="i", item="icon", cell="0,0")
    assert camp(d).projects["i"].paid == 9 and camp(d).projects["i"].dc == 15


# --- Train (src 342) ----------------------------------------------------------------------------------


@pytest.mark.rules("WD-SKILL-006", "WD-SKILL-008")
def test_t01_training_rolls_add_knowledge_and_the_skills_stat_and_12_learns_it() -> None:
    """src 342: 'make a roll for one they are learning, applying attribute bonuses/penalties from
    knowledge and the skill's relevant attribute, saving the result ... If the total Knowledge rolls
    for a skill total 12, the individual learns that skill.' Knowledge 4 (+1), Dexterity 4 (+1):
    Lockpicking's rolls of 4 and 4 save 6 + 6 = 12: learned."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=4, dexterity=4)
    d.do("gm", "start_downtime")
    d.do("ann", "downtime_action", character="ada", action="train", skill="Lockpicking", stat="dexterity")
    d.do("ann", "downtime_action", character="ada", action="train", skill="Lockpicking", dice=[4])
    skill = next(s for s in d.state.sheets["ada"].skills if s.name == "Lockpicking")
    assert skill.learning and sum(skill.training) == 6
    d.do("ann", "downtime_action", character="ada", action="train", skill="Lockpicking", dice=[4])
    skill = next(s for s in d.state.sheets["ada"].skills if s.name == "Lockpicking")
    assert not skill.learning


@pytest.mark.rules("WD-SKILL-006")
def test_t02_low_knowledge_and_stat_take_from_the_training_roll() -> None:
    """src 342: penalties apply too: Knowledge 2 (-1), Brawn 2 (-1): a 5 saves 3."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=2, brawn=2)
    d.do("gm", "start_downtime")
    d.do("ann", "downtime_action", character="ada", action="train", skill="Wrestling", stat="brawn")
    d.do("ann", "downtime_action", character="ada", action="train", skill="Wrestling", dice=[5])
    skill = next(s for s in d.state.sheets["ada"].skills if s.name == "Wrestling")
    assert sum(skill.training) == 3


# --- Rest & Recuperate and paid care (src 1994-2013) --------------------------------------------------


@pytest.mark.rules("WD-REST-002")
def test_rr1_a_guts_roll_of_5_takes_5_days_off_a_fractured_leg() -> None:
    """src 2009: 'Roll Guts to reduce the duration of a long-term condition by a number of days equal to
    the result. Eg. ... rolling a 5, reducing duration by 5 days.' Guts 3 (+0): 20 days to 15."""
    d = table()
    pc(d, "ann", "ada", "Ada", guts=3)
    d.do("gm", "award", character="ada", condition="fractured leg", days=20)
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="ada", uses=["fractured leg"], dice=[5])
    assert [(x.name, x.days) for x in ledger(d).conditions] == [("fractured leg", 15)]


@pytest.mark.rules("WD-REST-002")
def test_rr2_guts_2_gives_two_rolls_not_three() -> None:
    """src 2005: 'a number of times equal to one's guts score'. Guts 2: a third use is refused; two
    rolls of 3 at Guts 2 (-1) take 2 days each off: 20 to 16."""
    d = table()
    pc(d, "ann", "ada", "Ada", guts=2)
    d.do("gm", "award", character="ada", condition="fractured leg", days=20)
    d.do("gm", "start_downtime")
    d.refuse("ann", "rest_recuperate", character="ada", uses=["fractured leg"] * 3, rule="WD-REST-002")
    d.do("ann", "rest_recuperate", character="ada", uses=["fractured leg"] * 2, dice=[3, 3])
    assert [x.days for x in ledger(d).conditions] == [16]


@pytest.mark.rules("WD-REST-003")
def test_rr3_withdrawal_is_got_past_once_the_guts_rolls_reach_its_dc() -> None:
    """src 2008: 'Roll Guts and put the result toward a lengthy check to get past something, like
    getting over the hump of alcohol withdrawal.' DC 10, Guts 3 (+0): 6 and 4: past it."""
    d = table()
    pc(d, "ann", "ada", "Ada", guts=3)
    d.do("gm", "award", character="ada", condition="withdrawal", dc=10)
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="ada", uses=["withdrawal", "withdrawal"], dice=[6, 4])
    assert ledger(d).conditions == ()


# --- more of the Craft tree and followers (src 1344-1372, 1560-1587) ------------------------------------


@pytest.mark.rules("WD-CRAFT-017")
def test_c22_a_multitasker_with_knowledge_3_gets_a_free_action_every_second_craft_slot() -> None:
    """src 1565: Multitasker: 'Every [5-Know] times a downtime slot is dedicated to crafting, get one free
    craft action for an unrelated item.' Knowledge 3: every 2nd slot. Dexterity 1: the first slot holds
    one roll; the second holds two, the free one for an unrelated item."""
    d = crafter([CRAFT, craft_skill("Multitasker")], dexterity=1, knowledge=3)
    d.do("gm", "start_craft", character="ada", project="bat", item="bat", tier="low", price=40)
    d.do("gm", "start_craft", character="ada", project="hat", item="hat", tier="low", price=40)
    d.do("ann", "craft", character="ada", project="bat", rolls=1, dice=[3, 1])
    assert camp(d).phase.slots["ada"].used == 1
    d.do("ann", "craft", character="ada", project="bat", rolls=1, dice=[3, 1])
    d.do("ann", "craft", character="ada", project="hat", rolls=1, dice=[3, 1])
    assert camp(d).phase.slots["ada"].used == 2


@pytest.mark.rules("WD-CRAFT-020", "WD-CRAFT-005")
def test_c23_contrived_armor_short_of_its_dc_defaults_to_a_lower_contrived_piece() -> None:
    """src 1587: Contrive: 'By adding crafting difficulties together' a costume piece absorbs a lesser
    one: standard armor (DC 15, src 1496) with a $50 low belt (DC 10): DC 25. Knowledge 3 and Craft:
    6 + 6 + 6 + 1 (Craft) + 1 (Contrive) = 20 misses 25 and is no standard armor at 15 either; the low
    armor with the belt folded in is DC 10 + 10 = 20: met, low armor."""
    d = crafter([CRAFT, craft_skill("Contrive"), KNOW], dexterity=3, knowledge=3)
    d.do("ann", "start_craft", character="ada", project="a", item="armor", contrive_with="low",
         contrive_value=50, cell="0,0")  # fmt: skip
    assert camp(d).projects["a"].dc == 25
    d.do("ann", "craft", character="ada", project="a", rolls=3, dice=[6, 1, 6, 1, 6, 1])
    assert camp(d).projects["a"].result == "low"


@pytest.mark.rules("WD-CRAFT-019")
def test_c24_resourceful_with_a_third_craft_skill_cuts_twenty_percent() -> None:
    """src 1580: 'Increase this by 10% and $10 respectively, for each Craft skill known' (PROPOSED:
    Craft and Resourceful give the base 10%, each further Craft skill 10% more). Craft, Resourceful and
    Diligence: 20% or $20: a high $1000 item's $500 of materials cost $400."""
    d = crafter([CRAFT, craft_skill("Resourceful"), craft_skill("Diligence"), TALK], dexterity=3, knowledge=3)
    d.do("gm", "start_craft", character="ada", project="suit", item="suit", tier="high", price=1000)
    assert camp(d).projects["suit"].paid == 400


@pytest.mark.rules("WD-FOLLOW-010")
def test_f10_a_fan_tapped_while_rep_is_short_gives_a_card_spent_on_use() -> None:
    """src 1372: 'If you have less than [# of fans] rep, tap a fan to gain reputation. This reputation
    is always spent on use.' Two Fans, no rep, outside downtime: a card that is used up when played."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    followers(d, fan=2)
    d.do("ann", "tap_follower", character="ada", kind="fan", use="rep")
    cards = live_cards(d)
    assert len(cards) == 1 and cards[0].consumable


@pytest.mark.rules("WD-FOLLOW-010")
def test_f11_a_fan_gives_no_rep_to_one_who_holds_as_many_as_the_fans() -> None:
    """src 1372: 'If you have less than [# of fans] rep'. One Fan, one card held: refused."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    followers(d, fan=1)
    d.do("gm", "award", character="ada", rep="deed")
    d.refuse("ann", "tap_follower", character="ada", kind="fan", use="rep", rule="WD-FOLLOW-010")


@pytest.mark.rules("WD-REP-009")
def test_n01_negative_rep_is_cited_without_being_spent() -> None:
    """src 440: 'Cite these (without spending them!) to apply a -1 at an inconvenient time'."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    d.do("gm", "give_negative", character="ada", source="hurt civilians for kicks")
    bad = next(c for c in ledger(d).rep if c.negative)
    d.do("gm", "cite_negative", character="ada", card=bad.id)
    assert any(c.id == bad.id for c in ledger(d).rep)
    assert ledger(d).penalty == 1


# --- rep played in talks (src 431-433) ---------------------------------------------------------------


def talks(d: Driver, party: str = "Dealers") -> None:
    d.do("gm", "open_negotiation", negotiation="n", party=party, tn=4)


@pytest.mark.rules("WD-REP-003", "WD-REP-005")
def test_n02_one_rep_card_rolls_a_second_die_and_is_spent() -> None:
    """src 431: 'If they use one bit of rep, they get to roll an additional die for the social roll,
    taking the best result'; src 433: 'Rep is usually spent when played'. Social 3: 2 and 5 keep 5."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    d.do("gm", "award", character="ada", rep="kicked Steeltoe's ass")
    talks(d)
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=[live_cards(d)[0].id], dice=[2, 5])
    assert camp(d).negotiations["n"].outcome == "agreed"
    assert live_cards(d) == []


@pytest.mark.rules("WD-REP-003")
def test_n03_two_cards_buy_no_second_extra_die() -> None:
    """src 431: 'to get +2 die they need three rep': two cards are refused, nothing spent."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    for n in range(2):
        d.do("gm", "award", character="ada", rep=f"deed {n}")
    talks(d)
    d.refuse("ann", "negotiate", character="ada", negotiation="n", cards=[c.id for c in live_cards(d)],
             rule="WD-REP-003")  # fmt: skip
    assert len(live_cards(d)) == 2


@pytest.mark.rules("WD-REP-005")
def test_n04_exclusive_rep_kept_on_4_is_marked_and_then_needs_6() -> None:
    """src 433: 'rep exclusive to a person or group lets the player roll Social if relevant. On a 4+ they
    keep it, but make a mark on the post-it: future attempts to keep it will be harder (6+ difficulty).'
    'Dealers Owe You' with the dealers: the talk's dice 3, 5; the keep roll 4: kept, marked. Next talks:
    keep roll 5: lost."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    d.do("gm", "award", character="ada", rep="Dealers Owe You", exclusive="Dealers")
    talks(d)
    card = live_cards(d)[0]
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=[card.id], dice=[3, 5, 4])
    assert [c.marked for c in live_cards(d)] == [True]
    d.do("gm", "open_negotiation", negotiation="m", party="Dealers", tn=4)
    d.do("ann", "negotiate", character="ada", negotiation="m", cards=[card.id], dice=[3, 5, 5])
    assert live_cards(d) == []


@pytest.mark.rules("WD-REP-006")
def test_n05_rep_the_listener_does_not_care_about_is_rejected() -> None:
    """src 433: 'If the rep doesn't matter to an individual it gets rejected'. Dealers' rep with the
    mayor: refused, kept."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    d.do("gm", "award", character="ada", rep="Dealers Owe You", exclusive="Dealers")
    talks(d, "Mayor")
    d.refuse("ann", "negotiate", character="ada", negotiation="n", cards=[live_cards(d)[0].id],
             rule="WD-REP-006")  # fmt: skip
    assert len(live_cards(d)) == 1


@pytest.mark.rules("WD-FOLLOW-010", "WD-STAT-012", "WD-REP-007")
def test_f12_a_fan_on_the_sheet_and_a_fan_won_in_play_are_two_fans_for_the_cap() -> None:
    """src 1370: 'Every two fans raise reputation cap by 1'; src 435: the cap is Social + milestones.
    Ada joined with one Fan on her sheet and won a second in play: two Fans, Social 3 + 1 = 4; four
    cards at the day's end owe no discard."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3, fans=1)
    d.do("gm", "award", character="ada", eligible="fan")
    d.do("ann", "gain_follower", character="ada", kind="fan", dice=[6])
    for n in range(4):
        d.do("gm", "award", character="ada", rep=f"deed {n}")
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")
    assert camp(d).discards.get("ada", 0) == 0


@pytest.mark.rules("WD-FOLLOW-004")
def test_f13_a_third_fan_after_two_on_the_sheet_needs_more_than_2() -> None:
    """src 1355: 'a roll requiring a result in excess of the number of that follower one already has'.
    Ada's sheet holds two Fans: Social 3 (+0) rolling a 2 wins no third."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3, fans=2)
    d.do("gm", "award", character="ada", eligible="fan")
    d.do("ann", "gain_follower", character="ada", kind="fan", dice=[2])
    assert ledger(d).followers.get("fan", 0) == 2  # the sheet's two (in the ledger since it joined), no third


@pytest.mark.rules("WD-FOLLOW-006")
def test_f14_fans_on_the_sheet_fill_the_follower_cap() -> None:
    """src 1359: 'capped at a number of followers equal to 2x their Social' and 'They could come in any
    combination'. Social 2: four; two Fans on the sheet and two Journalists won in play fill it: a
    Craftsman is refused."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=2, fans=2)
    followers(d, journalist=2)
    d.do("gm", "award", character="ada", eligible="craftsman")
    d.refuse("ann", "gain_follower", character="ada", kind="craftsman", rule="WD-FOLLOW-006")


@pytest.mark.rules("WD-FOLLOW-010")
def test_f15_fans_on_the_sheet_give_their_rep_in_downtime_too() -> None:
    """src 1370: Fan passive: 'Grants 1 reputation for downtime phase only.' Ada joined with two Fans
    on her sheet and won a third in play: three cards in the phase; tapping the won one takes one
    card back (src 1348), and the phase's end takes the rest."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3, fans=2)
    followers(d, fan=1)
    d.do("gm", "start_downtime")
    assert [c.source for c in live_cards(d)] == ["fans"] * 3
    d.do("ann", "tap_follower", character="ada", kind="fan", use="bystanders")
    assert len(live_cards(d)) == 2
    d.do("gm", "end_downtime")
    assert live_cards(d) == []


# --- the grid's rewards (src 1813-1817, 1866) -----------------------------------------------------


@pytest.mark.rules("WD-INTEL-017")
def test_i17_a_finished_movements_row_helps_every_later_roll() -> None:
    """src 1866: 'Finishing a given row or column will confer a mechanical bonus. Against an enemy,
    knowing their movements and/or history confers a bonus to all information gathering rolls against
    them'. Gus's 2x2 grid: Movements row unlocked with 5 and 6; then a 3 (Wits 3, +0) on a 4+ cell
    is a 4 with the bonus: unlocked."""
    d = analyst()
    d.do("gm", "add_target", target="gus", name="Gus", size=2, dispositions=["violent"], tns=[4] * 4)
    d.do("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[5])
    d.do("ann", "surveil", character="ada", target="gus", cell="0,1", dice=[6])
    assert "Movements" in camp(d).targets["gus"].lines
    d.do("ann", "surveil", character="ada", target="gus", cell="1,0", dice=[3])
    assert camp(d).targets["gus"].cells[2].unlocked


@pytest.mark.rules("WD-INTEL-003")
def test_i18_tier_four_intel_finds_the_target_and_opens_the_first_cell() -> None:
    """src 1817: tier four: '100% & unlock 1-2'. Spent on finding Crossbones: found, and the
    surveillance corner is open."""
    d = analyst()
    d.do("gm", "add_target", target="xb", name="Crossbones", size=2, dispositions=["violent"],
         tns=[4] * 4, find_dc=50)  # fmt: skip
    d.do("gm", "award", character="ada", intel="violent:4")
    d.do("ann", "spend_intel", character="ada", target="xb", intel="violent:4", on="find")
    t = camp(d).targets["xb"]
    assert t.found and t.cells[0].unlocked


@pytest.mark.rules("WD-INTEL-015")
def test_i19_intel_unlocks_an_available_cell_without_an_action() -> None:
    """src 1902: 'intel can be spent at any time during the downtimes to unlock a space without taking
    an action'. A tier-1 violent on Gus's 4+ corner: open, no slot used."""
    d = analyst()
    d.do("gm", "add_target", target="gus", name="Gus", size=2, dispositions=["violent"], tns=[4] * 4)
    d.do("gm", "award", character="ada", intel="violent:1")
    d.do("ann", "spend_intel", character="ada", target="gus", intel="violent:1", on="0,0")
    assert camp(d).targets["gus"].cells[0].unlocked
    assert camp(d).phase.slots["ada"].used == 0


# --- paid care, a group's followers, a Journalist's keep roll (src 1340, 1361, 2011-2013) -------------


@pytest.mark.rules("WD-REST-004", "WD-REST-005")
def test_rr4_maskdoc_without_a_reference_charges_2000_and_a_4_after_the_minus_1_misses() -> None:
    """src 2013: Maskdoc 'ask for $2000 if you don't have a reference ... and roll 1d6-1'; a 4+ halves
    the fractured leg. A 4 is a 3: no halving; the fee is paid all the same."""
    d = table()
    pc(d, "ann", "ada", "Ada", money=2500)
    d.do("gm", "award", character="ada", condition="fractured leg", days=20)
    d.do("gm", "start_downtime")
    d.do("ann", "paid_care", character="ada", provider="maskdoc", condition="fractured leg", dice=[4])
    leg = next(c for c in ledger(d).conditions if c.name == "fractured leg")
    assert (leg.days, ledger(d).money) == (20, 500)


@pytest.mark.rules("WD-REST-004")
def test_rr5_maskdoc_out_of_reach_is_refused() -> None:
    """src 2013: $2000 without a reference; Ada has $1500: refused, nothing paid."""
    d = table()
    pc(d, "ann", "ada", "Ada", money=1500)
    d.do("gm", "award", character="ada", condition="fractured leg", days=20)
    d.do("gm", "start_downtime")
    d.refuse("ann", "paid_care", character="ada", provider="maskdoc", condition="fractured leg")
    assert ledger(d).money == 1500


@pytest.mark.rules("WD-FOLLOW-008")
def test_g01_a_two_player_gang_holds_two_shared_followers() -> None:
    """src 1361: 'groups have their own shared followers, with a cap equal to the number of notable
    people within the gang. For a player gang, this would be equal to the number of players to start.'"""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    pc(d, "bob", "bo", "Bo", social=3)
    d.do("gm", "form_group", group="gang", name="The Gang", members=["ada", "bo"])
    for seat, who in (("ann", "ada"), ("bob", "bo")):
        d.do("gm", "award", character=who, eligible="fan")
        d.do(seat, "gain_follower", character=who, kind="fan", group="gang", dice=[6])
    d.do("gm", "award", character="ada", eligible="fan")
    d.refuse("ann", "gain_follower", character="ada", kind="fan", group="gang", rule="WD-FOLLOW-008")
    assert camp(d).groups["gang"].followers == {"fan": 2}


@pytest.mark.rules("WD-FOLLOW-009")
def test_j01_one_journalist_keeps_a_spent_card_on_a_6_not_a_5() -> None:
    """src 1342: Journalist: 'When self-promoting, they may roll to keep a reputation spent during the
    day, base 7+ difficulty', each Journalist +1 (src 1340). One Journalist: a 5 is 6, short of 7."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    followers(d, journalist=1)
    d.do("gm", "award", character="ada", rep="saved the ferry")
    d.do("gm", "start_downtime")
    talks(d, "Mayor")
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=[live_cards(d)[0].id], dice=[6, 1])
    spent = ledger(d).spent[0].id
    d.do("ann", "downtime_action", character="ada", action="self_promote", card=spent, dice=[5])
    assert live_cards(d) == []


@pytest.mark.rules("WD-CRAFT-020", "WD-CRAFT-013")
def test_c25_contrived_armor_made_at_the_table_repairs_at_dc_17_unasked() -> None:
    """src 1587: Contrive: '... Repair DC is increased by 5.' Ada makes armor with a low belt folded in
    (DC 15 + 10 = 25): 6 x 4 + 2 = 26. Struck later, its repair is DC 12 (src 1032) + 5 = 17: the
    table made the piece, so it knows it was contrived without Ada's player saying so."""
    d = crafter([CRAFT, craft_skill("Contrive"), KNOW], dexterity=4, knowledge=5)
    d.do("ann", "start_craft", character="ada", project="a", item="armor", contrive_with="low",
         contrive_value=50, cell="0,0")  # fmt: skip
    d.do("ann", "craft", character="ada", project="a", rolls=4, dice=[6, 1] * 4)
    d.do("ann", "craft", character="ada", project="a", rolls=0, finish=True)
    assert camp(d).projects["a"].result == "standard"
    s = d.state.sheets["ada"]
    assert s.costume is not None and [p.contrived for p in s.costume.pieces] == [True]
    assert d.replayed().state == d.state
    struck = s.costume.model_copy(
        update={"pieces": tuple(p.model_copy(update={"damaged": True}) for p in s.costume.pieces)}
    )
    d.patch(sheets={**d.state.sheets, "ada": s.model_copy(update={"costume": struck})})
    d.do("ann", "start_craft", character="ada", project="fix", item="armor", repair=True)
    assert camp(d).projects["fix"].dc == 17
