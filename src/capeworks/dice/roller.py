"""Rolling an expression: faces from a DiceSource in, a result tree out.

Two trees, as in avrae/d20: the expression tree says what was asked, the
result tree (:attr:`RollResult.tree`) says what happened, die by die, with each
die marked kept or dropped. The total is always derived from the faces and
the expression, never stored beside them.

Speed: each expression is compiled once (cached) into two small generated
functions, one drawing the faces and one reducing them to the total. A
:class:`RollResult` holds only the expression and the faces; the result tree
and the breakdown text are built on demand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from capeworks.dice.evaluate import evaluate
from capeworks.dice.expr import (
    BinOp,
    Call,
    CmpOp,
    Compare,
    Const,
    Dice,
    Expr,
    Fn,
    Group,
    Keep,
    Neg,
    Op,
    dice_terms,
)
from capeworks.dice.notation import parse
from capeworks.dice.source import DiceSource, GivenDice, SeededDice
from capeworks.errors import DiceValueError

__all__ = [
    "Die",
    "RollResult",
    "Rolled",
    "RolledBinOp",
    "RolledCall",
    "RolledCompare",
    "RolledConst",
    "RolledDice",
    "RolledGroup",
    "RolledNeg",
    "kept_flags",
    "roll",
]

# A private generator seeded from the operating system, for rolls that name no
# source or seed. Never the global `random`.
_DEFAULT_SOURCE = SeededDice()

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
            from capeworks.dice.chains import term_total

            return term_total(self.node, [f for d in self.dice for f in d.rolls])
        if target is None:
            return sum(d.face for d in self.dice if d.kept)
        return sum(target.score(d.face) for d in self.dice if d.kept)


@dataclass(frozen=True, slots=True)
class RolledNeg:
    """Unary minus over a rolled operand."""

    node: Neg
    operand: Rolled

    @property
    def value(self) -> int:
        return -self.operand.value


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
        if op is Op.MUL:
            return a * b
        return op.divide(a, b)


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
        return sum(item.value for item, k in zip(self.items, self.kept, strict=True) if k)


Rolled = RolledConst | RolledDice | RolledNeg | RolledBinOp | RolledCall | RolledCompare | RolledGroup


def kept_flags(faces: Sequence[int], keep: Keep | None, more: Sequence[Keep] = ()) -> list[bool]:
    """Which of ``faces`` a chain of keep/drop suffixes keeps.

    Equal faces sort in rolling order, so ``kh``/``dl`` drop the earlier of
    equal dice first and ``kl``/``dh`` the later.
    """
    n = len(faces)
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


def _build_tree(expr: Expr, faces: Faces, at: list[int]) -> Rolled:
    if isinstance(expr, Const):
        return RolledConst(expr)
    if isinstance(expr, Dice):
        term_faces = faces[at[0]]
        at[0] += 1
        if not expr.plain:
            from capeworks.dice.chains import chain_value, split

            chains = split(expr, term_faces)
            values = [chain_value(expr, c) for c in chains]
            flags = kept_flags(values, expr.keep, expr.more)
            return RolledDice(
                expr, tuple(Die(v, k, tuple(c)) for v, k, c in zip(values, flags, chains, strict=True))
            )
        flags = kept_flags(term_faces, expr.keep, expr.more)
        return RolledDice(expr, tuple(Die(f, k) for f, k in zip(term_faces, flags, strict=True)))
    if isinstance(expr, Neg):
        return RolledNeg(expr, _build_tree(expr.operand, faces, at))
    if isinstance(expr, Group):
        items = tuple(_build_tree(item, faces, at) for item in expr.items)
        keeps = expr.keeps
        flags = kept_flags([i.value for i in items], keeps[0] if keeps else None, keeps[1:])
        return RolledGroup(expr, items, tuple(flags))
    left = _build_tree(expr.left, faces, at)
    right = _build_tree(expr.right, faces, at)
    if isinstance(expr, BinOp):
        return RolledBinOp(expr, left, right)
    if isinstance(expr, Call):
        return RolledCall(expr, left, right)
    return RolledCompare(expr, left, right)


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
    return f"sum([(x {op} {t}) - (x <= {f}) for x in {kept}])"


def _fate_faces(src: DiceSource, count: int) -> list[int]:
    """Fate dice: typed in as -1, 0 and 1; drawn as a d3 less 2."""
    if isinstance(src, GivenDice):
        return src.fate_faces(count)
    return [x - 2 for x in src.faces(count, 3)]


def _draw_code(term: Dice, i: int) -> str:
    if not term.plain:
        return f"ch(terms[{i}], src)"
    return f"ff(src, {term.count})" if term.fate else f"f({term.count}, {term.sides})"


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
        if not term.plain:
            return self._line(f"tt(terms[{self.terms - 1}], {var})")
        return self._line(_term_code(term, var))

    def neg(self, a: str) -> str:
        return self._line(f"-{a}")

    def binop(self, op: Op, a: str, b: str) -> str:
        if op is Op.CEIL_DIV:
            return self._line(f"-(-{a} // {b})")
        if op is Op.ROUND_DIV:
            return self._line(f"(2 * {a} + {b}) // (2 * {b})")
        return self._line(f"{a} {_PY_OPS[op]} {b}")

    def call(self, fn: Fn, a: str, b: str) -> str:
        return self._line(f"{fn.value}({a}, {b})")

    def compare(self, op: CmpOp, a: str, b: str) -> str:
        return self._line(f"int({a} {op.value} {b})")

    def group(self, group: Group, items: list[str]) -> str:
        start, end = group.kept_range
        listed = f"[{', '.join(items)}]"
        if (start, end) == (0, len(items)):
            return self._line(f"sum({listed})")
        return self._line(f"sum(sorted({listed})[{start}:{end}])")


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
    namespace: dict[str, object] = {"ff": _fate_faces, "terms": terms}
    if not all(t.plain for t in terms):
        from capeworks.dice import chains

        namespace.update(ch=chains.draw, tt=chains.term_total)
    exec(compile(source, "<capeworks.dice plan>", "exec"), namespace)
    draw = namespace["draw"]
    total = namespace["total"]
    assert callable(draw) and callable(total)
    return _Plan(terms, draw, total)


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
        checked: list[list[int]] = []
        for term, term_faces in zip(plan.terms, faces, strict=True):
            if not term.plain:
                from capeworks.dice.chains import split

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
        return _build_tree(self._expr, self._faces, [0])

    @property
    def breakdown(self) -> str:
        """One line such as ``4d6kh3: [6, 4, 3, (1)] = 13``; dropped dice in brackets."""
        from capeworks.dice.breakdown import plain

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
