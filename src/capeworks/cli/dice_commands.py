"""`capeworks roll` and `capeworks odds`: dice notation from the command line.

The Typer side only: arguments, options and help. What the commands do (and
their ``--json`` shapes) is in :mod:`capeworks.cli.dice_run`, shared with the
quick start that runs them without Typer (:mod:`capeworks.cli.launch`).
"""

from __future__ import annotations

import typer

from capeworks.cli import dice_run
from capeworks.cli.output import JSON_OPTION

dice_app = typer.Typer(help="Dice notation: roll it, or see its exact odds.", add_completion=False)

__all__ = ["odds_command", "roll_command"]

# An expression such as ``-1d6`` or ``-(2d6)`` starts with a minus: read it as the
# expression, not as an unknown option (the commands define no short options).
_EXPRESSION_FIRST = {"ignore_unknown_options": True}


@dice_app.command("roll", context_settings=_EXPRESSION_FIRST)
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


@dice_app.command("odds", context_settings=_EXPRESSION_FIRST)
def odds_command(
    expression: str = typer.Argument(..., help="Dice notation, e.g. '3d6' or '10d6t5'."),
    json_out: bool = JSON_OPTION,
) -> None:
    """Show the exact odds of every outcome of dice notation."""
    code = dice_run.odds(expression, json_out=json_out)
    if code:
        raise typer.Exit(code=code)
