"""Scenes: declaring, choosing characters, passing, ending (CAPES-SCENE, CAPES-PRIN)."""

from __future__ import annotations

import pytest

from capeworks.engine import Seat
from capeworks.errors import NotPermitted, RuleViolation
from capeworks.systems.capes.ruleset import CapesRuleset
from tests.systems.capes.helpers import SEATS, Sim, cast_game, pass_claims


@pytest.mark.rules("CAPES-PRIN-001")
def test_no_gm__a_gm_seat_is_refused() -> None:
    sim = Sim()
    with pytest.raises(RuleViolation, match="without a GM"):
        sim.table.join(Seat(id="gm", name="GM", role="gm"))
    assert [s.id for s in sim.table.seats] == ["ann", "bea", "cal"]


@pytest.mark.rules("CAPES-SCENE-001")
def test_first_scene__any_volunteer_declares() -> None:
    sim = Sim()
    sim.do("cal", "declare_scene", text="Rooftops at night")
    assert sim.state.scene is not None and sim.state.scene.declarer == "cal"


@pytest.mark.rules("CAPES-SCENE-001")
def test_first_scene__every_seat_is_offered_declaring_it_and_then_nobody_is() -> None:
    sim = Sim()
    rules = CapesRuleset()
    for seat in SEATS:
        assert "declare_scene" in {m.command for m in rules.legal_commands(sim.state, seat)}
    sim.do("bea", "declare_scene", text="Rooftops at night")
    # the Scene is open: casting starts, and declaring another is no longer offered to anyone
    for seat in SEATS:
        assert "declare_scene" not in {m.command for m in rules.legal_commands(sim.state, seat)}


@pytest.mark.rules("CAPES-SCENE-002", "CAPES-PRIN-003")
def test_next_scene__declared_by_the_player_on_the_left_who_may_pass() -> None:
    sim = cast_game()
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "end_scene")
    assert sim.state.scene is None and sim.state.next_declarer == "bea"
    err = sim.refuse("cal", "declare_scene", text="Mine", error=NotPermitted)
    assert "Bea" in err.message
    sim.do("bea", "pass")
    sim.do("cal", "declare_scene", text="The docks")
    assert sim.state.scene is not None and sim.state.scene.number == 2


@pytest.mark.rules("CAPES-SCENE-004", "CAPES-PRIN-003", "CAPES-PRIN-004", "CAPES-RSRC-001")
def test_casting__one_free_pick_clockwise_then_one_token_each() -> None:
    sim = Sim(start_story_tokens=1)
    for name in ("Skitter", "Aunt Sylvie", "Rampart", "Inspector Vale"):
        sim.do("ann", "add_sample", name=name)
    sim.do("bea", "declare_scene", text="A gala")
    sim.refuse("ann", "choose", character="skitter", error=NotPermitted)  # Bea (declarer) first
    sim.do("bea", "choose", character="aunt_sylvie")
    sim.do("cal", "choose", character="rampart")
    sim.do("ann", "choose", character="skitter")
    # bought go-around: Bea buys Inspector Vale for a token
    sim.do("bea", "choose", character="inspector_vale")
    assert sim.state.tokens["bea"] == 0
    sim.do("cal", "pass")
    sim.do("ann", "pass")
    # someone bought this pass, so another go-around; Bea cannot afford more and is skipped
    sim.do("cal", "pass")
    sim.do("ann", "pass")
    # a full pass with no purchase ends the casting
    assert sim.state.scene is not None and not sim.state.scene.casting
    assert sim.state.scene.cast == {
        "aunt_sylvie": "bea",
        "rampart": "cal",
        "skitter": "ann",
        "inspector_vale": "bea",
    }


@pytest.mark.rules("CAPES-SCENE-005")
def test_casting__a_character_is_played_by_one_player() -> None:
    sim = Sim()
    sim.do("ann", "add_sample", name="Skitter")
    sim.do("ann", "declare_scene")
    sim.do("ann", "choose", character="skitter")
    sim.refuse("bea", "choose", character="skitter", rule="CAPES-SCENE-005")


@pytest.mark.rules("CAPES-SCENE-006")
def test_casting__new_characters_on_the_spot_and_several_per_player() -> None:
    sim = Sim(start_story_tokens=1)
    sim.do("ann", "declare_scene")
    sim.do(
        "ann",
        "create_character",
        name="Bystander",
        skills="Run,Hide,Scream",
        attitudes="Scared,Curious,Brave",
        styles="Loud,Quick,Clumsy",
    )
    sim.do("ann", "choose", character="bystander")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.do("ann", "add_sample", name="Skitter")
    sim.do("ann", "choose", character="skitter")  # a second character for a token
    assert sim.state.scene is not None
    assert [c for c, p in sim.state.scene.cast.items() if p == "ann"] == ["bystander", "skitter"]


@pytest.mark.rules("CAPES-SCENE-007")
def test_page_start__add_a_character_for_a_token() -> None:
    sim = cast_game(start_story_tokens=1)
    sim.do("ann", "add_sample", name="Inspector Vale")
    sim.do("ann", "choose", character="inspector_vale")
    assert sim.state.tokens["ann"] == 0
    assert sim.state.scene is not None and sim.state.scene.cast["inspector_vale"] == "ann"
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.do("bea", "add_sample", name="The Charity Gala")
    sim.refuse("bea", "choose", character="the_charity_gala", rule="CAPES-SCENE-007")


@pytest.mark.rules("CAPES-SCENE-002")
def test_end_scene__unanimous_vote_returns_open_stakes_undoubled() -> None:
    sim = cast_game()
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"}, stakes={"A": [("skitter", "truth", 2)]})
    sim.do("ann", "end_scene")
    sim.refuse("ann", "end_scene", rule="CAPES-SCENE-002")
    sim.do("bea", "end_scene")
    assert sim.state.scene is not None
    sim.do("cal", "end_scene")
    assert sim.state.scene is None and sim.state.conflicts == ()
    assert sim.debt("skitter", "truth") == 2  # back, not doubled


@pytest.mark.rules("CAPES-SCENE-003")
def test_declare__the_declarers_description_is_recorded_and_they_name_their_character() -> None:
    sim = Sim()
    for seat, name in (("ann", "Skitter"), ("cal", "Rampart")):
        sim.do(seat, "add_sample", name=name)
    sim.do("ann", "declare_scene", text="A charity gala, chandeliers and all")
    assert sim.state.scene is not None and sim.state.scene.text == "A charity gala, chandeliers and all"
    (prompt,) = [p for p in sim.prompts() if p.seat == "ann"]
    assert prompt.kind == "choose"
    sim.do("ann", "choose", character="skitter")
    assert sim.state.scene.cast.get("skitter") == "ann"
