"""Does the duel kernel agree with the plain path? The variants checked and the tests used.

Shared by ``tests/lab/test_kernel.py`` (a few thousand plain duels against
100,000 kernel duels, every run of the suite's slow tests) and
``bench/kernel_agreement.py`` (100,000 plain duels per variant, run once and
recorded in ``bench/README.md``), so both judge by the same measures: side 0's
win rate (two-proportion z), the rounds-to-end distribution (chi-square
homogeneity) and each side's mean wounds, Focus and Recovery spent (a z-test
with the kernel's variance), Holm-corrected together.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from capeworks.lab.spec import FightSpec, load_side
from capeworks.lab.stats import chi_square_homogeneity, two_proportion_z
from capeworks.lab.summary import Summary

__all__ = ["MEANS", "mean_p", "measures", "p_values", "variants"]

#: the per-side means compared, in the order :func:`p_values` gives them (side 0, then side 1, per name)
MEANS = ("wounds", "focus_spent", "recovery_spent")

#: a low-morale notable with a ranged Aim attack and armour (no sample has all three)
GRIM: dict[str, Any] = {
    "sheet": {
        "id": "grim",
        "name": "Grim",
        "tier": "notable",
        "stats": {"brawn": 3, "dexterity": 4, "guts": 3, "athletics": 2, "wits": 3},
        "skills": [{"name": "Aim", "stats": ["dexterity"]}],
        "morale_baseline": -2,
        "armor": 1,
    },
    "play": {"attack": {"stat": "dexterity", "skills": ["Aim"], "melee": False}},
}


def side(source: str | dict[str, Any]) -> dict[str, Any]:
    """A side spec from ``sample:NAME`` or one character's mapping."""
    if isinstance(source, str):
        return load_side(source).model_dump()
    return {"name": source.get("sample") or source["sheet"]["id"], "characters": [source]}


def duel(a: str | dict[str, Any], b: str | dict[str, Any], **more: Any) -> FightSpec:
    """A one-on-one fight spec."""
    return FightSpec.model_validate({"sides": [side(a), side(b)], **more})


@cache
def variants() -> tuple[tuple[str, FightSpec], ...]:
    """Every kind of thing the kernel models, each in some variant: (label, spec)."""
    return (
        ("generic duel", duel("sample:thug", "sample:thug")),
        (
            "PC vs notable, reactions, Recovery, stay-up, Block drops",
            duel("sample:ramjet", "sample:steeltoe", max_rounds=3),
        ),
        (
            "armour both sides, take every hit vs sensible",
            duel("sample:stave", "sample:prt_officer", policies=["no_reactions", "sensible"]),
        ),
        (
            "config: 1 action, DS 5 and 4, stay-up 4, generic initiative 5",
            duel(
                "sample:netiquette",
                "sample:thug",
                config={
                    "actions_per_turn": 1,
                    "defense_pc": 5,
                    "defense_generic": 4,
                    "stay_up_tn": 4,
                    "generic_initiative": 5,
                },
            ),
        ),
        ("low morale cap, ranged Aim, armour", duel(GRIM, "sample:brigade", max_rounds=3)),
    )


def mean_p(plain: Summary, fast: Summary, name: str, side: int) -> float:
    """Two-sided p of equal means, the variance taken from the kernel's duels for both samples
    (Welch's t breaks down when a small plain sample happens to show no spread at all)."""
    (sp, _), (sf, qf) = plain.numbers[(side, name)], fast.numbers[(side, name)]
    mean_f = sf / fast.n
    var = max(qf / fast.n - mean_f * mean_f, 0.0) * fast.n / (fast.n - 1)
    diff = sp / plain.n - mean_f
    if var == 0.0:
        return 1.0 if diff == 0 else 0.0
    return math.erfc(abs(diff) / math.sqrt(var * (1 / plain.n + 1 / fast.n)) / math.sqrt(2))


def p_values(plain: Summary, fast: Summary) -> list[float]:
    """The p-value of each measure (see :func:`measures` for their names), to correct together."""
    out = [
        two_proportion_z(plain.wins[0], plain.n, fast.wins[0], fast.n),
        chi_square_homogeneity(plain.rounds, fast.rounds),
    ]
    for s in (0, 1):
        for name in MEANS:
            out.append(mean_p(plain, fast, name, s))
    return out


def measures(summary: Summary, names: tuple[str, str]) -> list[tuple[str, float]]:
    """Each measure :func:`p_values` tests, named for ``names``' sides, with its value in ``summary``:
    side 0's win rate, the mean rounds (the test is of the whole distribution), then the means."""
    if names[0] == names[1]:
        names = (f"side 0 ({names[0]})", f"side 1 ({names[1]})")
    n = summary.n
    rounds = sum(r * c for r, c in summary.rounds.items()) / n
    out = [(f"{names[0]} wins", summary.wins[0] / n), ("rounds (mean; distribution tested)", rounds)]
    for s in (0, 1):
        for name in MEANS:
            total = summary.numbers.get((s, name), [0, 0])[0]
            out.append((f"{names[s]} {name.replace('_', ' ')}", total / n))
    return out
