"""A referee's campaign situations (pass 5), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: whose finding rolls alternate, information in place of intel (a named detail, a tier-3
reward as an unlock), a gang's Journalist at Cape Business, and what an encounter is for option 12."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import add, sheet, table


def target(d: Driver) -> Any:
    return camp(d).targets["xb"]


# --- finding a target (src 1797-1801) ---------------------------------------------------------------------


@pytest.mark.rules("WD-INTEL-006", "WD-CORE-006")
def test_r5_01_each_searcher_alternates_athletics_and_wits_on_their_own_rolls() -> None:
    """src 1797: 'the player can roll Athletics and Wits (alternating) until they reach the target
    number'; the alternation is the player's, and searchers pool their totals (a lengthy check, src 580).
    Ada (Athletics 4: +1, Wits 2: -1) and Bo (Athletics 2: -1, Wits 4: +1) hunt Crossbones, DC 50. Ada
    rolls Athletics 3 + 1 = 4; Bo's first roll is his Athletics too, 3 - 1 = 2; then Ada's Wits 3 - 1 =
    2 and Bo's Wits 3 + 1 = 4: 12 in all. Before, the turn of stat was the target's, so Bo rolled Wits
    first (4) and Ada Athletics twice (4, 4): 16."""
    d = table()
    pc(d, "ann", "ada", "Ada", athletics=4, wits=2)
    pc(d, "bob", "bo", "Bo", athletics=2, wits=4)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50)
    for seat, who in (("ann", "ada"), ("bob", "bo"), ("ann", "ada"), ("bob", "bo")):
        d.do(seat, "surveil", character=who, target="xb", dice=[3])
    assert (target(d).find_progress, target(d).find_rolls) == (12, 4)
    assert target(d).find_rolls_by == {"ada": 2, "bo": 2}


@pytest.mark.rules("WD-INTEL-006")
def test_r5_02_finding_rolls_from_before_the_rollers_were_kept_count_as_anyones() -> None:
    """src 1797, a campaign saved before the table kept who made each finding roll: its target holds
    one roll and no roller. Ada's next roll goes on from it, her Wits (3 - 1 = 2), as it would have
    before; after it she is on Athletics again (3 + 1 = 4)."""
    d = table()
    pc(d, "ann", "ada", "Ada", athletics=4, wits=2)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50)
    c = camp(d)
    old = c.targets["xb"].model_copy(update={"find_rolls": 1, "find_progress": 4})
    d.patch(campaign=c.model_copy(update={"targets": {"xb": old}}))
    d.do("ann", "surveil", character="ada", target="xb", dice=[3])
    assert target(d).find_progress == 6
    d.do("ann", "surveil", character="ada", target="xb", dice=[3])
    assert target(d).find_progress == 10


@pytest.mark.rules("WD-INTEL-006", "WD-NPC-003")
def test_r5_03_a_hidden_npc_alternates_on_its_own_rolls_too() -> None:
    """src 1797 on the GM's own track (WD-NPC-003): Ada rolls Athletics (3 + 1 = 4) for the players; the
    hidden Boss (Athletics 4, Wits 2) then starts with his own Athletics, 3 + 1 = 4, not Wits."""
    d = table()
    pc(d, "ann", "ada", "Ada", athletics=4, wits=2)
    add(d, "gm", {**sheet("boss", "Boss", athletics=4, wits=2), "tier": "notable"}, hidden=True)
    d.do("gm", "start_downtime", characters=["ada", "boss"], slots=3)
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50)
    d.do("ann", "surveil", character="ada", target="xb", dice=[3])
    d.do("gm", "surveil", character="boss", target="xb", dice=[3])
    track = target(d).gm_track
    assert (track.find_progress, track.find_rolls_by) == (4, {"boss": 1})
    assert target(d).find_progress == 4
