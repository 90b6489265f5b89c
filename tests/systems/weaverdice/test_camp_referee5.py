"""A referee's campaign situations (pass 5), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: whose finding rolls alternate, information in place of intel (a named detail, a tier-3
reward as an unlock), a gang's Journalist at Cape Business, and what an encounter is for option 12."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import add, sheet, table


def target(d: Driver) -> Any:
    return camp(d).targets["xb"]


# --- finding a target (src 1797-1801) ---------------------------------------------------------------------


@pytest.mark.rules("WD-INTEL-006", "WD-CORE-006")
def test_r5_01_each_searcher_alternates_athletics_and_wits_on_their_own_rolls() -> None:
    """src 1797: 'the player can roll Athletics and Wits (alternating) until they reach the target
    number'; the alternation is the player's, and searchers pool their totals (a lengthy check, src 580).
    Ada (Athletics 4: +1, Wits 2: -1) and Bo (Athletics 2: -1, Wits 4: +1) hunt Crossbones, DC 50. Ada
    rolls Athletics 3 + 1 = 4; Bo's first roll is his Athletics too, 3 - 1 = 2; then Ada's Wits 3 - 1 =
    2 and Bo's Wits 3 + 1 = 4: 12 in all. Before, the turn of stat was the target's, so Bo rolled Wits
    first (4) and Ada Athletics twice (4, 4): 16."""
    d = table()
    pc(d, "ann", "ada", "Ada", athletics=4, wits=2)
    pc(d, "bob", "bo", "Bo", athletics=2, wits=4)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50)
    for seat, who in (("ann", "ada"), ("bob", "bo"), ("ann", "ada"), ("bob", "bo")):
        d.do(seat, "surveil", character=who, target="xb", dice=[3])
    assert (target(d).find_progress, target(d).find_rolls) == (12, 4)
    assert target(d).find_rolls_by == {"ada": 2, "bo": 2}


@pytest.mark.rules("WD-INTEL-006")
def test_r5_02_finding_rolls_from_before_the_rollers_were_kept_count_as_anyones() -> None:
    """src 1797, a campaign saved before the table kept who made each finding roll: its target holds
    one roll and no roller. Ada's next roll goes on from it, her Wits (3 - 1 = 2), as it would have
    before; after it she is on Athletics again (3 + 1 = 4)."""
    d = table()
    pc(d, "ann", "ada", "Ada", athletics=4, wits=2)
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50)
    c = camp(d)
    old = c.targets["xb"].model_copy(update={"find_rolls": 1, "find_progress": 4})
    d.patch(campaign=c.model_copy(update={"targets": {"xb": old}}))
    d.do("ann", "surveil", character="ada", target="xb", dice=[3])
    assert target(d).find_progress == 6
    d.do("ann", "surveil", character="ada", target="xb", dice=[3])
    assert target(d).find_progress == 10


@pytest.mark.rules("WD-INTEL-006", "WD-NPC-003")
def test_r5_03_a_hidden_npc_alternates_on_its_own_rolls_too() -> None:
    """src 1797 on the GM's own track (WD-NPC-003): Ada rolls Athletics (3 + 1 = 4) for the players; the
    hidden Boss (Athletics 4, Wits 2) then starts with his own Athletics, 3 + 1 = 4, not Wits."""
    d = table()
    pc(d, "ann", "ada", "Ada", athletics=4, wits=2)
    add(d, "gm", {**sheet("boss", "Boss", athletics=4, wits=2), "tier": "notable"}, hidden=True)
    d.do("gm", "start_downtime", characters=["ada", "boss"], slots=3)
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50)
    d.do("ann", "surveil", character="ada", target="xb", dice=[3])
    d.do("gm", "surveil", character="boss", target="xb", dice=[3])
    track = target(d).gm_track
    assert (track.find_progress, track.find_rolls_by) == (4, {"boss": 1})
    assert target(d).find_progress == 4


# --- information in place of intel (src 1817-1825, 2022-2027) ----------------------------------------------


def no_intel(**target: Any) -> Driver:
    """A table without intel: Ada (Wits 3) and Crossbones, found, its 2x2 grid of 5+ 4+ / 4+ 7+."""
    d = table(config={"campaign": {"no_intel": True}})
    pc(d, "ann", "ada", "Ada", wits=3)
    d.do("gm", "start_downtime", slots=3)
    d.do(
        "gm",
        "add_target",
        target="xb",
        name="Crossbones",
        size=2,
        dispositions=["violent"],
        tns=[5, 4, 4, 7],
        **target,
    )
    return d


@pytest.mark.rules("WD-INTEL-004", "WD-INTEL-040", "WD-INTEL-003")
def test_r5_04_a_named_detail_rated_as_a_tier_cuts_the_finding_dc_once() -> None:
    """src 1817: 'Information, when provided instead, can be compared to intel and provide a reduction of
    that intel's tier'; src 1821: the GM rates the family's word 'the sort of information a tier 2 intel
    would offer ... and reduces the target DC from 50 to 25'; src 2027: 'naming unique details about the
    target to reduce the target number. Once something is named, it can't be used for that cape again.'
    Ada names 'moves on after a few kills', rated tier 2: DC 50 -> 25, told to the GM alone. Named again
    it is refused and nothing moves; another detail at tier 1 takes 20%: 25 -> 20."""
    d = no_intel(find_dc=50)
    lead = "Moves on after a few  kills"
    d.do("gm", "give_information", character="ada", target="xb", tier=2, on="find", detail=lead)
    assert (target(d).find_dc, target(d).details) == (25, ("moves on after a few kills",))
    d.refuse(
        "gm",
        "give_information",
        character="ada",
        target="xb",
        tier=2,
        on="find",
        detail="moves on after a few kills",
        rule="WD-INTEL-040",
    )
    assert target(d).find_dc == 25
    d.do("gm", "give_information", character="ada", target="xb", tier=1, on="find", detail="hates dogs")
    assert target(d).find_dc == 20 and not target(d).found
    ann = d.table.view(d.table.viewer_for("ann"))["state"]["campaign"]["targets"]["xb"]
    assert ann["find_dc"] != 20  # the DC stays the GM's


@pytest.mark.rules("WD-INTEL-040", "WD-INTEL-019")
def test_r5_05_a_named_detail_lowers_a_cells_tn_on_a_table_without_intel() -> None:
    """src 2027: 'The grid can remain unlockable with the die rolls only, with the player having the option
    of naming unique details about the target to reduce the target number.' Crossbones found; Ada names
    'drives a red pickup', rated tier 1 (minor details, src 2024): Movements x Capabilities 5+ takes 20%,
    rounded up as a cut DC is: 4+. Her Wits 3 (+0) rolls a 4: unlocked, where a 5+ would have missed. A
    minor detail on the 4+ next to it would take nothing off (20% of 4, rounded up, is 4): refused, and
    the detail is not used up."""
    d = no_intel()
    d.do(
        "gm",
        "give_information",
        character="ada",
        target="xb",
        tier=1,
        on="0,0",
        detail="drives a red pickup",
    )
    assert target(d).cells[0].tn == 4
    d.do("ann", "surveil", character="ada", target="xb", cell="0,0", dice=[4])
    assert target(d).cells[0].unlocked
    d.refuse(
        "gm",
        "give_information",
        character="ada",
        target="xb",
        tier=1,
        on="0,1",
        detail="smokes",
        rule="WD-INTEL-040",
    )
    assert target(d).details == ("drives a red pickup",) and target(d).cells[1].tn == 4


@pytest.mark.rules("WD-INTEL-040", "WD-INTEL-014", "WD-INTEL-008")
def test_r5_06_tier_three_information_is_an_unlock_on_the_targets_grid() -> None:
    """src 2024: 'When someone would be given intel of tier 3+ (or even sometimes 2+), they could instead
    get an unlock on the intel grid of the target.' Crossbones found on a table without intel: deeper
    information (tier 3) on Movements x Capabilities unlocks it, 5+ or not; the 7+ across the grid, research's
    way in while the thread is not found, is refused before that; tier 2 on the 4+ below halves it, and a
    write-up (tier 4) unlocks it; then tier 2 on the 7+ halves it: 4+ (3.5 rounded up). On a table with intel,
    a cell takes intel, not information."""
    d = no_intel(thread_dc=30)
    d.refuse("gm", "give_information", character="ada", target="xb", tier=3, on="1,1", rule="WD-INTEL-008")
    d.do("gm", "give_information", character="ada", target="xb", tier=3, on="0,0")
    assert target(d).cells[0].unlocked and camp(d).ledger("ada").intel == {}
    d.do("gm", "give_information", character="ada", target="xb", tier=2, on="1,0")
    assert target(d).cells[2].tn == 2 and not target(d).cells[2].unlocked  # 4 x 50%
    d.do("gm", "give_information", character="ada", target="xb", tier=4, on="1,0")
    assert target(d).cells[2].unlocked
    d.do("gm", "give_information", character="ada", target="xb", tier=2, on="1,1")
    assert target(d).cells[3].tn == 4 and not target(d).cells[3].unlocked
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "add_target", target="xb", name="Crossbones", size=2, dispositions=["violent"])
    d.refuse("gm", "give_information", character="ada", target="xb", tier=3, on="0,0", rule="WD-INTEL-015")


# --- a gang's Journalist at Cape Business (src 1344, 1361) --------------------------------------------------


def gang() -> Driver:
    """The Gang (Ada, Bo) holds a Journalist; Ada has none. Ada holds her own card and the Gang's."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "form_group", group="gang", name="The Gang", members=["ada", "bo"])
    c = camp(d)
    g = c.groups["gang"].model_copy(update={"followers": {"journalist": 1}})
    d.patch(campaign=c.model_copy(update={"groups": {**c.groups, "gang": g}}))
    d.do("gm", "award", character="ada", rep="saved a cat")
    d.do("gm", "award", character="ada", rep="the Gang took the docks", owners=["Ada", "Bo"])
    d.do("gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50)
    d.do("gm", "start_downtime")
    return d


def cards(d: Driver, ident: str) -> dict[str, int]:
    return {c.source: c.id for c in camp(d).ledger(ident).rep}


@pytest.mark.rules("WD-FOLLOW-008", "WD-FOLLOW-009", "WD-BIZ-004", "WD-FOLLOW-003")
def test_r5_07_a_gangs_journalist_trades_the_gangs_rep_for_intel_at_cape_business() -> None:
    """src 1344: 'Tap a Journalist when doing Cape Business to exchange rep for intel (1 for 1 ...)'; src
    1361: a group's shared followers, 'If one person in the group taps a follower, however, everyone loses
    the benefit they offer. Benefits are restricted to organization relevant things. Managing reputation
    by and for the organization, for example.' Ada has no Journalist of her own: her trade is refused.
    Through the Gang's Journalist, her own card 'saved a cat' is not the Gang's to trade: refused, nothing
    changes. The Gang's card 'the Gang took the docks' is: one tier-1 intel on Crossbones for Ada, the card
    gone for Bo too, and the Gang's Journalist tapped, its passive gone for every member."""
    d = gang()
    mine, ours = cards(d, "ada")["saved a cat"], cards(d, "ada")["the Gang took the docks"]
    trade = {"character": "ada", "target": "xb"}
    d.refuse("ann", "cape_business", journalist_rep=[ours], rule="WD-FOLLOW-003", **trade)
    d.refuse(
        "ann",
        "cape_business",
        character="ada",
        journalist_rep=[mine],
        target="xb",
        group="gang",
        rule="WD-FOLLOW-008",
    )
    d.do("ann", "cape_business", character="ada", journalist_rep=[ours], target="xb", group="gang")
    assert camp(d).ledger("ada").intel == {"xb:1": 1}
    assert list(cards(d, "ada")) == ["saved a cat"] and cards(d, "bo") == {}
    assert camp(d).groups["gang"].active("journalist", camp(d).phase.number) == 0


# --- option 12's encounters (src 178, 398, 409, 541) ------------------------------------------------------


def lifted() -> Driver:
    """Ada (Social 2) on a mini-progression table takes option 12, secure: two encounters lifted."""
    d = table(config={"campaign": {"progression": "mini"}})
    pc(d, "ann", "ada", "Ada", social=2)
    d.do("gm", "award", character="ada", boxes=1)
    d.do("gm", "pick_mini", character="ada", option=12, secure=True)
    return d


def climb(d: Driver) -> None:
    """Two climbs pushed with Stamina, outside any fight: a reroll each spends two dots (one reroll a
    roll, WD-EFFORT-015)."""
    for task in ("climb the fence", "climb the wall"):
        d.do("gm", "call_check", character="ada", stat="athletics", tn=4, task=task)
        d.do("ann", "check", character="ada", call=max(d.state.calls), dice=[2])
        d.do("ann", "reroll", character="ada", dice=[5])


@pytest.mark.rules("WD-DN-017", "WD-EFFORT-009")
def test_r5_08_a_situation_outside_a_fight_is_one_of_option_12s_encounters() -> None:
    """src 178: option 12, 'your morale baseline rises for [Social] encounters'; src 409: 'At the end of
    any encounter or situation where effort was expended ... five minutes without immediate crisis';
    src 541 'combat or another time-intensive encounter'. Ada's lift runs two encounters: a climb pushed
    with Stamina, closed by the GM's lull, is one (1 left); a fight is the second (0 left). Before, only
    fights counted, so the lift still had 2 after the climb. A fight ended with no lull and the lull that
    follows it with nothing more spent are one encounter, not two."""
    d = lifted()
    climb(d)
    d.do("gm", "lull")
    assert camp(d).ledger("ada").morale_lift == 1
    d.do("ann", "exhaust", character="ada", pool="stamina")
    d = lifted()
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "move", character="ada", feet=30, push=True, dice=[2])
    d.do("gm", "end_combat", lull=False)
    assert camp(d).ledger("ada").morale_lift == 1
    d.do("gm", "lull")  # the fight's own quiet minutes, later
    assert camp(d).ledger("ada").morale_lift == 1


# --- the fight a lift counted with no lull, over for good (src 409, 411) --------------------------------


def fought_without_a_lull() -> Driver:
    """Ada's lifted table: a fight in which she pushes a move (one Stamina dot) ends with no lull."""
    d = lifted()
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "move", character="ada", feet=30, push=True, dice=[2])
    d.do("gm", "end_combat", lull=False)
    assert camp(d).ledger("ada").morale_lift == 1
    return d


def short_climb(d: Driver) -> None:
    """A climb pushed with one reroll outside any fight: one dot, as many as the fight took."""
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4, task="climb the fence")
    d.do("ann", "check", character="ada", call=max(d.state.calls), dice=[2])
    d.do("ann", "reroll", character="ada", dice=[5])


@pytest.mark.rules("WD-DN-017", "WD-EFFORT-009", "WD-EFFORT-011")
def test_r5_09_after_a_night_a_climb_that_costs_what_the_fight_did_is_a_new_encounter() -> None:
    """src 178: option 12's baseline 'rises for [Social] encounters'; src 409: 'At the end of any
    encounter or situation where effort was expended ... five minutes without immediate crisis'; src 411:
    exhaustion lasts 'until their next full night of sleep'. Ada (Social 2) pushes a move in a fight that
    ends with no lull: one encounter (1 left). She sleeps; next day a climb costs her one dot, the same as
    the fight, and the GM's lull closes it: the second encounter (0 left). Before, the fight's mark
    outlived the night and the climb's lull was taken for the fight's own quiet minutes (1 left)."""
    d = fought_without_a_lull()
    d.do("ann", "sleep", character="ada")
    short_climb(d)
    d.do("gm", "lull")
    assert camp(d).ledger("ada").morale_lift == 0
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-DN-017", "WD-EFFORT-009")
def test_r5_10_once_the_fights_own_lull_came_a_later_situation_of_the_same_cost_counts() -> None:
    """src 409: the fight's quiet minutes, later, close that same fight (still 1 left); Ada picks her
    exhausted dot. A climb then costs her one dot and another lull closes it: a new situation (0 left).
    Before, the fight's mark stayed after its lull and swallowed the climb's (1 left)."""
    d = fought_without_a_lull()
    d.do("gm", "lull")
    assert camp(d).ledger("ada").morale_lift == 1
    d.do("ann", "exhaust", character="ada", pool="stamina")
    short_climb(d)
    d.do("gm", "lull")
    assert camp(d).ledger("ada").morale_lift == 0
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-DN-017", "WD-EFFORT-009")
def test_r5_11_a_second_fight_that_costs_nothing_more_is_an_encounter_of_its_own() -> None:
    """src 178 with src 409: each fight is an encounter. A second fight breaks out before the first's
    quiet minutes; Ada spends nothing in it and it ends with a lull: the second encounter (0 left).
    Before, that lull was taken for the first fight's, as her spent dots had not changed (1 left)."""
    d = fought_without_a_lull()
    d.do("gm", "start_combat", dice=[6])
    d.do("gm", "end_combat")
    assert camp(d).ledger("ada").morale_lift == 0
    assert d.replayed().state == d.state
