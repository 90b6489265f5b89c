"""JSON kept from one version of a table to the next, so a change is encoded only where it changed.

A live table sends every change to every seat. Most of what a seat is sent
does not change from one version to the next: the config, the seats, most
legal commands (the engine hands back the same objects while they stay the
same), most panels. :class:`JsonCache` keeps each such object's JSON, and the
encoded text of each JSON value, for as long as the object keeps being sent;
what is not sent for :data:`SWEEP` rounds is forgotten.

Objects are kept by identity (the object itself is held, so its id cannot be
reused while kept), panels also by value: a rule set draws new panel objects
every version, equal to the old ones when nothing on them changed. Callers
must not change what they are given.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from pydantic_core import to_json

from capeworks.engine import Panel

__all__ = ["SWEEP", "JsonCache"]

#: rounds an unused entry is kept
SWEEP = 16


class JsonCache:
    """One table feed's JSON and texts, kept across rounds (used by one thread at a time)."""

    def __init__(self) -> None:
        self.round = 0
        #: id(model) -> [model, its JSON, round last used]
        self._dumps: dict[int, list[Any]] = {}
        #: a panel (hashable, compared by value) -> [its JSON, round last used]
        self._panels: dict[Panel, list[Any]] = {}
        #: id(JSON kept above) -> [that JSON, its text once encoded]
        self._texts: dict[int, list[Any]] = {}

    def next_round(self) -> None:
        """A new change is being sent; now and then forget what has not been sent for a while."""
        self.round += 1
        if self.round % SWEEP == 0:
            old = self.round - SWEEP
            for key in [k for k, v in self._dumps.items() if v[-1] < old]:
                del self._texts[id(self._dumps.pop(key)[1])]
            for panel in [k for k, v in self._panels.items() if v[-1] < old]:
                del self._texts[id(self._panels.pop(panel)[0])]

    def dump(self, model: BaseModel) -> dict[str, Any]:
        """``model``'s JSON, the same dict for as long as the same object is sent."""
        kept = self._dumps.get(id(model))
        if kept is not None and kept[0] is model:
            kept[2] = self.round
            return kept[1]  # type: ignore[no-any-return]
        out = model.model_dump(mode="json")
        self._dumps[id(model)] = [model, out, self.round]
        self._texts[id(out)] = [out, None]
        return out

    def dump_panel(self, panel: Panel) -> dict[str, Any]:
        """A panel's JSON, the same dict for every equal panel (panels hold only text)."""
        kept = self._panels.get(panel)
        if kept is not None:
            kept[1] = self.round
            return kept[0]  # type: ignore[no-any-return]
        out = panel.model_dump(mode="json")
        self._panels[panel] = [out, self.round]
        self._texts[id(out)] = [out, None]
        return out

    def text(self, value: Any, *, once: dict[int, tuple[Any, str]] | None = None) -> str:
        """``value`` encoded as JSON; a list is spliced from its items' texts.

        The text of JSON this cache made is kept with it, across rounds;
        anything else is kept in ``once`` (the caller's, for one round) when given.
        """
        if isinstance(value, list):
            return "[" + ",".join(self.text(v, once=once) for v in value) + "]"
        kept = self._texts.get(id(value))
        if kept is not None and kept[0] is value:
            if kept[1] is None:
                kept[1] = to_json(value).decode()
            return kept[1]  # type: ignore[no-any-return]
        if once is None:
            return to_json(value).decode()
        known = once.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        text = to_json(value).decode()
        once[id(value)] = (value, text)
        return text
