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

from capeworks.errors import CapeworksError, NotPermitted
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
        "ann", "use_ability", dice=(1,), ability="Silk Lines", conflict="c1", side="B", help="A", drive="truth"
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
    sim.refuse("ann", "use_ability", dice=(6,), ability="Ruthless", conflict="c1", side="A", rule="CAPES-ABIL-001")


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
    sim.patch(
        inspirations={**sim.state.inspirations, "ann": (Inspiration(value=3), Inspiration(value=5))}
    )
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
    sim.put_conflict(
        "c1", a=(3, 2), b=(1,), allies={"skitter": "A"}, stakes={"A": [("skitter", "truth", 1)]}
    )
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
    sim.do("ann", "use_ability", dice=(1,), ability="Silk Lines", conflict="c1", side="A", help="B", drive="truth")
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
    sim.do("ann", "begin_actions")
    sim.do("ann", "deadlock", conflict="c1")
    # every stake back doubled (src 144): Truth 6, Duty 2
    assert sim.debt("skitter", "truth") == 6 and sim.debt("rampart", "duty") == 2
