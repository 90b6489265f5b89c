"""Movement: the seed's tables T1-T3 by formula row by row, moves in play, their modifiers, sprint
fatigue, movement powers, range bands and the Benchmarks anchors (worked examples B5, B21, B22)."""

from __future__ import annotations

import pathlib

import pytest

from capeworks.systems.bpb.benchmarks import (
    affects_ft,
    band_of,
    benchmarks,
    extra_bands,
    lifts_rank,
    throws_ft,
)
from capeworks.systems.bpb.movement import ground, jump_ft, mph, rest_after_sprint, water
from capeworks.systems.bpb.sheet import Power
from tests.systems.bpb.helpers import fight, one, state, table
from tests.systems.bpb.test_combat import cast, hero


def _seed_tables() -> dict[str, list[list[int]]]:
    out: dict[str, list[list[int]]] = {}
    current = ""
    for line in (pathlib.Path(__file__).parent / "seed_tables.txt").read_text().splitlines():
        if line.startswith("Table: "):
            current = line.removeprefix("Table: ")
            out[current] = []
        elif line and not line.startswith("#"):
            out[current].append([int(x) for x in line.split()])
    return out


SEED = _seed_tables()


@pytest.mark.rules("BPB-MOVE-001", "BPB-MOVE-002")
def test_t1_ground_table_row_by_row() -> None:
    rows = SEED["Normal ground movment"]
    assert len(rows) == 14
    for rank, walk, run, sprint, miles in rows:
        r = ground(rank)
        assert (r.walk, r.run, r.sprint, r.mph) == (walk, run, sprint, miles), rank


@pytest.mark.rules("BPB-MOVE-004", "BPB-MOVE-011")
def test_t2_water_table_row_by_row() -> None:
    rows = SEED["Normal water movment"]
    assert len(rows) == 14
    for rank, swim, fast, sprint, miles in rows:
        r = water(rank)
        assert (r.walk, r.run, r.sprint, r.mph) == (swim, fast, sprint, miles), rank


@pytest.mark.rules("BPB-MOVE-005")
def test_t3_jump_table_row_by_row() -> None:
    rows = SEED["Normal jump"]
    assert len(rows) == 14
    assert all(jump_ft(brawn) == feet for brawn, feet in rows)


def test_mph_rounds_to_nearest() -> None:
    # 660 ft/round is exactly 75 mph; 60 ft/round is 6.8 -> 7 (floor would give 6, ceil 8 at 70's 7.95)
    assert (mph(660), mph(60), mph(180), mph(12)) == (75, 7, 20, 1)


@pytest.mark.rules("BPB-MOVE-001", "BPB-MOVE-002", "BPB-ACT-004")
def test_b22_moves_in_play() -> None:
    d = table()
    fight(d, "widow", "ganyeka")  # Widow Agility 4
    d.refuse("ann", "move", rule="BPB-MOVE-001", character="widow", mode="walk", feet=41)
    events = d.do("ann", "move", character="widow", mode="sprint")
    assert one(events, "moved").feet == 240
    d.do("ann", "end_turn", character="widow")
    events = d.do("bo", "move", character="ganyeka", mode="run")
    assert one(events, "moved").feet == 60


@pytest.mark.rules("BPB-MOVE-004", "BPB-MOVE-011", "BPB-MOVE-007")
def test_swimming_and_its_modifiers() -> None:
    d = table()
    fight(d, "widow", "ganyeka")
    d.do("gm", "call_task", character="widow", attribute="Agility", difficulty=9)
    events = d.do("ann", "move", character="widow", mode="sprint", medium="water")
    assert one(events, "moved").feet == 48
    roll = one(d.do("ann", "roll", call=1, character="widow", dice=(3, 3)), "task_rolled").roll
    assert roll.task.difficulty == 9 + 6  # BPB-MOVE-011 (PROPOSED): a swim sprint costs +6 as on land


@pytest.mark.rules("BPB-MOVE-007")
@pytest.mark.parametrize(("mode", "extra"), [("walk", 0), ("run", 3), ("sprint", 6)])
def test_running_makes_tasks_harder(mode: str, extra: int) -> None:
    d = table()
    fight(d, "ganyeka", "widow")
    d.do("gm", "call_task", character="ganyeka", attribute="Endurance", difficulty=12)
    d.do("bo", "move", character="ganyeka", mode=mode)
    roll = one(d.do("bo", "roll", call=1, character="ganyeka", dice=(3, 3)), "task_rolled").roll
    assert roll.task.difficulty == 12 + extra


@pytest.mark.rules("BPB-MOVE-007", "BPB-MOVE-008")
def test_running_attacker_and_sprinting_defender() -> None:
    d = cast(
        hero("ace", owner="ann", powers=(Power(name="Blast", rank=6, attack="ranged"),), Accuracy=9),
        hero("foe"),
    )
    fight(d, "foe", "ace")
    d.do("gm", "move", character="foe", mode="run")
    d.do("gm", "end_turn", character="foe")
    events = d.do("ann", "attack", attacker="ace", target="foe", power="Blast", dice=(1, 1))
    assert one(events, "attack_rolled").roll.task.difficulty == 10  # a running defender gives nothing
    d = cast(
        hero("ace", owner="ann", powers=(Power(name="Blast", rank=6, attack="ranged"),), Accuracy=9),
        hero("foe"),
    )
    fight(d, "foe", "ace")
    d.do("gm", "move", character="foe", mode="sprint")
    d.do("gm", "end_turn", character="foe")
    d.do("ann", "move", character="ace", mode="run")
    events = d.do("ann", "attack", attacker="ace", target="foe", power="Blast", dice=(1, 1))
    assert one(events, "attack_rolled").roll.task.difficulty == 10 + 3  # largest of +3 and +3


@pytest.mark.rules("BPB-MOVE-009", "BPB-MOVE-010")
def test_b21_sprint_fatigue() -> None:
    assert rest_after_sprint(3) == 30
    d = table()
    fight(d, "widow")
    for _ in range(3):
        d.do("ann", "move", character="widow", mode="sprint")
        d.do("ann", "end_turn", character="widow")
    d.refuse("ann", "move", rule="BPB-MOVE-009", character="widow", mode="run")
    d.do("ann", "move", character="widow", mode="walk")  # round 4: the rest begins
    assert state(d).condition("widow").slow_until == 4 + 30 - 1  # rounds 4-33, thirty of them
    d.do("ann", "end_turn", character="widow")
    d.refuse("ann", "move", rule="BPB-MOVE-009", character="widow", mode="sprint")
    # a sprint cap of one minute
    d2 = table()
    fight(d2, "widow")
    d2.patch(conditions={"widow": state(d2).condition("widow").model_copy(update={"sprinted": 10})})
    d2.refuse("ann", "move", rule="BPB-MOVE-009", character="widow", mode="sprint")


@pytest.mark.rules("BPB-MOVE-003", "BPB-MOVE-010")
def test_movement_powers_replace_natural_and_never_tire() -> None:
    d = table()
    fight(d, "ganyeka")
    d.patch(conditions={"ganyeka": state(d).condition("ganyeka").model_copy(update={"sprinted": 10})})
    events = d.do("bo", "move", character="ganyeka", mode="sprint", medium="power", power="Leaping")
    assert one(events, "moved").feet == 6 * 40  # rank 4 power, exempt from fatigue
    d.do("bo", "end_turn", character="ganyeka")
    d.refuse("bo", "move", rule="BPB-MOVE-003", character="ganyeka", medium="power", power="Flight")


@pytest.mark.rules("BPB-MOVE-005", "BPB-MOVE-006")
def test_running_long_jump() -> None:
    d = table()
    fight(d, "ganyeka")  # Brawn 5, Agility 3
    events = d.do("bo", "move", character="ganyeka", mode="run", medium="jump")
    assert one(events, "moved").feet == 15 + 60
    assert jump_ft(5) == 15


@pytest.mark.rules("BPB-MOVE-012")
def test_obstacles_call_for_an_athletics_roll() -> None:
    d = table()
    d.do("gm", "call_task", character="widow", attribute="Agility", skill="Athletics", difficulty=12,
         task="cross the icy roof")  # fmt: skip
    roll = one(d.do("ann", "roll", call=1, character="widow", dice=(4, 4)), "task_rolled").roll
    assert roll.verdict.success and roll.task.difficulty == 12


@pytest.mark.rules("BPB-RANGE-001", "BPB-RANGE-003", "BPB-BENCH-001")
def test_b5_range_bands_and_benchmark_anchors() -> None:
    assert (affects_ft(3), affects_ft(4)) == (400, 1600)
    assert affects_ft(7) == 20 * 5280  # "20 miles" (src 111)
    assert (lifts_rank(148), throws_ft(4)) == (1, 50)
    assert (band_of(400), band_of(401), band_of(1600)) == (3, 4, 4)
    assert extra_bands(3, 1600) == 1 and extra_bands(3, 100) == 0
    assert [b.rank for b in benchmarks()] == list(range(15))
