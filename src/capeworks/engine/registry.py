"""Finding rulesets: every system registers under the ``capeworks.rulesets`` entry point.

Built-in systems use exactly the mechanism a third-party package would: an
entry point in its ``pyproject.toml`` naming a :class:`Ruleset` subclass.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import Any

from capeworks.engine.ruleset import Ruleset
from capeworks.errors import NotFound

__all__ = ["ENTRY_POINT_GROUP", "available", "get_ruleset"]

ENTRY_POINT_GROUP = "capeworks.rulesets"


@cache
def _load() -> dict[str, Ruleset[Any, Any]]:
    found: dict[str, Ruleset[Any, Any]] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        cls = ep.load()
        found[ep.name] = cls()
    return found


def available() -> dict[str, Ruleset[Any, Any]]:
    """Every installed ruleset, by name."""
    return dict(_load())


def get_ruleset(name: str) -> Ruleset[Any, Any]:
    """The ruleset called ``name``, or NotFound listing the known ones."""
    rulesets = _load()
    try:
        return rulesets[name]
    except KeyError:
        known = ", ".join(sorted(rulesets)) or "none installed"
        raise NotFound(f"There is no rule set called {name!r}. Known: {known}.") from None
