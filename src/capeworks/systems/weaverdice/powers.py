"""Powers as data: each character's own, designed with the GM, never picked from a list.

A :class:`Power` is an action of some classification (Blaster, Brute...) with
a reach (self, melee, ranged, area), an optional attack (stat, damage type and
tier), an effort cost, statuses it applies, passive effects, and super stats
it grants (WD-COMBAT-009 "Power" actions). Rules read it: what it costs and
whether it can be paid (WD-EFFORT-003c, WD-COMBAT-015), its passive effects
(WD-EFFORT-002, WD-COMBAT-018, WD-MOVE-007), whether it may serve as an
attack of opportunity (WD-MOVE-004), and the superstats variant (WD-DN-002:
super stats auto-pass human-tier checks, roll for superhuman feats against a
GM TN, may be effortless up to a limit, cost effort, or toggle).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

from pydantic import Field, model_validator

from capeworks.engine.kit import Frozen
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.vocab import DamageType, Pool, Stat, Status, TierWord, WoundTier

__all__ = [
    "Area",
    "AreaShape",
    "Classification",
    "EffortCost",
    "Feat",
    "Power",
    "PowerAction",
    "StatusApplied",
    "SuperStat",
    "SuperUse",
    "Targeting",
    "effort_spend",
    "passive_totals",
    "super_stats_of",
    "superstat_use",
]


class Classification(StrEnum):
    """The PRT's classifications (src 209-222); a power may carry several."""

    MOVER = "mover"
    SHAKER = "shaker"
    BRUTE = "brute"
    BREAKER = "breaker"
    MASTER = "master"
    TINKER = "tinker"
    BLASTER = "blaster"
    THINKER = "thinker"
    STRIKER = "striker"
    CHANGER = "changer"
    TRUMP = "trump"
    STRANGER = "stranger"


class PowerAction(StrEnum):
    """How much of a turn a use takes; the first four match combat's action kinds (WD-COMBAT-008..015).

    ``reaction`` is used out of turn (and so costs Focus); ``passive`` is always on.
    """

    STANDARD = "standard"
    FULL = "full"
    LENGTHY = "lengthy"
    QUICK = "quick"
    REACTION = "reaction"
    PASSIVE = "passive"


class Targeting(StrEnum):
    """Whom a power reaches: its user, someone in reach, someone at range, or an area."""

    SELF = "self"
    MELEE = "melee"
    RANGED = "ranged"
    AREA = "area"


class AreaShape(StrEnum):
    """The shape of an area effect (a Shaker's field, a cone of fire)."""

    BURST = "burst"
    CONE = "cone"
    LINE = "line"


class Area(Frozen):
    """An area: its shape, its size in feet (radius, length), and how far away it may be centred."""

    shape: AreaShape
    size_ft: int = Field(ge=5, le=5_000)
    range_ft: int = Field(default=0, ge=0, le=10_000)


class EffortCost(Frozen):
    """Dots a use costs; ``pool`` None means a dot of any pool ("any effort")."""

    pool: Pool | None
    dots: int = Field(default=1, ge=1, le=10)


class StatusApplied(Frozen):
    """A status a hit applies: a named one, or the power's own (free text, escaped when shown)."""

    status: Status | None = None
    custom: str = Field(default="", max_length=80)

    @model_validator(mode="after")
    def _one(self) -> StatusApplied:
        if (self.status is None) == (not self.custom):
            raise RuleViolation(
                "WD-STATUS-015", "A power's status is either a named status or its own words."
            )
        return self


class SuperStat(Frozen):
    """A super stat a power grants (WD-DN-002).

    ``score`` is rolled (d6 + score - 3) against the GM's TN for superhuman
    feats. ``effortless`` marks a Glory Girl style limit ("a little more
    than a cement mixer") under which even those pass without a roll.
    ``cost`` is effort paid per use; ``toggle`` means it can be switched off,
    leaving the ordinary stat.
    """

    stat: Stat
    score: int = Field(ge=1, le=12)
    effortless: str = Field(default="", max_length=120)
    cost: EffortCost | None = None
    toggle: bool = False


class Power(Frozen):
    """One designed power: an action with reach, maybe an attack, a cost, statuses and super stats.

    ``name`` and ``notes`` are the player's words (data, escaped when shown).
    ``targets`` caps single targets hit at once (a power that strikes three).
    ``effects_only`` powers roll on the effect table without inflicting a wound.
    Passive effects on the sheet: ``effort_max`` raises or lowers pool maxima
    (WD-EFFORT-002), ``defense_bonus`` is a DS layer (WD-COMBAT-018) and
    ``movement_ft`` is movement past the 2.5x ceiling (WD-MOVE-007).
    """

    name: str = Field(min_length=1, max_length=60)
    classifications: tuple[Classification, ...] = Field(min_length=1)
    action: PowerAction = PowerAction.STANDARD
    targeting: Targeting = Targeting.SELF
    range_ft: int | None = Field(default=None, ge=5, le=10_000)
    targets: int = Field(default=1, ge=1, le=50)
    area: Area | None = None
    attack_stat: Stat | None = None
    damage: DamageType | None = None
    #: a word (``moderate``) or its number in sheet files
    tier: TierWord | None = None
    effects_only: bool = False
    cost: tuple[EffortCost, ...] = ()
    statuses: tuple[StatusApplied, ...] = ()
    superstats: tuple[SuperStat, ...] = ()
    effort_max: dict[Pool, int] = Field(default_factory=dict)
    defense_bonus: int = Field(default=0, ge=-4, le=4)
    movement_ft: int = Field(default=0, ge=0, le=10_000)
    #: a mental source (a psychic blast): the pain its hits' effects inflict is mental (src 744)
    mental: bool = Field(default=False, exclude_if=lambda v: not v)
    notes: str = Field(default="", max_length=500)

    @model_validator(mode="after")
    def _shape(self) -> Power:
        if (self.targeting == Targeting.RANGED) != (self.range_ft is not None):
            raise RuleViolation(
                "WD-COMBAT-009", "A ranged power needs a range in feet, and only a ranged one has it."
            )
        if (self.targeting == Targeting.AREA) != (self.area is not None):
            raise RuleViolation(
                "WD-COMBAT-009", "An area power needs its area, and only an area power has one."
            )
        if (self.damage is None) != (self.tier is None):
            raise RuleViolation(
                "WD-COMBAT-024", "A damaging power names both its damage type and its wound tier."
            )
        if self.tier == WoundTier.SUPERFICIAL:
            raise RuleViolation("WD-COMBAT-024", "A damaging power deals at least a lesser wound.")
        if self.damage is not None and self.targeting == Targeting.SELF:
            raise RuleViolation("WD-COMBAT-024", "A power that only touches its user cannot wound others.")
        if self.damage is not None and self.attack_stat is None:
            raise RuleViolation("WD-COMBAT-017", "A damaging power names the stat its attack roll uses.")
        if self.effects_only and self.damage is None:
            raise RuleViolation(
                "WD-COMBAT-024", "An effects-only power names the damage type whose effects it deals."
            )
        if self.action == PowerAction.REACTION and not any(c.pool == Pool.FOCUS for c in self.cost):
            raise RuleViolation("WD-COMBAT-015", "A power used out of turn costs at least a dot of Focus.")
        stats = [s.stat for s in self.superstats]
        if len(stats) != len(set(stats)):
            raise RuleViolation("WD-DN-002", "A power grants each super stat once.")
        return self

    @property
    def is_attack(self) -> bool:
        """Does it call for an attack roll against a defense score?"""
        return self.damage is not None

    @property
    def single_target(self) -> bool:
        """One target, no area: the only kind of power an attack of opportunity may use (WD-MOVE-004)."""
        return self.targeting in (Targeting.MELEE, Targeting.RANGED) and self.targets == 1


def passive_totals(powers: Iterable[Power]) -> tuple[dict[Pool, int], int, int]:
    """Summed passive effects of a character's powers: (effort maxima changes, DS bonus, movement feet)."""
    maxima: dict[Pool, int] = {}
    ds = feet = 0
    for p in powers:
        for pool, n in p.effort_max.items():
            maxima[pool] = maxima.get(pool, 0) + n
        ds += p.defense_bonus
        feet += p.movement_ft
    return maxima, ds, feet


def effort_spend(
    power: Power, available: Mapping[Pool, int], *, who: str, any_pool: Pool | None = None
) -> dict[Pool, int]:
    """The dots a use of ``power`` by ``who`` (a name, for the refusal) takes from each pool, or a
    refusal naming the power and the character if they are not there.

    A cost of "any effort" is paid from ``any_pool`` (WD-EFFORT-003c, WD-EFFORT-002); a power whose
    cost names its pools has no such choice, so ``any_pool`` is refused rather than dropped unread.
    """
    if any_pool is not None and all(c.pool is not None for c in power.cost):
        named = sorted({c.pool.value.capitalize() for c in power.cost if c.pool is not None})
        pays = f"is paid in {' and '.join(named)}" if named else "costs no effort"
        raise RuleViolation(
            "WD-EFFORT-003",
            f"{power.name} {pays}: no any-effort cost for pool= to pay. Drop pool=.",
            field="pool",
        )
    spend: dict[Pool, int] = {}
    for c in power.cost:
        pool = c.pool or any_pool
        if pool is None:
            raise RuleViolation(
                "WD-EFFORT-003", "Choose which effort pool pays for this power.", field="pool"
            )
        spend[pool] = spend.get(pool, 0) + c.dots
    for pool, dots in spend.items():
        have = available.get(pool, 0)
        if dots > have:
            raise RuleViolation(
                "WD-EFFORT-003",
                f"{power.name} needs {dots} {pool.value.capitalize()} and {who} has {have}.",
            )
    return spend


# -- the superstats variant (WD-DN-002) ---------------------------------------------------------


class Feat(StrEnum):
    """Scale of what a super stat is asked to do."""

    HUMAN = "human"
    SUPERHUMAN = "superhuman"


class SuperUse(Frozen):
    """How a super stat settles a check: a pass without a roll, or a roll with ``modifier`` vs the GM's TN."""

    stat: Stat
    auto_pass: bool
    modifier: int | None
    cost: dict[Pool, int] = Field(default_factory=dict)


def superstat_use(
    sup: SuperStat, *, feat: Feat, enabled: bool, active: bool = True, within_effortless: bool = False
) -> SuperUse | None:
    """Apply a super stat to a check, or None when it is switched off (use the ordinary stat).

    Human-tier checks pass outright; superhuman feats roll d6 + (score - 3)
    against the GM's TN, unless within an effortless limit (WD-DN-002).
    """
    if not enabled:
        raise RuleViolation("WD-DN-002", "This table does not use superstats.")
    if sup.toggle and not active:
        return None
    if within_effortless and not sup.effortless:
        raise RuleViolation("WD-DN-002", "That super stat has no effortless limit.")
    cost = {sup.cost.pool: sup.cost.dots} if sup.cost is not None and sup.cost.pool is not None else {}
    if feat == Feat.HUMAN or within_effortless:
        return SuperUse(stat=sup.stat, auto_pass=True, modifier=None, cost=cost)
    return SuperUse(stat=sup.stat, auto_pass=False, modifier=sup.score - 3, cost=cost)


def super_stats_of(powers: Iterable[Power], *, switched_off: Iterable[Stat] = ()) -> frozenset[Stat]:
    """The stats a character's powers make super right now (the sheet's ``super_stats``)."""
    off = set(switched_off)
    return frozenset(s.stat for p in powers for s in p.superstats if not (s.toggle and s.stat in off))
