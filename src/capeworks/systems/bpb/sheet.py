"""A Bulletproof Blues character: attributes and powers in ranks, expertise, protection.

The sheet is what a character is; what has happened to them in play (damage,
statuses, plot points) is :class:`~capeworks.systems.bpb.state.Condition`.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, field_validator

from capeworks.engine.kit import Frozen

__all__ = ["ATTRIBUTES", "AttackKind", "Character", "Medium", "Power", "attribute_name"]

#: the attributes this chapter names (BPB glossary); "Strength" (src 435) reads as Brawn
ATTRIBUTES: tuple[str, ...] = (
    "Agility",
    "Brawn",
    "Prowess",
    "Accuracy",
    "Perception",
    "Willpower",
    "Endurance",
    "Reason",
)


def attribute_name(text: str) -> str:
    """The attribute a person typed (any case; "Strength" is Brawn), or ValueError naming the known ones."""
    key = text.strip().lower()
    if key == "strength":
        return "Brawn"
    for name in ATTRIBUTES:
        if name.lower() == key:
            return name
    raise ValueError(f"There is no attribute {text!r}; known: {', '.join(ATTRIBUTES)}.")


class AttackKind(StrEnum):
    """How an attack is rolled (BPB-ROLL-007 PROPOSED): attribute rolled vs defender attribute."""

    MELEE = "melee"  # 2d6 + Prowess vs 8 + Prowess
    RANGED = "ranged"  # 2d6 + Accuracy vs 8 + Agility
    MENTAL = "mental"  # 2d6 + Willpower vs 8 + Willpower


class Medium(StrEnum):
    """Where a movement power goes (BPB-MOVE-003): over land (running, leaping, teleporting), only through
    water (Super-swimming, src 107), or through the air (flying: no feet on the ground, BPB-GRAB-011)."""

    GROUND = "ground"
    WATER = "water"
    AIR = "air"


#: (attacker's attribute, defender's attribute) per kind
ROLLS: dict[AttackKind, tuple[str, str]] = {
    AttackKind.MELEE: ("Prowess", "Prowess"),
    AttackKind.RANGED: ("Accuracy", "Agility"),
    AttackKind.MENTAL: ("Willpower", "Willpower"),
}


class Power(Frozen):
    """A power, weapon or item, rated in ranks.

    ``attack``: how it attacks (None: not an attack). ``damages``: the attribute
    its damage lowers (Endurance for ordinary attacks, BPB-DMG-009); None for
    attacks without damage (Telepathy). ``protects``: the damage type it
    protects against at PV = rank (Invulnerability, Force Field). ``weapon``:
    a hand-to-hand weapon, DR max(rank, Brawn) (BPB-DMG-002).
    """

    name: str = Field(min_length=1, max_length=60)
    rank: int = Field(ge=0, le=20)
    attack: AttackKind | None = None
    damages: str | None = "Endurance"
    penetrating: bool = False
    exploding_ft: int = Field(default=0, ge=0)
    weapon: bool = False
    protects: str | None = None
    activated: bool = False
    movement: bool = False
    expertise: bool = False
    #: range band of a ranged weapon when it is not its rank (a pistol: band 3); otherwise the band is the
    #: power's rank as it is now, boosts counted (BPB-RANGE-001, attacks.attack_task)
    band: int | None = Field(default=None, ge=0, le=20)
    #: where a movement power goes (a sheet that does not say: over land, as every one did before)
    goes: Medium = Field(default=Medium.GROUND, exclude_if=lambda v: v is Medium.GROUND)


class Character(Frozen):
    """A character sheet. ``owner`` is the seat that plays it ("" for the GM's characters)."""

    id: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")
    name: str = Field(min_length=1, max_length=80)
    owner: str = ""
    attributes: dict[str, int]
    powers: tuple[Power, ...] = ()
    #: skills and manoeuvres with expertise (e.g. "Computing", "throwing", "Prowess")
    expertise: tuple[str, ...] = ()
    weight_lb: int = Field(default=150, ge=1)

    @field_validator("attributes")
    @classmethod
    def _known(cls, value: dict[str, int]) -> dict[str, int]:
        out: dict[str, int] = {}
        for k, v in value.items():
            if not 0 <= v <= 20:
                raise ValueError(f"{k} {v} is outside ranks 0 to 20.")
            out[attribute_name(k)] = v
        return out

    def attribute(self, name: str) -> int:
        """The rank of an attribute (0 when the sheet does not list it)."""
        return self.attributes.get(name, 0)

    def power(self, name: str) -> Power | None:
        """The power of that name (any case), if the character has it."""
        key = name.strip().lower()
        return next((p for p in self.powers if p.name.lower() == key), None)

    def has_expertise(self, skill: str) -> bool:
        """Expertise in a skill, attribute or manoeuvre (a power's own flag counts for the power)."""
        key = skill.strip().lower()
        power = self.power(skill)
        return (power is not None and power.expertise) or any(e.lower() == key for e in self.expertise)
