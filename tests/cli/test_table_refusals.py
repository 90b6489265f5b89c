"""Refusals through `capeworks table do`: one line naming the rule, exit 2, the table unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'refusals.sqlite3'}"


def new_table(db: str, ruleset: str, *seats: str) -> str:
    args = ["table", "new", ruleset, "--seed", "1", "--json", "--db", db]
    for seat in seats:
        args += ["--seat", seat]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    table: str = json.loads(result.stdout)["id"]
    return table


def version(db: str, table: str) -> int:
    result = runner.invoke(app, ["table", "show", table, "--as", "ann", "--json", "--db", db])
    assert result.exit_code == 0, result.output
    got: int = json.loads(result.stdout)["version"]
    return got


@pytest.mark.rules("CAPES-CHAR-005")
def test_capes_create_character__six_attitudes_is_one_line_naming_the_rule(db: str) -> None:
    table = new_table(db, "capes", "ann:Ann", "bea:Bea")
    before = version(db, table)
    fields = ["name=Y1", "attitudes=A1,A2,A3,A4,A5,A6", "styles=S1,S2,S3", "powers=P1,P2,P3"]
    result = runner.invoke(app, ["table", "do", table, "ann", "create_character", *fields, "--db", db])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "CAPES-CHAR-005" in lines[0], result.output
    assert "Traceback" not in result.output and "validation error" not in result.output
    assert version(db, table) == before
