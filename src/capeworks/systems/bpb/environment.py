"""The environment's turn (BPB-INIT-003/004): falling objects and free-rolling vehicles move last.

The GM adds them; at the end of each round, after every character, the
environment moves each one its controller did not already move this round.
A vehicle's controller may move it on their own turn instead (``steer``).
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import NotFound, RuleViolation
from capeworks.systems.bpb import commands as cmd
from capeworks.systems.bpb.events import EnvironmentActed, HazardAdded, HazardSteered, StatusSet
from capeworks.systems.bpb.lookups import (
    Ctx,
    Done,
    character,
    fight_of,
    require_action_left,
    require_turn,
    stunt_powers,
)
from capeworks.systems.bpb.model import Hazard, Status
from capeworks.systems.bpb.sheet import Character, Medium
from capeworks.systems.bpb.state import BpbState

__all__ = ["add_hazard", "environment_acts", "fallers", "land", "require_steerable", "steer", "still_flies"]


def add_hazard(state: BpbState, ctx: Ctx, c: cmd.AddHazard, dice: DiceService) -> Done:
    fight = fight_of(state)
    if c.controller is not None:
        character(state, c.controller)
    next_id = max((h.id for h in fight.hazards), default=0) + 1
    b = ctx.batch(state)
    b.emit(HazardAdded(hazard=Hazard(id=next_id, text=c.text, controller=c.controller, once=c.once)))
    return b


def steer(state: BpbState, ctx: Ctx, c: cmd.Steer, dice: DiceService) -> Done:
    """BPB-INIT-004: the controller moves it now, on their turn."""
    fight = fight_of(state)
    who = character(state, c.character)
    hazard = next((h for h in fight.hazards if h.id == c.hazard), None)
    if hazard is None:
        raise NotFound(f"There is no vehicle or object {c.hazard} in this fight.")
    require_steerable(state, who, hazard)
    require_action_left(state, who, "free", gm=ctx.is_gm)  # steering on one's turn is one of the free actions
    b = ctx.batch(state)
    b.emit(
        HazardSteered(
            hazard=hazard.id, character=who.id, round=fight.order.round, text=c.text, vehicle=hazard.text
        )
    )
    return b


def require_steerable(state: BpbState, who: Character, hazard: Hazard) -> None:
    """BPB-INIT-004 (src 256): a vehicle "under direct control by a character" moves "when that character
    moves it or at the end of the round": by its controller, on their own turn, once a round."""
    fight = fight_of(state)
    # the GM's words as written ("a runaway bus"), after the hazard's number: a sentence never opens on them
    if hazard.controller != who.id:
        driver = state.characters.get(hazard.controller or "")
        raise RuleViolation(
            "BPB-INIT-004",
            f"{who.name} does not control hazard {hazard.id}, {hazard.text}: "
            + (f"{driver.name} does." if driver else "nobody does, so it moves at the end of the round."),
        )
    require_turn(state, who)
    if hazard.moved_round == fight.order.round:
        raise RuleViolation(
            "BPB-INIT-004", f"Hazard {hazard.id}, {hazard.text}, has already moved this round."
        )


def environment_acts(b: Done) -> None:
    """BPB-INIT-003: what nobody moved this round moves now, after every character."""
    fight = fight_of(b.state)
    due = [h for h in fight.hazards if h.moved_round != fight.order.round]
    fell = fallers(b.state)
    b.emit(
        EnvironmentActed(
            round=fight.order.round,
            moved=tuple(h.text for h in due),
            removed=tuple(h.id for h in due if h.once),
            fell=fell,
        )
    )
    land(b, fell)


def land(b: Done, fell: tuple[str, ...]) -> None:
    """Those who fell lie on the ground, prone (src 361: a character who falls "to the ground" as a trip
    knocks them down is prone; src 127: standing up from prone is a movement action)."""
    for cid in fell:
        if Status.PRONE not in b.state.condition(cid).statuses:
            b.emit(StatusSet(character=cid, add=(Status.PRONE,)))


def fallers(state: BpbState) -> tuple[str, ...]:
    """src 256: "Any falling objects (including characters) fall" with the environment: those in the air
    who can fly no more: knocked out or dead (BPB-REC-004), or with no flight left on (one that must be
    activated switched off, by a free action or a stagger, src 123, 244; a boost or stunt that ran out).
    The seed gives no falling damage."""
    out = []
    for cid, c in state.conditions.items():
        if not c.airborne:
            continue
        if {Status.UNCONSCIOUS, Status.DEAD} & set(c.statuses) or not still_flies(state, cid):
            out.append(cid)
    return tuple(out)


def still_flies(state: BpbState, cid: str) -> bool:
    """A power through the air that needs no switching on, or one that is on (a stunt's needs none)."""
    who = state.characters.get(cid)
    if who is None:
        return False
    on = {n.lower() for n in state.condition(cid).on}
    return any(
        p.movement and p.goes is Medium.AIR and (not p.activated or p.name.lower() in on)
        for p in (*who.powers, *stunt_powers(state, who))
    )
