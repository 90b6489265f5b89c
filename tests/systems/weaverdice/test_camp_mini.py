"""The mini-progression variant (WD-DN-017, src 163-182): 16 picks with awarded boxes, played at the table."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.campaign.settings import CampaignConfig
from capeworks.systems.weaverdice.vocab import Pool, Stat
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import table

MINI = {"campaign": {"progression": "mini"}}


def mini(*, boxes: int = 1, **stats: Any) -> Driver:
    """Ada (Ann's) on a mini-progression table, with awarded boxes."""
    d = table(config=MINI)
    pc(d, "ann", "ada", "Ada", **stats)
    while boxes > 0:  # at most 8 an award
        d.do("gm", "award", character="ada", boxes=min(8, boxes))
        boxes -= 8
    return d


def pick(d: Driver, option: int, **more: Any) -> None:
    """Ann's pick for Ada; one made secure is the GM's, whose ruling that is (WD-DN-012)."""
    d.do("gm" if more.get("secure") else "ann", "pick_mini", character="ada", option=option, **more)


def ledger(d: Driver) -> Any:
    return camp(d).ledger("ada")


@pytest.mark.rules("WD-DN-017", "WD-PROG-002", "WD-PROG-003")
def test_the_variant_is_a_config_option_and_each_pick_spends_an_awarded_box() -> None:
    assert CampaignConfig().progression == "boxes"
    boxes = table()
    pc(boxes, "ann", "ada", "Ada")
    boxes.do("gm", "award", character="ada", boxes=1)
    boxes.refuse("ann", "pick_mini", character="ada", option=11, rule="WD-DN-017")
    d = mini(boxes=0)
    d.refuse("ann", "pick_mini", character="ada", option=11, rule="WD-PROG-002")
    d.do("gm", "award", character="ada", boxes=1)
    d.refuse("ann", "check_box", character="ada", box="equipment_slot", rule="WD-DN-017")
    assert [c.command for c in d.table.legal_commands("ann") if c.command in ("pick_mini", "check_box")] == [
        "pick_mini"
    ]
    pick(d, 11)
    assert ledger(d).box_credit == 0 and ledger(d).mini_taken == (11,)
    assert "Ada picks option 11 off the mini-progression list: a belt slot." in d.words()


@pytest.mark.rules("WD-DN-017")
def test_an_option_leaves_the_list_until_the_make_or_break_point_refills_it() -> None:
    d = mini(boxes=11, social=3)
    pick(d, 11)
    d.refuse("ann", "pick_mini", character="ada", option=11, rule="WD-DN-017")
    pick(d, 5)
    pick(d, 6)  # the duplicate lets the kind be taken twice
    for option in (8, 14, 15, 9, 10, 7):
        pick(d, option)
    assert ledger(d).mini_picks == 9
    pick(d, 16, pool="focus")  # the 10th pick: make or break, the list refills
    assert ledger(d).mini_taken == () and ledger(d).mini_picks == 0
    pick(d, 11)  # on the list again
    assert d.state.sheets["ada"].extra_belt_slots == 2


@pytest.mark.rules("WD-DN-017", "WD-DN-014", "WD-SKILL-006", "WD-SKILL-009")
def test_options_1_and_2_start_learning_a_skill_by_the_stats_modifier() -> None:
    d = mini(boxes=3, brawn=2, wits=3, athletics=4)
    d.refuse("ann", "pick_mini", character="ada", option=1, skill="Brawl", stat="brawn", rule="WD-DN-014")
    pick(d, 1, skill="Streetwise", stat="wits")
    d.refuse("ann", "pick_mini", character="ada", option=2, skill="Hack", stat="wits", rule="WD-DN-014")
    pick(d, 2, skill="Parkour", stat="athletics")
    skills = {s.name: s for s in d.state.sheets["ada"].skills}
    assert skills["Streetwise"].learning and skills["Streetwise"].stats == (Stat.WITS,)
    assert skills["Parkour"].learning and ledger(d).mini_taken == (1, 2)


@pytest.mark.rules("WD-DN-017", "WD-FOLLOW-002", "WD-FOLLOW-003")
def test_option_3_a_chosen_follower_starts_late_below_good_morale() -> None:
    d = mini(boxes=1)
    pick(d, 3, kind="informant")
    assert ledger(d).followers == {"informant": 1} and ledger(d).tapped["informant"]
    happy = mini(boxes=1, morale=1)
    happy.do("ann", "pick_mini", character="ada", option=3, kind="fan")
    assert camp(happy).ledger("ada").tapped == {}  # good morale: it starts at once


@pytest.mark.rules("WD-DN-017", "WD-DN-012", "WD-FOLLOW-002")
def test_option_4_a_random_follower_unless_secure() -> None:
    d = mini(boxes=1)
    kinds = [f.name for f in d.state.config.campaign.followers]
    pick(d, 4, dice=[2])
    assert ledger(d).followers == {kinds[1]: 1}
    secure = mini(boxes=1)
    secure.do("gm", "pick_mini", character="ada", option=4, kind="journalist", secure=True)
    assert camp(secure).ledger("ada").followers == {"journalist": 1}


@pytest.mark.rules("WD-DN-017", "WD-PROG-008")
def test_options_5_and_6_raise_the_underling_cap() -> None:
    d = mini(boxes=2)
    pick(d, 5)
    pick(d, 6)
    assert d.state.sheets["ada"].underling_bonus == 2


@pytest.mark.rules("WD-DN-017", "WD-STAT-012", "WD-REP-002")
def test_option_7_fills_rep_to_the_cap_then_a_card_at_the_next_two_good_picks() -> None:
    d = mini(boxes=4, social=3, morale=1)
    d.do("gm", "award", character="ada", rep="stopped a bus")
    pick(d, 7)  # cap: Social 3 + 0 milestones: two more cards
    assert len(ledger(d).rep) == 3
    pick(d, 11)  # good morale: +1
    d.do("gm", "change_morale", character="ada", steps=-1)
    pick(d, 5)  # neutral morale: the second of the two passes with nothing
    pick(d, 6)
    assert len(ledger(d).rep) == 4 and ledger(d).mini_rep == 0


@pytest.mark.rules("WD-DN-017", "WD-REP-002")
def test_option_8_media_attention_is_a_rep_card() -> None:
    d = mini(boxes=1)
    pick(d, 8)
    assert [c.source for c in ledger(d).rep] == ["media attention"]


@pytest.mark.rules("WD-DN-017", "WD-DN-012")
def test_options_9_and_10_the_money_series_halves_while_secure__wx54() -> None:
    """WX-54: $500, then half the last at each later pick while secure: 250, 125, 62."""
    d = mini(boxes=6)
    pick(d, 9)
    assert ledger(d).money == 500
    pick(d, 11, secure=True)
    pick(d, 5, secure=True)
    pick(d, 6, secure=True)
    assert ledger(d).money == 500 + 250 + 125 + 62
    pick(d, 8)  # not secure: nothing, and the series ends
    pick(d, 14, secure=True)
    assert ledger(d).money == 937 and ledger(d).mini_money == 0


@pytest.mark.rules("WD-DN-017", "WD-PROG-007")
def test_option_11_a_belt_slot() -> None:
    d = mini(boxes=1)
    pick(d, 11)
    assert d.state.sheets["ada"].extra_belt_slots == 1


@pytest.mark.rules("WD-DN-017", "WD-DN-012", "WD-MORALE-005", "WD-MORALE-008")
def test_option_12_raises_the_morale_baseline_when_secure() -> None:
    d = mini(boxes=1, social=2)
    d.refuse("ann", "pick_mini", character="ada", option=12, rule="WD-DN-012")
    assert ledger(d).box_credit == 1  # refused: nothing changed
    pick(d, 12, secure=True)
    assert d.state.sheets["ada"].morale_baseline == 0  # the sheet's own stays; the lift is the ledger's
    assert ledger(d).morale_lift == 2  # Social 2: the next two encounters
    d.do("gm", "start_downtime", slots=1)
    d.do("gm", "end_downtime")  # morale resets to the raised baseline
    assert d.state.people["ada"].morale == 1


@pytest.mark.rules("WD-DN-017", "WD-REST-002")
def test_option_13_heals_fully_and_halves_a_long_term_issue() -> None:
    d = mini(boxes=1, guts=3)
    d.do("gm", "award", character="ada", condition="fractured leg", days=20)
    person = d.state.people["ada"]  # a wound from an earlier fight, as the rest tests give one
    track = person.track.model_validate({**person.track.model_dump(), "wounds": [{"tier": 1, "id": "w1"}]})
    d.patch(people={"ada": person.model_copy(update={"track": track})})
    assert d.state.people["ada"].track.wounds
    d.refuse("ann", "pick_mini", character="ada", option=13, condition="flu", rule="WD-REST-002")
    pick(d, 13, condition="fractured leg")
    assert d.state.people["ada"].track.wounds == ()
    assert [(x.name, x.days) for x in ledger(d).conditions] == [("fractured leg", 10)]


@pytest.mark.rules("WD-DN-017", "WD-DT-002")
def test_options_14_and_15_free_downtime_slots_one_a_phase() -> None:
    d = mini(boxes=2)
    pick(d, 14)
    pick(d, 15)
    for _ in range(3):
        d.do("gm", "start_downtime", slots=2)
        assert camp(d).phase.slots["ada"].total == 3
        d.do("gm", "end_downtime")
    d.do("gm", "start_downtime", slots=2)
    assert camp(d).phase.slots["ada"].total == 2 and ledger(d).free_slots == 0


@pytest.mark.rules("WD-DN-017", "WD-PROG-006")
def test_option_16_a_half_dot_and_the_next_list_s_makes_it_whole() -> None:
    d = mini(boxes=11)
    d.refuse("ann", "pick_mini", character="ada", option=16, rule="WD-PROG-006")
    pick(d, 16, pool="stamina")
    assert ledger(d).half_dots == {Pool.STAMINA: 1}
    for option in (1, 3, 4, 5, 6, 8, 11, 14, 15):
        extra: dict[str, Any] = {"skill": "Streetwise", "stat": "wits"} if option == 1 else {}
        if option in (3, 4):
            extra = {"kind": "fan", "secure": True}
        pick(d, option, **extra)
    pick(d, 16, pool="stamina")  # the list refilled at 10: a second half makes a whole dot
    assert ledger(d).half_dots == {Pool.STAMINA: 0}
    assert d.state.sheets["ada"].effort_bonus == {Pool.STAMINA: 1}


@pytest.mark.rules("WD-DN-017", "WD-PROG-006", "WD-EFFORT-014")
def test_option_16_s_lone_half_dot_is_a_dot_for_the_first_encounter_after_sleep_only() -> None:
    d = mini(boxes=1)
    pick(d, 16, pool="focus")
    sheet = d.state.sheets["ada"]
    top = sheet.effort_max(Pool.FOCUS)
    assert d.state.people["ada"].effort.available(sheet, Pool.FOCUS) == top  # nothing before a rest
    d.do("ann", "sleep", character="ada")
    assert d.state.people["ada"].effort.available(sheet, Pool.FOCUS) == top + 1
    d.do("gm", "start_combat", dice=[6])
    d.do("gm", "end_combat")  # spent nothing: nothing exhausted, and the half dot's night is over
    assert d.state.people["ada"].effort.available(sheet, Pool.FOCUS) == top
    assert ledger(d).half_dots == {Pool.FOCUS: 1}  # it comes back after the next night


@pytest.mark.rules("WD-DN-017", "WD-PROG-006", "WD-EFFORT-014")
def test_option_16_s_half_dot_lapses_when_the_first_encounter_ends_even_with_no_lull() -> None:
    """Seed, src 182 (option 16): "It is available only in the first encounters after resting;
    exhaustion occurs as if it didn't exist." and src 1192: "Half pips are only available in the first
    encounter after resting and disappear before any exhaustion is counted." The first encounter ends
    whether or not a lull follows: with no lull nothing spent returns, but the half dot is gone."""
    d = mini(boxes=1)
    pick(d, 16, pool="stamina")
    sheet = d.state.sheets["ada"]
    top = sheet.effort_max(Pool.STAMINA)
    d.do("ann", "sleep", character="ada")
    assert d.state.people["ada"].effort.available(sheet, Pool.STAMINA) == top + 1
    d.do("gm", "start_combat", dice=[6])
    d.do("gm", "end_combat", lull=False)  # straight into the next scene: no five quiet minutes
    effort = d.state.people["ada"].effort
    assert not any(effort.bonus.values()) and effort.available(sheet, Pool.STAMINA) == top
    d.do("gm", "start_combat", dice=[6])  # the second encounter: the sheet's dots only
    assert d.state.people["ada"].effort.available(sheet, Pool.STAMINA) == top
    d.do("gm", "end_combat")
    assert "ada" not in d.state.exhaust_owed  # nothing was spent, so nothing is exhausted
    assert ledger(d).half_dots == {Pool.STAMINA: 1}  # it comes back after the next night
    d.do("ann", "sleep", character="ada")
    assert d.state.people["ada"].effort.available(sheet, Pool.STAMINA) == top + 1


@pytest.mark.rules("WD-PROG-006", "WD-EFFORT-014")
def test_a_spent_half_dot_is_the_dot_that_lapses_after_an_encounter_with_no_lull() -> None:
    """Seed, src 1192: the half pip "disappear[s] before any exhaustion is counted": a dot spent while
    it was there is the half dot's, so with no lull the sheet's own dots stay whole."""
    d = mini(boxes=1)
    pick(d, 16, pool="stamina")
    sheet = d.state.sheets["ada"]
    top = sheet.effort_max(Pool.STAMINA)
    d.do("ann", "sleep", character="ada")
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "move", character="ada", feet=30, push=True, dice=[2])
    assert d.state.people["ada"].effort.available(sheet, Pool.STAMINA) == top
    d.do("gm", "end_combat", lull=False)
    effort = d.state.people["ada"].effort
    assert not any(effort.bonus.values()) and effort.available(sheet, Pool.STAMINA) == top


@pytest.mark.rules("WD-PROG-006", "WD-EFFORT-014", "WD-EFFORT-009")
def test_spending_only_the_half_dot_exhausts_nothing_at_the_lull() -> None:
    """Seed, src 1192: half pips "disappear before any exhaustion is counted": Ada spends only her
    half dot, so the lull after the encounter asks her for no exhausted dot and her pools stay whole."""
    d = mini(boxes=1)
    pick(d, 16, pool="stamina")
    sheet = d.state.sheets["ada"]
    top = sheet.effort_max(Pool.STAMINA)
    d.do("ann", "sleep", character="ada")
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "move", character="ada", feet=30, push=True, dice=[2])
    d.do("gm", "end_combat")  # five quiet minutes
    assert "ada" not in d.state.exhaust_owed
    effort = d.state.people["ada"].effort
    assert not any(effort.exhausted.values()) and effort.available(sheet, Pool.STAMINA) == top
    d.refuse("ann", "exhaust", character="ada", pool="stamina", rule="WD-EFFORT-009")


@pytest.mark.rules("WD-DN-017", "WD-DN-012")
def test_secure_is_the_gms_ruling_not_the_players_claim() -> None:
    """The notes' condition, "If your secret identity and civilian relationships are intact" (src
    178; src 170, 175), is nothing the table keeps a record of: the GM rules on it. Ann's pick of
    option 12 claiming secure is refused, saying so, and nothing changes; the GM making the pick
    with secure=true raises Ada's baseline (Social 2: two encounters). Before, Ann's claim was taken."""
    d = mini(boxes=1, social=2)
    d.refuse("ann", "pick_mini", character="ada", option=12, secure=True, rule="WD-DN-012", match="GM")
    assert (ledger(d).box_credit, ledger(d).morale_lift) == (1, 0)
    d.do("gm", "pick_mini", character="ada", option=12, secure=True)
    assert (ledger(d).box_credit, ledger(d).morale_lift) == (0, 2)
