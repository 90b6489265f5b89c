"""Attacks: snapshots and the heroic table, Active Defense answers, Outcome vs Defense and PV,
Speed Bump mooks' static PV, and the covering fire that guards or threatens those who move.
"""

from __future__ import annotations

from capeworks.engine import Batch, DiceService, RollRecord
from capeworks.engine.kit import Expiry, TurnOrder, TurnPoint
from capeworks.errors import NotPermitted, RuleViolation
from capeworks.systems.workshop import commands as cmd
from capeworks.systems.workshop import events as ev
from capeworks.systems.workshop.cards import Favored
from capeworks.systems.workshop.common import (
    Ctx,
    acting,
    char,
    defense_of,
    favored,
    firing,
    gang_modifier,
    group_skill,
    guard_spent,
    impairment,
    in_cover_line,
    may_defend,
    pool_point,
    require_steady,
    speed_bump,
    spend_bruise,
    spend_shots,
    use_action,
    wake_rolls,
)
from capeworks.systems.workshop.config import (
    HeroicVsMooks,
    InitiativeSystem,
    MookModel,
    PvModel,
)
from capeworks.systems.workshop.dice_models import double_zero, model_for
from capeworks.systems.workshop.harm import harm, wt_of
from capeworks.systems.workshop.mooks import offer_strikes, strike, strike_pv
from capeworks.systems.workshop.rules import (
    degree_of,
    snapshot_modifier,
    speed_bump_downed,
)
from capeworks.systems.workshop.sheet import Combatant, Standing, Weapon
from capeworks.systems.workshop.state import WorkshopState
from capeworks.systems.workshop.turn import Effect, Pending

__all__ = [
    "attack",
    "covered_move",
    "defend",
    "defense_of",
    "fire_on_mover",
    "may_defend",
    "pv_of",
    "static_hits",
    "weapon_of",
]


def weapon_of(c: Combatant, name: str) -> Weapon:
    """The named weapon, the first one when unnamed, or bare hands (Martial Arts, Damage 0)."""
    if name:
        if name not in c.weapons:
            known = ", ".join(c.weapons) or "none"
            raise RuleViolation("WS-CORE-002", f"{c.name} has no weapon {name!r}. Known: {known}.")
        return c.weapons[name]
    return next(iter(c.weapons.values()), Weapon(name="bare hands", skill="Martial Arts"))


def pv_of(ctx: Ctx, outcome: int, weapon_damage: int, soak: int) -> int:
    """WS-CORE-002 on a hit: effect values (damage - soak) or the margin model (Outcome + damage - soak)."""
    if ctx.config.pv_model is PvModel.MARGIN:
        return max(0, outcome + weapon_damage - soak)
    return max(0, weapon_damage - soak)


def attack(state: WorkshopState, ctx: Ctx, command: cmd.Attack, dice: DiceService) -> Batch[WorkshopState]:
    """Declare an attack; it is rolled at once, or when every target has answered Active Defense."""
    if command.wall_at is not None and not ctx.is_gm:
        # the scene's walls are facts the GM disposes of (WS-KNOCK-003 needs one, src 107)
        raise NotPermitted(
            "Only the GM says where a wall stands behind a target: leave wall_at out; the GM places walls"
            " (place_wall)."
        )
    n = len(command.targets)
    heroic = ctx.config.heroic_multi_action
    if n > (10 if heroic else 3):
        raise RuleViolation(
            "WS-SNAP-002" if heroic else "WS-SNAP-001",
            f"An Action splits into at most {10 if heroic else 3} snapshots, not {n}.",
        )
    c = acting(state, command.character)
    require_steady(ctx.config, c)
    targets = [char(state, t) for t in command.targets]
    for t in targets:
        if t.id == c.id:
            raise RuleViolation("WS-CORE-002", f"{c.name} cannot attack themselves.")
        if t.standing in (Standing.DEAD, Standing.OUT):
            raise RuleViolation("WS-CORE-002", f"{t.name} is out of the fight already.")
    if speed_bump(ctx.config, c):
        return _group_attack(state, ctx, c, targets, dice)
    weapon = weapon_of(c, command.weapon)
    reverse = (
        heroic
        and ctx.config.heroic_vs_mooks is HeroicVsMooks.REVERSED_ROWS
        and all(not t.named for t in targets)
    )
    split = _mooks_in(ctx, targets) if reverse else n
    modifier = snapshot_modifier(split, heroic=heroic, reversed_vs_mooks=reverse) + _gang(
        state, ctx, c, targets
    )
    awaiting = tuple(dict.fromkeys(t.id for t in targets if may_defend(state, ctx.config, t)))
    pending = Pending(
        attacker=c.id,
        weapon=weapon.name if weapon.name in c.weapons else "",
        targets=tuple(command.targets),
        modifier=modifier,
        awaiting=awaiting,
        wall_at=command.wall_at,
    )
    batch = ctx.batch(state)
    guard_spent(batch, c.id)
    turn = use_action(state, c.id).model_copy(update={"snap": modifier if n > 1 else 0})
    batch.emit(
        ev.AttackDeclared(
            attacker=c.id, targets=pending.targets, modifier=modifier, pending=pending, turn=turn
        )
    )
    if not awaiting:
        resolve(batch, ctx, dice)
    return batch


def _group_attack(
    state: WorkshopState, ctx: Ctx, g: Combatant, targets: list[Combatant], dice: DiceService
) -> Batch[WorkshopState]:
    """WS-MOOK-005: speed-bump mooks' own Action, "last in the Sequence" (src 175), attacks as their
    strikes do: static (PROPOSED "mook attacks are static too": Skill + Damage vs Defense + Soak), no
    dice, so no split (src 31: only Actions that "require a roll") and nobody stirs (src 60). The target
    may answer with an Active Defense first ("at any time", src 20)."""
    if len(targets) > 1:
        raise RuleViolation(
            "WS-SNAP-001", f"{g.name} attack with static PV, no roll: an Action without a roll is not split."
        )
    t = targets[0]
    batch = ctx.batch(state)
    guard_spent(batch, g.id)
    turn = use_action(state, g.id)
    awaiting = (t.id,) if may_defend(state, ctx.config, t) else ()
    pending = Pending(
        attacker=g.id, weapon="", targets=(t.id,), modifier=0, awaiting=awaiting, static="mooks"
    )
    done = g.model_copy(update={"busy": True})  # an Action with no roll: a roll-less Sequence (src 16)
    batch.emit(
        ev.AttackDeclared(
            attacker=g.id, targets=(t.id,), modifier=0, pending=pending, turn=turn, character=done
        )
    )
    if not awaiting:
        resolve(batch, ctx, dice)
    return batch


def _mooks_in(ctx: Ctx, targets: list[Combatant]) -> int:
    """WS-SNAP-003 (``reversed_rows``): the N of modifier(11 - N) is the mooks attacked, "only sensible if
    groups of mooks are attacked as one target" (PROPOSED): a speed-bump group counts its mooks, any
    other mook target one (capped at the table's 10)."""
    return min(10, sum(t.count if speed_bump(ctx.config, t) else 1 for t in targets))


def _gang(state: WorkshopState, ctx: Ctx, c: Combatant, targets: list[Combatant]) -> int:
    """WS-SNAP-003 (``as_mook_defense_penalty``): a mook's attack on named characters only."""
    return gang_modifier(state, ctx.config, c) if all(t.named for t in targets) else 0


def defend(state: WorkshopState, ctx: Ctx, command: cmd.Defend, dice: DiceService) -> Batch[WorkshopState]:
    """Answer the pending attack: 1 Shot for an Active Defense (Defense + 5 until your next action)."""
    p = state.pending
    if p is None or command.character not in p.awaiting:
        raise RuleViolation("WS-SHOT-003", "No attack is waiting for that combatant's defence.")
    c = char(state, command.character)
    rest = tuple(a for a in p.awaiting if a != c.id)
    pending = p.model_copy(update={"awaiting": rest})
    batch = ctx.batch(state)
    if command.use:
        if not c.can_act:  # fallen "unable to act" (src 54) since the attack was declared: a fall, say
            raise RuleViolation(
                "WS-DMG-004", f"{c.name} is {c.standing.value} and cannot make an Active Defense."
            )
        if c.has("shaken"):
            raise RuleViolation("WS-SHAKEN-002", f"{c.name} is Shaken and may not make an Active Defense.")
        cards = ctx.config.initiative is InitiativeSystem.CARDS
        after = c if cards else spend_shots(state, c, 1, "WS-SHOT-003", "an Active Defense")
        after = after.model_copy(update={"defended": True})  # this Sequence is no rest (WS-DMG-006, src 58)
        dodged = not c.named and ctx.config.mooks is MookModel.GLASS_JAW
        if dodged:
            after = after.with_status("loses_action")  # WS-MOOK-001
        pending = pending.model_copy(update={"defended": (*pending.defended, c.id)})
        bonus = ctx.config.active_defense_bonus
        effect = Effect(
            name="active_defense",
            target=c.id,
            amount=bonus,
            faction=c.faction,
            ends=Expiry(point=TurnPoint.TURN_START, holder=c.id),
        )
        if cards:  # WS-ALT-003: one place back; the attack's Damage counts from last place
            order = list(state.turn.order.order)
            i = order.index(c.id)
            # the acting card, kept in front while it acts, is bound for the rear: no place behind it
            if i + 1 < len(order) and c.id != state.turn.current:
                order[i], order[i + 1] = order[i + 1], order[i]
            if ctx.config.alt_defense_counts_last:
                pending = pending.model_copy(update={"from_last": (*pending.from_last, c.id)})
            moved = state.turn.model_copy(update={"order": TurnOrder(order=tuple(order))})
            batch.emit(ev.CardPushed(who=c.id, places=-1, out=False, turn=moved))
        batch.emit(
            ev.ActiveDefended(character=after, bonus=bonus, effects=(*state.effects, effect), pending=pending,
                              free=cards, loses_action=dodged)
        )  # fmt: skip
    else:
        batch.emit(ev.DefenseDeclined(who=c.id, pending=pending))
    if not rest:
        resolve(batch, ctx, dice)
    return batch


def resolve(batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService) -> None:
    """Roll the pending attack at each target in turn (WS-CORE-001/002), each rolled snapshot followed by
    the waking rolls."""
    p = batch.state.pending
    assert p is not None
    # fell "unable to act" (src 54) while it waited (aggressive fire asks each of its fires: _threats)
    if p.static != "cover" and not batch.state.characters[p.attacker].can_act:
        batch.emit(ev.AttackCalledOff(attacker=p.attacker, targets=p.targets))
        return
    if p.static:
        _resolve_static(batch, ctx, dice, p)
        return
    model = model_for(ctx.config.dice)
    #: each snapshot is an Action of its own (src 31): each that succeeds may earn a Favored pool point
    hits = 0
    hit_ids: set[str] = set()
    for tid in p.targets:
        state = batch.state
        a = state.characters[p.attacker]
        t = state.characters[tid]
        weapon = a.weapons.get(p.weapon) or weapon_of(a, "")
        base = a.trait(weapon.attribute) + a.trait(weapon.skill)
        if speed_bump(ctx.config, t):  # "No roll, except for extra positive dice" (src 175)
            rolls_dice = a.extra_d10s > 0
            hits += _speed_bump(batch, ctx, dice, a, t, base, weapon, p.modifier + impairment(ctx.config, a))
            if rolls_dice:  # those dice are the Action's roll: the unconscious roll to wake (src 60)
                wake_rolls(batch, ctx, dice, p.attacker, state)
            continue
        extra = a.extra_d10s
        throw = model.roll(dice, extra=extra, purpose=f"attack on {t.name}")
        mod = p.modifier + impairment(ctx.config, a)
        av = base + throw.value + mod
        defense = defense_of(state, t)
        outcome = av - defense
        hit = outcome >= 0
        pv = pv_of(ctx, outcome, weapon.damage, t.soak) if hit else 0
        after = a.without("inspired", "free_d10", "bruised").model_copy(update={"rolled": True, "busy": True})
        if hit:
            hits += 1
            hit_ids.add(tid)
        batch.emit(
            ev.AttackRolled(
                attacker=a.id,
                target=tid,
                weapon=weapon.name,
                base=base,
                dice=throw.read,
                modifier=mod,
                av=av,
                defense=defense,
                outcome=outcome,
                hit=hit,
                pv=pv,
                character=after,
                pending=None,
                degree=degree_of(av, defense, double_zero=double_zero(model, throw.read)),
            ),
            rolls=(throw.record,),
        )
        spend_bruise(batch, tid)
        if hit:
            harm(
                batch,
                ctx,
                dice,
                tid,
                pv,
                hit=True,
                attacker=a.id,
                wall_at=p.wall_at if p.wall_at is not None else batch.state.characters[tid].wall_behind,
                from_last=tid in p.from_last,
            )
        # WS-DMG-007: "every time someone else rolls an Action" (src 60), and each snapshot is one (src 31)
        wake_rolls(batch, ctx, dice, p.attacker, state)
    for _ in range(hits):  # WS-CARD-002: one pool point per successful Favored snapshot
        a = batch.state.characters[p.attacker]
        if favored(batch.state, a, Favored.COMBAT):
            batch.emit(ev.StatusSet(character=pool_point(a), status="pool point", on=True))
    _favored_defenses(batch, p, hit_ids)
    offer_strikes(batch, ctx, p.attacker, ignored=set(p.targets))


def _speed_bump(
    batch: Batch[WorkshopState],
    ctx: Ctx,
    dice: DiceService,
    a: Combatant,
    t: Combatant,
    base: int,
    w: Weapon,
    modifier: int,
) -> bool:
    """WS-MOOK-004: no roll but extra positive dice; a mook goes down per mook WT of static PV. The split's
    modifier counts as on any snapshot (src 31: "-3 on both Actions"), and so does the attacker's
    impairment: the Wound penalty and Bruised's "next Action" (src 111, 181), spent here as on a roll.

    The attack is an Action that requires a roll, whatever resolves it: the table lets it be split, which
    only such Actions may (src 31), and src 16 reads the same words, so it is not one of the Actions "like
    reloading or talking" whose Sequence regains a Shot; the static PV stands in for its dice (src 175).
    Only dice thrown stir the unconscious (src 60: "rolls an Action"): the extra positive dice, if any."""
    extra = a.extra_d10s
    rolls: tuple[RollRecord, ...] = ()
    bonus = 0
    if extra:
        record = dice.roll(extra, 10, purpose="extra positive dice")
        bonus = sum(model_for(ctx.config.dice).read(f) for f in record.faces)
        rolls = (record,)
    skill = base + modifier
    guard = group_skill(t)
    downed = min(t.count, speed_bump_downed(skill, w.damage, bonus, guard, t.soak, wt_of(ctx, t)))
    pv = max(0, skill + w.damage + bonus - (guard + t.soak))
    left = t.count - downed
    a2 = (
        batch.state.characters[a.id]
        .without("inspired", "free_d10", "bruised")
        .model_copy(update={"busy": True, "rolled": True})
    )
    batch.emit(  # the attack, then the mooks it downs (the log reads in that order)
        ev.AttackRolled(
            attacker=a.id,
            target=t.id,
            weapon=w.name,
            base=base,
            dice=(),
            modifier=modifier + bonus,
            av=skill + w.damage + bonus,
            defense=guard + t.soak,
            outcome=pv,
            hit=downed > 0,
            pv=pv,
            character=a2,
            pending=None,
        ),
        rolls=rolls,
    )
    t = batch.state.characters[t.id]
    after = t.model_copy(update={"count": left, "standing": Standing.OUT if left == 0 else t.standing})
    batch.emit(ev.MooksDowned(character=after, downed=downed, pv=pv))
    spend_bruise(batch, t.id)
    return downed > 0


def _favored_defenses(batch: Batch[WorkshopState], p: Pending, hit_ids: set[str]) -> None:
    """WS-CARD-002: an Active Defense that held is a successful Favored (Combat) Defense: a pool point."""
    for tid in dict.fromkeys(p.defended):
        t = batch.state.characters[tid]
        if tid not in hit_ids and favored(batch.state, t, Favored.COMBAT):
            batch.emit(ev.StatusSet(character=pool_point(t), status="pool point", on=True))


def _resolve_static(batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService, p: Pending) -> None:
    """A static attack its target has answered: the aggressive fire on a mover or the mooks' strike. No
    dice, so no wake rolls (WS-DMG-007)."""
    tid = p.targets[0]
    if p.static == "cover":
        hit = aggressive_fire(batch, ctx, dice, tid)
        if batch.state.pending is not None:  # no fire left to shoot, or no mover left moving (src 54)
            batch.emit(ev.AttackCalledOff(attacker=p.attacker, targets=p.targets))
    else:
        hit = strike(batch, ctx, dice, p.attacker, tid)
    _favored_defenses(batch, p, {tid} if hit else set())


def _threats(state: WorkshopState, mover: str) -> list[Effect]:
    """The aggressive covering fire whose line of fire ``mover`` moves in (WS-COVER-004): "a static Attack
    on all moving in the line of fire" (src 76), so an ally named in the line is struck too; a fire laid
    with no line named threatens the shooter's enemies. Each fire is one Attack on each mover: one that
    has shot at ``mover`` already shoots no more, however often they move (the table's reading: neither
    seed nor inventory says). The fires come in the acting order, since "Initiative regulates the acting
    order during combat" (src 12): the higher Initiative (or the card nearer the front) shoots first."""
    m = state.characters[mover]
    fires = [
        e
        for e in state.effects
        if e.name == "aggressive_cover"
        and e.target != mover
        and mover not in e.shot_at
        and (mover in e.line if e.line else e.faction != m.faction)
        and firing(state, e)
    ]
    order = state.turn.order.order
    return sorted(fires, key=lambda e: order.index(e.target) if e.target in order else len(order))


def covered_move(state: WorkshopState, mover: Combatant) -> tuple[Effect, ...] | None:
    """WS-COVER-002: the timed effects once ``mover`` is counted among the movers of each allied Cover whose
    line it moves in: Cover "provides Defense to any allies moving in the same line of fire" (src 72), so
    from that Move until the fire ends (the shooter's next turn, PROPOSED) the mover has it, against the
    aggressive fire it may meet on this very Move too. The table keeps no map to say when a move is over;
    a Move made before the fire was laid was not made in it. None when no Cover is changed."""
    changed = False
    effects: list[Effect] = []
    for e in state.effects:
        if (
            e.name == "cover"
            and e.movers is not None
            and mover.id not in e.movers
            and in_cover_line(e, mover)
        ):
            e = e.model_copy(update={"movers": (*e.movers, mover.id)})
            changed = True
        effects.append(e)
    return tuple(effects) if changed else None


def _shot_at(state: WorkshopState, fire: Effect, mover: str) -> tuple[Effect, ...]:
    """The timed effects with ``fire`` marked as having made its Attack on ``mover`` (WS-COVER-004)."""
    marked = fire.model_copy(update={"shot_at": (*fire.shot_at, mover)})
    return tuple(marked if e == fire else e for e in state.effects)


def static_hits(state: WorkshopState, p: Pending, c: Combatant, bonus: int) -> bool:
    """Would the pending static attack on ``c`` hit with ``bonus`` more Defense? (for the prompt's odds)"""
    if p.static == "cover":
        defense = defense_of(state, c) + bonus
        return any(10 + e.amount >= defense for e in _threats(state, c.id))
    return strike_pv(state, state.characters[p.attacker], c, bonus) > 0


def fire_on_mover(batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService, mover: str) -> None:
    """A Move into aggressive covering fire: the mover may first answer with an Active Defense ("at any
    time", src 20), as against any attack; then the static attacks are made."""
    state = batch.state
    m = state.characters[mover]
    threats = _threats(state, mover) if m.can_act else []
    if not threats:
        return
    if may_defend(state, ctx.config, m):
        shooter = threats[0].target
        pending = Pending(
            attacker=shooter, weapon="", targets=(mover,), modifier=0, awaiting=(mover,), static="cover"
        )
        batch.emit(ev.AttackDeclared(attacker=shooter, targets=(mover,), modifier=0, pending=pending))
        return
    aggressive_fire(batch, ctx, dice, mover)


def _fire_on_group(
    batch: Batch[WorkshopState], ctx: Ctx, fire: Effect, shooter: Combatant, g: Combatant, av: int, w: Weapon
) -> bool:
    """WS-COVER-004 on speed-bump mooks moving in the line: unnamed, they are "handled by Static PV"
    (src 175), so the static attack's AV (10 + Cover) is the Skill of the comparison: AV + Damage vs their
    Skill + Soak, a mook down per mook WT; no Shock or Wounds on the group. True if any went down."""
    against = group_skill(g) + g.soak
    downed = min(g.count, speed_bump_downed(av, w.damage, 0, group_skill(g), g.soak, wt_of(ctx, g)))
    pv = max(0, av + w.damage - against)
    left = g.count - downed
    batch.emit(  # the attack, then the mooks it downs (the log reads in that order)
        ev.AttackRolled(
            attacker=shooter.id,
            target=g.id,
            weapon=w.name,
            base=av,
            dice=(),
            modifier=0,
            av=av + w.damage,
            defense=against,
            outcome=pv,
            hit=downed > 0,
            pv=pv,
            pending=None,
            effects=_shot_at(batch.state, fire, g.id),
        )
    )
    g = batch.state.characters[g.id]
    after = g.model_copy(update={"count": left, "standing": Standing.OUT if left == 0 else g.standing})
    batch.emit(ev.MooksDowned(character=after, downed=downed, pv=pv))
    spend_bruise(batch, g.id)
    return downed > 0


def aggressive_fire(batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService, mover: str) -> bool:
    """WS-COVER-004 (PROPOSED): each aggressive cover makes a static attack, AV 10 + Cover, with the weapon
    that lays it, on ``mover``, in the acting order and once per fire (:func:`_threats`); the first
    clears the pending answer (if any). True if any hit."""
    any_hit = False
    for e in _threats(batch.state, mover):
        m = batch.state.characters[mover]
        if not m.can_act:
            break
        shooter = batch.state.characters[e.target]
        w = shooter.weapons.get(e.weapon) or weapon_of(shooter, "")
        av = 10 + e.amount
        if speed_bump(ctx.config, m):
            any_hit |= _fire_on_group(batch, ctx, e, shooter, m, av, w)
            continue
        defense = defense_of(batch.state, m)
        outcome = av - defense
        hit = outcome >= 0
        pv = pv_of(ctx, outcome, w.damage, m.soak) if hit else 0
        batch.emit(
            ev.AttackRolled(
                attacker=shooter.id,
                target=mover,
                weapon=w.name,
                base=av,
                dice=(),
                modifier=0,
                av=av,
                defense=defense,
                outcome=outcome,
                hit=hit,
                pv=pv,
                pending=None,
                effects=_shot_at(batch.state, e, mover),
            )
        )
        spend_bruise(batch, mover)
        any_hit |= hit
        if hit:
            wall = batch.state.characters[mover].wall_behind  # the GM's wall behind the mover (src 107)
            harm(batch, ctx, dice, mover, pv, hit=True, attacker=shooter.id, wall_at=wall)
    return any_hit
