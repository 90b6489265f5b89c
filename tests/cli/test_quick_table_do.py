"""`capeworks table do` read by the quick start: the same bytes and exit code as Typer, or left to Typer.

Each case plays the same command on two copies of one table, once through
the Typer app and once through :func:`capeworks.cli.launch.quick`, and
compares what each printed. The quick start must take the plain forms itself
and hand help, usage errors and anything it doubts to Typer untouched.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from capeworks.cli import launch
from capeworks.cli.app import app
from capeworks.engine import registry
from tests.engine.toy import Toy

runner = CliRunner()
TABLE = "{table}"
TOKEN = "{token}"


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    registry.register(Toy())
    yield
    registry.unregister("toy")


@pytest.fixture
def base(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A toy table with a GM and a player, seeded; the database file and the table's id and ann's token."""
    path = tmp_path / "base.sqlite3"
    args = ["table", "new", "toy", "--seat", "gm:GM:gm", "--seat", "ann:Ann", "--seed", "3"]
    made = runner.invoke(app, [*args, "--db", f"sqlite:///{path}", "--json"])
    assert made.exit_code == 0, made.output
    created = json.loads(made.stdout)
    tokens = {s["id"]: s["token"] for s in created["seats"]}
    elsewhere = f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}"
    return path, {"table": created["id"], "token": tokens["ann"], "elsewhere": elsewhere}


def _copy(base: Path, name: str) -> str:
    copy = base.with_name(name)
    shutil.copyfile(base, copy)
    return f"sqlite:///{copy}"


def _filled(args: list[str], names: dict[str, str]) -> list[str]:
    return [names.get(a.strip("{}"), a) if a.startswith("{") and a.endswith("}") else a for a in args]


#: arguments after ``table do`` the quick start plays itself (``--db`` is added)
QUICK = [
    [TABLE, "ann", "add", "dice=2"],
    [TABLE, "ann", "add", "dice=2", "--json"],
    ["--json", TABLE, "ann", "add", "dice=1", "--dice", "4"],
    [TABLE, "ann", "add", "dice=2", "--dice=4,5"],
    [TABLE, "gm", "ask", "--payload-json", '{"seat": "ann"}'],
    [TABLE, "gm", "note", "text=the [bold]butler[/] did it"],
    [TABLE, "ann", "add", "dice=1", "--request-id", "r-1", "--json"],
    [TABLE, "ann", "add", "dice=1", "--token", TOKEN],
    [TABLE, "gm", "add", "dice=1", "--token", TOKEN],  # another seat's token: refused
    [TABLE, "ann", "add", "dice=1", "--request-id", "no spaces"],
    [TABLE, "ann", "add", "dice=1", "--dice", "four"],
    [TABLE, "ann", "add", "dice=1", "--dice", "four", "--json"],
    [TABLE, "ann", "nonsense"],
    [TABLE, "ann", "add", "loose"],
    [TABLE, "ann", "add", "--payload-json", "[oops"],
    ["nosuchtable", "ann", "add", "dice=1"],
    [TABLE, "ann", "answer", "p9", "yes"],
    ["--db", "{elsewhere}", TABLE, "ann", "add", "dice=1"],  # the last --db wins
]

#: arguments after ``table do`` left to Typer
TYPER = [
    [],
    [TABLE],
    [TABLE, "ann"],
    [TABLE, "ann", "add", "--help"],
    [TABLE, "ann", "add", "-h"],
    [TABLE, "ann", "add", "--jsn"],
    [TABLE, "ann", "add", "--json=1"],
    [TABLE, "ann", "add", "--", "dice=1"],
    [TABLE, "ann", "answer", "p0", "-1"],
    [TABLE, "ann", "add", "--dice"],
    [TABLE, "ann", "add", "--dice", "-1"],
    [TABLE, "ann", "add", "--dice="],
    [TABLE, "ann", "add", "--request-id", "--json"],
]


@pytest.mark.parametrize("args", QUICK, ids=" ".join)
def test_quick_table_do__prints_and_exits_exactly_as_typer(
    args: list[str], base: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, names = base
    filled = _filled(args, names)
    typer_db, quick_db = _copy(path, "typer.sqlite3"), _copy(path, "quick.sqlite3")
    typer_run = runner.invoke(app, ["table", "do", *filled, "--db", typer_db])
    capsys.readouterr()
    code = launch.quick(["table", "do", *filled, "--db", quick_db])
    quick = capsys.readouterr()
    assert code is not None, "the quick start should have run these itself"
    assert (code, quick.out, quick.err) == (typer_run.exit_code, typer_run.stdout, typer_run.stderr)


@pytest.mark.parametrize("args", TYPER, ids=lambda a: " ".join(a) or "(none)")
def test_quick_table_do__leaves_help_usage_errors_and_doubts_to_typer(
    args: list[str], base: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, names = base
    db = _copy(path, "quick.sqlite3")
    assert launch.quick(["table", "do", *_filled(args, names), "--db", db]) is None
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize(
    "argv",
    [["table", "list"], ["table", "--db", "x", "do", "t", "s", "c"], ["table"], ["table", "undo", "t"]],
    ids=" ".join,
)
def test_quick__leaves_every_other_table_command_to_typer(argv: list[str]) -> None:
    assert launch.quick(argv) is None


def test_quick_table_do__reads_the_database_and_token_from_the_environment_as_typer(
    base: tuple[Path, dict[str, str]], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path, names = base
    args = [names["table"], "gm", "add", "dice=1"]  # ann's token for the GM's seat: refused
    monkeypatch.setenv("CAPEWORKS_SEAT_TOKEN", names["token"])
    monkeypatch.setenv("CAPEWORKS_DATABASE_URL", _copy(path, "typer.sqlite3"))
    typer_run = runner.invoke(app, ["table", "do", *args])
    capsys.readouterr()
    monkeypatch.setenv("CAPEWORKS_DATABASE_URL", _copy(path, "quick.sqlite3"))
    code = launch.quick(["table", "do", *args])
    quick = capsys.readouterr()
    assert typer_run.exit_code == 2 and "another seat" in typer_run.stderr
    assert (code, quick.out, quick.err) == (typer_run.exit_code, typer_run.stdout, typer_run.stderr)


def test_quick_table_do__an_empty_variable_counts_as_unset(
    base: tuple[Path, dict[str, str]], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path, names = base
    monkeypatch.setenv("CAPEWORKS_SEAT_TOKEN", "")
    db = _copy(path, "quick.sqlite3")
    code = launch.quick(["table", "do", names["table"], "gm", "add", "dice=1", "--db", db])
    assert (code, capsys.readouterr().err) == (0, "")
