"""Referee pass 11 over Weaverdice part 1: the seed's least-cited combat sections (defense scores by
tier, cover arcs, lengthy actions, the wound track's stay-up and dying, statuses, terrain and falls,
gear and costume, effects by damage type), each situation written from the seed
(``/work/shared/seeds/000_*.txt``, cited "src N") before reading the table's code, then played
through the table with given dice.

Where the seed is silent the expected outcome is the inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import DiceValueError, NotPermitted
from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Pool, Status, WoundTier
from capeworks.systems.weaverdice.wounds import Standing, Wound
from tests.systems.weaverdice.helpers import add, sheet, table

_SEATS = {"vic": "ann", "max": "bob", "thug": "gm", "brute": "gm", "mom": "gm", "goon": "gm"}


def _avail(d: Driver, ident: str, pool: Pool) -> int:
    return int(d.state.people[ident].effort.available(d.state.sheet(ident), pool))


def _tiers(d: Driver, ident: str) -> list[WoundTier]:
    return [w.tier for w in d.state.people[ident].track.wounds]


def _statuses(d: Driver, ident: str) -> list[Status | str]:
    return [c.name for c in d.state.people[ident].conditions]


def _with(d: Driver, ident: str, *statuses: Status) -> None:
    """Set-up: ``ident`` already suffers ``statuses`` (as an earlier effect would have left them)."""
    people = dict(d.state.people)
    c = people[ident]
    people[ident] = c.model_copy(
        update={"conditions": (*c.conditions, *(condition(s, ident) for s in statuses))}
    )
    d.patch(people=people)


def _hurt(d: Driver, ident: str, *tiers: WoundTier) -> None:
    """Set-up: ``ident`` already carries wounds of ``tiers`` (plain ones, no effect left attached)."""
    people = dict(d.state.people)
    c = people[ident]
    wounds = tuple(Wound(tier=t, id=f"w{i + 1}") for i, t in enumerate(tiers))
    people[ident] = c.model_copy(
        update={"track": c.track.model_copy(update={"wounds": wounds}), "wounds_made": len(wounds)}
    )
    d.patch(people=people)


def _refuse(d: Driver, seat: str, command: str, /, **fields: Any) -> None:
    """``d.refuse`` that a dice mismatch cannot satisfy: the refusal must be the rules'."""
    err = d.refuse(seat, command, **fields)
    assert not isinstance(err, DiceValueError), err.message


def _pass_to(d: Driver, ident: str) -> None:
    """End turns until ``ident``'s comes."""
    while d.state.fight.turn.actor != ident:
        actor = d.state.fight.turn.actor
        d.do(_SEATS[actor], "end_turn", character=actor)


def _vic_first(vic: dict[str, Any] | None = None, thug: dict[str, Any] | None = None) -> Driver:
    """Vic (Ann's PC) against a generic thug; Vic acts first (Vic 6 + 6 = 12, the thug 6 + 3 = 9)."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic"))
    add(d, "gm", thug or sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight.turn.actor == "vic"
    return d


def _thug_first(vic: dict[str, Any] | None = None, thug: dict[str, Any] | None = None) -> Driver:
    """The thug acts before Vic (the thug 6 + 3 = 9, Vic 6 + 1 = 7)."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic"))
    add(d, "gm", thug or sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[1])
    assert d.state.fight.turn.actor == "thug"
    return d


# -- defense scores by tier (src 596, 304, 306) -------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-018", "WD-NPC-005", "WD-WOUND-012")
def test_a_bystander_is_hit_on_a_2_and_goes_down() -> None:
    # src 596: "At a score of 2, attackers need a 2+ to hit the target, representative of civilians";
    # src 306: bystanders "if they're hit, they go down". Vic swings: 2 + 0 = 2 >= 2.
    d = _vic_first()
    add(d, "gm", sheet("mom", "Mom", "bystander"))
    d.do("gm", "join_combat", characters=["mom"])
    d.do("ann", "attack", character="vic", target="mom", dice=[2])
    assert not d.state.people["mom"].active


@pytest.mark.rules("WD-COMBAT-018", "WD-CORE-007")
def test_a_nameless_generic_needs_a_3_so_a_2_misses() -> None:
    # src 596: "A 3 requires a 3+ and suits most individuals who aren't important enough to get names."
    d = _vic_first()
    d.do("ann", "attack", character="vic", target="thug", dice=[2])
    assert _tiers(d, "thug") == []


@pytest.mark.rules("WD-NPC-004", "WD-WOUND-012")
def test_a_generic_drops_at_guts_wounds_without_a_stay_up_roll() -> None:
    # src 304: generics "If they suffer wounds equal to their Guts stat ... they drop unconscious"; no
    # stay-up check as a PC's (src 794). Thug Guts 2 already carries a lesser; Vic hits (5 >= 3), the
    # next die (6) is the effect's, not a Guts check that a 6 would pass.
    d = _vic_first(thug=sheet("thug", "Thug", "generic", guts=2))
    _hurt(d, "thug", WoundTier.LESSER)
    d.do("ann", "attack", character="vic", target="thug", dice=[5])
    assert not d.state.people["thug"].active


# -- cover by arc (src 600) ---------------------------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-022")
@pytest.mark.parametrize(
    ("cover", "angle", "die", "hits"),
    [
        ("narrow", 60, 4, True),  # narrow cover guards the front 90 degrees only: 60 off the front is open
        ("narrow", 30, 4, False),  # within 45 of the front: DS 4 + 1 = 5 > 4
        ("regular", 60, 4, False),  # regular cover guards the front 180: DS 5
        ("regular", 120, 4, True),  # from behind: no cover
        ("full", 60, 5, False),  # full cover: +2, DS 6 > 5
        ("full", 60, 6, True),  # 6 >= 6
    ],
)
def test_cover_guards_its_arc_and_no_further(cover: str, angle: int, die: int, hits: bool) -> None:
    # src 600: cover "provide[s] 1 defense against all attacks coming from the front 180 degrees";
    # narrow cover "protects only the front 90 degrees"; full cover "provides 2 defense instead".
    d = _thug_first()
    d.do(
        "gm",
        "attack",
        character="thug",
        target="vic",
        melee=False,
        stat="dexterity",
        cover=cover,
        angle=angle,
        dice=[die],
    )
    assert (d.state.attack is not None) is hits


# -- Dodge and Block (src 590-592) --------------------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-020", "WD-CORE-008")
def test_a_dodge_that_ties_the_attack_ignores_it() -> None:
    # src 590: "If equal to or better than the attack roll, the attack is ignored". 5 vs 5.
    d = _thug_first()
    d.do("gm", "attack", character="thug", target="vic", dice=[5])
    d.answer("ann", "react-vic", "dodge", dice=[5])
    assert _tiers(d, "vic") == []
    assert _avail(d, "vic", Pool.FOCUS) == 2


@pytest.mark.rules("WD-COMBAT-021")
def test_a_block_against_a_shot_keeps_the_shooter_in_its_place() -> None:
    # src 592: a held Block makes the damage superficial "& melee attackers move down one spot in the
    # turn order". The thug shoots (5 + 0 = 5); Vic blocks 5 + 0 = 5: superficial; a shooter is no
    # melee attacker, so next round the thug still acts first.
    d = _thug_first()
    d.do("gm", "attack", character="thug", target="vic", melee=False, stat="dexterity", dice=[5])
    d.answer("ann", "react-vic", "block", dice=[5])
    assert _tiers(d, "vic") == []
    _pass_to(d, "vic")
    d.do("ann", "end_turn", character="vic")
    assert d.state.fight.order.round == 2
    assert d.state.fight.turn.actor == "thug"


@pytest.mark.rules("WD-COMBAT-021")
def test_a_block_against_a_swing_drops_the_swinger_a_place() -> None:
    # src 592, as above, for a melee swing: next round Vic acts before the thug.
    d = _thug_first()
    d.do("gm", "attack", character="thug", target="vic", dice=[5])
    d.answer("ann", "react-vic", "block", dice=[5])
    _pass_to(d, "vic")
    d.do("ann", "end_turn", character="vic")
    assert d.state.fight.order.round == 2
    assert d.state.fight.turn.actor == "vic"


# -- actions in a turn (src 551-570, 580-584) ---------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-008")
def test_a_third_standard_action_is_refused() -> None:
    # src 551: "Players often make two actions a turn." Two moves, then an attack is one too many.
    d = _vic_first()
    d.do("ann", "move", character="vic", feet=10)
    d.do("ann", "move", character="vic", feet=10)
    _refuse(d, "ann", "attack", character="vic", target="thug", dice=[6], rule="WD-COMBAT-008")


@pytest.mark.rules("WD-COMBAT-011")
def test_a_second_quick_action_in_a_turn_is_refused() -> None:
    # src 570: quick actions "should be kept to one a turn at most".
    d = _vic_first()
    d.do("ann", "act", character="vic", action="shout a warning", kind="quick")
    _refuse(d, "ann", "act", character="vic", action="grab the keys", kind="quick", rule="WD-COMBAT-011")


@pytest.mark.rules("WD-COMBAT-013", "WD-CORE-006")
def test_a_lengthy_roll_takes_both_actions_and_rolls_add_up_across_people() -> None:
    # src 580: lengthy actions "take up both actions for the turn"; "a 10 to stop a teammate from
    # hemorrhaging"; src 582: "all contribute to the total, with multiple people potentially adding".
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6, 5])  # Vic 12, Max 11, the thug 9
    d.do("gm", "call_check", character="vic", stat=["dexterity"], dc=10, task="stop the bleeding")
    call = max(d.state.calls)
    d.do("ann", "check", character="vic", call=call, dice=[6])  # 6
    _refuse(d, "ann", "move", character="vic", feet=5, rule="WD-COMBAT-008")
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "check", character="max", call=call, dice=[4])  # 6 + 4 = 10 >= 10
    assert call not in d.state.calls


@pytest.mark.rules("WD-COMBAT-014")
def test_a_failed_concentration_check_stops_the_lengthy_task_till_the_gm_resumes_it() -> None:
    # src 582: "If attacked or interrupted midway ... a Knowledge check ... On a failed knowledge check,
    # they stop and can't resume the action on their next turn". Vic starts a hack (DC 12), a shove
    # interrupts (4+): Knowledge 3, 2 + 0 = 2 fails; on Vic's next turn the hack is refused.
    d = _vic_first()
    d.do("gm", "call_check", character="vic", stat=["knowledge"], dc=12, task="hack the door")
    call = max(d.state.calls)
    d.do("ann", "check", character="vic", call=call, dice=[4])
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "call_check", character="vic", stat=["knowledge"], tn=4, interrupts=True)
    d.do("ann", "check", character="vic", call=max(d.state.calls), dice=[2])
    d.do("gm", "end_turn", character="thug")
    _refuse(d, "ann", "check", character="vic", call=call, dice=[6])


# -- the wound track: staying up, waking, dying (src 610, 794-800) ------------------------------------


def _settle(d: Driver, seat: str) -> None:
    """Answer every open effect prompt of ``seat`` with no spend (no Recovery to ignore it)."""
    for p in d.prompts(seat):
        if p.kind == "effect":
            d.answer(seat, p.id, "none")


@pytest.mark.rules("WD-WOUND-005", "WD-WOUND-006")
def test_the_second_stay_up_check_carries_a_minus_one_and_failing_it_with_a_lesser_knocks_out() -> None:
    # src 794: "must make a 3+ Guts check to stay in the fight, and any time they take a wound thereafter
    # they'll need to check again, with a -1 for each time they've rolled"; "If any of the spots have
    # lesser wounds, the individual who fails the roll falls unconscious". Vic (Guts 3) carries two
    # lessers; the thug's punch fills the track: 3 + 0 = 3 stays up. The next punch (a moderate: it
    # displaces a lesser) asks again at -1: 3 + 0 - 1 = 2 < 3, and a lesser is still on the track.
    d = _thug_first()
    _hurt(d, "vic", WoundTier.LESSER, WoundTier.LESSER)
    d.do("gm", "attack", character="thug", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[3, 1])  # stay-up 3; Lesser Bash 1: knocked back 5 ft
    _settle(d, "ann")
    assert d.state.people["vic"].track.standing is Standing.UP
    d.do("gm", "attack", character="thug", target="vic", tier="moderate", damage="pierce", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[3, 1])  # stay-up 3 - 1 = 2; Moderate Pierce 1: none
    _settle(d, "ann")
    assert d.state.people["vic"].track.standing is Standing.UNCONSCIOUS


@pytest.mark.rules("WD-WOUND-008", "WD-WOUND-010", "WD-CORE-006")
def test_an_ally_rouses_the_unconscious_with_a_medical_total_of_8() -> None:
    # src 794: "teammates make a lengthy Medical check to rouse them, with a difficulty of 8"; src 610:
    # medical checks are "(Dex & Know)". Max (Dex 3, Know 3) rolls 5 then 3: 8, Vic wakes.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[1, 6])  # Max 12, the thug 9, Vic 7
    _hurt(d, "vic", WoundTier.LESSER, WoundTier.LESSER, WoundTier.LESSER)
    people = dict(d.state.people)
    people["vic"] = people["vic"].model_copy(
        update={"track": people["vic"].track.model_copy(update={"standing": Standing.UNCONSCIOUS})}
    )
    d.patch(people=people)
    d.do("bob", "medical", character="max", patient="vic", dice=[5])
    assert d.state.people["vic"].track.standing is Standing.UNCONSCIOUS
    d.do("bob", "end_turn", character="max")
    _pass_to(d, "max")
    d.do("bob", "medical", character="max", patient="vic", dice=[3])
    assert d.state.people["vic"].track.standing is Standing.UP


@pytest.mark.rules("WD-WOUND-009")
def test_the_dying_who_are_not_saved_in_three_rounds_die() -> None:
    # src 796: "If neither is successful before three rounds pass, they die." Vic (Guts 2) with two
    # moderates fails the stay-up check on a third (1 + 0 = 1): dying in round 1; at the end of round 3
    # Vic is dead, and not before.
    d = _thug_first(sheet("vic", "Vic", guts=2))
    _hurt(d, "vic", WoundTier.MODERATE)
    d.do("gm", "attack", character="thug", target="vic", tier="moderate", damage="pierce", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[1, 1])
    _settle(d, "ann")
    assert d.state.people["vic"].track.standing is Standing.DYING
    for _ in range(2):  # the dying take no turns (src 563): one end of turn ends a round
        d.do("gm", "end_turn", character="thug")
    assert d.state.fight.order.round == 3
    assert d.state.people["vic"].track.standing is Standing.DYING
    d.do("gm", "end_turn", character="thug")
    assert d.state.people["vic"].track.standing is Standing.DEAD


# -- movement and terrain (src 880-890) ---------------------------------------------------------------


@pytest.mark.rules("WD-STAT-008", "WD-MOVE-001")
def test_athletics_2_moves_25_ft_not_30() -> None:
    # src 880: 30 ft a round, "lower Athletics will lower it by the same measure" (5 ft a point).
    d = _vic_first(sheet("vic", "Vic", athletics=2))
    _refuse(d, "ann", "move", character="vic", feet=30)
    d.do("ann", "move", character="vic", feet=25)


@pytest.mark.rules("WD-MOVE-002")
def test_a_climb_costs_three_times_and_counts_against_the_move() -> None:
    # src 883: "Climb ... at three times the effort (15' of movement to scale 5')". 10 ft of fence is
    # 30 ft of movement: all of Vic's; 5 ft of ground first is 35, too much.
    d = _vic_first()
    _refuse(d, "ann", "move", character="vic", feet=5, climb=10)
    d.do("ann", "move", character="vic", feet=0, climb=10)


@pytest.mark.rules("WD-MOVE-002")
def test_rubble_costs_twice() -> None:
    # src 882: "Cross uneven ground ... at twice the effort (10' of movement to cross 5' of ground)".
    # 10 ft of street and 10 ft of rubble: 10 + 20 = 30; 15 ft of rubble after it: 10 + 30 = 40.
    d = _vic_first()
    _refuse(d, "ann", "move", character="vic", feet=10, uneven=15)
    d.do("ann", "move", character="vic", feet=10, uneven=10)


@pytest.mark.rules("WD-MOVE-002")
def test_a_horizontal_jump_needs_10_ft_of_run_up() -> None:
    # src 884: "Jump 5' at the cost of 10' of movement.  Needs 10' of lead-up for horizontal jumps."
    d = _vic_first()
    _refuse(d, "ann", "move", character="vic", feet=5, jump=5)
    d.do("ann", "move", character="vic", feet=10, jump=5)


@pytest.mark.rules("WD-MOVE-007", "WD-MOVE-005")
def test_a_sprint_never_carries_past_two_and_a_half_moves() -> None:
    # src 890: "movement can never carry one more than 2.5x their baseline movement". Athletics 3:
    # 75 ft at most, whatever the dice; 80 ft is refused before a die is rolled.
    d = _vic_first()
    _refuse(d, "ann", "move", character="vic", feet=80, sprint=True, push=True)


@pytest.mark.rules("WD-EQUIP-006", "WD-EQUIP-011")
def test_low_tier_armor_weighs_double_and_tips_a_weak_wearer_over() -> None:
    # src 1036: Low Tier Armor "has double the encumbrance"; src 1021: "Characters have a total
    # encumbrance equal to their brawn. Exceeding this imposes a -1 to Ath, -1 to Dex, and a further
    # -5' to total movement." Brawn 1: the low armor's 2 is over; 30 - 5 (Athletics 2) - 5 = 20 ft.
    vic = {**sheet("vic", "Vic", brawn=1), "costume": {"pieces": [{"key": "low_armor", "cell": [0, 0]}]}}
    d = _vic_first(vic)
    assert d.state.sheet("vic").encumbrance == 2
    _refuse(d, "ann", "move", character="vic", feet=25)
    d.do("ann", "move", character="vic", feet=20)


@pytest.mark.rules("WD-EQUIP-006", "WD-EQUIP-011")
def test_low_tier_armor_within_brawn_costs_no_movement() -> None:
    # src 1021, 1036: Brawn 2 carries the low armor's 2: not over, the full 30 ft.
    vic = {**sheet("vic", "Vic", brawn=2), "costume": {"pieces": [{"key": "low_armor", "cell": [0, 0]}]}}
    d = _vic_first(vic)
    d.do("ann", "move", character="vic", feet=30)


# -- what is held and worn (src 1015-1017, 1032, 1073-1105) -------------------------------------------


@pytest.mark.rules("WD-STAT-009", "WD-EQUIP-014")
def test_belt_slots_are_dexterity_plus_the_belts_worn() -> None:
    # src 1017: "belt item slots equal to their Dexterity"; src 1077: Low Tier Belt "an additional belt
    # slot"; src 1103: High Tier Belt "two additional belt slots". Dexterity 2 + 1 + 2 = 5.
    pieces = [{"key": "low_belt", "cell": [0, 0]}, {"key": "high_belt", "cell": [0, 1]}]
    d = table()
    add(d, "ann", {**sheet("vic", "Vic", dexterity=2), "costume": {"pieces": pieces}})
    assert d.state.sheet("vic").belt_slots == 5


@pytest.mark.rules("WD-EQUIP-002")
def test_a_large_item_in_hand_leaves_no_hand_to_draw_with() -> None:
    # src 1015: "Characters have two hands and can carry two small items or one large one."
    bat = {"name": "Sledge", "damage": "bash", "size": "large"}
    knife = {"name": "Knife", "damage": "cut", "attack_stat": "dexterity"}
    d = _vic_first({**sheet("vic", "Vic"), "held": [bat], "belt": [knife]})
    _refuse(d, "ann", "draw_item", character="vic", item="Knife")


@pytest.mark.rules("WD-WOUND-004", "WD-EQUIP-011")
def test_armor_takes_a_conventional_hit_with_no_effect() -> None:
    # src 1032: armor "acts as an additional wound slot, taking one hit. Further, conventional damage
    # done to armor doesn't have any consequence." The thug's knife (6 hits) lands in the armor slot:
    # no effect roll, no status.
    d = _thug_first({**sheet("vic", "Vic"), "armor": 1})
    d.do("gm", "attack", character="thug", target="vic", damage="cut", dice=[6])
    d.answer("ann", "react-vic", "take")
    wounds = d.state.people["vic"].track.wounds
    assert [w.armor for w in wounds] == [True]
    assert not [p for p in d.prompts("ann") if p.kind == "effect"]
    assert _statuses(d, "vic") == []


@pytest.mark.rules("WD-WOUND-004", "WD-EQUIP-011")
def test_armor_takes_a_power_hit_but_its_effect_still_lands() -> None:
    # src 1032: "(Less conventional damage like powers may)" have consequences. A burning blast in the
    # armor slot still rolls its effect: Lesser Burn 4 scars (src 740).
    d = _thug_first({**sheet("vic", "Vic"), "armor": 1})
    d.do("gm", "attack", character="thug", target="vic", damage="burn", conventional=False, dice=[6])
    d.answer("ann", "react-vic", "take", dice=[4])
    assert [p for p in d.prompts("ann") if p.kind == "effect"] or _statuses(d, "vic")


# -- which pain touches which roll (src 820-838) ------------------------------------------------------


@pytest.mark.rules("WD-STATUS-002", "WD-STATUS-003", "WD-STATUS-004", "WD-STATUS-005")
@pytest.mark.parametrize(
    ("pain", "stat", "personal", "owed"),
    [
        (Status.PAINED_PHYSICAL, "guts", False, True),  # src 826: Brawn, Ath, Dex & Guts
        (Status.PAINED_PHYSICAL, "wits", False, False),
        (Status.PAINED_MENTAL, "knowledge", False, True),  # src 830: Wits, personal Social, Know
        (Status.PAINED_MENTAL, "social", False, False),  # not a personal/defensive Social roll
        (Status.PAINED_MENTAL, "social", True, True),
        (Status.PAINED_EMOTIONAL, "wits", False, False),  # src 834: only personal & defensive Social
        (Status.PAINED_EMOTIONAL, "social", True, True),
    ],
)
def test_a_failed_roll_owes_pains_price_only_where_that_pain_applies(
    pain: Status, stat: str, personal: bool, owed: bool
) -> None:
    # src 822: "For actions that would require a roll, on a failure the subject must choose either a
    # decline in morale, a lesser wound, or end their turn prematurely"; which rolls each pain touches:
    # src 826, 830, 834. Each check fails (1 + 0 < 4).
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=4))
    _with(d, "vic", pain)
    d.do("gm", "check", character="vic", stat=stat, tn=4, personal=personal, dice=[1])
    assert ("vic" in d.state.pain_owed) is owed


@pytest.mark.rules("WD-STATUS-002", "WD-STATUS-003")
def test_a_pained_move_that_fails_its_roll_goes_half_as_far() -> None:
    # src 820: "Normal actions that wouldn't normally require a roll now do; on a failure they have half
    # effect where applicable (die rolls, distance)." Vic in physical pain walks 30 ft: the roll fails
    # (2 + 0 < 4), and Vic gets 15 ft of it; then Vic can still move again as a second action.
    d = _vic_first(sheet("vic", "Vic", guts=4))
    _with(d, "vic", Status.PAINED_PHYSICAL)
    d.do("ann", "move", character="vic", feet=30, dice=[2])
    assert any("15" in w for w in d.words()[-3:])


# -- Delayed: after the next enemy, not the next ally (src 852-854) -----------------------------------


@pytest.mark.rules("WD-STATUS-010")
def test_a_delayed_turn_goes_after_the_next_enemy_not_the_ally_between() -> None:
    # src 854: "Delays the target's next turn, adjusting the list of who gets to act when to put the
    # delayed individual after the enemy or group of enemies who would otherwise act next." The order is
    # Vic, Max (an ally), the thug; Vic delayed: Max, the thug, then Vic.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6, 5])  # Vic 12, Max 11, the thug 9
    _pass_to(d, "thug")
    d.do("gm", "attack", character="thug", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[6])  # Lesser Bash 6: "Inflict Delay, 1 focus loss"
    _settle(d, "ann")
    assert Status.DELAYED in _statuses(d, "vic")
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.turn.actor == "max"
    d.do("bob", "end_turn", character="max")
    assert d.state.fight.turn.actor == "thug"
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.turn.actor == "vic"


@pytest.mark.rules("WD-STATUS-010", "WD-NPC-005")
def test_a_delayed_turn_goes_after_the_whole_group_of_enemies() -> None:
    # src 854 "or group of enemies": a delayed Vic facing a swat group of two acts after both.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic"))
    d.do("gm", "start_combat", groups=["thug+goon"], dice=[6, 1])  # Vic 12, the group 9, Max 7
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "attack", character="thug", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[6])  # Lesser Bash 6: "Inflict Delay, 1 focus loss"
    _settle(d, "ann")
    _pass_to(d, "max")
    d.do("bob", "end_turn", character="max")
    assert d.state.fight.order.round == 2
    assert d.state.fight.turn.actor == "thug"
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.turn.actor == "goon"
    d.do("gm", "end_turn", character="goon")
    assert d.state.fight.turn.actor == "vic"


# -- resting (src 1004-1006) --------------------------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-033")
def test_a_rest_with_one_wound_cannot_reduce_it() -> None:
    # src 1004: "if the character has at least two wounds they may forgo healing simple conditions to
    # reduce their most minor wound's severity".
    d = _vic_first()
    _hurt(d, "vic", WoundTier.MODERATE)
    _refuse(d, "ann", "rest", character="vic", reduce=True, dice=[6])


@pytest.mark.rules("WD-COMBAT-033")
def test_a_rest_with_two_wounds_heals_the_lesser_one() -> None:
    # src 1004: "(from moderate to lesser, lesser to healthy)": the most minor goes. Guts 5 + 0: 5 >= 4.
    d = _vic_first()
    _hurt(d, "vic", WoundTier.MODERATE, WoundTier.LESSER)
    d.do("ann", "rest", character="vic", reduce=True, dice=[5])
    assert _tiers(d, "vic") == [WoundTier.MODERATE]


@pytest.mark.rules("WD-COMBAT-034", "WD-EFFORT-008", "WD-STATUS-001")
def test_a_full_rest_stops_bleeding_without_a_roll_and_gives_two_dots_to_one_pool() -> None:
    # src 814: "Full rests remove bleed without needing a roll"; src 1006: "recover either one dot to all
    # three categories of effort, or two dots to one category". Vic has spent 2 Focus; the Guts die (1)
    # fails and it does not matter for the bleeding.
    d = _vic_first()
    d.do("gm", "ruling", character="vic", text="spent", effort={"focus": 1})
    _with(d, "vic", Status.BLEEDING)
    d.do("ann", "rest", character="vic", full=True, remove=["bleeding"], restore=["focus", "focus"], dice=[1])
    assert Status.BLEEDING not in _statuses(d, "vic")
    assert _tiers(d, "vic") == []
    assert _avail(d, "vic", Pool.FOCUS) == 3


# -- statuses that act on the next roll or move (src 844-850) -------------------------------------------


@pytest.mark.rules("WD-STATUS-008")
def test_blinded_takes_one_off_the_attack() -> None:
    # src 846: Blinded imposes "a -1 to hit those that can be seen". Vic swings 3 + 0 - 1 = 2 < 3.
    d = _vic_first()
    _with(d, "vic", Status.BLINDED)
    d.do("ann", "attack", character="vic", target="thug", dice=[3])
    assert _tiers(d, "thug") == []


@pytest.mark.rules("WD-STATUS-009")
def test_knocked_down_moves_5_ft_at_most() -> None:
    # src 850: "Can't move more than 5' while knocked down."
    d = _vic_first()
    _with(d, "vic", Status.KNOCKED_DOWN)
    _refuse(d, "ann", "move", character="vic", feet=10)
    d.do("ann", "move", character="vic", feet=5)


@pytest.mark.rules("WD-STATUS-009")
def test_standing_up_takes_half_the_move() -> None:
    # src 850: "The fallen individual can't rise without a movement action (taking up half the
    # movement)." Vic's 30 ft: 15 to rise, 15 left to walk.
    d = _vic_first()
    _with(d, "vic", Status.KNOCKED_DOWN)
    _refuse(d, "ann", "move", character="vic", feet=20, stand=True)
    d.do("ann", "move", character="vic", feet=15, stand=True)
    assert Status.KNOCKED_DOWN not in _statuses(d, "vic")


# -- effects by damage type (src 614-788) ---------------------------------------------------------------


def _thug_hits_vic(d: Driver, *dice: int, **attack: Any) -> None:
    """The thug's blow lands (6 + 0 >= 4) and Vic takes it (no Focus: no reaction to offer); ``dice``:
    stay-up die if any, the effect."""
    if _avail(d, "vic", Pool.FOCUS):
        d.do("gm", "attack", character="thug", target="vic", dice=[6], **attack)
        d.answer("ann", "react-vic", "take", dice=list(dice))
    else:
        d.do("gm", "attack", character="thug", target="vic", dice=[6, *dice], **attack)


@pytest.mark.rules("WD-WFX-012", "WD-WFX-018")
def test_a_lesser_pierce_6_becomes_a_moderate_and_rolls_the_moderate_table() -> None:
    # src 668: "Damage severity is escalated to Moderate, roll Moderate effect"; Moderate Pierce 1 is
    # "No effect" (src 692).
    d = _thug_first(sheet("vic", "Vic", guts=4))
    _thug_hits_vic(d, 6, damage="pierce")
    d.answer("ann", "effect-vic-w1-negate", "none", dice=[1])
    assert _tiers(d, "vic") == [WoundTier.MODERATE]
    assert _statuses(d, "vic") == []


@pytest.mark.rules("WD-WFX-014", "WD-WFX-008")
def test_a_lesser_burn_on_a_covered_costume_has_no_effect() -> None:
    # src 736: "Targets with coverage costume feature suffer no effect." The lesser wound stays, and
    # no effect die is asked for: no row of the table could apply (none given here; a die would be
    # left over).
    d = _thug_first({**sheet("vic", "Vic", guts=4), "costume": {"coverage": True}})
    _thug_hits_vic(d, damage="burn")
    _settle(d, "ann")
    assert [w.tier for w in d.state.people["vic"].track.wounds if not w.temporary] == [WoundTier.LESSER]
    assert len(d.state.people["vic"].track.wounds) == 1
    assert _statuses(d, "vic") == []


@pytest.mark.rules("WD-WFX-020", "WD-WFX-014", "WD-WFX-008")
def test_a_moderate_burn_on_a_covered_costume_rolls_the_lesser_table() -> None:
    # src 758: "Targets with coverage costume feature treat the effect as lesser." Die 5: on the
    # Moderate Burn table ongoing damage (src 764); on the lesser, "The target is scarred" (src 740).
    d = _thug_first({**sheet("vic", "Vic", guts=4), "costume": {"coverage": True}})
    _thug_hits_vic(d, 5, damage="burn", tier="moderate")
    _settle(d, "ann")
    assert Status.ONGOING_DAMAGE not in _statuses(d, "vic")
    assert Status.SCARRING in _statuses(d, "vic") or any(
        w.scarring for w in d.state.people["vic"].track.wounds
    )


@pytest.mark.rules("WD-WFX-018", "WD-WFX-008")
def test_a_headshot_on_a_helmet_knocks_down_instead_of_dying() -> None:
    # src 698: "Headshot. Puts target in dying state. If prevented with helmet or Recovery pip, inflict
    # Knocked Down instead."
    d = _thug_first({**sheet("vic", "Vic", guts=4), "costume": {"helmet": True}})
    _thug_hits_vic(d, 6, damage="pierce", tier="moderate")
    _settle(d, "ann")
    assert d.state.people["vic"].track.standing is Standing.UP
    assert Status.KNOCKED_DOWN in _statuses(d, "vic")


@pytest.mark.rules("WD-WFX-015")
def test_a_lesser_shock_5_on_one_with_no_focus_blinds_pains_and_delays() -> None:
    # src 746: "Target loses 1 focus. If they have none, they instead suffer both of the above and are
    # delayed": blinded and deafened (src 742), pain (src 744).
    d = _thug_first(sheet("vic", "Vic", guts=4))
    d.do("gm", "ruling", character="vic", text="spent", effort={"focus": 0})
    _thug_hits_vic(d, 5, damage="shock")
    _settle(d, "ann")
    got = _statuses(d, "vic")
    assert Status.BLINDED in got and Status.DEAFENED in got and Status.DELAYED in got
    assert any(s in got for s in (Status.PAINED_PHYSICAL, Status.PAINED_MENTAL))


@pytest.mark.rules("WD-WFX-021")
def test_moderate_shock_3_offers_only_what_applies() -> None:
    # src 768: "Target chooses 2 of: disarmed, knocked down, lose 1 focus, start dying. Can't choose
    # inapplicable options." Vic holds nothing and has no Focus: knocked down and start dying are
    # left, both forced.
    d = _thug_first(sheet("vic", "Vic", guts=4))
    d.do("gm", "ruling", character="vic", text="spent", effort={"focus": 0})
    _thug_hits_vic(d, 3, damage="shock", tier="moderate")
    d.answer("ann", "effect-vic-w1-negate", "none")
    assert not d.prompts("ann")
    assert _statuses(d, "vic") == [Status.KNOCKED_DOWN]
    assert d.state.people["vic"].track.standing is Standing.DYING


@pytest.mark.rules("WD-COMBAT-026")
def test_an_improvised_weapon_deals_its_effect_but_no_wound() -> None:
    # src 618: "Some weapons (especially improvised ones) may deliver attack effects only; using a chair
    # as a club". Lesser Bash 3-4 knocks down (src 656).
    d = _thug_first(sheet("vic", "Vic", guts=4))
    _thug_hits_vic(d, 3, effect_only=True)
    _settle(d, "ann")
    assert _tiers(d, "vic") == []
    assert Status.KNOCKED_DOWN in _statuses(d, "vic")


@pytest.mark.rules("WD-STATUS-014")
def test_a_death_sentence_on_a_full_track_turns_a_lesser_moderate() -> None:
    # src 875: "The target suffers a lesser wound every round; when full, lesser wounds escalate to
    # moderate one by one." Vic (Guts 2) with two lessers and a death sentence: at the round's end one
    # lesser becomes moderate (no third wound), with the stay-up check (3 + 0 passes).
    d = _vic_first(sheet("vic", "Vic", guts=2))
    _hurt(d, "vic", WoundTier.LESSER, WoundTier.LESSER)
    _with(d, "vic", Status.DEATH_SENTENCE)
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug", dice=[6])
    assert sorted(_tiers(d, "vic")) == sorted([WoundTier.MODERATE, WoundTier.LESSER])


@pytest.mark.rules("WD-COMBAT-032", "WD-EFFORT-008")
def test_a_rest_whose_guts_roll_fails_still_restores_a_dot() -> None:
    # src 1004: "resting allows characters to roll Guts to heal a simple condition like bleeding, while
    # restoring a dot of any kind of effort". The roll fails (1); the dot comes back all the same.
    d = _vic_first()
    d.do("gm", "ruling", character="vic", text="spent", effort={"stamina": 1})
    _with(d, "vic", Status.BLEEDING)
    d.do("ann", "rest", character="vic", remove=["bleeding"], restore=["stamina"], dice=[1])
    assert _avail(d, "vic", Pool.STAMINA) == 2


@pytest.mark.rules("WD-COMBAT-034", "WD-COMBAT-033")
def test_a_full_rest_reduces_no_further_once_a_single_wound_is_left() -> None:
    # src 1006: a full rest extends the rest "following the above rules, to a number of conditions or
    # wound reductions equal to one's Guts stat"; src 1004: a reduction needs "at least two wounds".
    # Vic (Guts 3) with a moderate and a lesser: the lesser heals; one wound is left: no more.
    d = _vic_first()
    _hurt(d, "vic", WoundTier.MODERATE, WoundTier.LESSER)
    d.do("ann", "rest", character="vic", full=True, reduce=True, dice=[6])
    assert _tiers(d, "vic") == [WoundTier.MODERATE]


@pytest.mark.rules("WD-COMBAT-034", "WD-COMBAT-033")
def test_a_full_rest_reduces_the_most_minor_wound_again_and_again() -> None:
    # src 1006 as above: Guts 3, wounds moderate, moderate, lesser: the lesser heals, a moderate drops to
    # lesser, that lesser heals: one moderate is left.
    d = _vic_first()
    _hurt(d, "vic", WoundTier.MODERATE, WoundTier.MODERATE, WoundTier.LESSER)
    d.do("ann", "rest", character="vic", full=True, reduce=True, dice=[6])
    assert _tiers(d, "vic") == [WoundTier.MODERATE]


# -- speed and ties (src 545-547) -----------------------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-005", "WD-MORALE-009")
def test_tied_players_go_by_morale() -> None:
    # src 545: "Break ties by comparing notability ..., morale, and reputation in that order." Vic and
    # Max both 6 + 3 = 9; Max's morale is a step higher: Max first.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("max", "Max"), morale=1, owner="bob")
    d.do("gm", "start_combat", dice=[3, 3])
    assert d.state.fight.order.order[:2] == ("max", "vic")


@pytest.mark.rules("WD-COMBAT-005")
def test_tied_players_at_equal_morale_go_by_reputation() -> None:
    # src 545 as above: equal morale, Vic holds two rep cards, Max none: Vic first.
    d = table()
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("vic", "Vic"), reputation=2, owner="ann")
    d.do("gm", "start_combat", dice=[3, 3])
    assert d.state.fight.order.order[:2] == ("vic", "max")


@pytest.mark.rules("WD-MOVE-005", "WD-MOVE-007")
def test_a_quick_runner_sprints_70_plus_10_on_a_6() -> None:
    # src 880: Athletics 4 moves 35 ft; src 890: a sprint adds "10' further on a 6+": 5 + 1 = 6, 80 ft,
    # inside the cap (2.5 x 35 = 87.5).
    d = _vic_first(sheet("vic", "Vic", athletics=4))
    d.do("ann", "move", character="vic", feet=80, sprint=True, dice=[5])
    assert not any("carry" in w for w in d.words()[-2:])


# -- the inventory's PROPOSED readings where the seed is silent -----------------------------------------


@pytest.mark.rules("WD-MOVE-007")
def test_the_movement_cap_rounds_up_to_the_next_5_ft() -> None:
    # src 890: "never carry one more than 2.5x their baseline movement ... rounding up"; WD-MOVE-007
    # PROPOSED: Athletics 4, 35 ft: 87.5 -> 90 ft. A sprint with a push may ask 90, not 95.
    d = _vic_first(sheet("vic", "Vic", athletics=4))
    _refuse(d, "ann", "move", character="vic", feet=95, sprint=True, push=True)
    d.do("ann", "move", character="vic", feet=90, sprint=True, push=True, dice=[6, 3])


@pytest.mark.rules("WD-WOUND-003", "WD-WOUND-011")
def test_a_critical_on_a_full_track_takes_the_lowest_wounds_place() -> None:
    # src 792: a heavier wound takes a lesser's place when there is no room; WD-WOUND-003 PROPOSED: "a
    # critical replaces the lowest-tier wound present". Vic (Guts 2): lesser, moderate; a critical
    # pierce lands (stay-up 6 - 1 = 5 passes; Critical Pierce 1: dying, src 718).
    d = _thug_first(sheet("vic", "Vic", guts=2))
    _hurt(d, "vic", WoundTier.MODERATE, WoundTier.LESSER)
    _thug_hits_vic(d, 6, 1, damage="pierce", tier="critical")
    _settle(d, "ann")
    assert sorted(_tiers(d, "vic")) == [WoundTier.MODERATE, WoundTier.CRITICAL]


@pytest.mark.rules("WD-GRAPPLE-006")
def test_a_grappler_has_no_defense_score_to_hide_behind() -> None:
    # src 932: "Trying a grapple means losing the benefit of Defense Score up until the grapple breaks";
    # WD-GRAPPLE-006 PROPOSED: DS 0. Vic grabs the thug (5 hits 3) and holds (4 vs 2); Max, a second
    # thug, swings 1 + 0 = 1 at Vic: a hit.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic"))
    d.do("gm", "start_combat", dice=[6, 1, 2])
    assert d.state.fight.turn.actor == "vic"
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    d.do("ann", "grapple", character="vic", target="thug", dice=[4, 2])
    _pass_to(d, "goon")
    d.do("gm", "attack", character="goon", target="vic", dice=[1])
    assert d.state.attack is not None or _tiers(d, "vic")


@pytest.mark.rules("WD-GRAPPLE-005", "WD-GRAPPLE-003")
def test_a_tied_grapple_round_is_a_stalemate_whatever_the_holder_meant_to_buy() -> None:
    # src 932: the attacker must beat the defender; WD-GRAPPLE-005 PROPOSED: a tie is a stalemate, the
    # grapple goes on, nothing bought or banked. Vic means to restrain; the round's roll is 4 vs 4: the
    # round is rolled and stands (no second try), the thug is not restrained.
    d = _vic_first()
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    d.do("ann", "grapple", character="vic", target="thug", option="restrain", points=1, dice=[4, 4])
    g = d.state.grapples["vic>thug"]
    assert (g.restrained, g.banked, g.round) == (False, 0, 2)
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-GRAPPLE-004", "WD-GRAPPLE-003", "WD-GRAPPLE-002")
def test_a_holder_who_loses_the_round_loses_it_even_with_an_option_in_mind() -> None:
    # src 932: "If the defender wins, they may spend Focus() on an attack of opportunity or else go
    # straight to a hold"; src 936: "Checks are made each round". Vic means to restrain the thug and
    # rolls 1 + 0 = 1 against the thug's 6 + 0 = 6: the thug wins the round and is free of Vic; the
    # roll is not taken back for Vic to try again.
    d = _vic_first()
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    d.do("ann", "grapple", character="vic", target="thug", option="restrain", points=1, dice=[1, 6])
    assert "vic>thug" not in d.state.grapples
    assert "thug" in d.state.reversals
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-GRAPPLE-003", "WD-GRAPPLE-008", "WD-GRAPPLE-009")
def test_a_margin_short_of_the_options_price_is_held_and_banked() -> None:
    # src 936: options are "bought with the difference"; src 940: "Hold is always doable with remaining
    # values". Vic means to push the thug 10 ft (4 points, WD-GRAPPLE-008 PROPOSED: 2 a 5 ft step) and
    # wins 4 - 2 = 2: the push is not bought, the 2 points are banked for next round.
    d = _vic_first()
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    d.do("ann", "grapple", character="vic", target="thug", option="push", feet=10, dice=[4, 2])
    g = d.state.grapples["vic>thug"]
    assert (g.banked, g.round) == (2, 2)
    assert (
        "Vic wrestles Thug: 4 against 2, a margin of 2, not enough for the push; 2 points held." in d.words()
    )
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-GRAPPLE-008")
def test_a_drag_in_the_first_round_is_refused_before_the_roll() -> None:
    # src 950: Drag "Round 2+ of grapple only": no roll could make it legal, so no roll is made.
    d = _vic_first()
    d.do("ann", "grab", character="vic", target="thug", dice=[5])
    _refuse(d, "ann", "grapple", character="vic", target="thug", option="drag", feet=5, rule="WD-GRAPPLE-008")
    _refuse(
        d,
        "ann",
        "grapple",
        character="vic",
        target="thug",
        option="drag",
        feet=5,
        dice=[1, 6],
        rule="WD-GRAPPLE-008",
    )


@pytest.mark.rules("WD-WOUND-013", "WD-WFX-014")
def test_a_temporary_burn_wound_goes_when_the_fight_ends() -> None:
    # src 738: Lesser Burn 1-3 "a temporary lesser wound"; WD-WOUND-013 PROPOSED: gone at the end of the
    # encounter. Vic in a standard costume (not bottom tier or skin).
    vic = {**sheet("vic", "Vic", guts=4), "costume": {"pieces": [{"key": "armor", "cell": [1, 1]}]}}
    d = _thug_first(vic)
    _thug_hits_vic(d, 2, damage="burn", conventional=False)
    _settle(d, "ann")
    temps = [w for w in d.state.people["vic"].track.wounds if w.temporary]
    assert len(temps) == 1
    d.do("gm", "end_combat", lull=False)
    assert not [w for w in d.state.people["vic"].track.wounds if w.temporary]


@pytest.mark.rules("WD-MOVE-009", "WD-MOVE-010", "WD-EFFORT-003")
def test_a_fall_of_the_third_row_drains_a_stamina_dot() -> None:
    # src 382: Stamina "Lost ... from some bad falls"; WD-MOVE-010 PROPOSED: rows 3 and up drain 1.
    # A 12 ft fall (row 3, src 912-916): the faller chooses; a 5 ft fall drains nothing.
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=4))
    d.do("gm", "fall", character="vic", feet=12)
    assert _avail(d, "vic", Pool.STAMINA) == 2


# -- the costume grid and what its pieces allow (src 1019, 1030-1113) -----------------------------------


def _costume(*pieces: dict[str, Any]) -> dict[str, Any]:
    return {**sheet("vic", "Vic", brawn=5), "costume": {"pieces": list(pieces)}}


@pytest.mark.rules("WD-EQUIP-012")
@pytest.mark.parametrize(
    ("key", "guards", "ok"),
    [
        ("low_reinforcement", 1, True),  # src 1056: "Protects one other designated costume piece"
        ("low_reinforcement", 2, False),
        ("reinforcement", 2, True),  # src 1062: "Protects two other costume features"
        ("reinforcement", 3, False),
        ("high_reinforcement", 4, True),  # src 1068: "Protects four other costume features"
    ],
)
def test_a_reinforcement_guards_as_many_pieces_as_its_tier_says(key: str, guards: int, ok: bool) -> None:
    cells = [[0, 1], [0, 2], [1, 0], [1, 1]][:guards]
    pieces = [{"key": key, "cell": [0, 0], "protects": cells}]
    pieces += [{"key": "icon", "cell": c} for c in cells]
    d = table()
    if ok:
        add(d, "ann", _costume(*pieces))
        assert "vic" in d.state.sheets
    else:
        _refuse(d, "ann", "add_character", sheet=_costume(*pieces))


@pytest.mark.rules("WD-EQUIP-005", "WD-EQUIP-010", "WD-EQUIP-011")
def test_four_standard_armors_do_not_fit_the_3x3_grid() -> None:
    # src 1019: "the character has a 3x3 grid to start"; src 1042: Armor "-1 costume slot": each armor
    # piece takes two of the nine cells (WD-EQUIP-010 PROPOSED). Four take eight and fit; five, ten, do
    # not.
    four = [{"key": "armor", "cell": [0, i]} for i in range(3)] + [{"key": "armor", "cell": [1, 0]}]
    d = table()
    add(d, "ann", _costume(*four))
    assert d.state.sheet("vic").armor_points == 4
    five = [*four, {"key": "armor", "cell": [1, 1]}]
    _refuse(d, "ann", "add_character", sheet={**_costume(*five), "id": "vic2"})


@pytest.mark.rules("WD-STAT-009", "WD-EQUIP-014")
def test_a_standard_belt_and_a_secret_pouch_add_three_slots() -> None:
    # src 1083: Standard Belt "Grants two additional belt slots"; src 1089: Secret Pouch "Grants an
    # additional belt slot". Dexterity 3 + 2 + 1 = 6.
    d = table()
    add(d, "ann", _costume({"key": "belt", "cell": [0, 0]}, {"key": "secret_pouch", "cell": [0, 1]}))
    assert d.state.sheet("vic").belt_slots == 6


@pytest.mark.rules("WD-EQUIP-002")
def test_two_small_items_fill_both_hands() -> None:
    # src 1015: "two small items or one large one": with a knife and a bat in hand, a third is refused.
    knife = {"name": "Knife", "damage": "cut", "attack_stat": "dexterity"}
    bat = {"name": "Bat", "damage": "bash"}
    taser = {"name": "Taser", "damage": "shock", "attack_stat": "dexterity"}
    d = _vic_first({**sheet("vic", "Vic"), "held": [knife, bat], "belt": [taser]})
    _refuse(d, "ann", "draw_item", character="vic", item="Taser")


@pytest.mark.rules("WD-EQUIP-007", "WD-EQUIP-006")
@pytest.mark.parametrize(("armor", "over"), [("armor", False), ("low_armor", True)])
def test_carrying_an_armored_ally_adds_two_and_their_armor(armor: str, over: bool) -> None:
    # src 1021: "carrying or lifting a person can be two added encumbrance, in addition to their
    # encumbrance (their armor is heavy for you)". Vic, Brawn 3, lifts Max: 2 + Max's armor (1, or 2
    # for the low tier's double weight, src 1036): 3 fits Brawn 3, 4 is over (30 - 5 - 5 = 20 ft).
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", {**sheet("max", "Max"), "costume": {"pieces": [{"key": armor, "cell": [1, 1]}]}})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("gm", "ruling", character="vic", text="Vic lifts Max", carrying=["max"])
    assert d.state.sheet("vic").over_encumbered is over
    assert d.state.sheet("vic").movement == (20 if over else 30)


# -- powers against armor, past the movement cap (src 890, 1032) ----------------------------------------

_FLAME = {
    "name": "Flame",
    "classifications": ["blaster"],
    "targeting": "ranged",
    "range_ft": 60,
    "attack_stat": "dexterity",
    "damage": "burn",
    "tier": "lesser",
}


@pytest.mark.rules("WD-WOUND-004", "WD-EQUIP-011")
def test_a_blasters_flame_on_armor_still_burns() -> None:
    # src 1032: "conventional damage done to armor doesn't have any consequence. (Less conventional
    # damage like powers may.)" The thug's flame power (6 + 0 hits) lands in Vic's armor slot and its
    # Lesser Burn effect still rolls: 5, scarred (src 740).
    d = _thug_first(
        {**sheet("vic", "Vic"), "armor": 1}, {**sheet("thug", "Thug", "generic"), "powers": [_FLAME]}
    )
    d.do("gm", "use_power", character="thug", power="Flame", targets=["vic"], dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])
    _settle(d, "ann")
    assert [w.armor for w in d.state.people["vic"].track.wounds][:1] == [True]
    track = d.state.people["vic"].track
    assert Status.SCARRING in _statuses(d, "vic") or any(w.scarring for w in track.wounds)


@pytest.mark.rules("WD-MOVE-007")
def test_a_movers_power_carries_past_the_two_and_a_half_times_cap() -> None:
    # src 890: "movement can never carry one more than 2.5x their baseline movement. Powers can break
    # this barrier." Vic's flight adds 30 ft past the cap: a sprint of 75 + 30 = 105 ft (the sprint's
    # own dice give 60 + 10, the power's 30 on top... within 75 + 30).
    wings = {"name": "Wings", "classifications": ["mover"], "movement_ft": 30}
    d = _vic_first({**sheet("vic", "Vic"), "powers": [wings]})
    _refuse(d, "ann", "move", character="vic", feet=110, sprint=True, push=True)
    d.do("ann", "move", character="vic", feet=100, sprint=True, dice=[6])


# -- low morale caps every roll of one's own (src 453-475) ----------------------------------------------


@pytest.mark.rules("WD-MORALE-002", "WD-COMBAT-032")
def test_a_dismal_rest_roll_is_capped_at_3_and_leaves_the_bleeding() -> None:
    # src 453: "dice results (after modifiers are added from stats) will be capped"; src 455-475: at
    # the lowest step, 3. Vic rests: Guts 6 + 0 = 6, capped 3 < 4 (WD-COMBAT-032 PROPOSED 4+).
    d = table()
    add(d, "gm", sheet("vic", "Vic"), morale=-4, owner="ann")
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    _with(d, "vic", Status.BLEEDING)
    d.do("ann", "rest", character="vic", remove=["bleeding"], dice=[6])
    assert Status.BLEEDING in _statuses(d, "vic")


@pytest.mark.rules("WD-MORALE-002", "WD-WOUND-010", "WD-CORE-006")
def test_a_dismal_medics_rolls_are_capped_each() -> None:
    # src 453 as above: Max at the lowest step rolls 6 and 6 for Medical (Dex & Know, src 610): each
    # capped at 3, 6 in all, short of the 8 that rouses (src 794).
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("max", "Max"), morale=-4, owner="bob")
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[1, 6])  # Max 12, the thug 9, Vic 7
    _hurt(d, "vic", WoundTier.LESSER, WoundTier.LESSER, WoundTier.LESSER)
    people = dict(d.state.people)
    people["vic"] = people["vic"].model_copy(
        update={"track": people["vic"].track.model_copy(update={"standing": Standing.UNCONSCIOUS})}
    )
    d.patch(people=people)
    d.do("bob", "medical", character="max", patient="vic", dice=[6])
    d.do("bob", "end_turn", character="max")
    _pass_to(d, "max")
    d.do("bob", "medical", character="max", patient="vic", dice=[6])
    assert d.state.people["vic"].track.standing is Standing.UNCONSCIOUS


@pytest.mark.rules("WD-MORALE-002", "WD-MOVE-009")
def test_a_dismal_fallers_athletics_roll_is_capped() -> None:
    # src 928: a 23 ft fall, "Athletics roll or suffer Critical bash wound & effect. 4+ difficulty";
    # at the lowest step the 6 + 0 counts 3: the critical.
    d = table()
    add(d, "gm", sheet("vic", "Vic", guts=5), morale=-4, owner="ann")
    d.do("gm", "fall", character="vic", feet=23, drains_stamina=False, dice=[6, 6])
    _settle(d, "ann")
    assert d.state.people["vic"].track.count(WoundTier.CRITICAL) == 1


# -- a die named to keep that the dice do not show (src 311, 318) ---------------------------------------


@pytest.mark.rules("WD-CORE-004")
def test_naming_a_face_to_keep_that_is_not_rolled_does_not_buy_a_second_roll() -> None:
    # src 311: the player takes "the best result" of the dice rolled; src 318: "take the roll of your
    # choice": the choice is among the dice that came up. Vic asks to keep a 6 and rolls a 3: the 3
    # stands (3 + 0 < 4, a failure), not a refusal that lets the roll be made again.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    d.do("gm", "check", character="vic", stat="athletics", tn=4, keep=6, dice=[3])
    last = d.state.last_check["vic"]
    assert (last.kept, last.total, last.success) == (3, 3, False)


@pytest.mark.rules("WD-CORE-004", "WD-SKILL-001")
def test_a_low_face_named_and_not_rolled_keeps_the_nearest() -> None:
    # src 318 as above: Vic, with a skill's extra die, means to keep a 1 (to fail on purpose) and rolls
    # 2 and 5: the nearest, the 2, is kept.
    d = table()
    add(d, "ann", {**sheet("vic", "Vic"), "skills": [{"name": "Parkour", "stats": ["athletics"]}]})
    d.do("gm", "check", character="vic", stat="athletics", tn=4, skills=["Parkour"], keep=1, dice=[2, 5])
    assert d.state.last_check["vic"].kept == 2


# -- the round, initiative and who may act (src 500-547, 563) -------------------------------------------


@pytest.mark.rules("WD-COMBAT-006", "WD-EFFORT-012", "WD-COMBAT-005")
def test_a_focus_edge_lifts_a_slow_pc_level_with_a_generic_and_the_tie_goes_to_the_player() -> None:
    # src 547: "Focus can be spent for a 1d3 to either tactics or speed"; src 545: ties by notability,
    # players before non-notables. Vic 6 + 1 + 2 (the d3) = 9, the thug 6 + 3 = 9: Vic first, 2 Focus.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", edges=["vic"], dice=[1, 2])
    assert d.state.fight.order.order == ("vic", "thug")
    assert _avail(d, "vic", Pool.FOCUS) == 2


@pytest.mark.rules("WD-COMBAT-004")
def test_a_generics_initiative_is_speed_plus_3_whatever_the_dice() -> None:
    # src 545: "non-notable individuals and bystanders simply add 3 to their speed". A quick thug
    # (Athletics 5, Dexterity 4: 9 + 3 = 12) beats Vic's 6 + 5 = 11; no die is rolled for him.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic", athletics=5, dexterity=4))
    d.do("gm", "start_combat", dice=[5])
    assert d.state.fight.order.order == ("thug", "vic")


@pytest.mark.rules("WD-COMBAT-010", "WD-COMBAT-007")
def test_a_full_attack_is_the_whole_turn() -> None:
    # src 527-529: the foe's "Full Attack (Attack x2)" is its turn; src 565: full actions "take an
    # individual's full turn". After both swings (1, 1: misses) no move is left.
    d = _vic_first()
    d.do("ann", "attack", character="vic", target="thug", full=True, dice=[1])
    d.do("ann", "attack", character="vic", target="thug", dice=[1])
    _refuse(d, "ann", "move", character="vic", feet=5)


@pytest.mark.rules("WD-COMBAT-002")
def test_the_unconscious_do_not_attack() -> None:
    # src 563: "the unconscious and dying doing nothing except perhaps rolling to get back up".
    d = _vic_first()
    people = dict(d.state.people)
    people["vic"] = people["vic"].model_copy(
        update={"track": people["vic"].track.model_copy(update={"standing": Standing.UNCONSCIOUS})}
    )
    d.patch(people=people)
    _refuse(d, "ann", "attack", character="vic", target="thug", dice=[6])


# -- more effects by damage type (src 642-690) ----------------------------------------------------------


@pytest.mark.rules("WD-WFX-010")
def test_a_lesser_cut_5_bleeds_and_blinds() -> None:
    # src 648: "5 - Inflict Bleeding and Blinded with blood in the eyes."
    d = _thug_first(sheet("vic", "Vic", guts=4))
    _thug_hits_vic(d, 5, damage="cut")
    _settle(d, "ann")
    assert set(_statuses(d, "vic")) >= {Status.BLEEDING, Status.BLINDED}


@pytest.mark.rules("WD-WFX-016", "WD-STATUS-014")
def test_a_moderate_cut_6_is_a_death_sentence() -> None:
    # src 684: "6 - Inflict Death Sentence".
    d = _thug_first(sheet("vic", "Vic", guts=4))
    _thug_hits_vic(d, 6, damage="cut", tier="moderate")
    _settle(d, "ann")
    assert Status.DEATH_SENTENCE in _statuses(d, "vic")


@pytest.mark.rules("WD-WFX-011", "WD-STATUS-016")
def test_a_lesser_bash_5_knocks_the_weapon_out_of_hand() -> None:
    # src 658: "5 - Target drops held item/weapon". Vic's bat leaves his hands.
    d = _thug_first({**sheet("vic", "Vic", guts=4), "held": [{"name": "Bat", "damage": "bash"}]})
    _thug_hits_vic(d, 5)
    _settle(d, "ann")
    assert [h.name for h in d.state.sheet("vic").held] == []
    assert Status.DISARMED in _statuses(d, "vic")


@pytest.mark.rules("WD-WFX-017", "WD-STATUS-009")
def test_a_moderate_bash_2_knocks_back_and_down() -> None:
    # src 686: "1-3 - Target is knocked back 10' and knocked down."
    d = _thug_first(sheet("vic", "Vic", guts=4))
    _thug_hits_vic(d, 2, tier="moderate")
    _settle(d, "ann")
    assert Status.KNOCKED_DOWN in _statuses(d, "vic")


# -- who gives a roll its modifiers (src 240, 242) ----------------------------------------------------


@pytest.mark.rules("WD-CORE-003", "WD-COMBAT-017")
def test_a_player_cannot_give_their_own_attack_a_bonus() -> None:
    # src 240: "the GM will ask that player to roll a d6 and add or subtract a number based on their
    # statistics"; the difficulty and the situation's adjustments are the GM's (WD-CORE-003), as on a
    # check, where the table already refuses a player's bonus. Ann's Vic swings at +3: refused; the GM
    # may give it (1 + 0 + 3 = 4 >= 3 hits).
    d = _vic_first()
    _refuse(d, "ann", "attack", character="vic", target="thug", bonus=3, dice=[1, 1], error=NotPermitted)
    d.do("gm", "attack", character="vic", target="thug", bonus=3, dice=[1, 1])
    assert _tiers(d, "thug") == [WoundTier.LESSER]


@pytest.mark.rules("WD-CORE-003")
def test_a_player_cannot_give_their_own_power_a_bonus() -> None:
    # as above, for a power's attack roll.
    d = _vic_first({**sheet("vic", "Vic"), "powers": [_FLAME]})
    _refuse(
        d,
        "ann",
        "use_power",
        character="vic",
        power="Flame",
        targets=["thug"],
        bonus=2,
        dice=[1, 1],
        error=NotPermitted,
    )


@pytest.mark.rules("WD-COMBAT-002", "WD-STATUS-001", "WD-WOUND-006")
def test_knocked_out_by_his_own_bleeding_mid_turn_vic_does_nothing_more_that_turn() -> None:
    # src 563: "the unconscious and dying doing nothing except perhaps rolling to get back up"; src 814:
    # Bleeding, "a lesser wound when expending effort". Vic (Guts 2, one lesser, bleeding) spends Focus
    # to open a skill he is learning (src 342): the bleed fills his track, the stay-up roll fails (1 - 1
    # = 0 < 3): unconscious. His second action, a swing at the thug, is refused; ending the turn is not.
    aim = {"name": "Aim", "stats": ["dexterity"], "tree": "aim", "learning": True, "training": [5]}
    d = _vic_first({**sheet("vic", "Vic", guts=2), "skills": [aim]})
    _hurt(d, "vic", WoundTier.LESSER)
    _with(d, "vic", Status.BLEEDING)
    d.do("ann", "open_skill", character="vic", skill="Aim", dice=[1])
    assert d.state.people["vic"].track.standing is Standing.UNCONSCIOUS
    _refuse(d, "ann", "attack", character="vic", target="thug", dice=[6, 1], rule="WD-COMBAT-002")
    _refuse(d, "ann", "move", character="vic", feet=5, rule="WD-COMBAT-002")
    assert {c.command for c in d.legal("ann")} >= {"end_turn"}
    assert "attack" not in {c.command for c in d.legal("ann")}
    d.do("ann", "end_turn", character="vic")
    assert d.state.fight.turn.actor == "thug"


# -- effects that a rest ends, and the deadliest rows (src 662, 742, 696, 718, 764) ---------------------


@pytest.mark.rules("WD-WFX-012", "WD-WOUND-014")
def test_a_lesser_pierce_1_fades_at_the_next_rest() -> None:
    # src 662: "1-2 - Associated wound fades on next rest." Vic's rest (Guts 5 + 0) ends it.
    d = _thug_first(sheet("vic", "Vic", guts=4))
    _thug_hits_vic(d, 1, damage="pierce")
    _settle(d, "ann")
    assert _tiers(d, "vic") == [WoundTier.LESSER]
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "rest", character="vic", dice=[5])
    assert _tiers(d, "vic") == []


@pytest.mark.rules("WD-WFX-015", "WD-STATUS-008")
def test_a_lesser_shock_2_blinds_and_deafens() -> None:
    # src 742: "1-2 - Target is blinded, deafened."
    d = _thug_first(sheet("vic", "Vic", guts=4))
    _thug_hits_vic(d, 2, damage="shock")
    _settle(d, "ann")
    assert set(_statuses(d, "vic")) >= {Status.BLINDED, Status.DEAFENED}


@pytest.mark.rules("WD-WFX-024", "WD-WOUND-009")
def test_a_critical_pierce_2_puts_the_target_straight_into_dying() -> None:
    # src 718: "1-3 - Target is placed in dying state, no other effect." Vic (Guts 4) has room on his
    # track: no stay-up check, and dying all the same.
    d = _thug_first(sheet("vic", "Vic", guts=4))
    _thug_hits_vic(d, 2, damage="pierce", tier="critical")
    _settle(d, "ann")
    assert d.state.people["vic"].track.standing is Standing.DYING


@pytest.mark.rules("WD-WFX-020", "WD-COMBAT-035")
def test_a_moderate_burn_5_burns_on_until_a_rest() -> None:
    # src 764: "5-6 - Damage is ongoing; suffer an additional wound at the end of each turn (rest to
    # stop)". Vic rests on his turn (Guts 5): the burning stops, and his turn's end adds no wound.
    d = _thug_first(sheet("vic", "Vic", guts=5))
    _thug_hits_vic(d, 5, damage="burn", tier="moderate")
    _settle(d, "ann")
    assert Status.ONGOING_DAMAGE in _statuses(d, "vic")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "rest", character="vic", dice=[5])
    d.do("ann", "end_turn", character="vic")
    assert Status.ONGOING_DAMAGE not in _statuses(d, "vic")
    assert _tiers(d, "vic") == [WoundTier.MODERATE]
