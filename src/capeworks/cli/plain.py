"""Output that needs no Rich: JSON on stdout, and a plain line where Rich would print it unchanged.

Importing Rich costs a ``capeworks roll`` more than the roll itself. When the
output is not a terminal, Rich prints a styled line as its bare text, wrapped
at the console's width; :func:`plain_line` prints such a line itself when
Rich would print exactly those bytes, and declines otherwise (a terminal, a
forced colour, a line longer than the width Rich would use, text other than
printable ASCII), so the caller goes to Rich.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

__all__ = ["emit_json", "plain_line"]


def emit_json(payload: Any) -> None:
    """Print one JSON document on stdout."""
    sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")


def _rich_width() -> int:
    """The width a Rich console would wrap a non-terminal's lines at (as ``Console.size`` finds it)."""
    width = 0
    for fd in (0, 1, 2):
        try:
            width = os.get_terminal_size(fd).columns
        except (AttributeError, ValueError, OSError):
            continue
        break
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        width = int(columns)
    return width or 80


def plain_line(text: str) -> bool:
    """Print ``text`` and a newline if Rich would print the very same bytes; True when printed."""
    if sys.platform == "win32" or not (text.isascii() and text.isprintable()):
        return False
    env = os.environ
    if env.get("TTY_COMPATIBLE", "") == "1" or env.get("FORCE_COLOR") is not None:
        return False
    out = sys.stdout
    try:
        if out.isatty():
            return False
    except (AttributeError, ValueError):
        return False
    if len(text) >= _rich_width():
        return False
    out.write(text + "\n")
    return True
