"""A thirteenth referee's pass over Capes: the rules that act in play but that the table-played tests
name least, and the interactions a table meets in one session.

One resolution that settles everything at once (src 131-141), a player on both sides of a card who is
not its Resolver (src 132-133), an Overdrawn roll and the alliance and claim after it (src 47, 83,
110, 147), a Strength-1 Drive Overdrawn across two cards (src 153, 168), one player's two characters
staking the one side (src 168, 177), an undifferentiated stake split to ones (src 178-179, 238), a
player with no character in the Scene (src 36, 51, 83, 92-94), the second die of a fresh card (src
109), a second character's free Action (src 33, 92), one Goal played through two Pages from its
declaration to its resolution, and refusals and words: out of turn, for another's character,
spending what one does not hold, and a person's name (never an id) in what each seat reads.

Each test is one situation written from the seed alone ("src N" = line N of
seeds/004_209cadad08ad98a0.txt), played through the table with given dice. Sample sheets as in
test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart (Cal); Ann starts Page 1. Ratings:
Skitter's Swarm Sense 1, Bug Control 2, Silk Lines 3, Swarm Armour 4 (super), Ruthless 5 (mundane);
Drives truth 3, justice 2, love 2, hope 1, duty 1. Rampart's Super Strength 1, Invulnerability 2,
Great Leap 3 (super), Hopeful 5 (mundane); Drives duty 3, hope 2, justice 2, love 1, truth 1. Aunt
Sylvie's abilities are all mundane, Worried 1 to Nosy 3. Inspector Vale is a mundane detective.
"""

from __future__ import annotations

import re

import pytest

from tests.systems.capes.helpers import Sim, actions_game, cast_game, pass_claims
from tests.systems.capes.test_referee import _claims, _filler_actions, _page, _to_resolving
from tests.systems.capes.test_referee9 import _hold, _panel

# ids a player never reads: seats and characters are named, not keyed (STYLE: a person's names)
_IDS = re.compile(r"\b(ann|bea|cal|skitter|rampart|aunt_sylvie|inspector_vale)\b")


def _no_ids(lines: list[str]) -> None:
    leaks = [w for w in lines if _IDS.search(w)]
    assert not leaks, f"ids in the words: {leaks}"


def _cast(picks: dict[str, tuple[str, ...]], tokens: dict[str, int] | None = None) -> Sim:
    """Scene 1 declared by Ann: each player's first pick free, clockwise from Ann, then the rest bought
    (the seats' ``tokens`` pay for them). A player with no picks passes their free pick."""
    sim = Sim()
    for name in ("Skitter", "Aunt Sylvie", "Rampart", "Inspector Vale"):
        sim.do("ann", "add_sample", name=name)
    if tokens:
        sim.patch(tokens=dict(tokens))
    sim.do("ann", "declare_scene", text="A charity gala")
    queue = {seat: list(chars) for seat, chars in picks.items()}
    while sim.state.scene is not None and sim.state.scene.casting:
        seat = sim.state.scene.turn
        if queue.get(seat):
            sim.do(seat, "choose", character=queue[seat].pop(0))
        else:
            sim.do(seat, "pass")
    assert not any(queue.values()), f"never chosen: {queue}"
    return sim


# -- one resolution settles everything (CAPES-RES-008) -----------------------------------------


def _busy_card(sim: Sim) -> None:
    """c1, created by Rampart (Cal): A [5, 2] Skitter, 1 truth staked; B [3] Rampart, 2 duty staked,
    and Aunt Sylvie."""
    sim.put_conflict(
        "c1",
        a=(5, 2),
        b=(3,),
        allies={"skitter": "A", "rampart": "B", "aunt_sylvie": "B"},
        stakes={"A": [("skitter", "truth", 1)], "B": [("rampart", "duty", 2)]},
        creator="rampart",
        creator_player="cal",
        text="The vault door holds",
    )


@pytest.mark.rules("CAPES-RES-008", "CAPES-RES-003", "CAPES-RES-004", "CAPES-RES-005", "CAPES-RES-006")
def test_resolve__one_resolution_settles_stakes_tokens_and_inspirations_and_the_card_goes() -> None:
    # src 131: "Losers get back double the Debt they Staked. Winners give away their Stakes as Story
    # Tokens to the losing characters. Claimant matches winning and losing dice". A 5+2 = 7 vs B 3:
    # Ann resolves. Rampart's 2 duty come back doubled: 0 + 4 = 4 (src 169). Skitter's 1 truth is one
    # Story Token, and the creator Rampart lost, so it is Cal's (src 135). Ann pairs 5-3: +2 for her
    # (src 139); the 2 is left over: +2 for her (src 141). The card then leaves play (RES-008).
    sim = cast_game()
    _busy_card(sim)
    sim.set_debt("skitter", "truth", 0)
    sim.set_debt("rampart", "duty", 0)
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    since = len(sim.words("bea"))
    sim.do("ann", "resolve", conflict="c1", pairs="5-3")
    assert sim.debt("rampart", "duty") == 4
    assert sim.debt("skitter", "truth") == 0
    assert sim.state.tokens.get("cal", 0) == 1 and sim.state.tokens.get("bea", 0) == 0
    assert sorted(i.value for i in sim.state.inspirations.get("ann", ())) == [2, 2]
    assert sim.state.conflict("c1") is None
    for seat in ("ann", "bea", "cal"):
        lines = sim.words(seat)[since:]
        text = " ".join(lines)
        assert "Rampart" in text and "4" in text, lines  # the Debt back doubled, with its number
        assert "Cal" in text, lines  # who got the Story Token
        _no_ids(lines)


@pytest.mark.rules("CAPES-RES-008", "CAPES-PAGE-014")
def test_resolve__the_card_is_gone_from_the_next_page_and_cannot_be_claimed() -> None:
    # RES-008 (PROPOSED order, step 6): the card is removed. On Page 2 (Starter Bea) a claim on c1 is
    # refused with a sentence, and nothing changes; the Conflicts panel no longer lists it.
    sim = cast_game()
    _busy_card(sim)
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "resolve", conflict="c1", pairs="5-3")
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.refuse("bea", "claim", conflict="c1", side="B")
    assert not any("The vault door holds" in " ".join(r) for r in _panel(sim, "bea", "Conflicts"))


# -- a player on both sides who is not the Resolver (CAPES-RES-005) -----------------------------


@pytest.mark.rules("CAPES-RES-004", "CAPES-RES-005")
def test_resolve__a_player_with_a_character_on_each_side_takes_a_token_from_the_resolvers_stake() -> None:
    # src 132 "distributed to the losing players"; src 133 bars only the Resolver from her own tokens.
    # Cal plays Rampart (winning side A) and Inspector Vale (losing side B); Bea's Sylvie is on B too.
    # Ann resolves with 2 truth staked on A: 2 tokens, one to Cal (a losing player through Vale), one
    # to Bea. Nobody created c1 in play (creator Skitter, who won): no first-token priority.
    sim = _cast(
        {"ann": ("skitter",), "bea": ("aunt_sylvie",), "cal": ("rampart", "inspector_vale")}, {"cal": 1}
    )
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"skitter": "A", "rampart": "A", "inspector_vale": "B", "aunt_sylvie": "B"},
        stakes={"A": [("skitter", "truth", 2)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea"))
    for who in ("Rampart", "Inspector Vale"):  # Cal's turn holds both his free Actions (src 92)
        sim.do("cal", "create_conflict", text=f"{who} scratch", character=who)
        sim.do("cal", "end_action")
    sim.do("ann", "resolve", conflict="c1", tokens="cal,bea")
    assert sim.state.tokens.get("cal", 0) == 1
    assert sim.state.tokens.get("bea", 0) == 1


# -- the Overdrawn roll, the alliance and the claim (CAPES-DEBT-003, CAPES-CONF-004) -----------


def _overdrawn_on_page_two() -> Sim:
    """Page 1 passes with nothing claimed; Skitter holds 3 love (Strength 2: Overdrawn) and her only
    die is c1 A 5 against Sylvie's B 4. Page 2 begins (Starter Bea) with Skitter's Overdrawn roll."""
    sim = cast_game()
    sim.put_conflict("c1", a=(5,), b=(4,), allies={"skitter": "A", "aunt_sylvie": "B"})
    pass_claims(sim)
    _to_resolving(sim)
    sim.set_debt("skitter", "love", 3)
    return sim


@pytest.mark.rules("CAPES-DEBT-003", "CAPES-CONF-004", "CAPES-PAGE-007", "CAPES-PAGE-003")
def test_overdrawn__a_kept_roll_down_leaves_her_allied_and_she_claims_her_side() -> None:
    # src 47: "the player rolls the highest die the character owns, accepting only lower rolls": A's 5
    # rolls 2, kept: A 2 vs B 4. The roll is no try "to roll up a side's die or roll down the die of an
    # opposing side" (src 110): it does not ally Skitter with B. So at the claims Ann may claim A, the
    # side she last helped (src 83-84), and not B.
    sim = cast_game()
    sim.put_conflict("c1", a=(5,), b=(4,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.set_debt("skitter", "love", 3)
    pass_claims(sim)
    _to_resolving(sim)
    assert _page(sim)[:2] == (2, "bea")
    sim.do("ann", "overdrawn_roll", dice=(2,))
    assert sim.side("c1", "A").dice == (2,)
    conflict = sim.state.conflict("c1")
    assert conflict is not None and conflict.alliances["skitter"].side == "A"
    assert not [p for p in sim.prompts() if p.kind == "react"]  # no Action roll: no Reactions (src 199)
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.refuse("ann", "claim", conflict="c1", side="B")
    sim.do("ann", "claim", conflict="c1", side="A")


# -- a Strength-1 Drive Overdrawn across two cards (CAPES-STAKE-002, CAPES-DEBT-002) ------------


@pytest.mark.rules("CAPES-STAKE-002", "CAPES-DEBT-002", "CAPES-DEBT-003")
def test_stake__a_strength_one_drive_stakes_one_on_each_card_and_is_overdrawn_no_more() -> None:
    # src 168 "no more Debt than Drive Strength" per Conflict; src 153 staked Debt "doesn't count
    # against the Drive". Hope 1 holds 3: Overdrawn (3 > 1). Ann stakes 1 hope on c1: 2 left, still
    # Overdrawn; a second hope on c1 would be 2 > 1 there: refused. 1 hope on c2: 1 left, not Overdrawn,
    # so Page 2 asks no Overdrawn roll of her.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "hope", 3)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="hope", why="The crowd trusts her")
    assert sim.debt("skitter", "hope") == 2
    err = sim.refuse(
        "ann", "stake", conflict="c1", amount=1, drive="hope", why="Again", rule="CAPES-STAKE-002"
    )
    assert "1" in err.message
    sim.do("ann", "stake", conflict="c2", amount=1, drive="hope", why="The hostages")
    assert sim.debt("skitter", "hope") == 1
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    assert _page(sim)[:3] == (2, "bea", "claims")
    assert not [p for p in sim.prompts() if p.kind == "overdrawn"]


# -- one player's two characters on one side (CAPES-SPLIT-002, CAPES-STAKE-002) -----------------


@pytest.mark.rules("CAPES-SPLIT-002", "CAPES-STAKE-002", "CAPES-PAGE-012")
def test_split__two_characters_of_one_player_each_stake_and_the_side_splits_to_three() -> None:
    # src 168 "Each character may Stake one Drive per Conflict": Ann plays Skitter and Rampart (bought
    # for a token, src 36), both allied with c1 A [6]. In Skitter's Action she stakes 1 truth; in
    # Rampart's Action (her turn holds both, src 92) she stakes 1 duty from Rampart's own Drive: two
    # stakes on A, room for three dice (PROPOSED SPLIT-002, the free die): 6 splits to [2, 2, 2]
    # (src 178), and not to four.
    sim = _cast(
        {"ann": ("skitter", "rampart"), "bea": ("aunt_sylvie",), "cal": ("inspector_vale",)}, {"ann": 1}
    )
    sim.put_conflict("c1", a=(6,), b=(2,), allies={"skitter": "A", "rampart": "A"})
    sim.set_debt("skitter", "truth", 1)
    sim.set_debt("rampart", "duty", 1)
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth", character="skitter", why="Her secret")
    sim.do("ann", "end_action")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="duty", character="rampart", why="Only he can")
    sim.refuse("ann", "split", conflict="c1", side="A", die=1, parts=4, character="rampart")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=3, character="rampart")
    assert sim.side("c1", "A").dice == (2, 2, 2)
    assert sorted((s.character, s.amount) for s in sim.side("c1", "A").stakes) == [
        ("rampart", 1),
        ("skitter", 1),
    ]


# -- an undifferentiated stake split to ones (CAPES-SPLIT-003, CAPES-STAKE-005) ---------------


def _thug_in_actions() -> Sim:
    """Ann plays Skitter and the undifferentiated Swarm Thug (bought); Page 1, Ann's Actions."""
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
    return sim


@pytest.mark.rules("CAPES-SPLIT-003", "CAPES-STAKE-005", "CAPES-SPLIT-002", "CAPES-SPLIT-001")
def test_split__an_undifferentiated_three_splits_a_four_to_four_ones_and_a_one_no_further() -> None:
    # src 238 "as many as three Debt on one Conflict"; src 177 dice "to as many Debt as are Staked"
    # (+ the free die, PROPOSED SPLIT-002): 4 dice. A 4 splits evenly into four 1s (src 178). A 1
    # cannot be split (each die at least 1, SPLIT-003), and a fifth die has no stake to stand on.
    sim = _thug_in_actions()
    sim.put_conflict("c1", a=(4,), b=(5,), allies={"swarm_thug": "A"})
    sim.set_debt("swarm_thug", "stack", 3)
    sim.do("ann", "stake", conflict="c1", amount=3, character="swarm_thug", why="Loyal to the swarm")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=4, character="swarm_thug")
    assert sim.side("c1", "A").dice == (1, 1, 1, 1)
    err = sim.refuse("ann", "split", conflict="c1", side="A", die=1, parts=2, character="swarm_thug")
    _no_ids([err.message])


# -- a player with no character in the Scene (CAPES-SCENE-004, CAPES-REACT-001) ----------------


@pytest.mark.rules("CAPES-REACT-001", "CAPES-SCENE-004", "CAPES-PAGE-007", "CAPES-PRIN-003")
def test_reaction__a_player_with_no_character_in_the_scene_is_not_asked_and_may_not_react() -> None:
    # src 51 "any player ... by using an Ability" - an Ability of a character they play (src 34).
    # Bea passed her free pick (src 36 "players choose"): she plays nobody this Scene. Ann's Silk Lines
    # rolls c1 A's 1 to 3, kept: the Reactions go Ann, then Cal; Bea is not asked, and Bea reacting
    # with Aunt Sylvie (not in the Scene) is refused with a sentence that names no id.
    sim = _cast({"ann": ("skitter",), "cal": ("rampart",)})
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    assert not [p for p in sim.prompts("bea") if p.kind == "react"]
    err = sim.refuse("bea", "react", dice=(1,), ability="Nosy", character="aunt_sylvie", help="B")
    _no_ids([err.message])


@pytest.mark.rules("CAPES-PAGE-007", "CAPES-SCENE-004")
def test_claim__a_player_with_no_character_in_the_scene_may_not_claim() -> None:
    # src 83 "You can only Claim a side of a Conflict that you're Allied with": Bea plays nobody this
    # Scene; c1 B is Rampart's (Cal). Her claim on B is refused; her turn to claim stays hers to pass.
    sim = _cast({"ann": ("skitter",), "cal": ("rampart",)})
    sim.put_conflict("c1", a=(3,), b=(4,), allies={"skitter": "A", "rampart": "B"})
    sim.do("ann", "pass")
    sim.refuse("bea", "claim", conflict="c1", side="B")
    sim.refuse("bea", "claim", conflict="c1", side="A")
    sim.do("bea", "pass")
    sim.do("cal", "claim", conflict="c1", side="B")


# -- the second die of a fresh card (CAPES-CONF-002) -----------------------------------------


@pytest.mark.rules("CAPES-CONF-002", "CAPES-CONF-004", "CAPES-ACT-005")
def test_conflict__the_second_die_rolled_names_the_other_side_for_its_roller() -> None:
    # src 109 "once somebody rolls them, the dice represents their side". Ann creates "A fire breaks
    # out" as her Action; Bea's Worried rolls one die to 2 for "The guests get out"; Cal's Hopeful
    # (5) rolls the other die, still 1, to 4 for "The fire spreads". Each is allied with the side
    # they rolled; every seat reads both sides' names and both values; the creator Ann, who never
    # rolled, is allied with neither.
    sim = actions_game()
    sim.do("ann", "create_conflict", text="A fire breaks out")
    cid = sim.state.conflicts[-1].id
    sim.do("ann", "end_action")
    sim.do(
        "bea", "use_ability", dice=(2,), ability="Worried", conflict=cid, side="A", label="The guests get out"
    )
    sim.do("bea", "accept")
    while any(p.kind == "react" for p in sim.prompts()):
        sim.do(next(p.seat for p in sim.prompts() if p.kind == "react"), "pass")
    sim.do("bea", "end_action")
    sim.do(
        "cal", "use_ability", dice=(4,), ability="Hopeful", conflict=cid, side="B", label="The fire spreads"
    )
    sim.do("cal", "accept")
    conflict = sim.state.conflict(cid)
    assert conflict is not None
    assert conflict.alliances["aunt_sylvie"].side == "A" and conflict.alliances["rampart"].side == "B"
    assert "skitter" not in conflict.alliances
    assert sim.side(cid, "A").dice == (2,) and sim.side(cid, "B").dice == (4,)
    for seat in ("ann", "bea", "cal"):
        text = " ".join(sim.words(seat))
        assert "The guests get out" in text and "The fire spreads" in text
        _no_ids(sim.words(seat))


# -- refusals: out of turn, for another's character, spending what one does not hold ------------


@pytest.mark.rules("CAPES-PAGE-004", "CAPES-PRIN-003")
def test_refusal__bea_claiming_in_anns_claiming_turn_is_told_it_is_anns() -> None:
    # src 79 "This goes in clockwise order from the Starter": Page 1, Ann's claiming turn. Bea's claim
    # on c1 B (Sylvie's side) is refused, the sentence names Ann; after Ann passes Bea claims it.
    sim = cast_game()
    sim.put_conflict("c1", a=(3,), b=(4,), allies={"skitter": "A", "aunt_sylvie": "B"})
    err = sim.refuse("bea", "claim", conflict="c1", side="B")
    assert "Ann" in err.message
    _no_ids([err.message])
    sim.do("ann", "pass")
    sim.do("bea", "claim", conflict="c1", side="B")


@pytest.mark.rules("CAPES-ACT-003", "CAPES-RSRC-002")
def test_refusal__an_inspiration_she_does_not_hold_is_refused_and_the_one_she_holds_stays() -> None:
    # src 46 "Inspirations: Gained by winning Conflicts. Spent to increase dice": Ann holds one 3.
    # Spending a 5 is spending what she does not hold: refused, the 3 stays; the 3 then raises A's 2.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(4,), allies={"skitter": "A"})
    _hold(sim, "ann", 3)
    err = sim.refuse("ann", "inspire", value=5, conflict="c1", side="A")
    _no_ids([err.message])
    assert [i.value for i in sim.state.inspirations["ann"]] == [3]
    sim.do("ann", "inspire", value=3, conflict="c1", side="A")
    assert sim.side("c1", "A").dice == (3,)


@pytest.mark.rules("CAPES-REACT-001", "CAPES-SCENE-005")
def test_refusal__cal_may_not_react_with_skitter_whom_ann_plays() -> None:
    # src 60 a character is played by one player; src 51 the reactor uses an Ability (of their own
    # character). Ann's roll on c1 A is kept at 3; Cal reacting with Skitter's Swarm Armour (4) is
    # refused with a sentence naming no id; Cal may still react with Rampart's Hopeful.
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"skitter": "A", "rampart": "B"})
    sim.do("ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    err = sim.refuse("cal", "react", dice=(1,), ability="Swarm Armour", character="skitter", help="B")
    _no_ids([err.message])
    sim.do("cal", "react", dice=(1,), ability="Hopeful", help="B")
    sim.do("cal", "accept")
    assert sim.side("c1", "A").dice == (1,)


@pytest.mark.rules("CAPES-RES-005", "CAPES-RES-004")
def test_refusal__naming_more_story_tokens_than_were_staked_is_refused() -> None:
    # src 132 the winner's staked Debt becomes Story Tokens, one each: Skitter staked 1 on A; Ann names
    # two recipients (Bea, Cal): there is only one token to give: refused, nothing changes.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"skitter": "A", "aunt_sylvie": "B", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    err = sim.refuse("ann", "resolve", conflict="c1", tokens="bea,cal")
    _no_ids([err.message])
    sim.do("ann", "resolve", conflict="c1", tokens="cal")
    assert sim.state.tokens.get("cal", 0) == 1 and sim.state.tokens.get("bea", 0) == 0


@pytest.mark.rules("CAPES-RES-006")
def test_refusal__pairing_a_die_that_is_not_on_the_card_is_refused() -> None:
    # src 137 "The Resolver chooses which dice to match up" - the dice on the card: A [5, 2] vs B [3].
    # Pairing 6-3 names a 6 A does not have: refused, nothing changes; 2-3 then gives Bea or Cal
    # (losing players) a 1 and Ann the leftover 5 (src 140-141).
    sim = cast_game()
    _busy_card(sim)
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    err = sim.refuse("ann", "resolve", conflict="c1", pairs="6-3")
    _no_ids([err.message])
    sim.do("ann", "resolve", conflict="c1", pairs="2-3", losers="bea")
    assert [i.value for i in sim.state.inspirations["ann"]] == [5]
    assert [i.value for i in sim.state.inspirations["bea"]] == [1]


# -- refusals name people, not ids (a player reads names) -----------------------------------------


@pytest.mark.rules("CAPES-PAGE-012", "CAPES-SCENE-006")
def test_refusal__say_which_character_acts_names_them() -> None:
    # src 92 "you get to take an Action for each of your characters": Cal plays Rampart and Inspector
    # Vale; his free Action without saying whose is refused, and the sentence names both as he reads
    # them ("Rampart, Inspector Vale"), not their keys. A stake without saying whose, the same.
    sim = _cast(
        {"ann": ("skitter",), "bea": ("aunt_sylvie",), "cal": ("rampart", "inspector_vale")}, {"cal": 1}
    )
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"rampart": "A"})
    sim.set_debt("rampart", "duty", 1)
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea"))
    err = sim.refuse("cal", "create_conflict", text="A storm")
    assert "Rampart" in err.message and "Inspector Vale" in err.message, err.message
    _no_ids([err.message])
    sim.do("cal", "create_conflict", text="A storm", character="Rampart")
    sim.do("cal", "end_action")
    sim.do("cal", "create_conflict", text="A chase", character="Inspector Vale")
    err = sim.refuse("cal", "stake", conflict="c1", amount=1, drive="duty", why="Only he can")
    _no_ids([err.message])


@pytest.mark.rules("CAPES-RES-005", "CAPES-RES-006")
def test_refusal__tokens_and_inspirations_to_the_wrong_player_name_the_players() -> None:
    # src 132 tokens go "to the losing players"; src 140 a losing Inspiration to "a player that had a
    # character on the losing side". c1 A [5, 2] (Skitter, 1 truth staked; Rampart) vs B [3] (Sylvie,
    # created by her). Ann names Cal (a winner) for the token, then for the Inspiration of the 2-3
    # pair: each refused with a sentence that names Bea and Cal, never their keys. Naming Bea as the
    # sentence does ("Bea") is then taken.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(5, 2),
        b=(3,),
        allies={"skitter": "A", "rampart": "A", "aunt_sylvie": "B"},
        stakes={"A": [("skitter", "truth", 1)]},
        creator="aunt_sylvie",
        creator_player="bea",
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    err = sim.refuse("ann", "resolve", conflict="c1", tokens="bea,cal")
    _no_ids([err.message])
    err = sim.refuse("ann", "resolve", conflict="c1", pairs="2-3", losers="cal")
    assert "Bea" in err.message, err.message
    _no_ids([err.message])
    sim.do("ann", "resolve", conflict="c1", pairs="2-3", losers="Bea", tokens="Bea")
    assert sim.state.tokens.get("bea", 0) == 1
    assert [i.value for i in sim.state.inspirations["bea"]] == [1]


@pytest.mark.rules("CAPES-ACT-003")
def test_refusal__an_inspiration_on_the_other_side_names_her_character() -> None:
    # src 101 "raise one die on the character's side": Skitter is allied with c1 A; Ann's 5 on B's 2 is
    # refused with a sentence that names Skitter as Ann reads her, not her key; the 5 stays Ann's.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    _hold(sim, "ann", 5)
    err = sim.refuse("ann", "inspire", value=5, conflict="c1", side="B", rule="CAPES-ACT-003")
    assert "Skitter" in err.message, err.message
    _no_ids([err.message])
    assert [i.value for i in sim.state.inspirations["ann"]] == [5]


@pytest.mark.rules("CAPES-PAGE-013", "CAPES-PAGE-012", "CAPES-RSRC-001")
def test_actions__a_player_with_no_character_buys_no_action_and_keeps_the_token() -> None:
    # src 92-94 Actions are "for each of your characters", bought ones too: Bea plays nobody this Scene
    # and holds a Story Token. The free Actions are Ann's and Cal's; in the bought round Bea is not
    # asked, and an Action of hers (creating a Conflict) is refused: the token stays hers.
    # Ann holds a token too: the bought round opens with her, the Starter (src 95).
    sim = _cast({"ann": ("skitter",), "cal": ("rampart",)}, {"bea": 1, "ann": 1})
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "cal"))
    assert _page(sim)[:4] == (1, "ann", "actions", "ann")
    sim.refuse("bea", "create_conflict", text="A storm")
    sim.do("ann", "pass")
    assert _page(sim)[:3] == (2, "bea", "claims")  # nobody else could buy: Bea was never asked
    assert sim.state.tokens.get("bea", 0) == 1


# -- one session: two Pages of one Goal, played through (the rules as a table meets them) ----------


def _react_round(sim: Sim, reactions: dict[str, dict[str, object]]) -> None:
    """The Reactions to the roll just kept, in the table's order: the seats listed react (and keep their
    roll), the rest pass, until nobody is asked."""
    pending = dict(reactions)
    while any(p.kind == "react" for p in sim.prompts()):
        seat = next(p.seat for p in sim.prompts() if p.kind == "react")
        if seat in pending:
            sim.do(seat, "react", **pending.pop(seat))  # type: ignore[arg-type]
            sim.do(seat, "accept")
        else:
            sim.do(seat, "pass")
    assert not pending, f"never asked to react: {pending}"


@pytest.mark.rules(
    "CAPES-PRIN-003",
    "CAPES-ACT-005",
    "CAPES-REACT-003",
    "CAPES-CONF-004",
    "CAPES-PAGE-007",
    "CAPES-SPLIT-002",
    "CAPES-RES-005",
    "CAPES-RES-006",
    "CAPES-EG-004",
    "CAPES-DEBT-004",
)
def test_session__two_pages_of_a_goal_from_its_declaration_to_its_resolution() -> None:
    sim = cast_game()
    # Page 1 (Starter Ann): nothing to claim. Ann declares the Goal "Catch the thieves" for Skitter as
    # her Action (src 98-99, 121): A "Skitter catches them", B "They escape"; she rolls nothing.
    pass_claims(sim)
    sim.do(
        "ann",
        "create_conflict",
        kind="goal",
        text="Catch the thieves",
        character="skitter",
        side_a="Skitter catches them",
        side_b="They escape",
    )
    sim.do("ann", "end_action")
    # Bea: Sylvie's Worried 1 rolls B's 1 to 3, kept, helping B (src 188). Reactions from Bea, then
    # clockwise (src 200): Cal's Great Leap 3 rolls B's 3 down to 2 helping A (+1 duty, src 183).
    sim.do("bea", "use_ability", dice=(3,), ability="Worried", conflict="c1", side="B")
    sim.do("bea", "accept")
    _react_round(sim, {"cal": {"dice": (2,), "ability": "Great Leap", "help": "A", "drive": "duty"}})
    sim.do("bea", "end_action")
    # Cal: Great Leap rolls A's 1 to 3, kept (+1 duty: 2). Nobody reacts.
    sim.do("cal", "use_ability", dice=(3,), ability="Great Leap", conflict="c1", side="A", drive="duty")
    sim.do("cal", "accept")
    _react_round(sim, {})
    sim.do("cal", "end_action")
    assert sim.side("c1", "A").dice == (3,) and sim.side("c1", "B").dice == (2,)
    assert sim.debt("rampart", "duty") == 2
    # Page 2 (Starter Bea): Bea claims B (Sylvie helped B); Cal claims A (Rampart helped A last).
    # Ann never rolled on c1: Skitter is allied with nothing there, so Ann may claim neither (src 83).
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.do("bea", "claim", conflict="c1", side="B")
    sim.do("cal", "claim", conflict="c1", side="A")
    sim.refuse("ann", "claim", conflict="c1", side="A")
    sim.do("ann", "pass")
    # Bea: Nosy 3 rolls A's 3 down to 1, kept, helping B. Cal reacts: Hopeful 5 rolls it to 4, helping
    # A (mundane: Blocked for the Scene). A 4 vs B 2.
    sim.do("bea", "use_ability", dice=(1,), ability="Nosy", conflict="c1", side="A", help="B")
    sim.do("bea", "accept")
    _react_round(sim, {"cal": {"dice": (4,), "ability": "Hopeful", "help": "A"}})
    sim.do("bea", "end_action")
    # Cal stakes Rampart's 2 duty on A (src 168: Strength 3), which lets A hold 3 dice (PROPOSED
    # SPLIT-002): 4 splits to [2, 1, 1] (src 178). Invulnerability 2 rolls the second die 1 -> 5,
    # kept (+1 duty: 2 - 2 + 1 = 1). Ann reacts with Ruthless 5 helping B: 5 -> 2, kept; Skitter is
    # now allied with B (src 110). A [2, 2, 1] = 5 vs B 2.
    sim.do("cal", "stake", conflict="c1", amount=2, drive="duty", why="Only he can stop them")
    sim.do("cal", "split", conflict="c1", side="A", die=1, parts=3)
    assert sim.side("c1", "A").dice == (2, 1, 1)
    sim.do(
        "cal",
        "use_ability",
        dice=(5,),
        ability="Invulnerability",
        conflict="c1",
        side="A",
        die=2,
        drive="duty",
    )
    sim.do("cal", "accept")
    _react_round(sim, {"ann": {"dice": (2,), "ability": "Ruthless", "help": "B"}})
    sim.do("cal", "end_action")
    assert sim.side("c1", "A").dice == (2, 2, 1)
    assert sim.debt("rampart", "duty") == 1
    # Ann: Skitter's Swarm Armour 4 rolls B's 2 to 4, kept (+1 truth). Cal could react only with an
    # ability of 4 or more: Hopeful is Blocked, so nobody is asked but Ann. A 5 vs B 4.
    sim.do("ann", "use_ability", dice=(4,), ability="Swarm Armour", conflict="c1", side="B", drive="truth")
    sim.do("ann", "accept")
    assert {p.seat for p in sim.prompts() if p.kind == "react"} <= {"ann", "bea"}
    _react_round(sim, {})
    sim.do("ann", "end_action")
    while sim.phase() == "actions":  # nobody buys an Action
        sim.do(sim.state.scene.page.turn, "pass")  # type: ignore[union-attr]
    # Resolving from Bea: her B does not control (4 < 5); Cal's A does: he resolves (src 131).
    # His 2 duty become 2 Story Tokens for the losing players: Skitter, the Goal's creator, lost (she
    # went over to B) and Ann is not the Resolver, so Ann's is the first (src 135); the other to Bea.
    # He pairs 1-4: the losing die is higher, 3 to Bea (src 140); the two 2s are left over: 2 and 2
    # for him (src 141). Side A, the Goal's aim, resolved: the Goal succeeds, nobody fails (src 123).
    sim.do("cal", "resolve", conflict="c1", pairs="1-4", tokens="bea", losers="bea")
    assert sim.state.tokens.get("ann", 0) == 1 and sim.state.tokens.get("bea", 0) == 1
    assert sorted(i.value for i in sim.state.inspirations.get("cal", ())) == [2, 2]
    assert [i.value for i in sim.state.inspirations.get("bea", ())] == [3]
    assert sim.debt("rampart", "duty") == 1 and sim.debt("skitter", "truth") == 1
    assert sim.state.conflict("c1") is None
    line = [w for w in sim.words("bea") if w.startswith("Cal resolves c1")][-1]
    assert "2 Story Tokens: 1 to Ann, 1 to Bea" in line and "Bea 3" in line and "failed" not in line, line
    _no_ids(sim.words("bea"))


@pytest.mark.rules("CAPES-SPLIT-002")
def test_refusal__a_split_with_nothing_staked_reads_one_die_and_the_numbers() -> None:
    # src 177 "You can Split dice to as many Debt as are Staked on that side" (+ the free die, PROPOSED
    # SPLIT-002): nothing staked, Skitter's side A holds one die; splitting its 3 into two is refused,
    # and the sentence counts right: "1 die (0 Debt staked)", two would make 2.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(4,), allies={"skitter": "A"})
    err = sim.refuse("ann", "split", conflict="c1", side="A", rule="CAPES-SPLIT-002")
    assert "may hold 1 die (0 Debt staked)" in err.message and "would make 2" in err.message, err.message


@pytest.mark.rules("CAPES-PAGE-001", "CAPES-PAGE-012")
def test_actions__a_player_with_two_characters_may_not_pass_the_second_free_action() -> None:
    # src 33 "Each page consists of many actions, at least one per character"; src 92 "an Action for
    # each of your characters on your turn": Cal plays Rampart and Inspector Vale. After Rampart's
    # Action, Cal passing is refused (Vale has not acted) and the turn stays his; Vale's Action then
    # ends his turn and the Actions go on (to Ann's bought round or the Resolving, nobody holds tokens).
    sim = _cast(
        {"ann": ("skitter",), "bea": ("aunt_sylvie",), "cal": ("rampart", "inspector_vale")}, {"cal": 1}
    )
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann", "bea"))
    sim.do("cal", "create_conflict", text="A storm", character="Rampart")
    sim.do("cal", "end_action")
    err = sim.refuse("cal", "pass", rule="CAPES-PAGE-001")
    _no_ids([err.message])
    assert _page(sim)[:4] == (1, "ann", "actions", "cal")
    sim.do("cal", "create_conflict", text="A chase", character="Inspector Vale")
    sim.do("cal", "end_action")
    assert _page(sim)[:2] == (2, "bea")
