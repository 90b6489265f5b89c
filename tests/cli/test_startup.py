"""Start-up as users run it: each command imports only what it needs, and the quick start agrees with Typer.

The import checks run the real entry point in a fresh interpreter and read
``sys.modules`` when it exits (``-X importtime`` misses modules loaded through
``importlib.import_module``, as the lazy CLI and the ruleset registry load
theirs). They assert module sets, never times: bench/bench_cli.py measures.
"""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from capeworks.cli import launch
from capeworks.cli.app import app
from capeworks.engine import Command, Seat
from capeworks.store import Store

runner = CliRunner()

#: never needed to roll or to read odds
NOT_FOR_DICE = (
    "typer",
    "click",
    "pydantic",
    "sqlalchemy",
    "alembic",
    "capeworks.store",
    "capeworks.engine",
    "capeworks.systems",
    "capeworks.server",
)
#: never needed to play a command at a table in a SQLite file on the command line (its plain form starts
#: without Typer; the store reads and writes a SQLite file with the standard library)
NOT_FOR_TABLE_DO = (
    "typer",
    "click",
    "sqlalchemy",
    "alembic",
    "capeworks.server",
    "capeworks.web",
    "fastapi",
    "uvicorn",
)


def _modules_after(tmp_path: Path, code: str) -> set[str]:
    """The modules loaded by the time a fresh interpreter running ``code`` exits (exit codes ignored)."""
    out = tmp_path / "modules.json"
    probe = (
        "import atexit, json, sys\n"
        f"atexit.register(lambda: open({str(out)!r}, 'w').write(json.dumps(sorted(sys.modules))))\n"
        f"{code}\n"
    )
    subprocess.run([sys.executable, "-c", probe], capture_output=True, check=False, timeout=120)
    return set(json.loads(out.read_text()))


def _console_script(tmp_path: Path, *args: str) -> set[str]:
    """Modules loaded by ``capeworks ARGS`` run as the installed console script runs it."""
    argv = ["capeworks", *args]
    return _modules_after(tmp_path, f"sys.argv = {argv!r}\nfrom capeworks.cli.launch import main\nmain()")


def _loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


@pytest.mark.parametrize(
    "args",
    [
        ["roll", "4d6kh3"],
        ["roll", "2d6", "--seed", "3", "--json"],
        ["roll", "2d6", "--dice", "3,4"],
        ["odds", "100d6"],
        ["odds", "5d6t4", "--json"],
        ["roll", "2d6+"],  # an error line is printed on the quick path too
    ],
)
def test_dice_commands__load_no_typer_store_engine_ruleset_or_server(tmp_path: Path, args: list[str]) -> None:
    modules = _console_script(tmp_path, *args)
    assert "capeworks.cli.dice_run" in modules  # the command ran
    assert _loaded(modules, NOT_FOR_DICE) == []


def test_roll__loads_nothing_of_the_exact_odds(tmp_path: Path) -> None:
    modules = _console_script(tmp_path, "roll", "4d6kh3")
    assert _loaded(modules, ("capeworks.dice.odds", "rich.table", "icepool", "numpy")) == []


def test_roll__to_a_pipe_loads_no_rich(tmp_path: Path) -> None:
    # not a terminal: Rich would print the bare line, so the roll prints it without Rich
    modules = _console_script(tmp_path, "roll", "4d6kh3")
    assert _loaded(modules, ("rich",)) == []


def test_odds__to_a_pipe_loads_no_rich(tmp_path: Path) -> None:
    # not a terminal: Rich would print the plain table (tests/cli/test_plain.py), so it is not loaded
    modules = _console_script(tmp_path, "odds", "5d6t4")
    assert "capeworks.dice.odds" in modules
    assert _loaded(modules, ("rich",)) == []


def test_odds__loads_no_roller(tmp_path: Path) -> None:
    modules = _console_script(tmp_path, "odds", "5d6t4")
    assert "capeworks.dice.odds" in modules
    assert _loaded(modules, ("capeworks.dice.roller", "capeworks.dice.source", "capeworks.dice.bulk")) == []


def test_python_dash_m__takes_the_same_quick_start(tmp_path: Path) -> None:
    run = "runpy.run_module('capeworks', run_name='__main__')"
    modules = _modules_after(tmp_path, f"import runpy\nsys.argv = ['capeworks', 'roll', '1d6']\n{run}")
    assert "capeworks.cli.dice_run" in modules
    assert _loaded(modules, NOT_FOR_DICE) == []


def test_cli_app__imports_no_store_engine_ruleset_or_server(tmp_path: Path) -> None:
    modules = _modules_after(tmp_path, "import capeworks.cli.app")
    assert _loaded(modules, ("sqlalchemy", "capeworks.store", "capeworks.engine", "capeworks.systems")) == []
    assert _loaded(modules, ("capeworks.server", "fastapi")) == []


def test_table_do__loads_its_own_ruleset_only_and_no_typer_orm_or_server(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'play.sqlite3'}"
    with Store(url) as store:
        created = store.create_table("rwyn", seats=[Seat(id="gm", name="GM", role="gm")])
        add = Command(type="add_character", seat="gm", payload={"id": "ada", "sample": "ada", "owner": "gm"})
        before = store.execute(created.id, add).table.version
    modules = _console_script(
        tmp_path, "table", "do", created.id, "gm", "set_ability", "character=ada", "ability=Science",
        "rating=3", "--db", url,
    )  # fmt: skip
    assert "capeworks.systems.rwyn.ruleset" in modules  # the command ran
    assert _loaded(modules, NOT_FOR_TABLE_DO) == []
    others = [
        m
        for m in modules
        if m.startswith("capeworks.systems.") and not m.startswith("capeworks.systems.rwyn")
    ]
    assert others == []
    with Store(url) as store:
        assert store.load(created.id).version == before + 1  # the command was played


def test_table_do__on_postgresql_loads_sqlalchemy_and_says_why_it_failed(tmp_path: Path) -> None:
    # nothing listens on port 1: the command fails in one sentence, after loading the SQLAlchemy path
    url = "postgresql://nobody@127.0.0.1:1/capeworks"
    modules = _console_script(tmp_path, "table", "do", "sometable", "gm", "note", "text=x", "--db", url)
    assert "capeworks.store.database" in modules and "sqlalchemy" in modules
    assert _loaded(modules, ("alembic", "sqlalchemy.orm")) == []


# -- the quick start reads what Typer reads, and prints what Typer prints ---------------------------

#: arguments the quick start runs itself
QUICK = [
    ["roll", "4d6kh3", "--seed", "7"],
    ["roll", "--seed", "7", "4d6kh3"],
    ["roll", "4d6kh3", "--seed=7", "--json"],
    ["roll", "10d6", "--seed", "-3"],
    ["roll", "-5"],
    ["roll", "2d6", "--dice", "3,4"],
    ["roll", "2d6", "--dice", "3,4", "--json"],
    ["roll", "2d6", "--dice", "3,4", "--seed", "1"],
    ["roll", "2d6", "--dice", "3,4", "--seed", "1", "--json"],
    ["roll", "2d6", "--dice=3,4", "--json", "--json"],
    ["roll", "10d6", "--seed", "1", "--seed", "2"],
    ["roll", "--seed", "2", "--", "-1d6"],
    ["roll", "100d6", "--seed", "1"],
    ["roll", "nonsense!!"],
    ["roll", "nonsense!!", "--json"],
    ["roll", "[bold]x"],
    ["roll", "", "--seed", "1"],
    ["odds", "100d6"],
    ["odds", "3d6"],
    ["odds", "5d6t4", "--json"],
    ["odds", "--json", "2d6"],
    ["odds", "1d6!"],
    ["odds", "xx"],
    ["odds", "xx", "--json"],
    ["odds", "5d6t4", "--all", "--json"],
    ["odds", "--all", "3d6"],
    ["odds", "--", "-1"],
    ["roll", "-1.5"],
    ["roll", "2d6", "--seed=-4"],
]
#: arguments left to Typer: help, usage errors, options the quick start does not know or doubts
TYPER = [
    ["roll"],
    ["roll", "--help"],
    ["roll", "2d6", "--help"],
    ["roll", "2d6", "extra"],
    ["roll", "2d6", "--se", "3"],
    ["roll", "--json"],
    ["roll", "2d6", "--seed", "abc"],
    ["roll", "2d6", "--seed", "+5"],
    ["roll", "2d6", "--seed", "007"],
    ["roll", "2d6", "--json=1"],
    ["roll", "-1d6"],
    ["roll", "--", "-1d6", "--seed", "2"],
    ["roll", "-h"],
    ["roll", "2d6", "--dice", "-1,2"],
    ["odds"],
    ["odds", "3d6", "--help"],
    ["odds", "2d6", "--seed", "3"],
    ["odds", "-1d6"],
    ["odds", "2d6", "3d6"],
    ["odds", "-"],
    ["odds", "2d6", "--all=1"],
    ["roll", "2d6", "--seed"],
    ["roll", "2d6", "--seed", "--json"],
    ["roll", "2d6", "--dice="],
    ["roll", "2d6", "-s", "3"],
    ["table", "list"],
    ["--help"],
    [],
]


@pytest.mark.parametrize("args", QUICK, ids=" ".join)
def test_quick__prints_and_exits_exactly_as_typer(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    typer_run = runner.invoke(app, args)
    code = launch.quick(args)
    quick = capsys.readouterr()
    assert code is not None, "the quick start should have run these arguments itself"
    assert (code, quick.out, quick.err) == (typer_run.exit_code, typer_run.stdout, typer_run.stderr)


@pytest.mark.parametrize("args", TYPER, ids=lambda a: " ".join(a) or "(none)")
def test_quick__leaves_help_usage_errors_and_doubts_to_typer(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert launch.quick(args) is None
    assert capsys.readouterr() == ("", "")


def test_quick__leaves_shell_completion_to_typer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_CAPEWORKS_COMPLETE", "complete_bash")
    assert launch.quick(["roll", "2d6"]) is None


@pytest.mark.parametrize("enabled", [True, False])
def test_quick__pauses_the_cyclic_collector_only_while_it_runs(
    enabled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []
    monkeypatch.setitem(launch.QUICK, "roll", lambda args: seen.append(gc.isenabled()) or 0)
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        assert launch.quick(["roll", "2d6"]) == 0
        assert (seen, gc.isenabled()) == ([False], enabled)
    finally:
        gc.enable() if was else gc.disable()
