"""A twelfth referee's pass over Capes: resources flowing across Pages and Scenes (Story Tokens,
Debt, Inspirations), several pre-ability moves chained in one Action (a split-off side among them),
Reactions counted per Action, who resolves at the Page's end and how they name the Story Tokens, the
Gloat offered by the Code, the veto window against the declarer's own hurry, refusals, and what each
seat reads.

Each test is one situation written from the seed alone ("src N" = line N of
seeds/004_209cadad08ad98a0.txt), played through the table with given dice. Sample sheets as in
test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart (Cal); Ann starts Page 1.
"""

from __future__ import annotations

import pytest

from capeworks.systems.capes.state import Inspiration
from tests.systems.capes.helpers import Sim, actions_game, cast_game, pass_claims
from tests.systems.capes.test_referee import _claims, _end_scene, _filler_actions, _page, _to_resolving
from tests.systems.capes.test_referee9 import _line, _panel


def _hold(sim: Sim, seat: str, *values: int) -> None:
    sim.patch(inspirations={**sim.state.inspirations, seat: tuple(Inspiration(value=v) for v in values)})


def _nobody_reacts(sim: Sim) -> None:
    while any(p.kind == "react" for p in sim.prompts()):
        sim.do(next(p.seat for p in sim.prompts() if p.kind == "react"), "pass")


# -- Reactions are counted per Action (CAPES-REACT-004) -------------------------------------------


@pytest.mark.rules("CAPES-REACT-004", "CAPES-PAGE-013")
def test_reaction__cal_reacts_again_to_anns_bought_action() -> None:
    # src 197 "No player may React twice on the same action": twice on the same *action*. Cal reacts
    # to Ann's free Action; Ann later buys a second Action (1 token, src 94) and rolls again: that is
    # another action, and Cal may react to it (Great Leap 3 is a power: reusable for 1 Debt, src 185).
    sim = actions_game(start_story_tokens=1)
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"skitter": "A", "rampart": "B"})
    # free Action: Silk Lines 3 rolls A's 1 -> 3, kept; Cal's Great Leap 3 reacts for B: 3 -> 1, kept
    sim.do("ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "react", dice=(1,), ability="Great Leap", help="B", drive="duty")
    sim.do("cal", "accept")
    _nobody_reacts(sim)
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    # bought Action: Silk Lines rolls A's 1 -> 3 again, kept; Cal reacts again: 3 -> 2, kept
    sim.do("ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    assert sim.state.tokens.get("ann", 0) == 0
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "react", dice=(2,), ability="Great Leap", help="B", drive="duty")
    sim.do("cal", "accept")
    assert sim.side("c1", "A").dice == (2,)
    assert sim.debt("rampart", "duty") == 2


# -- resources across Scenes (CAPES-DEBT-001, CAPES-RSRC-001, CAPES-SCENE-006) ---------------------


def _scene_two(sim: Sim, cast: dict[str, str]) -> None:
    """Scene 1 ends by vote; Bea declares Scene 2 and the cast picks clockwise from her, no purchases."""
    _end_scene(sim)
    sim.do("bea", "declare_scene", text="The docks")
    for seat in ("bea", "cal", "ann"):
        sim.do(seat, "choose", character=cast[seat])
    while sim.state.scene is not None and sim.state.scene.casting:
        sim.do(sim.state.scene.turn, "pass")


@pytest.mark.rules("CAPES-DEBT-001", "CAPES-SCENE-006", "CAPES-STAKE-001")
def test_debt__stays_on_the_characters_drive_when_another_player_takes_it_over() -> None:
    # src 147 "Debt Tokens go on Drives" (the character's), src 56 characters change hands each Scene.
    # Skitter holds 2 truth Debt from Scene 1; in Scene 2 Bea plays her: Bea stakes it, Ann may not.
    sim = cast_game()
    sim.set_debt("skitter", "truth", 2)
    _scene_two(sim, {"bea": "skitter", "cal": "rampart", "ann": "aunt_sylvie"})
    pass_claims(sim)
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.refuse("ann", "stake", conflict="c1", amount=2, drive="truth", character="skitter", why="x")
    sim.do("bea", "stake", conflict="c1", amount=2, drive="truth", why="Her secret identity")
    assert sim.debt("skitter", "truth") == 0
    assert [(s.character, s.amount) for s in sim.side("c1", "A").stakes] == [("skitter", 2)]


@pytest.mark.rules("CAPES-RSRC-001", "CAPES-SCENE-004", "CAPES-GLOAT-002")
def test_tokens__a_gloats_tokens_buy_a_second_character_in_the_next_scene() -> None:
    # src 205 "For each die turned the Resolver earns a Story Token"; src 36 "They may then buy more
    # characters for a Story Token each". Ann gloats on c1 (A [5, 3] vs B [2]), turning both: 2 tokens.
    # Scene 2: after the free picks (Bea Rampart, Cal Sylvie, Ann Skitter) Ann buys Inspector Vale: 1.
    sim = cast_game()
    sim.do("ann", "add_sample", name="Inspector Vale")
    sim.put_conflict("c1", a=(5, 3), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "gloat", conflict="c1", count=2)
    assert sim.state.tokens.get("ann", 0) == 2
    _end_scene(sim)
    sim.do("bea", "declare_scene", text="The docks")
    for seat, char in (("bea", "rampart"), ("cal", "aunt_sylvie"), ("ann", "skitter")):
        sim.do(seat, "choose", character=char)
    while sim.state.scene is not None and sim.state.scene.casting:
        seat = sim.state.scene.turn
        if seat == "ann" and sim.state.tokens.get("ann", 0) == 2:
            sim.do("ann", "choose", character="inspector_vale")
        else:
            sim.do(seat, "pass")
    assert sim.state.tokens.get("ann", 0) == 1
    assert sim.state.scene is not None and sim.state.scene.cast.get("inspector_vale") == "ann"


# -- several moves chained before the ability (CAPES-ACT-002) --------------------------------------


@pytest.mark.rules("CAPES-ACT-002", "CAPES-ACT-003", "CAPES-SPLIT-001", "CAPES-ABIL-002")
def test_action__inspire_stake_split_then_a_lower_rating_rolls_the_half() -> None:
    # src 98-104: before the ability, "in whatever order you like": Skitter's die on c1 A shows 2; Ann
    # spends her 5 (2 -> 5), stakes 1 truth (room for 2 dice), splits 5 -> [3, 2] (src 178), then Silk
    # Lines 3, which could not touch the 5, rolls the 3: 6, kept. A = 6 + 2 = 8.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(4,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 1)
    _hold(sim, "ann", 5)
    sim.do("ann", "inspire", value=5, conflict="c1", side="A")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="She hides who she is")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    assert sim.side("c1", "A").dice == (3, 2)
    sim.do(
        "ann", "use_ability", dice=(6,), ability="Silk Lines", conflict="c1", side="A", die=1, drive="truth"
    )
    sim.do("ann", "accept")
    assert sim.side("c1", "A").dice == (6, 2)
    assert sim.state.inspirations.get("ann", ()) == ()


@pytest.mark.rules("CAPES-ACT-002", "CAPES-ACT-003")
def test_action__two_inspirations_on_the_two_dice_of_one_split_side() -> None:
    # src 104 "as many times as you can afford": c1 A is [2, 1] (split on 1 staked Debt); Ann holds 4
    # and 3: the 4 raises die 1 (2 -> 4), the 3 raises die 2 (1 -> 3): A = [4, 3].
    sim = actions_game()
    sim.put_conflict("c1", a=(2, 1), b=(5,), allies={"skitter": "A"}, stakes={"A": [("skitter", "truth", 1)]})
    _hold(sim, "ann", 4, 3)
    sim.do("ann", "inspire", value=4, conflict="c1", side="A", die=1)
    sim.do("ann", "inspire", value=3, conflict="c1", side="A", die=2)
    assert sim.side("c1", "A").dice == (4, 3)
    assert sim.state.inspirations.get("ann", ()) == ()


# -- who resolves at the Page's end (CAPES-RES-001) ------------------------------------------------


@pytest.mark.rules("CAPES-RES-001")
def test_resolve__only_the_claimant_not_another_player_allied_with_the_side() -> None:
    # src 131 "players look at the Conflicts they claimed": Rampart (Cal) is allied with c1's winning
    # side A but Ann claimed it; Cal claimed c2 A. Page 1 resolving goes Ann, Bea, Cal: Ann is asked to
    # resolve c1, Cal is asked nothing yet; once Ann has resolved c1, Cal may not resolve it, only c2.
    sim = cast_game()
    sim.put_conflict("c1", a=(5,), b=(2,), allies={"skitter": "A", "rampart": "A", "aunt_sylvie": "B"})
    sim.put_conflict("c2", a=(4,), b=(1,), allies={"rampart": "A", "aunt_sylvie": "B"})
    _claims(sim, {"ann": ("c1", "A"), "cal": ("c2", "A")})
    _to_resolving(sim)
    assert {p.seat for p in sim.prompts() if p.kind == "resolve_or_gloat"} == {"ann"}
    sim.refuse("cal", "resolve", conflict="c1")
    sim.do("ann", "resolve", conflict="c1")
    sim.refuse("cal", "resolve", conflict="c1")
    assert {p.seat for p in sim.prompts() if p.kind == "resolve_or_gloat"} == {"cal"}
    sim.do("cal", "resolve", conflict="c2")
    assert sim.state.conflict("c1") is None and sim.state.conflict("c2") is None


@pytest.mark.rules("CAPES-RES-001", "CAPES-CONF-003")
def test_resolve__a_claim_that_does_not_control_is_not_asked_and_the_page_turns() -> None:
    # src 131 "If the side they claimed Controls the Conflict then they Resolve it": Bea claimed c2 B,
    # which trails (2 vs 4); Ann claimed c1 A, which leads. Only Ann is asked; once she resolves,
    # Page 2 begins (Starter Bea) with c2 still on the table.
    sim = cast_game()
    sim.put_conflict("c1", a=(5,), b=(2,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(4,), b=(2,), allies={"aunt_sylvie": "B"})
    _claims(sim, {"ann": ("c1", "A"), "bea": ("c2", "B")})
    _to_resolving(sim)
    assert {p.seat for p in sim.prompts() if p.kind == "resolve_or_gloat"} == {"ann"}
    sim.refuse("bea", "resolve", conflict="c2")
    sim.do("ann", "resolve", conflict="c1")
    assert _page(sim)[:2] == (2, "bea")
    assert sim.state.conflict("c2") is not None


# -- a split-off side carried through an Action and the Resolving (CAPES-SPLIT-005) ---------------


@pytest.mark.rules("CAPES-SPLIT-005", "CAPES-ACT-002", "CAPES-SPLIT-002", "CAPES-RES-004", "CAPES-RES-007")
def test_split_off__inspired_rolled_staked_again_split_and_resolved_next_page() -> None:
    # src 180 (PROPOSED SPLIT-005): c1 A [4] (Skitter) vs B [5] (Rampart). Ann stakes 2 truth, splits
    # 4 -> [2, 1, 1], moves 2 Debt + [2, 1] to her own side C. Still before her ability (src 98-104) she
    # spends her 5 on C's 1 -> C [2, 5]; Bug Control 2 rolls C's 2: 3, kept (+1 truth). After it she
    # stakes 1 more truth on C (3 in all = truth's Strength 3, src 168): C holds 3 dice now (no free die
    # on a split-off side), so the 5 splits -> [3, 2]: C [3, 3, 2] = 8; a fourth die is refused.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(5,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 3)
    _hold(sim, "ann", 5)
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth", why="Her own plan")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=3)
    sim.do("ann", "split_off", conflict="c1", side="A", label="Skitter's own plan", payload={"dice": "2,1"})
    sim.do("ann", "inspire", value=5, conflict="c1", side="C", die=2)
    sim.do(
        "ann", "use_ability", dice=(3,), ability="Bug Control", conflict="c1", side="C", die=1, drive="truth"
    )
    sim.do("ann", "accept")
    _nobody_reacts(sim)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", why="Still her plan")
    sim.do("ann", "split", conflict="c1", side="C", die=2, parts=2)
    assert sim.side("c1", "C").dice == (3, 3, 2)
    sim.refuse("ann", "split", conflict="c1", side="C", die=1, parts=2)
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    # Page 2 (Starter Bea): Ann claims C. C 8 beats B 5 and A 1; the losing dice pool [5, 1] (src 141,
    # PROPOSED RES-007); pairs highest first: 3-5 -> Cal (B's player) +2, 3-1 -> Ann +2, leftover 2 ->
    # Ann +2. Skitter's 3 staked on C go as Story Tokens to the only loser, Cal (A has nobody left).
    _claims(sim, {"ann": ("c1", "C")})
    sim.do("bea", "begin_actions")
    _filler_actions(sim, ("bea", "cal", "ann"))
    sim.do("ann", "resolve", conflict="c1")
    assert sorted(i.value for i in sim.state.inspirations["ann"]) == [2, 2]
    assert [i.value for i in sim.state.inspirations["cal"]] == [2]
    assert sim.state.tokens.get("cal", 0) == 3 and sim.state.tokens.get("bea", 0) == 0
    assert "3 Story Tokens to Cal; Inspirations: Ann 2, Ann 2, Cal 2" in _line(sim, "bea", "resolves c1")


# -- Overdrawn rolls are the player's of the character now (CAPES-DEBT-003) ------------------------


@pytest.mark.rules("CAPES-DEBT-003", "CAPES-SCENE-006")
def test_overdrawn__the_player_who_took_the_character_over_rolls_it() -> None:
    # src 47 "for each Overdrawn drive, the player rolls the highest die the character owns". Skitter
    # carries 4 truth Debt (Strength 3) out of Scene 1. In Scene 2 Bea plays her; on Page 1 Skitter owns
    # no die, so nothing is rolled. She takes c1's side A (a 5) on Page 1; at Page 2's start Bea rolls it,
    # not Ann: 2 < 5, kept.
    sim = cast_game()
    sim.set_debt("skitter", "truth", 4)
    _scene_two(sim, {"bea": "skitter", "cal": "rampart", "ann": "aunt_sylvie"})
    assert _page(sim)[:3] == (1, "bea", "claims")
    pass_claims(sim)
    sim.put_conflict("c1", a=(5,), b=(2,), allies={"skitter": "A"})
    sim.do("bea", "begin_actions")
    _filler_actions(sim, ("bea", "cal", "ann"))
    assert _page(sim)[:3] == (2, "cal", "overdrawn")
    sim.refuse("ann", "overdrawn_roll", dice=(2,))
    sim.do("bea", "overdrawn_roll", dice=(2,))
    assert sim.side("c1", "A").dice == (2,)


# -- Gloating: what the claimant is asked (CAPES-GLOAT-001) -----------------------------------------


@pytest.mark.rules("CAPES-GLOAT-001", "CAPES-GLOAT-002")
def test_gloat__the_claimant_is_asked_to_resolve_or_gloat_if_the_code_forbids_it() -> None:
    # src 52/205 "If Resolving would violate the group Code the Claimant instead Gloats": the choice is
    # the claimant's at their turn, judged by the table. Ann's turn in the Resolving: what she and every
    # seat read names both the resolution and the Gloat, and why one would gloat (the Code). She gloats
    # on c1 A [5, 3], turning both dice (5 first, src 205): 2 Story Tokens; the card stays as [1, 1].
    sim = cast_game()
    sim.put_conflict("c1", a=(5, 3), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    (prompt,) = [p for p in sim.prompts("ann") if p.kind == "resolve_or_gloat"]
    assert "gloat" in prompt.question.lower() and "code" in prompt.question.lower(), prompt.question
    for seat in ("ann", "bea", "cal"):
        (turn,) = [row[1] for row in _panel(sim, seat, "Now") if row[0] == "Turn"]
        assert "gloat" in turn and "Code" in turn, turn
    sim.do("ann", "gloat", conflict="c1", count=2)
    assert sim.state.tokens.get("ann", 0) == 2
    assert sim.side("c1", "A").dice == (1, 1)


# -- what each seat reads of a character's Debt (CAPES-CHAR-001, CAPES-CHAR-009) --------------------


@pytest.mark.rules("CAPES-CHAR-001", "CAPES-CHAR-003", "CAPES-CHAR-009")
def test_characters__a_normal_person_shows_no_debt_stack() -> None:
    # src 211-212 "Super-powered characters can have Drives", src 218 normal people have Skills, not
    # Powers; src 235-238: the one Debt stack (Overdrawn past 5) is an undifferentiated *super-powered*
    # character's. Aunt Sylvie (all Skills, Attitudes and mundane Styles) never earns Debt: no seat
    # reads a "stack 0/5" for her; Skitter's Drives still read as before.
    sim = cast_game()
    for seat in ("ann", "bea", "cal"):
        rows = {r[0]: r[2] for r in _panel(sim, seat, "Characters")}
        assert "stack" not in rows["Aunt Sylvie"] and "/5" not in rows["Aunt Sylvie"], rows["Aunt Sylvie"]
        assert rows["Skitter"].startswith("truth 0/3")


# -- an Inspiration won by losing, raised, then spent (CAPES-RSRC-002, CAPES-ABIL-002) -------------


@pytest.mark.rules("CAPES-RES-007", "CAPES-ABIL-002", "CAPES-ACT-002", "CAPES-ACT-003", "CAPES-ABIL-001")
def test_inspiration__won_by_losing_raised_by_a_skill_and_spent_after_it() -> None:
    # src 141: Ann resolves c1, A [6] (Skitter) vs B [3, 2] (Sylvie): pairs 6-3 -> Ann +3, leftover 2 ->
    # Bea +2. Page 2 (Starter Bea): Bea's Gossip 2 raises her 2 to 3 (src 188: rating 2 >= 2; a Skill,
    # so Gossip Blocks for the Scene, src 186, and no Debt); after the ability (src 100) she spends the 3
    # on c2's side A die (Sylvie's, showing 1): 3. A later Gossip in the same Scene is refused.
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(3, 2), allies={"skitter": "A", "aunt_sylvie": "B"})
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "resolve", conflict="c1")
    assert [i.value for i in sim.state.inspirations["ann"]] == [3]
    assert [i.value for i in sim.state.inspirations["bea"]] == [2]
    pass_claims(sim)
    sim.put_conflict("c2", a=(1,), b=(4,), allies={"aunt_sylvie": "A"})
    sim.do("bea", "use_ability", ability="Gossip", inspiration=2)
    assert [i.value for i in sim.state.inspirations["bea"]] == [3]
    sim.do("bea", "inspire", value=3, conflict="c2", side="A")
    assert sim.side("c2", "A").dice == (3,)
    assert sim.state.inspirations.get("bea", ()) == ()
    sim.do("bea", "end_action")
    _filler_actions(sim, ("cal", "ann"))
    # Page 3 (Starter Cal): on Bea's turn Gossip could reach c3's fresh 1, but it is Blocked
    pass_claims(sim)
    sim.do("cal", "begin_actions")
    _filler_actions(sim, ("cal", "ann"))
    sim.refuse("bea", "use_ability", ability="Gossip", conflict="c3", side="A", match="Blocked")


# -- a Reaction rolls the very die the Action rolled (CAPES-REACT-001) ------------------------------


@pytest.mark.rules("CAPES-REACT-001", "CAPES-REACT-003", "CAPES-SPLIT-001")
def test_reaction__on_a_split_side_it_rolls_the_die_just_accepted_not_the_first() -> None:
    # src 197 "roll that die again": c1 A is [3, 2] (split on Skitter's 1 staked truth). Ann's Bug
    # Control 2 rolls die 2: 2 -> 5, kept. Bea has nothing at 5 and is passed over; Cal's Hopeful 5
    # reacts for B: die 2 rolls 1, kept. A = [3, 1]; die 1 untouched.
    sim = actions_game()
    sim.put_conflict(
        "c1",
        a=(3, 2),
        b=(6,),
        allies={"skitter": "A", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 1)]},
    )
    sim.do(
        "ann", "use_ability", dice=(5,), ability="Bug Control", conflict="c1", side="A", die=2, drive="truth"
    )
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    assert {p.seat for p in sim.prompts() if p.kind == "react"} == {"cal"}
    sim.do("cal", "react", dice=(1,), ability="Hopeful", help="B")
    sim.do("cal", "accept")
    assert sim.side("c1", "A").dice == (3, 1)


# -- the Free Conflict's creator and the first Story Token (CAPES-CHAR-012, CAPES-RES-005) ----------


@pytest.mark.rules("CAPES-CHAR-012", "CAPES-RES-005", "CAPES-RES-004", "CAPES-RES-003")
def test_resolve__the_exemplar_player_who_added_the_free_conflict_gets_the_first_token() -> None:
    # src 86/253: Bea, playing Aunt Sylvie, adds the Skitter/Sylvie Free Conflict c1 for free; src 135:
    # "If the character who created the Conflict loses ... they get the first Story Token". Page 1:
    # Skitter's Silk Lines 3 rolls B 1 -> 2 (helping B), Sylvie's Warm 2 rolls B 2 -> 3, Rampart's
    # Great Leap 3 rolls A 1 -> 5 (+1 duty) and Cal stakes that 1 duty on A. Page 2 (Starter Bea): Cal
    # claims A and resolves, 5 vs 3. Both Ann (Skitter) and Bea (Sylvie) lost; clockwise from Cal Ann
    # would come first, but the single token is Bea's, Sylvie having created c1. 5-3 -> Cal +2.
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
    while sim.phase() == "claims":
        sim.do(_page(sim)[3], "pass")
    sim.do("ann", "begin_actions")
    sim.do("ann", "use_ability", dice=(2,), ability="Silk Lines", conflict="c1", side="B", drive="truth")
    sim.do("ann", "accept")
    _nobody_reacts(sim)
    sim.do("ann", "end_action")
    sim.do("bea", "use_ability", dice=(3,), ability="Warm", conflict="c1", side="B")
    sim.do("bea", "accept")
    _nobody_reacts(sim)
    sim.do("bea", "end_action")
    sim.do("cal", "use_ability", dice=(5,), ability="Great Leap", conflict="c1", side="A", drive="duty")
    sim.do("cal", "accept")
    _nobody_reacts(sim)
    sim.do("cal", "stake", conflict="c1", amount=1, drive="duty", why="Protecting her is his duty")
    sim.do("cal", "end_action")
    _claims(sim, {"cal": ("c1", "A")})
    _to_resolving(sim)
    sim.do("cal", "resolve", conflict="c1")
    assert sim.state.tokens.get("bea", 0) == 1 and sim.state.tokens.get("ann", 0) == 0
    assert [i.value for i in sim.state.inspirations["cal"]] == [2]
    assert sim.debt("rampart", "duty") == 0


# -- splitting off: refused out of turn and for another's character (CAPES-SPLIT-005, PRIN-003) ----


@pytest.mark.rules("CAPES-SPLIT-005", "CAPES-PRIN-003", "CAPES-ACT-002")
def test_split_off__not_in_anothers_action_nor_with_anothers_character() -> None:
    # src 180 "Split off from a side you've previously been supporting" is done in your own Action
    # (src 98-104). c1 A [2, 2] carries Rampart's 2 staked duty; Skitter, Sylvie and Rampart are on A.
    # In Ann's Action: Cal may not split Rampart off (not his turn), nor Bea anything; Ann may not move
    # Rampart's stake for him (Cal's character); Skitter, with no stake of her own on A, has nothing to
    # split off with. Nothing changes.
    sim = actions_game()
    sim.put_conflict(
        "c1",
        a=(2, 2),
        b=(3,),
        allies={"skitter": "A", "aunt_sylvie": "A", "rampart": "A"},
        stakes={"A": [("rampart", "duty", 2)]},
    )
    split = {"conflict": "c1", "side": "A", "label": "Rampart's own way", "dice": "2"}
    sim.refuse("cal", "split_off", match="Ann's turn", payload=split)
    sim.refuse("bea", "split_off", match="Ann's turn", payload=split)
    sim.refuse("ann", "split_off", match="do not play Rampart", payload={**split, "character": "rampart"})
    sim.refuse("ann", "split_off", match="Stake", payload=split)
    assert sim.side("c1", "A").dice == (2, 2)
    assert [s.id for s in sim.state.conflict("c1").sides] == ["A", "B"]  # type: ignore[union-attr]


# -- the Resolver names who takes the Story Tokens (CAPES-RES-005) ---------------------------------


@pytest.mark.rules("CAPES-RES-005", "CAPES-RES-004")
def test_resolve__the_resolver_may_name_the_creators_first_token_with_the_rest() -> None:
    # src 135 + C10: Skitter's 2 staked Debt on the winning side A become 2 Story Tokens; Sylvie (Bea)
    # created c1 and lost, so the first is Bea's; Ann gives the other to Cal. Saying it the way the
    # seed does, "Bea, then Cal" (tokens=bea,cal), is taken: Bea 1, Cal 1. Before, only "cal" was
    # taken and "bea,cal" was refused as "Name 1 recipients". Naming Cal first, or Bea alone for both
    # as one name too few, is refused with a sentence that says the first token is Bea's.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"skitter": "A", "aunt_sylvie": "B", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 2)]},
        creator="aunt_sylvie",
        creator_player="bea",
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.refuse("ann", "resolve", conflict="c1", tokens="cal,bea", match="Bea", rule="CAPES-RES-005")
    sim.do("ann", "resolve", conflict="c1", tokens="bea,cal")
    assert sim.state.tokens.get("bea", 0) == 1 and sim.state.tokens.get("cal", 0) == 1
    for seat in ("ann", "bea", "cal"):
        assert "2 Story Tokens: 1 to Bea, 1 to Cal" in _line(sim, seat, "resolves c1")


# -- the veto window outlasts the declarer's own moves after the declaration (CAPES-EG-002) --------


@pytest.mark.rules("CAPES-EG-002", "CAPES-ACT-002")
def test_veto__the_declarers_inspiration_on_another_card_does_not_close_the_window() -> None:
    # src 118 "any player can veto any Event when it is declared": the chance is the other players'.
    # Ann declares "The chandelier falls" (c2) and, still in her Action (src 100: after the core step),
    # spends her 5 on Skitter's die on c1 (2 -> 5). Bea's veto of c2 is still taken: c2 is gone, the
    # Inspiration stays spent (c1 A shows 5), and Ann's core step is open again. (Decision of pass 11,
    # kept: the window closes with anyone else's move, not with the declarer's own hurry.)
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(4,), allies={"skitter": "A"})
    _hold(sim, "ann", 5)
    sim.do("ann", "create_conflict", text="The chandelier falls")
    sim.do("ann", "inspire", value=5, conflict="c1", side="A")
    assert {p.seat for p in sim.prompts() if p.kind == "veto"} == {"bea", "cal"}
    sim.do("bea", "veto", conflict="c2")
    assert sim.state.conflict("c2") is None
    assert sim.side("c1", "A").dice == (5,)
    sim.do("ann", "create_conflict", text="The lights go out")
    assert sim.state.conflicts[-1].text == "The lights go out"
