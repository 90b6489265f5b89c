"""Shock effects, every row with given dice (WD-WFX-015, -021, -027)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.engine.kit import Expiry, TurnPoint
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.vocab import DamageType, Pool, Stat, Status
from capeworks.systems.weaverdice.wfx import Need, StatLasting, StatLoss, regain
from tests.systems.weaverdice.wfx_support import C, L, M, hit, need, play_out, roll, settle, statuses

SHOCK = DamageType.SHOCK


def spread(n: Need) -> list[str]:
    """A legal spread of points: as many from each option as it allows, in order."""
    return [o for o in n.options for _ in range(n.limits[o])][: n.counts[0]]


# -- Lesser Shock (src 742-746) --------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-015", "WD-STATUS-008")
@pytest.mark.parametrize("face", [1, 2])
def test_lesser_shock__1_2_blinded_and_deafened(face: int) -> None:
    assert statuses(settle(hit(SHOCK, L), face)) == {Status.BLINDED, Status.DEAFENED}


@pytest.mark.rules("WD-WFX-015", "WD-WFX-006")
@pytest.mark.parametrize("face", [3, 4])
def test_lesser_shock__3_4_physical_or_mental_pain_by_source(face: int) -> None:
    assert statuses(settle(hit(SHOCK, L), face)) == {Status.PAINED_PHYSICAL}
    assert statuses(settle(hit(SHOCK, L, pain=Status.PAINED_MENTAL), face)) == {Status.PAINED_MENTAL}


@pytest.mark.rules("WD-WFX-015")
@pytest.mark.parametrize("face", [5, 6])
def test_lesser_shock__5_6_one_focus_lost(face: int) -> None:
    o = settle(hit(SHOCK, L, effort={Pool.FOCUS: 2}), face)
    assert o.effort_lost == {Pool.FOCUS: 1} and o.conditions == () and not o.delayed


@pytest.mark.rules("WD-WFX-015", "WD-STATUS-010")
@pytest.mark.parametrize("face", [5, 6])
def test_lesser_shock__5_6_without_focus_blinded_deafened_pained_and_delayed(face: int) -> None:
    o = settle(hit(SHOCK, L, effort={Pool.STAMINA: 3}), face)
    assert statuses(o) == {Status.BLINDED, Status.DEAFENED, Status.PAINED_PHYSICAL}
    assert o.delayed and o.effort_lost == {}


# -- Moderate Shock (src 766-772) ------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-021")
@pytest.mark.parametrize("face", [1, 2])
def test_moderate_shock__1_2_half_actions_on_the_next_turn(face: int) -> None:
    (half,) = settle(hit(SHOCK, M), face).conditions
    assert half.status is Status.HALF_ACTIONS
    assert half.ends == Expiry(point=TurnPoint.TURN_END, holder="t")


@pytest.mark.rules("WD-WFX-021")
@pytest.mark.parametrize("face", [3, 4])
def test_moderate_shock__3_4_two_of_the_applicable_options(face: int) -> None:
    h = hit(SHOCK, M, effort={Pool.FOCUS: 1})
    n = need(settle(h, face))
    assert (n.options, n.counts) == (("disarmed", "knocked_down", "focus", "dying"), (2,))
    o = settle(h, face, picks={"shock": ["disarmed", "focus"]})
    assert statuses(o) == {Status.DISARMED} and o.effort_lost == {Pool.FOCUS: 1} and not o.dying
    o = settle(h, face, picks={"shock": ["knocked_down", "dying"]})
    assert statuses(o) == {Status.KNOCKED_DOWN} and o.dying


@pytest.mark.rules("WD-WFX-021")
def test_moderate_shock__3_4_inapplicable_options_cannot_be_chosen() -> None:
    # nothing held, already down, no Focus: only "start dying" is left, and it is taken
    h = hit(SHOCK, M, holding=False, knocked_down=True)
    o = settle(h, 3)
    assert o.complete and o.dying
    h = hit(SHOCK, M, holding=False, effort={Pool.FOCUS: 1})
    assert need(settle(h, 3)).options == ("knocked_down", "focus", "dying")
    with pytest.raises(RuleViolation, match="not one of the choices"):
        settle(h, 3, picks={"shock": ["disarmed", "dying"]})


@pytest.mark.rules("WD-WFX-021")
def test_moderate_shock__wx23_guts_3_rolls_4_loses_6_points() -> None:
    h = hit(SHOCK, M)
    r = roll(settle(h, 5))
    assert (r.key, r.stat, r.bonus) == ("guts.1", Stat.GUTS, 0)
    # WX-23: Guts 3, d=4 -> result 4 -> 10 - 4 = 6 points, the target spreads them
    n = need(settle(h, 5, dice={"guts.1": 4}))
    assert (n.key, n.counts, n.distinct) == ("drain.1", (6,), False)
    assert n.limits == dict.fromkeys([s.value for s in Stat], 2)  # 3 -> no lower than 1
    o = settle(h, 5, dice={"guts.1": 4}, picks={"drain.1": ["wits"] * 2 + ["social"] * 2 + ["knowledge"] * 2})
    assert o.stat_losses == tuple(
        StatLoss(stat=s, points=2, lasting=StatLasting.DRAINED)
        for s in (Stat.WITS, Stat.SOCIAL, Stat.KNOWLEDGE)
    )


@pytest.mark.rules("WD-WFX-021")
def test_moderate_shock__a_high_guts_result_loses_nothing() -> None:
    # Guts 7: d=6 + 4 = 10 -> 10 - 10 = 0
    o = settle(hit(SHOCK, M, stats={Stat.GUTS: 7}), 6, dice={"guts.1": 6})
    assert o.complete and o.stat_losses == ()


@pytest.mark.rules("WD-WFX-021")
def test_moderate_shock__more_points_than_can_go_takes_what_there_is() -> None:
    # every stat at 2 but Guts 1: d=1 - 2 = -1 -> 11 points, only 6 can go (one from each 2)
    stats = dict.fromkeys(Stat, 2) | {Stat.GUTS: 1}
    o = settle(hit(SHOCK, M, stats=stats), 5, dice={"guts.1": 1})
    assert o.complete and sum(x.points for x in o.stat_losses) == 6
    assert Stat.GUTS not in {x.stat for x in o.stat_losses}


# -- Critical Shock (src 784-788) ------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-027")
@pytest.mark.parametrize(("dots", "repeat_on"), [(0, {2, 4, 6}), (1, {4, 6}), (2, {6})])
def test_critical_shock__wx22_the_drain_repeats_on_these_guts_faces(dots: int, repeat_on: set[int]) -> None:
    # Guts 9 (+6): any face gives 7+ -> at most 3 points, and the repeat depends on the natural face only
    h = hit(SHOCK, C, stats={Stat.GUTS: 9}, effort={Pool.FOCUS: 2})
    for face in range(1, 7):
        picks = {"chain_effort": ["focus"] * dots}
        o = settle(h, picks=picks, dice={"guts.1": face})
        if o.needs:  # spread the points lost first
            n = need(o)
            picks["drain.1"] = spread(n)
            o = settle(h, picks=picks, dice={"guts.1": face})
        repeats = bool(o.rolls) and o.rolls[0].key == "guts.2"
        assert repeats is (face in repeat_on), face


@pytest.mark.rules("WD-WFX-027", "WD-CORE-010")
@pytest.mark.parametrize(
    ("dots", "face", "natural", "total"),
    [
        (0, 3, False, True),  # natural 3 is odd, 3 + 1 = 4 is even
        (0, 6, True, False),  # natural 6 is even, 6 + 1 = 7 is odd
        (1, 3, False, True),  # "4/6 only": 4 is one of them
        (1, 5, False, True),  # 5 + 1 = 6
        (1, 6, True, False),  # 6 + 1 = 7
        (2, 5, False, True),  # "6 only": 5 + 1 = 6
        (2, 6, True, False),
    ],
)
def test_critical_shock__the_repeat_reads_the_guts_total_when_the_table_says_so(
    dots: int, face: int, natural: bool, total: bool
) -> None:
    # src 784-788 with the table's parity_uses_natural_die off: the Guts result (Guts 4: +1) is the
    # number tested, against the same words: even, "4/6 only", "6 only"
    for parity_natural, repeats in ((True, natural), (False, total)):
        h = hit(SHOCK, C, stats={Stat.GUTS: 4}, effort={Pool.FOCUS: 2}, parity_natural=parity_natural)
        picks: dict[str, list[str]] = {"chain_effort": ["focus"] * dots}
        o = settle(h, picks=picks, dice={"guts.1": face})
        if o.needs and need(o).key == "drain.1":
            picks["drain.1"] = spread(need(o))
            o = settle(h, picks=picks, dice={"guts.1": face})
        assert (bool(o.rolls) and o.rolls[0].key == "guts.2") is repeats, (parity_natural, face)


@pytest.mark.rules("WD-WFX-027")
def test_critical_shock__the_chain_ends_and_stats_never_drop_below_1() -> None:
    h = hit(SHOCK, C)
    o = settle(
        h,
        dice={"guts.1": 2, "guts.2": 3},
        picks={"drain.1": ["brawn", "brawn", "wits", "wits", "dexterity", "dexterity", "guts", "guts"]},
    )
    # first pass: 10 - 2 = 8 points, Guts now 1 (-2); d=2 is even: again.
    # second pass: 10 - (3 - 2) = 9, but only 6 points can still go (all of them, no choice); d=3 stops it
    assert o.complete
    assert sum(x.points for x in o.stat_losses) == 8 + 6
    left = {s: 3 - sum(x.points for x in o.stat_losses if x.stat is s) for s in Stat}
    assert set(left.values()) == {1}


@pytest.mark.rules("WD-WFX-027")
def test_critical_shock__repeat_chance_exact() -> None:
    # the chance a pass repeats: 3/6, 2/6, 1/6 by dots spent, counted over the six faces
    h = hit(SHOCK, C, stats={Stat.GUTS: 9}, effort={Pool.FOCUS: 2})
    for dots, chance in ((0, Fraction(1, 2)), (1, Fraction(1, 3)), (2, Fraction(1, 6))):
        hits = 0
        for face in range(1, 7):
            # 10 - (face + 6) points: 3, 2, 1 or none, spread one a stat
            lost = [s.value for s in Stat][: max(0, 10 - face - 6)]
            o = settle(h, picks={"chain_effort": ["focus"] * dots, "drain.1": lost}, dice={"guts.1": face})
            hits += bool(o.rolls)
        assert Fraction(hits, 6) == chance


@pytest.mark.rules("WD-WFX-027", "WD-WFX-021")
@given(seed=st.integers(0, 10_000), guts=st.integers(1, 6))
def test_critical_shock__any_chain_settles_with_stats_at_least_1(seed: int, guts: int) -> None:
    h = hit(SHOCK, C, stats={Stat.GUTS: guts}, effort={Pool.FOCUS: 1, Pool.STAMINA: 1})
    o = play_out(h, None, random.Random(seed))
    for s in Stat:
        start = guts if s is Stat.GUTS else 3
        assert start - sum(x.points for x in o.stat_losses if x.stat is s) >= min(start, 1)
    assert sum(o.effort_spent.values()) <= 2


@pytest.mark.rules("WD-WFX-021")
def test_moderate_shock__wx23_points_come_back_1_a_turn_3_resting_in_the_order_lost() -> None:
    # WX-23's 6 points: 2 Wits, 2 Social, 2 Knowledge
    lost = (
        StatLoss(stat=Stat.WITS, points=2, lasting=StatLasting.DRAINED),
        StatLoss(stat=Stat.SOCIAL, points=2, lasting=StatLasting.DRAINED),
        StatLoss(stat=Stat.KNOWLEDGE, points=2, lasting=StatLasting.DRAINED),
    )
    left, back = regain(lost, resting=False)
    assert back == (StatLoss(stat=Stat.WITS, points=1, lasting=StatLasting.DRAINED),)
    assert sum(x.points for x in left) == 5
    # resting: 3 a turn -> Wits 2 and Social 1 come back first
    left, back = regain(lost, resting=True)
    assert [(x.stat, x.points) for x in back] == [(Stat.WITS, 2), (Stat.SOCIAL, 1)]
    assert [(x.stat, x.points) for x in left] == [(Stat.SOCIAL, 1), (Stat.KNOWLEDGE, 2)]
    # 6 points: six plain turns, or two turns of rest
    turns = 0
    while lost:
        lost, _ = regain(lost, resting=False)
        turns += 1
    assert turns == 6
