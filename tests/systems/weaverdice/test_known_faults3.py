"""Weaverdice faults found by the referee passes, each played at the table with given dice."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Status, WoundTier
from capeworks.systems.weaverdice.wounds import Wound
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import add, sheet, table


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


def vic_hurt(morale: int) -> Driver:
    """Vic (Guts 3, Ann's) acting first against the brute, at a morale step, with two plain lesser wounds."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("gm", "ruling", character="vic", text="Riding high", morale=morale)
    people = dict(d.state.people)
    c = people["vic"]
    wounds = (Wound(tier=WoundTier.LESSER, id="w1"), Wound(tier=WoundTier.LESSER, id="w2"))
    people["vic"] = c.model_copy(
        update={"track": c.track.model_copy(update={"wounds": wounds}), "wounds_made": 2}
    )
    d.patch(people=people)
    return d


@pytest.mark.rules("WD-MORALE-003", "WD-COMBAT-033", "WD-EFFORT-005")
def test_a_rest_whose_two_rolls_fail_buys_up_its_first_guts_roll() -> None:
    """src 453, 479: a step of high morale sets a roll just made to 2 + k; src 1004 a rest's Guts roll may
    reduce the most minor wound; src 394 the Recovery roll only shrugs off conditions. Vic (morale +2)
    rests asking to reduce, spends Recovery, and both rolls fail (2, 1 against 4). Bought up, the first
    Guts roll becomes 4 and reduces a wound (only the Recovery roll, the last, was offered before, and it
    can ease no wound)."""
    d = vic_hurt(2)
    d.do("ann", "rest", character="vic", reduce=True, recovery=True, restore=["focus"], dice=[2, 1])
    assert len(d.state.people["vic"].track.wounds) == 2
    assert d.state.chances["vic"].roll.faces == (2,)
    d.do("ann", "spend_morale", character="vic")
    vic = d.state.people["vic"]
    assert len(vic.track.wounds) == 1 and vic.morale == 1


def vic_first() -> Driver:
    """Vic (Athletics 3: 30 ft a move, 60 ft a sprint, 75 ft the ceiling) acting first."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[6, 1])
    return d


@pytest.mark.rules("WD-MOVE-005", "WD-MOVE-001", "WD-CORE-001")
def test_a_sprint_asking_more_than_its_roll_gives_goes_as_far_as_the_roll_allows() -> None:
    """src 890: a sprint is two moves and an Athletics roll, +5 ft on 4+, +10 ft on 6+. Vic asks 70 ft
    (what a 6 would give) and rolls 2: the roll stands and he sprints 60 ft (the inventory proposes no
    reading; this one never rolls again). Before, the sprint was refused after the roll, and asking again
    rolled new dice."""
    d = vic_first()
    d.do("ann", "move", character="vic", feet=70, sprint=True, dice=[2])
    assert d.state.fight.turn.moved == 60
    assert "the dice carry 60 of the 70 ft asked" in " ".join(d.words())
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-MOVE-005", "WD-MOVE-006", "WD-MOVE-007", "WD-MOVE-001")
def test_a_sprint_no_dice_could_carry_is_refused_before_the_roll() -> None:
    """src 890: never past 2.5x baseline (75 ft for Vic), a 6 on the sprint roll and a push's 3 at best.
    Asked 80 ft, the move is refused before any die is rolled (none is given), and nothing changes."""
    d = vic_first()
    d.refuse("ann", "move", character="vic", feet=80, sprint=True, push=True, rule="WD-MOVE-001")
    d.refuse("ann", "move", character="vic", feet=65, rule="WD-MOVE-001")


@pytest.mark.rules("WD-STATUS-002", "WD-MOVE-001")
def test_a_pained_move_asking_too_far_is_refused_before_its_roll() -> None:
    """src 816-818: pain makes a move need a roll (half distance on a failure). Asking 35 ft of a 30 ft
    move is refused whatever the dice, so before the pained roll is made (no die given)."""
    d = vic_first()
    people = dict(d.state.people)
    c = people["vic"]
    people["vic"] = c.model_copy(
        update={"conditions": (*c.conditions, condition(Status.PAINED_PHYSICAL, "vic"))}
    )
    d.patch(people=people)
    d.refuse("ann", "move", character="vic", feet=35, rule="WD-MOVE-001")
    d.do("ann", "move", character="vic", feet=30, dice=[1])
    assert d.state.fight.turn.moved == 15
