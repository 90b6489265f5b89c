"""No traceback from any Weaverdice command with any input (issue 18): every command, every field, any
value, any seat, any dice, at a table mid-fight (an attack waiting on a reaction, a grapple, a lengthy
task, a hidden NPC). The table either takes the command or refuses it with a sentence; nothing else
escapes, and a refusal changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.engine import Command
from capeworks.errors import CapeworksError
from capeworks.systems.weaverdice.ruleset import COMMANDS
from tests.systems.weaverdice.helpers import add, sheet, table

#: words that mean something here (ids, stats, pools, statuses, enum values) beside hostile text
WORDS = (
    "vic", "ray", "brute", "thug", "sniper", "nobody", "gm", "ann", "bob", "brawn", "guts", "stamina",
    "focus", "recovery", "cut", "bash", "critical", "lesser", "full", "quick", "lengthy", "hold", "throw",
    "knocked_down", "bleeding", "1", "call:1", "none", "Brawl", "Brawl: brawn", "thug",
)  # fmt: skip
HOSTILE = ("", " ", "<script>x</script>", "\x00\x1b[31m", "\u202e", "[/]", "a" * 5000, "{", "id: [x", "-1")

scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.integers(-(10**15), 10**15),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(WORDS),
    st.sampled_from(HOSTILE),
    st.text(max_size=20),
)
value = st.one_of(
    scalar,
    st.lists(scalar, max_size=5),
    st.dictionaries(st.sampled_from(WORDS), scalar, max_size=4),
)


def _mid_fight():  # type: ignore[no-untyped-def]
    d = table()
    add(d, "ann", {**sheet("vic", "Vic", brawn=4), "skills": [{"name": "Brawl", "stats": ["brawn"]}]})
    add(d, "bob", sheet("ray", "Ray"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("sniper", "Sniper", "generic"), hidden=True)
    d.do("gm", "start_combat", characters="vic, ray, brute, thug", dice=[6, 1, 2])  # Vic first
    d.do("gm", "call_check", character="vic", stat="knowledge", tn=1, dc=12, task="hack")
    d.do("ann", "check", character="vic", call=1, dice=[3])  # a lengthy task under way: Vic's turn spent
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "grab", character="brute", target="ray", dice=[6])
    d.answer("bob", "react-ray", "take")
    d.do("gm", "attack", character="brute", target="vic", dice=[6])  # waits on Vic's reaction
    return d


BASE = _mid_fight()
runner = CliRunner()


@pytest.mark.rules("WD-CORE-011", "WD-COMBAT-001")
@pytest.mark.parametrize("name", sorted(COMMANDS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_input_to_any_command__taken_or_refused_with_a_sentence(name: str, data: st.DataObject) -> None:
    fields = list(COMMANDS[name].model.model_fields)
    chosen = data.draw(st.lists(st.sampled_from(fields), unique=True) if fields else st.just([]))
    payload: dict[str, Any] = {f: data.draw(value, label=f) for f in chosen}
    seat = data.draw(st.sampled_from(["gm", "ann", "bob", "zed"]))
    dice = data.draw(st.one_of(st.none(), st.lists(st.integers(-2, 9), max_size=10)))
    table = BASE.table
    before = table.state
    try:
        table.prepare(Command(type=name, seat=seat, payload=payload), dice=dice)
    except CapeworksError as e:
        message = e.message
        assert (message[:1].isupper() or message[:1].isdigit()) and message.rstrip()[-1:] in ".?!", repr(
            message
        )
        assert "Traceback" not in message
    assert table.state == before  # prepare never commits; a refusal changes nothing


@pytest.mark.rules("WD-CORE-011")
def test_the_cli_refuses_hostile_input_to_every_command_with_exit_2(tmp_path: Path) -> None:
    # every WD command through `capeworks table do`, each field given a value of the wrong shape: a
    # refusal is a sentence and exit code 2, never a traceback (exit 1)
    db = f"sqlite:///{tmp_path / 't.sqlite3'}"
    made = runner.invoke(
        app, ["table", "new", "weaverdice", "--seat", "gm:GM:gm", "--seat", "ann:Ann", "--json", "--db", db]
    )
    assert made.exit_code == 0, made.output
    ident = json.loads(made.stdout)["id"]
    runner.invoke(app, ["table", "do", ident, "gm", "add_character", "sample=thug", "--db", db])
    for name in sorted(COMMANDS):
        fields = list(COMMANDS[name].model.model_fields) or ["junk"]
        payload = {f: {"nested": ["<script>", 10**30]} for f in fields}
        out = runner.invoke(
            app, ["table", "do", ident, "gm", name, "--payload-json", json.dumps(payload), "--db", db]
        )
        assert out.exit_code == 2, (name, out.exit_code, out.output)
        assert "Traceback" not in out.output, (name, out.output)
