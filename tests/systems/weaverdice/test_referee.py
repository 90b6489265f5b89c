"""Referee tests for issue 18: each situation played through the table with given dice, against the
seed (``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited as "src N")."""

from __future__ import annotations

import pytest

from capeworks.systems.weaverdice.combat import waited
from capeworks.systems.weaverdice.vocab import Pool, WoundTier
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


def _duel(**vic: int):  # type: ignore[no-untyped-def]
    """Vic (Ann's) against the GM's brute (notable, Brawn 5) and a thug; order Vic, thug, brute."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", **vic))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5, athletics=1, dexterity=1))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=2))
    d.do("gm", "start_combat", dice=[6, 1])  # Vic 12, thug 9, brute 3
    return d


@pytest.mark.rules("WD-COMBAT-010")
def test_full_attack_is_attack_x2__two_rolls_for_the_turn() -> None:
    # src 527-529: the reference round's "Full Attack (Attack x2)"; src 567: a full attack may be more
    # than two swings, depending on the weapon. Two attack rolls, then nothing else this turn.
    d = _duel()
    d.do("ann", "attack", character="vic", target="thug", full=True, dice=[1])  # 1: a miss
    d.do("ann", "attack", character="vic", target="thug", dice=[6, 1])  # the second swing hits; effect 1
    assert [w.tier for w in d.state.people["thug"].track.wounds] == [WoundTier.LESSER]
    assert "(the second swing)" in " ".join(d.words())
    d.refuse("ann", "attack", character="vic", target="thug", dice=[6], rule="WD-COMBAT-008")
    d.refuse("ann", "act", character="vic", action="shout", rule="WD-COMBAT-008")


@pytest.mark.rules("WD-COMBAT-021")
def test_block_drops_the_attacker_for_its_next_turn_only() -> None:
    # src 592: a Block that holds makes melee attackers "move down one spot in the turn order
    # (delaying their next turn)". The brute, after the thug, still acts this round.
    d = _duel(brawn=5)
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "attack", character="thug", target="vic", dice=[4])  # 4 + 1 = 5: hit
    d.answer("ann", "react-vic", "block", dice=[3])  # Brawn 3 + 2 = 5 >= 5: blocked
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.turn.actor == "brute" and d.state.fight.order.round == 1
    d.do("gm", "end_turn", character="brute")
    assert d.state.fight.order.order == ("vic", "brute", "thug")
    assert d.state.fight.turn.actor == "vic" and d.state.fight.order.round == 2


def _squad():  # type: ignore[no-untyped-def]
    """Vic (Brawn 5), a thug, a SWAT group of three acting in one slot, and a bystander."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", sheet("thug", "Thug", "generic", athletics=4))
    for n in ("1", "2", "3"):
        add(d, "gm", sheet(f"swat{n}", f"SWAT {n}", "generic"))
    add(d, "gm", sheet("mom", "Mom", "bystander"))
    d.do("gm", "start_combat", groups="swat1+swat2+swat3", dice=[6])
    assert d.state.fight.order.order == ("vic", "thug", "swat1", "swat2", "swat3", "mom")
    return d


@pytest.mark.rules("WD-COMBAT-021", "WD-NPC-005")
def test_a_block_drops_a_groups_whole_slot() -> None:
    # src 592 (Block: the attacker moves down one spot) with a group acting in one slot: the slot moves
    d = _squad()
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "attack", character="swat1", target="vic", dice=[6])  # 6: hit
    d.answer("ann", "react-vic", "block", dice=[6])  # 6 + 2 = 8 >= 6: blocked
    for ident in ("swat1", "swat2", "swat3", "mom"):
        d.do("gm", "end_turn", character=ident)
    assert d.state.fight.order.order == ("vic", "thug", "mom", "swat1", "swat2", "swat3")


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-015", "WD-NPC-005")
def test_a_wait_moves_the_waiters_group_slot() -> None:
    # src 586: opportunity actions (Wait) need Focus, which generics lack: at the table a group member
    # cannot Wait; the slot rule (the waiter's slot moves whole, with the members still to act) is
    # the order's, checked here on the order itself.
    d = _squad()
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.refuse("gm", "wait", character="swat1", trigger="swat2", rule="WD-COMBAT-027")
    d.refuse("gm", "wait", character="swat1", trigger="thug", rule="WD-EFFORT-001")
    fight = d.state.fight
    moved = waited(fight.order, "swat1", trigger="thug", groups=fight.groups)
    assert moved.order == ("vic", "swat1", "swat2", "swat3", "thug", "mom")
    assert moved.current == "swat1"
