"""Exact odds of a Weaverdice roll before it is made, from the dice engine (no sampling).

The distribution of a check's final total is ``Nd6kh1 + modifier`` from
:func:`capeworks.dice.distribution`, then the low-morale cap folded in
(WD-CORE-004/005, WD-MORALE-002). From it: the chance to meet a TN or DS
(WD-CORE-001/007, WD-COMBAT-017), with a high-morale spend in reserve
(WD-MORALE-003), a Dodge or Block against a known attack (WD-COMBAT-020/021),
a strict opposed roll (WD-CORE-008), a stay-up check with its penalty
(WD-WOUND-005) and a lengthy check within a number of rolls (WD-CORE-006).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from capeworks.dice import Distribution, distribution
from capeworks.engine.kit import Frozen
from capeworks.systems.weaverdice.morale import cap, spend_value

__all__ = [
    "CheckOdds",
    "check_odds",
    "p_lengthy",
    "p_opposed",
    "p_reach",
    "total_distribution",
]


@lru_cache(maxsize=1024)
def total_distribution(dice: int, modifier: int, morale: int = 0) -> Distribution:
    """Final totals of a check: the highest of ``dice`` d6, + ``modifier``, capped by ``morale``."""
    if not 1 <= dice <= 20:
        raise ValueError("a check rolls 1 to 20 dice")
    base = distribution(f"{dice}d6kh1")
    limit = cap(morale)
    counts: dict[int, int] = {}
    for face, ways in base.counts.items():
        total = face + modifier
        if limit is not None:
            total = min(total, limit)
        counts[total] = counts.get(total, 0) + ways
    return Distribution.from_counts(counts)


@lru_cache(maxsize=4096)
def p_reach(dice: int, modifier: int, tn: int, morale: int = 0) -> Fraction:
    """P(final total >= ``tn``), no morale spent (kept: every reaction prompt asks it at every version,
    and a ``Fraction`` never changes)."""
    return total_distribution(dice, modifier, morale).at_least(tn)


class CheckOdds(Frozen):
    """What a player sees before rolling: the chance, and the chance with a morale step spent."""

    dice: int
    modifier: int
    tn: int
    morale: int
    cap: int | None
    success: Fraction
    #: spending one high step on a failure succeeds whenever 2 + k meets the TN (WD-MORALE-003)
    with_morale_spend: Fraction


def check_odds(*, dice: int, modifier: int, tn: int, morale: int = 0) -> CheckOdds:
    """The exact odds of one check (WD-CORE-005)."""
    success = p_reach(dice, modifier, tn, morale)
    spend = Fraction(1) if morale > 0 and spend_value(morale) >= tn else success
    return CheckOdds(
        dice=dice,
        modifier=modifier,
        tn=tn,
        morale=morale,
        cap=cap(morale),
        success=success,
        with_morale_spend=spend,
    )


def p_opposed(
    attacker: tuple[int, int, int], defender: tuple[int, int, int], *, defender_wins_ties: bool = True
) -> Fraction:
    """P(attacker wins) for two checks given as ``(dice, modifier, morale)``; ties hold (WD-CORE-008)."""
    a = total_distribution(*attacker)
    d = total_distribution(*defender)
    win = Fraction(0)
    for total, p in a.probabilities.items():
        win += p * (d.at_most(total - 1) if defender_wins_ties else d.at_most(total))
    return win


def p_lengthy(*, dc: int, rolls: int, dice: int = 1, modifier: int = 0, morale: int = 0) -> Fraction:
    """P(``rolls`` roll totals sum to at least ``dc``) (WD-CORE-006): e.g. Medical 12 in three rolls."""
    one = total_distribution(dice, modifier, morale)
    if rolls < 1:
        return Fraction(1 if dc <= 0 else 0)
    total = one
    for _ in range(rolls - 1):
        total = total + one
    return total.at_least(dc)
