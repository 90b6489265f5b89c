"""Exact odds' arithmetic: polynomials of ways (whole-number counts) and the work budget they draw on.

Every method of :mod:`capeworks.dice.odds` (and :mod:`capeworks.dice.odds_pool`)
raises count polynomials to powers and multiplies them here, charging the work
to one budget per question before doing it (see
:data:`~capeworks.dice.limits.MAX_EXACT_WORK`).
"""

from __future__ import annotations

import math
from contextvars import ContextVar

from capeworks.dice.limits import MAX_EXACT_WORK, MAX_SUPPORT
from capeworks.errors import LimitExceeded

__all__ = [
    "_SPENT",
    "_charge",
    "_check_support",
    "_mul_steps",
    "_pack",
    "_poly_mul",
    "_poly_pow",
    "_uniform_power",
    "_unpack",
]


# ---------------------------------------------------------------- limits


def _check_support(width: int) -> None:
    if width > MAX_SUPPORT:
        raise LimitExceeded(
            f"These odds would span {width} possible outcomes; the limit is {MAX_SUPPORT}. "
            "Ask about fewer dice or smaller numbers."
        )


#: work charged so far in the current question; every part of one expression
#: draws on the same budget, so a nest of cheap-looking parts cannot add up unseen
_SPENT = ContextVar("capeworks_dice_odds_spent", default=0)


def _charge(work: int, what: str) -> None:
    """Charge ``work`` steps before doing them; refuse once the question's total passes the limit."""
    spent = _SPENT.get() + work
    if spent > MAX_EXACT_WORK:
        raise LimitExceeded(
            f"Exact odds for {what} would take too long (about {spent:,} steps in all; the limit is "
            f"{MAX_EXACT_WORK:,}). Ask about fewer dice, or sample it instead: "
            "capeworks lab dice EXPR -n 100000."
        )
    _SPENT.set(spent)


def _mul_steps(a_bits: int, b_bits: int) -> int:
    """Steps one product of big integers of these sizes costs, in the budget's units.

    CPython multiplies by Karatsuba past a few words and has nothing faster,
    so the cost grows as ``large * small**0.585`` in 64-bit words (measured:
    about 0.13 us per unit, the time of a Python step or so over 8); linear
    charges let ``100d1000r1`` run 8 s on a budget meant for a fraction of one.
    """
    small, large = sorted((a_bits // 64 + 1, b_bits // 64 + 1))
    return 1 + int(large * small**0.585) // 8


# ---------------------------------------------------------------- polynomial arithmetic


def _pack(coefs: list[int], width: int) -> int:
    return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in coefs), "little")


def _unpack(x: int, width: int, n: int) -> list[int]:
    raw = x.to_bytes(width * n, "little")
    return [int.from_bytes(raw[i : i + width], "little") for i in range(0, width * n, width)]


def _poly_mul(a: list[int], b: list[int], *, charged: bool = False) -> list[int]:
    """Product of two count polynomials, exactly, in one big-integer multiplication.

    ``charged``: the caller has paid for it already (a whole power, planned ahead).
    """
    if len(a) == 1:
        return [a[0] * c for c in b]
    if len(b) == 1:
        return [b[0] * c for c in a]
    n = len(a) + len(b) - 1
    _check_support(n)
    width = (sum(a) * sum(b)).bit_length() // 8 + 1
    if not charged:
        _charge(_poly_mul_steps(len(a), len(b), width), "combining rolls")
    return _unpack(_pack(a, width) * _pack(b, width), width, n)


def _poly_mul_steps(len_a: int, len_b: int, width: int) -> int:
    """Packing and unpacking (a Python step a coefficient) and the one product of packed integers."""
    return len_a + len_b + _mul_steps(8 * width * len_a, 8 * width * len_b)


def _charge_squaring(f: list[int], n: int) -> None:
    """Charge every product :func:`_poly_pow` makes raising ``f`` to ``n`` by squaring, before the first.

    The sizes are planned from the lengths and the bits of each factor's sum of
    ways (``sum(f) ** k``), so a power too costly is refused before it starts,
    not after seconds of squarings that each looked affordable.
    """
    bits = math.log2(sum(f))
    steps = 0
    out: tuple[int, int] | None = None  # (length, power of f)
    square, k = (len(f), 1), n
    while k:
        if k & 1:
            if out is None:
                out = square
            else:
                width = int((out[1] + square[1]) * bits) // 8 + 2
                steps += _poly_mul_steps(out[0], square[0], width)
                out = (out[0] + square[0] - 1, out[1] + square[1])
        k >>= 1
        if k:
            width = int(2 * square[1] * bits) // 8 + 2
            steps += _poly_mul_steps(square[0], square[0], width)
            square = (2 * square[0] - 1, 2 * square[1])
    _charge(steps, f"{n} dice")


def _charge_power(base: list[int], n: int) -> int:
    """Check the limits for ``base ** n``; the number of coefficients it has.

    The work is what the recurrence does: a Python step per coefficient and
    term of ``base``, each a big-integer operation on coefficients of ``words``
    64-bit words (one step per 16 words: C runs through words far faster than
    Python through steps).
    """
    length = (len(base) - 1) * n + 1
    _check_support(length)
    words = (sum(base) ** n).bit_length() // 64 + 1
    terms = 3 if len(set(base)) == 1 else len(base)
    _charge(length * terms * (1 + words // 16), f"{n} dice")
    return length


def _uniform_power(sides: int, n: int) -> list[int]:
    """Coefficients of ``(1 + x + ... + x**(sides-1)) ** n``: ways to roll each sum of n dice.

    With P = ((1 - x**S) / (1 - x)) ** n, P' (1 - x)(1 - x**S) = n P (1 - S x**(S-1) + (S-1) x**S);
    comparing coefficients of x**k gives
    (k+1) c[k+1] = (k+n) c[k] + (k+1-S-nS) c[k+1-S] + (n(S-1)+S-k) c[k-S].
    The division is exact; the coefficients are symmetric, so only half are computed.
    """
    if sides == 1 or n == 1:
        return [1] * sides if n == 1 else [1]
    length = _charge_power([1] * sides, n)
    c = [0] * length
    c[0] = 1
    half = (length - 1) // 2
    a, b = n * sides, n * (sides - 1) + sides
    for k in range(half):
        t = (k + n) * c[k]
        i = k + 1 - sides
        if i >= 0:
            t += (i - a) * c[i]
            if i:
                t += (b - k) * c[i - 1]
        c[k + 1] = t // (k + 1)
    for k in range(half + 1, length):
        c[k] = c[length - 1 - k]
    return c


#: bases with more terms than this are raised to a power by squaring
_SQUARING_FROM = 24


def _poly_pow(base: list[int], n: int) -> list[int]:
    """``base`` to the ``n``th power, exactly (J. C. P. Miller's recurrence, or squaring for wide bases).

    For P = f**n with f = a0 + a1 x + ... + am x**m and a0 != 0,
    c[0] = a0**n and k a0 c[k] = sum over i = 1..m of ((n+1) i - k) a[i] c[k-i], exactly divisible.
    The recurrence costs about m steps a coefficient; a base of many terms (an
    exploding die followed deep) is raised by repeated squaring instead, each
    product one big-integer multiplication.
    """
    lead = 0
    while base[lead] == 0:
        lead += 1
    tail = len(base)
    while base[tail - 1] == 0:
        tail -= 1
    f = base[lead:tail]
    if n == 1:
        return list(base)
    if len(f) == 1:
        return [0] * (lead * n) + [f[0] ** n]
    if len(f) > _SQUARING_FROM:
        _check_support((len(f) - 1) * n + 1)
        _charge_squaring(f, n)
        out: list[int] | None = None
        square, k = f, n
        while k:
            if k & 1:
                out = square if out is None else _poly_mul(out, square, charged=True)
            k >>= 1
            if k:
                square = _poly_mul(square, square, charged=True)
        assert out is not None
        return [0] * (lead * n) + out
    length = _charge_power(f, n)
    a0, m = f[0], len(f) - 1
    c = [0] * length
    c[0] = a0**n
    for k in range(1, length):
        t = 0
        for i in range(1, min(k, m) + 1):
            if f[i]:
                t += ((n + 1) * i - k) * f[i] * c[k - i]
        c[k] = t // (k * a0)
    return [0] * (lead * n) + c
