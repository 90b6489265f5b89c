"""One die that may be rolled more than once: exploding (``!``, ``!!``, ``!p``, ``!!p``) or rerolled.

Such a die is a *chain* of physical rolls: ``6, 6, 3`` for a d6 that
exploded twice, ``1, 1, 4`` for a d6 rerolled on 1s. A roll records the
physical faces one after another, exactly as players would call them out;
the chains are recovered from that flat list by replaying the rule (a face
that explodes or is rerolled is followed by one more face of the same die),
so physical dice need no extra structure and a replay is checked face by face.

What a chain is worth:

* value: exploding chains add up (``!p``/``!!p`` subtract 1 from every extra
  roll); a rerolled chain is worth its last face;
* score against a target: ``!`` and ``!p`` count every roll of the chain as a
  die of its own (World of Darkness 10-again: an exploded 10 and the roll it
  adds can both succeed; a penetrating extra roll is scored one less);
  ``!!``/``!!p`` and rerolls score the chain's value.

A die explodes on its highest face, or on the faces its compare point names
(``!>=8``, ``!<=2``, ``!3``).

d20's ``ra`` (reroll and add) is the one rule across dice: when any die of
the term is picked out, one more die is rolled after all of them and added
as a die of its own (never rolled again); each die is a chain of one face.

Unique dice (``u``, ``uo``) are chains too: a die showing a face an earlier
die of the term came to (and that the compare point picks) is rolled again,
until new or once; the chain is worth its last face, as a rerolled one.

Limits: a chain has at most :data:`~capeworks.dice.limits.MAX_EXTRA_ROLLS`
extra rolls when rolled. Exact odds of chains are :mod:`capeworks.dice.chain_odds`.
"""

from __future__ import annotations

from collections.abc import Sequence

from capeworks.dice.expr import Dice, kept_flags
from capeworks.dice.limits import MAX_EXTRA_ROLLS
from capeworks.errors import DiceValueError

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing: every roll imports this module
if TYPE_CHECKING:
    from capeworks.dice.source import DiceSource

__all__ = ["chain_score", "chain_text", "chain_value", "draw", "split", "term_total"]


def _goes_on(term: Dice, face: int, extra: int, seen: set[int]) -> bool:
    """Whether a chain whose latest roll is ``face`` (after ``extra`` extra rolls) rolls again.

    ``seen``: the faces earlier dice of the term came to (unique dice roll a duplicate again).
    """
    if extra >= MAX_EXTRA_ROLLS:
        return False
    if term.unique is not None:
        if term.unique.once and extra >= 1:
            return False
        return face in seen and term.unique.picks(face)
    if term.explode is not None:
        return term.explodes(face) and not (term.explode.once and extra >= 1)
    if term.reroll is None:  # min/max: one roll per die
        return False
    if term.reroll.once and extra >= 1:
        return False
    return term.reroll.hits(face)


def draw(term: Dice, source: DiceSource) -> list[int]:
    """Physical faces for every die of ``term``, chain after chain."""
    if term.adds_one:  # 'ra': every die, then one more when some die is picked out
        out = [source.faces(1, term.sides)[0] for _ in range(term.count)]
        if _first_hit(term, out) is not None:
            out.append(source.faces(1, term.sides)[0])
        return out
    out = []
    seen: set[int] = set()
    for _ in range(term.count):
        face = source.faces(1, term.sides)[0]
        out.append(face)
        extra = 0
        while _goes_on(term, face, extra, seen):
            face = source.faces(1, term.sides)[0]
            out.append(face)
            extra += 1
        seen.add(face)
    return out


def split(term: Dice, faces: Sequence[int]) -> list[list[int]]:
    """The chains in a flat list of physical faces; a DiceValueError if they do not fit ``term``."""
    if term.adds_one:
        return _split_added(term, faces)
    chains: list[list[int]] = []
    seen: set[int] = set()
    at = 0
    for _ in range(term.count):
        if at >= len(faces):
            raise DiceValueError(f"{term} needs more dice than the {len(faces)} given.")
        chain = [faces[at]]
        at += 1
        while _goes_on(term, chain[-1], len(chain) - 1, seen):
            if at >= len(faces):
                raise DiceValueError(
                    f"{term} needs another d{term.sides} after the {chain[-1]}, but no more dice were given."
                )
            chain.append(faces[at])
            at += 1
        seen.add(chain[-1])
        chains.append(chain)
    if at != len(faces):
        raise DiceValueError(
            f"{term} used {at} dice but {len(faces)} were given; give exactly the dice rolled."
        )
    return chains


def _first_hit(term: Dice, faces: Sequence[int]) -> int | None:
    """Where the first die that ``ra`` picks out is among ``faces``, or None."""
    assert term.reroll is not None
    return next((i for i, f in enumerate(faces) if term.reroll.hits(f)), None)


def _split_added(term: Dice, faces: Sequence[int]) -> list[list[int]]:
    """``ra``: each die a chain of one face; the die it adds, when some die is picked out, comes last."""
    n = term.count
    if len(faces) < n:
        raise DiceValueError(f"{term} needs more dice than the {len(faces)} given.")
    hit = _first_hit(term, faces[:n])
    wanted = n if hit is None else n + 1
    if hit is not None and len(faces) == n:
        raise DiceValueError(
            f"{term} needs one more d{term.sides} after its {n} dice (the {faces[hit]} adds a die), "
            "but no more dice were given."
        )
    if len(faces) != wanted:
        raise DiceValueError(
            f"{term} used {wanted} dice but {len(faces)} were given; give exactly the dice rolled."
        )
    return [[f] for f in faces]


def chain_value(term: Dice, chain: Sequence[int]) -> int:
    """What one die's chain is worth: the sum of an exploding chain, the last face of a rerolled one."""
    if term.explode is None:
        return term.clamp(chain[-1])
    return sum(chain) - term.explode.less * (len(chain) - 1)


def chain_score(term: Dice, chain: Sequence[int]) -> int:
    """What one die's chain adds to a success count (``term`` has a target)."""
    assert term.target is not None
    if term.explode is not None and term.explode.separate:
        less = term.explode.less
        return sum(term.target.score(f - (less if i else 0)) for i, f in enumerate(chain))
    return term.target.score(chain_value(term, chain))


def term_total(term: Dice, faces: Sequence[int]) -> int:
    """The value of a whole term from its flat physical faces: chains, then keep/drop, then target."""
    chains = split(term, faces)
    flags = kept_flags([chain_value(term, c) for c in chains], term.keep, term.more, term.selects)
    if term.target is None:
        return sum(chain_value(term, c) for c, k in zip(chains, flags, strict=True) if k)
    return sum(chain_score(term, c) for c, k in zip(chains, flags, strict=True) if k)


def chain_text(term: Dice, chain: Sequence[int]) -> str:
    """A chain for the breakdown: ``6!, 3`` (separate dice), ``6!+5!+2`` (added in), ``1→4`` (rerolled).

    Penetrating extra rolls are shown as they count (one less than the face).
    """
    if term.explode is None and term.reroll is None and term.unique is None:  # min/max: '1↑2', '6↓5'
        face = chain[-1]
        value = term.clamp(face)
        return str(face) if value == face else f"{face}{'↑' if value > face else '↓'}{value}"
    if term.explode is None:
        return "→".join(str(f) for f in chain)
    less = term.explode.less
    shown = [chain[0]] + [f - less for f in chain[1:]]
    glue = ", " if term.explode.separate else "+"
    return glue.join(f"{v}!" if i < len(chain) - 1 else str(v) for i, v in enumerate(shown))
