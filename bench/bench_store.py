"""The store on long tables and under concurrent writers, on SQLite and PostgreSQL (issue 8, items 5-6).

* A command on a 50,000-event table against the same command on a 100-event
  table (the anchor), in the same process: target ratio ≤ 1.5.
* Commands per second: one table with 1 writer and with 8 writers, and 8
  tables with one writer each (writers are spawned processes, each with its
  own Store); every command must land (refusals are counted and reported).
* ``capeworks table do`` as a whole process on a SQLite table of 1,000 events
  (target under 500 ms), beside ``capeworks --help`` as the start-up anchor.
* The write path the web table calls per command (issue 10): CPU per
  ``Store.append`` (and ``events_since``, ``record``, ``save_snapshot``) beside
  the same statements sent through the bare driver (``sqlite3``, ``psycopg``)
  in one transaction, in the same process; wall time per call too.

The commands are Roll When You Need ``set_ability`` by the GM: a real ruleset
whose state stays the same size however long the log. Long logs are built in
memory and written with ``Store.append`` in chunks, with a snapshot every 100
events as ``execute`` would write them (building 50,000 events one command at
a time would take minutes and measures nothing extra). PostgreSQL runs on a
throwaway server on loopback, started the way the store tests start theirs;
without the binaries that half is skipped.

Run: ``python bench/bench_store.py`` (``--quick``: 5,000 events instead of 50,000;
``--only long|writers|cli|append``: one section; ``--sqlite-only``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.store.conftest's PostgreSQL server

from _timing import table
from capeworks.engine import Command, Event, Seat, Table, get_ruleset
from capeworks.store import Store, chain

SEATS = (Seat(id="gm", name="Game master", role="gm"), Seat(id="ann", name="Ann"))
EVERY = 100
WRITERS = 8
PER_WRITER = 50
#: rounds of 10 calls per table in the long-table comparison (the median is reported)
ROUNDS = 9
#: rounds of APPEND_CALLS calls of each write-path operation, interleaved with its anchor
APPEND_ROUNDS = 15
APPEND_CALLS = 20


def set_ability(i: int) -> Command:
    return Command(
        type="set_ability",
        seat="gm",
        payload={"character": "ada", "ability": "Science", "rating": 1 + i % 5},
    )


def build(store: Store, events: int) -> str:
    """A rwyn table of ``events`` events (Ada, then set_ability commands), snapshots every 100."""
    created = store.create_table("rwyn", seats=SEATS, title="bench")
    store.execute(
        created.id,
        Command(type="add_character", seat="gm", payload={"id": "ada", "sample": "ada", "owner": "ann"}),
    )
    table = Table(get_ruleset("rwyn"), store.log(created.id))
    chunk: list[Event] = []
    start, i = table.version, 0
    while table.version < events:
        chunk.extend(table.execute(set_ability(i)))
        i += 1
        if table.version % EVERY == 0 or table.version >= events:
            store.append(created.id, chunk, expected_version=start)
            start, chunk = table.version, []
            if table.version % EVERY == 0:
                store.save_snapshot(created.id, table)
    return created.id


def median_ms(fn: Callable[[], object], *, calls: int, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - began) / calls)
    return statistics.median(times) * 1e3


def long_table(url: str, events: int) -> list[list[str]]:
    """A command, a load and a log page on a long table against a 100-event one."""
    rows = []
    with Store(url) as store:
        short, long_ = build(store, 100), build(store, events)
        counter = iter(range(10**9))
        cases: dict[str, Callable[[str], object]] = {
            "execute set_ability": lambda t: store.execute(t, set_ability(next(counter))),
            "undo (GM)": lambda t: store.undo(t, "gm"),
            "load": store.load,
            "log page (last 50)": lambda t: (tb := store.load(t)).log_view(
                tb.viewer_for("ann"), since=tb.version - 50
            ),
        }
        for name, fn in cases.items():
            # interleave the two tables so drift on a shared machine hits both alike
            base, big = [], []
            for _ in range(ROUNDS):
                base.append(median_ms(lambda f=fn: f(short), calls=10, runs=1))
                big.append(median_ms(lambda f=fn: f(long_), calls=10, runs=1))
            b, g = statistics.median(base), statistics.median(big)
            rows.append([name, f"{b:.2f}", f"{g:.2f}", f"{g / b:.2f}"])
    return rows


def _writer(url: str, table_id: str, ready: Any, out: Any) -> None:
    with Store(url) as store:
        store.execute(table_id, set_ability(0))  # import, connect and warm up before the start
        ready.wait()
        began, refused = time.monotonic(), 0
        for i in range(PER_WRITER):
            try:
                store.execute(table_id, set_ability(i))
            except Exception:  # counted: every refusal misses the target
                refused += 1
        out.put((began, time.monotonic(), refused))


def throughput(url: str, tables: list[str]) -> tuple[float, int, int]:
    """Commands per second with one spawned writer process per entry of ``tables``.

    Measured from the first writer's start to the last one's end (CLOCK_MONOTONIC
    is one clock for every process on Linux).
    """
    ctx = multiprocessing.get_context("spawn")
    ready, out = ctx.Barrier(len(tables) + 1), ctx.Queue()
    procs = [ctx.Process(target=_writer, args=(url, t, ready, out)) for t in tables]
    for p in procs:
        p.start()
    ready.wait(timeout=300)
    results = [out.get(timeout=600) for _ in procs]
    for p in procs:
        p.join()
    began = min(r[0] for r in results)
    ended = max(r[1] for r in results)
    refused = sum(r[2] for r in results)
    done = len(tables) * PER_WRITER - refused
    return done / (ended - began), done, refused


def writers(url: str) -> list[list[str]]:
    with Store(url) as store:
        one = build(store, 1000)
        many = [build(store, 1000) for _ in range(WRITERS)]
    rows = []
    for name, tables in (
        ("1 table, 1 writer", [one]),
        (f"1 table, {WRITERS} writers", [one] * WRITERS),
        (f"{WRITERS} tables, 1 writer each", many),
    ):
        rate, done, refused = throughput(url, tables)
        rows.append([name, f"{rate:.0f}", str(done), str(refused)])
    return rows


def cli(url: str, table_id: str) -> list[str]:
    """Median ms of ``capeworks table do`` on ``table_id`` as a whole process."""
    exe = [sys.executable, "-m", "capeworks"]
    do = [*exe, "table", "do", table_id, "gm", "set_ability", "character=ada", "ability=Science"]
    times = []
    for i in range(7):
        began = time.perf_counter()
        subprocess.run([*do, f"rating={1 + i % 5}", "--db", url], check=True, capture_output=True)
        times.append(time.perf_counter() - began)
    return [f"{statistics.median(times) * 1e3:.0f}"]


def _process_ms(argv: list[str]) -> float:
    times = []
    for _ in range(7):
        began = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1e3


def cli_rows(tmp: Path, events: int) -> list[list[str]]:
    """``table do`` beside two anchors: ``--help`` and importing what ``table do`` imports."""
    helps = _process_ms([sys.executable, "-m", "capeworks", "--help"])
    imports = _process_ms(
        [sys.executable, "-c", "import capeworks.cli.table_commands, capeworks.systems.rwyn.ruleset"]
    )
    rows = []
    for size in (1000, events):
        url = f"sqlite:///{tmp / f'cli-{size}.sqlite3'}"
        with Store(url) as store:
            table_id = build(store, size)
        rows.append([f"{size:,}", *cli(url, table_id), f"{helps:.0f}", f"{imports:.0f}"])
    return rows


# -- the write path, against the bare driver -----------------------------------------------------


class RawStore:
    """The anchor: what ``Store.append`` and friends send, through the bare DB-API driver.

    Same schema, same database, same statements (the version's compare-and-set,
    the previous hash, the event rows), one transaction each; the event is dumped
    and chained here as well, so the gap to ``Store`` is the layers between.
    """

    def __init__(self, url: str) -> None:
        self.sqlite = url.startswith("sqlite")
        if self.sqlite:
            import sqlite3

            self.conn: Any = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
            self.conn.execute("PRAGMA synchronous=FULL")  # as the store's connections (WAL is per file)
            self.mark = "?"
        else:
            import psycopg

            self.conn = psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"))
            self.mark = "%s"

    def _sql(self, statement: str) -> str:
        return statement.replace("?", self.mark)

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        cursor = self.conn.cursor()
        if self.sqlite:
            cursor.execute("BEGIN IMMEDIATE")
        try:
            yield cursor
        except BaseException:
            self.conn.rollback()
            raise
        self.conn.commit()

    def append(self, table_id: str, events: Sequence[Event], *, expected_version: int) -> None:
        with self._transaction() as cur:
            cur.execute(
                self._sql("UPDATE tables SET version = ? WHERE id = ? AND version = ?"),
                (expected_version + len(events), table_id, expected_version),
            )
            assert cur.rowcount == 1
            cur.execute(
                self._sql("SELECT hash FROM events WHERE table_id = ? AND seq = ?"),
                (table_id, expected_version),
            )
            previous = cur.fetchone()[0]
            now, rows = datetime.now(UTC), []
            for event in events:
                payload = event.model_dump(mode="json")
                previous = chain.link(previous, payload)
                rows.append(
                    (
                        table_id,
                        event.seq,
                        event.command_id,
                        event.type,
                        event.seat,
                        json.dumps(payload),
                        now,
                        previous,
                    )
                )
            cur.executemany(
                self._sql(
                    "INSERT INTO events (table_id, seq, command_id, type, seat, payload, created_at, hash) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                ),
                rows,
            )

    def events_since(self, table_id: str, version: int) -> list[tuple[Any, ...]]:
        with self._transaction() as cur:
            cur.execute(self._sql("SELECT version FROM tables WHERE id = ?"), (table_id,))
            assert cur.fetchone() is not None
            cur.execute(
                self._sql("SELECT hash FROM events WHERE table_id = ? AND seq = ?"), (table_id, version)
            )
            previous = cur.fetchone()[0]
            cur.execute(
                self._sql(
                    "SELECT seq, payload, hash FROM events WHERE table_id = ? AND seq > ? ORDER BY seq"
                ),
                (table_id, version),
            )
            rows = cur.fetchall()
        payloads = [json.loads(p) if isinstance(p, str) else p for _, p, _ in rows]
        assert [h for *_, h in rows] == list(chain.links(payloads, previous=previous))
        return [(Event.model_validate(p),) for p in payloads]

    def record(self, table_id: str) -> tuple[Any, ...]:
        with self._transaction() as cur:
            cur.execute(
                self._sql("SELECT id, title, ruleset, created_at, version FROM tables WHERE id = ?"),
                (table_id,),
            )
            row: tuple[Any, ...] = cur.fetchone()
        return row

    def save_snapshot(self, table_id: str, table: Table) -> None:
        from capeworks.store import snapshot

        with self._transaction() as cur:
            cur.execute(
                self._sql("SELECT hash FROM events WHERE table_id = ? AND seq = ?"), (table_id, table.version)
            )
            state = snapshot.capture(table, cur.fetchone()[0])
            cur.execute(
                self._sql("INSERT INTO snapshots (table_id, version, state, created_at) VALUES (?, ?, ?, ?)"),
                (table_id, table.version, json.dumps(state), datetime.now(UTC)),
            )

    def close(self) -> None:
        self.conn.close()


def _cpu_and_wall(fn: Callable[[], object]) -> tuple[float, float]:
    cpu, wall = time.process_time(), time.perf_counter()
    fn()
    return time.process_time() - cpu, time.perf_counter() - wall


def write_path(url: str) -> list[list[str]]:
    """CPU and wall µs per call of the store's write path and of the bare driver, interleaved."""
    rounds: dict[str, dict[str, list[tuple[float, float]]]] = {}
    with Store(url, snapshot_every=0) as store:
        raw = RawStore(url)
        try:
            sides: dict[str, tuple[Any, str]] = {
                "store": (store, build(store, 100)),
                "raw": (raw, build(store, 100)),
            }
            tables = {side: Table(get_ruleset("rwyn"), store.log(t)) for side, (_, t) in sides.items()}
            counter = iter(range(10**9))

            def append(side: str) -> tuple[float, float]:
                target, table_id = sides[side]
                table = tables[side]
                events = table.prepare(set_ability(next(counter)))
                took = _cpu_and_wall(lambda: target.append(table_id, events, expected_version=table.version))
                table.commit(events)
                return took

            def run(side: str) -> tuple[float, float]:
                # the web table's command: Store.run on the fold it keeps (catch up, check the event
                # the fold stands at, decide, append); the anchor is the driver's bare append
                if side == "raw":
                    return append(side)
                table_id, table = sides[side][1], tables[side]
                command = set_ability(next(counter))
                return _cpu_and_wall(lambda: store.run(table_id, lambda t: t.prepare(command), table=table))

            def since(side: str) -> tuple[float, float]:
                target, table_id = sides[side]
                return _cpu_and_wall(lambda: target.events_since(table_id, tables[side].version - 1))

            def record(side: str) -> tuple[float, float]:
                target, table_id = sides[side]
                return _cpu_and_wall(lambda: target.record(table_id))

            def snap(side: str) -> tuple[float, float]:
                append(side)  # a version with no snapshot yet
                target, table_id = sides[side]
                return _cpu_and_wall(lambda: target.save_snapshot(table_id, tables[side]))

            cases = {
                "append (1 event)": append,
                "run, kept fold (1 event)": run,
                "events_since (1 event)": since,
                "record": record,
                "save_snapshot": snap,
            }
            for name, fn in cases.items():
                got = rounds[name] = {"store": [], "raw": []}
                for side in ("store", "raw"):
                    for _ in range(APPEND_CALLS):
                        fn(side)  # warm up: caches, pool, compiled statements
                for _ in range(APPEND_ROUNDS):
                    for side in ("store", "raw"):
                        took = [fn(side) for _ in range(APPEND_CALLS)]
                        got[side].append((sum(c for c, _ in took), sum(w for _, w in took)))
        finally:
            raw.close()
    rows = []
    for name, got in rounds.items():
        cpu = {side: statistics.median(c for c, _ in got[side]) / APPEND_CALLS * 1e6 for side in got}
        wall = {side: statistics.median(w for _, w in got[side]) / APPEND_CALLS * 1e6 for side in got}
        rows.append(
            [
                name,
                f"{cpu['store']:.0f}",
                f"{cpu['raw']:.0f}",
                f"{cpu['store'] / cpu['raw']:.1f}",
                f"{wall['store']:.0f}",
                f"{wall['raw']:.0f}",
            ]
        )
    return rows


@contextmanager
def postgres(*, skip: bool = False) -> Iterator[str | None]:
    """A throwaway PostgreSQL on loopback (tests/store/conftest.py's server), or None without binaries."""
    from tests.store.conftest import PostgresServer, _postgres_bin

    bindir = None if skip else _postgres_bin()
    if bindir is None:
        yield None
        return
    server = PostgresServer(bindir)
    server.start()
    try:
        yield server.new_database()
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5,000 events instead of 50,000")
    parser.add_argument("--only", choices=["long", "writers", "cli", "append"], help="run one section")
    parser.add_argument("--sqlite-only", action="store_true", help="skip PostgreSQL")
    args = parser.parse_args()
    events = 5_000 if args.quick else 50_000
    wanted = {args.only} if args.only else {"long", "writers", "cli", "append"}
    os.environ.pop("CAPEWORKS_DATABASE_URL", None)
    with (
        tempfile.TemporaryDirectory(prefix="capeworks-bench-") as tmp,
        postgres(skip=args.sqlite_only or wanted == {"cli"}) as pg,
    ):
        backends = {"SQLite": f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"}
        if pg is not None:
            backends["PostgreSQL"] = pg
        for name, url in backends.items():
            if "long" in wanted:
                print(f"\n### {name}: {events:,}-event table vs 100-event table (ms per call, median)\n")
                print(
                    table(
                        ["operation", "100 events", f"{events:,} events", "ratio (target ≤1.5)"],
                        long_table(url, events),
                    )
                )
            if "append" in wanted:
                print(
                    f"\n### {name}: the write path, µs per call (median of {APPEND_ROUNDS} rounds "
                    f"of {APPEND_CALLS}), beside the bare driver\n"
                )
                print(
                    table(
                        ["operation", "Store CPU", "driver CPU", "CPU ratio", "Store wall", "driver wall"],
                        write_path(url),
                    )
                )
            if "writers" in wanted:
                print(f"\n### {name}: commands per second ({PER_WRITER} commands per writer process)\n")
                print(table(["writers", "commands/s", "landed", "refused (target 0)"], writers(url)))
        if "cli" in wanted:
            print("\n### CLI: `capeworks table do` as a whole process on SQLite (ms, median of 7)\n")
            print(
                table(
                    ["events", "table do ms (target <500 at 1,000)", "--help ms", "imports only ms"],
                    cli_rows(Path(tmp), events),
                )
            )


if __name__ == "__main__":
    main()
