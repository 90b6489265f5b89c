"""`capeworks lab odds`: exact odds tables as Rich grids, CSV, JSON or a plot."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path
from typing import Any

import typer

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded
from capeworks.errors import InvalidCommand
from capeworks.lab.cli.shared import CONFIG_OPTION, lab_app, parse_settings, refuse_strays, titled

__all__ = ["csv_text", "odds_command", "print_odds"]


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.1%}" if 0.0 <= value <= 1.0 else f"{value:.2f}"
    return "" if value is None else str(value)


def print_odds(table: Any) -> None:
    """The table as Rich grids: one per ``split`` value, rows by the row keys, columns by the column key."""
    row_keys, col_key, value = table.grid
    splits = sorted({r[table.split] for r in table.rows}) if table.split else [None]
    cols = list(dict.fromkeys(r[col_key] for r in table.rows))
    for split in splits:
        title = table.title + (f" — {table.split} {split}" if table.split else "") + f" — {value}"
        grid = titled(*row_keys, *(f"{col_key} {c}" for c in cols), title=title)
        rows: dict[tuple[Any, ...], dict[Any, Any]] = {}
        for r in table.rows:
            if table.split and r[table.split] != split:
                continue
            rows.setdefault(tuple(r[k] for k in row_keys), {})[r[col_key]] = r[value]
        for key, cells in rows.items():
            grid.add_row(*(str(k) for k in key), *(_cell(cells.get(c)) for c in cols))
        console.print(grid)
    for note in table.notes:
        console.print(f"[dim]{note}[/dim]", highlight=False)
    if table.hidden:
        also = ", ".join(table.hidden)
        note = f"also computed (--show NAME for its grid, or --csv/--json): {also}"
        console.print(f"[dim]{note}[/dim]", highlight=False)


def csv_text(rows: list[dict[str, Any]]) -> str:
    """Rows as CSV with a header (every key of the first row)."""
    buf = io.StringIO()
    if rows:
        writer = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return buf.getvalue()


#: each system's own options (any other is the same for all): typed for another, one sentence
_OWNERS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("stat", "dice", "tn", "morale"), ("weaverdice",)),
    **dict.fromkeys(("ability", "sacrifice"), ("rwyn",)),
    "difficulty": ("rwyn", "bpb", "workshop"),
    **dict.fromkeys(("die", "rating"), ("capes",)),
    **dict.fromkeys(("attribute", "bonus"), ("bpb",)),
    **dict.fromkeys(("total", "extra"), ("workshop",)),
}


#: what --help shows under the options
_EXAMPLES = (
    "Examples:\n\n"
    "capeworks lab odds wd --stat 2..4 --tn 2..8 --morale -2,0,2 --plot wd.png\n\n"
    "capeworks lab odds rwyn --ability 1..5 --difficulty 1..6 --show any_disaster\n\n"
    "capeworks lab odds bpb --attribute 0..6 --bonus 0,2 --csv"
)


@lab_app.command("odds", epilog=_EXAMPLES)
def odds_command(
    ctx: typer.Context,
    system: str = typer.Argument(..., help="weaverdice (wd), rwyn, capes, bpb or workshop (ws)."),
    stat: str = typer.Option("1..5", help="Weaverdice: stats (e.g. 1..5 or 2,4)."),
    dice: str = typer.Option("0..3", "--dice", help="Weaverdice: skill dice (extra dice, keep one)."),
    tn: str = typer.Option("2..10", help="Weaverdice: target numbers."),
    morale: str = typer.Option("0", help="Weaverdice: morale steps (-4..4 for the whole range)."),
    ability: str = typer.Option("0..8", help="RWYN: ability ratings."),
    difficulty: str | None = typer.Option(
        None, help="Difficulties. RWYN: 1..6; BPB: 9,12,15,18,21; Workshop: 0,5,10,15,20,25 (the defaults)."
    ),
    sacrifice: str = typer.Option(
        "none",
        help="RWYN: successes spent to roll fewer disaster dice (never the last die): none; keep_one "
        "(all but one success); all (even the last, failing the task).",
    ),
    die: str = typer.Option("1..6", help="Capes: die values."),
    rating: str = typer.Option("1..5", help="Capes: ability ratings."),
    attribute: str = typer.Option("0..6", help="BPB: attributes."),
    bonus: str = typer.Option("0", help="BPB: attack bonuses added to the roll (T5)."),
    total: str = typer.Option("0..15", help="Workshop: attribute + skill totals before the dice."),
    extra: str = typer.Option("0", help="Workshop: extra positive d10s (Free d10, Inspired)."),
    config: list[str] = CONFIG_OPTION,
    show: str | None = typer.Option(
        None,
        "--show",
        help="The column the grid and plot show (default: success, or for Capes expected_after_roll), "
        "e.g. with_morale_spend (Weaverdice), any_disaster (RWYN), extreme_with_expertise (BPB).",
    ),
    csv_out: bool = typer.Option(False, "--csv", help="Print the rows as CSV."),
    plot: Path | None = typer.Option(None, "--plot", help="Also draw the table to this .png or .svg file."),
    json_out: bool = JSON_OPTION,
) -> None:
    """Exact odds tables of each system's core check across its parameters (no sampling)."""
    from capeworks.lab.odds import SYSTEMS, odds_table, parse_range

    def build() -> Any:
        name = SYSTEMS.get(system.lower())
        if name is not None:
            refuse_strays(ctx, name, _OWNERS)
        if plot is not None:
            from capeworks.lab.plots import check_path

            check_path(plot)
        if name == "weaverdice":
            params: dict[str, Any] = {
                "stats": parse_range(stat, name="stat", low=0, high=10),
                "skill_dice": parse_range(dice, name="dice", low=0, high=19),
                "targets": parse_range(tn, name="tn", low=-10, high=30),
                "morale": parse_range(morale, name="morale", low=-5, high=4),
            }
            if config:
                raise InvalidCommand("The Weaverdice check's odds take no rules config; leave out --config.")
        elif name == "rwyn":
            params = {
                "abilities": parse_range(ability, name="ability", low=0, high=30),
                "difficulties": parse_range(difficulty or "1..6", name="difficulty", low=1, high=30),
                "config": parse_settings(config),
                "sacrifice": sacrifice,
            }
        elif name == "capes":
            params = {
                "dice": parse_range(die, name="die", low=1, high=6),
                "abilities": parse_range(rating, name="rating", low=0, high=20),
            }
            if config:
                raise InvalidCommand("The Capes roll's odds take no rules config; leave out --config.")
        elif name == "bpb":
            params = {
                "attributes": parse_range(attribute, name="attribute", low=-5, high=30),
                "difficulties": parse_range(difficulty or "9,12,15,18,21", name="difficulty", low=0, high=60),
                "bonuses": parse_range(bonus, name="bonus", low=-10, high=20),
            }
            if config:
                raise InvalidCommand(
                    "The Bulletproof Blues task's odds take no rules config; leave out --config."
                )
        elif name == "workshop":
            params = {
                "totals": parse_range(total, name="total", low=-10, high=40),
                "difficulties": parse_range(
                    difficulty or "0,5,10,15,20,25", name="difficulty", low=-10, high=60
                ),
                "extra": parse_range(extra, name="extra", low=0, high=6),
                "config": parse_settings(config),
            }
        else:
            params = {}
        table = odds_table(system, **params).showing(show)
        if plot is not None:
            from capeworks.lab.plots import odds_plot

            odds_plot(table, plot)
        return table

    table = run_guarded(build, as_json=json_out)
    if json_out:
        emit_json({**table.to_dict(), **({"plot": str(plot)} if plot else {})})
    elif csv_out:
        sys.stdout.write(csv_text(table.rows))
    else:
        print_odds(table)
        if plot is not None:
            console.print(f"plot: {plot}", highlight=False)
