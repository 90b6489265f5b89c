"""The Capes character sheet: abilities, drives, exemplars, and the closed vocabularies.

Rule IDs: CAPES-CHAR-001, CAPES-CHAR-003, CAPES-CHAR-004, CAPES-DEBT-006 (the ten
Drives), CAPES-CONF-008 (Event and Goal). Validation of a sheet against the
creation rules lives in :mod:`capeworks.systems.capes.building`.
"""

from __future__ import annotations

import re
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "HEROIC_DRIVES",
    "STACK",
    "VILLAINOUS_DRIVES",
    "Ability",
    "AbilityKind",
    "CharacterSheet",
    "ConflictKind",
    "Drive",
    "DriveRating",
    "Exemplar",
    "slug",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")

#: the debt pool name of an undifferentiated character (CAPES-CHAR-009)
STACK = "stack"


def slug(name: str) -> str:
    """The key a name is known by: lower case, words joined by ``_``."""
    return re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_")


class Drive(StrEnum):
    """The ten Drives (table T1, CAPES-DEBT-006)."""

    JUSTICE = "justice"
    TRUTH = "truth"
    LOVE = "love"
    HOPE = "hope"
    DUTY = "duty"
    OBSESSION = "obsession"
    PRIDE = "pride"
    POWER = "power"
    DESPAIR = "despair"
    FEAR = "fear"


HEROIC_DRIVES = (Drive.JUSTICE, Drive.TRUTH, Drive.LOVE, Drive.HOPE, Drive.DUTY)
VILLAINOUS_DRIVES = (Drive.OBSESSION, Drive.PRIDE, Drive.POWER, Drive.DESPAIR, Drive.FEAR)


class AbilityKind(StrEnum):
    """The four ability types (CAPES-CHAR-003)."""

    POWER = "power"
    SKILL = "skill"
    ATTITUDE = "attitude"
    STYLE = "style"


class ConflictKind(StrEnum):
    """The two Conflict types (CAPES-CONF-008)."""

    EVENT = "event"
    GOAL = "goal"


class Ability(BaseModel):
    """One ability: its name, type, rating and whether it is super-powered (CAPES-CHAR-004)."""

    model_config = _FROZEN

    name: str = Field(min_length=1, max_length=60)
    kind: AbilityKind
    rating: int = Field(ge=1, le=5)
    super: bool = False

    @property
    def key(self) -> str:
        """The ability's lookup key."""
        return slug(self.name)


class DriveRating(BaseModel):
    """A Drive and its Strength (CAPES-CHAR-007)."""

    model_config = _FROZEN

    drive: Drive
    strength: int


class Exemplar(BaseModel):
    """A character embodying one of this character's Drives, with the root conflict (CAPES-CHAR-011/013)."""

    model_config = _FROZEN

    character: str = Field(min_length=1, max_length=60)
    drive: Drive
    root: str = ""
    shared_with: str = ""


class CharacterSheet(BaseModel):
    """A Capes character: abilities for everyone, Drives and Exemplars for super-powered ones."""

    model_config = _FROZEN

    name: str = Field(min_length=1, max_length=60)
    abilities: tuple[Ability, ...]
    drives: tuple[DriveRating, ...] = ()
    undifferentiated: bool = False
    exemplars: tuple[Exemplar, ...] = ()
    non_person: bool = False
    free_conflict: str = ""
    notes: str = ""

    @property
    def key(self) -> str:
        """The character's lookup key."""
        return slug(self.name)

    @property
    def super_powered(self) -> bool:
        """True when the character has Powers or any super-powered Style."""
        return any(a.super for a in self.abilities)

    def ability(self, name: str) -> Ability | None:
        """The ability called ``name`` (case and spacing ignored), or None."""
        key = slug(name)
        return next((a for a in self.abilities if a.key == key), None)

    def pools(self) -> tuple[str, ...]:
        """Where this character's Debt can sit: its Drives, or the one stack."""
        if self.drives:
            return tuple(d.drive.value for d in self.drives)
        return (STACK,)

    def strength(self, pool: str) -> int:
        """A pool's Strength; the undifferentiated stack counts as 5 (CAPES-CHAR-009)."""
        for d in self.drives:
            if d.drive.value == pool:
                return d.strength
        return 5 if pool == STACK else 0
