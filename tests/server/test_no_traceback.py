"""No traceback from any command, through the REST API: hostile payloads end in a 4xx JSON refusal.

Every installed ruleset's sample is played into the app's database; then
commands drawn from each command's JSON schema (:mod:`capeworks.engine.hostile`)
are posted by the seat they name, with its token. Each is done (200) or refused
with a 4xx JSON body naming the error and a message, the table's version
unchanged; never a 500. The library path is the conformance check
``check_no_traceback``; tests/cli has the CLI one.
"""

from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient

from capeworks.engine import available, get_ruleset
from capeworks.engine.conformance import hostile_command
from capeworks.store import Store

#: hostile commands per ruleset
ATTEMPTS = 40


@pytest.mark.parametrize("ruleset", sorted(available()))
def test_hostile_payloads_through_rest__done_or_a_4xx_json_refusal(
    client: TestClient, store: Store, ruleset: str
) -> None:
    rs = get_ruleset(ruleset)
    session = rs.sample_session()
    assert session is not None
    created = store.create_table(
        ruleset, config=session.config, seats=session.seats, seed=7, settings={"physical_dice": "everyone"}
    )
    for step in session.steps:
        store.execute(created.id, step.command, dice=step.dice)
    schemas = {name: spec.model.model_json_schema() for name, spec in rs.commands.items()}
    rng = random.Random(f"rest:{ruleset}")
    refused = 0
    for _ in range(ATTEMPTS):
        table = store.load(created.id)
        command, dice = hostile_command(table, rng, schemas)
        body = {"type": command.type, "payload": command.payload} | (
            {"dice": dice} if dice is not None else {}
        )
        response = client.post(
            f"/api/tables/{created.id}/commands",
            # json.dumps writes NaN as a bare NaN, as a careless client may (httpx refuses to)
            content=json.dumps(body),
            headers={"X-Seat-Token": created.tokens[command.seat], "Content-Type": "application/json"},
        )
        what = f"{command.type} by {command.seat} with {command.payload!r} (dice {dice})"
        assert response.status_code < 500, (what, response.text)
        if response.status_code >= 400:
            refused += 1
            error = response.json()
            assert error["error"] and error["message"].strip(), (what, error)
            assert store.record(created.id).version == table.version, f"{what}: a refusal changed the table"
    assert refused > 0
