"""The character sheet and config: the ability list, qualities, talents, variants per table."""

from __future__ import annotations

import json

import pytest

from capeworks.errors import InvalidCommand, NotPermitted, RuleViolation
from capeworks.systems.rwyn.characters import SAMPLE_CHARACTERS
from capeworks.systems.rwyn.config import PRESETS, RwynConfig, Variant, preset
from capeworks.systems.rwyn.sheet import STANDARD_ABILITIES, Ability, TalentHook
from tests.systems.rwyn.helpers import do, state, table


@pytest.mark.rules("RWYN-ABIL-001")
def test_abilities__the_twenty_listed_in_order() -> None:
    assert STANDARD_ABILITIES == (
        "Academics", "Art", "Athletics", "Awareness", "Brawling", "Charm", "Debauchery", "Devices",
        "Endurance", "Guns", "Gymnastics", "Insight", "Mathematics", "Melee", "Performance", "Poise",
        "Science", "Stealth", "Subterfuge", "Survival",
    )  # fmt: skip
    assert {Ability.RESILIENCE, Ability.WEALTH, Ability.REPUTATION} <= set(Ability)


@pytest.mark.rules("RWYN-ABIL-001")
def test_abilities__a_campaign_can_edit_the_list() -> None:
    t = table(
        {"abilities": ["Piloting", "Poise", "Endurance"]}, characters={"x": {"abilities": "Piloting:3"}}
    )
    assert state(t).characters["x"].rating("Piloting") == 3
    with pytest.raises(InvalidCommand, match="no ability called 'Guns'"):
        do(t, "ann", "check", character="x", ability="Guns", difficulty=1)


@pytest.mark.rules("RWYN-ABIL-002", "RWYN-ABIL-003", "RWYN-POOL-001")
def test_sheet__new_character_has_every_ability_with_wealth_and_reputation_at_zero() -> None:
    t = table(characters={"x": {"abilities": "resilience:3"}})
    x = state(t).characters["x"]
    # Resilience is an alias of Endurance by default
    assert x.rating("Endurance") == 3
    assert set(x.abilities) == {*STANDARD_ABILITIES, "Wealth", "Reputation"}
    assert (x.rating("Wealth"), x.rating("Reputation"), x.rating("Stealth")) == (0, 0, 0)


@pytest.mark.rules("RWYN-POOL-001", "RWYN-DESIGN-006")
@pytest.mark.parametrize(
    ("config", "rating", "ok"), [({}, 5, True), ({}, 6, False), ({"ability_max": 10}, 9, True)]
)
def test_sheet__ratings_within_the_table_range(config: dict[str, int], rating: int, ok: bool) -> None:
    t = table(config)
    payload = {"id": "x", "owner": "ann", "abilities": f"Guns:{rating}", "talents": "Knack"}
    if ok:
        do(t, "gm", "add_character", **payload)
    else:
        with pytest.raises(RuleViolation, match="rated from 0 to 5"):
            do(t, "gm", "add_character", **payload)


@pytest.mark.rules("RWYN-DESIGN-006")
def test_big_pools__unlisted_abilities_start_at_five() -> None:
    t = table(PRESETS[Variant.BIG_POOLS], characters={"x": {"abilities": "Guns:9"}})
    x = state(t).characters["x"]
    assert (x.rating("Guns"), x.rating("Stealth"), x.rating("Wealth")) == (9, 5, 0)


@pytest.mark.rules("RWYN-TRAIT-001", "RWYN-TRAIT-002")
def test_qualities__have_both_sides_and_are_added_in_play() -> None:
    t = table(characters={"x": {"qualities": "assertive/hot-tempered"}})
    x = state(t).characters["x"]
    assert (x.qualities[0].benefit, x.qualities[0].drawback) == ("assertive", "hot-tempered")
    with pytest.raises(RuleViolation) as e:
        do(t, "gm", "add_character", id="y", owner="ann", qualities="assertive", talents="Knack")
    assert e.value.rule_id == "RWYN-TRAIT-001"
    # after creation, qualities come through advancement: the GM adds them
    do(t, "gm", "add_quality", character="x", benefit="quick to react", drawback="anxious")
    assert len(state(t).characters["x"].qualities) == 2
    for seat in ("ann", "bo"):
        with pytest.raises(NotPermitted, match="Only the GM can add qualities"):
            do(t, seat, "add_quality", character="x", benefit="a", drawback="b")


@pytest.mark.rules("RWYN-TRAIT-003", "RWYN-TRAIT-004")
def test_talents__at_least_one_at_creation_more_through_advancement() -> None:
    t = table()
    with pytest.raises(RuleViolation) as e:
        do(t, "ann", "add_character", id="x", abilities="Guns:2")
    assert e.value.rule_id == "RWYN-TRAIT-003"
    do(t, "ann", "add_character", id="x", talents="Hit and run:strike_and_move")
    with pytest.raises(NotPermitted, match="Only the GM can add talents"):
        do(t, "ann", "add_talent", character="x", name="Tinkerer", hook="quick_devices")
    do(t, "gm", "add_talent", character="x", name="Tinkerer", hook="quick_devices")
    assert [tl.hook for tl in state(t).characters["x"].talents] == [
        TalentHook.STRIKE_AND_MOVE,
        TalentHook.QUICK_DEVICES,
    ]


@pytest.mark.rules("RWYN-TRAIT-004")
def test_talents__quick_devices_and_strike_and_move_mark_a_success() -> None:
    t = table(
        characters={
            "x": {"abilities": "Devices:2, Brawling:2", "talents": "a:quick_devices,b:strike_and_move"}
        }
    )
    events = do(t, "ann", "check", character="x", ability="Devices", difficulty=1, dice=[5, 2])
    assert events[-2].data["check"]["talent_notes"] == ["quick_devices"]
    events = do(t, "ann", "check", character="x", ability="Brawling", difficulty=1, dice=[6, 2])
    assert events[-2].data["check"]["talent_notes"] == ["strike_and_move"]
    events = do(t, "ann", "check", character="x", ability="Brawling", difficulty=1, dice=[3, 2])
    assert events[-2].data["check"]["talent_notes"] == []


def test_samples__every_shipped_character_is_valid_at_a_core_table() -> None:
    t = table()
    for key in SAMPLE_CHARACTERS:
        do(t, "gm", "add_character", id=key, sample=key, owner="ann")
    assert set(state(t).characters) == set(SAMPLE_CHARACTERS)


@pytest.mark.rules(
    "RWYN-DESIGN-004", "RWYN-DESIGN-005", "RWYN-DESIGN-006", "RWYN-DESIGN-007", "RWYN-DESIGN-002"
)
@pytest.mark.parametrize(
    ("variant", "fields"),
    [
        (Variant.CORE, {"die_size": 6, "success_min": 5, "resolution_mode": "core"}),
        (Variant.SUCCESS_ON_4, {"die_size": 6, "success_min": 4}),  # A: successes on 4-6
        (Variant.TAKE_YOUR_TIME, {"time_auto_successes": True}),  # B
        (Variant.BIG_POOLS, {"ability_min": 1, "ability_max": 10, "ability_start": 5}),  # C: 1-10, start 5
        (Variant.D10_HALF_FACES, {"die_size": 10, "success_min": 6}),  # D: 6+ on a d10
        (
            Variant.SUCCESS_THRESHOLD,
            {"resolution_mode": "success_threshold", "threshold_disaster_dice": False},
        ),
    ],
)
def test_config__every_variant_sets_its_rules_and_round_trips_through_json(
    variant: Variant, fields: dict[str, object]
) -> None:
    cfg = preset(variant)
    assert {k: cfg.model_dump(mode="json")[k] for k in fields} == fields
    assert RwynConfig.model_validate(json.loads(cfg.model_dump_json())) == cfg


def test_config__the_presets_cover_every_variant() -> None:
    assert set(PRESETS) == set(Variant)


@pytest.mark.parametrize(
    "bad",
    [{"die_size": 8}, {"success_min": 7}, {"ability_min": 6}, {"abilities": ["Art", "art"]}, {"extra": 1}],
)
def test_config__inconsistent_values_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        RwynConfig.model_validate(bad)
