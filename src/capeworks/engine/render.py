"""Words for events: the engine's own ``table.*`` events, and the ruleset's for the rest.

Every edge (CLI log, web log, demo) calls :func:`describe` so the engine's
events read the same everywhere and rulesets only describe their own.
"""

from __future__ import annotations

from typing import Any

from capeworks.engine.model import Event
from capeworks.engine.ruleset import Ruleset
from capeworks.engine.table import CREATED, REVERTED, SEAT_JOINED, SEEDED

__all__ = ["describe"]


def describe(ruleset: Ruleset[Any, Any], event: Event) -> str:
    """One line of words for ``event``."""
    if event.type == CREATED:
        title = event.data.get("title") or "A table"
        return f"{title}: a new table of {ruleset.title}."
    if event.type == SEEDED:
        return "The dice are seeded (only the GM sees the seed)."
    if event.type == SEAT_JOINED:
        seat = event.data["seat"]
        role = " as GM" if seat.get("role") == "gm" else ""
        return f"{seat['name']} sits down{role}."
    if event.type == REVERTED:
        return f"Undo: action #{event.data['command_id']} is taken back."
    return ruleset.describe(event)
