"""Weaverdice commands whose fields contradict each other are refused whole, not half-read.

Bad input gets a clear error and changes nothing: a field the call already says, named again beside
it, was dropped unread; it is refused with a sentence naming the fields.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.errors import InvalidCommand
from tests.systems.weaverdice.helpers import add, sheet, table


@pytest.mark.rules("WD-CORE-003")
@pytest.mark.parametrize(
    ("seat", "fields", "named"),
    [
        ("ann", {"stat": "brawn", "tn": 2}, "stat=, tn="),
        # the GM's "secret" roll of a call made in the open was rolled in the open, unsaid
        ("gm", {"hidden": True}, "hidden="),
        ("gm", {"personal": True}, "personal="),
    ],
)
def test_check__a_call_is_rolled_as_the_gm_called_it(seat: str, fields: dict[str, Any], named: str) -> None:
    # src 240-242: the GM picks the TN per check; the call says the stat and TN (and whether secret). Named
    # again beside call=, they were dropped unread and the call rolled as called
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    d.do("gm", "call_check", character="vic", stat="dexterity", tn=3, task="catch the keys")
    d.refuse(
        seat,
        "check",
        error=InvalidCommand,
        match=f"drop {named}, or drop call=",
        character="vic",
        call=1,
        dice=[3],
        **fields,
    )
    d.do("ann", "check", character="vic", call=1, dice=[3])
    assert d.state.last_check["vic"].total == 3 and 1 not in d.state.calls


@pytest.mark.rules("WD-COMBAT-010")
def test_attack__swings_count_a_full_attacks_rolls() -> None:
    # src 565-567: a full attack depends on the weapon ("Attack x2" and more); one attack rolls once, so
    # swings=3 without full=true was dropped unread and one standard attack made
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=2))
    d.do("gm", "start_combat", dice=[6])  # Vic first
    d.refuse(
        "ann",
        "attack",
        error=InvalidCommand,
        match="swings=3 counts a full attack's rolls: add full=true, or drop swings=",
        character="vic",
        target="thug",
        swings=3,
        dice=[1],
    )
    # more than Attack x2 is the weapon's special rule, the GM's to rule (src 567): the GM disposes
    d.do("gm", "attack", character="vic", target="thug", full=True, swings=3, dice=[1])  # 1: a miss
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.swings == 2  # two swings of the three left


@pytest.mark.rules("WD-MOVE-005", "WD-MOVE-002")
@pytest.mark.parametrize(
    ("fields", "match"),
    [
        ({"reroll": True}, "add sprint=true, or drop reroll="),
        ({"vertical": True}, "give the jump (jump=), or drop vertical="),
    ],
)
def test_move__a_flag_needs_what_it_qualifies(fields: dict[str, Any], match: str) -> None:
    # src 376, 890: Stamina rerolls a sprint's Athletics roll; src 882-884: a jump up or down needs no
    # run-up. A plain move has no roll to reroll and no jump: the flags were dropped unread
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=2))
    d.do("gm", "start_combat", dice=[6])  # Vic first
    d.refuse("ann", "move", error=InvalidCommand, match=match, character="vic", feet=10, **fields)
    d.do("ann", "move", character="vic", feet=10)
    assert d.state.fight is not None and d.state.fight.turn is not None and d.state.fight.turn.moved == 10


@pytest.mark.rules("WD-GRAPPLE-003", "WD-GRAPPLE-009")
def test_grapple__a_hold_buys_nothing_to_price() -> None:
    # src 936-940: the margin buys one option besides Hold, whose points are banked; points= or feet= with
    # option=hold priced nothing and were dropped unread
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])  # Vic first
    d.do("ann", "grab", character="vic", target="thug", dice=[3])  # 3 + 2 = 5 >= DS 3
    d.refuse(
        "ann",
        "grapple",
        error=InvalidCommand,
        match="option=hold buys none: name the option, or drop points= and feet=",
        character="vic",
        target="thug",
        points=2,
        feet=10,
        dice=[6, 2],
    )
    d.do("ann", "grapple", character="vic", target="thug", dice=[6, 2])
    assert "vic>thug" in d.state.grapples
