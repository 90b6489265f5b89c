"""Weaverdice's [GM] rules, each ruled by the GM through the table (issue 18).

A [GM] rule leaves the call to the GM; the table must give the GM a way to make
it. Each test plays one such ruling with the GM's own commands (``award``,
``call_check``, a secret ``check``, ``ruling``, ``open_negotiation``,
``change_morale``) and checks what it changed at the table.
"""

from __future__ import annotations

import pytest

from capeworks.engine import Viewer
from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Pool
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import add, sheet, table


def _words(d: Driver, seat: str) -> list[str]:
    viewer = Viewer.gm() if seat == "gm" else d.table.viewer_for(seat)
    return [e.description.text for e in d.table.log_view(viewer)]


@pytest.mark.rules("WD-REP-001")
def test_rep_for_a_dominant_victory_and_an_inventive_combo_is_the_gms_award() -> None:
    """src 416: rep for successes, the extra mile, dominant victories, inventive ideas (first time)."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", rep="routed the Teeth without a wound")
    d.do("gm", "award", character="ada", rep="first use of the fog-and-tether combo")
    sources = [card.source for card in camp(d).ledgers["ada"].rep]
    assert sources == ["routed the Teeth without a wound", "first use of the fog-and-tether combo"]
    assert _words(d, "ann")[-2] == "Ada receives rep (routed the Teeth without a wound)."


@pytest.mark.rules("WD-PROG-015")
def test_milestone_help__a_lagging_player_gets_a_clue_a_contact_and_a_resource() -> None:
    """src 1270-1276: a replacement reward: a clue (intel), a contact (rep with one party), money."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", intel="violent:1", money=500, rep="a campus club", exclusive="club")
    ledger = camp(d).ledgers["ada"]
    assert sum(ledger.intel.values()) == 1
    assert ledger.money == 500
    assert [(c.source, c.exclusive) for c in ledger.rep] == [("a campus club", "club")]


@pytest.mark.rules("WD-PROG-016")
def test_a_major_story_event_clears_a_milestone_goal_for_every_survivor() -> None:
    """src 1278: surviving an Endbringer can serve as a milestone for every survivor."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bo", "Bo")
    for who in ("ada", "bo"):
        d.do("gm", "award", character=who, goal_cleared=True)
    assert all(camp(d).ledgers[who].goal_cleared for who in ("ada", "bo"))
    assert any("a cleared milestone goal" in w for w in _words(d, "bob"))


@pytest.mark.rules("WD-SOCIAL-001", "WD-CORE-003")
def test_the_player_rolls_social_first_and_the_gm_words_the_answer_after() -> None:
    """src 281: preferably the player rolls Social first and tailors the dialogue to the result."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=4)
    d.do("gm", "call_check", character="ada", stat=["social"], tn=5, task="talk the guard down")
    d.answer("ann", d.prompt("ann", "check").id, "roll", dice=[2])  # 2 + 1 = 3 < 5
    assert "3 vs 5+: failure" in _words(d, "ann")[-1]
    # the GM adjusts the other party's response to the roll, in the log for everyone
    d.do("gm", "ruling", character="ada", text="The guard hears her out, but calls his sergeant.")
    assert "calls his sergeant" in _words(d, "ann")[-1]


@pytest.mark.rules("WD-CRAFT-009", "WD-CRAFT-003")
def test_a_failed_batch_has_a_consequence_the_gm_rolls_in_secret() -> None:
    """src 1520: failures may have consequences or hidden rolls (bad drug batches)."""
    d = table()
    data = sheet("ada", "Ada", knowledge=2, dexterity=2)
    data["skills"] = [{"name": "Craft", "stats": ["dexterity"], "tree": "craft"}]
    add(d, "ann", data, owner="ann")
    d.do("gm", "award", character="ada", money=1000)
    d.do("gm", "start_downtime")
    d.do("gm", "start_craft", character="ada", project="batch", item="stims", tier="high", price=400)
    d.do("ann", "craft", character="ada", project="batch", rolls=2, dice=[2, 1, 3, 3])
    assert camp(d).projects["batch"].result == "failed"
    # the GM rolls in secret whether the bad batch hurts its buyer (the player: only that a roll was made)
    d.do(
        "gm",
        "check",
        character="ada",
        stat=["knowledge"],
        tn=5,
        hidden=True,
        task="the batch is bad",
        dice=[6],
    )
    assert _words(d, "ann")[-1] == "The GM makes a roll."
    assert "the batch is bad" not in " ".join(_words(d, "ann"))
    assert any("the batch is bad: [6] -1 = 5; 5 vs 5+: success" in w for w in _words(d, "gm"))


@pytest.mark.rules("WD-LORE-006", "WD-CORE-011")
def test_no_but__the_gm_turns_a_failure_into_a_success_at_a_cost() -> None:
    """src 224-234: prefer "No, but...": a failed leap lands, at the cost of a Stamina dot."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "call_check", character="ada", stat=["athletics"], tn=6, task="leap the gap")
    d.answer("ann", d.prompt("ann", "check").id, "roll", dice=[1])
    assert d.state.people["ada"].effort.spent == {}
    # Athletics 3: three Stamina dots; the ruling leaves her two (the effort field sets the dots left)
    d.do("gm", "ruling", character="ada", text="No, but she catches the ledge.", effort={"stamina": 2})
    assert d.state.people["ada"].effort.spent == {Pool.STAMINA: 1}
    assert "catches the ledge" in _words(d, "ann")[-1]


@pytest.mark.rules("WD-REST-006", "WD-MORALE-012")
def test_a_rest_slot_hosts_drug_use__a_quick_boost_and_a_long_term_cost() -> None:
    """src 2015: the R&R slot can also host drug use (a quick boost, a long-term cost)."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="ada", uses=[])
    d.do("gm", "change_morale", character="ada", steps=1, reason="stims during the rest")
    d.do("gm", "award", character="ada", condition="stim tolerance", days=14)
    assert d.state.people["ada"].morale == 1
    assert [c.name for c in camp(d).ledgers["ada"].conditions] == ["stim tolerance"]
    assert camp(d).phase.slots["ada"].used == 1


@pytest.mark.rules("WD-SOCIAL-006", "WD-SOCIAL-002")
def test_generosity_shifts_standing_to_good_then_exclusive_rep_when_already_great() -> None:
    """src 293: neutral -> good (+1 to future Social rolls with that party); great -> exclusive rep."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    # the GM rules Ada's gift moved the Teeth from neutral to good: +1 in the next negotiation
    d.do("gm", "open_negotiation", negotiation="n", party="Teeth", relationship=1)
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=[], dice=[3])  # 3 + 0 + 1 = 4
    assert camp(d).negotiations["n"].outcome == "agreed"
    # already great with the club: the gift is exclusive rep with them instead
    d.do("gm", "award", character="ada", rep="a generous gift", exclusive="club")
    assert [(c.source, c.exclusive) for c in camp(d).ledgers["ada"].rep] == [("a generous gift", "club")]


@pytest.mark.rules("WD-CRAFT-023", "WD-CORE-003")
def test_craft_in_the_field__the_gm_calls_a_hot_wiring_check_and_craft_adds_its_die() -> None:
    """src 1537: in the field Craft helps with security panels, jury-rigging, hot-wiring."""
    d = table()
    data = sheet("ada", "Ada", dexterity=3)
    data["skills"] = [{"name": "Craft", "stats": ["dexterity"], "tree": "craft"}]
    add(d, "ann", data, owner="ann")
    d.do("gm", "call_check", character="ada", stat=["dexterity"], tn=5, task="hot-wire the van")
    call = d.prompt("ann", "check").options[0].payload["call"]
    d.do("ann", "check", character="ada", call=call, skills=["Craft"], dice=[2, 5])  # two dice, keep 5
    assert "[2 5] keep 5 = 5; 5 vs 5+: success" in _words(d, "ann")[-1]


@pytest.mark.rules("WD-RECRUIT-014", "WD-SOCIAL-002")
def test_a_low_ball_offer_is_a_social_roll_and_a_failure_leaves_the_candidate_disgruntled() -> None:
    """src 1726-1728: offers resolve with a Social negotiation roll; a failure leaves the candidate
    disgruntled (a penalty next time)."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    d.do("gm", "open_negotiation", negotiation="hire", party="Gristle", offer=-2)  # a low-ball cut
    d.do("ann", "negotiate", character="ada", negotiation="hire", cards=[], dice=[4])  # 4 - 2 = 2 < 4
    assert camp(d).negotiations["hire"].outcome != "agreed"
    # the GM rules Gristle disgruntled: the next talk starts a step worse
    d.do("gm", "open_negotiation", negotiation="again", party="Gristle", relationship=-1, offer=1)
    d.do("ann", "negotiate", character="ada", negotiation="again", cards=[], dice=[4])  # 4 - 1 + 1 = 4
    assert camp(d).negotiations["again"].outcome == "agreed"


@pytest.mark.rules("WD-PLAN-007", "WD-PROG-013")
def test_planning_and_intel_raise_a_bounty__the_gms_award_adds_to_its_dice() -> None:
    """src 1250: planning and intel can increase a Bounty reward."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", money_tier="bounty", dice=[3, 4, 1, 2])
    plain = camp(d).ledgers["ada"].money
    d.do("gm", "award", character="ada", money_tier="bounty", money=2000, dice=[3, 4, 1, 2])  # well planned
    assert camp(d).ledgers["ada"].money - plain == plain + 2000


@pytest.mark.rules("WD-INTEL-016", "WD-INTEL-014")
def test_the_gms_tidbit_reaches_the_player_when_its_cell_unlocks_and_not_before() -> None:
    """src 1866: each unlocked cell gives a tidbit, useless to critical: the GM writes them."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=3)
    d.do("gm", "start_downtime", slots=9)
    tidbits = ["moves at night", "", "", "", "keeps a second phone"]
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], tidbits=tidbits)
    assert "moves at night" not in seen_by(d, "ann") and "keeps a second phone" not in seen_by(d, "ann")
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[5])  # 5 vs 5+: unlocked
    assert "moves at night" in seen_by(d, "ann")
    assert "keeps a second phone" not in seen_by(d, "ann") and "keeps a second phone" in seen_by(d, "gm")
