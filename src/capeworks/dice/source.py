"""Where die faces come from: a seeded generator or the players' own dice.

Everything that rolls (notation rolls, rulesets through the engine's dice
service, the lab) draws faces from a :class:`DiceSource`. Nothing in capeworks
calls the global ``random``: a seeded source reproduces its faces exactly, and
a :class:`GivenDice` source takes physical results typed in by the players and
checks each against the die it stands for.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol

from capeworks.errors import DiceValueError

__all__ = ["DiceSource", "GivenDice", "SeededDice", "SystemDice"]


class DiceSource(Protocol):
    """Gives faces for ``count`` dice of ``sides`` sides."""

    def faces(self, count: int, sides: int) -> list[int]:
        """Return ``count`` faces, each in ``1..sides``."""
        ...


class SeededDice:
    """Pseudo-random faces from a private generator; same seed, same faces.

    Faces are exactly those of ``random.Random(seed).randrange(1, sides + 1)``
    called once per die, drawn with CPython's own rejection sampling inlined
    (``getrandbits`` of ``sides.bit_length()`` bits, retried while out of
    range), which is about three times faster than calling ``randrange``.
    """

    __slots__ = ("_getrandbits",)

    def __init__(self, seed: int | str | None = None) -> None:
        self._getrandbits = random.Random(seed).getrandbits

    def faces(self, count: int, sides: int) -> list[int]:
        if sides < 1:
            raise ValueError("A die needs at least one side.")
        bits = self._getrandbits
        k = sides.bit_length()
        out: list[int] = []
        add = out.append
        for _ in range(count):
            r = bits(k)
            while r >= sides:
                r = bits(k)
            add(r + 1)
        return out


class SystemDice(SeededDice):
    """Faces from the operating system's randomness: what a live table rolls with.

    Nothing can reproduce or predict them; the table records every face, so
    replaying the log never needs to roll again. Seeds are for tests and
    reproductions only.
    """

    __slots__ = ()

    def __init__(self) -> None:
        self._getrandbits = random.SystemRandom().getrandbits


class GivenDice:
    """Faces typed in by players rolling real dice, used in order.

    A face the die cannot show, too few faces, or (via :meth:`check_used_up`)
    faces left over are errors with a message naming the die.
    """

    def __init__(self, values: Iterable[int]) -> None:
        self._values: list[int] = list(values)
        self._next = 0

    @classmethod
    def parse(cls, text: str) -> GivenDice:
        """Read ``"4,5,1"`` as given dice; anything else is a DiceValueError.

        Only ASCII digits with an optional sign count: ``int()`` would also take
        superscripts and other scripts' digits, and a blank between two commas is
        refused rather than skipped, as it usually means a die was left out.
        """
        if not text.strip():
            return cls([])
        values: list[int] = []
        for raw in text.split(","):
            p = raw.strip()
            if not p:
                raise DiceValueError(
                    "Given dice must be whole numbers separated by commas, like 4,5,1; one place is empty."
                )
            digits = p[1:] if p[0] in "+-" else p
            if not (digits.isascii() and digits.isdigit()):
                raise DiceValueError(f"Given dice must be whole numbers separated by commas, not {p!r}.")
            values.append(int(p))
        return cls(values)

    @property
    def remaining(self) -> Sequence[int]:
        """Faces not used yet."""
        return self._values[self._next :]

    @property
    def used(self) -> int:
        """How many faces were used so far."""
        return self._next

    def faces(self, count: int, sides: int) -> list[int]:
        take = self._values[self._next : self._next + count]
        if len(take) < count:
            raise DiceValueError(
                f"This roll needs {count} d{sides} but only {len(take)} given "
                f"{'die was' if len(take) == 1 else 'dice were'} left."
            )
        for v in take:
            if not 1 <= v <= sides:
                raise DiceValueError(f"A d{sides} cannot show {v}; give a number from 1 to {sides}.")
        self._next += count
        return take

    def fate_faces(self, count: int) -> list[int]:
        """Faces of ``count`` Fate dice, each -1, 0 or 1 (a blank counts 0)."""
        take = self._values[self._next : self._next + count]
        if len(take) < count:
            raise DiceValueError(
                f"This roll needs {count} Fate dice but only {len(take)} given "
                f"{'die was' if len(take) == 1 else 'dice were'} left."
            )
        for v in take:
            if v not in (-1, 0, 1):
                raise DiceValueError(f"A Fate die cannot show {v}; give -1, 0 or 1.")
        self._next += count
        return take

    def check_used_up(self) -> None:
        """Refuse leftover faces: they mean the players rolled something else."""
        left = len(self._values) - self._next
        if left:
            used = self._next
            given = len(self._values)
            if not used:
                # e.g. a purchase below Wealth, settled without a roll: the dice are simply not wanted
                raise DiceValueError(
                    f"Nothing was rolled, so the {given} {'die' if given == 1 else 'dice'} given "
                    f"{'is' if given == 1 else 'are'} left over: leave the dice out."
                )
            raise DiceValueError(
                f"The roll used {used} {'die' if used == 1 else 'dice'} but {given} were given; "
                f"{left} left over. Give exactly the dice rolled."
            )
