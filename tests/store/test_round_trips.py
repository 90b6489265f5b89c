"""Round trips to PostgreSQL a command costs, counted in libpq's own trace of every message sent.

A command on PostgreSQL pays per statement in SQLAlchemy, psycopg and the
wire (bench/README.md, the web table's stop 35, helper "webpg"): these tests pin how
many times a command waits for the server (every ``Sync`` of the extended
protocol and every simple ``Query``, ``BEGIN`` and ``COMMIT`` included, the
pool's ping too), so the count cannot silently grow back.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import event, text

from capeworks.engine import Command, Event, Seat, Table
from capeworks.errors import ConcurrencyConflict
from capeworks.store import Store, rows
from capeworks.store.repository import NOTIFY_CHANNEL
from tests.engine.toy import Toy
from tests.store.conftest import SEATS, PostgresServer

pytestmark = pytest.mark.postgres


class Trace:
    """libpq's trace of every connection the store opens, from when it is made, into one file."""

    def __init__(self, store: Store, path: Path) -> None:
        self.path = path
        self._files: list[Any] = []
        store.database.dispose()  # every connection from now on is a traced one
        event.listen(store.engine, "connect", self._connect)

    def _connect(self, dbapi_connection: psycopg.Connection[Any], _record: object) -> None:
        handle = open(self.path, "a", buffering=1)  # noqa: SIM115 - closed in close()
        self._files.append(handle)
        # libpq writes through a descriptor of its own (a copy), never one closed under it
        dbapi_connection.pgconn.trace(os.dup(handle.fileno()))
        dbapi_connection.pgconn.set_trace_flags(psycopg.pq.Trace.SUPPRESS_TIMESTAMPS)

    def sent(self) -> list[str]:
        """The messages sent so far that each wait for the server (the type and the start of the text)."""
        lines = self.path.read_text().splitlines() if self.path.exists() else []
        return [line for line in lines if line.startswith("F\t") and line.split("\t")[2] in ("Sync", "Query")]

    def close(self) -> None:
        for handle in self._files:
            handle.close()


def round_trips(trace: Trace, run: Callable[[], object]) -> int:
    before = len(trace.sent())
    run()
    return len(trace.sent()) - before


@pytest.fixture
def traced(postgres_server: PostgresServer, tmp_path: Path) -> Iterator[tuple[Store, Trace, str, Table]]:
    """A store on a fresh PostgreSQL database, traced, with a Toy table and a fold of it kept (as a server
    keeps one) that has written one command already (its pool warm, its chain walked)."""
    with Store(postgres_server.new_database(), resolve_ruleset=lambda name: Toy(), snapshot_every=0) as store:
        created = store.create_table(Toy(), seats=SEATS, seed=1)
        table = store.load(created.id)
        trace = Trace(store, tmp_path / "libpq.trace")
        store.execute(created.id, note("warm"), table=table)
        try:
            yield store, trace, created.id, table
        finally:
            trace.close()


def note(text: str) -> Command:
    return Command(type="note", seat="gm", payload={"text": text})


def test_a_server_command_on_its_kept_fold__six_round_trips(traced: tuple[Store, Trace, str, Table]) -> None:
    store, trace, table_id, table = traced

    def command() -> None:
        # as the server runs one: within the deadline its queue left (a shorter lock wait)
        with store.deadline(time.monotonic() + 5):
            store.execute(table_id, note("one"), table=table)

    # the pool's ping, BEGIN, the row lock with the shorter wait, the catch-up read (with the check of the
    # event the fold stands at), the write (compare-and-set, event, NOTIFY), COMMIT; main took 9
    assert round_trips(trace, command) == 6
    assert table.version == 6 and store.log(table_id)[-1].data["text"] == "one"


def test_a_command_with_a_request_id__one_more_for_the_landed_check(
    traced: tuple[Store, Trace, str, Table],
) -> None:
    store, trace, table_id, table = traced
    run = lambda: store.execute(table_id, note("once"), table=table, request_id="r-1")  # noqa: E731
    # the six above (without a deadline the lock needs no wait of its own) and the read of the request;
    # the request's row goes in with the write; main took 10
    assert round_trips(trace, run) == 7
    # sent again: found landed, nothing written (ping, BEGIN, lock, catch-up, the landed read, COMMIT)
    assert round_trips(trace, run) == 6
    assert store.landed(table_id, "gm", "r-1") == store.landed(table_id, "gm", "r-1") is not None
    assert [e.data.get("text") for e in store.log(table_id)[-2:]] == ["warm", "once"]


def test_the_one_statement_write__chain_notice_and_a_join_as_before(
    traced: tuple[Store, Trace, str, Table], postgres_server: PostgresServer
) -> None:
    store, _trace, table_id, table = traced
    listening = psycopg.connect(store.engine.url.set(drivername="postgresql").render_as_string(False))
    listening.autocommit = True
    listening.execute(f"LISTEN {NOTIFY_CHANNEL}")
    try:
        store.execute(table_id, note('heard: é "q" \\ \n ☃'), table=table)
        notices = list(listening.notifies(timeout=5, stop_after=1))
    finally:
        listening.close()
    assert [json.loads(n.payload) for n in notices] == [{"table": table_id, "from": store.origin}]
    # the payload's text stored as the statement-at-a-time path stores it (json.dumps of the event)
    with store.engine.connect() as connection:
        stored = connection.scalar(
            text("SELECT CAST(payload AS TEXT) FROM events WHERE table_id = :t AND seq = :s"),
            {"t": table_id, "s": table.version},
        )
    assert stored == json.dumps(table.log[-1].model_dump(mode="json"))
    joined = store.join(table_id, Seat(id="cy", name="Cy"), by="gm", table=table)
    # the seat's row with its token's hash went in after the statement, in the same transaction
    assert store.authenticate(table_id, joined.token).id == "cy"
    # every link of the chain and the table's row agree with a replay, seen from another process's store
    with Store(store.engine.url.render_as_string(False), resolve_ruleset=lambda name: Toy()) as other:
        assert other.verify(table_id).events == table.version
        assert other.load(table_id).fold_fields() == table.fold_fields()


def test_the_one_statement_write__a_stale_version_writes_nothing(
    traced: tuple[Store, Trace, str, Table],
) -> None:
    store, _trace, table_id, table = traced
    at = table.version
    head = store.log(table_id)[-1]
    stale = Event.model_validate(head.model_dump() | {"seq": at})  # numbered as if the table were at at - 1
    refused = pytest.raises(ConcurrencyConflict, match=f"you had version {at - 1}; it is at version {at}")
    with refused, store.database.write(lock=table_id) as connection:
        rows.advance(
            connection,
            table_id,
            [stale],
            expected_version=at - 1,
            token_hashes={},
            previous="0" * 64,
            request=("gm", "r-stale"),
            notice=(NOTIFY_CHANNEL, "{}"),
        )
    assert store.record(table_id).version == at and len(store.log(table_id)) == at
    assert store.landed(table_id, "gm", "r-stale") is None
