"""Finding rulesets: every system registers under the ``capeworks.rulesets`` entry point.

Built-in systems use exactly the mechanism a third-party package would: an
entry point in its ``pyproject.toml`` naming a :class:`Ruleset` subclass.
Rulesets load one by one, on first use: a command that plays Capes never
imports Roll When You Need.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from capeworks.engine.ruleset import Ruleset
from capeworks.errors import NotFound

__all__ = [
    "ENTRY_POINT_GROUP",
    "Installed",
    "available",
    "get_ruleset",
    "installed",
    "names",
    "register",
    "unregister",
]

ENTRY_POINT_GROUP = "capeworks.rulesets"

#: rulesets registered in this process (tests, embedding apps), beside the installed ones
_REGISTERED: dict[str, Ruleset[Any, Any]] = {}


def register(ruleset: Ruleset[Any, Any]) -> None:
    """Make ``ruleset`` findable by its name in this process, as if it were installed."""
    _REGISTERED[ruleset.name] = ruleset


def unregister(name: str) -> None:
    """Forget a ruleset added with :func:`register`."""
    _REGISTERED.pop(name, None)


@cache
def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def names() -> list[str]:
    """The names of the installed rulesets, sorted, without importing any of them."""
    return sorted({*_entry_points(), *_REGISTERED})


@cache
def _installed(name: str) -> Ruleset[Any, Any]:
    cls = _entry_points()[name].load()
    return cls()  # type: ignore[no-any-return]


def _instance(name: str) -> Ruleset[Any, Any]:
    return _REGISTERED.get(name) or _installed(name)


def available() -> dict[str, Ruleset[Any, Any]]:
    """Every installed ruleset, by name (imports them all)."""
    return {name: _instance(name) for name in names()}


def get_ruleset(name: str) -> Ruleset[Any, Any]:
    """The ruleset called ``name``, or NotFound listing the known ones."""
    if name not in _REGISTERED and name not in _entry_points():
        known = ", ".join(names()) or "none installed"
        raise NotFound(f"There is no rule set called {name!r}. Known: {known}.")
    return _instance(name)


@dataclass(frozen=True, slots=True)
class Installed:
    """Where a ruleset comes from: its name, the package that ships it and that package's version.

    A ruleset added with :func:`register` has no package: ``distribution`` is empty.
    """

    name: str
    distribution: str
    version: str
    target: str


def installed() -> list[Installed]:
    """Every ruleset by name with its package and version, without importing any of them."""
    out = []
    for name in names():
        ep = _entry_points().get(name)
        if name in _REGISTERED or ep is None:
            ruleset = _REGISTERED[name]
            target = f"{type(ruleset).__module__}:{type(ruleset).__qualname__}"
            out.append(Installed(name=name, distribution="", version="", target=target))
            continue
        dist = ep.dist
        out.append(
            Installed(
                name=name,
                distribution=dist.name if dist is not None else "",
                version=dist.version if dist is not None else "",
                target=ep.value,
            )
        )
    return out
