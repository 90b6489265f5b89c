"""Crash test for the web table: kill -9 the server under load, restart it, lose nothing acknowledged.

WebSocket clients (a GM and players at each of several Roll When You Need
tables) send commands as fast as their seat's rate limit allows, each with a
unique text (GM notes, players' new characters) and note every ``ack`` (the
version the command reached). Mid-load the server gets SIGKILL. A new
process then opens the same database, and the script checks that:

* every acknowledged command is in the log, at or before the version its ack
  named, with its own unique text (nothing acknowledged was lost);
* the logs have no gaps and every table replays (a full replay equals the
  store's load, and the restarted server serves each seat's projection);
* each client, reconnecting with ``?since=<last version it saw>``, gets
  exactly the entries it missed (its streamed log then equals the server's);
* every command carries a request id (its unique text): the ones written but
  never acknowledged (the kill came between the commit and the ack) are
  counted, and each one's id answers "landed" on the restarted server, as each
  unwritten one answers "not landed" (issue 21: a client can tell).

    python bench/bench_crash_web.py [--tables 10] [--players 4] [--seconds 3] [--database-url URL]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tests.server.processes import ServerProcess  # noqa: E402

from _timing import table as text_table  # noqa: E402
from capeworks.engine import Table, get_ruleset  # noqa: E402
from capeworks.store import Store  # noqa: E402

#: commands a seat sends per second: under the server's default limit of 10
PACE = 8.0


@dataclass
class Seat:
    table: str
    seat: str
    token: str
    gm: bool
    acked: list[tuple[int, str]] = field(default_factory=list)  # (version, unique text)
    sent: list[str] = field(default_factory=list)  # every unique text sent (also its request id)
    entries: list[dict[str, Any]] = field(default_factory=list)
    version: int = 0
    refused: int = 0


async def load(seat: Seat, ws_base: str, stop: asyncio.Event) -> None:
    """Send unique commands until the connection dies (the kill) or ``stop``."""
    pending: dict[str, str] = {}
    try:
        async with connect(
            f"{ws_base}/api/tables/{seat.table}/ws?token={seat.token}&since={seat.version}"
        ) as ws:

            async def reader() -> None:
                async for raw in ws:
                    message = json.loads(raw)
                    if message["type"] == "entries":
                        seat.entries += message["entries"]
                        seat.version = message["version"]
                    elif message["type"] == "ack":
                        seat.acked.append((message["version"], pending.pop(message["ref"])))
                    elif message["type"] == "error":
                        seat.refused += 1
                        pending.pop(str(message.get("ref")), None)

            task = asyncio.create_task(reader())
            n = 0
            while not stop.is_set() and not task.done():
                n += 1
                text = f"{seat.table}-{seat.seat}-{n}"
                ref = str(n)
                pending[ref] = text
                seat.sent.append(text)
                if seat.gm:
                    command = {"type": "gm_note", "payload": {"text": text}}
                else:
                    command = {
                        "type": "add_character",
                        "payload": {"id": f"{seat.seat}-{n}", "name": text, "sample": "rook"},
                    }
                message = {"type": "command", "ref": ref, "request_id": text, "command": command}
                await ws.send(json.dumps(message))
                await asyncio.sleep(1 / PACE)
            if stop.is_set():
                await asyncio.sleep(0.5)
            task.cancel()
    except (ConnectionClosed, OSError):
        return


async def catch_up(seat: Seat, ws_base: str) -> None:
    """Reconnect from the last version seen and read until the state message."""
    async with connect(f"{ws_base}/api/tables/{seat.table}/ws?token={seat.token}&since={seat.version}") as ws:
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "entries":
                seat.entries += message["entries"]
                seat.version = message["version"]
            elif message["type"] == "state":
                return


async def under_load(seats: list[Seat], server: ServerProcess, seconds: float) -> float:
    stop = asyncio.Event()
    tasks = [asyncio.create_task(load(s, server.ws_base, stop)) for s in seats]
    await asyncio.sleep(seconds)
    killed = time.perf_counter()
    server.kill()
    await asyncio.gather(*tasks)
    return killed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0, help="load before the kill")
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--postgres", action="store_true", help="start a throwaway PostgreSQL on loopback")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'crash.sqlite3'}"
        if args.postgres:
            from tests.store.conftest import PostgresServer, _postgres_bin

            bindir = _postgres_bin()
            assert bindir is not None, "PostgreSQL binaries not found; run scripts/install-system-deps"
            cluster = PostgresServer(bindir)
            cluster.start()
            stack.callback(cluster.stop)
            url = cluster.new_database()
        server = ServerProcess(url, log=Path(tmp) / "server.log").start()
        seats: list[Seat] = []
        with httpx.Client(base_url=server.base, timeout=60) as http:
            for _ in range(args.tables):
                body = {
                    "ruleset": "rwyn",
                    "seats": [{"id": "gm", "name": "GM", "role": "gm"}]
                    + [{"id": f"p{i}", "name": f"P{i}"} for i in range(args.players)],
                }
                created = http.post("/api/tables", json=body).json()
                seats += [
                    Seat(created["id"], s["id"], s["token"], s["role"] == "gm") for s in created["seats"]
                ]
        asyncio.run(under_load(seats, server, args.seconds))
        restart_started = time.perf_counter()
        again = ServerProcess(url, log=Path(tmp) / "server.log").start()
        restart = time.perf_counter() - restart_started
        try:

            async def resume_all() -> None:
                await asyncio.wait_for(asyncio.gather(*(catch_up(s, again.ws_base) for s in seats)), 120)

            asyncio.run(resume_all())
            lost = 0
            acked = 0
            unacked_written = 0
            wrong_answers = 0
            with Store(url) as store, httpx.Client(base_url=again.base, timeout=60) as http:
                tables = sorted({s.table for s in seats})
                logs = {t: store.log(t) for t in tables}
                for t, log in logs.items():
                    assert [e.seq for e in log] == list(range(1, len(log) + 1)), f"{t}: the log has a gap"
                    replayed = Table(get_ruleset("rwyn"), log)
                    assert replayed.state == store.load(t).state, f"{t}: replay differs from the store's load"
                for seat in seats:
                    log = logs[seat.table]
                    for version, text in seat.acked:
                        acked += 1
                        written = any(text in json.dumps(e.data) for e in log[:version])
                        lost += not written
                    server_log = http.get(
                        f"/api/tables/{seat.table}/log",
                        params={"limit": 1000},
                        headers={"X-Seat-Token": seat.token},
                    ).json()["entries"]
                    assert seat.entries == server_log, f"{seat.table}/{seat.seat}: streamed log differs"
                    projection = http.get(f"/api/tables/{seat.table}", headers={"X-Seat-Token": seat.token})
                    assert projection.status_code == 200
                    acked_texts = {text for _, text in seat.acked}
                    for text in seat.sent:
                        if text in acked_texts:
                            continue
                        written = any(text in json.dumps(e.data) for e in log)
                        unacked_written += written
                        answer = http.get(
                            f"/api/tables/{seat.table}/requests/{text}", headers={"X-Seat-Token": seat.token}
                        ).json()
                        wrong_answers += answer["landed"] != written
                events = sum(len(log) for log in logs.values())
        finally:
            again.stop()
    backend = "PostgreSQL" if "postgresql" in url else "SQLite"
    figures = [len(tables), len(seats), acked, lost, unacked_written, wrong_answers, events]
    rows = [[backend, *(str(f) for f in figures), f"{restart:.2f}"]]
    headers = [
        "database", "tables", "sockets", "acknowledged", "lost", "written, not acked",
        "request ids answering wrong", "events after restart", "restart s",
    ]  # fmt: skip
    print(text_table(headers, rows))
    print(
        f"\nevery table replays; every client resumed with ?since= and its log equals the server's; "
        f"refused while loading: {sum(s.refused for s in seats)}"
    )
    return 1 if lost or wrong_answers else 0


if __name__ == "__main__":
    raise SystemExit(main())
