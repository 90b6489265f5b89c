"""An eleventh referee's pass over Capes: when the veto window of a declared Conflict and the
objection window of a stake end (the other players' chance, not closed by the declarer's own hurry),
then refusals (out of turn, for another's character) and what each seat reads.

Each test is one situation written from the seed alone ("src N" = line N of
seeds/004_209cadad08ad98a0.txt), played through the table with given dice. Sample sheets as in
test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart (Cal); Ann starts Page 1.
"""

from __future__ import annotations

import pytest

from tests.systems.capes.helpers import actions_game
from tests.systems.capes.test_referee import _page

# -- the veto window (CAPES-EG-002, src 118) ----------------------------------------------------------
# src 118: "any player can veto any Event when it is declared for any or no reason". The chance is the
# other players'; the declarer ending their own Action at once must not take it from them. Decision
# (seed silent on the exact end): the window stays open through the declarer's end of Action and closes
# with the next thing anyone does (another Action starting, a roll, a claim...), as it did before.


@pytest.mark.rules("CAPES-EG-002")
def test_veto__the_declarer_ending_the_action_does_not_close_the_window() -> None:
    # Ann declares the Event "The chandelier falls" and ends her Action at once; Bea says "veto" before
    # her own Action begins: the Event is gone. Before the fix the table refused ("c1 is in play").
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The chandelier falls")
    sim.do("ann", "end_action")
    sim.do("bea", "veto", conflict="c1")
    assert sim.state.conflict("c1") is None
    assert _page(sim)[2:] == ("actions", "bea")


@pytest.mark.rules("CAPES-EG-002")
def test_veto__the_window_closes_once_another_player_moves_on() -> None:
    # src 118 "when it is declared": once Bea has begun her Action (she created a Conflict of her own),
    # play has moved past Ann's Event; Cal's veto of c1 is refused and c1 stands.
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The chandelier falls")
    sim.do("ann", "end_action")
    sim.do("bea", "create_conflict", text="The lights go out")
    sim.refuse("cal", "veto", conflict="c1")
    assert sim.state.conflict("c1") is not None


# -- the objection window (CAPES-STAKE-003, src 152, 171) ---------------------------------------------
# src 152/171: "You can only Stake Debt on a Conflict that is morally charged for that particular
# character and Drive": the others judge it, right after the stake. As with the veto, the staker ending
# their Action does not take that chance away.


@pytest.mark.rules("CAPES-STAKE-003")
def test_objection__the_staker_ending_the_action_does_not_close_the_window() -> None:
    # Ann stakes 1 truth Debt on c1 (Skitter on side A) and ends her Action; Bea objects: the Debt goes
    # back to truth (1 again) and nothing is staked on c1. Before the fix the objection was refused.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="She lied to them")
    sim.do("ann", "end_action")
    sim.do("bea", "object", conflict="c1", reason="Not about truth")
    assert not sim.side("c1", "A").stakes
    assert sim.state.roster["skitter"].debt.get("truth", 0) == 1


@pytest.mark.rules("CAPES-STAKE-003")
def test_objection__refused_once_another_player_has_moved_on() -> None:
    # After Ann's stake and end of Action, Bea begins hers (a Conflict of her own): Cal's late objection
    # is refused and the stake stays.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="She lied to them")
    sim.do("ann", "end_action")
    sim.do("bea", "create_conflict", text="The lights go out")
    sim.refuse("cal", "object", conflict="c1")
    assert sim.side("c1", "A").stakes


@pytest.mark.rules("CAPES-STAKE-003")
def test_objection__the_staker_may_not_object_to_their_own_stake() -> None:
    # src 152: the judgement is the others'; Ann objecting to her own stake is refused.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="She lied to them")
    sim.refuse("ann", "object", conflict="c1")
