"""A third referee's pass over Capes: the seed lines the first two passes cited least.

Character creation (src 207-268), the page's narration and action steps, splitting and
sides split off (src 173-181), Gloats and Deadlocks at the edges (src 142-145, 204-205).
Each test is one situation written from the seed alone ("src N" = line N of
seeds/004_209cadad08ad98a0.txt), played through the table with given dice. Sample sheets
as in test_referee.py.
"""

from __future__ import annotations

import pytest

from capeworks.errors import NotPermitted
from capeworks.systems.capes.state import Side, Stake
from tests.systems.capes.helpers import Sim, actions_game, cast_game, pass_claims
from tests.systems.capes.test_referee import _claims, _inspirations, _page, _to_resolving

# -- splitting and split-off sides (CAPES-SPLIT) ------------------------------------------------


@pytest.mark.rules("CAPES-SPLIT-001", "CAPES-SPLIT-004", "CAPES-ABIL-002")
def test_split__a_six_out_of_reach_split_to_threes_is_rolled_again() -> None:
    # src 175-178 + src 188: a 6 is beyond every ability; staked 1 Debt lets Ann split it into
    # [3, 3] and Silk Lines (3) may now roll one of them: 5 accepted -> [5, 3].
    sim = actions_game()
    sim.put_conflict("c1", a=(6,), b=(5,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 1)
    sim.refuse(
        "ann",
        "use_ability",
        dice=(2,),
        ability="Swarm Armour",
        conflict="c1",
        side="A",
        drive="truth",
        rule="CAPES-ABIL-002",
    )
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    assert sim.side("c1", "A").dice == (3, 3)
    sim.do(
        "ann", "use_ability", dice=(5,), ability="Silk Lines", conflict="c1", side="A", die=1, drive="truth"
    )
    sim.do("ann", "accept")
    assert sorted(sim.side("c1", "A").dice) == [3, 5]


@pytest.mark.rules("CAPES-SPLIT-005", "CAPES-SPLIT-002")
def test_split_off__golden_c3_the_old_side_keeps_the_rest() -> None:
    # src 180-181 (PROPOSED SPLIT-005, inventory C3): A [4], Ann stakes 2 -> capacity 3 ->
    # [2, 1, 1]; she moves her 2 Debt and [2, 1] to C (total 3); A keeps [1]; Skitter is on C.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=3)
    assert sorted(sim.side("c1", "A").dice) == [1, 1, 2]
    sim.do("ann", "split_off", conflict="c1", side="A", label="Skitter's own plan", payload={"dice": "2,1"})
    assert sim.side("c1", "A").dice == (1,)
    assert sorted(sim.side("c1", "C").dice) == [1, 2]
    assert sum(s.amount for s in sim.side("c1", "C").stakes) == 2
    assert not sim.side("c1", "A").stakes
    conflict = sim.state.conflict("c1")
    assert conflict is not None and conflict.alliances["skitter"].side == "C"


@pytest.mark.rules("CAPES-SPLIT-005")
def test_split_off__no_more_dice_than_debt_moved() -> None:
    # PROPOSED SPLIT-005: "move your k staked Debt plus up to k of that side's dice": with 1 Debt
    # staked Ann may take one die of A [2, 2] to her new side, not both.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    sim.refuse(
        "ann",
        "split_off",
        conflict="c1",
        side="A",
        label="Mine",
        payload={"dice": "2,2"},
        rule="CAPES-SPLIT-005",
    )
    assert sim.side("c1", "A").dice == (2, 2)


@pytest.mark.rules("CAPES-SPLIT-005")
def test_split_off__not_from_a_side_you_never_supported() -> None:
    # src 180: "Split off from a side you've previously been supporting": Skitter is allied with A
    # and may not split off B's dice (Rampart's side) into a side of her own.
    sim = actions_game()
    sim.put_conflict(
        "c1",
        a=(2,),
        b=(2, 2),
        allies={"skitter": "A", "rampart": "B"},
        stakes={"B": [("rampart", "duty", 1)]},
    )
    sim.set_debt("skitter", "truth", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.refuse(
        "ann",
        "split_off",
        conflict="c1",
        side="B",
        label="Mine",
        payload={"dice": "2"},
        rule="CAPES-SPLIT-005",
    )
    assert sim.side("c1", "B").dice == (2, 2)


@pytest.mark.rules("CAPES-RES-003", "CAPES-RES-004", "CAPES-SPLIT-005")
def test_split_off__her_stake_moved_to_a_losing_new_side_comes_back_doubled() -> None:
    # src 169 + PROPOSED SPLIT-005: Skitter's 2 Debt went with her to C; A (Rampart's ally Cal
    # claims it) wins: Skitter's Truth gets 4 back; Rampart's 1 on A becomes a token for Ann.
    sim = cast_game()
    side_c = Side(
        id="C", dice=(2, 1), original=False, stakes=(Stake(character="skitter", pool="truth", amount=2),)
    )
    sim.put_conflict(
        "c1",
        a=(5,),
        b=(1,),
        allies={"skitter": "C", "rampart": "A"},
        stakes={"A": [("rampart", "duty", 1)]},
        extra_sides=(side_c,),
    )
    _claims(sim, {"cal": ("c1", "A")})
    _to_resolving(sim)
    sim.do("cal", "resolve", conflict="c1")
    assert sim.debt("skitter", "truth") == 4
    assert sim.state.tokens.get("ann", 0) == 1


# -- the page: free narration, the Action step (CAPES-PAGE, CAPES-ACT) ---------------------------


@pytest.mark.rules("CAPES-PAGE-011", "CAPES-PAGE-010")
def test_page__only_the_starter_ends_free_narration() -> None:
    # src 90-91: anybody narrates in free narration; "The Starter ends free play whenever they
    # want": Bea and Cal may narrate, not begin the Actions; Ann (Starter) may.
    sim = cast_game()
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "pass")
    assert _page(sim)[2] == "narration"
    sim.do("cal", "narrate", text="Rampart mingles awkwardly.")
    sim.do("bea", "narrate", text="Sylvie brings canapes.")
    sim.refuse("bea", "begin_actions", error=NotPermitted)
    assert _page(sim)[2] == "narration"
    sim.do("ann", "begin_actions")
    assert _page(sim)[2:] == ("actions", "ann")


@pytest.mark.rules("CAPES-ACT-002")
def test_action__nothing_between_a_roll_and_its_decision() -> None:
    # src 104 + PROPOSED ACT-002: not "during the Action": with Silk Lines' roll waiting for
    # accept or revert, Ann may not stake, split or spend an Inspiration.
    from capeworks.systems.capes.state import Inspiration

    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(4,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=5),)})
    sim.do("ann", "use_ability", dice=(2,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.refuse("ann", "stake", conflict="c1", amount=1, drive="truth", rule="CAPES-ACT-002")
    sim.refuse("ann", "inspire", value=5, conflict="c1", side="A", rule="CAPES-ACT-002")
    sim.do("ann", "revert")
    assert sim.side("c1", "A").dice == (3,)
    assert not sim.side("c1", "A").stakes


@pytest.mark.rules("CAPES-ACT-002", "CAPES-ACT-003")
def test_action__an_inspiration_after_the_reactions_are_over() -> None:
    # src 100-101: "Immediately before/after" the ability -- after the Reactions too: Ann's Silk
    # Lines leaves A at 2 (kept, all react-able); everyone passes; she spends her 5 on that die.
    from capeworks.systems.capes.state import Inspiration

    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(4,), allies={"skitter": "A"})
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=5),)})
    sim.do("ann", "use_ability", dice=(2,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "pass")
    sim.do("ann", "inspire", value=5, conflict="c1", side="A")
    assert sim.side("c1", "A").dice == (5,)
    assert _inspirations(sim, "ann") == []


# -- gloating and deadlock at the edges (CAPES-GLOAT, CAPES-RES-009) -----------------------------


@pytest.mark.rules("CAPES-GLOAT-001", "CAPES-GLOAT-002", "CAPES-RES-001")
def test_gloat__only_instead_of_a_resolution_the_claimant_could_make() -> None:
    # src 205: "If Resolving would violate the group Code the Claimant instead Gloats": Ann claimed
    # c2 A [5] (controls) and, for a token, c1 A [3] against B [5]. At her resolving turn she may
    # not Gloat c1 for tokens -- she could not resolve it -- and may still deal with c2.
    sim = cast_game(start_story_tokens=1)
    sim.put_conflict("c1", a=(3,), b=(5,), allies={"skitter": "A", "rampart": "B"})
    sim.put_conflict("c2", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "claim", conflict="c2", side="A")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.do("ann", "claim", conflict="c1", side="A")
    while sim.phase() == "claims":
        sim.do(sim.state.scene.page.turn, "pass")  # type: ignore[union-attr]
    _to_resolving(sim)
    while sim.phase() == "actions":  # Bea and Cal, a token each, buy no Action
        sim.do(_page(sim)[3], "pass")
    assert _page(sim)[2:] == ("resolving", "ann")
    sim.refuse("ann", "gloat", conflict="c1", count=1, rule="CAPES-RES-001")
    assert sim.side("c1", "A").dice == (3,)
    assert sim.state.tokens.get("ann", 0) == 0
    sim.do("ann", "gloat", conflict="c2", count=1)
    assert sim.state.tokens["ann"] == 1


@pytest.mark.rules("CAPES-RES-009", "CAPES-RES-003")
def test_deadlock__stakes_on_both_sides_all_come_back_doubled() -> None:
    # src 144: "All Staked Debt is treated as having lost": Skitter's 2 Truth on A and Rampart's 3
    # Duty on B, [6, 6, 6] a side, nobody able to stake more -> Truth +4, Duty +6, no tokens.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6, 6, 6),
        b=(6, 6, 6),
        allies={"skitter": "A", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 2)], "B": [("rampart", "duty", 3)]},
    )
    _claims(sim, {"ann": ("c1", "A"), "cal": ("c1", "B")})
    _to_resolving(sim)
    sim.do("ann", "deadlock", conflict="c1")
    assert sim.debt("skitter", "truth") == 4
    assert sim.debt("rampart", "duty") == 6
    assert sum(sim.state.tokens.values()) == 0
    assert _inspirations(sim, "ann") == [6, 6, 6] and _inspirations(sim, "cal") == [6, 6, 6]


# -- building characters (CAPES-CHAR) ------------------------------------------------------------


@pytest.mark.rules("CAPES-CHAR-015")
def test_click_and_lock__the_same_ability_crossed_twice_is_not_three() -> None:
    # src 265: "Cross out 3 of them": Bug Control twice and Creepy is two crossings, refused
    sim = Sim()
    sim.refuse(
        "ann",
        "create_click_and_lock",
        name="Moth",
        module="swarm",
        persona="reluctant_hero",
        cross_out="Bug Control,Bug Control,Creepy",
        rule="CAPES-CHAR-015",
    )
    assert "moth" not in sim.state.roster


@pytest.mark.rules("CAPES-CHAR-004", "CAPES-ABIL-001", "CAPES-DEBT-004")
def test_click_and_lock__a_power_set_style_is_super_a_persona_style_mundane() -> None:
    # src 222: "the abilities from a Power-Set are always powered, while Personas ... are always
    # mundane": Moth's Creepy (Swarm) earns Debt; her Quippy (Reluctant Hero) Blocks instead.
    sim = Sim()
    sim.do(
        "ann",
        "create_click_and_lock",
        name="Moth",
        module="swarm",
        persona="reluctant_hero",
        cross_out="Decoy Swarm,Hopeful,Relentless",
    )
    abilities = {a.name: a for a in sim.state.roster["moth"].sheet.abilities}
    assert abilities["Creepy"].super and abilities["Tactical"].super
    assert not abilities["Quippy"].super and not abilities["Cautious"].super
    assert not abilities["Guilty"].super


@pytest.mark.rules("CAPES-CHAR-015")
def test_click_and_lock__the_player_numbers_each_column_in_any_order() -> None:
    # src 266: "Number the abilities in each column from 1 up in any order": Moth wants Swarm
    # Armour at 4 and Bug Control at 1 -- the table must let her choose, not impose the set's order.
    sim = Sim()
    sim.do(
        "ann",
        "create_click_and_lock",
        name="Moth",
        module="swarm",
        persona="reluctant_hero",
        cross_out="Decoy Swarm,Hopeful,Relentless",
        order="Bug Control,Silk Lines,Swarm Sense,Swarm Armour",
    )
    ratings = {a.name: a.rating for a in sim.state.roster["moth"].sheet.abilities}
    assert ratings["Bug Control"] == 1
    assert ratings["Silk Lines"] == 2
    assert ratings["Swarm Sense"] == 3
    assert ratings["Swarm Armour"] == 4
    # the columns she did not name keep the modules' order; a crossed-out ability has no number
    assert ratings["Guilty"] == 1 and ratings["Creepy"] == 1
    sim.refuse(
        "ann",
        "create_click_and_lock",
        name="Moth Two",
        module="swarm",
        persona="reluctant_hero",
        cross_out="Decoy Swarm,Hopeful,Relentless",
        order="Decoy Swarm,Bug Control",
        rule="CAPES-CHAR-015",
    )


@pytest.mark.rules("CAPES-CHAR-007", "CAPES-DEBT-006")
def test_drives__only_the_ten_named_drives() -> None:
    # src 233 + 155-166: "Choose five Drives, all Heroic, all Villainous, or a mix" -- of those ten;
    # Greed is none of them. A mix (Justice, Pride ...) is fine.
    sim = Sim()
    sim.refuse(
        "ann",
        "create_character",
        name="Magpie",
        powers="Flight,Grab,Dodge",
        attitudes="Greedy,Vain,Cheerful",
        styles="Swooping,Flashy,Sly",
        drives="greed:3,pride:2,power:2,hope:1,love:1",
        rule="CAPES-DEBT-006",
    )
    assert "magpie" not in sim.state.roster
    sim.do(
        "ann",
        "create_character",
        name="Magpie",
        powers="Flight,Grab,Dodge",
        attitudes="Greedy,Vain,Cheerful",
        styles="Swooping,Flashy,Sly",
        drives="justice:3,pride:2,power:2,hope:1,love:1",
    )
    assert len(sim.state.roster["magpie"].sheet.drives) == 5


@pytest.mark.rules("CAPES-CHAR-012", "CAPES-PAGE-009")
def test_exemplar__the_exemplars_player_may_add_the_free_conflict() -> None:
    # src 253: "Either the player of the character or the Exemplar may play it": Bea, playing
    # Aunt Sylvie, adds the Skitter/Sylvie Free Conflict on her claiming turn without a token.
    sim = cast_game()
    sim.do("ann", "pass")
    sim.do(
        "bea",
        "create_conflict",
        text="Sylvie finds the costume",
        free="exemplar",
        exemplar="skitter",
        character="aunt_sylvie",
    )
    assert len(sim.state.conflicts) == 1
    assert sim.state.tokens.get("bea", 0) == 0


# -- goals, free conflicts, reactions, more casting (second round) ------------------------------


@pytest.mark.rules("CAPES-EG-004", "CAPES-EG-006", "CAPES-GLOAT-002")
def test_goal__a_gloat_against_a_goal_is_no_failure() -> None:
    # src 123/125 + src 205: the Goal fails only when it is Resolved by another side; Ann Gloats on
    # B instead of resolving, so Rampart has not failed and may still declare "Stop the train".
    sim = cast_game()
    sim.put_conflict(
        "c1",
        kind="goal",
        text="Stop the train",
        creator="rampart",
        creator_player="cal",
        a=(2,),
        b=(5,),
        allies={"rampart": "A", "skitter": "B"},
    )
    _claims(sim, {"ann": ("c1", "B")})
    _to_resolving(sim)
    sim.do("ann", "gloat", conflict="c1", count=1)
    assert sim.state.conflict("c1") is not None
    # Page 2, Starter Bea: Cal may declare the same Goal again for Rampart (for a token)
    sim.patch(tokens={**sim.state.tokens, "cal": 1})
    sim.do("bea", "pass")
    sim.do("cal", "create_conflict", kind="goal", text="Stop the train", character="rampart")
    assert sum(c.text == "Stop the train" for c in sim.state.conflicts) == 2


@pytest.mark.rules("CAPES-CHAR-012")
def test_exemplar__once_a_scene_whichever_player_played_it() -> None:
    # src 252-253: "The Free Conflict can be played once in any Scene": Bea (Aunt Sylvie) plays it
    # on Page 1; on Page 2 Ann (Skitter) may not play it again for free.
    sim = cast_game()
    sim.do("ann", "pass")
    sim.do(
        "bea",
        "create_conflict",
        text="Sylvie finds the costume",
        free="exemplar",
        exemplar="skitter",
        character="aunt_sylvie",
    )
    pass_claims(sim)
    _to_resolving(sim)
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.refuse(
        "ann",
        "create_conflict",
        text="Where were you?",
        free="exemplar",
        exemplar="aunt_sylvie",
        rule="CAPES-CHAR-012",
    )


@pytest.mark.rules("CAPES-CHAR-017")
def test_non_person__its_free_conflict_once_a_scene() -> None:
    # src 87 + PROPOSED CHAR-017: "its player can add the character's Free Conflict for free" --
    # once per Scene, as the Exemplar's (src 252): the Gala's second one on Page 2 costs a token.
    sim = cast_game(start_story_tokens=1)
    sim.do("ann", "add_sample", name="The Charity Gala")
    sim.do("ann", "choose", character="the_charity_gala")
    sim.do("ann", "create_conflict", text="The guests panic", free="non_person", character="the_charity_gala")
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    for seat, character in (("ann", "skitter"), ("ann", "the_charity_gala"), ("bea", ""), ("cal", "")):
        sim.do(
            seat, "create_conflict", text=f"{seat} scratch {len(sim.state.conflicts)}", character=character
        )
        sim.do(seat, "end_action")
    while sim.phase() == "actions":  # nobody buys an Action
        sim.do(_page(sim)[3], "pass")
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.refuse(
        "ann",
        "create_conflict",
        text="The lights fail",
        free="non_person",
        character="the_charity_gala",
        rule="CAPES-CHAR-012",
    )


@pytest.mark.rules("CAPES-REACT-001", "CAPES-REACT-003", "CAPES-REACT-004")
def test_reaction__a_turned_back_reaction_still_uses_the_players_one_reaction() -> None:
    # src 200-202 + PROPOSED REACT-001: Ann accepts a 2 on A and passes; Bea reacts (Warm 2) to roll
    # it down, gets a 3 and turns it back: the die stays 2, Bea has had her Reaction (no second go),
    # and the window goes on to Cal, who rolls it down to 1.
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(3,), allies={"skitter": "A", "rampart": "B"})
    sim.do("ann", "use_ability", dice=(2,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "react", dice=(3,), ability="Warm", help="B")
    sim.do("bea", "revert")
    assert sim.side("c1", "A").dice == (2,)
    assert sim.state.scene.page.action.reactions.asker == "cal"  # type: ignore[union-attr]
    sim.refuse("bea", "react", dice=(1,), ability="Nosy", help="B")
    sim.do("cal", "react", dice=(1,), ability="Stubborn", help="B")
    sim.do("cal", "accept")
    assert sim.side("c1", "A").dice == (1,)


@pytest.mark.rules("CAPES-REACT-003")
def test_reaction__the_acting_player_first() -> None:
    # src 200: "The acting player gets the first opportunity to React": after Ann accepts, Bea may
    # not jump in before Ann has passed.
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(3,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(2,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.refuse("bea", "react", dice=(1,), ability="Nosy", help="B", error=NotPermitted)
    sim.do("ann", "pass")
    sim.do("bea", "react", dice=(1,), ability="Nosy", help="B")


@pytest.mark.rules("CAPES-ABIL-002", "CAPES-RSRC-002")
def test_ability__raises_one_inspiration_of_two_equal() -> None:
    # src 188: "raises an Inspiration by a point": Ann holds 3 and 3; Silk Lines raises one -> [3, 4]
    from capeworks.systems.capes.state import Inspiration

    sim = actions_game()
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=3), Inspiration(value=3))})
    sim.do("ann", "use_ability", ability="Silk Lines", inspiration=3, drive="truth")
    assert _inspirations(sim, "ann") == [3, 4]
    assert sim.debt("skitter", "truth") == 1


@pytest.mark.rules("CAPES-PAGE-012", "CAPES-SCENE-007")
def test_actions__a_character_bought_in_at_page_start_acts_that_page() -> None:
    # src 88 + src 92: Ann buys Inspector Vale in on her claiming turn; in the Actions she takes a
    # free Action for each of her characters -- two -- before Bea.
    sim = cast_game(start_story_tokens=1)
    sim.do("ann", "add_sample", name="Inspector Vale")
    sim.do("ann", "choose", character="inspector_vale")
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.do("ann", "create_conflict", text="Skitter scouts", character="skitter")
    sim.do("ann", "end_action")
    assert _page(sim)[3] == "ann"
    sim.do("ann", "create_conflict", text="Vale asks questions", character="inspector_vale")
    sim.do("ann", "end_action")
    assert _page(sim)[3] == "bea"


@pytest.mark.rules("CAPES-SCENE-005")
def test_page_start__a_character_already_played_cannot_be_bought_by_another() -> None:
    # src 60: "If somebody chooses a character you wanted to play you'll have to pick somebody
    # else" -- at Page start too: Bea may not buy Rampart in, Cal plays him.
    sim = cast_game(start_story_tokens=1)
    sim.do("ann", "pass")
    sim.refuse("bea", "choose", character="rampart", rule="CAPES-SCENE-005")
    assert sim.state.tokens["bea"] == 1


# -- several losing sides showing the same values (CAPES-RES-006/007) ----------------------------


def _two_losing_sides_of_twos() -> Sim:
    """Ann's A [6] controls; Bea's B [2] and Cal's split-off C [2, 2] lose; Ann claimed A."""
    sim = cast_game()
    side_c = Side(
        id="C", dice=(2, 2), original=False, stakes=(Stake(character="rampart", pool="duty", amount=2),)
    )
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"skitter": "A", "aunt_sylvie": "B", "rampart": "C"},
        extra_sides=(side_c,),
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    return sim


@pytest.mark.rules("CAPES-RES-007")
def test_resolve__two_leftover_twos_from_two_sides_one_each_side() -> None:
    # src 141: "Any leftover dice turn into Inspirations for the appropriate side". Losing dice
    # [2] (B) and [2, 2] (C); Ann pairs her 6 with a 2 (+4); two 2s are left over, and whichever 2
    # she paired, at least one of them sat on C: Cal gets at least one 2, Bea at most one.
    sim = _two_losing_sides_of_twos()
    sim.do("ann", "resolve", conflict="c1")
    assert _inspirations(sim, "ann") == [4]
    assert _inspirations(sim, "cal") in ([2], [2, 2])
    assert len(_inspirations(sim, "bea")) + len(_inspirations(sim, "cal")) == 2


@pytest.mark.rules("CAPES-RES-007")
def test_resolve__the_resolver_may_not_send_both_leftovers_to_the_one_die_side() -> None:
    # src 137 + 141: the Resolver chooses which 2 to pair, so either leftover may be B's -- but B
    # had one die: naming Bea for both leftover 2s is refused; Bea and Cal one each is fine.
    sim = _two_losing_sides_of_twos()
    sim.refuse("ann", "resolve", conflict="c1", losers="bea,bea", rule="CAPES-RES-007")
    sim.do("ann", "resolve", conflict="c1", losers="bea,cal")
    assert _inspirations(sim, "bea") == [2] and _inspirations(sim, "cal") == [2]


# -- third round: stakes, reactions, Exemplars, sheets ------------------------------------------


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-STAKE-002")
def test_stake__after_an_objection_another_drive_may_be_staked() -> None:
    # src 152/168: Bea objects that Skitter's Truth stake is not morally charged; the Debt goes
    # back, so Skitter has staked no Drive on c1 and may stake Justice instead.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 1)
    sim.set_debt("skitter", "justice", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="her secret identity")
    sim.do("bea", "object", conflict="c1", reason="nothing about secrets here")
    assert sim.debt("skitter", "truth") == 1 and not sim.side("c1", "A").stakes
    sim.do("ann", "stake", conflict="c1", amount=1, drive="justice", why="the gala's thieves")
    assert sim.debt("skitter", "justice") == 0
    assert [(s.pool, s.amount) for s in sim.side("c1", "A").stakes] == [("justice", 1)]


@pytest.mark.rules("CAPES-RES-003", "CAPES-CHAR-009")
def test_resolve__an_undifferentiated_losing_stake_comes_back_doubled_on_its_stack() -> None:
    # src 42 + src 236: "Losers get back double the Debt they Staked" -- onto the one stack.
    sim = cast_game()
    sim.do(
        "cal",
        "create_character",
        name="Swarm Thug",
        powers="Bite,Sting,Buzz",
        attitudes="Mean,Dim,Loyal",
        styles="Loud,Fast,Dirty",
    )
    sim.patch(tokens={**sim.state.tokens, "cal": 1})
    sim.put_conflict(
        "c1",
        a=(5,),
        b=(2, 1),
        allies={"skitter": "A", "swarm_thug": "B"},
        stakes={"B": [("swarm_thug", "stack", 2)]},
    )
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "pass")
    sim.do("cal", "choose", character="swarm_thug")
    while sim.phase() == "claims":
        sim.do(_page(sim)[3], "pass")
    sim.do("ann", "begin_actions")
    for seat, character in (("ann", ""), ("bea", ""), ("cal", "rampart"), ("cal", "swarm_thug")):
        sim.do(
            seat, "create_conflict", text=f"{seat} scratch {len(sim.state.conflicts)}", character=character
        )
        sim.do(seat, "end_action")
    sim.do("ann", "resolve", conflict="c1")
    assert sim.debt("swarm_thug", "stack") == 4


@pytest.mark.rules("CAPES-CONF-004", "CAPES-PAGE-007", "CAPES-REACT-001")
def test_reaction__a_reaction_allies_the_reactor_with_the_side_it_helps() -> None:
    # src 110 + 197: a Reaction is a roll like any other: Bea's Sylvie rolls Skitter's die down for
    # B, so on Page 2 Bea may claim B (and not A).
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(3,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(2,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "react", dice=(1,), ability="Warm", help="B")
    sim.do("bea", "accept")
    sim.do("cal", "pass")
    sim.do("ann", "pass")
    sim.do("ann", "end_action")
    _filler_actions_as(sim, ("bea", "cal"))
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.refuse("bea", "claim", conflict="c1", side="A", rule="CAPES-PAGE-007")
    sim.do("bea", "claim", conflict="c1", side="B")


def _filler_actions_as(sim: Sim, seats: tuple[str, ...]) -> None:
    for seat in seats:
        sim.do(seat, "create_conflict", text=f"{seat} scratch {len(sim.state.conflicts)}")
        sim.do(seat, "end_action")


@pytest.mark.rules("CAPES-CHAR-012", "CAPES-CHAR-011")
def test_exemplar__a_shared_exemplar_gives_each_pair_its_free_conflict() -> None:
    # src 252 + 257: Aunt Sylvie is Skitter's Exemplar and Rampart's: the Skitter/Sylvie and the
    # Rampart/Sylvie Free Conflicts are two, each playable once this Scene.
    sim = Sim()
    for seat, name in (("ann", "Skitter"), ("bea", "Aunt Sylvie"), ("cal", "Rampart")):
        sim.do(seat, "add_sample", name=name)
    sim.do("cal", "add_exemplar", character="rampart", exemplar="Aunt Sylvie", drive="love")
    sim.do("ann", "declare_scene", text="A charity gala")
    for seat, char in (("ann", "skitter"), ("bea", "aunt_sylvie"), ("cal", "rampart")):
        sim.do(seat, "choose", character=char)
    while sim.state.scene is not None and sim.state.scene.casting:
        sim.do(sim.state.scene.turn, "pass")
    sim.do("ann", "create_conflict", text="Where were you?", free="exemplar", exemplar="aunt_sylvie")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "create_conflict", text="Sylvie scolds Rampart", free="exemplar", exemplar="aunt_sylvie")
    assert len(sim.state.conflicts) == 2
    assert sum(sim.state.tokens.values()) == 0


@pytest.mark.rules("CAPES-CHAR-011")
def test_exemplar__for_one_of_the_characters_own_drives() -> None:
    # src 243: "Assigning an Exemplar to the Drive": Rampart has no Fear Drive to give one
    sim = Sim()
    sim.do("cal", "add_sample", name="Rampart")
    sim.refuse("cal", "add_exemplar", character="rampart", exemplar="Doctor Dread", drive="fear")
    sim.do("cal", "add_exemplar", character="rampart", exemplar="Doctor Dread", drive="duty")


@pytest.mark.rules("CAPES-CHAR-005")
def test_freeform__skills_or_powers_is_a_category_of_three_to_five() -> None:
    # src 227-228: "three categories: Attitudes, Styles, and either Skills or Powers" and "No
    # category may have less than three": a sheet of Attitudes and Styles alone is refused.
    sim = Sim()
    sim.refuse(
        "ann",
        "create_character",
        name="Mood",
        attitudes="Calm,Sad,Happy",
        styles="Soft,Loud,Quick",
        rule="CAPES-CHAR-005",
    )


@pytest.mark.rules("CAPES-EG-004", "CAPES-EG-007")
def test_goal__only_for_characters_in_the_scene() -> None:
    # src 121-122: a Goal says "some characters are trying to do something" -- here, in this Scene
    # (src 32: players choose their roles for the Scene); src 128 gives the veto to the player
    # "currently playing" the character. Inspector Vale is in the roster, not the Scene: Ann may
    # not declare a Goal for him (nobody could veto it, and his creator would take his losses).
    sim = cast_game(start_story_tokens=1)
    sim.do("ann", "add_sample", name="Inspector Vale")
    sim.refuse(
        "ann",
        "create_conflict",
        kind="goal",
        text="Vale solves it",
        goal_for="inspector_vale",
        rule="CAPES-EG-004",
    )
    assert sim.state.tokens["ann"] == 1
    sim.do("ann", "create_conflict", kind="goal", text="Rampart saves the mayor", goal_for="rampart")


@pytest.mark.rules("CAPES-ACT-003", "CAPES-CONF-004")
def test_inspiration__on_the_acting_characters_side_not_another_of_the_players() -> None:
    # src 101: an Inspiration raises "one die on the character's side": Ann plays Skitter (A) and
    # Inspector Vale (B); in Skitter's Action she may not raise B, nor switch to Vale mid-Action.
    from capeworks.systems.capes.state import Inspiration

    sim = cast_game(start_story_tokens=1)
    sim.do("ann", "add_sample", name="Inspector Vale")
    sim.do("ann", "choose", character="inspector_vale")
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.put_conflict("c1", a=(2,), b=(1,), allies={"skitter": "A", "inspector_vale": "B"})
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=5),)})
    sim.do("ann", "create_conflict", text="Skitter scouts", character="skitter")
    sim.refuse("ann", "inspire", value=5, conflict="c1", side="B", rule="CAPES-ACT-003")
    sim.refuse("ann", "inspire", value=5, conflict="c1", side="B", character="inspector_vale")
    sim.do("ann", "inspire", value=5, conflict="c1", side="A")
    assert sim.side("c1", "A").dice == (5,) and sim.side("c1", "B").dice == (1,)


@pytest.mark.rules("CAPES-PAGE-005", "CAPES-PAGE-006", "CAPES-RSRC-001")
def test_claims__bought_claims_go_round_until_nobody_buys_and_skip_the_broke() -> None:
    # src 82 + PROPOSED PAGE-005: after the free go-around, bought claims go clockwise from the
    # Starter while anyone buys. Ann (2 tokens) and Cal (2) buy; once Ann is out of tokens she is
    # skipped; Cal may claim c3's other side (src 81) but not a side already claimed.
    sim = cast_game(start_story_tokens=2)
    for cid in ("c1", "c2", "c3", "c4"):
        sim.put_conflict(cid, a=(3,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.patch(tokens={"ann": 2, "bea": 0, "cal": 2})
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "pass")
    sim.do("cal", "claim", conflict="c1", side="B")
    assert _page(sim)[2:] == ("claims", "ann")  # Bea, with no token, is skipped from now on
    sim.do("ann", "claim", conflict="c2", side="A")
    sim.do("cal", "pass")
    sim.do("ann", "claim", conflict="c3", side="A")
    assert sim.state.tokens["ann"] == 0
    sim.refuse("cal", "claim", conflict="c3", side="A")
    sim.do("cal", "claim", conflict="c3", side="B")
    assert _page(sim)[2:] == ("claims", "cal")  # Ann cannot pay: Cal again
    sim.do("cal", "pass")
    assert _page(sim)[2] == "narration"
    assert sim.state.tokens == {"ann": 0, "bea": 0, "cal": 1}


@pytest.mark.rules("CAPES-EG-004", "CAPES-EG-006", "CAPES-CONF-004")
def test_goal__its_character_who_went_over_to_the_winners_has_not_failed_it() -> None:
    # src 123: "If that side resolves the Goal, then they succeed ... Otherwise they fail"; src 110:
    # allying with another side, "you're no longer Allied to your original side". Rampart's Goal
    # "Stop the train" (A) -- but Rampart last rolled for B, which Cal claims and resolves: Rampart
    # is on the side that won, not a failure of the Goal, and may declare it again this Scene.
    sim = cast_game(start_story_tokens=1)
    sim.put_conflict(
        "c1",
        kind="goal",
        text="Stop the train",
        creator="rampart",
        creator_player="cal",
        a=(2,),
        b=(5,),
        allies={"skitter": "A", "rampart": "B"},
    )
    _claims(sim, {"cal": ("c1", "B")})
    _to_resolving(sim)
    while sim.phase() == "actions":
        sim.do(_page(sim)[3], "pass")
    sim.do("cal", "resolve", conflict="c1")
    assert sim.state.conflict("c1") is None
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.do("bea", "pass")
    sim.do("cal", "create_conflict", kind="goal", text="Stop the train", character="rampart")
    assert any(c.text == "Stop the train" for c in sim.state.conflicts)


@pytest.mark.rules("CAPES-RES-009", "CAPES-SPLIT-005")
def test_deadlock__a_third_side_of_sixes_also_turns_into_inspirations() -> None:
    # src 142-145 on a card with a split-off side: A [6, 6] and B [6, 6] tie at the top, C [6]
    # trails; every die is a 6 and nobody has Debt to stake: Deadlock. "All dice convert directly
    # to Inspirations without matching": Ann (A) 6, 6; Cal (B) 6, 6; Bea (C) 6.
    sim = cast_game()
    side_c = Side(id="C", dice=(6,), original=False)
    sim.put_conflict(
        "c1",
        a=(6, 6),
        b=(6, 6),
        allies={"skitter": "A", "rampart": "B", "aunt_sylvie": "C"},
        extra_sides=(side_c,),
    )
    _claims(sim, {})
    _to_resolving(sim)  # nobody claimed c1: Ann, the Starter, declares it
    sim.do("ann", "deadlock", conflict="c1")
    assert _inspirations(sim, "ann") == [6, 6]
    assert _inspirations(sim, "cal") == [6, 6]
    assert _inspirations(sim, "bea") == [6]
    assert sim.state.conflict("c1") is None
