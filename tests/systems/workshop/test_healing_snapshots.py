"""A healer's Action split into snapshots, one patient each (WS-SNAP-001, src 31).

src 31: "You may split your Action into two or three Actions of the same type, if they require a roll. ...
If you split your Action into 2 Actions you get -3 on both Actions. If you split your Action into 3
Actions you get -5 on all 3 Actions." Treating, stabilising and reviving are rolled Actions (Physician +
Wits), so a healer may tend two or three patients in one Action; before, only attacks could be split.
Dice are d10s read 0 to 9 (a 10 shows 0), positive minus negative: (9, 10) reads 9 - 0 = +9.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import sheet, state, table, who
from tests.systems.workshop.test_known_faults import put
from tests.systems.workshop.test_referee import QUIET, SLOW, TOUGH

#: Physician 4 + Wits 5 = 9; the patients slower than the healer, the villain slowest
HURT = {"traits": {"Agility": 3}}


def hurt_party(*patients: str, config: dict[str, object] | None = None) -> Driver:
    """Doc and the ``patients``, each fallen 5 m before the fight (5 Shock, 1 Wound, still up: Health 12),
    then the first Sequence: Doc acts first."""
    heroes = {"doc": sheet(), **{p: sheet(**HURT) for p in patients}}
    d = table({**QUIET, **(config or {})}, heroes=heroes, villains={"v": sheet(traits=SLOW, **TOUGH)},
              start=False)  # fmt: skip
    for p in patients:
        d.do("gm", "fall", character=p, metres=5, dice=[1, 9])  # Stunt 3 + Agility 3 - 8 = -2 vs 0: 5 m
    d.do("gm", "start_sequence")
    assert state(d).turn.order.order[0] == "doc"
    return d


@pytest.mark.rules("WS-SNAP-001", "WS-WPEN-004")
def test_a_treat_split_between_two_patients_rolls_each_at_minus_3_in_one_action() -> None:
    # Physician + Wits 9 + (9 - 0) - 3 = 15 vs 15 bandages A; 9 + (9 - 1) - 3 = 14 vs 15 leaves B. One
    # Action: Doc has none left for a third treat
    d = hurt_party("a", "b")
    d.do("ann", "treat", character="doc", patient="a", more_patients=["b"], dice=[9, 10, 9, 1])
    assert (who(d, "a").bandaged, who(d, "b").bandaged) == (1, 0)
    said = [w for w in d.words("ann") if w.startswith("Doc rolls to treat") or w.endswith("is bandaged.")]
    assert said == [
        "Doc rolls to treat Wounds (Physician+Wits 9, dice 9/0, -3) = 15 vs 15: succeeds.",
        "A is bandaged.",
        "Doc rolls to treat Wounds (Physician+Wits 9, dice 9/1, -3) = 14 vs 15: fails.",
    ]
    assert state(d).turn.action_used and state(d).turn.snap == -3
    d.refuse("ann", "treat", character="doc", patient="b", dice=[9, 10])


@pytest.mark.rules("WS-SNAP-001", "WS-SHOCK-002", "WS-DARK-002")
def test_three_patients_take_minus_5_each_and_a_fourth_is_refused() -> None:
    # -5 on all three: 9 + 9 - 5 = 13 vs 15 fails each; a fourth snapshot is refused, nothing changes
    d = hurt_party("a", "b", "c", "e")
    d.refuse("ann", "treat", rule="WS-SNAP-001", match="at most 3 snapshots", character="doc", patient="a",
             more_patients=["b", "c", "e"], dice=[9, 10] * 4)  # fmt: skip
    d.do("ann", "treat", character="doc", patient="a", more_patients=["b", "c"], dice=[9, 10] * 3)
    assert [w.split(" = ")[1] for w in d.words("ann")[-3:]] == ["13 vs 15: fails."] * 3
    assert all(who(d, p).bandaged == 0 for p in ("a", "b", "c"))


@pytest.mark.rules("WS-SNAP-001")
def test_a_split_names_each_patient_once_and_needs_a_sequence() -> None:
    # each snapshot is "an Action" of its own (src 31): the same patient twice is refused; outside a
    # Sequence there is no Action to split (the healer tends them one at a time, at no penalty)
    d = hurt_party("a", "b")
    d.refuse("ann", "treat", match="each patient once", character="doc", patient="a", more_patients=["a"],
             dice=[9, 10, 9, 10])  # fmt: skip
    calm = table(QUIET, heroes={"doc": sheet(), "a": sheet(**HURT), "b": sheet(**HURT)}, start=False)
    for p in ("a", "b"):
        calm.do("gm", "fall", character=p, metres=5, dice=[1, 9])
    calm.refuse("ann", "treat", rule="WS-SNAP-001", match="no Action to split", character="doc", patient="a",
                more_patients=["b"], dice=[9, 10, 9, 10])  # fmt: skip
    calm.do("ann", "treat", character="doc", patient="a", dice=[9, 10])  # 9 + 9 = 18 vs 15: no penalty
    assert who(calm, "a").bandaged == 1


@pytest.mark.rules("WS-SNAP-001", "WS-SNAP-002")
def test_the_heroic_table_lets_a_healer_split_further() -> None:
    # WS-SNAP-002: with the Heroic Initiative table a split of N has -(2 + N(N-1)/2): four patients -8 each
    d = hurt_party("a", "b", "c", "e", config={"heroic_multi_action": True})
    d.do("ann", "treat", character="doc", patient="a", more_patients=["b", "c", "e"], dice=[9, 10] * 4)
    assert [w.split(", ")[-1].split(")")[0] for w in d.words("ann")[-4:]] == ["-8"] * 4


@pytest.mark.rules("WS-SNAP-001", "WS-DARK-002")
def test_a_stabilise_split_rolls_each_dying_patient_against_their_own_difficulty() -> None:
    # src 150: 25 - Health + 5 x Wounds. Two dying (Health 12, Toughness 1, 1 Wound): 25 - 12 + 5 = 18 each;
    # Doc 9 + 9 - 3 = 15 fails both, each tried now (one try per 10 minutes, WS-DARK-003)
    heroes = {"doc": sheet(), "a": sheet(toughness=1, **HURT), "b": sheet(toughness=1, **HURT)}
    d = table(QUIET, heroes=heroes, villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)
    for p in ("a", "b"):
        d.do("gm", "fall", character=p, metres=5, dice=[1, 9])
    assert who(d, "a").standing is Standing.DYING
    d.do("gm", "start_sequence")
    d.do("ann", "stabilise", character="doc", patient="a", more_patients=["b"], dice=[9, 10, 9, 10])
    assert [w.split(" = ")[1] for w in d.words("ann") if w.startswith("Doc rolls to stabilise")] == [
        "15 vs 18: fails.",
        "15 vs 18: fails.",
    ]
    assert who(d, "a").stabilise_tried is not None and who(d, "b").stabilise_tried is not None


@pytest.mark.rules("WS-SNAP-001", "WS-SHOCK-002")
def test_a_revive_split_wakes_each_patient_its_own_roll_beats() -> None:
    # src 120: Physician + Wits vs the failed Shock roll's margin. P (down by 4) and Q (down by 14):
    # Doc 9 + (5 - 1) - 3 = 10 wakes P (10 >= 4), not Q (10 < 14); one Action spent
    d = table(QUIET, heroes={"doc": sheet(), "p": sheet(**HURT), "q": sheet(**HURT)},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    for cid, margin in (("p", 4), ("q", 14)):
        put(d, cid, standing=Standing.DOWN, down_at=0, wake_at=4, revive_difficulty=margin)
    d.do("gm", "start_sequence")
    d.do("ann", "revive", character="doc", patient="p", more_patients=["q"], dice=[5, 1, 5, 1])
    assert (who(d, "p").standing, who(d, "q").standing) == (Standing.UP, Standing.DOWN)
    assert [w.split(" = ")[1] for w in d.words("ann") if w.startswith("Doc rolls to revive")] == [
        "10 vs 4: succeeds.",
        "10 vs 14: fails.",
    ]
    assert state(d).turn.action_used
