"""Security hardening of issue 19, one test per attack (in-process; browser attacks are in
test_browser_attacks.py): deep nesting over the socket, missing table vs wrong token, headers,
API docs, table creation limits, anonymous odds, and revoking a leaked link at a table without a GM.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from capeworks.store import Store
from tests.server.conftest import Seated


def test_websocket_deep_nesting__a_4400_close_and_one_log_line(
    client: TestClient, rwyn: Seated, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    with client.websocket_connect(f"/api/tables/{rwyn.id}/ws", headers=rwyn.auth("ann")) as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_text("[" * 30_000)
        answer = ws.receive_json()
        closed = ws.receive()
    assert answer["type"] == "error" and answer["message"].endswith(".")
    assert closed["type"] == "websocket.close" and closed["code"] == 4400
    lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(lines) == 1 and lines[0].exc_info is None
    assert "nested too deeply" in lines[0].getMessage()


def _statements(store: Store, run: Any) -> list[str]:
    seen: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *rest: Any) -> None:
        seen.append(statement)

    event.listen(store.engine, "before_cursor_execute", record)
    try:
        run()
    finally:
        event.remove(store.engine, "before_cursor_execute", record)
    return seen


def test_missing_table_and_wrong_token__same_statements_same_answer(client: TestClient, rwyn: Seated) -> None:
    store: Store = client.app.state.tables.store  # type: ignore[attr-defined]
    wrong = "x" * 43
    answers: dict[str, Any] = {}

    def ask(table_id: str) -> Any:
        return lambda: answers.__setitem__(
            table_id, client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": wrong})
        )

    missing = _statements(store, ask("nosuchtable0"))
    bad = _statements(store, ask(rwyn.id))
    assert missing == bad and missing  # the same queries, in the same order
    a, b = answers["nosuchtable0"], answers[rwyn.id]
    assert a.status_code == b.status_code == 401 and a.json() == b.json()
