"""A seat's projection as a change from the last one it was sent (the socket's ``update`` message).

Most of a seat's projection is the same from one version to the next, and a
change usually touches one branch of the view (one call, one check) and one
panel. A socket opened with ``?delta=1`` is sent, after its first full
``state``, one ``update`` message per change: the new entries and the
projection's changes, each ``[path, value]`` (set the value at that path of
keys and list indices; an empty path replaces the whole projection) or
``[path]`` (remove that key). Applied in order to the state the socket last
had, they give exactly the projection the seat would be sent in full.

Dicts are compared key by key (when their kept keys keep their order) and
lists of the same length item by item, down to :data:`DEPTH` levels; below
that (or where a list changed length) a changed value is sent whole. Values
the feed hands every seat alike (the view and panels of seats sharing a view
key) are compared once a round (:class:`Diffs`). Equal values are found with
``==`` (in C, all the way down) before any walk: the JSON here is pydantic's,
so a field keeps one type, and ``==`` then says what its text would.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DEPTH", "Change", "Diffs", "apply_changes", "changes"]

#: how many levels of dicts and lists a change is looked for in before a value is sent whole
DEPTH = 6

#: ``(path, value)`` sets; ``(path,)`` removes a key
Change = tuple[tuple[str | int, ...], Any] | tuple[tuple[str | int, ...]]


class Diffs:
    """The changes between two values, worked out once a round however many seats are sent them."""

    __slots__ = ("_known",)

    def __init__(self) -> None:
        #: (id(old), id(new)) -> (old, new, their changes, paths relative to them)
        self._known: dict[tuple[int, int], tuple[Any, Any, list[Change]]] = {}

    def between(self, old: Any, new: Any, depth: int) -> list[Change]:
        """``old`` -> ``new``'s changes with paths relative to them (shared: do not change)."""
        key = (id(old), id(new))
        known = self._known.get(key)
        if known is not None and known[0] is old and known[1] is new:
            return known[2]
        out: list[Change] = []
        _walk(old, new, (), depth, out)
        self._known[key] = (old, new, out)
        return out


def changes(old: dict[str, Any], new: dict[str, Any], *, diffs: Diffs | None = None) -> list[Change]:
    """What turns the projection ``old`` into ``new``; its members (the view, the panels) are compared
    through ``diffs`` when given, once for every seat they are shared by."""
    out: list[Change] = []
    for key, value in new.items():
        before = old.get(key, _MISSING)
        if before is value:
            continue
        if before is _MISSING:
            out.append(((key,), value))
        elif diffs is not None and isinstance(value, dict | list) and type(before) is type(value):
            made = diffs.between(before, value, DEPTH - 1)
            if made:
                out.extend(((key, *c[0]), *c[1:]) for c in made)
        else:
            _walk(before, value, (key,), DEPTH - 1, out)
    if len(old) > len(new) or old.keys() != new.keys():
        out.extend(((key,),) for key in old if key not in new)
    return out


#: a key absent from the old projection
_MISSING: Any = object()


def _walk(old: Any, new: Any, path: tuple[str | int, ...], depth: int, out: list[Change]) -> None:
    if old is new:
        return
    same_type = type(old) is type(new)
    if same_type and old == new:
        return  # compared in C, all the way down: most of a view is as it was
    if depth > 0 and same_type:
        if isinstance(new, dict) and _same_order(old, new):
            for key, value in new.items():
                before = old.get(key, _MISSING)
                if before is value:
                    continue  # most keys of a changed call or check (as _walk would find at once)
                if before is _MISSING:
                    out.append(((*path, key), value))
                else:
                    _walk(before, value, (*path, key), depth - 1, out)
            if len(old) > len(new) or old.keys() != new.keys():
                out.extend(((*path, key),) for key in old if key not in new)
            return
        if isinstance(new, list) and len(old) == len(new):
            for i, (a, b) in enumerate(zip(old, new, strict=True)):
                if a is not b:
                    _walk(a, b, (*path, i), depth - 1, out)
            return
    out.append((path, new))


def _same_order(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Do ``old``'s keys that ``new`` keeps come first in ``new``, in the same order? Then setting the
    added keys after removing the dropped ones gives ``new``'s order (a client's object keeps
    insertion order, and lists of names are drawn in it); otherwise the dict is sent whole."""
    if len(old) == len(new) and old.keys() == new.keys():
        return list(old) == list(new)
    kept = [k for k in old if k in new]
    return list(new)[: len(kept)] == kept


def apply_changes(state: dict[str, Any], made: list[Change] | list[list[Any]]) -> dict[str, Any]:
    """``state`` with ``made`` applied, as a client applies them (a copy; ``state`` is not changed)."""
    root: list[Any] = [state]
    copied: set[int] = set()
    for change in made:
        path = change[0]
        holder: Any = root
        key: Any = 0
        for step in path:
            node = holder[key]
            if id(node) not in copied:
                node = list(node) if isinstance(node, list) else dict(node)
                holder[key] = node
                copied.add(id(node))
            holder, key = node, step
        if len(change) > 1:
            holder[key] = change[1]
        else:
            del holder[key]
    out: dict[str, Any] = root[0]
    return out
