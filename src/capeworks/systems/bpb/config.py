"""The [PARAM] values and optional rules of a Bulletproof Blues table.

Defaults follow the chapter, and the inventory's PROPOSED decision where the
chapter is silent (docs/systems/bpb.md lists each).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["BpbConfig"]


class BpbConfig(BaseModel):
    """Configurable values of the Actions chapter."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: BPB-ACT-002: free and roleplay actions a turn (the GM may allow more)
    max_free_actions: int = Field(
        default=6,
        ge=0,
        le=50,
        title="Free actions a turn",
        description="Most free actions a turn (BPB-ACT-002).",
    )
    max_roleplay_actions: int = Field(
        default=6,
        ge=0,
        le=50,
        title="Roleplay actions a turn",
        description="Most roleplay actions a turn (BPB-ACT-002).",
    )
    #: BPB-TAKE-003 (PROPOSED): a taken average/max may be an extreme success
    take_allows_extreme: bool = Field(
        default=True,
        title="Taking the average may be extreme",
        description="Taking the average or the maximum may still score an extreme success (BPB-TAKE-003).",
    )
    #: BPB-RANGE-001 (ours: the chapter gives no number): how far a hand-to-hand attack reaches; only
    #: "weapons and powers that are useful at a distance" have a range (src 111). Left out of the dump
    #: at its default, so a table saved before reads as it did
    melee_reach_ft: int = Field(
        default=5,
        ge=0,
        le=100,
        exclude_if=lambda v: v == 5,
        title="Hand-to-hand reach (feet)",
        description="How far a hand-to-hand attack reaches (BPB-RANGE-001).",
    )
    #: BPB-RANGE-002: how many bands beyond a weapon's may be tried (None: the GM's call each time)
    max_extra_bands: int | None = Field(
        default=None,
        ge=0,
        le=14,
        title="Range bands beyond a weapon's",
        description="Bands beyond a weapon's range that may be tried; empty: the GM's call (BPB-RANGE-002).",
    )
    #: BPB-GRAB-010: soft landing surfaces take off up to half (the GM picks in [0.5, 1])
    soft_surface_factor: float = Field(
        default=0.5,
        ge=0.5,
        le=1.0,
        title="Soft landing damage share",
        description="Share of the damage a soft landing surface lets through, 0.5 to 1 (BPB-GRAB-010).",
    )
    #: BPB-PP-008: rounds a power boost or stunt lasts by default
    boost_rounds: int = Field(
        default=1,
        ge=1,
        le=100,
        title="Rounds a boost lasts",
        description="Rounds a power boost or stunt lasts (BPB-PP-008).",
    )
    #: BPB-PP-001: plot points each player starts a session with
    session_plot_points: int = Field(
        default=1,
        ge=0,
        le=10,
        title="Plot points a session",
        description="Plot points each player starts a session with (BPB-PP-001).",
    )
    #: BPB-GRAB-013 (PROPOSED): a ram's DR is the movement power's rank instead of Brawn
    ram_dr_uses_power_rank: bool = Field(
        default=False,
        title="A ram's damage rating from its power",
        description="A ram's damage rating is the movement power's rank instead of Brawn (BPB-GRAB-013).",
    )
    #: BPB-PP-003: the pacing guideline, awards per player per session (a hint on the tracker)
    award_hint: int = Field(
        default=3,
        ge=0,
        le=20,
        title="Plot point awards a session (guide)",
        description="The pacing guide: awards per player per session, shown on the tracker (BPB-PP-003).",
    )
    #: BPB-REC-004 (PROPOSED, optional): normal damage beyond this many below zero kills (None: GM only)
    death_below_zero: bool = Field(
        default=False,
        title="Death below zero",
        description="Normal damage far enough below zero kills (BPB-REC-004).",
    )
