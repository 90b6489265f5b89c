"""The roll's plain line: printed without Rich only where Rich would print the very same bytes."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.text import Text

from capeworks.cli.plain import plain_line


def _rich(text: str) -> str:
    """What Rich prints for ``text`` styled as the roll styles it (to the captured stdout)."""
    line = Text()
    line.append(text, style="bold cyan")
    Console().print(line)
    return text


@pytest.mark.parametrize(
    "text",
    [
        "4d6kh3: [3, (2), 4, 6] = 13",
        "x" * 79,
        "x" * 80,
        "100d6: " + ", ".join(["6"] * 100) + " = 600",
        "2d6: [1, 2] = 3 é",
        "tab\there",
        "",
    ],
)
@pytest.mark.parametrize("columns", [None, "40", "200"])
def test_plain_line__prints_what_rich_prints_or_declines(
    text: str, columns: str | None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    _rich(text)
    expected = capsys.readouterr().out
    if not plain_line(text):
        _rich(text)
    assert capsys.readouterr().out == expected


def test_plain_line__declines_long_lines_and_forced_colour(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    assert plain_line("2d6: [1, 2] = 3")
    assert not plain_line("y" * 200)
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert not plain_line("2d6: [1, 2] = 3")
    assert capsys.readouterr().out == "2d6: [1, 2] = 3\n"
