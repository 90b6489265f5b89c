"""Rolling: checks, enemy moves, purchases and favours, the sacrifice and the re-roll.

Implements RWYN-GEN-001/003 on the player's side (a player's character rolls
what the GM called, or what the player named where players set difficulties;
the GM's characters never roll), the order of RWYN-SAC-001 across commands
(when a sacrifice is possible the check waits for the ``sacrifice`` answer
before its disaster dice roll), RWYN-ABIL-004..007/010 (the purchase bands)
and RWYN-TRAIT-004 (the leverage-debt re-roll). The pool and judging rules
are pure functions in :mod:`~capeworks.systems.rwyn.pool` and
:mod:`~capeworks.systems.rwyn.checks`.
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import InvalidCommand, RuleViolation
from capeworks.systems.rwyn import checks as ck
from capeworks.systems.rwyn import commands as cmd
from capeworks.systems.rwyn import stress, wealth
from capeworks.systems.rwyn.answers import maybe_close
from capeworks.systems.rwyn.calls import Call
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.events import (
    CheckResolved,
    CheckRolled,
    DisasterRerolled,
    DisasterRolled,
    PointsLost,
    Purchased,
    RerollOffered,
    Sacrificed,
)
from capeworks.systems.rwyn.gm import open_call
from capeworks.systems.rwyn.harm import deal_stress
from capeworks.systems.rwyn.lookups import (
    Built,
    Ctx,
    Done,
    ability,
    answerable,
    character,
    control,
    open_check,
    players_roll,
    quality_dice,
    set_difficulty,
)
from capeworks.systems.rwyn.pool import PoolPlan, build_pool, disaster_pool
from capeworks.systems.rwyn.sheet import Character, Track
from capeworks.systems.rwyn.state import RwynState

__all__ = ["buy", "check", "defend", "favour", "reroll", "sacrifice"]


def _called(
    state: RwynState, context: Ctx, call_id: int, kind: ck.CheckKind, named: str | None
) -> tuple[Character, Call]:
    """The character and the open call ``call_id`` of ``kind``; ``named``, if given, must be who it is for."""
    call = open_call(state, call_id)
    if call.asked:
        raise RuleViolation("RWYN-GEN-001", f"Call {call.id} waits for the GM to set its difficulty.")
    if call.kind is not kind:
        what = "an enemy move: defend against it" if call.kind is ck.CheckKind.DEFENCE else "a check: roll it"
        raise InvalidCommand(f"Call {call.id} is {what}.")
    who = character(state, call.character)
    control(context, who)
    # the call says who rolls: another character named beside it is refused, not quietly replaced
    if named is not None and character(state, named).id != who.id:
        raise InvalidCommand(f"Call {call.id} is for {who.name}: drop character=, or name {who.name}.")
    return who, call


def _named(state: RwynState, context: Ctx, c: cmd.Check | cmd.Defend) -> tuple[Character, str, int]:
    if c.character is None or c.ability is None or c.difficulty is None:
        raise InvalidCommand(
            "Say which character rolls which ability against what difficulty, "
            "or answer one of the GM's calls."
        )
    who = character(state, c.character)
    control(context, who)
    stress.require_in_conflict(who)
    name = ability(context.config, c.ability)
    set_difficulty(context.config, context, c.difficulty)
    return who, name, c.difficulty


def _quality_dice(
    state: RwynState, context: Ctx, who: Character, call: Call | None, c: cmd.Check
) -> tuple[int, int]:
    """The quality dice of a check (RWYN-CRIT-002): those its call carries and those the GM brings in at
    the roll, of the character's qualities or the scene's; a side the call already brings in is not
    brought in twice."""
    bonus, drawback = quality_dice(context, who, c.benefit.strip(), c.drawback.strip(), state.scene_qualities)
    if call is None:
        return bonus, drawback
    if (bonus and call.bonus_dice) or (drawback and call.drawback_dice):
        raise RuleViolation(
            "RWYN-CRIT-002", f"Call {call.id} already brings in that side of a quality: roll it as called."
        )
    return bonus + call.bonus_dice, drawback + call.drawback_dice


def check(state: RwynState, context: Ctx, c: cmd.Check, dice: DiceService) -> Done:
    """Roll a check: the GM's call, or one named by the GM (or by players where they set difficulties)."""
    config = context.config
    from_call: int | None = None
    call: Call | None = None
    if c.call is not None:  # the fields a call already says are refused beside it (Check)
        who, call = _called(state, context, c.call, ck.CheckKind.TASK, c.character)
        stress.require_in_conflict(who)
        name, difficulty, task, time, from_call = (
            call.ability,
            call.difficulty or 0,
            call.task,
            call.time,
            call.id,
        )
    else:
        who, name, difficulty = _named(state, context, c)
        task, time = c.task, c.time
    players_roll(context, who)
    bonus, drawback = _quality_dice(state, context, who, call, c)
    plan = build_pool(
        who.rating(name), difficulty, config, bonus_dice=bonus, drawback_dice=drawback, time=time
    )
    b = context.batch(state)
    _roll(b, who, ck.CheckKind.TASK, name, plan, dice, config, task=task, from_call=from_call)
    return b


def defend(state: RwynState, context: Ctx, c: cmd.Defend, dice: DiceService) -> Done:
    """Defend against an enemy move: its difficulty, then stress on a failure (RWYN-GEN-003)."""
    config = context.config
    from_call: int | None = None
    if c.call is not None:  # the fields a move already says are refused beside it (Defend)
        who, call = _called(state, context, c.call, ck.CheckKind.DEFENCE, c.character)
        stress.require_in_conflict(who)
        name, difficulty, harm, track, move = (
            call.ability,
            call.difficulty or 0,
            call.harm,
            call.track,
            call.task,
        )
        from_call = call.id
    else:
        who, name, difficulty = _named(state, context, c)
        harm, track, move = (config.default_harm if c.harm is None else c.harm), c.track, c.move
    players_roll(context, who)
    plan = build_pool(who.rating(name), difficulty, config)
    b = context.batch(state)
    _roll(
        b,
        who,
        ck.CheckKind.DEFENCE,
        name,
        plan,
        dice,
        config,
        task=move,
        harm=harm,
        track=track,
        from_call=from_call,
    )
    return b


def buy(state: RwynState, context: Ctx, c: cmd.Buy, dice: DiceService) -> Done:
    """Buy with Wealth (RWYN-ABIL-004..007)."""
    return _purchase(state, context, c, wealth.Resource.WEALTH, dice)


def favour(state: RwynState, context: Ctx, c: cmd.Favour, dice: DiceService) -> Done:
    """Call in a favour with Reputation (RWYN-ABIL-010)."""
    return _purchase(state, context, c, wealth.Resource.REPUTATION, dice)


def _purchase(
    state: RwynState, context: Ctx, c: cmd.Buy, resource: wealth.Resource, dice: DiceService
) -> Done:
    """RWYN-ABIL-004..007 and -010: the band decides between buying, a check and an attempt."""
    who = character(state, c.character)
    control(context, who)
    # a purchase is a check (src 27) like any other: not for a character out of the conflict (src 21)
    # nor one whose full track waits for its answer, as the buy and favour menus already say
    stress.require_in_conflict(who)
    players_roll(context, who)
    rating = wealth.spendable(who, resource)
    band = wealth.purchase_band(c.cost, rating)
    kind = ck.CheckKind.PURCHASE if resource is wealth.Resource.WEALTH else ck.CheckKind.FAVOUR
    b = context.batch(state)
    bought = Purchased(
        character_id=who.id,
        name=who.name,
        item=c.item,
        cost=c.cost,
        band=band.value,
        resource=resource.value,
        rating=rating,
    )
    if band is wealth.Band.UNRESTRICTED:
        b.emit(bought)
        return b
    if band is wealth.Band.LIMITED:
        limit = context.config.limited_quantity_cap
        b.emit(bought.model_copy(update={"limit": limit}))
        if limit is None:
            plan = PoolPlan(
                rating=rating,
                difficulty=max(c.cost, 1),
                ability_nominal=0,
                ability_dice=0,
                cap_auto=0,
                disaster_nominal=0,
            )
            waiting = ck.Check(
                id=b.state.next_id,
                character=who.id,
                owner=who.owner,
                kind=kind,
                ability=resource.value,
                task=c.item,
                plan=plan,
                stage=ck.Stage.ANSWERS,
                rolled=False,
                cost=c.cost,
                item=c.item,
                success=True,
                effects=(),
                complications=(),
                needs_quantity=True,
            )
            b.emit(CheckRolled(check=waiting, name=who.name))
        return b
    core = ck.rules_for(kind, context.config)
    plan = build_pool(rating, c.cost, core)
    _roll(b, who, kind, resource.value, plan, dice, core, task=c.item, cost=c.cost, item=c.item)
    return b


def _check_number(state: RwynState, from_call: int | None) -> int:
    """A called check takes its call's number; the shared counter otherwise (or when a table
    begun before the counters were one already has a check of that number)."""
    if from_call is not None and from_call not in state.checks:
        return from_call
    return state.next_id


def _roll(
    b: Built,
    who: Character,
    kind: ck.CheckKind,
    ability_name: str,
    plan: PoolPlan,
    dice: DiceService,
    config: RwynConfig,
    *,
    task: str = "",
    harm: int = 0,
    track: Track | None = None,
    cost: int = 0,
    item: str = "",
    from_call: int | None = None,
) -> None:
    """RWYN-SAC-001 step one: roll the ability pool; go on unless a sacrifice is possible."""
    roll = dice.roll(plan.ability_dice, config.die_size, purpose=f"{ability_name} dice")
    started = ck.start(
        check_id=_check_number(b.state, from_call),
        character=who,
        kind=kind,
        ability=ability_name,
        plan=plan,
        faces=roll.faces,
        config=config,
        task=task,
        harm=harm,
        track=track,
        cost=cost,
        item=item,
    )
    b.emit(CheckRolled(check=started, name=who.name, from_call=from_call), rolls=(roll,))
    if started.stage is ck.Stage.DISASTER:
        _disaster(b, started, dice, config)


def _disaster(b: Built, check_: ck.Check, dice: DiceService, config: RwynConfig) -> None:
    """RWYN-SAC-001 step three: roll what is left of the disaster dice, then judge."""
    name = b.state.characters[check_.character].name
    if check_.plan.disaster_nominal > 0:
        left = disaster_pool(check_.plan, check_.sacrificed, config)
        roll = dice.roll(left.dice, config.die_size, purpose="disaster dice")
        check_ = ck.with_disaster(check_, roll.faces, config)
        b.emit(DisasterRolled(check=check_, name=name), rolls=(roll,))
    who = b.state.characters[check_.character]
    if ck.wants_reroll(check_, who):
        b.emit(RerollOffered(check=check_.model_copy(update={"stage": ck.Stage.REROLL}), name=name))
        return
    _finish(b, check_, config)


def _finish(b: Built, check_: ck.Check, config: RwynConfig) -> None:
    who = b.state.characters[check_.character]
    check_ = ck.finish(check_, who, config)
    b.emit(CheckResolved(check=check_, name=who.name))
    if check_.kind in (ck.CheckKind.PURCHASE, ck.CheckKind.FAVOUR):
        resource = wealth.Resource(check_.ability)
        if check_.disaster_successes:
            after, lost = wealth.lose_points(who, resource, check_.disaster_successes)
            facts = {"character_id": who.id, "name": who.name, "resource": resource.value}
            b.emit(PointsLost(**facts, points=lost, check_id=check_.id, rating=after.rating(resource.value)))
        if check_.success:
            b.emit(
                Purchased(
                    character_id=who.id,
                    name=who.name,
                    item=check_.item,
                    cost=check_.cost,
                    band=wealth.purchase_band(check_.cost, check_.plan.rating).value,
                    resource=resource.value,
                    limit=None,
                    check_id=check_.id,
                    rating=check_.plan.rating,
                )
            )
    if check_.kind is ck.CheckKind.DEFENCE and check_.track is not None:
        amount = stress.harm_from_move(
            harm=check_.harm, success=bool(check_.success), disaster_successes=check_.disaster_successes
        )
        if amount:
            deal_stress(b, config, check_.character, check_.track, amount, check_id=check_.id)
    maybe_close(b, check_.id)


def sacrifice(state: RwynState, context: Ctx, c: cmd.Sacrifice, dice: DiceService) -> Done:
    """Spend successes to remove disaster dice, then roll the rest (RWYN-SAC-002..004)."""
    waiting = open_check(state, c.check)
    answerable(state, context, waiting)
    spent = ck.apply_sacrifice(waiting, c.count)
    b = context.batch(state)
    b.emit(Sacrificed(check=spent, count=c.count, name=state.characters[spent.character].name))
    _disaster(b, spent, dice, ck.rules_for(spent.kind, context.config))
    return b


def reroll(state: RwynState, context: Ctx, c: cmd.Reroll, dice: DiceService) -> Done:
    """The leverage-debt talent's question: re-roll the disaster dice once? (RWYN-TRAIT-004)."""
    waiting = open_check(state, c.check)
    answerable(state, context, waiting)
    if waiting.stage is not ck.Stage.REROLL:
        raise RuleViolation("RWYN-TRAIT-004", f"Check {waiting.id} has no re-roll on offer.")
    config = ck.rules_for(waiting.kind, context.config)
    b = context.batch(state)
    if c.use:
        roll = dice.roll(len(waiting.disaster_faces or ()), config.die_size, purpose="disaster dice re-roll")
        again = ck.with_disaster(waiting, roll.faces, config, reroll=True)
        b.emit(DisasterRerolled(check=again, name=state.characters[again.character].name), rolls=(roll,))
    else:
        again = waiting.model_copy(update={"reroll_used": True})
    _finish(b, again, config)
    return b
