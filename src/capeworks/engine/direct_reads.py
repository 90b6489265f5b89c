"""Plain attribute reads for capeworks' pydantic models and enums on CPython 3.11.

pydantic's ``BaseModel`` defines ``__getattr__`` (for private attributes and extra fields), so
CPython 3.11 gives every model class the slot hook that tries ``__getattribute__`` and then that
method, and never specialises a read of a model's field: each ``payload.character`` takes the slow
generic path. A model class with no private attributes, no extra fields and no ``__getattr__`` of
its own gains nothing from the hook: a missing name raises the same AttributeError either way. For
such classes :func:`read_directly` puts back the type's plain ``tp_getattro``
(``PyObject_GenericGetAttr``, what the class would have without the hook), and the interpreter
specialises their reads again: about 13% of a Weaverdice command's instructions (bench/README.md,
stop 44). 3.12 onwards specialises through the hook, so nothing is done there, nor on any other
interpreter, nor when the type layout is not the one checked below.

Enums pay the same at class level: 3.11's ``EnumType`` defines ``__getattr__`` (to find a member
shadowed by a property), so every ``Stat.BRAWN`` goes through the hook and then through
``type.__getattribute__`` as a bound call: about 3% of a Weaverdice command. An enum class whose
members all sit in its own ``__dict__`` (every capeworks enum) gains nothing from it, so
:func:`read_directly` moves such a class to :class:`_DirectEnumType`, an ``EnumType`` that reads
attributes as ``type`` does (the same layout, so CPython allows the ``__class__`` change).
Such a class also reads its members' ``value`` and ``name`` through a C ``property`` of
``attrgetter("_value_")`` (and ``"_name_"``) set on the class: 3.11's own ``enum.property`` runs
two Python frames per read (its ``__get__``, then ``Enum.value``), and a Weaverdice command reads a
member's value several times (stop 52).

Assigning a special method to a class later makes CPython work out its slot again, which only
brings the hook back: never wrong, just slower. A class made after the call keeps the hook.

``CAPEWORKS_DIRECT_READS=0`` in the environment turns it all off (the hooks stay, reads are slower):
the way out should an interpreter build ever disagree with the checks below.
"""

from __future__ import annotations

import ctypes
import os
import platform
import sys
from enum import Enum, EnumType
from operator import attrgetter
from typing import TypeVar

from pydantic import BaseModel

__all__ = ["read_directly"]

T = TypeVar("T")

#: ``offsetof(PyTypeObject, tp_getattro)`` on a 64-bit CPython 3.11 (checked against ``object``'s)
_TP_GETATTRO = 18 * ctypes.sizeof(ctypes.c_void_p)


def _slot(cls: type) -> ctypes.c_void_p:
    return ctypes.c_void_p.from_address(id(cls) + _TP_GETATTRO)


def _generic() -> int | None:
    """The address of ``PyObject_GenericGetAttr``, if this interpreter is one the patch is for."""
    if os.environ.get("CAPEWORKS_DIRECT_READS") == "0":
        return None
    if platform.python_implementation() != "CPython" or sys.version_info[:2] != (3, 11):
        return None
    if ctypes.sizeof(ctypes.c_void_p) != 8:
        return None
    generic = ctypes.cast(ctypes.pythonapi.PyObject_GenericGetAttr, ctypes.c_void_p).value
    # the offset is right when ``object`` and ``int`` (which define no hook) hold that function there
    if generic is None or _slot(object).value != generic or _slot(int).value != generic:
        return None
    return generic


_GENERIC = _generic()
#: the hook every model class gets from ``BaseModel.__getattr__``
_HOOK = _slot(BaseModel).value if _GENERIC is not None else None


class _DirectEnumType(EnumType):
    """``EnumType`` whose classes read their attributes as ``type`` does (set below, on 3.11)."""


if _GENERIC is not None:
    _slot(_DirectEnumType).value = _slot(type).value


def _plain(cls: type[BaseModel]) -> bool:
    """True when ``cls``'s instances need nothing of ``__getattr__``."""
    if cls.__private_attributes__ or cls.model_config.get("extra") == "allow":
        return False
    own = (t for t in cls.__mro__ if t is not BaseModel and t is not object)
    return not any("__getattr__" in vars(t) or "__getattribute__" in vars(t) for t in own)


def _all_members_kept(cls: type[Enum]) -> bool:
    """True when every member (alias or not) is found in ``cls.__dict__``: ``EnumType.__getattr__``
    would never find anything the plain read does not."""
    own = vars(cls)
    return all(own.get(name) is member for name, member in cls._member_map_.items())


#: what ``Enum.value`` and ``Enum.name`` read, as C-level properties
_PLAIN_READS = {
    "value": property(attrgetter("_value_"), doc="The member's value."),
    "name": property(attrgetter("_name_"), doc="The member's name."),
}


def _reads_members_plainly(kind: type[Enum]) -> None:
    """Set ``value`` and ``name`` on ``kind`` as plain C properties, unless one is a member's name or
    the class (or an enum base of its own) defines it."""
    for attr, reader in _PLAIN_READS.items():
        if attr in kind._member_map_:
            continue
        if any(attr in vars(t) for t in kind.__mro__ if t not in (Enum, object) and issubclass(t, Enum)):
            continue
        type.__setattr__(kind, attr, reader)


def _subclasses(cls: type[T]) -> list[type[T]]:
    out: list[type[T]] = []
    todo = [cls]
    while todo:
        for sub in todo.pop().__subclasses__():
            out.append(sub)
            todo.append(sub)
    return out


def read_directly(prefix: str = "capeworks.") -> int:
    """Give every model class defined so far in modules under ``prefix`` that needs nothing of
    ``__getattr__`` the plain attribute read, and every such enum class whose members are all in its
    ``__dict__`` the plain class attribute read; returns how many classes changed (0 where not done)."""
    if _GENERIC is None:
        return 0
    changed = 0
    for cls in _subclasses(BaseModel):
        if not cls.__module__.startswith(prefix):
            continue
        slot = _slot(cls)
        if slot.value == _HOOK and _plain(cls):
            slot.value = _GENERIC
            changed += 1
    for kind in _subclasses(Enum):
        if kind.__module__.startswith(prefix) and type(kind) is EnumType and _all_members_kept(kind):
            # the same layout as EnumType, so CPython lets the class change its metaclass
            type.__setattr__(kind, "__class__", _DirectEnumType)
            _reads_members_plainly(kind)
            changed += 1
    return changed
