"""Helpers for Roll When You Need tests: a Driver with seats and characters, and one-line commands.

Tests play through the engine's one test driver (:class:`capeworks.engine.testing.Driver`).
Most tests check a rule other than who sets difficulties, so ``table()``
seats a group whose players set their own (``players_set_difficulty``); the
GM-authority tests use the default, where the GM calls checks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from capeworks.engine import Event
from capeworks.engine.testing import Driver
from capeworks.systems.rwyn.ruleset import RwynRuleset
from capeworks.systems.rwyn.samples import SEATS
from capeworks.systems.rwyn.state import RwynState

RULESET = RwynRuleset()


def table(
    config: Mapping[str, Any] | None = None,
    *,
    characters: Mapping[str, Mapping[str, Any]] | None = None,
    seed: int = 1,
    gm_sets_difficulty: bool = False,
) -> Driver:
    """A table with seats gm/ann/bo; ``characters``: id -> add_character payload (owner ann by default)."""
    base = {} if gm_sets_difficulty else {"players_set_difficulty": True}
    d = Driver(RULESET, config={**base, **(config or {})}, seats=SEATS, seed=seed)
    for cid, payload in (characters or {}).items():
        d.do("gm", "add_character", payload={"id": cid, "owner": "ann", "talents": "Knack", **payload})
    return d


def do(d: Driver, seat: str, type_: str, *, dice: Sequence[int] | None = None, **payload: Any) -> list[Event]:
    """Run one command; ``dice`` are the physical dice for it."""
    return d.do(seat, type_, dice=dice, payload=payload)


def state(d: Driver) -> RwynState:
    """The table's typed state."""
    s = d.state
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
