"""Exact odds tables across each system's core check, from the rulesets' own ``odds`` modules.

Nothing is sampled and no rule is restated: each cell is a call into
``capeworks.systems.<name>.odds`` (which builds on :mod:`capeworks.dice` and
icepool), with the parameters the rules take from a sheet worked out by the
sheet itself (a Weaverdice modifier is ``Character.modifier``; an RWYN pool is
``pool.build_pool`` under the table's config). A table is a list of flat rows
(every probability as an exact fraction string and a float), so the CLI can
print it, write CSV or JSON, or plot it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from capeworks.errors import InvalidCommand

__all__ = [
    "SYSTEMS",
    "OddsTable",
    "bpb_table",
    "capes_table",
    "odds_table",
    "parse_range",
    "rwyn_table",
    "wd_table",
    "within",
    "workshop_table",
]

#: the systems with an odds table, by the names the CLI accepts (the ruleset's name and short forms)
SYSTEMS: dict[str, str] = {
    "weaverdice": "weaverdice",
    "wd": "weaverdice",
    "rwyn": "rwyn",
    "capes": "capes",
    "bpb": "bpb",
    "bulletproof-blues": "bpb",
    "workshop": "workshop",
    "ws": "workshop",
}


@dataclass(frozen=True)
class OddsTable:
    """One system's table: flat rows, the columns a person reads first, and how to lay it out."""

    system: str
    title: str
    rows: list[dict[str, Any]]
    #: the parameter columns, in order
    keys: tuple[str, ...]
    #: the probability or number columns, in order (each row holds ``name`` and ``name_fraction``)
    values: tuple[str, ...]
    #: for a grid print/plot: (row keys, the column key, the value shown), one grid per ``split`` value
    grid: tuple[tuple[str, ...], str, str]
    split: str | None = None
    notes: list[str] = field(default_factory=list)

    def showing(self, value: str | None) -> OddsTable:
        """The table with its grid (and plot) showing ``value``, one of :attr:`values` (None: as it was);
        one sentence naming the choices otherwise."""
        if value is None or value == self.grid[2]:
            return self
        if value not in self.values:
            raise InvalidCommand(
                f"--show is one of the table's columns ({', '.join(self.values)}), not {value!r}."
            )
        return replace(self, grid=(self.grid[0], self.grid[1], value))

    @property
    def hidden(self) -> tuple[str, ...]:
        """The value columns the grid does not show."""
        return tuple(v for v in self.values if v != self.grid[2])

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "system": self.system,
            "title": self.title,
            "keys": list(self.keys),
            "values": list(self.values),
            "notes": self.notes,
            "rows": self.rows,
        }


def parse_range(text: str, *, name: str, low: int, high: int) -> tuple[int, ...]:
    """``"1..5"``, ``"2,4,6"`` or ``"3"`` as integers in [low, high]; else one sentence naming ``name``."""
    out: list[int] = []
    try:
        for part in text.split(","):
            p = part.strip()
            if ".." in p:
                a, b = p.split("..", 1)
                lo, hi = int(a), int(b)
                if lo > hi:
                    raise ValueError
                out.extend(range(lo, hi + 1))
            else:
                out.append(int(p))
    except ValueError as e:
        raise InvalidCommand(f"--{name} takes whole numbers like 3, 1..5 or 2,4,6, not {text!r}.") from e
    bad = [v for v in out if not low <= v <= high]
    if bad:
        raise InvalidCommand(f"--{name} must lie within {low}..{high}; {bad[0]} does not.")
    return tuple(dict.fromkeys(out))


def within(*checks: tuple[str, int, int, int]) -> None:
    """Each ``(option, value, low, high)`` in range; else one sentence naming the first option out of it
    (a sentence listing every option's range left the designer to find which one was wrong)."""
    for option, value, low, high in checks:
        if not low <= value <= high:
            raise InvalidCommand(f"{option} is {low}..{high}, not {value}.")


def _p(row: dict[str, Any], name: str, value: Fraction) -> None:
    row[name] = float(value)
    row[f"{name}_fraction"] = str(value)


def wd_table(
    *,
    stats: Sequence[int] = (1, 2, 3, 4, 5),
    skill_dice: Sequence[int] = (0, 1, 2, 3),
    targets: Sequence[int] = tuple(range(2, 11)),
    morale: Sequence[int] = (0,),
) -> OddsTable:
    """Weaverdice: stat x skill dice x TN x morale step; the chance to reach the TN, and with a spend."""
    from capeworks.systems.weaverdice.morale import cap
    from capeworks.systems.weaverdice.odds import check_odds
    from capeworks.systems.weaverdice.sheet import Character
    from capeworks.systems.weaverdice.vocab import Stat

    rows: list[dict[str, Any]] = []
    for m in morale:
        for stat in stats:
            modifier = Character(id="x", name="x", stats={Stat.BRAWN: stat}).modifier(Stat.BRAWN)
            for extra in skill_dice:
                for tn in targets:
                    o = check_odds(dice=1 + extra, modifier=modifier, tn=tn, morale=m)
                    row: dict[str, Any] = {
                        "morale": m,
                        "stat": stat,
                        "modifier": modifier,
                        "skill_dice": extra,
                        "dice": 1 + extra,
                        "tn": tn,
                        "cap": cap(m),
                    }
                    _p(row, "success", o.success)
                    _p(row, "with_morale_spend", o.with_morale_spend)
                    rows.append(row)
    return OddsTable(
        system="weaverdice",
        title="Weaverdice: chance to reach a TN (highest of 1 + skill dice d6, + stat - 3, morale cap)",
        rows=rows,
        keys=("morale", "stat", "modifier", "skill_dice", "dice", "tn", "cap"),
        values=("success", "with_morale_spend"),
        grid=(("stat", "skill_dice"), "tn", "success"),
        split="morale",
        notes=[
            "with_morale_spend: a high morale step kept in reserve and spent on a failure (WD-MORALE-003)"
        ],
    )


def rwyn_table(
    *,
    abilities: Sequence[int] = tuple(range(0, 9)),
    difficulties: Sequence[int] = (1, 2, 3, 4, 5, 6),
    config: Mapping[str, Any] | None = None,
    sacrifice: str = "none",
) -> OddsTable:
    """RWYN: ability x difficulty, with the disaster dice the gap gives and the effects a success buys."""
    from capeworks.systems.rwyn.config import RwynConfig
    from capeworks.systems.rwyn.odds import SacrificePolicy, odds
    from capeworks.systems.rwyn.pool import build_pool

    cfg = _config(RwynConfig, config)
    try:
        policy = SacrificePolicy(sacrifice)
    except ValueError as e:
        choices = ", ".join(p.value for p in SacrificePolicy)
        raise InvalidCommand(f"--sacrifice is one of {choices}, not {sacrifice!r}.") from e
    rows: list[dict[str, Any]] = []
    for difficulty in difficulties:
        for ability in abilities:
            plan = build_pool(ability, difficulty, cfg)
            o = odds(plan, cfg, sacrifice=policy)
            row: dict[str, Any] = {
                "ability": ability,
                "difficulty": difficulty,
                "ability_dice": plan.ability_dice,
                "auto_successes": plan.auto_successes,
                "disaster_dice": plan.disaster_nominal,
            }
            _p(row, "success", o.p_success)
            _p(row, "expected_effects", o.expected_effects)
            _p(row, "any_disaster", o.p_any_disaster)
            _p(row, "mixed", o.p_mixed)
            for kind, p in o.p_crit.items():
                _p(row, f"critical_{kind.value}", p)
            rows.append(row)
    values = tuple(k for k in rows[0] if not k.endswith("_fraction") and isinstance(rows[0][k], float))
    return OddsTable(
        system="rwyn",
        title=f"RWYN: ability x difficulty (successes on {cfg.success_min}+ on d{cfg.die_size}, "
        f"sacrifice: {policy.value})",
        rows=rows,
        keys=("ability", "difficulty", "ability_dice", "auto_successes", "disaster_dice"),
        values=values,
        grid=(("ability",), "difficulty", "success"),
        notes=["expected_effects counts the effects a success buys (0 on a failure)"],
    )


def capes_table(
    *, dice: Sequence[int] = (1, 2, 3, 4, 5, 6), abilities: Sequence[int] = (1, 2, 3, 4, 5)
) -> OddsTable:
    """Capes: a die's chance to improve when rolled with an ability, on its own side or an opposing one,
    and what splitting it does: the parts, and the expected total after each part is rolled once."""
    from capeworks.systems.capes.debt import even_split
    from capeworks.systems.capes.odds import expected_after_roll, improve_chance

    rows: list[dict[str, Any]] = []
    for die in dice:
        for ability in abilities:
            row: dict[str, Any] = {"die": die, "ability": ability, "parts": 1, "split": str(die)}
            _p(row, "improve_own", improve_chance(die, ability, own_side=True))
            _p(row, "improve_opposing", improve_chance(die, ability, own_side=False))
            _p(row, "expected_after_roll", expected_after_roll(die, ability, own_side=True))
            rows.append(row)
            for parts in range(2, die + 1):
                pieces = even_split(die, parts)
                split: dict[str, Any] = {
                    "die": die,
                    "ability": ability,
                    "parts": parts,
                    "split": "+".join(map(str, pieces)),
                }
                miss = Fraction(1)
                for piece in pieces:
                    miss *= 1 - improve_chance(piece, ability, own_side=True)
                _p(split, "improve_own", 1 - miss)
                # a split is made on one's own side only
                split["improve_opposing"] = split["improve_opposing_fraction"] = None
                _p(
                    split,
                    "expected_after_roll",
                    sum((expected_after_roll(p, ability, own_side=True) for p in pieces), Fraction(0)),
                )
                rows.append(split)
    return OddsTable(
        system="capes",
        title="Capes: rolling a die with an ability (CAPES-ABIL-002/003), and splitting it (CAPES-SPLIT-001)",
        rows=rows,
        keys=("die", "ability", "parts", "split"),
        values=("improve_own", "improve_opposing", "expected_after_roll"),
        grid=(("die", "parts"), "ability", "expected_after_roll"),
        notes=[
            "improve_own for a split: the chance at least one part improves when each is rolled once",
            "expected_after_roll: the side's total from this die (or its parts) after one roll each, "
            "kept only when it helps",
        ],
    )


def bpb_table(
    *,
    attributes: Sequence[int] = tuple(range(0, 7)),
    difficulties: Sequence[int] = (9, 12, 15, 18, 21),
    bonuses: Sequence[int] = (0,),
) -> OddsTable:
    """Bulletproof Blues: attribute x difficulty (x bonus); success, and extreme success with expertise.

    Each cell is the ruleset's own :func:`~capeworks.systems.bpb.odds.task_odds` of the
    :class:`~capeworks.systems.bpb.tasks.Task` the rules build, so an impossible task (BPB-ROLL-005)
    reads 0 as at the table."""
    from capeworks.systems.bpb.odds import task_odds
    from capeworks.systems.bpb.tasks import Task

    rows: list[dict[str, Any]] = []
    for bonus in bonuses:
        for attribute in attributes:
            for difficulty in difficulties:
                plain = Task(attribute=attribute, bonus=bonus, difficulty=difficulty)
                expert = Task(attribute=attribute, bonus=bonus, difficulty=difficulty, expertise=True)
                row: dict[str, Any] = {
                    "bonus": bonus,
                    "attribute": attribute,
                    "difficulty": difficulty,
                    "need": plain.need,
                    "possible": not plain.impossible,
                }
                _p(row, "success", Fraction(task_odds(plain).success))
                _p(row, "extreme_with_expertise", Fraction(task_odds(expert).extreme))
                rows.append(row)
    return OddsTable(
        system="bpb",
        title="Bulletproof Blues: 2d6 + attribute + bonus >= difficulty (BPB-ROLL-001), "
        "extreme success at difficulty + 3 with expertise (BPB-XS-001)",
        rows=rows,
        keys=("bonus", "attribute", "difficulty", "need", "possible"),
        values=("success", "extreme_with_expertise"),
        grid=(("attribute",), "difficulty", "success"),
        split="bonus",
        notes=[
            "need: the 2d6 total that succeeds; a need over 12 cannot be attempted (BPB-ROLL-005)",
            "difficulties (T4): routine 9, challenging 12, demanding 15, frustrating 18, "
            "nigh-impossible 21; opposed: 8 + the defender's attribute (BPB-ROLL-007)",
        ],
    )


def workshop_table(
    *,
    totals: Sequence[int] = tuple(range(0, 16)),
    difficulties: Sequence[int] = (0, 5, 10, 15, 20, 25),
    extra: Sequence[int] = (0,),
    config: Mapping[str, Any] | None = None,
) -> OddsTable:
    """The Workshop: attribute + skill total x difficulty (x extra positive d10s), under the table's dice
    model; the chance of success and the expected PV (margin) of a success."""
    from capeworks.systems.workshop.config import WorkshopConfig
    from capeworks.systems.workshop.dice_models import model_for
    from capeworks.systems.workshop.odds import dice_distribution, p_success

    cfg = _config(WorkshopConfig, config)
    rows: list[dict[str, Any]] = []
    for more in extra:
        dist = dice_distribution(cfg.dice, more)
        for total in totals:
            for difficulty in difficulties:
                row: dict[str, Any] = {"extra_d10": more, "total": total, "difficulty": difficulty}
                success = p_success(total, difficulty, dice=cfg.dice, extra=more)
                _p(row, "success", success)
                pv = sum(
                    (p * (total + v - difficulty) for v, p in dist.items() if total + v >= difficulty),
                    Fraction(0),
                )
                _p(row, "expected_pv_on_success", pv / success if success else Fraction(0))
                rows.append(row)
    return OddsTable(
        system="workshop",
        title=f"The Workshop: attribute + skill + dice >= difficulty (WS-CORE-001), "
        f"dice: {model_for(cfg.dice).label}",
        rows=rows,
        keys=("extra_d10", "total", "difficulty"),
        values=("success", "expected_pv_on_success"),
        grid=(("total",), "difficulty", "success"),
        split="extra_d10",
        notes=[
            "extra_d10: extra positive d10s (Free d10, Inspired), read as the dice model reads them",
            "expected_pv_on_success: the mean margin over the difficulty, given a success (PV)",
        ],
    )


def _config(model: Any, overrides: Mapping[str, Any] | None) -> Any:
    """The ruleset's config model with ``overrides``; a bad key or value is one sentence naming it."""
    from pydantic import ValidationError

    data = dict(overrides or {})
    unknown = sorted(k for k in data if k not in model.model_fields)
    if unknown:
        raise InvalidCommand(f"The rules config has no setting {unknown[0]!r}.", field=unknown[0])
    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        msg = str(err["msg"]).removeprefix("Value error, ").rstrip(".")
        if not where:
            raise InvalidCommand(f"The rules config is not valid: {msg}.") from e
        raise InvalidCommand(f"The rules config setting {where!r} is not valid: {msg}.", field=where) from e


def odds_table(system: str, **params: Any) -> OddsTable:
    """The table for ``system`` (a name from :data:`SYSTEMS`) with its parameters."""
    name = SYSTEMS.get(system.lower())
    if name is None:
        raise InvalidCommand(
            f"The lab has odds tables for {', '.join(sorted(set(SYSTEMS.values())))}; not {system!r}."
        )
    if name == "weaverdice":
        return wd_table(**params)
    if name == "rwyn":
        return rwyn_table(**params)
    if name == "bpb":
        return bpb_table(**params)
    if name == "workshop":
        return workshop_table(**params)
    return capes_table(**params)
