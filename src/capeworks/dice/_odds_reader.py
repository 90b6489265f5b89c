"""A small, import-free reader of dice notation for :mod:`capeworks.dice.odds`.

``distribution("10d6")`` in a fresh process used to spend about a quarter of
its time importing the generated Lark parser and the dataclass expression
tree. This reader turns *valid* notation straight into the plain tuples the
odds code works on, importing nothing beyond what ``capeworks.dice`` already
has. It is deliberately timid: on anything it is not sure of (a syntax error,
a value out of range, a limit) it returns ``None`` and the caller falls back to
:func:`capeworks.dice.notation.parse`, which stays the source of truth and
raises the proper, positioned error. The tests check, on generated and
hand-picked text, that whenever this reader answers, ``parse`` agrees.

Nodes (tuples, so they hash and cache):

* ``("c", value)`` a whole number;
* ``("d", count, sides, kept, high, at_least, fail)`` a dice term: ``kept``
  dice counted, the highest ones if ``high``; ``at_least``/``fail`` are the
  success target and fail number, or ``None``;
* ``("neg", x)``; ``("+", a, b)``, ``("-", a, b)``, ``("*", a, b)``;
  ``("min", a, b)``, ``("max", a, b)``; a comparison ``(">=", a, b)`` etc.
"""

from __future__ import annotations

from capeworks.dice.limits import MAX_DICE_PER_TERM, MAX_DICE_TOTAL, MAX_EXPRESSION_LENGTH, MAX_SIDES

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (slow) at run time
if TYPE_CHECKING:
    from typing import Any, TypeAlias

    Node: TypeAlias = tuple[Any, ...]

_SPACE = " \t\r\n"
_DIGITS = "0123456789"
_CMPS_2 = (">=", "<=", "==", "!=")
_KEEPS = ("kh", "kl", "dh", "dl")


class _Unsure(Exception):
    """Not something this reader vouches for: let the real parser decide."""


class _Reader:
    __slots__ = ("pos", "rolled", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.rolled = 0

    # -- characters

    def peek(self) -> str:
        """The next character after whitespace, or '' at the end."""
        text, pos = self.text, self.pos
        while pos < len(text) and text[pos] in _SPACE:
            pos += 1
        self.pos = pos
        return text[pos] if pos < len(text) else ""

    def take(self, word: str) -> bool:
        if self.peek() and self.text.startswith(word, self.pos):
            self.pos += len(word)
            return True
        return False

    def need(self, word: str) -> None:
        if not self.take(word):
            raise _Unsure

    def number(self) -> int:
        self.peek()
        text, start = self.text, self.pos
        end = start
        while end < len(text) and text[end] in _DIGITS:
            end += 1
        if end == start:
            raise _Unsure
        self.pos = end
        return int(text[start:end])

    # -- grammar (grammar.lark)

    def start(self) -> Node:
        left = self.sum()
        op = self.compare_op()
        node = left if op is None else (op, left, self.sum())
        if self.peek():
            raise _Unsure
        return node

    def compare_op(self) -> str | None:
        for op in _CMPS_2:
            if self.take(op):
                return op
        for op in (">", "<"):
            if self.take(op):
                return op
        return None

    def sum(self) -> Node:
        node = self.product()
        while True:
            if self.take("+"):
                node = ("+", node, self.product())
            elif self.take("-"):
                node = ("-", node, self.product())
            else:
                return node

    def product(self) -> Node:
        node = self.unary()
        while self.take("*"):
            node = ("*", node, self.unary())
        return node

    def unary(self) -> Node:
        if self.take("-"):
            return ("neg", self.unary())
        return self.atom()

    def atom(self) -> Node:
        c = self.peek()
        if c in _DIGITS and c:
            value = self.number()
            if self.peek() == "d":
                return self.dice(value)
            return ("c", value)
        if c == "d":
            return self.dice(None)
        if self.take("("):
            node = self.sum()
            self.need(")")
            return node
        for fn in ("min", "max"):
            if self.take(fn):
                self.need("(")
                left = self.sum()
                self.need(",")
                right = self.sum()
                self.need(")")
                return (fn, left, right)
        raise _Unsure

    def dice(self, count: int | None) -> Node:
        self.need("d")
        sides = self.number()
        if count is None:
            count = 1
        elif count < 1:
            raise _Unsure
        if count > MAX_DICE_PER_TERM or not 1 <= sides <= MAX_SIDES:
            raise _Unsure
        kept, high = count, True
        self.peek()
        kind = self.text[self.pos : self.pos + 2]
        if kind in _KEEPS:
            self.pos += 2
            n = self.number()
            if n > count:
                raise _Unsure
            kept = n if kind[0] == "k" else count - n
            high = kind in ("kh", "dl")
        at_least: int | None = None
        fail: int | None = None
        if self.take("t"):
            at_least = self.number()
            if not 1 <= at_least <= sides:
                raise _Unsure
            if self.take("f"):
                fail = self.number()
                if not 1 <= fail < at_least:
                    raise _Unsure
        self.rolled += count
        if self.rolled > MAX_DICE_TOTAL:
            raise _Unsure
        return ("d", count, sides, kept, high, at_least, fail)


def read(text: str) -> Node | None:
    """The node tree of ``text`` if it is plainly valid notation, else ``None``."""
    if len(text) > MAX_EXPRESSION_LENGTH:
        return None
    try:
        return _Reader(text).start()
    except (_Unsure, RecursionError):
        return None
