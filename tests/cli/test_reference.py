"""Docs that cannot drift: docs/cli.md is exactly the reference generated from the app."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.cli.reference import commands, markdown_reference

DOC = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def test_cli_reference__docs_match_the_app() -> None:
    assert DOC.read_text(encoding="utf-8") == markdown_reference(), (
        "docs/cli.md is stale: run `python -m capeworks.cli.reference > docs/cli.md`"
    )


def test_cli_reference__every_command_has_help_and_every_leaf_takes_json() -> None:
    runner = CliRunner()
    for path, command in commands():
        result = runner.invoke(app, [*path[1:], "--help"])
        assert result.exit_code == 0, f"{' '.join(path)} --help failed: {result.output}"
        assert command.help, f"{' '.join(path)} has no help text"
        if not hasattr(command, "list_commands"):
            assert any(p.name == "json_out" or "--json" in getattr(p, "opts", ()) for p in command.params), (
                f"{' '.join(path)} takes no --json"
            )


def test_cli_reference__arguments_are_named_as_help_names_them() -> None:
    # docs/cli.md listed TABLE_ID (the parameter's name) where --help says TABLE (its metavar)
    runner = CliRunner()
    doc = markdown_reference()
    for path, command in commands():
        arguments = [p for p in command.params if p.param_type_name == "argument"]
        if not arguments:
            continue
        usage = " ".join(runner.invoke(app, [*path[1:], "--help"], terminal_width=200).stdout.split())
        for argument in arguments:
            shown = (argument.metavar or str(argument.name)).upper()
            assert shown.lower() in usage.lower(), f"{' '.join(path)} --help does not show {shown}"
            assert f"- `{shown}` (argument" in doc, f"docs/cli.md does not name {shown}"
    assert "TABLE_ID" not in doc
