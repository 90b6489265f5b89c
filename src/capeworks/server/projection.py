"""What one seat sees of a table: its projection and its log entries, JSON-ready.

Everything here goes through the engine's per-viewer filters
(``Table.log_view``, ``Ruleset.view``, ``Ruleset.panels``, ``Table.prompts``),
so GM-audience events and GM-only fields are gone before anything is
serialised. Entries carry words and the parts a UI draws, never the raw event
data. REST and WebSocket both answer from these functions.
"""

from __future__ import annotations

from typing import Any

from capeworks.engine import LogEntry, Seat, Table, Viewer

__all__ = ["entries", "entry", "projection", "viewer_of"]


def viewer_of(seat: Seat) -> Viewer:
    """The engine viewer for a seat (a GM seat sees everything)."""
    return Viewer(seat=seat.id, is_gm=seat.is_gm)


def entry(item: LogEntry) -> dict[str, Any]:
    """One log entry in words, with what a UI draws beside them."""
    d = item.description
    return {
        "seq": item.seq,
        "command_id": item.command_id,
        "seat": item.seat,
        "type": item.type,
        "text": d.text,
        "parts": {
            "actor": d.actor,
            "characters": list(d.characters),
            "rolls": [r.model_dump(mode="json") for r in d.rolls],
            "hidden": d.hidden,
        },
        "undone": item.undone,
    }


def entries(table: Table, seat: Seat, *, since: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
    """The entries after version ``since`` that ``seat`` may see, oldest first."""
    return [entry(e) for e in table.log_view(viewer_of(seat), since=since, limit=limit)]


def projection(table_id: str, table: Table, seat: Seat) -> dict[str, Any]:
    """Everything ``seat`` may see of the table now (see docs/web.md for the shape)."""
    viewer = viewer_of(seat)
    state = table.state
    return {
        "id": table_id,
        "title": table.title,
        "ruleset": table.ruleset.name,
        "version": table.version,
        "me": seat.model_dump(mode="json"),
        "seats": [s.model_dump(mode="json") for s in table.seats],
        "config": table.config.model_dump(mode="json"),
        "settings": table.settings.model_dump(mode="json"),
        "view": table.ruleset.view(state, viewer),
        "panels": [p.model_dump(mode="json") for p in table.ruleset.panels(state, viewer)],
        "prompts": [p.model_dump(mode="json") for p in table.prompts(viewer)],
        "legal": [c.model_dump(mode="json") for c in table.legal_commands(seat.id)],
        "waiting": sorted({p.addressee for p in table.prompts()}),
    }
