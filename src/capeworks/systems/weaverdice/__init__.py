"""Weaverdice 3.0: d6 + (stat - 3) vs N+, effort, morale, typed wounds and their effect tables.

The ruleset for Worm-style campaigns (``../shared/rules/weaverdice.md``). Part 1
is everything a GM needs to run a fight.
"""

__all__: list[str] = []
