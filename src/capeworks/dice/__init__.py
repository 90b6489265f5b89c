"""Dice: notation, rolling with a full breakdown, and exact odds.

Rolls are immutable results; anything that looks like a change returns a new
object. Faces come from a :class:`~capeworks.dice.source.DiceSource`.
"""

from capeworks.dice.source import DiceSource, GivenDice, SeededDice

__all__ = ["DiceSource", "GivenDice", "SeededDice"]
