"""A referee's campaign situations (pass 8), written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing them at the table with
given dice: Cape Business check-ins (src 1464) as a seat other than the character's owner."""

from __future__ import annotations

import pytest

from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import table


@pytest.mark.rules("WD-BIZ-002")
def test_r8_01_a_player_cannot_check_in_for_another_players_character() -> None:
    """src 1464: the boss checks in on their own people; Bob's seat may not spend Ada's downtime slot
    on a Cape Business check-in. Nothing changes: Ada's slot stays unused."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bea", "Bea")
    d.do("gm", "start_downtime")
    d.refuse("bob", "cape_business", character="ada", checkins=["the gang"])
    assert camp(d).phase.slots["ada"].used == 0


@pytest.mark.rules("WD-DT-001")
def test_r8_02_a_player_cannot_open_downtime() -> None:
    """src 1376: downtime comes at the end of a session, at the GM's call (not on a cliffhanger):
    a player's seat asking
    to start downtime is refused and no phase opens."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.refuse("ann", "start_downtime")
    assert camp(d).phase is None or not camp(d).phase.slots
