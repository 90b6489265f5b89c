"""Every ruleset's sample session survives the store: snapshots and export/import equal a replay.

Snapshots keep a ruleset's state as JSON and validate it back, so this catches
a state model that does not round-trip through JSON.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine import Ruleset, Table, Viewer, available
from capeworks.store import Store
from tests.engine.toy import Toy


def _rulesets() -> list[Ruleset[Any, Any]]:
    found: dict[str, Ruleset[Any, Any]] = {"toy": Toy(), **available()}
    return [rs for rs in found.values() if rs.sample_session() is not None]


RULESETS = _rulesets()


@pytest.mark.parametrize("ruleset", RULESETS, ids=[rs.name for rs in RULESETS])
def test_sample_session__store_round_trips_equal_a_full_replay(
    db_url: str, ruleset: Ruleset[Any, Any]
) -> None:
    session = ruleset.sample_session()
    assert session is not None
    with Store(db_url, resolve_ruleset=lambda name: ruleset, snapshot_every=1) as store:
        created = store.create_table(
            ruleset, config=session.config, seats=session.seats, seed=42, title="sample"
        )
        for step in session.steps:
            store.execute(created.id, step.command, dice=step.dice)
            fast, full = store.load(created.id), Table(ruleset, store.log(created.id))
            assert fast.state.model_dump(mode="json") == full.state.model_dump(mode="json")
            assert fast.view(Viewer.gm()) == full.view(Viewer.gm())
        copy = store.import_(store.export(created.id))
        original, imported = store.load(created.id), store.load(copy.id)
        assert imported.log == original.log
        assert imported.state.model_dump(mode="json") == original.state.model_dump(mode="json")
