"""An eighth referee's pass over Capes: who declares a Deadlock and when, shared Exemplars, and the seed
lines the first seven passes cited least.

Each test is one situation written from the seed alone ("src N" = line N of
seeds/004_209cadad08ad98a0.txt), played through the table with given dice. Sample sheets as in
test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart (Cal); Ann starts Page 1.
"""

from __future__ import annotations

import pytest

from capeworks.errors import NotPermitted
from capeworks.systems.capes.flow import whose_turn
from capeworks.systems.capes.prompts import open_prompts
from tests.systems.capes.helpers import Sim, actions_game, cast_game, finish_actions
from tests.systems.capes.test_referee import _claims, _page

# -- a Deadlock is declared at the Resolving, in turn (CAPES-RES-009, CAPES-PRIN-003) ----------------


@pytest.mark.rules("CAPES-RES-009", "CAPES-PRIN-003")
def test_deadlock__not_declared_in_the_middle_of_the_actions() -> None:
    # src 130-131, 142: the Deadlock is part of the Resolving ("After actions, once again in turn
    # order, players look at the Conflicts they claimed"), and whether the tie can be broken "in
    # future Pages" is asked at the end of this one. In Ann's Action c1 stands at [6, 6] against
    # [6, 6], nobody able to stake: Bea (not her turn) and Ann (in her Action) are both refused, and
    # the card stays.
    sim = actions_game()
    sim.put_conflict("c1", a=(6, 6), b=(6, 6), allies={"skitter": "A", "rampart": "B"})
    sim.refuse("bea", "deadlock", conflict="c1", rule="CAPES-RES-009", match="Resolving")
    sim.refuse("ann", "deadlock", conflict="c1", rule="CAPES-RES-009", match="Resolving")
    assert "deadlock" not in {m.command for m in sim.legal("bea")}
    assert sim.state.conflict("c1") is not None


@pytest.mark.rules("CAPES-RES-009", "CAPES-RES-001", "CAPES-PRIN-003")
def test_deadlock__the_resolving_stops_for_its_first_claimant_in_turn() -> None:
    # src 131: "once again in turn order, players look at the Conflicts they claimed"; src 142: a tie
    # that can never be broken "is Deadlocked". Bea claimed side B of c1 ([6] against [6], nobody with
    # Debt to stake) and Cal side A; Ann claimed nothing. After the Actions the Page does not slip by:
    # the go-around stops at Bea (Ann, Bea, Cal from the Starter), who alone is offered the Deadlock;
    # Ann and Cal are refused; Bea declares it and the Page ends (Page 2, Bea starts).
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(6,), allies={"rampart": "A", "aunt_sylvie": "B"})
    for character in ("skitter", "aunt_sylvie", "rampart"):
        for pool in sim.state.roster[character].debt:
            sim.set_debt(character, pool, 0)
    _claims(sim, {"bea": ("c1", "B"), "cal": ("c1", "A")})
    finish_actions(sim)
    assert _page(sim) == (1, "ann", "resolving", "bea")
    assert sim.view("ann")["state"]["turn"] == {"player": "bea", "doing": "declare a Deadlock"}
    assert [m.fixed for m in sim.legal("bea") if m.command == "deadlock"] == [{"conflict": "c1"}]
    assert all(m.command != "deadlock" for seat in ("ann", "cal") for m in sim.legal(seat))
    (turn,) = [p for p in open_prompts(sim.state) if p.id.startswith("turn-")]
    assert turn.seat == "bea" and [o.command for o in turn.options] == ["deadlock"]
    sim.refuse("ann", "deadlock", conflict="c1", error=NotPermitted, match="Bea")
    sim.refuse("cal", "deadlock", conflict="c1", error=NotPermitted, match="Bea")
    sim.do("bea", "deadlock", conflict="c1")
    assert sim.state.conflict("c1") is None
    assert [i.value for i in sim.state.inspirations["bea"]] == [6]  # B's die to its claimant
    assert [i.value for i in sim.state.inspirations["cal"]] == [6]  # A's to its
    assert _page(sim)[:3] == (2, "bea", "claims")


@pytest.mark.rules("CAPES-RES-009", "CAPES-RES-001", "CAPES-PRIN-003")
def test_deadlock__one_nobody_claimed_is_declared_by_the_starter_before_the_claims_resolve() -> None:
    # src 142: a tie nobody can break "is Deadlocked" whether or not anyone claimed it; the go-around
    # (src 131) opens with the Starter, Ann. c1 [6] vs [6] is unclaimed; Cal claimed c2's side A
    # (5 against 2). Cal may not declare c1; Ann declares it on her turn, then Cal resolves c2.
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(6,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.put_conflict("c2", a=(5,), b=(2,), allies={"rampart": "A"})
    for character in ("skitter", "aunt_sylvie", "rampart"):
        for pool in sim.state.roster[character].debt:
            sim.set_debt(character, pool, 0)
    _claims(sim, {"cal": ("c2", "A")})
    finish_actions(sim)
    assert _page(sim)[2:] == ("resolving", "ann")
    sim.refuse("cal", "deadlock", conflict="c1", error=NotPermitted)
    sim.do("ann", "deadlock", conflict="c1")
    assert _page(sim)[2:] == ("resolving", "cal")
    sim.do("cal", "resolve", conflict="c2")
    assert sim.state.conflict("c2") is None and _page(sim)[:2] == (2, "bea")


# -- shared Exemplars: "made or mostly played by different players" (CAPES-CHAR-011) ----------------


def _ann_makes_skitter_and_rampart() -> Sim:
    """Ann makes Skitter (free Exemplar Aunt Sylvie) and Rampart, whose free Exemplar is Inspector Vale;
    Cal makes Aunt Sylvie."""
    sim = Sim()
    sim.do("ann", "add_sample", name="Skitter")
    sim.do("ann", "add_sample", name="Rampart")
    sim.do("cal", "add_sample", name="Aunt Sylvie")
    sim.do("ann", "add_exemplar", character="rampart", exemplar="Inspector Vale", drive="duty")
    return sim


def _a_scene(sim: Sim, cast: dict[str, str]) -> None:
    """A Scene declared by whoever's turn it is, the cast chosen (the rest pass), then voted to an end."""
    declarer = whose_turn(sim.state)[0] or "ann"
    sim.do(declarer, "declare_scene", text="Another night in Brockton Bay")
    while sim.state.scene is not None and sim.state.scene.casting:
        seat = sim.state.scene.turn
        if seat in cast:
            sim.do(seat, "choose", character=cast.pop(seat))
        else:
            sim.do(seat, "pass")
    for seat in ("ann", "bea", "cal"):
        if sim.state.scene is not None:
            sim.do(seat, "end_scene")
    assert sim.state.scene is None and not cast


@pytest.mark.rules("CAPES-CHAR-011")
def test_exemplar__shared_between_one_makers_characters_mostly_played_by_different_players() -> None:
    # src 255: "To have more than one Exemplar, a character needs to share them with another
    # character. The characters should have been made or mostly played by different players." Ann made
    # Skitter and Rampart. Before anyone plays them, Skitter may not share Rampart's Inspector Vale
    # (Ann made both; nobody has played either). Then Bea plays Rampart in two Scenes, Ann Skitter in
    # both: Rampart is mostly Bea's, Skitter Ann's, so the share is taken.
    sim = _ann_makes_skitter_and_rampart()
    share = {
        "character": "skitter",
        "exemplar": "Inspector Vale",
        "drive": "justice",
        "shared_with": "rampart",
    }
    sim.refuse("ann", "add_exemplar", rule="CAPES-CHAR-011", match="mostly played", **share)
    _a_scene(sim, {"ann": "skitter", "bea": "rampart"})
    _a_scene(sim, {"ann": "skitter", "bea": "rampart", "cal": "aunt_sylvie"})
    assert sim.state.roster["rampart"].played == {"bea": 2}
    sim.do("ann", "add_exemplar", **share)
    assert sim.state.roster["skitter"].played == {"ann": 2}  # the changed sheet keeps its record
    assert [e.character for e in sim.state.roster["skitter"].sheet.exemplars] == [
        "Aunt Sylvie",
        "Inspector Vale",
    ]


@pytest.mark.rules("CAPES-CHAR-011")
def test_exemplar__mostly_played_counts_scenes_and_a_tie_falls_to_the_maker() -> None:
    # src 255 again, counted in Scenes. First table: Bea plays Rampart in one Scene and Ann in
    # another (a tie names nobody: he stays his maker's, Ann's), Cal plays Skitter (hers, then): they
    # differ, so the share is taken. Second table: Skitter is Ann's in two Scenes of three (Cal's in
    # one), Rampart Bea's, Ann's and Cal's once each (a tie: Ann's): Ann made both and mostly plays
    # both, so it is refused.
    sim = _ann_makes_skitter_and_rampart()
    share = {
        "character": "skitter",
        "exemplar": "Inspector Vale",
        "drive": "justice",
        "shared_with": "rampart",
    }
    _a_scene(sim, {"bea": "rampart", "cal": "skitter"})
    _a_scene(sim, {"ann": "rampart"})
    assert sim.state.roster["rampart"].mostly_played_by == "ann"  # 1 Scene each: a tie
    assert sim.state.roster["skitter"].mostly_played_by == "cal"
    sim.do("ann", "add_exemplar", **share)  # Skitter mostly Cal's, Rampart Ann's: they differ
    sim2 = _ann_makes_skitter_and_rampart()
    _a_scene(sim2, {"ann": "skitter", "bea": "rampart"})
    _a_scene(sim2, {"ann": "rampart", "cal": "skitter"})
    _a_scene(sim2, {"ann": "skitter", "bea": "aunt_sylvie", "cal": "rampart"})
    # Skitter: Ann 2, Cal 1 -> Ann; Rampart: Bea 1, Ann 1, Cal 1 -> a tie -> Ann, his maker
    sim2.refuse("ann", "add_exemplar", rule="CAPES-CHAR-011", match="Ann made both", **share)


# -- referee pass: the seed lines cited least ---------------------------------------------------------


@pytest.mark.rules("CAPES-CONF-001", "CAPES-CONF-002", "CAPES-ACT-005")
def test_conflict__a_new_card_holds_one_die_a_side_at_one() -> None:
    # src 105-109: "Conflicts start with a die for each side. These start at 1"; "an index card that
    # starts out with two dice on it". Ann's Action creates an Event: two sides, [1] and [1], nobody
    # in control (1 against 1), Skitter recorded as its creator.
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The gala's lights fail")
    (card,) = sim.state.conflicts
    assert [s.dice for s in card.sides] == [(1,), (1,)]
    assert card.creator == "skitter" and card.creator_player == "ann"


@pytest.mark.rules("CAPES-EG-007")
def test_goal_veto__only_by_the_player_of_a_character_it_is_declared_for() -> None:
    # src 127-128: "You can only veto a Goal in two cases: The Goal is being declared for a character
    # you're currently playing, but you don't want to pursue the Goal". Ann's Action declares the Goal
    # "Sylvie finds the costume" for Aunt Sylvie, whom Bea plays: Cal (Rampart) may not veto it for
    # reason a; Bea may, and the card is gone.
    sim = actions_game()
    sim.do("ann", "create_conflict", kind="goal", text="Sylvie finds the costume", goal_for="aunt_sylvie")
    (card,) = sim.state.conflicts
    sim.refuse("cal", "veto", conflict=card.id, reason="a", rule="CAPES-EG-007")
    sim.do("bea", "veto", conflict=card.id, reason="a")
    assert sim.state.conflicts == ()


@pytest.mark.rules("CAPES-EG-002")
def test_event_veto__only_when_it_is_declared() -> None:
    # src 118: "any player can veto any Event when it is declared". Ann's Action declares "A storm
    # rolls in" and she ends her Action; Bea begins hers; Cal's veto comes too late: refused, the card
    # stays. (Ann's own end of Action does not close the others' chance: test_referee11.)
    sim = actions_game()
    sim.do("ann", "create_conflict", text="A storm rolls in")
    sim.do("ann", "end_action")
    sim.do("bea", "create_conflict", text="The lights go out")
    card = sim.state.conflicts[0]
    sim.refuse("cal", "veto", conflict=card.id)
    assert sim.state.conflict(card.id) is not None


@pytest.mark.rules("CAPES-REACT-001", "CAPES-REACT-004")
def test_reaction__no_player_reacts_twice_to_one_action() -> None:
    # src 197, 202: "No player may React twice on the same action". Ann's Silk Lines (3) lifts A's 1
    # to 2 (kept); she and Bea pass (src 200: the actor first, then clockwise); Cal's Hopeful (5)
    # reacts: 3, kept. Cal may not react again on this Action (his Quippy 4 would reach the 3).
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(5,), allies={"skitter": "A", "rampart": "B"})
    sim.do("ann", "use_ability", dice=(2,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "react", dice=(3,), ability="Hopeful", help="B")
    sim.do("cal", "accept")
    assert sim.side("c1", "A").dice == (3,)
    sim.refuse("cal", "react", dice=(1,), ability="Quippy", help="B", match="already reacted")
    assert sim.side("c1", "A").dice == (3,)


@pytest.mark.rules("CAPES-STAKE-002")
def test_stake__a_drive_never_holds_more_than_its_strength_on_one_conflict() -> None:
    # src 168: "Each character may Stake one Drive per Conflict, no more Debt than Drive Strength".
    # Skitter holds 5 Truth (Strength 3) and is on A: she stakes 2, then 1 more (3 in all); a fourth
    # is refused, the stake stays at 3 and Truth at 2.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(3,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 5)
    sim.do("ann", "stake", conflict="c1", drive="truth", amount=2)
    sim.do("ann", "stake", conflict="c1", drive="truth", amount=1)
    sim.refuse("ann", "stake", conflict="c1", drive="truth", amount=1, rule="CAPES-STAKE-002")
    assert sim.side("c1", "A").staked == 3 and sim.debt("skitter", "truth") == 2


@pytest.mark.rules("CAPES-EG-001", "CAPES-RES-001")
def test_event__resolved_by_its_other_side_still_happens_and_fails_nobody() -> None:
    # src 117, 119: "When a player declares an Event that means it will happen ... No matter who
    # Resolves the Event, it has to happen." Skitter's Event "The gala is robbed" ends with Rampart's
    # B (5) over A (2); Cal, who claimed B, resolves it: the card is done and nobody failed anything
    # (failure is a Goal's, src 123).
    sim = cast_game()
    sim.put_conflict("c1", a=(2,), b=(5,), allies={"skitter": "A", "rampart": "B"}, text="The gala is robbed")
    _claims(sim, {"cal": ("c1", "B")})
    finish_actions(sim)
    (resolved,) = [e for e in sim.do("cal", "resolve", conflict="c1") if e.type == "capes.resolved"]
    assert resolved.data["winner"] == "B" and resolved.data["failed"] == []
    assert sim.state.conflict("c1") is None and sim.state.scene is not None
    assert sim.state.scene.failed_goals == ()


@pytest.mark.rules("CAPES-REACT-003")
def test_reaction__one_who_passed_may_react_after_anothers_reaction() -> None:
    # src 200-201: "it goes around the table clockwise until nobody (that hasn't already Reacted)
    # wants to React. If you pass on the opportunity to React, then you can still choose to React
    # later after other plays." Ann's Silk Lines lifts A's 1 to 2 (kept); Ann and Bea pass; Cal's
    # Hopeful (5), for B, rolls it down to 1, kept. Ann, who passed, is asked again and reacts with
    # Ruthless (5): 6, kept.
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(5,), allies={"skitter": "A", "rampart": "B"})
    sim.do("ann", "use_ability", dice=(2,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "react", dice=(1,), ability="Hopeful", help="B")
    sim.do("cal", "accept")
    assert whose_turn(sim.state) == (
        "ann",
        "react to the accepted roll (c1 (A test conflict) side A die 1 now shows 1: an ability of 1"
        " or more), or pass",
    )
    sim.do("ann", "react", dice=(6,), ability="Ruthless", help="A")
    sim.do("ann", "accept")
    assert sim.side("c1", "A").dice == (6,)


@pytest.mark.rules("CAPES-ACT-002")
def test_action__no_stake_between_the_roll_and_its_decision_nor_in_the_reactions() -> None:
    # src 104: "you can't do them during the Action or any Reactions". Skitter (2 Truth, on A) rolls
    # A's 1 with Silk Lines: 3. Before she keeps or turns it back, her stake is refused; once kept,
    # the Reactions are open and it is refused again; when they are over, she stakes 1.
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(5,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.refuse("ann", "stake", conflict="c1", drive="truth", amount=1, match="during a roll")
    sim.do("ann", "accept")
    sim.refuse("ann", "stake", conflict="c1", drive="truth", amount=1, match="during a roll")
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "pass")
    sim.do("ann", "stake", conflict="c1", drive="truth", amount=1)
    assert sim.side("c1", "A").staked == 1


@pytest.mark.rules("CAPES-PAGE-008", "CAPES-PAGE-007")
def test_claim__a_card_added_this_page_is_claimed_by_nobody_even_uninvolved() -> None:
    # src 89: "Because you haven't yet rolled on a newly added Conflict, you can't Claim it in the same
    # Page that you created it"; nobody has rolled on it, so nobody else may either, even at a table
    # where uninvolved players may claim (PAGE-007 option). Bea (1 token) adds "A blackout hits the
    # gala" on her claiming turn and passes; Cal's claim of its side A is refused.
    sim = cast_game(start_story_tokens=1, uninvolved_may_claim=True)
    sim.do("ann", "pass")
    sim.do("bea", "create_conflict", text="A blackout hits the gala")
    sim.do("bea", "pass")
    sim.refuse("cal", "claim", conflict="c1", side="A", rule="CAPES-PAGE-008")
    assert sim.state.scene is not None and sim.state.scene.page is not None
    assert sim.state.scene.page.claims == ()
