"""`capeworks bpb ...`: Bulletproof Blues from the terminal — exact odds, movement tables, sample characters.

Table play (fights, calls, plot points) goes through the generic
``capeworks table`` commands; these are the BPB-only helpers. ``--json`` shapes:

* odds: ``{"attribute", "bonus", "difficulty", "expertise", "need", "impossible", "success", "extreme",
  "p_success", "p_extreme"}``
* movement: ``{"ground": [{rank, walk, run, sprint, mph}], "water": [...], "jump": [{rank, feet}]}``
* characters: ``{"characters": [{"key", "name", "attributes", "powers", "expertise"}]}``
* tracker: ``{"id", "version", "panels": [{"title", "columns", "rows", "note"}]}``
"""

from __future__ import annotations

from typing import Any

import typer
from rich.table import Table

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded, safe
from capeworks.cli.plugin import CliPlugin
from capeworks.engine import Viewer
from capeworks.errors import InvalidCommand
from capeworks.store import ENV_VAR, Store
from capeworks.systems.bpb.characters import SAMPLE_CHARACTERS
from capeworks.systems.bpb.movement import ground, jump_ft, water
from capeworks.systems.bpb.odds import task_odds
from capeworks.systems.bpb.tasks import LADDER, Task

__all__ = ["PLUGIN", "bpb_app", "movement_payload", "odds_payload", "tracker_payload"]

bpb_app = typer.Typer(
    add_completion=False,
    help="Bulletproof Blues 2e: exact task odds, movement tables, sample characters.",
    no_args_is_help=True,
)


def odds_payload(attribute: int, difficulty: str, bonus: int = 0, expertise: bool = False) -> dict[str, Any]:
    """The odds of 2d6 + attribute + bonus against a difficulty (a number or a ladder level)."""
    level = difficulty.strip().lower()
    if level in LADDER:
        value = LADDER[level]
        if value is None:
            raise InvalidCommand("An easy task needs no roll: any competence succeeds.")
    elif level.lstrip("-").isdigit():
        value = int(level)
    else:
        raise InvalidCommand(f"The difficulty is a number or one of: {', '.join(LADDER)}.")
    task = Task(attribute=attribute, bonus=bonus, difficulty=value, expertise=expertise)
    odds = task_odds(task)
    return {
        "attribute": attribute,
        "bonus": bonus,
        "difficulty": value,
        "expertise": expertise,
        "need": task.need,
        "impossible": task.impossible,
        "success": odds.success,
        "extreme": odds.extreme,
        "p_success": odds.p_success,
        "p_extreme": odds.p_extreme,
    }


@bpb_app.command("odds")
def odds_command(
    attribute: int = typer.Argument(..., help="The attribute (or power) rank rolled."),
    difficulty: str = typer.Argument("challenging", help="A number, or routine/challenging/demanding/..."),
    bonus: int = typer.Option(0, "--bonus", "-b", help="The attack bonus that applies (the largest)."),
    expertise: bool = typer.Option(False, "--expertise", "-x", help="Expertise: extreme success possible."),
    json_out: bool = JSON_OPTION,
) -> None:
    """Exact P(success) and P(extreme success) of a task roll."""
    data = run_guarded(lambda: odds_payload(attribute, difficulty, bonus, expertise), as_json=json_out)
    if json_out:
        emit_json(data)
        return
    if data["impossible"]:
        console.print(
            f"Impossible: difficulty {data['difficulty']} is out of reach of 2d6 + {attribute + bonus}."
        )
        return
    console.print(
        f"2d6 + {attribute + bonus} vs {data['difficulty']}: "
        f"success {data['p_success']:.1%} ({data['success']})"
        + (f", extreme {data['p_extreme']:.1%} ({data['extreme']})" if expertise else "")
    )


def movement_payload(top: int = 14) -> dict[str, Any]:
    """The chapter's tables T1-T3, by formula."""
    return {
        "ground": [ground(r).model_dump() for r in range(1, top + 1)],
        "water": [water(r).model_dump() for r in range(1, top + 1)],
        "jump": [{"rank": r, "feet": jump_ft(r)} for r in range(1, top + 1)],
    }


@bpb_app.command("movement")
def movement_command(json_out: bool = JSON_OPTION) -> None:
    """Ground, water and jump tables (feet per round and mph) for ranks 1-14."""
    data = movement_payload()
    if json_out:
        emit_json(data)
        return
    table = Table("Rank", "Walk", "Run", "Sprint", "mph", "Swim", "Fast", "Swim sprint", "mph", "Jump")
    for g, w, j in zip(data["ground"], data["water"], data["jump"], strict=True):
        table.add_row(
            *(str(x) for x in (g["rank"], g["walk"], g["run"], g["sprint"], g["mph"])),
            *(str(x) for x in (w["walk"], w["run"], w["sprint"], w["mph"], j["feet"])),
        )
    console.print(table)


@bpb_app.command("characters")
def characters_command(json_out: bool = JSON_OPTION) -> None:
    """The sample characters (add one at a table with add_character sample=KEY)."""
    rows: list[dict[str, Any]] = [
        {
            "key": key,
            "name": c.name,
            "attributes": c.attributes,
            "powers": [f"{p.name} {p.rank}" for p in c.powers],
            "expertise": list(c.expertise),
        }
        for key, c in SAMPLE_CHARACTERS.items()
    ]
    if json_out:
        emit_json({"characters": rows})
        return
    table = Table("Key", "Name", "Attributes", "Powers", "Expertise")
    for r in rows:
        attrs = ", ".join(f"{k} {v}" for k, v in r["attributes"].items())
        table.add_row(r["key"], r["name"], attrs, ", ".join(r["powers"]), ", ".join(r["expertise"]))
    console.print(table)


def tracker_payload(table_id: str, db: str | None) -> dict[str, Any]:
    """The public tracker of a stored Bulletproof Blues table (what any seat sees: no GM notes)."""
    with Store(db, create=False) as store:  # reading: a mistyped --db is refused, not made
        table = store.load(table_id)
        if table.ruleset.name != "bpb":
            raise InvalidCommand(f"Table {table_id} plays {table.ruleset.name}, not Bulletproof Blues.")
        panels = [p.model_dump(mode="json") for p in table.seen_panels(Viewer())]
    return {"id": table_id, "version": table.version, "panels": panels}


@bpb_app.command("tracker")
def tracker_command(
    table_id: str = typer.Argument(..., metavar="TABLE", help="Table id."),
    db: str | None = typer.Option(None, "--db", envvar=ENV_VAR, help="Database URL.", show_envvar=False),
    json_out: bool = JSON_OPTION,
) -> None:
    """The combat tracker of a table: order of play, Endurance and stunning, statuses, odds."""
    data = run_guarded(lambda: tracker_payload(table_id, db), as_json=json_out)
    if json_out:
        emit_json(data)
        return
    for panel in data["panels"]:
        table = Table(*panel["columns"], title=panel["title"], caption=panel["note"] or None)
        for row in panel["rows"]:
            table.add_row(*(safe(cell) for cell in row))
        console.print(table)


PLUGIN = CliPlugin(app=bpb_app)
