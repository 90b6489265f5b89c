"""Powers as data: shape validation, effort costs, passive effects, attacks of opportunity, superstats."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.movement import check_aoo_attack, turn_movement
from capeworks.systems.weaverdice.powers import (
    Area,
    AreaShape,
    Classification,
    EffortCost,
    Feat,
    Power,
    PowerAction,
    StatusApplied,
    SuperStat,
    Targeting,
    effort_spend,
    passive_totals,
    super_stats_of,
    superstat_use,
)
from capeworks.systems.weaverdice.vocab import DamageType, Pool, Stat, Status, WoundTier

SEED = Path(__file__).resolve().parents[3].parent / "shared" / "seeds" / "000_6595eaca0229e06e.txt"


def _laser(**kw: Any) -> Power:
    base: dict[str, Any] = {
        "name": "Laser",
        "classifications": [Classification.BLASTER],
        "targeting": Targeting.RANGED,
        "range_ft": 60,
        "attack_stat": Stat.DEXTERITY,
        "damage": DamageType.BURN,
        "tier": WoundTier.MODERATE,
        "cost": [EffortCost(pool=Pool.STAMINA)],
        "statuses": [StatusApplied(status=Status.BLINDED)],
    }
    base.update(kw)
    return Power(**base)


@pytest.mark.rules("WD-COMBAT-009", "WD-COMBAT-017", "WD-COMBAT-024")
def test_power__a_blaster_attack_carries_its_whole_shape() -> None:
    p = _laser()
    assert p.is_attack and p.single_target
    assert (p.damage, p.tier, p.attack_stat, p.range_ft) == (
        DamageType.BURN,
        WoundTier.MODERATE,
        Stat.DEXTERITY,
        60,
    )
    assert p.statuses[0].status == Status.BLINDED
    assert p.action == PowerAction.STANDARD


@pytest.mark.rules("WD-COMBAT-009", "WD-STATUS-015")
def test_power__a_shaker_area_with_its_own_status() -> None:
    p = Power(
        name="Tar Field",
        classifications=[Classification.SHAKER],
        action=PowerAction.FULL,
        targeting=Targeting.AREA,
        area=Area(shape=AreaShape.BURST, size_ft=15, range_ft=40),
        statuses=[StatusApplied(custom="mired in tar"), StatusApplied(status=Status.STUCK)],
        cost=[EffortCost(pool=None, dots=2)],
    )
    assert not p.is_attack and not p.single_target
    assert p.statuses[0].custom == "mired in tar"


@pytest.mark.rules(
    "WD-COMBAT-009", "WD-COMBAT-017", "WD-COMBAT-024", "WD-COMBAT-015", "WD-STATUS-015", "WD-DN-002"
)
@pytest.mark.parametrize(
    ("change", "rule", "words"),
    [
        ({"range_ft": None}, "WD-COMBAT-009", "needs a range"),
        ({"targeting": Targeting.MELEE}, "WD-COMBAT-009", "only a ranged one"),
        ({"targeting": Targeting.AREA, "range_ft": None}, "WD-COMBAT-009", "needs its area"),
        ({"tier": None}, "WD-COMBAT-024", "both its damage type and its wound tier"),
        ({"tier": WoundTier.SUPERFICIAL}, "WD-COMBAT-024", "at least a lesser"),
        ({"targeting": Targeting.SELF, "range_ft": None}, "WD-COMBAT-024", "cannot wound others"),
        ({"attack_stat": None}, "WD-COMBAT-017", "stat its attack roll uses"),
        ({"damage": None, "tier": None, "effects_only": True}, "WD-COMBAT-024", "effects-only"),
        ({"action": PowerAction.REACTION}, "WD-COMBAT-015", "out of turn costs at least a dot of Focus"),
        (
            {"superstats": [SuperStat(stat=Stat.BRAWN, score=6), SuperStat(stat=Stat.BRAWN, score=7)]},
            "WD-DN-002",
            "each super stat once",
        ),
    ],
)
def test_power__refuses_shapes_that_make_no_sense(change: dict[str, Any], rule: str, words: str) -> None:
    with pytest.raises(RuleViolation, match=words) as err:
        _laser(**change)
    assert err.value.rule_id == rule
    assert "=" not in err.value.message


@pytest.mark.rules("WD-STATUS-015")
@pytest.mark.parametrize("kw", [{}, {"status": Status.BLINDED, "custom": "dazzled"}])
def test_status_applied__named_or_own_words_not_both(kw: dict[str, Any]) -> None:
    with pytest.raises(RuleViolation, match="either a named status or its own words"):
        StatusApplied(**kw)


@pytest.mark.rules("WD-COMBAT-015")
def test_power__a_reaction_paid_with_focus_is_fine() -> None:
    p = _laser(action=PowerAction.REACTION, cost=[EffortCost(pool=Pool.FOCUS)])
    assert effort_spend(p, {Pool.FOCUS: 1}, who="Vic") == {Pool.FOCUS: 1}


# -- effort ---------------------------------------------------------------------------------------


@pytest.mark.rules("WD-EFFORT-003")
def test_effort_spend__pays_or_refuses() -> None:
    assert effort_spend(_laser(), {Pool.STAMINA: 1}, who="Vic") == {Pool.STAMINA: 1}
    with pytest.raises(RuleViolation, match="Laser needs 1 Stamina and Vic has 0") as err:
        effort_spend(_laser(), {Pool.STAMINA: 0, Pool.FOCUS: 3}, who="Vic")
    assert err.value.rule_id == "WD-EFFORT-003"
    # 1 Stamina + 2 of any pool taken as Stamina: 3 Stamina in all
    heavy = _laser(cost=[EffortCost(pool=Pool.STAMINA), EffortCost(pool=None, dots=2)])
    with pytest.raises(RuleViolation, match="Choose which effort pool"):
        effort_spend(heavy, {Pool.STAMINA: 3}, who="Vic")
    paid = effort_spend(heavy, {Pool.STAMINA: 3}, who="Vic", any_pool=Pool.STAMINA)
    assert paid == {Pool.STAMINA: 3}
    paid = effort_spend(heavy, {Pool.STAMINA: 1, Pool.RECOVERY: 2}, who="Vic", any_pool=Pool.RECOVERY)
    assert paid == {
        Pool.STAMINA: 1,
        Pool.RECOVERY: 2,
    }
    with pytest.raises(RuleViolation, match="needs 3 Stamina and Vic has 2"):
        effort_spend(heavy, {Pool.STAMINA: 2}, who="Vic", any_pool=Pool.STAMINA)


@pytest.mark.rules("WD-EFFORT-002", "WD-COMBAT-018", "WD-MOVE-007")
def test_passive_effects__sum_across_powers_and_break_the_ceiling() -> None:
    brute = Power(
        name="Hide",
        classifications=[Classification.BRUTE],
        action=PowerAction.PASSIVE,
        defense_bonus=1,
        effort_max={Pool.RECOVERY: 2},
    )
    mover = Power(
        name="Skate",
        classifications=[Classification.MOVER],
        action=PowerAction.PASSIVE,
        movement_ft=30,
        effort_max={Pool.RECOVERY: -1, Pool.STAMINA: 1},
    )
    maxima, ds, feet = passive_totals([brute, mover])
    assert maxima == {Pool.RECOVERY: 1, Pool.STAMINA: 1}
    assert (ds, feet) == (1, 30)
    # sprinting at the 75 ft ceiling, then 30 ft of power: 105
    assert turn_movement(base_ft=30, moves=2, sprint_total=6, push_d3=3, power_ft=feet).total_ft == 105


@pytest.mark.rules("WD-MOVE-004")
def test_aoo__only_single_target_powers_serve() -> None:
    laser = _laser()
    check_aoo_attack(targets=laser.targets)
    assert laser.single_target
    triple = _laser(targets=3)
    assert not triple.single_target
    with pytest.raises(RuleViolation, match="one target only"):
        check_aoo_attack(targets=triple.targets)


# -- the superstats variant ---------------------------------------------------------------------

_SUPERBRAWN = SuperStat(stat=Stat.BRAWN, score=6, effortless="a little more than a cement mixer")


@pytest.mark.rules("WD-DN-002")
def test_superstat__human_tier_passes_superhuman_rolls_with_the_super_score() -> None:
    human = superstat_use(_SUPERBRAWN, feat=Feat.HUMAN, enabled=True)
    assert human is not None and human.auto_pass and human.modifier is None
    car = superstat_use(_SUPERBRAWN, feat=Feat.SUPERHUMAN, enabled=True)
    # Superbrawn 6 -> +3 to the d6 against the GM's 4+ for a car: any d6 passes (1 + 3 = 4)
    assert car is not None and (car.auto_pass, car.modifier) == (False, 3)
    mixer = superstat_use(_SUPERBRAWN, feat=Feat.SUPERHUMAN, enabled=True, within_effortless=True)
    assert mixer is not None and mixer.auto_pass


@pytest.mark.rules("WD-DN-002")
def test_superstat__off_by_config_toggled_off_or_without_a_limit() -> None:
    with pytest.raises(RuleViolation, match="does not use superstats") as err:
        superstat_use(_SUPERBRAWN, feat=Feat.HUMAN, enabled=False)
    assert err.value.rule_id == "WD-DN-002"
    toggled = SuperStat(stat=Stat.WITS, score=5, toggle=True, cost=EffortCost(pool=Pool.FOCUS))
    assert superstat_use(toggled, feat=Feat.HUMAN, enabled=True, active=False) is None
    on = superstat_use(toggled, feat=Feat.SUPERHUMAN, enabled=True)
    assert on is not None and on.cost == {Pool.FOCUS: 1} and on.modifier == 2
    with pytest.raises(RuleViolation, match="no effortless limit"):
        superstat_use(toggled, feat=Feat.SUPERHUMAN, enabled=True, within_effortless=True)


@pytest.mark.rules("WD-DN-002")
def test_super_stats_of__what_the_sheet_treats_as_super_now() -> None:
    wits = SuperStat(stat=Stat.WITS, score=5, toggle=True)
    p = Power(
        name="Flex",
        classifications=[Classification.BRUTE, Classification.THINKER],
        superstats=[_SUPERBRAWN, wits],
    )
    assert super_stats_of([p]) == {Stat.BRAWN, Stat.WITS}
    assert super_stats_of([p], switched_off=[Stat.WITS, Stat.BRAWN]) == {Stat.BRAWN}  # Brawn has no switch


@pytest.mark.skipif(not SEED.is_file(), reason="the seed text is not beside this checkout")
@pytest.mark.rules("WD-COMBAT-009")
def test_classifications__the_twelve_of_the_seed() -> None:
    text = "\n".join(SEED.read_text(encoding="utf-8").splitlines()[210:222])
    assert len(Classification) == 12
    for c in Classification:
        assert f"• {c.value.capitalize()} -" in text


@pytest.mark.rules("WD-COMBAT-024")
def test_a_sheet_file_names_a_powers_wound_tier_as_a_word_or_a_number() -> None:
    word = Power.model_validate({**_laser().model_dump(mode="json"), "tier": "moderate"})
    number = Power.model_validate({**_laser().model_dump(mode="json"), "tier": 2})
    assert word.tier is number.tier is WoundTier.MODERATE
    with pytest.raises(ValueError, match="superficial, lesser, moderate or critical"):
        Power.model_validate({**_laser().model_dump(mode="json"), "tier": "grievous"})
