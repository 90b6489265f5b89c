"""The engine: commands -> events -> log -> state, with recorded dice, prompts and visibility.

A :class:`Ruleset` decides commands into :class:`Event` objects using a
:class:`DiceService`; a :class:`Table` stamps, logs and folds them. State is a
pure fold of the log; undo is a recorded ``table.reverted`` event.
"""

from capeworks.engine.dice_service import DiceService
from capeworks.engine.model import (
    Audience,
    Command,
    Event,
    Prompt,
    PromptOption,
    Role,
    RollRecord,
    Seat,
    Viewer,
)
from capeworks.engine.registry import available, get_ruleset
from capeworks.engine.render import describe
from capeworks.engine.ruleset import Context, Ruleset, SampleSession, SampleStep
from capeworks.engine.table import Table

__all__ = [
    "Audience",
    "Command",
    "Context",
    "DiceService",
    "Event",
    "Prompt",
    "PromptOption",
    "Role",
    "RollRecord",
    "Ruleset",
    "SampleSession",
    "SampleStep",
    "Seat",
    "Table",
    "Viewer",
    "available",
    "describe",
    "get_ruleset",
]
