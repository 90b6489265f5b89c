"""The `capeworks` command line: one lazy Typer group whose commands load only when typed.

Built-in commands (``roll``, ``odds``, ``demo``, ``table``, ``rulesets``,
``check``) live in their own modules; a ruleset's package adds its group one way
only, a ``capeworks.cli`` entry point naming its :class:`~capeworks.cli.plugin.CliPlugin`
(see :mod:`capeworks.cli.plugin`), imported only when that name is typed. So
``capeworks roll 2d6`` imports neither the store nor a ruleset, and this module
names no ruleset: a new ruleset needs no edit here.

Every command takes ``--json``; every CapeworksError becomes one clear line on
stderr and exit code 2 (see :func:`capeworks.cli.output.run_guarded`).
"""

from __future__ import annotations

import importlib
from typing import Any

import typer
from typer.core import TyperGroup

__all__ = ["BUILTINS", "LazyGroup", "app", "main"]


#: command name -> (module, Typer app attribute, command inside it or None for the whole app)
BUILTINS: dict[str, tuple[str, str, str | None]] = {
    "roll": ("capeworks.cli.dice_commands", "dice_app", "roll"),
    "odds": ("capeworks.cli.dice_commands", "dice_app", "odds"),
    "demo": ("capeworks.cli.demo", "demo_app", "demo"),
    "table": ("capeworks.cli.table_commands", "table_app", None),
    "serve": ("capeworks.cli.serve", "serve_app", "serve"),
    "rulesets": ("capeworks.cli.rulesets", "rulesets_app", "rulesets"),
    "check": ("capeworks.cli.rulesets", "rulesets_app", "check"),
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
        from capeworks.cli.plugin import cli_entry_points

        return sorted({*BUILTINS, *cli_entry_points()})

    def get_command(self, ctx: Any, cmd_name: str) -> ClickCommand | None:
        if cmd_name in BUILTINS:
            module, attr, inner = BUILTINS[cmd_name]
            return _click(getattr(importlib.import_module(module), attr), cmd_name, inner)
        from capeworks.cli.plugin import cli_entry_points, load_plugin

        found = cli_entry_points().get(cmd_name)
        if found is None:
            return None
        from capeworks.cli.output import run_guarded

        plugin = run_guarded(lambda: load_plugin(found), as_json=False)
        # always a group, even with one command, so ``capeworks NAME COMMAND`` reads alike for every ruleset
        group = typer.main.get_group(plugin.app)
        group.name = cmd_name
        return group


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
