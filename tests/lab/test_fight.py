"""`capeworks lab fight`: Weaverdice fights through the table, the same totals on every runner."""

from __future__ import annotations

import gc
import itertools
import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from capeworks.cli.app import app
from capeworks.engine import Table
from capeworks.errors import InvalidCommand
from capeworks.lab import runner as lab_runner
from capeworks.lab.play import Fight, Result, duel_seed, play
from capeworks.lab.runner import chunks, fight_of, run_fights
from capeworks.lab.spec import FightSpec, load_side
from capeworks.lab.summary import Summary

runner = CliRunner()


def _spec(n: int = 24, **more: object) -> FightSpec:
    return FightSpec.model_validate(
        {
            "sides": [load_side("sample:ramjet").model_dump(), load_side("sample:steeltoe").model_dump()],
            "n": n,
            "seed": 5,
            **more,
        }
    )


def test_a_duel_is_played_by_the_table_and_replays_from_its_log() -> None:
    fight = fight_of(_spec())
    result = play(fight, 5, 0)
    o = result.outcome
    assert o.winner in (0, 1) and not o.timed_out
    loser = "ramjet" if o.winner == 1 else "steeltoe"
    assert o.tallies[loser].out and not o.tallies["ramjet" if o.winner == 0 else "steeltoe"].out
    assert result.dice > 0 and result.moves > 3
    again = play(fight, 5, 0)
    assert again == result  # the duel's seed fixes it
    assert duel_seed(5, 0) != duel_seed(5, 1)


def test_the_same_seed_gives_the_same_totals_in_process_and_on_two_processes() -> None:
    spec = _spec(n=30)
    one = run_fights(spec, workers=1)
    two = run_fights(spec, workers=2)
    assert one.summary.to_dict() == two.summary.to_dict()
    assert one.summary.n == 30 and sum(one.summary.wins) + one.summary.draws == 30
    assert not one.partial and not two.partial
    other = run_fights(_spec(n=30, seed=6), workers=1)
    assert other.summary.to_dict() != one.summary.to_dict()


def test_chunks_depend_on_n_only_and_cover_every_duel() -> None:
    for n in (1, 7, 50, 1001, 123_457):
        parts = chunks(n)
        assert parts[0][0] == 0 and parts[-1][1] == n
        assert all(a < b and b == c for (a, b), (c, _) in itertools.pairwise(parts))


def test_a_ctrl_c_keeps_the_finished_chunks_and_marks_the_run_partial() -> None:
    seen: list[int] = []

    def stop_after_two(k: int) -> None:
        seen.append(k)
        if len(seen) == 2:
            raise KeyboardInterrupt

    run = run_fights(_spec(n=60), workers=1, progress=stop_after_two)
    assert run.partial and run.chunks_done == 2 < run.chunks_total
    assert run.summary.n == sum(seen)
    full = Summary(sides=2)
    for a, b in chunks(60)[:2]:
        from capeworks.lab.runner import run_chunk

        full.merge(run_chunk(_spec(n=60).model_dump_json(), a, b))
    assert run.summary.to_dict() == full.to_dict()


def test_a_dask_cluster_gives_the_same_totals() -> None:
    distributed = pytest.importorskip("distributed")
    spec = _spec(n=20)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        run = run_fights(spec, scheduler=cluster.scheduler_address)
    assert run.runner == "dask"
    assert run.summary.to_dict() == run_fights(spec, workers=1).summary.to_dict()


def test_bad_specs_are_one_sentence_naming_the_field_and_nothing_runs(tmp_path: Path) -> None:
    with pytest.raises(InvalidCommand, match="no sample 'nobody'"):
        fight_of(
            FightSpec.model_validate({"sides": [{"name": "a", "characters": [{"sample": "nobody"}]}] * 2})
        )
    with pytest.raises(InvalidCommand, match="no policy 'berserk'"):
        fight_of(_spec(policies=["berserk", "sensible"]))
    with pytest.raises(InvalidCommand, match="cannot fight in 'chess'"):
        fight_of(_spec(system="chess"))
    # the refusal names where the lab can fight, as installed (it named only weaverdice before)
    with pytest.raises(InvalidCommand, match=r"it fights in bpb, rwyn, weaverdice, workshop, and in any"):
        fight_of(_spec(system="capes"))
    bad = tmp_path / "spec.yaml"
    bad.write_text(yaml.safe_dump({**_spec().model_dump(mode="json"), "n": 0}))
    out = runner.invoke(app, ["lab", "fight", "--spec", str(bad), "--json"])
    assert out.exit_code == 2
    assert "field n:" in out.output and "Traceback" not in out.output
    out = runner.invoke(app, ["lab", "fight", "sample:ramjet"])
    assert out.exit_code == 2 and "at least two sides" in out.output


def test_cli_fight_writes_a_report_that_reruns_to_the_same_totals(tmp_path: Path) -> None:
    side = tmp_path / "dandelion.yaml"
    side.write_text(
        yaml.safe_dump(
            {
                "name": "archers",
                "characters": [
                    {"sample": "dandelion", "play": {"attack": {"stat": "dexterity", "damage": "pierce"}}}
                ],
            }
        )
    )
    args = ["lab", "fight", str(side), "sample:thug", "--n", "12", "-w", "1", "--seed", "9"]
    out = runner.invoke(app, [*args, "--out", str(tmp_path / "run"), "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.stdout)
    assert report["figures"]["fights"] == 12 and report["dice"]["consumed"] > 0
    assert report["versions"]["capeworks"] and report["spec"]["seed"] == 9
    assert {Path(p).name for p in report["files"]} >= {"report.json", "spec.yaml", "rounds.png", "wounds.png"}
    again = runner.invoke(
        app, ["lab", "fight", "--spec", str(tmp_path / "run" / "spec.yaml"), "-w", "1", "--json"]
    )
    assert json.loads(again.stdout)["tallies"] == report["tallies"]
    text = runner.invoke(app, [*args])
    assert text.exit_code == 0 and "rounds to end" in text.stdout and "archers" in text.stdout


def test_the_lab_table_is_an_ordinary_table() -> None:
    # the lab plays Table itself: a fresh duel's log replays to the same state
    fight = fight_of(_spec())
    from capeworks.lab.play import seats

    t = Table.new(fight.ruleset, config={}, seats=seats(2), seed=duel_seed(5, 3))
    for c in fight.arena.open(fight.sides, {}):
        t.execute(c)
    assert Table.replay(t.log).state == t.state


def test_a_chunk_plays_on_a_settled_heap_and_gives_it_back(monkeypatch: pytest.MonkeyPatch) -> None:
    # A worker plays its chunk with start-up's objects frozen out of the cycle collector's passes
    # (runner.settled_heap): while it plays, they are frozen; after it, nothing stays frozen, and the
    # tallies are those of the same duels played without it.
    frozen_while_playing: list[int] = []

    def watching(fight: Fight, seed: int, i: int) -> Result:
        frozen_while_playing.append(gc.get_freeze_count())
        return play(fight, seed, i)

    monkeypatch.setattr(lab_runner, "play", watching)
    settled = lab_runner.run_chunk(_spec(n=6).model_dump_json(), 0, 6)
    assert frozen_while_playing and min(frozen_while_playing) > 0
    assert gc.get_freeze_count() == 0
    plain = Summary(sides=2)
    for i in range(6):
        plain.add(play(fight_of(_spec(n=6)), 5, i))
    assert settled.to_dict() == plain.to_dict()


def test_a_side_or_spec_that_is_no_file_says_so() -> None:
    # "ramjet" for sample:ramjet read "The file ramjet is not readable YAML or JSON."
    out = runner.invoke(app, ["lab", "fight", "ramjet", "sample:steeltoe", "-n", "2", "-w", "1"])
    assert out.exit_code == 2
    assert "There is no file 'ramjet'; a side is a YAML/JSON file or sample:NAME." in out.output
    out = runner.invoke(app, ["lab", "sweep", "no-such-sweep.yaml", "-w", "1"])
    assert out.exit_code == 2 and "There is no file 'no-such-sweep.yaml'." in out.output


@pytest.mark.parametrize(
    ("system", "sides"),
    [
        ("weaverdice", ("sample:ramjet", "sample:steeltoe")),
        ("bpb", ("sample:widow", "sample:ganyeka")),
        ("workshop", ("sample:jade", "sample:viper")),
        ("rwyn", ("sample:rook", "sample:vesper")),
    ],
)
def test_every_figure_of_a_fight_says_what_it_counts(system: str, sides: tuple[str, str]) -> None:
    # "mean shots", "mean plot_points": held at the end or spent? The text never said.
    out = runner.invoke(app, ["lab", "fight", "--system", system, *sides, "-n", "3", "-w", "1", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.stdout)
    means = {f"mean {k}" for side in report["figures"]["sides"] for k in side["means"]}
    lines = {"wins", "all out", "a death"} | means
    assert lines <= set(report["glossary"])
    text = runner.invoke(app, ["lab", "fight", "--system", system, *sides, "-n", "3", "-w", "1"])
    for line in lines:
        assert f"{line}: " in text.stdout


def test_a_workshop_fight_counts_the_mooks_a_group_has_left(tmp_path: Path) -> None:
    # a mook takes no Shock nor Wounds (a hit takes one out of its group): the goons' side read 0 and 0
    # whatever happened, and nothing said how many of the six were still up
    out = runner.invoke(
        app,
        [
            "lab",
            "fight",
            "--system",
            "workshop",
            "sample:jade",
            "sample:goons",
            "-n",
            "12",
            "-w",
            "1",
            "--json",
        ],
    )
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert "mean mooks" in report["glossary"]
    left = {int(k): v for k, v in report["tallies"]["histograms"]["1:mooks"].items()}
    assert set(left) <= set(range(7)) and set(left) != {0}
    # none left exactly when the goons were all out
    assert left.get(0, 0) == round(report["figures"]["sides"][1]["out"]["value"] * 12)
    assert report["figures"]["sides"][0]["means"]["mooks"]["value"] == 0


def test_a_spec_rerun_takes_the_n_and_seed_given_and_refuses_a_policy_beside_it(tmp_path: Path) -> None:
    # `lab fight --spec run/spec.yaml -n 20` played the spec's 3,000 fights: -n, --seed and -p did nothing
    spec = tmp_path / "spec.yaml"
    spec.write_text(
        yaml.safe_dump(
            {"sides": [{"name": "a", "characters": [{"sample": "thug"}]},
                       {"name": "b", "characters": [{"sample": "thug"}]}], "n": 3000, "seed": 5}
        ),
        encoding="utf-8",
    )  # fmt: skip
    out = runner.invoke(
        app, ["lab", "fight", "--spec", str(spec), "-n", "20", "--seed", "7", "--fast", "--json"]
    )
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert (report["figures"]["fights"], report["seed"]) == (20, 7)
    out = runner.invoke(app, ["lab", "fight", "--spec", str(spec), "-p", "no_reactions", "--fast"])
    assert out.exit_code == 2
    assert (
        out.output.strip()
        == "Error: --policy is the spec's to say: edit spec.yaml, or give sides, not --spec."
    )


def test_three_one_thug_sides_open_on_side_0_as_the_policy_says_and_the_output_tells() -> None:
    # three thugs at one round: side 0 never won. Not a fault: "sensible" hits the most hurt foe,
    # the first listed on a tie, and side 0 is the first of both other sides' foes
    import random

    from capeworks.lab.play import Roster, table_for
    from capeworks.lab.weaverdice import _target

    thug = load_side("sample:thug").model_dump()
    spec = FightSpec.model_validate({"sides": [thug, thug, thug], "n": 30, "max_rounds": 1})
    fight = fight_of(spec)
    table = table_for(fight, "three")
    for command in fight.arena.open(fight.sides, fight.config):
        table.execute(command)
    roster = Roster(fight)
    aims = [
        roster.side_of[str(_target(roster.situation(table, side, roster.members[side][0], random.Random(0))))]
        for side in range(3)
    ]
    assert aims == [1, 0, 0]
    result = runner.invoke(
        app,
        [
            "lab",
            "fight",
            "sample:thug",
            "sample:thug",
            "sample:thug",
            "--max-rounds",
            "1",
            "-n",
            "30",
            "-w",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["figures"]["sides"][0]["win"]["value"] == 0
    assert "every later side opens on side 0" in report["targets"]["sensible"]
    args = [
        "lab",
        "fight",
        "sample:thug",
        "sample:thug",
        "sample:thug",
        "--max-rounds",
        "1",
        "-n",
        "5",
        "-w",
        "1",
    ]
    text = " ".join(runner.invoke(app, args, env={"COLUMNS": "200"}).stdout.split())
    assert "targets (sensible): the most hurt foe still up, the first listed on a tie" in text
    # two sides have one foe each: nothing to say
    duel = runner.invoke(app, ["lab", "fight", "sample:thug", "sample:thug", "-n", "2", "-w", "1", "--json"])
    assert json.loads(duel.stdout)["targets"] == {}
