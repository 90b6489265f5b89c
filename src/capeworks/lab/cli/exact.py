"""`capeworks lab exact`: a small fight's exact outcome distribution, checked against a run."""

from __future__ import annotations

from functools import partial
from typing import Any

import typer

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded
from capeworks.errors import InvalidCommand
from capeworks.lab.cli.shared import (
    CONFIG_OPTION,
    lab_app,
    parse_settings,
    pct,
    run_with_progress,
    titled,
)
from capeworks.lab.limits import BRANCHES_HELP, MAX_BRANCHES, check_budget

__all__ = ["exact_command"]


#: what --help shows under the options
_EXAMPLES = "Example: capeworks lab exact sample:thug sample:thug --max-rounds 2 --check 1000"


@lab_app.command("exact", epilog=_EXAMPLES)
def exact_command(
    sides: list[str] = typer.Argument(..., help="Two or more sides: files or sample:NAME (keep them small)."),
    system: str = typer.Option("weaverdice", "--system", help="The ruleset to fight in."),
    policy: list[str] = typer.Option(
        [], "--policy", "-p", help="A policy name (one for all, or one per side)."
    ),
    config: list[str] = CONFIG_OPTION,
    max_rounds: int = typer.Option(
        3, "--max-rounds", help="A fight still going after this many rounds is a draw."
    ),
    max_states: int = typer.Option(20_000, "--max-states", help="Refuse past this many distinct states."),
    max_branches: int = typer.Option(MAX_BRANCHES, "--max-branches", help=BRANCHES_HELP),
    check: int = typer.Option(
        0, "--check", help="Also play this many Monte Carlo fights and test agreement."
    ),
    seed: int = typer.Option(1, "--seed", help="The Monte Carlo check's seed."),
    workers: int | None = typer.Option(None, "--workers", "-w", help="Local processes for the check."),
    json_out: bool = JSON_OPTION,
) -> None:
    """The exact (winner, rounds) distribution of a small fight: every die the real rules roll, enumerated."""
    from pydantic import ValidationError

    from capeworks.lab.exact import as_rows, exact_outcomes
    from capeworks.lab.report import targets
    from capeworks.lab.runner import fight_of
    from capeworks.lab.spec import MAX_FIGHTS, FightSpec, load_side, spec_error

    def make() -> Any:
        if not 0 <= check <= MAX_FIGHTS:  # past the top it read "The fight field n: ...", a field never given
            raise InvalidCommand(
                f"--check is how many Monte Carlo fights to play (0: none, at most {MAX_FIGHTS:,}), "
                f"not {check:,}."
            )
        check_budget(max_states=max_states, max_branches=max_branches)
        if len(sides) < 2:  # it read "The fight field sides: List should have at least 2 items ..."
            raise InvalidCommand("A fight needs at least two sides (files or sample:NAME).")
        try:
            spec = FightSpec.model_validate(
                {
                    "system": system,
                    "sides": [load_side(s).model_dump() for s in sides],
                    "policies": policy * len(sides) if len(policy) == 1 else policy,
                    "config": parse_settings(config),
                    "n": max(1, check),
                    "seed": seed,
                    "max_rounds": max_rounds,
                }
            )
        except ValidationError as e:
            raise spec_error(e, "The fight") from e
        dist, states = exact_outcomes(fight_of(spec), max_states=max_states, max_branches=max_branches)
        return spec, dist, states

    spec, dist, states = run_guarded(make, as_json=json_out)
    report: dict[str, Any] = {
        "spec": spec.model_dump(mode="json"),
        "states": states,
        "exact": as_rows(dist, sides=len(spec.sides)),
        "targets": targets(spec),
    }
    if check > 0:
        from capeworks.lab.stats import chi_square_fit, wilson

        run = run_guarded(
            partial(run_with_progress, spec, workers=workers, scheduler=None, show=not json_out),
            as_json=json_out,
        )
        observed = _outcome_counts(run.summary.to_dict())
        expected = {f"{w}:{r}": float(p) for (w, r), p in dist.items()}
        p_value, df = chi_square_fit(observed, expected)
        report["check"] = {
            "fights": run.summary.n,
            "observed": observed,
            "test": "chi-square goodness of fit (cells pooled to >= 5 expected)",
            "df": df,
            "p": p_value,
            "partial": run.partial,
        }
        for row in report["exact"]:  # each outcome's Monte Carlo share, with its 95% interval
            if row["rounds"] is None:  # an outcome the chain never reaches: any fight it ends in
                hits = sum(k for o, k in observed.items() if o.split(":")[0] == str(row["winner"]))
            else:
                hits = observed.get(f"{row['winner']}:{row['rounds']}", 0)
            row["monte_carlo"] = wilson(hits, run.summary.n).to_dict()
    if json_out:
        emit_json(report)
        return
    names = [s.name for s in spec.sides]
    table = titled("winner", "rounds", "exact", "fraction", title=f"exact over {states:,} states")
    checked = "check" in report
    if checked:
        table.add_column("Monte Carlo (95%)")
    for row in report["exact"]:
        frac = row["fraction"] if len(row["fraction"]) < 30 else "…"
        who = f"{row['winner']} {names[row['winner']]}" if row["winner"] is not None else "draw"
        rounds = "-" if row["rounds"] is None else str(row["rounds"])  # never: no round to name
        cells = [who, rounds, f"{row['p']:.4%}", frac]
        if checked:
            cells.append(pct(row["monte_carlo"]))
        table.add_row(*cells)
    console.print(table)
    for policy, said in report["targets"].items():
        console.print(f"targets ({policy}): {said}", highlight=False)
    if "check" in report:
        c = report["check"]
        if c["df"] == 0 and c["p"] == 1.0:  # it read "0 df, p = 1", a test that tested nothing
            said = "every fight an outcome the chain allows, and with one cell (pooled) nothing to test"
        else:
            said = f"{c['test']}, {c['df']} df, p = {c['p']:.3g}"
        console.print(f"{c['fights']:,} fights: {said}", highlight=False)


def _outcome_counts(tallies: dict[str, Any]) -> dict[str, int]:
    """(winner, rounds) counts of a run, keyed ``"winner:rounds"`` (``None`` for a draw)."""
    return {str(k): int(v) for k, v in tallies.get("outcomes", {}).items()}
