"""Where the CLI's output goes, without Typer: the Rich consoles, JSON on stdout, user text made safe.

Split from :mod:`capeworks.cli.output` so the commands that start without
Typer (:mod:`capeworks.cli.launch`) print through the very same consoles.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from capeworks.cli.plain import emit_json
from capeworks.errors import CapeworksError, RuleViolation

__all__ = ["console", "emit_json", "err_console", "error_line", "report", "safe"]

console = Console()
err_console = Console(stderr=True, soft_wrap=True)

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


def error_line(error: CapeworksError, *, as_json: bool, hint: str = "") -> None:
    """Report a CapeworksError as one line on stderr (or its JSON on stdout); the caller exits with 2."""
    if as_json:
        emit_json(error.to_dict())
    else:
        # one line, whatever the message quotes: a newline a person typed shows as \n
        line = f"{error.message}{hint}".replace("\n", "\\n")
        err_console.print(f"[bold red]Error:[/] {safe(line)}", highlight=False)


def report(error: CapeworksError, *, as_json: bool) -> None:
    """Report a CapeworksError as one line (or JSON), naming the field to give and the rule it breaks."""
    hint = f" (give {error.field}=...)" if error.field else ""
    if isinstance(error, RuleViolation):
        hint += f" [{error.rule_id}]"
    error_line(error, as_json=as_json, hint=hint)
