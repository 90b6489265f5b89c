"""`capeworks rulesets` lists what is installed; `capeworks check` and the pytest plug-in run conformance."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.engine.conformance import CHECKS
from capeworks.engine.registry import register, unregister
from tests.engine.test_conformance_catches import _SameWordsForAll

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def test_rulesets__every_installed_ruleset_with_its_package_and_version() -> None:
    out = runner.invoke(app, ["rulesets", "--json"])
    assert out.exit_code == 0, out.output
    rows = {r["name"]: r for r in json.loads(out.stdout)["rulesets"]}
    assert {"capes", "rwyn", "weaverdice"} <= set(rows)
    assert rows["rwyn"]["title"] == "Roll When You Need"
    assert rows["rwyn"]["package"] == "capeworks" and rows["rwyn"]["version"]
    assert rows["weaverdice"]["cli"] is True
    text = runner.invoke(app, ["rulesets"]).stdout
    assert "Roll When You Need" in text and rows["rwyn"]["version"] in text


def test_check__one_line_per_check_and_exit_0_when_all_pass() -> None:
    out = runner.invoke(app, ["check", "capes"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.strip().splitlines()
    assert len(lines) == len(CHECKS) + 1
    assert all(line.startswith("ok ") for line in lines[:-1])
    assert lines[-1] == f"capes: {len(CHECKS)} of {len(CHECKS)} checks passed."


def test_check__a_broken_ruleset_fails_the_check_it_breaks_with_exit_2() -> None:
    broken = _SameWordsForAll()
    register(broken)
    try:
        out = runner.invoke(app, ["check", "toy"])
        data = json.loads(runner.invoke(app, ["check", "toy", "--json"]).stdout)
    finally:
        unregister(broken.name)
    assert out.exit_code == 2
    failed = [line for line in out.stdout.splitlines() if line.startswith("FAIL")]
    assert len(failed) == 1 and "check_words_differ" in failed[0] and "read 'Something happens.'" in failed[0]
    assert data["passed"] is False
    assert [c["check"] for c in data["checks"] if not c["passed"]] == ["check_words_differ"]


def test_check__an_unknown_ruleset_is_one_sentence_and_exit_2() -> None:
    out = runner.invoke(app, ["check", "nope"])
    assert out.exit_code == 2
    assert "There is no rule set called 'nope'" in out.stderr
    assert "Traceback" not in out.output


def test_pytest_plugin__an_outside_test_file_runs_each_check_by_name_or_instance(tmp_path: Path) -> None:
    (tmp_path / "test_outside.py").write_text(
        "import pytest\n"
        "from tests.engine.test_conformance_catches import _SameWordsForAll\n\n"
        "@pytest.mark.capeworks_ruleset('rwyn', _SameWordsForAll())\n"
        "def test_conformance(capeworks_check):\n"
        "    capeworks_check()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:randomly",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(tmp_path),
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"1 failed, {2 * len(CHECKS) - 1} passed" in done.stdout
    assert "test_conformance[toy-check_words_differ]" in done.stdout


def test_pytest_plugin__a_test_naming_no_ruleset_is_told_how(tmp_path: Path) -> None:
    (tmp_path / "test_outside.py").write_text(
        "def test_conformance(capeworks_check):\n    capeworks_check()\n"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(tmp_path),
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode != 0
    assert "names no ruleset: set capeworks_rulesets" in done.stdout + done.stderr
