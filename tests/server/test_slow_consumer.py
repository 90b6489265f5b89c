"""Sockets that never read do not pin the server's memory (issue 21, defect 5).

Fault-tested from outside, five non-reading sockets on tables with ~400 KB
projections took the server from 190 to 910 MiB in 60 s: each socket's queue
held its table's last 64 updates, each with every seat's projection, and the
server never dropped them (a close frame waits on a send buffer that cannot
drain). Here a socket's queue keeps only its own seat's encoded messages,
bounded in count and bytes, collapsing into one "catch up from the store"
marker; a socket that reads nothing for ``send_timeout`` is cut off, and it
resumes with ``?since=``; a healthy socket on the same table gets every
version meanwhile. The RSS figures are bench/bench_slow_consumer.py's.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from capeworks.engine import Command, Role, Seat
from capeworks.server import create_app
from capeworks.server.feed import QUEUE_BYTES, QUEUE_SIZE, SeatUpdate, Subscription, Update
from capeworks.store import Store

SEATS = [Seat(id="gm", name="Gail", role=Role.GM), Seat(id="ann", name="Ann", role=Role.PLAYER)]


def _update(prev: int, version: int, size: int) -> Update:
    return Update(
        prev,
        version,
        {
            seat.id: SeatUpdate([{"seq": version}], {"big": "x" * size}, ("e" * 10, "s" * size))
            for seat in SEATS
        },
    )


def test_queue__keeps_only_its_seats_texts_and_is_bounded_in_bytes() -> None:
    sub = Subscription("t", SEATS[1])
    sub.push(_update(0, 1, 1000))
    queued = sub.pending[-1]
    assert queued is not None and list(queued.seats) == ["ann"]
    # the projections as Python objects are not kept, only the two encoded messages
    assert queued.seats["ann"].entries == [] and queued.seats["ann"].state == {}
    assert sub.bytes == 1010
    big = QUEUE_BYTES // 3
    for v in range(2, 7):
        sub.push(_update(v - 1, v, big))
        assert sub.bytes <= QUEUE_BYTES
    # past the bound: one marker at the newest version (catch up from the store), no texts held
    assert len(sub.pending) == 1 and sub.bytes == 0
    marker = sub.pending[0]
    assert marker is not None and (marker.prev, marker.version, dict(marker.seats)) == (6, 6, {})
    # later updates coalesce into the marker instead of queueing behind it
    sub.push(_update(6, 7, 10))
    assert [(u.prev, u.version, dict(u.seats)) for u in sub.pending if u is not None] == [(7, 7, {})]
    # a revoke wins over anything queued
    sub.push(None)
    assert list(sub.pending) == [None]
    sub.push(_update(7, 8, 10))
    assert list(sub.pending) == [None]


def test_queue__bounded_in_count_too() -> None:
    sub = Subscription("t", SEATS[0])
    for v in range(1, QUEUE_SIZE + 1):
        sub.push(_update(v - 1, v, 1))
    assert len(sub.pending) == QUEUE_SIZE
    sub.push(_update(QUEUE_SIZE, QUEUE_SIZE + 1, 1))
    assert len(sub.pending) == 1 and sub.bytes == 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Any, str, dict[str, str]]]:
    """A uvicorn server on a SQLite table whose projection is tens of KB; (base, app, table, tokens)."""
    import uvicorn

    url = f"sqlite:///{tmp_path / 'slow.sqlite3'}"
    with Store(url) as store:
        made = store.create_table("rwyn", seats=SEATS, title="Big")
        for i in range(80):
            payload = {"id": f"c{i}", "sample": ("ada", "rook")[i % 2], "owner": "ann"}
            store.execute(made.id, Command(type="add_character", seat="gm", payload=payload))
    app = create_app(url, front_end=False, poll_seconds=0.5, commands_per_second=1000.0, send_timeout=1.0)
    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=False)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    yield f"127.0.0.1:{port}", app, made.id, dict(made.tokens)
    server.should_exit = True
    thread.join(timeout=10)


def _socket(base: str, table_id: str, token: str, *, since: int = 0) -> ClientConnection:
    return connect(f"ws://{base}/api/tables/{table_id}/ws?since={since}&token={token}", max_size=None)


def _stalled_socket(base: str, table_id: str, token: str) -> socket.socket:
    """A WebSocket opened by hand that never reads a byte after the handshake (a small receive window)."""
    host, port = base.split(":")
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        (
            f"GET /api/tables/{table_id}/ws?token={token} HTTP/1.1\r\nHost: {base}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += raw.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return raw


def _versions(ws: ClientConnection, upto: int, within: float = 30.0) -> list[int]:
    seen: list[int] = []
    deadline = time.monotonic() + within
    while (not seen or seen[-1] < upto) and time.monotonic() < deadline:
        message = json.loads(ws.recv(timeout=within))
        if message["type"] == "entries":
            seen.append(message["version"])
    return seen


def test_a_socket_that_reads_nothing_is_dropped_and_resumes(
    served: tuple[str, Any, str, dict[str, str]], caplog: pytest.LogCaptureFixture
) -> None:
    base, app, table_id, tokens = served
    hub = app.state.tables.hub
    healthy = _socket(base, table_id, tokens["gm"])
    # the GM's second socket: it is sent every note (a player's is sent nothing for a GM-only event)
    stalled = _stalled_socket(base, table_id, tokens["gm"])
    start = _versions(healthy, 0)[-1]
    with httpx.Client(base_url=f"http://{base}", headers={"X-Seat-Token": tokens["gm"]}) as http:
        last = start
        for i in range(60):
            answer = http.post(
                f"/api/tables/{table_id}/commands", json={"type": "gm_note", "payload": {"text": f"n{i}"}}
            )
            assert answer.status_code == 200, answer.text
            last = answer.json()["version"]
            # the healthy socket keeps up, version by version
            assert _versions(healthy, last)[-1] == last
        # the stalled one is cut off within a few send timeouts; only the healthy one stays subscribed
        deadline = time.monotonic() + 20
        while len(hub.feeds[table_id].subs) > 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(hub.feeds[table_id].subs) == 1
        assert "read nothing for 1 seconds" in caplog.text
    # the server cut the connection: reading what was buffered ends in a reset or the end of the stream
    stalled.settimeout(10)
    with pytest.raises(OSError):
        while stalled.recv(65536):
            pass
        raise ConnectionResetError("the stream ended")
    stalled.close()
    # it resumes from the version it had and gets everything after it, once
    resumed = _socket(base, table_id, tokens["gm"], since=start)
    first = json.loads(resumed.recv(timeout=10))
    assert first["type"] == "entries" and first["version"] == last
    assert [e["seq"] for e in first["entries"]] == sorted({e["seq"] for e in first["entries"]})
    resumed.close()
    healthy.close()
