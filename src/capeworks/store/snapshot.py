"""Snapshots: a table's folded state after N events, so loading need not re-fold the log.

A snapshot is a cache, never the truth: loading from one must give exactly the
table a full replay gives (tested). It records what the table's fold holds
besides the log — rules state, config, seats, seed, title, next command id —
and a fingerprint of what that fold depends on: the ruleset's state and config
models (their pydantic core schemas), its event schema versions, and the releases of capeworks and of the
ruleset's package. A snapshot whose fingerprint no longer matches (any of those
changed since it was written) or that no longer validates is ignored and the
log is replayed.

The fold fields come from :meth:`Table.fold_fields` and go back through
:meth:`Table.resume_tail`: the store loads the latest usable snapshot and only
the events after it, and the table reads older events and snapshots from the
store when an undo or a log page reaches behind it.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from pydantic import ValidationError

import capeworks
from capeworks.engine import Event, Ruleset, Table
from capeworks.engine.table import REVERTED, History
from capeworks.engine.upcast import current_versions
from capeworks.store import chain

__all__ = ["FORMAT", "capture", "digest", "due", "fingerprint", "intact", "restore", "resume", "usable"]

#: bump when the snapshot layout changes; older snapshots are then ignored
#: (2: a snapshot carries the hash of the event it stands at and a digest of itself)
FORMAT = 2


#: pydantic's schema references end in the id of the class in this process: not part of the shape
_REF_ID = re.compile(r":\d+$")


def _shape(node: Any) -> Any:
    """A pydantic core schema as plain JSON-ready data that is the same in every process.

    Classes and functions (validators, default factories) become their qualified names, the
    process-local ids in schema references are dropped, sets are sorted, anything else is its repr.
    """
    if isinstance(node, dict):
        return {str(k): _shape(v) for k, v in node.items()}
    if isinstance(node, list | tuple):
        return [_shape(v) for v in node]
    if isinstance(node, str):
        return _REF_ID.sub("", node)
    if node is None or isinstance(node, bool | int | float):
        return node
    if isinstance(node, set | frozenset):
        return sorted(repr(_shape(v)) for v in node)
    if isinstance(node, type) or callable(node):
        name = getattr(node, "__qualname__", type(node).__qualname__)
        return f"{getattr(node, '__module__', '')}.{name}"
    return repr(node)


@cache
def _fingerprint_of(
    state_model: type[Any], config_model: type[Any], versions: tuple[tuple[str, int], ...], releases: str
) -> str:
    # the core schemas pydantic built at import: every field, type, constraint, default and validator
    # (walking them costs a tenth of generating the JSON schemas, which a command-line call paid)
    schemas = [
        _shape(state_model.__pydantic_core_schema__),
        _shape(config_model.__pydantic_core_schema__),
        versions,
        releases,
    ]
    text = json.dumps(schemas, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _releases(ruleset: Ruleset[Any, Any]) -> str:
    """capeworks' version, and the ruleset package's ``__version__`` when it has one (a new release of
    either may fold the same log differently)."""
    top = type(ruleset).__module__.partition(".")[0]
    own = getattr(sys.modules.get(top), "__version__", "")
    return f"capeworks {capeworks.__version__}; {top} {own}"


def fingerprint(ruleset: Ruleset[Any, Any]) -> str:
    """A short hash of what a snapshot's fold depends on besides the log: the ruleset's state and
    config schemas, its event schema versions, and the releases of capeworks and of the ruleset."""
    versions = tuple(sorted(current_versions(ruleset).items()))
    return _fingerprint_of(ruleset.state_model, ruleset.config_model, versions, _releases(ruleset))


def capture(table: Table, head: str) -> dict[str, Any]:
    """The JSON-ready snapshot of ``table`` at its current version; ``head`` is the stored hash of the
    event it stands at (its link in the chain)."""
    # as the database will hand it back (keys as text), so the digest reads the same then
    state: dict[str, Any] = json.loads(
        json.dumps(
            {
                "format": FORMAT,
                "ruleset": table.ruleset.name,
                "fingerprint": fingerprint(table.ruleset),
                "head": head,
                **table.fold_fields(),
            }
        )
    )
    state["digest"] = digest(state)
    return state


def digest(state: Mapping[str, Any]) -> str:
    """The sha256 of a snapshot's canonical JSON (its ``digest`` left out): an edit of it shows."""
    return hashlib.sha256(chain.canonical({k: v for k, v in state.items() if k != "digest"})).hexdigest()


def intact(state: Mapping[str, Any], head: str) -> bool:
    """True when ``state`` stands at the event whose stored hash is ``head`` and is as it was written.

    A snapshot that fails this was edited, or the log under it was: it is
    disposable, and the load reads on from an older one or the whole log,
    whose chain then names any damage.
    """
    return state.get("head") == head and state.get("digest") == digest(state)


def due(every: int, before: int, after: int, events: Sequence[Event]) -> bool:
    """Whether a command that took a table from ``before`` to ``after`` should leave a snapshot.

    When it crosses a multiple of ``every`` (0: never), and after every undo:
    else every later load re-folds from behind the command it took back.
    """
    if not every or not events:
        return False
    return after // every > before // every or any(e.type == REVERTED for e in events)


def usable(ruleset: Ruleset[Any, Any], snapshot: dict[str, Any]) -> bool:
    """True when ``snapshot`` was written in this layout for this ruleset's current models."""
    return (
        snapshot.get("format") == FORMAT
        and snapshot.get("ruleset") == ruleset.name
        and snapshot.get("fingerprint") == fingerprint(ruleset)
    )


def restore(ruleset: Ruleset[Any, Any], log: Sequence[Event], snapshot: dict[str, Any]) -> Table | None:
    """The table from ``snapshot`` plus the events of the whole ``log`` after it, or None if unusable."""
    if not usable(ruleset, snapshot):
        return None
    try:
        return Table.resume(ruleset, log, snapshot)
    except (KeyError, TypeError, ValueError, ValidationError):
        return None


def resume(
    ruleset: Ruleset[Any, Any], snapshot: dict[str, Any], tail: Sequence[Event], history: History
) -> Table | None:
    """The table from ``snapshot`` plus ``tail`` (the events after it), or None if unusable.

    Older events are read from ``history`` only when an undo or a log page needs them.
    """
    if not usable(ruleset, snapshot):
        return None
    try:
        return Table.resume_tail(ruleset, snapshot, tail, history=history)
    except (KeyError, TypeError, ValueError, ValidationError):
        return None
