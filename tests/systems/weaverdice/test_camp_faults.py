"""Known faults of the Weaverdice campaign layer, each played at the table with given dice from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N"): the referee's situation first, then the
table's answer."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import WoundTier
from capeworks.systems.weaverdice.wounds import Wound
from tests.systems.weaverdice.helpers import add, sheet, table


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
def test_a_rest_whose_guts_roll_fails_and_recovery_roll_succeeds_buys_up_the_guts_roll() -> None:
    """src 453, 479: high morale may be spent, a step, to set a roll just made to 2 + k; src 1004 a rest's
    Guts roll may reduce the most minor wound; src 394 the Recovery roll 'shrug[s] off negative
    conditions' only. Vic (morale +2, two lesser wounds, nothing to shrug off) rests asking to reduce and
    spends Recovery: the Guts roll fails (2 against 4), the Recovery roll succeeds (5) and eases nothing.
    The failed Guts roll is his to buy up as any other: 2 + 2 = 4 succeeds and reduces a wound, morale
    +1. Before, no buy-up was offered once the last roll succeeded."""
    d = vic_hurt(2)
    d.do("ann", "rest", character="vic", reduce=True, recovery=True, restore=["focus"], dice=[2, 5])
    assert len(d.state.people["vic"].track.wounds) == 2
    assert d.state.chances["vic"].roll.faces == (2,)
    d.do("ann", "spend_morale", character="vic")
    vic = d.state.people["vic"]
    assert len(vic.track.wounds) == 1 and vic.morale == 1
