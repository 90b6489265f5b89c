"""Statuses the table enforces on the commands they touch (WD-STATUS-009/012/013, WD-WFX-021):
a weapon stuck in a grapple, a pinned target's move, standing up, half actions, a Stamina push."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.systems.weaverdice import statuses as st
from capeworks.systems.weaverdice.vocab import Status
from tests.systems.weaverdice.helpers import add, sheet, table


def _stuck_in(d: Any, ident: str, *, reach: st.Reach, source: str, pinned: bool = False) -> None:
    """Put an object stuck in ``ident`` (as a Pierce effect leaves it) onto the table."""
    person = d.state.people[ident]
    stuck = st.condition(Status.STUCK, ident, reach=reach, source=source, pinned=pinned)
    d.patch(people={**d.state.people, ident: person.model_copy(update={"conditions": (stuck,)})})


def held_vic() -> Any:
    """Thug (Brawn 4, +1) has grabbed Vic (Brawn 5, +2) on his turn in round 1."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5, athletics=1, dexterity=1))  # speed 2 + 1 = 3
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, athletics=4))  # 7 + 3 = 10
    d.do("gm", "start_combat", dice=[1])
    assert d.state.fight.order.order == ("thug", "vic")
    d.do("gm", "grab", character="thug", target="vic", dice=[3])  # 3 + 1 = 4 against DS 4
    d.answer("ann", "react-vic", "take")
    assert set(d.state.grapples) == {"thug>vic"}
    return d


@pytest.mark.rules("WD-STATUS-012", "WD-GRAPPLE-011")
def test_a_melee_weapon_stuck_in_the_held_one_gives_its_owner_1_a_round() -> None:
    d = held_vic()
    _stuck_in(d, "vic", reach=st.Reach.MELEE, source="thug")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "end_turn", character="vic")
    # thug 3 + 1 + 1 (his knife in Vic) = 5 against Vic 2 + 2 = 4: a margin of 1, held (src 862-865)
    d.do("gm", "grapple", character="thug", target="vic", dice=[3, 2])
    assert d.state.grapples["thug>vic"].banked == 1
    assert "5 against 4" in d.words()[-1]


@pytest.mark.rules("WD-STATUS-012", "WD-STATUS-013", "WD-GRAPPLE-011")
def test_a_ranged_object_of_the_grapplers_stuck_in_the_held_one_gives_no_bonus() -> None:
    d = held_vic()
    # his thrown dart, not a melee weapon: the +1 is Stuck-from-melee's alone (src 862 against 867)
    _stuck_in(d, "vic", reach=st.Reach.RANGED, source="thug")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "grapple", character="thug", target="vic", dice=[3, 2])  # 4 against 4: a stalemate
    assert d.state.grapples["thug>vic"].banked == 0
    assert "4 against 4; a stalemate." in d.words()[-1]


@pytest.mark.rules("WD-STATUS-012")
def test_the_held_one_cannot_leave_while_the_holders_melee_weapon_is_stuck_in_them() -> None:
    d = held_vic()
    _stuck_in(d, "vic", reach=st.Reach.MELEE, source="thug")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "end_turn", character="vic")
    # thug 1 + 1 + 1 = 3 against Vic 6 + 2 = 8: Vic wins the round, but "the stuck target cannot exit
    # the grapple without forcibly removing the object" (src 863): the hold stands, no reversal
    d.do("gm", "grapple", character="thug", target="vic", dice=[1, 6])
    hold = d.state.grapples["thug>vic"]
    assert hold.beaten and hold.banked == 0
    assert d.state.reversals == {}
    assert "is still held by the weapon stuck in them" in d.words()[-1]


@pytest.mark.rules("WD-STATUS-012", "WD-GRAPPLE-004")
def test_without_a_stuck_weapon_the_winning_held_one_breaks_free() -> None:
    d = held_vic()
    _stuck_in(d, "vic", reach=st.Reach.RANGED, source="thug")  # a dart does not hold him
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "grapple", character="thug", target="vic", dice=[1, 6])
    assert d.state.grapples == {}
    assert "breaks free" in d.words()[-1]


def duel() -> Any:
    """Vic (Ann's, Athletics 3: 30 ft a move) against a thug; Vic acts first."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", athletics=3))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=2))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight.turn.actor == "vic"
    return d


@pytest.mark.rules("WD-STATUS-013", "WD-MOVE-001")
def test_a_pinned_target_cannot_move_from_the_spot() -> None:
    # src 867-869: a ranged object stuck in the target "pins them in place" until it is out or a
    # lengthy Brawn check of 6 frees them
    d = duel()
    _stuck_in(d, "vic", reach=st.Reach.RANGED, source="thug", pinned=True)
    d.refuse("ann", "move", character="vic", feet=5, rule="WD-STATUS-013", match="pinned")
    d.refuse("ann", "move", character="vic", feet=5, sprint=True, rule="WD-STATUS-013")
    d.do("ann", "attack", character="vic", target="thug", stat="athletics", dice=[1])  # acting is fine


@pytest.mark.rules("WD-STATUS-011", "WD-STATUS-013")
def test_a_stuck_object_that_does_not_pin_leaves_the_move_free() -> None:
    d = duel()
    _stuck_in(d, "vic", reach=st.Reach.RANGED, source="thug")  # the surroundings gave it nothing to pin to
    d.do("ann", "move", character="vic", feet=30)
    assert "Vic moves 30 ft." in d.words()


@pytest.mark.rules("WD-WFX-021", "WD-COMBAT-016")
def test_half_actions_leave_one_standard_action_on_the_next_turn() -> None:
    d = duel()
    people = dict(d.state.people)
    people["vic"] = people["vic"].model_copy(
        update={"conditions": (st.condition(Status.HALF_ACTIONS, "vic"),)}
    )
    d.patch(people=people)
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.turn.actor == "vic" and d.state.fight.turn.actions == 1
    d.refuse("ann", "move", character="vic", feet=30, sprint=True, rule="WD-COMBAT-016")
    d.do("ann", "move", character="vic", feet=30)
    d.refuse("ann", "move", character="vic", feet=30, rule="WD-COMBAT-008")


@pytest.mark.rules("WD-EFFORT-003", "WD-MOVE-006")
def test_a_stamina_push_adds_d3_times_5_ft_to_a_single_move() -> None:
    # src 378: +1d3 x 5 ft to a move (doubled only when double-moving: test_referee's sprint, capped)
    d = duel()
    d.refuse("ann", "move", character="vic", feet=50, push=True, rule="WD-MOVE-001")  # past 30 + 3 x 5
    d.do("ann", "move", character="vic", feet=40, push=True, dice=[2])  # 30 + 2 x 5
    assert d.state.fight.turn.moved == 40


@pytest.mark.rules("WD-STATUS-013", "WD-CORE-006", "WD-COMBAT-013")
def test_a_pinned_target_strains_free_with_a_lengthy_brawn_check_of_6__the_object_stays() -> None:
    # src 869-871: "succeed at a lengthy Brawn check of 6 to free themselves with the object still in
    # them"; a lengthy action takes the turn (Vic, Brawn 3: +0)
    d = duel()
    _stuck_in(d, "vic", reach=st.Reach.RANGED, source="thug", pinned=True)
    d.do("ann", "break_pin", character="vic", dice=[2])
    assert d.words()[-1].endswith("to strain against the pin: [2] = 2; 2 vs 4+: failure; 2 of 6 so far.")
    assert st.is_pinned(d.state.people["vic"].conditions, "vic")
    d.refuse("ann", "attack", character="vic", target="thug", dice=[6], rule="WD-COMBAT-008")  # turn spent
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "break_pin", character="vic", dice=[4])
    assert d.words()[-1].endswith("to strain against the pin: [4] = 4; 4 vs 4+: success; 6 of 6: done.")
    (stuck,) = d.state.people["vic"].conditions
    assert stuck.name == "stuck" and not stuck.pinned
    assert d.state.lengthy == {}
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("ann", "move", character="vic", feet=30)


@pytest.mark.rules("WD-STATUS-013")
def test_only_a_pinned_character_strains_against_a_pin() -> None:
    d = duel()
    d.refuse("ann", "break_pin", character="vic", dice=[6], rule="WD-STATUS-013", match="not pinned")
