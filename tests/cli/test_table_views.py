"""`capeworks table show`: the GM's view and the GM's seat see the same commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from capeworks.cli.app import app

runner = CliRunner()


def _cli(db: str, *args: str) -> str:
    result = runner.invoke(app, ["table", *args, "--db", db])
    assert result.exit_code == 0, result.output
    return result.stdout


def _show(db: str, table: str, *view: str) -> Any:
    return json.loads(_cli(db, "show", table, *view, "--json"))


def test_show__gm_lists_the_same_legal_commands_as_the_gm_seat(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'views.sqlite3'}"
    created = json.loads(
        _cli(db, "new", "rwyn", "--seat", "gm:Game master:gm", "--seat", "ann:Ann", "--seed", "2", "--json")
    )
    table = created["id"]
    _cli(
        db, "do", table, "gm", "add_character", "id=ada", "owner=ann", "abilities=Science:3", "talents=Knack"
    )
    as_seat, gm_view = _show(db, table, "--as", "gm"), _show(db, table, "--gm")
    assert as_seat["legal"] and gm_view["legal"] == as_seat["legal"]
    assert "gm may now:" in _cli(db, "show", table, "--gm")


def test_show__says_who_the_table_waits_for_in_text_and_json(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'waiting.sqlite3'}"
    created = json.loads(
        _cli(db, "new", "rwyn", "--seat", "gm:Gail:gm", "--seat", "ann:Ann", "--seat", "bo:Bo", "--json")
    )
    table = created["id"]
    _cli(db, "do", table, "gm", "add_character", "id=ada", "sample=ada", "owner=ann")
    assert _show(db, table, "--as", "bo")["waiting"] == []
    assert "Waiting for: nobody" in _cli(db, "show", table, "--as", "bo")
    call = ("call_check", "character=ada", "ability=Science", "difficulty=5", "task=the vault")
    _cli(db, "do", table, "gm", *call)
    # Bo sees that the table waits on Ann, though not Ann's prompt itself (as the web table's projection)
    bo = _show(db, table, "--as", "bo")
    assert bo["waiting"] == ["ann"] and bo["prompts"] == []
    for view in (("--as", "bo"), ("--as", "ann"), ("--gm",)):
        assert _show(db, table, *view)["waiting"] == ["ann"]
        assert "Waiting for: ann" in _cli(db, "show", table, *view).splitlines()
