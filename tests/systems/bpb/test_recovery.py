"""Recovery, death and plot points through the table (worked examples B26, B27, the Ice Blast and
Time Control stunts)."""

from __future__ import annotations

import pytest

from capeworks.engine import Viewer
from capeworks.errors import NotFound, NotPermitted
from capeworks.systems.bpb.model import Status
from capeworks.systems.bpb.sheet import AttackKind, Power
from tests.systems.bpb.helpers import fight, one, state, table
from tests.systems.bpb.test_combat import cast, hero


def _hurt(d, cid: str, **update) -> None:
    d.patch(conditions={**state(d).conditions, cid: state(d).condition(cid).model_copy(update=update)})


@pytest.mark.rules("BPB-REC-001", "BPB-REC-002", "BPB-DMG-007")
def test_b26_rest_then_days() -> None:
    d = table()
    _hurt(d, "ganyeka", lost=9, recent=9, stunning=2)
    events = d.do("gm", "rest", characters="ganyeka")
    assert one(events, "rested").recovered == 5  # half of 9, rounded up
    c = state(d).condition("ganyeka")
    assert (c.lost, c.stunning, c.recent) == (4, 0, 0)  # all stunning back
    assert one(d.do("gm", "heal", character="ganyeka", days=3, care=True), "healed").amount == 3
    assert one(d.do("gm", "heal", character="ganyeka", days=13, care=False), "healed").amount == 1
    assert state(d).condition("ganyeka").lost == 0


@pytest.mark.rules("BPB-REC-001")
def test_no_rest_in_a_fight() -> None:
    d = table()
    fight(d, "widow")
    d.refuse("gm", "rest", rule="BPB-REC-001")


@pytest.mark.rules("BPB-REC-003", "BPB-DMG-009")
def test_attribute_damage_all_returns() -> None:
    mind = Power(name="Reason Drain", rank=5, attack=AttackKind.MENTAL, damages="Reason")
    d = cast(hero("psi", powers=(mind,), Willpower=8), hero("me", owner="ann", Reason=4))
    fight(d, "psi", "me")
    events = d.do("gm", "attack", attacker="psi", target="me", power="Reason Drain", dice=(6, 6))
    hit = one(events, "damaged")
    assert (hit.attribute, hit.amount) == ("Reason", 5)
    assert state(d).condition("me").drained == {"Reason": 5}
    d.do("gm", "end_turn", character="psi")
    d.do("gm", "end_fight")
    d.do("gm", "rest")
    assert state(d).condition("me").drained == {}


@pytest.mark.rules("BPB-REC-004")
@pytest.mark.parametrize(("rule_on", "dead"), [(False, False), (True, True)])
def test_death_only_by_the_optional_rule(rule_on: bool, dead: bool) -> None:
    d = table({"death_below_zero": rule_on})
    fight(d, "ganyeka", "brandt")
    _hurt(d, "brandt", lost=7)  # Endurance 4: at -3; the punch's 3 takes it to -6
    d.do("bo", "attack", attacker="ganyeka", target="brandt", dice=(6, 6))
    d.answer("gm", "defend-1", "take")
    statuses = state(d).condition("brandt").statuses
    assert (Status.DEAD in statuses) is dead
    assert Status.UNCONSCIOUS in statuses


@pytest.mark.rules("BPB-REC-004", "BPB-DMG-007")
def test_stunning_alone_stops_at_zero() -> None:
    d = cast(hero("thug", Brawn=3, Prowess=8), hero("me", owner="ann", Endurance=2))
    fight(d, "thug", "me")
    d.do("gm", "attack", attacker="thug", target="me", dice=(6, 6))
    hit = one(d.answer("ann", "defend-1", "take"), "damaged")
    assert (hit.amount, hit.stunning) == (2, True)
    assert Status.UNCONSCIOUS in state(d).condition("me").statuses


@pytest.mark.rules("BPB-PP-001", "BPB-PP-004", "BPB-PP-002", "BPB-PP-003")
def test_session_plot_points_and_awards() -> None:
    d = table()
    d.do("gm", "start_session")
    assert [state(d).condition(c).plot_points for c in ("widow", "ganyeka", "adler")] == [1, 1, 0]
    d.do("gm", "award", character="widow", reason="her complication put her in the river")
    d.do("gm", "award", character="widow", reason="cooperated with the GM")
    assert state(d).condition("widow").plot_points == 3
    session = next(p for p in d.table.seen_panels(Viewer(seat="gm", is_gm=True)) if p.title == "Session")
    assert session.rows[0][1:] == ("2", "3 per player")
    d.do("gm", "start_session")  # unspent points lapse
    assert state(d).condition("widow").plot_points == 1
    d.refuse("ann", "award", error=NotPermitted, character="widow", reason="me")


@pytest.mark.rules("BPB-PP-007", "BPB-PP-008")
def test_b27_power_boost() -> None:
    # two players (src 443: a session's plot point is each player's, not each character's)
    d = cast(hero("max", owner="ann", Brawn=14), hero("mid", owner="bo", Brawn=5))
    d.do("gm", "start_session")
    d.refuse("ann", "spend", rule="BPB-PP-007", character="max", kind="boost", power="Brawn")
    fight(d, "mid", "max")
    d.do("bo", "spend", character="mid", kind="boost", power="Brawn")
    d.do("gm", "call_task", character="mid", attribute="Brawn", difficulty=12)
    roll = one(d.do("bo", "roll", call=1, character="mid", dice=(3, 3)), "task_rolled").roll
    assert roll.task.attribute == 6
    d.do("bo", "end_turn", character="mid")
    d.do("ann", "end_turn", character="max")  # round 2: the boost (one round) is over
    d.do("gm", "call_task", character="mid", attribute="Brawn", difficulty=12)
    roll = one(d.do("bo", "roll", call=2, character="mid", dice=(3, 3)), "task_rolled").roll
    assert roll.task.attribute == 5


@pytest.mark.rules("BPB-PP-009")
def test_ice_blast_stunt_as_computing() -> None:
    ice = Power(name="Ice Blast", rank=4, attack=AttackKind.RANGED)
    d = cast(hero("frost", owner="ann", powers=(ice,), Reason=1))
    d.do("gm", "start_session")
    d.do("ann", "spend", character="frost", kind="stunt", power="Ice Blast", used_as="Computing")
    d.do("gm", "call_task", character="frost", attribute="Computing", difficulty=12, task="cool the server")
    roll = one(d.do("ann", "roll", call=1, character="frost", dice=(4, 4)), "task_rolled").roll
    assert (roll.task.attribute, roll.verdict.success) == (4, True)  # still rolled, at the power's rank
    d.refuse(
        "ann", "spend", rule="BPB-PP-005", character="frost", kind="stunt", power="Ice Blast", used_as="X"
    )


@pytest.mark.rules("BPB-PP-010", "BPB-PP-008", "BPB-TIME-001")
def test_time_control_stunt_runs_out() -> None:
    tc = Power(name="Time Control", rank=6)
    d = cast(hero("tock", owner="ann", powers=(tc,)))
    d.do("gm", "start_session")
    d.do(
        "ann", "spend", character="tock", kind="stunt", power="Time Control", used_as="Extra Attacks", uses=6
    )
    d.do("ann", "use_stunt", character="tock", stunt="Extra Attacks", count=4)
    assert state(d).condition("tock").stunts[0].uses == 2
    d.refuse("ann", "use_stunt", rule="BPB-PP-010", character="tock", stunt="Extra Attacks", count=3)
    d.do("ann", "use_stunt", character="tock", stunt="Extra Attacks", count=2)
    assert state(d).condition("tock").stunts == ()
    d.do("gm", "award", character="tock", reason="a clever plan")
    d.do(
        "ann", "spend", character="tock", kind="stunt", power="Time Control", used_as="Extra Attacks", uses=6
    )
    d.do("gm", "end_scene")  # or the end of the scene, whichever first
    assert state(d).condition("tock").stunts == ()


@pytest.mark.rules("BPB-PP-011", "BPB-PP-012")
def test_rally_and_retcon() -> None:
    d = table()
    d.do("gm", "start_session")
    d.refuse("bo", "spend", rule="BPB-PP-011", character="ganyeka", kind="rally")
    fight(d, "ganyeka")
    _hurt(d, "ganyeka", lost=6, recent=6)
    events = d.do("bo", "spend", character="ganyeka", kind="rally")  # in the fight, at once
    assert one(events, "rested").recovered == 3 and state(d).condition("ganyeka").lost == 3
    d.do("gm", "award", character="ganyeka", reason="took the hit for a bystander")
    events = d.do("bo", "spend", character="ganyeka", kind="retcon", text="he parked the jet on the roof")
    assert one(events, "plot_point_spent").detail == "he parked the jet on the roof"
    d.refuse("bo", "spend", error=NotFound, character="nobody", kind="retcon", text="x")
