"""`capeworks roll` and `capeworks odds`: dice notation from the command line.

The Typer side only: arguments, options, help and one-line usage errors. What
the commands do (and their ``--json`` shapes) is in
:mod:`capeworks.cli.dice_run`, shared with the quick start that runs their
plain forms without Typer (:mod:`capeworks.cli.launch`).
"""

from __future__ import annotations

from typing import Any

import typer
from rich.markup import escape
from typer.core import TyperCommand

from capeworks.cli import dice_run
from capeworks.cli.dice_run import MAX_JSON_OUTCOMES
from capeworks.cli.output import JSON_OPTION, emit_json, err_console
from capeworks.errors import CapeworksError, InvalidCommand

# Typer vendors its own click: its usage errors are these, not the click package's.
_UsageError: type[Exception] = typer.BadParameter.__mro__[1]


dice_app = typer.Typer(help="Dice notation: roll it, or see its exact odds.", add_completion=False)

__all__ = ["odds_command", "roll_command"]

# An expression such as ``-1d6`` or ``-(2d6)`` starts with a minus: read it as the
# expression, not as an unknown option (the commands define no short options).
_EXPRESSION_FIRST = {"ignore_unknown_options": True}


#: how each command is written, for the one line a usage error prints
_SHAPES = {
    "roll": "capeworks roll EXPR [--seed N] [--dice a,b,...] [--json]",
    "odds": "capeworks odds EXPR [--json]",
}


class _OneLineUsage(TyperCommand):
    """A command whose usage errors (missing or extra arguments, a bad option value) are one line.

    Click would print a boxed usage block; here the error is reported like every
    other: one line on stderr, or one JSON error document under ``--json``, exit 2.
    """

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        as_json = "--json" in args
        try:
            parsed: list[str] = super().parse_args(ctx, args)
        except _UsageError as e:
            message = str(getattr(e, "format_message", e.__str__)()).rstrip(".")
            shape = _SHAPES.get(self.name or "", "")
            written = f"; write: {shape}" if shape else ""
            _report(InvalidCommand(f"{message}{written}."), as_json=as_json)
            raise AssertionError("unreachable") from e
        return parsed


def _report(error: CapeworksError, *, as_json: bool) -> None:
    if as_json:
        emit_json(error.to_dict())
    else:
        err_console.print(f"[bold red]Error:[/] {escape(error.message)}", highlight=False)
    raise typer.Exit(code=2)


@dice_app.command("roll", context_settings=_EXPRESSION_FIRST, cls=_OneLineUsage)
def roll_command(
    expression: str = typer.Argument(..., help="Dice notation, e.g. '4d6kh3' or '2d6+4 >= 12'."),
    seed: int | None = typer.Option(None, "--seed", help="Seed for reproducible dice."),
    dice: str | None = typer.Option(
        None, "--dice", help="Use these physical dice instead, in order: e.g. '6,4,3,1'."
    ),
    json_out: bool = JSON_OPTION,
) -> None:
    """Roll dice notation once and show every die."""
    code = dice_run.roll_dice(expression, seed=seed, dice=dice, json_out=json_out)
    if code:
        raise typer.Exit(code=code)


@dice_app.command("odds", context_settings=_EXPRESSION_FIRST, cls=_OneLineUsage)
def odds_command(
    expression: str = typer.Argument(..., help="Dice notation, e.g. '3d6' or '10d6t5'."),
    every: bool = typer.Option(
        False, "--all", help=f"With --json, list every outcome (else the likeliest {MAX_JSON_OUTCOMES})."
    ),
    json_out: bool = JSON_OPTION,
) -> None:
    """Show the exact odds of every outcome of dice notation."""
    code = dice_run.odds(expression, json_out=json_out, every=every)
    if code:
        raise typer.Exit(code=code)
