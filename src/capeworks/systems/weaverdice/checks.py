"""Checks: 1d6 (+Xh6 keep one) + stat modifier vs N+, lengthy checks, opposed rolls.

Implements WD-CORE-001 (d6 + modifier vs TN), -004 (+Xh6 pools from every
source, keep one), -005 (order of operations: keep, add, cap, compare; a high
morale spend may then replace the result), -006 (lengthy checks), -007
("beat" is meet-or-exceed), -008 (opposed ties to the defender), -009
(rerolls replace), -010 (parity on the natural die), WD-COMBAT-014
(interrupting a lengthy action) and WD-DN-002 (superstats auto-pass).
Dice come in as faces; nothing here rolls.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import Field

from capeworks.engine.kit import Frozen
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.config import WeaverdiceConfig
from capeworks.systems.weaverdice.copies import evolve, trusted
from capeworks.systems.weaverdice.morale import cap, spend_value
from capeworks.systems.weaverdice.powers import Feat, SuperUse, superstat_use
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.vocab import Stat

__all__ = [
    "CheckRoll",
    "Lengthy",
    "attacker_wins",
    "auto_passes",
    "check",
    "meets",
    "modifier_of",
    "parity_number",
    "pool_size",
    "reroll",
    "spend_morale",
    "super_check",
]


class CheckRoll(Frozen):
    """One check as it happened: every die, the kept one, and each step to the final total."""

    faces: tuple[int, ...] = Field(min_length=1)
    kept: int = Field(ge=1, le=6, description="The natural die kept.")
    modifier: int
    cap: int | None = None
    morale_set: int | None = Field(default=None, description="The result a spent high step set.")
    tn: int
    rerolls: int = 0

    @property
    def raw(self) -> int:
        """Kept die + modifiers, before morale."""
        return self.kept + self.modifier

    @property
    def total(self) -> int:
        """The final result: a spent morale step's value, else raw capped by low morale (WD-CORE-005)."""
        if self.morale_set is not None:
            return self.morale_set
        return self.raw if self.cap is None else min(self.raw, self.cap)

    @property
    def success(self) -> bool:
        """Total meets or beats the TN (WD-CORE-001, -007)."""
        return meets(self.total, self.tn)

    @property
    def capped(self) -> bool:
        """Did low morale lower this result?"""
        return self.morale_set is None and self.cap is not None and self.raw > self.cap


def meets(total: int, tn: int) -> bool:
    """ "Beat" a TN or DS means meet or exceed it (WD-CORE-007)."""
    return total >= tn


def pool_size(*extra: int) -> int:
    """Dice rolled: one plus the extra dice of every source, all in one pool (WD-CORE-004)."""
    size = 1
    for e in extra:  # a loop, not sum() over a generator: every check comes here
        if e > 0:
            size += e
    return size


def modifier_of(character: Character, *stats: Stat) -> int:
    """The stat modifiers a check adds: one stat usually, Dex and Know for Medical (WD-WOUND-010)."""
    if len(stats) == 1:  # the usual single stat, without a generator (every check comes here)
        return character.modifier(stats[0])
    return sum(character.modifier(s) for s in stats)


def check(
    faces: Sequence[int], *, modifier: int, tn: int, morale: int = 0, keep: int | None = None
) -> CheckRoll:
    """Resolve a check from its dice: keep the highest die (or the one the roller ``keep``s),
    add ``modifier``, cap by low ``morale``, compare with ``tn`` (WD-CORE-004/005)."""
    if not faces or min(faces) < 1 or max(faces) > 6:
        raise ValueError("a check needs d6 faces")
    if keep is None:
        kept = max(faces)
    elif keep in faces:
        kept = keep
    else:
        raise RuleViolation("WD-CORE-004", f"You can only keep a die you rolled; {keep} was not rolled.")
    # the faces are checked above and the kept die is one of them: nothing left to validate
    return trusted(CheckRoll, faces=tuple(faces), kept=kept, modifier=modifier, cap=cap(morale), tn=tn)


def reroll(roll: CheckRoll, faces: Sequence[int]) -> CheckRoll:
    """A granted reroll (a Stamina dot) replaces the first result and must be kept (WD-CORE-009)."""
    again = check(faces, modifier=roll.modifier, tn=roll.tn)
    return evolve(roll, {"faces": again.faces, "kept": again.kept, "rerolls": roll.rerolls + 1})


def spend_morale(roll: CheckRoll, morale: int) -> tuple[CheckRoll, int]:
    """Spend one high step to set the result to 2 + k after seeing it (WD-MORALE-003): the new
    roll and the morale left. One spend per roll."""
    if roll.morale_set is not None:
        raise RuleViolation("WD-MORALE-003", "Morale has already been spent on this roll.")
    value = spend_value(morale)
    return evolve(roll, {"morale_set": value}), morale - 1


def attacker_wins(attacker: int, defender: int) -> bool:
    """Opposed totals: the attacker must strictly beat the defender; ties hold (WD-CORE-008)."""
    return attacker > defender


def parity_number(roll: CheckRoll, *, config: WeaverdiceConfig) -> int:
    """The number an even/odd or "already rolled" test reads (WD-CORE-010): the natural kept die,
    or the total under ``parity_uses_natural_die=False``."""
    return roll.kept if config.parity_uses_natural_die else roll.total


def auto_passes(character: Character, stat: Stat, *, human_tier: bool, config: WeaverdiceConfig) -> bool:
    """Superstats variant: a super stat passes human-tier checks without a roll (WD-DN-002)."""
    return config.superstats and human_tier and stat in character.super_stats


def super_check(
    character: Character,
    stats: Sequence[Stat],
    *,
    superhuman: bool,
    config: WeaverdiceConfig,
    effortless: bool = False,
) -> SuperUse | None:
    """How a super stat settles a one-stat check under the superstats variant (WD-DN-002), or None
    (roll as ever): a power's super stat by :func:`~.powers.superstat_use` (its cost, its score for
    a superhuman feat, a pass within its effortless limit), a stat made super on the sheet alone by
    :func:`auto_passes`. ``effortless``: the GM rules the feat within the power's limit ("up to that
    limit, it's effortless and easy", src 37); refused where no such limit is written."""
    if effortless and not config.superstats:
        raise RuleViolation("WD-DN-002", "This table does not use superstats.")
    if not config.superstats or len(stats) != 1:
        if effortless:
            raise RuleViolation("WD-DN-002", "An effortless feat is a check of one super stat.")
        return None
    stat = stats[0]
    sup = next((s for p in character.powers for s in p.superstats if s.stat is stat), None)
    if sup is not None:
        feat = Feat.SUPERHUMAN if superhuman or effortless else Feat.HUMAN
        return superstat_use(sup, feat=feat, enabled=True, within_effortless=effortless)
    if effortless:
        raise RuleViolation(
            "WD-DN-002", f"{character.name}'s {stat.value} has no power with an effortless limit."
        )
    if auto_passes(character, stat, human_tier=not superhuman, config=config):
        return SuperUse(stat=stat, auto_pass=True, modifier=None)
    return None


class Lengthy(Frozen):
    """A lengthy check: roll totals add toward ``dc``, from one or several people (WD-CORE-006).

    ``max_rolls`` caps the rolls where a procedure says so (crafting).
    ``halted`` holds who was interrupted and may not add until the GM
    says the interruption is dealt with (WD-COMBAT-014).
    """

    dc: int = Field(ge=1, le=200)
    total: int = 0
    rolls: tuple[tuple[str, int], ...] = ()
    max_rolls: int | None = Field(default=None, ge=1)
    halted: tuple[str, ...] = ()

    @property
    def done(self) -> bool:
        """The running total has reached the DC."""
        return self.total >= self.dc

    @property
    def remaining(self) -> int:
        """Points still needed."""
        return max(0, self.dc - self.total)

    def add(self, who: str, total: int) -> Lengthy:
        """One contributor's roll total added to the running total."""
        if self.done:
            raise RuleViolation("WD-CORE-006", "That lengthy check is already complete.")
        if who in self.halted:
            raise RuleViolation(
                "WD-COMBAT-014",
                "An interrupted lengthy action resumes only once the interruption is dealt with.",
            )
        if self.max_rolls is not None and len(self.rolls) >= self.max_rolls:
            raise RuleViolation("WD-CORE-006", f"This lengthy check allows only {self.max_rolls} rolls.")
        return evolve(self, {"total": self.total + total, "rolls": (*self.rolls, (who, total))})

    def interrupted(self, who: str, *, held: bool, config: WeaverdiceConfig) -> Lengthy:
        """After an interruption's Knowledge check: held on, or halted (progress kept or lost)."""
        if held:
            return self
        total = self.total if config.lengthy_keep_progress_on_interrupt else 0
        rolls = self.rolls if config.lengthy_keep_progress_on_interrupt else ()
        return evolve(self, {"halted": (*self.halted, who), "total": total, "rolls": rolls})

    def resumed(self, who: str) -> Lengthy:
        """The interruption is dealt with: ``who`` may add rolls again."""
        return evolve(self, {"halted": tuple(h for h in self.halted if h != who)})
