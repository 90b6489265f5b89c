"""Shared set-up for Weaverdice table tests: seats, small sheets, a fight with given initiative dice."""

from __future__ import annotations

from typing import Any

from capeworks.engine import Seat
from capeworks.engine.model import Role
from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.ruleset import WeaverdiceRuleset

RS = WeaverdiceRuleset()
SEATS = (
    Seat(id="gm", name="Game master", role=Role.GM),
    Seat(id="ann", name="Ann"),
    Seat(id="bob", name="Bob"),
)


def sheet(ident: str, name: str, tier: str = "pc", **stats: int) -> dict[str, Any]:
    """A sheet as a file would hold it."""
    return {"id": ident, "name": name, "tier": tier, "stats": stats}


def table(*, config: dict[str, Any] | None = None) -> Driver:
    return Driver(RS, seats=SEATS, config=config or {})


def add(d: Driver, seat: str, data: dict[str, Any], **more: Any) -> None:
    d.do(seat, "add_character", sheet=data, **more)
