"""The `capeworks` command line: one lazy Typer group whose commands load only when typed.

Built-in commands (``roll``, ``odds``, ``demo``, ``table``) live in their own
modules; every installed ruleset adds a group named after it, found by its
``capeworks.rulesets`` entry point and built from :meth:`Ruleset.cli` only when
that name is typed. A package may also give a short name to a ruleset's group
through a ``capeworks.cli`` entry point naming its :class:`CliPlugin`
(``wd = "...weaverdice.cli:PLUGIN"``). So ``capeworks roll 2d6`` imports neither
the store nor a ruleset, and this module names no ruleset: a new ruleset needs
no edit here.

Every command takes ``--json``; every CapeworksError becomes one clear line on
stderr and exit code 2 (see :func:`capeworks.cli.output.run_guarded`).
"""

from __future__ import annotations

import importlib
from typing import Any

import typer
from typer.core import TyperGroup

__all__ = ["BUILTINS", "CLI_GROUP", "LazyGroup", "app", "main"]

#: entry-point group of extra command names for ruleset CLIs (short names such as ``wd``)
CLI_GROUP = "capeworks.cli"


def _cli_entry_points() -> dict[str, Any]:
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=CLI_GROUP)}


#: command name -> (module, Typer app attribute, command inside it or None for the whole app)
BUILTINS: dict[str, tuple[str, str, str | None]] = {
    "roll": ("capeworks.cli.dice_commands", "dice_app", "roll"),
    "odds": ("capeworks.cli.dice_commands", "dice_app", "odds"),
    "demo": ("capeworks.cli.demo", "demo_app", "demo"),
    "table": ("capeworks.cli.table_commands", "table_app", None),
    "serve": ("capeworks.cli.serve", "serve_app", "serve"),
}


# Typer vendors click; its command objects are used by duck typing here.
ClickCommand = Any


def _click(typer_app: typer.Typer, name: str, inner: str | None) -> ClickCommand:
    command = typer.main.get_command(typer_app)
    subcommands = getattr(command, "commands", None)
    if inner is not None and subcommands:
        return subcommands[inner]
    command.name = name
    return command


class LazyGroup(TyperGroup):
    """A group whose subcommands are imported on first use."""

    def list_commands(self, ctx: Any) -> list[str]:
        from capeworks.engine.registry import names

        return sorted({*BUILTINS, *names(), *_cli_entry_points()})

    def get_command(self, ctx: Any, cmd_name: str) -> ClickCommand | None:
        if cmd_name in BUILTINS:
            module, attr, inner = BUILTINS[cmd_name]
            return _click(getattr(importlib.import_module(module), attr), cmd_name, inner)
        from capeworks.engine.registry import names

        if cmd_name not in names():
            extra = _cli_entry_points().get(cmd_name)
            return None if extra is None else _click(extra.load().app, cmd_name, None)
        from capeworks.engine.registry import get_ruleset

        plugin: Any = get_ruleset(cmd_name).cli()
        if plugin is None:
            return None
        return _click(plugin.app, cmd_name, None)


app = typer.Typer(
    name="capeworks",
    cls=LazyGroup,
    help="Rules engine, virtual table and playtest lab for superhero tabletop RPGs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Rules engine, virtual table and playtest lab for superhero tabletop RPGs."""


def main() -> None:
    """Console-script entry point.

    ``roll``/``odds`` read a leading minus (``-1d6``) as the expression themselves,
    so the arguments go to Click unchanged.
    """
    app()
