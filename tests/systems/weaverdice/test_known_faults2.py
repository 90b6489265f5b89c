"""Known Weaverdice faults earlier referees noticed and left (stop 37's notes, "Noticed and left"),
each written from the seed (``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") and
played through the table with given dice. Each test failed on the table before its fix.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp
from tests.systems.weaverdice.helpers import add, sheet, table

_PISTOL = {
    "name": "Pistol",
    "damage": "pierce",
    "tier": 2,
    "attack_stat": "dexterity",
    "ranged": True,
    "keywords": ["gun"],
}
_KNIFE = {"name": "Knife", "damage": "cut", "tier": 1, "attack_stat": "dexterity"}


def _vic_and_brute(vic: dict[str, Any] | None = None) -> Driver:
    """Vic (Ann's) against the brute (notable, Brawn 5); Vic acts first (12 against 7)."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[6, 1])
    assert d.state.fight.turn.actor == "vic"
    return d


def _negative(d: Driver, ident: str) -> int:
    return len([c for c in camp(d).ledger(ident).rep if c.negative])


# -- 9. a full attack whose second swing is the gun (WD-REP-010) -----------------------------------


@pytest.mark.rules("WD-REP-010", "WD-COMBAT-010")
def test_a_full_attack_whose_second_swing_fires_the_gun_earns_the_gun_rep() -> None:
    # src 442: negative rep "every time the cape uses a gun to shoot at someone" (PROPOSED: per attack
    # action that fires a gun at a person); src 529: a full attack is "Attack x2", one action. Vic slashes
    # with the knife, then fires the pistol as the second swing: the action fired a gun, one card. A
    # full attack of two pistol shots is still one card.
    d = _vic_and_brute({**sheet("vic", "Vic"), "held": [_KNIFE, _PISTOL]})
    d.do("ann", "attack", character="vic", target="brute", weapon="knife", full=True, dice=[1])
    assert _negative(d, "vic") == 0
    d.do("ann", "attack", character="vic", target="brute", weapon="pistol", dice=[1])
    assert _negative(d, "vic") == 1
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="brute")
    d.do("ann", "attack", character="vic", target="brute", weapon="pistol", full=True, dice=[1])
    d.do("ann", "attack", character="vic", target="brute", weapon="pistol", dice=[1])
    assert _negative(d, "vic") == 2
    assert d.replayed().state == d.state
