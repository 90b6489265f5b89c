"""Statuses: what each does and how each ends (WD-STATUS-001..016)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.engine.kit import TurnOrder, TurnPoint, expire
from capeworks.systems.weaverdice import statuses as S
from capeworks.systems.weaverdice.statuses import (
    ActionKind,
    BleedTrigger,
    Condition,
    DeathTick,
    Ending,
    OngoingTick,
    PainPenalty,
    condition,
)
from capeworks.systems.weaverdice.vocab import BodyPart, Stat, Status, WoundTier
from tests.systems.weaverdice.helpers import add, sheet, table

LESSER, MODERATE, CRITICAL = WoundTier.LESSER, WoundTier.MODERATE, WoundTier.CRITICAL


# -- Bleeding (WD-STATUS-001) ----------------------------------------------------------------------


@pytest.mark.rules("WD-STATUS-001")
@pytest.mark.parametrize("trigger", list(BleedTrigger))
def test_bleeding__a_lesser_wound_on_spending_effort_or_a_full_action(trigger: BleedTrigger) -> None:
    conds = (condition(Status.BLEEDING, "t"),)
    wound, after = S.bleed(conds, "t", trigger)
    assert wound is LESSER and after == conds
    # someone else's bleeding does not wound this character
    assert S.bleed(conds, "u", trigger) == (None, conds)


@pytest.mark.rules("WD-STATUS-001", "WD-COMBAT-032")
def test_bleeding__a_mid_combat_rest_spares_the_next_instance_only() -> None:
    rested = S.rest((condition(Status.BLEEDING, "t"),), "t", full=False)
    assert [c.spared for c in rested.conditions] == [True]
    # and the rest's Guts roll may remove it
    assert [c.name for c in rested.removable] == ["bleeding"]
    first, after = S.bleed(rested.conditions, "t", BleedTrigger.EFFORT_SPENT)
    second, _ = S.bleed(after, "t", BleedTrigger.FULL_ACTION)
    assert (first, second) == (None, LESSER)


@pytest.mark.rules("WD-STATUS-001", "WD-COMBAT-034")
def test_bleeding__a_full_rest_removes_it_without_a_roll() -> None:
    rested = S.rest((condition(Status.BLEEDING, "t"),), "t", full=True)
    assert rested.conditions == () and [c.name for c in rested.stopped] == ["bleeding"]


@pytest.mark.rules("WD-STATUS-001", "WD-WOUND-015")
def test_bleeding__at_the_end_of_the_encounter_it_ends_and_leaves_a_lesser_wound() -> None:
    conds = (
        condition(Status.BLEEDING, "t"),
        condition(Status.BLINDED, "t"),
        condition(Status.PAINED_PART, "u", part=BodyPart.LEFT_LEG, scarring=True),
    )
    kept, ended, wounded = S.end_encounter(conds)
    assert [c.name for c in ended] == ["bleeding", "blinded"]
    assert wounded == ("t",)
    # the scarred pain outlasts the fight
    assert [c.name for c in kept] == ["pained_part"]


# -- Pain (WD-STATUS-002..006) ---------------------------------------------------------------------


@pytest.mark.rules("WD-STATUS-003")
@pytest.mark.parametrize("stat", list(Stat))
def test_physical_pain__brawn_athletics_dexterity_guts(stat: Stat) -> None:
    conds = (condition(Status.PAINED_PHYSICAL, "t"),)
    applies = stat in (Stat.BRAWN, Stat.ATHLETICS, Stat.DEXTERITY, Stat.GUTS)
    assert bool(S.pains_for(conds, "t", stat=stat)) is applies


@pytest.mark.rules("WD-STATUS-004")
@pytest.mark.parametrize(
    ("stat", "personal", "applies"),
    [
        (Stat.WITS, False, True),
        (Stat.KNOWLEDGE, False, True),
        (Stat.SOCIAL, True, True),
        (Stat.SOCIAL, False, False),  # an offensive or impersonal Social roll
        (Stat.BRAWN, False, False),
    ],
)
def test_mental_pain__wits_knowledge_and_personal_social(stat: Stat, personal: bool, applies: bool) -> None:
    conds = (condition(Status.PAINED_MENTAL, "t"),)
    assert bool(S.pains_for(conds, "t", stat=stat, personal_social=personal)) is applies


@pytest.mark.rules("WD-STATUS-005")
@pytest.mark.parametrize(
    ("stat", "personal", "applies"),
    [(Stat.SOCIAL, True, True), (Stat.SOCIAL, False, False), (Stat.WITS, True, False)],
)
def test_emotional_pain__only_personal_and_defensive_social(
    stat: Stat, personal: bool, applies: bool
) -> None:
    conds = (condition(Status.PAINED_EMOTIONAL, "t"),)
    assert bool(S.pains_for(conds, "t", stat=stat, personal_social=personal)) is applies


@pytest.mark.rules("WD-STATUS-006")
def test_pain_in_a_part__whenever_that_part_is_used() -> None:
    conds = (condition(Status.PAINED_PART, "t", part=BodyPart.RIGHT_ARM),)
    assert S.pains_for(conds, "t", stat=Stat.WITS, parts={BodyPart.RIGHT_ARM})
    assert not S.pains_for(conds, "t", stat=Stat.BRAWN, parts={BodyPart.LEFT_ARM})


@pytest.mark.rules("WD-STATUS-002")
def test_pained__a_failed_roll_costs_morale_a_wound_or_the_rest_of_the_turn() -> None:
    assert S.pain_failure_options(turn_left=True) == (
        PainPenalty.MORALE,
        PainPenalty.LESSER_WOUND,
        PainPenalty.END_TURN,
    )
    # ending the turn early only while there is turn left to lose
    assert PainPenalty.END_TURN not in S.pain_failure_options(turn_left=False)


@pytest.mark.rules("WD-STATUS-002")
def test_pained__a_rollless_action_now_rolls_4_plus_and_fails_to_half_effect() -> None:
    assert S.PAINED_ROLL_TN == 4
    # half of a 35 ft move in 5 ft steps: 17.5 -> 15; half of 3 dice: 1
    assert (S.halved(35, step=5), S.halved(30, step=5), S.halved(3)) == (15, 15, 1)


# -- Scarring (WD-STATUS-007) ----------------------------------------------------------------------


@pytest.mark.rules("WD-STATUS-007")
def test_scarring__only_treatment_ends_a_scarred_condition() -> None:
    scarred = condition(Status.PAINED_PHYSICAL, "t", scarring=True)
    assert scarred.endings == {Ending.TREATED}
    rested = S.rest((scarred,), "t", full=True)
    assert rested.conditions == (scarred,) and rested.removable == ()
    assert S.end_encounter((scarred,))[0] == (scarred,)


@pytest.mark.rules("WD-STATUS-007", "WD-STATUS-016")
def test_add__a_status_held_twice_is_held_once_and_scarring_sticks() -> None:
    plain = condition(Status.PAINED_PART, "t", part=BodyPart.LEFT_LEG)
    conds = S.add((plain,), condition(Status.PAINED_PART, "t", part=BodyPart.LEFT_LEG, scarring=True))
    assert len(conds) == 1 and conds[0].scarring and conds[0].endings == {Ending.TREATED}
    # another part, or a stuck object, is another instance
    assert len(S.add(conds, condition(Status.PAINED_PART, "t", part=BodyPart.RIGHT_LEG))) == 2
    stuck = condition(Status.STUCK, "t")
    assert len(S.add((stuck,), stuck)) == 2


# -- Blinded / Deafened (WD-STATUS-008) ------------------------------------------------------------


@pytest.mark.rules("WD-STATUS-008")
@pytest.mark.parametrize(
    ("feet", "large", "seen"), [(10, False, True), (15, False, False), (20, True, True), (25, True, False)]
)
def test_blinded__sees_10_ft_doubled_for_large_targets(feet: int, large: bool, seen: bool) -> None:
    assert S.can_perceive(feet, large=large) is seen
    assert S.BLINDED_TO_HIT == -1


# -- Knocked Down (WD-STATUS-009) ------------------------------------------------------------------


@pytest.mark.rules("WD-STATUS-009")
def test_knocked_down__rising_takes_half_a_move_and_provokes() -> None:
    # in whole 5 ft steps, as the table's move counts them (test_referee's stand-up through the table)
    assert S.stand_up_cost(30) == 15 and S.stand_up_cost(35) == 15
    assert S.KNOCKED_DOWN_MOVE_FT == 5
    assert S.provokes_melee(ActionKind.STAND_UP)
    assert S.provokes_melee(ActionKind.OTHER_COMBAT)
    assert not S.provokes_melee(ActionKind.OFFENSE_OR_DEFENSE_VS_MELEE)
    down = (condition(Status.KNOCKED_DOWN, "t"), condition(Status.KNOCKED_DOWN, "u"))
    assert [c.target for c in S.stand_up(down, "t")] == ["u"]


# -- Delayed (WD-STATUS-010) -----------------------------------------------------------------------


def _play(order: TurnOrder, conds: list[Condition], turns: int) -> list[str]:
    """Who acts for the next ``turns`` turns, ending Delayed at the right TURN_END before moving on."""
    acted: list[str] = []
    for _ in range(turns):
        who = order.current
        assert who is not None
        kept, _ = expire(conds, TurnPoint.TURN_END, holder=who, round_=order.round)
        conds[:] = kept
        order, _ = order.advance(can_act=lambda i: S.can_act(conds, i))
        acted.append(order.current or "")
    return acted


@pytest.mark.rules("WD-STATUS-010")
def test_delayed__the_next_turn_goes_after_the_next_enemy() -> None:
    # E1 acts and delays B, who was due before E2: B now acts after E2
    order = TurnOrder(order=("E1", "B", "E2", "A"))
    new, held = S.delay(order, "B", enemies={"E1", "E2"})
    assert new.order == ("E1", "E2", "B", "A") and new.current == "E1"
    assert held is not None and held.status is Status.DELAYED
    assert _play(new, [held], 4) == ["E2", "B", "A", "E1"]


@pytest.mark.rules("WD-STATUS-010")
def test_delayed__after_a_whole_group_of_enemies_acting_together() -> None:
    order = TurnOrder(order=("A", "B", "E1", "E2", "E3", "C"), index=0)
    new, held = S.delay(order, "B", enemies={"E1", "E2", "E3"})
    assert new.order == ("A", "E1", "E2", "E3", "B", "C")
    assert held is not None
    assert _play(new, [held], 5) == ["E1", "E2", "E3", "B", "C"]


@pytest.mark.rules("WD-STATUS-010")
def test_delayed__when_the_next_enemies_come_next_round_this_rounds_turn_is_lost() -> None:
    # A(now) ... E1 hits B; after B's slot the next enemy is E1 again, in round 2
    order = TurnOrder(order=("A", "E1", "B"), index=1)
    new, held = S.delay(order, "B", enemies={"E1"})
    assert new.order == ("A", "E1", "B")
    assert held is not None and held.ends is not None and (held.ends.holder, held.ends.round) == ("E1", 2)
    # round 1: B is skipped; round 2: A, E1, then B
    assert _play(new, [held], 3) == ["A", "E1", "B"]


@pytest.mark.rules("WD-STATUS-010")
def test_delayed__without_enemies_in_the_order_nothing_moves() -> None:
    order = TurnOrder(order=("A", "B"))
    assert S.delay(order, "B", enemies={"X"}) == (order, None)
    with pytest.raises(ValueError):
        S.delay(order, "A", enemies={"B"})


@pytest.mark.rules("WD-STATUS-010")
@given(
    n=st.integers(2, 7),
    data=st.data(),
)
def test_delayed__everyone_else_keeps_their_turns_and_the_target_acts_once_after_the_enemies(
    n: int, data: st.DataObject
) -> None:
    ids = [f"c{i}" for i in range(n)]
    index = data.draw(st.integers(0, n - 1))
    target = data.draw(st.sampled_from([i for i in ids if i != ids[index]]))
    enemies = set(data.draw(st.lists(st.sampled_from([i for i in ids if i != target]), min_size=1)))
    order = TurnOrder(order=tuple(ids), index=index)
    new, held = S.delay(order, target, enemies=enemies)
    assert held is not None and sorted(new.order) == sorted(ids) and new.current == order.current
    # over the next two rounds' worth of turns no one else loses a turn or changes place ...
    acted = _play(new, [held], 2 * n)
    rest = [i for i in ids if i != target]
    at = rest.index(ids[index])
    expected = [rest[(at + k) % len(rest)] for k in range(1, 2 * n + 1)]
    others = [i for i in acted if i != target]
    assert others == expected[: len(others)]
    # ... and the target's next turn comes right after the enemy (group) due after its old slot
    assert held.ends is not None and held.ends.holder in enemies
    first = acted.index(target)
    assert first > 0 and acted[first - 1] == held.ends.holder


@pytest.mark.rules("WD-WFX-021")
def test_half_actions__one_action_on_the_next_turn_then_back_to_two() -> None:
    from capeworks.engine.kit import Expiry

    half = condition(Status.HALF_ACTIONS, "t", ends=Expiry(point=TurnPoint.TURN_END, holder="t"))
    # one action instead of two: Turn.start(half=...) at the table (test_table_statuses)
    assert S.half_actions([half], "t") and not S.half_actions([half], "u")
    kept, ended = expire([half], TurnPoint.TURN_END, holder="t", round_=3)
    assert ended == [half] and not S.half_actions(kept, "t")


# -- Stuck (WD-STATUS-011..013) --------------------------------------------------------------------


@pytest.mark.rules("WD-STATUS-011")
@pytest.mark.parametrize(("total", "wound"), [(None, MODERATE), (11, MODERATE), (12, LESSER), (15, LESSER)])
def test_stuck__forced_out_is_a_moderate_wound_and_bleeding__careful_dex_12_makes_it_lesser(
    total: int | None, wound: WoundTier
) -> None:
    out = S.extract(careful_total=total)
    assert (out.wound, out.bleeding) == (wound, True)


@pytest.mark.rules("WD-STATUS-011", "WD-STATUS-012", "WD-STATUS-013")
def test_stuck__stays_until_extracted__melee_grapple_bonus__ranged_pin_breaks_at_brawn_6() -> None:
    stuck = condition(Status.STUCK, "t", reach=S.Reach.RANGED, pinned=True)
    assert stuck.endings == {Ending.EXTRACTED}
    assert S.end_encounter([stuck])[0] == (stuck,)  # wounds with objects in them do not heal
    assert S.rest([stuck], "t", full=True).conditions == (stuck,)
    assert (S.STUCK_GRAPPLE_BONUS, S.PIN_BREAK_DC, S.STUCK_CAREFUL_DC) == (1, 6, 12)


# -- Death Sentence (WD-STATUS-014) ----------------------------------------------------------------


@pytest.mark.rules("WD-STATUS-014")
@pytest.mark.parametrize(
    ("slots", "tick"),
    [
        ((LESSER, None, None), DeathTick(add=LESSER)),
        ((MODERATE, LESSER, LESSER), DeathTick(upgrade=1)),  # full: the first lesser turns moderate
        ((MODERATE, CRITICAL, MODERATE), DeathTick()),
    ],
)
def test_death_sentence__a_lesser_each_round_then_lessers_turn_moderate(
    slots: tuple[WoundTier | None, ...], tick: DeathTick
) -> None:
    assert S.death_sentence_tick(slots) == tick


@pytest.mark.rules("WD-STATUS-014")
def test_death_sentence__no_recovering_without_outside_help() -> None:
    doomed = condition(Status.DEATH_SENTENCE, "t")
    assert not S.can_self_recover([doomed], "t") and S.can_self_recover([doomed], "u")
    assert doomed.endings == {Ending.OUTSIDE_HELP}
    assert S.rest([doomed], "t", full=True).conditions == (doomed,)
    assert S.DEATH_SENTENCE_HELP_DC == 10


# -- Ongoing damage, disarmed, limbs (WD-STATUS-016) -----------------------------------------------


@pytest.mark.rules("WD-STATUS-016", "WD-WFX-020", "WD-WFX-026", "WD-COMBAT-035")
def test_ongoing_damage__a_wound_each_victim_turn_end__consuming_burn_each_round_end() -> None:
    burning = condition(Status.ONGOING_DAMAGE, "t")
    consuming = condition(
        Status.ONGOING_DAMAGE, "u", consuming=True, source="a", endings={Ending.OUTSIDE_HELP}
    )
    conds = (burning, consuming)
    assert S.ongoing_ticks(conds, TurnPoint.TURN_END, holder="t") == (OngoingTick(target="t", wound=LESSER),)
    assert S.ongoing_ticks(conds, TurnPoint.TURN_END, holder="x") == ()
    assert S.ongoing_ticks(conds, TurnPoint.ROUND_END, holder=None) == (
        OngoingTick(target="u", stat_point=True, chooser="a"),
    )
    # any rest puts out the burn, not the consuming one
    rested = S.rest(conds, "t", full=False)
    assert rested.stopped == (burning,)
    assert S.rest(conds, "u", full=True).stopped == ()


@pytest.mark.rules("WD-STATUS-016")
@pytest.mark.parametrize(
    ("status", "endings"),
    [
        (Status.BLINDED, {Ending.REST_ROLL, Ending.ENCOUNTER_END}),
        (Status.DEAFENED, {Ending.REST_ROLL, Ending.ENCOUNTER_END}),
        (Status.DISARMED, {Ending.RETRIEVED, Ending.REST_ROLL, Ending.ENCOUNTER_END}),
        (Status.KNOCKED_DOWN, {Ending.STAND_UP, Ending.REST_ROLL, Ending.ENCOUNTER_END}),
        (Status.DISABLED_LIMB, {Ending.TREATED}),
        (Status.LOST_LIMB, set()),
    ],
)
def test_statuses_without_a_stated_duration_end_as_proposed(status: Status, endings: set[Ending]) -> None:
    assert condition(status, "t").endings == endings


@pytest.mark.rules("WD-STATUS-015")
def test_a_status_made_up_for_a_power_is_a_condition_too() -> None:
    webbed = Condition(name="webbed", target="t", endings=frozenset({Ending.REST_ROLL}))
    assert webbed.status is None
    assert S.rest([webbed], "t", full=False).removable == (webbed,)


@pytest.mark.rules("WD-STATUS-012")
def test_stuck_from_melee__the_grappler_gets_1_a_round_and_the_target_cannot_leave() -> None:
    stuck = condition(Status.STUCK, "t", reach=S.Reach.MELEE, source="a")
    assert S.grapple_bonus([stuck], grappler="a", target="t") == 1
    assert S.grapple_bonus([stuck], grappler="b", target="t") == 0
    assert not S.can_leave_grapple([stuck], target="t", grappler="a")
    assert S.can_leave_grapple([], target="t", grappler="a")
    # a ranged object gives no grapple edge
    arrow = condition(Status.STUCK, "t", reach=S.Reach.RANGED, source="a")
    assert S.grapple_bonus([arrow], grappler="a", target="t") == 0


@pytest.mark.rules("WD-STATUS-013")
@pytest.mark.parametrize(("total", "freed"), [(5, False), (6, True)])
def test_stuck_from_ranged__pinned_until_a_lengthy_brawn_6__the_object_stays(total: int, freed: bool) -> None:
    pin = condition(Status.STUCK, "t", reach=S.Reach.RANGED, pinned=True)
    assert S.is_pinned([pin], "t")
    after = S.break_pin([pin], "t", brawn_total=total)
    assert S.is_pinned(after, "t") is not freed
    assert [c.status for c in after] == [Status.STUCK]


_conditions = st.lists(
    st.builds(
        condition,
        st.sampled_from(list(Status)),
        st.sampled_from(["t", "u"]),
        part=st.none() | st.sampled_from(list(BodyPart)),
        scarring=st.booleans(),
    ),
    max_size=8,
)


@pytest.mark.rules("WD-STATUS-016", "WD-STATUS-001", "WD-STATUS-007")
@given(conds=_conditions)
def test_end_of_encounter_splits_every_condition_once_and_wounds_only_the_bleeding(
    conds: list[Condition],
) -> None:
    kept, ended, wounded = S.end_encounter(conds)
    assert sorted(map(repr, (*kept, *ended))) == sorted(map(repr, conds))
    assert all(not c.scarring for c in ended)
    assert sorted(wounded) == sorted(c.target for c in ended if c.name == Status.BLEEDING)


@pytest.mark.rules("WD-STATUS-016", "WD-COMBAT-032", "WD-COMBAT-034")
@given(conds=_conditions, full=st.booleans())
def test_a_rest_touches_only_the_rester_and_never_a_scarred_condition(
    conds: list[Condition], full: bool
) -> None:
    out = S.rest(conds, "t", full=full)
    assert all(c.target == "t" and not c.scarring for c in (*out.stopped, *out.removable))
    assert [c for c in out.conditions if c.target == "u"] == [c for c in conds if c.target == "u"]
    assert len(out.conditions) + len(out.stopped) == len(conds)


@pytest.mark.rules("WD-STATUS-016")
@given(conds=_conditions, new=_conditions)
def test_adding_a_condition_twice_changes_nothing_the_second_time(
    conds: list[Condition], new: list[Condition]
) -> None:
    for c in new:
        once = S.add(conds, c)
        if c.status not in (Status.STUCK, Status.ONGOING_DAMAGE, Status.SCARRING):
            assert S.add(once, c) == once


HEX = {
    "name": "Hex",
    "classifications": ["master"],
    "targeting": "ranged",
    "range_ft": 60,
    "statuses": [{"status": "pained_physical"}],
}


@pytest.mark.rules("WD-STATUS-002", "WD-STATUS-003")
def test_pained__a_plain_move_rolls_athletics_4_plus_and_a_failure_goes_half_as_far() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", {**sheet("hexer", "Hexer", "notable"), "powers": [HEX]})
    d.do("gm", "start_combat", dice=[1, 6])  # Vic 6 + 1 = 7, Hexer 6 + 6 = 12
    d.do("gm", "use_power", character="hexer", power="hex", targets="vic")
    d.do("gm", "end_turn", character="hexer")
    max_ft = d.state.sheet("vic").movement
    # Athletics 3 (+0): 2 < 4 fails, so the move goes half as far (in 5 ft steps)
    d.do("ann", "move", character="vic", feet=max_ft, dice=[2])
    assert d.state.fight.turn.moved == S.halved(max_ft, step=5)
    assert "goes half as far" in d.words()[-1]
    d.do("ann", "move", character="vic", feet=10, dice=[4])  # 4 >= 4: the whole 10 ft
    assert d.state.fight.turn.moved == S.halved(max_ft, step=5) + 10
