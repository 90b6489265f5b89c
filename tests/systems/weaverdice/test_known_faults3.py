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


def followed(d: Driver, ident: str, **kinds: int) -> None:
    """Followers already held, as a campaign in progress would have them."""
    c = camp(d)
    held = c.ledger(ident).model_copy(update={"followers": kinds})
    d.patch(campaign=c.model_copy(update={"ledgers": {**c.ledgers, ident: held}}))


@pytest.mark.rules("WD-FOLLOW-007", "WD-REP-009")
def test_a_journalist_driven_off_by_negative_rep_takes_the_card_with_it() -> None:
    """src 1357: 'Negative reputation may make it hard to hold onto specific kinds of follower (and that
    negative rep may be spent as the follower departs)'. The GM rules a Journalist gone over 'hurt
    civilians for kicks' and spends that card; the other negative card stays held against Ada."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    followed(d, "ada", journalist=2)
    d.do("gm", "give_negative", character="ada", source="hurt civilians for kicks")
    d.do("gm", "give_negative", character="ada", source="shot at a cop")
    card = next(c.id for c in camp(d).ledger("ada").rep if c.source == "hurt civilians for kicks")
    d.do("gm", "award", character="ada", lose="journalist", lose_with=card)
    ledger = camp(d).ledger("ada")
    assert ledger.followers["journalist"] == 1
    assert [c.source for c in ledger.rep if c.negative] == ["shot at a cop"]


@pytest.mark.rules("WD-FOLLOW-007")
def test_negative_rep_is_spent_only_by_a_follower_leaving_and_only_a_card_held() -> None:
    """src 1357: the negative rep is spent 'as the follower departs': with no follower named, or a card
    Ada does not hold, the GM is told and nothing changes; without the card named, it stays (it 'may' be
    spent)."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    followed(d, "ada", fan=2)
    d.do("gm", "give_negative", character="ada", source="shot at a cop")
    card = camp(d).ledger("ada").rep[-1].id
    d.refuse("gm", "award", character="ada", lose_with=card, rule="WD-FOLLOW-007")
    d.refuse("gm", "award", character="ada", lose="fan", lose_with=card + 5, rule="WD-FOLLOW-007")
    assert camp(d).ledger("ada").followers["fan"] == 2
    d.do("gm", "award", character="ada", lose="fan")
    assert [c.source for c in camp(d).ledger("ada").rep if c.negative] == ["shot at a cop"]
