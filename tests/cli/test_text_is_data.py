"""User text is data: markup, control characters and very long strings in every text field crash nothing.

Every installed ruleset's sample session is played through the real CLI on a
SQLite file, with every text field of every command replaced by hostile text
(the step is played as written when the rules refuse the hostile one), in a
table whose title and seat names are hostile too. After every step every
reading verb still works, for the GM and for every seat, in words and in
``--json``; hostile text shows literally, never as markup.
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from typer.testing import CliRunner, Result

from capeworks.cli.app import app
from capeworks.engine import available, get_ruleset
from capeworks.engine.model import Role
from capeworks.engine.ruleset import SampleStep

runner = CliRunner()

#: what must never be printed raw: C0/C1 controls but tab and newline, and bidi overrides
CONTROL = re.compile("[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069]")

HOSTILE = (
    "[/]",
    "[bold red]loud[/bold red] [/]",
    "[link=file:///etc/passwd]click[/link]",
    "\x1b[31mred\x1b[0m\x07 bell",
    "line\r\nbreak\ttab\x00nul\x7f",
    "\u202eright-to-left\u200b",
    "{0} %s $(rm -rf /) `x` <script>alert(1)</script> &amp;",
    "[" * 200 + "/" + "]" * 200,
    "long " * 400,
)


def _invoke(db: str, *args: str) -> Result:
    return runner.invoke(app, [*args, "--db", db])


def _ok(db: str, *args: str) -> str:
    result = _invoke(db, *args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, (args, result.output)
    if "--json" not in args:
        # control characters a person typed never reach the terminal (shown as escapes instead);
        # JSON is data: its consumer escapes for its own medium
        assert not CONTROL.search(result.stdout), (args, CONTROL.search(result.stdout))
    return result.stdout


def _ok_json(db: str, *args: str) -> Any:
    return json.loads(_ok(db, *args, "--json"))


def _is_text(annotation: Any) -> bool:
    """``str``, ``str | None`` or an Annotated str: a field a person writes."""
    if annotation is str:
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _is_text(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return any(_is_text(a) for a in typing.get_args(annotation) if a is not type(None))
    return False


def _text_fields(ruleset: str, command: str) -> list[str]:
    spec = get_ruleset(ruleset).commands.get(command)
    if spec is None:
        return []
    model: type[BaseModel] = spec.model
    return [name for name, f in model.model_fields.items() if _is_text(f.annotation)]


def _reading_verbs(db: str, table_id: str, seats: Sequence[str]) -> None:
    """Every reading verb works for every viewer, in words and JSON."""
    _ok(db, "table", "list")
    assert any(t["id"] == table_id for t in _ok_json(db, "table", "list"))
    for view in (["--gm"], *[["--as", s] for s in seats]):
        _ok(db, "table", "show", table_id, *view)
        _ok_json(db, "table", "show", table_id, *view)
        _ok(db, "table", "log", table_id, *view)
        _ok_json(db, "table", "log", table_id, *view)
    _ok_json(db, "table", "export", table_id)


def _do(db: str, table_id: str, step: SampleStep, payload: dict[str, Any]) -> Result:
    command = step.command
    args = ["table", "do", table_id, command.seat, command.type, "--payload-json", json.dumps(payload)]
    if step.dice is not None:
        args += ["--dice", ",".join(str(d) for d in step.dice)]
    return _invoke(db, *args)


def _play_hostile(db: str, ruleset: str, hostile: Sequence[str]) -> tuple[str, int]:
    """Play the sample with hostile text; returns the table id and how many hostile commands were accepted."""
    sample = get_ruleset(ruleset).sample_session()
    assert sample is not None
    names = iter(hostile * 4)
    seat_args: list[str] = []
    for seat in sample.seats:
        role = ":gm" if seat.role is Role.GM else ""
        seat_args += ["--seat", f"{seat.id}:{seat.name} {next(names)}{role}"]
    config = json.dumps(dict(sample.config))
    title = " ".join(hostile[:2])
    created = _ok_json(
        db, "table", "new", ruleset, "--title", title, *seat_args, "--config-json", config, "--seed", "7"
    )
    table_id = created["id"]
    seats = [s.id for s in sample.seats]
    accepted = 0
    texts = iter(hostile * 100)
    for step in sample.steps:
        fields = [f for f in _text_fields(ruleset, step.command.type) if f in step.command.payload]
        if fields:
            payload = dict(step.command.payload) | {f: next(texts) for f in fields}
            result = _do(db, table_id, step, payload)
            assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
            if result.exit_code == 0:
                accepted += 1
                _reading_verbs(db, table_id, seats)
                continue
            # refused: one readable line, exit 2, nothing written
            assert result.exit_code == 2, result.output
            assert len(result.output.strip().splitlines()) == 1, result.output
        result = _do(db, table_id, step, dict(step.command.payload))
        assert result.exit_code == 0, (step, result.output)
    _reading_verbs(db, table_id, seats)
    return table_id, accepted


@pytest.mark.parametrize("ruleset", sorted(available()))
def test_hostile_text_in_every_field__every_verb_still_works(tmp_path: Path, ruleset: str) -> None:
    db = f"sqlite:///{tmp_path / 'hostile.sqlite3'}"
    table_id, accepted = _play_hostile(db, ruleset, HOSTILE)
    # the sample has text fields the rules accept as written (names, tasks, notes...)
    assert accepted > 0
    # markup is shown as the characters typed, never interpreted
    gm_log = _ok(db, "table", "log", table_id, "--gm")
    assert "[/]" in gm_log
    listing = _ok(db, "table", "list")
    assert "[/]" in listing


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(min_size=1, max_size=300))
def test_any_text_as_title_and_seat_name__reading_verbs_work(tmp_path: Path, text: str) -> None:
    db = f"sqlite:///{tmp_path / 'any.sqlite3'}"
    result = _invoke(db, "table", "new", "rwyn", "--title", text, "--seat", f"gm:{text}:gm", "--json")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    if result.exit_code == 2:
        # refused with one sentence (e.g. a name that is blank or has a colon the seat syntax uses)
        assert len(result.output.strip().splitlines()) == 1
        return
    table_id = json.loads(result.stdout)["id"]
    _reading_verbs(db, table_id, ["gm"])
