"""Roll When You Need: d6 pools against difficulties, disaster dice, effects, stress and consequences.

The ruleset lives in :mod:`capeworks.systems.rwyn.ruleset`; the pure rule
helpers (pool building, odds, stress, wealth) can be used on their own.
"""

__all__: list[str] = []
