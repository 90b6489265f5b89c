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


# -- refusals and seats (CAPES-PRIN-003, CAPES-STAKE-002, CAPES-SPLIT-002) -----------------------------


@pytest.mark.rules("CAPES-PRIN-003", "CAPES-ACT-001")
def test_refusal__bea_may_not_declare_a_conflict_in_anns_action() -> None:
    # src 23-27: turn-based steps go clockwise; Page 1 Ann acts first. Bea's declaration in Ann's Action
    # is refused and no card appears.
    sim = actions_game()
    sim.refuse("bea", "create_conflict", text="The roof caves in")
    assert sim.state.conflicts == ()


@pytest.mark.rules("CAPES-STAKE-001", "CAPES-PRIN-003")
def test_refusal__ann_may_not_stake_rampart_s_debt() -> None:
    # src 48 "Each character may Stake": Rampart is Cal's; Ann staking his duty Debt in her Action is
    # refused and his Debt stays on duty.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"rampart": "A"})
    sim.set_debt("rampart", "duty", 1)
    sim.refuse("ann", "stake", conflict="c1", amount=1, drive="duty", character="rampart", why="x")
    assert sim.state.roster["rampart"].debt.get("duty", 0) == 1


@pytest.mark.rules("CAPES-SPLIT-002")
def test_split__only_as_many_dice_as_stakes() -> None:
    # src 49 "A side may split to as many dice as it has Stakes", read with the inventory's PROPOSED
    # decision (CAPES-SPLIT-002: an original side holds 1 free die + 1 per staked Debt): side A holds one
    # 4 and 2 Debt staked, so at most 3 dice. Splitting the 4 into 4 dice is refused (4 > 3); into 3 it
    # is taken, as evenly as possible (src 178): 2, 1, 1.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth", why="She lied")
    sim.refuse("ann", "split", conflict="c1", side="A", die=1, parts=4)
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=3)
    assert sorted(sim.side("c1", "A").dice) == [1, 1, 2]


@pytest.mark.rules("CAPES-EG-002")
def test_words__every_seat_reads_the_veto() -> None:
    # src 118: a veto takes the Event back; all three seats read who vetoed which Event.
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The chandelier falls")
    sim.do("ann", "end_action")
    sim.do("cal", "veto", conflict="c1")
    for seat in ("ann", "bea", "cal"):
        assert any("veto" in w.lower() and "Cal" in w for w in sim.words(seat)[-3:]), sim.words(seat)[-3:]


@pytest.mark.rules("CAPES-EG-002")
def test_prompts__the_others_are_still_offered_the_veto_after_the_action_ends() -> None:
    # src 118 with the fix above: once Ann ends her Action, Bea and Cal are still asked whether to
    # veto her Event; Ann, the declarer, is not.
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The chandelier falls")
    sim.do("ann", "end_action")
    assert {p.seat for p in sim.prompts() if p.kind == "veto"} == {"bea", "cal"}


@pytest.mark.rules("CAPES-EG-002", "CAPES-PAGE-003")
def test_veto__the_last_action_s_event_is_no_longer_vetoable_once_the_page_has_turned() -> None:
    # src 118: Cal's Action is the Page's last; he declares "The bridge gives way" and ends it. Nobody
    # claimed anything, so the table turns to Page 2's claims on its own. This test first pinned the
    # opposite decision (the veto taken as the Page turns); stop 52 reversed it: a veto answers a move
    # made in the Actions (src 104, 118) and its window closes with the Actions of its Page, so the
    # others veto before the declarer ends the Page's last Action (test_referee18.py).
    sim = actions_game()
    for seat in ("ann", "bea"):
        sim.do(seat, "create_conflict", text=f"{seat} scratch")
        sim.do(seat, "end_action")
    sim.do("cal", "create_conflict", text="The bridge gives way")
    cid = sim.state.conflicts[-1].id
    while _page(sim)[2] == "actions":
        seat = _page(sim)[3]
        sim.do(seat, "end_action" if seat == "cal" else "pass")
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.refuse("ann", "veto", conflict=cid, rule="CAPES-EG-002")
    assert sim.state.conflict(cid) is not None


@pytest.mark.rules("CAPES-EG-007")
def test_goal_veto__reason_a_after_the_declarer_ends_the_action() -> None:
    # src 127-128: Ann declares the Goal "Rampart steals the jewels" for Cal's Rampart and ends her
    # Action; Bea may not veto it for reason a (not her character), Cal may.
    sim = actions_game()
    sim.do("ann", "create_conflict", kind="goal", text="Rampart steals the jewels", goal_for="rampart")
    sim.do("ann", "end_action")
    sim.refuse("bea", "veto", conflict="c1", reason="a", rule="CAPES-EG-007")
    sim.do("cal", "veto", conflict="c1", reason="a")
    assert sim.state.conflict("c1") is None


@pytest.mark.rules("CAPES-STAKE-003")
def test_words__every_seat_reads_the_objection() -> None:
    # src 152: Bea objects to Ann's truth stake on c1; every seat reads that Bea objects to it.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="She lied to them")
    sim.do("bea", "object", conflict="c1", reason="Not about truth")
    for seat in ("ann", "bea", "cal"):
        assert any("objects to Skitter's stake on c1" in w for w in sim.words(seat)[-3:]), sim.words(seat)[
            -3:
        ]
