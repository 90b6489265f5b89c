"""A running server names a table row edited below its log as damage (issue 21, defect 8, in part).

Fault-tested from outside: with ``tables.version`` lowered by one, every
command got 409 "...changed while you were acting... reload and try again"
forever, though no reload could help. Here the store, under the table's
lock, sees that the row and the log disagree and says the database was
changed outside capeworks (503), on the server's cached fold and on a fresh
load alike; nothing is written.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, select, text, update

from capeworks.engine import Command, Viewer
from capeworks.errors import ConcurrencyConflict, StoreUnavailable
from capeworks.server import create_app
from capeworks.store import Store
from capeworks.store.chain import link
from capeworks.store.models import EVENTS, SNAPSHOTS, TABLES
from tests.engine.toy import Toy
from tests.server.conftest import RWYN_SEATS, Seated, act, create, ok
from tests.store.conftest import SEATS, db_url  # noqa: F401  (SQLite, and PostgreSQL when installed)


def _lower_version(store: Store, table_id: str) -> int:
    version = store.record(table_id).version
    with store.engine.begin() as connection:
        connection.execute(update(TABLES).where(TABLES.c.id == table_id).values(version=version - 1))
    return version


def test_version_lowered__running_server_names_the_damage(
    client: TestClient, rwyn: Seated, store: Store
) -> None:
    ok(client, rwyn, "gm", "gm_note", text="before the edit")  # the server now keeps a fold of the table
    version = _lower_version(store, rwyn.id)
    for _ in range(2):  # not a race: the same answer every time
        answer = act(client, rwyn, "gm", "gm_note", text="after the edit")
        assert answer.status_code == 503, answer.text
        assert answer.json()["message"] == (
            f"The row of table {rwyn.id!r} says version {version - 1} but its log reaches event {version} "
            "(the database was changed outside capeworks; restore it from a backup)."
        )
    assert len(store.log(rwyn.id)) == version


def test_version_lowered__store_names_the_damage(db_url: str) -> None:  # noqa: F811
    with Store(db_url, resolve_ruleset=lambda n: Toy()) as store:
        table_id = store.create_table(Toy(), seats=SEATS, seed=1).id
        store.execute(table_id, Command(type="note", seat="gm", payload={"text": "one"}))
        _lower_version(store, table_id)
        with pytest.raises(StoreUnavailable, match="says version 4 but its log reaches event 5") as caught:
            store.execute(table_id, Command(type="note", seat="gm", payload={"text": "two"}))
        assert not isinstance(caught.value, ConcurrencyConflict)


# -- every tamper scenario against a running server (issue 21, defect 8) ------------------------------
#
# Each test starts the web table on SQLite and on the real PostgreSQL, plays a few commands so the
# server keeps a fold of the table, edits the database underneath it with plain SQL, and checks that
# the next command is a 503 naming the damage with nothing written. ``recheck`` is the store's
# interval between walks of the whole chain: the cheap check every command makes (the event the fold
# stands at is the one it read or wrote) needs no walk, so those scenarios run with walks an hour apart.

HOUR = 3600.0
DAMAGED = "(the database was changed outside capeworks; restore it from a backup)"


@contextmanager
def running(url: str, *, recheck: float, snapshot_every: int = 100) -> Iterator[tuple[TestClient, Store]]:
    """The web table on ``url`` (the store's walks ``recheck`` seconds apart), and a second handle."""
    served = Store(url, recheck=recheck, snapshot_every=snapshot_every)
    with (
        TestClient(create_app(store=served, front_end=False, poll_seconds=0.5)) as client,
        Store(url) as other,
    ):
        yield client, other
    served.close()


def _played(client: TestClient, notes: int = 3) -> Seated:
    table = create(client, "rwyn", RWYN_SEATS, title="Night shift")
    for n in range(notes):
        ok(client, table, "gm", "gm_note", text=f"note {n}")
    return table


def _payload(store: Store, table_id: str, seq: int) -> dict[str, Any]:
    with store.engine.connect() as connection:
        found = connection.scalar(
            select(EVENTS.c.payload).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == seq)
        )
    return dict(found)


def _hash(store: Store, table_id: str, seq: int) -> str:
    with store.engine.connect() as connection:
        return str(
            connection.scalar(select(EVENTS.c.hash).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == seq))
        )


def _set(store: Store, table_id: str, seq: int, **values: Any) -> None:
    with store.engine.begin() as connection:
        connection.execute(
            update(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == seq).values(**values)
        )


def _edited(store: Store, table_id: str, seq: int) -> dict[str, Any]:
    payload = _payload(store, table_id, seq)
    payload["seat"] = "ann" if payload.get("seat") != "ann" else "bo"
    return payload


def _refused(client: TestClient, table: Seated, store: Store, message: str) -> None:
    """The next command (twice: the same answer every time) is a 503 with ``message``; nothing written."""
    version = store.record(table.id).version
    for _ in range(2):
        answer = act(client, table, "gm", "gm_note", text="onto the damage")
        assert answer.status_code == 503, answer.text
        assert answer.json()["message"] == message
    assert store.record(table.id).version == version


def test_edited_old_event__the_next_command_names_it(db_url: str) -> None:  # noqa: F811
    with running(db_url, recheck=0) as (client, store):
        table = _played(client)
        _set(store, table.id, 2, payload=_edited(store, table.id, 2))
        _refused(
            client,
            table,
            store,
            f"Event 2 of table {table.id!r} does not match its hash: it or the event before it was "
            f"changed {DAMAGED}.",
        )


def test_edited_latest_event__the_next_command_and_read_name_it_without_a_walk(db_url: str) -> None:  # noqa: F811
    with running(db_url, recheck=HOUR) as (client, store):
        table = _played(client)
        latest = store.record(table.id).version
        _set(store, table.id, latest, payload=_edited(store, table.id, latest))
        message = (
            f"Event {latest} of table {table.id!r} does not match its hash: it or the event before it was "
            f"changed {DAMAGED}."
        )
        _refused(client, table, store, message)
        got = client.get(f"/api/tables/{table.id}", headers=table.auth("gm"))
        assert got.status_code == 503 and got.json()["message"] == message


def test_careless_rehash_of_the_latest_event__is_named_though_its_chain_holds(db_url: str) -> None:  # noqa: F811
    with running(db_url, recheck=HOUR) as (client, store):
        table = _played(client)
        latest = store.record(table.id).version
        payload = _edited(store, table.id, latest)
        _set(store, table.id, latest, payload=payload, hash=link(_hash(store, table.id, latest - 1), payload))
        store.verify(table.id)  # the chain holds: only the server that wrote event `latest` can tell
        _refused(
            client,
            table,
            store,
            f"Event {latest} of table {table.id!r} is not the event this server last read or wrote there: "
            f"it was changed and its hash written anew {DAMAGED}.",
        )


def test_careless_rehash_of_an_old_event__breaks_the_next_link(db_url: str) -> None:  # noqa: F811
    with running(db_url, recheck=0) as (client, store):
        table = _played(client)
        payload = _edited(store, table.id, 3)
        _set(store, table.id, 3, payload=payload, hash=link(_hash(store, table.id, 2), payload))
        _refused(
            client,
            table,
            store,
            f"Event 4 of table {table.id!r} does not match its hash: it or the event before it was "
            f"changed {DAMAGED}.",
        )


def test_a_row_that_is_not_json__is_named(db_url: str) -> None:  # noqa: F811
    with running(db_url, recheck=0) as (client, store):
        table = _played(client)
        with store.engine.begin() as connection:
            # PostgreSQL's json type takes only JSON: there, the row is JSON but no event
            bad = "{not json" if connection.dialect.name == "sqlite" else '"not an event"'
            connection.execute(
                text("UPDATE events SET payload = :bad WHERE table_id = :t AND seq = 3"),
                {"bad": bad, "t": table.id},
            )
            sqlite = connection.dialect.name == "sqlite"
        what = "is not valid JSON" if sqlite else "is not a readable event"
        _refused(client, table, store, f"Event 3 of table {table.id!r} {what} {DAMAGED}.")


def test_a_deleted_middle_row__is_named_as_a_gap(db_url: str) -> None:  # noqa: F811
    with running(db_url, recheck=0) as (client, store):
        table = _played(client)
        with store.engine.begin() as connection:
            connection.execute(delete(EVENTS).where(EVENTS.c.table_id == table.id, EVENTS.c.seq == 3))
        _refused(
            client, table, store, f"The log of table {table.id!r} has a gap: event 3 is missing {DAMAGED}."
        )


def test_an_edited_event_behind_the_latest_snapshot__refuses_writes_as_reads(db_url: str) -> None:  # noqa: F811
    # snapshots every 4 events: the edited event 2 lies behind them; a load reads only the tail
    with running(db_url, recheck=HOUR, snapshot_every=4) as (client, store):
        table = _played(client, notes=6)
        _set(store, table.id, 2, payload=_edited(store, table.id, 2))
    message = (
        f"Event 2 of table {table.id!r} does not match its hash: it or the event before it was "
        f"changed {DAMAGED}."
    )
    # a server started on it (the walk is due before a fold's first command, whatever ``recheck``)
    with running(db_url, recheck=HOUR, snapshot_every=4) as (client, store):
        assert client.get(f"/api/tables/{table.id}", headers=table.auth("gm")).status_code == 200
        _refused(client, table, store, message)
        page = client.get(f"/api/tables/{table.id}/log", params={"since": 0}, headers=table.auth("gm"))
        assert page.status_code == 503 and page.json()["message"] == message


def test_an_edited_snapshot__is_passed_over_and_the_table_rebuilt_from_its_log(db_url: str) -> None:  # noqa: F811
    with running(db_url, recheck=HOUR, snapshot_every=4) as (client, store):
        table = _played(client, notes=6)
        with store.engine.begin() as connection:
            version, state = connection.execute(
                select(SNAPSHOTS.c.version, SNAPSHOTS.c.state)
                .where(SNAPSHOTS.c.table_id == table.id)
                .order_by(SNAPSHOTS.c.version.desc())
            ).first()  # type: ignore[misc]
            connection.execute(
                update(SNAPSHOTS)
                .where(SNAPSHOTS.c.table_id == table.id, SNAPSHOTS.c.version == version)
                .values(state=state | {"title": "Forged"})
            )
        with pytest.raises(StoreUnavailable, match=f"snapshot of table {table.id!r} at version {version}"):
            store.verify(table.id)
    with running(db_url, recheck=HOUR, snapshot_every=4) as (client, store):
        got = client.get(f"/api/tables/{table.id}", headers=table.auth("gm"))
        assert got.status_code == 200 and got.json()["title"] == "Night shift"
        ok(client, table, "gm", "gm_note", text="after the forged snapshot")
        replay = store.load(table.id, use_snapshot=False)
        assert store.load(table.id).view(Viewer.gm()) == replay.view(Viewer.gm())


def test_version_lowered__on_both_databases(db_url: str) -> None:  # noqa: F811
    with running(db_url, recheck=HOUR) as (client, store):
        table = _played(client)
        version = _lower_version(store, table.id)
        _refused(
            client,
            table,
            store,
            f"The row of table {table.id!r} says version {version - 1} but its log reaches event {version} "
            f"{DAMAGED}.",
        )


def test_the_cli__refuses_to_write_onto_an_edit_behind_the_snapshot(db_url: str) -> None:  # noqa: F811
    from typer.testing import CliRunner

    from capeworks.cli.app import app

    with running(db_url, recheck=HOUR, snapshot_every=4) as (client, store):
        table = _played(client, notes=6)
        version = store.record(table.id).version
        _set(store, table.id, 2, payload=_edited(store, table.id, 2))
    result = CliRunner().invoke(
        app, ["table", "do", table.id, "gm", "gm_note", "text=onto it", "--db", db_url]
    )
    assert result.exit_code != 0
    assert f"Event 2 of table {table.id!r} does not match its hash" in " ".join(result.output.split())
    with Store(db_url) as store:
        assert store.record(table.id).version == version
