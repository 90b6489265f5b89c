"""`capeworks serve --demo` start-up text as a newcomer GM reads it, with uvicorn stubbed out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.cli.serve import DEMO_INTRO

runner = CliRunner()


@pytest.fixture
def ran(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """uvicorn.run records its arguments instead of serving."""
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: calls.append(kwargs))
    return calls


def test_serve_demo__says_what_the_links_are_before_listing_them(
    tmp_path: Path, ran: list[dict[str, Any]]
) -> None:
    db = f"sqlite:///{tmp_path / 'demo.db'}"
    result = runner.invoke(app, ["serve", "--demo", "--port", "8123", "--db", db])
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    intro = " ".join(DEMO_INTRO.split())
    assert "GM link yourself" in intro and "their own" in intro
    # the explanation comes first, then the tables with their links on the port given
    assert text.startswith(intro), text
    assert "http://localhost:8123/t/" in text and "#join=" in text
    assert text.endswith("Ctrl-C stops.")
    assert [call["port"] for call in ran] == [8123]


def test_serve_demo__json_output_stays_one_document_without_the_intro(
    tmp_path: Path, ran: list[dict[str, Any]]
) -> None:
    db = f"sqlite:///{tmp_path / 'demo.db'}"
    result = runner.invoke(app, ["serve", "--demo", "--port", "8123", "--db", db, "--json"])
    assert result.exit_code == 0, result.output
    started = json.loads(result.stdout)
    assert started["url"] == "http://localhost:8123" and started["tables"]


@pytest.mark.parametrize("json_out", [[], ["--json"]])
def test_serve_demo__port_0_is_refused_before_anything_is_made(
    tmp_path: Path, ran: list[dict[str, Any]], json_out: list[str]
) -> None:
    """Port 0 is only chosen once uvicorn binds it: the printed links would name port 0."""
    db = f"sqlite:///{tmp_path / 'demo.db'}"
    result = runner.invoke(app, ["serve", "--demo", "--port", "0", "--db", db, *json_out])
    assert result.exit_code == 2, result.output
    message = "--demo prints links that name the port: give --port a number, not 0."
    if json_out:
        assert json.loads(result.stdout)["message"] == message
    else:
        assert result.output.strip().splitlines() == [f"Error: {message}"]
    assert ran == []
    assert list(tmp_path.iterdir()) == []
