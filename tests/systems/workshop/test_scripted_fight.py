"""A scripted fight with optional rules on (Shaken, Stun, knockback, covering fire, the card draw),
played with given dice; its log replays to the same state, and it is a golden log
(``tests/golden/workshop/fight``, session :func:`workshop_fight`)."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine import Command, Table
from capeworks.engine.ruleset import SampleStep
from capeworks.systems.workshop.samples import SEATS
from capeworks.systems.workshop.sheet import Standing
from capeworks.systems.workshop.state import WorkshopState
from tests.engine.fanout_sessions import Session

CONFIG: dict[str, object] = {
    "shaken": True,
    "stun": True,
    "knockback": True,
    "covering_fire": True,
    "card_draw": True,
}

#: (seat, command, payload, dice)
SCRIPT: list[tuple[str, str, dict[str, Any], list[int]]] = [
    ("ann", "add_character", {"id": "jade", "sample": "jade"}, []),
    ("bo", "add_character", {"id": "rook", "sample": "rook"}, []),
    ("gm", "add_character", {"id": "viper", "sample": "viper"}, []),
    ("gm", "add_character", {"id": "thug", "sample": "thug"}, []),
    ("gm", "gm_note", {"text": "The thug was paid to lose."}, []),
    # Sequence 1: heroes draw KS (Inspired, Combat Favored), villains AC (all Favored, Inspired); one deck
    # (src 85): the villains' die counts the 53 cards KS left
    ("gm", "start_sequence", {}, [13, 26]),
    ("ann", "attack", {"character": "jade", "targets": ["viper"]}, []),
    # Active Defense: 12 + 4 + 4 (Inspired) = 20 vs 17: PV 8; Shaken, Stunned, knocked down; Shock 13 vs 10
    ("gm", "defend", {"character": "viper", "use": True}, [7, 3, 4, 6, 2]),
    ("ann", "end_turn", {"character": "jade"}, []),
    ("gm", "steady", {"character": "viper"}, [9, 1, 5]),  # 10 + 8 + 5 - 1 = 22 vs 20
    ("gm", "get_up", {"character": "viper"}, []),
    ("gm", "end_turn", {"character": "viper"}, []),
    ("bo", "cover", {"character": "rook", "weapon": "pistol"}, [8, 1, 6]),  # 23 vs 10: Cover 2
    ("bo", "end_turn", {"character": "rook"}, []),
    ("gm", "attack", {"character": "thug", "targets": ["jade"]}, []),
    # 14 vs 12: a hit, PV 4 (Rook's Cover 2 guards allies moving in its line, src 72: Jade has not moved;
    # the golden log, played before that, met 12 + Cover 2, a hit all the same)
    ("ann", "defend", {"character": "jade", "use": False}, [5, 5, 9]),
    # Sequence 2: the heroes draw AS, the villains AH (the 12th card left): both an Ace
    ("gm", "end_turn", {"character": "thug"}, [1, 12]),
    ("ann", "steady", {"character": "jade"}, [9, 1, 3]),  # 9 + 8 + 3 = 20 vs 20
    ("ann", "end_turn", {"character": "jade"}, []),
    # Viper's steady under the villains' Ace (all Actions Favored) earned a Shot back (WS-CARD-002), so
    # Viper (4, Shot Count 5) now acts before Rook (4, Shot Count 4): Viper holds
    ("gm", "end_turn", {"character": "viper"}, []),
    ("bo", "attack", {"character": "rook", "targets": ["viper", "thug"]}, []),
    ("gm", "defend", {"character": "viper", "use": False}, []),
    # snapshots at -3, both Inspired by the heroes' Ace (src 88; the second die 10 reads 0): viper falls
    # (Shock 16 of 13), the thug is out (10 on the glass jaw); the second snapshot is an Action of its own
    # (src 31), so the fallen Viper rolls to wake after it (src 60): 5 + 5 - 2 (Wounds) + 4 - 1 = 11 vs 15
    ("gm", "defend", {"character": "thug", "use": False}, [6, 2, 3, 8, 1, 10, 4, 1]),
    # Sequence 3: the heroes draw 2S, the villains 2H (the 11th card left): both a Setback; nobody on the
    # villains' side stands
    ("bo", "end_turn", {"character": "rook"}, [1, 11]),
    ("ann", "rollless", {"character": "jade", "what": "tells Viper it is over"}, []),
    ("ann", "move", {"character": "jade"}, []),
]


def workshop_fight() -> Session:
    """The scripted fight as a golden-log session."""
    steps = tuple(
        SampleStep(Command(type=t, seat=seat, payload=p), dice=tuple(d) or None) for seat, t, p, d in SCRIPT
    )
    return Session("workshop fight", "workshop", SEATS, steps, dict(CONFIG))


def _played() -> Table:
    table = Table.new("workshop", config=CONFIG, seats=SEATS, seed=1)
    for seat, type_, payload, dice in SCRIPT:
        table.execute(Command(type=type_, seat=seat, payload=payload), dice=dice or None)
    return table


@pytest.mark.rules("WS-SHOT-003", "WS-SHAKEN-003", "WS-SNAP-001", "WS-COVER-002", "WS-CARD-001", "WS-DMG-004")
def test_the_scripted_fight_plays_as_the_seed_says() -> None:
    table = _played()
    s = table.state
    assert isinstance(s, WorkshopState)
    c = s.characters
    assert s.turn.sequence == 3 and s.turn.current == "jade" and s.turn.order.order == ("jade", "rook")
    assert (c["viper"].shock, c["viper"].wounds, c["viper"].standing) == (16, 2, Standing.DOWN)
    assert (c["jade"].shock, c["jade"].has("shaken")) == (4, False)
    assert c["thug"].standing is Standing.OUT
    assert s.turn.cards == {"heroes": "2S", "villains": "2H"}


def test_the_scripted_fight_replays_from_its_log_to_the_same_state() -> None:
    table = _played()
    again = Table(table.ruleset, table.log)
    assert again.state.model_dump_json() == table.state.model_dump_json()
