"""The numbers of the Workshop's rules as pure functions: each one a table or a formula of the seed.

Nothing here knows a table or a state; handlers call these and tests check them against the
inventory's worked examples (S1-S23).
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "AdvancedResult",
    "GlassJawResult",
    "advanced_mook",
    "cover_from",
    "falling_damage",
    "glass_jaw",
    "heroic_modifier",
    "knockback_metres",
    "massive",
    "percentile_penalty",
    "seriousness_penalty",
    "shot_count",
    "snapshot_modifier",
    "speed_bump_downed",
    "stabilise_difficulty",
    "wounds_for",
]


def shot_count(agility: int, wits: int, luck: int) -> int:
    """WS-SHOT-001: floor((Agility + Wits + Luck) / 3)."""
    return (agility + wits + luck) // 3


def heroic_modifier(n: int) -> int:
    """WS-SNAP-002, table T2: -(2 + N(N - 1)/2) for N = 1..10 targets."""
    if not 1 <= n <= 10:
        raise ValueError("the heroic table covers 1 to 10 targets")
    return -(2 + n * (n - 1) // 2)


def snapshot_modifier(n: int, *, heroic: bool = False, reversed_vs_mooks: bool = False) -> int:
    """WS-SNAP-001/002/003: the modifier on each of ``n`` split actions (0 for one action).

    Basic snapshots: 2 -> -3, 3 -> -5. With the heroic table, up to 10. Reversed against
    mooks (PROPOSED ``reversed_rows``): modifier(11 - N).
    """
    if n == 1 and not reversed_vs_mooks:
        return 0
    if reversed_vs_mooks:
        return heroic_modifier(11 - n)
    if heroic:
        return heroic_modifier(n)
    return {2: -3, 3: -5}[n]


def degree_of(total: int, target: int, *, double_zero: bool = False) -> str:
    """The wiki's first degrees of success (the inventory's secondary evidence), below success:
    Fumble (AV below 0, or a double-0 that fails), Total Failure (AV <= Defense - 5: the action turns
    Hazardous), Failure (short of the Defense by less than 5). "" for a success (the other degrees
    were not recovered)."""
    if total >= target:
        return ""
    if total < 0 or double_zero:
        return "fumble"
    if total <= target - 5:
        return "total_failure"
    return "failure"


def mook_gang_modifier(mooks: int) -> int:
    """WS-SNAP-003 (PROPOSED ``as_mook_defense_penalty``): a mook attacking a named character takes the
    heroic table's modifier(N) for the N mooks standing in its group (N capped at 10)."""
    return heroic_modifier(min(max(mooks, 1), 10))


def wounds_for(damage: int, wt: int, *, sand: str = "off", hit: bool = True) -> int:
    """WS-DMG-002 floor(Damage / WT); WS-GRIT-001 Sand in Your Teeth on hits (additive / minimum one)."""
    base = max(0, damage) // wt
    if hit and sand == "additive":
        return 1 + base
    if hit and sand == "minimum_one":
        return max(1, base)
    return base


def massive(damage: int, wt: int) -> bool:
    """WS-SHOCK-004: Damage of 4 x WT or more is Massive Damage."""
    return damage >= 4 * wt


_PERCENTILE = ((90, -5), (75, -4), (50, -3), (25, -2), (10, -1), (0, 0))


def percentile_penalty(wounds: int, toughness: int) -> int:
    """WS-WPEN-002, table T6: the row with the largest threshold at or below 100 x Wounds / Toughness."""
    if toughness <= 0 or wounds <= 0:
        return 0
    pct = 100 * wounds
    for threshold, penalty in _PERCENTILE:
        if pct >= threshold * toughness:
            return penalty
    return 0


def seriousness_penalty(worst: int) -> int:
    """WS-WPEN-003, table T7: the worst simultaneous wound impairs -2^(n-1) (n = 1..4)."""
    return -(2 ** (min(worst, 4) - 1)) if worst > 0 else 0


def falling_damage(metres: int, stunt_pv: int | None) -> int:
    """WS-DMG-010: Damage = metres fallen, less 1 m per full 5 PV of the Stunt + Agility roll vs 0."""
    reduction = max(0, stunt_pv) // 5 if stunt_pv is not None else 0
    return max(0, metres - reduction)


def cover_from(pv: int) -> int:
    """WS-COVER-001: one point of Cover per 5 PV (none on a failed roll)."""
    return max(0, pv) // 5


def knockback_metres(damage: int, mass: int) -> int | None:
    """WS-KNOCK-002: None when Damage does not exceed Mass Value, else floor((Damage - Mass) / 5) m."""
    if damage <= mass:
        return None
    return (damage - mass) // 5


class GlassJawResult(StrEnum):
    """Table T8."""

    NOTHING = "nothing"
    SHAKEN = "shaken"
    OUT = "out"


def glass_jaw(damage: int) -> GlassJawResult:
    """WS-MOOK-002, table T8: 0-4 nothing, 5-9 Shaken, 10+ Out."""
    if damage >= 10:
        return GlassJawResult.OUT
    return GlassJawResult.SHAKEN if damage >= 5 else GlassJawResult.NOTHING


class AdvancedResult(StrEnum):
    """Table T9."""

    SHAKEN = "shaken"
    FREE_D10 = "free_d10"
    UNCONSCIOUS = "unconscious"
    PERMANENTLY_OUT = "permanently_out"


def advanced_mook(damage: int) -> AdvancedResult:
    """WS-MOOK-003, table T9: 0-4 Shaken, 5-9 Free d10, 10-15 unconscious, 16+ permanently out."""
    if damage >= 16:
        return AdvancedResult.PERMANENTLY_OUT
    if damage >= 10:
        return AdvancedResult.UNCONSCIOUS
    return AdvancedResult.FREE_D10 if damage >= 5 else AdvancedResult.SHAKEN


def speed_bump_downed(pc_skill: int, damage: int, extra: int, mook_skill: int, soak: int, wt: int) -> int:
    """WS-MOOK-004: floor(max(0, PC Skill + Damage + extra dice - (Mook Skill + Soak)) / mook WT)."""
    return max(0, pc_skill + damage + extra - (mook_skill + soak)) // wt


def stabilise_difficulty(health: int, wounds: int) -> int:
    """WS-DARK-002: Medicine/Physician vs 25 - Health + 5 x Wounds."""
    return 25 - health + 5 * wounds
