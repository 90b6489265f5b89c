"""The dramatic card draw (WS-CARD): one real 54-card deck dealing each Faction, drawn without replacement.

Cards are short codes: rank then suit (``"10S"``, ``"QH"``, ``"AC"``), jokers ``"JK1"``/``"JK2"``.
A draw rolls one die with as many sides as cards left, so the dice service (and physical dice)
pick the card and a replay never draws again. An empty deck is a fresh 54-card deck (PROPOSED).
"""

from __future__ import annotations

from enum import StrEnum

from capeworks.engine.kit import Frozen

__all__ = ["FULL_DECK", "TABLE_DECK", "CardEffect", "Favored", "effect_of"]

SUITS = ("S", "H", "C", "D")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FULL_DECK: tuple[str, ...] = (*(r + s for s in SUITS for r in RANKS), "JK1", "JK2")
#: the key of the table's one deck among the state's decks ("from a normal Deck", src 85); no Faction's name
TABLE_DECK = "*"


class Favored(StrEnum):
    """Table T5: the suit's Favored Action."""

    COMBAT = "combat"
    INTERACTION = "interaction"
    OTHER = "other"
    DECEIT = "deceit"


_SUIT_FAVORS = {"S": Favored.COMBAT, "H": Favored.INTERACTION, "C": Favored.OTHER, "D": Favored.DECEIT}


class CardEffect(Frozen):
    """What a Faction's card does this Sequence (tables T4 and T5, with the PROPOSED readings)."""

    card: str
    favored: Favored | None = None
    all_favored: bool = False
    inspired: bool = False
    #: an Ace: "All Actions are Favored and Inspired" (src 88), not one roll only
    all_inspired: bool = False
    stymie: bool = False
    confused: bool = False
    setback: bool = False
    joker: bool = False


def effect_of(card: str) -> CardEffect:
    """WS-CARD-001/004: the rank effect and the suit's Favored Action of ``card``."""
    if card.startswith("JK"):
        return CardEffect(card=card, all_favored=True, inspired=True, joker=True)
    rank, suit = card[:-1], card[-1]
    favored = _SUIT_FAVORS[suit]
    if rank == "A":
        return CardEffect(card=card, all_favored=True, inspired=True, all_inspired=True, favored=favored)
    if rank in ("J", "Q", "K"):
        return CardEffect(card=card, inspired=True, favored=favored)
    if rank == "4":
        return CardEffect(card=card, stymie=True)
    if rank == "3":
        return CardEffect(card=card, confused=True)
    if rank == "2":
        return CardEffect(card=card, setback=True)
    return CardEffect(card=card, favored=favored)
