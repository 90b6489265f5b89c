"""Hostile imports are held to the command limits (issue 8, items 4 and 8).

Reproduced on main first: a 5,000-deep nested note raised RecursionError, a
20 MB note was accepted though commands stop at 16 KiB, a second
``table.created`` mid-log and renumbered events were accepted (those two live
in test_export.py's malformed cases), ids like ``../../etc``, ``-h`` and
``[/]`` were kept with ``--keep-id``, and an export whose dice were changed to
6,6,6 imported cleanly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from capeworks.cli import table_commands
from capeworks.cli.app import app
from capeworks.engine import Command, registry
from capeworks.engine.table import MAX_PAYLOAD_BYTES
from capeworks.errors import InvalidCommand, LimitExceeded
from capeworks.store import Store, document
from capeworks.store.chain import canonical, links
from capeworks.store.document import MAX_DEPTH, MAX_EVENT_BYTES, load_document
from tests.engine.toy import Toy
from tests.store.conftest import SEATS

runner = CliRunner()
NOTE = 6  # the note's event number in _played's log


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    registry.register(Toy())
    yield
    registry.unregister("toy")


def _played(store: Store, *, note: str = "secret") -> str:
    """created, seeded, 2 seats, add (3 dice: 1,2,3), note."""
    created = store.create_table("toy", title="Imports", seats=SEATS, seed=5)
    store.execute(created.id, Command(type="add", seat="ann", payload={"dice": 3}), dice=[1, 2, 3])
    store.execute(created.id, Command(type="note", seat="gm", payload={"text": note}))
    return created.id


def _exported(store: Store, **kwargs: Any) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(json.dumps(store.export(_played(store, **kwargs))))
    return doc


def _forge(doc: dict[str, Any]) -> dict[str, Any]:
    """Recompute the chain after an edit, as a deliberate forger would: the later checks must hold."""
    doc["chain"] = list(links(doc["log"]))
    return doc


def _cli(*args: str) -> Any:
    return runner.invoke(app, ["table", *args])


# -- the chain --------------------------------------------------------------------------------------


def test_import__tampered_dice_are_refused_naming_the_event(store: Store) -> None:
    doc = _exported(store)
    added = doc["log"][4]
    assert (added["seq"], added["rolls"][0]["faces"], added["data"]["amount"]) == (5, [1, 2, 3], 6)
    added["rolls"][0]["faces"] = [6, 6, 6]
    added["data"]["amount"] = 18  # 6 + 6 + 6, so the event is consistent with itself
    with pytest.raises(InvalidCommand, match="Event 5 of the export does not match its hash"):
        store.import_(doc)
    assert len(store.list_tables()) == 1


def test_import__a_missing_or_short_chain_is_refused(store: Store) -> None:
    doc = _exported(store)
    doc["chain"].pop()
    with pytest.raises(InvalidCommand, match="5 hashes for 6 events"):
        store.import_(doc)
    doc.pop("chain")
    with pytest.raises(InvalidCommand, match="chain: Field required"):
        store.import_(doc)


def test_import__keeps_the_chain_it_carries(store: Store) -> None:
    doc = _exported(store)
    copy = store.import_(doc)
    assert store.export(copy.id)["chain"] == doc["chain"]
    assert store.verify(copy.id).head == doc["chain"][-1]


# -- size ---------------------------------------------------------------------------------------------


def test_import__the_largest_command_makes_an_event_that_imports(store: Store) -> None:
    # the largest note the engine takes: its payload {"text": "..."} is exactly 16384 bytes
    # as the engine measures it (json.dumps default separators: '{"text": ""}' is 12 bytes)
    text = "x" * (MAX_PAYLOAD_BYTES - 12)
    doc = _exported(store, note=text)
    assert len(canonical(doc["log"][NOTE - 1])) <= MAX_EVENT_BYTES
    copy = store.import_(doc)
    assert store.load(copy.id).state.notes == (text,)


def test_import__a_20_mb_note_is_refused(store: Store) -> None:
    doc = _exported(store)
    doc["log"][NOTE - 1]["data"]["text"] = "x" * 20_000_000
    with pytest.raises(LimitExceeded, match=f"Event {NOTE} of the export is too large"):
        store.import_(_forge(doc))


def test_import__event_size_limit_is_exact(store: Store) -> None:
    doc = _exported(store)
    event = doc["log"][NOTE - 1]
    event["data"]["text"] = ""
    room = MAX_EVENT_BYTES - len(canonical(event))
    event["data"]["text"] = "x" * room
    assert len(canonical(event)) == MAX_EVENT_BYTES
    store.import_(_forge(doc))  # at the limit: imported
    event["data"]["text"] += "x"
    with pytest.raises(LimitExceeded, match=f"too large \\({MAX_EVENT_BYTES + 1} bytes\\)"):
        store.import_(_forge(doc))


def test_import__more_dice_than_one_action_may_roll_is_refused(store: Store) -> None:
    doc = _exported(store)
    doc["log"][4]["rolls"][0]["faces"] = [1] * 1001
    with pytest.raises(LimitExceeded, match="rolls 1001 dice; one action may roll at most 1000"):
        store.import_(_forge(doc))


def test_load_document__whole_document_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(document, "MAX_DOCUMENT_BYTES", 100)
    assert load_document("[" + "1," * 48 + "1]") == [1] * 49  # 99 bytes
    with pytest.raises(LimitExceeded, match="larger than the limit of 100 bytes"):
        load_document("[" + "1," * 49 + "1]")  # 101 bytes


def test_cli_import__a_file_past_the_size_limit_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(document, "MAX_DOCUMENT_BYTES", 1000)
    monkeypatch.setattr(table_commands, "MAX_DOCUMENT_BYTES", 1000)
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"pad": "x" * 5000}))
    result = _cli("import", str(path), "--db", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert result.exit_code == 2 and "larger than the limit of 1000 bytes" in result.stderr


# -- depth --------------------------------------------------------------------------------------------


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_import__5000_deep_json_is_a_limit_not_a_recursion_error(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with Store(db) as store:
        doc = _exported(store)
    doc["log"][NOTE - 1]["data"]["text"] = "@@DEEP@@"
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(doc).replace('"@@DEEP@@"', "[" * 5000 + "]" * 5000))
    result = _cli("import", str(path), "--db", db)
    assert result.exit_code == 2, result.output
    assert f"nests deeper than {MAX_DEPTH} levels" in result.stderr
    assert "Traceback" not in result.output


def test_import__depth_limit_is_exact(store: Store) -> None:
    doc = _exported(store)
    # document (1) > log (2) > event (3) > data (4) > text: a list nested k deep reaches 4 + k
    doc["log"][NOTE - 1]["data"]["text"] = _nested(MAX_DEPTH - 4)
    assert document.parse_document(_forge(doc)).log[NOTE - 1].seq == NOTE  # 64 levels: read
    doc["log"][NOTE - 1]["data"]["text"] = _nested(MAX_DEPTH - 3)
    with pytest.raises(LimitExceeded, match="nests deeper than 64"):
        document.parse_document(_forge(doc))
    with pytest.raises(LimitExceeded, match="nests deeper than 64"):
        store.import_(doc)


def test_import__deep_document_through_the_api_does_not_recurse(store: Store) -> None:
    doc = _exported(store)
    doc["log"][NOTE - 1]["data"]["text"] = _nested(50_000)
    with pytest.raises(LimitExceeded, match="nests deeper"):
        store.import_(doc)


# -- ids ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("table_id", ["../../etc", "-h", "[/]", "a b", "x" * 33, ""])
def test_import__ids_are_checked_like_new_ones(tmp_path: Path, table_id: str) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with Store(db) as store:
        doc = _exported(store)
        original = store.list_tables()
    doc["table"]["id"] = table_id
    path = tmp_path / "odd-id.json"
    path.write_text(json.dumps(doc))
    result = _cli("import", str(path), "--keep-id", "--db", db, "--json")
    assert result.exit_code == 2, result.output
    assert json.loads(result.stdout)["message"].startswith("Cannot read the table export: table.id")
    with Store(db) as store:
        assert store.list_tables() == original


def test_import__a_well_formed_id_is_kept(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    other = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    with Store(db) as store:
        doc = _exported(store)
    doc["table"]["id"] = "Campaign2026"
    path = tmp_path / "doc.json"
    path.write_text(json.dumps(doc))
    result = _cli("import", str(path), "--keep-id", "--db", other, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["id"] == "Campaign2026"
