"""An eighteenth referee's pass over Capes: first the windows the previous pass left (a veto or an
objection outliving the Actions of its Page; a staker's second stake taking the first one's objection
away), then more situations around stakes, vetoes and the Page's end.

Each test is one situation written from the seed alone ("src N" = line N of
seeds/004_209cadad08ad98a0.txt), played through the table with given dice. Sample sheets as in
test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart (Cal); Ann starts Page 1. Skitter's Drives
truth 3, justice 2, love 2, hope 1, duty 1; Rampart's duty 3, hope 2, justice 2, love 1, truth 1.
"""

from __future__ import annotations

import pytest

from tests.systems.capes.helpers import Sim, actions_game

SEATS = ("ann", "bea", "cal")


def _everyone_reads(sim: Sim, *lines: str) -> None:
    """Every player and the host's view read each line: Capes has no secrets (src 14-17)."""
    for seat in (*SEATS, None):
        words = sim.words(seat)
        for line in lines:
            assert line in words, (seat, line, words[-4:])


def _kinds(sim: Sim, seat: str) -> list[str]:
    return [p.kind for p in sim.prompts(seat)]


def _fillers_to(sim: Sim, last: str) -> None:
    """Every free Action before ``last``'s is a filler (a throwaway Event nobody vetoes)."""
    while (seat := sim.state.scene.page.turn) != last:  # type: ignore[union-attr]
        sim.do(seat, "create_conflict", text=f"{seat}'s filler")
        sim.do(seat, "end_action")


# -- a) the veto or objection of the Page's last Action does not outlive the Actions -----------------------
# src 118: "any player can veto any Event when it is declared"; src 104: the moves around an Action are
# made in the Actions. The window stays open past the declarer's own end of Action so the others have
# their say (fold.py), but with the last Action of the Page the Actions are over: the Page resolves and
# the next Page opens with its Overdrawn rolls and claims. A veto prompt still standing there offered to
# strike a card from a Page that had moved on (and the claims of the new Page were already made around
# it). Decision: the window closes with the Actions of its Page; the others veto before the declarer's
# end of the Page's last Action, as they would across the table the moment it is declared.


@pytest.mark.rules("CAPES-EG-002", "CAPES-PAGE-003", "CAPES-DEBT-003")
def test_last_action__its_event_cannot_be_vetoed_in_the_next_pages_overdrawn_phase() -> None:
    # Page 1: Skitter holds 4 truth (Strength 3: Overdrawn, src 147) and owns c1's A [5]. Ann and Bea
    # play fillers; Cal, last, declares the Event c4 "The bridge falls": Ann and Bea are asked whether
    # to veto it. Cal ends his Action: the Page is over (nothing claimed), Page 2 (Starter Bea) opens
    # with Skitter's Overdrawn roll. Nobody is asked to veto any more, and Ann's veto is refused: the
    # bridge still falls.
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 4)
    _fillers_to(sim, "cal")
    sim.do("cal", "create_conflict", text="The bridge falls")
    assert "veto" in _kinds(sim, "ann") and "veto" in _kinds(sim, "bea")
    sim.do("cal", "end_action")
    assert sim.phase() == "overdrawn" and sim.state.scene.page.number == 2  # type: ignore[union-attr]
    for seat in SEATS:
        assert "veto" not in _kinds(sim, seat), seat
    refused = sim.refuse("ann", "veto", conflict="c4", rule="CAPES-EG-002")
    assert "only at the moment it is declared" in refused.message
    assert sim.state.conflict("c4") is not None
    assert _kinds(sim, "ann") == ["overdrawn_roll"]


@pytest.mark.rules("CAPES-EG-002", "CAPES-PAGE-003")
def test_last_action__its_event_is_vetoed_before_the_declarer_ends_it() -> None:
    # The same last Action: Bea vetoes "The bridge falls" while Cal's Action is still his (src 118); the
    # card is gone, and Cal ending his Action turns the Page with nothing left to veto.
    sim = actions_game()
    _fillers_to(sim, "cal")
    sim.do("cal", "create_conflict", text="The bridge falls")
    sim.do("bea", "veto", conflict="c3")
    assert sim.state.conflict("c3") is None
    sim.do("cal", "end_action")
    assert sim.state.scene.page.number == 2  # type: ignore[union-attr]
    assert all("veto" not in _kinds(sim, s) for s in SEATS)
    _everyone_reads(sim, "Bea vetoes c3 (The bridge falls).")


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-PAGE-003", "CAPES-PAGE-014")
def test_last_action__a_stake_in_it_cannot_be_objected_to_on_the_next_page() -> None:
    # c1: A [3] (Rampart), B [2] (Skitter); Rampart holds 1 duty. In the Page's last Action Cal stakes 1
    # duty on A ("He swore to guard the vault") and ends it: Page 2 opens with its claims. Ann is asked
    # to claim, not to object, and her objection is refused: the stake stands (duty 0, 1 staked on A).
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"rampart": "A", "skitter": "B"})
    sim.set_debt("rampart", "duty", 1)
    _fillers_to(sim, "cal")
    sim.do("cal", "stake", conflict="c1", amount=1, drive="duty", why="He swore to guard the vault.")
    assert _kinds(sim, "ann") == ["object_stake"]
    sim.do("cal", "end_action")
    assert sim.phase() == "claims" and sim.state.scene.page.number == 2  # type: ignore[union-attr]
    assert all("object_stake" not in _kinds(sim, s) for s in SEATS)
    sim.refuse("ann", "object", conflict="c1", rule="CAPES-STAKE-003")
    assert [s.amount for s in sim.side("c1", "A").stakes] == [1] and sim.debt("rampart", "duty") == 0


# -- b) each stake keeps its own objection window -------------------------------------------------------
# src 100-104: around her Action a player stakes "as many times as you can afford to"; src 152: each
# stake must be morally charged "for that particular character and Drive" on that Conflict, and
# (STAKE-003) others may object to it. A second stake on another card took the first stake's window
# away (the table held one open stake): the others could no longer object to the first.


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-STAKE-002")
def test_two_stakes__each_stays_open_and_each_objection_takes_back_only_its_own() -> None:
    # c1: A [3] (Skitter), B [2] (Rampart); c2: A [4] (Skitter), B [1] (Rampart). Skitter holds 2 truth
    # and 1 justice. Ann stakes 1 truth on c1 ("her name"), then 1 justice on c2 ("the law"). Bea and Cal
    # are asked about both. Bea objects to c1: truth back to 2, c1 has no stake; c2's window stays open,
    # and Cal objects to it: justice back to 1.
    sim = actions_game()
    sim.put_conflict(
        "c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"}, text="The vault door holds"
    )
    sim.put_conflict("c2", a=(4,), b=(1,), allies={"skitter": "A", "rampart": "B"}, text="The mayor lies")
    sim.set_debt("skitter", "truth", 2)
    sim.set_debt("skitter", "justice", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="Her name is on the safe.")
    sim.do("ann", "stake", conflict="c2", amount=1, drive="justice", why="The law is being bent.")
    for seat in ("bea", "cal"):
        assert [p.context["conflict"] for p in sim.prompts(seat) if p.kind == "object_stake"] == ["c1", "c2"]
    assert "object_stake" not in _kinds(sim, "ann")
    sim.do("bea", "object", conflict="c1", reason="A safe is no question of truth.")
    assert sim.debt("skitter", "truth") == 2 and sim.side("c1", "A").stakes == ()
    assert [s.amount for s in sim.side("c2", "A").stakes] == [1]
    assert [p.context["conflict"] for p in sim.prompts("cal") if p.kind == "object_stake"] == ["c2"]
    sim.do("cal", "object", conflict="c2", reason="The mayor's lie is not her law.")
    assert sim.debt("skitter", "justice") == 1 and sim.side("c2", "A").stakes == ()
    _everyone_reads(
        sim,
        "Bea objects to Skitter's stake on"
        ' c1 (The vault door holds): 1 Debt back to truth — "A safe is no'
        ' question of truth."',
        "Cal objects to Skitter's stake on c2 (The mayor lies): 1 Debt back to justice — \"The mayor's lie is"
        ' not her law."',
    )


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-SPLIT-002", "CAPES-SPLIT-001")
def test_two_stakes__a_split_on_the_second_keeps_the_first_open_and_the_next_player_closes_both() -> None:
    # Ann stakes 1 truth on c1 and 1 justice on c2, splits c2's 4 into 2, 2 (src 178) and ends her
    # Action: both windows are still the others' (src 152). Cal objects to c1: truth back, c2's stake and
    # split stand. Bea then begins her Action (an Event): the c2 window closes with it, and Cal's
    # objection to c2 is refused.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.put_conflict("c2", a=(4,), b=(1,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 1)
    sim.set_debt("skitter", "justice", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="Her name is on the safe.")
    sim.do("ann", "stake", conflict="c2", amount=1, drive="justice", why="The law is being bent.")
    sim.do("ann", "split", conflict="c2", side="A", die=1, parts=2)
    sim.do("ann", "end_action")
    sim.do("cal", "object", conflict="c1", reason="Not about truth.")
    assert sim.debt("skitter", "truth") == 1 and sim.side("c2", "A").dice == (2, 2)
    sim.do("bea", "create_conflict", text="The lights go out")
    assert all("object_stake" not in _kinds(sim, s) for s in SEATS)
    sim.refuse("cal", "object", conflict="c2", rule="CAPES-STAKE-003")
    assert sim.side("c2", "A").dice == (2, 2) and sim.debt("skitter", "justice") == 0


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-STAKE-002", "CAPES-SPLIT-002", "CAPES-DEBT-007")
def test_two_stakes__more_of_the_same_drive_on_one_card_is_one_objection_for_all_of_it() -> None:
    # Ann stakes 1 truth on c1 (A [4]), splits 4 into 2, 2, stakes 1 truth more (2 staked: A may hold 3)
    # and splits a 2 into 1, 1. The others are asked once, about 2 truth (the Conflict is morally charged
    # for truth or it is not, src 152). Bea objects: both come back (truth 2) and A is back to [4].
    sim = actions_game()
    sim.put_conflict(
        "c1", a=(4,), b=(2,), allies={"skitter": "A", "rampart": "B"}, text="The vault door holds"
    )
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="Her name is on the safe.")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    assert sim.side("c1", "A").dice == (1, 1, 2)
    (prompt,) = [p for p in sim.prompts("bea") if p.kind == "object_stake"]
    assert prompt.context == {"conflict": "c1", "amount": 2, "pool": "truth"}
    # src 152: "morally charged for that particular character and Drive": the question names both (it
    # read "Object to Ann's stake of 2 truth on c1 ...? (only if it is not morally charged for that
    # Drive ...)", no character: Ann may play several)
    assert prompt.question == (
        "Object to Ann's stake of 2 Debt from Skitter's truth on c1 (The vault door holds)? (only if it is"
        " not morally charged for Skitter and truth, which is about identity, honesty and secrets)"
    )
    sim.do("bea", "object", conflict="c1", reason="A safe is no question of truth.")
    assert (
        sim.debt("skitter", "truth") == 2
        and sim.side("c1", "A").dice == (4,)
        and sim.side("c1", "A").stakes == ()
    )
    assert all("object_stake" not in _kinds(sim, s) for s in SEATS)


@pytest.mark.rules("CAPES-STAKE-003")
def test_two_stakes__another_players_stake_closes_the_first_players_window() -> None:
    # Ann stakes 1 truth on c1 and ends her Action; Bea has no Debt, so Cal... is not yet to act: Bea's
    # Event begins her Action and closes Ann's window. In Cal's Action he stakes 1 duty on c2: only his
    # stake is open (Ann and Bea are asked about c2, nobody about c1), and he cannot object to his own.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.put_conflict("c2", a=(3,), b=(2,), allies={"rampart": "A", "skitter": "B"})
    sim.set_debt("skitter", "truth", 1)
    sim.set_debt("rampart", "duty", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="Her name is on the safe.")
    sim.do("ann", "end_action")
    sim.do("bea", "create_conflict", text="The lights go out")
    sim.do("bea", "end_action")
    sim.do("cal", "stake", conflict="c2", amount=1, drive="duty", why="He swore to guard it.")
    for seat in ("ann", "bea"):
        assert [p.context["conflict"] for p in sim.prompts(seat) if p.kind == "object_stake"] == ["c2"]
    refused = sim.refuse("cal", "object", conflict="c2", rule="CAPES-STAKE-003")
    assert refused.message == "You cannot object to your own stake."
    sim.refuse("bea", "object", conflict="c1", rule="CAPES-STAKE-003")


# -- the answers and the staker's own moves elsewhere leave the other windows open ------------------------
# src 100-104: "Immediately before/after/both creating a Conflict ... you can" stake, split and inspire,
# "in whatever order you like". A stake made before the Conflict was declared lost its window to the
# declaration (the staker's own move elsewhere), and one player's objection took the others' veto away
# (and a veto their objection): an answer to one move is not a move of its own.


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-EG-002", "CAPES-ACT-002")
def test_answers__a_stake_before_the_declaration_stays_open_and_an_objection_leaves_the_veto() -> None:
    # c1: A [3] (Skitter), B [2] (Rampart); Skitter holds 1 truth. Ann stakes 1 truth on c1, then
    # declares the Event c2 "The chandelier falls": Bea and Cal are asked both. Bea objects to the stake
    # (truth back to 1); Cal may still veto c2, and does: the card is gone, Ann's Action is open again.
    sim = actions_game()
    sim.put_conflict(
        "c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"}, text="The vault door holds"
    )
    sim.set_debt("skitter", "truth", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="Her name is on the safe.")
    sim.do("ann", "create_conflict", text="The chandelier falls")
    for seat in ("bea", "cal"):
        assert sorted(_kinds(sim, seat)) == ["object_stake", "veto"], seat
    sim.do("bea", "object", conflict="c1", reason="A safe is no question of truth.")
    assert sim.debt("skitter", "truth") == 1 and _kinds(sim, "cal") == ["veto"]
    sim.do("cal", "veto", conflict="c2")
    assert sim.state.conflict("c2") is None
    _everyone_reads(sim, "Cal vetoes c2 (The chandelier falls).")


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-EG-002")
def test_answers__a_veto_leaves_the_stakes_objection_open() -> None:
    # Ann declares c2, then stakes 1 truth on c1 (her own move elsewhere: c2's veto stays open, src 100).
    # Bea vetoes c2; Cal is still asked about the stake, objects, and truth is back to 1.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 1)
    sim.do("ann", "create_conflict", text="The chandelier falls")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="Her name is on the safe.")
    sim.do("bea", "veto", conflict="c2")
    assert _kinds(sim, "cal") == ["object_stake"]
    sim.do("cal", "object", conflict="c1", reason="Not about truth.")
    assert sim.debt("skitter", "truth") == 1 and sim.side("c1", "A").stakes == ()


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-ACT-002", "CAPES-ACT-003")
def test_answers__an_inspiration_on_the_staked_card_closes_its_window_one_elsewhere_does_not() -> None:
    # Ann holds Inspirations 5 and 6. She stakes 1 truth on c1 (A [3]) and 1 justice on c2 (A [2]), then
    # spends the 5 on c2's die (2 -> 5): c1's window stays open, c2's closes (an objection would put back
    # dice the Inspiration raised). Bea's objection to c2 is refused; her objection to c1 is taken.
    sim = actions_game(start_inspirations=(5, 6))
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.put_conflict("c2", a=(2,), b=(4,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 1)
    sim.set_debt("skitter", "justice", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="Her name is on the safe.")
    sim.do("ann", "stake", conflict="c2", amount=1, drive="justice", why="The law is being bent.")
    sim.do("ann", "inspire", value=5, conflict="c2", side="A")
    assert sim.side("c2", "A").dice == (5,)
    assert [p.context["conflict"] for p in sim.prompts("bea") if p.kind == "object_stake"] == ["c1"]
    sim.refuse("bea", "object", conflict="c2", rule="CAPES-STAKE-003")
    sim.do("bea", "object", conflict="c1", reason="Not about truth.")
    assert sim.debt("skitter", "truth") == 1 and sim.debt("skitter", "justice") == 0


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-SPLIT-005", "CAPES-ACT-002")
def test_answers__a_split_off_on_another_card_keeps_the_first_stakes_window() -> None:
    # Ann stakes 1 truth on c1 (A [3]); on c2 (A [4], Skitter) she stakes 2 justice, splits the 4 into
    # 2, 1, 1 and splits off 2 Debt with [2, 1] as side C "Skitter's own plan" (PROPOSED SPLIT-005). c1's
    # window stays open (the split-off is on another card), and Bea's objection to it is taken. c2's
    # closes with the split-off, as it did (the objection would have to take side C apart: left open,
    # see the report), so Bea's objection to c2 is refused and side C stands.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.put_conflict("c2", a=(4,), b=(3,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 1)
    sim.set_debt("skitter", "justice", 2)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="Her name is on the safe.")
    sim.do("ann", "stake", conflict="c2", amount=2, drive="justice", why="The law is being bent.")
    sim.do("ann", "split", conflict="c2", side="A", die=1, parts=3)
    sim.do("ann", "split_off", conflict="c2", side="A", label="Skitter's own plan", payload={"dice": "2,1"})
    assert sim.side("c2", "C").dice == (2, 1) and sim.side("c2", "C").staked == 2
    assert [p.context["conflict"] for p in sim.prompts("bea") if p.kind == "object_stake"] == ["c1"]
    sim.refuse("bea", "object", conflict="c2", rule="CAPES-STAKE-003")
    sim.do("bea", "object", conflict="c1", reason="Not about truth.")
    assert sim.debt("skitter", "truth") == 1 and sim.side("c1", "A").stakes == ()
    assert sim.side("c2", "C").staked == 2 and sim.debt("skitter", "justice") == 0


@pytest.mark.rules("CAPES-EG-002", "CAPES-PAGE-013")
def test_last_free_action__its_event_is_still_vetoable_while_actions_are_bought() -> None:
    # Everyone starts with 1 Story Token. Cal's free Action is the last free one: he declares "The bridge
    # falls" and ends it. The Actions are not over: Ann is asked to buy one (src 94), and Ann and Bea are
    # still asked about the veto. Bea vetoes: the card is gone. (Had Ann passed first, her pass, a move,
    # would have closed the window, as any other player's move does.)
    sim = actions_game(start_story_tokens=1)
    _fillers_to(sim, "cal")
    sim.do("cal", "create_conflict", text="The bridge falls")
    sim.do("cal", "end_action")
    assert sim.phase() == "actions" and sorted(_kinds(sim, "ann")) == ["action", "veto"]
    assert (
        sim.prompt("bea", "veto").question
        == "Veto event c3 (The bridge falls)? (only now, as it is declared)"
    )
    sim.do("bea", "veto", conflict="c3")
    assert sim.state.conflict("c3") is None and _kinds(sim, "ann") == ["action"]


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-STAKE-002", "CAPES-PAGE-013")
def test_two_stakes__more_on_a_card_after_its_window_closed_is_objected_to_alone() -> None:
    # Everyone starts with 1 Story Token. Ann stakes 1 truth on c1 (A [4]) in her free Action and ends
    # it; Bea's Event closes that window: the table let the first stake stand. In a bought Action (src
    # 94) Ann stakes 1 truth more on c1. Bea is asked about the new 1 only, objects, and truth is back
    # to 1 with the first 1 still staked on A (src 168: one Drive per Conflict, within its Strength).
    sim = actions_game(start_story_tokens=1)
    sim.put_conflict(
        "c1", a=(4,), b=(2,), allies={"skitter": "A", "rampart": "B"}, text="The vault door holds"
    )
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="Her name is on the safe.")
    sim.do("ann", "end_action")
    _fillers_to(sim, "ann")
    assert sim.state.scene.page.round == "bought"  # type: ignore[union-attr]
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    assert sim.prompt("bea", "object_stake").context == {"conflict": "c1", "amount": 1, "pool": "truth"}
    sim.do("bea", "object", conflict="c1", reason="Not about truth.")
    assert sim.debt("skitter", "truth") == 1 and [s.amount for s in sim.side("c1", "A").stakes] == [1]
    assert sim.side("c1", "A").dice == (4,) and sim.state.tokens["ann"] == 0
    _everyone_reads(
        sim,
        "Bea objects to Skitter's stake on"
        ' c1 (The vault door holds): 1 Debt back to truth — "Not about truth."',
    )
