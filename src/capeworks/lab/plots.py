"""Plots for the lab's reports, drawn headless with matplotlib's Agg backend (PNG or SVG by suffix).

matplotlib is imported only when a plot is drawn, so the lab's other commands
start without it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from capeworks.errors import InvalidCommand

__all__ = ["FORMATS", "MAX_TICKS", "MAX_WIDTH", "bars", "check_path", "odds_plot", "save"]

#: line styles of an odds plot's lines, ten lines (one colour cycle) each
_DASHES = ("-", "--", ":", "-.")

#: the file kinds a plot is written as, by suffix
FORMATS = (".png", ".svg")

#: a bar plot's widest figure (inches) and most x ticks: past them the bars narrow and the ticks thin
MAX_WIDTH = 16.0
MAX_TICKS = 30


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def check_path(path: Path) -> None:
    """A plot path must end in .png or .svg; one sentence otherwise."""
    if path.suffix.lower() not in FORMATS:
        raise InvalidCommand(f"A plot is written as .png or .svg; {path.name!r} is neither.")


def save(fig: Any, path: Path) -> Path:
    """Write ``fig`` to ``path`` (format by suffix) and close it."""
    check_path(path)
    plt = _pyplot()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fig.savefig(
            path, format=path.suffix.lower()[1:], dpi=110, bbox_inches="tight", metadata=_metadata(path)
        )
    finally:
        plt.close(fig)
    return path


def _metadata(path: Path) -> dict[str, Any]:
    # SVG carries a date unless told not to; keep files identical run to run
    return {"Date": None} if path.suffix.lower() == ".svg" else {}


def odds_plot(table: Any, path: Path) -> Path:
    """One panel per ``split`` value: a line per row-key combination over the grid's column key."""
    plt = _pyplot()
    from matplotlib.ticker import MaxNLocator

    row_keys, col_key, value = table.grid
    panels = sorted({r[table.split] for r in table.rows}) if table.split else [None]
    fig, axes = plt.subplots(1, len(panels), figsize=(5.5 * len(panels), 4.2), squeeze=False, sharey=True)
    for ax, panel in zip(axes[0], panels, strict=True):
        lines: dict[tuple[Any, ...], list[tuple[Any, float]]] = {}
        for r in table.rows:
            if table.split and r[table.split] != panel:
                continue
            lines.setdefault(tuple(r[k] for k in row_keys), []).append((r[col_key], r[value]))
        for i, (key, points) in enumerate(lines.items()):
            xs, ys = zip(*sorted(points), strict=True)
            ax.plot(
                xs,
                ys,
                marker=".",
                # the colour cycle has ten colours: past them a line changes its dash, not its look-alike
                linestyle=_DASHES[i // 10 % len(_DASHES)],
                label=", ".join(f"{k} {v}" for k, v in zip(row_keys, key, strict=True)),
            )
        ax.set_xlabel(col_key)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # a TN or difficulty of 2.25 means nothing
        ax.set_title(f"{table.split} {panel}" if table.split else table.system)
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel(value)
    # beside the panels, not over the lines
    axes[0][-1].legend(fontsize=6, ncol=2, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0)
    fig.suptitle(table.title, fontsize=9)
    return save(fig, path)


def bars(
    series: Mapping[str, Mapping[int, float]],
    path: Path,
    *,
    title: str,
    xlabel: str,
    ylabel: str = "share of fights",
    errors: Mapping[str, Mapping[int, tuple[float, float]]] | None = None,
    ticks: Mapping[int, str] | None = None,
) -> Path:
    """Grouped bars, one group per x value, one bar per series (each a distribution), with CI whiskers;
    ``ticks`` names the x values (variants, say) where a number would mean nothing."""
    plt = _pyplot()
    names: Sequence[str] = list(series)
    xs = sorted({x for s in series.values() for x in s})
    # wide enough for its bars, up to a page's width: 100d6! has hundreds of totals
    fig, ax = plt.subplots(figsize=(min(MAX_WIDTH, max(5.0, 0.45 * len(xs) * max(1, len(names)))), 3.8))
    width = 0.8 / max(1, len(names))
    for i, name in enumerate(names):
        heights = [series[name].get(x, 0.0) for x in xs]
        offsets = [x + (i - (len(names) - 1) / 2) * width for x in xs]
        yerr = None
        if errors and name in errors:
            lo = [max(0.0, h - errors[name].get(x, (h, h))[0]) for x, h in zip(xs, heights, strict=True)]
            hi = [max(0.0, errors[name].get(x, (h, h))[1] - h) for x, h in zip(xs, heights, strict=True)]
            yerr = [lo, hi]
        ax.bar(offsets, heights, width=width, label=name, yerr=yerr, capsize=2)
    if ticks:
        ax.set_xticks(xs, [ticks.get(x, str(x)) for x in xs], rotation=20, ha="right")
    elif len(xs) <= MAX_TICKS:
        ax.set_xticks(xs)
    else:  # a tick on every total ran the labels into one another: whole numbers, as many as fit
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(nbins=MAX_TICKS, integer=True))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=9)
    ax.grid(axis="y", alpha=0.3)
    if len(names) > 1:
        ax.legend(fontsize=7)
    return save(fig, path)
