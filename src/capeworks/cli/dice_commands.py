"""`capeworks roll` and `capeworks odds`: dice notation from the command line.

JSON shapes (``--json``) are a contract:

* roll: ``{"expression": str, "total": int, "dice": [[int, ...], ...], "breakdown": str}``
* odds: ``{"expression": str, "distribution": {"<outcome>": "<p>/<q>", ...}, "mean": float,
  "stdev": float}``, plus ``"remainder": "<p>/<q>"`` when exploding dice are followed only to a
  depth (the chance of going deeper, see :attr:`Distribution.remainder`). A distribution of more
  than 200 outcomes lists only its likeliest 200 unless ``--all`` is given, and then adds
  ``"outcomes": <how many are possible>`` and ``"shown": [<first>, <last> listed]``
  (``capeworks odds 200d200 --json`` would otherwise write 34 MB).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from typer.core import TyperCommand

from capeworks.cli.output import JSON_OPTION, console, emit_json, err_console
from capeworks.dice import Distribution, GivenDice, RollResult, distribution, parse, roll
from capeworks.dice.source import DiceSource
from capeworks.errors import CapeworksError, DiceValueError, InvalidCommand

T = TypeVar("T")

# Typer vendors its own click: its usage errors are these, not the click package's.
_UsageError: type[Exception] = typer.BadParameter.__mro__[1]


dice_app = typer.Typer(help="Dice notation: roll it, or see its exact odds.", add_completion=False)

__all__ = ["odds_command", "odds_payload", "roll_command", "roll_payload"]

#: at most this many rows in the text table; the thinnest tails are left out past it
_MAX_ROWS = 60
#: at most this many outcomes in the JSON without --all
_MAX_JSON_OUTCOMES = 200
_BAR_WIDTH = 30


def roll_payload(result: RollResult) -> dict[str, Any]:
    """The JSON document for one roll."""
    return {
        "expression": str(result.expression),
        "total": result.total,
        "dice": result.dice,
        "breakdown": result.breakdown,
    }


def odds_payload(
    expression: str, dist: Distribution, *, limit: int | None = _MAX_JSON_OUTCOMES
) -> dict[str, Any]:
    """The JSON document for exact odds: reduced fractions as ``"p/q"`` strings (at most ``limit``
    outcomes, the likeliest run, when there are more)."""
    if limit is not None and len(dist.counts) > limit:
        from capeworks.odds_report import odds_report

        report = odds_report(expression, dist, outcomes=limit)
        keys = ["expression", "distribution", "mean", "stdev", "remainder", "outcomes", "shown"]
        return {k: report[k] for k in keys if k in report}
    payload: dict[str, Any] = {
        "expression": expression,
        "distribution": {str(k): f"{p.numerator}/{p.denominator}" for k, p in dist.probabilities.items()},
        "mean": float(dist.mean),
        "stdev": dist.stdev,
    }
    if dist.remainder:
        payload["remainder"] = f"{dist.remainder.numerator}/{dist.remainder.denominator}"
    return payload


# An expression such as ``-1d6`` or ``-(2d6)`` starts with a minus: read it as the
# expression, not as an unknown option (the commands define no short options).
_EXPRESSION_FIRST = {"ignore_unknown_options": True}


def _guarded(fn: Callable[[], T], *, as_json: bool) -> T:
    """Run ``fn``; a CapeworksError becomes one line (user text escaped, never Rich markup) and exit 2."""
    try:
        return fn()
    except CapeworksError as e:
        _report(e, as_json=as_json)
        raise AssertionError("unreachable") from e


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

    def go() -> RollResult:
        source: DiceSource | None = None
        if dice is not None:
            if seed is not None:
                raise DiceValueError("Give either a seed or the physical dice rolled, not both.")
            source = GivenDice.parse(dice)
        return roll(expression, source=source, seed=seed)

    result = _guarded(go, as_json=json_out)
    if json_out:
        emit_json(roll_payload(result))
        return
    notation, _, rest = result.breakdown.partition(": ")
    shown, _, total = rest.rpartition(" = ")
    line = Text()
    line.append(notation, style="bold cyan")
    line.append(": ")
    line.append(shown)
    line.append(" = ")
    line.append(total, style="bold green")
    console.print(line)


@dice_app.command("odds", context_settings=_EXPRESSION_FIRST, cls=_OneLineUsage)
def odds_command(
    expression: str = typer.Argument(..., help="Dice notation, e.g. '3d6' or '10d6t5'."),
    every: bool = typer.Option(
        False, "--all", help=f"With --json, list every outcome (else the likeliest {_MAX_JSON_OUTCOMES})."
    ),
    json_out: bool = JSON_OPTION,
) -> None:
    """Show the exact odds of every outcome of dice notation."""

    def go() -> tuple[str, Distribution]:
        expr = parse(expression)
        return str(expr), distribution(expr)

    notation, dist = _guarded(go, as_json=json_out)
    if json_out:
        emit_json(odds_payload(notation, dist, limit=None if every else _MAX_JSON_OUTCOMES))
        return
    console.print(_odds_table(notation, dist))


def _odds_table(notation: str, dist: Distribution) -> Table:
    probs = dist.probabilities
    at_least = dist.at_least_table()
    rows = list(probs.items())
    hidden = 0
    if len(rows) > _MAX_ROWS:  # keep the likeliest contiguous middle
        best = max(range(len(rows)), key=lambda i: rows[i][1])
        start = max(0, min(best - _MAX_ROWS // 2, len(rows) - _MAX_ROWS))
        hidden = len(rows) - _MAX_ROWS
        rows = rows[start : start + _MAX_ROWS]
    top = max(p for _, p in rows)
    caption = f"mean {float(dist.mean):.3f}, stdev {dist.stdev:.3f}"
    if dist.remainder:
        caption += (
            f"; exploding dice followed until the chance of going on is {float(dist.remainder):.1e}, "
            "which these odds leave out"
        )
    if hidden:
        caption += f"; {hidden} least likely outcomes not shown (use --json for all)"
    table = Table(title=f"Odds for {notation}", caption=caption)
    table.add_column("Outcome", justify="right", style="bold")
    table.add_column("Probability", justify="right")
    table.add_column("At least", justify="right")
    table.add_column("", no_wrap=True)
    for outcome, p in rows:
        bar = "█" * round(_BAR_WIDTH * p / top)
        table.add_row(
            str(outcome),
            f"{100 * float(p):.2f}%",
            f"{100 * float(at_least[outcome]):.2f}%",
            Text(bar, style="cyan"),
        )
    return table
