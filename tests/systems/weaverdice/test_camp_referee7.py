"""A referee's campaign situations (pass 7), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: repairs of gear that is not there or not broken, crafted costume pieces that must reach the
costume, the Eager and Trusted Follower boxes' choice, and conditions a player declares that the table
can check."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import add, sheet, table

CRAFT = {"name": "Craft", "stats": ["dexterity"], "tree": "craft"}
KNIFE = {"name": "knife", "damage": "cut", "attack_stat": "dexterity", "keywords": ["light", "keen"]}


def ledger(d: Driver, ident: str = "ada") -> Any:
    return camp(d).ledger(ident)


def mender(**more: Any) -> Driver:
    """Ada with Craft, $1000, Dexterity 3 and Knowledge 3, in a downtime phase."""
    d = table()
    pc(d, "ann", "ada", "Ada", skills=[CRAFT], money=1000, dexterity=3, knowledge=3, **more)
    d.do("gm", "start_downtime", slots=3)
    return d


# --- repairs (src 1032, 1486) ---------------------------------------------------------------------


@pytest.mark.rules("WD-CRAFT-013", "WD-EQUIP-019")
def test_r7_01_repairing_armor_nobody_damaged_is_refused_and_costs_nothing() -> None:
    """src 1032: 'Repairing wounded armor has the same rules as repairing other broken gear, but at a set
    cost of $20 per roll'. Ada's one armor piece is whole and no hit sits in an armor slot: there is no
    broken gear, so the project is refused before a roll is bought ($20 a roll for nothing)."""
    whole = {"pieces": [{"key": "armor", "cell": [0, 1]}]}
    d = mender(costume=whole)
    d.refuse("ann", "start_craft", character="ada", project="fix", item="armor", repair=True,
             rule="WD-CRAFT-013", match="not damaged")  # fmt: skip
    assert "fix" not in camp(d).projects
    assert ledger(d).money == 1000


@pytest.mark.rules("WD-CRAFT-013", "WD-EQUIP-019")
def test_r7_02_repairing_an_item_not_held_is_refused() -> None:
    """src 1486 and 1032: a repair mends 'broken gear' of one's own. Ada holds no knife."""
    d = mender()
    d.refuse("ann", "start_craft", character="ada", project="fix", item="knife", repair=True,
             rule="WD-CRAFT-013", match="has no knife")  # fmt: skip
    assert ledger(d).money == 1000


@pytest.mark.rules("WD-CRAFT-013", "WD-EQUIP-019")
def test_r7_03_repairing_a_whole_knife_is_refused() -> None:
    """A knife with its features all there (no effect stripped one, WD-WFX-007) has nothing to mend."""
    d = table()
    add(d, "ann", {**sheet("ada", "Ada"), "skills": [CRAFT], "held": [KNIFE]}, owner="ann")
    d.do("gm", "award", character="ada", money=1000)
    d.do("gm", "start_downtime")
    d.refuse("ann", "start_craft", character="ada", project="fix", item="knife", repair=True,
             rule="WD-CRAFT-013", match="not damaged")  # fmt: skip


@pytest.mark.rules("WD-CRAFT-013", "WD-EQUIP-019")
def test_r7_04_a_repair_whose_gear_was_mended_meanwhile_takes_no_more_money() -> None:
    """Two repair projects on the one struck armor piece: the first mends it (6 + 6 = 12, DC 12); the
    second's next roll (Craft: two dice, keep one) would pay $20 for armor already whole, so it is
    refused and nothing is paid."""
    struck = {"pieces": [{"key": "armor", "cell": [0, 1], "damaged": True}]}
    d = mender(costume=struck)
    d.do("ann", "start_craft", character="ada", project="a", item="armor", repair=True)
    d.do("ann", "start_craft", character="ada", project="b", item="armor", repair=True)
    d.do("ann", "craft", character="ada", project="a", rolls=2, dice=[6, 1, 6, 1])  # made at 12 (src 580)
    assert camp(d).projects["a"].result == "repaired"
    money = ledger(d).money
    d.refuse("ann", "craft", character="ada", project="b", rolls=1, rule="WD-CRAFT-013", match="not damaged")
    assert ledger(d).money == money == 1000 - 40


# --- crafted costume pieces (src 1032-1050, 1486-1504) ------------------------------------------------


@pytest.mark.rules("WD-CRAFT-004", "WD-CRAFT-006", "WD-EQUIP-011", "WD-WOUND-002", "WD-EQUIP-005")
def test_r7_05_crafted_armor_goes_into_the_costume_as_bought_armor_does() -> None:
    """src 1032: armor 'acts as an additional wound slot'; src 1042: Armor, $330, a standard piece;
    src 1496-1498: standard tier is DC 15, materials 1/3 ($110). Three rolls of 6 (Craft: two dice, keep
    the best) make 18, +1 for Craft = 19: the armor is made, and it lands in the cell Ada named, a wound
    slot at once, as Go Shopping's armor is (test_camp_referee2 s151b)."""
    d = mender(guts=3)
    d.do("ann", "start_craft", character="ada", project="a", item="armor", cell="0,0")
    assert ledger(d).money == 1000 - 110
    d.do("ann", "craft", character="ada", project="a", rolls=3, dice=[6, 1, 6, 1, 6, 1])
    assert camp(d).projects["a"].result == "standard"
    pieces = d.state.sheets["ada"].costume.pieces
    assert [(p.key, p.cell) for p in pieces] == [("armor", (0, 0))]
    assert d.state.people["ada"].track.armor == 1
    assert "Ada's gear: the armor made goes into the costume at 0,0." in d.words()
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-CRAFT-005", "WD-EQUIP-011", "WD-EQUIP-005")
def test_r7_06_high_armor_that_defaults_down_lands_as_standard_armor() -> None:
    """src 1486: 'If a higher tier item is attempted and the result isn't sufficient, but is sufficient for
    a lower tier, then it can default down to the lower tier result.' High Tier Armor (DC 20, src 1046)
    totalling 5 + 5 + 5 + 1 = 16 meets standard's DC 15: the costume gets standard Armor (src 1042)."""
    d = mender()
    d.do("ann", "start_craft", character="ada", project="a", item="high armor", cell="1,1")
    d.do("ann", "craft", character="ada", project="a", rolls=3, dice=[5, 1, 5, 1, 5, 1])
    assert camp(d).projects["a"].result == "standard"
    assert [(p.key, p.cell) for p in d.state.sheets["ada"].costume.pieces] == [("armor", (1, 1))]


@pytest.mark.rules("WD-CRAFT-004", "WD-EQUIP-005", "WD-EQUIP-010")
def test_r7_07_the_roll_that_finishes_a_costume_piece_needs_a_free_cell_first() -> None:
    """A made piece needs a cell of the grid (src 1019, WD-EQUIP-005) as a bought one does. With no cell
    named, the roll that would finish the armor is refused before any die is rolled (so no roll can be
    taken back and rolled again); a taken cell is refused the same way; a free one is taken."""
    icon = {"pieces": [{"key": "icon", "cell": [0, 0]}]}
    d = mender(costume=icon)
    d.refuse(
        "ann", "start_craft", character="ada", project="a", item="armor", cell="0,0", rule="WD-EQUIP-010"
    )
    d.do("ann", "start_craft", character="ada", project="a", item="armor")
    d.do("ann", "craft", character="ada", project="a", rolls=2, dice=[6, 1, 6, 1])  # not the last roll
    d.refuse("ann", "craft", character="ada", project="a", rolls=1, rule="WD-EQUIP-005", match="cell")
    d.refuse("ann", "craft", character="ada", project="a", rolls=1, cell="0,0", rule="WD-EQUIP-010")
    d.do("ann", "craft", character="ada", project="a", rolls=1, cell="0,2", dice=[6, 1])
    assert [(p.key, p.cell) for p in d.state.sheets["ada"].costume.pieces] == [
        ("icon", (0, 0)),
        ("armor", (0, 2)),
    ]


# --- Eager and Trusted Follower (src 1210-1219) -----------------------------------------------------


def follower_box(d: Driver, box: str = "eager_follower", **more: Any) -> None:
    """A finished mission's boxes, and Ada's player checks an Eager or Trusted Follower box."""
    d.do("gm", "award", character="ada", mission=True)
    d.do("ann", "check_box", character="ada", box=box, **more)


def kinds_of(d: Driver) -> tuple[dict[str, int], dict[str, tuple[int, ...]]]:
    return dict(ledger(d).followers), dict(ledger(d).tapped)


@pytest.mark.rules("WD-PROG-009", "WD-FOLLOW-003")
def test_r7_08_the_gm_names_an_eager_follower_and_at_neutral_morale_only_one_who_starts_tapped() -> None:
    """src 1211: 'Gain a follower, suitable to the situation, at GM discretion.' src 1213: 'If the player
    has Good morale or better, they can pick between two followers or they can have the follower start
    right away. Will start tapped otherwise.' Ada is at Neutral morale: her player may not name the
    follower nor claim either choice; the GM is asked to name one (two are refused), and it joins
    tapped, out for this phase and the next (src 1348)."""
    d = mender()
    d.do("gm", "award", character="ada", mission=True)
    d.refuse("ann", "check_box", character="ada", box="eager_follower", kind="fan")  # not the player's word
    for choice in ("pick", "start"):
        d.refuse("ann", "check_box", character="ada", box="eager_follower", choice=choice,
                 rule="WD-PROG-009", match="Good morale")  # fmt: skip
    d.do("ann", "check_box", character="ada", box="eager_follower")
    assert d.state.sheets["ada"].follower_bonus == 1  # the cap rises with the box (src 1213)
    ask = d.prompt("gm", "offer_follower")
    assert "Ada" in ask.question
    assert all(p.kind != "offer_follower" for p in d.prompts("ann"))
    d.refuse("ann", "offer_follower", character="ada", kinds=["fan"])  # the GM's call
    d.refuse("gm", "offer_follower", character="ada", kinds=["fan", "journalist"], rule="WD-PROG-009")
    d.do("gm", "offer_follower", character="ada", kinds=["fan"])
    assert kinds_of(d) == ({"fan": 1}, {"fan": (2,)})
    assert all(p.kind != "offer_follower" for p in d.prompts("gm"))


@pytest.mark.rules("WD-PROG-009")
def test_r7_09_at_good_morale_the_player_may_pick_between_two_the_gm_offers() -> None:
    """src 1213: Good morale (+1): 'they can pick between two followers or they can have the follower
    start right away'. Ada's player takes the pick: the GM must offer two, and Ada's seat, not the GM,
    picks one; having taken the pick rather than the quick start, it starts tapped (src 1213)."""
    d = mender(morale=1)
    follower_box(d, choice="pick")
    d.refuse("gm", "offer_follower", character="ada", kinds=["fan"], rule="WD-PROG-009", match="two")
    d.do("gm", "offer_follower", character="ada", kinds=["fan", "journalist"])
    assert kinds_of(d) == ({}, {})
    pick = d.prompt("ann", "pick_follower")
    assert [o.value for o in pick.options] == ["fan", "journalist"]
    assert pick.seat == "ann"  # the player's pick (the GM may still act for a player, as everywhere)
    d.refuse("ann", "pick_follower", character="ada", kind="craftsman", rule="WD-PROG-009")
    d.answer("ann", pick.id, "journalist")
    assert kinds_of(d) == ({"journalist": 1}, {"journalist": (2,)})
    assert "A Journalist joins Ada, tapped through the next phase." in d.words()


@pytest.mark.rules("WD-PROG-009")
def test_r7_10_at_good_morale_the_player_may_have_the_one_follower_start_at_once() -> None:
    """src 1213: '... or they can have the follower start right away'. The GM names one; it is ready."""
    d = mender(morale=1)
    follower_box(d, choice="start")
    d.refuse("gm", "offer_follower", character="ada", kinds=["fan", "journalist"], rule="WD-PROG-009")
    d.do("gm", "offer_follower", character="ada", kinds=["fan"])
    assert kinds_of(d) == ({"fan": 1}, {})
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-PROG-010")
def test_r7_11_a_trusted_followers_better_start_is_the_gms_ruling_on_a_secure_civilian_life() -> None:
    """src 1217: Trusted Follower: 'As above, except the requirement is the player being on good terms
    with people in their civilian life, with secret identity secure'. The table keeps no record of
    either, so the player cannot just declare it: the GM rules it when naming the follower. Ruled so,
    Ada's follower starts at once; ruled not, her choice is void and it starts tapped."""
    d = mender()
    d.do("gm", "award", character="ada", mission=True)
    d.refuse("ann", "check_box", character="ada", box="trusted_follower", secure=True)
    d.do("ann", "check_box", character="ada", box="trusted_follower", choice="start")
    d.refuse("gm", "offer_follower", character="ada", kinds=["fan", "informant"], rule="WD-PROG-010")
    d.do("gm", "offer_follower", character="ada", kinds=["informant"], standing=True)
    assert kinds_of(d) == ({"informant": 1}, {})
    # an Eager box is Good morale's, not the GM's standing ruling
    d.do("gm", "award", character="ada", mission=True)
    d.do("ann", "check_box", character="ada", box="eager_follower")
    d.refuse("gm", "offer_follower", character="ada", kinds=["fan"], standing=True, rule="WD-PROG-009")
    d.do("gm", "offer_follower", character="ada", kinds=["fan"])


@pytest.mark.rules("WD-PROG-010")
def test_r7_12_a_trusted_pick_between_two_ruled_out_gives_one_follower_tapped() -> None:
    """src 1217 as above: Ada's player asks for the pick between two; the GM does not find her civilian
    life secure, so there is no pick: the GM names one, and it starts tapped (src 1213)."""
    d = mender()
    follower_box(d, "trusted_follower", choice="pick")
    d.refuse("gm", "offer_follower", character="ada", kinds=["fan", "informant"], rule="WD-PROG-010",
             match="civilian standing")  # fmt: skip
    d.do("gm", "offer_follower", character="ada", kinds=["informant"])
    assert kinds_of(d) == ({"informant": 1}, {"informant": (2,)})
    assert all(p.kind != "pick_follower" for p in d.prompts("ann"))


# --- Expand Power's conditions (src 1310-1313) -------------------------------------------------------

PISTOL = {
    "name": "Pistol",
    "damage": "pierce",
    "tier": 2,
    "attack_stat": "dexterity",
    "ranged": True,
    "keywords": ["gun"],
}


def milestone_due(d: Driver) -> None:
    """Four boxes on Ada's list and her goal cleared."""
    for name in ("room_to_recruit", "room_to_recruit", "learning_a_skill", "learning_a_skill"):
        d.do("gm", "award", character="ada", boxes=1)
        more = {"skill": f"Study {name}{ledger(d).box_credit}{len(d.state.sheets['ada'].skills)}"}
        learn = {**more, "stat": "knowledge"} if name == "learning_a_skill" else {}
        d.do("ann", "check_box", character="ada", box=name, **learn)
    d.do("gm", "award", character="ada", goal_cleared=True)


def gunslinger() -> Driver:
    """Ada (Ann's) with a pistol shoots the brute once (src 442: a gun fired at someone)."""
    d = table()
    add(d, "ann", {**sheet("ada", "Ada"), "held": [PISTOL]}, owner="ann")
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("ann", "attack", character="ada", target="brute", weapon="pistol", dice=[1])
    return d


@pytest.mark.rules("WD-PROG-020", "WD-REP-010")
def test_r7_13_a_cape_who_fired_a_gun_has_not_avoided_guns() -> None:
    """src 1311: Expand Power: 'If they avoided guns or other forms of shortcutting or avoiding power
    use, roll an additional time.' The table saw Ada shoot the brute with a pistol (the shot that
    earned her negative rep, src 442), so her player cannot claim the roll; src 1313: 'Use of guns may
    be permitted in the case that the guns are power-provided or part of a problem solving tool': that
    is the GM's ruling, so the GM may still grant it. A milestone starts the count afresh."""
    d = gunslinger()
    milestone_due(d)
    d.refuse("ann", "take_milestone", character="ada", option="expand_power", avoided_guns=True,
             rule="WD-PROG-020", match="gun")  # fmt: skip
    d.refuse("ann", "take_milestone", character="ada", option="expand_power", bonuses=1, rule="WD-PROG-020")
    d.do("gm", "take_milestone", character="ada", option="expand_power", avoided_guns=True, dice=[2, 5])
    assert ledger(d).perk_faces == (2, 5)
    assert ledger(d).guns_fired == 0


@pytest.mark.rules("WD-PROG-020")
def test_r7_14_a_cape_who_never_fired_a_gun_rolls_again_and_a_creative_use_counts_once() -> None:
    """src 1311: no gun fired: the extra roll; 'If they can cite a creative power use they haven't cited
    before, roll an additional time': three rolls. At the next Expand Power (after a Life Perk between,
    src 1306) the same use cited again is refused; a new one counts."""
    d = mender()
    milestone_due(d)
    d.do("ann", "take_milestone", character="ada", option="expand_power", avoided_guns=True,
         creative_use="magma bridge over the river", dice=[1, 4, 6])  # fmt: skip
    assert ledger(d).perk_faces == (1, 4, 6)
    d.answer("ann", d.prompt("ann", "keep_perk").id, "4")
    milestone_due(d)
    d.do("ann", "take_milestone", character="ada", option="life_perk", dice=[3])
    d.answer("ann", d.prompt("ann", "keep_perk").id, "3")
    milestone_due(d)
    d.refuse("ann", "take_milestone", character="ada", option="expand_power",
             creative_use="Magma bridge over the river", rule="WD-PROG-020", match="cited")  # fmt: skip
    d.do(
        "ann",
        "take_milestone",
        character="ada",
        option="expand_power",
        creative_use="glass cage",
        dice=[2, 2],
    )
    assert ledger(d).perk_faces == (2, 2)


# --- machining equipment (src 1532) -------------------------------------------------------------------


@pytest.mark.rules("WD-CRAFT-012", "WD-DT-007")
def test_r7_15_machining_adds_its_roll_only_for_a_crafter_who_bought_the_machines() -> None:
    """src 1532: 'Machining equipment costing an upfront $1000 ... could raise the cap for the number of
    tries to [Knowledge +1] when crafting armor or metal weapons'. Ada's player cannot claim machines
    Ada never bought; a Go Shopping slot buys them for $1000 (WD-DT-007 PROPOSED 'buy at list price'),
    once; then her armor allows Knowledge 3 + 1 = 4 rolls. The GM, who knows whose workshop she works
    in, may still grant the roll (test_camp_craft test_finish_early...)."""
    d = table()
    pc(d, "ann", "ada", "Ada", skills=[CRAFT], money=1500, dexterity=3, knowledge=3)
    d.do("gm", "start_downtime", slots=3)
    d.refuse("ann", "start_craft", character="ada", project="a", item="armor", machined=True,
             rule="WD-CRAFT-012", match="machining equipment")  # fmt: skip
    d.refuse("ann", "downtime_action", character="ada", action="explore", tool="machining", rule="WD-DT-007")
    d.do("ann", "downtime_action", character="ada", action="go_shopping", tool="machining")
    assert ledger(d).money == 500 and ledger(d).tools == ("machining",)
    d.refuse("ann", "downtime_action", character="ada", action="go_shopping", tool="machining",
             rule="WD-CRAFT-012", match="already")  # fmt: skip
    d.do("ann", "start_craft", character="ada", project="a", item="armor", machined=True)
    assert camp(d).projects["a"].cap == 4
    assert d.replayed().state == d.state
