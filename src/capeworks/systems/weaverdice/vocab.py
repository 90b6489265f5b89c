"""Weaverdice's closed vocabularies: stats, tiers, effort pools, damage types, wound tiers, statuses.

Shared by every Weaverdice module (checks, combat, the effect tables, gear),
so each word is spelled once. Values are the lower-case words used in
commands and files (``stat=brawn``, ``damage=cut``).
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Annotated

from pydantic import BeforeValidator

__all__ = [
    "LIMBS",
    "PHYSICAL_STATS",
    "BodyPart",
    "DamageType",
    "Pool",
    "Stat",
    "Status",
    "Tier",
    "TierWord",
    "WoundTier",
]


class Stat(StrEnum):
    """The seven stats (WD-STAT-001); each defaults to 3 and adds ``stat - 3`` to a roll."""

    BRAWN = "brawn"
    ATHLETICS = "athletics"
    DEXTERITY = "dexterity"
    WITS = "wits"
    SOCIAL = "social"
    KNOWLEDGE = "knowledge"
    GUTS = "guts"


#: the stats physical pain touches (WD-STATUS-003); the rest are mental
PHYSICAL_STATS = frozenset({Stat.BRAWN, Stat.ATHLETICS, Stat.DEXTERITY, Stat.GUTS})


class Tier(StrEnum):
    """Who a character is to the rules (WD-NPC): what they track and how they drop."""

    PC = "pc"
    NOTABLE = "notable"
    GENERIC = "generic"
    BYSTANDER = "bystander"


class Pool(StrEnum):
    """The three effort pools (WD-EFFORT); Stamina is also called Adrenaline."""

    STAMINA = "stamina"
    FOCUS = "focus"
    RECOVERY = "recovery"


class DamageType(StrEnum):
    """The six damage types, each with its own effect tables (WD-WFX-002)."""

    CUT = "cut"
    BASH = "bash"
    PIERCE = "pierce"
    REND = "rend"
    BURN = "burn"
    SHOCK = "shock"


class WoundTier(IntEnum):
    """Wound severity (WD-WOUND-001), ordered so that a higher tier is worse."""

    SUPERFICIAL = 0
    LESSER = 1
    MODERATE = 2
    CRITICAL = 3

    @property
    def word(self) -> str:
        """The lower-case word (``lesser``), as typed in commands."""
        return self.name.lower()


def _tier(value: object) -> object:
    """``"moderate"`` (as typed in a command or a sheet file) -> WoundTier.MODERATE; numbers pass."""
    if isinstance(value, str) and not value.strip().isdigit():
        try:
            return WoundTier[value.strip().upper()]
        except KeyError:
            raise ValueError("a wound tier is superficial, lesser, moderate or critical") from None
    return value


#: a wound tier as a word (``lesser``) or its number
TierWord = Annotated[WoundTier, BeforeValidator(_tier)]


class Status(StrEnum):
    """Named statuses (WD-STATUS-001..016); powers and the GM may add free-text ones."""

    BLEEDING = "bleeding"
    PAINED_PHYSICAL = "pained_physical"
    PAINED_MENTAL = "pained_mental"
    PAINED_EMOTIONAL = "pained_emotional"
    PAINED_PART = "pained_part"
    SCARRING = "scarring"
    BLINDED = "blinded"
    DEAFENED = "deafened"
    KNOCKED_DOWN = "knocked_down"
    DELAYED = "delayed"
    STUCK = "stuck"
    DEATH_SENTENCE = "death_sentence"
    DISARMED = "disarmed"
    DISABLED_LIMB = "disabled_limb"
    LOST_LIMB = "lost_limb"
    ONGOING_DAMAGE = "ongoing_damage"
    #: Moderate Shock 1-2: only half the usual actions on the next turn (WD-WFX-021)
    HALF_ACTIONS = "half_actions"
    #: caught by a surprise round: no turn in the fight's first round (WD-COMBAT-003)
    SURPRISED = "surprised"


class BodyPart(StrEnum):
    """Parts an effect can single out: pained, disabled or lost (WD-STATUS-006, WD-WFX-018/022/023)."""

    LEFT_ARM = "left_arm"
    RIGHT_ARM = "right_arm"
    LEFT_LEG = "left_leg"
    RIGHT_LEG = "right_leg"
    HEAD = "head"

    @property
    def is_arm(self) -> bool:
        """True for either arm."""
        return self in (BodyPart.LEFT_ARM, BodyPart.RIGHT_ARM)

    @property
    def is_leg(self) -> bool:
        """True for either leg."""
        return self in (BodyPart.LEFT_LEG, BodyPart.RIGHT_LEG)


#: the four limbs (the head is a part but not a limb)
LIMBS = (BodyPart.LEFT_ARM, BodyPart.RIGHT_ARM, BodyPart.LEFT_LEG, BodyPart.RIGHT_LEG)
