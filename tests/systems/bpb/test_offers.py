"""What the acting character's menu offers: only what the rules would take now.

Played in the browser, a Bulletproof Blues turn's menu kept Attack, Grab, Ram and Throw an explosive
after the turn's task action was spent, and Break free for one not held, each refused when chosen
("has already used their task action this turn", "is not held"). The offers now ask the rules' own
checks; each test checks the table still refuses what is no longer offered.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from tests.systems.bpb.helpers import fight, state, table
from tests.systems.bpb.test_known_faults import TIME_CONTROL, cast, hero

ATTACKS = {"attack", "grab", "ram", "explode"}


def offered(d: Driver, seat: str) -> set[str]:
    return {c.command for c in d.table.legal_commands(seat)}


@pytest.mark.rules("BPB-ACT-001")
def test_once_the_task_action_is_spent_no_attack_is_offered() -> None:
    # src 117: one task action a turn. Widow stings Adler with it; then only what needs no task is left.
    d = table()
    fight(d, "widow", "ganyeka", "adler", "brandt")
    assert {"attack", "grab", "ram"} <= offered(d, "ann")
    d.do("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(1, 1))  # a miss
    assert offered(d, "ann") & ATTACKS == set()
    assert "end_turn" in offered(d, "ann")
    d.refuse("ann", "attack", rule="BPB-ACT-001", attacker="widow", target="adler", dice=(1, 1))
    d.refuse("ann", "grab", rule="BPB-ACT-001", attacker="widow", target="adler", dice=(1, 1))


@pytest.mark.rules("BPB-PP-010", "BPB-ACT-001")
def test_an_extra_attacks_stunt_keeps_the_attack_on_the_menu_while_it_lasts() -> None:
    # src 483: rank 6 Extra Attacks "until the six Extra Attacks are used": a stunt of one extra attack
    d = cast(hero("chrono", owner="ann", powers=(TIME_CONTROL,), Prowess=6), hero("mook", Endurance=20))
    d.do("gm", "start_session")
    fight(d, "chrono", "mook")
    d.do("ann", "spend", character="chrono", kind="stunt", power="Time Control", used_as="Extra Attacks",
         uses=1)  # fmt: skip
    d.do("ann", "attack", attacker="chrono", target="mook", dice=(1, 1))  # the task action
    assert "attack" in offered(d, "ann")  # the stunt's one extra attack
    d.do("ann", "attack", attacker="chrono", target="mook", dice=(1, 1))
    assert state(d).condition("chrono").stunts == ()
    assert "attack" not in offered(d, "ann")


@pytest.mark.rules("BPB-GRAB-005")
def test_break_free_is_offered_only_to_one_held() -> None:
    d = table()
    fight(d, "widow", "ganyeka", "adler", "brandt")
    assert "break_free" not in offered(d, "ann")
    d.refuse("ann", "break_free", match="not held", character="widow")
