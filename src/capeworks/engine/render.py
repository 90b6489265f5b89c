"""Words for events, per viewer: the engine's own ``table.*`` events, and the ruleset's for the rest.

Every edge (CLI log, web log, demo) calls :func:`describe` or
:func:`log_entries`, so the engine's events read the same everywhere and
rulesets only describe their own (``Ruleset.words``). Words are data for the
edges: they never carry markup, and each edge escapes them its own way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import Any

from capeworks.engine.model import Description, Event, LogEntry, Viewer
from capeworks.engine.ruleset import Ruleset
from capeworks.engine.table_events import CREATED, REVERTED, SEAT_JOINED, SEEDED, UNDO_REFUSED, UNDO_REQUESTED

__all__ = ["describe", "log_entries", "sentence", "unseen_by_its_seat"]


def sentence(line: str) -> str:
    """A log line ends as a sentence: a full stop unless it already ends in one, a question mark or an
    exclamation mark (a person's own, kept), also inside a closing quote."""
    return line if line.rstrip().rstrip('"')[-1:] in (".", "?", "!") else line + "."


def _engine_words(ruleset: Ruleset[Any, Any], event: Event) -> str | None:
    data = event.data
    if event.type == CREATED:
        title = data.get("title") or "A table"
        return f"{title}: a new table of {ruleset.title}."
    if event.type == SEEDED:
        return "The dice are seeded for a reproduction (only the GM sees the seed)."
    if event.type == SEAT_JOINED:
        seat = data["seat"]
        role = " as GM" if seat.get("role") == "gm" else ""
        return f"{seat['name']} sits down{role}."
    if event.type == REVERTED:
        where = data.get("first_seq")
        return (
            f"Undo: the action logged at #{where} is taken back."
            if where
            else "Undo: an action is taken back."
        )
    if event.type == UNDO_REQUESTED:
        return "Asks the GM to take back their latest action."
    if event.type == UNDO_REFUSED:
        return "The GM lets the action stand."
    return None


def describe(
    ruleset: Ruleset[Any, Any],
    event: Event,
    viewer: Viewer | None = None,
    *,
    names: Mapping[str, str] | None = None,
) -> Description:
    """``event`` in words for ``viewer`` (the GM's view when None); ``names``: the table's
    :meth:`~capeworks.engine.ruleset.Ruleset.log_names`, for an old event that carries none."""
    who = viewer if viewer is not None else Viewer.gm()
    text = _engine_words(ruleset, event)
    if text is not None:
        return Description(text=text, actor=event.seat, hidden=not event.audience.everyone)
    described = ruleset.describe(event, who, names=names) if names else ruleset.describe(event, who)
    updates: dict[str, Any] = {}
    if described.actor is None and event.seat is not None:
        updates["actor"] = event.seat
    if not described.rolls and event.rolls:
        updates["rolls"] = event.rolls
    if not event.audience.everyone:
        updates["hidden"] = True
    return described.model_copy(update=updates) if updates else described


def log_entries(
    ruleset: Ruleset[Any, Any],
    events: Iterable[Event],
    viewer: Viewer,
    *,
    undone: AbstractSet[int],
    names: Mapping[str, str] | None = None,
    gms: AbstractSet[str] | None = None,
) -> list[LogEntry]:
    """Log lines for events the caller has already filtered for ``viewer``; ``names``: the table's
    :meth:`~capeworks.engine.ruleset.Ruleset.log_names`, for old events that carry none;
    ``gms``: the table's GM seats (see :func:`unseen_by_its_seat`; None leaves every actor as worded)."""
    return [
        LogEntry(
            seq=e.seq,
            command_id=e.command_id,
            seat=e.seat,
            type=e.type,
            undone=e.command_id in undone,
            description=unseen_by_its_seat(describe(ruleset, e, viewer, names=names), e, gms),
            event=e,
        )
        for e in events
    ]


def unseen_by_its_seat(description: Description, event: Event, gms: AbstractSet[str] | None) -> Description:
    """A line the rules speak, not the player whose action set it off, when that player may not see it.

    A player's hit makes a hidden NPC roll to stay up or dodge (WD-NPC-003): the GM-only line comes
    with the player's command, so the GM's log read "Ann: Steeltoe rolls Guts to stay up: ..." as if
    Ann had rolled it. A player cannot have said what they may not see: such a line names no seat
    (``actor`` ``""``). The GM's own lines (``gms``), and every line its player sees, keep their actor.
    """
    seat = event.seat
    if (
        gms is None
        or seat is None
        or seat in gms
        or description.actor != seat
        or event.audience.everyone
        or seat in event.audience.seats
    ):
        return description
    return description.model_copy(update={"actor": ""})
