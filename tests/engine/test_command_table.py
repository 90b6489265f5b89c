"""A ruleset's table of commands: each handler checked against its own payload model.

The static half runs mypy on a small ruleset table: written as ``CommandOf`` entries
through ``command_table``, a handler for the wrong payload is an error; written as a
``dict[str, CommandSpec[S, Any, C]]`` (how every ruleset wrote it before), it was not.
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest
from mypy import api as mypy_api
from pydantic import BaseModel

from capeworks.engine import CommandSpec, command_table

_SNIPPET = """
from typing import Any

from pydantic import BaseModel

from capeworks.engine import CommandOf, CommandSpec, Context, DiceService, Event, command_table


class State(BaseModel):
    n: int = 0


class Roll(BaseModel):
    dice: int


class Note(BaseModel):
    text: str


def roll(state: State, ctx: Context[None], c: Roll, dice: DiceService) -> list[Event]:
    return []


def note(state: State, ctx: Context[None], c: Note, dice: DiceService) -> list[Event]:
    return []


{table}
"""

_CHECKED = """
SPECS: dict[str, CommandOf[State, None]] = {{
    "roll": CommandSpec(Roll, {handler}),
    "note": CommandSpec(Note, note),
}}
COMMANDS: dict[str, CommandSpec[State, Any, None]] = command_table(SPECS)
"""

_PLAIN = """
COMMANDS: dict[str, CommandSpec[State, Any, None]] = {{"roll": CommandSpec(Roll, {handler})}}
"""


def _mypy(tmp_path: Path, table: str) -> tuple[str, int]:
    module = tmp_path / "table_of_commands.py"
    module.write_text(textwrap.dedent(_SNIPPET).format(table=table), encoding="utf-8")
    # no cache: two snippets of the same size written within a second would read as unchanged
    out, err, status = mypy_api.run(
        ["--strict", "--no-error-summary", "--cache-dir", os.devnull, str(module)]
    )
    return out + err, status


def test_command_table__a_handler_for_another_payload_is_a_type_error(tmp_path: Path) -> None:
    out, status = _mypy(tmp_path, _CHECKED.format(handler="roll"))
    assert status == 0, out
    out, status = _mypy(tmp_path, _CHECKED.format(handler="note"))
    assert status == 1
    assert 'Argument 2 to "CommandSpec" has incompatible type' in out
    assert "Note" in out and "Roll" in out


def test_a_plain_dict_of_command_specs__checks_handlers_against_any(tmp_path: Path) -> None:
    """Why ``command_table`` exists: the old way lets the wrong handler through."""
    out, status = _mypy(tmp_path, _PLAIN.format(handler="note"))
    assert status == 0, out


class _Payload(BaseModel):
    value: int = 0


def test_command_table__keeps_the_specs_and_refuses_anything_else() -> None:
    spec = CommandSpec(_Payload, lambda state, ctx, c, dice: [])
    assert command_table({"go": spec}) == {"go": spec}
    with pytest.raises(TypeError, match=r"command 'go': .* is not a CommandSpec"):
        command_table({"go": _Payload})  # type: ignore[dict-item]
