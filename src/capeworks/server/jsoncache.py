"""JSON kept from one version of a table to the next, so a change is encoded only where it changed.

A live table sends every change to every seat. Most of what a seat is sent
does not change from one version to the next: the config, the seats, most
legal commands (the engine hands back the same objects while they stay the
same), most panels. :class:`JsonCache` keeps each such object's JSON, and the
encoded text of each JSON value, for as long as the object keeps being sent;
what is not sent for :data:`SWEEP` rounds is forgotten.

Objects are kept by identity (the object itself is held, so its id cannot be
reused while kept), panels also by value: a rule set draws new panel objects
every version, equal to the old ones when nothing on them changed. What it
hands out is shared by every seat and version, so it is frozen
(:class:`FrozenDict`, :class:`FrozenList`): changing it raises, and a copy
(``copy.copy``, ``dict(...)``, ``list(...)``) is an ordinary one to change.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel
from pydantic_core import from_json, to_json

from capeworks.engine import Panel

__all__ = ["SWEEP", "FrozenDict", "FrozenList", "JsonCache", "freeze"]

#: rounds an unused entry is kept
SWEEP = 16


def _shared(*_args: Any, **_kwargs: Any) -> None:
    raise TypeError("This JSON is shared by every seat and version: change a copy of it instead.")


class FrozenDict(dict[str, Any]):
    """A JSON object shared between seats and versions: reads (and encodes) as a dict, never changes."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _shared  # type: ignore[assignment]
    update = pop = popitem = clear = setdefault = _shared  # type: ignore[assignment]

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return {k: _thawed(v) for k, v in self.items()}

    def __reduce__(self) -> Any:
        return (dict, (dict(self),))


class FrozenList(list[Any]):
    """A JSON array shared between seats and versions: reads as a list (and encodes as one), never changes."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _shared  # type: ignore[assignment]
    append = extend = insert = pop = remove = clear = sort = reverse = _shared

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return [_thawed(v) for v in self]

    def __reduce__(self) -> Any:
        return (list, (list(self),))


def freeze(value: Any) -> Any:
    """``value`` (JSON: dicts, lists, scalars) with every dict and list frozen."""
    kind = type(value)
    if kind is dict:
        return FrozenDict({k: freeze(v) if type(v) in _OPEN else v for k, v in value.items()})
    if kind is list:
        return FrozenList([freeze(v) if type(v) in _OPEN else v for v in value])
    return value


#: the containers :func:`freeze` copies (frozen ones are kept as they are)
_OPEN = frozenset({dict, list})


def _thawed(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _thawed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_thawed(v) for v in value]
    return value


class JsonCache:
    """One table feed's JSON and texts, kept across rounds (used by one thread at a time)."""

    def __init__(self) -> None:
        self.round = 0
        #: id(model) -> [model, its JSON, round last used, its JSON text]
        self._dumps: dict[int, list[Any]] = {}
        #: a model's JSON text -> [its JSON, round last used]: equal models (a rule set's prompts are
        #: new objects every version) share one frozen JSON, made once
        self._by_text: dict[bytes, list[Any]] = {}
        #: a panel (hashable, compared by value) -> [its JSON, round last used]
        self._panels: dict[Panel, list[Any]] = {}
        #: id(JSON kept above) -> [that JSON, its text once encoded]
        self._texts: dict[int, list[Any]] = {}
        #: id(panel) -> [the panel, its entry in ``_panels``]: a rule set that keeps its panels across
        #: versions hands back the same objects, found here without hashing them
        self._panel_ids: dict[int, list[Any]] = {}
        #: ids of a list's items -> [that frozen list, round last used] (see :meth:`frozen_list`)
        self._lists: dict[tuple[int, ...], list[Any]] = {}
        #: ids of models -> [the models, their JSON's frozen list, round their JSON was last kept, round
        #: last used] (see :meth:`dump_list`)
        self._model_lists: dict[tuple[int, ...], list[Any]] = {}

    def next_round(self) -> None:
        """A new change is being sent; now and then forget what has not been sent for a while."""
        self.round += 1
        if self.round % SWEEP == 0:
            old = self.round - SWEEP
            for key in [k for k, v in self._dumps.items() if v[2] < old]:
                del self._dumps[key]
            for text in [k for k, v in self._by_text.items() if v[-1] < old]:
                del self._texts[id(self._by_text.pop(text)[0])]
            for panel in [k for k, v in self._panels.items() if v[-1] < old]:
                del self._texts[id(self._panels.pop(panel)[0])]
            for key in [k for k, v in self._panel_ids.items() if v[1][-1] < old]:
                del self._panel_ids[key]
            for items in [k for k, v in self._lists.items() if v[-1] < old]:
                del self._lists[items]
            for items in [k for k, v in self._model_lists.items() if v[-1] < old]:
                del self._model_lists[items]

    def dump(self, model: BaseModel) -> dict[str, Any]:
        """``model``'s JSON (frozen), the same dict while the same object, or an equal one, is sent."""
        kept = self._dumps.get(id(model))
        if kept is not None and kept[0] is model:
            kept[2] = self._by_text[kept[3]][1] = self.round
            return kept[1]  # type: ignore[no-any-return]
        text = model.__pydantic_serializer__.to_json(model)
        same = self._by_text.get(text)
        if same is None:
            same = self._by_text[text] = [freeze(from_json(text)), self.round]
            self._texts[id(same[0])] = [same[0], text.decode()]
        else:
            same[1] = self.round
        out: dict[str, Any] = same[0]
        self._dumps[id(model)] = [model, out, self.round, text]
        return out

    def dump_list(self, models: Sequence[BaseModel]) -> FrozenList:
        """The models' JSON as one frozen list: the same list while the same objects are asked for in
        the same order (a seat's legal commands, most versions), so a caller comparing versions finds
        it unchanged by identity and nothing is dumped or looked up per model."""
        key = tuple(map(id, models))
        kept = self._model_lists.get(key)
        # the same ids are the same objects: the entry holds its models, so none of their ids is reused
        if kept is not None:
            if self.round - kept[2] >= SWEEP // 2:
                for model in models:
                    self.dump(model)  # keeps each one's JSON (and text) from being swept
                kept[2] = self.round
            kept[3] = self.round
            return kept[1]  # type: ignore[no-any-return]
        out = self.frozen_list([self.dump(m) for m in models])
        self._model_lists[key] = [tuple(models), out, self.round, self.round]
        return out

    def dump_panel(self, panel: Panel) -> dict[str, Any]:
        """A panel's JSON, the same dict for every equal panel (panels hold only text)."""
        same = self._panel_ids.get(id(panel))
        kept = same[1] if same is not None and same[0] is panel else self._panels.get(panel)
        if kept is None:
            out: dict[str, Any] = freeze(panel.model_dump(mode="json"))
            kept = self._panels[panel] = [out, self.round]
            self._texts[id(out)] = [out, None]
        kept[1] = self.round
        if same is None or same[0] is not panel:
            self._panel_ids[id(panel)] = [panel, kept]
        return kept[0]  # type: ignore[no-any-return]

    def frozen_list(self, items: list[Any]) -> FrozenList:
        """``items`` as a frozen list: the same list as last time these same objects were asked for,
        so a caller comparing versions finds it unchanged by identity."""
        key = tuple(map(id, items))
        kept = self._lists.get(key)
        # the same ids are the same objects: the kept list holds its items, so none of their ids is reused
        if kept is None:
            kept = self._lists[key] = [FrozenList(items), self.round]
        kept[1] = self.round
        return kept[0]  # type: ignore[no-any-return]

    def text(self, value: Any, *, once: dict[int, tuple[Any, str]] | None = None) -> str:
        """``value`` encoded as JSON; a list is spliced from its items' texts.

        The text of JSON this cache made is kept with it, across rounds;
        anything else is kept in ``once`` (the caller's, for one round) when given.
        """
        if isinstance(value, list):
            return self._list_text(value, once)
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

    def _list_text(self, value: list[Any], once: dict[int, tuple[Any, str]] | None) -> str:
        """A list spliced from its items' texts; a frozen list's text is kept in ``once`` (it cannot
        change), so the panels or seats every seat is sent are spliced once a round."""
        if once is not None and type(value) is FrozenList:
            known = once.get(id(value))
            if known is not None and known[0] is value:
                return known[1]
        texts, parts = self._texts, []
        for v in value:
            kept = texts.get(id(v))
            if kept is not None and kept[0] is v and kept[1] is not None:
                parts.append(kept[1])  # JSON kept here whose text is made: most items, most rounds
            else:
                parts.append(self.text(v, once=once))
        text = "[" + ",".join(parts) + "]"
        if once is not None and type(value) is FrozenList:
            once[id(value)] = (value, text)
        return text
