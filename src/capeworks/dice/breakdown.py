"""Text for a roll: the one-line breakdown such as ``4d6kh3: [6, 4, 3, (1)] = 13``.

Rendering is kept apart from rolling: this module only reads a result tree.
Dropped dice (and dropped items of a group) are shown in parentheses; a success-counting term keeps its
``t``/``f`` suffix after the faces so the count can be checked by eye.
"""

from __future__ import annotations

from capeworks.dice.chains import chain_text
from capeworks.dice.expr import Dice, Op, target_notation
from capeworks.dice.results import (
    Rolled,
    RolledAbs,
    RolledCall,
    RolledCompare,
    RolledComputed,
    RolledConst,
    RolledDice,
    RolledGroup,
    RolledNeg,
    RolledNote,
)

__all__ = ["expanded", "plain"]

_PREC_CMP, _PREC_ADD, _PREC_MUL, _PREC_UNARY, _PREC_POW, _PREC_ATOM = 1, 2, 3, 4, 5, 6


def plain(tree: Rolled) -> str:
    """``<notation>: <faces in place of dice> = <total>``, and ``# comment`` when one was written."""
    if isinstance(tree, RolledNote) and tree.node.comment:
        return f"{tree.node.operand}: {expanded(tree.operand)} = {tree.value} # {tree.node.text}"
    return f"{tree.node}: {expanded(tree)} = {tree.value}"


def expanded(tree: Rolled) -> str:
    """The expression with each dice term replaced by its faces."""
    return _fmt(tree, 0)


def _marks(node: Dice, face: int) -> str:
    """``**`` after a die the crit mark picks, ``__`` after one the fumble mark picks (rpg-dice-roller's)."""
    out = ""
    if node.crit is not None and node.crit.hits(face):
        out += "**"
    if node.fumble is not None and node.fumble.hits(face):
        out += "__"
    return out


def _dice_text(t: RolledDice) -> str:
    node = t.node
    dice = list(t.dice)
    texts = {id(d): str(d.face) if node.plain else chain_text(node, d.rolls) for d in dice}
    if node.adds_one and len(dice) > node.count:  # 'ra': the die it added, after the others
        texts[id(dice[-1])] = f"+{dice[-1].face}"
    if node.sort is not None:  # shown in order of value; ties keep their rolling order
        dice.sort(key=lambda d: d.face, reverse=node.sort == "d")
    shown = [texts[id(d)] + _marks(node, d.face) for d in dice]
    faces = ", ".join(s if d.kept else f"({s})" for s, d in zip(shown, dice, strict=True))
    suffix = "" if t.node.target is None else target_notation(t.node.target, t.node.target_top)
    return f"[{faces}]{suffix}"


def _fmt(t: Rolled, outer: int) -> str:
    if isinstance(t, RolledConst):
        text, prec = str(t.node), _PREC_ATOM if t.node.value >= 0 else _PREC_UNARY
    elif isinstance(t, RolledDice):
        text, prec = _dice_text(t), _PREC_ATOM
    elif isinstance(t, RolledComputed):  # '(1d4)d6' as '([3])d6[4, 2, 6]': the count, then its dice
        fate = "F.1" if t.node.dice.fate_one else "F"
        size = fate if t.node.dice.fate else str(t.node.dice.sides)
        count = f"({_fmt(t.count, 0)})"
        if t.size is not None:  # 'd(1d6)' as '1d([4])[3, 1, 4, 2]': the size as rolled, then the dice
            size = f"({_fmt(t.size, 0)})"
            count = str(t.count.node) if isinstance(t.count, RolledConst) else count
        text, prec = f"{count}d{size}{_dice_text(t.dice)}", _PREC_ATOM
    elif isinstance(t, RolledGroup):
        shown = (_fmt(i, 0) if k else f"({_fmt(i, 0)})" for i, k in zip(t.items, t.kept, strict=True))
        node = t.node
        counts = "" if node.count_op is None else f"{node.count_op.value}{node.count_at}"
        text, prec = "{" + ", ".join(shown) + "}" + counts, _PREC_ATOM
    elif isinstance(t, RolledNeg):
        text, prec = f"-{_fmt(t.operand, _PREC_UNARY)}", _PREC_UNARY
    elif isinstance(t, RolledAbs):
        text, prec = f"abs({_fmt(t.operand, 0)})", _PREC_ATOM
    elif isinstance(t, RolledNote) and t.node.comment:
        text, prec = _fmt(t.operand, outer), outer
    elif isinstance(t, RolledNote):
        text, prec = f"{_fmt(t.operand, _PREC_ATOM)} {t.node.text}", _PREC_ATOM
    elif isinstance(t, RolledCall):
        text, prec = f"{t.node.fn.value}({_fmt(t.left, 0)}, {_fmt(t.right, 0)})", _PREC_ATOM
    elif isinstance(t, RolledCompare):
        text = f"{_fmt(t.left, _PREC_ADD)} {t.node.op.value} {_fmt(t.right, _PREC_ADD)}"
        prec = _PREC_CMP
    elif t.node.op.rounding is not None:
        text = f"{t.node.op.rounding}({_fmt(t.left, _PREC_MUL)}/{_fmt(t.right, _PREC_MUL + 1)})"
        prec = _PREC_ATOM
    elif t.node.op is Op.POW:
        text, prec = f"{_fmt(t.left, _PREC_ATOM)}**{_fmt(t.right, _PREC_UNARY)}", _PREC_POW
    else:
        prec = _PREC_MUL if t.node.op in (Op.MUL, Op.DIV, Op.MOD) else _PREC_ADD
        text = f"{_fmt(t.left, prec)}{t.node.op.value}{_fmt(t.right, prec + 1)}"
    return f"({text})" if prec < outer else text
