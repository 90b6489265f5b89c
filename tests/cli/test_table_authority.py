"""Who may do what from the CLI, and what each seat's output may contain.

The CLI working on its own database file is its owner's tool; with a seat
token (``--token`` / ``$CAPEWORKS_SEAT_TOKEN``) it acts as that seat only.
Every verb's output, text and ``--json``, is filtered by the viewer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.engine import available, get_ruleset
from capeworks.engine.model import Role

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'authority.sqlite3'}"


def cli(db: str, *args: str, code: int = 0, env: dict[str, str] | None = None) -> str:
    result = runner.invoke(app, ["table", *args, "--db", db], env=env)
    assert result.exit_code == code, result.output
    return result.output


def rwyn_table(db: str) -> dict[str, Any]:
    out = cli(db, "new", "rwyn", "--seat", "gm:Gail:gm", "--seat", "ann:Ann", "--seed", "3", "--json")
    created: dict[str, Any] = json.loads(out)
    created["token"] = {s["id"]: s["token"] for s in created["seats"]}
    return created


def test_do__with_a_token_a_seat_acts_only_as_itself(db: str) -> None:
    t = rwyn_table(db)
    before = cli(db, "log", t["id"], "--gm", "--json")
    out = cli(db, "do", t["id"], "gm", "gm_note", "text=plot", "--token", t["token"]["ann"], code=2)
    assert "another seat" in out
    assert cli(db, "log", t["id"], "--gm", "--json") == before
    # the same token from the environment, as a shared terminal would set it
    env = {"CAPEWORKS_SEAT_TOKEN": t["token"]["ann"]}
    cli(db, "do", t["id"], "gm", "gm_note", "text=plot", code=2, env=env)
    assert cli(db, "log", t["id"], "--gm", "--json") == before
    cli(db, "do", t["id"], "gm", "gm_note", "text=plot", "--token", t["token"]["gm"])


def test_do__a_token_from_another_table_is_refused(db: str) -> None:
    first, second = rwyn_table(db), rwyn_table(db)
    out = cli(db, "do", first["id"], "gm", "gm_note", "text=x", "--token", second["token"]["gm"], code=2)
    assert "not valid for this table" in out


def test_join__only_the_gms_token_seats_new_people(db: str) -> None:
    t = rwyn_table(db)
    out = cli(db, "join", t["id"], "--seat", "eve:Eve", "--token", t["token"]["ann"], code=2)
    assert "Only the GM seats new people" in out
    seated = [s["id"] for s in json.loads(cli(db, "show", t["id"], "--gm", "--json"))["seats"]]
    assert seated == ["gm", "ann"]
    cli(db, "join", t["id"], "--seat", "eve:Eve", "--token", t["token"]["gm"])
    # and never a second GM, whoever asks
    cli(db, "join", t["id"], "--seat", "boss:Boss:gm", "--token", t["token"]["gm"], code=2)


def test_show_and_log__the_viewer_is_named_explicitly(db: str) -> None:
    t = rwyn_table(db)
    assert "Say whose view" in cli(db, "show", t["id"], code=2)
    assert "Say whose view" in cli(db, "log", t["id"], code=2)
    # a token names the viewer by itself, and cannot ask for the GM's view
    assert "ann" in cli(db, "show", t["id"], "--token", t["token"]["ann"])
    cli(db, "show", t["id"], "--gm", "--token", t["token"]["ann"], code=2)


@pytest.mark.parametrize("ruleset", sorted(available()))
def test_every_verb__a_players_output_never_holds_the_gms_secret(db: str, ruleset: str) -> None:
    sample = get_ruleset(ruleset).sample_session()
    assert sample is not None
    if not sample.secret_marker:
        pytest.skip(f"{ruleset}'s sample keeps no secret")
    player = sample.secret_hidden_from
    seats: list[str] = []
    for seat in sample.seats:
        seats += ["--seat", f"{seat.id}:{seat.name}" + (":gm" if seat.role is Role.GM else "")]
    created = json.loads(
        cli(db, "new", ruleset, *seats, "--config-json", json.dumps(dict(sample.config)), "--json")
    )
    table_id = created["id"]
    for step in sample.steps:
        c = step.command
        dice = ["--dice", ",".join(map(str, step.dice))] if step.dice else []
        payload = ["--payload-json", json.dumps(c.payload)]
        out = cli(db, "do", table_id, c.seat, c.type, *payload, *dice, "--json")
        if c.seat == player:
            assert sample.secret_marker not in out
    for verb in ("show", "log"):
        for json_flag in ([], ["--json"]):
            assert sample.secret_marker not in cli(db, verb, table_id, "--as", player, *json_flag)
    assert sample.secret_marker in cli(db, "log", table_id, "--gm", "--json")
