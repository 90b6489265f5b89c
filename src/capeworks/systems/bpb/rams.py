"""Ramming (BPB-GRAB-013, the inventory's PROPOSED reading of the author's musings).

A ram is a movement action that ends in a hand-to-hand attack (the one allowed
task in the middle of a move): the move mode's difficulty applies (+3 running,
+6 all-out; a pace declared this turn is the ram's, src 103, 339), the DR is
the rammer's Brawn (or, with ``ram_dr_uses_power_rank``, the movement power's
rank), stunning at human Brawn as any bare-handed blow (src 403), +3 for an
all-out ram as if overwhelming (so a Brawn 3 ram at a sprint is normal damage), and a ram that lands hits the
rammer too, for half the DR (rounded down) against their own protection. The hit
is blocked, dodged or taken like any other.
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import InvalidCommand, RuleViolation
from capeworks.systems.bpb import commands as cmd
from capeworks.systems.bpb import damage as dmg
from capeworks.systems.bpb.attacks import attack_parts, first_stage, require_ruled, resolve
from capeworks.systems.bpb.events import AttackRolled, Moved
from capeworks.systems.bpb.lookups import (
    Ctx,
    Done,
    character,
    emit,
    fight_of,
    is_held,
    make_roll,
    out_of_the_grapple,
    power_of,
    rank_of,
    require_attack,
    require_aware,
    require_in_fight,
    require_no_blast,
    spend_check,
    stunt_powers,
    use_extra_attack,
)
from capeworks.systems.bpb.model import Pending, Status, Stunt
from capeworks.systems.bpb.movement import Mode
from capeworks.systems.bpb.sheet import Character, Medium
from capeworks.systems.bpb.state import BpbState
from capeworks.systems.bpb.turns import move_distance, movement_medium, require_switched_on, sprint_stopped

__all__ = ["ram"]


def _pace(a: Character, declared: Mode | None, asked: Mode | None) -> Mode:
    """The ram's move mode: the movement action's pace declared this turn (BPB-MOVE-007), so the ram's
    difficulty, DR and distance agree with it (src 103, 339); undeclared and unasked, a run."""
    if declared is None:
        return asked or Mode.RUN
    if asked is not None and asked is not declared:
        raise RuleViolation(
            "BPB-GRAB-013",
            f"{a.name} declared a {declared.value} this turn: the ram is that movement action, "
            f"at a {declared.value}.",
        )
    return declared


def require_charge(state: BpbState, a: Character) -> Stunt | None:
    """A ram is possible now, whoever the target (the command's checks and its menu alike): an attack
    (BPB-ACT-001; returns the Extra Attacks stunt it uses, if any), by one aware, with the movement action
    unspent (a ram is the move, BPB-GRAB-013), not prone (standing up is the move, BPB-ACT-004), and if
    held, with a movement power to charge by (BPB-GRAB-005)."""
    extra = require_attack(state, a)
    require_aware(state, a)
    if fight_of(state).turn.moved is not None:
        raise RuleViolation("BPB-ACT-001", f"{a.name} has already moved this turn: a ram is the move.")
    if Status.PRONE in state.condition(a.id).statuses:
        raise RuleViolation("BPB-ACT-004", f"{a.name} is prone: standing up is the movement action.")
    if is_held(state, a.id) and not any(p.movement for p in (*a.powers, *stunt_powers(state, a))):
        # src 329: no "normal movement" while held; only a movement power could carry the charge
        raise RuleViolation("BPB-GRAB-005", f"{a.name} is held and cannot charge until they break free.")
    return extra


def ram(state: BpbState, ctx: Ctx, c: cmd.Ram, dice: DiceService) -> Done:
    fight = fight_of(state)
    a, t = character(state, c.attacker), character(state, c.target)
    if a.id == t.id:
        raise InvalidCommand("A character does not ram themselves.")
    extra = require_charge(state, a)
    require_in_fight(state, t)
    if fight.pending is not None:
        raise RuleViolation("BPB-ATK-001", f"Attack {fight.pending.id} must be settled first.")
    require_no_blast(state, fight)
    require_ruled(state, a, t, list(c.circumstances), gm=ctx.is_gm)
    cond = state.condition(a.id)
    medium = movement_medium(a, c.medium, c.power)
    if is_held(state, a.id) and medium != "power":
        # src 329: no "normal movement" while held; a movement power still goes (as a move does)
        raise RuleViolation("BPB-GRAB-005", f"{a.name} is held and cannot charge until they break free.")
    mode = _pace(a, fight.turn.pace, c.mode)
    feet = move_distance(state, a, mode, medium, c.power, c.feet, in_fight=True)
    mover = power_of(state, a, c.power or "") if medium == "power" else None
    require_switched_on(state, a, mover)
    # BPB-GRAB-011: a ram by a flight goes through the air, as a move by it does (turns.move): still aloft
    airborne = mover is not None and mover.goes is Medium.AIR
    b = ctx.batch(state)
    use_extra_attack(b, a, extra)
    stopped = sprint_stopped(
        state, a, mode, medium
    )  # BPB-MOVE-009: a ram's move ends a sprint as a move does
    if stopped is not None:
        emit(b, dice, stopped)
    emit(
        b,
        dice,
        Moved(character=a.id, mode=mode, feet=feet, medium=medium, round=state.round, airborne=airborne),
    )
    if cond.held_by is not None:  # gone by a movement power, out of the holder's grip (as a move does)
        out_of_the_grapple(b, a.id)
    what = f"{a.name} rams {t.name}"
    # the move's +3/+6 from the state; out of reach, refused naming the difficulty's parts (BPB-ROLL-005)
    task, parts = attack_parts(b.state, a, t, None, list(c.circumstances), what="" if c.plot_point else what)
    if c.plot_point:
        spend_check(state, a)
    roll = make_roll(dice, what, task, state.config, plot_point=c.plot_point, parts=parts)
    # the body's blow at Brawn is unarmed (src 403: stunning at human level); a movement power's rank is a
    # power's (normal); all-out adds three ranks as overwhelming does (src 232: past rank 3, normal damage)
    rating = (
        dmg.Rating(dr=rank_of(state, a, mover.name))
        if state.config.ram_dr_uses_power_rank and mover is not None
        else dmg.unarmed(rank_of(state, a, "Brawn"))
    )
    if mode is Mode.SPRINT:
        rating = dmg.overwhelmed(rating)
    dr = rating.dr
    pending = Pending(
        id=fight.next_attack,
        attacker=a.id,
        target=t.id,
        power="ram",
        rank=dr,
        dr=dr,
        stunning=rating.stunning,
        extreme=roll.verdict.extreme,
        recoil=dr // 2,
    )
    stage = first_stage(b.state, pending) if roll.verdict.success else None
    emit(
        b,
        dice,
        AttackRolled(
            attack=pending.id,
            attacker=a.id,
            target=t.id,
            power="ram",
            rank=dr,
            dr=dr,
            stunning=rating.stunning,
            roll=roll,
            stage=stage,
            recoil=pending.recoil,
        ),
    )
    if roll.verdict.success and stage is None:
        resolve(b, pending, None, dice)
    return b
