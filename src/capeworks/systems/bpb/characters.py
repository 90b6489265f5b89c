"""Sample characters: Ganyeka and Widow from the chapter's throw example, and two generic agents.

The chapter gives Ganyeka's Brawn (5), Widow's weight (148 lb) and Invulnerability (2);
the rest of their sheets are ours, in the game's human (1-3) and super (4+) ranges.
"""

from __future__ import annotations

from capeworks.systems.bpb.sheet import AttackKind, Character, Power

__all__ = ["SAMPLE_CHARACTERS"]

_GANYEKA = Character(
    id="ganyeka",
    name="Ganyeka",
    attributes={
        "Agility": 3,
        "Brawn": 5,
        "Prowess": 4,
        "Accuracy": 2,
        "Perception": 3,
        "Willpower": 3,
        "Endurance": 9,
        "Reason": 2,
    },
    powers=(
        Power(name="Invulnerability", rank=4, protects="Endurance"),
        Power(name="Leaping", rank=4, movement=True),
    ),
    expertise=("throwing", "grappling"),
    weight_lb=320,
)

_WIDOW = Character(
    id="widow",
    name="Widow",
    attributes={
        "Agility": 4,
        "Brawn": 2,
        "Prowess": 4,
        "Accuracy": 4,
        "Perception": 4,
        "Willpower": 3,
        "Endurance": 6,
        "Reason": 3,
    },
    powers=(
        Power(name="Invulnerability", rank=2, protects="Endurance"),
        Power(name="Venom Sting", rank=5, attack=AttackKind.RANGED, expertise=True),
        Power(name="Force Field", rank=3, protects="Endurance", activated=True),
    ),
    expertise=("tripping", "Acrobatics"),
    weight_lb=148,
)


def _agent(cid: str, name: str, perception: int) -> Character:
    return Character(
        id=cid,
        name=name,
        attributes={
            "Agility": 2,
            "Brawn": 2,
            "Prowess": 2,
            "Accuracy": 3,
            "Perception": perception,
            "Willpower": 2,
            "Endurance": 4,
            "Reason": 2,
        },
        powers=(
            Power(name="Pistol", rank=4, band=3, attack=AttackKind.RANGED),
            Power(name="Kevlar Vest", rank=2, protects="Endurance"),
            Power(name="Knife", rank=2, attack=AttackKind.MELEE, weapon=True),
            Power(name="Grenade", rank=5, attack=AttackKind.RANGED, exploding_ft=50),
        ),
        expertise=("Pistol",),
    )


#: sample key -> sheet
SAMPLE_CHARACTERS: dict[str, Character] = {
    "ganyeka": _GANYEKA,
    "widow": _WIDOW,
    "agent-a": _agent("agent-a", "Agent Adler", 3),
    "agent-b": _agent("agent-b", "Agent Brandt", 2),
}
