"""A referee's campaign situations (pass 9) on recruiting (WD-RECRUIT), written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N", recruiting around src 1610-1726)
before playing them at the table with given dice: who may recruit for whom, and what a player may
not spend or set."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import table


def two_capes() -> Driver:
    """Ann plays Felinous (one milestone, one rep), Bob plays Bea; downtime is open."""
    d = table()
    pc(d, "ann", "felinous", "Felinous", milestones=1)
    pc(d, "bob", "bea", "Bea")
    d.do("gm", "award", character="felinous", rep="robbed a bank")
    d.do("gm", "start_downtime")
    return d


@pytest.mark.rules("WD-RECRUIT-001")
def test_r9_01_a_player_cannot_recruit_for_anothers_character() -> None:
    """src 1665: the recruitment is led by 'the individual leading the recruitment'; Bob does not
    lead Ann's Felinous, so his recruit for Felinous is refused and nothing is opened."""
    d = two_capes()
    d.refuse("bob", "recruit", character="felinous", recruitment="r1", dice=[4, 4, 4])
    assert "r1" not in camp(d).recruitments


@pytest.mark.rules("WD-RECRUIT-007")
def test_r9_02_tapping_more_rep_than_held_is_refused() -> None:
    """src 1671: 'Reputation can be tapped' - only reputation one holds. Bea holds none, so tapping
    one rep die is refused and no recruitment opens."""
    d = two_capes()
    d.refuse("bob", "recruit", character="bea", recruitment="r1", rep_dice=1, dice=[4, 4, 4, 4])
    assert "r1" not in camp(d).recruitments


@pytest.mark.rules("WD-RECRUIT-011")
def test_r9_03_a_player_cannot_present_a_candidate() -> None:
    """src 1658-1660: the applicants are the GM's to make; a player presenting one does the GM's
    part and is refused."""
    d = two_capes()
    d.do("ann", "recruit", character="felinous", recruitment="r1", dice=[4, 5, 6])
    d.refuse("ann", "present_candidate", recruitment="r1", candidate="x", name="X", dice=[55])


@pytest.mark.rules("WD-RECRUIT-001", "WD-STAT-015")
def test_r9_04_social_four_rolls_four_dice_and_each_four_or_more_opens_a_place() -> None:
    """src 1615, 1718: recruitment dice = Social. Bea's Social 4 rolls four dice with no modifier:
    4, 3, 6, 1 -> two dice at 4+ -> two openings; questions = Social = 4."""
    d = table()
    pc(d, "bob", "bea", "Bea", social=4)
    d.do("gm", "start_downtime")
    d.do("bob", "recruit", character="bea", recruitment="r1", dice=[4, 3, 6, 1])
    r = camp(d).recruitments["r1"]
    assert (r.openings, r.questions) == (2, 4)


@pytest.mark.rules("WD-RECRUIT-001", "WD-RECRUIT-004")
def test_r9_05_seeking_capes_costs_one_per_cape_on_the_team_including_the_recruiter() -> None:
    """src 1665: '-1 penalty applied for every cape already on the team, including any cape that is
    handling the hiring'. Two capes: -2 on each die; Social 3: 6-2=4 yes, 5-2=3 no, 4-2=2 no -> 1."""
    d = two_capes()
    d.do("ann", "recruit", character="felinous", recruitment="r1", capes=True, team_capes=2,
         dice=[6, 5, 4])  # fmt: skip
    assert d.last.payload.modifier == -2
    assert camp(d).recruitments["r1"].openings == 1


@pytest.mark.rules("WD-RECRUIT-001")
def test_r9_06_a_recruitment_name_already_in_use_is_refused() -> None:
    """A second recruit under the name of an open recruitment would overwrite the first one's
    applicants; it is refused and the first stays as it was (one opening from 6, 1, 1)."""
    d = two_capes()
    d.do("ann", "recruit", character="felinous", recruitment="r1", dice=[6, 1, 1])
    d.refuse("bob", "recruit", character="bea", recruitment="r1", dice=[6, 6, 6])
    assert camp(d).recruitments["r1"].openings == 1


@pytest.mark.rules("WD-RECRUIT-007")
def test_r9_07_one_rep_cannot_buy_both_an_extra_die_and_a_bonus() -> None:
    """src 1671: 'Reputation tapped for additional recruitment can't be used to grant a bonus and
    vice versa'. Felinous holds one rep: an extra die (1) plus +1 on all dice (1) needs two; refused,
    and his rep stays."""
    d = two_capes()
    d.refuse("ann", "recruit", character="felinous", recruitment="r1", rep_dice=1, rep_bonus=1,
             dice=[4, 4, 4, 4, 4])  # fmt: skip
    assert len(camp(d).ledgers["felinous"].rep) == 1
