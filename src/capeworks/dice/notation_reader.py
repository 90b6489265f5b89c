"""The dice parser's reading of characters: where it is, what it tried, and one-sentence errors.

The base of :class:`capeworks.dice.notation_suffixes.DiceSuffixes` and of the
parser in :mod:`capeworks.dice.notation`; split from them so that no module
of the parser passes a few hundred lines.
"""

from __future__ import annotations

from capeworks.dice.expr import CmpOp, Explode, KeepKind
from capeworks.errors import DiceSyntaxError

__all__ = ["Reader"]

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every cold start
if TYPE_CHECKING:
    from typing import NoReturn

_SPACE = " \t\r\n"


def _digits(n: int) -> str:
    """How many decimal digits ``n`` has, said without ``str(n)`` (refused past 4,300 digits, and slow)."""
    if n < 10**18:
        return str(len(str(n)))
    return f"more than {int((n.bit_length() - 1) * 0.30103)}"


#: largest magnitude a power may reach (bulk rolls work in int64)
_MAX_POWER = 2**63
_DIGITS = "0123456789"
_END = "the end of the expression"
_NUMBER = "a number"
_COMPARISONS = ((">=", CmpOp.GE), ("<=", CmpOp.LE), ("==", CmpOp.EQ), ("!=", CmpOp.NE))
_STRICT = ((">", CmpOp.GT), ("<", CmpOp.LT))
_CMP_WORD = "a comparison ('>=', '<=', '>', '<', '==' or '!=')"
_KEEP_WORD = "a keep or drop ('kh', 'kl', 'dh', 'dl' or 'k')"
_KEEPS = {kind.value: kind for kind in KeepKind}
#: longest spelling first, so that '!!p' is not read as '!!' then 'p'
_EXPLOSIONS = (Explode.COMPOUND_PENETRATE, Explode.COMPOUND, Explode.PENETRATE, Explode.EXPLODE, Explode.ONCE)
#: order in which alternatives are listed in a message
_WORD_ORDER = (
    _NUMBER,
    "'d'",
    "'+'",
    "'-'",
    "'*'",
    "'/'",
    "'**'",
    "'^'",
    "'('",
    "')'",
    "'{'",
    "'}'",
    "','",
    _CMP_WORD,
    "'min'",
    "'max'",
    "'floor'",
    "'ceil'",
    "'round'",
    "'%'",
    "'F'",
    "an explosion ('!', '!!', '!p', '!!p' or 'xo')",
    "a compare point ('>=', '<=' or a face)",
    "a reroll ('r', 'ro' or 'ra')",
    "unique dice ('u' or 'uo')",
    "'<='",
    "'>='",
    _KEEP_WORD,
    "a keep or drop by value ('k>', 'k<', 'p>' or 'p<')",
    "a crit or fumble mark ('cs' or 'cf')",
    "Foundry's 'even', 'odd', 'df' or 'sf'",
    "Foundry's 'ms'",
    "'t'",
    "'f'",
    _END,
)


class Reader:
    """One parse: the text, where we are, and what was tried at the furthest point."""

    __slots__ = ("dice_end", "pos", "rolled", "text", "tried", "tried_at")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.rolled = 0
        #: where the latest dice term (with its suffixes) ended
        self.dice_end = -1
        self.tried: list[str] = []
        self.tried_at = -1

    # -- characters and errors

    def skip(self) -> None:
        text, pos = self.text, self.pos
        while pos < len(text) and text[pos] in _SPACE:
            pos += 1
        self.pos = pos

    def note(self, word: str) -> None:
        """Remember that ``word`` could have come here, for the error message."""
        if self.pos > self.tried_at:
            self.tried_at, self.tried = self.pos, []
        if self.pos == self.tried_at and word not in self.tried:
            self.tried.append(word)

    def take(self, literal: str, word: str) -> bool:
        """Consume ``literal`` (after whitespace) if it comes next."""
        self.skip()
        if self.text.startswith(literal, self.pos):
            self.pos += len(literal)
            return True
        self.note(word)
        return False

    def need(self, literal: str) -> None:
        if not self.take(literal, f"'{literal}'"):
            self.fail()

    def fail(self) -> NoReturn:
        """A syntax error at the furthest point reached, listing what could have come there."""
        self.skip()
        at = max(self.pos, self.tried_at)
        words = self.tried if at == self.tried_at else []
        raise DiceSyntaxError(self.text, at, _alternatives(words), self.found(at))

    def refuse(self, at: int, expected: str) -> NoReturn:
        """A value error: the text reads, but the number at ``at`` is out of range."""
        raise DiceSyntaxError(self.text, at, expected, self.found(at))

    def found(self, at: int) -> str:
        text = self.text
        if at >= len(text):
            return _END
        end = at
        while end < len(text) and text[end] in _DIGITS:
            end += 1
        return repr(text[at : max(end, at + 1)])

    def number_follows(self, at: int) -> bool:
        """Whether a plain number (not the count of dice, as in '1d12') comes at ``at``, after whitespace."""
        text = self.text
        while at < len(text) and text[at] in _SPACE:
            at += 1
        if not (at < len(text) and text[at] in _DIGITS):
            return False
        while at < len(text) and text[at] in _DIGITS + _SPACE:
            at += 1
        return not text.startswith("d", at)

    def number(self) -> tuple[int, int]:
        """A run of digits and where it starts."""
        self.skip()
        text, start = self.text, self.pos
        end = start
        while end < len(text) and text[end] in _DIGITS:
            end += 1
        if end == start:
            self.note(_NUMBER)
            self.fail()
        self.pos = end
        return int(text[start:end]), start


def _select_at(text: str, at: int) -> bool:
    """Whether d20's keep/drop by value (``k>3``, ``p<3``; ``k>=`` is a keep, a count) starts at ``at``."""
    word, then = text[at : at + 2], text[at + 2 : at + 3]
    return len(word) == 2 and word[0] in "kp" and word[1] in "<>" and then != "="


def _strict_hint(op: CmpOp, then: str = "") -> str:
    """What to write instead of '>'/'<', naming both readings other rollers give them."""
    wanted, roll20, others = (
        ("<=", "or less", "less than") if op is CmpOp.LT else (">=", "or more", "more than")
    )
    tail = f" {then}" if then else ""
    return f"'{wanted}'{tail} ('{op.value}' means '{roll20}' to Roll20 and '{others}' to others)"


def _alternatives(words: list[str]) -> str:
    ordered = sorted(words, key=lambda w: _WORD_ORDER.index(w) if w in _WORD_ORDER else len(_WORD_ORDER))
    if not ordered:
        return "a dice expression"
    if len(ordered) == 1:
        return ordered[0]
    return ", ".join(ordered[:-1]) + " or " + ordered[-1]
