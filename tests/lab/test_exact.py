"""The exact chain and the fast path drawn from it, against the plain path (every move through the table)."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import pytest

from capeworks.errors import InvalidCommand
from capeworks.lab.exact import Exact, exact_outcomes, exact_records
from capeworks.lab.fast import _chain, run_fast
from capeworks.lab.play import Fight, table_for
from capeworks.lab.policy import Move, Situation
from capeworks.lab.runner import fight_of, run_fights
from capeworks.lab.spec import FightSpec, load_side
from capeworks.lab.stats import chi_square_fit, chi_square_homogeneity, holm, two_proportion_z, welch_t
from capeworks.lab.summary import Summary
from capeworks.lab.weaverdice import Sensible
from capeworks.systems.rwyn.policy import RwynArena


def _spec(**more: object) -> FightSpec:
    return FightSpec.model_validate(
        {
            "sides": [load_side("sample:thug").model_dump(), load_side("sample:thug").model_dump()],
            "max_rounds": 2,
            **more,
        }
    )


def _joint(records: dict, chain) -> dict[str, float]:  # type: ignore[no-untyped-def, type-arg]
    joint: dict[str, Fraction] = {}
    for (sig, _, _), p in records.items():
        key = f"{sig[0]}:{sig[1]}"
        joint[key] = joint.get(key, Fraction(0)) + p
    return {k: float(v) for k, v in sorted(joint.items())}


def _means(s: Summary, name: str, side: int) -> tuple[int, int, int]:
    total, squares = s.numbers[(side, name)]
    return total, squares, s.n


@pytest.mark.slow
def test_plain_path_exact_chain_and_fast_path_agree_on_a_thug_duel() -> None:
    """Stated tolerance: the plain path (2,000 duels through the table) fits the exact chain (chi-square,
    p > 0.001); the fast path (100,000 duels drawn from the chain) puts every (winner, rounds) share
    within 4 standard errors of the exact probability; and no measure of the fast path differs from the
    plain path at 0.001 after Holm (win rate, rounds distribution, wounds, dice and moves per duel)."""
    spec = _spec(seed=11)
    records, chain = _chain(spec, 5_000)
    assert sum(records.values()) == 1 and len(chain.memo) > 10
    exact = _joint(records, chain)
    assert set(exact) == {"0:1", "0:2", "1:1", "1:2", "None:2"}  # either may win; a draw when time runs out

    plain = run_fights(spec.model_copy(update={"n": 2000}), workers=2).summary
    p_fit, df = chi_square_fit(plain.to_dict()["outcomes"], exact)
    assert df >= 2 and p_fit > 0.001, (plain.to_dict()["outcomes"], exact)

    fast = run_fast(spec.model_copy(update={"n": 100_000, "seed": 5})).summary
    assert fast.n == 100_000
    for key, p in exact.items():
        share = fast.outcomes.get(key, 0) / fast.n
        assert abs(share - p) <= 4 * math.sqrt(p * (1 - p) / fast.n) + 1e-12, (key, share, p)

    p_values = [
        two_proportion_z(plain.wins[0], plain.n, fast.wins[0], fast.n),
        chi_square_homogeneity(plain.rounds, fast.rounds),
        welch_t(*_means(plain, "wounds", 0), *_means(fast, "wounds", 0)),
        welch_t(*_means(plain, "wounds", 1), *_means(fast, "wounds", 1)),
    ]
    assert not any(reject for _, reject in holm(p_values, alpha=0.001)), p_values
    # moves and dice per duel are kept as totals only: their means agree within 5%
    assert abs(plain.moves / plain.n - fast.moves / fast.n) < 0.05 * fast.moves / fast.n
    assert abs(plain.dice / plain.n - fast.dice / fast.n) < 0.05 * fast.dice / fast.n
    # the same seed draws the same duels
    assert run_fast(spec.model_copy(update={"n": 1000, "seed": 5})).summary.to_dict() == (
        run_fast(spec.model_copy(update={"n": 1000, "seed": 5})).summary.to_dict()
    )


class _Coin(Sensible):
    name = "coin"

    def act(self, s: Situation) -> Move | None:
        return super().act(s) if s.rng.random() < 0.5 else None


def test_the_exact_chain_and_fast_path_refuse_what_they_do_not_model() -> None:
    fight = fight_of(_spec())
    coin = replace(fight, policies=(_Coin(), _Coin()))
    with pytest.raises(InvalidCommand, match="deterministic policies"):
        exact_outcomes(coin)
    with pytest.raises(InvalidCommand, match="passed 3 states"):
        exact_outcomes(fight, max_states=3)
    big = FightSpec.model_validate(
        {
            "sides": [load_side("sample:ramjet").model_dump(), load_side("sample:steeltoe").model_dump()],
            "n": 10,
        }
    )
    with pytest.raises(InvalidCommand, match="too big to enumerate"):
        run_fast(big, max_states=40)


@pytest.mark.parametrize(
    ("system", "sides"),
    [
        ("workshop", ("sample:jade", "sample:thug")),
        ("bpb", ("sample:agent-a", "sample:agent-b")),
        ("rwyn", ("sample:rook", "sample:ada")),
    ],
)
def test_a_fight_cut_off_at_max_rounds_ends_in_that_round_in_every_ruleset(
    system: str, sides: tuple[str, str]
) -> None:
    # a Workshop fight still going after Sequence 1 was a draw "in round 2", past --max-rounds 1
    spec = FightSpec.model_validate(
        {"system": system, "sides": [load_side(s).model_dump() for s in sides], "max_rounds": 1}
    )
    dist, _ = exact_outcomes(fight_of(spec))
    assert {r for _, r in dist} == {1} and any(w is None for w, _ in dist)
    assert sum(dist.values()) == 1


def _rwyn(*sides: str, **more: object) -> Fight:
    return fight_of(
        FightSpec.model_validate(
            {"system": "rwyn", "sides": [load_side(s).model_dump() for s in sides], **more}
        )
    )


def test_an_exact_chain_plays_an_rwyn_fight_as_the_turn_notes_did() -> None:
    # RWYN's arena keeps each fight's turns beside the table (it kept them in GM notes at the table
    # before): the chain gives each branch its own copy and tells states apart by them too, and
    # every ending comes out with the probability and dice the chain gave when the notes kept the
    # turns (main at 0ad1857a, Rook against Ada in one round: 2,424 states then, 2,421 now)
    records, chain = exact_records(_rwyn("sample:rook", "sample:ada", max_rounds=1))
    endings: dict[tuple[int, int, int, int], Fraction] = {}
    for (sig, _, dice), p in records.items():
        assert (sig[0], sig[1], sig[2], dice) == (None, 1, True, 8)  # a draw, cut off, 8 dice
        ada, rook = (dict(t[5]) for t in sig[3])
        key = (ada["consequences"], ada["physical_stress"], rook["consequences"], rook["physical_stress"])
        endings[key] = endings.get(key, Fraction(0)) + p
    assert endings == {
        (0, 1, 0, 0): Fraction(1040, 6561),
        (0, 1, 0, 1): Fraction(256, 6561),
        (0, 2, 0, 0): Fraction(2080, 6561),
        (0, 2, 0, 1): Fraction(512, 6561),
        (1, 0, 0, 0): Fraction(715, 2187),
        (1, 0, 0, 1): Fraction(176, 2187),
    }
    # two moves a fight (each one's turn, no command to end it): the notes were one move more
    assert sum(moves * p for (_, moves, _), p in records.items()) == Fraction(488, 81)
    assert len(chain.memo) == 2421


def test_an_exact_chain_keeps_each_branchs_turns_apart() -> None:
    # the same table state with two different last turns is two states of the chain, and a branch's
    # arena is a copy: ending a turn on it leaves the arena it was copied from as it was
    chain = Exact(_rwyn("sample:rook", "sample:ada"))
    table = table_for(chain.fight, "lab:exact")
    for command in chain.fight.arena.open(chain.fight.sides, chain.fight.config):
        table.execute(command)
    arena = chain.fork(chain.fight.arena)
    branch = chain.fork(arena)
    branch.end_turn(table.state, "rook")
    assert chain.key(table.state, arena) != chain.key(table.state, branch)
    assert arena.memo_key() is None and branch.memo_key() == ("rook", 1, 0)  # type: ignore[attr-defined]


class _Forgetful(RwynArena):
    """An arena that keeps a fight's turns but gives no value to tell two of them apart."""

    memo_key = None  # type: ignore[assignment]


def test_an_exact_chain_refuses_an_arena_that_keeps_a_fights_memory_without_a_memo_key() -> None:
    fight = replace(_rwyn("sample:rook", "sample:ada"), arena=_Forgetful())
    with pytest.raises(InvalidCommand, match=r"no memo_key\(\) to tell two memories apart"):
        exact_outcomes(fight)


def test_exact_cli_shows_each_monte_carlo_share_with_an_interval_and_refuses_negative_counts() -> None:
    import json

    from typer.testing import CliRunner

    from capeworks.cli.app import app

    runner = CliRunner()
    args = ["lab", "exact", "sample:thug", "sample:thug", "--max-rounds", "1", "-w", "1"]
    out = runner.invoke(app, [*args, "--check", "60", "--json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.stdout)["exact"]
    # the check's shares had no interval: nothing said whether the exact answer lay within reach
    for row in rows:
        mc = row["monte_carlo"]
        assert mc["method"] == "wilson" and mc["low"] <= mc["value"] <= mc["high"]
    text = runner.invoke(app, [*args, "--check", "60"])
    assert "Monte Carlo (95%)" in text.stdout and "[" in text.stdout
    # a negative --check ran no check and said nothing; a --max-states below 1 read "passed -1 states"
    for bad, said in (("--check", "--check is how many"), ("--max-states", "--max-states is a number")):
        out = runner.invoke(app, [*args, bad, "-5"])
        assert out.exit_code == 2 and said in out.output and "Traceback" not in out.output
    # past the most fights a run may play it read "The fight field n: ...", an option never given
    out = runner.invoke(app, [*args, "--check", "100000000000"])
    text = " ".join(out.output.split())
    assert out.exit_code == 2 and "Traceback" not in out.output
    assert (
        "--check is how many Monte Carlo fights to play (0: none, at most 100,000,000), not 100,000,000,000."
        in text
    )


def test_a_chain_too_big_says_which_options_would_fit_it() -> None:
    # it said only "use a Monte Carlo fight", though --max-states and --max-rounds both decide it
    from typer.testing import CliRunner

    from capeworks.cli.app import app

    out = CliRunner().invoke(
        app, ["lab", "exact", "sample:ramjet", "sample:steeltoe", "--max-rounds", "3", "--max-states", "50"]
    )
    assert out.exit_code == 2 and "Traceback" not in out.output
    text = " ".join(out.output.split())
    assert "too big to enumerate in 3 rounds (raise --max-states, lower --max-rounds, or play it" in text


def test_a_one_round_chain_too_big_does_not_ask_for_fewer_rounds() -> None:
    # at --max-rounds 1 it read "too big to enumerate in 1 rounds (raise --max-states, lower
    # --max-rounds, ...)": there is no fewer
    from typer.testing import CliRunner

    from capeworks.cli.app import app

    args = ["lab", "exact", "sample:thug", "sample:thug", "--max-rounds", "1", "--max-states", "3"]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 2 and "Traceback" not in out.output
    text = " ".join(out.output.split())
    assert "too big to enumerate in 1 round (raise --max-states, or play it as a Monte Carlo fight)." in text


@pytest.mark.parametrize(
    ("system", "sides"),
    [("bpb", ("sample:widow", "sample:agent-a")), ("rwyn", ("sample:rook", "sample:ada"))],
)
def test_a_fast_fight_too_big_for_the_chain_is_refused_once_its_branch_budget_is_spent(
    system: str, sides: tuple[str, str]
) -> None:
    # 'lab fight --fast' built the whole chain before it knew it fit: a Bulletproof Blues or RWYN
    # fight (no duel kernel) gave neither an answer nor a refusal for minutes. The budget is counted
    # as the chain grows: 200 dice branches are a fraction of a second of table prepares.
    from typer.testing import CliRunner

    from capeworks.cli.app import app

    out = CliRunner().invoke(
        app,
        ["lab", "fight", "--system", system, *sides, "-n", "10", "--fast", "--max-branches", "200"],
    )
    assert out.exit_code == 2 and "Traceback" not in out.output
    text = " ".join(out.output.split())
    assert "the exact chain passed 200 dice branches; this fight is too big to enumerate in 20 rounds" in text
    assert "(raise --max-branches, lower --max-rounds, or play it as a Monte Carlo fight)" in text
    args = ["lab", "fight", "--system", system, *sides, "--fast", "--max-branches", "0"]
    out = CliRunner().invoke(app, args)
    said = " ".join(out.output.split())
    assert out.exit_code == 2 and "--max-branches is a number, at least 1, not 0." in said


@pytest.mark.parametrize("as_json", [False, True])
def test_lab_exact_spends_the_same_branch_budget_as_the_fast_path_and_says_so_in_the_same_words(
    as_json: bool,
) -> None:
    # 'lab exact' had only --max-states: RWYN's Rook against Ada at 3 rounds went on building for
    # minutes before its 20,000 states ran out, while 'lab fight --fast' is refused once its dice
    # branches are spent. Both now share one branch budget (lab/limits.py) and one refusal.
    import json

    from typer.testing import CliRunner

    from capeworks.cli.app import app
    from capeworks.lab.limits import MAX_BRANCHES

    runner = CliRunner()
    args = ["lab", "exact", "--system", "rwyn", "sample:rook", "sample:ada", "--max-rounds", "3"]
    flag = ["--json"] if as_json else []
    out = runner.invoke(app, [*args, "--max-branches", "200", *flag])
    assert out.exit_code == 2 and "Traceback" not in out.output
    said = json.loads(out.stdout)["message"] if as_json else " ".join(out.output.split())
    assert "The exact chain passed 200 dice branches; this fight is too big to enumerate in 3 rounds" in said
    assert "(raise --max-branches, lower --max-rounds, or play it as a Monte Carlo fight)." in said
    for bad in ("0", "-3"):
        out = runner.invoke(app, [*args, "--max-branches", bad, *flag])
        said = json.loads(out.stdout)["message"] if as_json else " ".join(out.output.split())
        assert out.exit_code == 2 and f"--max-branches is a number, at least 1, not {bad}." in said, said
        assert "Traceback" not in said
    # the default is the fast path's: one limit, read by both commands, with the same help
    import typer

    root = typer.main.get_command(app)
    lab = root.get_command(root.make_context("capeworks", ["lab"], resilient_parsing=True), "lab")  # type: ignore[attr-defined]
    budgets = [
        next((p.default, p.help) for p in lab.get_command(None, name).params if p.name == "max_branches")
        for name in ("exact", "fight")
    ]
    words = "The exact chain's limit on its dice branches (each a table prepare): refused once spent."
    assert budgets == [(MAX_BRANCHES, words), (MAX_BRANCHES, words)]


def test_lab_exact_refuses_a_state_budget_below_1_in_the_fast_paths_words() -> None:
    # it read "--max-states is a number of states, at least 1", 'lab fight' "--max-states is a number,
    # at least 1": one budget, one sentence
    from typer.testing import CliRunner

    from capeworks.cli.app import app

    for command in (["exact"], ["fight", "--fast", "-n", "2"]):
        out = CliRunner().invoke(app, ["lab", *command, "sample:thug", "sample:thug", "--max-states", "0"])
        said = " ".join(out.output.split())
        assert out.exit_code == 2 and "--max-states is a number, at least 1, not 0." in said, said


def test_a_small_fight_fits_the_default_branch_budget_and_gives_the_chains_answer() -> None:
    # the examples' fights stay well inside the shared budget: the answer is the unbounded chain's
    from capeworks.lab.limits import MAX_BRANCHES

    fight = fight_of(_spec())
    assert exact_outcomes(fight, max_branches=MAX_BRANCHES) == exact_outcomes(fight)


def test_a_check_with_one_outcome_says_there_is_nothing_to_test() -> None:
    # RWYN's Ada against Vesper for one round is always a draw: the check read "0 df, p = 1"
    from typer.testing import CliRunner

    from capeworks.cli.app import app

    args = ["lab", "exact", "--system", "rwyn", "sample:ada", "sample:vesper", "--max-rounds", "1"]
    out = CliRunner().invoke(app, [*args, "--check", "3", "-w", "1"], env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    assert "3 fights: every fight an outcome the chain allows, and with one cell (pooled)" in out.output
    assert "0 df" not in out.output


def test_the_help_says_a_chain_takes_more_than_two_sides() -> None:
    # the help said "Two sides", yet three thugs each on a side of their own are a chain it builds
    # (2,691 states at one round: too slow to build here)
    from typer.testing import CliRunner

    from capeworks.cli.app import app

    runner = CliRunner()
    said = runner.invoke(app, ["lab", "exact", "--help"], env={"COLUMNS": "200"}).output
    assert "Two or more sides: files or sample:NAME" in " ".join(said.split())
    # one side read "The fight field sides: List should have at least 2 items after validation, not 1."
    out = runner.invoke(app, ["lab", "exact", "sample:thug", "--max-rounds", "1"])
    assert out.exit_code == 2 and "Traceback" not in out.output
    assert "A fight needs at least two sides (files or sample:NAME)." in " ".join(out.output.split())


def test_lab_exact_shows_a_side_that_can_never_win_at_zero_in_text_and_json() -> None:
    # RWYN's Ada against Vesper for one round is always a draw: neither side's win had a row, so a
    # side that can never win showed only as a missing row
    import json

    from typer.testing import CliRunner

    from capeworks.cli.app import app
    from capeworks.lab.exact import as_rows

    runner = CliRunner()
    args = ["lab", "exact", "--system", "rwyn", "sample:ada", "sample:vesper", "--max-rounds", "1"]
    out = runner.invoke(app, [*args, "--json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.stdout)["exact"]
    assert rows == [
        {"winner": 0, "rounds": None, "p": 0.0, "fraction": "0"},
        {"winner": 1, "rounds": None, "p": 0.0, "fraction": "0"},
        {"winner": None, "rounds": 1, "p": 1.0, "fraction": "1"},
    ]
    text = runner.invoke(app, [*args, "--check", "3", "-w", "1"], env={"COLUMNS": "200"}).stdout
    lines = {line.split("│")[1].strip(): line.split("│")[2:] for line in text.splitlines() if "│" in line}
    for who in ("0 ada", "1 vesper"):  # no round to name; the check's fights never ended in it
        assert [c.strip() for c in lines[who][:4]] == ["-", "0.0000%", "0", "0.0% [0.0%, 56.1%]"]
    assert [c.strip() for c in lines["draw"][:3]] == ["1", "100.0000%", "1"]
    # a draw that never comes about gets its row too, after the sides', each side's rows in order
    dist = {(1, 1): Fraction(1, 3), (1, 2): Fraction(2, 3)}
    assert [(r["winner"], r["rounds"], r["fraction"]) for r in as_rows(dist, sides=2)] == [
        (0, None, "0"),
        (1, 1, "1/3"),
        (1, 2, "2/3"),
        (None, None, "0"),
    ]
    assert as_rows(dist) == as_rows(dist, sides=0) and len(as_rows(dist)) == 2  # without sides: as before
