"""Pages: the Starter, claims, free narration, Actions in turn (CAPES-PAGE, CAPES-PRIN-004, CAPES-RSRC)."""

from __future__ import annotations

import pytest

from capeworks.engine import Command
from capeworks.errors import NotPermitted
from capeworks.systems.capes.state import Said
from tests.systems.capes.helpers import Sim, actions_game, cast_game


def _phase(sim: Sim) -> tuple[int, str, str, str]:
    assert sim.state.scene is not None and sim.state.scene.page is not None
    page = sim.state.scene.page
    return page.number, page.starter, str(page.phase), page.turn


@pytest.mark.rules("CAPES-PAGE-002", "CAPES-PAGE-003")
def test_first_page__the_declarer_starts_with_claims() -> None:
    sim = cast_game()
    assert _phase(sim) == (1, "ann", "claims", "ann")


@pytest.mark.rules("CAPES-PAGE-004", "CAPES-PAGE-006", "CAPES-PRIN-003")
def test_claims__one_free_claim_each_clockwise_and_a_claimed_side_is_taken() -> None:
    sim = cast_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "A", "rampart": "B"})
    err = sim.refuse("bea", "claim", conflict="c1", side="A", error=NotPermitted)
    assert "Ann" in err.message
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.refuse("bea", "claim", conflict="c1", side="A", rule="CAPES-PAGE-006")
    sim.do("bea", "pass")
    sim.do("cal", "claim", conflict="c1", side="B")  # the other side is free
    assert _phase(sim)[2] == "narration"  # no tokens: bought go-around skipped


@pytest.mark.rules("CAPES-PAGE-007")
def test_claims__only_an_allied_side() -> None:
    sim = cast_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "B"})
    sim.refuse("ann", "claim", conflict="c1", side="A", rule="CAPES-PAGE-007")


@pytest.mark.rules("CAPES-PAGE-007", "CAPES-RSRC-003")
def test_claims__option_uninvolved_may_claim() -> None:
    sim = cast_game(uninvolved_may_claim=True)
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"rampart": "B"})
    sim.do("ann", "claim", conflict="c1", side="A")  # Skitter never rolled on c1


@pytest.mark.rules("CAPES-PAGE-005", "CAPES-PRIN-004", "CAPES-RSRC-001", "CAPES-RSRC-003")
def test_claims__extra_claims_for_a_token_after_the_free_go_around() -> None:
    sim = cast_game(start_story_tokens=1)
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    assert sim.state.scene is not None and sim.state.scene.page is not None
    assert sim.state.scene.page.round == "bought" and sim.state.scene.page.turn == "ann"
    sim.do("ann", "claim", conflict="c2", side="A")
    assert sim.state.tokens["ann"] == 0
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    # a purchase this pass: another go-around, Ann (no tokens) skipped
    assert _phase(sim)[3] == "bea"
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    assert _phase(sim)[2] == "narration"


@pytest.mark.rules("CAPES-PAGE-008", "CAPES-PAGE-009", "CAPES-RSRC-001")
def test_claims__a_conflict_added_this_page_cannot_be_claimed() -> None:
    sim = cast_game(start_story_tokens=1)
    sim.do("ann", "create_conflict", text="The lights go out", character="skitter")
    assert sim.state.tokens["ann"] == 0  # one Story Token
    sim.refuse("ann", "claim", conflict="c1", side="A", rule="CAPES-PAGE-008")
    sim.refuse("ann", "create_conflict", text="Another", rule="CAPES-RSRC-001")


@pytest.mark.rules("CAPES-PAGE-010", "CAPES-PAGE-011", "CAPES-PAGE-003")
def test_narration__anyone_narrates_and_the_starter_begins_actions() -> None:
    sim = cast_game()
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "pass")
    sim.do("cal", "narrate", text="Rampart straightens his tie.")
    assert sim.state.narration[-1] == Said(
        player="cal", about="narration", text="Rampart straightens his tie."
    )
    sim.refuse("bea", "begin_actions", error=NotPermitted)
    sim.refuse("ann", "pass", rule="CAPES-PAGE-011")
    sim.do("ann", "begin_actions")
    assert _phase(sim)[2] == "actions"


@pytest.mark.rules("CAPES-PAGE-012", "CAPES-PAGE-001", "CAPES-PRIN-003")
def test_actions__one_free_action_per_character_clockwise_and_none_skipped() -> None:
    sim = actions_game()
    sim.refuse("ann", "pass", rule="CAPES-PAGE-001")
    err = sim.refuse("bea", "create_conflict", text="Too early", error=NotPermitted)
    assert "Ann" in err.message
    sim.do("ann", "create_conflict", text="The lights go out")
    sim.do("ann", "end_action")
    assert _phase(sim)[3] == "bea"
    sim.refuse("ann", "create_conflict", text="Again", error=NotPermitted)


@pytest.mark.rules("CAPES-PAGE-013", "CAPES-PRIN-004", "CAPES-RSRC-001")
def test_actions__bought_actions_one_per_pass_until_nobody_buys() -> None:
    sim = actions_game(start_story_tokens=2)
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "create_conflict", text=f"{seat}'s trouble")
        sim.do(seat, "end_action")
    assert _phase(sim) == (1, "ann", "actions", "ann")
    sim.do("ann", "create_conflict", text="Ann pays for more")
    assert sim.state.tokens["ann"] == 1
    sim.do("ann", "end_action")
    assert _phase(sim)[3] == "bea"  # one bought Action per pass
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    # a full pass with no purchase: resolving; nobody claimed, so Page 2 begins with Bea
    assert _phase(sim)[:2] == (2, "bea")


@pytest.mark.rules("CAPES-PAGE-002", "CAPES-PAGE-014")
def test_pages__the_starter_rotates_left() -> None:
    sim = actions_game()
    for page, starter in ((1, "ann"), (2, "bea"), (3, "cal"), (4, "ann")):
        assert _phase(sim)[:2] == (page, starter)
        if page == 4:
            break
        order = {"ann": ["ann", "bea", "cal"], "bea": ["bea", "cal", "ann"], "cal": ["cal", "ann", "bea"]}[
            starter
        ]
        if page > 1:
            for seat in order:
                sim.do(seat, "pass")
            sim.do(starter, "begin_actions")
        for seat in order:
            sim.do(seat, "create_conflict", text=f"p{page} {seat}")
            sim.do(seat, "end_action")


def _claims(sim: Sim, seat: str) -> list[tuple[str, str]]:
    """The claims on ``seat``'s menu, each checked to be one the table takes as offered."""
    offered = [c for c in sim.legal(seat) if c.command == "claim"]
    for claim in offered:
        sim.table.prepare(Command(type="claim", seat=seat, payload=dict(claim.fixed)))
    return [(str(c.fixed["conflict"]), str(c.fixed["side"])) for c in offered]


@pytest.mark.rules("CAPES-PAGE-005", "CAPES-PAGE-006", "CAPES-PAGE-007", "CAPES-PAGE-008", "CAPES-RSRC-001")
def test_claims__the_menu_offers_only_the_sides_the_table_would_take() -> None:
    sim = cast_game(start_story_tokens=1)
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "B", "rampart": "B"})
    sim.put_conflict("c2", a=(3,), b=(2,), allies={"skitter": "A"}, created_page=1)  # added this Page
    sim.put_conflict("c3", a=(3,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    # Ann: Skitter helped side B of c1 and side A of c3 ("You can only Claim a side of a Conflict
    # that you're Allied with", src 83); c2 has not been rolled on since this Page began (src 89)
    assert _claims(sim, "ann") == [("c1", "B"), ("c3", "A")]
    sim.do("ann", "claim", conflict="c1", side="B")
    assert _claims(sim, "bea") == [("c3", "B")]
    sim.do("bea", "pass")
    # Cal: Rampart's side B of c1 is Ann's now; nothing else is his
    assert _claims(sim, "cal") == []
    sim.do("cal", "pass")
    # the bought go-around: Ann's claim of c3 A costs her one Story Token, which she has
    assert _claims(sim, "ann") == [("c3", "A")]
    sim.patch(tokens={"ann": 0, "bea": 0, "cal": 0})
    assert _claims(sim, "ann") == []


@pytest.mark.rules("CAPES-PAGE-007")
def test_claims__the_menu_offers_an_uninvolved_player_every_side_under_the_option() -> None:
    sim = cast_game(uninvolved_may_claim=True)
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"rampart": "B"})
    assert _claims(sim, "ann") == [("c1", "A"), ("c1", "B")]  # Skitter never rolled on c1
