"""The dice service a ruleset's ``decide`` rolls through.

``decide`` never touches randomness itself: it asks this service, which takes
faces from a seeded generator or from the players' physical dice and records
every roll. The table checks that every recorded roll ended up in an event, so
replaying a log never needs to roll again.
"""

from __future__ import annotations

from capeworks.dice.source import DiceSource, GivenDice, SeededDice, SystemDice
from capeworks.engine.model import RollRecord
from capeworks.errors import LimitExceeded

__all__ = ["MAX_DICE_PER_COMMAND", "DiceService"]

#: no single command may roll more dice than this
MAX_DICE_PER_COMMAND = 1000


class _SeededOnFirstRoll:
    """A seeded source made only when a die is first rolled: most commands roll nothing, and
    seeding a generator costs more than the rest of such a command. Faces are exactly
    :class:`SeededDice`'s for the same seed."""

    __slots__ = ("_seed", "_source")

    def __init__(self, seed: int | str) -> None:
        self._seed = seed
        self._source: SeededDice | None = None

    def faces(self, count: int, sides: int) -> list[int]:
        source = self._source
        if source is None:
            source = self._source = SeededDice(self._seed)
        return source.faces(count, sides)


class DiceService:
    """Rolls dice for one command and remembers every roll."""

    def __init__(self, source: DiceSource) -> None:
        self._source = source
        self._records: list[RollRecord] = []
        self._count = 0

    @classmethod
    def seeded(cls, seed: int | str) -> DiceService:
        """Pseudo-random dice; the same seed gives the same faces (seeded when first rolled)."""
        return cls(_SeededOnFirstRoll(seed))

    @classmethod
    def system(cls) -> DiceService:
        """The operating system's randomness: unpredictable, for live tables."""
        return cls(SystemDice())

    @classmethod
    def given(cls, faces: list[int]) -> DiceService:
        """Physical dice: the players' results, used in order."""
        return cls(GivenDice(faces))

    @property
    def is_given(self) -> bool:
        """True when the faces are the players' own dice."""
        return isinstance(self._source, GivenDice)

    def roll(self, count: int, sides: int, *, purpose: str) -> RollRecord:
        """Roll ``count`` dice of ``sides`` sides for ``purpose`` and record it."""
        if count < 0 or sides < 1:
            raise ValueError(f"cannot roll {count}d{sides}")
        self._count += count
        if self._count > MAX_DICE_PER_COMMAND:
            raise LimitExceeded(f"One action may roll at most {MAX_DICE_PER_COMMAND} dice.")
        faces = tuple(self._source.faces(count, sides)) if count else ()
        record = RollRecord(purpose=purpose, sides=sides, faces=faces, given=self.is_given)
        self._records.append(record)
        return record

    @property
    def records(self) -> tuple[RollRecord, ...]:
        """Every roll made so far, in order."""
        return tuple(self._records)

    def finish(self) -> None:
        """Called after ``decide``: given dice must all have been used."""
        if isinstance(self._source, GivenDice):
            self._source.check_used_up()
