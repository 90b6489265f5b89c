"""What one seat sees of a table: its projection and its log entries, JSON-ready.

Everything here goes through the engine's per-viewer filters
(``Table.log_view``, ``Ruleset.view``, ``Ruleset.panels``, ``Table.prompts``),
so GM-audience events and GM-only fields are gone before anything is
serialised. Entries carry words and the parts a UI draws, never the raw event
data. REST and WebSocket both answer from these functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from capeworks.engine import LogEntry, Prompt, Seat, Table, Viewer, log_entries

__all__ = ["Shared", "entries", "entry", "projection", "viewer_of"]


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


@dataclass(frozen=True, slots=True)
class Shared:
    """What every seat's projection at one version has in common, worked out once per version.

    A change is sent to every watching seat; the open prompts and the undone
    commands each take a walk over the whole log, so they are found once and
    each seat's share is filtered from them.
    """

    version: int
    prompts: list[Prompt]
    undone: set[int]
    waiting: list[str]

    @classmethod
    def of(cls, table: Table) -> Shared:
        prompts = table.prompts()
        return cls(
            version=table.version,
            prompts=prompts,
            undone=table.undone_commands(),
            waiting=sorted({p.addressee for p in prompts}),
        )

    def prompts_for(self, seat: Seat) -> list[Prompt]:
        """The prompts this seat answers, as ``Table.prompts(viewer)`` filters them (all, for the GM)."""
        if seat.is_gm:
            return list(self.prompts)
        return [p for p in self.prompts if p.seat is not None and p.seat == seat.id]


def entries(
    table: Table, seat: Seat, *, since: int = 0, limit: int | None = None, shared: Shared | None = None
) -> list[dict[str, Any]]:
    """The entries after version ``since`` that ``seat`` may see, oldest first."""
    viewer = viewer_of(seat)
    if shared is None or shared.version != table.version:
        return [entry(e) for e in table.log_view(viewer, since=since, limit=limit)]
    events = [e for e in table.log[since:] if e.audience.admits(viewer)]
    if limit is not None:
        events = events[:limit]
    return [entry(e) for e in log_entries(table.ruleset, events, viewer, undone=shared.undone)]


def projection(table_id: str, table: Table, seat: Seat, *, shared: Shared | None = None) -> dict[str, Any]:
    """Everything ``seat`` may see of the table now (see docs/web.md for the shape)."""
    viewer = viewer_of(seat)
    state = table.state
    common = shared if shared is not None and shared.version == table.version else Shared.of(table)
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
        "prompts": [p.model_dump(mode="json") for p in common.prompts_for(seat)],
        "legal": [c.model_dump(mode="json") for c in table.legal_commands(seat.id)],
        "waiting": common.waiting,
    }
