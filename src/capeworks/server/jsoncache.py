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
        #: id(JSON value) -> [value, its text, round last used]
        self._texts: dict[int, list[Any]] = {}

    def next_round(self) -> None:
        """A new change is being sent; now and then forget what has not been sent for a while."""
        self.round += 1
        if self.round % SWEEP == 0:
            old = self.round - SWEEP
            for kept in (self._dumps, self._texts):
                for key in [k for k, v in kept.items() if v[-1] < old]:
                    del kept[key]
            for panel in [k for k, v in self._panels.items() if v[-1] < old]:
                del self._panels[panel]

    def dump(self, model: BaseModel) -> dict[str, Any]:
        """``model``'s JSON, the same dict for as long as the same object is sent."""
        kept = self._dumps.get(id(model))
        if kept is not None and kept[0] is model:
            kept[2] = self.round
            return kept[1]  # type: ignore[no-any-return]
        out = model.model_dump(mode="json")
        self._dumps[id(model)] = [model, out, self.round]
        return out

    def dump_panel(self, panel: Panel) -> dict[str, Any]:
        """A panel's JSON, the same dict for every equal panel (panels hold only text)."""
        kept = self._panels.get(panel)
        if kept is not None:
            kept[1] = self.round
            return kept[0]  # type: ignore[no-any-return]
        out = panel.model_dump(mode="json")
        self._panels[panel] = [out, self.round]
        return out

    def text(self, value: Any) -> str:
        """``value`` encoded as JSON; a list is spliced from its items' texts, each kept by identity."""
        if isinstance(value, list):
            return "[" + ",".join(self.text(v) for v in value) + "]"
        kept = self._texts.get(id(value))
        if kept is not None and kept[0] is value:
            kept[2] = self.round
            return kept[1]  # type: ignore[no-any-return]
        text = to_json(value).decode()
        self._texts[id(value)] = [value, text, self.round]
        return text
