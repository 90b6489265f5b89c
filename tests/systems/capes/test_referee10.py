"""A tenth referee's pass over Capes: an Action of stakes and Inspirations alone, the Overdrawn prompt's
words, then characters, abilities, Debt, principles and their interactions (Debt with Splits and Stakes,
Gloating, resolution order, Reactions), refusals and what each seat reads.

Each test is one situation written from the seed alone ("src N" = line N of
seeds/004_209cadad08ad98a0.txt), played through the table with given dice. Sample sheets as in
test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart (Cal); Ann starts Page 1. Ratings:
Skitter's Swarm Sense 1, Bug Control 2, Silk Lines 3, Swarm Armour 4 (super), Ruthless 5 (mundane);
Drives truth 3, justice 2, love 2, hope 1, duty 1. Rampart's Super Strength 1, Invulnerability 2, Great
Leap 3 (super), Hopeful 5 (mundane); Drives duty 3, hope 2, justice 2, love 1, truth 1. Aunt Sylvie's
abilities are all mundane, Worried 1 to Nosy 3.
"""

from __future__ import annotations

import pytest

from capeworks.systems.capes.state import Inspiration
from tests.systems.capes.helpers import Sim, actions_game, finish_actions
from tests.systems.capes.test_offers import mismatches
from tests.systems.capes.test_referee import _page


def _hold(sim: Sim, seat: str, *values: int) -> None:
    """``seat`` holds Inspirations of these values (won on earlier Pages)."""
    sim.patch(inspirations={**sim.state.inspirations, seat: tuple(Inspiration(value=v) for v in values)})


# -- an Action without its core step (CAPES-ACT-001/002, src 38, 98-104) ------------------------------
# src 98: "At any time in their Action a player may spend an Inspiration ... One time in their Action
# they MAY either use an Ability or create a Conflict"; src 99: "you can either create a Conflict or use
# an Ability, but not both". Read as a referee: "one time ... may" caps the core step at one and grants
# it; nothing makes it compulsory. A player whose Action is only an Inspiration (or a stake) has taken
# their Action: src 98 puts the Inspiration "in their Action", so it needs no Conflict or roll beside it.


@pytest.mark.rules("CAPES-ACT-001", "CAPES-ACT-003")
def test_action__an_inspiration_alone_is_a_whole_action() -> None:
    # Ann holds an Inspiration 5; in her free Action she raises c1 A's 2 to 5 and ends the Action, with
    # no ability used and no Conflict created. The table takes it; Bea's turn comes; her menu's
    # single-click "end the Action" was one the table takes.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(4,), allies={"skitter": "A"})
    _hold(sim, "ann", 5)
    sim.do("ann", "inspire", value=5, conflict="c1", side="A")
    assert "end_action" in {c.command for c in sim.legal("ann")}
    assert mismatches(sim.table) == []
    sim.do("ann", "end_action")
    assert sim.side("c1", "A").dice == (5,)
    assert _page(sim)[2:] == ("actions", "bea")


@pytest.mark.rules("CAPES-ACT-001", "CAPES-STAKE-001", "CAPES-PAGE-012")
def test_action__a_stake_alone_is_a_whole_action_and_uses_the_free_action() -> None:
    # src 103: "You may Stake Debt on a Conflict that provokes your character". Skitter's truth holds 2;
    # Ann stakes 2 on c1 A (she is allied with A) and ends her Action: the table takes it, her free
    # Action is used (src 92: one free Action per character), the turn goes to Bea.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(4,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.do("ann", "end_action")
    assert sim.side("c1", "A").staked == 2 and sim.debt("skitter", "truth") == 0
    assert _page(sim)[2:] == ("actions", "bea")
    assert sim.state.scene is not None and sim.state.scene.page is not None
    assert "skitter" in sim.state.scene.page.free_actions_used


@pytest.mark.rules("CAPES-ACT-001")
def test_action__ending_it_with_nothing_done_is_refused() -> None:
    # An Action is "a player using their character to influence the course of the game" (src 34): with
    # nothing done there is no Action under way to end, and a free Action cannot be passed (src 92).
    sim = actions_game()
    sim.refuse("ann", "end_action", rule="CAPES-ACT-001")
    sim.refuse("ann", "pass", rule="CAPES-PAGE-001")


# -- the Overdrawn prompt names the Drive (CAPES-DEBT-003, src 47, 147) -------------------------------


@pytest.mark.rules("CAPES-DEBT-003", "CAPES-DEBT-002")
def test_overdrawn__the_prompt_names_the_character_drive_and_die() -> None:
    # src 147: "for each Overdrawn drive, the player rolls the highest die the character owns, accepting
    # only lower rolls". Skitter's truth (Strength 3) holds 4 and her justice (Strength 2) holds 3: two
    # Overdrawn Drives. At Page 2 Ann is asked to roll: the prompt says whose, which Drive (with its
    # Debt and Strength) and which die (c1 side A showing 5); after the truth roll it asks for justice.
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 4)
    sim.set_debt("skitter", "justice", 3)
    finish_actions(sim)
    prompt = sim.prompt("ann", "overdrawn_roll")
    assert prompt.question == (
        "Ann: roll for Skitter's Overdrawn truth (4 Debt, Strength 3): the highest die Skitter owns, c1 side"
        " A showing 5, is re-rolled and only a lower roll is kept."
    )
    assert [o.label for o in prompt.options] == ["roll Skitter's 5 for the Overdrawn truth"]
    sim.do("ann", "overdrawn_roll", dice=[6])
    prompt = sim.prompt("ann", "overdrawn_roll")
    assert "Skitter's Overdrawn justice (3 Debt, Strength 2)" in prompt.question, prompt.question
    # the Now panel every seat reads names it too
    (now,) = [p for p in sim.view("cal")["panels"] if p["title"] == "Now"]
    turn = dict(now["rows"])["Turn"]
    assert turn.startswith("Ann to roll for Skitter's Overdrawn justice"), turn
