"""Harvest golden logs from the test suite: for every event type no golden log holds yet, the
smallest table a test played that holds it.

The hand-written golden sessions (``regenerate.py``) cover the common play of each ruleset; the
rules fixed since then added event types that no golden log held, so a later release could change
how one reads and nothing would notice. The tests already play every one of them through ``Table``
with given or seeded dice. This pytest plug-in watches every table the tests make; after each test
it keeps, for each uncovered event type, the smallest such table whose log replays (outside the
test, with nothing patched) to what the table itself shows. ``main`` then picks a few of those
tables per ruleset that together hold every uncovered type and writes them as golden logs
``<ruleset>/cover-<k>``, with their expectations and, in ``harvested.json``, the test each came from.

    python -m tests.golden.harvest tests/systems              # harvest, then write what is new
    python -m tests.golden.harvest --dry-run tests/systems    # say what would be written

Like every golden log, a harvested one is history: it is never rewritten, only added to.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from capeworks.engine import Table
from capeworks.engine.golden import LOG_SUFFIX, GoldenLog, differences, expectations, find, replay_document
from capeworks.engine.registry import get_ruleset
from tests.golden.regenerate import ROOT, document

#: the rulesets whose golden logs live here (tests register toy rulesets of their own)
RULESETS = ("bpb", "capes", "rwyn", "weaverdice", "workshop")
#: where the test each harvested log came from is written down
INDEX = ROOT / "harvested.json"
#: the most events a harvested log may hold (a golden log is read on every test run)
MOST_EVENTS = 400


def uncovered(root: Path = ROOT) -> dict[str, set[str]]:
    """Ruleset -> the event types its rules declare that no golden log under ``root`` holds."""
    held: dict[str, set[str]] = {name: set() for name in RULESETS}
    for golden in find(root):
        if golden.ruleset in held:
            held[golden.ruleset].update(str(e["type"]) for e in golden.document()["log"])
    return {name: set(get_ruleset(name).events) - held[name] for name in RULESETS}


@dataclass
class Candidate:
    """A table a test played, kept as its export document with what it showed each viewer."""

    nodeid: str
    ruleset: str
    types: frozenset[str]
    document: dict[str, Any]
    shown: dict[str, Any]

    @property
    def size(self) -> int:
        return len(self.document["log"])


@dataclass(eq=False)  # pytest keeps its plug-ins in sets
class Harvest:
    """The pytest plug-in: every table a test makes, and the smallest candidate per uncovered type."""

    wanted: dict[str, set[str]]
    best: dict[str, Candidate] = field(default_factory=dict)
    # held until the test ends: a test's own tables are gone as soon as its body returns
    tables: dict[int, Table] = field(default_factory=dict)
    faults: list[str] = field(default_factory=list)

    def pytest_configure(self, config: pytest.Config) -> None:
        # every table that takes events, however it was made (a test may copy a fixture's table)
        original = Table.commit
        tables = self.tables

        def watched(table: Table, events: Any) -> None:
            original(table, events)
            tables[id(table)] = table

        Table.commit = watched  # type: ignore[method-assign]

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Iterator[None]:
        # the tables of this test, its fixtures' among them
        self.tables.clear()
        yield

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Iterator[None]:
        outcome = yield
        if outcome.excinfo is None:
            for table in self.tables.values():
                self._consider(item.nodeid, table)
        self.tables.clear()

    def _consider(self, nodeid: str, table: Table) -> None:
        name = table.ruleset.name
        if name not in self.wanted:
            return
        log = table.log
        if not log or log[0].seq != 1 or len(log) > MOST_EVENTS:
            return
        types = frozenset(e.type for e in log) & self.wanted[name]
        if not any(t not in self.best or len(log) < self.best[t].size for t in types):
            return
        try:
            doc = document(table, table_id=f"harvest{name}")
            shown = expectations(table)
            again = expectations(replay_document(json.loads(json.dumps(doc))))
        except Exception as e:  # a table a test left half-made: not a candidate
            where = traceback.extract_tb(e.__traceback__)[-1]
            self.faults.append(f"{nodeid}: {type(e).__name__} at {where.filename}:{where.lineno}: {e}"[:300])
            return
        found = differences(shown, again)
        if found:
            self.faults.append(f"{nodeid}: its log replays differently: {found[0]}"[:300])
            return
        candidate = Candidate(nodeid, name, types, doc, shown)
        for t in types:
            if t not in self.best or candidate.size < self.best[t].size:
                self.best[t] = candidate


def choose(best: dict[str, Candidate]) -> list[Candidate]:
    """A few candidates that together hold every type in ``best``: greedily, the most new types
    first, the smaller of two that hold as many."""
    left = set(best)
    pool = {id(c): c for c in best.values()}
    chosen = []
    while left:
        pick = max(pool.values(), key=lambda c: (len(c.types & left), -c.size, c.nodeid))
        chosen.append(pick)
        left -= pick.types
        del pool[id(pick)]
    return sorted(chosen, key=lambda c: (c.ruleset, c.nodeid))


def _write_json(path: Path, value: Any) -> None:
    path.write_text(json.dumps(value, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def write(chosen: list[Candidate], root: Path = ROOT) -> list[GoldenLog]:
    """Write each chosen table as the next free ``<ruleset>/cover-<k>`` and note where it came from.

    Each is replayed once more here, outside pytest (no fixture or patch in force), and must show
    what the test's table showed."""
    index: dict[str, Any] = json.loads(INDEX.read_text(encoding="utf-8")) if INDEX.exists() else {}
    written = []
    for candidate in chosen:
        again = expectations(replay_document(candidate.document))
        found = differences(candidate.shown, again)
        if found:
            print(f"{candidate.nodeid}: skipped, replays differently outside the test: {found[0]}")
            continue
        k = 1
        while (root / candidate.ruleset / f"cover-{k}{LOG_SUFFIX}").exists():
            k += 1
        name = f"cover-{k}"
        golden = GoldenLog(candidate.ruleset, name, root / candidate.ruleset / (name + LOG_SUFFIX))
        candidate.document["table"]["id"] = f"golden{candidate.ruleset}cover{k}"
        # the log as the store exports it: each payload's keys in their own order, which the words
        # follow (a BPB blast names its targets in the order it hit them)
        text = json.dumps(candidate.document, indent=1, ensure_ascii=False)
        golden.log_path.write_text(text + "\n", encoding="utf-8")
        _write_json(golden.expected_path, again)
        index[golden.label] = {
            "test": candidate.nodeid,
            "events": candidate.size,
            "types": sorted(candidate.types),
        }
        written.append(golden)
        new = len(candidate.types)
        print(f"{golden.label}: {candidate.size} events from {candidate.nodeid} ({new} new types)")
    _write_json(INDEX, dict(sorted(index.items())))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dry-run", action="store_true", help="say what would be written; write nothing")
    parser.add_argument("tests", nargs="*", default=["tests/systems"], help="the tests to harvest from")
    args = parser.parse_args(argv)
    wanted = {name: types for name, types in uncovered().items() if types}
    harvest = Harvest(wanted)
    code = pytest.main(["-q", "-p", "no:randomly", "-p", "no:cacheprovider", *args.tests], plugins=[harvest])
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        return int(code)
    chosen = choose(harvest.best)
    still = {t for types in wanted.values() for t in types} - set(harvest.best)
    for fault in harvest.faults[:40]:
        print("not a candidate:", fault)
    print(f"{len(harvest.best)} types found in {len(chosen)} tables; no test's table holds: {sorted(still)}")
    if not args.dry_run:
        write(chosen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
