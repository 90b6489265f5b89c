"""``table verify``: a table's whole hash chain, its seats, and every snapshot against a replay of its log.

What a load does not read (the events behind the latest snapshot, every
snapshot's content) is checked here; the first thing that does not hold is
named in one sentence.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from capeworks.engine import Event, Ruleset, Table
from capeworks.errors import CapeworksError, StoreUnavailable, UnreadableEvent
from capeworks.store import chain, rows
from capeworks.store import snapshot as snapshots
from capeworks.store.connection import Connection
from capeworks.store.records import Verified, row

__all__ = ["replayed", "verify", "version_damage"]


def verify(connection: Connection, table_id: str, resolve: Callable[[str], Ruleset[Any, Any]]) -> Verified:
    """Check a table's whole hash chain, its seats, and every snapshot against a replay of the log.

    Raises StoreUnavailable (a :class:`~capeworks.store.chain.ChainBroken`
    for the log) naming the first thing that does not hold. A snapshot
    written by an older version of the ruleset is counted as stale, not
    wrong: loading ignores it.
    """
    where = f"table {table_id!r}"
    found = row(connection, table_id)
    ruleset = resolve(found.ruleset)
    log = rows.chained_events(connection, table_id, last=found.version)
    hashes = [
        digest for (digest,) in connection.rows(rows.EVENT_HASHES, {"table_id": table_id, "upto": len(log)})
    ]
    head = hashes[-1] if hashes else chain.GENESIS
    seat_rows = [tuple(found) for found in connection.rows(rows.SEAT_ROWS, {"table_id": table_id})]
    stored = [
        (int(version), json.loads(state))
        for version, state in connection.rows(rows.SNAPSHOT_ROWS, {"table_id": table_id})
    ]
    if len(log) != found.version:
        raise StoreUnavailable(
            f"The row of {where} says version {found.version} but its log has {len(log)} events "
            f"({chain.DAMAGED})."
        )
    if not log:
        raise StoreUnavailable(f"The log of {where} is empty ({chain.DAMAGED}).")
    table = replayed(ruleset, log, where)
    if sorted(seat_rows) != sorted((s.id, s.name, s.role.value) for s in table.seats):
        raise StoreUnavailable(
            f"The seats of {where} differ from the seats its log creates ({chain.DAMAGED})."
        )
    stale = _check_snapshots(ruleset, log, hashes, stored, where)
    return Verified(id=table_id, events=len(log), head=head, snapshots=len(stored), stale_snapshots=stale)


def version_damage(connection: Connection, table_id: str) -> None:
    """Raise :class:`~capeworks.store.chain.Damaged` when the table's row and its log disagree on its version.

    A ``tables.version`` edited below its log would otherwise refuse every command as a
    race ("reload and try again") forever (issue 21, defect 8).
    """
    found = row(connection, table_id)
    last = connection.scalar(rows.LAST_SEQ, {"table_id": table_id})
    if (last or 0) != found.version:
        raise chain.Damaged(
            f"The row of table {table_id!r} says version {found.version} but its log reaches event "
            f"{last or 0} ({chain.DAMAGED})."
        )


def replayed(ruleset: Ruleset[Any, Any], log: Sequence[Event], where: str) -> Table:
    """The table its log makes, or StoreUnavailable naming why it does not replay."""
    try:
        return Table(ruleset, log)
    except UnreadableEvent as e:  # written by another release: readable with an upcaster, not damaged
        raise e.of_log(where) from None
    except CapeworksError as e:
        raise StoreUnavailable(
            f"The log of {where} does not replay: {e.message.rstrip('.')} ({chain.DAMAGED})."
        ) from e
    except Exception as e:  # a chained log that does not fold: written by other code, or a bug
        raise StoreUnavailable(
            f"The log of {where} does not replay ({type(e).__name__}; {chain.DAMAGED})."
        ) from e


def _check_snapshots(
    ruleset: Ruleset[Any, Any],
    log: Sequence[Event],
    hashes: Sequence[str],
    stored: Sequence[tuple[int, dict[str, Any]]],
    where: str,
) -> int:
    """Compare each snapshot with the replay at its version; returns how many are stale (older ruleset)."""
    stale = 0
    table: Table | None = None
    for version, state in stored:
        if not 1 <= version <= len(log):
            raise StoreUnavailable(
                f"{where.capitalize()} has a snapshot at version {version}, past its log ({chain.DAMAGED})."
            )
        if table is None or table.version > version:
            table = replayed(ruleset, log[:version], where)
        elif table.version < version:
            table.commit(log[table.version : version])
        if (
            state.get("fingerprint") != snapshots.fingerprint(ruleset)
            or state.get("format") != snapshots.FORMAT
        ):
            stale += 1
            continue
        expected = snapshots.capture(table, hashes[version - 1])
        if json.loads(json.dumps(state)) != expected:
            raise StoreUnavailable(
                f"The snapshot of {where} at version {version} disagrees with a replay of its log "
                f"({chain.DAMAGED})."
            )
    return stale
