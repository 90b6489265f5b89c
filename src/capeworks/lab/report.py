"""A fight run's report: the spec that reproduces it, versions, dice consumed, and the figures with CIs.

The same dictionary is printed as JSON, drawn as Rich tables, written with
its plots into an output folder (``report.json``, ``spec.yaml``, PNG/SVG), and
read back by the sweep's Markdown and HTML pages.
"""

from __future__ import annotations

import platform
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from capeworks.lab.runner import Run, describe
from capeworks.lab.spec import FightSpec
from capeworks.lab.summary import figures

__all__ = ["fight_report", "glossary", "targets", "versions", "write_fight"]


def versions(system: str) -> dict[str, str]:
    """The versions a result depends on: capeworks, the ruleset's package, Python, NumPy."""
    from capeworks.engine.registry import installed

    out = {"python": platform.python_version()}
    for name in ("capeworks", "numpy"):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = "unknown"
    for item in installed():
        if item.name == system:
            out[f"ruleset {system}"] = f"{item.distribution} {item.version}".strip()
    return out


def glossary(system: str) -> dict[str, str]:
    """What each line of a fight's figures means: the lab's own, then the arena's tallied numbers."""
    from capeworks.lab.systems import fight_kit

    arena = fight_kit(system).arena
    numbers = getattr(arena, "glossary", {})
    lines = {
        "wins": "the side alone still standing when the fight ended",
        "all out": "every character of the side out of the fight at the end",
        "a death": "at least one character of the side died",
    }
    return {
        # an arena may say what a lab line means in its rules (RWYN's "death" is a fourth consequence)
        **{k: getattr(arena, "lines", {}).get(k, v) for k, v in lines.items()},
        **{f"mean {k}": f"{v}; per fight, summed over the side's characters" for k, v in numbers.items()},
    }


def targets(spec: FightSpec) -> dict[str, str]:
    """Whom each policy of a fight of three or more sides attacks among its foes (a policy's optional
    ``targets``), by policy name: with more than one other side the choice shapes who wins (three
    Weaverdice thugs: the two later sides both open on side 0). Empty for two sides."""
    from capeworks.lab.systems import fight_kit

    if len(spec.sides) < 3:
        return {}
    kit = fight_kit(spec.system)
    out: dict[str, str] = {}
    names: list[str | None] = [*spec.policies] or [None]  # none given: the ruleset's default
    for name in names:
        policy = kit.policy(name)
        said = getattr(policy, "targets", None)
        if said:
            out[policy.name] = str(said)
    return out


def fight_report(spec: FightSpec, run: Run) -> dict[str, Any]:
    """Everything about one run, JSON-ready."""
    s = run.summary
    return {
        "kind": "fight",
        "spec": spec.model_dump(mode="json"),
        "seed": spec.seed,
        "versions": versions(spec.system),
        "argv": sys.argv[1:],
        "run": describe(run),
        "dice": {
            "consumed": s.dice,
            "per_fight": s.dice / s.n if s.n else 0.0,
            "per_second": s.dice / run.seconds if run.seconds > 0 else None,
        },
        "figures": figures(s, [side.name for side in spec.sides]),
        "glossary": glossary(spec.system),
        "targets": targets(spec),
        "tallies": s.to_dict(),
    }


def plots(report: dict[str, Any], folder: Path, *, kind: str = "png") -> list[Path]:
    """The run's plots in ``folder``: rounds to end, and each side's wounds (the arena's ``harm``) taken."""
    from capeworks.lab.plots import bars
    from capeworks.lab.stats import wilson

    figs = report["figures"]
    n = max(1, figs["fights"])
    rounds = {int(k): v["value"] for k, v in figs["rounds"]["distribution"].items()}
    errors = {int(k): (v["low"], v["high"]) for k, v in figs["rounds"]["distribution"].items()}
    out = [
        bars(
            {"fights": rounds},
            folder / f"rounds.{kind}",
            title=f"Rounds to end ({figs['fights']:,} fights, 95% Wilson intervals)",
            xlabel="rounds",
            errors={"fights": errors},
        )
    ]
    from capeworks.lab.systems import fight_kit

    harm = fight_kit(report["spec"]["system"]).harm
    wounds: dict[str, dict[int, float]] = {}
    spread: dict[str, dict[int, tuple[float, float]]] = {}
    for key, hist in report["tallies"]["histograms"].items():
        side, name = key.split(":", 1)
        if name == harm:
            who = report["spec"]["sides"][int(side)]["name"]
            wounds[who] = {int(x): c / n for x, c in hist.items()}
            spread[who] = {int(x): (w.low, w.high) for x, c in hist.items() for w in [wilson(c, n)]}
    if wounds:
        words = harm.replace("_", " ")
        out.append(
            bars(
                wounds,
                folder / f"{harm}.{kind}",
                title=f"{words.capitalize()} at the end of a fight, by side ({figs['fights']:,} fights, "
                "95% Wilson intervals)",
                xlabel=words,
                errors=spread,
            )
        )
    return out


def write_fight(report: dict[str, Any], folder: Path, *, kind: str = "png") -> list[Path]:
    """``report.json``, ``spec.yaml`` (rerun with ``capeworks lab fight --spec``) and the plots."""
    import json

    import yaml

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "report.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    (folder / "spec.yaml").write_text(yaml.safe_dump(report["spec"], sort_keys=False), encoding="utf-8")
    return [folder / "report.json", folder / "spec.yaml", *plots(report, folder, kind=kind)]
