"""Display names for the character ids an event mentions, so the log reads "Widow", not "widow"."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from capeworks.engine.event import Event

__all__ = ["with_names"]


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def with_names(known: Mapping[str, str], event: Event) -> Event:
    """``event`` with ``names`` for every known character id among its payload's values."""
    p = event.payload
    if not hasattr(p, "names"):
        return event
    data = p.model_dump(mode="json", exclude={"names"})
    names = {s: known[s] for s in set(_strings(data)) if s in known and known[s] != s}
    if not names or names == p.names:
        return event
    return event.model_copy(update={"payload": p.model_copy(update={"names": names})})
