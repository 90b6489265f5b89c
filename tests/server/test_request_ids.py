"""Retries are safe: a command sent again with the same request id is applied once (issue 21, defect 7).

Fault-tested from outside: the same ``gm_note`` sent twice gave two events, an
``Idempotency-Key`` header was ignored, and a retried bare ``undo`` took back
a second action; in the crash runs 60 commands were written but never
acknowledged and a client could not tell whether they had landed. Here a
request id (REST ``Idempotency-Key``, the WebSocket command's ``request_id``,
the CLI's ``--request-id``) is stored with the command in its transaction: a
retry applies nothing and answers as the first did, and a client can ask
whether an id landed. Ids are per seat: another seat's same id is its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.engine import Command
from capeworks.store import Store
from tests.engine.toy import Toy
from tests.server.conftest import Seated, ok, play_rwyn_opening
from tests.store.conftest import SEATS, db_url  # noqa: F401  (SQLite, and PostgreSQL when installed)


def _post(client: TestClient, table: Seated, seat: str, key: str | None, type: str, **payload: Any) -> Any:
    headers = table.auth(seat) | ({"Idempotency-Key": key} if key is not None else {})
    return client.post(
        f"/api/tables/{table.id}/commands", json={"type": type, "payload": payload}, headers=headers
    )


def test_rest__the_same_key_twice_is_one_command(client: TestClient, rwyn: Seated, store: Store) -> None:
    before = store.record(rwyn.id).version
    first = _post(client, rwyn, "gm", "note-1", "gm_note", text="once")
    again = _post(client, rwyn, "gm", "note-1", "gm_note", text="once")
    assert first.status_code == again.status_code == 200
    assert first.json()["replayed"] is False and again.json()["replayed"] is True
    assert first.json()["version"] == again.json()["version"] == before + 1
    assert first.json()["request_id"] == again.json()["request_id"] == "note-1"
    assert [e["seq"] for e in again.json()["entries"]] == [e["seq"] for e in first.json()["entries"]]
    assert store.record(rwyn.id).version == before + 1
    assert [e.data.get("text") for e in store.log(rwyn.id)].count("once") == 1
    # without a key, the same note twice is two notes, as before
    _post(client, rwyn, "gm", None, "gm_note", text="twice")
    _post(client, rwyn, "gm", None, "gm_note", text="twice")
    assert [e.data.get("text") for e in store.log(rwyn.id)].count("twice") == 2


def test_rest__ask_whether_a_key_landed(client: TestClient, rwyn: Seated) -> None:
    answer = _post(client, rwyn, "gm", "asked-1", "gm_note", text="did it land?")
    landed = client.get(f"/api/tables/{rwyn.id}/requests/asked-1", headers=rwyn.auth("gm"))
    assert landed.status_code == 200
    assert landed.json() == {"request_id": "asked-1", "landed": True, "version": answer.json()["version"]}
    never = client.get(f"/api/tables/{rwyn.id}/requests/never-sent", headers=rwyn.auth("gm"))
    assert never.json() == {"request_id": "never-sent", "landed": False, "version": None}
    # keys are per seat: Ann's "asked-1" is not the GM's
    theirs = client.get(f"/api/tables/{rwyn.id}/requests/asked-1", headers=rwyn.auth("ann"))
    assert theirs.json()["landed"] is False


def test_rest__a_retried_undo_takes_back_one_action(client: TestClient, rwyn: Seated, store: Store) -> None:
    play_rwyn_opening(client, rwyn)
    ok(client, rwyn, "gm", "gm_note", text="first")
    ok(client, rwyn, "gm", "gm_note", text="second")
    first = _post(client, rwyn, "gm", "undo-1", "undo")
    again = _post(client, rwyn, "gm", "undo-1", "undo")
    assert first.status_code == again.status_code == 200 and again.json()["replayed"] is True
    log = store.log(rwyn.id)
    assert [e.type for e in log].count("table.reverted") == 1


def test_rest__same_key_from_another_seat_is_its_own(client: TestClient, rwyn: Seated, store: Store) -> None:
    _post(client, rwyn, "gm", "shared", "gm_note", text="gm's")
    before = store.record(rwyn.id).version
    ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
    theirs = _post(client, rwyn, "ann", "shared", "gm_note", text="ann's")
    # Ann may not write GM notes: a refusal, not a replay of the GM's command
    assert theirs.status_code == 403
    assert store.record(rwyn.id).version == before + 1


def test_rest__a_bad_key_is_refused_with_a_sentence(client: TestClient, rwyn: Seated, store: Store) -> None:
    before = store.record(rwyn.id).version
    answer = _post(client, rwyn, "gm", "no spaces allowed!", "gm_note", text="x")
    assert answer.status_code == 422
    assert answer.json()["field"] == "Idempotency-Key"
    assert store.record(rwyn.id).version == before


def test_websocket__the_same_request_id_twice_is_one_command(
    client: TestClient, rwyn: Seated, store: Store
) -> None:
    before = store.record(rwyn.id).version
    with client.websocket_connect(f"/api/tables/{rwyn.id}/ws?since={before}", headers=rwyn.auth("gm")) as ws:
        ws.receive_json(), ws.receive_json()
        command = {"type": "gm_note", "payload": {"text": "once over the socket"}}
        acks = []
        for ref in ("a", "b"):
            ws.send_json({"type": "command", "ref": ref, "request_id": "ws-1", "command": command})
            while True:
                message = ws.receive_json()
                if message["type"] == "ack":
                    acks.append(message)
                    break
        assert acks == [
            {"type": "ack", "ref": "a", "version": before + 1, "request_id": "ws-1", "replayed": False},
            {"type": "ack", "ref": "b", "version": before + 1, "request_id": "ws-1", "replayed": True},
        ]
        ws.send_json({"type": "command", "ref": "c", "request_id": "bad id", "command": command})
        refused = ws.receive_json()
        # the first command's broadcast may still be on its way
        while refused["type"] in ("entries", "state"):
            refused = ws.receive_json()
        assert refused["type"] == "error" and refused["field"] == "request_id"
    assert store.record(rwyn.id).version == before + 1


def test_store__a_request_id_lands_once(db_url: str) -> None:  # noqa: F811
    with Store(db_url, resolve_ruleset=lambda n: Toy()) as store:
        table_id = store.create_table(Toy(), seats=SEATS, seed=1).id
        note = Command(type="note", seat="gm", payload={"text": "once"})
        assert store.landed(table_id, "gm", "r1") is None
        first = store.execute(table_id, note, request_id="r1")
        again = store.execute(table_id, note, request_id="r1")
        assert not first.replayed and again.replayed and again.events == []
        assert first.landed == again.landed
        assert store.landed(table_id, "gm", "r1") == first.landed
        assert first.landed is not None and first.landed.version == store.record(table_id).version
        assert [e.data.get("text") for e in store.log(table_id)].count("once") == 1
        # deleting the table takes its request ids with it
        store.delete_table(table_id)


def test_cli__request_id_applies_once(tmp_path: Path) -> None:
    from capeworks.engine import registry

    registry.register(Toy())
    try:
        db = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
        runner = CliRunner()

        def run(*args: str) -> Any:
            import json

            result = runner.invoke(app, ["table", *args, "--db", db, "--json"])
            assert result.exit_code == 0, result.output
            return json.loads(result.stdout)

        table = run("new", "toy", "--seat", "gm:Game master:gm", "--seat", "ann:Ann", "--seed", "3")["id"]
        first = run("do", table, "gm", "note", "text=hello", "--request-id", "cli-1")
        again = run("do", table, "gm", "note", "text=hello", "--request-id", "cli-1")
        assert (first["replayed"], again["replayed"]) == (False, True)
        assert first["version"] == again["version"]
        assert [e["seq"] for e in first["events"]] == [e["seq"] for e in again["events"]]
        log = run("log", table, "--as", "gm")
        assert log["version"] == first["version"]
        undone = run("undo", table, "--seat", "gm", "--request-id", "cli-undo")
        redone = run("undo", table, "--seat", "gm", "--request-id", "cli-undo")
        assert redone["replayed"] is True and redone["version"] == undone["version"]
        bad = runner.invoke(
            app, ["table", "do", table, "gm", "note", "text=x", "--request-id", "a b", "--db", db]
        )
        assert bad.exit_code != 0 and "request-id" in bad.output
    finally:
        registry.unregister("toy")


@pytest.mark.parametrize("key", ["x" * 65, "semi;colon"])
def test_rest__key_shape(client: TestClient, rwyn: Seated, key: str) -> None:
    assert _post(client, rwyn, "gm", key, "gm_note", text="x").status_code == 422
