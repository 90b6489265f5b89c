"""The duel kernel against the plain path (every move through the table) and the exact chain.

Each covered variant is played both ways with fixed seeds; every measure the
lab reports is compared (side 0's win rate: two-proportion z; the rounds
distribution: chi-square homogeneity; each side's mean wounds, Focus and
Recovery spent: a z-test with the kernel's variance), Holm-corrected together at alpha 0.001, and moves
and dice per duel within 5%. Where the exact chain can enumerate the duel, the
kernel's full outcome distribution is fitted to it (chi-square goodness of
fit) and its moves and dice per duel lie within 4 standard errors.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.errors import InvalidCommand
from capeworks.lab import kernel
from capeworks.lab.agreement import duel, p_values, side, variants
from capeworks.lab.exact import signature
from capeworks.lab.fast import _chain
from capeworks.lab.kernel import plan, run_kernel, simulate
from capeworks.lab.runner import run_fights
from capeworks.lab.spec import FightSpec
from capeworks.lab.stats import chi_square_fit, holm
from capeworks.lab.summary import Summary

runner = CliRunner()

#: (label, spec, plain duels): the variants (:func:`capeworks.lab.agreement.variants`), each with the
#: plain duels this test plays (bench/kernel_agreement.py plays 100,000 of each)
VARIANTS = [
    (label, spec, n) for (label, spec), n in zip(variants(), (3000, 2000, 2000, 2000, 2000), strict=True)
]


@pytest.mark.slow
@pytest.mark.rules("WD-COMBAT-004", "WD-COMBAT-005", "WD-COMBAT-017", "WD-COMBAT-019", "WD-COMBAT-021")
@pytest.mark.rules("WD-WOUND-002", "WD-WOUND-005", "WD-WFX-004", "WD-CORE-005")
@pytest.mark.parametrize(("label", "spec", "plain_n"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_the_kernel_agrees_with_the_plain_path(label: str, spec: FightSpec, plain_n: int) -> None:
    plain = run_fights(spec.model_copy(update={"n": plain_n, "seed": 11}), workers=1).summary
    fast = run_kernel(spec.model_copy(update={"n": 100_000, "seed": 11})).summary
    assert plain.n == plain_n and fast.n == 100_000
    verdicts = holm(p_values(plain, fast), alpha=0.001)
    assert not any(rejected for _, rejected in verdicts), (label, verdicts)
    assert abs(plain.moves / plain.n - fast.moves / fast.n) < 0.05 * fast.moves / fast.n
    assert abs(plain.dice / plain.n - fast.dice / fast.n) < 0.05 * fast.dice / fast.n
    # the same outcome kinds: nothing the plain path shows that the kernel never produces
    assert set(plain.outcomes) <= set(fast.outcomes) | {k for k, v in plain.outcomes.items() if v < 3}


@pytest.mark.rules("WD-COMBAT-004", "WD-COMBAT-017", "WD-WOUND-002")
def test_the_kernel_fits_the_exact_chain_of_a_thug_duel() -> None:
    spec = duel("sample:thug", "sample:thug", max_rounds=2)
    records, chain = _chain(spec, 5_000)
    n = 200_000
    p = plan(spec)
    d = simulate(p, n, np.random.Generator(np.random.PCG64(3)))
    summary = Summary(sides=2)
    kernel.summarise(p, d, summary)
    # the full outcome (winner, rounds, every tally), each duel keyed by its signature
    expected: dict[Any, float] = {}
    for (sig, _, _), q in records.items():
        expected[sig] = expected.get(sig, 0.0) + float(q)
    observed: dict[Any, int] = {}
    per_duel = kernel.outcomes(p, d)
    for outcome, count in per_duel:
        observed[signature(outcome)] = observed.get(signature(outcome), 0) + count
    assert set(observed) <= set(expected)
    p_fit, _ = chi_square_fit(observed, expected)
    assert p_fit > 0.001
    for index, measured in ((1, d.moves), (2, d.dice)):
        mean = sum(float(q) * r[index] for r, q in records.items())
        var = sum(float(q) * (r[index] - mean) ** 2 for r, q in records.items())
        assert abs(float(measured.mean()) - mean) <= 4 * math.sqrt(var / n) + 1e-12
    assert chain.outcomes


def test_the_same_seed_gives_the_same_totals_whatever_the_block_size(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = duel("sample:ramjet", "sample:steeltoe", n=5_000, seed=4)
    once = run_kernel(spec).summary.to_dict()
    assert run_kernel(spec).summary.to_dict() == once
    assert run_kernel(spec.model_copy(update={"seed": 5})).summary.to_dict() != once
    monkeypatch.setattr(kernel, "BLOCK", 1_000)
    blocks = run_kernel(spec)
    assert blocks.chunks_total == 5 and blocks.summary.n == 5_000
    assert blocks.summary.to_dict() == run_kernel(spec).summary.to_dict()


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        (duel("sample:thug,thug", "sample:thug"), "one character against one"),
        (duel("sample:tankspanker", "sample:thug"), "morale is high"),
        (duel("sample:ramjet", "sample:bystander"), "bystander"),
        (duel("sample:ramjet", "sample:thug", config={"morale_as_effort": True}), "morale"),
        (duel("sample:ramjet", "sample:thug", config={"rest_guts_tn": 5, "superstats": True}), "superstats"),
        (
            # a player's Pierce is the weapon it holds (WD-COMBAT-024): the arena arms Dandelion with it
            duel(
                {"sample": "dandelion", "play": {"attack": {"stat": "dexterity", "damage": "pierce"}}},
                "sample:thug",
            ),
            "held gear",
        ),
        (
            # the GM's own declare what they like: the thug's Pierce is an attack the kernel leaves out
            duel("sample:ramjet", {"sample": "thug", "play": {"attack": {"damage": "pierce"}}}),
            "pierce lesser",
        ),
        (duel({"sample": "ramjet", "play": {"attack": {"bonus": 1}}}, "sample:thug"), "beyond stat"),
        (
            duel(
                {
                    "sheet": {
                        "id": "ace",
                        "name": "Ace",
                        "stats": {"brawn": 4},
                        "held": [{"name": "bat", "damage": "bash"}],
                    }
                },
                "sample:thug",
            ),
            "held gear",
        ),
    ],
)
def test_the_kernel_refuses_what_it_does_not_model(spec: FightSpec, words: str) -> None:
    with pytest.raises(InvalidCommand, match="The duel kernel does not cover this fight") as e:
        run_kernel(spec.model_copy(update={"n": 10}))
    assert words in e.value.message


def test_cli_fast_uses_the_kernel_and_falls_back_or_refuses_in_one_sentence() -> None:
    out = runner.invoke(
        app, ["lab", "fight", "sample:ramjet", "sample:steeltoe", "--fast", "--n", "2000", "--json"]
    )
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["run"]["runner"] == "fast (duel kernel)"
    assert report["figures"]["fights"] == 2000
    # a thug against a bystander: the kernel refuses bystanders, the exact chain draws it
    out = runner.invoke(
        app, ["lab", "fight", "sample:thug", "sample:bystander", "--fast", "--n", "500", "--json"]
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["run"]["runner"] == "fast (exact chain)"
    out = runner.invoke(
        app, ["lab", "fight", "sample:ramjet,stave", "sample:steeltoe", "--fast", "--max-states", "50"]
    )
    assert out.exit_code == 2
    assert "The duel kernel does not cover this fight: it plays one character against one" in out.output
    assert "Traceback" not in out.output


def test_a_sweep_with_fast_plays_every_variant_with_the_kernel_or_refuses_before_any_runs(
    tmp_path: Path,
) -> None:
    data: dict[str, Any] = {
        "sides": [side("sample:ramjet"), side("sample:steeltoe")],
        "n": 20_000,
        "seed": 4,
        "grid": [{"path": "config.defense_notable", "values": [4, 5]}],
    }
    path = tmp_path / "sweep.yaml"
    path.write_text(yaml.safe_dump(data))
    out = runner.invoke(app, ["lab", "sweep", str(path), "--fast", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.stdout)
    assert [v["figures"]["fights"] for v in report["variants"]] == [20_000, 20_000]
    # a harder-to-hit Steeltoe wins more often: the kernel sees the config it models
    wins = [v["figures"]["sides"][1]["win"]["value"] for v in report["variants"]]
    assert wins[1] > wins[0]
    data["grid"] = [{"path": "config.morale_as_effort", "values": [False, True]}]
    path.write_text(yaml.safe_dump(data))
    out = runner.invoke(app, ["lab", "sweep", str(path), "--fast"])
    assert out.exit_code == 2 and "Traceback" not in out.output
    assert "morale_as_effort=true: The duel kernel does not cover this fight" in out.output
