"""Grab, grapple, throw and trip (BPB-GRAB): Prowess to grab, then the target's break-out roll.

The grab rolls Prowess vs 8 + the target's Prowess; on a hit the target rolls
the better of Brawn and Agility against 8 + the attacker's (3 more after an
extreme success with expertise in the manoeuvre). A target that fails is held
(restrained), squeezed, used as a shield, thrown or tripped.
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import InvalidCommand, RuleViolation
from capeworks.systems.bpb import commands as cmd
from capeworks.systems.bpb import damage as dmg
from capeworks.systems.bpb.attacks import apply_damage, circumstances, hurried_now, require_ruled, waiting
from capeworks.systems.bpb.events import BrokeFree, BrokeOut, Grabbed, StatusSet, Thrown
from capeworks.systems.bpb.lookups import (
    Ctx,
    Done,
    character,
    emit,
    fight_of,
    make_roll,
    out_of_the_grapple,
    rank_of,
    require_attack,
    require_aware,
    require_in_fight,
    require_no_blast,
    require_turn,
    spend_check,
    stop_shielding,
    use_extra_attack,
)
from capeworks.systems.bpb.model import Pending, Stage, Status
from capeworks.systems.bpb.sheet import Character
from capeworks.systems.bpb.state import BpbState
from capeworks.systems.bpb.tasks import Task, attack_bonus, attack_why, defense_terms, pace_terms

__all__ = [
    "MANOEUVRES",
    "break_free",
    "break_free_task",
    "break_out",
    "breakout_difficulty",
    "breakout_parts",
    "grab",
    "grip",
]

#: manoeuvre -> the skill whose expertise counts (BPB-GRAB-003)
MANOEUVRES: dict[str, str] = {
    "hold": "grappling",
    "squeeze": "grappling",
    "interpose": "grappling",
    "throw": "throwing",
    "trip": "tripping",
}


def grip(state: BpbState, who: Character) -> int:
    """BPB-GRAB-003: the better of Brawn and Agility, for the grab's break-out."""
    return max(rank_of(state, who, "Brawn"), rank_of(state, who, "Agility"))


def breakout_difficulty(state: BpbState, attacker: Character, *, extreme: bool) -> int:
    """BPB-GRAB-003: 8 + the attacker's better of Brawn and Agility, +3 after an extreme success."""
    return 8 + grip(state, attacker) + (3 if extreme else 0)


def breakout_parts(
    holder: Character, grip_rank: int, *, extreme: bool, hurried: int
) -> list[tuple[str, int]]:
    """A break-out's difficulty, each part named (as a refusal names them, BPB-ROLL-005): 8, the holder's
    grip, the +3 of an extreme success with expertise (BPB-GRAB-003) and a run or sprint (BPB-MOVE-007)."""
    extra = [("extreme success", 3)] if extreme else []
    return [("", 8), (f"{holder.name}'s grip", grip_rank), *extra, *pace_terms(hurried)]


def grab(state: BpbState, ctx: Ctx, c: cmd.Grab, dice: DiceService) -> Done:
    """BPB-GRAB-001..011: the grab, the break-out roll and the manoeuvre."""
    fight = fight_of(state)
    a, t = character(state, c.attacker), character(state, c.target)
    if a.id == t.id:
        raise InvalidCommand("A character does not grab themselves.")
    manoeuvre = c.manoeuvre.strip().lower()
    if manoeuvre not in MANOEUVRES:
        raise InvalidCommand(f"A grab leads to one of: {', '.join(MANOEUVRES)}.")
    extra = require_attack(state, a)
    require_aware(state, a)
    require_in_fight(state, t)
    if fight.pending is not None:
        raise RuleViolation("BPB-ATK-001", f"Attack {fight.pending.id} must be settled first.")
    require_no_blast(state, fight)
    struck = _struck(state, c.into)
    if struck is not None and (struck.id in (a.id, t.id) or c.into_pv):
        raise InvalidCommand(
            f"{t.name} cannot be thrown at themselves or the thrower."
            if struck.id in (a.id, t.id)
            else f"{struck.name}'s own protection meets the impact: give no into_pv."
        )
    if not ctx.is_gm:
        _require_landing_said(a, t, c, struck)
    tc = state.condition(t.id)
    if manoeuvre == "throw":
        # src 347 (PROPOSED: below rank 0, not even lifted): refused before the grab rolls, so no break-out
        # is left waiting on a throw that cannot come
        try:
            dmg.throw(rank_of(state, a, "Brawn"), t.weight_lb)
        except RuleViolation as e:
            raise RuleViolation(
                "BPB-GRAB-008", f"{e.message} {a.name} may grab {t.name} to hold, squeeze or trip instead."
            ) from None
    if manoeuvre == "trip" and (Status.PRONE in tc.statuses or tc.airborne):  # src 361
        raise RuleViolation("BPB-GRAB-011", f"{t.name} has no feet on the ground to trip.")
    if state.condition(a.id).held_by == t.id and manoeuvre in ("hold", "squeeze", "interpose"):
        # BPB-GRAB-005 (src 329): the held one "can't use normal movement until they break the grapple": the
        # seed's way out of a grip is the break-out roll (src 315-317; on her turn, break_free), not a grip of
        # her own on the one holding her, so two never hold each other
        raise RuleViolation(
            "BPB-GRAB-005",
            f"{a.name} is held by {t.name}: break free first (break_free), then grab {t.name} to"
            f" {manoeuvre}.",
        )
    if tc.held_by == a.id:
        # BPB-GRAB-004/005: a hold already won needs no new grab: the task action squeezes, interposes,
        # throws or trips the one held (src 317, 327)
        if manoeuvre == "hold":
            raise RuleViolation("BPB-GRAB-004", f"{a.name} already holds {t.name}.")
        b = ctx.batch(state)
        use_extra_attack(b, a, extra)
        emit(b, dice, Grabbed(attacker=a.id, target=t.id, manoeuvre=manoeuvre, held=True))
        if manoeuvre in ("throw", "trip"):  # thrown or tripped, no longer held
            emit(b, dice, StatusSet(character=t.id, remove=(Status.RESTRAINED,), released=True))
            stop_shielding(b, a.id)
        _manoeuvre(b, a, t, manoeuvre, c)
        return b
    require_ruled(state, a, t, list(c.circumstances), gm=ctx.is_gm)
    bonus, defence = circumstances(state, a, t, list(c.circumstances))
    skill = MANOEUVRES[manoeuvre]
    parts = [("", 8), ("Prowess", rank_of(state, t, "Prowess")), *defense_terms(defence)]  # src 313
    task = Task(
        attribute=rank_of(state, a, "Prowess"),
        bonus=attack_bonus(bonus),
        difficulty=sum(n for _, n in parts),
        expertise=a.has_expertise(skill),
    )
    if c.plot_point:
        spend_check(state, a)
    what = f"{a.name} grabs {t.name}"
    why = attack_why(bonus)  # BPB-MOD-002: the circumstance whose bonus applies, named as an attack's is
    roll = make_roll(dice, what, task, state.config, plot_point=c.plot_point, parts=parts)
    b = ctx.batch(state)
    use_extra_attack(b, a, extra)
    if not roll.verdict.success:
        emit(b, dice, Grabbed(attacker=a.id, target=t.id, manoeuvre=manoeuvre, roll=roll, bonus_why=why))
        return b
    breakout = None
    awake = not ({Status.UNCONSCIOUS, Status.DEAD} & set(tc.statuses))  # out cold, no reaction (src 315)
    if awake and state.plot_points(t.id) > 0:
        # BPB-ACT-008, BPB-PP-005: the break-out is the target's task roll: they are asked, so a plot point
        # may make it succeed (src 469); one without a plot point rolls at once, as before
        waits = Pending(
            id=fight.next_attack,
            attacker=a.id,
            target=t.id,
            power="grab",
            rank=breakout_difficulty(state, a, extreme=roll.verdict.extreme) - 8,
            dr=0,
            damages=None,
            stage=Stage.BREAKOUT,
            manoeuvre=manoeuvre,
            into=c.into,
            into_pv=c.into_pv,
            soft=c.soft,
        )
        grabbed = Grabbed(
            attacker=a.id, target=t.id, manoeuvre=manoeuvre, roll=roll, waits=waits, bonus_why=why
        )
        emit(b, dice, grabbed)
        return b
    if awake:
        out = Task(  # BPB-MOVE-007: a reaction task roll, harder in the middle of the target's own run
            attribute=grip(state, t),
            difficulty=breakout_difficulty(state, a, extreme=roll.verdict.extreme) + hurried_now(state, t),
        )
        parts = breakout_parts(a, grip(state, a), extreme=roll.verdict.extreme, hurried=hurried_now(state, t))
        what = f"{t.name} tries to break free"
        breakout = make_roll(dice, what, out, state.config, reaction=True, parts=parts)
    held = breakout is None or not breakout.verdict.success
    emit(
        b,
        dice,
        Grabbed(
            attacker=a.id,
            target=t.id,
            manoeuvre=manoeuvre,
            roll=roll,
            breakout=breakout,
            held=held,
            bonus_why=why,
        ),
    )
    if held:
        _manoeuvre(b, a, t, manoeuvre, c)
    return b


def _struck(state: BpbState, into: str) -> Character | None:
    """BPB-GRAB-009: the character a throw is aimed at, named by id or by name ("Agent Adler" is him too);
    None for an object (a wall, a car) or open ground."""
    key = into.strip().lower()
    people = state.characters.values()
    return next((ch for ch in people if key and key in (ch.id.lower(), ch.name.lower())), None)


def _require_landing_said(a: Character, t: Character, c: cmd.Grab, struck: Character | None) -> None:
    """BPB-GRAB-009: where a throw lands is the player's to choose, the scene it lands in the GM's to say:
    whether another character stands where the one thrown lands (within the throw's distance, src 347), and
    what a wall is made of (src 353: "being brick, has rank 5 Invulnerability"). A player's throw names
    neither; the GM's seat issues it."""
    if struck is not None:
        raise RuleViolation(
            "BPB-GRAB-009",
            f"Whether {struck.name} stands where {t.name} would land is the GM's to say: the GM issues the"
            f" throw for {a.name}.",
        )
    if c.into_pv is not None:
        raise RuleViolation(
            "BPB-GRAB-009",
            f"What {c.into} is made of (its protection) is the GM's to say: throw {t.name} into it and the GM"
            " rules what it suffers, or the GM issues the throw with its protection.",
        )


def break_out(state: BpbState, ctx: Ctx, c: cmd.BreakOut, dice: DiceService) -> Done:
    """BPB-GRAB-003/004, BPB-PP-005: the grabbed target's break-out roll, or a plot point for it."""
    p = waiting(state, c.attack, Stage.BREAKOUT)
    if c.character != p.target:
        raise InvalidCommand(f"Grab {p.id} caught {p.target}.")
    a, t = state.characters[p.attacker], state.characters[p.target]
    if c.plot_point:
        spend_check(state, t)
    task = Task(attribute=grip(state, t), difficulty=8 + p.rank + hurried_now(state, t))  # BPB-MOVE-007
    # the grab's rank holds the holder's grip, and 3 more after an extreme success (BPB-GRAB-003)
    extreme = p.rank > grip(state, a)
    parts = breakout_parts(
        a, p.rank - 3 if extreme else p.rank, extreme=extreme, hurried=hurried_now(state, t)
    )
    roll = make_roll(
        dice,
        f"{t.name} tries to break free",
        task,
        state.config,
        reaction=True,
        plot_point=c.plot_point,
        parts=parts,
    )
    held = not roll.verdict.success
    b = ctx.batch(state)
    emit(b, dice, BrokeOut(attack=p.id, character=t.id, roll=roll, held=held))
    if held:
        manoeuvre = p.manoeuvre or "hold"
        grab = cmd.Grab(
            attacker=a.id, target=t.id, manoeuvre=manoeuvre, into=p.into, into_pv=p.into_pv, soft=p.soft
        )
        _manoeuvre(b, a, t, manoeuvre, grab)
    return b


def _manoeuvre(b: Done, a: Character, t: Character, manoeuvre: str, c: cmd.Grab) -> None:
    state = b.state
    tc = state.condition(t.id)
    other = tc.held_by if tc.held_by not in (None, a.id) else None
    if manoeuvre in ("hold", "squeeze", "interpose"):
        if tc.held_by != a.id or Status.RESTRAINED not in tc.statuses:  # held already: no "now restrained"
            b.emit(StatusSet(character=t.id, add=(Status.RESTRAINED,), held_by=a.id))  # BPB-GRAB-005
        if other is not None:
            # ours (one grip at a time): wrested from another's grip, she shields them no more (BPB-GRAB-007)
            stop_shielding(b, other)
        if manoeuvre == "squeeze":
            # src 327: the grappler does "one of the following during this round": squeezing her, he no
            # longer uses her as a shield (BPB-GRAB-007)
            stop_shielding(b, a.id)
            r = dmg.squeeze(rank_of(state, a, "Brawn"), rank_of(state, a, "Agility"))  # BPB-GRAB-006
            apply_damage(b, t, r.dr, stunning=r.stunning, why="squeeze")
        if manoeuvre == "interpose" and Status.INTERPOSING not in state.condition(a.id).statuses:
            b.emit(StatusSet(character=a.id, add=(Status.INTERPOSING,)))  # BPB-GRAB-007
        return
    if manoeuvre == "throw":
        # src 347: the one thrown "flies through the air and lands a distance away": out of any grip
        # (another's too, as out of the thrower's own on grab's held path), and letting go of anyone they
        # held, as one slammed does (src 236, out_of_the_grapple)
        out_of_the_grapple(b, t.id)
    if manoeuvre == "trip":
        # src 361: the one tripped "falls to the ground": out of another's grip, as out of the tripper's own
        # (grab's held path), that holder shielding behind her no more; and, the seed silent on a holder who
        # falls, one tripped while holding lets go as one tripped while held is let go (out_of_the_grapple)
        out_of_the_grapple(b, t.id)
        r = dmg.trip(rank_of(state, a, "Agility"))  # BPB-GRAB-011
        b.emit(StatusSet(character=t.id, add=(Status.PRONE,)))
        apply_damage(b, t, r.dr, stunning=r.stunning, why="trip")
        return
    thrown = dmg.throw(rank_of(state, a, "Brawn"), t.weight_lb)  # BPB-GRAB-008
    dr = thrown.dr
    if c.soft:  # BPB-GRAB-010
        dr = dmg.soft_landing(dr, state.config.soft_surface_factor)
    struck = _struck(state, c.into)  # BPB-GRAB-009: thrown at a character, not an object
    # BPB-GRAB-009: what an object suffers, against the protection the GM said (none said: the GM's to rule)
    said = c.into and struck is None and c.into_pv is not None
    hit_object = max(0, dr - (c.into_pv or 0)) if said else 0
    b.emit(
        Thrown(
            attacker=a.id,
            target=t.id,
            rank=thrown.rank,
            distance_ft=thrown.distance_ft,
            dr=dr,
            into=c.into,
            into_pv=c.into_pv,
            object_damage=hit_object,
            at_character=struck is not None,
            grounded=state.condition(t.id).airborne,  # src 347: "lands a distance away"
        ),
    )
    apply_damage(b, t, dr, why="thrown")
    if struck is not None:
        # src 353: what she is thrown at meets the impact's DR with its own protection (the brick wall's
        # Invulnerability 5): a character struck takes it against theirs, as she does
        apply_damage(b, struck, dr, why=f"struck by {t.name}")


def break_free(state: BpbState, ctx: Ctx, c: cmd.BreakFree, dice: DiceService) -> Done:
    """BPB-GRAB-005 (PROPOSED): the held character spends the task action on the break-out roll again."""
    who = character(state, c.character)
    holder_id = state.condition(who.id).held_by
    if holder_id is None:
        raise InvalidCommand(f"{who.name} is not held.")
    require_turn(state, who, task=True)
    holder = state.characters[holder_id]
    if c.plot_point:
        spend_check(state, who)
    task = break_free_task(state, who, holder)
    parts = breakout_parts(holder, grip(state, holder), extreme=False, hurried=hurried_now(state, who))
    what = f"{who.name} tries to break free"
    roll = make_roll(dice, what, task, state.config, plot_point=c.plot_point, parts=parts)
    b = ctx.batch(state)
    emit(b, dice, BrokeFree(character=who.id, roll=roll))
    if roll.verdict.success:
        emit(b, dice, StatusSet(character=who.id, remove=(Status.RESTRAINED,), released=True))
        stop_shielding(b, holder.id)
    return b


def break_free_task(state: BpbState, who: Character, holder: Character) -> Task:
    """BPB-GRAB-005 (PROPOSED): the held one's break-out on their turn, as the grab's reaction (no extreme
    now); BPB-MOVE-007: the task action of a turn run by a movement power pays for it."""
    return Task(
        attribute=grip(state, who),
        difficulty=breakout_difficulty(state, holder, extreme=False) + hurried_now(state, who),
    )
