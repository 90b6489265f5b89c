"""Rend effects, every row with given dice (WD-WFX-013, -019, -025, -007; WD-EQUIP-013)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.errors import DiceValueError, RuleViolation
from capeworks.systems.weaverdice.vocab import DamageType, Pool, Stat, Status
from capeworks.systems.weaverdice.wfx import Chooser, GearHit, StatLasting, StatLoss
from tests.systems.weaverdice.wfx_support import C, L, M, hit, need, play_out, roll, settle, statuses

REND = DamageType.REND


# -- Lesser Rend (src 728-734) ---------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-013", "WD-WFX-007")
@pytest.mark.parametrize("face", [1, 2])
def test_lesser_rend__1_2_a_piece_of_gear_loses_its_bottom_feature(face: int) -> None:
    h = hit(REND, L, gear=("cowl", "belt"))
    n = need(settle(h, face))
    assert (n.key, n.chooser, n.options) == ("gear", Chooser.TARGET, ("cowl", "belt"))
    o = settle(h, face, picks={"gear": "belt"})
    assert o.gear == (GearHit(piece="belt", destroyed=False, saved=False),)


@pytest.mark.rules("WD-WFX-013")
def test_lesser_rend__1_2_without_gear_does_nothing() -> None:
    o = settle(hit(REND, L), 1)
    assert o.complete and o.gear == ()


@pytest.mark.rules("WD-WFX-013", "WD-EQUIP-013")
@pytest.mark.parametrize(("attacker_die", "saved"), [(4, True), (5, False), (6, False)])
def test_lesser_rend__reinforcement_saves_the_piece_below_its_number(attacker_die: int, saved: bool) -> None:
    # standard reinforcement: the attacker needs 5+ to break it
    h = hit(REND, L, gear=("cowl",), reinforced={"cowl": 5})
    r = roll(settle(h, 2))
    assert (r.key, r.roller, r.tn) == ("reinforce.cowl", Chooser.ATTACKER, 5)
    o = settle(h, 2, dice={"reinforce.cowl": attacker_die})
    assert o.gear == (GearHit(piece="cowl", saved=saved),)


@pytest.mark.rules("WD-WFX-013")
@pytest.mark.parametrize(
    ("pick", "scarred", "status", "loss"),
    [
        ("scarring", True, set(), ()),
        ("bleeding", False, {Status.BLEEDING}, ()),
        ("brawn", False, set(), (StatLoss(stat=Stat.BRAWN, points=1, lasting=StatLasting.TEMPORARY),)),
    ],
)
@pytest.mark.parametrize("face", [3, 4])
def test_lesser_rend__3_4_one_of_scarring_bleeding_or_minus_1_brawn(
    face: int, pick: str, scarred: bool, status: set[Status], loss: tuple[StatLoss, ...]
) -> None:
    n = need(settle(hit(REND, L), face))
    assert (n.options, n.counts) == (("scarring", "bleeding", "brawn"), (1,))
    o = settle(hit(REND, L), face, picks={"rend": pick})
    assert (o.wound_scarred, statuses(o), o.stat_losses) == (scarred, status, loss)


@pytest.mark.rules("WD-WFX-013")
@pytest.mark.parametrize("face", [5, 6])
def test_lesser_rend__5_6_two_different_options(face: int) -> None:
    assert need(settle(hit(REND, L), face)).counts == (2,)
    o = settle(hit(REND, L), face, picks={"rend": ["scarring", "bleeding"]})
    assert o.wound_scarred and statuses(o) == {Status.BLEEDING}
    # scarring only once: the same option twice is refused
    with pytest.raises(RuleViolation, match="different"):
        settle(hit(REND, L), face, picks={"rend": ["scarring", "scarring"]})


# -- Moderate Rend (src 754-756) -------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-019")
@pytest.mark.parametrize("face", [1, 2, 3])
def test_moderate_rend__1_3_pick_as_many_options_as_the_die(face: int) -> None:
    n = need(settle(hit(REND, M), face))
    assert (n.options, n.counts) == (("pain", "bleeding", "scarring", "stat"), (face,))


@pytest.mark.rules("WD-WFX-019")
def test_moderate_rend__the_stat_option_is_minus_2_to_a_physical_stat_half_of_it_long_term() -> None:
    o = settle(hit(REND, M), 2, picks={"rend": ["stat", "bleeding"]})
    n = need(o)
    assert (n.key, n.options) == ("rend_stat", ("brawn", "athletics", "dexterity", "guts"))
    o = settle(hit(REND, M), 2, picks={"rend": ["stat", "bleeding"], "rend_stat": "dexterity"})
    # -2 Dexterity: 1 temporary + 1 long-term (scarring)
    assert o.stat_losses == (
        StatLoss(stat=Stat.DEXTERITY, points=1, lasting=StatLasting.TEMPORARY),
        StatLoss(stat=Stat.DEXTERITY, points=1, lasting=StatLasting.LONG_TERM),
    )
    with pytest.raises(RuleViolation):
        settle(hit(REND, M), 2, picks={"rend": ["stat", "bleeding"], "rend_stat": "wits"})


@pytest.mark.rules("WD-WFX-019")
def test_moderate_rend__4_all_four_without_a_choice_of_options() -> None:
    o = settle(hit(REND, M), 4)
    assert need(o).key == "rend_stat"  # only the stat is left to pick
    o = settle(hit(REND, M), 4, picks={"rend_stat": "brawn"})
    assert statuses(o) == {Status.PAINED_PHYSICAL, Status.BLEEDING} and o.wound_scarred
    assert sum(x.points for x in o.stat_losses) == 2


@pytest.mark.rules("WD-WFX-019", "WD-WFX-005")
@pytest.mark.parametrize("face", [5, 6])
def test_moderate_rend__5_6_attacker_names_two_pieces_target_loses_one(face: int) -> None:
    h = hit(REND, M, costume=("mask", "armor", "belt"))
    n = need(settle(h, face))
    assert (n.key, n.chooser, n.counts) == ("named", Chooser.ATTACKER, (2,))
    n = need(settle(h, face, picks={"named": ["mask", "belt"]}))
    assert (n.key, n.chooser, n.options) == ("lost", Chooser.TARGET, ("mask", "belt"))
    o = settle(h, face, picks={"named": ["mask", "belt"], "lost": "belt"})
    assert o.gear == (GearHit(piece="belt", destroyed=True),)
    with pytest.raises(RuleViolation):
        settle(h, face, picks={"named": ["mask", "belt"], "lost": "armor"})


@pytest.mark.rules("WD-WFX-019", "WD-EQUIP-013")
def test_moderate_rend__a_single_reinforced_piece_is_named_and_may_survive() -> None:
    h = hit(REND, M, costume=("armor",), reinforced={"armor": 4})
    assert roll(settle(h, 5)).key == "reinforce.armor"
    assert settle(h, 5, dice={"reinforce.armor": 3}).gear == (
        GearHit(piece="armor", destroyed=True, saved=True),
    )
    assert not settle(h, 5, dice={"reinforce.armor": 4}).gear[0].saved


# -- Critical Rend (src 780) -----------------------------------------------------------------------


@pytest.mark.rules("WD-WFX-025")
def test_critical_rend__1d4_minus_1_long_term_damage_to_each_stat() -> None:
    o = settle(hit(REND, C))
    r = roll(o)
    assert (r.key, r.dice, r.sides) == ("mangle", 7, 4)
    # faces in stat order, Brawn 4: brawn 4 -> 3, athletics 1 -> 0, dexterity 2 -> 1, social 3 -> 2
    o = settle(hit(REND, C, stats={Stat.BRAWN: 4}), dice={"mangle": [4, 1, 2, 1, 3, 1, 2]})
    assert o.complete
    assert {(x.stat, x.points) for x in o.stat_losses} == {
        (Stat.BRAWN, 3),
        (Stat.DEXTERITY, 1),
        (Stat.SOCIAL, 2),
        (Stat.GUTS, 1),
    }
    assert all(x.lasting is StatLasting.LONG_TERM for x in o.stat_losses)


@pytest.mark.rules("WD-WFX-025", "WD-EFFORT-006")
def test_critical_rend__wx20_two_dots_cancel_six_points() -> None:
    # faces 4,4,4,1,1,1,1 -> 3 + 3 + 3 = 9 points; 2 dots cancel 6, the target says which
    strong = {Stat.BRAWN: 5, Stat.ATHLETICS: 5, Stat.DEXTERITY: 5}
    h = hit(REND, C, effort={Pool.STAMINA: 1, Pool.RECOVERY: 2}, stats=strong)
    mangle = {"mangle": [4, 4, 4, 1, 1, 1, 1]}
    n = need(settle(h, dice=mangle))
    assert (n.key, n.counts) == ("mangle_effort", (0, 1, 2, 3))
    o = settle(h, dice=mangle, picks={"mangle_effort": ["stamina", "recovery"]})
    n = need(o)
    assert (n.key, n.counts, n.limits) == ("cancel", (6,), {"brawn": 3, "athletics": 3, "dexterity": 3})
    o = settle(
        h,
        dice=mangle,
        picks={"mangle_effort": ["stamina", "recovery"], "cancel": ["brawn"] * 3 + ["athletics"] * 3},
    )
    assert o.stat_losses == (StatLoss(stat=Stat.DEXTERITY, points=3, lasting=StatLasting.LONG_TERM),)
    assert o.effort_spent == {Pool.STAMINA: 1, Pool.RECOVERY: 1}


@pytest.mark.rules("WD-WFX-025")
def test_critical_rend__enough_dots_cancel_everything_without_picking() -> None:
    # 2 + 1 = 3 points: one dot cancels all three
    h = hit(REND, C, effort={Pool.FOCUS: 3})
    o = settle(h, dice={"mangle": [3, 2, 1, 1, 1, 1, 1]}, picks={"mangle_effort": "focus"})
    assert o.complete and o.stat_losses == () and o.effort_spent == {Pool.FOCUS: 1}
    # no point rolled: nothing to pay for
    assert settle(h, dice={"mangle": [1] * 7}).complete


@pytest.mark.rules("WD-WFX-025")
def test_critical_rend__a_d4_face_out_of_range_is_refused() -> None:
    with pytest.raises(DiceValueError):
        settle(hit(REND, C), dice={"mangle": [5, 1, 1, 1, 1, 1, 1]})


@pytest.mark.rules("WD-WFX-025")
@given(
    faces=st.lists(st.integers(1, 4), min_size=7, max_size=7), held=st.integers(0, 4), seed=st.integers(0, 99)
)
def test_critical_rend__what_remains_is_the_roll_less_3_per_dot(
    faces: list[int], held: int, seed: int
) -> None:
    # total = sum(face - 1); each dot spent cancels 3 (never below 0)
    h = hit(REND, C, effort={Pool.RECOVERY: held})
    total = sum(f - 1 for f in faces)  # every stat 3: all of it can go, down to 0 (issue 18)
    dots = random.Random(seed).randint(0, min(held, -(-total // 3)))
    picks: dict[str, list[str]] = {"mangle_effort": ["recovery"] * dots}
    o = settle(h, dice={"mangle": faces}, picks=picks)
    if not o.complete:
        n = need(o)
        picks["cancel"] = [s for s in n.options for _ in range(n.limits[s])][: n.counts[0]]
        o = settle(h, dice={"mangle": faces}, picks=picks)
    assert o.complete
    assert sum(x.points for x in o.stat_losses) == max(0, total - 3 * dots)
    assert sum(o.effort_spent.values()) == (dots if total else 0)


@pytest.mark.rules("WD-WFX-025")
@given(seed=st.integers(0, 10_000))
def test_critical_rend__any_play_settles(seed: int) -> None:
    o = play_out(hit(REND, C, effort={Pool.FOCUS: 2}), None, random.Random(seed))
    assert all(1 <= x.points <= 3 for x in o.stat_losses)


@pytest.mark.rules("WD-WFX-025", "WD-STAT-021")
def test_critical_rend__lasting_damage_can_take_a_stat_to_0() -> None:
    # issue 18 (the project's documented reading): Brawn 2 rolls 4 -> 3 points, 2 can go (to 0);
    # Wits 1 rolls 3 -> 2 points, 1 can go (to 0)
    h = hit(REND, C, stats={Stat.BRAWN: 2, Stat.WITS: 1})
    o = settle(h, dice={"mangle": [4, 1, 1, 3, 1, 1, 1]})
    assert o.stat_losses == (
        StatLoss(stat=Stat.BRAWN, points=2, lasting=StatLasting.LONG_TERM),
        StatLoss(stat=Stat.WITS, points=1, lasting=StatLasting.LONG_TERM),
    )
