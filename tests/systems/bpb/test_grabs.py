"""Grab, grapple, throw and trip through the table (worked examples B1, B23, B24)."""

from __future__ import annotations

import pytest

from capeworks.systems.bpb.model import Status
from tests.systems.bpb.helpers import fight, one, state, table
from tests.systems.bpb.test_combat import cast, hero


@pytest.mark.rules(
    "BPB-GRAB-001", "BPB-GRAB-002", "BPB-GRAB-003", "BPB-GRAB-004", "BPB-GRAB-008", "BPB-GRAB-009"
)
def test_b1_ganyeka_throws_widow_at_a_brick_wall() -> None:
    d = table()
    fight(d, "ganyeka", "widow")
    # Prowess 4 + [4 3] = 11 vs 8 + Prowess 4 = 12: a miss first
    assert not one(d.do("bo", "grab", attacker="ganyeka", target="widow", dice=(4, 3)), "grabbed").held
    d.do("bo", "end_turn", character="ganyeka")
    d.do("ann", "end_turn", character="widow")
    events = d.do(  # the wall's protection is the GM's to say (BPB-GRAB-009, test_referee7 w03)
        "gm", "grab", attacker="ganyeka", target="widow", manoeuvre="throw", into="a brick wall", into_pv=5,
        dice=(5, 4, 2, 3),
    )  # fmt: skip
    grab = one(events, "grabbed")
    # Widow breaks out with the better of Brawn 2 and Agility 4 vs 8 + Ganyeka's Brawn 5: 4 + 5 = 9 < 13
    assert (grab.roll.task.difficulty, grab.breakout.task.attribute, grab.breakout.task.difficulty) == (
        12,
        4,
        13,
    )
    thrown = one(events, "thrown")
    assert (thrown.rank, thrown.distance_ft, thrown.dr, thrown.object_damage) == (4, 50, 4, 0)
    hit = one(events, "damaged")
    assert (hit.dr, hit.pv, hit.amount) == (4, 2, 2)  # Invulnerability 2: 2 Endurance damage
    assert state(d).condition("widow").lost == 2


@pytest.mark.rules("BPB-GRAB-010")
def test_soft_landing_halves_the_impact() -> None:
    d = table()
    fight(d, "ganyeka", "widow")
    events = d.do(
        "bo", "grab", attacker="ganyeka", target="widow", manoeuvre="throw", soft=True, dice=(6, 6, 1, 1)
    )
    assert one(events, "thrown").dr == 2


@pytest.mark.rules("BPB-GRAB-008")
def test_too_heavy_to_throw() -> None:
    d = cast(hero("kid", owner="ann", Brawn=0, Prowess=6), hero("ox", Agility=1, Brawn=1))
    d.patch(
        characters={
            **state(d).characters,
            "ox": state(d).characters["ox"].model_copy(update={"weight_lb": 600}),
        }
    )
    fight(d, "kid", "ox")
    d.refuse(
        "ann", "grab", rule="BPB-GRAB-008", attacker="kid", target="ox", manoeuvre="throw", dice=(6, 6, 1, 1)
    )


@pytest.mark.rules("BPB-GRAB-003")
def test_b24_extreme_grab_with_expertise_adds_three() -> None:
    d = cast(
        hero("thrower", owner="ann", expertise=("throwing",), Brawn=4, Prowess=5),
        hero("target", Prowess=2, Agility=3),
    )
    fight(d, "thrower", "target")
    events = d.do("ann", "grab", attacker="thrower", target="target", manoeuvre="throw", dice=(6, 4, 6, 6))
    grab = one(events, "grabbed")
    assert grab.roll.verdict.extreme  # 10 + 5 = 15 vs 10
    assert grab.breakout.task.difficulty == 15  # 8 + 4 + 3
    assert not grab.held  # 12 + 3 = 15: broke free


@pytest.mark.rules("BPB-GRAB-005", "BPB-MOD-004")
def test_hold_restrains_and_breaking_free() -> None:
    d = table()
    fight(d, "ganyeka", "widow", "adler")
    events = d.do("bo", "grab", attacker="ganyeka", target="widow", manoeuvre="hold", dice=(6, 6, 1, 1))
    assert one(events, "grabbed").held
    assert Status.RESTRAINED in state(d).condition("widow").statuses
    d.do("bo", "end_turn", character="ganyeka")
    d.refuse("ann", "move", rule="BPB-GRAB-005", character="widow")
    # the held character's own attacks face +3 (attacker restrained)
    events = d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))
    assert one(events, "attack_rolled").roll.task.difficulty == 8 + 2 + 3
    d.do("ann", "end_turn", character="widow")
    # attacks on her get +3 (defender restrained)
    events = d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(1, 1))
    assert one(events, "attack_rolled").roll.task.bonus == 3
    d.do("gm", "end_turn", character="adler")
    d.do("bo", "end_turn", character="ganyeka")
    events = d.do("ann", "break_free", character="widow", dice=(5, 5))  # 10 + 4 = 14 vs 13
    assert one(events, "broke_free").roll.verdict.success
    assert state(d).condition("widow").held_by is None
    d.do("ann", "move", character="widow")


@pytest.mark.rules("BPB-GRAB-006")
@pytest.mark.parametrize(("brawn", "agility", "dr", "stunning"), [(3, 5, 5, False), (2, 3, 3, True)])
def test_b23_squeeze(brawn: int, agility: int, dr: int, stunning: bool) -> None:
    d = cast(hero("grip", owner="ann", Brawn=brawn, Agility=agility, Prowess=6), hero("foe", Endurance=20))
    fight(d, "grip", "foe")
    events = d.do("ann", "grab", attacker="grip", target="foe", manoeuvre="squeeze", dice=(6, 6, 1, 1))
    hit = one(events, "damaged")
    assert (hit.dr, hit.stunning) == (dr, stunning)


@pytest.mark.rules("BPB-GRAB-007")
def test_interpose_gives_the_grappler_three() -> None:
    d = table()
    fight(d, "ganyeka", "brandt", "adler")
    d.do("bo", "grab", attacker="ganyeka", target="brandt", manoeuvre="interpose", dice=(6, 6, 1, 1))
    assert Status.INTERPOSING in state(d).condition("ganyeka").statuses
    d.do("bo", "end_turn", character="ganyeka")
    d.do("gm", "end_turn", character="brandt")
    events = d.do("gm", "attack", attacker="adler", target="ganyeka", power="Pistol", dice=(1, 1))
    assert one(events, "attack_rolled").roll.task.difficulty == 8 + 3 + 3


@pytest.mark.rules("BPB-GRAB-011", "BPB-ACT-004")
@pytest.mark.parametrize(("agility", "stunning"), [(3, True), (4, False)])
def test_trip(agility: int, stunning: bool) -> None:
    d = cast(hero("trip", owner="ann", Agility=agility, Prowess=6), hero("foe", Endurance=20))
    fight(d, "trip", "foe")
    events = d.do("ann", "grab", attacker="trip", target="foe", manoeuvre="trip", dice=(6, 6, 1, 1))
    hit = one(events, "damaged")
    assert (hit.dr, hit.stunning) == (agility, stunning)
    assert Status.PRONE in state(d).condition("foe").statuses
    d.do("ann", "end_turn", character="trip")
    d.refuse("gm", "move", rule="BPB-ACT-004", character="foe")  # prone: standing up is the move
    d.do("gm", "move", character="foe", stand_up=True)
    assert Status.PRONE not in state(d).condition("foe").statuses
