"""Shared CLI output: JSON or Rich text, and the one mapping of errors to exit codes."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer
from rich.console import Console

from capeworks.errors import CapeworksError

__all__ = ["JSON_OPTION", "console", "emit_json", "fail", "run_guarded"]

T = TypeVar("T")

console = Console()
err_console = Console(stderr=True, soft_wrap=True)

#: reuse as ``json_out: bool = JSON_OPTION`` in every command
JSON_OPTION: Any = typer.Option(False, "--json", help="Print machine-readable JSON instead of text.")


def emit_json(payload: Any) -> None:
    """Print one JSON document on stdout."""
    sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")


def fail(error: CapeworksError, *, as_json: bool) -> None:
    """Report a CapeworksError as one line (or JSON) and exit with code 2."""
    if as_json:
        emit_json(error.to_dict())
    else:
        hint = f" (give {error.field}=...)" if error.field else ""
        err_console.print(f"[bold red]Error:[/] {error.message}{hint}", highlight=False)
    raise typer.Exit(code=2)


def run_guarded(fn: Callable[[], T], *, as_json: bool) -> T:
    """Run ``fn``; turn any CapeworksError into the CLI's one-line failure."""
    try:
        return fn()
    except CapeworksError as e:
        fail(e, as_json=as_json)
        raise AssertionError("unreachable") from e
