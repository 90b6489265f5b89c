"""`capeworks lab ...`: odds tables, fights and sweeps, found through the ``capeworks.cli`` entry point.

The one module of :mod:`capeworks.lab` that imports :mod:`capeworks.cli`. Every
command takes ``--json``; bad input is one sentence and exit code 2.
"""

from __future__ import annotations

import csv
import io
import sys
from functools import partial
from pathlib import Path
from typing import Any

import typer
from rich.table import Table as RichTable

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded
from capeworks.cli.plugin import CliPlugin
from capeworks.errors import InvalidCommand

__all__ = ["PLUGIN", "lab_app", "parse_settings"]

lab_app = typer.Typer(
    name="lab",
    help="The playtest lab: exact odds tables, simulated fights and rule-variant sweeps, real rules.",
    no_args_is_help=True,
)

PLUGIN = CliPlugin(app=lab_app)

CONFIG_OPTION: Any = typer.Option(
    [],
    "--config",
    "-c",
    help="A rules-config setting KEY=VALUE (repeat for more); values read as YAML.",
)


def parse_settings(items: list[str]) -> dict[str, Any]:
    """``["success_min=5", "superstats=true"]`` as a dict, values read as YAML; one sentence if malformed."""
    import yaml

    out: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise InvalidCommand(f"--config takes KEY=VALUE, not {item!r}.")
        try:
            out[key.strip()] = yaml.safe_load(value)
        except yaml.YAMLError as e:
            raise InvalidCommand(f"The value of --config {key.strip()} is not readable: {value!r}.") from e
    return out


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.1%}" if 0.0 <= value <= 1.0 else f"{value:.2f}"
    return "" if value is None else str(value)


def print_odds(table: Any) -> None:
    """The table as Rich grids: one per ``split`` value, rows by the row keys, columns by the column key."""
    row_keys, col_key, value = table.grid
    splits = sorted({r[table.split] for r in table.rows}) if table.split else [None]
    cols = list(dict.fromkeys(r[col_key] for r in table.rows))
    for split in splits:
        title = table.title + (f" — {table.split} {split}" if table.split else "") + f" — {value}"
        grid = RichTable(*row_keys, *(f"{col_key} {c}" for c in cols), title=title, title_justify="left")
        rows: dict[tuple[Any, ...], dict[Any, Any]] = {}
        for r in table.rows:
            if table.split and r[table.split] != split:
                continue
            rows.setdefault(tuple(r[k] for k in row_keys), {})[r[col_key]] = r[value]
        for key, cells in rows.items():
            grid.add_row(*(str(k) for k in key), *(_cell(cells.get(c)) for c in cols))
        console.print(grid)
    for note in table.notes:
        console.print(f"[dim]{note}[/dim]", highlight=False)


def csv_text(rows: list[dict[str, Any]]) -> str:
    """Rows as CSV with a header (every key of the first row)."""
    buf = io.StringIO()
    if rows:
        writer = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return buf.getvalue()


@lab_app.command("odds")
def odds_command(
    system: str = typer.Argument(..., help="weaverdice (wd), rwyn, capes, bpb or workshop (ws)."),
    stat: str = typer.Option("1..5", help="Weaverdice: stats (e.g. 1..5 or 2,4)."),
    dice: str = typer.Option("0..3", "--dice", help="Weaverdice: skill dice (extra dice, keep one)."),
    tn: str = typer.Option("2..10", help="Weaverdice: target numbers."),
    morale: str = typer.Option("0", help="Weaverdice: morale steps (-4..4 for the whole range)."),
    ability: str = typer.Option("0..8", help="RWYN: ability ratings."),
    difficulty: str | None = typer.Option(
        None, help="Difficulties. RWYN: 1..6; BPB: 9,12,15,18,21; Workshop: 0,5,10,15,20,25 (the defaults)."
    ),
    sacrifice: str = typer.Option("none", help="RWYN: sacrifice policy (none, keep_one, all)."),
    die: str = typer.Option("1..6", help="Capes: die values."),
    rating: str = typer.Option("1..5", help="Capes: ability ratings."),
    attribute: str = typer.Option("0..6", help="BPB: attributes."),
    bonus: str = typer.Option("0", help="BPB: attack bonuses added to the roll (T5)."),
    total: str = typer.Option("0..15", help="Workshop: attribute + skill totals before the dice."),
    extra: str = typer.Option("0", help="Workshop: extra positive d10s (Free d10, Inspired)."),
    config: list[str] = CONFIG_OPTION,
    csv_out: bool = typer.Option(False, "--csv", help="Print the rows as CSV."),
    plot: Path | None = typer.Option(None, "--plot", help="Also draw the table to this .png or .svg file."),
    json_out: bool = JSON_OPTION,
) -> None:
    """Exact odds tables of each system's core check across its parameters (no sampling)."""
    from capeworks.lab.odds import SYSTEMS, odds_table, parse_range

    def build() -> Any:
        name = SYSTEMS.get(system.lower())
        if plot is not None:
            from capeworks.lab.plots import check_path

            check_path(plot)
        if name == "weaverdice":
            params: dict[str, Any] = {
                "stats": parse_range(stat, name="stat", low=0, high=10),
                "skill_dice": parse_range(dice, name="dice", low=0, high=19),
                "targets": parse_range(tn, name="tn", low=-10, high=30),
                "morale": parse_range(morale, name="morale", low=-5, high=4),
            }
            if config:
                raise InvalidCommand("The Weaverdice check's odds take no rules config; leave out --config.")
        elif name == "rwyn":
            params = {
                "abilities": parse_range(ability, name="ability", low=0, high=30),
                "difficulties": parse_range(difficulty or "1..6", name="difficulty", low=1, high=30),
                "config": parse_settings(config),
                "sacrifice": sacrifice,
            }
        elif name == "capes":
            params = {
                "dice": parse_range(die, name="die", low=1, high=6),
                "abilities": parse_range(rating, name="rating", low=0, high=20),
            }
            if config:
                raise InvalidCommand("The Capes roll's odds take no rules config; leave out --config.")
        elif name == "bpb":
            params = {
                "attributes": parse_range(attribute, name="attribute", low=-5, high=30),
                "difficulties": parse_range(difficulty or "9,12,15,18,21", name="difficulty", low=0, high=60),
                "bonuses": parse_range(bonus, name="bonus", low=-10, high=20),
            }
            if config:
                raise InvalidCommand(
                    "The Bulletproof Blues task's odds take no rules config; leave out --config."
                )
        elif name == "workshop":
            params = {
                "totals": parse_range(total, name="total", low=-10, high=40),
                "difficulties": parse_range(
                    difficulty or "0,5,10,15,20,25", name="difficulty", low=-10, high=60
                ),
                "extra": parse_range(extra, name="extra", low=0, high=6),
                "config": parse_settings(config),
            }
        else:
            params = {}
        table = odds_table(system, **params)
        if plot is not None:
            from capeworks.lab.plots import odds_plot

            odds_plot(table, plot)
        return table

    table = run_guarded(build, as_json=json_out)
    if json_out:
        emit_json({**table.to_dict(), **({"plot": str(plot)} if plot else {})})
    elif csv_out:
        sys.stdout.write(csv_text(table.rows))
    else:
        print_odds(table)
        if plot is not None:
            console.print(f"plot: {plot}", highlight=False)


def _pct(i: dict[str, Any]) -> str:
    return f"{i['value']:.1%} [{i['low']:.1%}, {i['high']:.1%}]"


def _num(i: dict[str, Any]) -> str:
    return f"{i['value']:.2f} [{i['low']:.2f}, {i['high']:.2f}]"


def print_fight(report: dict[str, Any]) -> None:
    """The report as Rich tables: per side, then the rounds to end, then how the run went."""
    figs = report["figures"]
    run = report["run"]
    head = f"{figs['fights']:,} fights, seed {report['seed']}"
    if run["partial"]:
        head += " — PARTIAL (interrupted: only the finished chunks are counted)"
    sides = RichTable(
        "", *(s["name"] for s in figs["sides"]), title=head + " — 95% intervals", title_justify="left"
    )
    sides.add_row("wins", *(_pct(s["win"]) for s in figs["sides"]))
    sides.add_row("all out", *(_pct(s["out"]) for s in figs["sides"]))
    sides.add_row("a death", *(_pct(s["death"]) for s in figs["sides"]))
    for name in sorted({k for s in figs["sides"] for k in s["means"]}):
        cells = (_num(s["means"][name]) if name in s["means"] else "" for s in figs["sides"])
        sides.add_row(f"mean {name}", *cells)
    console.print(sides)
    console.print(
        f"draws (incl. time-outs): {_pct(figs['draw'])}; time-outs: {_pct(figs['timeout'])}", highlight=False
    )
    rounds = RichTable("rounds", "share", title=f"rounds to end: mean {_num(figs['rounds']['mean'])}")
    for r, i in figs["rounds"]["distribution"].items():
        rounds.add_row(r, _pct(i))
    console.print(rounds)
    rate = run["fights_per_second"]
    console.print(
        f"{run['runner']} on {run['workers']} worker(s): {run['seconds']:.1f} s"
        + (f", {rate:,.0f} fights/s" if rate else "")
        + f"; dice consumed {report['dice']['consumed']:,} ({report['dice']['per_fight']:.1f} a fight)",
        highlight=False,
    )


def _progress(total: int, enabled: bool) -> Any:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from capeworks.cli.output import err_console

    return Progress(
        TextColumn("fights"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
        disable=not enabled,
    )


def run_with_progress(spec: Any, *, workers: int | None, scheduler: str | None, show: bool) -> Any:
    """Run a fight spec with a Rich progress bar (on stderr) and an ETA."""
    from capeworks.lab.runner import run_fights

    with _progress(spec.n, show) as bar:
        task = bar.add_task("fights", total=spec.n)
        return run_fights(spec, workers=workers, scheduler=scheduler, progress=lambda k: bar.advance(task, k))


@lab_app.command("fight")
def fight_command(
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
        None, "--spec", help="Rerun a saved spec.yaml (sides, n, seed...)."
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
        5_000, "--max-states", help="The fast path's limit on the chain's states."
    ),
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
        if spec_file is not None:
            if sides:
                raise InvalidCommand("Give sides or --spec, not both.")
            data = load_yaml(spec_file)
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

        run = run_guarded(partial(run_fastest, spec, max_states=max_states), as_json=json_out)
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


@lab_app.command("sweep")
def sweep_command(
    spec_file: Path = typer.Argument(..., help="The sweep spec (YAML): a fight, its grid and variants."),
    n: int | None = typer.Option(None, "--n", "-n", help="Fights per variant (overrides the spec's n)."),
    workers: int | None = typer.Option(None, "--workers", "-w", help="Local processes (default: all cores)."),
    scheduler: str | None = typer.Option(
        None, "--scheduler", help="Run on the Dask cluster at tcp://HOST:PORT."
    ),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="Write report.md, report.html, report.json, plots."
    ),
    fast: bool = typer.Option(
        False, "--fast", help="Play every variant with the duel kernel (refused unless it covers them all)."
    ),
    json_out: bool = JSON_OPTION,
) -> None:
    """Play one fight under a grid of rule, stat and equipment variants; compare them (Holm-corrected)."""
    from pydantic import ValidationError

    from capeworks.lab.spec import load_yaml, spec_error
    from capeworks.lab.sweep import SweepSpec, sweep_report, variants_of

    def make() -> Any:
        if workers is not None and workers < 1:
            raise InvalidCommand("--workers is at least 1.")
        data = load_yaml(spec_file)
        if not isinstance(data, dict):
            raise InvalidCommand(f"The sweep spec in {spec_file.name} is not a mapping of fields.")
        if n is not None:
            data["n"] = n
        try:
            sweep = SweepSpec.model_validate(data)
        except ValidationError as e:
            raise spec_error(e, f"The sweep spec in {spec_file.name}") from e
        found = variants_of(sweep)
        if fast:
            from capeworks.lab.kernel import plan

            for name, spec in found:
                try:
                    plan(spec)
                except InvalidCommand as e:
                    raise InvalidCommand(f"Variant {name}: {e.message}") from e
        return sweep, found

    sweep, variants = run_guarded(make, as_json=json_out)
    runs = []
    try:
        for name, spec in variants:
            if not json_out:
                console.print(f"variant {name}: {spec.n:,} fights", highlight=False)
            if fast:
                from capeworks.lab.kernel import run_kernel

                run = run_guarded(partial(run_kernel, spec), as_json=json_out)
            else:
                run = run_guarded(
                    partial(run_with_progress, spec, workers=workers, scheduler=scheduler, show=not json_out),
                    as_json=json_out,
                )
            runs.append((name, spec, run))
            if run.partial:
                break
    except KeyboardInterrupt:
        pass
    report = sweep_report(sweep, runs, len(variants))
    if out is not None:
        report["files"] = [str(p) for p in write_sweep(report, out)]
    if json_out:
        emit_json(report)
        return
    print_sweep(report)
    if out is not None:
        console.print(f"written: {', '.join(report['files'])}", highlight=False)


def write_sweep(report: dict[str, Any], folder: Path) -> list[Path]:
    """report.json, the SVG plots, report.md (linking them) and report.html (holding them)."""
    import json

    from capeworks.lab.pages import html_page, markdown, sweep_plots

    folder.mkdir(parents=True, exist_ok=True)
    plots = sweep_plots(report, folder)
    (folder / "report.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    (folder / "report.md").write_text(markdown(report, plots), encoding="utf-8")
    (folder / "report.html").write_text(html_page(report, plots), encoding="utf-8")
    return [folder / "report.json", folder / "report.md", folder / "report.html", *plots]


def print_sweep(report: dict[str, Any]) -> None:
    """The sweep as Rich tables: variants side by side, then the corrected comparisons."""
    from capeworks.lab.pages import comparison_rows, side_by_side

    header, rows = side_by_side(report)
    grid = RichTable(*header, title="variants side by side (95% intervals)", title_justify="left")
    for row in rows:
        grid.add_row(*row)
    console.print(grid)
    if report["comparisons"]:
        header, rows = comparison_rows(report)
        table = RichTable(
            *header, title=f"against {report['baseline']}: {report['correction']}", title_justify="left"
        )
        for row in rows:
            table.add_row(*row)
        console.print(table)
    if report["partial"]:
        console.print("PARTIAL: interrupted; only finished fights are counted.", highlight=False)


@lab_app.command("exact")
def exact_command(
    sides: list[str] = typer.Argument(..., help="Two sides: files or sample:NAME (keep them small)."),
    system: str = typer.Option("weaverdice", "--system", help="The ruleset to fight in."),
    policy: list[str] = typer.Option(
        [], "--policy", "-p", help="A policy name (one for all, or one per side)."
    ),
    config: list[str] = CONFIG_OPTION,
    max_rounds: int = typer.Option(
        3, "--max-rounds", help="A fight still going after this many rounds is a draw."
    ),
    max_states: int = typer.Option(20_000, "--max-states", help="Refuse past this many distinct states."),
    check: int = typer.Option(
        0, "--check", help="Also play this many Monte Carlo fights and test agreement."
    ),
    seed: int = typer.Option(1, "--seed", help="The Monte Carlo check's seed."),
    workers: int | None = typer.Option(None, "--workers", "-w", help="Local processes for the check."),
    json_out: bool = JSON_OPTION,
) -> None:
    """The exact distribution of (winner, rounds to end) of a small fight: its Markov chain, built by
    enumerating every die the real rules roll; with --check, the Monte Carlo agreement (chi-square)."""
    from pydantic import ValidationError

    from capeworks.lab.exact import as_rows, exact_outcomes
    from capeworks.lab.runner import fight_of
    from capeworks.lab.spec import FightSpec, load_side, spec_error

    def make() -> Any:
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
        dist, states = exact_outcomes(fight_of(spec), max_states=max_states)
        return spec, dist, states

    spec, dist, states = run_guarded(make, as_json=json_out)
    report: dict[str, Any] = {"spec": spec.model_dump(mode="json"), "states": states, "exact": as_rows(dist)}
    if check > 0:
        from capeworks.lab.stats import chi_square_fit

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
    if json_out:
        emit_json(report)
        return
    names = [s.name for s in spec.sides]
    table = RichTable("winner", "rounds", "exact", "fraction", title=f"exact over {states:,} states")
    checked = report.get("check", {}).get("observed", {})
    if checked:
        table.add_column("Monte Carlo")
    for row in report["exact"]:
        frac = row["fraction"] if len(row["fraction"]) < 30 else "…"
        who = f"{row['winner']} {names[row['winner']]}" if row["winner"] is not None else "draw"
        cells = [who, str(row["rounds"]), f"{row['p']:.4%}", frac]
        if checked:
            key = f"{row['winner']}:{row['rounds']}"
            cells.append(f"{checked.get(key, 0) / report['check']['fights']:.4%}")
        table.add_row(*cells)
    console.print(table)
    if "check" in report:
        c = report["check"]
        console.print(f"{c['fights']:,} fights: {c['test']}, {c['df']} df, p = {c['p']:.3g}", highlight=False)


def _outcome_counts(tallies: dict[str, Any]) -> dict[str, int]:
    """(winner, rounds) counts of a run, keyed ``"winner:rounds"`` (``None`` for a draw)."""
    return {str(k): int(v) for k, v in tallies.get("outcomes", {}).items()}


@lab_app.command("economy")
def economy_command(
    system: str = typer.Argument(
        "capes",
        help="capes (Story Tokens and Debt over Pages), wd-craft (Weaverdice Craft & Repair), "
        "wd-recruit (Weaverdice Recruit slots) or wd-intel (finding and surveilling an intel target).",
    ),
    runs: int = typer.Option(20, "--runs", "-n", help="How many scenes to play."),
    pages: int = typer.Option(6, "--pages", help="Pages per scene."),
    open_conflicts: int = typer.Option(
        2, "--open-conflicts", help="The policy adds Conflicts up to this many."
    ),
    seed: int = typer.Option(1, "--seed", help="The seed: the same seed gives the same figures."),
    dexterity: str = typer.Option("1..5", help="wd-craft: the crafter's Dexterity values."),
    knowledge: str = typer.Option("1..5", help="wd-craft: the crafter's Knowledge values."),
    tier: str = typer.Option("standard", help="wd-craft: the tier attempted (low, standard, high)."),
    price: int = typer.Option(300, help="wd-craft: the item's price (materials are a share of it)."),
    skill: list[str] = typer.Option([], "--skill", help="wd-craft: a Craft-tree skill known (repeat)."),
    social: str = typer.Option("1..5", help="wd-recruit: the recruiter's Social scores."),
    seek: list[str] = typer.Option([], "--seek", help="wd-recruit: a recruitment-table key sought (repeat)."),
    strict: list[str] = typer.Option([], "--strict", help="wd-recruit: a key sought at double penalty."),
    capes: bool = typer.Option(False, "--capes", help="wd-recruit: a search for capes."),
    team_capes: int = typer.Option(0, "--team-capes", help="wd-recruit: capes on the team, you included."),
    athletics: str = typer.Option("3", help="wd-intel: the watcher's Athletics values (finding rolls)."),
    wits: str = typer.Option("1..5", help="wd-intel: the watcher's Wits values (surveillance rolls)."),
    size: int = typer.Option(4, "--size", help="wd-intel: the target's grid, 2..4 a side."),
    find_dc: int = typer.Option(10, "--find-dc", help="wd-intel: the hidden finding DC (0: already found)."),
    strikes: str = typer.Option(
        "safe", "--strikes", help="wd-intel: after a miss take a strike: safe|always|never."
    ),
    phases: int = typer.Option(6, "--phases", help="wd-intel: downtime phases before giving up."),
    intel_knowledge: int = typer.Option(3, "--intel-knowledge", help="wd-intel: the watcher's Knowledge."),
    thread_dc: int = typer.Option(10, "--thread-dc", help="wd-intel: the hidden thread DC (research)."),
    method: str = typer.Option("surveil", "--method", help="wd-intel: surveil|research|both (a slot each)."),
    spend: bool = typer.Option(False, "--spend", help="wd-intel: spend intel on the DCs, then on cells."),
    utilize: bool = typer.Option(False, "--utilize", help="wd-intel: Utilize Intel when it helps."),
    runaway: bool = typer.Option(
        False, "--runaway", help="wd-intel: roll on after a success (WD-INTEL-041)."
    ),
    json_out: bool = JSON_OPTION,
) -> None:
    """Non-combat economies under the real rules: Capes Story Tokens and Debt per Page, Weaverdice
    crafting projects (tier reached, rolls, downtime phases, materials), simple policies."""
    from capeworks.lab.capes import economy

    if system.lower() in ("wd-craft", "weaverdice-craft"):
        _craft_report(lambda: _craft(runs, dexterity, knowledge, tier, price, skill, seed), json_out=json_out)
        return
    if system.lower() in ("wd-intel", "weaverdice-intel"):
        _intel_report(
            lambda: _intel(
                runs,
                athletics,
                wits,
                size,
                find_dc,
                strikes,
                phases,
                seed,
                knowledge=intel_knowledge,
                thread_dc=thread_dc,
                method=method,
                spend=spend,
                utilize=utilize,
                runaway=runaway,
            ),
            json_out=json_out,
        )
        return
    if system.lower() in ("wd-recruit", "weaverdice-recruit"):
        _recruit_report(
            lambda: _recruit(runs, social, seek, strict, capes, team_capes, seed), json_out=json_out
        )
        return

    def run() -> dict[str, Any]:
        if system.lower() != "capes":
            raise InvalidCommand(
                f"The lab has non-combat economies for capes, wd-craft, wd-recruit and wd-intel; "
                f"not {system!r}."
            )
        if not 1 <= runs <= 100_000 or not 1 <= pages <= 200 or not 1 <= open_conflicts <= 10:
            raise InvalidCommand("--runs is 1..100000, --pages 1..200 and --open-conflicts 1..10.")
        return economy(runs, pages, seed=seed, open_conflicts=open_conflicts)

    report = run_guarded(run, as_json=json_out)
    if json_out:
        emit_json(report)
        return
    rows = report["by_page"]
    keys = [k for k in rows[0] if k not in ("page", "runs")] if rows else []
    title = f"Capes over {runs} scenes: means after each Page, 95% t intervals"
    table = RichTable("", *(f"page {row['page']}" for row in rows), title=title)
    for key in keys:
        table.add_row(key, *(_num(row[key]) for row in rows))
    console.print(table)
    console.print(
        f"{report['moves']:,} moves, {report['dice']:,} dice; {report['refused_candidates']:,} candidate "
        "moves the rules refused (the policy then tried its next choice)",
        highlight=False,
    )


def _craft(
    runs: int, dexterity: str, knowledge: str, tier: str, price: int, skills: list[str], seed: int
) -> dict[str, Any]:
    from capeworks.lab.odds import parse_range
    from capeworks.lab.wd_craft import crafting

    if not 1 <= runs <= 100_000 or not 0 <= price <= 1_000_000:
        raise InvalidCommand("--runs is 1..100000 and --price 0..1000000.")
    return crafting(
        runs,
        dexterity=parse_range(dexterity, name="dexterity", low=1, high=10),
        knowledge=parse_range(knowledge, name="knowledge", low=1, high=10),
        tier=tier,
        price=price,
        skills=skills,
        seed=seed,
    )


def _craft_report(build: Any, *, json_out: bool) -> None:
    report = run_guarded(build, as_json=json_out)
    if json_out:
        emit_json(report)
        return
    rows = report["rows"]
    tiers = sorted({k for r in rows for k in r if k.startswith("p_")})
    title = (
        f"Weaverdice crafting: a {report['tier']} item (DC {rows[0]['dc']}), "
        f"{rows[0]['runs']} projects a cell; shares with Wilson 95% intervals, means with t intervals"
    )
    table = RichTable("dex", "know", *(t[2:] for t in tiers), "rolls", "phases", "materials", title=title)
    for r in rows:
        table.add_row(
            str(r["dexterity"]),
            str(r["knowledge"]),
            *(f"{r[t]['value']:.1%}" if t in r else "0.0%" for t in tiers),
            *(f"{r[k]['value']:.2f}" for k in ("rolls", "phases", "materials")),
        )
    console.print(table)
    console.print(f"{report['dice']:,} dice rolled at real tables", highlight=False)


def _intel(
    runs: int,
    athletics: str,
    wits: str,
    size: int,
    find_dc: int,
    strikes: str,
    phases: int,
    seed: int,
    **policy: Any,
) -> dict[str, Any]:
    from capeworks.lab.odds import parse_range
    from capeworks.lab.wd_intel import intel

    if not 1 <= runs <= 100_000:
        raise InvalidCommand("--runs is 1..100000.")
    return intel(
        runs,
        athletics=parse_range(athletics, name="athletics", low=1, high=10),
        wits=parse_range(wits, name="wits", low=1, high=10),
        size=size,
        find_dc=find_dc,
        strikes=strikes,
        phases=phases,
        seed=seed,
        **policy,
    )


def _intel_report(build: Any, *, json_out: bool) -> None:
    report = run_guarded(build, as_json=json_out)
    if json_out:
        emit_json(report)
        return
    rows = report["rows"]
    title = (
        f"Weaverdice intel: a {report['size']}x{report['size']} grid, finding DC {report['find_dc']}, "
        f"{rows[0]['runs']} targets a cell, {report['method']}, strikes {report['strikes']}"
        f"{', spending intel' if report['spend'] else ''}{', Utilize Intel' if report['utilize'] else ''}"
        f"{', runaways' if report['runaway'] else ''}, up to {report['phases']} phases; "
        "shares with Wilson 95% intervals, means with t intervals"
    )
    keys = ("cells", "rolls", "research_rolls", "strikes_taken", "alerts", "intel", "intel_spent")
    heads = ("cells", "surv", "res", "strk", "alert", "held", "spent")
    table = RichTable("ath", "wits", "found/ph", "done/ph", *heads, title=title)
    for r in rows:
        table.add_row(
            str(r["athletics"]),
            str(r["wits"]),
            *(
                f"{r[f'p_{flag}']['value']:.0%}/{r[when]['value']:.1f}" if r[when] else "0%/-"
                for flag, when in (("found", "phases_to_find"), ("complete", "phases_to_complete"))
            ),
            *(f"{r[k]['value']:.1f}" for k in keys),
        )
    console.print(table)
    console.print(
        "found/done: shares found and completed, and the phases taken; surv/res: surveillance/research "
        "rolls; strk: strikes taken; held: intel held "
        f"at the end; spent: intel spent. {report['dice']:,} dice rolled at real tables",
        highlight=False,
    )


def _recruit(
    runs: int, social: str, seek: list[str], strict: list[str], capes: bool, team_capes: int, seed: int
) -> dict[str, Any]:
    from capeworks.lab.odds import parse_range
    from capeworks.lab.wd_recruit import recruiting

    if not 1 <= runs <= 100_000 or not 0 <= team_capes <= 20:
        raise InvalidCommand("--runs is 1..100000 and --team-capes 0..20.")
    return recruiting(
        runs,
        social=parse_range(social, name="social", low=0, high=10),
        seek=seek,
        strict=strict,
        capes=capes,
        team_capes=team_capes,
        seed=seed,
    )


def _recruit_report(build: Any, *, json_out: bool) -> None:
    report = run_guarded(build, as_json=json_out)
    if json_out:
        emit_json(report)
        return
    rows = report["rows"]
    most = max(int(k) for r in rows for k in r["distribution"])
    title = (
        f"Weaverdice Recruit: {rows[0]['runs']} slots a Social score, seeking "
        f"{', '.join(report['seek'] + report['strict']) or 'nothing in particular'}"
        f"{' (capes)' if report['capes'] else ''}; mean with a t interval, none with a Wilson interval"
    )
    table = RichTable(
        "social", "applicants", "95% CI", "none", *(f"{k}" for k in range(most + 1)), title=title
    )
    for r in rows:
        a = r["applicants"]
        table.add_row(
            str(r["social"]),
            f"{a['value']:.2f}",
            f"{a['low']:.2f}..{a['high']:.2f}",
            f"{r['p_none']['value']:.1%}",
            *(f"{r['distribution'].get(str(k), 0.0):.1%}" for k in range(most + 1)),
        )
    console.print(table)
    console.print(f"{report['dice']:,} dice rolled at real tables", highlight=False)
