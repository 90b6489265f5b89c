"""Rest & Recuperate, paid care, Plan a Mission and Cape Business at the table (WD-REST, WD-PLAN, WD-BIZ)."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Stat
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import table


def hurt(d: Driver) -> None:
    pc(d, "ann", "ada", "Ada", morale=-3, money=3000)
    sheet_ = d.state.sheets["ada"]
    person = d.state.people["ada"]
    wounds = (
        {"tier": 1, "id": "w1"},
        {"tier": 2, "id": "w2"},
        {"tier": 2, "id": "w3", "scarring": True},
        {"tier": 3, "id": "w4"},
    )
    track = person.track.model_copy(
        update={
            "wounds": tuple(
                person.track.model_validate({**person.track.model_dump(), "wounds": list(wounds)}).wounds
            )
        }
    )
    d.patch(
        people={"ada": person.model_copy(update={"track": track, "temporary_loss": {Stat.BRAWN: 1}})},
        sheets={"ada": sheet_},
    )


def conditions(d: Driver) -> dict[str, object]:
    return {x.name: x for x in camp(d).ledgers["ada"].conditions}


@pytest.mark.rules("WD-REST-001", "WD-REST-002", "WD-REST-003")
def test_a_rest_mends_plain_wounds_cheers_up_and_rolls_guts_on_long_term_conditions() -> None:
    """WX-50 (src 2009): a Guts roll of 5 takes 5 days off a fractured leg; WX-51: brainwashing is a
    lengthy Guts check to 20, or two sixes."""
    d = table()
    hurt(d)
    d.do("gm", "award", character="ada", condition="fractured leg", days=20)
    d.do("gm", "award", character="ada", condition="brainwashing", dc=20, two_sixes=True)
    d.do("gm", "award", character="ada", condition="burn scar", scar=True)
    d.do("gm", "start_downtime")
    d.refuse("ann", "rest_recuperate", character="ada", uses=["a", "b", "c", "d"], rule="WD-REST-002")
    d.do(
        "ann",
        "rest_recuperate",
        character="ada",
        uses=["fractured leg", "brainwashing", "burn scar"],
        dice=[1, 2, 5, 6, 4],  # at morale -3 the two plain wounds roll to mend first (1, 2: they mend)
    )
    ada = d.state.people["ada"]
    assert [w.id for w in ada.track.wounds] == ["w3", "w4"]  # scarring and critical wounds stay
    assert ada.temporary_loss == {} and ada.morale == -1  # two steps toward neutral
    left = conditions(d)
    assert left["fractured leg"].days == 15
    assert left["brainwashing"].progress == 6 and left["brainwashing"].sixes == 1
    assert "burn scar" not in left  # 4 >= 4+
    d.do("ann", "rest_recuperate", character="ada", uses=["brainwashing"], dice=[6])
    assert "brainwashing" not in conditions(d)  # the second six shakes it off


@pytest.mark.rules("WD-REST-004", "WD-REST-005")
def test_maskdoc_charges_by_reference_and_halves_on_4_then_5() -> None:
    """WX-52 (src 2013): $2,000, $500 with a reference; 1d6 - 1; 20 days -> 10 on 4+, then 5+."""
    d = table()
    hurt(d)
    d.do("gm", "award", character="ada", condition="fractured leg", days=20)
    d.do("ann", "paid_care", character="ada", provider="maskdoc", condition="fractured leg", dice=[5])
    assert conditions(d)["fractured leg"].days == 10
    assert camp(d).ledgers["ada"].money == 1000
    d.do(
        "ann",
        "paid_care",
        character="ada",
        provider="maskdoc",
        condition="fractured leg",
        reference=True,
        dice=[5],
    )  # 4 against 5+ now
    assert conditions(d)["fractured leg"].days == 10
    assert camp(d).ledgers["ada"].money == 500
    # business established: $500 now without the reference (src 2013), and then Ada is out of money
    d.do("ann", "paid_care", character="ada", provider="maskdoc", condition="fractured leg", dice=[1])
    assert camp(d).ledgers["ada"].money == 0
    d.refuse(
        "ann", "paid_care", character="ada", provider="maskdoc", condition="fractured leg", rule="WD-REST-004"
    )
    d.refuse(
        "ann", "paid_care", character="ada", provider="quack", condition="fractured leg", rule="WD-REST-004"
    )


@pytest.mark.rules("WD-PLAN-001", "WD-PLAN-002", "WD-PLAN-003", "WD-PLAN-004", "WD-PLAN-006")
def test_planning_a_robbery_keeps_or_takes_each_rolled_detail_and_unplanned_ones_go_worse() -> None:
    """WX-53 (src 1445-1451): Security stands at 4 rent-a-cops; the GM rolls 1 Protectorate cape; the
    planner keeps one. Knowledge 3: up to 3 details, or 2 and an advance roll."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime")
    security = ["2 rent-a-cops", "4 rent-a-cops", "4 police officers", "1 Protectorate cape"]
    traffic = ["empty streets", "light traffic", "rush hour"]
    d.do(
        "ann",
        "declare_mission",
        character="ada",
        mission="bank",
        kind="bank robbery",
        date="Friday",
    )
    d.do(
        "gm",
        "set_mission_details",
        mission="bank",
        details={"security": security, "traffic": traffic, "reward": ["$50k", "$20k"]},
        current={"security": "4 rent-a-cops"},
    )
    d.refuse(
        "ann",
        "plan_mission",
        character="ada",
        mission="bank",
        details=["a", "b", "c", "d"],
        rule="WD-PLAN-003",
    )
    d.refuse(
        "ann",
        "plan_mission",
        character="ada",
        mission="bank",
        details=["security", "traffic", "reward"],
        advance="dexterity",
        rule="WD-PLAN-003",
    )
    # two details and an advance Dexterity roll (hacking the vault in advance)
    d.do(
        "ann",
        "plan_mission",
        character="ada",
        mission="bank",
        details=["security", "traffic"],
        advance="dexterity",
        dice=[5, 4, 1],
    )
    m = camp(d).missions["bank"]
    assert m.banked == ("dexterity 5",)
    assert m.offered == {"security": "1 Protectorate cape", "traffic": "empty streets"}
    prompts = {p.context.get("detail", p.question): p for p in d.prompts("ann") if p.kind == "keep_detail"}
    assert len(prompts) == 2
    security_prompt = next(p for p in d.prompts("ann") if "security" in p.question)
    d.answer("ann", security_prompt.id, "keep")
    traffic_prompt = next(p for p in d.prompts("ann") if "traffic" in p.question)
    assert [o.value for o in traffic_prompt.options] == ["take"]  # nothing locked before
    d.answer("ann", traffic_prompt.id, "take")
    assert camp(d).missions["bank"].locked == {"security": "4 rent-a-cops", "traffic": "empty streets"}
    # the day: the reward was never refined: rolled twice, the worse kept
    d.do("gm", "launch_mission", mission="bank", dice=[1, 2])
    assert camp(d).missions["bank"].locked["reward"] == "$20k"


@pytest.mark.rules("WD-BIZ-002", "WD-BIZ-004", "WD-REP-014")
def test_cape_business_checks_in_behind_the_screen_and_a_journalist_trades_rep_for_intel() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", eligible="journalist")
    d.do("ann", "gain_follower", character="ada", kind="journalist", dice=[6])
    d.do("gm", "award", character="ada", rep="a")
    d.do("gm", "award", character="ada", rep="b")
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"])
    d.do("gm", "start_downtime")
    d.refuse("ann", "cape_business", character="ada", checkins=["a", "b", "c", "d"], rule="WD-BIZ-002")
    d.do(
        "ann",
        "cape_business",
        character="ada",
        checkins=["the fence", "the warehouse"],
        journalist_rep=[1, 2],
        target="xb",
        dice=[2, 6],
    )
    ledger = camp(d).ledgers["ada"]
    assert ledger.rep == () and ledger.intel == {"xb:1": 2}
    assert ledger.active("journalist", 1) == 0  # tapped
    assert "the fence: 2" in seen_by(d, "gm") and "the fence: 2" not in seen_by(d, "ann")


@pytest.mark.rules("WD-MORALE-006", "WD-WOUND-015", "WD-REST-001")
def test_a_rest_at_low_morale__each_wound_that_would_mend_rolls_the_end_of_day_die() -> None:
    """src 487: at low morale, "each exhausted dot/injury" that would recover that night rolls a d6
    and fails to recover on 7 - k or more (WX-16: at -1, on a 6). Ada at -3: 4+ keeps a wound."""
    d = table()
    hurt(d)
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="ada", uses=[], dice=[4, 3])  # w1: 4 stays; w2: 3 mends
    ada = d.state.people["ada"]
    assert [w.id for w in ada.track.wounds] == ["w1", "w3", "w4"]
    assert ada.morale == -1
    assert (
        "mends 1 wound; low morale keeps 1 from mending tonight (4); morale from Miserable (-3) to Low (-1)"
        in d.words()[-1]
    )
    rolls = [r.purpose for e in d.table.log[-3:] for r in e.rolls]
    assert rolls == ["injury w1", "injury w2"]


@pytest.mark.rules("WD-MORALE-006")
def test_a_rest_at_neutral_morale__rolls_no_injury_die() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    person = d.state.people["ada"]
    track = person.track.model_validate({**person.track.model_dump(), "wounds": [{"tier": 1, "id": "w1"}]})
    d.patch(people={"ada": person.model_copy(update={"track": track})})
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="ada", uses=[], dice=[])
    assert d.state.people["ada"].track.wounds == ()
