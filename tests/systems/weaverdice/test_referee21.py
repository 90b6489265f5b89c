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
