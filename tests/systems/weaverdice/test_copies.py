"""``trusted`` makes a model from a rule's own values without validating them (event payloads the
builder reshapes at once, an effect's outcome, a check's roll). The suite's conftest turns
``copies.CHECK`` on, so every one made in any test is validated as well and must come out the same,
value for value and type for type; here: that the check catches what validation would have changed,
and that missing or unknown fields are refused even without it."""

from __future__ import annotations

import pytest

from capeworks.systems.weaverdice import copies
from capeworks.systems.weaverdice.checks import CheckRoll, check
from capeworks.systems.weaverdice.state import PendingEffect
from capeworks.systems.weaverdice.vocab import DamageType, WoundTier
from capeworks.systems.weaverdice.wfx_outcome import EffectOutcome


def test_the_suite_checks_every_trusted_model() -> None:
    assert copies.CHECK


def test_a_trusted_model__equals_the_validated_one_defaults_and_all() -> None:
    made = copies.trusted(
        PendingEffect, damage=DamageType.CUT, tier=WoundTier.LESSER, target="a", wound="w1", face=3
    )
    validated = PendingEffect(damage=DamageType.CUT, tier=WoundTier.LESSER, target="a", wound="w1", face=3)
    assert made == validated
    assert made.__pydantic_fields_set__ == validated.__pydantic_fields_set__
    assert made.model_dump(mode="json") == validated.model_dump(mode="json")
    # a default made by a factory is made afresh for each
    one = copies.trusted(
        EffectOutcome, damage=DamageType.CUT, tier=WoundTier.LESSER, wound_tier=WoundTier.LESSER
    )
    two = copies.trusted(
        EffectOutcome, damage=DamageType.CUT, tier=WoundTier.LESSER, wound_tier=WoundTier.LESSER
    )
    assert one.effort_lost == {} and one.effort_lost is not two.effort_lost


@pytest.mark.parametrize(
    "values",
    [
        {"faces": [4], "kept": 4, "modifier": 0, "tn": 3},  # a list where the field holds a tuple
        {"faces": (4,), "kept": 4, "modifier": 0, "tn": 3.0},  # a float where it holds an int
    ],
)
def test_the_check__refuses_values_validation_would_have_changed(values: dict[str, object]) -> None:
    with pytest.raises(AssertionError, match="CheckRoll made from trusted values differs"):
        copies.trusted(CheckRoll, **values)


def test_the_check__refuses_values_validation_refuses() -> None:
    with pytest.raises(ValueError):  # pydantic's ValidationError
        copies.trusted(CheckRoll, faces=(), kept=4, modifier=0, tn=3)


def test_missing_or_unknown_fields__are_refused_even_unchecked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(copies, "CHECK", False)
    with pytest.raises(TypeError, match=r"missing fields \['tn'\]"):
        copies.trusted(CheckRoll, faces=(4,), kept=4, modifier=0)
    with pytest.raises(TypeError, match=r"unknown fields \['bonus'\]"):
        copies.trusted(CheckRoll, faces=(4,), kept=4, modifier=0, tn=3, bonus=1)


def test_a_check_roll__is_what_validation_made_of_it() -> None:
    roll = check([2, 5], modifier=1, tn=4, morale=0)
    assert roll == CheckRoll(faces=(2, 5), kept=5, modifier=1, cap=None, tn=4)
    assert type(roll.faces) is tuple and roll.success
