"""Effects, complications, mixed and critical results: the prompts a check opens and their answers."""

from __future__ import annotations

import pytest

from capeworks.engine import Role
from capeworks.errors import NotPermitted, RuleViolation
from capeworks.systems.rwyn.tables import ACCOMPLISH, COMPLICATION_SUGGESTIONS, EFFECT_SUGGESTIONS
from tests.systems.rwyn.helpers import do, last, table, types

CHARS = {"ada": {"abilities": "Devices:4, Science:3, Stealth:2"}}


def _prompt(t, kind):  # type: ignore[no-untyped-def]
    return next(p for p in t.table.prompts() if p.kind == kind)


@pytest.mark.rules("RWYN-EFFECT-001", "RWYN-EFFECT-002")
def test_effects__first_is_always_accomplish_and_the_rest_are_picked() -> None:
    t = table(characters=CHARS)
    # Devices 4 vs 2: [6 5 5 2] = 3 successes -> 'I accomplish the task' + 2 picks
    do(t, "ann", "check", character="ada", ability="Devices", difficulty=2, dice=[6, 5, 5, 2])
    prompt = _prompt(t, "effects")
    assert (prompt.seat, prompt.min_choices, prompt.max_choices, prompt.free_text) == ("ann", 2, 2, True)
    # two picks: the source's examples are suggestions for the answer, not answers on their own
    assert prompt.options == () and prompt.free is not None and prompt.free.many
    assert list(prompt.free.suggestions) == list(EFFECT_SUGGESTIONS)
    events = do(t, "ann", "effects", check=1, picks="quickly,with a flourish")
    assert last(events, "effects_chosen")["check"]["effects"] == [ACCOMPLISH, "quickly", "with a flourish"]
    assert types(events)[-1] == "check_closed"


@pytest.mark.rules("RWYN-EFFECT-001")
@pytest.mark.parametrize("picks", ["quickly", "quickly,silently,smoothly", ""])
def test_effects__wrong_number_is_refused(picks: str) -> None:
    t = table(characters=CHARS)
    do(t, "ann", "check", character="ada", ability="Devices", difficulty=2, dice=[6, 5, 5, 2])
    with pytest.raises(RuleViolation, match="exactly 2"):
        do(t, "ann", "effects", check=1, picks=picks)


@pytest.mark.rules("RWYN-EFFECT-001")
def test_effects__giving_accomplish_first_is_accepted() -> None:
    t = table(characters=CHARS)
    do(t, "ann", "check", character="ada", ability="Stealth", difficulty=1, dice=[6, 5])
    events = do(t, "ann", "effects", check=1, picks=[ACCOMPLISH, "silently"])
    assert last(events, "effects_chosen")["check"]["effects"] == [ACCOMPLISH, "silently"]


@pytest.mark.rules("RWYN-EFFECT-001")
def test_effects__one_success_needs_no_prompt() -> None:
    # W1: ability 3 vs 2, [5 2 1] -> 1 success, one 1 (not more than 1) -> not mixed, 1 effect
    t = table(characters=CHARS)
    events = do(t, "ann", "check", character="ada", ability="Science", difficulty=2, dice=[5, 2, 1])
    check = last(events, "check_resolved")["check"]
    assert (check["success"], check["mixed"], check["effects"]) == (True, False, [ACCOMPLISH])
    assert t.table.prompts() == []


@pytest.mark.rules("RWYN-EFFECT-003", "RWYN-POOL-005")
def test_complications__one_per_disaster_success_worded_by_the_gm() -> None:
    t = table(characters=CHARS)
    # Stealth 2 vs 4: [5 3] succeeds; disaster [6 5] = 2 complications, and the task still succeeds
    do(t, "ann", "check", character="ada", ability="Stealth", difficulty=4, dice=[5, 3])
    events = do(t, "ann", "sacrifice", check=1, count=0, dice=[6, 5])
    check = last(events, "check_resolved")["check"]
    assert (check["success"], check["disaster_successes"]) == (True, 2)
    prompt = _prompt(t, "complications")
    assert (prompt.role, prompt.min_choices, prompt.free_text) == (Role.GM, 2, True)
    assert prompt.free is not None and list(prompt.free.suggestions) == list(COMPLICATION_SUGGESTIONS)
    with pytest.raises(NotPermitted):
        do(t, "ann", "complications", check=1, texts="messiness,being spotted")
    with pytest.raises(RuleViolation, match="exactly that many"):
        do(t, "gm", "complications", check=1, texts="messiness")
    events = do(t, "gm", "complications", check=1, texts="messiness, being spotted")
    assert last(events, "complications_chosen")["check"]["complications"] == ["messiness", "being spotted"]


@pytest.mark.rules("RWYN-MIX-001", "RWYN-MIX-002")
def test_mixed__failure_with_more_ones_gets_a_silver_lining() -> None:
    # W4: ability 2 vs 4, [1 1] -> 0 successes, two 1s -> mixed failure; 2 disaster dice still roll
    t = table(characters=CHARS)
    events = do(t, "ann", "check", character="ada", ability="Stealth", difficulty=4, dice=[1, 1, 3, 4])
    check = last(events, "check_resolved")["check"]
    assert (check["success"], check["mixed"], check["disaster_faces"]) == (False, True, [3, 4])
    prompt = _prompt(t, "mixed")
    assert (prompt.role, prompt.rule) == (Role.GM, "RWYN-MIX-002")
    events = do(t, "gm", "mixed", check=1, text="the guard drops a key")
    assert last(events, "mixed_noted")["check"]["mixed_note"] == "the guard drops a key"


@pytest.mark.rules("RWYN-MIX-001", "RWYN-MIX-003")
def test_mixed__success_with_more_ones_is_tainted() -> None:
    # W5: ability 4 vs 3, [6 1 1 3] -> 1 success, two 1s -> mixed success
    t = table(characters=CHARS)
    events = do(t, "ann", "check", character="ada", ability="Devices", difficulty=3, dice=[6, 1, 1, 3])
    check = last(events, "check_resolved")["check"]
    assert (check["success"], check["mixed"]) == (True, True)
    assert _prompt(t, "mixed").rule == "RWYN-MIX-003"


@pytest.mark.rules("RWYN-MIX-001")
@pytest.mark.parametrize(("config", "mixed"), [({}, False), ({"mixed_counts_disaster_ones": True}, True)])
def test_mixed__disaster_ones_count_only_when_configured(config: dict[str, bool], mixed: bool) -> None:
    # W6: ability 2 vs 4, pool [5 1], disaster [1 1]: pool-only 1 one vs 1 success -> not mixed;
    # counting disaster 1s: 3 ones > 1 success -> mixed
    t = table(config, characters=CHARS)
    do(t, "ann", "check", character="ada", ability="Stealth", difficulty=4, dice=[5, 1])
    events = do(t, "ann", "sacrifice", check=1, count=0, dice=[1, 1])
    assert last(events, "check_resolved")["check"]["mixed"] is mixed


@pytest.mark.rules("RWYN-MIX-001", "RWYN-POOL-008")
def test_mixed__compares_successes_before_sacrifice_by_default() -> None:
    # Stealth 2 vs 5: [5 1] + 3 disaster dice; sacrifice 1 -> kept 0: default 1 one vs 1 success -> not mixed;
    # mixed_uses_kept_successes -> 1 one > 0 kept -> mixed
    for flag, mixed in ((False, False), (True, True)):
        t = table({"mixed_uses_kept_successes": flag}, characters=CHARS)
        do(t, "ann", "check", character="ada", ability="Stealth", difficulty=5, dice=[5, 1])
        events = do(t, "ann", "sacrifice", check=1, count=1, dice=[2, 3])
        assert last(events, "check_resolved")["check"]["mixed"] is mixed


@pytest.mark.rules("RWYN-CRIT-001")
def test_critical__all_successes_let_the_player_pick_what_goes_well() -> None:
    t = table(characters=CHARS)
    events = do(t, "ann", "check", character="ada", ability="Science", difficulty=3, dice=[5, 6, 5])
    assert last(events, "check_resolved")["check"]["crit"] == "success"
    prompt = _prompt(t, "critical")
    assert (prompt.seat, [o.value for o in prompt.options]) == ("ann", ["place", "person", "circumstance"])
    with pytest.raises(RuleViolation, match="place, a person or a circumstance"):
        do(t, "ann", "critical", check=1, target="weather")
    events = do(t, "ann", "critical", check=1, target="person", text="the curator owes me")
    assert last(events, "critical_chosen")["check"]["crit_target"] == "person"


@pytest.mark.rules("RWYN-CRIT-001")
def test_critical__all_ones_go_badly_and_the_threshold_preset_differs() -> None:
    t = table(characters=CHARS)
    events = do(t, "ann", "check", character="ada", ability="Stealth", difficulty=2, dice=[1, 1])
    assert last(events, "check_resolved")["check"]["crit"] == "failure"
    # threshold preset: 0 kept and a disaster success is a critical failure; all ones alone is not
    t = table({"crit_preset": "threshold"}, characters=CHARS)
    events = do(t, "ann", "check", character="ada", ability="Stealth", difficulty=2, dice=[1, 1])
    assert last(events, "check_resolved")["check"]["crit"] is None
    events = do(t, "ann", "check", character="ada", ability="Stealth", difficulty=3, dice=[1, 2, 6])
    assert last(events, "check_resolved")["check"]["crit"] == "failure"


@pytest.mark.rules("RWYN-CRIT-002", "RWYN-TRAIT-001")
def test_quality_dice__only_the_gm_grants_them_and_only_when_turned_on() -> None:
    chars = {"ada": {"abilities": "Charm:2", "qualities": "assertive/hot-tempered"}}
    t = table(characters=chars)
    with pytest.raises(RuleViolation) as e:
        do(t, "gm", "check", character="ada", ability="Charm", difficulty=2, benefit="assertive")
    assert e.value.rule_id == "RWYN-CRIT-002"
    t = table({"quality_die_bonus": 1}, characters=chars)
    with pytest.raises(NotPermitted):
        do(t, "ann", "check", character="ada", ability="Charm", difficulty=2, benefit="assertive")
    # 2 + 1 benefit die = 3 dice; the drawback adds 1 disaster die
    events = do(
        t,
        "gm",
        "check",
        character="ada",
        ability="Charm",
        difficulty=2,
        benefit="assertive",
        drawback="hot-tempered",
        dice=[5, 2, 2, 3],
    )
    plan = last(events, "check_resolved")["check"]["plan"]
    assert (plan["ability_dice"], plan["disaster_nominal"]) == (3, 1)
