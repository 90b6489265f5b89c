"""Referee tests for issue 18: each situation played through the table with given dice, against the
seed (``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited as "src N")."""

from __future__ import annotations

import pytest

from capeworks.systems.weaverdice.vocab import Pool
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.helpers import add, sheet, table


def _one_fighter(**stats: int):  # type: ignore[no-untyped-def]
    d = table()
    add(d, "ann", sheet("vic", "Vic", **stats))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])  # Vic 6 + 6, the thug 6 + 1... Vic first
    return d


@pytest.mark.rules("WD-MOVE-005", "WD-MOVE-006", "WD-MOVE-007", "WD-EFFORT-003")
def test_sprint_with_a_stamina_push_is_capped_at_two_and_a_half_moves__wx26() -> None:
    # src 890: sprint rolls Athletics, +5 ft on 4+, +10 ft on 6+; src 378: a push adds 1d3 x 5 ft,
    # doubled when double-moving; src 890: never more than 2.5x baseline (30 ft -> 75 ft).
    d = _one_fighter()
    # Athletics roll 6 (+10): 60 + 10 = 70; push d3 = 3 doubled: +30 -> 100, capped at 75
    d.refuse("ann", "move", character="vic", feet=80, sprint=True, push=True, dice=[6, 3], rule="WD-MOVE-001")
    d.do("ann", "move", character="vic", feet=75, sprint=True, push=True, dice=[6, 3])
    vic = d.state.people["vic"]
    assert d.state.fight.turn.moved == 75
    assert vic.effort.available(d.state.sheet("vic"), Pool.STAMINA) == 2
    assert "sprints 75 ft" in " ".join(d.words())


@pytest.mark.rules("WD-MORALE-002", "WD-WFX-022", "WD-CORE-005")
@pytest.mark.parametrize(("morale", "standing"), [(0, Standing.UP), (-3, Standing.DEAD)])
def test_low_morale_caps_the_critical_cut_bisection_save(morale: int, standing: Standing) -> None:
    # src 712: Critical Cut 5-6, "Make a Guts roll, DC 7+, or die, bisected"; src 453/455-475: at a
    # negative step every roll's result is capped (-3 -> 4). Guts 5: a 6 + 2 = 8 survives, capped to 4 dies.
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=5), morale=morale)
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])  # the brute first
    d.do("gm", "attack", character="brute", target="vic", tier="critical", damage="cut", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])  # effect d6 = 5: the bisection save
    d.do("ann", "effect_choice", character="vic", key="save_effort", picks=[], dice=[6])
    assert d.state.people["vic"].track.standing is standing


@pytest.mark.rules("WD-MORALE-002", "WD-WFX-021")
def test_low_morale_caps_the_moderate_shock_drain_roll() -> None:
    # src 768-770: Moderate Shock 5-6, roll Guts and lose 10 - result points; at -3 the result caps at 4
    d = table()
    add(d, "ann", sheet("vic", "Vic", guts=5, brawn=5, athletics=5, dexterity=5), morale=-3)
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "start_combat", dice=[1, 6])
    d.do("gm", "attack", character="brute", target="vic", tier="moderate", damage="shock", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])  # effect d6 = 5
    # Recovery may negate it: decline, then the Guts roll 6 + 2 = 8 is capped to 4: lose 6 points
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[], dice=[6])
    assert d.prompt("ann", "effect").context["counts"] == [6]
