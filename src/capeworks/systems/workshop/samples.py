"""Sample characters and mook groups, and the scripted sample session the demo and checks play."""

from __future__ import annotations

from typing import Any

from capeworks.engine import Command, Role, Seat
from capeworks.engine.ruleset import SampleSession, SampleStep

__all__ = ["SEATS", "SHEETS", "sample_session"]

SEATS = (
    Seat(id="gm", name="Gail", role=Role.GM),
    Seat(id="ann", name="Ann"),
    Seat(id="bo", name="Bo"),
)

_PISTOL = {"name": "pistol", "attribute": "Agility", "skill": "Guns", "damage": 10, "covering_fire": True}

#: sheets by name: traits (attributes and skills), Health, Toughness, Defense, Soak, Mass, weapons
SHEETS: dict[str, dict[str, Any]] = {
    "jade": {
        "name": "Jade Tiger",
        "traits": {
            "Agility": 6,
            "Wits": 5,
            "Luck": 4,
            "Willpower": 4,
            "Focus": 5,
            "Perception": 4,
            "Stunt": 5,
            "Martial Arts": 6,
            "Guns": 3,
            "Ranged Weapons": 3,
            "Physician": 2,
        },
        "health": 14,
        "toughness": 5,
        "defense": 12,
        "soak": 2,
        "mass": 6,
        "weapons": [{"name": "staff", "attribute": "Agility", "skill": "Martial Arts", "damage": 10}],
    },
    "rook": {
        "name": "Rook",
        "traits": {
            "Agility": 5,
            "Wits": 4,
            "Luck": 3,
            "Willpower": 5,
            "Focus": 4,
            "Perception": 5,
            "Stunt": 3,
            "Guns": 5,
            "Ranged Weapons": 5,
            "Physician": 4,
        },
        "health": 12,
        "toughness": 4,
        "defense": 11,
        "soak": 3,
        "mass": 7,
        "weapons": [
            {**_PISTOL},
            {"name": "shotgun", "attribute": "Agility", "skill": "Guns", "damage": 13, "covering_fire": True},
        ],
    },
    "viper": {
        "name": "Madame Viper",
        "traits": {
            "Agility": 6,
            "Wits": 6,
            "Luck": 3,
            "Willpower": 5,
            "Focus": 5,
            "Perception": 5,
            "Stunt": 4,
            "Guns": 5,
            "Martial Arts": 4,
            "Ranged Weapons": 4,
        },
        "health": 13,
        "toughness": 5,
        "defense": 12,
        "soak": 2,
        "mass": 5,
        "faction": "villains",
        "weapons": [{**_PISTOL}],
    },
    "thug": {
        "name": "Thug",
        "named": False,
        "faction": "villains",
        "traits": {"Agility": 3, "Wits": 2, "Luck": 1, "Guns": 2, "Martial Arts": 2},
        "health": 5,
        "toughness": 1,
        "defense": 9,
        "soak": 0,
        "mass": 5,
        "weapons": [{"name": "knife", "attribute": "Agility", "skill": "Martial Arts", "damage": 6}],
    },
    "goons": {
        "name": "Goons",
        "named": False,
        "faction": "villains",
        "count": 6,
        "traits": {"Agility": 3, "Wits": 2, "Luck": 1, "Skill": 4},
        "health": 5,
        "toughness": 1,
        "defense": 8,
        "soak": 0,
        "mass": 5,
        "weapons": [{"name": "clubs", "attribute": "Agility", "skill": "Skill", "damage": 10}],
    },
}


def _step(seat: str, command: str, *dice: int, rule: str = "", **payload: Any) -> SampleStep:
    return SampleStep(Command(type=command, seat=seat, payload=payload), dice=dice or None, rule=rule)


def sample_session() -> SampleSession:
    """Jade and Rook against Madame Viper and a thug: two Sequences of shots, a snapshot, a fall."""
    return SampleSession(
        config={"shaken": True, "stun": True},
        seats=SEATS,
        steps=(
            _step("gm", "gm_note", text="Viper's reinforcements arrive in Sequence 3."),
            _step("ann", "add_character", id="jade", sample="jade"),
            _step("bo", "add_character", id="rook", sample="rook"),
            _step("gm", "add_character", id="viper", sample="viper"),
            _step("gm", "add_character", id="thug", sample="thug"),
            # Sequence 1: jade 5, viper 5 (tied: Shot Count, Agility, then the order added), rook 4, thug 2
            _step("gm", "start_sequence"),
            _step("ann", "attack", character="jade", targets=["viper"]),
            _step("gm", "defend", 7, 3, character="viper", use=True),  # 12 + 4 = 16 vs 12 + 5: a miss
            _step("ann", "move", character="jade"),
            _step("ann", "end_turn", character="jade"),
            _step("gm", "attack", character="viper", targets=["rook"]),
            # 11 + 7 = 18 vs 11: PV 10 - 3 = 7: 7 Shock, 1 Wound, Shaken, a Shot stunned; Shock 11 vs 10
            _step("bo", "defend", 9, 2, 5, 2, character="rook", use=False),
            _step("gm", "end_turn", character="viper"),
            _step("bo", "steady", 9, 10, character="rook"),  # 9 + 9 - 1 = 17 vs 20: still Shaken
            _step("bo", "end_turn", character="rook"),
            _step("gm", "rollless", character="thug", what="taunts Jade"),
            _step("gm", "end_turn", character="thug"),
            # Sequence 2: jade 5, viper 4, rook 3, thug 2; jade snapshots viper (PV 8) and thug (out) at -3
            _step("ann", "attack", character="jade", targets=["viper", "thug"]),
            _step("gm", "defend", character="thug", use=False),
            _step("gm", "defend", 8, 1, 6, 1, 7, 2, character="viper", use=False),
            _step("ann", "end_turn", character="jade"),
            _step("gm", "fall", 10, 1, character="viper", metres=3),  # Stunt + Agility 9: 1 m off
        ),
        refused=(
            _step("bo", "extra_action", character="rook", rule="WS-SHOT-004"),
            _step(
                "ann",
                "attack",
                character="jade",
                targets=["viper", "viper", "viper", "viper"],
                rule="WS-SNAP-001",
            ),
            _step("bo", "attack", character="rook", targets=["viper"], rule="WS-SEQ-003"),
            _step("gm", "attack", character="viper", targets=["jade"], rule="WS-SHAKEN-003"),
            _step("ann", "raise_initiative", character="jade", shots=50, rule="WS-SHOT-003"),
            _step("ann", "attack", character="viper", targets=["jade"], rule="not_permitted"),
            _step("ann", "dance", rule="invalid_command"),
        ),
        secret_marker="reinforcements arrive",
        secret_hidden_from="ann",
        notes=("One Sequence: an Active Defense, a snapshot at two targets, then Sequence 2 begins.",),
    )
