"""Referee pass 21 of Weaverdice part 1 (seed /work/shared/seeds/000_6595eaca0229e06e.txt, inventory
/work/shared/rules/weaverdice.md), with two faults noticed at the last stop first: acting from the
ground provokes melee attacks as rising does (src 850), and large items on the belt (src 177, 1013).

Every situation is played through the table (:class:`~capeworks.engine.testing.Driver`) with given
dice, and read from the seats that see it.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Pool, Status
from tests.systems.weaverdice.helpers import add, sheet
from tests.systems.weaverdice.test_camp_referee12 import four
from tests.systems.weaverdice.test_referee_pass10 import CLAWS

KNIFE = {"name": "Knife", "damage": "cut", "attack_stat": "dexterity"}
GLOW = {"name": "Glow", "classifications": ["shaker"], "targeting": "self", "action": "quick"}


def _offers(d: Driver, seat: str) -> list[str]:
    return [p.id for p in d.prompts(seat) if p.kind == "opportunity"]


def _focus(d: Driver, ident: str) -> int:
    return int(d.state.people[ident].effort.available(d.state.sheet(ident), Pool.FOCUS))


def _vic_down(**more: Any) -> Driver:
    """Vic (Ann's; a Knife on his belt, the Glow and Claws powers) knocked down by the Brute (the GM's
    notable), on Vic's turn; the Thug (a generic) and Bea (Bob's) are in the fight too.
    The Brute hits (6 + 2 = 8 vs DS 4), a lesser bash: effect 3, knocked down (src 656)."""
    d = four()
    add(d, "ann", {**sheet("vic", "Vic"), "belt": [KNIFE], "powers": [GLOW, CLAWS], **more})
    add(d, "bob", sheet("bea", "Bea"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4))
    d.do("gm", "start_combat", dice=[3, 1, 6])
    assert d.state.fight is not None and d.state.fight.order.order == ("brute", "vic", "thug", "bea")
    d.do("gm", "attack", character="brute", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[3])
    d.answer("ann", "effect-vic-w1-negate", "none")
    assert [c.name for c in d.state.people["vic"].conditions] == [Status.KNOCKED_DOWN]
    d.do("gm", "end_turn", character="brute")
    return d


# -- 1. acting from the ground provokes melee attacks as rising does (src 850) --------------------------


@pytest.mark.rules("WD-STATUS-009", "WD-EQUIP-003", "WD-COMBAT-015")
def test_drawing_a_knife_on_the_ground_offers_the_brute_and_the_thug_a_strike() -> None:
    # src 850: "Rising and taking any combat action that isn't offensive or defensive against melee
    # attackers provokes melee attacks"; drawing a belt item (src 555) is neither. Vic, still down,
    # draws his Knife: the GM's two are offered the strike, worded for one acting from the ground;
    # the Brute takes it for 1 Focus (src 586): [5] + 2 = 7 vs DS 4, a hit.
    d = _vic_down()
    d.do("ann", "draw_item", character="vic", item="knife")
    assert d.words("bob")[-1] == "Vic draws the Knife from the belt (a standard action)."
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]
    assert _offers(d, "ann") == _offers(d, "bob") == []
    ask = next(p for p in d.prompts("gm") if p.id == "opportunity-brute")
    assert ask.question == (
        "Vic acts from the ground: if Brute is in melee reach, strike (an attack of opportunity, 1 Focus),"
        " or let it pass?"
    )
    focus = _focus(d, "brute")
    d.answer("gm", "opportunity-brute", "strike", dice=[5])
    assert _focus(d, "brute") == focus - 1
    assert d.words("ann")[-1] == (
        "Brute attacks Vic (lesser bash) vs defense 4: [5] +2 = 7; 7 vs 4+: success; it hits; Vic may dodge"
        " or block."
    )


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-009")
def test_a_power_that_strikes_no_one_used_on_the_ground_provokes_and_a_melee_power_does_not() -> None:
    # src 850: lighting his Glow (a self power, src 558) is no offense against the melee attackers:
    # both are offered. His Claws from the ground at the Brute (a melee attack) is offense against a
    # melee attacker: it provokes nothing new ([1] + 0 = 1 vs DS 4: a miss).
    d = _vic_down()
    d.do("ann", "use_power", character="vic", power="Glow")
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]
    d.answer("gm", "opportunity-brute", "let_pass")
    d.answer("gm", "opportunity-thug", "let_pass")
    d.do("ann", "use_power", character="vic", power="Claws", targets=["brute"], dice=[1])
    assert _offers(d, "gm") == []


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-018")
def test_a_shot_from_the_ground_offers_the_strike_to_the_foes_it_is_not_aimed_at() -> None:
    # src 850: a shot at the Thug is offense against the Thug: he is spared the offer; the Brute, whom
    # it is not aimed at, is offered the strike (the GM, who rules who is in melee reach, clears it when
    # the Thug was the melee attacker). Dexterity 3: [2] + 0 = 2 vs DS 3: a miss.
    d = _vic_down()
    d.do("ann", "attack", character="vic", target="thug", stat="dexterity", melee=False, dice=[2])
    assert _offers(d, "gm") == ["opportunity-brute"]
    d.do("gm", "let_pass", character="brute")
    assert d.words("bob")[-1] == "Brute lets the chance to strike at Vic pass."
    assert _offers(d, "gm") == []


@pytest.mark.rules("WD-STATUS-009", "WD-MOVE-001")
def test_a_crawl_on_the_ground_and_a_plain_action_each_provoke() -> None:
    # src 850: "Can't move more than 5' while knocked down": a 5 ft crawl is a move, a combat action
    # and no offense: it provokes; the GM clears the Thug's offer (out of reach). A second action, a
    # shout (a plain action), provokes again: both are offered anew.
    d = _vic_down()
    d.do("ann", "move", character="vic", feet=5)
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]
    d.do("gm", "let_pass", character="thug")
    assert _offers(d, "gm") == ["opportunity-brute"]
    d.do("ann", "act", character="vic", action="shout for help")
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]
    d.do("ann", "end_turn", character="vic")
    assert _offers(d, "gm") == []


@pytest.mark.rules("WD-STATUS-009")
def test_standing_first_then_drawing_provokes_only_the_rising() -> None:
    # src 850: once up, Vic's draw is taken standing: it provokes nothing more. The rising's offers
    # are let pass; the draw asks no one.
    d = _vic_down()
    d.do("ann", "move", character="vic", feet=0, stand=True)
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]
    assert next(p for p in d.prompts("gm") if p.id == "opportunity-thug").question.startswith(
        "Vic rises from the ground:"
    )
    d.do("gm", "let_pass", character="brute")
    d.do("gm", "let_pass", character="thug")
    d.do("ann", "draw_item", character="vic", item="knife")
    assert _offers(d, "gm") == []


# -- 2. a large item fills two belt slots (src 177, 1017) -----------------------------------------------

AXE = {"name": "Fire Axe", "damage": "cut", "size": "large"}
FLARE = {"name": "Flare", "damage": "burn"}


def _vics_turn(dexterity: int, *belt: dict[str, Any]) -> Driver:
    """Vic (Ann's, Dexterity ``dexterity``: as many belt slots) with ``belt`` in order, on his turn."""
    d = four()
    add(d, "ann", {**sheet("vic", "Vic", dexterity=dexterity), "belt": list(belt)})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    return d


@pytest.mark.rules("WD-EQUIP-003", "WD-STAT-009")
def test_a_large_axe_after_two_small_items_is_past_the_slots_and_takes_a_full_action() -> None:
    # src 177: "a fire axe that takes up two belt slots because it's large"; src 1017: slots equal
    # Dexterity (3), "any more items than that ... stop being as quick to access" (the table's full
    # action, WD-EQUIP-003 PROPOSED). Knife 1 + Flare 1 = 2 of 3; the axe's 2 do not fit in the 1 left.
    d = _vics_turn(3, KNIFE, FLARE, AXE)
    assert d.state.sheet("vic").belt[2].belt_slots == 2
    d.do("ann", "draw_item", character="vic", item="fire axe")
    for seat in ("ann", "bob", "gm"):
        assert d.words(seat)[-1] == (
            "Vic digs the Fire Axe out, past the belt's quick slots (it fills 2 belt slots, 1 of 3 was left;"
            " a full action)."
        )
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actions == 0


@pytest.mark.rules("WD-EQUIP-003", "WD-STAT-009")
def test_a_knife_behind_a_large_axe_on_a_two_slot_belt_is_dug_out() -> None:
    # src 177, 1017: Dexterity 2, the axe first fills both slots; the Knife behind it is past them
    # (0 of 2 left): a full action, not the standard one a one-slot axe would have left it
    d = _vics_turn(2, AXE, KNIFE)
    d.do("ann", "draw_item", character="vic", item="knife")
    assert d.words("ann")[-1] == (
        "Vic digs the Knife out, past the belt's quick slots (it fills 1 belt slot, 0 of 2 were left;"
        " a full action)."
    )


@pytest.mark.rules("WD-EQUIP-003")
def test_a_sheet_that_puts_a_large_axe_in_one_belt_slot_is_refused_by_name() -> None:
    # src 177: a large item takes two belt slots; Ann's sheet saying one for her Fire Axe is refused
    # with words naming the axe and the slots, and nothing joins the table
    d = four()
    bad = {**sheet("vic", "Vic"), "belt": [{**AXE, "belt_slots": 1}]}
    err = d.refuse("ann", "add_character", sheet=bad, rule="WD-EQUIP-003")
    assert err.message == "The Fire Axe is large: it fills 2 belt slots, not 1."


# -- 3. referee pass: whole rounds around a fighter on the ground (src 586, 592, 846, 850, 950) ----------

PISTOL = {"name": "Pistol", "damage": "pierce", "tier": 2, "attack_stat": "dexterity", "ranged": True}
BURST = {
    "name": "Burst",
    "classifications": ["blaster"],
    "targeting": "area",
    "area": {"shape": "burst", "size_ft": 10},
    "attack_stat": "dexterity",
    "damage": "burn",
    "tier": 1,
}


def _with(d: Driver, ident: str, *statuses: Status) -> None:
    """Set-up: ``ident`` already suffers ``statuses`` (as an earlier effect would have left them)."""
    people = dict(d.state.people)
    c = people[ident]
    people[ident] = c.model_copy(
        update={"conditions": (*c.conditions, *(condition(s, ident) for s in statuses))}
    )
    d.patch(people=people)


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-015", "WD-MOVE-003", "WD-COMBAT-032")
def test_r21_01_the_thug_strikes_free_at_vic_resting_on_the_ground_and_still_takes_his_own_turn() -> None:
    # src 559, 850: Vic's rest on the ground provokes; the Thug (generic, Brawn 4: +1) strikes free
    # (generic_free_aoo, WD-MOVE-003 PROPOSED): [5] + 1 = 6 vs DS 4 hits; Vic takes it (a second lesser
    # bash, effect [1]: it fades at the next rest). The strike was out of turn: on his own turn the
    # Thug still has both actions. Bob (Bea's seat) reads the strike as Ann does.
    d = _vic_down()
    d.do("ann", "rest", character="vic", dice=[1])
    d.answer("gm", "opportunity-thug", "strike", dice=[5])
    said = "Thug attacks Vic (lesser bash) vs defense 4: [5] +1 = 6; 6 vs 4+: success; it hits; Vic may"
    assert d.words("bob")[-1] == d.words("ann")[-1] == said + " dodge or block."
    d.answer("ann", "react-vic", "take", dice=[1])
    d.answer("ann", "effect-vic-w2-negate", "none")
    assert _offers(d, "gm") == ["opportunity-brute"]
    d.do("ann", "end_turn", character="vic")
    assert _offers(d, "gm") == []
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "thug" and d.state.fight.turn.actions == 2


@pytest.mark.rules("WD-STATUS-009", "WD-STATUS-008")
def test_r21_02_blinded_and_down_vic_swings_at_the_brute_at_minus_1_and_provokes_nothing() -> None:
    # src 846: Blinded, -1 to hit those that can be seen; src 850: a swing at a melee attacker from the
    # ground is offense against him: no offer. [4] + 0 - 1 = 3 vs DS 4: a miss.
    d = _vic_down()
    _with(d, "vic", Status.BLINDED)
    d.do("ann", "attack", character="vic", target="brute", dice=[4])
    assert (
        d.words("gm")[-1]
        == "Vic attacks Brute (lesser bash) vs defense 4: [4] -1 = 3; 3 vs 4+: failure; it misses."
    )
    assert _offers(d, "gm") == []


@pytest.mark.rules("WD-STATUS-009", "WD-STATUS-008", "WD-COMBAT-015")
def test_r21_03_a_blinded_brute_takes_his_offer_at_minus_1() -> None:
    # src 846 with src 586/850: the Brute, blinded, strikes at Vic drawing on the ground: [4] + 2 - 1 = 5
    # vs DS 4, a hit; his Focus pays for it
    d = _vic_down()
    _with(d, "brute", Status.BLINDED)
    d.do("ann", "draw_item", character="vic", item="knife")
    focus = _focus(d, "brute")
    d.answer("gm", "opportunity-brute", "strike", dice=[4])
    # the words net the modifiers: Brawn 5's +2 and Blinded's -1 read "+1"
    assert d.words("ann")[-1] == (
        "Brute attacks Vic (lesser bash) vs defense 4: [4] +1 = 5; 5 vs 4+: success; it hits; Vic may dodge"
        " or block."
    )
    assert _focus(d, "brute") == focus - 1


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-009", "WD-COMBAT-015")
def test_r21_04_the_brute_on_the_ground_lights_a_power_and_each_player_is_asked_at_their_own_seat() -> None:
    # src 850 the other way: the Brute (the GM's), knocked down, uses his Glow (a self power): Vic and
    # Bea are each offered the strike at their own seat; neither sees the other's; the GM sees both
    d = four()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("bea", "Bea"))
    add(d, "gm", {**sheet("brute", "Brute", "notable", brawn=5), "powers": [GLOW]})
    d.do("gm", "start_combat", dice=[6, 2, 1])  # Vic, Bea, the Brute
    _with(d, "brute", Status.KNOCKED_DOWN)
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "end_turn", character="bea")
    d.do("gm", "use_power", character="brute", power="Glow")
    assert _offers(d, "ann") == ["opportunity-vic"] and _offers(d, "bob") == ["opportunity-bea"]
    assert sorted(_offers(d, "gm")) == ["opportunity-bea", "opportunity-vic"]
    assert d.prompt("bob", "opportunity").question == (
        "Brute acts from the ground: if Bea is in melee reach, strike (an attack of opportunity, 1 Focus),"
        " or let it pass?"
    )


@pytest.mark.rules("WD-STATUS-009", "WD-NPC-003")
def test_r21_05_a_hidden_boss_drawing_on_the_ground_offers_the_strike_and_keeps_the_item_secret() -> None:
    # src 850; a hidden NPC's sheet is the GM's: the players read that the Boss draws an item, not which
    d = four()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", {**sheet("boss", "Boss", "notable"), "belt": [KNIFE]}, hidden=True)
    d.do("gm", "start_combat", dice=[6, 1])  # Vic, the Boss
    _with(d, "boss", Status.KNOCKED_DOWN)
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "draw_item", character="boss", item="knife")
    assert _offers(d, "ann") == ["opportunity-vic"]
    assert not any("Knife" in line for line in d.words("ann"))
    assert any("Knife" in line for line in d.words("gm"))


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-010")
def test_r21_06_a_full_attack_shot_twice_from_the_ground_provokes_once() -> None:
    # src 567, 850: a full attack is one action of two shots: Vic fires his Pistol twice at the Thug
    # from the ground; the Brute is offered the strike on the first shot and lets it pass; the second
    # shot of the same action asks no one again. Dexterity 3: [1] = 1 vs DS 3, a miss, twice.
    d = _vic_down(held=[PISTOL])
    d.do("ann", "attack", character="vic", target="thug", weapon="pistol", full=True, dice=[1])
    assert _offers(d, "gm") == ["opportunity-brute"]
    d.do("gm", "let_pass", character="brute")
    d.do("ann", "attack", character="vic", target="thug", weapon="pistol", dice=[1])
    assert _offers(d, "gm") == []


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-017")
def test_r21_07_a_burst_from_the_ground_at_the_thug_offers_the_brute_it_does_not_reach() -> None:
    # src 850: the Burst (an area power) caught the Thug: offense against him, he is spared; the Brute,
    # outside it, is offered the strike. Dexterity 3: [2] = 2 vs DS 3, a miss.
    d = _vic_down(powers=[GLOW, CLAWS, BURST])
    d.do("ann", "use_power", character="vic", power="Burst", targets=["thug"], dice=[2])
    assert _offers(d, "gm") == ["opportunity-brute"]


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-021", "WD-STATUS-010")
def test_r21_08_vic_blocks_the_brutes_strike_from_the_ground_and_delays_his_next_turn() -> None:
    # src 592: Block: Brawn [6] + 0 = 6 vs the Brute's [4] + 2 = 6: equal holds, the hit is superficial
    # and a melee attacker moves down one spot in the order; src 854: the Brute's next turn comes after
    # the next enemy who would act (Vic): round 2 goes Vic, Brute, Thug, Bea. The Block itself is
    # defense against a melee attacker: no new offer (src 850).
    d = _vic_down()
    d.do("ann", "draw_item", character="vic", item="knife")
    d.answer("gm", "opportunity-brute", "strike", dice=[4])
    d.answer("ann", "react-vic", "block", dice=[6])
    assert len(d.state.people["vic"].track.wounds) == 1  # the knock-down's wound only: superficial
    assert _offers(d, "gm") == ["opportunity-thug"]
    d.do("gm", "let_pass", character="thug")
    for actor, seat in (("vic", "ann"), ("thug", "gm"), ("bea", "bob")):
        d.do(seat, "end_turn", character=actor)
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "vic"
    d.do("ann", "end_turn", character="vic")
    assert d.state.fight.turn.actor == "brute"


def _vic_down_and_held() -> Driver:
    """:func:`_vic_down`, then the Thug grabs the fallen Vic: Brawn 4 (+1), [3] + 1 = 4 vs DS 4, a hit;
    Vic takes it and is held (src 930). Bea passes; round 2 opens on the Brute, who passes."""
    d = _vic_down()
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "grab", character="thug", target="vic", dice=[3])
    d.answer("ann", "react-vic", "take")
    assert set(d.state.grapples) == {"thug>vic"}
    d.do("gm", "end_turn", character="thug")
    d.do("bob", "end_turn", character="bea")
    d.do("gm", "end_turn", character="brute")
    return d


@pytest.mark.rules("WD-STATUS-009", "WD-GRAPPLE-006", "WD-COMBAT-015")
def test_r21_09_vic_held_and_down_draws_and_the_brutes_strike_finds_no_defense_score() -> None:
    # src 850: Vic, held by the Thug and on the ground, draws his Knife: it provokes the Brute and the
    # Thug who holds him; src 932: "Holding someone means they lose DS" (WD-GRAPPLE-006 PROPOSED: DS 0):
    # the Brute's strike, [1] + 2 = 3 vs 0, hits. (Standing while held is refused by the table, "held
    # fast": left alone, see the report.)
    d = _vic_down_and_held()
    d.do("ann", "draw_item", character="vic", item="knife")
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]
    d.answer("gm", "opportunity-brute", "strike", dice=[1])
    assert d.words("bob")[-1] == (
        "Brute attacks Vic (lesser bash) vs defense 0: [1] +2 = 3; 3 vs 0+: success; it hits; Vic may dodge"
        " or block."
    )


@pytest.mark.rules("WD-STATUS-009", "WD-STATUS-008", "WD-GRAPPLE-006", "WD-GRAPPLE-009")
def test_r21_10_blinded_held_and_down_vic_punches_his_holder_and_the_hold_breaks() -> None:
    # src 846/850/932/950 together: Vic, blinded, knocked down and held, punches the Thug who holds him:
    # offense against a melee attacker (no offer); the holder has no DS (src 932), so [1] + 0 - 1 = 0
    # vs 0 hits; "Grapples can be broken apart by one person wounding another" (src 950)
    d = _vic_down_and_held()
    _with(d, "vic", Status.BLINDED)
    d.do("ann", "attack", character="vic", target="thug", dice=[1, 1])
    assert d.words("gm")[-4].startswith(
        "Vic attacks Thug (lesser bash) vs defense 0: [1] -1 = 0; 0 vs 0+: success"
    )
    assert _offers(d, "gm") == []
    assert d.state.grapples == {}


@pytest.mark.rules("WD-STATUS-001", "WD-EFFORT-003", "WD-COMBAT-009")
def test_r21_11_bleeding_bea_pays_stamina_for_her_power_and_bleeds_a_lesser_wound() -> None:
    # src 814: Bleeding: "Suffer a lesser wound when expending effort"; Bea's Surge costs a Stamina dot
    # (src 1283-style effort cost): she pays it and takes a lesser wound, read alike at every seat
    surge = {
        "name": "Surge",
        "classifications": ["brute"],
        "targeting": "self",
        "cost": [{"pool": "stamina", "dots": 1}],
    }
    d = four()
    add(d, "bob", {**sheet("bea", "Bea"), "powers": [surge]})
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    _with(d, "bea", Status.BLEEDING)
    stamina = int(d.state.people["bea"].effort.available(d.state.sheet("bea"), Pool.STAMINA))
    d.do("bob", "use_power", character="bea", power="Surge")
    assert int(d.state.people["bea"].effort.available(d.state.sheet("bea"), Pool.STAMINA)) == stamina - 1
    assert len(d.state.people["bea"].track.wounds) == 1
    for seat in ("ann", "bob", "gm"):
        assert d.words(seat)[-3:] == [
            "Bea takes a standard action: power: Surge.",
            "Bea spends 1 Stamina (power: Surge); the bleeding worsens.",
            "Bea takes a lesser wound from bleeding.",
        ]


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-015", "WD-WOUND-004")
def test_r21_12_vic_knocked_out_by_the_brutes_strike_and_the_thugs_offer_is_withdrawn() -> None:
    # src 794: Vic (Guts 2: two wound slots) on the ground with one lesser wound draws his Knife: the
    # Brute strikes ([5] + 2 = 7 vs 4, a hit); the second lesser wound fills the track: the Guts check
    # to stay up, [1] - 1 = 0 vs 3+, fails with a lesser among the slots: he passes out; every seat
    # reads it. The unconscious do nothing (src 563): nothing is left to strike at, so the table
    # withdraws the Thug's offer (the lead's ruling; this pinned the offer standing for the GM to
    # clear before; test_withdrawn_offers reads the words).
    d = _vic_down(stats={"guts": 2})
    d.do("ann", "draw_item", character="vic", item="knife")
    d.answer("gm", "opportunity-brute", "strike", dice=[5])
    d.answer("ann", "react-vic", "take", dice=[1, 1])
    for seat in ("ann", "bob", "gm"):
        assert "Vic rolls Guts to stay up: [1] -1 = 0; 0 vs 3+: failure; Vic is unconscious." in d.words(seat)
    assert d.state.people["vic"].track.standing.value == "unconscious"
    # effect [1]: knocked back 5 ft (src 656); out cold, Vic is not asked to spend Recovery (src 563)
    assert _offers(d, "gm") == []


@pytest.mark.rules("WD-STATUS-009", "WD-STATUS-016")
def test_r21_13_disarmed_and_down_vic_reaches_for_his_knife_and_provokes() -> None:
    # src 768 (moderate shock 3-4: disarmed and knocked down) with src 850: picking the dropped Knife up
    # from the ground is no offense against the melee attackers: both are offered; the Knife is in hand
    d = _vic_down(dropped=[KNIFE])
    _with(d, "vic", Status.DISARMED)
    d.do("ann", "pick_up", character="vic", item="knife")
    assert [h.name for h in d.state.sheet("vic").held] == ["Knife"]
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-013", "WD-COMBAT-014")
def test_r21_14_a_lengthy_task_on_the_ground_provokes_and_the_strike_that_lands_halts_it() -> None:
    # src 578-580 with src 850: the GM calls a lengthy Knowledge check to 12 (jam the door's lock);
    # Vic, on the ground, rolls it ([4] + 0 = 4 of 12, both actions): it provokes. The Brute strikes,
    # [5] + 2 = 7 vs 4, a hit; Vic takes it (effect [1]) and rolls Knowledge to stay on task, [2] vs
    # 4+: fails; the task halts.
    d = _vic_down()
    d.do("gm", "call_check", character="vic", stat="knowledge", dc=12, task="jam the lock")
    d.answer("ann", "call-1", "roll", dice=[4])
    assert d.state.lengthy["call:1"].total == 4
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]
    d.answer("gm", "opportunity-brute", "strike", dice=[5])
    d.answer("ann", "react-vic", "take", dice=[1, 2])
    assert d.state.lengthy["call:1"].halted == ("vic",)


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-015")
def test_r21_15_a_brute_on_the_ground_too_is_still_offered_and_his_strike_provokes_nothing() -> None:
    # src 850: both down; Vic draws his Knife: the Brute, knocked down himself, may still strike (a
    # swing at a melee attacker is offense, which the ground does not forbid): [6] + 2 = 8 vs 4 hits,
    # and his strike, out of turn and offensive, asks no one anything more
    d = _vic_down()
    _with(d, "brute", Status.KNOCKED_DOWN)
    d.do("ann", "draw_item", character="vic", item="knife")
    assert _offers(d, "gm") == ["opportunity-brute", "opportunity-thug"]
    d.answer("gm", "opportunity-brute", "strike", dice=[6])
    assert _offers(d, "ann") == _offers(d, "bob") == []
    d.answer("ann", "react-vic", "take", dice=[1])
    d.answer("ann", "effect-vic-w2-negate", "none")
    assert _offers(d, "gm") == ["opportunity-thug"]
