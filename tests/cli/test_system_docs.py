"""The systems' docs cannot drift: generated command tables match the specs, and example sessions play.

docs/systems/<name>.md keeps its command table between markers
(:mod:`capeworks.cli.ruleset_reference` writes it), and its example session
(the ``sh`` block after "Example session") is played here through the CLI line
by line: every line succeeds, except a line whose comment says it is refused,
which must be refused with one line and exit 2.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.cli.ruleset_reference import BEGIN, update_doc
from capeworks.engine import available, get_ruleset

DOCS = Path(__file__).resolve().parents[2] / "docs" / "systems"
runner = CliRunner()

GENERATED = [
    n for n in sorted(available()) if (DOCS / f"{n}.md").exists() and BEGIN in (DOCS / f"{n}.md").read_text()
]


def test_every_built_in_system_doc_has_a_generated_command_table() -> None:
    # a new GM learns a command's fields here (the Workshop's call_check takes exactly two traits)
    assert {"rwyn", "capes", "weaverdice", "bpb", "workshop"} <= set(GENERATED)
    workshop = (DOCS / "workshop.md").read_text(encoding="utf-8")
    assert "`traits` list of text (<= 500) (2 items) (required)" in workshop


@pytest.mark.parametrize("name", GENERATED)
def test_command_table__matches_the_ruleset_specs(name: str) -> None:
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    assert text == update_doc(text, get_ruleset(name)), (
        f"docs/systems/{name}.md is stale: run `python -m capeworks.cli.ruleset_reference docs/systems`"
    )
    for command in get_ruleset(name).commands:
        assert f"| `{command}` |" in text


def _example(name: str) -> list[str]:
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    found = re.search(r"Example session[^\n]*\n+```sh\n(.*?)```", text, re.S)
    assert found, f"docs/systems/{name}.md has no example session"
    return [
        line for line in found.group(1).splitlines() if line.strip() and not line.lstrip().startswith("#")
    ]


@pytest.mark.parametrize("name", ["rwyn"])
def test_example_session__every_line_plays(tmp_path: Path, name: str) -> None:
    db = ["--db", f"sqlite:///{tmp_path / 'doc.sqlite3'}"]
    table_id = ""
    for line in _example(name):
        words = shlex.split(line, comments=True)
        assert words[0] == "capeworks", line
        args = [table_id if w == "T" else w for w in words[1:]]
        if args[:2] == ["table", "new"]:
            result = runner.invoke(app, [*args, *db, "--json"])
            assert result.exit_code == 0, (line, result.output)
            table_id = json.loads(result.stdout)["id"]
            continue
        result = runner.invoke(app, [*args, *db])
        if "refused" in line.partition("#")[2]:
            assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, (
                line,
                result.output,
            )
        else:
            assert result.exit_code == 0, (line, result.output)


#: each system doc's hand-written terminal session that the tests above do not play (rwyn's example
#: session, weaverdice's "From the terminal" in tests/cli/test_first_session.py): its heading
PLAY_BLOCKS = {
    "bpb": "## Play it",
    "capes": "## A full Page with three players, hot-seat",
    "workshop": "## Playing a fight",
}


def _play_block(name: str) -> list[str]:
    """The block's command lines, continuation lines joined, comments and blank lines left out."""
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    found = re.search(re.escape(PLAY_BLOCKS[name]) + r"\n+```[a-z]*\n(.*?)```", text, re.S)
    assert found, f"docs/systems/{name}.md lost its section {PLAY_BLOCKS[name]!r}"
    joined = found.group(1).replace("\\\n", " ")
    return [line for line in joined.splitlines() if line.strip() and not line.lstrip().startswith("#")]


@pytest.mark.parametrize("name", sorted(PLAY_BLOCKS))
def test_terminal_session__every_line_plays_as_written(tmp_path: Path, name: str) -> None:
    # docs/systems/bpb.md's "Play it" started a fight with `characters=widow, adler` but never added
    # Adler: a GM typing it as written was refused, and so was the attack after it
    db = ["--db", f"sqlite:///{tmp_path / 'doc.sqlite3'}"]
    table_id = ""
    played = 0
    for line in _play_block(name):
        words = shlex.split(line, comments=True)
        assert words[0] == "capeworks", line
        args = [table_id if w in {"T", "TABLE", "$T"} else w for w in words[1:]]
        if args[:2] == ["table", "new"]:
            result = runner.invoke(app, [*args, *db, "--json"])
            assert result.exit_code == 0, (line, result.output)
            table_id = json.loads(result.stdout)["id"]
            continue
        needs_db = args[0] == "table" or args[:2] == ["bpb", "tracker"]
        result = runner.invoke(app, [*args, *db] if needs_db else args)
        assert result.exit_code == 0, (line, result.output)
        assert result.output.strip(), line
        played += 1
    assert table_id and played >= 3
