"""Long tables on SQLite and PostgreSQL: a command reads the latest snapshot and the events after it.

Issue 8, item 5. On main every load read the whole log (a command cost grew
with the table); here the number of event rows a load reads is bounded by the
snapshot interval, and what it answers still equals a full replay, undo
reaching behind snapshots included.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import delete, select

from capeworks.engine import Command, Event, Table, Viewer
from capeworks.store import Store
from capeworks.store.models import SNAPSHOTS
from tests.engine.toy import Toy
from tests.store.conftest import SEATS

EVERY = 20


def note(text: str) -> Command:
    return Command(type="note", seat="gm", payload={"text": text})


class EventsRead:
    """Counts the events the store parses from rows (every read of the log goes through this)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = Event.model_validate

        def counting(cls: type[Event], obj: Any, *args: Any, **kwargs: Any) -> Event:
            if isinstance(obj, dict) and "seq" in obj:
                self.count += 1
            return real(obj, *args, **kwargs)

        monkeypatch.setattr(Event, "model_validate", classmethod(counting))

    def since(self, start: int) -> int:
        return self.count - start


@pytest.fixture
def long_table(db_url: str, toy: Toy) -> Iterator[tuple[Store, str]]:
    """A table of 4 set-up events and 200 notes, snapshots every 20 events."""
    with Store(db_url, resolve_ruleset=lambda n: toy, snapshot_every=EVERY) as store:
        created = store.create_table(toy, seats=SEATS, seed=4)
        for i in range(200):
            store.execute(created.id, note(f"n{i}"))
        yield store, created.id


def test_load__reads_the_snapshot_and_the_tail_not_the_log(
    long_table: tuple[Store, str], toy: Toy, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, table_id = long_table
    read = EventsRead(monkeypatch)
    table = store.load(table_id)
    # 204 events, snapshots at 20, 40, ... 200: the load reads events 201 to 204
    assert table.version == 204
    assert read.count == 4
    start = read.count
    store.execute(table_id, Command(type="add", seat="ann", payload={"dice": 1}), dice=[3])
    assert read.since(start) == 4
    assert table.view(Viewer.gm()) == Table(toy, store.log(table_id)[:204]).view(Viewer.gm())


def test_execute__cost_does_not_grow_with_the_log(
    long_table: tuple[Store, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, table_id = long_table
    read = EventsRead(monkeypatch)
    for i in range(3 * EVERY):
        before = read.count
        store.execute(table_id, note(f"more {i}"))
        # never more than one snapshot interval of events per command, at 204 events as at 264
        assert read.since(before) < EVERY


def _snapshot_versions(store: Store, table_id: str) -> list[int]:
    with store.engine.connect() as conn:
        return list(
            conn.scalars(
                select(SNAPSHOTS.c.version)
                .where(SNAPSHOTS.c.table_id == table_id)
                .order_by(SNAPSHOTS.c.version)
            )
        )


def test_snapshots__written_every_n_events_and_after_each_undo(
    long_table: tuple[Store, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, table_id = long_table
    assert _snapshot_versions(store, table_id) == list(range(EVERY, 201, EVERY))
    store.undo(table_id, "gm")
    store.undo(table_id, "gm")
    # 204 events, then two reverts: snapshots at 205 and 206, so the next load folds nothing
    assert _snapshot_versions(store, table_id)[-2:] == [205, 206]
    read = EventsRead(monkeypatch)
    assert store.load(table_id).state.notes[-1] == "n197"  # type: ignore[attr-defined]
    assert read.count == 0


def test_undo__a_chain_reaching_behind_two_snapshots_equals_the_full_replay(
    long_table: tuple[Store, str], toy: Toy, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, table_id = long_table
    read = EventsRead(monkeypatch)
    for _ in range(30):
        store.undo(table_id, "gm")
    # 30 undos took back n199..n170, events 204..175. Each reads its tail (at most 20 events plus
    # the undos since the snapshot) and, when its target lies behind the snapshot, the interval
    # before it: at most 3 * 20 = 60 events per undo, 1,800 in all; 30 full loads would read 6,120
    assert read.count <= 30 * 3 * EVERY
    full = Table(toy, store.log(table_id))
    loaded = store.load(table_id)
    assert loaded.fold_fields() == full.fold_fields()
    assert loaded.state.notes == tuple(f"n{i}" for i in range(170))  # type: ignore[attr-defined]
    assert loaded.log_view(Viewer.gm(), since=150) == full.log_view(Viewer.gm(), since=150)
    assert loaded.legal_commands("ann") == full.legal_commands("ann")
    # and once more through the store, after the chain
    after = store.execute(table_id, note("again"))
    assert after.table.fold_fields() == Table(toy, store.log(table_id)).fold_fields()


def test_load__a_revert_after_the_snapshot_of_a_command_before_it(db_url: str, toy: Toy) -> None:
    with Store(db_url, resolve_ruleset=lambda n: toy, snapshot_every=10) as store:
        created = store.create_table(toy, seats=SEATS, seed=8)
        for i in range(6):
            store.execute(created.id, note(f"n{i}"))
        # 4 + 6 = 10 events: a snapshot at 10; the undo at 11 takes back event 10 (n5)
        played = store.undo(created.id, "gm")
        assert played.events[0].data["first_seq"] == 10
        store.undo(created.id, "gm")
        # each undo wrote a snapshot after itself; without them the load starts from the one at 10
        with store.engine.begin() as conn:
            conn.execute(delete(SNAPSHOTS).where(SNAPSHOTS.c.version > 10))
        loaded = store.load(created.id)
        full = Table(toy, store.log(created.id))
        assert loaded.fold_fields() == full.fold_fields()
        assert loaded.state.notes == ("n0", "n1", "n2", "n3")  # type: ignore[attr-defined]


def test_log_pages__read_only_from_the_page_on(
    long_table: tuple[Store, str], toy: Toy, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, table_id = long_table
    full = Table(toy, store.log(table_id))
    read = EventsRead(monkeypatch)
    table = store.load(table_id)
    page = table.log_view(Viewer(seat="ann"), since=180, limit=10)
    assert page == full.log_view(Viewer(seat="ann"), since=180, limit=10)
    # the tail (4 events) and the events back to a snapshot at least one interval before the
    # page: 200 - 160 = 40, so 44 of 204
    assert read.count == 44
    assert store.events_since(table_id, 200) == list(full.log[200:])
