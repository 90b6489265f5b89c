"""Explosions (BPB-DMG-003/004, BPB-XS-009) and diving for cover from them (BPB-DEF-008/009).

An explosion is placed at difficulty 9 and never an extreme success; everyone within its radius takes
its DR (full to half the radius, half beyond). Block and dodge do not apply; "the only way to avoid
such attacks is to not be under them": a target for whom the attacker's command gives the distance to
cover (``cover_ft``) is asked first, and may dive (a forced action, ending prone; safe only within a
base move). Their damage waits for the answers; the others' is dealt at once.
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.engine.names import names_of
from capeworks.errors import InvalidCommand, NotFound, RuleViolation
from capeworks.systems.bpb import commands as cmd
from capeworks.systems.bpb import damage as dmg
from capeworks.systems.bpb.allies import reach_ft
from capeworks.systems.bpb.attacks import EXPLOSION_DIFFICULTY, apply_damage, attacker_hindrances
from capeworks.systems.bpb.events import BlastAnswered, Exploded
from capeworks.systems.bpb.lookups import (
    Ctx,
    Done,
    character,
    emit,
    enhanced,
    fight_of,
    held_fast,
    make_roll,
    out_of_the_grapple,
    rank_of,
    require_able,
    require_attack,
    require_aware,
    require_no_blast,
    spend_check,
    use_extra_attack,
)
from capeworks.systems.bpb.model import Status
from capeworks.systems.bpb.state import BpbState
from capeworks.systems.bpb.tasks import Task, defense_terms

__all__ = ["can_dive", "dive", "explode"]


def can_dive(state: BpbState, cid: str) -> bool:
    """A dive is a forced action: once a round, not on one's own turn with the task action unused, and a
    move, so not while held (BPB-GRAB-005), and not by one unaware of the fight (BPB-INIT-001)."""
    fight = state.fight
    cond = state.condition(cid)
    if fight is None or Status.UNCONSCIOUS in cond.statuses or Status.DEAD in cond.statuses:
        return False
    if fight.forced.get(cid) == fight.order.round or held_fast(state, cid):
        return False
    if cid in fight.unaware:  # src 252: no opportunity to act before they become aware (BPB-INIT-001)
        return False
    return not (fight.turn.actor == cid and not fight.turn.task)


def explode(state: BpbState, ctx: Ctx, c: cmd.Explode, dice: DiceService) -> Done:
    """BPB-DMG-003/004, BPB-XS-009: difficulty 9, never extreme; full DR to half radius, half beyond."""
    fight = fight_of(state)
    a = character(state, c.attacker)
    extra = require_attack(state, a)
    require_aware(state, a)
    if fight.pending is not None:
        raise RuleViolation("BPB-ATK-001", f"Attack {fight.pending.id} must be settled first.")
    require_no_blast(state, fight)
    power = a.power(c.power)
    power = enhanced(state, a, power) if power is not None else None
    if power is None or not power.exploding_ft:
        raise RuleViolation("BPB-DMG-003", f"{a.name} has no exploding attack {c.power!r}.")
    if not ctx.is_gm:
        # src 411: "everyone within a certain range of the target": the player aims it, but where everyone
        # stands, who it catches and how far from its centre, is the scene the GM keeps
        raise RuleViolation(
            "BPB-DMG-003",
            f"Who {a.name}'s {power.name} catches, and how far each stands from where it lands, is the GM's"
            f" to say: the GM throws it for {a.name}.",
        )
    if not c.distances:  # src 411: "its damage to everyone within a certain range": the command names them
        raise InvalidCommand(
            f"Say who is within the blast of {power.name}: distances gives each one's id and their feet"
            " from its centre.",
            field="distances",
        )
    targets = [character(state, cid) for cid in c.distances]
    stray = [cid for cid in c.cover_ft if cid not in c.distances]
    if stray:
        not_in = ", ".join(names_of(state.characters, stray))
        raise InvalidCommand(f"Cover is given only for those in the blast; not for {not_in}.")
    # src 411: 9 for the point aimed at, with the thrower's own run, sprint or restraint on it (src 103),
    # and what the GM names of the thrower's own state (blind, src 200); a target's has no place at a point
    listed = list(dict.fromkeys(c.circumstances))
    stray = [x for x in listed if not x.startswith("attacker_")]
    if stray:
        raise InvalidCommand(
            f"An explosion is aimed at a point, not a target: only the thrower's own circumstances apply"
            f" (attacker_...), not {', '.join(stray)}."
        )
    parts = [("", EXPLOSION_DIFFICULTY), *defense_terms([*attacker_hindrances(state, a), *listed])]
    accuracy = rank_of(state, a, "Accuracy")
    task = Task(attribute=accuracy, difficulty=sum(n for _, n in parts), can_extreme=False)
    if c.plot_point:
        spend_check(state, a)
    what = f"{a.name} throws {power.name}"
    roll = make_roll(dice, what, task, state.config, plot_point=c.plot_point, parts=parts)
    hits: dict[str, int] = {}
    if roll.verdict.success:
        for t in targets:
            dr = dmg.explosion_dr(rank_of(state, a, power.name), power.exploding_ft, c.distances[t.id])
            if dr:
                hits[t.id] = dr
    cover = {cid: ft for cid, ft in c.cover_ft.items() if cid in hits and can_dive(state, cid)}
    b = ctx.batch(state)
    use_extra_attack(b, a, extra)
    exploded = Exploded(
        attacker=a.id, power=power.name, roll=roll, hits=hits, cover=cover, penetrating=power.penetrating
    )
    emit(b, dice, exploded)
    for cid, dr in hits.items():
        if cid not in cover:
            apply_damage(b, state.characters[cid], dr, penetrating=power.penetrating, why=power.name)
    return b


def dive(state: BpbState, ctx: Ctx, c: cmd.Dive, dice: DiceService) -> Done:
    """BPB-DEF-008/009: dive for cover (forced, prone; safe within a base move) or take the explosion."""
    fight = fight_of(state)
    blast = fight.blast
    if blast is None or c.character not in blast.awaiting:
        raise NotFound(f"No explosion waits for {c.character!r} to dive.")
    t = state.characters[c.character]
    safe = False
    if c.dive:
        require_able(state, t)
        safe = blast.cover[t.id] <= reach_ft(state, t)  # BPB-DEF-009
    b = ctx.batch(state)
    grounded = c.dive and state.condition(t.id).airborne  # src 393: "ends up on the ground prone"
    emit(
        b,
        dice,
        BlastAnswered(character=t.id, dive=c.dive, safe=safe, round=fight.order.round, grounded=grounded),
    )
    if c.dive:  # held, she went by a movement power; holding, he lets go, as a tripped holder does (src 393)
        out_of_the_grapple(b, t.id)
    if blast.awaiting == (t.id,):  # the last answer: the explosion lands on those not safe
        gone = {*blast.safe, *((t.id,) if safe else ())}
        for cid, dr in blast.hits.items():
            if cid not in gone:
                apply_damage(b, state.characters[cid], dr, penetrating=blast.penetrating, why=blast.power)
    return b
