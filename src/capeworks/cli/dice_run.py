"""What ``capeworks roll`` and ``capeworks odds`` do once their arguments are read, without Typer.

The Typer commands (:mod:`capeworks.cli.dice_commands`) and the quick start
(:mod:`capeworks.cli.launch`) both call these, so the two print the same
bytes and exit with the same codes. Each command loads only its part of the
dice package: a roll neither the odds nor Rich's tables, the odds no roller.

JSON shapes (``--json``) are a contract:

* roll: ``{"expression": str, "total": int, "dice": [[int, ...], ...], "breakdown": str}``
* odds: ``{"expression": str, "distribution": {"<outcome>": "<p>/<q>", ...}, "mean": float,
  "stdev": float}``, plus ``"remainder": "<p>/<q>"`` when exploding dice are followed only to a
  depth (the chance of going deeper, see :attr:`Distribution.remainder`). A distribution of more
  than 200 outcomes lists only its likeliest 200 unless ``--all`` is given, and then adds
  ``"outcomes": <how many are possible>`` and ``"shown": [<first>, <last> listed]``
  (``capeworks odds 200d200 --json`` would otherwise write 34 MB)
"""

from __future__ import annotations

from collections.abc import Callable

from capeworks.cli.plain import Column, emit_json, plain_line, plain_table
from capeworks.errors import CapeworksError, DiceValueError

#: typing's flag without importing typing (~4% of a plain odds); mypy reads any TYPE_CHECKING as true
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar

    from rich.table import Table

    from capeworks.dice.odds import Distribution
    from capeworks.dice.roller import RollResult
    from capeworks.dice.source import DiceSource

    T = TypeVar("T")

__all__ = ["odds", "odds_payload", "roll_dice", "roll_payload"]

#: at most this many rows in the text table; the thinnest tails are left out past it
_MAX_ROWS = 60
#: at most this many outcomes in the JSON without --all
MAX_JSON_OUTCOMES = 200
_BAR_WIDTH = 30


class _Failed(Exception):
    """A CapeworksError already reported on one line: exit with 2."""


def roll_payload(result: RollResult) -> dict[str, Any]:
    """The JSON document for one roll."""
    return {
        "expression": str(result.expression),
        "total": result.total,
        "dice": result.dice,
        "breakdown": result.breakdown,
    }


def odds_payload(
    expression: str, dist: Distribution, *, limit: int | None = MAX_JSON_OUTCOMES
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


def _guarded(fn: Callable[[], T], *, as_json: bool) -> T:
    """Run ``fn``; a CapeworksError becomes one line (user text escaped, never Rich markup)."""
    try:
        return fn()
    except CapeworksError as e:
        if as_json:
            emit_json(e.to_dict())
        else:
            from rich.markup import escape

            from capeworks.cli.terminal import err_console

            err_console.print(f"[bold red]Error:[/] {escape(e.message)}", highlight=False)
        raise _Failed from None


def roll_dice(expression: str, *, seed: int | None, dice: str | None, json_out: bool) -> int:
    """Roll ``expression`` once and print every die; returns the exit code (2 after an error line)."""
    # each command loads only its own part of the dice package
    from capeworks.dice.roller import roll
    from capeworks.dice.source import GivenDice

    def go() -> RollResult:
        source: DiceSource | None = None
        if dice is not None:
            if seed is not None:
                raise DiceValueError("Give either a seed or the physical dice rolled, not both.")
            source = GivenDice.parse(dice)
        return roll(expression, source=source, seed=seed)

    try:
        result = _guarded(go, as_json=json_out)
    except _Failed:
        return 2
    if json_out:
        emit_json(roll_payload(result))
        return 0
    if plain_line(result.breakdown):
        return 0  # not a terminal: Rich would print the bare text, so Rich is not loaded
    from rich.text import Text

    from capeworks.cli.terminal import console

    notation, _, rest = result.breakdown.partition(": ")
    shown, _, total = rest.rpartition(" = ")
    line = Text()
    line.append(notation, style="bold cyan")
    line.append(": ")
    line.append(shown)
    line.append(" = ")
    line.append(total, style="bold green")
    console.print(line)
    return 0


def odds(expression: str, *, json_out: bool, every: bool = False) -> int:
    """Print the exact odds of ``expression``; returns the exit code (2 after an error line)."""

    from capeworks.dice.notation import parse
    from capeworks.dice.odds import distribution

    def go() -> tuple[str, Distribution]:
        expr = parse(expression)
        return str(expr), distribution(expr)

    try:
        notation, dist = _guarded(go, as_json=json_out)
    except _Failed:
        return 2
    if json_out:
        emit_json(odds_payload(notation, dist, limit=None if every else MAX_JSON_OUTCOMES))
        return 0
    title, rows, caption = _odds_rows(notation, dist)
    if plain_table(title, _ODDS_COLUMNS, rows, caption):
        return 0  # not a terminal: Rich would print these bytes, so Rich is not loaded
    from capeworks.cli.terminal import console

    console.print(_odds_table(title, rows, caption))
    return 0


#: the odds table's columns: header, justification
_ODDS_COLUMNS: tuple[Column, ...] = (
    ("Outcome", "right"),
    ("Probability", "right"),
    ("At least", "right"),
    ("", "left"),
)


def _odds_rows(notation: str, dist: Distribution) -> tuple[str, list[tuple[str, ...]], str]:
    """The odds table's title, rows (outcome, probability, at least, bar) and caption."""
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
    shown: list[tuple[str, ...]] = [
        (
            str(outcome),
            f"{100 * float(p):.2f}%",
            f"{100 * float(at_least[outcome]):.2f}%",
            "█" * round(_BAR_WIDTH * p / top),
        )
        for outcome, p in rows
    ]
    return f"Odds for {notation}", shown, caption


def _odds_table(title: str, rows: list[tuple[str, ...]], caption: str) -> Table:
    """The odds table as Rich draws it on a terminal (bold outcomes, cyan bars)."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(title), caption=caption)
    table.add_column("Outcome", justify="right", style="bold")
    table.add_column("Probability", justify="right")
    table.add_column("At least", justify="right")
    table.add_column("", no_wrap=True)
    for outcome, p, at_least, bar in rows:
        table.add_row(outcome, p, at_least, Text(bar, style="cyan"))
    return table
