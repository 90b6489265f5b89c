"""Golden logs: logs written by an earlier release, and what replaying them must reproduce.

A golden log is a table's export document (``capeworks.table`` version 2),
written once by the code of its day and never rewritten. Beside it, an
expectations file holds what a replay must give, for the GM, every seat and a
spectator: the table's own fields, the rules state and open prompts each may
see (a hard promise: a later release that reads the log differently has lost
a campaign), and the panels and the log in words (a softer one: a renderer may
deliberately reword, and then the expectations are regenerated on purpose).

This module knows no store: :func:`replay_document` folds the document's log
as :meth:`Table.replay` does; the tests also import it through the store.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from capeworks.engine.model import Event, Viewer
from capeworks.engine.ruleset import Ruleset
from capeworks.engine.table import Table

__all__ = [
    "EXPECTED_SUFFIX",
    "HARD_PARTS",
    "LOG_SUFFIX",
    "PARTS",
    "GoldenLog",
    "differences",
    "expectations",
    "find",
    "replay_document",
    "write",
]

#: a golden log's file name ends so; its expectations sit beside it
LOG_SUFFIX = ".log.json"
EXPECTED_SUFFIX = ".expected.json"

#: what a replay reproduces for each viewer, compared part by part
PARTS = ("table", "state", "prompts", "panels", "log")
#: the parts no release may change without an upcaster story (the rest are words)
HARD_PARTS = ("table", "state", "prompts", "visibility")

#: the viewers besides the seats: the GM's view (whether or not a GM sits) and a spectator's
_GM = "(gm)"
_SPECTATOR = "(spectator)"


@dataclass(frozen=True, slots=True)
class GoldenLog:
    """One golden log on disk: ``<dir>/<ruleset>/<name>.log.json`` and its expectations."""

    ruleset: str
    name: str
    log_path: Path

    @property
    def expected_path(self) -> Path:
        """The expectations file beside the log."""
        return self.log_path.with_name(self.name + EXPECTED_SUFFIX)

    @property
    def label(self) -> str:
        """``ruleset/name``, as tests and messages name it."""
        return f"{self.ruleset}/{self.name}"

    def document(self) -> dict[str, Any]:
        """The export document, decoded."""
        return json.loads(self.log_path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]

    def expected(self) -> dict[str, Any]:
        """The expectations, decoded."""
        return json.loads(self.expected_path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def find(root: Path, ruleset: str | None = None) -> list[GoldenLog]:
    """The golden logs under ``root`` (``root/<ruleset>/*.log.json``), sorted; one ruleset's if named."""
    found = []
    for path in sorted(root.glob("*/*" + LOG_SUFFIX)):
        name = path.name[: -len(LOG_SUFFIX)]
        if ruleset is None or path.parent.name == ruleset:
            found.append(GoldenLog(ruleset=path.parent.name, name=name, log_path=path))
    return found


def replay_document(document: Mapping[str, Any], ruleset: Ruleset[Any, Any] | None = None) -> Table:
    """The table an export document's log folds to: through :meth:`Table.replay` (the ruleset its
    first event names, from the registry), or with ``ruleset`` when given."""
    log = [Event.model_validate(raw) for raw in document["log"]]
    return Table.replay(log) if ruleset is None else Table(ruleset, log)


def write(table: Table, root: Path, name: str) -> GoldenLog:
    """Keep ``table``'s log as the golden log ``<root>/<ruleset>/<name>``, with its expectations.

    For a ruleset package shipping its own (``<package>/golden``). The log is written as
    ``{"log": [event, ...]}`` (``capeworks table export`` writes a whole export document,
    which reads the same). A golden log is history: an existing one is never overwritten
    (FileExistsError).
    """
    golden = GoldenLog(table.ruleset.name, name, root / table.ruleset.name / (name + LOG_SUFFIX))
    golden.log_path.parent.mkdir(parents=True, exist_ok=True)
    with golden.log_path.open("x", encoding="utf-8") as out:
        json.dump({"log": [e.model_dump(mode="json") for e in table.log]}, out, indent=1, ensure_ascii=False)
    expected = expectations(replay_document(golden.document(), table.ruleset))
    golden.expected_path.write_text(json.dumps(expected, indent=1, sort_keys=True), encoding="utf-8")
    return golden


def _viewers(table: Table) -> Iterator[tuple[str, Viewer]]:
    yield _GM, Viewer.gm()
    for seat in table.seats:
        yield seat.id, table.viewer_for(seat.id)
    yield _SPECTATOR, Viewer()


def expectations(table: Table) -> dict[str, Any]:
    """What a replay of ``table``'s log must reproduce, JSON-ready, viewer by viewer."""
    viewers: dict[str, Any] = {}
    for key, viewer in _viewers(table):
        view = table.view(viewer)
        viewers[key] = {
            "table": {k: view[k] for k in ("ruleset", "title", "version", "config", "settings", "seats")},
            "state": view["state"],
            "prompts": view["prompts"],
            "panels": view["panels"],
            "log": [
                [e.seq, e.type, e.undone, e.description.hidden, e.description.text]
                for e in table.log_view(viewer)
            ],
        }
    return {"ruleset": table.ruleset.name, "version": table.version, "viewers": viewers}


def differences(
    expected: Mapping[str, Any], got: Mapping[str, Any], *, parts: Sequence[str] = PARTS
) -> list[str]:
    """One sentence for each viewer and part where ``got`` differs from ``expected`` (none: they agree).

    ``visibility`` compares only which events each viewer sees and whether they are undone,
    so a reworded log is told apart from a log that shows someone what they may not see.
    """
    out: list[str] = []
    want, have = expected.get("viewers", {}), got.get("viewers", {})
    if sorted(want) != sorted(have):
        out.append(f"the viewers differ: expected {sorted(want)}, got {sorted(have)}")
    for key in sorted(set(want) & set(have)):
        for part in parts:
            if part == "visibility":
                a = [row[:4] for row in want[key]["log"]]
                b = [row[:4] for row in have[key]["log"]]
            else:
                a, b = want[key].get(part), have[key].get(part)
            where = _first_difference(a, b, part)
            if where is not None:
                out.append(f"{key}'s {where}")
    return out


def _first_difference(a: Any, b: Any, path: str) -> str | None:
    """Where ``a`` and ``b`` first differ, said as ``path: expected X, got Y``; None when equal."""
    if a == b:
        return None
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a:
                return f"{path}.{k}: not expected, got {_short(b[k])}"
            if k not in b:
                return f"{path}.{k}: expected {_short(a[k])}, missing"
            found = _first_difference(a[k], b[k], f"{path}.{k}")
            if found is not None:
                return found
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found is not None:
                return found
        return f"{path}: expected {len(a)} items, got {len(b)}"
    return f"{path}: expected {_short(a)}, got {_short(b)}"


def _short(value: Any) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= 80 else text[:77] + "..."
