"""Situations earlier referees flagged as ones the table might get wrong and left (the list in the
stop 36 notes), each written from the seed (``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited
"src N") and played through the table with given dice.

Where the seed decides, the table follows it (a fix landed with its test). Where the seed is silent
and the inventory proposes nothing, the test pins what the table does and says so: a change there is
a ruling to make, not a fault to fix.
"""

from __future__ import annotations

import pytest

from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import table

# -- 9. high morale buys up a failed negotiation roll (WD-MORALE-003) ------------------------------


@pytest.mark.rules("WD-MORALE-003", "WD-SOCIAL-002")
@pytest.mark.parametrize(("morale", "agreed"), [(2, True), (1, False)])
def test_high_morale_buys_up_a_failed_negotiation_roll(morale: int, agreed: bool) -> None:
    # src 453: high morale "can be spent; lowering morale by one step to change a die result", any
    # die result, a Social roll in a negotiation too (src 479: Tankspanker takes "an automatic 4").
    # Ada (Social 3, +0) rolls a 2 against 4+. At morale +2 a step makes it 2 + 2 = 4: agreed, and
    # morale drops to +1. At +1 the step would make only 3, under 4+: nothing is spent, no deal.
    d = table()
    pc(d, "ann", "ada", "Ada", morale=morale)
    d.do("gm", "open_negotiation", negotiation="n", party="Dealers", tn=4)
    d.do("ann", "negotiate", character="ada", negotiation="n", morale_buy=True, dice=[2])
    n = camp(d).negotiations["n"]
    assert (n.outcome == "agreed") is agreed
    assert d.state.people["ada"].morale == (morale - 1 if agreed else morale)
    # bought up, the roll is no longer a failure that rep may still rescue (WD-REP-004)
    assert ("ada" in n.failed) is not agreed
