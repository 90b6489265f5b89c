"""`capeworks lab fight --system bpb`: the arena starts the session; the ``plot`` policy spends plot points.

Seed: /work/shared/seeds/002_15e80e5795d6eba8.txt, src 443 (each player begins each session with one plot
point), 469-471 (an automatic success on a task roll or an attempt to hit), 475-477 (a power boost), 481 (a
power stunt: a force field made a force blade), 487 (a rally); inventory BPB-PP-001/005/007/009/011.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.engine import Table
from capeworks.lab.play import Roster, decide, duel_seed, table_for
from capeworks.lab.runner import fight_of, run_fights
from capeworks.lab.spec import FightSpec, load_side
from capeworks.systems.bpb.characters import SAMPLE_CHARACTERS

runner = CliRunner()


def _spec(policies: list[str], n: int = 200, seed: int = 3, **more: Any) -> FightSpec:
    sides = [load_side(s).model_dump() for s in ("sample:widow", "sample:ganyeka")]
    return FightSpec.model_validate(
        {"system": "bpb", "sides": sides, "policies": policies, "n": n, "seed": seed, **more}
    )


def _played(spec: FightSpec, index: int) -> Table:
    """Fight ``index`` of ``spec`` played by the lab's own loop, its table kept to read the log."""
    fight = fight_of(spec)
    table = table_for(fight, duel_seed(spec.seed, index))
    for command in fight.arena.open(fight.sides, fight.config):
        table.execute(command)
    roster, rng = Roster(fight), random.Random(f"{duel_seed(spec.seed, index)}:policy")
    while isinstance(step := decide(fight, roster, table, rng), tuple):
        move, seat, _ = step
        table.execute(move.as_command(seat))  # a refused move raises: the policy plays only legal moves
    return table


@pytest.mark.rules("BPB-PP-001")
def test_the_arena_starts_the_session_so_each_sides_player_holds_its_plot_points() -> None:
    # src 443: "Each player begins each game session with one plot point": one for each side's player, held
    # on the side's first character (widow and agent-a are one player's), whatever the side's size; the
    # config's session_plot_points gives more
    for config, each in (({}, 1), ({"session_plot_points": 2}, 2)):
        sides = [load_side(s).model_dump() for s in ("sample:widow,agent-a", "sample:ganyeka")]
        spec = FightSpec.model_validate({"system": "bpb", "sides": sides, "config": config, "n": 1})
        fight = fight_of(spec)
        table = table_for(fight, duel_seed(1, 0))
        for command in fight.arena.open(fight.sides, fight.config):
            table.execute(command)
        state: Any = table.state
        assert [state.plot_points(c) for c in ("widow", "agent-a", "ganyeka")] == [each, each, each]
        outcome = fight.arena.outcome(state, max_rounds=20)
        assert outcome is None  # nobody is out yet
        assert state.condition("agent-a").plot_points == 0  # the side's one point is not counted twice


@pytest.mark.rules("BPB-PP-001", "BPB-PP-005", "BPB-PP-011")
def test_the_plot_policy_spends_only_automatic_successes_and_rallies_and_the_tallies_count_them() -> None:
    # src 469: "the player spends a plot point, and their character succeeds at the current task roll ... an
    # attempt to hit in combat"; a block or dodge is a task roll (src 373, 381); src 487: a rally. Widow plays
    # plot, Ganyeka sensible: only Widow's side spends, every spend is one of those, and each fight's tally of
    # spent and held points adds up to the one point the session gave.
    spec = _spec(["plot", "sensible"], n=12)
    fight = fight_of(spec)
    spent_in_logs = 0
    for i in range(spec.n):
        table = _played(spec, i)
        for e in table.log:
            roll = getattr(e.payload, "roll", None)
            if roll is not None and roll.plot_point:
                assert roll.verdict.success  # an automatic success (src 469)
                spent_in_logs += 1
            if e.type == "bpb.plot_point_spent":
                assert e.payload.character == "widow" and e.payload.kind == "rally"
                spent_in_logs += 1
        outcome = fight.arena.outcome(table.state, max_rounds=spec.max_rounds)
        assert outcome is not None
        numbers = {cid: t.numbers for cid, t in outcome.tallies.items()}
        assert numbers["widow"]["plot_points"] + numbers["widow"]["plot_points_spent"] == 1
        assert (numbers["ganyeka"]["plot_points"], numbers["ganyeka"]["plot_points_spent"]) == (1, 0)
    run = run_fights(spec, workers=1).summary.to_dict()
    assert run["numbers"]["0:plot_points_spent"][0] == spent_in_logs > 0
    assert run["numbers"]["1:plot_points_spent"][0] == 0 and run["numbers"]["1:plot_points"][0] == spec.n
    # both playing plot (seed 3): in fight 0 Ganyeka spends hers on the hit that would put Widow out, and
    # Widow hers on blocking it; in fight 14 Ganyeka, down to a third of her Endurance, rallies first
    both = _spec(["plot", "plot"], n=15)
    uses = []
    for i in (0, 14):
        for e in _played(both, i).log:
            roll = getattr(e.payload, "roll", None)
            if roll is not None and roll.plot_point:
                uses.append((i, roll.what))
            if e.type == "bpb.plot_point_spent":
                uses.append((i, f"{e.payload.character} {e.payload.kind}"))
    assert uses == [
        (0, "Ganyeka attacks Widow (unarmed)"),
        (0, "Widow tries to block"),
        (14, "ganyeka rally"),
        (14, "Widow tries to block"),
    ]


@pytest.mark.rules("BPB-PP-005", "BPB-PP-011")
def test_spending_plot_points_changes_the_fight_and_the_same_seed_gives_the_same_totals() -> None:
    # 200 fights, seed 3, Widow against Ganyeka: spending her point (plot) against holding it (sensible), the
    # same Ganyeka (sensible) and the same duel seeds. Spending wins her more fights (68/200 holding it,
    # more spending it: about a third) and she spends it in most fights.
    plot = run_fights(_spec(["plot", "sensible"]), workers=1).summary.to_dict()
    held = run_fights(_spec(["sensible", "sensible"]), workers=1).summary.to_dict()
    assert plot["wins"][0] > held["wins"][0]
    assert plot["numbers"]["0:plot_points_spent"][0] > 150 and held["numbers"]["0:plot_points_spent"][0] == 0
    assert held["numbers"]["0:plot_points"][0] == held["numbers"]["1:plot_points"][0] == 200
    assert run_fights(_spec(["plot", "sensible"]), workers=1).summary.to_dict() == plot


def test_the_fight_report_names_the_plot_policy_and_says_what_the_plot_point_rows_count() -> None:
    args = ["lab", "fight", "--system", "bpb", "sample:widow", "sample:ganyeka", "-n", "20", "-w", "1"]
    out = runner.invoke(app, [*args, "-p", "plot", "-p", "sensible", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.stdout)
    assert report["spec"]["policies"] == ["plot", "sensible"]
    glossary = report["glossary"]
    assert glossary["mean plot_points_spent"].startswith(
        "plot points spent: automatic successes, rallies, boosts and stunts"
    )
    assert "held at the end" not in glossary["mean plot_points_spent"]
    assert "sensible and no_reactions spend none" in glossary["mean plot_points"]
    assert "starts no session" not in json.dumps(glossary)
    text = " ".join(runner.invoke(app, [*args, "-p", "plot", "-p", "sensible"]).stdout.split())
    assert (
        "mean plot_points_spent: plot points spent: automatic successes, rallies, boosts and stunts" in text
    )
    bad = runner.invoke(app, [*args, "-p", "plots", "-p", "sensible"])
    assert bad.exit_code == 2 and "plot" in bad.output and "Traceback" not in bad.output


def _sheet_side(name: str, sheet: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "characters": [{"sheet": sheet}]}


@pytest.mark.rules("BPB-PP-007", "BPB-PP-009")
def test_the_plot_policy_spends_on_a_boost_and_a_stunt_through_the_tables_spend() -> None:
    # src 475-477: "A power boost increases one of the character's attributes or powers by one rank". Widow
    # (Venom Sting 5, Accuracy 4) against Agent Adler (Endurance 4, Kevlar Vest 2): a hit does 5 - 2 = 3, one
    # short; boosted to 6 it does 4 and puts him out, and she hits 2d6 + 4 >= 8 + 2 72% of the time: in each
    # of the first three fights (seed 3) her first spend is a boost of Venom Sting, sent as the table's own
    # spend command (the lab's loop raises on any refused move).
    widow = [load_side(s).model_dump() for s in ("sample:widow", "sample:agent-a")]
    plot = {"system": "bpb", "policies": ["plot", "sensible"], "seed": 3}
    spec = FightSpec.model_validate({**plot, "sides": widow, "n": 3})
    for i in range(spec.n):
        spent = [e.payload for e in _played(spec, i).log if e.type == "bpb.plot_point_spent"]
        assert (spent[0].character, spent[0].kind, spent[0].detail) == ("widow", "boost", "Venom Sting")
    # src 481: "A character with a rank 8 Force Field might use a power stunt to turn their force field into a
    # rank 8 force blade". Aegis (Force Field 8, Brawn 2, Prowess 5) cannot hurt Ganyeka bare-handed (2 vs
    # Invulnerability 4); plot spends the point on the blade (8 - 4 = 4 a hit) and attacks with it at once
    aegis = (
        SAMPLE_CHARACTERS["widow"].model_copy(update={"id": "aegis", "name": "Aegis"}).model_dump(mode="json")
    )
    aegis["attributes"].update(Brawn=2, Prowess=5)
    aegis["powers"] = [{"name": "Force Field", "rank": 8, "protects": "Endurance", "activated": True}]
    sides = [_sheet_side("Aegis", aegis), load_side("sample:ganyeka").model_dump()]
    spec = FightSpec.model_validate({**plot, "sides": sides, "n": 1})
    log = _played(spec, 0).log
    spent = [e.payload for e in log if e.type == "bpb.plot_point_spent"]
    assert [(p.kind, p.detail) for p in spent] == [("stunt", "Force Field as force blade")]
    first = next(e.payload.roll.what for e in log if e.type == "bpb.attack_rolled")
    assert first == "Aegis attacks Ganyeka (force blade)"
    run = run_fights(spec, workers=1).summary.to_dict()
    assert run["numbers"]["0:plot_points_spent"][0] == 1
