"""The engine's vocabulary: seats, viewers, audiences, commands, events, rolls, prompts.

These are the serialisable value objects that flow between a ruleset, the
table, the store and every edge. They are frozen pydantic models so they can be
validated at the edges and dumped to JSON byte-for-byte reproducibly.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "Audience",
    "Command",
    "Event",
    "Prompt",
    "PromptOption",
    "Role",
    "RollRecord",
    "Seat",
    "Viewer",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class Role(StrEnum):
    """What a seat is at the table."""

    GM = "gm"
    PLAYER = "player"


class Seat(BaseModel):
    """One person's place at a table."""

    model_config = _FROZEN

    id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.-]+$")
    name: str = Field(min_length=1, max_length=80)
    role: Role = Role.PLAYER


class Viewer(BaseModel):
    """Who is looking: a seat id (or None for a spectator) and whether they are the GM."""

    model_config = _FROZEN

    seat: str | None = None
    is_gm: bool = False

    @classmethod
    def gm(cls, seat: str | None = None) -> Viewer:
        """The game master's view: sees everything."""
        return cls(seat=seat, is_gm=True)


class Audience(BaseModel):
    """Who may see an event: everyone, the GM only, or the GM and some seats."""

    model_config = _FROZEN

    everyone: bool = True
    seats: tuple[str, ...] = ()

    @classmethod
    def all(cls) -> Audience:
        """Everyone at the table."""
        return cls()

    @classmethod
    def gm_only(cls) -> Audience:
        """The GM alone (secrets)."""
        return cls(everyone=False)

    @classmethod
    def only(cls, *seats: str) -> Audience:
        """The GM and the named seats."""
        return cls(everyone=False, seats=tuple(seats))

    def admits(self, viewer: Viewer) -> bool:
        """May ``viewer`` see it? The GM sees everything."""
        if self.everyone or viewer.is_gm:
            return True
        return viewer.seat is not None and viewer.seat in self.seats


class Command(BaseModel):
    """An intent from a seat: ``type`` names a ruleset command, ``payload`` its arguments.

    The ruleset parses ``payload`` into its typed model; a bad payload is an
    InvalidCommand and nothing changes.
    """

    model_config = _FROZEN

    type: str = Field(min_length=1, max_length=64)
    seat: str = Field(min_length=1, max_length=64)
    payload: dict[str, Any] = Field(default_factory=dict)


class RollRecord(BaseModel):
    """Every die rolled for a decision: what for, which dice, what they showed, from where."""

    model_config = _FROZEN

    purpose: str
    sides: int
    faces: tuple[int, ...]
    given: bool = False


class Event(BaseModel):
    """Something that happened; the only thing state is folded from.

    ``seq`` and ``command_id`` are stamped by the table when the event is
    appended; rulesets create events with the defaults.
    """

    model_config = _FROZEN

    type: str
    data: dict[str, Any] = Field(default_factory=dict)
    audience: Audience = Field(default_factory=Audience)
    rolls: tuple[RollRecord, ...] = ()
    seat: str | None = None
    seq: int = 0
    command_id: int = 0


class PromptOption(BaseModel):
    """One answer a prompt accepts."""

    model_config = _FROZEN

    value: str
    label: str = ""


class Prompt(BaseModel):
    """A decision the rules hand to someone: who answers, the options and the default.

    ``seat`` is a seat id, or ``"gm"`` for the table's GM. ``free_text`` allows
    answers outside ``options`` (custom effects, narration). ``rule`` names the
    inventory rule that asks the question.
    """

    model_config = _FROZEN

    id: str
    seat: str
    kind: str
    rule: str = ""
    question: str = ""
    options: tuple[PromptOption, ...] = ()
    default: str | None = None
    free_text: bool = False
    min_choices: int = 1
    max_choices: int = 1
    context: dict[str, Any] = Field(default_factory=dict)
