"""Helpers for Roll When You Need tests: a table with seats and characters, and one-line commands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from capeworks.engine import Command, Event, Table
from capeworks.systems.rwyn.ruleset import RwynRuleset
from capeworks.systems.rwyn.samples import SEATS
from capeworks.systems.rwyn.state import RwynState

RULESET = RwynRuleset()


def table(
    config: Mapping[str, Any] | None = None,
    *,
    characters: Mapping[str, Mapping[str, Any]] | None = None,
    seed: int = 1,
) -> Table:
    """A table with seats gm/ann/bo; ``characters``: id -> add_character payload (owner ann by default)."""
    t = Table.new(RULESET, config=config or {}, seats=SEATS, seed=seed)
    for cid, payload in (characters or {}).items():
        body = {"id": cid, "owner": "ann", "talents": "Knack", **payload}
        t.execute(Command(type="add_character", seat="gm", payload=body))
    return t


def do(t: Table, seat: str, type_: str, *, dice: Sequence[int] | None = None, **payload: Any) -> list[Event]:
    """Run one command; ``dice`` are the physical dice for it."""
    return t.execute(Command(type=type_, seat=seat, payload=payload), dice=dice)


def state(t: Table) -> RwynState:
    """The table's typed state."""
    s = t.state
    assert isinstance(s, RwynState)
    return s


def types(events: Sequence[Event]) -> list[str]:
    """Event types without the ``rwyn.`` prefix."""
    return [e.type.removeprefix("rwyn.") for e in events]


def last(events: Sequence[Event], type_: str) -> dict[str, Any]:
    """Data of the last event of ``type_`` (without prefix)."""
    for e in reversed(events):
        if e.type == f"rwyn.{type_}":
            return e.data
    raise AssertionError(f"no {type_} event among {types(events)}")
