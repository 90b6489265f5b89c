"""Real rulesets: the GM undoes a whole sample session through the store, reaching behind every snapshot.

A load reads the latest snapshot and the events after it; each undo here takes
back a command older than that snapshot sooner or later, so the table must
move its base back (see "The engine's promises" in docs/architecture.md).
After every undo the loaded table answers as the full replay does.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine import Ruleset, Table, available
from capeworks.engine.table import REVERTED
from capeworks.errors import RuleViolation
from capeworks.store import Store
from tests.engine.toy import Toy


def _rulesets() -> list[Ruleset[Any, Any]]:
    found: dict[str, Ruleset[Any, Any]] = {"toy": Toy(), **available()}
    return [rs for rs in found.values() if rs.has_gm and rs.sample_session() is not None]


RULESETS = _rulesets()


def _same(loaded: Table, full: Table) -> None:
    assert loaded.fold_fields() == full.fold_fields()
    for seat in full.seats:
        viewer = full.viewer_for(seat.id)
        assert loaded.view(viewer) == full.view(viewer)
        assert loaded.legal_commands(seat.id) == full.legal_commands(seat.id)
        assert loaded.log_view(viewer, since=full.version - 5) == full.log_view(
            viewer, since=full.version - 5
        )


@pytest.mark.parametrize("ruleset", RULESETS, ids=[rs.name for rs in RULESETS])
def test_gm_undoes_the_whole_session__every_step_equals_the_full_replay(
    db_url: str, ruleset: Ruleset[Any, Any]
) -> None:
    session = ruleset.sample_session()
    assert session is not None
    with Store(db_url, resolve_ruleset=lambda name: ruleset, snapshot_every=3) as store:
        created = store.create_table(ruleset, config=session.config, seats=session.seats, title="sample")
        set_up = store.load(created.id).fold_fields()
        for step in session.steps:
            store.execute(created.id, step.command, dice=step.dice)
        gm = next(s.id for s in session.seats if s.role == "gm")
        undone = 0
        while True:
            try:
                store.undo(created.id, gm)
            except RuleViolation as e:
                assert e.message == "There is nothing to undo."
                break
            undone += 1
            _same(store.load(created.id), Table(ruleset, store.log(created.id)))
        log = store.log(created.id)
        # every command of the session was taken back, one revert each, back to the seated table
        assert undone == len(
            {e.command_id for e in log if e.seat is not None and not e.type.startswith("table.")}
        )
        assert sum(e.type == REVERTED for e in log) == undone
        final = store.load(created.id).fold_fields()
        assert final["state"] == set_up["state"]
