"""Rules config for Roll When You Need: the [PARAM] values and the designer's variants.

Implements the configurable parts of RWYN-POOL-001/007 (ability bounds, the
cap), RWYN-MIX-001 (mixed-result flags), RWYN-CRIT-001/002 (critical preset,
quality dice), RWYN-ABIL-001/002/008/009 (ability list, physical stress
ability, quantity cap, XP buy-back) and RWYN-DESIGN-002/004-007 (success-count
resolution, successes on 4-6, take-your-time, big pools, d10 half faces).
Every variant is a field, so each table picks its own; :data:`PRESETS` names
the designer's variants.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from capeworks.engine.fields import value_words
from capeworks.systems.rwyn.sheet import STANDARD_ABILITIES, Ability

__all__ = [
    "PRESETS",
    "CritPreset",
    "Recovery",
    "ResolutionMode",
    "RwynConfig",
    "Variant",
    "preset",
]


class ResolutionMode(StrEnum):
    """How a check succeeds (RWYN-DESIGN-002)."""

    #: one kept success suffices; difficulty only adds disaster dice (src 7-9)
    CORE = "core"
    #: kept successes must reach the difficulty (the design discussion's ladder)
    SUCCESS_THRESHOLD = "success_threshold"


class CritPreset(StrEnum):
    """Which rolls count as critical (RWYN-CRIT-001, OPEN: never defined in the text)."""

    #: every ability die a success / every ability die a 1 (PROPOSED default)
    ALL_DICE = "all_dice"
    #: kept successes >= crit_threshold / no successes and a disaster success
    THRESHOLD = "threshold"


class Recovery(StrEnum):
    """When a consequence clears (RWYN-STRESS-002 PROPOSED)."""

    SCENE = "scene"
    SESSION = "session"
    GM = "gm"


class Variant(StrEnum):
    """The designer's variants (RWYN-DESIGN, table T2b), each a ready-made config."""

    CORE = "core"
    SUCCESS_ON_4 = "success_on_4"
    TAKE_YOUR_TIME = "take_your_time"
    BIG_POOLS = "big_pools"
    D10_HALF_FACES = "d10_half_faces"
    SUCCESS_THRESHOLD = "success_threshold"


class RwynConfig(BaseModel):
    """One table's rules: defaults are the core text plus the inventory's PROPOSED decisions."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # -- dice (RWYN-GEN-002, RWYN-DESIGN-004/007) --
    die_size: int = Field(
        default=6, title="Die size", description="Sides of every die: 6 (core) or 10 (RWYN-DESIGN-007)."
    )
    success_min: int = Field(
        default=5,
        ge=2,
        title="Lowest success face",
        description="Lowest face that is a success (5 core, 4 variant A).",
    )
    # -- pools (RWYN-POOL-001/007) --
    pool_cap: int = Field(
        default=10,
        ge=1,
        le=100,
        title="Most dice in a pool",
        description="Most dice a pool rolls (RWYN-POOL-007).",
    )
    dice_per_auto_success: int = Field(
        default=2,
        ge=1,
        le=10,
        title="Dice per automatic success",
        description="Dice beyond the cap that make one automatic success.",
    )
    ability_min: int = Field(
        default=0, ge=0, title="Lowest ability", description="Lowest ability rating (RWYN-POOL-001 PROPOSED)."
    )
    ability_max: int = Field(
        default=5,
        ge=1,
        le=50,
        title="Highest ability",
        description="Highest ability rating (5 core, 10 big pools).",
    )
    ability_start: int = Field(
        default=0,
        ge=0,
        le=50,
        title="Ability left out",
        description="Rating of an ability a new sheet leaves out.",
    )
    difficulty_max: int = Field(
        default=5,
        ge=1,
        le=50,
        title="Highest difficulty",
        description="Highest difficulty without a GM ruling.",
    )
    impossible_max: int = Field(
        default=20,
        ge=1,
        le=100,
        title="Highest 'Impossible' difficulty",
        description="Highest 'Impossible' difficulty a GM may set.",
    )
    resolution_mode: ResolutionMode = Field(
        default=ResolutionMode.CORE,
        title="How a check succeeds",
        description="Core rules, or the design discussion's ladder (RWYN-DESIGN-002).",
        json_schema_extra=value_words(
            {
                ResolutionMode.CORE: "One success suffices; difficulty adds disaster dice",
                ResolutionMode.SUCCESS_THRESHOLD: "Successes must reach the difficulty",
            }
        ),
    )
    threshold_disaster_dice: bool = Field(
        default=False,
        title="Disaster dice when successes must reach the difficulty",
        description="When successes must reach the difficulty, still roll disaster dice (RWYN-DESIGN-002).",
    )
    time_auto_successes: bool = Field(
        default=False,
        title="Take your time",
        description="Taking time buys automatic successes (RWYN-DESIGN-005).",
    )
    # -- mixed and critical results (RWYN-MIX-001, RWYN-CRIT-001/002) --
    mixed_counts_disaster_ones: bool = Field(
        default=False,
        title="Disaster dice's 1s count toward a mixed result",
        description="A mixed result counts the 1s of disaster dice too (RWYN-MIX-001).",
    )
    mixed_uses_kept_successes: bool = Field(
        default=False,
        title="Mixed result against kept successes",
        description="A mixed result weighs the 1s against the successes kept after sacrifice (RWYN-MIX-001).",
    )
    crit_preset: CritPreset = Field(
        default=CritPreset.ALL_DICE,
        title="Critical results",
        description="Which rolls count as critical (RWYN-CRIT-001).",
        json_schema_extra=value_words(
            {
                CritPreset.ALL_DICE: "Every ability die a success (or every one a 1)",
                CritPreset.THRESHOLD: "Enough kept successes (or none and a disaster)",
            }
        ),
    )
    crit_threshold: int = Field(
        default=3,
        ge=1,
        le=50,
        title="Successes for a critical",
        description="Kept successes that make a critical success when criticals go by count.",
    )
    quality_die_bonus: int = Field(
        default=0, ge=0, le=10, title="Dice a quality adds", description="Dice a quality adds (0 = off)."
    )
    # -- abilities, wealth, reputation (RWYN-ABIL) --
    abilities: tuple[str, ...] = Field(
        default=STANDARD_ABILITIES, title="Abilities", description="The campaign's ability list."
    )
    physical_stress_ability: str = Field(
        default=Ability.ENDURANCE.value,
        title="Ability of the physical track",
        description="Sizes the physical track.",
    )
    limited_quantity_cap: int | None = Field(
        default=None, ge=1, title="Limited quantity cap", description="Quantity limit at cost = Wealth - 1."
    )
    buyback_xp_per_point: int = Field(
        default=2, ge=0, le=100, title="XP per point bought back", description="XP to restore one lost point."
    )
    # -- harm and recovery (RWYN-GEN-003, RWYN-STRESS-002) --
    default_harm: int = Field(
        default=1,
        ge=0,
        le=20,
        title="Harm of an enemy move",
        description="Stress an enemy move deals on a failure.",
    )
    players_set_difficulty: bool = Field(
        default=False,
        title="Players set difficulties",
        description=(
            "Players may set the difficulty of their own checks and enemy moves (RWYN-GEN-003 is the GM's "
            "by default: the GM calls checks and declares enemy moves)."
        ),
    )
    minor_recovers: Recovery = Field(
        default=Recovery.SCENE,
        title="Minor consequences clear",
        description="When a minor consequence clears (RWYN-STRESS-002).",
        json_schema_extra=value_words(
            {
                Recovery.SCENE: "At the end of the scene",
                Recovery.SESSION: "At the end of the session",
                Recovery.GM: "When the GM says",
            }
        ),
    )
    moderate_recovers: Recovery = Field(
        default=Recovery.SESSION,
        title="Moderate consequences clear",
        description="When a moderate consequence clears (RWYN-STRESS-002).",
        json_schema_extra=value_words(
            {
                Recovery.SCENE: "At the end of the scene",
                Recovery.SESSION: "At the end of the session",
                Recovery.GM: "When the GM says",
            }
        ),
    )
    major_recovers: Recovery = Field(
        default=Recovery.GM,
        title="Major consequences clear",
        description="When a major consequence clears (RWYN-STRESS-002).",
        json_schema_extra=value_words(
            {
                Recovery.SCENE: "At the end of the scene",
                Recovery.SESSION: "At the end of the session",
                Recovery.GM: "When the GM says",
            }
        ),
    )

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.die_size not in (6, 10):
            raise ValueError("die_size must be 6 or 10")
        if self.success_min > self.die_size:
            raise ValueError(f"success_min {self.success_min} cannot exceed the die size {self.die_size}")
        if self.ability_min > self.ability_max:
            raise ValueError("ability_min cannot exceed ability_max")
        if not self.ability_min <= self.ability_start <= self.ability_max:
            raise ValueError("ability_start must lie between ability_min and ability_max")
        if self.impossible_max < self.difficulty_max:
            raise ValueError("impossible_max cannot be below difficulty_max")
        if len(set(a.lower() for a in self.abilities)) != len(self.abilities):
            raise ValueError("the ability list names an ability twice")
        return self

    @property
    def p_success(self) -> tuple[int, int]:
        """Chance one die succeeds, as (numerator, denominator)."""
        return self.die_size - self.success_min + 1, self.die_size

    def all_abilities(self) -> tuple[str, ...]:
        """Every ability a sheet may rate: the campaign list plus Poise, Wealth and Reputation.

        Resilience is a separate ability only when ``physical_stress_ability``
        is "Resilience"; otherwise it is an alias of that ability (RWYN-ABIL-002).
        """
        known = {x.lower() for x in self.abilities}
        wanted = [
            Ability.POISE.value,
            self.physical_stress_ability,
            Ability.WEALTH.value,
            Ability.REPUTATION.value,
        ]
        extra: list[str] = []
        for a in wanted:
            if a.lower() not in known:
                known.add(a.lower())
                extra.append(a)
        return (*self.abilities, *extra)

    def resolve_ability(self, name: str) -> str | None:
        """The sheet's spelling of ``name`` (any case; Resilience as its alias), or None."""
        wanted = name.strip().lower()
        if wanted == Ability.RESILIENCE.value.lower():
            wanted = self.physical_stress_ability.lower()
        for a in self.all_abilities():
            if a.lower() == wanted:
                return a
        return None


PRESETS: dict[Variant, dict[str, Any]] = {
    Variant.CORE: {},
    Variant.SUCCESS_ON_4: {"success_min": 4},
    Variant.TAKE_YOUR_TIME: {"time_auto_successes": True},
    Variant.BIG_POOLS: {"ability_min": 1, "ability_max": 10, "ability_start": 5, "difficulty_max": 10},
    Variant.D10_HALF_FACES: {"die_size": 10, "success_min": 6},
    Variant.SUCCESS_THRESHOLD: {"resolution_mode": "success_threshold", "difficulty_max": 6},
}


def preset(*variants: Variant | str, **overrides: Any) -> RwynConfig:
    """A config combining the named variants (later ones win) and explicit overrides."""
    values: dict[str, Any] = {}
    for v in variants:
        values.update(PRESETS[Variant(v)])
    values.update(overrides)
    return RwynConfig.model_validate(values)
