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
    Expr,
    Fn,
    Group,
    Neg,
    Note,
    Op,
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
from capeworks.dice.notation_reader import (
    _CMP_WORD,
    _COMPARISONS,
    _DIGITS,
    _END,
    _MAX_POWER,
    _NUMBER,
    _SPACE,
    _STRICT,
    _digits,
    _strict_hint,
)
from capeworks.dice.notation_suffixes import DiceSuffixes
from capeworks.errors import LimitExceeded

__all__ = ["parse"]


class _Reader(DiceSuffixes):
    """One parse of a whole expression: the grammar, one method per rule."""

    __slots__ = ()

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
            sized = isinstance(left, ComputedDice) and left.size is not None
            if after_dice and sized and number_next:
                self.refuse(
                    op_at,
                    "brackets round dice of a computed size to compare their total ('(d(1d6)) >= 3'): "
                    "counting them is not in capeworks yet",
                )
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
            elif (
                isinstance(left, Group)
                and left.count_op is None
                and isinstance(value, Const)
                and _ends_with_group(self.text[:op_at])
            ):
                counted_group = self.counting_group(left, op, op_at, value.value)
                node = counted_group if label is None else Note(counted_group, label)
            elif number_next and _starts_with_number(right) and _ends_with_group(self.text[:op_at]):
                self.refuse(
                    op_at,
                    "brackets round the group to compare its total ('({4d6, 3d8}) >= 5'): Roll20 counts "
                    "the rolls of a group that meet a comparison right after it, which capeworks does "
                    "only for a group alone before a number alone ('{4d6, 3d8}>=5')",
                )
            elif after_dice and number_next and _starts_with_number(right) and _ends_with_bare_dice(left):
                self.refuse(
                    op_at,
                    "brackets round the dice before a comparison, or 't' to count them: Roll20 and "
                    "rpg-dice-roller count the dice right before a comparison (read '6d10>=8+1' as "
                    "'6d10t8+1', '-6d10>=8' as '-6d10t8'), capeworks would compare a total "
                    "(write '(6d10) >= 8+1')",
                )
            elif (
                self.text.startswith("-", right_at)
                and right_at + 1 < len(self.text)
                and self.text[right_at + 1] in _DIGITS
                and _starts_with_negative_number(right)
                and ((after_dice and _ends_with_bare_dice(left)) or _ends_with_group(self.text[:op_at]))
            ):
                self.refuse(
                    op_at,
                    "a count's threshold of 0 or more, or brackets round the dice to compare their total "
                    "('(6d10) >= -1'): Roll20 counts the dice (or a group's rolls) right before a "
                    "comparison, against a negative number too",
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

    def counting_group(self, group: Group, op: CmpOp, op_at: int, value: int) -> Expr:
        """``{4d6, 3d8}>=5``: as Roll20, how many of the group's (kept) rolls have a total that meets it.

        Roll20 counts each die of a group of one roll (``{4d6+3d8}>=5``, ``{5d6!!}>=8``): that reads as
        the same count on each dice term (``4d6t5+3d8t5``), for a roll that only adds dice terms.
        """
        if op in (CmpOp.GT, CmpOp.LT):
            self.refuse(op_at, _strict_hint(op, "to count the rolls of a group"))
        if len(group.items) >= 2:
            return replace(group, count_op=op, count_at=value)
        terms = _added_dice(group.items[0])
        if terms is None:
            self.refuse(
                op_at,
                "two rolls or more to count rolls ('{4d6, 3d8}>=5'), or one roll of dice terms only "
                "added up to count each die, as Roll20 does ('{4d6+3d8}>=5' reads as '4d6t5+3d8t5')",
            )
        counted: Expr = replace(terms[0], target=Target(value, None, op))
        for term in terms[1:]:
            counted = BinOp(Op.ADD, counted, replace(term, target=Target(value, None, op)))
        return counted

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
                if self.next_is("("):
                    return self.sized(Const(value), value, value, at)
                return self.margin(self.dice(value, at))
            return Const(value)
        if self.take("d", "'d'"):
            if self.next_is("("):
                return self.sized(Const(1), 1, 1, pos)
            return self.margin(self.dice(None, pos))
        if self.take("(", "'('"):
            node = self.sum()
            self.need(")")
            if self.take("d", "'d'"):
                return self.margin(self.computed(node, pos))
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

    def margin(self, term: Expr) -> Expr:
        """Foundry VTT's ``ms``: ``6d6ms>12`` is the term's total less 12, ``6d6ms<12`` 12 less it.

        Only Foundry has ``ms``, and it compares nothing (``>`` and ``>=`` alike
        say which way to subtract), so it reads as the subtraction it is and
        prints that way (``6d6-12``, ``12-6d6``).
        """
        self.skip()
        text, at = self.text, self.pos
        if not text.startswith("ms", at):
            self.note("Foundry's 'ms'")
            return term
        self.pos += 2
        self.skip()
        less = False
        for literal in (">=", "<=", "==", ">", "<", "="):
            if text.startswith(literal, self.pos):
                self.pos += len(literal)
                less = literal in ("<", "<=")
                break
        else:
            if not (self.pos < len(text) and text[self.pos] in _DIGITS):
                self.refuse(self.pos, "a number after 'ms' ('6d6ms>12': the total less 12)")
        value, _ = self.number()
        return BinOp(Op.SUB, Const(value), term) if less else BinOp(Op.SUB, term, Const(value))

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
            count = Const(high)
        if self.next_is("("):
            return self.sized(count, low, high, at)
        if isinstance(count, Const):
            return self.dice(high, at)
        return ComputedDice(count, self.dice(high, at, fewest=low))

    def next_is(self, char: str) -> bool:
        """Whether ``char`` comes next, past any spaces (the grammar allows them between any two tokens)."""
        self.skip()
        return self.text.startswith(char, self.pos)

    def sized(self, count: Expr, fewest: int, most: int, at: int) -> Expr:
        """``d(1d6)``, ``2d(1+3)``, ``(1d4)d(1d6)``: the die size is an expression, worked out first.

        Without dice in it, it is just a number (``2d(1+3)`` is ``2d4``). Rolled sizes take only keep or
        drop after them for now: other modifiers and counts name faces that depend on the size.
        """
        self.need("(")
        size_at = self.pos
        size = self.sum()
        self.need(")")
        low, high, _ = bounds(size)
        if low < 1:
            self.refuse(size_at, "a die size that is never below 1")
        if high > MAX_SIDES:
            raise LimitExceeded(f"Dice may have at most {MAX_SIDES} sides; {self.text!r} may roll {high}.")
        if next(dice_terms(size), None) is None:
            term = self.dice(most, at, fewest=None if isinstance(count, Const) else fewest, sides=high)
            return term if isinstance(count, Const) else ComputedDice(count, term)
        template = self.dice(
            most, at, fewest=None if isinstance(count, Const) else fewest, sides=high, bare=True
        )
        self.skip()
        rest = self.text[self.pos : self.pos + 2]
        if rest[:1].isalpha() or (rest[:1] == "!" and rest != "!="):
            self.refuse(
                self.pos,
                "only keep or drop after a rolled die size ('d(1d6)kh1'): other modifiers name faces that "
                "depend on the size (not in capeworks yet)",
            )
        return ComputedDice(count, template, size)

    def dice(
        self,
        count: int | None,
        at: int,
        *,
        fewest: int | None = None,
        sides: int | None = None,
        bare: bool = False,
    ) -> Dice:
        """One dice term; ``sides`` when the size was worked out already, ``bare`` to read only keep/drop."""
        fate = fate_one = False
        if sides is not None:
            sides_at = self.pos - 1
        elif self.take("%", "'%'"):
            sides, sides_at = 100, self.pos - 1
        elif self.take("F", "'F'"):
            sides, sides_at, fate = 3, self.pos - 1, True
            if self.text.startswith((".1", ".2"), self.pos):  # rpg-dice-roller's Fudge variants
                fate_one = self.text[self.pos + 1] == "1"
                self.pos += 2
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
        reroll, explode, point = (None, None, None) if fate or bare else self.modifiers(sides)
        least, most = (None, None) if fate or bare or reroll or explode else self.clamps(sides)
        plain = not (fate or reroll or explode or least is not None or most is not None)
        unique = self.unique(sides, n) if plain and not bare else None
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
        if keeps and unique is not None:
            self.refuse(keep_at, "no keep or drop after unique dice (not in capeworks yet)")
        adds = reroll is not None and reroll.add
        if keeps and adds:
            self.refuse(
                keep_at,
                "no keep or drop after 'ra' (the die it adds changes how many dice there are)",
            )
        selects = () if bare else self.selects(explode)
        if selects and unique is not None:
            self.refuse(keep_at, "no keep or drop by value after unique dice (not in capeworks yet)")
        if selects and adds:
            self.refuse(keep_at, "no keep or drop by value after 'ra' (the die it adds is a die of its own)")
        sort = None if bare else self.sort()
        crit, fumble = (None, None) if fate or bare else self.marks(sides)
        top = None if explode is not None and not explode.separate else sides
        chained = (explode is not None) or (reroll is not None and reroll.add)
        target = None if fate or bare else self.foundry_count(sides, chained=chained) or self.target(top)
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
            sort,
            unique,
            fate_one,
            crit,
            fumble,
        )

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


def _added_dice(e: Expr) -> list[Dice] | None:
    """The dice terms of ``4d6+3d8`` left to right, or None if ``e`` is more than such terms added."""
    if isinstance(e, BinOp) and e.op is Op.ADD:
        left, right = _added_dice(e.left), _added_dice(e.right)
        return None if left is None or right is None else left + right
    if isinstance(e, Dice) and e.target is None and not e.fate:
        return [e]
    return None


def _ends_with_group(text: str) -> bool:
    """Whether ``text`` ends with a group's closing brace and any keep/drop (``{4d6, 3d8}kh1``)."""
    end = len(text.rstrip(_SPACE))
    while end and text[end - 1] in _DIGITS + _SPACE + "khld":
        end -= 1
    return text[:end].endswith("}")


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


def _starts_with_negative_number(e: Expr) -> bool:
    """Whether ``e``'s leftmost part is a minus before a plain number (``-1``, ``-1+2``; not ``-1d6``)."""
    while isinstance(e, BinOp | Note):
        e = e.left if isinstance(e, BinOp) else e.operand
    return isinstance(e, Neg) and _starts_with_number(e.operand)


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
