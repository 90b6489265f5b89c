"""Referee follow-up 18 over Weaverdice part 1 (``/work/shared/seeds/000_*.txt``, cited "src N"):
the words of a sprint that rises from Knocked Down (src 850, 890). Each situation is written from
the seed first and played through the table with given dice."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Status
from tests.systems.weaverdice.helpers import add, sheet, table


def _with(d: Driver, ident: str, *statuses: Status) -> None:
    """Set-up: ``ident`` already suffers ``statuses`` (as an earlier effect would have left them)."""
    people = dict(d.state.people)
    c = people[ident]
    people[ident] = c.model_copy(
        update={"conditions": (*c.conditions, *(condition(s, ident) for s in statuses))}
    )
    d.patch(people=people)


def _vic_first(vic: dict[str, Any] | None = None) -> Driver:
    """Vic (Ann's PC) against a generic thug; Vic acts first (Vic 6 + 6 = 12, the thug 6 + 3 = 9)."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "vic"
    return d


@pytest.mark.rules("WD-STATUS-009", "WD-MOVE-005")
def test_a_sprint_that_stands_up_says_it_sprints() -> None:
    # src 850: rising takes half a move's movement; src 890: a sprint rolls Athletics, +5 ft on 4+.
    # Vic (Athletics 3, 30 ft) sprints from the ground: 30 + 30 + 5 - 15 = 50 ft on a [4]. A person
    # says he stands up and sprints, not that he "moves" 50 ft.
    d = _vic_first()
    _with(d, "vic", Status.KNOCKED_DOWN)
    d.do("ann", "move", character="vic", feet=50, sprint=True, stand=True, dice=[4])
    assert d.words("ann")[-1] == "Vic stands up and sprints 50 ft (Athletics [4] = 4; 4 vs 4+: success)."


@pytest.mark.rules("WD-STATUS-009", "WD-MOVE-005", "WD-COMBAT-032")
def test_a_plain_move_after_a_rest_shed_the_knock_down_still_says_it_moves() -> None:
    # src 1004: a rest's Guts roll sheds the knock-down, the rising still owed (src 850). Vic rests
    # (Guts [4] vs 4+) and has one action left: a sprint is a full action, so it waits for the next
    # turn; a plain move pays the rising: 30 - 15 = 15 ft, and says it moves.
    d = _vic_first()
    _with(d, "vic", Status.KNOCKED_DOWN)
    d.do("ann", "rest", character="vic", remove=["knocked_down"], dice=[4])
    d.do("ann", "move", character="vic", feet=15)
    assert d.words("ann")[-1] == "Vic stands up and moves 15 ft."
