"""The folded-table cache stays true to the log when someone else writes (the CLI, another process)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from capeworks.engine import Command, Table, get_ruleset
from capeworks.server.cache import Fold, TableCache
from capeworks.store import Store
from tests.server.conftest import RWYN_SEATS, Seated, act, create, ok


def test_a_write_from_elsewhere__is_read_before_the_next_command(
    client: TestClient, rwyn: Seated, store: Store
) -> None:
    ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
    # the CLI (or another server) writes behind the server's back
    store.execute(
        rwyn.id,
        Command(type="add_character", seat="gm", payload={"id": "rook", "sample": "rook", "owner": "bo"}),
    )
    # a command decided on the stale fold would be written at a taken version; it is decided again
    body = ok(
        client, rwyn, "gm", "call_check", character="rook", ability="Brawling", difficulty=3, task="lift"
    )
    seen = client.get(f"/api/tables/{rwyn.id}", headers=rwyn.auth("gm")).json()
    assert seen["version"] == store.record(rwyn.id).version == body["version"]
    log = store.log(rwyn.id)
    assert body["version"] == len(log) and [e.seq for e in log] == list(range(1, len(log) + 1))
    assert Table(get_ruleset("rwyn"), log).state == store.load(rwyn.id).state


def test_a_refusal_on_a_stale_fold__is_checked_against_the_log(
    client: TestClient, rwyn: Seated, store: Store
) -> None:
    ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
    # the GM calls the check from elsewhere: to the server's fold, Ann has nothing to roll
    store.execute(
        rwyn.id,
        Command(
            type="call_check",
            seat="gm",
            payload={"character": "ada", "ability": "Science", "difficulty": 5, "task": "crack the vault"},
        ),
    )
    rolled = act(client, rwyn, "ann", "check", [6, 5, 2], call=1)
    assert rolled.status_code == 200, rolled.text


def test_a_failed_notification__leaves_the_written_command_standing(
    make_client: Any, rwyn: Seated, store: Store
) -> None:
    # listening on a database that is not PostgreSQL: every NOTIFY fails
    noisy = make_client(listen=True)
    with noisy.websocket_connect(f"/api/tables/{rwyn.id}/ws", headers=rwyn.auth("ann")) as ws:
        ws.receive_json(), ws.receive_json()
        ok(noisy, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
        assert ws.receive_json()["version"] == store.record(rwyn.id).version == 5


def test_snapshots__saved_as_the_store_would(db_path: str) -> None:
    from sqlalchemy import func, select

    from capeworks.server import create_app
    from capeworks.store.models import SNAPSHOTS

    with Store(db_path, snapshot_every=3) as store:
        client = TestClient(create_app(store=store, front_end=False))
        client.__enter__()
        table = create(client, "rwyn", RWYN_SEATS)
        for n in range(7):
            ok(client, table, "gm", "add_character", id=f"c{n}", sample="rook", owner="bo")
        # 4 events at creation (a snapshot at 4, as the store makes one), then 7 commands up to
        # version 11: snapshots each time a multiple of 3 is passed, at 6 and 9
        with store.engine.connect() as conn:
            versions = conn.scalars(select(SNAPSHOTS.c.version).where(SNAPSHOTS.c.table_id == table.id)).all()
            assert conn.scalar(select(func.count()).select_from(SNAPSHOTS)) == len(versions)
        assert sorted(versions) == [4, 6, 9]
        assert store.load(table.id).state == store.load(table.id, use_snapshot=False).state
        client.__exit__(None, None, None)


def _as_fresh(table: Table, fresh: Table) -> None:
    """``table`` (a fold kept alive by the server) answers as a replay of the log that never memoised."""
    assert table.version == fresh.version and table.log == fresh.log
    assert table.state == fresh.state and table.seats == fresh.seats
    for seat in fresh.seats:
        viewer = fresh.viewer_for(seat.id)
        assert table.legal_commands(seat.id) == fresh.legal_commands(seat.id)
        assert table.prompts(viewer) == fresh.prompts(viewer)
        assert table.log_view(viewer) == fresh.log_view(viewer)
        assert table.seen_state(viewer) == fresh.seen_state(viewer)
    assert table.undone_commands() == fresh.undone_commands()


def test_one_fold__commands_reads_and_the_feed_share_it_and_it_equals_a_fresh_replay(
    client: TestClient, rwyn: Seated, store: Store, monkeypatch: Any
) -> None:
    """One folded table per table in the process: loaded once, written by commands (REST, socket,
    undo), caught up after a write from elsewhere, followed by the feed; at every step it answers
    as a fresh replay of the log, and every socket's stream ends as a fresh replay's log_view."""
    tables = client.app.state.tables  # type: ignore[attr-defined]
    # the fold's own loads: a read that finds the fold busy past READ_WAIT (a loaded machine) takes a copy
    # of its own from the store instead of waiting, which is not the fold and is not counted
    loads: list[str] = []
    real_fresh = TableCache.fresh

    def counted(self: TableCache, table_id: str, fold: Fold) -> Table:
        if fold.table is None:
            loads.append(table_id)
        return real_fresh(self, table_id, fold)

    monkeypatch.setattr(TableCache, "fresh", counted)
    rwyn_rules = get_ruleset("rwyn")
    with (
        client.websocket_connect(f"/api/tables/{rwyn.id}/ws", headers=rwyn.auth("gm")) as gm_ws,
        client.websocket_connect(f"/api/tables/{rwyn.id}/ws", headers=rwyn.auth("ann")) as ann_ws,
    ):
        streams: dict[str, list[int]] = {"gm": [], "ann": []}
        reached = {"gm": 0, "ann": 0}

        def drain(ws: Any, seat: str, upto: int) -> None:
            # a seat's socket goes as far as the version it knows (Table.seen_version): a GM-only event
            # sends Ann nothing, so she is waited for only up to her newest visible event
            table = Table(rwyn_rules, store.log(rwyn.id))
            upto = table.seen_version(table.viewer_for(seat), at=upto)
            while reached[seat] < upto:
                entries, state = ws.receive_json(), ws.receive_json()
                streams[seat].extend(e["seq"] for e in entries["entries"])
                reached[seat] = state["version"]

        drain(gm_ws, "gm", 4), drain(ann_ws, "ann", 4)
        steps = [
            lambda: ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann"),
            lambda: ok(client, rwyn, "gm", "gm_note", text="the foreman is the Mole"),
            lambda: store.execute(
                rwyn.id,
                Command(
                    type="add_character", seat="gm", payload={"id": "rook", "sample": "rook", "owner": "bo"}
                ),
            ),
            lambda: ok(
                client,
                rwyn,
                "gm",
                "call_check",
                character="ada",
                ability="Science",
                difficulty=5,
                task="vault",
            ),
            lambda: ok(client, rwyn, "ann", "check", [6, 5, 2], call=1),
            lambda: ok(client, rwyn, "ann", "undo"),
        ]
        for step in steps:
            step()
            version = store.record(rwyn.id).version
            tables.hub.poke(rwyn.id)  # a write from elsewhere is otherwise seen at the next poll
            drain(gm_ws, "gm", version), drain(ann_ws, "ann", version)
            fold = tables.cache.peek(rwyn.id)
            assert fold is not None and fold.watchers == 1 and fold.table is not None
            _as_fresh(fold.table, Table(rwyn_rules, store.log(rwyn.id)))
        fresh = Table(rwyn_rules, store.log(rwyn.id))
        for seat in ("gm", "ann"):
            seen = [e.seq for e in fresh.log_view(fresh.viewer_for(seat))]
            assert streams[seat] == seen, seat
    # the fold was loaded once by this process (the second Store handle loads nothing here)
    assert loads.count(rwyn.id) == 1


def test_a_read_that_would_wait__is_busy_and_never_blocks(store: Store, rwyn: Seated) -> None:
    """The feed's rounds read on the event loop only when the fold is loaded and free; otherwise they
    are told so at once (and go to a worker thread), never blocking the loop on a writer's lock."""
    from capeworks.server.cache import BUSY, TableCache

    cache = TableCache(store)
    assert cache.read_if_free(rwyn.id, lambda table: table.version) is BUSY  # not loaded yet
    version = cache.read(rwyn.id, lambda table: table.version)
    assert cache.read_if_free(rwyn.id, lambda table, plus: table.version + plus, 1) == version + 1
    fold = cache.fold(rwyn.id)
    with fold.lock:  # a writer holds the fold
        assert cache.read_if_free(rwyn.id, lambda table: table.version) is BUSY
    assert cache.read_if_free(rwyn.id, lambda table: table.version) == version
