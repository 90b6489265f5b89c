"""An option typed for another system's table or economy is one sentence, not silently left unread."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        # each printed the default table or run as if it were the one asked for
        (["odds", "bpb", "--stat", "3"], "--stat is for weaverdice, not bpb"),
        (["odds", "capes", "--difficulty", "3"], "--difficulty is for rwyn and bpb and workshop, not capes"),
        (["odds", "wd", "--total", "5"], "--total is for workshop, not weaverdice"),
        (["economy", "capes", "--dexterity", "3", "--runs", "1"], "--dexterity is for wd-craft, not capes"),
        (["economy", "wd-intel", "--knowledge", "4", "-n", "1"], "--knowledge is for wd-craft, not wd-intel"),
        (["economy", "weaverdice-craft", "--pages", "3"], "--pages is for capes, not wd-craft"),
    ],
)
def test_an_option_of_another_system_is_refused_and_nothing_is_written(
    tmp_path: Path, args: list[str], said: str
) -> None:
    plot = tmp_path / "odds.png"
    out = runner.invoke(app, ["lab", *args, *(["--plot", str(plot)] if args[0] == "odds" else [])])
    assert out.exit_code == 2 and said in out.output and "Traceback" not in out.output
    assert not plot.exists()


def test_the_systems_own_options_and_shared_ones_still_run() -> None:
    out = runner.invoke(app, ["lab", "odds", "bpb", "--attribute", "3", "--difficulty", "12", "--json"])
    assert out.exit_code == 0, out.output
    # 2d6 + 3 >= 12: 2d6 >= 9, 10/36
    assert '"success_fraction": "5/18"' in out.stdout
    out = runner.invoke(app, ["lab", "economy", "wd-recruit", "--social", "3", "-n", "5", "--seed", "2"])
    assert out.exit_code == 0, out.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        # each said "--runs is 1..100000, --pages 1..200 and --open-conflicts 1..10." (which one?)
        (["capes", "--pages", "-2"], "--pages is 1..200, not -2."),
        (["capes", "--open-conflicts", "0"], "--open-conflicts is 1..10, not 0."),
        (["wd-craft", "--price", "-300"], "--price is 0..1000000, not -300."),
        (["wd-recruit", "--team-capes", "-3"], "--team-capes is 0..20, not -3."),
        (["wd-intel", "--phases", "-1"], "--phases is 1..50, not -1."),
        (["wd-intel", "--find-dc", "-5"], "--find-dc is 0..500, not -5."),
        (["wd-craft", "-n", "0"], "--runs is 1..100000, not 0."),
    ],
)
def test_an_economy_number_out_of_range_names_its_option(args: list[str], said: str) -> None:
    out = runner.invoke(app, ["lab", "economy", *args])
    assert out.exit_code == 2 and said in out.output and "Traceback" not in out.output
