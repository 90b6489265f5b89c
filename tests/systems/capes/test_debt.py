"""Debt on Drives, staking, splitting and the Overdrawn roll (CAPES-DEBT, CAPES-STAKE, CAPES-SPLIT)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.errors import RuleViolation
from capeworks.systems.capes.config import CapesConfig
from capeworks.systems.capes.debt import even_split
from capeworks.systems.capes.queries import overdrawn_pools, owned_dice, side_capacity
from capeworks.systems.capes.sheet import HEROIC_DRIVES, VILLAINOUS_DRIVES, Drive
from capeworks.systems.capes.state import Said, Side, Stake
from tests.systems.capes.helpers import actions_game, cast_game, pass_claims


def _skitter_on_a(**config: object):  # type: ignore[no-untyped-def]
    sim = actions_game(**config)
    sim.put_conflict("c1", a=(5,), b=(2,), allies={"skitter": "A", "rampart": "B"})
    sim.set_debt("skitter", "truth", 5)
    return sim


@pytest.mark.rules("CAPES-SPLIT-001", "CAPES-SPLIT-003")
@pytest.mark.parametrize(
    ("value", "parts", "expected"),
    [
        (5, 2, (3, 2)),  # C1: 5 into two -> 3 and 2
        (5, 3, (2, 2, 1)),  # C1: 5 into three
        (6, 3, (2, 2, 2)),
        (4, 3, (2, 1, 1)),
    ],
)
def test_even_split__golden_c1(value: int, parts: int, expected: tuple[int, ...]) -> None:
    assert even_split(value, parts) == expected
    assert sum(expected) == value


@pytest.mark.rules("CAPES-SPLIT-003")
def test_even_split__a_one_cannot_split() -> None:
    # C1: 1 into two would need a 0
    with pytest.raises(RuleViolation):
        even_split(1, 2)


@pytest.mark.rules("CAPES-SPLIT-001", "CAPES-SPLIT-003")
@given(value=st.integers(1, 6), parts=st.integers(1, 6))
def test_even_split__preserves_total_and_stays_in_1_to_6(value: int, parts: int) -> None:
    if parts > value:
        with pytest.raises(RuleViolation):
            even_split(value, parts)
        return
    dice = even_split(value, parts)
    assert sum(dice) == value and len(dice) == parts
    assert all(1 <= d <= 6 for d in dice)
    assert max(dice) - min(dice) <= 1  # as even as possible


@pytest.mark.rules("CAPES-SPLIT-002")
@pytest.mark.parametrize(
    ("free_die", "original", "staked", "capacity"),
    [
        (True, True, 2, 3),  # C2: PROPOSED free die: 1 + 2
        (False, True, 2, 2),  # C2: literal reading
        (True, False, 2, 2),  # C2: split-off side: Debt staked only
        (True, True, 0, 1),
        (False, False, 0, 1),
    ],
)
def test_side_capacity__golden_c2(free_die: bool, original: bool, staked: int, capacity: int) -> None:
    side = Side(
        id="A", dice=(4,), original=original, stakes=(Stake(character="x", pool="love", amount=staked),)
    )
    assert side_capacity(CapesConfig(split_free_die=free_die), side) == capacity


@pytest.mark.rules("CAPES-SPLIT-002", "CAPES-SPLIT-001")
def test_split__without_debt_is_refused_and_nothing_changes() -> None:
    sim = _skitter_on_a()
    # one die, nothing staked: capacity 1 + 0 = 1
    sim.refuse("ann", "split", conflict="c1", side="A", die=1, parts=2, rule="CAPES-SPLIT-002")


@pytest.mark.rules("CAPES-SPLIT-002", "CAPES-SPLIT-001", "CAPES-STAKE-001")
def test_split__after_staking_two_the_five_becomes_three_and_two() -> None:
    sim = _skitter_on_a()
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    assert sim.side("c1", "A").dice == (3, 2)  # total 5 kept
    # capacity 3: one more split of the 3 into 2 -> [2, 1, 2]; a fourth die is too many
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)
    assert sim.side("c1", "A").dice == (2, 1, 2)
    sim.refuse("ann", "split", conflict="c1", side="A", die=1, parts=2, rule="CAPES-SPLIT-002")


@pytest.mark.rules("CAPES-SPLIT-002")
def test_split__literal_option_needs_debt_for_every_die() -> None:
    sim = _skitter_on_a(split_free_die=False)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    # literal: 1 Debt -> 1 die; no split possible
    sim.refuse("ann", "split", conflict="c1", side="A", die=1, parts=2, rule="CAPES-SPLIT-002")


@pytest.mark.rules("CAPES-SPLIT-001")
def test_split__only_your_own_side() -> None:
    sim = _skitter_on_a()
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.refuse("ann", "split", conflict="c1", side="B", die=1, parts=2, rule="CAPES-SPLIT-001")


@pytest.mark.rules("CAPES-SPLIT-005", "CAPES-SPLIT-002", "CAPES-CONF-004")
def test_split_off__golden_c3() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(3,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    # stake 2 on A -> capacity 3; split 4 -> [2, 1, 1]; move 2 Debt + [2, 1] to new side C
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=3)
    assert sim.side("c1", "A").dice == (2, 1, 1)
    sim.do("ann", "split_off", conflict="c1", side="A", label="Skitter's own plan", payload={"dice": "2,1"})
    assert sim.side("c1", "A").dice == (1,)
    new = sim.side("c1", "C")
    assert new.dice == (2, 1) and new.total == 3 and new.staked == 2 and not new.original
    conflict = sim.state.conflict("c1")
    assert conflict is not None and conflict.alliances["skitter"].side == "C"


@pytest.mark.rules("CAPES-SPLIT-005")
def test_split_off__needs_staked_debt_and_at_most_one_die_per_debt() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(3,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 2)
    sim.refuse(
        "ann",
        "split_off",
        conflict="c1",
        side="A",
        label="Mine",
        payload={"dice": "4"},
        rule="CAPES-SPLIT-005",
    )
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", die=1, parts=2)  # [2, 2]
    sim.refuse(
        "ann",
        "split_off",
        conflict="c1",
        side="A",
        label="Mine",
        payload={"dice": "2,2"},
        rule="CAPES-SPLIT-005",
    )


@pytest.mark.rules("CAPES-STAKE-001", "CAPES-STAKE-002", "CAPES-DEBT-001")
def test_stake__moves_debt_from_the_drive_to_the_allied_side() -> None:
    sim = _skitter_on_a()
    sim.do("ann", "stake", conflict="c1", amount=3, drive="truth")
    assert sim.debt("skitter", "truth") == 2  # 5 - 3
    assert sim.side("c1", "A").stakes == (Stake(character="skitter", pool="truth", amount=3),)


@pytest.mark.rules("CAPES-STAKE-002")
def test_stake__golden_c14_more_than_strength_is_refused() -> None:
    sim = _skitter_on_a()
    # Truth Strength 3 holding 5: 4 on one Conflict is too much
    sim.refuse("ann", "stake", conflict="c1", amount=4, drive="truth", rule="CAPES-STAKE-002")
    sim.do("ann", "stake", conflict="c1", amount=3, drive="truth")
    sim.refuse("ann", "stake", conflict="c1", amount=1, drive="truth", rule="CAPES-STAKE-002")


@pytest.mark.rules("CAPES-STAKE-002", "CAPES-CONF-004")
def test_stake__strength_limits_the_whole_conflict_even_after_changing_sides() -> None:
    sim = _skitter_on_a()
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    # Skitter rolls to help B: now allied with B; her 2 staked stay on A
    sim.do("ann", "use_ability", dice=(1,), ability="Stubborn", conflict="c1", side="B", help="B")
    sim.do("ann", "revert")
    # Truth Strength 3: 2 on A + 2 on B would be 4 on one Conflict
    sim.refuse("ann", "stake", conflict="c1", amount=2, drive="truth", rule="CAPES-STAKE-002")
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    assert sim.side("c1", "A").staked == 2 and sim.side("c1", "B").staked == 1
    assert sim.debt("skitter", "truth") == 2


@pytest.mark.rules("CAPES-STAKE-002")
def test_stake__one_drive_per_conflict() -> None:
    sim = _skitter_on_a()
    sim.set_debt("skitter", "love", 2)
    sim.do("ann", "stake", conflict="c1", amount=1, drive="truth")
    sim.refuse("ann", "stake", conflict="c1", amount=1, drive="love", rule="CAPES-STAKE-002")


@pytest.mark.rules("CAPES-STAKE-002")
def test_stake__only_debt_actually_on_the_drive() -> None:
    sim = _skitter_on_a()
    sim.set_debt("skitter", "justice", 1)
    sim.refuse("ann", "stake", conflict="c1", amount=2, drive="justice", rule="CAPES-STAKE-002")


@pytest.mark.rules("CAPES-STAKE-001")
def test_stake__needs_an_alliance_in_the_conflict() -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(5,), b=(2,))
    sim.set_debt("skitter", "truth", 2)
    sim.refuse("ann", "stake", conflict="c1", amount=1, drive="truth", rule="CAPES-STAKE-001")


@pytest.mark.rules("CAPES-STAKE-005", "CAPES-CHAR-009")
def test_stake__undifferentiated_at_most_three() -> None:
    sim = cast_game()
    sim.do(
        "ann",
        "create_character",
        name="Swarm Thug",
        powers="Bite,Sting,Buzz",
        attitudes="Mean,Dim,Loyal",
        styles="Loud,Fast,Dirty",
    )
    assert sim.state.roster["swarm_thug"].sheet.undifferentiated
    # at Page start Ann adds the thug to the Scene for a Story Token (one given her for it)
    sim.patch(tokens={**sim.state.tokens, "ann": 1})
    sim.do("ann", "choose", character="swarm_thug")
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    sim.put_conflict("c1", a=(5,), b=(2,), allies={"swarm_thug": "A"})
    sim.set_debt("swarm_thug", "stack", 6)
    assert overdrawn_pools(sim.state.roster["swarm_thug"]) == ["stack"]  # C14: 6 > 5
    sim.refuse("ann", "stake", conflict="c1", amount=4, character="swarm_thug", rule="CAPES-STAKE-005")
    sim.do("ann", "stake", conflict="c1", amount=3, character="swarm_thug")
    assert sim.debt("swarm_thug", "stack") == 3


@pytest.mark.rules("CAPES-DEBT-002")
def test_overdrawn__golden_c13_staking_relieves_it() -> None:
    sim = _skitter_on_a()
    sim.set_debt("skitter", "love", 3)
    sim.set_debt("skitter", "truth", 0)
    # Love Strength 2 holding 3 -> Overdrawn
    assert overdrawn_pools(sim.state.roster["skitter"]) == ["love"]
    sim.do("ann", "stake", conflict="c1", amount=1, drive="love")
    # 2 unstaked -> not Overdrawn; the staked one does not count
    assert overdrawn_pools(sim.state.roster["skitter"]) == []


@pytest.mark.rules("CAPES-DEBT-003", "CAPES-PAGE-003")
@pytest.mark.parametrize(("face", "after"), [(2, 2), (6, 5)])
def test_overdrawn_roll__golden_c13_keeps_only_lower(face: int, after: int) -> None:
    sim = actions_game()
    # Skitter owns a 5 on X and a 3 on Y; Love 2 holds 3 Debt
    sim.put_conflict("c1", a=(5,), b=(1,), allies={"skitter": "A"})
    sim.put_conflict("c2", a=(1,), b=(3,), allies={"skitter": "B"})
    assert sorted(v for *_, v in owned_dice(sim.state, "skitter")) == [3, 5]
    sim.set_debt("skitter", "love", 3)
    # finish the Page: every character's free Action, then no claims -> Page 2 starts with the roll
    sim.do("ann", "use_ability", dice=(1,), ability="Sarcastic", conflict="c2", side="A", help="B")
    sim.do("ann", "revert")
    sim.do("ann", "end_action")
    sim.do("bea", "use_ability", dice=(1,), ability="Worried", conflict="c2", side="A", help="A")
    sim.do("bea", "revert")
    sim.do("bea", "end_action")
    sim.do("cal", "use_ability", dice=(1,), ability="Guilty", conflict="c2", side="A", help="A")
    sim.do("cal", "revert")
    sim.do("cal", "end_action")
    assert sim.phase() == "overdrawn"  # before any claim (PROPOSED)
    sim.refuse("ann", "claim", conflict="c1", side="A", rule="CAPES-PAGE-003")
    sim.do("ann", "overdrawn_roll", dice=(face,))
    assert sim.side("c1", "A").dice == (after,)
    assert sim.phase() == "claims"


@pytest.mark.rules("CAPES-DEBT-006")
def test_drives__five_heroic_and_five_villainous() -> None:
    assert [d.value for d in HEROIC_DRIVES] == ["justice", "truth", "love", "hope", "duty"]
    assert [d.value for d in VILLAINOUS_DRIVES] == ["obsession", "pride", "power", "despair", "fear"]
    assert set(Drive) == {*HEROIC_DRIVES, *VILLAINOUS_DRIVES}


@pytest.mark.rules("CAPES-SPLIT-001", "CAPES-SPLIT-002", "CAPES-SPLIT-003")
@given(value=st.integers(1, 6), stake=st.integers(0, 3), parts=st.integers(2, 4))
def test_split__property_total_preserved_and_capacity_respected(value: int, stake: int, parts: int) -> None:
    sim = actions_game()
    sim.put_conflict("c1", a=(value,), b=(1,), allies={"skitter": "A"})
    sim.set_debt("skitter", "truth", 3)
    if stake:
        sim.do("ann", "stake", conflict="c1", amount=stake, drive="truth")
    try:
        sim.do("ann", "split", conflict="c1", side="A", die=1, parts=parts)
    except RuleViolation:
        assert parts > value or parts > 1 + stake
        return
    side = sim.side("c1", "A")
    assert side.total == value
    assert len(side.dice) <= 1 + side.staked
    assert all(1 <= d <= 6 for d in side.dice)


@pytest.mark.rules("CAPES-STAKE-003", "CAPES-DEBT-007")
def test_stake__records_why_the_conflict_is_morally_charged_for_the_drive() -> None:
    # Rules are pure: the event and the state hold facts (who said what about which Conflict); the
    # Drive's theme (table T1, src 156-166) is the renderer's words, in the question put to the others.
    sim = _skitter_on_a()
    why = "Lying to Aunt Sylvie about the necklace is exactly her Truth problem"
    events = sim.do("ann", "stake", conflict="c1", amount=2, drive="truth", why=why)
    staked = events[-1]
    assert staked.type == "capes.staked" and staked.data["why"] == why
    assert "theme" not in staked.data
    assert sim.state.narration[-1] == Said(player="ann", about="stake", text=why, conflict="c1")
    [asked] = {p.question for p in sim.prompts("bea") if p.kind == "object_stake"}
    assert asked == (
        "Object to Ann's stake of 2 Debt from Skitter's truth on c1 (A test conflict)? (only if it is not"
        " morally charged for Skitter and truth, "
        "which is about identity, honesty and secrets)"
    )


@pytest.mark.rules("CAPES-STAKE-003")
def test_stake__other_players_are_prompted_and_may_object_right_away() -> None:
    sim = _skitter_on_a()
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth", why="Her secret identity is at risk")
    prompts = [p for p in sim.prompts() if p.kind == "object_stake"]
    assert sorted(p.seat for p in prompts) == ["bea", "cal"]
    assert {p.rule for p in prompts} == {"CAPES-STAKE-003"}
    sim.refuse("ann", "object", conflict="c1", rule="CAPES-STAKE-003")  # not your own stake
    sim.do("cal", "object", conflict="c1", reason="Nobody is lying here")
    assert sim.debt("skitter", "truth") == 5 and sim.side("c1", "A").stakes == ()
    assert sim.state.narration[-1] == Said(
        player="cal", about="objection", text="Nobody is lying here", conflict="c1"
    )
    # the objector's reason is read in the log (src 152), as a stake's is
    assert (
        sim.words("ann")[-1] == "Cal objects to Skitter's stake on"
        ' c1 (A test conflict): 2 Debt back to truth — "Nobody is lying here".'
    )

    assert not [p for p in sim.prompts() if p.kind == "object_stake"]


@pytest.mark.rules("CAPES-STAKE-003")
def test_stake__objection_only_right_after_the_stake() -> None:
    sim = _skitter_on_a()
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.do("ann", "narrate", text="Skitter smirks.")  # the next event, on her turn (src 25)
    sim.refuse("cal", "object", conflict="c1", rule="CAPES-STAKE-003")
    assert sim.debt("skitter", "truth") == 3
