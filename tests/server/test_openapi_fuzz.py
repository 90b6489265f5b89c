"""schemathesis against the published OpenAPI document: no request it can make gets a 5xx.

Each operation runs a modest number of generated requests twice: as
generated (strangers, random ids) and aimed at a real table with the GM's
token, so the handlers behind authentication are exercised too.
"""

from __future__ import annotations

import atexit
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from capeworks.server import create_app
from tests.server.conftest import RWYN_SEATS

# the schema is read when pytest collects this module, so the app (on a throwaway file) is made then
_DIR = tempfile.TemporaryDirectory(prefix="capeworks-fuzz-")
atexit.register(_DIR.cleanup)
APP = create_app(
    f"sqlite:///{Path(_DIR.name) / 'fuzz.sqlite3'}",
    commands_per_second=1e6,
    command_burst=10**6,
    dice_per_second=1e6,
)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture(scope="module")
def fuzzed() -> Iterator[tuple[Any, dict[str, str]]]:
    with TestClient(APP) as client:
        created = client.post("/api/tables", json={"ruleset": "rwyn", "seats": RWYN_SEATS}).json()
        client.post(
            f"/api/tables/{created['id']}/commands",
            json={"type": "add_character", "payload": {"id": "ada", "sample": "ada", "owner": "ann"}},
            headers={"X-Seat-Token": created["seats"][0]["token"]},
        )
        yield APP, {"table_id": created["id"], "token": created["seats"][0]["token"]}


@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_server_error(case: Any, fuzzed: tuple[Any, dict[str, str]]) -> None:
    case.call_and_validate(checks=[not_a_server_error])
    table = fuzzed[1]
    if "table_id" in (case.path_parameters or {}):
        case.path_parameters = {**case.path_parameters, "table_id": table["table_id"]}
        case.call_and_validate(headers={"X-Seat-Token": table["token"]}, checks=[not_a_server_error])
