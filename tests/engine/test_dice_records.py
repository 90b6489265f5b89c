"""The dice service's records: built without validating again for the table's own dice, the same values."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from capeworks.engine.dice_service import DiceService
from capeworks.engine.model import RollRecord


@pytest.mark.parametrize("service", [DiceService.seeded(7), DiceService.seeded("3:12"), DiceService.system()])
def test_own_dice__records_equal_what_validation_builds(service: DiceService) -> None:
    for count, sides in [(0, 6), (1, 6), (4, 6), (3, 20)]:
        record = service.roll(count, sides, purpose="check")
        built = RollRecord(purpose="check", sides=sides, faces=record.faces, given=False)
        assert record == built and hash(record) == hash(built)
        assert record.model_dump(mode="json") == built.model_dump(mode="json")
        assert record.model_dump_json() == built.model_dump_json()
        assert record.model_fields_set == built.model_fields_set
        assert all(type(f) is int and 1 <= f <= sides for f in record.faces)


def test_given_dice__are_validated_and_marked_given() -> None:
    service = DiceService.given([3, 4])
    record = service.roll(2, 6, purpose="check")
    assert record == RollRecord(purpose="check", sides=6, faces=(3, 4), given=True)


def test_records__a_purpose_of_the_wrong_type_is_still_refused() -> None:
    with pytest.raises(ValidationError):
        DiceService.seeded(1).roll(1, 6, purpose=3)  # type: ignore[arg-type]


def test_records__the_same_tuple_until_the_next_roll() -> None:
    service = DiceService.seeded(1)
    assert service.records == ()
    first = service.roll(1, 6, purpose="a")
    kept = service.records
    assert kept == (first,) and service.records is kept and service.rolled == 1
    second = service.roll(2, 6, purpose="b")
    assert service.records == (first, second) and kept == (first,)
