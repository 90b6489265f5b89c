"""Referee pass 13 over Weaverdice part 1 (the combat layer, ``/work/shared/seeds/000_*.txt`` src
200-1100, cited "src N"): first the last stop's leftovers (what a player may declare on an attack: a
pin, an effect only, a full attack's swings; a hidden NPC's effort; a refusal that counted secret gun
cards), then the sections earlier passes cited least: stats and checks (src 244-300), the actions of a
turn (src 500-600), movement and terrain, conditions and their durations. Each situation is played
through the table with given dice.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import DiceValueError, RuleViolation
from capeworks.systems.weaverdice.vocab import DamageType, WoundTier
from tests.systems.weaverdice.helpers import add, sheet, table

_BOW = {"name": "crossbow", "damage": "pierce", "attack_stat": "dexterity", "ranged": True}
#: a chair swung as a club: the effect only (src 618)
_CHAIR = {"name": "chair", "damage": "bash", "keywords": ["improvised"], "effects_only": True}
_BOLT = {
    "name": "Bolt",
    "classifications": ["blaster"],
    "targeting": "ranged",
    "range_ft": 60,
    "attack_stat": "dexterity",
    "damage": "burn",
    "tier": "lesser",
}
_PISTOL = {
    "name": "Pistol",
    "damage": "pierce",
    "tier": 2,
    "attack_stat": "dexterity",
    "ranged": True,
    "keywords": ["gun"],
}


def _vic_first(vic: dict[str, Any] | None = None, thug: dict[str, Any] | None = None) -> Driver:
    """Vic (Ann's PC) against a generic thug (DS 3); Vic acts first (Vic 6 + 6 = 12, the thug 9)."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic"))
    add(d, "gm", thug or sheet("thug", "Thug", "generic", guts=3))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "vic"
    return d


def _hits(d: Driver, ident: str) -> list[tuple[WoundTier, DamageType | None]]:
    return [(w.tier, w.damage) for w in d.state.people[ident].track.wounds]


def _refused(d: Driver, seat: str, command: str, /, **fields: Any) -> RuleViolation:
    """``d.refuse`` (nothing changes) by the rules, not by a dice mismatch."""
    err = d.refuse(seat, command, **fields)
    assert not isinstance(err, DiceValueError), err.message
    assert isinstance(err, RuleViolation), err.message
    return err


# -- leftovers: what a player may declare on an attack (src 529, 567, 618, 871) ------------------------


@pytest.mark.rules("WD-STATUS-013", "WD-CORE-003")
def test_a_players_crossbow_bolt_does_not_pin_by_her_say_so() -> None:
    # src 871: "If the line of fire and surroundings are appropriate, the target is pinned to the wall":
    # the surroundings are the scene the GM describes, so Ann's pins=true is refused, nothing changed;
    # the GM may rule it (test_table_stuck plays the GM's pin through).
    d = _vic_first({**sheet("vic", "Vic"), "held": [_BOW]})
    err = _refused(d, "ann", "attack", character="vic", target="thug", weapon="crossbow", pins=True, dice=[6])
    assert err.field == "pins" and "GM" in err.message
    d.do("gm", "attack", character="vic", target="thug", weapon="crossbow", pins=True, dice=[1])  # a miss


@pytest.mark.rules("WD-STATUS-013", "WD-CORE-003")
def test_a_players_ranged_power_does_not_pin_by_her_say_so() -> None:
    # the same for a ranged power's shot (src 871): Ann's pins=true on Vic's Bolt is refused
    d = _vic_first({**sheet("vic", "Vic"), "powers": [_BOLT]})
    err = _refused(
        d, "ann", "use_power", character="vic", power="Bolt", targets=["thug"], pins=True, dice=[6]
    )
    assert err.field == "pins"


@pytest.mark.rules("WD-COMBAT-026", "WD-COMBAT-024", "WD-CORE-003")
def test_a_players_fist_is_no_improvised_weapon__a_chair_delivers_its_effect_only() -> None:
    # src 618: "Some weapons (especially improvised ones) may deliver attack effects only; using a
    # chair as a club": bare hands are no such weapon (src 623: fists deal a lesser Bash), so Ann's
    # effect_only=true on Vic's punch is refused, and effect_only=false on the chair too. The chair
    # named alone: 6 >= DS 3 hits, effect die 1 (Lesser Bash 1-2: off balance), no wound.
    d = _vic_first({**sheet("vic", "Vic"), "held": [_CHAIR]})
    err = _refused(d, "ann", "attack", character="vic", target="thug", effect_only=True, dice=[6, 1])
    assert err.field == "effect_only" and "bare hands" in err.message
    _refused(
        d, "ann", "attack", character="vic", target="thug", weapon="chair", effect_only=False, dice=[6, 1]
    )
    d.do("ann", "attack", character="vic", target="thug", weapon="chair", dice=[6, 1])
    assert _hits(d, "thug") == []


@pytest.mark.rules("WD-COMBAT-010", "WD-CORE-003")
def test_a_players_bare_handed_full_attack_is_attack_x2() -> None:
    # src 529: "Full Attack (Attack x2)"; src 567: more "depending on the weapon": no held item records
    # more, so it is the GM's ruling. Ann's swings=4 bare-handed is refused, nothing changed; her full
    # attack as sent (two swings) plays: 1 misses, one swing left.
    d = _vic_first()
    err = _refused(d, "ann", "attack", character="vic", target="thug", full=True, swings=4, dice=[1])
    assert err.field == "swings" and "Attack x2" in err.message
    d.do("ann", "attack", character="vic", target="thug", full=True, dice=[1])
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.swings == 1


# -- leftovers: a hidden NPC's effort, a secret gun card (WD-NPC-003, WD-REP-010) -----------------------


@pytest.mark.rules("WD-NPC-003", "WD-EFFORT-004", "WD-COMBAT-020")
def test_a_hidden_npcs_focus_spend_is_the_gms_to_read() -> None:
    # src 584-590: a named target "may respond to a roll by spending focus": Hood, a hidden notable,
    # dodges Vic's 6 with a 6 (Athletics 3: +0). The players see the dodge hold, as the GM announces
    # it; how much Focus Hood has spent is the GM's secret number: Ann read "Hood spends 1 Focus".
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("hood", "Hood", "notable"), hidden=True)
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("ann", "attack", character="vic", target="hood", dice=[6])
    d.do("gm", "react", character="hood", reaction="dodge", dice=[6])
    for seat in ("ann", "bob"):
        words = d.words(seat)
        assert not any("Hood spends" in w for w in words)
        assert any("Hood dodges" in w for w in words)
    assert any("Hood spends 1 Focus" in w for w in d.words("gm"))
    assert d.replayed().state == d.state


def _milestone_due(d: Driver) -> None:
    """Four boxes on Ada's list and her goal cleared (as test_camp_referee7)."""
    for name in ("room_to_recruit", "room_to_recruit", "learning_a_skill", "learning_a_skill"):
        d.do("gm", "award", character="ada", boxes=1)
        credit = d.state.campaign.ledger("ada").box_credit
        more = {"skill": f"Study {name}{credit}{len(d.state.sheets['ada'].skills)}"}
        learn = {**more, "stat": "knowledge"} if name == "learning_a_skill" else {}
        d.do("ann", "check_box", character="ada", box=name, **learn)
    d.do("gm", "award", character="ada", goal_cleared=True)


@pytest.mark.rules("WD-PROG-020", "WD-REP-010")
def test_avoided_guns_is_not_refused_for_a_secret_cards_shot() -> None:
    # src 442: a gun shot at someone earns negative rep; the GM rolled Ada's pistol shot in secret, so
    # its card is secret (WD-REP-010) and out of the players' count of guns fired. Ann claiming the
    # Expand Power roll for avoiding guns (src 1311) was refused "Ada fired a gun at someone": a
    # refusal that told her of the secret card. As the players know it no gun was fired: the claim
    # stands (the GM, who knows, may rule over it). 1 + 1 rolls: 2 and 5.
    d = table()
    add(d, "ann", {**sheet("ada", "Ada"), "held": [_PISTOL]}, owner="ann")
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("gm", "attack", character="ada", target="brute", weapon="pistol", hidden=True, dice=[1])
    (card,) = d.state.campaign.ledger("ada").rep
    assert card.secret and card.gun
    _milestone_due(d)
    d.do("ann", "take_milestone", character="ada", option="expand_power", avoided_guns=True, dice=[2, 5])
    assert d.state.campaign.ledger("ada").perk_faces == (2, 5)
