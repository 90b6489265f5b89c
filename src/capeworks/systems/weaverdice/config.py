"""Rules config for Weaverdice part 1: the [PARAM] values and the inventory's PROPOSED flags.

Implements the configurable parts of WD-CORE-003 (default TN), WD-CORE-010
(parity on the natural die), WD-STAT-002/003/014 (stat range, statline,
underling cap), WD-MORALE-001/004/008 (morale floor, defiance cost, reset
mode), WD-COMBAT-003/008/012/014/018/028/032 (surprise margin, actions per
turn, complex quick actions, lengthy interruption, defense scores, Wait
expiry, rest TN), WD-NPC-004 (generic death check), WD-WOUND-005/008/009
(stay-up TN, rousing and dying), WD-MOVE-003 and WD-GRAPPLE-006/007 (the gear
engineer's flags, kept here so a table has one config), and the design-note
variants WD-DN-002 (superstats), WD-DN-011 (morale as effort) and WD-DN-013
(fixed statlines). Every default is the source text or its PROPOSED reading.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Self

from pydantic import Field, model_validator

from capeworks.engine.fields import value_words
from capeworks.engine.kit import Frozen
from capeworks.systems.weaverdice.campaign.settings import DOWNTIME_ACTIONS, CampaignConfig, DowntimeAction
from capeworks.systems.weaverdice.vocab import Stat, Tier

__all__ = [
    "DEFAULT_BONUS_SLOT_ACTIONS",
    "GrappleMode",
    "MoraleReset",
    "Statline",
    "WaitExpiry",
    "WeaverdiceConfig",
]


class WaitExpiry(StrEnum):
    """What happens to a Wait whose trigger never comes this round (WD-COMBAT-028)."""

    #: the waiting turn is lost (PROPOSED default)
    FORFEIT = "forfeit"
    #: the waiter acts at the end of the round instead
    ACT_END_OF_ROUND = "act_end_of_round"


class MoraleReset(StrEnum):
    """How morale returns to its day-start value after downtime (WD-MORALE-008)."""

    #: straight back to the baseline (the source)
    SNAP = "snap"
    #: one step toward the baseline per day (design note, src 178)
    SETTLE = "settle"


class GrappleMode(StrEnum):
    """How a grapple margin is spent (WD-GRAPPLE-007)."""

    TABLE = "table"
    SHORTHAND = "shorthand"


class Statline(Frozen):
    """One offered starting statline: the stats at +1 and at -1 (WD-STAT-003, WD-DN-013)."""

    plus: tuple[Stat, ...]
    minus: tuple[Stat, ...] = ()


#: the downtime actions a high-morale bonus slot may buy (WD-MORALE-007 PROPOSED allow-list)
DEFAULT_BONUS_SLOT_ACTIONS: tuple[DowntimeAction, ...] = (
    "rest_and_recuperate",
    "hang_out",
    "cape_business",
    "surveil",
    "research",
    "utilize_intel",
    "self_promote",
)


_DEFAULT_CAMPAIGN = CampaignConfig()


class WeaverdiceConfig(Frozen):
    """One table's Weaverdice rules: defaults are the seed plus the inventory's PROPOSED decisions."""

    # -- checks (WD-CORE) --
    default_tn: int = Field(
        title="Default TN", default=4, ge=1, le=12, description="TN when the GM names none (WD-CORE-003)."
    )
    parity_uses_natural_die: bool = Field(
        title="Even and odd read the natural die",
        default=True,
        description=(
            "Even/odd and 'already rolled' tests (Critical Shock's repeat, surveillance's repeated number) "
            "read the natural die; off: the roll's result (WD-CORE-010)."
        ),
    )
    # -- stats (WD-STAT) --
    stat_min: int = Field(
        title="Lowest stat", default=1, ge=0, le=3, description="Lowest unpowered base stat (WD-STAT-002)."
    )
    stat_max: int = Field(
        title="Highest stat", default=5, ge=3, le=10, description="Highest unpowered base stat (WD-STAT-002)."
    )
    statline_plus: int = Field(
        title="Stats at +1", default=2, ge=0, le=7, description="Stats at +1 on a new sheet (WD-STAT-003)."
    )
    statline_minus: int = Field(
        title="Stats at -1", default=1, ge=0, le=7, description="Stats at -1 on a new sheet (WD-STAT-003)."
    )
    fixed_statlines: tuple[Statline, ...] = Field(
        title="Offered statlines",
        default=(),
        description="GM-offered statlines (Mile End variant, WD-DN-013); empty = free choice.",
    )
    base_underling_cap: int | None = Field(
        title="Underling cap",
        default=None,
        ge=0,
        le=20,
        description="Base underling cap; None = the Social score (WD-STAT-014).",
    )
    superstats: bool = Field(
        title="Superstats",
        default=False,
        description="Superstats variant (WD-DN-002): a super stat auto-passes human-tier checks.",
    )
    # -- morale (WD-MORALE) --
    morale_floor: int = Field(
        title="Lowest morale",
        default=-4,
        ge=-5,
        le=-4,
        description="Lowest morale step; -5 (cap 2) is the design-note variant.",
    )
    charm_defiance_first: int = Field(
        title="Morale lost defying a charm",
        default=2,
        ge=0,
        le=8,
        description="Steps lost defying a charm first.",
    )
    charm_defiance_later: int = Field(
        title="Morale lost on later defiance",
        default=1,
        ge=0,
        le=8,
        description="Steps lost on each later defiance.",
    )
    morale_reset_mode: MoraleReset = Field(
        default=MoraleReset.SNAP,
        title="Morale after downtime",
        description="How morale comes back to its day-start value after downtime (WD-MORALE-008).",
        json_schema_extra=value_words(
            {
                MoraleReset.SNAP: "Straight back to the baseline",
                MoraleReset.SETTLE: "One step toward the baseline a day",
            }
        ),
    )
    morale_bonus_slot_actions: tuple[DowntimeAction, ...] = Field(
        default=DEFAULT_BONUS_SLOT_ACTIONS,
        title="Downtime actions of a morale bonus slot",
        description="The downtime actions a high morale's bonus slot may take (WD-MORALE-007).",
        json_schema_extra=value_words(DOWNTIME_ACTIONS),
    )
    morale_as_effort: bool = Field(
        title="Morale as effort",
        default=False,
        description="Variant WD-DN-011(b): each step above neutral is a day-long bonus dot.",
    )
    # -- combat (WD-COMBAT, WD-NPC) --
    actions_per_turn: int = Field(
        title="Actions a turn", default=2, ge=1, le=4, description="Standard actions a turn (WD-COMBAT-008)."
    )
    surprise_margin: int = Field(
        title="Surprise margin", default=3, ge=1, le=20, description="Tactics margin for a surprise round."
    )
    complex_quick_tn: int = Field(
        title="Compound quick action TN",
        default=4,
        ge=3,
        le=4,
        description="Dex TN for a compound quick action.",
    )
    lengthy_keep_progress_on_interrupt: bool = Field(
        default=True,
        title="An interrupted lengthy action keeps its progress",
        description="A lengthy action interrupted keeps the totals rolled so far.",
    )
    wait_expiry: WaitExpiry = Field(
        title="A Wait that never comes",
        default=WaitExpiry.FORFEIT,
        json_schema_extra=value_words(
            {
                WaitExpiry.FORFEIT: "The waiting turn is lost",
                WaitExpiry.ACT_END_OF_ROUND: "The waiter acts at the end of the round",
            }
        ),
        description=(
            "A Wait whose trigger never comes this round (WD-COMBAT-028). The table's Wait names a"
            " person and moves the waiter's slot before theirs; when that slot comes and the person"
            " cannot act (out of the fight, pushed back, Delayed into the next round), the waiter's"
            " turn is lost or comes at the end of the round. A Wait on an event goes last and lapses"
            " the same way unless the GM fires it first."
        ),
    )
    rest_guts_tn: int = Field(
        title="Rest TN", default=4, ge=2, le=7, description="Guts TN of the Rest action (WD-COMBAT-032)."
    )
    generic_initiative: int = Field(
        title="Initiative of generics", default=3, ge=1, le=6, description="Flat initiative roll of generics."
    )
    defense_pc: int = Field(
        title="Defense of player characters",
        default=4,
        ge=1,
        le=7,
        description="Default DS of PCs (WD-COMBAT-018).",
    )
    defense_notable: int = Field(
        title="Defense of notables", default=4, ge=1, le=7, description="Default DS of notables (WD-NPC)."
    )
    defense_generic: int = Field(
        title="Defense of generics", default=3, ge=1, le=7, description="Default DS of generics (WD-NPC)."
    )
    defense_bystander: int = Field(
        title="Defense of bystanders", default=2, ge=1, le=7, description="Default DS of bystanders (WD-NPC)."
    )
    generic_death_tn: int = Field(
        title="TN for a dropped generic to live",
        default=4,
        ge=2,
        le=7,
        description="Guts TN for a dropped generic to live.",
    )
    # -- wounds (WD-WOUND) --
    stay_up_tn: int = Field(
        title="TN to stay up", default=3, ge=2, le=7, description="Guts TN to stay up on a full track."
    )
    rouse_medical_dc: int = Field(
        title="Medical total to rouse",
        default=8,
        ge=1,
        le=40,
        description="Medical total that rouses (WD-WOUND-008).",
    )
    dying_medical_dc: int = Field(
        title="Medical total to save the dying",
        default=12,
        ge=1,
        le=40,
        description="Medical total that saves the dying.",
    )
    dying_rounds: int = Field(
        title="Rounds before the dying die",
        default=3,
        ge=1,
        le=10,
        description="Rounds before the dying die (WD-WOUND-009).",
    )
    # -- movement and grapple (the gear engineer's rules; one config per table) --
    generic_free_aoo: bool = Field(
        title="Generics take free attacks of opportunity",
        default=True,
        description=(
            "Generics (no Focus) may take a free attack of opportunity on a mover passing by or between"
            " two enemies, the GM's call (WD-MOVE-003); off: generics take none (WD-COMBAT-015)."
        ),
    )
    grapple_mode: GrappleMode = Field(
        default=GrappleMode.TABLE,
        title="Grapple margin",
        description="How a grapple's margin is spent (WD-GRAPPLE-007).",
        json_schema_extra=value_words(
            {
                GrappleMode.TABLE: "The table of grapple options",
                GrappleMode.SHORTHAND: "GM shorthand: each 2 points buy an action",
            }
        ),
    )
    # -- the campaign layer (part 2: downtime, crafting, recruiting, intel, progression) --
    #: left out of the dump while it is the default, so a table that never changed the campaign rules
    #: stores its config as before part 2 (golden logs); the default is one shared (frozen) instance, so
    #: the test is nearly always ``is``, and the default is never serialized only to be dropped
    campaign: CampaignConfig = Field(
        title="Campaign rules",
        default_factory=lambda: _DEFAULT_CAMPAIGN,
        exclude_if=lambda v: v is _DEFAULT_CAMPAIGN or v == _DEFAULT_CAMPAIGN,
        description="Downtime, crafting, recruiting, intel and progression settings.",
    )
    grappled_ds: int = Field(
        title="Defense in a grapple",
        default=0,
        ge=0,
        le=7,
        description="DS both sides of a grapple drop to (WD-GRAPPLE-006).",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.stat_min > self.stat_max:
            raise ValueError("the lowest stat cannot exceed the highest")
        if self.statline_plus + self.statline_minus > len(Stat):
            raise ValueError("a statline cannot raise and lower more than seven stats")
        for line in self.fixed_statlines:
            if set(line.plus) & set(line.minus):
                raise ValueError("a statline cannot raise and lower the same stat")
        return self

    def defense(self, tier: Tier) -> int:
        """The default defense score of a tier (WD-COMBAT-018, WD-NPC-003..005)."""
        return {
            Tier.PC: self.defense_pc,
            Tier.NOTABLE: self.defense_notable,
            Tier.GENERIC: self.defense_generic,
            Tier.BYSTANDER: self.defense_bystander,
        }[tier]
