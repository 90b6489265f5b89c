"""`capeworks lab fight`: simulated fights under the real rules, reported with 95% intervals."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import typer
from rich.table import Table as RichTable

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded
from capeworks.errors import InvalidCommand
from capeworks.lab.cli.shared import (
    CONFIG_OPTION,
    lab_app,
    num,
    parse_settings,
    pct,
    run_with_progress,
    titled,
)
from capeworks.lab.limits import BRANCHES_HELP, MAX_BRANCHES, MAX_STATES, check_budget

__all__ = ["fight_command", "print_fight"]


def print_fight(report: dict[str, Any]) -> None:
    """The report as Rich tables: per side, then the rounds to end, then how the run went."""
    figs = report["figures"]
    run = report["run"]
    head = f"{figs['fights']:,} fights, seed {report['seed']}"
    if run["partial"]:
        head += " — PARTIAL (interrupted: only the finished chunks are counted)"
    sides = titled("", *(s["name"] for s in figs["sides"]), title=head + " — 95% intervals")
    sides.add_row("wins", *(pct(s["win"]) for s in figs["sides"]))
    sides.add_row("all out", *(pct(s["out"]) for s in figs["sides"]))
    sides.add_row("a death", *(pct(s["death"]) for s in figs["sides"]))
    for name in sorted({k for s in figs["sides"] for k in s["means"]}):
        cells = (num(s["means"][name]) if name in s["means"] else "" for s in figs["sides"])
        sides.add_row(f"mean {name}", *cells)
    console.print(sides)
    for line, meaning in report.get("glossary", {}).items():
        console.print(f"[dim]{line}: {meaning}[/dim]", highlight=False)
    for policy, said in report.get("targets", {}).items():
        console.print(f"targets ({policy}): {said}", highlight=False)
    console.print(
        f"draws (incl. time-outs): {pct(figs['draw'])}; time-outs: {pct(figs['timeout'])}", highlight=False
    )
    # the mean is a line of its own: as the narrow table's title it wrapped mid-interval
    console.print(f"rounds to end: mean {num(figs['rounds']['mean'])}", highlight=False)
    rounds = RichTable("rounds", "share")
    for r, i in figs["rounds"]["distribution"].items():
        rounds.add_row(r, pct(i))
    console.print(rounds)
    rate = run["fights_per_second"]
    console.print(
        f"{run['runner']} on {run['workers']} worker(s): {run['seconds']:.1f} s"
        + (f", {rate:,.0f} fights/s" if rate else "")
        + f"; dice consumed {report['dice']['consumed']:,} ({report['dice']['per_fight']:.1f} a fight)",
        highlight=False,
    )


#: what --help shows under the options
_EXAMPLES = (
    "Examples:\n\n"
    "capeworks lab fight sample:ramjet sample:steeltoe -n 2000 --out run/\n\n"
    "capeworks lab fight --system bpb sample:widow sample:ganyeka -n 1000 -p no_reactions -p sensible\n\n"
    "capeworks lab fight --system workshop sample:jade sample:viper -n 1000 -c dice=one_d10\n\n"
    "capeworks lab fight --system rwyn sample:rook sample:vesper -n 2000 -p sensible -p concede"
)


@lab_app.command("fight", epilog=_EXAMPLES)
def fight_command(
    ctx: typer.Context,
    sides: list[str] = typer.Argument(
        None, help="Two or more sides: a YAML/JSON side or sheet file, or sample:NAME[,NAME...]."
    ),
    n: int = typer.Option(1000, "--n", "-n", help="How many fights."),
    system: str = typer.Option("weaverdice", "--system", help="The ruleset to fight in."),
    policy: list[str] = typer.Option(
        [], "--policy", "-p", help="A policy name (one for all, or one per side)."
    ),
    config: list[str] = CONFIG_OPTION,
    seed: int = typer.Option(1, "--seed", help="The run's seed: the same seed gives the same totals."),
    max_rounds: int = typer.Option(
        20, "--max-rounds", help="A fight still going after this many rounds is a draw."
    ),
    spec_file: Path | None = typer.Option(
        None,
        "--spec",
        help="Rerun a saved spec.yaml (sides, n, seed...); a -n, --seed or --max-rounds given overrides it.",
    ),
    workers: int | None = typer.Option(None, "--workers", "-w", help="Local processes (default: all cores)."),
    scheduler: str | None = typer.Option(
        None, "--scheduler", help="Run on the Dask cluster at tcp://HOST:PORT."
    ),
    out: Path | None = typer.Option(None, "--out", "-o", help="Write report.json, spec.yaml and plots here."),
    plot_format: str = typer.Option("png", "--plot-format", help="png or svg."),
    fast: bool = typer.Option(
        False,
        "--fast",
        help="The fast path: the NumPy duel kernel for the duels it covers, else fights drawn from the "
        "exact chain (small fights); refused when neither covers the fight.",
    ),
    max_states: int = typer.Option(
        MAX_STATES, "--max-states", help="The fast path's limit on the chain's states."
    ),
    max_branches: int = typer.Option(MAX_BRANCHES, "--max-branches", help=BRANCHES_HELP),
    json_out: bool = JSON_OPTION,
) -> None:
    """Simulate fights between sides under the real rules: wins, rounds, wounds, resources with 95% CIs."""
    from pydantic import ValidationError

    from capeworks.lab.report import fight_report, write_fight
    from capeworks.lab.spec import FightSpec, load_side, load_yaml, spec_error

    def make() -> Any:
        if plot_format not in ("png", "svg"):
            raise InvalidCommand(f"--plot-format is png or svg, not {plot_format!r}.")
        if workers is not None and workers < 1:
            raise InvalidCommand("--workers is at least 1.")
        check_budget(max_states=max_states, max_branches=max_branches)
        if spec_file is not None:
            if sides:
                raise InvalidCommand("Give sides or --spec, not both.")
            data = load_yaml(spec_file)
            # typer's Click may not be the installed click: the source is told by its name
            given = {
                k for k in ctx.params if getattr(ctx.get_parameter_source(k), "name", "") == "COMMANDLINE"
            }
            # the sides, rules and policies are the spec's: a flag beside it would silently do nothing
            for name, flag in (("system", "--system"), ("policy", "--policy"), ("config", "--config")):
                if name in given:
                    raise InvalidCommand(
                        f"{flag} is the spec's to say: edit {spec_file.name}, or give sides, not --spec."
                    )
            if isinstance(data, dict):
                data = {
                    **data,
                    **{k: v for k, v in (("n", n), ("seed", seed), ("max_rounds", max_rounds)) if k in given},
                }
            what = f"The spec in {spec_file.name}"
        else:
            if not sides or len(sides) < 2:
                raise InvalidCommand("A fight needs at least two sides (files or sample:NAME).")
            data = {
                "system": system,
                "sides": [load_side(s).model_dump() for s in sides],
                "policies": policy * len(sides) if len(policy) == 1 else policy,
                "config": parse_settings(config),
                "n": n,
                "seed": seed,
                "max_rounds": max_rounds,
            }
            what = "The fight"
        try:
            spec = FightSpec.model_validate(data)
        except ValidationError as e:
            raise spec_error(e, what) from e
        from capeworks.lab.runner import fight_of

        fight_of(spec)
        return spec

    spec = run_guarded(make, as_json=json_out)
    if fast:
        from capeworks.lab.fast import run_fastest

        run = run_guarded(
            partial(run_fastest, spec, max_states=max_states, max_branches=max_branches), as_json=json_out
        )
    else:
        run = run_guarded(
            partial(run_with_progress, spec, workers=workers, scheduler=scheduler, show=not json_out),
            as_json=json_out,
        )
    report = fight_report(spec, run)
    if out is not None:
        report["files"] = [str(p) for p in write_fight(report, out, kind=plot_format)]
    if json_out:
        emit_json(report)
        return
    print_fight(report)
    if out is not None:
        console.print(f"written: {', '.join(report['files'])}", highlight=False)
