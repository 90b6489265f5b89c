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
    # Endurance 2 -> a physical track of 2 boxes, one marked; Poise 3 -> 3 mental boxes; the player
    # by her name, not her seat id
    assert row[:4] == ["Ada Lark", "Ann", "■□", "□□□"]
    assert row[5] == "in"


def test_gm_notes__drawn_for_the_gm_only() -> None:
    d = _driver()
    d.do("gm", "gm_note", text="the vault is a trap")
    assert any(p["title"] == "GM notes" for p in d.view()["panels"])
    assert "the vault is a trap" not in str(d.view("ann")["panels"])


@pytest.mark.rules("RWYN-GEN-004", "RWYN-TRAIT-001")
def test_scene_qualities__the_gm_notes_both_sides_everyone_sees_them_until_dropped() -> None:
    d = _driver()
    d.do("gm", "scene_quality", subject="the  docks", benefit="crowded with cover", drawback="slick footing")
    d.do("gm", "scene_quality", subject="Mr Vance", benefit="talkative", drawback="paranoid")
    panel = _panel(d, "ann", "Qualities in play")
    assert panel["rows"] == [
        ["the docks", "crowded with cover", "slick footing"],
        ["Mr Vance", "talkative", "paranoid"],
    ]
    assert d.words()[-1] == "In play: Mr Vance, talkative but paranoid."
    # the same subject (any case) is restated, not doubled
    d.do("gm", "scene_quality", subject="THE DOCKS", benefit="empty at night", drawback="badly lit")
    assert _panel(d, "ann", "Qualities in play")["rows"][0] == ["the docks", "empty at night", "badly lit"]
    d.do("gm", "scene_quality", subject="mr vance", drop=True)
    assert d.words()[-1] == "Out of play: the quality of Mr Vance."
    assert len(_panel(d, "ann", "Qualities in play")["rows"]) == 1  # type: ignore[arg-type]


@pytest.mark.rules("RWYN-GEN-004", "RWYN-TRAIT-001")
def test_scene_qualities__both_sides_needed_the_gm_alone_and_unknown_drops_refused() -> None:
    d = _driver()
    d.refuse("gm", "scene_quality", subject="the docks", benefit="crowded", rule="RWYN-TRAIT-001")
    d.refuse("ann", "scene_quality", subject="the docks", benefit="crowded", drawback="slick")
    d.refuse("gm", "scene_quality", subject="the roof", drop=True, match="No quality of 'the roof'")
    assert not any(p["title"] == "Qualities in play" for p in d.view("ann")["panels"])
