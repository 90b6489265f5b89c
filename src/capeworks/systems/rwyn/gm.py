"""The GM's tools: calling for checks, declaring enemy moves, answering asks, private notes.

Implements the GM's half of RWYN-GEN-001 (a roll happens only when the
fiction calls for one: the GM calls it, or a player asks and the GM sets the
difficulty), RWYN-GEN-004 (qualities of places, situations and people in play)
and RWYN-GEN-003 (enemies and their moves are the GM's: a move
has a difficulty and a harm, and a player's character rolls against it).
See :mod:`capeworks.systems.rwyn.calls`.
"""

from __future__ import annotations

from capeworks.engine import Audience, DiceService, Event
from capeworks.errors import InvalidCommand, NotFound, NotPermitted, RuleViolation
from capeworks.systems.rwyn import commands as cmd
from capeworks.systems.rwyn.calls import Call
from capeworks.systems.rwyn.characters import make_quality
from capeworks.systems.rwyn.checks import CheckKind
from capeworks.systems.rwyn.events import CallWithdrawn, CheckAsked, CheckCalled, GmNoted, SceneQualityNoted
from capeworks.systems.rwyn.lookups import (
    Ctx,
    Done,
    ability,
    character,
    control,
    players_roll,
    quality_dice,
    set_difficulty,
)
from capeworks.systems.rwyn.pool import check_time
from capeworks.systems.rwyn.state import RwynState
from capeworks.systems.rwyn.stress import require_in_conflict, require_not_out
from capeworks.systems.rwyn.tables import ladder_top

__all__ = ["ask_check", "call_check", "enemy_move", "gm_note", "open_call", "scene_quality", "withdraw_call"]


def open_call(state: RwynState, call_id: int) -> Call:
    """The open call with this number."""
    try:
        return state.calls[call_id]
    except KeyError:
        raise NotFound(f"There is no open call {call_id}.") from None


def call_check(state: RwynState, context: Ctx, c: cmd.CallCheck, dice: DiceService) -> Done:
    """GM: call for a check, or set the difficulty of a player's ask."""
    asked = open_call(state, c.ask) if c.ask is not None else None
    if asked is not None and not asked.asked:
        raise RuleViolation("RWYN-GEN-001", f"Call {asked.id} already has its difficulty.")
    if asked is not None and c.character is not None and character(state, c.character).id != asked.character:
        # the answer to an ask is for the character who asked: another named beside it took the ask over
        # (its task, its number) and the player's ask was gone, with nobody told
        mine = character(state, asked.character).name
        raise InvalidCommand(
            f"Call {asked.id} is {mine}'s ask: answer it for {mine} (drop character=), "
            "or withdraw it and call the other character's check."
        )
    character_id = c.character or (asked.character if asked else None)
    ability_name = c.ability or (asked.ability if asked else None)
    if character_id is None or ability_name is None:
        raise InvalidCommand("Say which character rolls, and with which ability.")
    who = character(state, character_id)
    players_roll(context, who)
    require_not_out(who)
    set_difficulty(context.config, context, c.difficulty)
    bonus, drawback = quality_dice(context, who, c.benefit.strip(), c.drawback.strip(), state.scene_qualities)
    rolled = ability(context.config, ability_name)
    # time left out keeps the ask's; 0 says no time, so the GM may call the ask without it
    time = c.time if c.time is not None else (asked.time if asked else 0)
    check_time(time, who.rating(rolled), context.config)
    call = Call(
        id=asked.id if asked else state.next_id,
        character=who.id,
        owner=who.owner,
        kind=CheckKind.TASK,
        ability=rolled,
        difficulty=c.difficulty,
        task=c.task if c.task is not None else (asked.task if asked else ""),
        time=time,
        benefit=c.benefit.strip() if bonus else "",
        drawback=c.drawback.strip() if drawback else "",
        bonus_dice=bonus,
        drawback_dice=drawback,
        ladder_top=ladder_top(context.config.difficulty_max),
    )
    return [Event.of(CheckCalled(call=call, name=who.name))]


def enemy_move(state: RwynState, context: Ctx, c: cmd.EnemyMove, dice: DiceService) -> Done:
    """GM: an enemy's move against a character, who defends by rolling (RWYN-GEN-003)."""
    who = character(state, c.character)
    players_roll(context, who)
    require_not_out(who)
    set_difficulty(context.config, context, c.difficulty)
    call = Call(
        id=state.next_id,
        character=who.id,
        owner=who.owner,
        kind=CheckKind.DEFENCE,
        ability=ability(context.config, c.ability),
        difficulty=c.difficulty,
        task=c.move,
        harm=context.config.default_harm if c.harm is None else c.harm,
        track=c.track,
        ladder_top=ladder_top(context.config.difficulty_max),
    )
    return [Event.of(CheckCalled(call=call, name=who.name))]


def ask_check(state: RwynState, context: Ctx, c: cmd.AskCheck, dice: DiceService) -> Done:
    """A player asks to try something; the GM answers with a difficulty (RWYN-GEN-001)."""
    who = character(state, c.character)
    control(context, who)
    players_roll(context, who)
    require_in_conflict(who)
    rolled = ability(context.config, c.ability)
    check_time(c.time, who.rating(rolled), context.config)
    call = Call(
        id=state.next_id,
        character=who.id,
        owner=who.owner,
        ability=rolled,
        task=c.task,
        time=c.time,
    )
    b = context.batch(state)
    b.emit(CheckAsked(call=call, name=who.name))
    return b


def gm_note(state: RwynState, context: Ctx, c: cmd.GmNote, dice: DiceService) -> Done:
    """GM: a private note; players never see it."""
    return [Event.of(GmNoted(text=c.text), audience=Audience.gm_only())]


#: how many scene qualities may be in play at once: a long list stops being read
MAX_SCENE_QUALITIES = 40


def scene_quality(state: RwynState, context: Ctx, c: cmd.SceneQuality, dice: DiceService) -> Done:
    """GM: places, situations and characters all carry qualities with a good and a bad side
    (RWYN-GEN-004), noted like a character's (RWYN-TRAIT-001) and shown to everyone until dropped,
    for players to invoke or the GM to impose in the fiction (RWYN-CRIT-002)."""
    subject = " ".join(c.subject.split())
    known = next((k for k in state.scene_qualities if k.casefold() == subject.casefold()), None)
    if c.drop:
        if known is None:
            raise NotFound(f"No quality of {subject!r} is in play.")
        return [Event.of(SceneQualityNoted(subject=known))]
    if not subject:
        raise InvalidCommand("Name the place, situation or person the quality belongs to.")
    if known is None and len(state.scene_qualities) >= MAX_SCENE_QUALITIES:
        raise RuleViolation(
            "RWYN-GEN-004", f"{MAX_SCENE_QUALITIES} qualities are in play already: drop one first."
        )
    quality = make_quality(c.benefit, c.drawback)
    return [Event.of(SceneQualityNoted(subject=known or subject, quality=quality))]


def withdraw_call(state: RwynState, context: Ctx, c: cmd.WithdrawCall, dice: DiceService) -> Done:
    """The GM takes back an open call or a player's ask; a player, their own ask while it still waits for
    its difficulty (RWYN-GEN-001: the ask is theirs until the GM answers it). Nobody waits on it any more."""
    call = open_call(state, c.call)
    if not context.is_gm:
        name = character(state, call.character).name
        if not call.asked:
            raise NotPermitted(
                f"Call {call.id} is the GM's call for {name}: only the GM can withdraw it "
                f"(ask the GM, or roll it)."
            )
        if call.owner != context.actor.id:
            raise NotPermitted(
                f"Call {call.id} is {name}'s ask, from another seat: "
                "only its player or the GM can take it back."
            )
    return [Event.of(CallWithdrawn(call=call, name=character(state, call.character).name, why=c.why))]
