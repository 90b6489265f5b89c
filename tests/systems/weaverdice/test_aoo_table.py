"""Attacks of opportunity played at the table (WD-MOVE-003/004, WD-COMBAT-015).

The table has no map, so whether a mover passed by or between two enemies is the GM's call when the
GM strikes with a generic; what the table enforces: a named attacker pays a Focus dot and cannot
strike without one, generics strike free only where the ``generic_free_aoo`` setting allows it, and
an attack of opportunity is one plain attack: no skills (seed src 888), no full attack.
"""

from __future__ import annotations

import pytest

from capeworks.systems.weaverdice.vocab import Pool

from .helpers import add, sheet, table


def _fight(**config: object):  # type: ignore[no-untyped-def]
    """Vic (PC) moves on his turn; the notable Brute and the generic Thug may strike at him."""
    d = table(config=dict(config))
    add(d, "ann", {**sheet("vic", "Vic"), "skills": [{"name": "Brawl", "stats": ["brawn"]}]})
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5, athletics=1, dexterity=1))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=2))
    d.do("gm", "start_combat", dice=[6, 1])  # Vic 6 + 6 = 12 first
    d.do("ann", "move", character="vic", feet=20)
    return d


@pytest.mark.rules("WD-COMBAT-015", "WD-MOVE-003")
def test_a_notable_pays_focus_for_an_attack_of_opportunity_and_a_generic_strikes_free() -> None:
    d = _fight()
    focus = d.state.people["brute"].effort.available(d.state.sheet("brute"), Pool.FOCUS)
    d.do("gm", "attack", character="brute", target="vic", opportunity=True, dice=[1])  # a miss
    assert d.state.people["brute"].effort.available(d.state.sheet("brute"), Pool.FOCUS) == focus - 1
    d.do("gm", "attack", character="thug", target="vic", opportunity=True, dice=[1])
    assert d.state.people["thug"].effort.spent == {}


@pytest.mark.rules("WD-COMBAT-015", "WD-MOVE-003")
def test_with_generic_free_aoo_off_a_generic_cannot_strike_out_of_turn() -> None:
    d = _fight(generic_free_aoo=False)
    d.refuse(
        "gm", "attack", character="thug", target="vic", opportunity=True, dice=[6],
        rule="WD-COMBAT-015", match="give generics none free",
    )  # fmt: skip
    d.do("gm", "attack", character="brute", target="vic", opportunity=True, dice=[1])  # named: Focus


@pytest.mark.rules("WD-MOVE-004")
def test_an_attack_of_opportunity_takes_no_skills_and_is_no_full_attack() -> None:
    d = _fight()
    d.do("ann", "end_turn", character="vic")
    d.refuse(
        "ann", "attack", character="vic", target="brute", opportunity=True, skills="Brawl", dice=[6],
        rule="WD-MOVE-004",
    )  # fmt: skip
    d.refuse(
        "ann", "attack", character="vic", target="brute", opportunity=True, full=True, dice=[6],
        rule="WD-MOVE-004",
    )  # fmt: skip
    focus = d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.FOCUS)
    d.do("ann", "attack", character="vic", target="brute", opportunity=True, dice=[1])
    assert d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.FOCUS) == focus - 1
