"""Sequences and Shots: starting a Sequence, passing the turn, and spending Shots on Initiative,
extra Actions and interrupts (WS-SEQ, WS-SHOT).
"""

from __future__ import annotations

from collections.abc import Callable

from capeworks.engine import Batch, DiceService
from capeworks.engine.kit import TurnOrder, TurnPoint, expire, rank
from capeworks.errors import RuleViolation
from capeworks.systems.workshop import alt
from capeworks.systems.workshop import commands as cmd
from capeworks.systems.workshop import events as ev
from capeworks.systems.workshop.cards import FULL_DECK, TABLE_DECK, effect_of
from capeworks.systems.workshop.common import (
    Ctx,
    char,
    held_down,
    initiative_keys,
    sleepers_due,
    speed_bump,
    spend_shots,
    tie_keys,
    woken,
)
from capeworks.systems.workshop.config import InitiativeSystem
from capeworks.systems.workshop.mooks import require_no_offer
from capeworks.systems.workshop.sheet import Combatant, Standing
from capeworks.systems.workshop.state import WorkshopState
from capeworks.systems.workshop.turn import Bid, Turn

__all__ = [
    "counter",
    "end_turn",
    "extra_action",
    "interrupt",
    "raise_initiative",
    "start_sequence",
    "start_sequence_command",
]


def _last(ctx: Ctx, c: Combatant) -> bool:
    """WS-MOOK-005: speed-bump mooks act last in the Sequence."""
    return speed_bump(ctx.config, c)


def ordered(ctx: Ctx, chars: list[Combatant], initiative: dict[str, int]) -> tuple[str, ...]:
    """Acting order: descending Initiative with the tie-breaks; speed-bump mooks after everyone."""
    first = rank((c.id, initiative_keys(c, initiative[c.id])) for c in chars if not _last(ctx, c))
    last = rank((c.id, initiative_keys(c, initiative[c.id])) for c in chars if _last(ctx, c))
    return first + last


def start_sequence(batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService) -> None:
    """A new Sequence, and the first turn of it begins."""
    _begin_sequence(batch, ctx, dice)
    _turn_start(batch)


def _begin_sequence(batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService) -> None:
    """A new Sequence: clocks, Initiative = Shots in the pool (WS-SEQ-002), the order, the cards."""
    state = batch.state
    clock = state.clock + 1 if state.turn.sequence else state.clock
    changed: list[Combatant] = []
    woke: list[str] = []
    died: list[str] = []
    for c in state.characters.values():
        new = c.model_copy(update={"rolled": False, "rested": False, "busy": False, "defended": False})
        if c.standing is Standing.DOWN and c.wake_at is not None and c.wake_at <= clock and not held_down(c):
            new = woken(new)  # WS-DMG-007 / WS-SHOCK-002: the time is up
        new = sleepers_due(new, clock, ctx.config.wake_after_sequences)  # a group's unconscious mooks too
        dying = c.standing is Standing.DYING and not c.stabilised and c.dying_at is not None
        if dying and clock - (c.dying_at or 0) >= ctx.config.dying_sequences:  # WS-DARK-002: an hour
            new = new.model_copy(update={"standing": Standing.DEAD})
        if new != c:
            changed.append(new)
        if new.standing is not c.standing:
            (woke if new.standing is Standing.UP else died).append(c.id)
    chars = {**state.characters, **{c.id: c for c in changed}}
    up = [c for c in chars.values() if c.can_act]
    initiative = {c.id: c.shots for c in up}
    order = _order(ctx, up, initiative, state.turn.order.order if state.turn.sequence else ())
    turn = Turn(sequence=state.turn.sequence + 1, order=order, initiative=initiative)
    batch.emit(
        ev.SequenceStarted(
            sequence=turn.sequence,
            turn=turn,
            characters=tuple(changed),
            clock=clock,
            woke=tuple(woke),
            died=tuple(died),
        )
    )
    if ctx.config.card_draw:
        for faction in sorted({c.faction for c in chars.values()}):
            _draw(batch, ctx, dice, faction)


def _order(
    ctx: Ctx, up: list[Combatant], initiative: dict[str, int], stack: tuple[str, ...] = ()
) -> TurnOrder:
    """The Sequence's acting order. Under the card initiative (WS-ALT-001) the stack with its padding
    cards is dealt once: a later Sequence keeps ``stack`` as it stands, anyone able to act without a card
    joining at the rear, where every card goes (src 379)."""
    order = ordered(ctx, up, initiative)
    if ctx.config.initiative is InitiativeSystem.CARDS:
        if stack:
            return TurnOrder(order=(*stack, *(i for i in order if i not in stack)))
        order = alt.stack(order, list(ctx.config.padding))
    return TurnOrder(order=order)


def _with_risen(ctx: Ctx, state: WorkshopState, turn: Turn, risen: list[Combatant]) -> Turn:
    """Those a Joker got up as the Sequence began take their places by Initiative (their Shot pools,
    src 12), as nobody has acted yet: "unable to act" lasts only while the Shock does (src 54, 87)."""
    if not risen or turn.acted or turn.order.index:
        return turn
    chars = {**state.characters, **{c.id: c for c in risen}}
    up = [c for c in chars.values() if c.can_act]
    initiative = {**turn.initiative, **{c.id: c.shots for c in risen}}
    stack = turn.order.order if turn.sequence > 1 else ()
    return turn.model_copy(update={"order": _order(ctx, up, initiative, stack), "initiative": initiative})


def _draw(batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService, faction: str) -> None:
    """WS-CARD-001: draw one card for ``faction`` from the table's one deck (a fresh 54 when empty).

    "Every Sequence draw a card for each Faction from a normal Deck" (src 85): one deck, dealt a card
    per Faction, so two Factions never hold the same card. (Tables before kept a deck per Faction, under
    the Faction's name; their draws stay in their logs as drawn.)"""
    state = batch.state
    deck = state.decks.get(TABLE_DECK) or FULL_DECK
    roll = dice.roll(1, len(deck), purpose=f"card for {faction}")
    i = roll.faces[0] - 1
    card = deck[i]
    decks = {**state.decks, TABLE_DECK: deck[:i] + deck[i + 1 :]}
    effect = effect_of(card)
    members = [c for c in state.characters.values() if c.faction == faction]
    changed: list[Combatant] = []
    for c in members:
        new = c
        if effect.inspired:
            new = new.with_status("inspired_all" if effect.all_inspired else "inspired")
        if effect.joker:  # WS-CARD-004: Shock regained, Wounds bandaged
            if _down_from_shock(new):  # nothing keeps them down once the Shock is gone (src 54, 87)
                new = woken(new)
            new = new.bandaged_now().model_copy(update={"shock": 0})
        if new != c:
            changed.append(new)
    risen = [c for c in changed if c.can_act and not state.characters[c.id].can_act]
    turn = _with_risen(
        ctx, state, state.turn.model_copy(update={"cards": {**state.turn.cards, faction: card}}), risen
    )
    batch.emit(
        ev.CardDrawn(faction=faction, card=card, decks=decks, turn=turn, characters=tuple(changed)),
        rolls=(roll,),
    )


def _down_from_shock(c: Combatant) -> bool:
    """Down only because its Shock reached Health (WS-DMG-004), not a failed Shock roll (WS-SHOCK-001),
    a Broken hit (WS-STATUS-003), Wounds at Toughness (WS-DMG-005) or a card pushed past first place
    (WS-ALT-002)."""
    return (
        c.named
        and c.standing is Standing.DOWN
        and c.shock >= c.health
        and c.revive_difficulty is None
        and not held_down(c)
    )


def _turn_start(batch: Batch[WorkshopState]) -> None:
    """Effects that last "until your next action" end as the next Initiative comes up."""
    state = batch.state
    who = state.turn.current
    if not who:
        return
    kept, ended = expire(state.effects, TurnPoint.TURN_START, holder=who, round_=state.turn.sequence)
    if ended:
        batch.emit(ev.TurnEnded(who="", turn=state.turn, effects=tuple(kept), ended=tuple(ended)))


def _can_act(state: WorkshopState) -> Callable[[str], bool]:
    return lambda cid: state.characters[cid].can_act


def pass_turn(batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService, who: str) -> None:
    """The current turn ends: the next Initiative, or the Sequence's end and the next one."""
    state = batch.state
    turn = state.turn
    if ctx.config.initiative is InitiativeSystem.CARDS:
        _pass_card(batch, ctx, dice, who)
        return
    order, points = turn.order.advance(can_act=_can_act(state))
    changed = []
    c = state.characters[who]
    if _action_lost(turn, c):
        changed.append(c.without("loses_action"))
    acted = _with(turn.acted, who)
    if TurnPoint.ROUND_END in points or not order.current or not state.characters[order.current].can_act:
        batch.emit(
            ev.TurnEnded(who=who, turn=turn.model_copy(update={"acted": acted}), characters=tuple(changed))
        )
        end_sequence(batch, ctx)
        start_sequence(batch, ctx, dice)
        return
    new = turn.model_copy(
        update={"order": order, "acted": acted, "action_used": False, "move_used": False, "extra": ""}
    )
    batch.emit(ev.TurnEnded(who=who, turn=new, characters=tuple(changed)))
    _turn_start(batch)


def _action_lost(turn: Turn, c: Combatant) -> bool:
    """WS-MOOK-001: the glass-jaw mook that dodged "also lose[s] their next Action" (src 158): the turn
    ending without its Action used is the one that lost it; one that dodged after using this turn's
    Action (on its Move into aggressive fire, say) loses the next turn's."""
    return c.has("loses_action") and not turn.action_used


def _pass_card(batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService, who: str) -> None:
    """WS-ALT-001/004/005: the actor's card to the rear (up for snapshots); padding reached is removed.

    Time still passes in Sequences (src 8): one is over once the card of everyone able to act has come up
    in it, and the next begins with the stack as it stands (rest, the Shot regained, the clocks of
    sleepers and the dying, the card draw: src 16, 58, 60, 85, 120, 150)."""
    state = batch.state
    turn = state.turn
    mover = state.characters[who].can_act  # one out of action goes to the rear (WS-ALT-002)
    order = alt.rotated(turn.order.order, who, turn.snap, turn.pushed if mover else 0)
    base = turn.model_copy(
        update={"action_used": False, "move_used": False, "extra": "", "snap": 0, "pushed": 0,
                "acted": _with(turn.acted, who)}
    )  # fmt: skip
    c = state.characters[who]
    changed = [c.without("loses_action")] if _action_lost(turn, c) else []
    batch.emit(ev.TurnEnded(who=who, turn=base.model_copy(update={"order": TurnOrder(order=order)}),
                            characters=tuple(changed)))  # fmt: skip
    for _ in range(2 * len(order)):
        _next_sequence_if_all_came_up(batch, ctx, dice)
        order = batch.state.turn.order.order
        first = order[0]
        if alt.is_pad(first):
            rest = order[1:]
            to = next((i for i in rest if not alt.is_pad(i) and batch.state.characters[i].can_act), "")
            kind = alt.pad_kind(first)
            target = batch.state.characters.get(to)
            gift = None
            if target is not None and kind in ("d10", "knockdown"):
                gift = target.with_status("inspired" if kind == "d10" else "knocked_down")
            new_turn = batch.state.turn.model_copy(update={"order": TurnOrder(order=rest)})
            batch.emit(ev.PaddingReached(card=first, kind=kind, given_to=to, turn=new_turn, character=gift))
        elif not batch.state.characters[first].can_act:
            new_turn = batch.state.turn.model_copy(update={"order": TurnOrder(order=(*order[1:], first))})
            batch.emit(ev.TurnEnded(who=first, turn=new_turn, passed=True))
        else:
            break
    _next_sequence_if_all_came_up(batch, ctx, dice)
    _turn_start(batch)


def _with(acted: tuple[str, ...], who: str) -> tuple[str, ...]:
    """Those who have had their turn this Sequence, ``who`` among them."""
    return acted if who in acted else (*acted, who)


def _next_sequence_if_all_came_up(batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService) -> None:
    """Card initiative: the card of everyone able to act has come up this Sequence, so it ends and the
    next begins (before a padding card reached now gives its gift, which is the next Sequence's)."""
    state = batch.state
    able = [i for i in state.turn.order.order if not alt.is_pad(i) and state.characters[i].can_act]
    if able and all(i in state.turn.acted for i in able):
        end_sequence(batch, ctx)
        _begin_sequence(batch, ctx, dice)


def end_sequence(batch: Batch[WorkshopState], ctx: Ctx) -> None:
    """WS-DMG-006 resting regains 1 Shock (not after an Active Defense: "nothing but rest", src 58);
    WS-SHOT-002 a roll-less Sequence (rollless Actions, rest or a passed turn) regains 1 Shot."""
    state = batch.state
    changed: list[Combatant] = []
    recovered: list[ev.Recovery] = []
    for c in state.characters.values():
        new = c.without("inspired", "inspired_all")
        if c.can_act and c.rested and not (c.busy or c.rolled or c.defended) and c.shock > 0:
            new = new.model_copy(update={"shock": c.shock - 1})
            recovered.append(ev.Recovery(who=c.id, track="shock", before=c.shock, after=c.shock - 1))
        # src 16: "only using Actions that don't require a roll": a turn passed with no Action uses no roll
        # either, so it regains the Shot as a reload or a talk does (referee pass 9)
        if c.can_act and not c.rolled and c.shots < c.shot_count:
            new = new.model_copy(update={"shots": c.shots + 1})
            recovered.append(ev.Recovery(who=c.id, track="shots", before=c.shots, after=c.shots + 1))
        if new != c:
            changed.append(new)
    batch.emit(
        ev.SequenceEnded(sequence=state.turn.sequence, characters=tuple(changed), recovered=tuple(recovered))
    )


# -- handlers ----------------------------------------------------------------------------------


def start_sequence_command(
    state: WorkshopState, ctx: Ctx, command: cmd.StartSequence, dice: DiceService
) -> Batch[WorkshopState]:
    """GM: the fight's first Sequence."""
    if state.turn.sequence:
        raise RuleViolation(
            "WS-SEQ-001", "The fight is under way: Sequences follow each other by themselves."
        )
    if not any(c.can_act for c in state.characters.values()):
        raise RuleViolation("WS-SEQ-002", "Nobody can fight yet: add combatants first.")
    batch = ctx.batch(state)
    start_sequence(batch, ctx, dice)
    return batch


def end_turn(state: WorkshopState, ctx: Ctx, command: cmd.EndTurn, dice: DiceService) -> Batch[WorkshopState]:
    """End the turn (or give up the out-of-sequence Action bought and not yet taken: one taken is over
    as it is used, ``use_action``)."""
    c = char(state, command.character)
    if state.turn.extra == c.id:
        batch = ctx.batch(state)
        batch.emit(ev.TurnEnded(who=c.id, turn=state.turn.model_copy(update={"extra": ""}), abandoned=True))
        return batch
    if state.turn.current != c.id:
        raise RuleViolation("WS-SEQ-003", f"It is not {c.name}'s turn to end.")
    if state.turn.extra:
        raise RuleViolation(
            "WS-SHOT-004", f"{char(state, state.turn.extra).name} is acting out of Sequence now."
        )
    if state.pending is not None or state.bid is not None:
        raise RuleViolation("WS-SHOT-003", "Answer the open attack or interrupt first.")
    require_no_offer(state)
    batch = ctx.batch(state)
    pass_turn(batch, ctx, dice, c.id)
    return batch


def raise_initiative(
    state: WorkshopState, ctx: Ctx, command: cmd.RaiseInitiative, dice: DiceService
) -> Batch[WorkshopState]:
    """WS-SHOT-003: +5 Initiative per Shot, this Sequence; those still to act are re-ranked."""
    c = char(state, command.character)
    turn = state.turn
    if not turn.sequence:
        raise RuleViolation("WS-SEQ-002", "Initiative is set when the first Sequence starts.")
    _require_shot_initiative(ctx)
    if not c.can_act:  # the offers hold them back already (WS-DMG-004, WS-DMG-005)
        raise RuleViolation("WS-DMG-004", f"{c.name} is {c.standing.value} and cannot act.")
    if c.id in turn.acted or c.id == turn.current or c.id not in turn.order.order:
        raise RuleViolation("WS-SHOT-003", f"{c.name} has no Initiative still to come this Sequence.")
    _require_not_last(ctx, c)
    after = spend_shots(state, c, command.shots, "WS-SHOT-003", f"raising Initiative by {5 * command.shots}")
    initiative = {**turn.initiative, c.id: turn.initiative[c.id] + 5 * command.shots}
    new_turn = turn.model_copy(update={"initiative": initiative, "order": _reranked(state, ctx, initiative)})
    batch = ctx.batch(state)
    batch.emit(
        ev.InitiativeRaised(character=after, shots=command.shots, initiative=initiative[c.id], turn=new_turn)
    )
    return batch


def _require_shot_initiative(ctx: Ctx) -> None:
    """WS-ALT-001: under card initiative the stack alone orders the acting; Shots buy no place in it."""
    if ctx.config.initiative is InitiativeSystem.CARDS:
        raise RuleViolation(
            "WS-ALT-001",
            "Card initiative has no Initiative count: the stack alone decides who acts.",
        )


def _require_not_last(ctx: Ctx, c: Combatant) -> None:
    """WS-MOOK-005: speed-bump mooks act last in the Sequence, so Shots buy them no earlier turn."""
    if _last(ctx, c):
        raise RuleViolation(
            "WS-MOOK-005",
            f"{c.name} are speed-bump mooks: they act last in the Sequence, whatever they spend.",
        )


def _reranked(state: WorkshopState, ctx: Ctx, initiative: dict[str, int]) -> TurnOrder:
    """The order with everyone after the current actor re-ranked by Initiative, ties broken as the
    Sequence's first order breaks them (WS-SEQ-002: Shot Count, Agility, then the order added), not by
    the places they held before one raised an Initiative to theirs."""
    order = state.turn.order
    done = order.order[: order.index + 1]
    later = set(order.order[order.index + 1 :])
    rest = [c for c in state.characters.values() if c.id in later]
    return order.model_copy(update={"order": done + ordered(ctx, rest, initiative)})


def extra_action(
    state: WorkshopState, ctx: Ctx, command: cmd.ExtraAction, dice: DiceService
) -> Batch[WorkshopState]:
    """WS-SHOT-004: 3 Shots for an Action out of Sequence, once your own Initiative has come up."""
    c = char(state, command.character)
    turn = state.turn
    _require_shot_initiative(ctx)
    if not turn.sequence or not c.can_act:
        raise RuleViolation("WS-SHOT-004", f"{c.name} cannot act out of Sequence now.")
    if c.id not in turn.acted:
        raise RuleViolation(
            "WS-SHOT-004", "An Action out of Sequence comes after your normal Initiative this Sequence."
        )
    if turn.extra:
        raise RuleViolation("WS-SHOT-004", f"{char(state, turn.extra).name} is acting out of Sequence now.")
    if state.pending is not None:
        raise RuleViolation("WS-SHOT-004", "An attack is waiting for its defenders' answers.")
    if state.bid is not None:
        raise RuleViolation("WS-SHOT-004", "An interrupt is waiting for its answer.")
    if c.has("loses_action"):  # WS-MOOK-001: the bought Action would be the next one, the one lost
        loses = "lose their" if c.group else "loses its"
        raise RuleViolation("WS-MOOK-001", f"{c.name} made an Active Dodge and {loses} next Action.")
    require_no_offer(state)
    after = spend_shots(state, c, 3, "WS-SHOT-004", "an Action out of Sequence")
    kept = tuple(e for e in state.effects if not (e.name == "active_defense" and e.target == c.id))
    batch = ctx.batch(state)
    batch.emit(
        ev.ExtraActionTaken(
            character=after,
            turn=turn.model_copy(update={"extra": c.id}),
            effects=kept if kept != state.effects else None,
        )
    )
    return batch


def interrupt(
    state: WorkshopState, ctx: Ctx, command: cmd.Interrupt, dice: DiceService
) -> Batch[WorkshopState]:
    """WS-SHOT-005: bid Shots to act before the current actor; they may counter-bid."""
    c = char(state, command.character)
    turn = state.turn
    cur = turn.current
    _require_shot_initiative(ctx)
    if not c.can_act:
        raise RuleViolation("WS-DMG-004", f"{c.name} is {c.standing.value} and cannot act.")
    if not turn.sequence or not cur or cur == c.id or c.id in turn.acted or c.id not in turn.order.order:
        raise RuleViolation("WS-SHOT-005", f"{c.name} has no Initiative to raise against the one acting now.")
    if state.bid is not None:  # one bid and its counter at a time (PROPOSED WS-SHOT-005)
        raise RuleViolation(
            "WS-SHOT-005", f"{char(state, state.bid.interrupter).name}'s interrupt is waiting for its answer."
        )
    if turn.action_used or turn.move_used:
        raise RuleViolation(
            "WS-SHOT-005", "Interrupt before the acting combatant has done anything this turn."
        )
    if state.pending is not None:
        raise RuleViolation("WS-SHOT-005", "An attack is waiting for its defenders' answers.")
    if turn.extra:
        raise RuleViolation("WS-SHOT-004", f"{char(state, turn.extra).name} is acting out of Sequence now.")
    _require_not_last(ctx, c)
    after = spend_shots(state, c, command.shots, "WS-SHOT-005", "that interrupt")
    init = turn.initiative[c.id] + 5 * command.shots
    batch = ctx.batch(state)
    batch.emit(
        ev.InterruptBid(
            character=after, shots=command.shots, bid=Bid(interrupter=c.id, against=cur, initiative=init)
        )
    )
    return batch


def counter(state: WorkshopState, ctx: Ctx, command: cmd.Counter, dice: DiceService) -> Batch[WorkshopState]:
    """WS-SHOT-005 (PROPOSED: one counter-bid): the higher Initiative acts first; both lose what they bid.

    One who fell "unable to act" (src 54: a GM's fall, say) while the bid waited spends no Shots to act
    quicker, and an interrupter so fallen acts no sooner: the one acting keeps the turn."""
    bid = state.bid
    if bid is None or command.character != bid.against:
        raise RuleViolation("WS-SHOT-005", "There is no interrupt for that combatant to answer.")
    c = char(state, command.character)
    if command.shots and not c.can_act:
        raise RuleViolation("WS-DMG-004", f"{c.name} is {c.standing.value} and cannot spend Shots to act.")
    after = spend_shots(state, c, command.shots, "WS-SHOT-005", "that counter-bid") if command.shots else c
    turn = state.turn
    mine = turn.initiative[c.id] + 5 * command.shots
    theirs = state.characters[bid.interrupter]
    initiative = {**turn.initiative, c.id: mine, bid.interrupter: bid.initiative}
    keeps = not theirs.can_act or tie_keys(state, c, mine) > tie_keys(state, theirs, bid.initiative)
    order = turn.order
    if keeps:
        new_order = _reranked(state, ctx, initiative)
    else:
        rest = [i for i in order.order if i != bid.interrupter]
        at = rest.index(c.id)
        new_order = order.model_copy(update={"order": (*rest[:at], bid.interrupter, *rest[at:]), "index": at})
    new_turn = turn.model_copy(update={"order": new_order, "initiative": initiative})
    batch = ctx.batch(state)
    winner = c.id if keeps else bid.interrupter
    batch.emit(ev.BidResolved(winner=winner, shots=command.shots, character=after, turn=new_turn, bid=None))
    if not keeps:  # the interrupter's Initiative comes up now: what lasted "until its next action" ends
        _turn_start(batch)
    return batch
