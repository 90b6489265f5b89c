"""Exact odds for Capes decisions: re-rolling a die with an ability, and the Resolver's Inspirations.

Rule IDs: CAPES-ABIL-002/003 (an ability rated at least the die re-rolls it;
the roller keeps the new value or turns it back), CAPES-DEBT-003 (the
Overdrawn roll keeps only lower results), CAPES-RES-006/007 (pairing dice).
All chances are exact fractions; icepool gives the d6.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations

import icepool

from capeworks.systems.capes.resolving import match_dice

__all__ = ["PairingOutcome", "expected_after_roll", "improve_chance", "resolver_outcomes"]

_D6 = icepool.d6


def improve_chance(die: int, ability: int, *, own_side: bool = True) -> Fraction:
    """The chance that rolling ``die`` with ``ability`` improves the roller's side.

    On your own side a higher roll improves it; on an opposing side a lower
    one does. An ability rated below the die cannot roll it: chance 0.
    """
    if not 1 <= die <= 6:
        raise ValueError("a die shows 1 to 6")
    if ability < die:
        return Fraction(0)
    better = [f for f in _D6.outcomes() if (f > die if own_side else f < die)]
    return Fraction(sum(_D6.quantity(f) for f in better), _D6.denominator())


def expected_after_roll(die: int, ability: int, *, own_side: bool = True) -> Fraction:
    """The die's expected value after a roll the roller keeps only if it helps (accept or turn back)."""
    if ability < die:
        return Fraction(die)
    total = sum((max(f, die) if own_side else min(f, die)) * _D6.quantity(f) for f in _D6.outcomes())
    return Fraction(total, _D6.denominator())


@dataclass(frozen=True, slots=True)
class PairingOutcome:
    """One way the Resolver can pair the dice, and what it gives each side."""

    pairs: tuple[tuple[int, int], ...]
    resolver: tuple[int, ...]
    losers: tuple[int, ...]

    @property
    def resolver_total(self) -> int:
        """The sum of the Resolver's Inspirations."""
        return sum(self.resolver)


def resolver_outcomes(winning: Sequence[int], losing: Sequence[int]) -> list[PairingOutcome]:
    """Every distinct pairing of the dice and its Inspirations, best for the Resolver first."""
    seen: dict[tuple[tuple[int, int], ...], PairingOutcome] = {}
    short, long_ = (winning, losing) if len(winning) <= len(losing) else (losing, winning)
    for chosen in permutations(long_, len(short)):
        if short is winning:
            pairs = tuple(sorted(zip(winning, chosen, strict=True), reverse=True))
        else:
            pairs = tuple(sorted(zip(chosen, losing, strict=True), reverse=True))
        if pairs in seen:
            continue
        mine, theirs = match_dice(winning, losing, list(pairs))
        seen[pairs] = PairingOutcome(pairs=pairs, resolver=tuple(mine), losers=tuple(theirs))
    return sorted(seen.values(), key=lambda o: (-o.resolver_total, o.pairs))
