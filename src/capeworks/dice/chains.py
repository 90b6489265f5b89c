"""One die that may be rolled more than once: exploding (``!``, ``!!``, ``!p``) and rerolled (``r``, ``ro``).

Such a die is a *chain* of physical rolls: ``6, 6, 3`` for a d6 that
exploded twice, ``1, 1, 4`` for a d6 rerolled on 1s. A roll records the
physical faces one after another, exactly as players would call them out;
the chains are recovered from that flat list by replaying the rule (a face
that explodes or is rerolled is followed by one more face of the same die),
so physical dice need no extra structure and a replay is checked face by face.

What a chain is worth:

* value: exploding chains add up (``!p`` subtracts 1 from every extra roll);
  a rerolled chain is worth its last face;
* score against a target: ``!`` counts every roll of the chain as a die of its
  own (World of Darkness 10-again: an exploded 10 and the roll it adds can both
  succeed); ``!!``/``!p`` and rerolls score the chain's value.

Limits: a chain has at most :data:`~capeworks.dice.limits.MAX_EXTRA_ROLLS`
extra rolls when rolled; exact odds follow each die to the depth
:func:`odds_depth` and report the small chance of going deeper as the
distribution's ``remainder`` (as icepool does with its ``depth``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from capeworks.dice.expr import Dice, Explode
from capeworks.dice.limits import MAX_EXTRA_ROLLS
from capeworks.errors import DiceValueError

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing: exact odds import this module
if TYPE_CHECKING:
    from capeworks.dice.source import DiceSource

__all__ = [
    "chain_score",
    "chain_text",
    "chain_value",
    "draw",
    "odds_depth",
    "outcomes",
    "remainder",
    "split",
    "term_total",
]

#: exact odds follow an exploding die until the chance of going further is at most this
_ODDS_TAIL = Fraction(1, 2**40)


def _goes_on(term: Dice, face: int, extra: int) -> bool:
    """Whether a chain whose latest roll is ``face`` (after ``extra`` extra rolls) rolls again."""
    if extra >= MAX_EXTRA_ROLLS:
        return False
    if term.explode is not None:
        return face == term.sides
    assert term.reroll is not None
    if term.reroll.once and extra >= 1:
        return False
    return term.reroll.hits(face)


def draw(term: Dice, source: DiceSource) -> list[int]:
    """Physical faces for every die of ``term``, chain after chain."""
    out: list[int] = []
    for _ in range(term.count):
        face = source.faces(1, term.sides)[0]
        out.append(face)
        extra = 0
        while _goes_on(term, face, extra):
            face = source.faces(1, term.sides)[0]
            out.append(face)
            extra += 1
    return out


def split(term: Dice, faces: Sequence[int]) -> list[list[int]]:
    """The chains in a flat list of physical faces; a DiceValueError if they do not fit ``term``."""
    chains: list[list[int]] = []
    at = 0
    for _ in range(term.count):
        if at >= len(faces):
            raise DiceValueError(f"{term} needs more dice than the {len(faces)} given.")
        chain = [faces[at]]
        at += 1
        while _goes_on(term, chain[-1], len(chain) - 1):
            if at >= len(faces):
                raise DiceValueError(
                    f"{term} needs another d{term.sides} after the {chain[-1]}, but no more dice were given."
                )
            chain.append(faces[at])
            at += 1
        chains.append(chain)
    if at != len(faces):
        raise DiceValueError(
            f"{term} used {at} dice but {len(faces)} were given; give exactly the dice rolled."
        )
    return chains


def chain_value(term: Dice, chain: Sequence[int]) -> int:
    """What one die's chain is worth: the sum of an exploding chain, the last face of a rerolled one."""
    if term.explode is None:
        return chain[-1]
    if term.explode is Explode.PENETRATE:
        return sum(chain) - (len(chain) - 1)
    return sum(chain)


def chain_score(term: Dice, chain: Sequence[int]) -> int:
    """What one die's chain adds to a success count (``term`` has a target)."""
    assert term.target is not None
    if term.explode is Explode.EXPLODE:
        return sum(term.target.score(f) for f in chain)
    return term.target.score(chain_value(term, chain))


def odds_depth(term: Dice) -> int:
    """Extra rolls per die that exact odds follow: enough that going further has chance at most 2**-40."""
    if term.explode is None:
        return 1 if term.reroll is not None and term.reroll.once else 0
    return min(MAX_EXTRA_ROLLS, math.ceil(40 / math.log2(term.sides)) - 1)


def remainder(term: Dice) -> Fraction:
    """The chance that some die of ``term`` explodes more often than exact odds follow it."""
    if term.explode is None:
        return Fraction(0)
    beyond = Fraction(1, term.sides ** (odds_depth(term) + 1))
    return 1 - (1 - beyond) ** term.count


def outcomes(term: Dice) -> tuple[list[tuple[list[int], int]], int]:
    """Every chain one die can make (exact odds), with its ways over a common denominator.

    Returns ``(chains, denominator)``. An exploding die followed to depth D
    has denominator S**(D+1); a chain of j maxima then a lower face has
    S**(D-j) ways, and at depth D the last roll does not explode. A die
    rerolled until it misses is uniform over the faces that are kept; one
    rerolled once shows face f in S*[f kept] + (faces rerolled) ways of S**2.
    """
    sides = term.sides
    if term.explode is not None:
        depth = odds_depth(term)
        out: list[tuple[list[int], int]] = []
        for j in range(depth + 1):
            last = sides if j == depth else sides - 1
            for f in range(1, last + 1):
                out.append(([sides] * j + [f], sides ** (depth - j)))
        return out, sides ** (depth + 1)
    reroll = term.reroll
    assert reroll is not None
    hit = [f for f in range(1, sides + 1) if reroll.hits(f)]
    if not reroll.once:
        kept = [([f], 1) for f in range(1, sides + 1) if not reroll.hits(f)]
        return kept, len(kept)
    m = len(hit)
    return [([f], (0 if reroll.hits(f) else sides) + m) for f in range(1, sides + 1)], sides * sides


def term_total(term: Dice, faces: Sequence[int]) -> int:
    """The value of a whole term from its flat physical faces: chains, then keep/drop, then target."""
    from capeworks.dice.roller import kept_flags

    chains = split(term, faces)
    flags = kept_flags([chain_value(term, c) for c in chains], term.keep, term.more)
    if term.target is None:
        return sum(chain_value(term, c) for c, k in zip(chains, flags, strict=True) if k)
    return sum(chain_score(term, c) for c, k in zip(chains, flags, strict=True) if k)


def chain_text(term: Dice, chain: Sequence[int]) -> str:
    """A chain for the breakdown: ``6!, 3`` (separate dice), ``6!+5!+2`` (added in), ``1→4`` (rerolled)."""
    if term.explode is None:
        return "→".join(str(f) for f in chain)
    if term.explode is Explode.EXPLODE:
        return ", ".join(f"{f}!" if i < len(chain) - 1 else str(f) for i, f in enumerate(chain))
    less = 1 if term.explode is Explode.PENETRATE else 0
    shown = [chain[0]] + [f - less for f in chain[1:]]
    return "+".join(f"{v}!" if i < len(chain) - 1 else str(v) for i, v in enumerate(shown))
