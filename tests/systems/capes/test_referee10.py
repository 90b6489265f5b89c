"""A tenth referee's pass over Capes: an Action of stakes and Inspirations alone, the Overdrawn prompt's
words, then characters, abilities, Debt, principles and their interactions (Debt with Splits and Stakes,
Gloating, resolution order, Reactions), refusals and what each seat reads.

Each test is one situation written from the seed alone ("src N" = line N of
seeds/004_209cadad08ad98a0.txt), played through the table with given dice. Sample sheets as in
test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart (Cal); Ann starts Page 1. Ratings:
Skitter's Swarm Sense 1, Bug Control 2, Silk Lines 3, Swarm Armour 4 (super), Ruthless 5 (mundane);
Drives truth 3, justice 2, love 2, hope 1, duty 1. Rampart's Super Strength 1, Invulnerability 2, Great
Leap 3 (super), Hopeful 5 (mundane); Drives duty 3, hope 2, justice 2, love 1, truth 1. Aunt Sylvie's
abilities are all mundane, Worried 1 to Nosy 3.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.capes.state import Inspiration
from tests.systems.capes.helpers import Sim, actions_game, cast_game, finish_actions
from tests.systems.capes.test_offers import mismatches
from tests.systems.capes.test_referee import _claims, _page
from tests.systems.offers_taken import refused_offers


@pytest.fixture(autouse=True)
def _every_offer_is_taken(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """After every command of these situations, each single-click menu item is one the table takes
    (tests/systems/offers_taken.py): the brief's check, at every step rather than at a few."""
    refused: list[str] = []
    do = Driver.do

    def checked(self: Driver, *args: Any, **kwargs: Any) -> Any:
        out = do(self, *args, **kwargs)
        refused.extend(refused_offers(self.table))
        return out

    monkeypatch.setattr(Driver, "do", checked)
    yield
    assert refused == []


def _no_reactions(sim: Sim) -> None:
    """Everyone asked declines to react to the roll just accepted (src 200), so its Action may end."""
    while sim.state.scene and sim.state.scene.page and sim.state.scene.page.action:
        window = sim.state.scene.page.action.reactions
        if window is None:
            return
        sim.do(window.asker, "pass")


def _hold(sim: Sim, seat: str, *values: int) -> None:
    """``seat`` holds Inspirations of these values (won on earlier Pages)."""
    sim.patch(inspirations={**sim.state.inspirations, seat: tuple(Inspiration(value=v) for v in values)})


# -- an Action without its core step (CAPES-ACT-001/002, src 38, 98-104) ------------------------------
# src 98: "At any time in their Action a player may spend an Inspiration ... One time in their Action
# they MAY either use an Ability or create a Conflict"; src 99: "you can either create a Conflict or use
# an Ability, but not both". Read as a referee: "one time ... may" caps the core step at one and grants
# it; nothing makes it compulsory. A player whose Action is only an Inspiration (or a stake) has taken
# their Action: src 98 puts the Inspiration "in their Action", so it needs no Conflict or roll beside it.


@pytest.mark.rules("CAPES-ACT-001", "CAPES-ACT-003")
def test_action__an_inspiration_alone_is_a_whole_action() -> None:
    # Ann holds an Inspiration 5; in her free Action she raises c1 A's 2 to 5 and ends the Action, with
    # no ability used and no Conflict created. The table takes it; Bea's turn comes; her menu's
    # single-click "end the Action" was one the table takes.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(4,), allies={"skitter": "A"})
    _hold(sim, "ann", 5)
    sim.do("ann", "inspire", value=5, conflict="c1", side="A")
    assert "end_action" in {c.command for c in sim.legal("ann")}
    assert mismatches(sim.table) == []
    sim.do("ann", "end_action")
    assert sim.side("c1", "A").dice == (5,)
    assert _page(sim)[2:] == ("actions", "bea")


@pytest.mark.rules("CAPES-ACT-001", "CAPES-STAKE-001", "CAPES-PAGE-012")
def test_action__a_stake_alone_is_a_whole_action_and_uses_the_free_action() -> None:
    # src 103: "You may Stake Debt on a Conflict that provokes your character". Skitter's truth holds 2;
    # Ann stakes 2 on c1 A (she is allied with A) and ends her Action: the table takes it, her free
    # Action is used (src 92: one free Action per character), the turn goes to Bea.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(4,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.do("ann", "end_action")
    assert sim.side("c1", "A").staked == 2 and sim.debt("skitter", "truth") == 0
    assert _page(sim)[2:] == ("actions", "bea")
    assert sim.state.scene is not None and sim.state.scene.page is not None
    assert "skitter" in sim.state.scene.page.free_actions_used


@pytest.mark.rules("CAPES-ACT-001")
def test_action__ending_it_with_nothing_done_is_refused() -> None:
    # An Action is "a player using their character to influence the course of the game" (src 34): with
    # nothing done there is no Action under way to end, and a free Action cannot be passed (src 92).
    sim = actions_game()
    sim.refuse("ann", "end_action", rule="CAPES-ACT-001")
    sim.refuse("ann", "pass", rule="CAPES-PAGE-001")


# -- the Overdrawn prompt names the Drive (CAPES-DEBT-003, src 47, 147) -------------------------------


@pytest.mark.rules("CAPES-DEBT-003", "CAPES-DEBT-002")
def test_overdrawn__the_prompt_names_the_character_drive_and_die() -> None:
    # src 147: "for each Overdrawn drive, the player rolls the highest die the character owns, accepting
    # only lower rolls". Skitter's truth (Strength 3) holds 4 and her justice (Strength 2) holds 3: two
    # Overdrawn Drives. At Page 2 Ann is asked to roll: the prompt says whose, which Drive (with its
    # Debt and Strength) and which die (c1 side A showing 5); after the truth roll it asks for justice.
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 4)
    sim.set_debt("skitter", "justice", 3)
    finish_actions(sim)
    prompt = sim.prompt("ann", "overdrawn_roll")
    assert prompt.question == (
        "Ann: roll for Skitter's Overdrawn truth (4 Debt, Strength 3): the highest die Skitter"
        " owns, c1 (A test"
        " conflict) side A showing 5, is re-rolled and only a lower roll is kept."
    )
    assert [o.label for o in prompt.options] == ["roll Skitter's 5 for the Overdrawn truth"]
    sim.do("ann", "overdrawn_roll", dice=[6])
    prompt = sim.prompt("ann", "overdrawn_roll")
    assert "Skitter's Overdrawn justice (3 Debt, Strength 2)" in prompt.question, prompt.question
    # the Now panel every seat reads names it too
    (now,) = [p for p in sim.view("cal")["panels"] if p["title"] == "Now"]
    turn = dict(now["rows"])["Turn"]
    assert turn.startswith("Ann to roll for Skitter's Overdrawn justice"), turn


# -- building characters (CAPES-CHAR, src 209-268) ----------------------------------------------------

_THUG = {
    "name": "Swarm Thug",
    "powers": "Bite,Sting,Buzz",
    "attitudes": "Mean,Dim,Loyal",
    "styles": "Loud,Fast,Dirty",
}


@pytest.mark.rules("CAPES-CHAR-003")
def test_character__powers_and_skills_together_are_refused() -> None:
    # src 218: "Superpowered characters have Powers and not Skills, while normal people have Skills and
    # not Powers." A sheet with both is refused and the roster does not change.
    sim = cast_game()
    sim.refuse("ann", "create_character", payload={**_THUG, "skills": "Lockpicking,Running,Lying"})
    assert "swarm_thug" not in sim.state.roster


@pytest.mark.rules("CAPES-CHAR-005")
def test_character__thirteen_abilities_are_refused_though_each_category_is_three_to_five() -> None:
    # src 227-228: "up to twelve abilities in three categories ... No category may have less than three
    # or more than five". Powers 4 + Styles 4 + Attitudes 5 = 13 > 12: refused; with 4 Attitudes (12)
    # the same character is made.
    sim = cast_game()
    big = {**_THUG, "powers": "Bite,Sting,Buzz,Swarm", "styles": "Loud,Fast,Dirty,Sly"}
    sim.refuse("ann", "create_character", payload={**big, "attitudes": "Mean,Dim,Loyal,Hungry,Bored"})
    assert "swarm_thug" not in sim.state.roster
    sim.do("ann", "create_character", payload={**big, "attitudes": "Mean,Dim,Loyal,Hungry"})
    assert len(sim.state.roster["swarm_thug"].sheet.abilities) == 12


@pytest.mark.rules("CAPES-CHAR-005")
def test_character__a_category_of_two_or_six_is_refused() -> None:
    # src 228: "No category may have less than three or more than five abilities".
    sim = cast_game()
    sim.refuse("ann", "create_character", payload={**_THUG, "powers": "Bite,Sting"})
    sim.refuse("ann", "create_character", payload={**_THUG, "styles": "Loud,Fast,Dirty,Sly,Mean,Quick"})
    assert "swarm_thug" not in sim.state.roster


@pytest.mark.rules("CAPES-CHAR-007")
def test_drives__four_drives_making_nine_are_refused_five_making_nine_taken() -> None:
    # src 233-234: "Choose five Drives ... Assign each a Strength between one and five, totalling exactly
    # nine." Four Drives 3+2+2+2 = 9 are refused; five 5+1+1+1+1 = 9 are taken.
    sim = cast_game()
    sim.refuse("ann", "create_character", payload={**_THUG, "drives": "truth:3,justice:2,love:2,hope:2"})
    sim.do(
        "ann", "create_character", payload={**_THUG, "drives": "pride:5,power:1,fear:1,despair:1,obsession:1"}
    )
    drives = {str(d.drive): d.strength for d in sim.state.roster["swarm_thug"].sheet.drives}
    assert drives == {"pride": 5, "power": 1, "fear": 1, "despair": 1, "obsession": 1}


@pytest.mark.rules("CAPES-CHAR-015")
def test_click_and_lock__three_crossed_out_of_one_column_are_refused() -> None:
    # src 265: "Cross out 3 of them (but not all from one column)". Three Brick Powers crossed out:
    # refused, nothing made.
    sim = cast_game()
    sim.refuse(
        "ann",
        "create_click_and_lock",
        name="Bruiser",
        module="brick",
        persona="reluctant_hero",
        cross_out="Shockwave,Endurance,Great Leap",
    )
    assert "bruiser" not in sim.state.roster


# -- abilities in play (CAPES-ABIL, src 50, 183-195) ---------------------------------------------------


@pytest.mark.rules("CAPES-ABIL-002", "CAPES-DEBT-004")
def test_ability__too_low_a_rating_is_refused_and_earns_no_debt() -> None:
    # src 188: "The ability score must be at least the value of the ... die". Skitter's Bug Control (2)
    # may not roll c1 A's 3: refused, the die stays 3 and no Debt lands on truth; the refusal says why
    # with both numbers.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(1,), allies={"skitter": "A"})
    err = sim.refuse(
        "ann", "use_ability", dice=[6], ability="Bug Control", conflict="c1", side="A", drive="truth"
    )
    assert "2" in err.message and "3" in err.message, err.message
    assert sim.side("c1", "A").dice == (3,) and sim.debt("skitter", "truth") == 0


@pytest.mark.rules("CAPES-ABIL-001")
def test_ability__a_blocked_mundane_ability_is_refused_in_a_bought_action_and_not_offered() -> None:
    # src 183, 186: a mundane ability "Blocks and cannot be used for the rest of the Scene". Ann's
    # Ruthless (5) rolls c1 B's 4 down to 1 in her free Action. In her bought Action (1 Story Token)
    # Ruthless is refused and the table offers no use of it; Swarm Sense (1) still rolls c1 B's 1.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(4,), allies={"skitter": "A"})
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    sim.do("ann", "use_ability", dice=[1], ability="Ruthless", conflict="c1", side="B", help="A")
    sim.do("ann", "accept")
    _no_reactions(sim)
    sim.do("ann", "end_action")
    for seat in ("bea", "cal"):
        sim.do(seat, "create_conflict", text=f"{seat} scratch")
        sim.do(seat, "end_action")
    assert _page(sim)[2:] == ("actions", "ann")
    sim.refuse("ann", "use_ability", dice=[1], ability="Ruthless", conflict="c1", side="B", help="A")
    assert sim.state.tokens["ann"] == 1
    assert mismatches(sim.table) == []
    sim.do(
        "ann", "use_ability", dice=[1], ability="Swarm Sense", conflict="c1", side="B", help="A", drive="hope"
    )
    assert sim.state.tokens["ann"] == 0


@pytest.mark.rules("CAPES-DEBT-004", "CAPES-DEBT-001")
def test_debt__a_drive_the_character_does_not_have_is_refused() -> None:
    # src 151: Debt goes "on any of YOUR Drives". Skitter has no pride: naming it is refused and the
    # roll does not happen.
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"skitter": "A"})
    sim.refuse("ann", "use_ability", dice=[5], ability="Silk Lines", conflict="c1", side="A", drive="pride")
    assert sim.side("c1", "A").dice == (1,) and sum(sim.state.roster["skitter"].debt.values()) == 0


# -- Reactions and Debt (CAPES-REACT, CAPES-DEBT, src 47, 51, 147, 196-203) --------------------------


def _ann_rolls_c1(sim: Sim, value: int) -> None:
    """Ann's Silk Lines (3) rolls c1 A's 1 to ``value`` (Debt on justice) and she accepts."""
    sim.do("ann", "use_ability", dice=[value], ability="Silk Lines", conflict="c1", side="A", drive="justice")
    sim.do("ann", "accept")


@pytest.mark.rules("CAPES-REACT-001", "CAPES-DEBT-004", "CAPES-CONF-004")
def test_reaction__a_super_reaction_earns_debt_on_the_drive_named_and_every_seat_reads_it() -> None:
    # src 51: "any player (not just the acting one) may roll that die again by using an Ability of equal
    # or greater value as a Reaction"; src 183: a super-ability earns Debt each use. Ann accepts c1 A
    # 1 -> 3 and passes; Bea (best 3 but mundane Nosy) passes; Cal's Great Leap (3 >= 3) rolls it to 1,
    # Debt on hope, and he accepts: A shows 1, Rampart's hope holds 1 and he is allied with B (he rolled
    # A's die down, src 110). Every seat reads the Reaction with the Debt.
    sim = actions_game()
    sim.put_conflict("c1")
    _ann_rolls_c1(sim, 3)
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "react", dice=[1], ability="Great Leap", help="B", drive="hope")
    sim.do("cal", "accept")
    assert sim.side("c1", "A").dice == (1,) and sim.debt("rampart", "hope") == 1
    conflict = sim.state.conflict("c1")
    assert conflict is not None and conflict.alliances["rampart"].side == "B"
    for seat in ("ann", "bea", "cal"):
        line = [w for w in sim.words(seat) if "Great Leap" in w][-1]
        assert "3 rolls 1" in line and "+1 Debt on hope" in line, line


@pytest.mark.rules("CAPES-DEBT-002", "CAPES-DEBT-003", "CAPES-REACT-001")
def test_reaction__its_debt_overdraws_and_the_next_page_rolls_the_die_it_allied_him_with() -> None:
    # src 147: "At the start of each Page, for each Overdrawn drive, the player rolls the highest die the
    # character owns". Rampart's hope (Strength 2) holds 2; his Reaction (Great Leap) puts a third there:
    # Overdrawn. c1 A 1 -> 3 (Ann), Cal reacts on it for B: 3 rolls 1, kept; he is allied with B now, so
    # the dice he owns are c1 B's [1] (not A's). At Page 2 his roll is due and the prompt names c1 side B
    # showing 1; a 1 can roll nothing lower, the die stays 1.
    sim = actions_game()
    sim.put_conflict("c1")
    sim.set_debt("rampart", "hope", 2)
    _ann_rolls_c1(sim, 3)
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "react", dice=[1], ability="Great Leap", help="B", drive="hope")
    sim.do("cal", "accept")
    _no_reactions(sim)
    sim.do("ann", "end_action")
    finish_actions(sim)
    assert _page(sim)[:3] == (2, "bea", "overdrawn")
    prompt = sim.prompt("cal", "overdrawn_roll")
    assert "Rampart's Overdrawn hope (3 Debt, Strength 2)" in prompt.question, prompt.question
    assert "c1 (A test conflict) side B showing 1" in prompt.question, prompt.question
    sim.do("cal", "overdrawn_roll", dice=[4])
    assert sim.side("c1", "B").dice == (1,)


@pytest.mark.rules("CAPES-REACT-002", "CAPES-ACT-001")
def test_reaction__none_to_an_action_that_only_spent_an_inspiration() -> None:
    # src 199: "People can only take Reactions if the initial Action roll was accepted." Ann's Action is
    # an Inspiration 6 alone on c1 A's 2: no roll, so Cal may not react (Hopeful 5 would not reach a 6
    # anyway: the refusal must be for want of a roll); Ann ends her Action.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(1,), allies={"skitter": "A"})
    _hold(sim, "ann", 4)
    sim.do("ann", "inspire", value=4, conflict="c1", side="A")
    sim.refuse("cal", "react", dice=[1], ability="Hopeful", help="B")
    assert not any(p.kind == "react" for p in sim.prompts())
    sim.do("ann", "end_action")
    assert sim.side("c1", "A").dice == (4,)


@pytest.mark.rules("CAPES-ACT-001", "CAPES-PAGE-013", "CAPES-RSRC-001")
def test_action__a_bought_action_of_an_inspiration_alone_costs_its_story_token() -> None:
    # src 94: "you can spend Story Tokens for extra actions"; src 98: the Inspiration is "in their
    # Action". After the free Actions Ann (1 token) buys an Action that is an Inspiration 5 alone on c1
    # A's 2: the token is spent, the die shows 5, the words say the Action cost a Story Token.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(3,), allies={"skitter": "A"})
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    _hold(sim, "ann", 5)
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "create_conflict", text=f"{seat} scratch")
        sim.do(seat, "end_action")
    sim.do("ann", "inspire", value=5, conflict="c1", side="A")
    sim.do("ann", "end_action")
    assert sim.state.tokens["ann"] == 0 and sim.side("c1", "A").dice == (5,)
    assert any("Story Token" in w and "Ann" in w for w in sim.words("bea")[-4:]), sim.words("bea")[-4:]


@pytest.mark.rules("CAPES-ACT-001", "CAPES-EG-002")
def test_action__an_event_vetoed_leaves_the_action_open_and_it_may_end() -> None:
    # src 118: "any player can veto any Event when it is declared". Ann's Event is vetoed by Bea: it is
    # gone, Ann's Action has had no Conflict, so she may still use an ability (src 99) or, since the core
    # step is hers to take or not (src 98 "may"), end the Action.
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The chandelier falls")
    sim.do("bea", "veto", conflict="c1")
    assert sim.state.conflict("c1") is None
    assert mismatches(sim.table) == []  # every single-click offer (end the Action among them) is taken
    sim.do("ann", "end_action")
    assert _page(sim)[2:] == ("actions", "bea")


# -- refusals: out of turn, for another (CAPES-PRIN-003, src 24-27) -----------------------------------


@pytest.mark.rules("CAPES-ABIL-003", "CAPES-PRIN-003")
def test_roll__another_player_may_not_keep_or_turn_back_anns_roll() -> None:
    # src 188: "THEY choose whether to accept the roll or turn the die back". Ann's Silk Lines rolls
    # c1 A 1 -> 5; Bea may neither accept nor turn it back; the roll still waits for Ann.
    sim = actions_game()
    sim.put_conflict("c1")
    sim.do("ann", "use_ability", dice=[5], ability="Silk Lines", conflict="c1", side="A", drive="justice")
    sim.refuse("bea", "accept")
    sim.refuse("bea", "revert")
    sim.do("ann", "revert")
    assert sim.side("c1", "A").dice == (1,)


@pytest.mark.rules("CAPES-PRIN-003", "CAPES-ACT-001")
def test_action__cal_may_not_use_an_ability_in_anns_action_and_is_told_whose_turn() -> None:
    # src 25-26: "When it's your turn you get to narrate. On other people's turns you listen." In Ann's
    # free Action Cal's Great Leap is refused; the refusal names Ann's turn; nothing changes.
    sim = actions_game()
    sim.put_conflict("c1")
    err = sim.refuse(
        "cal", "use_ability", dice=[6], ability="Great Leap", conflict="c1", side="B", drive="duty"
    )
    assert "Ann" in err.message, err.message
    assert sim.debt("rampart", "duty") == 0


@pytest.mark.rules("CAPES-RES-001", "CAPES-PRIN-003")
def test_resolve__cal_waits_for_bea_the_starter_to_resolve_first() -> None:
    # src 131: "After actions, once again in turn order, players look at the Conflicts they claimed".
    # Page 2's Starter is Bea. Bea claimed c1 B ([5] vs [2]) and Cal c2 A ([4] vs [1]). In the
    # Resolving Cal may not resolve c2 before Bea has resolved c1; then he may.
    sim = cast_game()
    sim.put_conflict("c1", a=(2,), b=(5,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.put_conflict("c2", a=(4,), b=(1,), allies={"rampart": "A"})
    _claims(sim, {})
    finish_actions(sim)
    assert _page(sim)[:3] == (2, "bea", "claims")
    _claims(sim, {"bea": ("c1", "B"), "cal": ("c2", "A")})
    finish_actions(sim)
    assert _page(sim)[2:] == ("resolving", "bea")
    sim.refuse("cal", "resolve", conflict="c2")
    sim.do("bea", "resolve", conflict="c1")
    assert _page(sim)[2:] == ("resolving", "cal")
    sim.do("cal", "resolve", conflict="c2")
    assert sim.state.conflict("c2") is None


# -- Debt, Splits and Stakes together, then the Resolving (src 42, 48-49, 131-141, 168-179) ----------


def _staked_and_split() -> Sim:
    """Page 1: c1 A [5] (Skitter, Ann claimed it) vs B [4] (Rampart). Ann's free Action is a stake of 1
    truth on A and a split of the 5 into [3, 2] (src 177: one Debt staked lets the side hold two dice,
    the PROPOSED free die), nothing else; Bea and Cal take filler Actions; the Resolving comes to Ann."""
    sim = cast_game()
    sim.put_conflict("c1", a=(5,), b=(4,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 1)
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A")
    sim.do("ann", "end_action")
    finish_actions(sim)
    assert _page(sim)[2:] == ("resolving", "ann")
    assert sim.side("c1", "A").dice == (3, 2) and sim.side("c1", "A").staked == 1
    return sim


@pytest.mark.rules("CAPES-RES-004", "CAPES-RES-006", "CAPES-RES-007", "CAPES-SPLIT-001", "CAPES-ACT-001")
def test_resolve__a_stake_and_split_action_then_the_split_dice_are_matched() -> None:
    # src 131: "Winners give away their Stakes as Story Tokens to the losing characters. Claimant matches
    # winning and losing dice". A [3, 2] = 5 beats B [4]. Ann pairs 3-4: the losing die is higher, so
    # Cal (Rampart lost) gets an Inspiration 1 (src 140); the leftover 2 is Ann's (src 141). Skitter's 1
    # staked truth becomes 1 Story Token, to Cal (src 132); her truth stays 0. Every seat reads it.
    sim = _staked_and_split()
    sim.do("ann", "resolve", conflict="c1", pairs="3-4", text="The swarm carries the day.")
    assert sorted(i.value for i in sim.state.inspirations.get("ann", ())) == [2]
    assert sorted(i.value for i in sim.state.inspirations.get("cal", ())) == [1]
    assert sim.state.tokens["cal"] == 1 and sim.debt("skitter", "truth") == 0
    for seat in ("ann", "bea", "cal"):
        line = [w for w in sim.words(seat) if "resolves c1" in w][-1]
        assert "Cal" in line and "Inspiration" in line, line


@pytest.mark.rules("CAPES-GLOAT-002", "CAPES-STAKE-001", "CAPES-RES-003")
def test_gloat__the_stake_stays_on_the_card_neither_given_nor_doubled() -> None:
    # src 205: the Claimant "instead Gloats": nothing is Resolved, so nobody gives away or gets back Debt
    # (src 131 is about Resolving). Ann gloats on A [3, 2] turning one die (the 3, highest first) to 1:
    # A [1, 2], Ann +1 Story Token; Skitter's 1 truth is still staked on A, Cal gets no token, Rampart's
    # Debt is unchanged, and c1 stays.
    sim = _staked_and_split()
    sim.do("ann", "gloat", conflict="c1", count=1)
    assert sim.side("c1", "A").dice == (1, 2) and sim.side("c1", "A").staked == 1
    assert sim.state.tokens.get("ann") == 1 and sim.state.tokens.get("cal", 0) == 0
    assert sim.debt("skitter", "truth") == 0 and sum(sim.state.roster["rampart"].debt.values()) == 0
    assert sim.state.conflict("c1") is not None


@pytest.mark.rules("CAPES-STAKE-001", "CAPES-CONF-004")
def test_stake__not_on_the_side_the_character_is_not_allied_with() -> None:
    # src 48, 168: Players Stake "by moving Debt onto Conflicts" on the side they support (src 110:
    # allied). Skitter is allied with c1 A: staking on side B is refused, nothing moves.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.refuse("ann", "stake", conflict="c1", amount=1, drive="truth", side="B")
    assert sim.debt("skitter", "truth") == 2 and sim.side("c1", "B").staked == 0


@pytest.mark.rules("CAPES-SPLIT-002", "CAPES-STAKE-002")
def test_split__a_second_split_needs_a_second_stake_from_the_same_drive() -> None:
    # src 177: "You can Split dice to as many Debt as are Staked on that side". Skitter's truth holds 2.
    # Stake 1, split A's 5 -> [3, 2]; a third die is refused; stake 1 more from truth (2 <= Strength 3,
    # src 48) and split the 3 -> [2, 1]: A [2, 1, 2], total still 5 (src 179).
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(4,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A")
    sim.refuse("ann", "split", conflict="c1", side="A", die=1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", die=1)
    assert sorted(sim.side("c1", "A").dice) == [1, 2, 2] and sum(sim.side("c1", "A").dice) == 5


@pytest.mark.rules("CAPES-STAKE-002", "CAPES-STAKE-005", "CAPES-CHAR-009")
def test_stake__a_second_drive_on_the_same_conflict_is_refused() -> None:
    # src 48: "Each character may Stake one Drive per Conflict". Skitter staked 1 truth on c1; staking 1
    # justice on c1 too is refused (nothing moves), while justice on c2 is fine.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 1)
    sim.set_debt("skitter", "justice", 2)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.refuse("ann", "stake", conflict="c1", amount=1, drive="justice")
    assert sim.debt("skitter", "justice") == 2
    sim.do("ann", "stake", conflict="c2", amount=1, drive="justice")
    assert sim.side("c2", "A").staked == 1


# -- what each seat reads (Capes has no secrets: src 14-17, every resource is on the table) ----------


@pytest.mark.rules("CAPES-PRIN-001", "CAPES-RSRC-002")
def test_view__every_seat_sees_the_same_table_inspirations_and_tokens_included() -> None:
    # src 15-16: "Capes has no GM. The rights and responsibilities are shared": nothing is hidden from a
    # seat. Bea holds an Inspiration 4 and Cal 2 Story Tokens: Ann's and Cal's panels show the same rows
    # as Bea's, and the words every seat reads are the same.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    _hold(sim, "bea", 4)
    sim.patch(tokens={**sim.state.tokens, "cal": 2})
    sim.do("ann", "use_ability", dice=[5], ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    panels = {seat: sim.view(seat)["panels"] for seat in ("ann", "bea", "cal")}
    assert panels["ann"] == panels["bea"] == panels["cal"]
    players = {r[0]: tuple(r[1:]) for p in panels["ann"] if p["title"] == "Players" for r in p["rows"]}
    assert players["Bea"][1] == "4" and players["Cal"][0] == "2", players
    assert sim.words("ann") == sim.words("bea") == sim.words("cal")


@pytest.mark.rules("CAPES-DEBT-003", "CAPES-CHAR-009")
def test_overdrawn__an_undifferentiated_stack_prompt_says_more_than_five() -> None:
    # src 237: undifferentiated "are Overdrawn when they have more than five Debt". Ann's Swarm Thug
    # (one stack) holds 6 and owns c1 A's 4: at Page 2 the prompt names the Thug's Debt stack, its 6
    # Debt against the 5 it may hold, and the die.
    sim = cast_game()
    sim.do("ann", "create_character", payload=_THUG)
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    sim.do("ann", "choose", character="swarm_thug")
    sim.put_conflict("c1", a=(4,), b=(1,), allies={"swarm_thug": "A"})
    sim.set_debt("swarm_thug", "stack", 6)
    _claims(sim, {})
    sim.do("ann", "begin_actions")
    for character in ("skitter", "swarm_thug"):
        sim.do("ann", "create_conflict", text=f"{character} scratch", character=character)
        sim.do("ann", "end_action")
    finish_actions(sim)
    prompt = sim.prompt("ann", "overdrawn_roll")
    assert "Swarm Thug's Overdrawn Debt stack (6 Debt, more than 5)" in prompt.question, prompt.question
    assert "c1 (A test conflict) side A showing 4" in prompt.question, prompt.question


# -- the narration a player reads (CAPES-ABIL-005, CAPES-PRIN-002, CAPES-GLOAT-003, src 112-113, 191) -


@pytest.mark.rules("CAPES-ABIL-005", "CAPES-REACT-005")
def test_words__what_the_roller_narrates_is_read_by_every_seat_accepted_or_turned_back() -> None:
    # src 191: "Whether you accept the roll or not, you narrate what happens"; src 203: "Reactions
    # happen in addition to the action's narration". Ann's Silk Lines rolls c1 A 1 -> 5, she accepts
    # narrating it; Cal's Hopeful (5 >= 5) reacts, 5 rolls 2, and he turns it back narrating too. Every
    # seat's log carries both narrations with the rolls they go with.
    sim = actions_game()
    sim.put_conflict("c1")
    sim.do("ann", "use_ability", dice=[5], ability="Silk Lines", conflict="c1", side="A", drive="justice")
    sim.do("ann", "accept", text="Silk lines yank the gunman off his feet.")
    sim.do("ann", "pass")
    sim.do("cal", "react", dice=[2], ability="Hopeful", help="B")
    sim.do("cal", "revert", text="Rampart hesitates: someone could get hurt.")
    for seat in ("ann", "bea", "cal"):
        words = sim.words(seat)
        assert 'Ann accepts: the die now shows 5 — "Silk lines yank the gunman off his feet."' in words, words
        assert 'Cal turns the die back to 5 — "Rampart hesitates: someone could get hurt."' in words, words


@pytest.mark.rules("CAPES-PRIN-002", "CAPES-RES-002")
def test_words__the_resolvers_narration_is_read_by_every_seat() -> None:
    # src 21: "Only the winner of a Conflict gets to narrate its conclusion"; src 116: "The Resolver
    # narrates how it happens". Ann resolves c1 ([5] vs [2]) narrating the end: the other seats read her
    # narration after what the table did (5-2: Inspiration 3 to Ann).
    sim = cast_game()
    sim.put_conflict("c1", a=(5,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    _claims(sim, {"ann": ("c1", "A")})
    finish_actions(sim)
    sim.do("ann", "resolve", conflict="c1", text="The gunmen flee into the night.")
    for seat in ("bea", "cal"):
        line = [w for w in sim.words(seat) if "resolves c1" in w][-1]
        assert line.endswith(' — "The gunmen flee into the night."'), line


@pytest.mark.rules("CAPES-GLOAT-003", "CAPES-GLOAT-002")
def test_words__the_gloat_narration_is_read_by_every_seat() -> None:
    # src 206: "You should narrate your character gloating in some fashion too." Ann gloats on c1 A
    # [5], turning the 5 to 1 for 1 Story Token, and narrates it; Bea and Cal read it.
    sim = cast_game()
    sim.put_conflict("c1", a=(5,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    _claims(sim, {"ann": ("c1", "A")})
    finish_actions(sim)
    sim.do("ann", "gloat", conflict="c1", count=1, text="Skitter lets the swarm crawl over the mayor.")
    for seat in ("bea", "cal"):
        line = [w for w in sim.words(seat) if "gloats on c1" in w][-1]
        assert line == (
            'Ann gloats on c1 (A test conflict) side A: 5 turned to 1, 1 Story Token — "Skitter'
            " lets the swarm crawl over the"
            ' mayor."'
        ), line


@pytest.mark.rules("CAPES-STAKE-003")
def test_words__a_stakes_justification_is_read_by_those_who_may_object() -> None:
    # src 152: "You can only Stake Debt on a Conflict that is morally charged for that particular character
    # and Drive"; the others judge it (objection window). To judge they must read why: Cal stakes 1 duty
    # on c1 "Nobody else can hold the bridge"; Ann's and Bea's logs carry the reason with the stake.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"rampart": "A"})
    sim.set_debt("rampart", "duty", 1)
    for seat in ("ann", "bea"):
        sim.do(seat, "create_conflict", text=f"{seat} scratch")
        sim.do(seat, "end_action")
    sim.do("cal", "stake", conflict="c1", amount=1, drive="duty", why="Nobody else can hold the bridge")
    for seat in ("ann", "bea"):
        assert sim.words(seat)[-1] == (
            'Rampart stakes 1 Debt from duty on c1 (A test conflict) side A — "Nobody else can hold'
            ' the bridge".'
        ), sim.words(seat)[-1]
        assert any(p.kind == "object_stake" for p in sim.prompts(seat))


@pytest.mark.rules("CAPES-ACT-004", "CAPES-RSRC-002", "CAPES-ACT-001")
def test_words__a_spent_inspiration_names_the_conflict_it_was_won_on() -> None:
    # src 101: spending an Inspiration, "You should narrate some reason ... why the Conflict you got the
    # Inspiration from impacts this Conflict": the table must say which Conflict that was. Page 1: Ann
    # resolves c1 "The vault alarm" ([5] vs [2]): Inspiration 5-2 = 3. Page 2 (Bea starts): her Action is
    # that Inspiration alone on c2 A's 1 (Skitter's side); every seat reads where it was won.
    sim = cast_game()
    sim.put_conflict("c1", a=(5,), b=(2,), allies={"skitter": "A", "rampart": "B"}, text="The vault alarm")
    sim.put_conflict("c2", a=(1,), b=(2,), allies={"skitter": "A"}, text="The getaway")
    _claims(sim, {"ann": ("c1", "A")})
    finish_actions(sim)
    sim.do("ann", "resolve", conflict="c1")
    assert [i.value for i in sim.state.inspirations["ann"]] == [3]
    _claims(sim, {})
    finish_actions_before(sim, "ann")
    sim.do("ann", "inspire", value=3, conflict="c2", side="A")
    sim.do("ann", "end_action")
    for seat in ("ann", "bea", "cal"):
        line = [w for w in sim.words(seat) if "spends an Inspiration" in w][-1]
        assert (
            line == 'Ann spends an Inspiration 3 won on "The vault alarm": c2 (The getaway) side A die 1'
            " goes from 1 to 3."
        ), line


def finish_actions_before(sim: Sim, seat: str) -> None:
    """From free narration: the free Actions before ``seat``'s are fillers; ``seat``'s turn comes."""
    assert sim.state.scene is not None and sim.state.scene.page is not None
    sim.do(sim.state.scene.page.starter, "begin_actions")
    while _page(sim)[3] != seat:
        turn = _page(sim)[3]
        sim.do(turn, "create_conflict", text=f"{turn} scratch {len(sim.state.conflicts)}")
        sim.do(turn, "end_action")


@pytest.mark.rules("CAPES-DEBT-003")
def test_overdrawn__the_highest_die_over_two_conflicts_is_named_and_rolled() -> None:
    # src 147: "the player rolls the highest die the character owns". Skitter owns c1 A [3] and c2 A [4];
    # truth (3) holds 4. At Page 2 Ann's prompt names c2 side A showing 4 (not c1's 3), the single-click
    # answer is taken, and the 4 rolls 2: lower, kept; c1's 3 is untouched.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(1,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 4)
    finish_actions(sim)
    assert "c2 (A test conflict) side A showing 4" in sim.prompt("ann", "overdrawn_roll").question
    assert mismatches(sim.table) == []
    sim.do("ann", "overdrawn_roll", dice=[2])
    assert sim.side("c2", "A").dice == (2,) and sim.side("c1", "A").dice == (3,)


@pytest.mark.rules("CAPES-ACT-001", "CAPES-SPLIT-001", "CAPES-SPLIT-002")
def test_action__a_split_alone_on_an_earlier_stake_is_a_whole_action() -> None:
    # src 102: "You may Split the dice on your side of a Conflict if there's enough Debt Staked on that
    # side"; src 98: the core step "may" be taken. Skitter's 1 truth already sits on c1 A [5] (staked on
    # an earlier Page). Ann's Action is that split alone, 5 -> [3, 2] (src 178), and she ends it.
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(4,), allies={"skitter": "A"}, stakes={"A": [("skitter", "truth", 1)]})
    sim.do("ann", "split", conflict="c1", side="A")
    sim.do("ann", "end_action")
    assert sim.side("c1", "A").dice == (3, 2) and _page(sim)[2:] == ("actions", "bea")


# -- ending an Action: not over an undecided roll, not before the others may react (src 188, 200) ----


@pytest.mark.rules("CAPES-ABIL-003", "CAPES-ACT-001")
def test_action__not_ended_over_a_roll_still_to_keep_or_turn_back() -> None:
    # src 188: "If they roll a Conflict die then they choose whether to accept the roll or turn the die
    # back". Ann's Silk Lines rolls c1 A 1 -> 3: ending her Action before choosing is refused (the roll
    # would vanish undecided); she keeps the 3 and the Reactions come.
    sim = actions_game()
    sim.put_conflict("c1")
    sim.do("ann", "use_ability", dice=[3], ability="Silk Lines", conflict="c1", side="A", drive="justice")
    sim.refuse("ann", "end_action", rule="CAPES-ACT-002")
    sim.do("ann", "accept")
    assert sim.side("c1", "A").dice == (3,)


@pytest.mark.rules("CAPES-REACT-003", "CAPES-REACT-001")
def test_action__not_ended_before_the_others_have_had_their_chance_to_react() -> None:
    # src 200: "The acting player gets the first opportunity to React. Then it goes around the table
    # clockwise until nobody (that hasn't already Reacted) wants to React." Ann keeps c1 A's 3; ending
    # her Action now would take Bea's (Nosy 3) and Cal's (Great Leap 3) chance away: refused. Ann passes,
    # Bea passes, Cal reacts with Great Leap (3 rolls 1, Debt on duty) and keeps it; then nobody else may
    # (Ann and Bea declined again), and Ann ends her Action.
    sim = actions_game()
    sim.put_conflict("c1")
    _ann_rolls_c1(sim, 3)
    sim.refuse("ann", "end_action", rule="CAPES-ACT-002")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "react", dice=[1], ability="Great Leap", help="B", drive="duty")
    sim.do("cal", "accept")
    _no_reactions(sim)
    sim.do("ann", "end_action")
    assert sim.side("c1", "A").dice == (1,) and _page(sim)[2:] == ("actions", "bea")
