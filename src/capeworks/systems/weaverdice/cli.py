"""`capeworks weaverdice ...`: Weaverdice from the terminal — exact odds, sample characters, the tracker.

Table play (attacks, reactions, rests...) goes through the generic ``capeworks
table`` commands; these are the Weaverdice-only helpers. JSON shapes (``--json``):

* odds: ``{"dice": int, "modifier": int, "tn": int, "morale": int, "cap": int | null,
  "success": {"fraction", "p"}, "with_morale_spend": {"fraction", "p"},
  "totals": {"<total>": {"fraction", "p"}}}``
* characters: ``{"characters": [{"id", "name", "tier", "stats", "derived", "skills", "backgrounds"}]}``
* tracker: ``{"title", "columns": [str], "rows": [[str]], "note"}``
* guide: ``{"advice": [{"rule", "topic", "src", "text", "hook"}]}``
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded
from capeworks.cli.plugin import CliPlugin
from capeworks.engine import Event, Panel, Table, Viewer
from capeworks.errors import InvalidCommand, NotFound
from capeworks.systems.weaverdice.campaign.odds import craft_success, recruit_yields, row_finished
from capeworks.systems.weaverdice.grapple import p_afford
from capeworks.systems.weaverdice.odds import check_odds, p_opposed, total_distribution
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.vocab import Pool, Stat

__all__ = [
    "PLUGIN",
    "characters_payload",
    "guide_payload",
    "odds_payload",
    "sheet_payload",
    "tracker_payload",
    "wd_app",
]

wd_app = typer.Typer(
    add_completion=False,
    help="Weaverdice: exact odds of a check, sample characters, the fight tracker.",
    no_args_is_help=True,
)


def _frac(p: Fraction) -> dict[str, Any]:
    return {"fraction": f"{p.numerator}/{p.denominator}", "p": float(p)}


def _in_range(modifier: int, extra: int, morale: int) -> bool:
    return -6 <= modifier <= 8 and 0 <= extra <= 8 and -5 <= morale <= 4


def odds_payload(
    *,
    modifier: int,
    tn: int,
    extra: int = 0,
    morale: int = 0,
    vs: int | None = None,
    vs_extra: int = 0,
    vs_morale: int = 0,
    afford: int | None = None,
    banked: int = 0,
) -> dict[str, Any]:
    """The exact odds of one check: d6 + extra dice (keep one) + modifier, capped by morale; with
    ``vs``, the chance to beat an opposed roll (ties hold, WD-CORE-008); with ``afford``, a grapple
    round's chance to win with that many points to spend, the banked Hold counted (WD-GRAPPLE)."""
    if not _in_range(modifier, extra, morale) or not 1 <= tn <= 14:
        raise InvalidCommand(
            "Give a modifier of -6 to 8, a TN of 1 to 14, 0 to 8 extra dice and morale -5 to 4."
        )
    if vs is not None and not _in_range(vs, vs_extra, vs_morale):
        raise InvalidCommand(
            "Give the opposed roll a modifier of -6 to 8, 0 to 8 extra dice and morale -5 to 4."
        )
    if (vs is None) and (vs_extra or vs_morale or afford is not None or banked):
        raise InvalidCommand("Opposed and grapple odds need the other side's modifier: add --vs.")
    if afford is not None:
        if not 1 <= afford <= 20 or not 0 <= banked <= 20:
            raise InvalidCommand("Give a grapple cost of 1 to 20 points and a banked Hold of 0 to 20.")
        if extra or vs_extra or morale or vs_morale:
            raise InvalidCommand(
                "A grapple round is one d6 each plus Brawn and Stamina: leave out extra dice and morale."
            )
    odds = check_odds(dice=1 + extra, modifier=modifier, tn=tn, morale=morale)
    dist = total_distribution(1 + extra, modifier, morale)
    more: dict[str, Any] = {}
    if vs is not None:
        beats = p_opposed((1 + extra, modifier, morale), (1 + vs_extra, vs, vs_morale))
        more["opposed"] = {"dice": 1 + vs_extra, "modifier": vs, "morale": vs_morale, "beats": _frac(beats)}
    if afford is not None and vs is not None:
        affords = p_afford(afford, attacker_mod=modifier, defender_mod=vs, banked=banked)
        more["grapple"] = {"cost": afford, "banked": banked, "affords": _frac(affords)}
    return {
        **more,
        "dice": 1 + extra,
        "modifier": modifier,
        "tn": tn,
        "morale": morale,
        "cap": odds.cap,
        "success": _frac(odds.success),
        "with_morale_spend": _frac(odds.with_morale_spend),
        "totals": {str(k): _frac(v) for k, v in dist.probabilities.items()},
    }


def _derived(c: Character) -> dict[str, Any]:
    return {
        "effort": {p.value: c.effort_max(p) for p in Pool},
        "wound_slots": c.wound_slots,
        "speed": c.speed,
        "tactics": c.tactics,
        "movement_ft": c.movement,
        "belt_slots": c.belt_slots,
        "encumbrance": c.encumbrance_capacity,
        "skill_cap": c.skill_cap,
    }


def _describe(c: Character) -> dict[str, Any]:
    return {
        "id": c.id,
        "name": c.name,
        "tier": c.tier.value,
        "stats": {s.value: c.stat(s) for s in Stat},
        "derived": _derived(c),
        "skills": [s.name + (" (learning)" if s.learning else "") for s in c.skills],
        "backgrounds": list(c.backgrounds),
    }


def characters_payload(key: str | None = None, *, file: Path | None = None) -> dict[str, Any]:
    """The sample characters (or one), or a sheet read from a JSON or YAML file."""
    from capeworks.systems.weaverdice.samples import SAMPLES, load_character, sample

    if file is not None:
        return {"characters": [_describe(load_character(file))]}
    if key is not None and key not in SAMPLES:
        raise NotFound(f"There is no sample character {key!r}. Known: {', '.join(SAMPLES)}.")
    keys = [key] if key else list(SAMPLES)
    return {"characters": [_describe(sample(k)) for k in keys]}


def _events(raw: Any) -> list[Event]:
    rows = raw.get("events", raw) if isinstance(raw, dict) else raw
    if not isinstance(rows, list):
        raise InvalidCommand("A log file holds a list of events, or the output of 'table log --gm --json'.")
    return [Event.model_validate(r.get("event", r) if isinstance(r, dict) else r) for r in rows]


def tracker_payload(*, log: Path | None = None, seat: str | None = None) -> dict[str, Any]:
    """The tracker panel after a log (the GM's ``table log --json``) or after the sample session."""
    from capeworks.systems.weaverdice.ruleset import WeaverdiceRuleset
    from capeworks.systems.weaverdice.state import WdState

    ruleset = WeaverdiceRuleset()
    if log is not None:
        try:
            raw = json.loads(log.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise InvalidCommand(f"The file {log.name} is not a readable JSON log.") from e
        table = Table(ruleset, _events(raw))
    else:
        session = ruleset.sample_session()
        table = Table.new(ruleset, config=session.config, seats=session.seats, seed=7)
        for step in session.steps:
            table.execute(step.command, dice=step.dice)
    viewer = Viewer.gm() if seat is None else table.viewer_for(seat)
    state = table.state
    assert isinstance(state, WdState)
    panel = ruleset.panels(state, viewer)[0]  # the tracker; campaign panels follow it
    return panel.model_dump(mode="json")


def _say(what: str, chance: dict[str, Any]) -> None:
    """One chance in words: what it is of, the percentage and the exact fraction."""
    console.print(f"{what}: {chance['p']:.1%} ({chance['fraction']})", highlight=False)


@wd_app.command("odds")
def odds_command(
    modifier: int = typer.Option(
        0, "--mod", "-m", help="Stat modifier and bonuses (stat - 3, +/- situation)."
    ),
    tn: int = typer.Option(4, "--tn", "-t", help="Target number: succeed on this or more."),
    extra: int = typer.Option(
        0, "--extra", "-x", help="Extra dice from skills, backgrounds, rep (keep one)."
    ),
    morale: int = typer.Option(
        0, "--morale", help="Morale step, -5 to +4 (low caps results; high may be spent)."
    ),
    vs: int | None = typer.Option(
        None, "--vs", help="An opposed roll's modifier (a reaction, a grapple): the chance to beat it."
    ),
    vs_extra: int = typer.Option(0, "--vs-extra", help="The opposed roll's extra dice (keep one)."),
    vs_morale: int = typer.Option(0, "--vs-morale", help="The opposed roll's morale step."),
    afford: int | None = typer.Option(
        None, "--afford", help="Grapple: the chance to win the round with this many points to spend."
    ),
    banked: int = typer.Option(0, "--banked", help="Grapple: Hold already banked, added to the margin."),
    json_out: bool = JSON_OPTION,
) -> None:
    """The exact odds of a check before it is rolled, with the morale cap and keep-one dice."""
    data = run_guarded(
        lambda: odds_payload(
            modifier=modifier,
            tn=tn,
            extra=extra,
            morale=morale,
            vs=vs,
            vs_extra=vs_extra,
            vs_morale=vs_morale,
            afford=afford,
            banked=banked,
        ),
        as_json=json_out,
    )
    if json_out:
        emit_json(data)
        return
    cap = f", results capped at {data['cap']}" if data["cap"] is not None else ""
    _say(f"{data['dice']}d6 keep 1, {modifier:+d}, vs {tn}+{cap}", data["success"])
    if morale > 0:
        _say("with a morale step in reserve", data["with_morale_spend"])
    if "opposed" in data:
        o = data["opposed"]
        _say(f"against {o['dice']}d6 keep 1, {o['modifier']:+d} (ties hold)", o["beats"])
    if "grapple" in data:
        g = data["grapple"]
        _say(f"a grapple round won with {g['cost']} points to spend ({g['banked']} banked)", g["affords"])
    table = RichTable("total", "chance")
    for total, p in data["totals"].items():
        table.add_row(total, f"{p['p']:.1%}")
    console.print(table)


@wd_app.command("characters")
def characters_command(
    key: str | None = typer.Argument(None, help="Show one sample character (ramjet, thug, prt_officer...)."),
    file: Path | None = typer.Option(None, "--file", "-f", help="Read a sheet from a JSON or YAML file."),
    json_out: bool = JSON_OPTION,
) -> None:
    """List the sample characters, show one, or read a sheet from a file, with every derived value."""
    data = run_guarded(lambda: characters_payload(key, file=file), as_json=json_out)
    if json_out:
        emit_json(data)
        return
    for c in data["characters"]:
        console.print(f"[bold]{escape(c['name'])}[/] ({escape(c['id'])}, {c['tier']})")
        if key or file:
            stats = ", ".join(f"{s} {v}" for s, v in c["stats"].items())
            console.print(f"  {stats}", highlight=False)
            d = c["derived"]
            effort = ", ".join(f"{p} {n}" for p, n in d["effort"].items())
            console.print(
                f"  effort {effort}; wound slots {d['wound_slots']}; speed {d['speed']}; "
                f"tactics {d['tactics']}; movement {d['movement_ft']} ft; belt {d['belt_slots']}; "
                f"carry {d['encumbrance']}",
                highlight=False,
            )
            if c["skills"]:
                console.print("  skills: " + escape(", ".join(c["skills"])), highlight=False)


def sheet_payload(source: str, *, hidden: bool = False, owner: str | None = None) -> dict[str, Any]:
    """An ``add_character`` payload from a sample id or a JSON/YAML file, checked as a sheet."""
    from capeworks.systems.weaverdice.samples import SAMPLES, load_character, sample

    path = Path(source)
    character = sample(source) if source in SAMPLES else load_character(path) if path.is_file() else None
    if character is None:
        raise NotFound(f"There is no sample character or sheet file {source!r}.")
    payload: dict[str, Any] = {"sheet": character.model_dump(mode="json", exclude_defaults=True)}
    if hidden:
        payload["hidden"] = True
    if owner:
        payload["owner"] = owner
    return payload


@wd_app.command("sheet")
def sheet_command(
    source: str = typer.Argument(..., help="A sample id (thug) or a JSON/YAML sheet file."),
    hidden: bool = typer.Option(False, "--hidden", help="Only the GM sees the sheet (NPCs)."),
    owner: str | None = typer.Option(None, "--owner", help="The seat that plays the character."),
    json_out: bool = JSON_OPTION,
) -> None:
    """Print an add_character payload, for 'table do TABLE SEAT add_character --payload-json ...'.

    The payload is JSON either way. A refusal is one line on stderr (JSON on stdout with
    ``--json``), so inside ``--payload-json "$(...)"`` the person sees why, not an empty payload's.
    """
    data = run_guarded(lambda: sheet_payload(source, hidden=hidden, owner=owner), as_json=json_out)
    emit_json(data)


@wd_app.command("tracker")
def tracker_command(
    log: Path | None = typer.Option(
        None, "--log", help="A GM's 'table log --json' file; default: the sample fight."
    ),
    seat: str | None = typer.Option(None, "--as", help="Draw it as this seat sees it (default: the GM)."),
    json_out: bool = JSON_OPTION,
) -> None:
    """The fight tracker: turn order, wounds by type, effort, statuses and morale."""
    data = run_guarded(lambda: tracker_payload(log=log, seat=seat), as_json=json_out)
    if json_out:
        emit_json(data)
        return
    panel = Panel.model_validate(data)
    out = RichTable(title=escape(panel.title), caption=escape(panel.note) if panel.note else None)
    for column in panel.columns:
        out.add_column(escape(column))
    for row in panel.rows:
        out.add_row(*(escape(cell) for cell in row))
    console.print(out)


def campaign_odds_payload(
    kind: str,
    *,
    dc: int = 15,
    rolls: int = 3,
    dice: int = 2,
    bonus: int = 0,
    tns: str = "5,4,4,5",
    modifier: int = 0,
    morale: int = 0,
) -> dict[str, Any]:
    """Campaign odds (issue 23): ``craft`` (a project's DC within N rolls), ``row`` (finishing an intel
    row from its entry within N rolls), ``recruit`` (how many applicants); each roll under the roller's
    low-morale cap, as the table rolls them (WD-MORALE-002)."""
    if not 0 <= rolls <= 40 or not 1 <= dice <= 8 or not -6 <= modifier <= 8 or not 0 <= dc <= 200:
        raise InvalidCommand("Give 0 to 40 rolls, 1 to 8 dice, a modifier of -6 to 8 and a DC of 0 to 200.")
    if not -4 <= morale <= 4:
        raise InvalidCommand("Give a morale step of -4 to 4.")
    if kind == "craft":
        p = craft_success(dc=dc, rolls=rolls, dice=dice, bonus=bonus, morale=morale)
        return {
            "kind": kind,
            "dc": dc,
            "rolls": rolls,
            "dice": dice,
            "bonus": bonus,
            "morale": morale,
            "success": _frac(p),
        }
    if kind == "row":
        try:
            cells = [int(x) for x in tns.split(",") if x.strip()]
        except ValueError:
            raise InvalidCommand("Give the row's TNs as numbers, e.g. 5,4,4,5.") from None
        if not 1 <= len(cells) <= 4 or any(not 2 <= t <= 12 for t in cells):
            raise InvalidCommand("A row has 1 to 4 cells with TNs of 2 to 12.")
        p = row_finished(cells, rolls=rolls, modifier=modifier, morale=morale)
        return {
            "kind": kind,
            "tns": cells,
            "rolls": rolls,
            "modifier": modifier,
            "morale": morale,
            "success": _frac(p),
        }
    if kind == "recruit":
        ys = recruit_yields(dice=dice, modifier=modifier, morale=morale)
        return {
            "kind": kind,
            "dice": dice,
            "modifier": modifier,
            "morale": morale,
            "yields": {str(n): _frac(p) for n, p in enumerate(ys)},
        }
    raise InvalidCommand(f"There are no {kind} odds; ask for craft, row or recruit.")


@wd_app.command("campaign-odds")
def campaign_odds_command(
    kind: str = typer.Argument(..., help="craft, row or recruit."),
    dc: int = typer.Option(15, "--dc", help="craft: the project's DC."),
    rolls: int = typer.Option(3, "--rolls", "-n", help="craft/row: the rolls available."),
    dice: int = typer.Option(2, "--dice", "-d", help="craft: dice a roll (keep one); recruit: Social dice."),
    bonus: int = typer.Option(0, "--bonus", help="craft: the flat bonus to the total."),
    tns: str = typer.Option("5,4,4,5", "--tns", help="row: the cells' TNs from the entry."),
    modifier: int = typer.Option(
        0, "--mod", "-m", help="row: Wits/Knowledge modifier; recruit: net modifier."
    ),
    morale: int = typer.Option(
        0, "--morale", help="The roller's morale step, -5 to +4 (low caps each roll)."
    ),
    json_out: bool = JSON_OPTION,
) -> None:
    """Campaign odds: crafting success over N rolls, finishing an intel row, recruiting yields."""
    data = run_guarded(
        lambda: campaign_odds_payload(
            kind, dc=dc, rolls=rolls, dice=dice, bonus=bonus, tns=tns, modifier=modifier, morale=morale
        ),
        as_json=json_out,
    )
    if json_out:
        emit_json(data)
        return
    if "yields" in data:
        table = RichTable("applicants", "chance")
        for n, p in data["yields"].items():
            table.add_row(n, f"{p['p']:.1%} ({p['fraction']})")
        console.print(table)
        return
    console.print(f"{kind}: {data['success']['p']:.1%} ({data['success']['fraction']})", highlight=False)


def guide_payload(topic: str | None = None) -> dict[str, Any]:
    """The GM's guide: the [GM] advice of one topic (or every one), as the table's ``guide`` shows it."""
    from capeworks.systems.weaverdice.gm_guide import ADVICE

    topics = list(dict.fromkeys(a.topic for a in ADVICE))
    if topic is not None and topic.strip().lower() not in topics:
        raise InvalidCommand(f"There is no guide topic {topic[:30]!r}; the topics are {', '.join(topics)}.")
    chosen = [a for a in ADVICE if topic is None or a.topic == topic.strip().lower()]
    return {"advice": [a.model_dump(mode="json") for a in chosen]}


@wd_app.command("guide")
def guide_command(
    topic: str | None = typer.Argument(
        None,
        help="lore, npcs, milestones, downtime, business, recruiting, "
        "planning, followers, rep or intel; default: all.",
    ),
    json_out: bool = JSON_OPTION,
) -> None:
    """The GM's guide: Weaverdice's [GM] advice by topic, with the table command that carries each, if any."""
    data = run_guarded(lambda: guide_payload(topic), as_json=json_out)
    if json_out:
        emit_json(data)
        return
    for a in data["advice"]:
        hook = f" [at the table: {a['hook']}]" if a["hook"] else ""
        console.print(
            f"[bold]{a['rule']}[/] ({a['topic']}, seed {a['src']}): {escape(a['text'])}{escape(hook)}"
        )


#: this ruleset's CLI: the ``capeworks.cli`` entry point names it, so it loads only when typed
PLUGIN = CliPlugin(app=wd_app)
