"""The GM sets a PC's starting morale and awards reputation; a player adding her own PC may not.

src 485 (WD-MORALE-005): each character's day-start morale is set by living situation, the GM's to
judge; src 416 (WD-REP-001): rep "is given" for successes, the GM's reward. A player who adds her own
PC gets the baseline and no rep cards; the GM's seat sets either, for anyone's PC.
"""

from __future__ import annotations

import pytest

from capeworks.errors import NotPermitted
from tests.systems.weaverdice.helpers import sheet, table


@pytest.mark.rules("WD-MORALE-005", "WD-REP-001")
@pytest.mark.parametrize("field", [{"morale": 4}, {"reputation": 5}])
def test_a_player_may_not_set_her_own_pcs_starting_morale_or_reputation(field: dict[str, int]) -> None:
    d = table()
    err = d.refuse("ann", "add_character", sheet=sheet("ada", "Ada"), owner="ann", **field)
    assert isinstance(err, NotPermitted) and "The GM sets starting morale" in err.message
    d.do("ann", "add_character", sheet=sheet("ada", "Ada"))
    ada = d.state.people["ada"]
    assert (ada.morale, len(d.state.campaign.ledger("ada").rep)) == (0, 0)


@pytest.mark.rules("WD-MORALE-005", "WD-REP-001")
def test_the_gm_sets_a_players_pcs_starting_morale_and_reputation() -> None:
    d = table()
    d.do("gm", "add_character", sheet=sheet("ada", "Ada"), owner="ann", morale=2, reputation=3)
    ada = d.state.people["ada"]
    assert (ada.morale, len(d.state.campaign.ledger("ada").rep), ada.owner) == (2, 3, "ann")


@pytest.mark.rules("WD-MORALE-005")
def test_a_players_sheet_may_not_set_its_morale_baseline_and_the_gms_stands() -> None:
    # src 485: "Morale has a set starting point for a character, determined by their living situation":
    # the GM's to judge, as starting morale is; a shipped sample's baseline is the book's
    d = table()
    err = d.refuse("ann", "add_character", sheet={**sheet("ada", "Ada"), "morale_baseline": 3})
    assert isinstance(err, NotPermitted) and "The GM sets starting morale and its baseline" in err.message
    d.do("gm", "add_character", sheet={**sheet("ada", "Ada"), "morale_baseline": -2}, owner="ann")
    assert (d.state.sheets["ada"].morale_baseline, d.state.people["ada"].morale) == (-2, -2)
    d.do("bob", "add_character", sample="tankspanker")
    assert d.state.sheets["tankspanker"].morale_baseline == 2
