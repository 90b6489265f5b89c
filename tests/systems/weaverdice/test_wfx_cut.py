"""Cut effects, every row with given dice (WD-WFX-010, -016, -022)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from capeworks.dice import distribution
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.statuses import Ending
from capeworks.systems.weaverdice.vocab import BodyPart, DamageType, Pool, Stat, Status
from capeworks.systems.weaverdice.wfx import StatLasting, StatLoss
from tests.systems.weaverdice.wfx_support import C, L, M, hit, is_plain, need, parts, roll, settle, statuses

CUT = DamageType.CUT


# -- Lesser Cut (src 642-650) ----------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-010")
@pytest.mark.parametrize("face", [1, 2])
def test_lesser_cut__1_2_no_effect(face: int) -> None:
    # no effect: nothing to negate either, so a Recovery dot is not even offered
    assert is_plain(settle(hit(CUT, L, effort={Pool.RECOVERY: 1}), face))


@pytest.mark.rules("WD-WFX-010")
def test_lesser_cut__3_bleeding() -> None:
    o = settle(hit(CUT, L), 3)
    assert statuses(o) == {Status.BLEEDING} and not o.wound_scarred


@pytest.mark.rules("WD-WFX-010", "WD-STATUS-007")
def test_lesser_cut__4_the_wound_is_scarred() -> None:
    o = settle(hit(CUT, L), 4)
    assert o.wound_scarred and o.conditions == ()


@pytest.mark.rules("WD-WFX-010")
def test_lesser_cut__5_bleeding_and_blinded() -> None:
    assert statuses(settle(hit(CUT, L), 5)) == {Status.BLEEDING, Status.BLINDED}


@pytest.mark.rules("WD-WFX-010", "WD-WFX-006")
def test_lesser_cut__6_pain_and_bleeding__pain_is_physical_by_default() -> None:
    assert statuses(settle(hit(CUT, L), 6)) == {Status.PAINED_PHYSICAL, Status.BLEEDING}
    # a power that says its pain is mental inflicts mental pain instead
    o = settle(hit(CUT, L, pain=Status.PAINED_MENTAL), 6)
    assert statuses(o) == {Status.PAINED_MENTAL, Status.BLEEDING}


@pytest.mark.rules("WD-WFX-010", "WD-WFX-001")
def test_lesser_cut__conditions_are_tied_to_the_wound_and_target() -> None:
    o = settle(hit(CUT, L), 3)
    (bleed,) = o.conditions
    assert (bleed.target, bleed.wound) == ("t", "w1")
    assert Ending.ENCOUNTER_END in bleed.endings


# -- Moderate Cut (src 676-684) --------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-016")
@pytest.mark.parametrize("face", [1, 2])
def test_moderate_cut__1_2_bleeding(face: int) -> None:
    assert statuses(settle(hit(CUT, M), face)) == {Status.BLEEDING}


@pytest.mark.rules("WD-WFX-016", "WD-WFX-005", "WD-STATUS-006")
def test_moderate_cut__3_arm_pain__the_target_picks_the_arm() -> None:
    n = need(settle(hit(CUT, M), 3))
    assert (n.key, n.chooser, n.options) == ("pain_in", "target", ("left_arm", "right_arm"))
    o = settle(hit(CUT, M), 3, picks={"pain_in": "right_arm"})
    assert parts(o, Status.PAINED_PART) == {BodyPart.RIGHT_ARM}


@pytest.mark.rules("WD-WFX-016")
def test_moderate_cut__3_with_one_arm_left_needs_no_choice() -> None:
    o = settle(hit(CUT, M, parts=(BodyPart.LEFT_ARM, BodyPart.LEFT_LEG, BodyPart.RIGHT_LEG)), 3)
    assert o.complete and parts(o, Status.PAINED_PART) == {BodyPart.LEFT_ARM}


@pytest.mark.rules("WD-WFX-016")
def test_moderate_cut__4_leg_pain() -> None:
    assert need(settle(hit(CUT, M), 4)).options == ("left_leg", "right_leg")
    o = settle(hit(CUT, M), 4, picks={"pain_in": "left_leg"})
    assert parts(o, Status.PAINED_PART) == {BodyPart.LEFT_LEG}


@pytest.mark.rules("WD-WFX-016")
def test_moderate_cut__5_bleeding_and_minus_1_brawn_until_it_stops() -> None:
    o = settle(hit(CUT, M), 5)
    assert statuses(o) == {Status.BLEEDING}
    assert o.stat_losses == (StatLoss(stat=Stat.BRAWN, points=1, lasting=StatLasting.WHILE_BLEEDING),)


@pytest.mark.rules("WD-WFX-016", "WD-STATUS-014")
def test_moderate_cut__6_death_sentence() -> None:
    o = settle(hit(CUT, M), 6)
    assert statuses(o) == {Status.DEATH_SENTENCE}
    assert o.conditions[0].endings == {Ending.OUTSIDE_HELP}


@pytest.mark.rules("WD-WFX-016", "WD-WFX-004", "WD-EFFORT-005")
def test_moderate_cut__a_recovery_dot_ignores_the_effect_but_not_the_wound() -> None:
    h = hit(CUT, M, effort={Pool.RECOVERY: 2})
    n = need(settle(h, 6))
    assert (n.key, n.options, n.counts) == ("negate", ("recovery",), (0, 1))
    o = settle(h, 6, picks={"negate": ["recovery"]})
    assert o.negated and o.conditions == () and o.effort_spent == {Pool.RECOVERY: 1}
    assert o.wound_tier is M  # the wound stays
    kept = settle(h, 6, picks={"negate": []})
    assert not kept.negated and statuses(kept) == {Status.DEATH_SENTENCE} and kept.effort_spent == {}


# -- Critical Cut (src 706-712) --------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-022")
@pytest.mark.parametrize(("face", "kind"), [(1, "arm"), (2, "arm"), (3, "leg"), (4, "leg")])
def test_critical_cut__1_4_lose_a_limb(face: int, kind: str) -> None:
    n = need(settle(hit(CUT, C), face))
    assert n.options == (f"left_{kind}", f"right_{kind}")
    o = settle(hit(CUT, C), face, picks={"limb": f"left_{kind}"})
    assert parts(o, Status.LOST_LIMB) == {BodyPart(f"left_{kind}")}
    # no effort to spend: the bare five-minute window
    assert o.complete and o.reattach_minutes == 5


@pytest.mark.rules("WD-WFX-022", "WD-WFX-004")
def test_critical_cut__no_recovery_dot_can_ignore_a_critical_effect() -> None:
    o = settle(hit(CUT, C, effort={Pool.RECOVERY: 1}), 1, picks={"limb": "left_arm"})
    assert need(o).key == "reattach"  # asked about the window, never about negating


@pytest.mark.rules("WD-WFX-022")
@pytest.mark.parametrize(("spent", "minutes"), [([], 5), (["stamina"], 10), (["stamina", "focus"], 20)])
def test_critical_cut__wx24_each_effort_dot_doubles_the_reattach_window(
    spent: list[str], minutes: int
) -> None:
    # WX-24: 5 min; 1 dot -> 5 x 2 = 10; 2 dots -> 5 x 2 x 2 = 20
    h = hit(CUT, C, effort={Pool.STAMINA: 1, Pool.FOCUS: 1})
    o = settle(h, 3, picks={"limb": "right_leg", "reattach": spent})
    assert o.reattach_minutes == minutes and sum(o.effort_spent.values()) == len(spent)


@pytest.mark.rules("WD-WFX-022")
def test_critical_cut__a_limb_already_lost_cannot_be_lost_again() -> None:
    o = settle(hit(CUT, C, parts=(BodyPart.RIGHT_ARM, BodyPart.HEAD)), 1)
    assert parts(o, Status.LOST_LIMB) == {BodyPart.RIGHT_ARM}
    o = settle(hit(CUT, C, parts=(BodyPart.HEAD,)), 3)
    assert o.complete and not o.conditions and o.reattach_minutes is None


@pytest.mark.rules("WD-WFX-022")
@pytest.mark.parametrize(
    ("guts", "effort", "die", "slain"),
    [
        (3, [], 6, True),  # 6 + 0 = 6 < 7: bisected
        (4, [], 6, False),  # 6 + 1 = 7
        (3, ["stamina", "focus"], 5, False),  # 5 + 0 + 2 dots = 7
        (3, ["stamina", "focus"], 4, True),  # 4 + 0 + 2 = 6
        (2, ["stamina", "focus", "recovery"], 5, False),  # 5 - 1 + 3 = 7
    ],
)
def test_critical_cut__5_6_guts_7_or_die__plus_1_per_dot(
    guts: int, effort: list[str], die: int, slain: bool
) -> None:
    h = hit(CUT, C, stats={Stat.GUTS: guts}, effort={Pool.STAMINA: 1, Pool.FOCUS: 1, Pool.RECOVERY: 1})
    save = roll(settle(h, 5, picks={"save_effort": effort}))
    assert (save.stat, save.tn, save.bonus) == (Stat.GUTS, 7, guts - 3 + len(effort))
    o = settle(h, 6, picks={"save_effort": effort}, dice={"save": die})
    assert o.slain is slain and not o.dying


@pytest.mark.rules("WD-WFX-022")
def test_critical_cut__bisect_odds_from_the_dice_engine() -> None:
    # Guts 3 with 2 dots: 1d6+2 >= 7 on a 5 or 6 = 1/3; brute force over the six faces agrees
    h = hit(CUT, C, effort={Pool.FOCUS: 2})
    save = roll(settle(h, 5, picks={"save_effort": ["focus", "focus"]}))
    odds = distribution(save.notation).at_least(save.tn or 0)
    survive = [
        d
        for d in range(1, 7)
        if not settle(h, 5, picks={"save_effort": ["focus"] * 2}, dice={"save": d}).slain
    ]
    assert odds == Fraction(len(survive), 6) == Fraction(1, 3)


@pytest.mark.rules("WD-WFX-022", "WD-EFFORT-006")
def test_critical_cut__spending_more_effort_than_held_is_refused() -> None:
    h = hit(CUT, C, effort={Pool.FOCUS: 1})
    with pytest.raises(RuleViolation, match="only 1 effort dot"):
        settle(h, 5, picks={"save_effort": ["focus", "focus"]})


@pytest.mark.rules("WD-WFX-022")
@pytest.mark.parametrize(
    ("guts", "dots", "chance"), [(3, 0, Fraction(0)), (4, 0, Fraction(1, 6)), (3, 3, Fraction(1, 2))]
)
def test_critical_cut__the_save_shows_its_exact_odds_before_the_roll(
    guts: int, dots: int, chance: Fraction
) -> None:
    # 1d6 + (guts - 3) + dots >= 7: Guts 3 never; Guts 4 on a 6; Guts 3 with 3 dots on 4, 5, 6
    h = hit(CUT, C, stats={Stat.GUTS: guts}, effort={Pool.FOCUS: 3})
    save = roll(settle(h, 5, picks={"save_effort": ["focus"] * dots}))
    assert save.chance == chance
    survive = sum(
        not settle(h, 5, picks={"save_effort": ["focus"] * dots}, dice={"save": d}).slain for d in range(1, 7)
    )
    assert Fraction(survive, 6) == chance


@pytest.mark.rules("WD-WFX-001")
def test_bad_target_facts_are_refused_when_the_hit_is_made() -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        hit(CUT, L, effort={Pool.FOCUS: -1})
    with pytest.raises(ValidationError):
        hit(CUT, L, pain=Status.PAINED_PART)
