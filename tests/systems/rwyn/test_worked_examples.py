"""The inventory's worked examples W1-W16 as golden tests: scripted dice in, events and state out.

The sample session's whole log is also pinned in ``golden/sample_session.json``
(regenerate with ``RWYN_REGOLD=1 pytest tests/systems/rwyn``).
"""

from __future__ import annotations

import json
import os
import pathlib
from fractions import Fraction

import pytest

from capeworks.engine.conformance import play_sample
from capeworks.engine.render import describe
from capeworks.errors import RuleViolation
from capeworks.systems.rwyn.config import RwynConfig, preset
from capeworks.systems.rwyn.odds import p_at_least
from capeworks.systems.rwyn.pool import apply_cap, build_pool
from capeworks.systems.rwyn.sheet import Consequence, Standing, Track
from capeworks.systems.rwyn.tables import ACCOMPLISH
from tests.systems.rwyn.helpers import RULESET, do, last, state, table, types

GOLDEN = pathlib.Path(__file__).parent / "golden" / "sample_session.json"
ADA = {"ada": {"abilities": "Science:3, Stealth:2, Devices:4, Wealth:4, Endurance:3, Poise:2"}}


@pytest.mark.rules("RWYN-POOL-003", "RWYN-MIX-001", "RWYN-EFFECT-001")
def test_w1__normal_roll() -> None:
    t = table(characters=ADA)
    events = do(t, "ann", "check", character="ada", ability="Science", difficulty=2, dice=[5, 2, 1])
    assert types(events) == ["check_rolled", "check_resolved", "check_closed"]
    c = last(events, "check_resolved")["check"]
    assert (c["plan"]["disaster_nominal"], c["successes"], c["mixed"], c["success"], c["effects"]) == (
        0, 1, False, True, [ACCOMPLISH],
    )  # fmt: skip


@pytest.mark.rules("RWYN-SAC-001", "RWYN-SAC-002", "RWYN-SAC-003", "RWYN-POOL-004")
@pytest.mark.parametrize(("disaster", "complications"), [(5, 1), (3, 0)])
def test_w2__sacrifice_source_example(disaster: int, complications: int) -> None:
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    with pytest.raises(RuleViolation):  # the second success would remove the last disaster die
        do(t, "ann", "sacrifice", check=1, count=2)
    events = do(t, "ann", "sacrifice", check=1, count=1, dice=[disaster])
    c = last(events, "check_resolved")["check"]
    assert (c["kept"], c["success"], c["effects"], c["disaster_successes"]) == (
        1,
        True,
        [ACCOMPLISH],
        complications,
    )
    assert [p.kind for p in t.table.prompts()] == (["complications"] if complications else [])


@pytest.mark.rules("RWYN-SAC-003")
def test_w3__last_disaster_die_even_with_three_successes() -> None:
    t = table(characters=ADA)
    events = do(t, "ann", "check", character="ada", ability="Science", difficulty=4, dice=[5, 5, 6, 1])
    c = last(events, "check_resolved")["check"]
    assert (c["successes"], c["max_sacrifice"], c["disaster_faces"]) == (3, 0, [1])


@pytest.mark.rules("RWYN-MIX-001", "RWYN-MIX-002", "RWYN-POOL-004")
def test_w4__mixed_failure() -> None:
    t = table(characters=ADA)
    events = do(t, "ann", "check", character="ada", ability="Stealth", difficulty=4, dice=[1, 1, 2, 3])
    c = last(events, "check_resolved")["check"]
    assert (c["success"], c["mixed"], len(c["disaster_faces"])) == (False, True, 2)


@pytest.mark.rules("RWYN-MIX-001", "RWYN-MIX-003")
def test_w5__mixed_success() -> None:
    t = table(characters=ADA)
    events = do(t, "ann", "check", character="ada", ability="Devices", difficulty=3, dice=[6, 1, 1, 3])
    c = last(events, "check_resolved")["check"]
    assert (c["successes"], c["success"], c["mixed"]) == (1, True, True)


@pytest.mark.rules("RWYN-MIX-001")
@pytest.mark.parametrize(("flag", "mixed"), [(False, False), (True, True)])
def test_w6__mixed_with_disaster_dice(flag: bool, mixed: bool) -> None:
    t = table({"mixed_counts_disaster_ones": flag}, characters=ADA)
    do(t, "ann", "check", character="ada", ability="Stealth", difficulty=4, dice=[5, 1])
    events = do(t, "ann", "sacrifice", check=1, count=0, dice=[1, 1])
    assert last(events, "check_resolved")["check"]["mixed"] is mixed


@pytest.mark.rules("RWYN-POOL-007")
@pytest.mark.parametrize(
    ("n", "dice", "auto"), [(19, 10, 4), (10, 10, 0), (11, 10, 0), (12, 10, 1), (20, 10, 5)]
)
def test_w7__cap(n: int, dice: int, auto: int) -> None:
    assert (apply_cap(n).dice, apply_cap(n).auto) == (dice, auto)


@pytest.mark.rules("RWYN-POOL-007", "RWYN-POOL-008")
def test_w8__cap_and_difficulty_guarantee_success() -> None:
    # nominal 14 (5 + 9 quality dice) vs 3: 10 dice + 2 automatic; all ten dice blank still succeeds
    t = table(
        {"quality_die_bonus": 9}, characters={"x": {"abilities": "Melee:5", "qualities": "strong/slow"}}
    )
    events = do(
        t, "gm", "check", character="x", ability="Melee", difficulty=3, benefit="strong", dice=[2] * 10
    )
    c = last(events, "check_resolved")["check"]
    assert (c["success"], c["kept"], c["effects_needed"]) == (True, 2, 2)


@pytest.mark.rules("RWYN-ABIL-004", "RWYN-ABIL-005", "RWYN-ABIL-006", "RWYN-ABIL-007")
def test_w9__wealth() -> None:
    t = table(characters=ADA)
    assert last(do(t, "ann", "buy", character="ada", cost=2), "purchased")["band"] == "unrestricted"
    assert last(do(t, "ann", "buy", character="ada", cost=3), "purchased")["band"] == "limited"
    events = do(t, "ann", "buy", character="ada", cost=4, dice=[1, 2, 3, 4])
    assert "purchased" not in types(events) and state(t).characters["ada"].rating("Wealth") == 4
    do(t, "ann", "buy", character="ada", cost=6, dice=[5, 2, 2, 2])
    check_id = max(state(t).checks)
    events = do(t, "ann", "sacrifice", check=check_id, count=0, dice=[5, 6])
    assert state(t).characters["ada"].rating("Wealth") == 2
    assert "purchased" in types(events)


@pytest.mark.rules("RWYN-STRESS-001")
def test_w10__stress_size() -> None:
    from capeworks.systems.rwyn.stress import track_size

    ada = state(table(characters=ADA)).characters["ada"]
    assert (track_size(ada, Track.PHYSICAL, RwynConfig()), track_size(ada, Track.MENTAL, RwynConfig())) == (
        3,
        2,
    )


@pytest.mark.rules("RWYN-STRESS-002", "RWYN-STRESS-003", "RWYN-STRESS-004")
def test_w11__consequences() -> None:
    t = table(characters=ADA)
    for _ in range(2):
        do(t, "gm", "stress", character="ada", track="mental", amount=3)
        do(t, "ann", "consequence", character="ada")
    assert set(state(t).characters["ada"].consequences) == {Consequence.MINOR, Consequence.MODERATE}
    do(t, "gm", "stress", character="ada", track="mental", amount=3)
    assert (
        t.table.prompts()[0].options[1].value == "taken_out"
    )  # the player may choose to be taken out instead
    events = do(t, "ann", "consequence", character="ada")
    assert last(events, "consequence_taken")["severity"] == "major"
    do(t, "gm", "stress", character="ada", track="mental", amount=3)
    # the fourth: the player may still choose to be taken out; accepting it is out for good (W11)
    assert t.table.prompts()[0].context["severity"] == "fourth"
    events = do(t, "ann", "consequence", character="ada")
    assert types(events)[-1] == "taken_out"
    assert state(t).characters["ada"].standing is Standing.OUT_FOR_GOOD


@pytest.mark.rules("RWYN-DESIGN-008")
def test_w12__half_faces_claim() -> None:
    cfg = preset("success_on_4")
    assert [p_at_least(n, d, cfg) for n, d in ((5, 3), (7, 4), (9, 5))] == [Fraction(1, 2)] * 3
    assert (p_at_least(4, 3, cfg), p_at_least(6, 3, cfg)) == (Fraction(5, 16), Fraction(21, 32))


@pytest.mark.rules("RWYN-DESIGN-003")
def test_w13__average_adventurer() -> None:
    assert [p_at_least(n, 3) for n in (8, 9, 10)] == [
        Fraction(1163, 2187), Fraction(12259, 19683), Fraction(13795, 19683),
    ]  # fmt: skip


@pytest.mark.rules("RWYN-GEN-002")
def test_w14__core_success_chance() -> None:
    assert [p_at_least(n, 1) for n in range(1, 6)] == [
        Fraction(1, 3), Fraction(5, 9), Fraction(19, 27), Fraction(65, 81), Fraction(211, 243),
    ]  # fmt: skip


@pytest.mark.rules("RWYN-DESIGN-009")
def test_w15__cap_at_half_faces() -> None:
    cfg = preset("success_on_4")
    # 11 dice -> 10 + 0: P(>= 6 | 10); 12 dice -> 10 + 1: P(>= 5 | 10)
    assert round(float(p_at_least(10, 6, cfg)), 3) == 0.377
    assert round(float(p_at_least(10, 5, cfg)), 3) == 0.623


@pytest.mark.rules("RWYN-DESIGN-005")
def test_w16__take_your_time() -> None:
    cfg = preset("take_your_time")
    assert build_pool(4, 3, cfg, time=2).auto_successes == 2
    assert build_pool(3, 3, cfg, time=1).auto_successes == 1
    with pytest.raises(RuleViolation):
        build_pool(3, 3, cfg, time=2)


def _session_dump() -> list[dict[str, object]]:
    t = play_sample(RULESET, seed=7)
    return [
        {
            "type": e.type,
            "words": describe(RULESET, e).text,
            "data": e.data,
            "rolls": [r.model_dump() for r in e.rolls],
        }
        for e in t.log
        if not e.type.startswith("table.")
    ]


@pytest.mark.rules("RWYN-SAC-001", "RWYN-GEN-003", "RWYN-STRESS-002", "RWYN-TRAIT-004")
def test_golden__sample_session_log() -> None:
    got = json.loads(json.dumps(_session_dump()))
    if os.environ.get("RWYN_REGOLD"):
        GOLDEN.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert got == json.loads(GOLDEN.read_text(encoding="utf-8"))
