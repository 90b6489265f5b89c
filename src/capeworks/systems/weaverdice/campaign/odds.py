"""Exact odds a GM asks of the campaign layer: crafting, finishing an intel row, recruiting yields.

Pure fractions over the same dice the table rolls: a craft roll is d6 plus the
Craft tree's and helpers' dice, keep the best, no modifier (WD-CRAFT-002), under
the crafter's low-morale cap (WD-MORALE-002); an intel row is worked cell by
cell from its entry, each cell open only once the one before it is unlocked
(WD-INTEL-014), one roll per attempt; a Recruit
action is Social-many dice, each an applicant at 4+ after the net modifier
and the recruiter's morale cap (WD-RECRUIT-001).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

from capeworks.systems.weaverdice.odds import p_lengthy, p_reach

__all__ = ["craft_success", "recruit_yields", "row_finished"]


def craft_success(*, dc: int, rolls: int, dice: int = 1, bonus: int = 0, morale: int = 0) -> Fraction:
    """P(a project reaches ``dc`` within ``rolls`` rolls of ``dice`` dice keep one, plus a flat bonus),
    each roll capped by the crafter's low morale (WD-MORALE-002)."""
    return p_lengthy(dc=dc - bonus, rolls=rolls, dice=dice, morale=morale)


def row_finished(
    tns: Sequence[int], *, rolls: int, modifier: int = 0, dice: int = 1, morale: int = 0
) -> Fraction:
    """P(unlocking every cell of a row, in order, within ``rolls`` attempts)."""
    hits = [p_reach(dice, modifier, tn, morale) for tn in tns]
    # ways[k] = P(k cells unlocked so far)
    ways = [Fraction(0)] * (len(tns) + 1)
    ways[0] = Fraction(1)
    for _ in range(rolls):
        nxt = [Fraction(0)] * (len(tns) + 1)
        nxt[-1] = ways[-1]
        for k in range(len(tns)):
            nxt[k + 1] += ways[k] * hits[k]
            nxt[k] += ways[k] * (1 - hits[k])
        ways = nxt
    return ways[-1]


def recruit_yields(*, dice: int, modifier: int = 0, morale: int = 0) -> list[Fraction]:
    """P(exactly n applicants) for n = 0..dice: each die at 4+ after the modifier and the morale cap."""
    p = p_reach(1, modifier, 4, morale)
    return [comb(dice, n) * p**n * (1 - p) ** (dice - n) for n in range(dice + 1)]
