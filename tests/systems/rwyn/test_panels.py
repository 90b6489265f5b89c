"""The table drawn for a person: sheets with stress boxes, consequences and standing; GM notes for the GM."""

from __future__ import annotations

import pytest

from capeworks.engine import Seat
from capeworks.engine.testing import Driver

SEATS = [Seat(id="gm", name="Gail", role="gm"), Seat(id="ann", name="Ann")]


def _driver() -> Driver:
    d = Driver("rwyn", seats=SEATS)
    d.do("gm", "add_character", id="ada", sample="ada", owner="ann")
    return d


def _panel(d: Driver, seat: str, title: str) -> dict[str, object]:
    return next(p for p in d.view(seat)["panels"] if p["title"] == title)


@pytest.mark.rules("RWYN-STRESS-001", "RWYN-STRESS-002")
def test_characters_panel__stress_boxes_and_consequences() -> None:
    d = _driver()
    d.do("gm", "stress", character="ada", track="physical", amount=1)
    row = _panel(d, "ann", "Characters")["rows"][0]  # type: ignore[index]
    # Endurance 2 -> a physical track of 2 boxes, one marked; Poise 3 -> 3 mental boxes
    assert row[:4] == ["Ada Lark", "ann", "■□", "□□□"]
    assert row[5] == "in"


def test_gm_notes__drawn_for_the_gm_only() -> None:
    d = _driver()
    d.do("gm", "gm_note", text="the vault is a trap")
    assert any(p["title"] == "GM notes" for p in d.view()["panels"])
    assert "the vault is a trap" not in str(d.view("ann")["panels"])
