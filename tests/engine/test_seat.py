"""Who plays a character: one reading (Seat.plays) behind every ruleset's turn offers."""

from __future__ import annotations

import pytest

from capeworks.engine import Role, Seat

GM = Seat(id="gm", name="GM", role=Role.GM)
BO = Seat(id="bo", name="Bo")


@pytest.mark.parametrize(
    ("seat", "owner", "plays"),
    [
        (BO, "bo", True),  # a player plays their own character
        (BO, "cy", False),  # ... not someone else's
        (BO, None, False),  # ... nor an unowned NPC
        (BO, "", False),
        (GM, None, True),  # the GM plays every character no seat owns
        (GM, "", True),
        (GM, "gm", True),  # ... and one given to the GM's own seat (the Workshop once said no)
        (GM, "bo", False),  # ... but not a player's character
    ],
)
def test_a_seat_plays_its_own_characters_and_the_gm_the_unowned(
    seat: Seat, owner: str | None, plays: bool
) -> None:
    assert seat.plays(owner) is plays
