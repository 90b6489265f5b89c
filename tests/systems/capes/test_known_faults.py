"""Situations earlier referees flagged and left, written from the seed alone and played at the table.

Each test is one situation and the outcome the seed requires, with the seed line ("src N" = line N of
seeds/004_209cadad08ad98a0.txt); where the seed is silent the inventory's PROPOSED decision is named.
Those the table got wrong were fixed with them. Sheets: Skitter (Ann), Aunt Sylvie (Bea), Rampart (Cal),
as in ``test_referee``.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from capeworks.errors import NotPermitted
from tests.systems.capes.helpers import Sim, actions_game, cast_game, finish_actions, pass_claims

ORDER = {"ann": ("ann", "bea", "cal"), "bea": ("bea", "cal", "ann"), "cal": ("cal", "ann", "bea")}


def _page(sim: Sim) -> tuple[int, str, str, str]:
    """(Page number, Starter, phase, whose turn)."""
    assert sim.state.scene is not None and sim.state.scene.page is not None
    page = sim.state.scene.page
    return page.number, page.starter, str(page.phase), page.turn


def _claims(sim: Sim, claims: Mapping[str, tuple[str, str]]) -> None:
    """This Page's free claims: each player claims the (Conflict, side) listed or passes."""
    pending = dict(claims)
    while sim.phase() == "claims":
        seat = _page(sim)[3]
        if seat in pending:
            cid, side = pending.pop(seat)
            sim.do(seat, "claim", conflict=cid, side=side)
        else:
            sim.do(seat, "pass")
    assert not pending, f"never claimed: {pending}"


def _to_resolving(sim: Sim) -> None:
    """Every player's free Action creates a throwaway Event; nobody buys: resolving begins."""
    sim.do(_page(sim)[1], "begin_actions")
    for seat in ORDER[_page(sim)[1]]:
        sim.do(seat, "create_conflict", text=f"{seat} scratch {len(sim.state.conflicts)}")
        sim.do(seat, "end_action")


# -- 11. a character switched to another side, and the stake it left behind ------------------------------


@pytest.mark.rules("CAPES-RES-004", "CAPES-RES-005", "CAPES-CONF-004")
def test_k11__a_character_switched_to_the_winners_is_no_loser_for_its_old_stake() -> None:
    # src 110: "If you ally with another side in the same conflict you're no longer Allied to your original
    # side"; src 131: "Winners give away their Stakes as Story Tokens to the losing characters". Rampart
    # staked 1 Duty on B, then rolled for A (PROPOSED CONF-004: the stake stays on B). A wins; Skitter's 2
    # on A go to the losing characters: Sylvie alone (Bea 2), not Rampart, who is on A. Rampart's lost
    # stake still comes back doubled (src 131: Duty 2).
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"aunt_sylvie": "B", "rampart": "A", "skitter": "A"},
        stakes={"A": [("skitter", "truth", 2)], "B": [("rampart", "duty", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "resolve", conflict="c1")
    assert (sim.state.tokens.get("bea", 0), sim.state.tokens.get("cal", 0)) == (2, 0)
    assert sim.debt("rampart", "duty") == 2


@pytest.mark.rules("CAPES-RES-006", "CAPES-CONF-004")
def test_k11b__a_losing_inspiration_goes_to_no_one_who_switched_to_the_winners() -> None:
    # src 140: a higher losing die's Inspiration goes to "player that had a character on the losing side";
    # Rampart (Cal) left B for A, his stake behind. A [4, 3] beats B [5]; Ann pairs 3-5: the losing
    # Inspiration of 2 may go to Bea (Sylvie, on B), not to Cal.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(4, 3),
        b=(5,),
        allies={"aunt_sylvie": "B", "rampart": "A", "skitter": "A"},
        stakes={"B": [("rampart", "duty", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.refuse("ann", "resolve", conflict="c1", pairs="3-5", losers="cal", rule="CAPES-RES-006")
    sim.do("ann", "resolve", conflict="c1", pairs="3-5", losers="bea")
    assert [i.value for i in sim.state.inspirations.get("bea", ())] == [2]


# -- 12. a Goal that ends in a Deadlock ----------------------------------------------------------------------


@pytest.mark.rules("CAPES-EG-004", "CAPES-EG-006", "CAPES-RES-009")
def test_k12__a_deadlocked_goal_is_failed_and_may_not_be_tried_again_this_scene() -> None:
    # src 123: "If that side resolves the Goal, then they succeed at the goal. Otherwise they fail"; a
    # Deadlock (src 142-145) is narrated together, and no side resolves it. src 125: "If a character
    # fails a Goal, they may not attempt that Goal again in the same Scene". Skitter's "Stop the train"
    # deadlocks at [6, 6] against [6, 6] (nobody has Debt to stake): she may not declare it again.
    sim = actions_game()
    sim.put_conflict(
        "c1",
        a=(6, 6),
        b=(6, 6),
        kind="goal",
        text="Stop the train",
        allies={"skitter": "A", "aunt_sylvie": "B"},
    )
    finish_actions(sim)  # at the Resolving, nobody claimed c1: Ann, the Starter, declares it
    (deadlocked,) = [e for e in sim.do("ann", "deadlock", conflict="c1") if e.type == "capes.deadlocked"]
    assert deadlocked.data["failed"] == ["skitter/stop_the_train"]
    words = sim.table.ruleset.describe(deadlocked, sim.table.viewer_for("bea")).text
    assert words.endswith("Deadlocked; Inspirations: Ann 6, Ann 6, Bea 6, Bea 6; failed Goal for Skitter.")
    assert sim.state.conflict("c1") is None
    pass_claims(sim)  # Page 2, Bea starts: Bea's and Cal's Actions, then Ann's
    sim.do("bea", "begin_actions")
    for seat in ("bea", "cal"):
        sim.do(seat, "create_conflict", text=f"{seat}'s scratch")
        sim.do(seat, "end_action")
    sim.refuse("ann", "create_conflict", kind="goal", text="Stop the train", rule="CAPES-EG-006")


# -- 13. the resolving order after a Gloat -------------------------------------------------------------------


@pytest.mark.rules("CAPES-RES-001", "CAPES-GLOAT-002")
def test_k13__a_gloat_hands_no_control_back_to_a_claimant_whose_turn_has_passed() -> None:
    # src 131: "After actions, once again in turn order, players look at the Conflicts they claimed. If the
    # side they claimed Controls the Conflict then they Resolve it." Ann (first) claimed B [3], which did
    # not control when she looked; Bea gloats her A [6] down to [1] (src 205): B now controls, but Ann's
    # turn has gone by. Cal has nothing; the Page ends with c1 still on the table.
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(3,), allies={"skitter": "B", "aunt_sylvie": "A"})
    _claims(sim, {"ann": ("c1", "B"), "bea": ("c1", "A")})
    _to_resolving(sim)
    assert _page(sim)[2:] == ("resolving", "bea")
    sim.do("bea", "gloat", conflict="c1", count=1)
    assert _page(sim)[:2] == (2, "bea")
    assert sim.side("c1", "A").dice == (1,) and sim.side("c1", "B").dice == (3,)


@pytest.mark.rules("CAPES-RES-001", "CAPES-GLOAT-002")
def test_k13b__a_gloat_still_hands_control_to_a_claimant_still_to_look() -> None:
    # src 131 the other way (as test_referee pins it): Ann gloats her A [6] to [1]; Cal, after her in turn
    # order, claimed B [3] and now resolves it.
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(3,), allies={"skitter": "A", "rampart": "B"})
    _claims(sim, {"ann": ("c1", "A"), "cal": ("c1", "B")})
    _to_resolving(sim)
    sim.do("ann", "gloat", conflict="c1", count=1)
    assert _page(sim)[2:] == ("resolving", "cal")
    sim.do("cal", "resolve", conflict="c1")
    assert sim.state.conflict("c1") is None


# -- 14. vetoing one's own Event -----------------------------------------------------------------------------


@pytest.mark.rules("CAPES-EG-002")
def test_k14__the_declarer_too_may_veto_their_own_event() -> None:
    # src 118: "any player can veto any Event when it is declared for any or no reason": Ann is a player,
    # so she may veto the Event she has just declared; it is gone and her Action's core step is open again.
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The chandelier falls")
    sim.do("ann", "veto", conflict="c1")
    assert sim.state.conflict("c1") is None
    sim.do("ann", "create_conflict", text="The lights flicker")
    assert sim.state.conflict("c2") is not None


# -- 15. a Scene ends by itself (PROPOSED) -------------------------------------------------------------------


def _quiet_page(sim: Sim) -> None:
    """Page 1 with nothing on the table: nobody claims; each free Action raises an Inspiration of 1 with a
    rating-1 mundane ability (src 188) and puts no Conflict down; nobody can buy more."""
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    for seat, ability in (("ann", "Sarcastic"), ("bea", "Worried"), ("cal", "Guilty")):
        sim.do(seat, "use_ability", ability=ability, inspiration=1)
        sim.do(seat, "end_action")


@pytest.mark.rules("CAPES-SCENE-007", "CAPES-SCENE-002", "CAPES-PRIN-003")
def test_k15__a_page_that_ends_with_no_conflict_left_ends_the_scene_when_nobody_wants_one() -> None:
    # The seed never says when a Scene ends (src 54, 64: "After each scene..."); the inventory's PROPOSED:
    # "a Scene ends at the end of a Page when no unresolved Conflicts remain and no player wishes to add
    # one". Page 1 ends with nothing on the table: clockwise from the next Starter (Bea), each is asked;
    # all three pass and the Scene ends, the next declared by the player left of its declarer (Bea).
    sim = cast_game(start_inspirations=[1])
    _quiet_page(sim)
    assert sim.state.scene is not None and sim.state.scene.closing
    assert sim.table.ruleset.view(sim.state, sim.table.viewer_for("ann"))["turn"]["player"] == "bea"
    sim.refuse("ann", "pass", error=NotPermitted)  # Bea is asked first
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    assert sim.state.scene is not None
    events = sim.do("ann", "pass")
    assert [e.type for e in events][-1] == "capes.scene_ended"
    assert sim.state.scene is None and sim.state.next_declarer == "bea"


@pytest.mark.rules("CAPES-SCENE-007", "CAPES-PAGE-002")
def test_k15b__one_who_wants_a_conflict_keeps_the_scene_going_into_the_next_page() -> None:
    # The same Page's end; Bea wants to add a Conflict (PROPOSED): Page 2 begins, started by Bea (src 70:
    # "The Starter rotates to the left with each Page"), and she creates one in her Action.
    sim = cast_game(start_inspirations=[1])
    _quiet_page(sim)
    sim.do("bea", "pass")
    sim.do("cal", "continue_scene")
    assert sim.state.scene is not None and not sim.state.scene.closing
    page = sim.state.scene.page
    assert page is not None and (page.number, page.starter, str(page.phase)) == (2, "bea", "claims")
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    sim.do("bea", "create_conflict", text="The gala's lights go out")
    assert sim.state.conflict("c1") is not None


@pytest.mark.rules("CAPES-SCENE-007")
def test_k15c__a_page_that_ends_with_a_conflict_still_open_goes_on_without_asking() -> None:
    # PROPOSED: only a Page that leaves no unresolved Conflict asks. An Event left open on Page 1 (nobody
    # claimed it): Page 2 begins, Bea starting.
    sim = cast_game()
    _claims(sim, {})
    _to_resolving(sim)
    assert sim.state.scene is not None and not sim.state.scene.closing
    assert _page(sim)[:3] == (2, "bea", "claims")


# -- 16. Skills and a super-powered Style --------------------------------------------------------------------


@pytest.mark.rules("CAPES-CHAR-003", "CAPES-CHAR-004")
def test_k16__a_character_with_skills_may_not_have_a_super_style() -> None:
    # src 218: "Superpowered characters have Powers and not Skills, while normal people have Skills and
    # not Powers"; src 221: "Styles can be either"; src 222: a Skill-Set's and a Persona's abilities "are
    # always mundane". A super Style would make a normal person super-powered (Debt, Drives) with Skills:
    # refused, nothing added. The same Style on a character with Powers is super-powered as chosen.
    sim = Sim()
    sheet = {"attitudes": "Calm,Kind,Proud", "styles": "Quick,Loud,Sly", "super_styles": "Quick"}
    sim.refuse("ann", "create_character", name="Nurse", skills="Nursing,Driving,Cooking", **sheet,
               rule="CAPES-CHAR-003")  # fmt: skip
    assert "nurse" not in sim.state.roster
    sim.do("ann", "create_character", name="Flash", powers="Speed,Phasing,Vortex", **sheet)
    quick = sim.state.roster["flash"].sheet.ability("Quick")
    assert quick is not None and quick.super


# -- 17. a turned-back Reaction and those who passed --------------------------------------------------------


@pytest.mark.rules("CAPES-REACT-001", "CAPES-REACT-003", "CAPES-REACT-004")
def test_k17__one_who_passed_may_still_react_after_a_turned_back_reaction() -> None:
    # src 201: "If you pass on the opportunity to React, then you can still choose to React later after
    # other plays". Ann accepts a 2 on A and passes; Bea passes; Cal reacts (Stubborn 2) to roll it down,
    # gets a 3 and turns it back (src 188): a play all the same. The window goes on from Cal's left: Ann,
    # who passed, may now react: Relentless (3) rolls it to 5.
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(3,), allies={"skitter": "A", "rampart": "B"})
    sim.do("ann", "use_ability", dice=(2,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "react", dice=(3,), ability="Stubborn", help="B")
    sim.do("cal", "revert")
    window = sim.state.scene.page.action.reactions  # type: ignore[union-attr]
    assert window is not None and window.asker == "ann"
    sim.do("ann", "react", dice=(5,), ability="Relentless", help="A")
    sim.do("ann", "accept")
    assert sim.side("c1", "A").dice == (5,)


# -- 18. a winning stake left behind by a character who went over to the losers -----------------------------


@pytest.mark.rules("CAPES-RES-004", "CAPES-RES-005", "CAPES-CONF-004")
def test_k18__a_stake_left_on_the_winners_is_given_away_never_to_its_own_player() -> None:
    # src 131: "Winners give away their Stakes as Story Tokens to the losing characters"; src 170: "Giving
    # away your Staked Debt if you win a Conflict represents feeling vindicated". Rampart (Cal) staked 2
    # Duty on A, then rolled for B (src 110; PROPOSED CONF-004: the stake stays on A). A wins; its 3 staked
    # Debt (Rampart 2, Skitter 1) go to the losers, Bea (Sylvie) and Cal (Rampart, now on B), but Cal's
    # own 2 are given away, not back to him as tokens: only Skitter's 1 may be his.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"skitter": "A", "aunt_sylvie": "B", "rampart": "B"},
        stakes={"A": [("rampart", "duty", 2), ("skitter", "truth", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.refuse("ann", "resolve", conflict="c1", tokens="bea,cal,cal", rule="CAPES-RES-005")
    sim.do("ann", "resolve", conflict="c1")
    assert (sim.state.tokens.get("bea", 0), sim.state.tokens.get("cal", 0)) == (2, 1)


@pytest.mark.rules("CAPES-RES-004", "CAPES-RES-005")
def test_k18b__a_stake_whose_own_player_is_the_only_loser_just_disappears() -> None:
    # src 134 for the Resolver ("nobody but your character(s) was on the other side ... the Debt just
    # disappears"), and src 131 for a stake given away: Rampart (Cal) staked 2 Duty on A and went over to B,
    # where he stands alone. A wins: nobody else lost, so his 2 Debt become nobody's tokens.
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(2,), allies={"skitter": "A", "rampart": "B"},
                     stakes={"A": [("rampart", "duty", 2)]})  # fmt: skip
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    events = sim.do("ann", "resolve", conflict="c1")
    resolved = next(e for e in events if e.type == "capes.resolved")
    assert (resolved.data["tokens"], resolved.data["vanished"]) == ([], 2)
    assert sim.state.tokens.get("cal", 0) == 0


@pytest.mark.rules("CAPES-RES-004", "CAPES-RES-005")
def test_k18c__a_stake_goes_to_another_losing_character_of_its_own_player() -> None:
    # src 42: "Winners give away their Stakes as Story Tokens to the losing characters"; src 133 bars only
    # the Resolver from tokens. Cal plays Rampart, who staked 2 Duty on A with Skitter, and Inspector Vale,
    # who stands on B with Aunt Sylvie (Bea). Ann resolves A: Vale is a losing character, so Cal is a losing
    # player and may take a token from Rampart's stake like Bea (Rampart himself did not lose). By default
    # clockwise from Ann's left: Bea 1, Cal 1; Ann may give both to Cal.
    def resolving() -> Sim:
        sim = cast_game()
        sim.do("cal", "add_sample", name="Inspector Vale")
        sim.put_conflict(
            "c1",
            a=(6,),
            b=(2,),
            allies={"skitter": "A", "rampart": "A", "aunt_sylvie": "B", "inspector_vale": "B"},
            stakes={"A": [("rampart", "duty", 2)]},
        )
        _claims(sim, {"ann": ("c1", "A")})
        _to_resolving(sim)
        return sim

    sim = resolving()
    sim.do("ann", "resolve", conflict="c1")
    assert (sim.state.tokens.get("bea", 0), sim.state.tokens.get("cal", 0)) == (1, 1)
    assert "2 Story Tokens: 1 to Bea, 1 to Cal" in sim.words("cal")[-2]
    sim = resolving()
    sim.do("ann", "resolve", conflict="c1", tokens="Cal,cal")
    assert (sim.state.tokens.get("bea", 0), sim.state.tokens.get("cal", 0)) == (0, 2)


# -- 19. under uninvolved_may_claim, a stake is a hand in the Conflict ------------------------------------


@pytest.mark.rules("CAPES-PAGE-007", "CAPES-STAKE-001", "CAPES-CONF-004")
def test_k19__a_player_who_staked_without_rolling_is_no_longer_uninvolved() -> None:
    # src 83: "You can only Claim a side of a Conflict that you're Allied with"; PROPOSED (PAGE-007, the
    # designer's clarification): under uninvolved_may_claim "uninvolved players may stake on or claim any
    # side". Ann plays Skitter and Inspector Vale, neither of whom has rolled on c1 (Sylvie rolled for A,
    # Rampart for B). Skitter stakes 1 on B: Ann has taken a hand in c1, on B. She is uninvolved no more:
    # Vale may not stake on A, and on Page 2 Ann may claim B, the side her stake stands on, and not A.
    sim = Sim(uninvolved_may_claim=True, start_story_tokens=1)
    for seat, name in (
        ("ann", "Skitter"),
        ("bea", "Aunt Sylvie"),
        ("cal", "Rampart"),
        ("ann", "Inspector Vale"),
    ):
        sim.do(seat, "add_sample", name=name)
    sim.do("ann", "declare_scene", text="A charity gala")
    for seat, character in (("ann", "skitter"), ("bea", "aunt_sylvie"), ("cal", "rampart")):
        sim.do(seat, "choose", character=character)
    sim.do("ann", "choose", character="inspector_vale")  # a second character for her token
    while sim.state.scene is not None and sim.state.scene.casting:
        sim.do(sim.state.scene.turn, "pass")
    sim.put_conflict("c1", a=(3,), b=(4,), allies={"aunt_sylvie": "A", "rampart": "B"})
    truth, vale_pool = "truth", sim.state.roster["inspector_vale"].sheet.pools()[0]
    sim.set_debt("skitter", truth, 2)
    sim.set_debt("inspector_vale", vale_pool, 2)
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.do("ann", "stake", character="skitter", conflict="c1", side="B", drive=truth, amount=1)
    # her own stake takes more
    sim.do("ann", "stake", character="skitter", conflict="c1", drive=truth, amount=1)
    sim.do("ann", "create_conflict", text="Skitter's scratch", character="skitter")
    sim.do("ann", "end_action")
    sim.refuse(
        "ann",
        "stake",
        character="inspector_vale",
        conflict="c1",
        side="A",
        drive=vale_pool,
        rule="CAPES-STAKE-001",
    )
    assert [(st.character, st.amount) for st in sim.side("c1", "B").stakes] == [("skitter", 2)]
    assert sim.side("c1", "A").stakes == ()
    for seat, who in (("ann", "inspector_vale"), ("bea", "aunt_sylvie"), ("cal", "rampart")):
        sim.do(seat, "create_conflict", text=f"{who}'s scratch", character=who)
        sim.do(seat, "end_action")
    while sim.phase() == "actions":  # Bea and Cal still hold a Story Token each: they buy no Action
        sim.do(_page(sim)[3], "pass")
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    offered = [
        c.fixed["side"] for c in sim.legal("ann") if c.command == "claim" and c.fixed["conflict"] == "c1"
    ]
    assert offered == ["B"]
    sim.refuse("ann", "claim", conflict="c1", side="A", rule="CAPES-PAGE-007")
    sim.do("ann", "claim", conflict="c1", side="B")


# -- 20. a character remade between Scenes keeps its Debt ---------------------------------------------------

#: a minor super-powered character with no Drives: one undifferentiated stack (src 235-236)
_THUG = {
    "name": "Swarm Thug",
    "powers": "Bite,Sting,Buzz",
    "attitudes": "Mean,Dim,Loyal",
    "styles": "Loud,Fast,Dirty",
}


def _thug_with_debt() -> Sim:
    """Ann's Swarm Thug starts with 3 Debt on its stack (CAPES-RSRC-003 PROPOSED) and earns a fourth with
    Bite in Scene 1 (src 183: "A super-ability earns a Debt Token each time it is used"); the Scene ends."""
    sim = Sim(start_debt=3)
    sim.do("ann", "create_character", payload=_THUG)
    sim.do("bea", "add_sample", name="Aunt Sylvie")
    sim.do("bea", "declare_scene", text="The docks")
    sim.do("bea", "choose", character="aunt_sylvie")
    sim.do("cal", "pass")
    sim.do("ann", "choose", character="swarm_thug")
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    sim.do("bea", "create_conflict", text="The thug gets away")
    sim.do("bea", "end_action")
    sim.do("ann", "use_ability", dice=(1,), ability="Bite", conflict="c1", side="A")
    sim.do("ann", "revert")
    sim.do("ann", "end_action")
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "end_scene")
    assert sim.state.scene is None
    assert sim.state.roster["swarm_thug"].debt == {"stack": 4}
    return sim


@pytest.mark.rules("CAPES-CHAR-002", "CAPES-CHAR-009", "CAPES-DEBT-004")
def test_k20__an_undifferentiated_character_given_drives_keeps_its_debt_where_the_player_puts_it() -> None:
    # src 214: "You can go back and fill in additional detail later on existing characters"; src 235: a
    # minor character's Drives may be left undetailed "(yet)"; src 236: "An undifferentiated character just
    # has one big stack of Debt". Debt is the character's, earned by its powers (src 149, 183): detailing
    # its Drives between Scenes does not wipe it. Where it goes is the player's choice, as for any Debt
    # (src 151, 187: "on any of your Drives"). The Swarm Thug holds 4 Debt; Ann gives it five Drives: with
    # no word on where the 4 go the remake is refused and nothing changes; with debt=fear:3,pride:1 they sit
    # there (fear 3 of Strength 3, not Overdrawn).
    sim = _thug_with_debt()
    detailed = {**_THUG, "drives": "fear:3,pride:2,power:2,obsession:1,despair:1", "replace": True}
    sim.refuse("ann", "create_character", payload=detailed, rule="CAPES-CHAR-002", match="debt=")
    assert sim.state.roster["swarm_thug"].sheet.drives == ()
    sim.refuse("ann", "create_character", payload={**detailed, "debt": "fear:3"}, rule="CAPES-CHAR-002",
               match="4")  # fmt: skip
    sim.refuse("ann", "create_character", payload={**detailed, "debt": "truth:4"}, rule="CAPES-CHAR-002")
    sim.do("ann", "create_character", payload={**detailed, "debt": "fear:3,pride:1"})
    char = sim.state.roster["swarm_thug"]
    assert char.debt == {"fear": 3, "pride": 1, "power": 0, "obsession": 0, "despair": 0}
    assert sim.replayed().state == sim.state


@pytest.mark.rules("CAPES-CHAR-002", "CAPES-CHAR-009")
def test_k20b__a_character_whose_drives_are_dropped_keeps_their_debt_on_its_one_stack() -> None:
    # src 236: an undifferentiated character "just has one big stack of Debt". Skitter (Truth 2, Love 1
    # Debt) is remade between Scenes with no Drives: her 3 Debt are the stack's, nothing to place (a
    # debt= would be ignored, so it is refused).
    sim = Sim()
    sim.do("ann", "add_sample", name="Skitter")
    sim.set_debt("skitter", "truth", 2)
    sim.set_debt("skitter", "love", 1)
    plain = {**_THUG, "name": "Skitter", "replace": True}
    sim.refuse("ann", "create_character", payload={**plain, "debt": "truth:3"}, rule="CAPES-CHAR-002")
    sim.do("ann", "create_character", payload=plain)
    assert sim.state.roster["skitter"].debt == {"stack": 3}


@pytest.mark.rules("CAPES-CHAR-002", "CAPES-DEBT-004")
def test_k20c__a_drive_swapped_for_another_hands_its_debt_on() -> None:
    # src 215: "change any character however you want between sessions"; the Debt stays the character's
    # (src 151: on any of its Drives). Skitter swaps Hope (1 Debt) for Pride: the 1 goes where Ann says;
    # Debt on the Drives she keeps stays put. A Drive she keeps needs no word.
    sim = Sim()
    sim.do("ann", "add_sample", name="Skitter")
    sim.set_debt("skitter", "truth", 2)
    sim.set_debt("skitter", "hope", 1)
    remade = {
        "name": "Skitter",
        "powers": "Swarm Sense,Bug Control,Silk Lines,Swarm Armour",
        "styles": "Tactical,Creepy,Relentless",
        "super_styles": "Creepy",
        "attitudes": "Sarcastic,Guilty,Stubborn,Protective,Ruthless",
        "drives": "truth:3,justice:2,love:2,pride:1,duty:1",
        "replace": True,
    }
    sim.refuse("ann", "create_character", payload=remade, rule="CAPES-CHAR-002", match="hope")
    sim.do("ann", "create_character", payload={**remade, "debt": "truth:1"})
    assert sim.state.roster["skitter"].debt == {"truth": 3, "justice": 0, "love": 0, "pride": 0, "duty": 0}
    sim.do("ann", "create_character", payload={**remade, "drives": "truth:3,justice:2,love:2,pride:1,hope:1"})
    assert sum(sim.state.roster["skitter"].debt.values()) == 3  # Duty held none: nothing to place


# -- 21. a Click-and-Lock pairing with one ability name in both modules -------------------------------------


@pytest.mark.rules("CAPES-CHAR-015", "CAPES-CHAR-005")
def test_k21__a_pairing_with_one_name_twice_is_refused_not_crossed_out_twice() -> None:
    # src 264-265: "Combine the two sets of Styles into a single list. You now have 5 Powers/Skills, 5
    # Styles, and 5 Attitudes. Cross out 3 of them". The Reporter Skill Set has the Style Nosy, the
    # Caregiver Persona the Attitude Nosy: crossing out "Nosy" struck both, four abilities for three
    # crosses (an 11-ability character). Which Nosy is meant cannot be said, and a sheet cannot hold two
    # abilities of one name: the pairing is refused, naming the name and both modules, nothing added.
    sim = Sim()
    for cross_out in ("Nosy,Writing,Chatty", "Writing,Chatty,Warm"):
        pairing = {"name": "Lois", "module": "reporter", "persona": "caregiver", "cross_out": cross_out}
        error = sim.refuse("ann", "create_click_and_lock", payload=pairing, rule="CAPES-CHAR-015")
        assert "Nosy" in error.message
        assert "Reporter" in error.message and "Caregiver" in error.message
    assert "lois" not in sim.state.roster
    sim.do("ann", "create_click_and_lock", name="Lois", module="reporter", persona="reluctant_hero",
           cross_out="Writing,Quippy,Guilty")  # fmt: skip
    assert len(sim.state.roster["lois"].sheet.abilities) == 12


# -- 22. the Starter ends free narration by taking an Action ------------------------------------------------


@pytest.mark.rules("CAPES-PAGE-011", "CAPES-PAGE-012", "CAPES-PAGE-003")
def test_k22__the_starter_ends_free_narration_by_taking_her_action() -> None:
    # src 91: "The Starter ends free play whenever they want by taking Actions for their characters"; src
    # 93: "Turns go clockwise, starting with the Starter". Free narration after the claims (src 90): Bea
    # narrates; Bea may not act, nor Cal (free play goes on until the Starter acts: refused, nothing
    # changes). Ann, the Starter, uses Silk Lines on c1: that is her Action, and the Actions have begun;
    # Bea is next.
    sim = cast_game()
    sim.put_conflict("c1", a=(2,), b=(3,), allies={"skitter": "A", "aunt_sylvie": "B"})
    pass_claims(sim)
    assert _page(sim)[2] == "narration"
    sim.do("bea", "narrate", text="Sylvie bakes for the gala")
    error = sim.refuse("bea", "use_ability", dice=(5,), ability="Nursing", conflict="c1", side="B")
    assert "Ann" in error.message
    sim.refuse("cal", "create_conflict", text="The roof caves in")
    events = sim.do(
        "ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth"
    )
    assert [e.type for e in events][:3] == [
        "capes.actions_begun",
        "capes.action_started",
        "capes.ability_used",
    ]
    assert _page(sim)[2:] == ("actions", "ann")
    sim.do("ann", "accept")
    sim.refuse("bea", "narrate", text="Free play is over", conflict="c1", outcome=True)
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.do("ann", "end_action")
    assert _page(sim)[2:] == ("actions", "bea")


@pytest.mark.rules("CAPES-PAGE-011", "CAPES-ACT-001", "CAPES-ACT-002")
def test_k22b__the_starters_first_action_may_be_a_new_conflict_or_a_stake() -> None:
    # src 91 again, and src 98-99: an Action is one Conflict created or one ability used. Ann's first move
    # after the claims is a new Conflict: her Action, the Actions begun. On Page 2 Cal may not stake in free
    # narration (src 100-104: around one's own Action); Bea, the Starter, opens hers with Gossip.
    sim = cast_game()
    pass_claims(sim)
    sim.do("ann", "create_conflict", text="The swarm rises")
    assert _page(sim)[2:] == ("actions", "ann")
    sim.do("ann", "end_action")
    for seat in ("bea", "cal"):
        sim.do(seat, "create_conflict", text=f"{seat} scratch")
        sim.do(seat, "end_action")
    assert _page(sim)[:3] == (2, "bea", "claims")
    pass_claims(sim)
    sim.refuse("cal", "stake", conflict="c1", amount=1, drive="duty", rule="CAPES-PAGE-011")
    sim.do("bea", "use_ability", dice=(4,), ability="Gossip", conflict="c1", side="B")
    assert _page(sim)[2:] == ("actions", "bea")
    assert sim.replayed().state == sim.state  # the log replays to the same table


@pytest.mark.rules("CAPES-PAGE-011")
def test_k22c__the_starters_menu_in_free_narration_offers_her_action() -> None:
    # src 91: the Starter may end free play by acting, so her menu offers the Action's moves (as the web
    # table draws its buttons), the other players' only narration; every offer is one the table takes.
    from tests.systems.capes.test_offers import mismatches

    sim = cast_game()
    sim.put_conflict("c1", a=(2,), b=(3,), allies={"skitter": "A", "aunt_sylvie": "B"})
    pass_claims(sim)
    ann = {c.command for c in sim.legal("ann")}
    assert {"begin_actions", "use_ability", "create_conflict"} <= ann
    bea = {c.command for c in sim.legal("bea")}
    assert "narrate" in bea and not bea & {"use_ability", "create_conflict", "begin_actions"}
    assert mismatches(sim.table) == []


# -- 23. a field given and dropped unread: drive= and label= ----------------------------------------------


@pytest.mark.rules("CAPES-ABIL-001", "CAPES-DEBT-004", "CAPES-REACT-001")
def test_k23__a_drive_named_for_a_mundane_ability_is_refused_not_ignored() -> None:
    # src 183-186: a super-ability "gives you a point of Debt every time you use it", a mundane one "Blocks"
    # and earns none; src 187: the Debt goes "in whichever Drive you want". Cal's Hopeful (an Attitude,
    # mundane) with drive=duty: no Debt for Duty to take, so the field is refused with a sentence, nothing
    # changes (before, the roll went ahead and drive= was dropped). Without it the roll goes ahead and
    # Hopeful Blocks; as a Reaction, the same.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(3,), allies={"skitter": "A", "rampart": "B"})
    sim.do("ann", "use_ability", dice=(4,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")  # Bea has nothing rated 4 or more: skipped (src 197)
    error = sim.refuse(
        "cal", "react", dice=(1,), ability="Hopeful", help="B", drive="duty", rule="CAPES-ABIL-001"
    )
    assert "drive=" in error.message
    sim.do("cal", "react", dice=(1,), ability="Hopeful", help="B")
    sim.do("cal", "accept")
    assert sim.debt("rampart", "duty") == 0
    assert "rampart/hopeful" in sim.state.scene.blocked  # type: ignore[union-attr]


@pytest.mark.rules("CAPES-CHAR-009", "CAPES-DEBT-004", "CAPES-STAKE-005")
def test_k23b__an_undifferentiated_character_names_no_drive() -> None:
    # src 236: an undifferentiated character "just has one big stack of Debt"; src 238: it stakes from it.
    # Ann's Swarm Thug has no Drives: drive=truth on its power's use or on its stake names a Drive it does
    # not have, refused (before, the Debt went on the stack all the same and drive= was dropped);
    # drive=stack, or none, is its stack.
    sim = Sim(start_debt=2)
    sim.do("ann", "create_character", payload=_THUG)
    sim.do("ann", "declare_scene", text="The docks")
    sim.do("ann", "choose", character="swarm_thug")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.put_conflict("c1", a=(1,), b=(2,), allies={"swarm_thug": "A"}, creator="swarm_thug")
    pass_claims(sim)
    sim.refuse("ann", "stake", conflict="c1", amount=1, drive="truth", rule="CAPES-STAKE-005")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="stack")
    sim.refuse("ann", "use_ability", dice=(2,), ability="Bite", conflict="c1", side="A", drive="truth",
               rule="CAPES-DEBT-004")  # fmt: skip
    sim.do("ann", "use_ability", dice=(2,), ability="Bite", conflict="c1", side="A")
    assert sim.state.roster["swarm_thug"].debt == {"stack": 2}  # 2 - 1 staked + 1 earned


@pytest.mark.rules("CAPES-CONF-002", "CAPES-CONF-004")
def test_k23c__a_label_for_a_side_already_named_is_refused_not_dropped() -> None:
    # src 109: "once somebody rolls them, the dice represents their side": the first roller names the side
    # (CONF-002 PROPOSED). Bea named B "Skitter is caught"; Cal, rolling for B with label="The guards win",
    # would have his words dropped: refused, nothing changes. Naming it as it is, or not at all, is taken.
    sim = actions_game()
    sim.do("ann", "create_conflict", text="Rob the gala", kind="goal")
    sim.do("ann", "end_action")
    sim.do(
        "bea", "use_ability", dice=(4,), ability="Worried", conflict="c1", side="B", label="Skitter is caught"
    )
    sim.do("bea", "accept")
    sim.do("cal", "pass")
    sim.do("ann", "pass")
    sim.do("bea", "end_action")
    error = sim.refuse("cal", "use_ability", dice=(2,), ability="Hopeful", conflict="c1", side="A", help="B",
                       label="The guards win", rule="CAPES-CONF-002")  # fmt: skip
    assert "Skitter is caught" in error.message
    sim.do("cal", "use_ability", dice=(1,), ability="Hopeful", conflict="c1", side="A", help="B",
           label="Skitter is caught")  # fmt: skip
    assert sim.side("c1", "B").label == "Skitter is caught"
