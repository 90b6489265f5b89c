"""Reading dice notation into an expression tree, once.

The grammar lives in ``grammar.lark`` and is compiled by Lark's stand-alone
tool into ``_lark_parser.py`` (so importing capeworks stays fast). Parsing
returns an immutable :data:`~capeworks.dice.expr.Expr`; results are cached, so
rolling the same text again does not parse it again.

Every failure is a :class:`~capeworks.errors.DiceSyntaxError` (where, what was
expected, what was found) or a :class:`~capeworks.errors.LimitExceeded`; no
Lark exception escapes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from capeworks.dice import _lark_parser as _lk
from capeworks.dice.expr import (
    BinOp,
    Call,
    CmpOp,
    Compare,
    Const,
    Dice,
    Expr,
    Fn,
    Keep,
    KeepKind,
    Neg,
    Op,
    Target,
    dice_terms,
)
from capeworks.dice.limits import MAX_DICE_PER_TERM, MAX_DICE_TOTAL, MAX_EXPRESSION_LENGTH, MAX_SIDES
from capeworks.errors import DiceSyntaxError, LimitExceeded

__all__ = ["parse"]

_PARSER: Any = None

#: how each grammar terminal is named in an error message
_TERMINAL_WORDS = {
    "INT": "a number",
    "DIE": "'d'",
    "PLUS": "'+'",
    "MINUS": "'-'",
    "STAR": "'*'",
    "LPAR": "'('",
    "RPAR": "')'",
    "COMMA": "','",
    "CMP": "a comparison ('>=', '<=', '>', '<', '==' or '!=')",
    "FUNC": "'min' or 'max'",
    "KEEP": "'kh', 'kl', 'dh' or 'dl'",
    "TARGET": "'t'",
    "FAIL": "'f'",
    "$END": "the end of the expression",
}
# Order in which expected alternatives are listed.
_WORD_ORDER = list(_TERMINAL_WORDS)


def _parser() -> Any:
    global _PARSER
    if _PARSER is None:
        factory: Any = _lk.Lark_StandAlone
        _PARSER = factory()
    return _PARSER


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
    try:
        tree = _parser().parse(text)
    except _lk.UnexpectedCharacters as e:
        raise DiceSyntaxError(text, e.pos_in_stream or 0, _expected(e.allowed), repr(e.char)) from None
    except _lk.UnexpectedToken as e:
        tok = e.token
        at_end = tok.type == "$END"
        pos = len(text) if at_end or tok.start_pos is None else tok.start_pos
        got = "the end of the expression" if at_end else repr(str(tok))
        raise DiceSyntaxError(text, pos, _expected(e.expected), got) from None
    except Exception as e:  # any other parser failure (e.g. end of input), never a traceback
        got = "the end of the expression" if not text.strip() else "something unreadable"
        raise DiceSyntaxError(text, len(text), "a dice expression", got) from e
    expr = _build(tree, text)
    total = sum(term.count for term in dice_terms(expr))
    if total > MAX_DICE_TOTAL:
        raise LimitExceeded(f"At most {MAX_DICE_TOTAL} dice may be rolled at once; {text!r} rolls {total}.")
    return expr


def _expected(names: Any) -> str:
    words = sorted({_TERMINAL_WORDS.get(n, repr(n)) for n in (names or ())}, key=_order)
    if not words:
        return "a dice expression"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _order(word: str) -> int:
    for i, name in enumerate(_WORD_ORDER):
        if _TERMINAL_WORDS[name] == word:
            return i
    return len(_WORD_ORDER)


_BINOPS = {"add": Op.ADD, "sub": Op.SUB, "mul": Op.MUL}


def _build(node: Any, text: str) -> Expr:
    """Turn Lark's parse tree into our frozen expression tree, checking values."""
    if isinstance(node, _lk.Token):  # a bare INT inlined by ?atom
        return Const(int(node))
    kind = node.data
    kids = node.children
    if kind == "start":
        return _build(kids[0], text)
    if kind == "compare":
        return Compare(CmpOp(str(kids[1])), _build(kids[0], text), _build(kids[2], text))
    if kind in _BINOPS:
        return BinOp(_BINOPS[kind], _build(kids[0], text), _build(kids[2], text))
    if kind == "neg":
        return Neg(_build(kids[1], text))
    if kind == "const":
        return Const(int(kids[0]))
    if kind == "call":
        return Call(Fn(str(kids[0])), _build(kids[1], text), _build(kids[2], text))
    if kind == "dice":
        return _dice(kids, text)
    raise DiceSyntaxError(text, 0, "a dice expression", repr(text))  # pragma: no cover


def _dice(kids: list[Any], text: str) -> Dice:
    count_tok = kids[0] if kids[0].type == "INT" else None
    rest = kids[2:] if count_tok is not None else kids[1:]
    sides_tok = rest[0]
    count = 1 if count_tok is None else int(count_tok)
    sides = int(sides_tok)
    if count_tok is not None and count < 1:
        raise DiceSyntaxError(text, count_tok.start_pos, "at least 1 die", repr(str(count_tok)))
    if count > MAX_DICE_PER_TERM:
        raise LimitExceeded(f"At most {MAX_DICE_PER_TERM} dice may be rolled in one term, not {count}.")
    if sides < 1:
        raise DiceSyntaxError(text, sides_tok.start_pos, "at least 1 side", repr(str(sides_tok)))
    if sides > MAX_SIDES:
        raise LimitExceeded(f"Dice may have at most {MAX_SIDES} sides, not {sides}.")
    keep: Keep | None = None
    target: Target | None = None
    for sub in rest[1:]:
        if sub.data == "keep":
            kind_tok, n_tok = sub.children
            n = int(n_tok)
            if n > count:
                raise DiceSyntaxError(
                    text,
                    n_tok.start_pos,
                    f"at most {count} (the number of dice rolled)",
                    repr(str(n_tok)),
                )
            keep = Keep(KeepKind(str(kind_tok)), n)
        else:
            t_tok = sub.children[1]
            at_least = int(t_tok)
            if not 1 <= at_least <= sides:
                raise DiceSyntaxError(
                    text, t_tok.start_pos, f"a target from 1 to {sides} (a d{sides})", repr(str(t_tok))
                )
            fail: int | None = None
            if len(sub.children) > 2:
                f_tok = sub.children[2].children[1]
                fail = int(f_tok)
                if not 1 <= fail < at_least:
                    raise DiceSyntaxError(
                        text,
                        f_tok.start_pos,
                        f"a fail number from 1 to {at_least - 1} (below the target {at_least})",
                        repr(str(f_tok)),
                    )
            target = Target(at_least, fail)
    return Dice(count, sides, keep, target)
