"""A fifth referee's pass over Capes: the seed lines the first four passes cited least.

Casting (src 54-60), free narration and the Not Yet rule (src 22, 90, 112), an Event vetoed for
no reason (src 118), staked Debt and being Overdrawn (src 172), what splitting needs (src 175-177),
and Reactions after a roll turned back or a second time (src 199, 202). Each test is one situation
written from the seed alone ("src N" = line N of seeds/004_209cadad08ad98a0.txt), played through
the table with given dice. Sample sheets as in test_referee.py.
"""

from __future__ import annotations

import pytest

from capeworks.systems.capes.state import Inspiration
from tests.systems.capes.helpers import Sim, actions_game, cast_game, pass_claims
from tests.systems.capes.test_referee import _filler_actions, _page
from tests.systems.capes.test_referee4 import _nobody_reacts

# -- casting (CAPES-SCENE) ------------------------------------------------------------------------


@pytest.mark.rules("CAPES-SCENE-005", "CAPES-SCENE-004")
def test_casting__a_character_already_chosen_must_be_passed_over() -> None:
    # src 60: "If somebody chooses a character you wanted to play you'll have to pick somebody else".
    # Ann declares and takes Skitter; Bea wants Skitter too and is refused, then takes Aunt Sylvie.
    sim = Sim()
    for seat, name in (("ann", "Skitter"), ("bea", "Aunt Sylvie"), ("cal", "Rampart")):
        sim.do(seat, "add_sample", name=name)
    sim.do("ann", "declare_scene", text="A charity gala")
    sim.do("ann", "choose", character="skitter")
    sim.refuse("bea", "choose", character="skitter", rule="CAPES-SCENE-005")
    sim.do("bea", "choose", character="aunt_sylvie")
    assert sim.state.scene is not None and sim.state.scene.cast == {"skitter": "ann", "aunt_sylvie": "bea"}


@pytest.mark.rules("CAPES-SCENE-004", "CAPES-SCENE-006")
def test_casting__a_player_buys_a_second_character_for_a_token() -> None:
    # src 54: "players choose a character to play for free. They may then buy more characters for a
    # Story Token each"; src 57: "You might play more than one character even in the same scene".
    # Each starts with 1 token; after the free picks Ann buys Inspector Vale (1 -> 0), the others pass.
    sim = Sim(start_story_tokens=1)
    for seat, name in (
        ("ann", "Skitter"),
        ("bea", "Aunt Sylvie"),
        ("cal", "Rampart"),
        ("ann", "Inspector Vale"),
    ):
        sim.do(seat, "add_sample", name=name)
    sim.do("ann", "declare_scene", text="A charity gala")
    for seat, key in (("ann", "skitter"), ("bea", "aunt_sylvie"), ("cal", "rampart")):
        sim.do(seat, "choose", character=key)
    sim.do("ann", "choose", character="inspector_vale")
    while sim.state.scene is not None and sim.state.scene.casting:
        sim.do(sim.state.scene.turn, "pass")
    assert sim.state.scene is not None
    assert [c for c, p in sim.state.scene.cast.items() if p == "ann"] == ["skitter", "inspector_vale"]
    assert sim.state.tokens == {"ann": 0, "bea": 1, "cal": 1}


# -- narration (CAPES-PAGE-010, CAPES-CONF-005) ----------------------------------------------------


@pytest.mark.rules("CAPES-PAGE-010")
def test_free_narration__anybody_narrates_what_no_conflict_covers() -> None:
    # src 90: "After the Claiming phase, there's some time for free narration. Anybody can narrate";
    # src 22: "Anything not covered by a Conflict can be narrated by anybody". Bea and Cal (not the
    # Starter) narrate in free narration; the Page stays in it until Ann begins the Actions.
    sim = cast_game()
    pass_claims(sim)
    assert _page(sim)[2] == "narration"
    sim.do("bea", "narrate", text="Aunt Sylvie hands out canapes")
    sim.do("cal", "narrate", text="Rampart poses for the press")
    assert _page(sim)[2] == "narration"
    sim.do("ann", "begin_actions")
    assert _page(sim)[2] == "actions"


@pytest.mark.rules("CAPES-CONF-005")
def test_not_yet__nobody_narrates_how_a_conflict_turns_out_before_it_resolves() -> None:
    # src 112: "Nobody can narrate how a Conflict turns out unless they successfully Resolve the
    # Conflict". Bea, on the side in control, still may not narrate c1's outcome mid-Page.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(5,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.refuse(
        "bea", "narrate", text="The thief is caught", conflict="c1", outcome=True, rule="CAPES-CONF-005"
    )
    sim.do("ann", "narrate", text="Skitter edges toward the door", conflict="c1")  # her turn (src 25)
    sim.do("bea", "narrate", text="Aunt Sylvie closes in", conflict="c1")  # the And Then (src 113)


# -- Events (CAPES-EG) ---------------------------------------------------------------------------


@pytest.mark.rules("CAPES-EG-002")
def test_event__vetoed_for_no_reason_when_it_is_declared() -> None:
    # src 118: "any player can veto any Event when it is declared for any or no reason". Ann declares
    # an Event as her Action; Cal vetoes it with no reason given: it leaves the table.
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The lights go out")
    (card,) = sim.state.conflicts
    sim.do("cal", "veto", conflict=card.id)
    assert sim.state.conflicts == ()


# -- Debt and splitting (CAPES-DEBT, CAPES-SPLIT) -------------------------------------------------


@pytest.mark.rules("CAPES-DEBT-002", "CAPES-DEBT-003", "CAPES-STAKE-001")
@pytest.mark.parametrize("stakes", [False, True])
def test_debt__staking_from_an_overdrawn_drive_ends_the_overdraw(stakes: bool) -> None:
    # src 147: Overdrawn with "more Tokens than Strength"; src 172: "Debt that is Staked doesn't count
    # against the Drive". Skitter's Truth (3) holds 4. If Ann stakes 1 of it on c1 in her Action,
    # Truth holds 3 unstaked and Page 2 begins with claims; if not, with the Overdrawn roll.
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 4)
    if stakes:
        sim.do("ann", "stake", conflict="c1", drive="truth", amount=1)
    sim.do("ann", "create_conflict", text="ann scratch")
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    assert sim.debt("skitter", "truth") == (3 if stakes else 4)
    assert _page(sim)[:3] == (2, "bea", "claims" if stakes else "overdrawn")


@pytest.mark.rules("CAPES-SPLIT-002", "CAPES-SPLIT-001")
def test_split__nothing_staked_no_split_then_one_stake_splits_a_four() -> None:
    # src 175: "The advantage of Staking Debt is you get to Split the dice"; src 177: "as many Debt
    # as are Staked"; PROPOSED (SPLIT-002): an original side keeps its one die free. A [4] with
    # nothing staked holds 1 die: no split. Skitter stakes 1 Truth: room for 2; 4 -> 2 and 2.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 1)
    sim.refuse("ann", "split", conflict="c1", side="A", die=1, parts=2, rule="CAPES-SPLIT-002")
    sim.do("ann", "stake", conflict="c1", drive="truth", amount=1)
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    assert sim.side("c1", "A").dice == (2, 2)


@pytest.mark.rules("CAPES-SPLIT-002", "CAPES-SPLIT-001")
def test_split__two_staked_a_six_into_three_but_no_fourth_die() -> None:
    # src 177 + PROPOSED free die: 2 Debt staked on A -> at most 3 dice. 6 into three -> 2, 2, 2
    # (src 178, as evenly as possible); splitting a 2 again would make 4 dice: refused.
    sim = actions_game()
    sim.put_conflict("c1", a=(6,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", drive="truth", amount=2)
    sim.refuse("ann", "split", conflict="c1", side="A", die=1, parts=4, rule="CAPES-SPLIT-002")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=3)
    assert sim.side("c1", "A").dice == (2, 2, 2)
    sim.refuse("ann", "split", conflict="c1", side="A", die=1, parts=2, rule="CAPES-SPLIT-002")
    assert sum(sim.side("c1", "A").dice) == 6


# -- Reactions (CAPES-REACT) ----------------------------------------------------------------------


@pytest.mark.rules("CAPES-REACT-002")
def test_reaction__none_after_the_roll_is_turned_back() -> None:
    # src 199: "People can only take Reactions if the initial Action roll was accepted". Skitter's
    # Silk Lines rolls A's 3 to 1; Ann turns it back to 3; Bea's Nosy (3) may not react to it.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(1,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "revert")
    assert sim.side("c1", "A").dice == (3,)
    sim.refuse("bea", "react", ability="Nosy", help="B")
    assert sim.state.scene is not None and sim.state.scene.page is not None
    assert sim.state.scene.page.action is not None and sim.state.scene.page.action.reactions is None


@pytest.mark.rules("CAPES-REACT-004", "CAPES-REACT-001")
def test_reaction__bea_reacts_once_and_not_again_to_the_same_action() -> None:
    # src 202: "You cannot React to the same action again a second time". Ann's Silk Lines rolls
    # A's 2 up to 3 and she keeps it; Ann passes; Bea's Nosy (3) rolls it down to 1 and she keeps
    # it; when the window comes round again Bea, with Gossip (2) >= 1, may still not react.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.do("ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "react", dice=(1,), ability="Nosy", help="B")
    sim.do("bea", "accept")
    assert sim.side("c1", "A").dice == (1,)
    sim.refuse("bea", "react", ability="Gossip", help="B", rule="CAPES-REACT-004")


# -- alliances and abilities used as Reactions (CAPES-CONF-004, CAPES-ABIL-001) --------------------


@pytest.mark.rules("CAPES-PAGE-007", "CAPES-CONF-004")
def test_claim__only_the_side_helped_most_recently() -> None:
    # src 84: "If you've done that for both sides of a Conflict you're only allied with the one you
    # tried to help most recently". Skitter helped A earlier; in Page 1 she rolls B's 1 up to 4 and
    # Ann keeps it. On Page 2 (Starter Bea) Ann may claim B but not A.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(1,), allies={"skitter": "A", "rampart": "B"})
    sim.do(
        "ann",
        "use_ability",
        dice=(4,),
        ability="Silk Lines",
        conflict="c1",
        side="B",
        help="B",
        drive="truth",
    )
    sim.do("ann", "accept")
    _nobody_reacts(sim)
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.refuse("ann", "claim", conflict="c1", side="A", rule="CAPES-PAGE-007")
    sim.do("ann", "claim", conflict="c1", side="B")


@pytest.mark.rules("CAPES-ABIL-001", "CAPES-REACT-001")
def test_reaction__a_mundane_ability_used_to_react_is_blocked_for_the_scene() -> None:
    # src 50: "Other abilities are used only once per Scene"; src 51: a Reaction is "using an
    # Ability". Bea reacts to Ann's roll with Nosy (3, mundane): in her own Action later that Page
    # Nosy is Blocked; Gossip (2) still rolls the 1.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.do("ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "react", dice=(1,), ability="Nosy", help="B")
    sim.do("bea", "accept")
    _nobody_reacts(sim)
    sim.do("ann", "end_action")
    sim.refuse("bea", "use_ability", ability="Nosy", conflict="c1", side="A", help="B", rule="CAPES-ABIL-001")
    sim.do("bea", "use_ability", dice=(1,), ability="Gossip", conflict="c1", side="A", help="B")
    sim.do("bea", "accept")
    assert sim.side("c1", "A").dice == (1,)


@pytest.mark.rules("CAPES-ABIL-001", "CAPES-DEBT-004", "CAPES-REACT-001")
def test_reaction__a_super_ability_used_to_react_earns_debt_on_the_drive_named() -> None:
    # src 50: "A super-ability earns a Debt Token each time it is used" -- a Reaction too; src 187:
    # "whichever Drive you want". Cal reacts to Ann's roll with Great Leap (3, super), putting the
    # Debt on Hope: Rampart's Hope 0 -> 1, and Great Leap is not Blocked (he may use it again).
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.do("ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "react", dice=(1,), ability="Great Leap", help="B", drive="hope")
    sim.do("cal", "accept")
    assert sim.debt("rampart", "hope") == 1
    _nobody_reacts(sim)
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea",))
    sim.do("cal", "use_ability", dice=(4,), ability="Great Leap", conflict="c1", side="B", drive="hope")
    assert sim.debt("rampart", "hope") == 2


@pytest.mark.rules("CAPES-EG-007")
def test_goal__vetoed_as_prone_to_gloating_by_a_player_not_in_it() -> None:
    # src 129: a Goal may be vetoed "If the Goal is very prone to Gloating and there's already an
    # active and unresolved Gloat-worthy conflict for that side" (the table's judgement: reason b).
    # Cal plays nobody the Goal is for, and vetoes it on that ground: it leaves the table.
    sim = actions_game()
    sim.do("ann", "create_conflict", text="Skitter unmasks the mole", kind="goal")
    (card,) = sim.state.conflicts
    sim.do("cal", "veto", conflict=card.id, reason="b")
    assert sim.state.conflicts == ()


# -- Actions (CAPES-PAGE-012, CAPES-ACT-003) -----------------------------------------------------


@pytest.mark.rules("CAPES-PAGE-012", "CAPES-SCENE-004")
def test_actions__a_player_with_two_characters_takes_both_actions_on_their_turn() -> None:
    # src 92: "you get to take an Action for each of your characters on your turn for free"; src 93:
    # "Turns go clockwise, starting with the Starter". Ann bought Inspector Vale besides Skitter:
    # after Skitter's Action it is still Ann's turn, for Vale's; then Bea's.
    sim = Sim(start_story_tokens=1)
    for seat, name in (
        ("ann", "Skitter"),
        ("bea", "Aunt Sylvie"),
        ("cal", "Rampart"),
        ("ann", "Inspector Vale"),
    ):
        sim.do(seat, "add_sample", name=name)
    sim.do("ann", "declare_scene", text="A charity gala")
    for seat, key in (
        ("ann", "skitter"),
        ("bea", "aunt_sylvie"),
        ("cal", "rampart"),
        ("ann", "inspector_vale"),
    ):
        sim.do(seat, "choose", character=key)
    while sim.state.scene is not None and sim.state.scene.casting:
        sim.do(sim.state.scene.turn, "pass")
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.do("ann", "create_conflict", text="The swarm rises", character="skitter")
    sim.do("ann", "end_action")
    sim.refuse("bea", "create_conflict", text="Too soon", character="aunt_sylvie")
    sim.do("ann", "create_conflict", text="Vale takes notes", character="inspector_vale")
    sim.do("ann", "end_action")
    sim.do("bea", "create_conflict", text="Canapes", character="aunt_sylvie")
    assert [c.creator for c in sim.state.conflicts] == ["skitter", "inspector_vale", "aunt_sylvie"]


@pytest.mark.rules("CAPES-ACT-003")
def test_inspiration__not_on_a_die_of_the_opposing_side() -> None:
    # src 101: an Inspiration raises "one die on the character's side of a Conflict". Ann holds a 5;
    # Skitter is on A: B's 2 may not be raised with it; A's 2 may (2 -> 5).
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=5, source="c0"),)})
    sim.refuse("ann", "inspire", value=5, conflict="c1", side="B")
    assert sim.side("c1", "B").dice == (2,)
    sim.do("ann", "inspire", value=5, conflict="c1", side="A")
    assert sim.side("c1", "A").dice == (5,)


@pytest.mark.rules("CAPES-REACT-002", "CAPES-ABIL-002")
def test_reaction__none_to_an_ability_that_raised_an_inspiration() -> None:
    # src 188: an ability "either raises an Inspiration by a point or rolls any one die"; src 51:
    # Reactions come "Any time a roll is accepted". Skitter's Silk Lines raises Ann's 2 to 3: no die
    # was rolled, so there is nothing to react to; Bea's Nosy is refused and Ann ends her Action.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=2, source="c0"),)})
    sim.do("ann", "use_ability", ability="Silk Lines", inspiration=2, drive="truth")
    assert [i.value for i in sim.state.inspirations["ann"]] == [3]
    sim.refuse("bea", "react", ability="Nosy", help="B")
    sim.do("ann", "end_action")
    assert sim.side("c1", "A").dice == (2,) and sim.side("c1", "B").dice == (2,)


@pytest.mark.rules("CAPES-CONF-004", "CAPES-PAGE-007", "CAPES-REACT-001")
def test_claim__a_reaction_roll_allies_the_reactor_with_the_side_it_helped() -> None:
    # src 83: allied with a side "that you've rolled to try to increase it or to decrease its opposite
    # side"; a Reaction is a roll too (src 51). Bea, who never touched c1, reacts to Ann's roll by
    # rolling A's 3 down to 1 to help B: on Page 2 she may claim B, not A.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(2,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "react", dice=(1,), ability="Nosy", help="B")
    sim.do("bea", "accept")
    _nobody_reacts(sim)
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.refuse("bea", "claim", conflict="c1", side="A", rule="CAPES-PAGE-007")
    sim.do("bea", "claim", conflict="c1", side="B")


@pytest.mark.rules("CAPES-SCENE-006", "CAPES-SCENE-007")
def test_casting__a_character_made_mid_scene_joins_at_the_next_page_for_a_token() -> None:
    # src 58: "You can all create and introduce new characters on the spot"; src 88: "You may also
    # spend a Story Token to add a Conflict or character". During Ann's Action on Page 1 Bea makes
    # Vale (Click-and-Lock); on Page 2 (Starter Bea) she adds Vale to the Scene for her token (1 -> 0)
    # and Vale acts that Page.
    sim = cast_game(start_story_tokens=1)
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.do(
        "bea",
        "create_click_and_lock",
        name="Vale",
        module="detective",
        persona="caregiver",
        cross_out="Marksmanship,Brave,Chatty",
    )
    assert "vale" in sim.state.roster and sim.state.scene is not None and "vale" not in sim.state.scene.cast
    _filler_actions(sim, ("ann", "bea", "cal"))
    while _page(sim)[:3] == (1, "ann", "actions"):  # nobody buys an Action with their token
        sim.do(_page(sim)[3], "pass")
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.do("bea", "choose", character="vale")
    assert sim.state.scene.cast["vale"] == "bea" and sim.state.tokens["bea"] == 0
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    sim.do("bea", "create_conflict", text="Vale finds a clue", character="vale")
    assert sim.state.conflicts[-1].creator == "vale"


@pytest.mark.rules("CAPES-SPLIT-001")
def test_split__not_a_die_on_the_opposing_side() -> None:
    # src 102: "You may Split the dice on your side of a Conflict if there's enough Debt Staked on
    # that side". Skitter (A) staked 1; B's 4 has room for a second die (Rampart staked 1 there) but
    # is not hers to split; her own 4 is (-> 2, 2).
    sim = actions_game()
    sim.put_conflict(
        "c1",
        a=(4,),
        b=(4,),
        allies={"skitter": "A", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 1)], "B": [("rampart", "duty", 1)]},
    )
    sim.refuse("ann", "split", conflict="c1", side="B", die=1, parts=2, rule="CAPES-SPLIT-001")
    assert sim.side("c1", "B").dice == (4,)
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    assert sim.side("c1", "A").dice == (2, 2)


@pytest.mark.rules("CAPES-STAKE-003")
def test_stake__objected_as_not_morally_charged_goes_back_to_the_drive() -> None:
    # src 171: "You can only Stake Debt on a Conflict that is morally charged for that particular
    # character and Drive" (the table's judgement: another player objects). Skitter stakes 2 Truth
    # on c1; Bea objects; the 2 go back on Truth (0 -> 2 again) and A holds no stake; Ann may not
    # object to her own stake.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", drive="truth", amount=2, why="the truth about the gala")
    assert sim.debt("skitter", "truth") == 0
    sim.refuse("ann", "object", conflict="c1", rule="CAPES-STAKE-003")
    sim.do("bea", "object", conflict="c1", reason="nothing about Truth here")
    assert sim.debt("skitter", "truth") == 2
    assert sim.side("c1", "A").stakes == ()
