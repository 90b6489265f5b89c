"""Stress tracks, consequences, being taken out, enemy moves and recovery."""

from __future__ import annotations

import pytest

from capeworks.engine import Role
from capeworks.errors import InvalidCommand, NotPermitted, RuleViolation
from capeworks.systems.rwyn.sheet import Consequence, Standing, Track
from tests.systems.rwyn.helpers import do, last, state, table, types

ROOK = {"rook": {"abilities": "Endurance:3, Poise:2, Brawling:4, Athletics:1", "owner": "bo"}}


def _rook(t):  # type: ignore[no-untyped-def]
    return state(t).characters["rook"]


@pytest.mark.rules("RWYN-STRESS-001", "RWYN-ABIL-002")
def test_tracks__physical_is_resilience_and_mental_is_poise() -> None:
    # W10: Resilience (Endurance) 3, Poise 2 -> 3 physical boxes, 2 social/mental boxes
    from capeworks.systems.rwyn.config import RwynConfig
    from capeworks.systems.rwyn.stress import track_size

    t = table(characters=ROOK)
    cfg = RwynConfig()
    assert track_size(_rook(t), Track.PHYSICAL, cfg) == 3
    assert track_size(_rook(t), Track.MENTAL, cfg) == 2


@pytest.mark.rules("RWYN-ABIL-002", "RWYN-STRESS-001")
def test_tracks__resilience_can_be_its_own_ability() -> None:
    t = table(
        {"physical_stress_ability": "Resilience"},
        characters={"x": {"abilities": "Resilience:4, Endurance:1"}},
    )
    from capeworks.systems.rwyn.stress import track_size

    assert track_size(state(t).characters["x"], Track.PHYSICAL, state(t).config) == 4


@pytest.mark.rules("RWYN-STRESS-001")
def test_stress__fills_boxes_until_full() -> None:
    t = table(characters=ROOK)
    events = do(t, "gm", "stress", character="rook", track="physical", amount=3)
    assert last(events, "stress_taken")["result"] == "absorbed"
    assert _rook(t).stress[Track.PHYSICAL] == 3
    with pytest.raises(NotPermitted):
        do(t, "bo", "stress", character="rook", track="physical", amount=1)


@pytest.mark.rules("RWYN-STRESS-002")
def test_stress__overflow_asks_for_the_next_consequence_and_clears_the_track() -> None:
    t = table(characters=ROOK)
    do(t, "gm", "stress", character="rook", track="mental", amount=1)
    events = do(t, "gm", "stress", character="rook", track="mental", amount=2)  # 1 + 2 > 2 boxes
    assert last(events, "stress_taken")["result"] == "overflow"
    (prompt,) = t.table.prompts()
    assert (prompt.seat, prompt.kind, prompt.context["severity"]) == ("bo", "consequence", "minor")
    # checks wait until the overflow is answered
    with pytest.raises(RuleViolation) as e:
        do(t, "bo", "check", character="rook", ability="Brawling", difficulty=1)
    assert e.value.rule_id == "RWYN-STRESS-002"
    events = do(t, "bo", "consequence", character="rook", choice="consequence", text="rattled")
    assert last(events, "consequence_taken")["severity"] == "minor"
    assert _rook(t).consequences == {Consequence.MINOR: "rattled"}
    assert _rook(t).stress[Track.MENTAL] == 0


@pytest.mark.rules("RWYN-STRESS-002", "RWYN-STRESS-003", "RWYN-STRESS-004", "RWYN-STRESS-005")
def test_consequences__ladder_then_fourth_takes_out() -> None:
    # W11: minor, moderate, major; the fourth overflow, accepted, takes the character out for good
    t = table(characters=ROOK)
    for rung in ("minor", "moderate", "major"):
        do(t, "gm", "stress", character="rook", track="physical", amount=4)
        events = do(t, "bo", "consequence", character="rook", text=f"{rung} hurt")
        assert last(events, "consequence_taken")["severity"] == rung
    events = do(t, "gm", "stress", character="rook", track="physical", amount=4)
    assert types(events) == ["stress_taken"]
    assert t.prompt("bo", "consequence").context["severity"] == "fourth"
    events = do(t, "bo", "consequence", character="rook")
    assert types(events) == ["taken_out"]
    assert last(events, "taken_out")["by_choice"] is False
    assert _rook(t).standing is Standing.OUT_FOR_GOOD
    (prompt,) = t.table.prompts()
    assert (prompt.role, prompt.kind, prompt.rule) == (Role.GM, "outcome", "RWYN-STRESS-005")
    events = do(t, "gm", "outcome", character="rook", text="falls into the harbour, never seen again")
    assert _rook(t).out_how.startswith("falls")
    assert t.table.prompts() == []
    with pytest.raises(RuleViolation, match="taken out"):
        do(t, "bo", "check", character="rook", ability="Brawling", difficulty=1)


@pytest.mark.rules("RWYN-STRESS-002", "RWYN-STRESS-003")
def test_overflow_prompt__both_answers_carry_words_through_answer() -> None:
    # taken out by choice, with the player's words: the option and the words together
    t = table(characters=ROOK)
    do(t, "gm", "stress", character="rook", track="physical", amount=4)
    prompt = t.prompt("bo", "consequence")
    assert prompt.free is not None and "taken_out" in prompt.free.hint
    events = t.answer("bo", prompt.id, "taken_out", value="dives off the pier")
    taken = last(events, "taken_out")
    assert (taken["by_choice"], taken["how"]) == (True, "dives off the pier")
    assert _rook(t).standing is Standing.OUT_BY_CHOICE
    # words alone still mean "take the consequence", named so
    t2 = table(characters=ROOK)
    do(t2, "gm", "stress", character="rook", track="physical", amount=4)
    t2.answer("bo", t2.prompt("bo", "consequence").id, value="cracked rib")
    assert _rook(t2).consequences == {Consequence.MINOR: "cracked rib"}
    # an option whose command takes no words of its own (the sacrifice count) still refuses words
    d = table(characters={"ada": {"abilities": "Science:3"}})
    do(d, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    with pytest.raises(InvalidCommand, match="either a choice or your own words"):
        d.answer("ann", d.prompt("ann", "sacrifice").id, "1", value="please")


@pytest.mark.rules("RWYN-STRESS-003")
def test_taken_out__by_choice_instead_of_a_consequence() -> None:
    t = table(characters=ROOK)
    do(t, "gm", "stress", character="rook", track="physical", amount=4)
    events = do(t, "bo", "consequence", character="rook", choice="taken_out", text="runs for it")
    assert last(events, "taken_out")["by_choice"] is True
    rook = _rook(t)
    assert (rook.standing, rook.consequences) == (Standing.OUT_BY_CHOICE, {})
    # not while no consequence is due
    t2 = table(characters=ROOK)
    with pytest.raises(RuleViolation) as e:
        do(t2, "bo", "consequence", character="rook", choice="taken_out")
    assert e.value.rule_id == "RWYN-STRESS-003"
    # back in the next scene
    do(t, "gm", "end_scene")
    assert _rook(t).standing is Standing.IN


@pytest.mark.rules("RWYN-GEN-003")
def test_enemy_move__failed_defence_takes_harm_plus_disaster_successes() -> None:
    # Athletics 1 vs 3: [2] fails; 2 disaster dice [5 2] -> 1 disaster success; stress = harm 1 + 1 = 2
    t = table(characters=ROOK)
    events = do(t, "gm", "defend", character="rook", ability="Athletics", difficulty=3, dice=[2, 5, 2])
    assert last(events, "stress_taken")["amount"] == 2
    assert _rook(t).stress[Track.PHYSICAL] == 2
    # no complication prompt: the stress is the problem
    assert t.table.prompts() == []


@pytest.mark.rules("RWYN-GEN-003")
def test_enemy_move__successful_defence_takes_only_disaster_stress() -> None:
    t = table(characters=ROOK)
    events = do(
        t, "bo", "defend", character="rook", ability="Brawling", difficulty=2, harm=3, dice=[5, 1, 2, 3]
    )
    assert "stress_taken" not in types(events)
    events = do(
        t,
        "bo",
        "defend",
        character="rook",
        ability="Athletics",
        difficulty=2,
        harm=3,
        track="mental",
        dice=[5, 6],
    )
    assert last(events, "stress_taken")["amount"] == 1  # success, 1 disaster success -> 0 + 1
    assert _rook(t).stress[Track.MENTAL] == 1


@pytest.mark.rules("RWYN-STRESS-002")
def test_recovery__scene_clears_stress_and_minor_session_clears_moderate_gm_clears_major() -> None:
    t = table(characters=ROOK)
    for text in ("bruise", "sprain", "broken arm"):
        do(t, "gm", "stress", character="rook", track="physical", amount=4)
        do(t, "bo", "consequence", character="rook", text=text)
    do(t, "gm", "stress", character="rook", track="mental", amount=1)
    do(t, "gm", "end_scene")
    rook = _rook(t)
    assert rook.stress == {Track.PHYSICAL: 0, Track.MENTAL: 0}
    assert set(rook.consequences) == {Consequence.MODERATE, Consequence.MAJOR}
    do(t, "gm", "end_session")
    assert set(_rook(t).consequences) == {Consequence.MAJOR}
    do(t, "gm", "recover", character="rook", severity="major")
    assert _rook(t).consequences == {}
    with pytest.raises(RuleViolation):
        do(t, "gm", "recover", character="rook", severity="major")


@pytest.mark.rules("RWYN-STRESS-002")
def test_consequences__a_healed_rung_is_taken_again_first() -> None:
    t = table(characters=ROOK)
    for text in ("bruise", "sprain"):
        do(t, "gm", "stress", character="rook", track="physical", amount=4)
        do(t, "bo", "consequence", character="rook", text=text)
    do(t, "gm", "end_scene")  # minor heals
    do(t, "gm", "stress", character="rook", track="physical", amount=4)
    events = do(t, "bo", "consequence", character="rook", text="cut")
    assert last(events, "consequence_taken")["severity"] == "minor"
