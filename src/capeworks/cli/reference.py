"""The CLI reference, generated from the Typer app itself so the docs cannot drift.

``python -m capeworks.cli.reference > docs/cli.md`` writes it; a test checks
that docs/cli.md is exactly what this module generates. Groups that other
installed packages add (``capeworks.cli`` entry points from outside capeworks,
such as the example ruleset's) are theirs to document, so they are left out.
"""

from __future__ import annotations

import inspect
from typing import Any

import typer

from capeworks.cli.app import app
from capeworks.cli.plugin import cli_entry_points

__all__ = ["commands", "markdown_reference"]


# Typer vendors click; its command and parameter objects are used by duck typing here.
Command = Any


def _outside() -> set[str]:
    """Command names that packages other than capeworks add."""
    return {name for name, ep in cli_entry_points().items() if ep.dist is None or ep.dist.name != "capeworks"}


def _walk(command: Command, path: tuple[str, ...], ctx: Any) -> list[tuple[tuple[str, ...], Command]]:
    found = [(path, command)]
    if hasattr(command, "list_commands"):
        skip = _outside() if len(path) == 1 else set()
        for name in sorted(set(command.list_commands(ctx)) - skip):
            sub = command.get_command(ctx, name)
            if sub is not None:
                found.extend(_walk(sub, (*path, name), ctx))
    return found


def commands() -> list[tuple[tuple[str, ...], Command]]:
    """Every command and group, as (path, click command), depth first, sorted by name.

    The top-level group is lazy: walking it loads every command, as ``--help`` does.
    """
    root = typer.main.get_command(app)
    return _walk(root, ("capeworks",), root.make_context("capeworks", [], resilient_parsing=True))


def _param_line(param: Any) -> str:
    if param.param_type_name == "argument":
        what = "argument" if param.required else "argument, optional"
        help_text = " ".join((param.help or "").split())
        # the name --help shows: the metavar when the argument has one (TABLE, not TABLE_ID)
        shown = (getattr(param, "metavar", None) or str(param.name)).upper()
        return f"- `{shown}` ({what}){': ' + help_text if help_text else ''}"
    names = ", ".join(f"`{n}`" for n in [*param.opts, *param.secondary_opts])
    help_text = " ".join((param.help or "").split())
    default = ""
    if not param.is_flag and param.default not in (None, (), []) and not callable(param.default):
        default = f" (default: `{param.default}`)"
    return f"- {names}: {help_text}{default}".rstrip(": ")


def markdown_reference() -> str:
    """The whole CLI as Markdown: one section per command, its help and its options."""
    lines = [
        "# Command-line reference",
        "",
        "Generated from the app by `python -m capeworks.cli.reference > docs/cli.md`;",
        "a test fails when this file and the app disagree. Every command takes `--help`.",
        "",
        "**Who may act.** The `table` commands work directly on a database file, so they are",
        "its owner's tool: anyone who can open the file can act as any seat. Tables shared",
        "between people identify each seat by its token (`--token` or `$CAPEWORKS_SEAT_TOKEN`",
        "here; the web table next): with a token, a command for another seat is refused.",
        "`table show` and `table log` always say whose view they show (`--as SEAT` or `--gm`).",
        "",
    ]
    for path, command in commands():
        depth = min(len(path) + 1, 4)
        lines.append(f"{'#' * depth} `{' '.join(path)}`")
        lines.append("")
        doc = inspect.cleandoc(command.help or "").split("\n\n")[0].replace("\n", " ")
        if doc:
            lines.extend([doc, ""])
        params = [p for p in command.params if p.name != "help"]
        if params:
            lines.extend(_param_line(p) for p in params)
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    print(markdown_reference(), end="")
