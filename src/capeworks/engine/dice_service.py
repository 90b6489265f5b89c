"""The dice service a ruleset's ``decide`` rolls through.

``decide`` never touches randomness itself: it asks this service, which takes
faces from a seeded generator or from the players' physical dice and records
every roll. The table checks that every recorded roll ended up in an event, so
replaying a log never needs to roll again.
"""

from __future__ import annotations

from pydantic import BaseModel

from capeworks.dice.source import DiceSource, GivenDice, SeededDice, SystemDice
from capeworks.engine.model import RollRecord
from capeworks.errors import DiceValueError, LimitExceeded

__all__ = ["MAX_DICE_PER_COMMAND", "DiceService"]

#: no single command may roll more dice than this
MAX_DICE_PER_COMMAND = 1000

_FIELDS = frozenset(RollRecord.model_fields)
_new = object.__new__
# a model instance's slots, set through their descriptors (cheaper than object.__setattr__ by name)
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def _record(purpose: str, sides: int, faces: tuple[int, ...], given: bool) -> RollRecord:
    """The RollRecord pydantic would build from these values, without validating them again.

    The faces come from a source as ints and the other values are checked to be of their exact
    field types first, so the instance is the one validation gives (equal, same JSON); anything
    else goes through the model and fails as it always did.
    """
    if type(purpose) is not str or type(sides) is not int:
        return RollRecord(purpose=purpose, sides=sides, faces=faces, given=given)
    record = _new(RollRecord)
    _set_dict(record, {"purpose": purpose, "sides": sides, "faces": faces, "given": given})
    _set_fields_set(record, _FIELDS)
    _set_extra(record, None)
    _set_private(record, None)
    return record


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


#: the sources whose faces are plain ints by construction
_OWN_SOURCES = (_SeededOnFirstRoll, SeededDice, SystemDice)


class DiceService:
    """Rolls dice for one command and remembers every roll."""

    def __init__(self, source: DiceSource) -> None:
        self._source = source
        self._records: list[RollRecord] = []
        # the records as last handed out (rolls are only ever appended, so its length dates it)
        self._kept: tuple[RollRecord, ...] = ()
        self._count = 0
        #: a player's dice (:meth:`players`): the table's own dice for these rolls, by their number
        self._table: DiceSource | None = None
        self._tables_rolls: frozenset[int] = frozenset()
        #: rolls the player's dice ran short for, rolled with the table's instead: number -> the refusal
        self.short: dict[int, str] = {}

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

    @classmethod
    def players(cls, faces: list[int], table: DiceSource, tables_rolls: frozenset[int]) -> DiceService:
        """A player's physical dice, with the table's own (``table``) for the rolls numbered in
        ``tables_rolls`` and for any roll the given dice run short of (noted in :attr:`short`).

        The GM's secret rolls in a player's action are the table's: the table (``Table.prepare``)
        finds them by the events they land in and rolls again with them in ``tables_rolls``, so a
        player's dice never set a roll kept from them, nor does a refusal count or name one."""
        service = cls(GivenDice(faces))
        service._table = table
        service._tables_rolls = tables_rolls
        return service

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
        source = self._source
        if self._table is not None:
            return self._players_roll(count, sides, purpose)
        try:
            faces = tuple(source.faces(count, sides)) if count else ()
        except DiceValueError:
            if isinstance(source, GivenDice) and len(source.remaining) < count:
                raise DiceValueError(self._ran_out(count, sides, purpose, len(source.remaining))) from None
            raise
        if type(source) in _OWN_SOURCES:
            # the table's own dice: ints from the generator, so nothing to validate
            record = _record(purpose, sides, faces, False)
        else:
            record = RollRecord(purpose=purpose, sides=sides, faces=faces, given=self.is_given)
        self._records.append(record)
        return record

    def _players_roll(self, count: int, sides: int, purpose: str) -> RollRecord:
        """One roll of a player's action: their dice, or the table's (see :meth:`players`)."""
        given = self._source
        table = self._table
        assert isinstance(given, GivenDice) and table is not None
        number = len(self._records)
        left = len(given.remaining)
        if number in self._tables_rolls or left < count:
            if number not in self._tables_rolls:
                self.short[number] = self._ran_out(count, sides, purpose, left, before=given.used)
            record = _record(purpose, sides, tuple(table.faces(count, sides)) if count else (), False)
        else:
            faces = tuple(given.faces(count, sides)) if count else ()
            record = RollRecord(purpose=purpose, sides=sides, faces=faces, given=True)
        self._records.append(record)
        return record

    def _ran_out(self, count: int, sides: int, purpose: str, left: int, *, before: int | None = None) -> str:
        """Which roll the players' dice ran out at, so they know what else to roll and type in
        (``before``: the given dice the rolls before it took; all dice rolled before it by default)."""
        if before is None:
            before = self._count - count
        return (
            f"The dice given ran out at the roll for {purpose!r}: it needs {count} d{sides} but only {left} "
            f"given {'die was' if left == 1 else 'dice were'} left ({before} went to the rolls before it)."
        )

    @property
    def records(self) -> tuple[RollRecord, ...]:
        """Every roll made so far, in order (the same tuple until the next roll)."""
        kept = self._kept
        if len(kept) != len(self._records):
            kept = self._kept = tuple(self._records)
        return kept

    @property
    def rolled(self) -> int:
        """How many rolls were made so far."""
        return len(self._records)

    def finish(self) -> None:
        """Called after ``decide``: given dice must all have been used."""
        if isinstance(self._source, GivenDice):
            self._source.check_used_up()
