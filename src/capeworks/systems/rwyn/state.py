"""The state of a Roll When You Need table and its fold.

State is folded from events only: characters, the GM's open calls, the checks
still waiting for an answer, and the GM's private notes. Events that change a
character record facts, which :mod:`.sheet_facts` applies to the sheet; calls
and checks are carried whole and upserted (see :mod:`capeworks.systems.rwyn.events`).
The fold reads typed payloads, never a raw dictionary.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from capeworks.engine import Event
from capeworks.engine.table_events import SeatJoined
from capeworks.systems.rwyn import events as ev
from capeworks.systems.rwyn import stress
from capeworks.systems.rwyn.calls import Call
from capeworks.systems.rwyn.checks import Check
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.sheet import Character, Quality
from capeworks.systems.rwyn.sheet_facts import apply_facts

__all__ = ["EventType", "RwynState", "fold"]


class EventType(StrEnum):
    """Every event type a Roll When You Need table logs (the payloads are in events.py)."""

    CHARACTER_ADDED = "rwyn.character_added"
    CHECK_CALLED = "rwyn.check_called"
    CHECK_ASKED = "rwyn.check_asked"
    CALL_WITHDRAWN = "rwyn.call_withdrawn"
    ABILITY_SET = "rwyn.ability_set"
    QUALITY_ADDED = "rwyn.quality_added"
    TALENT_ADDED = "rwyn.talent_added"
    CHECK_ROLLED = "rwyn.check_rolled"
    SACRIFICED = "rwyn.sacrificed"
    DISASTER_ROLLED = "rwyn.disaster_rolled"
    REROLL_OFFERED = "rwyn.reroll_offered"
    DISASTER_REROLLED = "rwyn.disaster_rerolled"
    CHECK_RESOLVED = "rwyn.check_resolved"
    EFFECTS_CHOSEN = "rwyn.effects_chosen"
    COMPLICATIONS_CHOSEN = "rwyn.complications_chosen"
    MIXED_NOTED = "rwyn.mixed_noted"
    CRITICAL_CHOSEN = "rwyn.critical_chosen"
    QUANTITY_SET = "rwyn.quantity_set"
    CHECK_CLOSED = "rwyn.check_closed"
    PURCHASED = "rwyn.purchased"
    POINTS_LOST = "rwyn.points_lost"
    BOUGHT_BACK = "rwyn.bought_back"
    XP_AWARDED = "rwyn.xp_awarded"
    STRESS_TAKEN = "rwyn.stress_taken"
    CONSEQUENCE_TAKEN = "rwyn.consequence_taken"
    TAKEN_OUT = "rwyn.taken_out"
    OUT_DECIDED = "rwyn.out_decided"
    RECOVERED = "rwyn.recovered"
    SCENE_ENDED = "rwyn.scene_ended"
    GM_NOTE = "rwyn.gm_note"
    SCENE_QUALITY_NOTED = "rwyn.scene_quality_noted"


class RwynState(BaseModel):
    """Characters, the GM's open calls, open checks and GM notes; the config rides along for prompts."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    config: RwynConfig = Field(default_factory=RwynConfig)
    characters: dict[str, Character] = Field(default_factory=dict)
    calls: dict[int, Call] = Field(default_factory=dict)
    next_call: int = 1
    checks: dict[int, Check] = Field(default_factory=dict)
    next_check: int = 1
    gm_notes: tuple[str, ...] = ()
    #: qualities of places, situations and people in play, by subject (RWYN-GEN-004)
    scene_qualities: dict[str, Quality] = Field(default_factory=dict, exclude_if=lambda v: not v)
    #: seat id -> the person's name, from the table's seats, so what a person reads names players
    seat_names: dict[str, str] = Field(default_factory=dict, exclude_if=lambda v: not v)

    @property
    def next_id(self) -> int:
        """The number the next call or check takes: one counter, so a person follows call 5 to check 5.

        A check rolled for a call takes the call's number (see rolls._roll); any other
        call or check takes this one. Logs from before kept two counters: their ids
        are in the events, so they replay as they were.
        """
        return max(self.next_call, self.next_check)


def fold(state: RwynState, event: Event) -> RwynState:
    """Apply one event: upsert the characters, call and check its typed payload carries, close, or
    note. Never mutates."""
    payload = event.payload
    if isinstance(payload, SeatJoined):
        return state.model_copy(
            update={"seat_names": {**state.seat_names, payload.seat.id: payload.seat.name}}
        )
    if not isinstance(payload, ev.RwynEvent):
        return state
    update: dict[str, object] = {}
    if isinstance(payload, ev.CharacterEvent):
        update["characters"] = {**state.characters, payload.character.id: payload.character}
    elif isinstance(payload, ev.SheetFacts | ev.StressTaken | ev.ConsequenceTaken):
        who = state.characters[payload.character_id]
        update["characters"] = {**state.characters, who.id: apply_facts(who, payload, state.config)}
    elif isinstance(payload, ev.SceneEnded):
        cleared = (state.characters[i] for i in payload.character_ids)
        ended = {
            c.id: stress.end_scene(
                c, state.config, session=payload.session, heals_out_for_good=payload.heals_out_for_good
            )
            for c in cleared
        }
        update["characters"] = {**state.characters, **ended}
    elif isinstance(payload, ev.CheckCalled | ev.CheckAsked):
        call = payload.call
        update["calls"] = {**state.calls, call.id: call}
        update["next_call"] = max(state.next_call, call.id + 1)
    elif isinstance(payload, ev.CallWithdrawn):
        update["calls"] = {k: v for k, v in state.calls.items() if k != payload.call.id}
    elif isinstance(payload, ev.CheckEvent):
        if isinstance(payload, ev.CheckRolled) and payload.from_call is not None:
            update["calls"] = {k: v for k, v in state.calls.items() if k != payload.from_call}
        check = payload.check
        update["checks"] = {**state.checks, check.id: check}
        update["next_check"] = max(state.next_check, check.id + 1)
    elif isinstance(payload, ev.CheckClosed):
        update["checks"] = {k: v for k, v in state.checks.items() if k != payload.check_id}
    elif isinstance(payload, ev.SceneQualityNoted):
        if payload.quality is None:  # dropped; a restated quality keeps its place
            kept = state.scene_qualities.items()
            update["scene_qualities"] = {k: v for k, v in kept if k != payload.subject}
        else:
            update["scene_qualities"] = {**state.scene_qualities, payload.subject: payload.quality}
    elif isinstance(payload, ev.GmNoted):
        update["gm_notes"] = (*state.gm_notes, payload.text)
    return state.model_copy(update=update) if update else state
