"""Bash effects, every row with given dice (WD-WFX-011, -017, -023)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.statuses import Ending
from capeworks.systems.weaverdice.vocab import BodyPart, DamageType, Pool, Stat, Status
from capeworks.systems.weaverdice.wfx import Chooser, StatLasting, StatLoss
from tests.systems.weaverdice.wfx_support import C, L, M, hit, need, parts, play_out, roll, settle, statuses

BASH = DamageType.BASH


# -- Lesser Bash (src 652-660) ---------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-011")
@pytest.mark.parametrize(("face", "feet"), [(1, 5), (2, 10)])
def test_lesser_bash__1_2_knockback(face: int, feet: int) -> None:
    o = settle(hit(BASH, L), face)
    assert o.knockback_ft == feet and o.conditions == ()


@pytest.mark.rules("WD-WFX-011", "WD-WOUND-014", "WD-STATUS-009")
@pytest.mark.parametrize("face", [3, 4])
def test_lesser_bash__3_4_knocked_down_and_the_wound_fades_at_the_next_rest(face: int) -> None:
    o = settle(hit(BASH, L), face)
    assert statuses(o) == {Status.KNOCKED_DOWN} and o.wound_fades_on_rest
    assert Ending.STAND_UP in o.conditions[0].endings


@pytest.mark.rules("WD-WFX-011", "WD-STATUS-016")
def test_lesser_bash__5_drops_the_held_item() -> None:
    o = settle(hit(BASH, L), 5)
    assert statuses(o) == {Status.DISARMED}
    assert Ending.RETRIEVED in o.conditions[0].endings


@pytest.mark.rules("WD-WFX-011", "WD-STATUS-010")
def test_lesser_bash__6_delayed_and_one_focus_lost() -> None:
    o = settle(hit(BASH, L, effort={Pool.FOCUS: 2}), 6)
    assert o.delayed and o.effort_lost == {Pool.FOCUS: 1} and o.effort_spent == {}
    # with no Focus left there is none to lose, but the delay stands
    o = settle(hit(BASH, L), 6)
    assert o.delayed and o.effort_lost == {}


@pytest.mark.rules("WD-WFX-011", "WD-WFX-004")
def test_lesser_bash__negating_3_4_also_gives_up_the_fading() -> None:
    o = settle(hit(BASH, L, effort={Pool.RECOVERY: 1}), 3, picks={"negate": "recovery"})
    assert o.negated and not o.conditions and not o.wound_fades_on_rest


# -- Moderate Bash (src 686-690) -------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-017")
@pytest.mark.parametrize("face", [1, 2, 3])
def test_moderate_bash__1_3_knocked_back_10_and_down(face: int) -> None:
    o = settle(hit(BASH, M), face)
    assert o.knockback_ft == 10 and statuses(o) == {Status.KNOCKED_DOWN}


@pytest.mark.rules("WD-WFX-017")
@pytest.mark.parametrize(
    ("stats", "lowered"),
    [
        ({Stat.BRAWN: 5, Stat.ATHLETICS: 4, Stat.GUTS: 3}, Stat.BRAWN),
        ({Stat.BRAWN: 2, Stat.ATHLETICS: 4, Stat.GUTS: 3}, Stat.ATHLETICS),
        # Dexterity 6 is not among the three
        ({Stat.BRAWN: 3, Stat.ATHLETICS: 2, Stat.GUTS: 4, Stat.DEXTERITY: 6}, Stat.GUTS),
    ],
)
@pytest.mark.parametrize("face", [4, 5])
def test_moderate_bash__4_5_pain_and_minus_1_to_the_highest_of_brawn_athletics_guts(
    face: int, stats: dict[Stat, int], lowered: Stat
) -> None:
    o = settle(hit(BASH, M, stats=stats), face)
    assert statuses(o) == {Status.PAINED_PHYSICAL}
    assert o.stat_losses == (StatLoss(stat=lowered, points=1, lasting=StatLasting.TEMPORARY),)


@pytest.mark.rules("WD-WFX-017")
def test_moderate_bash__4_5_tie_for_highest__the_target_picks() -> None:
    h = hit(BASH, M, stats={Stat.BRAWN: 4, Stat.ATHLETICS: 2, Stat.GUTS: 4})
    n = need(settle(h, 4))
    assert (n.key, n.chooser, n.options) == ("stat", Chooser.TARGET, ("brawn", "guts"))
    o = settle(h, 4, picks={"stat": "guts"})
    assert o.stat_losses[0].stat is Stat.GUTS
    with pytest.raises(RuleViolation, match="not one of the choices"):
        settle(h, 4, picks={"stat": "athletics"})


@pytest.mark.rules("WD-WFX-017", "WD-WFX-005", "WD-STATUS-007")
def test_moderate_bash__6_pain_in_a_limb_of_the_attackers_choice_tied_to_scarring() -> None:
    n = need(settle(hit(BASH, M), 6))
    assert (n.key, n.chooser) == ("limb", Chooser.ATTACKER)
    assert n.options == ("left_arm", "right_arm", "left_leg", "right_leg")
    o = settle(hit(BASH, M), 6, picks={"limb": "left_leg"})
    (pain,) = o.conditions
    assert (pain.status, pain.part, pain.scarring) == (Status.PAINED_PART, BodyPart.LEFT_LEG, True)
    # long-term: only treatment ends it, not a rest or the end of the fight
    assert pain.endings == {Ending.TREATED}


# -- Critical Bash: Pulverized (src 714-716) -------------------------------------------------------


@pytest.mark.rules("WD-WFX-023")
@pytest.mark.parametrize(("dots", "threshold"), [(0, 2), (1, 3), (2, 4)])
def test_critical_bash__wx21_each_dot_raises_the_repeat_threshold(dots: int, threshold: int) -> None:
    # WX-21: no effort -> repeat on 2+; 1 dot -> 3+; 2 dots -> 4+
    h = hit(BASH, C, effort={Pool.STAMINA: 2})
    spend = ["stamina"] * dots
    first = {"pulverize_effort": spend, "pulverize.1": "stat_points", "pulverize.1.stats": ["brawn", "brawn"]}
    assert roll(settle(h, picks=first)).tn == threshold
    # one below the threshold stops the chain; the threshold itself repeats it
    stop = settle(h, picks=first, dice={"repeat.1": threshold - 1})
    assert stop.complete
    again = settle(h, picks=first, dice={"repeat.1": threshold})
    assert need(again).key == "pulverize.2"


@pytest.mark.rules("WD-WFX-023")
def test_critical_bash__a_face_of_1_always_stops_and_6_always_repeats_without_effort() -> None:
    h = hit(BASH, C)
    two = {"pulverize.1": "stat_points", "pulverize.1.stats": ["wits", "guts"]}
    assert settle(h, picks=two, dice={"repeat.1": 1}).complete
    assert not settle(h, picks=two, dice={"repeat.1": 6}).complete


@pytest.mark.rules("WD-WFX-023")
def test_critical_bash__stat_points_are_long_term__a_part_loses_all_function() -> None:
    h = hit(BASH, C)
    o = settle(
        h,
        picks={
            "pulverize.1": "stat_points",
            "pulverize.1.stats": ["dexterity"] * 2,
            "pulverize.2": "right_arm",
        },
        dice={"repeat.1": 4, "repeat.2": 1},
    )
    assert o.complete
    assert o.stat_losses == (StatLoss(stat=Stat.DEXTERITY, points=2, lasting=StatLasting.LONG_TERM),)
    assert parts(o, Status.DISABLED_LIMB) == {BodyPart.RIGHT_ARM}
    assert all(c.scarring for c in o.conditions)


@pytest.mark.rules("WD-WFX-023")
def test_critical_bash__choosing_the_head_means_dying() -> None:
    o = settle(hit(BASH, C), picks={"pulverize.1": "head"}, dice={"repeat.1": 1})
    assert o.dying and not o.slain


@pytest.mark.rules("WD-WFX-023")
def test_critical_bash__either_two_stat_points_or_one_part() -> None:
    n = need(settle(hit(BASH, C)))
    assert n.options == ("stat_points", "left_arm", "right_arm", "left_leg", "right_leg", "head")
    assert n.counts == (1,)
    with pytest.raises(RuleViolation):
        settle(hit(BASH, C), picks={"pulverize.1": ["stat_points", "left_arm"]})
    with pytest.raises(RuleViolation, match="pick 2"):
        settle(hit(BASH, C), picks={"pulverize.1": "stat_points", "pulverize.1.stats": ["brawn"]})


@pytest.mark.rules("WD-WFX-023")
def test_critical_bash__one_point_left_to_lose_is_all_that_goes() -> None:
    # every stat at 1 but Wits 2: "stat points" takes the single point there is, no choice
    stats = dict.fromkeys(Stat, 1) | {Stat.WITS: 2}
    o = settle(hit(BASH, C, stats=stats), picks={"pulverize.1": "stat_points"}, dice={"repeat.1": 1})
    assert o.stat_losses == (StatLoss(stat=Stat.WITS, points=1, lasting=StatLasting.LONG_TERM),)


@pytest.mark.rules("WD-WFX-023")
def test_critical_bash__nothing_left_to_lose_is_death() -> None:
    # every stat at 1 and no part whole: the first pass already has nothing to take
    ones = dict.fromkeys(Stat, 1)
    o = settle(hit(BASH, C, stats=ones, parts=()))
    assert o.complete and o.slain
    # one part left: it goes (no choice), a repeat finds nothing more
    o = settle(hit(BASH, C, stats=ones, parts=(BodyPart.LEFT_LEG,)), dice={"repeat.1": 2})
    assert parts(o, Status.DISABLED_LIMB) == {BodyPart.LEFT_LEG} and o.slain


@pytest.mark.rules("WD-WFX-023")
def test_critical_bash__a_stat_never_goes_below_1() -> None:
    h = hit(BASH, C, stats={Stat.WITS: 2})
    with pytest.raises(RuleViolation, match="at most 1"):
        settle(h, picks={"pulverize.1": "stat_points", "pulverize.1.stats": ["wits", "wits"]})


@pytest.mark.rules("WD-WFX-023")
@given(seed=st.integers(0, 10_000), dots=st.integers(0, 3))
def test_critical_bash__any_chain_settles_with_stats_at_least_1(seed: int, dots: int) -> None:
    h = hit(BASH, C, effort={Pool.RECOVERY: dots})
    o = play_out(h, None, random.Random(seed))
    lost = {s: sum(x.points for x in o.stat_losses if x.stat is s) for s in Stat}
    assert all(3 - lost[s] >= 1 for s in Stat)
    assert sum(o.effort_spent.values()) <= dots


@pytest.mark.rules("WD-WFX-023")
def test_critical_bash__expected_passes_exact() -> None:
    # the chain repeats with p = 5/6 (2+); passes are geometric: mean 1 / (1 - 5/6) = 6.
    # brute force over given repeat dice: the chance of exactly k passes is (5/6)^(k-1) * 1/6
    h = hit(BASH, C, stats=dict.fromkeys(Stat, 6))
    for k in (1, 2, 3):
        repeats = {f"repeat.{i}": 6 for i in range(1, k)} | {f"repeat.{k}": 1}
        picks = {f"pulverize.{i}": "stat_points" for i in range(1, k + 1)}
        picks |= {f"pulverize.{i}.stats": ["brawn", "wits"] for i in range(1, k + 1)}
        assert settle(h, picks=picks, dice=repeats).complete
    p_repeat = Fraction(sum(1 for d in range(1, 7) if d >= 2), 6)
    assert p_repeat == Fraction(5, 6) and 1 / (1 - p_repeat) == 6
