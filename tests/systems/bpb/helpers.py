"""Helpers for Bulletproof Blues tests: a Driver with the sample seats and characters."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from capeworks.engine import Event, Prompt
from capeworks.engine.testing import Driver
from capeworks.systems.bpb.ruleset import BpbRuleset
from capeworks.systems.bpb.samples import SEATS
from capeworks.systems.bpb.state import BpbState

RULESET = BpbRuleset()

#: id -> (sample, owner)
CAST: dict[str, tuple[str, str]] = {
    "widow": ("widow", "ann"),
    "ganyeka": ("ganyeka", "bo"),
    "adler": ("agent-a", ""),
    "brandt": ("agent-b", ""),
}


def table(
    config: Mapping[str, Any] | None = None, *, cast: Sequence[str] = tuple(CAST), seed: int = 1
) -> Driver:
    """A table with seats gm/ann/bo and the sample cast."""
    d = Driver(RULESET, config=config or {}, seats=SEATS, seed=seed)
    for cid in cast:
        sample, owner = CAST[cid]
        d.do("gm", "add_character", id=cid, sample=sample, owner=owner)
    return d


def fight(d: Driver, *order: str) -> None:
    """Start a fight with ``order`` as the order of play (all listed as aware in that order)."""
    ids = ", ".join(order)
    d.do("gm", "start_fight", characters=ids, aware_first=ids)


def state(d: Driver) -> BpbState:
    s = d.state
    assert isinstance(s, BpbState)
    return s


def of(events: Sequence[Event], type_: str) -> list[Any]:
    """Payloads of the events of ``type_`` (without the ``bpb.`` prefix)."""
    return [e.payload for e in events if e.type == f"bpb.{type_}"]


def one(events: Sequence[Event], type_: str) -> Any:
    found = of(events, type_)
    assert len(found) == 1, f"expected one {type_}, got {[e.type for e in events]}"
    return found[0]


def decisions(d: Driver, seat: str | None = None) -> list[Prompt]:
    """The open prompts that ask for a decision (all, or ``seat``'s): every one but the turn prompt, which
    only names whose turn it is (BPB-TIME-002) and is answered by any move of theirs."""
    return [p for p in d.prompts(seat) if p.kind != "turn"]
