"""Recruit at the table (WD-RECRUIT): modifiers, tapped rep, hidden candidates revealed by Knowledge."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import table

FELINOUS_SEEK = ["dish_out_hurt", "villainous", "one_mission", "big_payday"]


def felinous(d: Driver) -> None:
    pc(d, "ann", "felinous", "Felinous", milestones=1)
    d.do("gm", "award", character="felinous", rep="robbed a bank")
    d.do("gm", "start_downtime")


@pytest.mark.rules(
    "WD-RECRUIT-001",
    "WD-RECRUIT-002",
    "WD-RECRUIT-004",
    "WD-RECRUIT-007",
    "WD-RECRUIT-011",
    "WD-RECRUIT-013",
    "WD-RECRUIT-012",
    "WD-RECRUIT-003",
    "WD-LORE-004",
)
def test_felinous_recruits_two_applicants_and_learns_what_his_knowledge_reveals() -> None:
    """WX-35 (src 1687-1726): -2 two capes, -1 hurt, -1 villainous, +2 one mission, +2 payday = 0;
    Social 3 + 1 tapped rep = 4 dice at 4+; two applicants; three questions split 1 and 2."""
    d = table()
    felinous(d)
    # dice: 4 recruit dice, then the tapped rep's 50% roll (4: kept)
    d.do(
        "ann",
        "recruit",
        character="felinous",
        recruitment="r1",
        capes=True,
        team_capes=2,
        seek=FELINOUS_SEEK,
        rep_dice=1,
        dice=[4, 2, 5, 1, 4],
    )
    r = camp(d).recruitments["r1"]
    assert d.last.payload.modifier == 0
    assert (r.openings, r.questions) == (2, 3)
    assert len(camp(d).ledgers["felinous"].rep) == 1  # the rep survived its 50%
    # the GM presents two; each "lacks what was sought" roll is d100 <= 20, behind the screen
    d.do(
        "gm",
        "present_candidate",
        recruitment="r1",
        candidate="disarray",
        name="Disarray",
        details={"disposition": "mercenary", "power": "shaker", "temper": "volatile"},
        dice=[55],
    )
    d.do(
        "gm",
        "present_candidate",
        recruitment="r1",
        candidate="trog",
        name="Troglodyte",
        details={"disposition": "villain", "power": "brute", "debts": "owes the Teeth"},
        dice=[12],
    )
    assert camp(d).candidates["trog"].off_target  # 12 <= 20: he lacks the sought qualifier
    d.refuse("gm", "present_candidate", recruitment="r1", candidate="x", name="X", rule="WD-RECRUIT-001")
    d.do("ann", "ask", character="felinous", candidate="disarray", detail="temper")
    d.do("ann", "ask", character="felinous", candidate="trog", detail="debts")
    d.do("ann", "ask", character="felinous", candidate="trog", detail="power")
    d.refuse(
        "ann", "ask", character="felinous", candidate="trog", detail="disposition", rule="WD-RECRUIT-013"
    )
    # Knowledge 3: 4+ reveals, +2 on asked details: Disarray 3, 5, 2(+2) ; Troglodyte 4, 2(+2), 1(+2)
    d.do("gm", "vet_candidates", recruitment="r1", dice=[3, 5, 2, 4, 2, 1])
    assert set(camp(d).candidates["disarray"].revealed) == {"power", "temper"}
    assert set(camp(d).candidates["trog"].revealed) == {"disposition", "power"}
    seen = seen_by(d, "ann")
    assert "shaker" in seen and "volatile" in seen and "brute" in seen
    assert "mercenary" not in seen and "owes the Teeth" not in seen  # never revealed: never seen
    assert '"off_target": true' not in seen
    d.do("ann", "hire", character="felinous", candidate="disarray")
    assert camp(d).ledgers["felinous"].underlings == ("Disarray",)


@pytest.mark.rules("WD-RECRUIT-011", "WD-RECRUIT-005")
def test_hidden_details_reach_no_player_by_any_path() -> None:
    d = table()
    felinous(d)
    pc(d, "bob", "bo", "Bo")
    d.do("ann", "recruit", character="felinous", recruitment="r", dice=[6, 6, 6])
    d.refuse(
        "gm",
        "present_candidate",
        recruitment="r",
        candidate="big",
        name="Big",
        milestones=2,
        rule="WD-RECRUIT-005",
    )  # never outranks the recruiter
    d.do(
        "gm",
        "present_candidate",
        recruitment="r",
        candidate="c",
        name="Cipher",
        details={"secret": "works for the PRT"},
    )
    for seat in ("ann", "bob"):
        assert "works for the PRT" not in seen_by(d, seat)
    assert "works for the PRT" in seen_by(d, "gm")
    d.do("gm", "vet_candidates", recruitment="r", dice=[1])
    for seat in ("ann", "bob"):
        assert "works for the PRT" not in seen_by(d, seat)
    # a player's refused question names nothing hidden
    err = d.refuse("ann", "ask", character="felinous", candidate="c", detail="secret", rule="WD-RECRUIT-013")
    assert "PRT" not in err.message


@pytest.mark.rules("WD-RECRUIT-003", "WD-RECRUIT-002")
def test_a_strict_search_doubles_the_penalty_and_never_misses() -> None:
    """WX-37 (src 1662): Tinkers at -3 leave a 20% off-target chance; -6 removes it."""
    d = table()
    pc(d, "ann", "tess", "Tess", social=5)
    d.do("gm", "start_downtime")
    d.refuse("ann", "recruit", character="tess", recruitment="r", seek=["tinkers"], rule="WD-RECRUIT-002")
    d.do(
        "ann",
        "recruit",
        character="tess",
        recruitment="r",
        capes=True,
        strict=["tinkers"],
        dice=[6, 6, 6, 6, 1],
    )
    assert d.last.payload.modifier == -7  # -6 strict, -1 for Tess herself
    assert camp(d).recruitments["r"].openings == 0
    d.do(
        "ann",
        "recruit",
        character="tess",
        recruitment="r2",
        capes=False,
        seek=["low_bar"],
        dice=[3, 3, 2, 2, 2],
    )
    r2 = camp(d).recruitments["r2"]
    assert r2.openings == 2 and not r2.loose  # a bonus has nothing to miss
    d.do("gm", "present_candidate", recruitment="r2", candidate="a", name="A")  # no off-target die


@pytest.mark.rules("WD-RECRUIT-007", "WD-RECRUIT-008")
def test_rep_and_milestones_tapped_for_a_bonus_rep_lost_half_the_time() -> None:
    """WX-36 (src 1671): +1 to all dice costs 1, +2 costs 3, +3 costs 6; milestones tap like rep."""
    d = table()
    pc(d, "ann", "ada", "Ada", milestones=2)
    for source in ("a", "b"):
        d.do("gm", "award", character="ada", rep=source)
    d.do("gm", "start_downtime")
    d.refuse("ann", "recruit", character="ada", recruitment="r", rep_bonus=3, rule="WD-RECRUIT-007")
    d.refuse(
        "ann",
        "recruit",
        character="ada",
        recruitment="r",
        rep_bonus=1,
        milestone_bonus=1,
        rule="WD-RECRUIT-007",
    )  # 2 units buy no bonus
    d.refuse("ann", "recruit", character="ada", recruitment="r", milestone_dice=3, rule="WD-RECRUIT-008")
    # 1 rep for +1 to every die, 2 milestones for 2 extra dice: 5 dice; then the rep's 50%: 2 -> lost
    d.do(
        "ann",
        "recruit",
        character="ada",
        recruitment="r",
        rep_bonus=1,
        milestone_bonus=0,
        milestone_dice=2,
        dice=[2, 2, 1, 1, 1, 2],
    )
    assert d.last.payload.modifier == 1
    assert camp(d).recruitments["r"].openings == 0
    d.do("gm", "award", character="ada", rep="c")
    d.do(
        "ann", "recruit", character="ada", recruitment="q", rep_bonus=1, milestone_bonus=2, dice=[1, 1, 2, 1]
    )
    assert d.last.payload.modifier == 2
    assert camp(d).recruitments["q"].openings == 1  # 2 + 2 = 4
    assert len(camp(d).ledgers["ada"].rep) == 1  # one lost at each 50% roll of 1-3
