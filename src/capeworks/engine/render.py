"""Words for events, per viewer: the engine's own ``table.*`` events, and the ruleset's for the rest.

Every edge (CLI log, web log, demo) calls :func:`describe` or
:func:`log_entries`, so the engine's events read the same everywhere and
rulesets only describe their own (``Ruleset.words``). Words are data for the
edges: they never carry markup, and each edge escapes them its own way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
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
    plays: Callable[[str, str], bool | None] | None = None,
) -> list[LogEntry]:
    """Log lines for events the caller has already filtered for ``viewer``; ``names``: the table's
    :meth:`~capeworks.engine.ruleset.Ruleset.log_names`, for old events that carry none;
    ``gms``: the table's GM seats and ``plays``: whether a seat plays a character (None: not known)
    (see :func:`unseen_by_its_seat`; None leaves every actor as worded)."""
    return [
        LogEntry(
            seq=e.seq,
            command_id=e.command_id,
            seat=e.seat,
            type=e.type,
            undone=e.command_id in undone,
            description=unseen_by_its_seat(describe(ruleset, e, viewer, names=names), e, gms, plays),
            event=e,
        )
        for e in events
    ]


def unseen_by_its_seat(
    description: Description,
    event: Event,
    gms: AbstractSet[str] | None,
    plays: Callable[[str, str], bool | None] | None = None,
) -> Description:
    """A line the rules speak, not the player whose action set it off: one that player may not see,
    or one about none of that player's characters.

    A player's hit makes a hidden NPC roll to stay up or dodge (WD-NPC-003): the GM-only line comes
    with the player's command, so the GM's log read "Ann: Steeltoe rolls Guts to stay up: ..." as if
    Ann had rolled it. A player cannot have said what they may not see. Nor did they roll for a
    character they do not play: the players' announced half of that hidden roll, and a visible NPC's
    stay-up, read "Ann: Thug stays up ..." in every seat. Such a line names no seat (``actor`` ``""``).
    ``plays(seat, character)`` says whether a seat plays a character (None: not known, and the line
    keeps its actor); a line naming no character, or any character of the seat's, keeps it too, as
    do the GM's own lines (``gms``).
    """
    seat = event.seat
    if gms is None or seat is None or seat in gms or description.actor != seat:
        return description
    unseen = not event.audience.everyone and seat not in event.audience.seats
    if unseen or _about_others(description.characters, seat, plays):
        return description.model_copy(update={"actor": ""})
    return description


def _about_others(
    characters: Iterable[str], seat: str, plays: Callable[[str, str], bool | None] | None
) -> bool:
    """Whether a line names characters, each known to be played by a seat other than ``seat``."""
    if plays is None:
        return False
    known = [plays(seat, c) for c in characters]
    return bool(known) and all(k is False for k in known)
