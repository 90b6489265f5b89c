"""Reading dice notation into an expression tree, once: a hand-written recursive-descent parser.

The grammar is written out in ``grammar.lark`` (the specification; the tests
build a Lark parser from it and check that this parser accepts the same texts
and builds the same trees). The parser itself is a few functions, one per
grammar rule, working straight on the characters: no generated tables, no
tokens list, nothing to import, so a cold ``capeworks roll`` pays almost
nothing for it. Results are cached, so rolling the same text again does not
parse it again.

Every failure is a :class:`~capeworks.errors.DiceSyntaxError` naming the
0-based position, what could have come there (every alternative tried at the
furthest point reached) and what was found; or a
:class:`~capeworks.errors.LimitExceeded`. Nothing else escapes.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from capeworks.dice.evaluate import bounds
from capeworks.dice.expr import (
    BinOp,
    Call,
    CmpOp,
    Compare,
    Const,
    Dice,
    Explode,
    Expr,
    Fn,
    Group,
    Keep,
    KeepKind,
    Neg,
    Op,
    Reroll,
    Target,
)
from capeworks.dice.limits import MAX_DICE_PER_TERM, MAX_DICE_TOTAL, MAX_EXPRESSION_LENGTH, MAX_SIDES
from capeworks.errors import DiceSyntaxError, LimitExceeded

__all__ = ["parse"]

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every cold start
if TYPE_CHECKING:
    from typing import NoReturn

_SPACE = " \t\r\n"
_DIGITS = "0123456789"
_END = "the end of the expression"
_NUMBER = "a number"
_COMPARISONS = ((">=", CmpOp.GE), ("<=", CmpOp.LE), ("==", CmpOp.EQ), ("!=", CmpOp.NE))
_STRICT = ((">", CmpOp.GT), ("<", CmpOp.LT))
_CMP_WORD = "a comparison ('>=', '<=', '>', '<', '==' or '!=')"
_KEEP_WORD = "a keep or drop ('kh', 'kl', 'dh' or 'dl')"
_KEEPS = {kind.value: kind for kind in KeepKind}
#: order in which alternatives are listed in a message
_WORD_ORDER = (
    _NUMBER,
    "'d'",
    "'+'",
    "'-'",
    "'*'",
    "'/'",
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
    "'%'",
    "'F'",
    "an explosion ('!', '!!' or '!p')",
    "a reroll ('r' or 'ro')",
    "'<='",
    "'>='",
    _KEEP_WORD,
    "'t'",
    "'f'",
    _END,
)


class _Reader:
    """One parse: the text, where we are, and what was tried at the furthest point."""

    __slots__ = ("pos", "rolled", "text", "tried", "tried_at")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.rolled = 0
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

    # -- the grammar, one method per rule

    def start(self) -> Expr:
        self.skip()
        bracketed = self.text.startswith("(", self.pos)
        left = self.sum()
        op_at = self.pos
        op = self.comparison()
        node: Expr = left
        if op is not None:
            self.skip()
            right = self.sum()
            if isinstance(left, Dice) and left.target is None and not bracketed and isinstance(right, Const):
                node = self.counting(left, op, op_at, right.value)
            else:
                node = Compare(op, left, right)
        self.skip()
        if self.pos < len(self.text):
            if op is None:
                self.note(_CMP_WORD)
            self.note(_END)
            self.fail()
        return node

    def counting(self, pool: Dice, op: CmpOp, op_at: int, value: int) -> Dice:
        """``6d10>=8``: a comparison right after a bare pool counts the dice for which it holds.

        This is how Roll20 and rpg-dice-roller read it; the total of the pool is
        compared by bracketing it, ``(6d10) >= 8``. ``>`` and ``<`` are refused
        after a pool of several dice, because Roll20 reads ``>8`` as "8 or more"
        and other rollers as "more than 8".
        """
        if pool.fate:
            self.refuse(op_at, "no comparison right after Fate dice (bracket them to compare the total)")
        if op in (CmpOp.GT, CmpOp.LT) and pool.count > 1:
            wanted = f"{'>=' if op is CmpOp.GT else '<='}"
            self.refuse(
                op_at,
                f"'{wanted}' to count dice, or brackets round the pool to compare its total "
                f"('{op.value}' means 'or more' to some rollers and 'more than' to others)",
            )
        return replace(pool, target=Target(value, None, op))

    def comparison(self) -> CmpOp | None:
        for literal, op in (*_COMPARISONS, *_STRICT):
            if self.take(literal, _CMP_WORD):
                return op
        return None

    def sum(self) -> Expr:
        node = self.product()
        while True:
            if self.take("+", "'+'"):
                node = BinOp(Op.ADD, node, self.product())
            elif self.take("-", "'-'"):
                node = BinOp(Op.SUB, node, self.product())
            else:
                return node

    def product(self) -> Expr:
        node = self.unary()
        while True:
            if self.take("*", "'*'"):
                node = BinOp(Op.MUL, node, self.unary())
            elif self.take("/", "'/'"):
                node = BinOp(Op.DIV, node, self.divisor())
            else:
                return node

    def divisor(self) -> Expr:
        self.skip()
        at = self.pos
        node = self.unary()
        low, high, _ = bounds(node)
        if low <= 0 <= high:
            self.refuse(at, "a divisor that can never be 0")
        return node

    def unary(self) -> Expr:
        if self.take("-", "'-'"):
            return Neg(self.unary())
        return self.atom()

    def atom(self) -> Expr:
        self.skip()
        text, pos = self.text, self.pos
        if pos < len(text) and text[pos] in _DIGITS:
            value, at = self.number()
            if self.take("d", "'d'"):
                return self.dice(value, at)
            return Const(value)
        if self.take("d", "'d'"):
            return self.dice(None, pos)
        if self.take("(", "'('"):
            node = self.sum()
            self.need(")")
            return node
        if self.take("{", "'{'"):
            return self.group(pos)
        for word in ("floor", "ceil"):
            if self.take(word, f"'{word}'"):
                self.need("(")
                node = self.sum()
                self.need(")")
                if word == "ceil" and isinstance(node, BinOp) and node.op is Op.DIV:
                    return BinOp(Op.CEIL_DIV, node.left, node.right)
                return node  # whole numbers are their own floor and ceiling
        for fn in (Fn.MIN, Fn.MAX):
            if self.take(fn.value, f"'{fn.value}'"):
                self.need("(")
                left = self.sum()
                self.need(",")
                right = self.sum()
                self.need(")")
                return Call(fn, left, right)
        self.note(_NUMBER)
        self.fail()

    def dice(self, count: int | None, at: int) -> Dice:
        fate = False
        if self.take("%", "'%'"):
            sides, sides_at = 100, self.pos - 1
        elif self.take("F", "'F'"):
            sides, sides_at, fate = 3, self.pos - 1, True
        else:
            sides, sides_at = self.number()
        n = 1 if count is None else count
        if n > MAX_DICE_PER_TERM:
            raise LimitExceeded(f"At most {MAX_DICE_PER_TERM} dice may be rolled in one term, not {n}.")
        if sides < 1:
            self.refuse(sides_at, "at least 1 side")
        if sides > MAX_SIDES:
            raise LimitExceeded(f"Dice may have at most {MAX_SIDES} sides, not {sides}.")
        self.rolled += n
        if self.rolled > MAX_DICE_TOTAL:
            raise LimitExceeded(
                f"At most {MAX_DICE_TOTAL} dice may be rolled at once; {self.text!r} rolls more."
            )
        reroll, explode = (None, None) if fate else self.modifiers(sides)
        self.skip()
        keep_at = self.pos
        keeps = self.keeps(n)
        if keeps and explode is Explode.EXPLODE:
            self.refuse(
                keep_at,
                "no keep or drop after '!' (its extra rolls are dice of their own); "
                "write '!!' to add them into the die that exploded",
            )
        target = None if fate else self.target(sides)
        return Dice(n, sides, keeps[0] if keeps else None, target, tuple(keeps[1:]), fate, explode, reroll)

    def modifiers(self, sides: int) -> tuple[Reroll | None, Explode | None]:
        """At most one of: a reroll (``r``, ``ro``) or an explosion (``!``, ``!!``, ``!p``)."""
        self.skip()
        at = self.pos
        text = self.text
        if text.startswith("!", at) and not text.startswith("!=", at):
            for kind in (Explode.COMPOUND, Explode.PENETRATE, Explode.EXPLODE):
                if text.startswith(kind.value, at):
                    self.pos += len(kind.value)
                    break
            if sides < 2:
                self.refuse(at, "a die of at least 2 sides to explode")
            self.no_second_modifier()
            return None, kind
        self.note("an explosion ('!', '!!' or '!p')")
        once = text.startswith("ro", at)
        if not once and not self.take("r", "a reroll ('r' or 'ro')"):
            return None, None
        if once:
            self.pos += 2
        op = CmpOp.EQ
        self.skip()
        op_at = self.pos
        for literal, cmp in (("<=", CmpOp.LE), (">=", CmpOp.GE)):
            if self.take(literal, f"'{literal}'"):
                op = cmp
                break
        else:  # read only to refuse them with a reason
            for literal, cmp in (("<", CmpOp.LT), (">", CmpOp.GT)):
                if self.text.startswith(literal, self.pos):
                    self.pos += 1
                    op = cmp
        if op in (CmpOp.LT, CmpOp.GT):
            wanted, roll20, others = (
                ("<=", "or less", "less than") if op is CmpOp.LT else (">=", "or more", "more than")
            )
            self.refuse(
                op_at, f"'{wanted}' ('{op.value}' means '{roll20}' to Roll20 and '{others}' to others)"
            )
        self.skip()
        if op is CmpOp.EQ and not (self.pos < len(text) and text[self.pos] in _DIGITS):
            value, value_at = 1, self.pos  # a bare 'r' rerolls the lowest face
        else:
            value, value_at = self.number()
        if not 1 <= value <= sides:
            self.refuse(value_at, f"a face from 1 to {sides} to reroll")
        reroll = Reroll(op, value, once)
        if not once and all(reroll.hits(f) for f in range(1, sides + 1)):
            self.refuse(value_at, "a face that leaves something to keep (this rerolls every face for ever)")
        self.no_second_modifier()
        return reroll, None

    def no_second_modifier(self) -> None:
        self.skip()
        if self.text.startswith(("!", "r"), self.pos) and not self.text.startswith("!=", self.pos):
            self.refuse(self.pos, "one of exploding or rerolling per dice term, not both")

    def group(self, at: int) -> Group:
        """``{1d8, 1d6, 1d10}kh2``: rolls kept or dropped by their totals."""
        items = [self.sum()]
        while self.take(",", "','"):
            items.append(self.sum())
        self.need("}")
        keeps = self.keeps(len(items), what="rolls in the group")
        if keeps and len(items) < 2:
            self.refuse(
                at, "a group of at least two rolls to keep from (to keep dice of one roll, write 4d6kh3)"
            )
        return Group(tuple(items), tuple(keeps))

    def keeps(self, pool: int, *, what: str = "dice") -> list[Keep]:
        """Keep/drop suffixes, each applied to the dice the ones before it kept."""
        out: list[Keep] = []
        low, high = 0, pool
        while True:
            self.skip()
            kind = _KEEPS.get(self.text[self.pos : self.pos + 2])
            if kind is None:
                self.note(_KEEP_WORD)
                return out
            self.pos += 2
            count, at = self.number()
            if count > high - low:
                left = "" if not out else " still kept"
                self.refuse(at, f"at most {high - low} (the number of {what}{left})")
            keep = Keep(kind, count)
            out.append(keep)
            low, high = keep.narrow(low, high)

    def target(self, sides: int) -> Target | None:
        if not self.take("t", "'t'"):
            return None
        at_least, at = self.number()
        if not 1 <= at_least <= sides:
            self.refuse(at, f"a target from 1 to {sides} (a d{sides})")
        fail: int | None = None
        if self.take("f", "'f'"):
            fail, at = self.number()
            if not 1 <= fail < at_least:
                self.refuse(at, f"a fail number from 1 to {at_least - 1} (below the target {at_least})")
        return Target(at_least, fail)


def _alternatives(words: list[str]) -> str:
    ordered = sorted(words, key=lambda w: _WORD_ORDER.index(w) if w in _WORD_ORDER else len(_WORD_ORDER))
    if not ordered:
        return "a dice expression"
    if len(ordered) == 1:
        return ordered[0]
    return ", ".join(ordered[:-1]) + " or " + ordered[-1]


@lru_cache(maxsize=2048)
def parse(text: str) -> Expr:
    """Read notation such as ``"4d6kh3 + 2"`` into an expression tree.

    Raises DiceSyntaxError (with a 0-based ``position``) for notation that does
    not read, and LimitExceeded past the limits in :mod:`capeworks.dice.limits`.
    """
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise LimitExceeded(
            f"Dice expressions may be at most {MAX_EXPRESSION_LENGTH} characters; this one has {len(text)}."
        )
    return _Reader(text).start()
