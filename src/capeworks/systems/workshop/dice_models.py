"""Dice models: how the dice part of a roll is rolled and read, and its exact odds (WS-CORE-001).

A model is chosen in the table's config (``dice``). The default reads one positive and one
negative d10 as 0-9 (a face of 10 reads 0, the "double-0" of the wiki): pos - neg in -9..+9.
Extra positive d10s (Free d10, Inspired) are rolled, read the same way, and added. Odds come
from the project's dice package, exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from capeworks.engine import DiceService, RollRecord
from capeworks.systems.workshop.config import DiceModelName

__all__ = ["DiceModel", "Throw", "double_zero", "model_for"]


@dataclass(frozen=True, slots=True)
class Throw:
    """The dice of one roll: their value and the record that holds the faces."""

    value: int
    record: RollRecord
    read: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DiceModel:
    """One way of rolling: ``pos_neg`` or a single d10, with extra positive dice added."""

    name: DiceModelName
    label: str
    #: a face of 10 reads 0 (d10s numbered 0-9)
    zero_based: bool
    #: a negative die is subtracted
    negative: bool

    def read(self, face: int) -> int:
        """A face as the model reads it."""
        return face % 10 if self.zero_based else face

    def roll(self, dice: DiceService, *, extra: int = 0, purpose: str) -> Throw:
        """Roll the base dice and ``extra`` positive d10s; the value is what the roll adds."""
        count = (2 if self.negative else 1) + extra
        record = dice.roll(count, 10, purpose=purpose)
        read = tuple(self.read(f) for f in record.faces)
        value = read[0] - read[1] + sum(read[2:]) if self.negative else sum(read)
        return Throw(value=value, record=record, read=read)

    def expression(self, extra: int = 0) -> str:
        """The dice part in the project's dice notation (for exact odds)."""
        if self.negative:
            return "1d10-1d10" + (f"+{extra}d10-{extra}" if extra else "")
        return "1d10" + (f"+{extra}d10" if extra else "")

    def p_at_least(self, need: int, *, extra: int = 0) -> Fraction:
        """P(dice part >= ``need``), exactly, through capeworks.dice."""
        from capeworks.dice import distribution

        return distribution(self.expression(extra)).at_least(need)


_MODELS = {
    DiceModelName.POS_NEG: DiceModel(
        DiceModelName.POS_NEG, "a positive and a negative d10, read 0-9", zero_based=True, negative=True
    ),
    DiceModelName.ONE_D10: DiceModel(
        DiceModelName.ONE_D10, "one d10, read 1-10", zero_based=False, negative=False
    ),
}


def double_zero(model: DiceModel, read: tuple[int, ...]) -> bool:
    """The wiki's "double-0": both base dice of the positive/negative model read 0."""
    return model.zero_based and model.negative and read[:2] == (0, 0)


def model_for(name: DiceModelName) -> DiceModel:
    """The dice model the config names."""
    return _MODELS[name]
