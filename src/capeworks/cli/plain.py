"""Output that needs no Rich: JSON on stdout, and plain text where Rich would print it unchanged.

Importing Rich costs a ``capeworks roll`` more than the roll itself. When the
output is not a terminal, Rich prints a styled line as its bare text, wrapped
at the console's width; :func:`plain_line` prints such a line itself when
Rich would print exactly those bytes, and declines otherwise (a terminal, a
forced colour, a line longer than the width Rich would use, text other than
printable ASCII), so the caller goes to Rich. :func:`plain_table` does the
same for a simple table as Rich draws it by default (heavy head, a title and
a caption centred over it), declining whenever Rich would have to shrink the
table or wrap a line, draw its box in ASCII, or read markup in the caption.
"""

from __future__ import annotations

import os
import sys

#: typing's flag without importing typing (~4% of a plain odds); mypy reads any TYPE_CHECKING as true
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Column", "emit_json", "plain_line", "plain_table"]

#: a column of :func:`plain_table`: its header and how its cells are justified ("left" or "right")
Column = tuple[str, str]


def emit_json(payload: Any) -> None:
    """Print one JSON document on stdout."""
    import json  # only where JSON is asked for: ~2% of a plain odds

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
        return int(columns)  # Rich takes it as given, 0 too
    return width or 80


def _plain_out() -> bool:
    """Whether Rich would write bare text to stdout: not a terminal, no forced colour, not Windows."""
    if sys.platform == "win32":
        return False
    env = os.environ
    if env.get("TTY_COMPATIBLE", "") == "1" or env.get("FORCE_COLOR") is not None:
        return False
    try:
        return not sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def plain_line(text: str) -> bool:
    """Print ``text`` and a newline if Rich would print the very same bytes; True when printed."""
    if not (text.isascii() and text.isprintable()) or not _plain_out():
        return False
    if len(text) >= _rich_width():
        return False
    sys.stdout.write(text + "\n")
    return True


def _centred(text: str, width: int) -> str:
    left = (width - len(text)) // 2
    return " " * left + text + " " * (width - len(text) - left)


def plain_table(title: str, columns: tuple[Column, ...], rows: list[tuple[str, ...]], caption: str) -> bool:
    """Print the table Rich prints for ``Table(title=Text(title), caption=caption)`` with these columns
    (padding 1, box HEAVY_HEAD, cells of one line) if Rich would print the very same bytes; True when
    printed. Cells are ASCII or block characters (one column wide each)."""
    if not (title and caption and rows) or not _plain_out():
        return False
    if not (getattr(sys.stdout, "encoding", None) or "utf-8").lower().startswith("utf"):
        return False  # Rich would draw the box in ASCII
    texts = (title, caption, *(h for h, _ in columns))
    if not all(t.isascii() and t.isprintable() for t in texts) or any(c in caption for c in "[:"):
        return False  # Rich would read markup or emoji codes in a str caption
    if not all(set(cell) <= _CELL for row in rows for cell in row):
        return False
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, (h, _) in enumerate(columns)]
    width = sum(widths) + 3 * len(widths) + 1  # a space either side of each cell, and the rules
    if width > _rich_width() or len(title) > width or len(caption) > width:
        return False  # Rich would shrink the table or wrap a line

    def line(left: str, rule: str, cross: str, right: str) -> str:
        return left + cross.join(rule * (w + 2) for w in widths) + right

    def cells(bar: str, values: tuple[str, ...]) -> str:
        shown = (
            v.rjust(w) if justify == "right" else v.ljust(w)
            for v, w, (_, justify) in zip(values, widths, columns, strict=True)
        )
        return bar + bar.join(f" {v} " for v in shown) + bar

    out = [_centred(title, width), line("┏", "━", "┳", "┓"), cells("┃", tuple(h for h, _ in columns))]
    out.append(line("┡", "━", "╇", "┩"))
    out.extend(cells("│", row) for row in rows)
    out += [line("└", "─", "┴", "┘"), _centred(caption, width)]
    sys.stdout.write("\n".join(out) + "\n")
    return True


#: what a cell of :func:`plain_table` may hold: printable ASCII and the full block
_CELL = frozenset(chr(c) for c in range(0x20, 0x7F)) | {"█"}
