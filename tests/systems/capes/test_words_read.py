"""Log lines players read: a Scene declared with nothing said of it ends cleanly; every line is a sentence."""

from __future__ import annotations

import pytest

from tests.systems.capes.helpers import Sim, cast_game
from tests.systems.capes.test_referee14 import _page_one


@pytest.mark.rules("CAPES-SCENE-003")
def test_a_scene_declared_with_no_description_reads_without_a_dangling_colon() -> None:
    # src 63: the declarer describes the Scene "in as much or as little detail as they like"
    sim = Sim()
    sim.do("ann", "declare_scene")
    assert sim.words("bea")[-1] == "Ann declares Scene 1."


@pytest.mark.rules("CAPES-SCENE-001", "CAPES-DEBT-001", "CAPES-STAKE-003")
def test_every_line_a_seat_reads_ends_as_a_sentence() -> None:
    # the first Page of referee14 (a Scene, claims, an Event, rolls, a stake objected with a reason, src 152):
    # each seat's log lines end with a full stop ("Ann plays Skitter.", 'Rampart stakes ... — "...".')
    sim = cast_game()
    _page_one(sim)
    for seat in ("ann", "bea", "cal"):
        lines = sim.words(seat)
        assert "Ann plays Skitter." in lines and "Scene 1, Page 1: Ann starts." in lines
        assert [w for w in lines if not w.rstrip('"').endswith((".", "!", "?"))] == [], seat
