"""Everything else a turn or the GM does: moving, resting, roll-less Actions, covering fire,
steadying, getting up, falls, first aid, statuses, time passing, called rolls and the roster.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from capeworks.engine import Audience, Batch, DiceService, Role, RollRecord
from capeworks.engine.kit import Expiry, TurnPoint
from capeworks.errors import InvalidCommand, NotPermitted, RuleViolation
from capeworks.systems.workshop import commands as cmd
from capeworks.systems.workshop import events as ev
from capeworks.systems.workshop.cards import Favored
from capeworks.systems.workshop.combat import covered_move, fire_on_mover, weapon_of
from capeworks.systems.workshop.common import (
    Ctx,
    able,
    acting,
    action_left,
    char,
    check_is_action,
    favored,
    favored_point,
    free_move,
    group_skill,
    guard_spent,
    held_down,
    pool_point,
    rejoined,
    require_steady,
    roll_traits,
    rolled_event,
    sleepers_due,
    speed_bump,
    use_action,
    wake_rolls,
    woken,
)
from capeworks.systems.workshop.config import CineMode, InitiativeSystem
from capeworks.systems.workshop.harm import COVER_EFFECTS, harm, wt_of
from capeworks.systems.workshop.mooks import offer_strikes
from capeworks.systems.workshop.rules import (
    cover_from,
    falling_damage,
    snapshot_modifier,
    stabilise_difficulty,
)
from capeworks.systems.workshop.sheet import Combatant, Standing, Weapon
from capeworks.systems.workshop.state import WorkshopState
from capeworks.systems.workshop.turn import Call, Effect, Turn

__all__ = [
    "add_character",
    "call_check",
    "cover",
    "end_session",
    "fall",
    "get_up",
    "gm_note",
    "heal_cinematic",
    "move",
    "pass_time",
    "players_side",
    "require_covering_weapon",
    "require_revivable",
    "require_stabilisable",
    "require_treatable",
    "rest",
    "revive",
    "roll_check",
    "rollless",
    "rouse",
    "set_status",
    "stabilise",
    "steady",
    "treat",
]

B = Batch[WorkshopState]


def _action_done(
    batch: B,
    ctx: Ctx,
    dice: DiceService,
    state: WorkshopState,
    actor: str,
    favored: Favored,
    success: bool,
    *,
    rolled: bool = True,
    strikes: bool = True,
) -> None:
    """What a rolled Action that ignores the mooks brings, one place for every such Action: its pool
    point when the card favours it (WS-CARD-002), the unconscious's wake rolls (WS-DMG-007; only after
    an Action ``rolled``, src 60) and the engaging mooks' strikes (WS-MOOK-005). Each snapshot of a split
    Action is an Action of its own (src 31) but for the strikes, which come once, after the last."""
    favored_point(batch, actor, favored, success)
    if rolled:
        wake_rolls(batch, ctx, dice, actor, state)
    if strikes:
        offer_strikes(batch, ctx, actor)


def move(state: WorkshopState, ctx: Ctx, command: cmd.Move, dice: DiceService) -> B:
    """WS-SEQ-003: the turn's Move, else the Action as a Move; Battered has no free Move (WS-STATUS-002).

    The Action as a Move is an Action: Shaken, it waits for the steadying roll (WS-SHAKEN-003)."""
    c = acting(state, command.character, action=False)
    if c.has("knocked_down"):
        raise RuleViolation("WS-KNOCK-001", f"{c.name} is knocked down: get up first.")
    turn = state.turn
    if free_move(state, c):
        new_turn, full = turn.model_copy(update={"move_used": True}), False
    elif action_left(state, c):
        require_steady(ctx.config, c)  # the Action as a Move is an Action (src 12): steady first (src 81)
        new_turn, full = use_action(state, c.id), True
    else:
        raise RuleViolation("WS-SEQ-003", f"{c.name} has used this turn's Action and Move.")
    batch = ctx.batch(state)
    if full:
        guard_spent(batch, c.id)
    moved = c.model_copy(update={"busy": True})
    batch.emit(ev.Moved(character=moved, full=full, turn=new_turn, effects=covered_move(batch.state, c)))
    fire_on_mover(batch, ctx, dice, c.id)
    if full:  # the Action spent walking ignores the engaging mooks (src 175)
        offer_strikes(batch, ctx, c.id)
    return batch


def rest(state: WorkshopState, ctx: Ctx, command: cmd.Rest, dice: DiceService) -> B:
    """WS-DMG-006: a turn of nothing but rest (the Sequence's end regains 1 Shock point).

    The rest spends the turn's Action and Move (src 12) and ignores any speed-bump mooks engaging the
    resting character, so they may strike (WS-MOOK-005, src 175 "Every Action taken where the Mooks are
    ignored"); being struck is no doing of the rester's, so the rest still counts unless they defend."""
    c = acting(state, command.character)
    if state.turn.extra == c.id:  # the turn's Action and Move are the current actor's, not c's
        raise RuleViolation(
            "WS-DMG-006", f"{c.name} rests on their own turn, not in an Action out of Sequence."
        )
    if state.turn.move_used or c.busy or c.defended:  # an Active Defense is more than rest (src 20, 58)
        raise RuleViolation("WS-DMG-006", f"{c.name} has done more than rest this Sequence.")
    turn = state.turn.model_copy(update={"action_used": True, "move_used": True})
    batch = ctx.batch(state)
    batch.emit(ev.Rested(character=c.model_copy(update={"rested": True}), turn=turn))
    offer_strikes(batch, ctx, c.id)
    return batch


def rollless(state: WorkshopState, ctx: Ctx, command: cmd.Rollless, dice: DiceService) -> B:
    """WS-SHOT-002: an Action with no roll (a Sequence of only these regains a Shot)."""
    c = acting(state, command.character)
    require_steady(ctx.config, c)  # WS-SHAKEN-002/003: no Free Actions; steady before any Action
    batch = ctx.batch(state)
    guard_spent(batch, c.id)
    what = command.what.strip() or "reloads"
    batch.emit(
        ev.RolllessAction(
            character=c.model_copy(update={"busy": True}), what=what, turn=use_action(state, c.id)
        )
    )
    offer_strikes(batch, ctx, c.id)
    return batch


def require_covering_weapon(c: Combatant, name: str) -> Weapon:
    """WS-COVER-003: the weapon ``name`` lays covering fire; unnamed, the first of ``c``'s that can ("A
    weapon capable of Covering Fire may be used", src 72), or a refusal when none can."""
    if not name:
        capable = [w for w in c.weapons.values() if w.covering_fire]
        if not capable:
            raise RuleViolation("WS-COVER-003", f"None of {c.name}'s weapons can lay covering fire.")
        return capable[0]
    w = weapon_of(c, name)
    if not w.covering_fire:
        raise RuleViolation("WS-COVER-003", f"The {w.name} cannot lay covering fire.")
    return w


def cover(state: WorkshopState, ctx: Ctx, command: cmd.Cover, dice: DiceService) -> B:
    """WS-COVER-001/004: Ranged Weapons + Perception vs 10; 1 Cover per 5 PV until your next action."""
    if not ctx.config.covering_fire:
        raise RuleViolation("WS-COVER-003", "Covering fire is not used at this table.")
    c = acting(state, command.character)
    require_steady(ctx.config, c)
    weapon = require_covering_weapon(c, command.weapon)
    line = _line(state, c, command)
    group = speed_bump(ctx.config, c)
    rolls: tuple[RollRecord, ...]
    if group:
        after = c.without("bruised").model_copy(update={"busy": True})  # no roll: not ``rolled`` (src 16)
        rolled, rolls = group_roll(c, "covering fire", 10, action=True), ()
    else:
        traits = ("Ranged Weapons", "Perception")
        r = roll_traits(ctx.config, dice, c, traits, 10, purpose="covering fire")
        rolled, after, rolls = rolled_event(c, "covering fire", traits, r), r.after, (r.record,)
    amount = cover_from(rolled.total - rolled.difficulty) if rolled.success else 0
    name = "aggressive_cover" if command.aggressive else "cover"
    kept = tuple(e for e in state.effects if not (e.target == c.id and e.name in COVER_EFFECTS))
    effects = kept + (
        (
            Effect(
                name=name,
                target=c.id,
                amount=amount,
                faction=c.faction,
                ends=Expiry(point=TurnPoint.TURN_START, holder=c.id),
                line=line,
                weapon=weapon.name if command.aggressive else "",
                movers=None if command.aggressive else (),  # WS-COVER-002: nobody has moved in it yet
            ),
        )
        if amount
        or (command.aggressive and rolled.success)  # made with no Cover, it still attacks at AV 10 (src 76)
        else ()
    )
    batch = ctx.batch(state)
    guard_spent(batch, c.id)
    batch.emit(rolled, rolls=rolls)
    batch.emit(
        ev.CoverLaid(
            character=after,
            cover=amount,
            aggressive=command.aggressive,
            effects=effects,
            turn=use_action(state, c.id),
        )
    )
    _action_done(batch, ctx, dice, state, c.id, Favored.COMBAT, rolled.success, rolled=not group)
    return batch


def group_roll(g: Combatant, what: str, difficulty: int, *, action: bool) -> ev.Rolled:
    """A roll the rules ask of a speed-bump group, which has none of the traits they name (covering fire's
    Ranged Weapons + Perception, src 72; a fall's or getting up's Stunt + Agility, src 66, 106; a healer's
    Physician + Wits, src 120, 150): the seed is silent and the
    inventory proposes nothing, so the table reads it as the group does everything else. "Characters that
    have no name are handled by Static PV ... No roll" (src 175), their one trait, Skill, standing for the
    skill of the comparison, and their attacks are static too (PROPOSED WS-MOOK-005): the group's Skill vs
    the difficulty, no dice; an ``action`` (covering fire) takes Bruised's 5 ("next Action", src 181). As
    with its static strikes, no extra positive dice are rolled, no degree of failure is read (no Fumble or
    Hazardous for the GM to narrate), and nobody stirs (src 60: no roll)."""
    skill = group_skill(g) if action else g.trait("Skill")
    return ev.Rolled(
        who=g.id,
        what=what,
        traits=("Skill",),
        base=g.trait("Skill"),
        dice=(),
        modifier=skill - g.trait("Skill"),
        total=skill,
        difficulty=difficulty,
        success=skill >= difficulty,
        static=True,
    )


def _line(state: WorkshopState, c: Combatant, command: cmd.Cover) -> tuple[str, ...]:
    """WS-COVER-002/004: who is in the line of fire: allies for Cover; for aggressive fire, anyone but the
    shooter, allies too: it attacks "all moving in the line of fire" (src 76)."""
    line = tuple(dict.fromkeys(command.line))
    for cid in line:
        other = char(state, cid)
        ally = other.faction == c.faction and other.id != c.id
        if command.aggressive and other.id == c.id:
            raise RuleViolation("WS-COVER-004", f"{c.name} fires along the line of fire and is not in it.")
        if not command.aggressive and not ally:
            raise RuleViolation(
                "WS-COVER-002", f"Covering fire gives Defense to allies; {other.name} is not one."
            )
    return line


def steady(state: WorkshopState, ctx: Ctx, command: cmd.Steady, dice: DiceService) -> B:
    """WS-SHAKEN-003: Willpower + Focus vs 20 (PROPOSED "10+10") as the Action; success ends Shaken."""
    c = acting(state, command.character)
    if not c.has("shaken"):
        raise RuleViolation("WS-SHAKEN-003", f"{c.name} is not Shaken.")
    traits = ("Willpower", "Focus")
    r = roll_traits(ctx.config, dice, c, traits, ctx.config.shaken_difficulty, purpose="steady")
    after = r.after.without("shaken") if r.success else r.after
    batch = ctx.batch(state)
    guard_spent(batch, c.id)
    batch.emit(
        rolled_event(c, "steady", traits, r, character=after, turn=use_action(state, c.id)), rolls=(r.record,)
    )
    _action_done(batch, ctx, dice, state, c.id, Favored.OTHER, r.success)
    return batch


def get_up(state: WorkshopState, ctx: Ctx, command: cmd.GetUp, dice: DiceService) -> B:
    """WS-KNOCK-001: up with a Move, or Stunt + Agility vs 15 first (failing, the Move is spent).

    Shaken (WS-SHAKEN-002/003), the free try is a Free Action, refused; getting up with the Action once
    the Move is gone waits for the steadying roll, like any Action."""
    c = acting(state, command.character, action=False)
    if not c.has("knocked_down"):
        raise RuleViolation("WS-KNOCK-001", f"{c.name} is not knocked down.")
    turn = state.turn
    free = free_move(state, c)  # Battered has none (WS-STATUS-002): the Action must be the Move
    if not free and not action_left(state, c):
        raise RuleViolation("WS-KNOCK-001", f"{c.name} has no Move or Action left to get up with.")
    if c.has("shaken") and command.roll:
        raise RuleViolation(
            "WS-SHAKEN-002", f"{c.name} is Shaken: no Free Actions, so no free try to get up; use the Move."
        )
    if not free:
        require_steady(ctx.config, c)
    batch = ctx.batch(state)
    spend = turn.model_copy(update={"move_used": True}) if free else use_action(state, c.id)
    spent = not free  # the Action, unless a made roll spares it
    if command.roll and speed_bump(ctx.config, c):
        # no Stunt or Agility: its Skill vs 15, no dice, as its other rolls (:func:`group_roll`); no roll, so
        # the Sequence may still regain a Shot (src 16), but it is more than rest (src 58)
        g = group_roll(c, "get up", 15, action=False)
        spent = spent and not g.success
        up = c.without("knocked_down").model_copy(update={"busy": True})
        batch.emit(g.model_copy(update={"character": up, "turn": turn if g.success else spend}))
    elif command.roll:
        traits = ("Stunt", "Agility")
        r = roll_traits(ctx.config, dice, c, traits, 15, purpose="get up", action=False)
        new_turn = turn if r.success else spend
        spent = spent and not r.success
        # a roll the character chose to make this Sequence, and more than rest: like a called check rolled
        # off its turn, no Action (it stirs nobody), yet no roll-less Sequence (src 16) and no rest (src 58)
        up = c.without("knocked_down").model_copy(update={"rolled": True, "busy": True})
        batch.emit(rolled_event(c, "get up", traits, r, character=up, turn=new_turn), rolls=(r.record,))
    else:
        batch.emit(ev.StatusSet(character=c.without("knocked_down"), status="knocked_down", on=False))
        # a Move like any other: something done, rolling nothing (src 16: the Sequence may regain a Shot)
        risen = batch.state.characters[c.id].model_copy(update={"busy": True})
        batch.emit(ev.Moved(character=risen, full=False, turn=spend))
    if spent:
        guard_spent(batch, c.id)
        offer_strikes(batch, ctx, c.id)  # the Action spent getting up ignores the engaging mooks (src 175)
    return batch


def fall(state: WorkshopState, ctx: Ctx, command: cmd.Fall, dice: DiceService) -> B:
    """WS-DMG-010: Damage = metres; Stunt + Agility vs 0 takes 1 m off per 5 PV. The faller makes that
    roll: one "unable to act" (src 54: down, dying, dead) rolls nothing and takes the whole distance.

    The fall is Damage, so more of it than the Mass Value flings the faller (WS-KNOCK-002, src 107), into
    the solid object ``wall_at`` metres behind if the GM names one (WS-KNOCK-003)."""
    c = char(state, command.character)
    batch = ctx.batch(state)
    damage = command.metres
    if c.can_act and speed_bump(ctx.config, c):  # no Stunt to roll: its Skill, no dice (:func:`group_roll`)
        lessen = group_roll(c, "fall", 0, action=False)
        damage = falling_damage(command.metres, lessen.total if lessen.success else None)
        batch.emit(lessen)
    elif c.can_act:
        traits = ("Stunt", "Agility")
        r = roll_traits(ctx.config, dice, c, traits, 0, purpose="fall", action=False)
        damage = falling_damage(command.metres, r.margin if r.success else None)
        batch.emit(rolled_event(c, "fall", traits, r), rolls=(r.record,))
    batch.emit(ev.Fell(who=c.id, metres=command.metres, damage=damage))
    if damage:
        wall = command.wall_at if command.wall_at is not None else c.wall_behind
        harm(batch, ctx, dice, c.id, damage, hit=False, wall_at=wall)
    return batch


@dataclass(frozen=True, slots=True)
class _Healing:
    """A healer's roll: its event (without the healer and turn after it), the healer after it, the dice."""

    rolled: ev.Rolled
    after: Combatant
    rolls: tuple[RollRecord, ...]

    @property
    def success(self) -> bool:
        return self.rolled.success

    def event(self, turn: Turn | None) -> ev.Rolled:
        """The roll's event, carrying the healer after it and the turn."""
        return self.rolled.model_copy(update={"character": self.after, "turn": turn})


def _healer_roll(
    ctx: Ctx, dice: DiceService, healer: Combatant, difficulty: int, what: str, modifier: int = 0
) -> _Healing:
    """Physician + Wits (the seed's "Medicine/Physician"), as the healer's Action. A speed-bump group has
    neither: its Skill vs the difficulty, no dice, as all its rolls (:func:`group_roll`, src 175)."""
    if speed_bump(ctx.config, healer):  # no roll: not ``rolled`` (src 16); the Action takes its Bruise
        after = healer.without("bruised").model_copy(update={"busy": True})
        return _Healing(group_roll(healer, what, difficulty, action=True), after, ())
    traits = ("Physician", "Wits")
    r = roll_traits(ctx.config, dice, healer, traits, difficulty, purpose=what, modifier=modifier)
    return _Healing(rolled_event(healer, what, traits, r), r.after, (r.record,))


def _patients(state: WorkshopState, ctx: Ctx, first: str, more: list[str]) -> tuple[list[Combatant], int]:
    """The patients of a healer's Action and each roll's modifier: "You may split your Action into two or
    three Actions of the same type, if they require a roll ... -3 on both ... -5 on all 3" (src 31,
    WS-SNAP-001; the heroic table up to 10, WS-SNAP-002), one patient a snapshot. Outside a Sequence there
    is no Action to split: one patient at a time."""
    ids = [first, *more]
    if len(set(ids)) != len(ids):
        raise InvalidCommand("Name each patient once: each snapshot tends one patient.")
    heroic = ctx.config.heroic_multi_action
    if len(ids) > (10 if heroic else 3):
        raise RuleViolation(
            "WS-SNAP-002" if heroic else "WS-SNAP-001",
            f"An Action splits into at most {10 if heroic else 3} snapshots, not {len(ids)}.",
        )
    if more and not state.turn.sequence:
        raise RuleViolation(
            "WS-SNAP-001", "Outside a Sequence there is no Action to split: tend the patients one at a time."
        )
    return [char(state, i) for i in ids], snapshot_modifier(len(ids), heroic=heroic)


def _tend(
    state: WorkshopState,
    ctx: Ctx,
    dice: DiceService,
    command: cmd.Revive | cmd.Stabilise | cmd.Treat,
    what: str,
    difficulty: Callable[[Combatant], int],
    then: Callable[[B, Combatant, Combatant, bool], None],
    *,
    anytime: bool = True,
) -> B:
    """A healer's Physician + Wits roll on a patient, or on each of two or three patients when the Action is
    split into snapshots (src 31): ``difficulty`` checks a patient and gives its difficulty (every patient
    checked before anything is rolled), ``then(batch, healer, patient, success)`` settles each roll. In a
    Sequence it is the healer's Action; ``anytime``: it may also be rolled outside one, as no Action."""
    patients, modifier = _patients(state, ctx, command.patient, command.more_patients)
    targets = [difficulty(p) for p in patients]
    sequence = bool(state.turn.sequence) or not anytime
    healer = acting(state, command.character) if sequence else able(char(state, command.character))
    turn = None
    batch = ctx.batch(state)
    if sequence:
        require_steady(ctx.config, healer)
        guard_spent(batch, healer.id)
        turn = use_action(state, healer.id)
        if len(patients) > 1:  # the snapshot penalty moves a card up (card initiative, WS-ALT-004)
            turn = turn.model_copy(update={"snap": modifier})
    for p, target in zip(patients, targets, strict=True):
        r = _healer_roll(ctx, dice, batch.state.characters[healer.id], target, what, modifier)
        batch.emit(r.event(turn), rolls=r.rolls)
        then(batch, healer, batch.state.characters[p.id], r.success)
        if sequence:  # each snapshot an Action of its own, the mooks striking after the last
            last = p is patients[-1]
            _action_done(
                batch,
                ctx,
                dice,
                state,
                healer.id,
                Favored.OTHER,
                r.success,
                rolled=bool(r.rolls),
                strikes=last,
            )
    return batch


def require_revivable(p: Combatant) -> int:
    """WS-SHOCK-002: a patient knocked out by a failed Shock roll (and not held down past any wake-up);
    returns the revive's difficulty, that roll's margin."""
    if p.standing is not Standing.DOWN or p.revive_difficulty is None or held_down(p):
        raise RuleViolation("WS-SHOCK-002", f"{p.name} is not knocked out by Shock.")
    return p.revive_difficulty


def revive(state: WorkshopState, ctx: Ctx, command: cmd.Revive, dice: DiceService) -> B:
    """WS-SHOCK-002: Physician + Wits vs the failed Shock roll's margin wakes the patient early, as the
    healer's Action (split among up to three patients, WS-SNAP-001)."""

    def woke(batch: B, healer: Combatant, p: Combatant, success: bool) -> None:
        if success:
            up = woken(p)
            turn = rejoined(batch.state, ctx.config, up)
            batch.emit(ev.StandingChanged(character=up, why=f"revived by {healer.name}", turn=turn))

    return _tend(state, ctx, dice, command, "revive", require_revivable, woke, anytime=False)


def require_stabilisable(state: WorkshopState, p: Combatant, *, every: int) -> None:
    """WS-DARK-002: a patient dying, not tried in the last ``every`` Sequences (WS-DARK-003)."""
    if p.standing is not Standing.DYING:
        raise RuleViolation("WS-DARK-002", f"{p.name} is not dying.")
    tried = p.stabilise_tried
    if tried is not None and state.clock - tried < every:  # WS-DARK-003 (PROPOSED): one try per 10 minutes
        raise RuleViolation(
            "WS-DARK-003",
            f"{p.name} was tried {state.clock - tried} Sequences ago: one attempt every {every} Sequences.",
        )


def stabilise(state: WorkshopState, ctx: Ctx, command: cmd.Stabilise, dice: DiceService) -> B:
    """WS-DARK-002: Medicine/Physician vs 25 - Health + 5 x Wounds stabilises the dying (in a Sequence as
    the healer's Action, split among up to three patients, WS-SNAP-001)."""

    def difficulty(p: Combatant) -> int:
        require_stabilisable(state, p, every=ctx.config.stabilise_every)
        return stabilise_difficulty(p.health, p.wounds)

    def tried(batch: B, healer: Combatant, p: Combatant, success: bool) -> None:
        tried_now = p.model_copy(update={"stabilise_tried": state.clock})
        if not success:
            batch.emit(ev.StandingChanged(character=tried_now, why=f"{healer.name} failed to stabilise them"))
            return
        # Wounds still at Toughness: "you're dying" (src 54) but for the stabilising, so no waking (held_down)
        at_toughness = p.wounds >= p.toughness
        after = tried_now.model_copy(
            update={
                "standing": Standing.DOWN,
                "stabilised": True,
                "wake_at": None if at_toughness else state.clock + ctx.config.wake_after_sequences,
            }
        )
        batch.emit(ev.StandingChanged(character=after, why=f"stabilised by {healer.name}"))

    return _tend(state, ctx, dice, command, "stabilise", difficulty, tried)


def require_treatable(p: Combatant) -> None:
    """WS-WPEN-004 (PROPOSED): a patient with Wounds not yet bandaged."""
    if p.wounds <= p.bandaged:
        raise RuleViolation("WS-WPEN-004", f"{p.name} has no untreated Wounds.")


def treat(state: WorkshopState, ctx: Ctx, command: cmd.Treat, dice: DiceService) -> B:
    """WS-WPEN-004 (PROPOSED): Physician + Wits vs 15 bandages the patient's Wounds (in a Sequence as the
    healer's Action, split among up to three patients, WS-SNAP-001)."""

    def difficulty(p: Combatant) -> int:
        require_treatable(p)
        return ctx.config.treat_difficulty

    def bandaged(batch: B, healer: Combatant, p: Combatant, success: bool) -> None:
        if success:
            batch.emit(ev.StatusSet(character=p.bandaged_now(), status="bandaged", on=True))

    return _tend(state, ctx, dice, command, "treat", difficulty, bandaged)


def place_wall(state: WorkshopState, ctx: Ctx, command: cmd.PlaceWall, dice: DiceService) -> B:
    """GM: where a wall stands behind a combatant is the scene's, so the GM's (src 107, WS-KNOCK-003); every
    knockback of theirs from a rolled attack or a fall meets it until the GM says otherwise."""
    c = char(state, command.character)
    batch = ctx.batch(state)
    batch.emit(ev.WallPlaced(character=c.model_copy(update={"wall_behind": command.metres})))
    return batch


def set_status(state: WorkshopState, ctx: Ctx, command: cmd.SetStatus, dice: DiceService) -> B:
    """GM: Bruised, Battered, Broken (WS-STATUS) or knocked down (WS-KNOCK-001)."""
    c = char(state, command.character)
    if command.status == "knocked_down":
        if not ctx.config.knockback:
            raise RuleViolation("WS-KNOCK-001", "Knockdown is not used at this table.")
    elif not ctx.config.status_effects:
        raise RuleViolation("WS-STATUS-001", "Status effects are not used at this table.")
    if command.status == "broken" and command.on and c.last_hit_pv < 4 * wt_of(ctx, c):
        raise RuleViolation(
            "WS-STATUS-003",
            f"Broken needs a hit of {4 * wt_of(ctx, c)} PV; {c.name}'s last was {c.last_hit_pv}.",
        )
    after = c.with_status(command.status) if command.on else c.without(command.status)
    batch = ctx.batch(state)
    batch.emit(ev.StatusSet(character=after, status=command.status, on=command.on))
    return batch


#: the status of a combatant whose player fails cinematic Luck rolls by choice (WS-CINE-005)
WELCOMES_CINEMATIC = "welcomes_cinematic"


def welcome_cinematic(state: WorkshopState, ctx: Ctx, command: cmd.WelcomeCinematic, dice: DiceService) -> B:
    """WS-CINE-005: "She may voluntarily fail this roll": from now on the player fails the cinematic Luck
    roll of each wounding hit by choice (one Cinematic Wound, nothing rolled), until they take it back."""
    c = char(state, command.character)
    if ctx.config.cinematic_wounds is not CineMode.VARIABLE:
        raise RuleViolation(
            "WS-CINE-005", "Cinematic Luck rolls are made only with variable cinematic wounds."
        )
    if c.has(WELCOMES_CINEMATIC) == command.on:
        raise InvalidCommand(f"{c.name} already {'fails' if command.on else 'rolls'} cinematic Luck rolls.")
    after = c.with_status(WELCOMES_CINEMATIC) if command.on else c.without(WELCOMES_CINEMATIC)
    batch = ctx.batch(state)
    batch.emit(ev.StatusSet(character=after, status=WELCOMES_CINEMATIC, on=command.on))
    return batch


def pass_time(state: WorkshopState, ctx: Ctx, command: cmd.PassTime, dice: DiceService) -> B:
    """GM: 10 Sequences a minute pass: sleepers wake after 10 minutes, the unstabilised dying die after 60."""
    clock = state.clock + 10 * command.minutes
    changed: list[Combatant] = []
    for c in state.characters.values():
        new = c
        if c.standing is Standing.DOWN and not held_down(c):  # an unconscious advanced mook too (src 60)
            due = c.wake_at if c.wake_at is not None else c.down_at + ctx.config.wake_after_sequences
            if min(due, c.down_at + ctx.config.wake_after_sequences) <= clock:
                new = woken(c)
        new = sleepers_due(new, clock, ctx.config.wake_after_sequences)  # a group's sleeping mooks (src 60)
        dying = c.standing is Standing.DYING and not c.stabilised and c.dying_at is not None
        if dying and clock - (c.dying_at or 0) >= ctx.config.dying_sequences:
            new = c.model_copy(update={"standing": Standing.DEAD})
        if new != c:
            changed.append(new)
    # mid-Sequence, one woken whose Initiative is still to come takes its place, as one woken by a roll does
    turn = None
    for c in changed:
        if c.can_act:
            woke = rejoined(state.model_copy(update={"turn": turn or state.turn}), ctx.config, c)
            turn = woke or turn
    batch = ctx.batch(state)
    batch.emit(ev.TimePassed(minutes=command.minutes, clock=clock, characters=tuple(changed), turn=turn))
    return batch


def rouse(state: WorkshopState, ctx: Ctx, command: cmd.Rouse, dice: DiceService) -> B:
    """GM: one held down with no end the rules give gets up: a Broken hit's incapacitation (src 189 gives
    it no length) or the stabilised at Toughness (src 54, 150: when they are fit again is the GM's). In a
    Sequence they take their place if their Initiative is still to come (src 12), as anyone woken does."""
    c = char(state, command.character)
    if not held_down(c):
        raise RuleViolation(
            "WS-STATUS-003",
            f"{c.name} is not held down by a Broken hit or by Wounds at Toughness once stabilised: "
            "the rules wake the unconscious (a roll, 10 minutes, a revive) and the GM ends nothing else.",
        )
    up = woken(c).without("broken_out")
    batch = ctx.batch(state)
    batch.emit(
        ev.StandingChanged(character=up, why="the GM gets them up", turn=rejoined(state, ctx.config, up))
    )
    return batch


def call_check(state: WorkshopState, ctx: Ctx, command: cmd.CallCheck, dice: DiceService) -> B:
    """GM: a roll called, with its difficulty; the character's player rolls it."""
    c = char(state, command.character)
    call = Call(
        id=state.next_call,
        character=c.id,
        traits=(command.traits[0], command.traits[1]),
        difficulty=command.difficulty,
        kind=command.kind,
        task=command.task,
    )
    batch = ctx.batch(state)
    batch.emit(ev.CallMade(call=call))
    return batch


def roll_check(state: WorkshopState, ctx: Ctx, command: cmd.RollCheck, dice: DiceService) -> B:
    """Roll a called check; on its character's turn it is their Action (steadied first if Shaken, and
    ignoring any engaging mooks: WS-SHAKEN-003, WS-MOOK-005); a Favored success earns a Shot.

    Called outside their turn in a Sequence it is no Action (src 12: an Action is taken when "your
    Initiative comes up"): it wakes nobody (src 60 "every time someone else rolls an Action"), spends
    no Free d10 or Inspired nor Bruised (src 169, 181: "next Action") and earns no Favored pool point
    (src 102 "Successful Favored Actions"). Still, it is a roll the character makes in the Sequence: the
    Sequence is no longer one of "nothing but rest" (src 58) nor of "only using Actions that don't require a
    roll" (src 16), so it regains neither Shock nor a Shot. Before the fight, a check is what the
    character does: an Action, so the unconscious roll to wake after it (src 60) as after one on the turn;
    no mooks strike before the first Sequence."""
    call = state.calls.get(command.call)
    if call is None:
        raise RuleViolation("WS-CORE-001", f"There is no open call {command.call}.")
    c = char(state, call.character)
    if not ctx.is_gm and c.owner != ctx.actor.id:
        # the GM's combatant has no player ("Viper's player", "Goons's player" said what is not so)
        raise NotPermitted(
            f"Only {c.name}'s player rolls that." if c.owner else f"Only the GM rolls for {c.name}."
        )
    turn = None
    t = state.turn
    if t.sequence and (t.extra == c.id or (t.current == c.id and not t.action_used)):
        acting(state, c.id)
        require_steady(ctx.config, c)
        turn = use_action(state, c.id)
    action = check_is_action(state, c.id)
    able(c)  # one "unable to act" (src 54) rolls no called check, before the fight or off their turn
    r = roll_traits(ctx.config, dice, c, call.traits, call.difficulty, purpose="check", action=action)
    lucky = action and r.success and favored(state, c, Favored(call.kind))
    after = pool_point(r.after) if lucky else r.after
    if not action:  # no Action, yet rolled this Sequence: more than rest (src 58), not roll-less (src 16)
        after = after.model_copy(update={"rolled": True, "busy": True})
    batch = ctx.batch(state)
    if turn is not None:
        guard_spent(batch, c.id)
    batch.emit(
        ev.CheckRolled(
            call=call.id,
            who=c.id,
            total=r.total,
            difficulty=call.difficulty,
            success=r.success,
            favored=lucky,
            dice=r.read,
            character=after,
            turn=turn,
            degree=r.degree,  # an off-turn check is no Action: no Fumble, no Total Failure (src 12)
        ),
        rolls=(r.record,),
    )
    if action:
        wake_rolls(batch, ctx, dice, c.id, state)
    if turn is not None:
        offer_strikes(batch, ctx, c.id)
    return batch


def heal_cinematic(state: WorkshopState, ctx: Ctx, command: cmd.HealCinematic, dice: DiceService) -> B:
    """WS-CINE-003/004: "All cinematic wounds heal at the end of session, or when appropriate" (src 132):
    the GM heals one earlier, the party gaining its 1 XP "when healed" if the table gives it."""
    c = char(state, command.character)
    if not c.cinematic:
        raise RuleViolation("WS-CINE-003", f"{c.name} has no Cinematic Wound to heal.")
    xp = ctx.config.cine_wound_xp
    batch = ctx.batch(state)
    after = c.model_copy(update={"cinematic": c.cinematic[1:]})
    batch.emit(ev.CinematicHealed(character=after, xp=xp, party_xp=state.party_xp + xp))
    return batch


def end_session(state: WorkshopState, ctx: Ctx, command: cmd.EndSession, dice: DiceService) -> B:
    """WS-CINE-003: all Cinematic Wounds heal at the end of the session; WS-CINE-004: 1 XP each (optional)."""
    healed = [c for c in state.characters.values() if c.cinematic]
    count = sum(len(c.cinematic) for c in healed)
    xp = count * ctx.config.cine_wound_xp
    batch = ctx.batch(state)
    batch.emit(
        ev.SessionEnded(
            healed=count,
            xp=xp,
            party_xp=state.party_xp + xp,
            characters=tuple(c.model_copy(update={"cinematic": ()}) for c in healed),
        )
    )
    return batch


def gm_note(state: WorkshopState, ctx: Ctx, command: cmd.GmNote, dice: DiceService) -> B:
    """GM: a private note."""
    batch = ctx.batch(state)
    batch.emit(ev.GmNoted(text=command.text), audience=Audience.gm_only())
    return batch


def players_side(state: WorkshopState, seat: str | None) -> str:
    """The side a hero played from ``seat`` joins: that of the seat's other characters, else the one the
    table's other player characters are on (most of them; the first added on a tie), else "heroes"."""
    pcs = [c for c in state.characters.values() if c.owner]
    sides = [c.faction for c in pcs if c.owner == seat] or [c.faction for c in pcs]
    return max(sides, key=sides.count) if sides else "heroes"


def add_character(state: WorkshopState, ctx: Ctx, command: cmd.AddCharacter, dice: DiceService) -> B:
    """A combatant joins: a player adds their own hero, the GM anyone; Shot pool full (WS-SHOT-001)."""
    from capeworks.systems.workshop.samples import SHEETS

    if command.id in state.characters:
        raise RuleViolation("WS-SHOT-001", f"There is already a combatant {command.id!r}.")
    owner = command.owner
    if not ctx.is_gm:
        if owner and owner != ctx.actor.id:
            raise NotPermitted("A player adds only their own characters.")
        owner = ctx.actor.id
    elif owner and not any(s.id == owner and s.role is not Role.GM for s in ctx.seats):
        raise RuleViolation("WS-SHOT-001", f"There is no player seat {owner!r}.")
    data = command.model_dump(exclude={"sample", "weapons", "owner", "faction"}, exclude_unset=True)
    if command.sample:
        if command.sample not in SHEETS:
            raise RuleViolation(
                "WS-SHOT-001", f"There is no sample {command.sample!r}. Known: {', '.join(SHEETS)}."
            )
        base = dict(SHEETS[command.sample])
    else:
        base = {}
    weapons = {w.name: Weapon(**w.model_dump()) for w in command.weapons} or {
        w["name"]: Weapon.model_validate(w) for w in base.pop("weapons", [])
    }
    base.pop("weapons", None)
    merged = {**base, **data}
    merged["id"] = command.id
    merged["name"] = command.name or base.get("name") or command.id[:1].upper() + command.id[1:]
    side = base.get("faction")
    hero_sample = bool(command.sample) and side in (None, "heroes") and base.get("named", True)
    if not command.faction and side in (None, "heroes") and (owner or hero_sample):
        # a player's hero joins the players' side, whatever the GM named it (not always "heroes"); so
        # does a shipped hero (Jade Tiger, Rook) the GM adds without a player, unless he names a side
        faction = players_side(state, owner)
    else:
        faction = command.faction or side or ("heroes" if owner else "villains")
    if not ctx.is_gm and (faction != players_side(state, owner) or not merged.get("named", True)):
        # the GM disposes (as weaverdice's "Only the GM adds NPCs"): a player's character joins the heroes
        raise NotPermitted("A player adds only their own hero: villains and mooks are the GM's to add.")
    c = Combatant(
        **{**merged, "owner": owner, "faction": faction, "weapons": weapons, "wounds_impair_defense": True}
    )
    c = c.model_copy(update={"shots": c.shot_count})
    turn = None
    if ctx.config.initiative is InitiativeSystem.CARDS and state.turn.sequence:
        # "All characters are ordered in Initiative order. Use initiative Cards" (src 379): the stack is
        # dealt once, so the newcomer joins it where every card goes, at the rear
        order = state.turn.order
        turn = state.turn.model_copy(
            update={
                "order": order.model_copy(update={"order": (*order.order, c.id)}),
                "initiative": {**state.turn.initiative, c.id: c.shots},
            }
        )
    batch = ctx.batch(state)
    batch.emit(ev.CharacterAdded(character=c, turn=turn))
    return batch
