"""`capeworks workshop ...`: the Workshop's shots combat from the terminal: exact odds, samples, the tracker.

Table play goes through the generic ``capeworks table`` commands (``table new workshop``,
``table do ... attack character=jade targets=viper``); these are the Workshop-only helpers. JSON
shapes (``--json``):

* odds: ``{"dice": str, "base": int, "difficulty": int, "extra": int, "success": {"fraction", "p"},
  "distribution": {"<value>": "<fraction>"}}``
* samples: ``{"samples": [{"key", "name", "named", "faction", "shot_count", "traits", "weapons", ...}]}``
* tracker: ``{"config": {...}, "panels": [{"title", "columns", "rows", "note"}]}``
"""

from __future__ import annotations

import json
from typing import Any

import typer
from pydantic import ValidationError
from rich.table import Table as RichTable

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded
from capeworks.cli.plugin import CliPlugin
from capeworks.engine import Viewer
from capeworks.engine.table import describe_validation_error
from capeworks.errors import InvalidCommand, NotFound
from capeworks.systems.workshop.config import DiceModelName, WorkshopConfig
from capeworks.systems.workshop.odds import dice_distribution, p_success, percent
from capeworks.systems.workshop.rules import shot_count
from capeworks.systems.workshop.samples import SHEETS

__all__ = ["PLUGIN", "odds_payload", "samples_payload", "tracker_payload", "workshop_app"]

workshop_app = typer.Typer(
    add_completion=False,
    help="The Workshop's shots combat: exact odds, sample characters and mooks, the tracker.",
    no_args_is_help=True,
)


def _dice(name: str) -> DiceModelName:
    try:
        return DiceModelName(name)
    except ValueError:
        known = ", ".join(m.value for m in DiceModelName)
        raise InvalidCommand(f"There is no dice model {name!r}. Known: {known}.") from None


def odds_payload(base: int, difficulty: int, *, dice: str = "pos_neg_d10", extra: int = 0) -> dict[str, Any]:
    """The exact chance of base + dice >= difficulty, and the dice part's distribution."""
    if not 0 <= extra <= 10:
        raise InvalidCommand("Extra positive dice run from 0 to 10.")
    model = _dice(dice)
    p = p_success(base, difficulty, dice=model, extra=extra)
    dist = dice_distribution(model, extra)
    return {
        "dice": model.value,
        "base": base,
        "difficulty": difficulty,
        "extra": extra,
        "success": {"fraction": str(p), "p": float(p)},
        "distribution": {str(k): str(v) for k, v in dist.items()},
    }


def samples_payload(key: str | None = None) -> dict[str, Any]:
    """The shipped sample characters and mook groups (one, with ``key``)."""
    if key is not None and key not in SHEETS:
        raise NotFound(f"There is no sample {key!r}. Known: {', '.join(SHEETS)}.")
    out = []
    for k, s in SHEETS.items():
        if key is not None and k != key:
            continue
        t = s["traits"]
        out.append({
            "key": k, "name": s["name"], "named": s.get("named", True), "faction": s.get("faction", "heroes"),
            "shot_count": shot_count(t.get("Agility", 0), t.get("Wits", 0), t.get("Luck", 0)),
            "count": s.get("count", 1), "traits": t, "health": s["health"], "toughness": s["toughness"],
            "defense": s["defense"], "soak": s["soak"], "weapons": s["weapons"],
        })  # fmt: skip
    return {"samples": out}


def _config(settings: list[str] | None) -> WorkshopConfig:
    raw: dict[str, Any] = {}
    for item in settings or []:
        k, sep, v = item.partition("=")
        if not sep or not k.strip():
            raise InvalidCommand(f"Write config settings as KEY=VALUE, not {item!r}.")
        try:
            raw[k.strip()] = json.loads(v)
        except json.JSONDecodeError:
            raw[k.strip()] = v
    try:
        return WorkshopConfig.model_validate(raw)
    except ValidationError as e:
        raise InvalidCommand(describe_validation_error("the Workshop config", e)) from None


def tracker_payload(settings: list[str] | None = None, *, seed: int = 7) -> dict[str, Any]:
    """The tracker as the sample fight's first Sequence starts, under a config (the GM's view)."""
    from capeworks.engine import Command, Table
    from capeworks.systems.workshop.ruleset import WorkshopRuleset

    rs = WorkshopRuleset()
    session = rs.sample_session()
    config = {**session.config, **_config(settings).model_dump(mode="json", exclude_defaults=True)}
    table = Table.new(rs, config=config, seats=session.seats, seed=seed)
    for step in session.steps:
        if step.command.type == "add_character":
            table.execute(step.command)
    table.execute(Command(type="start_sequence", seat="gm", payload={}))
    panels = table.seen_panels(Viewer.gm())
    return {
        "config": table.config.model_dump(mode="json"),
        "panels": [p.model_dump(mode="json") for p in panels],
    }


@workshop_app.command("odds")
def odds_command(
    base: int = typer.Option(
        ..., "--base", "-b", help="Traits + modifiers (e.g. Agility 5 + Guns 4 - 3 = 6)."
    ),
    difficulty: int = typer.Option(..., "--vs", "-v", help="The Defense or Difficulty to reach."),
    dice: str = typer.Option("pos_neg_d10", "--dice", help="Dice model: pos_neg_d10 or one_d10."),
    extra: int = typer.Option(0, "--extra", "-x", help="Extra positive d10s (Inspired, Free d10)."),
    json_out: bool = JSON_OPTION,
) -> None:
    """The exact chance of a roll before it is made: base + dice >= difficulty."""
    data = run_guarded(lambda: odds_payload(base, difficulty, dice=dice, extra=extra), as_json=json_out)
    if json_out:
        emit_json(data)
        return
    console.print(
        f"{base} + dice ({data['dice']}" + (f", {extra} extra d10" if extra else "") + f") >= {difficulty}: "
        f"{percent(p_success(base, difficulty, dice=DiceModelName(data['dice']), extra=extra))} "
        f"({data['success']['fraction']})",
        highlight=False,
    )


@workshop_app.command("samples")
def samples_command(
    key: str | None = typer.Argument(None, help="Show one sample (jade, rook, viper, thug, goons)."),
    json_out: bool = JSON_OPTION,
) -> None:
    """List the shipped sample characters and mook groups, or show one."""
    data = run_guarded(lambda: samples_payload(key), as_json=json_out)
    if json_out:
        emit_json(data)
        return
    for s in data["samples"]:
        kind = "named" if s["named"] else f"mooks x{s['count']}"
        console.print(
            f"[bold]{s['name']}[/] ({s['key']}, {s['faction']}, {kind}): Shot Count {s['shot_count']}, "
            f"Health {s['health']}, Toughness {s['toughness']}, Defense {s['defense']}, Soak {s['soak']}",
            highlight=False,
        )
        if key:
            console.print("  " + ", ".join(f"{t} {r}" for t, r in s["traits"].items()), highlight=False)
            for w in s["weapons"]:
                console.print(f"  {w['name']}: Damage {w['damage']}", highlight=False)


@workshop_app.command("tracker")
def tracker_command(
    setting: list[str] | None = typer.Option(None, "--set", help="A config value as KEY=VALUE (repeatable)."),
    json_out: bool = JSON_OPTION,
) -> None:
    """The tracker (Sequence, order, Shots, Shock, Wounds, statuses, rules on) after the sample fight."""
    data = run_guarded(lambda: tracker_payload(setting), as_json=json_out)
    if json_out:
        emit_json(data)
        return
    for p in data["panels"]:
        t = RichTable(*p["columns"], title=p["title"])
        for row in p["rows"]:
            t.add_row(*row)
        console.print(t)
        if p["note"]:
            console.print(p["note"], highlight=False)


#: this ruleset's CLI: the ``capeworks.cli`` entry point names it, so it loads only when typed
PLUGIN = CliPlugin(app=workshop_app)
