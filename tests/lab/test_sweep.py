"""`capeworks lab sweep`: variants validated before anything runs, compared with a named test and Holm."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.errors import InvalidCommand
from capeworks.lab.stats import (
    chi_square_homogeneity,
    holm,
    mean_difference,
    mean_interval,
    rate_difference,
    two_proportion_z,
    welch_t,
    wilson,
)
from capeworks.lab.sweep import SweepSpec, variants_of

runner = CliRunner()

SIDES = [
    {"name": "ramjet", "characters": [{"sample": "ramjet"}]},
    {"name": "steeltoe", "characters": [{"sample": "steeltoe"}]},
]


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "sweep.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_statistics_match_textbook_values() -> None:
    w = wilson(5, 10)
    assert (round(w.low, 4), round(w.high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 10).low == 0.0
    # two samples of five with means 2 and 4, variances 2.5: t = -2 on 8 df, p = 0.0805
    assert welch_t(10, 30, 5, 20, 90, 5) == pytest.approx(0.08052, abs=1e-4)
    # 50/50 against 60/40: chi-square 2.02 on 1 df
    assert chi_square_homogeneity({1: 50, 2: 50}, {1: 60, 2: 40}) == pytest.approx(0.1552, abs=1e-3)
    assert two_proportion_z(50, 100, 60, 100) == pytest.approx(0.1552, abs=1e-3)  # z^2 is that chi-square
    m = mean_interval(10, 30, 5)
    assert m.value == 2 and m.high - m.value == pytest.approx(2.776 * math.sqrt(2.5 / 5), rel=1e-3)
    assert holm([0.01, 0.04, 0.03, 0.5]) == [(0.04, True), (0.09, False), (0.09, False), (0.5, False)]


def test_a_grid_makes_every_combination_baseline_first() -> None:
    sweep = SweepSpec.model_validate(
        {
            "sides": SIDES,
            "n": 10,
            "grid": [
                {"path": "config.defense_pc", "values": [4, 5]},
                {"path": "sides.0.characters.0.sample", "values": ["ramjet", "stave"]},
            ],
            "variants": [{"name": "three actions", "set": {"config.actions_per_turn": 3}}],
        }
    )
    found = variants_of(sweep)
    assert [name for name, _ in found] == [
        "defense_pc=4, sample=ramjet",
        "defense_pc=4, sample=stave",
        "defense_pc=5, sample=ramjet",
        "defense_pc=5, sample=stave",
        "three actions",
    ]
    assert found[3][1].config == {"defense_pc": 5}
    assert found[3][1].sides[0].characters[0].sample == "stave"
    assert found[4][1].config == {"actions_per_turn": 3}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"grid": [{"path": "config.defense_pc", "values": [4, 99]}]}, "defense_pc"),
        ({"grid": [{"path": "config.no_such_rule", "values": [1]}]}, "no setting 'no_such_rule'"),
        ({"grid": [{"path": "sides.5.name", "values": ["x"]}]}, "grid.0"),
        ({"n": 0}, "field n"),
        ({"grid": [{"path": "sides.0.characters.0.sample", "values": ["nobody"]}]}, "no sample 'nobody'"),
        ({"policies": ["sensible"]}, "policies"),
        ({"colour": "blue"}, "colour"),
    ],
)
def test_a_bad_spec_is_one_sentence_naming_the_field_and_nothing_runs(
    tmp_path: Path, change: dict[str, Any], words: str
) -> None:
    out_dir = tmp_path / "out"
    path = _write(tmp_path, {"sides": SIDES, "n": 5, **change})
    result = runner.invoke(app, ["lab", "sweep", str(path), "-w", "1", "--out", str(out_dir)])
    assert result.exit_code == 2, result.output
    assert words in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) <= 3
    assert not out_dir.exists()


def test_policies_must_match_the_sides() -> None:
    sweep = SweepSpec.model_validate({"sides": SIDES, "policies": ["sensible"]})
    with pytest.raises(InvalidCommand, match="one policy for every side"):
        variants_of(sweep)


def test_a_sweep_reports_side_by_side_with_corrected_tests_and_a_self_contained_page(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        {
            "sides": SIDES,
            "n": 40,
            "seed": 4,
            "grid": [
                {"path": "policies", "values": [["sensible", "sensible"], ["no_reactions", "sensible"]]}
            ],
        },
    )
    result = runner.invoke(
        app, ["lab", "sweep", str(path), "-w", "1", "--out", str(tmp_path / "out"), "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [v["name"] for v in report["variants"]] == [
        "policies=sensible/sensible",
        "policies=no_reactions/sensible",
    ]
    assert len(report["comparisons"]) == 5
    assert all(c["p_holm"] >= c["p"] for c in report["comparisons"])
    assert {c["test"] for c in report["comparisons"]} == {
        "two-proportion z",
        "Welch t",
        "chi-square homogeneity",
    }
    # focus spent on reactions differs between the policies, in the figures
    focus = [v["figures"]["sides"][0]["means"]["focus_spent"]["value"] for v in report["variants"]]
    assert focus[0] > focus[1]
    page = (tmp_path / "out" / "report.html").read_text()
    assert page.count("<svg") == 2
    assert not any(tag in page for tag in ("<img", "<script", "<link", "<iframe"))
    md = (tmp_path / "out" / "report.md").read_text()
    assert "| measure |" in md and "Holm" in md and "![wins](wins.svg)" in md


def test_a_wilson_interval_at_never_or_always_ends_exactly_at_0_or_1() -> None:
    # 0 deaths in 200 fights had a low bound of 1.7e-18 in report.json
    for n in (1, 7, 200, 2000):
        assert wilson(0, n).low == 0.0 and wilson(n, n).high == 1.0
        assert wilson(0, n).high < 1.0 and wilson(n, n).low > 0.0


def test_the_pages_say_what_each_named_variant_sets(tmp_path: Path) -> None:
    # "onedie" stood in the tables with nothing saying it meant config.dice = one_d10
    path = _write(
        tmp_path,
        {
            "system": "workshop",
            "sides": [
                {"name": "jade", "characters": [{"sample": "jade"}]},
                {"name": "viper", "characters": [{"sample": "viper"}]},
            ],
            "n": 10,
            "variants": [{"name": "onedie", "set": {"config.dice": "one_d10", "max_rounds": 5}}],
        },
    )
    out = runner.invoke(app, ["lab", "sweep", str(path), "-w", "1", "--out", str(tmp_path / "out")])
    assert out.exit_code == 0, out.output
    said = 'Variant onedie: config.dice = "one_d10"; max_rounds = 5.'
    assert said in (tmp_path / "out" / "report.md").read_text()
    assert said.replace('"', "&quot;") in (tmp_path / "out" / "report.html").read_text()


def test_a_plain_sweep_writes_nothing_to_stderr_when_no_one_sees_a_bar(tmp_path: Path) -> None:
    # each variant's progress bar, off a terminal, left an empty line on stderr when it stopped
    path = _write(
        tmp_path,
        {
            "sides": SIDES,
            "n": 6,
            "seed": 4,
            "max_rounds": 2,
            "grid": [{"path": "config.actions_per_turn", "values": [2, 3]}],
        },
    )
    result = runner.invoke(app, ["lab", "sweep", str(path), "-w", "1"])
    assert result.exit_code == 0, result.output
    assert "variant actions_per_turn=3: 6 fights" in result.stdout
    assert result.stderr == ""


def _docs_sweep_spec() -> dict[str, Any]:
    """The sweep spec docs/lab.md shows under "Sweep specs"."""
    text = (Path(__file__).parents[2] / "docs" / "lab.md").read_text(encoding="utf-8")
    section = text.split("## Sweep specs", 1)[1]
    block = section.split("```yaml", 1)[1].split("```", 1)[0]
    data: dict[str, Any] = yaml.safe_load(block)
    return data


def test_the_sweep_spec_the_docs_show_is_a_valid_sweep() -> None:
    # its "armoured" variant set sides.0.characters.0.sheet beside the character's sample, and the
    # sweep refused it ("give a character either sample or sheet, not both")
    found = variants_of(SweepSpec.model_validate(_docs_sweep_spec()))
    names = [name for name, _ in found]
    assert names == [
        "defense_pc=4, policies=react",
        "defense_pc=4, policies=take",
        "defense_pc=5, policies=react",
        "defense_pc=5, policies=take",
        "armoured",
    ]
    armoured = found[-1][1].sides[0].characters[0]
    assert armoured.sample is None and armoured.sheet is not None and armoured.sheet["armor"] == 2


def test_the_comparisons_name_each_side_and_the_terminal_keeps_whole_variant_names(tmp_path: Path) -> None:
    # the comparisons read "side 0 win rate" and "side 1 mean wounds", and in an 80-column terminal
    # the variant column cut "policies=no_reactions/sensible" to "policies=n…"
    spec = {
        "sides": SIDES,
        "n": 4,
        "seed": 2,
        "max_rounds": 2,
        "grid": [{"path": "policies", "values": [["sensible", "sensible"], ["no_reactions", "sensible"]]}],
    }
    path = _write(tmp_path, spec)
    result = runner.invoke(app, ["lab", "sweep", str(path), "-w", "1", "--json"])
    assert result.exit_code == 0, result.output
    measures = [c["measure"] for c in json.loads(result.stdout)["comparisons"]]
    assert measures == [
        "ramjet win rate",
        "mean rounds",
        "rounds distribution",
        "ramjet mean wounds",
        "steeltoe mean wounds",
    ]
    text = runner.invoke(app, ["lab", "sweep", str(path), "-w", "1"], env={"COLUMNS": "80"}).stdout
    assert "…" not in text
    assert "variant policies=no_reactions/sensible" in text.splitlines()  # the comparisons' heading


def test_two_sides_of_one_name_are_told_apart_by_their_number(tmp_path: Path) -> None:
    thugs = [{"name": "thug", "characters": [{"sample": "thug"}]}] * 2
    path = _write(
        tmp_path,
        {"sides": thugs, "n": 3, "max_rounds": 1, "grid": [{"path": "config.defense_pc", "values": [4, 5]}]},
    )
    result = runner.invoke(app, ["lab", "sweep", str(path), "-w", "1", "--json"])
    assert result.exit_code == 0, result.output
    measures = {c["measure"] for c in json.loads(result.stdout)["comparisons"]}
    assert {"thug (side 0) win rate", "thug (side 0) mean wounds", "thug (side 1) mean wounds"} <= measures


def test_a_p_value_too_small_for_a_double_is_printed_as_below_it_not_as_zero() -> None:
    # an armoured Ramjet's mean wounds against the baseline read "p = 0" in the comparisons
    from capeworks.lab.pages import comparison_rows

    row = {"variant": "armoured", "measure": "ramjet mean wounds", "test": "Welch t", "significant": True}
    report = {"comparisons": [{**row, "p": 0.0, "p_holm": 0.0}, {**row, "p": 0.0123, "p_holm": 0.0456}]}
    _, rows = comparison_rows(report)
    assert [r[4:6] for r in rows] == [["< 1e-16", "< 1e-16"], ["0.0123", "0.0456"]]


def test_the_size_of_a_difference_matches_textbook_intervals() -> None:
    # Newcombe (1998) example (a): 56/70 against 48/80, hybrid score interval 0.0524 to 0.3339
    d = rate_difference(48, 80, 56, 70)
    assert (round(d.value, 4), round(d.low, 4), round(d.high, 4)) == (0.2, 0.0524, 0.3339)
    # his example (h), 0/10 against 0/10: -0.2775 to 0.2775
    assert round(rate_difference(0, 10, 0, 10).high, 4) == 0.2775
    # means 2 and 4, variances 2.5, five each: 2 +- t(8) * 1
    m = mean_difference(10, 30, 5, 20, 90, 5)
    assert (m.value, round(m.low, 3), round(m.high, 3)) == (2.0, -0.306, 4.306)


def test_the_comparisons_give_each_difference_with_its_interval(tmp_path: Path) -> None:
    # the comparisons gave only p-values: a designer needs to see how big each difference is
    policies = [["sensible", "sensible"], ["no_reactions", "sensible"]]
    spec = {
        "sides": SIDES,
        "n": 20,
        "seed": 3,
        "max_rounds": 2,
        "grid": [{"path": "policies", "values": policies}],
    }
    path = _write(tmp_path, spec)
    result = runner.invoke(app, ["lab", "sweep", str(path), "-w", "1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    base, other = (v["figures"] for v in report["variants"])
    changes = {c["measure"]: c["change"] for c in report["comparisons"]}
    win = changes["ramjet win rate"]
    assert win["method"] == "newcombe"
    assert win["value"] == pytest.approx(other["sides"][0]["win"]["value"] - base["sides"][0]["win"]["value"])
    rounds = changes["mean rounds"]
    assert rounds["method"] == "welch"
    assert rounds["value"] == pytest.approx(
        other["rounds"]["mean"]["value"] - base["rounds"]["mean"]["value"]
    )
    wounds = changes["steeltoe mean wounds"]
    steeltoe = [f["sides"][1]["means"]["wounds"]["value"] for f in (base, other)]
    assert wounds["value"] == pytest.approx(steeltoe[1] - steeltoe[0])
    assert changes["rounds distribution"] is None
    assert wounds["value"] != 0  # the policies differ: a zero here would show nothing
    for change in (win, rounds, wounds):
        assert change["low"] <= change["value"] <= change["high"]
    # the text table prints them: a rate's in percentage points, a mean's in its units
    text = runner.invoke(app, ["lab", "sweep", str(path), "-w", "1"], env={"COLUMNS": "200"}).stdout
    lines = text.splitlines()

    def cell(measure: str) -> str:  # the change cell: its figure beside the measure, its interval under it
        i = max(i for i, line in enumerate(lines) if measure in line)  # the comparisons come last
        return " ".join(line.split("│")[2].strip() for line in lines[i : i + 2])

    points = f"{win['value'] * 100:+.1f} pp [{win['low'] * 100:+.1f}, {win['high'] * 100:+.1f}]"
    assert cell("ramjet win rate") == points
    assert (
        cell("steeltoe mean wounds")
        == f"{wounds['value']:+.2f} [{wounds['low']:+.2f}, {wounds['high']:+.2f}]"
    )
    assert "minus the baseline's" in " ".join(text.split())


def test_the_comparisons_read_whole_at_80_columns_and_their_json_is_unchanged(tmp_path: Path) -> None:
    # seven columns at 80 folded every cell: "significa/nt", "two-propo/rtion z", "no_reacti/ons/sensi/ble"
    from capeworks.lab.pages import CHANGE_NOTE, _change, _p

    policies = [["sensible", "sensible"], ["no_reactions", "sensible"], ["sensible", "no_reactions"]]
    spec = {
        "sides": SIDES,
        "n": 20,
        "seed": 3,
        "max_rounds": 2,
        "grid": [{"path": "policies", "values": policies}],
    }
    path = _write(tmp_path, spec)
    result = runner.invoke(app, ["lab", "sweep", str(path), "-w", "1", "--json"])
    assert result.exit_code == 0, result.output
    comparisons = json.loads(result.stdout)["comparisons"]
    fields = {"variant", "measure", "test", "p", "p_holm", "significant", "change"}
    assert all(set(c) == fields for c in comparisons)  # --json keeps its fields
    assert len(comparisons) == 10
    text = runner.invoke(app, ["lab", "sweep", str(path), "-w", "1"], env={"COLUMNS": "80"}).stdout
    assert "…" not in text and max(len(line) for line in text.splitlines()) <= 80
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("against "))
    tail = lines[start:]
    words = {w for line in tail for w in line.replace("│", " ").split()}
    for variant in ("policies=no_reactions/sensible", "policies=sensible/no_reactions"):
        assert f"variant {variant}" in tail  # each variant's name whole, once, above its own table
    for c in comparisons:  # every word of every cell whole: a word broken mid-word is in no cell
        said = [c["measure"], c["test"], _change(c), _p(c["p"]), _p(c["p_holm"])]
        assert set(" ".join(said).split()) <= words, (c, sorted(words))
    assert {"measure", "test", "change", "[95%]", "Holm", "significant"} <= words  # the headers
    assert set(CHANGE_NOTE.split()) <= words
    row = next(line for line in tail if "ramjet win rate" in line)  # a measure with its p-values
    assert row.split("│")[3].strip() == _p(comparisons[0]["p"])
    assert row.split("│")[4].strip() == _p(comparisons[0]["p_holm"])
