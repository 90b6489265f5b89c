"""What RWYN draws from a state (view, panels, prompts) is kept across versions by its parts' identity:
always equal to drawing it afresh, and the same objects where the parts did not change."""

from __future__ import annotations

import json
from itertools import pairwise

from capeworks.engine import Table, Viewer
from capeworks.systems.rwyn import prompts, render
from capeworks.systems.rwyn.kept import Kept, dump_parts
from capeworks.systems.rwyn.state import RwynState
from tests.engine.fanout_sessions import rwyn_evening

_ALL: tuple[Kept[object], ...] = (
    render._SHEETS,
    render._WAITING,
    render._NOTES,
    prompts._CALLS,
    prompts._CHECKS,
    prompts._CHARACTERS,
)


def _afresh(state: RwynState, viewer: Viewer) -> tuple[str, str, str]:
    """View, panels and prompts as JSON text, every kept value forgotten first."""
    for kept in _ALL:
        kept.clear()
    view = json.dumps(state.model_dump(mode="json"))
    panels = json.dumps([p.model_dump(mode="json") for p in render.panels(state, viewer)])
    asked = json.dumps([p.model_dump(mode="json") for p in prompts.open_prompts(state)])
    return view, panels, asked


def _evening() -> list[RwynState]:
    session = rwyn_evening(events=120)
    table: Table = session.new()
    return [table.state, *(t.state for t in session.play(table))]


def test_every_version_draws_what_a_fresh_drawing_does() -> None:
    """Kept across the versions of a long evening (calls, checks, stress, undos), the JSON text of the
    view, both audiences' panels and the prompts is byte for byte what drawing each version afresh gives."""
    states = _evening()
    gm, player = Viewer.gm(), Viewer(seat="p1", is_gm=False)
    kept_texts = []
    for state in states:
        for viewer in (gm, player):
            kept_texts.append(
                (
                    json.dumps(dump_parts(state, ("characters", "calls", "checks"), ("config",))),
                    json.dumps([p.model_dump(mode="json") for p in render.panels(state, viewer)]),
                    json.dumps([p.model_dump(mode="json") for p in prompts.open_prompts(state)]),
                )
            )
    fresh = [_afresh(state, viewer) for state in states for viewer in (gm, player)]
    assert kept_texts == fresh
    assert len(states) > 60


def test_unchanged_parts_are_the_same_objects() -> None:
    """A command replaces one call, check or character: the JSON and panels of the rest are the very
    objects the last version had (what the feed finds unchanged by identity)."""
    states = _evening()
    shared = 0
    for before, after in pairwise(states):
        old = dump_parts(before, ("characters", "calls", "checks"))
        new = dump_parts(after, ("characters", "calls", "checks"))
        for name in ("characters", "calls", "checks"):
            if getattr(before, name) is getattr(after, name):
                assert old[name] is new[name]
            models_before, models_after = getattr(before, name), getattr(after, name)
            for key, model in models_after.items():
                if models_before.get(key) is model:
                    assert old[name][str(key)] is new[name][str(key)]
                    shared += 1
        if before.characters is after.characters and before.config is after.config:
            assert render.panels(before, Viewer.gm())[0] is render.panels(after, Viewer.gm())[0]
    assert shared > 100


def test_a_kept_value_is_made_again_for_other_objects() -> None:
    """Equal but different objects are not the same parts: the value is made again for them."""
    kept: Kept[list[int]] = Kept(size=2)
    a, b = [1], [1]
    first = kept.get((a,), lambda: [len(a)])
    assert kept.get((a,), lambda: [99]) is first
    assert kept.get((b,), lambda: [2]) == [2]
    kept.get(((),), lambda: [3])  # full: starts again
    assert kept.get((a,), lambda: [4]) == [4]
