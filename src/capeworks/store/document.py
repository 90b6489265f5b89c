"""The export format: one JSON document holding a whole table, versioned.

::

    {"format": "capeworks.table", "version": 1,
     "table": {"id", "title", "ruleset", "created_at", "version"},
     "config": {...}, "seats": [{"id", "name", "role"}, ...],
     "log": [Event, ...]}

The log is the truth; ``table``, ``config`` and ``seats`` are there for people
and other tools to read, and :func:`check_document` refuses a document whose
log does not replay to them. Seat tokens are never exported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from capeworks.engine import Event, Ruleset, Seat, Table
from capeworks.engine.table import CREATED, describe_validation_error
from capeworks.errors import CapeworksError, InvalidCommand

__all__ = ["FORMAT_NAME", "FORMAT_VERSION", "ExportDocument", "TableInfo", "check_document", "parse_document"]

FORMAT_NAME = "capeworks.table"
FORMAT_VERSION = 1

_STRICT = ConfigDict(frozen=True, extra="forbid")


class TableInfo(BaseModel):
    """The table's row: id, title, ruleset, when it was created, its version."""

    model_config = _STRICT

    id: str = Field(min_length=1, max_length=32)
    title: str = Field(default="", max_length=200)
    ruleset: str = Field(min_length=1, max_length=64)
    created_at: datetime
    version: int = Field(ge=1)


class ExportDocument(BaseModel):
    """A whole table as one document (see the module docstring)."""

    model_config = _STRICT

    format: Literal["capeworks.table"] = "capeworks.table"
    version: Literal[1] = 1
    table: TableInfo
    config: dict[str, Any]
    seats: list[Seat]
    log: list[Event] = Field(min_length=1)


def parse_document(raw: Mapping[str, Any] | Any) -> ExportDocument:
    """Validate a decoded JSON document; InvalidCommand says what is wrong."""
    if not isinstance(raw, Mapping):
        raise InvalidCommand("A capeworks table export must be a JSON object.")
    if raw.get("format") != FORMAT_NAME:
        raise InvalidCommand(f"This is not a capeworks table export (format is not {FORMAT_NAME!r}).")
    if raw.get("version") != FORMAT_VERSION:
        raise InvalidCommand(
            f"This export is format version {raw.get('version')!r}; "
            f"this capeworks reads version {FORMAT_VERSION}."
        )
    try:
        return ExportDocument.model_validate(dict(raw))
    except ValidationError as e:
        raise InvalidCommand(describe_validation_error("the table export", e)) from None


def check_document(document: ExportDocument, resolve: Callable[[str], Ruleset[Any, Any]]) -> Table:
    """Replay the document's log and check it agrees with the rest; returns the table."""
    log = document.log
    if log[0].type != CREATED:
        raise InvalidCommand("The exported log must start with a table.created event.")
    for expected, event in enumerate(log, start=1):
        if event.seq != expected:
            raise InvalidCommand(f"The exported log skips or repeats: event {expected} has seq {event.seq}.")
    named = str(log[0].data.get("ruleset", ""))
    if named != document.table.ruleset:
        raise InvalidCommand(
            f"The export says ruleset {document.table.ruleset!r} but its log was played with {named!r}."
        )
    ruleset = resolve(named)
    try:
        table = Table(ruleset, log)
    except CapeworksError as e:
        raise InvalidCommand(f"The exported log does not replay: {e.message}") from None
    except Exception as e:  # untrusted input: any failure of the fold means a bad log
        raise InvalidCommand(f"The exported log does not replay ({type(e).__name__}: {e}).") from None
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
