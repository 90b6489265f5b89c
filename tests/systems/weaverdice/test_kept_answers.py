"""The campaign's prompts are known to be none for a campaign found quiet, and only for that one."""

from __future__ import annotations

from capeworks.systems.weaverdice.campaign import table as campaign_table
from capeworks.systems.weaverdice.campaign.table import campaign_prompts
from capeworks.systems.weaverdice.copies import evolve
from tests.systems.weaverdice.helpers import add, sheet, table


def test_a_quiet_campaign_is_kept_and_a_campaign_owing_a_discard_still_asks() -> None:
    d = table()
    add(d, "gm", sheet("vic", "Vic"), owner="ann", reputation=2)
    quiet = d.state
    assert campaign_prompts(quiet) == []
    assert campaign_table._LAST_QUIET[0] is quiet.campaign
    assert campaign_prompts(quiet) == []  # the kept answer
    owing = evolve(quiet, {"campaign": evolve(quiet.campaign, {"discards": {"vic": 1}})})
    asked = campaign_prompts(owing)
    assert [p.kind for p in asked] == ["discard_rep"] and asked[0].seat == "ann"
    assert campaign_table._LAST_QUIET[0] is quiet.campaign  # a campaign that asks is never kept
    assert campaign_prompts(quiet) == []
