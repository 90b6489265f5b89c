"""Weaverdice's closed vocabularies: stats, tiers, effort pools, damage types, wound tiers, statuses.

Shared by every Weaverdice module (checks, combat, the effect tables, gear),
so each word is spelled once. Values are the lower-case words used in
commands and files (``stat=brawn``, ``damage=cut``).
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

__all__ = ["PHYSICAL_STATS", "DamageType", "Pool", "Stat", "Status", "Tier", "WoundTier"]


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
