"""Damage ratings and protection (BPB-DMG, BPB-GRAB-006/008/011, BPB-XS-004/006).

Damage is deterministic: a damage rating (DR) less the protection value (PV)
of the matching type is taken from the damaged attribute.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from capeworks.engine.kit import Frozen
from capeworks.errors import RuleViolation
from capeworks.systems.bpb.benchmarks import lifts_rank, throws_ft
from capeworks.systems.bpb.sheet import Character, Power

__all__ = [
    "HUMAN_MAX",
    "Rating",
    "after_protection",
    "explosion_dr",
    "overwhelmed",
    "protection",
    "protection_left",
    "slam_landing",
    "soft_landing",
    "squeeze",
    "throw",
    "trip",
    "unarmed",
    "weapon",
]

#: ranks 1-3 are human level: unarmed, squeeze and trip damage from them is stunning
HUMAN_MAX = 3
#: BPB-XS-004: overwhelming adds three ranks
OVERWHELM = 3


class Rating(Frozen):
    """A damage rating and whether its damage is stunning (temporary)."""

    dr: int
    stunning: bool = False


def unarmed(brawn: int) -> Rating:
    """BPB-DMG-001: DR = Brawn, stunning at human Brawn (3 or less)."""
    return Rating(dr=brawn, stunning=brawn <= HUMAN_MAX)


def weapon(weapon_dr: int, brawn: int) -> Rating:
    """BPB-DMG-002: the better of the weapon's DR and the wielder's Brawn; normal damage (PROPOSED)."""
    return Rating(dr=max(weapon_dr, brawn))


def overwhelmed(rating: Rating) -> Rating:
    """BPB-XS-004 (src 232): "adds three ranks to the power, solely for the purposes of that attack": a
    human-level blow (src 403: stunning at rank 3 or less) raised past rank 3 lands as normal damage."""
    dr = rating.dr + OVERWHELM
    return Rating(dr=dr, stunning=rating.stunning and dr <= HUMAN_MAX)


def squeeze(brawn: int, agility: int) -> Rating:
    """BPB-GRAB-006: DR = the better of Brawn and Agility, stunning at human level."""
    best = max(brawn, agility)
    return Rating(dr=best, stunning=best <= HUMAN_MAX)


def trip(agility: int) -> Rating:
    """BPB-GRAB-011: DR = Agility, stunning at human level."""
    return Rating(dr=agility, stunning=agility <= HUMAN_MAX)


class Throw(Frozen):
    """BPB-GRAB-008: how far a throw goes and the DR of the landing."""

    rank: int
    distance_ft: int
    dr: int


def throw(brawn: int, weight_lb: int) -> Throw:
    """Throw rank = Brawn - the Lifts rank of the weight; its Throws distance; landing DR = throw rank."""
    rank = brawn - lifts_rank(weight_lb)
    if rank < 0:
        raise RuleViolation("BPB-GRAB-008", f"Brawn {brawn} cannot lift {weight_lb} lb, let alone throw it.")
    return Throw(rank=rank, distance_ft=throws_ft(rank), dr=rank)


def protection(
    character: Character,
    damages: str,
    *,
    on: Iterable[str],
    ranks: Mapping[str, int] | None = None,
    stunted: Iterable[Power] = (),
) -> int:
    """BPB-DMG-009/010: the highest PV protecting against ``damages``; activated powers only while on.
    ``ranks``: the powers' ranks now (a boost or a drain, BPB-PP-007, BPB-REC-003), by name. ``stunted``:
    the powers stunts make for their time (BPB-PP-009), a protection among them at its stunt's rank."""
    active = {n.lower() for n in on}
    now = ranks or {}
    sheet = (
        now.get(p.name, p.rank)
        for p in character.powers
        if p.protects == damages and (not p.activated or p.name.lower() in active)
    )
    return max((*sheet, *(p.rank for p in stunted if p.protects == damages)), default=0)


def after_protection(dr: int, pv: int, *, penetrating: bool = False) -> int:
    """BPB-DMG-008/006: max(0, DR - PV); penetrating ignores half the PV (defender keeps the odd point)."""
    return max(0, dr - protection_left(pv, penetrating=penetrating))


def protection_left(pv: int, *, penetrating: bool) -> int:
    """BPB-DMG-006 (src 417): the PV that counts: a penetrating attack "ignores 50% of the defender's
    protection (round in defender's favor)", so the odd point stays."""
    return pv - pv // 2 if penetrating else pv


def explosion_dr(dr: int, radius_ft: int, distance_ft: int) -> int:
    """BPB-DMG-004: full DR within half the radius, half (rounded up) out to the radius, none beyond."""
    if distance_ft * 2 <= radius_ft:
        return dr
    if distance_ft <= radius_ft:
        return -(-dr // 2)
    return 0


def soft_landing(dr: int, factor: float) -> int:
    """BPB-GRAB-010 (src 355): a soft surface reduces the impact "by as much as half": ``dr`` x ``factor``
    rounded up, so no more than the factor's share comes off (throw rank 5 at 0.5 lands at 3)."""
    thousandths = round(factor * 1000)  # the factor as a whole number of thousandths: no float edge
    return -(-dr * thousandths // 1000)


def slam_landing(missed_by: int) -> int:
    """BPB-XS-006 (PROPOSED): the landing DR is half the miss, rounded down."""
    return missed_by // 2


def attack_rating(attacker: Character, power: Power | None, *, brawn: int | None = None) -> Rating:
    """The DR of an attack with ``power`` (None: a bare-handed blow); ``brawn``: the Brawn in play
    (boosted or drained), the sheet's when not given."""
    strength = attacker.attribute("Brawn") if brawn is None else brawn
    if power is None:
        return unarmed(strength)
    if power.weapon:
        return weapon(power.rank, strength)
    return Rating(dr=power.rank)
