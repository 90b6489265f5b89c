"""The same exact odds worked out by icepool: a reference the tests check :mod:`capeworks.dice.odds` against.

icepool is imported only when called (it is slow to import); nothing at a
table uses this.
"""

from __future__ import annotations

from dataclasses import replace

from capeworks.dice.chain_odds import odds_depth
from capeworks.dice.expr import Abs, BinOp, Call, ComputedDice, Const, Dice, Expr, Fn, Group, Neg, Note, Op
from capeworks.dice.notation import parse
from capeworks.dice.odds import Distribution

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = ["icepool_distribution"]


def icepool_distribution(expression: str | Expr) -> Distribution:
    """The same distribution worked out by icepool; a reference, imported lazily."""
    import icepool

    expr = parse(expression) if isinstance(expression, str) else expression
    die = _to_icepool(icepool, expr)
    return Distribution.from_counts({int(k): int(v) for k, v in die.items()})


def _icepool_chain(icepool: Any, e: Dice) -> Any:
    """One exploding or rerolled die in icepool's own terms (penetrating dice, per-roll counts excepted)."""
    d = icepool.d(e.sides)
    if e.unique is not None:
        raise NotImplementedError("icepool has no unique dice (rpg-dice-roller's 'u')")
    if e.explode is None and e.reroll is None:  # min/max
        return d.map(e.clamp)
    if e.reroll is not None:
        if e.reroll.add:
            raise NotImplementedError("icepool has no reroll-and-add (d20's 'ra')")
        hits = [f for f in range(1, e.sides + 1) if e.reroll.hits(f)]
        return d.reroll(hits, depth=1 if e.reroll.once else "inf")
    assert e.explode is not None
    if e.explode.less or (e.target is not None and e.explode.separate):
        raise NotImplementedError("icepool has no penetrating dice or per-roll success counts")
    faces = [f for f in range(1, e.sides + 1) if e.explodes(f)]
    die = d.explode(faces, depth=odds_depth(e))
    return die if e.target is None else die.map(e.target.score)


def _to_icepool(icepool: Any, e: Expr) -> Any:
    if isinstance(e, Const):
        return icepool.Die([e.value])
    if isinstance(e, Dice):
        die = icepool.d(e.sides) + (e.low - 1)
        if e.fate_one:
            die = icepool.Die({-1: 1, 0: 4, 1: 1})
        start, end = e.kept_range
        if e.selects:  # keep/drop by value: each kept die counted through Dice.counted
            base = die if e.plain else _icepool_chain(icepool, replace(e, target=None))
            counted = e.counted
            if start == end:
                return icepool.Die([0])
            if (start, end) == (0, e.count):
                return e.count @ base.map(counted)
            return base.pool(e.count)[start:end].expand().map(lambda vs: sum(counted(v) for v in vs))
        if not e.plain:
            die = _icepool_chain(icepool, e)
            if e.target is not None and e.explode is None:
                die = die.map(e.target.score)
            if start == end:
                return icepool.Die([0])
            if (start, end) == (0, e.count):
                return e.count @ die
            return die.pool(e.count)[start:end].sum()
        if start == end:
            return icepool.Die([0])
        score = e.target.score if e.target is not None else None
        if (start, end) == (0, e.count):
            return e.count @ (die if score is None else die.map(score))
        if score is None and (start == 0 or end == e.count):
            k = end - start
            return die.lowest(e.count, k) if start == 0 else die.highest(e.count, k)
        kept = die.pool(e.count)[start:end]
        if score is None:
            return kept.sum()
        return kept.expand().map(lambda faces: sum(score(f) for f in faces))
    if isinstance(e, ComputedDice):
        node = e
        if node.size is None:
            return _to_icepool(icepool, e.count).map(lambda c: _to_icepool(icepool, node.with_count(c)))
        sizes = _to_icepool(icepool, node.size)
        return _to_icepool(icepool, e.count).map(
            lambda c: sizes.map(lambda s: _to_icepool(icepool, node.with_count(c, s)))
        )
    if isinstance(e, Neg):
        return -_to_icepool(icepool, e.operand)
    if isinstance(e, Abs):
        return abs(_to_icepool(icepool, e.operand))
    if isinstance(e, Note):
        return _to_icepool(icepool, e.operand)
    if isinstance(e, Group):
        dice = [_to_icepool(icepool, i) for i in e.items]
        start, end = e.kept_range
        if e.count_op is not None:  # '{4d6, 3d8}>=5': each sorted outcome of the rolls, its kept run counted
            hit = e.score
            return icepool.Pool(dice).expand().map(lambda rolls: sum(hit(x) for x in rolls[start:end]))
        if (start, end) == (0, len(dice)):
            return sum(dice[1:], dice[0])
        if start == end:
            return icepool.Die([0])
        return icepool.Pool(dice)[start:end].sum()
    a, b = _to_icepool(icepool, e.left), _to_icepool(icepool, e.right)
    if isinstance(e, BinOp):
        if e.op is Op.ADD:
            return a + b
        if e.op is Op.SUB:
            return a - b
        if e.op is Op.MUL:
            return a * b
        if e.op in (Op.DIV, Op.FLOOR_DIV):
            return a // b
        return icepool.map(e.op.compute, a, b)
    if isinstance(e, Call):
        return icepool.lowest(a, b) if e.fn is Fn.MIN else icepool.highest(a, b)
    op = e.op
    return icepool.map(lambda x, y: int(op.holds(x, y)), a, b)
