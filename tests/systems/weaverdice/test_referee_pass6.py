"""Referee pass 6 over Weaverdice part 1 and combat: powers (their costs and actions), equipment and
costume (inventory, belts, encumbrance, hands), effort and its regain, skills, and statuses' expiry,
each written from the seed (``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before
reading the table's code, then played through the table with given dice.

Where the seed is silent the expected outcome is the inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Pool, Status, WoundTier
from tests.systems.weaverdice.helpers import add, sheet, table
from tests.systems.weaverdice.test_referee_combat import _names
from tests.systems.weaverdice.test_referee_pass4 import _avail, _with, _wounds


def _brute_first(vic: dict[str, Any]) -> Driver:
    """The GM's notable brute (Brawn 5) acts before Vic (Ann's): brute 6 + 6, Vic 6 + 1."""
    d = table()
    add(d, "ann", vic)
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])
    assert d.state.fight.turn.actor == "brute"
    return d


def _vic_first(vic: dict[str, Any]) -> Driver:
    """Vic (Ann's) acts before the GM's generic thug: Vic 6 + 6, the thug 6 + 3."""
    d = table()
    add(d, "ann", vic)
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight.turn.actor == "vic"
    return d


# -- costume: the inventory bag, belts, encumbrance, hands (src 1013-1021, 1073-1105) -------------


def _rend_the_bag(items: int, *, brawn: int = 3, spill: int = 2) -> Driver:
    """The brute's Moderate Rend (effect 6) names Vic's two pieces, bag and icon; Vic gives up the
    bag, which spills ``spill`` of its ``items`` items."""
    bag = {"pieces": [{"key": "inventory", "cell": [1, 1], "items": items}, {"key": "icon", "cell": [0, 0]}]}
    d = _brute_first({**sheet("vic", "Vic", brawn=brawn), "costume": bag})
    d.do("gm", "attack", character="brute", target="vic", tier="moderate", damage="rend", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[6])
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("ann", "effect_choice", character="vic", key="lost", picks=["inventory-11"], dice=[spill])
    return d


@pytest.mark.rules("WD-EQUIP-014", "WD-WFX-019")
def test_a_damaged_bag_spills_items__the_rest_stay_in_it() -> None:
    # src 1097: the Inventory, "If damaged, drops 1d3 items ... but is not destroyed"; src 1096: rummaging
    # it is a "long DC equal to # of items in the bag". Five items, 1d3 shows 2: three stay in the bag.
    d = _rend_the_bag(5)
    bag = d.state.sheet("vic").costume.at((1, 1))
    assert bag is not None and not bag.destroyed
    assert bag.items == 3
    assert "2 items spill from the inventory" in d.words()[-1]


@pytest.mark.rules("WD-EQUIP-014", "WD-EQUIP-006")
def test_a_full_bag_that_spills_weighs_no_more() -> None:
    # src 1096: the bag "Has 1 encumbrance per ... 12 items"; src 1097: damaged, it "drops 1d3 items".
    # Twelve items weigh 1; after two spill, ten weigh nothing.
    d = _rend_the_bag(12)
    assert d.state.sheet("vic").encumbrance == 0


@pytest.mark.rules("WD-EQUIP-014")
def test_a_bag_cannot_spill_more_items_than_it_holds() -> None:
    # src 1097: 1d3 items drop; a bag of one item has only that one to lose.
    d = _rend_the_bag(1, spill=3)
    bag = d.state.sheet("vic").costume.at((1, 1))
    assert bag is not None and bag.items == 0
    assert "1 item spills from the inventory" in d.words()[-1]  # one item: the words agree


@pytest.mark.rules("WD-EQUIP-007", "WD-EQUIP-006")
@pytest.mark.parametrize(("armor", "over"), [(None, False), ("armor", False), ("low_armor", True)])
def test_carrying_a_friend_weighs_two_and_their_armor(armor: str | None, over: bool) -> None:
    # src 1021: "carrying or lifting a person can be two added encumbrance, in addition to their
    # encumbrance (their armor is heavy for you)". Vic (Brawn 3) carries Max: 2, plus Max's armor
    # (1; a low-tier piece "has double the encumbrance", src 1036: 2). Only 2 + 2 = 4 is over 3.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    max_ = sheet("max", "Max")
    if armor:
        max_["costume"] = {"pieces": [{"key": armor, "cell": [1, 1]}]}
    add(d, "bob", max_)
    d.do("gm", "ruling", character="vic", text="Vic shoulders Max", carrying=["max"])
    assert d.state.sheet("vic").over_encumbered is over
    assert d.state.sheet("vic").movement == (20 if over else 30)  # -1 Athletics (25 ft), a further -5 ft


@pytest.mark.rules("WD-STAT-009", "WD-EQUIP-014")
def test_a_secret_pouch_and_a_high_tier_belt_add_three_slots() -> None:
    # src 1017: belt slots equal to Dexterity; src 1089: a Secret Pouch "Grants an additional belt slot";
    # src 1103: a High Tier Belt "Grants two additional belt slots". Dexterity 2: 2 + 1 + 2 = 5.
    d = table()
    costume = {"pieces": [{"key": "secret_pouch", "cell": [1, 0]}, {"key": "high_belt", "cell": [1, 1]}]}
    add(d, "ann", {**sheet("vic", "Vic", dexterity=2), "costume": costume})
    assert d.state.sheet("vic").belt_slots == 5


@pytest.mark.rules("WD-EQUIP-011", "WD-EQUIP-006")
@pytest.mark.parametrize(("brawn", "over"), [(1, True), (2, False)])
def test_low_tier_armor_weighs_two(brawn: int, over: bool) -> None:
    # src 1036: Low Tier Armor: "1 Armor, but has double the encumbrance" (2); src 1021: capacity = Brawn.
    d = table()
    add(
        d,
        "ann",
        {**sheet("vic", "Vic", brawn=brawn), "costume": {"pieces": [{"key": "low_armor", "cell": [1, 1]}]}},
    )
    assert d.state.sheet("vic").encumbrance == 2
    assert d.state.sheet("vic").over_encumbered is over


BAT = {"name": "Bat", "damage": "bash", "tier": 2, "size": "large"}
KNIFE_ON_BELT = {"name": "Knife", "damage": "cut", "attack_stat": "dexterity"}


@pytest.mark.rules("WD-EQUIP-002", "WD-EQUIP-003")
def test_a_knife_is_not_drawn_into_hands_full_with_a_bat() -> None:
    # src 1015: "Characters have two hands and can carry two small items or one large one." Vic holds a
    # large bat: the knife on his belt has no hand to go to. Refused, nothing spent.
    d = _vic_first({**sheet("vic", "Vic"), "held": [BAT], "belt": [KNIFE_ON_BELT]})
    d.refuse("ann", "draw_item", character="vic", item="Knife", rule="WD-EQUIP-002")
    assert [i.name for i in d.state.sheet("vic").belt] == ["Knife"]
    assert d.state.fight.turn.actions == 2


# -- powers: costs and actions (src 380, 766, 812) -------------------------------------------------

SURGE = {
    "name": "Surge",
    "classifications": ["brute"],
    "action": "standard",
    "targeting": "self",
    "cost": [{"pool": "stamina", "dots": 2}],
}
BARRAGE = {
    "name": "Barrage",
    "classifications": ["blaster"],
    "action": "full",
    "targeting": "ranged",
    "range_ft": 60,
    "attack_stat": "dexterity",
    "damage": "bash",
    "tier": "lesser",
}


@pytest.mark.rules("WD-EFFORT-003", "WD-EFFORT-007")
def test_a_power_costing_two_stamina_is_refused_with_one_left() -> None:
    # src 380: Stamina is "Spent on physically draining powers"; a pool cannot pay more than it has.
    d = _vic_first({**sheet("vic", "Vic"), "powers": [SURGE]})
    d.do("ann", "use_power", character="vic", power="Surge")
    assert _avail(d, "vic", Pool.STAMINA) == 1
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.refuse("ann", "use_power", character="vic", power="Surge", rule="WD-EFFORT-003")
    assert _avail(d, "vic", Pool.STAMINA) == 1


@pytest.mark.rules("WD-STATUS-001", "WD-EFFORT-003")
def test_a_bleeding_cape_who_pays_a_power_in_stamina_takes_a_lesser_wound() -> None:
    # src 812: Bleeding: "Whenever the character expends effort or takes a full action, they suffer a
    # lesser wound." Surge's two Stamina are one expense (PROPOSED as the table counts a spend): one wound.
    d = _vic_first({**sheet("vic", "Vic"), "powers": [SURGE]})
    _with(d, "vic", Status.BLEEDING)
    d.do("ann", "use_power", character="vic", power="Surge")
    assert _wounds(d, "vic") == [WoundTier.LESSER]


@pytest.mark.rules("WD-COMBAT-016", "WD-WFX-021")
def test_with_half_the_actions_a_full_action_power_is_refused() -> None:
    # src 766: Moderate Shock 1-2, "Can only take half the actions on their next turn": one standard
    # action, no full action. Barrage takes the whole turn.
    d = table()
    add(d, "ann", {**sheet("vic", "Vic"), "powers": [BARRAGE]})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    _with(d, "vic", Status.HALF_ACTIONS)
    d.do("gm", "start_combat", dice=[6])
    d.refuse("ann", "use_power", character="vic", power="Barrage", targets=["thug"], rule="WD-COMBAT-016")
    d.do("ann", "attack", character="vic", target="thug", dice=[1])  # one standard action is still his


# -- statuses' expiry at the fight's end (WD-STATUS-016 PROPOSED, src 840-842) ----------------------


@pytest.mark.rules("WD-STATUS-016", "WD-STATUS-008", "WD-STATUS-002")
def test_blinded_and_pained_end_with_the_encounter() -> None:
    # PROPOSED (WD-STATUS-016): Blinded, Deafened and Pain without Scarring last "until the encounter
    # ends"; Knocked Down too.
    d = _vic_first(sheet("vic", "Vic"))
    _with(d, "vic", Status.BLINDED, Status.PAINED_PHYSICAL, Status.KNOCKED_DOWN)
    d.do("gm", "end_combat")
    assert _names(d, "vic") == []


# -- skills: their field (src 311, 1015) ----------------------------------------------------------


@pytest.mark.rules("WD-SKILL-001", "WD-COMBAT-017")
def test_a_knowledge_skill_gives_no_die_to_a_punch() -> None:
    # src 311: a skill's familiarity is "extra dice on rolls they'd already be making" in its field;
    # src 248: a punch rolls Brawn. Medical (a Knowledge skill) adds nothing to it: refused, no action.
    medical = {"name": "Medical", "stats": ["knowledge"]}
    d = _vic_first({**sheet("vic", "Vic"), "skills": [medical]})
    d.refuse(
        "ann", "attack", character="vic", target="thug", skills=["Medical"], dice=[1, 6], rule="WD-SKILL-001"
    )
    assert d.state.fight.turn.actions == 2


@pytest.mark.rules("WD-SKILL-001", "WD-COMBAT-017")
def test_a_brawn_skill_adds_its_die_to_a_punch() -> None:
    # src 311: Brawl (Brawn) on a Brawn punch: 2h6, keep the 6.
    brawl = {"name": "Brawl", "stats": ["brawn"]}
    d = _vic_first({**sheet("vic", "Vic"), "skills": [brawl]})
    d.do("ann", "attack", character="vic", target="thug", skills=["Brawl"], dice=[1, 6, 1])
    assert _wounds(d, "thug") == [WoundTier.LESSER]


# -- powers: Aim on a blast from range (src 311, 316-318, 551) -------------------------------------

AIM = {"name": "Aim", "stats": ["dexterity"], "tree": "aim"}
BOLT = {
    "name": "Bolt",
    "classifications": ["blaster"],
    "targeting": "ranged",
    "range_ft": 60,
    "attack_stat": "dexterity",
    "damage": "bash",
    "tier": "lesser",
}
CLAWS = {
    "name": "Claws",
    "classifications": ["striker"],
    "targeting": "melee",
    "attack_stat": "dexterity",
    "damage": "cut",
    "tier": "lesser",
}


@pytest.mark.rules("WD-SKILL-010", "WD-SKILL-001", "WD-COMBAT-009")
def test_aim_adds_its_die_to_a_blast_from_range() -> None:
    # src 551: an attack is "Using a fist, weapon, or offensive power to hit someone"; src 316-318: Aim,
    # "For long-range attacks made with no foes within 15' ... Roll an extra die on an attack, take the
    # roll of your choice". Vic (Dexterity 3) blasts the thug (DS 3): [1 5] keep 5 = 5, a hit.
    d = _vic_first({**sheet("vic", "Vic"), "skills": [AIM], "powers": [BOLT]})
    d.do("ann", "use_power", character="vic", power="Bolt", targets=["thug"], skills=["Aim"], dice=[1, 5, 1])
    assert _wounds(d, "thug") == [WoundTier.LESSER]
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    # src 342: he used Aim in the fight, so he may train a skill after it
    d.do("gm", "end_combat", lull=False)
    assert d.state.people["vic"].may_train == ("Aim",)


@pytest.mark.rules("WD-SKILL-010", "WD-SKILL-001")
@pytest.mark.parametrize(
    ("power", "skill", "rule"), [("Claws", "Aim", "WD-SKILL-010"), ("Bolt", "Medical", "WD-SKILL-001")]
)
def test_no_aim_on_claws_and_no_medical_on_a_blast(power: str, skill: str, rule: str) -> None:
    # src 316: Aim is for long-range attacks, not a melee one; src 311: Medical (Knowledge) is no help to
    # a Dexterity attack roll. Refused, nothing spent.
    medical = {"name": "Medical", "stats": ["knowledge"]}
    d = _vic_first({**sheet("vic", "Vic"), "skills": [AIM, medical], "powers": [BOLT, CLAWS]})
    d.refuse(
        "ann",
        "use_power",
        character="vic",
        power=power,
        targets=["thug"],
        skills=[skill],
        dice=[1, 5],
        rule=rule,
    )
    assert d.state.fight.turn.actions == 2


# -- powers: the statuses they put on (src 766, 852-854, 658) -------------------------------------

STALL = {
    "name": "Stall",
    "classifications": ["master"],
    "targeting": "ranged",
    "range_ft": 30,
    "statuses": [{"status": "delayed"}],
}
SLOW = {**STALL, "name": "Slow", "statuses": [{"status": "half_actions"}]}
SNATCH = {**STALL, "name": "Snatch", "classifications": ["shaker"], "statuses": [{"status": "disarmed"}]}


def _turns(d: Driver, count: int) -> list[tuple[int, str, bool]]:
    """End ``count`` turns; each as (round, actor, half the actions)."""
    seen = []
    for _ in range(count):
        fight = d.state.fight
        who = fight.turn.actor
        seen.append((fight.order.round, who, fight.turn.half))
        d.do("ann" if who == "vic" else "gm", "end_turn", character=who)
    return seen


def _stare_down(power: dict[str, Any], thug: dict[str, Any] | None = None) -> Driver:
    """Order Vic, thug, brute (the referee-combat duel); Vic's power on the thug."""
    d = table()
    add(d, "ann", {**sheet("vic", "Vic"), "powers": [power]})
    add(d, "gm", thug or sheet("thug", "Thug", "generic", brawn=4, guts=2))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5, athletics=1, dexterity=1))
    d.do("gm", "start_combat", dice=[6, 1])
    assert d.state.fight.order.order == ("vic", "thug", "brute")
    d.do("ann", "use_power", character="vic", power=power["name"], targets=["thug"])
    return d


@pytest.mark.rules("WD-STATUS-010", "WD-STATUS-015")
def test_a_power_that_delays_moves_one_turn_only() -> None:
    # src 852-854: Delayed, "The character's next turn is moved to just after the next enemy ... who
    # would otherwise act next." Stalled on Vic's turn, the thug's round-1 turn goes behind Vic's next
    # one; after that he acts every round.
    d = _stare_down(STALL)
    assert [(r, who) for r, who, _ in _turns(d, 8)] == [
        (1, "vic"),
        (1, "brute"),
        (2, "vic"),
        (2, "thug"),
        (2, "brute"),
        (3, "vic"),
        (3, "thug"),
        (3, "brute"),
    ]


@pytest.mark.rules("WD-COMBAT-016", "WD-STATUS-015")
def test_a_power_that_halves_actions_halves_the_next_turn_only() -> None:
    # src 766: "Can only take half the actions on their next turn": the thug's next turn is half, the
    # one after is whole again.
    d = _stare_down(SLOW)
    assert [(who, half) for _, who, half in _turns(d, 5) if who == "thug"] == [
        ("thug", True),
        ("thug", False),
    ]


@pytest.mark.rules("WD-STATUS-016", "WD-STATUS-015")
def test_a_power_that_disarms_puts_the_bat_on_the_ground() -> None:
    # src 658: Disarmed, "drops held item/weapon" (WD-STATUS-016: into the adjacent space). The thug's
    # bat leaves his hands.
    d = _stare_down(SNATCH, {**sheet("thug", "Thug", "generic", brawn=4, guts=2), "held": [BAT]})
    assert "Disarmed" in [n.title() for n in _names(d, "thug")]
    assert d.state.sheet("thug").held == ()
    assert [i.name for i in d.state.sheet("thug").dropped] == ["Bat"]


ALIGN = {"name": "Align Sights", "stats": ["dexterity"], "tree": "aim"}


@pytest.mark.rules("WD-SKILL-011", "WD-COMBAT-009")
def test_sights_aligned_on_the_thug_help_the_next_blast_at_him_and_are_spent() -> None:
    # src 326-327: Align Sights, "a round, not firing, while maintaining an uninterrupted view of the
    # target. Your next shot against the target gets a +1 to hit for every Aim skill you have"; a blast
    # from range is a shot (src 551). Vic knows Aim and Align Sights: [1] + 0 + 2 = 3 hits the thug's
    # DS 3 (a miss without). The shot fired, the alignment is gone.
    d = _vic_first({**sheet("vic", "Vic"), "skills": [AIM, ALIGN], "powers": [BOLT]})
    d.do("ann", "align_sights", character="vic", target="thug")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "use_power", character="vic", power="Bolt", targets=["thug"], dice=[1, 1])
    assert _wounds(d, "thug") == [WoundTier.LESSER]
    assert d.state.people["vic"].aligned_on is None


# -- effort spent on powers, and its regain (src 380, 398, 409) -----------------------------------


@pytest.mark.rules("WD-EFFORT-009", "WD-EFFORT-003")
def test_stamina_paid_for_a_power_comes_back_after_the_fight_less_one_exhausted() -> None:
    # src 380: Stamina is "Spent on physically draining powers"; src 409: after the encounter and five
    # quiet minutes "players recover all spent dots of effort except one of their choice, which becomes
    # exhausted". Surge took 2 Stamina: one comes back, one is exhausted (max 2).
    d = _vic_first({**sheet("vic", "Vic"), "powers": [SURGE]})
    d.do("ann", "use_power", character="vic", power="Surge")
    d.do("gm", "end_combat")
    d.refuse("ann", "exhaust", character="vic", pool="focus", rule="WD-EFFORT-009")  # no Focus was spent
    d.do("ann", "exhaust", character="vic", pool="stamina")
    assert _avail(d, "vic", Pool.STAMINA) == 2
    assert d.state.people["vic"].effort.exhausted == {Pool.STAMINA: 1}


@pytest.mark.rules("WD-EFFORT-008", "WD-COMBAT-032")
def test_a_rest_action_gives_back_one_dot_spent_on_a_power() -> None:
    # src 398: "take a Rest action in combat to recover one dot to any category". Surge left 1 Stamina.
    d = _vic_first({**sheet("vic", "Vic"), "powers": [SURGE]})
    d.do("ann", "use_power", character="vic", power="Surge")
    d.do("ann", "rest", character="vic", restore=["stamina"], dice=[1])
    assert _avail(d, "vic", Pool.STAMINA) == 2


@pytest.mark.rules("WD-COMBAT-019", "WD-COMBAT-020")
def test_a_blast_is_dodged_for_a_focus_dot() -> None:
    # src 588-590: a named target may spend Focus to Dodge an attack, a power's too; Athletics 3 rolls 5
    # against the blast's 5: the defender wins ties (src 384). No wound.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", {**sheet("brute", "Brute", "notable", dexterity=4), "powers": [BOLT]})
    d.do("gm", "start_combat", dice=[1, 6])
    d.do("gm", "use_power", character="brute", power="Bolt", targets=["vic"], dice=[4])  # 4 + 1 = 5
    d.answer("ann", "react-vic", "dodge", dice=[5])
    assert _wounds(d, "vic") == []
    assert _avail(d, "vic", Pool.FOCUS) == 2


JOLT = {
    "name": "Jolt",
    "classifications": ["master"],
    "action": "reaction",
    "targeting": "ranged",
    "range_ft": 30,
    "cost": [{"pool": "focus", "dots": 1}],
    "statuses": [{"status": "half_actions"}],
}


@pytest.mark.rules("WD-COMBAT-016", "WD-STATUS-015", "WD-COMBAT-015")
def test_jolted_on_his_own_turn_vic_has_half_the_actions_on_the_next() -> None:
    # src 766: "half the actions on their next turn"; src 586: the brute's reaction power fires out of
    # turn for its Focus, on Vic's turn. The turn under way is not the next one: Vic's round-2 turn is half.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", {**sheet("brute", "Brute", "notable"), "powers": [JOLT]})
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("gm", "use_power", character="brute", power="Jolt", targets=["vic"])
    assert [(who, half) for _, who, half in _turns(d, 5) if who == "vic"] == [
        ("vic", False),
        ("vic", True),
        ("vic", False),
    ]


# -- rummaging the bag in a fight (src 1096, WD-EQUIP-014) -------------------------------------------

_BAG5 = {"pieces": [{"key": "inventory", "cell": [1, 1], "items": 5}]}


@pytest.mark.rules("WD-EQUIP-014", "WD-COMBAT-013")
def test_rummaging_a_five_item_bag_is_a_lengthy_check_to_5_that_takes_the_turns() -> None:
    # src 1096: the Inventory's "use in combat takes time and is interruptible; long DC equal to # of
    # items in the bag, to rummage"; src 580: a lengthy action takes both actions of the turn and may
    # run on. The GM calls the rummage (the seed names no stat: the GM picks Dexterity, 2: +0). Vic's
    # [3] makes 3 of 5 and takes his turn; next round [2] makes 5: done.
    d = _vic_first({**sheet("vic", "Vic"), "costume": _BAG5})
    d.do("gm", "call_check", character="vic", stat="dexterity", rummage=True)
    call = d.state.calls[max(d.state.calls)]
    assert call.dc == 5 and call.task == "rummage in the bag"
    d.do("ann", "check", character="vic", call=call.id, dice=[3])
    assert d.state.fight.turn.actions == 0
    d.refuse("ann", "move", character="vic", feet=5, rule="WD-COMBAT-008")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "check", character="vic", call=call.id, dice=[2])
    assert call.id not in d.state.calls  # reached: the bag's items may go to belt or hand
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-EQUIP-014")
def test_a_rummage_needs_a_bag_with_something_in_it_and_a_fight() -> None:
    # src 1096: the DC is the bag's count, so a DC named beside it, no bag, or an empty bag is refused;
    # the check is for "use in combat": outside a fight the bag is searched without one
    d = table()
    add(d, "ann", {**sheet("vic", "Vic"), "costume": _BAG5})
    add(d, "bob", {**sheet("max", "Max"), "costume": {"pieces": [{"key": "inventory", "cell": [1, 1]}]}})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.refuse("gm", "call_check", character="vic", stat="dexterity", rummage=True, rule="WD-EQUIP-014")
    d.do("gm", "start_combat", dice=[6, 5])
    d.refuse("gm", "call_check", character="vic", stat="dexterity", rummage=True, dc=9, rule="WD-EQUIP-014")
    d.refuse("gm", "call_check", character="max", stat="dexterity", rummage=True, rule="WD-EQUIP-014")
    d.refuse("gm", "call_check", character="thug", stat="dexterity", rummage=True, rule="WD-EQUIP-014")
    assert d.state.calls == {}
