"""A second referee's pass over the campaign layer: situations from the seed alone, played at the table.

It goes first to what the first pass (test_camp_referee.py) cites least: low morale in every downtime
roll, high morale spent on them, training, the day's end, and the shop. Each test is one situation with
given dice and the outcome the seed demands (its line cited); where the seed is silent the inventory's
PROPOSED decision is followed.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from typer.testing import CliRunner

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.cli import wd_app
from capeworks.systems.weaverdice.vocab import Pool, Stat
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import add, sheet, table
from tests.systems.weaverdice.test_camp_board import odds
from tests.systems.weaverdice.test_camp_referee import (
    card_ids,
    cards,
    followers,
    give_rep,
    ledger,
    negotiation,
)

# --- low morale caps every roll of one's own, downtime rolls too (src 453) -------------------------------


@pytest.mark.rules("WD-MORALE-002", "WD-CRAFT-002", "WD-CRAFT-003")
def test_s136_low_morale_caps_each_craft_roll() -> None:
    """src 453: low morale 'sets a strict cap on die results'; src 1484: each craft attempt is one roll
    toward the lengthy DC. Poor morale (-2) caps every roll at 5: a low-tier bat rolled 6, 3, 1 adds up
    to 5 + 3 + 1 = 9, short of DC 10."""
    d = table()
    pc(d, "ann", "ada", "Ada", money=1000, dexterity=3, knowledge=3, morale=-2)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "start_craft", character="ada", project="bat", item="nail bat", tier="low", price=200)
    d.do("ann", "craft", character="ada", project="bat", rolls=3, dice=[6, 3, 1])
    assert camp(d).projects["bat"].rolls == (5, 3, 1)
    assert camp(d).projects["bat"].result == "failed"


@pytest.mark.rules("WD-MORALE-002", "WD-CRAFT-003")
def test_s136b_the_odds_board_prices_a_low_morale_crafters_rolls_under_her_cap() -> None:
    """src 453, 1484: the chance the board shows is the chance the table then rolls. Poor morale (-2,
    cap 5), Knowledge 3, a low-tier bat at DC 10: of the 216 ways three d6 fall, those whose faces capped
    at 5 sum to 10 or more."""
    d = table()
    pc(d, "ann", "ada", "Ada", money=1000, dexterity=3, knowledge=3, morale=-2)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "start_craft", character="ada", project="bat", item="nail bat", tier="low", price=200)
    (row,) = [r for r in odds(d, "ann") if r["action"] == "craft"]
    hits = sum(1 for roll in product(range(1, 7), repeat=3) if sum(min(f, 5) for f in roll) >= 10)
    assert Fraction(row["exact"]) == Fraction(hits, 216)
    assert row["roll"] == "1d6 keep the best, each roll, capped at 5"


@pytest.mark.rules("WD-MORALE-002", "WD-FOLLOW-009")
def test_s137_low_morale_caps_a_journalists_keep_roll_below_7() -> None:
    """src 1340: self-promoting, 'they may roll to keep a reputation spent during the day, base 7+'; src
    453: at low morale (-1) results 'after modifiers' are capped at 6. Two Journalists and a 5 make 7,
    capped to 6: the card is gone."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=-1)
    followers(d, journalist=2)
    give_rep(d, 1)
    d.do("gm", "start_downtime")
    negotiation(d)
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=card_ids(d), dice=[5, 2])
    spent = ledger(d).spent[0].id
    d.do("ann", "downtime_action", character="ada", action="self_promote", card=spent, dice=[5])
    assert cards(d) == []
    assert any("5 + 2, capped at 6 against 7+: deed 1 gone" in w for w in d.words())


@pytest.mark.rules("WD-MORALE-002", "WD-RECRUIT-001", "WD-RECRUIT-007")
def test_s138_at_dismal_morale_no_recruit_die_nor_rep_keep_roll_reaches_4() -> None:
    """src 1608: 'for each 4+, they get one prospective candidate'; src 1671 a tapped rep is kept on 4+;
    src 453: at Dismal (-4) every result is capped at 3. Social 3 and a tapped rep die: 6, 6, 6, 6 are
    all 3s, no applicant; the rep's keep roll of 6 is a 3 too, and it is lost."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=-4)
    give_rep(d, 1)
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r", rep_dice=1, dice=[6, 6, 6, 6, 6])
    assert camp(d).recruitments["r"].openings == 0
    assert len(cards(d)) == 0


@pytest.mark.rules("WD-MORALE-002", "WD-RECRUIT-011")
def test_s139_at_dismal_morale_vetting_sees_nothing() -> None:
    """src 1712: the recruiter's Knowledge is rolled behind the scenes for each detail, 4+, +2 asked;
    src 453: at Dismal (-4) it is capped at 3. Knowledge 5 (+2) and an asked detail: 6 + 4 = 10 is 3."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=5, social=3)
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r", dice=[6, 1, 1])
    d.do("gm", "change_morale", character="ada", steps=-4)
    brute = {"power": "brute"}
    d.do("gm", "present_candidate", recruitment="r", candidate="trog", name="Troglodyte", details=brute)
    d.do("ann", "ask", character="ada", candidate="trog", detail="power")
    d.do("gm", "vet_candidates", recruitment="r", dice=[6])
    assert camp(d).candidates["trog"].revealed == ()


# --- rest and recuperate (src 1994-2013) ------------------------------------------------------------------


@pytest.mark.rules("WD-REST-001", "WD-REST-002")
def test_s140_a_rest_gives_back_lost_guts_before_counting_its_guts_rolls() -> None:
    """src 2001-2005: a rest 'will automatically ... Restores standard -X damage to ability scores', 'Then,
    a number of times equal to one's guts score', rolls Guts. Guts 4 knocked down to 3 for the day: the
    rest makes it 4 again, so four rolls at +1; 3, 3, 3, 3 take 16 days off a 20-day fracture."""
    d = table()
    pc(d, "ann", "ada", "Ada", guts=4)
    ada = d.state.people["ada"]
    d.patch(people={"ada": ada.model_copy(update={"temporary_loss": {Stat.GUTS: 1}})})
    assert d.state.sheet("ada").stat(Stat.GUTS) == 3
    d.do("gm", "award", character="ada", condition="fractured leg", days=20)
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="ada", uses=["fractured leg"] * 4, dice=[3, 3, 3, 3])
    assert d.state.sheet("ada").stat(Stat.GUTS) == 4
    assert [c.days for c in ledger(d).conditions] == [4]


# --- negative rep (src 440, 1344) ---------------------------------------------------------------------------


@pytest.mark.rules("WD-REP-009", "WD-FOLLOW-009")
def test_s141_negative_rep_cited_against_the_journalists_spin_takes_1_off_that_social_roll() -> None:
    """src 440: the GM cites negative rep 'to apply a -1 at an inconvenient time'; src 1344: a tapped
    Journalist while self-promoting tries 'Social 5+' to remove negative rep. Social 3: the GM cites the
    card as Ada's Journalist spins it, so her 5 is a 4 and the card sticks; the -1 is then used up."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    followers(d, journalist=2)
    d.do("gm", "give_negative", character="ada", source="shot at a cop")
    bad = next(c for c in ledger(d).rep if c.negative)
    d.do("gm", "start_downtime")
    d.do("ann", "downtime_action", character="ada", action="self_promote")
    d.do("gm", "cite_negative", character="ada", card=bad.id)
    d.do("ann", "tap_follower", character="ada", kind="journalist", use="unrep", card=bad.id, dice=[5])
    assert any(c.negative for c in ledger(d).rep)
    assert ledger(d).penalty == 0


# --- `capeworks weaverdice campaign-odds` prices the rolls as the table rolls them ------------------------


@pytest.mark.rules("WD-MORALE-002", "WD-CRAFT-003", "WD-RECRUIT-001")
def test_s142_campaign_odds_take_the_rollers_morale_cap() -> None:
    """src 453, 1484, 1608: the CLI's odds are the table's. A crafter at Poor morale (-2, cap 5) needs DC 10
    in three plain rolls: the faces capped at 5 count; a recruiter at Dismal (-4, cap 3) finds no one."""
    hits = sum(1 for roll in product(range(1, 7), repeat=3) if sum(min(f, 5) for f in roll) >= 10)
    args = ["campaign-odds", "craft", "--dc", "10", "-n", "3", "-d", "1", "--morale", "-2", "--json"]
    out = json.loads(CliRunner().invoke(wd_app, args).stdout)
    assert Fraction(out["success"]["fraction"]) == Fraction(hits, 216)
    args = ["campaign-odds", "recruit", "-d", "3", "--morale", "-4", "--json"]
    out = json.loads(CliRunner().invoke(wd_app, args).stdout)
    assert Fraction(out["yields"]["0"]["fraction"]) == 1
    bad = CliRunner().invoke(wd_app, ["campaign-odds", "craft", "--morale", "-9"])
    assert bad.exit_code == 2 and "morale step of -4 to 4" in bad.output


# --- high morale spent on one's own downtime rolls (src 453, 479) ---------------------------------------


@pytest.mark.rules("WD-MORALE-003", "WD-RECRUIT-007")
def test_s143_great_morale_keeps_a_rep_card_tapped_for_recruiting() -> None:
    """src 479: Tankspanker spends morale 'for something easy, like making sure he doesn't lose
    reputation he wants to keep up'; src 1671: 'Tapped reputation has a 50% chance of being lost'.
    Great morale (+2) counts a failed keep roll of 2 as a 4: the card stays, morale drops to +1. Without
    the spend the same 2 loses it."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=2)
    give_rep(d, 2)
    d.do("gm", "start_downtime", slots=3)
    d.do(
        "ann", "recruit", character="ada", recruitment="r", rep_dice=1, morale_keep=True, dice=[4, 1, 1, 1, 2]
    )
    assert len(cards(d)) == 2 and d.state.people["ada"].morale == 1
    d.do("ann", "recruit", character="ada", recruitment="r2", rep_dice=1, dice=[4, 1, 1, 1, 2])
    assert len(cards(d)) == 1 and d.state.people["ada"].morale == 1


# --- followers (src 1340-1372) ----------------------------------------------------------------------------


@pytest.mark.rules("WD-FOLLOW-003", "WD-FOLLOW-009", "WD-REP-005")
def test_s144_a_tapped_journalist_is_out_through_the_next_phase_and_back_after_it() -> None:
    """src 1348: 'Tapping a journalist means losing the passive benefit for the rest of the downtime
    phase, and all of the next one'; src 1340: each Journalist +1 to keep rep. One Journalist, tapped in
    phase 1: a 3 on an exclusive card's keep roll (Social 3) is a plain 3 in the session after it and in
    phase 2 (lost), and a 4 again in the session after phase 2 (kept)."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    followers(d, journalist=1)
    d.do("gm", "give_negative", character="ada", source="shot at a cop")
    bad = next(c for c in ledger(d).rep if c.negative)
    d.do("gm", "start_downtime")
    d.do("ann", "downtime_action", character="ada", action="self_promote")
    d.do("ann", "tap_follower", character="ada", kind="journalist", use="unrep", card=bad.id, dice=[1])
    d.do("gm", "end_downtime")
    assert not keeps_a_dealers_card(d, "a")  # the session after phase 1
    d.do("gm", "start_downtime")
    assert not keeps_a_dealers_card(d, "b")  # phase 2
    d.do("gm", "end_downtime")
    assert keeps_a_dealers_card(d, "c")  # the session after phase 2


def keeps_a_dealers_card(d: Driver, n: str) -> bool:
    """A new exclusive card played with the Dealers, its keep roll a 3 (+ Social 3's 0): kept or not."""
    d.do("gm", "award", character="ada", rep=f"Dealers owe {n}", exclusive="Dealers")
    card = next(c for c in ledger(d).rep if c.source == f"Dealers owe {n}")
    d.do("gm", "open_negotiation", negotiation=n, party="Dealers", tn=4)
    d.do("ann", "negotiate", character="ada", negotiation=n, cards=[card.id], dice=[5, 1, 3])
    return any(c.id == card.id for c in ledger(d).rep)


# --- the day's end (src 410, 487) --------------------------------------------------------------------------


@pytest.mark.rules("WD-EFFORT-011", "WD-MORALE-006")
def test_s145_at_poor_morale_a_night_keeps_each_exhausted_dot_on_5_or_more() -> None:
    """src 410: an exhausted dot lowers the maximum 'until their next full night of sleep'; src 487: at low
    morale 'for each instance of exhausted effort ... roll a d6 ... If the result matches or exceeds the
    number listed ... the effort ... isn't recovered that night'. Poor (-2) lists 5: a Stamina dot rolls 5
    and stays exhausted, a Focus dot rolls 4 and comes back."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=-2)
    ada = d.state.people["ada"]
    tired = ada.effort.model_copy(update={"exhausted": {Pool.STAMINA: 1, Pool.FOCUS: 1}})
    d.patch(people={"ada": ada.model_copy(update={"effort": tired})})
    d.do("ann", "sleep", character="ada", dice=[5, 4])
    assert d.state.people["ada"].effort.exhausted == {Pool.STAMINA: 1}


@pytest.mark.rules("WD-WOUND-014", "WD-MORALE-006", "WD-REST-001")
def test_s146_a_wound_that_fades_on_the_next_rest_fades_at_low_morale_without_a_roll() -> None:
    """src 656, 662: the wound 'fades on the next rest' (PROPOSED WD-WOUND-014: a Rest & Recuperate counts,
    no roll needed); src 487: at low morale the injuries that would heal that night roll to stay. Low
    morale (-1): the fading wound goes; the plain lesser wound rolls a 6 and stays."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=-1)
    ada = d.state.people["ada"]
    wounds = [{"tier": 1, "id": "w1"}, {"tier": 1, "id": "w2", "fades_on_rest": True}]
    track = ada.track.model_validate({**ada.track.model_dump(), "wounds": wounds})
    d.patch(people={"ada": ada.model_copy(update={"track": track})})
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="ada", dice=[6])
    assert [w.id for w in d.state.people["ada"].track.wounds] == ["w1"]


@pytest.mark.rules("WD-REP-007", "WD-REP-003", "WD-RECRUIT-007")
def test_s147_rep_over_the_cap_at_the_days_end_is_discarded_before_any_is_played() -> None:
    """src 435: 'at the day's end, reputation that is in excess of the character's maximum (their social
    score + their number of milestones) is discarded ... Players may choose what to discard.' Social 1, no
    milestones, three cards: two go at the day's end, so the next day none is played (in talk or to
    recruit) until Ada has named the two; then the one she kept plays."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=1)
    give_rep(d, 3)
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")
    assert camp(d).discards == {"ada": 2}
    negotiation(d)
    d.refuse("ann", "negotiate", character="ada", negotiation="n", cards=card_ids(d)[:1], rule="WD-REP-007")
    d.do("gm", "start_downtime")
    d.refuse("ann", "recruit", character="ada", recruitment="r", rep_dice=1, rule="WD-REP-007")
    d.do("ann", "discard_rep", character="ada", cards=card_ids(d)[1:])
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=card_ids(d), dice=[1, 6])  # 6 - 2
    assert camp(d).negotiations["n"].outcome == "agreed" and cards(d) == []


@pytest.mark.rules("WD-FOLLOW-009", "WD-RECRUIT-007")
def test_s148_a_journalist_may_save_a_rep_card_lost_to_recruiting_that_day() -> None:
    """src 1340: 'When self-promoting, they may roll to keep a reputation spent during the day, base 7+';
    src 1671: 'Tapped reputation has a 50% chance of being lost after the fact.' The card Ada tapped for a
    recruit die is lost on a 2; self-promoting the same day, two Journalists and a 5 make 7: it is back."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    followers(d, journalist=2)
    give_rep(d, 1)
    d.do("gm", "start_downtime", slots=3)
    # three Social dice and a rep die, then the rep's keep roll: 1 + 2 Journalists = 3, lost
    d.do("ann", "recruit", character="ada", recruitment="r", rep_dice=1, dice=[4, 1, 1, 1, 1])
    assert cards(d) == []
    lost = ledger(d).spent[0].id
    d.do("ann", "downtime_action", character="ada", action="self_promote", card=lost, dice=[5])
    assert cards(d) == ["deed 1"]


@pytest.mark.rules("WD-FOLLOW-009", "WD-COMBAT-031")
def test_s148b_a_journalist_may_save_a_rep_card_spent_on_leverage_that_day() -> None:
    """src 1000: 'a rep card can be spent to manipulate the smaller figures on the battlefield'; src 1340:
    self-promoting, a Journalist may 'roll to keep a reputation spent during the day, base 7+'. Ada spends
    her card to scatter a thug; that evening two Journalists and a 5 make 7: the card is back."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    followers(d, journalist=2)
    give_rep(d, 1)
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "leverage", character="ada", spent=True)
    d.do("gm", "end_combat")
    assert cards(d) == []
    d.do("gm", "start_downtime")
    lost = ledger(d).spent[0].id
    d.do("ann", "downtime_action", character="ada", action="self_promote", card=lost, dice=[5])
    assert cards(d) == ["deed 1"]


# --- the mini-progression variant (src 163-182) -------------------------------------------------------


@pytest.mark.rules("WD-DN-017", "WD-STAT-012", "WD-FOLLOW-010")
def test_s149_mini_option_7_fills_rep_to_the_cap_two_fans_raise() -> None:
    """src 173: '7. Gain reputation up to your maximum'; src 1370: 'Every two fans raise reputation cap by
    1'; src 435: the maximum is 'social score + their number of milestones'. Social 2, two Fans, no card:
    the maximum is 3, so three cards."""
    d = table(config={"campaign": {"progression": "mini"}})
    pc(d, "ann", "ada", "Ada", social=2)
    followers(d, fan=2)
    d.do("gm", "award", character="ada", boxes=1)
    d.do("ann", "pick_mini", character="ada", option=7)
    assert len(cards(d)) == 3


# --- training (src 340-342) ---------------------------------------------------------------------------------


@pytest.mark.rules("WD-DT-007", "WD-SKILL-006")
def test_s150_refine_skills_is_an_extra_training_roll_for_a_skill_being_learned() -> None:
    """src 1386 lists 'Refine Skills' with no rules of its own; WD-DT-007 PROPOSED: 'an extra Train roll for
    a skill already being learned'; src 342: the roll applies Knowledge and the skill's stat. Knowledge 4
    (+1), Dexterity 3: a 4 saves 5 toward 12. Refining starts nothing new."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=4)
    d.do("gm", "award", character="ada", boxes=1)
    d.do("ann", "check_box", character="ada", box="learning_a_skill", skill="Lockpicking", stat="dexterity")
    d.do("gm", "start_downtime")
    d.do("ann", "downtime_action", character="ada", action="refine_skills", skill="Lockpicking", dice=[4])
    lock = next(s for s in d.state.sheets["ada"].skills if s.name == "Lockpicking")
    assert lock.training == (5,)
    d.refuse(
        "ann", "downtime_action", character="ada", action="refine_skills", skill="Juggling", stat="dexterity",
        rule="WD-SKILL-006",
    )  # fmt: skip


# --- go shopping (src 1390, 1028-1143) ----------------------------------------------------------------------


@pytest.mark.rules("WD-DT-007", "WD-EQUIP-016", "WD-EQUIP-010")
def test_s151_go_shopping_buys_a_costume_piece_at_its_list_price_into_a_free_cell() -> None:
    """src 1390 lists 'Go Shopping' with no rules; WD-DT-007 PROPOSED: 'buy at list price'; src 1121: a
    Standard Icon is $25 and 'Grants +1 reputation/day'. Ada with $100 buys one into cell 0,0: $75 left,
    and at the day's end it gives her a card. A High-Tier Armor ($1000) is past her purse, a piece in a
    taken cell does not fit, and nothing is paid for either."""
    d = table()
    pc(d, "ann", "ada", "Ada", money=100)
    d.do("gm", "start_downtime", slots=3)
    d.do("ann", "downtime_action", character="ada", action="go_shopping", piece="icon", cell="0,0")
    assert ledger(d).money == 75
    assert [p.key for p in d.state.sheets["ada"].costume.pieces] == ["icon"]
    d.refuse(
        "ann", "downtime_action", character="ada", action="go_shopping", piece="high_armor", cell="0,1",
        rule="WD-DT-007",
    )  # fmt: skip
    d.refuse(
        "ann", "downtime_action", character="ada", action="go_shopping", piece="low_belt", cell="0,0",
        rule="WD-EQUIP-010",
    )  # fmt: skip
    d.refuse(
        "ann",
        "downtime_action",
        character="ada",
        action="explore",
        piece="icon",
        cell="0,1",
        rule="WD-DT-007",
    )
    assert ledger(d).money == 75 and camp(d).phase.slots["ada"].used == 1
    d.do("gm", "end_downtime")
    assert cards(d) == ["costume"]


@pytest.mark.rules("WD-MORALE-003", "WD-RECRUIT-007", "WD-NPC-003")
def test_s143b_a_hidden_npcs_morale_spent_to_keep_recruiting_rep_stays_behind_the_screen() -> None:
    """src 298: a notable's downtime is the GM's to handwave; a hidden NPC's numbers never reach a player.
    The Mole (Great morale) keeps a tapped card with a step of morale: the players see no morale change."""
    d = table()
    add(d, "gm", {**sheet("mole", "The Mole"), "tier": "notable"}, hidden=True, morale=2)
    give_rep(d, 1, ident="mole")
    d.do("gm", "start_downtime", slots=3, characters=["mole"])
    d.do(
        "gm", "recruit", character="mole", recruitment="r", rep_dice=1, morale_keep=True, dice=[4, 1, 1, 1, 2]
    )
    assert d.state.people["mole"].morale == 1
    assert "high morale keeps rep" not in seen_by(d, "ann")
    assert "high morale keeps rep" in seen_by(d, "gm")


@pytest.mark.rules("WD-MORALE-003", "WD-REP-005", "WD-NPC-003")
def test_s143c_a_hidden_npcs_morale_spent_to_keep_rep_in_talks_stays_behind_the_screen() -> None:
    """src 298, 433, 479: the Mole (Great morale, Social 3) plays the Dealers' card with the Dealers, its
    keep roll a 1 bought up to 4 by a step of morale: the players see no morale change."""
    d = table()
    add(d, "gm", {**sheet("mole", "The Mole"), "tier": "notable"}, hidden=True, morale=2)
    d.do("gm", "award", character="mole", rep="Dealers Owe You One", exclusive="Dealers")
    d.do("gm", "open_negotiation", negotiation="n", party="Dealers", tn=4)
    card = ledger(d, "mole").rep[0].id
    d.do("gm", "negotiate", character="mole", negotiation="n", cards=[card], morale_keep=True, dice=[5, 1, 1])
    assert d.state.people["mole"].morale == 1
    assert "high morale keeps rep" not in seen_by(d, "ann")


@pytest.mark.rules("WD-DT-007", "WD-EQUIP-011", "WD-WOUND-002")
def test_s151b_armor_bought_is_a_wound_slot_at_once() -> None:
    """src 1032, 1042: Armor, $330, '1 Armor ... -1 costume slot'; armor 'acts as an additional wound
    slot, taking one hit'. Bought on a shopping trip, it is on Ada's track before the next fight."""
    d = table()
    pc(d, "ann", "ada", "Ada", money=400)
    d.do("gm", "start_downtime", slots=3)
    d.do("ann", "downtime_action", character="ada", action="go_shopping", piece="armor", cell="0,0")
    assert ledger(d).money == 70 and d.state.people["ada"].track.armor == 1
