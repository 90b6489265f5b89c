"""`capeworks stunts ...`: Stunts from the terminal (the odds of pushing your luck).

The one module of this package that imports ``capeworks.cli``; the
``capeworks.cli`` entry point names its :data:`PLUGIN`, so it is imported
only when ``capeworks stunts`` is typed. JSON shape of ``odds --json``:
``{"sides": int, "rolls": [{"rolls": int, "no_flop": {"fraction", "p"}}]}``.
"""

from __future__ import annotations

from fractions import Fraction

import typer

from capeworks.cli.output import JSON_OPTION, console, emit_json
from capeworks.cli.plugin import CliPlugin

__all__ = ["PLUGIN", "odds", "stunts_app"]

stunts_app = typer.Typer(
    add_completion=False, no_args_is_help=True, help="Stunts: push your luck for the crowd."
)


@stunts_app.command("odds")
def odds(
    rolls: int = typer.Option(5, "--rolls", "-n", min=1, max=50, help="Rolls in a row to show the odds for."),
    sides: int = typer.Option(6, "--sides", min=2, max=20, help="Sides of the stunt die."),
    json_out: bool = JSON_OPTION,
) -> None:
    """The chance of rolling N times in a row without a flop (a 1)."""
    rows = [(n, Fraction(sides - 1, sides) ** n) for n in range(1, rolls + 1)]
    if json_out:
        emit_json(
            {
                "sides": sides,
                "rolls": [{"rolls": n, "no_flop": {"fraction": str(p), "p": float(p)}} for n, p in rows],
            }
        )
        return
    for n, p in rows:
        console.print(f"{n} roll{'s' if n > 1 else ''} without a flop: {float(p):.1%} ({p})", highlight=False)


#: this package's CLI group, ``capeworks stunts``
PLUGIN = CliPlugin(app=stunts_app)
