"""`capeworks lab dice`: sampled odds of dice notation, for rolls whose exact odds are out of reach."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import typer

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded
from capeworks.lab.cli.shared import lab_app, progress_bar, titled
from capeworks.lab.dice import SampledOdds, checked, sample_odds
from capeworks.lab.stats import Interval

__all__ = ["dice_command", "print_sampled"]

#: at most this many rows in the text table; the thinnest tails are left out past it
MAX_ROWS = 60
_BAR_WIDTH = 16


def _rows_shown(sampled: SampledOdds) -> tuple[list[int], int]:
    """The outcomes the text table shows (the likeliest contiguous run) and how many it leaves out."""
    outcomes = list(sampled.counts)
    if len(outcomes) <= MAX_ROWS:
        return outcomes, 0
    best = max(range(len(outcomes)), key=lambda i: sampled.counts[outcomes[i]])
    start = max(0, min(best - MAX_ROWS // 2, len(outcomes) - MAX_ROWS))
    return outcomes[start : start + MAX_ROWS], len(outcomes) - MAX_ROWS


def _share(i: Interval) -> str:
    return f"{100 * i.value:.2f}% [{100 * i.low:.2f}, {100 * i.high:.2f}]"


def print_sampled(sampled: SampledOdds) -> None:
    """The sampled odds as a Rich table: each outcome's share and at-least share with 95% intervals."""
    shown, hidden = _rows_shown(sampled)
    top = max(sampled.counts[k] for k in shown)
    table = titled(
        "outcome",
        "share [95%]",
        "at least [95%]",
        "",
        title=f"Sampled odds for {sampled.expression}: {sampled.n:,} rolls, seed {sampled.seed}",
    )
    for k in shown:
        share, at_least = sampled.share(k), sampled.at_least(k)
        table.add_row(
            str(k),
            _share(share),
            _share(at_least),
            "█" * round(_BAR_WIDTH * sampled.counts[k] / top),
        )
    console.print(table)
    mean = sampled.mean
    console.print(
        f"mean {mean.value:.3f} [{mean.low:.3f}, {mean.high:.3f}], stdev {sampled.stdev:.3f}", highlight=False
    )
    if hidden:
        console.print(f"{hidden} least likely outcomes not shown (use --json for all)", highlight=False)


#: what --help shows under the options
_EXAMPLES = "Example: capeworks lab dice '100d6!' -n 100000 --seed 3 --plot exploding.png"


@lab_app.command("dice", context_settings={"ignore_unknown_options": True}, epilog=_EXAMPLES)
def dice_command(
    expression: str = typer.Argument(..., help="Dice notation, e.g. '100d6!' or '30d10t8'."),
    n: int = typer.Option(100_000, "--n", "-n", help="How many rolls."),
    seed: int = typer.Option(1, "--seed", help="The generator's seed: the same seed gives the same answer."),
    plot: Path | None = typer.Option(None, "--plot", help="Also draw the shares to this .png or .svg file."),
    json_out: bool = JSON_OPTION,
) -> None:
    """Sampled odds of dice notation with 95% intervals, for rolls exact odds refuse (`capeworks odds`)."""

    def run() -> SampledOdds:
        if plot is not None:
            from capeworks.lab.plots import check_path

            check_path(plot)
        expr = checked(expression, n)  # before the bar: a refusal is its one line, nothing drawn
        with progress_bar(not json_out, unit="rolls") as bar:
            task = bar.add_task("rolls", total=n)
            sampled = sample_odds(expr, n, seed=seed, progress=partial(bar.advance, task))
        if plot is not None:
            from capeworks.lab.plots import bars

            shares = {k: sampled.share(k) for k in sampled.counts}
            bars(
                {"sampled": {k: i.value for k, i in shares.items()}},
                plot,
                title=f"{sampled.expression}: {sampled.n:,} rolls, seed {sampled.seed} (95% intervals)",
                xlabel="total",
                ylabel="share of rolls",
                errors={"sampled": {k: (i.low, i.high) for k, i in shares.items()}},
            )
        return sampled

    sampled = run_guarded(run, as_json=json_out)
    if json_out:
        emit_json({**sampled.to_dict(), **({"plot": str(plot)} if plot else {})})
        return
    print_sampled(sampled)
    if plot is not None:
        console.print(f"plot: {plot}", highlight=False)
