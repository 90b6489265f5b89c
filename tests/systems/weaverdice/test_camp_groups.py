"""Group followers at the table (WD-FOLLOW-008): a shared cap, and one member's tap costs everyone."""

from __future__ import annotations

import pytest

from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import table


@pytest.mark.rules("WD-FOLLOW-008")
def test_a_gang_shares_followers_up_to_its_members_and_a_tap_costs_everyone_the_passive() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "form_group", group="gang", name="The Gang", members=["ada", "bo"])
    assert camp(d).groups["gang"].cap == 2  # a PC gang starts at its number of players
    for who, seat in (("ada", "ann"), ("bo", "bob")):
        d.do("gm", "award", character=who, eligible="fan")
        d.do(seat, "gain_follower", character=who, kind="fan", group="gang", dice=[6])
    assert camp(d).groups["gang"].followers == {"fan": 2}
    assert "fan" not in camp(d).ledgers["ada"].followers  # the group's, not Ada's
    d.do("gm", "award", character="ada", eligible="fan")
    d.refuse("ann", "gain_follower", character="ada", kind="fan", group="gang", rule="WD-FOLLOW-008")
    d.refuse("ann", "gain_follower", character="ada", kind="fan", group="crew", rule="WD-FOLLOW-008")
    # before the phase: once it opens, the gang's two Fans have given Bo two cards, rep enough to
    # refuse a Fan's ("if you have less than [# of fans] rep", src 1372)
    d.do("bob", "tap_follower", character="bo", kind="fan", use="rep", group="gang")
    d.do("gm", "start_downtime")
    g = camp(d).groups["gang"]
    assert g.active("fan", 1) == 1 and g.active("fan", 3) == 2  # everyone loses that one's passive
    assert [c.source for c in camp(d).ledgers["bo"].rep] == ["a fan", "the group's fans"]
    assert camp(d).ledgers["bo"].rep[0].consumable
    d.do("gm", "end_downtime")
    d.do("gm", "start_downtime")
    d.refuse("bob", "tap_follower", character="bo", kind="fan", use="rep", group="gang", rule="WD-FOLLOW-010")
