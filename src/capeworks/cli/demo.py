"""`capeworks demo`: a short guided tour of dice, odds and a logged table.

It plays each installed ruleset's sample session on an in-memory table, shows
the log in words, undoes the last action, and shows that a GM secret stays out
of the players' view. Same seed, same tour.
"""

from __future__ import annotations

import json
from typing import Any

import typer
from rich.panel import Panel
from rich.table import Table as RichTable

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded
from capeworks.dice import distribution, roll
from capeworks.engine import Ruleset, Table, Viewer, available
from capeworks.engine.render import describe
from capeworks.errors import CapeworksError

demo_app = typer.Typer(help="A guided tour.", add_completion=False)

__all__ = ["demo"]

DEMO_ROLLS = ("4d6kh3", "10d6t5", "2d6+4 >= 12")
DEMO_ODDS = "2d6+4 >= 12"


def _play(ruleset: Ruleset[Any, Any], seed: int) -> dict[str, Any]:
    session = ruleset.sample_session()
    assert session is not None
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=seed, title="demo")
    for step in session.steps:
        table.execute(step.command, dice=step.dice)
    lines = [f"{e.seq:>3} {e.seat or '-':>6}  {describe(ruleset, e).text}" for e in table.log]
    last = session.steps[-1].command.seat if session.steps else None
    gm = next((s.id for s in session.seats if s.role == "gm"), last)
    undone = ""
    if gm is not None and session.steps:
        try:
            (revert,) = table.undo(gm)
        except CapeworksError as refused:
            # without a GM, dice once seen stand: the demo shows the refusal instead
            undone = f"(undo refused: {refused.message})"
        else:
            undone = describe(ruleset, revert).text
    secret: dict[str, Any] = {}
    if session.secret_marker:
        seat_view = table.view(table.viewer_for(session.secret_hidden_from))
        seat_log = table.visible_log(table.viewer_for(session.secret_hidden_from))
        seen = session.secret_marker in json.dumps(seat_view) + "".join(e.model_dump_json() for e in seat_log)
        secret = {
            "marker": session.secret_marker,
            "hidden_from": session.secret_hidden_from,
            "in_gm_view": session.secret_marker in json.dumps(table.view(Viewer.gm())),
            "in_player_view": seen,
        }
    return {
        "ruleset": ruleset.name,
        "title": ruleset.title,
        "log": lines,
        "undo": undone,
        "version": table.version,
        "secret": secret,
        "notes": list(session.notes),
    }


@demo_app.command()
def demo(
    seed: int = typer.Option(7, help="Seed for every roll in the tour."),
    json_out: bool = JSON_OPTION,
) -> None:
    """A guided tour: dice with breakdowns, exact odds, and a logged table per rule set."""

    def tour() -> dict[str, Any]:
        rolls = [roll(text, seed=seed) for text in DEMO_ROLLS]
        odds = distribution(DEMO_ODDS)
        tables = [_play(rs, seed) for rs in available().values() if rs.sample_session() is not None]
        return {
            "rolls": [
                {"expression": str(r.expression), "total": r.total, "breakdown": r.breakdown} for r in rolls
            ],
            "odds": {"expression": DEMO_ODDS, "p_success": str(odds.at_least(1)), "mean": float(odds.mean)},
            "tables": tables,
        }

    data = run_guarded(tour, as_json=json_out)
    if json_out:
        emit_json(data)
        return
    console.rule("[bold]capeworks demo")
    console.print("[bold]1. Dice.[/] Every roll keeps every die; dropped dice in parentheses.")
    for r in data["rolls"]:
        console.print(f"   {r['breakdown']}", highlight=False)
    console.print(
        f"[bold]2. Odds.[/] P({DEMO_ODDS}) = {data['odds']['p_success']} exactly "
        f"(2d6 needs 8+: 15 of 36 faces). Try [cyan]capeworks odds '10d6t5'[/]."
    )
    console.print("[bold]3. Tables.[/] Each rule set plays its sample session; the log is in words.")
    for t in data["tables"]:
        body = RichTable.grid(padding=(0, 1))
        for line in t["log"]:
            body.add_row(line)
        if t["undo"]:
            body.add_row(f"[yellow]undo:[/] {t['undo']} (the log grows; state folds without it)")
        if t["secret"]:
            s = t["secret"]
            body.add_row(
                f"[magenta]secret[/] {s['marker']!r}: GM sees it: {s['in_gm_view']}; "
                f"{s['hidden_from']} sees it: {s['in_player_view']}"
            )
        console.print(Panel(body, title=f"{t['title']} ({t['ruleset']})", expand=False))
    console.print(
        "Next: [cyan]capeworks table new rwyn --seat gm:Gail:gm --seat ann:Ann[/], "
        "then [cyan]capeworks table do[/] …  See README.md."
    )
