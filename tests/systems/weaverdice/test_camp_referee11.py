"""A referee's campaign situations (pass 11), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: low morale's cap (src 453) on the campaign rolls a session meets (a negotiation rescued by
rep, an exclusive card's keep roll, the seventh Journalist, a banked planning roll, a finding roll, a
research roll), high morale that cannot reach a deeper node's 7+, negative rep cited against a recruit
call, a milestone taken before the day's end and its rep cap, a fifth box, a guarded target's lower strike
limit, the research corner of a smaller grid, and what a player may not do or see."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import table


def ledger(d: Driver, ident: str = "ada") -> Any:
    return camp(d).ledger(ident)


def card_ids(d: Driver, ident: str = "ada") -> list[int]:
    return [c.id for c in ledger(d, ident).rep if not c.negative]


def followers(d: Driver, ident: str = "ada", **kinds: int) -> None:
    """Followers already held, as a campaign in progress would have them."""
    c = camp(d)
    held = c.ledger(ident).model_copy(update={"followers": kinds})
    d.patch(campaign=c.model_copy(update={"ledgers": {**c.ledgers, ident: held}}))


def box(d: Driver, name: str, **more: Any) -> None:
    d.do("gm", "award", character="ada", boxes=1)
    if name == "learning_a_skill":  # the box starts learning a skill the player names (src 1223)
        more = {"skill": f"Study {len(d.state.sheets['ada'].skills) + 1}", "stat": "knowledge", **more}
    d.do("ann", "check_box", character="ada", box=name, **more)


def said(d: Driver, seat: str) -> str:
    return " ".join(d.words(seat))


# --- low morale caps the campaign's rolls too (src 453: "dice results (after modifiers are added from
# stats) will be capped") ---------------------------------------------------------------------------------


@pytest.mark.rules("WD-MORALE-002", "WD-REP-004", "WD-SOCIAL-002")
def test_r11_01_at_poor_morale_rep_played_after_cannot_lift_a_roll_past_its_cap() -> None:
    """src 283-285: d6 + Social + relationship + offer; src 431: rep played after a failed roll rolls
    again, best kept; src 453/481: at Poor (-2) every result caps at 5. Ada (Social 4, +1) asks close
    allies (+2) with a big incentive (+2) against the GM's 6+: 3 + 1 + 2 + 2 = 8, capped 5: fails. Her
    card adds a 6: best 6 + 5 = 11, capped 5 again: still no deal, and the played card is gone."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=4, morale=-2)
    d.do("gm", "award", character="ada", rep="Kicked Steeltoe's Ass")
    d.do("gm", "open_negotiation", negotiation="n", party="Dealers", tn=6, relationship=2, offer=2)
    d.do("ann", "negotiate", character="ada", negotiation="n", dice=[3])
    assert camp(d).negotiations["n"].outcome != "agreed"
    d.do("ann", "rep_after", character="ada", negotiation="n", cards=card_ids(d), dice=[6])
    assert camp(d).negotiations["n"].outcome != "agreed"
    assert card_ids(d) == []
    assert d.state.people["ada"].morale == -2


@pytest.mark.rules("WD-MORALE-002", "WD-REP-005")
def test_r11_02_at_miserable_morale_an_exclusive_card_is_kept_on_a_capped_4_then_never_on_6() -> None:
    """src 433: exclusive rep played with its group lets the player roll Social, 4+ keeps it and marks
    it, a marked card needs 6+; src 453: at Miserable (-3) every result caps at 4. Ada (Social 5, +2)
    plays 'Dealers Owe You One' with the Dealers (4+): dice 2 and 1, 2 + 2 = 4: agreed; keep roll
    3 + 2 = 5, capped 4: kept and marked. Next talks: agreed again (4 + 2 = 6, capped 4), keep roll
    6 + 2 = 8, capped 4: short of 6, the card is lost - at Neutral it would have stayed."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=5, morale=-3)
    d.do("gm", "award", character="ada", rep="Dealers Owe You One", exclusive="Dealers")
    d.do("gm", "open_negotiation", negotiation="n", party="Dealers", tn=4)
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=card_ids(d), dice=[2, 1, 3])
    assert camp(d).negotiations["n"].outcome == "agreed"
    assert [c.marked for c in ledger(d).rep] == [True]
    d.do("gm", "open_negotiation", negotiation="n2", party="Dealers", tn=4)
    d.do("ann", "negotiate", character="ada", negotiation="n2", cards=card_ids(d), dice=[4, 1, 6])
    assert camp(d).negotiations["n2"].outcome == "agreed"
    assert card_ids(d) == []


@pytest.mark.parametrize(("morale", "gained"), [(0, True), (-1, False)])
@pytest.mark.rules("WD-MORALE-002", "WD-FOLLOW-004", "WD-FOLLOW-005")
def test_r11_03_a_seventh_journalist_needs_a_7_low_morale_never_allows(morale: int, gained: bool) -> None:
    """src 1355: a new follower needs 'a result in excess of the number of that follower one already
    has': six Journalists need 7+. Ada (Social 5, +2) rolls a 5: 7, a seventh (surplus) Journalist at
    Neutral; at Low (-1) the 7 caps at 6 (src 453) and no Journalist comes."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=5, morale=morale)
    followers(d, journalist=6)
    d.do("gm", "award", character="ada", eligible="journalist")
    d.do("ann", "gain_follower", character="ada", kind="journalist", dice=[5])
    assert ledger(d).followers["journalist"] == (7 if gained else 6)


@pytest.mark.rules("WD-MORALE-002", "WD-PLAN-006")
def test_r11_04_an_advance_roll_banked_at_poor_morale_is_banked_capped() -> None:
    """src 1451: a Plan action may 'make one mission-relevant skill roll in advance'; the result is
    banked for the mission. The roll is made now, at Poor (-2) morale: Wits 5 (+2) and a 6 is 8, capped
    at 5 (src 453), and 5 is what is banked and read out."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=5, knowledge=3, morale=-2)
    d.do("gm", "start_downtime", slots=3)
    d.do("ann", "declare_mission", character="ada", mission="bank", kind="bank robbery", date="Friday")
    d.do("gm", "set_mission_details", mission="bank", details={"security": ["2 guards", "1 Protectorate"]})
    d.do("ann", "plan_mission", character="ada", mission="bank", advance="wits", dice=[6])
    assert camp(d).missions["bank"].banked == ("wits 5",)
    assert "5" in d.words("ann")[-1] and "8" not in d.words("ann")[-1]


@pytest.mark.rules("WD-MORALE-002", "WD-INTEL-006", "WD-INTEL-005")
def test_r11_05_a_finding_roll_at_poor_morale_adds_its_capped_result_and_the_dc_stays_hidden() -> None:
    """src 1797: finding rolls alternate Athletics and Wits and add up toward a DC 'sometimes unknown';
    src 453: capped at Poor (-2) to 5. Ada (Athletics 4, +1) rolls a 6 on her first (Athletics) roll:
    7, capped 5: the search stands at 5. The GM's 50 is nowhere in what Ann sees."""
    d = table()
    pc(d, "ann", "ada", "Ada", athletics=4, morale=-2)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50)
    d.do("ann", "surveil", character="ada", target="xb", dice=[6])
    assert camp(d).targets["xb"].find_progress == 5
    words = said(d, "ann")
    assert "Crossbones" in words and "Ada" in words
    assert "50" not in seen_by(d, "ann") and "50" in seen_by(d, "gm")


@pytest.mark.rules("WD-MORALE-002", "WD-INTEL-025")
def test_r11_06_a_research_roll_at_poor_morale_misses_a_6_cell_and_strikes_nothing() -> None:
    """src 1878: research rolls Knowledge at an available space, and has no strikes; src 453: at Poor
    (-2) the result caps at 5. Ada (Knowledge 5, +2) researches the bottom-right 6+ cell of a small
    grid: 4 + 2 = 6, capped 5: missed, the cell stays locked, no strike."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=5, morale=-2)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_target", target="gus", name="Gus", size=2, dispositions=["violent"], tns=[4, 4, 4, 6])
    d.do("ann", "research", character="ada", target="gus", cell="1,1", dice=[4])
    t = camp(d).targets["gus"]
    assert not t.cells[3].unlocked and t.strikes == 0


# --- high morale has its limit (src 457-479: "count my roll as a" 3..6) ---------------------------------


@pytest.mark.rules("WD-MORALE-003", "WD-INTEL-038")
def test_r11_07_excellent_morale_cannot_make_a_node_roll_reach_7() -> None:
    """src 1982-1986: a quartet's four cleared spaces merge into a node (PROPOSED: cleared on 7+); src
    479: at Excellent (+4) a step counts a roll as a 6. Ada (Wits 5, +2) clears the 2x2 quartet (2, 3,
    4, 5: totals 4-7 against 4+), then rolls a 1 at the node: missed, and 6 is no 7, so no step of her
    morale is spent on it and the node stays open."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=5, morale=4)
    d.do("gm", "start_downtime", slots=5, dice=[1, 1, 1, 1, 1, 1])
    d.do("gm", "add_target", target="t", name="Tess", size=2, dispositions=["city"], tns=[4, 4, 4, 4],
         quartet=["0,0", "0,1", "1,0", "1,1"])  # fmt: skip
    for cell, face in (("0,0", 2), ("0,1", 3), ("1,0", 4), ("1,1", 5)):
        d.do("ann", "surveil", character="ada", target="t", cell=cell, dice=[face])
    assert camp(d).targets["t"].node == "open"
    d.do("ann", "surveil", character="ada", target="t", cell="node", morale_buy=True, dice=[1])
    if any(p.kind == "strike_choice" for p in d.prompts("ann")):
        d.answer("ann", d.prompt("ann", "strike_choice").id, "strike")
    assert camp(d).targets["t"].node == "open"
    assert d.state.people["ada"].morale == 4


# --- negative rep, milestones and the day's end ------------------------------------------------------


@pytest.mark.rules("WD-REP-009", "WD-RECRUIT-001")
def test_r11_08_negative_rep_cited_against_a_recruit_call_takes_1_off_each_die_once() -> None:
    """src 440: the GM cites negative rep 'to apply a -1 at an inconvenient time', without spending it;
    src 1608-1615: a recruit call rolls Social-many dice, each with the net modifier, each 4+ an
    applicant. Ada (Social 3) rolls 4, 4, 5 with the card cited: 3, 3, 4, one applicant; her next call
    rolls the same faces with nothing cited: three. The card stays."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "give_negative", character="ada", source="Shot at a cop")
    bad = next(c for c in ledger(d).rep if c.negative)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "cite_negative", character="ada", card=bad.id)
    d.do("ann", "recruit", character="ada", recruitment="r1", dice=[4, 4, 5])
    assert camp(d).recruitments["r1"].openings == 1
    d.do("ann", "recruit", character="ada", recruitment="r2", dice=[4, 4, 5])
    assert camp(d).recruitments["r2"].openings == 3
    assert any(c.negative for c in ledger(d).rep)


def _four_boxes_and_the_goal(d: Driver) -> None:
    for name in ("room_to_recruit", "room_to_recruit", "equipment_slot", "extra_effort"):
        box(d, name, **({"pool": "stamina"} if name == "extra_effort" else {}))
    d.do("gm", "award", character="ada", goal_cleared=True)


@pytest.mark.parametrize("takes", [True, False])
@pytest.mark.rules("WD-PROG-025", "WD-REP-007", "WD-PROG-004")
def test_r11_09_a_milestone_taken_in_downtime_raises_the_rep_cap_before_the_days_end(takes: bool) -> None:
    """src 435: at the day's end rep over 'their social score + their number of milestones' is
    discarded. Ada (Social 3, no milestone) holds four cards; with four boxes and her goal cleared she
    takes a Power Perk milestone in the downtime: the cap is 4 at the day's end and nothing is owed.
    Without the milestone the cap is 3 and she owes one discard."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    for i in range(4):
        d.do("gm", "award", character="ada", rep=f"deed {i + 1}")
    _four_boxes_and_the_goal(d)
    d.do("gm", "start_downtime", slots=3)
    if takes:
        d.do("ann", "take_milestone", character="ada", option="power_perk", dice=[2])
        d.answer("ann", d.prompt("ann", "keep_perk").id, "2")
        assert d.state.sheets["ada"].milestones == 1
    d.do("gm", "end_downtime")
    owed = [p for p in d.prompts("ann") if p.kind == "discard_rep"]
    assert bool(owed) is not takes
    assert len(card_ids(d)) == 4


@pytest.mark.rules("WD-PROG-005", "WD-PROG-003", "WD-PROG-008")
def test_r11_10_a_fifth_box_keeps_its_benefit_but_is_no_credit_toward_the_next_milestone() -> None:
    """src 1187: a milestone needs 'at least four' boxes; src 1231: taking it refreshes the list
    (PROPOSED: boxes beyond four keep their benefits, no carried credit). Ada checks five boxes (Room to
    Recruit twice, Equipment Slot, Extra Effort, Learning a Skill), takes the milestone: the list is
    empty, her underling cap keeps its +2, and the next milestone needs four new boxes."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    _four_boxes_and_the_goal(d)
    config = d.table.config
    cap_before = d.state.sheets["ada"].underling_cap(config)
    assert cap_before == 3 + 2  # Social 3 and Room to Recruit twice
    box(d, "learning_a_skill")
    assert sum(ledger(d).boxes.values()) == 5
    d.do("ann", "take_milestone", character="ada", option="power_perk", dice=[2])
    d.answer("ann", d.prompt("ann", "keep_perk").id, "2")
    assert ledger(d).boxes == {}
    assert d.state.sheets["ada"].underling_cap(config) == cap_before
    d.do("gm", "award", character="ada", goal_cleared=True)
    d.refuse("ann", "take_milestone", character="ada", option="expand_power", rule="WD-PROG-004")


# --- the intel grid (src 1795, 1831-1833, 1874-1876) --------------------------------------------------


@pytest.mark.parametrize(("limit", "alerted"), [(2, True), (0, False)])
@pytest.mark.rules("WD-INTEL-024", "WD-INTEL-023", "WD-INTEL-021")
def test_r11_11_a_guarded_target_is_alerted_at_two_strikes(limit: int, alerted: bool) -> None:
    """src 1876: bodyguards or cameras may reduce 'the required number of strikes'; src 1874: 'At three
    strikes, usually, the target is alerted'. Gus has a bodyguard: the GM sets two. Ada (Wits 3) misses
    his 5+ corner twice (1, then 2) and takes a strike each time: the second alerts Gus, and every seat
    reads it by his name. Unguarded (the usual three), two strikes alert nobody."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=3)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_target", target="gus", name="Gus", size=2, dispositions=["violent"], tns=[5, 4, 4, 4],
         strike_limit=limit)  # fmt: skip
    for face in (1, 2):
        d.do("ann", "surveil", character="ada", target="gus", cell="0,0", dice=[face])
        d.answer("ann", d.prompt("ann", "strike_choice").id, "strike")
    t = camp(d).targets["gus"]
    assert t.alerts == (1 if alerted else 0)
    assert ledger(d).intel == {"violent:1": 2}
    if alerted:
        for seat in ("ann", "gm"):
            assert "Gus" in said(d, seat) and "alert" in said(d, seat).lower()


@pytest.mark.rules("WD-INTEL-009", "WD-INTEL-013", "WD-INTEL-014")
def test_r11_12_on_a_3x3_grid_research_starts_at_its_own_bottom_right() -> None:
    """src 1831: a very minor cape gets a 3x3 grid; src 1833: 'Surveillance can start from the top left,
    while Research can start from the bottom right', each unlock opening its orthogonal neighbours.
    Research on (2,1) or on the 4x4's corner (3,3) is refused before (2,2) is open; surveillance on
    (2,2) is refused; research on (2,2) (5 against 4+) opens it, and then (2,1) may be researched."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=3, knowledge=3)
    d.do("gm", "start_downtime", slots=5)
    d.do("gm", "add_target", target="gus", name="Gus", size=3, dispositions=["violent"], tns=[4] * 9)
    d.refuse("ann", "research", character="ada", target="gus", cell="2,1", dice=[6])
    d.refuse("ann", "research", character="ada", target="gus", cell="3,3", dice=[6])
    d.refuse("ann", "surveil", character="ada", target="gus", cell="2,2", dice=[6])
    d.do("ann", "research", character="ada", target="gus", cell="2,2", dice=[5])
    assert camp(d).targets["gus"].cells[8].unlocked
    d.do("ann", "research", character="ada", target="gus", cell="2,1", dice=[5])
    assert camp(d).targets["gus"].cells[7].unlocked


# --- what a player may not do (src 283-285: the GM sets the TN and modifiers; src 440: the GM cites) ------


@pytest.mark.rules("WD-SOCIAL-003", "WD-REP-009", "WD-REP-002")
def test_r11_13_a_player_neither_sets_the_talks_nor_cites_nor_plays_anothers_card() -> None:
    """src 285: the relationship bonus is the GM's reading of the other party; src 440: negative rep is
    the GM's to cite; src 416-429: a card is its holder's. Ann may not open talks with a +3 relationship,
    cite Ada's negative card, negotiate for Bo, or play Bo's card for Ada: each is refused with a
    sentence, and nothing changes."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "award", character="bo", rep="Saved the ferry")
    d.do("gm", "give_negative", character="ada", source="Shot at a cop")
    bad = next(c for c in ledger(d).rep if c.negative)
    err = d.refuse("ann", "open_negotiation", negotiation="n", party="Mayor", tn=4, relationship=3)
    assert str(err).strip().endswith(".")
    d.do("gm", "open_negotiation", negotiation="n", party="Mayor", tn=4)
    d.refuse("ann", "cite_negative", character="ada", card=bad.id)
    err = d.refuse("ann", "negotiate", character="bo", negotiation="n", dice=[6])
    assert str(err).strip()
    err = d.refuse("ann", "negotiate", character="ada", negotiation="n", cards=card_ids(d, "bo"), dice=[6, 6])
    assert str(err).strip() and "bo" not in str(err).split()
    assert len(card_ids(d, "bo")) == 1


@pytest.mark.rules("WD-REP-009", "WD-REP-010")
def test_r11_14_an_unwitnessed_card_is_not_in_the_players_words_or_view_but_is_the_gms() -> None:
    """src 442: a cape who shoots in secret, without witnesses, gets a card that is hidden until the
    authorities investigate; src 440: negative rep sits on the GM's side of the screen. The GM gives Ada
    one for 'Executed the Butcher quietly': the GM reads it; Ann's words and view hold none of it."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "give_negative", character="ada", source="Executed the Butcher quietly", witnessed=False)
    assert "Executed the Butcher" in seen_by(d, "gm")
    assert "Executed the Butcher" not in seen_by(d, "ann")
    assert "Executed the Butcher" not in said(d, "ann")


@pytest.mark.rules("WD-REP-010", "WD-REP-002")
def test_r11_23_a_secret_card_leaves_no_gap_in_the_numbers_the_players_read() -> None:
    """src 442: a card for shooting 'without witnesses' is hidden until it surfaces. Ada holds two
    witnessed negative cards (1, 2); the GM deals a secret one; Ann's view is as it was (bar its version
    number), and the next witnessed card is number 3 - no missing number tells the table a card was
    dealt behind the screen. The GM still cites the secret card, and it surfaces."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "give_negative", character="ada", source="Shot at a cop")
    d.do("gm", "give_negative", character="ada", source="Shot at a mugger")
    before = d.table.view(d.table.viewer_for("ann"))
    d.do("gm", "give_negative", character="ada", source="Executed the Butcher quietly", witnessed=False)
    after = d.table.view(d.table.viewer_for("ann"))
    strip = {"version"}
    assert {k: v for k, v in after.items() if k not in strip} == {
        k: v for k, v in before.items() if k not in strip
    }
    d.do("gm", "give_negative", character="ada", source="Broke a truce")
    shown = [c.id for c in ledger(d).rep if not c.secret]
    assert shown == [1, 2, 3]
    secret = next(c for c in ledger(d).rep if c.secret)
    d.do("gm", "cite_negative", character="ada", card=secret.id, surfaces=True)
    assert "Executed the Butcher" in seen_by(d, "ann")


# --- one negotiation, several seats (src 291, 433, 440) ------------------------------------------------


@pytest.mark.rules("WD-REP-009", "WD-SOCIAL-005")
def test_r11_15_a_card_cited_against_ada_takes_nothing_off_bos_roll() -> None:
    """src 440: the GM cites a cape's negative rep 'to apply a -1'; the card is Ada's, not Bo's. With it
    cited, the GM opens two talks: in the first Bo rolls 4 against 4+ (agreed, no -1); in the second Ada
    rolls 4 - 1 = 3: no deal."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "give_negative", character="ada", source="Shot at a cop")
    bad = next(c for c in ledger(d).rep if c.negative)
    d.do("gm", "cite_negative", character="ada", card=bad.id)
    d.do("gm", "open_negotiation", negotiation="n", party="Mayor", tn=4)
    d.do("bob", "negotiate", character="bo", negotiation="n", dice=[4])
    assert camp(d).negotiations["n"].outcome == "agreed"
    d.do("gm", "open_negotiation", negotiation="n2", party="Mayor", tn=4)
    d.do("ann", "negotiate", character="ada", negotiation="n2", dice=[4])
    assert camp(d).negotiations["n2"].outcome != "agreed"


@pytest.mark.rules("WD-SOCIAL-005", "WD-MORALE-002")
def test_r11_16_a_dismal_cape_capped_at_3_is_catastrophic_against_5_and_burdens_the_next() -> None:
    """src 291: a catastrophic input ('needing a 4+ and getting a 2', PROPOSED: missing by 2 or more)
    penalises later rolls; src 453: at Dismal (-4) every result caps at 3. Against the GM's 5+, Ada
    (Social 3) rolls a 6: capped 3, two short: catastrophic. Bo then rolls 5: 5 - 1 = 4, no deal."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=-4)
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "open_negotiation", negotiation="n", party="Mayor", tn=5)
    d.do("ann", "negotiate", character="ada", negotiation="n", dice=[6])
    d.do("bob", "negotiate", character="bo", negotiation="n", dice=[5])
    assert camp(d).negotiations["n"].outcome != "agreed"
    assert "4" in said(d, "bob").split("Bo:")[-1]


@pytest.mark.parametrize(("journalists", "kept"), [(0, False), (2, False)])
@pytest.mark.rules("WD-MORALE-002", "WD-REP-005", "WD-FOLLOW-009")
def test_r11_17_journalists_add_to_a_keep_roll_before_poor_morales_cap(journalists: int, kept: bool) -> None:
    """src 1340: each Journalist '+1 to rolls to keep rep'; src 453: results 'after modifiers are added'
    are capped - Poor (-2) caps at 5. Ada's marked Dealers card needs 6+: keep roll 5 + 2 Journalists =
    7, capped 5: lost. The Journalists never lift a capped roll past the cap."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=-2)
    if journalists:
        followers(d, journalist=journalists)
    d.do("gm", "award", character="ada", rep="Dealers Owe You One", exclusive="Dealers")
    d.do("gm", "open_negotiation", negotiation="n", party="Dealers", tn=4)
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=card_ids(d), dice=[4, 1, 4])
    assert [c.marked for c in ledger(d).rep] == [True]
    d.do("gm", "open_negotiation", negotiation="n2", party="Dealers", tn=4)
    d.do("ann", "negotiate", character="ada", negotiation="n2", cards=card_ids(d), dice=[4, 1, 5])
    assert bool(card_ids(d)) is kept


@pytest.mark.parametrize(("morale", "kept"), [(3, False), (4, True)])
@pytest.mark.rules("WD-MORALE-003", "WD-REP-005")
def test_r11_18_a_marked_card_is_saved_only_by_a_step_that_counts_as_6(morale: int, kept: bool) -> None:
    """src 433: a marked card is kept on 6+; src 457-479: a step of high morale counts a roll as 2 + k
    (Tankspanker spends one 'for something easy, like making sure he doesn't lose reputation'). Ada's
    keep roll is a 2: at Superb (+3) a step makes 5, not enough, so nothing is spent and the card goes;
    at Excellent (+4) it makes 6: kept, morale +3."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=morale)
    d.do("gm", "award", character="ada", rep="Dealers Owe You One", exclusive="Dealers")
    d.do("gm", "open_negotiation", negotiation="n", party="Dealers", tn=4)
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=card_ids(d), dice=[4, 1, 4])
    d.do("gm", "open_negotiation", negotiation="n2", party="Dealers", tn=4)
    d.do("ann", "negotiate", character="ada", negotiation="n2", cards=card_ids(d), morale_keep=True,
         dice=[4, 1, 2])  # fmt: skip
    assert bool(card_ids(d)) is kept
    assert d.state.people["ada"].morale == (morale - 1 if kept else morale)


@pytest.mark.rules("WD-REP-005", "WD-FOLLOW-009", "WD-BIZ-004")
def test_r11_19_a_card_good_only_with_the_dealers_buys_no_intel_from_a_journalist() -> None:
    """src 423-425: a card 'Rep with Dealers Only' is usable with that group alone; src 1344: a Journalist
    tapped at Cape Business trades rep for intel. The Dealers' card is no coin for the press: refused,
    the card and the Journalist's passive stay."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    followers(d, journalist=1)
    d.do("gm", "award", character="ada", rep="Dealers Owe You One", exclusive="Dealers")
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_target", target="pearl", name="Pearl", dispositions=["violent"])
    err = d.refuse("ann", "cape_business", character="ada", journalist_rep=card_ids(d), target="pearl")
    assert "Dealers" in str(err) and "Journalist" in str(err)
    assert len(card_ids(d)) == 1 and ledger(d).intel == {} and camp(d).phase.slots["ada"].used == 0
    d.do("gm", "award", character="ada", rep="Saved the ferry")  # a general card trades as before
    d.do("ann", "cape_business", character="ada", journalist_rep=card_ids(d)[1:], target="pearl")
    assert ledger(d).intel == {"pearl:1": 1} and len(card_ids(d)) == 1


@pytest.mark.rules("WD-INTEL-021", "WD-DT-003")
def test_r11_20_bob_cannot_answer_adas_strike_choice() -> None:
    """src 1874: after a miss 'they can choose' - the surveilling player. Ada (Wits 3) misses Pearl's
    5+ corner with a 2; Bob's answer for her is refused and Ada's choice is still open."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=3)
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_target", target="pearl", name="Pearl", dispositions=["violent"])
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[2])
    d.refuse("bob", "strike_choice", character="ada", strike=True)
    assert camp(d).targets["pearl"].strikes == 0
    assert any(p.kind == "strike_choice" for p in d.prompts("ann"))


@pytest.mark.rules("WD-INTEL-018", "WD-INTEL-013", "WD-INTEL-009")
def test_r11_21_a_grid_with_a_skipped_row_is_watched_from_the_top_left_of_what_is_left() -> None:
    """src 1868: 'some rows or columns may be skipped or folded into one another ... A thinker who never
    leaves his tower may have no real movements'; src 1795: grids keep 'only pertinent headings, and are
    approached from the top left (for surveillance), or bottom right (research)'. With Pearl's Movements
    row skipped the grid's top-left is Status x Capabilities: Ada (Wits 3) watches it, 4 against 4+, and
    unlocks it. With her History row and Data column skipped too, research starts at Patterns x Secrets
    (TN 7): Knowledge 5 (+2) and a 5 make 7 - unlocked."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=3, knowledge=5)
    d.do("gm", "start_downtime", slots=9)
    d.do("gm", "add_target", target="pearl", name="Pearl", dispositions=["violent"])
    d.do("gm", "rework_target", target="pearl", skip=["movements"])
    d.refuse("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[6])
    d.refuse("ann", "surveil", character="ada", target="pearl", cell="1,1", dice=[6])
    d.do("ann", "surveil", character="ada", target="pearl", cell="1,0", dice=[4])
    t = camp(d).targets["pearl"]
    assert t.cell(1, 0).unlocked
    d.do("gm", "rework_target", target="pearl", skip=["history", "data"])
    d.refuse("ann", "research", character="ada", target="pearl", cell="3,3", dice=[6])
    d.refuse("ann", "research", character="ada", target="pearl", cell="2,1", dice=[6])
    d.do("ann", "research", character="ada", target="pearl", cell="2,2", dice=[5])
    assert camp(d).targets["pearl"].cell(2, 2).unlocked


@pytest.mark.rules("WD-INTEL-018", "WD-INTEL-017")
def test_r11_22_a_celebrity_with_no_capabilities_still_has_a_movements_row_to_finish() -> None:
    """src 1868: 'A celebrity relating to a murder case may have no capabilities' - that column is
    skipped; src 1866: 'Finishing a given row or column will confer a mechanical bonus' (movements: a
    bonus to all information rolls). With Capabilities skipped, the Movements row is its other three
    cells: Ada (Wits 5, +2) watches them from the new corner (3, 4, 5 against 5+, 4+, 4+ after the
    skip) and the row is done: her next roll at Status x Relationships (7+) is 4 + 2 + 1 = 7, unlocked."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=5)
    d.do("gm", "start_downtime", slots=9)
    d.do("gm", "add_target", target="vic", name="Vicky Vale", dispositions=["hero"])
    d.do("gm", "rework_target", target="vic", skip=["capabilities"])
    for cell, face in (("0,1", 3), ("0,2", 4), ("0,3", 5)):
        d.do("ann", "surveil", character="ada", target="vic", cell=cell, dice=[face])
    t = camp(d).targets["vic"]
    assert "Movements" in t.lines
    d.do("ann", "surveil", character="ada", target="vic", cell="1,1", dice=[4])
    assert camp(d).targets["vic"].cell(1, 1).unlocked


@pytest.mark.rules("WD-INTEL-034", "WD-INTEL-005")
def test_r11_24_a_target_moving_base_behind_the_screen_is_not_in_a_players_view() -> None:
    """src 1947-1949: Change Locations takes downtimes, the mover 'doubly vulnerable to being tracked in
    interim' (PROPOSED: DCs halved); the DCs are the GM's (src 1797), and so is the NPC's move. The GM
    moves Crossbones (finding DC 50 -> 25): the GM's view says it is moving; Ann's view of the target is
    as it was before the move, and no word of it reaches her."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50)
    seen_before = d.table.view(d.table.viewer_for("ann"))["state"]["campaign"]["targets"]["xb"]
    words_before = d.words("ann")
    d.do("gm", "relocate_target", target="xb")
    assert camp(d).targets["xb"].moving == 2 and camp(d).targets["xb"].find_dc == 25
    assert d.table.view(d.table.viewer_for("ann"))["state"]["campaign"]["targets"]["xb"] == seen_before
    assert d.words("ann") == words_before
    assert d.table.view(d.table.viewer_for("gm"))["state"]["campaign"]["targets"]["xb"]["moving"] == 2


@pytest.mark.rules("WD-INTEL-021", "WD-DT-001")
def test_r11_25_the_downtime_does_not_close_over_a_surveillance_miss_still_to_be_chosen() -> None:
    """src 1874: after a failed surveillance roll 'they can choose to either get a strike and tier one
    intel, or spend intel to unlock a space' - part of the downtime action; src 1902: intel is spent on
    a space 'during the downtimes'. Ada misses Pearl's 5+ corner with a 2 and has not chosen yet: the
    GM's end of the phase is refused with a sentence naming her, nothing changes; once she takes the
    strike (1, tier-1 violent intel) the phase closes, and no choice is left over to make afterwards."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=3)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_target", target="pearl", name="Pearl", dispositions=["violent"])
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[2])
    err = d.refuse("gm", "end_downtime")
    assert "Ada" in str(err)
    d.answer("ann", d.prompt("ann", "strike_choice").id, "strike")
    d.do("gm", "end_downtime")
    assert camp(d).phase is None or not camp(d).phase.slots
    assert camp(d).targets["pearl"].strikes == 1 and ledger(d).intel == {"violent:1": 1}
    assert not [p for p in d.prompts("ann") if p.kind == "strike_choice"]


@pytest.mark.rules("WD-INTEL-003", "WD-INTEL-018", "WD-INTEL-013")
def test_r11_26_tier_4_intel_finds_a_tower_thinker_and_opens_the_corner_that_is_left() -> None:
    """src 1813: tier-4 intel is '100% & unlock 1-2'; src 1868: the thinker in his tower has no
    movements, so his grid's top left is Status x Capabilities. Ada spends tier-4 intel on finding him
    (DC 40): found, and that corner - not the skipped Movements x Capabilities - is unlocked."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_target", target="th", name="The Thinker", dispositions=["villain"], find_dc=40)
    d.do("gm", "rework_target", target="th", skip=["movements"])
    d.do("gm", "award", character="ada", intel="villain:4")
    d.do("ann", "spend_intel", character="ada", target="th", intel="villain:4", on="find")
    t = camp(d).targets["th"]
    assert t.found and t.cell(1, 0).unlocked and not t.cell(0, 0).unlocked
    assert "Status x Capabilities" in said(d, "ann")


@pytest.mark.rules("WD-FOLLOW-008", "WD-CRAFT-010")
def test_r11_27_the_log_names_a_gangs_members_and_a_projects_helpers_by_their_names() -> None:
    """src 1361: a player gang's shared followers; src 1530: a second crafter 'devoting a slot' and a
    character hanging out at the workshop add to a project. The GM forms The Undersiders of Ada and Bo;
    Bo helps with Ada's knife and then hangs out at her workshop. Every seat reads names, not ids:
    'Ada, Bo share up to 2 followers', and the knife line is Ada's, 'helped by Bo'."""
    d = table()
    pc(d, "ann", "ada", "Ada", money=100)
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "form_group", group="gang", name="The Undersiders", members=["ada", "bo"])
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "start_craft", character="ada", project="p1", item="knife", tier="low", price=40)
    d.do("bob", "help_craft", character="bo", project="p1")
    d.do("bob", "downtime_action", character="bo", action="hang_out", project="p1")
    for seat in ("ann", "bob", "gm"):
        words = d.words(seat)
        assert "The Undersiders forms: Ada, Bo share up to 2 followers." in words
        assert "Ada: knife (low, DC 10, materials $10), helped by Bo." in words
        assert "Ada: knife (low, DC 10, materials $10), helped by Bo, 1 extra roll." in words
        viewer = d.table.viewer_for(seat)
        groups = [p for p in d.table.seen_panels(viewer) if p.title == "Groups"]
        assert groups[0].rows == (("The Undersiders", "Ada, Bo", "-", "2"),)


@pytest.mark.rules("WD-FOLLOW-008", "WD-BIZ-002", "WD-FOLLOW-004")
def test_r11_28_a_gangs_journalist_is_read_as_the_gangs_and_the_gms_checks_name_the_checker() -> None:
    """src 1361: a group's shared followers are the group's; src 1464: Cape Business check-ins get the
    GM's hidden checks. Ada wins a Journalist for The Undersiders (6 against 1+): the table reads it as
    the gang's. Her check-in on the accountant is checked behind the screen (a 3): the GM's line names
    Ada, the players read only that the GM rolled."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "form_group", group="gang", name="The Undersiders", members=["ada", "bo"])
    d.do("gm", "award", character="ada", eligible="journalist")
    d.do("ann", "gain_follower", character="ada", kind="journalist", group="gang", dice=[6])
    assert camp(d).groups["gang"].followers == {"journalist": 1}
    assert "Ada gains a Journalist for The Undersiders (6 against 1+)." in d.words("bob")
    d.do("gm", "start_downtime", slots=3)
    d.do("ann", "cape_business", character="ada", checkins=["the accountant"], dice=[3])
    assert "Hidden check for Ada: the accountant: 3" in d.words("gm")
    assert not [w for w in d.words("ann") if "accountant: 3" in w]


@pytest.mark.rules("WD-REP-002")
def test_r11_29_a_card_for_two_players_says_so_to_both() -> None:
    """src 426-427: the post-it 'A & B did that cool aerial bombardment combo. (For players Astronaught
    and Bomber only)'. The GM gives Ada and Bo such a card: both hold it, and what Bob reads says the
    card is for Ada and Bo - not a card of Ada's alone."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "award", character="ada", rep="aerial bombardment combo", owners=["Ada", "Bo"])
    assert [c.source for c in ledger(d, "bo").rep] == ["aerial bombardment combo"]
    assert d.words("bob")[-1] == "Ada and Bo receive rep (aerial bombardment combo)."
