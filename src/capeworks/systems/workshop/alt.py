"""The alternate combat system (WS-ALT): a stack of initiative cards instead of Sequences.

The first card acts and then goes to the rear; Damage moves a card forward one place per
max(1, floor(Health / 5)) (PROPOSED rounding), and a card pushed forward from first place is out
of action; an Active Defense (not from first place) moves the defender one place back, and the
defended attack's Damage then counts from last place (PROPOSED on); a snapshot moves the actor
forward floor(|penalty| / 3) places after going to the rear. Padding cards (``pad-N:kind``) sit
behind the combatants and are removed when they reach the front, giving their effect to the
combatant behind them (PROPOSED: d10 = Inspired, knockdown = knocked down, setback and random
are the GM's to narrate).
"""

from __future__ import annotations

__all__ = ["PAD", "is_pad", "pad_kind", "pushed", "rotated", "stack", "step_of"]

PAD = "pad-"


def is_pad(card: str) -> bool:
    """Is this place in the stack a padding card?"""
    return card.startswith(PAD)


def pad_kind(card: str) -> str:
    """A padding card's kind (``pad-2:setback`` -> ``setback``)."""
    return card.split(":", 1)[1]


def stack(ranked: tuple[str, ...], padding: list[str]) -> tuple[str, ...]:
    """WS-ALT-001/005: the combatants in Initiative order, then the padding cards in their order."""
    return ranked + tuple(f"{PAD}{i}:{kind}" for i, kind in enumerate(padding, start=1))


def rotated(order: tuple[str, ...], who: str, snapshot_penalty: int = 0, pushed: int = 0) -> tuple[str, ...]:
    """WS-ALT-001/002/004: ``who`` to the rear, then forward floor(|penalty| / 3) places for snapshots
    and the ``pushed`` places Damage moved it on its own turn."""
    rest = [c for c in order if c != who]
    forward = abs(snapshot_penalty) // 3 + pushed
    at = max(0, len(rest) - forward)
    return (*rest[:at], who, *rest[at:])


def step_of(health: int) -> int:
    """WS-ALT-002 (PROPOSED): one place per max(1, floor(Health / 5)) Damage."""
    return max(1, health // 5)


def pushed(
    order: tuple[str, ...],
    who: str,
    damage: int,
    health: int,
    *,
    from_last: bool,
    acting: str = "",
    already: int = 0,
) -> tuple[tuple[str, ...], int, bool]:
    """WS-ALT-002/003: the stack after ``damage`` moves ``who`` forward; the places moved; out of action?

    The card ``acting`` (in front while it acts) is already on its way to the rear, so places
    count among the others (PROPOSED). The same holds for the actor's own card: "When a character
    acts, she is placed at the rear of the stack" (src 379), so Damage on its own turn moves it up
    from the rear, ``already`` places up by earlier Damage this turn; the stack keeps it in front
    until the turn ends (:func:`rotated` places it). ``from_last``: the defended attack counts as if
    ``who`` stood last.
    """
    steps = damage // step_of(health)
    if who not in order or steps == 0:
        return order, 0, False
    if who == acting and order[:1] == (who,):
        return order, steps, steps > len(order) - 1 - already
    head = (acting,) if acting and acting != who and order[:1] == (acting,) else ()
    others = order[len(head) :]
    rest = [c for c in others if c != who]
    pos = len(rest) if from_last else others.index(who)
    new = pos - steps
    if new < 0:
        return order, steps, True
    return (*head, *rest[:new], who, *rest[new:]), steps, False
