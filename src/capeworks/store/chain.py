"""The hash chain that makes a table's log tamper-evident.

Each stored event carries ``sha256(previous hash + canonical JSON of the
event)``, hex; the first event links to :data:`GENESIS`. Canonical JSON is the
event exactly as stored (``Event.model_dump(mode="json")``) with sorted keys,
compact separators and UTF-8 text, so the same event hashes the same on SQLite,
PostgreSQL and in an export.

Editing, deleting or reordering an event breaks the chain from that event on.
The chain holds no secret: someone who rewrites every later hash as well is
not stopped, only a careless or naive edit is caught (see docs/store.md).

:func:`check` walks rows as read from the database (or an export) and raises
:class:`~capeworks.errors.StoreUnavailable` naming the first bad event: a
gap in the sequence, a row that is not valid JSON or not an object, or a hash
that does not follow. A row whose hash follows but that is not an event this
release can read (a newer release's, say) raises
:class:`~capeworks.errors.UnreadableEvent` instead: it is as it was written.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from capeworks.engine import Event
from capeworks.engine.upcast import unreadable_record
from capeworks.errors import StoreUnavailable

__all__ = [
    "DAMAGED",
    "GENESIS",
    "ChainBroken",
    "Damaged",
    "StoredEvent",
    "canonical",
    "check",
    "check_head",
    "link",
    "links",
    "walk",
]

#: what a broken chain in the database most likely means
DAMAGED = "the database was changed outside capeworks; restore it from a backup"

#: the "previous hash" of a table's first event
GENESIS = "0" * 64


class Damaged(StoreUnavailable):
    """The database holds something capeworks never wrote: retrying cannot help, an operator must look."""


class ChainBroken(Damaged):
    """A log whose chain does not hold; ``seq`` is the first bad event."""

    def __init__(self, message: str, *, seq: int) -> None:
        super().__init__(message)
        self.seq = seq


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One events row as read: its sequence number, payload (JSON text or decoded) and stored hash."""

    seq: int
    payload: str | Mapping[str, Any]
    hash: str | None


def canonical(payload: Mapping[str, Any]) -> bytes:
    """The bytes an event is hashed as: sorted keys, no spaces, UTF-8."""
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def link(previous: str, payload: Mapping[str, Any]) -> str:
    """The hash of an event following the event whose hash is ``previous``."""
    return hashlib.sha256(previous.encode("ascii") + canonical(payload)).hexdigest()


def links(payloads: Iterable[Mapping[str, Any]], *, previous: str = GENESIS) -> Iterator[str]:
    """The chained hashes of consecutive events, starting after ``previous``."""
    for payload in payloads:
        previous = link(previous, payload)
        yield previous


def check(
    rows: Iterable[StoredEvent],
    *,
    where: str,
    because: str = DAMAGED,
    previous: str = GENESIS,
    first: int = 1,
    last: int | None = None,
) -> list[Event]:
    """The events of ``rows`` if they run ``first``, ``first + 1`` … with an unbroken chain.

    ``where`` names the log in messages (``"table 'abc'"``), ``because`` says
    what probably happened; ``previous`` is the
    stored hash of the event before ``first``; ``last``, when given, is the
    sequence number the log must reach (the table's version), so a missing
    final event is named as well.
    """
    events: list[Event] = []
    expected = first
    for row in rows:
        if row.seq != expected:
            raise _gap(where, expected, because)
        payload = _decoded(row, where, because)
        if row.hash is None or link(previous, payload) != row.hash:
            raise _mismatch(row.seq, where, because)
        try:
            event = Event.model_validate(payload)
        except ValidationError as e:
            # stored exactly as written (its hash follows): another release's event, not damage
            raise unreadable_record(row.seq, payload, e).of_log(where) from None
        if event.seq != row.seq:
            message = f"Event {row.seq} of {where} says it is event {event.seq} ({because})."
            raise ChainBroken(message, seq=row.seq)
        events.append(event)
        previous = row.hash
        expected += 1
    if last is not None and expected <= last:
        raise _gap(where, expected, because)
    return events


def walk(
    rows: Iterable[StoredEvent],
    *,
    where: str,
    previous: str = GENESIS,
    first: int = 1,
    last: int | None = None,
) -> str:
    """Check the links of ``rows`` only (no event is parsed as an event); returns the last hash.

    The cheap whole-log check a running server repeats: an event edited, deleted
    or unreadable anywhere behind the part a load reads is found without folding it.
    """
    expected = first
    for row in rows:
        if row.seq != expected:
            raise _gap(where, expected, DAMAGED)
        if row.hash is None or link(previous, _decoded(row, where, DAMAGED)) != row.hash:
            raise _mismatch(row.seq, where, DAMAGED)
        previous = row.hash
        expected += 1
    if last is not None and expected <= last:
        raise _gap(where, expected, DAMAGED)
    return previous


def check_head(row: StoredEvent, *, previous: str, known: str, where: str) -> None:
    """The event a fold stands at, as read before appending to it: still the one the fold read or wrote.

    ``previous`` is the stored hash of the event before it, ``known`` the hash this
    process saw for it. An edit of its payload, a rehash of it, or an edit of the
    event before it (a "careless rehash" that kept the chain whole) is named here.
    """
    if row.hash is None or link(previous, _decoded(row, where, DAMAGED)) != row.hash:
        raise _mismatch(row.seq, where, DAMAGED)
    if row.hash != known:
        raise ChainBroken(
            f"Event {row.seq} of {where} is not the event this server last read or wrote there: "
            f"it was changed and its hash written anew ({DAMAGED}).",
            seq=row.seq,
        )


def _mismatch(seq: int, where: str, because: str) -> ChainBroken:
    return ChainBroken(
        f"Event {seq} of {where} does not match its hash: it or the event before it was changed ({because}).",
        seq=seq,
    )


def _gap(where: str, seq: int, because: str) -> ChainBroken:
    return ChainBroken(f"The log of {where} has a gap: event {seq} is missing ({because}).", seq=seq)


def _decoded(row: StoredEvent, where: str, because: str) -> Mapping[str, Any]:
    payload: Any = row.payload
    if isinstance(payload, str | bytes):
        try:
            payload = json.loads(payload)
        except (ValueError, RecursionError):
            raise ChainBroken(
                f"Event {row.seq} of {where} is not valid JSON ({because}).", seq=row.seq
            ) from None
    if not isinstance(payload, Mapping):
        raise ChainBroken(f"Event {row.seq} of {where} is not a readable event ({because}).", seq=row.seq)
    return payload
