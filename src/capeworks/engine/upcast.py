"""Event schema versions and upcasters: how this release reads a log an older one wrote.

Every event type has a schema version, its payload model's ``VERSION`` (1
unless the ruleset bumped it; the engine's own ``table.*`` events are at 1).
An event records the version it was written at, in its stored JSON only above
1, so logs written before versions existed read and hash exactly as before.

A ruleset that changes an event's payload bumps ``VERSION`` and declares an
upcaster from the old version in ``Ruleset.upcasters``::

    upcasters = {("mine.moved", 1): lambda data: {**data, "speed": 1}}

Each takes the data at one version and returns it at the next; they chain, so
a version 1 event reaches version 3 through ``(type, 1)`` then ``(type, 2)``.
:func:`upcast` runs them where stored JSON becomes an event the fold or the
words read (the table folding a log, :meth:`Ruleset.payload`); the stored event
itself is never rewritten, so its hash chain holds.

An event that still cannot be read (no upcaster, an upcaster that fails, a
payload that does not fit, a version newer than this release knows) raises
:class:`~capeworks.errors.UnreadableEvent`, one sentence naming the event, its
version and what is wrong.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Protocol

from pydantic import ValidationError

from capeworks.engine.event import Event, EventData
from capeworks.errors import UnreadableEvent

__all__ = ["Upcaster", "current_versions", "problems", "unreadable", "unreadable_record", "upcast"]

#: the data of an event at one version -> its data at the next
Upcaster = Callable[[dict[str, Any]], dict[str, Any]]


class Ruleset(Protocol):
    """What upcasting reads of a ruleset (a Protocol, so this module needs nothing from ruleset.py)."""

    name: ClassVar[str]
    events: ClassVar[Mapping[str, type[EventData]]]
    upcasters: ClassVar[Mapping[tuple[str, int], Upcaster]]


#: each ruleset class's event types above version 1 (events are class attributes; asked once per event folded)
_VERSIONS: dict[type, dict[str, int]] = {}


def current_versions(ruleset: Ruleset) -> Mapping[str, int]:
    """The event types of ``ruleset`` whose current version is above 1, with that version."""
    cls = type(ruleset)
    found = _VERSIONS.get(cls)
    if found is None:
        found = _VERSIONS[cls] = {t: m.VERSION for t, m in ruleset.events.items() if m.VERSION != 1}
    return found


def upcast(ruleset: Ruleset, event: Event) -> Event:
    """``event`` with its data at its type's current version (the event itself when it is already)."""
    target = current_versions(ruleset).get(event.type, 1)
    version = event.version
    if version == target:
        return event
    if version > target:
        raise UnreadableEvent(
            seq=event.seq,
            type=event.type,
            version=version,
            problem=f"it was written by a newer release of capeworks (this one reads {event.type} "
            f"up to version {target}); upgrade capeworks to read it",
        )
    data = event.data
    while version < target:
        step = ruleset.upcasters.get((event.type, version))
        if step is None:
            raise UnreadableEvent(
                seq=event.seq,
                type=event.type,
                version=event.version,
                problem=f"{ruleset.name} declares no upcaster from version {version} to {version + 1}",
            )
        try:
            data = step(copy.deepcopy(data))
        except Exception as e:  # a ruleset's upcaster on data from an old log: any failure is named
            raise UnreadableEvent(
                seq=event.seq,
                type=event.type,
                version=event.version,
                problem=f"its upcaster from version {version} failed ({_reason(e)})",
            ) from None
        version += 1
    return event.model_copy(update={"data": data, "version": target})


def unreadable(event: Event, error: Exception) -> UnreadableEvent:
    """The error for an event whose (upcast) data the ruleset could not fold or read."""
    return UnreadableEvent(
        seq=event.seq,
        type=event.type,
        version=event.version,
        problem=f"its data does not fit ({_reason(error)})",
    )


def unreadable_record(seq: int, raw: Mapping[str, Any], error: ValidationError) -> UnreadableEvent:
    """The error for stored JSON, intact, that is not an event this release can read (an envelope a newer
    release wrote, say)."""
    kind, version = raw.get("type"), raw.get("version", 1)
    return UnreadableEvent(
        seq=seq,
        type=kind if isinstance(kind, str) else "no type",
        version=version if isinstance(version, int) else 1,
        problem=f"it is not an event this release reads ({_reason(error)}), "
        "perhaps one a newer release wrote",
    )


def problems(ruleset: Ruleset) -> list[str]:
    """What is wrong with ``ruleset``'s versions and upcasters (a missing step, one for no event)."""
    out = []
    for (type_, version), _step in ruleset.upcasters.items():
        model = ruleset.events.get(type_)
        if model is None:
            out.append(f"an upcaster is declared for {type_!r}, which is not one of {ruleset.name}'s events")
        elif not 1 <= version < model.VERSION:
            out.append(
                f"the upcaster for {type_!r} from version {version} is not below its version {model.VERSION}"
            )
    for type_, target in current_versions(ruleset).items():
        if target < 1:
            out.append(f"{type_!r} has version {target}; versions start at 1")
        out.extend(
            f"{type_!r} is at version {target} but has no upcaster from version {v}"
            for v in range(1, target)
            if (type_, v) not in ruleset.upcasters
        )
    return out


def _reason(error: Exception) -> str:
    """An exception as a short clause: pydantic's first complaint, or the exception's words."""
    if isinstance(error, ValidationError):
        items = error.errors()
        first = items[0]
        where = ".".join(str(p) for p in first["loc"]) or "value"
        more = "" if len(items) == 1 else f", and {len(items) - 1} more"
        return f"{where}: {first['msg'].lower()}{more}"
    if isinstance(error, KeyError):
        return f"no field {error.args[0]!r}" if error.args else "a field is missing"
    text = str(error).strip().rstrip(".")
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
