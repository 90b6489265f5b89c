"""The engine's conformance checks on Bulletproof Blues, and its CLI group."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app


@pytest.mark.capeworks_ruleset("bpb")
def test_conformance(capeworks_check) -> None:  # type: ignore[no-untyped-def]
    capeworks_check()


@pytest.mark.rules("BPB-ROLL-007", "BPB-XS-001")
def test_cli_odds() -> None:
    r = CliRunner().invoke(app, ["bpb", "odds", "4", "12", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert (data["success"], data["need"]) == ("5/12", 8)
    r = CliRunner().invoke(app, ["bpb", "odds", "2", "nonsense"])
    assert r.exit_code != 0 and "Traceback" not in r.output


def test_cli_characters_and_movement() -> None:
    r = CliRunner().invoke(app, ["bpb", "characters", "--json"])
    assert r.exit_code == 0
    keys = [c["key"] for c in json.loads(r.output)["characters"]]
    assert keys == ["ganyeka", "widow", "agent-a", "agent-b"]
    r = CliRunner().invoke(app, ["bpb", "movement", "--json"])
    assert json.loads(r.output)["ground"][4] == {"rank": 5, "walk": 50, "run": 100, "sprint": 300, "mph": 34}


def _run(*args: str) -> str:
    r = CliRunner().invoke(app, list(args), terminal_width=200)
    assert r.exit_code == 0, r.output
    return r.stdout


@pytest.mark.rules("BPB-EXT-001", "BPB-EXT-002", "BPB-ATK-001", "BPB-TIME-002")
def test_a_fight_and_an_extended_task_from_the_terminal(tmp_path: object) -> None:
    db = f"sqlite:///{tmp_path}/t.db"
    made = _run("table", "new", "bpb", "--seat", "gm:Gail:gm", "--seat", "ann:Ann", "--db", db, "--json")
    table = json.loads(made)["id"]

    def do(seat: str, *fields: str, dice: str | None = None) -> str:
        extra = ["--dice", dice] if dice else []
        return _run("table", "do", table, seat, *fields, *extra, "--db", db)

    do("gm", "add_character", "id=widow", "sample=widow", "owner=ann")
    do("gm", "add_character", "id=adler", "sample=agent-a")
    # an extended task: 3 successes at difficulty 12 with Acrobatics; an extreme counts three
    do(
        "gm",
        "call_task",
        "character=widow",
        "attribute=Agility",
        "skill=Acrobatics",
        "difficulty=12",
        "required=3",
    )
    out = do("ann", "roll", "call=1", "character=widow", dice="6,5")
    assert "extreme success" in out and "succeeded" in out
    # a fight: Widow stings Adler, the GM takes the hit for him
    do("gm", "start_fight", "characters=widow, adler")
    do("ann", "attack", "attacker=widow", "target=adler", "power=Venom Sting", dice="4,3")
    do("gm", "answer", "prompt=defend-1", "option=take")
    tracker = _run("bpb", "tracker", table, "--db", db)
    assert "Round 1" in tracker and "Agent Adler" in tracker and "1/4" in tracker
    data = json.loads(_run("bpb", "tracker", table, "--db", db, "--json"))
    assert data["panels"][0]["title"] == "Round 1"
    again = ["table", "do", table, "ann", "attack", "attacker=widow", "target=adler", "--db", db]
    refused = CliRunner().invoke(app, again)
    assert refused.exit_code != 0 and "BPB-ACT-001" in refused.output and "Traceback" not in refused.output
