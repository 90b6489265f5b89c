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


# Typer vendors its own click: its usage errors are these, not the click package's.
_UsageError: type[Exception] = typer.BadParameter.__mro__[1]


#: pydantic's error type for a value Typer could not convert -> what the value must be, in words
_MUST_BE = {
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "int_type": "a whole number",
    "float_parsing": "a number",
    "float_type": "a number",
    "bool_parsing": "yes or no (true/false)",
}


def _plain_value_error(error: Exception) -> str | None:
    """A bad value's usage error as one plain sentence ("--n must be a whole number, not 'abc'."), or None.

    Typer converts values with pydantic, whose words ("Input should be a valid integer, unable to
    parse string as an integer") come through as the message; the error it raised from says which
    kind of value was wanted and what was typed.
    """
    errors = getattr(error.__cause__, "errors", None)
    param = getattr(error, "param", None)
    if not callable(errors) or param is None:
        return None
    try:
        first = errors()[0]
    except (IndexError, TypeError):
        return None
    wanted = _MUST_BE.get(str(first.get("type", "")))
    if wanted is None:
        return None
    opts = [o for o in getattr(param, "opts", ()) if o.startswith("--")]
    if getattr(param, "param_type_name", "") == "argument" or not opts:
        name = (getattr(param, "metavar", None) or str(param.name)).upper()
    else:
        name = opts[0]
    return f"{name} must be {wanted}, not {str(first.get('input', ''))!r}."


class LazyGroup(TyperGroup):
    """A group whose subcommands are imported on first use.

    A usage error below it (a missing argument or option, an unknown command, a bad option value)
    is reported like every other error: one line on stderr, or one JSON error document under
    ``--json``, exit 2; Click would print a boxed block. ``capeworks table`` alone still prints the
    group's help (Click's "no args is help" travels as a usage error too).
    """

    def invoke(self, ctx: Any) -> Any:
        words = [*getattr(ctx, "_protected_args", []), *ctx.args]  # the group's invoke empties them
        try:
            return super().invoke(ctx)
        except _UsageError as e:
            if type(e).__name__ == "NoArgsIsHelpError":
                raise
            from capeworks.cli.output import fail
            from capeworks.errors import InvalidCommand

            message = _plain_value_error(e) or str(getattr(e, "format_message", e.__str__)())
            # pydantic's prefix for a validator's own sentence: "Invalid value for '--x': Value error, ..."
            message = message.replace(": Value error, ", ": ").rstrip(".")
            failed = getattr(e, "ctx", None)
            path = getattr(failed, "command_path", "") or "capeworks"
            hint = f" See '{path} --help'." if message.endswith("?") else f"; see '{path} --help'."
            fail(InvalidCommand(message + hint), as_json="--json" in words)
            raise AssertionError("unreachable") from e

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
