"""A ninth referee's pass over Capes: a Goal both sides want, then Debt, Inspirations, Stakes, Gloating,
Splitting, Deadlock, turn order, who may act for whom, and the words each seat reads.

Each test is one situation written from the seed alone ("src N" = line N of
seeds/004_209cadad08ad98a0.txt), played through the table with given dice. Sample sheets as in
test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart (Cal); Ann starts Page 1. Ratings:
Skitter's Swarm Sense 1, Bug Control 2, Silk Lines 3, Swarm Armour 4 (super), Ruthless 5 (mundane);
Rampart's Super Strength 1, Invulnerability 2, Great Leap 3 (super), Hopeful 5 (mundane); Aunt
Sylvie's abilities are all mundane, Worried 1 to Nosy 3.
"""

from __future__ import annotations

import pytest

from capeworks.errors import NotPermitted
from capeworks.systems.capes.state import Inspiration, Side
from tests.systems.capes.helpers import Sim, actions_game, cast_game, finish_actions
from tests.systems.capes.test_referee import _claims, _page


def _hostages(*, both_want: bool) -> Sim:
    """Page 1: Ann declares the Goal "Get the hostages out" for Skitter (side A her bugs lead them out,
    side B Rampart carries them out); Bea takes a filler Action; Cal's Great Leap rolls B's 1 to 6
    (nobody can react to a 6). Page 2 (Starter Bea): Cal claims B, the rest pass, the Actions are
    fillers, and the Resolving comes to Cal."""
    sim = actions_game()
    sim.do(
        "ann",
        "create_conflict",
        kind="goal",
        text="Get the hostages out",
        character="skitter",
        side_a="Skitter's bugs lead them out",
        side_b="Rampart carries them out",
        **({"both_want": True} if both_want else {}),
    )
    sim.do("ann", "end_action")
    sim.do("bea", "create_conflict", text="The band plays on")
    sim.do("bea", "end_action")
    sim.do(
        "cal", "use_ability", dice=[6], ability="Great Leap", conflict="c1", side="B", help="B", drive="duty"
    )
    sim.do("cal", "accept")
    sim.do("cal", "end_action")
    assert _page(sim)[:3] == (2, "bea", "claims")
    _claims(sim, {"cal": ("c1", "B")})
    finish_actions(sim)
    assert _page(sim)[2:] == ("resolving", "cal")
    return sim


# -- a Goal both sides want (CAPES-EG-004/005, src 121-126) ------------------------------------------


@pytest.mark.rules("CAPES-EG-005", "CAPES-EG-004", "CAPES-EG-006")
def test_goal__both_sides_want_it_the_other_side_resolving_is_no_failure() -> None:
    # src 126: "Sometimes you can have two sides that both want it to succeed but want it to succeed in
    # different ways"; src 121: "The Resolver narrates whether they succeed". Skitter's Goal "Get the
    # hostages out" is wanted by both sides: A (her bugs lead them out) and B (Rampart carries them).
    # B [6] beats A [1] and Cal resolves it: the Goal succeeds, Rampart's way. Skitter did not fail it
    # (src 123-125 are about a Goal not achieved): nobody is barred from it, and no seat reads
    # "failed Goal".
    sim = _hostages(both_want=True)
    assert any("both sides want it" in w for w in sim.words("bea"))
    sim.do("cal", "resolve", conflict="c1", text="Rampart tears the wall open and carries them out.")
    assert sim.state.scene is not None and sim.state.scene.failed_goals == ()
    (line,) = [w for w in sim.words("ann") if "resolves c1" in w]
    assert "failed Goal" not in line and line.startswith("Cal resolves c1 (Get the hostages out) for side B")


@pytest.mark.rules("CAPES-EG-004", "CAPES-EG-006")
def test_goal__for_and_against_the_other_side_resolving_fails_it() -> None:
    # src 123: "If that side resolves the Goal, then they succeed at the goal. Otherwise they fail." The
    # same table without both_want: side B is against Skitter's Goal, Cal resolves B, Skitter failed it.
    sim = _hostages(both_want=False)
    sim.do("cal", "resolve", conflict="c1")
    assert sim.state.scene is not None and sim.state.scene.failed_goals == ("skitter/get_the_hostages_out",)
    assert any("failed Goal for Skitter" in w for w in sim.words("bea"))


@pytest.mark.rules("CAPES-EG-005", "CAPES-EG-001")
def test_goal__both_sides_want_is_for_a_goal_not_an_event() -> None:
    # src 119 vs 126: an Event "has to happen" whoever resolves it; only a Goal can fail, so only a Goal
    # is declared as wanted by both sides. An Event so declared is refused and nothing changes.
    sim = actions_game()
    sim.refuse(
        "ann", "create_conflict", text="The roof caves in", both_want=True, rule="CAPES-EG-005", match="Goal"
    )


@pytest.mark.rules("CAPES-EG-005", "CAPES-RES-009", "CAPES-EG-004")
def test_goal__both_sides_want_it_and_it_deadlocks_both_sides_fail() -> None:
    # src 123: "If that side resolves the Goal, then they succeed ... Otherwise they fail"; src 142-143:
    # a Deadlock is narrated together, no side resolves it. Both sides wanted the Goal (src 126) and
    # neither resolved it: Skitter (side A, its declarer) and Rampart (rolled for B) both failed it, and
    # Rampart may not roll for it again this Scene (src 125). [6] vs [6], nobody with Debt: Ann, the
    # Starter, declares the Deadlock (nobody claimed).
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(6,),
        kind="goal",
        text="Get the hostages out",
        allies={"skitter": "A", "rampart": "B"},
        both_want=True,
    )
    for character in ("skitter", "aunt_sylvie", "rampart"):
        for pool in sim.state.roster[character].debt:
            sim.set_debt(character, pool, 0)
    _claims(sim, {})
    finish_actions(sim)
    sim.do("ann", "deadlock", conflict="c1")
    assert sim.state.scene is not None
    assert sorted(sim.state.scene.failed_goals) == [
        "rampart/get_the_hostages_out",
        "skitter/get_the_hostages_out",
    ]


# -- Debt and Overdrawn: what each seat reads (CAPES-DEBT, src 44, 47, 147-154, 187) -----------------


def _panel(sim: Sim, seat: str, title: str) -> list[list[str]]:
    """The rows of a panel as ``seat`` sees it."""
    (panel,) = [p for p in sim.view(seat)["panels"] if p["title"] == title]
    return [list(r) for r in panel["rows"]]


def _line(sim: Sim, seat: str, part: str) -> str:
    """The last line of ``seat``'s log that holds ``part``."""
    return [w for w in sim.words(seat) if part in w][-1]


def _drives(sim: Sim, seat: str, character: str) -> str:
    (row,) = [r for r in _panel(sim, seat, "Characters") if r[0] == character]
    return row[2]


@pytest.mark.rules("CAPES-DEBT-004", "CAPES-ABIL-001")
def test_debt__the_drive_the_player_names_and_every_seat_reads_it() -> None:
    # src 151, 187: "you can put it on any of your Drives, no explanation required". Ann's Bug Control
    # (super, 2) rolls c1 A's 1 to 4 and she puts the Debt on Hope (Strength 1), a Drive that has
    # nothing to do with it. Every seat reads the roll, the Debt and where it went; the Characters panel
    # shows Hope 1/1 (not Overdrawn: not more than its Strength, src 47).
    sim = actions_game()
    sim.put_conflict("c1", allies={})
    sim.do(
        "ann", "use_ability", dice=[4], ability="Bug Control", conflict="c1", side="A", help="A", drive="hope"
    )
    for seat in ("ann", "bea", "cal"):
        assert sim.words(seat)[-1] == (
            "Skitter uses Bug Control 2 on c1 (A test conflict) side A die 1, helping side A: 1"
            " rolls 4 (+1 Debt on hope); "
            "Skitter is now allied with c1 side A."
        )
        assert "hope 1/1" in _drives(sim, seat, "Skitter") and "OVERDRAWN" not in _drives(
            sim, seat, "Skitter"
        )


@pytest.mark.rules("CAPES-DEBT-002", "CAPES-STAKE-001")
def test_debt__overdrawn_shows_and_staking_clears_it() -> None:
    # src 147: "If it has more Tokens than Strength it is Overdrawn"; src 153: "Debt that is Staked
    # doesn't count against the Drive". Rampart's Hope (Strength 2) holds 2; his Great Leap puts a
    # third there: every seat reads "hope 3/2 OVERDRAWN". He stakes 1 of it on c1 (he has just rolled
    # for A): hope 2/2, no longer Overdrawn.
    sim = actions_game()
    sim.put_conflict("c1")
    sim.set_debt("rampart", "hope", 2)
    sim.do("ann", "create_conflict", text="Filler")
    sim.do("ann", "end_action")
    sim.do("bea", "create_conflict", text="Filler too")
    sim.do("bea", "end_action")
    sim.do(
        "cal", "use_ability", dice=[6], ability="Great Leap", conflict="c1", side="A", help="A", drive="hope"
    )
    sim.do("cal", "accept")
    assert "hope 3/2 OVERDRAWN" in _drives(sim, "bea", "Rampart")
    sim.do("cal", "stake", conflict="c1", amount=1, drive="hope", why="Hope for the hostages")
    assert (
        sim.words("ann")[-1]
        == 'Rampart stakes 1 Debt from hope on c1 (A test conflict) side A — "Hope for the hostages".'
    )
    assert "hope 2/2" in _drives(sim, "ann", "Rampart") and "OVERDRAWN" not in _drives(sim, "ann", "Rampart")


@pytest.mark.rules("CAPES-DEBT-003")
def test_overdrawn__a_higher_roll_is_read_as_not_kept() -> None:
    # src 147: "rolls the highest die the character owns, accepting only lower rolls". Skitter's Truth
    # (3) holds 4; she owns c1 A's 5. At Page 2 the 5 rolls 6: not lower, the die stays 5, and the words
    # every seat reads must not tell them it now shows 6.
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 4)
    finish_actions(sim)
    sim.do("ann", "overdrawn_roll", dice=[6])
    assert sim.side("c1", "A").dice == (5,)
    line = sim.words("bea")[-1]
    assert "Overdrawn" in line and "5 rolls 6" in line and "stays 5" in line, line


@pytest.mark.rules("CAPES-DEBT-003")
def test_overdrawn__a_lower_roll_is_read_as_kept() -> None:
    # src 147: the 5 rolls 2: lower, kept; every seat reads the die now shows 2.
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 4)
    finish_actions(sim)
    sim.do("ann", "overdrawn_roll", dice=[2])
    assert sim.side("c1", "A").dice == (2,)
    line = sim.words("cal")[-1]
    assert "5 rolls 2" in line and "now shows 2" in line, line


@pytest.mark.rules("CAPES-DEBT-003", "CAPES-PRIN-003")
def test_overdrawn__only_the_player_of_the_character_rolls_it() -> None:
    # src 147: "the player rolls": Skitter is Ann's, so Bea (whose turn is not this) may not roll it for
    # her, and nothing changes.
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 4)
    finish_actions(sim)
    sim.refuse("bea", "overdrawn_roll", dice=[1], character="skitter")
    sim.refuse("cal", "overdrawn_roll", dice=[1])


@pytest.mark.rules("CAPES-RES-003", "CAPES-DEBT-002")
def test_debt__a_lost_stake_comes_back_doubled_and_the_words_say_how_much() -> None:
    # src 44: Debt is "Gained by using Powers, or losing Stakes"; src 169: losers "get back any Debt that
    # they Staked, doubled". Rampart staked 2 Duty on B and lost to A [5] vs [3]: Duty takes 4 back;
    # with 1 unstaked already there it holds 5 > 3: Overdrawn; the words read "+4 duty".
    sim = cast_game()
    sim.put_conflict(
        "c1", a=(5,), b=(3,), allies={"skitter": "A", "rampart": "B"}, stakes={"B": [("rampart", "duty", 2)]}
    )
    sim.set_debt("rampart", "duty", 1)
    _claims(sim, {"ann": ("c1", "A")})
    finish_actions(sim)
    sim.do("ann", "resolve", conflict="c1")
    assert sim.debt("rampart", "duty") == 5
    line = _line(sim, "cal", "resolves c1")
    assert "debt back doubled: Rampart +4 duty" in line, line
    assert "duty 5/3 OVERDRAWN" in _drives(sim, "cal", "Rampart")


# -- Stakes: who, when, how much (CAPES-STAKE, src 48, 102-104, 168-172) ------------------------------


@pytest.mark.rules("CAPES-STAKE-001", "CAPES-ACT-002", "CAPES-PRIN-003")
def test_stake__not_in_anothers_action() -> None:
    # src 100-104: staking is done "immediately before/after" your own creating a Conflict or using an
    # ability; src 26 "On other people's turns you listen". In Ann's Action, Cal (allied with c1 A,
    # Duty holding 2) may not stake; nothing changes.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"rampart": "A"})
    sim.set_debt("rampart", "duty", 2)
    sim.refuse("cal", "stake", conflict="c1", amount=1, drive="duty")


@pytest.mark.rules("CAPES-STAKE-001", "CAPES-STAKE-002")
def test_stake__not_another_players_character() -> None:
    # src 48: "Each character may Stake"; the player playing it stakes (src 168 "Players Stake by moving
    # Debt"). In her own Action Ann may not move Rampart's (Cal's) Debt onto c1.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "rampart": "A"})
    sim.set_debt("rampart", "duty", 2)
    sim.refuse("ann", "stake", conflict="c1", amount=1, drive="duty", character="rampart")
    assert sim.debt("rampart", "duty") == 2


@pytest.mark.rules("CAPES-STAKE-002")
def test_stake__only_debt_the_drive_holds() -> None:
    # src 48: Players Stake "by moving Debt onto Conflicts", so only Debt there is. Skitter's Justice
    # (Strength 2) holds 1: staking 2 is refused though 2 is within the Strength; staking 1 is fine.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "justice", 1)
    sim.refuse("ann", "stake", conflict="c1", amount=2, drive="justice")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="justice")
    assert sim.debt("skitter", "justice") == 0 and sim.side("c1", "A").staked == 1


@pytest.mark.rules("CAPES-RES-004", "CAPES-RSRC-001")
def test_stake__won_stakes_are_tokens_every_seat_counts() -> None:
    # src 132: "Debt Staked by the winner of a Conflict gets distributed to the losing players as Story
    # Tokens". Skitter staked 2 Truth on A, which wins [6] vs [2] against Rampart (Cal). Ann resolves:
    # Cal takes 2 Story Tokens (he is the only other loser); the Players panel shows Cal 2 to every seat
    # and the words say so; Skitter's 2 Debt are gone.
    sim = cast_game()
    sim.put_conflict(
        "c1", a=(6,), b=(2,), allies={"skitter": "A", "rampart": "B"}, stakes={"A": [("skitter", "truth", 2)]}
    )
    _claims(sim, {"ann": ("c1", "A")})
    finish_actions(sim)
    sim.do("ann", "resolve", conflict="c1")
    assert sim.state.tokens["cal"] == 2
    assert "2 Story Tokens to Cal" in _line(sim, "bea", "resolves c1")
    rows = {r[0]: r[1] for r in _panel(sim, "bea", "Players")}
    assert rows == {"Ann": "0", "Bea": "0", "Cal": "2"}
    assert sim.debt("skitter", "truth") == 0


# -- Inspirations (CAPES-ACT-003, CAPES-RSRC-002, src 46, 50, 101, 136-141, 188) ----------------------


def _hold(sim: Sim, seat: str, *values: int) -> None:
    """``seat`` holds Inspirations of these values (won on earlier Pages)."""
    sim.patch(inspirations={**sim.state.inspirations, seat: tuple(Inspiration(value=v) for v in values)})


@pytest.mark.rules("CAPES-ACT-003", "CAPES-RSRC-002")
def test_inspiration__spent_every_seat_reads_the_die_and_her_panel_shrinks() -> None:
    # src 101: "raise one die on the character's side of a Conflict to the value of the Inspiration".
    # Ann holds 5 and 2; in her Action she spends the 5 on c1 A's 2 (Skitter's side): the die shows 5,
    # the 2 is left. Every seat reads it, with both numbers; the Players panel shows Ann's "2".
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(4,), allies={"skitter": "A"})
    _hold(sim, "ann", 5, 2)
    sim.do("ann", "inspire", value=5, conflict="c1", side="A")
    assert sim.side("c1", "A").dice == (5,)
    for seat in ("ann", "bea", "cal"):
        assert (
            sim.words(seat)[-1]
            == "Ann spends an Inspiration 5: c1 (A test conflict) side A die 1 goes from 2 to 5."
        )
        assert {r[0]: r[2] for r in _panel(sim, seat, "Players")}["Ann"] == "2"


@pytest.mark.rules("CAPES-ACT-003", "CAPES-ACT-002")
def test_inspiration__only_the_acting_player_spends_their_own() -> None:
    # src 98: "At any time in their Action a player may spend an Inspiration": in Ann's Action Bea may
    # not spend her 6 (on Sylvie's side B), and Ann, holding none, may not spend one of 6.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(4,), allies={"skitter": "A", "aunt_sylvie": "B"})
    _hold(sim, "bea", 6)
    sim.refuse("bea", "inspire", value=6, conflict="c1", side="B")
    sim.refuse("ann", "inspire", value=6, conflict="c1", side="A")
    assert sim.side("c1", "B").dice == (4,) and [i.value for i in sim.state.inspirations["bea"]] == [6]


@pytest.mark.rules("CAPES-ABIL-002", "CAPES-DEBT-004")
def test_inspiration__raised_by_an_ability_reads_old_and_new_value_and_the_debt() -> None:
    # src 188: "The ability either raises an Inspiration by a point ... The ability score must be at least
    # the value of the Inspiration". Ann holds a 2; Bug Control (2, super) raises it to 3, 1 Debt on Truth.
    sim = actions_game()
    _hold(sim, "ann", 2)
    sim.do("ann", "use_ability", ability="Bug Control", inspiration=2, drive="truth")
    assert [i.value for i in sim.state.inspirations["ann"]] == [3]
    assert (
        sim.words("cal")[-1]
        == "Skitter uses Bug Control 2 to raise an Inspiration 2 to 3 (+1 Debt on truth)."
    )


@pytest.mark.rules("CAPES-RES-006", "CAPES-RES-007")
def test_resolve__matching_words_name_each_inspiration() -> None:
    # src 137-141 (inventory C7): winning [6, 2] vs losing [4]; Ann pairs 6-4: +2; the leftover winning
    # 2 is hers too: Inspirations 2 and 2, and every seat reads them.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6, 2),
        b=(4,),
        allies={"skitter": "A", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    finish_actions(sim)
    sim.do("ann", "resolve", conflict="c1", pairs="6-4")
    assert sorted(i.value for i in sim.state.inspirations["ann"]) == [2, 2]
    assert "Inspirations: Ann 2, Ann 2" in _line(sim, "bea", "resolves c1")


@pytest.mark.rules("CAPES-RES-006")
def test_resolve__an_equal_pair_reads_as_no_inspiration() -> None:
    # src 138 (inventory C9): winning [4, 3] vs losing [4, 2], pairs 4-4 and 3-2: the 4-4 gives nobody
    # anything, the 3-2 gives Ann 1; the words name only that one.
    sim = cast_game()
    sim.put_conflict("c1", a=(4, 3), b=(4, 2), allies={"skitter": "A", "rampart": "B"})
    _claims(sim, {"ann": ("c1", "A")})
    finish_actions(sim)
    sim.do("ann", "resolve", conflict="c1", pairs="4-4,3-2")
    assert [i.value for i in sim.state.inspirations["ann"]] == [1]
    assert sim.state.inspirations.get("cal", ()) == ()
    assert "Inspirations: Ann 1." in _line(sim, "cal", "resolves c1")


# -- Gloating (CAPES-GLOAT, src 52, 204-206) --------------------------------------------------------


def _gloat_ready(**config: object) -> Sim:
    """Ann claimed c1 A [6, 4, 2] (Truth 2 staked) against B [3]; Cal claimed c2 A [5] vs [1]; the
    Resolving begins with Ann."""
    sim = cast_game(**config)
    sim.put_conflict(
        "c1",
        a=(6, 4, 2),
        b=(3,),
        allies={"skitter": "A", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 2)]},
    )
    sim.put_conflict("c2", a=(5,), b=(1,), allies={"rampart": "A"})
    _claims(sim, {"ann": ("c1", "A"), "cal": ("c2", "A")})
    finish_actions(sim)
    assert _page(sim)[2:] == ("resolving", "ann")
    return sim


@pytest.mark.rules("CAPES-GLOAT-002", "CAPES-RSRC-001")
def test_gloat__the_words_say_which_dice_were_turned_and_the_tokens() -> None:
    # src 205: "Starting with their highest die on the Conflict they may turn dice to 1. For each die
    # turned the Resolver earns a Story Token". Ann turns two: the 6 and the 4 go to 1 ([1, 1, 2]), she
    # earns 2 Story Tokens, and every seat reads which dice (by face: 6 and 4) and how many tokens.
    sim = _gloat_ready()
    sim.do("ann", "gloat", conflict="c1", count=2, text="Skitter's swarm spells her name on the ceiling.")
    assert sorted(sim.side("c1", "A").dice) == [1, 1, 2] and sim.state.tokens["ann"] == 2
    line = _line(sim, "bea", "gloats")
    assert "6, 4 turned to 1" in line and "2 Story Tokens" in line, line
    assert {r[0]: r[1] for r in _panel(sim, "cal", "Players")}["Ann"] == "2"


@pytest.mark.rules("CAPES-GLOAT-002")
def test_gloat__one_die_reads_one_story_token() -> None:
    # src 205: one die turned, one Story Token: the words say "1 Story Token", the 6 by face.
    sim = _gloat_ready()
    sim.do("ann", "gloat", conflict="c1", count=1)
    line = _line(sim, "ann", "gloats")
    assert "6 turned to 1" in line and line.endswith("1 Story Token."), line


@pytest.mark.rules("CAPES-GLOAT-001", "CAPES-GLOAT-002", "CAPES-RES-001")
def test_gloat__only_the_claimant_on_their_turn() -> None:
    # src 52: "the Claimant instead Gloats"; src 131 in turn order. Bea claimed nothing: she may not gloat
    # on c1; Cal claimed c2, but it is Ann's turn: he may not gloat yet. Nothing changes.
    sim = _gloat_ready()
    sim.refuse("bea", "gloat", conflict="c1", count=1)
    sim.refuse("cal", "gloat", conflict="c2", count=1, error=NotPermitted)
    sim.refuse("bea", "gloat", conflict="c2", count=1)


# -- Splitting (CAPES-SPLIT, src 49, 102, 173-179) ----------------------------------------------------


@pytest.mark.rules("CAPES-SPLIT-001", "CAPES-SPLIT-002")
def test_split__five_into_three_with_two_staked_every_seat_reads_it() -> None:
    # src 177-178: "as many [dice] as Debt are Staked on that side" (PROPOSED: plus the side's own die);
    # "as evenly as possible". Skitter has 2 Truth staked on A [5]: 5 into three -> 2, 2, 1, total 5.
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(3,), allies={"skitter": "A"}, stakes={"A": [("skitter", "truth", 2)]})
    sim.do("ann", "split", conflict="c1", side="A", parts=3)
    assert sorted(sim.side("c1", "A").dice) == [1, 2, 2] and sim.side("c1", "A").total == 5
    line = sim.words("bea")[-1]
    assert line == "Side A of c1 (A test conflict): a 5 splits into 2, 2, 1.", line


@pytest.mark.rules("CAPES-SPLIT-001", "CAPES-ACT-002", "CAPES-PRIN-003")
def test_split__not_in_anothers_action() -> None:
    # src 102: "You may Split the dice on your side" in your own Action. Rampart has 1 Duty staked on B
    # [4]; in Ann's Action Cal may not split it. Nothing changes.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(4,), allies={"rampart": "B"}, stakes={"B": [("rampart", "duty", 1)]})
    sim.refuse("cal", "split", conflict="c1", side="B")
    assert sim.side("c1", "B").dice == (4,)


@pytest.mark.rules("CAPES-SPLIT-001", "CAPES-ACT-002")
def test_split__not_in_the_name_of_another_players_character() -> None:
    # src 174: "any die they own": Rampart (Cal's) and Skitter are both on A; in her Action Ann splits
    # as Skitter, not as Rampart.
    sim = actions_game()
    sim.put_conflict(
        "c1", a=(4,), b=(2,), allies={"skitter": "A", "rampart": "A"}, stakes={"A": [("rampart", "duty", 1)]}
    )
    sim.refuse("ann", "split", conflict="c1", side="A", character="rampart")


# -- Deadlock: what every seat reads (CAPES-RES-009, src 142-145) -------------------------------------


def _zero_debt(sim: Sim) -> None:
    for character in ("skitter", "aunt_sylvie", "rampart"):
        for pool in sim.state.roster[character].debt:
            sim.set_debt(character, pool, 0)


@pytest.mark.rules("CAPES-RES-009")
def test_deadlock__the_words_name_who_called_it_and_each_inspiration() -> None:
    # src 145: "All dice convert directly to Inspirations without matching". c1 [6] vs [6], Cal claimed
    # A and Bea B, nobody with Debt: Bea (first claimant in turn on Page 1: Ann, Bea, Cal) declares it.
    # Every seat reads that Bea called it and that Cal and Bea each take an Inspiration of 6.
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(6,), allies={"rampart": "A", "aunt_sylvie": "B"})
    _zero_debt(sim)
    _claims(sim, {"bea": ("c1", "B"), "cal": ("c1", "A")})
    finish_actions(sim)
    sim.do("bea", "deadlock", conflict="c1", text="Both hold the door till dawn.")
    line = _line(sim, "ann", "Deadlocked")
    assert (
        line.startswith("Bea declares c1 (A test conflict) Deadlocked")
        and "Inspirations: Cal 6, Bea 6" in line
    ), line


@pytest.mark.rules("CAPES-RES-009", "CAPES-RES-003")
def test_deadlock__the_words_say_each_stake_back_doubled() -> None:
    # src 144: "All Staked Debt is treated as having lost (so everybody gets back double their Staked
    # Debt)". [6, 6] vs [6, 6]; Skitter 3 Truth on A (her limit), Rampart 1 Duty on B and no Debt left:
    # Truth takes 6, Duty 2; the words give both numbers.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6, 6),
        b=(6, 6),
        allies={"skitter": "A", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 3)], "B": [("rampart", "duty", 1)]},
    )
    _zero_debt(sim)
    _claims(sim, {})
    finish_actions(sim)
    sim.do("ann", "deadlock", conflict="c1")
    assert sim.debt("skitter", "truth") == 6 and sim.debt("rampart", "duty") == 2
    line = _line(sim, "cal", "Deadlocked")
    assert "Skitter +6 truth" in line and "Rampart +2 duty" in line, line


@pytest.mark.rules("CAPES-RES-009")
def test_deadlock__a_held_inspiration_cannot_break_a_tie_of_sixes() -> None:
    # src 142: "no possibly way to break the tie in future Pages (nobody can spend more Debt and all dice
    # are sixes)"; an Inspiration only raises a die (src 101), and a 6 cannot be raised. Ann holds a 6:
    # c1 [6] vs [6] (nobody with Debt) is still Deadlocked, and Ann, the Starter, declares it.
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(6,), allies={"skitter": "A", "aunt_sylvie": "B"})
    _zero_debt(sim)
    _hold(sim, "ann", 6)
    _claims(sim, {})
    finish_actions(sim)
    sim.do("ann", "deadlock", conflict="c1")
    assert sim.state.conflict("c1") is None
    assert sorted(i.value for i in sim.state.inspirations["ann"]) == [6, 6]


@pytest.mark.rules("CAPES-RES-009", "CAPES-STAKE-001")
def test_deadlock__debt_of_a_character_who_never_rolled_on_it_cannot_untie_it() -> None:
    # src 142 + src 83/110: only a character allied with a side (one who rolled for it) stakes on it, and
    # no ability can roll a 6 (ratings 1-5, src 188). Rampart holds 2 Duty but never rolled on c1 [6] vs
    # [6]: he can never stake there, so nobody can, and c1 is Deadlocked.
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(6,), allies={"skitter": "A", "aunt_sylvie": "B"})
    _zero_debt(sim)
    sim.set_debt("rampart", "duty", 2)
    _claims(sim, {})
    finish_actions(sim)
    sim.do("ann", "deadlock", conflict="c1")
    assert sim.state.conflict("c1") is None and sim.debt("rampart", "duty") == 2


# -- turn order in a Page (CAPES-PAGE-002/004/005/012, CAPES-REACT-003, src 67-71, 79-82, 93, 200) ---


def _turn(sim: Sim, seat: str) -> str:
    """Whose turn ``seat``'s view says it is."""
    return str(sim.view(seat)["state"]["turn"]["player"])


@pytest.mark.rules("CAPES-PAGE-002", "CAPES-PAGE-004", "CAPES-PRIN-003")
def test_claims__page_two_starts_with_bea_and_ann_waits_her_turn() -> None:
    # src 69-70: "Each Page starts with a different person ... The Starter rotates to the left"; src 79:
    # claims go "in clockwise order from the Starter". Page 2: every seat reads "Page 2: Bea starts" and
    # sees it is Bea's turn; Ann (allied with c1 A) may not claim before Bea and Cal; after them she does.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(2,), allies={"skitter": "A"})
    finish_actions(sim)
    for seat in ("ann", "bea", "cal"):
        assert "Scene 1, Page 2: Bea starts." in sim.words(seat)
        assert _turn(sim, seat) == "bea"
    error = sim.refuse("ann", "claim", conflict="c1", side="A", error=NotPermitted)
    assert "Bea" in error.message
    sim.do("bea", "pass")
    assert _turn(sim, "ann") == "cal"
    sim.refuse("ann", "claim", conflict="c1", side="A", error=NotPermitted)
    sim.do("cal", "pass")
    sim.do("ann", "claim", conflict="c1", side="A")
    assert sim.words("cal")[-1] == "Ann claims side A of c1 (A test conflict)."


@pytest.mark.rules("CAPES-PAGE-012", "CAPES-PRIN-003")
def test_actions__the_turn_moves_left_when_an_action_ends() -> None:
    # src 93: "Turns go clockwise, starting with the Starter". Ann ends Skitter's Action: every seat sees
    # it is Bea's turn, and Cal may not act before her.
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The lights go out")
    sim.do("ann", "end_action")
    assert sim.words("bea")[-1] == "Ann ends Skitter's Action."
    assert {_turn(sim, seat) for seat in ("ann", "bea", "cal")} == {"bea"}
    sim.refuse("cal", "create_conflict", text="Too early", error=NotPermitted)


@pytest.mark.rules("CAPES-PAGE-005", "CAPES-RSRC-001")
def test_claims__a_bought_claim_reads_as_a_story_token() -> None:
    # src 82: "After the first go-around, you can spend a Story Token to make an extra Claim". Ann holds 1
    # token and is allied with c1 A and c2 A: she claims c1 free; after Bea and Cal pass she buys c2 A.
    # Her token is gone and every seat reads that the claim cost one (as a bought Conflict does).
    sim = cast_game(start_story_tokens=1)
    sim.put_conflict("c1", a=(4,), b=(2,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.do("ann", "claim", conflict="c1", side="A")
    assert sim.words("bea")[-1] == "Ann claims side A of c1 (A test conflict)."
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.do("ann", "claim", conflict="c2", side="A")
    assert sim.state.tokens["ann"] == 0
    assert sim.words("bea")[-1] == "Ann claims side A of c2 (A test conflict) for a Story Token."


@pytest.mark.rules("CAPES-PAGE-013", "CAPES-RSRC-001")
def test_actions__a_bought_action_reads_as_a_story_token() -> None:
    # src 94: "Once everybody's done their free actions, you can spend Story Tokens for extra actions".
    # Cal holds 1 token: after the three free Actions Ann and Bea buy none, Cal buys one; every seat
    # reads that Rampart's Action cost a Story Token.
    sim = actions_game(start_story_tokens=1)
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "create_conflict", text=f"{seat}'s filler")
        sim.do(seat, "end_action")
    assert _page(sim)[2:] == ("actions", "ann")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "use_ability", dice=[5], ability="Great Leap", conflict="c1", side="A", drive="duty")
    assert sim.state.tokens["cal"] == 0
    assert "Cal acts with Rampart for a Story Token." in sim.words("ann")


@pytest.mark.rules("CAPES-REACT-003", "CAPES-REACT-001")
def test_reaction__after_the_actor_the_next_seat_to_her_left() -> None:
    # src 200: "The acting player gets the first opportunity to React. Then it goes around the table
    # clockwise". Bea acts: Warm (2) rolls c1 B's 2 to 5 and she accepts; she has nothing rated 5 to
    # react with. Cal (to her left) comes before Ann: Ann's Ruthless 5 is refused until Cal passes; then
    # Ann reacts, 5 rolls 2, and every seat reads the reaction with its numbers.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.do("ann", "create_conflict", text="Filler")
    sim.do("ann", "end_action")
    sim.do("bea", "use_ability", dice=[5], ability="Warm", conflict="c1", side="B")
    sim.do("bea", "accept")
    sim.refuse("ann", "react", dice=[2], ability="Ruthless", help="A", error=NotPermitted)
    assert _turn(sim, "bea") == "cal"
    sim.do("cal", "pass")
    sim.do("ann", "react", dice=[2], ability="Ruthless", help="A")
    sim.do("ann", "accept")
    assert sim.side("c1", "B").dice == (2,)
    assert (
        "Skitter reacts with Ruthless 5 on c1 (A test conflict) side B die 1, helping side A: 5 rolls 2"
        " (mundane: Blocked for the Scene); Skitter is now allied with c1 side A." in sim.words("cal")
    )


# -- who may act for whom (CAPES-PRIN-001/003, CAPES-SCENE-005, src 26, 32, 60, 98-104) ---------------


@pytest.mark.rules("CAPES-ACT-001", "CAPES-SCENE-005")
def test_ability__not_with_another_players_character() -> None:
    # src 60 + 92: each player acts for the characters they play. In her Action Ann may not use
    # Rampart's (Cal's) Great Leap; nothing changes.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(2,))
    sim.refuse(
        "ann", "use_ability", dice=[5], ability="Great Leap", character="rampart", conflict="c1", side="A"
    )


@pytest.mark.rules("CAPES-ACT-001", "CAPES-PRIN-003")
def test_action__only_its_player_ends_it() -> None:
    # src 26: "On other people's turns you listen": Bea may not end Ann's Action for her.
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The lights go out")
    sim.refuse("bea", "end_action", error=NotPermitted)
    assert _turn(sim, "cal") == "ann"


@pytest.mark.rules("CAPES-ABIL-003")
def test_roll__only_the_roller_accepts_or_turns_it_back() -> None:
    # src 188: "If they roll a Conflict die then they choose whether to accept the roll or turn the die
    # back": the roller chooses. Ann's Silk Lines rolls c1 A's 1 to 4: Bea may not accept it, Cal may not
    # turn it back; Ann turns it back and every seat reads it (the Debt stays, src 183).
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(3,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=[4], ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.refuse("bea", "accept", error=NotPermitted)
    sim.refuse("cal", "revert", error=NotPermitted)
    sim.do("ann", "revert")
    assert sim.side("c1", "A").dice == (1,) and sim.debt("skitter", "truth") == 1
    assert sim.words("bea")[-1] == "Ann turns the die back to 1."


@pytest.mark.rules("CAPES-REACT-001", "CAPES-SCENE-005")
def test_reaction__not_with_another_players_character() -> None:
    # src 51: "any player ... may roll that die again by using an Ability": their own character's. After
    # Ann's accepted roll (and her pass), Bea may not react with Rampart's Hopeful.
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(3,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=[4], ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.refuse("bea", "react", dice=[1], ability="Hopeful", character="rampart", help="B")


@pytest.mark.rules("CAPES-STAKE-003")
def test_stake__its_own_player_may_not_object_to_it() -> None:
    # src 152: "You can only Stake Debt on a Conflict that is morally charged for that particular
    # character and Drive" is the others' check on the staker: Cal stakes 1 Duty for Rampart and may not
    # object to his own stake; Bea may, and the Debt goes back to Duty.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(2,), allies={"rampart": "A"})
    sim.set_debt("rampart", "duty", 2)
    for seat in ("ann", "bea"):
        sim.do(seat, "create_conflict", text=f"{seat}'s filler")
        sim.do(seat, "end_action")
    sim.do("cal", "stake", conflict="c1", amount=1, drive="duty", why="Duty to the city")
    sim.refuse("cal", "object", conflict="c1", reason="On second thoughts")
    sim.do("bea", "object", conflict="c1", reason="It is about his pride, not his duty")
    assert sim.debt("rampart", "duty") == 2 and sim.side("c1", "A").staked == 0


@pytest.mark.rules("CAPES-SPLIT-005")
def test_split_off__every_seat_reads_the_new_side_and_its_dice() -> None:
    # src 180-181 (inventory C3): A [4], Skitter stakes 2 (room for 3 dice), splits 4 into 2, 1, 1 and
    # splits off a side of her own with 2 and 1 (and her 2 Debt): C [2, 1] total 3, A keeps [1].
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(3,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", parts=3)
    sim.do(
        "ann", "split_off", conflict="c1", side="A", label="Skitter goes it alone", payload={"dice": "2,1"}
    )
    assert sim.side("c1", "C").dice == (2, 1) and sim.side("c1", "A").dice == (1,)
    line = sim.words("cal")[-1]
    assert line == (
        "Skitter splits off side C (Skitter goes it alone) of c1 (A test conflict) with dice 2, 1; "
        "Skitter is now allied with c1 side C."
    ), line


# -- Story Tokens do not buy what the seed makes once-only (CAPES-PRIN-004, src 30, 51, 98-99, 202) ---


@pytest.mark.rules("CAPES-REACT-004", "CAPES-PRIN-004")
def test_reaction__a_story_token_does_not_buy_a_second_reaction() -> None:
    # src 30: "Most of the time" a token buys a go again; but src 51/202: "No player may React twice on
    # the same action". Bea holds 2 tokens: after her Nosy reaction (kept), she may not react again with
    # Gossip, and keeps her tokens.
    sim = actions_game(start_story_tokens=2)
    sim.put_conflict("c1", a=(2,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.do("ann", "use_ability", dice=[3], ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "react", dice=[1], ability="Nosy", help="B")
    sim.do("bea", "accept")
    sim.refuse("bea", "react", dice=[1], ability="Gossip", help="B", rule="CAPES-REACT-004")
    assert sim.state.tokens["bea"] == 2


@pytest.mark.rules("CAPES-ACT-001", "CAPES-PRIN-004", "CAPES-PAGE-013")
def test_action__a_story_token_does_not_buy_a_second_ability_in_the_same_action() -> None:
    # src 98-99: "One time in their Action they may either use an Ability or create a Conflict"; the
    # tokens buy extra Actions after everyone's free ones (src 94), not a second use inside one. Ann
    # holds a token: after Silk Lines (kept, nobody reacts), Bug Control in the same Action is refused.
    sim = actions_game(start_story_tokens=1)
    sim.put_conflict("c1", a=(1,), b=(3,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=[2], ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.refuse("ann", "use_ability", dice=[5], ability="Bug Control", conflict="c1", side="A", drive="truth")
    assert sim.state.tokens["ann"] == 1


# -- a Goal both sides want: who failed it and may not try again (CAPES-EG-005/006, src 125-126) -------


@pytest.mark.rules("CAPES-EG-005", "CAPES-EG-004", "CAPES-SPLIT-005")
def test_goal__both_sides_want_it_and_a_third_side_wins_both_fail() -> None:
    # src 180: a split-off side is "a new third ... side of your own"; src 123: a Goal's side that did
    # not resolve it failed. Both A (Skitter, its declarer) and B (Rampart) wanted the hostages out
    # (src 126); Sylvie's side C [4, 2] = 6 beats B 3 and A 2, and Bea (claimed C) resolves it: Skitter
    # and Rampart failed the Goal, Sylvie did not (she was not after it).
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(2,),
        b=(3,),
        kind="goal",
        text="Get the hostages out",
        allies={"skitter": "A", "rampart": "B", "aunt_sylvie": "C"},
        extra_sides=(Side(id="C", label="Sylvie talks them into staying", dice=(4, 2)),),
        both_want=True,
    )
    _claims(sim, {"bea": ("c1", "C")})
    finish_actions(sim)
    sim.do("bea", "resolve", conflict="c1", pairs="4-3,2-2")
    assert sim.state.scene is not None
    assert sorted(sim.state.scene.failed_goals) == [
        "rampart/get_the_hostages_out",
        "skitter/get_the_hostages_out",
    ]
    assert "failed Goal for Rampart, Skitter" in _line(sim, "ann", "resolves c1")


@pytest.mark.rules("CAPES-EG-006", "CAPES-EG-005")
def test_goal__who_failed_it_may_not_roll_for_either_side_of_it_again() -> None:
    # src 125: "If a character fails a Goal, they may not attempt that Goal again in the same Scene".
    # Rampart failed "Get the hostages out" (lost it, Sylvie's side C resolving). Later that Scene Bea
    # declares the same Goal for Sylvie, wanted by both sides: Rampart may roll for neither side of it
    # (both are attempts at it); he may still roll a die of another Conflict.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(2,),
        b=(3,),
        kind="goal",
        text="Get the hostages out",
        allies={"skitter": "A", "rampart": "B", "aunt_sylvie": "C"},
        extra_sides=(Side(id="C", dice=(6,)),),
        both_want=True,
    )
    _claims(sim, {"bea": ("c1", "C")})
    finish_actions(sim)
    sim.do("bea", "resolve", conflict="c1")
    _claims(sim, {})  # Page 2, Bea starts
    sim.do("bea", "begin_actions")
    sim.do("bea", "create_conflict", kind="goal", text="Get the hostages out", both_want=True)
    (card,) = [c for c in sim.state.conflicts if c.text == "Get the hostages out"]
    sim.do("bea", "end_action")
    for side in ("A", "B"):
        sim.refuse(
            "cal",
            "use_ability",
            dice=[4],
            ability="Great Leap",
            conflict=card.id,
            side=side,
            help=side,
            drive="duty",
            rule="CAPES-EG-006",
        )
    sim.do("cal", "use_ability", dice=[4], ability="Great Leap", conflict="c2", side="A", drive="duty")


# -- what each seat reads is the same: Capes keeps no secrets (CAPES-PRIN-001, src 14-17) -------------


@pytest.mark.rules("CAPES-PRIN-001", "CAPES-RES-005")
def test_words__every_seat_reads_the_same_log_and_a_vanished_stake() -> None:
    # src 15-16: "Capes has no GM. The rights and responsibilities are shared": nothing is hidden, so
    # Ann, Bea and Cal read the same lines and panels. src 134: "If you Resolve a Conflict, and nobody
    # but your character(s) was on the other side ... the Debt just disappears". Ann plays Skitter (A,
    # 2 Truth staked) and, bought in for a token, Inspector Vale (B). A [5] beats B [2]; Ann resolves:
    # nobody gets a token and every seat reads that the 2 staked Debt vanish.
    sim = cast_game(start_story_tokens=1)
    sim.do("ann", "add_sample", name="Inspector Vale")
    sim.do("ann", "choose", character="inspector_vale")
    sim.put_conflict(
        "c1",
        a=(5,),
        b=(2,),
        allies={"skitter": "A", "inspector_vale": "B"},
        stakes={"A": [("skitter", "truth", 2)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "begin_actions")
    for seat, character in (("ann", "skitter"), ("ann", "inspector_vale"), ("bea", ""), ("cal", "")):
        sim.do(seat, "create_conflict", text=f"{seat} {character} filler", character=character)
        sim.do(seat, "end_action")
    while sim.phase() == "actions":  # nobody buys an Action (Ann, with no token left, is not asked)
        sim.do(_page(sim)[3], "pass")
    sim.do("ann", "resolve", conflict="c1")
    assert sim.state.tokens == {"ann": 0, "bea": 1, "cal": 1}  # Ann paid for Vale; nobody gains one
    line = _line(sim, "bea", "resolves c1")
    assert "2 staked Debt vanishes" in line and "Story Tokens" not in line, line
    assert sim.words("ann") == sim.words("bea") == sim.words("cal")
    assert sim.view("ann")["panels"] == sim.view("bea")["panels"] == sim.view("cal")["panels"]


@pytest.mark.rules("CAPES-REACT-001", "CAPES-REACT-003")
def test_reaction__the_prompt_says_which_die_and_what_it_takes() -> None:
    # src 197: "any player ... may roll that die again by using an Ability of equal or greater value".
    # Bea's Warm rolls c1 B's 2 to 5 and she keeps it; it is Cal's say: his prompt (and every seat's view
    # of whose turn it is) names the die, its 5, and that it takes an ability of 5 or more.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.do("ann", "create_conflict", text="Filler")
    sim.do("ann", "end_action")
    sim.do("bea", "use_ability", dice=[5], ability="Warm", conflict="c1", side="B")
    sim.do("bea", "accept")
    (prompt,) = sim.prompts("cal")
    assert prompt.question == (
        "Cal: react to the accepted roll (c1 (A test conflict) side B die 1 now shows 5: an ability"
        " of 5 or more), or pass."
    )
    assert "now shows 5: an ability of 5 or more" in sim.view("ann")["state"]["turn"]["doing"]


@pytest.mark.rules("CAPES-STAKE-001", "CAPES-PRIN-001")
def test_stake__the_conflicts_panel_names_the_staking_character() -> None:
    # src 48: "Players Stake by moving Debt onto Conflicts"; every seat sees the card (src 108: "an index
    # card"). Aunt Sylvie has no Drives, so: Rampart stakes 1 Duty on c1 A; every seat's Conflicts panel
    # reads "Rampart 1 duty" on side A, by the name on his sheet.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(2,), allies={"rampart": "A"})
    sim.set_debt("rampart", "duty", 1)
    for seat in ("ann", "bea"):
        sim.do(seat, "create_conflict", text=f"{seat}'s filler")
        sim.do(seat, "end_action")
    sim.do("cal", "stake", conflict="c1", amount=1, drive="duty")
    for seat in ("ann", "bea", "cal"):
        rows = {(r[0], r[2]): r[5] for r in _panel(sim, seat, "Conflicts")}
        assert rows[("c1 (A test conflict)", "A")] == "Rampart 1 duty"


@pytest.mark.rules("CAPES-GLOAT-001", "CAPES-GLOAT-002")
def test_gloat__turning_no_die_earns_nothing_and_reads_so() -> None:
    # src 205: "they may turn dice to 1. For each die turned the Resolver earns a Story Token"
    # (PROPOSED: the Claimant may stop at any point). Ann Gloats instead of resolving c1 but turns no
    # die: c1 stays [6, 4, 2], she earns nothing, the Resolving goes on to Cal, and every seat reads
    # that no die was turned.
    sim = _gloat_ready()
    sim.do("ann", "gloat", conflict="c1", count=0)
    assert sim.side("c1", "A").dice == (6, 4, 2) and sim.state.tokens["ann"] == 0
    assert _page(sim)[2:] == ("resolving", "cal")
    assert (
        _line(sim, "bea", "gloats")
        == "Ann gloats on c1 (A test conflict) side A: no die turned to 1, no Story Token."
    )


@pytest.mark.rules("CAPES-SCENE-002", "CAPES-SCENE-004", "CAPES-PAGE-002")
def test_scene__the_second_scene_goes_round_from_bea() -> None:
    # src 64: "the person to the left of the person who declared it gets to declare the next scene";
    # src 59: "The scene creator chooses their character first, then it goes clockwise"; PAGE-002
    # PROPOSED: the declarer starts Page 1. Ann declared Scene 1; it ends by vote. Ann may not declare
    # Scene 2; Bea does; Cal may not choose before her; she, Cal, then Ann choose; every seat reads
    # "Scene 2, Page 1: Bea starts", and Page 2 is Cal's.
    sim = cast_game()
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "end_scene")
    assert sim.state.scene is None
    sim.refuse("ann", "declare_scene", text="The morning after", error=NotPermitted)
    sim.do("bea", "declare_scene", text="The morning after")
    assert sim.words("cal")[-1] == "Bea declares Scene 2: The morning after."
    sim.refuse("cal", "choose", character="rampart", error=NotPermitted)
    sim.do("bea", "choose", character="skitter")  # anybody may play any character (src 56)
    sim.do("cal", "choose", character="rampart")
    sim.do("ann", "choose", character="aunt_sylvie")
    for seat in ("ann", "bea", "cal"):
        assert "Scene 2, Page 1: Bea starts." in sim.words(seat)
    assert _page(sim)[:3] == (1, "bea", "claims")
    _claims(sim, {})
    finish_actions(sim)
    assert _page(sim)[:2] == (2, "cal")
