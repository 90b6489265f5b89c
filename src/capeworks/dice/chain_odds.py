"""Exact odds of one die that explodes or is rerolled: how deep to follow it, and what it can come to.

Kept apart from :mod:`capeworks.dice.chains` (the rolling side, which every
roll imports) so that rolling never imports :mod:`fractions`. Exact odds
follow each exploding die to the depth :func:`odds_depth` and report the
small chance of going deeper as the distribution's ``remainder`` (as icepool
does with its ``depth``).
"""

from __future__ import annotations

import math
from fractions import Fraction

from capeworks.dice.expr import Dice
from capeworks.dice.limits import MAX_EXTRA_ROLLS

__all__ = ["odds_depth", "outcome_work", "outcomes", "remainder"]


def _exploding_faces(term: Dice) -> int:
    return sum(1 for f in range(1, term.sides + 1) if term.explodes(f))


def odds_depth(term: Dice) -> int:
    """Extra rolls per die that exact odds follow: enough that going further has chance at most 2**-40."""
    if term.explode is None:
        return 1 if term.reroll is not None and term.reroll.once else 0
    if term.explode.once:
        return 1
    per_roll = math.log2(term.sides / _exploding_faces(term))
    return min(MAX_EXTRA_ROLLS, math.ceil(40 / per_roll) - 1)


def remainder(term: Dice) -> Fraction:
    """The chance that some die of ``term`` explodes more often than exact odds follow it."""
    if term.explode is None or term.explode.once:
        return Fraction(0)
    beyond = Fraction(_exploding_faces(term), term.sides) ** (odds_depth(term) + 1)
    return 1 - (1 - beyond) ** term.count


def outcomes(term: Dice) -> tuple[list[tuple[int, int, int]], int]:
    """What one die can come to (exact odds): ``(value, counted, ways)`` over a common denominator.

    ``value`` ranks the die for keep/drop; ``counted`` is what it adds to the
    total (its value, or its part of a success count). An exploding die is
    followed to depth D (denominator S**(D+1)) by working back from the
    deepest roll: a roll that does not explode ends the chain in S**k ways of
    the k rolls left, one that does goes on; at depth D the last roll counts as
    it falls. A die rerolled until it misses is uniform over the faces kept;
    one rerolled once shows face f in S*[f kept] + (faces rerolled) ways of S**2.
    """
    sides, target = term.sides, term.target
    if term.explode is not None:
        explode = term.explode
        separate = explode.separate and target is not None
        depth = odds_depth(term)

        def part(face: int, first: bool) -> int:
            v = face if first else face - explode.less
            return target.score(v) if separate and target is not None else v

        def level(k: int, first: bool, deeper: dict[int, int]) -> dict[int, int]:
            out: dict[int, int] = {}
            for f in range(1, sides + 1):
                c = part(f, first)
                if k and term.explodes(f):
                    for v, w in deeper.items():
                        out[c + v] = out.get(c + v, 0) + w
                else:
                    out[c] = out.get(c, 0) + sides**k
            return out

        rest: dict[int, int] = {}
        for k in range(depth):  # rest: what the extra rolls add when k may still come
            rest = level(k, False, rest)
        top = level(depth, True, rest)
        scored = target is not None and not explode.separate
        rows = [(v, target.score(v) if scored and target is not None else v, w) for v, w in top.items()]
        return rows, sides ** (depth + 1)
    reroll = term.reroll

    def row(f: int, w: int) -> tuple[int, int, int]:
        v = term.clamp(f)
        return (v, v if target is None else target.score(v), w)

    if reroll is None:  # min/max: each face once, counted as clamped
        return [row(f, 1) for f in range(1, sides + 1)], sides

    if not reroll.once:
        kept = [row(f, 1) for f in range(1, sides + 1) if not reroll.hits(f)]
        return kept, len(kept)
    m = sum(1 for f in range(1, sides + 1) if reroll.hits(f))
    return [row(f, (0 if reroll.hits(f) else sides) + m) for f in range(1, sides + 1)], sides * sides


def outcome_work(term: Dice) -> int:
    """Steps :func:`outcomes` takes, to charge before it runs."""
    if term.explode is None:
        return term.sides
    depth = odds_depth(term)
    return _exploding_faces(term) * depth * depth * term.sides + term.sides * depth
