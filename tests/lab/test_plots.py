"""The lab's plots: every bar a share of fights carries its 95% interval, every axis says what it counts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.lab import plots
from capeworks.lab.systems import fight_kit, fightable

runner = CliRunner()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every ``plots.bars`` call of a run (its series, keyword arguments and file), still drawn."""
    calls: list[dict[str, Any]] = []
    real = plots.bars

    def record(series: Any, path: Path, **kw: Any) -> Path:
        calls.append({"series": series, "path": path, **kw})
        return real(series, path, **kw)

    monkeypatch.setattr(plots, "bars", record)
    return calls


def _whiskered(call: dict[str, Any]) -> None:
    errors = call.get("errors") or {}
    for name, bars in call["series"].items():
        assert set(errors.get(name, {})) == set(bars), f"{call['path'].name}: {name} lacks whiskers"
        for x, h in bars.items():
            lo, hi = errors[name][x]
            assert lo <= h <= hi
    assert call["xlabel"] and "95%" in call["title"]


def test_a_fights_plots_carry_wilson_intervals(tmp_path: Path, drawn: list[dict[str, Any]]) -> None:
    out = runner.invoke(
        app,
        [
            *("lab", "fight", "--system", "workshop", "sample:jade", "sample:viper", "-n", "30", "-w", "1"),
            *("--out", str(tmp_path / "run"), "--json"),
        ],
    )
    assert out.exit_code == 0, out.output
    assert [c["path"].name for c in drawn] == ["rounds.png", "wounds.png"]
    for call in drawn:  # the wounds bars had no whiskers
        _whiskered(call)
    assert (tmp_path / "run" / "wounds.png").stat().st_size > 0


def test_a_sweeps_plots_name_the_variants_and_carry_wilson_intervals(
    tmp_path: Path, drawn: list[dict[str, Any]]
) -> None:
    spec = tmp_path / "sweep.yaml"
    spec.write_text(
        yaml.safe_dump(
            {
                "system": "workshop",
                "sides": [
                    {"name": "jade", "characters": [{"sample": "jade"}]},
                    {"name": "viper", "characters": [{"sample": "viper"}]},
                ],
                "n": 30,
                "grid": [{"path": "config.wound_threshold", "values": [5, 10]}],
            }
        )
    )
    out = runner.invoke(app, ["lab", "sweep", str(spec), "-w", "1", "--out", str(tmp_path / "out"), "--json"])
    assert out.exit_code == 0, out.output
    names = [v["name"] for v in json.loads(out.stdout)["variants"]]
    wins, rounds = drawn
    # the win rates stood over one unlabelled tick "0"; the rounds bars had no whiskers
    assert wins["ticks"] == dict(enumerate(names)) and wins["xlabel"] == "variant"
    for call in (wins, rounds):
        _whiskered(call)
    assert set(rounds["series"]) == set(names)


def test_an_odds_plot_with_many_lines_tells_each_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the Capes table's 21 lines shared ten colours: "die 1, parts 1" and "die 5, parts 1" looked alike
    from capeworks.lab.odds import capes_table

    figures: list[Any] = []
    real = plots.save
    monkeypatch.setattr(plots, "save", lambda fig, path: (figures.append(fig), real(fig, path))[1])
    plots.odds_plot(capes_table(), tmp_path / "capes.png")
    (fig,) = figures
    lines = fig.axes[0].get_lines()
    assert len(lines) > 10
    looks = {(str(line.get_color()), line.get_linestyle()) for line in lines}
    assert len(looks) == len(lines)
    legend = fig.axes[-1].get_legend()
    # the legend stands beside the panel, not over its lines
    assert legend is not None and legend.get_bbox_to_anchor().x0 > fig.axes[-1].get_window_extent().x1


@pytest.mark.parametrize("system", fightable())
def test_the_harm_a_sweep_compares_is_a_tally_the_arena_keeps(system: str) -> None:
    # a Bulletproof Blues sweep compared "side 0 mean wounds", a tally its arena never keeps
    # (0 against 0, p = 1 whatever the variant), and its fight drew no harm plot
    kit = fight_kit(system)
    assert kit.harm in kit.arena.glossary, f"{system}: {kit.harm!r} is not among {list(kit.arena.glossary)}"


def test_a_bulletproof_blues_fight_plots_the_endurance_each_side_lost(
    tmp_path: Path, drawn: list[dict[str, Any]]
) -> None:
    out = runner.invoke(
        app,
        [
            *("lab", "fight", "--system", "bpb", "sample:widow", "sample:agent-a", "-n", "4", "-w", "1"),
            *("--out", str(tmp_path / "run"), "--json"),
        ],
    )
    assert out.exit_code == 0, out.output
    assert [c["path"].name for c in drawn] == ["rounds.png", "endurance_lost.png"]
    _whiskered(drawn[1])
    assert drawn[1]["xlabel"] == "endurance lost"
    assert set(drawn[1]["series"]) == {"widow", "agent-a"}


def test_a_dice_plot_of_hundreds_of_totals_stays_a_page_wide_with_readable_ticks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `lab dice '100d6!' --plot` drew a figure 68 inches wide with a tick on each of its ~150 totals,
    # their labels run together
    figures: list[Any] = []
    real = plots.save
    monkeypatch.setattr(plots, "save", lambda fig, path: (figures.append(fig), real(fig, path))[1])
    args = ["lab", "dice", "100d6!", "-n", "300", "--seed", "3", "--plot", str(tmp_path / "d.png"), "--json"]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    totals = len(json.loads(out.stdout)["outcomes"])
    assert totals > plots.MAX_TICKS
    (fig,) = figures
    assert fig.get_size_inches()[0] <= plots.MAX_WIDTH
    ax = fig.axes[0]
    ticks = [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]]
    assert 2 <= len(ticks) <= plots.MAX_TICKS + 1
    assert all(float(t).is_integer() for t in ticks)
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()


def test_a_dice_plot_of_few_totals_ticks_every_total(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    figures: list[Any] = []
    real = plots.save
    monkeypatch.setattr(plots, "save", lambda fig, path: (figures.append(fig), real(fig, path))[1])
    out = runner.invoke(app, ["lab", "dice", "2d6", "-n", "200", "--plot", str(tmp_path / "d.svg")])
    assert out.exit_code == 0, out.output
    (fig,) = figures
    assert [int(t) for t in fig.axes[0].get_xticks()] == list(range(2, 13))
