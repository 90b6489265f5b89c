"""What a table draws from its state, kept from one version to the next while its parts stay the same.

A live table works out every seat's view, panels and prompts at every version,
but a command changes one call, one check or one character: the fold copies
the state with the other parts as the same objects (frozen models, never
changed in place). :class:`Kept` keeps a value made from some of those parts
for as long as the same objects are asked about again, so a version re-makes
only what its command changed, and what it hands back is the same object as
before: the server's feed then finds an unchanged part by identity instead of
comparing or encoding it again.

Everything kept is shared by every table, seat and version that asks about
the same objects: it must never be changed (callers already treat views,
panels and prompts so).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

__all__ = ["Kept", "dump_parts"]

V = TypeVar("V")

#: how many values one :class:`Kept` holds before it starts again (bounded memory; refilled at once)
SIZE = 4096


class Kept(Generic[V]):
    """Values by the identity of the objects they were made from (held, so no id is reused meanwhile).

    Safe across threads: a lost race only makes a value twice.
    """

    __slots__ = ("_kept", "size")

    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self._kept: dict[tuple[int, ...], tuple[tuple[object, ...], V]] = {}

    def get(self, parts: tuple[object, ...], make: Callable[..., V], *args: Any) -> V:
        """``make(*args)``, or what it gave when last asked about these same objects."""
        key = tuple(map(id, parts))
        kept = self._kept.get(key)
        if kept is not None and all(a is b for a, b in zip(kept[0], parts, strict=True)):
            return kept[1]
        value = make(*args)
        if len(self._kept) >= self.size:
            self._kept.clear()
        self._kept[key] = (parts, value)
        return value

    def clear(self) -> None:
        """Forget everything (the next asks make their values afresh)."""
        self._kept.clear()


_DUMPS: Kept[Any] = Kept()


def _key(key: object) -> str:
    """A dict key as pydantic's JSON mode writes it."""
    if isinstance(key, Enum):
        return str(key.value)
    return key if isinstance(key, str) else str(key)


def _dumped(model: BaseModel) -> dict[str, Any]:
    return _DUMPS.get((model,), _json, model)  # type: ignore[no-any-return]


def _json(model: BaseModel) -> dict[str, Any]:
    return model.model_dump(mode="json")


def _dumped_items(mapping: dict[Any, BaseModel]) -> dict[str, Any]:
    return _DUMPS.get((mapping,), _items, mapping)  # type: ignore[no-any-return]


def _items(mapping: dict[Any, BaseModel]) -> dict[str, Any]:
    return {_key(k): _dumped(v) for k, v in mapping.items()}


def dump_parts(state: BaseModel, itemised: tuple[str, ...], whole: tuple[str, ...] = ()) -> dict[str, Any]:
    """``state.model_dump(mode="json")``, with each field in ``itemised`` (a dict of frozen models) made
    from its items' JSON kept by identity: only the items a command replaced are dumped again, and
    the JSON of every other item (and of the whole dict, while it is the same object) is the object
    it was at the last version. Each field in ``whole`` (a frozen model: the config) is kept whole."""
    kept = (*itemised, *whole)
    rest = state.model_dump(mode="json", exclude=set(kept))
    out: dict[str, Any] = {}
    for name in type(state).model_fields:
        if name in itemised:
            out[name] = _dumped_items(getattr(state, name))
        elif name in whole:
            out[name] = _dumped(getattr(state, name))
        elif name in rest:
            out[name] = rest[name]
    return out
