"""A frozen LISTEN connection is noticed and replaced (issue 21, defect 9).

Fault-tested from outside, a listener whose connection froze (no error, no
notifications) went unnoticed: changes made by other processes reached the
sockets only through the slow poll, and nothing was logged. Here the
listener's backend is frozen (SIGSTOP); the listener's own check goes
unanswered, it says so in the log and reconnects, and a change written by
another process reaches a socket long before the poll would have.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from collections.abc import Iterator

import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

from capeworks.engine import Command
from capeworks.server import create_app
from capeworks.store import Store
from tests.server.conftest import RWYN_SEATS, create
from tests.store.conftest import PostgresServer

pytestmark = pytest.mark.postgres

#: so long that an update arriving within the test came by notification, not by the poll
POLL = 3600.0
CHECK = 1.0


def _dsn(url: str) -> str:
    parsed = make_url(url)
    return f"host={parsed.host} port={parsed.port} user={parsed.username} dbname={parsed.database}"


def _listeners(dsn: str) -> list[int]:
    with psycopg.connect(dsn, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'"
        ).fetchall()
    return [int(r[0]) for r in rows]


@pytest.fixture
def frozen(postgres_server: PostgresServer) -> Iterator[list[int]]:
    """Backend pids the test froze: let go and ended afterwards, whatever happened."""
    stopped: list[int] = []
    yield stopped
    for pid in stopped:
        os.kill(pid, signal.SIGCONT)
        with psycopg.connect(_dsn(postgres_server.url()), autocommit=True) as conn:
            conn.execute("SELECT pg_terminate_backend(%s)", (pid,))


def test_frozen_listener__noticed_logged_and_replaced(
    postgres_server: PostgresServer, frozen: list[int], caplog: pytest.LogCaptureFixture
) -> None:
    url = postgres_server.new_database()
    dsn = _dsn(url)
    caplog.set_level(logging.WARNING, logger="capeworks.server")
    app = create_app(url, front_end=False, poll_seconds=POLL, listener_check_seconds=CHECK)
    with TestClient(app) as client:
        table = create(client, "rwyn", RWYN_SEATS, title="Frozen")
        deadline = time.monotonic() + 20
        while not _listeners(dsn) and time.monotonic() < deadline:
            time.sleep(0.1)
        (listener,) = _listeners(dsn)
        os.kill(listener, signal.SIGSTOP)
        frozen.append(listener)
        # the check goes unanswered: logged, and a new listener connects
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (
            "heard nothing" in caplog.text and [p for p in _listeners(dsn) if p != listener]
        ):
            time.sleep(0.2)
        assert "other processes' changes arrive only by the poll" in caplog.text
        assert [p for p in _listeners(dsn) if p != listener]
        with client.websocket_connect(f"/api/tables/{table.id}/ws", headers=table.auth("gm")) as ws:
            start = ws.receive_json()["version"]
            ws.receive_json()
            # another process (the CLI, another server) writes; only a notification can bring it here
            with Store(url) as other:
                other.execute(
                    table.id, Command(type="gm_note", seat="gm", payload={"text": "from elsewhere"})
                )
            message = ws.receive_json()
            assert message["type"] == "entries" and message["version"] == start + 1
