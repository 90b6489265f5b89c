"""Slow consumers: WebSockets that never read, against the server's memory and healthy clients' latency.

Issue 21, defect 5: five non-reading sockets on tables with ~400 KB projections took the
server from 190 to 910 MiB in 60 s. This serves ``--tables`` Roll When You Need tables
whose player projection is ~400 KB (``--characters`` characters each), from a real
``capeworks serve`` process. At each table a healthy socket (the GM's) reads everything
and the GM posts a note every ``1/--pace`` seconds, timing each command.

Anchor, in the same run: ``--warmup`` seconds of that load with no slow socket (the
server's RSS at its end, and the commands' p99). Then one socket per table that never
reads (a small receive window, opened by hand) joins as the player for ``--seconds``:
the server's peak RSS over the anchor's, and the commands' p99 over the anchor's (a
ratio), then the RSS a few seconds after the slow sockets are closed. Targets: growth
under 100 MiB, p99 ratio near 1. The server drops a socket that reads nothing for its
send timeout (15 s) and says so in its log (counted here).

    python bench/bench_slow_consumer.py [--tables 5] [--characters 270] [--seconds 60] [--warmup 20]
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tests.server.processes import ServerProcess  # noqa: E402

from _timing import table as text_table  # noqa: E402
from capeworks.engine import Command, Role, Seat  # noqa: E402
from capeworks.server.projection import projection  # noqa: E402
from capeworks.store import Store  # noqa: E402

SEATS = [Seat(id="gm", name="Gail", role=Role.GM), Seat(id="ann", name="Ann", role=Role.PLAYER)]


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def _build(url: str, tables: int, characters: int) -> tuple[list[tuple[str, dict[str, str]]], int]:
    """``tables`` copies of one table with ``characters`` characters; (id, tokens) each, and the
    player's projection in bytes."""
    with Store(url) as store:
        made = store.create_table("rwyn", seats=SEATS, title="Crowded")
        for i in range(characters):
            payload = {"id": f"c{i}", "sample": ("ada", "rook")[i % 2], "owner": "ann"}
            store.execute(made.id, Command(type="add_character", seat="gm", payload=payload))
        table = store.load(made.id)
        size = len(json.dumps(projection(made.id, table, SEATS[1])))
        document = store.export(made.id)
        out = [(made.id, dict(made.tokens))]
        for _ in range(tables - 1):
            copy = store.import_(document)
            out.append((copy.id, dict(copy.tokens)))
    return out, size


def _stalled(port: int, table_id: str, token: str) -> socket.socket:
    """A WebSocket opened by hand that never reads after the handshake."""
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        (
            f"GET /api/tables/{table_id}/ws?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += raw.recv(1)
    if not head.startswith(b"HTTP/1.1 101"):
        raise RuntimeError(f"the socket was refused: {head!r}")
    return raw


async def _reader(ws_url: str, stop: asyncio.Event) -> None:
    async with connect(ws_url, max_size=None) as ws:
        while not stop.is_set():
            try:
                await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue


async def _driver(
    http: httpx.AsyncClient, table_id: str, token: str, pace: float, until: float, times: list[float]
) -> None:
    i = 0
    while time.monotonic() < until:
        started = time.monotonic()
        answer = await http.post(
            f"/api/tables/{table_id}/commands",
            json={"type": "gm_note", "payload": {"text": f"note {i}"}},
            headers={"X-Seat-Token": token},
        )
        if answer.status_code == 200:
            times.append(time.monotonic() - started)
        i += 1
        await asyncio.sleep(max(0.0, 1 / pace - (time.monotonic() - started)))


def _p99(times: list[float]) -> float:
    return statistics.quantiles(times, n=100)[98] if len(times) >= 2 else float("nan")


async def _phase(
    server: ServerProcess, tables: list[tuple[str, dict[str, str]]], pace: float, seconds: float
) -> tuple[list[float], float]:
    """``seconds`` of the healthy load; the command times and the server's peak RSS meanwhile."""
    assert server.proc is not None
    times: list[float] = []
    until = time.monotonic() + seconds
    peak = _rss_mib(server.proc.pid)
    async with httpx.AsyncClient(base_url=server.base, timeout=60) as http:
        drivers = [
            asyncio.create_task(_driver(http, table_id, tokens["gm"], pace, until, times))
            for table_id, tokens in tables
        ]
        while time.monotonic() < until:
            await asyncio.sleep(0.5)
            peak = max(peak, _rss_mib(server.proc.pid))
        await asyncio.gather(*drivers)
    return times, peak


async def _run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="capeworks-slow-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'slow.sqlite3'}"
        started = time.monotonic()
        tables, size = _build(url, args.tables, args.characters)
        print(
            f"{args.tables} tables, the player's projection {size / 1024:.0f} KB each "
            f"(built in {time.monotonic() - started:.0f} s)"
        )
        log = Path(tmp) / "server.log"
        server = ServerProcess(url, log=log, poll_seconds=1.0).start()
        assert server.proc is not None
        stop = asyncio.Event()
        readers = [
            asyncio.create_task(_reader(f"{server.ws_base}/api/tables/{t}/ws?token={tokens['gm']}", stop))
            for t, tokens in tables
        ]
        try:
            anchor_times, _ = await _phase(server, tables, args.pace, args.warmup)
            baseline = _rss_mib(server.proc.pid)
            stalled = [_stalled(server.port, t, tokens["ann"]) for t, tokens in tables]
            slow_times, peak = await _phase(server, tables, args.pace, args.seconds)
            for s in stalled:
                s.close()
            await asyncio.sleep(5)
            after = _rss_mib(server.proc.pid)
        finally:
            stop.set()
            await asyncio.gather(*readers, return_exceptions=True)
            server.stop()
        dropped = log.read_text().count("read nothing for") if log.exists() else 0
    rows = [
        ["RSS before the slow sockets (MiB)", f"{baseline:.0f}"],
        ["RSS peak with them (MiB)", f"{peak:.0f}"],
        ["growth (MiB; target < 100)", f"{peak - baseline:.0f}"],
        ["RSS 5 s after they left (MiB)", f"{after:.0f}"],
        ["slow sockets dropped by the server", str(dropped)],
        ["healthy p99, anchor (ms)", f"{_p99(anchor_times) * 1000:.0f}"],
        ["healthy p99, with slow sockets (ms)", f"{_p99(slow_times) * 1000:.0f}"],
        ["p99 ratio (with / anchor)", f"{_p99(slow_times) / _p99(anchor_times):.2f}"],
        ["commands timed (anchor / with)", f"{len(anchor_times)} / {len(slow_times)}"],
    ]
    print(text_table(["measure", "value"], rows))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--characters", type=int, default=270, help="per table (~1.5 KB of projection each)")
    parser.add_argument("--seconds", type=float, default=60.0, help="with the slow sockets")
    parser.add_argument("--warmup", type=float, default=20.0, help="the anchor: the same load without them")
    parser.add_argument("--pace", type=float, default=2.0, help="GM notes per second at each table")
    return asyncio.run(_run(parser.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
