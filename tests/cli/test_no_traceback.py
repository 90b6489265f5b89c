"""No traceback from any command, through the CLI: careless and hostile payloads end in one line and exit 2.

Every installed ruleset's sample is played into a SQLite file; then commands
drawn from each command's JSON schema (:mod:`capeworks.engine.hostile`: numbers
past their bounds, empty and over-long lists, duplicates, unknown ids, wrong
types, odd dice) are sent with ``table do --payload-json``. Each is done
(exit 0) or refused with one line and exit 2, the log untouched. The library
path is the conformance check ``check_no_traceback``; tests/server has the REST one.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.engine import available, get_ruleset
from capeworks.engine.conformance import hostile_command
from capeworks.engine.event import Event
from capeworks.engine.table import Table
from capeworks.store import Store

runner = CliRunner()

#: hostile commands per ruleset (one CLI call each)
ATTEMPTS = 30


def _played(db: str, ruleset: str) -> str:
    """A table that has played the ruleset's sample, through the store the CLI uses; its id."""
    session = get_ruleset(ruleset).sample_session()
    assert session is not None
    with Store(db) as store:
        created = store.create_table(
            ruleset,
            config=session.config,
            seats=session.seats,
            seed=7,
            settings={"physical_dice": "everyone"},
        )
        for step in session.steps:
            store.execute(created.id, step.command, dice=step.dice)
    return created.id


def _log(db: str, table_id: str) -> list[dict[str, Any]]:
    with Store(db) as store:
        return [e.model_dump(mode="json") for e in store.log(table_id)]


@pytest.mark.parametrize("ruleset", sorted(available()))
def test_hostile_payloads_through_the_cli__done_or_one_line_and_exit_2(tmp_path: Path, ruleset: str) -> None:
    db = f"sqlite:///{tmp_path / 'hostile.sqlite3'}"
    table_id = _played(db, ruleset)
    rs = get_ruleset(ruleset)
    schemas = {name: spec.model.model_json_schema() for name, spec in rs.commands.items()}
    rng = random.Random(f"cli:{ruleset}")
    refused = 0
    for _ in range(ATTEMPTS):
        before = _log(db, table_id)
        table = Table(rs, [Event.model_validate(e) for e in before])
        command, dice = hostile_command(table, rng, schemas)
        args = [
            "table",
            "do",
            table_id,
            command.seat,
            command.type,
            "--payload-json",
            json.dumps(command.payload),
        ]
        if dice:
            args += ["--dice", ",".join(str(d) for d in dice)]
        result = runner.invoke(app, [*args, "--db", db])
        what = f"{command.type} by {command.seat} with {command.payload!r} (dice {dice})"
        assert result.exception is None or isinstance(result.exception, SystemExit), (what, result.exception)
        assert result.exit_code in (0, 2), (what, result.exit_code, result.output)
        if result.exit_code == 2:
            refused += 1
            assert len(result.output.strip().splitlines()) == 1, (what, result.output)
            assert "Traceback" not in result.output
            assert _log(db, table_id) == before, f"{what}: a refusal changed the log"
    assert refused > 0
