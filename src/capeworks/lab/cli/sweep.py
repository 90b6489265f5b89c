"""`capeworks lab sweep`: a grid of rule variants, side by side, the significant differences marked."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import typer

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded
from capeworks.errors import InvalidCommand
from capeworks.lab.cli.shared import lab_app, run_with_progress, titled

__all__ = ["print_sweep", "sweep_command", "write_sweep"]


#: what --help shows under the options
_EXAMPLES = "Example: capeworks lab sweep sweep.yaml -n 2000 --out sweep/ (the spec's form: docs/lab.md)"


@lab_app.command("sweep", epilog=_EXAMPLES)
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
    from capeworks.lab.pages import CHANGE_NOTE, comparison_groups, side_by_side

    header, rows = side_by_side(report)
    grid = titled(*header, title="variants side by side (95% intervals)")
    for row in rows:
        grid.add_row(*row)
    console.print(grid)
    if report["comparisons"]:
        header, groups = comparison_groups(report)
        console.print(f"against {report['baseline']}: {report['correction']}", highlight=False)
        for variant, rows in groups.items():
            table = titled(*header, title=f"variant {variant}")
            table.show_lines = True  # each row is two lines: the measure over its test
            for column in table.columns[2:]:  # p-values and yes/no: never folded
                column.no_wrap = True
            for row in rows:
                table.add_row(*row)
            console.print(table)
        console.print(CHANGE_NOTE, highlight=False)
    if report["partial"]:
        console.print("PARTIAL: interrupted; only finished fights are counted.", highlight=False)
