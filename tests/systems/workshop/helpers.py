"""Helpers for Workshop tests: a Driver with seats gm/ann/bo, sheets, and attacks that answer their prompts.

Dice are the players' physical dice, in the order the rules roll them: for the default model a
positive then a negative d10 (a face of 10 reads 0), then any extra positive d10s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from capeworks.engine import Event
from capeworks.engine.testing import Driver
from capeworks.systems.workshop.combat import may_defend
from capeworks.systems.workshop.ruleset import WorkshopRuleset
from capeworks.systems.workshop.samples import SEATS
from capeworks.systems.workshop.sheet import Combatant
from capeworks.systems.workshop.state import WorkshopState

RULESET = WorkshopRuleset()

GUN = {"name": "gun", "attribute": "Agility", "skill": "Guns", "damage": 6, "covering_fire": True}


def sheet(**over: Any) -> dict[str, Any]:
    """A plain hero: Agility/Wits/Luck 5 (Shot Count 5), Guns 4, Willpower 5, Focus 5; Health 12,
    Toughness 4, Defense 12, Soak 0, Mass 5; a gun of Damage 6."""
    traits = {
        "Agility": 5,
        "Wits": 5,
        "Luck": 5,
        "Guns": 4,
        "Willpower": 5,
        "Focus": 5,
        "Stunt": 3,
        "Perception": 4,
        "Ranged Weapons": 4,
        "Physician": 4,
    }
    traits.update(over.pop("traits", {}))
    base: dict[str, Any] = {
        "traits": traits,
        "health": 12,
        "toughness": 4,
        "defense": 12,
        "soak": 0,
        "mass": 5,
        "weapons": [GUN],
    }
    base.update(over)
    return base


def table(
    config: Mapping[str, Any] | None = None,
    *,
    heroes: Mapping[str, Mapping[str, Any]] | None = None,
    villains: Mapping[str, Mapping[str, Any]] | None = None,
    start: bool = True,
    seed: int = 1,
) -> Driver:
    """A table with ``heroes`` (played by ann) and ``villains`` (the GM's); the first Sequence started."""
    d = Driver(RULESET, config=dict(config or {}), seats=SEATS, seed=seed)
    for cid, payload in (heroes or {}).items():
        d.do("gm", "add_character", payload={"id": cid, "owner": "ann", **payload})
    for cid, payload in (villains or {}).items():
        d.do("gm", "add_character", payload={"id": cid, **payload})
    if start:
        d.do("gm", "start_sequence")
    return d


def seat_of(d: Driver, cid: str) -> str:
    """The seat that plays ``cid`` (the GM for NPCs)."""
    return state(d).characters[cid].owner or "gm"


def attack(
    d: Driver,
    attacker: str,
    targets: Sequence[str],
    dice: Sequence[int],
    *,
    defend: Mapping[str, bool] | None = None,
    **more: Any,
) -> list[Event]:
    """``attacker`` attacks; each target asked for an Active Defense answers (no, unless ``defend``
    says yes); the dice go with the command that rolls. Returns every event of the exchange.

    A wall behind the targets (``wall_at=``) is the GM's to place: the GM makes that attack for the
    attacker's player."""
    events = d.do(
        "gm" if "wall_at" in more else seat_of(d, attacker),
        "attack",
        payload={"character": attacker, "targets": list(targets), **more},
        dice=dice if not _awaiting(d, attacker, targets) else None,
    )
    out = list(events)
    while state(d).pending is not None:
        p = state(d).pending
        assert p is not None
        who = p.awaiting[0]
        last = len(p.awaiting) == 1
        out += d.do(
            seat_of(d, who),
            "defend",
            payload={"character": who, "use": (defend or {}).get(who, False)},
            dice=dice if last else None,
        )
    return out


def _awaiting(d: Driver, attacker: str, targets: Sequence[str]) -> bool:
    """Will this attack wait for Active Defense answers? (targets with Shots, not Shaken)."""
    s = state(d)
    return any(may_defend(s, s.config, s.characters[t]) for t in targets if t in s.characters)


def state(d: Driver) -> WorkshopState:
    """The table's typed state."""
    s = d.state
    assert isinstance(s, WorkshopState)
    return s


def who(d: Driver, cid: str) -> Combatant:
    """A combatant as it stands."""
    return state(d).characters[cid]


def types(events: Sequence[Event]) -> list[str]:
    """Event types without the ``workshop.`` prefix."""
    return [e.type.removeprefix("workshop.") for e in events]


def last(events: Sequence[Event], type_: str) -> dict[str, Any]:
    """Data of the last event of ``type_`` (without prefix)."""
    for e in reversed(events):
        if e.type == f"workshop.{type_}":
            return e.data
    raise AssertionError(f"no {type_} event among {types(events)}")


def all_of(events: Sequence[Event], type_: str) -> list[dict[str, Any]]:
    """Data of every event of ``type_``."""
    return [e.data for e in events if e.type == f"workshop.{type_}"]


def end_turn(d: Driver, cid: str, dice: Sequence[int] | None = None) -> list[Event]:
    """End ``cid``'s turn."""
    return d.do(seat_of(d, cid), "end_turn", payload={"character": cid}, dice=dice)
