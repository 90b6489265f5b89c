"""RWYN commands whose fields contradict each other are refused whole, not half-read.

Bad input gets a clear error and changes nothing: a field a call already says, named again beside
it, was dropped unread; it is refused with a sentence naming the fields.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.errors import InvalidCommand
from tests.systems.rwyn.helpers import state, table

TWO = {"ada": {"abilities": "Science:3, Brawling:2"}, "bea": {"abilities": "Science:1, Brawling:1"}}


@pytest.mark.rules("RWYN-GEN-001")
@pytest.mark.parametrize(
    ("fields", "match"),
    [
        ({"task": "pick the lock"}, "drop task=, or drop call="),
        ({"time": 1}, "drop time=, or drop call="),
        ({"ability": "Brawling", "difficulty": 1}, "drop ability=, difficulty=, or drop call="),
        ({"character": "bea"}, "Call 1 is for Ada: drop character=, or name Ada."),
    ],
)
def test_check__a_call_is_rolled_as_the_gm_called_it(fields: dict[str, Any], match: str) -> None:
    # the GM calls Ada's Science at 2 to crack the vault; a task, time or other character named beside
    # call= was dropped unread and the call rolled as called
    d = table(characters=TWO, gm_sets_difficulty=True)
    d.do("gm", "call_check", character="ada", ability="Science", difficulty=2, task="crack the vault")
    d.refuse("ann", "check", error=InvalidCommand, match=match, call=1, **fields)
    d.do("ann", "check", call=1, character="ada", dice=[6, 6, 6])
    assert 1 not in state(d).calls


@pytest.mark.rules("RWYN-GEN-003")
@pytest.mark.parametrize(
    ("fields", "match"),
    [
        ({"track": "mental"}, "drop track=, or drop call="),
        ({"move": "a kick"}, "drop move=, or drop call="),
        ({"harm": 0}, "rolls what the GM declared: drop harm="),
    ],
)
def test_defend__a_move_is_met_as_the_gm_declared_it(fields: dict[str, Any], match: str) -> None:
    # the GM's haymaker risks 3 physical stress; a track or move named beside call= was dropped unread
    d = table(characters=TWO, gm_sets_difficulty=True)
    d.do("gm", "enemy_move", character="ada", ability="Brawling", difficulty=2, harm=3, move="a haymaker")
    d.refuse("ann", "defend", error=InvalidCommand, match=match, call=1, **fields)
    # a form sends every field with its default: the default track beside call= is no choice
    d.do("ann", "defend", call=1, track="physical", move="", dice=[1, 2])
    taken = next(e for e in d.events if e.type == "rwyn.stress_taken")
    assert (taken.data["amount"], taken.data["track"]) == (3, "physical")


@pytest.mark.rules("RWYN-GEN-004")
def test_scene_quality__a_drop_notes_no_sides() -> None:
    # src 5: places carry qualities with a good and a bad side; drop=true with new sides dropped the
    # quality and the sides unread, where the GM may have meant to change it
    d = table(characters=TWO, gm_sets_difficulty=True)
    d.do("gm", "scene_quality", subject="the docks", benefit="crowded with cover", drawback="slick footing")
    d.refuse(
        "gm",
        "scene_quality",
        error=InvalidCommand,
        match="drop benefit= and drawback=, or note it without drop=",
        subject="the docks",
        benefit="empty at night",
        drawback="badly lit",
        drop=True,
    )
    d.do("gm", "scene_quality", subject="the docks", drop=True)
    assert "the docks" not in state(d).scene_qualities
