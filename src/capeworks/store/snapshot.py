"""Snapshots: a table's folded state after N events, so loading need not re-fold the log.

A snapshot is a cache, never the truth: loading from one must give exactly the
table a full replay gives (tested). It records what the table's fold holds
besides the log — rules state, config, seats, seed, title, next command id —
and a fingerprint of the ruleset's state and config models. A snapshot whose
fingerprint no longer matches (the ruleset's models changed since it was
written) or that no longer validates is ignored and the log is replayed.

The fold fields come from :meth:`Table.fold_fields` and go back through
:meth:`Table.resume`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from functools import cache
from typing import Any

from pydantic import ValidationError

from capeworks.engine import Event, Ruleset, Table

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
        **table.fold_fields(),
    }


def restore(ruleset: Ruleset[Any, Any], log: Sequence[Event], snapshot: dict[str, Any]) -> Table | None:
    """The table from ``snapshot`` plus the events of ``log`` after it, or None if unusable.

    ``log`` is the whole log (the table keeps it for undo and projections);
    only the events after the snapshot are folded. An undo after the snapshot
    makes the table re-fold everything, exactly as it would live.
    """
    if (
        snapshot.get("format") != FORMAT
        or snapshot.get("ruleset") != ruleset.name
        or snapshot.get("fingerprint") != fingerprint(ruleset)
    ):
        return None
    try:
        return Table.resume(ruleset, log, snapshot)
    except (KeyError, TypeError, ValueError, ValidationError):
        return None
