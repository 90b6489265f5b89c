"""The one exception tree of capeworks.

Every error a person can cause is a :class:`CapeworksError` whose message is a
sentence that person understands. Each edge (CLI, HTTP, WebSocket) maps this
tree once; nothing below the edges formats error output.

::

    CapeworksError
    ├── DiceError                 bad dice notation or bad physical dice
    │   ├── DiceSyntaxError       position, expected, got
    │   └── DiceValueError        a given die that the roll cannot show
    ├── LimitExceeded             too many dice, too long, too big a request
    ├── InvalidCommand            a command the ruleset does not know or cannot parse
    ├── RuleViolation             the rules forbid it (names the rule ID)
    ├── NotPermitted              this seat may not do that (turn, ownership, GM only)
    ├── ConcurrencyConflict       the table moved on; reload and try again
    ├── StoreUnavailable          the database cannot be opened or reached
    ├── UnreadableEvent           a logged event this release cannot read (names it, its version, why)
    └── NotFound                  no such table, seat, actor or prompt
"""

from __future__ import annotations

__all__ = [
    "CapeworksError",
    "ConcurrencyConflict",
    "DiceError",
    "DiceSyntaxError",
    "DiceValueError",
    "InvalidCommand",
    "LimitExceeded",
    "NotFound",
    "NotPermitted",
    "RuleViolation",
    "StoreUnavailable",
    "UnreadableEvent",
]


class CapeworksError(Exception):
    """Root of every error capeworks raises on purpose."""

    #: short machine-readable family name, used by the JSON edges
    code = "error"

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        #: the command field a person must fill in or change, when there is one; each
        #: edge names it its own way (the CLI as ``field=...``, a form by its input)
        self.field = field

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready description for the API and `--json` output."""
        out: dict[str, object] = {"error": self.code, "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        return out


class DiceError(CapeworksError):
    """Something is wrong with dice: the notation, or the dice given."""

    code = "dice"


class DiceSyntaxError(DiceError):
    """Dice notation that does not parse; says where and what was expected."""

    code = "dice_syntax"

    def __init__(self, text: str, position: int, expected: str, got: str) -> None:
        self.text = text
        self.position = position
        self.expected = expected
        self.got = got
        pointer = f"at position {position + 1}"
        super().__init__(f"Cannot read dice {text!r} {pointer}: expected {expected}, got {got}.")

    def to_dict(self) -> dict[str, object]:
        return {
            **super().to_dict(),
            "position": self.position,
            "expected": self.expected,
            "got": self.got,
        }


class DiceValueError(DiceError):
    """Physical dice that cannot be used: a 7 on a d6, or too few or too many dice."""

    code = "dice_value"


class LimitExceeded(CapeworksError):
    """A request past a documented limit (dice count, sides, length, size)."""

    code = "limit"


class InvalidCommand(CapeworksError):
    """A command that is unknown or malformed."""

    code = "invalid_command"


class RuleViolation(CapeworksError):
    """The rules forbid this move; carries the rule ID that forbids it."""

    code = "rule_violation"

    def __init__(self, rule_id: str, message: str, *, field: str | None = None) -> None:
        self.rule_id = rule_id
        super().__init__(message, field=field)

    def to_dict(self) -> dict[str, object]:
        return {**super().to_dict(), "rule": self.rule_id}


class NotPermitted(CapeworksError):
    """This seat may not do this now: out of turn, not its character, GM only."""

    code = "not_permitted"


class ConcurrencyConflict(CapeworksError):
    """The table changed since you loaded it; nothing was written."""

    code = "conflict"


class StoreUnavailable(CapeworksError):
    """The database cannot be opened or reached; nothing was read or written."""

    code = "store_unavailable"


class NotFound(CapeworksError):
    """No such table, seat, actor, prompt or rule set."""

    code = "not_found"


class UnreadableEvent(CapeworksError):
    """A logged event this release cannot read: written by a newer release, or changed without an upcaster.

    Not damage: the log is as it was written. The message names the event
    (sequence number and type), its schema version and what is wrong;
    :meth:`of_log` says whose log it is.
    """

    code = "unreadable_event"

    def __init__(self, *, seq: int, type: str, version: int, problem: str, where: str = "") -> None:
        self.seq, self.type, self.version, self.problem, self.where = seq, type, version, problem, where
        of = f" of {where}" if where else ""
        super().__init__(f"Event {seq}{of} ({type}, version {version}) cannot be read: {problem}.")

    def of_log(self, where: str) -> UnreadableEvent:
        """The same error, saying whose log it is (``"table 'abc'"``, ``"the export"``)."""
        return UnreadableEvent(
            seq=self.seq, type=self.type, version=self.version, problem=self.problem, where=where
        )
