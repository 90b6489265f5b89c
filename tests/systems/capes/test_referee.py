"""A referee's pass over Capes: situations written from the seed alone, played through the table.

Each test is one situation (who is at the table, what is on the page, the given
dice) and the outcome the seed requires, with the seed line ("src N" = line N
of seeds/004_209cadad08ad98a0.txt). Where the seed is silent the inventory's
PROPOSED decision for the OPEN point is followed and cited.

Sample sheets used: Skitter (Ann) powers Swarm Sense 1, Bug Control 2, Silk
Lines 3, Swarm Armour 4 (super); attitudes Sarcastic 1 ... Ruthless 5; styles
Tactical 1, Creepy 2 (super), Relentless 3; Drives Truth 3, Justice 2, Love 2,
Hope 1, Duty 1. Aunt Sylvie (Bea) all mundane, 1-3. Rampart (Cal) powers
Super Strength 1, Invulnerability 2, Great Leap 3; attitudes Guilty 1,
Stubborn 2, Protective 3, Sarcastic 4, Hopeful 5; Drives Duty 3, Hope 2,
Justice 2, Love 1, Truth 1.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from capeworks.errors import NotPermitted
from capeworks.systems.capes.queries import overdrawn_pools
from capeworks.systems.capes.state import Inspiration
from tests.systems.capes.helpers import Sim, actions_game, cast_game, pass_claims

ORDER = {"ann": ("ann", "bea", "cal"), "bea": ("bea", "cal", "ann"), "cal": ("cal", "ann", "bea")}


def _page(sim: Sim) -> tuple[int, str, str, str]:
    """(Page number, Starter, phase, whose turn)."""
    assert sim.state.scene is not None and sim.state.scene.page is not None
    page = sim.state.scene.page
    return page.number, page.starter, str(page.phase), page.turn


def _filler_actions(sim: Sim, seats: tuple[str, ...]) -> None:
    """Free Actions that change no die and block no ability: each seat creates a throwaway Event."""
    for seat in seats:
        sim.do(seat, "create_conflict", text=f"{seat} scratch {len(sim.state.conflicts)}")
        sim.do(seat, "end_action")


def _claims(sim: Sim, claims: Mapping[str, tuple[str, str]]) -> None:
    """This Page's free claims at the table: each player claims the (Conflict, side) listed or passes."""
    pending = dict(claims)
    while sim.phase() == "claims":
        seat = sim.state.scene.page.turn  # type: ignore[union-attr]
        if seat in pending:
            cid, side = pending.pop(seat)
            sim.do(seat, "claim", conflict=cid, side=side)
        else:
            sim.do(seat, "pass")
    assert not pending, f"never claimed: {pending}"


def _inspirations(sim: Sim, seat: str) -> list[int]:
    return sorted(i.value for i in sim.state.inspirations.get(seat, ()))


# -- abilities (CAPES-ABIL) ----------------------------------------------------------------------


@pytest.mark.rules("CAPES-ABIL-002")
def test_ability__rating_equal_to_the_die_may_roll_it() -> None:
    # src 188: "The ability score must be at least the value of the ... die": Silk Lines 3 rolls a 3
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(6,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    assert sim.side("c1", "A").dice == (6,)


@pytest.mark.rules("CAPES-ABIL-002", "CAPES-CONF-004")
def test_ability__may_roll_a_die_on_the_opposing_side_and_allies_with_the_other() -> None:
    # src 189: "You may roll any die on any side"; src 110: rolling down an opposing side's die
    # allies you with the side it opposes. Skitter rolls B's 3 down to 1 to help A.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(3,), allies={"rampart": "B"})
    sim.do(
        "ann",
        "use_ability",
        dice=(1,),
        ability="Silk Lines",
        conflict="c1",
        side="B",
        help="A",
        drive="truth",
    )
    sim.do("ann", "accept")
    assert sim.side("c1", "B").dice == (1,)
    conflict = sim.state.conflict("c1")
    assert conflict is not None and conflict.alliances["skitter"].side == "A"


@pytest.mark.rules("CAPES-ABIL-001", "CAPES-DEBT-004", "CAPES-ABIL-003")
def test_ability__super_ability_earns_debt_even_when_the_die_is_turned_back() -> None:
    # src 183: "A super-ability earns a Debt Token each time it is used"; turning the die back
    # (src 188) does not undo the use. Truth 0 -> 1.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(1,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "revert")
    assert sim.side("c1", "A").dice == (3,)
    assert sim.debt("skitter", "truth") == 1


@pytest.mark.rules("CAPES-ABIL-001")
def test_ability__mundane_ability_earns_no_debt_and_blocks_for_the_scene() -> None:
    # src 183/186: mundane abilities "effect no resources" and Block "for the rest of the Scene":
    # Skitter's Ruthless (5) used on Page 1 cannot be used on Page 2 of the same Scene.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(6,), ability="Ruthless", conflict="c1", side="A")
    sim.do("ann", "accept")
    assert sum(sim.state.roster["skitter"].debt.values()) == 0
    sim.do("ann", "end_action")  # a 6: nobody can react
    _filler_actions(sim, ("bea", "cal"))
    # Page 2 (Starter Bea): nobody claims
    assert _page(sim)[:3] == (2, "bea", "claims")
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    _filler_actions(sim, ("bea", "cal"))
    sim.refuse(
        "ann", "use_ability", dice=(6,), ability="Ruthless", conflict="c1", side="A", rule="CAPES-ABIL-001"
    )


@pytest.mark.rules("CAPES-ABIL-001")
def test_ability__a_block_is_the_characters_not_every_ability_of_that_name() -> None:
    # src 186: "after being used it Blocks" -- the ability of the character who used it.
    # Skitter's Stubborn (3) is blocked; Rampart's own Stubborn (2) is not.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(1,), allies={"skitter": "A", "rampart": "B"})
    sim.do("ann", "use_ability", dice=(3,), ability="Stubborn", conflict="c1", side="A")
    sim.do("ann", "accept")
    while sim.state.scene.page.action.reactions is not None:  # type: ignore[union-attr]
        sim.do(sim.state.scene.page.action.reactions.asker, "pass")  # type: ignore[union-attr]
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea",))
    sim.do("cal", "use_ability", dice=(2,), ability="Stubborn", conflict="c1", side="B")
    sim.do("cal", "accept")
    assert sim.side("c1", "B").dice == (2,)


@pytest.mark.rules("CAPES-ABIL-002")
def test_ability__an_inspiration_of_six_cannot_be_raised() -> None:
    # src 188 raises an Inspiration by a point; PROPOSED (ABIL-002 OPEN): max 6. Ruthless 5 < 6 anyway,
    # so no Skitter ability reaches it: refused, nothing changes.
    sim = actions_game()
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=6),)})
    sim.refuse("ann", "use_ability", ability="Ruthless", inspiration=6)
    assert _inspirations(sim, "ann") == [6]


@pytest.mark.rules("CAPES-ABIL-002")
def test_ability__raising_an_inspiration_needs_one_you_hold() -> None:
    # src 188: "raises an Inspiration by a point": Ann holds a 2, not a 3
    sim = actions_game()
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=2),)})
    sim.refuse("ann", "use_ability", ability="Silk Lines", inspiration=3, drive="truth")
    sim.do("ann", "use_ability", ability="Silk Lines", inspiration=2, drive="truth")
    assert _inspirations(sim, "ann") == [3]
    assert sim.debt("skitter", "truth") == 1  # a super-ability still earns its Debt (src 183)


@pytest.mark.rules("CAPES-ACT-001")
def test_action__ability_or_conflict_not_both() -> None:
    # src 99: "you can either create a Conflict or use an Ability, but not both"
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(1,))
    sim.do("ann", "create_conflict", text="The lights go out")
    sim.refuse("ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.refuse("ann", "create_conflict", text="And the sprinklers")


# -- reactions (CAPES-REACT) ---------------------------------------------------------------------


@pytest.mark.rules("CAPES-REACT-002")
def test_reaction__none_after_a_turned_back_roll() -> None:
    # src 199: "People can only take Reactions if the initial Action roll was accepted."
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(1,), ability="Bug Control", conflict="c1", side="A", drive="truth")
    sim.do("ann", "revert")
    sim.refuse("cal", "react", dice=(1,), ability="Hopeful", help="B")
    sim.refuse("ann", "react", dice=(5,), ability="Ruthless")


@pytest.mark.rules("CAPES-REACT-001")
def test_reaction__ability_must_reach_the_accepted_value() -> None:
    # src 197: "an Ability of equal or greater value": the die now shows 4 -> Cal's Sarcastic 4
    # may (equal), his Protective 3 may not.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(4,), ability="Bug Control", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    # Bea's best is 3 < 4: skipped; Cal is asked
    assert sim.state.scene.page.action.reactions.asker == "cal"  # type: ignore[union-attr]
    sim.refuse("cal", "react", dice=(1,), ability="Protective", help="B", rule="CAPES-REACT-001")
    sim.do("cal", "react", dice=(1,), ability="Sarcastic", help="B")
    sim.do("cal", "accept")
    assert sim.side("c1", "A").dice == (1,)
    conflict = sim.state.conflict("c1")
    assert conflict is not None and conflict.alliances["rampart"].side == "B"


@pytest.mark.rules("CAPES-REACT-001", "CAPES-ABIL-001", "CAPES-DEBT-004")
def test_reaction__a_super_ability_reaction_earns_debt() -> None:
    # src 197 + 183: a Reaction uses an Ability, so a super-ability Reaction earns a Debt.
    # Ann's roll shows 2; Cal reacts with Invulnerability (2, super) onto Duty.
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(2,), ability="Bug Control", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "react", dice=(1,), ability="Invulnerability", help="B", drive="duty")
    sim.do("cal", "revert")
    assert sim.debt("rampart", "duty") == 1
    assert sim.side("c1", "A").dice == (2,)


@pytest.mark.rules("CAPES-REACT-004")
def test_reaction__a_player_with_two_characters_still_reacts_once() -> None:
    # src 197: "No player may React twice on the same action" -- a player, not a character.
    # Bea plays Aunt Sylvie and Inspector Vale; having reacted with Sylvie she may not with Vale.
    sim = cast_game(start_story_tokens=1)
    sim.do("bea", "add_sample", name="Inspector Vale")
    sim.do("ann", "pass")
    sim.do("bea", "choose", character="inspector_vale")
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(2,), ability="Bug Control", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "react", dice=(1,), ability="Warm", character="aunt_sylvie", help="B")
    sim.do("bea", "accept")
    # die back to 1; the window re-opens for those who have not reacted: Cal, then Ann
    sim.do("cal", "pass")
    sim.do("ann", "react", dice=(3,), ability="Tactical", help="A")
    sim.do("ann", "accept")
    sim.refuse("bea", "react", dice=(1,), ability="Streetwise", character="inspector_vale", help="B")


@pytest.mark.rules("CAPES-ACT-002")
def test_action__no_staking_or_inspiration_during_reactions() -> None:
    # src 104: "you can't do them during the Action or any Reactions"
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=5),)})
    sim.do("ann", "use_ability", dice=(2,), ability="Bug Control", conflict="c1", side="A", drive="truth")
    sim.refuse("ann", "stake", conflict="c1", amount=1, drive="truth")  # roll not yet decided
    sim.do("ann", "accept")
    sim.refuse("ann", "inspire", value=5, conflict="c1", side="A")  # reaction window open
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")  # after: allowed
    sim.do("ann", "inspire", value=5, conflict="c1", side="A")
    assert sim.side("c1", "A").dice == (5,)


# -- inspirations (CAPES-ACT-003) ---------------------------------------------------------------


@pytest.mark.rules("CAPES-ACT-003")
def test_inspiration__only_on_your_own_side() -> None:
    # src 101: "raise one die on the character's side of a Conflict": Skitter is allied with A,
    # so she may not raise B's die.
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=5),)})
    sim.refuse("ann", "inspire", value=5, conflict="c1", side="B")
    sim.do("ann", "inspire", value=5, conflict="c1", side="A")
    assert sim.side("c1", "A").dice == (5,)
    assert _inspirations(sim, "ann") == []


@pytest.mark.rules("CAPES-ACT-003")
def test_inspiration__equal_value_does_not_raise_and_is_refused() -> None:
    # src 101 "raise"; PROPOSED (ACT-003 OPEN): an Inspiration <= the die is refused. A 4 on a 4.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(2,), allies={"skitter": "A"})
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=4),)})
    sim.refuse("ann", "inspire", value=4, conflict="c1", side="A", rule="CAPES-ACT-003")
    assert _inspirations(sim, "ann") == [4]


@pytest.mark.rules("CAPES-ACT-003")
def test_inspiration__spends_only_the_one_used() -> None:
    # src 101: one Inspiration raises one die; Ann holds 3 and 5, spends the 5: the 3 stays.
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(2,), allies={"skitter": "A"})
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=3), Inspiration(value=5))})
    sim.do("ann", "inspire", value=5, conflict="c1", side="A")
    assert _inspirations(sim, "ann") == [3]


# -- staking and debt (CAPES-STAKE, CAPES-DEBT) --------------------------------------------------


@pytest.mark.rules("CAPES-STAKE-002")
def test_stake__two_stakes_from_one_drive_add_up_to_the_strength() -> None:
    # src 168: "no more Debt than Drive Strength" per Conflict: Truth 3, 2 then 2 -> the second refused
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 5)
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.refuse("ann", "stake", conflict="c1", amount=2, drive="truth", rule="CAPES-STAKE-002")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    assert sim.side("c1", "A").staked == 3


@pytest.mark.rules("CAPES-STAKE-002")
def test_stake__the_same_drive_on_two_conflicts() -> None:
    # src 168: the limit is per Conflict: Truth 3 holding 5 stakes 3 on c1 and 2 on c2
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(1,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(3,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 5)
    sim.do("ann", "stake", conflict="c1", amount=3, drive="truth")
    sim.do("ann", "stake", conflict="c2", amount=2, drive="truth")
    assert sim.debt("skitter", "truth") == 0


@pytest.mark.rules("CAPES-DEBT-002")
def test_overdrawn__equal_to_strength_is_not_overdrawn() -> None:
    # src 147: Overdrawn when it "has more Tokens than Strength": Truth 3 holding 3 is not
    sim = actions_game()
    sim.set_debt("skitter", "truth", 3)
    assert overdrawn_pools(sim.state.roster["skitter"]) == []
    sim.set_debt("skitter", "truth", 4)
    assert overdrawn_pools(sim.state.roster["skitter"]) == ["truth"]


def _page_two_overdrawn(sim: Sim) -> None:
    """Finish Page 1 with filler Actions (no claims) so Page 2 (Starter Bea) begins."""
    _filler_actions(sim, ("ann", "bea", "cal"))


@pytest.mark.rules("CAPES-DEBT-003", "CAPES-PAGE-003")
def test_overdrawn__exactly_at_strength_no_roll_at_page_start() -> None:
    # src 147: no Overdrawn Drive -> Page 2 begins straight with claims
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 3)
    _page_two_overdrawn(sim)
    assert _page(sim)[:3] == (2, "bea", "claims")


@pytest.mark.rules("CAPES-DEBT-003")
def test_overdrawn__two_overdrawn_drives_roll_twice() -> None:
    # src 147: "for each Overdrawn drive, the player rolls the highest die the character owns".
    # Truth 3 holds 4, Justice 2 holds 3: two rolls. Skitter owns 5 (c1 A) and 4 (c2 A).
    # First roll: the 5 -> 2 (lower, kept). Second: the highest is now the 4 -> 3 (kept).
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 4)
    sim.set_debt("skitter", "justice", 3)
    _page_two_overdrawn(sim)
    assert _page(sim)[2] == "overdrawn"
    sim.do("ann", "overdrawn_roll", dice=(2,))
    assert sim.side("c1", "A").dice == (2,)
    assert _page(sim)[2] == "overdrawn"
    sim.do("ann", "overdrawn_roll", dice=(3,))
    assert sim.side("c2", "A").dice == (3,)
    assert _page(sim)[2] == "claims"


@pytest.mark.rules("CAPES-DEBT-003")
def test_overdrawn__a_higher_or_equal_roll_is_not_kept() -> None:
    # src 147: "accepting only lower rolls": the 4 rolls 4 -> stays 4 (and 6 -> stays 4)
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 4)
    _page_two_overdrawn(sim)
    sim.do("ann", "overdrawn_roll", dice=(4,))
    assert sim.side("c1", "A").dice == (4,)


@pytest.mark.rules("CAPES-DEBT-003")
def test_overdrawn__the_highest_die_on_a_split_side() -> None:
    # src 147: "the highest die the character owns": Skitter's side holds [3, 2]; the 3 is rolled
    sim = actions_game()
    sim.put_conflict("c1", a=(3, 2), b=(1,), allies={"skitter": "A"}, stakes={"A": [("skitter", "truth", 1)]})
    sim.set_debt("skitter", "truth", 4)
    _page_two_overdrawn(sim)
    sim.do("ann", "overdrawn_roll", dice=(1,))
    assert sorted(sim.side("c1", "A").dice) == [1, 2]


@pytest.mark.rules("CAPES-DEBT-003")
def test_overdrawn__the_highest_die_must_be_rolled_not_a_lower_one() -> None:
    # src 147: the highest die the character owns -- not the player's pick of a lower one.
    # Skitter owns 5 (c1) and 3 (c2): naming the 3 is refused.
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(3,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 4)
    _page_two_overdrawn(sim)
    sim.refuse("ann", "overdrawn_roll", dice=(1,), conflict="c2", side="A", die=1)


@pytest.mark.rules("CAPES-DEBT-003", "CAPES-PAGE-003")
def test_overdrawn__owning_no_die_nothing_happens() -> None:
    # src 147 + PROPOSED (DEBT-003 OPEN): no die owned -> nothing happens; the Page goes on to claims
    sim = actions_game()
    sim.set_debt("skitter", "truth", 4)
    _page_two_overdrawn(sim)
    # the filler Events Skitter created have no rolls, so she owns no die
    assert _page(sim)[2] == "claims"


@pytest.mark.rules("CAPES-DEBT-002", "CAPES-RES-003", "CAPES-DEBT-003")
def test_overdrawn__lost_stakes_come_back_doubled_and_overdraw_next_page() -> None:
    # src 131 + 147: Skitter (Truth 3, holding 3) stakes 2 on A and loses: Truth 1 + 4 = 5 > 3,
    # so Page 2 opens with her Overdrawn roll. Cal claims B [6] against A [2].
    # (first written without c2: with c1 gone Skitter owns no die and, rightly, nothing is rolled)
    sim = cast_game()
    sim.put_conflict("c1", a=(2,), b=(6,), allies={"skitter": "A", "rampart": "B"})
    sim.put_conflict("c2", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 3)
    _claims(sim, {"cal": ("c1", "B")})
    sim.do("ann", "begin_actions")
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.do("ann", "create_conflict", text="Skitter's trouble")
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    assert _page(sim)[2] == "resolving"
    sim.do("cal", "resolve", conflict="c1")
    assert sim.debt("skitter", "truth") == 5
    assert _page(sim)[:3] == (2, "bea", "overdrawn")


# -- splitting (CAPES-SPLIT) --------------------------------------------------------------------


@pytest.mark.rules("CAPES-SPLIT-001", "CAPES-SPLIT-002")
def test_split__one_stake_gives_two_dice_and_no_third() -> None:
    # src 177-178 + PROPOSED free die: A [5] with 1 Debt staked -> [3, 2]; a third die needs more Debt
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    assert sorted(sim.side("c1", "A").dice, reverse=True) == [3, 2]
    sim.refuse("ann", "split", conflict="c1", side="A", die=1, parts=2, rule="CAPES-SPLIT-002")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    assert sorted(sim.side("c1", "A").dice) == [1, 2, 2]
    assert sim.side("c1", "A").total == 5


@pytest.mark.rules("CAPES-SPLIT-003")
def test_split__not_into_more_dice_than_its_value() -> None:
    # src 178-179: each die at least 1: a 2 cannot become three dice even with Debt to spare
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 3)
    sim.do("ann", "stake", conflict="c1", amount=3, drive="truth")
    sim.refuse("ann", "split", conflict="c1", side="A", die=1, parts=3)
    assert sim.side("c1", "A").dice == (2,)


@pytest.mark.rules("CAPES-SPLIT-002")
def test_split__stakes_on_the_other_side_do_not_count() -> None:
    # src 177: "as many Debt as are Staked on that side": Rampart's 2 on B give A nothing
    sim = actions_game()
    sim.put_conflict(
        "c1",
        a=(5,),
        b=(2,),
        allies={"skitter": "A", "rampart": "B"},
        stakes={"B": [("rampart", "duty", 2)]},
    )
    sim.refuse("ann", "split", conflict="c1", side="A", die=1, parts=2, rule="CAPES-SPLIT-002")


# -- claims (CAPES-PAGE-004..008) ---------------------------------------------------------------


@pytest.mark.rules("CAPES-PAGE-007", "CAPES-CONF-004")
def test_claim__only_the_side_most_recently_helped() -> None:
    # src 84 / 110: Skitter first rolled to help A, then rolled A's die down (helping B):
    # she is allied with B only, so Ann may claim B and not A on Page 2.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.do(
        "ann",
        "use_ability",
        dice=(1,),
        ability="Silk Lines",
        conflict="c1",
        side="A",
        help="B",
        drive="truth",
    )
    sim.do("ann", "accept")
    for seat in ("ann", "bea", "cal"):  # the die shows 1: everyone may react, clockwise from Ann
        sim.do(seat, "pass")
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.refuse("ann", "claim", conflict="c1", side="A", rule="CAPES-PAGE-007")
    sim.do("ann", "claim", conflict="c1", side="B")


@pytest.mark.rules("CAPES-PAGE-005")
def test_claim__no_second_claim_during_the_free_go_around() -> None:
    # src 82: "After the first go-around, you can spend a Story Token to make an extra Claim":
    # Ann, holding a token, may not claim twice on her first turn.
    sim = cast_game(start_story_tokens=1)
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.refuse("ann", "claim", conflict="c2", side="A")
    assert sim.state.tokens["ann"] == 1


@pytest.mark.rules("CAPES-PAGE-005", "CAPES-RSRC-001")
def test_claim__a_bought_claim_without_a_token_is_refused() -> None:
    # src 82: the extra claim costs a Story Token. Ann has 1, Bea none: Bea is skipped in the
    # bought go-around and cannot claim out of turn; Ann pays her only token.
    sim = cast_game()
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.put_conflict("c2", a=(3,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "claim", conflict="c1", side="B")
    sim.do("cal", "pass")
    assert _page(sim)[3] == "ann"
    sim.refuse("bea", "claim", conflict="c2", side="B")
    sim.do("ann", "claim", conflict="c2", side="A")
    assert sim.state.tokens["ann"] == 0


@pytest.mark.rules("CAPES-PAGE-008", "CAPES-PAGE-007")
def test_claim__a_conflict_created_in_last_pages_actions_is_claimable() -> None:
    # src 89 forbids only the Page it was created in: Ann creates c1 in Page 1's Actions and Cal
    # rolls on it; on Page 2 Cal may claim the side he helped.
    sim = actions_game()
    sim.do("ann", "create_conflict", text="The vault alarm")
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea",))
    cid = sim.state.conflicts[0].id
    sim.do("cal", "use_ability", dice=(4,), ability="Smashing", conflict=cid, side="A", drive="duty")
    sim.do("cal", "accept")
    sim.do("cal", "pass")  # no Reactions: Cal, then Ann (Bea has nothing reaching a 4, src 200)
    sim.do("ann", "pass")
    sim.do("cal", "end_action")
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.do("bea", "pass")
    sim.do("cal", "claim", conflict=cid, side="A")


# -- resolving (CAPES-RES) ----------------------------------------------------------------------


def _to_resolving(sim: Sim) -> None:
    """Every player's free Action is a filler; nobody buys: resolving begins (or the next Page)."""
    sim.do(_page(sim)[1], "begin_actions")
    _filler_actions(sim, ORDER[_page(sim)[1]])


@pytest.mark.rules("CAPES-RES-004", "CAPES-RES-005")
def test_resolve__a_non_resolvers_winning_stake_also_becomes_tokens() -> None:
    # src 131-132: "Winners give away their Stakes": Rampart (Cal) staked 2 on the winning side A;
    # Ann resolves; the only loser is Bea's Sylvie -> Bea gets 2 tokens; Rampart's Duty loses them.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"skitter": "A", "rampart": "A", "aunt_sylvie": "B"},
        stakes={"A": [("rampart", "duty", 2)]},
        creator="aunt_sylvie",
        creator_player="bea",
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "resolve", conflict="c1")
    assert sim.state.tokens.get("bea", 0) == 2
    assert sim.state.tokens.get("cal", 0) == 0
    assert sim.debt("rampart", "duty") == 0


@pytest.mark.rules("CAPES-RES-003")
def test_resolve__a_losing_stake_left_behind_on_the_old_side_comes_back_doubled() -> None:
    # src 131 + PROPOSED (CONF-004 OPEN): Rampart staked 1 Duty on B, then switched to A
    # (his stake stays on B). B loses: Duty gets 2 back.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"rampart": "A", "skitter": "A"},
        stakes={"B": [("rampart", "duty", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "resolve", conflict="c1")
    assert sim.debt("rampart", "duty") == 2


@pytest.mark.rules("CAPES-CONF-003", "CAPES-RES-001")
def test_resolve__three_sides_tied_at_the_top_nobody_controls() -> None:
    # src 39 "The highest side controls" + PROPOSED (CONF-003 OPEN) ties: A 5, B 5, C 3 -> nobody
    # controls; Ann's claim on A cannot resolve, the card stays for Page 2.
    from capeworks.systems.capes.state import Side

    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(5,),
        b=(4, 1),
        allies={"skitter": "A", "rampart": "B"},
        extra_sides=(Side(id="C", dice=(3,), original=False),),
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    assert _page(sim)[:2] == (2, "bea")
    assert sim.state.conflict("c1") is not None


@pytest.mark.rules("CAPES-RES-001", "CAPES-PRIN-003")
def test_resolve__clockwise_from_this_pages_starter() -> None:
    # src 131: "once again in turn order": on Page 2 (Starter Bea), Bea resolves before Ann
    sim = actions_game()
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.put_conflict("c1", a=(6,), b=(2,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(1,), b=(5,), allies={"aunt_sylvie": "B"})
    _claims(sim, {"ann": ("c1", "A"), "bea": ("c2", "B")})
    _to_resolving(sim)
    err = sim.refuse("ann", "resolve", conflict="c1")
    assert "Bea" in err.message
    sim.do("bea", "resolve", conflict="c2")
    sim.do("ann", "resolve", conflict="c1")


@pytest.mark.rules("CAPES-RES-005")
def test_resolve__nobody_on_the_losing_side_winning_stakes_vanish() -> None:
    # src 134: nobody but the Resolver's characters on the other side -> "the Debt just disappears";
    # here nobody at all is on B. Skitter staked 2 on A and wins: Truth keeps 0, no tokens.
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(2,), allies={"skitter": "A"}, stakes={"A": [("skitter", "truth", 2)]})
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "resolve", conflict="c1")
    assert sum(sim.state.tokens.values()) == 0
    assert sim.debt("skitter", "truth") == 0


@pytest.mark.rules("CAPES-RES-005", "CAPES-RES-004")
def test_resolve__creator_gets_the_first_token_and_others_share() -> None:
    # src 135: Cal's Rampart created c1 and lost with Bea's Sylvie; Skitter staked 1 on the winning
    # side: the single token goes to Cal (creator) even if Ann names Bea.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"skitter": "A", "aunt_sylvie": "B", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 1)]},
        creator="rampart",
        creator_player="cal",
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.refuse("ann", "resolve", conflict="c1", tokens="bea", rule="CAPES-RES-005")
    sim.do("ann", "resolve", conflict="c1")
    assert sim.state.tokens.get("cal", 0) == 1 and sim.state.tokens.get("bea", 0) == 0


@pytest.mark.rules("CAPES-RES-006", "CAPES-RES-007")
def test_resolve__pairs_named_by_the_resolver_give_the_inspirations() -> None:
    # src 137-141: winning [5, 3] vs losing [4]: Ann pairs 3-4 -> Bea (loser) +1, leftover 5 -> Ann +5
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(5, 3),
        b=(4,),
        allies={"skitter": "A", "aunt_sylvie": "B"},
        stakes={"A": [("skitter", "truth", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "resolve", conflict="c1", pairs="3-4")
    assert _inspirations(sim, "ann") == [5]
    assert _inspirations(sim, "bea") == [1]


@pytest.mark.rules("CAPES-RES-006")
def test_resolve__resolver_on_both_sides_may_take_the_losing_inspiration() -> None:
    # src 140: "They can choose to give it to themself if they had a character on both sides".
    # Ann plays Skitter (A, wins) and Vale (B, loses): pairs 2-4 -> Ann may take the 2.
    sim = cast_game()
    sim.do("ann", "add_sample", name="Inspector Vale")
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    sim.do("ann", "choose", character="inspector_vale")
    sim.put_conflict(
        "c1",
        a=(6, 2),
        b=(4,),
        allies={"skitter": "A", "inspector_vale": "B", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "begin_actions")
    for seat, who in (("ann", "skitter"), ("ann", "inspector_vale"), ("bea", ""), ("cal", "")):
        sim.do(seat, "create_conflict", text=f"{seat} scratch {len(sim.state.conflicts)}", character=who)
        sim.do(seat, "end_action")
    sim.do("ann", "resolve", conflict="c1", pairs="2-4", losers="ann")
    assert _inspirations(sim, "ann") == [2, 6]


# -- gloating and deadlock (CAPES-GLOAT, CAPES-RES-009) -----------------------------------------


@pytest.mark.rules("CAPES-GLOAT-002")
def test_gloat__highest_die_first() -> None:
    # src 205: "Starting with their highest die": A [2, 6, 4], gloat one die -> the 6 turns to 1
    sim = cast_game()
    sim.put_conflict(
        "c1", a=(2, 6, 4), b=(3,), allies={"skitter": "A"}, stakes={"A": [("skitter", "truth", 2)]}
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "gloat", conflict="c1", count=1)
    assert sorted(sim.side("c1", "A").dice) == [1, 2, 4]
    assert sim.state.tokens["ann"] == 1


@pytest.mark.rules("CAPES-RES-009")
def test_deadlock__a_character_at_its_stake_limit_cannot_stake_more() -> None:
    # src 142: "nobody can spend more Debt": Skitter has 3 Truth staked on A (Strength 3, the
    # limit) and Debt left only on Love, which src 168 bars from the same Conflict. 6,6 vs 6,6.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6, 6),
        b=(6, 6),
        allies={"skitter": "A", "rampart": "B"},
        stakes={"A": [("skitter", "truth", 3)], "B": [("rampart", "duty", 1)]},
    )
    sim.set_debt("skitter", "love", 2)
    sim.set_debt("skitter", "truth", 0)
    sim.set_debt("rampart", "duty", 0)
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "deadlock", conflict="c1")
    # every stake back doubled (src 144): Truth 6, Duty 2
    assert sim.debt("skitter", "truth") == 6 and sim.debt("rampart", "duty") == 2


# -- page start: adding Conflicts, turn order, bought Actions (CAPES-PAGE) -----------------------


@pytest.mark.rules("CAPES-PAGE-009", "CAPES-CHAR-012")
def test_page_start__a_free_conflict_may_be_added_after_claiming() -> None:
    # src 85: "Before or after Claiming, you can introduce new Conflicts." Ann (no tokens) claims
    # c1 A, then adds Skitter's Exemplar Free Conflict with Aunt Sylvie (src 86) on the same turn.
    sim = cast_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do(
        "ann",
        "create_conflict",
        text="Sylvie asks about the bruises",
        free="exemplar",
        exemplar="aunt_sylvie",
    )
    assert len(sim.state.conflicts) == 2
    # once Bea has had her say, Ann's is over: she may not add out of turn (she would pay a token)
    sim.do("bea", "pass")
    sim.patch(tokens={**sim.state.tokens, "ann": 1, "cal": 1})
    sim.refuse("ann", "create_conflict", text="A late addition", error=NotPermitted)


@pytest.mark.rules("CAPES-PAGE-009", "CAPES-CHAR-012")
def test_page_start__the_last_claimer_may_still_add_after_claiming() -> None:
    # src 85 again, for the last of the go-around: on Page 2 (Starter Bea) Ann claims last, which
    # ends the claiming; she may still add her Exemplar Free Conflict before anyone else acts.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.do("ann", "claim", conflict="c1", side="A")
    assert sim.phase() == "narration"
    sim.do("ann", "create_conflict", text="Where were you?", free="exemplar", exemplar="aunt_sylvie")
    # a character too, for a token (src 88)
    sim.patch(tokens={**sim.state.tokens, "ann": 2})
    sim.do("ann", "add_sample", name="Inspector Vale")
    sim.do("ann", "choose", character="inspector_vale")
    assert sim.state.scene is not None and sim.state.scene.cast["inspector_vale"] == "ann"
    sim.do("bea", "narrate", text="The band plays on.")
    sim.refuse("ann", "create_conflict", text="Sirens outside")


@pytest.mark.rules("CAPES-PAGE-009", "CAPES-RSRC-001")
def test_page_start__adding_a_conflict_costs_a_token_and_none_without_one() -> None:
    # src 88: "You may also spend a Story Token to add a Conflict": Ann has none -> refused
    sim = cast_game()
    sim.refuse("ann", "create_conflict", text="A bomb threat")
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    sim.do("ann", "create_conflict", text="A bomb threat")
    assert sim.state.tokens["ann"] == 0


@pytest.mark.rules("CAPES-PAGE-013", "CAPES-PRIN-004")
def test_actions__no_bought_action_before_everyone_has_had_a_free_one() -> None:
    # src 94: "Once everybody's done their free actions, you can spend Story Tokens for extra
    # actions": Ann, with a token, cannot act again right after her free Action.
    sim = actions_game(start_story_tokens=1)
    sim.do("ann", "create_conflict", text="The lights go out")
    sim.do("ann", "end_action")
    sim.refuse("ann", "create_conflict", text="And the sprinklers")
    assert sim.state.tokens["ann"] == 1


@pytest.mark.rules("CAPES-PAGE-012", "CAPES-PAGE-001")
def test_actions__a_player_with_two_characters_takes_two_free_actions() -> None:
    # src 92: "an Action for each of your characters on your turn for free": Bea (Sylvie and Vale)
    # acts twice before Cal.
    sim = cast_game(start_story_tokens=1)
    sim.do("bea", "add_sample", name="Inspector Vale")
    sim.do("ann", "pass")
    sim.do("bea", "choose", character="inspector_vale")
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann",))
    sim.do("bea", "create_conflict", text="Sylvie frets", character="aunt_sylvie")
    sim.do("bea", "end_action")
    assert _page(sim)[3] == "bea"
    sim.do("bea", "create_conflict", text="Vale investigates", character="inspector_vale")
    sim.do("bea", "end_action")
    assert _page(sim)[3] == "cal"


@pytest.mark.rules("CAPES-PAGE-004")
def test_claims__one_free_claim_per_player_not_per_character() -> None:
    # src 78: "Each player can Claim one side of one Conflict for free": Bea plays two characters
    # but claims once in the free go-around.
    sim = cast_game(start_story_tokens=1)
    sim.do("bea", "add_sample", name="Inspector Vale")
    sim.do("ann", "pass")
    sim.do("bea", "choose", character="inspector_vale")
    sim.patch(tokens={**sim.state.tokens, "bea": 0})
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"aunt_sylvie": "A"})
    sim.put_conflict("c2", a=(3,), b=(2,), allies={"inspector_vale": "A"})
    # (Ann passed her claim above, before Bea added Vale on her claiming turn)
    sim.do("bea", "claim", conflict="c1", side="A")
    assert _page(sim)[3] == "cal"
    sim.refuse("bea", "claim", conflict="c2", side="A")


@pytest.mark.rules("CAPES-DEBT-003", "CAPES-PAGE-003", "CAPES-PRIN-003")
def test_overdrawn__rolls_go_clockwise_from_the_starter() -> None:
    # src 147 + PROPOSED (PAGE-003 OPEN): Overdrawn rolls clockwise from the Starter. Page 2's Starter
    # is Bea: Cal's Rampart (Duty 3 holding 4) rolls before Ann's Skitter (Truth 3 holding 4).
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(4,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 4)
    sim.set_debt("rampart", "duty", 4)
    _page_two_overdrawn(sim)
    err = sim.refuse("ann", "overdrawn_roll", dice=(1,))
    assert "Cal" in err.message
    sim.do("cal", "overdrawn_roll", dice=(1,))
    assert sim.side("c1", "B").dice == (1,)
    sim.do("ann", "overdrawn_roll", dice=(2,))
    assert sim.side("c1", "A").dice == (2,)


@pytest.mark.rules("CAPES-CHAR-009", "CAPES-DEBT-003")
def test_overdrawn__undifferentiated_at_six_not_five() -> None:
    # src 237: "They are Overdrawn when they have more than five Debt"
    sim = cast_game()
    sim.do(
        "ann",
        "create_character",
        name="Swarm Thug",
        powers="Bite,Sting,Buzz",
        attitudes="Mean,Dim,Loyal",
        styles="Loud,Fast,Dirty",
    )
    sim.set_debt("swarm_thug", "stack", 5)
    assert overdrawn_pools(sim.state.roster["swarm_thug"]) == []
    sim.set_debt("swarm_thug", "stack", 6)
    assert overdrawn_pools(sim.state.roster["swarm_thug"]) == ["stack"]


@pytest.mark.rules("CAPES-ABIL-002", "CAPES-REACT-002")
def test_ability__raising_an_inspiration_is_no_roll_and_opens_no_reactions() -> None:
    # src 197: Reactions follow an accepted roll; raising an Inspiration (src 188) rolls nothing
    sim = actions_game()
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=2),)})
    sim.do("ann", "use_ability", ability="Bug Control", inspiration=2, drive="truth")
    assert sim.state.scene.page.action.reactions is None  # type: ignore[union-attr]
    sim.do("ann", "end_action")
    assert _page(sim)[3] == "bea"


@pytest.mark.rules("CAPES-ABIL-001", "CAPES-REACT-001")
def test_reaction__a_mundane_reaction_blocks_that_ability() -> None:
    # src 186 + 197: a Reaction uses the Ability, so a mundane one Blocks for the Scene.
    # Bea reacts with Sylvie's Warm (2); on her own Action she cannot use Warm again.
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(2,), ability="Bug Control", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "react", dice=(2,), ability="Warm", help="B")
    sim.do("bea", "revert")
    while sim.state.scene.page.action.reactions is not None:  # type: ignore[union-attr]
        sim.do(sim.state.scene.page.action.reactions.asker, "pass")  # type: ignore[union-attr]
    sim.do("ann", "end_action")
    sim.refuse(
        "bea", "use_ability", dice=(1,), ability="Warm", conflict="c1", side="B", rule="CAPES-ABIL-001"
    )


def _rampart_fails_to_stop_the_train() -> Sim:
    """Rampart's Goal "Stop the train" (side A, 2) loses to side B (5), which Ann claimed and resolves."""
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
    sim.do("ann", "resolve", conflict="c1")
    return sim


# -- goals and vetoes (CAPES-EG) -----------------------------------------------------------------


@pytest.mark.rules("CAPES-EG-006")
def test_goal__another_character_may_pursue_a_goal_someone_else_failed() -> None:
    # src 125: "If a character fails a Goal, they may not attempt that Goal again" -- that character
    # only. Rampart failed "Stop the train"; Skitter may still help it on a new card.
    sim = _rampart_fails_to_stop_the_train()
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    sim.do("bea", "create_conflict", kind="goal", text="Stop the train", character="aunt_sylvie")
    sim.do("bea", "end_action")
    goal = next(c for c in sim.state.conflicts if c.text == "Stop the train")
    sim.refuse(
        "cal",
        "use_ability",
        dice=(3,),
        ability="Smashing",
        conflict=goal.id,
        side="A",
        help="A",
        drive="duty",
        rule="CAPES-EG-006",
    )
    sim.do("cal", "create_conflict", text="Cal scratch")
    sim.do("cal", "end_action")
    sim.do(
        "ann",
        "use_ability",
        dice=(3,),
        ability="Bug Control",
        conflict=goal.id,
        side="A",
        help="A",
        drive="truth",
    )


@pytest.mark.rules("CAPES-EG-007")
def test_goal__reason_a_veto_only_by_the_player_of_a_character_it_is_for() -> None:
    # src 128: a Goal may be vetoed when "declared for a character you're currently playing".
    # Ann declares a Goal for Rampart (Cal's): Cal may veto with reason a, Bea may not.
    sim = actions_game()
    sim.do("ann", "create_conflict", kind="goal", text="Rampart saves the mayor", goal_for="rampart")
    cid = sim.state.conflicts[-1].id
    sim.refuse("bea", "veto", conflict=cid, reason="a", rule="CAPES-EG-007")
    sim.do("cal", "veto", conflict=cid, reason="a")
    assert sim.state.conflict(cid) is None


@pytest.mark.rules("CAPES-EG-002")
def test_event__veto_by_any_other_player_at_declaration() -> None:
    # src 118: "any player can veto any Event when it is declared": Cal vetoes Ann's Event
    sim = actions_game()
    sim.do("ann", "create_conflict", text="A bomb goes off")
    cid = sim.state.conflicts[-1].id
    sim.do("cal", "veto", conflict=cid)
    assert sim.state.conflict(cid) is None
    # the Action's core step is open again (PROPOSED, docs): Ann may create another
    sim.do("ann", "create_conflict", text="Something vaguer happens")


# -- scenes (CAPES-SCENE) ------------------------------------------------------------------------


def _end_scene(sim: Sim) -> None:
    for seat in ("ann", "bea", "cal"):
        sim.do(seat, "end_scene")


@pytest.mark.rules("CAPES-SCENE-002", "CAPES-PAGE-002")
def test_scene__after_a_pass_the_next_scene_is_left_of_who_declared() -> None:
    # src 64: "the person to the left of the person who declared it gets to declare the next".
    # Scene 1 Ann; Bea passes, Cal declares Scene 2 (and starts its Page 1); Scene 3 is Ann's.
    sim = cast_game()
    _end_scene(sim)
    sim.do("bea", "pass")
    sim.do("cal", "declare_scene", text="The docks")
    for seat, char in (("cal", "rampart"), ("ann", "skitter"), ("bea", "aunt_sylvie")):
        sim.do(seat, "choose", character=char)
    while sim.state.scene is not None and sim.state.scene.casting:
        sim.do(sim.state.scene.turn, "pass")
    assert _page(sim)[:2] == (1, "cal")
    _end_scene(sim)
    assert sim.state.next_declarer == "ann"


@pytest.mark.rules("CAPES-ABIL-001", "CAPES-SCENE-002")
def test_scene__blocks_reset_with_a_new_scene() -> None:
    # src 186: Blocked "for the rest of the Scene" -> usable again in the next Scene
    sim = actions_game()
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(6,), ability="Ruthless", conflict="c1", side="A")
    sim.do("ann", "accept")
    sim.do("ann", "end_action")
    _end_scene(sim)
    sim.do("bea", "declare_scene", text="Next morning")
    for seat, char in (("bea", "aunt_sylvie"), ("cal", "rampart"), ("ann", "skitter")):
        sim.do(seat, "choose", character=char)
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    _filler_actions(sim, ("bea", "cal"))
    sim.do("ann", "create_conflict", text="Trouble")
    sim.do("ann", "end_action")
    # Page 2: Ann uses Ruthless again on the new card
    pass_claims(sim)
    sim.do("cal", "begin_actions")
    _filler_actions(sim, ("cal",))
    cid = next(c.id for c in sim.state.conflicts if c.text == "Trouble")
    sim.do("ann", "use_ability", dice=(4,), ability="Ruthless", conflict=cid, side="A")


@pytest.mark.rules("CAPES-CHAR-012")
def test_scene__the_exemplar_free_conflict_again_in_a_new_scene() -> None:
    # src 252: "played once in any Scene where both characters appear": once more in Scene 2
    sim = cast_game()
    sim.do("ann", "create_conflict", text="Where were you?", free="exemplar", exemplar="aunt_sylvie")
    _end_scene(sim)
    sim.do("bea", "declare_scene", text="Next morning")
    for seat, char in (("bea", "aunt_sylvie"), ("cal", "rampart"), ("ann", "skitter")):
        sim.do(seat, "choose", character=char)
    sim.do("bea", "create_conflict", text="Breakfast questions", free="exemplar", exemplar="skitter")
    assert sim.state.tokens.get("bea", 0) == 0


# -- later effects and interactions --------------------------------------------------------------


@pytest.mark.rules("CAPES-GLOAT-002", "CAPES-RES-001")
def test_gloat__turning_dice_down_can_hand_control_to_a_later_claimant() -> None:
    # src 131 + 205: Ann (first in turn order) claims A [6, 4] and gloats both dice to 1; A is now
    # 2 against B 5, so Bea, who claimed B and looks at her claims after Ann, resolves it.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6, 4),
        b=(5,),
        allies={"skitter": "A", "aunt_sylvie": "B"},
        stakes={"A": [("skitter", "truth", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A"), "bea": ("c1", "B")})
    _to_resolving(sim)
    sim.do("ann", "gloat", conflict="c1", count=2)
    assert sim.state.tokens["ann"] == 2
    sim.do("bea", "resolve", conflict="c1")
    assert sim.state.conflict("c1") is None
    assert sim.debt("skitter", "truth") == 2  # Skitter's 1 on the losing side, back doubled


@pytest.mark.rules("CAPES-GLOAT-002", "CAPES-CONF-003")
def test_gloat__down_to_a_tie_nobody_resolves() -> None:
    # src 205 + PROPOSED ties: A [6] gloated to [1] against B [1]: nobody controls; c1 stays
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(1,), allies={"skitter": "A", "aunt_sylvie": "B"})
    _claims(sim, {"ann": ("c1", "A"), "bea": ("c1", "B")})
    _to_resolving(sim)
    sim.do("ann", "gloat", conflict="c1", count=1)
    assert _page(sim)[:2] == (2, "bea")
    assert sim.side("c1", "A").dice == (1,) and sim.state.conflict("c1") is not None


@pytest.mark.rules("CAPES-RES-001")
def test_resolve__one_player_resolves_both_of_their_claims() -> None:
    # src 131: "players look at the Conflicts they claimed": Ann (1 token) claims c1 free and c2
    # bought; both control; she resolves both on her turn.
    sim = cast_game()
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    sim.put_conflict("c1", a=(6,), b=(2,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(5,), b=(3,), allies={"skitter": "A"})
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.do("ann", "claim", conflict="c2", side="A")
    _to_resolving(sim)
    sim.do("ann", "resolve", conflict="c1")
    sim.do("ann", "resolve", conflict="c2")
    assert {c.id for c in sim.state.conflicts}.isdisjoint({"c1", "c2"})
    assert _inspirations(sim, "ann") == [2, 4]  # 6-2, 5-3


@pytest.mark.rules("CAPES-DEBT-002", "CAPES-DEBT-003")
def test_overdrawn__staking_in_the_page_relieves_the_next_pages_roll() -> None:
    # src 153: staked Debt "doesn't contribute to being Overdrawn": Truth 3 holds 4; Ann stakes 1
    # during her Action; at Page 2's start Truth holds 3, not Overdrawn: no roll, straight to claims.
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 4)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.do("ann", "create_conflict", text="Ann's trouble")
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    assert _page(sim)[:3] == (2, "bea", "claims")


@pytest.mark.rules("CAPES-REACT-001", "CAPES-ACT-002")
def test_reaction__a_six_can_never_be_reacted_to_and_the_actor_goes_on() -> None:
    # src 197: abilities are 1-5 (src 229), so a die accepted at 6 leaves nobody able to react;
    # the actor may stake right after (src 100).
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 1)
    sim.do("ann", "use_ability", dice=(6,), ability="Bug Control", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    assert sim.state.scene.page.action.reactions is None  # type: ignore[union-attr]
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")  # 1 + 1 from Bug Control


@pytest.mark.rules("CAPES-PAGE-013", "CAPES-PRIN-003")
def test_actions__bought_actions_start_again_from_the_starter() -> None:
    # src 95: "Story Token actions still take go in clockwise order starting with the Starter":
    # Page 2 (Starter Bea): free Bea, Cal, Ann; then the first bought Action is Bea's, not Cal's.
    sim = actions_game()
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.patch(tokens={"ann": 1, "bea": 1, "cal": 1})
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    _filler_actions(sim, ("bea", "cal", "ann"))
    assert _page(sim)[2:] == ("actions", "bea")
    sim.refuse("cal", "create_conflict", text="Cal jumps the queue", error=NotPermitted)
    sim.do("bea", "create_conflict", text="Bea pays")
    assert sim.state.tokens["bea"] == 0


@pytest.mark.rules("CAPES-ABIL-001", "CAPES-CHAR-004", "CAPES-DEBT-004")
def test_ability__a_super_style_earns_debt_a_mundane_style_blocks() -> None:
    # src 221: "Styles can be either": Skitter's Creepy (super) earns a Debt each use and can be
    # used again; her Relentless (mundane) Blocks.
    sim = actions_game(start_story_tokens=1)
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(2,), ability="Creepy", conflict="c1", side="A", drive="love")
    sim.do("ann", "revert")
    sim.do("ann", "end_action")
    assert sim.debt("skitter", "love") == 1
    _filler_actions(sim, ("bea", "cal"))
    sim.do("ann", "use_ability", dice=(2,), ability="Creepy", conflict="c1", side="A", drive="love")
    sim.do("ann", "revert")
    assert sim.debt("skitter", "love") == 2


@pytest.mark.rules("CAPES-CHAR-009", "CAPES-DEBT-004")
def test_ability__undifferentiated_debt_goes_on_the_one_stack() -> None:
    # src 236: "An undifferentiated character just has one big stack of Debt": no Drive to name
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
    sim.put_conflict("c1", a=(1,), b=(1,))
    sim.do("ann", "use_ability", dice=(3,), ability="Sting", character="swarm_thug", conflict="c1", side="A")
    sim.do("ann", "revert")
    assert sim.debt("swarm_thug", "stack") == 1


@pytest.mark.rules("CAPES-CHAR-011", "CAPES-CHAR-001")
def test_exemplar__only_for_a_character_with_drives() -> None:
    # src 212 / 244: Exemplars are for "Super-powered characters with Drives": Aunt Sylvie has none
    sim = Sim()
    sim.do("ann", "add_sample", name="Aunt Sylvie")
    sim.refuse("ann", "add_exemplar", character="aunt_sylvie", exemplar="Uncle Bob", drive="love")


@pytest.mark.rules("CAPES-PAGE-007", "CAPES-CONF-004", "CAPES-ABIL-003")
def test_claim__a_turned_back_roll_still_allies() -> None:
    # src 83: allied with a side "that you've rolled to try to increase": the try counts even if the
    # die is turned back. Cal rolls for B, turns it back; on Page 2 he may claim B.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,))
    _filler_actions(sim, ("ann", "bea"))
    sim.do("cal", "use_ability", dice=(1,), ability="Invulnerability", conflict="c1", side="B", drive="duty")
    sim.do("cal", "revert")
    sim.do("cal", "end_action")
    sim.do("bea", "pass")
    sim.do("cal", "claim", conflict="c1", side="B")


@pytest.mark.rules("CAPES-PAGE-008", "CAPES-SPLIT-005")
def test_claim__a_side_split_off_last_page_can_be_claimed() -> None:
    # src 89 (nobody has rolled on it yet in the Page it appeared) applied to a split-off side
    # (PROPOSED SPLIT-005): Skitter splits off C in Page 1's Actions. Page 2: Ann may claim C.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(3,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=3)
    sim.do("ann", "split_off", conflict="c1", side="A", label="Skitter's own plan", payload={"dice": "2,1"})
    sim.do("ann", "create_conflict", text="Ann's trouble")
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.do("ann", "claim", conflict="c1", side="C")


# -- who may act when, and the rest of the card's life ------------------------------------------


@pytest.mark.rules("CAPES-ACT-002", "CAPES-PRIN-003")
def test_action__only_the_acting_player_stakes_splits_or_inspires() -> None:
    # src 98/100: these happen in "their Action": during Ann's, Cal may not stake, Bea not inspire
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(3,), allies={"skitter": "A", "rampart": "B", "aunt_sylvie": "B"})
    sim.set_debt("rampart", "duty", 2)
    sim.patch(inspirations={**sim.state.inspirations, "bea": (Inspiration(value=5),)})
    sim.refuse("cal", "stake", conflict="c1", amount=1, drive="duty", error=NotPermitted)
    sim.refuse("bea", "inspire", value=5, conflict="c1", side="B", error=NotPermitted)


@pytest.mark.rules("CAPES-CHAR-007")
def test_drives__the_same_drive_twice_is_refused() -> None:
    # src 233: "Choose five Drives": five different ones -- Truth twice is four Drives
    sim = Sim()
    sim.refuse(
        "ann",
        "create_character",
        name="Echo",
        powers="Echo,Boom,Hush",
        attitudes="Calm,Sad,Bold",
        styles="Soft,Loud,Odd",
        drives="truth:3,truth:2,love:2,hope:1,duty:1",
    )


@pytest.mark.rules("CAPES-EG-002", "CAPES-PAGE-009", "CAPES-CHAR-012")
def test_veto__a_vetoed_free_conflict_may_be_played_again_and_a_token_comes_back() -> None:
    # src 118 (veto at declaration) with src 252 (once per Scene) and src 88 (a token): a vetoed
    # declaration never happened, so the Free Conflict stays available and a paid token returns.
    sim = cast_game()
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    sim.do("ann", "create_conflict", text="Where were you?", free="exemplar", exemplar="aunt_sylvie")
    sim.do("bea", "veto", conflict=sim.state.conflicts[-1].id)
    sim.do(
        "ann", "create_conflict", text="Sylvie bakes worry-cookies", free="exemplar", exemplar="aunt_sylvie"
    )
    sim.do("ann", "create_conflict", text="A power cut")
    assert sim.state.tokens["ann"] == 0
    sim.do("cal", "veto", conflict=sim.state.conflicts[-1].id)
    assert sim.state.tokens["ann"] == 1


@pytest.mark.rules("CAPES-EG-006", "CAPES-SCENE-002")
def test_goal__a_failed_goal_may_be_tried_again_in_the_next_scene() -> None:
    # src 125: "in the same Scene" only; PROPOSED (SCENE OPEN): bans reset with the Scene
    sim = _rampart_fails_to_stop_the_train()
    _end_scene(sim)
    sim.do("bea", "declare_scene", text="The next day")
    for seat, char in (("bea", "aunt_sylvie"), ("cal", "rampart"), ("ann", "skitter")):
        sim.do(seat, "choose", character=char)
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    _filler_actions(sim, ("bea",))
    sim.do("cal", "create_conflict", kind="goal", text="Stop the train", character="rampart")


@pytest.mark.rules("CAPES-RES-006", "CAPES-RES-007", "CAPES-SPLIT-005")
def test_resolve__several_losing_sides_pool_their_dice() -> None:
    # PROPOSED (RES-007 OPEN): with several losing sides all losing dice form one pool.
    # A [6, 5] wins over B [3] and C [4]; Ann pairs 6-3 and 5-4: +3 and +1, nothing left over.
    from capeworks.systems.capes.state import Side

    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6, 5),
        b=(3,),
        allies={"skitter": "A", "aunt_sylvie": "B", "rampart": "C"},
        stakes={"A": [("skitter", "truth", 1)]},
        extra_sides=(Side(id="C", dice=(4,), original=False),),
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "resolve", conflict="c1", pairs="6-3,5-4")
    assert _inspirations(sim, "ann") == [1, 3]
    assert _inspirations(sim, "bea") == [] and _inspirations(sim, "cal") == []


@pytest.mark.rules("CAPES-RES-009")
def test_deadlock__each_sides_dice_become_its_claimants_inspirations() -> None:
    # src 145 + PROPOSED recipients: [6] vs [6], nobody with Debt: Ann claimed A, Bea claimed B;
    # each gets a 6; the card is gone.
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(6,), allies={"skitter": "A", "aunt_sylvie": "B"})
    _claims(sim, {"ann": ("c1", "A"), "bea": ("c1", "B")})
    _to_resolving(sim)  # Ann, first of its claimants in turn, declares it
    sim.do("ann", "deadlock", conflict="c1")
    assert _inspirations(sim, "ann") == [6] and _inspirations(sim, "bea") == [6]
    assert sim.state.conflict("c1") is None


@pytest.mark.rules("CAPES-RES-009")
def test_deadlock__not_while_a_die_is_below_six() -> None:
    # src 142: "all dice are sixes": [6, 6] vs [6, 5, 1] ties at 12 but is no Deadlock
    sim = cast_game()
    sim.put_conflict("c1", a=(6, 6), b=(6, 5, 1), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.refuse("ann", "deadlock", conflict="c1", rule="CAPES-RES-009")


@pytest.mark.rules("CAPES-SCENE-004", "CAPES-RSRC-001")
def test_casting__an_extra_character_costs_a_token_only_after_the_free_picks() -> None:
    # src 36: "players choose a character to play for free. They may then buy more": Bea's first
    # pick is free even holding a token; her second costs it.
    sim = Sim(start_story_tokens=1)
    for name in ("Skitter", "Aunt Sylvie", "Rampart", "Inspector Vale"):
        sim.do("ann", "add_sample", name=name)
    sim.do("ann", "declare_scene", text="A gala")
    sim.do("ann", "choose", character="skitter")
    sim.do("bea", "choose", character="aunt_sylvie")
    assert sim.state.tokens["bea"] == 1
    sim.refuse("bea", "choose", character="inspector_vale", error=NotPermitted)  # Cal's free pick next
    sim.do("cal", "choose", character="rampart")
    sim.do("ann", "pass")
    sim.do("bea", "choose", character="inspector_vale")
    assert sim.state.tokens["bea"] == 0


@pytest.mark.rules("CAPES-SPLIT-002", "CAPES-SPLIT-001")
def test_split__an_allys_stake_on_your_side_counts() -> None:
    # src 102/177: "if there's enough Debt Staked on that side" -- anyone's: Rampart's 1 Duty on A
    # lets Skitter (also on A) split A's 5 into [3, 2]
    sim = actions_game()
    sim.put_conflict(
        "c1", a=(5,), b=(2,), allies={"rampart": "A", "skitter": "A"}, stakes={"A": [("rampart", "duty", 1)]}
    )
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    assert sorted(sim.side("c1", "A").dice) == [2, 3]


@pytest.mark.rules("CAPES-SPLIT-002", "CAPES-SPLIT-005")
def test_split__a_split_off_side_has_no_free_die() -> None:
    # PROPOSED (SPLIT-002 OPEN): a split-off side holds as many dice as Debt staked on it.
    # C holds [4] with 1 Debt: splitting it needs a second Debt.
    from capeworks.systems.capes.state import Side, Stake

    sim = actions_game()
    side_c = Side(
        id="C", dice=(4,), original=False, stakes=(Stake(character="skitter", pool="truth", amount=1),)
    )
    sim.put_conflict("c1", a=(1,), b=(2,), allies={"skitter": "C"}, extra_sides=(side_c,))
    sim.set_debt("skitter", "truth", 1)
    sim.refuse("ann", "split", conflict="c1", side="C", die=1, parts=2, rule="CAPES-SPLIT-002")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.do("ann", "split", conflict="c1", side="C", die=1, parts=2)
    assert sim.side("c1", "C").dice == (2, 2)


@pytest.mark.rules("CAPES-REACT-003", "CAPES-REACT-001")
def test_reaction__a_player_who_could_not_react_may_once_the_die_drops() -> None:
    # src 200-201: the window goes round "until nobody (that hasn't already Reacted) wants to React".
    # Ann's die shows 5: Bea (best 3) cannot react; Cal reacts it down to 2; now Bea may.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(5,), ability="Swarm Armour", conflict="c1", side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    assert sim.state.scene.page.action.reactions.asker == "cal"  # type: ignore[union-attr]
    sim.do("cal", "react", dice=(2,), ability="Hopeful", help="B")
    sim.do("cal", "accept")
    assert sim.state.scene.page.action.reactions.asker == "ann"  # type: ignore[union-attr]
    sim.do("ann", "pass")
    sim.do("bea", "react", dice=(1,), ability="Nosy", help="B")
    sim.do("bea", "accept")
    assert sim.side("c1", "A").dice == (1,)


@pytest.mark.rules("CAPES-SCENE-006", "CAPES-RSRC-002", "CAPES-ACT-003")
def test_scene__characters_change_hands_and_inspirations_stay_with_the_player() -> None:
    # src 56: "Anybody can play any character, choosing characters again every scene"; Inspirations
    # are the player's (PROPOSED RSRC-002): Ann, now playing Rampart, spends her 5 on his side.
    sim = cast_game()
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=5),)})
    _end_scene(sim)
    sim.do("bea", "declare_scene", text="The docks")
    for seat, char in (("bea", "skitter"), ("cal", "aunt_sylvie"), ("ann", "rampart")):
        sim.do(seat, "choose", character=char)
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    _filler_actions(sim, ("bea", "cal"))
    sim.put_conflict("c1", a=(2,), b=(1,), allies={"rampart": "A"})
    sim.do("ann", "inspire", value=5, conflict="c1", side="A")
    assert sim.side("c1", "A").dice == (5,)


# -- second referee pass: the seed lines the first pass cited least ------------------------------


@pytest.mark.rules("CAPES-PAGE-006")
def test_claim__the_opposite_side_may_be_claimed_but_not_the_same_side_twice() -> None:
    # src 81: "You can't Claim a side that's already been Claimed, but can Claim the opposite side".
    # Ann claims A; Bea (allied B) claims B; Cal (allied A) may not claim A too.
    sim = cast_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A", "aunt_sylvie": "B", "rampart": "A"})
    sim.do("ann", "claim", conflict="c1", side="A")
    sim.do("bea", "claim", conflict="c1", side="B")
    sim.refuse("cal", "claim", conflict="c1", side="A", rule="CAPES-PAGE-006")


@pytest.mark.rules("CAPES-PAGE-002")
def test_page__the_starter_rotates_left_every_page() -> None:
    # src 69-70: "Each Page starts with a different person ... The Starter rotates to the left".
    # Ann, Bea, Cal, then Ann again on Page 4.
    sim = actions_game()
    starters = []
    for _ in range(3):
        _filler_actions(sim, ORDER[_page(sim)[1]])
        starters.append(_page(sim)[:2])
        pass_claims(sim)
        sim.do(_page(sim)[1], "begin_actions")
    assert starters == [(2, "bea"), (3, "cal"), (4, "ann")]


@pytest.mark.rules("CAPES-RES-006")
def test_resolve__an_equal_pair_gives_nobody_an_inspiration() -> None:
    # src 138: "If a pair of dice are equal, nobody gets an inspiration for them": winning [4, 3]
    # vs losing [4, 2]; Ann pairs 4-4 and 3-2 -> Ann +1 only, Bea nothing.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(4, 3),
        b=(4, 2),
        allies={"skitter": "A", "aunt_sylvie": "B"},
        stakes={"A": [("skitter", "truth", 1)], "B": [("rampart", "duty", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "resolve", conflict="c1", pairs="4-4,3-2")
    assert _inspirations(sim, "ann") == [1]
    assert _inspirations(sim, "bea") == []


@pytest.mark.rules("CAPES-RES-007")
def test_resolve__a_losing_leftover_die_goes_to_the_losing_side() -> None:
    # src 141: "Any leftover dice turn into Inspirations for the appropriate side": winning [5] vs
    # losing [3, 1]; Ann pairs 5-3 -> Ann +2; the leftover 1 goes to Bea (the only loser).
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(5,),
        b=(3, 1),
        allies={"skitter": "A", "aunt_sylvie": "B"},
        stakes={"B": [("rampart", "duty", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "resolve", conflict="c1", pairs="5-3")
    assert _inspirations(sim, "ann") == [2]
    assert _inspirations(sim, "bea") == [1]


@pytest.mark.rules("CAPES-RES-006")
def test_resolve__a_resolver_with_no_losing_character_may_not_take_the_losing_inspiration() -> None:
    # src 140: the Resolver chooses which losing player gets it; "themself" only "if they had a
    # character on both sides". Winning [6, 2] vs losing [4]; pairs 2-4 -> Ann cannot take the 2.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6, 2),
        b=(4,),
        allies={"skitter": "A", "aunt_sylvie": "B"},
        stakes={"A": [("skitter", "truth", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.refuse("ann", "resolve", conflict="c1", pairs="2-4", losers="ann", rule="CAPES-RES-006")
    sim.do("ann", "resolve", conflict="c1", pairs="2-4", losers="bea")
    assert _inspirations(sim, "ann") == [6]
    assert _inspirations(sim, "bea") == [2]


@pytest.mark.rules("CAPES-RES-005", "CAPES-RES-004")
def test_resolve__the_resolvers_own_losing_character_gets_no_tokens() -> None:
    # src 133: "you can't give yourself any Story Tokens even if you also have a character on the
    # losing side"; src 135: the creator's first token only when not played by the Resolver.
    # Ann plays Skitter (A, wins, staked 2) and Vale (B, created c1, loses); Bea's Sylvie on B too:
    # both tokens to Bea.
    sim = cast_game()
    sim.do("ann", "add_sample", name="Inspector Vale")
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    sim.do("ann", "choose", character="inspector_vale")
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"skitter": "A", "inspector_vale": "B", "aunt_sylvie": "B"},
        stakes={"A": [("skitter", "truth", 2)]},
        creator="inspector_vale",
        creator_player="ann",
    )
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "begin_actions")
    for seat, who in (("ann", "skitter"), ("ann", "inspector_vale"), ("bea", ""), ("cal", "")):
        sim.do(seat, "create_conflict", text=f"{seat} scratch {len(sim.state.conflicts)}", character=who)
        sim.do(seat, "end_action")
    sim.refuse("ann", "resolve", conflict="c1", tokens="ann,bea")
    sim.do("ann", "resolve", conflict="c1")
    assert sim.state.tokens.get("bea", 0) == 2
    assert sim.state.tokens.get("ann", 0) == 0


@pytest.mark.rules("CAPES-SPLIT-001")
def test_split__as_evenly_as_possible_five_into_two_is_three_and_two() -> None:
    # src 178: "splitting a 5 into two dice has to be 3 and 2"; src 179 the total stays 5.
    # With two stakes on A (three dice, PROPOSED free die) a 5 into three is [2, 2, 1].
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=3)
    assert sorted(sim.side("c1", "A").dice) == [1, 2, 2]


@pytest.mark.rules("CAPES-STAKE-002")
def test_stake__more_than_the_drive_strength_is_refused() -> None:
    # src 168: "no more Debt than Drive Strength": Skitter's Justice (Strength 2) holds 4 Debt;
    # staking 3 of it on one Conflict is refused, 2 is fine.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "justice", 4)
    sim.refuse("ann", "stake", conflict="c1", amount=3, drive="justice", rule="CAPES-STAKE-002")
    sim.do("ann", "stake", conflict="c1", amount=2, drive="justice")
    assert sim.debt("skitter", "justice") == 2


@pytest.mark.rules("CAPES-STAKE-002")
def test_stake__a_second_drive_on_the_same_conflict_is_refused() -> None:
    # src 168: "Each character may Stake one Drive per Conflict": Truth staked, then Love refused
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 1)
    sim.set_debt("skitter", "love", 1)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.refuse("ann", "stake", conflict="c1", amount=1, drive="love", rule="CAPES-STAKE-002")


@pytest.mark.rules("CAPES-PAGE-008", "CAPES-PAGE-009")
def test_claim__a_conflict_bought_at_this_page_start_cannot_be_claimed() -> None:
    # src 89: "you can't Claim it in the same Page that you created it". Ann buys a Conflict at
    # Page start with her token; nobody may claim it this Page.
    sim = cast_game(start_story_tokens=1)
    sim.do("ann", "create_conflict", text="The lights go out")
    cid = sim.state.conflicts[-1].id
    sim.refuse("ann", "claim", conflict=cid, side="A")


@pytest.mark.rules("CAPES-SCENE-005")
def test_casting__a_character_already_chosen_cannot_be_chosen_again() -> None:
    # src 60: "If somebody chooses a character you wanted to play you'll have to pick somebody else"
    sim = Sim()
    for name in ("Skitter", "Aunt Sylvie", "Rampart"):
        sim.do("ann", "add_sample", name=name)
    sim.do("ann", "declare_scene", text="A gala")
    sim.do("ann", "choose", character="skitter")
    sim.refuse("bea", "choose", character="skitter", rule="CAPES-SCENE-005")
    sim.do("bea", "choose", character="aunt_sylvie")


@pytest.mark.rules("CAPES-ABIL-002")
def test_ability__raising_an_inspiration_needs_a_rating_at_least_its_value() -> None:
    # src 188: "The ability score must be at least the value of the Inspiration": Ann holds a 4;
    # Silk Lines (3) may not raise it, Swarm Armour (4) raises it to 5.
    sim = actions_game()
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=4),)})
    sim.refuse(
        "ann", "use_ability", ability="Silk Lines", inspiration=4, drive="truth", rule="CAPES-ABIL-002"
    )
    sim.do("ann", "use_ability", ability="Swarm Armour", inspiration=4, drive="truth")
    assert _inspirations(sim, "ann") == [5]


@pytest.mark.rules("CAPES-GLOAT-002", "CAPES-RSRC-001")
def test_gloat__every_die_turned_earns_a_token_and_the_conflict_stays() -> None:
    # src 205: "For each die turned the Resolver earns a Story Token": A [6, 4, 2], turn two ->
    # [1, 1, 2], 2 tokens, c1 stays (inventory C16).
    sim = cast_game()
    sim.put_conflict(
        "c1", a=(6, 4, 2), b=(3,), allies={"skitter": "A"}, stakes={"A": [("skitter", "truth", 2)]}
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "gloat", conflict="c1", count=2)
    assert sorted(sim.side("c1", "A").dice) == [1, 1, 2]
    assert sim.state.tokens["ann"] == 2
    assert sim.state.conflict("c1") is not None


@pytest.mark.rules("CAPES-EG-002")
def test_event__no_veto_once_play_has_moved_on() -> None:
    # src 118: an Event may be vetoed "when it is declared" -- not on a later Page.
    sim = actions_game()
    sim.do("ann", "create_conflict", text="A bomb goes off")
    cid = sim.state.conflicts[-1].id
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    sim.refuse("cal", "veto", conflict=cid)
    assert sim.state.conflict(cid) is not None


@pytest.mark.rules("CAPES-STAKE-005", "CAPES-CHAR-009")
def test_stake__undifferentiated_at_most_three_on_one_conflict() -> None:
    # src 238: "They may Stake as many as three Debt on one Conflict": the Thug holds 5; 4 is refused
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
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"swarm_thug": "A"})
    sim.set_debt("swarm_thug", "stack", 5)
    sim.refuse("ann", "stake", conflict="c1", amount=4, character="swarm_thug", rule="CAPES-STAKE-005")
    sim.do("ann", "stake", conflict="c1", amount=3, character="swarm_thug")
    assert sim.debt("swarm_thug", "stack") == 2


@pytest.mark.rules("CAPES-EG-006")
def test_goal__a_character_who_failed_may_not_declare_it_again_this_scene() -> None:
    # src 125: "they may not attempt that Goal again in the same Scene": Rampart failed "Stop the
    # train"; Cal declaring it again for Rampart on Page 2 is refused.
    sim = _rampart_fails_to_stop_the_train()
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    _filler_actions(sim, ("bea",))
    sim.refuse(
        "cal", "create_conflict", kind="goal", text="Stop the train", character="rampart", rule="CAPES-EG-006"
    )


@pytest.mark.rules("CAPES-EG-004", "CAPES-EG-006")
def test_goal__the_goal_side_resolving_succeeds_and_bars_nobody() -> None:
    # src 123: "If that side resolves the Goal, then they succeed": Rampart's side A resolves "Stop
    # the train"; no failure is recorded, so Rampart may take up the same Goal again.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        kind="goal",
        text="Stop the train",
        creator="rampart",
        creator_player="cal",
        a=(5,),
        b=(2,),
        allies={"rampart": "A", "skitter": "B"},
    )
    _claims(sim, {"cal": ("c1", "A")})
    _to_resolving(sim)
    sim.do("cal", "resolve", conflict="c1")
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    _filler_actions(sim, ("bea",))
    sim.do("cal", "create_conflict", kind="goal", text="Stop the train", character="rampart")


@pytest.mark.rules("CAPES-RES-009")
def test_deadlock__not_while_someone_allied_could_still_stake() -> None:
    # src 142: Deadlock only if "nobody can spend more Debt": [6] vs [6], but Rampart (allied B)
    # holds 1 unstaked Duty he could stake -> no Deadlock yet.
    sim = cast_game()
    sim.put_conflict("c1", a=(6,), b=(6,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("rampart", "duty", 1)
    _claims(sim, {"ann": ("c1", "A")})
    sim.do("ann", "begin_actions")
    sim.refuse("ann", "deadlock", conflict="c1", rule="CAPES-RES-009")


@pytest.mark.rules("CAPES-PAGE-013", "CAPES-RSRC-001")
def test_actions__a_bought_action_without_a_token_is_refused() -> None:
    # src 94: "you can spend Story Tokens for extra actions": Ann has none after the free Actions
    sim = actions_game()
    _filler_actions(sim, ("ann", "bea", "cal"))
    # nobody held a token: the Page ended without a buying round
    assert _page(sim)[:2] == (2, "bea")


@pytest.mark.rules("CAPES-PAGE-013", "CAPES-ABIL-001")
def test_actions__a_super_ability_may_be_used_again_in_a_bought_action() -> None:
    # src 183-185: a super-ability "gives you a point of Debt every time you use it" -- no Block.
    # Ann uses Silk Lines in her free Action and again in a bought one; Truth holds 2.
    sim = actions_game(start_story_tokens=1)
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(2,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "revert")
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    sim.do("ann", "use_ability", dice=(3,), ability="Silk Lines", conflict="c1", side="A", drive="truth")
    sim.do("ann", "revert")
    assert sim.debt("skitter", "truth") == 2
    assert sim.state.tokens["ann"] == 0


@pytest.mark.rules("CAPES-CONF-002", "CAPES-ABIL-002")
def test_ability__the_first_roll_on_a_fresh_card_names_the_side() -> None:
    # src 109: "once somebody rolls them, the dice represents their side": Bea creates an Event;
    # Cal rolls a die of it to 4 for "The fire spreads"; he is allied with that side.
    sim = actions_game()
    _filler_actions(sim, ("ann",))
    sim.do("bea", "create_conflict", text="A fire breaks out")
    cid = sim.state.conflicts[-1].id
    sim.do("bea", "end_action")
    sim.do(
        "cal",
        "use_ability",
        dice=(4,),
        ability="Super Strength",
        conflict=cid,
        side="A",
        help="A",
        label="The fire spreads",
        drive="duty",
    )
    sim.do("cal", "accept")
    side = sim.side(cid, "A")
    assert side.dice == (4,)
    conflict = sim.state.conflict(cid)
    assert conflict is not None and conflict.alliances["rampart"].side == "A"


@pytest.mark.rules("CAPES-PAGE-014", "CAPES-PAGE-004")
def test_claim__an_unresolved_claim_lapses_and_is_made_again_for_free() -> None:
    # src 78-80: claims are made "At the start of the Page"; PROPOSED (PAGE-014) they lapse.
    # Ann claimed A (2 vs 5): it does not control; on Page 2 she claims A again without a token.
    sim = cast_game()
    sim.put_conflict("c1", a=(2,), b=(5,), allies={"skitter": "A"})
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    assert _page(sim)[:3] == (2, "bea", "claims")
    sim.do("bea", "pass")
    sim.do("cal", "pass")
    sim.do("ann", "claim", conflict="c1", side="A")
    assert sim.state.tokens.get("ann", 0) == 0


@pytest.mark.rules("CAPES-SCENE-004")
def test_casting__the_declarer_chooses_first_then_clockwise() -> None:
    # src 59: "The scene creator chooses their character first, then it goes clockwise": Scene 2 is
    # Bea's; Cal may not choose before her, and after her it is Cal, not Ann.
    sim = cast_game()
    _end_scene(sim)
    sim.do("bea", "declare_scene", text="The docks")
    sim.refuse("cal", "choose", character="rampart")
    sim.do("bea", "choose", character="aunt_sylvie")
    sim.refuse("ann", "choose", character="skitter")
    sim.do("cal", "choose", character="rampart")


@pytest.mark.rules("CAPES-CHAR-012", "CAPES-PAGE-009")
def test_page_start__no_exemplar_free_conflict_without_the_exemplar_in_the_scene() -> None:
    # src 86: the Free Conflict needs "a character and one of their Exemplars ... both in the Scene".
    # Scene with Skitter and Rampart only: Ann may not add the Skitter/Aunt Sylvie Free Conflict.
    sim = Sim()
    for name in ("Skitter", "Aunt Sylvie", "Rampart"):
        sim.do("ann", "add_sample", name=name)
    sim.do("ann", "declare_scene", text="Rooftops")
    sim.do("ann", "choose", character="skitter")
    sim.do("bea", "choose", character="rampart")
    sim.do("cal", "pass")
    while sim.state.scene is not None and sim.state.scene.casting:
        sim.do(sim.state.scene.turn, "pass")
    sim.refuse(
        "ann",
        "create_conflict",
        text="Sylvie calls",
        free="exemplar",
        exemplar="aunt_sylvie",
        character="skitter",
        rule="CAPES-CHAR-012",
    )


@pytest.mark.rules("CAPES-ACT-002", "CAPES-ACT-005")
def test_action__staking_right_after_creating_a_conflict() -> None:
    # src 100: "Immediately before/after/both creating a Conflict ... you can" Stake: Ann creates
    # an Event, then stakes 1 Truth on c1 where Skitter is on A -- in the same Action.
    sim = actions_game()
    sim.put_conflict("c1", a=(2,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 1)
    sim.do("ann", "create_conflict", text="Sirens in the distance")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    assert sim.side("c1", "A").stakes[0].amount == 1


@pytest.mark.rules("CAPES-SPLIT-001")
def test_split__only_a_die_on_your_own_side() -> None:
    # src 174: "split any die they own"; src 102 "the dice on your side": Skitter (A) may not split
    # B's 5 though B has a stake on it.
    sim = actions_game()
    sim.put_conflict(
        "c1", a=(2,), b=(5,), allies={"skitter": "A", "rampart": "B"}, stakes={"B": [("rampart", "duty", 1)]}
    )
    sim.refuse("ann", "split", conflict="c1", side="B", die=1, parts=2)
    assert sim.side("c1", "B").dice == (5,)


@pytest.mark.rules("CAPES-SCENE-002")
def test_scene__ending_with_a_card_in_play_returns_its_stakes_undoubled() -> None:
    # PROPOSED (SCENE OPEN): unresolved Conflicts at a forced end are discarded, stakes back
    # undoubled. Skitter staked 2 Truth on c1; everyone ends the Scene: Truth is 2 again, c1 gone.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    assert sim.debt("skitter", "truth") == 0
    _end_scene(sim)
    assert sim.debt("skitter", "truth") == 2
    assert sim.state.conflicts == ()


@pytest.mark.rules("CAPES-STAKE-002", "CAPES-CONF-004")
def test_stake__the_drive_limit_counts_both_sides_of_one_conflict() -> None:
    # src 168: "no more Debt than Drive Strength" per Conflict. Skitter staked 2 Truth (Strength 3)
    # on A, then switched to B (her stake stays on A): she may add only 1 more Truth on B.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "B"}, stakes={"A": [("skitter", "truth", 2)]})
    sim.set_debt("skitter", "truth", 3)
    sim.refuse("ann", "stake", conflict="c1", amount=2, drive="truth", rule="CAPES-STAKE-002")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")


@pytest.mark.rules("CAPES-STAKE-002", "CAPES-CONF-004")
def test_stake__one_drive_per_conflict_counts_both_sides() -> None:
    # src 168: "one Drive per Conflict": Truth already staked on A; after switching to B, Love is refused
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"skitter": "B"}, stakes={"A": [("skitter", "truth", 1)]})
    sim.set_debt("skitter", "love", 1)
    sim.refuse("ann", "stake", conflict="c1", amount=1, drive="love", rule="CAPES-STAKE-002")


@pytest.mark.rules("CAPES-EG-007")
def test_goal__reason_b_veto_is_the_tables_judgement() -> None:
    # src 129: a Gloat-prone Goal may be vetoed (reason b); the engine leaves the judgement to the
    # table: Bea vetoes Ann's Goal for Skitter with reason b.
    sim = actions_game()
    sim.do("ann", "create_conflict", kind="goal", text="Skitter humiliates the mayor", character="skitter")
    cid = sim.state.conflicts[-1].id
    sim.refuse("bea", "veto", conflict=cid, reason="because", rule="CAPES-EG-007")
    sim.do("bea", "veto", conflict=cid, reason="b")
    assert sim.state.conflict(cid) is None


@pytest.mark.rules("CAPES-EG-007")
def test_goal__a_group_goal_may_be_vetoed_by_the_player_of_any_of_its_characters() -> None:
    # src 122/128: a Goal for "a group of characters"; Cal plays Rampart, one of them: reason a holds
    sim = actions_game()
    sim.do(
        "ann",
        "create_conflict",
        kind="goal",
        text="Skitter and Rampart rob the vault",
        goal_for="skitter,rampart",
    )
    cid = sim.state.conflicts[-1].id
    sim.do("cal", "veto", conflict=cid, reason="a")
    assert sim.state.conflict(cid) is None


@pytest.mark.rules("CAPES-RES-004", "CAPES-RES-005")
def test_resolve__tokens_only_to_players_on_the_losing_side() -> None:
    # src 132: Debt "gets distributed to the losing players": Cal (Rampart on the winning side A)
    # may not be given one; Bea (Sylvie on B) gets it.
    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(2,),
        allies={"skitter": "A", "rampart": "A", "aunt_sylvie": "B"},
        stakes={"A": [("skitter", "truth", 1)]},
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.refuse("ann", "resolve", conflict="c1", tokens="cal")
    sim.do("ann", "resolve", conflict="c1", tokens="bea")
    assert sim.state.tokens.get("bea", 0) == 1 and sim.state.tokens.get("cal", 0) == 0


@pytest.mark.rules("CAPES-STAKE-005")
def test_stake__undifferentiated_three_in_all_across_two_stakes() -> None:
    # src 238: "as many as three Debt on one Conflict": 2 then 2 is refused, 2 then 1 is fine
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
    sim.put_conflict("c1", a=(1,), b=(1,), allies={"swarm_thug": "A"})
    sim.set_debt("swarm_thug", "stack", 5)
    sim.do("ann", "stake", conflict="c1", amount=2, character="swarm_thug")
    sim.refuse("ann", "stake", conflict="c1", amount=2, character="swarm_thug", rule="CAPES-STAKE-005")
    sim.do("ann", "stake", conflict="c1", amount=1, character="swarm_thug")


@pytest.mark.rules("CAPES-SCENE-001", "CAPES-SCENE-002")
def test_scene__a_volunteer_declares_the_first_and_the_next_is_to_their_left() -> None:
    # src 62: "somebody just volunteers"; src 64: the next is "the person to the left". Cal
    # volunteers; after his Scene, Ann (to his left) declares, not Bea.
    sim = Sim()
    for name in ("Skitter", "Aunt Sylvie", "Rampart"):
        sim.do("ann", "add_sample", name=name)
    sim.do("cal", "declare_scene", text="The docks")
    for seat, char in (("cal", "rampart"), ("ann", "skitter"), ("bea", "aunt_sylvie")):
        sim.do(seat, "choose", character=char)
    while sim.state.scene is not None and sim.state.scene.casting:
        sim.do(sim.state.scene.turn, "pass")
    assert _page(sim)[:2] == (1, "cal")
    _end_scene(sim)
    sim.refuse("bea", "declare_scene", text="Too soon", error=NotPermitted, match="Ann")
    sim.do("ann", "declare_scene", text="Next morning")


@pytest.mark.rules("CAPES-SCENE-007", "CAPES-RSRC-001")
def test_page_start__a_character_joins_for_a_token() -> None:
    # src 88: "You may also spend a Story Token to add a Conflict or character": on her claiming
    # turn Ann brings Inspector Vale in for her token; a second one (no token left) is refused.
    sim = cast_game(start_story_tokens=1)
    sim.do("ann", "add_sample", name="Inspector Vale")
    sim.do("ann", "add_sample", name="The Charity Gala")
    sim.do("ann", "choose", character="inspector_vale")
    assert sim.state.tokens["ann"] == 0
    assert sim.state.scene is not None and sim.state.scene.cast["inspector_vale"] == "ann"
    sim.refuse("ann", "choose", character="the_charity_gala")


@pytest.mark.rules("CAPES-STAKE-001")
def test_stake__only_on_a_conflict_the_character_has_rolled_on() -> None:
    # src 48/168 + STAKE-001: Debt moves onto the side the character is allied with; Skitter never
    # rolled on c1, so she has no side there to stake on.
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(2,), allies={"rampart": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.refuse("ann", "stake", conflict="c1", amount=1, drive="truth", rule="CAPES-STAKE-001")


@pytest.mark.rules("CAPES-CONF-005", "CAPES-PRIN-002")
def test_narration__not_yet_nobody_narrates_the_outcome_outside_resolving() -> None:
    # src 112: "Nobody can narrate how a Conflict turns out unless they successfully Resolve":
    # Bea's narration of c1's outcome in free narration is refused; colour about it is fine.
    sim = cast_game()
    sim.put_conflict("c1", a=(3,), b=(5,), allies={"skitter": "A", "aunt_sylvie": "B"})
    pass_claims(sim)
    sim.refuse(
        "bea", "narrate", text="Skitter is caught.", conflict="c1", outcome=True, rule="CAPES-CONF-005"
    )
    sim.do("bea", "narrate", text="Sylvie shrieks at the bugs.", conflict="c1")


@pytest.mark.rules("CAPES-CONF-006")
def test_narration__and_then_hands_over_to_the_controlling_side() -> None:
    # src 113: narration about a Conflict "has to be finished by somebody on the controlling side":
    # Ann (A, 3) narrates about c1 where B (5, Bea) controls: Bea is prompted to finish; Bea's own
    # narration needs no hand-over.
    sim = cast_game()
    sim.put_conflict("c1", a=(3,), b=(5,), allies={"skitter": "A", "aunt_sylvie": "B"})
    pass_claims(sim)
    sim.do("ann", "narrate", text="Skitter's bugs pour out of the vents.", conflict="c1")
    assert sim.state.and_then is not None and sim.state.and_then.finishers == ("bea",)


@pytest.mark.rules("CAPES-PAGE-012", "CAPES-SCENE-004")
def test_actions__a_player_with_no_character_in_the_scene_has_no_action() -> None:
    # src 92: "an Action for each of your characters": Bea chose nobody this Scene, so the free
    # Actions go Ann, then Cal, and the Page ends after Cal's.
    sim = Sim()
    for name in ("Skitter", "Aunt Sylvie", "Rampart"):
        sim.do("ann", "add_sample", name=name)
    sim.do("ann", "declare_scene", text="Rooftops")
    sim.do("ann", "choose", character="skitter")
    sim.do("bea", "pass")
    sim.do("cal", "choose", character="rampart")
    while sim.state.scene is not None and sim.state.scene.casting:
        sim.do(sim.state.scene.turn, "pass")
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    _filler_actions(sim, ("ann",))
    assert _page(sim)[3] == "cal"
    _filler_actions(sim, ("cal",))
    assert _page(sim)[:2] == (2, "bea")


@pytest.mark.rules("CAPES-ABIL-001")
def test_ability__a_mundane_roll_turned_back_still_blocks() -> None:
    # src 186: "after being used it Blocks" -- used, whether or not the roll is kept (src 188/191).
    # Ann turns back her Ruthless roll; on Page 2 Ruthless is still Blocked.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(1,), allies={"skitter": "A"})
    sim.do("ann", "use_ability", dice=(2,), ability="Ruthless", conflict="c1", side="A")
    sim.do("ann", "revert")
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    _filler_actions(sim, ("bea", "cal"))
    sim.refuse(
        "ann", "use_ability", dice=(6,), ability="Ruthless", conflict="c1", side="A", rule="CAPES-ABIL-001"
    )


@pytest.mark.rules("CAPES-ABIL-001", "CAPES-ABIL-002", "CAPES-DEBT-004")
def test_ability__raising_an_inspiration_costs_as_a_roll_does() -> None:
    # src 183-186 apply to every use, src 188 "either raises an Inspiration ... or rolls": a super
    # ability raising an Inspiration earns 1 Debt; a mundane one raising it Blocks.
    sim = actions_game(start_story_tokens=1)
    sim.patch(inspirations={**sim.state.inspirations, "ann": (Inspiration(value=2), Inspiration(value=3))})
    sim.do("ann", "use_ability", ability="Silk Lines", inspiration=2, drive="love")
    assert sim.debt("skitter", "love") == 1
    sim.do("ann", "end_action")
    _filler_actions(sim, ("bea", "cal"))
    sim.do("ann", "use_ability", ability="Ruthless", inspiration=3)
    assert _inspirations(sim, "ann") == [3, 4]
    assert sim.state.scene is not None and "skitter/ruthless" in sim.state.scene.blocked


@pytest.mark.rules("CAPES-PAGE-013")
def test_actions__one_bought_action_each_per_pass() -> None:
    # src 94-96 + PROPOSED (PAGE-013): one bought Action per player per pass, clockwise from the
    # Starter. Ann (2 tokens) buys; next is Bea (1 token), not Ann again; after Bea, Ann may buy again.
    sim = actions_game()
    sim.patch(tokens={"ann": 2, "bea": 1})
    _filler_actions(sim, ("ann", "bea", "cal"))
    sim.do("ann", "create_conflict", text="Ann pays once")
    sim.do("ann", "end_action")
    assert _page(sim)[3] == "bea"
    sim.refuse("ann", "create_conflict", text="Ann again at once", error=NotPermitted)
    sim.do("bea", "create_conflict", text="Bea pays")
    sim.do("bea", "end_action")
    sim.do("ann", "create_conflict", text="Ann pays twice")
    sim.do("ann", "end_action")
    assert sim.state.tokens == {**sim.state.tokens, "ann": 0, "bea": 0}
    assert _page(sim)[:2] == (2, "bea")


@pytest.mark.rules("CAPES-RES-007", "CAPES-RES-006")
def test_resolve__a_losing_leftover_goes_to_the_side_it_sat_on() -> None:
    # src 141: "Any leftover dice turn into Inspirations for the appropriate side". A [6] wins over
    # B [1, 1] (Bea's Sylvie) and C [3] (Cal's Rampart). Ann pairs 6-1 (+5 to her); the leftover 3
    # sat on C, so it is Cal's: Ann may not hand it to Bea. The leftover 1 is Bea's.
    from capeworks.systems.capes.state import Side

    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(1, 1),
        allies={"skitter": "A", "aunt_sylvie": "B", "rampart": "C"},
        extra_sides=(Side(id="C", dice=(3,), original=False),),
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.refuse("ann", "resolve", conflict="c1", pairs="6-1", losers="bea,bea", rule="CAPES-RES-007")
    sim.do("ann", "resolve", conflict="c1", pairs="6-1")
    assert _inspirations(sim, "ann") == [5]
    assert _inspirations(sim, "cal") == [3]
    assert _inspirations(sim, "bea") == [1]


@pytest.mark.rules("CAPES-RES-006")
def test_resolve__a_higher_losing_die_pays_a_player_on_its_own_side() -> None:
    # src 140: when "the losing die is higher", a player "that had a character on the losing side"
    # gets it -- the side that die sat on. A [2, 5] (7) beats B [4] (Bea) and C [3, 3] (6, Cal).
    # Ann pairs 2-4 and 5-3: the 2 from B's 4 may go to Bea, not to Cal; the leftover 3 is Cal's.
    from capeworks.systems.capes.state import Side

    sim = cast_game()
    sim.put_conflict(
        "c1",
        a=(2, 5),
        b=(4,),
        allies={"skitter": "A", "aunt_sylvie": "B", "rampart": "C"},
        stakes={"A": [("skitter", "truth", 1)]},
        extra_sides=(Side(id="C", dice=(3, 3), original=False),),
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.refuse("ann", "resolve", conflict="c1", pairs="2-4,5-3", losers="cal,cal", rule="CAPES-RES-006")
    sim.do("ann", "resolve", conflict="c1", pairs="2-4,5-3")
    assert _inspirations(sim, "ann") == [2]
    assert _inspirations(sim, "bea") == [2]
    assert _inspirations(sim, "cal") == [3]


@pytest.mark.rules("CAPES-RES-004", "CAPES-RES-003", "CAPES-SPLIT-005")
def test_resolve__every_losing_side_shares_the_tokens_and_doubles_its_stakes() -> None:
    # src 131-132 with a split-off third side: A wins (Skitter staked 2); B (Bea's Sylvie) and C
    # (Rampart, 1 Duty staked) both lost. Tokens go one each to Bea and Cal (Ann names them);
    # Rampart's Duty gets 2 back.
    from capeworks.systems.capes.state import Side, Stake

    sim = cast_game()
    side_c = Side(
        id="C", dice=(2,), original=False, stakes=(Stake(character="rampart", pool="duty", amount=1),)
    )
    sim.put_conflict(
        "c1",
        a=(6,),
        b=(3,),
        allies={"skitter": "A", "aunt_sylvie": "B", "rampart": "C"},
        stakes={"A": [("skitter", "truth", 2)]},
        extra_sides=(side_c,),
    )
    _claims(sim, {"ann": ("c1", "A")})
    _to_resolving(sim)
    sim.do("ann", "resolve", conflict="c1", tokens="bea,cal", pairs="6-3")
    assert sim.state.tokens.get("bea", 0) == 1 and sim.state.tokens.get("cal", 0) == 1
    assert sim.debt("rampart", "duty") == 2
    assert _inspirations(sim, "ann") == [3] and _inspirations(sim, "cal") == [2]


@pytest.mark.rules("CAPES-EG-006")
def test_goal__a_failed_character_may_not_be_named_in_a_group_goal_again() -> None:
    # src 125: Rampart failed "Stop the train"; Bea declaring it for Sylvie and Rampart together is
    # refused, for Sylvie alone it stands.
    sim = _rampart_fails_to_stop_the_train()
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    sim.refuse(
        "bea",
        "create_conflict",
        kind="goal",
        text="Stop the train",
        goal_for="aunt_sylvie,rampart",
        rule="CAPES-EG-006",
    )
    sim.do("bea", "create_conflict", kind="goal", text="Stop the train", goal_for="aunt_sylvie")


@pytest.mark.rules("CAPES-EG-006", "CAPES-REACT-001")
def test_goal__a_failed_character_may_not_react_to_help_it_either() -> None:
    # src 125 "may not attempt that Goal again": a Reaction is an attempt too. Sylvie's new
    # "Stop the train" card: Skitter rolls its A die to 2; Cal's Rampart may not react to help A,
    # but may react against it.
    sim = _rampart_fails_to_stop_the_train()
    pass_claims(sim)
    sim.do("bea", "begin_actions")
    sim.do("bea", "create_conflict", kind="goal", text="Stop the train", character="aunt_sylvie")
    sim.do("bea", "end_action")
    goal = next(c for c in sim.state.conflicts if c.text == "Stop the train")
    sim.do("cal", "create_conflict", text="Cal scratch")
    sim.do("cal", "end_action")
    sim.do("ann", "use_ability", dice=(2,), ability="Bug Control", conflict=goal.id, side="A", drive="truth")
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.refuse("cal", "react", dice=(5,), ability="Protective", help="A", rule="CAPES-EG-006")
    sim.do("cal", "react", dice=(1,), ability="Protective", help="B")
