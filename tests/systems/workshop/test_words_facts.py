"""Words from the facts an event carries: a Stun that takes nothing, an Action out of Sequence given up.

Damage's notes were display strings in the payload (``Damaged`` version 1, "Stunned: 0 Shots lost");
they are facts now, rendered here, and an old log's notes are read back into those facts.
"""

from __future__ import annotations

import pytest

from capeworks.engine import Event
from capeworks.engine.render import describe
from tests.systems.workshop.helpers import RULESET, attack, end_turn, sheet, state, table, who
from tests.systems.workshop.test_referee import HIT, QUIET, SLOW, TOUGH, duel, gun, pool


@pytest.mark.rules("WS-SHOCK-003", "WS-SHOT-003")
def test_stun_on_an_empty_pool__an_old_log_saying_0_shots_lost_reads_as_today() -> None:
    # src 124: a Shot per Wound; v spent its only Shot on Active Defense (src 20), so none is left to lose
    d = duel({"stun": True}, damage=10, traits=pool(1))
    events = attack(d, "h", ["v"], HIT, defend={"v": True})
    damaged = next(e for e in events if e.type == "workshop.damaged")
    old = {k: v for k, v in damaged.data.items() if k not in ("shots_lost", "broken", "shaken")}
    v1 = Event(damaged.type, {**old, "results": ["Stunned: 0 Shots lost"]}, version=1)
    assert (
        describe(RULESET, v1).text == "V takes 10 Damage: 10 Shock, 2 Wounds (Stunned: no Shot left to lose)."
    )


@pytest.mark.rules("WS-SHOT-004")
def test_an_action_out_of_sequence_given_up__keeps_its_shots_spent_and_the_actors_turn_goes_on() -> None:
    # src 23-25: 3 Shots buy an Action out of Sequence after one's Initiative; nothing gives them back
    d = table(
        QUIET, heroes={"h": sheet(traits=pool(4))}, villains={"v": sheet(traits=pool(3), weapons=[gun(5)])}
    )
    end_turn(d, "h")
    d.do("ann", "extra_action", character="h")
    at = d.table.version
    d.do("ann", "end_turn", character="h")
    assert (who(d, "h").shots, state(d).turn.current, state(d).turn.extra) == (1, "v", "")
    assert d.words("ann", since=at) == [
        "H gives up the Action out of Sequence (its 3 Shots stay spent); V's turn goes on."
    ]


@pytest.mark.rules("WS-MOOK-004", "WS-MOOK-005")
def test_a_mook_groups_verbs_are_plural__in_the_log_and_in_the_questions_it_sets() -> None:
    # src 175: "Every Action taken where the Mooks are ignored, allow the Mooks to make an Attack": the
    # goons (3 of them) join, the GM has them strike h, who rests: "Goons strike", never "Goons strikes"
    goons = {"named": False, "count": 3, "traits": {"Skill": 4, **SLOW}, "engaging": "h",
             "weapons": [{"name": "clubs", "damage": 10, "skill": "Skill"}]}  # fmt: skip
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(**TOUGH)}, villains={"goons": goons})
    d.do("ann", "rest", character="h")
    d.do("gm", "mook_strike", group="goons", strike=True)
    lines = d.words("ann")
    assert "Goons join the fight (villains), Shot Count 0." in lines
    assert lines[-2:] == ["Goons strike.", "Goons strike at H: a static attack, no dice."]
    assert [p.question for p in d.prompts("ann")] == ["Goons attack H. Spend 1 of 5 Shots on Active Defense?"]
