"""Every `capeworks lab` command's --help ends in examples, and every example runs as written."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from capeworks.cli.app import app

runner = CliRunner()

#: options appended to keep an example small here (the last of a repeated option wins)
SMALL = {
    "fight": ["-n", "2", "-w", "1"],
    "economy": ["-n", "1"],
    "exact": ["--check", "0", "--max-rounds", "1", "--max-states", "2000"],
    "dice": ["-n", "2000"],
    "odds": [],
}


def _lab() -> typer.core.TyperGroup:
    root = typer.main.get_command(app)
    ctx = root.make_context("capeworks", ["lab", "--help"], resilient_parsing=True)
    return root.get_command(ctx, "lab")  # type: ignore[attr-defined, no-any-return]


def _examples(name: str) -> list[list[str]]:
    epilog = _lab().get_command(None, name).epilog or ""  # type: ignore[attr-defined, arg-type]
    lines = [ln.split(" (")[0] for ln in epilog.splitlines() if ln.startswith(("capeworks", "Example: "))]
    return [shlex.split(ln.removeprefix("Example: "))[2:] for ln in lines]


@pytest.mark.parametrize("name", ["odds", "dice", "fight", "sweep", "exact", "economy"])
def test_help_shows_examples(name: str) -> None:
    out = runner.invoke(app, ["lab", name, "--help"])
    assert out.exit_code == 0 and "Example" in out.stdout
    assert _examples(name), f"lab {name} --help gives no example"


@pytest.mark.parametrize("name", ["odds", "dice", "fight", "sweep", "exact", "economy"])
def test_every_example_parses(name: str) -> None:
    command = _lab().get_command(None, name)  # type: ignore[arg-type]
    assert command is not None
    for args in _examples(name):
        command.make_context(name, args[1:])  # an unknown option or a bad value raises


@pytest.mark.parametrize(
    "name",
    ["odds", "dice", *(pytest.param(n, marks=pytest.mark.slow) for n in ("fight", "exact")), "economy"],
)
def test_every_example_runs(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for args in _examples(name):
        out = runner.invoke(app, ["lab", *args, *SMALL[name]])
        assert out.exit_code == 0, f"{' '.join(args)}: {out.output}"
