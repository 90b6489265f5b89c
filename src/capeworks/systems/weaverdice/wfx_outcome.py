"""What a wound effect asks for and what it does: the models around :func:`.wfx.resolve`.

A :class:`Hit` (the wound just placed and the target's facts) goes in with
:class:`Answers` (decisions and follow-up dice given so far); an
:class:`EffectOutcome` comes out, naming the next :class:`Need` (a decision,
with its chooser and options) or :class:`RollNeed` (a roll, with its stat and
TN) while it is not complete. Rule IDs: WD-WFX-001, -004/-005 (who chooses),
-008 (costume facts as plain values), WD-WOUND-013 (temporary wounds).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from pydantic import Field, ValidationError

from capeworks.engine.kit import Frozen
from capeworks.systems.weaverdice import data_wfx as data
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.statuses import PAIN_STATUSES, Condition, Reach
from capeworks.systems.weaverdice.vocab import (
    LIMBS,
    BodyPart,
    DamageType,
    Pool,
    Stat,
    Status,
    WoundTier,
)

__all__ = [
    "Answers",
    "Chooser",
    "EffectOutcome",
    "GearHit",
    "Hit",
    "Need",
    "RollNeed",
    "StatLasting",
    "StatLoss",
    "WoundGrant",
    "regain",
]


class Chooser(StrEnum):
    """Who makes a decision: the target unless the table says the attacker (WD-WFX-005)."""

    TARGET = "target"
    ATTACKER = "attacker"


class Need(Frozen):
    """A decision still to be made: pick one of ``counts`` many of ``options``.

    ``limits`` caps how often an option may be picked when picks may repeat
    (effort dots per pool, stat points per stat). The answer goes in
    ``Answers.picks[key]``.
    """

    key: str
    chooser: Chooser
    rule: str
    options: tuple[str, ...]
    counts: tuple[int, ...] = (1,)
    distinct: bool = True
    limits: dict[str, int] = Field(default_factory=dict)
    #: the seed line of the effect row the decision is about (a Recovery dot's), for its words
    row: int | None = Field(default=None, exclude_if=lambda v: v is None)


class RollNeed(Frozen):
    """A roll still to be made: ``dice`` d``sides`` natural faces go in ``Answers.dice[key]``.

    ``stat``, ``tn`` and ``bonus`` say what the roll is for (a save shows its odds).
    """

    key: str
    rule: str
    roller: Chooser = Chooser.TARGET
    dice: int = 1
    sides: int = 6
    stat: Stat | None = None
    tn: int | None = None
    bonus: int = 0
    #: the low-morale cap on the roll's result (WD-MORALE-002), None when morale is not low
    cap: int | None = Field(default=None, exclude_if=lambda v: v is None)

    @property
    def notation(self) -> str:
        """The roll in dice notation (``1d6+1``), for its exact odds from :mod:`capeworks.dice`."""
        return f"{self.dice}d{self.sides}" + (f"{self.bonus:+d}" if self.bonus else "")

    @property
    def chance(self) -> Fraction | None:
        """The exact chance the roll reaches its TN (None without one), from the dice engine."""
        if self.tn is None:
            return None
        if self.cap is not None and self.cap < self.tn:
            return Fraction(0)
        from capeworks.dice import distribution

        return distribution(self.notation).at_least(self.tn)


@dataclass(frozen=True, slots=True, kw_only=True)
class Hit:
    """A wound of ``damage`` at ``tier`` just placed on ``target``, with the facts its effect needs.

    Costume facts come in plain (WD-WFX-008): ``coverage`` and ``helmet`` are
    costume features; ``bare`` means a bottom-tier costume or none ("skin").
    ``gear`` lists pieces that still have a feature to lose, ``costume`` the
    pieces that can be lost, ``reinforced`` the d6 face an attacker needs to
    break each protected piece (WD-EQUIP-012/013).

    A plain frozen dataclass, not a model: it is scratch input to :func:`.wfx.resolve`, built
    from the state once per effect resolution and never logged, so pydantic's validation cost
    bought nothing; :meth:`__post_init__` keeps the checks that matter.
    """

    damage: DamageType
    tier: WoundTier
    target: str
    attacker: str | None = None
    #: the wound track's id for the wound, so conditions can name it
    wound: str | None = None
    #: the pain this attack inflicts (WD-WFX-006: physical unless the attack says otherwise)
    pain: Status = Status.PAINED_PHYSICAL
    reach: Reach = Reach.MELEE
    #: the weapon or projectile can stay in the target ("stuck, if possible")
    can_stick: bool = True
    #: a ranged object can pin the target (line of fire and surroundings allow)
    pinnable: bool = False
    #: the melee weapon that struck, by name (what a Stuck effect leaves in the target)
    weapon: str | None = None
    effort: dict[Pool, int] = field(default_factory=dict)
    stats: dict[Stat, int] = field(default_factory=dict)
    coverage: bool = False
    helmet: bool = False
    bare: bool = False
    gear: tuple[str, ...] = ()
    costume: tuple[str, ...] = ()
    #: the natural d6 (1..7, 7: unbreakable) an attacker needs to break each protected piece
    reinforced: dict[str, int] = field(default_factory=dict)
    #: body parts still whole (limbs to lose, pain or disable; the head for Pulverized)
    parts: tuple[BodyPart, ...] = (*LIMBS, BodyPart.HEAD)
    #: the GM's tweak of a type (WD-WFX-003): a status in place of "damage is ongoing",
    #: e.g. Bleeding for road rash dealt as Burn
    instead_of_ongoing: Status | None = None
    holding: bool = True
    knocked_down: bool = False
    dying: bool = False
    #: the target is still in the fight: one out cold, dying or dead does nothing but try to get back
    #: up (src 563), so is not asked to spend Recovery on the effect (WD-WFX-004, WD-EFFORT-005)
    awake: bool = True
    #: the target's morale step: a low one caps the saves an effect asks for (WD-MORALE-002)
    morale: int = 0
    #: even tests read the natural die (the table's ``parity_uses_natural_die``), else the result
    parity_natural: bool = True

    def __post_init__(self) -> None:
        """Refuse impossible facts as a model would, with a pydantic ``ValidationError``."""
        wrong: list[tuple[str, object, str]] = []
        if self.pain not in PAIN_STATUSES or self.pain is Status.PAINED_PART:
            why = "the pain an attack inflicts is physical, mental or emotional pain"
            wrong.append(("pain", self.pain, why))
        # min and max over the values: one C call each where a generator ran per value (a Hit per effect)
        for name, counts in (("effort", self.effort), ("stats", self.stats)):
            if min(counts.values(), default=0) < 0:
                wrong.append((name, counts, f"the target's {name} are never negative"))
        pieces = self.reinforced.values()
        if pieces and (min(pieces) < 1 or max(pieces) > 7):
            wrong.append(("reinforced", self.reinforced, "a reinforced piece breaks on a natural 1 to 7"))
        if wrong:
            raise ValidationError.from_exception_data(
                "Hit",
                [
                    {"type": "value_error", "loc": (name,), "input": value, "ctx": {"error": ValueError(why)}}
                    for name, value, why in wrong
                ],
            )

    def stat(self, stat: Stat) -> int:
        """A stat's value (3 when not given, WD-STAT-001)."""
        return self.stats.get(stat, 3)


class Answers(Frozen):
    """Decisions and follow-up dice given so far, by the keys of the needs and rolls asked."""

    picks: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    dice: dict[str, tuple[int, ...]] = Field(default_factory=dict)


class WoundGrant(Frozen):
    """A further wound an effect adds (beyond the hit's own)."""

    tier: WoundTier
    #: goes away on its own (PROPOSED: at the end of the encounter, WD-WOUND-013)
    temporary: bool = False
    #: whether it rolls an effect of its own (Moderate Pierce 3-4's does not)
    rolls_effect: bool = False


class StatLasting(StrEnum):
    """How long lost stat points stay lost."""

    #: until Rest & Recuperate (PROPOSED for Moderate Bash 4-5; Lesser Rend's "temporary")
    TEMPORARY = "temporary"
    #: until the Bleeding stops (Moderate Cut 5)
    WHILE_BLEEDING = "while_bleeding"
    #: shocked away: 1 point back each turn, 3 while resting, in the order lost (WD-WFX-021)
    DRAINED = "drained"
    #: scarring damage: needs treatment (Moderate Rend's half, Critical Rend, Pulverized)
    LONG_TERM = "long_term"
    PERMANENT = "permanent"


class StatLoss(Frozen):
    """Points lost from one stat."""

    stat: Stat
    points: int
    lasting: StatLasting


def regain(
    drained: Sequence[StatLoss], *, resting: bool
) -> tuple[tuple[StatLoss, ...], tuple[StatLoss, ...]]:
    """One turn of getting shocked-away points back: 1 point, 3 while resting, in the order lost.

    Returns the losses still standing and the points regained (WD-WFX-021).
    """
    budget = data.SHOCK_REGAIN_RESTING if resting else data.SHOCK_REGAIN_PER_TURN
    left: list[StatLoss] = []
    back: list[StatLoss] = []
    for loss in drained:
        take = min(budget, loss.points)
        budget -= take
        if take:
            back.append(evolve(loss, {"points": take}))
        if loss.points > take:
            left.append(evolve(loss, {"points": loss.points - take}))
    return tuple(left), tuple(back)


class GearHit(Frozen):
    """A costume or gear piece hit by an effect: it loses its bottom feature, or is lost outright."""

    piece: str
    destroyed: bool = False
    #: reinforcement held: the piece is untouched (WD-EQUIP-013)
    saved: bool = False


class EffectOutcome(Frozen):
    """What an effect does; apply it only when ``complete`` (no decision or roll outstanding).

    ``wound_tier`` is the hit's own wound after the effect (Lesser Pierce 6
    escalates it); ``wound_scarred`` and ``wound_fades_on_rest`` mark it.
    ``delayed`` and the Half actions condition are the turn-order changes
    (``statuses.delay`` moves the turn). ``effort_spent`` is what the target
    chose to pay; ``effort_lost`` what the effect drained.
    """

    damage: DamageType
    tier: WoundTier
    face: int | None = None
    #: seed lines of the rows applied (two after an escalation or a coverage downgrade)
    rows: tuple[int, ...] = ()
    needs: tuple[Need, ...] = ()
    rolls: tuple[RollNeed, ...] = ()
    #: a Recovery dot ignored the effect (WD-WFX-004); the wound stands
    negated: bool = False
    #: the coverage feature stopped it (Lesser Burn) or lowered it (WD-WFX-014/020/026)
    covered: bool = False
    wound_tier: WoundTier
    wound_scarred: bool = False
    wound_fades_on_rest: bool = False
    wounds: tuple[WoundGrant, ...] = ()
    conditions: tuple[Condition, ...] = ()
    effort_lost: dict[Pool, int] = Field(default_factory=dict)
    effort_spent: dict[Pool, int] = Field(default_factory=dict)
    stat_losses: tuple[StatLoss, ...] = ()
    knockback_ft: int = 0
    delayed: bool = False
    gear: tuple[GearHit, ...] = ()
    dying: bool = False
    slain: bool = False
    #: Critical Cut: minutes left to reattach a lost limb
    reattach_minutes: int | None = None

    @property
    def complete(self) -> bool:
        """True when nothing is left to decide or roll."""
        return not self.needs and not self.rolls
