"""A fourth referee's pass over Capes: the seed lines the first three passes cited least.

A new card (src 39, 106-108), accepting a roll either way (src 188-190), where Debt goes
(src 151, 187), what may be done before and after the core step as often as it is afforded
(src 97-104), the turn order of a later Page (src 69-71, 93), alliances that move (src 110)
and shared Exemplars (src 252-257). Each test is one situation written from the seed alone
("src N" = line N of seeds/004_209cadad08ad98a0.txt), played through the table with given
dice. Sample sheets as in test_referee.py.
"""

from __future__ import annotations

import pytest

from capeworks.systems.capes.flow import whose_turn
from capeworks.systems.capes.state import Inspiration
from tests.systems.capes.helpers import Sim, actions_game, cast_game
from tests.systems.capes.test_referee import _filler_actions, _inspirations, _page


def _nobody_reacts(sim: Sim) -> None:
    """Everyone asked passes until the Reaction window closes (src 200)."""
    while sim.state.scene.page.action.reactions is not None:  # type: ignore[union-attr]
        sim.do(whose_turn(sim.state)[0] or "", "pass")


# -- a new card and the rolls on it (CAPES-CONF, CAPES-ABIL) -------------------------------------


@pytest.mark.rules("CAPES-CONF-001", "CAPES-ACT-005")
def test_conflict__a_new_card_holds_one_die_a_side_both_at_one() -> None:
    # src 39: "Conflicts start with a die for each side. These start at 1"; src 108: "an index card
    # that starts out with two dice on it". Ann creates one as her Action: two sides, [1] and [1].
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The swarm rises")
    (card,) = sim.state.conflicts
    assert [s.dice for s in card.sides] == [(1,), (1,)]
    assert card.creator == "skitter"


@pytest.mark.rules("CAPES-ABIL-003", "CAPES-ABIL-004")
def test_ability__accepting_a_worse_roll_is_the_rollers_choice() -> None:
    # src 188: "they choose whether to accept the roll or turn the die back"; src 190 is advice only
    # ("You generally want to only accept rolls that are higher ... on your side"). Skitter's Silk
    # Lines (3) rolls her own side's 3 to 1 and Ann accepts it: A shows 1.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(1,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    assert sim.side("c1", "A").dice == (1,)


@pytest.mark.rules("CAPES-ABIL-003", "CAPES-ABIL-002", "CAPES-CONF-004")
def test_ability__an_opposing_die_rolled_up_may_be_accepted_too() -> None:
    # src 189: any die on any side; src 110: trying to roll down B's die allies Skitter with A. The
    # roll comes up 5 on B's 2 and Ann keeps it anyway (src 188): B shows 5, Skitter is on A.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"rampart": "B"})
    sim.do(
        "ann",
        "use_ability",
        dice=(5,),
        ability="Bug Control",
        conflict="c1",
        side="B",
        help="A",
        drive="truth",
    )
    sim.do("ann", "accept")
    assert sim.side("c1", "B").dice == (5,)
    assert sim.state.conflict("c1").alliances["skitter"].side == "A"  # type: ignore[union-attr]


# -- Debt on a Drive of the player's choice (CAPES-DEBT-004) --------------------------------------


@pytest.mark.rules("CAPES-DEBT-004", "CAPES-DEBT-002", "CAPES-DEBT-003")
def test_debt__a_super_use_may_go_on_any_drive_even_one_it_overdraws() -> None:
    # src 151/187: "you can put it on any of your Drives, no explanation required". Skitter's Hope
    # (Strength 1) already holds 1; Ann puts Bug Control's Debt there anyway: Hope 2 > 1, Overdrawn,
    # so at the start of Page 2 (src 147) Ann rolls the highest die Skitter owns: A's 4 -> 2, kept.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "hope", 1)
    sim.do(
        "ann",
        "use_ability",
        dice=(1,),
        ability="Bug Control",
        conflict="c1",
        side="B",
        help="A",
        drive="hope",
    )
    sim.do("ann", "accept")
    _nobody_reacts(sim)
    assert sim.debt("skitter", "hope") == 2
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    sim.do("ann", "overdrawn_roll", dice=(2,))
    assert sim.side("c1", "A").dice == (2,)


# -- before and after the core step, as often as afforded (CAPES-ACT-002) -------------------------


@pytest.mark.rules("CAPES-ACT-002", "CAPES-STAKE-001", "CAPES-STAKE-002", "CAPES-SPLIT-001")
def test_action__stake_and_split_before_and_again_after_the_ability() -> None:
    # src 100: "Immediately before/after/both ... using an ability"; src 104: "as many times as you
    # can afford". Skitter (Truth 3, holding 3) on A [2]: stakes 1 before the roll; Silk Lines rolls
    # A's 2 to 6, kept (no ability reaches 6, so no Reaction, src 197); she stakes 1 more (2 on A:
    # room for 3 dice) and splits the 6 into [3, 3], then a 3 into [2, 1]: A [3, 2, 1], still 6 (src 179).
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(4,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 3)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.do("ann", "use_ability", dice=(6,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    sim.do("ann", "split", conflict="c1", side="A", die=2, parts=2)
    assert sim.side("c1", "A").dice == (3, 2, 1)
    assert sum(s.amount for s in sim.side("c1", "A").stakes) == 2
    # Truth held 3, staked 2, and Silk Lines' own Debt went back on Truth: 3 - 2 + 1
    assert sim.debt("skitter", "truth") == 2


@pytest.mark.rules("CAPES-ACT-002", "CAPES-ACT-003")
def test_action__two_inspirations_one_before_and_one_after_creating_a_conflict() -> None:
    # src 97-98: an Inspiration "at any time in their Action"; src 104: as many times as afforded.
    # Ann holds 4 and 5: the 4 raises Skitter's 2 on c1 before she creates a Conflict, the 5 raises
    # her 1 on c2 after it. Both dice are raised, both Inspirations are spent.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(3,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(1,), b=(3,), allies={"skitter": "A"})
    sim.patch(inspirations={"ann": (Inspiration(value=4, source="c0"), Inspiration(value=5, source="c0"))})
    sim.do("ann", "inspire", value=4, conflict="c1", side="A")
    sim.do("ann", "create_conflict", text="The swarm rises")
    sim.do("ann", "inspire", value=5, conflict="c2", side="A")
    assert sim.side("c1", "A").dice == (4,) and sim.side("c2", "A").dice == (5,)
    assert _inspirations(sim, "ann") == []


# -- turn order on a later Page (CAPES-PAGE-002/012) ----------------------------------------------


@pytest.mark.rules("CAPES-PAGE-002", "CAPES-PAGE-012", "CAPES-PRIN-003")
def test_actions__on_page_two_they_go_clockwise_from_bea() -> None:
    # src 70-71: the Starter rotates left (Bea on Page 2) and "everyone else acts in turn
    # (continuing clockwise)"; src 93. Ann may not act before Bea nor before Cal.
    sim = actions_game()
    _filler_actions(sim, ("ann", "bea", "cal"))
    while sim.phase() == "claims":
        sim.do(_page(sim)[3], "pass")
    sim.do("bea", "begin_actions")
    sim.refuse("ann", "create_conflict", text="Too soon")
    sim.do("bea", "create_conflict", text="Bea's turn")
    sim.do("bea", "end_action")
    sim.refuse("ann", "create_conflict", text="Still too soon")
    sim.do("cal", "create_conflict", text="Cal's turn")
    sim.do("cal", "end_action")
    sim.do("ann", "create_conflict", text="Ann's turn at last")
    assert [c.creator for c in sim.state.conflicts][-3:] == ["aunt_sylvie", "rampart", "skitter"]


# -- alliances that move (CAPES-CONF-004, CAPES-STAKE-001) ----------------------------------------


@pytest.mark.rules("CAPES-CONF-004", "CAPES-STAKE-001")
def test_stake__after_helping_the_other_side_the_stake_goes_on_the_new_side() -> None:
    # src 110: "If you ally with another side in the same conflict you're no longer Allied to your
    # original side." Skitter was on A; her Bug Control now tries to raise B (help B): a stake she
    # makes after the roll lands on B, not A.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.do(
        "ann",
        "use_ability",
        dice=(4,),
        ability="Bug Control",
        conflict="c1",
        side="B",
        help="B",
        drive="truth",
    )
    sim.do("ann", "accept")
    _nobody_reacts(sim)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    assert [s.character for s in sim.side("c1", "B").stakes] == ["skitter"]
    assert sim.side("c1", "A").stakes == ()


# -- shared Exemplars and their Free Conflicts (CAPES-CHAR-011/012) -------------------------------


@pytest.mark.rules("CAPES-CHAR-011", "CAPES-CHAR-012", "CAPES-PAGE-009")
def test_exemplar__one_exemplar_for_two_characters_gives_two_free_conflicts_a_scene() -> None:
    # src 257: a shared Exemplar may stand for a different Drive for each character; src 252: each
    # pair's Free Conflict "can be played once in any Scene where both characters appear". Aunt
    # Sylvie is Skitter's (Truth) and, made by another player, Rampart takes her for Hope. In a Scene
    # with all three, Ann plays Skitter's Free Conflict and Cal plays Rampart's, each free; a second
    # Skitter-Sylvie one is refused.
    sim = Sim()
    for seat, name in (("ann", "Skitter"), ("bea", "Aunt Sylvie"), ("cal", "Rampart")):
        sim.do(seat, "add_sample", name=name)
    sim.do("cal", "add_exemplar", character="rampart", exemplar="Aunt Sylvie", drive="hope")
    sim.do("ann", "declare_scene", text="A charity gala")
    sim.do("ann", "choose", character="skitter")
    sim.do("bea", "choose", character="aunt_sylvie")
    sim.do("cal", "choose", character="rampart")
    assert sim.state.tokens.get("ann", 0) == 0 and sim.state.tokens.get("cal", 0) == 0
    sim.do(
        "ann", "create_conflict", text="Sylvie asks where Taylor was", free="exemplar", exemplar="aunt_sylvie"
    )
    sim.refuse(
        "ann",
        "create_conflict",
        text="Sylvie asks again",
        free="exemplar",
        exemplar="aunt_sylvie",
        rule="CAPES-CHAR-012",
    )
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do(
        "cal", "create_conflict", text="Sylvie bakes for the shelter", free="exemplar", exemplar="aunt_sylvie"
    )
    assert len(sim.state.conflicts) == 2


# -- what is won is spent later (CAPES-RSRC, CAPES-PAGE-012/013) ----------------------------------


@pytest.mark.rules("CAPES-SCENE-007", "CAPES-PAGE-012", "CAPES-PAGE-001")
def test_page_start__a_character_added_for_a_token_acts_free_that_page() -> None:
    # src 88: a character added at Page start for a Story Token; src 37/92: "they get an action for
    # each of their characters". Ann brings Inspector Vale in: in the Action phase she takes a free
    # Action with Skitter and one with Vale before Bea acts, and pays nothing more.
    sim = cast_game(start_story_tokens=1)
    sim.do("ann", "add_sample", name="Inspector Vale")
    sim.do("ann", "choose", character="inspector_vale")
    assert sim.state.tokens["ann"] == 0
    while sim.phase() == "claims":
        sim.do(_page(sim)[3], "pass")
    sim.do("ann", "begin_actions")
    sim.do("ann", "create_conflict", text="The swarm rises", character="skitter")
    sim.do("ann", "end_action")
    sim.refuse("bea", "create_conflict", text="Not yet Bea's turn")
    sim.do("ann", "create_conflict", text="Vale takes notes", character="inspector_vale")
    sim.do("ann", "end_action")
    assert _page(sim)[3] == "bea" and sim.state.tokens["ann"] == 0


@pytest.mark.rules("CAPES-RSRC-001", "CAPES-RES-004", "CAPES-PAGE-013")
def test_tokens__won_by_losing_buy_an_action_on_the_next_page() -> None:
    # src 45: Story Tokens are "Gained by losing Conflicts. Spent for extra ... actions"; src 132.
    # Skitter staked 2 on c1 A (6 against 1); Ann resolves; Bea's Sylvie lost: Bea gets 2 tokens.
    # On Page 2, after the free Actions, Bea buys one (src 94): 2 -> 1.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(1,),
        allies={"skitter": "A", "aunt_sylvie": "B"},
        stakes={"A": [("skitter", "truth", 2)]},
    )
    while sim.phase() == "claims":
        seat = _page(sim)[3]
        if seat == "ann":
            sim.do("ann", "claim", conflict="c1", side="A")
        else:
            sim.do(seat, "pass")
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.do("ann", "resolve", conflict="c1")
    assert sim.state.tokens.get("bea", 0) == 2
    while sim.phase() != "actions":
        sim.do(whose_turn(sim.state)[0] or "", "pass" if sim.phase() != "narration" else "begin_actions")
    _filler_actions(sim, ("bea", "cal", "ann"))
    sim.do("bea", "create_conflict", text="Sylvie's extra Action")
    assert sim.state.tokens["bea"] == 1


@pytest.mark.rules("CAPES-RSRC-002", "CAPES-RES-006", "CAPES-ACT-003")
def test_inspiration__won_at_resolution_raises_a_die_on_a_later_page() -> None:
    # src 46: Inspirations are "Gained by winning Conflicts. Spent to increase dice"; src 139: the
    # winning 6 over the losing 2 gives Ann an Inspiration of 4. On Page 2 she spends it on
    # Skitter's 1 on c2: it shows 4.
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.put_conflict("c2", a=(1,), b=(3,), allies={"skitter": "A"})
    while sim.phase() == "claims":
        seat = _page(sim)[3]
        if seat == "ann":
            sim.do("ann", "claim", conflict="c1", side="A")
        else:
            sim.do(seat, "pass")
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.do("ann", "resolve", conflict="c1")
    assert _inspirations(sim, "ann") == [4]
    while sim.phase() != "actions":
        sim.do(whose_turn(sim.state)[0] or "", "pass" if sim.phase() != "narration" else "begin_actions")
    _filler_actions(sim, ("bea", "cal"))
    sim.do("ann", "inspire", value=4, conflict="c2", side="A")
    assert sim.side("c2", "A").dice == (4,) and _inspirations(sim, "ann") == []


# -- characters made on the spot (CAPES-SCENE-006) ------------------------------------------------


@pytest.mark.rules("CAPES-SCENE-006", "CAPES-SCENE-004")
def test_casting__a_character_made_on_the_spot_is_chosen_free() -> None:
    # src 58: "You can all create and introduce new characters on the spot"; src 36: each player's
    # first pick is free. With the Scene declared and Ann's pick made, Bea makes a brand-new
    # mundane character and picks it as her free one; it is hers for the Scene.
    sim = Sim()
    for seat, name in (("ann", "Skitter"), ("cal", "Rampart")):
        sim.do(seat, "add_sample", name=name)
    sim.do("ann", "declare_scene", text="A charity gala")
    sim.do("ann", "choose", character="skitter")
    sim.do(
        "bea",
        "create_character",
        name="Lisa",
        attitudes="Curious,Brave,Loyal",
        styles="Quick,Quiet,Clever",
        skills="Running,Hiding,Talking",
    )
    sim.do("bea", "choose", character="lisa")
    assert sim.state.scene is not None and sim.state.scene.cast["lisa"] == "bea"
    assert sim.state.tokens.get("bea", 0) == 0


@pytest.mark.rules("CAPES-PAGE-009", "CAPES-RSRC-001", "CAPES-PRIN-004")
def test_page_start__each_further_conflict_costs_another_token() -> None:
    # src 37: "They may add ... more Conflicts for a Story Token each"; src 88. Ann holds 2: on her
    # claiming turn she adds two Conflicts (2 -> 0); a third is refused for want of a token.
    sim = cast_game(start_story_tokens=2)
    sim.do("ann", "create_conflict", text="The lights go out")
    sim.do("ann", "create_conflict", text="A guest faints")
    assert sim.state.tokens["ann"] == 0 and len(sim.state.conflicts) == 2
    sim.refuse("ann", "create_conflict", text="The band stops", rule="CAPES-RSRC-001")


@pytest.mark.rules("CAPES-ABIL-002", "CAPES-CONF-004", "CAPES-SPLIT-005")
def test_ability__a_die_on_a_split_off_side_may_be_rolled_down_too() -> None:
    # src 189: "You may roll any die on any side of a Conflict", a split-off side C as well (src 180).
    # Skitter split off C [2, 1] from A; Rampart's Invulnerability (2) rolls C's 2 to help B:
    # 1 is kept; C shows [1, 1] and Rampart is allied with B (src 110).
    from capeworks.systems.capes.state import Side, Stake

    sim = actions_game()
    side_c = Side(
        id="C", dice=(2, 1), original=False, stakes=(Stake(character="skitter", pool="truth", amount=2),)
    )
    sim.put_conflict("c1", a=(1,), b=(3,), allies={"skitter": "C", "rampart": "B"}, extra_sides=(side_c,))
    sim.do("ann", "create_conflict", text="Filler")
    sim.do("ann", "end_action")
    sim.do("bea", "create_conflict", text="Filler too")
    sim.do("bea", "end_action")
    sim.do(
        "cal",
        "use_ability",
        dice=(1,),
        ability="Invulnerability",
        conflict="c1",
        side="C",
        help="B",
        drive="duty",
    )
    sim.do("cal", "accept")
    assert sim.side("c1", "C").dice == (1, 1)
    assert sim.state.conflict("c1").alliances["rampart"].side == "B"  # type: ignore[union-attr]


# -- an undifferentiated stack at resolution (CAPES-CHAR-009, CAPES-RES-003) -----------------------


@pytest.mark.rules("CAPES-RES-003", "CAPES-CHAR-009", "CAPES-STAKE-005", "CAPES-DEBT-002")
def test_resolve__an_undifferentiated_losing_stake_comes_back_doubled_onto_the_stack() -> None:
    # src 42: "Losers get back double the Debt they Staked"; src 236-237: one big stack, Overdrawn
    # above five. Cal's Swarm Thug holds 3 unstaked and lost 2 staked on B (6 against 2): back 4 on
    # the stack, 7 in all: Overdrawn.
    from capeworks.systems.capes.queries import overdrawn_pools

    sim = Sim()
    sim.do("ann", "add_sample", name="Skitter")
    sim.do("bea", "add_sample", name="Aunt Sylvie")
    sim.do(
        "cal",
        "create_character",
        name="Swarm Thug",
        powers="Bite,Sting,Buzz",
        attitudes="Mean,Dim,Loyal",
        styles="Loud,Fast,Dirty",
    )
    sim.do("ann", "declare_scene", text="A charity gala")
    for seat, character in (("ann", "skitter"), ("bea", "aunt_sylvie"), ("cal", "swarm_thug")):
        sim.do(seat, "choose", character=character)
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"skitter": "A", "swarm_thug": "B"},
        stakes={"B": [("swarm_thug", "stack", 2)]},
    )
    sim.set_debt("swarm_thug", "stack", 3)
    while sim.phase() == "claims":
        seat = _page(sim)[3]
        sim.do(seat, "claim", conflict="c1", side="A") if seat == "ann" else sim.do(seat, "pass")
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.do("ann", "resolve", conflict="c1")
    assert sim.debt("swarm_thug", "stack") == 7
    assert overdrawn_pools(sim.state.roster["swarm_thug"]) == ["stack"]
