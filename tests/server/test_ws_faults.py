"""WebSocket faults end in a sentence and a close, never a traceback (issue 21, defect 6).

Fault-tested from outside: a client leaving while its commands were in flight
logged ``Cannot call "send" once a close message has been sent`` (the ack went
to a socket the feed had already found closed), and a WebSocket to a table
whose chain is broken behind its snapshot raised out of the socket
(``RuntimeError: Expected ASGI message 'websocket.send'...``). REST bodies
nested too deeply, holding a 5,000-digit number or invalid UTF-8 got only
"That request cannot be served".
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from starlette.websockets import WebSocketDisconnect

from capeworks.engine import Seat
from capeworks.server.limits import too_deep
from capeworks.server.ws import CLOSE_INTERNAL, _Connection
from capeworks.store import Store
from capeworks.store.models import EVENTS
from tests.server.conftest import RWYN_SEATS, Seated, create, ok


class _GoneSocket:
    """A socket whose client has left and whose close the app has already sent."""

    def __init__(self) -> None:
        self.scope: dict[str, Any] = {}

    async def send_text(self, text: str) -> None:
        raise RuntimeError('Cannot call "send" once a close message has been sent.')

    async def close(self, code: int = 1000) -> None:
        raise RuntimeError('Cannot call "send" once a close message has been sent.')


def test_answer_to_a_client_that_left__a_disconnect_not_a_runtime_error() -> None:
    conn = _Connection(_GoneSocket(), None, "t", Seat(id="ann", name="Ann"), 0)  # type: ignore[arg-type]

    async def run() -> None:
        with pytest.raises(WebSocketDisconnect):
            await conn.handle('{"type": "ping", "ref": 1}')
        with pytest.raises(WebSocketDisconnect):
            await conn.close(1000)

    asyncio.run(run())


def test_socket_to_a_table_broken_behind_its_snapshot__sentence_and_close(
    make_client: Callable[..., TestClient], db_path: str, caplog: pytest.LogCaptureFixture
) -> None:
    store = Store(db_path, snapshot_every=3)
    client = make_client(store=store, commands_per_second=1000.0, command_burst=1000)
    table: Seated = create(client, "rwyn", RWYN_SEATS, title="Tampered")
    for i in range(5):
        ok(client, table, "gm", "gm_note", text=f"note {i}")
    # an old event edited behind the latest snapshot: its hash no longer matches
    with store.engine.begin() as connection:
        payload = connection.scalar(
            select(EVENTS.c.payload).where(EVENTS.c.table_id == table.id, EVENTS.c.seq == 2)
        )
        edited = dict(payload) | {"data": {**payload["data"], "text": "edited"}}
        connection.execute(
            update(EVENTS).where(EVENTS.c.table_id == table.id, EVENTS.c.seq == 2).values(payload=edited)
        )
    caplog.set_level(logging.WARNING)
    with client.websocket_connect(f"/api/tables/{table.id}/ws?since=0", headers=table.auth("gm")) as ws:
        message = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == CLOSE_INTERNAL
    assert message["type"] == "error" and message["error"] == "store_unavailable"
    assert "Event 2" in message["message"]
    assert "Traceback" not in caplog.text and "Exception in ASGI" not in caplog.text
    store.close()


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b"[" * 30_000 + b"]" * 30_000, "That request body is nested too deeply to read."),
        (
            b'{"type": "gm_note", "payload": ' + b'{"a":' * 10_000 + b"1" + b"}" * 10_000 + b"}",
            "That request body is nested too deeply to read.",
        ),
        (
            b'{"type": "gm_note", "payload": {"text": "x"}, "dice": [' + b"9" * 5000 + b"]}",
            "That request body holds a number too long to read (over 4,300 digits).",
        ),
        (
            b'{"type": "gm_note", "payload": {"text": "\xff\xfe"}}',
            "That request body is not valid UTF-8 text.",
        ),
    ],
    ids=["nested-list", "nested-object", "5000-digits", "bad-utf8"],
)
def test_unreadable_rest_body__named(client: TestClient, rwyn: Seated, body: bytes, words: str) -> None:
    answer = client.post(
        f"/api/tables/{rwyn.id}/commands",
        content=body,
        headers={**rwyn.auth("gm"), "content-type": "application/json"},
    )
    assert answer.status_code == 400
    assert answer.json() == {"error": "bad_request", "message": words}


def test_nothing_written_by_unreadable_bodies(client: TestClient, rwyn: Seated, store: Store) -> None:
    before = store.record(rwyn.id).version
    client.post(
        f"/api/tables/{rwyn.id}/commands",
        content=b"[" * 30_000,
        headers={**rwyn.auth("gm"), "content-type": "application/json"},
    )
    assert store.record(rwyn.id).version == before


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        (b'{"a": [1, {"b": "[[[[[["}]}', False),
        (b"[" * 257 + b"]" * 257, True),
        (b"[" * 256 + b"]" * 256, False),
        (b'["' + b"[" * 400 + b'"]', False),
        (b'["\\"' + b"[" * 400 + b'"]', False),
        (b'["\\\\"' + b"[" * 400 + b"]", True),
        (b"[[]]" * 300, False),
    ],
    ids=["in-a-string", "257-deep", "256-deep", "quoted", "escaped-quote", "escaped-backslash", "wide"],
)
def test_too_deep__counts_nesting_not_brackets(text: bytes, deep: bool) -> None:
    """Depth is judged before any parser recurses, so the answer cannot hang on the process's
    recursion limit (a raised limit elsewhere once let a 10,000-deep body parse and answer 422)."""
    assert too_deep(text) is deep


def test_deep_body__refused_even_under_a_raised_recursion_limit(client: TestClient, rwyn: Seated) -> None:
    import sys

    body = b'{"type": "gm_note", "payload": ' + b'{"a":' * 300 + b"1" + b"}" * 300 + b"}"
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(100_000)
    try:
        answer = client.post(
            f"/api/tables/{rwyn.id}/commands",
            content=body,
            headers={**rwyn.auth("gm"), "content-type": "application/json"},
        )
    finally:
        sys.setrecursionlimit(limit)
    assert answer.status_code == 400
    assert answer.json()["message"] == "That request body is nested too deeply to read."
