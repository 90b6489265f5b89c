"""A sixth referee's pass over Capes: the seed lines the first five passes cited least.

Claims held by a player on both sides or kept after going over (src 81-84, 131), the creator's
first Story Token (src 135), Drives only for the super-powered (src 211, 231), the one
undifferentiated stack (src 236-237), what a character owns once it has changed sides (src 101,
102, 147, 110), split-off sides that grow and win (src 177, 180), Reactions to one's own roll
(src 197, 200), the And Then hand-off of an Action's, a Reaction's and a Gloat's narration and its
end with the card (src 113, 191, 206), the Page's phases (src 72-76), Events and Goals (src 116-125),
non-person characters (src 269-272, PROPOSED), starting resources and changing a character (src 215,
229). Each test is one situation written from the seed alone ("src N" = line N of
seeds/004_209cadad08ad98a0.txt), played through the table with given dice. Sample sheets as in
test_referee.py.
"""

from __future__ import annotations

import pytest

from capeworks.systems.capes.flow import whose_turn
from capeworks.systems.capes.state import Inspiration, Side, Stake
from tests.systems.capes.helpers import Sim, actions_game, cast_game, pass_claims
from tests.systems.capes.test_referee import _claims, _filler_actions, _inspirations, _page
from tests.systems.capes.test_referee4 import _nobody_reacts


def _with_vale(tokens: int) -> Sim:
    """As cast_game, with Ann buying Inspector Vale for a token at Page 1's start (``tokens`` given)."""
    sim = cast_game()
    sim.do("ann", "add_sample", name="Inspector Vale")
    sim.patch(tokens={**sim.state.tokens, "ann": tokens})
    sim.do("ann", "choose", character="inspector_vale")
    return sim


# -- claims (CAPES-PAGE-004..007, CAPES-RES-001) --------------------------------------------------


@pytest.mark.rules("CAPES-PAGE-006", "CAPES-PAGE-005", "CAPES-RES-006", "CAPES-RES-005")
def test_claim__one_player_claims_both_sides_through_two_characters() -> None:
    # src 81: "can Claim the opposite side of a Conflict if the other is already Claimed"; src 83:
    # only a side "you're Allied with"; src 82: an extra Claim for a Story Token. Ann plays Skitter
    # (A) and Vale (B): she claims A free and buys B. A [6, 2] controls B [4]: she resolves A,
    # pairs 2-4 and takes the losing 2 herself (src 140: "a character on both sides"); Skitter's
    # winning stake has nobody but Ann's own Vale to go to, so it vanishes (src 134).
    sim = _with_vale(tokens=2)
    sim.put_conflict(
        "c1",
        a=(6, 2),
        b=(4,),
        allies={"skitter": "A", "inspector_vale": "B"},
        stakes={"A": [("skitter", "truth", 1)]},
    )
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    assert _page(sim)[2:] == ("claims", "ann")  # the bought go-around: Ann has a token left
    sim.do("ann", "claim", conflict="c1", side="B")
    pass_claims(sim)
    assert sim.state.tokens["ann"] == 0
    sim.do("ann", "begin_actions")
    for seat, who in (("ann", "skitter"), ("ann", "inspector_vale"), ("bea", ""), ("cal", "")):
        sim.do(seat, "create_conflict", text=f"{seat} scratch {len(sim.state.conflicts)}", character=who)
        sim.do(seat, "end_action")
    sim.do("ann", "resolve", conflict="c1", pairs="2-4", losers="ann")
    assert sim.state.conflict("c1") is None
    assert _inspirations(sim, "ann") == [2, 6]
    assert sim.state.tokens == {"ann": 0, "bea": 0, "cal": 0}


@pytest.mark.rules("CAPES-RES-001", "CAPES-CONF-004")
def test_claim__kept_after_the_claimant_goes_over_to_the_other_side() -> None:
    # src 131: "If the side they claimed Controls the Conflict then they Resolve it"; alliance
    # (src 83) is asked when the Claim is made. Ann claims A (Skitter on A); in her Action Silk
    # Lines rolls B's 1 up to 2 to help B, so Skitter is now on B. A [5] still controls B [2] at the
    # Page's end: Ann resolves A all the same, and pairs 5-2 give her an Inspiration of 3.
    sim = cast_game()
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A", "rampart": "B"})
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "begin_actions")
    sim.do(
        "ann",
        "use_ability",
        dice=(2,),
        ability="Silk Lines",
        conflict="c1",
        side="B",
        help="B",
        drive="truth",
    )
    sim.do("ann", "accept")
    _nobody_reacts(sim)
    sim.do("ann", "end_action")
    conflict = sim.state.conflict("c1")
    assert conflict is not None and conflict.alliances["skitter"].side == "B"
    _filler_actions(sim, ("bea", "cal"))
    sim.do("ann", "resolve", conflict="c1", pairs="5-2")
    assert sim.state.conflict("c1") is None
    assert _inspirations(sim, "ann") == [3]


# -- Story Tokens at resolution (CAPES-RES-004/005) -----------------------------------------------


@pytest.mark.rules("CAPES-RES-005", "CAPES-RES-004")
def test_resolve__a_creator_who_never_rolled_lost_nothing_and_gets_no_token() -> None:
    # src 135: the creator gets the first Story Token "If the character who created the Conflict
    # loses"; src 110: sides are joined by rolling. Rampart (Cal) created the Event and never rolled
    # on it. Skitter (A) staked 2 and wins; Sylvie (B) lost: both tokens go to Bea, none to Cal.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(5,),
        b=(2,),
        allies={"skitter": "A", "aunt_sylvie": "B"},
        stakes={"A": [("skitter", "truth", 2)]},
        creator="rampart",
        creator_player="cal",
    )
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.do("ann", "resolve", conflict="c1", pairs="5-2")
    assert sim.state.tokens == {"ann": 0, "bea": 2, "cal": 0}


# -- Drives and the undifferentiated stack (CAPES-CHAR-007/009, CAPES-DEBT-003) -------------------


@pytest.mark.rules("CAPES-CHAR-007", "CAPES-CHAR-001", "CAPES-CHAR-003")
def test_drives__a_normal_person_with_skills_has_none() -> None:
    # src 211: "Super-powered characters can have Drives"; src 218: "normal people have Skills and
    # not Powers"; src 231: "A super-powered character ... should have Drives defined". A baker
    # with Skills given five Drives summing to 9 is refused; without them she is made.
    sim = Sim()
    sim.refuse(
        "ann",
        "create_character",
        name="Mrs Hale",
        skills="Baking,Gossip,Nursing",
        attitudes="Worried,Warm,Nosy",
        styles="Fussing,Chatty,Stubborn",
        drives="love:3,hope:2,truth:2,duty:1,justice:1",
    )
    assert "mrs_hale" not in sim.state.roster
    sim.do(
        "ann",
        "create_character",
        name="Mrs Hale",
        skills="Baking,Gossip,Nursing",
        attitudes="Worried,Warm,Nosy",
        styles="Fussing,Chatty,Stubborn",
    )
    assert sim.state.roster["mrs_hale"].sheet.drives == ()


@pytest.mark.rules("CAPES-CHAR-009", "CAPES-DEBT-003")
def test_overdrawn__an_undifferentiated_stack_rolls_once_however_deep() -> None:
    # src 236: "one big stack of Debt"; src 237: "Overdrawn when they have more than five Debt";
    # src 147: a roll "for each Overdrawn drive". The Swarm Thug's stack holds 12: one Drive-like
    # stack, one roll (its 5 rolls 2, kept), then Page 2's claims.
    sim = cast_game()
    sim.do(
        "ann",
        "create_character",
        name="Swarm Thug",
        powers="Bite,Sting,Buzz",
        attitudes="Mean,Dim,Loyal",
        styles="Loud,Fast,Dirty",
    )
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    sim.do("ann", "choose", character="swarm_thug")
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"swarm_thug": "A"})
    sim.set_debt("swarm_thug", "stack", 12)
    for seat, who in (("ann", "skitter"), ("ann", "swarm_thug"), ("bea", ""), ("cal", "")):
        sim.do(seat, "create_conflict", text=f"{seat} scratch {len(sim.state.conflicts)}", character=who)
        sim.do(seat, "end_action")
    assert _page(sim)[:3] == (2, "bea", "overdrawn")
    sim.do("ann", "overdrawn_roll", dice=(2,), character="swarm_thug")
    assert sim.side("c1", "A").dice == (2,)
    assert _page(sim)[:3] == (2, "bea", "claims")


# -- what a character owns after changing sides (src 110) -----------------------------------------


def _skitter_goes_over_to_b(sim: Sim) -> None:
    """In Ann's Action Skitter (on A, Truth 1 staked there) rolls B's 1 up to 2 and keeps it."""
    sim.do(
        "ann",
        "use_ability",
        dice=(2,),
        ability="Silk Lines",
        conflict="c1",
        side="B",
        help="B",
        drive="truth",
    )
    sim.do("ann", "accept")
    _nobody_reacts(sim)


@pytest.mark.rules("CAPES-DEBT-003", "CAPES-CONF-004")
def test_overdrawn__the_highest_die_of_the_side_she_went_over_to() -> None:
    # src 147: "rolls the highest die the character owns"; src 110: "If you ally with another side
    # in the same conflict you're no longer Allied to your original side". Skitter staked on A [5]
    # and then helped B: she now owns B's 2, not A's 5. Truth overdrawn: her roll (1) takes B's 2.
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"}, stakes={"A": [("skitter", "truth", 1)]})
    sim.set_debt("skitter", "truth", 3)
    _skitter_goes_over_to_b(sim)  # Silk Lines earns 1 more: Truth 4 > 3
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    assert _page(sim)[:3] == (2, "bea", "overdrawn")
    sim.do("ann", "overdrawn_roll", dice=(1,))
    assert sim.side("c1", "A").dice == (5,)
    assert sim.side("c1", "B").dice == (1,)


@pytest.mark.rules("CAPES-ACT-003", "CAPES-CONF-004")
def test_inspiration__after_going_over_only_on_the_new_side() -> None:
    # src 101: an Inspiration raises "one die on the character's side"; src 110. In one Action
    # Skitter (on A) rolls B up and keeps it: her 5 may now raise B's 2, not A's 1.
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"skitter": "A"})
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=5, source="c0"),)})
    _skitter_goes_over_to_b(sim)
    sim.refuse("ann", "inspire", value=5, conflict="c1", side="A")
    sim.do("ann", "inspire", value=5, conflict="c1", side="B")
    assert sim.side("c1", "B").dice == (5,) and sim.side("c1", "A").dice == (1,)


@pytest.mark.rules("CAPES-SPLIT-001", "CAPES-CONF-004")
def test_split__her_stake_left_on_the_old_side_does_not_make_its_die_hers() -> None:
    # src 102: "You may Split the dice on your side of a Conflict"; src 110. Skitter's 1 Truth stays
    # staked on A [4] after she goes over to B: A's die is not on her side any more.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(1,), allies={"skitter": "A"}, stakes={"A": [("skitter", "truth", 1)]})
    _skitter_goes_over_to_b(sim)
    sim.refuse("ann", "split", conflict="c1", side="A", die=1, parts=2, rule="CAPES-SPLIT-001")
    assert sim.side("c1", "A").dice == (4,)


@pytest.mark.rules("CAPES-STAKE-002", "CAPES-CONF-004")
def test_stake__a_second_drive_after_going_over_is_still_refused() -> None:
    # src 168: "Each character may Stake one Drive per Conflict". Skitter staked Truth on A, then
    # went over to B: a Justice stake on B would be a second Drive on c1. More Truth may go on B.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(1,), allies={"skitter": "A"}, stakes={"A": [("skitter", "truth", 1)]})
    sim.set_debt("skitter", "justice", 2)
    _skitter_goes_over_to_b(sim)  # Truth 0 -> 1
    sim.refuse("ann", "stake", conflict="c1", drive="justice", amount=1, rule="CAPES-STAKE-002")
    sim.do("ann", "stake", conflict="c1", drive="truth", amount=1)
    assert sim.side("c1", "B").stakes == (Stake(character="skitter", pool="truth", amount=1),)


# -- split-off sides (CAPES-SPLIT) ----------------------------------------------------------------


@pytest.mark.rules("CAPES-SPLIT-002", "CAPES-SPLIT-005")
def test_split__a_split_off_side_grows_with_each_stake_on_it() -> None:
    # src 177: "as many Debt as are Staked on that side"; src 180: a split-off side "of your own"
    # (PROPOSED SPLIT-002: no free die). Skitter's side C holds [2, 1] and her 2 Truth: full. She
    # stakes 1 more Truth on C: room for 3 dice; the 2 splits to [1, 1].
    sim = actions_game()
    sim.put_conflict(
        "c1",
        a=(1,),
        b=(3,),
        allies={"skitter": "C"},
        extra_sides=(
            Side(
                id="C",
                dice=(2, 1),
                stakes=(Stake(character="skitter", pool="truth", amount=2),),
                original=False,
            ),
        ),
    )
    sim.set_debt("skitter", "truth", 1)
    sim.refuse("ann", "split", conflict="c1", side="C", die=1, parts=2, rule="CAPES-SPLIT-002")
    sim.do("ann", "stake", conflict="c1", drive="truth", amount=1)
    sim.do("ann", "split", conflict="c1", side="C", die=1, parts=2)
    assert sorted(sim.side("c1", "C").dice) == [1, 1, 1]


# -- three sides and alliance (CAPES-CONF-004) ----------------------------------------------------


@pytest.mark.rules("CAPES-CONF-004", "CAPES-PAGE-007")
def test_claim__rolling_down_a_third_sides_die_allies_with_the_side_helped() -> None:
    # src 110: "roll down the die of an opposing side, you are considered Allied to that side" (the
    # side helped); src 83. Skitter was on C; she rolls C's 3 down to 1 to help A and keeps it.
    # On Page 2 Ann may claim A, not C.
    sim = actions_game()
    sim.put_conflict(
        "c1",
        a=(2,),
        b=(2,),
        allies={"skitter": "C", "rampart": "B"},
        extra_sides=(Side(id="C", dice=(3,), original=False),),
    )
    sim.do(
        "ann",
        "use_ability",
        dice=(1,),
        ability="Silk Lines",
        conflict="c1",
        side="C",
        help="A",
        drive="truth",
    )
    sim.do("ann", "accept")
    _nobody_reacts(sim)
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.refuse("ann", "claim", conflict="c1", side="C", rule="CAPES-PAGE-007")
    sim.do("ann", "claim", conflict="c1", side="A")


# -- Reactions (CAPES-REACT) ----------------------------------------------------------------------


@pytest.mark.rules("CAPES-REACT-001", "CAPES-REACT-003", "CAPES-ABIL-001")
def test_reaction__the_actor_reacts_to_her_own_roll_with_the_same_power() -> None:
    # src 197: "any player (not just the acting one) may roll that die again"; src 200: "The acting
    # player gets the first opportunity"; src 183: a super-ability "earns a Debt Token each time".
    # Silk Lines rolls A's 2 to 3 (kept); Ann reacts with Silk Lines again (3 >= 3): 5, kept.
    # Truth 0 -> 2.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "react", dice=(5,), ability="Silk Lines", help="A", drive="truth")
    sim.do("ann", "accept")
    assert sim.side("c1", "A").dice == (5,)
    assert sim.debt("skitter", "truth") == 2


# -- gloating (CAPES-GLOAT) -----------------------------------------------------------------------


@pytest.mark.rules("CAPES-GLOAT-002")
def test_gloat__more_dice_than_stand_above_one_is_refused() -> None:
    # src 205: "Starting with their highest die on the Conflict they may turn dice to 1. For each die
    # turned the Resolver earns a Story Token"; PROPOSED GLOAT-002: only dice above 1 count. A [5, 1]
    # has one die to turn: a Gloat of 2 is refused and changes nothing; a Gloat of 1 earns 1 token.
    sim = cast_game()
    sim.put_conflict("c1", a=(5, 1), b=(3,), allies={"skitter": "A"}, stakes={"A": [("skitter", "truth", 1)]})
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.refuse("ann", "gloat", conflict="c1", count=2)
    sim.do("ann", "gloat", conflict="c1", count=1)
    assert sorted(sim.side("c1", "A").dice) == [1, 1]
    assert sim.state.tokens["ann"] == 1


# -- a Free Conflict added at Page start (CAPES-PAGE-008/009) -------------------------------------


@pytest.mark.rules("CAPES-PAGE-008", "CAPES-PAGE-009", "CAPES-CHAR-012")
def test_claim__a_free_conflict_added_this_page_is_claimable_the_next() -> None:
    # src 86: the Exemplar's Free Conflict "for free"; src 89: "you can't Claim it in the same Page
    # that you created it". Ann adds Skitter's Free Conflict with Sylvie on Page 1 (c1); Bea rolls
    # its fresh die up to 3 in her Action and keeps it; on Page 2 Bea claims the side she helped.
    sim = cast_game()
    sim.do(
        "ann",
        "create_conflict",
        text="Sylvie asks about the bruises",
        free="exemplar",
        exemplar="aunt_sylvie",
    )
    (card,) = sim.state.conflicts
    sim.refuse("ann", "claim", conflict=card.id, side="A")
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann",))
    sim.do("bea", "use_ability", dice=(3,), ability="Nosy", conflict=card.id, side="B", help="B")
    sim.do("bea", "accept")
    _nobody_reacts(sim)
    sim.do("bea", "end_action")
    _filler_actions(sim, ("cal",))
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.do("bea", "claim", conflict=card.id, side="B")


# -- Inspirations and split sides (CAPES-ACT-003) -------------------------------------------------


@pytest.mark.rules("CAPES-ACT-003")
def test_inspiration__raises_the_chosen_die_of_a_split_side() -> None:
    # src 101: "raise one die on the character's side of a Conflict to the value of the
    # Inspiration". Skitter's side A is split [3, 2]: her 5 raises the second die -> [3, 5].
    sim = actions_game()
    sim.put_conflict("c1", a=(3, 2), b=(4,), allies={"skitter": "A"}, stakes={"A": [("skitter", "truth", 1)]})
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=5, source="c0"),)})
    sim.do("ann", "inspire", value=5, conflict="c1", side="A", die=2)
    assert sim.side("c1", "A").dice == (3, 5)
    assert sim.state.inspirations.get("ann", ()) == ()


# -- matching dice (CAPES-RES-006/007) ------------------------------------------------------------


@pytest.mark.rules("CAPES-RES-006", "CAPES-RES-007")
def test_resolve__three_winning_dice_against_one_the_resolver_pairs_the_lowest() -> None:
    # src 137: "The Resolver chooses which dice to match up"; src 140-141. Winning A [5, 4, 1] vs
    # losing B [3]: Ann pairs 1-3 -> Bea +2 (the losing die is higher); leftovers 5 and 4 -> Ann.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(5, 4, 1),
        b=(3,),
        allies={"skitter": "A", "aunt_sylvie": "B"},
        stakes={"A": [("skitter", "truth", 2)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.do("ann", "resolve", conflict="c1", pairs="1-3")
    assert _inspirations(sim, "ann") == [4, 5]
    assert _inspirations(sim, "bea") == [2]


@pytest.mark.rules("CAPES-RES-006", "CAPES-RES-007")
def test_resolve__a_losing_side_nobody_stands_on_gives_its_inspirations_to_nobody() -> None:
    # src 140: the losing Inspiration goes to a "player that had a character on the losing side";
    # src 141: leftovers go "for the appropriate side". Rampart left B for A: nobody stands on B.
    # A [2, 6] vs B [4, 1]: pairs 2-4 and 6-1 -> Ann +5; the 2 owed to B's side has no one to take it.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(2, 6),
        b=(4, 1),
        allies={"skitter": "A", "rampart": "A"},
        stakes={"A": [("skitter", "truth", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.do("ann", "resolve", conflict="c1", pairs="2-4,6-1")
    assert sim.state.conflict("c1") is None
    assert _inspirations(sim, "ann") == [5]
    assert _inspirations(sim, "bea") == [] and _inspirations(sim, "cal") == []
    assert sim.state.tokens == {"ann": 0, "bea": 0, "cal": 0}


# -- splitting (CAPES-SPLIT-001/002) --------------------------------------------------------------


@pytest.mark.rules("CAPES-SPLIT-001", "CAPES-SPLIT-002")
def test_split__a_six_into_four_dice_with_three_staked() -> None:
    # src 177-178: "as many Debt as are Staked" (+ the free die, PROPOSED) and "as evenly as
    # possible". Skitter stakes 3 Truth on A [6]: room for 4 dice; 6 into four -> 2, 2, 1, 1.
    sim = actions_game()
    sim.put_conflict("c1", a=(6,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 3)
    sim.do("ann", "stake", conflict="c1", drive="truth", amount=3)
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=4)
    assert sorted(sim.side("c1", "A").dice, reverse=True) == [2, 2, 1, 1]


# -- Overdrawn (CAPES-DEBT-003) -------------------------------------------------------------------


@pytest.mark.rules("CAPES-DEBT-003")
def test_overdrawn__a_six_no_ability_could_reach_is_rolled() -> None:
    # src 147: "rolls the highest die the character owns, accepting only lower rolls" -- no ability
    # rating limits it. Skitter owns A's 6 (no ability of hers reaches it); Truth overdrawn: 3, kept.
    sim = actions_game()
    sim.put_conflict("c1", a=(6,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 4)
    _filler_actions(sim, ("ann", "bea", "cal"))
    assert _page(sim)[:3] == (2, "bea", "overdrawn")
    sim.do("ann", "overdrawn_roll", dice=(3,))
    assert sim.side("c1", "A").dice == (3,)


@pytest.mark.rules("CAPES-DEBT-003", "CAPES-PAGE-003")
def test_overdrawn__two_players_characters_each_roll_their_own_highest_die() -> None:
    # src 147: "for each Overdrawn drive, the player rolls the highest die the character owns";
    # PROPOSED PAGE-003: clockwise from the Starter. Skitter (Ann; Truth 4 > 3) owns c1 A [5],
    # Rampart (Cal; Love 2 > 1) owns c1 B [4]. On Page 2 (Starter Bea) Cal rolls first: B's 4 -> 2,
    # kept; then Ann: A's 5 -> 6, not kept. Each rolls their own character's highest die.
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(4,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 4)
    sim.set_debt("rampart", "love", 2)
    _filler_actions(sim, ("ann", "bea", "cal"))
    assert _page(sim)[:3] == (2, "bea", "overdrawn")
    assert whose_turn(sim.state)[0] == "cal"
    sim.refuse("ann", "overdrawn_roll", dice=(1,))
    sim.do("cal", "overdrawn_roll", dice=(2,))
    assert sim.side("c1", "B").dice == (2,)
    sim.do("ann", "overdrawn_roll", dice=(6,))
    assert sim.side("c1", "A").dice == (5,)
    assert _page(sim)[2] == "claims"


# -- building (CAPES-CHAR-007) --------------------------------------------------------------------


@pytest.mark.rules("CAPES-CHAR-007", "CAPES-DEBT-006")
def test_drives__heroic_and_villainous_mixed() -> None:
    # src 233: "Choose five Drives, all Heroic, all Villainous, or a mix"; src 234: totalling nine.
    # Justice 3, Pride 2, Fear 2, Hope 1, Love 1 is a legal mix.
    sim = Sim()
    sim.do(
        "ann",
        "create_character",
        name="Gray Knight",
        powers="Blade,Shadow,Armour",
        attitudes="Cold,Proud,Loyal",
        styles="Swift,Grim,Silent",
        drives="justice:3,pride:2,fear:2,hope:1,love:1",
    )
    sheet = sim.state.roster["gray_knight"].sheet
    assert {str(d.drive): d.strength for d in sheet.drives} == {
        "justice": 3,
        "pride": 2,
        "fear": 2,
        "hope": 1,
        "love": 1,
    }


# -- And Then after an Action's narration (CAPES-CONF-006) ----------------------------------------


@pytest.mark.rules("CAPES-CONF-006", "CAPES-ABIL-005")
@pytest.mark.parametrize(
    ("face", "decision", "finishers"), [(4, "accept", ("bea",)), (1, "revert", ("bea",)), (6, "accept", None)]
)
def test_and_then__an_actions_narration_where_the_roller_does_not_control(
    face: int, decision: str, finishers: tuple[str, ...] | None
) -> None:
    # src 113: "if you narrating your action but don't control the conflict, at some point you say
    # 'and then' and let somebody on the controlling side explain how it got worse for you"; src 191:
    # "Whether you accept the roll or not, you narrate what happens". Skitter (A [2]) against Sylvie
    # (B [5]): Silk Lines rolls A's 2. Kept at 4 or turned back, B still controls: Bea is asked to
    # finish Ann's narration. Kept at 6, A controls: Ann finishes it herself.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(5,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.do("ann", "use_ability", dice=(face,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", decision, text="Skitter's silk snags the thief's ankle")
    if finishers is None:
        assert sim.state.and_then is None
    else:
        assert sim.state.and_then is not None
        assert (sim.state.and_then.conflict, sim.state.and_then.finishers) == ("c1", finishers)


@pytest.mark.rules("CAPES-CONF-006", "CAPES-REACT-005")
def test_and_then__a_reactors_narration_is_finished_by_the_controlling_side_too() -> None:
    # src 113: "Whenever anybody narrates anything about a Conflict, the narration has to be finished
    # by somebody on the controlling side"; src 203: Reactions "happen in addition to the action's
    # narration". Ann's Silk Lines lifts A's 2 to 3 (kept, no narration: no hand-over). Cal reacts
    # with Great Leap (3) for A: 4, kept, narrated; B [5] still controls, so Bea finishes it.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(5,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.do("ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    assert sim.state.and_then is None
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "react", dice=(4,), ability="Great Leap", help="A", drive="hope")
    sim.do("cal", "accept", text="Rampart lands on the getaway van")
    assert sim.state.and_then is not None
    assert (sim.state.and_then.by, sim.state.and_then.finishers) == ("cal", ("bea",))
    sim.do("bea", "narrate", text="and then the van's alarm brings the guards", conflict="c1")
    assert sim.state.and_then is None


# -- more pins on thin lines ----------------------------------------------------------------------


@pytest.mark.rules("CAPES-ACT-002", "CAPES-ACT-003", "CAPES-ABIL-002")
def test_inspiration__raises_a_die_before_the_ability_then_a_higher_rating_rolls_it() -> None:
    # src 98: "At any time in their Action a player may spend an Inspiration"; src 188: "The ability
    # score must be at least the value of the ... die". Skitter's A [2]: her 4 raises it to 4; Silk
    # Lines (3) can no longer roll it, Swarm Armour (4) can: 6, kept.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(5,), allies={"skitter": "A"})
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=4, source="c0"),)})
    sim.do("ann", "inspire", value=4, conflict="c1", side="A")
    sim.refuse("ann", "use_ability", dice=(6,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "use_ability", dice=(6,), ability="Swarm Armour", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    assert sim.side("c1", "A").dice == (6,)


@pytest.mark.rules("CAPES-ABIL-003", "CAPES-REACT-001")
def test_reaction__turned_back_the_die_keeps_the_actions_kept_value() -> None:
    # src 188: "turn the die back to its original value" -- for a Reaction, the value it was rolled
    # from. Ann's Silk Lines lifts A's 2 to 4 (kept); Cal's Hopeful (5) reacts: 1, turned back: the
    # die shows 4, not the 2 it had before Ann's Action.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(5,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.do("ann", "use_ability", dice=(4,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("cal", "react", dice=(1,), ability="Hopeful", help="B")
    sim.do("cal", "revert")
    assert sim.side("c1", "A").dice == (4,)


@pytest.mark.rules("CAPES-RES-004", "CAPES-DEBT-002", "CAPES-DEBT-003")
def test_overdrawn__won_stakes_are_given_away_and_overdraw_nothing() -> None:
    # src 131: "Winners give away their Stakes"; src 153: staked Debt does not count. Skitter (Truth 3
    # holding 3) stakes 2 on A [6] against B [2]; Ann resolves A: the 2 go to Bea as tokens, Truth
    # holds 1, and Page 2 opens with claims, not an Overdrawn roll (she still owns c2's 4).
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.put_conflict("c2", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 3)
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "begin_actions")
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.do("ann", "create_conflict", text="Skitter's trouble")
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    sim.do("ann", "resolve", conflict="c1")
    assert sim.debt("skitter", "truth") == 1
    assert sim.state.tokens["bea"] == 2
    assert _page(sim)[:3] == (2, "bea", "claims")


@pytest.mark.rules("CAPES-CONF-004")
def test_alliance__going_over_in_one_conflict_leaves_the_others_alone() -> None:
    # src 110: "If you ally with another side in the same conflict you're no longer Allied to your
    # original side" -- the same Conflict only. Skitter is on A in c1 and c2; she helps c1's B: on
    # Page 2 Ann may claim c1 B and c2 A, not c1 A.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(3,), b=(1,), allies={"skitter": "A"})
    _skitter_goes_over_to_b(sim)
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.refuse("ann", "claim", conflict="c1", side="A", rule="CAPES-PAGE-007")
    sim.do("ann", "claim", conflict="c2", side="A")


@pytest.mark.rules("CAPES-CHAR-012", "CAPES-PAGE-009")
def test_exemplar__one_player_playing_both_adds_their_free_conflict() -> None:
    # src 86: "If a character and one of their Exemplars are both in the Scene, the person playing
    # either can add the 'Free Conflict' between them for free". Ann plays Skitter and buys Aunt
    # Sylvie at casting; at Page 1's start she adds their Free Conflict without paying (tokens 0).
    sim = Sim(start_story_tokens=1)
    for seat, name in (("ann", "Skitter"), ("ann", "Aunt Sylvie"), ("cal", "Rampart")):
        sim.do(seat, "add_sample", name=name)
    sim.do("ann", "declare_scene", text="Sunday dinner")
    sim.do("ann", "choose", character="skitter")
    sim.do("bea", "pass")
    sim.do("cal", "choose", character="rampart")
    sim.do("ann", "choose", character="aunt_sylvie")
    while sim.state.scene is not None and sim.state.scene.casting:
        sim.do(sim.state.scene.turn, "pass")
    assert sim.state.tokens["ann"] == 0
    sim.do(
        "ann",
        "create_conflict",
        text="Sylvie asks about the bruises",
        free="exemplar",
        exemplar="aunt_sylvie",
        character="skitter",
    )
    assert [c.text for c in sim.state.conflicts] == ["Sylvie asks about the bruises"]
    assert sim.state.tokens["ann"] == 0


@pytest.mark.rules("CAPES-DEBT-003")
def test_overdrawn__two_equal_highest_dice_the_player_picks_which() -> None:
    # src 147: "the highest die the character owns"; PROPOSED DEBT-003: among equal highest the
    # player picks. Skitter owns c1 A [4] and c2 A [4]: Ann rolls c2's (2, kept); c1 keeps its 4.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 4)
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.do("ann", "overdrawn_roll", dice=(2,), conflict="c2", side="A", die=1)
    assert sim.side("c2", "A").dice == (2,) and sim.side("c1", "A").dice == (4,)


@pytest.mark.rules("CAPES-RES-005", "CAPES-EG-004")
def test_resolve__a_goals_own_character_who_never_rolled_lost_it_and_gets_the_first_token() -> None:
    # src 122-123: a Goal is "a character ... trying to make something happen"; if their side does
    # not resolve it "they fail"; src 135: the creator who loses "get[s] the first Story Token".
    # Ann declared "Skitter unmasks the mole" for Skitter, who never rolled on it; Sylvie (Bea) and
    # Rampart (Cal) pushed B. Bea resolves B: Rampart's 1 winning Debt is Ann's first token.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(1,),
        b=(5,),
        kind="goal",
        text="Skitter unmasks the mole",
        allies={"aunt_sylvie": "B", "rampart": "B"},
        stakes={"B": [("rampart", "duty", 1)]},
    )
    _claims(sim, {"bea": ("c1", "B")})
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.do("bea", "resolve", conflict="c1")
    assert sim.state.tokens == {"ann": 1, "bea": 0, "cal": 0}
    assert any(g.startswith("skitter/") for g in sim.state.scene.failed_goals)  # type: ignore[union-attr]


@pytest.mark.rules("CAPES-CONF-006", "CAPES-GLOAT-003")
@pytest.mark.parametrize(("count", "finishers"), [(1, None), (2, ("bea",))])
def test_and_then__gloating_narration_where_the_gloat_hands_over_control(
    count: int, finishers: tuple[str, ...] | None
) -> None:
    # src 206: "You should narrate your character gloating"; src 113: narration about a Conflict
    # "has to be finished by somebody on the controlling side". Ann claims A [6, 4] against Sylvie's
    # B [3] and Gloats. One die (6 -> 1): A [1, 4] still controls, Ann's own side. Two dice: A [1, 1]
    # falls below B, so Bea finishes Ann's gloating narration.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6, 4),
        b=(3,),
        allies={"skitter": "A", "aunt_sylvie": "B"},
        stakes={"A": [("skitter", "truth", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.do("ann", "gloat", conflict="c1", count=count, text="Skitter crows over the fallen guards")
    if finishers is None:
        assert sim.state.and_then is None
    else:
        assert sim.state.and_then is not None
        assert (sim.state.and_then.conflict, sim.state.and_then.finishers) == ("c1", finishers)


@pytest.mark.rules("CAPES-SPLIT-005", "CAPES-RES-004", "CAPES-RES-005", "CAPES-RES-006", "CAPES-RES-007")
def test_split_off__a_third_side_wins_and_both_old_sides_pay() -> None:
    # src 180: "Split off from a side you've previously been supporting to form a new third ... side
    # of your own"; src 131-132, 141. Page 1: Skitter (A [6], Rampart with her) stakes 2 Truth, splits
    # the 6 to [2, 2, 2] and takes 2 Debt and [2, 2] to C; Swarm Armour lifts one of C's 2s to 6.
    # Page 2: Ann claims C and resolves C [6, 2] over A [2] and B [2] (Sylvie): Skitter's 2 Debt are
    # one token each for Bea and Cal (clockwise from Ann's left), pairs 6-2, 2-2 give Ann a 4.
    sim = actions_game()
    sim.put_conflict("c1", a=(6,), b=(2,), allies={"skitter": "A", "rampart": "A", "aunt_sylvie": "B"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=3)
    sim.do("ann", "split_off", conflict="c1", side="A", label="Skitter's own plan", payload={"dice": "2,2"})
    sim.do(
        "ann", "use_ability", dice=(6,), ability="Swarm Armour", conflict="c1", side="C", die=1, drive="truth"
    )
    sim.do("ann", "accept")
    sim.do("ann", "end_action")  # a 6: nobody can react
    _filler_actions(sim, ("bea", "cal"))
    _claims(sim, {"ann": ("c1", "C")})
    sim.do("bea", "begin_actions")
    _filler_actions(sim, ("bea", "cal", "ann"))
    sim.do("ann", "resolve", conflict="c1")
    assert sim.state.conflict("c1") is None
    assert sim.state.tokens == {"ann": 0, "bea": 1, "cal": 1}
    assert _inspirations(sim, "ann") == [4]
    assert sim.debt("skitter", "truth") == 1


# -- the Page's structure (CAPES-PAGE-003, src 72-76) ---------------------------------------------


@pytest.mark.rules("CAPES-PAGE-003", "CAPES-PAGE-011", "CAPES-RES-001")
def test_page__each_phase_refuses_the_others_moves() -> None:
    # src 72-76: "Claiming conflicts/adding new Conflicts/Characters; Free narration; Actions;
    # Resolving conflicts", in that order. Ann (Starter) holds a claim on c1 A, which controls.
    # In claims: no Action, no begin_actions. In narration: no claim, no resolve. In the Actions:
    # no claim, no resolve. Only after the Actions does Ann resolve c1.
    sim = cast_game()
    sim.put_conflict("c1", a=(5,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.refuse("ann", "use_ability", dice=(4,), ability="Silk Lines", conflict="c1", side="B", drive="truth")
    sim.refuse("ann", "begin_actions")
    _claims(sim, {"ann": ("c1", "A")})
    assert sim.phase() == "narration"
    sim.refuse("bea", "claim", conflict="c1", side="B", rule="CAPES-PAGE-003")
    sim.refuse("ann", "resolve", conflict="c1", rule="CAPES-RES-001")
    sim.do("ann", "begin_actions")
    sim.refuse("bea", "claim", conflict="c1", side="B", rule="CAPES-PAGE-003")
    sim.refuse("ann", "resolve", conflict="c1", rule="CAPES-RES-001")
    _filler_actions(sim, ("ann", "bea", "cal"))
    assert sim.phase() == "resolving"
    sim.do("ann", "resolve", conflict="c1")
    assert sim.state.conflict("c1") is None


# -- Events and Goals (CAPES-EG) ------------------------------------------------------------------


@pytest.mark.rules("CAPES-EG-002", "CAPES-PAGE-009")
def test_event__bought_at_page_start_and_vetoed_the_token_comes_back() -> None:
    # src 88: "spend a Story Token to add a Conflict"; src 118: "any player can veto any Event when
    # it is declared". Bea (1 token) adds "A blackout hits the gala" on her claiming turn; Cal vetoes
    # it at once: the card is gone and Bea has her token back.
    sim = cast_game(start_story_tokens=1)
    sim.do("ann", "pass")
    sim.do("bea", "create_conflict", text="A blackout hits the gala")
    assert sim.state.tokens["bea"] == 0
    (card,) = sim.state.conflicts
    sim.do("cal", "veto", conflict=card.id)
    assert sim.state.conflicts == ()
    assert sim.state.tokens["bea"] == 1


@pytest.mark.rules("CAPES-EG-004", "CAPES-EG-006", "CAPES-SPLIT-005")
def test_goal__a_split_off_side_resolving_fails_the_goal() -> None:
    # src 123: "If that side resolves the Goal, then they succeed at the goal. Otherwise they fail";
    # src 125. Rampart's Goal "Rampart saves the mayor" (aim side A [2]); Skitter split off C [5]
    # with 1 Debt, which controls; Ann resolves C. Rampart failed: Cal may not declare it again.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(2,),
        b=(1,),
        kind="goal",
        text="Rampart saves the mayor",
        creator="rampart",
        creator_player="cal",
        allies={"rampart": "A", "skitter": "C"},
        extra_sides=(
            Side(
                id="C",
                dice=(5,),
                stakes=(Stake(character="skitter", pool="truth", amount=1),),
                original=False,
            ),
        ),
    )
    _claims(sim, {"ann": ("c1", "C")})
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.do("ann", "resolve", conflict="c1")
    assert sim.state.conflict("c1") is None
    assert sim.state.tokens["cal"] == 1  # Skitter's stake: Rampart created it and lost
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.do("bea", "pass")
    sim.refuse("cal", "create_conflict", text="Rampart saves the mayor", kind="goal", rule="CAPES-EG-006")


# -- non-person characters (CAPES-CHAR-017) -------------------------------------------------------


@pytest.mark.rules("CAPES-CHAR-017", "CAPES-CHAR-007")
def test_non_person__has_no_drives() -> None:
    # src 87, 269-272: non-person characters are TKTK; PROPOSED CHAR-017: "a character with Abilities
    # only (no Drives ...)". A Living Storm with Powers and five Drives is refused; without the
    # Drives it is made, its Debt on the one stack.
    sim = Sim()
    storm = {
        "name": "Living Storm",
        "powers": "Lightning,Wind,Rain",
        "attitudes": "Angry,Wild,Cold",
        "styles": "Loud,Fast,Wet",
        "non_person": True,
        "free_conflict": "The storm breaks",
    }
    sim.refuse(
        "ann",
        "create_character",
        payload={**storm, "drives": "truth:3,justice:2,love:2,hope:1,duty:1"},
        rule="CAPES-CHAR-017",
    )
    assert "living_storm" not in sim.state.roster
    sim.do("ann", "create_character", payload=storm)
    char = sim.state.roster["living_storm"]
    assert char.sheet.drives == () and char.sheet.pools() == ("stack",)


# -- Events are not Goals (CAPES-EG-001, CAPES-CONF-008) ------------------------------------------


@pytest.mark.rules("CAPES-EG-001", "CAPES-CONF-008", "CAPES-EG-006")
def test_event__lost_by_its_declarer_bars_nothing() -> None:
    # src 116-119: an Event "will happen"; "No matter who Resolves the Event, it has to happen" --
    # nobody fails it (only a Goal is failed, src 123-125). Skitter's Event "The lights go out" is
    # resolved by Bea's side B; Skitter has failed nothing, and Ann may declare the same Event again.
    sim = cast_game()
    sim.put_conflict(
        "c1", a=(2,), b=(5,), text="The lights go out", allies={"skitter": "A", "aunt_sylvie": "B"}
    )
    _claims(sim, {"bea": ("c1", "B")})
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.do("bea", "resolve", conflict="c1")
    assert sim.state.scene is not None and sim.state.scene.failed_goals == ()
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    _filler_actions(sim, ("bea", "cal"))
    sim.do("ann", "create_conflict", text="The lights go out")
    assert sim.state.conflicts[-1].text == "The lights go out"


# -- starting resources (CAPES-RSRC-003, CAPES-DEBT-001) ------------------------------------------


@pytest.mark.rules("CAPES-RSRC-003", "CAPES-DEBT-001")
def test_start__configured_tokens_inspirations_and_debt() -> None:
    # No src gives starting resources (RSRC-003 PROPOSED: start_story_tokens, start_debt,
    # start_inspirations); src 147: "Debt Tokens go on Drives". With 2 tokens, an Inspiration of 3
    # and 2 Debt: each player holds 2 tokens and a 3; Skitter's 2 Debt sit on Truth, her first Drive,
    # which is not Overdrawn (2 <= 3); Aunt Sylvie, with no powers, holds none.
    sim = Sim(start_story_tokens=2, start_inspirations=[3], start_debt=2)
    for seat, name in (("ann", "Skitter"), ("bea", "Aunt Sylvie")):
        sim.do(seat, "add_sample", name=name)
    assert sim.state.tokens == {"ann": 2, "bea": 2, "cal": 2}
    assert {p: _inspirations(sim, p) for p in ("ann", "bea", "cal")} == {"ann": [3], "bea": [3], "cal": [3]}
    assert sim.debt("skitter", "truth") == 2
    assert sum(sim.state.roster["skitter"].debt.values()) == 2
    assert sum(sim.state.roster["aunt_sylvie"].debt.values()) == 0


# -- changing a character (CAPES-CHAR-002) --------------------------------------------------------


@pytest.mark.rules("CAPES-CHAR-002", "CAPES-CHAR-005")
def test_character__changed_between_scenes_within_the_rules_not_during_one() -> None:
    # src 215: "You can also change any character however you want between sessions as long as they
    # still adhere to the character creation rules". Before Scene 1 Ann remakes her Swarm Thug with
    # a fourth Power; a remake with six Attitudes is refused; once the Scene is declared, any remake is.
    sim = Sim()
    thug = {
        "name": "Swarm Thug",
        "powers": "Bite,Sting,Buzz",
        "attitudes": "Mean,Dim,Loyal",
        "styles": "Loud,Fast,Dirty",
    }
    sim.do("ann", "create_character", payload=thug)
    sim.do("ann", "create_character", payload={**thug, "powers": "Bite,Sting,Buzz,Swarm", "replace": True})
    assert [a.name for a in sim.state.roster["swarm_thug"].sheet.abilities if a.kind == "power"] == [
        "Bite",
        "Sting",
        "Buzz",
        "Swarm",
    ]
    sim.refuse(
        "ann",
        "create_character",
        payload={**thug, "attitudes": "Mean,Dim,Loyal,Sly,Rude,Lazy", "replace": True},
        rule="CAPES-CHAR-005",
    )
    sim.do("ann", "declare_scene", text="The docks")
    sim.refuse("ann", "create_character", payload={**thug, "replace": True}, rule="CAPES-CHAR-002")


# -- ratings 1 to 5 (CAPES-CHAR-006) --------------------------------------------------------------


@pytest.mark.rules("CAPES-CHAR-006", "CAPES-ABIL-002")
def test_ability__a_five_rolls_a_five_and_nothing_rolls_a_six() -> None:
    # src 229: ratings "numbered sequentially from 1" in categories of at most five, so at most 5;
    # src 188: "The ability score must be at least the value of the ... die". Skitter's Ruthless (5)
    # may roll B's 5 (down to 2, kept) but not A's 6.
    sim = actions_game()
    sim.put_conflict("c1", a=(6,), b=(5,), allies={"skitter": "A", "rampart": "B"})
    sim.refuse("ann", "use_ability", dice=(1,), ability="Ruthless", conflict="c1", side="A", help="B")
    sim.do("ann", "use_ability", dice=(2,), ability="Ruthless", conflict="c1", side="B", help="A")
    sim.do("ann", "accept")
    assert sim.side("c1", "B").dice == (2,)


@pytest.mark.rules("CAPES-CONF-006", "CAPES-RES-002")
@pytest.mark.parametrize("how", ["narrate", "accept"])
def test_and_then__lapses_when_the_conflict_leaves_play(how: str) -> None:
    # src 113: the And Then hand-off is about a Conflict in play; once it is resolved "Only the winner
    # of a Conflict gets to narrate its conclusion" (src 21) and there is nothing left to finish.
    # Ann narrates about c1 (A [2] against Bea's B [5]) with her narration or her roll's: Bea is asked
    # to finish. Bea does not; at the Page's end she resolves c1: the hand-off lapses with the card
    # (before, its prompt stayed and its answer, a narration about c1, was refused).
    sim = cast_game()
    sim.put_conflict("c1", a=(2,), b=(5,), allies={"skitter": "A", "aunt_sylvie": "B"})
    _claims(sim, {"bea": ("c1", "B")})
    sim.do("ann", "begin_actions")
    if how == "narrate":
        sim.do("ann", "narrate", text="Skitter's bugs pour out of the vents", conflict="c1")
        _filler_actions(sim, ("ann",))
    else:
        sim.do("ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
        sim.do("ann", "accept", text="Skitter's silk snags the thief's ankle")
        _nobody_reacts(sim)
        sim.do("ann", "end_action")
    assert sim.state.and_then is not None and sim.state.and_then.finishers == ("bea",)
    _filler_actions(sim, ("bea", "cal"))
    sim.do("bea", "resolve", conflict="c1")
    assert sim.state.conflict("c1") is None
    assert sim.state.and_then is None
    assert not [p for p in sim.table.prompts() if p.kind == "and_then"]


@pytest.mark.rules("CAPES-RES-006", "CAPES-RES-007")
def test_resolve__more_losing_recipients_named_than_inspirations_is_refused() -> None:
    # src 137-141: the Resolver pairs the dice and chooses who on the losing side gets each losing
    # Inspiration. Winning [6, 2] against Sylvie's [4], paired 6-4: Ann gets 2 and her leftover 2, the
    # losing side none. Naming three recipients for none is refused (nothing changes); unnamed, it
    # resolves.
    sim = cast_game()
    sim.put_conflict("c1", a=(6, 2), b=(4,), allies={"skitter": "A", "aunt_sylvie": "B"})
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.refuse("ann", "resolve", conflict="c1", pairs="6-4", losers="bea,bea,bea", rule="CAPES-RES-006")
    sim.do("ann", "resolve", conflict="c1", pairs="6-4")
    assert _inspirations(sim, "ann") == [2, 2] and _inspirations(sim, "bea") == []


@pytest.mark.rules("CAPES-CONF-006", "CAPES-CONF-003")
def test_and_then__a_roll_that_ties_the_conflict_hands_over_to_nobody() -> None:
    # src 113: the narration "has to be finished by somebody on the controlling side"; PROPOSED
    # CONF-003: on a tie nobody controls and the hand-off is suspended. Skitter's Silk Lines lifts
    # A's 2 to 5, level with Sylvie's B [5]: Ann's narration is handed to nobody.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(5,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.do("ann", "use_ability", dice=(5,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept", text="Skitter's silk pulls level")
    assert sim.state.and_then is None


@pytest.mark.rules("CAPES-SCENE-002", "CAPES-PAGE-002")
def test_scene__passed_all_the_way_round_then_declared_the_declarer_starts_page_one() -> None:
    # src 64-65: after a Scene "the person to the left of the person who declared it" declares the
    # next; "You can pass ... and it can go around to the next person"; PROPOSED PAGE-002: the
    # Scene's declarer starts its first Page. Scene 1 (Ann's) ends by vote; Bea, Cal and Ann pass;
    # it comes back to Bea, who declares and starts Page 1 once the characters are chosen.
    sim = cast_game()
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "end_scene")
    assert sim.state.scene is None
    for seat in ("bea", "cal", "ann"):
        sim.do(seat, "pass")
    sim.refuse("cal", "declare_scene", text="The docks")
    sim.do("bea", "declare_scene", text="The docks")
    for seat, key in (("bea", "aunt_sylvie"), ("cal", "rampart"), ("ann", "skitter")):
        sim.do(seat, "choose", character=key)
    while sim.state.scene is not None and sim.state.scene.casting:
        sim.do(sim.state.scene.turn, "pass")
    assert _page(sim)[:3] == (1, "bea", "claims")


@pytest.mark.rules("CAPES-EG-001", "CAPES-EG-004")
def test_event__naming_who_it_is_for_is_refused() -> None:
    # src 116-117: an Event says "what will occur"; src 121: a Goal says "some characters are trying
    # to do something" -- only a Goal is declared for characters. Ann's Event "The lights go out"
    # with goal_for=rampart is refused and changes nothing (the names would be dropped unread); as a
    # Goal, or as an Event without them, it is taken.
    sim = actions_game()
    sim.refuse("ann", "create_conflict", text="The lights go out", goal_for="rampart", rule="CAPES-EG-004")
    assert sim.state.conflicts == ()
    sim.do("ann", "create_conflict", text="Rampart kills the lights", kind="goal", goal_for="rampart")
    assert sim.state.conflicts[-1].goal_for == ("rampart",)


@pytest.mark.rules("CAPES-GLOAT-002", "CAPES-RES-001", "CAPES-RES-006")
def test_gloat__then_the_gloaters_claim_on_the_other_side_controls_and_she_resolves_it() -> None:
    # src 131: "players look at the Conflicts they claimed. If the side they claimed Controls the
    # Conflict then they Resolve it"; src 205: the Claimant "instead Gloats", turning dice to 1.
    # Ann holds both claims on c1 (Skitter on A, Vale on B). A [6, 2] controls B [4]: she gloats
    # both dice (2 tokens), so B controls and, still on her look, she resolves B: pairs 4-1 give her
    # 3, and A's leftover 1 goes to her too (a character on both sides, src 140).
    sim = _with_vale(tokens=2)
    sim.put_conflict("c1", a=(6, 2), b=(4,), allies={"skitter": "A", "inspector_vale": "B"})
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.do("ann", "claim", conflict="c1", side="B")
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    for seat, who in (("ann", "skitter"), ("ann", "inspector_vale"), ("bea", ""), ("cal", "")):
        sim.do(seat, "create_conflict", text=f"{seat} scratch {len(sim.state.conflicts)}", character=who)
        sim.do(seat, "end_action")
    sim.do("ann", "gloat", conflict="c1", count=2)
    assert sim.state.tokens["ann"] == 2
    assert _page(sim)[2:] == ("resolving", "ann")
    sim.do("ann", "resolve", conflict="c1", pairs="4-1")
    assert sim.state.conflict("c1") is None
    assert _inspirations(sim, "ann") == [1, 3]
