"""Capes Story Token and Debt economies over Pages, played through the table by a simple policy."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.lab.capes import economy, play_pages

runner = CliRunner()


def test_pages_are_played_through_the_rules_and_the_same_seed_replays_them() -> None:
    counts = play_pages(2, 5)
    assert [t.page for t in counts.tallies] == [1, 2, 3, 4, 5]
    assert counts.moves > 20 and counts.tallies[-1].conflicts >= 2
    # Debt only grows here (nobody spends it), and only super-powered characters earn it:
    # Aunt Sylvie's abilities are all mundane
    for who in ("skitter", "rampart", "aunt_sylvie"):
        series = [t.debt[who] for t in counts.tallies]
        assert series == sorted(series)
    assert counts.tallies[-1].debt["aunt_sylvie"] == 0
    assert counts.tallies[-1].debt["skitter"] > 0
    assert play_pages(2, 5).tallies == counts.tallies


def test_economy_means_per_page_with_intervals_and_the_cli(tmp_path: object) -> None:
    report = economy(3, 3, seed=4)
    assert [p["page"] for p in report["by_page"]] == [1, 2, 3]
    last = report["by_page"][-1]
    assert last["runs"] == 3 and last["debt skitter"]["low"] <= last["debt skitter"]["value"]
    out = runner.invoke(
        app, ["lab", "economy", "capes", "--runs", "3", "--pages", "3", "--seed", "4", "--json"]
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["by_page"] == json.loads(json.dumps(report["by_page"]))
    bad = runner.invoke(app, ["lab", "economy", "weaverdice"])
    assert bad.exit_code == 2 and "capes, wd-craft, wd-recruit and wd-intel" in bad.output


@pytest.mark.rules("CAPES-SCENE-002", "CAPES-SCENE-004")
def test_a_run_with_starting_tokens_and_debt_plays_on_into_the_next_scene() -> None:
    # with 2 Story Tokens and 2 Debt each at the start (start_story_tokens=2, start_debt=2) seed 3's
    # first Scene ends after its second Page, every Conflict resolved and nobody keeping it going; the
    # next declarer declares the next Scene (src 56-65: "the person to the left ... gets to declare the
    # next scene") and each seat takes its own character, so the run reaches its 12 Pages (before: the
    # policy passed the declaring round the table until it gave up as stuck). The Pages count on across
    # Scenes, and the pause while characters are bought is no Page of its own.
    variant = {"start_story_tokens": 2, "start_debt": 2}
    counts = play_pages(3, 12, config=variant)
    assert [t.page for t in counts.tallies] == list(range(1, 13))
    assert play_pages(3, 12, config=variant).tallies == counts.tallies


def test_the_cli_plays_a_rules_variant_and_refuses_one_for_the_weaverdice_economies() -> None:
    """`lab economy capes --config KEY=VALUE` plays tables under that variant (it could not before)."""
    runner = CliRunner()
    args = ["lab", "economy", "capes", "--runs", "2", "--pages", "6", "--json"]
    plain = json.loads(runner.invoke(app, args).stdout)
    varied = runner.invoke(app, [*args, "-c", "start_story_tokens=2", "-c", "start_debt=2"])
    assert varied.exit_code == 0, varied.output
    report = json.loads(varied.stdout)
    assert report["config"] == {"start_story_tokens": 2, "start_debt": 2} and plain["config"] == {}
    assert len(report["by_page"]) == 6 and report["by_page"] != plain["by_page"]
    bad = runner.invoke(app, ["lab", "economy", "capes", "--runs", "1", "-c", "bogus=1"])
    assert bad.exit_code == 2 and "bogus" in bad.output and "Traceback" not in bad.output
    other = runner.invoke(app, ["lab", "economy", "wd-craft", "-c", "x=1"])
    assert other.exit_code == 2 and "the Weaverdice economies take none" in other.output


def test_every_row_of_the_capes_economy_says_what_it_counts() -> None:
    # "conflicts", "tokens ann": made or open? held or won? and the tokens row stays 0 for a reason
    out = CliRunner().invoke(app, ["lab", "economy", "capes", "--runs", "2", "--pages", "2"])
    assert out.exit_code == 0, out.output
    text = " ".join(out.stdout.split())
    assert "conflicts: Conflicts made so far in the run" in text
    assert "debt NAME: Debt on the character's Drives" in text
    assert "plain never stakes nor Gloats, so under it nobody wins any" in text
    assert "staked: Debt staked so far in the run" in text and "inspirations SEAT: Inspirations" in text
    assert "policy plain" in text
    report = json.loads(
        CliRunner().invoke(app, ["lab", "economy", "capes", "--runs", "1", "--pages", "1", "--json"]).stdout
    )
    rows = {k.split()[0] for k in report["by_page"][0] if k not in ("page", "runs")}
    assert rows == {k.split()[0] for k in report["glossary"]}


@pytest.mark.rules("CAPES-STAKE-001", "CAPES-STAKE-002", "CAPES-SPLIT-002", "CAPES-ACT-003", "CAPES-RES-004")
def test_the_staking_policy_stakes_only_what_the_table_takes_and_its_stakes_become_tokens() -> None:
    # src 42: "Losers get back double the Debt they Staked. Winners give away their Stakes as Story Tokens
    # to the losing characters"; src 38: before and after an Action a player may Stake Debt, Split Dice
    # and spend an Inspiration. With 2 Debt on each Drive at the start, eight scenes of six Pages:
    returned = []
    for seed in range(8):
        counts = play_pages(seed, 6, config={"start_debt": 2}, policy="staking")
        # it proposes a stake, split or Inspiration only where the handlers' checks take it
        assert not set(counts.refused_by) & {"stake", "split", "inspire"}, counts.refused_by
        # every Debt staked is still on a Conflict, given away on a winning side (a token, or gone when
        # only the Resolver lost, src 134), or came back doubled on a losing one
        assert counts.staked == counts.given + counts.returned // 2 + counts.left
        assert counts.tallies[-1].staked == counts.staked and sum(counts.won.values()) <= counts.given
        assert counts.tallies[-1].won == {p: counts.won[p] for p in ("ann", "bea", "cal")}
        assert play_pages(seed, 6, config={"start_debt": 2}, policy="staking").tallies == counts.tallies
        returned.append(counts.returned)
    # a stake on a side that lost comes back doubled (seed 6: 1 Debt staked on the losing side, 2 back)
    assert sum(returned) > 0 and all(r % 2 == 0 for r in returned)
    staked = play_pages(1, 6, config={"start_debt": 2}, policy="staking")
    plain = play_pages(1, 6, config={"start_debt": 2})
    # staking: Debt is staked and the losers win Story Tokens; plain stakes none and nobody wins a token
    assert staked.staked > 0 and sum(staked.won.values()) > 0
    assert plain.staked == 0 and not plain.won and all(not any(t.won.values()) for t in plain.tallies)
    # a stake given away leaves the Drives: Skitter and Rampart end with less Debt than without staking
    assert sum(staked.tallies[-1].debt.values()) < sum(plain.tallies[-1].debt.values())


def test_the_cli_compares_the_policies_and_refuses_an_unknown_one_in_a_sentence() -> None:
    args = ["lab", "economy", "capes", "--runs", "3", "--pages", "6", "-c", "start_debt=2", "--json"]
    plain = json.loads(runner.invoke(app, args).stdout)
    out = runner.invoke(app, [*args, "--policy", "staking"])
    assert out.exit_code == 0, out.output
    staking = json.loads(out.stdout)
    assert (plain["policy"], staking["policy"]) == ("plain", "staking")
    last = staking["by_page"][-1]
    assert last["staked"]["value"] > 0 and plain["by_page"][-1]["staked"]["value"] == 0
    assert sum(last[f"won {p}"]["value"] for p in ("ann", "bea", "cal")) > 0
    assert not set(staking["refused_by_command"]) & {"stake", "split", "inspire"}
    assert staking == json.loads(runner.invoke(app, [*args, "--policy", "staking"]).stdout)
    rows = {k.split()[0] for k in last if k not in ("page", "runs")}
    assert rows == {k.split()[0] for k in staking["glossary"]}
    text = runner.invoke(app, [*args[:-1], "-p", "staking"])
    assert text.exit_code == 0 and "policy staking" in " ".join(text.stdout.split())
    bad = runner.invoke(app, ["lab", "economy", "capes", "--runs", "1", "--policy", "greedy"])
    assert bad.exit_code == 2 and "no policy 'greedy'; it plays plain and staking" in bad.output
    stray = runner.invoke(app, ["lab", "economy", "wd-craft", "--policy", "staking"])
    assert stray.exit_code == 2 and "--policy is for capes" in stray.output


@pytest.mark.rules("CAPES-PAGE-005", "CAPES-PAGE-007", "CAPES-PAGE-013", "CAPES-RSRC-001")
def test_plain_keeps_a_story_token_for_an_extra_claim_and_buys_one_when_it_leads_another_side() -> None:
    # src 82: "After the first go-around, you can spend a Story Token to make an extra Claim"; src 83:
    # only a side you are allied with. Seed 0, 8 Pages, 3 Story Tokens each at the start: in Page 1 each
    # seat buys two extra Actions and keeps its third token (1, 1, 1 after Page 1); Bea spends hers on an
    # extra Claim in Page 3, Cal in Page 4, Ann in Page 7 (before, plain spent every token on Actions
    # and bought no Claim). 9 tokens = 3 Claims + 6 Actions; plain wins none (it never stakes).
    counts = play_pages(0, 8, config={"start_story_tokens": 3})
    assert (counts.claims_bought, counts.actions_bought) == (3, 6)
    assert [tuple(t.tokens.values()) for t in counts.tallies] == [
        (1, 1, 1),
        (1, 1, 1),
        (1, 0, 1),
        (1, 0, 0),
        (1, 0, 0),
        (1, 0, 0),
        (0, 0, 0),
        (0, 0, 0),
    ]
    assert "claim" not in counts.refused_by  # every bought Claim the table took: allied, not taken
    assert play_pages(0, 8, config={"start_story_tokens": 3}).tallies == counts.tallies


def test_no_interval_of_a_count_reaches_below_zero() -> None:
    # six scenes of staking: rampart's mean Debt after Page 1 read 0.67 [-0.42, 1.75], Inspirations
    # and tokens alike; Debt, tokens and Inspirations are counts, never below 0
    report = economy(runs=6, pages=2, config={"start_debt": 2}, policy="staking")
    cells = [c for page in report["by_page"] for k, c in page.items() if isinstance(c, dict)]
    assert any(c["low"] < c["value"] for c in cells)
    for c in cells:
        assert 0 <= c["low"] <= c["value"] <= c["high"], c
