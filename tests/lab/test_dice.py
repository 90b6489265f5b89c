"""`capeworks lab dice`: sampled odds of dice notation with 95% intervals, checked against exact odds
where those are in reach, and the way out that `capeworks odds` points to where they are not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.dice import distribution
from capeworks.errors import InvalidCommand
from capeworks.lab.dice import CHUNK, sample_odds
from capeworks.lab.stats import chi_square_fit

runner = CliRunner()


@pytest.mark.parametrize("expression", ["3d6", "4d6kh3", "10d6t5", "2d6+4 >= 12", "{d8,d6,d10}kh2", "4dF"])
def test_the_samples_agree_with_the_exact_odds(expression: str) -> None:
    sampled = sample_odds(expression, 60_000, seed=3)
    exact = distribution(expression)
    expected = {k: float(p) for k, p in exact.probabilities.items()}
    p_value, _ = chi_square_fit(sampled.counts, expected)
    assert p_value > 1e-4, (expression, p_value)
    mean = sampled.mean
    assert mean.low <= float(exact.mean) <= mean.high
    # each 95% interval covers the exact share; allow the odd miss a 95% interval makes
    at_least = exact.at_least_table()
    misses = sum(not (sampled.share(k).low <= p <= sampled.share(k).high) for k, p in expected.items())
    misses += sum(
        not (sampled.at_least(k).low <= float(at_least[k]) <= sampled.at_least(k).high) for k in expected
    )
    assert misses <= max(1, round(0.1 * 2 * len(expected)))


def test_the_same_seed_gives_the_same_answer_across_chunks() -> None:
    n = CHUNK * 2 + 123  # three chunks, the last a short one
    a, b = sample_odds("3d6!", n, seed=9), sample_odds("3d6!", n, seed=9)
    assert a == b and sum(a.counts.values()) == n
    assert sample_odds("3d6!", n, seed=10).counts != a.counts


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 5), st.integers(2, 12), st.integers(1, 3_000), st.integers(0, 2**32))
def test_every_roll_is_counted_once(count: int, sides: int, n: int, seed: int) -> None:
    sampled = sample_odds(f"{count}d{sides}", n, seed=seed)
    assert sum(sampled.counts.values()) == n
    assert min(sampled.counts) >= count and max(sampled.counts) <= count * sides
    assert sampled.at_least(min(sampled.counts)).value == 1.0
    assert sampled.mean.low <= sampled.mean.value <= sampled.mean.high


def test_a_bad_count_or_notation_is_one_sentence() -> None:
    with pytest.raises(InvalidCommand, match="between 1 and 100,000,000 rolls, not 0"):
        sample_odds("2d6", 0)
    out = runner.invoke(app, ["lab", "dice", "xd6"])
    assert out.exit_code == 2 and "Cannot read dice 'xd6'" in out.output and "Traceback" not in out.output
    out = runner.invoke(app, ["lab", "dice", "2d6", "--plot", "odds.txt", "--json"])
    assert out.exit_code == 2 and "written as .png or .svg" in json.loads(out.stdout)["message"]


def test_where_exact_odds_refuse_the_lab_samples(tmp_path: Path) -> None:
    """`capeworks odds 100d6!` is refused for its cost and names `capeworks lab dice`; that runs."""
    refused = runner.invoke(app, ["odds", "100d6!"])
    assert refused.exit_code == 2 and "capeworks lab dice EXPR" in refused.output
    plot = tmp_path / "odds.png"
    out = runner.invoke(
        app, ["lab", "dice", "100d6!", "-n", "20000", "--seed", "2", "--plot", str(plot), "--json"]
    )
    assert out.exit_code == 0, out.output
    report = json.loads(out.stdout)
    assert report["n"] == 20_000 and report["seed"] == 2 and report["plot"] == str(plot)
    assert sum(o["count"] for o in report["outcomes"]) == 20_000
    # 100 exploding d6: each die averages 4.2, so the mean is 420
    assert report["mean"]["low"] < 420 < report["mean"]["high"]
    assert plot.stat().st_size > 0
    text = runner.invoke(app, ["lab", "dice", "100d6!", "-n", "2000"])
    assert text.exit_code == 0 and "Sampled odds for 100d6!" in text.output
    assert "least likely outcomes not shown" in text.output
