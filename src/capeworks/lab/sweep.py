"""`capeworks lab sweep SPEC.yaml`: one fight played under a grid of variants, compared side by side.

A sweep spec is a fight spec (system, sides, policies, config, n, seed,
max_rounds) plus the variants: a ``grid`` of axes, each a dotted path into the
fight spec and the values it takes (every combination is a variant), and/or a
list of named ``variants``, each setting some paths::

    sides: [{name: heroes, characters: [{sample: ramjet}]}, {name: villain, characters: [{sample: steeltoe}]}]
    n: 4000
    grid:
      - {path: config.defense_pc, values: [4, 5]}
      - {path: policies, values: [[sensible, sensible], [no_reactions, sensible]]}
    variants:
      - {name: armoured, set: {sides.0.characters.0: {sheet: {...}}}}

The first variant is the baseline. Each other one is compared with it on
side 0's win rate (two-proportion z-test), the mean rounds to end (Welch's
t), the rounds-to-end distribution (chi-square homogeneity) and each side's
mean wounds (Welch's t; the arena's ``harm`` tally, RWYN's consequences),
each measure worded with the side's name (``ramjet win rate``);
all p-values of the sweep are corrected together with Holm's method, and a
difference is called significant at 0.05 after it.
Every variant uses the same seed (common random numbers where the variants
draw alike). The spec is validated whole, variants included, before any fight.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from capeworks.errors import InvalidCommand
from capeworks.lab.runner import Run, fight_of
from capeworks.lab.spec import MAX_FIGHTS, FightSpec, SideSpec, spec_error
from capeworks.lab.stats import (
    Interval,
    chi_square_homogeneity,
    holm,
    mean_difference,
    rate_difference,
    two_proportion_z,
    welch_t,
)
from capeworks.lab.summary import Summary, figures

__all__ = ["Axis", "SweepSpec", "Variant", "compare", "side_labels", "sweep_report", "variants_of"]


class Axis(BaseModel):
    """One grid axis: a dotted path into the fight spec and the values it takes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str = Field(min_length=1, max_length=200)
    values: list[Any] = Field(min_length=1, max_length=50)
    #: a short label per value (default: the value as written)
    labels: list[str] = Field(default_factory=list)


class Variant(BaseModel):
    """One named variant: the paths it sets."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=80)
    set: dict[str, Any] = Field(default_factory=dict)


class SweepSpec(BaseModel):
    """A fight spec and its variants."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    system: str = "weaverdice"
    sides: list[SideSpec] = Field(min_length=2, max_length=8)
    policies: list[str] = Field(default_factory=list)
    config: dict[str, Any] = Field(default_factory=dict)
    n: int = Field(default=2000, ge=1, le=MAX_FIGHTS)
    seed: int = Field(default=1, ge=0, le=2**63 - 1)
    max_rounds: int = Field(default=20, ge=1, le=1000)
    grid: list[Axis] = Field(default_factory=list, max_length=6)
    variants: list[Variant] = Field(default_factory=list, max_length=200)
    #: the family-wise error rate Holm's correction holds
    alpha: float = Field(default=0.05, gt=0, lt=1)


def _set(data: dict[str, Any], path: str, value: Any, where: str) -> None:
    """Set ``path`` (dotted; list items by index) in ``data``; the container must exist."""
    parts = path.split(".")
    node: Any = data
    for i, part in enumerate(parts[:-1]):
        node = _step(node, part, f"{where} path {'.'.join(parts[: i + 1])!r}")
    last = parts[-1]
    if isinstance(node, list):
        index = _index(node, last, f"{where} path {path!r}")
        node[index] = value
    elif isinstance(node, dict):
        node[last] = value
    else:
        raise InvalidCommand(f"{where} path {path!r} does not lead into the fight spec.")


def _index(node: list[Any], part: str, where: str) -> int:
    if not part.isdigit() or int(part) >= len(node):
        raise InvalidCommand(f"{where} names item {part} of a list of {len(node)}.")
    return int(part)


def _step(node: Any, part: str, where: str) -> Any:
    if isinstance(node, list):
        return node[_index(node, part, where)]
    if isinstance(node, dict):
        if part not in node:
            node[part] = {}
        return node[part]
    raise InvalidCommand(f"{where} does not lead into the fight spec.")


def _label(value: Any) -> str:
    if isinstance(value, list):
        return "/".join(_label(v) for v in value)
    if isinstance(value, dict):
        return ",".join(f"{k}={_label(v)}" for k, v in value.items())
    return str(value).lower() if isinstance(value, bool) else str(value)


def variants_of(sweep: SweepSpec) -> list[tuple[str, FightSpec]]:
    """Every variant as a (name, fight spec), the baseline first; one sentence naming the field if any
    variant is not a valid fight, before anything runs."""
    base = sweep.model_dump(mode="json", exclude={"grid", "variants", "alpha"})
    out: list[tuple[str, dict[str, Any]]] = []
    axes = sweep.grid
    for k, axis in enumerate(axes):
        if axis.labels and len(axis.labels) != len(axis.values):
            raise InvalidCommand(
                f"Sweep field grid.{k}.labels: give one label per value ({len(axis.values)})."
            )
    for combo in itertools.product(*(range(len(a.values)) for a in axes)) if axes else [()]:
        data = copy.deepcopy(base)
        names = []
        for k, (axis, i) in enumerate(zip(axes, combo, strict=True)):
            _set(data, axis.path, copy.deepcopy(axis.values[i]), f"Sweep field grid.{k}")
            label = axis.labels[i] if axis.labels else _label(axis.values[i])
            names.append(f"{axis.path.rsplit('.', 1)[-1]}={label}")
        out.append((", ".join(names) or "baseline", data))
    for k, variant in enumerate(sweep.variants):
        data = copy.deepcopy(base)
        for path, value in variant.set.items():
            _set(data, path, copy.deepcopy(value), f"Sweep field variants.{k}.set")
        out.append((variant.name, data))
    if sweep.variants and not axes:
        out = out[1:] if any(v.name == "baseline" for v in sweep.variants) else out
    names = [name for name, _ in out]
    if len(set(names)) != len(names):
        raise InvalidCommand("Sweep field variants: two variants share a name.")
    specs = []
    for name, data in out:
        try:
            spec = FightSpec.model_validate(data)
        except ValidationError as e:
            raise spec_error(e, f"Sweep variant {name!r}") from e
        try:
            fight_of(spec)
        except InvalidCommand as e:
            raise InvalidCommand(f"Sweep variant {name!r}: {e.message}") from e
        specs.append((name, spec))
    return specs


def side_labels(names: list[str]) -> list[str]:
    """What a comparison calls each side: its name, or with two sides of one name, ``thug (side 1)``."""
    return [name if names.count(name) == 1 else f"{name} (side {i})" for i, name in enumerate(names)]


def compare(
    baseline: Summary,
    others: list[tuple[str, Summary]],
    alpha: float = 0.05,
    *,
    harm: str = "wounds",
    names: list[str] | None = None,
) -> list[dict[str, Any]]:
    """Each variant against the baseline on the sweep's measures, Holm-corrected together (``harm``:
    the tally standing for a side's harm, the ruleset's wounds; ``names``: the sides' names, which
    the measures are worded with, ``ramjet win rate``; without them ``side 0 win rate``). Each row's
    ``change`` is the size of the difference, the variant's figure minus the baseline's, with its 95%
    interval (Newcombe for the win rate, Welch for a mean; none for the rounds distribution)."""
    rows: list[dict[str, Any]] = []
    labels = side_labels(names) if names else [f"side {i}" for i in range(baseline.sides)]

    def mean_sums(s: Summary, key: tuple[int, str]) -> tuple[float, float, int]:
        total, squares = s.numbers.get(key, [0, 0])
        return total, squares, s.n

    def rounds_sums(s: Summary) -> tuple[float, float, int]:
        return sum(r * c for r, c in s.rounds.items()), sum(r * r * c for r, c in s.rounds.items()), s.n

    for name, other in others:
        rate = (baseline.wins[0], baseline.n, other.wins[0], other.n)
        means = [("mean rounds", rounds_sums(baseline), rounds_sums(other))]
        means += [
            (f"{labels[side]} mean {harm}", mean_sums(baseline, (side, harm)), mean_sums(other, (side, harm)))
            for side in range(baseline.sides)
        ]
        tests: list[tuple[str, str, float, Interval | None]] = [
            (f"{labels[0]} win rate", "two-proportion z", two_proportion_z(*rate), rate_difference(*rate))
        ]
        tests += [
            (measure, "Welch t", welch_t(*a, *b), mean_difference(*a, *b)) for measure, a, b in means[:1]
        ]
        tests.append(
            (
                "rounds distribution",
                "chi-square homogeneity",
                chi_square_homogeneity(baseline.rounds, other.rounds),
                None,  # a whole distribution has no one difference
            )
        )
        tests += [
            (measure, "Welch t", welch_t(*a, *b), mean_difference(*a, *b)) for measure, a, b in means[1:]
        ]
        for measure, test, p, change in tests:
            rows.append(
                {
                    "variant": name,
                    "measure": measure,
                    "test": test,
                    "p": p,
                    "change": change.to_dict() if change is not None else None,
                }
            )
    for row, (adjusted, reject) in zip(rows, holm([r["p"] for r in rows], alpha), strict=True):
        row["p_holm"] = adjusted
        row["significant"] = reject
    return rows


def sweep_report(sweep: SweepSpec, runs: list[tuple[str, FightSpec, Run]], total: int) -> dict[str, Any]:
    """The sweep's report: each variant's figures and run, and the corrected comparisons
    (``total``: how many variants the sweep has; fewer ran when it was interrupted)."""
    from capeworks.lab.report import versions
    from capeworks.lab.runner import describe

    names = [side.name for side in sweep.sides]
    variants = []
    for name, spec, run in runs:
        variants.append(
            {
                "name": name,
                "spec": spec.model_dump(mode="json"),
                "run": describe(run),
                "dice": run.summary.dice,
                "figures": figures(run.summary, names),
                "tallies": run.summary.to_dict(),
            }
        )
    from capeworks.lab.systems import fight_kit

    comparisons = (
        compare(
            runs[0][2].summary,
            [(name, run.summary) for name, _, run in runs[1:]],
            sweep.alpha,
            harm=fight_kit(sweep.system).harm,
            names=names,
        )
        if len(runs) > 1
        else []
    )
    return {
        "kind": "sweep",
        "sweep": sweep.model_dump(mode="json"),
        "seed": sweep.seed,
        "versions": versions(sweep.system),
        "baseline": runs[0][0] if runs else None,
        "partial": any(run.partial for _, _, run in runs) or len(runs) < total,
        "variants": variants,
        "comparisons": comparisons,
        "correction": f"Holm, family-wise alpha {sweep.alpha}, over all {len(comparisons)} comparisons",
    }
