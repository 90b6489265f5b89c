"""Stepping in front of an attack meant for someone else (BPB-TURN-004, -006, -007).

A hit waiting for its target's answer first asks those who may step in (see :mod:`.allies`).
Stepping in is the round's forced action: the next action is lost and the hit is the one who
stepped in, who may still meet it with a block or dodge already up (no second forced action);
the attacker cannot take the attack back. When everyone asked lets it pass, the target answers
as usual; a target with nothing to answer with (out cold, say) simply takes it.
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import InvalidCommand, RuleViolation
from capeworks.systems.bpb import commands as cmd
from capeworks.systems.bpb.allies import interposers, require_can_step_in
from capeworks.systems.bpb.attacks import after_defence, defence_options, resolve, waiting
from capeworks.systems.bpb.events import HitTaken, StepInDeclined, SteppedIn
from capeworks.systems.bpb.lookups import Ctx, Done, character, emit
from capeworks.systems.bpb.model import Stage
from capeworks.systems.bpb.state import BpbState

__all__ = ["step_in"]


def step_in(state: BpbState, ctx: Ctx, c: cmd.StepIn, dice: DiceService) -> Done:
    """BPB-TURN-004: dive in front of the attack (a forced action) and take it, or let it pass."""
    p = waiting(state, c.attack, Stage.DEFENCE)
    who = character(state, c.character)
    b = ctx.batch(state)
    if not c.step:
        if who.id not in interposers(state, p):
            raise InvalidCommand(f"{who.name} is not asked to step in front of attack {p.id}.")
        emit(b, dice, StepInDeclined(attack=p.id, character=who.id))
        after = b.state
        left = after.fight.pending if after.fight is not None else None
        if left is not None and not interposers(after, left) and not defence_options(after, left):
            stage = after_defence(left)
            emit(b, dice, HitTaken(attack=p.id, character=left.target, stage=stage))
            if stage is None:
                resolve(b, left, None, dice)
        return b
    if c.feet is not None and not ctx.is_gm:
        # src 111, 297: where the others stand is the scene's, so how far one must go to get in the way
        # is the GM's to say (the house rule since referee 7); a player steps in without it
        raise RuleViolation(
            "BPB-TURN-004",
            f"How far {who.name} must go to get in front of attack {p.id} is the GM's to say: leave feet"
            " out, and the GM rules if it is too far.",
        )
    require_can_step_in(state, p, who, c.feet)
    fight = state.fight
    assert fight is not None
    moved = p.model_copy(update={"target": who.id, "meant_for": p.target})
    forced = {**fight.forced, who.id: fight.order.round}
    then = state.model_copy(update={"fight": fight.model_copy(update={"forced": forced, "pending": moved})})
    stage = Stage.DEFENCE if defence_options(then, moved) else after_defence(moved)
    emit(
        b,
        dice,
        SteppedIn(
            attack=p.id,
            character=who.id,
            meant_for=p.target,
            round=fight.order.round,
            feet=c.feet,
            stage=stage,
        ),
    )
    if stage is None:
        resolve(b, moved, None, dice)
    return b
