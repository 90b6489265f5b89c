"""The wound track (WD-WOUND): slots, displacement, armor, stay-up checks, unconscious, dying, dead."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.checks import check
from capeworks.systems.weaverdice.config import WeaverdiceConfig
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.vocab import DamageType, Stat, Tier, WoundTier
from capeworks.systems.weaverdice.wounds import (
    Placement,
    Standing,
    Track,
    Wound,
)

CFG = WeaverdiceConfig()
L = Wound(tier=WoundTier.LESSER, damage=DamageType.BASH)
M = Wound(tier=WoundTier.MODERATE, damage=DamageType.PIERCE)
C = Wound(tier=WoundTier.CRITICAL, damage=DamageType.CUT)
PC = Character(id="pc", name="Pat", stats={Stat.GUTS: 3})


def filled(*wounds: Wound, slots: int = 3, armor: int = 0, tier: Tier = Tier.PC) -> Track:
    track = Track(tier=tier, slots=slots, armor=armor)
    for w in wounds:
        track, _ = track.place(w)
    return track


@pytest.mark.rules("WD-WOUND-001", "WD-WOUND-002", "WD-COMBAT-024", "WD-COMBAT-025")
def test_each_wound_fills_a_slot_superficial_nothing() -> None:
    track, placed = Track.of(PC).place(Wound(tier=WoundTier.SUPERFICIAL))
    assert placed.placement is Placement.SUPERFICIAL and not placed.effect_roll and track.wounds == ()
    track, placed = track.place(L)
    assert placed.placement is Placement.SLOT and placed.effect_roll and not placed.stay_up
    assert [w.tier for w in track.wounds] == [WoundTier.LESSER]
    assert WoundTier.SUPERFICIAL < WoundTier.LESSER < WoundTier.MODERATE < WoundTier.CRITICAL


@pytest.mark.rules("WD-WOUND-003")
def test_moderate_displaces_a_lesser_whose_effects_stay__wx18() -> None:
    bleeder = Wound(tier=WoundTier.LESSER, damage=DamageType.CUT, ongoing=True)
    track = filled(bleeder, M, M)
    track, placed = track.place(M)
    assert placed.placement is Placement.DISPLACED and placed.displaced == bleeder
    assert placed.effect_roll  # the moderate still rolls its effect
    assert track.count(WoundTier.MODERATE) == 3 and track.count(WoundTier.LESSER) == 0


@pytest.mark.rules("WD-WOUND-003")
def test_full_track__lesser_adds_nothing_critical_replaces_the_lowest() -> None:
    track = filled(L, M, M)
    same, placed = track.place(L)
    assert placed.placement is Placement.NOTHING and placed.effect_roll and placed.stay_up
    assert same.wounds == track.wounds
    crit, placed = track.place(C)
    assert placed.displaced == L and crit.count(WoundTier.CRITICAL) == 1


@pytest.mark.rules("WD-WOUND-004", "WD-STAT-005")
def test_armor_slots_fill_first_and_absorb_conventional_effects() -> None:
    track = Track.of(PC.model_copy(update={"armor": 1}))
    assert (track.slots, track.armor) == (3, 1)
    track, placed = track.place(M)
    assert placed.placement is Placement.ARMOR and not placed.effect_roll
    _, power = Track.of(PC.model_copy(update={"armor": 1})).place(M, conventional=False)
    assert power.effect_roll  # a power hit still rolls its effect
    track, placed = track.place(L)
    assert placed.placement is Placement.SLOT and placed.effect_roll


@pytest.mark.rules("WD-WOUND-005", "WD-WOUND-006", "WD-WOUND-007")
def test_stay_up_checks_grow_harder__wx60() -> None:
    # WX-60: Guts 3, one lesser and two moderates fill the track
    track = filled(L, M)
    track, placed = track.place(M)
    assert placed.stay_up and placed.penalty == 0  # Guts 3+ at +0
    track = track.stay_up(success=True, round_=1)
    track, placed = track.place(M)  # displaces the lesser
    assert placed.stay_up and placed.penalty == -1
    # Guts 3 (+0), d=3, -1 -> 2 < 3: fails; no lesser left -> dying
    roll = check([3], modifier=0 + placed.penalty, tn=CFG.stay_up_tn)
    assert not roll.success
    dying = track.stay_up(success=False, round_=2)
    assert dying.standing is Standing.DYING and dying.dying_since == 2
    # the same failure with a lesser still on the track -> unconscious
    out = filled(L, M, M).stay_up(success=False, round_=1)
    assert out.standing is Standing.UNCONSCIOUS


@pytest.mark.rules("WD-WOUND-005")
def test_clearing_a_slot_resets_the_penalty() -> None:
    track = filled(L, M, M).stay_up(success=True, round_=1).stay_up(success=True, round_=1)
    assert track.penalty == -2
    assert track.clear(0).penalty == 0


@pytest.mark.rules("WD-WOUND-008")
def test_unconscious__rouse_keeps_the_penalty_medical_8() -> None:
    out = filled(L, M, M).stay_up(success=False, round_=1)
    assert out.medical_dc(CFG) == 8 and out.medical(CFG).dc == 8
    up = out.rouse()
    assert up.standing is Standing.UP and up.penalty == -1
    with pytest.raises(RuleViolation):
        up.rouse()


@pytest.mark.rules("WD-WOUND-009")
def test_dying_clock__dead_at_the_end_of_the_third_round() -> None:
    dying = filled(M, M, M).stay_up(success=False, round_=4)
    assert dying.medical_dc(CFG) == 12
    assert dying.at_round_end(4, config=CFG).standing is Standing.DYING
    assert dying.at_round_end(5, config=CFG).standing is Standing.DYING
    assert dying.at_round_end(6, config=CFG).standing is Standing.DEAD  # rounds 4, 5, 6
    assert dying.rouse().at_round_end(6, config=CFG).standing is Standing.UP


@pytest.mark.rules("WD-WOUND-011")
def test_all_critical_track_is_death_otherwise_criticals_count_as_moderates() -> None:
    track = filled(C, C)
    track, placed = track.place(C)
    assert placed.standing is Standing.DEAD and track.standing is Standing.DEAD
    mixed = filled(C, M, C).stay_up(success=False, round_=1)
    assert mixed.standing is Standing.DYING  # no lesser: dying, not dead


@pytest.mark.rules("WD-WOUND-012", "WD-NPC-004", "WD-NPC-005", "WD-STAT-020")
def test_generics_drop_at_guts_wounds_bystanders_at_once() -> None:
    thug = Track.of(Character(id="t", name="Thug", tier=Tier.GENERIC, stats={Stat.GUTS: 2}))
    thug, placed = thug.place(L)
    assert placed.standing is None and not placed.stay_up
    thug, placed = thug.place(L)
    assert placed.standing is Standing.DOWN and not placed.stay_up
    by, placed = Track.of(Character(id="b", name="B", tier=Tier.BYSTANDER)).place(L)
    assert placed.standing is Standing.DOWN and by.standing is Standing.DOWN
    # whether a dropped generic died (Guts 4+) is rolled at the table: test_fate.py


@pytest.mark.rules("WD-WOUND-013", "WD-WOUND-015")
def test_temporary_wounds_go_at_encounter_end() -> None:
    track = filled(L, Wound(tier=WoundTier.LESSER, damage=DamageType.BURN, temporary=True))
    assert [w.temporary for w in track.after_encounter().wounds] == [False]


@pytest.mark.rules("WD-WOUND-014")
def test_fades_on_next_rest() -> None:
    fading = Wound(tier=WoundTier.LESSER, damage=DamageType.BASH, fades_on_rest=True)
    track = filled(fading, M)
    assert track.rested().wounds == (M,)


@pytest.mark.rules("WD-COMBAT-033")
def test_rest_reduces_the_most_minor_free_wound() -> None:
    track, was = filled(M, L).reduce_most_minor()
    assert was == L and track.wounds == (M,)
    track, was = filled(M, M).reduce_most_minor()
    assert [w.tier for w in track.wounds] == [WoundTier.LESSER, WoundTier.MODERATE]
    with pytest.raises(RuleViolation):
        filled(M).reduce_most_minor()  # needs two wounds
    bleeding = Wound(tier=WoundTier.LESSER, ongoing=True)
    track, was = filled(bleeding, M).reduce_most_minor()
    assert was == M  # the lesser has an ongoing condition: the moderate drops instead


@pytest.mark.rules("WD-WOUND-002", "WD-WOUND-003")
@given(st.lists(st.sampled_from([WoundTier.LESSER, WoundTier.MODERATE, WoundTier.CRITICAL]), max_size=12))
def test_track_never_holds_more_than_its_slots(tiers: list[WoundTier]) -> None:
    track = Track(slots=3)
    for t in tiers:
        track, _ = track.place(Wound(tier=t))
    assert len(track.wounds) <= 3
    # the worst wound ever taken is on the track (nothing worse displaces it)
    if tiers:
        assert max(w.tier for w in track.wounds) == max(tiers)
