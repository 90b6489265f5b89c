"""The log lines players read: counted words agree with their count, body parts read as words."""

from __future__ import annotations

import pytest

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
