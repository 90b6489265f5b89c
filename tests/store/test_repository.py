"""The Store against SQLite and PostgreSQL: appends, optimistic concurrency, snapshots, seats."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from sqlalchemy import select, text

from capeworks.engine import Command, Event, Seat, Table, Viewer
from capeworks.errors import ConcurrencyConflict, InvalidCommand, NotFound, NotPermitted, RuleViolation
from capeworks.store import Store
from capeworks.store.models import SEATS as SEAT_ROWS
from capeworks.store.models import SNAPSHOTS, TABLES
from tests.engine.toy import Toy
from tests.store.conftest import SEATS


def note(text_: str, seat: str = "gm") -> Command:
    return Command(type="note", seat=seat, payload={"text": text_})


def add(dice: int, seat: str = "ann") -> Command:
    return Command(type="add", seat=seat, payload={"dice": dice})


def _state(table: Table) -> object:
    return table.state.model_dump(mode="json")


def _table_version(store: Store, table_id: str) -> int:
    with store.engine.connect() as conn:
        return int(conn.scalar(select(TABLES.c.version).where(TABLES.c.id == table_id)) or 0)


def test_create__writes_the_log_and_returns_tokens_once(store: Store, toy: Toy) -> None:
    created = store.create_table(toy, title="Night shift", seats=SEATS, seed=7)
    # created + seeded + two seats joined
    assert created.version == 4
    assert set(created.tokens) == {"gm", "ann"}
    [record] = store.list_tables()
    assert (record.id, record.title, record.ruleset, record.version) == (created.id, "Night shift", "toy", 4)
    assert record.created_at.tzinfo is not None
    with store.engine.connect() as conn:
        hashes = set(conn.scalars(select(SEAT_ROWS.c.token_hash)))
    # only the sha256 is kept, never the token
    assert created.tokens["gm"] not in hashes
    assert len(hashes) == 2 and all(len(h) == 64 for h in hashes if h)


def test_append_load__round_trip_equals_the_live_table(store: Store, toy: Toy) -> None:
    live = Table.new(toy, seats=SEATS, seed=3, title="live")
    created = store.create_table(toy, seats=SEATS, seed=3, title="live")
    for command, dice in [(add(2), [3, 4]), (note("the butler did it"), None), (add(3), None)]:
        events = live.prepare(command, dice=dice)
        assert store.append(created.id, events, expected_version=live.version) == live.version + len(events)
        live.commit(events)
    loaded = store.load(created.id)
    assert loaded.log == live.log
    assert _state(loaded) == _state(live)
    assert loaded.view(Viewer(seat="ann")) == live.view(Viewer(seat="ann"))
    assert store.log(created.id) == list(live.log)
    assert _table_version(store, created.id) == live.version


def test_append__stale_version_is_refused_and_nothing_is_written(store: Store, toy: Toy) -> None:
    created = store.create_table(toy, seats=SEATS, seed=1)
    stale = store.load(created.id)
    stale_events = stale.prepare(note("mine"))
    store.execute(created.id, note("theirs"))
    before = store.log(created.id)
    with pytest.raises(ConcurrencyConflict, match="version 4; it is at version 5"):
        store.append(created.id, stale_events, expected_version=stale.version)
    assert store.log(created.id) == before
    assert _table_version(store, created.id) == 5


def test_append__duplicate_seq_is_refused_by_the_primary_key(store: Store, toy: Toy) -> None:
    # Simulate a racer that slipped past the version check: wind the version
    # column back, so only the (table_id, seq) key stands in the way.
    created = store.create_table(toy, seats=SEATS, seed=1)
    table = store.load(created.id)
    events = table.prepare(note("first"))
    store.append(created.id, events, expected_version=4)
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE tables SET version = 4 WHERE id = :id"), {"id": created.id})
    with pytest.raises(ConcurrencyConflict, match="someone else wrote first"):
        store.append(created.id, table.prepare(note("second")), expected_version=4)
    assert [e.data.get("text") for e in store.log(created.id)][-1] == "first"
    # the failed transaction rolled back whole, version column included
    assert _table_version(store, created.id) == 4


@pytest.mark.parametrize(
    ("expected_version", "seqs", "message"),
    [
        (4, [6], "numbered from 5"),
        (3, [5], "numbered from 4"),
    ],
)
def test_append__misnumbered_events_are_refused(
    store: Store, toy: Toy, expected_version: int, seqs: list[int], message: str
) -> None:
    created = store.create_table(toy, seats=SEATS, seed=1)
    events = [Event(type="noted", data={"text": "x"}, seq=s, command_id=9) for s in seqs]
    with pytest.raises(InvalidCommand, match=message):
        store.append(created.id, events, expected_version=expected_version)


def test_concurrent_appenders__exactly_one_wins(db_url: str, toy: Toy) -> None:
    setup = Store(db_url, resolve_ruleset=lambda n: toy)
    created = setup.create_table(toy, seats=SEATS, seed=1)
    racers = 4
    stores = [Store(db_url, resolve_ruleset=lambda n: toy) for _ in range(racers)]
    prepared = [s.load(created.id).prepare(note(f"racer {i}")) for i, s in enumerate(stores)]
    barrier = threading.Barrier(racers)
    outcomes: list[str] = [""] * racers

    def race(i: int) -> None:
        barrier.wait()
        try:
            stores[i].append(created.id, prepared[i], expected_version=4)
            outcomes[i] = "won"
        except ConcurrencyConflict:
            outcomes[i] = "conflict"

    threads = [threading.Thread(target=race, args=(i,)) for i in range(racers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sorted(outcomes) == ["conflict"] * (racers - 1) + ["won"]
    winner = outcomes.index("won")
    log = setup.log(created.id)
    assert len(log) == 5 and log[-1].data["text"] == f"racer {winner}"
    for s in [setup, *stores]:
        s.close()


def test_execute__racing_writers_all_land_in_turn(db_url: str, toy: Toy) -> None:
    setup = Store(db_url, resolve_ruleset=lambda n: toy)
    created = setup.create_table(toy, seats=SEATS, seed=1)
    writers, each = 3, 4
    errors: list[BaseException] = []

    def write(i: int) -> None:
        with Store(db_url, resolve_ruleset=lambda n: toy, snapshot_every=5) as s:
            for j in range(each):
                try:
                    s.execute(created.id, note(f"{i}.{j}"))
                except BaseException as e:
                    errors.append(e)

    threads = [threading.Thread(target=write, args=(i,)) for i in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert errors == []
    log = setup.log(created.id)
    # 4 set-up events + one event per command, numbered without gaps
    assert [e.seq for e in log] == list(range(1, 4 + writers * each + 1))
    assert sorted(e.data["text"] for e in log[4:]) == sorted(
        f"{i}.{j}" for i in range(writers) for j in range(each)
    )
    assert _state(setup.load(created.id)) == _state(Table(toy, log))
    setup.close()


SCRIPTS: dict[str, list[tuple[str, Command | str, list[int] | None]]] = {
    "plain commands": [("do", add(2), [1, 2]), ("do", note("a"), None), ("do", add(1), [6])] * 3,
    "undo after the last snapshot": [
        ("do", add(2), [1, 2]), ("do", note("a"), None), ("do", add(1), [6]), ("do", add(1), [5]),
        ("undo", "gm", None),
    ],
    "undo reaching behind a snapshot": [
        ("do", add(2), [1, 2]), ("do", note("a"), None), ("do", note("b"), None), ("do", add(1), [4]),
        ("undo", "gm", None), ("undo", "gm", None), ("undo", "gm", None), ("do", add(1), [2]),
    ],
    "prompts open and answered": [
        ("do", Command(type="ask", seat="gm", payload={"seat": "ann"}), None),
        ("do", add(1), [3]),
        ("do", Command(type="answer", seat="ann", payload={"prompt": "p0", "option": "yes"}), None),
        ("do", note("c"), None), ("do", add(2), [6, 6]),
    ],
}  # fmt: skip


@pytest.mark.parametrize("script", list(SCRIPTS), ids=list(SCRIPTS))
@pytest.mark.parametrize("snapshot_every", [1, 3, 100])
def test_load__from_snapshot_equals_full_replay(
    db_url: str, toy: Toy, script: str, snapshot_every: int
) -> None:
    with Store(db_url, resolve_ruleset=lambda n: toy, snapshot_every=snapshot_every) as store:
        created = store.create_table(toy, seats=SEATS, seed=11)
        for kind, what, dice in SCRIPTS[script]:
            if kind == "undo":
                assert isinstance(what, str)
                store.undo(created.id, what)
            else:
                assert isinstance(what, Command)
                store.execute(created.id, what, dice=dice)
            fast = store.load(created.id)
            full = Table(toy, store.log(created.id))
            assert fast.log == full.log
            assert _state(fast) == _state(full)
            assert fast.seats == full.seats and fast.title == full.title
            assert fast.prompts() == full.prompts()
            assert fast.view(Viewer.gm()) == full.view(Viewer.gm())
            # the next command decides the same way (same seed, same command id)
            probe = add(1)
            assert fast.prepare(probe) == full.prepare(probe)
        with store.engine.connect() as conn:
            snapshots = list(
                conn.scalars(select(SNAPSHOTS.c.version).where(SNAPSHOTS.c.table_id == created.id))
            )
        if snapshot_every < 100:
            assert snapshots, "expected snapshots to be written"


def test_load__ignores_a_snapshot_from_an_older_state_model(store: Store, toy: Toy) -> None:
    created = store.create_table(toy, seats=SEATS, seed=2)
    for i in range(5):
        store.execute(created.id, note(f"n{i}"))
    with store.engine.begin() as conn:
        rows = list(conn.execute(select(SNAPSHOTS.c.version, SNAPSHOTS.c.state)))
        assert rows
        for version, state in rows:
            conn.execute(
                SNAPSHOTS.update()
                .where(SNAPSHOTS.c.version == version)
                .values(state=state | {"fingerprint": "stale", "state": {"total": 99}})
            )
    assert _state(store.load(created.id)) == _state(Table(toy, store.log(created.id)))


def test_join__adds_a_seat_with_its_own_token(store: Store, toy: Toy) -> None:
    created = store.create_table(toy, seats=SEATS, seed=1)
    joined = store.join(created.id, Seat(id="bo", name="Bo"))
    assert [e.type for e in joined.events] == ["table.seat_joined"]
    assert store.authenticate(created.id, joined.token).id == "bo"
    assert store.authenticate(created.id, created.tokens["gm"]).id == "gm"
    assert [s.id for s in store.load(created.id).seats] == ["gm", "ann", "bo"]
    with pytest.raises(RuleViolation, match="already taken"):
        store.join(created.id, Seat(id="bo", name="Bo again"))


def test_authenticate__a_missing_table_reads_like_a_wrong_token(store: Store, toy: Toy) -> None:
    # deliberately not NotFound: a stranger must not learn that a table exists (issue 19)
    with pytest.raises(NotPermitted, match="not valid for this table"):
        store.authenticate("nope", "token")


def test_authenticate__wrong_or_reissued_token_is_refused(store: Store, toy: Toy) -> None:
    created = store.create_table(toy, seats=SEATS, seed=1)
    with pytest.raises(NotPermitted):
        store.authenticate(created.id, "not-a-token")
    fresh = store.reissue_token(created.id, "ann")
    assert store.authenticate(created.id, fresh).id == "ann"
    with pytest.raises(NotPermitted):
        store.authenticate(created.id, created.tokens["ann"])


def test_undo__a_player_asks_and_the_gm_takes_the_command_back(store: Store, toy: Toy) -> None:
    created = store.create_table(toy, seats=SEATS, seed=1)
    store.execute(created.id, add(2), dice=[2, 3])
    [asked] = store.undo(created.id, "ann").events
    assert asked.type == "table.undo_requested"
    assert store.load(created.id).state.model_dump()["total"] == 5
    store.execute(
        created.id, Command(type="answer", seat="gm", payload={"prompt": "undo-ann", "option": "allow"})
    )
    assert store.load(created.id).state.model_dump()["total"] == 0


@pytest.mark.parametrize(
    "action",
    [
        lambda s: s.load("nope"),
        lambda s: s.log("nope"),
        lambda s: s.record("nope"),
        lambda s: s.events_since("nope", 0),
        lambda s: s.events_since("nope", 3),
        lambda s: s.reissue_token("nope", "gm"),
        lambda s: s.execute("nope", note("x")),
        lambda s: s.append("nope", [Event(type="x", seq=1, command_id=1)], expected_version=0),
        lambda s: s.export("nope"),
        lambda s: s.delete_table("nope"),
    ],
    ids=[
        "load",
        "log",
        "record",
        "events_since from the start",
        "events_since from 3",
        "reissue",
        "execute",
        "append",
        "export",
        "delete",
    ],
)
def test_unknown_table__is_not_found(store: Store, action: Callable[[Store], object]) -> None:
    with pytest.raises(NotFound, match="no table 'nope'"):
        action(store)


def test_delete_table__removes_everything(store: Store, toy: Toy) -> None:
    created = store.create_table(toy, seats=SEATS, seed=1)
    for i in range(5):
        store.execute(created.id, note(f"n{i}"))
    store.delete_table(created.id)
    assert store.list_tables() == []
    with store.engine.connect() as conn:
        for name in ("events", "seats", "snapshots"):
            assert conn.scalar(text(f"SELECT count(*) FROM {name}")) == 0


def test_create__by_ruleset_name_uses_the_resolver(store: Store) -> None:
    created = store.create_table("toy", seats=SEATS, seed=1)
    assert store.load(created.id).ruleset.name == "toy"


def test_create__ids_are_letters_and_digits(store: Store, toy: Toy) -> None:
    # a leading "-" would read as an option on the command line
    ids = [store.create_table(toy, seed=1).id for _ in range(20)]
    assert all(len(i) == 12 and i.isalnum() and i.isascii() for i in ids)
    assert len(set(ids)) == 20


def test_events_since__only_the_events_after_a_version(store: Store, toy: Toy) -> None:
    created = store.create_table(toy, seats=SEATS, seed=1)
    played = store.execute(created.id, add(2), dice=[2, 3])
    # the store hands back the table as it now stands: nothing to reload
    assert played.table.version == created.version + 1 and played.table.state.model_dump()["total"] == 5
    store.execute(created.id, note("n1"))
    store.execute(created.id, note("n2"))
    later = store.events_since(created.id, created.version + 1)
    assert [e.seq for e in later] == [created.version + 2, created.version + 3]
    assert [e.seq for e in store.events_since(created.id, created.version, limit=1)] == [created.version + 1]
    assert [e.seq for e in store.events_since(created.id, created.version + 1, limit=1)] == [
        created.version + 2
    ]
    assert store.events_since(created.id, created.version + 3) == []
    assert store.events_since(created.id, created.version + 3, limit=5) == []
    # from the start: created, seeded, two seats joined (the chain starts at GENESIS)
    first = store.events_since(created.id, 0, limit=2)
    assert [e.seq for e in first] == [1, 2]
    assert store.events_since(created.id, 0, limit=0) == store.events_since(created.id, 3, limit=0) == []
    assert first == store.log(created.id)[:2]
    assert store.events_since(created.id, 0) == store.log(created.id)


def test_append__several_commands_in_one_call_chain_and_seat_like_one_at_a_time(
    store: Store, toy: Toy
) -> None:
    # one append of a join and two commands' events, against the same written one command at a time
    one_by_one = store.create_table(toy, seats=SEATS, seed=2)
    together = store.create_table(toy, seats=SEATS, seed=2)
    live = store.load(together.id)
    events: list[Event] = []
    for prepare in (
        lambda: live.prepare_join(Seat(id="bo", name="Bo")),
        lambda: live.prepare(add(2), dice=[6, 1]),
        lambda: live.prepare(note("three at once")),
    ):
        step = prepare()
        store.append(one_by_one.id, step, expected_version=live.version)
        live.commit(step)
        events.extend(step)
    start = live.version - len(events)
    assert (
        store.append(together.id, events, expected_version=start, tokens={"bo": "bo-token"}) == live.version
    )
    assert store.log(together.id) == store.log(one_by_one.id) == list(live.log)
    # the chain of the batch is the chain of the steps: verify recomputes every hash
    assert store.verify(together.id).head == store.verify(one_by_one.id).head
    assert store.authenticate(together.id, "bo-token") == Seat(id="bo", name="Bo")
    # no token given for the seat: its row keeps no hash, so no token opens it
    with pytest.raises(NotPermitted):
        store.authenticate(one_by_one.id, "bo-token")
