"""Sacrificing successes to remove disaster dice before they are rolled, never the last one."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.errors import RuleViolation
from capeworks.systems.rwyn.checks import Stage
from capeworks.systems.rwyn.pool import max_sacrifice
from tests.systems.rwyn.helpers import do, last, state, table, types

ADA = {"ada": {"abilities": "Science:3, Devices:4"}}


@pytest.mark.rules("RWYN-SAC-001", "RWYN-SAC-002", "RWYN-SAC-004")
def test_sacrifice__ability_dice_roll_first_and_the_check_waits() -> None:
    t = table(characters=ADA)
    events = do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    # only the 3 ability dice rolled; the 2 disaster dice wait for the sacrifice answer
    assert types(events) == ["check_rolled"]
    assert [r.purpose for r in events[0].rolls] == ["Science dice"]
    check = state(t).checks[1]
    assert (check.stage, check.max_sacrifice) == (Stage.SACRIFICE, 1)
    (prompt,) = t.table.prompts()
    assert (prompt.kind, prompt.seat, prompt.default, [o.value for o in prompt.options]) == (
        "sacrifice",
        "ann",
        "0",
        ["0", "1"],
    )


@pytest.mark.rules("RWYN-SAC-002", "RWYN-SAC-001")
def test_sacrifice__each_success_removes_one_disaster_die_and_is_not_kept() -> None:
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    events = do(t, "ann", "sacrifice", check=1, count=1, dice=[3])
    assert types(events) == ["sacrificed", "disaster_rolled", "check_resolved", "check_closed"]
    resolved = last(events, "check_resolved")["check"]
    # 2 successes - 1 sacrificed = 1 kept; 2 disaster dice - 1 = 1 rolled
    assert (resolved["kept"], resolved["disaster_faces"], resolved["success"]) == (1, [3], True)
    assert resolved["effects"] == ["I accomplish the task"]


@pytest.mark.rules("RWYN-SAC-004")
def test_sacrifice__is_optional() -> None:
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    events = do(t, "ann", "sacrifice", check=1, count=0, dice=[3, 2])
    assert last(events, "check_resolved")["check"]["kept"] == 2


@pytest.mark.rules("RWYN-SAC-003")
def test_sacrifice__the_last_disaster_die_stays_and_nothing_changes() -> None:
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    before, version = t.state.model_dump_json(), t.table.version
    with pytest.raises(RuleViolation) as e:
        do(t, "ann", "sacrifice", check=1, count=2)
    assert e.value.rule_id == "RWYN-SAC-003"
    assert "last disaster die" in e.value.message
    assert (t.state.model_dump_json(), t.table.version) == (before, version)


@pytest.mark.rules("RWYN-SAC-003")
def test_sacrifice__one_disaster_die_is_never_offered_for_sacrifice() -> None:
    # W3: ability 3 vs 4 -> 1 disaster die, which rolls at once even with 3 successes
    t = table(characters=ADA)
    events = do(t, "ann", "check", character="ada", ability="Science", difficulty=4, dice=[5, 6, 6, 2])
    assert types(events)[:3] == ["check_rolled", "disaster_rolled", "check_resolved"]
    assert all(p.kind != "sacrifice" for p in t.table.prompts())


@pytest.mark.rules("RWYN-SAC-002")
def test_sacrifice__cannot_spend_more_successes_than_rolled() -> None:
    t = table(characters={"ada": {"abilities": "Science:1"}})
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6])
    with pytest.raises(RuleViolation) as e:
        do(t, "ann", "sacrifice", check=1, count=2)
    assert e.value.rule_id == "RWYN-SAC-002"


@pytest.mark.rules("RWYN-SAC-004")
def test_sacrifice__all_successes_may_go_and_the_task_then_fails() -> None:
    # PROPOSED: 1 success vs 4 disaster dice: sacrificing it leaves 3 dice and a failure
    t = table(characters={"ada": {"abilities": "Science:1"}})
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6])
    events = do(t, "ann", "sacrifice", check=1, count=1, dice=[1, 2, 3])
    assert last(events, "check_resolved")["check"]["success"] is False


@pytest.mark.rules("RWYN-SAC-003", "RWYN-SAC-004")
@given(successes=st.integers(0, 30), disaster=st.integers(0, 30))
def test_sacrifice__property_never_removes_the_last_disaster_die(successes: int, disaster: int) -> None:
    most = max_sacrifice(successes, disaster)
    assert 0 <= most <= successes
    if disaster:
        assert disaster - most >= 1
    else:
        assert most == 0
    # and it is the most allowed, not merely a safe number: min(successes, disaster dice - 1)
    assert most == min(successes, max(0, disaster - 1))


@pytest.mark.rules("RWYN-SAC-004")
def test_sacrifice__the_prompt_warns_when_the_task_would_then_fail() -> None:
    # PROPOSED: every success may be sacrificed, and the engine warns that the task then fails
    t = table(characters={"ada": {"abilities": "Science:2"}})
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5])
    (prompt,) = t.table.prompts()
    labels = {o.value: o.label for o in prompt.options}
    assert list(labels) == ["0", "1", "2"]
    assert "fail" not in labels["0"] + labels["1"]
    assert labels["2"] == "2 (the task then fails)"


@pytest.mark.rules("RWYN-SAC-004", "RWYN-DESIGN-002")
def test_sacrifice__the_warning_follows_the_tables_resolution_mode() -> None:
    # success_threshold with disaster dice: 3 successes can never reach difficulty 5, so every option fails
    cfg = {"resolution_mode": "success_threshold", "threshold_disaster_dice": True}
    t = table(cfg, characters={"ada": {"abilities": "Science:3"}})
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 6, 5])
    (prompt,) = t.table.prompts()
    assert [o.label for o in prompt.options] == ["0 (the task then fails)", "1 (the task then fails)"]


@pytest.mark.rules("RWYN-SAC-003")
def test_sacrifice__answering_the_prompt_beyond_its_range_names_the_rule_broken() -> None:
    # 2 successes against 2 disaster dice: the prompt offers 0 or 1; answering 2 is refused as
    # `sacrifice count=2` is, under RWYN-SAC-003, with the table unchanged
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    err = t.refuse("ann", "answer", prompt="check-1:sacrifice", option="2", rule="RWYN-SAC-003")
    assert "last disaster die" in err.message
    t.refuse("ann", "answer", prompt="check-1:sacrifice", option="lots", match="has no answer 'lots'")
    events = do(t, "ann", "answer", prompt="check-1:sacrifice", option="1", dice=[3])
    assert last(events, "check_resolved")["check"]["kept"] == 1
