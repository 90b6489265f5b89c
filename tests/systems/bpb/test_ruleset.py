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
