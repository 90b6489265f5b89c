"""The request and answer models of the web API: validation at the edge, and the OpenAPI document.

Request models refuse unknown fields and cap every length, so a body that
does not fit is a 422 with a sentence before anything runs. The engine's own
commands (``answer``, ``undo``, ``refuse_undo``) get models here for their
published JSON schema; the engine still validates them itself.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from capeworks.engine import Role

__all__ = [
    "AnswerPayload",
    "CommandIn",
    "CommandOut",
    "CreateTableIn",
    "CreatedSeat",
    "CreatedTableOut",
    "DiceRollOut",
    "EntryOut",
    "EntryParts",
    "ErrorOut",
    "LogOut",
    "OddsOut",
    "Projection",
    "RefuseUndoPayload",
    "RulesetOut",
    "SeatIn",
    "SeatOut",
    "SeatTokenOut",
    "UndoPayload",
]

_IN = ConfigDict(extra="forbid", frozen=True)
_OUT = ConfigDict(frozen=True)

#: most physical dice one command may carry
MAX_GIVEN_DICE = 200


class ErrorOut(BaseModel):
    """Every refusal: a code, a sentence, and the field to change when there is one."""

    model_config = _OUT
    error: str
    message: str
    field: str | None = None


class SeatIn(BaseModel):
    """A seat to create: id (letters, digits, ``_.-``), a name, a role."""

    model_config = _IN
    id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.-]+$")
    name: str = Field(min_length=1, max_length=80)
    role: Role = Role.PLAYER


class SeatOut(BaseModel):
    """A seat as everyone at the table sees it."""

    model_config = _OUT
    id: str
    name: str
    role: Role


class CreatedSeat(SeatOut):
    """A new seat with its token and invite link, shown this once."""

    token: str
    invite: str


class SeatTokenOut(BaseModel):
    """A seat's new token and invite link (joining, or after a revoke)."""

    model_config = _OUT
    id: str
    token: str
    invite: str


class CreateTableIn(BaseModel):
    """A new table: the rule set, its rules config, its seats and table settings."""

    model_config = _IN
    ruleset: str = Field(min_length=1, max_length=64)
    title: str = Field(default="", max_length=120)
    config: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] = Field(default_factory=list, max_length=32)
    settings: dict[str, Any] = Field(default_factory=dict)


class CreatedTableOut(BaseModel):
    """A new table's id and version, and each seat's token and invite link."""

    model_config = _OUT
    id: str
    version: int
    seats: list[CreatedSeat]


class RulesetOut(BaseModel):
    """An installed rule set and the JSON schema of its rules config."""

    model_config = _OUT
    name: str
    title: str
    has_gm: bool
    config_schema: dict[str, Any]


class CommandIn(BaseModel):
    """A command for the token's seat: its type, payload and (optionally) physical dice."""

    model_config = _IN
    type: str = Field(min_length=1, max_length=64)
    payload: dict[str, Any] = Field(default_factory=dict)
    dice: list[int] | None = Field(default=None, max_length=MAX_GIVEN_DICE)


class EntryParts(BaseModel):
    """What a UI draws beside an entry's words: who acted, which characters, the dice."""

    model_config = _OUT
    actor: str | None
    characters: list[str]
    rolls: list[dict[str, Any]]
    hidden: bool


class EntryOut(BaseModel):
    """One log entry, in words for the seat that reads it."""

    model_config = _OUT
    seq: int
    command_id: int
    seat: str | None
    type: str
    text: str
    parts: EntryParts
    undone: bool


class LogOut(BaseModel):
    """Entries after a version, and the table's version now."""

    model_config = _OUT
    version: int
    entries: list[EntryOut]


class CommandOut(BaseModel):
    """A command that was written: the version now, its entries, and what the seat faces next."""

    model_config = _OUT
    version: int
    entries: list[EntryOut]
    prompts: list[dict[str, Any]]
    legal: list[dict[str, Any]]
    #: the request's ``Idempotency-Key``, when it carried one
    request_id: str | None = None
    #: the key had landed before: nothing was applied, this is the first landing's version and entries
    replayed: bool | None = None


class RequestOut(BaseModel):
    """Whether a command sent with a request id landed, and the version it reached."""

    model_config = _OUT
    request_id: str
    landed: bool
    version: int | None


class Projection(BaseModel):
    """Everything one seat may see of a table."""

    model_config = _OUT
    id: str
    title: str
    ruleset: str
    #: the rule set's title ("The Workshop"), as ``GET /api/rulesets`` gives it
    ruleset_title: str
    version: int
    me: SeatOut
    seats: list[SeatOut]
    config: dict[str, Any]
    settings: dict[str, Any]
    view: Any
    panels: list[dict[str, Any]]
    prompts: list[dict[str, Any]]
    legal: list[dict[str, Any]]
    waiting: list[str]
    #: may this seat download the whole table: the GM, or any seat where the rule set has no secrets (Capes)
    may_export: bool = False


class DiceRollOut(BaseModel):
    """One roll of dice notation, every die shown."""

    model_config = _OUT
    expression: str
    total: int
    dice: list[list[int]]
    breakdown: str


class OddsOut(BaseModel):
    """Exact odds: reduced fractions as ``"p/q"`` and the same as floats, for the listed outcomes
    (the likeliest ``outcomes``, or all with ``full``), with a summary of the whole distribution."""

    model_config = _OUT
    expression: str
    distribution: dict[str, str]
    probabilities: dict[str, float]
    mean: float
    stdev: float
    remainder: str | None = Field(None, description="chance left out by following exploding dice so far")
    outcomes: int = Field(description="how many outcomes are possible (not all may be listed)")
    min: int
    max: int
    quantiles: dict[str, int] = Field(description="percent -> the smallest outcome reaching that share")
    shown: list[int] | None = Field(None, description="first and last listed outcome, when not all are")
    bins: list[list[float]] | None = Field(
        None,
        description="when asked, not all listed: the 1st-99th percentile in runs [first, last, chance]",
    )


class AnswerPayload(BaseModel):
    """``answer``: a prompt's id, and a choice (or several) or your own words."""

    model_config = _IN
    prompt: str = Field(min_length=1, max_length=128)
    option: str | list[str] | None = None
    value: Any = None


class UndoPayload(BaseModel):
    """``undo``: take back the latest action (the GM allowing a request names it)."""

    model_config = _IN
    command_id: int | None = None


class RefuseUndoPayload(BaseModel):
    """``refuse_undo``: the GM lets a seat's action stand."""

    model_config = _IN
    seat: str = Field(min_length=1, max_length=64)
