"""A ninth outside referee's pass over the Workshop table: what a passed turn regains.

Situations written from the seed alone (``/work/shared/seeds/003_591d797dc594aa73.txt``, cited "src N"):
src 16 gives back 1 Shot for a Sequence "only using Actions that don't require a roll"; a turn passed
without any Action uses no roll at all, so it regains the Shot as a reload or a talk does.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from tests.systems.workshop.helpers import end_turn, sheet, state, table, who
from tests.systems.workshop.test_referee import QUIET, SLOW, TOUGH


def pair() -> tuple[Driver, str]:
    """Two heroes (Shot Count 5) and a slow villain; the hero not yet up spends 1 Shot (5 -> 4) on
    Initiative (src 19) and is returned."""
    d = table(QUIET, heroes={"h": sheet(), "k": sheet()}, villains={"v": sheet(traits=SLOW, **TOUGH)})
    later = "k" if state(d).turn.current == "h" else "h"
    d.do("ann", "raise_initiative", character=later, shots=1)
    assert who(d, later).shots == 4
    return d, later


def through(d: Driver) -> None:
    """Everyone still to act this Sequence passes."""
    seq = state(d).turn.sequence
    while state(d).turn.sequence == seq:
        end_turn(d, state(d).turn.current)


@pytest.mark.rules("WS-SHOT-002")
def test_f01__a_passed_turn_regains_a_shot() -> None:
    # src 16: "By only using Actions that don't require a roll during a Sequence ... you may raise your
    # Shot pool by 1, up to your Shot Count." A hero (Shot Count 5) spends 1 Shot on Initiative (5 -> 4)
    # and passes: no roll this Sequence, so at its end the pool is back to 4 + 1 = 5.
    d, k = pair()
    through(d)
    assert who(d, k).shots == 5


@pytest.mark.rules("WS-SHOT-002")
def test_f02__a_passed_turn_after_a_roll_regains_nothing() -> None:
    # src 16 the other way: the hero spends a Shot, shoots (a roll) and ends the turn: no Shot back
    # (4 stays 4).
    d, k = pair()
    while state(d).turn.current != k:
        end_turn(d, state(d).turn.current)
    d.do("ann", "attack", character=k, targets=["v"], dice=[10, 10])
    through(d)
    assert who(d, k).shots == 4
