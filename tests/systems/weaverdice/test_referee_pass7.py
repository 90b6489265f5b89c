"""Referee pass 7 over Weaverdice part 1 and combat: interactions between the sections the earlier
referee files cite least (a choke's lost Athletics, encumbrance's -1 Dexterity and Athletics at the
roll, banked grapple points, resting, Recovery's limits, Focus ties), each situation written from the
seed (``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before reading the table's code,
then played through the table with given dice.

Where the seed is silent the expected outcome is the inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Pool, Stat, Status, WoundTier
from tests.systems.weaverdice.helpers import add, sheet, table

KNIFE = {"name": "Knife", "damage": "cut", "attack_stat": "dexterity"}

_SEATS = {"vic": "ann", "max": "bob"}


def _avail(d: Driver, ident: str, pool: Pool) -> int:
    return int(d.state.people[ident].effort.available(d.state.sheet(ident), pool))


def _wounds(d: Driver, ident: str) -> list[WoundTier]:
    return [w.tier for w in d.state.people[ident].track.wounds]


def _to(d: Driver, actor: str) -> None:
    """End turns until it is ``actor``'s."""
    while d.state.fight.turn.actor != actor:
        who = d.state.fight.turn.actor
        d.do(_SEATS.get(who, "gm"), "end_turn", character=who)


def _wrestle(vic: dict[str, Any] | None = None, thug: dict[str, Any] | None = None) -> Driver:
    """Vic (Ann's, Brawn 5) grabs the thug; Max (Bob's) stands by; order Vic, Max, thug, goon."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic", brawn=5))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", thug or sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic"))
    d.do("gm", "start_combat", dice=[6, 5, 4, 1])  # Vic 12, Max 11; the generics' 9s: thug, goon
    assert d.state.fight.order.order == ("vic", "max", "thug", "goon")
    d.do("ann", "grab", character="vic", target="thug", dice=[3])  # 3 + 2 = 5 >= DS 3
    return d


# -- a choke's Athletics damage acts at once (src 980, 880) ----------------------------------------


@pytest.mark.rules("WD-GRAPPLE-008", "WD-MOVE-001")
def test_a_choked_thug_without_stamina_moves_only_25_ft() -> None:
    # src 980: Choke (2): "Target loses one Stamina, takes 1 damage to Athletics score if they have
    # none"; the generic thug has no Stamina (src 304). src 880: movement is 30 ft at Athletics 3, -5 ft
    # a point below. Vic 6 + 2 = 8 against the thug's 2 + 0: a margin of 6, the choke bought; the thug's
    # Athletics, and with it his movement, drop at once.
    d = _wrestle()
    d.do("ann", "grapple", character="vic", target="thug", option="choke", points=2, dice=[6, 2])
    assert d.state.sheet("thug").stat(Stat.ATHLETICS) == 2
    assert d.state.sheet("thug").movement == 25


# -- encumbrance at the roll (src 1021) ------------------------------------------------------------


def _vic_carries_max(vic: dict[str, Any]) -> Driver:
    """Vic (Ann's) shoulders Max (Bob's, 2 encumbrance) with Brawn 1: over his capacity; then the
    fight, Vic first against a notable brute (DS 4)."""
    d = table()
    add(d, "ann", vic)
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("brute", "Brute", "notable"))
    d.do("gm", "ruling", character="vic", text="Vic shoulders Max", carrying=["max"])
    d.do("gm", "start_combat", dice=[6, 1, 1])
    _to(d, "vic")
    return d


@pytest.mark.rules("WD-EQUIP-006", "WD-EQUIP-007")
@pytest.mark.parametrize(("carrying", "hit"), [(False, True), (True, False)])
def test_over_encumbered_vic_stabs_at_one_less_dexterity(carrying: bool, hit: bool) -> None:
    # src 1021: exceeding encumbrance "imposes a -1 to Ath, -1 to Dex"; carrying a person is two added
    # encumbrance. Vic (Brawn 1, Dexterity 4): his knife, 3 + 1 = 4, hits the brute's DS 4; carrying
    # Max (2 > 1) the same die is 3 + 0 = 3 and misses.
    vic = {**sheet("vic", "Vic", brawn=1, dexterity=4), "held": [KNIFE]}
    d = table()
    add(d, "ann", vic)
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("brute", "Brute", "notable"))
    if carrying:
        d.do("gm", "ruling", character="vic", text="Vic shoulders Max", carrying=["max"])
    d.do("gm", "start_combat", dice=[6, 1, 1])
    _to(d, "vic")
    d.do("ann", "attack", character="vic", target="brute", weapon="Knife", stat="dexterity", dice=[3])
    assert (d.state.attack is not None) is hit


# -- banked grapple points (src 936-940) -----------------------------------------------------------


@pytest.mark.rules("WD-GRAPPLE-004", "WD-GRAPPLE-008")
def test_points_held_last_round_pay_for_a_wrest_this_round() -> None:
    # src 940: Hold, "Save the difference in points for next round"; src 976: Wrest costs 3. Round one:
    # Vic 6 + 2 = 8 against 2: six points held. Round two: Vic 3 + 2 = 5 against the thug's 4: a margin
    # of 1, with the six saved: the wrest is paid for and Vic has the knife.
    d = _wrestle(thug={**sheet("thug", "Thug", "generic"), "held": [KNIFE]})
    d.do("ann", "grapple", character="vic", target="thug", dice=[6, 2])
    assert d.state.grapples["vic>thug"].banked == 6
    d.do("ann", "end_turn", character="vic")
    _to(d, "vic")
    d.do("ann", "grapple", character="vic", target="thug", option="wrest", points=3, dice=[3, 4])
    assert [i.name for i in d.state.sheet("vic").held] == ["Knife"]


@pytest.mark.rules("WD-GRAPPLE-003", "WD-GRAPPLE-008")
def test_a_held_thug_loses_his_ds__max_hits_him_with_a_1() -> None:
    # src 932: "Holding someone means they lose DS" (PROPOSED WD-GRAPPLE-006: DS 0). Max's fist, a 1:
    # 1 + 0 against DS 0 lands on the held thug.
    d = _wrestle()
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "attack", character="max", target="thug", dice=[1, 1])
    assert _wounds(d, "thug") == [WoundTier.LESSER]


# -- resting (src 398, 1004-1006) -------------------------------------------------------------------


def _vic_spent(**stats: int) -> Driver:
    """Vic (Ann's) first against a generic thug, having dodged twice (two Focus spent) before."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", **stats))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight.turn.actor == "vic"
    people = dict(d.state.people)
    vic = people["vic"]
    effort, _ = vic.effort.drain(d.state.sheet("vic"), Pool.FOCUS, 2)
    effort2, _ = effort.drain(d.state.sheet("vic"), Pool.STAMINA, 1)
    people["vic"] = vic.model_copy(update={"effort": effort2})
    d.patch(people=people)
    assert _avail(d, "vic", Pool.FOCUS) == 1
    return d


@pytest.mark.rules("WD-REST-002", "WD-EFFORT-008")
def test_a_full_rest_restores_two_dots_to_one_pool() -> None:
    # src 1006: a full rest: "recover either one dot to all three categories of effort, or two dots to
    # one category". Two Focus spent: both come back.
    d = _vic_spent()
    d.do("ann", "rest", character="vic", full=True, restore=["focus", "focus"], dice=[1])
    assert _avail(d, "vic", Pool.FOCUS) == 3


@pytest.mark.rules("WD-REST-002", "WD-EFFORT-008")
def test_a_full_rest_restores_one_dot_to_each_pool() -> None:
    # src 1006: "one dot to all three categories": a Focus and the Stamina come back
    d = _vic_spent()
    d.do("ann", "rest", character="vic", full=True, restore=["focus", "stamina", "recovery"], dice=[1])
    assert _avail(d, "vic", Pool.FOCUS) == 2
    assert _avail(d, "vic", Pool.STAMINA) == 3


@pytest.mark.rules("WD-REST-001", "WD-EFFORT-008")
def test_a_rest_action_restores_only_one_dot() -> None:
    # src 1004: resting as an action restores "a dot of any kind of effort": two are refused
    d = _vic_spent()
    d.refuse("ann", "rest", character="vic", restore=["focus", "focus"], dice=[1])
    d.do("ann", "rest", character="vic", restore=["focus"], dice=[1])
    assert _avail(d, "vic", Pool.FOCUS) == 2


# -- encumbrance on the move (src 880, 890, 1021) ---------------------------------------------------


@pytest.mark.rules("WD-EQUIP-006", "WD-MOVE-005")
@pytest.mark.parametrize("feet", [45, 50])
def test_over_encumbered_vics_sprint_rolls_one_less_athletics(feet: int) -> None:
    # src 1021: over encumbrance, "-1 to Ath ... and a further -5' to total movement": Vic (Athletics 3,
    # Brawn 1, carrying Max) moves 20 ft a move, 40 sprinting; src 890: the sprint's Athletics roll
    # "move 5' further on a 4+ and 10' further on a 6+": a 6 on Athletics 2 is a 5: 5 ft more, 45 ft.
    # Asked for 50, the roll stands and carries him 45 (wdfix7: a move's dice are never re-rolled).
    d = _vic_carries_max({**sheet("vic", "Vic", brawn=1)})
    d.do("ann", "move", character="vic", feet=feet, sprint=True, dice=[6])
    assert d.state.fight.turn.moved == 45


@pytest.mark.rules("WD-STATUS-009", "WD-MOVE-001")
def test_knocked_down_with_athletics_5_rising_takes_20_of_his_40_ft() -> None:
    # src 850: the knocked-down "can't rise without a movement action (taking up half the movement)";
    # src 880: Athletics 5 moves 40 ft. Rising, Vic has 20 ft left of that move.
    d = table()
    add(d, "ann", sheet("vic", "Vic", athletics=5))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    people = dict(d.state.people)
    people["vic"] = people["vic"].model_copy(update={"conditions": (condition(Status.KNOCKED_DOWN, "vic"),)})
    d.patch(people=people)
    d.refuse("ann", "move", character="vic", feet=25, stand=True, rule="WD-MOVE-001")
    d.do("ann", "move", character="vic", feet=20, stand=True)


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-009")
def test_a_restrain_bought_from_a_margin_of_6_banks_the_other_5() -> None:
    # src 936: options "bought" with the difference, "one per turn, excepting Hold"; src 940: Hold,
    # "Save the difference in points for next round ... always doable with remaining values". Vic 8
    # against 2: Restrain (1), five held over.
    d = _wrestle()
    d.do("ann", "grapple", character="vic", target="thug", option="restrain", points=1, dice=[6, 2])
    hold = d.state.grapples["vic>thug"]
    assert hold.restrained and hold.banked == 5


@pytest.mark.rules("WD-GRAPPLE-009", "WD-GRAPPLE-004")
def test_points_held_over_do_not_save_a_round_the_thug_wins() -> None:
    # src 932: "If the defender wins, they may spend Focus on an attack of opportunity or else go
    # straight to a hold"; PROPOSED (WD-GRAPPLE-009): banked points add to the holder's margin only if
    # the holder wins, lost if he loses. Six held; round two Vic 1 + 2 = 3 against the thug's 6: the
    # thug wins and is free of Vic, the six points gone with the grapple.
    d = _wrestle()
    d.do("ann", "grapple", character="vic", target="thug", dice=[6, 2])
    d.do("ann", "end_turn", character="vic")
    _to(d, "vic")
    d.do("ann", "grapple", character="vic", target="thug", dice=[1, 6])
    assert "vic>thug" not in d.state.grapples


def _brute_swings_at_vic(carrying: bool) -> Driver:
    """Vic (Ann's, Brawn 1) perhaps shouldering Max; the brute (notable, Brawn 4) acts first and
    swings at Vic, 4 + 1 = 5: a hit on DS 4 waiting on Vic's answer."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=1))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=4))
    if carrying:
        d.do("gm", "ruling", character="vic", text="Vic shoulders Max", carrying=["max"])
    d.do("gm", "start_combat", dice=[1, 2, 6])  # the brute 12, Max 8, Vic 7 (6 carrying)
    _to(d, "brute")
    d.do("gm", "attack", character="brute", target="vic", dice=[4])
    return d


@pytest.mark.rules("WD-EQUIP-006", "WD-COMBAT-019")
@pytest.mark.parametrize(("carrying", "dodged"), [(False, True), (True, False)])
def test_over_encumbered_vic_dodges_on_one_less_athletics(carrying: bool, dodged: bool) -> None:
    # src 590: Dodge, "Defender rolls Athletics. If equal to or better than the attack roll, the attack
    # is ignored"; src 1021: over encumbrance, "-1 to Ath". The brute's 5: Vic's 5 (Athletics 3)
    # equals it and dodges; carrying Max his 5 - 1 = 4 falls short and the blow lands.
    d = _brute_swings_at_vic(carrying)
    d.answer("ann", "react-vic", "dodge", dice=[5] if dodged else [5, 1])  # a landed blow: effect 1
    assert (_wounds(d, "vic") == []) is dodged


@pytest.mark.rules("WD-EQUIP-006", "WD-STAT-007", "WD-COMBAT-004")
@pytest.mark.parametrize(("carrying", "first"), [(False, "vic"), (True, "thug")])
def test_over_encumbered_vic_is_slower_off_the_mark(carrying: bool, first: str) -> None:
    # src 545: speed is Athletics + Dexterity (+ skills) and a d6; src 1021: over encumbrance, "-1 to
    # Ath, -1 to Dex". Vic's 3 + 3 + 4 = 10 beats the generic thug's 9; carrying Max, 2 + 2 + 4 = 8 does
    # not.
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=1))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    if carrying:
        d.do("gm", "ruling", character="vic", text="Vic shoulders Max", carrying=["max"])
    d.do("gm", "start_combat", characters=["vic", "thug"], dice=[4])
    assert d.state.fight.order.order[0] == first


@pytest.mark.rules("WD-GRAPPLE-010")
def test_vic_punching_the_thug_he_holds_breaks_his_own_grapple() -> None:
    # src 990: "Grapples can be broken apart by one person wounding another" (WD-GRAPPLE-010: one
    # participant wounding the other). Vic grabs the thug and, with his second action, punches him:
    # 1 + 2 = 3 against the held thug's DS 0 lands a lesser wound, and the grapple is over.
    d = _wrestle()
    d.do("ann", "attack", character="vic", target="thug", dice=[1, 1])
    assert _wounds(d, "thug") == [WoundTier.LESSER]
    assert "vic>thug" not in d.state.grapples


@pytest.mark.rules("WD-GRAPPLE-010")
def test_max_wounding_the_thug_vic_holds_leaves_the_grapple() -> None:
    # src 990: the wound breaks a grapple between its two participants; Max is no party to Vic's hold.
    # Lesser Bash 5 ("drops held item", nothing held): an effect 1 would knock the thug back 5 ft and
    # out of the hold (src 652), which is no test of the wound.
    d = _wrestle()
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "attack", character="max", target="thug", dice=[1, 5])
    assert _wounds(d, "thug") == [WoundTier.LESSER]
    assert "vic>thug" in d.state.grapples


# -- Wait: the trigger that never comes (src 994) ---------------------------------------------------


def _vic_waits_for_the_thug() -> Driver:
    """Vic (Ann's) 12, Max (Bob's) 11, a generic thug (Guts 1) 9: Vic spends Focus to wait for the
    thug, so the order is Max, Vic, thug and Max acts now."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic", guts=1))
    d.do("gm", "start_combat", dice=[6, 5])
    d.do("ann", "wait", character="vic", trigger="thug")
    assert d.state.fight.order.order == ("max", "vic", "thug")
    assert d.state.fight.turn.actor == "max"
    return d


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028")
def test_a_wait_for_a_thug_who_is_dropped_first_lapses__vic_loses_the_turn() -> None:
    # src 994: the waiter declares the expected action; "When the expected action happens, they take
    # their turn". PROPOSED (WD-COMBAT-028, wait_expiry = forfeit): a trigger that never comes this
    # round costs the waiting turn. Max's 6 drops the thug (Guts 1) before his turn: the thug never
    # acts, so Vic does not either, and round 2 opens with Max.
    d = _vic_waits_for_the_thug()
    d.do("bob", "attack", character="max", target="thug", dice=[6])
    assert d.state.people["thug"].track.standing.value != "up"
    d.do("bob", "end_turn", character="max")
    assert d.state.fight.turn.actor == "max"
    assert d.state.fight.order.round == 2
    assert "Round 2: Max's turn. Ended: Vic's wait for Thug." in d.words()


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028")
def test_a_wait_whose_trigger_comes_gives_vic_his_turn_before_the_thugs() -> None:
    # src 994: the thug is up when his turn comes: Vic acts "just before the target individual"
    d = _vic_waits_for_the_thug()
    d.do("bob", "end_turn", character="max")
    assert d.state.fight.turn.actor == "vic"
    d.do("ann", "end_turn", character="vic")
    assert d.state.fight.turn.actor == "thug"


@pytest.mark.rules("WD-COMBAT-028")
def test_the_lapsed_waiter_takes_his_turn_next_round_in_his_new_place() -> None:
    # PROPOSED (WD-COMBAT-028): "the new slot persists for later rounds"; only that round's wait lapses.
    # Round 2: Max, then Vic (the thug is out).
    d = _vic_waits_for_the_thug()
    d.do("bob", "attack", character="max", target="thug", dice=[6])
    d.do("bob", "end_turn", character="max")
    d.do("bob", "end_turn", character="max")
    assert d.state.fight.turn.actor == "vic"


@pytest.mark.rules("WD-COMBAT-028")
def test_a_wait_left_pending_when_the_fight_ends_is_gone_with_it() -> None:
    # src 994: a Wait readies an action in this fight's turn order; the fight over, nothing is waited
    # for (a mark left behind would cost Vic a turn in the next fight).
    d = _vic_waits_for_the_thug()
    d.do("gm", "end_combat", lull=False)
    assert "waiting" not in [c.name for c in d.state.people["vic"].conditions]


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028")
def test_after_a_lapsed_wait_the_goon_acts_next__max_cannot_wait_for_him() -> None:
    # src 994: Vic waits for the thug (order Max, Vic, thug, goon); Max drops the thug. Vic's wait will
    # lapse (WD-COMBAT-028 PROPOSED, forfeit) and the thug is out, so the goon acts right after Max:
    # a Wait for the goon is refused as pointless (WD-COMBAT-027), and Max's end of turn hands the turn
    # to the goon, not to Vic.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic", guts=1))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=1))
    d.do("gm", "start_combat", dice=[6, 5])  # Vic 12, Max 11, the thug 9, the goon 7
    d.do("ann", "wait", character="vic", trigger="thug")
    assert d.state.fight.order.order == ("max", "vic", "thug", "goon")
    d.do("bob", "attack", character="max", target="thug", dice=[6])
    d.refuse("bob", "wait", character="max", trigger="goon", rule="WD-COMBAT-027")
    d.do("bob", "end_turn", character="max")
    assert d.state.fight.turn.actor == "goon"


@pytest.mark.rules("WD-GRAPPLE-006", "WD-COMBAT-019")
@pytest.mark.parametrize(("face", "dodged"), [(2, True), (1, False)])
def test_a_held_boss_has_no_ds_but_may_still_dodge_with_focus(face: int, dodged: bool) -> None:
    # src 932: "Holding someone means they lose DS"; PROPOSED (WD-GRAPPLE-006): DS 0, "reactions
    # still allowed if Focus available"; src 590: a Dodge equal to or better than the attack ignores
    # it. Max's fist 2 + 0 hits the held boss; his Dodge (Athletics 3) of 2 ties and wins, a 1 fails.
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("boss", "Boss", "notable"))
    d.do("gm", "start_combat", dice=[6, 5, 1])  # Vic 12, Max 11, the boss 7
    d.do("ann", "grab", character="vic", target="boss", dice=[6])
    d.answer("gm", "react-boss", "take")
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "attack", character="max", target="boss", dice=[2])
    d.answer("gm", "react-boss", "dodge", dice=[face] if dodged else [face, 1])
    assert (_wounds(d, "boss") == []) is dodged
    # src 590: a dodge lets the defender "move 5'", but src 990: only winning the grapple frees him
    # (and Max's wound is no participant's): held either way
    assert "vic>boss" in d.state.grapples


def _second_round(d: Driver) -> None:
    """Round one of Vic's hold on the thug: 6 + 2 against 2, six points held; then round two comes."""
    d.do("ann", "grapple", character="vic", target="thug", dice=[6, 2])
    d.do("ann", "end_turn", character="vic")
    _to(d, "vic")


@pytest.mark.rules("WD-GRAPPLE-008")
@pytest.mark.parametrize(("option", "feet", "points"), [("throw", 20, 3), ("push", 15, 4), ("drag", 15, 2)])
def test_no_throw_past_15_ft__no_push_or_drag_past_10(option: str, feet: int, points: int) -> None:
    # src 950: Drag "5 to 10'"; src 956: Push "5' to 10'"; src 962: Throw "5' to 15'". Round two, with
    # points to spare (6 held + a margin of 4), the longer distances are still refused.
    d = _wrestle()
    _second_round(d)
    d.refuse(
        "ann",
        "grapple",
        character="vic",
        target="thug",
        option=option,
        points=points,
        feet=feet,
        dice=[6, 4],
        rule="WD-GRAPPLE-008",
    )
    assert "vic>thug" in d.state.grapples


@pytest.mark.rules("WD-GRAPPLE-008", "WD-EFFORT-001")
def test_a_second_choke_on_a_notable_with_one_stamina_left_takes_athletics() -> None:
    # src 980: Choke, "Target loses one Stamina, takes 1 damage to Athletics score if they have none".
    # The boss (Athletics 2) has one Stamina dot left: the first choke takes it; the second, a round
    # later, finds none and takes a point of Athletics (2 -> 1).
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", sheet("boss", "Boss", "notable", athletics=2))
    d.do("gm", "start_combat", dice=[6, 1])
    assert d.state.fight.turn.actor == "vic"
    people = dict(d.state.people)
    effort, _ = people["boss"].effort.drain(d.state.sheet("boss"), Pool.STAMINA, 1)
    people["boss"] = people["boss"].model_copy(update={"effort": effort})
    d.patch(people=people)
    d.do("ann", "grab", character="vic", target="boss", dice=[6])
    d.answer("gm", "react-boss", "take")
    d.do("ann", "grapple", character="vic", target="boss", option="choke", points=2, dice=[6, 2])
    assert _avail(d, "boss", Pool.STAMINA) == 0
    assert d.state.sheet("boss").stat(Stat.ATHLETICS) == 2
    d.do("ann", "end_turn", character="vic")
    _to(d, "vic")
    d.do("ann", "grapple", character="vic", target="boss", option="choke", points=2, dice=[6, 2])
    assert d.state.sheet("boss").stat(Stat.ATHLETICS) == 1


# -- morale caps the defence too (src 453, 481) -------------------------------------------------------


@pytest.mark.rules("WD-MORALE-002", "WD-COMBAT-019")
@pytest.mark.parametrize(("morale", "dodged"), [(-1, True), (-2, False)])
def test_dandelion_capped_at_5_cannot_match_a_6(morale: int, dodged: bool) -> None:
    # src 481: Dandelion's morale falls to '5': "Her opponent rolls a 6 and she can't match that"; src
    # 453: results "(after modifiers are added from stats) will be capped". The brute's 6 + 0 = 6 hits
    # Vic; Vic's Dodge 6 (Athletics 3) at a cap of 6 (one step low) matches it; two steps low, 5 does not.
    d = table()
    add(d, "gm", sheet("vic", "Vic"), morale=morale, owner="ann")
    add(d, "gm", sheet("brute", "Brute", "notable"))
    d.do("gm", "start_combat", dice=[1, 6])  # the brute 12, Vic 7
    d.do("gm", "attack", character="brute", target="vic", dice=[6])
    d.answer("ann", "react-vic", "dodge", dice=[6] if dodged else [6, 1])
    assert (_wounds(d, "vic") == []) is dodged


@pytest.mark.rules("WD-GRAPPLE-008", "WD-EQUIP-002")
def test_a_wrest_of_a_fire_axe_with_a_knife_in_hand_drops_the_axe() -> None:
    # src 974: Wrest, "As Disarm, but you keep it"; src 1015: "two small items or one large one". Vic
    # holds a knife; the thug's fire axe is large and needs both hands: it falls beside the thug.
    axe = {"name": "Fire axe", "damage": "cut", "tier": 2, "size": "large"}
    d = _wrestle(
        vic={**sheet("vic", "Vic", brawn=5), "held": [KNIFE]},
        thug={**sheet("thug", "Thug", "generic"), "held": [axe]},
    )
    d.do("ann", "grapple", character="vic", target="thug", option="wrest", points=3, dice=[6, 2])
    assert [i.name for i in d.state.sheet("vic").held] == ["Knife"]
    assert d.state.sheet("thug").held == ()
    assert [i.name for i in d.state.sheet("thug").dropped] == ["Fire axe"]


# -- a destroyed Supply spills its material (src 1111) -------------------------------------------------


@pytest.mark.rules("WD-EQUIP-015", "WD-WFX-019")
def test_a_destroyed_supply_drops_its_contents_at_vics_feet() -> None:
    # src 1111: Standard Supply, "If destroyed, drops contents at the wearer's feet" (so the power can
    # still draw on it there, within 5'). The brute's Moderate Rend (effect 6) names Vic's two pieces;
    # Vic gives up the supply: the table says where its material went.
    pieces = {"pieces": [{"key": "supply", "cell": [1, 1]}, {"key": "icon", "cell": [0, 0]}]}
    d = table()
    add(d, "ann", {**sheet("vic", "Vic"), "costume": pieces})
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])
    d.do("gm", "attack", character="brute", target="vic", tier="moderate", damage="rend", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[6])
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("ann", "effect_choice", character="vic", key="lost", picks=["supply-11"])
    supply = d.state.sheet("vic").costume.at((1, 1))
    assert supply is not None and supply.destroyed
    assert "its contents spill at Vic's feet" in d.words()[-1]
