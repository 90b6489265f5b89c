"""A stalled database writer does not freeze the web table (issue 21, defect 3).

Fault-tested from outside, one process holding SQLite's write lock made every
HTTP request wait 90-99 s, reads and pages included, and commands up to
99.7 s against a 30 s lock timeout: queued writers waited on an in-process
lock with no timeout and filled every worker thread. Here another client
holds the write lock while a crowd of commands queue: reads of the same
table, another table, the rule sets, the dice and the lobby page answer
while the lock is still held, and every command comes back refused in one
sentence, nothing written, within the lock timeout (SQLite and PostgreSQL).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from capeworks.server import create_app
from capeworks.store import Store
from tests.server.conftest import RWYN_SEATS, Seated, create
from tests.store.conftest import db_url  # noqa: F401  (SQLite, and PostgreSQL when installed)
from tests.store.test_queueing import _held_lock

#: more commands than the server has worker threads of any kind
CROWD = 12
#: a lock timeout the reads must not wait out (they answer while every command still waits): well
#: past READS_WITHIN, so on a loaded machine a slow read fails as a slow read, never as a command
#: refused by this timeout while the lock is still held
LONG = 60.0
#: a short one, to see every queued command refused within it (not one timeout after another)
SHORT = 1.0
#: how long a read may take while the lock is held: a bound for a hang, not a speed target (one
#: such test failed once under a load average of ~12 from other agents' suites)
READS_WITHIN = 20.0


@pytest.fixture
def make_client(db_url: str) -> Iterator[Callable[[float], TestClient]]:  # noqa: F811
    opened: list[tuple[TestClient, Store]] = []

    def make(lock_timeout: float) -> TestClient:
        store = Store(db_url, lock_timeout=lock_timeout)
        app = create_app(store=store, commands_per_second=1000.0, command_burst=1000, poll_seconds=0.5)
        client = TestClient(app)
        client.__enter__()
        opened.append((client, store))
        return client

    yield make
    for client, store in reversed(opened):
        client.__exit__(None, None, None)
        store.close()


def _in_threads(calls: list[Callable[[], Any]]) -> tuple[list[threading.Thread], list[Any]]:
    results: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        started = time.monotonic()
        answer = calls[i]()
        results[i] = (answer, time.monotonic() - started)

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(len(calls))]
    for t in threads:
        t.start()
    return threads, results


def _all_done(threads: list[threading.Thread], within: float) -> bool:
    for t in threads:
        t.join(timeout=within)
    return not any(t.is_alive() for t in threads)


def _note(client: TestClient, table: Seated, text: str) -> Callable[[], Any]:
    return lambda: client.post(
        f"/api/tables/{table.id}/commands",
        json={"type": "gm_note", "payload": {"text": text}},
        headers=table.auth("gm"),
    )


def _version(client: TestClient, table: Seated) -> int:
    return int(client.get(f"/api/tables/{table.id}", headers=table.auth("gm")).json()["version"])


def test_held_write_lock__reads_answer_while_every_command_waits(
    make_client: Callable[[float], TestClient],
    db_url: str,  # noqa: F811
) -> None:
    client = make_client(LONG)
    table = create(client, "rwyn", RWYN_SEATS, title="Held")
    other = create(client, "rwyn", RWYN_SEATS, title="Elsewhere")
    before = _version(client, table)
    reads: list[Callable[[], Any]] = [
        lambda: client.get("/api/rulesets"),
        lambda: client.get("/api/dice/roll", params={"expr": "2d6"}),
        lambda: client.get("/"),
        lambda: client.get(f"/api/tables/{other.id}", headers=other.auth("gm")),
        lambda: client.get(f"/api/tables/{table.id}", headers=table.auth("ann")),
        lambda: client.get(f"/api/tables/{table.id}/log", headers=table.auth("gm")),
    ]
    with _held_lock(db_url, table.id):
        writers, answers = _in_threads([_note(client, table, f"note {i}") for i in range(CROWD)])
        # the crowd is queued (or waiting in the database) before the reads arrive
        writers[-1].join(timeout=0.5)
        readers, read_answers = _in_threads(reads)
        assert _all_done(readers, READS_WITHIN), "a read waited behind the held write lock"
        assert not any(a is not None for a in answers), "a command finished while the lock was held"
        assert [r.status_code for r, _ in read_answers] == [200] * len(reads), [
            r.text for r, _ in read_answers
        ]
    # the lock let go, every queued command lands, once each
    assert _all_done(writers, LONG)
    assert [a.status_code for a, _ in answers] == [200] * CROWD, [a.text for a, _ in answers]
    assert _version(client, table) == before + CROWD


def test_held_write_lock__every_queued_command_refused_within_the_timeout(
    make_client: Callable[[float], TestClient],
    db_url: str,  # noqa: F811
) -> None:
    client = make_client(SHORT)
    table = create(client, "rwyn", RWYN_SEATS, title="Held")
    before = _version(client, table)
    with _held_lock(db_url, table.id):
        writers, answers = _in_threads([_note(client, table, f"note {i}") for i in range(CROWD)])
        assert _all_done(writers, READS_WITHIN * 3)
    assert [a.status_code for a, _ in answers] == [503] * CROWD, [a.text for a, _ in answers]
    assert {a.json()["message"] for a, _ in answers} == {
        f"Another command kept the table busy for over {SHORT:g} seconds, so nothing was written; try again."
    }
    # the lock timeout holds end to end: queued behind each other, they would take CROWD timeouts
    slowest = max(took for _, took in answers)
    assert slowest < SHORT * 4, f"a command waited {slowest:.1f} s against a {SHORT:g} s lock timeout"
    assert _version(client, table) == before
    assert _note(client, table, "after")().status_code == 200


def test_held_write_lock__websocket_command_refused_and_socket_still_reads(
    make_client: Callable[[float], TestClient],
    db_url: str,  # noqa: F811
) -> None:
    client = make_client(SHORT)
    table = create(client, "rwyn", RWYN_SEATS, title="Held")
    with client.websocket_connect(f"/api/tables/{table.id}/ws?token={table.tokens['gm']}") as ws:
        assert ws.receive_json()["type"] == "entries"
        assert ws.receive_json()["type"] == "state"
        with _held_lock(db_url, table.id):
            ws.send_json(
                {"type": "command", "ref": "n1", "command": {"type": "gm_note", "payload": {"text": "x"}}}
            )
            refused = ws.receive_json()
            assert refused["type"] == "error" and refused["ref"] == "n1"
            assert refused["error"] == "store_unavailable"
            assert "nothing was written" in refused["message"]
            ws.send_json({"type": "ping", "ref": "p"})
            assert ws.receive_json() == {"type": "pong", "ref": "p"}
        ws.send_json(
            {"type": "command", "ref": "n2", "command": {"type": "gm_note", "payload": {"text": "y"}}}
        )
        acks = [m for m in (ws.receive_json() for _ in range(3)) if m["type"] == "ack"]
        assert [a["ref"] for a in acks] == ["n2"]
