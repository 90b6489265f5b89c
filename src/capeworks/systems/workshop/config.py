"""The table's rules config: the dice model, the attack model and every optional rule as a switch.

Defaults follow WS-DMG-008 ("normal optional rules are Wound Penalty and Shock, and Unnamed
Characters") and the inventory's PROPOSED decisions; everything else starts off.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from capeworks.engine.kit import Frozen, TextList

__all__ = [
    "CineMode",
    "DiceModelName",
    "HeroicVsMooks",
    "InitiativeSystem",
    "MookModel",
    "PvModel",
    "SandMode",
    "WorkshopConfig",
    "WoundPenalty",
]


class DiceModelName(StrEnum):
    """Which dice a roll adds (WS-CORE-001: the seed never says; the model is pluggable)."""

    #: one positive and one negative d10 read 0-9 (the wiki's "Action!/System"): -9..+9, mean 0
    POS_NEG = "pos_neg_d10"
    #: one d10 read 1-10 (mean 5.5), the inventory's alternative preset
    ONE_D10 = "one_d10"


class PvModel(StrEnum):
    """How a hit's PV is found (WS-CORE-002)."""

    #: offensive EV (weapon damage) minus defensive EV (soak), on any hit (Outcome >= 0)
    EFFECT_VALUES = "effect_values"
    #: the inventory's first model: Outcome + weapon damage - soak
    MARGIN = "margin"


class WoundPenalty(StrEnum):
    """The wound penalty model (WS-WPEN-004)."""

    NONE = "none"
    PER_WOUND = "per_wound"
    PERCENTILE = "percentile"
    SERIOUSNESS = "seriousness"


class MookModel(StrEnum):
    """How unnamed characters are handled (WS-MOOK-006)."""

    GLASS_JAW = "glass_jaw"
    ADVANCED = "advanced"
    SPEED_BUMP = "speed_bump"


class CineMode(StrEnum):
    """Cinematic wounds (WS-CINE): off, one per Massive Damage hit, or Luck rolls per Wound."""

    OFF = "off"
    FIXED = "fixed"
    VARIABLE = "variable"


class SandMode(StrEnum):
    """Sand in Your Teeth (WS-GRIT-001)."""

    OFF = "off"
    ADDITIVE = "additive"
    MINIMUM_ONE = "minimum_one"


class HeroicVsMooks(StrEnum):
    """The heroic table's "reversed" use against unnamed characters (WS-SNAP-003)."""

    OFF = "off"
    #: a multi-target split against N mooks takes modifier(11 - N)
    REVERSED_ROWS = "reversed_rows"
    #: a mook's attack on a named character takes modifier(N), N the mooks standing in its group
    AS_MOOK_DEFENSE_PENALTY = "as_mook_defense_penalty"


class InitiativeSystem(StrEnum):
    """Shot-pool Sequences, or the alternate stack of initiative cards (WS-ALT)."""

    SHOTS = "shots"
    CARDS = "cards"


class WorkshopConfig(Frozen):
    """The table's options: dice, attack model, parameters and one switch per optional rule."""

    dice: DiceModelName = Field(default=DiceModelName.POS_NEG, description="Dice model of every roll.")
    pv_model: PvModel = Field(default=PvModel.EFFECT_VALUES, description="How a hit's PV is worked out.")
    wound_threshold: int = Field(default=5, ge=1, le=50, description="Normal Wound Threshold (WS-DMG-003).")
    active_defense_bonus: int = Field(
        default=5, ge=0, le=20, description="Defense bonus of an Active Defense."
    )
    heroic_multi_action: bool = Field(default=False, description="Heroic Initiative table (WS-SNAP-002).")
    heroic_vs_mooks: HeroicVsMooks = HeroicVsMooks.OFF
    wound_penalty: WoundPenalty = WoundPenalty.PER_WOUND
    shock_roll: bool = Field(default=True, description="Shock roll on a Wound (WS-SHOCK-001).")
    mooks: MookModel = MookModel.GLASS_JAW
    covering_fire: bool = False
    shaken: bool = False
    shaken_difficulty: int = Field(default=20, ge=0, le=40)
    card_draw: bool = Field(default=False, description="Dramatic card draw each Sequence (WS-CARD).")
    knockback: bool = False
    stun: bool = False
    cinematic_wounds: CineMode = CineMode.OFF
    cine_wound_xp: int = Field(default=0, ge=0, le=1)
    sand_in_your_teeth: SandMode = SandMode.OFF
    dark_times: bool = False
    status_effects: bool = False
    wake_rolls: bool = Field(default=True, description="Unconscious characters roll to wake (WS-DMG-007).")
    wake_difficulty: int = Field(default=15, ge=0, le=40)
    wake_after_sequences: int = Field(default=100, ge=1, le=10000, description="10 minutes.")
    dying_sequences: int = Field(default=600, ge=1, le=100000, description="1 hour to stabilise.")
    stabilise_every: int = Field(
        default=100,
        ge=1,
        le=100000,
        exclude_if=lambda v: v == 100,
        description="Sequences between stabilising attempts on one patient (WS-DARK-003: 10 minutes).",
    )
    treat_difficulty: int = Field(default=15, ge=0, le=40)
    initiative: InitiativeSystem = Field(
        default=InitiativeSystem.SHOTS, description="WS-ALT: card initiative."
    )
    padding: TextList = Field(
        default_factory=lambda: ["d10", "setback", "random"],
        description="Padding cards behind the stack (card initiative): d10, setback, random, knockdown.",
    )
    alt_defense_counts_last: bool = Field(
        default=True, description="WS-ALT-003: the hedged last-place clause."
    )
