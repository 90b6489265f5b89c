"""Burn effects, every row with given dice, and the coverage feature (WD-WFX-014, -020, -026, -008, -009)."""

from __future__ import annotations

import pytest

from capeworks.errors import DiceValueError
from capeworks.systems.weaverdice.statuses import Ending
from capeworks.systems.weaverdice.vocab import DamageType, Pool, Status
from capeworks.systems.weaverdice.wfx import GearHit, WoundGrant
from tests.systems.weaverdice.wfx_support import C, L, M, hit, is_plain, need, roll, settle, statuses

BURN = DamageType.BURN


# -- Lesser Burn (src 736-740) ---------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-014", "WD-WFX-008", "WD-WFX-009")
@pytest.mark.parametrize("face", range(1, 7))
def test_lesser_burn__coverage_suffers_no_effect(face: int) -> None:
    o = settle(hit(BURN, L, coverage=True, bare=True), face)
    assert o.covered and is_plain(o) and o.rows == ()


@pytest.mark.rules("WD-WFX-014", "WD-WOUND-013")
@pytest.mark.parametrize("face", [1, 2, 3])
def test_lesser_burn__1_3_an_extra_temporary_lesser_wound(face: int) -> None:
    o = settle(hit(BURN, L), face)
    assert o.wounds == (WoundGrant(tier=L, temporary=True),) and o.wound_tier is L


@pytest.mark.rules("WD-WFX-014", "WD-WFX-008")
@pytest.mark.parametrize("face", [1, 2, 3])
def test_lesser_burn__1_3_on_bare_skin_the_wound_is_not_temporary(face: int) -> None:
    assert settle(hit(BURN, L, bare=True), face).wounds == (WoundGrant(tier=L, temporary=False),)


@pytest.mark.rules("WD-WFX-014", "WD-STATUS-007")
@pytest.mark.parametrize("face", [4, 5, 6])
def test_lesser_burn__4_6_scarred__bare_skin_is_pained_too(face: int) -> None:
    o = settle(hit(BURN, L), face)
    assert o.wound_scarred and o.conditions == ()
    o = settle(hit(BURN, L, bare=True), face)
    assert o.wound_scarred and statuses(o) == {Status.PAINED_PHYSICAL}


# -- Moderate Burn (src 758-764) -------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-020", "WD-WFX-007")
@pytest.mark.parametrize("face", [1, 2])
def test_moderate_burn__1_2_one_piece_of_gear_loses_its_bottom_feature(face: int) -> None:
    o = settle(hit(BURN, M, gear=("gloves",)), face)
    assert o.gear == (GearHit(piece="gloves"),)


@pytest.mark.rules("WD-WFX-020", "WD-WOUND-013")
@pytest.mark.parametrize("face", [3, 4])
def test_moderate_burn__3_4_scarred_temporary_wound_and_pain(face: int) -> None:
    o = settle(hit(BURN, M, bare=True), face)
    # bare skin changes nothing here: the clause belongs to the lesser table
    assert o.wound_scarred and o.wounds == (WoundGrant(tier=L, temporary=True),)
    assert statuses(o) == {Status.PAINED_PHYSICAL}


@pytest.mark.rules("WD-WFX-020", "WD-STATUS-016", "WD-COMBAT-035")
@pytest.mark.parametrize("face", [5, 6])
def test_moderate_burn__5_6_ongoing_damage_until_a_rest(face: int) -> None:
    o = settle(hit(BURN, M), face)
    (burning,) = o.conditions
    assert burning.status is Status.ONGOING_DAMAGE and not burning.consuming
    assert burning.endings == {Ending.ANY_REST, Ending.ENCOUNTER_END}


@pytest.mark.rules("WD-WFX-020", "WD-WFX-008")
@pytest.mark.parametrize(("face", "lesser_row"), [(1, 738), (3, 738), (4, 740), (6, 740)])
def test_moderate_burn__coverage_treats_it_as_the_lesser_effect(face: int, lesser_row: int) -> None:
    # the same face read on the Lesser Burn table, and no further step down
    o = settle(hit(BURN, M, coverage=True), face)
    assert o.covered and o.rows == (lesser_row,) and o.conditions == ()
    assert o.wound_tier is M  # the wound is still moderate


# -- Critical Burn (src 782) -----------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-026", "WD-STATUS-016")
def test_critical_burn__a_physical_point_each_round_until_treated() -> None:
    o = settle(hit(BURN, C, effort={Pool.RECOVERY: 1}))
    assert o.complete and o.face is None  # no row to roll, nothing to negate
    (burning,) = o.conditions
    assert (burning.status, burning.consuming, burning.source) == (Status.ONGOING_DAMAGE, True, "a")
    assert burning.endings == {Ending.OUTSIDE_HELP}


@pytest.mark.rules("WD-WFX-026", "WD-WFX-008")
def test_critical_burn__coverage_and_one_dot_make_it_a_moderate_burn_effect() -> None:
    h = hit(BURN, C, coverage=True, effort={Pool.STAMINA: 1, Pool.RECOVERY: 1})
    n = need(settle(h))
    assert (n.key, n.counts) == ("coverage", (0, 1))
    o = settle(h, picks={"coverage": "stamina"})
    assert roll(o).key == "effect"
    o = settle(h, picks={"coverage": "stamina"}, dice={"effect": 5})
    # Moderate Burn 5-6, read as it stands (no second step down, no Recovery dot against it)
    assert o.complete and o.covered and o.rows == (764,) and o.effort_spent == {Pool.STAMINA: 1}
    assert [c.consuming for c in o.conditions] == [False]
    # declining the dot: the consuming burn
    assert settle(h, picks={"coverage": []}).conditions[0].consuming


@pytest.mark.rules("WD-WFX-026")
def test_critical_burn__coverage_without_effort_is_the_full_burn() -> None:
    o = settle(hit(BURN, C, coverage=True))
    assert o.complete and o.conditions[0].consuming and not o.covered


@pytest.mark.rules("WD-WFX-001")
def test_effect_face_must_be_a_d6_face() -> None:
    with pytest.raises(DiceValueError):
        settle(hit(BURN, M), 7)
