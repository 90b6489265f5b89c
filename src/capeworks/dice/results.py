"""The result tree: what happened when an expression was rolled, die by die.

Two trees, as in avrae/d20: the expression tree says what was asked, the
result tree says what happened, with each die marked kept or dropped. Values
are always derived from the faces and the expression, never stored beside
them. Built from an expression and its faces by :func:`build_tree`; read by
:mod:`capeworks.dice.breakdown` for text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from capeworks.dice.chains import chain_value, split, term_total
from capeworks.dice.expr import (
    Abs,
    BinOp,
    Call,
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
    kept_flags,
)

__all__ = [
    "Die",
    "Rolled",
    "RolledAbs",
    "RolledBinOp",
    "RolledCall",
    "RolledCompare",
    "RolledComputed",
    "RolledConst",
    "RolledDice",
    "RolledGroup",
    "RolledNeg",
    "RolledNote",
    "build_tree",
]

Faces = Sequence[Sequence[int]]


# ---------------------------------------------------------------- result tree


@dataclass(frozen=True, slots=True)
class Die:
    """One die as rolled: its face (what it is worth) and whether it counts.

    A die that exploded or was rerolled also keeps every physical roll in
    ``rolls``; ``face`` is then the chain's value (see :mod:`capeworks.dice.chains`).
    """

    face: int
    kept: bool = True
    rolls: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class RolledConst:
    """A number in the expression; worth itself."""

    node: Const

    @property
    def value(self) -> int:
        return self.node.value


@dataclass(frozen=True, slots=True)
class RolledDice:
    """A dice term as rolled: every die, kept or dropped, in the order rolled."""

    node: Dice
    dice: tuple[Die, ...]

    @property
    def value(self) -> int:
        """Sum of the kept dice, or the success count when the term has a target."""
        target = self.node.target
        if not self.node.plain:
            return term_total(self.node, [f for d in self.dice for f in d.rolls])
        if target is None:
            return sum(d.face for d in self.dice if d.kept)
        return sum(target.score(d.face) for d in self.dice if d.kept)


@dataclass(frozen=True, slots=True)
class RolledComputed:
    """Dice whose count was rolled first (``(1d4)d6``): the count as rolled, then the dice it called for."""

    node: ComputedDice
    count: Rolled
    dice: RolledDice
    size: Rolled | None = None  # 'd(1d6)': the size as rolled

    @property
    def value(self) -> int:
        return self.dice.value


@dataclass(frozen=True, slots=True)
class RolledNeg:
    """Unary minus over a rolled operand."""

    node: Neg
    operand: Rolled

    @property
    def value(self) -> int:
        return -self.operand.value


@dataclass(frozen=True, slots=True)
class RolledAbs:
    """``abs()`` of a rolled operand."""

    node: Abs
    operand: Rolled

    @property
    def value(self) -> int:
        return abs(self.operand.value)


@dataclass(frozen=True, slots=True)
class RolledNote:
    """A rolled operand with the label or comment written beside it."""

    node: Note
    operand: Rolled

    @property
    def value(self) -> int:
        return self.operand.value


@dataclass(frozen=True, slots=True)
class RolledBinOp:
    """``+ - *``, or ``/`` rounding down or up, over two rolled operands."""

    node: BinOp
    left: Rolled
    right: Rolled

    @property
    def value(self) -> int:
        a, b = self.left.value, self.right.value
        op = self.node.op
        if op is Op.ADD:
            return a + b
        if op is Op.SUB:
            return a - b
        return op.compute(a, b)


@dataclass(frozen=True, slots=True)
class RolledCall:
    """``min`` or ``max`` over two rolled operands."""

    node: Call
    left: Rolled
    right: Rolled

    @property
    def value(self) -> int:
        a, b = self.left.value, self.right.value
        return min(a, b) if self.node.fn is Fn.MIN else max(a, b)


@dataclass(frozen=True, slots=True)
class RolledCompare:
    """A comparison over two rolled sides: 1 if it holds, else 0."""

    node: Compare
    left: Rolled
    right: Rolled

    @property
    def value(self) -> int:
        return int(self.node.op.holds(self.left.value, self.right.value))


@dataclass(frozen=True, slots=True)
class RolledGroup:
    """A group as rolled: every item, each marked kept or dropped by its total."""

    node: Group
    items: tuple[Rolled, ...]
    kept: tuple[bool, ...]

    @property
    def value(self) -> int:
        return sum(self.node.score(item.value) for item, k in zip(self.items, self.kept, strict=True) if k)


Rolled = (
    RolledConst
    | RolledDice
    | RolledComputed
    | RolledNeg
    | RolledAbs
    | RolledNote
    | RolledBinOp
    | RolledCall
    | RolledCompare
    | RolledGroup
)


def build_tree(expr: Expr, faces: Faces, at: list[int]) -> Rolled:
    if isinstance(expr, Const):
        return RolledConst(expr)
    if isinstance(expr, Dice):
        at[0] += 1
        return _rolled_dice(expr, faces[at[0] - 1])
    if isinstance(expr, ComputedDice):
        count = build_tree(expr.count, faces, at)
        size = None if expr.size is None else build_tree(expr.size, faces, at)
        at[0] += 1
        term = expr.with_count(count.value, None if size is None else size.value)
        return RolledComputed(expr, count, _rolled_dice(term, faces[at[0] - 1]), size)
    if isinstance(expr, Neg):
        return RolledNeg(expr, build_tree(expr.operand, faces, at))
    if isinstance(expr, Abs):
        return RolledAbs(expr, build_tree(expr.operand, faces, at))
    if isinstance(expr, Note):
        return RolledNote(expr, build_tree(expr.operand, faces, at))
    if isinstance(expr, Group):
        items = tuple(build_tree(item, faces, at) for item in expr.items)
        keeps = expr.keeps
        flags = kept_flags([i.value for i in items], keeps[0] if keeps else None, keeps[1:])
        return RolledGroup(expr, items, tuple(flags))
    left = build_tree(expr.left, faces, at)
    right = build_tree(expr.right, faces, at)
    if isinstance(expr, BinOp):
        return RolledBinOp(expr, left, right)
    if isinstance(expr, Call):
        return RolledCall(expr, left, right)
    return RolledCompare(expr, left, right)


def _rolled_dice(term: Dice, term_faces: Sequence[int]) -> RolledDice:
    if not term.plain:
        chains = split(term, term_faces)
        values = [chain_value(term, c) for c in chains]
        flags = kept_flags(values, term.keep, term.more, term.selects)
        return RolledDice(
            term, tuple(Die(v, k, tuple(c)) for v, k, c in zip(values, flags, chains, strict=True))
        )
    flags = kept_flags(term_faces, term.keep, term.more, term.selects)
    return RolledDice(term, tuple(Die(f, k) for f, k in zip(term_faces, flags, strict=True)))
