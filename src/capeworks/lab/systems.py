"""Which rulesets the lab can fight in, and where their arena and policies come from.

Weaverdice's live in :mod:`capeworks.lab.weaverdice`. Any other ruleset ships
them beside its rules as ``capeworks.systems.<name>.policy`` (or names such a
module in the ``capeworks.lab.policies`` entry-point group), exporting
``ARENA`` (an :class:`~capeworks.lab.policy.Arena`) and ``POLICIES`` (name ->
:class:`~capeworks.lab.policy.Policy`, the first the default).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from capeworks.errors import InvalidCommand
from capeworks.lab.policy import Arena, Policy

__all__ = ["POLICY_GROUP", "FightKit", "fight_kit", "fightable"]

#: entry-point group: ruleset name -> module exporting ARENA and POLICIES
POLICY_GROUP = "capeworks.lab.policies"

_BUILT_IN = {"weaverdice": "capeworks.lab.weaverdice", "wd": "capeworks.lab.weaverdice"}


@dataclass(frozen=True)
class FightKit:
    """A ruleset's arena, its policies and the ruleset itself."""

    name: str
    arena: Arena
    policies: Mapping[str, Policy]
    ruleset: Any

    @property
    def harm(self) -> str:
        """The tally that stands for a side's harm, which sweeps compare and plots show: the arena's
        ``harm`` (RWYN's is "consequences"), else "wounds"."""
        return str(getattr(self.arena, "harm", "wounds"))

    def policy(self, name: str | None) -> Policy:
        """The policy called ``name`` (the default when None); one sentence naming the choices if unknown."""
        if name is None:
            return next(iter(self.policies.values()))
        found = self.policies.get(name)
        if found is None:
            raise InvalidCommand(
                f"The {self.name} lab has no policy {name!r}; it has {', '.join(self.policies)}."
            )
        return found


@cache
def fight_kit(system: str) -> FightKit:
    """The fight kit of ``system``; one sentence if the lab cannot fight in it."""
    from capeworks.engine.registry import get_ruleset

    name = system.lower()
    found = {ep.name: ep.value for ep in entry_points(group=POLICY_GROUP)}
    module_name = _BUILT_IN.get(name) or found.get(name) or f"capeworks.systems.{name}.policy"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name is not None and module_name.startswith(e.name):
            raise InvalidCommand(
                f"The lab cannot fight in {system!r}: no arena and policies are installed for it "
                f"(it fights in {', '.join(fightable())}, and in any ruleset shipping a lab policy module)."
            ) from e
        raise
    arena, policies = getattr(module, "ARENA", None), getattr(module, "POLICIES", None)
    if arena is None or not policies:
        raise InvalidCommand(f"The lab module {module_name} exports no ARENA and POLICIES.")
    return FightKit(name=arena.ruleset, arena=arena, policies=policies, ruleset=get_ruleset(arena.ruleset))


def fightable() -> list[str]:
    """The rulesets the lab can fight in here: the built-in, the entry points', and each installed
    ruleset whose package ships a ``policy`` module (found without importing it)."""
    from capeworks.engine.registry import names

    found = {"weaverdice"} | {ep.name for ep in entry_points(group=POLICY_GROUP)}
    for name in names():
        try:
            if importlib.util.find_spec(f"capeworks.systems.{name}.policy") is not None:
                found.add(name)
        except ModuleNotFoundError:  # a ruleset from an outside package: no capeworks.systems.<name>
            continue
    return sorted(found)
