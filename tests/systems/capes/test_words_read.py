"""Log lines players read: a Scene declared with nothing said of it ends cleanly."""

from __future__ import annotations

import pytest

from tests.systems.capes.helpers import Sim


@pytest.mark.rules("CAPES-SCENE-003")
def test_a_scene_declared_with_no_description_reads_without_a_dangling_colon() -> None:
    # src 63: the declarer describes the Scene "in as much or as little detail as they like"
    sim = Sim()
    sim.do("ann", "declare_scene")
    assert sim.words("bea")[-1] == "Ann declares Scene 1"
