"""Shared CLI output for Typer commands: ``--json``, and the one mapping of errors to exit codes.

The consoles and printing helpers live in :mod:`capeworks.cli.terminal` (no Typer).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import typer

from capeworks.cli.terminal import console, emit_json, err_console, report, safe
from capeworks.errors import CapeworksError

__all__ = ["JSON_OPTION", "console", "emit_json", "err_console", "fail", "run_guarded", "safe"]

T = TypeVar("T")

#: reuse as ``json_out: bool = JSON_OPTION`` in every command
JSON_OPTION: Any = typer.Option(False, "--json", help="Print machine-readable JSON instead of text.")


def fail(error: CapeworksError, *, as_json: bool) -> None:
    """Report a CapeworksError as one line (or JSON), naming the rule it breaks, and exit with code 2."""
    report(error, as_json=as_json)
    raise typer.Exit(code=2)


def run_guarded(fn: Callable[[], T], *, as_json: bool) -> T:
    """Run ``fn``; turn any CapeworksError into the CLI's one-line failure."""
    try:
        return fn()
    except CapeworksError as e:
        fail(e, as_json=as_json)
        raise AssertionError("unreachable") from e
