"""Turns through the table: delay and pre-empt, free and roleplay actions, switching powers, reactions
off-turn, and the environment acting last."""

from __future__ import annotations

import pytest

from capeworks.engine import Viewer
from capeworks.errors import InvalidCommand
from capeworks.server.projection import projection
from capeworks.systems.bpb.render import WORDS
from tests.systems.bpb.helpers import fight, of, one, state, table


@pytest.mark.rules("BPB-TURN-001", "BPB-TURN-002")
def test_delay_then_preempt() -> None:
    d = table()
    fight(d, "widow", "adler", "brandt")  # Widow Perception 4, Adler 3, Brandt 2
    d.do("ann", "delay", character="widow")
    assert state(d).fight.turn.actor == "adler" and state(d).fight.delayed == ("widow",)
    d.do("ann", "preempt", character="widow")  # Adler is slower: Widow goes first
    assert state(d).fight.turn.actor == "widow"
    d.do("ann", "attack", attacker="widow", target="brandt", power="Venom Sting", dice=(1, 1))
    d.do("ann", "end_turn", character="widow")
    assert state(d).fight.turn.actor == "adler"  # Adler's turn resumes


@pytest.mark.rules("BPB-TURN-002")
def test_cannot_preempt_someone_quicker() -> None:
    d = table()
    fight(d, "brandt", "widow", "adler")
    d.do("gm", "delay", character="brandt")  # Brandt Perception 2 holds; Widow (4) is up
    d.refuse("gm", "preempt", rule="BPB-TURN-002", character="brandt")
    d.do("ann", "move", character="widow")  # once Widow has acted, Brandt may act after her
    d.do("gm", "preempt", character="brandt")


@pytest.mark.rules("BPB-TURN-001")
def test_a_held_action_lapses_at_the_next_turn() -> None:
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "delay", character="widow")
    d.do("gm", "end_turn", character="adler")
    assert state(d).fight.turn.actor == "widow" and state(d).fight.delayed == ()  # one held action at most
    d.refuse("ann", "preempt", rule="BPB-TURN-001", character="widow")


@pytest.mark.rules("BPB-ACT-002", "BPB-ACT-003", "BPB-ACT-007", "BPB-ACT-001")
def test_free_and_roleplay_actions() -> None:
    d = table({"max_free_actions": 1, "max_roleplay_actions": 2})
    fight(d, "widow", "ganyeka")
    d.do("ann", "act", character="widow", kind="free", text="drops the pistol")
    d.refuse("ann", "act", rule="BPB-ACT-002", character="widow", kind="free", text="crouches")
    d.do("gm", "act", character="widow", kind="free", text="the GM allows one more")
    d.refuse("bo", "act", rule="BPB-TIME-002", character="ganyeka", kind="free", text="not his turn")
    d.do("bo", "act", character="ganyeka", kind="roleplay", text="Is that all you've got?")  # any time
    d.do("ann", "act", character="widow", kind="roleplay", text="Yes.")
    d.do("ann", "act", character="widow", kind="roleplay", text="No.")
    d.refuse("ann", "act", rule="BPB-ACT-002", character="widow", kind="roleplay", text="Maybe.")
    assert not state(d).fight.turn.task  # none of it used the task action


@pytest.mark.rules("BPB-ACT-003")
def test_switching_a_power_is_free() -> None:
    d = table()
    fight(d, "widow", "adler")
    d.do("ann", "switch", character="widow", power="Force Field")
    assert state(d).condition("widow").on == ("Force Field",)
    d.refuse("ann", "switch", error=InvalidCommand, character="widow", power="Force Field")
    d.do("ann", "switch", character="widow", power="Force Field", on=False)
    assert not state(d).fight.turn.task


@pytest.mark.rules("BPB-ACT-008", "BPB-TIME-004", "BPB-DEF-001")
def test_reactions_come_whenever_the_rules_ask() -> None:
    """The break-out roll is the defender's reaction, off their turn, within the grab; defence is its two
    parts: the block (difficulty) and the protection (damage)."""
    d = table()
    fight(d, "ganyeka", "widow")
    d.do("bo", "move", character="ganyeka")  # the move before the task, not in the middle
    events = d.do("bo", "grab", attacker="ganyeka", target="widow", dice=(6, 6, 1, 1))
    assert one(events, "grabbed").breakout is not None
    d.refuse("bo", "move", rule="BPB-ACT-001", character="ganyeka")


@pytest.mark.rules("BPB-INIT-003", "BPB-INIT-004", "BPB-TIME-002")
def test_the_environment_goes_last() -> None:
    d = table()
    fight(d, "widow", "adler")
    d.do("gm", "add_hazard", text="a falling girder")
    d.do("gm", "add_hazard", text="the armoured van", controller="adler", once=False)
    d.do("ann", "end_turn", character="widow")
    d.do("gm", "steer", character="adler", hazard=2, text="rams the barrier")
    events = d.do("gm", "end_turn", character="adler")
    acted = one(events, "environment_acted")
    assert acted.moved == ("a falling girder",)  # the van already moved
    assert [e.type for e in events] == ["bpb.environment_acted", "bpb.turn_began"]
    assert state(d).round == 2
    assert [h.text for h in state(d).fight.hazards] == ["the armoured van"]
    d.do("ann", "end_turn", character="widow")
    events = d.do("gm", "end_turn", character="adler")  # not steered: it moves at the end of the round
    assert one(events, "environment_acted").moved == ("the armoured van",)
    assert not of(events, "damaged")


@pytest.mark.rules("BPB-INIT-004")
def test_the_log_names_the_vehicle_steered() -> None:
    # src 256: the vehicle moves "when that character moves it": the log says which one, in the GM's words
    d = table()
    fight(d, "widow", "adler")
    d.do("gm", "add_hazard", text="the armoured van", controller="widow", once=False)
    events = d.do("ann", "steer", character="widow", hazard=1, text="rams the barrier")
    steered = one(events, "hazard_steered")
    assert steered.vehicle == "the armoured van"
    assert d.words()[-2:] == [
        "In the environment: the armoured van (driven by Widow).",
        "Widow steers the armoured van now: rams the barrier.",
    ]
    # a log written before the event named the vehicle dumps and reads as it did
    old = steered.model_copy(update={"vehicle": "", "names": {}})
    assert "vehicle" not in old.model_dump()
    assert WORDS[type(old).TYPE](old, None, Viewer.gm()).text == "widow steers it now: rams the barrier."


@pytest.mark.rules("BPB-PP-004")
def test_the_log_names_who_keeps_their_points() -> None:
    # src 447: unspent points lapse "unless the GM makes an exception": the log names her, not her id
    d = table()
    d.do("gm", "start_session")
    d.do("gm", "start_session", carry="widow")
    assert d.words()[-1].endswith("The GM lets Widow keep their unspent points.")


@pytest.mark.rules("BPB-ACT-008")
def test_reaction_calls_roll_any_time() -> None:
    d = table()
    fight(d, "adler", "widow")
    d.do("gm", "call_task", character="widow", attribute="Willpower", difficulty=12, reaction=True,
         task="shrug off the gas")  # fmt: skip
    d.do("ann", "roll", call=1, character="widow", dice=(5, 4))  # Adler's turn: a reaction still rolls
    d.do("gm", "call_task", character="widow", attribute="Willpower", difficulty=12, task="pick the lock")
    d.refuse("ann", "roll", rule="BPB-TIME-002", call=2, character="widow")  # a task waits for her turn
    d.do("gm", "end_turn", character="adler")
    d.do("ann", "roll", call=2, character="widow", dice=(5, 4))
    assert state(d).fight.turn.task  # the task took her task action; the reaction did not


@pytest.mark.rules("BPB-TIME-002", "BPB-DEF-006")
def test_the_servers_waiting_list_names_whose_turn_it_is() -> None:
    # src 16: "In a round, each character gets a turn": the web table's "Waiting for" (the projection's
    # waiting) names the seat whose character acts, as Weaverdice's and the Workshop's do; while a hit
    # waits for its target's answer (src 379), it names the target's seat instead
    d = table()
    gm, ann = d.table.seat("gm"), d.table.seat("ann")
    assert projection("t", d.table, gm)["waiting"] == []  # no fight yet: nobody's turn
    fight(d, "widow", "adler")
    assert projection("t", d.table, gm)["waiting"] == projection("t", d.table, ann)["waiting"] == ["ann"]
    (turn,) = [p for p in projection("t", d.table, ann)["prompts"] if p["kind"] == "turn"]
    assert (turn["seat"], turn["question"], turn["options"]) == ("ann", "Round 1: Widow's turn.", [])
    d.do("ann", "end_turn", character="widow")
    assert projection("t", d.table, ann)["waiting"] == ["gm"]  # Adler's turn, the GM's
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 5))
    assert projection("t", d.table, gm)["waiting"] == ["ann"]  # Widow answers the hit
    assert [p["kind"] for p in projection("t", d.table, ann)["prompts"]] == ["defend"]
    d.answer("ann", "defend-1", "take")
    assert projection("t", d.table, ann)["waiting"] == ["gm"]  # Adler's turn goes on until the GM ends it


@pytest.mark.rules("BPB-ROLL-006", "BPB-ACT-008", "BPB-TAKE-001")
def test_the_servers_waiting_list_names_who_rolls_a_called_task() -> None:
    # src 151: the GM sets the task and the player rolls it; until they do, the web table's "Waiting for"
    # names their seat (as RWYN's and Weaverdice's calls do), and the prompt's options are the rolls the
    # GM's conditions allow (src 214: no pressure, no penalty: taking the average, 7, is allowed)
    d = table()
    gm, ann = d.table.seat("gm"), d.table.seat("ann")
    calm = {"pressure": False, "penalty": False, "task": "read the map"}
    d.do("gm", "call_task", character="widow", attribute="Reason", level="routine", **calm)
    assert projection("t", d.table, gm)["waiting"] == ["ann"]
    (asked,) = projection("t", d.table, ann)["prompts"]
    assert asked["question"] == "The GM calls for Widow's Reason at difficulty 9 to read the map."
    assert [o["value"] for o in asked["options"]] == ["roll", "average"]
    d.answer("ann", "call-1-widow", "roll", dice=(6, 5))  # answered from the prompt: the call closes
    assert state(d).calls == {} and projection("t", d.table, gm)["waiting"] == []
    # in a fight a called task is the actor's task action (the turn prompt waits on them), but a reaction
    # is rolled at any time (src 141-143): it waits on its roller whoever's turn it is
    fight(d, "adler", "widow")
    d.do("gm", "call_task", character="widow", attribute="Willpower", difficulty=12, reaction=True)
    assert projection("t", d.table, gm)["waiting"] == ["ann", "gm"]  # Widow's reaction; Adler's turn
    d.do("ann", "roll", call=2, character="widow", dice=(5, 4))
    d.do("gm", "call_task", character="widow", attribute="Willpower", difficulty=12, task="pick the lock")
    assert projection("t", d.table, gm)["waiting"] == ["gm"]  # it waits for her turn
