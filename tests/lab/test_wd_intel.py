"""Weaverdice intel in the lab: targets found and surveilled at real tables by a simple policy."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.errors import InvalidCommand, RuleViolation
from capeworks.lab.play import GM
from capeworks.lab.wd_intel import IntelPlan, _one, _utilize_ops, intel
from capeworks.lab.wd_table import CampaignTable
from capeworks.systems.weaverdice.campaign.settings import DISPOSITIONS

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
    # a miss is never let go for nothing (src 1874): "never" spends intel on a space whenever it holds
    # intel that unlocks one, and takes the strike when it does not; "always" spends none in its place
    assert never["intel_spent"] == never["unlocked_by_intel"] > 0 and never["strikes_taken"] > 0
    assert always["intel_spent"] == 0
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


@pytest.mark.rules("WD-INTEL-007", "WD-INTEL-025")
def test_research_finds_the_thread_then_unlocks_from_the_far_corner_without_strikes() -> None:
    plan = IntelPlan(method="research")
    run = _one("lab:t:2", 3, 3, 2, 10, "always", 4, {}, knowledge=5, thread_dc=6, plan=plan)
    assert run["found"] == 1 and run["research_rolls"] > 0 and run["rolls"] == 0
    # research never strikes and its cell rolls give no intel (only the research table does)
    assert run["strikes_taken"] == 0 and run["alerts"] == 0 and run["intel"] == 0
    assert run["cells"] == 4 and run["complete"] == 1


@pytest.mark.rules("WD-INTEL-003", "WD-INTEL-015", "WD-INTEL-028", "WD-INTEL-029", "WD-INTEL-030")
def test_spending_and_utilizing_intel_go_through_the_table() -> None:
    plan = IntelPlan(method="both", spend=True, utilize=True)
    runs = [_one(f"lab:t:{i}", 3, 3, 4, 10, "safe", 6, {}, plan=plan) for i in range(4)]
    assert sum(r["intel_spent"] for r in runs) > 0 and sum(r["utilize_slots"] for r in runs) > 0
    for r in runs:
        # every cell unlocked by intel is a cell the table counts as unlocked
        assert r["unlocked_by_intel"] <= r["cells"] and r["unlocked_by_intel"] <= r["intel_spent"]
        assert r["rolls"] > 0 and r["research_rolls"] > 0
    # the same runs without the spend policy spend intel only in place of a declined strike, each such
    # spend unlocking a space (WD-INTEL-021), and unlock fewer cells
    keep = [_one(f"lab:t:{i}", 3, 3, 4, 10, "safe", 6, {}, plan=IntelPlan(method="both")) for i in range(4)]
    assert all(r["intel_spent"] == r["unlocked_by_intel"] and r["utilize_slots"] == 0 for r in keep)
    assert sum(r["cells"] for r in runs) > sum(r["cells"] for r in keep)


def test_utilize_ops_are_ones_the_table_takes() -> None:
    at = CampaignTable("lab:t:ops", {})
    at.do(GM, "add_character", sheet={"id": "watcher", "name": "W", "tier": "pc"}, owner="side0")
    at.do(GM, "add_target", target="mark", name="Mark", size=4, dispositions=["violent", "mercenary"])
    at.do(GM, "start_downtime")
    t = at.campaign().targets["mark"]
    tag = t.cells[0].tag
    other = next(d for d in DISPOSITIONS if d != "city" and all(c.tag != d for c in t.cells))
    held = {(tag, 1): 3, (tag, 4): 1, (other, 2): 1}
    ops = _utilize_ops(t, held)
    assert f"shuffle {other}:2" in ops and f"upgrade {tag}:1" in ops
    assert any(op.startswith(f"downgrade {tag}:4") for op in ops)
    for (kind, tier), count in held.items():
        at.do(GM, "award", character="watcher", intel=f"{kind}:{tier}", intel_count=count)
    before = dict(at.campaign().ledgers["watcher"].intel)
    at.do("side0", "utilize_intel", character="watcher", ops=ops)
    after = at.campaign().ledgers["watcher"].intel
    # the three tier-1 became one tier-2, the tier-4 two tier-3, the stray tier-2 one tier-1 of some type
    assert f"{other}:2" in before and f"{other}:2" not in after
    assert after.get(f"{tag}:3", 0) >= 2 and after.get(f"{tag}:1", 0) < 3


@pytest.mark.rules("WD-INTEL-041")
def test_runaways_roll_on_only_where_the_table_plays_them() -> None:
    plan = IntelPlan(runaway=True)
    on = {"campaign": {"surveillance_runaway": True}}
    run = _one("lab:t:3", 3, 5, 4, 0, "safe", 3, on, plan=plan)
    assert run["runaways"] > 0
    with pytest.raises(RuleViolation, match="does not play surveillance runaways"):
        _one("lab:t:3", 3, 5, 4, 0, "safe", 3, {}, plan=plan)
    assert intel(2, wits=(5,), find_dc=0, phases=2, runaway=True)["rows"][0]["runaways"]["value"] > 0
    with pytest.raises(InvalidCommand, match="intel method"):
        intel(1, method="sideways")


def test_cli_takes_the_policy_options_and_refuses_an_unknown_method_in_one_sentence() -> None:
    out = runner.invoke(
        app,
        ["lab", "economy", "wd-intel", "-n", "2", "--wits", "4", "--size", "2", "--method", "research",
         "--thread-dc", "5", "--intel-knowledge", "4", "--spend", "--utilize", "--phases", "2", "--json"],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert (report["method"], report["spend"], report["utilize"], report["knowledge"]) == (
        "research",
        True,
        True,
        4,
    )
    assert report["rows"][0]["research_rolls"]["value"] > 0 and report["rows"][0]["rolls"]["value"] == 0
    out = runner.invoke(app, ["lab", "economy", "wd-intel", "-n", "2", "--method", "sideways"])
    assert out.exit_code == 2 and "intel method is one of" in out.output and "Traceback" not in out.output


def test_the_text_shows_each_figure_with_its_interval() -> None:
    # the intervals were only in --json ("shares and means (their 95% intervals: --json)")
    args = ["lab", "economy", "wd-intel", "-n", "3", "--wits", "3..4", "--size", "2", "--phases", "2"]
    report = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    out = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert "--json" not in out.stdout and "Wilson 95% intervals" in " ".join(out.stdout.split())
    found = next(line for line in lines if "│ found " in line)
    rolls = next(line for line in lines if "surveillance rolls" in line)
    for r in report["rows"]:
        f, m = r["p_found"], r["rolls"]
        assert f"{f['value']:.1%} [{f['low']:.1%}, {f['high']:.1%}]" in found
        assert f"{m['value']:.2f} [{m['low']:.2f}, {m['high']:.2f}]" in rolls
