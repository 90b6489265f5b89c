"""High morale buys up reaction and rest rolls like any of one's own rolls (WD-MORALE-003
PROPOSED): after seeing the failure, one step sets the result to 2 + k."""

from __future__ import annotations

import pytest

from capeworks.systems.weaverdice.vocab import Pool, WoundTier
from tests.systems.weaverdice.helpers import add, sheet, table


def duel(morale: int):  # type: ignore[no-untyped-def]
    d = table()
    add(d, "ann", sheet("vic", "Vic", wits=4))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5, athletics=1, dexterity=1))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=2))
    d.do("gm", "start_combat", dice=[6, 1])  # Vic 12, Thug 9, Brute 3
    d.do("gm", "ruling", character="vic", text="Riding high", morale=morale)
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    return d


@pytest.mark.rules("WD-MORALE-003", "WD-COMBAT-019", "WD-COMBAT-020")
def test_a_failed_dodge_bought_up_with_high_morale_holds() -> None:
    d = duel(3)
    d.do("gm", "attack", character="brute", target="vic", dice=[3])  # 3 + 2 = 5 vs DS 4: hit
    d.answer("ann", "react-vic", "dodge", dice=[2])  # Athletics 3 (+0): 2 < 5, the dodge fails
    # morale +3 sets it to 2 + 3 = 5 >= 5: the choice waits, and nothing has landed yet
    prompt = d.prompt("ann", "reaction_morale")
    assert prompt.context == {"attack_total": 5, "reaction_total": 2}
    assert d.state.people["vic"].track.wounds == ()
    d.refuse("ann", "react", character="vic", reaction="block", rule="WD-COMBAT-019")  # one per attack
    d.answer("ann", prompt.id, "spend_morale")
    vic = d.state.people["vic"]
    assert vic.morale == 2 and vic.track.wounds == ()
    assert vic.effort.available(d.state.sheet("vic"), Pool.FOCUS) == 3  # Wits 4 gives 4; the dodge paid 1
    assert d.state.attack is None and "dodges and may step 5 ft" in " ".join(d.words()[-2:])


@pytest.mark.rules("WD-MORALE-003", "WD-COMBAT-019")
def test_declining_the_buy_up_takes_the_hit__and_no_offer_when_it_cannot_help() -> None:
    d = duel(3)
    d.do("gm", "attack", character="brute", target="vic", dice=[3])  # total 5
    d.answer("ann", "react-vic", "block", dice=[1])  # Brawn 3: 1 < 5
    d.answer("ann", d.prompt("ann", "reaction_morale").id, "take", dice=[1])  # lesser bash, effect 1
    vic = d.state.people["vic"]
    assert vic.morale == 3 and [w.tier for w in vic.track.wounds] == [WoundTier.LESSER]
    # morale +2 would make only 2 + 2 = 4 < 5: the failed dodge resolves at once, as before
    d = duel(2)
    d.do("gm", "attack", character="brute", target="vic", dice=[3])
    d.answer("ann", "react-vic", "dodge", dice=[2, 1])
    assert "reaction_morale" not in [p.kind for p in d.prompts("ann")]
    assert [w.tier for w in d.state.people["vic"].track.wounds] == [WoundTier.LESSER]


@pytest.mark.rules("WD-MORALE-003", "WD-COMBAT-032")
def test_a_failed_rest_roll_bought_up_sheds_what_a_success_sheds() -> None:
    d = duel(2)
    d.do("gm", "end_turn", character="brute")  # round 2: Vic again
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "attack", character="thug", target="vic", damage="cut", dice=[6])
    d.answer("ann", "react-vic", "dodge", dice=[1, 3])  # 1 < 6 (2 + 2 = 4 cannot help); cut effect 3
    d.answer("ann", d.prompt("ann", "effect").id, "none")
    assert [x.name for x in d.state.people["vic"].conditions] == ["bleeding"]
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="brute")
    # Rest: Guts 3 (+0), 2 < 4 fails; morale +2 makes it 2 + 2 = 4 >= 4, and Bleeding goes
    d.do("ann", "rest", character="vic", remove="bleeding", restore="focus", dice=[2])
    assert [x.name for x in d.state.people["vic"].conditions] == ["bleeding"]
    assert "spend_morale" in {c.command for c in d.legal("ann")}
    d.do("ann", "spend_morale", character="vic")
    vic = d.state.people["vic"]
    assert vic.conditions == () and vic.morale == 1
    assert vic.effort.available(d.state.sheet("vic"), Pool.FOCUS) == 4  # 4 - 1 dodge + 1 rest, restored once
    assert "Morale carries Vic's rest; sheds bleeding." in d.words()
    d.refuse("ann", "spend_morale", character="vic", rule="WD-MORALE-003")


@pytest.mark.rules("WD-MORALE-003", "WD-GRAPPLE-001")
def test_a_failed_dodge_of_a_grab_bought_up_escapes_it() -> None:
    d = duel(3)
    d.do("gm", "grab", character="brute", target="vic", dice=[3])  # Brawn 5: 3 + 2 = 5 vs DS 4
    d.answer("ann", "react-vic", "dodge", dice=[1])  # 1 < 5; morale +3 would make it 5
    d.answer("ann", d.prompt("ann", "reaction_morale").id, "spend_morale")
    assert d.state.grapples == {} and d.state.people["vic"].morale == 2
    d = duel(3)
    d.do("gm", "grab", character="brute", target="vic", dice=[3])
    d.answer("ann", "react-vic", "dodge", dice=[1])
    d.answer("ann", d.prompt("ann", "reaction_morale").id, "take")
    assert "brute>vic" in d.state.grapples
