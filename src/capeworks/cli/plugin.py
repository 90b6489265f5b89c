"""What a ruleset gives the command line: its own Typer group, found through one entry point.

A ruleset's package names a :class:`CliPlugin` in the ``capeworks.cli``
entry-point group, under the name its group takes (``capeworks <name> ...``),
usually the ruleset's own name::

    [project.entry-points."capeworks.cli"]
    weaverdice = "capeworks.systems.weaverdice.cli:PLUGIN"

That ``cli`` module is the one module of a ruleset's package that imports
``capeworks.cli``, and it is imported only when its name is typed: the rules
themselves never import it, so playing a ruleset never pulls in Typer or Rich.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points

import typer

from capeworks.errors import InvalidCommand

__all__ = ["CLI_GROUP", "CliPlugin", "cli_entry_points", "load_plugin"]

#: entry-point group of ruleset CLIs: name -> ``module:CliPlugin``
CLI_GROUP = "capeworks.cli"


@dataclass(frozen=True, slots=True)
class CliPlugin:
    """A ruleset's CLI: ``app`` becomes ``capeworks <entry-point name> ...``."""

    app: typer.Typer


def cli_entry_points() -> dict[str, EntryPoint]:
    """The installed ruleset CLIs by command name, without importing any of them."""
    return {ep.name: ep for ep in entry_points(group=CLI_GROUP)}


def load_plugin(entry_point: EntryPoint) -> CliPlugin:
    """The :class:`CliPlugin` an entry point names, or one clear error saying what it named instead."""
    plugin = entry_point.load()
    if not isinstance(plugin, CliPlugin):
        raise InvalidCommand(
            f"The {CLI_GROUP} entry point {entry_point.name!r} names {entry_point.value}, "
            "which is not a CliPlugin."
        )
    return plugin
