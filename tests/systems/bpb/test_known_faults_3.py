"""Situations the table got wrong, each ruled from the seed first (seeds/002_15e80e5795d6eba8.txt,
"src N" = line N), then played through the table with given dice (as test_known_faults.py)."""

from __future__ import annotations

import pytest

from capeworks.engine import Viewer
from capeworks.systems.bpb.model import Status
from tests.systems.bpb.helpers import decisions, fight, one, state, table
from tests.systems.bpb.test_combat import cast, hero

# -- 1. whose line a turn's start is ------------------------------------------------------------------


@pytest.mark.rules("BPB-TIME-002")
def test_a_turns_start_is_the_rules_line_not_the_seat_that_ended_the_turn_before() -> None:
    # src 16: "In a round, each character gets a turn". Ann ends Widow's turn; Ganyeka's turn begins. The
    # line "Ganyeka's turn." is the rules speaking (actor "", as the Description's docstring has it for a
    # line the rules speak whatever seat set it off): the log must not read "Ann: Ganyeka's turn." Her dodge
    # stays her line
    d = table()
    fight(d, "widow", "ganyeka")
    d.do("ann", "guard", character="widow", kind="dodge")
    d.do("ann", "end_turn", character="widow")
    entries = d.table.log_view(Viewer.gm())
    began = [e for e in entries if e.type == "bpb.turn_began"][-1]
    assert began.description.text == "Ganyeka's turn."
    assert began.description.actor == ""
    assert began.seat == "ann"  # Ann's end_turn set it off
    ann = [e for e in entries if e.seat == "ann" and e.type != "bpb.turn_began"]
    assert ann and all(e.description.actor == "ann" for e in ann)  # her own lines stay hers


# -- 2. the off-turn guard refusal says what is open -------------------------------------------------


@pytest.mark.rules("BPB-DEF-002", "BPB-TURN-004")
def test_an_off_turn_guard_refusal_says_a_forced_one_is_allowed() -> None:
    # src 373: a block is made "During their round, or as a forced action". On Widow's turn, Bo's plain
    # block for Ganyeka is refused, and the refusal says the forced block is open (at the cost of the next
    # action, src 135-139); a forced one then stands. Once spent this round, the refusal says so instead
    d = table()
    fight(d, "widow", "ganyeka")
    refused = d.refuse("bo", "guard", rule="BPB-TIME-002", character="ganyeka", kind="block")
    assert refused.message == (
        "It is Widow's turn, not Ganyeka's: Ganyeka may block or dodge now only as a forced action, "
        "costing the next action."
    )
    d.do("bo", "guard", character="ganyeka", kind="block", forced=True)
    refused = d.refuse("bo", "guard", rule="BPB-TIME-002", character="ganyeka", kind="dodge")
    assert refused.message == (
        "It is Widow's turn, not Ganyeka's: Ganyeka has already forced an action this round."
    )


# -- 3. the called task's prompt skips one out cold --------------------------------------------------


@pytest.mark.rules("BPB-EXT-003", "BPB-REC-004", "BPB-ROLL-006")
def test_a_competitions_prompts_skip_a_competitor_out_cold() -> None:
    # src 206: in an extended opposed task the sides roll round by round; src 423 (BPB-REC-004): one out
    # cold acts no more, and the table already lets the others roll on without them (calls.racing). The
    # prompts must too: Me is knocked out (Endurance 2, a Brawn 3 punch), then a race of Thug, Me and Pal.
    # Thug and Pal roll their first round; the next round waits on them again, not on Me
    d = cast(hero("thug", Brawn=3, Prowess=8), hero("me", owner="ann", Endurance=2), hero("pal", owner="bo"))
    fight(d, "thug", "me", "pal")
    d.do("gm", "attack", attacker="thug", target="me", dice=(6, 6))
    d.answer("ann", "defend-1", "take")
    assert Status.UNCONSCIOUS in state(d).condition("me").statuses
    d.do("gm", "end_fight")
    call = one(d.do("gm", "contest", sides="thug, me, pal", attribute="Reason", difficulty=9, required=3),
               "call_made").call.id  # fmt: skip
    assert sorted(p.id for p in decisions(d)) == [f"call-{call}-pal", f"call-{call}-thug"]
    d.do("gm", "roll", call=call, character="thug", dice=(1, 1))
    d.do("bo", "roll", call=call, character="pal", dice=(1, 1))
    assert sorted(p.id for p in decisions(d)) == [f"call-{call}-pal", f"call-{call}-thug"]
    assert not decisions(d, "ann")


# -- 4. a delaying character's guard lasts until they act ---------------------------------------------


@pytest.mark.rules("BPB-DEF-003", "BPB-DEF-007", "BPB-TURN-001")
def test_a_guard_lasts_through_a_held_turn_until_its_owner_acts() -> None:
    # src 375: "The defender may continue to block additional attacks until their next action"; src 287: a
    # character may hold their action. Widow dodges as her task in round 1; in round 2 she holds her action:
    # she has not acted, so her dodge stands when Ganyeka punches her, and she answers it with the guard
    # (no forced action spent). Pre-empting with the held action is her next action: the guard ends there
    d = table()
    fight(d, "widow", "ganyeka")
    d.do("ann", "guard", character="widow", kind="dodge")
    d.do("ann", "end_turn", character="widow")
    d.do("bo", "end_turn", character="ganyeka")
    assert state(d).fight.turn.actor == "widow" and "widow" in state(d).fight.guards
    d.do("ann", "delay", character="widow")
    assert state(d).fight.turn.actor == "ganyeka" and "widow" in state(d).fight.guards
    d.do("bo", "attack", attacker="ganyeka", target="widow", dice=(6, 6))
    asked = d.prompt("ann", "defend")
    assert "dodge" in [o.value for o in asked.options]
    d.answer("ann", asked.id, "dodge", dice=(6, 6))
    assert "widow" not in state(d).fight.forced and state(d).fight.guards["widow"].attempts == 1
    d.do("ann", "preempt", character="widow")
    assert "widow" not in state(d).fight.guards


@pytest.mark.rules("BPB-DEF-003")
def test_a_guard_kept_into_its_owners_turn_ends_at_their_move_or_a_passed_turn() -> None:
    # src 375: "until their next action": moving is an action (src 16), so is a turn passed without holding
    d = table()
    fight(d, "widow", "ganyeka")
    d.do("ann", "guard", character="widow", kind="dodge")
    d.do("ann", "end_turn", character="widow")
    d.do("bo", "guard", character="ganyeka", kind="block")
    d.do("bo", "end_turn", character="ganyeka")
    assert "widow" in state(d).fight.guards
    d.do("ann", "move", character="widow", feet=5)
    assert "widow" not in state(d).fight.guards
    d.do("ann", "end_turn", character="widow")
    assert "ganyeka" in state(d).fight.guards  # his turn has begun; he has not acted yet
    d.do("bo", "end_turn", character="ganyeka")
    assert "ganyeka" not in state(d).fight.guards
