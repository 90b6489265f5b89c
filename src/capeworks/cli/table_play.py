"""What ``capeworks table do`` does once its arguments are read, without Typer.

The Typer command (:mod:`capeworks.cli.table_commands`) and the quick start
(:mod:`capeworks.cli.launch`) both call :func:`do`, so the two print the same
bytes and exit with the same codes; Typer and its pydantic adapters cost a
command at a table about a sixth of its start-up. The renderers here are
shared with ``table show``, ``log`` and ``undo``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from rich.table import Table as RichTable

from capeworks.cli.terminal import console, emit_json, report, safe
from capeworks.engine import Command, LegalCommand, Prompt, Table, Viewer
from capeworks.engine.model import LogEntry, waiting_on
from capeworks.errors import CapeworksError, InvalidCommand, NotPermitted
from capeworks.store import Played, Store

__all__ = [
    "checked_seat",
    "do",
    "entry_payload",
    "events_table",
    "legal_lines",
    "load_json",
    "parse_assignments",
    "parse_dice",
    "played_payload",
    "print_played",
    "prompts_table",
    "request_id",
]

#: a client-chosen request id (as the web table's Idempotency-Key)
_REQUEST_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")


# -- parsing ------------------------------------------------------------------------------------


def load_json(text: str, what: str) -> Any:
    """``text`` read as JSON, or an InvalidCommand naming ``what`` and where it stops being JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise InvalidCommand(f"{what} is not valid JSON: {e.msg} at column {e.colno}.") from None


def parse_assignments(pairs: Sequence[str], payload_json: str | None, *, command: str = "") -> dict[str, Any]:
    """``key=value`` pairs (values read as JSON when they parse, else as text) over ``--payload-json``.

    For ``answer``, bare words are the prompt and then the chosen option(s):
    ``answer check-1:sacrifice 0``.
    """
    payload: dict[str, Any] = {}
    if payload_json:
        loaded = load_json(payload_json, "--payload-json")
        if not isinstance(loaded, dict):
            raise InvalidCommand("--payload-json must be a JSON object, like '{\"dice\": 2}'.")
        payload.update(loaded)
    bare: list[str] = []
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            if command == "answer":
                bare.append(pair)
                continue
            raise InvalidCommand(f"Cannot read {pair!r}: command arguments are key=value.")
        try:
            payload[key] = json.loads(raw)
        except json.JSONDecodeError:
            payload[key] = raw
    if bare:
        payload.setdefault("prompt", bare[0])
        if len(bare) == 2:
            payload.setdefault("option", bare[1])
        elif len(bare) > 2:
            payload.setdefault("option", bare[1:])
    return payload


def parse_dice(text: str | None) -> list[int] | None:
    """``"4,5,1"`` -> ``[4, 5, 1]`` (physical dice, used in order)."""
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",")]
    if not all(re.fullmatch(r"[0-9]{1,4}", p) for p in parts):
        raise InvalidCommand(
            f"Cannot read dice {safe(text)!r}: give whole numbers separated by commas, like 4,5,1."
        )
    return [int(p) for p in parts]


def request_id(value: str | None) -> str | None:
    """A ``--request-id`` as given, refused unless it is 1-64 letters, digits or ``-_.:``."""
    if value is not None and _REQUEST_ID.fullmatch(value) is None:
        raise InvalidCommand("A --request-id is 1-64 letters, digits or '-_.:'.", field="request_id")
    return value


def checked_seat(store: Store, table_id: str, seat: str, token: str | None) -> None:
    """With a token, the seat named must be the token's."""
    if token is None:
        return
    if store.authenticate(table_id, token).id != seat:
        raise NotPermitted("That seat token belongs to another seat.")


# -- rendering ----------------------------------------------------------------------------------


def entry_payload(entry: LogEntry, viewer: Viewer) -> dict[str, Any]:
    """One log entry as ``--json`` shows it: what the web table sends that seat
    (:meth:`LogEntry.as_words`), and for the GM the raw event as well. A player never gets the raw
    event: a public event records every field it changed, GM-only ones among them."""
    out = entry.as_words()
    if any(r.given for r in entry.description.rolls):
        out["text"] += " (dice typed in)"
    if viewer.is_gm:
        out["event"] = entry.event.model_dump(mode="json")
    return out


def events_table(rows: list[dict[str, Any]], *, title: str | None = None) -> RichTable:
    """Log entries (as :func:`entry_payload` gives them) as a Rich table."""
    out = RichTable(title=safe(title) if title else None)
    out.add_column("#", justify="right", style="dim")
    out.add_column("Seat", style="cyan")
    out.add_column("Event")
    for row in rows:
        text = safe(row["text"]) + (" [dim](undone)[/]" if row["undone"] else "")
        out.add_row(str(row["seq"]), safe(row["seat"] or ""), text)
    return out


def prompts_table(prompts: Sequence[Prompt], *, title: str) -> RichTable:
    """Open prompts as a Rich table."""
    out = RichTable(title=safe(title))
    # the id is what the person types after `answer`: never cut short ("effect-steeltoe-w1-n…")
    out.add_column("Prompt", no_wrap=True)
    out.add_column("For")
    # the words give way instead, and fold only a word longer than their column
    out.add_column("Question", ratio=1, overflow="fold")
    out.add_column("Answers", ratio=1, overflow="fold")
    for p in prompts:
        answers = ", ".join(
            f"{o.value} ({o.label})" if o.label and o.label != o.value else o.value for o in p.options
        )
        if p.free is not None:
            own = "your own words" if not p.free.many else f"{p.min_choices} of your own or suggested"
            answers = f"{answers}, or {own}" if answers else own
        out.add_row(
            safe(p.id),
            safe(p.addressee),
            safe(p.question or p.kind),
            safe(answers or "any of your moves"),
        )
    return out


def legal_lines(legal: Sequence[LegalCommand]) -> list[str]:
    """One line per legal command: its name, fixed arguments and label."""
    lines = []
    for c in legal:
        fixed = " ".join(f"{k}={json.dumps(v) if not isinstance(v, str) else v}" for k, v in c.fixed.items())
        lines.append(f"{c.command} {fixed}".strip() + (f"  — {c.label}" if c.label else ""))
    return lines


def waiting_line(waiting: Sequence[str]) -> str:
    """Who the table waits on (:func:`waiting_on`), as one line of text."""
    return f"Waiting for: {safe(', '.join(waiting))}" if waiting else "Waiting for: nobody"


def _print_legal(seat: str, legal: Sequence[LegalCommand], waiting: Sequence[str]) -> None:
    if waiting:
        console.print(waiting_line(waiting), highlight=False)
    if legal:
        console.print(f"[bold]{safe(seat)} may now:[/]", highlight=False)
        for line in legal_lines(legal[:20]):
            console.print(f"  {safe(line)}", highlight=False)
        if len(legal) > 20:
            console.print(f"  … and {len(legal) - 20} more (--json lists them all)", highlight=False)


def played_payload(
    table: Table, table_id: str, seat: str, events: Sequence[Any], played: Played | None = None
) -> dict[str, Any]:
    """What ``do`` and ``undo`` show the acting seat: its view of the new events, prompts and moves."""
    viewer = table.viewer_for(seat)
    first = events[0].seq - 1 if events else table.version
    version = table.version
    landed = played.landed if played is not None else None
    if played is not None and played.replayed and landed is not None:
        # a retry: nothing was applied; show what the first landing did
        first, version = landed.before, landed.version
    entries = [e for e in table.log_view(viewer, since=first) if e.seq <= version]
    out = {
        "id": table_id,
        "version": version,
        "events": [entry_payload(e, viewer) for e in entries],
        "prompts": [p.model_dump(mode="json") for p in table.prompts(viewer)],
        "legal": [c.model_dump(mode="json") for c in table.legal_commands(seat)],
        # who the table waits on, as the text's "Waiting for:" line and `show --json` say it
        "waiting": waiting_on(table.prompts()),
    }
    if landed is not None and played is not None:
        out |= {"request_id": landed.request_id, "replayed": played.replayed}
    return out


def print_played(result: dict[str, Any], seat: str) -> None:
    """:func:`played_payload` as text."""
    if result.get("replayed"):
        # a retry: say so, or the first landing's events read as if they had just happened again
        console.print(
            f"Request {safe(result['request_id'])} was already applied (version {result['version']});"
            " nothing was applied again. What it did:",
            highlight=False,
        )
    console.print(events_table(result["events"]))
    if result["prompts"]:
        prompts = [Prompt.model_validate(p) for p in result["prompts"]]
        console.print(prompts_table(prompts, title="Open prompts"))
    _print_legal(seat, [LegalCommand.model_validate(c) for c in result["legal"]], result["waiting"])


# -- the command --------------------------------------------------------------------------------


def do(
    table_id: str,
    seat: str,
    command: str,
    args: Sequence[str],
    *,
    payload_json: str | None,
    dice: str | None,
    request: str | None,
    token: str | None,
    db: str | None,
    json_out: bool,
) -> int:
    """Run ``command`` for ``seat`` and print what it may see happen; returns the exit code (2 after an
    error line)."""
    try:
        payload = parse_assignments(args, payload_json, command=command)
        cmd = Command(type=command, seat=seat, payload=payload)
        key = request_id(request)
        with Store(db, create=False) as store:  # a table to act at must exist
            checked_seat(store, table_id, seat, token)
            played = store.execute(table_id, cmd, dice=parse_dice(dice), request_id=key)
            result = played_payload(played.table, table_id, seat, played.events, played)
    except CapeworksError as e:
        report(e, as_json=json_out)
        return 2
    if json_out:
        emit_json(result)
    else:
        print_played(result, seat)
    return 0
