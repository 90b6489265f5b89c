"""`capeworks table ...`: create, play and inspect tables kept in the store.

Every command takes ``--db URL`` (default ``$CAPEWORKS_DATABASE_URL`` or a
SQLite file in the user data directory) and ``--json``. Working directly on a
database file is its owner's tool: whoever can open the file can act as any
seat. Shared tables identify seats by their token (``--token`` or
``$CAPEWORKS_SEAT_TOKEN``): when one is given, the command is refused unless
the token is that seat's. ``show`` and ``log`` say whose view they show
(``--as SEAT`` or ``--gm``); ``do --json`` shows only what the acting seat may see.
Every piece of text a person typed is printed as text, never as markup.

JSON shapes (``--json``):

* new, import: ``{"id", "ruleset", "title", "version", "seats": [{"id", "name", "role", "token"}]}``
* list: ``[{"id", "title", "ruleset", "created_at", "version"}, ...]``
* show: the viewer's projection (``Table.view``) plus ``"id"``, ``"waiting"`` (who the table waits
  on, as the web table's projection says) and ``"legal"`` (with ``--as``, or ``--gm`` at a table with
  a GM seat: that seat's)
* log, do, undo: ``{"id", "version", "events": [{"seq", "command_id", "seat", "type", "text",
  "undone", "event"}], ...}``; do and undo add ``"prompts"``, ``"legal"`` (the acting seat's) and
  ``"waiting"``
* join: ``{"id", "seat", "token", "version"}``
* export: the export document itself (or ``{"id", "path", "events"}`` with ``-o``)
* verify: ``{"id", "events", "head", "snapshots", "stale_snapshots"}``
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import typer
from rich.json import JSON
from rich.table import Table as RichTable

from capeworks.cli import table_play
from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded, safe
from capeworks.cli.table_play import parse_assignments, parse_dice
from capeworks.engine import LegalCommand, Panel, Prompt, Seat, Table, Viewer
from capeworks.engine.model import Role, waiting_on
from capeworks.engine.table import PhysicalDice
from capeworks.errors import InvalidCommand, NotPermitted
from capeworks.store import ENV_VAR, CreatedTable, Store
from capeworks.store.document import MAX_DOCUMENT_BYTES, load_document

__all__ = [
    "parse_assignments",
    "parse_dice",
    "parse_seat",
    "table_app",
]

table_app = typer.Typer(
    add_completion=False,
    name="table",
    help="Create, play and inspect tables kept in the database.",
    no_args_is_help=True,
)

DB_OPTION: Any = typer.Option(
    None,
    "--db",
    envvar=ENV_VAR,
    help=f"Database URL (default: ${ENV_VAR}, else a SQLite file in your user data directory).",
    show_envvar=False,
)
TOKEN_OPTION: Any = typer.Option(
    None,
    "--token",
    envvar="CAPEWORKS_SEAT_TOKEN",
    help="Your seat's token: the command is refused unless it is the token of the seat named.",
    show_envvar=False,
)
AS_OPTION: Any = typer.Option(None, "--as", help="Show what this seat sees.")
GM_OPTION: Any = typer.Option(False, "--gm", help="Show the GM's view (everything).")
_SEAT_ID = re.compile(r"[A-Za-z0-9_.-]{1,64}")


# -- parsing ------------------------------------------------------------------------------------


def parse_seat(spec: str) -> Seat:
    """``id:name`` or ``id:name:gm`` -> a Seat."""
    seat_id, sep, rest = spec.partition(":")
    if not sep or not rest:
        raise InvalidCommand(f"Cannot read seat {spec!r}: write it as id:name or id:name:gm.")
    role = Role.PLAYER
    name, colon, last = rest.rpartition(":")
    # the role as people type it: "gm:Gail:GM" seats the GM, not a player called "Gail:GM"
    if colon and last.strip().lower() in (Role.GM.value, Role.PLAYER.value):
        role = Role(last.strip().lower())
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


def _where(url: str) -> str:
    """The database as a person finds it: a SQLite file's full path, else the URL (password hidden)."""
    from sqlalchemy.engine import make_url  # only when listing: the CLI starts without SQLAlchemy

    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:":
        return str(Path(parsed.database).expanduser().resolve())
    return url


def _first_error(error: ValueError) -> str:
    errors = getattr(error, "errors", None)
    if callable(errors):
        first = errors()[0]
        return f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}."
    return str(error)


# -- rendering ----------------------------------------------------------------------------------


def _panel_table(panel: Panel) -> RichTable:
    """A ruleset's panel as a Rich table; every cell is user data, so escaped."""
    out = RichTable(
        title=safe(panel.title),
        caption=safe(panel.note) if panel.note else None,
        show_header=any(panel.columns),
    )
    for column in panel.columns:
        out.add_column(safe(column))
    for row in panel.rows:
        out.add_row(*(safe(cell) for cell in row))
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
        f"Table [bold]{safe(payload['id'])}[/] {verb} "
        f"({safe(payload['ruleset'])}, version {payload['version']}).",
        highlight=False,
    )
    if payload["seats"]:
        seats = RichTable(title="Seat tokens (shown once; keep them to sit at the web table)")
        for column in ("Seat", "Name", "Role", "Token"):
            seats.add_column(column)
        for s in payload["seats"]:
            seats.add_row(safe(s["id"]), safe(s["name"]), s["role"], s["token"])
        console.print(seats)
    else:
        # nobody can act at a table without seats: say how to add them rather than leave it silent
        console.print(
            f"Nobody is seated yet: seat people with capeworks table join {safe(payload['id'])} "
            "--seat id:name (id:name:gm for the GM).",
            highlight=False,
        )


def _viewer(
    store: Store, table: Table, table_id: str, seat: str | None, gm: bool, token: str | None
) -> Viewer:
    if gm and token is not None:
        # checked first: the token names a seat, and "choose one view" would puzzle whoever gave --gm alone
        raise NotPermitted(
            "A seat token shows that seat's own view (the GM's token shows the GM's): leave out --gm."
        )
    if seat is None and token is not None:
        seat = store.authenticate(table_id, token).id
    if seat is not None and gm:
        raise InvalidCommand("Choose one view: --as SEAT or --gm.")
    if seat is None and not gm:
        raise InvalidCommand("Say whose view to show: --as SEAT, or --gm for the GM's.")
    if gm:
        return Viewer.gm()
    assert seat is not None
    table_play.checked_seat(store, table_id, seat, token)
    return table.viewer_for(seat)


# -- commands -----------------------------------------------------------------------------------


@table_app.command("new")
def new_command(
    ruleset: str = typer.Argument(
        ..., help="Rule set name, as capeworks rulesets lists them (bpb, capes, rwyn, weaverdice, ...)."
    ),
    title: str = typer.Option("", "--title", help="The table's name."),
    seat: list[str] = typer.Option([], "--seat", help="A seat as id:name or id:name:gm; repeat for more."),
    config_json: str | None = typer.Option(None, "--config-json", help="Rules config as a JSON object."),
    physical_dice: PhysicalDice = typer.Option(
        PhysicalDice.EVERYONE, "--physical-dice", help="Who may type in the faces of real dice."
    ),
    seed: int | None = typer.Option(
        None,
        "--seed",
        help="For tests and reproducing a bug only: makes every roll predictable. "
        "Without it the table rolls with the operating system's randomness.",
    ),
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Start a table; prints its id and each seat's token (shown only once)."""

    def go() -> dict[str, Any]:
        seats = [parse_seat(s) for s in seat]
        config = table_play.load_json(config_json, "--config-json") if config_json else None
        if config is not None and not isinstance(config, dict):
            raise InvalidCommand("--config-json must be a JSON object.")
        # the table is made (rule set, config and seats checked) before the store is opened: a refused
        # `table new` must not leave a new, empty database file behind
        table = Table.new(
            ruleset,
            title=title,
            config=config,
            seats=seats,
            seed=seed,
            settings={"physical_dice": physical_dice.value},
        )
        with Store(db) as store:
            return _created_payload(store, store.add_table(table))

    payload = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(payload)
        return
    _print_created(payload, "created")


@table_app.command("list")
def list_command(db: str | None = DB_OPTION, json_out: bool = JSON_OPTION) -> None:
    """List the tables in the database, newest first."""

    where = ""

    def go() -> list[dict[str, Any]]:
        nonlocal where
        with Store(db, create=False) as store:
            where = _where(store.url)
            return [r.to_dict() for r in store.list_tables()]

    rows = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(rows)
        return
    if not rows:
        # say which database: a mistyped --db (or a relative path run from elsewhere) is a new, empty one
        console.print(
            f"No tables yet in {safe(where)}. Start one with: capeworks table new RULESET --seat gm:Name:gm",
            highlight=False,
        )
        return
    out = RichTable(title="Tables")
    for column in ("Id", "Title", "Rule set", "Version", "Created"):
        out.add_column(column)
    for r in rows:
        out.add_row(
            safe(r["id"]), safe(r["title"]), safe(r["ruleset"]), str(r["version"]), r["created_at"][:19]
        )
    console.print(out)


@table_app.command("show")
def show_command(
    table_id: str = typer.Argument(..., metavar="TABLE", help="Table id."),
    as_seat: str | None = AS_OPTION,
    gm: bool = GM_OPTION,
    token: str | None = TOKEN_OPTION,
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Show a table as one viewer sees it: seats, state, open prompts and what they may do."""

    acting: list[str] = []

    def go() -> dict[str, Any]:
        with Store(db, create=False) as store:
            table = store.load(table_id)
            viewer = _viewer(store, table, table_id, as_seat, gm, token)
            view = {"id": table_id, **table.view(viewer), "waiting": waiting_on(table.prompts())}
            # the GM's view lists what the GM's seat may do, as --as that seat does
            gm_seat = table.gm_seat() if viewer.is_gm and viewer.seat is None else None
            seat = viewer.seat or (gm_seat.id if gm_seat is not None else None)
            if seat is not None:
                acting.append(seat)
                view["legal"] = [c.model_dump(mode="json") for c in table.legal_commands(seat)]
            return view

    view = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(view)
        return
    who = f"as {as_seat}" if as_seat else ("GM view" if gm else "your view")
    console.print(
        f"[bold]{safe(view['title'] or view['id'])}[/] — {safe(view['ruleset'])}, "
        f"version {view['version']} ({safe(who)})",
        highlight=False,
    )
    seats = RichTable(title="Seats")
    for column in ("Seat", "Name", "Role"):
        seats.add_column(column)
    for s in view["seats"]:
        seats.add_row(safe(s["id"]), safe(s["name"]), s["role"])
    console.print(seats)
    if view["panels"]:
        for panel in view["panels"]:
            console.print(_panel_table(Panel.model_validate(panel)))
    else:
        console.print(JSON.from_data(view["state"]))
    if view["prompts"]:
        prompts = [Prompt.model_validate(p) for p in view["prompts"]]
        console.print(table_play.prompts_table(prompts, title="Open prompts"))
    console.print(table_play.waiting_line(view["waiting"]), highlight=False)
    if view.get("legal"):
        console.print(f"[bold]{safe(acting[0] if acting else '')} may now:[/]", highlight=False)
        for line in table_play.legal_lines([LegalCommand.model_validate(c) for c in view["legal"]]):
            console.print(f"  {safe(line)}", highlight=False)


@table_app.command("log")
def log_command(
    table_id: str = typer.Argument(..., metavar="TABLE", help="Table id."),
    as_seat: str | None = AS_OPTION,
    gm: bool = GM_OPTION,
    token: str | None = TOKEN_OPTION,
    since: int = typer.Option(0, "--since", min=0, help="Only events after this version."),
    limit: int | None = typer.Option(None, "--limit", min=1, help="At most this many events."),
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Show the table's log, one line per event the viewer may see."""

    def go() -> dict[str, Any]:
        with Store(db, create=False) as store:
            table = store.load(table_id)
            viewer = _viewer(store, table, table_id, as_seat, gm, token)
            entries = table.log_view(viewer, since=since, limit=limit)
            events = [table_play.entry_payload(e, viewer) for e in entries]
            return {"id": table_id, "version": table.version, "events": events}

    payload = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(payload)
        return
    console.print(table_play.events_table(payload["events"], title=f"Log of {table_id}"))


REQUEST_ID_OPTION = typer.Option(
    None,
    "--request-id",
    help="An id of your choosing (1-64 letters, digits, -_.:): run again with the same id, "
    "nothing is applied twice.",
)


@table_app.command("do")
def do_command(
    table_id: str = typer.Argument(..., metavar="TABLE", help="Table id."),
    seat: str = typer.Argument(..., metavar="SEAT", help="The acting seat."),
    command: str = typer.Argument(
        ..., metavar="COMMAND", help="A command of the table's rule set, 'answer' or 'undo'."
    ),
    args: list[str] | None = typer.Argument(
        None, metavar="[KEY=VALUE]...", help="Command arguments (for answer: PROMPT OPTION)."
    ),
    payload_json: str | None = typer.Option(
        None, "--payload-json", help="Command arguments as a JSON object (key=value pairs override)."
    ),
    dice: str | None = typer.Option(None, "--dice", help="Physical dice to use, in order: e.g. '4,5,1'."),
    request_id: str | None = REQUEST_ID_OPTION,
    token: str | None = TOKEN_OPTION,
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Run a command for a seat; prints what it may see happen, its prompts and what it may do now."""
    code = table_play.do(
        table_id,
        seat,
        command,
        args or [],
        payload_json=payload_json,
        dice=dice,
        request=request_id,
        token=token,
        db=db,
        json_out=json_out,
    )
    if code:
        raise typer.Exit(code=code)


@table_app.command("undo")
def undo_command(
    table_id: str = typer.Argument(..., metavar="TABLE", help="Table id."),
    seat: str = typer.Option(
        ..., "--seat", help="The seat asking (at a GM's table a player's undo asks the GM)."
    ),
    request_id: str | None = REQUEST_ID_OPTION,
    token: str | None = TOKEN_OPTION,
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Take back the latest command still in effect (or ask the GM to)."""

    def go() -> dict[str, Any]:
        key = table_play.request_id(request_id)
        with Store(db, create=False) as store:
            table_play.checked_seat(store, table_id, seat, token)
            played = store.undo(table_id, seat, request_id=key)
            return table_play.played_payload(played.table, table_id, seat, played.events, played)

    result = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(result)
        return
    table_play.print_played(result, seat)


@table_app.command("join")
def join_command(
    table_id: str = typer.Argument(..., metavar="TABLE", help="Table id."),
    seat: str = typer.Option(..., "--seat", help="The new seat as id:name or id:name:gm."),
    token: str | None = typer.Option(
        None,
        "--token",
        envvar="CAPEWORKS_SEAT_TOKEN",
        help="The token of the seat asking: at a table with a GM, only the GM's seats new people.",
    ),
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Seat someone new at a table; prints the seat's token (shown only once)."""

    def go() -> dict[str, Any]:
        new_seat = parse_seat(seat)
        with Store(db, create=False) as store:
            by = store.authenticate(table_id, token).id if token is not None else None
            joined = store.join(table_id, new_seat, by=by)
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
    console.print(
        f"{safe(s['name'])} joined table {safe(table_id)} as {safe(s['id'])} ({s['role']}).",
        highlight=False,
    )
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
        with Store(db, create=False) as store:
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
    console.print(
        f"Exported table {safe(table_id)} ({summary['events']} events) to {safe(str(output))}.",
        highlight=False,
    )


@table_app.command("import")
def import_command(
    file: str = typer.Argument(..., metavar="FILE", help="An export document ('-' reads stdin)."),
    keep_id: bool = typer.Option(False, "--keep-id", help="Keep the table's id (refused if it is taken)."),
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Import an exported table; its log is replayed to check it, seats get new tokens."""

    def go() -> dict[str, Any]:
        # read one byte past the limit, so a larger file is refused without reading it all
        if file == "-":
            raw: str | bytes = sys.stdin.read(MAX_DOCUMENT_BYTES + 1)
        else:
            try:
                with Path(file).open("rb") as f:
                    raw = f.read(MAX_DOCUMENT_BYTES + 1)
            except OSError as e:
                raise InvalidCommand(f"Cannot read {file}: {e.strerror}.") from None
        document = load_document(raw)
        with Store(db) as store:
            return _created_payload(store, store.import_(document, keep_id=keep_id))

    payload = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(payload)
        return
    _print_created(payload, "imported")


@table_app.command("verify")
def verify_command(
    table_id: str = typer.Argument(..., metavar="TABLE", help="Table id."),
    db: str | None = DB_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Check a table's whole log against its hash chain, and its seats and snapshots against a replay."""

    def go() -> dict[str, Any]:
        with Store(db, create=False) as store:
            return store.verify(table_id).to_dict()

    result = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(result)
        return
    stale = result["stale_snapshots"]
    ignored = f" ({stale} more from an older rule set are ignored)" if stale else ""
    console.print(
        f"Table {safe(table_id)} is intact: {result['events']} events, each matching its hash "
        f"(chain head {result['head'][:16]}…); "
        f"{result['snapshots'] - stale} snapshots agree with a replay{ignored}.",
        highlight=False,
    )
