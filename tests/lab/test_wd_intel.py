"""Weaverdice intel in the lab: targets found and surveilled at real tables by a simple policy."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.errors import InvalidCommand
from capeworks.lab.wd_intel import _one, intel

runner = CliRunner()


@pytest.mark.rules("WD-INTEL-005", "WD-INTEL-019", "WD-INTEL-020")
def test_a_found_two_by_two_grid_of_5s_is_out_of_reach_at_wits_1_and_falls_at_wits_5() -> None:
    # the 2x2 sample grid keeps the corner cells: TN 5 each; Wits 1 is -2 on one die, at most 4
    low = intel(4, athletics=(3,), wits=(1,), size=2, find_dc=0, phases=2, seed=3)["rows"][0]
    assert low["p_found"]["value"] == 1.0 and low["phases_to_find"]["value"] == 1.0
    assert low["cells"]["value"] == 0.0 and low["p_complete"]["value"] == 0.0
    assert low["intel_t2"]["value"] == 0.0
    # Wits 5 (+2) meets 5 on a 3 or better: four cells in a few slots, each a tier-1 intel
    high = intel(4, athletics=(3,), wits=(5,), size=2, find_dc=0, phases=6, seed=3)["rows"][0]
    assert high["p_complete"]["value"] == 1.0
    assert high["cells"]["value"] == 4.0
    assert high["intel"]["value"] >= 4.0


@pytest.mark.rules("WD-INTEL-021", "WD-INTEL-023")
def test_the_strike_policies_take_what_they_say() -> None:
    never = _one("lab:t:1", 3, 3, 4, 10, "never", 4, {})
    always = _one("lab:t:1", 3, 3, 4, 10, "always", 4, {})
    safe = _one("lab:t:1", 3, 3, 4, 10, "safe", 4, {})
    assert never["strikes_taken"] == 0
    assert always["strikes_taken"] >= safe["strikes_taken"] > 0
    # every strike taken pays one tier-1 intel of the cell's tag, on top of what the unlocks gave
    assert always["intel_t1"] >= always["strikes_taken"]
    for run in (never, always, safe):
        assert 1 <= run["phases_to_find"] <= run["phases_to_complete"] <= 4
        assert run["dice"] >= run["rolls"] > 0


def test_the_same_seed_gives_the_same_figures_and_bad_input_is_one_sentence() -> None:
    a = intel(3, wits=(3,), phases=3, seed=9)
    assert a == intel(3, wits=(3,), phases=3, seed=9)
    with pytest.raises(InvalidCommand, match="strike policy"):
        intel(1, strikes="sometimes")
    out = runner.invoke(app, ["lab", "economy", "wd-intel", "-n", "2", "--size", "7"])
    assert out.exit_code == 2 and "--size is 2..4" in out.output and "Traceback" not in out.output
    out = runner.invoke(
        app, ["lab", "economy", "wd-intel", "-n", "2", "--wits", "4", "--phases", "2", "--json"]
    )
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["kind"] == "intel" and report["rows"][0]["wits"] == 4 and report["dice"] > 0
