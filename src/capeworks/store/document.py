"""The export format: one JSON document holding a whole table, versioned, its log hash-chained.

::

    {"format": "capeworks.table", "version": 2,
     "table": {"id", "title", "ruleset", "created_at", "version"},
     "config": {...}, "seats": [{"id", "name", "role"}, ...],
     "log": [Event, ...], "chain": ["<sha256 hex>", ...]}

The log is the truth; ``chain`` holds each event's link in the table's hash
chain (:mod:`capeworks.store.chain`), so an edited event is named on import.
``table``, ``config`` and ``seats`` are there for people and other tools to
read, and :func:`check_document` refuses a document whose log does not replay
to them. Seat tokens are never exported.

An import is untrusted input and is held to the limits a command is: no event
larger than a command can make it (:data:`MAX_EVENT_BYTES`, from the engine's
16 KiB payload limit, and at most as many dice as one command may roll), JSON
nested no deeper than :data:`MAX_DEPTH`, the whole document at most
:data:`MAX_DOCUMENT_BYTES`; exactly one ``table.created``, first; sequence
numbers 1, 2, 3 …; a table id like the ones the store makes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from capeworks.engine import Event, Ruleset, Seat, Table
from capeworks.engine.dice_service import MAX_DICE_PER_COMMAND
from capeworks.engine.table import CREATED, MAX_PAYLOAD_BYTES, describe_validation_error
from capeworks.errors import CapeworksError, InvalidCommand, LimitExceeded, UnreadableEvent
from capeworks.store import chain

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_DEPTH",
    "MAX_DOCUMENT_BYTES",
    "MAX_EVENT_BYTES",
    "TABLE_ID_PATTERN",
    "ExportDocument",
    "TableInfo",
    "check_document",
    "load_document",
    "parse_document",
]

FORMAT_NAME = "capeworks.table"
FORMAT_VERSION = 2

#: one event: a command's payload (the engine's limit) plus as much again for what the engine adds
MAX_EVENT_BYTES = 2 * MAX_PAYLOAD_BYTES
#: how deep JSON may nest anywhere in a document (an event's data sits 4 levels down)
MAX_DEPTH = 64
#: the whole document, as read from a file
MAX_DOCUMENT_BYTES = 64 * 1024 * 1024
#: table ids as the store makes them: letters and digits, never an option or a path
TABLE_ID_PATTERN = r"^[A-Za-z0-9]{1,32}$"

_EDITED = "the export was changed after it was written"

_STRICT = ConfigDict(frozen=True, extra="forbid")


class TableInfo(BaseModel):
    """The table's row: id, title, ruleset, when it was created, its version."""

    model_config = _STRICT

    id: str = Field(pattern=TABLE_ID_PATTERN)
    title: str = Field(default="", max_length=200)
    ruleset: str = Field(min_length=1, max_length=64)
    created_at: datetime
    version: int = Field(ge=1)


class ExportDocument(BaseModel):
    """A whole table as one document (see the module docstring)."""

    model_config = _STRICT

    format: Literal["capeworks.table"] = "capeworks.table"
    version: Literal[2] = 2
    table: TableInfo
    config: dict[str, Any]
    seats: list[Seat]
    log: list[Event] = Field(min_length=1)
    chain: list[str] = Field(min_length=1)


def load_document(text: str | bytes) -> Any:
    """Decode an export's JSON text within the size and depth limits (LimitExceeded past them)."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_DOCUMENT_BYTES:
        raise LimitExceeded(f"That export is larger than the limit of {MAX_DOCUMENT_BYTES} bytes.")
    try:
        return json.loads(text)
    except RecursionError:
        raise _too_deep() from None
    except ValueError as e:
        detail = f"{e.msg} at line {e.lineno}" if isinstance(e, json.JSONDecodeError) else "bad text"
        raise InvalidCommand(f"That export is not valid JSON ({detail}).") from None


def parse_document(raw: Mapping[str, Any] | Any) -> ExportDocument:
    """Validate a decoded document and its hash chain; InvalidCommand or LimitExceeded says why not."""
    if not isinstance(raw, Mapping):
        raise InvalidCommand("A capeworks table export must be a JSON object.")
    if raw.get("format") != FORMAT_NAME:
        raise InvalidCommand(f"This is not a capeworks table export (format is not {FORMAT_NAME!r}).")
    if raw.get("version") != FORMAT_VERSION:
        raise InvalidCommand(
            f"This export is format version {raw.get('version')!r}; "
            f"this capeworks reads version {FORMAT_VERSION}."
        )
    _check_depth(raw)
    log = raw.get("log")
    if isinstance(log, Sequence):
        _check_sizes(log)
    try:
        document = ExportDocument.model_validate(dict(raw))
    except ValidationError as e:
        raise InvalidCommand(describe_validation_error("the table export", e)) from None
    _check_chain(raw["log"], document.chain)
    return document


def _too_deep() -> LimitExceeded:
    return LimitExceeded(f"That export nests deeper than {MAX_DEPTH} levels, more than any table needs.")


def _check_depth(raw: Any) -> None:
    """Walk without recursion, so a hostile document cannot exhaust the stack."""
    stack: list[tuple[Any, int]] = [(raw, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _too_deep()
        if isinstance(value, Mapping):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list | tuple):
            stack.extend((v, depth + 1) for v in value)


def _check_sizes(log: Sequence[Any]) -> None:
    for index, entry in enumerate(log, start=1):
        size = len(chain.canonical(entry)) if isinstance(entry, Mapping) else 0
        if size > MAX_EVENT_BYTES:
            raise LimitExceeded(
                f"Event {index} of the export is too large ({size} bytes); no command can make an event "
                f"over {MAX_EVENT_BYTES} bytes."
            )
        rolls = entry.get("rolls") if isinstance(entry, Mapping) else None
        dice = (
            sum(len(r.get("faces") or ()) for r in rolls if isinstance(r, Mapping))
            if isinstance(rolls, list)
            else 0
        )
        if dice > MAX_DICE_PER_COMMAND:
            raise LimitExceeded(
                f"Event {index} of the export rolls {dice} dice; one action may roll at most "
                f"{MAX_DICE_PER_COMMAND}."
            )


def _check_chain(log: Sequence[Mapping[str, Any]], hashes: Sequence[str]) -> None:
    if len(hashes) != len(log):
        raise InvalidCommand(
            f"The export's chain has {len(hashes)} hashes for {len(log)} events; it was changed after it was "
            "written."
        )
    rows = (chain.StoredEvent(int(e.get("seq", 0)), e, h) for e, h in zip(log, hashes, strict=True))
    try:
        chain.check(rows, where="the export", because=_EDITED)
    except chain.ChainBroken as e:
        raise InvalidCommand(e.message) from None


def check_document(document: ExportDocument, resolve: Callable[[str], Ruleset[Any, Any]]) -> Table:
    """Replay the document's log and check it agrees with the rest; returns the table."""
    log = document.log
    if log[0].type != CREATED:
        raise InvalidCommand("The exported log must start with a table.created event.")
    for expected, event in enumerate(log, start=1):
        if event.seq != expected:
            raise InvalidCommand(f"The exported log skips or repeats: event {expected} has seq {event.seq}.")
        if expected > 1 and event.type == CREATED:
            raise InvalidCommand(
                f"The exported log creates its table twice: event {expected} is a second {CREATED}."
            )
    named = str(log[0].data.get("ruleset", ""))
    if named != document.table.ruleset:
        raise InvalidCommand(
            f"The export says ruleset {document.table.ruleset!r} but its log was played with {named!r}."
        )
    ruleset = resolve(named)
    try:
        table = Table(ruleset, log)
    except UnreadableEvent as e:  # written by another release: named as such, not as a bad log
        raise InvalidCommand(e.of_log("the export").message) from None
    except Exception:  # untrusted input: any failure of the fold means a bad log
        raise _not_replaying(ruleset, log) from None
    if document.table.version != table.version:
        raise InvalidCommand(
            f"The export says version {document.table.version} but its log has {table.version} events."
        )
    if list(table.seats) != list(document.seats):
        raise InvalidCommand("The export's seats differ from the seats its log creates.")
    try:
        config = ruleset.parse_config(document.config).model_dump(mode="json")
    except ValidationError as e:
        raise InvalidCommand(describe_validation_error("the exported config", e)) from None
    if table.config.model_dump(mode="json") != config:
        raise InvalidCommand("The export's config differs from the config its log was played with.")
    return table


def _not_replaying(ruleset: Ruleset[Any, Any], log: Sequence[Event]) -> InvalidCommand:
    """Replay event by event to name the first one the fold refuses (only after a failed replay)."""
    table: Table | None = None
    for event in log:
        try:
            if table is None:
                table = Table(ruleset, [event])
            else:
                table.commit([event])
        except CapeworksError as e:
            return InvalidCommand(
                f"The exported log does not replay: event {event.seq} fails ({e.message.rstrip('.')})."
            )
        except Exception as e:  # untrusted input: any failure of the fold means a bad log
            return InvalidCommand(
                f"The exported log does not replay: event {event.seq} fails ({type(e).__name__})."
            )
    return InvalidCommand("The exported log does not replay.")
