"""Referee pass 9 over Weaverdice part 1: a stuck object's wound, initiative ties, the end of an
encounter's exhaustion, each situation written from the seed (``/work/shared/seeds/000_*.txt``,
cited "src N") before reading the table's code, then played through the table with given dice.

Where the seed is silent the expected outcome is the inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Status, WoundTier
from tests.systems.weaverdice.helpers import add, sheet, table

_SEATS = {"vic": "ann", "doc": "bob", "thug": "gm", "brute": "gm"}
_KNIFE = {"name": "Knife", "damage": "pierce", "attack_stat": "dexterity"}


def _pass_to(d: Driver, ident: str) -> None:
    """End turns until ``ident``'s comes."""
    while d.state.fight.turn.actor != ident:
        actor = d.state.fight.turn.actor
        d.do(_SEATS[actor], "end_turn", character=actor)


def _knife_in_vic() -> Driver:
    """The thug sticks his knife in Vic (Guts 4): 6 + 1 hits, Lesser Pierce 5 "Inflicts stuck" (src 666)."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5, athletics=3, guts=4))
    add(d, "bob", sheet("doc", "Doc", dexterity=5))
    thug = sheet("thug", "Thug", "generic", brawn=4, dexterity=4, athletics=1)
    add(d, "gm", {**thug, "held": [_KNIFE]})
    d.do("gm", "start_combat", dice=[6, 1])
    _pass_to(d, "thug")
    d.do("gm", "attack", character="thug", target="vic", weapon="knife", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])
    d.answer("ann", "effect-vic-w1-negate", "none")
    assert Status.STUCK in [c.name for c in d.state.people["vic"].conditions]
    return d


def _tiers(d: Driver, ident: str) -> list[WoundTier]:
    return [w.tier for w in d.state.people[ident].track.wounds]


# -- a wound with an object stuck in it (src 858-860) -----------------------------------------------


@pytest.mark.rules("WD-STATUS-011", "WD-REST-001")
def test_a_wound_with_the_knife_still_in_it_does_not_mend_in_a_rest() -> None:
    # src 860: "Wounds with objects stuck in them cannot fully heal." The fight ends with the knife
    # still in Vic's lesser wound; Vic takes a Rest & Recuperate slot at neutral morale (no end-of-day
    # die): every other wound would mend, the one the knife is in stays on the track.
    d = _knife_in_vic()
    d.do("gm", "end_combat")
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="vic", uses=[], dice=[])
    assert _tiers(d, "vic") == [WoundTier.LESSER]
    assert Status.STUCK in [c.name for c in d.state.people["vic"].conditions]
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-STATUS-011", "WD-REST-001")
def test_once_the_knife_is_out_the_wound_mends_in_a_rest() -> None:
    # src 858-860: pulled out with care (Doc, Dexterity 5: 4 + 2 = 6, 5 + 2 = 7, 13 of 12) the stuck
    # lesser wound is joined by a lesser one (not a moderate); nothing is stuck, so the rest mends both.
    d = _knife_in_vic()
    d.do("gm", "end_combat")
    d.do("bob", "extract", character="doc", target="vic", careful=True, dice=[4])
    d.do("bob", "extract", character="doc", target="vic", careful=True, dice=[5])
    assert _tiers(d, "vic") == [WoundTier.LESSER, WoundTier.LESSER]
    d.do("gm", "start_downtime")
    d.do("ann", "rest_recuperate", character="vic", uses=[], dice=[])
    assert _tiers(d, "vic") == []


# -- initiative ties (src 545) ----------------------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-004", "WD-COMBAT-005")
def test_a_player_tied_with_a_generic_goes_first() -> None:
    # src 545: speed is Athletics + Dexterity; a player adds 1d6, a non-notable adds 3; "Break ties by
    # comparing notability (notable foes > players > non-notable > bystanders)". Vic 3 + 3 + 3 = 9;
    # the thug 3 + 3 + 3 = 9: Vic first, though the thug was added first.
    d = table()
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "ann", sheet("vic", "Vic"))
    d.do("gm", "start_combat", dice=[3])
    assert d.state.fight.order.order == ("vic", "thug")


@pytest.mark.rules("WD-COMBAT-004", "WD-COMBAT-005")
def test_a_notable_foe_tied_with_a_player_goes_first() -> None:
    # src 545: "notable foes > players": Vic 6 + 4 = 10, the brute 6 + 4 = 10: the brute first.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("brute", "Brute", "notable"))
    d.do("gm", "start_combat", dice=[4, 4])
    assert d.state.fight.order.order == ("brute", "vic")


@pytest.mark.rules("WD-COMBAT-004")
def test_a_generic_adds_3_to_speed_and_rolls_nothing() -> None:
    # src 545: "non-notable individuals and bystanders simply add 3 to their speed". A quick thug
    # (Athletics 5, Dexterity 4: 9 + 3 = 12) beats Vic's 6 + 5 = 11; one die is rolled, Vic's.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic", athletics=5, dexterity=4))
    d.do("gm", "start_combat", dice=[5])
    assert d.state.fight.order.order == ("thug", "vic")


@pytest.mark.rules("WD-COMBAT-004", "WD-COMBAT-005")
def test_two_players_tied_break_on_morale() -> None:
    # src 545: ties break by notability, "morale, and reputation in that order": Vic and Max both
    # 6 + 3 = 9, both players; Max's morale is +1, Vic's neutral: Max first.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"), morale=1)
    d.do("gm", "start_combat", dice=[3, 3])
    assert d.state.fight.order.order == ("max", "vic")
