"""Attacks: snapshots and the heroic table, Active Defense answers, Outcome vs Defense and PV,
Speed Bump mooks' static PV, and the covering fire that guards or threatens those who move.
"""

from __future__ import annotations

from capeworks.engine import Batch, DiceService, RollRecord
from capeworks.engine.kit import Expiry, TurnOrder, TurnPoint
from capeworks.errors import RuleViolation
from capeworks.systems.workshop import commands as cmd
from capeworks.systems.workshop import events as ev
from capeworks.systems.workshop.cards import Favored
from capeworks.systems.workshop.common import (
    Ctx,
    acting,
    char,
    confused,
    defense_of,
    favored,
    impairment,
    pool_point,
    require_steady,
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
    WorkshopConfig,
)
from capeworks.systems.workshop.dice_models import double_zero, model_for
from capeworks.systems.workshop.harm import harm, wt_of
from capeworks.systems.workshop.mooks import offer_strikes, speed_bump
from capeworks.systems.workshop.rules import (
    degree_of,
    mook_gang_modifier,
    snapshot_modifier,
    speed_bump_downed,
)
from capeworks.systems.workshop.sheet import Combatant, Standing, Weapon
from capeworks.systems.workshop.state import WorkshopState
from capeworks.systems.workshop.turn import Effect, Pending

__all__ = ["attack", "defend", "defense_of", "may_defend", "pv_of", "weapon_of"]


def weapon_of(c: Combatant, name: str) -> Weapon:
    """The named weapon, the first one when unnamed, or bare hands (Martial Arts, Damage 0)."""
    if name:
        if name not in c.weapons:
            known = ", ".join(c.weapons) or "none"
            raise RuleViolation("WS-CORE-002", f"{c.name} has no weapon {name!r}. Known: {known}.")
        return c.weapons[name]
    return next(iter(c.weapons.values()), Weapon(name="bare hands", skill="Martial Arts"))


def may_defend(state: WorkshopState, config: WorkshopConfig, c: Combatant) -> bool:
    """Can ``c`` spend a Shot on an Active Defense now? (WS-SHOT-003, WS-SHAKEN-002)."""
    if config.initiative is InitiativeSystem.CARDS:  # WS-ALT-003: only when not in first place
        order = state.turn.order.order
        return c.can_act and bool(order) and order[0] != c.id and not c.has("shaken")
    return (
        c.can_act
        and c.shots >= 1
        and not c.has("shaken")
        and not speed_bump(config, c)
        and not confused(state, c)
        and not any(e.name == "active_defense" and e.target == c.id for e in state.effects)
    )


def pv_of(ctx: Ctx, outcome: int, weapon_damage: int, soak: int) -> int:
    """WS-CORE-002 on a hit: effect values (damage - soak) or the margin model (Outcome + damage - soak)."""
    if ctx.config.pv_model is PvModel.MARGIN:
        return max(0, outcome + weapon_damage - soak)
    return max(0, weapon_damage - soak)


def attack(state: WorkshopState, ctx: Ctx, command: cmd.Attack, dice: DiceService) -> Batch[WorkshopState]:
    """Declare an attack; it is rolled at once, or when every target has answered Active Defense."""
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
    weapon = weapon_of(c, command.weapon)
    reverse = (
        heroic
        and ctx.config.heroic_vs_mooks is HeroicVsMooks.REVERSED_ROWS
        and all(not t.named for t in targets)
    )
    modifier = snapshot_modifier(n, heroic=heroic, reversed_vs_mooks=reverse) + _gang(state, ctx, c, targets)
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
    turn = use_action(state, c.id).model_copy(update={"snap": modifier if n > 1 else 0})
    batch.emit(
        ev.AttackDeclared(
            attacker=c.id, targets=pending.targets, modifier=modifier, pending=pending, turn=turn
        )
    )
    if not awaiting:
        resolve(batch, ctx, dice)
    return batch


def _gang(state: WorkshopState, ctx: Ctx, c: Combatant, targets: list[Combatant]) -> int:
    """WS-SNAP-003 (``as_mook_defense_penalty``): a mook's attack on named characters takes modifier(N)
    for the N mooks standing in its group (its Faction's unnamed; a speed-bump group counts its mooks)."""
    if ctx.config.heroic_vs_mooks is not HeroicVsMooks.AS_MOOK_DEFENSE_PENALTY or c.named:
        return 0
    if not all(t.named for t in targets):
        return 0
    group = [m for m in state.characters.values() if not m.named and m.faction == c.faction and m.can_act]
    return mook_gang_modifier(sum(max(m.count, 1) for m in group))


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
        if c.has("shaken"):
            raise RuleViolation("WS-SHAKEN-002", f"{c.name} is Shaken and may not make an Active Defense.")
        cards = ctx.config.initiative is InitiativeSystem.CARDS
        after = c if cards else spend_shots(state, c, 1, "WS-SHOT-003", "an Active Defense")
        if not c.named and ctx.config.mooks is MookModel.GLASS_JAW:
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
            if i + 1 < len(order):
                order[i], order[i + 1] = order[i + 1], order[i]
            if ctx.config.alt_defense_counts_last:
                pending = pending.model_copy(update={"from_last": (*pending.from_last, c.id)})
            moved = state.turn.model_copy(update={"order": TurnOrder(order=tuple(order))})
            batch.emit(ev.CardPushed(who=c.id, places=-1, out=False, turn=moved))
        batch.emit(
            ev.ActiveDefended(character=after, bonus=bonus, effects=(*state.effects, effect), pending=pending)
        )
    else:
        batch.emit(ev.DefenseDeclined(who=c.id, pending=pending))
    if not rest:
        resolve(batch, ctx, dice)
    return batch


def resolve(batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService) -> None:
    """Roll the pending attack at each target in turn (WS-CORE-001/002), then the waking rolls."""
    p = batch.state.pending
    assert p is not None
    before = batch.state
    model = model_for(ctx.config.dice)
    #: each snapshot is an Action of its own (src 31): each that succeeds may earn a Favored pool point
    hits = 0
    #: a Speed Bump attack has "No roll" (src 175): only a rolled snapshot stirs the unconscious
    rolled_any = False
    hit_ids: set[str] = set()
    for tid in p.targets:
        state = batch.state
        a = state.characters[p.attacker]
        t = state.characters[tid]
        weapon = a.weapons.get(p.weapon) or weapon_of(a, "")
        base = a.trait(weapon.attribute) + a.trait(weapon.skill)
        if speed_bump(ctx.config, t):
            hits += _speed_bump(batch, ctx, dice, a, t, base, weapon)
            continue
        rolled_any = True
        extra = a.extra_d10s
        throw = model.roll(dice, extra=extra, purpose=f"attack on {tid}")
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
                wall_at=p.wall_at,
                from_last=tid in p.from_last,
            )
    for _ in range(hits):  # WS-CARD-002: one pool point per successful Favored snapshot
        a = batch.state.characters[p.attacker]
        if favored(batch.state, a, Favored.COMBAT):
            batch.emit(ev.StatusSet(character=pool_point(a), status="pool point", on=True))
    for tid in dict.fromkeys(p.defended):  # WS-CARD-002: an Active Defense that held is a Favored Defense
        t = batch.state.characters[tid]
        if tid not in hit_ids and favored(batch.state, t, Favored.COMBAT):
            batch.emit(ev.StatusSet(character=pool_point(t), status="pool point", on=True))
    if rolled_any:
        wake_rolls(batch, ctx, dice, p.attacker, before)
    offer_strikes(batch, ctx, p.attacker, ignored=set(p.targets))


def _speed_bump(
    batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService, a: Combatant, t: Combatant, base: int, w: Weapon
) -> bool:
    """WS-MOOK-004: no roll but extra positive dice; a mook goes down per mook WT of static PV."""
    extra = a.extra_d10s
    rolls: tuple[RollRecord, ...] = ()
    bonus = 0
    if extra:
        record = dice.roll(extra, 10, purpose="extra positive dice")
        bonus = sum(model_for(ctx.config.dice).read(f) for f in record.faces)
        rolls = (record,)
    downed = min(t.count, speed_bump_downed(base, w.damage, bonus, t.trait("Skill"), t.soak, wt_of(ctx, t)))
    pv = max(0, base + w.damage + bonus - (t.trait("Skill") + t.soak))
    left = t.count - downed
    after = t.model_copy(update={"count": left, "standing": Standing.OUT if left == 0 else t.standing})
    batch.emit(ev.MooksDowned(character=after, downed=downed, pv=pv), rolls=rolls)
    a2 = batch.state.characters[a.id].without("inspired", "free_d10").model_copy(update={"busy": True})
    batch.emit(
        ev.AttackRolled(
            attacker=a.id,
            target=t.id,
            weapon=w.name,
            base=base,
            dice=(),
            modifier=bonus,
            av=base + w.damage + bonus,
            defense=t.trait("Skill") + t.soak,
            outcome=pv,
            hit=downed > 0,
            pv=pv,
            character=a2,
            pending=None,
        )
    )
    return downed > 0
