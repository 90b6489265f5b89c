"""The table's rules config: the dice model, the attack model and every optional rule as a switch.

Defaults follow WS-DMG-008 ("normal optional rules are Wound Penalty and Shock, and Unnamed
Characters") and the inventory's PROPOSED decisions; everything else starts off.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from capeworks.engine.fields import value_words
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
    """The table's options: dice, attack model, parameters and one switch per optional rule.

    Each field has a title and a description a designer reads (the lobby's form, the CLI's help), and
    each choice its values' words (:func:`value_words`).
    """

    dice: DiceModelName = Field(
        default=DiceModelName.POS_NEG,
        title="Dice",
        description="The dice every roll adds (WS-CORE-001).",
        json_schema_extra=value_words(
            {
                DiceModelName.POS_NEG: "A positive d10 minus a negative d10 (-9 to +9)",
                DiceModelName.ONE_D10: "One d10 (1 to 10)",
            }
        ),
    )
    pv_model: PvModel = Field(
        default=PvModel.EFFECT_VALUES,
        title="Damage of a hit (PV)",
        description="How a hit's PV is worked out (WS-CORE-002).",
        json_schema_extra=value_words(
            {
                PvModel.EFFECT_VALUES: "Weapon damage minus Soak, on any hit",
                PvModel.MARGIN: "Outcome + weapon damage minus Soak",
            }
        ),
    )
    wound_threshold: int = Field(
        default=5, ge=1, le=50, title="Wound Threshold", description="Damage per Wound (WS-DMG-003)."
    )
    active_defense_bonus: int = Field(
        default=5, ge=0, le=20, title="Active Defense bonus", description="Defense an Active Defense adds."
    )
    heroic_multi_action: bool = Field(
        default=False,
        title="Heroic Initiative",
        description="Split an Action among up to 10 targets by the heroic table (WS-SNAP-002).",
    )
    heroic_vs_mooks: HeroicVsMooks = Field(
        default=HeroicVsMooks.OFF,
        title="Heroic table against mooks",
        description="The heroic table used reversed against unnamed characters (WS-SNAP-003).",
        json_schema_extra=value_words(
            {
                HeroicVsMooks.OFF: "Off",
                HeroicVsMooks.REVERSED_ROWS: "A split against N mooks takes the penalty of 11 - N targets",
                HeroicVsMooks.AS_MOOK_DEFENSE_PENALTY: "A mook group's attack takes the penalty of N",
            }
        ),
    )
    wound_penalty: WoundPenalty = Field(
        default=WoundPenalty.PER_WOUND,
        title="Wound penalty",
        description="How Wounds hamper rolls (WS-WPEN).",
        json_schema_extra=value_words(
            {
                WoundPenalty.NONE: "None",
                WoundPenalty.PER_WOUND: "-1 per Wound",
                WoundPenalty.PERCENTILE: "By the share of Toughness lost (percentile table)",
                WoundPenalty.SERIOUSNESS: "By the Wounds of one attack (Wound Seriousness)",
            }
        ),
    )
    shock_roll: bool = Field(
        default=True, title="Shock roll", description="A Shock roll on each Wound (WS-SHOCK-001)."
    )
    mooks: MookModel = Field(
        default=MookModel.GLASS_JAW,
        title="Unnamed characters (mooks)",
        description="How mooks take damage (WS-MOOK).",
        json_schema_extra=value_words(
            {
                MookModel.GLASS_JAW: "Glass Jaw: down on one Wound",
                MookModel.ADVANCED: "Advanced Mooks table",
                MookModel.SPEED_BUMP: "Speed Bump: no attack roll, mooks downed by margin",
            }
        ),
    )
    covering_fire: bool = Field(
        default=False, title="Covering fire", description="Weapons may lay covering fire (WS-COVER)."
    )
    shaken: bool = Field(
        default=False, title="Shaken", description="Taking Shock leaves a character Shaken (WS-SHAKEN)."
    )
    shaken_difficulty: int = Field(
        default=20,
        ge=0,
        le=40,
        title="Shaken recovery difficulty",
        description="Willpower + Focus to shake it off.",
    )
    card_draw: bool = Field(
        default=False, title="Dramatic card draw", description="A card per Faction each Sequence (WS-CARD)."
    )
    knockback: bool = Field(
        default=False,
        title="Knockdown and knockback",
        description="Damage over Mass flings a character (WS-KNOCK).",
    )
    stun: bool = Field(
        default=False, title="Stun", description="Each Wound of an attack costs a Shot (WS-SHOCK)."
    )
    cinematic_wounds: CineMode = Field(
        default=CineMode.OFF,
        title="Cinematic Wounds",
        description="Wounds that hamper in the story, not in numbers (WS-CINE).",
        json_schema_extra=value_words(
            {
                CineMode.OFF: "Off",
                CineMode.FIXED: "One on each Massive Damage hit",
                CineMode.VARIABLE: "Luck rolls for each Wound",
            }
        ),
    )
    cine_wound_xp: int = Field(
        default=0,
        ge=0,
        le=1,
        title="XP per healed Cinematic Wound",
        description="XP the party gains as each Cinematic Wound heals: 0 or 1 (WS-CINE-004).",
    )
    sand_in_your_teeth: SandMode = Field(
        default=SandMode.OFF,
        title="Sand in Your Teeth",
        description="Every hit causes at least one Wound (WS-GRIT-001).",
        json_schema_extra=value_words(
            {
                SandMode.OFF: "Off",
                SandMode.ADDITIVE: "1 Wound + 1 per Wound Threshold of damage",
                SandMode.MINIMUM_ONE: "At least 1 Wound, else as usual",
            }
        ),
    )
    dark_times: bool = Field(
        default=False, title="Dark Times", description="A hit may leave its target dying (WS-DARK)."
    )
    status_effects: bool = Field(
        default=False, title="Status effects", description="Bruised and the other statuses (WS-STATUS)."
    )
    wake_rolls: bool = Field(
        default=True, title="Wake rolls", description="Unconscious characters roll to wake (WS-DMG-007)."
    )
    wake_difficulty: int = Field(
        default=15, ge=0, le=40, title="Wake difficulty", description="Willpower + Focus to wake."
    )
    wake_after_sequences: int = Field(
        default=100,
        ge=1,
        le=10000,
        title="Sequences until waking",
        description="The unconscious wake after this many Sequences anyway (100 = 10 minutes).",
    )
    dying_sequences: int = Field(
        default=600,
        ge=1,
        le=100000,
        title="Sequences to stabilise the dying",
        description="The dying die unless stabilised in time (600 = 1 hour).",
    )
    stabilise_every: int = Field(
        default=100,
        ge=1,
        le=100000,
        exclude_if=lambda v: v == 100,
        title="Sequences between stabilising attempts",
        description="Sequences between stabilising attempts on one patient (WS-DARK-003: 10 minutes).",
    )
    treat_difficulty: int = Field(
        default=15,
        ge=0,
        le=40,
        title="Treatment difficulty",
        description="Physician + Wits to bandage Wounds.",
    )
    initiative: InitiativeSystem = Field(
        default=InitiativeSystem.SHOTS,
        title="Initiative",
        description="Shots and Sequences, or the alternate initiative cards (WS-ALT).",
        json_schema_extra=value_words(
            {
                InitiativeSystem.SHOTS: "Shots and Sequences",
                InitiativeSystem.CARDS: "Initiative cards",
            }
        ),
    )
    padding: TextList = Field(
        default_factory=lambda: ["d10", "setback", "random"],
        title="Padding cards",
        description="Padding cards behind the stack (card initiative): d10, setback, random, knockdown.",
    )
    alt_defense_counts_last: bool = Field(
        default=True,
        title="Active Defense counts as last place",
        description="Initiative cards: a defended attack's damage counts as against the last (WS-ALT-003).",
    )
