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

from capeworks.dice.evaluate import bounds, can_be_zero
from capeworks.dice.expr import (
    Abs,
    BinOp,
    Call,
    CmpOp,
    Compare,
    ComputedDice,
    Const,
    Dice,
    Explode,
    Expr,
    Fn,
    Group,
    Keep,
    KeepKind,
    Neg,
    Note,
    Op,
    Point,
    Reroll,
    Select,
    Target,
    dice_terms,
)
from capeworks.dice.limits import (
    MAX_COMMENT,
    MAX_DICE_PER_TERM,
    MAX_DICE_TOTAL,
    MAX_EXPRESSION_LENGTH,
    MAX_LABEL,
    MAX_SIDES,
)
from capeworks.errors import DiceSyntaxError, LimitExceeded

__all__ = ["parse"]

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
    "a reroll ('r' or 'ro')",
    "'<='",
    "'>='",
    _KEEP_WORD,
    "a keep or drop by value ('k>', 'k<', 'p>' or 'p<')",
    "'t'",
    "'f'",
    _END,
)


class _Reader:
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

    # -- the grammar, one method per rule

    def start(self) -> Expr:
        self.skip()
        left = self.sum()
        after_dice = self.text[self.dice_end : self.pos].strip(_SPACE) == "" if self.dice_end >= 0 else False
        op_at = self.pos
        op = self.comparison()
        node: Expr = left
        if op is not None:
            self.skip()
            right_at = self.pos
            right = self.sum()
            number_next = right_at < len(self.text) and self.text[right_at] in _DIGITS
            label = right.text if isinstance(right, Note) and isinstance(right.operand, Const) else None
            value = right.operand if isinstance(right, Note) and label is not None else right
            pool = left.dice if isinstance(left, ComputedDice) else left
            if after_dice and isinstance(pool, Dice) and pool.target is None and isinstance(value, Const):
                counted: Expr = self.counting(pool, op, op_at, value.value)
                if isinstance(left, ComputedDice) and isinstance(counted, Dice):
                    counted = ComputedDice(left.count, counted)
                node = counted if label is None else Note(counted, label)
            elif (
                number_next
                and _starts_with_number(right)
                and self.text[:op_at].rstrip(_SPACE).endswith("]")
                and _ends_with_labelled_dice(left)
            ):
                self.refuse(
                    op_at,
                    "the label after the count ('6d10>=8[hits]'), or brackets round the labelled dice "
                    "to compare their total ('(6d10[x]) >= 8'): right after dice a comparison counts them",
                )
            elif after_dice and number_next and _starts_with_number(right) and _ends_with_bare_dice(left):
                self.refuse(
                    op_at,
                    "brackets round the dice before a comparison, or 't' to count them: Roll20 and "
                    "rpg-dice-roller count the dice right before a comparison (read '6d10>=8+1' as "
                    "'6d10t8+1', '-6d10>=8' as '-6d10t8'), capeworks would compare a total "
                    "(write '(6d10) >= 8+1')",
                )
            else:
                node = Compare(op, left, right)
        self.skip()
        if self.take("#", "'#'"):
            words = self.text[self.pos :].strip()
            if not words or len(words) > MAX_COMMENT or not words.isprintable():
                self.refuse(self.pos, f"a comment of 1-{MAX_COMMENT} printable characters on one line")
            return Note(node, words, comment=True)
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
        after any pool, a single die included, because Roll20 reads ``>8`` as
        "8 or more" and other rollers as "more than 8".
        """
        if pool.fate:
            self.refuse(op_at, "no comparison right after Fate dice (bracket them to compare the total)")
        if op in (CmpOp.GT, CmpOp.LT):
            self.refuse(
                op_at, _strict_hint(op, "to count dice, or brackets round the pool to compare its total")
            )
        top = None if pool.explode is not None and not pool.explode.separate else pool.sides
        return replace(pool, target=self.failures(Target(value, None, op), top))

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
            elif self.take("%", "'%'"):
                node = BinOp(Op.MOD, node, self.divisor())
            else:
                return node

    def divisor(self) -> Expr:
        self.skip()
        at = self.pos
        node = self.unary()
        if can_be_zero(node):
            self.refuse(at, "a divisor that can never be 0")
        return node

    def unary(self) -> Expr:
        if self.take("-", "'-'"):
            return Neg(self.unary())
        return self.power()

    def power(self) -> Expr:
        """``a ** b`` (or ``a ^ b``): right-associative, binding tighter than a minus on its left."""
        base = self.labelled(self.atom())
        if not (self.take("**", "'**'") or self.take("^", "'^'")):
            return base
        self.skip()
        at = self.pos
        exponent = self.unary()
        low = bounds(exponent)[0]
        if low < 0:
            self.refuse(at, "an exponent that is never negative (a power must stay whole)")
        node = BinOp(Op.POW, base, exponent)
        widest = bounds(node)[2]
        if widest > _MAX_POWER:
            raise LimitExceeded(
                f"A power in {self.text!r} reaches {_digits(widest)} digits; the limit is 2**63."
            )
        return node

    def labelled(self, node: Expr) -> Expr:
        """``1d20[attack]``: a label in square brackets after a term names it (it counts for nothing)."""
        while self.take("[", "'['"):
            at = self.pos
            end = self.text.find("]", at)
            words = self.text[at:end].strip() if end >= 0 else ""
            readable = words.isprintable() and "[" not in words and "#" not in words
            if end < 0 or not words or len(words) > MAX_LABEL or not readable:
                self.refuse(at, f"a label of 1-{MAX_LABEL} printable characters and then ']'")
            self.pos = end + 1
            node = Note(node, words)
        return node

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
            if self.take("d", "'d'"):
                return self.computed(node, pos)
            return node
        if self.take("{", "'{'"):
            return self.group(pos)
        for word, rounding in (("floor", Op.FLOOR_DIV), ("ceil", Op.CEIL_DIV), ("round", Op.ROUND_DIV)):
            if self.take(word, f"'{word}'"):
                self.need("(")
                self.skip()
                inner_at = self.pos
                node = self.sum()
                self.need(")")
                rounded = round_once(node, rounding)
                if rounded is None:
                    self.refuse(
                        inner_at,
                        f"at most one division inside {word}(), with whole numbers added to it, "
                        f"subtracted or multiplying it (so that it rounds once, exactly)",
                    )
                return rounded
        if self.take("abs", "'abs'"):
            self.need("(")
            node = self.sum()
            self.need(")")
            return Abs(node)
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

    def computed(self, count: Expr, at: int) -> Expr:
        """``(1d4)d6``: the count is an expression; without dice in it, it is just a number (``(1+2)d6``)."""
        low, high, _ = bounds(count)
        if low < 0:
            self.refuse(at, "a count of dice that can never be negative")
        if high > MAX_DICE_PER_TERM:
            raise LimitExceeded(
                f"At most {MAX_DICE_PER_TERM} dice may be rolled in one term; {self.text!r} may roll {high}."
            )
        if next(dice_terms(count), None) is None:
            return self.dice(high, at)
        return ComputedDice(count, self.dice(high, at, fewest=low))

    def dice(self, count: int | None, at: int, *, fewest: int | None = None) -> Dice:
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
        reroll, explode, point = (None, None, None) if fate else self.modifiers(sides)
        least, most = (None, None) if fate or reroll or explode else self.clamps(sides)
        self.skip()
        keep_at = self.pos
        if fewest is None:
            keeps = self.keeps(n)
        else:
            keeps = self.keeps(fewest, what="dice the count can come to, at fewest")
        if keeps and explode is not None and explode.separate:
            self.refuse(
                keep_at,
                f"no keep or drop after '{explode.value}' (its extra rolls are dice of their own); "
                f"write '!{explode.value}' to add them into the die that exploded",
            )
        selects = self.selects(explode)
        top = None if explode is not None and not explode.separate else sides
        target = None if fate else self.target(top)
        self.dice_end = self.pos
        return Dice(
            n,
            sides,
            keeps[0] if keeps else None,
            target,
            tuple(keeps[1:]),
            fate,
            explode,
            reroll,
            point,
            least,
            most,
            selects,
        )

    def selects(self, explode: Explode | None) -> tuple[Select, ...]:
        """d20's ``k>3`` / ``k<3`` / ``p>4`` / ``p<3``: keep or drop the dice showing more / less than N.

        Strict, as d20 reads them (the only roller with these spellings). They
        come after any keep/drop by position and act on the dice it kept.
        """
        out: list[Select] = []
        text = self.text
        while True:
            self.skip()
            at = self.pos
            if not _select_at(text, at):
                self.note("a keep or drop by value ('k>', 'k<', 'p>' or 'p<')")
                break
            if explode is not None and explode.separate:
                self.refuse(
                    at,
                    f"no keep or drop after '{explode.value}' (its extra rolls are dice of their own); "
                    f"write '!{explode.value}' to add them into the die that exploded",
                )
            self.pos += 2
            value, _ = self.number()
            out.append(Select(text[at] == "k", CmpOp.GT if text[at + 1] == ">" else CmpOp.LT, value))
        self.skip()
        if out and (text[self.pos : self.pos + 2] in _KEEPS or text.startswith("k", self.pos)):
            self.refuse(self.pos, "keep or drop by position ('kh3') before keep or drop by value ('k>3')")
        return tuple(out)

    def clamps(self, sides: int) -> tuple[int | None, int | None]:
        """``min2``, ``max5`` (d20's ``mi2``, ``ma5``): each die counts as at least / at most that."""
        least: int | None = None
        most: int | None = None
        text = self.text
        while True:
            self.skip()
            at = self.pos
            word = next((w for w in ("min", "mi", "max", "ma") if text.startswith(w, at)), None)
            if word is None:
                self.note("a per-die 'min' or 'max'")
                break
            self.pos += len(word)
            value, value_at = self.number()
            if not 1 <= value <= sides:
                what = "minimum" if word.startswith("mi") else "maximum"
                self.refuse(value_at, f"a face from 1 to {sides} for each die's {what}")
            if word.startswith("mi"):
                if least is not None:
                    self.refuse(at, "one per-die 'min' per dice term")
                least = value
            else:
                if most is not None:
                    self.refuse(at, "one per-die 'max' per dice term")
                most = value
            if least is not None and most is not None and least > most:
                self.refuse(value_at, f"a per-die 'max' of at least the 'min' ({least})")
        if least is not None or most is not None:
            self.skip()
            if text.startswith(("!", "r", "xo"), self.pos) and not text.startswith("!=", self.pos):
                self.refuse(self.pos, "no reroll or explosion after a per-die 'min' or 'max' (one of them)")
        return least, most

    def modifiers(self, sides: int) -> tuple[Reroll | None, Explode | None, Point | None]:
        """At most one of: a reroll (``r``, ``ro``) or an explosion (``!``, ``!!``, ``!p``, ``!!p``)."""
        self.skip()
        at = self.pos
        text = self.text
        not_equal = text.startswith("!=", at) and not text.startswith("!==", at)
        if not_equal and self.number_follows(at + 2):
            self.refuse(
                at,
                "'!V' to explode on V, or 't!=V' to count the dice not showing V "
                "('!=' right after dice explodes on V to rpg-dice-roller and counts to others)",
            )
        if (text.startswith("!", at) and not not_equal) or text.startswith("xo", at):
            for kind in (*_EXPLOSIONS,):
                if text.startswith(kind.value, at):
                    self.pos += len(kind.value)
                    break
            if sides < 2:
                self.refuse(at, "a die of at least 2 sides to explode")
            point = self.explode_point(sides)
            self.no_second_modifier()
            return None, kind, point
        self.note("an explosion ('!', '!!', '!p', '!!p' or 'xo')")
        once = text.startswith("ro", at)
        if not once and not self.take("r", "a reroll ('r' or 'ro')"):
            return None, None, None
        if once:
            self.pos += 2
        first, value_at = self.reroll_condition(sides)
        more: list[Point] = []
        word = "ro" if once else "r"
        while True:  # further conditions: Roll20's '2d10r1r2' rerolls 1s and 2s
            self.skip()
            again_at = self.pos
            if not text.startswith("r", again_at):
                break
            if text.startswith("ro", again_at) != once:
                self.refuse(
                    again_at,
                    f"'{word}' for every reroll condition of one term, not both 'r' and 'ro' "
                    f"(as in '{word}{first}{word}3')",
                )
            self.pos += len(word)
            point, value_at = self.reroll_condition(sides)
            more.append(point)
        reroll = Reroll(first.op, first.value, once, tuple(more))
        if not once and all(reroll.hits(f) for f in range(1, sides + 1)):
            self.refuse(value_at, "a face that leaves something to keep (this rerolls every face for ever)")
        self.no_second_modifier()
        return reroll, None, None

    def reroll_condition(self, sides: int) -> tuple[Point, int]:
        """``1``, ``<=2`` or ``>=5`` right after ``r``/``ro``; nothing there is ``1`` (the lowest face)."""
        text = self.text
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
            self.refuse(op_at, _strict_hint(op))
        self.skip()
        if op is CmpOp.EQ and not (self.pos < len(text) and text[self.pos] in _DIGITS):
            value, value_at = 1, self.pos  # a bare 'r' rerolls the lowest face
        else:
            value, value_at = self.number()
        if not 1 <= value <= sides:
            self.refuse(value_at, f"a face from 1 to {sides} to reroll")
        return Point(op, value), value_at

    def explode_point(self, sides: int) -> Point | None:
        """``!>=8``, ``!<=2`` or ``!8`` right after the explosion: which faces explode (Roll20's reading)."""
        self.skip()
        text, at = self.text, self.pos
        if text.startswith(("!=", "=="), at):
            return None  # a count after the explosion ('6d10! !=3'), not a compare point
        op = CmpOp.EQ
        for literal, cmp in ((">=", CmpOp.GE), ("<=", CmpOp.LE), (">", CmpOp.GT), ("<", CmpOp.LT)):
            if text.startswith(literal, at):
                if cmp in (CmpOp.GT, CmpOp.LT):
                    self.refuse(at, _strict_hint(cmp, "to explode on a threshold"))
                self.pos += len(literal)
                op = cmp
                break
        else:
            self.note("a compare point ('>=', '<=' or a face)")
            if not (at < len(text) and text[at] in _DIGITS):
                return None
        value, value_at = self.number()
        if not 1 <= value <= sides:
            self.refuse(value_at, f"a face from 1 to {sides} to explode on")
        point = Point(op, value)
        if all(point.hits(f) for f in range(1, sides + 1)):
            self.refuse(value_at, "a face that leaves some face not exploding (this explodes for ever)")
        if not any(point.hits(f) for f in range(1, sides + 1)):
            self.refuse(value_at, f"a face from 1 to {sides} to explode on")
        return None if op is CmpOp.EQ and value == sides else point

    def no_second_modifier(self) -> None:
        self.skip()
        text, at = self.text, self.pos
        if text.startswith(("!", "r", "mi", "ma"), at) and not text.startswith("!=", at):
            self.refuse(at, "one of exploding or rerolling (or a per-die min/max) per dice term, not both")

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
        """Keep/drop suffixes, each applied to the dice the ones before it kept.

        Without a number a suffix names one die (``2d20kh``, as Foundry and
        rpg-dice-roller read it); a bare ``k`` keeps the highest (``4d6k3``).
        """
        out: list[Keep] = []
        low, high = 0, pool
        text = self.text
        while True:
            self.skip()
            if _select_at(text, self.pos):
                return out  # 'k>3': keep by value
            kind = _KEEPS.get(text[self.pos : self.pos + 2])
            width = 2
            if kind is None and text.startswith("k", self.pos):
                kind, width = KeepKind.KEEP_HIGHEST, 1
            if kind is None:
                self.note(_KEEP_WORD)
                return out
            self.pos += width
            self.skip()
            if self.pos < len(text) and text[self.pos] in _DIGITS:
                count, at = self.number()
            else:
                count, at = 1, self.pos
            if count > high - low:
                left = "" if not out else " still kept"
                self.refuse(at, f"at most {high - low} (the number of {what}{left})")
            keep = Keep(kind, count)
            out.append(keep)
            low, high = keep.narrow(low, high)

    def target(self, top: int | None) -> Target | None:
        """``t5``, ``t5f1`` (a target from 1 to ``top``; None: no limit), or ``t!=3`` counting as written."""
        if not self.take("t", "'t'"):
            return None
        self.skip()
        op_at = self.pos
        for literal, op in (*_COMPARISONS, *_STRICT):
            if self.text.startswith(literal, op_at):
                if op in (CmpOp.GT, CmpOp.LT):
                    self.refuse(op_at, _strict_hint(op, "to count dice"))
                self.pos += len(literal)
                value, _ = self.number()
                return self.failures(Target(value, None, op), top)  # any number, as after a bare pool
        self.note(_CMP_WORD)
        at_least, at = self.number()
        if at_least < 1 or (top is not None and at_least > top):
            self.refuse(at, f"a target from 1 to {top} (a d{top})" if top else "a target of at least 1")
        return self.failures(Target(at_least), top, bare=True)

    def failures(self, target: Target, top: int | None, *, bare: bool = False) -> Target:
        """``f1``, ``f<=2``, ``f==2``, ``f>=6`` after a count: each die it picks out counts -1.

        A bare ``fN`` after a bare ``tN`` is "N or less" (below the target), as
        before; after a comparison (``4d6>=4f1``, ``t>=4f1``) only ``f1`` reads,
        since Roll20 and rpg-dice-roller read a bare ``fN`` as exactly N.
        """
        if not self.take("f", "'f'"):
            return target
        self.skip()
        op_at = self.pos
        for literal, op in (("<=", CmpOp.LE), (">=", CmpOp.GE), ("==", CmpOp.EQ), *_STRICT):
            if self.text.startswith(literal, op_at):
                if op in (CmpOp.GT, CmpOp.LT):
                    self.refuse(op_at, _strict_hint(op, "for failures"))
                self.pos += len(literal)
                value, at = self.number()
                if value < 1 or (top is not None and value > top):
                    self.refuse(at, f"a face from 1 to {top} for failures" if top else "a face of at least 1")
                return replace(target, fail_at_most=value, fail_op=op)
        self.note("a compare point ('<=', '>=', '==' or a face)")
        value, at = self.number()
        if bare:
            if not 1 <= value < target.at_least:
                self.refuse(
                    at, f"a fail number from 1 to {target.at_least - 1} (below the target {target.at_least})"
                )
            return replace(target, fail_at_most=value)
        if value != 1:
            self.refuse(
                at,
                f"'f<={value}' for {value} or less, or 'f=={value}' for exactly {value} (Roll20 and "
                f"rpg-dice-roller read a bare 'f{value}' as exactly {value}, capeworks' 't5f{value}' as "
                f"{value} or less; only 'f1' reads the same)",
            )
        return replace(target, fail_at_most=1, fail_op=CmpOp.EQ)


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


def _ends_with_bare_dice(e: Expr) -> bool:
    """Whether ``e``, as read, ends with a dice term without a target (not closed by a bracket)."""
    while True:
        if isinstance(e, Dice):
            return e.target is None
        if isinstance(e, ComputedDice):
            return e.dice.target is None
        if isinstance(e, Neg | Note):
            e = e.operand
        elif isinstance(e, BinOp):
            e = e.right
        else:
            return False


def _ends_with_labelled_dice(e: Expr) -> bool:
    """Whether ``e``, as read, ends with a labelled dice term without a target (``6d10[x]``)."""
    while isinstance(e, BinOp | Neg):
        e = e.right if isinstance(e, BinOp) else e.operand
    return isinstance(e, Note) and not e.comment and _ends_with_bare_dice(e.operand)


def _starts_with_number(e: Expr) -> bool:
    """Whether ``e``'s leftmost part is a plain number (labelled or not)."""
    while isinstance(e, BinOp | Note):
        e = e.left if isinstance(e, BinOp) else e.operand
    return isinstance(e, Const)


def round_once(node: Expr, rounding: Op) -> Expr | None:
    """``floor``/``ceil``/``round`` of ``node``, rounding its one division exactly; None if it cannot.

    Whole numbers leave rounding alone (``ceil(c + x) = c + ceil(x)``), so the
    rounding moves onto the one division, carrying signs and whole factors into
    its numerator: ``ceil(1 + 7/2)`` is ``1 + ceil(7/2)``, ``ceil(2*(7/2))`` is
    ``ceil(2*7/2)``. Without a division the value is whole and its own rounding.
    """
    if not _has_division(node):
        return node
    if isinstance(node, BinOp):
        left, right = node.left, node.right
        if node.op is Op.DIV:
            if _has_division(left) or _has_division(right):
                return None
            return BinOp(rounding, left, right)
        if node.op in (Op.ADD, Op.SUB, Op.MUL) and _has_division(left) != _has_division(right):
            if _has_division(left):
                inner = round_once(left, rounding)
                return None if inner is None else BinOp(node.op, inner, right)
            if node.op is Op.SUB:  # c - x rounds as c + (-x)
                inner = round_once(_negate_numerator(right), rounding)
                return None if inner is None else BinOp(Op.ADD, left, inner)
            if node.op is Op.MUL:  # c * (a / b) is (c * a) / b
                return round_once(_scale_numerator(left, right), rounding)
            inner = round_once(right, rounding)
            return None if inner is None else BinOp(node.op, left, inner)
        if node.op is Op.MUL and _has_division(left) and not _has_division(right):
            return round_once(_scale_numerator(right, left), rounding)
        return None
    if isinstance(node, Neg):
        return round_once(_negate_numerator(node.operand), rounding)
    return None


def _has_division(e: Expr) -> bool:
    if isinstance(e, BinOp):
        return e.op is Op.DIV or _has_division(e.left) or _has_division(e.right)
    if isinstance(e, Neg):
        return _has_division(e.operand)
    if isinstance(e, Abs | Note):  # abs(): rounded there first, as inside min()/max(): refused around it
        return _has_division(e.operand)
    if isinstance(e, Call):  # a division inside min()/max() would be rounded there first: refused
        return _has_division(e.left) or _has_division(e.right)
    if isinstance(e, Group):
        return any(_has_division(i) for i in e.items)
    return False  # dice, numbers and rounded divisions are whole


def _negate_numerator(e: Expr) -> Expr:
    """``-e`` with the minus carried to a division's numerator."""
    if isinstance(e, BinOp) and e.op is Op.DIV:
        return BinOp(Op.DIV, Neg(e.left), e.right)
    return Neg(e)


def _scale_numerator(factor: Expr, e: Expr) -> Expr:
    """``factor * e`` with the factor carried into a division's numerator (``factor`` has none)."""
    if isinstance(e, BinOp) and e.op is Op.DIV:
        return BinOp(Op.DIV, BinOp(Op.MUL, factor, e.left), e.right)
    return BinOp(Op.MUL, factor, e)


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
