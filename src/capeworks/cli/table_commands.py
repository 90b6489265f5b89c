"""`capeworks table ...`: create, play and inspect tables kept in the store.

Every command takes ``--db URL`` (default ``$CAPEWORKS_DATABASE_URL`` or a
SQLite file in the user data directory) and ``--json``. The CLI user owns the
database, so ``show`` and ``log`` give the GM's view unless ``--as SEAT`` asks
for a seat's.

JSON shapes (``--json``):

* new, import: ``{"id", "ruleset", "title", "version", "seats": [{"id", "name", "role", "token"}]}``
* list: ``[{"id", "title", "ruleset", "created_at", "version"}, ...]``
* show: the viewer's projection (``Table.view``) plus ``"id"``
* log, do, undo: ``{"id", "version", "events": [{"seq", "command_id", "seat", "type", "text",
  "undone", "event"}], ...}``; do adds ``"prompts"`` (the acting seat's open prompts)
* join: ``{"id", "seat", "token", "version"}``
* export: the export document itself (or ``{"id", "path", "events"}`` with ``-o``)
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer
from rich.json import JSON
from rich.table import Table as RichTable

from capeworks.cli.app import app
from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded
from capeworks.engine import Command, Event, Prompt, Ruleset, Seat, Table, Viewer, describe
from capeworks.engine.model import Role
from capeworks.engine.table import REVERTED
from capeworks.errors import InvalidCommand
from capeworks.store import ENV_VAR, CreatedTable, Store

__all__ = [
    "describe_event",
    "parse_assignments",
    "parse_dice",
    "parse_seat",
    "table_app",
]

table_app = typer.Typer(
    name="table",
    help="Create, play and inspect tables kept in the database.",
    no_args_is_help=True,
)
app.add_typer(table_app, name="table")

DB_OPTION: Any = typer.Option(
    None,
    "--db",
    envvar=ENV_VAR,
    help=f"Database URL (default: ${ENV_VAR}, else a SQLite file in your user data directory).",
    show_envvar=False,
)
_SEAT_ID = re.compile(r"[A-Za-z0-9_.-]{1,64}")

AS_OPTION: Any = typer.Option(None, "--as", help="Show what this seat sees (default: the GM's view).")


# -- parsing ------------------------------------------------------------------------------------


def parse_seat(spec: str) -> Seat:
    """``id:name`` or ``id:name:gm`` -> a Seat."""
    seat_id, sep, rest = spec.partition(":")
    if not sep or not rest:
        raise InvalidCommand(f"Cannot read seat {spec!r}: write it as id:name or id:name:gm.")
    role = Role.PLAYER
    name, colon, last = rest.rpartition(":")
    if colon and last in (Role.GM.value, Role.PLAYER.value):
        role = Role(last)
    else:
        name = rest
    if not _SEAT_ID.fullmatch(seat_id):
        raise InvalidCommand(
            f"Cannot read seat {spec!r}: a seat id uses only letters, digits, '.', '_' and '-'."
        )
    try:
        return Seat(id=seat_id, name=name, role=role)
    except ValueError as e:
        raise InvalidCommand(f"Cannot read seat {spec!r}: {_first_error(e)}") from None


def parse_assignments(pairs: Sequence[str], payload_json: str | None) -> dict[str, Any]:
    """``key=value`` pairs (values read as JSON when they parse, else as text) over ``--payload-json``."""
    payload: dict[str, Any] = {}
    if payload_json:
        loaded = _load_json(payload_json, "--payload-json")
        if not isinstance(loaded, dict):
            raise InvalidCommand("--payload-json must be a JSON object, like '{\"dice\": 2}'.")
        payload.update(loaded)
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise InvalidCommand(f"Cannot read {pair!r}: command arguments are key=value.")
        try:
            payload[key] = json.loads(raw)
        except json.JSONDecodeError:
            payload[key] = raw
    return payload


def parse_dice(text: str | None) -> list[int] | None:
    """``"4,5,1"`` -> ``[4, 5, 1]`` (physical dice, used in order)."""
    if text is None:
        return None
    try:
        return [int(part) for part in text.replace(" ", "").split(",") if part]
    except ValueError:
        raise InvalidCommand(f"Cannot read dice {text!r}: give whole numbers separated by commas.") from None


def _load_json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise InvalidCommand(f"{what} is not valid JSON: {e.msg} at column {e.colno}.") from None


def _first_error(error: ValueError) -> str:
    errors = getattr(error, "errors", None)
    if callable(errors):
        first = errors()[0]
        return f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}."
    return str(error)


# -- rendering ----------------------------------------------------------------------------------


def describe_event(ruleset: Ruleset[Any, Any], event: Event) -> str:
    """One line for an event, in the same words every edge uses (:func:`capeworks.engine.describe`)."""
    return describe(ruleset, event)


def _events_payload(table: Table, events: Sequence[Event]) -> list[dict[str, Any]]:
    undone = {int(e.data["command_id"]) for e in table.log if e.type == REVERTED}
    return [
        {
            "seq": e.seq,
            "command_id": e.command_id,
            "seat": e.seat,
            "type": e.type,
            "text": describe_event(table.ruleset, e),
            "undone": e.command_id in undone,
            "event": e.model_dump(mode="json"),
        }
        for e in events
    ]


def _events_table(rows: list[dict[str, Any]], *, title: str | None = None) -> RichTable:
    out = RichTable(title=title)
    out.add_column("#", justify="right", style="dim")
    out.add_column("Seat", style="cyan")
    out.add_column("Event")
    for row in rows:
        text = row["text"] + (" [dim](undone)[/]" if row["undone"] else "")
        out.add_row(str(row["seq"]), row["seat"] or "", text)
    return out


def _prompts_table(prompts: Sequence[Prompt], *, title: str) -> RichTable:
    out = RichTable(title=title)
    for column in ("Prompt", "For", "Question", "Options", "Default"):
        out.add_column(column)
    for p in prompts:
        options = ", ".join(o.value for o in p.options) + (" (or free text)" if p.free_text else "")
        out.add_row(p.id, p.seat, p.question or p.kind, options, p.default or "")
    return out


def _created_payload(store: Store, created: CreatedTable) -> dict[str, Any]:
    table = store.load(created.id)
    return {
        "id": created.id,
        "ruleset": table.ruleset.name,
        "title": table.title,
        "version": created.version,
        "seats": [s.model_dump(mode="json") | {"token": created.tokens.get(s.id)} for s in table.seats],
    }


def _print_created(payload: dict[str, Any], verb: str) -> None:
    console.print(
        f"Table [bold]{payload['id']}[/] {verb} ({payload['ruleset']}, version {payload['version']}).",
        highlight=False,
    )
    if payload["seats"]:
        seats = RichTable(title="Seat tokens (shown once; keep them to sit at the web table)")
        for column in ("Seat", "Name", "Role", "Token"):
            seats.add_column(column)
        for s in payload["seats"]:
            seats.add_row(s["id"], s["name"], s["role"], s["token"])
        console.print(seats)


def _viewer(table: Table, seat: str | None) -> Viewer:
    return Viewer.gm() if seat is None else table.viewer_for(seat)


# -- commands -----------------------------------------------------------------------------------


@table_app.command("new")
def new_command(
    ruleset: str = typer.Argument(..., help="Rule set name (see the installed rule sets)."),
    title: str = typer.Option("", "--title", help="The table's name."),
    seat: list[str] = typer.Option([], "--seat", help="A seat as id:name or id:name:gm; repeat for more."),
    config_json: str | None = typer.Option(None, "--config-json", help="Rules config as a JSON object."),
    seed: int | None = typer.Option(None, "--seed", help="Seed for reproducible dice."),
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Start a table; prints its id and each seat's token (shown only once)."""

    def go() -> dict[str, Any]:
        seats = [parse_seat(s) for s in seat]
        config = _load_json(config_json, "--config-json") if config_json else None
        if config is not None and not isinstance(config, dict):
            raise InvalidCommand("--config-json must be a JSON object.")
        with Store(db) as store:
            created = store.create_table(ruleset, title=title, config=config, seats=seats, seed=seed)
            return _created_payload(store, created)

    payload = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(payload)
        return
    _print_created(payload, "created")


@table_app.command("list")
def list_command(db: str | None = DB_OPTION, json_out: bool = JSON_OPTION) -> None:
    """List the tables in the database, newest first."""

    def go() -> list[dict[str, Any]]:
        with Store(db) as store:
            return [r.to_dict() for r in store.list_tables()]

    rows = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(rows)
        return
    if not rows:
        console.print("No tables yet. Start one with: capeworks table new RULESET --seat gm:Name:gm")
        return
    out = RichTable(title="Tables")
    for column in ("Id", "Title", "Rule set", "Version", "Created"):
        out.add_column(column)
    for r in rows:
        out.add_row(r["id"], r["title"], r["ruleset"], str(r["version"]), r["created_at"][:19])
    console.print(out)


@table_app.command("show")
def show_command(
    table_id: str = typer.Argument(..., metavar="TABLE", help="Table id."),
    as_seat: str | None = AS_OPTION,
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Show a table as a viewer sees it: seats, state and open prompts."""

    def go() -> dict[str, Any]:
        with Store(db) as store:
            table = store.load(table_id)
            return {"id": table_id, **table.view(_viewer(table, as_seat))}

    view = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(view)
        return
    who = f"as {as_seat}" if as_seat else "GM view"
    console.print(
        f"[bold]{view['title'] or view['id']}[/] — {view['ruleset']}, version {view['version']} ({who})",
        highlight=False,
    )
    seats = RichTable(title="Seats")
    for column in ("Seat", "Name", "Role"):
        seats.add_column(column)
    for s in view["seats"]:
        seats.add_row(s["id"], s["name"], s["role"])
    console.print(seats)
    console.print(JSON.from_data(view["state"]))
    if view["prompts"]:
        prompts = [Prompt.model_validate(p) for p in view["prompts"]]
        console.print(_prompts_table(prompts, title="Open prompts"))


@table_app.command("log")
def log_command(
    table_id: str = typer.Argument(..., metavar="TABLE", help="Table id."),
    as_seat: str | None = AS_OPTION,
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Show the table's log, one line per event the viewer may see."""

    def go() -> dict[str, Any]:
        with Store(db) as store:
            table = store.load(table_id)
            events = table.visible_log(_viewer(table, as_seat))
            return {"id": table_id, "version": table.version, "events": _events_payload(table, events)}

    payload = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(payload)
        return
    console.print(_events_table(payload["events"], title=f"Log of {table_id}"))


@table_app.command("do")
def do_command(
    table_id: str = typer.Argument(..., metavar="TABLE", help="Table id."),
    seat: str = typer.Argument(..., help="The acting seat."),
    command: str = typer.Argument(..., help="A command of the table's rule set (or 'undo')."),
    args: list[str] | None = typer.Argument(None, metavar="[KEY=VALUE]...", help="Command arguments."),
    payload_json: str | None = typer.Option(
        None, "--payload-json", help="Command arguments as a JSON object (key=value pairs override)."
    ),
    dice: str | None = typer.Option(None, "--dice", help="Physical dice to use, in order: e.g. '4,5,1'."),
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Run a rule set command for a seat; prints the new events and that seat's open prompts."""

    def go() -> dict[str, Any]:
        payload = parse_assignments(args or [], payload_json)
        cmd = Command(type=command, seat=seat, payload=payload)
        with Store(db) as store:
            events = store.execute(table_id, cmd, dice=parse_dice(dice))
            table = store.load(table_id)
            prompts = table.prompts(table.viewer_for(seat))
            return {
                "id": table_id,
                "version": table.version,
                "events": _events_payload(table, events),
                "prompts": [p.model_dump(mode="json") for p in prompts],
            }

    result = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(result)
        return
    console.print(_events_table(result["events"]))
    if result["prompts"]:
        prompts = [Prompt.model_validate(p) for p in result["prompts"]]
        console.print(_prompts_table(prompts, title=f"Waiting for {seat}"))


@table_app.command("undo")
def undo_command(
    table_id: str = typer.Argument(..., metavar="TABLE", help="Table id."),
    seat: str = typer.Option(..., "--seat", help="The seat asking to undo (the GM may undo anything)."),
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Take back the latest command still in effect."""

    def go() -> dict[str, Any]:
        with Store(db) as store:
            events = store.undo(table_id, seat)
            table = store.load(table_id)
            return {"id": table_id, "version": table.version, "events": _events_payload(table, events)}

    result = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(result)
        return
    console.print(_events_table(result["events"]))


@table_app.command("join")
def join_command(
    table_id: str = typer.Argument(..., metavar="TABLE", help="Table id."),
    seat: str = typer.Option(..., "--seat", help="The new seat as id:name or id:name:gm."),
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Seat someone new at a table; prints the seat's token (shown only once)."""

    def go() -> dict[str, Any]:
        new_seat = parse_seat(seat)
        with Store(db) as store:
            joined = store.join(table_id, new_seat)
            return {
                "id": table_id,
                "seat": new_seat.model_dump(mode="json"),
                "token": joined.token,
                "version": joined.events[-1].seq,
            }

    result = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(result)
        return
    s = result["seat"]
    console.print(f"{s['name']} joined table {table_id} as {s['id']} ({s['role']}).", highlight=False)
    console.print(f"Seat token (shown once): [bold]{result['token']}[/]", highlight=False)


@table_app.command("export")
def export_command(
    table_id: str = typer.Argument(..., metavar="TABLE", help="Table id."),
    output: Path | None = typer.Option(None, "-o", "--output", help="Write to this file (default: stdout)."),
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Export a table (its whole log, secrets included) as a JSON document."""

    def go() -> dict[str, Any]:
        with Store(db) as store:
            return store.export(table_id)

    document = run_guarded(go, as_json=json_out)
    text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    if output is None:
        sys.stdout.write(text)
        return
    output.write_text(text, encoding="utf-8")
    summary = {"id": table_id, "path": str(output), "events": len(document["log"])}
    if json_out:
        emit_json(summary)
        return
    console.print(f"Exported table {table_id} ({summary['events']} events) to {output}.", highlight=False)


@table_app.command("import")
def import_command(
    file: str = typer.Argument(..., metavar="FILE", help="An export document ('-' reads stdin)."),
    keep_id: bool = typer.Option(False, "--keep-id", help="Keep the table's id (refused if it is taken)."),
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Import an exported table; its log is replayed to check it, seats get new tokens."""

    def go() -> dict[str, Any]:
        if file == "-":
            raw = sys.stdin.read()
        else:
            try:
                raw = Path(file).read_text(encoding="utf-8")
            except OSError as e:
                raise InvalidCommand(f"Cannot read {file}: {e.strerror}.") from None
        document = _load_json(raw, file)
        with Store(db) as store:
            return _created_payload(store, store.import_(document, keep_id=keep_id))

    payload = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(payload)
        return
    _print_created(payload, "imported")
