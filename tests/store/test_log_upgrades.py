"""A stored table survives a release that changes an event: upcast on load, import and verify; snapshots
written by the old release are ignored and rebuilt; a log this release cannot read is named, not "damaged".

``Toy`` is the old release, ``ToyV2`` (``toy.added`` at version 2) the new one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

import capeworks
from capeworks.cli.app import app
from capeworks.engine import Command, Ruleset, Table, Viewer, registry
from capeworks.errors import InvalidCommand, UnreadableEvent
from capeworks.store import Store, chain, models
from capeworks.store import snapshot as snapshots
from tests.engine.test_upcast import ToyV2
from tests.engine.toy import Toy
from tests.store.conftest import SEATS


def _add(dice: int = 1) -> Command:
    return Command(type="add", seat="ann", payload={"dice": dice})


def _open(path: Path, ruleset: Ruleset[Any, Any], *, snapshot_every: int = 4) -> Store:
    return Store(f"sqlite:///{path}", resolve_ruleset=lambda name: ruleset, snapshot_every=snapshot_every)


def _old_table(path: Path) -> str:
    """A table played by the old release, with snapshots written by it."""
    with _open(path, Toy()) as old:
        created = old.create_table(Toy(), seats=SEATS, seed=4)
        for _ in range(6):
            old.execute(created.id, _add())
        old.execute(created.id, Command(type="note", seat="gm", payload={"text": "kept"}))
        return created.id


def _snapshot_fingerprints(store: Store, table_id: str) -> list[str]:
    with store.engine.connect() as conn:
        states = conn.scalars(select(models.SNAPSHOTS.c.state).where(models.SNAPSHOTS.c.table_id == table_id))
        return [s["fingerprint"] for s in states]


def test_store__a_table_from_the_old_release_loads_plays_and_verifies_under_the_new(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    table_id = _old_table(path)
    with _open(path, Toy()) as old:
        expected = old.load(table_id, use_snapshot=False).view(Viewer.gm())["state"]
        old_log = [e.model_dump(mode="json") for e in old.log(table_id)]
    with _open(path, ToyV2()) as new:
        # the old release's snapshots do not fit the new one: ignored, the log folded instead
        assert snapshots.fingerprint(ToyV2()) not in _snapshot_fingerprints(new, table_id)
        for use_snapshot in (True, False):
            assert new.load(table_id, use_snapshot=use_snapshot).view(Viewer.gm())["state"] == expected
        played = new.execute(table_id, _add(2), dice=[3, 3])
        assert played.events[0].model_dump(mode="json")["version"] == 2
        assert played.table.state.total == expected["total"] + 6  # type: ignore[attr-defined]
        report = new.verify(table_id)
        assert report.events == len(old_log) + 1 and report.stale_snapshots >= 1
        # the old events are stored as they were written, hashes and all
        assert [e.model_dump(mode="json") for e in new.log(table_id)][: len(old_log)] == old_log
        doc = new.export(table_id)
    with _open(tmp_path / "other.sqlite3", ToyV2()) as other:
        imported = other.import_(json.loads(json.dumps(doc)))
        assert other.load(imported.id).state.total == expected["total"] + 6  # type: ignore[attr-defined]


def test_store__a_snapshot_is_rebuilt_when_capeworks_or_an_event_version_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "t.sqlite3"
    table_id = _old_table(path)
    fingerprint = snapshots.fingerprint(Toy())
    assert snapshots.fingerprint(ToyV2()) != fingerprint
    with _open(path, Toy()) as store:
        assert set(_snapshot_fingerprints(store, table_id)) == {fingerprint}
        # a stale snapshot that would fold to a wrong total if it were used (its digest written anew,
        # so only the fingerprint tells it apart: an edit that leaves the digest is passed over anyway)
        with store.engine.begin() as conn:
            for version, state in conn.execute(select(models.SNAPSHOTS.c.version, models.SNAPSHOTS.c.state)):
                doctored = state | {"state": {**state["state"], "total": 99}}
                doctored["digest"] = snapshots.digest(doctored)
                conn.execute(
                    models.SNAPSHOTS.update()
                    .where(models.SNAPSHOTS.c.version == version)
                    .values(state=doctored)
                )
        monkeypatch.setattr(capeworks, "__version__", "99.0.0")
        assert snapshots.fingerprint(Toy()) != fingerprint
        assert store.load(table_id).state == Table(Toy(), store.log(table_id)).state
        assert store.verify(table_id).stale_snapshots == len(_snapshot_fingerprints(store, table_id))
        monkeypatch.undo()
        # under the release that wrote it, the same (doctored) snapshot is used
        assert store.load(table_id).state != Table(Toy(), store.log(table_id)).state


def test_store__a_log_from_a_newer_release_is_named_on_load_verify_and_import(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    with _open(path, ToyV2()) as new:
        created = new.create_table(ToyV2(), seats=SEATS, seed=4)
        new.execute(created.id, _add())
        doc = new.export(created.id)
    seq = len(doc["log"])
    said = (
        f"Event {seq} of table {created.id!r} (toy.added, version 2) cannot be read: it was written by a "
        "newer release of capeworks (this one reads toy.added up to version 1); upgrade capeworks to read it."
    )
    with _open(path, Toy(), snapshot_every=0) as old:
        for attempt in (lambda: old.load(created.id), lambda: old.verify(created.id)):
            with pytest.raises(UnreadableEvent) as raised:
                attempt()
            assert raised.value.message == said
        with pytest.raises(InvalidCommand) as refused:
            old.import_(doc)
        assert refused.value.message == said.replace(f"of table {created.id!r}", "of the export")
        assert "damaged" not in refused.value.message and "changed outside" not in refused.value.message


@pytest.fixture
def toy_v2_registered() -> Iterator[None]:
    registry.register(ToyV2())
    yield
    registry.unregister("toy")


def test_cli__a_log_the_installed_release_cannot_read_is_one_line_not_damage(
    tmp_path: Path, toy_v2_registered: None
) -> None:
    db = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    runner = CliRunner()
    made = runner.invoke(
        app, ["table", "new", "toy", "--seat", "gm:GM:gm", "--seat", "ann:Ann", "--json", "--db", db]
    )
    table_id = json.loads(made.stdout)["id"]
    assert runner.invoke(app, ["table", "do", table_id, "ann", "add", "dice=1", "--db", db]).exit_code == 0
    registry.unregister("toy")
    registry.register(Toy())  # the older release
    for args in (["show", table_id, "--gm"], ["verify", table_id]):
        result = runner.invoke(app, ["table", *args, "--db", db])
        assert result.exit_code == 2, result.output
        text = " ".join(result.stderr.split())
        assert "Traceback" not in result.output and result.stderr.count("Error:") == 1
        assert f"of table '{table_id}' (toy.added, version 2) cannot be read" in text
        assert "damaged" not in text and "changed outside" not in text
    as_json = json.loads(runner.invoke(app, ["table", "show", table_id, "--json", "--db", db]).stdout)
    assert as_json["error"] == "unreadable_event"


def test_server__an_unreadable_event_is_the_servers_release_not_the_clients_request() -> None:
    from capeworks.server.errors import error_body, status_of

    error = UnreadableEvent(seq=3, type="toy.added", version=2, problem="it is newer").of_log("table 'x'")
    assert status_of(error) == 500
    assert error_body(error) == {
        "error": "unreadable_event",
        "message": "Event 3 of table 'x' (toy.added, version 2) cannot be read: it is newer.",
    }


def test_store__an_intact_event_this_release_cannot_read_is_named_not_damage(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    table_id = _old_table(path)
    with _open(path, Toy(), snapshot_every=0) as store:
        # as a newer release might write it: one envelope field more, and its hash chain rewritten to match
        log = [e.model_dump(mode="json") for e in store.log(table_id)]
        log[6] = {**log[6], "signed": "by someone"}
        with store.engine.begin() as conn:
            for (seq, payload), digest in zip(enumerate(log, start=1), chain.links(log), strict=True):
                conn.execute(
                    models.EVENTS.update()
                    .where(models.EVENTS.c.table_id == table_id, models.EVENTS.c.seq == seq)
                    .values(payload=payload, hash=digest)
                )
        with pytest.raises(UnreadableEvent) as raised:
            store.load(table_id)
    assert raised.value.message == (
        f"Event 7 of table {table_id!r} ({log[6]['type']}, version 1) cannot be read: it is not an event "
        "this release reads (signed: extra inputs are not permitted), perhaps one a newer release wrote."
    )
