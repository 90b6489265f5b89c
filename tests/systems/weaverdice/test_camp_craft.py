"""The downtime phase and Craft & Repair, played at the table with given dice (WD-DT, WD-CRAFT)."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from tests.systems.weaverdice.helpers import add, sheet, table

CRAFT = {"name": "Craft", "stats": ["dexterity"], "tree": "craft"}
GRIT = {"name": "Grit", "stats": ["guts"]}
HAGGLE = {"name": "Haggle", "stats": ["social"]}
RESEARCH = {"name": "Research", "stats": ["knowledge"]}


def skill(name: str, dice: int = 0) -> dict[str, Any]:
    return {"name": name, "stats": ["knowledge"], "tree": "craft", "dice": dice}


def crafter(
    d: Driver, *skills: dict[str, Any], money: int = 1000, costume: dict[str, Any] | None = None, **stats: int
) -> None:
    data = sheet("ada", "Ada", **stats)
    data["skills"] = [CRAFT, *skills]
    if costume is not None:
        data["costume"] = costume
    add(d, "ann", data, owner="ann")
    d.do("gm", "award", character="ada", money=money)


def camp(d: Driver) -> Any:
    return d.state.campaign


@pytest.mark.rules("WD-DT-001", "WD-DT-002", "WD-DT-003", "WD-DT-006", "WD-MORALE-007", "WD-MORALE-008")
def test_a_phase_gives_slots_a_bonus_slot_on_good_morale_and_resets_morale() -> None:
    d = table()
    add(d, "gm", sheet("ada", "Ada"), owner="ann", morale=1)
    add(d, "bob", sheet("bo", "Bo"), owner="bob")
    d.refuse("ann", "downtime_action", character="ada", action="explore", rule="WD-DT-001")
    # morale +1 rolls 3 dice for the bonus slot: a 6 gives it
    d.do("gm", "start_downtime", dice=[2, 6, 1])
    slots = camp(d).phase.slots
    assert (slots["ada"].total, slots["ada"].bonus) == (4, True)
    assert (slots["bo"].total, slots["bo"].bonus) == (3, False)
    for action in ("explore", "go_shopping", "refine_skills"):
        d.do("ann", "downtime_action", character="ada", action=action)
    # the bonus slot is only for the allow-listed actions
    d.refuse("ann", "downtime_action", character="ada", action="explore", rule="WD-MORALE-007")
    d.do("ann", "downtime_action", character="ada", action="hang_out")
    d.refuse("ann", "downtime_action", character="ada", action="hang_out", rule="WD-DT-002")
    # a player cannot act for another's character
    d.refuse("ann", "downtime_action", character="bo", action="explore", error=NotPermitted)
    d.do("gm", "end_downtime")
    assert camp(d).phase is None
    assert d.state.people["ada"].morale == 0  # back to the baseline
    d.do("gm", "start_downtime", slots=1)  # fewer slots mid-session, and morale 0 rolls nothing
    assert camp(d).phase.slots["ada"].total == 1


@pytest.mark.rules(
    "WD-CRAFT-001",
    "WD-CRAFT-002",
    "WD-CRAFT-003",
    "WD-CRAFT-004",
    "WD-CRAFT-005",
    "WD-CRAFT-006",
    "WD-CRAFT-014",
)
def test_worked_example_5_3_2_with_craft_is_11_a_low_tier_item_from_a_standard_attempt() -> None:
    """WX-33 (src 1526-1528): Dex 3 = 3 actions, Know 3 = 3 rolls, Craft = 2 dice keep best: 5, 3, 2."""
    d = table()
    crafter(d)
    d.do("gm", "start_downtime")
    d.do("gm", "start_craft", character="ada", project="vest", item="vest", tier="standard", price=300)
    assert camp(d).ledgers["ada"].money == 900  # a third of the price in materials, paid at the start
    d.do("ann", "craft", character="ada", project="vest", rolls=3, dice=[5, 1, 3, 2, 2, 1])
    p = camp(d).projects["vest"]
    assert p.rolls == (5, 3, 2)
    assert p.total == 11  # dice 10, +1 for the one Craft-tree skill (PROPOSED)
    assert p.result == "low"  # short of DC 15, meets DC 10: made at the low tier
    assert camp(d).ledgers["ada"].money == 900  # the extra materials stay spent
    assert camp(d).phase.slots["ada"].used == 1  # three actions in one slot
    d.refuse("ann", "craft", character="ada", project="vest", rule="WD-CRAFT-003")


@pytest.mark.rules("WD-CRAFT-003", "WD-CRAFT-004", "WD-CRAFT-005", "WD-CRAFT-001")
def test_rolls_capped_by_knowledge_and_a_failure_below_every_tier() -> None:
    d = table()
    crafter(d, knowledge=2, dexterity=2)
    d.do("gm", "start_downtime")
    d.do("gm", "start_craft", character="ada", project="gun", item="gun", tier="high", price=400)
    assert camp(d).ledgers["ada"].money == 800  # half the price at the high tier
    d.refuse("ann", "craft", character="ada", project="gun", rolls=3, rule="WD-CRAFT-003")
    d.do("ann", "craft", character="ada", project="gun", rolls=2, dice=[2, 1, 3, 3])
    assert camp(d).projects["gun"].result == "failed"  # 2 + 3 + 1 = 6 < 10
    # Dexterity 2: two actions per slot, so those two rolls filled one slot
    assert camp(d).phase.slots["ada"].used == 1


@pytest.mark.rules("WD-CRAFT-003", "WD-CRAFT-012")
def test_finish_early_once_the_dc_is_met_and_machining_adds_a_roll() -> None:
    d = table()
    crafter(d)
    d.do("gm", "start_downtime")
    armor = {"item": "armor", "tier": "low", "price": 0, "cell": "0,0"}  # made, it goes in cell 0,0
    d.do("gm", "start_craft", character="ada", project="m", **armor, machined=True)
    assert camp(d).projects["m"].cap == 4
    d.refuse("ann", "craft", character="ada", project="m", finish=True, dice=[1, 1], rule="WD-CRAFT-003")
    d.do("ann", "craft", character="ada", project="m", rolls=2, dice=[6, 1, 5, 1])
    d.do("ann", "craft", character="ada", project="m", finish=True, dice=[1, 1])
    assert camp(d).projects["m"].result == "low"
    assert [p.key for p in d.state.sheet("ada").costume.pieces] == ["low_armor"]


@pytest.mark.rules("WD-CRAFT-010", "WD-DT-007")
def test_a_helper_adds_a_die_to_every_roll_and_hanging_out_adds_a_roll() -> None:
    d = table()
    crafter(d)
    add(d, "bob", sheet("bo", "Bo"), owner="bob")
    d.do("gm", "start_downtime")
    d.do("gm", "start_craft", character="ada", project="v", item="vest", tier="standard", price=30)
    d.do("bob", "help_craft", character="bo", project="v")
    d.refuse("bob", "help_craft", character="bo", project="v", rule="WD-CRAFT-010")
    d.do("ann", "craft", character="ada", project="v", dice=[1, 2, 6])  # three dice: Ada's two, Bo's one
    assert camp(d).projects["v"].rolls == (6,)
    d.do("bob", "downtime_action", character="bo", action="hang_out", project="v")
    assert camp(d).projects["v"].extra == 1  # four rolls now
    d.do("ann", "craft", character="ada", project="v", rolls=3, dice=[1, 1, 1, 1, 1, 1, 2, 2, 2])
    assert len(camp(d).projects["v"].rolls) == 4
    assert camp(d).projects["v"].result == "low"  # 6+1+1+2 = 10, +1 Craft = 11
    d.do("gm", "end_downtime")
    assert camp(d).projects["v"].helpers == ()  # help lasts the phase


@pytest.mark.rules("WD-CRAFT-013", "WD-CRAFT-021", "WD-WOUND-016")
def test_repair_is_dc_12_at_20_dollars_a_roll_less_2_with_maintenance() -> None:
    d = table()
    struck = {"pieces": [{"key": "armor", "cell": [0, 1], "damaged": True}]}  # gear to mend (src 1032)
    crafter(d, skill("Maintenance"), GRIT, money=50, costume=struck)  # src 1592: Maintenance needs Guts
    d.do("gm", "start_downtime")
    d.do("ann", "start_craft", character="ada", project="r", item="armor", repair=True)
    assert camp(d).projects["r"].dc == 10
    d.do("ann", "craft", character="ada", project="r", rolls=2, dice=[5, 1, 4, 1])
    assert camp(d).ledgers["ada"].money == 10  # 5 + 4 = 9: short of DC 10, two rolls paid
    d.refuse("ann", "craft", character="ada", project="r", rule="WD-CRAFT-013")  # $20 > $10
    d.do("gm", "award", character="ada", money=20)
    d.do("ann", "craft", character="ada", project="r", dice=[1, 1])
    assert camp(d).projects["r"].result == "repaired"  # 5 + 4 + 1 = 10 >= 10


@pytest.mark.rules("WD-CRAFT-016", "WD-CRAFT-019", "WD-CRAFT-022")
def test_diligence_resourceful_and_master_craft() -> None:
    d = table()
    # src 1578: Resourceful needs a Social skill; src 1601: Master Craft needs four other Craft skills
    pool = (skill("Diligence"), skill("Resourceful"), skill("Handy"), HAGGLE)
    crafter(d, *pool, skill("Master Craft", 2), money=1000)
    d.do("gm", "start_downtime")
    # five Craft-tree skills: Craft + Resourceful give 10%, the other three 10% each: 40% off $100
    d.do("gm", "start_craft", character="ada", project="c", item="coat", tier="standard", price=300)
    assert camp(d).projects["c"].paid == 60
    # Master Craft: 1 + 2 dice (its two replace Craft's one, src 1551), keep one; "take 4" once a day
    d.do("ann", "craft", character="ada", project="c", rolls=2, take_four=True, dice=[1, 2, 3])
    assert camp(d).projects["c"].rolls == (4, 3)
    d.refuse("ann", "craft", character="ada", project="c", take_four=True, rule="WD-CRAFT-022")
    # Diligence: Dexterity + 1 = 4 actions in the slot
    assert camp(d).phase.slots["ada"].session.left == 2
    d.do("ann", "craft", character="ada", project="c", dice=[6, 6, 6])
    assert camp(d).phase.slots["ada"].used == 1


@pytest.mark.rules("WD-CRAFT-017")
def test_multitasker_gets_an_action_every_5_minus_knowledge_craft_slots() -> None:
    d = table()
    crafter(d, skill("Multitasker"), knowledge=4, dexterity=1)  # every slot: max(1, 5 - 4)
    d.do("gm", "start_downtime")
    d.do("gm", "start_craft", character="ada", project="p", item="program", tier="low")
    d.do("ann", "craft", character="ada", project="p", dice=[3, 3])
    assert camp(d).phase.slots["ada"].session.left == 1  # Dexterity 1, +1 free action


@pytest.mark.rules("WD-CRAFT-017")
def test_multitaskers_free_action_goes_to_an_unrelated_item_not_the_slots_own_project() -> None:
    """src 1565: 'get one free craft action for an unrelated item'; 'not a free downtime slot, but one
    action that you'd take within that downtime slot'."""
    d = table()
    crafter(d, skill("Multitasker"), knowledge=4, dexterity=1)  # every slot: Dexterity 1 + the free one
    d.do("gm", "start_downtime")
    d.do("gm", "start_craft", character="ada", project="p", item="program", tier="low")
    d.do("gm", "start_craft", character="ada", project="q", item="gadget", tier="low")
    d.do("ann", "craft", character="ada", project="p", dice=[3, 3])  # slot 1, opened for the program
    # a second program roll is not the free action: slot 1's own action is spent, so a new slot opens
    d.do("ann", "craft", character="ada", project="p", dice=[2, 2])
    slots = camp(d).phase.slots["ada"]
    assert (slots.used, slots.session.left) == (2, 1)
    # the gadget is unrelated: slot 2's free action goes to it, no third slot
    d.do("ann", "craft", character="ada", project="q", dice=[4, 4])
    slots = camp(d).phase.slots["ada"]
    assert (slots.used, slots.session.left) == (2, 0)
    assert (camp(d).projects["p"].rolls, camp(d).projects["q"].rolls) == ((3, 2), (4,))


@pytest.mark.rules("WD-CRAFT-020", "WD-CRAFT-006")
def test_contrive_merges_a_piece_worth_a_third_and_bad_input_changes_nothing() -> None:
    """WX-34 (src 1587): $1000 armor can absorb a piece worth at most $333, e.g. a $150 belt."""
    d = table()
    crafter(d, skill("Contrive"), RESEARCH, money=600)  # src 1585: Contrive needs a Knowledge skill
    d.do("gm", "start_downtime")
    d.refuse(
        "ann",
        "start_craft",
        character="ada",
        project="a",
        item="high armor",  # $1000 on the list (src 1050)
        contrive_with="low",
        contrive_value=400,
        rule="WD-CRAFT-020",
    )
    d.do(
        "gm",
        "start_craft",
        character="ada",
        project="a",
        item="armor",
        price=1000,
        contrive_with="low",
        contrive_value=150,
    )
    assert camp(d).projects["a"].dc == 25  # standard 15 + the merged low piece's 10
    d.refuse("gm", "start_craft", character="ada", project="b", item="x", price=3000, rule="WD-CRAFT-006")
    d.refuse("ann", "start_craft", character="ada", project="b", item="x", tier="epic", rule="WD-CRAFT-004")


@pytest.mark.rules("WD-CRAFT-015")
def test_handy_adds_a_hands_on_lengthy_checks_dice_and_frees_a_belt_slot() -> None:
    d = table()
    handy = {"name": "Handy", "stats": ["dexterity"], "tree": "craft", "dice": 0}
    ada = sheet("ada", "Ada")
    ada.update(skills=[CRAFT, handy], backgrounds=["Plumbing"])
    bo = sheet("bo", "Bo")
    bo.update(skills=[CRAFT], backgrounds=["Plumbing"])
    add(d, "ann", ada, owner="ann")
    add(d, "bob", bo, owner="bob")
    # the GM calls a lengthy fix of the pipes to 12 for both: calls 1 and 2
    d.do("gm", "call_check", character="ada", stat="dexterity", dc=12, task="fix the pipes")
    d.do("gm", "call_check", character="bo", stat="dexterity", dc=12, task="fix the pipes")
    # the background's die: Ada adds 2 + 5 = 7; Bo, not Handy, keeps the 5
    d.do("ann", "check", character="ada", call=1, background="Plumbing", unhurried=True, dice=[2, 5])
    d.do("bob", "check", character="bo", call=2, background="Plumbing", unhurried=True, dice=[2, 5])
    assert d.state.lengthy["call:1"].total == 7
    assert d.state.lengthy["call:2"].total == 5
    # a Craft-tree skill is hands-on too: 7 + (3 + 4) = 14 reaches 12, done
    d.do("ann", "check", character="ada", call=1, skills=["Craft"], dice=[3, 4])
    assert "call:1" not in d.state.lengthy
    # a quick (not lengthy) check keeps one die as always
    d.do("gm", "call_check", character="ada", stat="dexterity", tn=6)
    d.do("ann", "check", character="ada", call=3, skills=["Craft"], dice=[3, 4])
    roll = d.last.payload.check
    assert (roll.kept, roll.modifier, roll.total) == (4, 0, 4)
    # the background's tools ride on the belt free: one slot more than Bo's
    assert d.state.sheet("ada").belt_slots == d.state.sheet("bo").belt_slots + 1
