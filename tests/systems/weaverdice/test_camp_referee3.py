"""A third referee's pass over the campaign layer: situations from the seed alone, played at the table.

It goes to what the first two passes (test_camp_referee.py, test_camp_referee2.py) cite least: the
progression boxes' followers and the milestone's caps, recruiting with milestones, the intel grid's
shared corners, the research table and whose repeats strike, spent rep after a rebrand, high morale on
the campaign's own rolls, followers that leave, the high-morale slot's turn, scarred wounds at rest,
and the mini-progression list. Each
test is one situation with given dice and the outcome the seed demands (its line cited); where the seed
is silent the inventory's PROPOSED decision is followed.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.statuses import Condition
from tests.systems.weaverdice.campaign_support import camp, follower_box, pc
from tests.systems.weaverdice.helpers import table
from tests.systems.weaverdice.test_camp_referee import cards, followers, give_rep, ledger, spy


def fan_cards(d: Driver, ident: str = "ada") -> int:
    """The Fans' passive rep of this downtime phase (src 1370: 'for downtime phase only')."""
    return sum(1 for c in ledger(d, ident).rep if c.downtime_only)


# --- progression boxes: followers that start tapped (src 1210-1219, 1348) -------------------------------


@pytest.mark.rules("WD-PROG-009", "WD-FOLLOW-003", "WD-FOLLOW-010")
def test_s152_an_eager_follower_at_neutral_morale_starts_tapped_through_the_next_phase() -> None:
    """src 1213: 'If the player has Good morale or better, they ... can have the follower start right
    away. Will start tapped otherwise'; src 1348: tapped means 'losing the passive benefit for the rest of
    the downtime phase, and all of the next one'. Neutral morale, a Fan from the box in phase 1: no
    passive rep in phase 1 nor in phase 2; in phase 3 its card comes."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=0)
    d.do("gm", "start_downtime")
    d.do("gm", "award", character="ada", boxes=1)
    follower_box(d, "eager_follower", "fan")
    assert ledger(d).followers == {"fan": 1} and fan_cards(d) == 0
    d.do("gm", "end_downtime")
    d.do("gm", "start_downtime")
    assert fan_cards(d) == 0  # all of the next phase
    d.do("gm", "end_downtime")
    d.do("gm", "start_downtime")
    assert fan_cards(d) == 1


@pytest.mark.rules("WD-PROG-010", "WD-FOLLOW-003")
def test_s153_a_trusted_follower_without_a_secure_identity_starts_tapped_like_a_tap() -> None:
    """src 1219: the Trusted Follower is 'As above, except the requirement is ... secret identity
    secure' (PROPOSED: the box may be taken without it; the follower then starts tapped). Checked in
    the session before phase 1, a Fan is out for phase 1 and phase 2, as a Fan tapped then would be."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", boxes=1)
    follower_box(d, "trusted_follower", "fan")
    for _ in range(2):
        d.do("gm", "start_downtime")
        assert fan_cards(d) == 0
        d.do("gm", "end_downtime")
    d.do("gm", "start_downtime")
    assert fan_cards(d) == 1


# --- caps that milestones raise (src 435, 1359) ---------------------------------------------------------


@pytest.mark.rules("WD-FOLLOW-006", "WD-PROG-025", "WD-FOLLOW-004")
def test_s156_social_2_and_one_milestone_hold_seven_followers_not_eight() -> None:
    """src 1359: 'capped at a number of followers equal to 2x their Social, plus three per milestone'.
    Social 2 and one milestone: 4 + 3 = 7. Six Journalists held; a first Fan needs Social above 0 and
    comes on a 3 (Social 2 is -1: 2); an eighth follower is refused."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=2, milestones=1)
    followers(d, journalist=6)
    d.do("gm", "award", character="ada", eligible="fan")
    d.do("ann", "gain_follower", character="ada", kind="fan", dice=[3])
    assert ledger(d).followers == {"journalist": 6, "fan": 1}
    d.do("gm", "award", character="ada", eligible="fan")
    d.refuse("ann", "gain_follower", character="ada", kind="fan", rule="WD-FOLLOW-006")


@pytest.mark.rules("WD-REP-007", "WD-STAT-012", "WD-PROG-025")
def test_s175_social_2_and_two_milestones_keep_four_rep_at_the_days_end() -> None:
    """src 435: 'reputation that is in excess of the character's maximum (their social score + their
    number of milestones) is discarded'. Social 2, two milestones: five cards, one to discard."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=2, milestones=2)
    give_rep(d, 5)
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")
    assert camp(d).discards == {"ada": 1}


# --- recruiting with milestones (src 1665-1673) ---------------------------------------------------------


@pytest.mark.rules("WD-RECRUIT-007", "WD-RECRUIT-008")
def test_s157_a_milestone_and_two_rep_make_three_toward_the_bonus_for_plus_2() -> None:
    """src 1673: milestones 'contribute to reputation for better bonuses'; src 1671: 'One reputation
    must be tapped for a +1, two for a subsequent +1'. One milestone and two rep: three toward the
    bonus, +2 on every die. Social 3: dice 2, 1, 3 are 4, 3, 5: two applicants; the milestone stays,
    each rep keeps on 4+ (a 5 and a 2: one kept)."""
    d = table()
    pc(d, "ann", "ada", "Ada", milestones=1)
    give_rep(d, 2)
    d.do("gm", "start_downtime")
    d.do(
        "ann",
        "recruit",
        character="ada",
        recruitment="r",
        milestone_bonus=1,
        rep_bonus=2,
        dice=[2, 1, 3, 5, 2],
    )
    assert camp(d).recruitments["r"].openings == 2
    assert len(cards(d)) == 1 and d.state.sheets["ada"].milestones == 1


@pytest.mark.rules("WD-RECRUIT-004", "WD-RECRUIT-001")
def test_s158_recruiting_rank_and_file_pays_nothing_for_the_capes_on_the_team() -> None:
    """src 1665: 'for capes, a -1 penalty applied for every cape already on the team'. Seeking troops,
    not capes, on a team of three capes: Social 3's dice 4, 4, 3 are two applicants, no penalty."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r", team_capes=3, dice=[4, 4, 3])
    assert camp(d).recruitments["r"].openings == 2


# --- intel (src 1795-1919) ------------------------------------------------------------------------------


@pytest.mark.rules("WD-INTEL-029", "WD-INTEL-030")
def test_s160_three_tier_3_make_a_tier_4_and_a_tier_4_breaks_into_two_tier_3() -> None:
    """src 1911: 'Turn 3 intel of tier 1-3 into one of a higher tier, same type'; src 1915: 'Turn one
    intel of tier 2-4 into two of a lower tier, same type'."""
    d = table()
    spy(d)
    d.do("gm", "award", character="ada", intel="violent:3", intel_count=3)
    d.do("gm", "award", character="ada", intel="villain:4")
    d.do("ann", "utilize_intel", character="ada", ops=["upgrade violent:3", "downgrade villain:4"])
    assert ledger(d).intel == {"violent:4": 1, "villain:3": 2}


@pytest.mark.rules("WD-INTEL-014", "WD-INTEL-013")
def test_s163_a_cell_research_opened_opens_its_neighbours_to_surveillance() -> None:
    """src 1833: 'Once something is uncovered, it allows access to orthogonally adjacent ... spaces'
    (PROPOSED: unlocks are shared; only the starting corners differ). Research opens the bottom right
    (History x Data, 5+); surveillance may then roll History x Secrets (4+) beside it."""
    d = table()
    spy(d, knowledge=3, wits=3)
    d.do("ann", "research", character="ada", target="pearl", cell="3,3", dice=[5])
    d.do("ann", "surveil", character="ada", target="pearl", cell="3,2", dice=[4])
    assert camp(d).targets["pearl"].cells[14].unlocked


@pytest.mark.rules("WD-INTEL-026")
def test_s164_a_single_disposition_targets_second_column_falls_back_to_the_first() -> None:
    """src 1888: '3 Tier one, second disposition' (PROPOSED: a target of one disposition gives the
    first). A lone vigilante, 'violent' only: a 3 and a 6 give violent T1 and violent T2."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=3)
    d.do("gm", "start_downtime")
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"])
    d.do("ann", "research", character="ada", target="xb", table=True, dice=[3])
    d.do("ann", "research", character="ada", target="xb", table=True, dice=[6])
    assert ledger(d).intel == {"violent:1": 1, "violent:2": 1}


@pytest.mark.rules("WD-INTEL-003", "WD-INTEL-007")
def test_s165_tier_3_intel_finds_the_thread_outright() -> None:
    """src 1815: tier three takes '100%' off; src 1827: research first finds the thread. A thread DC of
    30 and a violent T3: the thread is found and the grid opens to research."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=3)
    d.do("gm", "start_downtime")
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], thread_dc=30)
    d.do("gm", "award", character="ada", intel="violent:3")
    d.do("ann", "spend_intel", character="ada", target="xb", intel="violent:3", on="thread")
    assert camp(d).targets["xb"].thread_found
    d.do("ann", "research", character="ada", target="xb", cell="3,3", dice=[5])
    assert camp(d).targets["xb"].cells[15].unlocked


# --- rest (src 1999-2009) -------------------------------------------------------------------------------


@pytest.mark.rules("WD-REST-001")
def test_s166_a_rest_lifts_morale_3_below_to_1_below_and_leaves_good_morale_alone() -> None:
    """src 2003: 'Bumps morale up two steps if negative, to a maximum of neutral'. Dismal-ish -3 goes to
    -1; a cape at +1 stays at +1."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=-3)
    pc(d, "bob", "bo", "Bo", morale=1)
    d.do("gm", "start_downtime", dice=[1, 1, 1])  # Bo's good morale: three dice for a slot, no 6
    d.do("ann", "rest_recuperate", character="ada")
    d.do("bob", "rest_recuperate", character="bo")
    assert d.state.people["ada"].morale == -1
    assert d.state.people["bo"].morale == 1


@pytest.mark.rules("WD-REST-002")
def test_s167_a_guts_roll_takes_its_result_in_days_off_a_fractured_leg() -> None:
    """src 2009: 'rolling a 5, reducing duration by 5 days'. Guts 3 (+0): 20 days, a 5: 15 left."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", condition="fractured leg", days=20)
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="ada", uses=["fractured leg"], dice=[5])
    leg = next(c for c in ledger(d).conditions if c.name == "fractured leg")
    assert leg.days == 15


# --- crafting (src 1486) --------------------------------------------------------------------------------


@pytest.mark.rules("WD-CRAFT-005", "WD-CRAFT-003")
def test_s172_a_standard_attempt_at_12_defaults_to_low_tier() -> None:
    """src 1486: 'If a higher tier item is attempted and the result isn't sufficient, but is sufficient
    for a lower tier, then it can default down'. Knowledge 3, standard DC 15: 6 + 4 + 2 = 12 >= 10."""
    d = table()
    pc(d, "ann", "ada", "Ada", money=1000, dexterity=3, knowledge=3)
    d.do("gm", "start_downtime")
    d.do("gm", "start_craft", character="ada", project="p", item="club", tier="standard", price=300)
    d.do("ann", "craft", character="ada", project="p", rolls=3, dice=[6, 4, 2])
    p = camp(d).projects["p"]
    assert p.done and p.result == "low"


# --- the mini-progression list (src 163-182) ------------------------------------------------------------

MINI = {"campaign": {"progression": "mini"}}


def mini(**stats: Any) -> Driver:
    d = table(config=MINI)
    pc(d, "ann", "ada", "Ada", **stats)
    d.do("gm", "award", character="ada", boxes=8)
    return d


def pick(d: Driver, option: int, **more: Any) -> None:
    """Ann's pick for Ada; one made secure is the GM's, whose ruling that is (WD-DN-012)."""
    d.do("gm" if more.get("secure") else "ann", "pick_mini", character="ada", option=option, **more)


@pytest.mark.rules("WD-DN-017")
def test_s181_option_7s_two_later_cards_come_only_at_good_morale() -> None:
    """src 173: 'Gain reputation up to your maximum. The next two times you pick off this list, if your
    morale is good or better, gain one rep.' Social 3: three cards; the next pick at neutral morale adds
    none, the one after at good morale adds one, the third none."""
    d = mini()
    pick(d, 7)
    assert len(cards(d)) == 3
    pick(d, 11)
    assert len(cards(d)) == 3
    d.do("gm", "change_morale", character="ada", steps=1)
    pick(d, 5)
    assert len(cards(d)) == 4
    pick(d, 6)
    assert len(cards(d)) == 4


@pytest.mark.rules("WD-DN-017")
def test_s177_options_9_and_10_each_pay_their_own_halving_series() -> None:
    """src 175-176: option 9 'Gain $500. Each time you pick off this list, if you've maintained a secret
    identity and healthy civilian life relationships, gain half the amount of the last time'; option 10
    the same again. Both taken, each halves on its own: 500; then 250 + 500; then 125 + 250."""
    d = mini()
    pick(d, 9)
    assert ledger(d).money == 500
    pick(d, 10, secure=True)
    assert ledger(d).money == 500 + 250 + 500
    pick(d, 11, secure=True)
    assert ledger(d).money == 1250 + 125 + 250


# --- spent rep that is gone for good (src 1342, 1372, 1945) ---------------------------------------------


@pytest.mark.rules("WD-FOLLOW-010", "WD-FOLLOW-009")
def test_s169_a_fans_card_spent_in_talks_is_not_kept_by_a_journalist() -> None:
    """src 1372: a Fan's rep 'is always spent on use'; src 1342 a Journalist's keep roll is for 'a
    reputation spent during the day'. Rep 0 below one Fan: the Fan's card played with the Mayor is gone,
    and a self-promoting Journalist has nothing of it to keep."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    followers(d, fan=1, journalist=2)
    d.do("gm", "start_downtime")
    fan = next(c.id for c in ledger(d).rep if c.downtime_only)
    d.do("gm", "open_negotiation", negotiation="n", party="Mayor", tn=4)
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=[fan], dice=[4, 2])
    d.refuse("ann", "downtime_action", character="ada", action="self_promote", card=fan, rule="WD-FOLLOW-009")


@pytest.mark.rules("WD-INTEL-033", "WD-FOLLOW-009")
def test_s190_after_a_rebrand_no_card_of_the_old_name_is_kept_by_self_promoting() -> None:
    """src 1945: a Rebrand changes 'your identity, cape name ... lose all rep'; src 1342: the keep roll is
    for rep 'spent during the day'. A card spent with the Mayor, then a rebrand: a Journalist's 5 + 2 would
    make 7, but the old name's rep is all gone."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    followers(d, journalist=2)
    give_rep(d, 1)
    d.do("gm", "start_downtime")
    d.do("gm", "open_negotiation", negotiation="n", party="Mayor", tn=4)
    card = ledger(d).rep[0].id
    d.do("ann", "negotiate", character="ada", negotiation="n", cards=[card], dice=[4, 2])
    d.do("ann", "utilize_intel", character="ada", ops=["rebrand"])
    d.refuse(
        "ann", "downtime_action", character="ada", action="self_promote", card=card, rule="WD-FOLLOW-009"
    )
    assert cards(d) == []


# --- surveillance strikes are the roller's own repeats (src 1874) ---------------------------------------


@pytest.mark.rules("WD-INTEL-022", "WD-INTEL-019")
def test_s191_a_number_another_player_rolled_is_no_strike_for_me() -> None:
    """src 1874: 'The player will get a number of d6 rolls equal to their Wits score ... If they roll a
    number they've already rolled this session, that's a guaranteed strike'. Ada and Bo both watch Pearl
    in one phase: Ada's 5 opens Movements x Capabilities (5+); Bo's first 5 (on Movements x
    Relationships, 4+) is no repeat of his, so no strike; his second 5 is, a strike."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=3)
    pc(d, "bob", "bo", "Bo", wits=3)
    d.do("gm", "start_downtime")
    d.do("gm", "add_target", target="pearl", name="Pearl", dispositions=["violent", "villain"])
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[5])
    d.do("bob", "surveil", character="bo", target="pearl", cell="0,1", dice=[5])
    assert camp(d).targets["pearl"].strikes == 0
    d.do("bob", "surveil", character="bo", target="pearl", cell="1,0", dice=[5])
    assert camp(d).targets["pearl"].strikes == 1


# --- the grid waits for the target or the thread (src 1829-1831, 1902) ----------------------------------


@pytest.mark.rules("WD-INTEL-008", "WD-INTEL-015")
def test_s212_intel_opens_no_cell_before_the_target_or_the_thread_is_found() -> None:
    """src 1831: 'once the target or the thread is found, the grid is provided by the GM'; src 1829: with
    one found and not the other, 'Surveillance or Research will be locked out'; src 1902: intel unlocks
    'a space' of the grid at any time. Nothing found: violent T2 opens neither corner. The thread found:
    it opens research's corner (bottom right), not surveillance's (top left)."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=3)
    d.do("gm", "start_downtime")
    d.do(
        "gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50, thread_dc=30
    )
    d.do("gm", "award", character="ada", intel="violent:3", intel_count=3)
    for cell in ("0,0", "3,3"):
        d.refuse(
            "ann",
            "spend_intel",
            character="ada",
            target="xb",
            intel="violent:3",
            on=cell,
            rule="WD-INTEL-008",
        )
    d.do("ann", "spend_intel", character="ada", target="xb", intel="violent:3", on="thread")
    d.refuse(
        "ann", "spend_intel", character="ada", target="xb", intel="violent:3", on="0,0", rule="WD-INTEL-008"
    )
    d.do("ann", "spend_intel", character="ada", target="xb", intel="violent:3", on="3,3")
    assert [i for i, c in enumerate(camp(d).targets["xb"].cells) if c.unlocked] == [15]


# --- high morale spent on the campaign's own rolls (src 453, 479) ---------------------------------------


@pytest.mark.rules("WD-MORALE-003", "WD-INTEL-019")
def test_s232_great_morale_turns_a_missed_surveillance_roll_into_a_5() -> None:
    """src 453: high morale 'can be spent; lowering morale by one step to change a die result'; src 479:
    Tankspanker 'fails, and decides he doesn't want to live with those consequences ... takes an automatic
    4'. Excellent morale (+3) counts a roll as 5: Wits 3 misses Movements x Capabilities (5+) with a 2,
    the step makes it 5, the cell opens and morale is +2."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=3, morale=3)
    d.do("gm", "start_downtime", dice=[1, 1, 1, 1, 1])
    d.do("gm", "add_target", target="pearl", name="Pearl", dispositions=["violent", "villain"])
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", morale_buy=True, dice=[2])
    assert camp(d).targets["pearl"].cells[0].unlocked
    assert d.state.people["ada"].morale == 2
    assert camp(d).strike_choice == {}


@pytest.mark.rules("WD-MORALE-003", "WD-INTEL-025")
def test_s233_great_morale_makes_a_research_roll_a_4_only_where_4_is_enough() -> None:
    """src 453, 479: great morale (+2) counts a roll as 4. Knowledge 3 misses History x Data (5+) with
    a 1: a 4 would still miss, so no step is spent; History x Secrets (4+) beside it, missed with a 1,
    is bought up to 4 and opens."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=3, morale=2)
    d.do("gm", "start_downtime", dice=[1, 1, 1, 1])
    d.do("gm", "add_target", target="pearl", name="Pearl", dispositions=["violent", "villain"])
    d.do("ann", "research", character="ada", target="pearl", cell="3,3", morale_buy=True, dice=[1])
    assert not camp(d).targets["pearl"].cells[15].unlocked and d.state.people["ada"].morale == 2
    d.do("ann", "research", character="ada", target="pearl", cell="3,3", dice=[5])
    d.do("ann", "research", character="ada", target="pearl", cell="3,2", morale_buy=True, dice=[1])
    assert camp(d).targets["pearl"].cells[14].unlocked and d.state.people["ada"].morale == 1


@pytest.mark.rules("WD-MORALE-003", "WD-FOLLOW-004")
def test_s234_great_morale_wins_a_fourth_journalist_on_a_missed_social_roll() -> None:
    """src 1355: with three Journalists 'they can roll Social and they would need a 4+'; src 453, 479:
    great morale (+2) counts the roll as 4. Social 3 rolls a 2: bought up to 4, the fourth Journalist
    comes and morale is +1."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=2)
    followers(d, journalist=3)
    d.do("gm", "award", character="ada", eligible="journalist")
    d.do("ann", "gain_follower", character="ada", kind="journalist", morale_buy=True, dice=[2])
    assert ledger(d).followers == {"journalist": 4}
    assert d.state.people["ada"].morale == 1


# --- followers that leave (src 1357, 1372) --------------------------------------------------------------


@pytest.mark.rules("WD-FOLLOW-010", "WD-FOLLOW-007")
def test_s235_a_fan_hurt_lending_a_hand_is_lost_and_the_untapped_one_stays_active() -> None:
    """src 1372: 'Can also tap a fan to get bystander assistance to a location ... You lose a fan if any
    are hurt'; src 1357: otherwise followers go 'at the GM's discretion'. Two Fans, one tapped to help;
    a bystander is hurt: the GM rules the Fan lost. One Fan is left, untapped, its passive counting; a
    type not held cannot be lost."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    followers(d, fan=2)
    d.do("gm", "start_downtime")
    d.do("ann", "tap_follower", character="ada", kind="fan", use="bystanders")
    d.do("gm", "award", character="ada", lose="fan")
    assert ledger(d).followers == {"fan": 1}
    assert ledger(d).active("fan", camp(d).phase.number) == 1
    d.refuse("gm", "award", character="ada", lose="journalist", rule="WD-FOLLOW-007")


# --- more intel and planning (src 1445, 1831, 1911-1915, 1947) ------------------------------------------


@pytest.mark.rules("WD-INTEL-029", "WD-INTEL-030", "WD-INTEL-002")
def test_s236_a_targets_own_intel_upgrades_and_downgrades_as_its_own_type() -> None:
    """src 1831: a target's own intel 'acts as a wild card' for it; src 1911, 1915: upgrades and
    downgrades keep the type. Three Pearl T1 make a Pearl T2; a Pearl T3 breaks into two Pearl T2."""
    d = table()
    spy(d)
    d.do("gm", "award", character="ada", intel="pearl:1", intel_count=3)
    d.do("gm", "award", character="ada", intel="pearl:3")
    d.do("ann", "utilize_intel", character="ada", ops=["upgrade pearl:1", "downgrade pearl:3"])
    assert ledger(d).intel == {"pearl:2": 3}


@pytest.mark.rules("WD-INTEL-008", "WD-INTEL-025")
def test_s238_the_research_table_waits_for_the_thread_even_with_the_target_found() -> None:
    """src 1829: 'If the target is found but the thread isn't ... Research will be locked out'. Crossbones
    found (no finding DC), the thread at 30: a Research slot on the table is refused; one without a
    cell rolls toward the thread instead (Knowledge 3: a 4 is 4 of 30)."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=3)
    d.do("gm", "start_downtime")
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], thread_dc=30)
    d.refuse("ann", "research", character="ada", target="xb", table=True, rule="WD-INTEL-008")
    d.do("ann", "research", character="ada", target="xb", dice=[4])
    assert camp(d).targets["xb"].thread_progress == 4 and not camp(d).targets["xb"].thread_found


@pytest.mark.rules("WD-INTEL-034")
def test_s242_moving_base_over_two_downtimes_is_done_after_the_second() -> None:
    """src 1949: 'Move your HQ or all/some business elsewhere ... takes multiple downtimes'. A move over
    two downtimes, begun in phase 1: still moving after phase 1, done after phase 2."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime")
    d.do("ann", "utilize_intel", character="ada", ops=["relocate 2"])
    d.do("gm", "end_downtime")
    assert ledger(d).relocating == 1
    d.do("gm", "start_downtime")
    d.do("gm", "end_downtime")
    assert ledger(d).relocating == 0


@pytest.mark.rules("WD-PLAN-003")
def test_s244_a_worse_roll_on_a_locked_detail_leaves_the_better_value() -> None:
    """src 1445: 'the player chooses between the last decided (or default) result and that one, then
    locks it in'. Security locked at 2 guards; the next plan rolls 1 Protectorate: Ada keeps 2 guards."""
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=2)
    d.do("gm", "start_downtime")
    d.do("ann", "declare_mission", character="ada", mission="bank", kind="bank robbery", date="Friday")
    d.do(
        "gm",
        "set_mission_details",
        mission="bank",
        details={"security": ["2 guards", "4 rent-a-cops", "1 Protectorate"]},
    )
    d.do("ann", "plan_mission", character="ada", mission="bank", details=["security"], dice=[1])
    d.do("ann", "keep_detail", character="ada", mission="bank", detail="security", take=True)
    d.do("ann", "plan_mission", character="ada", mission="bank", details=["security"], dice=[3])
    d.do("ann", "keep_detail", character="ada", mission="bank", detail="security", take=False)
    assert camp(d).missions["bank"].locked == {"security": "2 guards"}


# --- the high-morale slot, whichever turn it is taken at (src 489) --------------------------------------


@pytest.mark.rules("WD-MORALE-007", "WD-DT-006")
def test_s246_the_bonus_slot_taken_first_for_hanging_out_leaves_three_free_slots() -> None:
    """src 489: high morale gains 'an extra time slot for downtime, for use in rest and recovery,
    socializing, ... or information gathering'. Good morale's 6 gives Ada a fourth slot; she hangs out
    first (socializing, the bonus slot's use), so her three own slots are hers for anything: explore,
    work and a power's downtime act all go."""
    d = table()
    pc(d, "ann", "ada", "Ada", morale=1)
    d.do("gm", "start_downtime", slots=3, dice=[6, 1, 1])
    for action in ("hang_out", "explore", "work_or_school", "power"):
        d.do("ann", "downtime_action", character="ada", action=action)
    assert camp(d).phase.slots["ada"].left == 0


# --- scarred wounds and effects need the rest's own attention (src 842, 2007) ------------------------------


def scarred(d: Driver) -> None:
    """Ada with a plain moderate wound, a scarring moderate (w2), a critical (w3) and a scarring pain in
    her left arm."""
    pc(d, "ann", "ada", "Ada")
    who = d.state.people["ada"]
    data = who.track.model_dump()
    data["wounds"] = [
        {"tier": 2, "id": "w1"},
        {"tier": 2, "id": "w2", "scarring": True},
        {"tier": 3, "id": "w3"},
    ]
    track = who.track.model_validate(data)
    cond = Condition.model_validate(
        {"name": "pained_part", "target": "ada", "part": "left_arm", "scarring": True, "endings": ["treated"]}
    )
    d.patch(people={"ada": who.model_copy(update={"track": track, "conditions": (cond,)})})


@pytest.mark.rules("WD-REST-002", "WD-STATUS-007", "WD-REST-001")
def test_s247_a_rests_guts_roll_heals_a_scarred_wound_and_another_a_scarring_pain() -> None:
    """src 2007: 'Roll Guts to try and remove a scarred wound'; src 842: 'Scarring wounds & effects persist
    until specific end-of-day downtime can be dedicated to taking care of them ... Each requires individual
    attention'. The rest mends the plain wound w1; Guts 3 (+0) rolls 5 on the scarred w2 (4+, PROPOSED):
    it heals; a 2 on the scarring pain leaves it; the next rest's 4 takes it away, and its 6 heals the
    critical w3, which 'act[s] as scarring moderates' (src 798)."""
    d = table()
    scarred(d)
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="ada", uses=["w2", "pained_part"], dice=[5, 2])
    ada = d.state.people["ada"]
    assert [w.id for w in ada.track.wounds] == ["w3"]
    assert [c.name for c in ada.conditions] == ["pained_part"]
    d.do("ann", "rest_recuperate", character="ada", uses=["pained_part", "w3"], dice=[4, 6])
    assert d.state.people["ada"].conditions == () and d.state.people["ada"].track.wounds == ()
