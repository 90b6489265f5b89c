"""Weaverdice faults found by the referee passes, each played at the table with given dice."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import table


def live(d: Driver, ident: str) -> list[Any]:
    return [c for c in camp(d).ledger(ident).rep if not c.negative]


def pair() -> Driver:
    """Astronaught and Bomber at the table, their combo's card awarded (to Astronaught's ledger)."""
    d = table()
    pc(d, "ann", "ast", "Astronaught")
    pc(d, "bob", "bom", "Bomber")
    d.do("gm", "award", character="ast", rep="aerial bombardment combo", owners=["Astronaught", "Bomber"])
    d.do("gm", "open_negotiation", negotiation="n", party="Mayor", tn=4)
    return d


@pytest.mark.rules("WD-REP-002", "WD-REP-003", "WD-REP-005")
def test_a_card_for_two_players_is_played_by_the_second_and_spent_for_both() -> None:
    """src 426-427: 'A & B did that cool aerial bombardment combo. (For players Astronaught and Bomber
    only)': the card is both players' to play; src 433 general rep is spent when played, so once Bomber
    plays it (extra die: 1 and 5, the 5 carries TN 4) Astronaught holds it no more."""
    d = pair()
    mine = [c.id for c in live(d, "bom")]
    assert len(mine) == 1 and len(live(d, "ast")) == 1
    d.do("bob", "negotiate", character="bom", negotiation="n", cards=mine, dice=[1, 5])
    assert camp(d).negotiations["n"].outcome == "agreed"
    assert live(d, "bom") == [] and live(d, "ast") == []


@pytest.mark.rules("WD-REP-002", "WD-REP-005")
def test_a_card_for_two_players_spent_by_the_first_leaves_the_second_none() -> None:
    """src 426-427, 433: Astronaught plays the shared card; Bomber cannot play it after."""
    d = pair()
    d.do(
        "ann",
        "negotiate",
        character="ast",
        negotiation="n",
        cards=[c.id for c in live(d, "ast")],
        dice=[1, 2],
    )
    assert live(d, "ast") == [] and live(d, "bom") == []
