"""What the store hands back: a table's row, a new table's tokens, a command written, a verify report.

Plain frozen records, and the seat-token helpers (the store keeps only a
token's sha256). :func:`row` reads a table's row on the caller's connection.
"""

from __future__ import annotations

import hashlib
import secrets
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from capeworks.engine import Event, Table
from capeworks.store import rows
from capeworks.store.connection import Connection, read_time

__all__ = [
    "CreatedTable",
    "Joined",
    "Landed",
    "Played",
    "TableRecord",
    "Verified",
    "hash_token",
    "hashed",
    "new_table_id",
    "new_token",
    "record",
    "row",
]


def new_token() -> str:
    """A fresh secret seat token (256 bits, URL-safe), never starting with "-".

    A token is typed on command lines (``table do ... --token TOKEN``), where a word starting
    with "-" reads as an option: Click takes it as the value, but the quick start (and argparse,
    and many a script) would not. One token in 64 began so; those are drawn again.
    """
    while (token := secrets.token_urlsafe(32)).startswith("-"):
        pass
    return token


def hash_token(token: str) -> str:
    """The sha256 hex digest the store keeps instead of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


_ID_ALPHABET = string.ascii_letters + string.digits


def new_table_id() -> str:
    # 12 letters and digits (~71 bits): URL-safe, and never starting with "-",
    # which a command line would take for an option
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(12))


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table as listed: its row, without the log."""

    id: str
    title: str
    ruleset: str
    created_at: datetime
    version: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (used by the export and ``--json``)."""
        return {
            "id": self.id,
            "title": self.title,
            "ruleset": self.ruleset,
            "created_at": self.created_at.isoformat(),
            "version": self.version,
        }


@dataclass(frozen=True, slots=True)
class CreatedTable:
    """A new (or imported) table: its id and each seat's token, shown this once."""

    id: str
    version: int
    tokens: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Landed:
    """A command sent with a request id that was written: the versions before and after it."""

    request_id: str
    seat: str
    before: int
    version: int


@dataclass(frozen=True, slots=True)
class Played:
    """A command written to the log: its events, and the table as it now stands (no reload needed).

    With a request id, ``landed`` is its record; ``replayed`` says the id had landed
    before, so nothing was applied this time (``events`` is empty).
    """

    table: Table
    events: list[Event]
    landed: Landed | None = None
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class Verified:
    """What :meth:`Store.verify` checked: every event's hash, the head of the chain, the snapshots."""

    id: str
    events: int
    head: str
    snapshots: int
    stale_snapshots: int = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``table verify --json``)."""
        return {
            "id": self.id,
            "events": self.events,
            "head": self.head,
            "snapshots": self.snapshots,
            "stale_snapshots": self.stale_snapshots,
        }


@dataclass(frozen=True, slots=True)
class Joined:
    """A seat that joined: the events written, its token (shown this once) and the table as it now stands."""

    events: list[Event]
    token: str
    table: Table


def row(connection: Connection, table_id: str) -> TableRecord:
    """The table's row, or NotFound."""
    found = connection.first(rows.TABLE_ROW, {"table_id": table_id})
    if found is None:
        raise rows.not_found(table_id)
    return record(found)


def hashed(tokens: Mapping[str, str]) -> dict[str, str]:
    """Seat id -> the sha256 of its token: what the seat rows keep."""
    return {seat_id: hash_token(token) for seat_id, token in tokens.items() if token}


def record(found: tuple[Any, ...]) -> TableRecord:
    """A ``tables`` row read with the columns of :data:`capeworks.store.rows.TABLE_ROW`, as a record."""
    table_id, title, ruleset, created, version = found
    # SQLite keeps naive UTC text; the store only ever writes UTC
    return TableRecord(
        id=table_id, title=title, ruleset=ruleset, created_at=read_time(created), version=int(version)
    )
