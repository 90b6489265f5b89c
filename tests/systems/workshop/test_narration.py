"""What the rules name but never define reaches the GM as a note and a prompt, through the table.

Referee cases, from the seed and the inventory's secondary evidence:

N1. A Fumble (a double-0 that fails: dice 10 10) on an attack. The wiki names the degree and gives no
    effect (secondary evidence): the GM narrates it, so the GM (only) gets a note and a prompt.
N2. A Total Failure on a called roll (dice 1 9: 10 + 1 - 9 = 2 <= 12 - 5) turns the action
    Hazardous, undefined: the same.
N3. The dramatic card draw deals the heroes 4S (Stymie) and the villains 2S (Setback) (src 90, 93):
    neither is defined (WS-CARD-003, PROPOSED: "GM-narrated complications ... prompts the GM").
N4. Card initiative: the setback padding card reaches the front (src 379, WS-ALT-005): the GM's.
N5. A plain failure (dice 3 1) and a hit bring nothing up.
"""

from __future__ import annotations

import pytest

from capeworks.engine import Viewer
from capeworks.errors import NotFound, NotPermitted
from tests.systems.workshop.helpers import attack, end_turn, sheet, state, table, types
from tests.systems.workshop.test_optional_damage import QUIET, SLOW, TOUGH


def _gm_prompts(d, kind: str = "narrate") -> list:
    return [p for p in d.table.prompts(Viewer.gm()) if p.kind == kind]


@pytest.mark.rules("WS-CORE-001")
def test_n1_a_fumble_is_the_gms_to_narrate_and_only_the_gm_is_told() -> None:
    d = table({"shock_roll": False}, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW)})
    events = attack(d, "h", ["v"], [10, 10])
    assert "narration_due" in types(events)
    (prompt,) = _gm_prompts(d)
    assert prompt.role is not None and prompt.seat is None and prompt.rule == "WS-CORE-001"
    assert "H's attack on V is a Fumble" in prompt.question and "narrate" in prompt.question
    assert not [p for p in d.prompts("ann") if p.kind == "narrate"]  # the players are not asked
    assert any("For the GM:" in w for w in d.words())
    assert not any("For the GM:" in w for w in d.words("ann"))  # nor shown the note
    assert d.view("ann")["state"].get("narrate", []) == []
    d.refuse("ann", "narrated", error=NotPermitted, id=1)
    d.answer("gm", prompt.id, "done")
    assert not _gm_prompts(d) and state(d).narrate == ()
    d.refuse("gm", "narrated", error=NotFound, id=1)
    assert d.replayed().state == d.state


@pytest.mark.rules("WS-CORE-001")
def test_n2_a_total_failure_turns_the_action_hazardous_for_the_gm_to_narrate() -> None:
    d = table({}, heroes={"h": sheet()})
    d.do("gm", "call_check", character="h", traits=["Willpower", "Focus"], difficulty=12)
    d.answer("ann", "call-1", "roll", dice=[1, 9])
    (prompt,) = _gm_prompts(d)
    assert "Total Failure: the action turns Hazardous" in prompt.question


@pytest.mark.rules("WS-CARD-001", "WS-CARD-003")
def test_n3_stymie_and_setback_cards_ask_the_gm() -> None:
    villain = sheet(traits=SLOW, **TOUGH)
    d = table({**QUIET, "card_draw": True}, heroes={"h": sheet()}, villains={"v": villain}, start=False)
    d.do("gm", "start_sequence", dice=[4, 2])  # the 4th card of a fresh deck is 4S, the 2nd 2S
    questions = [p.question for p in _gm_prompts(d)]
    assert len(questions) == 2
    assert "heroes drew the 4 of Spades (Stymie)" in questions[0]
    assert "villains drew the 2 of Spades (Setback)" in questions[1]
    assert {p.rule for p in _gm_prompts(d)} == {"WS-CARD-003"}
    h_turn = [p.kind for p in d.prompts("ann")]
    assert "narrate" not in h_turn
    end_turn(d, "h")  # nothing waits on the GM's narration


@pytest.mark.rules("WS-ALT-005")
def test_n4_a_setback_padding_card_asks_the_gm() -> None:
    d = table({**QUIET, "initiative": "cards", "padding": ["d10", "setback"]}, heroes={"h": sheet()},
              villains={"v": sheet(traits={"Agility": 1, "Wits": 1, "Luck": 0})})  # fmt: skip
    end_turn(d, "h")
    end_turn(d, "v")
    (prompt,) = _gm_prompts(d)  # the d10 card has its effect (Inspired); the setback is the GM's
    assert "padding card (setback)" in prompt.question and prompt.rule == "WS-ALT-005"


@pytest.mark.rules("WS-CORE-001")
@pytest.mark.parametrize("dice", [[3, 1], [9, 1]])
def test_n5_a_plain_failure_or_a_hit_brings_nothing_up(dice: list[int]) -> None:
    d = table({"shock_roll": False}, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW)})
    events = attack(d, "h", ["v"], dice)
    assert "narration_due" not in types(events) and not _gm_prompts(d)
