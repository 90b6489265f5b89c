"""Pierce effects, every row with given dice (WD-WFX-012, -018, -024)."""

from __future__ import annotations

import pytest

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.statuses import Reach
from capeworks.systems.weaverdice.vocab import BodyPart, DamageType, Pool, Status
from capeworks.systems.weaverdice.wfx import Chooser, WoundGrant
from tests.systems.weaverdice.wfx_support import C, L, M, hit, is_plain, need, parts, roll, settle, statuses

PIERCE = DamageType.PIERCE


# -- Lesser Pierce (src 662-668) -------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-012", "WD-WOUND-014")
@pytest.mark.parametrize("face", [1, 2])
def test_lesser_pierce__1_2_the_wound_fades_at_the_next_rest(face: int) -> None:
    # a good row: no Recovery dot is offered against it
    o = settle(hit(PIERCE, L, effort={Pool.RECOVERY: 1}), face)
    assert o.complete and o.wound_fades_on_rest and o.conditions == () and o.effort_spent == {}


@pytest.mark.rules("WD-WFX-012")
@pytest.mark.parametrize("face", [3, 4])
def test_lesser_pierce__3_4_no_effect(face: int) -> None:
    assert is_plain(settle(hit(PIERCE, L), face))


@pytest.mark.rules("WD-WFX-012", "WD-STATUS-011", "WD-STATUS-012")
def test_lesser_pierce__5_stuck_when_it_can_stay_in() -> None:
    o = settle(hit(PIERCE, L), 5)
    (stuck,) = o.conditions
    assert (stuck.status, stuck.reach, stuck.pinned, stuck.wound) == (Status.STUCK, Reach.MELEE, False, "w1")


@pytest.mark.rules("WD-WFX-012", "WD-STATUS-013")
def test_lesser_pierce__5_a_ranged_object_pins_only_where_the_surroundings_allow() -> None:
    assert settle(hit(PIERCE, L, reach=Reach.RANGED, pinnable=True), 5).conditions[0].pinned
    assert not settle(hit(PIERCE, L, reach=Reach.RANGED), 5).conditions[0].pinned


@pytest.mark.rules("WD-WFX-012")
def test_lesser_pierce__5_otherwise_bleeding() -> None:
    assert statuses(settle(hit(PIERCE, L, can_stick=False), 5)) == {Status.BLEEDING}


@pytest.mark.rules("WD-WFX-012", "WD-WFX-018")
def test_lesser_pierce__6_escalates_to_moderate_and_rolls_moderate_pierce() -> None:
    o = settle(hit(PIERCE, L), 6)
    assert o.wound_tier is M and roll(o).key == "escalated"
    # escalated face 5: Moderate Pierce 5 -> a limb disabled (attacker's choice) and pain
    o = settle(hit(PIERCE, L), 6, dice={"escalated": 5}, picks={"limb": "left_leg"})
    assert o.complete and o.wound_tier is M and o.rows == (668, 696)
    assert parts(o, Status.DISABLED_LIMB) == {BodyPart.LEFT_LEG}
    assert Status.PAINED_PHYSICAL in statuses(o)


@pytest.mark.rules("WD-WFX-012", "WD-WFX-004")
def test_lesser_pierce__6_a_recovery_dot_stops_the_escalation() -> None:
    h = hit(PIERCE, L, effort={Pool.RECOVERY: 2})
    o = settle(h, 6, picks={"negate": "recovery"})
    assert o.negated and o.wound_tier is L and o.complete
    # kept: the escalated moderate effect may be ignored with another dot
    o = settle(h, 6, picks={"negate": [], "negate.escalated": "recovery"}, dice={"escalated": 6})
    assert o.wound_tier is M and o.effort_spent == {Pool.RECOVERY: 1}
    # headshot prevented by the dot: knocked down instead
    assert statuses(o) == {Status.KNOCKED_DOWN} and not o.dying


# -- Moderate Pierce (src 692-698) -----------------------------------------------------------------


@pytest.mark.rules("WD-WFX-018")
@pytest.mark.parametrize("face", [1, 2])
def test_moderate_pierce__1_2_no_effect(face: int) -> None:
    assert is_plain(settle(hit(PIERCE, M, effort={Pool.RECOVERY: 1}), face))


@pytest.mark.rules("WD-WFX-018")
@pytest.mark.parametrize("face", [3, 4])
def test_moderate_pierce__3_4_another_moderate_wound_with_no_effect_roll(face: int) -> None:
    o = settle(hit(PIERCE, M), face)
    assert o.wounds == (WoundGrant(tier=M, temporary=False, rolls_effect=False),)


@pytest.mark.rules("WD-WFX-018", "WD-WFX-005")
def test_moderate_pierce__5_disables_a_limb_of_the_attackers_choice_and_pain() -> None:
    n = need(settle(hit(PIERCE, M), 5))
    assert (n.key, n.chooser) == ("limb", Chooser.ATTACKER)
    assert "head" not in n.options
    o = settle(hit(PIERCE, M), 5, picks={"limb": "right_arm"})
    assert parts(o, Status.DISABLED_LIMB) == {BodyPart.RIGHT_ARM}
    assert statuses(o) == {Status.DISABLED_LIMB, Status.PAINED_PHYSICAL}


@pytest.mark.rules("WD-WFX-018")
def test_moderate_pierce__6_headshot_puts_the_target_dying() -> None:
    o = settle(hit(PIERCE, M), 6)
    assert o.dying and o.conditions == ()


@pytest.mark.rules("WD-WFX-018", "WD-WFX-008")
def test_moderate_pierce__6_a_helmet_makes_it_knocked_down() -> None:
    # the helmet prevents it without a prompt, even with a Recovery dot to spare
    o = settle(hit(PIERCE, M, helmet=True, effort={Pool.RECOVERY: 1}), 6)
    assert o.complete and not o.dying and statuses(o) == {Status.KNOCKED_DOWN} and o.effort_spent == {}


@pytest.mark.rules("WD-WFX-018", "WD-WFX-004")
def test_moderate_pierce__6_a_recovery_dot_makes_it_knocked_down() -> None:
    h = hit(PIERCE, M, effort={Pool.RECOVERY: 1})
    assert need(settle(h, 6)).rule == "WD-WFX-018"
    o = settle(h, 6, picks={"negate": "recovery"})
    assert not o.dying and statuses(o) == {Status.KNOCKED_DOWN} and o.effort_spent == {Pool.RECOVERY: 1}
    assert settle(h, 6, picks={"negate": []}).dying


# -- Critical Pierce (src 718-720) -----------------------------------------------------------------


@pytest.mark.rules("WD-WFX-024")
@pytest.mark.parametrize("face", [1, 2, 3])
def test_critical_pierce__1_3_dying_and_nothing_else(face: int) -> None:
    o = settle(hit(PIERCE, C, effort={Pool.RECOVERY: 3}), face)
    assert o.complete and o.dying and not o.slain and o.conditions == () and o.effort_spent == {}


@pytest.mark.rules("WD-WFX-024", "WD-EFFORT-006")
@pytest.mark.parametrize("face", [4, 5, 6])
def test_critical_pierce__4_6_impaled__three_dots_from_any_pools_turn_death_into_knocked_down(
    face: int,
) -> None:
    h = hit(PIERCE, C, effort={Pool.STAMINA: 1, Pool.FOCUS: 1, Pool.RECOVERY: 2})
    n = need(settle(h, face))
    assert (n.key, n.counts) == ("impaled_effort", (0, 3))
    o = settle(h, face, picks={"impaled_effort": ["stamina", "focus", "recovery"]})
    assert not o.slain and statuses(o) == {Status.KNOCKED_DOWN}
    assert o.effort_spent == {Pool.STAMINA: 1, Pool.FOCUS: 1, Pool.RECOVERY: 1}
    assert settle(h, face, picks={"impaled_effort": []}).slain
    with pytest.raises(RuleViolation, match="0 or 3"):
        settle(h, face, picks={"impaled_effort": ["stamina", "focus"]})


@pytest.mark.rules("WD-WFX-024")
def test_critical_pierce__impaled_with_fewer_than_three_dots_is_slain_outright() -> None:
    o = settle(hit(PIERCE, C, effort={Pool.FOCUS: 2}), 4)
    assert o.complete and o.slain and o.effort_spent == {}
