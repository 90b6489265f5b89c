"""The GM's guide: [GM] advice with nothing to enforce, shown to the GM when it matters (issue 18).

Referee cases, from the seed before the code. These rules are advice: the
table must not invent mechanics for them, but the GM must be able to read
them at the moment they apply, and no player reads the GM's guide:

- WD-INTEL-012 (seed 1855-1864): what a grid's labels mean. Offered to the GM
  once a target is on the table, not before.
- WD-DT-004/005, WD-BIZ-001/003, WD-RECRUIT-006/015 (seed 1419-1427,
  1453-1468, 1667, 1730): offered while a downtime phase is open.
- WD-PROG-001/017/018/026 (seed 1168-1181, 1280-1302, 1313): milestones,
  offered once a PC sits at the table. WD-PROG-018 has a table part: a goal
  cleared in session one gets "a small reward (such as a morale boost or
  reputation)": the GM's change_morale and award rep.
- WD-REP-011 (seed 444): justified gun use "we still hand out the reputation
  regardless"; the cape argues when called out: the GM gives the negative rep
  and calls a Social check (a 5 on Social 3 against 4+ wins the argument).
- WD-NPC-006 (seed 306): offered while a bystander is at the table, pointing to
  change_tier. WD-LORE-001..003 (seed 195-205): always offered.
- WD-PLAN-005, WD-FOLLOW-012 (seed 1449, 1332/1359): offered once a mission is
  declared, once someone may gain followers.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.weaverdice.cli import wd_app
from capeworks.systems.weaverdice.gm_guide import ADVICE
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import add, sheet, table


def _offered(d: Driver) -> list[str]:
    return [c.fixed["topic"] for c in d.legal("gm") if c.command == "guide"]


@pytest.mark.rules("WD-INTEL-012")
def test_the_intel_guide_comes_up_once_a_target_is_on_the_table_and_only_for_the_gm() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    assert "intel" not in _offered(d)
    d.do("gm", "start_downtime")
    d.do("gm", "add_target", target="pearl", name="Pearl", dispositions=["violent"])
    assert "intel" in _offered(d)
    assert not [c for c in d.legal("ann") if c.command == "guide"]
    before = d.state
    d.do("gm", "guide", topic="intel")
    assert d.state == before  # advice changes nothing at the table
    said = d.words()[-1]
    assert said.startswith("GM guide (intel): WD-INTEL-012 (seed 1855-1864): Labels: Movements (recent")
    assert "At the table: rework_target block=... / unblock=..." in said
    assert "Labels: Movements" not in seen_by(d, "ann")
    d.refuse("ann", "guide", topic="intel", error=NotPermitted)


@pytest.mark.rules("WD-DT-004", "WD-DT-005", "WD-BIZ-001", "WD-BIZ-003", "WD-RECRUIT-006", "WD-RECRUIT-015")
def test_downtime_business_and_recruiting_advice_while_a_phase_is_open() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    assert not {"downtime", "business", "recruiting"} & set(_offered(d))
    d.do("gm", "start_downtime")
    assert {"downtime", "business", "recruiting"} <= set(_offered(d))
    for topic, rules in (
        ("downtime", ("WD-DT-004", "WD-DT-005")),
        ("business", ("WD-BIZ-001", "WD-BIZ-003")),
        ("recruiting", ("WD-RECRUIT-006", "WD-RECRUIT-015")),
    ):
        d.do("gm", "guide", topic=topic)
        assert all(r in d.words()[-1] for r in rules)
        assert not any(r in seen_by(d, "ann") for r in rules)
    d.do("gm", "end_downtime")
    assert "downtime" not in _offered(d)


@pytest.mark.rules("WD-PROG-001", "WD-PROG-017", "WD-PROG-018", "WD-PROG-026", "WD-MORALE-004")
def test_a_goal_cleared_in_session_one_gets_a_small_reward_the_guide_names() -> None:
    d = table()
    assert "milestones" not in _offered(d)
    pc(d, "ann", "ada", "Ada")
    assert "milestones" in _offered(d)
    d.do("gm", "guide", topic="milestones")
    said = d.words()[-1]
    assert all(r in said for r in ("WD-PROG-001", "WD-PROG-017", "WD-PROG-018", "WD-PROG-026"))
    assert "Revenge, I Want Answers, Set Something Up, A Relationship, A Position" in said
    # cleared in session one: say so, and a small reward: a morale step and a rep card
    d.do("gm", "change_morale", character="ada", steps=1, reason="goal cleared too soon; rewrite it")
    d.do("gm", "award", character="ada", rep="took down the Teeth's dealer in one night")
    assert d.state.people["ada"].morale == 1
    assert [c.source for c in camp(d).ledgers["ada"].rep] == ["took down the Teeth's dealer in one night"]
    assert not camp(d).ledgers["ada"].goal_cleared  # the goal is rewritten, not cleared


@pytest.mark.rules("WD-REP-011", "WD-REP-010", "WD-SOCIAL-001")
def test_justified_gun_use_still_earns_negative_rep_and_the_cape_argues_the_case() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada", social=3)
    assert "rep" not in _offered(d)
    d.do("gm", "give_negative", character="ada", source="shot the transformed brute's anchor")
    assert [c.negative for c in camp(d).ledgers["ada"].rep] == [True]
    assert "rep" in _offered(d)
    d.do("gm", "guide", rule="wd-rep-011")
    assert "a won argument can excuse the same case in future" in d.words()[-1]
    # called out, Ada argues the case: Social 3, a 5 against 4+ wins it
    d.do("gm", "call_check", character="ada", stat=["social"], tn=4, task="argue the shot was justified")
    d.answer("ann", d.prompt("ann", "check").id, "roll", dice=[5])
    assert "5 vs 4+: success" in d.words("ann")[-1]
    # the card stays (handed out regardless); the won case is the GM's precedent for next time
    assert len(camp(d).ledgers["ada"].rep) == 1
    d.do("gm", "gm_note", text="Precedent: firing at a transformation anchor is excused for Ada.")
    assert "Precedent" not in seen_by(d, "ann")


@pytest.mark.rules("WD-NPC-006", "WD-LORE-001", "WD-LORE-002", "WD-LORE-003")
def test_lore_is_always_to_hand_and_the_npc_advice_while_a_bystander_is_present() -> None:
    d = table()
    assert _offered(d) == ["lore"]
    add(d, "gm", sheet("mom", "Ada's mother", "bystander"))
    assert "npcs" in _offered(d)
    d.do("gm", "guide", topic="npcs")
    assert "At the table: change_tier." in d.words()[-1]
    d.do("gm", "guide", topic="lore")
    said = d.words()[-1]
    assert all(r in said for r in ("WD-LORE-001", "WD-LORE-002", "WD-LORE-003"))
    assert "PRT" in said
    d.do("gm", "change_tier", character="mom", tier="generic")
    assert "npcs" not in _offered(d)


@pytest.mark.rules("WD-PLAN-005", "WD-FOLLOW-012")
def test_planning_and_follower_advice_come_up_with_a_mission_and_followers() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada", knowledge=3)
    assert not {"planning", "followers"} & set(_offered(d))
    d.do("gm", "start_downtime")
    d.do("ann", "declare_mission", character="ada", mission="heist", kind="robbery")
    assert "planning" in _offered(d)
    d.do("gm", "award", character="ada", eligible="fan")
    assert "followers" in _offered(d)
    d.do("gm", "guide")  # no topic: everything that applies now
    said = d.words()[-1]
    assert said.startswith("GM guide (now):")
    assert "WD-PLAN-005" in said and "WD-FOLLOW-012" in said and "WD-INTEL-012" not in said


def test_bad_guide_requests_are_refused_and_change_nothing() -> None:
    d = table()
    # ``rule`` is the refusal's own keyword here, so the field goes in the payload
    d.refuse("gm", "guide", payload={"rule": "WD-NOPE-001"}, rule="WD-CORE-011", match="no advice")
    d.refuse("gm", "guide", topic="weather")
    d.refuse("gm", "guide", payload={"rule": "x" * 40})
    assert len({a.rule for a in ADVICE}) == len(ADVICE)


@pytest.mark.rules("WD-INTEL-012", "WD-LORE-002")
def test_the_guide_reads_offline_from_the_terminal_with_the_same_advice() -> None:
    runner = CliRunner()
    out = runner.invoke(wd_app, ["guide", "intel", "--json"])
    assert out.exit_code == 0
    rules = [a["rule"] for a in json.loads(out.stdout)["advice"]]
    assert rules == [a.rule for a in ADVICE if a.topic == "intel"]
    assert "PRT" in runner.invoke(wd_app, ["guide", "lore"]).stdout
    bad = runner.invoke(wd_app, ["guide", "weather"])
    assert bad.exit_code == 2 and "no guide topic" in bad.output and "Traceback" not in bad.output
