"""Abilities, accept/turn back, Reactions and Inspirations (CAPES-ABIL, CAPES-REACT, CAPES-ACT)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.errors import NotPermitted
from capeworks.systems.capes.state import Inspiration, Said
from tests.systems.capes.helpers import actions_game


@pytest.mark.rules("CAPES-ABIL-002", "CAPES-CHAR-006")
@pytest.mark.parametrize(
    ("die", "ability", "ok"), [(3, "Silk Lines", True), (4, "Silk Lines", False), (6, "Ruthless", False)]
)
def test_ability__golden_c4_rating_must_reach_the_die(die: int, ability: str, ok: bool) -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(die,), b=(1,))
    # Silk Lines 3 may roll 1-3, not 4; Ruthless 5 can never roll a 6
    if ok:
        sim.do("ann", "use_ability", dice=(5,), ability=ability, conflict="c1", side="A", drive="truth")
    else:
        sim.refuse(
            "ann",
            "use_ability",
            dice=(5,),
            ability=ability,
            conflict="c1",
            side="A",
            drive="truth",
            rule="CAPES-ABIL-002",
        )


@pytest.mark.rules("CAPES-ABIL-002")
def test_ability__golden_c4_raising_an_inspiration() -> None:
    sim = actions_game()
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=4),)})
    # Silk Lines 3 may not raise a 4; Swarm Armour 4 may raise it to 5
    sim.refuse(
        "ann", "use_ability", ability="Silk Lines", inspiration=4, drive="truth", rule="CAPES-ABIL-002"
    )
    sim.do("ann", "use_ability", ability="Swarm Armour", inspiration=4, drive="truth")
    assert [i.value for i in sim.state.inspirations["ann"]] == [5]


@pytest.mark.rules("CAPES-ABIL-003", "CAPES-REACT-002")
def test_accept_or_revert__golden_c5() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(1,), allies={"skitter": "A"})
    # own-side die 3 rolls 2 -> turn back: stays 3, and no Reactions
    sim.do("ann", "use_ability", dice=(2,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "revert")
    assert sim.side("c1", "A").dice == (3,)
    assert sim.state.scene is not None and sim.state.scene.page is not None
    action = sim.state.scene.page.action
    assert action is not None and action.reactions is None


@pytest.mark.rules("CAPES-ABIL-003", "CAPES-REACT-001", "CAPES-REACT-003")
def test_accept__golden_c5_opens_reactions_needing_the_new_value() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(5,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    assert sim.side("c1", "A").dice == (5,)
    # Ann (the actor) first: she has Ruthless 5
    assert sim.state.scene is not None and sim.state.scene.page is not None
    window = sim.state.scene.page.action.reactions  # type: ignore[union-attr]
    assert window is not None and window.asker == "ann"
    sim.do("ann", "pass")
    # Bea's Sylvie tops at 3 -> skipped; Cal's Rampart has Hopeful 5 -> asked
    assert sim.state.scene.page.action.reactions.asker == "cal"  # type: ignore[union-attr]
    sim.refuse("cal", "react", dice=(2,), ability="Sarcastic", help="B", rule="CAPES-REACT-001")  # 4 < 5
    sim.do("cal", "react", dice=(2,), ability="Hopeful", help="B")
    sim.do("cal", "accept")
    assert sim.side("c1", "A").dice == (2,)


@pytest.mark.rules("CAPES-REACT-003", "CAPES-REACT-004", "CAPES-PRIN-003")
def test_reactions__golden_c21_order_and_once_per_action() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(2,), ability="Swarm Sense", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    # actor first: Bea may not jump in
    err = sim.refuse("bea", "react", dice=(1,), ability="Warm", help="A", error=NotPermitted)
    assert "Ann" in err.message
    sim.do("ann", "pass")
    sim.do("bea", "react", dice=(1,), ability="Warm", help="B")
    sim.do("bea", "accept")
    # die now 1; window re-opens from Bea's left: Cal, then Ann (who passed before, may still react)
    sim.do("cal", "pass")
    sim.do("ann", "react", dice=(4,), ability="Tactical", help="A")
    sim.do("ann", "accept")
    # Bea already reacted to this Action: refused, nothing changes
    sim.refuse("bea", "react", dice=(6,), ability="Gossip", help="B", rule="CAPES-REACT-004")
    sim.do("cal", "pass")
    assert sim.state.scene is not None and sim.state.scene.page is not None
    assert sim.state.scene.page.action.reactions is None  # type: ignore[union-attr]


@pytest.mark.rules("CAPES-PRIN-003", "CAPES-ABIL-003")
def test_pass__out_of_turn_while_a_roll_waits_names_the_roller() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(1,))
    sim.do("ann", "use_ability", dice=(2,), ability="Swarm Sense", conflict="c1", side="A", drive="truth")
    err = sim.refuse("bea", "pass", error=NotPermitted)
    assert "Ann's turn" in err.message, err.message
    sim.refuse("ann", "pass", rule="CAPES-ABIL-003")


@pytest.mark.rules("CAPES-ABIL-001", "CAPES-DEBT-004")
def test_super_ability_earns_debt_on_any_drive_each_use() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(1,))
    err = sim.refuse(
        "ann", "use_ability", dice=(3,), ability="Swarm Sense", conflict="c1", side="A", rule="CAPES-DEBT-004"
    )
    # the rule names the field to fill; the words speak no interface syntax
    assert err.field == "drive" and "=" not in err.message
    sim.do("ann", "use_ability", dice=(3,), ability="Swarm Sense", conflict="c1", side="A", drive="love")
    assert sim.debt("skitter", "love") == 1


@pytest.mark.rules("CAPES-ABIL-001")
def test_mundane_ability_blocks_for_the_scene() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(1,))
    sim.do("ann", "use_ability", dice=(3,), ability="Sarcastic", conflict="c1", side="A")
    sim.do("ann", "revert")
    sim.do("ann", "end_action")
    assert sim.debt("skitter", "truth") == 0  # mundane: no Debt
    sim.patch(tokens={**sim.state.tokens, "ann": 1})  # so Ann can buy an Action later this Page
    assert sim.state.scene is not None
    assert "skitter/sarcastic" in sim.state.scene.blocked
    for seat in ("bea", "cal"):
        sim.do(seat, "create_conflict", text=f"{seat}'s trouble")
        sim.do(seat, "end_action")
    # Ann's bought Action: Sarcastic stays Blocked for the Scene, Stubborn (also mundane) is free
    sim.refuse(
        "ann", "use_ability", dice=(3,), ability="Sarcastic", conflict="c1", side="A", rule="CAPES-ABIL-001"
    )
    sim.do("ann", "use_ability", dice=(3,), ability="Stubborn", conflict="c1", side="A")
    assert sim.state.tokens["ann"] == 0  # the bought Action cost her token


@pytest.mark.rules("CAPES-ACT-003")
def test_inspiration__golden_c6() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(2, 4), b=(1,), allies={"skitter": "A"})
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=5), Inspiration(value=2))})
    # die 2 + Inspiration 5 -> 5, consumed
    sim.do("ann", "inspire", value=5, conflict="c1", side="A", die=1)
    assert sim.side("c1", "A").dice == (5, 4)
    assert [i.value for i in sim.state.inspirations["ann"]] == [2]
    # Inspiration 2 on a 4: would not raise it (PROPOSED: refused)
    sim.refuse("ann", "inspire", value=2, conflict="c1", side="A", die=2, rule="CAPES-ACT-003")
    # only on your own side
    sim.refuse("ann", "inspire", value=2, conflict="c1", side="B", die=1, rule="CAPES-ACT-003")


@pytest.mark.rules("CAPES-ACT-001", "CAPES-ACT-002")
def test_action__one_core_step_and_nothing_during_a_roll() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")  # before the core step
    sim.do("ann", "use_ability", dice=(3,), ability="Swarm Sense", conflict="c1", side="A", drive="truth")
    sim.refuse("ann", "stake", conflict="c1", amount=1, drive="truth", rule="CAPES-ACT-002")
    sim.do("ann", "accept")
    sim.refuse(
        "ann", "split", conflict="c1", side="A", die=1, parts=2, rule="CAPES-ACT-002"
    )  # Reactions open
    for seat in ("ann", "bea", "cal"):  # die 3: everyone has an ability of 3 or more
        sim.do(seat, "pass")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)  # after the core step
    sim.refuse("ann", "create_conflict", text="And another", rule="CAPES-ACT-001")
    sim.refuse(
        "ann",
        "use_ability",
        dice=(3,),
        ability="Bug Control",
        conflict="c1",
        side="B",
        drive="truth",
        rule="CAPES-ACT-001",
    )
    sim.do("ann", "end_action")


@pytest.mark.rules("CAPES-CONF-004", "CAPES-ABIL-002")
def test_rolling_to_lower_an_opposing_die_allies_you_with_the_other_side() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(3,), allies={"skitter": "B"})
    sim.do(
        "ann",
        "use_ability",
        dice=(1,),
        ability="Silk Lines",
        conflict="c1",
        side="B",
        help="A",
        drive="truth",
    )
    conflict = sim.state.conflict("c1")
    assert conflict is not None and conflict.alliances["skitter"].side == "A"  # only the latest counts


@pytest.mark.rules("CAPES-ABIL-002", "CAPES-ABIL-003", "CAPES-CONF-001")
@given(face=st.integers(1, 6), start=st.integers(1, 3), accept=st.booleans())
def test_dice__property_values_stay_1_to_6(face: int, start: int, accept: bool) -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(start,), b=(1,))
    sim.do("ann", "use_ability", dice=(face,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept" if accept else "revert")
    value = sim.side("c1", "A").dice[0]
    assert value == (face if accept else start)
    assert 1 <= value <= 6


@pytest.mark.rules("CAPES-ACT-004")
def test_inspiration__records_its_source_conflict_for_the_players_link() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(1,), allies={"skitter": "A"})
    sim.patch(
        inspirations={**sim.state.inspirations, "ann": (Inspiration(value=5, source="The lights go out"),)}
    )
    events = sim.do("ann", "inspire", value=5, conflict="c1", side="A", die=1)
    assert events[-1].data["source"] == "The lights go out"


@pytest.mark.rules("CAPES-ABIL-005")
def test_roll__the_player_narrates_whether_or_not_the_roll_is_kept() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(2,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    events = sim.do("ann", "revert", text="Skitter's silk snaps; she tries again.")
    assert events[-1].type == "capes.roll_reverted" and events[-1].data["text"].startswith("Skitter's silk")
    assert sim.state.narration[-1] == Said(
        player="ann", about="roll", text="Skitter's silk snaps; she tries again.", conflict="c1"
    )


@pytest.mark.rules("CAPES-REACT-005")
def test_reaction__narration_is_added_after_the_actions_not_replacing_it() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(5,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept", text="Silk lines lash the thief's ankles.")
    sim.do("ann", "pass")
    sim.do("cal", "react", dice=(2,), ability="Hopeful", help="B")
    sim.do("cal", "accept", text="Rampart tears the lines loose.")
    assert sim.state.narration[-2:] == (
        Said(player="ann", about="roll", text="Silk lines lash the thief's ankles.", conflict="c1"),
        Said(player="cal", about="roll", text="Rampart tears the lines loose.", conflict="c1"),
    )
