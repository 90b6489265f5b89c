"""Capes table settings: the [PARAM] values and the OPEN-point options.

Implements CAPES-RSRC-003 (starting resources) and the switches for
CAPES-PAGE-007 (``uninvolved_may_claim``) and CAPES-SPLIT-002 (``split_free_die``).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["CapesConfig"]


class CapesConfig(BaseModel):
    """How this table plays Capes."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: Story Tokens each player starts with (CAPES-RSRC-003)
    start_story_tokens: int = Field(
        default=0,
        ge=0,
        le=50,
        title="Starting Story Tokens",
        description="Story Tokens each player starts with.",
    )
    #: Debt every super-powered character starts with: on its stack, or its first Drive (CAPES-RSRC-003)
    start_debt: int = Field(
        default=0,
        ge=0,
        le=25,
        title="Starting Debt",
        description="Debt every super-powered character starts with, on its stack or its first Drive.",
    )
    #: Inspiration values each player starts with (CAPES-RSRC-003)
    start_inspirations: tuple[int, ...] = Field(
        default=(),
        max_length=12,
        title="Starting Inspirations",
        description="The value (1 to 6) of each Inspiration every player starts with.",
    )
    #: the designer's clarification: one allied with nothing may claim or stake on any side (CAPES-PAGE-007)
    uninvolved_may_claim: bool = Field(
        default=False,
        title="The uninvolved may claim any side",
        description="One allied with nothing may claim or stake on any side (the designer's clarification).",
    )
    #: original sides carry one free die besides one per staked Debt (CAPES-SPLIT-002)
    split_free_die: bool = Field(
        default=True,
        title="A free die on a split's original side",
        description="Original sides of a split carry one free die besides one per staked Debt.",
    )
    #: price in Story Tokens of every purchase (table T2)
    token_price: int = Field(
        default=1, ge=1, le=5, title="Price of a purchase", description="Story Tokens every purchase costs."
    )

    def model_post_init(self, __context: object) -> None:
        for value in self.start_inspirations:
            if not 1 <= value <= 6:
                raise ValueError("start_inspirations must each be between 1 and 6")
