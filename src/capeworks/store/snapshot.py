"""Snapshots: a table's folded state after N events, so loading need not re-fold the log.

A snapshot is a cache, never the truth: loading from one must give exactly the
table a full replay gives (tested). It records what the table's fold holds
besides the log — rules state, config, seats, seed, title, next command id —
and a fingerprint of the ruleset's state and config models. A snapshot whose
fingerprint no longer matches (the ruleset's models changed since it was
written) or that no longer validates is ignored and the log is replayed.

The engine's :class:`~capeworks.engine.Table` has no public restore hook yet,
so this module is the one place that sets its fold fields directly.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from functools import cache
from typing import Any

from pydantic import ValidationError

from capeworks.engine import Event, Ruleset, Seat, Table

__all__ = ["FORMAT", "capture", "fingerprint", "restore"]

#: bump when the snapshot layout changes; older snapshots are then ignored
FORMAT = 1


@cache
def _fingerprint_of(state_model: type[Any], config_model: type[Any]) -> str:
    schemas = [state_model.model_json_schema(), config_model.model_json_schema()]
    text = json.dumps(schemas, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def fingerprint(ruleset: Ruleset[Any, Any]) -> str:
    """A short hash of the ruleset's state and config schemas."""
    return _fingerprint_of(ruleset.state_model, ruleset.config_model)


def capture(table: Table) -> dict[str, Any]:
    """The JSON-ready snapshot of ``table`` at its current version."""
    return {
        "format": FORMAT,
        "ruleset": table.ruleset.name,
        "fingerprint": fingerprint(table.ruleset),
        "version": table.version,
        "state": table.state.model_dump(mode="json"),
        "config": table.config.model_dump(mode="json"),
        "seats": [s.model_dump(mode="json") for s in table.seats],
        "seed": table._seed,
        "title": table.title,
        "next_command": table._next_command,
    }


def restore(ruleset: Ruleset[Any, Any], log: Sequence[Event], snapshot: dict[str, Any]) -> Table | None:
    """The table from ``snapshot`` plus the events of ``log`` after it, or None if unusable.

    ``log`` is the whole log (the table keeps it for undo and projections);
    only the events after the snapshot are folded. An undo after the snapshot
    makes the table re-fold everything, exactly as it would live.
    """
    version = snapshot.get("version")
    if (
        snapshot.get("format") != FORMAT
        or snapshot.get("ruleset") != ruleset.name
        or snapshot.get("fingerprint") != fingerprint(ruleset)
        or not isinstance(version, int)
        or not 0 < version <= len(log)
    ):
        return None
    try:
        state = ruleset.state_model.model_validate(snapshot["state"])
        config = ruleset.parse_config(snapshot["config"])
        seats = [Seat.model_validate(s) for s in snapshot["seats"]]
        seed = snapshot["seed"]
        next_command = int(snapshot["next_command"])
        title = str(snapshot["title"])
    except (KeyError, TypeError, ValueError, ValidationError):
        return None
    table = Table.__new__(Table)
    table.ruleset = ruleset
    table._reset()
    table._state = state
    table._config = config
    table._seats = {s.id: s for s in seats}
    table._seed = seed
    table._title = title
    table._next_command = next_command
    table._log = list(log[:version])
    later = list(log[version:])
    if later:
        # commit folds one by one, or re-folds the whole log when an undo is among them
        table.commit(later)
    return table
