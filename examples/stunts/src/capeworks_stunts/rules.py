"""The rules of Stunts as pure functions and models: config, state, commands, events and the fold.

STUNTS-TURN: only the seat whose turn it is rolls or banks. STUNTS-FLOP: a
roll of 1 loses the turn's heat and passes the turn. STUNTS-BANK: banking adds
the heat to the score and passes the turn; there must be heat to bank.
STUNTS-WIN: the first score to reach the goal wins, and the show is over.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from capeworks.engine import EventData
from capeworks.errors import RuleViolation

__all__ = [
    "Bank",
    "Banked",
    "Flopped",
    "Roll",
    "Rolled",
    "StuntsConfig",
    "StuntsEvent",
    "StuntsState",
    "Won",
    "at_turn",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class StuntsConfig(BaseModel):
    """The table's rules options."""

    model_config = _FROZEN

    goal: int = Field(default=12, ge=2, le=100, description="The score that wins the show.")
    sides: int = Field(default=6, ge=2, le=20, description="Sides of the stunt die (a 1 always flops).")


class StuntsState(BaseModel):
    """Scores, whose turn it is, the heat they hold, and the winner once there is one."""

    model_config = _FROZEN

    goal: int = 12
    order: tuple[str, ...] = ()
    turn: int = 0
    heat: int = 0
    rolls: int = 0
    scores: dict[str, int] = Field(default_factory=dict)
    winner: str = ""
    #: each seat's name as it sat down, by seat id: what the tracker and refusals say
    names: dict[str, str] = Field(default_factory=dict)

    @property
    def up(self) -> str:
        """The seat whose turn it is ("" before anyone sits)."""
        return self.order[self.turn % len(self.order)] if self.order else ""

    def name(self, seat: str) -> str:
        """The seat's name (its id, for a seat whose name is not known)."""
        return self.names.get(seat) or seat


class Roll(BaseModel):
    """Pull a stunt: roll the die."""

    model_config = _FROZEN

    stunt: str = Field(default="", max_length=200, description="What your hero does, in a few words.")


class Bank(BaseModel):
    """Bank your heat and pass the turn."""

    model_config = _FROZEN


class StuntsEvent(EventData, ruleset="stunts"):
    """Every event of Stunts: each subclass is ``stunts.<its name>`` (``Rolled`` is ``stunts.rolled``)."""


class Rolled(StuntsEvent):
    """A stunt that worked: the die and the heat it brings."""

    seat: str
    stunt: str
    face: int
    heat: int


class Flopped(StuntsEvent):
    """A roll of 1: the turn's heat is lost (STUNTS-FLOP)."""

    seat: str
    stunt: str
    lost: int


class Banked(StuntsEvent):
    """Heat banked into the score (STUNTS-BANK)."""

    seat: str
    heat: int
    score: int


class Won(StuntsEvent):
    """The goal reached (STUNTS-WIN)."""

    seat: str
    score: int


def at_turn(state: StuntsState, seat: str) -> None:
    """STUNTS-TURN and STUNTS-WIN: refuse a seat out of turn, or anyone once the show is over."""
    if state.winner:
        raise RuleViolation("STUNTS-WIN", f"The show is over: {state.name(state.winner)} won.")
    if seat != state.up:
        raise RuleViolation("STUNTS-TURN", f"It is {state.name(state.up)}'s turn, not yours.")
