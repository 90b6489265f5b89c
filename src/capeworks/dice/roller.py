"""Rolling an expression: faces from a DiceSource in, a result out.

The result tree (:attr:`RollResult.tree`, see :mod:`capeworks.dice.results`)
says what happened, die by die. The total is always derived from the faces
and the expression, never stored beside them.

Speed: each expression is compiled once (cached) into two small generated
functions, one drawing the faces and one reducing them to the total. A
:class:`RollResult` holds only the expression and the faces; the result tree
and the breakdown text are built on demand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from capeworks.dice.breakdown import plain
from capeworks.dice.chains import draw as draw_chains
from capeworks.dice.chains import split, term_total
from capeworks.dice.evaluate import evaluate
from capeworks.dice.expr import (
    CmpOp,
    ComputedDice,
    Dice,
    Expr,
    Fn,
    Group,
    Op,
    dice_terms,
    has_computed,
    kept_flags,
)
from capeworks.dice.notation import parse
from capeworks.dice.results import Die, Rolled, build_tree
from capeworks.dice.source import DiceSource, GivenDice, SeededDice
from capeworks.errors import DiceValueError

__all__ = ["Die", "RollResult", "Rolled", "roll"]

# A private generator seeded from the operating system, for rolls that name no
# source or seed. Never the global `random`.
_DEFAULT_SOURCE = SeededDice()

Faces = Sequence[Sequence[int]]


# ---------------------------------------------------------------- compiled plan


@dataclass(frozen=True, slots=True)
class _Plan:
    terms: tuple[Dice, ...]
    draw: Callable[[DiceSource], list[list[int]]]
    total: Callable[[Faces], int]


def _kept_slice(term: Dice, var: str) -> str:
    low, high = term.kept_range
    if low == 0 and high == term.count:
        return var
    if low == high:
        return "[]"
    return f"sorted({var})[{low}:{high}]"


def _term_code(term: Dice, var: str) -> str:
    low, high = term.kept_range
    if term.target is None:
        if high - low == 1 and term.count > 1 and (low == 0 or high == term.count):
            return f"{'min' if low == 0 else 'max'}({var})"
        return f"sum({_kept_slice(term, var)})"
    t, f, op = term.target.at_least, term.target.fail_at_most, term.target.op.value
    kept = _kept_slice(term, var)
    if f is None:
        return f"sum([x {op} {t} for x in {kept}])"
    return f"sum([(x {op} {t}) - (x {term.target.fail_op.value} {f}) for x in {kept}])"


def _fate_faces(src: DiceSource, count: int, one: bool = False) -> list[int]:
    """Fate dice: typed in as -1, 0 and 1; drawn as a d3 less 2 (``dF.1``: a d6, 1 is -1 and 6 is +1)."""
    if isinstance(src, GivenDice):
        return src.fate_faces(count)
    if one:
        return [(x == 6) - (x == 1) for x in src.faces(count, 6)]
    return [x - 2 for x in src.faces(count, 3)]


def _draw_code(term: Dice, i: int) -> str:
    if not term.plain:
        return f"ch(terms[{i}], src)"
    if term.fate:
        return f"ff(src, {term.count}, {term.fate_one})"
    return f"f({term.count}, {term.sides})"


_PY_OPS = {Op.ADD: "+", Op.SUB: "-", Op.MUL: "*", Op.DIV: "//", Op.FLOOR_DIV: "//"}


class _Code:
    """The roller's algebra: every value is a Python expression (a local variable), one line each."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.terms = 0

    def _line(self, code: str) -> str:
        v = f"v{len(self.lines)}"
        self.lines.append(f"    {v} = {code}")
        return v

    def const(self, value: int) -> str:
        return repr(value)

    def dice(self, term: Dice) -> str:
        self.terms += 1
        var = f"d[{self.terms - 1}]"
        if not term.plain or term.selects or (term.target is not None and term.target.mode != "count"):
            return self._line(f"tt(terms[{self.terms - 1}], {var})")
        return self._line(_term_code(term, var))

    def computed(self, node: ComputedDice, count: str, size: str | None = None) -> str:
        self.terms += 1
        return self._line(f"ct(terms[{self.terms - 1}], {count}, d[{self.terms - 1}], {size})")

    def neg(self, a: str) -> str:
        return self._line(f"-{a}")

    def abs_(self, a: str) -> str:
        return self._line(f"abs({a})")

    def binop(self, op: Op, a: str, b: str) -> str:
        if op is Op.CEIL_DIV:
            return self._line(f"-(-{a} // {b})")
        if op is Op.ROUND_DIV:
            return self._line(f"(2 * {a} + {b}) // (2 * {b})")
        if op is Op.MOD:
            return self._line(f"mod({a}, {b})")
        if op is Op.POW:
            return self._line(f"{a} ** {b}")
        return self._line(f"{a} {_PY_OPS[op]} {b}")

    def call(self, fn: Fn, a: str, b: str) -> str:
        return self._line(f"{fn.value}({a}, {b})")

    def compare(self, op: CmpOp, a: str, b: str) -> str:
        return self._line(f"int({a} {op.value} {b})")

    def group(self, group: Group, items: list[str]) -> str:
        start, end = group.kept_range
        listed = f"[{', '.join(items)}]"
        if (start, end) != (0, len(items)):
            listed = f"sorted({listed})[{start}:{end}]"
        if group.count_op is not None:  # '{4d6, 3d8}>=5': how many kept totals meet it
            return self._line(f"sum(1 for v in {listed} if v {group.count_op.value} {group.count_at})")
        return self._line(f"sum({listed})")


def _compile(expr: Expr) -> _Plan:
    """Generate the draw and total functions for one expression."""
    terms = tuple(dice_terms(expr))
    code = _Code()
    result = evaluate(expr, code)
    lines = code.lines
    draws = ", ".join(_draw_code(t, i) for i, t in enumerate(terms))
    source = (
        "def draw(src):\n"
        + ("    f = src.faces\n" if terms else "")
        + f"    return [{draws}]\n"
        + "def total(d):\n"
        + "\n".join(lines)
        + ("\n" if lines else "")
        + f"    return {result}\n"
    )
    namespace: dict[str, object] = {"ff": _fate_faces, "terms": terms, "mod": Op.MOD.compute}
    namespace.update(ch=draw_chains, tt=term_total)
    namespace["ct"] = _computed_total
    exec(compile(source, "<capeworks.dice plan>", "exec"), namespace)
    draw = namespace["draw"]
    total = namespace["total"]
    assert callable(draw) and callable(total)
    if has_computed(expr):  # how many dice a term rolls depends on what came before: draw as it goes

        def draw_computed(src: DiceSource) -> list[list[int]]:
            drawing = _Drawing(src)
            evaluate(expr, drawing)
            return drawing.faces

        return _Plan(terms, draw_computed, total)
    return _Plan(terms, draw, total)


def _draw_term(term: Dice, src: DiceSource) -> list[int]:
    if not term.plain:
        return draw_chains(term, src)
    return _fate_faces(src, term.count, term.fate_one) if term.fate else src.faces(term.count, term.sides)


def _term_value(term: Dice, faces: Sequence[int]) -> int:
    """What a dice term is worth given its faces (physical faces, chain after chain, when not plain)."""
    if not term.plain:
        return term_total(term, faces)
    flags = kept_flags(faces, term.keep, term.more, term.selects)
    target = term.target
    if target is None:
        return sum(f for f, k in zip(faces, flags, strict=True) if k)
    return sum(target.score(f) for f, k in zip(faces, flags, strict=True) if k)


def _computed_total(template: Dice, count: int, faces: Sequence[int], sides: int | None = None) -> int:
    if sides is not None:
        template = replace(template, sides=sides)
    return _term_value(template if count == template.count else replace(template, count=count), faces)


class _Drawing:
    """Draws faces term by term, working out every value on the way (a computed count needs its value)."""

    def __init__(self, src: DiceSource) -> None:
        self.src = src
        self.faces: list[list[int]] = []

    def const(self, value: int) -> int:
        return value

    def dice(self, term: Dice) -> int:
        faces = _draw_term(term, self.src)
        self.faces.append(faces)
        return _term_value(term, faces)

    def computed(self, node: ComputedDice, count: int, size: int | None = None) -> int:
        return self.dice(node.with_count(count, size))

    def neg(self, a: int) -> int:
        return -a

    def abs_(self, a: int) -> int:
        return abs(a)

    def binop(self, op: Op, a: int, b: int) -> int:
        return op.compute(a, b)

    def call(self, fn: Fn, a: int, b: int) -> int:
        return min(a, b) if fn is Fn.MIN else max(a, b)

    def compare(self, op: CmpOp, a: int, b: int) -> int:
        return int(op.holds(a, b))

    def group(self, group: Group, items: list[int]) -> int:
        keeps = group.keeps
        flags = kept_flags(items, keeps[0] if keeps else None, keeps[1:])
        return sum(group.score(v) for v, k in zip(items, flags, strict=True) if k)


@lru_cache(maxsize=2048)
def _plan_for(expr: Expr) -> _Plan:
    return _compile(expr)


# The hottest path: a plain dict from notation (or tree) to (tree, plan).
_RECENT: dict[str | Expr, tuple[Expr, _Plan]] = {}
_RECENT_SIZE = 4096


@lru_cache(maxsize=2048)
def _plan_for_text(text: str) -> tuple[Expr, _Plan]:
    expr = parse(text)
    return expr, _plan_for(expr)


# ---------------------------------------------------------------- results


class RollResult:
    """What one roll of an expression showed.

    Immutable. Holds the expression and the faces of each dice term; the total,
    the result tree and the breakdown text are derived from those.
    """

    __slots__ = ("_expr", "_faces", "_plan")

    def __init__(self, expr: Expr, faces: list[list[int]], plan: _Plan) -> None:
        self._expr = expr
        self._faces = faces
        self._plan = plan

    @classmethod
    def from_faces(cls, expression: str | Expr, faces: Sequence[Sequence[int]]) -> RollResult:
        """Rebuild a result from recorded faces (one list per dice term), checking them."""
        expr, plan = _plan_for_text(expression) if isinstance(expression, str) else (expression, None)
        if plan is None:
            plan = _plan_for(expr)
        if len(faces) != len(plan.terms):
            raise DiceValueError(f"{expr} has {len(plan.terms)} dice terms but {len(faces)} were given.")
        if has_computed(expr):  # replay: each count says how many faces the next term takes
            wanted = [list(f) for f in faces]
            source = GivenDice(f for term_faces in wanted for f in term_faces)
            drawn = plan.draw(source)
            source.check_used_up()
            if drawn != wanted:
                raise DiceValueError(f"These faces do not fit {expr}: the rolled counts need {drawn}.")
            return cls(expr, drawn, plan)
        checked: list[list[int]] = []
        for term, term_faces in zip(plan.terms, faces, strict=True):
            if not term.plain:
                split(term, term_faces)  # the right number of rolls for its explosions or rerolls
                checked.append(GivenDice(term_faces).faces(len(term_faces), term.sides))
                continue
            if len(term_faces) != term.count:
                raise DiceValueError(f"{term} needs {term.count} dice but {len(term_faces)} were given.")
            given = GivenDice(term_faces)
            checked.append(given.fate_faces(term.count) if term.fate else given.faces(term.count, term.sides))
        return cls(expr, checked, plan)

    @property
    def expression(self) -> Expr:
        """The expression tree that was rolled."""
        return self._expr

    @property
    def dice(self) -> list[list[int]]:
        """Faces of every die, one list per dice term in the order rolled (a copy)."""
        return [list(f) for f in self._faces]

    @property
    def total(self) -> int:
        """The value of the roll, derived from the expression and the faces."""
        return self._plan.total(self._faces)

    @property
    def tree(self) -> Rolled:
        """The result tree: the expression with every die as rolled, kept or dropped."""
        return build_tree(self._expr, self._faces, [0])

    @property
    def breakdown(self) -> str:
        """One line such as ``4d6kh3: [6, 4, 3, (1)] = 13``; dropped dice in brackets."""
        return plain(self.tree)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RollResult):
            return NotImplemented
        return self._expr == other._expr and self._faces == other._faces

    def __hash__(self) -> int:
        return hash((self._expr, tuple(tuple(f) for f in self._faces)))

    def __repr__(self) -> str:
        return f"RollResult({str(self._expr)!r}, dice={self._faces!r}, total={self.total})"


def roll(
    expression: str | Expr,
    *,
    source: DiceSource | None = None,
    seed: int | str | None = None,
) -> RollResult:
    """Roll notation (or a parsed expression) once.

    Faces come from ``source`` if given (a :class:`GivenDice` must hold exactly
    the dice this roll needs), else from a generator seeded with ``seed``
    (same seed, same faces), else from a private generator.
    """
    entry = _RECENT.get(expression)
    if entry is None:
        if isinstance(expression, str):
            entry = _plan_for_text(expression)
        else:
            entry = (expression, _plan_for(expression))
        if len(_RECENT) >= _RECENT_SIZE:
            _RECENT.clear()
        _RECENT[expression] = entry
    expr, plan = entry
    if source is None:
        faces = plan.draw(_DEFAULT_SOURCE if seed is None else SeededDice(seed))
    elif seed is not None:
        raise TypeError("roll() takes a source or a seed, not both.")
    else:
        faces = plan.draw(source)
        if isinstance(source, GivenDice):
            source.check_used_up()
    return RollResult(expr, faces, plan)
