"""Shared CLI output: JSON or Rich text, and the one mapping of errors to exit codes."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from capeworks.errors import CapeworksError, RuleViolation

__all__ = ["JSON_OPTION", "console", "emit_json", "fail", "run_guarded", "safe"]

T = TypeVar("T")

console = Console()
err_console = Console(stderr=True, soft_wrap=True)

#: reuse as ``json_out: bool = JSON_OPTION`` in every command
JSON_OPTION: Any = typer.Option(False, "--json", help="Print machine-readable JSON instead of text.")


#: control characters (but tab and newline) and bidirectional overrides, shown as escapes:
#: user text must not drive the terminal (colours, cursor, titles) or reorder what is read
_VISIBLE = {c: f"\\x{c:02x}" for c in (*range(0x00, 0x20), *range(0x7F, 0xA0)) if c not in (0x09, 0x0A)} | {
    c: f"\\u{c:04x}" for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))
}


def safe(text: str) -> str:
    """User text ready for Rich: markup escaped and control characters made visible.

    Every piece of text a person typed (names, titles, tasks, notes, and error
    messages that quote them) goes through here before it is printed.
    """
    return escape(text.translate(_VISIBLE))


def emit_json(payload: Any) -> None:
    """Print one JSON document on stdout."""
    sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")


def fail(error: CapeworksError, *, as_json: bool) -> None:
    """Report a CapeworksError as one line (or JSON), naming the rule it breaks, and exit with code 2."""
    if as_json:
        emit_json(error.to_dict())
    else:
        hint = f" (give {error.field}=...)" if error.field else ""
        rule = f" [{error.rule_id}]" if isinstance(error, RuleViolation) else ""
        line = f"{error.message}{hint}{rule}"
        err_console.print(f"[bold red]Error:[/] {safe(line)}", highlight=False)
    raise typer.Exit(code=2)


def run_guarded(fn: Callable[[], T], *, as_json: bool) -> T:
    """Run ``fn``; turn any CapeworksError into the CLI's one-line failure."""
    try:
        return fn()
    except CapeworksError as e:
        fail(e, as_json=as_json)
        raise AssertionError("unreachable") from e
