"""A running server names a table row edited below its log as damage (issue 21, defect 8, in part).

Fault-tested from outside: with ``tables.version`` lowered by one, every
command got 409 "...changed while you were acting... reload and try again"
forever, though no reload could help. Here the store, under the table's
lock, sees that the row and the log disagree and says the database was
changed outside capeworks (503), on the server's cached fold and on a fresh
load alike; nothing is written.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from capeworks.engine import Command
from capeworks.errors import ConcurrencyConflict, StoreUnavailable
from capeworks.store import Store
from capeworks.store.rows import TABLES
from tests.engine.toy import Toy
from tests.server.conftest import Seated, act, ok
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
