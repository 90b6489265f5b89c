"""Cheap copies of frozen models whose values are already valid.

``model_copy(update=...)`` costs more than the rest of a fold step: it copies
the private and extra slots and the set of fields given, field by field. A
Weaverdice state or combatant changed during play only ever takes values that
were validated when they were made (a payload, a rule's result), so
:func:`evolve` skips all of that: a new instance of the same class whose field
dict is the old one with the update laid over it. It never validates, so it is
for trusted internal values only; anything from outside goes through the model.

:func:`trusted` makes a new model the same way, from values a rule made that already have their
fields' exact types (an event payload the builder reshapes at once, an effect's outcome): the
validation such a model would get costs more than everything else about it. With :data:`CHECK` on
(the test suite turns it on) each one is validated as well and must come out the same, value for
value and type for type.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from copy import copy
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar, cast

from pydantic import BaseModel

__all__ = ["CHECK", "evolve", "set_dict", "set_extra", "set_fields_set", "set_private", "trusted"]

#: validate every :func:`trusted` model as well and raise when the two differ (tests)
CHECK = False

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
# the four slots of every pydantic model instance, set straight through their descriptors: a third of
# what ``object.__setattr__(model, name, value)`` costs (it looks the name up each time)
_SLOTS = BaseModel.__dict__
set_dict = _SLOTS["__dict__"].__set__
set_fields_set = _SLOTS["__pydantic_fields_set__"].__set__
set_extra = _SLOTS["__pydantic_extra__"].__set__
set_private = _SLOTS["__pydantic_private__"].__set__


def evolve(model: M, update: Mapping[str, Any]) -> M:
    """``model`` with ``update`` laid over its fields, unvalidated (the values must already fit)."""
    new = _new(type(model))
    set_dict(new, {**model.__dict__, **update})  # one merge: no method look-ups on a path every rule takes
    # the set of fields given is shared, not copied: only pydantic's own copies change one, and they
    # copy it first; nothing here dumps with exclude_unset
    set_fields_set(new, model.__pydantic_fields_set__)
    set_extra(new, None)
    set_private(new, None)
    return new


@dataclass(frozen=True, slots=True)
class _Shape:
    """How a model class is made from one set of field names (in the order given): its fields at
    their defaults, the defaults that must be made fresh, and the set of the names given. Worked out
    (and checked) once per class and call shape; a rule's call site always passes the same names."""

    fields: dict[str, Any]
    factories: tuple[tuple[str, Callable[[], Any]], ...]
    given: set[str]


#: (class, name given, ...) -> its :class:`_Shape`
_SHAPES: dict[tuple[Any, ...], _Shape] = {}


def _shape(cls: type[BaseModel], key: tuple[Any, ...]) -> _Shape:
    given = set(key[1:])
    fields: dict[str, Any] = {}
    factories: list[tuple[str, Callable[[], Any]]] = []
    required = set()
    for name, info in cls.model_fields.items():
        fields[name] = None
        if info.is_required():
            required.add(name)
        elif name in given:
            pass
        elif info.default_factory is not None:
            if info.default_factory_takes_validated_data:
                raise TypeError(f"{cls.__name__}.{name}: a default made from the other fields")
            factories.append((name, cast(Callable[[], Any], info.default_factory)))
        elif isinstance(info.default, dict | list | set):  # pydantic copies a mutable default
            factories.append((name, partial(copy, info.default)))
        else:
            fields[name] = info.default
    if not required <= given or not given <= fields.keys():
        missing, unknown = sorted(required - given), sorted(given - fields.keys())
        raise TypeError(f"{cls.__name__}: missing fields {missing} or unknown fields {unknown}")
    shape = _SHAPES[key] = _Shape(fields, tuple(factories), given)
    return shape


def trusted(cls: type[M], /, **values: Any) -> M:
    """A ``cls`` of ``values`` made without validating them: each must already be of its field's
    exact type (a rule's own values; never anything from outside). Missing or unknown fields still
    raise TypeError."""
    key = (cls, *values)
    shape = _SHAPES.get(key) or _shape(cls, key)
    if shape.factories:
        fields = shape.fields.copy()
        for name, factory in shape.factories:
            fields[name] = factory()
        fields.update(values)
    else:  # most shapes make nothing fresh: one merge
        fields = {**shape.fields, **values}
    new = _new(cls)
    set_dict(new, fields)
    # shared, as :func:`evolve` shares it: only pydantic's own copies change one, and they copy it first
    set_fields_set(new, shape.given)
    set_extra(new, None)
    set_private(new, None)
    if CHECK:
        validated = cls(**values)
        if validated.__dict__ != fields or not _same_types(validated.__dict__, fields):
            raise AssertionError(f"{cls.__name__} made from trusted values differs from the validated one")
    return new


def _same_types(a: Any, b: Any) -> bool:
    """``a`` and ``b`` (equal) are built of the same types all the way down."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return all(type(k) is type(j) for k, j in zip(a, b, strict=True)) and all(
            _same_types(a[k], b[k]) for k in a
        )
    if isinstance(a, tuple | list):
        return all(_same_types(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, BaseModel):
        return _same_types(a.__dict__, b.__dict__)
    return True
