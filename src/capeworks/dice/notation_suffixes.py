"""The dice parser's suffixes of a dice term: explode or reroll, min/max, keep/drop, by value, count.

Each suffix is one method, as each grammar rule in ``grammar.lark``; the
parser in :mod:`capeworks.dice.notation` reads a dice term and calls them in
the order the grammar gives.
"""

from __future__ import annotations

from dataclasses import replace

from capeworks.dice.expr import CmpOp, Explode, Keep, KeepKind, Point, Reroll, Select, Target, Unique
from capeworks.dice.notation_reader import (
    _CMP_WORD,
    _COMPARISONS,
    _DIGITS,
    _EXPLOSIONS,
    _KEEP_WORD,
    _KEEPS,
    _STRICT,
    Reader,
    _select_at,
    _strict_hint,
)

__all__ = ["DiceSuffixes"]


def _reroll_word(text: str, at: int) -> str | None:
    """``ra`` (d20's reroll and add), ``ro`` or ``r`` at ``at``, or None."""
    return next((w for w in ("ra", "ro", "r") if text.startswith(w, at)), None)


class DiceSuffixes(Reader):
    """Reading the suffixes of one dice term."""

    __slots__ = ()

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

    def sort(self) -> str | None:
        """``s`` / ``sa`` (lowest first) or ``sd`` (highest first): the order the breakdown shows."""
        self.skip()
        text, at = self.text, self.pos
        if text.startswith("sf", at):
            return None  # Foundry's 'sf', not a sort
        for word, order in (("sa", "a"), ("sd", "d"), ("s", "a")):
            if text.startswith(word, at):
                self.pos += len(word)
                return order
        self.note("a sort ('s', 'sa' or 'sd')")
        return None

    def marks(self, sides: int) -> tuple[Point | None, Point | None]:
        """``cs>=19`` / ``cf1``: crit and fumble marks in the breakdown, leaving the total alone.

        Roll20 and rpg-dice-roller read them so; Foundry VTT counts successes and
        failures with the same letters (write ``t5`` / ``f<=1`` to count). Their
        ``>``/``<`` differ (Roll20: "or more"), so only ``>=``, ``<=`` and a face
        (``=`` too, rpg-dice-roller's spelling) read.
        """
        crit: Point | None = None
        fumble: Point | None = None
        text = self.text
        while True:
            self.skip()
            at = self.pos
            if not text.startswith(("cs", "cf"), at):
                self.note("a crit or fumble mark ('cs' or 'cf')")
                return crit, fumble
            word = text[at : at + 2]
            self.pos += 2
            self.skip()
            op_at = self.pos
            op = CmpOp.EQ
            for literal, cmp in ((">=", CmpOp.GE), ("<=", CmpOp.LE), ("==", CmpOp.EQ), ("=", CmpOp.EQ)):
                if text.startswith(literal, op_at):
                    self.pos += len(literal)
                    op = cmp
                    break
            else:
                if text.startswith((">", "<"), op_at):
                    strict = CmpOp.GT if text[op_at] == ">" else CmpOp.LT
                    self.refuse(op_at, _strict_hint(strict, f"for '{word}'"))
                if not (op_at < len(text) and text[op_at] in _DIGITS):
                    self.refuse(op_at, f"a face after '{word}' ('{word}20', '{word}>=19')")
            value, value_at = self.number()
            if not 1 <= value <= sides:
                self.refuse(value_at, f"a face from 1 to {sides} to mark")
            if (crit if word == "cs" else fumble) is not None:
                self.refuse(at, f"one '{word}' per dice term")
            if word == "cs":
                crit = Point(op, value)
            else:
                fumble = Point(op, value)

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
            if text.startswith(("!", "r", "xo", "u"), self.pos) and not text.startswith("!=", self.pos):
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
        word = _reroll_word(text, at)
        if word is None:
            self.note("a reroll ('r', 'ro' or 'ra')")
            return None, None, None
        self.pos += len(word)
        once, add = word == "ro", word == "ra"
        first, value_at = self.reroll_condition(sides)
        more: list[Point] = []
        while True:  # further conditions: Roll20's '2d10r1r2' rerolls 1s and 2s
            self.skip()
            again_at = self.pos
            again = _reroll_word(text, again_at)
            if again is None:
                break
            if again != word:
                one, other = sorted((word, again))
                self.refuse(
                    again_at,
                    f"'{word}' for every reroll condition of one term, not both '{one}' and '{other}' "
                    f"(as in '{word}{first}{word}3')",
                )
            self.pos += len(word)
            point, value_at = self.reroll_condition(sides)
            more.append(point)
        reroll = Reroll(first.op, first.value, once, tuple(more), add)
        if not once and not add and all(reroll.hits(f) for f in range(1, sides + 1)):
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

    def unique(self, sides: int, count: int) -> Unique | None:
        """rpg-dice-roller's ``u`` / ``uo``, with an optional compare point (``u5``, ``u<=2``, ``uo>=5``)."""
        self.skip()
        text, at = self.text, self.pos
        once = text.startswith("uo", at)
        if not once and not text.startswith("u", at):
            self.note("unique dice ('u' or 'uo')")
            return None
        self.pos += 2 if once else 1
        if sides < 2:
            self.refuse(at, "a die of at least 2 sides to roll duplicates again")
        self.skip()
        op_at = self.pos
        point: Point | None = None
        if text.startswith("=", op_at) and not text.startswith("==", op_at):
            self.refuse(op_at, "a face right after 'u' ('u5': rpg-dice-roller's 'u=5')")
        for literal, op in (("<=", CmpOp.LE), (">=", CmpOp.GE), ("<", CmpOp.LT), (">", CmpOp.GT)):
            if text.startswith(literal, op_at):
                if op in (CmpOp.LT, CmpOp.GT):
                    self.refuse(op_at, _strict_hint(op))
                self.pos += len(literal)
                value, value_at = self.number()
                point = Point(op, value)
                break
        else:
            self.note("a compare point ('<=', '>=' or a face)")
            if op_at < len(text) and text[op_at] in _DIGITS:
                value, value_at = self.number()
                point = Point(CmpOp.EQ, value)
        if point is not None and not 1 <= point.value <= sides:
            self.refuse(value_at, f"a face from 1 to {sides} for duplicates to roll again")
        unique = Unique(once, point)
        if not once and count > sides and all(unique.picks(f) for f in range(1, sides + 1)):
            self.refuse(at, f"at most {sides} dice for 'u' on a d{sides} (each must show a different face)")
        self.no_second_modifier()
        return unique

    def no_second_modifier(self) -> None:
        self.skip()
        text, at = self.text, self.pos
        if text.startswith(("!", "r", "mi", "ma", "u"), at) and not text.startswith("!=", at):
            self.refuse(
                at, "one of exploding, rerolling or unique dice (or per-die min/max) per dice term, not both"
            )

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

    def foundry_count(self, sides: int, *, chained: bool) -> Target | None:
        """Foundry VTT's ``even``, ``odd``, ``df<3`` (failures count -1) and ``sf<3`` (minus their face).

        Only Foundry has these spellings, so its strict ``<``/``>`` read as there.
        A compare point is needed after ``df``/``sf``: Foundry's own doc comment
        reads a bare ``6d6df`` as the dice showing 1, its code as the dice a
        count missed.
        """
        self.skip()
        text, at = self.text, self.pos
        word = next((w for w in ("even", "odd", "df", "sf") if text.startswith(w, at)), None)
        if word is None:
            self.note("Foundry's 'even', 'odd', 'df' or 'sf'")
            return None
        if chained:
            self.refuse(at, f"no '{word}' after exploding dice or 'ra' (not in capeworks yet)")
        self.pos += len(word)
        if word in ("even", "odd"):
            return Target(0, mode=word)
        self.skip()
        op_at = self.pos
        op = CmpOp.EQ
        for literal, cmp in (
            ("<=", CmpOp.LE),
            (">=", CmpOp.GE),
            ("==", CmpOp.EQ),
            ("<", CmpOp.LT),
            (">", CmpOp.GT),
            ("=", CmpOp.EQ),
        ):
            if text.startswith(literal, op_at):
                self.pos += len(literal)
                op = cmp
                break
        else:
            if not (op_at < len(text) and text[op_at] in _DIGITS):
                self.refuse(
                    op_at,
                    f"a compare point after '{word}' ('{word}<3', '{word}1'): Foundry's guide reads a bare "
                    f"'{word}' as the dice showing 1, its code as the dice a count missed",
                )
        value, value_at = self.number()
        if not 1 <= value <= sides:
            self.refuse(value_at, f"a face from 1 to {sides} for failures")
        return Target(0, value, CmpOp.GE, op, mode=word)

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
        if self.text.startswith(("df", "sf"), self.pos):
            self.refuse(
                self.pos,
                "'f<2' to count failures after a count (Foundry's 'df' there also turns a success into a "
                "failure; its 'sf' counts a failure minus its face)",
            )
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
