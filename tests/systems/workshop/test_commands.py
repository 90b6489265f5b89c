"""Workshop commands whose fields contradict each other are refused whole, not half-read.

Bad input gets a clear error and changes nothing: a field the handler would drop in the path it
takes is refused with a sentence naming the fields.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.errors import InvalidCommand
from tests.systems.workshop.helpers import sheet, state, table


@pytest.mark.rules("WS-MOOK-004", "WS-MOOK-005")
@pytest.mark.parametrize(
    ("payload", "named"),
    [
        (sheet(count=6), "count="),
        (sheet(engaging="h"), "engaging="),
        (sheet(named=True, count=3, engaging="h"), "count= and engaging="),
        ({"sample": "viper", "count": 4}, "count="),
    ],
)
def test_add_character__a_group_size_on_a_named_character_is_refused(
    payload: dict[str, Any], named: str
) -> None:
    # src 175: a group of unnamed Mooks goes down a Mook per Wound Threshold and strikes the PC it engages;
    # a named character is one combatant: count= and engaging= on one were dropped unread
    d = table(heroes={"h": sheet()}, start=False)
    d.refuse(
        "gm", "add_character", error=InvalidCommand, match=f"add named=false, or drop {named}",
        payload={"id": "goons", **payload},
    )  # fmt: skip
    # the same group unnamed is taken, and the goons sample (unnamed) needs no named=false
    d.do("gm", "add_character", payload={"id": "goons", **payload, "named": False})
    d.do("gm", "add_character", id="more", sample="goons", count=4, engaging="h")
    assert (state(d).characters["more"].count, state(d).characters["more"].engaging) == (4, "h")
