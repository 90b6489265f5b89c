"""Tamper-evident logs: the hash chain on every event, checked on load and by verify (issue 8, item 4).

Each test edits the database the way a careless operator or a cheating player
with the file would, through plain SQL, and checks the store names what was
changed instead of playing on with it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from sqlalchemy import Row, delete, select, update

from capeworks.engine import Command
from capeworks.errors import StoreUnavailable
from capeworks.store import Store
from capeworks.store.chain import GENESIS, ChainBroken
from capeworks.store.models import EVENTS, SNAPSHOTS
from capeworks.store.models import SEATS as SEAT_ROWS
from tests.engine.toy import Toy
from tests.store.conftest import SEATS


def _played(store: Store, toy: Toy, *, snapshots: bool = True) -> str:
    """A table of 8 events: created, seeded, 2 seats, add (2,5), note, add (1,1), ask.

    ``snapshots=False`` keeps every event in the part a load reads (a load
    checks the chain from the latest snapshot on; verify checks all of it).
    """
    if not snapshots:
        store.snapshot_every = 0
    created = store.create_table(toy, title="Chained", seats=SEATS, seed=5)
    store.execute(created.id, Command(type="add", seat="ann", payload={"dice": 2}), dice=[2, 5])
    store.execute(created.id, Command(type="note", seat="gm", payload={"text": "secret"}))
    store.execute(created.id, Command(type="add", seat="ann", payload={"dice": 2}), dice=[1, 1])
    store.execute(created.id, Command(type="ask", seat="gm", payload={"seat": "ann"}))
    return created.id


def _rows(store: Store, table_id: str) -> list[Row[Any]]:
    with store.engine.connect() as connection:
        return list(
            connection.execute(select(EVENTS).where(EVENTS.c.table_id == table_id).order_by(EVENTS.c.seq))
        )


def _sql(store: Store, statement: Any) -> None:
    with store.engine.begin() as connection:
        connection.execute(statement)


def _payload(store: Store, table_id: str, seq: int) -> dict[str, Any]:
    return dict(next(r.payload for r in _rows(store, table_id) if r.seq == seq))


def test_chain__each_event_hashes_the_previous_hash_and_its_canonical_json(store: Store, toy: Toy) -> None:
    table_id = _played(store, toy)
    rows = _rows(store, table_id)
    assert [r.seq for r in rows] == list(range(1, 9))
    previous = GENESIS
    for row in rows:
        # sha256(previous hex + sorted-key compact UTF-8 JSON), written out here independently
        text = json.dumps(row.payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        expected = hashlib.sha256((previous + text).encode("utf-8")).hexdigest()
        assert row.hash == expected
        previous = expected
    assert len({r.hash for r in rows}) == 8


def test_chain__same_events_in_two_tables_chain_the_same(store: Store, toy: Toy) -> None:
    first, second = _played(store, toy), _played(store, toy)
    # same seed, same physical dice: same log, so the same chain whatever the table id
    assert [r.hash for r in _rows(store, first)] == [r.hash for r in _rows(store, second)]


def test_edited_event__load_refuses_naming_it(store: Store, toy: Toy) -> None:
    # the reproduction from issue 8: a roll of 1,1 edited to 6,6 was accepted and played on
    table_id = _played(store, toy, snapshots=False)
    payload = _payload(store, table_id, 7)
    assert payload["rolls"][0]["faces"] == [1, 1]
    payload["rolls"][0]["faces"] = [6, 6]
    payload["data"]["amount"] = 12
    _sql(
        store,
        update(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == 7).values(payload=payload),
    )
    with pytest.raises(ChainBroken, match=r"Event 7 of table .* does not match its hash") as caught:
        store.load(table_id)
    assert caught.value.seq == 7
    assert isinstance(caught.value, StoreUnavailable)
    with pytest.raises(ChainBroken, match="Event 7"):
        store.execute(table_id, Command(type="add", seat="ann", payload={"dice": 1}), dice=[3])
    with pytest.raises(ChainBroken, match="Event 7"):
        store.export(table_id)
    # nothing was written by the refused command
    assert len(_rows(store, table_id)) == 8


def test_edited_hash__is_named_too(store: Store, toy: Toy) -> None:
    table_id = _played(store, toy, snapshots=False)
    _sql(store, update(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == 3).values(hash="0" * 64))
    with pytest.raises(ChainBroken, match="Event 3 of table"):
        store.load(table_id)


@pytest.mark.parametrize("seq", [1, 4, 8], ids=["first", "middle", "last"])
def test_deleted_event__is_named_as_a_gap_not_a_conflict(store: Store, toy: Toy, seq: int) -> None:
    # before: deleting a row wedged the table behind "changed while you were acting ... try again"
    table_id = _played(store, toy, snapshots=False)
    _sql(store, delete(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == seq))
    with pytest.raises(ChainBroken, match=f"has a gap: event {seq} is missing") as caught:
        store.load(table_id)
    assert caught.value.seq == seq
    with pytest.raises(ChainBroken, match=f"event {seq} is missing"):
        store.execute(table_id, Command(type="note", seat="gm", payload={"text": "again"}))
    with pytest.raises(ChainBroken, match=f"event {seq} is missing"):
        store.verify(table_id)


def test_append_after_a_deleted_last_event__is_a_gap_and_writes_nothing(store: Store, toy: Toy) -> None:
    # the compare-and-set passes (the version column still says 8) but event 8, whose hash
    # the new event would chain from, is gone: refused whole, the version rolled back too
    table_id = _played(store, toy, snapshots=False)
    stale = store.load(table_id)
    events = stale.prepare(Command(type="note", seat="gm", payload={"text": "after"}))
    _sql(store, delete(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == 8))
    with pytest.raises(ChainBroken, match="has a gap: event 8 is missing") as caught:
        store.append(table_id, events, expected_version=8)
    assert caught.value.seq == 8
    assert store.record(table_id).version == 8
    assert [r.seq for r in _rows(store, table_id)] == list(range(1, 8))
    with pytest.raises(ChainBroken, match="event 8 is missing"):
        store.events_since(table_id, 8)


def test_event_that_is_not_an_event__is_named(store: Store, toy: Toy) -> None:
    table_id = _played(store, toy, snapshots=False)
    _sql(
        store,
        update(EVENTS)
        .where(EVENTS.c.table_id == table_id, EVENTS.c.seq == 6)
        .values(payload=["not", "an", "event"]),
    )
    with pytest.raises(ChainBroken, match=r"Event 6 of table .* is not a readable event"):
        store.load(table_id)


def test_events_since__checks_the_rows_it_reads_linked_to_the_one_before(store: Store, toy: Toy) -> None:
    table_id = _played(store, toy)
    payload = _payload(store, table_id, 3)
    payload["data"]["seat"]["name"] = "Someone else"
    _sql(
        store,
        update(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == 3).values(payload=payload),
    )
    # events 6.. link to the stored hash of event 5, which still holds: they read fine
    assert [e.seq for e in store.events_since(table_id, 5)] == [6, 7, 8]
    # reading from event 3 on meets the edit
    with pytest.raises(ChainBroken, match="Event 3"):
        store.events_since(table_id, 2)
    with pytest.raises(ChainBroken, match="Event 3"):
        store.verify(table_id)


def test_verify__an_intact_table(store: Store, toy: Toy) -> None:
    table_id = _played(store, toy)
    verified = store.verify(table_id)
    rows = _rows(store, table_id)
    # the store fixture snapshots every 4 events: at versions 4 and 8
    assert verified.to_dict() == {
        "id": table_id,
        "events": 8,
        "head": rows[-1].hash,
        "snapshots": 2,
        "stale_snapshots": 0,
    }


def test_verify__a_snapshot_that_disagrees_with_the_replay(store: Store, toy: Toy) -> None:
    table_id = _played(store, toy)
    with store.engine.connect() as connection:
        state = dict(connection.scalars(select(SNAPSHOTS.c.state).where(SNAPSHOTS.c.version == 8)).one())
    assert state["state"]["total"] == 9  # 2 + 5 + 1 + 1
    state["state"] = state["state"] | {"total": 19}
    _sql(
        store,
        update(SNAPSHOTS)
        .where(SNAPSHOTS.c.table_id == table_id, SNAPSHOTS.c.version == 8)
        .values(state=state),
    )
    with pytest.raises(StoreUnavailable, match=r"snapshot of table .* at version 8 disagrees"):
        store.verify(table_id)


def test_verify__a_stale_snapshot_is_counted_not_failed(store: Store, toy: Toy) -> None:
    table_id = _played(store, toy)
    with store.engine.connect() as connection:
        state = dict(connection.scalars(select(SNAPSHOTS.c.state).where(SNAPSHOTS.c.version == 4)).one())
    _sql(
        store,
        update(SNAPSHOTS)
        .where(SNAPSHOTS.c.table_id == table_id, SNAPSHOTS.c.version == 4)
        .values(state=state | {"fingerprint": "older-ruleset"}),
    )
    assert store.verify(table_id).stale_snapshots == 1


def test_verify__an_edited_seat_row(store: Store, toy: Toy) -> None:
    table_id = _played(store, toy)
    ann = SEAT_ROWS.c.seat_id == "ann"
    _sql(store, update(SEAT_ROWS).where(SEAT_ROWS.c.table_id == table_id, ann).values(role="gm"))
    with pytest.raises(StoreUnavailable, match=r"seats of table .* differ"):
        store.verify(table_id)


def test_verify__a_version_that_disagrees_with_the_log(store: Store, toy: Toy) -> None:
    table_id = _played(store, toy)
    _sql(store, delete(SNAPSHOTS).where(SNAPSHOTS.c.table_id == table_id, SNAPSHOTS.c.version == 8))
    _sql(store, delete(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == 8))
    with pytest.raises(ChainBroken, match="event 8 is missing"):
        store.verify(table_id)


def test_edited_event_behind_a_snapshot__a_command_names_it_and_verify_too(store: Store, toy: Toy) -> None:
    # snapshots every 4 events: one at version 8 covers event 7; a load reads the
    # snapshot and the events after it (constant time), but a command first walks
    # the links of the whole chain (no event folded), so it no longer writes onto
    # an edit behind the snapshot (issue 21, defect 8: this test said it did)
    table_id = _played(store, toy)
    original = _payload(store, table_id, 7)
    payload = _payload(store, table_id, 7)
    payload["rolls"][0]["faces"] = [6, 6]
    _sql(
        store,
        update(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == 7).values(payload=payload),
    )
    assert store.load(table_id).version == 8
    with pytest.raises(ChainBroken, match=r"Event 7 of table .* does not match its hash"):
        store.execute(table_id, Command(type="ask", seat="gm", payload={"seat": "ann"}))
    assert store.record(table_id).version == 8
    with pytest.raises(ChainBroken, match=r"Event 7 of table .* does not match its hash"):
        store.verify(table_id)
    # put back as it was, the chain holds again
    _sql(
        store,
        update(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == 7).values(payload=original),
    )
    store.execute(table_id, Command(type="ask", seat="gm", payload={"seat": "ann"}))
    # an edit in the part a load reads is named at once
    later = _payload(store, table_id, 9)
    later["data"]["seat"] = "gm"
    _sql(
        store,
        update(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == 9).values(payload=later),
    )
    with pytest.raises(ChainBroken, match="Event 9"):
        store.load(table_id)
