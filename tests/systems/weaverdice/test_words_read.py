"""The log lines players read: counted words agree with their count, body parts read as words."""

from __future__ import annotations

import pytest

from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import add, sheet, table
from tests.systems.weaverdice.test_camp_referee import spy
from tests.systems.weaverdice.test_referee_combat import _brute_hits_vic, _duel, _to_brute


@pytest.mark.rules("WD-WFX-018")
def test_a_disabled_arm_reads_right_arm_not_the_raw_part_id() -> None:
    # src 696: Moderate Pierce 5 "Disables a limb. Pain." (the attacker picks the right arm)
    d = _duel()
    _to_brute(d)
    _brute_hits_vic(d, "pierce", "moderate", 5)
    d.do("ann", "effect_choice", character="vic", key="negate", picks=[])
    d.do("gm", "effect_choice", character="brute", key="limb", picks=["right_arm"])
    said = "Moderate pierce effect on Vic (rolled 5): pained physical, disabled limb (right arm)."
    assert said in d.words()


@pytest.mark.rules("WD-INTEL-021", "WD-INTEL-015")
def test_a_missed_surveil_offers_to_spend_tier_two_intel_by_name_not_by_its_key() -> None:
    # src 1874: on a failure, "spend intel to unlock a space": the option names the intel as a player
    # reads it ("tier-2 violent intel"), never its ledger key ("violent:2")
    d = table()
    spy(d, wits=3)
    tag = camp(d).targets["pearl"].cells[0].tag
    d.do("gm", "award", character="ada", intel=f"{tag}:2")
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[2])
    labels = [o.label for o in d.prompt("ann", "strike_choice").options]
    assert f"spend tier-2 {tag} intel to unlock Movements x Capabilities" in labels
    assert not any(f"{tag}:2" in label for label in labels)


@pytest.mark.rules("WD-DT-002", "WD-NPC-003")
def test_a_downtime_phase_opens_naming_each_character_and_a_hidden_npcs_alone_adds_no_stray_stop() -> None:
    # src 1413: each character's slots, read by name ("Ada: 3 slots", never the id "ada"); a phase of a
    # hidden NPC alone shows the players no slots and no ". ." (src 298: the NPC's part is the GM's)
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime", slots=3)
    assert d.words("ann")[-1] == "Downtime phase 1 opens. Ada: 3 slots."
    d.do("gm", "end_downtime")
    add(d, "gm", {**sheet("mole", "The Mole"), "tier": "notable"}, hidden=True)
    since = d.table.version
    d.do("gm", "start_downtime", slots=3, characters=["mole"])
    assert d.words("ann", since=since) == ["Downtime phase 2 opens."]


@pytest.mark.rules("WD-RECRUIT-013")
def test_a_recruiters_question_names_the_recruiter_and_the_candidate() -> None:
    # src 1718: questions about candidates: "Ada asks about Disarray's power.", not "ada asks about dis's"
    d = table()
    pc(d, "ann", "ada", "Ada", social=2)
    d.do("gm", "start_downtime")
    d.do("ann", "recruit", character="ada", recruitment="r", dice=[6, 6])
    d.do("gm", "present_candidate", recruitment="r", candidate="dis", name="Disarray", details={"power": "x"})
    d.do("ann", "ask", character="ada", candidate="dis", detail="power")
    assert d.words("ann")[-1] == "Ada asks about Disarray's power."
    d.do("gm", "present_candidate", recruitment="r", candidate="ash", name="Ash", details={})
    assert "Candidate Ash." in d.words()  # no details: no dangling "Candidate Ash: "


@pytest.mark.rules("WD-INTEL-034")
def test_a_target_moving_base_is_named_and_one_downtime_left_is_singular() -> None:
    # GM-only (the GM's to know): "Crossbones moves base: 1 downtime left", not "xb ...: 1 downtimes left"
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do(
        "gm", "add_target", target="xb", name="Crossbones", dispositions=["violent"], find_dc=50, thread_dc=31
    )
    d.do("gm", "relocate_target", target="xb", downtimes=1)
    assert d.words()[-1] == "Crossbones moves base: 1 downtime left; finding DC 25, thread DC 16."
