"""The README's one-line examples, run as printed: a newcomer types them first, so each must work.

Every line of the README's code blocks that starts with ``.venv/bin/capeworks`` is run through the
CLI in-process (its ``# comment`` dropped, as the shell drops it) and must exit 0 with output.
The ``capeworks table ...`` walk-through needs a table id from the line before it; the first
session tests play that one (tests/cli/test_first_session.py).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app

README = Path(__file__).resolve().parents[2] / "README.md"
PREFIX = ".venv/bin/capeworks "


def readme_examples() -> list[str]:
    """Each ``.venv/bin/capeworks ...`` line inside the README's fenced code blocks."""
    blocks = re.findall(r"^```[^\n]*\n(.*?)^```", README.read_text(encoding="utf-8"), re.M | re.S)
    return [line.strip() for block in blocks for line in block.splitlines() if line.startswith(PREFIX)]


def test_the_readme_has_examples_to_run() -> None:
    examples = readme_examples()
    assert len(examples) >= 10
    assert any(" lab " in line for line in examples)


@pytest.mark.parametrize("line", readme_examples(), ids=lambda line: line.split("#")[0].strip())
def test_a_readme_example_runs_as_printed(line: str) -> None:
    args = shlex.split(line.removeprefix(PREFIX), comments=True)
    if args[:2] == ["lab", "fight"]:
        args += ["--workers", "1"]  # the suite's own processes share the cores; the figures are the same
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert result.output.strip()
