"""The character sheet: abilities, qualities, talents, stress tracks and consequences.

Implements the data side of RWYN-ABIL-001/002/003 (the twenty abilities,
Resilience/Poise as stress abilities, Wealth/Reputation picked up in play),
RWYN-TRAIT-001..004 (quality pairs, talents as rule hooks) and
RWYN-STRESS-001..004 (tracks sized by abilities, the consequence ladder).
Characters are frozen; every change returns a new one.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "STANDARD_ABILITIES",
    "Ability",
    "Character",
    "Consequence",
    "Quality",
    "Standing",
    "Talent",
    "TalentHook",
    "Track",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class Ability(StrEnum):
    """The twenty listed abilities (src 23) plus Resilience, Wealth and Reputation."""

    ACADEMICS = "Academics"
    ART = "Art"
    ATHLETICS = "Athletics"
    AWARENESS = "Awareness"
    BRAWLING = "Brawling"
    CHARM = "Charm"
    DEBAUCHERY = "Debauchery"
    DEVICES = "Devices"
    ENDURANCE = "Endurance"
    GUNS = "Guns"
    GYMNASTICS = "Gymnastics"
    INSIGHT = "Insight"
    MATHEMATICS = "Mathematics"
    MELEE = "Melee"
    PERFORMANCE = "Performance"
    POISE = "Poise"
    SCIENCE = "Science"
    STEALTH = "Stealth"
    SUBTERFUGE = "Subterfuge"
    SURVIVAL = "Survival"
    RESILIENCE = "Resilience"
    WEALTH = "Wealth"
    REPUTATION = "Reputation"


#: the static list of src 23, in the text's order (RWYN-ABIL-001); a config may replace it
STANDARD_ABILITIES: tuple[str, ...] = tuple(
    a.value for a in Ability if a not in (Ability.RESILIENCE, Ability.WEALTH, Ability.REPUTATION)
)


class Track(StrEnum):
    """The two stress tracks (RWYN-STRESS-001; "social/mental" is one track, PROPOSED)."""

    PHYSICAL = "physical"
    MENTAL = "mental"

    @classmethod
    def _missing_(cls, value: object) -> Track | None:
        """The seed calls the second track "social" in one sentence and "mental" in the next (src 19):
        one track (PROPOSED RWYN-STRESS-001), so "social" (or "social/mental") names it too."""
        if isinstance(value, str) and value.strip().lower() in ("social", "social/mental"):
            return cls.MENTAL
        return None


class Consequence(StrEnum):
    """The consequence ladder, in the order it is climbed (RWYN-STRESS-002)."""

    MINOR = "minor"
    MODERATE = "moderate"
    MAJOR = "major"


class Standing(StrEnum):
    """Whether a character is still in the conflict (RWYN-STRESS-003/004)."""

    IN = "in"
    #: chose to be taken out instead of a consequence; back next scene
    OUT_BY_CHOICE = "out_by_choice"
    #: a fourth consequence: out in the way the GM decides
    OUT_FOR_GOOD = "out_for_good"


class TalentHook(StrEnum):
    """Rules a talent can bend (RWYN-TRAIT-004's examples); NONE is narrative only."""

    NONE = "none"
    #: halve the time to use or build a device when the check gets >= 1 success
    QUICK_DEVICES = "quick_devices"
    #: move again after striking an enemy (a successful attack)
    STRIKE_AND_MOVE = "strike_and_move"
    #: once per purchase, re-roll the disaster dice of an above-Wealth purchase
    LEVERAGE_DEBT = "leverage_debt"


class Quality(BaseModel):
    """A descriptor with both sides (RWYN-TRAIT-001): e.g. assertive / hot-tempered."""

    model_config = _FROZEN

    benefit: str = Field(min_length=1, max_length=120)
    drawback: str = Field(min_length=1, max_length=120)


class Talent(BaseModel):
    """A learned technique (RWYN-TRAIT-003), optionally hooked into a rule."""

    model_config = _FROZEN

    name: str = Field(min_length=1, max_length=120)
    hook: TalentHook = TalentHook.NONE


class Character(BaseModel):
    """A player character: who owns it, its ratings, traits, stress and consequences."""

    model_config = _FROZEN

    id: str
    name: str
    owner: str
    abilities: dict[str, int] = Field(default_factory=dict)
    qualities: tuple[Quality, ...] = ()
    talents: tuple[Talent, ...] = ()
    stress: dict[Track, int] = Field(default_factory=lambda: {Track.PHYSICAL: 0, Track.MENTAL: 0})
    consequences: dict[Consequence, str] = Field(default_factory=dict)
    #: a track that overflowed and waits for the player's choice (consequence or taken out)
    overflow: Track | None = None
    standing: Standing = Standing.IN
    out_how: str = ""
    xp: int = 0
    #: points of Wealth / Reputation lost to disaster successes, not yet bought back
    lost: dict[str, int] = Field(default_factory=dict)

    def rating(self, ability: str) -> int:
        """The rating of ``ability`` (0 when unrated)."""
        return self.abilities.get(ability, 0)

    def has_talent(self, hook: TalentHook) -> bool:
        """True when one of the character's talents bends the rule ``hook``."""
        return any(t.hook == hook for t in self.talents)

    def next_consequence(self) -> Consequence | None:
        """The lowest free rung of the ladder, or None when all three are taken (a fourth takes out)."""
        for c in Consequence:
            if c not in self.consequences:
                return c
        return None
