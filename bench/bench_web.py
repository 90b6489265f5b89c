"""Load on the web table: N WebSocket clients over M tables playing Roll When You Need checks.

Each table has a GM and players (clients / tables seats, one socket each).
Every player asks for checks on their own character (``ask_check``); the GM
answers each GM prompt (the difficulty, then any results to pick); each player
answers their own prompts (the roll). Everything goes over the sockets, as
the browser does. Measured on loopback against a real ``capeworks serve``
process (SQLite by default, or ``--database-url``):

* commands/s written by the server while the clients play;
* latency from a command's send to the moment *every* seat at that table that
  may see one of its entries has received them (p50, p99; a seat kept from all of
  them, as a player from the GM's secrets, is sent nothing and not waited for);
* every client's streamed log equals the server's log for its seat
  (nothing lost, nothing doubled).

Anchor, in the same run: a bare ``websockets`` broadcast server (no rules,
no database) relaying each message to every client of its table, with the
same clients, sockets and pacing; the table reports our latency as a ratio
of the anchor's.

With ``--hammer-odds N`` one more client (one address, N connections at once)
asks ``/api/dice/odds`` for wide distributions (``150d100`` .. ``299d149``, never
the same twice in a row) without pause for the whole run, as an attacker would;
the players' latency is measured as ever, and the hammer's answers are counted
by status.

    python bench/bench_web.py [--clients 200] [--tables 20] [--asks 3] [--think 1.0] [--ramp 0]
                               [--database-url URL] [--postgres] [--processes N] [--hammer-odds N]
                               [--full]

Clients ask for ``update`` messages (``?delta=1``) as the browser does; ``--full`` has them take
each change as an ``entries`` and a whole ``state`` message, the protocol before, to compare.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tests.server.processes import ServerProcess, free_port  # noqa: E402

from _timing import table as text_table  # noqa: E402
from capeworks.server.delta import apply_changes  # noqa: E402

SAMPLES = ("ada", "rook")
ABILITY = {"ada": "Science", "rook": "Brawling"}


def cpu_seconds(pid: int, *, reaped: bool = False) -> float:
    """User + system CPU a process has used so far (Linux /proc); ``reaped``: with its children's that
    have exited and been waited for (a PostgreSQL postmaster's backends)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    used = int(fields[11]) + int(fields[12])
    if reaped:
        used += int(fields[13]) + int(fields[14])
    return used / os.sysconf("SC_CLK_TCK")


def cluster_cpu(data: Path) -> float:
    """CPU a PostgreSQL cluster has used so far: its postmaster, every living process under it and
    those it has reaped (they share the machine's cores with the server)."""
    postmaster = int((data / "postmaster.pid").read_text().split()[0])
    used = cpu_seconds(postmaster, reaped=True)
    for pid in descendants(postmaster):
        with contextlib.suppress(OSError):
            used += cpu_seconds(pid)
    return used


def descendants(pid: int) -> list[int]:
    """Every living process under ``pid`` (the odds pool's fork server and workers)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    out, todo = [], [pid]
    while todo:
        parent = todo.pop()
        children = [p for p, pp in parents.items() if pp == parent]
        out.extend(children)
        todo.extend(children)
    return out


def resident_mib(pid: int) -> float:
    """A process's resident memory now, MiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


@dataclass
class Client:
    """One seat's socket: plays its part and records when each entry (by its table-wide seq) reached it."""

    table: str
    seat: str
    gm: bool
    character: str = ""
    asks_left: int = 0
    #: when this socket first received each entry it may see, by the entry's seq
    seen: dict[int, float] = field(default_factory=dict)
    #: the seq of its newest entry when play began (what came before is the tables' set-up)
    start_seq: int = 0
    entries: list[dict[str, Any]] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)
    sent: dict[str, float] = field(default_factory=dict)
    acked: list[tuple[float, int]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    inflight: str | None = None
    waiting_roll: bool = False
    counter: int = 0
    #: act only on a state at least this new (the version our last command reached)
    seen_own: int = 0

    def received(self, entries: list[dict[str, Any]], now: float) -> None:
        self.entries += entries
        for e in entries:
            self.seen.setdefault(e["seq"], now)

    def last_seq(self) -> int:
        """The seq of the newest entry this socket has received (0: none)."""
        return self.entries[-1]["seq"] if self.entries else 0

    def own_prompts(self) -> list[dict[str, Any]]:
        prompts = self.state.get("prompts", [])
        if self.gm:
            return [p for p in prompts if p.get("role") == "gm"]
        return [p for p in prompts if p.get("seat") == self.seat]

    def done(self) -> bool:
        return self.gm or (self.asks_left == 0 and not self.waiting_roll and self.inflight is None)

    def next_command(self) -> dict[str, Any] | None:
        prompts = self.own_prompts()
        if prompts:
            p = prompts[0]
            options = p.get("options") or []
            if options:
                pick = next((o for o in options if o["value"] == "3"), options[0]) if self.gm else options[0]
                if not self.gm and pick["command"] == "check":
                    self.waiting_roll = False
                return {"type": "answer", "payload": {"prompt": p["id"], "option": pick["value"]}}
            free = p.get("free") or {}
            suggestions = free.get("suggestions") or ["done"]
            if free.get("many"):
                return {
                    "type": "answer",
                    "payload": {"prompt": p["id"], "option": suggestions[: max(1, p["min_choices"])]},
                }
            return {"type": "answer", "payload": {"prompt": p["id"], "value": suggestions[0]}}
        if not self.gm and self.asks_left > 0 and not self.waiting_roll:
            self.asks_left -= 1
            self.waiting_roll = True
            ability = ABILITY[SAMPLES[0] if self.character.endswith("a") else SAMPLES[1]]
            return {
                "type": "ask_check",
                "payload": {
                    "character": self.character,
                    "ability": ability,
                    "task": f"task {self.asks_left}",
                },
            }
        return None


async def play(
    client: Client,
    base: str,
    token: str,
    hold: asyncio.Event,
    stop: asyncio.Event,
    ready: asyncio.Barrier,
    go: asyncio.Event,
    think: float,
    ramp: float,
    full: bool = False,
) -> None:
    """Play ``client``'s part until ``hold`` (then send nothing more), and read its socket until ``stop``."""
    # as the browser asks: one ``update`` message a change (``--full``: entries and a whole state)
    query = "" if full else "&delta=1"
    async with connect(f"{base}/api/tables/{client.table}/ws?token={token}{query}", max_size=2**24) as ws:
        wake = asyncio.Event()

        async def reader(ws: ClientConnection) -> None:
            async for raw in ws:
                now = time.perf_counter()
                message = json.loads(raw)
                kind = message["type"]
                if kind == "entries":
                    client.received(message["entries"], now)
                elif kind == "state":
                    client.state = message
                    wake.set()
                elif kind == "update":
                    client.received(message["entries"], now)
                    client.state = apply_changes(client.state, message["changes"])
                    wake.set()
                elif kind == "ack":
                    client.acked.append((client.sent.pop(message["ref"]), message["version"]))
                    client.seen_own = message["version"]
                    client.inflight = None
                    wake.set()
                elif kind == "error":
                    client.errors.append(message.get("error", "?"))
                    client.sent.pop(str(message.get("ref")), None)
                    client.inflight = None
                    if message.get("error") == "rate_limited":
                        await asyncio.sleep(0.2)
                    wake.set()

        task = asyncio.create_task(reader(ws))
        while not client.state:
            await asyncio.sleep(0.01)
        await ready.wait()
        await go.wait()
        client.start_seq = client.last_seq()
        # people sit down over a while rather than all in one second (load testers' "ramp-up")
        await asyncio.sleep(random.uniform(0, ramp))
        while not hold.is_set():
            wake.clear()
            if client.inflight is None and client.state.get("version", 0) >= client.seen_own:
                command = client.next_command()
                if command is not None:
                    # a person reads the table before acting: think for a moment
                    await asyncio.sleep(think * random.uniform(0.5, 1.5))
                    if hold.is_set():
                        break  # play is over: nothing is sent after the hold (the bench reads the finals)
                    client.counter += 1
                    ref = f"{client.seat}-{client.counter}"
                    client.inflight = ref
                    client.sent[ref] = time.perf_counter()
                    await ws.send(json.dumps({"type": "command", "ref": ref, "command": command}))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), timeout=0.5)
        # held: keep reading (acks of what was in flight, the last entries) until the bench has them all
        await stop.wait()
        task.cancel()


def setup_tables(
    base: str, *, tables: int, per_table: int, asks: int
) -> tuple[list[Client], dict[tuple[str, str], str]]:
    clients: list[Client] = []
    tokens: dict[tuple[str, str], str] = {}
    with httpx.Client(base_url=base, timeout=60) as http:
        for t in range(tables):
            seats = [{"id": "gm", "name": "GM", "role": "gm"}] + [
                {"id": f"p{i}", "name": f"Player {i}"} for i in range(1, per_table)
            ]
            created = http.post(
                "/api/tables", json={"ruleset": "rwyn", "title": f"bench {t}", "seats": seats}
            ).json()
            for s in created["seats"]:
                tokens[(created["id"], s["id"])] = s["token"]
            gm = {"X-Seat-Token": tokens[(created["id"], "gm")]}
            clients.append(Client(created["id"], "gm", True))
            for i in range(1, per_table):
                sample = SAMPLES[i % 2]
                character = f"c{i}{sample[0]}"
                body = {
                    "type": "add_character",
                    "payload": {"id": character, "sample": sample, "owner": f"p{i}"},
                }
                assert (
                    http.post(f"/api/tables/{created['id']}/commands", json=body, headers=gm).status_code
                    == 200
                )
                clients.append(Client(created["id"], f"p{i}", False, character=character, asks_left=asks))
    return clients, tokens


async def run_clients(
    ws_bases: list[str],
    clients: list[Client],
    tokens: dict[tuple[str, str], str],
    *,
    think: float,
    ramp: float = 0.0,
    full: bool = False,
    cpu: Callable[[], float] | None = None,
    timeline: list[tuple[float, float]] | None = None,
) -> float:
    """Play until every player is done; clients are spread over the servers in turn.

    With ``cpu`` (the servers' CPU so far), ``timeline`` gets ``(time, cpu)`` every 0.1 s of play."""
    ws_base = ws_bases[0]
    hold = asyncio.Event()
    stop = asyncio.Event()
    ready = asyncio.Barrier(len(clients) + 1)
    go = asyncio.Event()
    tasks = [
        asyncio.create_task(
            play(
                c,
                ws_bases[i % len(ws_bases)],
                tokens[(c.table, c.seat)],
                hold,
                stop,
                ready,
                go,
                think,
                ramp,
                full,
            )
        )
        for i, c in enumerate(clients)
    ]
    await ready.wait()
    # every socket has its backlog; let the feeds finish starting before the clock runs
    await asyncio.sleep(2.0)
    go.set()
    start = time.perf_counter()
    sampler = None
    if cpu is not None and timeline is not None:

        async def sample() -> None:
            while True:
                timeline.append((time.perf_counter(), cpu()))
                await asyncio.sleep(0.1)

        sampler = asyncio.create_task(sample())
    players = [c for c in clients if not c.gm]
    while not all(c.done() for c in players) or any(c.own_prompts() or c.inflight for c in clients if c.gm):
        await asyncio.sleep(0.05)
    elapsed = time.perf_counter() - start
    # stop acting: no client sends anything more, and what is in flight is answered, so the table's log
    # is final before it is read (a GM acting on a prompt its socket brought late made the log grow after)
    hold.set()
    await until(
        lambda: [f"{c.table}/{c.seat}: command {c.inflight} never answered" for c in clients if c.inflight],
        timeout=60,
    )
    # then wait until every socket has every entry of its seat's final log (every command's fan-out measured)
    async with httpx.AsyncClient(base_url=ws_base.replace("ws://", "http://"), timeout=60) as http:
        finals: dict[tuple[str, str], tuple[int, int]] = {}
        for c in clients:
            auth = {"X-Seat-Token": tokens[(c.table, c.seat)]}
            view = await http.get(f"/api/tables/{c.table}", headers=auth)
            log = await http.get(f"/api/tables/{c.table}/log", params={"limit": 1000}, headers=auth)
            seqs = [e["seq"] for e in log.json()["entries"]]
            finals[(c.table, c.seat)] = (view.json()["version"], seqs[-1] if seqs else 0)

    def short() -> list[str]:
        out = []
        for c in clients:
            version, seq = finals[(c.table, c.seat)]
            if c.state.get("version", 0) < version or c.last_seq() < seq:
                out.append(
                    f"{c.table}/{c.seat}: has entries to seq {c.last_seq()} and version "
                    f"{c.state.get('version', 0)}, its final log ends at seq {seq} (version {version})"
                )
        return out

    await until(short, timeout=120)
    stop.set()
    if sampler is not None:
        sampler.cancel()
    await asyncio.gather(*tasks)
    return elapsed


async def until(missing: Callable[[], list[str]], *, timeout: float) -> None:
    """Wait until ``missing()`` names nothing; after ``timeout`` s fail, saying what it still names."""
    deadline = time.perf_counter() + timeout
    while left := missing():
        assert time.perf_counter() < deadline, f"still waiting after {timeout:.0f} s: " + "; ".join(left)
        await asyncio.sleep(0.05)


async def hammer_odds(base: str, connections: int, stop: asyncio.Event) -> dict[int, int]:
    """Ask for wide odds without pause until ``stop``; the answers by status code."""
    counts: dict[int, int] = {}
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:

        async def one(n: int) -> None:
            i = n
            while not stop.is_set():
                expr = f"{150 + i % 150}d{100 + (i // 150) % 50}"
                response = await http.get("/api/dice/odds", params={"expr": expr})
                counts[response.status_code] = counts.get(response.status_code, 0) + 1
                i += connections
                await asyncio.sleep(0)

        await asyncio.gather(*(one(n) for n in range(connections)))
    return counts


async def with_hammer(base: str, connections: int, play: Any) -> tuple[float, dict[int, int]]:
    """Run ``play`` (the clients) while the odds hammer runs, if any."""
    if connections <= 0:
        return await play, {}
    stop = asyncio.Event()
    hammer = asyncio.create_task(hammer_odds(base, connections, stop))
    try:
        elapsed = await play
    finally:
        stop.set()
    return elapsed, await hammer


#: seconds after the first command from which play counts as steady (reported beside the whole run)
STEADY_AFTER = 2.0


def latencies(clients: list[Client]) -> list[tuple[float, float]]:
    """Each command's latency and when it was sent: until every seat at its table that may see one of
    its entries has them all (a seat kept from all of them, as players from the GM's secrets, is sent
    nothing and not waited for). A command's entries are found by their ``command_id`` in the GM's stream
    (every entry); a seat's commands landed in the order it sent them, one at a time, each answered."""
    by_table: dict[str, list[Client]] = {}
    for c in clients:
        by_table.setdefault(c.table, []).append(c)
    out = []
    for table, seated in by_table.items():
        gm = next(c for c in seated if c.gm)
        commands: dict[int, list[int]] = {}
        by_seat: dict[str | None, list[int]] = {}
        for e in gm.entries:
            if e["seq"] > gm.start_seq:
                if e["command_id"] not in commands:
                    by_seat.setdefault(e["seat"], []).append(e["command_id"])
                commands.setdefault(e["command_id"], []).append(e["seq"])
        for c in seated:
            mine = by_seat.get(c.seat, [])
            assert len(mine) == len(c.acked), (
                f"{table}/{c.seat}: {len(c.acked)} commands answered, {len(mine)} in the log"
            )
            for (sent, version), command in zip(c.acked, mine, strict=True):
                seqs = commands[command]
                assert version <= seqs[-1], f"{table}/{c.seat}: answered version {version} after its command"
                arrivals = [
                    max(other.seen[q] for q in seqs if q in other.seen)
                    for other in seated
                    if any(q in other.seen for q in seqs)
                ]
                out.append((max(arrivals) - sent, sent))
    return out


def check_logs(base: str, clients: list[Client], tokens: dict[tuple[str, str], str]) -> int:
    """Every client's streamed entries equal the server's log for its seat, and the state it holds (made
    from ``update`` messages, or the last whole one) its projection; returns entries checked."""
    checked = 0
    with httpx.Client(base_url=base, timeout=60) as http:
        for c in clients:
            server = http.get(
                f"/api/tables/{c.table}/log",
                params={"limit": 1000},
                headers={"X-Seat-Token": tokens[(c.table, c.seat)]},
            ).json()
            assert len(server["entries"]) < 1000, "raise the bench's log limit"
            assert c.entries == server["entries"], (
                f"{c.table}/{c.seat}: streamed log differs from the server's"
            )
            state = http.get(f"/api/tables/{c.table}", headers={"X-Seat-Token": tokens[(c.table, c.seat)]})
            held = {k: v for k, v in c.state.items() if k != "type"}
            assert held == state.json(), f"{c.table}/{c.seat}: the state it holds differs from the server's"
            checked += len(c.entries)
    return checked


HEADERS = [
    "server",
    "clients",
    "tables",
    "commands",
    "commands/s",
    "p50 ms",
    "p90 ms",
    "p99 ms",
    "p99 vs anchor",
]

ANCHOR = r"""
import asyncio, json, sys
from websockets.asyncio.server import serve
rooms = {}
async def handler(ws):
    room = rooms.setdefault(ws.request.path, set())
    room.add(ws)
    try:
        async for raw in ws:
            for other in list(room):
                try:
                    await other.send(raw)
                except Exception:
                    pass
    finally:
        room.discard(ws)
async def main():
    async with serve(handler, "127.0.0.1", int(sys.argv[1]), max_size=2**24):
        print("ready", flush=True)
        await asyncio.Future()
asyncio.run(main())
"""


async def anchor_run(port: int, *, tables: int, per_table: int, messages: int) -> tuple[list[float], float]:
    """The same clients on a bare broadcast server: each sends ``messages``, one at a time."""
    received: dict[tuple[int, int], list[float]] = {}
    sent: dict[tuple[int, int], float] = {}
    total = tables * per_table
    ready = asyncio.Barrier(total + 1)
    finished = asyncio.Barrier(total + 1)

    async def one(t: int, i: int) -> None:
        async with connect(f"ws://127.0.0.1:{port}/t{t}", max_size=2**24) as ws:
            await ready.wait()
            expected = messages * per_table
            mine = asyncio.Event()
            count = 0

            async def reader() -> None:
                nonlocal count
                async for raw in ws:
                    now = time.perf_counter()
                    key = tuple(json.loads(raw)["key"])
                    received.setdefault(key, []).append(now)  # type: ignore[arg-type]
                    count += 1
                    if key[0] == t * 1000 + i:
                        mine.set()
                    if count == expected:
                        return

            task = asyncio.create_task(reader())
            for n in range(messages):
                mine.clear()
                key = (t * 1000 + i, n)
                sent[key] = time.perf_counter()
                await ws.send(json.dumps({"key": key, "pad": "x" * 2000}))
                await mine.wait()
            await task
            await finished.wait()

    tasks = [asyncio.create_task(one(t, i)) for t in range(tables) for i in range(per_table)]
    await ready.wait()
    start = time.perf_counter()
    await finished.wait()
    elapsed = time.perf_counter() - start
    await asyncio.gather(*tasks)
    return [max(received[k]) - s for k, s in sent.items()], elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--asks", type=int, default=3, help="checks each player asks for")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client waits before acting")
    parser.add_argument(
        "--ramp",
        type=float,
        default=0.0,
        help="seconds over which the clients start acting (0: all within their first think time)",
    )
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--processes", type=int, default=1, help="server processes (several need PostgreSQL)")
    parser.add_argument("--postgres", action="store_true", help="start a throwaway PostgreSQL on loopback")
    parser.add_argument(
        "--hammer-odds", type=int, default=0, help="connections of one client hammering /api/dice/odds"
    )
    parser.add_argument(
        "--full",
        action="store_true",
        help="clients take each change as entries and a whole state (the protocol before ?delta=1)",
    )
    args = parser.parse_args()
    per_table = args.clients // args.tables
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        cluster_data: Path | None = None
        if args.postgres:
            from tests.store.conftest import PostgresServer, _postgres_bin

            bindir = _postgres_bin()
            assert bindir is not None, "PostgreSQL binaries not found; run scripts/install-system-deps"
            cluster = PostgresServer(bindir)
            cluster.start()
            stack.callback(cluster.stop)
            url = cluster.new_database()
            cluster_data = cluster.data
        servers = []
        for n in range(args.processes):
            servers.append(ServerProcess(url, log=Path(tmp) / f"server{n}.log").start())
            stack.callback(servers[-1].stop)
        clients, tokens = setup_tables(
            servers[0].base, tables=args.tables, per_table=per_table, asks=args.asks
        )
        # the server's CPU so far: start-up and the REST set-up of every table and seat
        setup_cpu = sum(cpu_seconds(s.proc.pid) for s in servers if s.proc is not None)
        client_cpu = time.process_time()
        pg_cpu = cluster_cpu(cluster_data) if cluster_data is not None else 0.0
        load_before = os.getloadavg()[0]
        timeline: list[tuple[float, float]] = []
        elapsed, hammered = asyncio.run(
            with_hammer(
                servers[0].base,
                args.hammer_odds,
                run_clients(
                    [s.ws_base for s in servers],
                    clients,
                    tokens,
                    think=args.think,
                    ramp=args.ramp,
                    full=args.full,
                    cpu=lambda: sum(cpu_seconds(s.proc.pid) for s in servers if s.proc is not None),
                    timeline=timeline,
                ),
            )
        )
        client_cpu = time.process_time() - client_cpu
        if cluster_data is not None:
            pg_cpu = cluster_cpu(cluster_data) - pg_cpu
        sent_lat = latencies(clients)
        lat = [latency for latency, _ in sent_lat]
        # the start apart: by default every client acts within its first think time (~200 commands
        # in the first second on a cold server); steady play is what comes after
        first = min((sent for _, sent in sent_lat), default=0.0)
        steady = [latency for latency, sent in sent_lat if sent - first >= STEADY_AFTER] or lat
        # the server's CPU over the start's commands (those sent in the first STEADY_AFTER s) and after
        early = len(lat) - len(steady) if steady is not lat else 0
        split = next((c for t, c in timeline if t >= first + STEADY_AFTER), timeline[-1][1])
        early_cpu = split - timeline[0][1]
        load_after = os.getloadavg()[0]
        cpu = sum(cpu_seconds(s.proc.pid) for s in servers if s.proc is not None)
        helpers = [d for s in servers if s.proc is not None for d in descendants(s.proc.pid)]
        helper_cpu = 0.0
        for pid in helpers:
            with contextlib.suppress(OSError):
                helper_cpu += cpu_seconds(pid)
        rss = sum(resident_mib(s.proc.pid) for s in servers if s.proc is not None)
        checked = check_logs(servers[-1].base, clients, tokens)
        for server in servers:
            server.stop()
        port = free_port()
        anchor = subprocess.Popen(
            [sys.executable, "-c", ANCHOR, str(port)], stdout=subprocess.PIPE, text=True
        )
        try:
            assert anchor.stdout is not None and anchor.stdout.readline().strip() == "ready"
            commands = len(lat)
            per_client = max(1, round(commands / len(clients)))
            anchor_lat, anchor_elapsed = asyncio.run(
                anchor_run(port, tables=args.tables, per_table=per_table, messages=per_client)
            )
        finally:
            anchor.terminate()
            anchor.wait()
    errors = [e for c in clients for e in c.errors]
    ms = lambda s: f"{s * 1000:.1f}"  # noqa: E731
    rows = [
        [
            f"capeworks serve x{args.processes} ({'PostgreSQL' if 'postgresql' in url else 'SQLite'})",
            str(len(clients)),
            str(args.tables),
            str(commands),
            f"{commands / elapsed:.0f}",
            ms(statistics.median(lat)),
            ms(percentile(lat, 90)),
            ms(percentile(lat, 99)),
            f"{percentile(lat, 99) / percentile(anchor_lat, 99):.1f}x",
        ],
        [
            "anchor: bare websockets broadcast",
            str(len(clients)),
            str(args.tables),
            str(len(anchor_lat)),
            f"{len(anchor_lat) / anchor_elapsed:.0f}",
            ms(statistics.median(anchor_lat)),
            ms(percentile(anchor_lat, 90)),
            ms(percentile(anchor_lat, 99)),
            "1.0x",
        ],
    ]
    print(
        text_table(
            HEADERS,
            rows,
        )
    )
    print(
        f"\nevery client's streamed log equals the server's for its seat ({checked} entries checked); "
        f"refusals: {len(errors)} ({', '.join(sorted(set(errors))) or 'none'}); "
        f"server CPU {cpu / max(1, commands) * 1000:.1f} ms a command (setup included; "
        f"{setup_cpu:.1f} s start-up and set-up, {(cpu - setup_cpu) / max(1, commands) * 1000:.1f} ms "
        "a command in play), "
        f"the clients' own {client_cpu / max(1, commands) * 1000:.1f} ms (same machine); "
        f"server memory {rss:.0f} MiB at the end; "
        f"target p99 < 100 ms: {'met' if percentile(lat, 99) < 0.1 else 'NOT met'} "
        f"(commands sent after the first {STEADY_AFTER:.0f} s: p99 {ms(percentile(steady, 99))} ms, "
        f"{percentile(steady, 99) / percentile(anchor_lat, 99):.1f}x the anchor's whole p99); "
        f"load average {load_before:.1f} -> {load_after:.1f} during the run"
    )
    print(
        f"server CPU from the start to {STEADY_AFTER:.0f} s after the first command: "
        f"{early_cpu / max(1, early) * 1000:.1f} ms a command sent in it ({early} commands); after: "
        f"{(cpu - timeline[0][1] - early_cpu) / max(1, commands - early) * 1000:.1f} ms a command; "
        f"before the first, {timeline[0][1] - setup_cpu:.1f} s to open the {len(clients)} sockets"
    )
    if cluster_data is not None:
        print(f"PostgreSQL's own CPU in play: {pg_cpu / max(1, commands) * 1000:.1f} ms a command")
    if helpers:
        print(f"odds worker processes (living at the end): {len(helpers)}, their CPU {helper_cpu:.1f} s")
    if args.hammer_odds:
        answered = ", ".join(f"{n} x {code}" for code, n in sorted(hammered.items()))
        print(f"odds hammer ({args.hammer_odds} connections, one address) got: {answered}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
