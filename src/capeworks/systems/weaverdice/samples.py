"""Sample Weaverdice characters, loading sheets from JSON or YAML, and the sample session.

The seed's named examples (Ramjet's leap WX-01, Tankspanker's great morale
WX-14, Dandelion WX-15, the reference round's Brigade, Netiquette and Stave
WX-05, the villain Steeltoe of the rep example WX-12) with the statline the
rules give new PCs (two 4s and a 2, WD-STAT-003) where the seed names only
one stat, and the generics the issue asks for (thug, PRT officer,
bystander). Stats beyond what the seed says are ours, chosen to fit.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from capeworks.engine import Command, Seat
from capeworks.engine.model import Role
from capeworks.engine.own_commands import describe_validation_error
from capeworks.engine.ruleset import SampleSession, SampleStep
from capeworks.errors import InvalidCommand
from capeworks.systems.weaverdice.sheet import Character

__all__ = ["SAMPLES", "load_character", "sample", "sample_session"]


def _skill(
    name: str, *stats: str, tree: str = "", learning: bool = False, training: tuple[int, ...] = ()
) -> dict[str, Any]:
    return {
        "name": name,
        "stats": list(stats),
        "tree": tree,
        "learning": learning,
        "training": list(training),
    }


#: every sample sheet, by id, as a file would hold it
SAMPLES: dict[str, dict[str, Any]] = {
    "ramjet": {
        "id": "ramjet",
        "name": "Ramjet",
        "stats": {"athletics": 4, "brawn": 4, "knowledge": 2},
        "skills": [
            _skill("Parkour", "athletics"),
            _skill("Brawl", "brawn"),
            _skill("First Aid", "knowledge"),
            _skill("Tackle", "brawn", learning=True, training=(3, 4)),
        ],
        "backgrounds": ["Bike Courier", "Data Entry"],
    },
    "tankspanker": {
        "id": "tankspanker",
        "name": "Tankspanker",
        "stats": {"brawn": 4, "guts": 4, "wits": 2},
        "skills": [_skill("Brawl", "brawn"), _skill("Grit", "guts"), _skill("Climb", "athletics")],
        "backgrounds": ["Long Term Care", "I Know French"],
        "morale_baseline": 2,
    },
    "dandelion": {
        "id": "dandelion",
        "name": "Dandelion",
        "stats": {"athletics": 4, "dexterity": 4, "guts": 2},
        "skills": [
            _skill("Acrobatics", "athletics"),
            _skill("Aim", "dexterity", tree="aim"),
            _skill("Spot", "wits"),
        ],
        "backgrounds": ["Data Entry", "Gardening"],
    },
    "brigade": {
        "id": "brigade",
        "name": "Brigade",
        "stats": {"social": 4, "guts": 4, "dexterity": 2},
        "skills": [_skill("Command", "social"), _skill("Grit", "guts"), _skill("Brawl", "brawn")],
        "backgrounds": ["Retail", "Data Entry"],
    },
    "netiquette": {
        "id": "netiquette",
        "name": "Netiquette",
        "stats": {"knowledge": 4, "wits": 4, "brawn": 2},
        "skills": [_skill("Computers", "knowledge"), _skill("Spot", "wits"), _skill("Research", "knowledge")],
        "backgrounds": ["Data Entry", "Gaming"],
    },
    "stave": {
        "id": "stave",
        "name": "Stave",
        "stats": {"brawn": 4, "athletics": 4, "knowledge": 2},
        "skills": [_skill("Brawl", "brawn"), _skill("Sprint", "athletics"), _skill("Intimidate", "social")],
        "backgrounds": ["Construction", "Boxing"],
        "armor": 1,
    },
    "steeltoe": {
        "id": "steeltoe",
        "name": "Steeltoe",
        "tier": "notable",
        "stats": {"brawn": 5, "guts": 4, "athletics": 4, "wits": 3, "knowledge": 2},
        "skills": [_skill("Brawl", "brawn"), _skill("Kick", "brawn")],
        "special": "Steel-capped boots: his kicks are Bash, moderate.",
    },
    "thug": {
        "id": "thug",
        "name": "Thug",
        "tier": "generic",
        "stats": {"brawn": 4, "guts": 2},
        "special": "Pipes and bats: Bash, lesser.",
    },
    "prt_officer": {
        "id": "prt_officer",
        "name": "PRT officer",
        "tier": "generic",
        "stats": {"dexterity": 4, "wits": 4, "guts": 3},
        "armor": 1,
        "special": "Containment foam sprayer and sidearm: Pierce, moderate.",
    },
    "bystander": {"id": "bystander", "name": "Bystander", "tier": "bystander"},
}


def sample(key: str, *, ident: str | None = None, name: str | None = None) -> Character:
    """A sample sheet by id (``thug``), optionally renamed for a second copy (``thug2``)."""
    data = dict(SAMPLES[key])
    if ident is not None:
        data["id"] = ident
    if name is not None:
        data["name"] = name
    return Character.model_validate(data)


def load_character(path: Path) -> Character:
    """A sheet from a JSON or YAML file (by its suffix); a bad file is a readable error."""
    import yaml

    try:
        text = path.read_text(encoding="utf-8")
        data: Any = yaml.safe_load(text) if path.suffix.lower() in (".yaml", ".yml") else json.loads(text)
    except (OSError, ValueError, yaml.YAMLError) as e:
        raise InvalidCommand(f"The file {path.name} is not readable JSON or YAML.") from e
    if not isinstance(data, Mapping):
        raise InvalidCommand(f"The file {path.name} does not hold one character sheet.")
    try:
        return Character.model_validate(dict(data))
    except ValidationError as e:
        # which field and why ("skills: Input should be a valid tuple"), not pydantic's headline
        raise InvalidCommand(describe_validation_error(f"the sheet in {path.name}", e)) from None


def _cmd(seat: str, kind: str, **payload: Any) -> Command:
    return Command(type=kind, seat=seat, payload=payload)


def _add(seat: str, key: str, **more: Any) -> SampleStep:
    return SampleStep(_cmd(seat, "add_character", sheet=SAMPLES[key], **more))


def sample_session() -> SampleSession:
    """Ramjet (Ann) and Stave (Bob) against a thug and the hidden Steeltoe, with the players' dice."""
    gm, ann, bob = "gm", "ann", "bob"
    steps = (
        _add(ann, "ramjet"),
        _add(bob, "stave"),
        _add(gm, "thug"),
        _add(gm, "steeltoe", hidden=True, reputation=2),
        SampleStep(_cmd(gm, "gm_note", text="Steeltoe hides a shiv in his boot.")),
        SampleStep(_cmd(gm, "call_check", character="ramjet", stat="athletics", tn=4, task="leap the gap")),
        SampleStep(_cmd(ann, "check", character="ramjet", call=1), dice=(4,)),
        # initiative: Ramjet 8 + 5 = 13, Stave 8 + 2 = 10, thug 6 + 3 = 9 flat, Steeltoe 7 + 1 = 8
        SampleStep(_cmd(gm, "start_combat"), dice=(5, 2, 1)),
        # Ramjet punches the thug: 2h6 (Brawl) [6 2] keep 6, +1 = 7 vs DS 3 hits: a lesser bash
        # wound; effect d6 = 1: knocked back 5 ft
        SampleStep(_cmd(ann, "attack", character="ramjet", target="thug", skills="Brawl"), dice=(6, 2, 1)),
        SampleStep(_cmd(ann, "end_turn", character="ramjet")),
        # Stave swings at Steeltoe: [5 3] keep 5, +1 = 6 vs DS 4 hits; Steeltoe may dodge or block
        SampleStep(_cmd(bob, "attack", character="stave", target="steeltoe", skills="Brawl"), dice=(5, 3)),
        # the GM blocks for Steeltoe: 1 Focus, Brawn 5 (+2), d6 = 2 -> 4 < 6 fails; the lesser bash
        # lands (effect d6 = 3: knocked down, the wound fades at the next rest) unless he spends Recovery
        SampleStep(_cmd(gm, "react", character="steeltoe", reaction="block"), dice=(2, 3)),
        SampleStep(_cmd(gm, "effect_choice", character="steeltoe", key="negate", picks=[])),
        SampleStep(_cmd(bob, "end_turn", character="stave")),
        # the thug swings a pipe at Stave: 3 + 1 = 4 vs DS 4 hits; Bob may dodge or block
        SampleStep(_cmd(gm, "attack", character="thug", target="stave"), dice=(3,)),
    )
    refused = (
        # acting out of turn
        SampleStep(_cmd(ann, "attack", character="ramjet", target="thug"), dice=(5,), rule="WD-COMBAT-001"),
        # a player sets a TN
        SampleStep(
            _cmd(ann, "check", character="ramjet", stat="brawn", tn=3), dice=(4,), rule="not_permitted"
        ),
        # acting for someone else's character
        SampleStep(_cmd(ann, "react", character="stave", reaction="dodge"), dice=(4,), rule="not_permitted"),
        # a player adding an NPC
        SampleStep(_add(ann, "thug").command, rule="not_permitted"),
    )
    return SampleSession(
        config={},
        seats=(
            Seat(id=gm, name="Game master", role=Role.GM),
            Seat(id=ann, name="Ann"),
            Seat(id=bob, name="Bob"),
        ),
        steps=steps,
        refused=refused,
        secret_marker="shiv in his boot",
        secret_hidden_from=ann,
        notes=("Ramjet and Stave against a thug and Steeltoe, whose sheet only the GM sees.",),
    )
