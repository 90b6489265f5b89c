"""`capeworks capes ...`: Capes helpers from the terminal — exact odds and the sample characters.

Table play goes through the generic ``capeworks table`` commands; these are
the Capes-only look-ups. JSON shapes (``--json``):

* odds: ``{"roll": {"die", "ability", "own_side", "chance": "p/q", "expected": "p/q"} | null,
  "resolve": {"winning", "losing", "best": {...}, "outcomes": [{"pairs", "resolver", "losers",
  "resolver_total"}]} | null}``
* characters: ``{"characters": [sheet, ...], "modules": [{"key", "name", "kind", ...}]}``
"""

from __future__ import annotations

from dataclasses import asdict
from fractions import Fraction
from typing import Any

import typer
from rich.table import Table

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded
from capeworks.cli.plugin import CliPlugin
from capeworks.errors import InvalidCommand, NotFound
from capeworks.systems.capes.characters import sample, samples
from capeworks.systems.capes.odds import expected_after_roll, improve_chance, resolver_outcomes
from capeworks.systems.capes.sheet import CharacterSheet
from capeworks.systems.capes.tables import PERSONAE, POWER_SETS, SKILL_SETS

__all__ = ["PLUGIN", "capes_app", "characters_command", "characters_payload", "odds_command", "odds_payload"]

capes_app = typer.Typer(
    add_completion=False, help="Capes: exact odds and sample characters.", no_args_is_help=True
)


def _frac(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _dice(text: str, what: str) -> list[int]:
    try:
        values = [int(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise InvalidCommand(f"Give {what} as numbers separated by commas, like 6,2.") from None
    if not values or any(not 1 <= v <= 6 for v in values):
        raise InvalidCommand(f"{what.capitalize()} must be dice showing 1 to 6.")
    if len(values) > 8:
        raise InvalidCommand(f"At most 8 {what}.")
    return values


def odds_payload(
    *, die: int | None, ability: int | None, own_side: bool, winning: str | None, losing: str | None
) -> dict[str, Any]:
    """The JSON document for `capes odds`."""
    out: dict[str, Any] = {"roll": None, "resolve": None}
    if die is not None or ability is not None:
        if die is None or ability is None:
            raise InvalidCommand("Give both --die (1-6) and --ability (1-5).")
        if not 1 <= die <= 6:
            raise InvalidCommand(f"A die shows 1 to 6, not {die}: give --die 1-6.")
        if not 1 <= ability <= 5:
            raise InvalidCommand(f"Abilities are rated 1 to 5, not {ability}: give --ability 1-5.")
        out["roll"] = {
            "die": die,
            "ability": ability,
            "own_side": own_side,
            "chance": _frac(improve_chance(die, ability, own_side=own_side)),
            "expected": _frac(expected_after_roll(die, ability, own_side=own_side)),
        }
    if winning is not None or losing is not None:
        if winning is None or losing is None:
            raise InvalidCommand("Give both --winning and --losing dice.")
        w, lose = _dice(winning, "winning dice"), _dice(losing, "losing dice")
        outcomes = [
            {
                "pairs": [list(p) for p in o.pairs],
                "resolver": list(o.resolver),
                "losers": list(o.losers),
                "resolver_total": o.resolver_total,
            }
            for o in resolver_outcomes(w, lose)
        ]
        out["resolve"] = {"winning": w, "losing": lose, "best": outcomes[0], "outcomes": outcomes}
    if out["roll"] is None and out["resolve"] is None:
        raise InvalidCommand("Ask about a roll (--die, --ability) or a resolution (--winning, --losing).")
    return out


@capes_app.command("odds")
def odds_command(
    die: int | None = typer.Option(None, "--die", help="The die's current value (1-6)."),
    ability: int | None = typer.Option(None, "--ability", help="The ability's rating (1-5)."),
    opposing: bool = typer.Option(
        False, "--opposing", help="The die is on an opposing side (lower is better)."
    ),
    winning: str | None = typer.Option(None, "--winning", help="Winning side's dice, e.g. 6,2."),
    losing: str | None = typer.Option(None, "--losing", help="Losing sides' dice, e.g. 4."),
    json_out: bool = JSON_OPTION,
) -> None:
    """Chance that a roll improves a side; the Resolver's Inspirations for every pairing."""
    payload = run_guarded(
        lambda: odds_payload(die=die, ability=ability, own_side=not opposing, winning=winning, losing=losing),
        as_json=json_out,
    )
    if json_out:
        emit_json(payload)
        return
    roll = payload["roll"]
    if roll is not None:
        side = "your side" if roll["own_side"] else "an opposing side"
        console.print(
            f"Die {roll['die']} on {side}, ability {roll['ability']}: improves with chance {roll['chance']}; "
            f"expected value after accept-or-turn-back {roll['expected']}."
        )
    resolve = payload["resolve"]
    if resolve is not None:
        table = Table(title=f"Winning {resolve['winning']} vs losing {resolve['losing']}")
        for column in ("pairs (win-lose)", "Resolver's Inspirations", "losing side's", "Resolver total"):
            table.add_column(column)
        for o in resolve["outcomes"]:
            pairs = ", ".join(f"{a}-{b}" for a, b in o["pairs"]) or "-"
            table.add_row(pairs, str(o["resolver"]), str(o["losers"]), str(o["resolver_total"]))
        console.print(table)


def _sheet(sheet: CharacterSheet) -> dict[str, Any]:
    return sheet.model_dump(mode="json")


def characters_payload(name: str | None) -> dict[str, Any]:
    """The JSON document for `capes characters`."""
    if name:
        found = sample(name)
        if found is None:
            known = ", ".join(samples())
            raise NotFound(f"There is no sample character called {name!r}. Samples: {known}.")
        return {"characters": [_sheet(found)], "modules": []}
    modules = [asdict(m) for m in (*POWER_SETS, *SKILL_SETS, *PERSONAE)]
    return {"characters": [_sheet(s) for s in samples().values()], "modules": modules}


@capes_app.command("characters")
def characters_command(
    name: str | None = typer.Argument(None, help="Show one sample character, e.g. skitter."),
    json_out: bool = JSON_OPTION,
) -> None:
    """List the sample characters and the Click-and-Lock modules, or show one character."""
    payload = run_guarded(lambda: characters_payload(name), as_json=json_out)
    if json_out:
        emit_json(payload)
        return
    for sheet in payload["characters"]:
        table = Table(title=sheet["name"] + (" (non-person)" if sheet["non_person"] else ""))
        for column in ("ability", "type", "rating", "super"):
            table.add_column(column)
        for a in sheet["abilities"]:
            table.add_row(a["name"], a["kind"], str(a["rating"]), "yes" if a["super"] else "")
        console.print(table)
        if sheet["drives"]:
            console.print("Drives: " + ", ".join(f"{d['drive']} {d['strength']}" for d in sheet["drives"]))
        elif sheet["undifferentiated"]:
            console.print("Undifferentiated: one Debt stack.")
        for ex in sheet["exemplars"]:
            console.print(f"Exemplar ({ex['drive']}): {ex['character']} — {ex['root']}")
        if sheet["free_conflict"]:
            console.print(f"Free Conflict: {sheet['free_conflict']}")
    if payload["modules"]:
        table = Table(title="Click-and-Lock modules")
        for column in ("key", "module", "kind", "powers/skills", "attitudes", "styles"):
            table.add_column(column)
        for m in payload["modules"]:
            table.add_row(
                m["key"],
                m["name"],
                m["kind"],
                ", ".join(m["doings"]),
                ", ".join(m["attitudes"]),
                ", ".join(m["styles"]),
            )
        console.print(table)


#: this ruleset's CLI: the ``capeworks.cli`` entry point names it, so it loads only when typed
PLUGIN = CliPlugin(app=capes_app)
