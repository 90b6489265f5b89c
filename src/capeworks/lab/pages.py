"""A sweep's report as Markdown and as one self-contained HTML page (plots inline as SVG)."""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = [
    "CHANGE_NOTE",
    "comparison_groups",
    "comparison_rows",
    "html_page",
    "markdown",
    "side_by_side",
    "sweep_plots",
]


def _pct(i: dict[str, Any]) -> str:
    return f"{i['value']:.1%} [{i['low']:.1%}, {i['high']:.1%}]"


def _num(i: dict[str, Any]) -> str:
    return f"{i['value']:.2f} [{i['low']:.2f}, {i['high']:.2f}]"


def side_by_side(report: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The header and rows of the variants-side-by-side table (measures down, variants across)."""
    variants = report["variants"]
    header = ["measure", *(v["name"] for v in variants)]
    rows: list[list[str]] = []
    sides = [s["name"] for s in variants[0]["figures"]["sides"]] if variants else []
    for i, name in enumerate(sides):
        rows.append([f"{name} wins", *(_pct(v["figures"]["sides"][i]["win"]) for v in variants)])
        rows.append([f"{name} all out", *(_pct(v["figures"]["sides"][i]["out"]) for v in variants)])
        rows.append([f"{name} a death", *(_pct(v["figures"]["sides"][i]["death"]) for v in variants)])
        keys = sorted({k for v in variants for k in v["figures"]["sides"][i]["means"]})
        for key in keys:
            rows.append(
                [
                    f"{name} mean {key}",
                    *(
                        _num(v["figures"]["sides"][i]["means"][key])
                        if key in v["figures"]["sides"][i]["means"]
                        else ""
                        for v in variants
                    ),
                ]
            )
    rows.append(["draws", *(_pct(v["figures"]["draw"]) for v in variants)])
    rows.append(["mean rounds", *(_num(v["figures"]["rounds"]["mean"]) for v in variants)])
    rows.append(["fights", *(f"{v['figures']['fights']:,}" for v in variants)])
    rows.append(["dice consumed", *(f"{v['dice']:,}" for v in variants)])
    return header, rows


def comparison_rows(report: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The header and rows of the comparisons table."""
    header = ["variant", "measure", "change [95%]", "test", "p", "p (Holm)", "significant"]
    rows = [
        [
            c["variant"],
            c["measure"],
            _change(c),
            c["test"],
            _p(c["p"]),
            _p(c["p_holm"]),
            "yes" if c["significant"] else "no",
        ]
        for c in report["comparisons"]
    ]
    return header, rows


def comparison_groups(report: dict[str, Any]) -> tuple[list[str], dict[str, list[list[str]]]]:
    """The comparisons as the terminal prints them: a table for each variant (its name said above it,
    not repeated in a column of every row), each measure with its test under it, each change with its
    interval under it, so the table reads whole at 80 columns (seven columns folded every cell)."""
    header = ["measure and test", "change [95%]", "p", "Holm p", "significant"]
    groups: dict[str, list[list[str]]] = {}
    for c in report["comparisons"]:
        change = _change(c).replace(" [", "\n[", 1)
        groups.setdefault(c["variant"], []).append(
            [
                f"{c['measure']}\n{c['test']}",
                change,
                _p(c["p"]),
                _p(c["p_holm"]),
                "yes" if c["significant"] else "no",
            ]
        )
    return header, groups


def _change(c: dict[str, Any]) -> str:
    """The size of a comparison's difference, the variant's figure minus the baseline's: a rate's in
    percentage points, a mean's in its own units; a distribution's has none ("-")."""
    change = c.get("change")
    if change is None:
        return "-"
    if c["test"] == "two-proportion z":
        return f"{change['value'] * 100:+.1f} pp [{change['low'] * 100:+.1f}, {change['high'] * 100:+.1f}]"
    return f"{change['value']:+.2f} [{change['low']:+.2f}, {change['high']:+.2f}]"


#: what the comparisons' change column holds, said under the table
CHANGE_NOTE = (
    "change: the variant's figure minus the baseline's, with its 95% interval (a win rate's in "
    "percentage points, Newcombe's hybrid score interval; a mean's in its units, Welch's interval); "
    "a whole distribution has no one difference (-)."
)


def _p(p: float) -> str:
    """A p-value as the tables print it: below double precision's reach it is "< 1e-16", not "0"."""
    return "< 1e-16" if p < 1e-16 else f"{p:.3g}"


def _md_table(header: list[str], rows: list[list[str]]) -> str:
    def esc(cell: str) -> str:
        return cell.replace("|", "\\|")

    lines = ["| " + " | ".join(esc(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(esc(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _intro(report: dict[str, Any]) -> list[str]:
    sweep = report["sweep"]
    sides = " vs ".join(s["name"] for s in sweep["sides"])
    out = [
        f"{sweep['system']}: {sides}; {sweep['n']:,} fights per variant, seed {sweep['seed']}, "
        f"at most {sweep['max_rounds']} rounds. Baseline: {report['baseline']}.",
        "Intervals are 95%: Wilson for rates, Student t for means. " + report["correction"] + ".",
        "Versions: " + ", ".join(f"{k} {v}" for k, v in report["versions"].items()) + ".",
    ]
    for variant in sweep.get("variants") or []:  # a named variant's name alone says nothing of what it sets
        sets = "; ".join(f"{path} = {json.dumps(value)}" for path, value in variant["set"].items())
        out.append(f"Variant {variant['name']}: {sets}.")
    if report["partial"]:
        out.append("PARTIAL: the sweep was interrupted; only the fights that finished are counted.")
    return out


def markdown(report: dict[str, Any], plots: Sequence[Path] = ()) -> str:
    """The report as Markdown (plots linked by file name)."""
    parts = [
        "# Sweep report",
        "",
        *_intro(report),
        "",
        "## Side by side",
        "",
        _md_table(*side_by_side(report)),
    ]
    if report["comparisons"]:
        parts += ["", "## Against the baseline", "", _md_table(*comparison_rows(report)), "", CHANGE_NOTE]
    for plot in plots:
        parts += ["", f"![{plot.stem}]({plot.name})"]
    return "\n".join(parts) + "\n"


def _html_table(header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def html_page(report: dict[str, Any], plots: Sequence[Path] = ()) -> str:
    """One self-contained page: the tables and every SVG plot inline (no outside files or scripts)."""
    figures = "".join(
        f"<figure>{_svg_body(p.read_text(encoding='utf-8'))}</figure>" for p in plots if p.suffix == ".svg"
    )
    intro = "".join(f"<p>{html.escape(line)}</p>" for line in _intro(report))
    comparisons = (
        "<h2>Against the baseline</h2>"
        + _html_table(*comparison_rows(report))
        + f"<p>{html.escape(CHANGE_NOTE)}</p>"
        if report["comparisons"]
        else ""
    )
    style = (
        "body{font-family:sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem}"
        "table{border-collapse:collapse;margin:1rem 0;font-size:.85rem}"
        "td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}"
        "figure{margin:1rem 0}svg{max-width:100%;height:auto}"
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sweep report</title>'
        f"<style>{style}</style></head><body><h1>Sweep report</h1>{intro}"
        f"<h2>Side by side</h2>{_html_table(*side_by_side(report))}{comparisons}{figures}</body></html>\n"
    )


def _svg_body(text: str) -> str:
    """An SVG file's ``<svg>`` element, without its XML prolog and doctype."""
    start = text.find("<svg")
    return text[start:] if start >= 0 else ""


def sweep_plots(report: dict[str, Any], folder: Path) -> list[Path]:
    """The sweep's plots as SVG: side 0's win rate per variant, and the rounds-to-end distributions."""
    from capeworks.lab.plots import bars

    variants = report["variants"]
    if not variants:
        return []
    side0 = variants[0]["figures"]["sides"][0]["name"]
    wins = {i: v["figures"]["sides"][0]["win"] for i, v in enumerate(variants)}
    rounds = {v["name"]: v["figures"]["rounds"]["distribution"] for v in variants}
    spread = {n: {int(k): (i["low"], i["high"]) for k, i in d.items()} for n, d in rounds.items()}
    return [
        bars(
            {f"{side0} wins": {i: w["value"] for i, w in wins.items()}},
            folder / "wins.svg",
            title=f"{side0} win rate by variant (95% Wilson intervals)",
            xlabel="variant",
            ylabel="win rate",
            errors={f"{side0} wins": {i: (w["low"], w["high"]) for i, w in wins.items()}},
            ticks={i: v["name"] for i, v in enumerate(variants)},
        ),
        bars(
            {name: {int(k): i["value"] for k, i in dist.items()} for name, dist in rounds.items()},
            folder / "rounds.svg",
            title="Rounds to end by variant (95% Wilson intervals)",
            xlabel="rounds",
            errors=spread,
        ),
    ]
