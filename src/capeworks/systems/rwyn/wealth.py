"""Wealth and Reputation: buying below, at and above your score, losing points, buying them back.

Implements RWYN-ABIL-003 (picked-up abilities; nothing to spend at 0),
RWYN-ABIL-004..007 (the purchase bands of table T2), RWYN-ABIL-008 (the
quantity limit one below Wealth), RWYN-ABIL-009 (buying lost points back
with XP) and RWYN-ABIL-010 (Reputation works the same for favours).
"""

from __future__ import annotations

from enum import StrEnum

from capeworks.errors import RuleViolation
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.sheet import Ability, Character

__all__ = ["Band", "Resource", "buy_back", "lose_points", "purchase_band", "spendable"]


class Resource(StrEnum):
    """The abilities spent on purchases and favours."""

    WEALTH = Ability.WEALTH.value
    REPUTATION = Ability.REPUTATION.value


class Band(StrEnum):
    """Table T2: what a cost means against a rating."""

    #: cost <= rating - 2: bought more or less without restriction (RWYN-ABIL-005)
    UNRESTRICTED = "unrestricted"
    #: cost = rating - 1: bought without trouble, limited quantities (RWYN-ABIL-004/008)
    LIMITED = "limited"
    #: cost = rating: a normal check (RWYN-ABIL-006)
    CHECK = "check"
    #: cost > rating: an attempt with disaster dice that cost points (RWYN-ABIL-007)
    REACH = "reach"


def purchase_band(cost: int, rating: int) -> Band:
    """Which band of table T2 a purchase of ``cost`` falls in for ``rating``."""
    if cost <= rating - 2:
        return Band.UNRESTRICTED
    if cost == rating - 1:
        return Band.LIMITED
    if cost == rating:
        return Band.CHECK
    return Band.REACH


def spendable(character: Character, resource: Resource) -> int:
    """The character's rating in ``resource``; refuses at 0 (nothing to spend, RWYN-ABIL-003)."""
    rating = character.rating(resource.value)
    if rating < 1:
        verb = "buy anything" if resource is Resource.WEALTH else "call in favours"
        raise RuleViolation(
            "RWYN-ABIL-003", f"{character.name} has no {resource.value} to spend and cannot {verb}."
        )
    return rating


def lose_points(character: Character, resource: Resource, points: int) -> tuple[Character, int]:
    """RWYN-ABIL-007/010: permanent loss, floor 0; returns the points actually lost."""
    rating = character.rating(resource.value)
    lost = min(points, rating)
    return (
        character.model_copy(
            update={
                "abilities": {**character.abilities, resource.value: rating - lost},
                "lost": {**character.lost, resource.value: character.lost.get(resource.value, 0) + lost},
            }
        ),
        lost,
    )


def buy_back(
    character: Character, resource: Resource, points: int, config: RwynConfig
) -> tuple[Character, int]:
    """RWYN-ABIL-009: restore lost points at ``buyback_xp_per_point`` XP each; returns the XP spent."""
    if points < 1:
        raise RuleViolation("RWYN-ABIL-009", "Buy back at least one point.")
    lost = character.lost.get(resource.value, 0)
    if points > lost:
        raise RuleViolation(
            "RWYN-ABIL-009", f"{character.name} has lost only {lost} {resource.value}; buy back at most that."
        )
    cost = points * config.buyback_xp_per_point
    if cost > character.xp:
        raise RuleViolation(
            "RWYN-ABIL-009",
            f"Buying back {points} {resource.value} costs {cost} XP; {character.name} has {character.xp}.",
        )
    rating = character.rating(resource.value)
    if rating + points > config.ability_max:
        # the GM may have raised the rating since (advancement): the buy back stops at the top (src 7)
        raise RuleViolation(
            "RWYN-ABIL-009",
            f"{character.name}'s {resource.value} is {rating}: buying back {points} would take it past "
            f"{config.ability_max}, the highest rating at this table.",
        )
    return (
        character.model_copy(
            update={
                "abilities": {**character.abilities, resource.value: rating + points},
                "lost": {**character.lost, resource.value: lost - points},
                "xp": character.xp - cost,
            }
        ),
        cost,
    )
