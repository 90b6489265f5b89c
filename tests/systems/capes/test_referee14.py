"""A fourteenth referee's pass over Capes, a short one: two whole Pages of one Event, read by every seat.

Three players, nothing patched: an Event declared and not vetoed (src 116-118), dice rolled up and
down (src 110, 188), a Stake objected to and taken back (src 152, 171), the Claims of the next Page
(src 78-83), a Stake and a Split (src 168, 174-179), and the resolution that settles Debt, Story
Tokens and Inspirations at once (src 131-141); refusals out of turn or of what one may not do (a
sentence, nothing changed); and the words each seat reads, with the numbers and people's names.

Written from the seed alone ("src N" = line N of seeds/004_209cadad08ad98a0.txt), played through the
table with given dice. Sample sheets as in test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart
(Cal); Ann starts Page 1. Skitter's Swarm Armour 4 (super); Aunt Sylvie's Worried 1 .. Nosy 3 (all
mundane); Rampart's Great Leap 3 (super), Hopeful 5 (mundane); nobody holds Debt at the start.
"""

from __future__ import annotations

import pytest

from tests.systems.capes.helpers import Sim, cast_game, pass_claims
from tests.systems.capes.test_referee13 import _no_ids, _react_round

#: the resolution every seat reads (src 131: "Losers get back double the Debt they Staked. Winners give
#: away their Stakes as Story Tokens to the losing characters. Claimant matches winning and losing dice")
RESOLVED = (
    "Bea resolves c1 (The gala's lights fail) for side A; debt back doubled: Rampart +2 duty; "
    '1 Story Token to Cal; Inspirations: Bea 3, Cal 1 — "The guests flee into the street."'
)


def _page_one(sim: Sim) -> None:
    """Page 1 (Starter Ann): Ann declares the Event; Sylvie rolls A 1 -> 4; Rampart rolls B 1 -> 3
    and stakes 1 duty, which Ann objects to."""
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.do("ann", "create_conflict", kind="event", text="The gala's lights fail")
    sim.do("ann", "end_action")
    # src 188: Worried 1 may roll a die showing 1; kept. Mundane: Blocked for the Scene (src 186)
    sim.do("bea", "use_ability", dice=(4,), ability="Worried", conflict="c1", side="A")
    sim.do("bea", "accept")
    _react_round(sim, {})
    sim.do("bea", "end_action")
    # Great Leap 3, super: +1 Debt, which Cal puts on duty (src 183, 187)
    sim.do("cal", "use_ability", dice=(3,), ability="Great Leap", conflict="c1", side="B", drive="duty")
    sim.do("cal", "accept")
    _react_round(sim, {})
    sim.do("cal", "stake", conflict="c1", amount=1, drive="duty", why="Only he can keep order")
    sim.do("ann", "object", conflict="c1", reason="Keeping order is not his duty here")
    sim.do("cal", "end_action")
    while sim.phase() == "actions":  # nobody buys an Action (src 94-96)
        sim.do(sim.state.scene.page.turn, "pass")  # type: ignore[union-attr]


def _page_two(sim: Sim) -> None:
    """Page 2 (Starter Bea): Bea claims A, Cal claims B; Rampart rolls A 4 -> 2, stakes 1 duty and
    splits B; Skitter rolls A 2 -> 5 and stakes 1 truth; the Resolving is next."""
    sim.do("bea", "claim", conflict="c1", side="A")
    sim.do("cal", "claim", conflict="c1", side="B")
    sim.do("ann", "pass")
    sim.do("bea", "begin_actions")
    sim.do("bea", "create_conflict", kind="goal", text="Sylvie finds her nephew", character="aunt_sylvie")
    sim.do("bea", "end_action")
    sim.do("cal", "use_ability", dice=(2,), ability="Hopeful", conflict="c1", side="A", help="B")
    sim.do("cal", "accept")
    _react_round(sim, {})
    sim.do("cal", "stake", conflict="c1", amount=1, drive="duty", why="He alone can hold the crowd")
    sim.do("cal", "split", conflict="c1", side="B", die=1, parts=2)
    sim.do("cal", "end_action")
    sim.do("ann", "use_ability", dice=(5,), ability="Swarm Armour", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    _react_round(sim, {})
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="The panic exposes the thieves")
    sim.do("ann", "end_action")
    while sim.phase() == "actions":
        sim.do(sim.state.scene.page.turn, "pass")  # type: ignore[union-attr]


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-STAKE-001", "CAPES-ABIL-001", "CAPES-EG-002")
def test_page_one__an_objected_stake_goes_back_to_its_drive_and_every_seat_reads_it() -> None:
    # src 152/171: Debt is staked only where the Conflict is morally charged for that Drive; another
    # player may object (PROPOSED STAKE-003): Rampart's 1 duty comes off c1 and back on his Drive.
    # B holds one die, no stake; the Event stands (nobody vetoed it, src 118).
    sim = cast_game()
    _page_one(sim)
    assert sim.side("c1", "A").dice == (4,) and sim.side("c1", "B").dice == (3,)
    assert sim.side("c1", "B").stakes == () and sim.debt("rampart", "duty") == 1
    for seat in ("ann", "bea", "cal"):
        words = sim.words(seat)
        assert (
            "Rampart stakes 1 Debt from duty on c1 (The gala's lights fail) side B — \"Only he can"
            ' keep order".' in words
        ), words
        assert (
            "Ann objects to Rampart's stake on c1 (The gala's lights fail): 1 Debt back to duty —"
            ' "Keeping order is not his duty here".' in words
        )
        _no_ids(words)


@pytest.mark.rules("CAPES-PAGE-004", "CAPES-PAGE-006", "CAPES-PAGE-007")
def test_page_two__claims_follow_the_alliances_of_the_rolls() -> None:
    # src 83: only a side you are allied with; Sylvie rolled A up (Bea), Rampart rolled B up (Cal);
    # Skitter never rolled on c1, so Ann may claim neither side; Bea may not claim in Cal's turn
    sim = cast_game()
    _page_one(sim)
    sim.refuse("ann", "claim", conflict="c1", side="A")  # Bea's turn first (src 79), and not allied
    sim.do("bea", "claim", conflict="c1", side="A")
    sim.refuse("bea", "claim", conflict="c1", side="B")  # Cal's turn, and B is not hers
    sim.do("cal", "claim", conflict="c1", side="B")
    sim.refuse("ann", "claim", conflict="c1", side="A")  # claimed already, and Skitter is not allied
    sim.do("ann", "pass")
    assert sim.phase() == "narration"


@pytest.mark.rules("CAPES-SPLIT-001", "CAPES-SPLIT-002", "CAPES-STAKE-002")
def test_page_two__one_stake_splits_b_into_two_dice_and_no_more() -> None:
    # src 177-178 + PROPOSED SPLIT-002: an original side holds 1 + Debt staked dice: 1 duty -> 2 dice;
    # the 3 splits into 2 and 1 (as evenly as possible). A third die is refused; so is a second Drive's
    # stake on the same card (src 168: one Drive per Conflict) and Debt he does not hold.
    sim = cast_game()
    _page_one(sim)
    sim.do("bea", "claim", conflict="c1", side="A")
    sim.do("cal", "claim", conflict="c1", side="B")
    sim.do("ann", "pass")
    sim.do("bea", "begin_actions")
    sim.do("bea", "create_conflict", kind="goal", text="Sylvie finds her nephew", character="aunt_sylvie")
    sim.do("bea", "end_action")
    sim.do("cal", "use_ability", dice=(2,), ability="Hopeful", conflict="c1", side="A", help="B")
    sim.do("cal", "accept")
    _react_round(sim, {})
    sim.refuse("cal", "split", conflict="c1", side="B", die=1, parts=2)  # nothing staked yet
    sim.do("cal", "stake", conflict="c1", amount=1, drive="duty", why="He alone can hold the crowd")
    sim.refuse("cal", "stake", conflict="c1", amount=1, drive="hope", why="The guests")
    sim.refuse("cal", "split", conflict="c1", side="B", die=1, parts=3)
    sim.do("cal", "split", conflict="c1", side="B", die=1, parts=2)
    assert sim.side("c1", "B").dice == (2, 1) and sim.debt("rampart", "duty") == 0
    sim.refuse("cal", "split", conflict="c1", side="B", die=1, parts=2)
    assert "Side B of c1 (The gala's lights fail): a 3 splits into 2, 1." in sim.words("ann")


@pytest.mark.rules(
    "CAPES-RES-001", "CAPES-RES-003", "CAPES-RES-004", "CAPES-RES-006", "CAPES-RES-007", "CAPES-PAGE-002"
)
def test_resolving__bea_settles_debt_tokens_and_inspirations_and_every_seat_reads_the_numbers() -> None:
    # A [5] vs B [2, 1] = 3: A controls (src 106); Bea claimed A: she resolves (src 131), not Cal.
    # Losers' stakes come back doubled: Rampart 0 + 2 x 1 = 2 duty (src 169). The winners' stake (1
    # truth of Skitter's) is one Story Token to a losing player: Cal (src 132; the creator Skitter did
    # not lose, src 135). Bea pairs 5-2: +3 for her (src 139); the 1 left over is the losing side's:
    # Cal +1 (src 141). Page 3 starts with Cal (src 70).
    sim = cast_game()
    _page_one(sim)
    _page_two(sim)
    assert sim.phase() == "resolving"
    sim.refuse("cal", "resolve", conflict="c1", pairs="2-5")  # his B does not control
    sim.do("bea", "resolve", conflict="c1", pairs="5-2", text="The guests flee into the street.")
    assert sim.debt("rampart", "duty") == 2 and sim.debt("skitter", "truth") == 0
    assert sim.state.tokens.get("cal", 0) == 1 and sim.state.tokens.get("ann", 0) == 0
    assert [i.value for i in sim.state.inspirations.get("bea", ())] == [3]
    assert [i.value for i in sim.state.inspirations.get("cal", ())] == [1]
    assert sim.state.conflict("c1") is None
    assert sim.state.scene is not None and sim.state.scene.page is not None
    assert (sim.state.scene.page.number, sim.state.scene.page.starter) == (3, "cal")
    for seat in ("ann", "bea", "cal"):
        words = sim.words(seat)
        assert RESOLVED in words, words
        assert "Scene 1, Page 3: Cal starts." in words, words
        _no_ids(words)
