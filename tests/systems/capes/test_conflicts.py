"""Conflicts: cards, sides, alliance, Events and Goals, vetoes, Free Conflicts (CAPES-CONF, CAPES-EG)."""

from __future__ import annotations

import pytest

from capeworks.errors import NotPermitted
from capeworks.systems.capes.queries import controlling_side
from capeworks.systems.capes.state import Said
from tests.systems.capes.helpers import actions_game, cast_game


@pytest.mark.rules("CAPES-CONF-001", "CAPES-CONF-008", "CAPES-ACT-005", "CAPES-EG-001")
def test_create__an_event_card_with_two_dice_at_one_and_its_creator() -> None:
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The chandelier falls")
    conflict = sim.state.conflict("c1")
    assert conflict is not None and conflict.kind == "event"
    assert [s.dice for s in conflict.sides] == [(1,), (1,)]
    assert (conflict.creator, conflict.creator_player) == ("skitter", "ann")
    assert sim.state.tokens["ann"] == 0  # free as an Action


@pytest.mark.rules("CAPES-CONF-002", "CAPES-CONF-004")
def test_first_roll__names_the_side_it_helps() -> None:
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The chandelier falls")
    sim.do("ann", "end_action")
    sim.do("bea", "use_ability", dice=(4,), ability="Worried", conflict="c1", side="B", label="On the guests")
    assert sim.side("c1", "B").label == "On the guests"
    conflict = sim.state.conflict("c1")
    assert conflict is not None and conflict.alliances["aunt_sylvie"].side == "B"


@pytest.mark.rules("CAPES-CONF-003")
@pytest.mark.parametrize(
    ("a", "b", "control"), [((4, 3), (6,), "A"), ((4, 3), (6, 1), None), ((1,), (2,), "B")]
)
def test_control__the_strictly_higher_sum(
    a: tuple[int, ...], b: tuple[int, ...], control: str | None
) -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=a, b=b)
    conflict = sim.state.conflict("c1")
    assert conflict is not None
    side = controlling_side(conflict)
    assert (side.id if side else None) == control


@pytest.mark.rules("CAPES-EG-002")
def test_event__anyone_may_veto_when_declared_but_not_later() -> None:
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The chandelier falls")
    prompts = sim.prompts()
    assert {p.seat for p in prompts if p.kind == "veto"} == {"bea", "cal"}
    sim.do("cal", "veto", conflict="c1")
    assert sim.state.conflict("c1") is None
    # the Action's core step is open again
    sim.do("ann", "create_conflict", text="The lights flicker")
    sim.do("ann", "end_action")
    # src 118: Ann ending her Action does not close the others' chance (test_referee11); Bea moving on does
    sim.do("bea", "create_conflict", text="Bea's own")
    sim.refuse("cal", "veto", conflict="c2", rule="CAPES-EG-002")


@pytest.mark.rules("CAPES-EG-007")
def test_goal__veto_only_for_reason_a_or_b() -> None:
    sim = actions_game()
    sim.do("ann", "create_conflict", kind="goal", text="Rampart steals the jewels", goal_for="rampart")
    sim.refuse("bea", "veto", conflict="c1", reason="", rule="CAPES-EG-007")
    sim.refuse("bea", "veto", conflict="c1", reason="a", rule="CAPES-EG-007")  # not Bea's character
    sim.do("cal", "veto", conflict="c1", reason="a")  # Cal plays Rampart and won't pursue it
    assert sim.state.conflict("c1") is None


@pytest.mark.rules("CAPES-EG-007")
def test_goal__veto_reason_b_is_a_table_judgement_recorded() -> None:
    sim = actions_game()
    sim.do("ann", "create_conflict", kind="goal", text="Humiliate the mayor")
    events = sim.do("bea", "veto", conflict="c1", reason="b")
    assert events[0].data["reason"] == "b"


@pytest.mark.rules("CAPES-EG-002")
def test_veto__your_own_too_though_you_are_not_prompted() -> None:
    # src 118: "any player can veto any Event": the declarer too (test_known_faults k14); only the
    # others are asked
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The chandelier falls")
    assert "ann" not in {p.seat for p in sim.prompts() if p.kind == "veto"}
    sim.do("ann", "veto", conflict="c1")
    assert sim.state.conflict("c1") is None


@pytest.mark.rules("CAPES-PAGE-009", "CAPES-CHAR-012")
def test_free_conflict__exemplar_once_per_scene_when_both_present() -> None:
    sim = cast_game()
    # Bea plays Aunt Sylvie, Skitter's Exemplar: either player adds the Free Conflict at Page start
    sim.do(
        "ann",
        "create_conflict",
        text="Sylvie asks where Skitter goes at night",
        free="exemplar",
        exemplar="aunt_sylvie",
    )
    assert sim.state.tokens["ann"] == 0
    sim.do("ann", "pass")
    sim.refuse(
        "bea", "create_conflict", text="Again", free="exemplar", exemplar="skitter", rule="CAPES-CHAR-012"
    )


@pytest.mark.rules("CAPES-CHAR-012")
def test_free_conflict__needs_the_exemplar_in_the_scene() -> None:
    sim = cast_game()
    sim.refuse(
        "cal", "create_conflict", text="x", free="exemplar", exemplar="aunt_sylvie", error=NotPermitted
    )
    sim.refuse("ann", "create_conflict", text="x", free="exemplar", exemplar="rampart", rule="CAPES-CHAR-012")


@pytest.mark.rules("CAPES-CHAR-017", "CAPES-PAGE-009")
def test_free_conflict__non_person_character() -> None:
    sim = cast_game()
    sim.do("ann", "add_sample", name="The Charity Gala")
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    sim.do("ann", "choose", character="the_charity_gala")
    sim.do("ann", "create_conflict", text="The guests panic", free="non_person", character="the_charity_gala")
    assert sim.state.tokens["ann"] == 0  # the character cost a token, its Free Conflict none
    sim.refuse(
        "ann", "create_conflict", text="x", free="non_person", character="skitter", rule="CAPES-CHAR-017"
    )


@pytest.mark.rules("CAPES-PAGE-009", "CAPES-PAGE-011")
def test_conflicts__not_added_during_narration() -> None:
    # src 85-89: Conflicts are added around the claims; src 91: free narration lasts until the Starter
    # (Ann) ends it by taking an Action, so Bea's Conflict is refused there (Ann's would be her Action)
    sim = cast_game()
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "pass")
    sim.refuse("bea", "create_conflict", text="x", rule="CAPES-PAGE-011", match="Ann, the Starter")


@pytest.mark.rules("CAPES-CONF-005", "CAPES-PRIN-002", "CAPES-CONF-006")
def test_narration__not_yet_and_and_then() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(2,), allies={"rampart": "A", "skitter": "B"})
    sim.refuse("ann", "narrate", text="Skitter wins", conflict="c1", outcome=True, rule="CAPES-CONF-005")
    sim.do("ann", "narrate", text="Skitter lunges for the necklace, and then...", conflict="c1")
    prompts = [p for p in sim.prompts() if p.kind == "and_then"]
    assert [p.seat for p in prompts] == ["cal"] and prompts[0].rule == "CAPES-CONF-006"
    sim.do("cal", "narrate", text="Rampart catches her wrist.", conflict="c1")
    assert sim.state.and_then is None


@pytest.mark.rules("CAPES-CONF-007")
def test_narration__free_narration_is_recorded_but_achieves_nothing() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(2,), allies={"rampart": "A", "skitter": "B"})
    before = sim.state.model_copy(update={"narration": ()}).model_dump_json()
    sim.do("ann", "narrate", text="Skitter tries to fly.")  # on her turn (src 25)
    assert sim.state.narration[-1] == Said(player="ann", about="narration", text="Skitter tries to fly.")
    assert sim.state.model_copy(update={"narration": ()}).model_dump_json() == before
