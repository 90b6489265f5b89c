"""The rest of the campaign layer at the table: craft DC modifiers, Specialist, non-equipment crafts,
recruiting bonuses and serendipity, classifications, rebranding, runaways and deeper quartets."""

from __future__ import annotations

from typing import Any

import pytest

from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import table

CRAFT = {"name": "Craft", "stats": ["dexterity"], "tree": "craft"}


def skill(name: str, stat: str = "knowledge", tree: str = "craft") -> dict[str, Any]:
    return {"name": name, "stats": [stat], "tree": tree}


@pytest.mark.rules("WD-CRAFT-008", "WD-CRAFT-007")
def test_dc_modifiers_drudge_work_and_what_a_non_equipment_craft_gives() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada", skills=[CRAFT])
    d.do("gm", "start_downtime")
    d.do(
        "gm",
        "start_craft",
        character="ada",
        project="lock",
        item="clock",
        tier="low",
        mechanical=True,
        expertise=5,
    )
    assert camp(d).projects["lock"].dc == 20  # 10 + 5 mechanical + 5 beyond an afternoon
    d.do(
        "gm",
        "start_craft",
        character="ada",
        project="code",
        item="scraper",
        tier="high",
        iterable=True,
        equipment=False,
    )
    p = camp(d).projects["code"]
    assert (p.dc, p.cap) == (25, 6)  # drudge work: twice the rolls, DC +5
    d.do("ann", "craft", character="ada", project="code", rolls=3, dice=[6, 6, 6, 6, 6, 6])
    d.do("ann", "craft", character="ada", project="code", dice=[6, 6])
    d.do("ann", "craft", character="ada", project="code", rolls=0, finish=True)
    assert camp(d).projects["code"].result == "high"
    assert "bonuses doubled, durations x10" in seen_by(d, "ann")


@pytest.mark.rules("WD-CRAFT-018")
def test_specialist_adds_craft_and_knowledge_skills_in_the_field_a_third_if_neglected() -> None:
    d = table()
    tree = [CRAFT, skill("Specialist (programming)"), skill("Hacking", tree="")]
    pc(d, "ann", "ada", "Ada", skills=tree)
    d.patch(sheets={"ada": d.state.sheets["ada"].model_copy(update={"backgrounds": ("programming",)})})
    d.do("gm", "start_downtime")
    d.do("gm", "start_craft", character="ada", project="app", item="app", tier="low", field="programming")
    # +2 Craft-tree skills (WD-CRAFT-014) and +2 Specialist: 2 tree skills + 2 Knowledge skills... of which
    # the Specialist and Hacking are Knowledge skills: 2 + 2 = 4
    assert camp(d).projects["app"].bonus == 2 + 4
    d.patch(sheets={"ada": d.state.sheets["ada"].model_copy(update={"backgrounds": ()})})
    d.do("gm", "start_craft", character="ada", project="app2", item="app", tier="low", field="programming")
    assert camp(d).projects["app2"].bonus == 2 + 4 // 3


@pytest.mark.rules("WD-RECRUIT-009", "WD-RECRUIT-010", "WD-LORE-005", "WD-LORE-004")
def test_skills_help_recruiting_serendipity_turns_up_a_tinker_and_classifications_are_data() -> None:
    """WX-38 (src 1677): a general cape search may still turn up a tinker at 1 in 12."""
    config = {"campaign": {"recruit_skill_bonus": {"Leadership": 1}, "recruit_serendipity": {"tinker": 12}}}
    d = table(config=config)
    pc(d, "ann", "ada", "Ada", skills=[skill("Leadership", "social", "")])
    d.do("gm", "start_downtime")
    # capes, -1 for Ada herself, +1 Leadership: 3 dice at +0 -> 4, 4, 3: two; then d12 each: 1, 7
    d.do("ann", "recruit", character="ada", recruitment="r", capes=True, dice=[4, 4, 3, 1, 7])
    r = camp(d).recruitments["r"]
    assert (r.openings, r.surprises) == (2, ("tinker",))
    d.refuse(
        "gm",
        "present_candidate",
        recruitment="r",
        candidate="c",
        name="C",
        classification="wizard",
        rule="WD-LORE-005",
    )
    d.do(
        "gm",
        "present_candidate",
        recruitment="r",
        candidate="c",
        name="Cog",
        classification="Tinker",
        disposition="mercenary",
    )
    assert camp(d).candidates["c"].details == {"classification": "tinker", "disposition": "mercenary"}
    assert "mercenary" not in seen_by(d, "ann")  # a candidate's disposition is a hidden detail too


@pytest.mark.rules("WD-INTEL-033")
def test_a_rebrand_loses_all_rep() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "award", character="ada", rep="old name")
    d.do("gm", "give_negative", character="ada", source="the old name's crimes")
    d.do("gm", "start_downtime")
    d.do("ann", "utilize_intel", character="ada", ops=["rebrand"])
    assert camp(d).ledgers["ada"].rep == ()  # the old name's crimes go with it (test_camp_referee s64)


@pytest.mark.rules("WD-INTEL-041")
def test_a_runaway_rolls_on_after_a_success_at_minus_one_each() -> None:
    d = table(config={"campaign": {"surveillance_runaway": True}})
    pc(d, "ann", "ada", "Ada", wits=3)
    d.do("gm", "start_downtime")
    d.do("gm", "add_target", target="t", name="T", size=2, dispositions=["city"], tns=[4, 4, 4, 4])
    d.refuse(
        "ann", "surveil", character="ada", target="t", cell="0,0", runaway=True, dice=[6], rule="WD-INTEL-041"
    )
    d.do("ann", "surveil", character="ada", target="t", cell="0,0", dice=[4])
    d.do("ann", "surveil", character="ada", target="t", cell="0,1", runaway=True, dice=[4])  # 4 - 1 = 3
    assert not camp(d).targets["t"].cells[1].unlocked and camp(d).targets["t"].run == 0
    d2 = table()
    pc(d2, "ann", "ada", "Ada")
    d2.do("gm", "start_downtime")
    d2.do("gm", "add_target", target="t", name="T", size=2, dispositions=["city"])
    d2.do("ann", "surveil", character="ada", target="t", cell="0,0", dice=[6])
    d2.refuse(
        "ann", "surveil", character="ada", target="t", cell="0,1", runaway=True, dice=[6], rule="WD-INTEL-041"
    )  # not at this table


@pytest.mark.rules("WD-INTEL-038")
def test_a_deeper_quartet_merges_into_a_node_that_a_roll_or_tier_3_intel_clears() -> None:
    """WX-49 (src 1980-1990): four marked cells cleared merge into a node; clearing it boosts the lines."""
    d = table()
    pc(d, "ann", "ada", "Ada", wits=3)
    d.do("gm", "start_downtime", slots=5)
    d.do(
        "gm",
        "add_target",
        target="t",
        name="T",
        size=2,
        dispositions=["city"],
        tns=[4, 4, 4, 4],
        quartet=["0,0", "0,1", "1,0", "1,1"],
    )
    for cell_ in ("0,0", "0,1", "1,0"):
        d.do(
            "ann",
            "surveil",
            character="ada",
            target="t",
            cell=cell_,
            dice=[{"0,0": 4, "0,1": 5, "1,0": 6}[cell_]],
        )
    d.refuse("ann", "surveil", character="ada", target="t", cell="node", dice=[6], rule="WD-INTEL-038")
    d.do("ann", "surveil", character="ada", target="t", cell="1,1", dice=[4])  # Movements done: +1 now
    assert camp(d).targets["t"].node == "open"
    d.do("ann", "surveil", character="ada", target="t", cell="node", dice=[5])  # 5 + 1 = 6 < 7
    assert camp(d).targets["t"].node == "open"
    d.refuse(
        "ann", "spend_intel", character="ada", target="t", intel="city:2", on="node", rule="WD-INTEL-002"
    )
    d.do("gm", "award", character="ada", intel="city:3")
    d.do("ann", "spend_intel", character="ada", target="t", intel="city:3", on="node")
    assert camp(d).targets["t"].node == "cleared"


@pytest.mark.rules("WD-INTEL-034")
def test_a_moving_target_is_found_at_half_dc_and_a_moving_pc_is_marked() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do(
        "gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50, thread_dc=31
    )
    d.do("gm", "relocate_target", target="xb", downtimes=1)
    t = camp(d).targets["xb"]
    assert (t.find_dc, t.thread_dc, t.moving) == (25, 16, 1)
    assert "moves base" not in seen_by(d, "ann")  # the GM's to know
    d.do("gm", "start_downtime")
    d.do("ann", "utilize_intel", character="ada", ops=["relocate 2"])
    assert camp(d).ledgers["ada"].relocating == 2
    d.refuse("ann", "utilize_intel", character="ada", ops=["relocate"], rule="WD-INTEL-034")
    d.do("gm", "end_downtime")
    t = camp(d).targets["xb"]
    # the move is done: the DCs come back as they were (31, not the halved 16 doubled; referee15 r15_10)
    assert (t.find_dc, t.thread_dc, t.moving) == (50, 31, 0)
    assert camp(d).ledgers["ada"].relocating == 1
