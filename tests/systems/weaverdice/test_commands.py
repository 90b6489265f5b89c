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
