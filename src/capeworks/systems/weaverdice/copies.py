"""Cheap copies of frozen models whose values are already valid.

``model_copy(update=...)`` costs more than the rest of a fold step: it copies
the private and extra slots and the set of fields given, field by field. A
Weaverdice state or combatant changed during play only ever takes values that
were validated when they were made (a payload, a rule's result), so
:func:`evolve` skips all of that: a new instance of the same class whose field
dict is the old one with the update laid over it. It never validates, so it is
for trusted internal values only; anything from outside goes through the model.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel

__all__ = ["evolve"]

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
_set = object.__setattr__


def evolve(model: M, update: Mapping[str, Any]) -> M:
    """``model`` with ``update`` laid over its fields, unvalidated (the values must already fit)."""
    new = _new(type(model))
    fields = model.__dict__.copy()
    fields.update(update)
    _set(new, "__dict__", fields)
    # the set of fields given is shared, not copied: only pydantic's own copies change one, and they
    # copy it first; nothing here dumps with exclude_unset
    _set(new, "__pydantic_fields_set__", model.__pydantic_fields_set__)
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new
