"""A scripted fight: two PCs (Ramjet, Stave) against three generics (two thugs, a PRT officer), every
die given as physical dice; the log replays to the same state."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine import Viewer
from capeworks.engine.table import Table
from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.samples import SAMPLES
from capeworks.systems.weaverdice.vocab import Pool, WoundTier
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.helpers import RS, SEATS

#: (seat, command, payload, the dice it rolls)
SCRIPT: list[tuple[str, str, dict[str, Any], list[int]]] = [
    # (a thug or the officer dropped by a hit rolls no effect die, src 800)
    # initiative: Ramjet 8 + 1 = 9, Stave 8 + 3 = 11, thugs 6 + 3 = 9, PRT officer 7 + 3 = 10;
    # Ramjet ties the thugs and goes first of them (players > non-notable); the thugs' tie rolls off 3, 5
    ("gm", "start_combat", {}, [1, 3, 3, 5]),
    ("bob", "attack", {"character": "stave", "target": "thug1", "skills": "Brawl"}, [4, 4, 4]),
    ("bob", "attack", {"character": "stave", "target": "thug1", "skills": "Brawl"}, [3, 4]),  # down
    ("bob", "end_turn", {"character": "stave"}, []),
    (
        "gm",
        "attack",
        {
            "character": "prt_officer",
            "target": "ramjet",
            "stat": "dexterity",
            "damage": "pierce",
            "tier": "lesser",
            "melee": False,
        },
        [2],
    ),
    (
        "gm",
        "attack",
        {
            "character": "prt_officer",
            "target": "ramjet",
            "stat": "dexterity",
            "damage": "pierce",
            "tier": "lesser",
            "melee": False,
        },
        [6],
    ),
    ("ann", "answer", {"prompt": "react-ramjet", "option": "block"}, [4, 6]),
    ("ann", "answer", {"prompt": "effect-ramjet-w1-negate", "option": "none"}, [3]),
    ("ann", "answer", {"prompt": "effect-ramjet-w1-negate.escalated", "option": "none"}, []),
    ("gm", "end_turn", {"character": "prt_officer"}, []),
    ("ann", "attack", {"character": "ramjet", "target": "thug2", "skills": "Brawl"}, [3, 3, 1]),
    ("ann", "attack", {"character": "ramjet", "target": "thug2", "skills": "Brawl"}, [6, 6]),  # down
    ("ann", "end_turn", {"character": "ramjet"}, []),
    ("bob", "attack", {"character": "stave", "target": "prt_officer", "skills": "Brawl"}, [4, 6]),
    ("bob", "attack", {"character": "stave", "target": "prt_officer", "skills": "Brawl"}, [4, 5, 5]),
    ("bob", "end_turn", {"character": "stave"}, []),
    (
        "gm",
        "attack",
        {
            "character": "prt_officer",
            "target": "ramjet",
            "stat": "dexterity",
            "damage": "pierce",
            "tier": "lesser",
            "melee": False,
        },
        [6],
    ),
    ("ann", "answer", {"prompt": "react-ramjet", "option": "block"}, [3, 6, 5]),
    ("ann", "answer", {"prompt": "effect-ramjet-w3-negate", "option": "none"}, []),
    (
        "gm",
        "attack",
        {
            "character": "prt_officer",
            "target": "ramjet",
            "stat": "dexterity",
            "damage": "pierce",
            "tier": "lesser",
            "melee": False,
        },
        [2],
    ),
    ("gm", "end_turn", {"character": "prt_officer"}, []),
    ("ann", "attack", {"character": "ramjet", "target": "prt_officer", "skills": "Brawl"}, [1, 6, 1]),
    ("ann", "attack", {"character": "ramjet", "target": "prt_officer", "skills": "Brawl"}, [2, 2]),  # down
    ("gm", "end_combat", {}, []),
    ("ann", "answer", {"prompt": "exhaust-ramjet", "option": "focus"}, []),
]


def play() -> Driver:
    d = Driver(RS, seats=SEATS, config={})
    d.do("ann", "add_character", sheet=SAMPLES["ramjet"])
    d.do("bob", "add_character", sheet=SAMPLES["stave"])
    d.do("gm", "add_character", sheet={**SAMPLES["thug"], "id": "thug1", "name": "Thug one"})
    d.do("gm", "add_character", sheet={**SAMPLES["thug"], "id": "thug2", "name": "Thug two"})
    d.do("gm", "add_character", sheet=SAMPLES["prt_officer"])
    for seat, command, payload, dice in SCRIPT:
        d.do(seat, command, payload=payload, dice=dice or None)
    return d


@pytest.mark.rules("WD-COMBAT-001", "WD-COMBAT-004", "WD-COMBAT-005", "WD-WOUND-012", "WD-EFFORT-009")
def test_scripted_fight__outcome() -> None:
    d = play()
    people = d.state.people
    assert d.state.fight is None
    assert [people[i].track.standing for i in ("thug1", "thug2", "prt_officer")] == [Standing.DOWN] * 3
    ramjet = people["ramjet"]
    # Lesser Pierce 6 escalated his first wound to moderate and Moderate Pierce 3 added a moderate;
    # the third hit, a lesser pierce, filled the Guts-3 track (he stayed up on a 6) and stuck in him
    assert [w.tier for w in ramjet.track.wounds] == [WoundTier.MODERATE, WoundTier.MODERATE, WoundTier.LESSER]
    assert [c.name for c in ramjet.conditions] == ["stuck"]
    assert ramjet.effort.exhausted == {Pool.FOCUS: 1}  # he spent Focus blocking: a Focus dot kept back
    assert people["stave"].effort.exhausted == {}  # spent nothing, exhausts nothing
    # the PRT officer's armor slot took Stave's first hit: no effect roll for it
    assert people["prt_officer"].track.wounds[0].armor


def test_scripted_fight__replays_from_its_log_to_the_same_state() -> None:
    d = play()
    again = Table(RS, d.table.log)
    assert again.state.model_dump_json() == d.state.model_dump_json()
    assert again.view(Viewer.gm()) == d.table.view(Viewer.gm())
    # every die was typed in by the players: each roll says so
    rolls = [r for e in d.table.log for r in e.rolls]
    assert rolls and all(r.given for r in rolls)
