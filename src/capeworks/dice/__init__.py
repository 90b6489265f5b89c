"""Dice: notation, rolling with a full breakdown, and exact odds.

Notation such as ``4d6kh3 + 2`` is parsed once (cached) into an immutable
expression tree (:mod:`capeworks.dice.expr`). That tree is rolled
(:func:`roll`, faces from a :class:`DiceSource`), rolled in bulk for the lab
(:func:`roll_many`), or turned into exact odds (:func:`distribution`).

Every object here is immutable; anything that looks like a change returns a
new object. The grammar and limits are documented in ``docs/dice.md``.
"""

from __future__ import annotations

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (a few ms of every cold start)
if TYPE_CHECKING:
    from typing import Any

    from capeworks.dice.bulk import roll_many
    from capeworks.dice.expr import Expr
    from capeworks.dice.notation import parse
    from capeworks.dice.odds import Distribution, distribution
    from capeworks.dice.odds_icepool import icepool_distribution
    from capeworks.dice.results import Die, Rolled
    from capeworks.dice.roller import RollResult, roll
    from capeworks.dice.source import DiceSource, GivenDice, SeededDice

__all__ = [
    "DiceSource",
    "Die",
    "Distribution",
    "Expr",
    "GivenDice",
    "RollResult",
    "Rolled",
    "SeededDice",
    "distribution",
    "icepool_distribution",
    "parse",
    "roll",
    "roll_many",
]

# Names load on first use (PEP 562) so that asking only for odds, or only for
# rolls, imports only what it needs: cold start matters for the CLI.
_HOME = {
    "roll_many": "bulk",
    "Expr": "expr",
    "parse": "notation",
    "Distribution": "odds",
    "distribution": "odds",
    "icepool_distribution": "odds_icepool",
    "Die": "results",
    "Rolled": "results",
    "RollResult": "roller",
    "roll": "roller",
    "DiceSource": "source",
    "GivenDice": "source",
    "SeededDice": "source",
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'capeworks.dice' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"capeworks.dice.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
