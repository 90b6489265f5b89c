"""The engine: commands -> events -> log -> state, with recorded dice, prompts and visibility.

A :class:`Ruleset` declares its commands (:class:`CommandSpec`: payload,
handler, :class:`Authority`), its events (:class:`EventData` models) and the
words for them; a :class:`Table` checks who may act, stamps, logs and folds.
State is a pure fold of the log; undo is a recorded ``table.reverted`` event.
Prompts carry the command that answers them; ``Table.legal_commands`` says
what a seat may do now; ``Table.log_view`` gives a viewer's log in words.

``__all__`` is the surface a ruleset author uses (declaring a ruleset, and
playing it at a :class:`Table` in tests), pinned by tests/test_public_api.py;
the engine's workings (offer menus, legal-command pools, renderers for the
edges) stay in their own modules.
"""

from capeworks.engine.batch import Batch
from capeworks.engine.dice_service import DiceService
from capeworks.engine.fields import form_schema, gm_field
from capeworks.engine.model import (
    Audience,
    Command,
    Description,
    Event,
    EventData,
    FreeAnswer,
    LegalCommand,
    Panel,
    Prompt,
    PromptOption,
    Role,
    RollRecord,
    Seat,
    Viewer,
)
from capeworks.engine.offers import Offers
from capeworks.engine.registry import available, get_ruleset
from capeworks.engine.ruleset import (
    Authority,
    CommandSpec,
    Context,
    Controller,
    Ruleset,
    SampleSession,
    SampleStep,
    Words,
    declare_events,
)
from capeworks.engine.spec import CommandOf, command_table
from capeworks.engine.table import PhysicalDice, Table, TableSettings
from capeworks.engine.table_events import SeatJoined

__all__ = [
    "Audience",
    "Authority",
    "Batch",
    "Command",
    "CommandOf",
    "CommandSpec",
    "Context",
    "Controller",
    "Description",
    "DiceService",
    "Event",
    "EventData",
    "FreeAnswer",
    "LegalCommand",
    "Offers",
    "Panel",
    "PhysicalDice",
    "Prompt",
    "PromptOption",
    "Role",
    "RollRecord",
    "Ruleset",
    "SampleSession",
    "SampleStep",
    "Seat",
    "SeatJoined",
    "Table",
    "TableSettings",
    "Viewer",
    "Words",
    "available",
    "command_table",
    "declare_events",
    "form_schema",
    "get_ruleset",
    "gm_field",
]
