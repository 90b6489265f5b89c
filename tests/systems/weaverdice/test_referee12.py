"""Referee pass 12 over Weaverdice part 1: what a player may declare on an attack (its damage, tier,
conventional flag and the target's cover), and an effect die rolled for nothing. Each situation is
written from the seed (``/work/shared/seeds/000_*.txt``, cited "src N") and played through the table
with given dice.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import DiceValueError, RuleViolation
from capeworks.systems.weaverdice.vocab import DamageType, WoundTier
from tests.systems.weaverdice.helpers import add, sheet, table

#: a knife: Cut, lesser, swung with Dexterity (the weapons table's kind)
_KNIFE = {"name": "knife", "damage": "cut", "attack_stat": "dexterity", "keywords": ["light", "keen"]}
_BOLT = {
    "name": "Bolt",
    "classifications": ["blaster"],
    "targeting": "ranged",
    "range_ft": 60,
    "attack_stat": "dexterity",
    "damage": "burn",
    "tier": "lesser",
}


def _vic_first(vic: dict[str, Any] | None = None, thug: dict[str, Any] | None = None) -> Driver:
    """Vic (Ann's PC) against a generic thug (DS 3); Vic acts first (Vic 6 + 6 = 12, the thug 9)."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic"))
    add(d, "gm", thug or sheet("thug", "Thug", "generic", guts=3))
    d.do("gm", "start_combat", dice=[6])
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


# -- an attack deals what its weapon, power or bare hands deal (src 588, 602, 614, 623) ---------------


@pytest.mark.rules("WD-COMBAT-024", "WD-CORE-003")
@pytest.mark.parametrize(
    ("damage", "tier"), [("rend", "critical"), ("cut", "lesser"), ("bash", "moderate"), (None, "critical")]
)
def test_a_players_bare_hands_are_not_a_critical_rend(damage: str | None, tier: str) -> None:
    # src 623: "Bash wounds come from blunt objects, including fists ... (lesser)"; src 614: the
    # wound is the weapon's. Vic has nothing in hand: her punch is a lesser Bash, whatever Ann types.
    d = _vic_first()
    fields = {"tier": tier, **({"damage": damage} if damage else {})}
    err = _refused(d, "ann", "attack", character="vic", target="thug", **fields)
    assert "bare hands" in err.message and "lesser bash" in err.message


@pytest.mark.rules("WD-COMBAT-024")
def test_a_players_punch_as_the_form_sends_it_lands_a_lesser_bash() -> None:
    # the form may send the drawn values (bash, lesser): they are what fists deal, so they stand.
    # Vic 5 >= DS 3 hits; the effect die 2 (Lesser Bash 1-2: off balance).
    d = _vic_first()
    d.do("ann", "attack", character="vic", target="thug", damage="bash", tier="lesser", dice=[5, 2])
    assert _hits(d, "thug") == [(WoundTier.LESSER, DamageType.BASH)]


@pytest.mark.rules("WD-COMBAT-024", "WD-EQUIP-002")
def test_a_players_knife_cuts_as_the_knife_does_and_no_deeper() -> None:
    # src 1013: held items "come with their own sub-ruleset, including a damage type". Vic's knife is
    # a lesser Cut: a moderate one, or a Rend, is refused; the knife named alone cuts (6 >= 3; effect 1).
    d = _vic_first({**sheet("vic", "Vic"), "held": [_KNIFE]})
    err = _refused(d, "ann", "attack", character="vic", target="thug", weapon="knife", tier="moderate")
    assert "the knife" in err.message and "lesser cut" in err.message
    _refused(d, "ann", "attack", character="vic", target="thug", weapon="knife", damage="rend")
    d.do("ann", "attack", character="vic", target="thug", weapon="knife", damage="cut", dice=[6, 1])
    assert _hits(d, "thug") == [(WoundTier.LESSER, DamageType.CUT)]


@pytest.mark.rules("WD-WOUND-002", "WD-COMBAT-024")
def test_a_player_cannot_call_a_punch_unconventional_to_get_past_armor() -> None:
    # src 1032: "conventional damage done to armor doesn't have any consequence. (Less conventional
    # damage like powers may)": a fist or a knife is conventional; only a power may be less so.
    d = _vic_first({**sheet("vic", "Vic"), "held": [_KNIFE]})
    _refused(d, "ann", "attack", character="vic", target="thug", conventional=False)
    _refused(d, "ann", "attack", character="vic", target="thug", weapon="knife", conventional=False)


@pytest.mark.rules("WD-WFX-015", "WD-COMBAT-024")
def test_a_players_knife_is_not_a_psychic_blast() -> None:
    # src 744: Lesser Shock 3-4, "physical or mental pain, depending on source": a mental source is a
    # power's (its sheet says so), not a knife's or a fist's, so a player cannot call a blow mental.
    d = _vic_first({**sheet("vic", "Vic"), "held": [_KNIFE]})
    err = _refused(d, "ann", "attack", character="vic", target="thug", mental=True)
    assert err.field == "mental"
    _refused(d, "ann", "attack", character="vic", target="thug", weapon="knife", mental=True)


@pytest.mark.rules("WD-COMBAT-024", "WD-CORE-003")
def test_the_gm_disposes__a_ruled_critical_rend_lands() -> None:
    # the GM may rule what any blow deals (WD-CORE-003): Vic's hands are industrial machinery today.
    # Vic 6 >= 3 hits; the effect die 1 mangles, seven d4 (all 1s).
    d = _vic_first()
    mangle = [1] * 7
    d.do("gm", "attack", character="vic", target="thug", damage="rend", tier="critical", dice=[6, 1, *mangle])
    assert _hits(d, "thug")[0] == (WoundTier.CRITICAL, DamageType.REND)


# -- cover is the GM's description of the scene (src 600), entered by whoever rolls --------------------


@pytest.mark.rules("WD-COMBAT-022", "WD-CORE-003")
def test_a_player_enters_the_cover_the_gm_described_on_her_own_attack() -> None:
    # src 600: "Cover can raise one's defense score ... at GM discretion": the GM says the thug is
    # behind a car; Ann enters it on Vic's attack (it only raises the thug's DS, so a player gains
    # nothing by it): DS 3 + 1, Vic's 3 misses. Refusing it would have her roll against no cover.
    d = _vic_first({**sheet("vic", "Vic"), "powers": [_BOLT]})
    d.do("ann", "attack", character="vic", target="thug", cover="regular", dice=[3])
    assert _hits(d, "thug") == []


# -- an effect die rolled for nothing (src 736) -------------------------------------------------------

#: a road flare swung as a brand: Burn, lesser (src 628: "first degree burns ... (lesser)")
_FLARE = {"name": "flare", "damage": "burn"}


@pytest.mark.rules("WD-WFX-014", "WD-WFX-008")
@pytest.mark.parametrize("effects_only", [False, True])
def test_a_lesser_burn_on_coverage_rolls_no_effect_die(effects_only: bool) -> None:
    # src 736: Lesser Burn, "Targets with coverage costume feature suffer no effect": no row of the
    # table can apply, so the table neither asks for nor rolls the d6. Vic's flare: 6 >= DS 3 hits, the
    # one die given; the thug takes the lesser wound (none from an improvised flare, src 618) and nothing
    # else. Before, the table wanted a second die for the effect.
    flare = {**_FLARE, "effects_only": effects_only}
    d = _vic_first(
        {**sheet("vic", "Vic"), "held": [flare]},
        {**sheet("thug", "Thug", "generic", guts=3), "costume": {"coverage": True}},
    )
    d.do("ann", "attack", character="vic", target="thug", weapon="flare", dice=[6])
    assert _hits(d, "thug") == ([] if effects_only else [(WoundTier.LESSER, DamageType.BURN)])
    assert d.state.people["thug"].conditions == ()
    assert d.state.effects == ()


@pytest.mark.rules("WD-WFX-014")
def test_a_lesser_burn_without_coverage_still_rolls_its_effect() -> None:
    # the same flare on a thug with no coverage: the effect die (2) is rolled and read: Lesser Burn
    # 1-3, "Target suffers a temporary lesser wound. If their costume is bottom-tier or 'skin', the
    # wound isn't temporary" (src 738): the costumeless thug keeps a second lesser wound.
    d = _vic_first({**sheet("vic", "Vic"), "held": [_FLARE]})
    d.do("ann", "attack", character="vic", target="thug", weapon="flare", dice=[6, 2])
    assert [(w.tier, w.temporary) for w in d.state.people["thug"].track.wounds] == [
        (WoundTier.LESSER, False),
        (WoundTier.LESSER, False),
    ]
