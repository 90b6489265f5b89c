"""Stunts from the terminal as a person types it: its own group, `capeworks check`, a table played."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

CAPEWORKS = [sys.executable, "-m", "capeworks"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CAPEWORKS, *args], capture_output=True, text=True, check=False)


def test_its_group_and_its_listing() -> None:
    odds = run("stunts", "odds", "-n", "2", "--json")
    assert odds.returncode == 0, odds.stderr
    assert [r["no_flop"]["fraction"] for r in json.loads(odds.stdout)["rolls"]] == ["5/6", "25/36"]
    listed = {r["name"]: r for r in json.loads(run("rulesets", "--json").stdout)["rulesets"]}
    assert listed["stunts"]["package"] == "capeworks-stunts"
    assert listed["stunts"]["version"] == "0.1.0" and listed["stunts"]["cli"] and listed["stunts"]["touch"]


def test_capeworks_check_passes_every_conformance_check() -> None:
    done = run("check", "stunts")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().splitlines()[-1].endswith("checks passed.")
    assert not [line for line in done.stdout.splitlines() if line.startswith("FAIL")]


def test_a_table_played_to_the_end_in_the_cli(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'stunts.sqlite3'}"
    made = run(
        "table",
        "new",
        "stunts",
        "--seat",
        "ann:Ann",
        "--seat",
        "bo:Bo",
        "--config-json",
        '{"goal": 8}',
        "--db",
        db,
        "--json",
    )
    assert made.returncode == 0, made.stderr
    table = json.loads(made.stdout)["id"]
    rolled = json.loads(run("table", "do", table, "ann", "roll", "--dice", "5", "--db", db, "--json").stdout)
    (prompt,) = rolled["prompts"]
    pushed = run(
        "table", "do", table, "ann", "answer", prompt["id"], "roll", "--dice", "4", "--db", db, "--json"
    )
    assert "9 heat" in json.loads(pushed.stdout)["events"][0]["text"]
    banked = run("table", "do", table, "ann", "bank", "--db", db, "--json")
    assert [e["type"] for e in json.loads(banked.stdout)["events"]] == ["stunts.banked", "stunts.won"]
    late = run("table", "do", table, "bo", "roll", "--dice", "3", "--db", db)
    assert late.returncode == 2 and "The show is over" in late.stderr
    shown = run("table", "show", table, "--as", "bo", "--db", db)
    assert "Ann won." in shown.stdout  # the seat's name, not its id
