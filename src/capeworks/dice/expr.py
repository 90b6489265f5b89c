"""The expression tree: what was asked for, parsed once and never changed.

A dice expression such as ``4d6kh3 + 2`` becomes a small tree of frozen
dataclasses. The same tree is rolled (see :mod:`capeworks.dice.roller`), turned
into exact odds (see :mod:`capeworks.dice.odds`) and printed back as canonical
notation with ``str(expr)``. Nodes are immutable; build a new tree to change one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from enum import Enum

__all__ = [
    "Abs",
    "BinOp",
    "Call",
    "CmpOp",
    "Compare",
    "ComputedDice",
    "Const",
    "Dice",
    "Explode",
    "Expr",
    "Fn",
    "Group",
    "Keep",
    "KeepKind",
    "Neg",
    "Note",
    "Op",
    "Point",
    "Reroll",
    "Select",
    "Target",
    "Unique",
    "dice_terms",
    "has_computed",
    "kept_flags",
    "target_notation",
]


class KeepKind(Enum):
    """Which dice a keep/drop suffix keeps: ``kh``, ``kl``, ``dh``, ``dl``."""

    KEEP_HIGHEST = "kh"
    KEEP_LOWEST = "kl"
    DROP_HIGHEST = "dh"
    DROP_LOWEST = "dl"


class Op(Enum):
    """Binary arithmetic."""

    ADD = "+"
    SUB = "-"
    MUL = "*"
    #: division rounding down (towards minus infinity); inside ``floor()``/``ceil()``/``round()`` exact
    DIV = "/"
    #: division rounding down, written ``floor(a / b)`` (the same value as ``a / b``)
    FLOOR_DIV = "floor/"
    #: division rounding up, written ``ceil(a / b)``
    CEIL_DIV = "ceil/"
    #: division rounding half up (as JavaScript's ``Math.round``), written ``round(a / b)``
    ROUND_DIV = "round/"
    #: remainder with the sign of the dividend (JavaScript's ``%``, as Roll20 and rpg-dice-roller)
    MOD = "%"
    #: a whole power; the exponent is never negative
    POW = "**"

    def compute(self, a: int, b: int) -> int:
        """``a <op> b`` on whole numbers (a divisor is never 0, an exponent never negative)."""
        if self is Op.ADD:
            return a + b
        if self is Op.SUB:
            return a - b
        if self is Op.MUL:
            return a * b
        if self is Op.MOD:
            r = abs(a) % abs(b)
            return r if a >= 0 else -r
        if self is Op.POW:
            return int(a**b)
        return self.divide(a, b)

    @property
    def divides(self) -> bool:
        """True for the four divisions."""
        return self in (Op.DIV, Op.FLOOR_DIV, Op.CEIL_DIV, Op.ROUND_DIV)

    @property
    def rounding(self) -> str | None:
        """``floor``, ``ceil`` or ``round`` for a division written inside that function, else None."""
        return _ROUNDING_WORDS.get(self.value)

    def divide(self, a: int, b: int) -> int:
        """``a / b`` rounded as this operator rounds (``b`` is never 0)."""
        if self is Op.CEIL_DIV:
            return -(-a // b)
        if self is Op.ROUND_DIV:
            return (2 * a + b) // (2 * b)  # floor(a/b + 1/2), whatever the signs
        return a // b


_ROUNDING_WORDS = {"floor/": "floor", "ceil/": "ceil", "round/": "round"}


class Fn(Enum):
    """Two-argument functions."""

    MIN = "min"
    MAX = "max"


class CmpOp(Enum):
    """Top-level comparisons; a comparison is worth 1 if true, else 0."""

    GE = ">="
    LE = "<="
    GT = ">"
    LT = "<"
    EQ = "=="
    NE = "!="

    def holds(self, left: int, right: int) -> bool:
        """Whether ``left <op> right``."""
        if self is CmpOp.GE:
            return left >= right
        if self is CmpOp.LE:
            return left <= right
        if self is CmpOp.GT:
            return left > right
        if self is CmpOp.LT:
            return left < right
        if self is CmpOp.EQ:
            return left == right
        return left != right


@dataclass(frozen=True, slots=True)
class Keep:
    """A keep/drop suffix such as ``kh3``: ``kind`` and how many dice it names."""

    kind: KeepKind
    count: int

    def kept(self, pool: int) -> int:
        """How many of ``pool`` dice are kept."""
        if self.kind in (KeepKind.KEEP_HIGHEST, KeepKind.KEEP_LOWEST):
            return self.count
        return pool - self.count

    def narrow(self, low: int, high: int) -> tuple[int, int]:
        """Apply this suffix to the dice at sorted positions ``low..high-1`` (lowest first)."""
        kind, n = self.kind, self.count
        if kind is KeepKind.KEEP_HIGHEST:
            return high - n, high
        if kind is KeepKind.KEEP_LOWEST:
            return low, low + n
        if kind is KeepKind.DROP_HIGHEST:
            return low, high - n
        return low + n, high

    @property
    def keeps_high(self) -> bool:
        """True when the kept dice are the highest ones (``kh`` and ``dl``)."""
        return self.kind in (KeepKind.KEEP_HIGHEST, KeepKind.DROP_LOWEST)

    def __str__(self) -> str:
        return f"{self.kind.value}{self.count}"


@dataclass(frozen=True, slots=True)
class Target:
    """Success counting: each die ``>= at_least`` is +1; each die ``<= fail_at_most`` is -1.

    ``op`` other than ``>=`` comes from a comparison after a bare pool such as
    ``6d10<=3``: each die for which ``face <op> at_least`` holds counts 1.
    ``fail_op`` other than ``<=`` comes from a failure written with a compare
    point (``4d6>=4f==2``, ``t5f>=6``): each die for which ``face <fail_op> fail_at_most``
    holds counts -1 (the name says the usual case).
    """

    at_least: int
    fail_at_most: int | None = None
    op: CmpOp = CmpOp.GE
    fail_op: CmpOp = CmpOp.LE
    #: Foundry VTT's other counts, one per term: ``"even"`` / ``"odd"`` (each die 1 when its face is even /
    #: odd), ``"df"`` (each die its face, a failure -1) and ``"sf"`` (a failure minus its face), failures
    #: picked by ``fail_op`` / ``fail_at_most``; ``"count"``: successes as above
    mode: str = "count"

    def score(self, face: int) -> int:
        """What one die showing ``face`` adds to the count."""
        mode = self.mode
        if mode != "count":
            if mode == "even":
                return 1 - face % 2
            if mode == "odd":
                return face % 2
            if not self.fails(face):
                return face
            return -1 if mode == "df" else -face
        s = 1 if self.op.holds(face, self.at_least) else 0
        if self.fail_at_most is not None and self.fail_op.holds(face, self.fail_at_most):
            s -= 1
        return s

    def fails(self, face: int) -> bool:
        """Whether a die showing ``face`` counts as a failure."""
        return self.fail_at_most is not None and self.fail_op.holds(face, self.fail_at_most)


def target_notation(target: Target, top: int | None) -> str:
    """``t8``, ``t5f1``, or ``t!=3`` / ``t>=11`` for counts a bare ``tN`` cannot say (reads back the same).

    ``top`` is the highest target a bare ``tN`` takes (None: no limit, for compounding dice).
    Foundry's counts print as written there: ``even``, ``odd``, ``df<3``, ``sf3``.
    """
    if target.mode in ("even", "odd"):
        return target.mode
    if target.mode != "count":
        point = Point(target.fail_op, target.fail_at_most or 0)
        return f"{target.mode}{point}"
    bare = target.op is CmpOp.GE and target.at_least >= 1 and (top is None or target.at_least <= top)
    tail = ""
    if target.fail_at_most is not None:
        # a bare 'fN' after a bare 'tN' is "N or less" below the target: else the compare point is written
        plain = bare and target.fail_op is CmpOp.LE and 1 <= target.fail_at_most < target.at_least
        tail = f"f{'' if plain else target.fail_op.value}{target.fail_at_most}"
    if bare:
        return f"t{target.at_least}{tail}"
    return f"t{target.op.value}{target.at_least}{tail}"


@dataclass(frozen=True, slots=True)
class Select:
    """d20's keep/drop by value: ``k>3`` keeps the dice showing more than 3, ``p<3`` drops those below 3.

    Applied after any keep/drop by position, to the dice still kept; several
    apply in turn (a die stays only if every one lets it).
    """

    keep: bool
    op: CmpOp
    value: int

    def lets(self, face: int) -> bool:
        """Whether a die showing ``face`` stays kept."""
        return self.op.holds(face, self.value) == self.keep

    def __str__(self) -> str:
        return f"{'k' if self.keep else 'p'}{self.op.value}{self.value}"


@dataclass(frozen=True, slots=True)
class Point:
    """A compare point such as ``>=8`` or ``3`` (equal to): which faces explode."""

    op: CmpOp
    value: int

    def hits(self, face: int) -> bool:
        """Whether a die showing ``face`` is picked out."""
        return self.op.holds(face, self.value)

    def __str__(self) -> str:
        return str(self.value) if self.op is CmpOp.EQ else f"{self.op.value}{self.value}"


class Explode(Enum):
    """How an exploding die rolls again (Savage Worlds aces, World of Darkness 10-again, Hackmaster).

    ``!`` adds each new roll as a die of its own, ``!!`` adds it into the
    same die (compounding); ``!p`` and ``!!p`` do the same with each extra
    roll counting one less (penetrating). They give the same totals; they
    differ in what a keep/drop or a target sees.
    """

    EXPLODE = "!"
    COMPOUND = "!!"
    PENETRATE = "!p"
    COMPOUND_PENETRATE = "!!p"
    #: exploding once (Foundry VTT's ``xo``): at most one extra roll, a die of its own
    ONCE = "xo"

    @property
    def separate(self) -> bool:
        """True when every extra roll is a die of its own (``!``, ``!p``, ``xo``)."""
        return self in (Explode.EXPLODE, Explode.PENETRATE, Explode.ONCE)

    @property
    def once(self) -> bool:
        """True when a die explodes at most once."""
        return self is Explode.ONCE

    @property
    def less(self) -> int:
        """What each extra roll counts less than its face: 1 when penetrating."""
        return 1 if self in (Explode.PENETRATE, Explode.COMPOUND_PENETRATE) else 0


@dataclass(frozen=True, slots=True)
class Reroll:
    """``r`` / ``ro``: a face with ``face <op> value`` is rolled again (once, or until it misses).

    ``more`` holds further conditions written after the first (Roll20's
    ``2d10r1r2``): a face is rolled again when any of them holds.

    ``add`` is d20's ``ra`` (reroll and add): when some die of the term is
    picked out, one more die is rolled once and added to the pool, the die
    that was picked out staying as it fell; at most one extra die per term.
    """

    op: CmpOp
    value: int
    once: bool = False
    more: tuple[Point, ...] = ()
    add: bool = False

    def hits(self, face: int) -> bool:
        """Whether a die showing ``face`` is rolled again."""
        return self.op.holds(face, self.value) or any(p.hits(face) for p in self.more)

    @property
    def conditions(self) -> tuple[Point, ...]:
        """Every condition, the first one included."""
        return (Point(self.op, self.value), *self.more)

    def __str__(self) -> str:
        return "".join(f"{self.word}{p}" for p in self.conditions)

    @property
    def word(self) -> str:
        """``r``, ``ro`` or ``ra``: how each condition is written."""
        return "ra" if self.add else "ro" if self.once else "r"


@dataclass(frozen=True, slots=True)
class Unique:
    """rpg-dice-roller's ``u`` / ``uo``: a die showing the face of an earlier die of its term rolls again.

    ``u`` rolls it again until its face is new (or no longer picked out by
    ``point``), ``uo`` once. With ``point`` (``u5``, ``u<=2``) only duplicates
    it picks out are rolled again. Dice are taken in rolling order; the first
    never is.
    """

    once: bool = False
    point: Point | None = None

    def picks(self, face: int) -> bool:
        """Whether a die showing ``face`` is rolled again when an earlier die shows it too."""
        return self.point is None or self.point.hits(face)

    def __str__(self) -> str:
        return f"u{'o' if self.once else ''}{'' if self.point is None else self.point}"


@dataclass(frozen=True, slots=True)
class Const:
    """A whole number."""

    value: int

    def __str__(self) -> str:
        return _fmt(self, 0)


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` dice of ``sides`` sides, optionally kept/dropped, optionally counted as successes.

    Without a target the term is worth the sum of the kept dice; with one it is
    worth the number of kept dice at or above the target, minus those at or
    below the fail number.
    """

    count: int
    sides: int
    keep: Keep | None = None
    target: Target | None = None
    #: further keep/drop suffixes, applied in turn to the dice still kept (``4d6kh3dl1``)
    more: tuple[Keep, ...] = ()
    #: Fate dice (``4dF``): three sides showing -1, 0 and +1
    fate: bool = False
    #: exploding on the highest face (``!``, ``!!``, ``!p``)
    explode: Explode | None = None
    #: rerolling some faces (``r1``, ``ro<=2``)
    reroll: Reroll | None = None
    #: which faces explode (``!>=8``); None: the highest face
    explode_on: Point | None = None
    #: per-die minimum and maximum (``min2``, ``max5``): a die showing less (more) counts as this
    least: int | None = None
    most: int | None = None
    #: keep/drop by value (``k>3``, ``p<3``), after any keep/drop by position
    selects: tuple[Select, ...] = ()
    #: the order the breakdown shows the dice in: ``"a"`` lowest first (``s``, ``sa``), ``"d"`` highest first
    #: (``sd``); None: as rolled. It changes nothing else.
    sort: str | None = None
    #: unique dice (``u``, ``uo``, ``u<=2``): duplicates of earlier dice rolled again
    unique: Unique | None = None
    #: rpg-dice-roller's Fudge variant ``dF.1``: a six-sided die with one minus, four blanks and one plus
    fate_one: bool = False
    #: Roll20's / rpg-dice-roller's crit and fumble marks (``cs>=19``, ``cf1``): shown in the breakdown only
    crit: Point | None = None
    fumble: Point | None = None

    @property
    def face_ways(self) -> tuple[int, ...]:
        """Ways each face from :attr:`low` up falls, of :attr:`ways` (1 each, but ``dF.1``'s 1, 4, 1)."""
        return (1, 4, 1) if self.fate_one else (1,) * self.sides

    @property
    def ways(self) -> int:
        """Ways one die falls: its sides (6 for ``dF.1``, a d6 read as -1, 0 or +1)."""
        return 6 if self.fate_one else self.sides

    def lets(self, value: int) -> bool:
        """Whether a die worth ``value`` passes every keep/drop by value."""
        return all(s.lets(value) for s in self.selects)

    def counted(self, value: int) -> int:
        """What a die worth ``value`` adds among the dice kept by position: its value or score, or 0."""
        if not self.lets(value):
            return 0
        return value if self.target is None else self.target.score(value)

    def clamp(self, face: int) -> int:
        """What a die showing ``face`` counts as under ``min``/``max`` (the face itself without them)."""
        if self.least is not None and face < self.least:
            return self.least
        if self.most is not None and face > self.most:
            return self.most
        return face

    @property
    def adds_one(self) -> bool:
        """True for d20's ``ra``: one extra die for the whole term when any die is picked out."""
        return self.reroll is not None and self.reroll.add

    @property
    def target_top(self) -> int | None:
        """The highest target ``tN`` takes: the highest face, or no limit when exploding dice add up."""
        return None if self.explode is not None and not self.explode.separate else self.sides

    def explodes(self, face: int) -> bool:
        """Whether a die of this term showing ``face`` explodes (the term explodes)."""
        return face == self.sides if self.explode_on is None else self.explode_on.hits(face)

    @property
    def plain(self) -> bool:
        """True when each die is one roll of one face (no explosions, no rerolls)."""
        return (
            self.explode is None
            and self.reroll is None
            and self.least is None
            and self.most is None
            and self.unique is None
        )

    @property
    def low(self) -> int:
        """The lowest face: 1, or -1 on a Fate die."""
        return -1 if self.fate else 1

    @property
    def kept_range(self) -> tuple[int, int]:
        """The kept dice as positions ``start..end-1`` among the faces sorted lowest first.

        Every chain of keep/drop suffixes keeps one run of neighbouring
        positions. Ties are broken by rolling order (the earlier die sorts
        lower), so ``kh``/``dl`` drop the earlier of equal dice and
        ``kl``/``dh`` the later.
        """
        low, high = 0, self.count
        for keep in self.keeps:
            low, high = keep.narrow(low, high)
        return low, high

    @property
    def keeps(self) -> tuple[Keep, ...]:
        """Every keep/drop suffix in order."""
        return () if self.keep is None else (self.keep, *self.more)

    @property
    def kept_count(self) -> int:
        """How many of the dice count towards the value."""
        low, high = self.kept_range
        return high - low

    def __str__(self) -> str:
        return _fmt(self, 0)


@dataclass(frozen=True, slots=True)
class Neg:
    """Unary minus."""

    operand: Expr

    def __str__(self) -> str:
        return _fmt(self, 0)


@dataclass(frozen=True, slots=True)
class Abs:
    """``abs(operand)``: the size of a value whatever its sign (Roll20, rpg-dice-roller, Foundry)."""

    operand: Expr

    def __str__(self) -> str:
        return _fmt(self, 0)


@dataclass(frozen=True, slots=True)
class Note:
    """Words a person wrote beside the dice, worth nothing: a label or a comment.

    A label ``1d20[attack]`` follows a term (Roll20's inline labels, Foundry's
    flavour, d20's annotations) and names it in the breakdown; a comment
    ``1d20+5 # sword`` runs to the end of the text and rides along with the roll.
    """

    operand: Expr
    text: str
    comment: bool = False

    def __str__(self) -> str:
        return _fmt(self, 0)


@dataclass(frozen=True, slots=True)
class BinOp:
    """``left + right``, ``left - right``, ``left * right``, or a division rounded as ``op`` says."""

    op: Op
    left: Expr
    right: Expr

    def __str__(self) -> str:
        return _fmt(self, 0)


@dataclass(frozen=True, slots=True)
class Call:
    """``min(left, right)`` or ``max(left, right)``."""

    fn: Fn
    left: Expr
    right: Expr

    def __str__(self) -> str:
        return _fmt(self, 0)


@dataclass(frozen=True, slots=True)
class Compare:
    """A top-level comparison such as ``2d6+4 >= 12``: worth 1 if it holds, else 0."""

    op: CmpOp
    left: Expr
    right: Expr

    def __str__(self) -> str:
        return _fmt(self, 0)


@dataclass(frozen=True, slots=True)
class Group:
    """``{1d8, 1d6, 1d10}kh2``: several rolls, kept or dropped by their totals (Cortex, Sentinel Comics).

    Without a keep/drop suffix the group is worth the sum of its items. Ties
    among equal totals are broken as for dice: the earlier item sorts lower.
    With ``count_op`` (``{4d6, 3d8}>=5``, as Roll20 reads it) it is worth how
    many of its kept items' totals meet ``count_op count_at``, not their sum.
    """

    items: tuple[Expr, ...]
    keeps: tuple[Keep, ...] = ()
    count_op: CmpOp | None = None
    count_at: int = 0

    def score(self, total: int) -> int:
        """What one kept item with this ``total`` adds: itself, or 1/0 when the group counts."""
        if self.count_op is None:
            return total
        return int(self.count_op.holds(total, self.count_at))

    @property
    def kept_range(self) -> tuple[int, int]:
        """The kept items as positions ``start..end-1`` among the totals sorted lowest first."""
        low, high = 0, len(self.items)
        for keep in self.keeps:
            low, high = keep.narrow(low, high)
        return low, high

    def __str__(self) -> str:
        return _fmt(self, 0)


@dataclass(frozen=True, slots=True)
class ComputedDice:
    """``(1d4)d6``: dice whose count is itself an expression, worked out (rolled) first.

    ``dice`` says what each die is and what is kept or counted; its ``count``
    is the most dice the count can come to (the count expression is never
    negative, and any keep/drop names no more dice than its fewest). When
    rolled, the count is rolled first, then that many dice.
    """

    count: Expr
    dice: Dice
    size: Expr | None = None  # 'd(1d6)': the die size, worked out after the count; ``dice.sides`` its most

    def with_count(self, n: int, sides: int | None = None) -> Dice:
        """The dice term rolled when the count comes to ``n`` (and the size to ``sides``)."""
        return replace(self.dice, count=n) if sides is None else replace(self.dice, count=n, sides=sides)

    def __str__(self) -> str:
        return _fmt(self, 0)


Expr = Const | Dice | ComputedDice | Neg | Abs | Note | BinOp | Call | Compare | Group


def kept_flags(
    faces: Sequence[int], keep: Keep | None, more: Sequence[Keep] = (), selects: Sequence[Select] = ()
) -> list[bool]:
    """Which of ``faces`` a chain of keep/drop suffixes keeps, then keep/drop by value (``selects``).

    Equal faces sort in rolling order, so ``kh``/``dl`` drop the earlier of
    equal dice first and ``kl``/``dh`` the later.
    """
    n = len(faces)
    if selects:
        flags = kept_flags(faces, keep, more)
        return [k and all(s.lets(f) for s in selects) for f, k in zip(faces, flags, strict=True)]
    if keep is None:
        return [True] * n
    low, high = 0, n
    for k in (keep, *more):
        low, high = k.narrow(low, high)
    order = sorted(range(n), key=lambda i: (faces[i], i))  # lowest first
    flags = [False] * n
    for i in order[low:high]:
        flags[i] = True
    return flags


def dice_terms(expr: Expr) -> Iterator[Dice]:
    """Every dice term, left to right: the order in which they are rolled."""
    if isinstance(expr, Dice):
        yield expr
    elif isinstance(expr, ComputedDice):
        yield from dice_terms(expr.count)
        if expr.size is not None:
            yield from dice_terms(expr.size)
        yield expr.dice
    elif isinstance(expr, Neg | Abs | Note):
        yield from dice_terms(expr.operand)
    elif isinstance(expr, BinOp | Call | Compare):
        yield from dice_terms(expr.left)
        yield from dice_terms(expr.right)
    elif isinstance(expr, Group):
        for item in expr.items:
            yield from dice_terms(item)


def has_computed(expr: Expr) -> bool:
    """Whether some dice term's count is itself rolled (``(1d4)d6``)."""
    if isinstance(expr, ComputedDice):
        return True
    if isinstance(expr, Neg | Abs | Note):
        return has_computed(expr.operand)
    if isinstance(expr, BinOp | Call | Compare):
        return has_computed(expr.left) or has_computed(expr.right)
    if isinstance(expr, Group):
        return any(has_computed(i) for i in expr.items)
    return False


# Precedence for printing with the fewest parentheses.
_PREC_CMP, _PREC_ADD, _PREC_MUL, _PREC_UNARY, _PREC_POW, _PREC_ATOM = 1, 2, 3, 4, 5, 6


def dice_notation(term: Dice) -> str:
    """``4d6kh3`` for a dice term (count always written)."""
    keep = "".join(str(k) for k in term.keeps)
    if term.selects:  # '3d6!! p<4': without the space '!!p' would read as one explosion
        glue = " " if not keep and term.explode is Explode.COMPOUND and term.explode_on is None else ""
        keep += glue + "".join(str(s) for s in term.selects)
    if term.sort is not None:
        keep += f"s{term.sort}"
    if term.crit is not None:
        keep += f"cs{term.crit}"
    if term.fumble is not None:
        keep += f"cf{term.fumble}"
    target = "" if term.target is None else target_notation(term.target, term.target_top)
    reroll = "" if term.reroll is None else str(term.reroll)
    explode = "" if term.explode is None else term.explode.value
    if term.explode_on is not None:
        explode += str(term.explode_on)
    if term.least is not None:
        explode += f"min{term.least}"
    if term.most is not None:
        explode += f"max{term.most}"
    if term.unique is not None:
        explode += str(term.unique)
    if target.startswith("o") and not keep and explode.endswith("u"):
        target = " " + target  # '3d6u odd': without the space 'uodd' reads as 'uo', then 'dd'
    size = ("F.1" if term.fate_one else "F") if term.fate else str(term.sides)
    return f"{term.count}d{size}{reroll}{explode}{keep}{target}"


def computed_suffix(term: Dice) -> str:
    """``d6kh1`` for ``(1d4)d6kh1``: a dice term's notation without its count."""
    return dice_notation(term)[len(str(term.count)) :]


def _ends_with_dice(e: Expr) -> bool:
    """Whether ``e`` printed ends with a dice term (not a bracket)."""
    while True:
        if isinstance(e, Dice | ComputedDice | Group):  # a group too: Roll20 counts its rolls there
            return True
        if isinstance(e, Neg) or (isinstance(e, Note) and not e.comment):
            e = e.operand
        elif isinstance(e, BinOp) and e.op.rounding is None:
            e = e.right
        else:
            return False


def _fmt(e: Expr, outer: int) -> str:
    if isinstance(e, Const):
        text, prec = str(e.value), _PREC_ATOM
        if e.value < 0:
            text, prec = f"-{-e.value}", _PREC_UNARY
    elif isinstance(e, Dice):
        text, prec = dice_notation(e), _PREC_ATOM
    elif isinstance(e, ComputedDice):
        count, suffix = f"({_fmt(e.count, 0)})", computed_suffix(e.dice)
        if e.size is not None:  # '2d(1d6)kh1': the size in brackets, then what follows the sides
            count = str(e.count.value) if isinstance(e.count, Const) and e.count.value >= 0 else count
            suffix = f"d({_fmt(e.size, 0)}){suffix[1 + len(str(e.dice.sides)) :]}"
        text, prec = f"{count}{suffix}", _PREC_ATOM
    elif isinstance(e, Neg):
        text, prec = f"-{_fmt(e.operand, _PREC_UNARY)}", _PREC_UNARY
    elif isinstance(e, Abs):
        text, prec = f"abs({_fmt(e.operand, 0)})", _PREC_ATOM
    elif isinstance(e, Note) and e.comment:
        text, prec = f"{_fmt(e.operand, 0)} # {e.text}", 0
    elif isinstance(e, Note):
        text, prec = f"{_fmt(e.operand, _PREC_ATOM)}[{e.text}]", _PREC_ATOM
    elif isinstance(e, Call):
        text, prec = f"{e.fn.value}({_fmt(e.left, 0)}, {_fmt(e.right, 0)})", _PREC_ATOM
    elif isinstance(e, Group):
        keeps = "".join(str(k) for k in e.keeps)
        counts = "" if e.count_op is None else f"{e.count_op.value}{e.count_at}"
        text, prec = "{" + ", ".join(_fmt(i, 0) for i in e.items) + "}" + keeps + counts, _PREC_ATOM
    elif isinstance(e, Compare):
        left = _fmt(e.left, _PREC_ADD)
        if _ends_with_dice(e.left):
            left = f"({_fmt(e.left, 0)})"  # a total: dice right before a comparison would count
        text, prec = f"{left} {e.op.value} {_fmt(e.right, _PREC_ADD)}", _PREC_CMP
    elif e.op.rounding is not None:
        text = f"{e.op.rounding}({_fmt(e.left, _PREC_MUL)}/{_fmt(e.right, _PREC_MUL + 1)})"
        prec = _PREC_ATOM
    elif e.op is Op.POW:  # right-associative, binding tighter than a minus on its left
        text, prec = f"{_fmt(e.left, _PREC_ATOM)}**{_fmt(e.right, _PREC_UNARY)}", _PREC_POW
    else:
        prec = _PREC_MUL if e.op in (Op.MUL, Op.DIV, Op.MOD) else _PREC_ADD
        # left-associative: the right operand needs brackets at equal precedence
        text = f"{_fmt(e.left, prec)}{e.op.value}{_fmt(e.right, prec + 1)}"
    return f"({text})" if prec < outer else text
