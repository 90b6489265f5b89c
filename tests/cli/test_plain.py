"""The roll's plain line: printed without Rich only where Rich would print the very same bytes."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.text import Text

from capeworks.cli.plain import plain_line, plain_table


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


def _odds_printed(expression: str, capsys: pytest.CaptureFixture[str]) -> tuple[str, str, bool]:
    """What Rich prints for the odds of ``expression``, what the plain table prints (or Rich's
    again where it declines), and whether the plain table printed."""
    from capeworks.cli.dice_run import _ODDS_COLUMNS, _odds_rows, _odds_table
    from capeworks.dice.notation import parse
    from capeworks.dice.odds import distribution

    expr = parse(expression)
    title, rows, caption = _odds_rows(str(expr), distribution(expr))
    Console().print(_odds_table(title, rows, caption))
    expected = capsys.readouterr().out
    plain = plain_table(title, _ODDS_COLUMNS, rows, caption)
    if not plain:
        Console().print(_odds_table(title, rows, caption))
    return expected, capsys.readouterr().out, plain


@pytest.mark.parametrize(
    "expression",
    ["5d6t4", "1d4", "3d6", "100d6", "1d6-10", "2d10!", "1d1", "4d6kh3", "1d6+10000000", "20d6t5"],
)
@pytest.mark.parametrize("columns", [None, "40", "68", "69", "70", "200", "0"])
def test_plain_table__prints_the_odds_table_rich_prints_or_declines(
    expression: str, columns: str | None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    expected, printed, plain = _odds_printed(expression, capsys)
    assert printed == expected
    if columns in (None, "69", "200") and expression in ("5d6t4", "3d6", "1d6-10"):
        assert plain  # the 69 columns of 5d6t4's table fit: no Rich needed
    if columns in ("0", "40", "68") and expression == "5d6t4":
        assert not plain


def test_plain_table__declines_markup_a_narrow_console_and_forced_colour(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    columns = (("n", "right"), ("bar", "left"))
    assert plain_table("T", columns, [("1", "██")], "mean 1")
    assert (
        capsys.readouterr().out
        == "     T     \n┏━━━┳━━━━━┓\n┃ n ┃ bar ┃\n┡━━━╇━━━━━┩\n│ 1 │ ██  │\n└───┴─────┘\n  mean 1   \n"
    )
    assert not plain_table("T", columns, [("1", "██")], "[bold]mean[/] 1")
    assert not plain_table("T", columns, [("1", "██")], "see :smile:")
    assert not plain_table("T", columns, [("1", "█" * 100)], "mean 1")
    monkeypatch.setenv("COLUMNS", "10")
    assert not plain_table("T", columns, [("1", "██")], "mean 1")
    monkeypatch.delenv("COLUMNS")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert not plain_table("T", columns, [("1", "██")], "mean 1")
    assert capsys.readouterr().out == ""
