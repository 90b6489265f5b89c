"""Progression at the table (WD-PROG): boxes, milestones, perk rolls, money rewards, the bud chance."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Pool
from tests.systems.weaverdice.campaign_support import camp, follower_box, pc
from tests.systems.weaverdice.helpers import table


def boxes(d: Driver, *names: str, **more: object) -> None:
    for name in names:
        d.do("gm", "award", character="ada", mission=True)
        learn: dict[str, object] = {}
        if name == "learning_a_skill":  # the box starts learning a skill the player names (WD-PROG-011)
            learn = {"skill": f"Study {len(d.state.sheets['ada'].skills) + 1}", "stat": "knowledge"}
        d.do("ann", "check_box", character="ada", box=name, **learn, **more)


@pytest.mark.rules("WD-PROG-002", "WD-PROG-003", "WD-PROG-008", "WD-PROG-011", "WD-PROG-012")
def test_boxes_come_from_missions_and_each_is_checked_as_often_as_listed() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.refuse("ann", "check_box", character="ada", box="room_to_recruit", rule="WD-PROG-002")
    d.do("gm", "award", character="ada", money=100, rep="a deed")  # general rewards are no boxes
    assert camp(d).ledgers["ada"].box_credit == 0
    boxes(d, "room_to_recruit", "room_to_recruit", "learning_a_skill")
    d.do("gm", "award", character="ada", mission=True)
    d.refuse("ann", "check_box", character="ada", box="room_to_recruit", rule="WD-PROG-003")
    sheet = d.state.sheets["ada"]
    assert (sheet.underling_bonus, sheet.learning_boxes) == (2, 1)


@pytest.mark.rules("WD-PROG-006", "WD-PROG-007")
def test_half_dots_merge_and_equipment_slots_alternate_belt_and_costume() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada", costume={"pieces": []})
    boxes(d, "extra_effort", pool="focus")
    assert camp(d).ledgers["ada"].half_dots == {Pool.FOCUS: 1}
    boxes(d, "equipment_slot")
    assert d.state.sheets["ada"].extra_belt_slots == 1  # the first gain: a belt slot
    d.do("gm", "award", character="ada", goal_cleared=True)
    d.do("gm", "award", character="ada", mission=True)
    follower_box(d, "eager_follower", "fan")
    boxes(d, "learning_a_skill")
    d.do("ann", "take_milestone", character="ada", option="expand_power", dice=[3])
    d.answer("ann", d.prompt("ann", "keep_perk").id, "3")
    boxes(d, "extra_effort", pool="focus")  # the second half dot: a whole one
    assert d.state.sheets["ada"].effort_bonus == {Pool.FOCUS: 1}
    boxes(d, "equipment_slot")
    assert d.state.sheets["ada"].costume.extra_slots == 1  # the second gain: a costume slot


@pytest.mark.rules("WD-PROG-009", "WD-PROG-010")
def test_eager_and_trusted_followers_start_tapped_unless_morale_or_a_secure_life() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada", morale=1)
    d.do("gm", "award", character="ada", mission=True)
    follower_box(d, "eager_follower", "journalist", choice="start")  # Good morale: the player's choice
    ledger = camp(d).ledgers["ada"]
    assert ledger.followers == {"journalist": 1} and ledger.active("journalist", 1) == 1
    assert d.state.sheets["ada"].follower_bonus == 1
    d.do("gm", "award", character="ada", mission=True)
    follower_box(d, "trusted_follower", "fan", choice="start")  # the GM finds no secure life: tapped
    assert camp(d).ledgers["ada"].active("fan", 1) == 0
    d.do("gm", "award", character="ada", mission=True)
    d.refuse("ann", "check_box", character="ada", box="trusted_follower", rule="WD-PROG-003")


@pytest.mark.rules(
    "WD-PROG-004",
    "WD-PROG-005",
    "WD-PROG-019",
    "WD-PROG-020",
    "WD-PROG-022",
    "WD-PROG-024",
    "WD-PROG-025",
    "WD-PROG-014",
)
def test_a_milestone_needs_its_goal_and_four_boxes_rolls_its_option_and_clears_the_list() -> None:
    table_ = {"power_perk": ["Tough", "Quick", "Sharp", "Loud"]}
    d = table(config={"campaign": {"perk_tables": table_}})
    pc(d, "ann", "ada", "Ada")
    boxes(d, "room_to_recruit", "room_to_recruit", "learning_a_skill")
    d.refuse("ann", "take_milestone", character="ada", option="power_perk", rule="WD-PROG-004")
    boxes(d, "learning_a_skill")
    d.refuse("ann", "take_milestone", character="ada", option="power_perk", rule="WD-PROG-004")  # goal
    d.do("gm", "award", character="ada", goal_cleared=True)
    # Power Perk: 1 roll + 2 for roleplaying and playing true to the trigger; d4 table, keep one
    d.do("ann", "take_milestone", character="ada", option="power_perk", bonuses=2, dice=[1, 4, 2])
    d.refuse("ann", "keep_perk", character="ada", face=3, rule="WD-PROG-020")
    d.answer("ann", d.prompt("ann", "keep_perk").id, "4")
    ledger = camp(d).ledgers["ada"]
    assert (ledger.perks, ledger.boxes, ledger.power_perk_rolls) == (("Loud",), {}, 3)
    assert d.state.sheets["ada"].milestones == 1
    assert d.state.sheets["ada"].follower_cap == 2 * 3 + 3  # +3 per milestone
    for name in ("room_to_recruit", "room_to_recruit", "learning_a_skill", "learning_a_skill"):
        boxes(d, name)
    d.do("gm", "award", character="ada", goal_cleared=True)
    d.refuse("ann", "take_milestone", character="ada", option="power_perk", rule="WD-PROG-019")


@pytest.mark.rules("WD-PROG-021")
def test_life_perk_raises_caps_and_rolls_more_for_a_secure_identity_and_friends() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    for name in ("room_to_recruit", "room_to_recruit", "learning_a_skill", "learning_a_skill"):
        boxes(d, name)
    d.do("gm", "award", character="ada", goal_cleared=True)
    d.do(  # the secure identity and the friends are the GM's ruling (src 1319)
        "gm",
        "take_milestone",
        character="ada",
        option="life_perk",
        secure_identity=True,
        friends=True,
        dice=[2, 5, 6],
    )
    sheet = d.state.sheets["ada"]
    assert (sheet.underling_bonus, sheet.follower_bonus) == (2 + 2, 2)
    assert camp(d).ledgers["ada"].perk_faces == (2, 5, 6)


@pytest.mark.rules("WD-PROG-013")
def test_money_rewards_roll_their_dice() -> None:
    """WX-30 (src 1239-1250): 1d6 x $20, 2d6 x $100, 4d6 x $1000."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", money_tier="bit", dice=[4])
    d.do("gm", "award", character="ada", money_tier="cash", dice=[6, 6])
    d.do("gm", "award", character="ada", money_tier="bounty", dice=[1, 1, 1, 1])
    assert camp(d).ledgers["ada"].money == 80 + 1200 + 4000


@pytest.mark.rules("WD-PROG-023")
def test_the_bud_chance_grows_5_percent_per_power_perk_roll() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    for name in ("room_to_recruit", "room_to_recruit", "learning_a_skill", "learning_a_skill"):
        boxes(d, name)
    d.do("gm", "award", character="ada", goal_cleared=True)
    d.do("ann", "take_milestone", character="ada", option="power_perk", bonuses=1, dice=[1, 2])
    d.do("gm", "roll_bud", character="ada", dice=[10])
    assert d.last.payload.chance == 10 and d.last.payload.triggered
    d.do("gm", "roll_bud", character="ada", dice=[11])
    assert not d.last.payload.triggered


@pytest.mark.rules("WD-PROG-006", "WD-EFFORT-014")
def test_a_lone_half_dot_is_spendable_in_the_first_encounter_after_a_rest_only() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    boxes(d, "extra_effort", pool="stamina")
    sheet = d.state.sheets["ada"]
    effort = d.state.people["ada"].effort
    assert effort.available(sheet, Pool.STAMINA) == sheet.effort_max(Pool.STAMINA)  # not before a rest
    d.do("ann", "sleep", character="ada")
    effort = d.state.people["ada"].effort
    assert effort.bonus == {Pool.STAMINA: 1}
    assert effort.available(sheet, Pool.STAMINA) == sheet.effort_max(Pool.STAMINA) + 1
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "move", character="ada", feet=30, push=True, dice=[2])
    d.do("gm", "end_combat")
    assert "ada" not in d.state.exhaust_owed  # only the half dot was spent: it is gone, nothing exhausts
    effort = d.state.people["ada"].effort
    # gone before exhaustion counts (seed src 1192): the half dot gives nothing more, the pool stays whole
    assert not any(effort.bonus.values())
    assert effort.available(sheet, Pool.STAMINA) == sheet.effort_max(Pool.STAMINA)
    assert camp(d).ledgers["ada"].half_dots == {Pool.STAMINA: 1}  # back after the next rest
    d.do("ann", "sleep", character="ada")
    assert d.state.people["ada"].effort.bonus == {Pool.STAMINA: 1}
