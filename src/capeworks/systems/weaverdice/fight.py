"""Handlers for the shape of a fight: turns and rounds, actions, moving, Wait, resting, the end of
the encounter and exhaustion (initiative is :mod:`.initiative`'s, Leverage Reputation
:mod:`.leverage`'s).

Implements, on the table, WD-COMBAT-001/002 (rounds skip the incapacitated, and those Leverage
pushed back), -008..013 (the action budget), -027/-028 (Wait), -032..035 (rests),
WD-WOUND-009 (the dying clock at each round's end), WD-WOUND-013/-015 and
WD-EFFORT-009/010 (after the fight), and wires the gear engineer's
:func:`~capeworks.systems.weaverdice.movement.turn_movement` and the effects
engineer's statuses (expiry in the turn order, Delayed, Half actions, rests).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from capeworks.engine import Audience, DiceService, Event
from capeworks.engine.kit import TurnOrder, TurnPoint, expire
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice import statuses as st
from capeworks.systems.weaverdice.blind import emit_moved, emit_rested
from capeworks.systems.weaverdice.campaign.mini import wear_lift
from capeworks.systems.weaverdice.campaign.screen import Builder as Screened
from capeworks.systems.weaverdice.checks import CheckRoll
from capeworks.systems.weaverdice.checks import reroll as reroll_check
from capeworks.systems.weaverdice.checks import spend_morale as set_by_morale
from capeworks.systems.weaverdice.combat import (
    ActionKind,
    Turn,
    dropped_together,
    rest_removals,
    slots,
    waited,
)
from capeworks.systems.weaverdice.config import WaitExpiry
from capeworks.systems.weaverdice.copies import evolve, trusted
from capeworks.systems.weaverdice.effort import EffortUse
from capeworks.systems.weaverdice.facts import patches
from capeworks.systems.weaverdice.flow import (
    Builder,
    Ctx,
    Done,
    on_turn,
    pain_spared,
    pained_failure,
    person,
    roll_check,
)
from capeworks.systems.weaverdice.holds import held_by, let_go
from capeworks.systems.weaverdice.morale import spend_value
from capeworks.systems.weaverdice.movement import (
    BEST_PUSH_D3,
    BEST_SPRINT_TOTAL,
    Ground,
    Leg,
    move_cost,
    turn_movement,
)
from capeworks.systems.weaverdice.opportunity import provoked
from capeworks.systems.weaverdice.powers import passive_totals
from capeworks.systems.weaverdice.state import Chance, Combatant, Fight, PendingEffect, RestChance, WdState
from capeworks.systems.weaverdice.vocab import (
    PHYSICAL_STATS,
    BodyPart,
    DamageType,
    Pool,
    Stat,
    Status,
    WoundTier,
)
from capeworks.systems.weaverdice.waits import (
    LATE,
    WAITING,
    late_for,
    marked,
    unmarked,
    waits_for,
    waits_for_event,
)
from capeworks.systems.weaverdice.wfx_outcome import regain
from capeworks.systems.weaverdice.wounding import full_action, spend, start_effect, stay_up, take_wound
from capeworks.systems.weaverdice.wounds import Placement, Standing, Track, Wound

__all__ = [
    "act",
    "burn_choice",
    "end_combat",
    "end_turn",
    "exhaust",
    "fire_wait",
    "half_actions",
    "move",
    "open_skill",
    "rest",
    "rest_bought_up",
    "takes_turns",
    "treat_burn",
    "wait",
]


def takes_turns(state: WdState, ident: str) -> bool:
    """Takes turns: up, not Delayed and not pushed into the background (WD-COMBAT-001/002,
    WD-STATUS-010, WD-COMBAT-031)."""
    c = state.people.get(ident)
    return c is not None and _able(c, c.conditions)


def _able(c: Combatant, conditions: Iterable[st.Condition]) -> bool:
    return c.track.standing is Standing.UP and c.sidelined is None and st.can_act(conditions, c.id)


def _wait_lapsed(state: WdState, ident: str, round_: int) -> bool:
    """``ident`` waits for someone who cannot act when the waiter's slot comes in ``round_`` (out of
    the fight, pushed back, Delayed past it): the expected action does not come, so neither does the
    waiting turn there (src 994; WD-COMBAT-028 PROPOSED: forfeit, or late with act_end_of_round). A
    Delayed that ends with the waiter's own turn this round holds the trigger only until then: the
    trigger acts right after the waiter, as the Wait expects."""
    c = state.people.get(ident)
    trigger = None if c is None else waits_for(c)
    t = None if trigger is None or trigger == ident else state.people.get(trigger)
    if trigger is None or t is None:  # an awaited event the GM has not fired has not come
        return trigger is not None
    holding = tuple(
        x
        for x in t.conditions
        if not (
            x.name == Status.DELAYED
            and x.ends is not None
            and x.ends.holder == ident
            and (x.ends.round is None or x.ends.round <= round_)
        )
    )
    return not _able(t, holding)


def _unless_lapsed(state: WdState, before: TurnOrder) -> Callable[[str], bool]:
    """``can_act`` for advancing from ``before``: can act, and no lapsed Wait holds the slot (a slot at
    or before ``before``'s comes in the next round)."""

    def can(i: str) -> bool:
        later = before.order.index(i) <= before.index
        return takes_turns(state, i) and not _wait_lapsed(state, i, before.round + int(later))

    return can


#: what becomes of a waiter's marks: gone (None), or a late turn owed for the trigger named
Marks = dict[str, str | None]


def _settled(b: Builder, reached: Iterable[str], nxt: str | None) -> tuple[list[str], Marks]:
    """The waits the order ``reached``, over: the words for those it passed ("Vic's wait for Thug")
    and what becomes of the waiters' marks. With act_end_of_round a waiter passed over only because
    its trigger cannot act owes a turn at the round's end (WD-COMBAT-028)."""
    late = b.config.wait_expiry is WaitExpiry.ACT_END_OF_ROUND
    words: list[str] = []
    marks: Marks = {}
    for i in dict.fromkeys(reached):
        c = b.state.people.get(i)
        trigger = None if c is None else waits_for(c)
        if c is None or trigger is None:
            continue
        if i != nxt and late and takes_turns(b.state, i):
            marks[i] = trigger
            continue
        marks[i] = None
        if i != nxt:
            t = b.state.people.get(trigger)
            words.append(f"{c.name}'s wait for {'an event' if trigger == i else t.name if t else trigger}")
    return words, marks


def _owed_late(b: Builder, order: TurnOrder, marks: Marks) -> str | None:
    """The first in ``order`` who owes a late turn and can take it (WD-COMBAT-028); a late turn
    just over has its mark settled to None in ``marks``."""
    for i in order.order:
        c = b.state.people.get(i)
        owes = marks[i] is not None if i in marks else c is not None and late_for(c) is not None
        if owes and takes_turns(b.state, i):
            return i
    return None


def _marked(b: Builder, marks: Marks) -> tuple[Combatant, ...]:
    """The waiters with their marks settled, as they are now."""
    out = []
    for ident, trigger in marks.items():
        c = b.state.people.get(ident)
        if c is not None:
            out.append(unmarked(c) if trigger is None else marked(c, LATE, trigger))
    return tuple(out)


def half_actions(c: Combatant) -> bool:
    """Half actions this turn (WD-COMBAT-016, the Half Actions status)."""
    return st.half_actions(c.conditions, c.id)


def _expire_all(b: Builder, point: TurnPoint, *, holder: str | None, round_: int) -> list[str]:
    """End the conditions that end at this point of the order (the kit's Timed expiry)."""
    ended: list[str] = []
    changed: list[Combatant] = []
    for p in b.state.people.values():
        if not p.conditions:  # most people at most points: nothing to end, no call
            continue
        kept, gone = expire(p.conditions, point, holder=holder, round_=round_)
        if gone:
            ended.extend(f"{p.name}: {g.name}" for g in gone)
            changed.append(evolve(p, {"conditions": tuple(kept)}))
    if changed:
        b.emit(ev.NpcUpdated(people=tuple(changed)))
    return ended


def _ticks(b: Builder, point: TurnPoint, holder: str | None) -> None:
    """Ongoing burn damage: a lesser wound at the end of each victim turn (WD-WFX-020); a consuming
    burn takes a physical stat point each round, the attacker picking which (WD-WFX-026)."""
    conditions = [x for p in b.state.people.values() for x in p.conditions]
    for tick in st.ongoing_ticks(conditions, point, holder=holder):
        if tick.wound is not None:
            take_wound(b, tick.target, tick.wound, None, cause="ongoing")
        elif tick.stat_point and tick.target not in b.state.burns:
            picker = tick.chooser if tick.chooser in b.state.people else tick.target
            b.emit(
                ev.Consumed(
                    character=tick.target,
                    name=b.person(tick.target).name,
                    burns={**b.state.burns, tick.target: picker},
                )
            )


def _delay_owed(state: WdState, actor: str) -> bool:
    """Delayed landed on ``actor`` during its own turn: a DELAYED ending at its own turn's end."""
    return any(
        x.name == Status.DELAYED and x.ends is not None and x.ends.holder == actor
        for x in person(state, actor).conditions
    )


def _owed_delay(b: Builder, order: TurnOrder, actor: str) -> TurnOrder:
    """The turn just ended owed a delay: move the actor's next turn after the next enemies now
    (WD-STATUS-010, src 854: "Delays the target's next turn")."""
    if order.current == actor:
        return order
    me = b.person(actor)
    enemies = [k for k, p in b.state.people.items() if (p.owner is None) != (me.owner is None)]
    moved, held = st.delay(order, actor, enemies=enemies)
    if held is not None:
        b.emit(ev.NpcUpdated(people=(evolve(me, {"conditions": st.add(me.conditions, held)}),)))
    return moved


def end_turn(state: WdState, context: Ctx, c: cmd.EndTurn, dice: DiceService) -> Done:
    """End this turn; the next one who can act begins (rounds loop, WD-COMBAT-001)."""
    fight = on_turn(state, c.character, acting=False)
    b = Builder(state, context, dice)
    next_turn(b, fight)
    return b.batch


def next_turn(b: Builder, fight: Fight) -> None:
    actor = fight.order.current
    round_ = fight.order.round
    owed = actor is not None and _delay_owed(b.state, actor)
    ended = _expire_all(b, TurnPoint.TURN_END, holder=actor, round_=round_)
    _ticks(b, TurnPoint.TURN_END, actor)
    if actor is not None:
        _regain(b, actor, resting=fight.turn is not None and fight.turn.rested)
    fight = b.fight or fight
    _hand_on(b, fight, fight.order, ended=ended, owed=actor if owed else None)


def _hand_on(
    b: Builder,
    fight: Fight,
    before: TurnOrder,
    *,
    ended: list[str],
    owed: str | None = None,
    placed: TurnOrder | None = None,
    late: bool = False,
) -> None:
    """Advance from ``before`` to the next who can act, crossing the round's end if it comes, and start
    their turn. ``placed`` is the order's new arrangement when a Wait moved the one acting (``late``
    when its new slot does not come again this round, so its turn is owed at the round's end);
    ``owed`` the one whose turn just ended owing a delay (WD-STATUS-010)."""
    round_ = before.round
    actor = before.current
    base = placed or before
    done = None if actor is None else late_for(b.person(actor))
    if actor is not None and done is not None:
        # the late turn is over: back to the place the Wait gave, just before the trigger (WD-COMBAT-028)
        base = base.moved(actor, before=done if done in base.order else None)
        # the late turn closed the round: the next one opens on the order as it now stands, the
        # waiter's restored place first if that is where it is
        before = evolve(base, {"index": len(base.order) - 1, "round": round_})
    order, points = before.advance(can_act=_unless_lapsed(b.state, before))
    wrapped = TurnPoint.ROUND_END in points
    tail = before.order[before.index + 1 :] if wrapped else before.order[before.index + 1 : order.index + 1]
    words, marks = _settled(b, tail, None if wrapped else order.current)
    if actor is not None and done is not None:
        marks[actor] = None
    if actor is not None and late:
        marks[actor] = waits_for(b.person(actor))
    # a turn owed at the round's end comes before the round ends (WD-COMBAT-028, act_end_of_round)
    due = _owed_late(b, base, marks) if wrapped else None
    if due is not None:
        ended += _passed_down(b, tail, round_=round_)
        order = evolve(base.moved(due, before=None), {"index": len(base.order) - 1, "round": round_})
        if owed is not None:
            order = _owed_delay(b, order, owed)
        _start(b, fight, order, ended=ended, words=words, marks=marks)
        return
    nxt = order.current
    if wrapped:
        more, again = _settled(b, order.order[: order.index + 1], nxt)
        words += more
        marks.update({k: v for k, v in again.items() if k not in marks})
        # the round is over: a late turn nobody could take is lost with it
        marks.update({p.id: None for p in b.state.people.values() if late_for(p) is not None})
    order = evolve(base, {"index": base.order.index(nxt) if nxt in base.order else 0, "round": order.round})
    # the unconscious and dying keep their turns, empty (src 563): theirs end as the order passes them
    ended += _passed_down(b, tail if wrapped else tail[:-1], round_=round_)
    if wrapped:
        caught = any(x.name == Status.SURPRISED for p in b.state.people.values() for x in p.conditions)
        ended += _expire_all(b, TurnPoint.ROUND_END, holder=None, round_=round_)
        _ticks(b, TurnPoint.ROUND_END, None)
        _round_end(b, round_)
        if caught:
            # the surprise round is over (WD-COMBAT-003): round 2 opens with the first who now can act
            order = evolve(
                order, {"index": next(i for i, x in enumerate(order.order) if takes_turns(b.state, x))}
            )
        if fight.dropped:
            order = _drop_at_round_end(b.state, order, fight)
            fight = evolve(fight, {"dropped": ()})
        if fight.lowered:
            fight = evolve(fight, {"lowered": ()})
        ended += _passed_down(b, order.order[: order.index], round_=order.round)
    if owed is not None:
        order = _owed_delay(b, order, owed)
    _start(b, fight, order, ended=ended, words=words, marks=marks)


def _start(
    b: Builder, fight: Fight, order: TurnOrder, *, ended: list[str], words: list[str], marks: Marks
) -> None:
    """Start the turn of whoever ``order`` points at, the waiters' marks settled."""
    nxt = order.current
    assert nxt is not None
    ended += _expire_all(b, TurnPoint.TURN_START, holder=nxt, round_=order.round)
    who = b.person(nxt)
    # a waiter's turn goes on as the Wait left it; a wait that lapsed loses it (WD-COMBAT-027/028)
    resumed = next((t for t in fight.paused if t.actor == nxt), None)
    over = {i for i, m in marks.items() if m is None}
    paused = tuple(t for t in fight.paused if t.actor != nxt and t.actor not in over)
    if paused != fight.paused:
        fight = evolve(fight, {"paused": paused})
    turn = resumed or Turn.start(nxt, half=half_actions(who), config=b.config)
    b.emit(
        trusted(
            ev.TurnStarted,
            character=nxt,
            name=who.name,
            round=order.round,
            fight=evolve(fight, {"order": order, "turn": turn}),
            ended=(*ended, *words),
            people=_marked(b, marks),
        )
    )


def _passed_down(b: Builder, passed: Iterable[str], *, round_: int) -> list[str]:
    """The turns of the unconscious and dying the order passes over end all the same (src 563: they
    do "nothing except perhaps rolling to get back up"): what ends at their turn's end ends (half
    actions "next turn"), ongoing burns wound them and drained points come back (WD-WFX-020,
    WD-WFX-021); a Delayed or Surprised combatant's turn is moved, not passed. Returns what ended."""
    ended: list[str] = []
    for ident in passed:
        c = b.state.people.get(ident)
        if c is None or c.track.standing not in (Standing.UNCONSCIOUS, Standing.DYING):
            continue
        ended += _expire_all(b, TurnPoint.TURN_END, holder=ident, round_=round_)
        _ticks(b, TurnPoint.TURN_END, ident)
        _regain(b, ident, resting=False)
    return ended


def _regain(b: Builder, ident: str, *, resting: bool) -> None:
    """Drained points come back at the end of each of the victim's turns: one, or three when it
    rested (WD-WFX-021), in the order they were lost."""
    c = b.state.people.get(ident)
    if c is None or not c.drained:
        return
    left, back = regain(c.drained, resting=resting)
    temporary = dict(c.temporary_loss)
    regained: dict[Stat, int] = {}
    for loss in back:
        temporary[loss.stat] = max(0, temporary.get(loss.stat, 0) - loss.points)
        regained[loss.stat] = regained.get(loss.stat, 0) + loss.points
    temporary = {k: v for k, v in temporary.items() if v}
    c = evolve(c, {"drained": left, "temporary_loss": temporary})
    b.emit(
        ev.StatsRegained(character=ident, name=c.name, regained=regained, resting=resting, people=(c,)),
        hidden=c.hidden,  # a hidden NPC's stats are the GM's
    )


def _drop_at_round_end(state: WdState, order: TurnOrder, fight: Fight) -> TurnOrder:
    """Blocked attackers drop one place for the new round; its first turn goes to whoever now
    leads and can act (WD-COMBAT-021)."""
    order = dropped_together(order, fight.dropped, fight.groups)
    first = next((i for i, x in enumerate(order.order) if takes_turns(state, x)), 0)
    return evolve(order, {"index": first})


def _round_end(b: Builder, round_: int) -> None:
    """Death Sentence worsens (WD-STATUS-014); the dying clock ticks: three rounds without help is
    death (WD-WOUND-009)."""
    for p in list(b.state.people.values()):
        if (
            not any(x.name == Status.DEATH_SENTENCE for x in p.conditions)
            or p.track.standing is Standing.DEAD
        ):
            continue
        track = p.track
        slots = [w.tier for w in track.wounds] + [None] * max(
            0, track.slots + track.armor - len(track.wounds)
        )
        tick = st.death_sentence_tick(slots)
        if tick.add is not None:
            take_wound(b, p.id, tick.add, None, cause="death_sentence", roll_effect=False)
        elif tick.upgrade is not None:
            wounds = list(track.wounds)
            wounds[tick.upgrade] = evolve(wounds[tick.upgrade], {"tier": WoundTier.MODERATE})
            worse = evolve(p, {"track": evolve(track, {"wounds": tuple(wounds)})})
            b.emit(
                ev.WoundTaken(
                    character=p.id,
                    name=p.name,
                    wound=wounds[tick.upgrade],
                    placement=Placement.SLOT,
                    standing=worse.track.standing,
                    cause="death_sentence",
                    people=(worse,),
                )
            )
            if worse.track.standing in (Standing.UP, Standing.UNCONSCIOUS):  # check again (src 794)
                stay_up(b, p.id)
        elif p.track.standing in (Standing.UP, Standing.UNCONSCIOUS):
            # nothing left to worsen: the round's wound, a check (src 794, 875)
            take_wound(b, p.id, WoundTier.LESSER, None, cause="death_sentence", roll_effect=False)
    died: list[str] = []
    changed: list[Combatant] = []
    for p in b.state.people.values():
        track = p.track.at_round_end(round_, config=b.config)
        if track is not p.track and track != p.track:
            died.append(p.name)
            changed.append(evolve(p, {"track": track}))
    b.emit(trusted(ev.RoundEnded, round=round_, died=tuple(died), people=tuple(changed)))


def act(state: WdState, context: Ctx, c: cmd.Act, dice: DiceService) -> Done:
    """A standard, quick, full or lengthy action not covered by its own command (WD-COMBAT-009..013)."""
    fight = on_turn(state, c.character)
    assert fight.turn is not None
    if c.compound and c.kind is not ActionKind.QUICK:
        raise RuleViolation("WD-COMBAT-012", "Only a quick action (or a series of them) is compound.")
    # any other action from the ground provokes melee attacks (src 850): the GM clears a defensive one
    turn = provoked(fight.turn.spend(c.kind, config=context.config), state, c.character, context.config)
    b = Builder(state, context, dice)
    me = person(state, c.character)
    check = record = pained = None
    parts = (c.part,) if c.part is not None else ()
    if not c.compound and st.pains_for(me.conditions, c.character, stat=c.stat, parts=parts):
        # pain makes an action that needed no roll need one: 4+, a failure has half its effect
        # (WD-STATUS-002); the stat is the one the action leans on
        pained, record = roll_check(
            b, c.character, (c.stat,) if c.stat else (), tn=st.PAINED_ROLL_TN, purpose="pained action"
        )
    if c.compound:
        # "That's two grabs. Roll Dex." (src 570-578): 3+ or 4+, the table's setting
        check, record = roll_check(
            b, c.character, (Stat.DEXTERITY,), tn=context.config.complex_quick_tn, purpose="quick action"
        )
    b.emit(
        ev.ActionTaken(
            character=c.character,
            name=me.name,
            action=c.action,
            kind=c.kind.value,
            note=c.note,
            fight=evolve(fight, {"turn": turn}),
            check=check,
            pained=pained,
        ),
        rolls=(record,) if record is not None else (),
    )
    if check is not None:
        # a failed compound quick action is a failed Dexterity roll: pain asks its price (src 822)
        pained_failure(b, c.character, Stat.DEXTERITY, failed=not check.success)
    if c.kind in (ActionKind.FULL, ActionKind.LENGTHY):
        full_action(b, c.character)
    return b.batch


def move(state: WdState, context: Ctx, c: cmd.Move, dice: DiceService) -> Done:
    """Move up to the character's movement (a sprint: the whole turn, two moves and an Athletics
    roll), a Stamina push adding 1d3 x 5 ft, never past 2.5x in a turn (WD-MOVE-001/005..007)."""
    fight = on_turn(state, c.character)
    assert fight.turn is not None
    me = person(state, c.character)
    if st.is_pinned(me.conditions, c.character):
        raise RuleViolation("WD-STATUS-013", f"{me.name} is pinned in place by the object stuck in them.")
    if held_by(state, c.character):
        raise RuleViolation("WD-GRAPPLE-010", f"{me.name} is held fast: win the grapple to get free first.")
    kind = ActionKind.FULL if c.sprint else ActionKind.STANDARD
    turn = fight.turn.spend(kind, config=context.config)
    # asked for more than the best dice could carry, the move is refused before any is rolled: the
    # rolls of a move stand, never refused afterwards for a player to ask again (WD-MOVE-001/005/006)
    route = _route(c)
    best = _reach(state, c, fight, me, sprint_total=BEST_SPRINT_TOTAL, push_d3=BEST_PUSH_D3)
    asked = _asked(c, route, best, me.name, rising=c.stand or fight.turn.rising)
    b = Builder(state, context, dice)
    if c.push:
        # the Stamina is paid before any roll, so the rolls all ride on the move itself
        spend(b, c.character, Pool.STAMINA, EffortUse.PUSH_MOVE)
    rolls = []
    pained = None
    legs = (BodyPart.LEFT_LEG, BodyPart.RIGHT_LEG)
    if not c.sprint and st.pains_for(me.conditions, c.character, stat=Stat.ATHLETICS, parts=legs):
        # pain makes a plain move need a roll: 4+, a failure goes half as far (WD-STATUS-002)
        pained, record = roll_check(
            b, c.character, (Stat.ATHLETICS,), tn=st.PAINED_ROLL_TN, purpose="pained move"
        )
        rolls.append(record)
    sprint_total = sprint_failed = None
    if c.sprint:
        roll, record = roll_check(b, c.character, (Stat.ATHLETICS,), tn=4, purpose="sprint")
        rolls.append(record)
        if c.reroll and not roll.success:
            # a sprint is a physical action, not offense or defense: Stamina rerolls it (src 376) and
            # the new roll stands (WD-CORE-009 PROPOSED); the first roll rides on the dot's spending
            spend(b, c.character, Pool.STAMINA, EffortUse.REROLL)
            again = dice.roll(len(roll.faces), 6, purpose="reroll")
            roll = reroll_check(roll, again.faces)
            rolls = [again]
        sprint_total, sprint_failed = roll.total, not roll.success
    push = None
    if c.push:
        record = dice.roll(1, 3, purpose="push")
        rolls.append(record)
        push = record.faces[0]
    allowed = _reach(state, c, fight, me, sprint_total=sprint_total, push_d3=push)
    chance = None
    if c.sprint and me.morale > 0 and not me.hidden:
        # high morale may buy the sprint's roll up to 2 + k (WD-MORALE-003, src 453), and with it the
        # feet it fell short by; a hidden NPC's morale stays the GM's (its roll is the players' too)
        bought = _reach(state, c, fight, me, sprint_total=spend_value(me.morale), push_d3=push)
        further = min(asked, max(bought, 0)) - min(asked, max(allowed, 0))
        if further > 0 and roll.morale_set is None:
            chance = Chance(who=c.character, kind="sprint", roll=roll, feet=further)
    stood: Combatant | None = None
    if c.stand:
        now = b.person(c.character)
        stood = evolve(now, {"conditions": tuple(x for x in now.conditions if x.name != Status.KNOCKED_DOWN)})
    # the dice carried less than asked: the move goes as far as they allow (no PROPOSED reading in the
    # inventory; this one never rolls again), the shortfall said
    cost = min(asked, max(allowed, 0))
    note = "stands up" if stood is not None or fight.turn.rising else _route_words(c)
    if cost < asked:
        note = ", ".join(x for x in (note, f"the dice carry {cost} of the {asked} ft asked") if x)
    feet = cost if pained is None or pained.success else st.halved(cost, step=5)
    turn = evolve(turn, {"moved": fight.turn.moved + feet, "rising": False})
    # rising, or crawling on the ground, "provokes melee attacks" (src 850): the foes are offered one
    turn = provoked(turn, state, c.character, context.config)
    emit_moved(
        b,
        ev.ActionTaken(
            character=c.character,
            name=me.name,
            action="sprint" if c.sprint else "move",
            kind=kind.value,
            feet=feet,
            note=note,
            fight=evolve(b.fight or fight, {"turn": turn}),
            pained=pained,
            people=(stood,) if stood is not None else (),
            chance=chance,
            sprint=roll if c.sprint else None,
            push=push,
        ),
        rolls=tuple(rolls),
    )
    if feet > 0:
        let_go(b, c.character)  # carried off, the hold goes: moving with the held one is a Drag (src 950)
    if c.sprint:
        full_action(b, c.character)
        # the sprint's Athletics roll missed 4+: a pained sprinter owes the price (WD-STATUS-002, src 822)
        pained_failure(b, c.character, Stat.ATHLETICS, failed=bool(sprint_failed))
    return b.batch


def _reach(
    state: WdState, c: cmd.Move, fight: Fight, me: Combatant, *, sprint_total: int | None, push_d3: int | None
) -> int:
    """The movement this move may spend: its moves (a sprint's roll, a push's d3), under the turn's
    ceiling, a passive power's past it (WD-MOVE-007); rising takes half a move (standing up, or the
    first move after a rest shed Knocked Down), and a knocked-down mover only crawls (WD-STATUS-009)."""
    assert fight.turn is not None
    sheet = state.sheet(c.character)
    _, _, power_ft = passive_totals(sheet.powers)
    plan = turn_movement(
        base_ft=sheet.movement,
        moves=2 if c.sprint else 1,
        sprint_total=sprint_total if c.sprint else None,
        push_d3=push_d3 if c.push else None,
        power_ft=power_ft,
        # the turn's second move after a first: double-moving, so a push counts twice (src 378)
        double_moving=not c.sprint and fight.turn.moved > 0 and fight.turn.actions == 1,
    )
    down = any(x.name == Status.KNOCKED_DOWN for x in me.conditions)
    allowed = min(plan.total_ft, plan.cap_ft + plan.power_ft - fight.turn.moved)
    if c.stand and not down and not fight.turn.rising:
        raise RuleViolation("WD-STATUS-009", f"{me.name} is not knocked down.")
    if c.stand or fight.turn.rising:
        # rising takes a move action and half its movement; the rest may be walked (WD-STATUS-009)
        return min(allowed, plan.total_ft - st.stand_up_cost(sheet.movement))
    return min(allowed, st.KNOCKED_DOWN_MOVE_FT) if down else allowed


def _route(c: cmd.Move) -> list[Leg]:
    """Open ground, then rubble at twice the movement, a 5 ft jump for 10 ft, a climb at three times
    (WD-MOVE-002, src 882-884)."""
    return [
        Leg(ground=g, feet=ft, vertical=c.vertical)
        for g, ft in (
            (Ground.OPEN, c.feet),
            (Ground.UNEVEN, c.uneven),
            (Ground.JUMP, c.jump),
            (Ground.CLIMB, c.climb),
        )
        if ft
    ]


def _asked(c: cmd.Move, route: list[Leg], best: int, name: str, *, rising: bool) -> int:
    """The movement the route asked for costs, refused when even the best dice could not carry it."""
    if c.feet > best:
        why = " (rising from the ground takes half of it)" if rising else ""
        most = max(best, 0)
        raise RuleViolation("WD-MOVE-001", f"{name} can move at most {most} feet with this move{why}.")
    rough = c.uneven or c.jump or c.climb
    return move_cost(route, budget_ft=max(best, 0)).cost_ft if rough else c.feet


def _route_words(c: cmd.Move) -> str:
    """The rough parts of a move, for its log line ("" on open ground)."""
    parts = [f"{c.uneven} ft of rubble"] if c.uneven else []
    if c.jump:
        parts.append(f"a {c.jump} ft jump{' up or down' if c.vertical else ''}")
    if c.climb:
        parts.append(f"a {c.climb} ft climb")
    return ", ".join(parts)


def wait(state: WdState, context: Ctx, c: cmd.Wait, dice: DiceService) -> Done:
    """Spend Focus to act just before someone, or an event the GM fires (:func:`fire_wait`); the
    waiter's place moves there (WD-COMBAT-027/028), last until an event comes."""
    fight = on_turn(state, c.character)
    if (c.trigger is None) == (not c.event.strip()):
        raise RuleViolation(
            "WD-COMBAT-027",
            "Wait for one thing: someone in the fight (trigger) or an event in words (event).",
        )
    me = person(state, c.character)
    trigger = None if c.trigger is None else person(state, c.trigger)
    if trigger is not None and trigger.track.standing in (Standing.DOWN, Standing.DEAD):
        # a dropped generic or bystander stays on the ground (src 800), the dead act no more: what
        # they might do is never coming (WD-COMBAT-027: the trigger is "a person's action")
        raise RuleViolation(
            "WD-COMBAT-027",
            f"{trigger.name} is {trigger.track.standing.value} and will not act: wait for someone else"
            " or for an event.",
        )
    # the waiter's slot moves with the rest of its group still to act: the next turn is the first
    # after them (WD-COMBAT-027, a group's slot moves whole)
    mine = next(s for s in slots(fight.order.order, fight.groups) if c.character in s)
    last = mine[-1]
    start = evolve(fight.order, {"index": fight.order.order.index(last)})
    after, _ = start.advance(can_act=_unless_lapsed(state, start))
    if trigger is not None and after.current == trigger.id:
        raise RuleViolation("WD-COMBAT-027", f"{trigger.name} acts next anyway: act now instead of waiting.")
    if trigger is None and after.round > start.round:
        raise RuleViolation(
            "WD-COMBAT-027", f"Nobody acts after {me.name} this round: there is no later moment to wait for."
        )
    assert fight.turn is not None
    if fight.turn.actions < 1:
        # src 994 delays "their turn": with both actions taken it is over, nothing is left to delay
        raise RuleViolation(
            "WD-COMBAT-008", "Your actions this turn are used: there is nothing left to wait with."
        )
    moved = waited(fight.order, c.character, trigger=c.trigger, groups=fight.groups)
    b = Builder(state, context, dice)
    spend(b, c.character, Pool.FOCUS, EffortUse.WAIT)
    # remembered until the waiter's slot comes: the trigger may not act then (WD-COMBAT-028); an
    # event's mark names the waiter, as no one in the fight is its trigger
    mark = c.character if trigger is None else trigger.id
    b.emit(
        ev.Waited(
            character=c.character,
            name=me.name,
            trigger=mark,
            trigger_name=me.name if trigger is None else trigger.name,
            event=c.event.strip() if trigger is None else "",
            response=c.response.strip(),
            fight=evolve(fight, {"order": moved, "paused": _pause(fight, c.character, context)}),
            people=(marked(b.person(c.character), WAITING, mark),),
        )
    )
    # a trigger whose slot does not come again this round (it acted, or cannot act next) leaves the
    # waiter's new slot behind the order too: with act_end_of_round its turn comes at the round's end
    # (WD-COMBAT-028 PROPOSED: "the trigger has not happened by end of round")
    coming = fight.order.order[start.index + 2 :]
    late = (
        context.config.wait_expiry is WaitExpiry.ACT_END_OF_ROUND
        and trigger is not None
        and mark not in coming
    )
    _hand_on(b, b.fight or fight, start, ended=[], placed=moved, late=late)
    return b.batch


def fire_wait(state: WdState, context: Ctx, c: cmd.FireWait, dice: DiceService) -> Done:
    """The GM says the event a Wait expects happens (src 994: "When the expected action happens, they
    take their turn"): the waiter's place becomes just before the turn it breaks into, its turn comes
    now, and the broken-into turn goes on after it as it was, as a waiter's put-off turn does
    (WD-COMBAT-027/028)."""
    me = person(state, c.character)
    fight = state.fight
    if fight is None or fight.turn is None or not waits_for_event(me):
        raise RuleViolation("WD-COMBAT-027", f"{me.name} is not waiting for an event.")
    if state.attack is not None or state.effects:
        raise RuleViolation("WD-COMBAT-019", "An attack or a wound effect is still waiting for a decision.")
    if state.pain_owed:  # a price whose "end the turn" would end the waiter's turn instead
        raise RuleViolation("WD-STATUS-002", "A pained failure's price is still owed: it is paid first.")
    if not takes_turns(state, me.id):
        raise RuleViolation("WD-COMBAT-027", f"{me.name} is in no state to act on it.")
    actor = fight.turn.actor
    order = waited(fight.order, me.id, trigger=actor, groups=fight.groups)
    order = evolve(order, {"index": order.order.index(me.id)})
    paused = (*(t for t in fight.paused if t.actor != actor), fight.turn)
    b = Builder(state, context, dice)
    b.emit(ev.WaitFired(character=me.id, name=me.name, before=actor, before_name=person(state, actor).name))
    _start(b, evolve(fight, {"paused": paused}), order, ended=[], words=[], marks={me.id: None})
    return b.batch


def _pause(fight: Fight, waiter: str, context: Ctx) -> tuple[Turn, ...]:
    """The turns put off, with the waiter's if it has begun (an untouched turn starts afresh at the
    new place, as it always did)."""
    assert fight.turn is not None
    kept = tuple(t for t in fight.paused if t.actor != waiter)
    if fight.turn == Turn.start(waiter, half=fight.turn.half, config=context.config):
        return kept
    return (*kept, fight.turn)


def rest(state: WdState, context: Ctx, c: cmd.Rest, dice: DiceService) -> Done:
    """Rest: a Guts roll removes a simple condition (or reduces the most minor wound) and a dot comes
    back; a full rest removes up to Guts of them and restores more (WD-COMBAT-032..035)."""
    fight = on_turn(state, c.character)
    assert fight.turn is not None
    _within_reach(state, c)
    turn = fight.turn.spend(ActionKind.FULL if c.full else ActionKind.STANDARD, config=context.config)
    # a rest is a combat action, no offense or defense: on the ground it provokes (src 559, 850)
    turn = provoked(evolve(turn, {"rested": True}), state, c.character, context.config)
    restore = _restore(c.restore, full=c.full)
    b = Builder(state, context, dice)
    shed = _troublesome(state.people[c.character], c.shed)
    dots = int(c.recovery) + len(shed)
    _not_held_back(state, c.character, restore, recovery=dots)
    if dots:
        # resting "prevents the next instance" of Bleeding (src 814): the rest's own first Recovery
        # dot is that instance, so it bleeds nothing, and the rest spares no later one
        _spare_bleeding(b, c.character)
    for _ in range(dots):
        spend(b, c.character, Pool.RECOVERY, EffortUse.REST_ROLL)
    me, sheet = b.person(c.character), b.sheet(c.character)
    # "the wound fades on the next rest" whatever the roll (src 656): said, not only done
    faded = tuple(w.tier for w in me.track.wounds if w.fades_on_rest)
    after = st.rest(me.conditions, c.character, full=c.full)
    if dots:
        after = evolve(
            after,
            {"conditions": tuple(evolve(x, {"spared": False}) if x.spared else x for x in after.conditions)},
        )
    if shed:
        # shrugged off for Recovery, no roll (src 616); the rolls go to what is left
        gone: list[st.Condition] = []
        for x in after.removable:
            if x.name.lower() in shed:
                shed.remove(x.name.lower())
                gone.append(x)
        after = evolve(
            after,
            {
                "conditions": tuple(x for x in after.conditions if all(x is not g for g in gone)),
                "removable": tuple(x for x in after.removable if all(x is not g for g in gone)),
                "stopped": (*after.stopped, *gone),
            },
        )
    rolls = []
    checks: list[CheckRoll] = []
    successes = 0
    shrugs = 0  # the Recovery roll's: "to shrug off negative conditions" (src 394), no wound eased
    check = None
    for i in range(2 if c.recovery else 1):
        roll, record = roll_check(
            b, c.character, (Stat.GUTS,), tn=context.config.rest_guts_tn, purpose="rest"
        )
        rolls.append(record)
        checks.append(roll)
        check = roll
        won = rest_removals(full=c.full and successes == 0, success=roll.success, guts=sheet.stat(Stat.GUTS))
        successes += won
        shrugs += won if i else 0
    assert check is not None
    chance = None
    # a step of morale sets any roll just made (WD-MORALE-003, src 453): the one offered is the rest's
    # own Guts roll when it failed, whether or not the Recovery roll after it succeeded (it sheds all
    # the Recovery roll, src 394 'shrug off negative conditions', could and may ease a wound besides);
    # with only the Recovery roll failed, that one
    failed = next((r for r in checks if not r.success), None)
    if failed is not None and me.morale > 0 and spend_value(me.morale) >= failed.tn:
        removals = rest_removals(full=c.full and successes == 0, success=True, guts=sheet.stat(Stat.GUTS))
        again = RestChance(
            full=c.full,
            remove=tuple(c.remove),
            reduce=c.reduce,
            removals=removals,
            shrugs=c.recovery and failed is not checks[0],
        )
        chance = Chance(who=c.character, kind="rest", roll=failed, rest=again)
    conditions, track, removed, reduced = _shed(
        after, me.track.rested(), successes, remove=c.remove, reduce=c.reduce, full=c.full, shrugs=shrugs
    )
    removed = [x.name for x in after.stopped] + removed
    effort = me.effort.rest(sheet, restore)
    # the words say what came back, not what was asked (a full rest's "two to one pool" may find one
    # spent); a dot spent on a check the GM called in secret comes back in a line of its own for the
    # GM and the owner, who alone saw it spent (src 376)
    back = {p: n for p in Pool if (n := me.effort.spent.get(p, 0) - effort.spent.get(p, 0)) > 0}
    secret = {p: n for p in Pool if (n := me.effort.veiled.get(p, 0) - effort.veiled.get(p, 0)) > 0}
    seen = {p: m for p, n in back.items() if (m := n - secret.get(p, 0)) > 0}
    me = evolve(me, {"conditions": conditions, "track": track, "effort": effort})
    turn = _rising(turn, removed)
    emit_rested(
        b,
        ev.Rested(
            character=c.character,
            name=me.name,
            full=c.full,
            check=check,
            removed=tuple(removed),
            reduced=reduced[0] if reduced else None,
            eased=tuple(reduced[1:]),
            faded=faded,
            restored=seen,
            fight=evolve(b.fight or fight, {"turn": turn}),
            chance=chance,
            people=(me,),
        ),
        rolls=tuple(rolls),
    )
    if secret:
        b.emit(
            ev.SecretEffortBack(character=c.character, name=me.name, restored=secret),
            hidden=True,
            seats=(me.owner,) if me.owner is not None else (),
        )
    # resting is an action that rolls Guts: a rest that heals nothing is a failed roll, and pain asks
    # its price (WD-STATUS-002/003, src 822, 826, 1004)
    pained_failure(b, c.character, Stat.GUTS, failed=successes == 0)
    return b.batch


def _rising(turn: Turn, removed: Iterable[str]) -> Turn:
    """A rest that sheds Knocked Down leaves the character to get up: shaking the effect off is not
    standing, which "can't rise without a movement action (taking up half the movement)" (src 850,
    WD-STATUS-009), so the turn's next move pays for it. A rest that ends the turn owes nothing
    after it: the next turn starts on its feet."""
    return evolve(turn, {"rising": True}) if Status.KNOCKED_DOWN in removed else turn


def _not_held_back(state: WdState, ident: str, restore: Mapping[Pool, int], *, recovery: int) -> None:
    """Refuse a rest restoring a pool whose only spent dot is the one a lull kept back for the
    exhausted dot still to pick: it is to become exhausted (src 409), so the rest would restore
    nothing; the player may restore another pool or make the pick first (WD-EFFORT-008/009).
    ``recovery``: Recovery dots this rest spends itself, which it may give back."""
    me = person(state, ident)
    for pool in restore:
        own = recovery if pool is Pool.RECOVERY else 0
        if me.effort.held_in(pool) and me.effort.restorable(pool) + own <= 0:
            raise RuleViolation(
                "WD-EFFORT-009",
                f"{me.name}'s spent {pool.value.capitalize()} dot is the one kept back for the exhausted"
                " dot still to choose: a rest cannot bring it back. Choose it first, or restore"
                " another pool.",
                field="restore",
            )


def _within_reach(state: WdState, c: cmd.Rest) -> None:
    """Refuse a rest asked to remove more conditions than its rolls could ever remove, rather than
    shed the first ones named and drop the rest unsaid: at most one a success, up to Guts on a full
    rest, a Recovery dot's extra roll one more, a wound reduced one fewer (WD-COMBAT-032..034). What
    the rest stops without a roll (a full rest's Bleeding, src 814) takes none of them. A reduction
    asked with fewer than two wounds left once the rest's fading ones go is refused here, before the
    roll, rather than only when the roll succeeds (WD-COMBAT-033, src 1004)."""
    me = person(state, c.character)
    if c.reduce and len(me.track.rested().wounds) < 2:
        # asked before the roll, whatever the dice: the rest's fading wounds go first (WD-COMBAT-035)
        raise RuleViolation(
            "WD-COMBAT-033",
            f"Resting reduces a wound only with at least two wounds: {me.name} has "
            f"{len(me.track.rested().wounds)} once the rest's fading wounds go. Rest without 'reduce'.",
            field="reduce",
        )
    free = {x.name.lower() for x in st.rest(me.conditions, c.character, full=c.full).stopped}
    names = {n.strip().lower() for n in c.remove} - free
    guts = state.sheet(c.character).stat(Stat.GUTS)
    most = rest_removals(full=c.full, success=True, guts=guts) + int(c.recovery) - int(c.reduce)
    if len(names) > most:
        kind = f"A full rest (Guts {guts})" if c.full else "A rest"
        extra = " with the Recovery roll" if c.recovery else ""
        less = ", one fewer for the wound it reduces" if c.reduce else ""
        raise RuleViolation(
            "WD-COMBAT-032",
            f"{kind} removes at most {most} condition{'s' if most != 1 else ''}{extra}{less}: "
            f"{len(names)} named. Name {max(most, 0)} or fewer.",
            field="remove",
        )


def _spare_bleeding(b: Builder, ident: str) -> None:
    """Mark a resting character's Bleeding as sparing its next instance (WD-STATUS-001)."""
    me = b.person(ident)
    bleeding = [x for x in me.conditions if x.target == ident and x.name == Status.BLEEDING and not x.spared]
    if bleeding:
        spared = tuple(evolve(x, {"spared": True}) if x is bleeding[0] else x for x in me.conditions)
        b.emit(ev.NpcUpdated(people=(evolve(me, {"conditions": spared}),)))


def _troublesome(me: Combatant, names: Iterable[str]) -> list[str]:
    """The conditions to shrug off with a Recovery dot each while resting: an effect that "proves
    troublesome ... can be shucked off during a rest action mid-encounter by spending the same"
    (seed src 616, WD-EFFORT-005b). Only what a rest could remove: not Scarring-bound, not Stuck."""
    wanted = [n.strip().lower() for n in names]
    left = [x.name.lower() for x in st.rest(me.conditions, me.id, full=False).removable]
    for name in wanted:
        if name not in left:
            raise RuleViolation(
                "WD-EFFORT-005",
                f"{me.name} has no {name.replace('_', ' ')} a rest could shrug off.",
                field="shed",
            )
        left.remove(name)
    return wanted


def _shed(
    after: st.RestOutcome,
    track: Track,
    successes: int,
    *,
    remove: Iterable[str],
    reduce: bool,
    full: bool = False,
    shrugs: int = 0,
) -> tuple[tuple[st.Condition, ...], Track, list[str], list[WoundTier]]:
    """Spend a rest's successes: the most minor wound eased if asked, then simple conditions (those
    named, if any), then a full rest's successes left over on more wound reductions while two wounds
    remain to qualify (WD-COMBAT-032..034; src 1006, "a number of conditions or wound reductions
    equal to one's Guts stat"). ``shrugs`` of the successes are the Recovery roll's, for conditions
    alone (src 394: "another roll to shrug off negative conditions"): spent on conditions first, they
    never ease a wound. Returns the tiers of the wounds eased, in order."""
    conditions = after.conditions
    removed: list[str] = []
    reduced: list[WoundTier] = []
    if reduce and successes > shrugs:
        track, was = track.reduce_most_minor(attached={x.wound for x in conditions if x.wound})
        reduced.append(was.tier)
        successes -= 1
    wanted = [n.strip().lower() for n in remove]
    for cond in after.removable:
        if successes <= 0:
            break
        if (wanted and cond.name.lower() not in wanted) or all(x is not cond for x in conditions):
            continue  # not asked for, or shed already with its twin
        # a status is had or not: two wounds' Bleeding bleed as one (one wound a spend, src 814), so
        # the success that stops it stops both, as "sheds bleeding" says (src 398, 814)
        same = [x for x in after.removable if x.name == cond.name and x.part == cond.part]
        conditions = tuple(x for x in conditions if all(x is not y for y in same))
        removed.append(cond.name)
        successes -= 1
        shrugs = max(shrugs - 1, 0)
    while reduce and full and successes > shrugs:
        try:
            track, was = track.reduce_most_minor(attached={x.wound for x in conditions if x.wound})
        except RuleViolation:
            break  # one wound left, or none free of scarring and ongoing conditions
        reduced.append(was.tier)
        successes -= 1
    return conditions, track, removed, reduced


def rest_bought_up(b: Builder, chance: Chance) -> None:
    """A failed rest roll bought up with a high morale step: 2 + k against the rest TN, and if it
    now succeeds, what a success sheds (WD-MORALE-003 PROPOSED: any of one's own rolls)."""
    again = chance.rest
    assert again is not None
    me = b.person(chance.who)
    roll, morale = set_by_morale(chance.roll, me.morale)
    me = evolve(me, {"morale": morale})
    b.emit(
        ev.MoraleSpent(
            character=chance.who,
            name=me.name,
            check=roll,
            morale=morale,
            what="rest",
            chance_spent=chance.who,
            people=(me,),
        ),
        hidden=me.hidden,  # a hidden NPC's morale is the GM's (WD-NPC-003)
    )
    if not roll.success:
        return
    pain_spared(b, chance.who)
    after = st.rest(me.conditions, chance.who, full=again.full)
    conditions, track, removed, reduced = _shed(
        after,
        me.track,
        again.removals,
        remove=again.remove,
        reduce=again.reduce,
        full=again.full,
        shrugs=again.removals if again.shrugs else 0,
    )
    me = evolve(me, {"conditions": conditions, "track": track})
    fight = b.fight
    if fight is not None and fight.turn is not None and fight.turn.actor == chance.who:
        fight = evolve(fight, {"turn": _rising(fight.turn, removed)})
    emit_rested(
        b,
        ev.Rested(
            character=chance.who,
            name=me.name,
            full=again.full,
            check=roll,
            removed=tuple(removed),
            reduced=reduced[0] if reduced else None,
            eased=tuple(reduced[1:]),
            fight=fight,
            bought_up=True,
            people=(me,),
        ),
    )


def _restore(names: Iterable[str], *, full: bool) -> dict[Pool, int]:
    """Rest: one dot of one pool; full rest: one to each pool or two to one (WD-EFFORT-008)."""
    try:
        pools = [Pool(n.strip().lower()) for n in names]
    except ValueError:
        raise RuleViolation("WD-EFFORT-008", "Restore stamina, focus or recovery.") from None
    out: dict[Pool, int] = {}
    for p in pools:
        out[p] = out.get(p, 0) + 1
    ok = (
        len(pools) <= 1
        if not full
        else (len(pools) <= 3 and all(v == 1 for v in out.values())) or (len(out) == 1 and len(pools) <= 2)
    )
    if not ok:
        raise RuleViolation(
            "WD-EFFORT-008", "A rest restores one dot; a full rest one dot to each pool or two to one pool."
        )
    return out


def end_combat(state: WdState, context: Ctx, c: cmd.EndCombat, dice: DiceService) -> Done:
    """After the fight: encounter-long conditions end (Bleeding leaves a lesser wound), temporary
    wounds go, the unconscious wake; with a lull, spent effort returns but one exhausted dot, and
    shock-drained stat points all come back."""
    if state.fight is None:
        raise RuleViolation("WD-COMBAT-001", "No fight is on.")
    kept, _, bled = st.end_encounter([x for p in state.people.values() for x in p.conditions])
    owed: list[str] = []
    changed: list[Combatant] = []
    for p in state.people.values():
        if not p.in_fight:
            continue
        track = p.track.after_encounter()
        for _ in range(bled.count(p.id)):
            track, _placed = track.place(Wound(tier=WoundTier.LESSER, id=f"w{p.wounds_made + 1}"))
        if track.standing is Standing.UNCONSCIOUS:
            track = track.rouse()
        sheet = state.sheet(p.id)
        effort = p.effort.lapse()  # the first encounter after rest is over, lull or not (WD-EFFORT-014)
        if c.lull and state.spent_since_lull(p.id):
            if not effort.quiet:  # a pick owed for secret spending alone is the effort's (``hushed``)
                owed.append(p.id)
            effort = effort.settle(sheet)
        elif c.lull and not state.owes_pick(p.id):
            effort = effort.end_encounter(sheet, lull=True, exhaust=None)
        # five quiet minutes are turns enough for every shocked-away point to come back (WD-WFX-021)
        drained = _all_back(p) if c.lull and p.drained else {}
        changed.append(
            evolve(
                p,
                {
                    **drained,
                    "track": track,
                    "conditions": tuple(x for x in kept if x.target == p.id),
                    "effort": effort,
                    "in_fight": False,
                    "opened": (),
                    "practised": (),
                    "may_train": p.practised,
                    "focused_shots": 0,
                    "aligned_on": None,
                    "wounds_made": p.wounds_made + bled.count(p.id),
                },
            )
        )
    b = Screened(state, context, dice)  # a morale lift's ledger goes out without the GM's secret cards
    b.emit(
        ev.CombatEnded(
            lull=c.lull,
            fight=None,
            attack=None,
            effects=(),
            # a pick still owed from an earlier situation stays owed beside the fight's (src 411)
            exhaust_owed=(*state.exhaust_owed, *owed),
            bled=tuple(state.people[i].name for i in bled),
            people=tuple(changed),
        )
    )
    for p in changed:  # a mini-progression morale lift runs for encounters (WD-DN-017 option 12)
        wear_lift(b, p.id, lull=c.lull, before=state.people[p.id].effort.lapse())
    # the woken need no rousing: Medical care on them is over; a later fall starts it afresh
    for p in changed:
        care = f"medical:{p.id}"
        if care in state.lengthy and state.people[p.id].track.standing is Standing.UNCONSCIOUS:
            b.emit(ev.CareEnded(character=p.id, name=p.name, lengthy_key=care))
    return b.batch


def _all_back(p: Combatant) -> dict[str, object]:
    """Every drained point returned: no drain left, the temporary loss less what it drained."""
    temporary = dict(p.temporary_loss)
    for loss in p.drained:
        temporary[loss.stat] = max(0, temporary.get(loss.stat, 0) - loss.points)
    return {"drained": (), "temporary_loss": {k: v for k, v in temporary.items() if v}}


def lull(state: WdState, context: Ctx, c: cmd.Lull, dice: DiceService) -> Done:
    """Five quiet minutes after a situation outside a fight (a climb pushed with Stamina, a power
    paid for): as after a fight, who spent effort gets it back but for one exhausted dot of their
    choice (WD-EFFORT-009/010, src 409: "any encounter or situation where effort was expended")."""
    if state.fight is not None:
        raise RuleViolation("WD-EFFORT-009", "A fight is on: its lull comes when it ends (end_combat).")
    # one still owing an earlier situation's pick who spent again owes this one's too (src 411)
    owed = [p for p in state.people.values() if state.spent_since_lull(p.id)]
    if not owed:
        raise RuleViolation("WD-EFFORT-009", "Nobody has spent effort since the last lull.")
    present = [person(state, ident) for ident in dict.fromkeys(c.present)]
    b = Screened(state, context, dice)  # a morale lift's ledger goes out without the GM's secret cards
    # the situation is over: a learning skill opened for it closes (WD-SKILL-009, src 342)
    closed = [p for p in state.people.values() if p.opened and p not in owed]
    # the first encounter after rest is over (WD-EFFORT-014)
    settled = {
        p.id: evolve(p, {"effort": p.effort.lapse().settle(state.sheet(p.id)), "opened": ()}) for p in owed
    }
    # who spent only on checks the GM called in secret owes a pick the other seats are not to know of
    # (src 376): their lull is the GM's and their player's, their pick kept out of ``exhaust_owed``
    for p in owed:
        if p.effort.quiet:
            b.emit(
                ev.QuietAfter(names=(p.name,), exhaust_owed=state.exhaust_owed, people=(settled[p.id],)),
                hidden=True,
                seats=(p.owner,) if p.owner is not None else (),
            )
    seen = [p for p in owed if not p.effort.quiet]
    if seen or closed:
        # a hidden NPC's effort is the GM's: the builder moves its change to a GM-only note
        b.emit(
            ev.QuietAfter(
                names=tuple(p.name for p in seen),
                exhaust_owed=(*state.exhaust_owed, *(p.id for p in seen)),
                people=(*(settled[p.id] for p in seen), *(evolve(p, {"opened": ()}) for p in closed)),
            )
        )
    # the situation was an encounter for a mini-progression morale lift (WD-DN-017), for all who were
    # in it: "your morale baseline rises for [Social] encounters" (src 178), spent or not
    for ident in dict.fromkeys([*(p.id for p in owed), *(p.id for p in present)]):
        wear_lift(b, ident, before=state.people[ident].effort.lapse())
    return b.batch


def exhaust(state: WdState, context: Ctx, c: cmd.Exhaust, dice: DiceService) -> Done:
    """Choose the dot that becomes exhausted; the rest of the spent effort returns (WD-EFFORT-009/010)."""
    me = person(state, c.character)
    if not state.owes_pick(c.character):
        raise RuleViolation("WD-EFFORT-009", f"{me.name} has no exhausted dot to choose.")
    hushed = me.effort.hushed_pick
    # one pick per settled situation: a second owed pick is still to come after this (src 411)
    more = state.exhaust_owed.count(c.character) + me.effort.hushed > 1
    effort = me.effort.pick(state.sheet(c.character), c.pool, more=more)
    me = evolve(me, {"effort": effort})
    if hushed:  # owed for secret spending alone: the GM's and the player's to see (src 376)
        b = Screened(state, context, dice)
        b.emit(
            ev.Exhausted(
                character=c.character,
                name=me.name,
                pool=c.pool,
                exhaust_owed=state.exhaust_owed,
                people=(me,),
            ),
            hidden=True,
            seats=(me.owner,) if me.owner is not None else (),
        )
        return b.batch
    at = state.exhaust_owed.index(c.character)
    owed = (*state.exhaust_owed[:at], *state.exhaust_owed[at + 1 :])
    return [
        Event.of(
            ev.Exhausted(
                character=c.character,
                name=me.name,
                pool=c.pool,
                exhaust_owed=owed,
                changed=patches(state, (me,)),
            ),
            # a hidden NPC's effort is the GM's (WD-NPC-003): so is the dot it keeps exhausted
            audience=Audience.gm_only() if me.hidden else None,
        )
    ]


def open_skill(state: WdState, context: Ctx, c: cmd.OpenSkill, dice: DiceService) -> Done:
    """Spend Focus to use a learning skill for the rest of the encounter (WD-SKILL-009, WD-EFFORT-004c):
    a fight, or a situation outside one (src 342 "until the encounter ends"; src 540 "combat or
    another time-intensive encounter"), whose end is its lull, a night's sleep or the end of the fight
    it runs into (a fight's start is no quiet minutes: the encounter goes on, src 409, 538)."""
    me = person(state, c.character)
    if me.track.standing is not Standing.UP:
        # the unconscious and dying do nothing but try to get back up (src 563)
        raise RuleViolation("WD-COMBAT-002", f"{me.name} is in no state to open a skill.")
    skill = next(
        (s for s in state.sheet(c.character).skills if s.name.lower() == c.skill.strip().lower()), None
    )
    if skill is None or not skill.learning:
        raise RuleViolation("WD-SKILL-009", f"{me.name} is not learning a skill called {c.skill}.")
    if skill.name.lower() in me.opened:
        raise RuleViolation("WD-SKILL-009", f"{me.name} can already use {skill.name} this encounter.")
    b = Builder(state, context, dice)
    spend(b, c.character, Pool.FOCUS, EffortUse.LEARNING_SKILL)
    me = b.person(c.character)
    opened = evolve(me, {"opened": (*me.opened, skill.name.lower())})
    b.emit(
        ev.ActionTaken(
            character=c.character,
            name=me.name,
            # a hidden NPC's sheet is the GM's: the players see a skill opened, not which
            action="opens a skill" if me.hidden else f"opens {skill.name}",
            kind=ActionKind.QUICK.value,
            note="for the rest of the encounter",
            fight=b.fight,
            people=(opened,),
        )
    )
    return b.batch


def treat_burn(state: WdState, context: Ctx, c: cmd.TreatBurn, dice: DiceService) -> Done:
    """A consuming burn on someone whose costume has coverage: one effort dot, from any pool, and it
    is treated as a Moderate Burn effect instead (WD-WFX-026: the coverage feature's way out)."""
    me = person(state, c.character)
    burning = [x for x in me.conditions if x.consuming]
    if not burning:
        raise RuleViolation("WD-WFX-026", f"No consuming burn is on {me.name}.")
    costume = state.sheet(c.character).costume
    if costume is None or not costume.coverage:
        raise RuleViolation("WD-WFX-026", f"{me.name}'s costume has no coverage to smother the burn.")
    if state.attack is not None or state.effects:
        raise RuleViolation("WD-COMBAT-019", "An attack or a wound effect is still waiting for a decision.")
    b = Builder(state, context, dice)
    spend(b, c.character, c.pool, EffortUse.POWER)
    me = b.person(c.character)
    me = evolve(me, {"conditions": tuple(x for x in me.conditions if not x.consuming)})
    b.emit(
        ev.ActionTaken(
            character=c.character,
            name=me.name,
            action="smothers the consuming burn",
            kind=ActionKind.QUICK.value,
            note="treated as a Moderate Burn",
            fight=b.fight,
            people=(me,),
        )
    )
    face = b.dice.roll(1, 6, purpose="effect").faces[0]
    source = burning[0].source
    pending = PendingEffect(
        damage=DamageType.BURN,
        tier=WoundTier.MODERATE,
        target=c.character,
        attacker=source if source in b.state.people else None,
        wound=f"b{me.wounds_made}",
        face=face,
        uncovered=True,
    )
    start_effect(b, pending)
    return b.batch


def burn_choice(state: WdState, context: Ctx, c: cmd.BurnChoice, dice: DiceService) -> Done:
    """The consuming burn's source picks the physical stat that loses a point for good (WD-WFX-026)."""
    target = person(state, c.target)
    picker = state.burns.get(c.target)
    if picker is None:
        raise RuleViolation("WD-WFX-026", f"No burn is consuming {target.name} now.")
    if picker != c.character:
        raise RuleViolation("WD-WFX-026", "That choice belongs to whoever set the fire.")
    if c.stat not in PHYSICAL_STATS:
        raise RuleViolation("WD-WFX-026", "A consuming burn takes Brawn, Athletics, Dexterity or Guts.")
    lasting = {**target.lasting_loss, c.stat: target.lasting_loss.get(c.stat, 0) + 1}
    # a Guts point burnt away for good takes a wound slot with it (WD-STAT-021, WD-STAT-005)
    track = target.track.resized(evolve(state.sheets[c.target], {"lasting_loss": lasting}))
    target = evolve(target, {"lasting_loss": lasting, "track": track})
    burns = {k: v for k, v in state.burns.items() if k != c.target}
    b = Builder(state, context, dice)
    b.emit(ev.Consumed(character=c.target, name=target.name, stat=c.stat, burns=burns, people=(target,)))
    return b.batch
